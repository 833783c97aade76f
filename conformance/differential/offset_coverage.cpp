// Coverage of the round offset and of the build's shrink against the exact
// erosion by a disc (offset.*, shrink.*, shrink.bounds), bracketed by the
// independent Clipper oracle (oracles/clipper/erosion_clipper: inscribed and
// circumscribed polygons of >= 1024 vertices per circle).
//
// The spec's figures, reproduced on our generators:
//  - the shrink's area within +-0.1 % of the exact eroded area on the pillar
//    rooms with 16 vertices per circle, +-0.2 % with the octagon (where the
//    circumscribed polygons of Region.Offset lose up to about 2 %);
//  - the shrink's area close to the exact eroded area on the noisy tile map
//    at radius 1.0 (the source reports +0.005 % on its own map; the full
//    1024 x 1024 map takes minutes in Clipper, so the test measures a 256 x
//    256 crop and DISABLED_NoisyTileMapCoverage the whole map);
//  - the shrink's removed set lies within the arc tolerance of the round
//    offset's: inside it (up to two grid units of snapping), and the round
//    offset's removed set within twice the tolerance of the shrink's (each
//    lies within the tolerance of the exact removed set).
// The tests print a table of the figures; the closing note of issue 5 quotes
// them.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "conformance/generators/noisy_tilemap.hpp"
#include "conformance/generators/pillar_rooms.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/geom2d/internal/shrink.hpp"
#include "onepath/geom2d/pipeline.hpp"
#include "onepath/geom2d/region.hpp"
#include "oracles/clipper/erosion_clipper.hpp"

namespace {

using onepath::geom2d::Mesh2DPipeline;
using onepath::geom2d::Mesh2DSettings;
using onepath::geom2d::OffsetJoin;
using onepath::geom2d::Region;
using onepath::oracle::ClipperErosionBracket;
using onepath::oracle::DiscOffsetBracket;

long double Area(const Region& r) { return static_cast<long double>(r.DoubledArea()) / 2; }

// The relative deviation of `area` from the bracket [lower, upper]: 0 inside
// it, else the distance to the nearer end over the midpoint.
long double Deviation(long double area, const DiscOffsetBracket& b) {
  const long double mid = (b.lower + b.upper) / 2;
  if (area < b.lower) return (area - b.lower) / mid;
  if (area > b.upper) return (area - b.upper) / mid;
  return 0;
}

struct Coverage {
  long double shrink = 0, offset = 0;  // relative deviations
  bool containment = true;
};

Coverage Measure(const Region& region, const Mesh2DSettings& s, const std::string& name) {
  const double r = std::ldexp(s.AgentRadius, region.SnapBits());
  const DiscOffsetBracket b = ClipperErosionBracket(region.Rings(), r);
  const double tol = Mesh2DPipeline::ShrinkArcTolerance(s);
  const Region shrunk = Mesh2DPipeline::Shrink(region, s);
  const Region offset = region.Offset(-s.AgentRadius, OffsetJoin::kRound, tol);
  Coverage c;
  c.shrink = Deviation(Area(shrunk), b);
  c.offset = Deviation(Area(offset), b);
  // Snap rounding moves a segment by up to a grid unit in either result:
  // allow two.
  const double slack = std::ldexp(2.0, -region.SnapBits());
  // The removed sets: the shrink's lies inside the round offset's (E_m lies
  // inside U_m), and the round offset's within twice the tolerance of the
  // shrink's (both polygons lie within the tolerance of the circle; a square
  // of half-side h contains the disc of radius h).
  const Region removedByShrink = region.Difference(shrunk);
  const Region removedByOffset = region.Difference(offset);
  const Region over =
      removedByShrink.Difference(removedByOffset.Offset(slack, OffsetJoin::kSquare, 0));
  const Region under =
      removedByOffset.Difference(removedByShrink.Offset(2 * tol + slack, OffsetJoin::kSquare, 0));
  c.containment = over.IsEmpty() && under.IsEmpty();
  if (!c.containment)
    std::printf(
        "  containment: removed by the shrink only %.3Le units^2, by the offset beyond "
        "2 tol %.3Le units^2\n",
        Area(over) / std::ldexp(1.0L, 2 * region.SnapBits()),
        Area(under) / std::ldexp(1.0L, 2 * region.SnapBits()));
  std::printf(
      "%-24s r = %.2f m-tol %.4f: exact %.6Lf units^2 (bracket width %.1Le), shrink %+.4Lf %%, "
      "Offset(-r, Round) %+.4Lf %%, containment %s\n",
      name.c_str(), s.AgentRadius, tol,
      (b.lower + b.upper) / 2 / std::ldexp(1.0L, 2 * region.SnapBits()),
      b.Width() / ((b.lower + b.upper) / 2), 100 * c.shrink, 100 * c.offset,
      c.containment ? "yes" : "NO");
  return c;
}

}  // namespace

TEST(OffsetCoverage, PillarRoomsWithinOneTenthOfAPercent) {
  CLAUSE("shrink.bounds shrink.lambda shrink.sector offset.round-vertex");
  long double worstOffset = 0;
  for (const onepath::gen::PillarRoom& room : onepath::gen::MakePillarRooms()) {
    const Region region = Region::FromOutlines(room.outlines);
    for (double radius : room.radii)
      for (double cell : {0.25, 0.1}) {
        Coverage c = Measure(region, {.CellSize = cell, .AgentRadius = radius},
                             room.name + " cell " + std::to_string(cell).substr(0, 4));
        // Within 0.1 % with 16 or more vertices per circle (CellSize 0.1);
        // with the octagon (CellSize 0.25 at r = 1.0) sectors that are not
        // aligned with the quadrants keep vertices 5.8 % outside the circle
        // without the compensating chords: within 0.2 % there. Always much
        // closer than the circumscribed polygons.
        const double bound = cell == 0.1 ? 0.001 : 0.002;
        EXPECT_LE(std::fabs(static_cast<double>(c.shrink)), bound) << room.name << " r " << radius;
        EXPECT_LE(std::fabs(static_cast<double>(c.shrink)),
                  std::fabs(static_cast<double>(c.offset)) / 2 + 1e-5)
            << room.name << " r " << radius;
        EXPECT_TRUE(c.containment) << room.name << " r " << radius;
        worstOffset = std::min(worstOffset, c.offset);
      }
  }
  // The circumscribed polygons remove visibly more somewhere (the reason for
  // the equal-area arcs).
  EXPECT_LT(worstOffset, -0.001);
}

void NoisyTileMapCoverage(int side) {
  const onepath::gen::TileMap map = onepath::gen::MakeNoisyTileMap(1, side, side);
  const Region region = Region::FromTileMap(map.cells, map.width, map.height, map.cellSize, {0, 0});
  Coverage c = Measure(region, {.CellSize = 0.25, .AgentRadius = 1.0},
                       "noisy " + std::to_string(side) + "^2");
  EXPECT_TRUE(c.containment);
  // Reported, and held to the pillar rooms' bound for the octagon.
  EXPECT_LE(std::fabs(static_cast<double>(c.shrink)), 0.002);
}

TEST(OffsetCoverage, NoisyTileMapCropAtRadiusOne) {
  CLAUSE("shrink.bounds shrink.arc-tolerance");
  NoisyTileMapCoverage(256);
}

TEST(OffsetCoverage, DISABLED_NoisyTileMapAtRadiusOne) { NoisyTileMapCoverage(1024); }
