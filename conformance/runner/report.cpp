#include "conformance/runner/report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <stdexcept>
#include <utility>

#include "conformance/runner/operations.hpp"
#include "conformance/runner/reducer.hpp"

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
  for (const GoldenVector& v : suite.vectors)
    for (const std::string& id : v.clauses)
      if (auto it = index.find(id); it != index.end()) ++r.rows[it->second].in_suite;
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

std::string Shorten(std::string_view text, std::size_t most) {
  if (text.size() <= most) return std::string(text);
  std::size_t cut = most;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return std::string(text.substr(0, cut)) + " …";
}

std::string GoldenCoverage::Sentence() const {
  return fmt::format(
      "lines {:.1f} %, branches {:.1f} %; normative part: lines {:.1f} %, branches {:.1f} %",
      lines_pct, branches_pct, normative_lines_pct, normative_branches_pct);
}

GoldenCoverage ReadGoldenCoverage(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  json j;
  try {
    j = json::parse(in);
  } catch (const json::exception& e) {
    throw std::runtime_error(file.string() + ": not JSON: " + e.what());
  }
  if (!j.is_object()) throw std::runtime_error(file.string() + ": not a JSON object");
  auto pct = [&](const char* key) {
    if (!j.contains(key) || !j.at(key).is_number())
      throw std::runtime_error(
          fmt::format("{}: \"{}\" is missing or not a number (tools/golden-coverage.sh --json "
                      "writes it)",
                      file.string(), key));
    double v = j.at(key).get<double>();
    if (!(v >= 0 && v <= 100))
      throw std::runtime_error(
          fmt::format("{}: \"{}\" is {}, not a percentage", file.string(), key, j.at(key).dump()));
    return v;
  };
  GoldenCoverage c;
  c.lines_pct = pct("lines_pct");
  c.branches_pct = pct("branches_pct");
  c.normative_lines_pct = pct("normative_lines_pct");
  c.normative_branches_pct = pct("normative_branches_pct");
  c.file = file.string();
  return c;
}

std::string ShortInput(const std::string& op, const json& input) {
  constexpr std::size_t kShort = 120;
  std::string text = input.dump();
  if (text.size() <= kShort) return text;
  const Operation* row = FindOperation(op);
  if (row && row->input == InputForm::kPoints) {
    try {
      std::string out;
      for (const std::string& n : row->points) {
        Vector2D p = PointFromJson(input.at(n));
        out += fmt::format("{}{}≈({:.6g}, {:.6g})", out.empty() ? "" : " ", n, p.x, p.y);
      }
      return out;
    } catch (const std::exception&) {
      // not points after all: its size, below
    }
  }
  std::string size = MeasureInput(op, input).text;
  return size.empty() ? Shorten(text, kShort) : size;
}

FailureFacts FactsOf(const Outcome& o) {
  FailureFacts f;
  const GoldenVector& v = *o.vector;
  if (v.error)
    f.expected = {{"error", {{"type", v.error->type}, {"fields", v.error->fields}}}};
  else if (v.sha256 && !v.sha256->empty())
    f.expected = {{"sha256", *v.sha256}};
  f.input = ShortInput(v.op, v.input);
  if (o.divergence) {
    const Divergence& d = *o.divergence;
    f.category = "divergence";
    f.stage = d.stage;
    f.clause = d.clause;
    f.kind = d.kind.empty() ? "another output" : d.kind;
    f.element = d.where;
    f.got = d.got;
  } else {
    f.category = AdapterFailureKind(o.detail);
    f.stage = "adapter";
    f.kind = f.category;
    f.element = o.detail;
  }
  return f;
}

std::string FailureFacts::Label() const {
  if (IsError()) return "adapter: " + category;
  return (clause.empty() ? "stage " + stage : clause) + ": " + kind;
}

namespace {

// Signs grouped: "sign 0 instead of 1" and "... of -1" are one mistake.
std::string GroupKind(const std::string& kind) {
  static const std::regex sign(R"(sign (-?[01]) instead of (-?[01]))");
  std::smatch m;
  if (!std::regex_match(kind, m, sign)) return kind;
  if (m[1] == "0") return "sign 0 instead of ±1";
  if (m[2] == "0") return "sign ±1 instead of 0";
  return "sign ±1 instead of ∓1";
}

std::string GroupLabel(FailureFacts f) {
  f.kind = GroupKind(f.kind);
  return f.Label();
}

std::string FirstLine(const std::string& text) { return text.substr(0, text.find('\n')); }

// "sha256 5f0c1a2b3c4d…, expected a8100ae6aa19…" when both are hashes.
std::string HashesText(const FailureFacts& f) {
  auto hash = [](const json& j) -> std::string {
    return j.is_object() && j.contains("sha256") ? j.at("sha256").get<std::string>() : "";
  };
  std::string got = hash(f.got), expected = hash(f.expected);
  if (got.empty() || expected.empty()) return "";
  return fmt::format("; sha256 {}…, expected {}…", got.substr(0, 12), expected.substr(0, 12));
}

}  // namespace

