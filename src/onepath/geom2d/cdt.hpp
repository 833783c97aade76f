// The constrained Delaunay triangulation (docs/spec/cdt.md, cdt.*): Lawson's
// incremental insertion in the biased randomised order inside a bounding
// triangle, Sloan's constraint insertion, and the final Delaunay passes.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/geom2d/arrangement.hpp"

namespace onepath::geom2d {

// cdt.input: |coordinate| <= 2^39.
constexpr std::int64_t kMaxCdtCoordinate = std::int64_t{1} << 39;

// cdt.bounding-triangle: corner k = 0, 1, 2 (vertex n + k):
// (-2^45, -2^45), (3 * 2^45, -2^45), (-2^45, 3 * 2^45).
GridPoint BoundingCorner(int k);

// cdt.input: a constraint between points a and b (used as (min, max)).
struct CdtConstraint {
  std::uint32_t a = 0;
  std::uint32_t b = 0;
};

// cdt.structure: one triangle slot.
struct TriangleSlot {
  std::int32_t v[3] = {0, 0, 0};     // vertex indices, counter-clockwise
  std::int32_t n[3] = {-1, -1, -1};  // slot across edge i = (v[i], v[i+1]), or -1
};

// Counts for tests and measurements (not part of the result's bytes).
struct CdtStatistics {
  std::uint64_t insertionFlips = 0;   // cdt.legalize
  std::uint64_t constraintFlips = 0;  // cdt.constraint step 2
  std::uint64_t finalPassFlips = 0;   // cdt.final-passes
  std::uint64_t walkSteps = 0;        // cdt.locate: moves to a neighbour
};

struct Triangulation {
  std::uint32_t pointCount = 0;           // n: vertices 0 .. n-1 are the points,
                                          // n, n+1, n+2 the bounding corners
  std::vector<TriangleSlot> slots;        // cdt.structure, in slot order
  std::vector<std::uint8_t> constrained;  // per slot: bit i (value 2^i) set when
                                          // edge i is a constraint
  CdtStatistics statistics;
};

// Knobs for tests and measurements; the defaults are the spec.
struct CdtOptions {
  // cdt.final-passes: visit every slot in every pass, as the clause is
  // written, instead of only the slots a flip touched (the same result).
  bool finalPassesOverEverySlot = false;
  // Not the spec: when not empty, the points are inserted in this order
  // instead of cdt.order (a permutation of 0 .. n-1; for flip statistics).
  std::span<const std::uint32_t> insertionOrder;
};

// cdt.*: the triangulation of `points` (distinct, sorted by (x, y),
// |coordinate| <= 2^39) with the `constraints` as edges. Throws
// ArgumentException / ArgumentOutOfRangeException as cdt.input says.
// Precondition (not a spec rule): n < 2^28 - 1, so that the links the
// construction keeps (4 * slot + edge, cdt.cpp) fit in int32.
Triangulation ConstrainedDelaunay(std::span<const GridPoint> points,
                                  std::span<const CdtConstraint> constraints,
                                  const CdtOptions& options = {});

// cdt.order: h(i), SplitMix64's output function applied to
// i + 0x9E3779B97F4A7C15.
std::uint64_t InsertionHash(std::uint64_t i);

// cdt.order: the round of point i among n points, min(top, tz(h(i))) with
// top = max(0, floor(log2 n) - 3). Precondition: n >= 1.
int InsertionRound(std::uint64_t i, std::uint64_t n);

// cdt.order: the index of cell (cx, cy) on the Hilbert curve of order 12
// (side 4096). Precondition: cx, cy < 4096.
std::uint32_t HilbertIndex(std::uint32_t cx, std::uint32_t cy);

// cdt.order: the point indices in insertion order.
std::vector<std::uint32_t> InsertionOrder(std::span<const GridPoint> points);

// pred.incircle on grid points (coordinates within 2^61): the exact sign,
// in 64- and 128-bit integers when every coordinate difference to d is
// below 2^30, else from exact::InCircle on the coordinates as doubles
// (exact for the CDT's coordinates, which stay within 3 * 2^45).
int InCircleGrid(GridPoint a, GridPoint b, GridPoint c, GridPoint d);

// cdt.canonical: the triangulation's canonical bytes.
std::vector<std::uint8_t> CanonicalBytes(const Triangulation& triangulation);

}  // namespace onepath::geom2d
