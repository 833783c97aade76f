// How the stages make regions (not for library users).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "onepath/geom2d/arrangement.hpp"
#include "onepath/geom2d/grid_point.hpp"
#include "onepath/geom2d/internal/labelling.hpp"
#include "onepath/geom2d/region.hpp"

namespace onepath::geom2d {

// The stages' (and tests') way to make a Region; Region's only friend.
struct RegionAccess {
  // Rings the caller vouches are in region.invariants form.
  static Region FromRings(std::vector<Ring> rings, int snapBits);

  // Noding (arr.*), labelling (region.label-sweep), the faces inside by
  // `rule` (region.face-rule) and ring tracing (region.boundary ...
  // region.ring-order): the one routine behind every operation. The rings
  // satisfy region.invariants whatever the edges.
  static Region FromEdges(std::span<const TaggedEdge> edges, FaceRule rule, int snapBits);
  // The same, freeing the edges once the arrangement has indexed them.
  static Region FromEdges(std::vector<TaggedEdge>&& edges, FaceRule rule, int snapBits);
};

// The edges of a closed ring (the last vertex joined to the first) as
// arr.input edges of `operand`, appended to `edges`.
inline void AppendRingEdges(std::span<const GridPoint> ring, int operand,
                            std::vector<TaggedEdge>& edges) {
  for (std::size_t k = 0; k < ring.size(); ++k)
    edges.push_back({ring[k], ring[(k + 1) % ring.size()], operand});
}

}  // namespace onepath::geom2d
