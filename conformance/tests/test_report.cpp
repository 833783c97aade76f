// The compliance report's writers (conformance/runner/report*.cpp) on a
// small hand-made run: every format carries the header (suite version,
// implementation, preflight), counts what was run, and escapes what the run
// said. Rendering in a browser and parsing the XML are checked end to end by
// conformance/tests/test_report.py. The test results the report credits
// (GoogleTest XML, test_results.hpp) and CLAUSE's accumulated property are
// checked on hand-written files.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "conformance/runner/clauses.hpp"
#include "conformance/runner/report.hpp"
#include "conformance/runner/test_results.hpp"
#include "conformance/tests/clause.hpp"

using namespace onepath;
using namespace onepath::conformance;
namespace fs = std::filesystem;

namespace {

std::size_t Count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// What an adapter's stderr may put into a detail: markup, quotes, control
// characters and a byte that is not UTF-8.
const std::string kNasty = "got <script>alert(\"x\")</script> & 'y'\t\x01\xff end";

GoldenVector Vector(const std::string& id, const std::string& family,
                    std::vector<std::string> clauses) {
  GoldenVector v;
  v.id = id;
  v.family = family;
  v.file = family + "/cases.jsonl";
  v.line = 1;
  v.op = "Predicates.Orient2D";
  v.clauses = std::move(clauses);
  return v;
}

// A port's answer 0 where the sign is `expected`, as JudgeInDetail names it.
Divergence SignZero(const std::string& clause, const std::string& expected) {
  return {"sign",
          clause,
          "sign 0 instead of " + expected,
          "/sign: 0, expected " + expected,
          {{"sha256", std::string(64, 'a')}}};
}

struct SmallRun {
  Suite suite;
  Report report;
  SmallRun() {
    suite.version = "9.8.7";
    suite.families = {"predicates", "region"};
    suite.vectors = {Vector("p/1", "predicates", {"pred.orient2d"}),
                     Vector("p/2", "predicates", {"pred.orient2d", "pred.domain"}),
                     Vector("r/1", "region", {"region.union", "no.such-clause"})};
    suite.vectors[1].sha256 = std::string(64, 'e');
    suite.vectors[1].input = {{"a", {0, 0}}, {"b", {1, 0}}, {"c", {0, 1}}};
    std::vector<Outcome> outcomes = {
        {&suite.vectors[0], Status::kPass, ""},
        {&suite.vectors[1], Status::kFail, kNasty, SignZero("pred.orient2d", "1")},
        {&suite.vectors[2], Status::kSkip, "operation X not supported"}};
    std::vector<Clause> clauses = {{"pred.orient2d", "Orientation", "predicates.md"},
                                   {"pred.domain", "Domain <limits>", "predicates.md"},
                                   {"region.union", "`Region.Union(a, <b>)` and more", "region.md"},
                                   {"grid.snap", "Snapping", "grid.md"}};
    TestResults tests;
    tests.known = true;
    tests.dir = "build/test-results";
    tests.files = {"fuzz-predicates.xml", "unit.xml"};
    tests.passed = 2;
    tests.failed = 1;
    tests.coverage = {{"pred.orient2d", {"Predicates.Orient2DSigns", "fuzz.predicates"}}};
    FpPreflight preflight;
    preflight.checks = {{"num.no-contraction", "no FMA contraction", true, "a*b+c = 0x1p-52"}};
    report = BuildReport(suite, std::move(outcomes), clauses, std::move(tests), preflight,
                         "Port <b>&amp; co</b> 1.0");
  }
};

}  // namespace

TEST(ReportEscape, MarkupCharactersBecomeReferences) {
  EXPECT_EQ(EscapeMarkup("a<b>&\"c\"'d'"), "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;");
  EXPECT_EQ(EscapeMarkup("tab\tline\nreturn\r"), "tab&#9;line&#10;return&#13;");
  EXPECT_EQ(EscapeMarkup("&amp;"), "&amp;amp;");  // text, not markup: escaped again
  EXPECT_EQ(EscapeMarkup(""), "");
}

TEST(ReportEscape, ControlCharactersAreShownNotWritten) {
  EXPECT_EQ(EscapeMarkup(std::string("a\x01z\x1f\x7f", 5)), "a\\x01z\\x1f\\x7f");
  EXPECT_EQ(EscapeMarkup(std::string("nul\0", 4)), "nul\\x00");
  EXPECT_EQ(EscapeMarkup("c1 \xc2\x85"), "c1 \\u0085");  // U+0085, NEXT LINE
}

