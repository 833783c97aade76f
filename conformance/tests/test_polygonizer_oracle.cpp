// Self-test of the brute-force polygonizer oracle
// (oracles/boost_mp/polygonizer_bruteforce.*) on hand-computed cases: every
// expected result below is derived by hand, in the comment above it, from
// docs/spec/build3d-polygons.md (b3d.poly.*), never by running code. Then the
// oracle's own consistency (b3d.poly.promise) on generated contour sets
// (gen_contours.hpp).
//
// Conventions of the derivations. Settings "exact": CellSize 0.25, TileSize
// 8, AgentRadius 0.5, so TileCells = 32, cs = 0.25, B = 5 (b3d.tile-cells,
// b3d.walkable-settings, b3d.border); every Local(c) = (c − 5)/4 is exact in
// binary32, so orient32 has the sign of cross (b3d.poly.orient) and only
// cross is computed. cross(a, b, c) = (xc − xa)(zb − za) − (xb − xa)(zc − za)
// (b3d.poly.cross), positive = turns left. Coordinates in the comments are
// (x, z); "d2" is a squared length in cells; corners are written
// vertex+W (wall) or vertex+N (not a wall).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "conformance/tests/clause.hpp"
#include "conformance/tests/gen_contours.hpp"
#include "oracles/boost_mp/polygonizer_bruteforce.hpp"

