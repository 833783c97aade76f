// The polygon stage on hand-made contour sets (docs/spec/build3d-polygons.md,
// b3d.poly.*), each expected value derived by hand from the clauses in the
// comments, and TileCoordinates (build3d-tiles.md, b3d.tile-coordinates).
//
// Most cases use cells and rows of 1 (b3dtest::UnitSettings: TileCells 4,
// cs = 1, B = 3), where Local(c) = c - 3 exactly, so orient32 has the sign
// of cross. Notation: a corner is written vertex + T (wall) or F.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <ostream>
#include <vector>

#include "conformance/runner/divergence.hpp"
#include "conformance/runner/operations.hpp"
#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/error_fields.hpp"
#include "onepath/build3d.hpp"
#include "onepath/build3d/internal/polygonizer.hpp"
#include "onepath/core/canonical.hpp"

namespace onepath::build3d {

// Readable failures: "c0 r1 a63 [3T 0T 1F]", "(x 5, y 0, z 7)".
void PrintTo(const MeshPolygon& p, std::ostream* os) {
  *os << "c" << p.contour << " r" << p.region << " a" << int{p.area} << " [";
  for (std::size_t k = 0; k < p.corners.size(); ++k)
    *os << (k ? " " : "") << p.corners[k].vertex << (p.corners[k].wall ? "T" : "F");
  *os << "]";
}
void PrintTo(const PolyVertex& v, std::ostream* os) {
  *os << "(x " << v.x << ", y " << v.y << ", z " << v.z << ")";
}
namespace internal {
void PrintTo(const WallVertex& v, std::ostream* os) {
  *os << "(x " << v.x << ", y " << v.y << ", z " << v.z << (v.wall ? ", wall)" : ")");
}
}  // namespace internal

}  // namespace onepath::build3d

using namespace onepath;
using namespace onepath::build3d;
using onepath::b3dtest::ExpectFields;
using onepath::checks::OutOfRangeFields;

namespace {

ContourVertex V(std::uint16_t x, std::uint16_t z, std::uint16_t neighbour = 0,
                std::uint16_t y = 0) {
  return {x, y, z, neighbour, false};
}

NavSettings Unit(std::int64_t maxVerts = 6) {
  NavSettings s = b3dtest::UnitSettings(2, 1, 0, 4);
  s.MaxVertsPerPoly = maxVerts;
  return s;
}

// A polygon from "vertex, wall" pairs.
MeshPolygon Poly(std::uint32_t contour, std::uint16_t region, std::uint8_t area,
                 std::vector<PolyCorner> corners) {
  return {contour, region, area, std::move(corners)};
}

constexpr bool T = true;
constexpr bool F = false;

// The worked example of build3d-polygons.md (B = 5 there; any B gives the
// same cells): the square (5,5) (5,7) (7,7) (7,5), all walls, rows 0.
ContourSet Square() { return {{Contour{1, 63, {V(5, 5), V(5, 7), V(7, 7), V(7, 5)}}}}; }

}  // namespace

// --- b3d.tile-coordinates -----------------------------------------------

TEST(Build3DTileCoordinates, LocalAndLocalY) {
  CLAUSE("b3d.tile-coordinates");
  // Defaults: TileCells 32, cs = 9.6 / 32 (the double 0.3 exactly, 9.6
  // being 32 * 0.3 in binary64), B = 2 + 3 = 5 (b3d.tile-cells, b3d.border).
  const NavSettings s;
  const TileCoordinates t(s, DeriveSettings(s));
  EXPECT_EQ(t.Local(5), 0.0f);
  EXPECT_FALSE(std::signbit(t.Local(5)));
  EXPECT_EQ(t.Local(37), static_cast<float>(9.6));  // f32(TileSize)
  EXPECT_EQ(t.Local(6), 0x1.333334p-2f);            // f32(0.3)
  EXPECT_EQ(t.Local(4), -0x1.333334p-2f);           // f32(-0.3)
  EXPECT_EQ(t.Local(8), 0x1.ccccccp-1f);            // f32(3 * 0.3 = 0.899999...98)
  EXPECT_EQ(t.Local(15), 3.0f);                     // f32(10 * 0.3 = 3)
  EXPECT_EQ(t.LocalY(7, 2), 1.0f);                  // f32((7 - 2) * 0.2), 5 * 0.2 = 1 in binary64
  EXPECT_EQ(t.LocalY(2, 2), 0.0f);
}

// --- b3d.poly.cross ------------------------------------------------------

