// The compliance report as JUnit XML, for CI systems: one testsuite per
// golden family, one testcase per vector run (name = vector id, classname =
// family); a failed vector carries <failure> with the divergence in words, a
// skipped one <skipped>. Every text from the run goes through EscapeMarkup.
#include <fmt/format.h>

#include "conformance/runner/report.hpp"

namespace onepath::conformance {

namespace {

// A failure message is an attribute that CI systems show on one line: the
// detail's first 1000 bytes, cut at a character boundary. The element's
// text holds the whole detail.
std::string Message(const std::string& detail) {
  constexpr std::size_t kMost = 1000;
  if (detail.size() <= kMost) return detail;
  std::size_t cut = kMost;
  while (cut > 0 && (static_cast<unsigned char>(detail[cut]) & 0xC0) == 0x80) --cut;
  return detail.substr(0, cut) + " …";
}

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
  for (const FpCheck& c : r.preflight.checks)
    property("preflight." + c.clause, fmt::format("{}: {}", c.passed ? "ok" : "FAIL", c.detail));
  return s + indent + "</properties>\n";
}

}  // namespace

std::string ReportJunit(const Report& r) {
  std::string xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  xml += fmt::format(
      "<testsuites name=\"OnePath Mesh conformance\" tests=\"{}\" failures=\"{}\" errors=\"0\" "
      "skipped=\"{}\">\n",
      r.outcomes.size(), r.failed, r.skipped);
  for (const FamilyTotals& f : CountByFamily(r)) {
    xml += fmt::format(
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"{}\">\n",
        EscapeMarkup(f.family), f.passed + f.failed + f.skipped, f.failed, f.skipped);
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
        xml += fmt::format(">\n      <failure message=\"{}\" type=\"divergence\">{}</failure>\n",
                           EscapeMarkup(Message(o.detail)), EscapeMarkup(o.detail));
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
