// The arrangement's exact tests that are not inline
// (internal/arrangement_exact.hpp says why).
#include "onepath/geom2d/internal/arrangement_exact.hpp"

namespace onepath::geom2d {

// arr.proper-crossing
bool ProperlyCross(GridPoint p1, GridPoint q1, GridPoint p2, GridPoint q2) {
  // Axis-parallel segments: parallel ones never cross properly; a
  // horizontal and a vertical one do when each passes strictly between the
  // other's ends.
  const bool h1 = p1.y == q1.y, v1 = p1.x == q1.x, h2 = p2.y == q2.y, v2 = p2.x == q2.x;
  if ((h1 || v1) && (h2 || v2)) {
    if (h1 && v2)
      return std::min(p1.x, q1.x) < p2.x && p2.x < std::max(p1.x, q1.x) &&
             std::min(p2.y, q2.y) < p1.y && p1.y < std::max(p2.y, q2.y);
    if (v1 && h2)
      return std::min(p2.x, q2.x) < p1.x && p1.x < std::max(p2.x, q2.x) &&
             std::min(p1.y, q1.y) < p2.y && p2.y < std::max(p1.y, q1.y);
    return false;
  }
  // Segments with a common end do not cross properly (the end lies on both
  // lines): the many candidate pairs of edges meeting at a vertex need no
  // orientation test.
  if (p1 == p2 || p1 == q2 || q1 == p2 || q1 == q2) return false;
  int a = Orient(p1, q1, p2);
  int b = Orient(p1, q1, q2);
  if (a == 0 || b == 0 || a == b) return false;
  int c = Orient(p2, q2, p1);
  int d = Orient(p2, q2, q1);
  return c != 0 && d != 0 && c != d;
}

// arr.round
GridPoint RoundedCrossing(GridPoint p1, GridPoint q1, GridPoint p2, GridPoint q2) {
  Int128 d1x = q1.x - p1.x, d1y = q1.y - p1.y;
  Int128 d2x = q2.x - p2.x, d2y = q2.y - p2.y;
  Int128 den = d1x * d2y - d1y * d2x;
  Int128 tnum = Int128(p2.x - p1.x) * d2y - Int128(p2.y - p1.y) * d2x;
  if (den < 0) {
    den = -den;
    tnum = -tnum;
  }
  return {p1.x + static_cast<std::int64_t>(FloorDiv(2 * tnum * d1x + den, 2 * den)),
          p1.y + static_cast<std::int64_t>(FloorDiv(2 * tnum * d1y + den, 2 * den))};
}

bool InOpenInterior(GridPoint u, GridPoint v, GridPoint c) {
  if (u.y == v.y) return c.y == u.y && std::min(u.x, v.x) < c.x && c.x < std::max(u.x, v.x);
  if (u.x == v.x) return c.x == u.x && std::min(u.y, v.y) < c.y && c.y < std::max(u.y, v.y);
  // A point strictly inside a segment that is neither horizontal nor
  // vertical lies strictly inside its box: a cheap test before the exact
  // one, as most points asked about are not near.
  if (c.x <= std::min(u.x, v.x) || c.x >= std::max(u.x, v.x) || c.y <= std::min(u.y, v.y) ||
      c.y >= std::max(u.y, v.y))
    return false;
  if (Orient(u, v, c) != 0) return false;
  Int128 dx = Int128(v.x) - u.x, dy = Int128(v.y) - u.y;
  Int128 t = (Int128(c.x) - u.x) * dx + (Int128(c.y) - u.y) * dy;
  return t > 0 && t < dx * dx + dy * dy;
}

}  // namespace onepath::geom2d