TEST(Build3DPolygons, CellTests) {
  CLAUSE("b3d.poly.cross");
  using internal::CellCorner;
  // The square's corners turn left (cross 4), b3d.poly.values' example.
  EXPECT_EQ(internal::Cross({5, 5}, {5, 7}, {7, 7}), 4);
  EXPECT_EQ(internal::Cross({5, 7}, {5, 5}, {7, 7}), -4);
  // Straight on needs the same direction: a reversal or a repeat is not.
  EXPECT_TRUE(internal::StraightOn({0, 0}, {0, 2}, {0, 5}));
  EXPECT_FALSE(internal::StraightOn({0, 0}, {0, 2}, {0, 1}));
  EXPECT_FALSE(internal::StraightOn({0, 0}, {0, 0}, {0, 1}));
  // Lies on: both ranges; a zero-length segment holds only its point.
  EXPECT_TRUE(internal::LiesOn({0, 0}, {4, 2}, {2, 1}));
  EXPECT_FALSE(internal::LiesOn({0, 0}, {4, 2}, {6, 3}));
  EXPECT_TRUE(internal::LiesOn({1, 1}, {1, 1}, {1, 1}));
  EXPECT_FALSE(internal::LiesOn({1, 1}, {1, 1}, {1, 2}));
  // Touch: proper crossing, an endpoint on the other, a collinear overlap.
  EXPECT_TRUE(internal::Touch({0, 0}, {2, 2}, {0, 2}, {2, 0}));
  EXPECT_TRUE(internal::Touch({0, 0}, {2, 2}, {1, 1}, {3, 0}));
  EXPECT_TRUE(internal::Touch({0, 0}, {2, 0}, {1, 0}, {3, 0}));
  EXPECT_FALSE(internal::Touch({0, 0}, {2, 0}, {3, 0}, {4, 0}));
  EXPECT_FALSE(internal::Touch({0, 0}, {2, 2}, {0, 1}, {1, 3}));
}

// --- b3d.poly.walls, b3d.poly.straight-walls, b3d.poly.weld ----------------

TEST(Build3DPolygons, WallFlags) {
  CLAUSE("b3d.poly.walls");
  // Neighbour 0 is a wall unless the contour also runs the edge backwards
  // (the bridge (0,0) -> (2,2) and back); neighbour 3 never is.
  const std::vector<ContourVertex> v = {V(0, 0), V(2, 2), V(4, 2, 3), V(4, 4),
                                        V(2, 2), V(0, 0), V(0, 6),    V(6, 6)};
  const std::vector<internal::WallVertex> w = internal::WallVertices(v);
  ASSERT_EQ(w.size(), 8u);
  // Edges: 0->1 bridge (reverse 4->5 exists), 1->2 wall, 2->3 neighbour 3,
  // 3->4 wall, 4->5 bridge, 5->6, 6->7 and 7->0 walls.
  const bool expected[8] = {F, T, F, T, F, T, T, T};
  for (int k = 0; k < 8; ++k) EXPECT_EQ(w[k].wall, expected[k]) << k;
  // Without (6,6) the edges (0,0) -> (0,6) -> (0,0) run both ways: no walls.
  const std::vector<internal::WallVertex> spur =
      internal::WallVertices(std::vector<ContourVertex>(v.begin(), v.end() - 1));
  EXPECT_FALSE(spur[5].wall);
  EXPECT_FALSE(spur[6].wall);
  EXPECT_EQ(w[3].x, 4);
  EXPECT_EQ(w[3].z, 4);
}

TEST(Build3DPolygons, StraightWallsRestartFromTheFirstPosition) {
  CLAUSE("b3d.poly.straight-walls");
  // a (0,0) row 0, b (0,1) row 1, c (0,2) row 2, d (0,4) row yd, then
  // (4,4), (4,0), all walls. b: p = a, n = c, D = 4, T = 2, |1*4 - 2*2| = 0
  // <= 4: removed first (position 1; position 0 turns). Then c has p = a,
  // n = d: D = 16, T = 8, |2*16 - yd*8| <= 16 iff 2 <= yd <= 6.
  const auto ring = [](std::uint16_t yd) {
    return std::vector<internal::WallVertex>{{0, 0, 0, T},  {0, 1, 1, T}, {0, 2, 2, T},
                                             {0, yd, 4, T}, {4, 0, 4, T}, {4, 0, 0, T}};
  };
  std::vector<internal::WallVertex> r = ring(6);
  internal::RemoveStraightWalls(r);
  EXPECT_EQ(r, (std::vector<internal::WallVertex>{
                   {0, 0, 0, T}, {0, 6, 4, T}, {4, 0, 4, T}, {4, 0, 0, T}}));
  // yd = 7: |32 - 56| = 24 > 16, c stays (with its original neighbours b
  // and d it would pass: D = 9, T = 3, |1*9 - 6*3| = 9 <= 9).
  r = ring(7);
  internal::RemoveStraightWalls(r);
  EXPECT_EQ(r, (std::vector<internal::WallVertex>{
                   {0, 0, 0, T}, {0, 2, 2, T}, {0, 7, 4, T}, {4, 0, 4, T}, {4, 0, 0, T}}));
  // A straight vertex whose leaving edge is no wall stays.
  r = ring(6);
  r[1].wall = F;
  r[2].wall = F;
  internal::RemoveStraightWalls(r);
  EXPECT_EQ(r.size(), 6u);
  // Never below three: four collinear wall vertices (0,0) (0,1) (0,2)
  // (0,3) and back: (0,1) and (0,2) go straight on; only one goes.
  std::vector<internal::WallVertex> line = {{0, 0, 0, T}, {0, 0, 1, T}, {0, 0, 2, T}, {0, 0, 3, T}};
  internal::RemoveStraightWalls(line);
  EXPECT_EQ(line, (std::vector<internal::WallVertex>{{0, 0, 0, T}, {0, 0, 2, T}, {0, 0, 3, T}}));
}