TEST(ReportEscape, WellFormedUtf8StaysAndEveryStrayByteIsReplaced) {
  const std::string fffd = "\xef\xbf\xbd";
  EXPECT_EQ(EscapeMarkup("é € 😀"), "é € 😀");
  EXPECT_EQ(EscapeMarkup("\xff"), fffd);
  EXPECT_EQ(EscapeMarkup("a\xe2\x82"), "a" + fffd + fffd);                 // cut short
  EXPECT_EQ(EscapeMarkup("\xc0\xaf"), fffd + fffd);                        // overlong '/'
  EXPECT_EQ(EscapeMarkup("\xed\xa0\x80"), fffd + fffd + fffd);             // a surrogate
  EXPECT_EQ(EscapeMarkup("\xf4\x90\x80\x80"), fffd + fffd + fffd + fffd);  // above U+10FFFF
  EXPECT_EQ(EscapeMarkup("\xef\xbf\xbf!"), fffd + "!");                    // U+FFFF
  EXPECT_EQ(EscapeMarkup("\xe2\x82<"), fffd + fffd + "&lt;");              // resynchronises at once
}

TEST(ReportCounts, PerFamilyInRunOrder) {
  SmallRun run;
  std::vector<FamilyTotals> f = CountByFamily(run.report);
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].family, "predicates");
  EXPECT_EQ(f[0].passed, 1);
  EXPECT_EQ(f[0].failed, 1);
  EXPECT_EQ(f[0].skipped, 0);
  EXPECT_EQ(f[1].family, "region");
  EXPECT_EQ(f[1].skipped, 1);
  EXPECT_EQ(run.report.unknown_ids, std::vector<std::string>{"no.such-clause"});
}

TEST(ReportHtmlPage, HeaderTotalsOneRowPerClauseAndEscapedFailures) {
  SmallRun run;
  std::string html = ReportHtml(run.report);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("<dd id=\"suite-version\">9.8.7</dd>"), std::string::npos);
  EXPECT_NE(html.find("Port &lt;b&gt;&amp;amp; co&lt;/b&gt; 1.0"), std::string::npos);
  EXPECT_NE(html.find("<dd id=\"preflight\" class=\"ok\">passed</dd>"), std::string::npos);
  EXPECT_NE(html.find("3 vectors: 1 passed, 1 failed, 1 skipped"), std::string::npos);
  EXPECT_EQ(Count(html, "<tr class=\"clause"), 4u);
  // grid.snap has neither a vector nor a test; pred.domain has a vector.
  EXPECT_NE(html.find("<tr class=\"clause uncovered\" id=\"clause-grid.snap\">"),
            std::string::npos);
  EXPECT_EQ(Count(html, "uncovered\""), 1u);
  EXPECT_NE(html.find("<tr class=\"clause failing\" id=\"clause-pred.domain\">"),
            std::string::npos);
  EXPECT_NE(html.find("Domain &lt;limits&gt;"), std::string::npos);
  EXPECT_NE(html.find("<td><code>Region.Union(a, &lt;b&gt;)</code> and more</td>"),
            std::string::npos);
  EXPECT_NE(html.find("<code>no.such-clause</code>"), std::string::npos);
  EXPECT_NE(html.find("1 vectors: operation X not supported"), std::string::npos);
  // The failure, escaped: no markup of the run's own reaches the page.
  EXPECT_EQ(Count(html, "<li class=\"failure\""), 1u);
  EXPECT_NE(html.find("got &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;"
                      "&#9;\\x01\xef\xbf\xbd end"),
            std::string::npos);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("<b>"), std::string::npos);
  EXPECT_EQ(html.find("://"), std::string::npos);  // nothing to load from elsewhere
  EXPECT_EQ(html.find("src="), std::string::npos);
}

TEST(ReportHtmlPage, NoFailuresSaysSo) {
  SmallRun run;
  Report r = run.report;
  r.outcomes = {{&run.suite.vectors[0], Status::kPass, ""}};
  r.passed = 1, r.failed = 0, r.skipped = 0;
  std::string html = ReportHtml(r);
  EXPECT_NE(html.find("No vector failed."), std::string::npos);
  EXPECT_EQ(Count(html, "<li class=\"failure\""), 0u);
}

