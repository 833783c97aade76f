// grid.*: the snap grid, checked on hand-computed values (docs/spec/grid.md).
//
// Notation: at SnapBits s one grid unit is 2^-s, so "1.5 units" at s = 16 is
// the double 3 * 2^-17, which the hex literal 0x3p-17 writes exactly.
// Ties to even: a value exactly halfway between two integers goes to the
// even one, so 0.5 -> 0, 1.5 -> 2, 2.5 -> 2, 3.5 -> 4 and the negatives
// likewise (-0.5 -> 0, -1.5 -> -2, -2.5 -> -2, -3.5 -> -4).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "conformance/runner/operations.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/error_fields.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/geom2d/arrangement.hpp"
#include "onepath/geom2d/internal/grid.hpp"

using namespace onepath;
using namespace onepath::geom2d;
using onepath::checks::OutOfRangeFields;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::int64_t kTwoTo37 = std::int64_t{1} << 37;

// err.fields: exactly the wanted fields are set, with the wanted values
// (compared through the golden JSON form, in which NaN equals NaN).
void ExpectFields(const ErrorFields& got, const ErrorFields& want) {
  EXPECT_EQ(conformance::ErrorFieldsToJson(got), conformance::ErrorFieldsToJson(want));
}

std::int64_t Snap16(double v) { return SnapCoordinate(v, 16); }
std::int64_t Snap0(double v) { return SnapCoordinate(v, 0); }

}  // namespace

// --- grid.snapbits ------------------------------------------------------------

TEST(Grid, SnapBitsFromZeroToSixteen) {
  CLAUSE("grid.snapbits");
  EXPECT_EQ(kDefaultSnapBits, 16);
  EXPECT_EQ(CheckSnapBits(0), 0);
  EXPECT_EQ(CheckSnapBits(16), 16);
  EXPECT_EQ(CheckSnapBits(7), 7);
}

TEST(Grid, SnapBitsOutsideTheRangeNameTheSetting) {
  CLAUSE("grid.snapbits err.fields");
  // One below and one above 0..16; only setting and value are set.
  ExpectFields(OutOfRangeFields([] { CheckSnapBits(-1); }), {.value = -1.0, .setting = "SnapBits"});
  ExpectFields(OutOfRangeFields([] { CheckSnapBits(17); }), {.value = 17.0, .setting = "SnapBits"});
}

// --- grid.snap ----------------------------------------------------------------

TEST(Grid, TiesGoToEvenAtSixteenBits) {
  CLAUSE("grid.snap");
  // k half units: 0x{k}p-17 * 2^16 = k / 2 exactly.
  EXPECT_EQ(Snap16(0x1p-17), 0);   // 0.5 -> 0
  EXPECT_EQ(Snap16(0x3p-17), 2);   // 1.5 -> 2
  EXPECT_EQ(Snap16(0x5p-17), 2);   // 2.5 -> 2
  EXPECT_EQ(Snap16(0x7p-17), 4);   // 3.5 -> 4
  EXPECT_EQ(Snap16(-0x1p-17), 0);  // -0.5 -> 0
  EXPECT_EQ(Snap16(-0x3p-17), -2);
  EXPECT_EQ(Snap16(-0x5p-17), -2);
  EXPECT_EQ(Snap16(-0x7p-17), -4);
  // 1000.5 units -> 1000 (even below), 1001.5 units -> 1002 (even above).
  EXPECT_EQ(Snap16(1000.5 * 0x1p-16), 1000);
  EXPECT_EQ(Snap16(1001.5 * 0x1p-16), 1002);
  // Near the top of the range: 2^21 - 2^-17 is a double (the spacing of
  // doubles below 2^21 is 2^-32) and is 2^37 - 1/2 units: the even
  // neighbour is 2^37. 2^21 - 3 * 2^-17 is 2^37 - 3/2 units: 2^37 - 2.
  EXPECT_EQ(Snap16(0x1p21 - 0x1p-17), kTwoTo37);
  EXPECT_EQ(Snap16(0x1p21 - 0x3p-17), kTwoTo37 - 2);
  EXPECT_EQ(Snap16(-(0x1p21 - 0x1p-17)), -kTwoTo37);
}

