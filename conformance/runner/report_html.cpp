// The compliance report as one self-contained HTML page: inline CSS, no
// script, nothing loaded from elsewhere (the Content-Security-Policy says so,
// and a browser would report any attempt). Every text from the run goes
// through EscapeMarkup.
#include <fmt/format.h>

#include "conformance/runner/report.hpp"

namespace onepath::conformance {

namespace {

const char* kStyle = R"(
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 78rem; padding: 0 1.5rem 3rem; color: #1b1f24; }
h1 { font-size: 1.6rem; margin: 1.5rem 0 .5rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 .5rem; border-bottom: 1px solid #d0d7de; }
code, pre { font: .9em ui-monospace, monospace; }
dl#identity { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: 0; }
dl#identity dt { font-weight: 600; }
dl#identity dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: .5rem 0; }
th, td { border: 1px solid #d0d7de; padding: .25rem .5rem; text-align: left; vertical-align: top; }
th { background: #f3f5f7; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
table#clauses { width: 100%; }
table#clauses td:first-child { white-space: nowrap; }
td.tests { overflow-wrap: anywhere; font-size: .9em; }
td.tests summary { cursor: pointer; font-size: 1.1em; }
nav a { margin-right: 1rem; }
.ok { color: #116329; font-weight: 600; }
.bad { color: #b3261e; font-weight: 600; }
.verdict { font-size: 1.1rem; }
tr.uncovered td { background: #ffe3e0; }
tr.failing td { background: #fff4d6; }
.flag { display: inline-block; padding: 0 .4rem; border-radius: .3rem; background: #b3261e; color: #fff; font-weight: 600; }
.muted { color: #57606a; }
ol#failure-list > li { margin: 0 0 1rem; }
pre.detail { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f8fa; border: 1px solid #d0d7de; padding: .5rem; margin: .3rem 0 0; }
)";

std::string Num(int n, const char* cls = "num") {
  return fmt::format("<td class=\"{}\">{}</td>", cls, n);
}

std::string Code(const std::string& s) { return "<code>" + EscapeMarkup(s) + "</code>"; }

// A spec heading's text: `...` spans as code, like the Markdown they come from.
std::string Title(const std::string& title) {
  std::string out;
  bool code = false;
  std::size_t start = 0;
  for (std::size_t tick = title.find('`'); tick != std::string::npos;
       start = tick + 1, tick = title.find('`', start)) {
    out += EscapeMarkup(title.substr(start, tick - start)) + (code ? "</code>" : "<code>");
    code = !code;
  }
  return out + EscapeMarkup(title.substr(start)) + (code ? "</code>" : "");
}

std::string Header(const Report& r) {
  std::string h = "<header>\n<h1>OnePath Mesh conformance report</h1>\n<dl id=\"identity\">\n";
  h +=
      "<dt>Suite version</dt><dd id=\"suite-version\">" + EscapeMarkup(r.suite_version) + "</dd>\n";
  h += "<dt>Implementation</dt><dd id=\"implementation\">" + EscapeMarkup(r.implementation) +
       "</dd>\n";
  if (!r.operations.empty())
    h += "<dt>Operations announced</dt><dd id=\"operations\">" +
         EscapeMarkup(fmt::format("{}", fmt::join(r.operations, ", "))) + "</dd>\n";
  if (!r.verdict.empty())
    h += "<dt>Verdict</dt><dd id=\"run-verdict\">" + EscapeMarkup(r.verdict) + "</dd>\n";
  h += fmt::format(
      "<dt>Runner's FP-environment preflight</dt><dd id=\"preflight\" class=\"{}\">{}</dd>\n",
      r.preflight.ok() ? "ok" : "bad", r.preflight.ok() ? "passed" : "FAILED");
  h += "</dl>\n<nav><a href=\"#totals\">Totals</a><a href=\"#clause-table\">Clauses</a>";
  h += fmt::format("<a href=\"#failures\">Failures ({})</a>", r.failed);
  h += "<a href=\"#preflight-checks\">Preflight checks</a></nav>\n";
  return h + "</header>\n";
}

std::string Totals(const Report& r) {
  std::string s = "<section id=\"totals\">\n<h2>Totals</h2>\n";
  s += fmt::format(
      "<p class=\"verdict {}\" id=\"verdict\">{} vectors: {} passed, {} failed, {} skipped</p>\n",
      r.failed ? "bad" : "ok", r.outcomes.size(), r.passed, r.failed, r.skipped);
  s += "<table id=\"families\">\n<thead><tr><th>family</th><th class=\"num\">passed</th>"
       "<th class=\"num\">failed</th><th class=\"num\">skipped</th></tr></thead>\n<tbody>\n";
  for (const FamilyTotals& f : CountByFamily(r))
    s += "<tr><td>" + EscapeMarkup(f.family) + "</td>" + Num(f.passed) + Num(f.failed) +
         Num(f.skipped) + "</tr>\n";
  s += "</tbody>\n<tfoot><tr><th>total</th>" + Num(r.passed) + Num(r.failed) + Num(r.skipped) +
       "</tr></tfoot>\n</table>\n";
  auto skips = SkipReasons(r);
  if (!skips.empty()) {
    s += "<h3>Skipped</h3>\n<ul id=\"skip-reasons\">\n";
    for (const auto& [why, n] : skips)
      s += fmt::format("<li>{} vectors: {}</li>\n", n, EscapeMarkup(why));
    s += "</ul>\n";
  }
  return s + "</section>\n";
}

std::string Preflight(const Report& r) {
  std::string s =
      "<section id=\"preflight-checks\">\n<h2>FP-environment preflight</h2>\n<table>\n"
      "<thead><tr><th>clause</th><th>check</th><th>result</th><th>measured</th></tr></thead>\n"
      "<tbody>\n";
  for (const FpCheck& c : r.preflight.checks)
    s += fmt::format("<tr><td>{}</td><td>{}</td><td class=\"{}\">{}</td><td>{}</td></tr>\n",
                     Code(c.clause), EscapeMarkup(c.name), c.passed ? "ok" : "bad",
                     c.passed ? "ok" : "FAIL", Code(c.detail));
  return s + "</tbody>\n</table>\n</section>\n";
}

std::string Clauses(const Report& r) {
  int uncovered = 0;
  for (const ClauseRow& row : r.rows) uncovered += row.Uncovered();
  std::string s = "<section id=\"clause-table\">\n<h2>Clauses</h2>\n";
  const char* flag = r.tests.known ? "no vector and no test" : "no vector; tests unknown";
  s += fmt::format(
      "<p>{} clauses of <code>docs/spec</code>; {} with no vector and no test known to cover "
      "them (<span class=\"flag\">{}</span>); rows with a failed vector are shaded.</p>\n",
      r.rows.size(), uncovered, flag);
  s += fmt::format("<p id=\"test-coverage\" class=\"{}\">Test coverage: {}.</p>\n",
                   r.tests.known ? "muted" : "bad", EscapeMarkup(TestCoverageSentence(r)));
  s += "<table id=\"clauses\">\n<thead><tr><th>clause</th><th>title</th><th>spec</th>"
       "<th class=\"num\">passed</th><th class=\"num\">failed</th><th class=\"num\">skipped</th>"
       "<th>tests and fuzz targets</th></tr></thead>\n<tbody>\n";
  for (const ClauseRow& row : r.rows) {
    std::string cls = row.Uncovered() ? "clause uncovered"
                      : row.failed    ? "clause failing"
                                      : "clause";
    std::string tests;
    for (const std::string& t : row.tests) tests += (tests.empty() ? "" : ", ") + Code(t);
    // A long list folds away (no script: the browser's own <details>).
    if (row.tests.size() > 3)
      tests = fmt::format("<details><summary>{} tests and fuzz targets</summary>{}</details>",
                          row.tests.size(), tests);
    if (row.Uncovered())
      tests = fmt::format("<span class=\"flag\">{}</span>", flag);
    else if (row.Unchecked())
      tests = "<span class=\"muted\">not observable by a port: " +
              EscapeMarkup(row.clause.not_observable) + "</span>";
    else if (tests.empty())
      tests = r.tests.known ? "<span class=\"muted\">vectors only</span>"
                            : "<span class=\"muted\">tests unknown</span>";
    s += fmt::format(
        "<tr class=\"{}\" id=\"clause-{}\"><td>{}</td><td>{}</td><td>{}</td>{}{}{}"
        "<td class=\"tests\">{}</td></tr>\n",
        cls, EscapeMarkup(row.clause.id), Code(row.clause.id), Title(row.clause.title),
        EscapeMarkup(row.clause.file), Num(row.passed),
        Num(row.failed, row.failed ? "num bad" : "num"), Num(row.skipped), tests);
  }
  s += "</tbody>\n</table>\n";
  if (!r.unknown_ids.empty()) {
    s += "<h3>Clause ids not found in docs/spec</h3>\n<ul id=\"unknown-ids\">\n";
    for (const std::string& id : r.unknown_ids) s += "<li>" + Code(id) + "</li>\n";
    s += "</ul>\n";
  }
  return s + "</section>\n";
}

std::string Failures(const Report& r) {
  std::string s = fmt::format("<section id=\"failures\">\n<h2>Failures ({})</h2>\n", r.failed);
  if (r.failed == 0) return s + "<p class=\"ok\">No vector failed.</p>\n</section>\n";
  s += "<ol id=\"failure-list\">\n";
  for (const Outcome& o : r.outcomes) {
    if (o.status != Status::kFail) continue;
    const GoldenVector& v = *o.vector;
    std::string clauses;
    for (const std::string& c : v.clauses)
      clauses += fmt::format("{}<a href=\"#clause-{}\">{}</a>", clauses.empty() ? "" : ", ",
                             EscapeMarkup(c), Code(c));
    s += fmt::format(
        "<li class=\"failure\" data-vector=\"{}\">{} <span class=\"muted\">{}, "
        "golden/{}:{}; clauses {}</span>\n<pre class=\"detail\">{}</pre></li>\n",
        EscapeMarkup(v.id), Code(v.id), EscapeMarkup(v.family), EscapeMarkup(v.file), v.line,
        clauses, EscapeMarkup(o.detail));
  }
  return s + "</ol>\n</section>\n";
}

}  // namespace

std::string ReportHtml(const Report& r) {
  std::string html = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "style-src 'unsafe-inline'\">\n"
      "<title>OnePath Mesh conformance: {}</title>\n<style>{}</style>\n</head>\n<body>\n",
      EscapeMarkup(r.implementation), kStyle);
  html += Header(r);
  html += "<main>\n" + Totals(r) + Clauses(r) + Failures(r) + Preflight(r) + "</main>\n";
  html +=
      "<footer class=\"muted\"><p>Written by <code>onepath conformance</code>; the same run "
      "as report.md, report.json and report.junit.xml beside this file.</p></footer>\n";
  return html + "</body>\n</html>\n";
}

}  // namespace onepath::conformance
