// Benchmarks of the arrangement (arr.*, BuildArrangement) and its peers.
//
// Inputs (all made once per size from fixed seeds, outside the timed loop):
//  tilemap/<side>    the boundary edges (TileMapBoundaryEdges, one edge per
//                    unit cell side) of the noisy tile map of side x side
//                    cells (conformance/generators/noisy_tilemap.hpp, seed 1;
//                    a map of side <= 1024 is the corner of the 1024^2 map).
//                    The sides are chosen for about 10^3 to 10^6 edges.
//  random/<n>        n random segments in a square of side 2^28 grid units,
//                    each a uniform random vector in the disc of radius
//                    L = 2^28 / sqrt(n) around a uniform random midpoint, so
//                    the number of proper crossings stays about n / 7.
//  clustered/<n>     n - 4 tiny segments (the random input scaled to a square
//                    of side 16 sqrt(n) units, lengths up to 16 units) and 4
//                    huge ones, 2^31 units long, across the cluster. The
//                    huge ones raise the mean extent so that the uniform grid
//                    degenerates to one cell and the sweep path of
//                    arr.candidates runs: its worst case.
// Peers:
//  clipper_cells/<side>  Clipper 6.4.2 (Debian libpolyclipping): union of the
//                    tile map's solid cells as unit squares (ctUnion,
//                    pftNonZero).
//  clipper_rings/<side>  the same union from the boundary edges linked into
//                    closed rings (the same edges BuildArrangement gets).
//  cgal_random/<n>   CGAL 5.5.1's snap_rounding_2 (classic snap rounding,
//                    exact kernel) on random/<n>; each run in a forked child,
//                    because it can crash (cgal_snap_rounding_peer.cpp), and
//                    timed there (its CPU time, as "manual time"). A failed
//                    run is reported as an error, never dropped.
//
// Times: Google Benchmark's CPU time is the figure to read (the benchmark
// runs on shared machines, where elapsed time also counts other processes).
//
// Memory: after the timed runs of each benchmark, a fresh child process
// (this program with --peak-memory=<case>/<size>, bench_support.hpp) makes
// the input and runs the call once: the peak RSS during the call (input
// included), and its increase over the RSS at its start (delta). For CGAL a
// crash in that child leaves the memory counters out.
//
// Extra flags (taken out of argv before Google Benchmark reads the rest):
//  --max_n=N        skip sizes above about N edges (default 1000000)
//  --cgal_max=N     largest CGAL size, 0 for none (default 1000)
//  --clustered_max=N  largest clustered size (default 100000)
//  --clipper_cells_max=N  largest clipper_cells size in edges (default 300000:
//                   the union of unit squares grows faster than linearly)
//  --tilemap-stats  print the 1024^2 map's statistics (seeds 1-4) and exit
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <polyclipping/clipper.hpp>
#include <string>
#include <utility>
#include <vector>

#include "conformance/generators/noisy_tilemap.hpp"
#include "conformance/generators/predicate_cases.hpp"
#include "onepath/geom2d/arrangement.hpp"
#include "tools/bench/bench_support.hpp"
#include "tools/bench/cgal_snap_rounding_peer.hpp"

