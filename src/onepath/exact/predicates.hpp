// Exact orientation and in-circle predicates (docs/spec/predicates.md).
#pragma once

#include <cstdint>

#include "onepath/core/int128.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/core/vector2d.hpp"

namespace onepath::exact {

// pred.domain: every coordinate is 0 or has magnitude in
// [kPredicateDomainMin, kPredicateDomainMax] = [2^-200, 2^200]. (Grid
// coordinates up to 2^39 units, their double values i * 2^-SnapBits, and
// every finite float32 value widened to double are all inside.)
bool InPredicateDomain(double v);

// pred.orient2d: sign of det [[ax - cx, ay - cy], [bx - cx, by - cy]]:
// +1 when a, b, c turn counter-clockwise, -1 clockwise, 0 collinear.
// Precondition: pred.domain (not checked here; see CheckedOrient2D).
int Orient2D(Vector2D a, Vector2D b, Vector2D c);

// pred.incircle: sign of
//   | ax-dx  ay-dy  (ax-dx)^2 + (ay-dy)^2 |
//   | bx-dx  by-dy  (bx-dx)^2 + (by-dy)^2 |
//   | cx-dx  cy-dy  (cx-dx)^2 + (cy-dy)^2 |
// +1 when d lies inside the circle through a, b, c taken counter-clockwise
// (or outside it when a, b, c run clockwise), -1 on the other side, 0 on it.
// Precondition: pred.domain.
int InCircle(Vector2D a, Vector2D b, Vector2D c, Vector2D d);

// pred.orient2d.int: the same sign for integer grid coordinates with
// |coordinate| <= 2^61, computed in 128-bit integers (core/int128.hpp).
// Inline: the arrangement and the labelling
// call it in their inner loops.
inline int Orient2DInt(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by,
                       std::int64_t cx, std::int64_t cy) {
  // |differences| <= 2^62, products <= 2^124, their difference <= 2^125:
  // no 128-bit overflow.
  Int128 left = static_cast<Int128>(ax - cx) * (by - cy);
  Int128 right = static_cast<Int128>(ay - cy) * (bx - cx);
  return (left > right) - (left < right);
}

// pred.incircle on integer coordinates of magnitude at most 2^53 (each an
// exact double, so pred.domain holds): the exact sign, in 64- and 128-bit
// integers when every coordinate difference to d is below 2^30, else from
// InCircle on the coordinates as doubles. Inline, like Orient2DInt: the
// CDT calls it in its inner loops.
inline int InCircleInt(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by,
                       std::int64_t cx, std::int64_t cy, std::int64_t dx, std::int64_t dy) {
  // With every difference below 2^30 in magnitude the lifts and the 2 x 2
  // minors stay below 2^61 (int64) and the three products below 2^122:
  // the determinant of pred.incircle, exactly, in 128 bits.
  constexpr std::int64_t kSmall = std::int64_t{1} << 30;
  const std::int64_t adx = ax - dx, ady = ay - dy, bdx = bx - dx, bdy = by - dy;
  const std::int64_t cdx = cx - dx, cdy = cy - dy;
  auto small = [](std::int64_t v) { return v > -kSmall && v < kSmall; };
  if (small(adx) && small(ady) && small(bdx) && small(bdy) && small(cdx) && small(cdy)) {
    const std::int64_t alift = adx * adx + ady * ady;
    const std::int64_t blift = bdx * bdx + bdy * bdy;
    const std::int64_t clift = cdx * cdx + cdy * cdy;
    const Int128 det = static_cast<Int128>(alift) * (bdx * cdy - cdx * bdy) +
                       static_cast<Int128>(blift) * (cdx * ady - adx * cdy) +
                       static_cast<Int128>(clift) * (adx * bdy - bdx * ady);
    return (det > 0) - (det < 0);
  }
  auto d = [](std::int64_t v) { return static_cast<double>(v); };
  return InCircle({d(ax), d(ay)}, {d(bx), d(by)}, {d(cx), d(cy)}, {d(dx), d(dy)});
}

// pred.domain checked: throws ArgumentOutOfRangeException naming the
// argument ("a".."d"), the vertex (argument index) and the value.
int CheckedOrient2D(Vector2D a, Vector2D b, Vector2D c);
int CheckedInCircle(Vector2D a, Vector2D b, Vector2D c, Vector2D d);

// The exact (slow) paths, exposed for tests: they must agree with the
// filtered functions on every input of the domain.
int Orient2DExact(Vector2D a, Vector2D b, Vector2D c);
int InCircleExact(Vector2D a, Vector2D b, Vector2D c, Vector2D d);

}  // namespace onepath::exact