std::vector<FailureGroup> GroupFailures(const Report& r) {
  std::vector<FailureGroup> groups;
  std::map<std::string, std::size_t> index;
  for (const Outcome& o : r.outcomes) {
    if (o.status != Status::kFail) continue;
    std::string label = GroupLabel(FactsOf(o));
    auto [it, added] = index.try_emplace(label, groups.size());
    if (added) groups.push_back({label, {}});
    groups[it->second].outcomes.push_back(&o);
  }
  return groups;
}

std::string FailureLines(const Report& r, int max_lines, const std::string& see) {
  std::vector<FailureGroup> groups = GroupFailures(r);
  std::size_t shown = groups.size();
  if (max_lines > 0) shown = std::min(shown, static_cast<std::size_t>(max_lines));
  std::string out;
  for (std::size_t i = 0; i < shown; ++i) {
    const FailureGroup& g = groups[i];
    const GoldenVector& v = *g.outcomes.front()->vector;
    FailureFacts f = FactsOf(*g.outcomes.front());
    bool several = g.outcomes.size() > 1;
    std::string line = "FAIL ";
    if (several) line += fmt::format("{} × ", g.outcomes.size());
    line += several ? g.label + " — first:" : f.Label() + " —";  // one: its own words
    // A sign's element only repeats the kind ("/sign: 0, expected 1").
    std::string element = Shorten(FirstLine(f.element), 200);
    if (!element.empty() && f.stage != "sign") line += " " + element + ";";
    line += fmt::format(" input {} — {} ({}:{}){}", f.input, v.id, v.file, v.line, HashesText(f));
    out += line + "\n";
  }
  if (shown < groups.size()) {
    std::size_t vectors = 0;
    for (std::size_t i = shown; i < groups.size(); ++i) vectors += groups[i].outcomes.size();
    std::size_t lines = groups.size() - shown;
    out += fmt::format(
        "… and {} more FAIL line{} ({} vector{}), see {} (--max-failures N prints "
        "N lines, 0 all)\n",
        lines, lines == 1 ? "" : "s", vectors, vectors == 1 ? "" : "s", see);
  }
  return out;
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
  if (r.golden_coverage) {
    const GoldenCoverage& c = *r.golden_coverage;
    j["golden_coverage"] = {{"lines_pct", c.lines_pct},
                            {"branches_pct", c.branches_pct},
                            {"normative_lines_pct", c.normative_lines_pct},
                            {"normative_branches_pct", c.normative_branches_pct},
                            {"file", c.file}};
  }
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
                    {"in_suite", row.in_suite},
                    {"tests", row.tests},
                    {"uncovered", row.Uncovered()},
                    {"not_observable", row.NotObservable()},
                    {"nothing_run", row.NothingRun()}});
  j["clauses"] = rows;
  j["unknown_clause_ids"] = r.unknown_ids;
  // Each failure in parts (FailureFacts), with the whole detail for people.
  json failures = json::array();
  for (const Outcome& o : r.outcomes) {
    if (o.status != Status::kFail) continue;
    FailureFacts f = FactsOf(o);
    failures.push_back({{"id", o.vector->id},
                        {"file", o.vector->file},
                        {"line", o.vector->line},
                        {"category", f.category},
                        {"stage", f.stage},
                        {"clause", f.clause},
                        {"kind", f.kind},
                        {"element", f.element},
                        {"expected", f.expected},
                        {"got", f.got},
                        {"input", f.input},
                        {"detail", o.detail}});
  }
  j["failures"] = failures;
  json groups = json::array();
  for (const FailureGroup& g : GroupFailures(r)) {
    json ids = json::array();
    for (const Outcome* o : g.outcomes) ids.push_back(o->vector->id);
    groups.push_back({{"label", g.label}, {"count", g.outcomes.size()}, {"ids", ids}});
  }
  j["failure_groups"] = groups;
  // Every vector run, in suite order: what a shard covered, for merging.
  json vectors = json::array();
  for (const Outcome& o : r.outcomes)
    vectors.push_back({{"id", o.vector->id}, {"status", StatusName(o.status)}});
  j["vectors"] = vectors;
  return j;
}