TEST(Grid, TiesGoToEvenAtZeroBits) {
  CLAUSE("grid.snap grid.snapbits");
  // At SnapBits 0 the unit is 1: the value itself is rounded.
  EXPECT_EQ(Snap0(0.5), 0);
  EXPECT_EQ(Snap0(1.5), 2);
  EXPECT_EQ(Snap0(2.5), 2);
  EXPECT_EQ(Snap0(3.5), 4);
  EXPECT_EQ(Snap0(-0.5), 0);
  EXPECT_EQ(Snap0(-1.5), -2);
  EXPECT_EQ(Snap0(-2.5), -2);
  // 2^20 + 1/2 (a double: the spacing at 2^20 is 2^-32): even 2^20.
  EXPECT_EQ(Snap0(0x1p20 + 0.5), std::int64_t{1} << 20);
}

TEST(Grid, ValuesBesideATieGoToTheNearerInteger) {
  CLAUSE("grid.snap");
  // One double above or below a tie is no longer a tie.
  EXPECT_EQ(Snap16(std::nextafter(0x1p-17, 1.0)), 1);  // 0.5 + 2^-53 units
  EXPECT_EQ(Snap16(std::nextafter(0x1p-17, 0.0)), 0);
  EXPECT_EQ(Snap16(std::nextafter(0x5p-17, 1.0)), 3);  // just above 2.5 units
  EXPECT_EQ(Snap16(std::nextafter(0x5p-17, 0.0)), 2);
  EXPECT_EQ(Snap16(std::nextafter(-0x5p-17, -1.0)), -3);
  EXPECT_EQ(Snap16(std::nextafter(-0x5p-17, 0.0)), -2);
  // 0.5 + 2^-53 -> 1, 0.5 - 2^-54 -> 0; 2.5 + 2^-51 -> 3; -2.5 - 2^-51 -> -3.
  EXPECT_EQ(Snap0(std::nextafter(0.5, 1.0)), 1);
  EXPECT_EQ(Snap0(std::nextafter(0.5, 0.0)), 0);
  EXPECT_EQ(Snap0(std::nextafter(2.5, 3.0)), 3);
  EXPECT_EQ(Snap0(std::nextafter(-2.5, -3.0)), -3);
  EXPECT_EQ(Snap0(std::nextafter(-2.5, 0.0)), -2);
  // Below the tie 2^21 - 2^-17 by one double (2^-32): 2^37 - 1/2 - 2^-16
  // units, nearest 2^37 - 1 (odd; no tie, so evenness does not enter).
  EXPECT_EQ(Snap16(std::nextafter(0x1p21 - 0x1p-17, 0.0)), kTwoTo37 - 1);
}

// --- grid.coordinates ---------------------------------------------------------

TEST(Grid, MagnitudeTwoToTheTwentyOneIsAccepted) {
  CLAUSE("grid.coordinates grid.snap");
  // 2^21 * 2^16 = 2^37, the largest snapped magnitude, well inside the
  // arrangement's 2^39.
  GridPoint p = SnapVertex({0x1p21, -0x1p21}, 16, 0, 0, 0);
  EXPECT_EQ(p, (GridPoint{kTwoTo37, -kTwoTo37}));
  EXPECT_LE(p.x, kMaxArrangementCoordinate);
  EXPECT_EQ(SnapVertex({0x1p21, -0x1p21}, 0, 0, 0, 0),
            (GridPoint{std::int64_t{1} << 21, -(std::int64_t{1} << 21)}));
  EXPECT_EQ(SnapVertex({-0.0, 0.0}, 16, 0, 0, 0), (GridPoint{0, 0}));
}

TEST(Grid, OneDoubleBeyondTwoToTheTwentyOneIsRejected) {
  CLAUSE("grid.coordinates err.fields");
  // The double after 2^21 is 2^21 + 2^-31 (53-bit significand).
  const double above = std::nextafter(0x1p21, kInf);
  EXPECT_EQ(above, 0x1p21 + 0x1p-31);
  ExpectFields(OutOfRangeFields([&] {
                 SnapVertex({above, 0.0}, 16, 0, 0, 0);
               }),
               {.outline = 0, .ring = 0, .vertex = 0, .value = above});
  ExpectFields(OutOfRangeFields([&] {
                 SnapVertex({0.0, -above}, 16, 3, 4, 5);
               }),
               {.outline = 3, .ring = 4, .vertex = 5, .value = -above});
}

