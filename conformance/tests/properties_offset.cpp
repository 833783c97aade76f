// RapidCheck properties of Region.Offset and Mesh2DPipeline.Shrink (offset.*,
// shrink.*; docs/spec/offset.md, shrink.md). Fixed seeds, as everywhere.
//
// Why each holds, from the text:
//  - offset.radius: distance 0 returns the region itself.
//  - offset.square on axis-parallel input with integer cells (tile maps at
//    SnapBits 0): every piece is an axis-parallel rectangle with integer
//    corners, so every crossing is a grid point and nothing rounds; the
//    offsets are then exact Minkowski sums and erosions, and a closing
//    (grow, then shrink by the same square) contains the original.
//  - offset.pieces, shrink.edges: the pieces are made per ring edge and per
//    ring vertex of the region's rings and fed to an arrangement whose
//    output does not depend on edge order, so neither the order of the
//    rings nor where a ring starts changes the bytes.
//  - region.invariants: every result passes the independent validity checker
//    (conformance/generators/region_validity.hpp).
#include <rapidcheck.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "conformance/generators/region_validity.hpp"
#include "conformance/tests/check_property.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/gen_outlines.hpp"
#include "onepath/geom2d/internal/region_access.hpp"
#include "onepath/geom2d/internal/shrink.hpp"
#include "onepath/geom2d/pipeline.hpp"
#include "onepath/geom2d/region.hpp"

namespace {

using onepath::Vector2D;
using onepath::geom2d::CanonicalBytes;
using onepath::geom2d::Mesh2DPipeline;
using onepath::geom2d::Mesh2DSettings;
using onepath::geom2d::OffsetJoin;
using onepath::geom2d::Outline;
using onepath::geom2d::Region;
using onepath::geom2d::RegionAccess;
using onepath::geom2d::Ring;
using onepath::proptest::CheckProperty;

// 1..2 outlines of 1..2 rings of 3..6 vertices in [-12, 12]^2, quarter units
// at SnapBits 2 (crossings round).
Region GenRegion() {
  return Region::FromOutlines(onepath::proptest::GenQuarterOutlines(3, 3, 7, 48), {.SnapBits = 2});
}

// Up to 7 x 7 unit cells at an integer origin, SnapBits 0.
Region GenTileMapRegion() {
  std::int64_t w = *rc::gen::inRange<std::int64_t>(1, 8), h = *rc::gen::inRange<std::int64_t>(1, 8);
  std::vector<std::uint8_t> cells;
  for (std::int64_t k = 0; k < w * h; ++k) cells.push_back(*rc::gen::inRange(0, 2));
  Vector2D origin{double(*rc::gen::inRange(-8, 9)), double(*rc::gen::inRange(-8, 9))};
  return Region::FromTileMap(cells, w, h, 1.0, origin, {.SnapBits = 0});
}

OffsetJoin GenJoin() {
  return *rc::gen::arbitrary<bool>() ? OffsetJoin::kRound : OffsetJoin::kSquare;
}

// A distance of 1/4 .. 4 units, either sign.
double GenDistance() {
  double d = *rc::gen::inRange(1, 17) / 4.0;
  return *rc::gen::arbitrary<bool>() ? d : -d;
}

}  // namespace

TEST(OffsetProperties, ZeroIsTheIdentity) {
  CLAUSE("offset.radius");
  CheckProperty(
      [] {
        Region r = GenRegion();
        RC_ASSERT(CanonicalBytes(r.Offset(0.0, GenJoin(), 0.0)) == CanonicalBytes(r));
        RC_ASSERT(CanonicalBytes(Mesh2DPipeline::Shrink(r, {.CellSize = 1, .AgentRadius = 0})) ==
                  CanonicalBytes(r));
      },
      200);
}

TEST(OffsetProperties, SquareClosingContainsTheOriginal) {
  CLAUSE("offset.square offset.pieces");
  CheckProperty(
      [] {
        Region r = GenTileMapRegion();
        double k = *rc::gen::inRange(1, 4);
        Region grown = r.Offset(k, OffsetJoin::kSquare, 0);
        Region closed = grown.Offset(-k, OffsetJoin::kSquare, 0);
        RC_ASSERT(r.Difference(closed).IsEmpty());
        // And the opening (shrink, then grow) lies inside the original.
        Region opened = r.Offset(-k, OffsetJoin::kSquare, 0).Offset(k, OffsetJoin::kSquare, 0);
        RC_ASSERT(opened.Difference(r).IsEmpty());
      },
      300);
}

TEST(OffsetProperties, RingOrderAndStartDoNotMatter) {
  CLAUSE("offset.pieces shrink.edges");
  CheckProperty(
      [] {
        Region r = GenRegion();
        std::vector<Ring> rings = r.Rings();
        std::reverse(rings.begin(), rings.end());
        for (Ring& ring : rings) {
          auto shift =
              *rc::gen::inRange<std::ptrdiff_t>(0, static_cast<std::ptrdiff_t>(ring.size()));
          std::rotate(ring.begin(), ring.begin() + shift, ring.end());
        }
        Region shuffled = RegionAccess::FromRings(rings, r.SnapBits());
        double d = GenDistance();
        OffsetJoin join = GenJoin();
        RC_ASSERT(CanonicalBytes(shuffled.Offset(d, join, 0.25)) ==
                  CanonicalBytes(r.Offset(d, join, 0.25)));
        Mesh2DSettings s{.CellSize = 0.25, .AgentRadius = std::abs(d)};
        RC_ASSERT(CanonicalBytes(Mesh2DPipeline::Shrink(shuffled, s)) ==
                  CanonicalBytes(Mesh2DPipeline::Shrink(r, s)));
      },
      200);
}

TEST(OffsetProperties, EveryResultIsAValidRegion) {
  CLAUSE("offset.pieces shrink.edges region.invariants");
  CheckProperty(
      [] {
        Region r = GenRegion();
        double d = GenDistance();
        Region offset = r.Offset(d, GenJoin(), *rc::gen::element(0.0, 0.05, 0.5));
        RC_ASSERT(onepath::gen::CheckRegionValidity(offset).ok());
        Mesh2DSettings s{.CellSize = *rc::gen::element(0.05, 0.25, 1.0),
                         .AgentRadius = std::abs(d)};
        RC_ASSERT(onepath::gen::CheckRegionValidity(Mesh2DPipeline::Shrink(r, s)).ok());
      },
      200);
}
