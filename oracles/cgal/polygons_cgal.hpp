// Validity of a polygonizer result (docs/spec/build3d-polygons.md,
// b3d.poly.promise) checked with CGAL's exact kernel: its own structs, no
// header of src/. The test side fills them from the reference's PolyMesh.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace onepath::oracle {

struct CgalPolyVertex {
  double x = 0, z = 0;          // the float32 tile-local position, widened
  std::int64_t cx = 0, cz = 0;  // the cell corner
};

struct CgalPolyInput {
  std::vector<CgalPolyVertex> vertices;
  std::vector<std::vector<std::uint32_t>> polygons;  // vertex indices, corner order
  std::vector<std::uint32_t> polygonContour;         // the contour of each polygon
  // Each contour's vertices as cell corners (x, z), in contour order.
  std::vector<std::vector<std::pair<std::int64_t, std::int64_t>>> contours;
  int maxVertsPerPoly = 6;
};

struct CgalPolyReport {
  std::string firstViolation;         // "" when every check holds
  std::int64_t polygons = 0;          // polygons checked
  std::int64_t collinearCorners = 0;  // corners straight in float32 (permitted joints)
  std::int64_t contoursArea = 0;      // contours whose polygons' cell areas sum to its own
  std::int64_t contoursShort = 0;     // contours whose polygons cover less (dropped clips)
};

// Checks with CGAL::Exact_predicates_exact_constructions_kernel: every
// polygon has 3 ... maxVertsPerPoly distinct vertices; every corner turns
// left (in the frame (x, -z): the spec's cross) or goes straight in the
// float32 positions, and the polygon's float32
// area is positive (counter-clockwise); per contour, the polygons' doubled
// areas in cells sum to the contour's own doubled area (b3d.contour.winding)
// or less (clips dropped by b3d.poly.ears' float32 test), never more.
CgalPolyReport CgalCheckPolygons(const CgalPolyInput& input);

}  // namespace onepath::oracle
