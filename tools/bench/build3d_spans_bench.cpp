// Benchmark of the span stages of a tiled 3D build (docs/spec/build3d-spans.md,
// b3d.span.stages), with Recast (Debian librecast-dev, e75adf8) doing the
// same stages on the same tiles in the same run.
//
// Inputs (the argument: 0..6 the level kinds of conformance/generators/
// levels.hpp in AllLevelKinds order, size 256, seed 1; 7 the soup of about
// 10^6 triangles: terrain of size 1416, seed 1, 1002528 triangles), with
// the default NavSettings (cell 0.3, height 0.2, tile 9.6, agent 2.0 high,
// radius 0.6, climb 0.9, slope 45 degrees) and one convex volume per 16 x 16
// block of [0, 256]^2 (a 4 x 4 square from y = -1 to 3, area 5). Made once,
// outside the timed loop, and shared by both sides: the tiles of the soup
// (b3d.soup-tiles) that have a triangle that MayBeWalkable (the tiles a
// build builds, b3d.may-be-walkable), each with its triangles
// (SelectTrianglesByTile) and grid (SoupTileGrid); for Recast also each
// tile's triangles as vertex index triples (as its chunky mesh hands them
// over) and the volumes as Recast's vertex arrays.
//
// Cases, per input, every tile in build order:
//  ours    ClassifyTriangles, Rasterize, the three filters in place,
//          Compact (with connections), Erode and MarkVolumes in place: the
//          unchecked stages (onepath/build3d/internal/stages.hpp) a build
//          runs after PrepareTile;
//  recast  rcMarkWalkableTriangles, rcRasterizeTriangles (W x W field with
//          the tile's bmin, bmax, csF, chF), rcFilterLowHangingWalkable-
//          Obstacles, rcFilterLedgeSpans, rcFilterWalkableLowHeightSpans
//          (WalkableHeight - 1: b3d.span.recast 1), rcBuildCompactHeightfield,
//          rcFreeHeightField, rcErodeWalkableArea, rcMarkConvexPolyArea per
//          volume, rcFreeCompactHeightfield: Recast's own tiled sample
//          (Sample_TileMesh) with the same settings, its triangle area buffer
//          allocated once for the largest tile.
// Both sides take the same binary32 vertices, grids and derived settings.
//
// Times: Google Benchmark's CPU time. Memory: a fresh child process (this
// program with --peak-memory=<case>/<input>, bench_support.hpp) makes the
// input, frees what its case does not read, and runs the whole tiled pass
// once: peak RSS (input included) and the pass's own increase.
//
// Extra flags:
//  --max_input=N  skip inputs above N (7 is the 10^6 soup; default 7)
//  --check        print, per input, its tiles and triangles and both sides'
//                 compact spans and walkable compact spans as JSON (the two
//                 agree up to the grid-edge differences of b3d.span.recast)
//  --hashes       print, per input, the SHA-256 of the SHA-256s of every
//                 built tile's stage values (triangles, spans, the three
//                 filters, compact, eroded, volumes: their canonical bytes),
//                 one line each, "<input> <hash>": the outputs that
//                 performance work must leave bit for bit as they were
//                 (compare two builds' lists with diff)
#include <benchmark/benchmark.h>
#include <malloc.h>
#include <recastnavigation/Recast.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

#include "conformance/generators/levels.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/build3d/pipeline.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "onepath/core/canonical.hpp"
#include "tools/bench/bench_support.hpp"