TEST(ReportJunitXml, OneSuitePerFamilyOneCasePerVector) {
  SmallRun run;
  std::string xml = ReportJunit(run.report);
  EXPECT_EQ(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites ", 0), 0u);
  EXPECT_NE(xml.find("tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\">"), std::string::npos);
  EXPECT_EQ(Count(xml, "<testsuite "), 2u);
  EXPECT_NE(xml.find("<testsuite name=\"predicates\" tests=\"2\" failures=\"1\" errors=\"0\" "
                     "skipped=\"0\">"),
            std::string::npos);
  EXPECT_EQ(Count(xml, "<testcase "), 3u);
  EXPECT_NE(xml.find("<testcase name=\"p/1\" classname=\"predicates\" "
                     "file=\"golden/predicates/cases.jsonl\" line=\"1\"/>"),
            std::string::npos);
  EXPECT_EQ(Count(xml, "<failure "), 1u);
  EXPECT_EQ(Count(xml, "<skipped message=\"operation X not supported\"/>"), 1u);
  const std::string escaped =
      "got &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; "
      "&#39;y&#39;&#9;\\x01\xef\xbf\xbd "
      "end";
  EXPECT_NE(xml.find("<failure message=\"" + escaped + "\" type=\"divergence\">" + escaped +
                     "</failure>"),
            std::string::npos);
  EXPECT_EQ(xml.find("<script"), std::string::npos);
  // The header as properties of every testsuite.
  EXPECT_EQ(Count(xml, "<property name=\"suite_version\" value=\"9.8.7\"/>"), 2u);
  EXPECT_EQ(Count(xml,
                  "<property name=\"implementation\" value=\"Port &lt;b&gt;&amp;amp; co&lt;/b&gt; "
                  "1.0\"/>"),
            2u);
  EXPECT_EQ(Count(xml, "<property name=\"preflight\" value=\"passed\"/>"), 2u);
  EXPECT_EQ(Count(xml,
                  "<property name=\"preflight.num.no-contraction\" value=\"ok: a*b+c = "
                  "0x1p-52\"/>"),
            2u);
}

TEST(ReportJunitXml, ALongDivergenceIsCutInTheMessageOnly) {
  SmallRun run;
  std::string detail = "first difference: vertex 17; " + std::string(1200, 'x') + "é";
  run.report.outcomes[1].detail = detail;
  std::string xml = ReportJunit(run.report);
  std::size_t message = xml.find("<failure message=\"");
  ASSERT_NE(message, std::string::npos);
  std::size_t end = xml.find('"', message + 18);
  EXPECT_EQ(xml.substr(message + 18, end - message - 18), detail.substr(0, 1000) + " …");
  EXPECT_NE(xml.find(">" + detail + "</failure>"), std::string::npos);
}

TEST(ReportMarkdownAndJson, CarryTheHeader) {
  SmallRun run;
  std::string md = ReportMarkdown(run.report);
  EXPECT_NE(md.find("- Suite version: 9.8.7\n"), std::string::npos);
  EXPECT_NE(md.find("- Implementation: Port <b>&amp; co</b> 1.0\n"), std::string::npos);
  EXPECT_NE(md.find("- FP-environment preflight: passed\n"), std::string::npos);
  nlohmann::json j = ReportJson(run.report);
  EXPECT_EQ(j["suite_version"], "9.8.7");
  EXPECT_EQ(j["implementation"], "Port <b>&amp; co</b> 1.0");
  EXPECT_EQ(j["preflight"]["ok"], true);
  EXPECT_EQ(j["preflight"]["checks"].size(), 1u);
}

TEST(ReportFiles, AllFourFromOneRunEvenWithBytesThatAreNotUtf8) {
  SmallRun run;
  fs::path dir = fs::temp_directory_path() / ("onepath-report-test-" + std::to_string(getpid()));
  fs::remove_all(dir);
  WriteReports(run.report, dir);
  ASSERT_EQ(ReportFileNames().size(), 4u);
  for (const std::string& name : ReportFileNames()) {
    std::ifstream in(dir / name);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_NE(text.str().find("9.8.7"), std::string::npos) << name;
  }
  // The JSON replaces the stray byte instead of throwing.
  std::ifstream in(dir / "report.json");
  nlohmann::json j = nlohmann::json::parse(in);
  EXPECT_EQ(
      j["failures"][0]["detail"].get<std::string>().find("\xef\xbf\xbd end") != std::string::npos,
      true);
  fs::remove_all(dir);
}

// --- failures: in parts, grouped, on the console --------------------------------

namespace {

// A run of predicate vectors: `zeros` InCircle vectors answered with sign 0
// (alternately where 1 and -1 were expected), one Orient2D vector on which
// the adapter crashed, one that passed.
struct FailingRun {
  Suite suite;
  Report report;
  explicit FailingRun(int zeros) {
    suite.version = "1.0.0";
    suite.families = {"predicates"};
    for (int i = 0; i < zeros; ++i) {
      GoldenVector v = Vector("incircle/" + std::to_string(i), "predicates", {"pred.incircle"});
      v.op = "Predicates.InCircle";
      v.file = "predicates/incircle.jsonl";
      v.line = i + 1;
      v.sha256 = std::string(64, i % 2 ? 'b' : 'c');
      v.input = {{"a", {0, 0}}, {"b", {4, 0}}, {"c", {0, 4}}, {"d", {1, i}}};
      suite.vectors.push_back(v);
    }
    GoldenVector crash = Vector("orient2d/crash", "predicates", {"pred.orient2d"});
    crash.sha256 = std::string(64, 'd');
    crash.input = {{"a", {0.5, 0}}, {"b", {1, 0}}, {"c", {0, 1}}};
    suite.vectors.push_back(crash);
    suite.vectors.push_back(Vector("orient2d/passes", "predicates", {"pred.orient2d"}));
    std::vector<Outcome> outcomes;
    for (int i = 0; i < zeros; ++i)
      outcomes.push_back({&suite.vectors[static_cast<std::size_t>(i)], Status::kFail,
                          "sha256 ... first divergence: ...",
                          SignZero("pred.incircle", i % 2 ? "-1" : "1")});
    outcomes.push_back({&suite.vectors[static_cast<std::size_t>(zeros)], Status::kFail,
                        "the adapter ended while running this vector (exit status 3) and was "
                        "restarted; its stderr ends: boom"});
    outcomes.push_back({&suite.vectors.back(), Status::kPass, ""});
    report = BuildReport(suite, std::move(outcomes),
                         {{"pred.incircle", "In-circle", "predicates.md"},
                          {"pred.orient2d", "Orientation", "predicates.md"}},
                         TestResults{}, FpPreflight{}, "port");
  }
};

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

TEST(ReportFailures, JsonFailuresAreObjectsInParts) {
  FailingRun run(2);
  nlohmann::json f = ReportJson(run.report)["failures"];
  ASSERT_EQ(f.size(), 3u);
  EXPECT_EQ(f[0]["id"], "incircle/0");
  EXPECT_EQ(f[0]["category"], "divergence");
  EXPECT_EQ(f[0]["stage"], "sign");
  EXPECT_EQ(f[0]["clause"], "pred.incircle");
  EXPECT_EQ(f[0]["kind"], "sign 0 instead of 1");
  EXPECT_EQ(f[0]["element"], "/sign: 0, expected 1");
  EXPECT_EQ(f[0]["expected"], (nlohmann::json{{"sha256", std::string(64, 'c')}}));
  EXPECT_EQ(f[0]["got"], (nlohmann::json{{"sha256", std::string(64, 'a')}}));
  EXPECT_EQ(f[0]["input"], R"({"a":[0,0],"b":[4,0],"c":[0,4],"d":[1,0]})");
  EXPECT_EQ(f[0]["detail"], "sha256 ... first divergence: ...");
  // No answer: the adapter's failure, nothing got.
  EXPECT_EQ(f[2]["category"], "crash");
  EXPECT_EQ(f[2]["stage"], "adapter");
  EXPECT_TRUE(f[2]["got"].is_null());
  EXPECT_EQ(f[2]["expected"], (nlohmann::json{{"sha256", std::string(64, 'd')}}));
  nlohmann::json groups = ReportJson(run.report)["failure_groups"];
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0]["label"], "pred.incircle: sign 0 instead of ±1");
  EXPECT_EQ(groups[0]["count"], 2);
  EXPECT_EQ(groups[1]["label"], "adapter: crash");
}

