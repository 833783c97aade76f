// The path query on hand-made tiles (docs/spec/navmesh-format.md,
// nav.query.*): nearest polygons, heights, corridors, costs and straight
// paths worked out by hand in the comments, and every error of the query
// with its type and fields.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/navmesh_query_util.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/navmesh.hpp"

using namespace onepath;
using namespace onepath::navmesh;
using namespace onepath::querytest;
using onepath::b3dtest::ExpectFields;

namespace {

// The L: one tile (0, 0), origin (0, 0, 0), size 8, y 0 everywhere.
//   vertices (x, z): 0 (0,0) 1 (0,2) 2 (2,2) 3 (2,0) 4 (4,0) 5 (4,2) 6 (2,4) 7 (4,4)
//                    8 (6,0) 9 (6,2) 10 (8,2) 11 (8,0)
//   P0 = 0,1,2,3 (x 0..2, z 0..2); edge 2 (2,2)->(2,0) links P1.
//   P1 = 3,2,5,4 (x 2..4, z 0..2); edge 0 (2,0)->(2,2) links P0, edge 1
//        (2,2)->(4,2) links P2.
//   P2 = 2,6,7,5 (x 2..4, z 2..4); edge 3 (4,2)->(2,2) links P1.
//   P3 = 8,9,10,11 (x 6..8, z 0..2), walls only: an island.
// Counter-clockwise under nav.orient (on (z, x)): P0's (0,0), (2,0), (2,2)
// in (z, x) turn left (2·2 − 0·2 = 4 > 0), and likewise for the others.
NavTile LTile() {
  std::vector<TileVertex> v = {{0, 0, 0}, {0, 0, 2}, {2, 0, 2}, {2, 0, 0}, {4, 0, 0}, {4, 0, 2},
                               {2, 0, 4}, {4, 0, 4}, {6, 0, 0}, {6, 0, 2}, {8, 0, 2}, {8, 0, 0}};
  return MakeTile(0, 0, {0, 0, 0}, 8.0f, v,
                  {{{0, 1, 2, 3}, {Portal(kSideX0), Wall(), Poly(1), Portal(kSideZ0)}},
                   {{3, 2, 5, 4}, {Poly(0), Poly(2), Wall(), Portal(kSideZ0)}},
                   {{2, 6, 7, 5}, {Wall(), Wall(), Wall(), Poly(1)}},
                   {{8, 9, 10, 11}, {Wall(), Wall(), Portal(kSideXMax), Portal(kSideZ0)}}});
}

PolygonRef L(std::uint32_t p) { return {{0, 0, 0}, p}; }

// Two tiles side by side, size 4. A = tile (0, 0) at origin (0, 0, 0): one
// square A0 = (0,0) (0,4) (4,4) (4,0), edge 2 (4,4)->(4,0) a portal on side
// 2. B = tile (1, 0) at origin (4, 0, 0): B0 = (0,0) (0,2) (4,2) (4,0),
// B1 = (0,2) (0,4) (4,4) (4,2) (local), sharing (0,2)-(4,2); their edge 0
// lies on side 0. The links: A0 to B0 over z in [0, 2], A0 to B1 over
// [2, 4], and back.
NavTile TileA() {
  return MakeTile(0, 0, {0, 0, 0}, 4.0f, {{0, 0, 0}, {0, 0, 4}, {4, 0, 4}, {4, 0, 0}},
                  {{{0, 1, 2, 3}, {Wall(), Wall(), Portal(kSideXMax), Wall()}}});
}
NavTile TileB() {
  return MakeTile(1, 0, {4, 0, 0}, 4.0f,
                  {{0, 0, 0}, {0, 0, 2}, {4, 0, 2}, {4, 0, 0}, {0, 0, 4}, {4, 0, 4}},
                  {{{0, 1, 2, 3}, {Portal(kSideX0), Poly(1), Wall(), Wall()}},
                   {{1, 4, 5, 2}, {Portal(kSideX0), Wall(), Wall(), Poly(0)}}});
}
const TileKey kA{0, 0, 0};
const TileKey kB{1, 0, 0};
std::vector<PortalLink> TwoTileLinks() {
  return {{kA, 0, 2, kB, 0, 0, 0.0f, 2.0f},
          {kA, 0, 2, kB, 1, 0, 2.0f, 4.0f},
          {kB, 0, 0, kA, 0, 2, 0.0f, 2.0f},
          {kB, 1, 0, kA, 0, 2, 2.0f, 4.0f}};
}

struct Thrown {
  std::string type;
  ErrorFields fields;
};
Thrown Catch(const std::function<void()>& call) {
  try {
    call();
  } catch (const OnePathException& e) {
    return {e.typeName(), e.fields()};
  }
  ADD_FAILURE() << "nothing thrown";
  return {};
}
// ExpectFields compares every field but the layer; the layer here.
void ExpectError(const std::function<void()>& call, const std::string& type, ErrorFields fields) {
  const Thrown t = Catch(call);
  EXPECT_EQ(t.type, type);
  ExpectFields(t.fields, fields);
  EXPECT_EQ(t.fields.layer, fields.layer);
}
const std::string AE = "ArgumentException";
const std::string AOORE = "ArgumentOutOfRangeException";
const double kNaN = std::numeric_limits<double>::quiet_NaN();

void ExpectPoints(const std::vector<WorldPoint>& got, const std::vector<WorldPoint>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].x, want[i].x) << i;
    EXPECT_EQ(got[i].y, want[i].y) << i;
    EXPECT_EQ(got[i].z, want[i].z) << i;
  }
}

