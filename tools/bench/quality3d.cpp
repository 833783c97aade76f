// The 3D quality and speed comparison of issue 30 (000 §8): NavMesh::Build
// and a Recast + Detour tiled build (recast_tiled.hpp) of the same soup with
// the same settings, measured side by side; tools/bench/quality-3d.sh
// drives it and turns its JSON into a Markdown table and an HTML page.
//
// Inputs: every generated level kind (conformance/generators/levels.hpp,
// size 256, seed 1) x the settings presets of b3d.presets (MeshPresets,
// build3d_fields.hpp), or --obj FILE (a user's level, Wavefront OBJ) with
// --settings FILE.json (a JSON object of NavSettings fields by name, as
// `onepath build --settings` takes; absent: NavSettings{}).
//
// Per input and settings, for each side (ours, recast):
//  polygons, vertices, tiles  ours: the NavTiles' polygons and vertices;
//             Recast: the dtMeshTile headers' polyCount and vertCount.
//  coverage   the sum over polygons of |area| of the polygon's corners
//             projected on the (x, z) plane, world units^2, in double from
//             the float32 world positions (ours: (float)(origin + local),
//             nav.world; Recast: the tile's vertices).
//  invalid    polygons that are not convex and counter-clockwise by
//             nav.convex's exact test on the float32 world positions: two
//             corners with equal (x, z), or some corner j strictly right
//             of some edge k (orient < 0, orient = Orient2D on (z, x) as
//             nav.orient, exact), or all corners on one line.
//             invalid_stored: the same test on the float32 positions each
//             tile stores: Recast's world positions, our tile-local ones
//             (nav.tile; the ones nav.create checks). Ours can differ from
//             `invalid`: rounding origin + local to float32 moves nearly
//             collinear corners by up to half an ulp of the world value.
//  paths      2 x pairs points drawn on the soup (below), start then goal;
//             each snapped on each mesh with the same half-extents
//             (--extents, default 2, 4, 2: RecastDemo's) to its nearest
//             polygon; then FindPath with 65535 nodes: found, partial (out
//             of nodes), unreachable, or no polygon near (an end not
//             snapped). Ours twice: with our query (NavQuery over
//             Stitch(mesh, f32(AgentMaxClimb)), FindNearestPolygon,
//             FindPath, FindStraightPath) and with Detour (our tiles as
//             Detour tile data with their detail meshes,
//             oracles/detour/nav_to_detour.*, stitched by Detour with
//             climb f32(AgentMaxClimb)). Recast's mesh with
//             dtNavMeshQuery (findPath, findStraightPath, the default
//             filter); its ends by findNearestPoly's measure among the
//             polygons whose bounds (corners and detail vertices) meet the
//             box, nav.query.nearest's candidates (Detour without a BV
//             tree, our tiles' case, tests the corners' bounds only):
//             findNearestPoly itself
//             (--recast-snap detour) takes polygons up to about two cells
//             outside the box through its quantized BV tree, and in
//             librecast-dev polygon 0 at any distance (RecastQuery).
//  portals    the polygon edges on a tile side (ours: link kind portal,
//             nav.link; Recast's: DT_EXT_LINK) and those that got no link
//             to a neighbouring tile (ours: no PortalLink of Stitch;
//             Recast's: no dtLink with a side).
//  length     for pairs found by both sides with their own query: the
//             straight path's length (sum of 3D segment lengths); the mean
//             of the per-pair ratios ours / Recast's and the ratio of the
//             sums.
//  time       the median of --runs builds (elapsed), one thread and all
//             cores (ours: BuildOptions.Threads; Recast: its tiles on
//             std::threads, recast_tiled.hpp), the mesh freed inside.
//  memory     a fresh child (this program with --peak-memory=<spec>,
//             bench_support.hpp) makes the soup and builds once on one
//             thread: peak RSS (soup included) and the build's increase.
//  picture    top-down, on a grid of CellSize cells (coarsened to at most
//             --picture-max cells a side) over the soup's (x, z) bounds: a
//             cell is covered by a mesh when its centre lies inside one of
//             the mesh's polygons (even-odd scan line); the PNG (data: URI)
//             colours cells covered by both grey, only ours blue, only
//             Recast's orange.
//
// Points: a soup triangle is upward when its normal (v1 - v0) x (v2 - v0)
// has y > |normal| cos(AgentMaxSlopeDegrees) (rcMarkWalkableTriangles'
// test); a point is a random upward triangle (weighted by its area) and a
// uniform point in it (sqrt trick), from std::mt19937_64(--seed, default
// 1), each draw r mapped to (r >> 11) 2^-53.
//
// Options: --levels a,b (names or all), --presets a,b (names, all, or one =
// recast-demo), --obj FILE, --settings FILE.json, --pairs N (2000), --runs
// N (3; 0: no times or memory), --seed N, --extents x,y,z, --recast-snap
// box|detour (box), --picture-max N (1024; 0: no pictures),
// --dump-unsnapped FILE (a debugging aid: every point end that one side
// snaps and another does not, one tab-separated line each, with each
// mesh's polygons near it; see DumpEnd). Output: JSON on stdout; progress
// on stderr.
#include <recastnavigation/DetourNavMesh.h>
#include <recastnavigation/DetourNavMeshQuery.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <numbers>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "conformance/differential/detour_tile.hpp"
#include "conformance/generators/build3d_fields.hpp"
#include "conformance/generators/levels.hpp"
#include "onepath/build3d/settings.hpp"
#include "onepath/exact/predicates.hpp"
#include "onepath/navmesh.hpp"
#include "oracles/detour/nav_to_detour.hpp"
#include "tools/bench/bench_support.hpp"
#include "tools/bench/recast_tiled.hpp"
#include "tools/obj/obj_reader.hpp"
#include "tools/onepath/png.hpp"
#include "tools/onepath/settings_file.hpp"

