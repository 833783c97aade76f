// The constrained Delaunay triangulation (docs/spec/cdt.md, cdt.*): Lawson's
// incremental insertion in the biased randomised order inside a bounding
// triangle, Sloan's constraint insertion, and the final Delaunay passes.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/core/limits.hpp"
#include "onepath/geom2d/grid_point.hpp"

namespace onepath::geom2d {

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

// cdt.*: the triangulation of `points` (distinct, sorted by (x, y),
// |coordinate| <= 2^39) with the `constraints` as edges. Throws
// ArgumentException / ArgumentOutOfRangeException as cdt.input says, and
// InvalidOperationException (count) beyond kMaxCdtPoints points or
// kMaxCdtConstraints constraints (core/limits.hpp; not spec rules: the
// widths of the indices the construction keeps).
Triangulation ConstrainedDelaunay(std::span<const GridPoint> points,
                                  std::span<const CdtConstraint> constraints);

// cdt.canonical: the triangulation's canonical bytes.
std::vector<std::uint8_t> CanonicalBytes(const Triangulation& triangulation);

}  // namespace onepath::geom2d
