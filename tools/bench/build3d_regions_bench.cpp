// Benchmark of the region and contour stages of a tiled 3D build
// (docs/spec/build3d-regions.md: b3d.region.*, b3d.contour.*), with Recast
// (Debian librecast-dev, e75adf8) doing the same stages on the same compact
// heightfields with the same settings in the same run.
//
// Inputs (the argument: 0..6 the level kinds of conformance/generators/
// levels.hpp in AllLevelKinds order, size 256, seed 1; 7 a large terrain,
// size 512, seed 1), with the default NavSettings (cell 0.3, height 0.2,
// tile 9.6, agent 2.0 high, radius 0.6, climb 0.9, slope 45 degrees;
// MinRegionArea 64, MergeRegionArea 400, ContourMaxError 1.3, MaxEdgeLength
// 12: 40 cells) and the volumes of build3d_spans_bench (one 4 x 4 square
// per 16 x 16 block of [0, 256]^2, y -1 to 3, area 5). Made once, outside
// the timed loop: every built tile's compact heightfield (the span stages of
// build3d_spans_bench's `ours`, stage `volumes`), its border cut of the
// Watershed partition (the settings' partition, what the contour stage
// takes), and for Recast the same fields as rcCompactHeightfield (one set
// for the partitions, which write chf.dist and chf.reg; one as Recast's
// Watershed pipeline hands it to rcBuildContours, chf.dist included, with
// chf.reg holding the cut's ids and the four border strips, as
// oracles/recast's contour oracle loads them, b3d.contour.recast).
//
// Cases, per input, every tile:
//  ours_watershed     internal::BuildDistanceField, internal::Watershed
//  recast_watershed   rcBuildDistanceField, rcBuildRegions (borderSize 0)
//  ours_monotone      internal::Monotone
//  recast_monotone    rcBuildRegionsMonotone (borderSize 0)
//  ours_layers        internal::Layers
//  recast_layers      rcBuildLayerRegions (borderSize 0)
//  ours_trace         internal::Trace on the cut
//  recast_trace       rcBuildContours (RC_CONTOUR_TESS_WALL_EDGES), then
//                     rcFreeContourSet's work (the set goes out of scope)
// The unchecked stages (what a build runs on values it made itself), as in
// build3d_spans_bench.
//
// Times: Google Benchmark's CPU time. Memory: a fresh child process (this
// program with --peak-memory=<case>/<input>, bench_support.hpp) makes the
// input, frees what its case does not read, and runs the whole tiled pass
// once: peak RSS (input included) and the pass's own increase.
//
// Extra flags:
//  --max_input=N  skip inputs above N (7 is the large terrain; default 7)
//  --check        print, per input, its tiles and spans and both sides'
//                 region counts per partition and contours and vertices as
//                 JSON (equal when the stages agree)
//  --hashes       print, per input, the SHA-256 of the SHA-256s of every
//                 tile's values (distances, the three partitions, the cut,
//                 the contours: their canonical bytes), "<input> <hash>":
//                 what performance work must leave bit for bit as it was
#include <benchmark/benchmark.h>
#include <malloc.h>
#include <recastnavigation/Recast.h>
#include <recastnavigation/RecastAlloc.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "conformance/generators/levels.hpp"
#include "onepath/build3d/contours.hpp"
#include "onepath/build3d/internal/contours.hpp"
#include "onepath/build3d/internal/regions.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/build3d/pipeline.hpp"
#include "onepath/build3d/regions.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "onepath/core/canonical.hpp"
#include "tools/bench/bench_support.hpp"

