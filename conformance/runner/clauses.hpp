// Clause ids (docs/spec/README.md) and what covers them.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace onepath::conformance {

struct Clause {
  std::string id;     // e.g. "pred.orient2d"
  std::string title;  // the heading's text after the id
  std::string file;   // spec file name, e.g. "predicates.md"
};

// Every clause heading of docs/spec/*.md: a Markdown heading of the form
//   ### `pred.orient2d` — Orientation
// in file-name order, then document order.
std::vector<Clause> LoadClauses(const std::filesystem::path& spec_dir);

// clause id -> names of the tests and fuzz targets that check it, found by
// scanning C++ sources below `dirs`: a TEST/TEST_F/RC_GTEST_PROP whose body
// starts with CLAUSE("id id ..."), named "Suite.Name"; and a line that
// starts with the comment marker `// clauses:` followed by ids (fuzz
// targets), named by file.
std::map<std::string, std::vector<std::string>> ScanCoverage(
    const std::vector<std::filesystem::path>& dirs, const std::filesystem::path& root);

}  // namespace onepath::conformance
