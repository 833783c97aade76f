// Exact plane geometry on grid points for the independent checkers
// (arrangement_validity, region_validity): 128-bit integer orientation and
// the segment contacts built on it. Nothing here comes from src/; only the
// interface type GridPoint does.
#pragma once

#include "onepath/core/int128.hpp"
#include "onepath/geom2d/arrangement.hpp"

namespace onepath::gen {

// GCC/Clang 128-bit integer; __extension__ keeps -Wpedantic quiet.

// Sign of (b - a) x (c - a). Coordinates within 2^41 (doubled grid points
// included): differences within 2^42, products within 2^84.
inline int Orient(geom2d::GridPoint a, geom2d::GridPoint b, geom2d::GridPoint c) {
  Int128 l = static_cast<Int128>(b.x - a.x) * (c.y - a.y);
  Int128 r = static_cast<Int128>(b.y - a.y) * (c.x - a.x);
  return (l > r) - (l < r);
}

// (b - a) . (c - a).
inline Int128 Dot(geom2d::GridPoint a, geom2d::GridPoint b, geom2d::GridPoint c) {
  return static_cast<Int128>(b.x - a.x) * (c.x - a.x) +
         static_cast<Int128>(b.y - a.y) * (c.y - a.y);
}

// arr.proper-crossing: the open segments ab and cd meet in one point
// interior to both.
inline bool CrossProperly(geom2d::GridPoint a, geom2d::GridPoint b, geom2d::GridPoint c,
                          geom2d::GridPoint d) {
  int o1 = Orient(a, b, c), o2 = Orient(a, b, d);
  if (o1 * o2 >= 0) return false;
  int o3 = Orient(c, d, a), o4 = Orient(c, d, b);
  return o3 * o4 < 0;
}

// v in the open interior of segment ab (a != b).
inline bool InOpenInterior(geom2d::GridPoint a, geom2d::GridPoint b, geom2d::GridPoint v) {
  if (Orient(a, b, v) != 0) return false;
  return Dot(a, b, v) > 0 && Dot(b, a, v) > 0;
}

}  // namespace onepath::gen
