// Oracle for pred.orient2d / pred.incircle: CGAL's Epick kernel, whose
// predicates are exact for double input (filtered, with an exact fallback).
// This header must not include CGAL: only predicates_cgal.cpp does.
#pragma once

#include "onepath/core/vector2d.hpp"

namespace onepath::oracle {

// +1 counter-clockwise, -1 clockwise, 0 collinear (pred.orient2d).
int Orient2DCgal(Vector2D a, Vector2D b, Vector2D c);

// +1 when d is inside the circle through CCW a, b, c, as pred.incircle.
int InCircleCgal(Vector2D a, Vector2D b, Vector2D c, Vector2D d);

}  // namespace onepath::oracle
