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
  // Why no output of any operation can reveal the rule (the clause's
  // "**Not observable by a port:**" line); empty for a clause a port can be
  // checked on.
  std::string not_observable;
};

// Every clause heading of docs/spec/*.md: a Markdown heading of the form
//   ### `pred.orient2d` — Orientation
// in file-name order, then document order. A line of the clause's text (up
// to the next heading) that starts with "**Not observable by a port:**"
// gives Clause::not_observable: the rest of its paragraph
// (docs/spec/README.md, "Clause ids").
std::vector<Clause> LoadClauses(const std::filesystem::path& spec_dir);

// clause id -> the files (relative to `root`, sorted) below `dirs` that
// name it in C++ source: a CLAUSE call with a quoted list of ids, anywhere (tests,
// conformance/tests/clause.hpp) or a line that starts with the comment
// marker `// clauses:` followed by ids (fuzz targets). For checking that
// every id the sources name is a clause of the spec; the compliance report
// credits clauses from the tests that ran instead (test_results.hpp).
std::map<std::string, std::vector<std::string>> ScanClauseNames(
    const std::vector<std::filesystem::path>& dirs, const std::filesystem::path& root);

}  // namespace onepath::conformance