TEST(ReportFailures, AdapterFailuresAreNamedFromTheRunnersWords) {
  EXPECT_EQ(AdapterFailureKind("no answer within 60 s (--timeout): adapter killed"), "timeout");
  EXPECT_EQ(AdapterFailureKind("the adapter ended while running this vector (exit status 3)"),
            "crash");
  EXPECT_EQ(AdapterFailureKind("malformed answer (not a JSON document): 'x'"), "malformed answer");
  EXPECT_EQ(AdapterFailureKind("not run: the adapter could not be restarted"), "not run");
  EXPECT_EQ(AdapterFailureKind("the derived output cannot be made: x"), "error");
}

TEST(ReportJunitXml, CrashesAreErrorsAndDivergencesFailures) {
  FailingRun run(2);
  std::string xml = ReportJunit(run.report);
  EXPECT_NE(xml.find("tests=\"4\" failures=\"2\" errors=\"1\" skipped=\"0\">"), std::string::npos)
      << xml.substr(0, 300);
  EXPECT_NE(xml.find("<testsuite name=\"predicates\" tests=\"4\" failures=\"2\" errors=\"1\" "
                     "skipped=\"0\">"),
            std::string::npos);
  EXPECT_EQ(Count(xml, "<failure "), 2u);
  EXPECT_EQ(Count(xml, "type=\"divergence\""), 2u);
  EXPECT_EQ(Count(xml, "<error "), 1u);
  EXPECT_NE(xml.find("<error message=\"the adapter ended while running this vector (exit status "
                     "3) and was restarted; its stderr ends: boom\" type=\"crash\">"),
            std::string::npos);
}

