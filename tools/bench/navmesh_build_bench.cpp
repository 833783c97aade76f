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
// The peer, a tiled build in the manner of RecastDemo's tiled sample
// (Sample_TileMesh), everything inside the timed call: the soup's bounds;
// each triangle listed for every tile whose square, widened by B cells,
// meets the triangle's xz bounding box (the sample's chunky mesh query, done
// as one pass over the triangles); a dtNavMesh (dtAllocNavMesh, init with
// origin (OriginX, soup's min y, OriginZ), tile width and depth TileCells *
// cs, 2^k tiles for the tile range's count, 2^(22 - k) polygons per tile);
// then for every tile with a triangle, in row-major order: a W x W
// heightfield (W = TileCells + 2B) from bmin = tile corner - B cells to bmax
// = far corner + B cells in x and z, the soup's y bounds; csF, chF as ours;
// rcMarkWalkableTriangles (45 degrees), rcRasterizeTriangles
// (walkableClimb), rcFilterLowHangingWalkableObstacles, rcFilterLedgeSpans,
// rcFilterWalkableLowHeightSpans (WalkableHeight - 1: b3d.span.recast 1, as
// build3d_spans_bench), rcBuildCompactHeightfield, rcErodeWalkableArea,
// rcBuildDistanceField, rcBuildRegions (borderSize B, the derived region
// areas), rcBuildContours (maxError, maxEdgeCells,
// RC_CONTOUR_TESS_WALL_EDGES), rcBuildPolyMesh (nvp), rcBuildPolyMeshDetail
// (DetailSampleDistance, DetailMaxError in world units, as
// build3d_polys_bench), every polygon's flags set to Flags,
// dtCreateNavMeshData (agent height, radius, climb in world units, the poly
// mesh's bmin/bmax, BV tree on) and dtNavMesh::addTile (DT_TILE_FREE_DATA);
// a tile without polygons is not added; last dtFreeNavMesh. Ours frees its
// NavMesh inside the call too. Recast has no threads of its own: recast_all
// runs the per-tile work on std::threads taking tiles from an atomic
// counter, each thread with its own rcContext and heightfields, and adds
// each tile's data to the one dtNavMesh under a mutex (Detour's addTile is
// not thread-safe); the triangle binning and the dtNavMesh setup stay on the
// calling thread.
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
#include <recastnavigation/DetourAlloc.h>
#include <recastnavigation/DetourNavMesh.h>
#include <recastnavigation/DetourNavMeshBuilder.h>
#include <recastnavigation/Recast.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <limits>
#include <mutex>
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
    derived = b3d::DeriveSettings(kSettings);
  }
  b3d::TriangleSoup soup;
  b3d::DerivedSettings derived;
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

struct PeerTile {
  int tx = 0, tz = 0;
  std::vector<int> tris;  // three vertex indices per triangle
};

struct NavMeshDeleter {
  void operator()(dtNavMesh* m) const { dtFreeNavMesh(m); }
};

