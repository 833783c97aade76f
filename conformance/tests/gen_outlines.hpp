// RapidCheck generator of outlines in quarter units, shared by the region,
// offset and triangulation properties.
#pragma once

#include <rapidcheck.h>

#include <algorithm>
#include <cstddef>
#include <vector>

#include "onepath/geom2d/outline.hpp"

namespace onepath::proptest {

// 1 .. maxOutlines - 1 outlines of 1 .. maxRings - 1 rings of
// 3 .. maxVertices - 1 vertices, coordinates k / 4 with k in
// [-range, range] (upper bounds exclusive, as rc::gen::inRange).
inline std::vector<geom2d::Outline> GenQuarterOutlines(std::size_t maxOutlines,
                                                       std::size_t maxRings,
                                                       std::size_t maxVertices, int range) {
  std::vector<geom2d::Outline> outlines(*rc::gen::inRange<std::size_t>(1, maxOutlines));
  for (geom2d::Outline& o : outlines) {
    o.rings.resize(*rc::gen::inRange<std::size_t>(1, maxRings));
    for (auto& ring : o.rings) {
      ring.resize(*rc::gen::inRange<std::size_t>(3, maxVertices));
      for (Vector2D& v : ring)
        v = {*rc::gen::inRange(-range, range + 1) / 4.0,
             *rc::gen::inRange(-range, range + 1) / 4.0};
    }
  }
  return outlines;
}

// The same outlines in another order: outlines and rings reversed, each
// ring started at a drawn vertex and drawn to be reversed. Every promise
// that a result depends only on the point set (region.promise) is tested
// against it.
inline std::vector<geom2d::Outline> ShuffleOutlines(std::vector<geom2d::Outline> outlines) {
  std::reverse(outlines.begin(), outlines.end());
  for (geom2d::Outline& o : outlines) {
    std::reverse(o.rings.begin(), o.rings.end());
    for (auto& ring : o.rings) {
      std::size_t shift = *rc::gen::inRange<std::size_t>(0, ring.size());
      std::rotate(ring.begin(), ring.begin() + static_cast<std::ptrdiff_t>(shift), ring.end());
      if (*rc::gen::arbitrary<bool>()) std::reverse(ring.begin(), ring.end());
    }
  }
  return outlines;
}

}  // namespace onepath::proptest