TEST(NavQuery, LShapedCorridorBendsAtTheInnerCorner) {
  CLAUSE("nav.query.astar nav.query.portal nav.query.straight nav.query.closest");
  NavMesh mesh;
  mesh.AddTile(LTile());
  const NavQuery query(mesh, {});
  const WorldPoint start{0.5, 0, 1}, goal{3, 0, 3.5};
  // States: 0 start (P0 at (0.5, 0, 1)); steps in polygon order: P0 edge 2
  // -> P1 (state 1), P1 edge 0 -> P0 (2), P1 edge 1 -> P2 (3), P2 edge 3
  // -> P1 (4). State 1 at the midpoint (2, 0, 1): g = dist = 1.5. State 3
  // at (3, 0, 2): g = 1.5 + sqrt(1 + 1), and P2 is the goal, so plus
  // dist((3,0,2), (3,0,3.5)) = 1.5. Popped before anything cheaper could
  // reach P2: found.
  const PathResult path = query.FindPath(L(0), L(2), start, goal, 100);
  EXPECT_EQ(path.status, PathStatus::kFound);
  EXPECT_EQ(path.corridor, (std::vector<PolygonRef>{L(0), L(1), L(2)}));
  EXPECT_EQ(path.cost, (1.5 + std::sqrt(2.0)) + 1.5);
  // Portals: P0 -> P1 (edge 2: corner 3 (2,0) left, corner 2 (2,2) right);
  // P1 -> P2 (edge 1: corner 2 of P1 = vertex 5 (4,2) left, vertex 2 (2,2)
  // right); then (e, e). Funnel from s = (0.5, 1): portal 0 opens it to
  // L (2,0), R (2,2); portal 1: r = (2,2) keeps R, l = (4,2) narrows L
  // (orient(s, (2,2), (4,2)) = (2−1)(4−0.5) − (2−0.5)(2−1) = 2 > 0);
  // portal 2: e = (3, 3.5) lies right of s -> R (orient −1.25 < 0) and
  // left of s -> L, on the left test R (2,2) becomes the corner. Then
  // from (2,2) straight to e.
  ExpectPoints(query.FindStraightPath(start, goal, path.corridor),
               {{0.5, 0, 1}, {2, 0, 2}, {3, 0, 3.5}});
  // A goal in sight: one segment, start and goal only.
  ExpectPoints(query.FindStraightPath({0.5, 0, 1}, {3.5, 0, 1.5}, std::vector{L(0), L(1)}),
               {{0.5, 0, 1}, {3.5, 0, 1.5}});
}

TEST(NavQuery, StartInTheGoalPolygon) {
  CLAUSE("nav.query.astar nav.query.straight");
  NavMesh mesh;
  mesh.AddTile(LTile());
  const NavQuery query(mesh, {});
  // g = dist((0.5,0,1), (1.5,0,0.5)) = sqrt(1 + 0.25), the start state is
  // the goal's: found at once.
  const PathResult path = query.FindPath(L(0), L(0), {0.5, 0, 1}, {1.5, 0, 0.5}, 1);
  EXPECT_EQ(path.status, PathStatus::kFound);
  EXPECT_EQ(path.corridor, std::vector<PolygonRef>{L(0)});
  EXPECT_EQ(path.cost, std::sqrt(1.25));
  ExpectPoints(query.FindStraightPath({0.5, 0, 1}, {1.5, 0, 0.5}, path.corridor),
               {{0.5, 0, 1}, {1.5, 0, 0.5}});
  // Start and goal equal in (x, z): one point.
  ExpectPoints(query.FindStraightPath({1, 0, 1}, {1, 5, 1}, path.corridor), {{1, 0, 1}});
}

