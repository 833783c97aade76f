// What the benchmark programs of tools/bench share: the peak memory of one
// call, measured in a fresh child process; the CPU time of this process; a
// call run and timed in a forked child (for peers that can crash); the
// program's own flags; and the Clipper 6.4.2 (Debian libpolyclipping) forms
// of the noisy tile map.
//
// Memory: the benchmark starts itself (posix_spawn of /proc/self/exe) with
// --peak-memory=<spec>. The child makes the input, resets its peak resident
// set size (writing 5 to /proc/self/clear_refs, Linux >= 4.0), runs the call
// once and reads VmHWM from /proc/self/status: the peak RSS during the call
// (input included), and the increase over the RSS when the call started.
// getrusage's ru_maxrss is not used: on Linux it keeps the high-water mark
// of the process image before execve, that is, of the (parent) benchmark.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <polyclipping/clipper.hpp>
#include <span>
#include <string>
#include <vector>

#include "conformance/generators/noisy_tilemap.hpp"
#include "onepath/geom2d/region.hpp"

namespace onepath::bench {

// A benchmark program's cases: an enum 0, 1, ... and the table of their
// names in that order. The name is the benchmark's (BM_<name>) and, with a
// size, the --peak-memory spec's: "<name>/<size>".
using CaseNames = std::span<const char* const>;

template <typename Case>
const char* NameOf(CaseNames names, Case c) {
  return names[static_cast<std::size_t>(c)];
}

template <typename Case>
std::string MemorySpec(CaseNames names, Case c, int size) {
  return std::string(NameOf(names, c)) + "/" + std::to_string(size);
}

// Reads "<name>/<size>"; false when the name is not in the table.
template <typename Case>
bool ParseMemorySpec(CaseNames names, const std::string& spec, Case& c, int& size) {
  const std::size_t slash = spec.find('/');
  if (slash == std::string::npos) return false;
  for (std::size_t k = 0; k < names.size(); ++k)
    if (spec.compare(0, slash, names[k]) == 0) {
      c = static_cast<Case>(k);
      size = std::atoi(spec.c_str() + slash + 1);
      return true;
    }
  return false;
}

struct Memory {
  long before_kb = -1;  // RSS when the call starts
  long peak_kb = -1;    // peak RSS during the call; -1 when not measured
};

// The child's side of --peak-memory: resets the peak RSS, runs `call` once,
// prints "before_kb peak_kb" on stdout. Returns the exit status.
int MeasureCallInChild(const std::function<void()>& call);

// The parent's side: runs this program with --peak-memory=<spec> (once per
// spec; later calls return the first result). Memory{} when the child failed.
Memory PeakMemory(const std::string& spec);

// Sets the counters peak_MiB and delta_MiB (the call's own) when measured.
void SetMemoryCounters(benchmark::State& state, const Memory& memory);

// CPU time of this process, in seconds.
double CpuSeconds();

// What a forked child reports back through a pipe (a plain struct).
struct ChildReport {
  int ok = 0;               // 1: the call returned; 0: it threw (message says what)
  double seconds = 0;       // CPU time of the call
  double wall_seconds = 0;  // elapsed time of the call
  double part_seconds = 0;  // CPU time of a part of the call, when the call sets it
  std::size_t result = 0;   // what the call sets: an output size
  std::size_t rings = 0;    // the same: a ring count
  char text[96] = {};       // the same: an exact number in decimal
  char message[512] = {};
};

// Runs `call` once in a forked child and times it there (CPU and elapsed
// time, around the whole call); the call fills in the report's other
// fields. Returns false with a reason when the child threw, crashed or did
// not report: a crash of a peer never takes the benchmark down with it.
bool RunForked(const std::function<void(ChildReport&)>& call, ChildReport& report,
               std::string& why);

// The loop of a benchmark timed with UseManualTime: each iteration runs
// `call` in a forked child (RunForked) and takes the child's CPU time. A
// failure is printed to stderr ("<name> failed: <why>") and ends the
// benchmark with that error (never dropped). Returns the last report.
ChildReport TimeForked(benchmark::State& state, const std::string& name,
                       const std::function<void(ChildReport&)>& call);

// Takes "--name=value" out of argv (before Google Benchmark reads it);
// returns whether it was there.
bool TakeFlag(int& argc, char** argv, const char* name, std::string& value);

// The main() of a benchmark of cases over inputs 0 .. inputs - 1
// (build3d_spans_bench, build3d_regions_bench): --peak-memory=<spec> runs
// peakMemory (the child of PeakMemory); --max_input=N leaves out the
// inputs above N (default maxInput); --check and --hashes run check and
// hashes on the inputs up to it; else BM_<case>/<input> for every case
// name and input, in milliseconds, calling bm(state, case).
template <typename Case>
int InputsMain(int argc, char** argv, CaseNames names, int inputs, int maxInput,
               int (*peakMemory)(const std::string&), int (*check)(int), int (*hashes)(int),
               void (*bm)(benchmark::State&, Case)) {
  std::string value;
  if (TakeFlag(argc, argv, "peak-memory", value)) return peakMemory(value);
  if (TakeFlag(argc, argv, "max_input", value)) maxInput = std::atoi(value.c_str());
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--check") return check(maxInput);
    if (std::string(argv[i]) == "--hashes") return hashes(maxInput);
  }
  for (std::size_t k = 0; k < names.size(); ++k) {
    const std::string name = std::string("BM_") + names[k];
    for (int input = 0; input < inputs && input <= maxInput; ++input)
      benchmark::RegisterBenchmark(name.c_str(), bm, static_cast<Case>(k))
          ->Arg(input)
          ->Unit(benchmark::kMillisecond);
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

// The map's solid cells as counter-clockwise squares between its snapped
// grid lines (TileMapGridLine, the map's origin and cell size).
ClipperLib::Paths CellSquares(const gen::TileMap& map, int snapBits = 16);

// Clipper paths from rings of grid points.
ClipperLib::Paths ToPaths(const std::vector<geom2d::Ring>& rings);

// Twice the area of Clipper's output (the sum of the paths' cross products:
// positive for outer paths, negative for holes), exact.
onepath::Int128 DoubledArea(const ClipperLib::Paths& paths);

// Clipper's boolean operation `type` of subject and clip (pftNonZero for
// both); the clip may be empty.
ClipperLib::Paths ClipperExecute(ClipperLib::ClipType type, const ClipperLib::Paths& subject,
                                 const ClipperLib::Paths& clip = {});

// The number of vertices of all paths (or rings).
template <typename Rings>
std::size_t VertexCount(const Rings& rings) {
  std::size_t n = 0;
  for (const auto& r : rings) n += r.size();
  return n;
}

// The same questions of a region and of Clipper's output.
inline std::size_t VertexCount(const geom2d::Region& r) { return VertexCount(r.Rings()); }
inline std::size_t RingCount(const geom2d::Region& r) { return r.Rings().size(); }
inline std::size_t RingCount(const ClipperLib::Paths& p) { return p.size(); }
inline onepath::Int128 DoubledArea(const geom2d::Region& r) { return r.DoubledArea(); }

// An exact integer in decimal.
std::string DecimalString(onepath::Int128 v);

// The benchmarks' input region: FromTileMap of the map at `origin`.
geom2d::Region TileMapRegion(const gen::TileMap& map, Vector2D origin, int snapBits = 16);

// One benchmark program's inputs per map side, each made on first use and
// kept for the run (Inputs has a constructor taking the side).
template <typename Inputs>
Inputs& InputsFor(int side) {
  static std::map<int, std::unique_ptr<Inputs>> inputs;
  auto& slot = inputs[side];
  if (!slot) slot = std::make_unique<Inputs>(side);
  return *slot;
}

}  // namespace onepath::bench
