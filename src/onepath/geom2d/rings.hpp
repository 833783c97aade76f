// Ring tracing (docs/spec/region.md, region.rings, region.ring-order).
#pragma once

#include <vector>

#include "onepath/geom2d/arrangement.hpp"
#include "onepath/geom2d/region.hpp"

namespace onepath::geom2d {

struct DirectedEdge {
  GridPoint from;
  GridPoint to;
};

// Chains boundary edges (inside on the left; they never cross, and every
// vertex has as many edges in as out) into rings: region.rings' turn rule
// at shared vertices, collinear degree-2 vertices dropped, each ring
// started at its smallest directed edge, rings sorted by it.
std::vector<Ring> TraceRings(std::vector<DirectedEdge> boundary);

}  // namespace onepath::geom2d
