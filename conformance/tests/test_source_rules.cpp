// num.ieee and num.no-contraction, checked on the source itself: the
// reference may not call a library function whose last bit varies between C
// libraries, and the build must forbid contraction. (A review rule made a
// test, so a slip fails CI instead of surfacing later as a hash mismatch
// on some other platform.) The build's flags are checked on the compile
// commands it really runs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "conformance/tests/clause.hpp"

namespace fs = std::filesystem;

namespace {

std::string Read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Lines without // comments, so a comment may name what it avoids.
std::string WithoutComments(const std::string& text) {
  std::string out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    std::size_t c = line.find("//");
    out += (c == std::string::npos ? line : line.substr(0, c)) + "\n";
  }
  return out;
}

// A command line split into words as a POSIX shell does for the quoting
// ninja's compile database uses: '...' literal, "..." with backslash
// escapes, a backslash outside quotes escapes the next character.
std::vector<std::string> ShellWords(const std::string& line) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\'') {
      std::size_t close = line.find('\'', i + 1);
      if (close == std::string::npos) close = line.size();
      word += line.substr(i + 1, close - i - 1);
      i = close;
    } else if (c == '"') {
      for (++i; i < line.size() && line[i] != '"'; ++i) {
        if (line[i] == '\\' && i + 1 < line.size()) ++i;
        word += line[i];
      }
    } else if (c == '\\' && i + 1 < line.size()) {
      word += line[++i];
    } else {
      word += c;
    }
  }
  if (in_word) words.push_back(word);
  return words;
}

}  // namespace

TEST(SourceRules, NoTranscendentalLibraryCallsInSrc) {
  CLAUSE("num.ieee");
  const std::regex banned(
      R"(\b(sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|exp|exp2|expm1|log|log2|log10|log1p|pow|cbrt|hypot|fma|fmaf|sinf|cosf|powf|expf|logf)\s*\()");
  fs::path src = fs::path(ONEPATH_SOURCE_DIR) / "src";
  int files = 0;
  for (const auto& e : fs::recursive_directory_iterator(src)) {
    if (!e.is_regular_file()) continue;
    std::string ext = e.path().extension().string();
    if (ext != ".cpp" && ext != ".hpp") continue;
    ++files;
    std::string code = WithoutComments(Read(e.path()));
    std::smatch m;
    EXPECT_FALSE(std::regex_search(code, m, banned))
        << e.path() << " calls " << m.str() << ": not allowed on a result path (num.ieee)";
  }
  EXPECT_GT(files, 5);
}

// The compile commands the build really runs (its compile_commands.json,
// in the build directory meson names in ONEPATH_BUILD_DIR): every compile
// of a src/ file keeps contraction off (the last -ffp-contract= wins, and
// must say off) and has no fast-math flag, whatever CXXFLAGS, cpp_args or a
// target added. Every .cpp of src/ must be compiled at least once.
TEST(SourceRules, CompileCommandsForbidContractionAndFastMath) {
  CLAUSE("num.no-contraction num.eval-method");
  const char* build_dir = std::getenv("ONEPATH_BUILD_DIR");
  ASSERT_NE(build_dir, nullptr) << "set ONEPATH_BUILD_DIR to the meson build directory (meson "
                                   "test does)";
  const fs::path commands_file = fs::path(build_dir) / "compile_commands.json";
  std::ifstream in(commands_file);
  ASSERT_TRUE(in) << "cannot read " << commands_file;
  const nlohmann::json commands = nlohmann::json::parse(in);
  const fs::path src = fs::weakly_canonical(fs::path(ONEPATH_SOURCE_DIR) / "src");
  const std::set<std::string> forbidden = {"-ffast-math",
                                           "-Ofast",
                                           "-funsafe-math-optimizations",
                                           "-fassociative-math",
                                           "-freciprocal-math",
                                           "-ffinite-math-only",
                                           "-fno-signed-zeros"};
  std::set<std::string> compiled;
  for (const nlohmann::json& entry : commands) {
    fs::path file = fs::path(entry.at("file").get<std::string>());
    if (file.is_relative()) file = fs::path(entry.at("directory").get<std::string>()) / file;
    file = fs::weakly_canonical(file);
    auto [end, ignored] = std::mismatch(src.begin(), src.end(), file.begin(), file.end());
    if (end != src.end()) continue;
    compiled.insert(file.string());
    std::vector<std::string> args = ShellWords(entry.at("command").get<std::string>());
    std::string contract;
    for (const std::string& a : args) {
      if (a.rfind("-ffp-contract=", 0) == 0) contract = a;
      EXPECT_EQ(forbidden.count(a), 0u) << file << " is compiled with " << a;
    }
    EXPECT_EQ(contract, "-ffp-contract=off") << file << " is compiled without -ffp-contract=off";
  }
  for (const auto& e : fs::recursive_directory_iterator(src))
    if (e.path().extension() == ".cpp")
      EXPECT_EQ(compiled.count(fs::weakly_canonical(e.path()).string()), 1u)
          << e.path() << " has no compile command in " << commands_file;
  EXPECT_GT(compiled.size(), 10u);
}
