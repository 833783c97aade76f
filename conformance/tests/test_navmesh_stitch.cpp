// Portal stitching (docs/spec/navmesh-format.md, nav.stitch) on hand-made
// fan tiles (conformance/generators/stitch_meshes.hpp), every expected link
// derived by hand in a comment.
//
// Fan tile numbering (MakeFanTile): ring edges in ring order, side 0
// (x = 0, z rising) first, then side 3 (z = S, x rising), side 2 (x = S, z
// falling), side 1 (z = 0, x falling); with one edge per polygon, polygon i
// is ring edge i and its portal edge is edge 1 (edge 0 runs from the
// centre to the ring).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "conformance/generators/stitch_meshes.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/navmesh.hpp"

namespace {

using namespace onepath::navmesh;
using onepath::conformance::FanTileSpec;
using onepath::conformance::MakeFanTile;

constexpr float kS = 4.0f;

FanTileSpec Fan(std::int32_t x, std::int32_t z, std::uint16_t layer = 0, double originY = 0.0) {
  FanTileSpec spec;
  spec.tileX = x;
  spec.tileZ = z;
  spec.layer = layer;
  spec.origin = {x * double{kS}, originY, z * double{kS}};
  spec.tileSize = kS;
  return spec;
}

NavMesh MeshOf(const std::vector<FanTileSpec>& specs) {
  NavMesh mesh;
  for (const auto& spec : specs) mesh.AddTile(MakeFanTile(spec));
  return mesh;
}

PortalLink Link(TileKey from, std::uint32_t polygon, TileKey to, std::uint32_t toPolygon, float lo,
                float hi) {
  return {from, polygon, 1, to, toPolygon, 1, lo, hi};
}

const TileKey k00{0, 0, 0};
const TileKey k10{1, 0, 0};

TEST(NavStitch, MatchingVerticesLinkBothWays) {
  CLAUSE("nav.stitch nav.stitch.candidates nav.stitch.overlap nav.stitch.order");
  // No side points: four ring edges, polygon i = ring edge i. Tile (0,0)'s
  // side 2 is polygon 2, z from 4 to 0, along [0, 4]; tile (1,0)'s side 0
  // is polygon 0, along [0, 4]. Overlap [max 0, min 4] = [0, 4], flat, so
  // one pair, two links; (0,0) sorts before (1,0) (tileZ equal, tileX).
  const NavMesh mesh = MeshOf({Fan(0, 0), Fan(1, 0)});
  const std::vector<PortalLink> expected = {Link(k00, 2, k10, 0, 0.0f, 4.0f),
                                            Link(k10, 0, k00, 2, 0.0f, 4.0f)};
  EXPECT_EQ(Stitch(mesh, 0.5f), expected);
}

TEST(NavStitch, DifferingBoundaryVerticesSplitTheSide) {
  CLAUSE("nav.stitch nav.stitch.overlap nav.stitch.order");
  // (0,0) side 2 has a point at z = 1: ring edges 2 = (4,4)->(4,1), along
  // [1, 4], and 3 = (4,1)->(4,0), along [0, 1]; polygons 2 and 3.
  // (1,0) side 0 has a point at z = 2.5: ring edges 0 = [0, 2.5] and
  // 1 = [2.5, 4]; polygons 0 and 1.
  // Pairs: [1,4]x[0,2.5] -> [1, 2.5]; [1,4]x[2.5,4] -> [2.5, 4];
  // [0,1]x[0,2.5] -> [0, 1]; [0,1]x[2.5,4] -> lo 2.5 > hi 1, none.
  FanTileSpec a = Fan(0, 0), b = Fan(1, 0);
  a.sidePoints[2] = {1.0f};
  b.sidePoints[0] = {2.5f};
  const std::vector<PortalLink> expected = {
      Link(k00, 2, k10, 0, 1.0f, 2.5f), Link(k00, 2, k10, 1, 2.5f, 4.0f),
      Link(k00, 3, k10, 0, 0.0f, 1.0f), Link(k10, 0, k00, 2, 1.0f, 2.5f),
      Link(k10, 0, k00, 3, 0.0f, 1.0f), Link(k10, 1, k00, 2, 2.5f, 4.0f)};
  EXPECT_EQ(Stitch(MeshOf({a, b}), 0.5f), expected);
}

TEST(NavStitch, EdgesTouchingAtAPointDoNotLink) {
  CLAUSE("nav.stitch.overlap");
  // Both sides split at 1: (0,0) ring edges 2 = [1, 4], 3 = [0, 1];
  // (1,0) ring edges 0 = [0, 1], 1 = [1, 4]. [0,1]x[1,4] has lo = hi = 1:
  // no link; only the equal pairs.
  FanTileSpec a = Fan(0, 0), b = Fan(1, 0);
  a.sidePoints[2] = {1.0f};
  b.sidePoints[0] = {1.0f};
  const std::vector<PortalLink> expected = {
      Link(k00, 2, k10, 1, 1.0f, 4.0f), Link(k00, 3, k10, 0, 0.0f, 1.0f),
      Link(k10, 0, k00, 3, 0.0f, 1.0f), Link(k10, 1, k00, 2, 1.0f, 4.0f)};
  EXPECT_EQ(Stitch(MeshOf({a, b}), 0.5f), expected);
}

TEST(NavStitch, CollinearEdgesOfOnePolygonEachLink) {
  CLAUSE("nav.stitch");
  // (1,0) side 0 split at 2 into one polygon of two ring edges (runs {2}):
  // polygon 0 = (centre, (0,0), (0,2), (0,4)), edges 1 ([0, 2]) and 2
  // ([2, 4]). (0,0)'s side 2 polygon 2 ([0, 4]) links to both edges.
  FanTileSpec b = Fan(1, 0);
  b.sidePoints[0] = {2.0f};
  b.runs[0] = {2};
  const std::vector<PortalLink> expected = {{k00, 2, 1, k10, 0, 1, 0.0f, 2.0f},
                                            {k00, 2, 1, k10, 0, 2, 2.0f, 4.0f},
                                            {k10, 0, 1, k00, 2, 1, 0.0f, 2.0f},
                                            {k10, 0, 2, k00, 2, 1, 2.0f, 4.0f}};
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 0), b}), 0.5f), expected);
}

