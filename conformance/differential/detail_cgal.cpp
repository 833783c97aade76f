// The height detail on real traced tiles checked with CGAL's exact kernel
// and constrained Delaunay triangulation (oracles/cgal/detail_cgal.*,
// b3d.detail.*): every tile of the generated levels (b3d_recast::LevelTiles:
// the stage `volumes`, a partition of each kind in turn, the border cut,
// Trace, Polygonizer::Build with MaxVertsPerPoly 3 ... 6 in turn), then
// DetailMeshBuilder::Build with minRow the least row of the vertices some
// polygon uses (b3d.poly.rows), once with detail off (DetailSampleDistance
// 0, b3d.detail.sample-distance) and with four settings of detail on.
// Every polygon's triangles cover its ring (its corners and edge points)
// exactly, are Delaunay apart from the ring, and equal CGAL's CDT of the
// same points and ring where that is unique; the two polygons of a shared
// edge have the same edge points on it. A polygon over the 255-triangle
// limit (b3d.detail.limit) is taken out of the mesh and counted. Negative
// controls: a reversed triangle, a removed triangle and every flipped
// interior edge of a real polygon, and a non-Delaunay diagonal of a
// hand-computed quadrilateral, are caught.
#include "oracles/cgal/detail_cgal.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "conformance/differential/build3d_recast_common.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/build3d.hpp"
#include "onepath/core/errors.hpp"

