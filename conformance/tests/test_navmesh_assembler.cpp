// NavTileAssembler on hand-made polygons (docs/spec/navmesh-format.md,
// nav.assemble): in-tile adjacency (exactly two edges, opposite
// directions), portal sides by the bitwise test, walls near a side, the
// world-to-local conversion of FromPolygons, and errors left to Create.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/navmesh.hpp"

using namespace onepath;
using namespace onepath::navmesh;
using onepath::b3dtest::ExpectFields;

namespace {

// One detail entry per polygon: one triangle on its first three corners,
// all edges on the boundary (flags 7) — valid for any polygon here
// (nav.create checks ranges and flags only).
struct Detail {
  std::vector<DetailPolygon> polygons;
  std::vector<DetailTriangle> triangles;
};
Detail OneTriangleEach(std::size_t n) {
  Detail d;
  for (std::size_t p = 0; p < n; ++p) {
    d.polygons.push_back({0, 0, static_cast<std::uint32_t>(p), 1});
    d.triangles.push_back({0, 1, 2, 7});
  }
  return d;
}

NavTile Local(std::vector<TileVertex> v, const std::vector<AssemblerPolygon>& polygons,
              float tileSize = 4.0f) {
  const Detail d = OneTriangleEach(polygons.size());
  return NavTileAssembler::FromLocalPolygons(3, 4, 2, {1.0, 2.0, 3.0}, tileSize, std::move(v),
                                             polygons, d.polygons, {}, d.triangles);
}

constexpr EdgeLink kWall{kLinkWall, 0};
EdgeLink Poly(std::uint32_t p) { return {kLinkPolygon, p}; }
EdgeLink Side(std::uint32_t s) { return {kLinkPortal, s}; }

}  // namespace

// The tile square 0 .. 4 (x, z) split on the diagonal v0-v2:
//   v0 (x 0, z 0), v1 (0, 4), v2 (4, 4), v3 (4, 0).
// P0 = v0 v1 v2 (on (z, x): (0,0), (4,0), (4,4), turn 16 > 0), P1 = v0 v2 v3.
// P0: edge 0 v0->v1 x = +0 at both: side 0; edge 1 v1->v2 z = 4 at both:
// side 3; edge 2 v2->v0 and P1's edge 0 v0->v2: the pair {0, 2} twice,
// opposite, two polygons: linked. P1: edge 1 v2->v3 x = 4: side 2; edge 2
// v3->v0 z = +0: side 1. Area and flags passed through.
TEST(NavAssembler, AdjacencyAndSides) {
  CLAUSE("nav.assemble");
  const NavTile t =
      Local({{0, 0, 0}, {0, 1, 4}, {4, 2, 4}, {4, 3, 0}}, {{{0, 1, 2}, 5, 9}, {{0, 2, 3}, 63, 1}});
  EXPECT_EQ(t.tileX(), 3);
  EXPECT_EQ(t.tileZ(), 4);
  EXPECT_EQ(t.layer(), 2);
  EXPECT_EQ(t.polygons()[0].links, (std::vector<EdgeLink>{Side(0), Side(3), Poly(1)}));
  EXPECT_EQ(t.polygons()[1].links, (std::vector<EdgeLink>{Poly(0), Side(2), Side(1)}));
  EXPECT_EQ(t.polygons()[0].area, 5);
  EXPECT_EQ(t.polygons()[0].flags, 9);
  EXPECT_EQ(t.polygons()[1].area, 63);
}

// Near a side is not on it: v1 and v0 at x = 2^-24 (not +0), v2 and v3
// at x = nextafter(4, 0) instead of 4: edges 0 of P0 and 1 of P1 become
// walls; z = 0 and z = 4 keep sides 3 and 1.
TEST(NavAssembler, WallNearASideStaysAWall) {
  CLAUSE("nav.assemble");
  const float e = 0x1p-24f;
  const float m = std::nextafter(4.0f, 0.0f);
  const NavTile t =
      Local({{e, 0, 0}, {e, 1, 4}, {m, 2, 4}, {m, 3, 0}}, {{{0, 1, 2}, 1, 1}, {{0, 2, 3}, 1, 1}});
  EXPECT_EQ(t.polygons()[0].links, (std::vector<EdgeLink>{kWall, Side(3), Poly(1)}));
  EXPECT_EQ(t.polygons()[1].links, (std::vector<EdgeLink>{Poly(0), kWall, Side(1)}));
}