namespace {

namespace b3d = onepath::build3d;
namespace internal = onepath::build3d::internal;

enum class Case {
  kOursWatershed,
  kRecastWatershed,
  kOursMonotone,
  kRecastMonotone,
  kOursLayers,
  kRecastLayers,
  kOursTrace,
  kRecastTrace
};
const char* const kCaseNames[] = {"ours_watershed",  "recast_watershed", "ours_monotone",
                                  "recast_monotone", "ours_layers",      "recast_layers",
                                  "ours_trace",      "recast_trace"};

constexpr int kInputs = 8;  // 7 level kinds, then the large terrain
constexpr int kTerrainInput = 7;

const b3d::NavSettings kSettings{};

onepath::gen::LevelOptions OptionsOf(int input) {
  if (input == kTerrainInput)
    return {.kind = onepath::gen::LevelKind::kTerrain, .size = 512, .seed = 1};
  return {.kind = onepath::gen::AllLevelKinds()[static_cast<std::size_t>(input)],
          .size = 256,
          .seed = 1};
}

std::string InputName(int input) {
  if (input == kTerrainInput) return "terrain-512";
  return onepath::gen::LevelKindName(OptionsOf(input).kind);
}

// An rcCompactHeightfield holding a copy of a compact heightfield (spans,
// areas, connections; reg 0), borderSize 0; freed by its destructor.
std::unique_ptr<rcCompactHeightfield> ToRecast(const b3d::CompactHeightfield& h,
                                               const b3d::DerivedSettings& d) {
  auto chf = std::make_unique<rcCompactHeightfield>();
  const int w = static_cast<int>(h.width()), dz = static_cast<int>(h.depth());
  const int n = static_cast<int>(h.spans().size());
  chf->width = w;
  chf->height = dz;
  chf->spanCount = n;
  chf->walkableHeight = d.walkableHeight;
  chf->walkableClimb = d.walkableClimb;
  chf->borderSize = 0;
  chf->cs = d.cellSize;
  chf->ch = d.ch;
  chf->cells = static_cast<rcCompactCell*>(rcAlloc(sizeof(rcCompactCell) * w * dz, RC_ALLOC_PERM));
  chf->spans = static_cast<rcCompactSpan*>(rcAlloc(sizeof(rcCompactSpan) * (n + 1), RC_ALLOC_PERM));
  chf->areas = static_cast<unsigned char*>(rcAlloc(n + 1, RC_ALLOC_PERM));
  if (!chf->cells || !chf->spans || !chf->areas) std::abort();
  for (std::size_t c = 0; c < h.columnCount(); ++c) {
    chf->cells[c].index = static_cast<unsigned>(h.ColumnStart(c));
    chf->cells[c].count = static_cast<unsigned>(h.Column(c).size());
  }
  for (int i = 0; i < n; ++i) {
    const b3d::CompactSpan& s = h.spans()[static_cast<std::size_t>(i)];
    rcCompactSpan& r = chf->spans[i];
    r.y = s.y;
    r.reg = 0;
    r.h = s.h;
    r.con = 0;
    for (int dir = 0; dir < 4; ++dir) rcSetCon(r, dir, s.con[static_cast<std::size_t>(dir)]);
    chf->areas[i] = s.area;
  }
  return chf;
}

struct Tile {
  b3d::CompactHeightfield compact;
  b3d::BorderCut cut;                            // of the Watershed partition
  std::uint16_t borderId = 0;                    // the cut's
  std::unique_ptr<rcCompactHeightfield> chf;     // Recast's partitions
  std::unique_ptr<rcCompactHeightfield> traced;  // Recast's trace: reg = the cut's ids
};

struct Inputs {
  explicit Inputs(int input) {
    onepath::gen::Level level = onepath::gen::MakeLevel(OptionsOf(input));
    b3d::TriangleSoup soup;
    soup.vertices = std::move(level.soup.vertices);
    soup.indices = std::move(level.soup.indices);
    derived = b3d::DeriveSettings(kSettings);
    const b3d::DerivedSettings& d = derived;
    std::vector<b3d::ConvexVolume> volumes;
    for (int bz = 0; bz < 16; ++bz)
      for (int bx = 0; bx < 16; ++bx) {
        const float x = 16.0f * bx + 6.0f, z = 16.0f * bz + 6.0f;
        volumes.push_back({.points = {{x, z}, {x, z + 4}, {x + 4, z + 4}, {x + 4, z}},
                           .minY = -1.0f,
                           .maxY = 3.0f,
                           .area = 5});
      }
    const b3d::TileRange range = b3d::SoupTiles(soup, kSettings);
    auto byTile = b3d::SelectTrianglesByTile(soup, kSettings, d, range);
    std::size_t k = 0;
    for (const b3d::TileIndex& t : b3d::BuildOrder(range)) {
      const std::vector<std::uint32_t>& list = byTile[k++];
      if (!b3d::AnyMayBeWalkable(soup, list, d.slopeCosine)) continue;
      const b3d::TileGrid grid = b3d::SoupTileGrid(soup, list, kSettings, d, t.x, t.z);
      const b3d::TileTriangles tris = internal::ClassifyTriangles(soup, list, d.slopeCosine);
      b3d::Heightfield hf = internal::Rasterize(soup, tris, grid, d.walkableClimb);
      internal::FilterLowHangingObstacles(hf, d.walkableClimb);
      internal::FilterLedgeSpans(hf, d.walkableHeight, d.walkableClimb);
      internal::FilterLowHeightSpans(hf, d.walkableHeight);
      Tile tile;
      tile.compact = internal::Compact(hf, d.walkableHeight, d.walkableClimb);
      internal::Erode(tile.compact, d.walkableRadius);
      internal::MarkVolumes(tile.compact, volumes, grid);
      tile.cut = internal::CutBorder(
          tile.compact,
          internal::Watershed(tile.compact, internal::BuildDistanceField(tile.compact),
                              d.minRegionArea, d.mergeRegionArea),
          d.border, d.tileCells);
      if (tile.cut.empty) continue;  // a build skips it (b3d.region.border-cut)
      spans += tile.compact.spans().size();
      tile.borderId = tile.cut.borderId;
      tile.chf = ToRecast(tile.compact, d);
      tile.traced = ToRecast(tile.compact, d);
      // The field as Recast's own Watershed pipeline hands it to
      // rcBuildContours: rcBuildDistanceField's chf.dist stays in it (only
      // rcFreeCompactHeightfield frees it), as ours drops its distance
      // field after the partition; reg then holds the cut's ids.
      rcContext ctx(false);
      if (!rcBuildDistanceField(&ctx, *tile.traced)) std::abort();
      SetTraceIds(tile);
      tiles.push_back(std::move(tile));
    }
  }