TEST(NavStitch, AlongXBetweenRows) {
  CLAUSE("nav.stitch.candidates");
  // (0,0) side 3 (z = 4) is ring edge 1 = polygon 1, x from 0 to 4; (0,1)
  // side 1 (z = 0) is ring edge 3 = polygon 3, x from 4 to 0. Along x:
  // [0, 4]. (0,0) sorts before (0,1) (tileZ).
  const TileKey k01{0, 1, 0};
  const std::vector<PortalLink> expected = {Link(k00, 1, k01, 3, 0.0f, 4.0f),
                                            Link(k01, 3, k00, 1, 0.0f, 4.0f)};
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 1), Fan(0, 0)}), 0.5f), expected);
}

TEST(NavStitch, VerticalToleranceIsTwiceTheClimbInclusive) {
  CLAUSE("nav.stitch.vertical");
  // Flat tiles, climb 0.5: the tolerance is 2 * 0.5 = 1. (1,0) raised by
  // originY 1 (d = 1 at both ends): 1 > 1 is false, linked. Raised by the
  // next double above 1: d > 1 at both ends, no link. The same with local
  // y 1 and the next binary32 above 1 (origin 0), and downwards.
  const double above = std::nextafter(1.0, 2.0);
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 0), Fan(1, 0, 0, 1.0)}), 0.5f).size(), 2u);
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 0), Fan(1, 0, 0, above)}), 0.5f).size(), 0u);
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 0), Fan(1, 0, 0, -1.0)}), 0.5f).size(), 2u);
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 0), Fan(1, 0, 0, -above)}), 0.5f).size(), 0u);
  FanTileSpec b = Fan(1, 0);
  b.localY = [](float, float) { return 1.0f; };
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 0), b}), 0.5f).size(), 2u);
  b.localY = [](float, float) { return std::nextafter(1.0f, 2.0f); };
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 0), b}), 0.5f).size(), 0u);
  // climb 0: only equal heights link.
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 0), Fan(1, 0)}), 0.0f).size(), 2u);
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 0), Fan(1, 0, 0, 0x1p-1074)}), 0.0f).size(), 0u);
}