TEST(NavQuery, UnreachableAndPartial) {
  CLAUSE("nav.query.astar");
  NavMesh mesh;
  mesh.AddTile(LTile());
  const NavQuery query(mesh, {});
  const WorldPoint start{0.5, 0, 1}, goal{7, 0, 1};
  // P3 is an island. The search creates every state of P0, P1, P2; h =
  // 0.999·dist to (7, 0, 1): state 0 6.5, states 1, 2 at (2,0,1) 5,
  // states 3, 4 at (3,0,2) sqrt(17). Best: h sqrt(17), then g: state 3
  // g = 1.5 + sqrt(2), state 4 (P1 entered back from P2 at the same
  // midpoint) g = that + 0: equal, so the smaller number, state 3 (P2).
  const PathResult none = query.FindPath(L(0), L(3), start, goal, 100);
  EXPECT_EQ(none.status, PathStatus::kUnreachable);
  EXPECT_EQ(none.corridor, (std::vector<PolygonRef>{L(0), L(1), L(2)}));
  EXPECT_EQ(none.cost, 1.5 + std::sqrt(2.0));
  // maxNodes 2: the start and state 1; expanding P1 skips states 2 and 3
  // (out of nodes). Best of {0, 1}: state 1 (h 5 < 6.5), corridor P0, P1.
  const PathResult partial = query.FindPath(L(0), L(2), start, {3, 0, 3.5}, 2);
  EXPECT_EQ(partial.status, PathStatus::kPartial);
  EXPECT_EQ(partial.corridor, (std::vector<PolygonRef>{L(0), L(1)}));
  EXPECT_EQ(partial.cost, 1.5);
  // Its straight path ends at P1's point nearest the goal: (3, 3.5) is
  // outside P1 (x 2..4, z 0..2); nearest edge point (3, 2) on edge 1.
  ExpectPoints(query.FindStraightPath(start, {3, 0, 3.5}, partial.corridor),
               {{0.5, 0, 1}, {3, 0, 2}});
}

TEST(NavQuery, PortalLinksBetweenTwoTiles) {
  CLAUSE("nav.query.astar nav.query.portal nav.query.straight");
  NavMesh mesh;
  mesh.AddTile(TileB());
  mesh.AddTile(TileA());
  const std::vector<PortalLink> links = TwoTileLinks();
  const NavQuery query(mesh, links);
  const PolygonRef a0{kA, 0}, b0{kB, 0}, b1{kB, 1};
  const WorldPoint start{1, 0, 3.5}, goal{7, 0, 1};
  // Steps (A0's edge 2 links in (to, toPolygon) order): A0 -> B0 at the
  // midpoint of (4, 0)-(4, 2) = (4, 0, 1) (state 1), A0 -> B1 at (4, 0, 3)
  // (state 2); B0 -> A0 (3), B0 -> B1 (B0 edge 1, (4,2)-(8,2) world,
  // midpoint (6, 0, 2); 4); B1 -> A0 (5), B1 -> B0 (B1 edge 3, midpoint
  // (6, 0, 2); 6).
  // Through B0 directly: sqrt(9 + 6.25) + 3 = 6.905; through B1:
  // sqrt(9 + 0.25) + sqrt(4 + 1) + sqrt(1 + 1) = 6.691: the corridor goes
  // through B1.
  const PathResult path = query.FindPath(a0, b0, start, goal, 100);
  EXPECT_EQ(path.status, PathStatus::kFound);
  EXPECT_EQ(path.corridor, (std::vector<PolygonRef>{a0, b1, b0}));
  EXPECT_EQ(path.cost, (std::sqrt(9.25) + std::sqrt(5.0)) + std::sqrt(2.0));
  // The segment from (1, 3.5) to (7, 1) crosses x = 4 at z = 2.25 (in
  // [2, 4]) and z = 2 at x = 4.6 (in [4, 8]): no corner.
  ExpectPoints(query.FindStraightPath(start, goal, path.corridor), {start, goal});
  // Through the corridor A0, B0 it must bend: the portal's ends are (4, 0)
  // (left: A0's edge runs from z 4 to z 0, so lo's end is on corner k + 1's
  // side) and (4, 2) (right); (7, 1) lies right of s -> (4, 2)
  // (orient −1.5), so (4, 2) is a corner.
  ExpectPoints(query.FindStraightPath(start, goal, std::vector{a0, b0}), {start, {4, 0, 2}, goal});
  // The other way round, from B to A.
  const PathResult back = query.FindPath(b1, a0, {6, 0, 3}, {1, 0, 1}, 100);
  EXPECT_EQ(back.status, PathStatus::kFound);
  EXPECT_EQ(back.corridor, (std::vector<PolygonRef>{b1, a0}));
}

