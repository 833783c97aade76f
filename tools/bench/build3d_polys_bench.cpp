// Benchmark of the polygon and height-detail stages of a tiled 3D build
// (docs/spec/build3d-polygons.md, b3d.poly.*; docs/spec/build3d-detail.md,
// b3d.detail.*), with Recast (Debian librecast-dev, e75adf8) doing the same
// stages on the same contours and compact heightfields with the same
// settings in the same run; and a quality comparison of the two results.
//
// Inputs (the argument), as build3d_regions_bench: 0..6 the level kinds of
// conformance/generators/levels.hpp in AllLevelKinds order, size 256, seed
// 1; 7 a large terrain, size 512, seed 1; the default NavSettings and the
// volumes of build3d_spans_bench. Made once, outside the timed loop, for
// every tile whose cut is not empty: the compact heightfield (the span
// stages of build3d_spans_bench's `ours`), the Watershed partition's border
// cut, our contours (internal::Trace on the cut) and Recast's
// (rcBuildContours, RC_CONTOUR_TESS_WALL_EDGES, on the same field loaded as
// build3d_regions_bench's `recast_trace` loads it: reg = the cut's ids with
// the four border strips borderId + 1 .. + 4, chf.dist from
// rcBuildDistanceField, bmin/bmax the tile grid's; then the strips'
// contours and the emptied holes taken out of the set). The two contour
// sets are equal (b3d.contour.recast; --check compares them vertex by
// vertex), so each side polygonizes its own. Then our PolyMesh
// (Polygonizer::Build) with minRow (b3d.poly.rows: the least row over the
// vertices some polygon uses) and Recast's rcPolyMesh (rcBuildPolyMesh),
// the inputs of the detail cases. Tiles whose mesh has no polygon are kept
// (a build omits them; both sides return at once).
//
// Settings, translated to Recast's units once (printed by --check):
// nvp = MaxVertsPerPoly; sampleDist = f32(DetailSampleDistance) (world
// units, Recast's RecastDemo passes cs * cells) or 0 when our detail is off
// (DetailSampleDistance / cs <= 0.9, b3d.detail.sample-distance);
// sampleMaxError = f32(DetailMaxError) (world units); Recast's height
// search radius is its own (ceil of cset.maxError, ContourMaxError).
//
// Cases, per input, every tile:
//  ours_polys     Polygonizer::Build
//  recast_polys   rcBuildPolyMesh, then freeing the mesh
//  ours_detail    internal::BuildDetail, the stage as the build runs it on
//                 values it made itself (b3d.detail.build without the
//                 stage-input checks)
//  recast_detail  rcBuildPolyMeshDetail, then rcFreePolyMeshDetail
//  ours_detail_checked  DetailMeshBuilder::Build, the public stage with
//                 its stage-input checks (b3d.detail.stage-input: the
//                 compact heightfield, its grid, the cut, O(spans); the
//                 mesh, O(corners))
//
// Times: Google Benchmark's CPU time. Memory: a fresh child process (this
// program with --peak-memory=<case>/<input>, bench_support.hpp) makes the
// input, frees what its case does not read, and runs the whole tiled pass
// once: peak RSS (input included) and the pass's own increase.
//
// Extra flags:
//  --max_input=N  skip inputs above N (7 is the large terrain; default 7)
//  --check        print the settings as both sides get them, then per
//                 input its tiles, spans, contours (and the tiles whose two
//                 contour sets differ), both sides' polygons, vertices,
//                 detail vertices and triangles, as JSON
//  --quality      the quality comparison as Markdown (QualityMain; the
//                 definitions are in tools/bench/README.md)
//  --hashes       print, per input, the SHA-256 of the SHA-256s of every
//                 tile's PolyMesh and DetailMesh canonical bytes,
//                 "<input> <hash>": what performance work on the two stages
//                 must leave bit for bit as it was
#include <benchmark/benchmark.h>
#include <malloc.h>
#include <recastnavigation/Recast.h>
#include <recastnavigation/RecastAlloc.h>

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "conformance/generators/levels.hpp"
#include "onepath/build3d/contours.hpp"
#include "onepath/build3d/detail_mesh.hpp"
#include "onepath/build3d/internal/contours.hpp"
#include "onepath/build3d/internal/detail_mesh.hpp"
#include "onepath/build3d/internal/regions.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/build3d/pipeline.hpp"
#include "onepath/build3d/polygonizer.hpp"
#include "onepath/build3d/regions.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/exact/predicates.hpp"
#include "tools/bench/bench_support.hpp"

