// Oracle for pred.orient2d / pred.incircle: exact integer evaluation with
// Boost.Multiprecision. Shares no code with src/onepath/exact.
//
// Method: every finite double is an integer significand times a power of
// two. All coordinates of one call are brought to the smallest exponent among
// them, so each becomes a big integer and the whole call is scaled by one
// positive power of two. The determinant is a homogeneous polynomial, so its
// sign on the integers is the sign on the doubles. The polynomial is then
// evaluated with no rounding at all.
//
// Inputs must be finite (the pred.domain of the reference is a subset).
#pragma once

#include "onepath/core/vector2d.hpp"

namespace onepath::oracle {

// Sign of (ax-cx)(by-cy) - (ay-cy)(bx-cx): +1, 0 or -1.
int Orient2DBoostMp(Vector2D a, Vector2D b, Vector2D c);

// Sign of the 3x3 determinant with rows (px-dx, py-dy, (px-dx)^2+(py-dy)^2)
// for p = a, b, c: +1 when d is inside the circle through CCW a, b, c.
int InCircleBoostMp(Vector2D a, Vector2D b, Vector2D c, Vector2D d);

}  // namespace onepath::oracle