// One tile, one square (0,0) (0,2) (2,2) (2,0) with an extra detail vertex
// (1, 1, 1) at its centre: four triangles (corner k, corner k + 1, centre),
// the polygon edge of each on the boundary (flags 1).
NavTile Pyramid() {
  return NavTile::Create(0, 0, 0, {0, 0, 0}, 4.0f, {{0, 0, 0}, {0, 0, 2}, {2, 0, 2}, {2, 0, 0}},
                         {{{0, 1, 2, 3}, {Wall(), Wall(), Wall(), Wall()}, 0, 1}}, {{0, 1, 0, 4}},
                         {{1, 1, 1}}, {{0, 1, 4, 1}, {1, 2, 4, 1}, {2, 3, 4, 1}, {3, 0, 4, 1}});
}

TEST(NavQuery, HeightOnTheDetailTriangles) {
  CLAUSE("nav.query.height nav.query.closest");
  NavMesh mesh;
  mesh.AddTile(Pyramid());
  const NavQuery query(mesh, {});
  // (0.5, 1) lies in triangle (0,0)-(0,2)-(1,1): u = (0, 2), v = (1, 1),
  // w = (0.5, 1) in (x, z); den = 0·1 − 2·1 = −2; s = (0.5·1 − 1·1)/−2 =
  // 0.25, t = (0·1 − 2·0.5)/−2 = 0.5; y = 0 + (0.25·0 + 0.5·1) = 0.5.
  EXPECT_EQ(query.ClosestPoint({{0, 0, 0}, 0}, {0.5, 7, 1}).y, 0.5);
  // The centre: y 1 (s = 0, t = 1).
  EXPECT_EQ(query.ClosestPoint({{0, 0, 0}, 0}, {1, -3, 1}).y, 1.0);
  // Outside: (3, 0, 1.5) -> edge 2 (2,2)->(2,0) at (2, 1.5), a boundary
  // point of triangle (2,2), (2,0), (1,1) (closed): height 0.
  const WorldPoint q = query.ClosestPoint({{0, 0, 0}, 0}, {3, 0, 1.5});
  EXPECT_EQ(q.x, 2.0);
  EXPECT_EQ(q.y, 0.0);
  EXPECT_EQ(q.z, 1.5);
  // The box test uses the detail vertex: bounds y 0 .. 1 meet a box
  // y 1.5 ± 0.5, not y 1.6 ± 0.5.
  EXPECT_TRUE(query.FindNearestPolygon({1, 1.5, 1}, {1, 0.5, 1}).has_value());
  EXPECT_FALSE(query.FindNearestPolygon({1, 1.6, 1}, {1, 0.5, 1}).has_value());
}

TEST(NavQuery, SegmentPointsStayInTheDomain) {
  CLAUSE("nav.query.closest");
  // The triangle (x, z) (0,0), (2,2), (2,0) (on (z, x): (0,0), (2,2),
  // (0,2), orient 2·2 − 2·0 = 4 > 0). p = (−2^-190, 2^-190 + 2^-200) lies
  // outside, above edge 0 (0,0)->(2,2): t = (2·px + 2·pz) / 8 = 2^-199 / 8
  // = 2^-202, so qx = qz = 2^-201, below 2^-200: both +0, d2 = |p|². Edge
  // 2 (2,0)->(0,0) ends at t = 1, (0, 0) as well: the same d2, edge 0
  // first. Without the rule the point would be (2^-201, 2^-201).
  NavMesh mesh;
  mesh.AddTile(MakeTile(0, 0, {0, 0, 0}, 4.0f, {{0, 0, 0}, {2, 0, 2}, {2, 0, 0}},
                        {{{0, 1, 2}, {Wall(), Wall(), Wall()}}}));
  const NavQuery query(mesh, {});
  const WorldPoint q = query.ClosestPoint({{0, 0, 0}, 0}, {-0x1p-190, 0, 0x1p-190 + 0x1p-200});
  EXPECT_EQ(q.x, 0.0);
  EXPECT_EQ(q.z, 0.0);
  EXPECT_FALSE(std::signbit(q.x));
  EXPECT_FALSE(std::signbit(q.z));
}