TEST(Build3DPolygons, WeldTakesTheOldestVertexWithinOneRow) {
  CLAUSE("b3d.poly.weld");
  const NavSettings s = Unit();
  const TileCoordinates t(s, DeriveSettings(s));
  internal::VertexWelder w(t);
  EXPECT_EQ(w.Weld(1, 5, 1), 0u);
  EXPECT_EQ(w.Weld(1, 7, 1), 1u);  // |7 - 5| = 2: a new vertex
  EXPECT_EQ(w.Weld(1, 6, 1), 0u);  // within one of both: the older
  EXPECT_EQ(w.Weld(1, 8, 1), 1u);
  EXPECT_EQ(w.Weld(2, 5, 1), 2u);  // another place
  EXPECT_EQ(w.Weld(1, 4, 1), 0u);
  ASSERT_EQ(w.vertices().size(), 3u);
  EXPECT_EQ(w.vertices()[0], (PolyVertex{1, 5, 1}));  // its first row kept
  EXPECT_EQ(w.vertices()[1], (PolyVertex{1, 7, 1}));
  EXPECT_EQ(w.Position(2).x, -1.0);  // Local(2) = 2 - B
  EXPECT_EQ(w.Position(2).y, -2.0);
}

// --- one contour ------------------------------------------------------------

TEST(Build3DPolygons, SquareWorkedExample) {
  CLAUSE("b3d.poly.api b3d.poly.ears b3d.poly.ring b3d.poly.merge b3d.poly.merge-ring");
  // The chapter's worked example: triangles (3,0,1) (T,T,F) and (1,2,3)
  // (T,T,F); the one candidate (A 0, edge 1->3, B 1) merges to 3,0,1,2.
  const PolygonizerStages st = Polygonizer::BuildStages(Square(), Unit());
  const std::vector<PolyVertex> vertices = {{5, 0, 5}, {5, 0, 7}, {7, 0, 7}, {7, 0, 5}};
  EXPECT_EQ(st.ears.vertices, vertices);
  EXPECT_EQ(st.ears.polygons, (std::vector<MeshPolygon>{Poly(0, 1, 63, {{3, T}, {0, T}, {1, F}}),
                                                        Poly(0, 1, 63, {{1, T}, {2, T}, {3, F}})}));
  EXPECT_EQ(st.polygons.vertices, vertices);
  EXPECT_EQ(st.polygons.polygons,
            (std::vector<MeshPolygon>{Poly(0, 1, 63, {{3, T}, {0, T}, {1, T}, {2, T}})}));
  EXPECT_EQ(st.polygons.degenerateEars, 0u);
  EXPECT_EQ(Polygonizer::Build(Square(), Unit()), st.polygons);
  // MaxVertsPerPoly 3: |A| + |B| - 2 = 4 > 3, no candidate.
  EXPECT_EQ(Polygonizer::Build(Square(), Unit(3)).polygons, st.ears.polygons);
}

// The L: (0,0) (0,4) (2,4) (2,2) (4,2) (4,0), all walls, S = 24.
// Round 1 (crosses 16, 8, 4, -4, 4, 8): valid ears 1 (diagonal (0,0)-(2,4),
// 20), 2 ((0,4)-(2,2), 8), 4 ((2,2)-(4,0), 8), 5 ((4,2)-(0,0), 20); node 0's
// (4,0)-(0,4) passes through (2,2), touching edge 2->3. Node 2 wins the tie
// at 8: triangle (1,2,3) T,T,F; 1's edge is now the diagonal.
// Round 2 (0,1,3,4,5): 0 still blocked (edge 3->4 at (2,2)); 1: (0,0)-(2,2),
// 8, cone at the reflex 3 holds; 4: 8; 5: 20. Node 1: (0,1,3) T,F,F.
// Round 3 (0,3,4,5): 3 is convex now; 0: (4,0)-(2,2) 8; 3: 20; 4: 8; 5: 20.
// Node 0: (5,0,3) T,F,F, head -> 3. Last: (3,4,5) T,T,F.
// Merging: candidates of length 8: (T0 3->1, T1), (T1 3->0, T2), (T2 3->5,
// T3). The first: R = 1,2,3,0 (3 takes T1's F), joints 1 (cross 8) and
// 3 (cross 4): valid -> [1T,2T,3F,0T]. Then (T0 3->0, T2): R = 0,1,2,3,5,
// joint 3 between (2,4) and (4,0) turns right (cross -4): invalid. (T2,
// T3): R = 5,0,3,4, joints 5 (cross 8) and 3 (cross 4): valid ->
// [5T,0F,3T,4T]. Last candidate (T0 3->0, T2 new): R = 0,1,2,3,4,5,
// joint 3 turns right again: invalid.
ContourSet LShape() {
  return {{Contour{4, 7, {V(0, 0), V(0, 4), V(2, 4), V(2, 2), V(4, 2), V(4, 0)}}}};
}

