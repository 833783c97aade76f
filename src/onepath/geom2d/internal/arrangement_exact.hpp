// The arrangement's exact tests (docs/spec/arrangement.md): proper crossings
// (arr.proper-crossing), their rounding (arr.round), whether a segment meets
// a pixel (arr.pixel), and whether a point lies inside a segment. Integer
// arithmetic on grid coordinates of magnitude at most 2^39: differences fit
// in 41 bits, their products in 82, and the crossing numerators in 123, so
// 128-bit integers never overflow. The small tests are inline; ProperlyCross,
// RoundedCrossing and InOpenInterior, called from many loops, are not
// (arrangement_exact.cpp), as the compiler kept them before the
// arrangement was split into files.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "onepath/core/int128.hpp"
#include "onepath/geom2d/grid_point.hpp"
#include "onepath/geom2d/internal/grid.hpp"

namespace onepath::geom2d {

// floor(n / d) for d > 0, in 64 bits.
inline std::int64_t FloorDiv64(std::int64_t n, std::int64_t d) {
  std::int64_t q = n / d;
  if (n % d != 0 && n < 0) q -= 1;
  return q;
}

// floor(n / d) for d > 0 (in 64 bits when both fit: a 128-bit division is
// a slow library call).
inline Int128 FloorDiv(Int128 n, Int128 d) {
  if (n == static_cast<std::int64_t>(n) && d == static_cast<std::int64_t>(d))
    return FloorDiv64(static_cast<std::int64_t>(n), static_cast<std::int64_t>(d));
  Int128 q = n / d;
  if (n % d != 0 && n < 0) q -= 1;
  return q;
}

// arr.proper-crossing: each segment's endpoints strictly on opposite sides
// of the other's line.
bool ProperlyCross(GridPoint p1, GridPoint q1, GridPoint p2, GridPoint q2);

// arr.round: X = p1 + t (q1 - p1) with t = tnum / den, tnum = (p2 - p1) x d2
// and den = d1 x d2, then per coordinate floor(X + 1/2) = p1 +
// floor((2 tnum d1 + den) / (2 den)) (p1 is an integer; the numbers stay
// small when the segments are short).
GridPoint RoundedCrossing(GridPoint p1, GridPoint q1, GridPoint p2, GridPoint q2);

// A bound on the segment parameter t: t >= num/den (lower) or t <= num/den
// (upper), strict when `open`; den > 0.
struct Bound {
  Int128 num;
  Int128 den;
  bool open;
};

// -1, 0, +1 comparing a.num/a.den with b.num/b.den.
inline int Compare(const Bound& a, const Bound& b) {
  Int128 l = a.num * b.den, r = b.num * a.den;
  return (l > r) - (l < r);
}

// arr.pixel: does the closed segment pq meet the half-open pixel
// [c - 1/2, c + 1/2)^2? In doubled coordinates the pixel's sides are odd
// integers, and the segment is clipped by parameter t in [0, 1] against
// x >= 2cx - 1 (closed), x < 2cx + 1 (open), and the same in y. The open
// sides give strict bounds on t; the interval of t that survives must be
// non-empty (a single point only when both its ends are closed).
inline bool MeetsPixel(GridPoint p, GridPoint q, GridPoint c) {
  // An axis-parallel segment at integer y meets the pixels of its own row
  // only (y in [c.y - 1/2, c.y + 1/2) means c.y = y), and among them those
  // with c.x - 1/2 <= max x and c.x + 1/2 > min x: min x <= c.x <= max x.
  // The same with x and y swapped.
  if (p.y == q.y) return c.y == p.y && std::min(p.x, q.x) <= c.x && c.x <= std::max(p.x, q.x);
  if (p.x == q.x) return c.x == p.x && std::min(p.y, q.y) <= c.y && c.y <= std::max(p.y, q.y);
  // The line through p and q meets the closed square of side 1 about c
  // only if |(q - p) x (c - p)| <= (|dx| + |dy|) / 2 (the square's extent
  // across the line): a cheap test that rejects most pixels.
  const std::int64_t ex = q.x - p.x, ey = q.y - p.y;
  const Int128 cross = Int128(ex) * (c.y - p.y) - Int128(ey) * (c.x - p.x);
  if (2 * (cross < 0 ? -cross : cross) > Int128(std::abs(ex)) + std::abs(ey)) return false;
  Int128 ax = 2 * Int128(p.x), ay = 2 * Int128(p.y);
  Int128 dx = 2 * (Int128(q.x) - p.x), dy = 2 * (Int128(q.y) - p.y);
  Bound lo{0, 1, false}, hi{1, 1, false};
  bool feasible = true;
  auto tightenLo = [&](Bound b) {
    int cmp = Compare(b, lo);
    if (cmp > 0 || (cmp == 0 && b.open)) lo = b;
  };
  auto tightenHi = [&](Bound b) {
    int cmp = Compare(b, hi);
    if (cmp < 0 || (cmp == 0 && b.open)) hi = b;
  };
  // a + t d >= limit (closed side).
  auto atLeast = [&](Int128 a, Int128 d, Int128 limit) {
    if (d == 0) {
      feasible = feasible && a >= limit;
    } else if (d > 0) {
      tightenLo({limit - a, d, false});
    } else {
      tightenHi({a - limit, -d, false});
    }
  };
  // a + t d < limit (open side).
  auto below = [&](Int128 a, Int128 d, Int128 limit) {
    if (d == 0) {
      feasible = feasible && a < limit;
    } else if (d > 0) {
      tightenHi({limit - a, d, true});
    } else {
      tightenLo({a - limit, -d, true});
    }
  };
  atLeast(ax, dx, 2 * Int128(c.x) - 1);
  below(ax, dx, 2 * Int128(c.x) + 1);
  atLeast(ay, dy, 2 * Int128(c.y) - 1);
  below(ay, dy, 2 * Int128(c.y) + 1);
  if (!feasible) return false;
  int cmp = Compare(lo, hi);
  return cmp < 0 || (cmp == 0 && !lo.open && !hi.open);
}

// c strictly inside the segment uv (u != v): on its line and strictly
// between. A function of its arguments alone (gnu::const: the compiler may
// keep a result instead of calling again).
[[gnu::const]] bool InOpenInterior(GridPoint u, GridPoint v, GridPoint c);

}  // namespace onepath::geom2d