namespace {

namespace b3d = onepath::build3d;
namespace nav = onepath::navmesh;
namespace gen = onepath::gen;

constexpr int kMaxNodes = 65535;

// --- inputs ------------------------------------------------------------------

// One comparison: a generated level or an OBJ file, with a preset or a
// settings file.
struct Case {
  bool obj = false;
  std::string input;     // level kind name or OBJ path
  std::string settings;  // preset name, or settings path ("" : NavSettings{})
  bool preset = false;
};

b3d::NavSettings SettingsOf(const Case& c) {
  return c.preset ? gen::MeshPresetSettings(c.settings)
                  : onepath::tools::ReadSettingsFile(c.settings);
}

b3d::TriangleSoup SoupOf(const Case& c) {
  gen::LevelSoup s;
  if (c.obj) {
    s = onepath::tools::ReadObjFile(c.input);
  } else {
    s = gen::MakeLevel({.kind = *gen::LevelKindFromName(c.input), .size = 256, .seed = 1}).soup;
  }
  b3d::TriangleSoup soup;
  soup.vertices = std::move(s.vertices);
  soup.indices = std::move(s.indices);
  return soup;
}

// The --peak-memory spec of a side's build: "<side>|<obj>|<input>|<preset>|<settings>".
std::string SpecOf(const std::string& side, const Case& c) {
  return side + "|" + (c.obj ? "1" : "0") + "|" + c.input + "|" + (c.preset ? "1" : "0") + "|" +
         c.settings;
}

int HardwareThreads() {
  const auto n = static_cast<std::int64_t>(std::thread::hardware_concurrency());
  return static_cast<int>(std::clamp<std::int64_t>(n, 1, b3d::kMaxBuildThreads));
}

// --- the two builds ------------------------------------------------------------

nav::NavMesh BuildOurs(const b3d::TriangleSoup& soup, const b3d::NavSettings& s, int threads) {
  return nav::NavMesh::Build(soup, {}, s, nav::BuildOptions{.Threads = threads});
}

// --- polygons in world float32 ---------------------------------------------------

struct Corner {
  float x, y, z;
};
using Polygon = std::vector<Corner>;

// A polygon's name on either side: "tileX,tileZ,layer/polygon".
std::string PolygonName(std::int64_t tileX, std::int64_t tileZ, std::int64_t layer,
                        std::int64_t polygon) {
  return std::to_string(tileX) + "," + std::to_string(tileZ) + "," + std::to_string(layer) + "/" +
         std::to_string(polygon);
}

// Calls f(tile, p, poly) for every ground polygon p of every tile of a Detour
// mesh (off-mesh connections are no polygons of a mesh here).
template <typename F>
void ForEachGroundPolygon(const dtNavMesh& mesh, F f) {
  for (int i = 0; i < mesh.getMaxTiles(); ++i) {
    const dtMeshTile* t = mesh.getTile(i);
    if (t == nullptr || t->header == nullptr) continue;
    for (int p = 0; p < t->header->polyCount; ++p) {
      const dtPoly& poly = t->polys[p];
      if (poly.getType() == DT_POLYTYPE_GROUND) f(*t, p, poly);
    }
  }
}

// Each polygon's name ("x,z,layer/polygon") goes to `names`. With `stored`,
// the tile's own float32 local positions (what nav.create checks) instead
// of the float32 world positions.
std::vector<Polygon> PolygonsOf(const nav::NavMesh& mesh, std::vector<std::string>& names,
                                bool stored = false) {
  std::vector<Polygon> out;
  for (const nav::NavTile* t : mesh.Tiles()) {
    const nav::TileOrigin& o = t->origin();
    for (const nav::NavPolygon& p : t->polygons()) {
      Polygon poly;
      for (std::uint16_t i : p.vertices) {
        const nav::TileVertex& v = t->vertices()[i];
        if (stored)
          poly.push_back({v.x, v.y, v.z});
        else
          poly.push_back({static_cast<float>(o.x + double{v.x}),
                          static_cast<float>(o.y + double{v.y}),
                          static_cast<float>(o.z + double{v.z})});
      }
      names.push_back(PolygonName(t->tileX(), t->tileZ(), t->layer(), &p - t->polygons().data()));
      out.push_back(std::move(poly));
    }
  }
  return out;
}

std::vector<Polygon> PolygonsOf(const dtNavMesh& mesh, std::vector<std::string>& names) {
  std::vector<Polygon> out;
  ForEachGroundPolygon(mesh, [&](const dtMeshTile& t, int p, const dtPoly& poly) {
    Polygon out1;
    for (int k = 0; k < poly.vertCount; ++k) {
      const float* v = &t.verts[3 * poly.verts[k]];
      out1.push_back({v[0], v[1], v[2]});
    }
    names.push_back(PolygonName(t.header->x, t.header->y, t.header->layer, p));
    out.push_back(std::move(out1));
  });
  return out;
}

// nav.orient on world positions: Orient2D on (z, x), exact.
int Orient(const Corner& a, const Corner& b, const Corner& c) {
  return onepath::exact::Orient2D({double{a.z}, double{a.x}}, {double{b.z}, double{b.x}},
                                  {double{c.z}, double{c.x}});
}

// Not convex and counter-clockwise (nav.convex's three tests, see the header).
bool Invalid(const Polygon& p) {
  const std::size_t n = p.size();
  for (std::size_t k = 1; k < n; ++k)
    for (std::size_t i = 0; i < k; ++i)
      if (p[i].x == p[k].x && p[i].z == p[k].z) return true;
  bool turns = false;
  for (std::size_t k = 0; k < n; ++k) {
    const Corner &a = p[k], &b = p[(k + 1) % n];
    for (std::size_t j = 0; j < n; ++j)
      if (j != k && j != (k + 1) % n && Orient(a, b, p[j]) < 0) return true;
    if (Orient(p[(k + n - 1) % n], a, b) > 0) turns = true;
  }
  return !turns;
}

double ProjectedArea(const Polygon& p) {
  double twice = 0;
  for (std::size_t k = 0; k < p.size(); ++k) {
    const Corner &a = p[k], &b = p[(k + 1) % p.size()];
    twice += double{a.x} * double{b.z} - double{b.x} * double{a.z};
  }
  return std::abs(twice) / 2;
}

// --- the picture -----------------------------------------------------------------

struct Grid {
  double x0 = 0, z0 = 0, cell = 1;
  int w = 0, h = 0;
};

// Marks (with `bit`) the cells of the grid whose centre lies inside a
// polygon (even-odd crossings of the scan line through the centres).
void Rasterize(const std::vector<Polygon>& polys, const Grid& g, std::uint8_t bit,
               std::vector<std::uint8_t>& cells) {
  std::vector<double> xs;
  for (const Polygon& p : polys) {
    double zlo = p[0].z, zhi = p[0].z;
    for (const Corner& c : p) zlo = std::min(zlo, double{c.z}), zhi = std::max(zhi, double{c.z});
    const int r0 = std::max(0, static_cast<int>(std::ceil((zlo - g.z0) / g.cell - 0.5)));
    const int r1 = std::min(g.h - 1, static_cast<int>(std::floor((zhi - g.z0) / g.cell - 0.5)));
    for (int r = r0; r <= r1; ++r) {
      const double zc = g.z0 + (r + 0.5) * g.cell;
      xs.clear();
      for (std::size_t k = 0; k < p.size(); ++k) {
        const Corner &a = p[k], &b = p[(k + 1) % p.size()];
        if ((a.z <= zc) == (b.z <= zc)) continue;
        xs.push_back(a.x + (zc - a.z) * (double{b.x} - a.x) / (double{b.z} - a.z));
      }
      std::sort(xs.begin(), xs.end());
      for (std::size_t k = 0; k + 1 < xs.size(); k += 2) {
        const int c0 = std::max(0, static_cast<int>(std::ceil((xs[k] - g.x0) / g.cell - 0.5)));
        const int c1 =
            std::min(g.w - 1, static_cast<int>(std::floor((xs[k + 1] - g.x0) / g.cell - 0.5)));
        for (int c = c0; c <= c1; ++c) cells[static_cast<std::size_t>(r) * g.w + c] |= bit;
      }
    }
  }
}

// --- points ----------------------------------------------------------------------

struct Point3 {
  double x, y, z;
};

double Unit(std::mt19937_64& random) { return static_cast<double>(random() >> 11) * 0x1p-53; }

std::vector<Point3> DrawPoints(const b3d::TriangleSoup& soup, double slopeDegrees, int count,
                               std::uint64_t seed) {
  const auto vertex = [&](std::int32_t i) {
    const float* v = &soup.vertices[3 * static_cast<std::size_t>(i)];
    return Point3{v[0], v[1], v[2]};
  };
  const double cosine = std::cos(slopeDegrees / 180.0 * std::numbers::pi);
  std::vector<std::size_t> upward;
  std::vector<double> cumulative;
  double total = 0;
  for (std::size_t t = 0; t + 2 < soup.indices.size(); t += 3) {
    const Point3 a = vertex(soup.indices[t]), b = vertex(soup.indices[t + 1]),
                 c = vertex(soup.indices[t + 2]);
    const double ex = b.x - a.x, ey = b.y - a.y, ez = b.z - a.z;
    const double fx = c.x - a.x, fy = c.y - a.y, fz = c.z - a.z;
    const double nx = ey * fz - ez * fy, ny = ez * fx - ex * fz, nz = ex * fy - ey * fx;
    const double len = std::sqrt(nx * nx + ny * ny + nz * nz);
    if (!(len > 0) || !(ny > len * cosine)) continue;
    upward.push_back(t);
    total += len / 2;
    cumulative.push_back(total);
  }
  std::vector<Point3> out;
  if (upward.empty()) return out;
  std::mt19937_64 random(seed);
  for (int k = 0; k < count; ++k) {
    const double pick = Unit(random) * total;
    const std::size_t i = std::min<std::size_t>(
        upward.size() - 1,
        std::upper_bound(cumulative.begin(), cumulative.end(), pick) - cumulative.begin());
    const std::size_t t = upward[i];
    const Point3 a = vertex(soup.indices[t]), b = vertex(soup.indices[t + 1]),
                 c = vertex(soup.indices[t + 2]);
    const double r1 = std::sqrt(Unit(random)), r2 = Unit(random);
    const double wa = 1 - r1, wb = r1 * (1 - r2), wc = r1 * r2;
    out.push_back({wa * a.x + wb * b.x + wc * c.x, wa * a.y + wb * b.y + wc * c.y,
                   wa * a.z + wb * b.z + wc * c.z});
  }
  return out;
}

// --- paths -----------------------------------------------------------------------

enum Outcome { kFound, kPartial, kUnreachable, kNoPolygon };
const char* const kOutcomeNames[] = {"found", "partial", "unreachable", "no_polygon"};

struct PathAnswer {
  Outcome outcome = kNoPolygon;
  double length = 0;  // of the straight path when found
};

template <typename P>
double Length(const std::vector<P>& points, double (*x)(const P&), double (*y)(const P&),
              double (*z)(const P&)) {
  double sum = 0;
  for (std::size_t k = 1; k < points.size(); ++k) {
    const double dx = x(points[k]) - x(points[k - 1]), dy = y(points[k]) - y(points[k - 1]),
                 dz = z(points[k]) - z(points[k - 1]);
    sum += std::sqrt(dx * dx + dy * dy + dz * dz);
  }
  return sum;
}

PathAnswer OursPath(const nav::NavQuery& q, const Point3& a, const Point3& b, const Point3& ext) {
  const nav::WorldPoint e{ext.x, ext.y, ext.z};
  const auto s = q.FindNearestPolygon({a.x, a.y, a.z}, e);
  const auto g = q.FindNearestPolygon({b.x, b.y, b.z}, e);
  if (!s || !g) return {};
  const nav::PathResult r = q.FindPath(s->polygon, g->polygon, s->point, g->point, kMaxNodes);
  if (r.status == nav::PathStatus::kPartial) return {kPartial};
  if (r.status == nav::PathStatus::kUnreachable) return {kUnreachable};
  const std::vector<nav::WorldPoint> straight = q.FindStraightPath(s->point, g->point, r.corridor);
  using W = nav::WorldPoint;
  return {kFound, Length<W>(
                      straight, [](const W& p) { return p.x; }, [](const W& p) { return p.y; },
                      [](const W& p) { return p.z; })};
}

using DPoint = detour_oracle::Point;
double Dx(const DPoint& p) { return p[0]; }
double Dy(const DPoint& p) { return p[1]; }
double Dz(const DPoint& p) { return p[2]; }

DPoint ToF32(const Point3& p) {
  return {static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z)};
}