namespace {

using onepath::bench::CellSquares;
using onepath::bench::CpuSeconds;
using onepath::bench::SetMemoryCounters;
using onepath::bench::TakeFlag;
using onepath::gen::SplitMix64;
using onepath::geom2d::GridPoint;
using onepath::geom2d::TaggedEdge;

constexpr std::uint64_t kMapSeed = 1;
constexpr std::uint64_t kRandomSeed = 20240602;
constexpr std::uint64_t kClusteredSeed = 20240603;

// Tile-map sides for about 1e3, 3e3, ..., 1e6 boundary edges (the map has
// about 0.19 boundary sides per cell).
const std::vector<int> kMapSides = {72, 128, 232, 400, 728, 1264, 2304};
const std::vector<int> kRandomSizes = {100, 300, 1000, 3000, 10000, 30000, 100000, 300000, 1000000};
const std::vector<int> kClusteredSizes = {1000, 3000, 10000, 30000, 100000, 300000, 1000000};
// --cgal_max (default 1000) selects among these.
const std::vector<int> kCgalSizes = {100, 300, 1000, 3000, 10000, 30000, 100000};

enum class Case { kTileMap, kRandom, kClustered, kClipperCells, kClipperRings, kCgalRandom };

// In the order of Case.
const char* const kCaseNames[] = {"tilemap",       "random",        "clustered",
                                  "clipper_cells", "clipper_rings", "cgal_random"};
static_assert(std::size(kCaseNames) == static_cast<std::size_t>(Case::kCgalRandom) + 1);

const char* CaseName(Case c) { return onepath::bench::NameOf(kCaseNames, c); }

// --- inputs ----------------------------------------------------------------

std::int64_t Uniform(SplitMix64& rng, std::int64_t lo, std::int64_t hi) {
  return lo + static_cast<std::int64_t>(rng.Below(static_cast<std::uint64_t>(hi - lo) + 1));
}

// n segments: midpoints uniform in [0, side]^2, vectors uniform in the disc
// of radius len (not zero).
std::vector<TaggedEdge> RandomSegments(int n, std::int64_t side, std::int64_t len,
                                       SplitMix64& rng) {
  std::vector<TaggedEdge> edges;
  edges.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const std::int64_t cx = Uniform(rng, 0, side), cy = Uniform(rng, 0, side);
    std::int64_t dx = 0, dy = 0;
    do {
      dx = Uniform(rng, -len, len);
      dy = Uniform(rng, -len, len);
    } while ((dx == 0 && dy == 0) || dx * dx + dy * dy > len * len);
    const GridPoint p{cx - dx / 2, cy - dy / 2};
    edges.push_back({p, {p.x + dx, p.y + dy}, 0});
  }
  return edges;
}

std::vector<TaggedEdge> RandomInput(int n) {
  constexpr std::int64_t kSide = std::int64_t{1} << 28;
  SplitMix64 rng(kRandomSeed);
  const auto len = static_cast<std::int64_t>(static_cast<double>(kSide) / std::sqrt(n));
  return RandomSegments(n, kSide, len, rng);
}

std::vector<TaggedEdge> ClusteredInput(int n) {
  constexpr int kHuge = 4;
  constexpr std::int64_t kReach = std::int64_t{1} << 30;
  SplitMix64 rng(kClusteredSeed);
  const auto side = static_cast<std::int64_t>(16.0 * std::sqrt(n));
  std::vector<TaggedEdge> edges = RandomSegments(n - kHuge, side, 16, rng);
  // Two nearly horizontal and two nearly vertical segments through the
  // cluster, from -2^30 to 2^30.
  for (std::int64_t k = 1; k <= 2; ++k) {
    const std::int64_t at = k * side / 3;
    edges.push_back({{-kReach, at - 7 * k}, {kReach, at + 7 * k}, 0});
    edges.push_back({{at + 5 * k, -kReach}, {at - 5 * k, kReach}, 0});
  }
  return edges;
}

onepath::gen::TileMap Map(int side) { return onepath::gen::MakeNoisyTileMap(kMapSeed, side, side); }

// Directed edges linked into closed rings: each edge is followed by an
// unused edge leaving its end (at a vertex where two rings touch, either
// choice gives rings with the same non-zero union).
ClipperLib::Paths Rings(const std::vector<TaggedEdge>& edges) {
  std::vector<std::pair<GridPoint, std::size_t>> out;  // (start, edge), sorted
  out.reserve(edges.size());
  for (std::size_t i = 0; i < edges.size(); ++i) out.push_back({edges[i].p, i});
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return a.first < b.first || (a.first == b.first && a.second < b.second);
  });
  std::vector<std::uint8_t> used(edges.size(), 0);
  auto next_from = [&](GridPoint p) -> std::size_t {
    auto it = std::lower_bound(out.begin(), out.end(), p,
                               [](const auto& e, GridPoint q) { return e.first < q; });
    for (; it != out.end() && it->first == p; ++it)
      if (!used[it->second]) return it->second;
    return edges.size();
  };
  ClipperLib::Paths rings;
  for (std::size_t start = 0; start < edges.size(); ++start) {
    if (used[start]) continue;
    ClipperLib::Path ring;
    for (std::size_t e = start; e < edges.size(); e = next_from(edges[e].q)) {
      used[e] = 1;
      ring.push_back({edges[e].p.x, edges[e].p.y});
    }
    rings.push_back(std::move(ring));
  }
  return rings;
}

