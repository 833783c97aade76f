// The arrangement: noding by snap rounding (docs/spec/arrangement.md, arr.*).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/core/limits.hpp"
#include "onepath/geom2d/grid_point.hpp"

namespace onepath::geom2d {

// arr.input: a directed edge p -> q of operand 0, 1, or 2 (counts for both).
struct TaggedEdge {
  GridPoint p;
  GridPoint q;
  int operand = 0;
};

// arr.output: segment between vertices a < b with net counts per operand.
struct NetSegment {
  std::uint32_t a = 0;
  std::uint32_t b = 0;
  std::int32_t n0 = 0;
  std::int32_t n1 = 0;
};

struct Arrangement {
  std::vector<GridPoint> vertices;   // sorted by (x, y)
  std::vector<NetSegment> segments;  // sorted by (a, b); no zero-net segment
};

// Steps 1-5 of arr.*. Throws ArgumentOutOfRangeException (argument "edges",
// edge, vertex, value) for input outside arr.input (|coordinate| <=
// kMaxArrangementCoordinate, operand 0, 1 or 2), GeometryException after
// kMaxRepairRounds repair rounds (arr.repair), InvalidOperationException
// (count) when edge endpoints, fragments or hot pixels outgrow 32-bit
// indices (kMaxArrangementIndexCount; not a spec rule).
Arrangement BuildArrangement(std::span<const TaggedEdge> edges);

// The same as BuildArrangement(edges), but frees the edges once step 1 has
// indexed them, before the larger buffers of the later steps are made.
Arrangement BuildArrangement(std::vector<TaggedEdge>&& edges);

// arr.output's canonical bytes.
std::vector<std::uint8_t> CanonicalBytes(const Arrangement& arrangement);

}  // namespace onepath::geom2d
