// The only translation unit that includes CGAL for the predicate oracle.
#include "oracles/cgal/predicates_cgal.hpp"

#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>

namespace onepath::oracle {

namespace {

using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
using Point = Kernel::Point_2;

Point ToPoint(Vector2D v) { return Point(v.x, v.y); }

}  // namespace

int Orient2DCgal(Vector2D a, Vector2D b, Vector2D c) {
  // CGAL::LEFT_TURN (POSITIVE) means a, b, c counter-clockwise: our +1.
  CGAL::Orientation o = CGAL::orientation(ToPoint(a), ToPoint(b), ToPoint(c));
  if (o == CGAL::LEFT_TURN) return 1;
  if (o == CGAL::RIGHT_TURN) return -1;
  return 0;
}

int InCircleCgal(Vector2D a, Vector2D b, Vector2D c, Vector2D d) {
  // ON_POSITIVE_SIDE: d is on the bounded side of the circle through a, b, c
  // when they run counter-clockwise, which is our +1 (pred.incircle). CGAL
  // evaluates the sign of the 4x4 lifted determinant with rows a, b, c, d,
  // which equals our 3x3 determinant translated by d. The unit and
  // differential tests check the mapping on hand-computed cases.
  CGAL::Oriented_side s =
      CGAL::side_of_oriented_circle(ToPoint(a), ToPoint(b), ToPoint(c), ToPoint(d));
  if (s == CGAL::ON_POSITIVE_SIDE) return 1;
  if (s == CGAL::ON_NEGATIVE_SIDE) return -1;
  return 0;
}

}  // namespace onepath::oracle
