// The only translation unit that includes CGAL's Triangulation_2 package
// (cdt_cgal.hpp). Vertices carry their point index as info; the points go in
// through CGAL's range insertion (spatial sort), the constraints one by one
// between the vertex handles.
#include "oracles/cgal/cdt_cgal.hpp"

#include <CGAL/Constrained_Delaunay_triangulation_2.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Triangulation_vertex_base_with_info_2.h>

#include <algorithm>
#include <ctime>
#include <utility>

namespace onepath::oracle {

namespace {

using K = CGAL::Exact_predicates_inexact_constructions_kernel;
using Vb = CGAL::Triangulation_vertex_base_with_info_2<std::uint32_t, K>;
using Fb = CGAL::Constrained_triangulation_face_base_2<K>;
using Tds = CGAL::Triangulation_data_structure_2<Vb, Fb>;
using Cdt =
    CGAL::Constrained_Delaunay_triangulation_2<K, Tds, CGAL::No_constraint_intersection_tag>;

double CpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

}  // namespace

CdtCgalResult ConstrainedDelaunayCgal(std::span<const geom2d::GridPoint> points,
                                      std::span<const geom2d::CdtConstraint> constraints) {
  std::vector<std::pair<K::Point_2, std::uint32_t>> input;
  input.reserve(points.size());
  for (std::size_t i = 0; i < points.size(); ++i)
    input.emplace_back(
        K::Point_2(static_cast<double>(points[i].x), static_cast<double>(points[i].y)),
        static_cast<std::uint32_t>(i));

  // No_constraint_intersection_tag also rejects a constraint along an edge
  // that is constrained already, so each (min, max) pair goes in once.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  pairs.reserve(constraints.size());
  for (const geom2d::CdtConstraint& c : constraints)
    pairs.emplace_back(std::min(c.a, c.b), std::max(c.a, c.b));
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());

  CdtCgalResult result;
  const double start = CpuSeconds();
  Cdt cdt;
  cdt.insert(input.begin(), input.end());
  std::vector<Cdt::Vertex_handle> handle(points.size());
  for (auto v = cdt.finite_vertices_begin(); v != cdt.finite_vertices_end(); ++v)
    handle[v->info()] = v;
  for (const auto& [a, b] : pairs) cdt.insert_constraint(handle[a], handle[b]);
  result.seconds = CpuSeconds() - start;

  for (auto f = cdt.finite_faces_begin(); f != cdt.finite_faces_end(); ++f) {
    std::array<std::uint32_t, 3> t = {f->vertex(0)->info(), f->vertex(1)->info(),
                                      f->vertex(2)->info()};
    std::rotate(t.begin(), std::min_element(t.begin(), t.end()), t.end());
    result.triangles.push_back(t);
  }
  for (auto e = cdt.finite_edges_begin(); e != cdt.finite_edges_end(); ++e) {
    if (!cdt.is_constrained(*e)) continue;
    // Edge (face, i) is opposite vertex i of the face.
    std::uint32_t a = e->first->vertex(Cdt::ccw(e->second))->info();
    std::uint32_t b = e->first->vertex(Cdt::cw(e->second))->info();
    result.constrainedEdges.push_back({std::min(a, b), std::max(a, b)});
  }
  std::sort(result.triangles.begin(), result.triangles.end());
  std::sort(result.constrainedEdges.begin(), result.constrainedEdges.end());
  return result;
}

}  // namespace onepath::oracle