// One tile through Recast's stages and dtCreateNavMeshData; false when the
// tile gives no polygon (data stays null). Aborts on a Recast failure.
bool BuildPeerTile(rcContext& ctx, const Inputs& in, const PeerTile& tile, const float* ymin,
                   const float* ymax, std::vector<unsigned char>& areas, unsigned char*& data,
                   int& size) {
  const b3d::DerivedSettings& d = in.derived;
  const float cs = d.cellSize, ch = d.ch;
  const double tileWorld = d.tileCells * d.cs;
  const int w = d.tileCells + 2 * d.border;
  float bmin[3], bmax[3];
  bmin[0] = static_cast<float>(kSettings.OriginX + tile.tx * tileWorld - d.border * d.cs);
  bmin[2] = static_cast<float>(kSettings.OriginZ + tile.tz * tileWorld - d.border * d.cs);
  bmax[0] = static_cast<float>(kSettings.OriginX + (tile.tx + 1) * tileWorld + d.border * d.cs);
  bmax[2] = static_cast<float>(kSettings.OriginZ + (tile.tz + 1) * tileWorld + d.border * d.cs);
  bmin[1] = *ymin;
  bmax[1] = *ymax;
  const float* verts = in.soup.vertices.data();
  const int nverts = static_cast<int>(in.soup.vertices.size() / 3);
  const int nt = static_cast<int>(tile.tris.size() / 3);

  rcHeightfield* hf = rcAllocHeightfield();
  if (!hf || !rcCreateHeightfield(&ctx, *hf, w, w, bmin, bmax, cs, ch)) std::abort();
  areas.assign(static_cast<std::size_t>(nt), 0);
  rcMarkWalkableTriangles(&ctx, static_cast<float>(kSettings.AgentMaxSlopeDegrees), verts, nverts,
                          tile.tris.data(), nt, areas.data());
  if (!rcRasterizeTriangles(&ctx, verts, nverts, tile.tris.data(), areas.data(), nt, *hf,
                            d.walkableClimb))
    std::abort();
  rcFilterLowHangingWalkableObstacles(&ctx, d.walkableClimb, *hf);
  rcFilterLedgeSpans(&ctx, d.walkableHeight, d.walkableClimb, *hf);
  rcFilterWalkableLowHeightSpans(&ctx, d.walkableHeight - 1, *hf);
  rcCompactHeightfield* chf = rcAllocCompactHeightfield();
  if (!chf || !rcBuildCompactHeightfield(&ctx, d.walkableHeight, d.walkableClimb, *hf, *chf))
    std::abort();
  rcFreeHeightField(hf);
  if (!rcErodeWalkableArea(&ctx, d.walkableRadius, *chf)) std::abort();
  if (!rcBuildDistanceField(&ctx, *chf)) std::abort();
  if (!rcBuildRegions(&ctx, *chf, d.border, d.minRegionArea, d.mergeRegionArea)) std::abort();
  rcContourSet* cset = rcAllocContourSet();
  if (!cset || !rcBuildContours(&ctx, *chf, static_cast<float>(d.maxError), d.maxEdgeCells, *cset,
                                RC_CONTOUR_TESS_WALL_EDGES))
    std::abort();
  bool built = false;
  if (cset->nconts > 0) {
    rcPolyMesh* pmesh = rcAllocPolyMesh();
    if (!pmesh ||
        !rcBuildPolyMesh(&ctx, *cset, static_cast<int>(kSettings.MaxVertsPerPoly), *pmesh))
      std::abort();
    rcPolyMeshDetail* dmesh = rcAllocPolyMeshDetail();
    const bool detailOn =
        kSettings.DetailSampleDistance / d.cs > 0.9;  // b3d.detail.sample-distance
    if (!dmesh ||
        !rcBuildPolyMeshDetail(&ctx, *pmesh, *chf,
                               detailOn ? static_cast<float>(kSettings.DetailSampleDistance) : 0.0f,
                               static_cast<float>(kSettings.DetailMaxError), *dmesh))
      std::abort();
    if (pmesh->npolys > 0) {
      for (int p = 0; p < pmesh->npolys; ++p)
        pmesh->flags[p] = static_cast<unsigned short>(kSettings.Flags);
      dtNavMeshCreateParams params;
      std::memset(&params, 0, sizeof params);
      params.verts = pmesh->verts;
      params.vertCount = pmesh->nverts;
      params.polys = pmesh->polys;
      params.polyAreas = pmesh->areas;
      params.polyFlags = pmesh->flags;
      params.polyCount = pmesh->npolys;
      params.nvp = pmesh->nvp;
      params.detailMeshes = dmesh->meshes;
      params.detailVerts = dmesh->verts;
      params.detailVertsCount = dmesh->nverts;
      params.detailTris = dmesh->tris;
      params.detailTriCount = dmesh->ntris;
      params.walkableHeight = static_cast<float>(kSettings.AgentHeight);
      params.walkableRadius = static_cast<float>(kSettings.AgentRadius);
      params.walkableClimb = static_cast<float>(kSettings.AgentMaxClimb);
      params.tileX = tile.tx;
      params.tileY = tile.tz;
      params.tileLayer = 0;
      rcVcopy(params.bmin, pmesh->bmin);
      rcVcopy(params.bmax, pmesh->bmax);
      params.cs = cs;
      params.ch = ch;
      params.buildBvTree = true;
      if (!dtCreateNavMeshData(&params, &data, &size)) std::abort();
      built = true;
    }
    rcFreePolyMeshDetail(dmesh);
    rcFreePolyMesh(pmesh);
  }
  rcFreeContourSet(cset);
  rcFreeCompactHeightfield(chf);
  return built;
}

