// region.*: regions from outlines and tile maps, boolean operations, on
// hand-computed cases (docs/spec/region.md). All cases use SnapBits 0, so a
// coordinate's grid value is the coordinate itself.
//
// Conventions used in the expectations: a ring's doubled signed area is the
// shoelace sum sum(x_k y_(k+1) - y_k x_(k+1)); a ring starts at its smallest
// directed edge, edges compared as (from.x, from.y, to.x, to.y); rings are
// sorted by that first edge.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "conformance/tests/clause.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/geom2d/region.hpp"

using namespace onepath;
using namespace onepath::geom2d;

namespace {

const Geometry2DOptions kUnits{.SnapBits = 0};

Outline Square(double x0, double y0, double x1, double y1) {
  return {{{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}}};
}

Region FromOne(const Outline& outline) {
  return Region::FromOutlines(std::vector<Outline>{outline}, kUnits);
}

std::vector<Ring> R(std::vector<Ring> rings) { return rings; }

}  // namespace

TEST(Region, SquareIsOneCounterClockwiseRing) {
  CLAUSE("region.from-outlines");
  CLAUSE("region.ring-order");
  // Given clockwise, starting at (4, 4): the region is the square's interior,
  // counter-clockwise, from its smallest edge (0,0) -> (4,0).
  Outline cw{{{{4, 4}, {4, 0}, {0, 0}, {0, 4}}}};
  Region r = FromOne(cw);
  EXPECT_EQ(r.Rings(), R({{{0, 0}, {4, 0}, {4, 4}, {0, 4}}}));
  EXPECT_TRUE(r.DoubledArea() == 32);  // 2 * 16
}

TEST(Region, HoleRunsClockwise) {
  CLAUSE("region.invariants");
  CLAUSE("region.outline");
  CLAUSE("region.area");
  // Even-odd: the inner square of [1,3]^2 inside [0,4]^2 is a hole whatever
  // the rings' directions (both given counter-clockwise here). The hole's
  // smallest edge is (1,1) -> (1,3) (clockwise: up the left side). Rings
  // sorted by first edge: (0,0)->(4,0) before (1,1)->(1,3).
  Outline o{{{{0, 0}, {4, 0}, {4, 4}, {0, 4}}, {{1, 1}, {3, 1}, {3, 3}, {1, 3}}}};
  Region r = FromOne(o);
  EXPECT_EQ(r.Rings(), R({{{0, 0}, {4, 0}, {4, 4}, {0, 4}}, {{1, 1}, {1, 3}, {3, 3}, {3, 1}}}));
  EXPECT_TRUE(r.DoubledArea() == 2 * (16 - 4));
}

TEST(Region, BowTieSplitsIntoTwoTrianglesAtThePinch) {
  CLAUSE("region.outline");
  CLAUSE("region.rings");
  CLAUSE("region.label-sweep");
  CLAUSE("region.boundary");
  // (0,0) -> (2,2) -> (2,0) -> (0,2) crosses itself at (1,1) (an integer: no
  // rounding). Even-odd gives the left triangle (0,0),(1,1),(0,2) and the
  // right one (1,1),(2,0),(2,2), each of area 1, touching at (1,1) (degree
  // 4, kept in both). Counter-clockwise: cross((1,1),(0,2)) = 2 > 0 and
  // cross((2,0)-(1,1),(2,2)-(1,1)) = cross((1,-1),(1,1)) = 2 > 0.
  Outline bowtie{{{{0, 0}, {2, 2}, {2, 0}, {0, 2}}}};
  Region r = FromOne(bowtie);
  EXPECT_EQ(r.Rings(), R({{{0, 0}, {1, 1}, {0, 2}}, {{1, 1}, {2, 0}, {2, 2}}}));
  EXPECT_TRUE(r.DoubledArea() == 4);
}

TEST(Region, CollinearDegreeTwoVerticesAreDropped) {
  CLAUSE("region.simplify");
  // (2,0) and (4,2) lie inside straight sides: dropped.
  Outline o{{{{0, 0}, {2, 0}, {4, 0}, {4, 2}, {4, 4}, {0, 4}}}};
  EXPECT_EQ(FromOne(o).Rings(), R({{{0, 0}, {4, 0}, {4, 4}, {0, 4}}}));
}

TEST(Region, TouchingCornersGiveSeparateRings) {
  CLAUSE("region.rings");
  CLAUSE("region.from-tilemap");
  // Checkerboard 2 x 2, cells (0,0) and (1,1) solid (row-major: index y*2+x,
  // so cells {1, 0, 0, 1}), unit cells from the origin. They touch at (1,1);
  // the clockwise-turn rule closes each square on its own.
  std::vector<std::uint8_t> cells{1, 0, 0, 1};
  Region r = Region::FromTileMap(cells, 2, 2, 1.0, {0, 0}, kUnits);
  EXPECT_EQ(r.Rings(), R({{{0, 0}, {1, 0}, {1, 1}, {0, 1}}, {{1, 1}, {2, 1}, {2, 2}, {1, 2}}}));
  EXPECT_TRUE(r.DoubledArea() == 4);
}