namespace {

namespace b3d = onepath::build3d;
namespace internal = onepath::build3d::internal;

enum class Case { kOurs, kRecast };
const char* const kCaseNames[] = {"ours", "recast"};

constexpr int kInputs = 8;  // 7 level kinds, then the 10^6 soup
constexpr int kSoupInput = 7;

const b3d::NavSettings kSettings{};

onepath::gen::LevelOptions OptionsOf(int input) {
  if (input == kSoupInput)
    return {.kind = onepath::gen::LevelKind::kTerrain, .size = 1416, .seed = 1};
  return {.kind = onepath::gen::AllLevelKinds()[static_cast<std::size_t>(input)],
          .size = 256,
          .seed = 1};
}

std::string InputName(int input) {
  if (input == kSoupInput) return "terrain-1416 (10^6 soup)";
  return onepath::gen::LevelKindName(OptionsOf(input).kind);
}

struct Tile {
  b3d::TileGrid grid;
  std::vector<std::uint32_t> triangles;  // ours: indices into the soup
  std::vector<int> recastTris;           // Recast: three vertex indices per triangle
};

struct Inputs {
  explicit Inputs(int input) {
    onepath::gen::Level level = onepath::gen::MakeLevel(OptionsOf(input));
    soup.vertices = std::move(level.soup.vertices);
    soup.indices = std::move(level.soup.indices);
    derived = b3d::DeriveSettings(kSettings);
    const b3d::TileRange range = b3d::SoupTiles(soup, kSettings);
    auto byTile = b3d::SelectTrianglesByTile(soup, kSettings, derived, range);
    std::size_t k = 0;
    for (const b3d::TileIndex& t : b3d::BuildOrder(range)) {
      std::vector<std::uint32_t>& list = byTile[k++];
      if (!b3d::AnyMayBeWalkable(soup, list, derived.slopeCosine)) continue;
      Tile tile;
      tile.grid = b3d::SoupTileGrid(soup, list, kSettings, derived, t.x, t.z);
      tile.recastTris.reserve(3 * list.size());
      for (std::uint32_t tri : list)
        for (int c = 0; c < 3; ++c) tile.recastTris.push_back(soup.indices[3 * tri + c]);
      tile.triangles = std::move(list);
      maxTriangles = std::max(maxTriangles, tile.triangles.size());
      triangleRefs += tile.triangles.size();
      tiles.push_back(std::move(tile));
    }
    for (int bz = 0; bz < 16; ++bz)
      for (int bx = 0; bx < 16; ++bx) {
        const float x = 16.0f * bx + 6.0f, z = 16.0f * bz + 6.0f;
        volumes.push_back({.points = {{x, z}, {x, z + 4}, {x + 4, z + 4}, {x + 4, z}},
                           .minY = -1.0f,
                           .maxY = 3.0f,
                           .area = 5});
      }
    for (const b3d::ConvexVolume& v : volumes) {
      std::vector<float> verts;
      for (const b3d::VolumePoint& p : v.points) verts.insert(verts.end(), {p.x, 0.0f, p.z});
      recastVolumes.push_back(std::move(verts));
    }
  }

  // Frees what case c does not read.
  void KeepOnly(Case c) {
    for (Tile& t : tiles) {
      if (c == Case::kOurs) t.recastTris = {};
      if (c == Case::kRecast) t.triangles = {};
    }
    malloc_trim(0);
  }

