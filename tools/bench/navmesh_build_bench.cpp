// Benchmark of the full 3D build, NavMesh::Build on a triangle soup
// (docs/spec/build3d-tiles.md, b3d.build), with Recast + Detour (Debian
// librecast-dev, e75adf8) doing a tiled build of the same soup with the same
// settings and tile size in the same run, on one thread and on all cores.
//
// Inputs (the argument): 0..6 the level kinds of conformance/generators/
// levels.hpp in AllLevelKinds order, size 256, seed 1, the default
// NavSettings (cell 0.3, height 0.2, tile 9.6 = 32 cells, border B =
// WalkableRadius + 3 = 5, agent 2.0 high, radius 0.6, climb 0.9, slope 45
// degrees, Watershed, regions 64 / 400 cells, contour error 1.3 cells, edge
// 12 = 40 cells, 6 vertices per polygon, detail 1.8 / 0.2), no volumes. The
// soup is made once, outside the timed loop, and shared by both sides.
//
// Cases, per input:
//  ours_1      NavMesh::Build(soup, {}, settings, {Threads = 1})
//  recast_1    the peer on this thread (below)
//  ours_all    NavMesh::Build with Threads = hardware_concurrency
//  recast_all  the peer with its tiles on hardware_concurrency std::threads
//
// The peer: BuildRecastTiled (recast_tiled.hpp), a tiled build in the
// manner of RecastDemo's tiled sample, everything inside the timed call
// (the dtNavMesh freed in it too); ours frees its NavMesh inside the call
// too. recast_all runs its per-tile work on hardware_concurrency
// std::threads.
//
// Times: elapsed (real) time, the only meaningful figure with threads; on a
// shared machine it counts other processes too. Also the process's CPU time
// (all threads: on all cores the total work, parallel overhead included),
// the steadier figure on a loaded machine. Memory: a fresh child
// process (this program with --peak-memory=<case>/<input>,
// bench_support.hpp) makes the soup and runs the build once: peak RSS (soup
// included) and the build's own increase.
//
// Extra flags:
//  --max_input=N  skip inputs above N (default 6)
//  --check        print, per input, both sides' tiles, polygons and
//                 vertices (one thread and all cores), the tiles only one
//                 side has (one thread) with their polygons and the settings as JSON
#include <benchmark/benchmark.h>
#include <recastnavigation/DetourNavMesh.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "conformance/generators/levels.hpp"
#include "onepath/build3d/pipeline.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/navmesh.hpp"
#include "tools/bench/bench_support.hpp"
#include "tools/bench/recast_tiled.hpp"