TEST(Region, TileMapMergesCellsAndKeepsHoles) {
  CLAUSE("region.from-tilemap");
  // 3 x 3 ring of solid cells around an empty centre, cell size 2 from
  // (-3, -3): outer square [-3,3]^2, hole [-1,1]^2. Area 36 - 4 = 32.
  std::vector<std::uint8_t> cells{1, 1, 1, 1, 0, 1, 1, 1, 1};
  Region r = Region::FromTileMap(cells, 3, 3, 2.0, {-3, -3}, kUnits);
  EXPECT_EQ(r.Rings(),
            R({{{-3, -3}, {3, -3}, {3, 3}, {-3, 3}}, {{-1, -1}, {-1, 1}, {1, 1}, {1, -1}}}));
  EXPECT_TRUE(r.DoubledArea() == 64);
}

TEST(Region, CollapsedTileMapRowAddsNothing) {
  CLAUSE("grid.tilemap-lines");
  CLAUSE("region.from-tilemap");
  // Cell size 1 unit, origin y = 0.5: lines y = 0.5, 1.5, 2.5 snap (ties to
  // even) to 0, 2, 2. So row 1 (between lines 1 and 2) has no height. With
  // one column and cells {1, 1} the region is row 0 only: [0,1] x [0,2].
  std::vector<std::uint8_t> cells{1, 1};
  Region r = Region::FromTileMap(cells, 1, 2, 1.0, {0, 0.5}, kUnits);
  EXPECT_EQ(r.Rings(), R({{{0, 0}, {1, 0}, {1, 2}, {0, 2}}}));
}

TEST(Region, BooleanOperationsOfTwoOverlappingSquares) {
  CLAUSE("region.boolean");
  CLAUSE("region.face-rule");
  // A = [0,2]^2, B = [1,3]^2, overlap [1,2]^2 (area 1): union 4 + 4 - 1 = 7,
  // intersection 1, A \ B = 3, xor = 6.
  Region a = FromOne(Square(0, 0, 2, 2)), b = FromOne(Square(1, 1, 3, 3));
  Region u = a.Union(b), i = a.Intersection(b), d = a.Difference(b), x = a.SymmetricDifference(b);
  EXPECT_TRUE(u.DoubledArea() == 14);
  EXPECT_TRUE(i.DoubledArea() == 2);
  EXPECT_TRUE(d.DoubledArea() == 6);
  EXPECT_TRUE(x.DoubledArea() == 12);
  EXPECT_EQ(u.Rings(), R({{{0, 0}, {2, 0}, {2, 1}, {3, 1}, {3, 3}, {1, 3}, {1, 2}, {0, 2}}}));
  EXPECT_EQ(i.Rings(), R({{{1, 1}, {2, 1}, {2, 2}, {1, 2}}}));
  EXPECT_EQ(d.Rings(), R({{{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}}}));
  // The xor is two L shapes touching at (1,2) and (2,1): A's part
  // (0,0),(2,0),(2,1),(1,1),(1,2),(0,2) and B's (1,2),(2,2),(2,1),(3,1),(3,3),(1,3).
  EXPECT_EQ(x.Rings(), R({{{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}},
                          {{1, 2}, {2, 2}, {2, 1}, {3, 1}, {3, 3}, {1, 3}}}));
}

TEST(Region, UnionOfOutlinesIgnoresOrder) {
  CLAUSE("region.from-outlines");
  Outline a = Square(0, 0, 2, 2), b = Square(1, 1, 3, 3);
  Region ab = Region::FromOutlines(std::vector<Outline>{a, b}, kUnits);
  Region ba = Region::FromOutlines(std::vector<Outline>{b, a}, kUnits);
  EXPECT_EQ(CanonicalBytes(ab), CanonicalBytes(ba));
  EXPECT_TRUE(ab.DoubledArea() == 14);
}

TEST(Region, SelfUnionIntersectionDifference) {
  CLAUSE("region.boolean");
  Region a = FromOne({{{{0, 0}, {5, 0}, {5, 5}, {0, 5}}, {{1, 1}, {2, 1}, {2, 2}}}});
  EXPECT_EQ(a.Union(a).Rings(), a.Rings());
  EXPECT_EQ(a.Intersection(a).Rings(), a.Rings());
  EXPECT_TRUE(a.Difference(a).IsEmpty());
  EXPECT_TRUE(a.SymmetricDifference(a).IsEmpty());
}