TEST(ReportConsole, IdenticalFailuresOfAClauseAreOneLineWithACount) {
  FailingRun run(19);
  std::vector<std::string> lines = Lines(FailureLines(run.report, 20, "r/report.md"));
  ASSERT_EQ(lines.size(), 2u);
  // The divergence in words first, then the input and the vector, hashes last.
  EXPECT_EQ(lines[0],
            "FAIL 19 × pred.incircle: sign 0 instead of ±1 — first: input "
            "{\"a\":[0,0],\"b\":[4,0],\"c\":[0,4],\"d\":[1,0]} — incircle/0 "
            "(predicates/incircle.jsonl:1); sha256 aaaaaaaaaaaa…, expected cccccccccccc…");
  EXPECT_EQ(lines[1].rfind("FAIL adapter: crash — the adapter ended while running this vector "
                           "(exit status 3) and was restarted; its stderr ends: boom; input ",
                           0),
            0u)
      << lines[1];
  EXPECT_NE(lines[1].find(" — orient2d/crash (predicates/cases.jsonl:1)"), std::string::npos);
  EXPECT_EQ(lines[1].find("sha256"), std::string::npos);  // no answer, no hash
  // A failure alone keeps its own words.
  FailingRun one(1);
  EXPECT_EQ(FailureLines(one.report, 20, "x")
                .rfind("FAIL pred.incircle: sign 0 instead of 1 — input {", 0),
            0u);
}

TEST(ReportConsole, SaysHowManyFailLinesItDidNotPrint) {
  FailingRun run(3);
  std::vector<std::string> lines = Lines(FailureLines(run.report, 1, "r/report.md"));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].rfind("FAIL 3 × pred.incircle", 0), 0u);
  EXPECT_EQ(lines[1],
            "… and 1 more FAIL line (1 vector), see r/report.md (--max-failures N prints N "
            "lines, 0 all)");
  EXPECT_EQ(Lines(FailureLines(run.report, 0, "r/report.md")).size(), 2u);  // 0: all
  EXPECT_EQ(Lines(FailureLines(run.report, 2, "r/report.md")).size(), 2u);  // all fit
  // Signs by what was got and expected.
  Report flipped = run.report;
  for (Outcome& o : flipped.outcomes)
    if (o.divergence) o.divergence->kind = "sign -1 instead of 1";
  EXPECT_NE(FailureLines(flipped, 0, "x").find("FAIL 3 × pred.incircle: sign ±1 instead of ∓1"),
            std::string::npos);
}

TEST(ReportConsole, ALongInputIsShownShort) {
  nlohmann::json points = {{"a", {-1215378.9768585982, -2491487.3680373738}},
                           {"b", {-327536.36597943865, -2069463.7272492694}},
                           {"c", {-1391233.6140939202, -988035.7778636832}},
                           {"d", {-1737701.0221377965, -2828723.1579618016}}};
  EXPECT_EQ(ShortInput("Predicates.InCircle", points),
            "a≈(-1.21538e+06, -2.49149e+06) b≈(-327536, -2.06946e+06) c≈(-1.39123e+06, "
            "-988036) d≈(-1.7377e+06, -2.82872e+06)");
  nlohmann::json tiles = {{"width", 40},
                          {"height", 1},
                          {"cellSize", 1.0},
                          {"origin", {0, 0}},
                          {"cells", std::string(40, '1')},
                          {"options", {{"SnapBits", 0}}}};
  tiles["note"] = std::string(100, 'x');  // too long to show whole
  EXPECT_EQ(ShortInput("Region.FromTileMap", tiles), "40x1 map: 40 cells, 40 solid");
}

// --- the clause table: what ran, and the reference's tests folded away ---------

