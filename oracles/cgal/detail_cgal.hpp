// Validity of the height detail (docs/spec/build3d-detail.md, b3d.detail.*)
// checked with CGAL's exact kernel: its own structs, no header of src/. The
// test side fills them from the reference's DetailMesh.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace onepath::oracle {

// A stored position's x and z (b3d.detail.coordinates: binary32 values,
// widened exactly); the geometry of the detail is taken on these
// (b3d.detail.orientation), never on cell positions.
struct CgalDetailPoint {
  double x = 0, z = 0;
};

// One polygon's detail (b3d.detail.output): vertex number k < n is corner
// k of the polygon, n + j is extra vertex j.
struct CgalDetailPolygon {
  std::vector<CgalDetailPoint> corners;                 // P0 ... P(n-1), the polygon's order
  std::vector<CgalDetailPoint> extras;                  // edge points, then inserted samples
  std::vector<std::array<std::uint32_t, 3>> triangles;  // vertex numbers (v0, v1, v2)
  std::vector<std::uint8_t> flags;                      // per triangle, bit k: edge k on the ring
};

struct CgalDetailReport {
  std::string firstViolation;  // "" when every check holds
  std::int64_t violations = 0;
  std::int64_t polygons = 0;
  std::int64_t triangles = 0;
  std::int64_t degenerate = 0;        // triangles with orientation 0 (a violation, see below)
  std::int64_t edgePoints = 0;        // extras on the ring
  std::int64_t samples = 0;           // extras inside the ring
  std::int64_t offEdge = 0;           // edge points not on their float32 corner segment
  std::int64_t ringAreaDiffers = 0;   // polygons whose ring area differs from the corners'
  std::int64_t delaunayEdges = 0;     // interior edges tested in-circle (two positive triangles)
  std::int64_t edgesSkipped = 0;      // interior edges next to a degenerate triangle
  std::int64_t cdtEqual = 0;          // polygons whose triangles equal CGAL's CDT's
  std::int64_t cdtCocircular = 0;     // polygons skipped for that: CGAL's CDT not unique
  std::int64_t cdtDegenerate = 0;     // polygons skipped for that: a degenerate triangle
  std::int64_t subdivisionEqual = 0;  // polygons whose Delaunay subdivision equals CGAL's

  void Add(const CgalDetailReport& r);
};

// Checks one polygon's detail with CGAL::Exact_predicates_exact_constructions_kernel
// in the frame (x, -z), where CGAL's left turn is the spec's positive
// orient (b3d.detail.orientation) and CGAL's in-circle the spec's:
//
// (a) coverage: vertex numbers below n + extras, three distinct per
//     triangle; every triangle positive; every directed edge in at most one
//     triangle; the flag bits are the edges without a reverse; those edges
//     form one cycle (the ring) visiting corners 0, 1, ..., n-1 in order
//     with only extras between, each extra between corners i and i+1 in
//     their closed bounding box and ordered along the edge; the ring is a
//     simple counter-clockwise polygon; every extra is a vertex of some
//     triangle and those off the ring are strictly inside it; the doubled
//     areas of the triangles sum to the ring's. With no negative triangle
//     and the interior edges paired in opposite directions, the triangles'
//     winding number at a point is the ring's, so the positive triangles
//     cover the ring's inside exactly once and nothing outside it.
//     Positive, not only non-negative, is what the spec implies for a
//     simple ring: such a ring keeps a strict ear (b3d.detail.hull step 1)
//     after every clip (the ear theorem on the ring without its straight
//     vertices: an ear of a triangulation by proper diagonals, cut down to
//     the tip's ring neighbours, is positive and holds no other vertex;
//     the clipped ring stays simple), so the relaxed and forced steps never
//     run; splits of a closed triangle at a point not on a vertex
//     (b3d.detail.insert) and flips of strictly convex quadrilaterals
//     (b3d.detail.flip) keep every triangle positive.
// (b) Delaunay apart from the ring: for every interior edge of two positive
//     triangles, the far vertex of each is not strictly inside the other's
//     circumcircle (side_of_oriented_circle); Lawson's flips
//     (b3d.detail.lawson) leave no other edge to test, since two positive
//     triangles with such a vertex form a strictly convex quadrilateral.
// (c) when (a) holds: CGAL's
//     Constrained_Delaunay_triangulation_2 of the same points with the ring
//     edges as constraints, its faces inside the ring: if no unconstrained
//     edge of it joins two triangles on one circle (its CDT is unique), the
//     triangle sets are equal; always, the edges of the constrained
//     Delaunay subdivision (ring edges and interior edges whose far vertex
//     is strictly outside the circle) are equal.
// The result counts this polygon; a violation names the polygon `label`.
// When the ring is found and `ring` is not null, *ring is its vertex
// numbers from corner 0.
CgalDetailReport CgalCheckDetail(const CgalDetailPolygon& polygon, const std::string& label,
                                 std::vector<std::uint32_t>* ring = nullptr);

}  // namespace onepath::oracle
