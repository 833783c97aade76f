// An independent bracket of the exact eroded and dilated area of a region
// by a disc (issue 5: the shrink's coverage is measured against the exact
// eroded area). Clipper 6.4.2 (Debian libpolyclipping-dev) offsets the
// rings with round joins twice: once with its arcs inscribed in the circle
// of radius r (every arc vertex on the circle, chords inside), once with
// the delta enlarged to r / cos(phi / 2), phi the widest angle any of its
// arc chords spans, so that every chord lies outside the circle of radius
// r. The set an offset removes (erosion) or adds (dilation) at a vertex
// then lies inside, respectively contains, the disc's sector, and
//
//   erosion:  area(offset by -r / cos(phi/2)) <= exact <= area(offset by -r)
//   dilation: area(offset by +r)              <= exact <= area(offset by +r / cos(phi/2))
//
// where "exact" is the area of {p in region : disc(p, r) in region}
// (erosion) or of region + disc(0, r) (dilation). A second bound on the
// same side comes from the run at r alone: the exact set is Clipper's
// result at r minus (erosion) or plus (dilation) parts of the "lenses"
// between its arcs' chords and the circle, whose areas are known from the
// chord angles; the tighter bound is used (on many small reflex corners
// the lenses win, on long boundaries with few arcs the enlarged run).
// Independent of the reference and of CGAL; never linked into src/.
//
// Width: about r (1 / cos(phi / 2) - 1) times the result's perimeter, with
// phi = 2 pi / 1024 on axis-aligned input: 1e-6 of the area on the pillar
// rooms, 1.3e-5 on the noisy tile map at r = 1.0 (its 1024 x 1024 map
// takes a minute or more; twice the vertices per circle make the bracket 4
// times narrower and take twice as long).
//
// Clipper works on integers: the grid coordinates are multiplied by 2^k
// (k = scaleBits, exact) and its output vertices are rounded to integers,
// which moves the boundary by at most about 2 units of 2^-k grid units (see
// erosion_clipper.cpp). Both bounds are widened by that allowance, 2 * the
// output's perimeter * 2^-k grid units^2, reported separately; k is chosen
// so that it is at most a small fraction of the bracket's own width.
#pragma once

#include <cstddef>
#include <polyclipping/clipper.hpp>
#include <span>

#include "onepath/geom2d/region.hpp"

namespace onepath::oracle {

// Twice the signed area of a set of Clipper paths (counter-clockwise
// positive, holes negative), exact, in the paths' units^2.
onepath::Int128 ClipperDoubledArea(const ClipperLib::Paths& paths);

// The summed length of a set of closed Clipper paths, in their units.
long double ClipperPerimeter(const ClipperLib::Paths& paths);

struct DiscOffsetOptions {
  // Clipper's steps per full circle are at least this (its arcs then have
  // chords of at most 2 pi / minVerticesPerCircle, the last chord of an arc
  // at most 1.5 times that).
  int minVerticesPerCircle = 1024;
  // Grid coordinates times 2^scaleBits inside Clipper; -1 chooses it (the
  // smallest k >= 4 that makes the rounding allowance at most 1/32 of the
  // radial gap between the two offsets and the scaled radius at least
  // 2^12, as far as the coordinates allow).
  int scaleBits = -1;
};

struct DiscOffsetBracket {
  // The exact area lies in [lower, upper] (grid units^2): the two Clipper
  // areas widened by the rounding allowance.
  long double lower = 0;
  long double upper = 0;
  long double innerArea = 0;          // erosion at r / cos(phi/2), dilation at r
  long double outerArea = 0;          // erosion at r, dilation at r / cos(phi/2)
  long double roundingAllowance = 0;  // subtracted from lower and added to upper
  // The summed area between Clipper's arcs at r and their circle (0 when
  // not used); the other bound on the inner side is the area at r minus
  // (erosion) or plus (dilation) this, and the tighter of the two is used.
  long double lensArea = 0;
  double stepsPerCircle = 0;       // Clipper's steps per full circle
  double maxChordAngle = 0;        // phi (radians)
  double enlargedRadius = 0;       // r / cos(phi/2), grid units
  int scaleBits = 0;               // k
  std::size_t outputVertices = 0;  // both Clipper results together
  long double Width() const { return upper - lower; }
};

// rings: a region's rings in grid units (region.invariants: interior on the
// left, outer rings counter-clockwise, holes clockwise; any SnapBits), e.g.
// geom2d::Region::Rings(). radius: r in grid units, > 0. Throws
// std::invalid_argument for a radius that is not positive and finite or a
// ring with fewer than 3 vertices, std::range_error when the coordinates are
// too large to scale, std::runtime_error when Clipper fails.
DiscOffsetBracket ClipperErosionBracket(std::span<const geom2d::Ring> rings, double radius,
                                        const DiscOffsetOptions& options = {});
DiscOffsetBracket ClipperDilationBracket(std::span<const geom2d::Ring> rings, double radius,
                                         const DiscOffsetOptions& options = {});

}  // namespace onepath::oracle
