// cdt_bench's CGAL partition peer (Partition_2's approx_convex_partition_2,
// Epick), its own translation unit, built with NDEBUG like the CDT peer.
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Partition_traits_2.h>
#include <CGAL/partition_2.h>

#include <iterator>
#include <list>
#include <vector>

#include "tools/bench/cgal_cdt_peer.hpp"

namespace onepath::bench {

namespace {

using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;
using Traits = CGAL::Partition_traits_2<Kernel>;

}  // namespace

struct CgalPolygons {
  std::vector<std::vector<Traits::Point_2>> polygons;
};

void CgalPolygonsDeleter::operator()(CgalPolygons* polygons) const { delete polygons; }

CgalPolygonsPtr MakeCgalPolygons(std::span<const geom2d::Ring> rings) {
  CgalPolygonsPtr out(new CgalPolygons);
  for (const geom2d::Ring& ring : rings) {
    auto& polygon = out->polygons.emplace_back();
    for (const geom2d::GridPoint& p : ring)
      polygon.emplace_back(static_cast<double>(p.x), static_cast<double>(p.y));
  }
  return out;
}

std::size_t CgalApproxConvexPartition(const CgalPolygons& polygons) {
  std::size_t pieces = 0;
  for (const auto& polygon : polygons.polygons) {
    std::list<Traits::Polygon_2> parts;
    CGAL::approx_convex_partition_2(polygon.begin(), polygon.end(), std::back_inserter(parts),
                                    Traits());
    pieces += parts.size();
  }
  return pieces;
}

}  // namespace onepath::bench