namespace {

namespace b3d = onepath::build3d;
namespace nav = onepath::navmesh;

enum class Case { kOurs1, kRecast1, kOursAll, kRecastAll };
const char* const kCaseNames[] = {"ours_1", "recast_1", "ours_all", "recast_all"};

constexpr int kInputs = 7;

const b3d::NavSettings kSettings{};

int HardwareThreads() {
  const auto n = static_cast<std::int64_t>(std::thread::hardware_concurrency());
  return static_cast<int>(std::clamp<std::int64_t>(n, 1, b3d::kMaxBuildThreads));
}

int ThreadsOf(Case c) { return c == Case::kOurs1 || c == Case::kRecast1 ? 1 : HardwareThreads(); }

onepath::gen::LevelOptions OptionsOf(int input) {
  return {.kind = onepath::gen::AllLevelKinds()[static_cast<std::size_t>(input)],
          .size = 256,
          .seed = 1};
}

std::string InputName(int input) { return onepath::gen::LevelKindName(OptionsOf(input).kind); }

struct Inputs {
  explicit Inputs(int input) {
    onepath::gen::Level level = onepath::gen::MakeLevel(OptionsOf(input));
    soup.vertices = std::move(level.soup.vertices);
    soup.indices = std::move(level.soup.indices);
  }
  b3d::TriangleSoup soup;
};

Inputs& InputsFor(int input) { return onepath::bench::InputsFor<Inputs>(input); }

// What a build made.
struct Output {
  std::size_t tiles = 0, polygons = 0, vertices = 0;
  std::vector<std::tuple<int, int, int>> keys;  // (tileX, tileZ, polygons), for --check
};

// --- ours ----------------------------------------------------------------------

Output RunOurs(const Inputs& in, int threads) {
  const nav::NavMesh mesh =
      nav::NavMesh::Build(in.soup, {}, kSettings, nav::BuildOptions{.Threads = threads});
  Output out;
  for (const nav::NavTile* t : mesh.Tiles()) {
    ++out.tiles;
    out.keys.emplace_back(t->tileX(), t->tileZ(), static_cast<int>(t->polygons().size()));
    out.polygons += t->polygons().size();
    out.vertices += t->vertices().size();
  }
  return out;
}

// --- the peer ------------------------------------------------------------------

Output RunRecast(const Inputs& in, int threads) {
  const onepath::bench::RecastTiledBuild built =
      onepath::bench::BuildRecastTiled(in.soup, kSettings, threads);
  Output out;
  out.tiles = built.tiles;
  out.polygons = built.polygons;
  out.vertices = built.vertices;
  const dtNavMesh& m = *built.mesh;
  for (int i = 0; i < m.getMaxTiles(); ++i) {
    const dtMeshTile* t = m.getTile(i);
    if (t == nullptr || t->header == nullptr) continue;
    out.keys.emplace_back(t->header->x, t->header->y, t->header->polyCount);
  }
  return out;
}

Output RunCase(Case c, const Inputs& in) {
  const int threads = ThreadsOf(c);
  return c == Case::kOurs1 || c == Case::kOursAll ? RunOurs(in, threads) : RunRecast(in, threads);
}

// --- memory ------------------------------------------------------------------

int PeakMemoryChild(const std::string& spec) {
  Case c;
  int input = 0;
  if (!onepath::bench::ParseMemorySpec(kCaseNames, spec, c, input)) return 2;
  const Inputs in(input);
  return onepath::bench::MeasureCallInChild(
      [&] { benchmark::DoNotOptimize(RunCase(c, in).polygons); });
}

// --- benchmarks --------------------------------------------------------------

void BM_Case(benchmark::State& state, Case c) {
  const int input = static_cast<int>(state.range(0));
  const Inputs& in = InputsFor(input);
  Output out;
  for (auto _ : state) {
    out = RunCase(c, in);
    benchmark::DoNotOptimize(out.polygons);
  }
  state.counters["threads"] = ThreadsOf(c);
  state.counters["tiles"] = static_cast<double>(out.tiles);
  state.counters["polygons"] = static_cast<double>(out.polygons);
  state.counters["vertices"] = static_cast<double>(out.vertices);
  onepath::bench::SetMemoryCounters(
      state, onepath::bench::PeakMemory(onepath::bench::MemorySpec(kCaseNames, c, input)));
}

int Check(int max_input) {
  const b3d::DerivedSettings d = b3d::DeriveSettings(kSettings);
  std::printf(
      "[{\"settings\": {\"threads_all\": %d, \"tileCells\": %d, \"border\": %d, \"cs\": %.9g, "
      "\"ch\": %.9g, \"walkableHeight\": %d, \"walkableClimb\": %d, \"walkableRadius\": %d, "
      "\"minRegionArea\": %d, \"mergeRegionArea\": %d, \"maxError\": %.9g, \"maxEdgeCells\": %d, "
      "\"nvp\": %lld, \"sampleDist\": %.9g, \"sampleMaxError\": %.9g}}",
      HardwareThreads(), d.tileCells, d.border, double{d.cellSize}, double{d.ch}, d.walkableHeight,
      d.walkableClimb, d.walkableRadius, d.minRegionArea, d.mergeRegionArea, d.maxError,
      d.maxEdgeCells, static_cast<long long>(kSettings.MaxVertsPerPoly),
      kSettings.DetailSampleDistance, kSettings.DetailMaxError);
  for (int input = 0; input < kInputs && input <= max_input; ++input) {
    const Inputs in(input);
    std::printf(",\n{\"input\": %d, \"name\": \"%s\", \"triangles\": %zu", input,
                InputName(input).c_str(), in.soup.indices.size() / 3);
    std::vector<std::tuple<int, int, int>> keys[2];
    for (std::size_t k = 0; k < 4; ++k) {
      Output o = RunCase(static_cast<Case>(k), in);
      std::printf(", \"%s_tiles\": %zu, \"%s_polygons\": %zu, \"%s_vertices\": %zu", kCaseNames[k],
                  o.tiles, kCaseNames[k], o.polygons, kCaseNames[k], o.vertices);
      if (k < 2) {
        std::sort(o.keys.begin(), o.keys.end());
        keys[k] = std::move(o.keys);
      }
    }
    // The tiles one side has and the other has not, as [x, z, polygons].
    const auto position = [](const std::tuple<int, int, int>& a,
                             const std::tuple<int, int, int>& b) {
      return std::tie(std::get<0>(a), std::get<1>(a)) < std::tie(std::get<0>(b), std::get<1>(b));
    };
    for (int side = 0; side < 2; ++side) {
      std::vector<std::tuple<int, int, int>> only;
      std::set_difference(keys[side].begin(), keys[side].end(), keys[1 - side].begin(),
                          keys[1 - side].end(), std::back_inserter(only), position);
      std::printf(", \"only_%s\": [", side == 0 ? "ours" : "recast");
      for (std::size_t i = 0; i < only.size(); ++i)
        std::printf("%s[%d, %d, %d]", i ? ", " : "", std::get<0>(only[i]), std::get<1>(only[i]),
                    std::get<2>(only[i]));
      std::printf("]");
    }
    std::printf("}");
    std::fflush(stdout);
  }
  std::printf("\n]\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string value;
  if (onepath::bench::TakeFlag(argc, argv, "peak-memory", value)) return PeakMemoryChild(value);
  int maxInput = kInputs - 1;
  if (onepath::bench::TakeFlag(argc, argv, "max_input", value)) maxInput = std::atoi(value.c_str());
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--check") return Check(maxInput);
  for (std::size_t k = 0; k < std::size(kCaseNames); ++k) {
    const std::string name = std::string("BM_") + kCaseNames[k];
    for (int input = 0; input < kInputs && input <= maxInput; ++input)
      benchmark::RegisterBenchmark(name.c_str(), BM_Case, static_cast<Case>(k))
          ->Arg(input)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime()
          ->MeasureProcessCPUTime();
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
