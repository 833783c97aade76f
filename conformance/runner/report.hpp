// Compliance report: per clause id, what passed and what proves it.
#pragma once

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "conformance/runner/clauses.hpp"
#include "conformance/runner/golden.hpp"
#include "conformance/runner/runner.hpp"
#include "onepath/core/fp_environment.hpp"

namespace onepath::conformance {

struct ClauseRow {
  Clause clause;
  int passed = 0, failed = 0, skipped = 0;
  std::vector<std::string> tests;  // tests and fuzz targets naming the clause
  bool Uncovered() const { return passed + failed + skipped == 0 && tests.empty(); }
};

struct Report {
  std::string suite_version;
  std::string implementation;  // identity of what was run
  FpPreflight preflight;
  std::vector<ClauseRow> rows;           // every clause of docs/spec, in order
  std::vector<std::string> unknown_ids;  // ids named by vectors but not in docs/spec
  std::vector<Outcome> outcomes;
  int passed = 0, failed = 0, skipped = 0;
};

Report BuildReport(const Suite& suite, std::vector<Outcome> outcomes,
                   const std::vector<Clause>& clauses,
                   const std::map<std::string, std::vector<std::string>>& coverage,
                   FpPreflight preflight, std::string implementation);

nlohmann::json ReportJson(const Report& r);
std::string ReportMarkdown(const Report& r);
// The per-clause table for a terminal.
std::string ReportSummary(const Report& r);

// Writes report.json and report.md into dir (created if needed).
void WriteReports(const Report& r, const std::filesystem::path& dir);

}  // namespace onepath::conformance
