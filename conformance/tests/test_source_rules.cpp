// num.ieee and num.no-contraction, checked on the source itself: the
// reference may not call a library function whose last bit varies between C
// libraries, and the build must forbid contraction. (A review rule made a
// test, so a slip fails CI instead of surfacing later as a hash mismatch
// on some other platform.)
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

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

TEST(SourceRules, BuildForbidsContractionAndFastMath) {
  CLAUSE("num.no-contraction num.eval-method");
  std::string build = Read(fs::path(ONEPATH_SOURCE_DIR) / "meson.build");
  EXPECT_NE(build.find("-ffp-contract=off"), std::string::npos);
  EXPECT_EQ(build.find("-ffast-math"), std::string::npos);
  EXPECT_EQ(build.find("-Ofast"), std::string::npos);
}