TEST(NavStitch, VerticalTestIsExactOnTheOrigins) {
  CLAUSE("nav.stitch.vertical");
  // originY 0.1 and 1.1 (binary64): the real difference is
  // 1.100000000000000088817841970012523 - 0.1000000000000000055511151231257827
  // = 1.0000000000000000832667268468867405 > 1, so no link with climb 0.5;
  // the binary64 difference 1.1 - 0.1 rounds to exactly 1 and would link.
  ASSERT_EQ(1.1 - 0.1, 1.0);
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 0, 0, 0.1), Fan(1, 0, 0, 1.1)}), 0.5f).size(), 0u);
  // 0.5 and 1.5 are exact: d = 1, linked.
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 0, 0, 0.5), Fan(1, 0, 0, 1.5)}), 0.5f).size(), 2u);
  // Huge origins: 2^1021 on both and local y 0 and 1: d = 1, linked; a
  // huge origin against 0: no link.
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 0, 0, 0x1p1021), Fan(1, 0, 0, 0x1p1021)}), 0.5f).size(), 2u);
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 0, 0, 0x1p1021), Fan(1, 0, 0, 0.0)}), 0.5f).size(), 0u);
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 0, 0, -0x1p1023), Fan(1, 0, 0, 0x1p1023)}), 0.5f).size(), 0u);
}

TEST(NavStitch, CrossingEdgesLink) {
  CLAUSE("nav.stitch.vertical");
  // (0,0) flat at 0; (1,0)'s side 0 rises from y = -3 at z = 0 to +3 at
  // z = 4 (y = -3 + 1.5 z on x = 0). d(0) = -3 < -1, d(4) = 3 > 1: neither
  // both above nor both below, so linked (the lines cross at z = 2).
  // Tilted only +2 .. +3 (y = 2 + z / 4): both ends above 1, no link.
  FanTileSpec b = Fan(1, 0);
  b.localY = [](float x, float z) { return x == 0.0f ? -3.0f + 1.5f * z : 0.0f; };
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 0), b}), 0.5f).size(), 2u);
  b.localY = [](float x, float z) { return x == 0.0f ? 2.0f + z / 4 : 0.0f; };
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 0), b}), 0.5f).size(), 0u);
  // Only part of the side overlaps: (0,0) split at 2 (ring edges 2 = [2, 4],
  // 3 = [0, 2]); (1,0)'s side 0 at y = 2 z - 3 (-3 .. 5): over [2, 4] d
  // runs 1 .. 5 (1 <= 1: linked); over [0, 2] d runs -3 .. 1, linked.
  FanTileSpec a = Fan(0, 0);
  a.sidePoints[2] = {2.0f};
  b.localY = [](float x, float z) { return x == 0.0f ? 2.0f * z - 3.0f : 0.0f; };
  EXPECT_EQ(Stitch(MeshOf({a, b}), 0.5f).size(), 4u);
  // y = 2 z - 2.5: over [2, 4] d runs 1.5 .. 5.5, both above 1: unlinked;
  // over [0, 2] d runs -2.5 .. 1.5, crossing, linked: polygon 3 only.
  b.localY = [](float x, float z) { return x == 0.0f ? 2.0f * z - 2.5f : 0.0f; };
  const std::vector<PortalLink> expected = {Link(k00, 3, k10, 0, 0.0f, 2.0f),
                                            Link(k10, 0, k00, 3, 0.0f, 2.0f)};
  EXPECT_EQ(Stitch(MeshOf({a, b}), 0.5f), expected);
}