// Interior edges, tile size 4, no vertex on a side but v4 (z = 4):
//   v0 (x 1, z 1), v1 (1, 3), v2 (3, 3), v3 (0.5, 2), v4 (1.5, 4), v5 (2, 3.5).
// Turns on (z, x) (nav.orient), each positive:
//   A = v0 v1 v2: (1,1), (3,1), (3,3): (2,0) x (2,2) = 4;
//   B = v3 v1 v2: (2,0.5), (3,1), (3,3): (1,0.5) x (1,2.5) = 2;
//   C = v2 v1 v4: (3,3), (3,1), (4,1.5): (0,-2) x (1,-1.5) = 2;
//   D = v2 v1 v5: (3,3), (3,1), (3.5,2): (0,-2) x (0.5,-1) = 1.
// A and B: {1, 2} twice, both 1->2 (same direction): no link, all walls.
// A and C: A's 1->2 and C's 2->1: linked (A edge 1, C edge 0); C's edges
// 1->4 and 4->2 have z 3 and 4: walls. A, C and D: {1, 2} three times:
// none linked, all walls.
TEST(NavAssembler, SharedEdgeRules) {
  CLAUSE("nav.assemble");
  const std::vector<TileVertex> v = {{1, 0, 1},    {1, 0, 3},    {3, 0, 3},
                                     {0.5f, 0, 2}, {1.5f, 0, 4}, {2, 0, 3.5f}};
  const NavTile same = Local(v, {{{0, 1, 2}, 1, 1}, {{3, 1, 2}, 1, 1}});
  for (const auto& p : same.polygons())
    EXPECT_EQ(p.links, (std::vector<EdgeLink>{kWall, kWall, kWall}));
  const NavTile pair = Local(v, {{{0, 1, 2}, 1, 1}, {{2, 1, 4}, 1, 1}});
  EXPECT_EQ(pair.polygons()[0].links, (std::vector<EdgeLink>{kWall, Poly(1), kWall}));
  EXPECT_EQ(pair.polygons()[1].links, (std::vector<EdgeLink>{Poly(0), kWall, kWall}));
  const NavTile three = Local(v, {{{0, 1, 2}, 1, 1}, {{2, 1, 4}, 1, 1}, {{2, 1, 5}, 1, 1}});
  for (const auto& p : three.polygons())
    EXPECT_EQ(p.links, (std::vector<EdgeLink>{kWall, kWall, kWall}));
}

// FromPolygons: origin (10, 0, -0.5) in world units, tile size 2. World
// x 10 -> f32(10 - 10) + 0 = +0 (side 0); x 12 -> 2 = tileSize (side 2);
// z -0.5 -> +0, z 1.5 -> 2. y -0 with origin y +0: -0 - +0 = -0, + 0 ->
// +0 (Create rejects -0, so this tile exists only because of the + 0).
// The square (10, -0.5), (10, 1.5), (12, 1.5), (12, -0.5) as one polygon:
// sides 0, 3, 2, 1. A detail vertex at world (11, 0.25, 0.5) -> (1, 0.25,
// 1). World x 10 + 2^-30 is 2^-30 locally: not on side 0.
TEST(NavAssembler, FromPolygonsConvertsToLocal) {
  CLAUSE("nav.assemble");
  const std::vector<WorldVertex> w = {{10, -0.0, -0.5}, {10, 1, 1.5}, {12, 1, 1.5}, {12, 0, -0.5}};
  const std::vector<AssemblerPolygon> polygons = {{{0, 1, 2, 3}, 3, 4}};
  const std::vector<WorldVertex> dw = {{11, 0.25, 0.5}};
  const NavTile t = NavTileAssembler::FromPolygons(0, 0, 0, {10, 0, -0.5}, 2.0f, w, polygons,
                                                   {{0, 1, 0, 1}}, dw, {{0, 1, 4, 7}});
  EXPECT_EQ(t.vertices(), (std::vector<TileVertex>{{0, 0, 0}, {0, 1, 2}, {2, 1, 2}, {2, 0, 0}}));
  EXPECT_FALSE(std::signbit(t.vertices()[0].y));
  EXPECT_EQ(t.polygons()[0].links, (std::vector<EdgeLink>{Side(0), Side(3), Side(2), Side(1)}));
  EXPECT_EQ(t.detailVertices(), (std::vector<TileVertex>{{1, 0.25f, 1}}));

  std::vector<WorldVertex> off = w;
  off[0].x = off[1].x = 10 + 0x1p-30;
  const NavTile u = NavTileAssembler::FromPolygons(0, 0, 0, {10, 0, -0.5}, 2.0f, off, polygons,
                                                   {{0, 1, 0, 1}}, dw, {{0, 1, 4, 7}});
  EXPECT_EQ(u.vertices()[0].x, 0x1p-30f);
  EXPECT_EQ(u.polygons()[0].links, (std::vector<EdgeLink>{kWall, Side(3), Side(2), Side(1)}));
}

