// How the stages make regions (not for library users).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "onepath/geom2d/arrangement.hpp"
#include "onepath/geom2d/grid_point.hpp"

namespace onepath::geom2d {

// The edges of a closed ring (the last vertex joined to the first) as
// arr.input edges of `operand`, appended to `edges`.
inline void AppendRingEdges(std::span<const GridPoint> ring, int operand,
                            std::vector<TaggedEdge>& edges) {
  for (std::size_t k = 0; k < ring.size(); ++k)
    edges.push_back({ring[k], ring[(k + 1) % ring.size()], operand});
}

}  // namespace onepath::geom2d
