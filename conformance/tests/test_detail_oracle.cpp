// Self-test of the brute-force height-detail oracle
// (oracles/boost_mp/detail_bruteforce.*) on hand-computed cases: every
// expected value below is derived by hand, in the comment above it, from
// docs/spec/build3d-detail.md (b3d.detail.*) and the clauses it cites, never
// by running code.
//
// Conventions of the derivations. "Unit" settings: cs = 1, CellHeight = 1,
// B = 3, so Local(c) = c − 3 and LocalY(row) = row − minRow exactly
// (b3d.detail.coordinates); stored positions are written (x, z) or (x, y,
// z). orient(a, b, c) = (b.z − a.z)(c.x − a.x) − (b.x − a.x)(c.z − a.z)
// (b3d.detail.orientation), positive = counter-clockwise.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <vector>

#include "conformance/tests/clause.hpp"
#include "oracles/boost_mp/detail_bruteforce.hpp"

namespace {

using onepath::oracle::BfDetailError;
using onepath::oracle::BfDetailField;
using onepath::oracle::BfDetailInCircle;
using onepath::oracle::BfDetailInputMesh;
using onepath::oracle::BfDetailLocal;
using onepath::oracle::BfDetailLocalY;
using onepath::oracle::BfDetailMesh;
using onepath::oracle::BfDetailOrient;
using onepath::oracle::BfDetailResult;
using onepath::oracle::BfDetailSettings;
using onepath::oracle::BfDetailSettingsFrom;
using onepath::oracle::BfNearestRow;
using onepath::oracle::BruteForceDetail;
using onepath::oracle::BruteForceDetailBytes;

BfDetailSettings Unit(std::int64_t tileCells, std::int64_t climb, double sampleDistance,
                      double maxError) {
  BfDetailSettings s;
  s.tileCells = tileCells;
  s.cs = 1;
  s.border = 3;
  s.tileSize = static_cast<double>(tileCells);
  s.cellHeight = 1;
  s.walkableClimb = climb;
  s.detailSampleDistance = sampleDistance;
  s.detailMaxError = maxError;
  return s;
}

// A width × width field, one span per column at rowOf(x, z), region 1.
BfDetailField Field(std::int64_t width, const std::function<std::int64_t(int, int)>& rowOf) {
  BfDetailField f;
  f.width = width;
  f.depth = width;
  for (int z = 0; z < width; ++z)
    for (int x = 0; x < width; ++x) f.columns.push_back({{rowOf(x, z), 1}});
  return f;
}

// One polygon of `region` over the given corners (x, z) at `row`.
BfDetailInputMesh Polygon(const std::vector<std::pair<std::int64_t, std::int64_t>>& corners,
                          std::int64_t row, std::int64_t region) {
  BfDetailInputMesh m;
  m.polygons.push_back({region, {}});
  for (const auto& [x, z] : corners) {
    m.polygons[0].corners.push_back(static_cast<std::uint32_t>(m.vertices.size()));
    m.vertices.push_back({x, row, z});
  }
  return m;
}

struct Tri {
  int a, b, c, flags;
  bool operator==(const Tri&) const = default;
};

std::vector<Tri> Triangles(const BfDetailMesh& m) {
  std::vector<Tri> out;
  for (const auto& t : m.triangles) out.push_back({t.a, t.b, t.c, t.flags});
  return out;
}

std::uint32_t Bits(float f) {
  std::uint32_t b = 0;
  std::memcpy(&b, &f, 4);
  return b;
}

TEST(DetailOracle, DerivedSettings) {
  CLAUSE("b3d.tile-cells b3d.walkable-settings b3d.border");
  // Defaults: 9.6 / 0.3 = 32 exactly, cs = 0.3; WalkableRadius = 0.6f /
  // 0.3f = 2, B = 5; WalkableClimb = floor(0.9f / 0.2f = 4.5f) = 4
  // (b3d.tile-cells, b3d.walkable-settings give these values).
  const BfDetailSettings d = BfDetailSettingsFrom(0.3, 0.2, 9.6, 0.6, 0.9, 1.8, 0.2);
  EXPECT_EQ(d.tileCells, 32);
  EXPECT_EQ(d.cs, 0.3);
  EXPECT_EQ(d.border, 5);
  EXPECT_EQ(d.walkableClimb, 4);
  // b3d.tile-cells' examples: CellSize 0.25, TileSize 8.0000375 gives 33
  // cells (32.00005 − 1e-4 rounds up to 33); 8 gives 32.
  EXPECT_EQ(BfDetailSettingsFrom(0.25, 1, 8.0000375, 0, 0, 0, 0).tileCells, 33);
  EXPECT_EQ(BfDetailSettingsFrom(0.25, 1, 8.0, 0, 0, 0, 0).tileCells, 32);
}

TEST(DetailOracle, LocalAndLocalY) {
  CLAUSE("b3d.detail.coordinates");
  const BfDetailSettings d = BfDetailSettingsFrom(0.3, 0.2, 9.6, 0.6, 0.9, 1.8, 0.2);
  // c = B = 5: +0 (sign bit clear); c = B + 32 = 37: f32(9.6).
  EXPECT_EQ(Bits(BfDetailLocal(5.0, d)), 0u);
  EXPECT_EQ(BfDetailLocal(37.0, d), 9.6f);
  // c = 6: f32(1 × 0.3) = 0.3f; c = 4.5: f32(−0.5 × 0.3) = f32(−0.15), the
  // halving exact, so the float nearest −0.15.
  EXPECT_EQ(BfDetailLocal(6.0, d), 0.3f);
  EXPECT_EQ(BfDetailLocal(4.5, d), -0.15f);
  // LocalY: f32((7 − 3) × 0.2) = f32(0.8000000000000000444) = 0.8f;
  // f32((1 − 3) × 0.2) = −0.4f (negative below minRow).
  EXPECT_EQ(BfDetailLocalY(7, 3, d), 0.8f);
  EXPECT_EQ(BfDetailLocalY(1, 3, d), -0.4f);
}

TEST(DetailOracle, OrientAndInCircle) {
  CLAUSE("b3d.detail.orientation");
  // a = (0, 0), b = (x 0, z 1), c = (x 1, z 0): 1·1 − 0·0 = 1 > 0.
  EXPECT_EQ(BfDetailOrient(0, 0, 0, 1, 1, 0), 1);
  EXPECT_EQ(BfDetailOrient(0, 0, 1, 0, 0, 1), -1);
  EXPECT_EQ(BfDetailOrient(0, 0, 1, 1, 2, 2), 0);
  // Collinear in decimals, not in binary32: a = 0, b = (0.1f, 0.3f), c =
  // (0.3f, 0.9f): 0.3f·0.3f − 0.1f·0.9f with 0.1f = 13421773·2^-27, 0.3f =
  // 10066330·2^-25, 0.9f = 15099494·2^-24: (2·10066330² − 13421773·
  // 15099494)·2^-51 = (202661999337800 − 202661980882862)·2^-51 > 0.
  EXPECT_EQ(BfDetailOrient(0, 0, 0.1f, 0.3f, 0.3f, 0.9f), 1);
  // The positive triangle (0,0), (x 0, z 2), (x 2, z 0): its circumcircle
  // has centre (1, 1) and radius √2: (1, 1) inside, (2, 2) on it, (3, 3)
  // outside.
  EXPECT_EQ(BfDetailInCircle(0, 0, 0, 2, 2, 0, 1, 1), 1);
  EXPECT_EQ(BfDetailInCircle(0, 0, 0, 2, 2, 0, 2, 2), 0);
  EXPECT_EQ(BfDetailInCircle(0, 0, 0, 2, 2, 0, 3, 3), -1);
}

TEST(DetailOracle, NearestRow) {
  CLAUSE("b3d.detail.nearest-row");
  // Width 3, depth 2; columns (x, z): (0,0) [5 r1, 9 r2], (1,0) [7 r1],
  // (2,0) [], (0,1) [6 r2], (1,1) [4 r1, 8 r1], (2,1) [12 r1]. Climb 1:
  // R = max(1, 1) + 1 = 2.
  BfDetailField f;
  f.width = 3;
  f.depth = 2;
  f.columns = {{{5, 1}, {9, 2}}, {{7, 1}}, {}, {{6, 2}}, {{4, 1}, {8, 1}}, {{12, 1}}};
  const BfDetailSettings s = Unit(4, 1, 0, 0);
  // (1.5, 0.5): the one cell (1, 0), y 7; |7 − 6| = 1, |7 − 9| = 2 = R
  // (within), |7 − 10| = 3 > R: none.
  EXPECT_EQ(BfNearestRow(f, 1.5, 0.5, 6, -1, s), 7);
  EXPECT_EQ(BfNearestRow(f, 1.5, 0.5, 9, -1, s), 7);
  EXPECT_EQ(BfNearestRow(f, 1.5, 0.5, 10, -1, s), std::nullopt);
  // (1, 1), integers: cells {0, 1} × {0, 1}, visited (0,0), (1,0), (0,1),
  // (1,1): rows 5, 9, 7, 6, 4, 8 at distances 1, 3 (out), 1, 0, 2, 2 from 6:
  // any region gives 6; region 1 has 5, 7, 4, 8: the least distance 1,
  // first visited 5; region 2 has 9 (out) and 6; region 3 none.
  EXPECT_EQ(BfNearestRow(f, 1.0, 1.0, 6, -1, s), 6);
  EXPECT_EQ(BfNearestRow(f, 1.0, 1.0, 6, 1, s), 5);
  EXPECT_EQ(BfNearestRow(f, 1.0, 1.0, 6, 2, s), 6);
  EXPECT_EQ(BfNearestRow(f, 1.0, 1.0, 6, 3, s), std::nullopt);
  // (3, 0.5): cells {2, 3} × {0}: (2,0) empty, (3,0) outside: none.
  // (0, 0): cells {−1, 0} × {−1, 0}: only (0,0) exists; expected 8: 5 is 3
  // away (out), 9 is 1 away: 9.
  EXPECT_EQ(BfNearestRow(f, 3.0, 0.5, 7, -1, s), std::nullopt);
  EXPECT_EQ(BfNearestRow(f, 0.0, 0.0, 8, -1, s), 9);
}

TEST(DetailOracle, TriangleDetailOffAndItsBytes) {
  CLAUSE("b3d.detail.hull b3d.detail.output b3d.detail.values");
  // Corners (3,3), (3,5), (5,3): orient = (5−3)(5−3) − 0 = 4 > 0. Detail off
  // (sd = 0 ≤ 0.9). A ring of three: the triangle (prev(head), head,
  // next(head)) = (2, 0, 1), every edge on the boundary: flags 7.
  const BfDetailResult r =
      BruteForceDetail(Polygon({{3, 3}, {3, 5}, {5, 3}}, 4, 1),
                       Field(10, [](int, int) { return 4; }), 4, Unit(4, 1, 0, 0.2), 0, 0);
  ASSERT_FALSE(r.error.has_value());
  EXPECT_EQ(Triangles(r.mesh), (std::vector<Tri>{{2, 0, 1, 7}}));
  // Canonical bytes: u16 minRow 4; list of 1 polygon (0, 0, 0, 1); list of
  // 0 vertices; list of 1 triangle 02 00 01 07.
  const std::vector<std::uint8_t> expected = {4, 0,  // minRow
                                              1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                              0, 0, 0, 0, 0, 0, 1, 0, 0, 0,  // polygons
                                              0, 0, 0, 0,                    // vertices
                                              1, 0, 0, 0, 2, 0, 1, 7};       // triangles
  EXPECT_EQ(BruteForceDetailBytes(r.mesh), expected);
}

TEST(DetailOracle, OneEdgePointKeptByDouglasPeucker) {
  CLAUSE("b3d.detail.edge-points b3d.detail.douglas-peucker b3d.detail.edge-limit");
  CLAUSE("b3d.detail.hull b3d.detail.flip b3d.detail.lawson b3d.detail.output");
  // Unit settings, 6 tile cells (W = 12), climb 1 (R = 2), sd = 1, MaxError
  // 1 (L = 1). Field rows 10, but 12 in the columns x, z in {4, 5} x {2, 3}.
  // Polygon P0 (3,3), P1 (3,7), P2 (7,3), rows 10, region 9 (no span
  // carries it: no samples); orient(P0, P1, P2) = 4·4 − 0 = 16 > 0.
  // Edge 0, x = 3: its cells have x in {2, 3}: rows 10, none kept.
  // Edge 1, p0 = P1 (3,7), len √32 = 5.657, ns = 6, points (3 + 4k/6,
  // 7 − 4k/6) in cells (3,6), (4,5), (5,5) (integers: {4,5} x {4,5}),
  // (5,4), (6,3): all rows 10, none kept.
  // Edge 2, from P2 to P0: p0 = P0 (3,3) (smaller x), p1 = P2; len 4, ns =
  // 4, points (3 + k, 3), integers, E_k = 10; cells {2+k, 3+k} x {2, 3}:
  // k = 1: (3,2) row 10 at distance 0 first; k = 2: all four 12; k = 3:
  // (5,2) 12 then (6,2) 10 strictly nearer: rows 10, 10, 12, 10, 10.
  // Douglas–Peucker (0, 4): N = 0, 8, 0, m = 2, dev 8/4 = 2 > 1: kept;
  // (0, 2): N_1 = |0·2 − 2·1| = 2, dev 1, not > 1; (2, 4): N_3 = |(−2)·2 −
  // (−2)·1| = 2, dev 1: not kept. One edge point: vertex 3, cell (5, 3),
  // row 12, stored (2, 12 − 10, 0).
  // Ring 0, 1, 2, 3; stored P0 (0,0), P1 (0,4), P2 (4,0), V3 (2,0).
  // Hull, head 0: orient(V3, P0, P1) = 0·(−2) − (−2)·4 = 8 > 0; P2 is not in
  // it (orient(P1, V3, P2) = (−4)·4 − 2·(−4) = −8): triangle 0 = (3, 0, 1),
  // head 1; the last three: (3, 1, 2).
  // Lawson: the shared edge 1–3 has the quadrilateral V3, P0, P1, P2 whose
  // orient(P2, V3, P0) = 0 (P0, V3, P2 on z = 0): not strictly convex, no
  // flip (both directions).
  // Flags: (3,0,1): 3→0, 0→1 on the ring (bits 0, 1) = 3; (3,1,2): 1→2,
  // 2→3 on the ring (bits 1, 2) = 6.
  const BfDetailField f =
      Field(12, [](int x, int z) { return (x == 4 || x == 5) && (z == 2 || z == 3) ? 12 : 10; });
  const BfDetailResult r =
      BruteForceDetail(Polygon({{3, 3}, {3, 7}, {7, 3}}, 10, 9), f, 10, Unit(6, 1, 1, 1), 0, 0);
  ASSERT_FALSE(r.error.has_value());
  ASSERT_EQ(r.mesh.vertices.size(), 1u);
  EXPECT_EQ(r.mesh.vertices[0].x, 2.0f);
  EXPECT_EQ(r.mesh.vertices[0].y, 2.0f);
  EXPECT_EQ(r.mesh.vertices[0].z, 0.0f);
  EXPECT_EQ(Triangles(r.mesh), (std::vector<Tri>{{3, 0, 1, 3}, {3, 1, 2, 6}}));
  EXPECT_EQ(r.stats.samples, 0);
  // With MaxError 0.5 (L = 0.5) the two points of dev 1 are kept too:
  // vertices 3, 4, 5 are k = 3, 2, 1 (edge 2 runs from p1 to p0: k
  // descending), cells (6,3), (5,3), (4,3).
  const BfDetailResult r2 =
      BruteForceDetail(Polygon({{3, 3}, {3, 7}, {7, 3}}, 10, 9), f, 10, Unit(6, 1, 1, 0.5), 0, 0);
  ASSERT_EQ(r2.mesh.vertices.size(), 3u);
  EXPECT_EQ(r2.mesh.vertices[0].x, 3.0f);
  EXPECT_EQ(r2.mesh.vertices[0].y, 0.0f);
  EXPECT_EQ(r2.mesh.vertices[1].x, 2.0f);
  EXPECT_EQ(r2.mesh.vertices[1].y, 2.0f);
  EXPECT_EQ(r2.mesh.vertices[2].x, 1.0f);
}

TEST(DetailOracle, OneSampleInsertedInside) {
  CLAUSE("b3d.detail.samples b3d.detail.locate b3d.detail.refine b3d.detail.insert");
  // Unit settings, 8 tile cells (W = 14), climb 2 (R = 3), sd = 2, MaxError
  // 1. Field rows 10, but 13 in the columns {4, 5} x {4, 5}. Polygon P0
  // (3,3), P1 (3,9), P2 (9,3), rows 10, region 1.
  // Edge points: edge 0 (3, 5), (3, 7) (cells x {2, 3}); edge 1, ns =
  // ceil(8.485 / 2) = 5: (4.2, 7.8), (5.4, 6.6), (6.6, 5.4), (7.8, 4.2) in
  // cells (4,7), (5,6), (6,5), (7,4); edge 2 (5, 3), (7, 3) (cells z {2,
  // 3}): all rows 10, none kept.
  // Grid: cz = 3 + 2j < 9: 5, 7; cx likewise. Edge 0 needs cx − 3 > 1, edge
  // 2 cz − 3 > 1, edge 1 (72 − 6(cx + cz)) / √72 > 1: only (5, 5) (12/8.49
  // = 1.41). E = floor((60 + 3) / 6) = 10; cells {4,5}²: row 13 (|13 − 10| =
  // 3 = R). Sample stored (2, 3, 2).
  // Hull: the single triangle 0 = (2, 0, 1), stored P2 (6,0), P0 (0,0), P1
  // (0,6), positive (0·(−6) − (−6)·6 = 36). The sample: orient(P2, P0, s) =
  // 0·(−4) − (−6)·2 = 12, orient(P0, P1, s) = 6·2 − 0 = 12, orient(P1, P2,
  // s) = (−6)·2 − 6·(−4) = 12: inside. The plane of the three corners is y
  // = 0: error |3 − 0| = 3 > 1: inserted inside as vertex 3: t0 ← (2, 0,
  // 3), 1 ← (0, 1, 3), 2 ← (1, 2, 3); the pushed edges are on the ring.
  // Flags: each piece has its edge 0 on the ring: 1.
  const BfDetailField f =
      Field(14, [](int x, int z) { return (x == 4 || x == 5) && (z == 4 || z == 5) ? 13 : 10; });
  const auto poly = Polygon({{3, 3}, {3, 9}, {9, 3}}, 10, 1);
  const BfDetailResult r = BruteForceDetail(poly, f, 10, Unit(8, 2, 2, 1), 0, 0);
  ASSERT_FALSE(r.error.has_value());
  EXPECT_EQ(r.stats.samples, 1);
  ASSERT_EQ(r.mesh.vertices.size(), 1u);
  EXPECT_EQ(r.mesh.vertices[0].x, 2.0f);
  EXPECT_EQ(r.mesh.vertices[0].y, 3.0f);
  EXPECT_EQ(r.mesh.vertices[0].z, 2.0f);
  EXPECT_EQ(Triangles(r.mesh), (std::vector<Tri>{{2, 0, 3, 1}, {0, 1, 3, 1}, {1, 2, 3, 1}}));
  // MaxError 3: the error 3 is not above it: no insertion.
  const BfDetailResult r3 = BruteForceDetail(poly, f, 10, Unit(8, 2, 2, 3), 0, 0);
  EXPECT_TRUE(r3.mesh.vertices.empty());
  EXPECT_EQ(Triangles(r3.mesh), (std::vector<Tri>{{2, 0, 1, 7}}));
  // Region 2 (no span carries it): no sample at all.
  const auto other = Polygon({{3, 3}, {3, 9}, {9, 3}}, 10, 2);
  EXPECT_EQ(BruteForceDetail(other, f, 10, Unit(8, 2, 2, 1), 0, 0).stats.samples, 0);
}

TEST(DetailOracle, CollinearRingIsForced) {
  CLAUSE("b3d.detail.hull");
  // Corners (3,3), (4,3), (5,3), (6,3), all on z = 3, detail off. Every
  // orient is 0: no strict ear; relaxed: each ear's line holds the fourth
  // vertex, which blocks. Forced: i = head = 0: (3, 0, 1), head 1; then (3,
  // 1, 2). Lawson: orient(3, 1, 2) = 0, no flip. Flags 3 and 6 (as a
  // strip: 3→0, 0→1 and 1→2, 2→3 on the ring).
  const BfDetailResult r =
      BruteForceDetail(Polygon({{3, 3}, {4, 3}, {5, 3}, {6, 3}}, 5, 1),
                       Field(10, [](int, int) { return 5; }), 5, Unit(4, 1, 0, 0), 0, 0);
  ASSERT_FALSE(r.error.has_value());
  EXPECT_EQ(r.stats.forcedEars, 1);
  EXPECT_EQ(r.stats.relaxedEars, 0);
  EXPECT_EQ(Triangles(r.mesh), (std::vector<Tri>{{3, 0, 1, 3}, {3, 1, 2, 6}}));
}

TEST(DetailOracle, StageChecks) {
  CLAUSE("b3d.detail.stage-input");
  const BfDetailField f = Field(10, [](int, int) { return 5; });
  // Polygon 1 with two corners: ArgumentException, mesh, polygon 1, count 2.
  BfDetailInputMesh two = Polygon({{3, 3}, {3, 5}, {5, 3}}, 5, 1);
  two.polygons.push_back({1, {0, 1}});
  const BfDetailResult a = BruteForceDetail(two, f, 5, Unit(4, 1, 0, 0), 0, 0);
  ASSERT_TRUE(a.error.has_value());
  EXPECT_EQ(a.error->kind, BfDetailError::Kind::kArgument);
  EXPECT_EQ(a.error->argument, "mesh");
  EXPECT_EQ(a.error->polygon, 1);
  EXPECT_EQ(a.error->count, 2);
  // Corner 1 names vertex 7 of 3 (and corner 2 vertex 8): the first, corner
  // 1, value 7.
  BfDetailInputMesh far = Polygon({{3, 3}, {3, 5}, {5, 3}}, 5, 1);
  far.polygons[0].corners = {0, 7, 8};
  const BfDetailResult b = BruteForceDetail(far, f, 5, Unit(4, 1, 0, 0), 0, 0);
  ASSERT_TRUE(b.error.has_value());
  EXPECT_EQ(b.error->kind, BfDetailError::Kind::kArgumentOutOfRange);
  EXPECT_EQ(b.error->vertex, 1);
  EXPECT_EQ(b.error->value, 7.0);
  // minRow 65536: out of range, argument "minRow".
  const BfDetailResult c =
      BruteForceDetail(Polygon({{3, 3}, {3, 5}, {5, 3}}, 5, 1), f, 65536, Unit(4, 1, 0, 0), 0, 0);
  ASSERT_TRUE(c.error.has_value());
  EXPECT_EQ(c.error->argument, "minRow");
  EXPECT_EQ(c.error->value, 65536.0);
}

TEST(DetailOracle, MoreThan255TrianglesThrows) {
  CLAUSE("b3d.detail.limit b3d.detail.refine");
  // The construction of test_build3d_detail.cpp (derived there by hand):
  // tiles of 40 cells (B = 3), climb 80 (R = 81), sd = 2, MaxError 0; the
  // square (3..37)², corners at row 73; samples at odd X, Z in 5 .. 35 (16
  // x 16) whose columns hold 1 + ((X−20)² − 1)/8 + ((Z−20)² − 1)/8, all
  // points on one paraboloid, columns outside 4 .. 35 empty. Every live
  // sample has an error > 0 and none is dropped or dead: V goes from 4 to
  // 255, 251 insertions of 2 triangles each after the hull's 2: 504
  // triangles > 255, thrown for polygon 0 with tile (5, 6).
  const auto sampleOf = [](int c) { return c % 2 == 1 ? c : c + 1; };
  BfDetailField f;
  f.width = 46;
  f.depth = 46;
  for (int z = 0; z < 46; ++z)
    for (int x = 0; x < 46; ++x) {
      if (x < 4 || x > 35 || z < 4 || z > 35) {
        f.columns.push_back({});
        continue;
      }
      const int u = sampleOf(x) - 20, v = sampleOf(z) - 20;
      f.columns.push_back({{1 + (u * u - 1) / 8 + (v * v - 1) / 8, 1}});
    }
  const BfDetailResult r = BruteForceDetail(Polygon({{3, 3}, {3, 37}, {37, 37}, {37, 3}}, 73, 1), f,
                                            1, Unit(40, 80, 2, 0), 5, 6);
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(r.error->kind, BfDetailError::Kind::kInvalidOperation);
  EXPECT_EQ(r.error->tileX, 5);
  EXPECT_EQ(r.error->tileZ, 6);
  EXPECT_EQ(r.error->polygon, 0);
  EXPECT_EQ(r.error->count, 504);
  EXPECT_EQ(r.stats.inserted, 251);
  EXPECT_EQ(r.stats.dropped, 0);
  EXPECT_EQ(r.stats.dead, 0);
}

}  // namespace