TEST(NavQuery, NearestPolygon) {
  CLAUSE("nav.query.nearest nav.query.closest");
  NavMesh mesh;
  mesh.AddTile(LTile());
  const NavQuery query(mesh, {});
  // (3, 5, 1): box x 2..4, z 0..2 meets P0 (x up to 2, closed), P1 and P2
  // (z from 2). P0's closest point (2, 0, 1): d = (1 + 25) + 0 = 26; P1
  // holds (3, 1): d = 25; P2's (3, 0, 2): d = (0 + 25) + 1 = 26.
  auto n = query.FindNearestPolygon({3, 5, 1}, {1, 10, 1});
  ASSERT_TRUE(n.has_value());
  EXPECT_EQ(n->polygon, L(1));
  EXPECT_EQ(n->point, (WorldPoint{3, 0, 1}));
  // On P0 and P1's shared edge: d = 0 for both, the smaller reference.
  n = query.FindNearestPolygon({2, 0, 1}, {0.5, 0.5, 0.5});
  ASSERT_TRUE(n.has_value());
  EXPECT_EQ(n->polygon, L(0));
  // Nothing in the box (x 4.5 .. 5.5 lies between P1 and P3).
  EXPECT_FALSE(query.FindNearestPolygon({5, 0, 1}, {0.5, 0.5, 0.5}).has_value());
  // Zero extents: a point box on P3.
  n = query.FindNearestPolygon({7, 0, 1}, {0, 0, 0});
  ASSERT_TRUE(n.has_value());
  EXPECT_EQ(n->polygon, L(3));
}

TEST(NavQuery, ArgumentErrors) {
  CLAUSE("nav.query.values nav.query.nearest nav.query.astar nav.query.straight");
  NavMesh mesh;
  mesh.AddTile(TileA());
  mesh.AddTile(TileB());
  const NavQuery query(mesh, TwoTileLinks());
  const PolygonRef a0{kA, 0}, b0{kB, 0};
  ExpectError(
      [&] {
        query.FindNearestPolygon({0, kNaN, 0}, {1, 1, 1});
      },
      AE, {.argument = "center.y", .value = kNaN});
  ExpectError(
      [&] {
        query.FindNearestPolygon({0, 1e-70, 0}, {1, 1, 1});
      },
      AOORE, {.argument = "center.y", .value = 1e-70});
  ExpectError(
      [&] {
        query.FindNearestPolygon({0, 0, 0}, {1, 1, -0.5});
      },
      AOORE, {.argument = "halfExtents.z", .value = -0.5});
  ExpectError(
      [&] {
        query.FindPath({kA, 1}, b0, {1, 0, 1}, {5, 0, 1}, 10);
      },
      AE, {.argument = "start", .tileX = 0, .tileZ = 0, .polygon = 1, .layer = 0});
  ExpectError(
      [&] {
        query.FindPath(a0, {{1, 0, 3}, 0}, {1, 0, 1}, {5, 0, 1}, 10);
      },
      AE, {.argument = "goal", .tileX = 1, .tileZ = 0, .polygon = 0, .layer = 3});
  ExpectError(
      [&] {
        query.FindPath(a0, b0, {1, 0, 1}, {5, 0, kNaN}, 10);
      },
      AE, {.argument = "goalPos.z", .value = kNaN});
  ExpectError(
      [&] {
        query.FindPath(a0, b0, {1, 0, 1}, {5, 0, 1}, 0);
      },
      AOORE, {.argument = "maxNodes", .value = 0.0});
  ExpectError(
      [&] {
        query.ClosestPoint({kA, 5}, {1, 0, 1});
      },
      AE, {.argument = "polygon", .tileX = 0, .tileZ = 0, .polygon = 5, .layer = 0});
  ExpectError(
      [&] {
        query.ClosestPoint(a0, {HUGE_VAL, 0, 1});
      },
      AE, {.argument = "p.x", .value = HUGE_VAL});
  ExpectError(
      [&] {
        query.FindStraightPath({1, 0, 1}, {5, 0, 1}, {});
      },
      AE, {.argument = "corridor", .count = 0});
  ExpectError(
      [&] {
        query.FindStraightPath({1, 0, 1}, {5, 0, 1}, std::vector<PolygonRef>{a0, {kB, 7}});
      },
      AE, {.argument = "corridor", .vertex = 1, .tileX = 1, .tileZ = 0, .polygon = 7, .layer = 0});
  // B0 and B1 are neighbours, A0 and A0 are not.
  ExpectError(
      [&] {
        query.FindStraightPath({1, 0, 1}, {1, 0, 1}, std::vector{a0, b0, a0, a0});
      },
      AE,
      {.argument = "corridor.step", .vertex = 3, .tileX = 0, .tileZ = 0, .polygon = 0, .layer = 0});
}