struct Input {
  std::vector<TaggedEdge> edges;  // what BuildArrangement (or CGAL) gets
  ClipperLib::Paths paths;        // what Clipper gets
};

Input MakeInput(Case c, int size) {
  Input in;
  switch (c) {
    case Case::kTileMap:
      in.edges = onepath::gen::TileMapBoundaryEdges(Map(size));
      break;
    case Case::kRandom:
    case Case::kCgalRandom:
      in.edges = RandomInput(size);
      break;
    case Case::kClustered:
      in.edges = ClusteredInput(size);
      break;
    case Case::kClipperCells: {
      onepath::gen::TileMap map = Map(size);
      in.edges = onepath::gen::TileMapBoundaryEdges(map);
      in.paths = CellSquares(map);
      break;
    }
    case Case::kClipperRings:
      in.edges = onepath::gen::TileMapBoundaryEdges(Map(size));
      in.paths = Rings(in.edges);
      break;
  }
  return in;
}

// The last input made, reused while Google Benchmark calls a benchmark
// function several times for one size.
const Input& CachedInput(Case c, int size) {
  static Case last_case = Case::kTileMap;
  static int last_size = -1;
  static Input input;
  if (last_size != size || last_case != c) {
    input = Input{};
    input = MakeInput(c, size);
    last_case = c;
    last_size = size;
  }
  return input;
}

std::size_t RunOnce(Case c, const Input& in) {
  switch (c) {
    case Case::kTileMap:
    case Case::kRandom:
    case Case::kClustered: {
      onepath::geom2d::Arrangement a = onepath::geom2d::BuildArrangement(in.edges);
      benchmark::DoNotOptimize(a.segments.data());
      return a.segments.size();
    }
    case Case::kClipperCells:
    case Case::kClipperRings: {
      return onepath::bench::VertexCount(
          onepath::bench::ClipperExecute(ClipperLib::ctUnion, in.paths));
    }
    case Case::kCgalRandom:
      return onepath::bench::CgalSnapRound(in.edges);
  }
  return 0;
}

// --- memory ------------------------------------------------------------------

// Child mode: --peak-memory=<case>/<size>. Prints "before_kb peak_kb".
int PeakMemoryChild(const std::string& spec) {
  Case c;
  int size = 0;
  if (!onepath::bench::ParseMemorySpec(kCaseNames, spec, c, size)) return 2;
  const Input in = MakeInput(c, size);
  return onepath::bench::MeasureCallInChild([&] { benchmark::DoNotOptimize(RunOnce(c, in)); });
}

// Runs this program in --peak-memory mode, once per (case, size).
onepath::bench::Memory PeakMemory(Case c, int size) {
  return onepath::bench::PeakMemory(onepath::bench::MemorySpec(kCaseNames, c, size));
}

// --- benchmarks ----------------------------------------------------------------

void BM_Local(benchmark::State& state, Case c) {
  const int size = static_cast<int>(state.range(0));
  const Input& in = CachedInput(c, size);
  std::size_t result = 0;
  for (auto _ : state) {
    result = RunOnce(c, in);
    benchmark::DoNotOptimize(result);
  }
  state.counters["edges"] = static_cast<double>(in.edges.size());
  state.counters["output"] = static_cast<double>(result);
  if (c == Case::kClipperCells || c == Case::kClipperRings) {
    std::size_t vertices = 0;
    for (const auto& path : in.paths) vertices += path.size();
    state.counters["input_vertices"] = static_cast<double>(vertices);
  }
  SetMemoryCounters(state, PeakMemory(c, size));
}

