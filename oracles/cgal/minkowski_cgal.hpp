// Oracle for the square join (offset.square, offset.pieces): CGAL's exact
// Minkowski sum (package Minkowski_sum_2, CGAL::minkowski_sum_2 with the
// vertical decomposition strategy, over the exact-constructions kernel Epeck;
// the default reduced convolution is run too, as a cross-check) of a region with
// the axis-aligned square [-k, k]^2, as a polygon set (Boolean_set_operations_2)
// whose area, point membership and symmetric difference with another set are
// exact rationals. A shrink (erosion) is computed as the complement of the
// grown complement within a padded box. Nothing is snapped: the reference
// agrees with it exactly only where its arrangement rounds nothing
// (arr.distortion). This header must not include CGAL: only minkowski_cgal.cpp
// does.
//
// CGAL 5.5.1's minkowski_sum_2 for a polygon with holes first filters out the
// holes narrower than the summand (Hole_filter_2) and crashes there when two
// or more holes go (CGAL issue 7304, fixed in 5.6: it erases from a std::deque
// through iterators that the first erase invalidated). The oracle drops those
// holes itself before calling, so the filter finds nothing to erase; why that
// does not change the sum is argued in minkowski_cgal.cpp. They are counted in
// MinkowskiCgalResult::droppedHoles.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "onepath/geom2d/region.hpp"
#include "oracles/cgal/polygon_set_cgal.hpp"

namespace onepath::oracle {

enum class MinkowskiOp : std::uint8_t {
  kGrow,    // region (+) [-k, k]^2
  kShrink,  // region (-) [-k, k]^2 = complement of (complement (+) [-k, k]^2)
};

// A set given by rings of grid points in the form of region.invariants (what
// Region::Rings() returns): the points of winding number 1. Rings may touch
// themselves and each other at vertices; the oracle splits a ring at a
// repeated vertex into simple loops (the same edges, so the same windings).
using OracleRings = std::vector<geom2d::Ring>;

struct MinkowskiRequest {
  OracleRings region;         // the operand
  std::int64_t halfSide = 1;  // k >= 1, grid units
  MinkowskiOp op = MinkowskiOp::kGrow;
  // A set to compare the sum with (typically the reference's result): its
  // symmetric difference with the sum is measured exactly.
  OracleRings compare;
  // Segments whose neighbourhoods s (+) [-t, t]^2 (t = tubeHalfSide) are
  // united into the set T; the part of the symmetric difference outside T
  // is measured exactly. No segments: T is empty and not measured.
  std::vector<std::pair<geom2d::GridPoint, geom2d::GridPoint>> tubeSegments;
  std::int64_t tubeHalfSide = 1;
  std::vector<RationalProbe> probes;  // membership in the sum
};

struct MinkowskiCgalResult {
  enum class Status {
    kOk,
    kRejected,  // bad input (a loop not simple) or CGAL threw: message
    kCrashed,   // the isolated worker died (signal) or timed out: message
  };
  Status status = Status::kOk;
  std::string message;
  // Exact rationals, "n" or "n/d" in lowest terms: twice the area of the sum
  // M, of the symmetric difference D of M and `compare`, and of D minus T
  // ("" when no tube segments were given).
  std::string doubledArea;
  std::string symmetricDifferenceDoubledArea;
  std::string outsideTubesDoubledArea;
  std::vector<Membership> membership;  // per probe, in M
  bool integral = true;                // every vertex of M's boundary is a grid point
  std::int64_t boundaryVertices = 0;   // of M, over all its cycles
  std::int64_t summands = 0;           // polygons with holes passed to minkowski_sum_2
  std::int64_t droppedHoles = 0;       // holes narrower than the square (CGAL issue 7304)
  // Summands where minkowski_sum_2 by reduced convolution (CGAL's default)
  // gave another set than by decomposition (CGAL issue 5830: lost holes).
  std::int64_t convolutionMismatches = 0;
};

// Runs CGAL in this process: a CGAL defect that crashes crashes the caller.
// halfSide < 1, tubeHalfSide < 1, coordinates beyond 2^39 (also after adding
// the square and the box padding) or a probe with den <= 0 throw
// std::invalid_argument.
MinkowskiCgalResult MinkowskiCgal(const MinkowskiRequest& request);

// The same in the shared forked worker (oracles/isolated_worker.hpp), so a
// crash is reported as kCrashed.
MinkowskiCgalResult MinkowskiCgalIsolated(const MinkowskiRequest& request,
                                          unsigned timeout_seconds = 120);

// Sign of a - b for exact rationals written "n" or "n/d" (as the results
// above give them, or a decimal integer). Throws std::invalid_argument on
// text that is not such a number.
int CompareExactRationals(const std::string& a, const std::string& b);

}  // namespace onepath::oracle