TEST(Build3DPolygons, LShape) {
  CLAUSE("b3d.poly.ears b3d.poly.diagonal b3d.poly.merge b3d.poly.merge-valid b3d.poly.order");
  const std::vector<MeshPolygon> ears = {
      Poly(0, 4, 7, {{1, T}, {2, T}, {3, F}}), Poly(0, 4, 7, {{0, T}, {1, F}, {3, F}}),
      Poly(0, 4, 7, {{5, T}, {0, F}, {3, F}}), Poly(0, 4, 7, {{3, T}, {4, T}, {5, F}})};
  const PolygonizerStages st = Polygonizer::BuildStages(LShape(), Unit());
  EXPECT_EQ(st.ears.polygons, ears);
  EXPECT_EQ(st.polygons.polygons,
            (std::vector<MeshPolygon>{Poly(0, 4, 7, {{1, T}, {2, T}, {3, F}, {0, T}}),
                                      Poly(0, 4, 7, {{5, T}, {0, F}, {3, T}, {4, T}})}));
  EXPECT_EQ(st.polygons.vertices.size(), 6u);
  EXPECT_EQ(st.polygons.degenerateEars, 0u);
  // MaxVertsPerPoly 3: the triangles stay.
  EXPECT_EQ(Polygonizer::Build(LShape(), Unit(3)).polygons, ears);
}

// A 4 x 4 square with a vertex on its left wall: (0,0) (0,2) (0,4) (4,4)
// (4,0), rows 0 except (0,2).
// Row 1: D = 16, T = 8, |1*16 - 0| = 16 <= 16: removed, never welded; the
// square's result.
// Row 2: |32| > 16, it stays (a bend in height) and is node 1 (cross 0).
// Round 1: ears 0 ((4,0)-(0,2), 20), 2 ((0,2)-(4,4), 20), 3 and 4 (32):
// node 0: (4,0,1) T,T,F. Round 2 (1..4): 1 ((4,0)-(0,4) 32), 2 (20), 3
// (32), 4 ((4,4)-(0,2), 20): node 2: (1,2,3) T,T,F. Last (1,3,4) F,T,F.
// Merging: (E0 1->4, E2) and (E1 3->1, E2), both 20: the first, R =
// 4,0,1,3 (1 takes E2's F), joints 4 (cross 16) and 1 (cross 8) ->
// [4T,0T,1F,3T]. Then (E0 1->3, E1): R = 3,4,0,1,2 with 1 taking E1's T;
// joint 1 between (0,0) and (0,4) goes straight on between two walls: a
// wall-collinear joint, removed (0 gets the wall), R' = 3,4,0,2, whose
// corners 0 (cross 16) and 2 (cross 16) pass -> [3T,4T,0T,2T].
ContourSet StraightWall(std::uint16_t row) {
  return {{Contour{2, 1, {V(0, 0), V(0, 2, 0, row), V(0, 4), V(4, 4), V(4, 0)}}}};
}

TEST(Build3DPolygons, StraightWallRun) {
  CLAUSE("b3d.poly.straight-walls b3d.poly.merge-valid b3d.poly.weld");
  const PolyMesh removed = Polygonizer::Build(StraightWall(1), Unit());
  EXPECT_EQ(removed.vertices,
            (std::vector<PolyVertex>{{0, 0, 0}, {0, 0, 4}, {4, 0, 4}, {4, 0, 0}}));
  EXPECT_EQ(removed.polygons,
            (std::vector<MeshPolygon>{Poly(0, 2, 1, {{3, T}, {0, T}, {1, T}, {2, T}})}));

  const PolygonizerStages kept = Polygonizer::BuildStages(StraightWall(2), Unit());
  EXPECT_EQ(kept.polygons.vertices,
            (std::vector<PolyVertex>{{0, 0, 0}, {0, 2, 2}, {0, 0, 4}, {4, 0, 4}, {4, 0, 0}}));
  EXPECT_EQ(kept.ears.polygons,
            (std::vector<MeshPolygon>{Poly(0, 2, 1, {{4, T}, {0, T}, {1, F}}),
                                      Poly(0, 2, 1, {{1, T}, {2, T}, {3, F}}),
                                      Poly(0, 2, 1, {{1, F}, {3, T}, {4, F}})}));
  EXPECT_EQ(kept.polygons.polygons,
            (std::vector<MeshPolygon>{Poly(0, 2, 1, {{3, T}, {4, T}, {0, T}, {2, T}})}));
}

