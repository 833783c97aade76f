// RapidCheck properties of the snap grid (grid.snap, grid.value,
// grid.tilemap-lines). Each property runs inside a plain GoogleTest test
// with a fixed RapidCheck seed, so runs repeat exactly.
//
// Why each property holds, from the text:
//  - grid.snap is "the integer nearest to v * 2^SnapBits, ties to even";
//    RoundHalfEvenByFloor below computes that by another route (floor and a
//    comparison with 1/2 instead of the rounding mode), and scales by a
//    plain multiplication instead of ldexp.
//  - grid.value reports i * 2^-SnapBits exactly, so snapping it again gives
//    i back; the nearest integer is within half a unit; ties to even is
//    symmetric about zero.
//  - grid.tilemap-lines: origin + i * cellSize is non-decreasing in i
//    (rounded multiplication and addition are monotone for cellSize > 0),
//    and snapping is monotone, so the lines never go backwards.
#include <rapidcheck.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "conformance/tests/check_property.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/geom2d/internal/grid.hpp"

namespace {

using onepath::geom2d::Axis;
using onepath::geom2d::GridValue;
using onepath::geom2d::IsPublicCoordinate;
using onepath::geom2d::SnapCoordinate;
using onepath::geom2d::SnapTileMapLines;
using onepath::proptest::CheckProperty;

constexpr std::int64_t kTwoTo53 = std::int64_t{1} << 53;

// Ties to even by floor and comparison on the magnitude: a = f + d with
// f = floor(a) and d = a - f in [0, 1), both exact for a >= 0 (d is the
// fraction bits of a). Rounding ties to even is symmetric about zero, so
// the sign is put back at the end.
std::int64_t RoundHalfEvenByFloor(double scaled) {
  const double a = std::fabs(scaled);
  const double f = std::floor(a);
  const double d = a - f;
  auto n = static_cast<std::int64_t>(f);
  if (d > 0.5 || (d == 0.5 && n % 2 != 0)) n += 1;
  return scaled < 0 ? -n : n;
}

struct SnapCase {
  double v = 0.0;
  int snapBits = 0;
};

// A public coordinate and a SnapBits. Kind 0: k * 2^-e with |k| < 2^53 and
// e in 32..90, so |v| < 2^21 with up to 53 significant bits. Kind 1: an odd
// number of half units, |v| < 2^21 (a tie). Kinds 2 and 3: the doubles just
// above and below such a tie (still at most 2^21 in magnitude).
rc::Gen<SnapCase> AnySnapCase() {
  return rc::gen::apply(
      [](int snapBits, int kind, std::int64_t k, int e) {
        if (kind == 0) return SnapCase{std::ldexp(static_cast<double>(k % kTwoTo53), -e), snapBits};
        const std::int64_t halves = (k % (std::int64_t{1} << (22 + snapBits))) | 1;
        const double tie = std::ldexp(static_cast<double>(halves), -(snapBits + 1));
        if (kind == 1) return SnapCase{tie, snapBits};
        return SnapCase{std::nextafter(tie, kind == 2 ? 0x1p22 : -0x1p22), snapBits};
      },
      rc::gen::inRange(0, 17), rc::gen::inRange(0, 4), rc::gen::arbitrary<std::int64_t>(),
      rc::gen::inRange(32, 91));
}

}  // namespace

TEST(GridProperties, SnapIsTheNearestIntegerTiesToEven) {
  CLAUSE("grid.snap");
  CheckProperty([] {
    const SnapCase c = *AnySnapCase();
    RC_LOG() << "v = " << std::hexfloat << c.v << ", snapBits = " << c.snapBits << "\n";
    RC_ASSERT(IsPublicCoordinate(c.v));
    const double scaled = c.v * static_cast<double>(std::int64_t{1} << c.snapBits);
    RC_ASSERT(SnapCoordinate(c.v, c.snapBits) == RoundHalfEvenByFloor(scaled));
  });
}

TEST(GridProperties, SnappingAGridValueGivesItBack) {
  CLAUSE("grid.snap grid.value");
  CheckProperty([] {
    const SnapCase c = *AnySnapCase();
    RC_LOG() << "v = " << std::hexfloat << c.v << ", snapBits = " << c.snapBits << "\n";
    const std::int64_t i = SnapCoordinate(c.v, c.snapBits);
    const double g = GridValue(i, c.snapBits);
    RC_ASSERT(IsPublicCoordinate(g));
    RC_ASSERT(SnapCoordinate(g, c.snapBits) == i);
    RC_ASSERT(std::fabs(g - c.v) <= std::ldexp(0.5, -c.snapBits));
    RC_ASSERT(SnapCoordinate(-c.v, c.snapBits) == -i);
  });
}

TEST(GridProperties, TileMapLinesNeverGoBackwards) {
  CLAUSE("grid.tilemap-lines grid.snap");
  // origin = k * 2^-e with |origin| < 2^20; cellSize = m * 2^-(snapBits + 20)
  // with 2^20 <= m < 2^34, so one unit <= cellSize < 2^14 / 2^snapBits; at
  // most 64 cells, so every line stays within 2^20 + 64 * 2^14 = 2^21.
  CheckProperty([] {
    const int snapBits = *rc::gen::inRange(0, 17);
    const double origin =
        std::ldexp(static_cast<double>(*rc::gen::arbitrary<std::int64_t>() % kTwoTo53),
                   -*rc::gen::inRange(33, 91));
    const double cellSize = std::ldexp(static_cast<double>(*rc::gen::inRange<std::int64_t>(
                                           std::int64_t{1} << 20, std::int64_t{1} << 34)),
                                       -(snapBits + 20));
    const std::int64_t cells = *rc::gen::inRange<std::int64_t>(0, 65);
    RC_LOG() << std::hexfloat << "origin = " << origin << ", cellSize = " << cellSize
             << ", cells = " << cells << ", snapBits = " << snapBits << "\n";
    const std::vector<std::int64_t> lines =
        SnapTileMapLines(origin, cellSize, cells, snapBits, Axis::kX);
    RC_ASSERT(lines.size() == static_cast<std::size_t>(cells) + 1);
    for (std::int64_t i = 0; i <= cells; ++i) {
      const double line = origin + static_cast<double>(i) * cellSize;
      RC_ASSERT(lines[static_cast<std::size_t>(i)] == SnapCoordinate(line, snapBits));
      if (i > 0)
        RC_ASSERT(lines[static_cast<std::size_t>(i - 1)] <= lines[static_cast<std::size_t>(i)]);
    }
  });
}
