#include "conformance/runner/clauses.hpp"

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

namespace onepath::conformance {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> SplitIds(const std::string& ids) {
  std::istringstream in(ids);
  std::vector<std::string> out;
  for (std::string id; in >> id;) out.push_back(id);
  return out;
}

std::string Trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

std::string ReadFile(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

std::vector<Clause> LoadClauses(const fs::path& spec_dir) {
  static const std::regex heading(
      R"(^#{2,5}\s+`?([a-z][a-z0-9-]*(?:\.[a-z0-9-]+)+)`?\s+(?:—|--|-)\s+(.*)$)");
  static const std::regex any_heading(R"(^#{1,6}\s.*$)");
  static const std::string not_observable = "**Not observable by a port:**";
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(spec_dir))
    if (e.path().extension() == ".md") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<Clause> out;
  for (const fs::path& f : files) {
    std::ifstream in(f);
    Clause* current = nullptr;  // the clause whose text this is (out.back())
    bool reason = false;        // in its not-observable paragraph
    for (std::string line; std::getline(in, line);) {
      std::smatch m;
      if (std::regex_match(line, m, heading)) {
        out.push_back({m[1].str(), m[2].str(), f.filename().string()});
        current = &out.back();
        reason = false;
      } else if (std::regex_match(line, any_heading)) {
        current = nullptr;
        reason = false;
      } else if (current && line.rfind(not_observable, 0) == 0) {
        current->not_observable = Trim(line.substr(not_observable.size()));
        reason = true;
      } else if (reason && !Trim(line).empty()) {
        current->not_observable += " " + Trim(line);
      } else {
        reason = false;
      }
    }
  }
  return out;
}

std::map<std::string, std::vector<std::string>> ScanClauseNames(const std::vector<fs::path>& dirs,
                                                                const fs::path& root) {
  static const std::regex clause_call(R"(\bCLAUSE\s*\(\s*"([^"]*)\"\s*\))");
  std::map<std::string, std::vector<std::string>> out;
  for (const fs::path& dir : dirs) {
    if (!fs::exists(dir)) continue;
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
      std::string ext = e.path().extension().string();
      if (e.is_regular_file() && (ext == ".cpp" || ext == ".hpp")) files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) {
      std::string text = ReadFile(f);
      std::string rel = fs::relative(f, root).generic_string();
      for (std::sregex_iterator it(text.begin(), text.end(), clause_call), end; it != end; ++it)
        for (const std::string& id : SplitIds((*it)[1].str())) out[id].push_back(rel);
      // A line that is exactly "// clauses: id id ..." (nothing before it).
      std::istringstream lines(text);
      const std::string marker = "// clauses:";
      for (std::string line; std::getline(lines, line);) {
        if (line.rfind(marker, 0) != 0) continue;
        for (const std::string& id : SplitIds(line.substr(marker.size()))) out[id].push_back(rel);
      }
    }
  }
  for (auto& [id, names] : out) {
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
  }
  return out;
}

}  // namespace onepath::conformance
