// `onepath`: the conformance suite's command line.
//
//   onepath conformance   replay the golden vectors against the reference, or
//                         against a port through its adapter (--impl), print
//                         a per-clause summary, write the compliance report
//                         (report.md, .json, .html, .junit.xml); with
//                         --test-results, credit clauses with the tests
//                         that ran
//   onepath preflight     check the FP environment (num.*) and exit
//   onepath generate      write a seeded generator's shapes (the noisy tile
//                         map, the pillar rooms) as golden-vector inputs, or
//                         a 3D level as OBJ
//                         (generate.hpp)
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "conformance/runner/adapter_client.hpp"
#include "conformance/runner/clauses.hpp"
#include "conformance/runner/golden.hpp"
#include "conformance/runner/metamorphic.hpp"
#include "conformance/runner/report.hpp"
#include "conformance/runner/runner.hpp"
#include "conformance/runner/test_results.hpp"
#include "onepath/core/fp_environment.hpp"
#include "tools/onepath/generate.hpp"
#include "tools/onepath/reduce.hpp"
#include "tools/onepath/terminal_line.hpp"

namespace fs = std::filesystem;
using namespace onepath;
using namespace onepath::conformance;

namespace {

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
  std::string test_results;  // GoogleTest XML of the tests that ran (test_results.hpp)
  std::vector<std::string> families;
  std::vector<std::string> clauses;
  std::vector<std::string> ids;
  std::string shard = "1/1";
  std::string impl;
  double timeout = 60;
  std::string adapter_log;
  std::string trace;
  bool quiet = false;
  bool metamorphic = true;  // derived checks (conformance/runner/metamorphic.hpp)

  int max_failures = 20;        // FAIL lines printed (FailureLines; 0: all)
  bool only_run = false;        // the clause table: only clauses something ran for
  std::string golden_coverage;  // tools/golden-coverage.sh's JSON, for the header
};

// "\r  1234/6458 vectors  0 failed  12 skipped" on a terminal (TerminalLine).
class Progress {
 public:
  explicit Progress(bool enabled) : line_(enabled) {}
  void Update(std::size_t done, std::size_t total, const Outcome& last) {
    (last.status == Status::kFail ? failed_ : last.status == Status::kSkip ? skipped_ : passed_)++;
    line_.Show(
        fmt::format("  {}/{} vectors  {} failed  {} skipped", done, total, failed_, skipped_),
        done == total);
  }

 private:
  tools::TerminalLine line_;
  std::size_t passed_ = 0, failed_ = 0, skipped_ = 0;
};