TEST(ReportClauses, ClausesWithNothingRunAreFoldedAwayNotFlagged) {
  SmallRun run;
  // region.union: its one vector was skipped, no test names it.
  const ClauseRow& skipped = run.report.rows[2];
  EXPECT_EQ(skipped.clause.id, "region.union");
  EXPECT_EQ(skipped.in_suite, 1);
  EXPECT_TRUE(skipped.NothingRun());
  EXPECT_FALSE(skipped.Uncovered());
  std::string md = ReportMarkdown(run.report);
  std::size_t folded = md.find("<details><summary>1 clauses with nothing run");
  ASSERT_NE(folded, std::string::npos) << md;
  EXPECT_GT(md.find("| `region.union` |"), folded);
  EXPECT_LT(md.find("| `grid.snap` |"), folded);  // uncovered: in the main table, flagged
  std::string html = ReportHtml(run.report);
  std::size_t section = html.find("<details id=\"clauses-not-run\">");
  ASSERT_NE(section, std::string::npos);
  EXPECT_GT(html.find("id=\"clause-region.union\""), section);
  EXPECT_LT(html.find("id=\"clause-grid.snap\""), section);
  nlohmann::json rows = ReportJson(run.report)["clauses"];
  EXPECT_EQ(rows[2]["nothing_run"], true);
  EXPECT_EQ(rows[2]["in_suite"], 1);
  EXPECT_EQ(rows[3]["nothing_run"], false);
  // A vector that was not selected does not make its clause uncovered.
  Suite suite = run.suite;
  Report filtered = BuildReport(suite, {{&suite.vectors[0], Status::kPass, ""}},
                                {{"pred.orient2d", "O", "p.md"}, {"region.union", "U", "r.md"}},
                                TestResults{}, FpPreflight{}, "x");
  EXPECT_FALSE(filtered.rows[1].Uncovered());
  EXPECT_TRUE(filtered.rows[1].NothingRun());
}

TEST(ReportClauses, OnlyRunPrintsTheClausesSomethingRanFor) {
  SmallRun run;
  std::string all = ReportSummary(run.report);
  std::string ran = ReportSummary(run.report, true);
  EXPECT_NE(all.find("region.union"), std::string::npos);
  EXPECT_NE(all.find("grid.snap"), std::string::npos);
  EXPECT_EQ(ran.find("region.union"), std::string::npos);
  EXPECT_EQ(ran.find("grid.snap"), std::string::npos);
  EXPECT_NE(ran.find("pred.orient2d"), std::string::npos);
  EXPECT_NE(ran.find("pred.domain"), std::string::npos);
  EXPECT_NE(ran.find("(2 clauses with nothing run not shown: --only-run)"), std::string::npos);
}

TEST(ReportClauses, TheReferencesTestNamesAreFoldedAway) {
  SmallRun run;
  std::string md = ReportMarkdown(run.report);
  EXPECT_NE(md.find("| `pred.orient2d` | Orientation | 1 | 1 | 0 | 2 tests |"), std::string::npos)
      << md;
  std::size_t fold = md.find("<details><summary>The reference's tests and fuzz targets per clause");
  ASSERT_NE(fold, std::string::npos);
  EXPECT_GT(md.find("- `pred.orient2d`: `Predicates.Orient2DSigns`, `fuzz.predicates`"), fold);
  std::string html = ReportHtml(run.report);
  EXPECT_NE(html.find("<td class=\"tests\"><details><summary>2 tests</summary><code>Predicates."
                      "Orient2DSigns</code>, <code>fuzz.predicates</code></details></td>"),
            std::string::npos);
}

TEST(ReportClauses, WithoutTestResultsAClauseWithoutVectorIsNotCalledUncovered) {
  SmallRun run;
  Report unknown =
      BuildReport(run.suite, run.report.outcomes, {{"grid.snap", "Snapping", "grid.md"}},
                  TestResults{}, run.report.preflight, "x");
  std::string summary = ReportSummary(unknown);
  EXPECT_NE(summary.find("<- no vector (tests unknown)"), std::string::npos) << summary;
  EXPECT_EQ(summary.find("uncovered"), std::string::npos);
  EXPECT_NE(ReportSummary(run.report).find("grid.snap"), std::string::npos);
  EXPECT_NE(ReportSummary(run.report).find("<- uncovered: no vector, no test"), std::string::npos);
}

// --- golden-only coverage in the header -----------------------------------------