namespace {

using onepath::oracle::BfCheckPolyPromise;
using onepath::oracle::BfContour;
using onepath::oracle::BfContourVertex;
using onepath::oracle::BfCrossSign;
using onepath::oracle::BfLocal;
using onepath::oracle::BfOrient32;
using onepath::oracle::BfPolyDiagnostics;
using onepath::oracle::BfPolyMesh;
using onepath::oracle::BfPolySettings;
using onepath::oracle::BfPolySettingsFrom;
using onepath::oracle::BfPolyStages;
using onepath::oracle::BruteForcePolygonize;
using onepath::oracle::BruteForcePolyMeshBytes;

BfPolySettings Exact(int maxVerts) { return BfPolySettingsFrom(0.25, 8.0, 0.5, maxVerts); }

BfContourVertex V(std::int32_t x, std::int32_t z, std::int32_t y = 0, std::uint16_t neighbour = 0) {
  BfContourVertex v;
  v.x = x;
  v.y = y;
  v.z = z;
  v.neighbour = neighbour;
  return v;
}

BfContour C(std::uint16_t region, std::uint8_t area, std::vector<BfContourVertex> vertices) {
  BfContour c;
  c.region = region;
  c.area = area;
  c.vertices = std::move(vertices);
  return c;
}

constexpr bool W = true;   // the edge leaving the corner is a wall
constexpr bool N = false;  // it is not

struct Expected {
  std::uint32_t contour;
  std::vector<std::pair<std::uint32_t, bool>> corners;
};

void ExpectPolygons(const BfPolyMesh& mesh, const std::vector<Expected>& expected,
                    std::uint16_t region, std::uint8_t area) {
  ASSERT_EQ(mesh.polygons.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const auto& got = mesh.polygons[i];
    EXPECT_EQ(got.contour, expected[i].contour) << "polygon " << i;
    EXPECT_EQ(got.region, region) << "polygon " << i;
    EXPECT_EQ(got.area, area) << "polygon " << i;
    ASSERT_EQ(got.corners.size(), expected[i].corners.size()) << "polygon " << i;
    for (std::size_t k = 0; k < got.corners.size(); ++k) {
      EXPECT_EQ(got.corners[k].vertex, expected[i].corners[k].first)
          << "polygon " << i << " corner " << k;
      EXPECT_EQ(got.corners[k].wall, expected[i].corners[k].second)
          << "polygon " << i << " corner " << k;
    }
  }
}

void ExpectVertices(const BfPolyMesh& mesh, const std::vector<std::vector<std::int32_t>>& xyz) {
  ASSERT_EQ(mesh.vertices.size(), xyz.size());
  for (std::size_t i = 0; i < xyz.size(); ++i) {
    EXPECT_EQ(mesh.vertices[i].x, xyz[i][0]) << "vertex " << i;
    EXPECT_EQ(mesh.vertices[i].y, xyz[i][1]) << "vertex " << i;
    EXPECT_EQ(mesh.vertices[i].z, xyz[i][2]) << "vertex " << i;
  }
}

// Runs the oracle and also asserts its own promise checks (b3d.poly.promise).
BfPolyStages RunOracle(const std::vector<BfContour>& contours, const BfPolySettings& s) {
  BfPolyDiagnostics diag;
  BfPolyStages st = BruteForcePolygonize(contours, s, &diag);
  EXPECT_EQ(BfCheckPolyPromise(contours, s, st, diag), "");
  return st;
}

// b3d.tile-cells, b3d.walkable-settings, b3d.border. (0.25, 8, 0.5): 8/0.25 =
// 32, minus 1e-4, ceil = 32; cs = 8/32 = 0.25; 0.5f/0.25f = 2, B = 5. The
// defaults (0.3, 9.6, 0.6): the chapter's "9.6 / 0.3 = 32 exactly", cs = 0.3,
// WalkableRadius 2 (0.6f / 0.3f = 2 exactly), B = 5. CellSize 0.25 with
// TileSize 8.0000375: the chapter's example, 33 cells.
TEST(PolygonizerOracle, DerivedSettings) {
  CLAUSE("b3d.tile-cells b3d.border");
  const BfPolySettings e = Exact(6);
  EXPECT_EQ(e.tileCells, 32);
  EXPECT_EQ(e.cs, 0.25);
  EXPECT_EQ(e.border, 5);
  const BfPolySettings d = BfPolySettingsFrom(0.3, 9.6, 0.6, 6);
  EXPECT_EQ(d.tileCells, 32);
  EXPECT_EQ(d.cs, 0.3);
  EXPECT_EQ(d.border, 5);
  EXPECT_EQ(BfPolySettingsFrom(0.25, 8.0000375, 0.5, 6).tileCells, 33);
}

// b3d.tile-coordinates: Local(B) = 0, Local(B + TileCells) = f32(TileSize),
// else f32((c − B)·cs). Exact settings: Local(4) = −0.25, Local(6) = 0.25,
// Local(37) = 8. Defaults: Local(6) = f32(0.3) = 0.300000011920928955078125
// (0.3 = 0x1.3333333333333p-2 rounds up to 0x1.333334p-2), Local(37) =
// f32(9.6) = 9.6000003814697265625.
TEST(PolygonizerOracle, Local) {
  CLAUSE("b3d.tile-coordinates");
  const BfPolySettings e = Exact(6);
  EXPECT_EQ(BfLocal(5, e), 0.0f);
  EXPECT_EQ(BfLocal(4, e), -0.25f);
  EXPECT_EQ(BfLocal(6, e), 0.25f);
  EXPECT_EQ(BfLocal(37, e), 8.0f);
  const BfPolySettings d = BfPolySettingsFrom(0.3, 9.6, 0.6, 6);
  EXPECT_EQ(static_cast<double>(BfLocal(6, d)), 0.300000011920928955078125);
  EXPECT_EQ(static_cast<double>(BfLocal(37, d)), 9.6000003814697265625);
  // The case B + TileCells matters when f32(TileCells·cs) ≠ f32(TileSize).
  // TileSize t = 251.77823638916016 = (m + 1/2)·2^-15 for an integer m
  // (exactly a binary32 midpoint), CellSize t/364 = 0.6916984516185719:
  // TileCells = ceil(364.0000... − 1e-4) = 364, cs = t/364 rounds so that
  // 364·cs = 251.77823638916018 (one binary64 ulp above t). f32(t) is the
  // even neighbour 251.77822875976562; f32(364·cs) is the upper one,
  // 251.7782440185547 (found and checked with Python's struct and fractions).
  // AgentRadius 0.5: ceil(0.5f / 0.69169843f) = 1, B = 4.
  const BfPolySettings odd = BfPolySettingsFrom(0.6916984516185719, 251.77823638916016, 0.5, 6);
  EXPECT_EQ(odd.tileCells, 364);
  EXPECT_EQ(odd.border, 4);
  EXPECT_EQ(static_cast<double>(BfLocal(368, odd)), 251.77822875976562);
  EXPECT_EQ(static_cast<double>(static_cast<float>(364.0 * odd.cs)), 251.7782440185547);
}

// b3d.poly.orient on the defaults (cs = 0.3, B = 5). Write u = 2^-26·0.8 =
// 1.1920928955078125e-8: f32(0.3) = 0.3 + u, f32(2·0.3) = 0.6 + 2u (doubling
// is exact), f32(3·0.3) = 0.9 − 2u (3·0.3 in binary64 is
// 0.89999999999999991, whose nearest binary32 is 0.89999997615814208984375),
// f32(5·0.3) = 1.5 (5·0.3 rounds to 1.5 in binary64).
// Corners a = (6, 6), b = (7, 8), c = (8, 10) are collinear in cells (step
// (1, 2)): cross = 0. Positions a = (.3+u, .3+u), b = (.6+2u, .9−2u),
// c = (.9−2u, 1.5). orient32(a, b, c) = (cx − ax)(bz − az) − (cz − az)(bx − ax)
// = (.6−3u)(.6−3u) − (1.2−u)(.3+u) = −4.5u + 10u² < 0: tipped right.
// With exact settings the same corners give 0.
TEST(PolygonizerOracle, Orient32TipsCollinearCorners) {
  CLAUSE("b3d.poly.orient b3d.poly.cross");
  const BfPolySettings d = BfPolySettingsFrom(0.3, 9.6, 0.6, 6);
  EXPECT_EQ(BfCrossSign(6, 6, 7, 8, 8, 10), 0);
  EXPECT_EQ(BfOrient32(6, 6, 7, 8, 8, 10, d), -1);
  EXPECT_EQ(BfOrient32(8, 10, 7, 8, 6, 6, d), 1);  // reversed order: the opposite sign
  EXPECT_EQ(BfOrient32(6, 6, 7, 8, 8, 10, Exact(6)), 0);
  // cross sign convention: the square's convex corner (7,5) → (5,5) → (5,7)
  // has cross = (5−7)(5−5) − (5−7)(7−5) = 4 > 0.
  EXPECT_EQ(BfCrossSign(7, 5, 5, 5, 5, 7), 1);
  EXPECT_EQ(BfOrient32(7, 5, 5, 5, 5, 7, Exact(6)), 1);
}

// The chapter's worked example (b3d.poly "A worked example"), re-derived.
// Contour (5,5), (5,7), (7,7), (7,5), rows 0, neighbours 0: walls everywhere
// (no reversed edge), no straight vertex, nodes 0..3 = vertices 0..3.
// Every node is a valid ear (cross 4 each; e.g. node 0: cross((7,5),(5,5),(5,7))
// = 4; its diagonal (7,5)-(5,7) has every ring edge skipped by position, and
// the cones hold) with d2 = 8: node 0 wins the tie. Triangle (3, 0, 1),
// flags (3→0 W, 0→1 W, N); head → node 1; last triangle (1, 2, 3) with
// (1→2 W, 2→3 W, node 3's leaving edge is now the diagonal: N).
// Merge (MaxVertsPerPoly 6): the only candidate is A = 0, k = 2 (edge 1 → 3),
// B = 1, l = 2 (B[2] = 3, B[0] = 1), d2 = 8. R = A[0], A[1], A[2] (= a = 1),
// B[1] = 2: (3, 0, 1, 2); a takes B[0]'s flag (1→2 W), 2 keeps W. Joints:
// a = 1 between 0 and 2: cross((5,5),(5,7),(7,7)) = 4 > 0; b = 3 between 2
// and 0: cross((7,7),(7,5),(5,5)) = 4 > 0. Valid: one quad 3W 0W 1W 2W.
TEST(PolygonizerOracle, Square) {
  CLAUSE(
      "b3d.poly.api b3d.poly.ears b3d.poly.ring b3d.poly.merge b3d.poly.merge-ring "
      "b3d.poly.values");
  const std::vector<BfContour> contours = {C(1, 63, {V(5, 5), V(5, 7), V(7, 7), V(7, 5)})};
  const BfPolyStages st = RunOracle(contours, Exact(6));
  ExpectVertices(st.polygons, {{5, 0, 5}, {5, 0, 7}, {7, 0, 7}, {7, 0, 5}});
  ExpectPolygons(st.ears, {{0, {{3, W}, {0, W}, {1, N}}}, {0, {{1, W}, {2, W}, {3, N}}}}, 1, 63);
  ExpectPolygons(st.polygons, {{0, {{3, W}, {0, W}, {1, W}, {2, W}}}}, 1, 63);
  EXPECT_EQ(st.polygons.degenerateEars, 0u);

  // b3d.poly.values, written out by hand: u32 4 vertices; (5,0,5), (5,0,7),
  // (7,0,7), (7,0,5) as u16 x, y, z; u32 1 polygon: u32 contour 0, u16
  // region 1, u8 area 63, u32 4 corners, each u32 vertex + u8 flag 1; u32 0.
  const std::vector<std::uint8_t> bytes = {
      4, 0, 0, 0,                                                               //
      5, 0, 0, 0, 5, 0, 5,  0, 0, 0, 7, 0, 7, 0, 0, 0, 7, 0, 7, 0, 0, 0, 5, 0,  //
      1, 0, 0, 0,                                                               //
      0, 0, 0, 0, 1, 0, 63, 4, 0, 0, 0,                                         //
      3, 0, 0, 0, 1, 0, 0,  0, 0, 1, 1, 0, 0, 0, 1, 2, 0, 0, 0, 1,              //
      0, 0, 0, 0};
  EXPECT_EQ(BruteForcePolyMeshBytes(st.polygons), bytes);
  // The stage ears: the same vertices, two triangles (contour 0, region 1,
  // area 63): 3W 0W 1N and 1W 2W 3N.
  std::vector<std::uint8_t> ears(bytes.begin(), bytes.begin() + 28);
  const std::vector<std::uint8_t> tail = {
      2, 0, 0, 0,                                                                     //
      0, 0, 0, 0, 1, 0, 63, 3, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0,  //
      0, 0, 0, 0, 1, 0, 63, 3, 0, 0, 0, 1, 0, 0, 0, 1, 2, 0, 0, 0, 1, 3, 0, 0, 0, 0,  //
      0, 0, 0, 0};
  ears.insert(ears.end(), tail.begin(), tail.end());
  EXPECT_EQ(BruteForcePolyMeshBytes(st.ears), ears);

  // MaxVertsPerPoly 3: the one candidate has 3 + 3 − 2 = 4 corners > 3, so
  // the polygons are the ears.
  const BfPolyStages three = RunOracle(contours, Exact(3));
  EXPECT_EQ(BruteForcePolyMeshBytes(three.polygons), ears);
}

// L-shape v0..v5 = (5,5), (5,7), (6,7), (6,6), (7,6), (7,5); rows 0, walls.
// S = 6 (3 cells). Crosses: v0 4, v1 2, v2 1, v3 −1 (the reflex corner),
// v4 1, v5 2. No straight vertex; vertices 0..5 = v0..v5.
// Clip 1 (6 nodes): node 0's diagonal (7,5)-(5,7) passes through (6,6), the
// start of edge 3→4, which has no endpoint at (7,5) or (5,7): touches, no
// ear. Node 1 (0→2: d2 5): cones hold (cross(0,2,5) = 4, cross(2,0,1) = 2,
// cross(2,0,1) = 2, cross(0,2,3) = 1), edges 3→4, 4→5 miss: valid. Node 2
// (1→3: d2 2): cone at 1 (cross(1,3,0) = 2, cross(3,1,2) = 1); cone at the
// reflex 3: not(cross(3,1,4) = 1 ≥ 0 and cross(1,3,2) = −1 ≥ 0) = true;
// edges 4→5, 5→0 miss: valid. Node 4 (3→5: d2 2) valid too, node 5 (d2 5).
// Least d2 2: node 2 (lower than 4). Triangle (1, 2, 3): 1W 2W 3N.
// Clip 2 (0,1,3,4,5): node 0 still blocked by (6,6); node 1 (0→3, d2 2):
// cross(0,1,3) = 2, cones hold (cross(0,3,5) = 2, cross(3,0,1) = 2; at 3,
// now reflex between 1 and 4 (cross −1): cross(3,0,4) = −1 so in the cone);
// edge 4→5 misses: valid. Node 4 (d2 2) also valid; node 1 is lower.
// Triangle (0, 1, 3): 0W, 1's leaving edge is the diagonal 1→3: N, 3N.
// Clip 3 (0,3,4,5): node 0 (5→3: d2 2, cross(5,0,3) = 2, every edge skipped
// by position, cones hold: cross(5,3,4) = 1, cross(3,5,0) = 2, cross(3,5,0)
// = 2, cross(5,3,4) = 1) valid and lowest among d2 2 (node 4). Triangle
// (5, 0, 3): 5W 0N 3N; head → 3. Last triangle (3, 4, 5): 3W 4W 5N.
// Merge (6): round 1 candidates, all d2 2: (T0 edge 3→1, T1), (T1 edge 3→0,
// T2), (T2 edge 3→5, T3). The first: R = 1W 2W 3N 0W, joints 3 between 2
// and 0 (cross((6,7),(6,6),(5,5)) = 1) and 1 between 0 and 2 (cross 2):
// valid → P0 = 1W 2W 3N 0W. Round 2: (P0 edge 3→0, P1 = T2) gives joint 3
// between 2 and 5: cross((6,7),(6,6),(7,5)) = −1, invalid; (P1 edge 3→5,
// P2 = T3): R = 5W 0N 3W 4W, joints 3 (0, 4: cross 1) and 5 (4, 0: cross 2):
// valid → P1 = 5W 0N 3W 4W. Round 3: (P0 edge 3→0, P1), 6 corners, joint 3
// between 2 and 4: cross −1, invalid. Done: two quads.
TEST(PolygonizerOracle, LShape) {
  CLAUSE("b3d.poly.diagonal b3d.poly.ears b3d.poly.merge b3d.poly.merge-valid b3d.poly.order");
  const std::vector<BfContour> contours = {
      C(2, 7, {V(5, 5), V(5, 7), V(6, 7), V(6, 6), V(7, 6), V(7, 5)})};
  const BfPolyStages st = RunOracle(contours, Exact(6));
  ExpectVertices(st.polygons, {{5, 0, 5}, {5, 0, 7}, {6, 0, 7}, {6, 0, 6}, {7, 0, 6}, {7, 0, 5}});
  const std::vector<Expected> ears = {{0, {{1, W}, {2, W}, {3, N}}},
                                      {0, {{0, W}, {1, N}, {3, N}}},
                                      {0, {{5, W}, {0, N}, {3, N}}},
                                      {0, {{3, W}, {4, W}, {5, N}}}};
  ExpectPolygons(st.ears, ears, 2, 7);
  ExpectPolygons(st.polygons,
                 {{0, {{1, W}, {2, W}, {3, N}, {0, W}}}, {0, {{5, W}, {0, N}, {3, W}, {4, W}}}}, 2,
                 7);
  EXPECT_EQ(st.polygons.degenerateEars, 0u);
  // MaxVertsPerPoly 3: no candidate fits (3 + 3 − 2 = 4): the ears.
  const BfPolyStages three = RunOracle(contours, Exact(3));
  ExpectPolygons(three.polygons, ears, 2, 7);
}

// Collinear wall vertices. v0..v5 = (5,5) y0, (5,7) y0, (7,7) y2, (9,7) y0,
// (9,5) y0, (7,5) y0; walls. Straight-wall removal (b3d.poly.straight-walls):
// v2 goes straight on between (5,7) and (9,7) (cross 0, dot 4) but D = 16,
// T = 4·2 = 8, |(2 − 0)·16 − 0·8| = 32 > 16: kept. v5 between (9,5) and
// (5,5): straight, |0 − 0| ≤ 16: removed; nothing else is removable. Nodes
// 0..4 = (5,5), (5,7), (7,7) y2, (9,7), (9,5), vertices 0..4; all leaving
// edges walls (4→0 inherits the wall).
// Clip 1: crosses 8, 4, 0, 4, 8. d2: node 0 (4→1) 20, node 1 (0→2) 8,
// node 3 (2→4) 8, node 4 (3→0) 20; node 2 is straight (cross 0, no ear).
// Node 1: cones at 0 (cross(0,2,4) = 8, cross(2,0,1) = 4) and at 2 (convex
// branch, its cross is 0: cross(2,0,1) = 4, cross(0,2,3) = 4); edge 3→4
// (x = 9) misses: valid, lowest of d2 8. Triangle (0,1,2): 0W 1W 2N.
// Clip 2 (0,2,3,4): node 0 (4→2, d2 8, cross(4,0,2) = 8; cones: cross(4,2,3)
// = 4, cross(2,4,0) = 8, cross(2,4,0) = 8, cross(4,2,3) = 4; all edges
// skipped by position) valid and lowest among d2 8 (with node 3). Triangle
// (4,0,2): 4W 0N 2N; head → 2. Last triangle (2,3,4): 2W 3W 4N.
// Merge (6): round 1, two candidates of d2 8: (T0 edge 2→0, T1) first:
// R = 0W 1W 2N 4W, joint 2 between 1 and 4: cross((5,7),(7,7),(9,5)) = 4,
// joint 0 between 4 and 1: 8: valid → P0 = 0W 1W 2N 4W. Round 2: (P0 edge
// 2→4, P1 = T2), 4 + 3 − 2 = 5 corners: R = 4W 0W 1W 2W 3W (2 takes T2's
// flag of 2→3, W). Joint 2 between 1 (5,7) and 3 (9,7): straight on, edges
// 1→2 and 2→3 walls: wall-collinear, removed; 1 gets W. Joint 4 between 3
// and 0: cross((9,7),(9,5),(5,5)) = 8. R′ = 4 0 1 3: four corners, no
// repeat; test 3: corner 1 between 0 and 3: cross((5,5),(5,7),(9,7)) = 8,
// corner 3 between 1 and 4: cross((5,7),(9,7),(9,5)) = 8. Valid: one quad
// 4W 0W 1W 3W; vertex 2 stays in the list, unused.
// MaxVertsPerPoly 4: round 2's candidate has 5 corners before joint removal
// (b3d.poly.merge counts |A| + |B| − 2): none; P0 and T2 remain.
// MaxVertsPerPoly 3: no merge at all.
// With v2 at row 1 instead: |1·16 − 0·8| = 16 ≤ 16, so v2 is removed too (the
// bound is inclusive) and the ring is the rectangle (5,5), (5,7), (9,7),
// (9,5), vertices 0..3 at row 0. As in the square: every node an ear with d2
// 20, node 0 first: ears 3W 0W 1N and 1W 2W 3N, merged into 3W 0W 1W 2W
// (joints 1: cross((5,5),(5,7),(9,7)) = 8, 3: cross((9,7),(9,5),(5,5)) = 8).
TEST(PolygonizerOracle, CollinearWallVertices) {
  CLAUSE(
      "b3d.poly.walls b3d.poly.straight-walls b3d.poly.weld b3d.poly.merge-valid "
      "b3d.poly.merge-ring");
  const std::vector<BfContour> contours = {
      C(3, 5, {V(5, 5), V(5, 7), V(7, 7, 2), V(9, 7), V(9, 5), V(7, 5)})};
  const BfPolyStages st = RunOracle(contours, Exact(6));
  ExpectVertices(st.polygons, {{5, 0, 5}, {5, 0, 7}, {7, 2, 7}, {9, 0, 7}, {9, 0, 5}});
  const std::vector<Expected> ears = {
      {0, {{0, W}, {1, W}, {2, N}}}, {0, {{4, W}, {0, N}, {2, N}}}, {0, {{2, W}, {3, W}, {4, N}}}};
  ExpectPolygons(st.ears, ears, 3, 5);
  ExpectPolygons(st.polygons, {{0, {{4, W}, {0, W}, {1, W}, {3, W}}}}, 3, 5);
  const BfPolyStages four = RunOracle(contours, Exact(4));
  ExpectPolygons(four.polygons,
                 {{0, {{0, W}, {1, W}, {2, N}, {4, W}}}, {0, {{2, W}, {3, W}, {4, N}}}}, 3, 5);
  const BfPolyStages three = RunOracle(contours, Exact(3));
  ExpectPolygons(three.polygons, ears, 3, 5);

  const std::vector<BfContour> rowOne = {
      C(3, 5, {V(5, 5), V(5, 7), V(7, 7, 1), V(9, 7), V(9, 5), V(7, 5)})};
  const BfPolyStages one = RunOracle(rowOne, Exact(6));
  ExpectVertices(one.polygons, {{5, 0, 5}, {5, 0, 7}, {9, 0, 7}, {9, 0, 5}});
  ExpectPolygons(one.ears, {{0, {{3, W}, {0, W}, {1, N}}}, {0, {{1, W}, {2, W}, {3, N}}}}, 3, 5);
  ExpectPolygons(one.polygons, {{0, {{3, W}, {0, W}, {1, W}, {2, W}}}}, 3, 5);
}

// A hole bridged as b3d.contour.merge lays it out: outline (5,5), (5,8),
// (8,8), (8,5) and hole (6,6), (7,6), (7,7), (6,7), bridge (outline 0, hole 0):
// m0..m9 = (5,5), (5,8), (8,8), (8,5), (5,5), (6,6), (7,6), (7,7), (6,7),
// (6,6); rows 0, neighbours 0. In local coordinates (minus 5): m0 (0,0),
// m1 (0,3), m2 (3,3), m3 (3,0), m4 (0,0), m5 (1,1), m6 (2,1), m7 (2,2),
// m8 (1,2), m9 (1,1).
// Walls: edge 4 (m4 → m5) and edge 9 (m9 → m0) are each other's reverse: not
// walls; the rest are. No straight vertex. Welding: m4 joins vertex 0, m9
// joins vertex 4 (the hole's first corner): w = 0 1 2 3 0 4 5 6 7 4;
// vertices (5,5), (5,8), (8,8), (8,5), (6,6), (7,6), (7,7), (6,7).
// Crosses: m0 3, m1 9, m2 9, m3 9, m4 3, m5 1, m6..m8 −1, m9 1 (S = 18 − 2).
// Clip 1: ears by d2: m0 (m9→m1) 5, m4 5, m5 5, m9 5, m1..m3 18. m0: cone at
// m9 (convex: cross(m9,m1,m8) = 1, cross(m1,m9,m0) = 3), at m1 (cross(m1,m9,m0)
// = 3, cross(m9,m1,m2) = 6); edges m2→m3, m3→m4, m6→m7, m7→m8 miss
// (m7→m8: cross with (1,1)-(0,3) is 3 and 1, same sign): valid, lowest.
// Triangle (m9, m0, m1) = 4N 0W 1N; head → m1.
// Clip 2: m9 (m8→m1) has d2 2, the least: cone at m8 (reflex: cross(m8,m1,m9)
// = −1 so inside), at m1 (cross(m1,m8,m9) = 1, cross(m8,m1,m2) = 3); edges
// m4→m5, m5→m6, m6→m7 miss. Triangle (m8, m9, m1) = 7W 4N 1N.
// Clip 3: d2 5 for m1 (m8→m2), m4, m5, m8 (m7→m1); m1 first: cones hold
// (cross(m8,m2,m7) = 1, cross(m2,m8,m1) = 3, cross(m2,m8,m1) = 3,
// cross(m8,m2,m3) = 6), edge m6→m7 misses (crosses 3 and 1). Triangle
// (m8, m1, m2) = 7N 1W 2N; head → m2.
// Clip 4: m8 (m7→m2) d2 2, least: cone at the reflex m7 (cross(m7,m2,m8) = −1),
// at m2 (cross(m2,m7,m8) = 1, cross(m7,m2,m3) = 3); m4→m5 is collinear with
// (2,2)-(3,3) but outside both ranges: no touch. Triangle (m7, m8, m2) =
// 6W 7N 2N.
// Clip 5: d2 5 for m2 (m7→m3), m4, m5, m7 (m6→m2); m2 first: cones
// (cross(m7,m3,m6) = 1, cross(m3,m7,m2) = 3, cross(m3,m7,m2) = 3,
// cross(m7,m3,m4) = 6), m5→m6 misses (crosses 3 and 1). Triangle
// (m7, m2, m3) = 6N 2W 3N; head → m3.
// Clip 6: m7 (m6→m3) d2 2, least: cone at the reflex m6 (cross(m6,m3,m7)
// = −1), at m3 (cross(m3,m6,m7) = 1, cross(m6,m3,m4) = 3). Triangle
// (m6, m7, m3) = 5W 6N 3N.
// Clip 7 (m3, m4, m5, m6): every d2 is 5; m3 (m6→m4): cones (cross(m6,m4,m5)
// = 1, cross(m4,m6,m3) = 3, cross(m4,m6,m3) = 3, cross(m6,m4,m5) = 1), every
// edge skipped by position. Triangle (m6, m3, m4) = 5N 3W 0N; head → m4.
// Last triangle (m4, m5, m6) = 0N 4W 5N (cross 1). Sum of crosses
// 3+1+3+1+3+1+3+1 = 16 = S.
// Merge (6): the eight triangles form a ring round the hole; shared edges
// alternate d2 2 and 5. Round 1: the d2-5 candidates in order are (T0 edge
// 1→4, T1), (T2, T3), (T4, T5), (T6, T7); the first: R = 4N 0W 1N 7W, joint
// 1 between 0 and 7: cross((0,0),(0,3),(1,2)) = 3; joint 4 between 7 and 0:
// cross((1,2),(1,1),(0,0)) = 1: valid. Rounds 2-4 likewise merge (T2, T3)
// into 7N 1W 2N 6W (joints 2: 3, 7: 1), (T4, T5) into 6N 2W 3N 5W (3: 3,
// 6: 1) and (T6, T7) into 5N 3W 0N 4W (0: 3, 5: 1). Round 5: four d2-2
// candidates (P0 edge 4→0 with P3 across the bridge, P0 edge 1→7 with P1,
// P1 edge 2→6 with P2, P2 edge 3→5 with P3); each has a joint at a hole
// corner that turns right (7,4,5: −1; 6,7,4: −1; 5,6,7: −1; 4,5,6: −1):
// none valid. Result: the four quads, the bridge edge 4→0 / 0→4 inside.
TEST(PolygonizerOracle, HoleBridgeVisitsVerticesTwice) {
  CLAUSE("b3d.poly.walls b3d.poly.weld b3d.poly.diagonal b3d.poly.ears b3d.poly.merge");
  const std::vector<BfContour> contours = {C(
      4, 9,
      {V(5, 5), V(5, 8), V(8, 8), V(8, 5), V(5, 5), V(6, 6), V(7, 6), V(7, 7), V(6, 7), V(6, 6)})};
  const BfPolyStages st = RunOracle(contours, Exact(6));
  ExpectVertices(
      st.polygons,
      {{5, 0, 5}, {5, 0, 8}, {8, 0, 8}, {8, 0, 5}, {6, 0, 6}, {7, 0, 6}, {7, 0, 7}, {6, 0, 7}});
  ExpectPolygons(st.ears,
                 {{0, {{4, N}, {0, W}, {1, N}}},
                  {0, {{7, W}, {4, N}, {1, N}}},
                  {0, {{7, N}, {1, W}, {2, N}}},
                  {0, {{6, W}, {7, N}, {2, N}}},
                  {0, {{6, N}, {2, W}, {3, N}}},
                  {0, {{5, W}, {6, N}, {3, N}}},
                  {0, {{5, N}, {3, W}, {0, N}}},
                  {0, {{0, N}, {4, W}, {5, N}}}},
                 4, 9);
  ExpectPolygons(st.polygons,
                 {{0, {{4, N}, {0, W}, {1, N}, {7, W}}},
                  {0, {{7, N}, {1, W}, {2, N}, {6, W}}},
                  {0, {{6, N}, {2, W}, {3, N}, {5, W}}},
                  {0, {{5, N}, {3, W}, {0, N}, {4, W}}}},
                 4, 9);
  EXPECT_EQ(st.polygons.degenerateEars, 0u);
}

// A fold: (5,5), (6,5), (7,5), (6,5); rows 0, neighbours 0. Walls: each edge
// has its reverse ((5,5)→(6,5) and (6,5)→(5,5); (6,5)→(7,5) and (7,5)→(6,5)):
// none is a wall, so nothing is removed. Welding: nodes 1 and 3 share (6,5)
// row 0: w = 0 1 2 1. Every cross is 0: no valid ear. Fallback from the head
// 0: node 0's segment (6,5)-(6,5) has no length (cone test cross(a, b, ·) = 0
// fails); node 1 (cross 0) and its segment (5,5)-(7,5): cone at node 0
// (its cross(3,0,1) = 0, convex branch) needs cross((5,5),(7,5),(6,5)) > 0:
// 0, fails; node 2's segment has no length; node 3's: cone at node 2 needs
// cross((7,5),(5,5),(6,5)) > 0: 0, fails. So the head, node 0, is clipped:
// degenerateEars 1, triangle (3,0,1) has orient32 0 (and repeats vertex 1):
// dropped; head → 1. Last triangle (1,2,3): orient32 0, dropped.
// Result: vertices (5,5), (6,5), (7,5), no polygon, degenerateEars 1.
// (The fallback's first rule can never pick a node: see the SPEC-FINDING in
// the oracle. Every fallback clips the head.)
TEST(PolygonizerOracle, FoldFallsBackAndDropsEverything) {
  CLAUSE("b3d.poly.degenerate-ears b3d.poly.walls b3d.poly.orient");
  const std::vector<BfContour> contours = {C(5, 1, {V(5, 5), V(6, 5), V(7, 5), V(6, 5)})};
  const BfPolyStages st = RunOracle(contours, Exact(6));
  ExpectVertices(st.polygons, {{5, 0, 5}, {6, 0, 5}, {7, 0, 5}});
  EXPECT_TRUE(st.ears.polygons.empty());
  EXPECT_TRUE(st.polygons.polygons.empty());
  EXPECT_EQ(st.ears.degenerateEars, 1u);
  EXPECT_EQ(st.polygons.degenerateEars, 1u);
}

// Float32 decides emission (b3d.poly.ears, b3d.poly.orient). Contour
// (6,6), (8,10), (7,8): three collinear corners (S = 6 − 12 + 6 = 0), walls
// (no edge reversed), three nodes, so only the last triangle (0, 1, 2).
// Defaults: orient32((6,6),(8,10),(7,8)) = −orient32((6,6),(7,8),(8,10)) =
// +1 (swapping two arguments; the latter is −1, Orient32TipsCollinearCorners):
// emitted, 0W 1W 2W, a triangle of no area in cells. Exact settings:
// orient32 = 0: dropped, no polygon.
// (b3d.poly.promise's second bullet does not hold for this polygon: it has
// no degenerate clip, yet its corner (8,10) folds back in cells; the
// oracle's checker exempts flat triangles, see the .cpp.)
TEST(PolygonizerOracle, Float32EmitsAFlatLastTriangle) {
  CLAUSE("b3d.poly.orient b3d.poly.ears");
  const std::vector<BfContour> contours = {C(6, 3, {V(6, 6), V(8, 10), V(7, 8)})};
  const BfPolyStages tipped = RunOracle(contours, BfPolySettingsFrom(0.3, 9.6, 0.6, 6));
  ExpectVertices(tipped.polygons, {{6, 0, 6}, {8, 0, 10}, {7, 0, 8}});
  ExpectPolygons(tipped.ears, {{0, {{0, W}, {1, W}, {2, W}}}}, 6, 3);
  ExpectPolygons(tipped.polygons, {{0, {{0, W}, {1, W}, {2, W}}}}, 6, 3);
  const BfPolyStages exact = RunOracle(contours, Exact(6));
  EXPECT_TRUE(exact.ears.polygons.empty());
  EXPECT_TRUE(exact.polygons.polygons.empty());
  EXPECT_EQ(exact.polygons.vertices.size(), 3u);
}

// Float32 refuses a merge (b3d.poly.merge-valid, test 1). Contour a = (6,6),
// b = (7,8), c = (8,10), d = (8,4), rows 0; a and b have neighbour 7 (edges
// a→b, b→c are not walls), c and d neighbour 0 (walls). b goes straight on
// (cross 0) but is not removed (its edges are not walls). Crosses: a
// cross(d,a,b) = 6, b 0, c cross(b,c,d) = 6, d cross(c,d,a) = 12.
// Ears: node 0 (d→b, d2 17): all four edges skipped by position; cones at d
// (cross(d,b,c) = 6, cross(b,d,a) = 6) and at b (convex branch, cross 0:
// cross(b,d,a) = 6, cross(d,b,c) = 6): valid. Node 2 (b→d) d2 17 valid too;
// node 3 (c→a, d2 20): cone at c needs cross(c,a,b) > 0, it is 0: no. Node 0
// wins: triangle (d,a,b) = 3W 0N 1N, head → 1; last (b,c,d) = 1N 2W 3N.
// Merge: (T0 edge 1→3, T1, l = 2), R = 3W 0N 1N 2W (1 takes T1's flag of
// 1→2, N). Joint 1 (b) between a and c: straight on in cells (dot 5), not
// wall-collinear (a→b is no wall), so test 1 applies: orient32(a,b,c) is −1
// with the defaults (cs 0.3, Orient32TipsCollinearCorners): invalid, the two
// triangles stay. With exact settings orient32 = 0 ≥ 0, joint d has cross
// 12: valid, one quad 3W 0N 1N 2W.
// With walls instead (all neighbours 0) and b at row 2 (D = 20, T = 10,
// |2·20| = 40 > 20: kept): ears 3W 0W 1N and 1W 2W 3N; R = 3W 0W 1W 2W,
// joint b is wall-collinear and removed (a gets W), whatever float32 says;
// R′ = 3 0 2, test 3: orient32(d,a,c) and orient32(a,c,d) have cross 12:
// valid. One triangle 3W 0W 2W in both settings; vertex 1 stays unused.
TEST(PolygonizerOracle, Float32RefusesAStraightJoint) {
  CLAUSE("b3d.poly.merge-valid b3d.poly.orient b3d.poly.walls");
  const BfPolySettings defaults = BfPolySettingsFrom(0.3, 9.6, 0.6, 6);
  const std::vector<BfContour> portal = {
      C(8, 4, {V(6, 6, 0, 7), V(7, 8, 0, 7), V(8, 10), V(8, 4)})};
  const std::vector<Expected> ears = {{0, {{3, W}, {0, N}, {1, N}}}, {0, {{1, N}, {2, W}, {3, N}}}};
  const BfPolyStages tipped = RunOracle(portal, defaults);
  ExpectVertices(tipped.polygons, {{6, 0, 6}, {7, 0, 8}, {8, 0, 10}, {8, 0, 4}});
  ExpectPolygons(tipped.ears, ears, 8, 4);
  ExpectPolygons(tipped.polygons, ears, 8, 4);
  const BfPolyStages exact = RunOracle(portal, Exact(6));
  ExpectPolygons(exact.ears, ears, 8, 4);
  ExpectPolygons(exact.polygons, {{0, {{3, W}, {0, N}, {1, N}, {2, W}}}}, 8, 4);

  const std::vector<BfContour> walls = {C(8, 4, {V(6, 6), V(7, 8, 2), V(8, 10), V(8, 4)})};
  for (const BfPolySettings& s : {defaults, Exact(6)}) {
    const BfPolyStages st = RunOracle(walls, s);
    ExpectVertices(st.polygons, {{6, 0, 6}, {7, 2, 8}, {8, 0, 10}, {8, 0, 4}});
    ExpectPolygons(st.ears, {{0, {{3, W}, {0, W}, {1, N}}}, {0, {{1, W}, {2, W}, {3, N}}}}, 8, 4);
    ExpectPolygons(st.polygons, {{0, {{3, W}, {0, W}, {2, W}}}}, 8, 4);
  }
}

// A spike is no straight vertex (b3d.poly.straight-walls: a reversal is not
// "straight on"), and a fallback clip of a head that is not node 0.
// Contour v0..v5 = (5,5), (5,7), (7,7), (8,7), (6,7), (6,5), rows 0, walls
// (no edge has a reverse: (8,7)→(6,7) is not (8,7)→(7,7)). S = 4 (the
// rectangle [5,6]×[5,7]; the spike along z = 7 has no area).
// Straight walls: v2 (7,7) between (5,7) and (8,7) goes straight on
// (dot 2·1 > 0), rows 0: removed first. Then v3 (8,7) between (5,7) and
// (6,7): cross 0 but dot (8−5)(6−8) = −6 < 0, a reversal: kept; no other
// vertex has cross 0. Nodes 0..4 = (5,5), (5,7), (8,7), (6,7), (6,5) =
// vertices 0..4. Crosses: 2, 6, 0, −4, 2.
// Clip 1: node 0 (4→1, d2 5): cones at 4 (cross(4,1,3) = 2, cross(1,4,0) = 2)
// and at 1 (cross(1,4,0) = 2, cross(4,1,2) = 6); edge 2→3 ((8,7)-(6,7))
// misses (crosses 6 and 2): valid. Node 4 (3→0, d2 5): the end (6,7) lies on
// edge 1→2 ((5,7)-(8,7)), which has no end at (6,7) or (5,5): touches, no.
// Node 1 (0→2) has d2 13. Node 0: triangle (4,0,1) = 4W 0W 1N; head → 1.
// Clip 2 (1,2,3,4): node 1 (4→2): cone at 4 needs cross(4,2,3) =
// cross((6,5),(8,7),(6,7)) = −4 > 0: no. Node 4 (3→1): cone at 1 needs
// cross(3,1,2) = cross((6,7),(5,7),(8,7)) = 0 > 0: no. Nodes 2, 3 have
// cross ≤ 0. No valid ear: the fallback clips the head, node 1
// (degenerateEars 1): triangle (4,1,2), cross 6, emitted: 4N 1W 2N; head →
// 2. Last triangle (2,3,4): cross −4, orient32 < 0: dropped.
// (Crosses 2 + 6 − 4 = 4 = S.) Merge: T0 edge 1→4 with T1's 4→1 (l = 0):
// R = 4W 0W 1W 2N (1 takes T1's flag of 1→2, W); joint 1 between 0 and 2:
// cross((5,5),(5,7),(8,7)) = 6; joint 4 between 2 and 0:
// cross((8,7),(6,5),(5,5)) = 2: valid. One quad 4W 0W 1W 2N.
TEST(PolygonizerOracle, SpikeIsNoStraightVertexAndFallbackClipsTheHead) {
  CLAUSE("b3d.poly.straight-walls b3d.poly.cross b3d.poly.degenerate-ears b3d.poly.ring");
  const std::vector<BfContour> contours = {
      C(7, 2, {V(5, 5), V(5, 7), V(7, 7), V(8, 7), V(6, 7), V(6, 5)})};
  const BfPolyStages st = RunOracle(contours, Exact(6));
  ExpectVertices(st.polygons, {{5, 0, 5}, {5, 0, 7}, {8, 0, 7}, {6, 0, 7}, {6, 0, 5}});
  ExpectPolygons(st.ears, {{0, {{4, W}, {0, W}, {1, N}}}, {0, {{4, N}, {1, W}, {2, N}}}}, 7, 2);
  ExpectPolygons(st.polygons, {{0, {{4, W}, {0, W}, {1, W}, {2, N}}}}, 7, 2);
  EXPECT_EQ(st.polygons.degenerateEars, 1u);
  EXPECT_EQ(st.ears.degenerateEars, 1u);
}

// A proper crossing blocks a diagonal (b3d.poly.diagonal, b3d.poly.cross).
// A self-crossing contour (walls, rows 0), local coordinates (minus 5):
// p (0,0), i (0,2), q (2,2), r (3,0), s (−1,2), nodes 0..4 = vertices 0..4.
// S = 0 + 0 + 4 + 6 − 6 = 4. Crosses: p cross(s,p,i) = −2 (reflex), i 4,
// q 4, r cross(q,r,s) = 6, s cross(r,s,p) = −6.
// Clip 1: node 1 (p→q, d2 8): the cone at the reflex p passes
// (cross(p,q,i) = −4), the cone at q passes (cross(q,p,i) = 4,
// cross(p,q,r) = 6), and the one edge with no end at p or q, r→s, crosses
// (0,0)-(2,2) properly at (1,1) (crosses of r, s against pq: 3−0 > 0 and
// −1−2 < 0 in x − z; of p, q against rs: −6 and 6): not a diagonal. Node 3
// (q→s, d2 9): cone at q needs cross(q,s,i) > 0, it is 0: no. Node 2 (i→r,
// d2 13): cones (cross(i,r,p) = 6, cross(r,i,q) = 4, cross(r,i,q) = 4,
// cross(i,r,s) = 2), edge s→p misses: valid. Triangle (i,q,r) = 1W 2W 3N.
// Clip 2 (p, i, r, s): node 1 (p→r, d2 9): the cone at r needs
// cross(p,r,s) > 0, it is −6; node 3 (i→s, d2 1): the cone at i needs
// cross(i,s,p) > 0, it is −2; p and s have negative cross. No valid ear: the
// head p is clipped (degenerateEars 1), triangle (s,p,i) has cross −2:
// dropped; head → i. Last triangle (i,r,s), cross 2: 1N 3W 4N.
// (Crosses 4 − 2 + 2 = 4 = S.) Merge: T0 edge 3→1 with T1's 1→3: R =
// 1W 2W 3W 4N; joint 3 between q and s: cross 6; joint 1 between s and q:
// cross 0, dot 2 (straight on), not wall-collinear (s's flag is N), orient32
// 0 with exact settings: valid. One quad 1W 2W 3W 4N.
// Without the proper-crossing test node 1 (d2 8) would be clipped first.
TEST(PolygonizerOracle, CrossingEdgeBlocksADiagonal) {
  CLAUSE("b3d.poly.diagonal b3d.poly.cross b3d.poly.degenerate-ears");
  const std::vector<BfContour> contours = {C(9, 9, {V(5, 5), V(5, 7), V(7, 7), V(8, 5), V(4, 7)})};
  const BfPolyStages st = RunOracle(contours, Exact(6));
  ExpectVertices(st.polygons, {{5, 0, 5}, {5, 0, 7}, {7, 0, 7}, {8, 0, 5}, {4, 0, 7}});
  ExpectPolygons(st.ears, {{0, {{1, W}, {2, W}, {3, N}}}, {0, {{1, N}, {3, W}, {4, N}}}}, 9, 9);
  ExpectPolygons(st.polygons, {{0, {{1, W}, {2, W}, {3, W}, {4, N}}}}, 9, 9);
  EXPECT_EQ(st.polygons.degenerateEars, 1u);
}

// Welding across contours and skipping (b3d.poly.api, b3d.poly.weld):
// contour 0 has two vertices: skipped, nothing welded. Contour 1 is the
// square of the worked example at rows 0 (vertices 0..3, one quad 3 0 1 2).
// Contour 2 is the same square at rows 1: each node finds the vertex at its
// corner with row 0, |1 − 0| ≤ 1: welded to 0..3, same quad (merging never
// crosses contours, so it stays a polygon of its own). Contour 3 at rows 2:
// |2 − 0| = 2 > 1, so new vertices 4..7 with row 2, quad 7 4 5 6. Contour 4
// is the square with rows 1, 1, 3, 3: node 0 (5,5) y1 joins vertex 0
// (row 0, the oldest, before vertex 4 with row 2); node 2 (7,7) y3 joins
// vertex 6 (row 2; vertex 2 has row 0), node 3 (7,5) y3 joins vertex 7:
// w = 0, 1, 6, 7, and the square's quad (nodes 3 0 1 2) is 7 0 1 6.
TEST(PolygonizerOracle, WeldAcrossContoursAndSkipShortContours) {
  CLAUSE("b3d.poly.api b3d.poly.weld b3d.poly.order");
  auto square = [](std::int32_t y0, std::int32_t y1, std::int32_t y2, std::int32_t y3) {
    return C(1, 63, {V(5, 5, y0), V(5, 7, y1), V(7, 7, y2), V(7, 5, y3)});
  };
  const std::vector<BfContour> contours = {C(9, 2, {V(20, 20), V(21, 20)}), square(0, 0, 0, 0),
                                           square(1, 1, 1, 1), square(2, 2, 2, 2),
                                           square(1, 1, 3, 3)};
  const BfPolyStages st = RunOracle(contours, Exact(6));
  ExpectVertices(
      st.polygons,
      {{5, 0, 5}, {5, 0, 7}, {7, 0, 7}, {7, 0, 5}, {5, 2, 5}, {5, 2, 7}, {7, 2, 7}, {7, 2, 5}});
  ExpectPolygons(st.polygons,
                 {{1, {{3, W}, {0, W}, {1, W}, {2, W}}},
                  {2, {{3, W}, {0, W}, {1, W}, {2, W}}},
                  {3, {{7, W}, {4, W}, {5, W}, {6, W}}},
                  {4, {{7, W}, {0, W}, {1, W}, {6, W}}}},
                 1, 63);
}

// Generated contour sets: the oracle's result keeps every promise of
// b3d.poly.promise it can check, is deterministic, and the generator is.
TEST(PolygonizerOracle, GeneratedContoursKeepThePromise) {
  CLAUSE("b3d.poly.promise");
  onepath::conformance::GenContoursOptions small;
  const onepath::conformance::GenContoursOptions noisy =
      onepath::conformance::NoisyContoursOptions();
  std::size_t polygons = 0, degenerate = 0, contours = 0;
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    for (int variant = 0; variant < 3; ++variant) {
      BfPolySettings s = variant == 0 ? BfPolySettingsFrom(0.3, 9.6, 0.6, 6)
                         : variant == 1
                             ? BfPolySettingsFrom(0.3, 2.1, 0.6, 3 + static_cast<int>(seed % 4))
                             : BfPolySettingsFrom(0.25, 8.0, 0.5, 6);
      onepath::conformance::GenContoursOptions opt = variant == 1 ? noisy : small;
      if (variant == 1) opt.cells = static_cast<int>(s.tileCells);  // the whole core
      const auto cs = onepath::conformance::GenerateContours(seed, s, opt);
      EXPECT_EQ(cs.size(), onepath::conformance::GenerateContours(seed, s, opt).size());
      BfPolyDiagnostics diag;
      const BfPolyStages st = BruteForcePolygonize(cs, s, &diag);
      ASSERT_EQ(BfCheckPolyPromise(cs, s, st, diag), "")
          << "seed " << seed << " variant " << variant;
      EXPECT_EQ(BruteForcePolyMeshBytes(st.polygons),
                BruteForcePolyMeshBytes(BruteForcePolygonize(cs, s).polygons));
      polygons += st.polygons.polygons.size();
      degenerate += st.polygons.degenerateEars;
      contours += cs.size();
    }
  }
  // The generator makes work: many contours and polygons over the seeds.
  EXPECT_GT(contours, 300u);
  EXPECT_GT(polygons, 300u);
  RecordProperty("contours", std::to_string(contours));
  RecordProperty("polygons", std::to_string(polygons));
  RecordProperty("degenerateEars", std::to_string(degenerate));
}

}  // namespace