// The 6 x 6 square with the hole [2,4]^2 merged by a bridge from (0,0) to
// (2,2): nodes 0 (0,0), 1 (2,2), 2 (4,2), 3 (4,4), 4 (2,4), 5 (2,2),
// 6 (0,0), 7 (0,6), 8 (6,6), 9 (6,0); S = 72 - 8 = 64. The bridge edges
// 0->1 and 5->6 are each other's reverse: no walls. Welding: 5 -> vertex
// 1, 6 -> vertex 0; 7, 8, 9 -> vertices 5, 6, 7.
// Round 1: the diagonals of 7, 8 and 9 run through the hole's corners
// (blocked); 0, 1, 5, 6 are valid ears of length 20: node 0, triangle
// (9,0,1) -> vertices (7,0,1) T,F,F, head 1.
// Round 2: 1 ((6,0)-(4,2), 8) -> (7,1,2) F,T,F, head 2.
// Round 3: 2, 5, 6, 9 all 20 -> node 2: (7,2,3) F,T,F, head 3.
// Round 4: 9 ((6,6)-(4,4), 8; the cone at the reflex 3 holds) -> (6,7,3)
// T,F,F.
// Round 5: 3, 5, 6, 8 all 20 -> node 3: (6,3,4) F,T,F, head 4.
// Round 6: 8 ((0,6)-(2,4), 8) -> (5,6,4) T,F,F.
// Round 7: 4, 5, 6, 7 all 20 -> node 4: (5,4,1) F,T,F, head 5. Last:
// nodes 5, 6, 7 -> (1,0,5) F,T,F: this triangle and the first share the
// bridge, 0->1 and 1->0.
// Crosses 12+4+4+12+4+12+4+12 = 64 = S.
// Merging: four candidates of length 20, each valid (the outer corners
// and the hole's corners from outside turn left): (T0 1->7, T1) ->
// [7T,0F,1T,2F]; (T2 3->7, T3) -> [7F,2T,3F,6T]; (T4 4->6, T5) ->
// [6F,3T,4F,5T]; (T6 1->5, T7) -> [5F,4T,1F,0T] (across the bridge).
// The four length-8 candidates left (across the bridge, and at (4,2),
// (4,4), (2,4)) each make a hole corner a joint that turns right: invalid.
ContourSet HoleBridge() {
  return {{Contour{
      3,
      5,
      {V(0, 0), V(2, 2), V(4, 2), V(4, 4), V(2, 4), V(2, 2), V(0, 0), V(0, 6), V(6, 6), V(6, 0)}}}};
}

TEST(Build3DPolygons, HoleBridgeVisitsAVertexTwice) {
  CLAUSE("b3d.poly.walls b3d.poly.diagonal b3d.poly.ears b3d.poly.weld b3d.poly.merge");
  const PolygonizerStages st = Polygonizer::BuildStages(HoleBridge(), Unit());
  EXPECT_EQ(
      st.polygons.vertices,
      (std::vector<PolyVertex>{
          {0, 0, 0}, {2, 0, 2}, {4, 0, 2}, {4, 0, 4}, {2, 0, 4}, {0, 0, 6}, {6, 0, 6}, {6, 0, 0}}));
  EXPECT_EQ(st.ears.polygons, (std::vector<MeshPolygon>{
                                  Poly(0, 3, 5, {{7, T}, {0, F}, {1, F}}),
                                  Poly(0, 3, 5, {{7, F}, {1, T}, {2, F}}),
                                  Poly(0, 3, 5, {{7, F}, {2, T}, {3, F}}),
                                  Poly(0, 3, 5, {{6, T}, {7, F}, {3, F}}),
                                  Poly(0, 3, 5, {{6, F}, {3, T}, {4, F}}),
                                  Poly(0, 3, 5, {{5, T}, {6, F}, {4, F}}),
                                  Poly(0, 3, 5, {{5, F}, {4, T}, {1, F}}),
                                  Poly(0, 3, 5, {{1, F}, {0, T}, {5, F}}),
                              }));
  EXPECT_EQ(st.polygons.polygons, (std::vector<MeshPolygon>{
                                      Poly(0, 3, 5, {{7, T}, {0, F}, {1, T}, {2, F}}),
                                      Poly(0, 3, 5, {{7, F}, {2, T}, {3, F}, {6, T}}),
                                      Poly(0, 3, 5, {{6, F}, {3, T}, {4, F}, {5, T}}),
                                      Poly(0, 3, 5, {{5, F}, {4, T}, {1, F}, {0, T}}),
                                  }));
  EXPECT_EQ(st.polygons.degenerateEars, 0u);
}

