// `onepath`: the conformance suite's command line.
//
//   onepath conformance   replay every golden family against the reference,
//                         print a per-clause summary, write report.md/.json
//   onepath preflight     check the FP environment (num.*) and exit
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <string>

#include "conformance/runner/clauses.hpp"
#include "conformance/runner/golden.hpp"
#include "conformance/runner/report.hpp"
#include "conformance/runner/runner.hpp"
#include "onepath/core/fp_environment.hpp"

namespace fs = std::filesystem;
using namespace onepath;
using namespace onepath::conformance;

namespace {

std::string Implementation() {
#if defined(__clang__)
  const char* compiler = "clang";
#elif defined(__GNUC__)
  const char* compiler = "gcc";
#else
  const char* compiler = "c++";
#endif
  return fmt::format("OnePath Mesh reference {} (built-in; {} {})", ONEPATH_VERSION, compiler,
                     __VERSION__);
}

int Preflight(bool quiet) {
  FpPreflight p = RunFpPreflight();
  if (!p.ok()) {
    std::fprintf(stderr, "FP-environment preflight FAILED: results would not be bit-exact.\n%s",
                 p.Summary().c_str());
    return 3;
  }
  if (!quiet) std::printf("FP-environment preflight passed:\n%s", p.Summary().c_str());
  return 0;
}

struct ConformanceOptions {
  std::string source_dir = ONEPATH_SOURCE_DIR;
  std::string golden_dir;
  std::string spec_dir;
  std::string report_dir = "conformance-report";
  std::vector<std::string> families;
  std::vector<std::string> clauses;
  std::string shard = "1/1";
  bool quiet = false;
};

int Conformance(const ConformanceOptions& o) {
  // The preflight runs first: without plain IEEE arithmetic no hash means anything.
  FpPreflight preflight = RunFpPreflight();
  if (!preflight.ok()) {
    std::fprintf(stderr, "FP-environment preflight FAILED:\n%s", preflight.Summary().c_str());
    return 3;
  }
  Selection sel;
  sel.families = o.families;
  sel.clauses = o.clauses;
  if (std::sscanf(o.shard.c_str(), "%d/%d", &sel.shard_index, &sel.shard_count) != 2 ||
      sel.shard_count < 1 || sel.shard_index < 1 || sel.shard_index > sel.shard_count) {
    std::fprintf(stderr, "--shard takes k/n with 1 <= k <= n, got '%s'\n", o.shard.c_str());
    return 2;
  }
  sel.shard_index -= 1;

  fs::path source(o.source_dir);
  fs::path golden = o.golden_dir.empty() ? source / "golden" : fs::path(o.golden_dir);
  fs::path spec = o.spec_dir.empty() ? source / "docs" / "spec" : fs::path(o.spec_dir);

  Suite suite = LoadSuite(golden);
  for (const std::string& f : sel.families) {
    if (std::find(suite.families.begin(), suite.families.end(), f) == suite.families.end()) {
      std::fprintf(stderr, "unknown family '%s'\n", f.c_str());
      return 2;
    }
  }
  bool tty = !o.quiet && isatty(fileno(stderr));
  std::vector<Outcome> outcomes = RunSuite(suite, sel, [&](std::size_t done, std::size_t total) {
    if (tty && (done == total || done % 256 == 0))
      std::fprintf(stderr, "\r  replaying golden vectors: %zu/%zu", done, total);
  });
  if (tty) std::fprintf(stderr, "\n");

  std::vector<Clause> clauses = LoadClauses(spec);
  auto coverage = ScanCoverage({source / "conformance", source / "fuzz"}, source);
  Report report =
      BuildReport(suite, std::move(outcomes), clauses, coverage, preflight, Implementation());
  WriteReports(report, o.report_dir);

  if (!o.quiet) {
    std::printf("%s\nsuite %s, %zu vectors in %zu families\n", report.implementation.c_str(),
                suite.version.c_str(), suite.vectors.size(), suite.families.size());
    std::printf("%s", ReportSummary(report).c_str());
    std::printf("reports: %s, %s\n", (fs::path(o.report_dir) / "report.md").c_str(),
                (fs::path(o.report_dir) / "report.json").c_str());
  }
  int shown = 0;
  for (const Outcome& out : report.outcomes) {
    if (out.status != Status::kFail) continue;
    if (shown++ < 20)
      std::fprintf(stderr, "FAIL %s (%s:%d): %s\n", out.vector->id.c_str(),
                   out.vector->file.c_str(), out.vector->line, out.detail.c_str());
  }
  if (report.failed > 0) {
    std::fprintf(stderr, "%d of %zu vectors failed\n", report.failed, report.outcomes.size());
    return 1;
  }
  if (o.quiet) std::printf("%d passed, 0 failed\n", report.passed);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"OnePath Mesh reference: conformance suite and tools"};
  app.set_version_flag("--version", std::string(ONEPATH_VERSION));
  app.require_subcommand(1);

  ConformanceOptions co;
  CLI::App* conf = app.add_subcommand(
      "conformance",
      "Replay the golden vectors against the reference; write the compliance report");
  conf->add_option("--source-dir", co.source_dir, "Repository root (golden/, docs/spec/)")
      ->capture_default_str();
  conf->add_option("--golden-dir", co.golden_dir, "Golden vectors (default: SOURCE/golden)");
  conf->add_option("--spec-dir", co.spec_dir, "Clause ids (default: SOURCE/docs/spec)");
  conf->add_option("--report-dir", co.report_dir, "Where report.md and report.json go")
      ->capture_default_str();
  conf->add_option("--family", co.families, "Only these families (repeatable)");
  conf->add_option("--clause", co.clauses, "Only vectors naming these clause ids (repeatable)");
  conf->add_option("--shard", co.shard, "Run shard k of n (k/n, 1-based)")->capture_default_str();
  conf->add_flag("-q,--quiet", co.quiet, "Print only failures and a closing count");

  bool pre_quiet = false;
  CLI::App* pre = app.add_subcommand("preflight", "Check the FP environment (num.*) and exit");
  pre->add_flag("-q,--quiet", pre_quiet, "Print only on failure");

  CLI11_PARSE(app, argc, argv);
  try {
    if (*conf) return Conformance(co);
    if (*pre) return Preflight(pre_quiet);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "onepath: %s\n", e.what());
    return 2;
  }
  return 0;
}
