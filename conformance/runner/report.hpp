// Compliance report: per clause id, what passed and what proves it.
#pragma once

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/runner/clauses.hpp"
#include "conformance/runner/golden.hpp"
#include "conformance/runner/runner.hpp"
#include "conformance/runner/test_results.hpp"
#include "onepath/core/fp_environment.hpp"

namespace onepath::conformance {

struct ClauseRow {
  Clause clause;
  int passed = 0, failed = 0, skipped = 0;
  // Vectors of the whole suite that name the clause, selected for this run
  // or not.
  int in_suite = 0;
  // The reference's tests and fuzz targets that ran, passed and name the
  // clause (empty when the test results are unknown: Report::tests.known).
  std::vector<std::string> tests;
  // No vector in the suite, and no test known to cover it.
  bool Unchecked() const { return in_suite + passed + failed + skipped == 0 && tests.empty(); }
  // The spec marks it not observable by a port (Clause::not_observable).
  bool NotObservable() const { return !clause.not_observable.empty(); }
  // Unchecked, and not a clause that no port can be checked on.
  bool Uncovered() const { return Unchecked() && !NotObservable(); }
  // Something ran for it: a vector passed or failed, or a test is credited.
  bool Ran() const { return passed + failed > 0 || !tests.empty(); }
  // Left out of the main clause table (a collapsed section, --only-run):
  // it has vectors, but none ran (skipped or not selected) and no test is
  // credited. Unchecked clauses stay in the table, flagged or marked not
  // observable.
  bool NothingRun() const { return !Ran() && !Unchecked(); }
};

// Golden-only coverage of src/ (tools/golden-coverage.sh): the share of
// lines and branches the golden replay alone reaches, for all of src/ and
// for its normative part (without the code the spec marks result-neutral).
struct GoldenCoverage {
  double lines_pct = 0, branches_pct = 0;
  double normative_lines_pct = 0, normative_branches_pct = 0;
  std::string file;  // where the figures were read
  // "lines 88.1 %, branches 64.0 %; normative: lines 95.2 %, branches 80.0 %"
  std::string Sentence() const;
};

// Reads the JSON object tools/golden-coverage.sh writes (--json): the
// numbers lines_pct, branches_pct, normative_lines_pct and
// normative_branches_pct (0 to 100; other keys are ignored). Throws
// std::runtime_error naming the file and the key when one is missing or
// not such a number, or the file is not JSON.
GoldenCoverage ReadGoldenCoverage(const std::filesystem::path& file);

struct Report {
  std::string suite_version;
  std::string implementation;  // identity of what was run
  // The operations the adapter announced in its handshake (empty for the
  // built-in reference), and the run's verdict line (RunVerdict::Line).
  std::vector<std::string> operations;
  std::string verdict;
  FpPreflight preflight;
  TestResults tests;                              // what the test programs that ran said
  std::optional<GoldenCoverage> golden_coverage;  // --golden-coverage FILE
  std::vector<ClauseRow> rows;                    // every clause of docs/spec, in order
  std::vector<std::string> unknown_ids;           // ids named by vectors but not in docs/spec
  std::vector<Outcome> outcomes;
  int passed = 0, failed = 0, skipped = 0;
};

// Each clause row counts the vectors run that name the clause and lists the
// tests that ran and passed naming it (`tests`, from ReadTestResults; with
// tests.known false no test is credited and the report says test coverage
// is unknown).
Report BuildReport(const Suite& suite, std::vector<Outcome> outcomes,
                   const std::vector<Clause>& clauses, TestResults tests, FpPreflight preflight,
                   std::string implementation);

// `text` cut to at most `most` bytes at a character boundary, with " …"
// when cut.
std::string Shorten(std::string_view text, std::size_t most);

// One sentence on where the test coverage comes from: the results read and
// what they counted, or that it is unknown.
std::string TestCoverageSentence(const Report& r);

// The golden-only coverage for the report's header, or that it was not given.
std::string GoldenCoverageSentence(const Report& r);

nlohmann::json ReportJson(const Report& r);
std::string ReportMarkdown(const Report& r);
// A self-contained HTML page: inline CSS, no script, no external resource
// (report_html.cpp).
std::string ReportHtml(const Report& r);
// JUnit XML: one testsuite per golden family, one testcase per vector run
// (report_junit.cpp).
std::string ReportJunit(const Report& r);
// The per-clause table for a terminal; with `only_run`, only the rows of
// clauses for which something ran (ClauseRow::Ran) and one line counting
// the others.
std::string ReportSummary(const Report& r, bool only_run = false);

// One failed vector, in parts (report.json "failures").
struct FailureFacts {
  // "divergence" when the implementation answered and the answer is wrong
  // (JUnit <failure>); without an answer AdapterFailureKind's "crash",
  // "timeout", "malformed answer", "not run" or "error" (JUnit <error>).
  std::string category;
  std::string stage, clause;  // Divergence::stage, ::clause ("" when unknown)
  std::string kind;           // the divergence in words (Divergence::kind)
  std::string element;        // the first differing element (Divergence::where)
  nlohmann::json expected;    // {"sha256": hex} or {"error": {"type", "fields"}}
  nlohmann::json got;         // the same form (Divergence::got), null without an answer
  std::string input;          // the input, short (ShortInput)
  bool IsError() const { return category != "divergence"; }
  // "pred.incircle: sign 0 instead of 1", "stage output: another output",
  // "adapter: crash".
  std::string Label() const;
};
FailureFacts FactsOf(const Outcome& o);

// An input in a few words: its JSON when short, else its points with six
// digits (predicates) or its size (MeasureInput: "2 outlines, 3 rings, 24
// vertices").
std::string ShortInput(const std::string& op, const nlohmann::json& input);

// The failed vectors grouped by clause and divergence (the same kind of
// difference of the same clause; signs as "sign 0 instead of ±1"), in the
// order of each group's first vector.
struct FailureGroup {
  std::string label;  // "pred.incircle: sign 0 instead of ±1", "adapter: crash"
  std::vector<const Outcome*> outcomes;
};
std::vector<FailureGroup> GroupFailures(const Report& r);

// The console's FAIL lines: one per group, the divergence in words first,
// then the input (short) and the vector, hashes last; a group of several
// starts "19 × " and names the group (FailureGroup::label) and its first
// vector, a failure alone its own divergence (FailureFacts::Label). At most `max_lines` lines (0:
// all), then how many were not printed and where they are (`see`, e.g. "report/report.md").
std::string FailureLines(const Report& r, int max_lines, const std::string& see);

// Why vectors were skipped ("operation X not supported ..."), with counts.
std::map<std::string, int> SkipReasons(const Report& r);

struct FamilyTotals {
  std::string family;
  int passed = 0, failed = 0, skipped = 0;
};
// The families of the vectors run, in the order of the run (suite order).
std::vector<FamilyTotals> CountByFamily(const Report& r);

// "passed", "failed", "skipped".
const char* StatusName(Status s);

// Text made safe for HTML and XML, in element content and in quoted
// attribute values alike: & < > " ' become references, so do tab, line feed
// and carriage return (they survive in attributes); the other control
// characters, which XML 1.0 cannot carry at all, are written as visible
// "\xNN" ("\u00NN" for U+0080..U+009F), and bytes that are not well-formed
// UTF-8 (an adapter's stderr may hold anything) as U+FFFD.
std::string EscapeMarkup(std::string_view text);

// The file names WriteReports writes, in the order it writes them.
const std::vector<std::string>& ReportFileNames();

// Writes report.json, report.md, report.html and report.junit.xml into dir
// (created if needed).
void WriteReports(const Report& r, const std::filesystem::path& dir);

}  // namespace onepath::conformance