PathAnswer DetourOraclePath(const detour_oracle::Mesh& m, const Point3& a, const Point3& b,
                            const Point3& ext) {
  const auto s = m.FindNearestPolygon(ToF32(a), ToF32(ext));
  const auto g = m.FindNearestPolygon(ToF32(b), ToF32(ext));
  if (!s.found || !g.found) return {};
  const detour_oracle::Path r = m.FindPath(s.polygon, g.polygon, s.point, g.point);
  if (!r.error.empty()) return {kUnreachable};
  if (r.status == detour_oracle::Path::kPartial) return {kPartial};
  if (r.status == detour_oracle::Path::kUnreachable) return {kUnreachable};
  return {kFound, Length<DPoint>(m.FindStraightPath(s.point, g.point, r.corridor), Dx, Dy, Dz)};
}

// Whether a Detour polygon's bounds (its corners and its detail vertices,
// float, closed) meet the box [lo, hi] in all three axes.
bool BoundsMeet(const dtMeshTile* tile, const dtPoly* poly, const float* lo, const float* hi) {
  float bmin[3] = {}, bmax[3] = {};
  const auto grow = [&](const float* v, bool first) {
    for (int a = 0; a < 3; ++a) {
      bmin[a] = first ? v[a] : std::min(bmin[a], v[a]);
      bmax[a] = first ? v[a] : std::max(bmax[a], v[a]);
    }
  };
  for (int k = 0; k < poly->vertCount; ++k) grow(&tile->verts[3 * poly->verts[k]], k == 0);
  if (tile->detailMeshes != nullptr) {
    const dtPolyDetail& d = tile->detailMeshes[poly - tile->polys];
    for (int k = 0; k < d.vertCount; ++k) grow(&tile->detailVerts[3 * (d.vertBase + k)], false);
  }
  for (int a = 0; a < 3; ++a)
    if (bmin[a] > hi[a] || bmax[a] < lo[a]) return false;
  return true;
}

// The candidates of queryPolygons whose bounds meet the box, and the
// nearest of them by findNearestPoly's measure (the squared 3D distance to
// closestPointOnPoly's point; over the polygon, the height difference less
// the tile's climb, squared, 0 when negative), the first on a tie.
struct BoxNearest : dtPolyQuery {
  BoxNearest(const dtNavMeshQuery& q, const float* c, const float* e) : query(q) {
    for (int a = 0; a < 3; ++a) center[a] = c[a], lo[a] = c[a] - e[a], hi[a] = c[a] + e[a];
  }
  void process(const dtMeshTile* tile, dtPoly** polys, dtPolyRef* refs, int count) override {
    for (int i = 0; i < count; ++i) {
      if (!BoundsMeet(tile, polys[i], lo, hi)) {
        ++outside;
        continue;
      }
      float q[3];
      bool over = false;
      if (dtStatusFailed(query.closestPointOnPoly(refs[i], center, q, &over))) continue;
      const float dx = q[0] - center[0], dy = q[1] - center[1], dz = q[2] - center[2];
      float d = dx * dx + dy * dy + dz * dz;
      if (over) {
        const float h = std::abs(dy) - tile->header->walkableClimb;
        d = h > 0 ? h * h : 0;
      }
      if (d < best) best = d, ref = refs[i], point = {q[0], q[1], q[2]};
    }
  }
  const dtNavMeshQuery& query;
  float center[3], lo[3], hi[3];
  float best = INFINITY;
  dtPolyRef ref = 0;
  std::array<float, 3> point{};
  int outside = 0;  // candidates whose bounds miss the box
};

