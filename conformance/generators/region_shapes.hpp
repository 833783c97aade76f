// Random rings on a small integer lattice for the region tests: the outline
// families of the region differential (boxes, octilinear shapes, lattice
// triangles and star polygons) and rings related to an earlier ring
// (duplicates, translations that touch, nested shapes, triangles on an edge
// or at a vertex). Shared by conformance/differential/region_differential.cpp
// and offset_differential.cpp. Deterministic for a seed (SplitMix64); nothing
// of src/ beyond GridPoint.
#pragma once

#include <cstdint>
#include <vector>

#include "conformance/generators/predicate_cases.hpp"
#include "onepath/geom2d/arrangement.hpp"

namespace onepath::gen {

using LatticeRing = std::vector<geom2d::GridPoint>;

// Which shapes: axis-parallel rectangles; rectangles, diamonds, octagons and
// right isosceles triangles (edges at multiples of 45 degrees); or any of
// rectangles, triangles and star polygons with lattice vertices.
enum class ShapeKind { kBoxes, kOctilinear, kGeneral };

// Uniform in [lo, hi] (lo <= hi).
std::int64_t UniformInt(SplitMix64& rng, std::int64_t lo, std::int64_t hi);

// A point of [0, side]^2.
geom2d::GridPoint RandomLatticePoint(SplitMix64& rng, std::int64_t side);

// The ring with a random start vertex and direction.
LatticeRing Shuffled(SplitMix64& rng, LatticeRing ring);

// The rectangle [x0, x1] x [y0, y1], counter-clockwise from (x0, y0).
LatticeRing Rect(std::int64_t x0, std::int64_t y0, std::int64_t x1, std::int64_t y1);

// The points sorted by angle around `centre` (exactly, from +x
// counter-clockwise): a star-shaped ring, simple unless two points share a
// direction (the caller checks).
LatticeRing SortedAround(LatticeRing points, geom2d::GridPoint centre);

// k random points of [x0, x1] x [y0, y1] (not the centre) sorted around a
// random centre strictly inside.
LatticeRing Star(SplitMix64& rng, std::int64_t x0, std::int64_t y0, std::int64_t x1,
                 std::int64_t y1, int k);

// A new shape of the kind in [0, side]^2.
LatticeRing FreshShape(SplitMix64& rng, ShapeKind kind, std::int64_t side);

// A ring related to `old`: a duplicate, a translated copy that touches or
// overlaps it, something inside its box, a triangle on one of its edges or
// at one of its vertices (kGeneral only), or a fresh shape.
LatticeRing RelatedShape(SplitMix64& rng, ShapeKind kind, std::int64_t side,
                         const LatticeRing& old);

}  // namespace onepath::gen
