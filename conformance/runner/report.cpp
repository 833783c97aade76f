#include "conformance/runner/report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <set>
#include <utility>

namespace onepath::conformance {

using nlohmann::json;

namespace {

// The length of the well-formed UTF-8 sequence at the start of `s` and its
// code point, or 0 when it is not one (overlong forms, surrogates and values
// above U+10FFFF are not).
std::size_t Utf8Sequence(std::string_view s, char32_t& cp) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  unsigned char b = byte(0);
  std::size_t n = b < 0x80             ? 1
                  : (b & 0xE0) == 0xC0 ? 2
                  : (b & 0xF0) == 0xE0 ? 3
                  : (b & 0xF8) == 0xF0 ? 4
                                       : 0;
  if (n == 0 || n > s.size()) return 0;
  cp = n == 1 ? b : n == 2 ? (b & 0x1F) : n == 3 ? (b & 0x0F) : (b & 0x07);
  for (std::size_t i = 1; i < n; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i) & 0x3F);
  }
  static constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kSmallest[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

}  // namespace

Report BuildReport(const Suite& suite, std::vector<Outcome> outcomes,
                   const std::vector<Clause>& clauses, TestResults tests, FpPreflight preflight,
                   std::string implementation) {
  Report r;
  r.tests = std::move(tests);
  const auto& coverage = r.tests.coverage;
  r.suite_version = suite.version;
  r.implementation = std::move(implementation);
  r.preflight = std::move(preflight);
  std::map<std::string, std::size_t> index;
  for (const Clause& c : clauses) {
    index[c.id] = r.rows.size();
    ClauseRow row{c};
    if (auto it = coverage.find(c.id); it != coverage.end()) row.tests = it->second;
    r.rows.push_back(row);
  }
  std::set<std::string> unknown;
  for (const Outcome& o : outcomes) {
    (o.status == Status::kPass ? r.passed : o.status == Status::kFail ? r.failed : r.skipped)++;
    for (const std::string& id : o.vector->clauses) {
      auto it = index.find(id);
      if (it == index.end()) {
        unknown.insert(id);
        continue;
      }
      ClauseRow& row = r.rows[it->second];
      (o.status == Status::kPass   ? row.passed
       : o.status == Status::kFail ? row.failed
                                   : row.skipped)++;
    }
  }
  for (const auto& [id, tests] : coverage)
    if (!index.count(id)) unknown.insert(id);
  r.unknown_ids.assign(unknown.begin(), unknown.end());
  r.outcomes = std::move(outcomes);
  return r;
}

std::string TestCoverageSentence(const Report& r) {
  const TestResults& t = r.tests;
  if (!t.known)
    return "unknown: no test results were given (--test-results DIR), so no test or fuzz "
           "target is credited; the clause counts are the vectors' alone";
  std::string files;
  for (const std::string& f : t.files) files += (files.empty() ? "" : ", ") + f;
  return fmt::format(
      "from the tests that ran ({} in {}): {} passed and are credited to the clauses they name; "
      "{} failed, {} skipped and {} not run are not",
      files, t.dir.string(), t.passed, t.failed, t.skipped, t.not_run);
}

