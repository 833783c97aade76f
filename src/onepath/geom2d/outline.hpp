// Outlines and options (docs/spec/region.md, region.outline; grid.snapbits).
#pragma once

#include <vector>

#include "onepath/core/limits.hpp"
#include "onepath/core/vector2d.hpp"

namespace onepath::geom2d {

// region.outline: rings (outer boundaries and holes in any order and
// orientation, each closed from its last vertex to its first, at least 3
// vertices). The outline's area is the even-odd region of its rings.
struct Outline {
  std::vector<std::vector<Vector2D>> rings;
};

// grid.snapbits: the grid unit is 2^-SnapBits, SnapBits in 0..16.
struct Geometry2DOptions {
  int SnapBits = kDefaultSnapBits;
};

}  // namespace onepath::geom2d