TEST(NavStitch, EveryLayerOfTheNeighbour) {
  CLAUSE("nav.stitch.candidates");
  // (0,0) layers 0 (originY 0) and 1 (originY 10); (1,0) layer 0 at 10 and
  // layer 1 at 0.2. Heights: (0,0,0)-(1,0,1) d = 0.2, (0,0,1)-(1,0,0)
  // d = 0: linked; the other pairs differ by 9.8 or 10: not. Layers of one
  // position never link. Order: (0,0,0), (0,0,1), (1,0,0), (1,0,1).
  const NavMesh mesh =
      MeshOf({Fan(0, 0, 0, 0.0), Fan(0, 0, 1, 10.0), Fan(1, 0, 0, 10.0), Fan(1, 0, 1, 0.2)});
  const TileKey a0{0, 0, 0}, a1{0, 0, 1}, b0{1, 0, 0}, b1{1, 0, 1};
  const std::vector<PortalLink> expected = {
      Link(a0, 2, b1, 0, 0.0f, 4.0f), Link(a1, 2, b0, 0, 0.0f, 4.0f),
      Link(b0, 0, a1, 2, 0.0f, 4.0f), Link(b1, 0, a0, 2, 0.0f, 4.0f)};
  EXPECT_EQ(Stitch(mesh, 0.5f), expected);
}

TEST(NavStitch, AbsentOrNonAdjacentNeighbours) {
  CLAUSE("nav.stitch.candidates");
  // A single tile, tiles two apart, diagonal tiles: no side is shared.
  EXPECT_TRUE(Stitch(MeshOf({Fan(0, 0)}), 0.5f).empty());
  EXPECT_TRUE(Stitch(MeshOf({Fan(0, 0), Fan(2, 0)}), 0.5f).empty());
  EXPECT_TRUE(Stitch(MeshOf({Fan(0, 0), Fan(1, 1)}), 0.5f).empty());
  EXPECT_TRUE(Stitch(NavMesh{}, 0.5f).empty());
  // The last column: tileX = 2^31 - 1 has no x + 1 (and (-2^31) none at
  // x - 1): no wrap-around to the other end.
  FanTileSpec a = Fan(0, 0), b = Fan(0, 0);
  a.tileX = std::numeric_limits<std::int32_t>::max();
  b.tileX = std::numeric_limits<std::int32_t>::min();
  EXPECT_TRUE(Stitch(MeshOf({a, b}), 0.5f).empty());
  // A wall on the side (ring edge 2 of (0,0)) is not a portal: no link.
  FanTileSpec walled = Fan(0, 0);
  walled.wall = [](int e) { return e == 2; };
  EXPECT_TRUE(Stitch(MeshOf({walled, Fan(1, 0)}), 0.5f).empty());
}

TEST(NavStitch, OnlyTilesOfOneGrid) {
  CLAUSE("nav.stitch.candidates");
  // originZ differs (along origin of sides 0 and 2): no link; tileSize
  // differs: no link; originX (across) differs: linked, keys place tiles.
  FanTileSpec b = Fan(1, 0);
  b.origin.z = 0.5;
  EXPECT_TRUE(Stitch(MeshOf({Fan(0, 0), b}), 0.5f).empty());
  b = Fan(1, 0);
  b.tileSize = 5.0f;
  EXPECT_TRUE(Stitch(MeshOf({Fan(0, 0), b}), 0.5f).empty());
  b = Fan(1, 0);
  b.origin.x = 100.0;
  EXPECT_EQ(Stitch(MeshOf({Fan(0, 0), b}), 0.5f).size(), 2u);
}

TEST(NavStitch, ClimbErrors) {
  CLAUSE("nav.stitch");
  const NavMesh mesh = MeshOf({Fan(0, 0), Fan(1, 0)});
  auto argumentOf = [&](float climb) {
    try {
      Stitch(mesh, climb);
    } catch (const onepath::ArgumentOutOfRangeException& e) {
      return std::string("AOORE ") + *e.fields().argument;
    } catch (const onepath::ArgumentException& e) {
      return std::string("AE ") + *e.fields().argument;
    }
    return std::string("none");
  };
  EXPECT_EQ(argumentOf(std::numeric_limits<float>::quiet_NaN()), "AE climb");
  EXPECT_EQ(argumentOf(std::numeric_limits<float>::infinity()), "AE climb");
  EXPECT_EQ(argumentOf(-0.25f), "AOORE climb");
  EXPECT_EQ(argumentOf(-0.0f), "none");
}

}  // namespace