TEST(NavQuery, LinkErrors) {
  CLAUSE("nav.query.values");
  NavMesh mesh;
  mesh.AddTile(TileA());
  mesh.AddTile(TileB());
  const auto build = [&](std::vector<PortalLink> links) {
    return [&mesh, links] { NavQuery q(mesh, links); };
  };
  std::vector<PortalLink> l = TwoTileLinks();
  // Link 1 names tile (0, 0, 1): absent.
  l[1].to = {0, 0, 1};
  ExpectError(build(l), AE,
              {.argument = "links.to", .edge = 1, .tileX = 0, .tileZ = 0, .layer = 1});
  l = TwoTileLinks();
  l[2].polygon = 2;  // B has polygons 0, 1
  ExpectError(
      build(l), AOORE,
      {.argument = "links.polygon", .edge = 2, .value = 2, .tileX = 1, .tileZ = 0, .layer = 0});
  l = TwoTileLinks();
  l[0].edge = 1;  // A0's edge 1 is a wall
  ExpectError(build(l), AE,
              {.argument = "links.edge",
               .edge = 0,
               .value = 1,
               .tileX = 0,
               .tileZ = 0,
               .polygon = 0,
               .layer = 0});
  l = TwoTileLinks();
  l[3].toEdge = 4;  // A0 has four edges
  ExpectError(build(l), AE,
              {.argument = "links.toEdge",
               .edge = 3,
               .value = 4,
               .tileX = 0,
               .tileZ = 0,
               .polygon = 0,
               .layer = 0});
  l = TwoTileLinks();
  l[0].hi = 0.0f;  // lo = hi = 0
  ExpectError(build(l), AOORE, {.argument = "links.interval", .edge = 0, .value = 0.0});
  l = TwoTileLinks();
  l[0].lo = std::numeric_limits<float>::infinity();
  ExpectError(build(l), AOORE, {.argument = "links.interval", .edge = 0, .value = HUGE_VAL});
  l = TwoTileLinks();
  l.push_back(l[1]);
  ExpectError(build(l), AE, {.argument = "links", .edge = 4});
  // A portal end outside pred.domain: tile origin z 1e-70, corners at
  // local z 1 and 3 (world 1 and 3), a link over [0, 2] of edge 0
  // (0,1)->(0,3) on side 0: lo's end is (0, 1e-70 + 0) = (0, 1e-70); x 0
  // passes, z does not.
  NavMesh far;
  far.AddTile(MakeTile(0, 0, {0, 0, 1e-70}, 4.0f, {{0, 0, 1}, {0, 0, 3}, {2, 0, 3}, {2, 0, 1}},
                       {{{0, 1, 2, 3}, {Portal(kSideX0), Wall(), Wall(), Wall()}}}));
  const std::vector<PortalLink> self = {{kA, 0, 0, kA, 0, 0, 0.0f, 2.0f}};
  ExpectError([&] { NavQuery q(far, self); }, AOORE,
              {.argument = "links.ends", .edge = 0, .value = 1e-70});
  // A tile whose world positions leave pred.domain: origin x 1e-70 and a
  // vertex at local x 0 gives world x 1e-70 (vertex 0, x before z).
  NavMesh tiny;
  tiny.AddTile(MakeTile(0, 0, {1e-70, 0, 0}, 4.0f, {{0, 0, 0}, {0, 0, 4}, {4, 0, 4}},
                        {{{0, 1, 2}, {Wall(), Wall(), Wall()}}}));
  ExpectError([&] { NavQuery q(tiny, {}); }, AOORE,
              {.argument = "mesh.vertices",
               .vertex = 0,
               .value = 1e-70,
               .tileX = 0,
               .tileZ = 0,
               .layer = 0});
}

}  // namespace