json ReportJson(const Report& r) {
  json j;
  j["suite_version"] = r.suite_version;
  j["implementation"] = r.implementation;
  j["operations"] = r.operations;
  j["verdict"] = r.verdict;
  json pre = json::array();
  for (const FpCheck& c : r.preflight.checks)
    pre.push_back(
        {{"clause", c.clause}, {"name", c.name}, {"passed", c.passed}, {"detail", c.detail}});
  j["preflight"] = {{"ok", r.preflight.ok()}, {"checks", pre}};
  j["totals"] = {{"passed", r.passed}, {"failed", r.failed}, {"skipped", r.skipped}};
  j["test_results"] = {{"known", r.tests.known}, {"summary", TestCoverageSentence(r)}};
  if (r.tests.known) {
    j["test_results"]["dir"] = r.tests.dir.string();
    j["test_results"]["files"] = r.tests.files;
    j["test_results"]["tests"] = {{"passed", r.tests.passed},
                                  {"failed", r.tests.failed},
                                  {"skipped", r.tests.skipped},
                                  {"not_run", r.tests.not_run}};
  }
  json rows = json::array();
  for (const ClauseRow& row : r.rows)
    rows.push_back({{"id", row.clause.id},
                    {"title", row.clause.title},
                    {"spec", row.clause.file},
                    {"passed", row.passed},
                    {"failed", row.failed},
                    {"skipped", row.skipped},
                    {"tests", row.tests},
                    {"uncovered", row.Uncovered()},
                    {"not_observable", row.NotObservable()}});
  j["clauses"] = rows;
  j["unknown_clause_ids"] = r.unknown_ids;
  json failures = json::array();
  for (const Outcome& o : r.outcomes)
    if (o.status == Status::kFail)
      failures.push_back({{"id", o.vector->id},
                          {"file", o.vector->file},
                          {"line", o.vector->line},
                          {"detail", o.detail}});
  j["failures"] = failures;
  // Every vector run, in suite order: what a shard covered, for merging.
  json vectors = json::array();
  for (const Outcome& o : r.outcomes)
    vectors.push_back({{"id", o.vector->id}, {"status", StatusName(o.status)}});
  j["vectors"] = vectors;
  return j;
}

std::string ReportMarkdown(const Report& r) {
  std::string md = "# OnePath Mesh conformance report\n\n";
  md +=
      fmt::format("- Suite version: {}\n- Implementation: {}\n", r.suite_version, r.implementation);
  if (!r.operations.empty())
    md += fmt::format("- Operations announced: {}\n", fmt::join(r.operations, ", "));
  if (!r.verdict.empty()) md += fmt::format("- Verdict: {}\n", r.verdict);
  md += fmt::format(
      "- FP-environment preflight: {}\n  (the runner's own, of this onepath binary; the "
      "implementation's arithmetic is judged by the vectors)\n",
      r.preflight.ok() ? "passed" : "FAILED");
  md += fmt::format("- Vectors: {} passed, {} failed, {} skipped\n", r.passed, r.failed, r.skipped);
  md += fmt::format("- Test coverage: {}\n\n", TestCoverageSentence(r));
  md += "## Preflight\n\n| clause | check | result | measured |\n|---|---|---|---|\n";
  for (const FpCheck& c : r.preflight.checks)
    md += fmt::format("| `{}` | {} | {} | `{}` |\n", c.clause, c.name, c.passed ? "ok" : "FAIL",
                      c.detail);
  md +=
      "\n## Clauses\n\n| clause | title | passed | failed | skipped | covered by |\n"
      "|---|---|---:|---:|---:|---|\n";
  for (const ClauseRow& row : r.rows) {
    std::string tests;
    for (const std::string& t : row.tests) tests += (tests.empty() ? "" : ", ") + ("`" + t + "`");
    if (row.Uncovered())
      tests = r.tests.known ? "**no vector and no test**" : "**no vector; tests unknown**";
    else if (row.Unchecked())
      tests = "not observable by a port: " + row.clause.not_observable;
    else if (tests.empty())
      tests = r.tests.known ? "vectors only" : "tests unknown";
    md += fmt::format("| `{}` | {} | {} | {} | {} | {} |\n", row.clause.id, row.clause.title,
                      row.passed, row.failed, row.skipped, tests);
  }
  if (!r.unknown_ids.empty()) {
    md += "\n## Clause ids not found in docs/spec\n\n";
    for (const std::string& id : r.unknown_ids) md += "- `" + id + "`\n";
  }
  if (r.skipped > 0) {
    md += "\n## Skipped\n\n";
    for (const auto& [why, n] : SkipReasons(r)) md += fmt::format("- {} vectors: {}\n", n, why);
  }
  if (r.failed > 0) {
    md += "\n## Failures\n\n";
    for (const Outcome& o : r.outcomes)
      if (o.status == Status::kFail)
        md += fmt::format("- `{}` ({}:{}): {}\n", o.vector->id, o.vector->file, o.vector->line,
                          o.detail);
  }
  return md;
}