// The square (0,0) (0,4) (4,4) (4,0) with a spike to (6,2) from its right
// wall: nodes 0 (0,0), 1 (0,4), 2 (4,4), 3 (4,2), 4 (6,2), 5 (4,2), 6 (4,0).
// The spike's edges are each other's reverse (no walls); 4 reverses (not
// straight on). Welding: 5 -> vertex 3; 6 -> vertex 5.
// Round 1: ears 0 (32), 1 (32), 2 ((0,4)-(4,2), 20), 6 ((4,2)-(0,0), 20):
// node 2 -> (1,2,3) T,T,F. Round 2: 0 (32), 1 ((0,0)-(4,2), 20), 6 (20):
// node 1 -> (0,1,3) T,F,F. Round 3 (0,3,4,5,6): 0's and 6's cones fail
// (the segment ends on a ring neighbour's line: cross 0), 3's diagonal
// (0,0)-(6,2) crosses edge 5->6, 4's is of zero length, 5 is reflex: no
// valid ear, and the fallback finds none either: the head 0 is clipped,
// (6,0,3) -> vertices (5,0,3) T,F,F, emitted (cross 8). Round 4 (3,4,5,6):
// again none -> the head 3: (5,3,4) F,F,F (cross 4). Last (4,5,6) ->
// (4,3,5): cross -4, dropped. degenerateEars 2; clip crosses 8+16+8+4-4 =
// 32 = S.
// Merging (max 6): (E0 3->1, E1) 20 -> [1T,2T,3F,0T]; (E0 3->0, E2) 20:
// R = 0,1,2,3,5, joint 3 between (4,4) and (4,0) goes straight on, its
// leaving edge no wall: not removed, straight on and orient32 0 pass ->
// [0T,1T,2T,3F,5T]; (E0 3->5, E3) 4: R = 5,0,1,2,3,4, joint 3 turns right
// (cross -4): invalid. With max 4: the second is no candidate (5 > 4); (E2
// 3->5, E3): R = 5,0,3,4, joints 5 (cross 8) and 3 (cross 4) -> [5T,0F,3F,4F].
ContourSet Spike() {
  return {{Contour{9, 2, {V(0, 0), V(0, 4), V(4, 4), V(4, 2), V(6, 2), V(4, 2), V(4, 0)}}}};
}

TEST(Build3DPolygons, DegenerateEars) {
  CLAUSE("b3d.poly.degenerate-ears b3d.poly.ears b3d.poly.merge-valid");
  const PolygonizerStages st = Polygonizer::BuildStages(Spike(), Unit());
  EXPECT_EQ(st.ears.polygons,
            (std::vector<MeshPolygon>{
                Poly(0, 9, 2, {{1, T}, {2, T}, {3, F}}), Poly(0, 9, 2, {{0, T}, {1, F}, {3, F}}),
                Poly(0, 9, 2, {{5, T}, {0, F}, {3, F}}), Poly(0, 9, 2, {{5, F}, {3, F}, {4, F}})}));
  EXPECT_EQ(st.ears.degenerateEars, 2u);
  EXPECT_EQ(st.polygons.degenerateEars, 2u);
  EXPECT_EQ(st.polygons.polygons,
            (std::vector<MeshPolygon>{Poly(0, 9, 2, {{0, T}, {1, T}, {2, T}, {3, F}, {5, T}}),
                                      Poly(0, 9, 2, {{5, F}, {3, F}, {4, F}})}));
  EXPECT_EQ(Polygonizer::Build(Spike(), Unit(4)).polygons,
            (std::vector<MeshPolygon>{Poly(0, 9, 2, {{1, T}, {2, T}, {3, F}, {0, T}}),
                                      Poly(0, 9, 2, {{5, T}, {0, F}, {3, F}, {4, F}})}));
}

TEST(Build3DPolygons, CollinearContourFallsBackToTheHead) {
  CLAUSE("b3d.poly.degenerate-ears b3d.poly.weld");
  // (0,0) (0,2) (0,4) (0,2), neighbours 1 (no walls): every cross is 0, so
  // no valid ear; the fallback's segments are of zero length or fail the
  // cones (cross 0 with a neighbour): the head 0 is clipped, (3,0,1) ->
  // vertices (1,0,1), dropped; the last (1,2,3) -> (1,2,1), dropped.
  const ContourSet set{{Contour{1, 1, {V(0, 0, 1), V(0, 2, 1), V(0, 4, 1), V(0, 2, 1)}}}};
  const PolyMesh m = Polygonizer::Build(set, Unit());
  EXPECT_EQ(m.vertices, (std::vector<PolyVertex>{{0, 0, 0}, {0, 0, 2}, {0, 0, 4}}));
  EXPECT_TRUE(m.polygons.empty());
  EXPECT_EQ(m.degenerateEars, 1u);
}

// --- the tile ---------------------------------------------------------------

TEST(Build3DPolygons, TwoContoursShareWeldedVertices) {
  CLAUSE("b3d.poly.weld b3d.poly.order b3d.poly.walls b3d.poly.api");
  // Contour 0 (region 1): the square (0,0) (0,2) (2,2) (2,0), rows 0, its
  // edge (2,2) -> (2,0) towards region 2. As the worked example: (3,0,1)
  // T,T,F and (1,2,3) T,F,F, merged to [3T,0T,1T,2F].
  // Contour 1 (region 2): (2,0) row 1, (2,2) row 3, (4,2), (4,0), its edge
  // (2,0) -> (2,2) towards region 1. (2,0) row 1 welds to vertex 3 (row 0
  // kept); (2,2) row 3 is 3 rows from vertex 2: new vertex 4; then 5, 6.
  // Nodes -> vertices 3, 4, 5, 6: (6,3,4) T,F,F and (4,5,6) T,T,F, merged
  // to [6T,3F,4T,5T].
  const ContourSet set{{Contour{1, 63, {V(0, 0), V(0, 2), V(2, 2, 2), V(2, 0)}},
                        Contour{2, 63, {V(2, 0, 1, 1), V(2, 2, 0, 3), V(4, 2), V(4, 0)}}}};
  const PolyMesh m = Polygonizer::Build(set, Unit());
  EXPECT_EQ(m.vertices,
            (std::vector<PolyVertex>{
                {0, 0, 0}, {0, 0, 2}, {2, 0, 2}, {2, 0, 0}, {2, 3, 2}, {4, 0, 2}, {4, 0, 0}}));
  EXPECT_EQ(m.polygons,
            (std::vector<MeshPolygon>{Poly(0, 1, 63, {{3, T}, {0, T}, {1, T}, {2, F}}),
                                      Poly(1, 2, 63, {{6, T}, {3, F}, {4, T}, {5, T}})}));
}

