#include "tools/onepath/reduce.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>

#include "conformance/runner/adapter_client.hpp"
#include "conformance/runner/golden.hpp"
#include "conformance/runner/metamorphic.hpp"
#include "conformance/runner/reducer.hpp"
#include "conformance/runner/svg.hpp"
#include "tools/onepath/terminal_line.hpp"

namespace onepath::tools {

namespace fs = std::filesystem;
using namespace onepath::conformance;

namespace {

// region_from_tilemap/noisy/5671c76f4f13 -> region_from_tilemap_noisy_5671c76f4f13
std::string FileStem(std::string id) {
  std::replace_if(
      id.begin(), id.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); },
      '_');
  return id;
}

// A word for /bin/sh: as it is when it holds only safe characters, else in
// single quotes (a ' inside as '\'').
std::string ShellQuote(const std::string& word) {
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                              "0123456789@%+=:,./-_") == std::string::npos)
    return word;
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

int ReduceCommand(const ReduceCommandOptions& o) {
  fs::path golden =
      o.golden_dir.empty() ? fs::path(o.source_dir) / "golden" : fs::path(o.golden_dir);
  Suite suite = LoadSuite(golden);
  auto it = std::find_if(suite.vectors.begin(), suite.vectors.end(),
                         [&](const GoldenVector& v) { return v.id == o.vector; });
  // A derived check, as a FAIL line names it (ID~translate): its own vector.
  std::optional<GoldenVector> derived;
  if (it == suite.vectors.end()) derived = FindDerivedVector(suite, o.vector);
  if (it == suite.vectors.end() && !derived) {
    std::vector<std::string> ids;
    for (const GoldenVector& g : suite.vectors) ids.push_back(g.id);
    std::vector<std::string> close = ClosestNames(o.vector, ids, 3);
    std::fprintf(stderr, "onepath reduce: unknown vector id '%s'%s\n", o.vector.c_str(),
                 close.empty() ? "" : ("; did you mean " + QuotedList(close) + "?").c_str());
    return 2;
  }
  const GoldenVector& v = derived ? *derived : *it;
  fs::create_directories(o.out_dir);
  AdapterOptions ao;
  ao.command = o.impl;
  ao.suite_version = suite.version;
  ao.timeout_seconds = o.timeout;
  ao.handshake_timeout_seconds = o.timeout;
  ao.handshake_timeout_option = "--timeout";
  ao.log =
      o.adapter_log.empty() ? fs::path(o.out_dir) / "adapter-stderr.log" : fs::path(o.adapter_log);
  ao.trace = o.trace;
  ao.known_operations = KnownOperations(suite);
  // A crash may be the very divergence being reduced: never stop early.
  ao.max_consecutive_failures = 0;
  std::unique_ptr<AdapterSession> adapter;
  try {
    adapter = std::make_unique<AdapterSession>(ao);
  } catch (const AdapterError& e) {
    std::fprintf(stderr, "onepath reduce: cannot use the adapter '%s': %s\n", o.impl.c_str(),
                 e.what());
    return 2;
  }
  if (!adapter->Supports(v.op)) {
    std::fprintf(stderr, "onepath reduce: the implementation does not support %s\n", v.op.c_str());
    return 2;
  }
  std::string implementation = adapter->handshake().implementation;
  AskFn ask = [&](const std::string& id, const std::string& op, const nlohmann::json& input) {
    return adapter->Ask(id, op, input);
  };

  ReduceResult r;
  {
    // "  reduce: 57 attempts, 12 accepted, now 2x2 map: 4 cells, 3 solid"
    TerminalLine progress(!o.quiet && isatty(fileno(stderr)));
    ReduceOptions options;
    options.max_attempts = o.max_attempts;
    options.progress = [&](int attempts, int accepted, const InputSize& size) {
      progress.Show(
          fmt::format("  reduce: {} attempts, {} accepted, now {}", attempts, accepted, size.text));
    };
    try {
      r = Reduce(v, ask, options);
    } catch (const ReduceError& e) {
      std::fprintf(stderr, "onepath reduce: %s: %s\n", v.id.c_str(), e.what());
      return 1;
    }
  }
  adapter->Close();

  nlohmann::json vector = ReducedVector(v, r, implementation);
  std::string stem = FileStem(vector.at("id").get<std::string>());
  fs::path out(o.out_dir);
  // A suite of its own, so that `onepath conformance --golden-dir OUT` replays it.
  fs::create_directories(out / "reduced");
  std::ofstream(out / "suite.json") << nlohmann::json{{"suite", "onepath-reduced"},
                                                      {"version", suite.version},
                                                      {"format", suite.format},
                                                      {"families", {"reduced"}}}
                                           .dump(2)
                                    << "\n";
  fs::path vector_file = out / "reduced" / (stem + ".jsonl");
  std::ofstream(vector_file) << vector.dump() << "\n";
  FailurePicture picture{
      v.op,
      r.input,
      r.expected,
      r.actual,
      vector.at("id").get<std::string>(),
      fmt::format("reduced from {} ({}) to {} in {} attempts\n{}\n{}", v.id, r.before.text,
                  r.after.text, r.attempts, r.divergence.Summary(), r.divergence.where),
      implementation};
  fs::path svg_file = out / (stem + ".svg");
  std::ofstream(svg_file) << FailureSvg(picture);

  std::printf("reduced %s against %s\n", v.id.c_str(), implementation.c_str());
  std::printf("  before: %s\n  after:  %s\n", r.before.text.c_str(), r.after.text.c_str());
  std::printf("  %d attempts, %d accepted%s\n", r.attempts, r.accepted,
              r.capped ? " (stopped at --max-attempts)" : "; no move keeps the divergence");
  std::printf("  first divergence: %s\n  first difference: %s\n", r.divergence.Summary().c_str(),
              r.divergence.where.c_str());
  std::printf("  vector: %s\n  picture: %s\n", vector_file.c_str(), svg_file.c_str());
  // The binary that ran, so that the line works as it is (onepath is
  // rarely on PATH: tools/conformance.sh builds build/release/tools/onepath).
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  std::printf("  replay: %s conformance --golden-dir %s --impl %s\n",
              ShellQuote(ec ? "onepath" : self.string()).c_str(), ShellQuote(out.string()).c_str(),
              ShellQuote(o.impl).c_str());
  return 0;
}

}  // namespace onepath::tools