TEST(Region, CanonicalBytesOfASquare) {
  CLAUSE("region.canonical");
  // u8 SnapBits 0, u32 ring count 1, u32 vertex count 3, then i64 x, y
  // little-endian: (0,0), (1,0), (0,1). 1 + 4 + 4 + 3 * 16 = 57 bytes.
  Region r = FromOne({{{{0, 0}, {1, 0}, {0, 1}}}});
  std::vector<std::uint8_t> bytes = CanonicalBytes(r);
  ASSERT_EQ(bytes.size(), 57u);
  EXPECT_EQ(bytes[0], 0);
  EXPECT_EQ(bytes[1], 1);
  EXPECT_EQ(bytes[5], 3);
  EXPECT_EQ(bytes[9 + 16], 1);      // second vertex x = 1
  EXPECT_EQ(bytes[9 + 32 + 8], 1);  // third vertex y = 1
}

// --- errors ------------------------------------------------------------------

TEST(RegionErrors, RingWithTwoVertices) {
  CLAUSE("region.outline");
  std::vector<Outline> outlines{Square(0, 0, 1, 1), {{{{0, 0}, {1, 1}}}}};
  try {
    Region::FromOutlines(outlines, kUnits);
    FAIL() << "no exception";
  } catch (const ArgumentOutOfRangeException&) {
    FAIL() << "ArgumentOutOfRangeException instead of ArgumentException";
  } catch (const ArgumentException& e) {
    EXPECT_EQ(e.fields().argument, "outlines");
    EXPECT_EQ(e.fields().outline, 1);
    EXPECT_EQ(e.fields().ring, 0);
    EXPECT_EQ(e.fields().count, 2);
  }
}

TEST(RegionErrors, NonFiniteVertexIsNamed) {
  CLAUSE("grid.coordinates");
  double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<Outline> outlines{Square(0, 0, 1, 1),
                                {{{{0, 0}, {1, 0}, {1, 1}}, {{0, 0}, {1, nan}, {2, 2}}}}};
  try {
    Region::FromOutlines(outlines, kUnits);
    FAIL() << "no exception";
  } catch (const ArgumentOutOfRangeException& e) {
    EXPECT_EQ(e.fields().outline, 1);
    EXPECT_EQ(e.fields().ring, 1);
    EXPECT_EQ(e.fields().vertex, 1);
  }
}

TEST(RegionErrors, SnapBitsOutOfRangeAndMismatched) {
  CLAUSE("grid.snapbits");
  CLAUSE("grid.same-snapbits");
  EXPECT_THROW(Region::FromOutlines(std::vector<Outline>{}, {.SnapBits = 17}),
               ArgumentOutOfRangeException);
  Region a = Region::FromOutlines(std::vector<Outline>{Square(0, 0, 1, 1)}, {.SnapBits = 4});
  Region b = Region::FromOutlines(std::vector<Outline>{Square(0, 0, 1, 1)}, {.SnapBits = 5});
  try {
    a.Union(b);
    FAIL() << "no exception";
  } catch (const ArgumentOutOfRangeException&) {
    FAIL() << "ArgumentOutOfRangeException instead of ArgumentException";
  } catch (const ArgumentException& e) {
    EXPECT_EQ(e.fields().setting, "SnapBits");
    EXPECT_EQ(e.fields().value, 5.0);
  }
}

TEST(RegionErrors, TileMapSizes) {
  CLAUSE("region.from-tilemap");
  std::vector<std::uint8_t> cells{1, 0, 1};
  try {
    Region::FromTileMap(cells, 2, 2, 1.0, {0, 0}, kUnits);
    FAIL() << "no exception";
  } catch (const ArgumentOutOfRangeException&) {
    FAIL() << "ArgumentOutOfRangeException instead of ArgumentException";
  } catch (const ArgumentException& e) {
    EXPECT_EQ(e.fields().argument, "cells");
    EXPECT_EQ(e.fields().count, 3);
  }
  try {
    Region::FromTileMap(cells, -1, 3, 1.0, {0, 0}, kUnits);
    FAIL() << "no exception";
  } catch (const ArgumentOutOfRangeException& e) {
    EXPECT_EQ(e.fields().argument, "width");
    EXPECT_EQ(e.fields().value, -1.0);
  }
  // No cells: empty, but the cell size is still checked.
  EXPECT_TRUE(Region::FromTileMap({}, 0, 1000000000, 1.0, {0, 0}, kUnits).IsEmpty());
  EXPECT_THROW(Region::FromTileMap({}, 0, 0, 0.5, {0, 0}, kUnits), ArgumentOutOfRangeException);
}