void BM_Forked(benchmark::State& state, Case c) {
  const int size = static_cast<int>(state.range(0));
  const Input& in = CachedInput(c, size);
  const onepath::bench::ChildReport report = onepath::bench::TimeForked(
      state, onepath::bench::MemorySpec(kCaseNames, c, size),
      [&](onepath::bench::ChildReport& r) { r.result = RunOnce(c, in); });
  state.counters["edges"] = static_cast<double>(in.edges.size());
  state.counters["output"] = static_cast<double>(report.result);
  state.counters["wall_s"] = report.wall_seconds;
  SetMemoryCounters(state, PeakMemory(c, size));
}

void PrintTileMapStats() {
  std::printf("{\"maps\": [");
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const onepath::gen::TileMap map = onepath::gen::MakeNoisyTileMap(seed);
    const onepath::gen::TileMapStatistics st = onepath::gen::MeasureTileMap(map, 4);
    const std::size_t edges = onepath::gen::TileMapBoundaryEdges(map).size();
    std::printf(
        "%s{\"seed\": %llu, \"width\": %d, \"height\": %d, \"solid_fraction\": %.4f, "
        "\"boundary_edges\": %zu, \"components\": %zu, \"surviving_components\": %zu, "
        "\"eroded_components\": %zu, \"eroded_fraction\": %.4f}",
        seed == 1 ? "" : ", ", static_cast<unsigned long long>(seed), map.width, map.height,
        static_cast<double>(st.solidCells) / static_cast<double>(st.cells), edges, st.components,
        st.survivingComponents, st.erodedComponents,
        static_cast<double>(st.erodedCells) / static_cast<double>(st.cells));
  }
  std::printf("]}\n");
}

}  // namespace

int main(int argc, char** argv) {
  std::string value;
  if (TakeFlag(argc, argv, "peak-memory", value)) return PeakMemoryChild(value);
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--tilemap-stats") == 0) return PrintTileMapStats(), 0;
  long max_n = 1000000, cgal_max = 1000, clustered_max = 100000, clipper_cells_max = 300000;
  if (TakeFlag(argc, argv, "max_n", value)) max_n = std::atol(value.c_str());
  if (TakeFlag(argc, argv, "cgal_max", value)) cgal_max = std::atol(value.c_str());
  if (TakeFlag(argc, argv, "clustered_max", value)) clustered_max = std::atol(value.c_str());
  if (TakeFlag(argc, argv, "clipper_cells_max", value))
    clipper_cells_max = std::atol(value.c_str());

  auto add = [](Case c, void (*fn)(benchmark::State&, Case), const std::vector<int>& sizes,
                long limit, bool map_sides) {
    const std::string name = std::string("BM_") + CaseName(c);
    for (int s : sizes) {
      // A map side s has about 0.19 s^2 boundary edges.
      const double n = map_sides ? 0.19 * s * s : s;
      if (n > 1.5 * static_cast<double>(limit)) continue;
      auto* b = benchmark::RegisterBenchmark(name.c_str(), fn, c);
      b->Arg(s)->Unit(benchmark::kMillisecond);
      if (fn == BM_Forked) b->UseManualTime()->Iterations(1)->Repetitions(1);
    }
  };
  add(Case::kTileMap, BM_Local, kMapSides, max_n, true);
  add(Case::kClipperCells, BM_Local, kMapSides, std::min(max_n, clipper_cells_max), true);
  add(Case::kClipperRings, BM_Local, kMapSides, max_n, true);
  add(Case::kRandom, BM_Local, kRandomSizes, max_n, false);
  add(Case::kClustered, BM_Local, kClusteredSizes, std::min(max_n, clustered_max), false);
  add(Case::kCgalRandom, BM_Forked, kCgalSizes, std::min(max_n, cgal_max), false);

  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