namespace {

using namespace onepath::build3d;
using onepath::InvalidOperationException;
using onepath::oracle::CgalCheckDetail;
using onepath::oracle::CgalDetailPoint;
using onepath::oracle::CgalDetailPolygon;
using onepath::oracle::CgalDetailReport;

// b3d.poly.rows: the least y over the vertices some polygon uses.
std::int64_t MinRow(const PolyMesh& mesh) {
  std::int64_t least = 65535;
  for (const MeshPolygon& p : mesh.polygons)
    for (const PolyCorner& c : p.corners)
      least = std::min<std::int64_t>(least, mesh.vertices[c.vertex].y);
  return least;
}

// Polygon `i` of the mesh with its detail entry `d`: corners at their
// stored positions (b3d.detail.coordinates: Local of the corner), the extra
// vertices and triangles as stored.
CgalDetailPolygon ToCgal(const PolyMesh& mesh, const TileCoordinates& tc, const DetailMesh& detail,
                         std::size_t i, std::size_t d) {
  CgalDetailPolygon out;
  for (const PolyCorner& c : mesh.polygons[i].corners) {
    const PolyVertex& v = mesh.vertices[c.vertex];
    out.corners.push_back({tc.Local(v.x), tc.Local(v.z)});
  }
  const DetailPolygon& e = detail.polygons[d];
  for (std::uint32_t k = 0; k < e.vertexCount; ++k) {
    const DetailVertex& v = detail.vertices[e.vertexBase + k];
    out.extras.push_back({v.x, v.z});
  }
  for (std::uint32_t k = 0; k < e.triangleCount; ++k) {
    const DetailTriangle& t = detail.triangles[e.triangleBase + k];
    out.triangles.push_back({t.a, t.b, t.c});
    out.flags.push_back(t.flags);
  }
  return out;
}

// How many random field tiles RandomFieldTilesAreValid checks.
constexpr std::int64_t kFieldTiles = 1500;

struct Tally {
  std::int64_t tiles = 0, builds = 0, overLimit = 0;
  std::int64_t asymmetric = 0, walls = 0;  // random field tiles that lost connections
  // Shared polygon edges: sampled alike (with edge points), or one side
  // without edge points.
  std::int64_t sharedEqual = 0, sharedPoints = 0, sharedLimit = 0;
  CgalDetailReport report;
  std::optional<CgalDetailPolygon> control;  // a polygon for the negative controls
};

// The settings of variant v: 0 and 5 detail off (sd 0 and about 0.5 cells,
// b3d.detail.sample-distance), 1 the preset's, 2 ... 4 denser samples and
// smaller errors, in cells and rows of the preset's grid (sd about 2, 3 and
// 1.25 cells, above 0.9: detail on). A tile gets variant 0 or 5 and 1 ... 4.
NavSettings Variant(NavSettings s, int v) {
  if (v == 0) s.DetailSampleDistance = 0;
  if (v == 5) s.DetailSampleDistance = 0.5 * s.CellSize;
  if (v == 2) {
    s.DetailSampleDistance = 2 * s.CellSize;
    s.DetailMaxError = 0.5 * s.CellHeight;
  }
  if (v == 3) {
    s.DetailSampleDistance = 3 * s.CellSize;
    s.DetailMaxError = 0;
  }
  if (v == 4) {
    s.DetailSampleDistance = 1.25 * s.CellSize;
    s.DetailMaxError = 0;
  }
  return s;
}

void CheckDetail(const std::string& label, const CompactHeightfield& h, const BorderCut& cut,
                 PolyMesh mesh, const NavSettings& settings, Tally& tally) {
  const TileCoordinates tc(settings, Mesh3DPipeline::DeriveSettings(settings));
  const std::int64_t minRow = MinRow(mesh);
  std::vector<std::size_t> original(mesh.polygons.size());
  for (std::size_t i = 0; i < original.size(); ++i) original[i] = i;
  DetailMesh detail;
  for (;;) {
    try {
      ++tally.builds;
      detail = DetailMeshBuilder::Build(mesh, h, cut, minRow, settings, 0, 0);
      break;
    } catch (const InvalidOperationException& e) {
      if (!e.fields().polygon) throw;
      const auto p = static_cast<std::size_t>(*e.fields().polygon);
      mesh.polygons.erase(mesh.polygons.begin() + static_cast<std::ptrdiff_t>(p));
      original.erase(original.begin() + static_cast<std::ptrdiff_t>(p));
      ++tally.overLimit;
    }
  }
  // Each polygon edge (mesh vertex u to w) with the stored positions of
  // its edge points in ring order, and the polygon's number of edge points.
  struct Side {
    std::vector<DetailVertex> points;
    std::size_t polygon = 0;
    std::int64_t polygonEdgePoints = 0;
  };
  std::map<std::pair<std::uint32_t, std::uint32_t>, Side> sides;
  for (std::size_t i = 0; i < mesh.polygons.size(); ++i) {
    const CgalDetailPolygon polygon = ToCgal(mesh, tc, detail, i, i);
    const std::string at = label + ", polygon " + std::to_string(original[i]);
    std::vector<std::uint32_t> ring;
    const CgalDetailReport r = CgalCheckDetail(polygon, at, &ring);
    tally.report.Add(r);
    if (!tally.control && r.violations == 0 && r.cdtEqual == 1 && r.samples > 0 &&
        polygon.triangles.size() >= 6)
      tally.control = polygon;
    if (r.violations != 0) continue;
    const std::vector<PolyCorner>& corners = mesh.polygons[i].corners;
    const std::size_t n = corners.size();
    for (std::size_t k = 0, c = 0; k < ring.size(); ++c) {
      Side side{{}, i, r.edgePoints};
      for (++k; k < ring.size() && ring[k] >= n; ++k)
        side.points.push_back(detail.vertices[detail.polygons[i].vertexBase + ring[k] - n]);
      sides.emplace(std::make_pair(corners[c].vertex, corners[(c + 1) % n].vertex), side);
    }
  }
  // b3d.detail.edge-points: both polygons of a shared edge sample it alike
  // (its points reversed, x, y and z equal), unless one of them uses no
  // edge points at all (b3d.detail.edge-limit).
  for (const auto& [edge, side] : sides) {
    if (edge.first > edge.second) continue;
    const auto other = sides.find({edge.second, edge.first});
    if (other == sides.end()) continue;
    std::vector<DetailVertex> reversed(other->second.points.rbegin(), other->second.points.rend());
    if (side.points == reversed) {
      ++tally.sharedEqual;
      tally.sharedPoints += !side.points.empty();
    } else if (side.polygonEdgePoints == 0 || other->second.polygonEdgePoints == 0) {
      ++tally.sharedLimit;
    } else {
      CgalDetailReport r;
      r.violations = 1;
      r.firstViolation = label + ": polygons " + std::to_string(original[side.polygon]) + " and " +
                         std::to_string(original[other->second.polygon]) +
                         " sample their shared edge differently";
      tally.report.Add(r);
    }
  }
}

void CheckTile(const std::string& label, const CompactHeightfield& h, NavSettings settings,
               Tally& tally) {
  static constexpr Partition kKinds[3] = {Partition::Watershed, Partition::Monotone,
                                          Partition::Layers};
  settings.Partition = kKinds[static_cast<std::size_t>(tally.tiles) % 3];
  settings.MaxVertsPerPoly = 3 + tally.tiles % 4;
  ++tally.tiles;
  const BorderCut cut =
      RegionPipeline::CutBorder(h, RegionPipeline::Partition(h, settings), settings);
  if (cut.empty) return;
  const PolyMesh mesh = Polygonizer::Build(RegionPipeline::Trace(h, cut, settings), settings);
  if (mesh.polygons.empty()) return;
  for (int v : {tally.tiles % 2 == 0 ? 0 : 5, 1, 2, 3, 4})
    CheckDetail(label + ", variant " + std::to_string(v), h, cut, mesh, Variant(settings, v),
                tally);
}

// Sets each flag bit from the triangles: bit k when edge k has no reverse.
void RecomputeFlags(CgalDetailPolygon& p) {
  p.flags.assign(p.triangles.size(), 0);
  for (std::size_t t = 0; t < p.triangles.size(); ++t)
    for (int k = 0; k < 3; ++k) {
      const std::uint32_t a = p.triangles[t][k], b = p.triangles[t][(k + 1) % 3];
      bool reverse = false;
      for (const auto& u : p.triangles)
        for (int j = 0; j < 3; ++j) reverse |= u[j] == b && u[(j + 1) % 3] == a;
      if (!reverse) p.flags[t] |= static_cast<std::uint8_t>(1 << k);
    }
}

// The negative controls on a real polygon whose CDT is unique: each
// mutation, flags recomputed, must be caught.
void ExpectMutationsCaught(const CgalDetailPolygon& good) {
  ASSERT_EQ(CgalCheckDetail(good, "control").violations, 0);
  CgalDetailPolygon reversed = good;
  std::swap(reversed.triangles[0][1], reversed.triangles[0][2]);
  RecomputeFlags(reversed);
  EXPECT_GT(CgalCheckDetail(reversed, "reversed").violations, 0);
  CgalDetailPolygon removed = good;
  removed.triangles.pop_back();
  RecomputeFlags(removed);
  EXPECT_GT(CgalCheckDetail(removed, "removed").violations, 0);
  // Every interior edge flipped (b3d.detail.flip's t <- (c, a, d),
  // u <- (d, b, c)): the result is another triangulation or not one; the
  // CDT being unique, either way it is caught.
  int flips = 0;
  for (std::size_t t = 0; t < good.triangles.size(); ++t)
    for (int k = 0; k < 3; ++k)
      for (std::size_t u = t + 1; u < good.triangles.size(); ++u)
        for (int j = 0; j < 3; ++j) {
          const auto& T = good.triangles[t];
          const auto& U = good.triangles[u];
          const std::uint32_t a = T[k], b = T[(k + 1) % 3], c = T[(k + 2) % 3];
          if (U[j] != b || U[(j + 1) % 3] != a) continue;
          const std::uint32_t d = U[(j + 2) % 3];
          CgalDetailPolygon flipped = good;
          flipped.triangles[t] = {c, a, d};
          flipped.triangles[u] = {d, b, c};
          RecomputeFlags(flipped);
          ++flips;
          EXPECT_GT(CgalCheckDetail(flipped, "flipped").violations, 0)
              << "edge " << a << "-" << b << " flipped not caught";
        }
  EXPECT_GT(flips, 0);
}

// Prints the tally and expects no violation and enough of everything.
void Finish(const char* source, const Tally& tally, std::chrono::steady_clock::time_point start) {
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const CgalDetailReport& r = tally.report;
  std::printf(
      "detail CGAL check, %s: %lld tiles, %lld builds, %lld polygons (%lld over the triangle "
      "limit, skipped), %lld triangles (%lld degenerate), %lld edge points (%lld off their "
      "float32 edge; %lld rings whose area differs from the corners'), %lld samples\n"
      "  Delaunay: %lld interior edges tested, %lld next to a degenerate triangle\n"
      "  CGAL CDT: %lld equal, %lld cocircular (skipped; subdivisions equal in %lld of all), "
      "%lld with a degenerate triangle (skipped)\n"
      "  shared edges sampled alike %lld (%lld with edge points), one side without edge points "
      "%lld\n"
      "  violations %lld, %.1f s\n",
      source, static_cast<long long>(tally.tiles), static_cast<long long>(tally.builds),
      static_cast<long long>(r.polygons), static_cast<long long>(tally.overLimit),
      static_cast<long long>(r.triangles), static_cast<long long>(r.degenerate),
      static_cast<long long>(r.edgePoints), static_cast<long long>(r.offEdge),
      static_cast<long long>(r.ringAreaDiffers), static_cast<long long>(r.samples),
      static_cast<long long>(r.delaunayEdges), static_cast<long long>(r.edgesSkipped),
      static_cast<long long>(r.cdtEqual), static_cast<long long>(r.cdtCocircular),
      static_cast<long long>(r.subdivisionEqual), static_cast<long long>(r.cdtDegenerate),
      static_cast<long long>(tally.sharedEqual), static_cast<long long>(tally.sharedPoints),
      static_cast<long long>(tally.sharedLimit), static_cast<long long>(r.violations), seconds);
  EXPECT_EQ(r.violations, 0) << "first: " << r.firstViolation;
  EXPECT_GT(r.polygons, 10000);
  EXPECT_GT(r.cdtEqual, 1000);
  EXPECT_GT(r.samples, 1000);
  EXPECT_GT(tally.overLimit, 0);
  EXPECT_GT(tally.sharedPoints, 1000);
  ASSERT_TRUE(tally.control.has_value());
  ExpectMutationsCaught(*tally.control);
}

TEST(DetailCgal, LevelTilesAreValid) {
  CLAUSE(
      "b3d.detail.hull b3d.detail.lawson b3d.detail.flip b3d.detail.insert b3d.detail.output "
      "b3d.detail.orientation b3d.detail.edge-points b3d.detail.edge-limit");
  const auto start = std::chrono::steady_clock::now();
  const auto tally = b3d_recast::LevelTiles<Tally>(2829, CheckTile);
  Finish("generated levels", tally, start);
  RecordProperty("polygons", std::to_string(tally.report.polygons));
}

// Tiles of random fields (cells and rows of 1, every fourth field losing
// connections), random contour simplification as in the contour
// differential.
TEST(DetailCgal, RandomFieldTilesAreValid) {
  CLAUSE(
      "b3d.detail.hull b3d.detail.lawson b3d.detail.flip b3d.detail.insert b3d.detail.output "
      "b3d.detail.orientation b3d.detail.edge-points b3d.detail.edge-limit");
  const auto start = std::chrono::steady_clock::now();
  const auto tally = b3d_recast::FieldTiles<Tally>(
      2830, kFieldTiles, b3d_recast::kAnySize, 1,
      [](std::mt19937_64& random) {
        NavSettings settings = b3d_recast::RandomFieldSettings(random);
        settings.ContourMaxError = 3 * std::uniform_real_distribution<double>(0, 1)(random);
        settings.MaxEdgeLength = std::uniform_int_distribution<int>(0, 30)(random);
        return settings;
      },
      CheckTile);
  Finish("random fields", tally, start);
  RecordProperty("polygons", std::to_string(tally.report.polygons));
}

// A hand-computed quadrilateral, detail off (no extras). In the spec's
// plane (z, x) (b3d.detail.orientation) the corners are P0 = (0, 0),
// P1 = (4, 1), P2 = (5, 5), P3 = (0, 4), i.e. (x, z) = (0, 0), (1, 4),
// (5, 5), (4, 0); orient(P0, P1, P2) = 4·5 − 1·5 = 15 > 0 and likewise 19,
// 20, 16 at P1, P2, P3: convex, counter-clockwise. The circle through P0,
// P1, P2 is u² + v² − (7/3)u − (23/3)v = 0 (from 17 + 4D + E = 0 and
// 50 + 5D + 5E = 0); at P3: 16 − 92/3 < 0, inside. So the diagonal P0–P2
// is not Delaunay and P1–P3 is: triangles (0, 1, 3) and (1, 2, 3)
// (orientations 16 and 19).
TEST(DetailCgal, PlantedViolationsAreCaught) {
  CgalDetailPolygon good;
  good.corners = {{0, 0}, {1, 4}, {5, 5}, {4, 0}};
  good.triangles = {{0, 1, 3}, {1, 2, 3}};
  RecomputeFlags(good);
  EXPECT_EQ(good.flags, (std::vector<std::uint8_t>{1 | 4, 1 | 2}));
  const CgalDetailReport r = CgalCheckDetail(good, "good");
  EXPECT_EQ(r.violations, 0) << r.firstViolation;
  EXPECT_EQ(r.cdtEqual, 1);
  EXPECT_EQ(r.delaunayEdges, 1);

  CgalDetailPolygon bad = good;
  bad.triangles = {{0, 1, 2}, {0, 2, 3}};
  RecomputeFlags(bad);
  const CgalDetailReport b = CgalCheckDetail(bad, "bad");
  EXPECT_NE(b.firstViolation.find("not Delaunay"), std::string::npos) << b.firstViolation;

  CgalDetailPolygon wrongFlags = good;
  wrongFlags.flags[0] = 1;
  EXPECT_GT(CgalCheckDetail(wrongFlags, "flags").violations, 0);

  // An extra vertex inside, used by no triangle.
  CgalDetailPolygon unused = good;
  unused.extras = {{2, 2}};
  EXPECT_GT(CgalCheckDetail(unused, "unused").violations, 0);

  ExpectMutationsCaught(good);
}

}  // namespace
