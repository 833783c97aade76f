// cdt_bench's CGAL CDT peer (Constrained_Delaunay_triangulation_2 with
// Exact_predicates_inexact_constructions_kernel), its own translation unit.
// Built with NDEBUG like the library (release): CGAL's fast path. Grid
// coordinates (|c| <= 2^39) are exact as doubles.
#include "tools/bench/cgal_cdt_peer.hpp"

#include <CGAL/Constrained_Delaunay_triangulation_2.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>

#include <utility>
#include <vector>

namespace onepath::bench {

namespace {

using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
using Cdt = CGAL::Constrained_Delaunay_triangulation_2<Kernel>;

}  // namespace

struct CgalCdtInput {
  std::vector<Kernel::Point_2> points;
  std::vector<std::pair<std::size_t, std::size_t>> constraints;
};

void CgalCdtInputDeleter::operator()(CgalCdtInput* input) const { delete input; }

CgalCdtInputPtr MakeCgalCdtInput(std::span<const geom2d::GridPoint> points,
                                 std::span<const geom2d::CdtConstraint> constraints) {
  CgalCdtInputPtr input(new CgalCdtInput);
  input->points.reserve(points.size());
  for (const geom2d::GridPoint& p : points)
    input->points.emplace_back(static_cast<double>(p.x), static_cast<double>(p.y));
  input->constraints.reserve(constraints.size());
  for (const geom2d::CdtConstraint& c : constraints) input->constraints.emplace_back(c.a, c.b);
  return input;
}

std::size_t CgalCdtFaces(const CgalCdtInput& input) {
  Cdt cdt;
  if (input.constraints.empty())
    cdt.insert(input.points.begin(), input.points.end());
  else
    cdt.insert_constraints(input.points.begin(), input.points.end(), input.constraints.begin(),
                           input.constraints.end());
  return cdt.number_of_faces();
}

}  // namespace onepath::bench