std::string GoldenCoverageSentence(const Report& r) {
  if (!r.golden_coverage)
    return "not given (tools/golden-coverage.sh measures it; pass its JSON with "
           "--golden-coverage FILE)";
  return "of src/ by the golden replay alone: " + r.golden_coverage->Sentence() + " (" +
         r.golden_coverage->file + ")";
}

namespace {

// A Markdown table of clause rows; `tests` is the last column's text.
std::string MarkdownClauseTable(const Report& r, const std::vector<const ClauseRow*>& rows) {
  std::string md =
      "| clause | title | passed | failed | skipped | reference tests |\n"
      "|---|---|---:|---:|---:|---|\n";
  for (const ClauseRow* row : rows) {
    std::string tests =
        fmt::format("{} test{}", row->tests.size(), row->tests.size() == 1 ? "" : "s");
    if (row->Uncovered())
      tests = r.tests.known ? "**no vector and no test**" : "**no vector; tests unknown**";
    else if (row->Unchecked())
      tests = "not observable by a port: " + row->clause.not_observable;
    else if (row->tests.empty())
      tests = r.tests.known ? "vectors only" : "tests unknown";
    md += fmt::format("| `{}` | {} | {} | {} | {} | {} |\n", row->clause.id, row->clause.title,
                      row->passed, row->failed, row->skipped, tests);
  }
  return md;
}

}  // namespace

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
  md += fmt::format("- Test coverage: {}\n", TestCoverageSentence(r));
  md += fmt::format("- Golden-only coverage: {}\n\n", GoldenCoverageSentence(r));
  md += "## Preflight\n\n| clause | check | result | measured |\n|---|---|---|---|\n";
  for (const FpCheck& c : r.preflight.checks)
    md += fmt::format("| `{}` | {} | {} | `{}` |\n", c.clause, c.name, c.passed ? "ok" : "FAIL",
                      c.detail);
  std::vector<const ClauseRow*> shown, not_run;
  for (const ClauseRow& row : r.rows) (row.NothingRun() ? not_run : shown).push_back(&row);
  md += "\n## Clauses\n\n" + MarkdownClauseTable(r, shown);
  if (!not_run.empty())
    md += fmt::format(
        "\n<details><summary>{} clauses with nothing run (their vectors were skipped or not "
        "selected, no test credited)</summary>\n\n{}\n</details>\n",
        not_run.size(), MarkdownClauseTable(r, not_run));
  if (r.tests.known) {
    md += "\n<details><summary>The reference's tests and fuzz targets per clause</summary>\n\n";
    for (const ClauseRow& row : r.rows) {
      if (row.tests.empty()) continue;
      std::string tests;
      for (const std::string& t : row.tests) tests += (tests.empty() ? "" : ", ") + ("`" + t + "`");
      md += fmt::format("- `{}`: {}\n", row.clause.id, tests);
    }
    md += "\n</details>\n";
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
    md += "\n## Failures\n\nBy clause and divergence:\n\n";
    for (const FailureGroup& g : GroupFailures(r))
      md += fmt::format("- {} × {} (first: `{}`)\n", g.outcomes.size(), g.label,
                        g.outcomes.front()->vector->id);
    md += "\nEach failed vector:\n\n";
    for (const Outcome& o : r.outcomes)
      if (o.status == Status::kFail)
        md += fmt::format("- `{}` ({}:{}): {}\n", o.vector->id, o.vector->file, o.vector->line,
                          o.detail);
  }
  return md;
}

std::string ReportSummary(const Report& r, bool only_run) {
  std::string out = fmt::format("{:<28} {:>7} {:>7} {:>7}  {}\n", "clause", "passed", "failed",
                                "skipped", "tests");
  int hidden = 0;
  for (const ClauseRow& row : r.rows) {
    if (only_run && !row.Ran()) {
      ++hidden;
      continue;
    }
    const char* flag = row.Uncovered()   ? (r.tests.known ? "  <- uncovered: no vector, no test"
                                                          : "  <- no vector (tests unknown)")
                       : row.Unchecked() ? "  (not observable by a port)"
                                         : "";
    out += fmt::format("{:<28} {:>7} {:>7} {:>7}  {}{}\n", row.clause.id, row.passed, row.failed,
                       row.skipped, r.tests.known ? std::to_string(row.tests.size()) : "?", flag);
  }
  if (hidden > 0)
    out += fmt::format("({} clauses with nothing run not shown: --only-run)\n", hidden);
  out += fmt::format("tests: {}\n", TestCoverageSentence(r));
  if (r.golden_coverage)
    out += fmt::format("golden-only coverage: {}\n", r.golden_coverage->Sentence());
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