TEST(Build3DPolygons, ShortContoursAreSkipped) {
  CLAUSE("b3d.poly.api b3d.poly.order");
  // Contour 0 has two vertices: not welded, no polygon; the square keeps
  // its contour index 1.
  ContourSet set{{Contour{8, 3, {V(9, 9), V(9, 11)}}, Square().contours[0]}};
  const PolyMesh m = Polygonizer::Build(set, Unit());
  EXPECT_EQ(m.vertices.size(), 4u);
  EXPECT_EQ(m.vertices[0], (PolyVertex{5, 0, 5}));
  EXPECT_EQ(m.polygons,
            (std::vector<MeshPolygon>{Poly(1, 1, 63, {{3, T}, {0, T}, {1, T}, {2, T}})}));
  EXPECT_EQ(Polygonizer::Build(ContourSet{}, Unit()), PolyMesh{});
}

// --- float32 positions ------------------------------------------------------

// Default settings: B = 5, cs = 0.3, Local(c) = f32((c - 5) * 0.3). The
// corners A (5,6), J (6,8), C (7,10) are collinear in cells, but their
// positions (0, f32 0.3), (f32 0.3, f32 0.9), (f32 0.6, 1.5) turn right:
// cross = 0.6000000238 * (0.8999999762 - 0.3000000119) - 0.3000000119 *
// (1.5 - 0.3000000119) < 0 (exact rationals of the float32 values, Python
// fractions). One row up, (5,7) (6,9) (7,11) turn left ((0, f32 0.6),
// (f32 0.3, f32 1.2), (f32 0.6, f32 1.8)).
TEST(Build3DPolygons, Float32TipsACollinearTriangle) {
  CLAUSE("b3d.poly.orient b3d.poly.ears");
  const NavSettings s;
  // Three vertices: only the last triangle, emitted when orient32 > 0.
  const ContourSet left{{Contour{1, 1, {V(5, 7, 2), V(6, 9, 2), V(7, 11, 2)}}}};
  EXPECT_EQ(Polygonizer::Build(left, s).polygons,
            (std::vector<MeshPolygon>{Poly(0, 1, 1, {{0, F}, {1, F}, {2, F}})}));
  const ContourSet right{{Contour{1, 1, {V(5, 6, 2), V(6, 8, 2), V(7, 10, 2)}}}};
  const PolyMesh m = Polygonizer::Build(right, s);
  EXPECT_TRUE(m.polygons.empty());
  EXPECT_EQ(m.vertices.size(), 3u);
}

// A, J, C as above and D = (9, dz) (dz = 6 or 7 with A's row), neighbours
// 2 (no walls): turns 8 at A, 0 at J, 8 at C, 16 at D. Ears 0 (D-J, 13)
// and 2 (J-D, 13) tie; D's cone at C fails (C, A, J collinear). Node 0:
// (D,A,J) -> (3,0,1) F,F,F; last (1,2,3) F,F,F. The one candidate (edge
// 1->3) has R = 3,0,1,2, joint J between A and C straight on and no wall:
// valid only if orient32(A, J, C) >= 0.
TEST(Build3DPolygons, Float32RefusesAMergeThatTurnsRight) {
  CLAUSE("b3d.poly.orient b3d.poly.merge-valid");
  const NavSettings s;
  const auto quad = [](std::uint16_t z0) {
    return ContourSet{
        {Contour{1, 1, {V(5, z0, 2), V(6, z0 + 2, 2), V(7, z0 + 4, 2), V(9, z0, 2)}}}};
  };
  const PolygonizerStages right = Polygonizer::BuildStages(quad(6), s);
  const std::vector<MeshPolygon> triangles = {Poly(0, 1, 1, {{3, F}, {0, F}, {1, F}}),
                                              Poly(0, 1, 1, {{1, F}, {2, F}, {3, F}})};
  EXPECT_EQ(right.ears.polygons, triangles);
  EXPECT_EQ(right.polygons.polygons, triangles);
  EXPECT_EQ(Polygonizer::Build(quad(7), s).polygons,
            (std::vector<MeshPolygon>{Poly(0, 1, 1, {{3, F}, {0, F}, {1, F}, {2, F}})}));
}

// --- values and errors ------------------------------------------------------