TEST(Grid, NonFiniteCoordinatesNameTheirVertex) {
  CLAUSE("grid.coordinates err.fields");
  // outline, ring, vertex and value; no argument.
  ExpectFields(OutOfRangeFields([] {
                 SnapVertex({kNaN, 1.0}, 16, 2, 1, 7);
               }),
               {.outline = 2, .ring = 1, .vertex = 7, .value = kNaN});
  ExpectFields(OutOfRangeFields([] {
                 SnapVertex({1.0, kInf}, 16, 0, 3, 0);
               }),
               {.outline = 0, .ring = 3, .vertex = 0, .value = kInf});
  ExpectFields(OutOfRangeFields([] {
                 SnapVertex({-kInf, 0.0}, 0, 9, 0, 12);
               }),
               {.outline = 9, .ring = 0, .vertex = 12, .value = -kInf});
}

TEST(Grid, XIsReportedBeforeY) {
  CLAUSE("grid.coordinates");
  // Both bad: x's value is reported. Only y bad: y's.
  ExpectFields(OutOfRangeFields([] {
                 SnapVertex({kNaN, kInf}, 16, 0, 0, 1);
               }),
               {.outline = 0, .ring = 0, .vertex = 1, .value = kNaN});
  ExpectFields(OutOfRangeFields([] {
                 SnapVertex({3e6, -kInf}, 16, 0, 0, 1);
               }),
               {.outline = 0, .ring = 0, .vertex = 1, .value = 3e6});
  ExpectFields(OutOfRangeFields([] {
                 SnapVertex({1.0, 5e6}, 16, 0, 0, 1);
               }),
               {.outline = 0, .ring = 0, .vertex = 1, .value = 5e6});
}

// --- grid.value ---------------------------------------------------------------

TEST(Grid, GridValuesAreExact) {
  CLAUSE("grid.value");
  EXPECT_EQ(GridValue(1, 16), 0x1p-16);
  EXPECT_EQ(GridValue(-3, 16), -0x3p-16);
  EXPECT_EQ(GridValue(kTwoTo37, 16), 0x1p21);
  EXPECT_EQ(GridValue(std::int64_t{1} << 39, 16), 0x1p23);
  // 2^39 - 1 has 39 significant bits, so i * 2^-16 = 2^23 - 2^-16 is a double.
  EXPECT_EQ(GridValue((std::int64_t{1} << 39) - 1, 16), 0x1p23 - 0x1p-16);
  EXPECT_EQ(GridValue(5, 0), 5.0);
  EXPECT_EQ(GridValue(-5, 3), -0.625);  // -5/8
  EXPECT_FALSE(std::signbit(GridValue(0, 16)));
}

TEST(Grid, GridValuesSnapBackToThemselves) {
  CLAUSE("grid.value grid.snap");
  // i * 2^-16 * 2^16 = i exactly, an integer: no rounding at all.
  for (std::int64_t i : {std::int64_t{0}, std::int64_t{1}, std::int64_t{-1}, std::int64_t{12345},
                         std::int64_t{0x1234567891}, kTwoTo37 - 1, -(kTwoTo37 - 1), kTwoTo37}) {
    EXPECT_EQ(Snap16(GridValue(i, 16)), i) << i;
  }
  for (std::int64_t i : {std::int64_t{-7}, std::int64_t{1} << 21}) {
    EXPECT_EQ(Snap0(GridValue(i, 0)), i) << i;
  }
}

// --- grid.construct -----------------------------------------------------------

TEST(Grid, ExtremeSnappedInputIsConstructedWithoutOverflow) {
  CLAUSE("grid.construct grid.snap arr.round");
  // The largest public input, 2^21 at SnapBits 16, snaps to B = 2^37 units,
  // inside the 2^39 the constructions are sized for. The diagonal
  // (-B,-B) -> (B,B) (operand 0) and (-B,B) -> (B-1,-B) (operand 1) cross
  // where y = x on the second: with t = 2B / (4B - 1),
  // x = y = -B + t (2B - 1) = -B / (4B - 1), about -1/4; floor(-1/4 + 1/2) = 0,
  // so the crossing rounds to (0,0), whose pixel both edges meet. Vertices
  // in (x, y) order: (-B,-B) 0, (-B,B) 1, (0,0) 2, (B-1,-B) 3, (B,B) 4; all
  // four pieces run forward (from the smaller vertex), so every count is +1.
  const GridPoint lo = SnapVertex({-0x1p21, -0x1p21}, 16, 0, 0, 0);
  const GridPoint hi = SnapVertex({0x1p21, 0x1p21}, 16, 0, 0, 1);
  const std::int64_t b = hi.x;
  ASSERT_EQ(b, kTwoTo37);
  ASSERT_LE(b, kMaxArrangementCoordinate);
  const std::vector<TaggedEdge> edges = {{lo, hi, 0}, {{-b, b}, {b - 1, -b}, 1}};
  // Compared through arr.output's canonical bytes: vertices, then segments
  // (a, b, n0, n1).
  const Arrangement want = {{{-b, -b}, {-b, b}, {0, 0}, {b - 1, -b}, {b, b}},
                            {{0, 2, 1, 0}, {1, 2, 0, 1}, {2, 3, 0, 1}, {2, 4, 1, 0}}};
  EXPECT_EQ(CanonicalBytes(BuildArrangement(edges)), CanonicalBytes(want));
  // Reported back as doubles, the extremes are exact (grid.value).
  EXPECT_EQ(GridValue(b - 1, 16), 0x1p21 - 0x1p-16);
}