TEST(ReportGoldenCoverage, TheFiguresOfGoldenCoverageShAreInTheHeader) {
  fs::path dir = fs::temp_directory_path() / ("onepath-golden-cov-" + std::to_string(getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "ok.json") << R"({"lines_pct": 88.04, "branches_pct": 64, )"
                                 << R"("normative_lines_pct": 95.5, "normative_branches_pct": )"
                                 << R"(80.25, "unreached": [], "lines": {"covered": 1}})";
  GoldenCoverage c = ReadGoldenCoverage(dir / "ok.json");
  EXPECT_EQ(c.lines_pct, 88.04);
  EXPECT_EQ(c.normative_branches_pct, 80.25);
  SmallRun run;
  EXPECT_NE(ReportMarkdown(run.report).find("- Golden-only coverage: not given"),
            std::string::npos);
  run.report.golden_coverage = c;
  const std::string figures =
      "lines 88.0 %, branches 64.0 %; normative part: lines 95.5 %, branches 80.2 %";
  EXPECT_NE(ReportMarkdown(run.report)
                .find("- Golden-only coverage: of src/ by the golden replay alone: " + figures),
            std::string::npos)
      << ReportMarkdown(run.report);
  EXPECT_NE(ReportHtml(run.report)
                .find("<dd id=\"golden-coverage\">of src/ by the golden replay "
                      "alone: " +
                      figures),
            std::string::npos);
  EXPECT_EQ(ReportJson(run.report)["golden_coverage"]["normative_lines_pct"], 95.5);
  EXPECT_NE(ReportJunit(run.report).find("<property name=\"golden_coverage\" value=\"of src/"),
            std::string::npos);
  EXPECT_NE(ReportSummary(run.report).find("golden-only coverage: " + figures), std::string::npos);
  // A file without a figure, with one out of range, or not JSON is refused.
  std::ofstream(dir / "missing.json") << R"({"lines_pct": 88, "branches_pct": 64})";
  std::ofstream(dir / "range.json") << R"({"lines_pct": 880, "branches_pct": 64, )"
                                    << R"("normative_lines_pct": 1, "normative_branches_pct": 1})";
  std::ofstream(dir / "text.json") << "lines 88 %";
  for (const char* bad : {"missing.json", "range.json", "text.json", "absent.json"})
    EXPECT_THROW(ReadGoldenCoverage(dir / bad), std::runtime_error) << bad;
  try {
    ReadGoldenCoverage(dir / "missing.json");
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("\"normative_lines_pct\" is missing"), std::string::npos);
  }
  fs::remove_all(dir);
}

// --- the test results the report credits ------------------------------------

namespace {

// A fresh directory for hand-written XML files, removed afterwards.
struct ResultsDir {
  fs::path dir = fs::temp_directory_path() / ("onepath-results-test-" + std::to_string(getpid()));
  ResultsDir() {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~ResultsDir() { fs::remove_all(dir); }
  void Write(const std::string& name, const std::string& text) const {
    std::ofstream(dir / name) << text;
  }
};

// GoogleTest 1.12's form: properties as child elements.
const char* kUnitXml = R"(<?xml version="1.0" encoding="UTF-8"?>
<testsuites tests="5" failures="1" disabled="1" errors="0" name="AllTests">
  <testsuite name="Cdt" tests="5" failures="1" disabled="1" skipped="1" errors="0">
    <testcase name="Passes" file="t.cpp" line="1" status="run" result="completed" classname="Cdt">
      <properties>
        <property name="clauses" value="cdt.input cdt.order &amp; "/>
      </properties>
    </testcase>
    <testcase name="Fails" file="t.cpp" line="2" status="run" result="completed" classname="Cdt">
      <failure message="boom" type=""><![CDATA[t.cpp:2
boom]]></failure>
      <properties>
        <property name="clauses" value="cdt.flip"/>
      </properties>
    </testcase>
    <testcase name="Skips" file="t.cpp" line="3" status="run" result="skipped" classname="Cdt">
      <skipped message="no chromium"><![CDATA[]]></skipped>
      <properties>
        <property name="clauses" value="cdt.locate"/>
      </properties>
    </testcase>
    <testcase name="DISABLED_Off" file="t.cpp" line="4" status="notrun" result="suppressed" classname="Cdt">
      <properties>
        <property name="clauses" value="cdt.split"/>
      </properties>
    </testcase>
    <testcase name="NamesNothing" file="t.cpp" line="5" status="run" result="completed" classname="Cdt" />
  </testsuite>
</testsuites>
)";

}  // namespace

TEST(TestResults, OnlyTestsThatRanAndPassedAreCredited) {
  ResultsDir d;
  d.Write("unit.xml", kUnitXml);
  // An older GoogleTest's form: the property as an attribute of <testcase>.
  d.Write("old.xml",
          "<testsuites><testsuite name=\"Old\"><testcase name=\"Attr\" status=\"run\" "
          "classname=\"Old\" clauses=\"cdt.input\"/></testsuite></testsuites>");
  d.Write("notes.txt", "not read");
  TestResults t = ReadTestResults(d.dir);
  EXPECT_TRUE(t.known);
  EXPECT_EQ(t.files, (std::vector<std::string>{"old.xml", "unit.xml"}));
  EXPECT_EQ(t.passed, 3);
  EXPECT_EQ(t.failed, 1);
  EXPECT_EQ(t.skipped, 1);
  EXPECT_EQ(t.not_run, 1);
  using Names = std::vector<std::string>;
  EXPECT_EQ(t.coverage["cdt.input"], (Names{"Cdt.Passes", "Old.Attr"}));
  EXPECT_EQ(t.coverage["cdt.order"], (Names{"Cdt.Passes"}));
  EXPECT_EQ(t.coverage["&"], (Names{"Cdt.Passes"}));  // entities decoded
  EXPECT_EQ(t.coverage.count("cdt.flip"), 0u);        // failed
  EXPECT_EQ(t.coverage.count("cdt.locate"), 0u);      // skipped
  EXPECT_EQ(t.coverage.count("cdt.split"), 0u);       // not run
}

