// The compliance report as JUnit XML, for CI systems: one testsuite per
// golden family, one testcase per vector run (name = vector id, classname =
// family); a vector the implementation answered wrongly carries <failure
// type="divergence"> with the divergence in words, one it gave no answer
// for <error type="crash|timeout|malformed answer|not run|error">
// (FailureFacts::category), a skipped one <skipped>. Every text from the
// run goes through EscapeMarkup.
#include <fmt/format.h>

#include <map>

#include "conformance/runner/report.hpp"

namespace onepath::conformance {

namespace {

// A failure message is an attribute that CI systems show on one line: the
// detail's first 1000 bytes, cut at a character boundary. The element's
// text holds the whole detail.
std::string Message(const std::string& detail) { return Shorten(detail, 1000); }

std::string Properties(const Report& r, const std::string& indent) {
  std::string s = indent + "<properties>\n";
  auto property = [&](const std::string& name, const std::string& value) {
    s += fmt::format("{}  <property name=\"{}\" value=\"{}\"/>\n", indent, EscapeMarkup(name),
                     EscapeMarkup(value));
  };
  property("suite_version", r.suite_version);
  property("implementation", r.implementation);
  if (!r.operations.empty())
    property("operations", fmt::format("{}", fmt::join(r.operations, ",")));
  if (!r.verdict.empty()) property("verdict", r.verdict);
  property("preflight", r.preflight.ok() ? "passed" : "FAILED");
  property("test_coverage", TestCoverageSentence(r));
  property("golden_coverage", GoldenCoverageSentence(r));
  for (const FpCheck& c : r.preflight.checks)
    property("preflight." + c.clause, fmt::format("{}: {}", c.passed ? "ok" : "FAIL", c.detail));
  return s + indent + "</properties>\n";
}

}  // namespace

std::string ReportJunit(const Report& r) {
  // Failures without an answer are errors, per family and in all.
  std::map<std::string, int> errors;
  int all_errors = 0;
  for (const Outcome& o : r.outcomes)
    if (o.status == Status::kFail && !o.divergence) {
      ++errors[o.vector->family];
      ++all_errors;
    }
  std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  xml += fmt::format(
      "<testsuites name=\"OnePath Mesh conformance\" tests=\"{}\" failures=\"{}\" "
      "errors=\"{}\" skipped=\"{}\">\n",
      r.outcomes.size(), r.failed - all_errors, all_errors, r.skipped);
  for (const FamilyTotals& f : CountByFamily(r)) {
    int e = errors[f.family];
    xml += fmt::format(
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">\n",
        EscapeMarkup(f.family), f.passed + f.failed + f.skipped, f.failed - e, e, f.skipped);
    xml += Properties(r, "    ");
    for (const Outcome& o : r.outcomes) {
      const GoldenVector& v = *o.vector;
      if (v.family != f.family) continue;
      xml +=
          fmt::format("    <testcase name=\"{}\" classname=\"{}\" file=\"golden/{}\" line=\"{}\"",
                      EscapeMarkup(v.id), EscapeMarkup(v.family), EscapeMarkup(v.file), v.line);
      if (o.status == Status::kPass) {
        xml += "/>\n";
      } else if (o.status == Status::kFail) {
        FailureFacts facts = FactsOf(o);
        const char* element = facts.IsError() ? "error" : "failure";
        xml += fmt::format(">\n      <{0} message=\"{1}\" type=\"{2}\">{3}</{0}>\n", element,
                           EscapeMarkup(Message(o.detail)), EscapeMarkup(facts.category),
                           EscapeMarkup(o.detail));
        xml += "    </testcase>\n";
      } else {
        xml += fmt::format(">\n      <skipped message=\"{}\"/>\n    </testcase>\n",
                           EscapeMarkup(o.detail));
      }
    }
    xml += "  </testsuite>\n";
  }
  return xml + "</testsuites>\n";
}

}  // namespace onepath::conformance
