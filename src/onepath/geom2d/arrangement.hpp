// The arrangement: noding by snap rounding (docs/spec/arrangement.md, arr.*).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

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

// arr.input limits: |coordinate| <= 2^39, operand in {0, 1, 2}.
constexpr std::int64_t kMaxArrangementCoordinate = std::int64_t{1} << 39;

// Steps 1-5 of arr.*. Throws ArgumentOutOfRangeException (argument "edges",
// edge, vertex, value) for input outside arr.input, GeometryException after
// 256 repair rounds (arr.repair).
Arrangement BuildArrangement(std::span<const TaggedEdge> edges);

// arr.candidates: how candidate pairs and pixels are found. The result never
// depends on it; tests force each path to show that.
enum class CandidateSearch { kAuto, kGrid, kSweep, kTree };
Arrangement BuildArrangement(std::span<const TaggedEdge> edges, CandidateSearch search);

// The same as BuildArrangement(edges), but frees the edges once step 1 has
// indexed them, before the larger buffers of the later steps are made.
Arrangement BuildArrangement(std::vector<TaggedEdge>&& edges);

// arr.output's canonical bytes.
std::vector<std::uint8_t> CanonicalBytes(const Arrangement& arrangement);

}  // namespace onepath::geom2d