  // chf.reg as the contour oracle loads it (b3d.contour.recast): the cut's
  // ids, the four border strips borderId + 1 .. + 4.
  void SetTraceIds(Tile& tile) const {
    const b3d::DerivedSettings& d = derived;
    rcCompactHeightfield& chf = *tile.traced;
    chf.maxRegions = static_cast<unsigned short>(tile.cut.borderId + 4);
    const auto core = [&](int c) { return c >= d.border && c < d.border + d.tileCells; };
    for (int z = 0; z < chf.height; ++z)
      for (int x = 0; x < chf.width; ++x) {
        int strip = x < d.border ? 1 : 2;
        if (z < d.border) strip = 3;
        if (z >= d.border + d.tileCells) strip = 4;
        const rcCompactCell& cell = chf.cells[x + chf.width * z];
        for (unsigned i = cell.index; i < cell.index + unsigned{cell.count}; ++i) {
          const int id = tile.cut.regions[i];
          chf.spans[i].reg = static_cast<unsigned short>(
              id == 0 || (core(x) && core(z)) ? id : tile.cut.borderId + strip);
        }
      }
  }

  // Frees what case c does not read.
  void KeepOnly(Case c) {
    const bool recast = static_cast<int>(c) % 2 == 1;
    const bool trace = c == Case::kOursTrace || c == Case::kRecastTrace;
    for (Tile& t : tiles) {
      if (recast) t.compact = {};
      if (!recast || trace) t.chf.reset();
      if (!recast || !trace) t.traced.reset();
      if (recast || !trace) t.cut = {};
    }
    malloc_trim(0);
  }

