// RapidCheck properties of regions (region.*; docs/spec/region.md). Each runs
// inside a GoogleTest test with a fixed RapidCheck seed.
//
// Why each holds, from the text:
//  - region.promise: the result depends only on the set of input edges, so
//    outline order, ring order, a ring's start vertex and its direction do
//    not change the bytes (even-odd ignores direction; the union pass sees
//    the same multiset of resolved edges).
//  - region.from-tilemap: the boundary of the solid cells is the boundary of
//    the union of their squares; axis-parallel unit-grid squares need no
//    rounding (crossings are grid points, no edge passes near another's
//    corner), so FromOutlines of the squares gives the same rings.
//  - region.boolean on axis-parallel input on the grid (tile maps): every
//    crossing is a grid point, so the operations are exact set operations:
//    idempotence, commutativity, inclusion-exclusion of the areas, and
//    A xor B = (A \ B) u (B \ A) hold exactly.
//  - region.invariants: every result passes the independent validity
//    checker (conformance/generators/region_validity.hpp).
//  - region.face-rule is symmetric in the operands for union, intersection
//    and xor, and the arrangement does not depend on which operand an edge
//    belongs to: swapping the operands gives the same bytes, also on input
//    that needs rounding.
#include <rapidcheck.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "conformance/generators/region_validity.hpp"
#include "conformance/generators/tile_squares.hpp"
#include "conformance/tests/check_property.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/gen_outlines.hpp"
#include "onepath/geom2d/region.hpp"

namespace {

using onepath::Vector2D;
using onepath::geom2d::CanonicalBytes;
using onepath::geom2d::Geometry2DOptions;
using onepath::geom2d::Outline;
using onepath::geom2d::Region;
using onepath::proptest::CheckProperty;

const Geometry2DOptions kUnits{.SnapBits = 0};

struct TileMap {
  std::int64_t width, height;
  std::vector<std::uint8_t> cells;
  double cellSize;
  Vector2D origin;
};

// Up to 7 x 7 cells of size 1..3 units at an integer origin in [-8, 8]^2.
TileMap GenTileMap() {
  TileMap m;
  m.width = *rc::gen::inRange<std::int64_t>(1, 8);
  m.height = *rc::gen::inRange<std::int64_t>(1, 8);
  int percent = *rc::gen::element(25, 50, 75);
  for (std::int64_t k = 0; k < m.width * m.height; ++k)
    m.cells.push_back(*rc::gen::inRange(0, 100) < percent ? 1 : 0);
  m.cellSize = *rc::gen::inRange(1, 4);
  m.origin = {double(*rc::gen::inRange(-8, 9)), double(*rc::gen::inRange(-8, 9))};
  return m;
}

Region FromMap(const TileMap& m) {
  return Region::FromTileMap(m.cells, m.width, m.height, m.cellSize, m.origin, kUnits);
}

// 1..3 outlines of 1..3 rings of 3..6 vertices in [-12, 12]^2 (quarter units
// at SnapBits 2, so crossings need rounding).
std::vector<Outline> GenOutlines() { return onepath::proptest::GenQuarterOutlines(4, 4, 7, 48); }

const Geometry2DOptions kQuarters{.SnapBits = 2};

}  // namespace

TEST(RegionProperties, OrderStartAndDirectionDoNotMatter) {
  CLAUSE("region.promise");
  CLAUSE("region.from-outlines");
  CheckProperty(
      [] {
        std::vector<Outline> outlines = GenOutlines();
        Region region = Region::FromOutlines(outlines, kQuarters);
        RC_ASSERT(onepath::gen::CheckRegionValidity(region).ok());
        auto expected = CanonicalBytes(region);
        std::vector<Outline> changed = onepath::proptest::ShuffleOutlines(outlines);
        RC_ASSERT(CanonicalBytes(Region::FromOutlines(changed, kQuarters)) == expected);
      },
      300);
}

TEST(RegionProperties, TileMapEqualsOutlinesOfItsSquares) {
  CLAUSE("region.from-tilemap");
  CheckProperty(
      [] {
        TileMap m = GenTileMap();
        std::vector<Outline> squares =
            onepath::gen::SolidCellSquares(m.cells, m.width, m.height, m.cellSize, m.origin);
        RC_ASSERT(CanonicalBytes(FromMap(m)) ==
                  CanonicalBytes(Region::FromOutlines(squares, kUnits)));
      },
      500);
}

TEST(RegionProperties, BooleanIdentitiesOnTileMaps) {
  CLAUSE("region.boolean");
  CLAUSE("region.face-rule");
  CheckProperty(
      [] {
        Region a = FromMap(GenTileMap()), b = FromMap(GenTileMap());
        RC_ASSERT(a.Union(a).Rings() == a.Rings());
        RC_ASSERT(a.Intersection(a).Rings() == a.Rings());
        RC_ASSERT(a.Difference(a).IsEmpty());
        Region u = a.Union(b), i = a.Intersection(b), d = a.Difference(b), e = b.Difference(a);
        Region x = a.SymmetricDifference(b);
        for (const Region* r : {&a, &b, &u, &i, &d, &e, &x})
          RC_ASSERT(onepath::gen::CheckRegionValidity(*r).ok());
        RC_ASSERT(u.DoubledArea() + i.DoubledArea() == a.DoubledArea() + b.DoubledArea());
        RC_ASSERT(d.DoubledArea() + i.DoubledArea() == a.DoubledArea());
        RC_ASSERT(x.Rings() == d.Union(e).Rings());
        RC_ASSERT(u.Rings() == b.Union(a).Rings());
      },
      300);
}

TEST(RegionProperties, OperandOrderDoesNotMatter) {
  CLAUSE("region.boolean");
  CheckProperty(
      [] {
        Region a = Region::FromOutlines(GenOutlines(), kQuarters);
        Region b = Region::FromOutlines(GenOutlines(), kQuarters);
        RC_ASSERT(CanonicalBytes(a.Union(b)) == CanonicalBytes(b.Union(a)));
        RC_ASSERT(CanonicalBytes(a.Intersection(b)) == CanonicalBytes(b.Intersection(a)));
        RC_ASSERT(CanonicalBytes(a.SymmetricDifference(b)) ==
                  CanonicalBytes(b.SymmetricDifference(a)));
      },
      300);
}
