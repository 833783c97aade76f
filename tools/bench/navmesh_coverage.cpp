// Coverage of the full 3D build against Recast 1.6.0 (issue 30's coverage
// target): per generated level (size 256, seed 1) and settings preset
// (b3d.presets), the sum of the polygon areas projected on the xz plane of
// NavMesh::Build (docs/spec/build3d-tiles.md, b3d.build) and of a Recast
// tiled build of the same soup with the same settings (Debian
// librecast-dev, e75adf8; the tiling of navmesh_build_bench's peer: the
// tile square widened by B cells, the soup's y bounds, the demo's filter
// order, borderSize B). Not a benchmark: one build per side, one thread.
//
// Usage:
//   navmesh_coverage [--preset NAME] [--level N] [--tiles K]
//     the table level -> coverage ours / Recast / difference, and with
//     --tiles the K tiles where the two differ most (area in m^2, ours and
//     Recast's, polygons of each).
//   navmesh_coverage [--preset NAME] --level N --trace TX,TZ
//     the tile's stages on both sides, counted on the tile's core cells
//     (TileCells^2, the border excluded): walkable spans after the three
//     filters, after compaction, after erosion; spans with a region after
//     the partition (ours: before the cut; Recast's border regions left
//     out), the region ids there, contours and their vertices, polygons and
//     their xz area in cells^2; Recast's warnings and errors on stderr.
//   navmesh_coverage [--preset NAME] [--level N] --stages [--verbose] [--same-y]
//     every tile's polygon area difference (ours - Recast, cells^2) and
//     polygon count difference, summed per level by the first stage whose
//     core counts differ (spans: filtered or compacted; erosion; regions:
//     region spans or region count; contours: count or vertices; else
//     polygons); --verbose lists the tiles. --same-y gives Recast's
//     heightfield the y bounds of the tile's grid (b3d.grid-vertical:
//     y0 = the tile's triangles' minY - CellHeight) instead of the soup's.
//
// The Recast side's polygons are rcBuildPolyMesh's (the polygons
// dtCreateNavMeshData copies unchanged), so the detail and Detour stages
// are left out: neither changes a polygon's xz outline.
#include <recastnavigation/Recast.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "conformance/generators/build3d_fields.hpp"
#include "conformance/generators/levels.hpp"
#include "onepath/build3d/contours.hpp"
#include "onepath/build3d/internal/contours.hpp"
#include "onepath/build3d/internal/polygonizer.hpp"
#include "onepath/build3d/internal/regions.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/build3d/pipeline.hpp"
#include "onepath/build3d/polygonizer.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "onepath/navmesh.hpp"
#include "tools/bench/recast_tiled.hpp"

namespace {

namespace b3d = onepath::build3d;
namespace nav = onepath::navmesh;

using TileKey = std::pair<int, int>;

struct TileArea {
  double area = 0.0;  // m^2
  int polygons = 0;
};

// Twice the signed xz area of a polygon.
template <class Get>
double TwiceArea(int n, Get get) {
  double s = 0.0;
  for (int i = 0; i < n; ++i) {
    const auto [x0, z0] = get(i);
    const auto [x1, z1] = get((i + 1) % n);
    s += x0 * z1 - x1 * z0;
  }
  return s;
}

// --- ours ----------------------------------------------------------------------

std::map<TileKey, TileArea> OursAreas(const b3d::TriangleSoup& soup,
                                      const b3d::NavSettings& settings) {
  const nav::NavMesh mesh = nav::NavMesh::Build(soup, {}, settings, {});
  std::map<TileKey, TileArea> out;
  for (const nav::NavTile* t : mesh.Tiles()) {
    TileArea& a = out[{t->tileX(), t->tileZ()}];
    for (const nav::NavPolygon& p : t->polygons()) {
      const auto get = [&](int i) {
        const nav::TileVertex& v = t->vertices()[p.vertices[static_cast<std::size_t>(i)]];
        return std::pair<double, double>{v.x, v.z};
      };
      a.area += std::abs(TwiceArea(static_cast<int>(p.vertices.size()), get)) / 2.0;
      ++a.polygons;
    }
  }
  return out;
}

// --- Recast --------------------------------------------------------------------

struct Stages {
  long filtered = 0, compacted = 0, eroded = 0, regionSpans = 0;
  std::set<int> regions;
  int contours = 0, contourVertices = 0, polygons = 0;
  double cells2 = 0.0;  // polygon area in cells^2
};

bool InCore(long x, long z, int border, int tileCells) {
  return x >= border && z >= border && x < border + tileCells && z < border + tileCells;
}

// Recast's warnings and errors on stderr (--trace only).
bool gLogRecast = false;
class LogContext : public rcContext {
 public:
  LogContext() : rcContext(gLogRecast) {}