  b3d::DerivedSettings derived;
  std::vector<Tile> tiles;
  std::size_t spans = 0;
};

Inputs& InputsFor(int input) { return onepath::bench::InputsFor<Inputs>(input); }

// What a pass made: regions given (the region counts' sum), contours and
// vertices.
struct Output {
  std::size_t regions = 0, contours = 0, vertices = 0;
};

// --- the two sides ---------------------------------------------------------

Output RunOurs(Case c, const Inputs& in) {
  const b3d::DerivedSettings& d = in.derived;
  Output out;
  for (const Tile& t : in.tiles) {
    switch (c) {
      case Case::kOursWatershed:
        out.regions += internal::Watershed(t.compact, internal::BuildDistanceField(t.compact),
                                           d.minRegionArea, d.mergeRegionArea)
                           .regionCount;
        break;
      case Case::kOursMonotone:
        out.regions +=
            internal::Monotone(t.compact, d.minRegionArea, d.mergeRegionArea).regionCount;
        break;
      case Case::kOursLayers:
        out.regions += internal::Layers(t.compact, d.minRegionArea).regionCount;
        break;
      default: {
        const b3d::ContourSet set =
            internal::Trace(t.compact, t.cut, d.border, d.tileCells, d.maxError, d.maxEdgeCells);
        out.contours += set.contours.size();
        for (const b3d::Contour& k : set.contours) out.vertices += k.vertices.size();
      }
    }
  }
  return out;
}

Output RunRecast(Case c, const Inputs& in) {
  const b3d::DerivedSettings& d = in.derived;
  rcContext ctx(false);
  Output out;
  for (const Tile& t : in.tiles) {
    switch (c) {
      case Case::kRecastWatershed:
        if (!rcBuildDistanceField(&ctx, *t.chf) ||
            !rcBuildRegions(&ctx, *t.chf, 0, d.minRegionArea, d.mergeRegionArea))
          std::abort();
        out.regions += t.chf->maxRegions;
        break;
      case Case::kRecastMonotone:
        if (!rcBuildRegionsMonotone(&ctx, *t.chf, 0, d.minRegionArea, d.mergeRegionArea))
          std::abort();
        out.regions += t.chf->maxRegions;
        break;
      case Case::kRecastLayers:
        if (!rcBuildLayerRegions(&ctx, *t.chf, 0, d.minRegionArea)) std::abort();
        out.regions += t.chf->maxRegions;
        break;
      default: {
        rcContourSet cset;
        if (!rcBuildContours(&ctx, *t.traced, static_cast<float>(d.maxError),
                             static_cast<int>(d.maxEdgeCells), cset, RC_CONTOUR_TESS_WALL_EDGES))
          std::abort();
        // Recast's own contours (not the strips', not emptied holes).
        for (int k = 0; k < cset.nconts; ++k) {
          if (cset.conts[k].reg >= t.borderId || cset.conts[k].nverts == 0) continue;
          ++out.contours;
          out.vertices += static_cast<std::size_t>(cset.conts[k].nverts);
        }
      }
    }
  }
  return out;
}

Output RunCase(Case c, const Inputs& in) {
  return static_cast<int>(c) % 2 == 0 ? RunOurs(c, in) : RunRecast(c, in);
}

// --- memory ------------------------------------------------------------------

int PeakMemoryChild(const std::string& spec) {
  Case c;
  int input = 0;
  if (!onepath::bench::ParseMemorySpec(kCaseNames, spec, c, input)) return 2;
  Inputs in(input);
  in.KeepOnly(c);
  return onepath::bench::MeasureCallInChild(
      [&] { benchmark::DoNotOptimize(RunCase(c, in).regions); });
}

// --- benchmarks --------------------------------------------------------------

void BM_Case(benchmark::State& state, Case c) {
  const int input = static_cast<int>(state.range(0));
  const Inputs& in = InputsFor(input);
  Output out;
  for (auto _ : state) {
    out = RunCase(c, in);
    benchmark::DoNotOptimize(out.regions);
  }
  state.counters["tiles"] = static_cast<double>(in.tiles.size());
  state.counters["spans"] = static_cast<double>(in.spans);
  state.counters["regions"] = static_cast<double>(out.regions);
  state.counters["contours"] = static_cast<double>(out.contours);
  onepath::bench::SetMemoryCounters(
      state, onepath::bench::PeakMemory(onepath::bench::MemorySpec(kCaseNames, c, input)));
}

int Check(int max_input) {
  std::printf("[");
  for (int input = 0; input < kInputs && input <= max_input; ++input) {
    const Inputs in(input);
    std::printf("%s\n{\"input\": %d, \"name\": \"%s\", \"tiles\": %zu, \"spans\": %zu",
                input == 0 ? "" : ",", input, InputName(input).c_str(), in.tiles.size(), in.spans);
    for (std::size_t k = 0; k < std::size(kCaseNames); ++k) {
      const Output o = RunCase(static_cast<Case>(k), in);
      if (k < 6)
        std::printf(", \"%s_regions\": %zu", kCaseNames[k], o.regions);
      else
        std::printf(", \"%s_contours\": %zu, \"%s_vertices\": %zu", kCaseNames[k], o.contours,
                    kCaseNames[k], o.vertices);
    }
    std::printf("}");
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
    for (const Tile& t : in.tiles) {
      const b3d::DistanceField dist = internal::BuildDistanceField(t.compact);
      add(b3d::CanonicalBytes(dist));
      add(b3d::CanonicalBytes(
          internal::Watershed(t.compact, dist, d.minRegionArea, d.mergeRegionArea)));
      add(b3d::CanonicalBytes(internal::Monotone(t.compact, d.minRegionArea, d.mergeRegionArea)));
      add(b3d::CanonicalBytes(internal::Layers(t.compact, d.minRegionArea)));
      add(b3d::CanonicalBytes(t.cut));
      add(b3d::CanonicalBytes(
          internal::Trace(t.compact, t.cut, d.border, d.tileCells, d.maxError, d.maxEdgeCells)));
    }
    std::printf("%s %s\n", InputName(input).c_str(), onepath::Sha256Hex(hashes).c_str());
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  return onepath::bench::InputsMain<Case>(argc, argv, kCaseNames, kInputs, kTerrainInput,
                                          PeakMemoryChild, Check, Hashes, BM_Case);
}