// Recast's mesh with its own query, classified as the oracle does. The
// ends are snapped by findNearestPoly's measure among the polygons whose
// bounds meet the box (`box`, the default; nav.query.nearest's candidates)
// or by findNearestPoly itself (--recast-snap detour): its BV tree
// compares bounds quantized to the cell size, the query box widened to an
// even least and an odd greatest cell, so polygons up to about two cells
// outside the box are candidates, and librecast-dev e75adf8 stores
// 2 x polyCount nodes where it builds 2 x polyCount - 1, the last a zeroed
// leaf for polygon 0 at the tile's least corner, met by any query that
// reaches that corner (recastnavigation pull request 725): such an end
// snaps to polygon 0 at any distance.
struct RecastQuery {
  RecastQuery(const dtNavMesh& mesh, bool box) : query(dtAllocNavMeshQuery()), box(box) {
    if (!query || dtStatusFailed(query->init(&mesh, kMaxNodes))) std::abort();
  }

  // The snapped polygon (0: none) and point.
  dtPolyRef Snap(const DPoint& c, const DPoint& e, DPoint& point) const {
    if (!box) {
      dtPolyRef ref = 0;
      query->findNearestPoly(c.data(), e.data(), &filter, &ref, point.data());
      return ref;
    }
    BoxNearest nearest(*query, c.data(), e.data());
    query->queryPolygons(c.data(), e.data(), &filter, &nearest);
    if (nearest.ref != 0) point = {nearest.point[0], nearest.point[1], nearest.point[2]};
    return nearest.ref;
  }
  ~RecastQuery() { dtFreeNavMeshQuery(query); }
  RecastQuery(const RecastQuery&) = delete;
  RecastQuery& operator=(const RecastQuery&) = delete;

  PathAnswer Path(const Point3& a, const Point3& b, const Point3& ext) const {
    const DPoint pa = ToF32(a), pb = ToF32(b), e = ToF32(ext);
    DPoint sp{}, gp{};
    const dtPolyRef s = Snap(pa, e, sp), g = Snap(pb, e, gp);
    if (s == 0 || g == 0) return {};
    std::vector<dtPolyRef> corridor(kMaxNodes);
    int count = 0;
    const dtStatus st =
        query->findPath(s, g, sp.data(), gp.data(), &filter, corridor.data(), &count, kMaxNodes);
    if (dtStatusFailed(st)) return {kUnreachable};
    if (dtStatusDetail(st, DT_PARTIAL_RESULT))
      return {dtStatusDetail(st, DT_OUT_OF_NODES) ? kPartial : kUnreachable};
    const int room = 2 * count + 8;
    std::vector<float> points(3 * static_cast<std::size_t>(room));
    int n = 0;
    query->findStraightPath(sp.data(), gp.data(), corridor.data(), count, points.data(), nullptr,
                            nullptr, &n, room, 0);
    std::vector<DPoint> straight;
    for (int i = 0; i < n; ++i)
      straight.push_back({points[3 * i], points[3 * i + 1], points[3 * i + 2]});
    return {kFound, Length<DPoint>(straight, Dx, Dy, Dz)};
  }

  dtNavMeshQuery* query;
  bool box;
  dtQueryFilter filter;
};

// --- the ends one side snaps and the other does not (--dump-unsnapped) -----------

// A polygon with its world corners and its y bounds (corners and extra
// detail vertices, as nav.query.nearest's bounds and Detour's BV tree).
struct ProbePolygon {
  std::string name;
  std::vector<Point3> corners;
  double ylo = 0, yhi = 0;
};

std::vector<ProbePolygon> ProbePolygonsOf(const nav::NavMesh& mesh) {
  std::vector<ProbePolygon> out;
  for (const nav::NavTile* t : mesh.Tiles()) {
    const nav::TileOrigin& o = t->origin();
    const auto world = [&](const nav::TileVertex& v) {
      return Point3{o.x + double{v.x}, o.y + double{v.y}, o.z + double{v.z}};
    };
    for (std::size_t p = 0; p < t->polygons().size(); ++p) {
      ProbePolygon q;
      q.name = PolygonName(t->tileX(), t->tileZ(), t->layer(), p);
      for (std::uint16_t i : t->polygons()[p].vertices)
        q.corners.push_back(world(t->vertices()[i]));
      q.ylo = q.yhi = q.corners[0].y;
      for (const Point3& c : q.corners) q.ylo = std::min(q.ylo, c.y), q.yhi = std::max(q.yhi, c.y);
      if (p < t->detailPolygons().size()) {
        const nav::DetailPolygon& d = t->detailPolygons()[p];
        for (std::uint32_t k = 0; k < d.vertexCount; ++k) {
          const double y = world(t->detailVertices()[d.vertexBase + k]).y;
          q.ylo = std::min(q.ylo, y), q.yhi = std::max(q.yhi, y);
        }
      }
      out.push_back(std::move(q));
    }
  }
  return out;
}

std::vector<ProbePolygon> ProbePolygonsOf(const dtNavMesh& mesh) {
  std::vector<ProbePolygon> out;
  ForEachGroundPolygon(mesh, [&](const dtMeshTile& t, int p, const dtPoly& poly) {
    ProbePolygon q;
    q.name = PolygonName(t.header->x, t.header->y, t.header->layer, p);
    for (int k = 0; k < poly.vertCount; ++k) {
      const float* v = &t.verts[3 * poly.verts[k]];
      q.corners.push_back({v[0], v[1], v[2]});
    }
    q.ylo = q.yhi = q.corners[0].y;
    for (const Point3& c : q.corners) q.ylo = std::min(q.ylo, c.y), q.yhi = std::max(q.yhi, c.y);
    const dtPolyDetail& d = t.detailMeshes[p];
    for (int k = 0; k < d.vertCount; ++k) {
      const double y = t.detailVerts[3 * (d.vertBase + k) + 1];
      q.ylo = std::min(q.ylo, y), q.yhi = std::max(q.yhi, y);
    }
    out.push_back(std::move(q));
  });
  return out;
}

// The xz distance of p to a polygon (0 inside; either winding).
double DistanceXZ(const ProbePolygon& q, const Point3& p) {
  const std::size_t n = q.corners.size();
  bool inside = false;
  double best = INFINITY;
  for (std::size_t k = 0, j = n - 1; k < n; j = k++) {
    const Point3 &a = q.corners[j], &b = q.corners[k];
    if ((a.z > p.z) != (b.z > p.z) && p.x < a.x + (p.z - a.z) * (b.x - a.x) / (b.z - a.z))
      inside = !inside;
    const double ex = b.x - a.x, ez = b.z - a.z, l2 = ex * ex + ez * ez;
    double t = l2 > 0 ? ((p.x - a.x) * ex + (p.z - a.z) * ez) / l2 : 0;
    t = std::clamp(t, 0.0, 1.0);
    const double dx = a.x + t * ex - p.x, dz = a.z + t * ez - p.z;
    best = std::min(best, std::sqrt(dx * dx + dz * dz));
  }
  return inside ? 0 : best;
}

// The gap of y to [lo, hi] (0 inside).
double GapY(const ProbePolygon& q, double y) {
  return y < q.ylo ? q.ylo - y : (y > q.yhi ? y - q.yhi : 0);
}