// --- grid.same-snapbits -------------------------------------------------------

TEST(Grid, OperandsMustShareSnapBits) {
  CLAUSE("grid.same-snapbits err.types err.fields");
  CheckSameSnapBits(16, 16);
  CheckSameSnapBits(0, 0);
  for (auto [first, second] : {std::pair{16, 12}, std::pair{12, 16}}) {
    try {
      CheckSameSnapBits(first, second);
      ADD_FAILURE() << "no exception for " << first << ", " << second;
    } catch (const ArgumentException& e) {
      // A plain ArgumentException, not the out-of-range kind; the value is
      // the second operand's.
      EXPECT_STREQ(e.typeName(), "ArgumentException");
      ExpectFields(e.fields(), {.value = double(second), .setting = "SnapBits"});
    }
  }
}

// --- grid.tilemap-lines -------------------------------------------------------

TEST(Grid, TileMapLinesAreSnappedOnce) {
  CLAUSE("grid.tilemap-lines grid.snap");
  // origin 0.25, cell 0.5: lines 0.25, 0.75, 1.25, 1.75, 2.25, all exact;
  // times 2^16: 16384, 49152, 81920, 114688, 147456. Four cells, five
  // lines: cell k spans lines k and k + 1, so neighbours share line k + 1.
  EXPECT_EQ(SnapTileMapLines(0.25, 0.5, 4, 16, Axis::kX),
            (std::vector<std::int64_t>{16384, 49152, 81920, 114688, 147456}));
  // No cells: the one line at the origin (0.1 * 2^16 = 6553.6... -> 6554).
  EXPECT_EQ(SnapTileMapLines(0.1, 0.5, 0, 16, Axis::kY), (std::vector<std::int64_t>{6554}));
}

TEST(Grid, TileMapLinesRoundTheProductAndTheSumSeparately) {
  CLAUSE("grid.tilemap-lines num.no-contraction");
  // SnapBits 0, cell c = 1 + 2^-52, origin o = -3.5 - 2^-50 (both doubles:
  // the spacing is 2^-52 in [1, 2) and 2^-51 in [2, 4)).
  // Line 3: 3c = 3 + 1.5 * 2^-51 lies halfway between the doubles
  // 3 + 2^-51 and 3 + 2^-50; ties to even gives 3 + 2^-50. Then
  // o + (3 + 2^-50) = -0.5 exactly, which snaps to 0 (tie, even).
  // A fused multiply-add would round o + 3c = -0.5 - 2^-52 once (a double)
  // and snap it to -1.
  // Lines 0..2 are at -3.5 - 2^-50, -2.5 - 2^-50 and -1.5 - 2^-51 (within
  // rounding), each just beyond a half unit: -4, -3, -2.
  const double c = 1.0 + 0x1p-52;
  const double o = -3.5 - 0x1p-50;
  EXPECT_EQ(SnapTileMapLines(o, c, 3, 0, Axis::kX), (std::vector<std::int64_t>{-4, -3, -2, 0}));
  // The sum is rounded before snapping: 2^-40 + (2^20 + 1/2) is within half
  // a double spacing (2^-33) of 2^20 + 1/2, so line 1 is that tie and
  // snaps to the even 2^20; the exact sum would snap to 2^20 + 1.
  EXPECT_EQ(SnapTileMapLines(0x1p-40, 0x1p20 + 0.5, 1, 0, Axis::kY),
            (std::vector<std::int64_t>{0, std::int64_t{1} << 20}));
}