 protected:
  void doLog(const rcLogCategory category, const char* msg, const int len) override {
    if (category != RC_LOG_PROGRESS) std::fprintf(stderr, "  recast log: %.*s\n", len, msg);
  }
};

using RecastTile = onepath::bench::RecastTileTriangles;

// One tile through Recast's stages up to rcBuildPolyMesh.
Stages RecastTileStages(const b3d::TriangleSoup& soup, const b3d::NavSettings& s,
                        const b3d::DerivedSettings& d, const RecastTile& tile, float ymin,
                        float ymax) {
  LogContext ctx;
  const int w = d.tileCells + 2 * d.border;
  Stages st;
  std::vector<unsigned char> areas;
  rcHeightfield* hf =
      onepath::bench::BuildRecastTileSpans(ctx, soup, s, d, tile, ymin, ymax, areas);
  for (int z = 0; z < w; ++z)
    for (int x = 0; x < w; ++x)
      for (const rcSpan* sp = hf->spans[x + z * w]; sp; sp = sp->next)
        if (sp->area != RC_NULL_AREA && InCore(x, z, d.border, d.tileCells)) ++st.filtered;
  rcCompactHeightfield* chf = rcAllocCompactHeightfield();
  if (!chf || !rcBuildCompactHeightfield(&ctx, d.walkableHeight, d.walkableClimb, *hf, *chf))
    std::abort();
  rcFreeHeightField(hf);
  const auto countCore = [&](auto pred) {
    long n = 0;
    for (int z = 0; z < w; ++z)
      for (int x = 0; x < w; ++x) {
        const rcCompactCell& c = chf->cells[x + z * w];
        for (unsigned i = c.index, end = c.index + c.count; i < end; ++i)
          if (InCore(x, z, d.border, d.tileCells) && pred(i)) ++n;
      }
    return n;
  };
  st.compacted = countCore([&](unsigned i) { return chf->areas[i] != RC_NULL_AREA; });
  if (!rcErodeWalkableArea(&ctx, d.walkableRadius, *chf)) std::abort();
  st.eroded = countCore([&](unsigned i) { return chf->areas[i] != RC_NULL_AREA; });
  if (!onepath::bench::BuildRecastRegions(ctx, d, *chf)) std::abort();
  st.regionSpans = countCore([&](unsigned i) {
    const unsigned short r = chf->spans[i].reg;
    if (r == 0 || (r & RC_BORDER_REG)) return false;
    st.regions.insert(r);
    return true;
  });
  rcContourSet* cset = rcAllocContourSet();
  if (!cset || !rcBuildContours(&ctx, *chf, static_cast<float>(d.maxError), d.maxEdgeCells, *cset,
                                RC_CONTOUR_TESS_WALL_EDGES))
    std::abort();
  st.contours = cset->nconts;
  for (int c = 0; c < cset->nconts; ++c) st.contourVertices += cset->conts[c].nverts;
  if (cset->nconts > 0) {
    rcPolyMesh* pmesh = rcAllocPolyMesh();
    if (!pmesh || !rcBuildPolyMesh(&ctx, *cset, static_cast<int>(s.MaxVertsPerPoly), *pmesh))
      std::abort();
    st.polygons = pmesh->npolys;
    for (int p = 0; p < pmesh->npolys; ++p) {
      const unsigned short* poly = &pmesh->polys[p * 2 * pmesh->nvp];
      int n = 0;
      while (n < pmesh->nvp && poly[n] != RC_MESH_NULL_IDX) ++n;
      st.cells2 += std::abs(TwiceArea(n,
                                      [&](int i) {
                                        const unsigned short* v = &pmesh->verts[3 * poly[i]];
                                        return std::pair<double, double>{v[0], v[2]};
                                      })) /
                   2.0;
    }
    rcFreePolyMesh(pmesh);
  }
  rcFreeContourSet(cset);
  rcFreeCompactHeightfield(chf);
  return st;
}

// The peer's tiles with their triangles (recast_tiled's binning) and the
// soup's bounds.
std::vector<RecastTile> RecastTiles(const b3d::TriangleSoup& soup, const b3d::NavSettings& s,
                                    const b3d::DerivedSettings& d, float lo[3], float hi[3]) {
  onepath::bench::RecastTileBinning bins = onepath::bench::BinRecastTiles(soup, s, d);
  std::copy(bins.lo, bins.lo + 3, lo);
  std::copy(bins.hi, bins.hi + 3, hi);
  return std::move(bins.tiles);
}

std::map<TileKey, TileArea> RecastAreas(const b3d::TriangleSoup& soup, const b3d::NavSettings& s,
                                        const b3d::DerivedSettings& d) {
  float lo[3], hi[3];
  std::map<TileKey, TileArea> out;
  for (const RecastTile& t : RecastTiles(soup, s, d, lo, hi)) {
    const Stages st = RecastTileStages(soup, s, d, t, lo[1], hi[1]);
    if (st.polygons == 0) continue;
    out[{t.tx, t.tz}] = {.area = st.cells2 * d.cs * d.cs, .polygons = st.polygons};
  }
  return out;
}

// --- ours, stage by stage --------------------------------------------------------

// The build's tiles and their triangles (b3d.soup-tiles, b3d.triangle-selection).
struct OursTiles {
  OursTiles(const b3d::TriangleSoup& soup, const b3d::NavSettings& settings,
            const b3d::DerivedSettings& d)
      : range(b3d::SoupTiles(soup, settings)),
        tris(b3d::SelectTrianglesByTile(soup, settings, d, range)),
        order(b3d::BuildOrder(range)) {}
  b3d::TileRange range;
  std::vector<std::vector<std::uint32_t>> tris;
  std::vector<b3d::TileIndex> order;
};

Stages OursTileStages(const b3d::TriangleSoup& soup, const b3d::NavSettings& settings,
                      const b3d::DerivedSettings& d, const OursTiles& tiles, int tx, int tz) {
  Stages st;
  std::size_t k = 0;
  while (k < tiles.order.size() && !(tiles.order[k].x == tx && tiles.order[k].z == tz)) ++k;
  if (k == tiles.order.size()) return st;
  const std::vector<std::uint32_t>& mine = tiles.tris[k];
  if (!b3d::AnyMayBeWalkable(soup, mine, d.slopeCosine)) return st;
  const b3d::TileGrid grid = b3d::SoupTileGrid(soup, mine, settings, d, tx, tz);
  const b3d::TileTriangles classified = b3d::internal::ClassifyTriangles(soup, mine, d.slopeCosine);
  b3d::Heightfield spans = b3d::internal::Rasterize(soup, classified, grid, d.walkableClimb);
  b3d::internal::FilterLowHangingObstacles(spans, d.walkableClimb);
  b3d::internal::FilterLedgeSpans(spans, d.walkableHeight, d.walkableClimb);
  b3d::internal::FilterLowHeightSpans(spans, d.walkableHeight);
  const long w = spans.width();
  for (long z = 0; z < w; ++z)
    for (long x = 0; x < w; ++x)
      for (const b3d::Span& sp : spans.Column(static_cast<std::size_t>(x + z * w)))
        if (sp.area != 0 && InCore(x, z, d.border, d.tileCells)) ++st.filtered;
  b3d::CompactHeightfield compact =
      b3d::internal::Compact(spans, d.walkableHeight, d.walkableClimb);
  const auto countCore = [&](auto pred) {
    long n = 0;
    for (long z = 0; z < w; ++z)
      for (long x = 0; x < w; ++x) {
        const std::size_t c = static_cast<std::size_t>(x + z * w);
        const std::size_t begin = compact.ColumnStart(c), end = compact.ColumnStart(c + 1);
        for (std::size_t i = begin; i < end; ++i)
          if (InCore(x, z, d.border, d.tileCells) && pred(i)) ++n;
      }
    return n;
  };
  st.compacted = countCore([&](std::size_t i) { return compact.spans()[i].area != 0; });
  b3d::internal::Erode(compact, d.walkableRadius);
  st.eroded = countCore([&](std::size_t i) { return compact.spans()[i].area != 0; });
  const b3d::TileRegions regions = b3d::internal::Partition(compact, d);
  st.regionSpans = countCore([&](std::size_t i) {
    if (regions.regions[i] == 0) return false;
    st.regions.insert(regions.regions[i]);
    return true;
  });
  const b3d::BorderCut cut = b3d::internal::CutBorder(compact, regions, d.border, d.tileCells);
  if (cut.empty) return st;
  const b3d::ContourSet contours =
      b3d::internal::Trace(compact, cut, d.border, d.tileCells, d.maxError, d.maxEdgeCells);
  st.contours = static_cast<int>(contours.contours.size());
  for (const b3d::Contour& c : contours.contours)
    st.contourVertices += static_cast<int>(c.vertices.size());
  const b3d::PolyMesh polys = b3d::internal::Polygonize(contours, b3d::TileCoordinates(settings, d),
                                                        settings.MaxVertsPerPoly, nullptr);
  st.polygons = static_cast<int>(polys.polygons.size());
  for (const b3d::MeshPolygon& p : polys.polygons)
    st.cells2 +=
        std::abs(TwiceArea(static_cast<int>(p.corners.size()),
                           [&](int i) {
                             const b3d::PolyVertex& v =
                                 polys.vertices[p.corners[static_cast<std::size_t>(i)].vertex];
                             return std::pair<double, double>{v.x, v.z};
                           })) /
        2.0;
  return st;
}

void PrintStages(const char* side, const Stages& st) {
  std::printf(
      "  %-6s filtered %5ld  compacted %5ld  eroded %5ld  region spans %5ld  regions %3zu  "
      "contours %3d (%4d vertices)  polygons %3d  area %7.1f cells^2\n",
      side, st.filtered, st.compacted, st.eroded, st.regionSpans, st.regions.size(), st.contours,
      st.contourVertices, st.polygons, st.cells2);
}

// --- main ----------------------------------------------------------------------

b3d::TriangleSoup LevelSoup(int input) {
  const onepath::gen::LevelOptions options{
      .kind = onepath::gen::AllLevelKinds()[static_cast<std::size_t>(input)],
      .size = 256,
      .seed = 1};
  onepath::gen::Level level = onepath::gen::MakeLevel(options);
  b3d::TriangleSoup soup;
  soup.vertices = std::move(level.soup.vertices);
  soup.indices = std::move(level.soup.indices);
  return soup;
}

bool Flag(int argc, char** argv, const char* name) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) return true;
  return false;
}

