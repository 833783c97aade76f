// Oracle for the constrained Delaunay triangulation (cdt.*): CGAL's
// Constrained_Delaunay_triangulation_2 over
// Exact_predicates_inexact_constructions_kernel. Its predicates are exact on
// doubles, and grid coordinates (within 2^39) are exact doubles, so CGAL
// decides every orientation and in-circle test as pred.* does. It knows
// nothing of cdt.order, the slots or the bounding triangle: CGAL closes the
// convex hull with a vertex at infinity. This header must not include CGAL:
// only cdt_cgal.cpp does.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "onepath/geom2d/cdt.hpp"

namespace onepath::oracle {

struct CdtCgalResult {
  // The finite faces as point indices, counter-clockwise, each rotated to
  // start at its smallest index; sorted.
  std::vector<std::array<std::uint32_t, 3>> triangles;
  // The constrained edges (a < b), sorted.
  std::vector<std::array<std::uint32_t, 2>> constrainedEdges;
  // CPU seconds of the insertions alone (points with CGAL's spatial sort,
  // then the constraints), not of reading the result out.
  double seconds = 0.0;
};

// points: distinct grid points within 3 * 2^45, exact as doubles (the
// corners of cdt.bounding-triangle may be among them; not checked); constraints:
// noded (CGAL's No_constraint_intersection_tag throws on a crossing);
// duplicates are inserted once, in increasing (min, max) order.
CdtCgalResult ConstrainedDelaunayCgal(std::span<const geom2d::GridPoint> points,
                                      std::span<const geom2d::CdtConstraint> constraints);

}  // namespace onepath::oracle