TEST(Grid, OneUnitCellsOnHalfUnitsCollapseInPairs) {
  CLAUSE("grid.tilemap-lines grid.snap");
  // Cell size one unit (2^-16), origin half a unit (2^-17): line i is at
  // i + 1/2 units, all ties: 0.5 -> 0, 1.5 -> 2, 2.5 -> 2, 3.5 -> 4,
  // 4.5 -> 4. Lines 1 and 2 (and 3 and 4) meet: cells 1 and 3 have no width.
  EXPECT_EQ(SnapTileMapLines(0x1p-17, 0x1p-16, 4, 16, Axis::kX),
            (std::vector<std::int64_t>{0, 2, 2, 4, 4}));
  // The same at SnapBits 0 below zero: -2.5 -> -2, -1.5 -> -2, -0.5 -> 0,
  // 0.5 -> 0.
  EXPECT_EQ(SnapTileMapLines(-2.5, 1.0, 3, 0, Axis::kY), (std::vector<std::int64_t>{-2, -2, 0, 0}));
}

TEST(Grid, CellSizeOfOneGridUnitIsTheBoundary) {
  CLAUSE("grid.tilemap-lines err.fields");
  // Exactly one unit is accepted; the double just below it is not.
  EXPECT_EQ(SnapTileMapLines(0.0, 0x1p-16, 2, 16, Axis::kX), (std::vector<std::int64_t>{0, 1, 2}));
  EXPECT_EQ(SnapTileMapLines(0.0, 1.0, 2, 0, Axis::kX), (std::vector<std::int64_t>{0, 1, 2}));
  const double below16 = std::nextafter(0x1p-16, 0.0);
  ExpectFields(OutOfRangeFields([&] { SnapTileMapLines(0.0, below16, 2, 16, Axis::kX); }),
               {.argument = "cellSize", .value = below16});
  const double below0 = std::nextafter(1.0, 0.0);
  ExpectFields(OutOfRangeFields([&] { SnapTileMapLines(0.0, below0, 2, 0, Axis::kX); }),
               {.argument = "cellSize", .value = below0});
  // One unit at SnapBits 16 is far below one unit at SnapBits 0.
  ExpectFields(OutOfRangeFields([] { SnapTileMapLines(0.0, 0x1p-16, 2, 0, Axis::kX); }),
               {.argument = "cellSize", .value = 0x1p-16});
}

TEST(Grid, CellSizeZeroNegativeOrNotFiniteIsRejected) {
  CLAUSE("grid.tilemap-lines err.fields");
  for (double size : {0.0, -0.0, -1.0, kNaN, kInf, -kInf}) {
    ExpectFields(OutOfRangeFields([&] { SnapTileMapLines(0.0, size, 1, 16, Axis::kX); }),
                 {.argument = "cellSize", .value = size});
  }
  // The cell size is checked before any line (here line 0, a NaN origin).
  ExpectFields(OutOfRangeFields([] { SnapTileMapLines(kNaN, 0.0, 1, 16, Axis::kY); }),
               {.argument = "cellSize", .value = 0.0});
}

TEST(Grid, LinesBeyondTheRangeNameTheirIndex) {
  CLAUSE("grid.tilemap-lines grid.coordinates err.fields");
  // origin 2^21 - 1, cell 1/2: lines 2^21 - 1, 2^21 - 1/2, 2^21 (accepted),
  // 2^21 + 1/2 (line 3, rejected).
  ExpectFields(OutOfRangeFields([] { SnapTileMapLines(0x1p21 - 1.0, 0.5, 4, 16, Axis::kX); }),
               {.argument = "gridLine.x", .vertex = 3, .value = 2097152.5});
  ExpectFields(OutOfRangeFields([] { SnapTileMapLines(0x1p21 - 2.0, 1.0, 5, 0, Axis::kY); }),
               {.argument = "gridLine.y", .vertex = 3, .value = 2097153.0});
  // The last accepted line is exactly 2^21: 2^21 * 2^16 = 2^37.
  EXPECT_EQ(SnapTileMapLines(0x1p21 - 1.0, 0.5, 2, 16, Axis::kX).back(), kTwoTo37);
  // A bad origin is line 0 (o + 0 * c = o).
  ExpectFields(OutOfRangeFields([] { SnapTileMapLines(-kInf, 1.0, 3, 16, Axis::kX); }),
               {.argument = "gridLine.x", .vertex = 0, .value = -kInf});
  ExpectFields(OutOfRangeFields([] { SnapTileMapLines(kNaN, 1.0, 3, 16, Axis::kY); }),
               {.argument = "gridLine.y", .vertex = 0, .value = kNaN});
  // A huge cell: line 1 = 1e300 is finite but beyond 2^21.
  ExpectFields(OutOfRangeFields([] { SnapTileMapLines(0.0, 1e300, 2, 16, Axis::kX); }),
               {.argument = "gridLine.x", .vertex = 1, .value = 1e300});
}
