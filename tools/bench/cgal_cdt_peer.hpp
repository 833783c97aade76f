// CGAL 5.5.1's Constrained_Delaunay_triangulation_2 (Epick) and
// approx_convex_partition_2 as peers of cdt_bench. The only files that
// include CGAL are cgal_cdt_peer.cpp and cgal_partition_peer.cpp (one
// translation unit each); this header does not.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <vector>

#include "onepath/geom2d/cdt.hpp"
#include "onepath/geom2d/region.hpp"

namespace onepath::bench {

// CGAL's form of a CDT input (points as Point_2, constraints as index
// pairs), made outside the timed call.
struct CgalCdtInput;
struct CgalCdtInputDeleter {
  void operator()(CgalCdtInput* input) const;
};
using CgalCdtInputPtr = std::unique_ptr<CgalCdtInput, CgalCdtInputDeleter>;

CgalCdtInputPtr MakeCgalCdtInput(std::span<const geom2d::GridPoint> points,
                                 std::span<const geom2d::CdtConstraint> constraints);

// The triangulation: the points inserted as one range (CGAL's spatial sort),
// or with constraints by insert_constraints(points, index pairs), which
// sorts the same way. Returns the number of finite faces.
std::size_t CgalCdtFaces(const CgalCdtInput& input);

// CGAL's form of simple polygons without holes (each ring counter-clockwise).
struct CgalPolygons;
struct CgalPolygonsDeleter {
  void operator()(CgalPolygons* polygons) const;
};
using CgalPolygonsPtr = std::unique_ptr<CgalPolygons, CgalPolygonsDeleter>;

CgalPolygonsPtr MakeCgalPolygons(std::span<const geom2d::Ring> rings);

// approx_convex_partition_2 (Hertel and Mehlhorn's diagonal removal on a
// constrained triangulation) of every polygon; returns the number of convex
// pieces in all.
std::size_t CgalApproxConvexPartition(const CgalPolygons& polygons);

}  // namespace onepath::bench