  b3d::TriangleSoup soup;
  b3d::DerivedSettings derived;
  std::vector<Tile> tiles;
  std::size_t maxTriangles = 0;
  std::size_t triangleRefs = 0;
  std::vector<b3d::ConvexVolume> volumes;
  std::vector<std::vector<float>> recastVolumes;
};

Inputs& InputsFor(int input) { return onepath::bench::InputsFor<Inputs>(input); }

// The compact spans of a pass and those with a nonzero area.
struct Output {
  std::size_t spans = 0, walkable = 0;
};

// --- the two sides ---------------------------------------------------------

Output RunOurs(const Inputs& in) {
  const b3d::DerivedSettings& d = in.derived;
  Output out;
  for (const Tile& tile : in.tiles) {
    const b3d::TileTriangles tris =
        internal::ClassifyTriangles(in.soup, tile.triangles, d.slopeCosine);
    b3d::Heightfield hf = internal::Rasterize(in.soup, tris, tile.grid, d.walkableClimb);
    internal::FilterLowHangingObstacles(hf, d.walkableClimb);
    internal::FilterLedgeSpans(hf, d.walkableHeight, d.walkableClimb);
    internal::FilterLowHeightSpans(hf, d.walkableHeight);
    b3d::CompactHeightfield compact = internal::Compact(hf, d.walkableHeight, d.walkableClimb);
    internal::Erode(compact, d.walkableRadius);
    internal::MarkVolumes(compact, in.volumes, tile.grid);
    out.spans += compact.spans().size();
    for (const b3d::CompactSpan& s : compact.spans()) out.walkable += s.area != 0;
  }
  return out;
}

Output RunRecast(const Inputs& in) {
  const b3d::DerivedSettings& d = in.derived;
  rcContext ctx(false);
  const float* verts = in.soup.vertices.data();
  const int nverts = static_cast<int>(in.soup.vertices.size() / 3);
  std::vector<unsigned char> areas(in.maxTriangles);
  const float slope = static_cast<float>(kSettings.AgentMaxSlopeDegrees);
  Output out;
  for (const Tile& tile : in.tiles) {
    const b3d::TileGrid& g = tile.grid;
    const float bmin[3] = {g.bmin.x, g.bmin.y, g.bmin.z};
    const float bmax[3] = {g.bmax.x, g.bmax.y, g.bmax.z};
    const int nt = static_cast<int>(tile.recastTris.size() / 3);
    rcHeightfield* hf = rcAllocHeightfield();
    if (!hf || !rcCreateHeightfield(&ctx, *hf, g.width, g.width, bmin, bmax, g.csF, g.chF))
      std::abort();
    std::memset(areas.data(), 0, static_cast<std::size_t>(nt));
    rcMarkWalkableTriangles(&ctx, slope, verts, nverts, tile.recastTris.data(), nt, areas.data());
    if (!rcRasterizeTriangles(&ctx, verts, nverts, tile.recastTris.data(), areas.data(), nt, *hf,
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
    for (std::size_t v = 0; v < in.volumes.size(); ++v) {
      const std::vector<float>& pts = in.recastVolumes[v];
      rcMarkConvexPolyArea(&ctx, pts.data(), static_cast<int>(pts.size() / 3), in.volumes[v].minY,
                           in.volumes[v].maxY, static_cast<unsigned char>(in.volumes[v].area),
                           *chf);
    }
    out.spans += static_cast<std::size_t>(chf->spanCount);
    for (int s = 0; s < chf->spanCount; ++s) out.walkable += chf->areas[s] != 0;
    rcFreeCompactHeightfield(chf);
  }
  return out;
}

Output RunCase(Case c, const Inputs& in) { return c == Case::kOurs ? RunOurs(in) : RunRecast(in); }

// --- memory ------------------------------------------------------------------

int PeakMemoryChild(const std::string& spec) {
  Case c;
  int input = 0;
  if (!onepath::bench::ParseMemorySpec(kCaseNames, spec, c, input)) return 2;
  Inputs in(input);
  in.KeepOnly(c);
  return onepath::bench::MeasureCallInChild(
      [&] { benchmark::DoNotOptimize(RunCase(c, in).spans); });
}

// --- benchmarks --------------------------------------------------------------

void BM_Case(benchmark::State& state, Case c) {
  const int input = static_cast<int>(state.range(0));
  const Inputs& in = InputsFor(input);
  Output out;
  for (auto _ : state) {
    out = RunCase(c, in);
    benchmark::DoNotOptimize(out.spans);
  }
  state.counters["tiles"] = static_cast<double>(in.tiles.size());
  state.counters["triangles"] = static_cast<double>(in.soup.indices.size() / 3);
  state.counters["spans"] = static_cast<double>(out.spans);
  onepath::bench::SetMemoryCounters(
      state, onepath::bench::PeakMemory(onepath::bench::MemorySpec(kCaseNames, c, input)));
}

int Check(int max_input) {
  std::printf("[");
  for (int input = 0; input < kInputs && input <= max_input; ++input) {
    const Inputs in(input);
    const Output ours = RunOurs(in);
    const Output recast = RunRecast(in);
    std::printf(
        "%s\n{\"input\": %d, \"name\": \"%s\", \"triangles\": %zu, \"tiles\": %zu, "
        "\"tile_triangles\": %zu, \"ours_spans\": %zu, \"recast_spans\": %zu, "
        "\"ours_walkable\": %zu, \"recast_walkable\": %zu}",
        input == 0 ? "" : ",", input, InputName(input).c_str(), in.soup.indices.size() / 3,
        in.tiles.size(), in.triangleRefs, ours.spans, recast.spans, ours.walkable, recast.walkable);
    std::fflush(stdout);
  }
  std::printf("\n]\n");
  return 0;
}

// The stages of every tile, each value's canonical bytes hashed.
int Hashes(int max_input) {
  for (int input = 0; input < kInputs && input <= max_input; ++input) {
    const Inputs in(input);
    const b3d::DerivedSettings& d = in.derived;
    std::string hashes;
    const auto add = [&](const std::vector<std::uint8_t>& bytes) {
      hashes += onepath::Sha256Hex(bytes);
    };
    for (const Tile& tile : in.tiles) {
      const b3d::TileTriangles tris =
          internal::ClassifyTriangles(in.soup, tile.triangles, d.slopeCosine);
      add(b3d::CanonicalBytes(tris));
      b3d::Heightfield hf = internal::Rasterize(in.soup, tris, tile.grid, d.walkableClimb);
      add(b3d::CanonicalBytes(hf));
      internal::FilterLowHangingObstacles(hf, d.walkableClimb);
      add(b3d::CanonicalBytes(hf));
      internal::FilterLedgeSpans(hf, d.walkableHeight, d.walkableClimb);
      add(b3d::CanonicalBytes(hf));
      internal::FilterLowHeightSpans(hf, d.walkableHeight);
      add(b3d::CanonicalBytes(hf));
      b3d::CompactHeightfield compact = internal::Compact(hf, d.walkableHeight, d.walkableClimb);
      add(b3d::CanonicalBytes(compact));
      internal::Erode(compact, d.walkableRadius);
      add(b3d::CanonicalBytes(compact));
      internal::MarkVolumes(compact, in.volumes, tile.grid);
      add(b3d::CanonicalBytes(compact));
    }
    std::printf("%s %s\n", InputName(input).c_str(), onepath::Sha256Hex(hashes).c_str());
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  return onepath::bench::InputsMain<Case>(argc, argv, kCaseNames, kInputs, kSoupInput,
                                          PeakMemoryChild, Check, Hashes, BM_Case);
}