TEST(TestResults, ADirectoryWithoutResultsOrWithBrokenXmlIsRefused) {
  ResultsDir d;
  EXPECT_THROW(ReadTestResults(d.dir / "missing"), std::runtime_error);
  EXPECT_THROW(ReadTestResults(d.dir), std::runtime_error);  // no *.xml
  d.Write("cut.xml", std::string(kUnitXml).substr(0, 300));
  EXPECT_THROW(ReadTestResults(d.dir), std::runtime_error);
  fs::remove(d.dir / "cut.xml");
  d.Write("junit.xml", "<testsuite name=\"x\"/>");
  EXPECT_THROW(ReadTestResults(d.dir), std::runtime_error);  // not GoogleTest's root
}

TEST(TestResults, TheReportCreditsThemOrSaysCoverageIsUnknown) {
  SmallRun run;
  const Report& known = run.report;
  EXPECT_EQ(known.rows[0].tests,
            (std::vector<std::string>{"Predicates.Orient2DSigns", "fuzz.predicates"}));
  EXPECT_TRUE(known.rows[1].tests.empty());
  EXPECT_NE(ReportMarkdown(known).find("| `pred.domain` | Domain <limits> | 0 | 1 | 0 | vectors "
                                       "only |"),
            std::string::npos);
  EXPECT_NE(ReportMarkdown(known).find("**no vector and no test**"), std::string::npos);
  EXPECT_NE(TestCoverageSentence(known).find("2 passed"), std::string::npos);
  EXPECT_EQ(ReportJson(known)["test_results"]["known"], true);
  EXPECT_EQ(ReportJson(known)["test_results"]["files"].size(), 2u);

  Report unknown = BuildReport(
      run.suite, known.outcomes,
      {{"pred.orient2d", "Orientation", "predicates.md"}, {"grid.snap", "Snapping", "grid.md"}},
      TestResults{}, known.preflight, "x");
  EXPECT_TRUE(unknown.rows[0].tests.empty());
  EXPECT_TRUE(unknown.rows[1].Uncovered());
  const std::string md = ReportMarkdown(unknown);
  EXPECT_NE(md.find("- Test coverage: unknown: no test results were given"), std::string::npos);
  EXPECT_NE(md.find("| `pred.orient2d` | Orientation | 1 | 1 | 0 | tests unknown |"),
            std::string::npos);
  EXPECT_NE(md.find("**no vector; tests unknown**"), std::string::npos);
  EXPECT_EQ(md.find("vectors only"), std::string::npos);
  EXPECT_NE(ReportHtml(unknown).find("<p id=\"test-coverage\" class=\"bad\">Test coverage: "
                                     "unknown"),
            std::string::npos);
  EXPECT_EQ(ReportJson(unknown)["test_results"]["known"], false);
  EXPECT_NE(ReportSummary(unknown).find("tests: unknown"), std::string::npos);
}

TEST(ClauseScan, EveryLiteralOfEveryCallCounts) {
  ResultsDir d;
  d.Write("t.cpp",
          "TEST(A, B) {\n  CLAUSE(\"cdt.input\");\n  CLAUSE(\"cdt.flip cdt.split\");\n}\n"
          "TEST(A, C) {\n  CLAUSE(\n      \"cdt.locate \"\n      \"cdt.promise\");\n}\n"
          "// clauses: cdt.order\n");
  std::map<std::string, std::vector<std::string>> named = ScanClauseNames({d.dir}, d.dir);
  std::vector<std::string> ids;
  for (const auto& [id, files] : named) {
    ids.push_back(id);
    EXPECT_EQ(files, std::vector<std::string>{"t.cpp"}) << id;
  }
  EXPECT_EQ(ids, (std::vector<std::string>{"cdt.flip", "cdt.input", "cdt.locate", "cdt.order",
                                           "cdt.promise", "cdt.split"}));
}

TEST(ClauseMacro, EveryCallAddsItsIdsOnceInTheOrderFirstNamed) {
  std::vector<std::string> named;
  EXPECT_EQ(AddClauses(named, "cdt.input cdt.order"), "cdt.input cdt.order");
  EXPECT_EQ(AddClauses(named, "cdt.flip"), "cdt.input cdt.order cdt.flip");
  EXPECT_EQ(AddClauses(named, " cdt.order  cdt.split cdt.input"),
            "cdt.input cdt.order cdt.flip cdt.split");
  EXPECT_EQ(AddClauses(named, ""), "cdt.input cdt.order cdt.flip cdt.split");
}
