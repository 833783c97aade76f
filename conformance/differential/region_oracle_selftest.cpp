// Self-test of the region checking side on hand-computed cases only: the
// validity checker (conformance/generators/region_validity.*), the CGAL
// polygon-set oracle (oracles/cgal/polygon_set_cgal.*, run in its forked
// worker) and the Clipper tile-map oracle (oracles/clipper/
// tilemap_clipper.*). Every expected value is derived by hand in the
// comment above it, never by running code.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

#include "conformance/generators/region_validity.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/geom2d/internal/region_access.hpp"
#include "oracles/cgal/polygon_set_cgal.hpp"
#include "oracles/clipper/tilemap_clipper.hpp"

namespace {

using onepath::Int128;
using onepath::gen::CheckRegionValidity;
using onepath::gen::CheckRingsValidity;
using onepath::gen::IndependentDoubledArea;
using onepath::gen::RationalPoint;
using onepath::gen::RegionValidity;
using onepath::gen::RoundingFree;
using onepath::gen::WindingAt;
using onepath::geom2d::GridPoint;
using onepath::geom2d::Region;
using onepath::geom2d::RegionAccess;
using onepath::geom2d::Ring;
using onepath::geom2d::TaggedEdge;
using onepath::oracle::BoundaryEdge;
using onepath::oracle::CgalOutline;
using onepath::oracle::ClipperTileMapUnion;
using onepath::oracle::CompareDoubledArea;
using onepath::oracle::Membership;
using onepath::oracle::PolygonSetCgal;
using onepath::oracle::PolygonSetCgalIsolated;
using onepath::oracle::PolygonSetCgalResult;
using onepath::oracle::PolygonSetOp;
using onepath::oracle::PolygonSetRequest;
using onepath::oracle::RationalProbe;

using Status = PolygonSetCgalResult::Status;

// The axis-aligned rectangle [x0, x1] x [y0, y1], counter-clockwise from
// its lower-left corner (which is also its smallest directed edge's start).
Ring Box(std::int64_t x0, std::int64_t y0, std::int64_t x1, std::int64_t y1) {
  return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
}

// The same clockwise, from the lower-left corner: (x0, y0) -> (x0, y1) is
// then its smallest directed edge.
Ring HoleBox(std::int64_t x0, std::int64_t y0, std::int64_t x1, std::int64_t y1) {
  return {{x0, y0}, {x0, y1}, {x1, y1}, {x1, y0}};
}

bool Mentions(const RegionValidity& v, const std::string& what) {
  for (const std::string& m : v.messages)
    if (m.find(what) != std::string::npos) return true;
  return false;
}

std::string Messages(const RegionValidity& v) {
  std::string all;
  for (const std::string& m : v.messages) all += "  " + m + "\n";
  return all;
}

using EdgeKey = std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t>;

std::vector<EdgeKey> Keys(const std::vector<BoundaryEdge>& edges) {
  std::vector<EdgeKey> keys;
  for (const BoundaryEdge& e : edges) keys.emplace_back(e.from.x, e.from.y, e.to.x, e.to.y);
  return keys;
}

// The rings' directed edges, sorted as the oracle sorts its edges.
std::vector<EdgeKey> Keys(const std::vector<Ring>& rings) {
  std::vector<EdgeKey> keys;
  for (const Ring& r : rings)
    for (std::size_t k = 0; k < r.size(); ++k) {
      GridPoint a = r[k], b = r[(k + 1) % r.size()];
      keys.emplace_back(a.x, a.y, b.x, b.y);
    }
  std::sort(keys.begin(), keys.end());
  return keys;
}

RationalPoint At(std::int64_t x, std::int64_t y, std::int64_t den = 1) { return {x, y, den}; }

PolygonSetCgalResult Oracle(const PolygonSetRequest& request) {
  PolygonSetCgalResult r = PolygonSetCgalIsolated(request);
  EXPECT_EQ(r.status, Status::kOk) << r.message;
  return r;
}

// --- the validity checker -----------------------------------------------------

// A 4 x 4 square with a 2 x 2 hole: doubled area 2 * 16 - 2 * 4 = 24. The
// outer ring runs counter-clockwise from (0, 0) (edge (0,0)->(4,0) is its
// smallest), the hole clockwise from (1, 1) (edge (1,1)->(1,3)); the outer
// ring's first edge is the smaller, so it comes first.
TEST(RegionValidity, SquareWithHoleIsValid) {
  CLAUSE("region.invariants region.ring-order region.area");
  const std::vector<Ring> rings = {Box(0, 0, 4, 4), HoleBox(1, 1, 3, 3)};
  RegionValidity v = CheckRingsValidity(rings, Int128{24});
  EXPECT_TRUE(v.ok()) << Messages(v);
  EXPECT_TRUE(v.doubledArea == 24);
  EXPECT_EQ(v.outerRings, 1);
  EXPECT_EQ(v.holeRings, 1);
  EXPECT_EQ(v.edges, 8);
  EXPECT_EQ(v.pinchPoints, 0);
  EXPECT_TRUE(IndependentDoubledArea(rings) == 24);
  EXPECT_TRUE(IndependentDoubledArea(rings[1]) == -8);

  // Windings: 1 in the ring between the boundaries, 0 in the hole and
  // outside, undefined on an edge; a nudge steps off an edge to its side.
  EXPECT_EQ(WindingAt(rings, At(1, 1, 2)), 1);                  // (1/2, 1/2)
  EXPECT_EQ(WindingAt(rings, At(2, 2)), 0);                     // the hole's centre
  EXPECT_EQ(WindingAt(rings, At(5, 5)), 0);                     // outside
  EXPECT_EQ(WindingAt(rings, At(7, 1, 2)), 1);                  // (7/2, 1/2)
  EXPECT_EQ(WindingAt(rings, At(0, 2)), std::nullopt);          // on the outer edge
  EXPECT_EQ(WindingAt(rings, At(1, 1)), std::nullopt);          // a hole corner
  EXPECT_EQ(WindingAt(rings, At(1, 2), {-1, 0}), 1);            // just left of x = 1
  EXPECT_EQ(WindingAt(rings, At(1, 2), {1, 0}), 0);             // just right of x = 1
  EXPECT_EQ(WindingAt(rings, At(1, 1), {-1, -1}), 1);           // off the corner, outwards
  EXPECT_EQ(WindingAt(rings, At(1, 1), {1, 1}), 0);             // into the hole
  EXPECT_EQ(WindingAt(rings, At(1, 1), {1, 0}), std::nullopt);  // along the edge
  // A probe on the ray through a vertex: y = 3 passes (3, 3) and (4, 3)...
  EXPECT_EQ(WindingAt(rings, At(1, 6, 2)), 1);             // (1/2, 3): left of the hole
  EXPECT_EQ(WindingAt(rings, At(6, 8, 2)), std::nullopt);  // (3, 4): outer top edge

  // Through Region (FromRings keeps the rings as given).
  Region region = RegionAccess::FromRings(rings, 16);
  RegionValidity w = CheckRegionValidity(region);
  EXPECT_TRUE(w.ok()) << Messages(w);
  EXPECT_EQ(WindingAt(region, At(1, 1, 2)), 1);
}

TEST(RegionValidity, EmptyRegionIsValid) {
  CLAUSE("region.invariants");
  RegionValidity v = CheckRingsValidity({}, Int128{0});
  EXPECT_TRUE(v.ok()) << Messages(v);
  EXPECT_EQ(WindingAt(std::vector<Ring>{}, At(0, 0)), 0);
}

// The bow-tie (0,0) -> (2,2) -> (2,0) -> (0,2) crosses itself at (1, 1);
// its region is two triangles, each of base 2 and height 1 (doubled area 2
// each, 4 in all), pinched at (1, 1). Left triangle (0,0), (1,1), (0,2):
// cross((1,1), (0,2)) = 2 > 0, counter-clockwise; smallest edge
// (0,0)->(1,1). Right triangle counter-clockwise (1,1), (2,0), (2,2):
// cross((1,-1), (1,1)) = 2; smallest edge (1,1)->(2,0). Turn rule at (1,1):
// entering from (0,0) the reverse direction is south-west; turning
// clockwise from there the first outgoing edge is the one to (0,2)
// (north-west) before the one to (2,0) (south-east): the left triangle
// closes on itself, and so does the right one.
TEST(RegionValidity, PinchedTrianglesAreTwoRings) {
  CLAUSE("region.rings region.invariants");
  const std::vector<Ring> rings = {{{0, 0}, {1, 1}, {0, 2}}, {{1, 1}, {2, 0}, {2, 2}}};
  RegionValidity v = CheckRingsValidity(rings, Int128{4});
  EXPECT_TRUE(v.ok()) << Messages(v);
  EXPECT_EQ(v.pinchPoints, 1);
  EXPECT_EQ(v.outerRings, 2);
  EXPECT_EQ(WindingAt(rings, At(1, 1)), std::nullopt);
  EXPECT_EQ(WindingAt(rings, At(1, 1), {0, 1}), 0);   // above the pinch: between the lobes
  EXPECT_EQ(WindingAt(rings, At(1, 1), {-1, 0}), 1);  // left of it: in the left lobe

  // The same edges as one ring through (1,1) twice break the turn rule for
  // both edges that arrive there.
  const std::vector<Ring> one = {{{0, 0}, {1, 1}, {2, 0}, {2, 2}, {1, 1}, {0, 2}}};
  RegionValidity w = CheckRingsValidity(one, Int128{4});
  EXPECT_EQ(w.violations, 2) << Messages(w);
  EXPECT_TRUE(Mentions(w, "turn rule at (1, 1)")) << Messages(w);
}

// A square [0,2]^2 whose top edge passes (1,2), where a triangle (0,3),
// (1,2), (2,3) hangs by its lower corner. (1,2) has two edges in and two
// out, so the straight pass (2,2) -> (1,2) -> (0,2) is kept. Turn rule at
// (1,2): the square's edge arrives from the east, the triangle's from the
// north-west; clockwise from east comes west (the square's own edge to
// (0,2)) before north-east; clockwise from north-west comes north-east (to
// (2,3)) first. The triangle's smallest edge is (0,3)->(1,2). Doubled
// areas: square 8, triangle (base 2, height 1) 2: 10.
TEST(RegionValidity, StraightPassAtAPinchIsKept) {
  CLAUSE("region.simplify region.rings");
  const std::vector<Ring> rings = {{{0, 0}, {2, 0}, {2, 2}, {1, 2}, {0, 2}},
                                   {{0, 3}, {1, 2}, {2, 3}}};
  RegionValidity v = CheckRingsValidity(rings, Int128{10});
  EXPECT_TRUE(v.ok()) << Messages(v);
  EXPECT_EQ(v.pinchPoints, 1);
}

TEST(RegionValidity, CrossingRingsAreCaught) {
  CLAUSE("region.invariants");
  // [0,2]^2 and [1,3]^2: (2,0)->(2,2) and (1,1)->(3,1) cross at (2,1).
  const std::vector<Ring> rings = {Box(0, 0, 2, 2), Box(1, 1, 3, 3)};
  RegionValidity v = CheckRingsValidity(rings);
  EXPECT_FALSE(v.ok());
  EXPECT_TRUE(Mentions(v, "(2, 0)->(2, 2) and ring 1 edge 0 (1, 1)->(3, 1) cross")) << Messages(v);
}

TEST(RegionValidity, TouchingInsideAnEdgeIsCaught) {
  CLAUSE("region.invariants");
  // The triangle's corner (1,2) lies inside the square's top edge, which
  // has no vertex there.
  const std::vector<Ring> rings = {Box(0, 0, 2, 2), {{0, 3}, {1, 2}, {2, 3}}};
  RegionValidity v = CheckRingsValidity(rings);
  EXPECT_TRUE(Mentions(v, "vertex (1, 2) lies inside ring 0 edge 2")) << Messages(v);
}

TEST(RegionValidity, SharedAndRepeatedEdgesAreCaught) {
  CLAUSE("region.invariants region.ring-order");
  // [0,1]^2 and [1,2]x[0,1] share the segment x = 1, run both ways.
  RegionValidity v = CheckRingsValidity(std::vector<Ring>{Box(0, 0, 1, 1), Box(1, 0, 2, 1)});
  EXPECT_TRUE(Mentions(v, "run one segment both ways")) << Messages(v);
  // The same ring twice: every edge repeated, and the rings not strictly
  // increasing.
  RegionValidity w = CheckRingsValidity(std::vector<Ring>{Box(0, 0, 1, 1), Box(0, 0, 1, 1)});
  EXPECT_TRUE(Mentions(w, "are the same edge")) << Messages(w);
  EXPECT_TRUE(Mentions(w, "out of order")) << Messages(w);
}

// A clockwise square alone: the interior is on the right, winding -1
// inside; just left of each edge (outside) the winding is 0, just right -1.
TEST(RegionValidity, WrongOrientationIsCaught) {
  CLAUSE("region.invariants");
  const std::vector<Ring> rings = {HoleBox(0, 0, 4, 4)};
  RegionValidity v = CheckRingsValidity(rings, Int128{-32});
  EXPECT_EQ(v.violations, 8) << Messages(v);  // two sides of four edges
  EXPECT_TRUE(Mentions(v, "winding 0 just left of ring 0 edge 0")) << Messages(v);
  EXPECT_TRUE(Mentions(v, "winding -1 just right of ring 0 edge 0")) << Messages(v);
  EXPECT_EQ(v.holeRings, 1);
  EXPECT_EQ(WindingAt(rings, At(2, 2)), -1);
}

// A counter-clockwise square inside another: winding 2 inside the inner one.
TEST(RegionValidity, NestedOuterRingsAreCaught) {
  CLAUSE("region.invariants");
  RegionValidity v = CheckRingsValidity(std::vector<Ring>{Box(0, 0, 4, 4), Box(1, 1, 3, 3)});
  EXPECT_TRUE(Mentions(v, "winding 2 just left of ring 1")) << Messages(v);
}

TEST(RegionValidity, CollinearDegreeTwoVertexIsCaught) {
  CLAUSE("region.simplify");
  // (2,0) between (0,0) and (4,0), nothing else there.
  const std::vector<Ring> rings = {{{0, 0}, {2, 0}, {4, 0}, {4, 4}, {0, 4}}};
  RegionValidity v = CheckRingsValidity(rings, Int128{32});
  EXPECT_EQ(v.violations, 1) << Messages(v);
  EXPECT_TRUE(Mentions(v, "collinear degree-2 vertex (2, 0)")) << Messages(v);
}

TEST(RegionValidity, WrongStartAndWrongOrderAreCaught) {
  CLAUSE("region.ring-order");
  // Starts at (4,0); its smallest edge is (0,0)->(4,0).
  RegionValidity v =
      CheckRingsValidity(std::vector<Ring>{{{4, 0}, {4, 4}, {0, 4}, {0, 0}}}, Int128{32});
  EXPECT_EQ(v.violations, 1) << Messages(v);
  EXPECT_TRUE(Mentions(v, "not at its smallest directed edge (0, 0)->(4, 0)")) << Messages(v);
  // The hole (first edge (1,1)->(1,3)) before the outer ring ((0,0)->(4,0)).
  RegionValidity w =
      CheckRingsValidity(std::vector<Ring>{HoleBox(1, 1, 3, 3), Box(0, 0, 4, 4)}, Int128{24});
  EXPECT_EQ(w.violations, 1) << Messages(w);
  EXPECT_TRUE(Mentions(w, "rings 0 and 1 are out of order")) << Messages(w);
}

TEST(RegionValidity, FormAndAreaAreCaught) {
  CLAUSE("region.invariants region.area grid.snapbits");
  RegionValidity v = CheckRingsValidity(std::vector<Ring>{{{0, 0}, {1, 0}}});
  EXPECT_TRUE(Mentions(v, "has 2 vertices")) << Messages(v);
  v = CheckRingsValidity(std::vector<Ring>{{{0, 0}, {1, 0}, {1, 0}, {0, 1}}});
  EXPECT_TRUE(Mentions(v, "repeats vertex 1")) << Messages(v);
  v = CheckRingsValidity(std::vector<Ring>{{{0, 0}, {std::int64_t{1} << 40, 0}, {0, 1}}});
  EXPECT_TRUE(Mentions(v, "beyond 2^39")) << Messages(v);
  // A valid ring with a wrong reported area.
  v = CheckRingsValidity(std::vector<Ring>{Box(0, 0, 4, 4)}, Int128{31});
  EXPECT_EQ(v.violations, 1) << Messages(v);
  EXPECT_TRUE(Mentions(v, "DoubledArea() is 31, the rings give 32")) << Messages(v);
  // A ring that doubles back on itself: (0,0) -> (2,0) -> (1,0) has zero
  // area, and (1,0) lies inside its first edge.
  v = CheckRingsValidity(std::vector<Ring>{{{0, 0}, {2, 0}, {1, 0}}});
  EXPECT_TRUE(Mentions(v, "zero area")) << Messages(v);
  // SnapBits outside 0..16 through Region.
  EXPECT_TRUE(
      Mentions(CheckRegionValidity(RegionAccess::FromRings({Box(0, 0, 1, 1)}, 17)), "SnapBits 17"));
  EXPECT_THROW(WindingAt(std::vector<Ring>{}, At(0, 0, 0)), std::invalid_argument);
}

// k x k unit holes at (3i + 1, 3j + 1) in the square [0, 3k + 1]^2: 4 + 4k^2
// edges, doubled area 2 ((3k + 1)^2 - k^2). Rings sorted by their first
// edge: the outer ring (from (0,0)), then the holes by lower-left corner,
// x first. k = 50: 10,004 edges, doubled area 2 (151^2 - 2500) = 40,602.
std::vector<Ring> HoleGrid(std::int64_t k) {
  std::vector<Ring> rings = {Box(0, 0, 3 * k + 1, 3 * k + 1)};
  for (std::int64_t i = 0; i < k; ++i)
    for (std::int64_t j = 0; j < k; ++j)
      rings.push_back(HoleBox(3 * i + 1, 3 * j + 1, 3 * i + 2, 3 * j + 2));
  return rings;
}

TEST(RegionValidity, TenThousandEdgesInReasonableTime) {
  CLAUSE("region.invariants");
  std::vector<Ring> rings = HoleGrid(50);
  auto start = std::chrono::steady_clock::now();
  RegionValidity v = CheckRingsValidity(rings, Int128{40602});
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(v.ok()) << Messages(v);
  EXPECT_EQ(v.edges, 10004);
  EXPECT_EQ(v.holeRings, 2500);
  EXPECT_LT(seconds, 10.0);
  std::printf("validity check of %lld edges: %.3f s\n", static_cast<long long>(v.edges), seconds);

  // One hole turned counter-clockwise: winding 2 inside it and 1 just
  // outside it, so both sides of its 4 edges are wrong, and the area is off.
  std::reverse(rings[1000].begin() + 1, rings[1000].end());  // still starts lower-left
  RegionValidity w = CheckRingsValidity(rings, Int128{40602});
  EXPECT_EQ(w.violations, 9) << Messages(w);
}

std::vector<TaggedEdge> EdgesOf(const std::vector<Ring>& rings) {
  std::vector<TaggedEdge> edges;
  for (const Ring& r : rings)
    for (std::size_t k = 0; k < r.size(); ++k) edges.push_back({r[k], r[(k + 1) % r.size()], 0});
  return edges;
}

TEST(RegionValidity, RoundingFree) {
  CLAUSE("arr.proper-crossing arr.pixel arr.reroute");
  // [0,4]^2 and [2,6]^2 cross at (4,2) and (2,4), grid points, and every
  // edge is axis-parallel on a grid line: an edge on y = k meets the pixel
  // of an integer point h only when h.y = k and h.x is within its x range,
  // that is only when h lies on it.
  EXPECT_TRUE(RoundingFree(EdgesOf({Box(0, 0, 4, 4), Box(2, 2, 6, 6)})));
  // x + 2y = 2 and 2x + y = 2 cross at (2/3, 2/3), off the grid.
  EXPECT_FALSE(RoundingFree(EdgesOf({{{0, 0}, {2, 0}, {0, 1}}, {{0, 0}, {1, 0}, {0, 2}}})));
  // The triangle (2,1), (3,3), (1,3) lies inside the triangle (0,0),
  // (10,4), (0,4) (above y = 2x/5, below y = 4), so nothing crosses; but
  // (0,0) -> (10,4) passes x = 2 at y = 4/5, inside the pixel [3/2, 5/2) x
  // [1/2, 3/2) of the corner (2,1), which it misses.
  const Ring inner = {{2, 1}, {3, 3}, {1, 3}};
  EXPECT_FALSE(RoundingFree(EdgesOf({{{0, 0}, {10, 4}, {0, 4}}, inner})));
  // With (0,0) -> (8,4) (y = x/2) the corner (2,1) is on the edge: split
  // there, not moved. The other corners are 3/2 above the line, and the
  // sides of the inner triangle are far from the outer corners.
  EXPECT_TRUE(RoundingFree(EdgesOf({{{0, 0}, {8, 4}, {0, 4}}, inner})));
  // A degenerate edge is ignored.
  EXPECT_TRUE(RoundingFree(std::vector<TaggedEdge>{{{1, 1}, {1, 1}, 0}}));
}

// --- the CGAL polygon-set oracle ----------------------------------------------

// One outline, [0,4]^2 clockwise and [1,3]^2 counter-clockwise (orientation
// is free): even-odd leaves the frame, area 16 - 4 = 12, doubled 24. The
// boundary is the square with its hole, as the validity test above has it.
TEST(PolygonSetCgal, SquareWithSquareHole) {
  CLAUSE("region.outline region.area");
  PolygonSetRequest q;
  q.first = {{HoleBox(0, 0, 4, 4), Box(1, 1, 3, 3)}};
  // (1/2, 1/2) in the frame; (2, 2) in the hole; (0, 2) and (1, 2) on the
  // two boundaries; (5, 5) outside; (7/2, 1/3) in the frame.
  q.probes = {{1, 1, 2}, {2, 2, 1}, {0, 2, 1}, {1, 2, 1}, {5, 5, 1}, {21, 2, 6}};
  PolygonSetCgalResult r = Oracle(q);
  EXPECT_EQ(r.doubledArea, "24");
  EXPECT_EQ(CompareDoubledArea(r, 24), 0);
  EXPECT_EQ(CompareDoubledArea(r, 23), 1);
  EXPECT_EQ(CompareDoubledArea(r, 25), -1);
  EXPECT_EQ(r.membership, (std::vector<Membership>{Membership::kInside, Membership::kOutside,
                                                   Membership::kBoundary, Membership::kBoundary,
                                                   Membership::kOutside, Membership::kInside}));
  ASSERT_TRUE(r.integral);
  ASSERT_EQ(r.polygons.size(), 1u);
  EXPECT_EQ(r.polygons[0].outer, Box(0, 0, 4, 4));
  ASSERT_EQ(r.polygons[0].holes.size(), 1u);
  EXPECT_EQ(r.polygons[0].holes[0], HoleBox(1, 1, 3, 3));
  const std::vector<Ring> expected = {Box(0, 0, 4, 4), HoleBox(1, 1, 3, 3)};
  EXPECT_EQ(Keys(r.edges), Keys(expected));

  // In this process, the same answer.
  PolygonSetCgalResult inProcess = PolygonSetCgal(q);
  EXPECT_EQ(inProcess.doubledArea, "24");
  EXPECT_EQ(Keys(inProcess.edges), Keys(expected));
}

// A = [0,4]^2, B = [2,6]^2, both area 16, overlapping in [2,4]^2 (area 4).
// Doubled: union 2 (16 + 16 - 4) = 56; intersection 2 * 4 = 8; A - B
// 2 (16 - 4) = 24; symmetric difference 2 (28 - 4) = 48.
TEST(PolygonSetCgal, TwoOverlappingSquares) {
  CLAUSE("region.boolean region.face-rule region.outline");
  PolygonSetRequest q;
  q.first = {{Box(0, 0, 4, 4)}};
  q.second = {{Box(2, 2, 6, 6)}};
  // (3, 3) in both; (1, 1) in A only; (5, 5) in B only; (4, 2) a corner of
  // the overlap; (7, 7) in neither.
  q.probes = {{3, 3, 1}, {1, 1, 1}, {5, 5, 1}, {4, 2, 1}, {7, 7, 1}};
  const Membership in = Membership::kInside, out = Membership::kOutside, on = Membership::kBoundary;

  // Union: one octagon-like outline, counter-clockwise from (0,0).
  q.op = PolygonSetOp::kUnion;
  PolygonSetCgalResult r = Oracle(q);
  EXPECT_EQ(r.doubledArea, "56");
  EXPECT_EQ(r.membership, (std::vector<Membership>{in, in, in, on, out}));
  const Ring unionRing = {{0, 0}, {4, 0}, {4, 2}, {6, 2}, {6, 6}, {2, 6}, {2, 4}, {0, 4}};
  ASSERT_EQ(r.polygons.size(), 1u);
  EXPECT_EQ(r.polygons[0].outer, unionRing);
  EXPECT_TRUE(r.polygons[0].holes.empty());

  q.op = PolygonSetOp::kIntersection;
  r = Oracle(q);
  EXPECT_EQ(r.doubledArea, "8");
  EXPECT_EQ(r.membership, (std::vector<Membership>{in, out, out, on, out}));
  ASSERT_EQ(r.polygons.size(), 1u);
  EXPECT_EQ(r.polygons[0].outer, Box(2, 2, 4, 4));

  // A - B: the L (0,0), (4,0), (4,2), (2,2), (2,4), (0,4).
  q.op = PolygonSetOp::kDifference;
  r = Oracle(q);
  EXPECT_EQ(r.doubledArea, "24");
  EXPECT_EQ(r.membership, (std::vector<Membership>{out, in, out, on, out}));
  const Ring aMinusB = {{0, 0}, {4, 0}, {4, 2}, {2, 2}, {2, 4}, {0, 4}};
  ASSERT_EQ(r.polygons.size(), 1u);
  EXPECT_EQ(r.polygons[0].outer, aMinusB);

  // The symmetric difference: A - B and B - A, pinched at (4,2) and (2,4).
  // As region rings (turn rule, worked out as in the pinch test above):
  // A - B, then B - A from its smallest edge (2,4)->(4,4).
  q.op = PolygonSetOp::kSymmetricDifference;
  r = Oracle(q);
  EXPECT_EQ(r.doubledArea, "48");
  EXPECT_EQ(CompareDoubledArea(r, 48), 0);
  EXPECT_EQ(r.membership, (std::vector<Membership>{out, in, in, on, out}));
  const std::vector<Ring> xorRings = {aMinusB, {{2, 4}, {4, 4}, {4, 2}, {6, 2}, {6, 6}, {2, 6}}};
  RegionValidity v = CheckRingsValidity(xorRings, Int128{48});
  EXPECT_TRUE(v.ok()) << Messages(v);
  EXPECT_EQ(v.pinchPoints, 2);
  EXPECT_EQ(Keys(r.edges), Keys(xorRings));

  // The same two squares as two rings of one outline: even-odd is the
  // symmetric difference.
  PolygonSetRequest one;
  one.first = {{Box(0, 0, 4, 4), Box(2, 2, 6, 6)}};
  EXPECT_EQ(Keys(Oracle(one).edges), Keys(xorRings));
}

// The bow-tie (0,0) -> (2,2) -> (2,0) -> (0,2), split at its crossing (1,1)
// into two simple rings (even-odd does not change): two triangles of
// doubled area 2 each. Its boundary edges are those of the two region
// rings of the validity test above. The bow-tie as one ring is not simple
// and is rejected; the worker is replaced and answers the next call.
TEST(PolygonSetCgal, BowTiePinch) {
  CLAUSE("region.outline");
  PolygonSetRequest q;
  q.first = {{{{0, 0}, {1, 1}, {0, 2}}, {{1, 1}, {2, 2}, {2, 0}}}};  // the second clockwise
  // (1,1) the pinch; (1/2, 1) in the left lobe; (1, 1/2) below the pinch,
  // between the lobes; (3/2, 1) in the right lobe.
  q.probes = {{1, 1, 1}, {1, 2, 2}, {2, 1, 2}, {3, 2, 2}};
  PolygonSetCgalResult r = Oracle(q);
  EXPECT_EQ(r.doubledArea, "4");
  EXPECT_EQ(r.membership, (std::vector<Membership>{Membership::kBoundary, Membership::kInside,
                                                   Membership::kOutside, Membership::kInside}));
  const std::vector<Ring> rings = {{{0, 0}, {1, 1}, {0, 2}}, {{1, 1}, {2, 0}, {2, 2}}};
  EXPECT_EQ(Keys(r.edges), Keys(rings));
  // How the cycles split at (1,1) is CGAL's choice (5.5.1 keeps both lobes
  // in one cycle through (1,1) twice), not region.rings' turn rule: only
  // the edges are compared. Whatever the split, a cycle starts at its
  // smallest directed edge, and the smallest of all is (0,0)->(1,1).
  ASSERT_FALSE(r.polygons.empty());
  EXPECT_EQ(r.polygons[0].outer[0], (GridPoint{0, 0}));
  EXPECT_EQ(r.polygons[0].outer[1], (GridPoint{1, 1}));

  PolygonSetRequest bowTie;
  bowTie.first = {{{{0, 0}, {2, 2}, {2, 0}, {0, 2}}}};
  PolygonSetCgalResult rejected = PolygonSetCgalIsolated(bowTie);
  EXPECT_EQ(rejected.status, Status::kRejected);
  EXPECT_NE(
      rejected.message.find("ring 0 of outline 0 of the first operand is not a simple polygon"),
      std::string::npos)
      << rejected.message;
  EXPECT_EQ(Oracle(q).doubledArea, "4");
}

// Several outlines are unioned, rings of one outline read even-odd:
// - [0,4]^2 with hole [1,3]^2, and [1,3]^2 as a second outline: the union
//   fills the hole, the whole square, doubled 32, four edges (the vertices
//   of the hole are gone and none is left on the sides);
// - one outline [0,4]^2, [1,3]^2, [1,3]^2: the hole is cut twice, also the
//   whole square;
// - one outline [0,4]^2 twice: nothing, doubled area 0.
TEST(PolygonSetCgal, OutlinesUnionRingsEvenOdd) {
  CLAUSE("region.from-outlines region.outline");
  PolygonSetRequest q;
  q.first = {{Box(0, 0, 4, 4), Box(1, 1, 3, 3)}, {Box(1, 1, 3, 3)}};
  PolygonSetCgalResult r = Oracle(q);
  EXPECT_EQ(r.doubledArea, "32");
  EXPECT_EQ(Keys(r.edges), Keys(std::vector<Ring>{Box(0, 0, 4, 4)}));

  q.first = {{Box(0, 0, 4, 4), Box(1, 1, 3, 3), HoleBox(1, 1, 3, 3)}};
  EXPECT_EQ(Oracle(q).doubledArea, "32");

  q.first = {{Box(0, 0, 4, 4), Box(0, 0, 4, 4)}};
  r = Oracle(q);
  EXPECT_EQ(r.doubledArea, "0");
  EXPECT_TRUE(r.polygons.empty());
  EXPECT_EQ(CompareDoubledArea(r, 0), 0);

  // A repeated vertex is dropped, not an error.
  q.first = {{{{0, 0}, {4, 0}, {4, 0}, {4, 4}, {0, 4}, {0, 0}}}};
  EXPECT_EQ(Oracle(q).doubledArea, "32");
}

// Off the grid: A = triangle (0,0), (2,0), (0,1) (x + 2y <= 2), B =
// triangle (0,0), (1,0), (0,2) (2x + y <= 2), each of doubled area 2. The
// hypotenuses cross at (2/3, 2/3). A n B = (0,0), (1,0), (2/3, 2/3), (0,1):
// shoelace 0 + (1 * 2/3 - 0) + (2/3 * 1 - 0 * 2/3) + 0 = 4/3 (doubled).
// A u B: 2 + 2 - 4/3 = 8/3.
TEST(PolygonSetCgal, CrossingOffTheGrid) {
  CLAUSE("region.boolean region.area");
  PolygonSetRequest q;
  q.first = {{{{0, 0}, {2, 0}, {0, 1}}}};
  q.second = {{{{0, 0}, {1, 0}, {0, 2}}}};
  // (2/3, 2/3) the crossing; (1/2, 1/2) in both; (3/4, 3/4) in neither
  // (x + 2y = 9/4 > 2).
  q.probes = {{2, 2, 3}, {1, 1, 2}, {3, 3, 4}};
  q.op = PolygonSetOp::kIntersection;
  PolygonSetCgalResult r = Oracle(q);
  EXPECT_EQ(r.doubledArea, "4/3");
  EXPECT_EQ(CompareDoubledArea(r, 1), 1);
  EXPECT_EQ(CompareDoubledArea(r, 2), -1);
  EXPECT_FALSE(r.integral);
  EXPECT_TRUE(r.polygons.empty());
  EXPECT_TRUE(r.edges.empty());
  EXPECT_EQ(r.membership, (std::vector<Membership>{Membership::kBoundary, Membership::kInside,
                                                   Membership::kOutside}));
  q.op = PolygonSetOp::kUnion;
  EXPECT_EQ(Oracle(q).doubledArea, "8/3");
}

TEST(PolygonSetCgal, InputLimits) {
  CLAUSE("arr.input region.area");
  PolygonSetRequest q;
  q.first = {{Box(0, 0, std::int64_t{1} << 40, 1)}};
  EXPECT_THROW(PolygonSetCgalIsolated(q), std::invalid_argument);
  q.first = {{Box(0, 0, 1, 1)}};
  q.probes = {{0, 0, 0}};
  EXPECT_THROW(PolygonSetCgalIsolated(q), std::invalid_argument);
  // The largest coordinates are fine: a 2^39 square, doubled area 2^79.
  const std::int64_t m = std::int64_t{1} << 39;
  q.first = {{Box(-m, -m, m, m)}};
  q.probes = {{m, 0, 1}, {-m + 1, m - 1, 1}};
  PolygonSetCgalResult r = Oracle(q);
  EXPECT_EQ(CompareDoubledArea(r, Int128{1} << 81), 0);  // (2^40)^2 * 2
  EXPECT_EQ(r.membership, (std::vector<Membership>{Membership::kBoundary, Membership::kInside}));
}

// --- tile maps: Clipper and CGAL ----------------------------------------------

// A 3 x 3 checkerboard, cells of 4 x 4 grid units, solid where x + y is
// even: the four corners and the centre, 5 * 16 = 80, doubled 160. The five
// squares touch only at corners, so the boundary is their 20 edges.
TEST(TileMapOracles, CheckerboardClipperAndCgal) {
  CLAUSE("region.from-tilemap region.rings");
  const std::vector<std::uint8_t> cells = {1, 0, 1, 0, 1, 0, 1, 0, 1};
  const std::vector<std::int64_t> lines = {0, 4, 8, 12};
  auto clip = ClipperTileMapUnion(cells, 3, 3, lines, lines);
  EXPECT_TRUE(clip.doubledArea == 160);

  std::vector<Ring> squares;
  PolygonSetRequest q;
  for (std::int64_t y = 0; y < 3; ++y)
    for (std::int64_t x = 0; x < 3; ++x)
      if (cells[static_cast<std::size_t>(3 * y + x)] != 0) {
        squares.push_back(Box(4 * x, 4 * y, 4 * x + 4, 4 * y + 4));
        q.first.push_back({squares.back()});
      }
  PolygonSetCgalResult r = Oracle(q);
  EXPECT_EQ(r.doubledArea, "160");
  EXPECT_EQ(Keys(r.edges), Keys(squares));
  std::vector<BoundaryEdge> clipEdges;
  for (const auto& path : clip.paths)
    for (std::size_t k = 0; k < path.size(); ++k)
      clipEdges.push_back({path[k], path[(k + 1) % path.size()]});
  std::vector<EdgeKey> clipKeys = Keys(clipEdges);
  std::sort(clipKeys.begin(), clipKeys.end());
  EXPECT_EQ(clipKeys, Keys(squares));
  // As region rings (squares sorted by lower-left corner, x first; at each
  // shared corner the turn rule keeps every square closed on itself, as in
  // the pinch test).
  std::sort(squares.begin(), squares.end(),
            [](const Ring& a, const Ring& b) { return a[0] < b[0]; });
  RegionValidity v = CheckRingsValidity(squares, Int128{160});
  EXPECT_TRUE(v.ok()) << Messages(v);
  EXPECT_EQ(v.pinchPoints, 4);
}

// 3 x 3 solid but the centre, on irregular grid lines x = 0, 3, 5, 10 and
// y = -2, 0, 1, 4: outer box 10 x 6 = 60, hole 2 x 1 = 2, area 58, doubled
// 116. Boundary: the outer box from (0,-2) and the hole clockwise from
// (3,0); the other cell corners on the sides are collinear degree-2
// vertices and disappear.
TEST(TileMapOracles, RingOfCellsHasAHole) {
  CLAUSE("region.from-tilemap region.simplify");
  const std::vector<std::uint8_t> cells = {1, 1, 1, 1, 0, 1, 1, 1, 1};
  const std::vector<std::int64_t> xs = {0, 3, 5, 10}, ys = {-2, 0, 1, 4};
  auto clip = ClipperTileMapUnion(cells, 3, 3, xs, ys);
  EXPECT_TRUE(clip.doubledArea == 116);
  EXPECT_EQ(clip.paths.size(), 2u);

  PolygonSetRequest q;
  for (std::int64_t y = 0; y < 3; ++y)
    for (std::int64_t x = 0; x < 3; ++x)
      if (cells[static_cast<std::size_t>(3 * y + x)] != 0)
        q.first.push_back({Box(xs[x], ys[y], xs[x + 1], ys[y + 1])});
  PolygonSetCgalResult r = Oracle(q);
  EXPECT_EQ(r.doubledArea, "116");
  const std::vector<Ring> rings = {Box(0, -2, 10, 4), HoleBox(3, 0, 5, 1)};
  EXPECT_EQ(Keys(r.edges), Keys(rings));
  ASSERT_EQ(r.polygons.size(), 1u);
  EXPECT_EQ(r.polygons[0].outer, rings[0]);
  ASSERT_EQ(r.polygons[0].holes.size(), 1u);
  EXPECT_EQ(r.polygons[0].holes[0], rings[1]);
  RegionValidity v = CheckRingsValidity(rings, Int128{116});
  EXPECT_TRUE(v.ok()) << Messages(v);
}

TEST(TileMapOracles, ClipperInputChecks) {
  CLAUSE("region.from-tilemap grid.tilemap-lines");
  const std::vector<std::uint8_t> cells = {1, 1};
  const std::vector<std::int64_t> two = {0, 1}, three = {0, 1, 2}, down = {0, 2, 1};
  EXPECT_THROW(ClipperTileMapUnion(cells, 2, 1, two, two), std::invalid_argument);
  EXPECT_THROW(ClipperTileMapUnion(cells, 2, 1, down, two), std::invalid_argument);
  EXPECT_THROW(ClipperTileMapUnion(cells, 1, 1, two, two), std::invalid_argument);
  // Two cells side by side: one 2 x 1 rectangle, doubled 4.
  auto r = ClipperTileMapUnion(cells, 2, 1, three, two);
  EXPECT_TRUE(r.doubledArea == 4);
  ASSERT_EQ(r.paths.size(), 1u);
  EXPECT_EQ(r.paths[0].size(), 4u);
  // Lines 0, 0, 1 (the first two snapped together): the first cell has no
  // width, the second is the unit square, doubled 2.
  const std::vector<std::int64_t> collapsed = {0, 0, 1};
  EXPECT_TRUE(ClipperTileMapUnion(cells, 2, 1, collapsed, two).doubledArea == 2);
  // No cell with an area (none solid, or only collapsed ones): the empty
  // union, not a Clipper failure.
  const std::vector<std::uint8_t> none = {0, 0}, firstOnly = {1, 0};
  EXPECT_TRUE(ClipperTileMapUnion(none, 2, 1, three, two).doubledArea == 0);
  EXPECT_TRUE(ClipperTileMapUnion(none, 2, 1, three, two).paths.empty());
  EXPECT_TRUE(ClipperTileMapUnion(firstOnly, 2, 1, collapsed, two).paths.empty());
}

}  // namespace