std::string ReportSummary(const Report& r) {
  std::string out = fmt::format("{:<28} {:>7} {:>7} {:>7}  {}\n", "clause", "passed", "failed",
                                "skipped", "tests");
  for (const ClauseRow& row : r.rows) {
    out += fmt::format("{:<28} {:>7} {:>7} {:>7}  {}{}\n", row.clause.id, row.passed, row.failed,
                       row.skipped, r.tests.known ? std::to_string(row.tests.size()) : "?",
                       row.Uncovered()       ? "  <- uncovered"
                       : row.NotObservable() ? "  (not observable by a port)"
                                             : "");
  }
  out += fmt::format("tests: {}\n", TestCoverageSentence(r));
  out += fmt::format("total: {} passed, {} failed, {} skipped\n", r.passed, r.failed, r.skipped);
  for (const auto& [why, n] : SkipReasons(r)) out += fmt::format("  skipped {}: {}\n", n, why);
  return out;
}

std::map<std::string, int> SkipReasons(const Report& r) {
  std::map<std::string, int> out;
  for (const Outcome& o : r.outcomes)
    if (o.status == Status::kSkip) ++out[o.detail];
  return out;
}

std::vector<FamilyTotals> CountByFamily(const Report& r) {
  std::vector<FamilyTotals> out;
  std::map<std::string, std::size_t> index;
  for (const Outcome& o : r.outcomes) {
    auto [it, added] = index.try_emplace(o.vector->family, out.size());
    if (added) out.push_back({o.vector->family});
    FamilyTotals& f = out[it->second];
    (o.status == Status::kPass ? f.passed : o.status == Status::kFail ? f.failed : f.skipped)++;
  }
  return out;
}

const char* StatusName(Status s) {
  return s == Status::kPass ? "passed" : s == Status::kFail ? "failed" : "skipped";
}

std::string EscapeMarkup(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  while (!text.empty()) {
    char32_t cp = 0;
    std::size_t n = Utf8Sequence(text, cp);
    if (n == 0 || cp == 0xFFFE || cp == 0xFFFF) {
      out += "\xEF\xBF\xBD";  // U+FFFD for each stray byte
      text.remove_prefix(n == 0 ? 1 : n);
      continue;
    }
    static constexpr std::pair<char32_t, const char*> kReferences[] = {
        {'&', "&amp;"},  {'<', "&lt;"},  {'>', "&gt;"},   {'"', "&quot;"},
        {'\'', "&#39;"}, {'\t', "&#9;"}, {'\n', "&#10;"}, {'\r', "&#13;"}};
    auto ref = std::find_if(std::begin(kReferences), std::end(kReferences),
                            [&](const auto& entry) { return entry.first == cp; });
    if (ref != std::end(kReferences))
      out += ref->second;
    else if (cp < 0x20 || cp == 0x7F)
      out += fmt::format("\\x{:02x}", static_cast<unsigned>(cp));
    else if (cp >= 0x80 && cp <= 0x9F)
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(cp));
    else
      out.append(text.substr(0, n));
    text.remove_prefix(n);
  }
  return out;
}

const std::vector<std::string>& ReportFileNames() {
  static const std::vector<std::string> names = {"report.json", "report.md", "report.html",
                                                 "report.junit.xml"};
  return names;
}

void WriteReports(const Report& r, const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  // Details may quote an adapter's stderr, which need not be UTF-8: such
  // bytes become U+FFFD instead of stopping the report.
  std::ofstream(dir / "report.json")
      << ReportJson(r).dump(2, ' ', false, json::error_handler_t::replace) << "\n";
  std::ofstream(dir / "report.md") << ReportMarkdown(r);
  std::ofstream(dir / "report.html") << ReportHtml(r);
  std::ofstream(dir / "report.junit.xml") << ReportJunit(r);
}

}  // namespace onepath::conformance