// One mesh's polygons near a point: the polygon nearest in xz (any y),
// and among the polygons whose xz bounds meet the box the one of least y
// gap (the y bounds as ProbePolygon's).
struct Probe {
  int inBoxXZ = 0;         // polygons whose xz bounds meet the box
  std::string nearestXZ;   // the polygon of least xz distance (any y)
  double dxz = INFINITY;   // its xz distance
  double dyOfNearest = 0;  // its y gap
  std::string leastGap;    // among inBoxXZ: the polygon of least y gap
  double gapY = INFINITY;  // its y gap (signed: > 0 the polygon is above)
  double ylo = 0, yhi = 0;
};

Probe ProbeAt(const std::vector<ProbePolygon>& polys, const Point3& p, const Point3& e) {
  Probe r;
  for (const ProbePolygon& q : polys) {
    double xlo = INFINITY, xhi = -INFINITY, zlo = INFINITY, zhi = -INFINITY;
    for (const Point3& c : q.corners)
      xlo = std::min(xlo, c.x), xhi = std::max(xhi, c.x), zlo = std::min(zlo, c.z),
      zhi = std::max(zhi, c.z);
    const bool box = xlo <= p.x + e.x && xhi >= p.x - e.x && zlo <= p.z + e.z && zhi >= p.z - e.z;
    const double d = DistanceXZ(q, p);
    if (d < r.dxz || (d == r.dxz && GapY(q, p.y) < r.dyOfNearest))
      r.dxz = d, r.nearestXZ = q.name, r.dyOfNearest = GapY(q, p.y);
    if (!box) continue;
    ++r.inBoxXZ;
    if (GapY(q, p.y) < std::abs(r.gapY)) {
      r.gapY = p.y < q.ylo ? q.ylo - p.y : -GapY(q, p.y);
      r.leastGap = q.name;
      r.ylo = q.ylo, r.yhi = q.yhi;
    }
  }
  return r;
}

// The cause, from our mesh alone: "hole" (no polygon's xz bounds meet the
// box), "height" (some do, every y gap above the half-extent) or "rule"
// (a candidate by bounds, yet the query found none or the other side's
// did not).
const char* CauseOf(const Probe& p, const Point3& e) {
  if (p.inBoxXZ == 0) return "hole";
  if (std::abs(p.gapY) > e.y) return "height";
  return "rule";
}

// The clearance over p: the least y - p.y > 1e-4 of a soup triangle over
// (p.x, p.z) (infinity when none), and that triangle's normal's y over its
// length (> 0 faces up).
std::pair<double, double> ClearanceOver(const b3d::TriangleSoup& soup, const Point3& p) {
  std::pair<double, double> best{INFINITY, 0};
  for (std::size_t t = 0; t + 2 < soup.indices.size(); t += 3) {
    Point3 v[3];
    for (int i = 0; i < 3; ++i) {
      const float* q = &soup.vertices[3 * static_cast<std::size_t>(soup.indices[t + i])];
      v[i] = {q[0], q[1], q[2]};
    }
    const double ex = v[1].x - v[0].x, ez = v[1].z - v[0].z, fx = v[2].x - v[0].x,
                 fz = v[2].z - v[0].z, det = ex * fz - ez * fx;
    if (det == 0) continue;
    const double px = p.x - v[0].x, pz = p.z - v[0].z;
    const double u = (px * fz - pz * fx) / det, w = (ex * pz - ez * px) / det;
    if (u < 0 || w < 0 || u + w > 1) continue;
    const double y = v[0].y + u * (v[1].y - v[0].y) + w * (v[2].y - v[0].y);
    if (!(y - p.y > 1e-4) || y - p.y >= best.first) continue;
    const double ey = v[1].y - v[0].y, fy = v[2].y - v[0].y;
    const double nx = ey * fz - ez * fy, ny = ez * fx - ex * fz, nz = ex * fy - ey * fx;
    best = {y - p.y, ny / std::sqrt(nx * nx + ny * ny + nz * nz)};
  }
  return best;
}

// Recast's snap: the polygon's name, the snapped point's xz distance and y
// difference, and whether the polygon's exact bounds (corners and detail
// vertices, float) meet the query box (Detour's BV tree compares bounds
// quantized to the cell size instead).
struct RecastSnap {
  std::string name;
  double dxz = 0, dy = 0;
  bool exactBox = false;
};

void DumpEnd(std::FILE* f, const Case& c, std::size_t index, const Point3& p, const char* which,
             bool own, bool viaDetour, bool recast, const std::vector<ProbePolygon>& ours,
             const std::vector<ProbePolygon>& theirs, const Point3& e, const RecastSnap& snap,
             const std::pair<double, double>& clearance) {
  const Probe po = ProbeAt(ours, p, e), pr = ProbeAt(theirs, p, e);
  std::fprintf(f,
               "%s\t%s\t%zu\t%.9g\t%.9g\t%.9g\t%s\t%d%d%d\t%s\t%d\t%s\t%.4g\t%.4g\t%s\t%.4g\t%."
               "6g\t%.6g\t%d\t%s\t%.4g\t%.4g\t%s\t%.4g\t%.6g\t%.6g\t%s\t%.4g\t%.4g\t%d\t%.4g\t%."
               "3g\n",
               c.input.c_str(), c.settings.c_str(), index, p.x, p.y, p.z, which, own, viaDetour,
               recast, CauseOf(po, e), po.inBoxXZ, po.nearestXZ.c_str(), po.dxz, po.dyOfNearest,
               po.leastGap.c_str(), po.gapY, po.ylo, po.yhi, pr.inBoxXZ, pr.nearestXZ.c_str(),
               pr.dxz, pr.dyOfNearest, pr.leastGap.c_str(), pr.gapY, pr.ylo, pr.yhi,
               snap.name.c_str(), snap.dxz, snap.dy, snap.exactBox, clearance.first,
               clearance.second);
}

// --- timing and memory ----------------------------------------------------------

double Seconds(const std::function<void()>& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0
                   : (v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2);
}

void RunSide(const std::string& side, const b3d::TriangleSoup& soup, const b3d::NavSettings& s,
             int threads) {
  if (side == "ours") {
    const nav::NavMesh m = BuildOurs(soup, s, threads);
    if (m.size() == 0 && soup.indices.empty()) std::abort();
  } else {
    const onepath::bench::RecastTiledBuild r = onepath::bench::BuildRecastTiled(soup, s, threads);
    if (!r.mesh) std::abort();
  }
}

int PeakMemoryChild(const std::string& spec) {
  std::vector<std::string> f;
  std::stringstream in(spec);
  for (std::string part; std::getline(in, part, '|');) f.push_back(part);
  if (f.size() < 4) return 2;
  if (f.size() == 4) f.emplace_back();
  const Case c{.obj = f[1] == "1", .input = f[2], .settings = f[4], .preset = f[3] == "1"};
  const b3d::NavSettings s = SettingsOf(c);
  const b3d::TriangleSoup soup = SoupOf(c);
  return onepath::bench::MeasureCallInChild([&] { RunSide(f[0], soup, s, 1); });
}

// --- output ---------------------------------------------------------------------

struct Options {
  std::vector<Case> cases;
  int pairs = 2000, runs = 3, pictureMax = 1024;
  std::uint64_t seed = 1;
  Point3 extents{2, 4, 2};
  std::FILE* dump = nullptr;  // --dump-unsnapped
  bool recastSnapBox = true;  // --recast-snap box|detour
};

