#include "tools/bench/plain_predicates.hpp"

namespace onepath::bench {

namespace {

int Sign(double v) { return (v > 0) - (v < 0); }

}  // namespace

// pred.orient2d, same expression as the filtered Orient2D.
int PlainOrient2D(Vector2D a, Vector2D b, Vector2D c) {
  double left = (a.x - c.x) * (b.y - c.y);
  double right = (a.y - c.y) * (b.x - c.x);
  return Sign(left - right);
}

// pred.incircle, same expression as the filtered InCircle.
int PlainInCircle(Vector2D a, Vector2D b, Vector2D c, Vector2D d) {
  double adx = a.x - d.x, ady = a.y - d.y;
  double bdx = b.x - d.x, bdy = b.y - d.y;
  double cdx = c.x - d.x, cdy = c.y - d.y;
  double alift = adx * adx + ady * ady;
  double blift = bdx * bdx + bdy * bdy;
  double clift = cdx * cdx + cdy * cdy;
  double det = alift * (bdx * cdy - cdx * bdy) + blift * (cdx * ady - adx * cdy) +
               clift * (adx * bdy - bdx * ady);
  return Sign(det);
}

}  // namespace onepath::bench
