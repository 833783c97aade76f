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
//   onepath build         build a navigation mesh from an OBJ level into a
//                         mesh file (its bytes, nav.mesh-bytes); path asks
//                         it for a path, render draws it as SVG
//                         (mesh_commands.hpp)
#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "conformance/runner/adapter_client.hpp"
#include "conformance/runner/clauses.hpp"
#include "conformance/runner/golden.hpp"
#include "conformance/runner/metamorphic.hpp"
#include "conformance/runner/report.hpp"
#include "conformance/runner/runner.hpp"
#include "conformance/runner/test_results.hpp"
#include "onepath/core/fp_environment.hpp"
#include "tools/onepath/cli_checks.hpp"
#include "tools/onepath/generate.hpp"
#include "tools/onepath/mesh_commands.hpp"
#include "tools/onepath/reduce.hpp"
#include "tools/onepath/terminal_line.hpp"

namespace fs = std::filesystem;
using namespace onepath;
using namespace onepath::conformance;

namespace {

int Preflight(bool quiet) {
  FpPreflight p = RunFpPreflight();
  if (!p.ok()) {
    std::fprintf(stderr,
                 "the runner's FP-environment preflight FAILED (this onepath binary): results "
                 "would not be bit-exact.\n%s",
                 p.Summary().c_str());
    return 3;
  }
  if (!quiet)
    std::printf("the runner's FP-environment preflight passed (this onepath binary):\n%s",
                p.Summary().c_str());
  return 0;
}

struct ConformanceOptions {
  std::string source_dir = ONEPATH_SOURCE_DIR;
  std::string golden_dir;
  std::string spec_dir;
  std::string report_dir = "conformance-report";
  std::string test_results;  // GoogleTest XML of the tests that ran (test_results.hpp)
  std::vector<std::string> families;
  std::vector<std::string> required_families;
  std::vector<std::string> clauses;
  std::vector<std::string> ids;
  std::string shard = "1/1";
  std::string impl;
  bool impl_given = false;  // --impl '' is a usage error, not the reference
  double timeout = 60;
  double handshake_timeout = 60;
  int max_adapter_failures = 5;
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

int UsageError(const std::string& message) {
  std::fprintf(stderr, "onepath conformance: %s\n", message.c_str());
  return 2;
}

std::string DidYouMean(const std::string& name, const std::vector<std::string>& known) {
  std::vector<std::string> close = ClosestNames(name, known, 5);
  return close.empty() ? "" : "; did you mean " + QuotedList(close) + "?";
}

// Every filter must match something, and the filters together must select
// a vector: a filter that matches nothing (a typo, an unset CI variable)
// would otherwise end in a run that proves nothing. Returns the usage error,
// or "" when the selection is good.
std::string CheckSelection(const Suite& suite, const Selection& sel,
                           const std::vector<std::string>& required,
                           const std::vector<Clause>& clauses, bool metamorphic) {
  std::string families = QuotedList(suite.families, "and");
  for (const std::string& f : sel.families)
    if (std::find(suite.families.begin(), suite.families.end(), f) == suite.families.end())
      return fmt::format("unknown family '{}' (--family); the families are {}", f, families);
  for (const std::string& f : required) {
    if (std::find(suite.families.begin(), suite.families.end(), f) == suite.families.end())
      return fmt::format("unknown family '{}' (--require-family); the families are {}", f,
                         families);
    if (!sel.families.empty() &&
        std::find(sel.families.begin(), sel.families.end(), f) == sel.families.end())
      return fmt::format("--require-family {} but --family leaves it out", f);
  }
  std::vector<std::string> named;  // clause ids the vectors name, in suite order
  std::set<std::string> named_set;
  for (const GoldenVector& v : suite.vectors)
    for (const std::string& c : v.clauses)
      if (named_set.insert(c).second) named.push_back(c);
  for (const std::string& c : sel.clauses) {
    if (named_set.count(c)) continue;
    bool in_spec =
        std::any_of(clauses.begin(), clauses.end(), [&](const Clause& k) { return k.id == c; });
    if (in_spec)
      return fmt::format(
          "no golden vector names clause '{}' (--clause): it is in docs/spec, but "
          "only tests cover it",
          c);
    std::vector<std::string> every = named;
    for (const Clause& k : clauses)
      if (!named_set.count(k.id)) every.push_back(k.id);
    std::string hint = DidYouMean(c, every);
    return fmt::format("unknown clause id '{}' (--clause){}", c,
                       hint.empty() ? "; clause ids are the headings of docs/spec/*.md" : hint);
  }
  std::vector<std::string> ids;
  ids.reserve(suite.vectors.size());
  for (const GoldenVector& v : suite.vectors) ids.push_back(v.id);
  for (const std::string& id : sel.ids) {
    if (std::find(ids.begin(), ids.end(), id) != ids.end()) continue;
    std::size_t tilde = id.rfind('~');
    if (tilde != std::string::npos) {
      std::string base = id.substr(0, tilde), relation = id.substr(tilde + 1);
      auto v = std::find_if(suite.vectors.begin(), suite.vectors.end(),
                            [&](const GoldenVector& g) { return g.id == base; });
      if (v != suite.vectors.end()) {
        std::vector<std::string> relations;
        for (const DerivedCheck& c : DeriveChecks(*v)) relations.push_back(c.relation);
        if (std::find(relations.begin(), relations.end(), relation) == relations.end())
          return fmt::format(
              "vector {} has no derived check '~{}' (--vector){}", base, relation,
              relations.empty() ? std::string(": it has none (negative vectors and some "
                                              "operations have none)")
                                : "; it has " + [&] {
                                    std::vector<std::string> tagged;
                                    for (const std::string& r : relations)
                                      tagged.push_back("~" + r);
                                    return QuotedList(tagged, "and");
                                  }());
        if (!metamorphic)
          return fmt::format(
              "--vector {} is a derived check, and --no-metamorphic leaves "
              "those out",
              id);
        continue;
      }
    }
    std::string hint = DidYouMean(id, ids);
    return fmt::format("unknown vector id '{}' (--vector){}", id, hint);
  }
  bool any = false;
  for (std::size_t i = 0; i < suite.vectors.size() && !any; ++i)
    any = Selected(suite.vectors[i], i, sel);
  if (!any)
    return "the filters together select no vector (--family, --clause, --vector and --shard "
           "each match some, but no vector matches them all)";
  return "";
}

int Conformance(const ConformanceOptions& o) {
  if (o.impl_given && o.impl.find_first_not_of(" \t") == std::string::npos)
    return UsageError(
        "--impl is empty: give the adapter's command (an unset variable?); without --impl the "
        "built-in reference runs");
  // The preflight runs first: without plain IEEE arithmetic no hash means
  // anything (with --impl the reference still decodes expected outputs).
  // It checks this onepath binary, not the implementation under test.
  FpPreflight preflight = RunFpPreflight();
  if (!preflight.ok()) {
    std::fprintf(stderr,
                 "the runner's FP-environment preflight FAILED (this onepath binary, before any "
                 "implementation runs):\n%s",
                 preflight.Summary().c_str());
    return 3;
  }
  Selection sel;
  sel.families = o.families;
  sel.clauses = o.clauses;
  sel.ids = o.ids;
  if (std::sscanf(o.shard.c_str(), "%d/%d", &sel.shard_index, &sel.shard_count) != 2 ||
      sel.shard_count < 1 || sel.shard_index < 1 || sel.shard_index > sel.shard_count)
    return UsageError(fmt::format("--shard takes k/n with 1 <= k <= n, got '{}'", o.shard));
  sel.shard_index -= 1;

  fs::path source(o.source_dir);
  fs::path golden = o.golden_dir.empty() ? source / "golden" : fs::path(o.golden_dir);
  fs::path spec = o.spec_dir.empty() ? source / "docs" / "spec" : fs::path(o.spec_dir);

  Suite suite = LoadSuite(golden);
  std::vector<Clause> clauses = LoadClauses(spec);
  if (std::string why = CheckSelection(suite, sel, o.required_families, clauses, o.metamorphic);
      !why.empty())
    return UsageError(why);
  // Read before the run, so a wrong directory stops it at once.
  TestResults tests;
  if (!o.test_results.empty()) {
    try {
      tests = ReadTestResults(o.test_results);
    } catch (const std::runtime_error& e) {
      return UsageError(fmt::format("--test-results: {}", e.what()));
    }
  }
  std::optional<GoldenCoverage> golden_coverage;
  if (!o.golden_coverage.empty()) {
    try {
      golden_coverage = ReadGoldenCoverage(o.golden_coverage);
    } catch (const std::runtime_error& e) {
      return UsageError(fmt::format("--golden-coverage: {}", e.what()));
    }
  }
  fs::create_directories(o.report_dir);

  std::string implementation = ReferenceIdentity(ONEPATH_VERSION, "built-in");
  std::unique_ptr<AdapterSession> adapter;
  fs::path adapter_log = o.adapter_log.empty() ? fs::path(o.report_dir) / "adapter-stderr.log"
                                               : fs::path(o.adapter_log);
  if (o.impl_given) {
    AdapterOptions ao;
    ao.command = o.impl;
    ao.suite_version = suite.version;
    ao.timeout_seconds = o.timeout;
    ao.handshake_timeout_seconds = o.handshake_timeout;
    ao.log = adapter_log;
    ao.trace = o.trace;
    ao.known_operations = KnownOperations(suite);
    ao.max_consecutive_failures = o.max_adapter_failures;
    try {
      adapter = std::make_unique<AdapterSession>(ao);
    } catch (const AdapterError& e) {
      std::fprintf(stderr, "onepath: cannot use the adapter '%s': %s\n", o.impl.c_str(), e.what());
      return 2;
    }
    implementation = fmt::format("{} (adapter: {})", adapter->handshake().implementation, o.impl);
  }
  const std::vector<std::string>* announced = adapter ? &adapter->handshake().operations : nullptr;

  if (!o.quiet) {
    std::printf("%s\n", implementation.c_str());
    if (announced) {
      std::string ops;
      for (const std::string& op : *announced) ops += (ops.empty() ? "" : ", ") + op;
      std::printf("  announces %zu operations: %s\n", announced->size(),
                  ops.empty() ? "(none)" : ops.c_str());
    }
    std::printf(
        "runner's FP-environment preflight passed (this onepath binary; the "
        "implementation's arithmetic is judged by the vectors)\n");
    std::printf("suite %s, %zu vectors in %zu families\n", suite.version.c_str(),
                suite.vectors.size(), suite.families.size());
    std::fflush(stdout);
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
  std::string stopped = adapter ? adapter->stopped() : "";
  if (adapter) {
    std::string ended = adapter->Close();
    if (!ended.empty() && ended != "exit status 0")
      std::fprintf(stderr, "onepath: warning: after the shutdown the adapter ended with %s\n",
                   ended.c_str());
  }

  RunVerdict verdict = JudgeRun(suite, run.outcomes, announced, o.required_families, stopped);
  Report report = BuildReport(suite, std::move(run.outcomes), clauses, std::move(tests), preflight,
                              implementation);
  if (announced) report.operations = *announced;
  report.verdict = verdict.Line();
  report.golden_coverage = golden_coverage;
  WriteReports(report, o.report_dir);

  if (!o.quiet) {
    if (adapter)
      std::printf("adapter: %d restarts; its stderr: %s\n", adapter->restarts(),
                  adapter_log.c_str());
    std::printf("%s", ReportSummary(report, o.only_run).c_str());
    std::string files;
    for (const std::string& name : ReportFileNames())
      files += (files.empty() ? "" : ", ") + (fs::path(o.report_dir) / name).string();
    std::printf("reports: %s\n", files.c_str());
  }
  std::fprintf(stderr, "%s",
               FailureLines(report, o.max_failures, (fs::path(o.report_dir) / "report.md").string())
                   .c_str());
  if (report.failed > 0)
    std::fprintf(stderr, "%d of %zu vectors failed\n", report.failed, report.outcomes.size());
  else if (o.quiet)
    std::printf("%d passed, 0 failed%s\n", report.passed,
                report.skipped ? fmt::format(", {} skipped", report.skipped).c_str() : "");
  std::printf("verdict: %s\n", verdict.Line().c_str());
  for (const std::string& why : verdict.reasons) std::printf("  not green: %s\n", why.c_str());
  std::fflush(stdout);
  if (verdict.kind != RunVerdict::kPassed && verdict.kind != RunVerdict::kFailed)
    std::fprintf(stderr, "onepath conformance: %s (exit status %d): %s\n", verdict.word.c_str(),
                 static_cast<int>(verdict.kind), verdict.reasons.front().c_str());
  return static_cast<int>(verdict.kind);
}

// A misspelled subcommand ("onepath conformanse"): the first argument
// where a command with subcommands expects one, when it names none of them.
// Returns the usage error, or "".
std::string MisspelledSubcommand(const CLI::App& app, int argc, char** argv) {
  const CLI::App* cur = &app;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.empty() || arg[0] == '-') return "";
    std::vector<const CLI::App*> subs = cur->get_subcommands([](const CLI::App*) { return true; });
    if (subs.empty()) return "";
    auto it = std::find_if(subs.begin(), subs.end(),
                           [&](const CLI::App* a) { return a->check_name(arg); });
    if (it != subs.end()) {
      cur = *it;
      continue;
    }
    std::vector<std::string> names;
    for (const CLI::App* a : subs) names.push_back(a->get_name());
    std::vector<std::string> close = ClosestNames(arg, names, 2);
    std::string where = cur == &app ? "onepath" : "onepath " + cur->get_name();
    return fmt::format("'{}' is not a subcommand of {}{}. The subcommands are {} ({} --help)", arg,
                       where, close.empty() ? "" : "; did you mean " + QuotedList(close) + "?",
                       QuotedList(names, "and"), where);
  }
  return "";
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
      "adapter (--impl, docs/adapter-protocol.md); write the compliance report. The verdict "
      "line says what share of the suite ran.\n"
      "Exit status: 0 passed: nothing failed, something ran, every family the adapter "
      "announces an operation of ran, every --require-family ran in full; 1 a vector failed; "
      "2 usage error or an adapter that cannot start (or announces an operation the suite does "
      "not know); 3 the runner's FP-environment preflight failed; 4 incomplete: nothing "
      "failed, but nothing ran, or a claimed or required family was skipped; 5 stopped: the "
      "adapter gave no usable answer --max-adapter-failures times in a row, or could not be "
      "restarted.");
  conf->add_option("--impl", co.impl,
                   "Run this implementation instead of the built-in reference: a command "
                   "(run by /bin/sh -c) that speaks the adapter protocol on stdin/stdout, "
                   "e.g. 'python3 my_adapter.py'; an empty one is a usage error")
      ->type_name("COMMAND");
  conf->add_option("--timeout", co.timeout,
                   "With --impl: seconds the adapter may take per vector; a late one fails the "
                   "vector and the adapter is restarted")
      ->check(tools::PositiveNumber("seconds"))
      ->type_name("SECONDS")
      ->capture_default_str();
  conf->add_option("--handshake-timeout", co.handshake_timeout,
                   "With --impl: seconds the adapter may take to start and answer the hello, at "
                   "every start; a late first start is a usage error (exit status 2) that asks "
                   "whether standard output is flushed")
      ->check(tools::PositiveNumber("seconds"))
      ->type_name("SECONDS")
      ->capture_default_str();
  conf->add_option("--max-adapter-failures", co.max_adapter_failures,
                   "With --impl: stop the run (exit status 5) after this many vectors in a row "
                   "without a usable answer (a crash, a timeout, a malformed line), naming the "
                   "likely cause; 0 never stops")
      ->check(tools::NonNegativeCount())
      ->type_name("N")
      ->capture_default_str();
  conf->add_option("--family", co.families,
                   "Only these families (repeatable); an unknown one is a usage error that lists "
                   "the families")
      ->type_name("FAMILY");
  conf->add_option("--require-family", co.required_families,
                   "Demand that every selected vector of this family runs (repeatable): a port's "
                   "CI names the families it implements, and a skipped vector of one (an "
                   "operation not announced) makes the run incomplete, exit status 4")
      ->type_name("FAMILY");
  conf->add_option("--clause", co.clauses,
                   "Only vectors naming these clause ids (repeatable); one that no vector names "
                   "is a usage error naming the closest ids")
      ->type_name("CLAUSE");
  conf->add_option("--vector", co.ids,
                   "Only the vectors with these ids (repeatable), or derived checks as the FAIL "
                   "lines name them (ID~translate, ID~permute: the check and its vector)")
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
  conf->add_flag("-q,--quiet", co.quiet, "Print only failures, a closing count and the verdict");
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
  red->add_option("--vector", ro.vector,
                  "The failing vector's id, or a derived check's as the FAIL line names it "
                  "(ID~translate, ID~permute)")
      ->required()
      ->type_name("ID");
  red->add_option("--out", ro.out_dir,
                  "Where the reproducer and the picture go (the last one given counts)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
      ->type_name("DIR")
      ->capture_default_str();
  red->add_option("--max-attempts", ro.max_attempts, "Candidate inputs to run at most")
      ->check(tools::PositiveCount())
      ->capture_default_str();
  red->add_option("--timeout", ro.timeout, "Seconds the adapter may take per request")
      ->check(tools::PositiveNumber("seconds"))
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
  CLI::App* pre = app.add_subcommand(
      "preflight",
      "Check the FP environment of this onepath binary (num.*) and exit: the runner's own "
      "preflight, not a check of an implementation under test");
  pre->add_flag("-q,--quiet", pre_quiet, "Print only on failure");

  tools::GenerateOptions go;
  CLI::App* gen = tools::AddGenerateCommand(app, go);

  tools::MeshCommandOptions mo;
  tools::AddMeshCommands(app, mo);

  // Every usage error exits 2, whatever CLI11's own code for it (105
  // validation, 106 required, 109 extras, 114 argument count, ...).
  if (std::string why = MisspelledSubcommand(app, argc, argv); !why.empty()) {
    std::fprintf(stderr, "onepath: %s\n", why.c_str());
    return 2;
  }
  try {
    app.parse(argc, argv);
    co.impl_given = conf->count("--impl") > 0;
  } catch (const CLI::ParseError& e) {
    // Help and version exit 0; every other parse error is a usage error (2).
    return app.exit(e) == 0 ? 0 : 2;
  }
  try {
    if (*conf) return Conformance(co);
    if (*red) return tools::ReduceCommand(ro);
    if (*pre) return Preflight(pre_quiet);
    if (*gen) return tools::RunGenerate(go);
    if (int status = 0; tools::RunMeshCommand(mo, status)) return status;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "onepath: %s\n", e.what());
    return 2;
  }
  return 0;
}
