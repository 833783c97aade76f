// Labelling (docs/spec/region.md, region.label-*): winding numbers on both
// sides of every arrangement segment, and face selection.
#pragma once

#include <cstdint>
#include <vector>

#include "onepath/geom2d/arrangement.hpp"

namespace onepath::geom2d {

// Windings of one arrangement segment (same index), per operand: `below`
// on its right (seen from a to b, a < b in (x, y) order), `above` on its
// left; above[k] = below[k] + the segment's net count for operand k.
struct SegmentWindings {
  std::int64_t below[2] = {0, 0};
  std::int64_t above[2] = {0, 0};
};

// region.label-sweep.
std::vector<SegmentWindings> LabelWindings(const Arrangement& arrangement);

// region.face-rule: which faces are inside, from the windings (w0, w1).
enum class FaceRule {
  kEvenOdd,              // one outline read alone: w0 odd
  kPositive,             // the union of resolved outlines: w0 > 0
  kUnion,                // w0 > 0 || w1 > 0
  kIntersection,         // w0 > 0 && w1 > 0
  kDifference,           // w0 > 0 && w1 <= 0
  kSymmetricDifference,  // (w0 > 0) != (w1 > 0)
};

bool Inside(FaceRule rule, std::int64_t w0, std::int64_t w1);

}  // namespace onepath::geom2d
