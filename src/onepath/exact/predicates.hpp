// Exact orientation and in-circle predicates (docs/spec/predicates.md).
#pragma once

#include <cstdint>

#include "onepath/core/int128.hpp"
#include "onepath/core/vector2d.hpp"

namespace onepath::exact {

// pred.domain: every coordinate is 0 or has magnitude in [2^-200, 2^200].
// (Grid coordinates up to 2^39 units, their double values i * 2^-SnapBits,
// and every finite float32 value widened to double are all inside.)
constexpr double kDomainMin = 0x1p-200;
constexpr double kDomainMax = 0x1p+200;
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

// pred.domain checked: throws ArgumentOutOfRangeException naming the
// argument ("a".."d"), the vertex (argument index) and the value.
int CheckedOrient2D(Vector2D a, Vector2D b, Vector2D c);
int CheckedInCircle(Vector2D a, Vector2D b, Vector2D c, Vector2D d);

// The exact (slow) paths, exposed for tests: they must agree with the
// filtered functions on every input of the domain.
int Orient2DExact(Vector2D a, Vector2D b, Vector2D c);
int InCircleExact(Vector2D a, Vector2D b, Vector2D c, Vector2D d);

}  // namespace onepath::exact