const char* Arg(int argc, char** argv, const char* name) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) return argv[i + 1];
  return nullptr;
}

}  // namespace

int main(int argc, char** argv) {
  const char* preset = Arg(argc, argv, "--preset");
  const b3d::NavSettings settings =
      onepath::gen::MeshPresetSettings(preset ? preset : "recast-demo");
  const b3d::DerivedSettings d = b3d::DeriveSettings(settings);
  const int nLevels = static_cast<int>(onepath::gen::AllLevelKinds().size());
  const char* levelArg = Arg(argc, argv, "--level");
  const int first = levelArg ? std::atoi(levelArg) : 0;
  const int last = levelArg ? first : nLevels - 1;
  const char* tilesArg = Arg(argc, argv, "--tiles");
  const int topTiles = tilesArg ? std::atoi(tilesArg) : 0;
  const bool verbose = Flag(argc, argv, "--verbose");
  const bool sameY = Flag(argc, argv, "--same-y");

  if (const char* trace = Arg(argc, argv, "--trace")) {
    int tx = 0, tz = 0;
    if (std::sscanf(trace, "%d,%d", &tx, &tz) != 2) return 2;
    gLogRecast = true;
    const b3d::TriangleSoup soup = LevelSoup(first);
    float lo[3], hi[3];
    Stages recast;
    for (const RecastTile& t : RecastTiles(soup, settings, d, lo, hi))
      if (t.tx == tx && t.tz == tz) recast = RecastTileStages(soup, settings, d, t, lo[1], hi[1]);
    std::printf("%s tile (%d, %d), core cells only:\n",
                onepath::gen::LevelKindName(onepath::gen::AllLevelKinds()[first]), tx, tz);
    PrintStages("ours", OursTileStages(soup, settings, d, OursTiles(soup, settings, d), tx, tz));
    PrintStages("recast", recast);
    return 0;
  }

  if (Flag(argc, argv, "--stages")) {
    std::printf(
        "preset %s: polygon area difference ours - Recast (cells^2), per tile, summed "
        "by the first stage whose core counts differ (and the polygon count difference)\n\n| level "
        "| spans | erosion | "
        "regions | contours | polygons | total |\n|---|---:|---:|---:|---:|---:|---:|\n",
        preset ? preset : "recast-demo");
    for (int input = first; input <= last; ++input) {
      const b3d::TriangleSoup soup = LevelSoup(input);
      const OursTiles ours(soup, settings, d);
      float lo[3], hi[3];
      double by[5] = {0, 0, 0, 0, 0};
      long polys[5] = {0, 0, 0, 0, 0};
      std::vector<std::string> lines;
      for (const RecastTile& t : RecastTiles(soup, settings, d, lo, hi)) {
        float ylo = lo[1], yhi = hi[1];
        if (sameY) {
          for (std::size_t k = 0; k < ours.order.size(); ++k) {
            if (ours.order[k].x != t.tx || ours.order[k].z != t.tz || ours.tris[k].empty())
              continue;
            const b3d::TileGrid g = b3d::SoupTileGrid(soup, ours.tris[k], settings, d, t.tx, t.tz);
            ylo = g.bmin.y;
            yhi = g.bmax.y;
          }
        }
        const Stages r = RecastTileStages(soup, settings, d, t, ylo, yhi);
        const Stages o = OursTileStages(soup, settings, d, ours, t.tx, t.tz);
        const double diff = o.cells2 - r.cells2;
        int stage = 4;
        if (o.filtered != r.filtered || o.compacted != r.compacted)
          stage = 0;
        else if (o.eroded != r.eroded)
          stage = 1;
        else if (o.regionSpans != r.regionSpans || o.regions.size() != r.regions.size())
          stage = 2;
        else if (o.contours != r.contours || o.contourVertices != r.contourVertices)
          stage = 3;
        by[stage] += diff;
        polys[stage] += o.polygons - r.polygons;
        if (verbose && diff != 0.0) {
          char line[160];
          std::snprintf(line, sizeof line, "|   tile %d,%d | stage %d | %+.1f |\n", t.tx, t.tz,
                        stage, diff);
          lines.emplace_back(line);
        }
      }
      std::printf("| %s | %+.1f | %+.1f | %+.1f | %+.1f | %+.1f | %+.1f |\n",
                  onepath::gen::LevelKindName(onepath::gen::AllLevelKinds()[input]), by[0], by[1],
                  by[2], by[3], by[4], by[0] + by[1] + by[2] + by[3] + by[4]);
      std::printf("|   polygons | %+ld | %+ld | %+ld | %+ld | %+ld | %+ld |\n", polys[0], polys[1],
                  polys[2], polys[3], polys[4],
                  polys[0] + polys[1] + polys[2] + polys[3] + polys[4]);
      for (const std::string& l : lines) std::fputs(l.c_str(), stdout);
      std::fflush(stdout);
    }
    return 0;
  }

  std::printf(
      "preset %s (TileCells %d, border B %d, MinRegionArea %d)\n\n| level | ours m^2 | Recast m^2 "
      "| difference | polygons ours / Recast |\n"
      "|---|---:|---:|---:|---:|\n",
      preset ? preset : "recast-demo", d.tileCells, d.border, d.minRegionArea);
  for (int input = first; input <= last; ++input) {
    const b3d::TriangleSoup soup = LevelSoup(input);
    const std::map<TileKey, TileArea> ours = OursAreas(soup, settings);
    const std::map<TileKey, TileArea> recast = RecastAreas(soup, settings, d);
    double a = 0, b = 0;
    int pa = 0, pb = 0;
    for (const auto& [k, t] : ours) a += t.area, pa += t.polygons;
    for (const auto& [k, t] : recast) b += t.area, pb += t.polygons;
    std::printf("| %s | %.1f | %.1f | %+.3f %% | %d / %d |\n",
                onepath::gen::LevelKindName(onepath::gen::AllLevelKinds()[input]), a, b,
                100.0 * (a - b) / b, pa, pb);
    if (topTiles > 0) {
      std::map<TileKey, std::pair<TileArea, TileArea>> both;
      for (const auto& [k, t] : ours) both[k].first = t;
      for (const auto& [k, t] : recast) both[k].second = t;
      std::vector<std::pair<double, TileKey>> diffs;
      for (const auto& [k, p] : both) diffs.emplace_back(p.first.area - p.second.area, k);
      std::sort(diffs.begin(), diffs.end(),
                [](const auto& x, const auto& y) { return std::abs(x.first) > std::abs(y.first); });
      for (int i = 0; i < topTiles && i < static_cast<int>(diffs.size()); ++i) {
        const auto& [dd, k] = diffs[static_cast<std::size_t>(i)];
        std::printf("|   tile %d,%d | %.2f (%d) | %.2f (%d) | %+.2f m^2 | |\n", k.first, k.second,
                    both[k].first.area, both[k].first.polygons, both[k].second.area,
                    both[k].second.polygons, dd);
      }
    }
    std::fflush(stdout);
  }
  return 0;
}
