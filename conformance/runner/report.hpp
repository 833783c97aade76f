// Compliance report: per clause id, what passed and what proves it.
#pragma once

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
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
  // The tests and fuzz targets that ran, passed and name the clause (empty
  // when the test results are unknown: Report::tests.known).
  std::vector<std::string> tests;
  // No vector, and no test known to cover it, and not a clause that no port
  // can be checked on.
  bool Uncovered() const { return Unchecked() && !NotObservable(); }
  // The spec marks it not observable by a port (Clause::not_observable).
  bool NotObservable() const { return !clause.not_observable.empty(); }
  // No vector and no test known to cover it.
  bool Unchecked() const { return passed + failed + skipped == 0 && tests.empty(); }
};

struct Report {
  std::string suite_version;
  std::string implementation;  // identity of what was run
  // The operations the adapter announced in its handshake (empty for the
  // built-in reference), and the run's verdict line (RunVerdict::Line).
  std::vector<std::string> operations;
  std::string verdict;
  FpPreflight preflight;
  TestResults tests;                     // what the test programs that ran said
  std::vector<ClauseRow> rows;           // every clause of docs/spec, in order
  std::vector<std::string> unknown_ids;  // ids named by vectors but not in docs/spec
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

// One sentence on where the test coverage comes from: the results read and
// what they counted, or that it is unknown.
std::string TestCoverageSentence(const Report& r);

nlohmann::json ReportJson(const Report& r);
std::string ReportMarkdown(const Report& r);
// A self-contained HTML page: inline CSS, no script, no external resource
// (report_html.cpp).
std::string ReportHtml(const Report& r);
// JUnit XML: one testsuite per golden family, one testcase per vector run
// (report_junit.cpp).
std::string ReportJunit(const Report& r);
// The per-clause table for a terminal.
std::string ReportSummary(const Report& r);

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