Output RunRecast(const Inputs& in, int threads) {
  const b3d::DerivedSettings& d = in.derived;
  const std::vector<float>& v = in.soup.vertices;
  const std::vector<std::int32_t>& idx = in.soup.indices;
  // The soup's bounds.
  float lo[3], hi[3];
  rcCalcBounds(v.data(), static_cast<int>(v.size() / 3), lo, hi);
  const double tileWorld = d.tileCells * d.cs, margin = d.border * d.cs;
  const auto tileOf = [&](double x, double origin) {
    return static_cast<int>(std::floor((x - origin) / tileWorld));
  };
  const int x0 = tileOf(lo[0], kSettings.OriginX), x1 = tileOf(hi[0], kSettings.OriginX);
  const int z0 = tileOf(lo[2], kSettings.OriginZ), z1 = tileOf(hi[2], kSettings.OriginZ);
  const int nx = x1 - x0 + 1, nz = z1 - z0 + 1;
  // Every triangle, listed for the tiles its xz box meets (widened by B).
  std::vector<PeerTile> grid(static_cast<std::size_t>(nx) * nz);
  for (int tz = 0; tz < nz; ++tz)
    for (int tx = 0; tx < nx; ++tx) grid[tx + nx * tz] = {.tx = x0 + tx, .tz = z0 + tz};
  for (std::size_t t = 0; t + 2 < idx.size(); t += 3) {
    float a[3], b[3];
    rcVcopy(a, &v[3 * static_cast<std::size_t>(idx[t])]);
    rcVcopy(b, a);
    for (int k = 1; k < 3; ++k) {
      rcVmin(a, &v[3 * static_cast<std::size_t>(idx[t + k])]);
      rcVmax(b, &v[3 * static_cast<std::size_t>(idx[t + k])]);
    }
    const int tx0 = std::max(x0, tileOf(a[0] - margin, kSettings.OriginX));
    const int tx1 = std::min(x1, tileOf(b[0] + margin, kSettings.OriginX));
    const int tz0 = std::max(z0, tileOf(a[2] - margin, kSettings.OriginZ));
    const int tz1 = std::min(z1, tileOf(b[2] + margin, kSettings.OriginZ));
    for (int tz = tz0; tz <= tz1; ++tz)
      for (int tx = tx0; tx <= tx1; ++tx) {
        std::vector<int>& list = grid[(tx - x0) + nx * (tz - z0)].tris;
        list.insert(list.end(), {idx[t], idx[t + 1], idx[t + 2]});
      }
  }
  std::vector<const PeerTile*> work;
  for (const PeerTile& t : grid)
    if (!t.tris.empty()) work.push_back(&t);

  // One dtNavMesh for all tiles.
  const int tileBits =
      std::max(1, static_cast<int>(std::bit_width(static_cast<unsigned>(nx * nz - 1))));
  std::unique_ptr<dtNavMesh, NavMeshDeleter> mesh(dtAllocNavMesh());
  dtNavMeshParams params;
  params.orig[0] = static_cast<float>(kSettings.OriginX);
  params.orig[1] = lo[1];
  params.orig[2] = static_cast<float>(kSettings.OriginZ);
  params.tileWidth = static_cast<float>(tileWorld);
  params.tileHeight = static_cast<float>(tileWorld);
  params.maxTiles = 1 << tileBits;
  params.maxPolys = 1 << (22 - tileBits);
  if (!mesh || dtStatusFailed(mesh->init(&params))) std::abort();

  std::mutex lock;
  std::atomic<std::size_t> next{0};
  const auto worker = [&] {
    rcContext ctx(false);
    std::vector<unsigned char> areas;
    for (std::size_t k = next++; k < work.size(); k = next++) {
      unsigned char* data = nullptr;
      int size = 0;
      if (!BuildPeerTile(ctx, in, *work[k], &lo[1], &hi[1], areas, data, size)) continue;
      const std::lock_guard<std::mutex> guard(lock);
      if (dtStatusFailed(mesh->addTile(data, size, DT_TILE_FREE_DATA, 0, nullptr))) std::abort();
    }
  };
  if (threads <= 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    for (int k = 0; k < threads; ++k) pool.emplace_back(worker);
    for (std::thread& t : pool) t.join();
  }

  Output out;
  const dtNavMesh& m = *mesh;
  for (int i = 0; i < m.getMaxTiles(); ++i) {
    const dtMeshTile* t = m.getTile(i);
    if (t == nullptr || t->header == nullptr) continue;
    ++out.tiles;
    out.keys.emplace_back(t->header->x, t->header->y, t->header->polyCount);
    out.polygons += static_cast<std::size_t>(t->header->polyCount);
    out.vertices += static_cast<std::size_t>(t->header->vertCount);
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
