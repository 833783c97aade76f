// Ring tracing (docs/spec/region.md, region.rings, region.simplify,
// region.ring-order), in the stages the conformance runner names when two
// regions differ (conformance/runner/divergence.cpp): "rings", "simplify",
// "ring start", "ring order". Each stage is a function, so that a runner
// can hash what each one gives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "onepath/core/limits.hpp"
#include "onepath/geom2d/grid_point.hpp"
#include "onepath/geom2d/region.hpp"

namespace onepath::geom2d {

// A boundary edge (region.boundary): inside on its left.
struct DirectedEdge {
  GridPoint from;
  GridPoint to;
};

// (from, to) order of directed edges: the order of region.ring-order.
inline bool EdgeLess(const DirectedEdge& e, const DirectedEdge& f) {
  return e.from < f.from || (e.from == f.from && e.to < f.to);
}

// The stage "rings" (region.rings): the boundary edges chained into rings.
struct ChainedRings {
  std::vector<DirectedEdge> edges;       // the boundary, sorted by (from, to)
  std::vector<std::uint32_t> degree;     // per edge: edges in + out at its `from`
  std::vector<std::uint32_t> ringEdges;  // each ring's edges (indices) in ring order,
                                         // from its smallest edge; ring after ring
  std::vector<std::uint32_t> ringStart;  // ring k: ringEdges[ringStart[k] .. ringStart[k + 1])

  std::size_t RingCount() const { return ringStart.size() - 1; }
};

// Ring tracing numbers the boundary edges in 32 bits: beyond
// kMaxBoundaryEdges, InvalidOperationException (count). Exposed so that
// tests can reach the limit without gigabytes of input.
inline void CheckBoundaryEdgeCount(std::size_t edges) {
  CheckCount(edges, kMaxBoundaryEdges, "boundary edges");
}

// Stage "rings": chains boundary edges (inside on the left; they never
// cross, and every vertex has as many edges in as out) into rings by
// region.rings' turn rule at shared vertices. Rings come in the order of
// their smallest edges, each starting at it. Throws GeometryException for
// a boundary that cannot be chained (a defect, never bad input).
ChainedRings ChainRings(std::vector<DirectedEdge> boundary);

// Stage "simplify" (region.simplify): each ring's vertices without the
// collinear vertices that only this ring passes (degree 2). Throws
// GeometryException for a ring left with fewer than 3 corners.
std::vector<Ring> SimplifyRings(const ChainedRings& chained);

// Stage "ring start" (region.ring-order): each ring rotated to start at its
// smallest directed edge.
void StartRings(std::vector<Ring>& rings);

// Stage "ring order" (region.ring-order): the rings sorted by their first
// edges.
void OrderRings(std::vector<Ring>& rings);

// The four stages in order: a region's rings from its boundary.
std::vector<Ring> TraceRings(std::vector<DirectedEdge> boundary);

}  // namespace onepath::geom2d