// No check of the assembler's own: a corner index out of range is on no
// side and Create reports it (argument "polygons", polygon, vertex,
// value); a local coordinate outside the tile is Create's error with the
// local value (world x 13 -> local 3 > 2).
TEST(NavAssembler, ErrorsAreCreates) {
  CLAUSE("nav.assemble");
  try {
    Local({{0, 0, 0}, {0, 1, 4}, {4, 2, 4}}, {{{0, 1, 7}, 1, 1}});
    ADD_FAILURE() << "no exception";
  } catch (const ArgumentOutOfRangeException& e) {
    ExpectFields(
        e.fields(),
        {.argument = "polygons", .vertex = 2, .value = 7, .tileX = 3, .tileZ = 4, .polygon = 0});
  }
  try {
    const std::vector<WorldVertex> w = {{10, 0, 0}, {10, 0, 1}, {13, 0, 1}};
    const std::vector<AssemblerPolygon> polygons = {{{0, 1, 2}, 1, 1}};
    NavTileAssembler::FromPolygons(0, 0, 0, {10, 0, 0}, 2.0f, w, polygons, {{0, 0, 0, 1}}, {},
                                   {{0, 1, 2, 7}});
    ADD_FAILURE() << "no exception";
  } catch (const ArgumentOutOfRangeException& e) {
    ExpectFields(e.fields(),
                 {.argument = "vertices.x", .vertex = 2, .value = 3, .tileX = 0, .tileZ = 0});
  }
}

// More than six corners (nav.limits) are nav.create 3.1's error, which the
// assembler throws before storing a polygon: polygon 1 of 7 corners (on
// the square's boundary, v0 .. v6 all distinct) gives its count; polygon 0
// clockwise before it gives nav.convex's error for polygon 0 instead (on
// (z, x): v0 (0,0), v2 (4,4), v1 (4,0): (4 - 0)(0 - 0) - (4 - 0)(4 - 0)
// = -16 < 0, corner 2 right of edge 0); a bad vertex before both gives
// nav.create 2's.
TEST(NavAssembler, MoreThanSixCornersIsCreatesCountErrorInItsOrder) {
  CLAUSE("nav.assemble nav.create nav.limits");
  std::vector<TileVertex> v = {{0, 0, 0}, {0, 0, 4}, {4, 0, 4}, {4, 0, 0},
                               {2, 0, 0}, {1, 0, 0}, {0, 0, 2}};
  const AssemblerPolygon seven{{0, 6, 1, 2, 3, 4, 5}, 1, 1};
  const auto expect = [&](const std::vector<TileVertex>& vertices, const AssemblerPolygon& first,
                          const ErrorFields& fields) {
    try {
      Local(vertices, {first, seven});
      ADD_FAILURE() << "no exception";
    } catch (const OnePathException& e) {
      ExpectFields(e.fields(), fields);
    }
  };
  expect(v, {{0, 1, 2}, 1, 1},
         {.argument = "polygons", .tileX = 3, .tileZ = 4, .count = 7, .polygon = 1});
  expect(v, {{0, 2, 1}, 1, 1},
         {.argument = "convex", .vertex = 2, .edge = 0, .tileX = 3, .tileZ = 4, .polygon = 0});
  v[1].x = 5;  // beyond tileSize 4: vertices.x of vertex 1
  expect(v, {{0, 1, 2}, 1, 1},
         {.argument = "vertices.x", .vertex = 1, .value = 5, .tileX = 3, .tileZ = 4});
}