std::string Quoted(const std::string& s) {
  std::string out = "\"";
  for (char ch : s) {
    if (ch == '"' || ch == '\\') out += '\\';
    if (static_cast<unsigned char>(ch) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", ch);
      out += buf;
      continue;
    }
    out += ch;
  }
  return out + "\"";
}

std::string SettingsJson(const b3d::NavSettings& s) {
  const b3d::DerivedSettings d = b3d::DeriveSettings(s);
  static const char* const kPartitions[] = {"Watershed", "Monotone", "Layers"};
  char buf[1024];
  std::snprintf(
      buf, sizeof buf,
      "{\"CellSize\": %.17g, \"CellHeight\": %.17g, \"TileSize\": %.17g, \"OriginX\": %.17g, "
      "\"OriginZ\": %.17g, \"AgentHeight\": %.17g, \"AgentRadius\": %.17g, \"AgentMaxClimb\": "
      "%.17g, \"AgentMaxSlopeDegrees\": %.17g, \"Partition\": \"%s\", \"MinRegionArea\": %lld, "
      "\"MergeRegionArea\": %lld, \"ContourMaxError\": %.17g, \"MaxEdgeLength\": %.17g, "
      "\"MaxVertsPerPoly\": %lld, \"DetailSampleDistance\": %.17g, \"DetailMaxError\": %.17g, "
      "\"derived\": {\"tileCells\": %d, \"border\": %d, \"walkableHeight\": %d, "
      "\"walkableClimb\": %d, \"walkableRadius\": %d, \"maxEdgeCells\": %d}}",
      s.CellSize, s.CellHeight, s.TileSize, s.OriginX, s.OriginZ, s.AgentHeight, s.AgentRadius,
      s.AgentMaxClimb, s.AgentMaxSlopeDegrees, kPartitions[static_cast<int>(s.Partition) % 3],
      static_cast<long long>(s.MinRegionArea), static_cast<long long>(s.MergeRegionArea),
      s.ContourMaxError, s.MaxEdgeLength, static_cast<long long>(s.MaxVertsPerPoly),
      s.DetailSampleDistance, s.DetailMaxError, d.tileCells, d.border, d.walkableHeight,
      d.walkableClimb, d.walkableRadius, d.maxEdgeCells);
  return buf;
}

struct Counts {
  long n[4] = {};
  std::string Json() const {
    std::string out = "{";
    for (int k = 0; k < 4; ++k)
      out += std::string(k ? ", " : "") + "\"" + kOutcomeNames[k] + "\": " + std::to_string(n[k]);
    return out + "}";
  }
};

struct MeshFigures {
  std::size_t tiles = 0, polygons = 0, vertices = 0, invalid = 0;
  std::size_t invalidStored = 0;          // in the positions the tile stores
  std::vector<std::string> firstInvalid;  // up to 10 names
  double coverage = 0;
  std::size_t portalEdges = 0, unlinkedPortalEdges = 0;  // edges on a tile side
};

MeshFigures Figures(const std::vector<Polygon>& polys, const std::vector<std::string>& names) {
  MeshFigures f;
  f.polygons = polys.size();
  for (std::size_t k = 0; k < polys.size(); ++k) {
    f.coverage += ProjectedArea(polys[k]);
    if (!Invalid(polys[k])) continue;
    if (++f.invalid <= 10) f.firstInvalid.push_back(names[k]);
  }
  return f;
}