TEST(Build3DPolygons, CanonicalBytes) {
  CLAUSE("b3d.poly.values");
  PolyMesh m;
  m.vertices = {{1, 2, 3}};
  m.polygons = {Poly(5, 0x0102, 7, {{0, T}, {0x01020304, F}})};
  m.degenerateEars = 9;
  const std::vector<std::uint8_t> expected = {
      1, 0, 0, 0, 1, 0, 2, 0, 3, 0,              // 1 vertex: x 1, y 2, z 3
      1, 0, 0, 0, 5, 0, 0, 0, 2, 1, 7,           // 1 polygon: contour 5, region, area 7
      2, 0, 0, 0, 0, 0, 0, 0, 1, 4, 3, 2, 1, 0,  // 2 corners: (0, wall) (0x01020304, no)
      9, 0, 0, 0};                               // degenerateEars
  EXPECT_EQ(CanonicalBytes(m), expected);
}

TEST(Build3DPolygons, OnlySettingsErrors) {
  CLAUSE("b3d.poly.errors b3d.settings-checks");
  NavSettings s = Unit(7);
  ExpectFields(OutOfRangeFields([&] { Polygonizer::Build(Square(), s); }),
               {.value = 7.0, .setting = "MaxVertsPerPoly"});
  s.MaxVertsPerPoly = 2;
  ExpectFields(OutOfRangeFields([&] { Polygonizer::BuildStages(Square(), s); }),
               {.value = 2.0, .setting = "MaxVertsPerPoly"});
  s.CellSize = 0.0;  // the first setting out of range
  ExpectFields(OutOfRangeFields([&] { Polygonizer::Build(Square(), s); }),
               {.value = 0.0, .setting = "CellSize"});
  // Any contour set is accepted: huge corners, wild rows, repeated points.
  const ContourSet odd{{Contour{
      65535, 255, {V(65535, 65535, 0, 65535), V(0, 0, 0, 0), V(0, 0, 0, 0), V(65535, 0, 5, 0)}}}};
  EXPECT_NO_THROW(Polygonizer::Build(odd, Unit()));
}

// --- the runner's operation (conformance/runner/ops/build3d_polygons.cpp) --

TEST(Build3DPolygons, RunnerOperationAndStages) {
  CLAUSE("b3d.poly.api b3d.poly.values");
  using nlohmann::json;
  namespace rc = onepath::conformance;
  // The worked example through the runner: contours as Trace's output
  // decodes them, unit settings (TileCells 4, B 3).
  const json settings = {{"CellSize", 1.0},
                         {"CellHeight", 1.0},
                         {"TileSize", 4.0},
                         {"OriginX", 0.0},
                         {"OriginZ", 0.0},
                         {"AgentHeight", 2.0},
                         {"AgentRadius", 0.0},
                         {"AgentMaxClimb", 1.0},
                         {"AgentMaxSlopeDegrees", 45.0},
                         {"Partition", 0},
                         {"MinRegionArea", 0},
                         {"MergeRegionArea", 0},
                         {"ContourMaxError", 1.3},
                         {"MaxEdgeLength", 12.0},
                         {"MaxVertsPerPoly", 6},
                         {"DetailSampleDistance", 1.8},
                         {"DetailMaxError", 0.2},
                         {"MaxLocalExtent", 4194304.0},
                         {"Area", 63},
                         {"Flags", 1}};
  const json input = {
      {"contours",
       {{{"region", 1},
         {"area", 63},
         {"vertices", {{5, 0, 5, 0, 0}, {5, 0, 7, 0, 0}, {7, 0, 7, 0, 0}, {7, 0, 5, 0, 0}}}}}},
      {"settings", settings}};
  const PolygonizerStages st = Polygonizer::BuildStages(Square(), Unit());
  EXPECT_EQ(rc::RunOperation("Polygonizer.Build", input), CanonicalBytes(st.polygons));
  const json stages = rc::RunStages("Polygonizer.Build", input);
  EXPECT_EQ(stages.at("ears"), ToHex(CanonicalBytes(st.ears)));
  EXPECT_EQ(stages.at("polygons"), ToHex(CanonicalBytes(st.polygons)));
  const json mesh =
      rc::DecodeOutput("Polygonizer.Build", rc::RunOperation("Polygonizer.Build", input));
  EXPECT_EQ(mesh, (json{{"vertices", {{5, 0, 5}, {5, 0, 7}, {7, 0, 7}, {7, 0, 5}}},
                        {"polygons",
                         {{{"contour", 0},
                           {"region", 1},
                           {"area", 63},
                           {"corners", {{3, 1}, {0, 1}, {1, 1}, {2, 1}}}}}},
                        {"degenerateEars", 0}}));
  json wrong = mesh;
  wrong["polygons"][0]["corners"][2][1] = 0;
  const auto d = rc::DivergeOutputs("Polygonizer.Build", mesh, wrong);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->stage, "polygons");
  EXPECT_EQ(d->kind, "other polygons");
  EXPECT_NE(d->where.find("polygon 0 (contour 0), corner 2: [1,0], expected [1,1]"),
            std::string::npos)
      << d->where;
  // MaxVertsPerPoly 7: the settings error (b3d.poly.errors).
  json bad = input;
  bad["settings"]["MaxVertsPerPoly"] = 7;
  EXPECT_THROW(rc::RunOperation("Polygonizer.Build", bad), ArgumentOutOfRangeException);
}
