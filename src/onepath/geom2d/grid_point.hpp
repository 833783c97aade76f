// Grid points (docs/spec/grid.md, grid.*): integer coordinates in grid
// units, the lowest level of the 2D chapter (every geom2d header may
// include this one; it includes nothing of geom2d).
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>

namespace onepath::geom2d {

// A grid point: integer coordinates in grid units.
struct GridPoint {
  std::int64_t x = 0;
  std::int64_t y = 0;
};

inline bool operator==(GridPoint a, GridPoint b) { return a.x == b.x && a.y == b.y; }
// (x, y) order.
inline bool operator<(GridPoint a, GridPoint b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }

// A closed box [minX, maxX] x [minY, maxY] of grid points: the bounds of
// the points added to it (none yet: every minimum above its maximum).
struct GridBox {
  std::int64_t minX = std::numeric_limits<std::int64_t>::max();
  std::int64_t minY = std::numeric_limits<std::int64_t>::max();
  std::int64_t maxX = std::numeric_limits<std::int64_t>::min();
  std::int64_t maxY = std::numeric_limits<std::int64_t>::min();

  void Add(GridPoint p) {
    minX = std::min(minX, p.x), maxX = std::max(maxX, p.x);
    minY = std::min(minY, p.y), maxY = std::max(maxY, p.y);
  }
  // The bounds of this box's points and b's.
  void Add(const GridBox& b) {
    minX = std::min(minX, b.minX), maxX = std::max(maxX, b.maxX);
    minY = std::min(minY, b.minY), maxY = std::max(maxY, b.maxY);
  }
};

// The bounds of point(item) over the items (a range).
template <typename Items, typename Point>
GridBox BoundsOf(const Items& items, Point point) {
  GridBox box;
  for (const auto& item : items) box.Add(point(item));
  return box;
}

// The bounds of a range of grid points.
template <typename Points>
GridBox BoundsOf(const Points& points) {
  return BoundsOf(points, [](GridPoint p) { return p; });
}

}  // namespace onepath::geom2d
