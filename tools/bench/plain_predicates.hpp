// Plain double determinants for the benchmark baseline: the formulas of
// pred.orient2d and pred.incircle evaluated once in double, with no error
// filter and no exact fallback, so their signs can be wrong near degenerate
// input. Compiled in their own translation unit, like the library's, so
// that neither side of a comparison is inlined into the benchmark loop.
#pragma once

#include "onepath/core/vector2d.hpp"

namespace onepath::bench {

int PlainOrient2D(Vector2D a, Vector2D b, Vector2D c);
int PlainInCircle(Vector2D a, Vector2D b, Vector2D c, Vector2D d);

}  // namespace onepath::bench