namespace {

namespace b3d = onepath::build3d;
namespace internal = onepath::build3d::internal;
using onepath::Vector2D;

enum class Case { kOursPolys, kRecastPolys, kOursDetail, kRecastDetail, kOursDetailChecked };
const char* const kCaseNames[] = {"ours_polys", "recast_polys", "ours_detail", "recast_detail",
                                  "ours_detail_checked"};

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

// The settings as Recast takes them (see the header).
struct RecastSettings {
  int nvp = 0;
  float sampleDist = 0.0f;
  float sampleMaxError = 0.0f;
};

RecastSettings ToRecastSettings(const b3d::NavSettings& s, const b3d::DerivedSettings& d) {
  const bool detailOn = s.DetailSampleDistance / d.cs > 0.9;  // b3d.detail.sample-distance
  return {.nvp = static_cast<int>(s.MaxVertsPerPoly),
          .sampleDist = detailOn ? static_cast<float>(s.DetailSampleDistance) : 0.0f,
          .sampleMaxError = static_cast<float>(s.DetailMaxError)};
}

// An rcCompactHeightfield holding a copy of a compact heightfield (spans,
// areas, connections; reg 0), borderSize 0, bmin/bmax and cs/ch the tile
// grid's (Recast's detail puts its vertices there); freed by its
// destructor.
std::unique_ptr<rcCompactHeightfield> ToRecast(const b3d::CompactHeightfield& h,
                                               const b3d::DerivedSettings& d,
                                               const b3d::TileGrid& grid) {
  auto chf = std::make_unique<rcCompactHeightfield>();
  const int w = static_cast<int>(h.width()), dz = static_cast<int>(h.depth());
  const int n = static_cast<int>(h.spans().size());
  chf->width = w;
  chf->height = dz;
  chf->spanCount = n;
  chf->walkableHeight = d.walkableHeight;
  chf->walkableClimb = d.walkableClimb;
  chf->borderSize = 0;
  chf->cs = grid.csF;
  chf->ch = grid.chF;
  chf->bmin[0] = grid.bmin.x;
  chf->bmin[1] = grid.bmin.y;
  chf->bmin[2] = grid.bmin.z;
  chf->bmax[0] = grid.bmax.x;
  chf->bmax[1] = grid.bmax.y;
  chf->bmax[2] = grid.bmax.z;
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

// The allocator the contour oracle gives Recast (oracles/recast,
// b3d.contour.recast): new blocks filled with 0xff and given slack, which
// makes rcBuildContours deterministic. Set only around rcBuildContours;
// plain malloc and free, so Recast's default free releases these blocks.
void* FilledAlloc(size_t size, rcAllocHint) {
  const size_t total = 2 * size + 1024;
  void* p = std::malloc(total);
  if (p != nullptr) std::memset(p, 0xff, total);
  return p;
}
void PlainFree(void* p) { std::free(p); }

// A context that counts Recast's warnings and errors (for --check and
// --quality); the timed runs log nothing.
class CountingContext : public rcContext {
 public:
  CountingContext() : rcContext(true) {}
  int warnings = 0, errors = 0;
  std::string first;

 protected:
  void doLog(const rcLogCategory category, const char* msg, const int) override {
    if (category == RC_LOG_WARNING) ++warnings;
    if (category == RC_LOG_ERROR) ++errors;
    if (first.empty() && category != RC_LOG_PROGRESS) first = msg;
  }
};

struct RecastPolyMeshDeleter {
  void operator()(rcPolyMesh* m) const { rcFreePolyMesh(m); }
};
struct RecastDetailDeleter {
  void operator()(rcPolyMeshDetail* m) const { rcFreePolyMeshDetail(m); }
};
using RecastPolyMeshPtr = std::unique_ptr<rcPolyMesh, RecastPolyMeshDeleter>;
using RecastDetailPtr = std::unique_ptr<rcPolyMeshDetail, RecastDetailDeleter>;

struct Tile {
  std::int64_t tx = 0, tz = 0;
  b3d::TileGrid grid;
  b3d::CompactHeightfield compact;
  b3d::BorderCut cut;                         // of the Watershed partition
  b3d::ContourSet contours;                   // ours, internal::Trace
  b3d::PolyMesh mesh;                         // ours, the detail's input
  std::int64_t minRow = 0;                    // b3d.poly.rows
  std::unique_ptr<rcCompactHeightfield> chf;  // reg = the cut's ids, strips
  std::unique_ptr<rcContourSet> cset;         // Recast's own contours only
  RecastPolyMeshPtr pmesh;                    // the detail's input
};

// b3d.poly.rows: the least y over the vertices some polygon uses (0 for a
// mesh without polygons, which a build omits).
std::int64_t MinRow(const b3d::PolyMesh& mesh) {
  std::int64_t row = std::numeric_limits<std::int64_t>::max();
  for (const b3d::MeshPolygon& p : mesh.polygons)
    for (const b3d::PolyCorner& c : p.corners)
      row = std::min<std::int64_t>(row, mesh.vertices[c.vertex].y);
  return mesh.polygons.empty() ? 0 : row;
}

// Takes the strips' contours (region above borderId) and the emptied holes
// out of Recast's set, as the contour oracle reads it back, and moves what
// stays into blocks of Recast's default allocator of their exact sizes (the
// set was made under FilledAlloc, whose blocks have slack and are touched
// throughout; the conts array is also cut to the contours kept).
void KeepOwnContours(rcContourSet& cset, int borderId) {
  const auto copy = [](const int* from, int n) {
    if (from == nullptr || n == 0) return static_cast<int*>(nullptr);
    int* to = static_cast<int*>(rcAlloc(sizeof(int) * 4 * n, RC_ALLOC_PERM));
    if (to == nullptr) std::abort();
    std::memcpy(to, from, sizeof(int) * 4 * n);
    return to;
  };
  int k = 0;
  for (int i = 0; i < cset.nconts; ++i)
    if (cset.conts[i].reg < borderId && cset.conts[i].nverts > 0) ++k;
  auto* kept = static_cast<rcContour*>(rcAlloc(sizeof(rcContour) * std::max(k, 1), RC_ALLOC_PERM));
  if (kept == nullptr) std::abort();
  k = 0;
  for (int i = 0; i < cset.nconts; ++i) {
    rcContour& c = cset.conts[i];
    if (c.reg < borderId && c.nverts > 0) {
      kept[k] = c;
      kept[k].verts = copy(c.verts, c.nverts);
      kept[k].rverts = copy(c.rverts, c.nrverts);
      ++k;
    }
    rcFree(c.verts);
    rcFree(c.rverts);
  }
  rcFree(cset.conts);
  cset.conts = kept;
  cset.nconts = k;
}

struct Inputs {
  explicit Inputs(int input) {
    onepath::gen::Level level = onepath::gen::MakeLevel(OptionsOf(input));
    b3d::TriangleSoup soup;
    soup.vertices = std::move(level.soup.vertices);
    soup.indices = std::move(level.soup.indices);
    derived = b3d::DeriveSettings(kSettings);
    recast = ToRecastSettings(kSettings, derived);
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
      Tile tile;
      tile.tx = t.x;
      tile.tz = t.z;
      tile.grid = b3d::SoupTileGrid(soup, list, kSettings, d, t.x, t.z);
      const b3d::TileTriangles tris = internal::ClassifyTriangles(soup, list, d.slopeCosine);
      b3d::Heightfield hf = internal::Rasterize(soup, tris, tile.grid, d.walkableClimb);
      internal::FilterLowHangingObstacles(hf, d.walkableClimb);
      internal::FilterLedgeSpans(hf, d.walkableHeight, d.walkableClimb);
      internal::FilterLowHeightSpans(hf, d.walkableHeight);
      tile.compact = internal::Compact(hf, d.walkableHeight, d.walkableClimb);
      internal::Erode(tile.compact, d.walkableRadius);
      internal::MarkVolumes(tile.compact, volumes, tile.grid);
      tile.cut = internal::CutBorder(
          tile.compact,
          internal::Watershed(tile.compact, internal::BuildDistanceField(tile.compact),
                              d.minRegionArea, d.mergeRegionArea),
          d.border, d.tileCells);
      if (tile.cut.empty) continue;  // a build skips it (b3d.region.border-cut)
      spans += tile.compact.spans().size();
      tile.contours = internal::Trace(tile.compact, tile.cut, d.border, d.tileCells, d.maxError,
                                      d.maxEdgeCells);
      tile.mesh = b3d::Polygonizer::Build(tile.contours, kSettings);
      tile.minRow = MinRow(tile.mesh);
      // Recast: the field as its Watershed pipeline hands it over (chf.dist
      // kept), reg = the cut's ids; its contours; its polygon mesh.
      tile.chf = ToRecast(tile.compact, d, tile.grid);
      rcContext ctx(false);
      if (!rcBuildDistanceField(&ctx, *tile.chf)) std::abort();
      SetTraceIds(tile);
      tile.cset = std::make_unique<rcContourSet>();
      rcAllocSetCustom(FilledAlloc, PlainFree);
      if (!rcBuildContours(&ctx, *tile.chf, static_cast<float>(d.maxError),
                           static_cast<int>(d.maxEdgeCells), *tile.cset,
                           RC_CONTOUR_TESS_WALL_EDGES))
        std::abort();
      rcAllocSetCustom(nullptr, nullptr);  // Recast's default (malloc, free)
      KeepOwnContours(*tile.cset, tile.cut.borderId);
      tiles.push_back(std::move(tile));
    }
    for (Tile& tile : tiles) {
      tile.pmesh.reset(rcAllocPolyMesh());
      rcContext ctx(false);
      if (!tile.pmesh || !rcBuildPolyMesh(&ctx, *tile.cset, recast.nvp, *tile.pmesh)) std::abort();
    }
  }

  // chf.reg as the contour oracle loads it (b3d.contour.recast): the cut's
  // ids, the four border strips borderId + 1 .. + 4.
  void SetTraceIds(Tile& tile) const {
    const b3d::DerivedSettings& d = derived;
    rcCompactHeightfield& chf = *tile.chf;
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
    for (Tile& t : tiles) {
      if (c != Case::kOursPolys) t.contours = {};
      if (c != Case::kOursDetail && c != Case::kOursDetailChecked) {
        t.compact = {};
        t.cut = {};
        t.mesh = {};
      }
      if (c != Case::kRecastPolys) t.cset.reset();
      if (c != Case::kRecastDetail) {
        t.chf.reset();
        t.pmesh.reset();
      }
    }
    malloc_trim(0);
  }

  b3d::DerivedSettings derived;
  RecastSettings recast;
  std::vector<Tile> tiles;
  std::size_t spans = 0;
};

Inputs& InputsFor(int input) { return onepath::bench::InputsFor<Inputs>(input); }

// What a pass made: polygons and vertices (polygonizer), detail vertices
// (the extra ones: not the polygon's corners) and triangles (detail).
struct Output {
  std::size_t polygons = 0, vertices = 0, detailVertices = 0, triangles = 0;
};

// --- the two sides ---------------------------------------------------------

Output RunOurs(Case c, const Inputs& in) {
  Output out;
  for (const Tile& t : in.tiles) {
    if (c == Case::kOursPolys) {
      const b3d::PolyMesh mesh = b3d::Polygonizer::Build(t.contours, kSettings);
      out.polygons += mesh.polygons.size();
      out.vertices += mesh.vertices.size();
    } else {
      const b3d::DetailMesh detail =
          c == Case::kOursDetail
              ? internal::BuildDetail(t.mesh, t.compact, t.cut, t.minRow, kSettings,
                                      b3d::DeriveSettings(kSettings), t.tx, t.tz)
              : b3d::DetailMeshBuilder::Build(t.mesh, t.compact, t.cut, t.minRow, kSettings, t.tx,
                                              t.tz);
      out.detailVertices += detail.vertices.size();
      out.triangles += detail.triangles.size();
    }
  }
  return out;
}

Output RunRecast(Case c, const Inputs& in, rcContext& ctx) {
  const RecastSettings& r = in.recast;
  Output out;
  for (const Tile& t : in.tiles) {
    if (c == Case::kRecastPolys) {
      rcPolyMesh mesh;  // its destructor frees the arrays
      if (!rcBuildPolyMesh(&ctx, *t.cset, r.nvp, mesh)) std::abort();
      out.polygons += static_cast<std::size_t>(mesh.npolys);
      out.vertices += static_cast<std::size_t>(mesh.nverts);
    } else {
      RecastDetailPtr detail(rcAllocPolyMeshDetail());
      if (!detail ||
          !rcBuildPolyMeshDetail(&ctx, *t.pmesh, *t.chf, r.sampleDist, r.sampleMaxError, *detail))
        std::abort();
      // The extra vertices: Recast stores each polygon's corners first.
      std::size_t corners = 0;
      const rcPolyMesh& m = *t.pmesh;
      for (int p = 0; p < m.npolys; ++p)
        for (int j = 0; j < m.nvp && m.polys[p * 2 * m.nvp + j] != RC_MESH_NULL_IDX; ++j) ++corners;
      out.detailVertices += static_cast<std::size_t>(detail->nverts) - (m.npolys ? corners : 0);
      out.triangles += static_cast<std::size_t>(detail->ntris);
    }
  }
  return out;
}

Output RunCase(Case c, const Inputs& in) {
  if (static_cast<int>(c) % 2 == 0) return RunOurs(c, in);
  rcContext ctx(false);
  return RunRecast(c, in, ctx);
}

// --- memory ------------------------------------------------------------------

int PeakMemoryChild(const std::string& spec) {
  Case c;
  int input = 0;
  if (!onepath::bench::ParseMemorySpec(kCaseNames, spec, c, input)) return 2;
  Inputs in(input);
  in.KeepOnly(c);
  return onepath::bench::MeasureCallInChild(
      [&] { benchmark::DoNotOptimize(RunCase(c, in).triangles); });
}

// --- benchmarks --------------------------------------------------------------

void BM_Case(benchmark::State& state, Case c) {
  const int input = static_cast<int>(state.range(0));
  const Inputs& in = InputsFor(input);
  Output out;
  for (auto _ : state) {
    out = RunCase(c, in);
    benchmark::DoNotOptimize(out.triangles);
  }
  state.counters["tiles"] = static_cast<double>(in.tiles.size());
  state.counters["spans"] = static_cast<double>(in.spans);
  state.counters["polygons"] = static_cast<double>(out.polygons);
  state.counters["triangles"] = static_cast<double>(out.triangles);
  onepath::bench::SetMemoryCounters(
      state, onepath::bench::PeakMemory(onepath::bench::MemorySpec(kCaseNames, c, input)));
}

// Recast's contours of a tile as ours (b3d.contour.recast's read-back).
b3d::ContourSet FromRecast(const rcContourSet& cset, int borderId) {
  b3d::ContourSet set;
  for (int k = 0; k < cset.nconts; ++k) {
    const rcContour& rc = cset.conts[k];
    b3d::Contour c;
    c.region = static_cast<std::uint16_t>(rc.reg);
    c.area = rc.area;
    for (int j = 0; j < rc.nverts; ++j) {
      const int* v = &rc.verts[j * 4];
      const int neighbour = std::min(v[3] & RC_CONTOUR_REG_MASK, borderId);
      c.vertices.push_back({.x = static_cast<std::uint16_t>(v[0]),
                            .y = static_cast<std::uint16_t>(v[1]),
                            .z = static_cast<std::uint16_t>(v[2]),
                            .neighbour = static_cast<std::uint16_t>(neighbour),
                            .areaBorder = (v[3] & RC_AREA_BORDER) != 0});
    }
    set.contours.push_back(std::move(c));
  }
  return set;
}

void PrintSettings(const Inputs& in) {
  const b3d::DerivedSettings& d = in.derived;
  std::printf(
      "{\"settings\": {\"MaxVertsPerPoly\": %lld, \"DetailSampleDistance\": %.9g, "
      "\"DetailMaxError\": %.9g, \"CellSize\": %.9g, \"CellHeight\": %.9g, \"cs\": %.17g, "
      "\"sd_cells\": %.17g, \"border\": %d, \"tileCells\": %d, \"ContourMaxError_cells\": %.9g, "
      "\"recast_nvp\": %d, \"recast_sampleDist\": %.9g, \"recast_sampleMaxError\": %.9g, "
      "\"recast_cs\": %.9g, \"recast_ch\": %.9g, \"recast_heightSearchRadius\": %d}}",
      static_cast<long long>(kSettings.MaxVertsPerPoly), kSettings.DetailSampleDistance,
      kSettings.DetailMaxError, kSettings.CellSize, kSettings.CellHeight, d.cs,
      kSettings.DetailSampleDistance / d.cs, d.border, d.tileCells, d.maxError, in.recast.nvp,
      double{in.recast.sampleDist}, double{in.recast.sampleMaxError}, double{d.cellSize},
      double{d.ch}, std::max(1, static_cast<int>(std::ceil(static_cast<float>(d.maxError)))));
}

int Check(int max_input) {
  std::printf("[");
  for (int input = 0; input < kInputs && input <= max_input; ++input) {
    const Inputs in(input);
    if (input == 0) {
      PrintSettings(in);
      std::printf(",");
    }
    std::size_t contours = 0, recastContours = 0, differing = 0;
    for (const Tile& t : in.tiles) {
      const b3d::ContourSet theirs = FromRecast(*t.cset, t.cut.borderId);
      contours += t.contours.contours.size();
      recastContours += theirs.contours.size();
      if (!(theirs == t.contours)) ++differing;
    }
    std::printf(
        "\n{\"input\": %d, \"name\": \"%s\", \"tiles\": %zu, \"spans\": %zu, \"contours\": %zu, "
        "\"recast_contours\": %zu, \"tiles_with_differing_contours\": %zu",
        input, InputName(input).c_str(), in.tiles.size(), in.spans, contours, recastContours,
        differing);
    for (std::size_t k = 0; k < 4; ++k) {
      const Case c = static_cast<Case>(k);
      CountingContext ctx;
      const Output o = k % 2 == 0 ? RunOurs(c, in) : RunRecast(c, in, ctx);
      if (k < 2)
        std::printf(", \"%s_polygons\": %zu, \"%s_vertices\": %zu", kCaseNames[k], o.polygons,
                    kCaseNames[k], o.vertices);
      else
        std::printf(", \"%s_vertices\": %zu, \"%s_triangles\": %zu", kCaseNames[k],
                    o.detailVertices, kCaseNames[k], o.triangles);
      if (k % 2 == 1)
        std::printf(", \"%s_warnings\": %d, \"%s_errors\": %d", kCaseNames[k], ctx.warnings,
                    kCaseNames[k], ctx.errors);
    }
    std::printf("}%s", input + 1 < kInputs && input + 1 <= max_input ? "," : "");
    std::fflush(stdout);
  }
  std::printf("\n]\n");
  return 0;
}

// --- quality -------------------------------------------------------------------

// The turns of a polygon's corners, each the exact sign of
// Orient2D(P(next), P(this), P(prev)) on positions P = (x, z) (positive:
// a left turn, as b3d.poly.orient and Recast's `left`), classified.
struct Shape {
  std::size_t convex = 0;     // every turn > 0
  std::size_t collinear = 0;  // no turn < 0, some = 0, some > 0
  std::size_t concave = 0;    // some turn < 0, some > 0
  std::size_t clockwise = 0;  // no turn > 0, some < 0
  std::size_t flat = 0;       // every turn = 0
  void Add(const std::vector<Vector2D>& p) {
    const std::size_t n = p.size();
    bool neg = false, zero = false, pos = false;
    for (std::size_t i = 0; i < n; ++i) {
      const int s = onepath::exact::Orient2D(p[(i + 1) % n], p[i], p[(i + n - 1) % n]);
      (s > 0 ? pos : s < 0 ? neg : zero) = true;
    }
    if (neg && pos)
      ++concave;
    else if (neg)
      ++clockwise;
    else if (!pos)
      ++flat;
    else if (zero)
      ++collinear;
    else
      ++convex;
  }
};

// The detail's height error against the spans (QualityMain).
struct HeightError {
  std::size_t points = 0, above = 0, noSpan = 0;
  double sum = 0.0, max = 0.0;
  // Of the points above DetailMaxError: those whose column holds a span of
  // the polygon's region with a floor more than R rows from the polygon's
  // mean vertex row E (b3d.detail.samples), out of NearestRow's reach.
  std::size_t aboveOutOfReach = 0;
  std::vector<float> errors;  // for the percentiles
  double Percentile(double f) {
    if (errors.empty()) return 0.0;
    const auto k = static_cast<std::size_t>(f * static_cast<double>(errors.size() - 1));
    std::nth_element(errors.begin(), errors.begin() + static_cast<std::ptrdiff_t>(k), errors.end());
    return errors[k];
  }
};

// What the out-of-reach count needs of a polygon (ours only).
struct Reach {
  const std::vector<std::uint16_t>* regions = nullptr;  // the cut's ids
  std::int64_t region = 0, expected = 0, rows = 0;      // region, E, R
};

// A detail triangle's three vertices in the tile grid's frame: x, z in
// cells (the grid's corner (x, z) at (x, z)), y in rows (a span's floor y
// at y).
struct GridPoint {
  double x, y, z;
};

// For every cell centre (i + 1/2, k + 1/2) in the closed xz projection of
// triangle (a, b, c): the triangle's height h there (rows), and against
// the compact spans of column (i, k) the error min |h - y| * CellHeight
// (world units).
void MeasureTriangle(const GridPoint& a, const GridPoint& b, const GridPoint& c,
                     const b3d::CompactHeightfield& h, double cellHeight, double maxError,
                     HeightError& e, const Reach* reach = nullptr) {
  const double den = (b.x - a.x) * (c.z - a.z) - (c.x - a.x) * (b.z - a.z);
  if (den == 0.0) return;
  const double eps = 1e-9 * std::abs(den);
  const int i0 = std::max(0, static_cast<int>(std::floor(std::min({a.x, b.x, c.x}) - 0.5)));
  const int i1 = std::min(static_cast<int>(h.width()) - 1,
                          static_cast<int>(std::ceil(std::max({a.x, b.x, c.x}) - 0.5)));
  const int k0 = std::max(0, static_cast<int>(std::floor(std::min({a.z, b.z, c.z}) - 0.5)));
  const int k1 = std::min(static_cast<int>(h.depth()) - 1,
                          static_cast<int>(std::ceil(std::max({a.z, b.z, c.z}) - 0.5)));
  for (int k = k0; k <= k1; ++k)
    for (int i = i0; i <= i1; ++i) {
      const double px = i + 0.5, pz = k + 0.5;
      const double wb = (px - a.x) * (c.z - a.z) - (c.x - a.x) * (pz - a.z);
      const double wc = (b.x - a.x) * (pz - a.z) - (px - a.x) * (b.z - a.z);
      const double wa = den - wb - wc;
      const bool inside = den > 0 ? (wa >= -eps && wb >= -eps && wc >= -eps)
                                  : (wa <= eps && wb <= eps && wc <= eps);
      if (!inside) continue;
      const double y = (wa * a.y + wb * b.y + wc * c.y) / den;
      const std::size_t column = static_cast<std::size_t>(i) + h.width() * k;
      double best = std::numeric_limits<double>::infinity();
      for (const b3d::CompactSpan& s : h.Column(column)) best = std::min(best, std::abs(y - s.y));
      if (!std::isfinite(best)) {
        ++e.noSpan;
        continue;
      }
      const double err = best * cellHeight;
      ++e.points;
      e.errors.push_back(static_cast<float>(err));
      e.sum += err;
      e.max = std::max(e.max, err);
      if (err > maxError) {
        ++e.above;
        if (reach != nullptr) {
          const std::size_t start = h.ColumnStart(column);
          const auto spans = h.Column(column);
          for (std::size_t s = 0; s < spans.size(); ++s)
            if ((*reach->regions)[start + s] == reach->region &&
                std::llabs(std::int64_t{spans[s].y} - reach->expected) > reach->rows) {
              ++e.aboveOutOfReach;
              break;
            }
        }
      }
    }
}

struct Quality {
  std::size_t polygons[2] = {}, vertices[2] = {}, usedVertices[2] = {};
  std::size_t detailVertices[2] = {}, triangles[2] = {};
  Shape cells[2], floats[2];
  HeightError error[2], recastAsStored;
  std::size_t degenerateEars = 0;
  int recastWarnings = 0, recastErrors = 0;
  std::string recastFirst;
};

Quality Measure(const Inputs& in) {
  const b3d::DerivedSettings& d = in.derived;
  const double ch = kSettings.CellHeight, maxError = kSettings.DetailMaxError;
  const b3d::TileCoordinates coordinates(kSettings, d);
  Quality q;
  CountingContext ctx;
  for (const Tile& t : in.tiles) {
    // Ours.
    const b3d::PolyMesh& mesh = t.mesh;
    const b3d::DetailMesh detail =
        b3d::DetailMeshBuilder::Build(mesh, t.compact, t.cut, t.minRow, kSettings, t.tx, t.tz);
    q.polygons[0] += mesh.polygons.size();
    q.vertices[0] += mesh.vertices.size();
    q.degenerateEars += mesh.degenerateEars;
    std::vector<bool> used(mesh.vertices.size());
    for (std::size_t p = 0; p < mesh.polygons.size(); ++p) {
      const b3d::MeshPolygon& poly = mesh.polygons[p];
      std::vector<Vector2D> cells, floats;
      std::vector<GridPoint> corners;
      for (const b3d::PolyCorner& c : poly.corners) {
        const b3d::PolyVertex& v = mesh.vertices[c.vertex];
        used[c.vertex] = true;
        cells.push_back({static_cast<double>(v.x), static_cast<double>(v.z)});
        const float x = coordinates.Local(v.x), z = coordinates.Local(v.z);
        floats.push_back({double{x}, double{z}});
        corners.push_back({double{x} / d.cs + d.border,
                           double{coordinates.LocalY(v.y, t.minRow)} / ch + t.minRow,
                           double{z} / d.cs + d.border});
      }
      q.cells[0].Add(cells);
      q.floats[0].Add(floats);
      const b3d::DetailPolygon& dp = detail.polygons[p];
      std::int64_t rowSum = 0;
      for (const b3d::PolyCorner& c : poly.corners) rowSum += mesh.vertices[c.vertex].y;
      const auto n = static_cast<std::int64_t>(poly.corners.size());
      const Reach reach{.regions = &t.cut.regions,
                        .region = poly.region,
                        .expected = (2 * rowSum + n) / (2 * n),
                        .rows = std::max<std::int64_t>(d.walkableClimb, 1) + 1};
      const auto point = [&](std::uint8_t k) -> GridPoint {
        if (k < corners.size()) return corners[k];
        const b3d::DetailVertex& v = detail.vertices[dp.vertexBase + (k - corners.size())];
        return {double{v.x} / d.cs + d.border, double{v.y} / ch + t.minRow,
                double{v.z} / d.cs + d.border};
      };
      for (std::uint32_t k = 0; k < dp.triangleCount; ++k) {
        const b3d::DetailTriangle& tri = detail.triangles[dp.triangleBase + k];
        MeasureTriangle(point(tri.a), point(tri.b), point(tri.c), t.compact, ch, maxError,
                        q.error[0], &reach);
      }
    }
    q.usedVertices[0] += static_cast<std::size_t>(std::count(used.begin(), used.end(), true));
    q.detailVertices[0] += detail.vertices.size();
    q.triangles[0] += detail.triangles.size();

    // Recast: positions as Detour stores them, bmin + v * cs in binary32.
    const rcPolyMesh& m = *t.pmesh;
    RecastDetailPtr dm(rcAllocPolyMeshDetail());
    if (!dm || !rcBuildPolyMeshDetail(&ctx, m, *t.chf, in.recast.sampleDist,
                                      in.recast.sampleMaxError, *dm))
      std::abort();
    q.polygons[1] += static_cast<std::size_t>(m.npolys);
    q.vertices[1] += static_cast<std::size_t>(m.nverts);
    std::vector<bool> rused(static_cast<std::size_t>(m.nverts));
    const float* o = m.bmin;
    for (int p = 0; p < m.npolys; ++p) {
      std::vector<Vector2D> cells, floats;
      for (int j = 0; j < m.nvp; ++j) {
        const unsigned short v = m.polys[p * 2 * m.nvp + j];
        if (v == RC_MESH_NULL_IDX) break;
        rused[v] = true;
        const unsigned short* iv = &m.verts[v * 3];
        cells.push_back({static_cast<double>(iv[0]), static_cast<double>(iv[2])});
        const float sx = static_cast<float>(iv[0]) * m.cs, sz = static_cast<float>(iv[2]) * m.cs;
        const float x = o[0] + sx, z = o[2] + sz;
        floats.push_back({double{x}, double{z}});
      }
      q.cells[1].Add(cells);
      q.floats[1].Add(floats);
      const unsigned* sub = &dm->meshes[p * 4];
      q.detailVertices[1] += sub[1] - cells.size();
      const auto point = [&](unsigned char k, bool lift) -> GridPoint {
        const float* v = &dm->verts[(sub[0] + k) * 3];
        return {(double{v[0]} - double{o[0]}) / double{m.cs},
                (double{v[1]} - double{o[1]} - (lift ? double{m.ch} : 0.0)) / double{m.ch},
                (double{v[2]} - double{o[2]}) / double{m.cs}};
      };
      for (unsigned k = 0; k < sub[3]; ++k) {
        const unsigned char* tri = &dm->tris[(sub[2] + k) * 4];
        MeasureTriangle(point(tri[0], true), point(tri[1], true), point(tri[2], true), t.compact,
                        ch, maxError, q.error[1]);
        MeasureTriangle(point(tri[0], false), point(tri[1], false), point(tri[2], false), t.compact,
                        ch, maxError, q.recastAsStored);
      }
    }
    q.usedVertices[1] += static_cast<std::size_t>(std::count(rused.begin(), rused.end(), true));
    q.triangles[1] += static_cast<std::size_t>(dm->ntris);
  }
  q.recastWarnings = ctx.warnings;
  q.recastErrors = ctx.errors;
  q.recastFirst = ctx.first;
  return q;
}

std::string Mean(const HeightError& e) {
  char b[64];
  std::snprintf(b, sizeof b, "%.4f", e.points ? e.sum / static_cast<double>(e.points) : 0.0);
  return b;
}

std::string Percent(std::size_t a, std::size_t n) {
  char b[64];
  std::snprintf(b, sizeof b, "%.2f%%", n ? 100.0 * static_cast<double>(a) / n : 0.0);
  return b;
}

// Markdown tables: counts; the shape of the polygons (exact turns on cells
// and on binary32 positions); the detail's height error. See the README.
int QualityMain(int max_input) {
  std::vector<std::pair<std::string, Quality>> rows;
  RecastSettings rs;
  for (int input = 0; input < kInputs && input <= max_input; ++input) {
    const Inputs in(input);
    rs = in.recast;
    rows.emplace_back(InputName(input), Measure(in));
    std::fprintf(stderr, "%s done\n", InputName(input).c_str());
  }
  std::printf(
      "Settings: MaxVertsPerPoly %lld (Recast nvp %d), DetailSampleDistance %g (Recast "
      "sampleDist %.9g), DetailMaxError %g (Recast sampleMaxError %.9g).\n\n",
      static_cast<long long>(kSettings.MaxVertsPerPoly), rs.nvp, kSettings.DetailSampleDistance,
      double{rs.sampleDist}, kSettings.DetailMaxError, double{rs.sampleMaxError});
  std::printf(
      "| input | polygons ours / Recast | vertices (used) ours | Recast | detail extra vertices "
      "ours / Recast | detail triangles ours / Recast | our degenerate ears | Recast warnings; "
      "errors |\n");
  std::printf("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
  for (const auto& [name, q] : rows)
    std::printf(
        "| %s | %zu / %zu | %zu (%zu) | %zu (%zu) | %zu / %zu | %zu / %zu | %zu | %d; %d |\n",
        name.c_str(), q.polygons[0], q.polygons[1], q.vertices[0], q.usedVertices[0], q.vertices[1],
        q.usedVertices[1], q.detailVertices[0], q.detailVertices[1], q.triangles[0], q.triangles[1],
        q.degenerateEars, q.recastWarnings, q.recastErrors);
  std::printf(
      "\nPolygon shapes, exact turns; cells = integer corners, f32 = binary32 positions "
      "(ours tile-local Local(x), Local(z); Recast's world bmin + v * cs). "
      "Columns: concave / clockwise / all-collinear / with a collinear joint.\n\n");
  std::printf(
      "| input | ours cells | ours f32 | Recast cells | Recast f32 | Recast concave or clockwise "
      "in f32 |\n");
  std::printf("| --- | --- | --- | --- | --- | --- |\n");
  const auto shape = [](const Shape& s) {
    char b[96];
    std::snprintf(b, sizeof b, "%zu / %zu / %zu / %zu", s.concave, s.clockwise, s.flat,
                  s.collinear);
    return std::string(b);
  };
  for (const auto& [name, q] : rows)
    std::printf("| %s | %s | %s | %s | %s | %zu (%s) |\n", name.c_str(), shape(q.cells[0]).c_str(),
                shape(q.floats[0]).c_str(), shape(q.cells[1]).c_str(), shape(q.floats[1]).c_str(),
                q.floats[1].concave + q.floats[1].clockwise,
                Percent(q.floats[1].concave + q.floats[1].clockwise, q.polygons[1]).c_str());
  std::printf(
      "\nDetail height error (world units): per detail triangle, every cell centre of the tile "
      "grid in its closed xz projection; error = |plane height there - the nearest span floor "
      "of that column| (any span). Recast's detail vertices lie one CellHeight above the span "
      "floors (rcBuildPolyMeshDetail adds chf.ch); \"Recast\" removes that lift, \"as stored\" "
      "keeps it. Share above = points with error > DetailMaxError.\n\n");
  std::printf(
      "| input | points ours / Recast | max ours | Recast | as stored | p99 ours | Recast | mean "
      "ours | Recast | as stored | share above ours | Recast | ours above, out of reach |\n");
  std::printf("%s|\n",
              [] {
                std::string r;
                for (int k = 0; k < 13; ++k) r += "| --- ";
                return r;
              }()
                  .c_str());
  for (auto& [name, q] : rows)
    std::printf(
        "| %s | %zu / %zu | %.4f | %.4f | %.4f | %.4f | %.4f | %s | %s | %s | %s | %s | %s |\n",
        name.c_str(), q.error[0].points, q.error[1].points, q.error[0].max, q.error[1].max,
        q.recastAsStored.max, q.error[0].Percentile(0.99), q.error[1].Percentile(0.99),
        Mean(q.error[0]).c_str(), Mean(q.error[1]).c_str(), Mean(q.recastAsStored).c_str(),
        Percent(q.error[0].above, q.error[0].points).c_str(),
        Percent(q.error[1].above, q.error[1].points).c_str(),
        Percent(q.error[0].aboveOutOfReach, q.error[0].above).c_str());
  for (const auto& [name, q] : rows)
    if (!q.recastFirst.empty())
      std::printf("\n%s: Recast's first message: %s\n", name.c_str(), q.recastFirst.c_str());
  return 0;
}

// The stages of every tile, each value's canonical bytes hashed.
int Hashes(int max_input) {
  for (int input = 0; input < kInputs && input <= max_input; ++input) {
    const Inputs in(input);
    std::string hashes;
    for (const Tile& t : in.tiles) {
      const b3d::PolyMesh mesh = b3d::Polygonizer::Build(t.contours, kSettings);
      hashes += onepath::Sha256Hex(b3d::CanonicalBytes(mesh));
      hashes += onepath::Sha256Hex(b3d::CanonicalBytes(
          b3d::DetailMeshBuilder::Build(mesh, t.compact, t.cut, t.minRow, kSettings, t.tx, t.tz)));
    }
    std::printf("%s %s\n", InputName(input).c_str(), onepath::Sha256Hex(hashes).c_str());
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--quality") {
      std::string value;
      int maxInput = kTerrainInput;
      if (onepath::bench::TakeFlag(argc, argv, "max_input", value))
        maxInput = std::atoi(value.c_str());
      return QualityMain(maxInput);
    }
  return onepath::bench::InputsMain<Case>(argc, argv, kCaseNames, kInputs, kTerrainInput,
                                          PeakMemoryChild, Check, Hashes, BM_Case);
}
