// An independent validity checker for regions (region.invariants,
// region.rings, region.ring-order, region.area), shared by the differential
// tests and the properties. It uses nothing of src/ beyond the interface
// types (GridPoint, Ring, Int128, Region's accessors): its own exact
// orientation on 128-bit integers (coordinates within 2^39), its own
// winding numbers and its own area.
//
// What the rings of every Region must satisfy, and how it is checked:
//  - form: every ring has at least 3 vertices, no two cyclically consecutive
//    vertices are equal, every coordinate is within 2^39 (arr.input's limit,
//    which every region vertex comes through). Nothing else is checked when
//    the form is broken.
//  - ring order (region.ring-order): each ring starts at its smallest
//    directed edge, edges compared as (from.x, from.y, to.x, to.y), and the
//    rings are strictly increasing by their first edge.
//  - noding (rings never cross or overlap and touch only at shared
//    vertices): no segment is used twice (in either direction), no two edges
//    cross properly, no vertex lies in the open interior of an edge (which
//    also excludes partial collinear overlaps and T-contacts). Pairs come
//    from a sweep over x: O(n log n + pairs whose x ranges overlap).
//  - no collinear degree-2 vertex: a point with exactly one edge in and one
//    edge out (over all rings) where the two edges are collinear and run the
//    same way.
//  - the turn rule (region.rings) at points with several edges in: a ring
//    entering along u -> v leaves along the outgoing edge of v met first
//    turning clockwise from the direction v -> u.
//  - areas: every ring's signed doubled area is non-zero.
//  - windings (interior on the left; outer rings counter-clockwise, holes
//    clockwise): the winding number of all rings together is exactly 1 just
//    left of every edge and exactly 0 just right of it, at the edge's
//    midpoint nudged by an infinitesimal along the edge's normal (exact, by
//    symbolic perturbation, so no epsilon has to be small enough). Every
//    bounded face of the rings' arrangement has an edge on its boundary, so
//    every face then has winding 0 or 1. Checked only when the noding holds
//    (otherwise "just left of an edge" is not one face). Rays are cast in
//    +x through horizontal strips: about O(n sqrt n) on tile-map-like input.
//  - area (region.area): Region::DoubledArea() equals the sum of the rings'
//    doubled signed areas, computed here independently.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "onepath/geom2d/arrangement.hpp"
#include "onepath/geom2d/region.hpp"

namespace onepath::gen {

struct RegionValidity {
  std::int64_t violations = 0;
  std::vector<std::string> messages;  // the first few violations
  // Statistics, not violations:
  std::int64_t edges = 0;
  std::int64_t outerRings = 0;      // doubled area > 0
  std::int64_t holeRings = 0;       // doubled area < 0
  std::int64_t pinchPoints = 0;     // points with two or more edges in
  onepath::Int128 doubledArea = 0;  // IndependentDoubledArea of the rings
  bool ok() const { return violations == 0; }
};

// All of the checks above except the comparison with a reported area, which
// is made when reportedDoubledArea is given.
RegionValidity CheckRingsValidity(std::span<const geom2d::Ring> rings,
                                  std::optional<onepath::Int128> reportedDoubledArea = {});

// CheckRingsValidity(region.Rings(), region.DoubledArea()), plus SnapBits in
// 0..16 (grid.snapbits).
RegionValidity CheckRegionValidity(const geom2d::Region& region);

// The sum over rings of the doubled signed area (positive counter-clockwise),
// computed from cross products relative to each ring's first vertex.
// Precondition: coordinates within 2^39 and at most 2^40 edges per ring.
onepath::Int128 IndependentDoubledArea(std::span<const geom2d::Ring> rings);
onepath::Int128 IndependentDoubledArea(const geom2d::Ring& ring);

// An exact point (x / den, y / den), den > 0. Doubled coordinates are
// den = 2. Limits (checked, std::invalid_argument otherwise): 1 <= den <=
// 2^40 and |x|, |y| <= 2^40 * den.
struct RationalPoint {
  onepath::Int128 x = 0;
  onepath::Int128 y = 0;
  std::int64_t den = 1;
};

// The winding number of all rings together (each ring counts +1 around
// the points it encircles counter-clockwise) at p + e * nudge for an
// infinitesimal e > 0 (nudge = {0, 0}: at p itself; |nudge| components at
// most 2^41). nullopt when that point lies on an edge (for a non-zero nudge:
// when it stays on an edge for all small e). Linear in the number of edges.
// Precondition: ring coordinates within 2^39.
std::optional<std::int64_t> WindingAt(std::span<const geom2d::Ring> rings, const RationalPoint& p,
                                      geom2d::GridPoint nudge = {0, 0});
std::optional<std::int64_t> WindingAt(const geom2d::Region& region, const RationalPoint& p,
                                      geom2d::GridPoint nudge = {0, 0});

// Whether noding these edges (arr.*) only splits them: every proper
// crossing is a grid point, and no edge meets the pixel (arr.pixel) of an
// endpoint or crossing that does not lie on it. Then the arrangement is the
// exact noding of the input, so a region built from these edges (by
// FromOutlines, which resolves outlines separately and then unions them,
// or by a boolean operation of two such regions) is the exact region, and
// the CGAL polygon-set oracle must agree with it exactly: area and
// boundary edges. Degenerate edges are ignored. O(n^2 + n h) for h hot
// points: for tests with up to a few hundred edges.
// Precondition: coordinates within 2^39.
bool RoundingFree(std::span<const geom2d::TaggedEdge> edges);

// v in decimal, exactly (for messages about doubled areas).
std::string DecimalText(onepath::Int128 v);

// The rings as a copy-pasteable C++ initializer:
// std::vector<onepath::geom2d::Ring> rings = {{{x, y}, ...}, ...};
std::string FormatRings(std::span<const geom2d::Ring> rings);

}  // namespace onepath::gen