std::string Num(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

// Quoted strings, comma-separated.
std::string Joined(const std::vector<std::string>& v) {
  std::string out;
  for (const std::string& x : v) out += (out.empty() ? "" : ", ") + Quoted(x);
  return out;
}

std::string SideJson(const MeshFigures& f, const std::string& paths, double t1, double tAll,
                     const onepath::bench::Memory& m) {
  return "{\"tiles\": " + std::to_string(f.tiles) +
         ", \"portal_edges\": " + std::to_string(f.portalEdges) +
         ", \"unlinked_portal_edges\": " + std::to_string(f.unlinkedPortalEdges) +
         ", \"polygons\": " + std::to_string(f.polygons) +
         ", \"vertices\": " + std::to_string(f.vertices) + ", \"coverage\": " + Num(f.coverage) +
         ", \"invalid\": " + std::to_string(f.invalid) +
         ", \"invalid_stored\": " + std::to_string(f.invalidStored) + ", \"invalid_first\": [" +
         Joined(f.firstInvalid) + "]" + paths + ", \"time_1\": " + Num(t1) +
         ", \"time_all\": " + Num(tAll) + ", \"peak_kb\": " + std::to_string(m.peak_kb) +
         ", \"build_kb\": " + std::to_string(m.peak_kb < 0 ? -1 : m.peak_kb - m.before_kb) + "}";
}

// Ours: the polygon edges with a portal link kind (nav.link), and those
// without a PortalLink from Stitch.
void CountPortalEdges(const nav::NavMesh& mesh, const std::vector<nav::PortalLink>& links,
                      MeshFigures& f) {
  std::set<std::tuple<nav::TileKey, std::uint32_t, std::uint8_t>> linked;
  for (const nav::PortalLink& l : links) linked.insert({l.from, l.polygon, l.edge});
  for (const nav::NavTile* t : mesh.Tiles())
    for (std::size_t p = 0; p < t->polygons().size(); ++p)
      for (std::size_t e = 0; e < t->polygons()[p].links.size(); ++e) {
        if (t->polygons()[p].links[e].kind != nav::kLinkPortal) continue;
        ++f.portalEdges;
        if (!linked.count(
                {nav::KeyOf(*t), static_cast<std::uint32_t>(p), static_cast<std::uint8_t>(e)}))
          ++f.unlinkedPortalEdges;
      }
}

// Recast's: the edges Detour marks DT_EXT_LINK, and those with no link
// across a side.
void CountPortalEdges(const dtNavMesh& mesh, MeshFigures& f) {
  for (int i = 0; i < mesh.getMaxTiles(); ++i) {
    const dtMeshTile* t = mesh.getTile(i);
    if (t == nullptr || t->header == nullptr) continue;
    for (int p = 0; p < t->header->polyCount; ++p) {
      const dtPoly& poly = t->polys[p];
      for (int e = 0; e < poly.vertCount; ++e) {
        if (!(poly.neis[e] & DT_EXT_LINK)) continue;
        ++f.portalEdges;
        bool any = false;
        for (unsigned k = poly.firstLink; k != DT_NULL_LINK; k = t->links[k].next)
          any = any || (t->links[k].edge == e && t->links[k].side != 0xff);
        if (!any) ++f.unlinkedPortalEdges;
      }
    }
  }
}

void Log(const Case& c, const char* what) {
  std::fprintf(stderr, "quality3d: %s / %s: %s\n", c.input.c_str(), c.settings.c_str(), what);
}

std::string RunCase(const Case& c, const Options& o) {
  const b3d::NavSettings s = SettingsOf(c);
  const b3d::TriangleSoup soup = SoupOf(c);
  const int all = HardwareThreads();
  Log(c, "build");
  const nav::NavMesh ours = BuildOurs(soup, s, all);
  const onepath::bench::RecastTiledBuild theirs = onepath::bench::BuildRecastTiled(soup, s, all);
  std::vector<std::string> ourNames, theirNames;
  const std::vector<Polygon> ourPolys = PolygonsOf(ours, ourNames),
                             theirPolys = PolygonsOf(*theirs.mesh, theirNames);
  MeshFigures fo = Figures(ourPolys, ourNames), fr = Figures(theirPolys, theirNames);
  {
    std::vector<std::string> storedNames;
    fo.invalidStored = Figures(PolygonsOf(ours, storedNames, true), storedNames).invalid;
  }
  fr.invalidStored = fr.invalid;  // Recast's tiles store world positions
  fo.tiles = ours.size();
  for (const nav::NavTile* t : ours.Tiles()) fo.vertices += t->vertices().size();
  fr.tiles = theirs.tiles;
  fr.vertices = theirs.vertices;

  // Paths.
  Log(c, "paths");
  const float climb = static_cast<float>(s.AgentMaxClimb);
  const std::vector<nav::PortalLink> links = nav::Stitch(ours, climb);
  CountPortalEdges(ours, links, fo);
  CountPortalEdges(*theirs.mesh, fr);
  const nav::NavQuery ourQuery(ours, links);
  std::vector<detour_oracle::Tile> tiles;
  for (const nav::NavTile* t : ours.Tiles())
    tiles.push_back(onepath::conformance::ToDetour(*t, true));
  const detour_oracle::Mesh ourDetour(tiles, climb, s.OriginX, s.OriginZ);
  if (!ourDetour.error().empty()) Log(c, ourDetour.error().c_str());
  const RecastQuery theirQuery(*theirs.mesh, o.recastSnapBox);
  const std::vector<Point3> points = DrawPoints(soup, s.AgentMaxSlopeDegrees, 2 * o.pairs, o.seed);
  Counts own, viaDetour, recast;
  long both = 0;
  double ratioSum = 0, oursSum = 0, theirSum = 0;
  for (std::size_t k = 0; k + 1 < points.size(); k += 2) {
    const PathAnswer a = OursPath(ourQuery, points[k], points[k + 1], o.extents);
    const PathAnswer d = DetourOraclePath(ourDetour, points[k], points[k + 1], o.extents);
    const PathAnswer r = theirQuery.Path(points[k], points[k + 1], o.extents);
    ++own.n[a.outcome];
    ++viaDetour.n[d.outcome];
    ++recast.n[r.outcome];
    if (a.outcome == kFound && r.outcome == kFound && r.length > 0) {
      ++both;
      ratioSum += a.length / r.length;
      oursSum += a.length;
      theirSum += r.length;
    }
  }

  if (o.dump != nullptr) {
    Log(c, "dump");
    const std::vector<ProbePolygon> ourProbe = ProbePolygonsOf(ours),
                                    theirProbe = ProbePolygonsOf(*theirs.mesh);
    const nav::WorldPoint e{o.extents.x, o.extents.y, o.extents.z};
    for (std::size_t k = 0; k < points.size(); ++k) {
      const Point3& p = points[k];
      const bool own = ourQuery.FindNearestPolygon({p.x, p.y, p.z}, e).has_value();
      const bool viaDetour = ourDetour.FindNearestPolygon(ToF32(p), ToF32(o.extents)).found;
      const DPoint pf = ToF32(p), ef = ToF32(o.extents);
      DPoint near{};
      const dtPolyRef ref = theirQuery.Snap(pf, ef, near);
      const bool recast = ref != 0;
      if (own == recast && viaDetour == recast) continue;
      RecastSnap snap;
      if (recast) {
        const dtMeshTile* tile = nullptr;
        const dtPoly* poly = nullptr;
        theirs.mesh->getTileAndPolyByRefUnsafe(ref, &tile, &poly);
        snap.name = std::to_string(tile->header->x) + "," + std::to_string(tile->header->y) + "," +
                    std::to_string(tile->header->layer) + "/" + std::to_string(poly - tile->polys);
        snap.dxz = std::hypot(near[0] - p.x, near[2] - p.z);
        snap.dy = near[1] - p.y;
        for (const ProbePolygon& q : theirProbe) {
          if (q.name != snap.name) continue;
          double xlo = INFINITY, xhi = -INFINITY, zlo = INFINITY, zhi = -INFINITY;
          for (const Point3& v : q.corners)
            xlo = std::min(xlo, v.x), xhi = std::max(xhi, v.x), zlo = std::min(zlo, v.z),
            zhi = std::max(zhi, v.z);
          snap.exactBox = xlo <= p.x + e.x && xhi >= p.x - e.x && zlo <= p.z + e.z &&
                          zhi >= p.z - e.z && q.ylo <= p.y + e.y && q.yhi >= p.y - e.y;
        }
      }
      DumpEnd(o.dump, c, k, p,
              recast && !own ? "recast_only" : (own && !recast ? "ours_only" : "detour_differs"),
              own, viaDetour, recast, ourProbe, theirProbe, o.extents, snap,
              ClearanceOver(soup, p));
    }
    std::fflush(o.dump);
  }

  // Times and memory.
  double t[2][2] = {};
  onepath::bench::Memory mem[2];
  if (o.runs > 0) {
    Log(c, "times");
    const char* const sides[] = {"ours", "recast"};
    for (int side = 0; side < 2; ++side)
      for (int th = 0; th < 2; ++th) {
        std::vector<double> runs;
        for (int r = 0; r < o.runs; ++r)
          runs.push_back(Seconds([&] { RunSide(sides[side], soup, s, th == 0 ? 1 : all); }));
        t[side][th] = Median(runs);
      }
    Log(c, "memory");
    for (int side = 0; side < 2; ++side)
      mem[side] = onepath::bench::PeakMemory(SpecOf(sides[side], c));
  }

  // The picture.
  std::string picture;
  long cells[4] = {};
  if (o.pictureMax > 0) {
    float lo[3] = {soup.vertices[0], 0, soup.vertices[2]}, hi[3] = {lo[0], 0, lo[2]};
    for (std::size_t i = 0; i + 2 < soup.vertices.size(); i += 3) {
      lo[0] = std::min(lo[0], soup.vertices[i]), hi[0] = std::max(hi[0], soup.vertices[i]);
      lo[2] = std::min(lo[2], soup.vertices[i + 2]), hi[2] = std::max(hi[2], soup.vertices[i + 2]);
    }
    Grid g{.x0 = lo[0], .z0 = lo[2], .cell = s.CellSize};
    const double side = std::max(hi[0] - lo[0], hi[2] - lo[2]);
    if (side / g.cell > o.pictureMax) g.cell *= std::ceil(side / g.cell / o.pictureMax);
    g.w = std::max(1, static_cast<int>(std::ceil((hi[0] - lo[0]) / g.cell)));
    g.h = std::max(1, static_cast<int>(std::ceil((hi[2] - lo[2]) / g.cell)));
    std::vector<std::uint8_t> grid(static_cast<std::size_t>(g.w) * g.h, 0);
    Rasterize(ourPolys, g, 1, grid);
    Rasterize(theirPolys, g, 2, grid);
    static const std::uint8_t kColours[4][3] = {
        {255, 255, 255}, {31, 119, 180}, {255, 127, 14}, {170, 170, 170}};
    std::vector<std::uint8_t> rgb;
    rgb.reserve(grid.size() * 3);
    // Rows from the largest z down: +x right, +z up, seen from above.
    for (int r = g.h - 1; r >= 0; --r)
      for (int col = 0; col < g.w; ++col) {
        const std::uint8_t v = grid[static_cast<std::size_t>(r) * g.w + col];
        ++cells[v];
        rgb.insert(rgb.end(), kColours[v], kColours[v] + 3);
      }
    picture = onepath::tools::PngDataUri(g.w, g.h, rgb);
    picture = ", \"grid\": {\"cell\": " + Num(g.cell) + ", \"width\": " + std::to_string(g.w) +
              ", \"height\": " + std::to_string(g.h) +
              ", \"only_ours\": " + std::to_string(cells[1]) +
              ", \"only_recast\": " + std::to_string(cells[2]) +
              ", \"both\": " + std::to_string(cells[3]) + "}, \"picture\": " + Quoted(picture);
  }

  std::string out = "{\"input\": " + Quoted(c.input) + ", \"kind\": \"" +
                    (c.obj ? "obj" : "level") + "\", \"settings_name\": " +
                    Quoted(c.preset             ? c.settings
                           : c.settings.empty() ? "defaults"
                                                : c.settings) +
                    ", \"settings\": " + SettingsJson(s) +
                    ", \"triangles\": " + std::to_string(soup.indices.size() / 3) +
                    ", \"pairs\": " + std::to_string(points.size() / 2);
  out += ",\n \"ours\": " +
         SideJson(fo, ", \"paths_own\": " + own.Json() + ", \"paths_detour\": " + viaDetour.Json(),
                  t[0][0], t[0][1], mem[0]);
  out +=
      ",\n \"recast\": " + SideJson(fr, ", \"paths\": " + recast.Json(), t[1][0], t[1][1], mem[1]);
  out += ",\n \"both_found\": " + std::to_string(both) +
         ", \"length_ratio_mean\": " + Num(both ? ratioSum / both : 0) +
         ", \"length_ratio_sums\": " + Num(theirSum > 0 ? oursSum / theirSum : 0) + picture + "}";
  return out;
}

std::vector<std::string> Split(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream in(s);
  for (std::string part; std::getline(in, part, ',');)
    if (!part.empty()) out.push_back(part);
  return out;
}

int Usage(const std::string& why) {
  std::fprintf(stderr,
               "quality3d: %s\nusage: quality3d [--levels a,b|all] [--presets a,b|all|one] "
               "[--obj FILE [--settings FILE.json]] [--pairs N] [--runs N] [--seed N] "
               "[--extents x,y,z] [--recast-snap box|detour] [--picture-max N] "
               "[--dump-unsnapped FILE]\n",
               why.c_str());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string value;
  if (onepath::bench::TakeFlag(argc, argv, "peak-memory", value)) return PeakMemoryChild(value);
  Options o;
  std::vector<std::string> levels, presets;
  std::string obj, settings;
  bool settingsGiven = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) return Usage("option " + a + " needs a value (or is unknown)");
    const std::string v = argv[++i];
    if (a == "--levels")
      levels = Split(v);
    else if (a == "--presets")
      presets = Split(v);
    else if (a == "--obj")
      obj = v;
    else if (a == "--settings")
      settings = v, settingsGiven = true;
    else if (a == "--pairs")
      o.pairs = std::atoi(v.c_str());
    else if (a == "--runs")
      o.runs = std::atoi(v.c_str());
    else if (a == "--seed")
      o.seed = std::strtoull(v.c_str(), nullptr, 10);
    else if (a == "--recast-snap") {
      if (v != "box" && v != "detour") return Usage("--recast-snap takes box or detour");
      o.recastSnapBox = v == "box";
    } else if (a == "--dump-unsnapped") {
      o.dump = std::fopen(v.c_str(), "w");
      if (o.dump == nullptr) return Usage("cannot write " + v);
      std::fprintf(o.dump,
                   "input\tsettings\tend\tx\ty\tz\twhich\town_detour_recast\tcause\t"
                   "ours_in_box\tours_nearest_xz\tours_dxz\tours_dy_nearest\tours_least_gap\t"
                   "ours_gap_y\tours_ylo\tours_yhi\trecast_in_box\trecast_nearest_xz\t"
                   "recast_dxz\trecast_dy_nearest\trecast_least_gap\trecast_gap_y\t"
                   "recast_ylo\trecast_yhi\trecast_snap\trecast_snap_dxz\trecast_snap_dy\t"
                   "recast_snap_exact_box\tclearance\tclearance_normal_y\n");
    } else if (a == "--picture-max")
      o.pictureMax = std::atoi(v.c_str());
    else if (a == "--extents") {
      const std::vector<std::string> e = Split(v);
      if (e.size() != 3) return Usage("--extents takes x,y,z");
      o.extents = {std::atof(e[0].c_str()), std::atof(e[1].c_str()), std::atof(e[2].c_str())};
    } else {
      return Usage("unknown option " + a);
    }
  }
  if (settings.find('|') != std::string::npos || obj.find('|') != std::string::npos)
    return Usage("a path with '|' is not taken");
  std::vector<std::string> presetNames;
  for (const gen::MeshPreset& p : gen::MeshPresets()) presetNames.push_back(p.name);
  if (presets.empty() || presets == std::vector<std::string>{"all"}) presets = presetNames;
  if (presets == std::vector<std::string>{"one"}) presets = {presetNames.front()};
  for (const std::string& p : presets)
    if (std::find(presetNames.begin(), presetNames.end(), p) == presetNames.end())
      return Usage("no preset named " + p);
  if (!obj.empty()) {
    if (settingsGiven)
      o.cases.push_back({.obj = true, .input = obj, .settings = settings});
    else
      for (const std::string& p : presets)
        o.cases.push_back({.obj = true, .input = obj, .settings = p, .preset = true});
  } else {
    if (levels.empty() || levels == std::vector<std::string>{"all"}) {
      levels.clear();
      for (gen::LevelKind k : gen::AllLevelKinds()) levels.push_back(gen::LevelKindName(k));
    }
    for (const std::string& l : levels) {
      if (!gen::LevelKindFromName(l)) return Usage("no level kind named " + l);
      if (settingsGiven)
        o.cases.push_back({.input = l, .settings = settings});
      else
        for (const std::string& p : presets)
          o.cases.push_back({.input = l, .settings = p, .preset = true});
    }
  }
  try {
    // The settings and the OBJ are checked before anything is printed.
    for (const Case& c : o.cases) {
      b3d::CheckSettings(SettingsOf(c));
      if (c.obj) (void)SoupOf(c);
    }
    std::printf(
        "{\"pairs\": %d, \"runs\": %d, \"seed\": %llu, \"threads_all\": %d, "
        "\"extents\": [%s, %s, %s], \"recast_snap\": \"%s\", \"max_nodes\": %d, \"cases\": [\n",
        o.pairs, o.runs, static_cast<unsigned long long>(o.seed), HardwareThreads(),
        Num(o.extents.x).c_str(), Num(o.extents.y).c_str(), Num(o.extents.z).c_str(),
        o.recastSnapBox ? "box" : "detour", kMaxNodes);
    for (std::size_t k = 0; k < o.cases.size(); ++k) {
      std::printf("%s%s", k ? ",\n" : "", RunCase(o.cases[k], o).c_str());
      std::fflush(stdout);
    }
    std::printf("\n]}\n");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "quality3d: %s\n", e.what());
    return 1;
  }
  return 0;
}