int Conformance(const ConformanceOptions& o) {
  // The preflight runs first: without plain IEEE arithmetic no hash means
  // anything (with --impl the reference still decodes expected outputs).
  FpPreflight preflight = RunFpPreflight();
  if (!preflight.ok()) {
    std::fprintf(stderr, "FP-environment preflight FAILED:\n%s", preflight.Summary().c_str());
    return 3;
  }
  Selection sel;
  sel.families = o.families;
  sel.clauses = o.clauses;
  sel.ids = o.ids;
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
  for (const std::string& id : sel.ids) {
    if (std::none_of(suite.vectors.begin(), suite.vectors.end(),
                     [&](const GoldenVector& v) { return v.id == id; })) {
      std::fprintf(stderr, "unknown vector id '%s'\n", id.c_str());
      return 2;
    }
  }
  // Read before the run, so a wrong directory stops it at once.
  TestResults tests;
  if (!o.test_results.empty()) {
    try {
      tests = ReadTestResults(o.test_results);
    } catch (const std::runtime_error& e) {
      std::fprintf(stderr, "onepath: --test-results: %s\n", e.what());
      return 2;
    }
  }
  std::optional<GoldenCoverage> golden_coverage;
  if (!o.golden_coverage.empty()) {
    try {
      golden_coverage = ReadGoldenCoverage(o.golden_coverage);
    } catch (const std::runtime_error& e) {
      std::fprintf(stderr, "onepath: --golden-coverage: %s\n", e.what());
      return 2;
    }
  }
  fs::create_directories(o.report_dir);

  std::string implementation = ReferenceIdentity(ONEPATH_VERSION, "built-in");
  std::unique_ptr<AdapterSession> adapter;
  fs::path adapter_log = o.adapter_log.empty() ? fs::path(o.report_dir) / "adapter-stderr.log"
                                               : fs::path(o.adapter_log);
  if (!o.impl.empty()) {
    AdapterOptions ao;
    ao.command = o.impl;
    ao.suite_version = suite.version;
    ao.timeout_seconds = o.timeout;
    ao.log = adapter_log;
    ao.trace = o.trace;
    try {
      adapter = std::make_unique<AdapterSession>(ao);
    } catch (const AdapterError& e) {
      std::fprintf(stderr, "onepath: cannot use the adapter '%s': %s\n", o.impl.c_str(), e.what());
      return 2;
    }
    implementation = fmt::format("{} (adapter: {})", adapter->handshake().implementation, o.impl);
  }

  SuiteRun run;
  {
    Progress progress(!o.quiet && isatty(fileno(stderr)));
    auto update = [&](std::size_t done, std::size_t total, const Outcome& last) {
      progress.Update(done, total, last);
    };
    AskFn ask = AskReference;
    if (adapter)
      ask = [&](const std::string& id, const std::string& op, const nlohmann::json& input) {
        return adapter->Ask(id, op, input);
      };
    run = RunSuiteWithChecks(suite, sel, ask, o.metamorphic, update);
  }
  if (adapter) {
    std::string ended = adapter->Close();
    if (!ended.empty() && ended != "exit status 0")
      std::fprintf(stderr, "onepath: warning: after the shutdown the adapter ended with %s\n",
                   ended.c_str());
  }

  std::vector<Clause> clauses = LoadClauses(spec);
  Report report = BuildReport(suite, std::move(run.outcomes), clauses, std::move(tests), preflight,
                              implementation);
  report.golden_coverage = golden_coverage;
  WriteReports(report, o.report_dir);

  if (!o.quiet) {
    std::printf("%s\nsuite %s, %zu vectors in %zu families\n", report.implementation.c_str(),
                suite.version.c_str(), suite.vectors.size(), suite.families.size());
    if (adapter) {
      std::printf("adapter: %zu operations supported, %d restarts; its stderr: %s\n",
                  adapter->handshake().operations.size(), adapter->restarts(), adapter_log.c_str());
    }
    std::printf("%s", ReportSummary(report, o.only_run).c_str());
    std::string files;
    for (const std::string& name : ReportFileNames())
      files += (files.empty() ? "" : ", ") + (fs::path(o.report_dir) / name).string();
    std::printf("reports: %s\n", files.c_str());
  }
  std::fprintf(stderr, "%s",
               FailureLines(report, o.max_failures, (fs::path(o.report_dir) / "report.md").string())
                   .c_str());
  if (report.failed > 0) {
    std::fprintf(stderr, "%d of %zu vectors failed\n", report.failed, report.outcomes.size());
    return 1;
  }
  if (report.outcomes.size() == static_cast<std::size_t>(report.skipped))
    std::fprintf(stderr, "onepath: warning: no vector was run\n");
  if (o.quiet) {
    std::printf("%d passed, 0 failed%s\n", report.passed,
                report.skipped ? fmt::format(", {} skipped", report.skipped).c_str() : "");
  }
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
      "Replay the golden vectors against the reference, or against your port through its "
      "adapter (--impl, docs/adapter-protocol.md); write the compliance report.\n"
      "Exit status: 0 nothing failed (skips allowed), 1 a vector failed, 2 usage or adapter "
      "start-up error, 3 FP-environment preflight failed.");
  conf->add_option("--impl", co.impl,
                   "Run this implementation instead of the built-in reference: a command "
                   "(run by /bin/sh -c) that speaks the adapter protocol on stdin/stdout, "
                   "e.g. 'python3 my_adapter.py'")
      ->type_name("COMMAND");
  conf->add_option("--timeout", co.timeout,
                   "With --impl: seconds the adapter may take per vector (and for the "
                   "handshake); a late one fails the vector and the adapter is restarted")
      ->check(CLI::PositiveNumber)
      ->type_name("SECONDS")
      ->capture_default_str();
  conf->add_option("--family", co.families, "Only these families (repeatable)")
      ->type_name("FAMILY");
  conf->add_option("--clause", co.clauses, "Only vectors naming these clause ids (repeatable)")
      ->type_name("CLAUSE");
  conf->add_option("--vector", co.ids, "Only the vectors with these ids (repeatable)")
      ->type_name("ID");
  conf->add_option("--shard", co.shard,
                   "Run shard k of n (k/n, 1-based): the vectors whose index in the suite is "
                   "k-1 modulo n")
      ->type_name("k/n")
      ->capture_default_str();
  conf->add_option("--source-dir", co.source_dir, "Repository root (golden/, docs/spec/)")
      ->type_name("DIR")
      ->capture_default_str();
  conf->add_option("--golden-dir", co.golden_dir, "Golden vectors (default: SOURCE/golden)")
      ->type_name("DIR");
  conf->add_option("--spec-dir", co.spec_dir, "Clause ids (default: SOURCE/docs/spec)")
      ->type_name("DIR");
  conf->add_option("--report-dir", co.report_dir,
                   "Where the report goes: report.md, report.json, report.html (one "
                   "self-contained page), report.junit.xml (JUnit XML for CI)")
      ->type_name("DIR")
      ->capture_default_str();
  conf->add_option("--test-results", co.test_results,
                   "Credit each clause with the tests that ran and passed: a directory of "
                   "GoogleTest XML files (a meson build's BUILDDIR/test-results, written by "
                   "meson test). Without it the report says test coverage is unknown")
      ->type_name("DIR");
  conf->add_option("--adapter-log", co.adapter_log,
                   "With --impl: write the adapter's stderr to this file (default: "
                   "REPORT_DIR/adapter-stderr.log)")
      ->type_name("FILE");
  conf->add_option("--trace", co.trace,
                   "With --impl: write every protocol line to this file, '> ' sent, '< ' "
                   "received")
      ->type_name("FILE");
  conf->add_flag("-q,--quiet", co.quiet, "Print only failures and a closing count");
  conf->add_option("--max-failures", co.max_failures,
                   "FAIL lines to print at most (identical failures of one clause are one line); "
                   "0 prints all; the report lists every failure")
      ->check(CLI::NonNegativeNumber)
      ->type_name("N")
      ->capture_default_str();
  conf->add_flag("--only-run", co.only_run,
                 "In the printed clause table, only the clauses for which a vector ran or a test "
                 "is credited");
  conf->add_option("--golden-coverage", co.golden_coverage,
                   "Show in the report's header the golden-only coverage of src/ that "
                   "tools/golden-coverage.sh wrote (its --json FILE)")
      ->type_name("FILE");
  conf->add_flag("!--no-metamorphic", co.metamorphic,
                 "Leave out the derived checks (family metamorphic: each positive vector's "
                 "input translated and permuted, the output must follow exactly)");

  tools::ReduceCommandOptions ro;
  ro.source_dir = ONEPATH_SOURCE_DIR;
  CLI::App* red = app.add_subcommand(
      "reduce",
      "Shrink a failing vector's input while your port (--impl) keeps diverging from the "
      "reference in the same way (same stage, same kind of difference); write the smallest "
      "input as a one-vector suite (OUT/reduced/*.jsonl, replay with conformance --golden-dir "
      "OUT) and an SVG picture of the input and both outputs.\n"
      "Exit status: 0 reproducer written, 1 the vector does not fail with this port, 2 usage "
      "or adapter start-up error.");
  red->add_option("--impl", ro.impl, "Your port's adapter command (docs/adapter-protocol.md)")
      ->required()
      ->type_name("COMMAND");
  red->add_option("--vector", ro.vector, "The failing vector's id")->required()->type_name("ID");
  red->add_option("--out", ro.out_dir,
                  "Where the reproducer and the picture go (the last one given counts)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
      ->type_name("DIR")
      ->capture_default_str();
  red->add_option("--max-attempts", ro.max_attempts, "Candidate inputs to run at most")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  red->add_option("--timeout", ro.timeout, "Seconds the adapter may take per request")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  red->add_option("--source-dir", ro.source_dir, "Repository root (golden/)")
      ->type_name("DIR")
      ->capture_default_str();
  red->add_option("--golden-dir", ro.golden_dir, "Golden vectors (default: SOURCE/golden)")
      ->type_name("DIR");
  red->add_option("--adapter-log", ro.adapter_log,
                  "The adapter's stderr (default: OUT/adapter-stderr.log)")
      ->type_name("FILE");
  red->add_option("--trace", ro.trace, "Every protocol line, '> ' sent, '< ' received")
      ->type_name("FILE");
  red->add_flag("-q,--quiet", ro.quiet, "No progress line");

  bool pre_quiet = false;
  CLI::App* pre = app.add_subcommand("preflight", "Check the FP environment (num.*) and exit");
  pre->add_flag("-q,--quiet", pre_quiet, "Print only on failure");

  tools::GenerateOptions go;
  CLI::App* gen = tools::AddGenerateCommand(app, go);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // Help and version exit 0; every other parse error is a usage error (2).
    return app.exit(e) == 0 ? 0 : 2;
  }
  try {
    if (*conf) return Conformance(co);
    if (*red) return tools::ReduceCommand(ro);
    if (*pre) return Preflight(pre_quiet);
    if (*gen) return tools::RunGenerate(go);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "onepath: %s\n", e.what());
    return 2;
  }
  return 0;
}
