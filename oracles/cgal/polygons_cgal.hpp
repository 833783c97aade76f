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
  // Per polygon, per corner: the edge leaving the corner (towards the next
  // corner, the last to the first) is a wall (b3d.poly.values).
  std::vector<std::vector<bool>> polygonWalls;
  std::vector<std::uint32_t> polygonContour;  // the contour of each polygon
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
  // The merge candidates of b3d.poly.merge among the final polygons, each
  // contour on its own, and how each one fails b3d.poly.merge-valid (the
  // first failing test, in the clause's order).
  std::int64_t mergeCandidates = 0;
  std::int64_t wallCollinearJoints = 0;  // joints of candidates removed as wall-collinear
  std::int64_t rejectedTurn = 0;         // test 1: a joint turns right or reverses in cells
  std::int64_t rejectedOrient = 0;       // test 1: a joint has orient32 < 0
  std::int64_t rejectedRing = 0;         // test 2: R' short or with a vertex twice
  std::int64_t rejectedNeighbour = 0;    // test 3: a removed joint's neighbour, orient32 < 0
  // Valid candidates left (each a violation): (A, B) as indices of
  // input.polygons, in the order of b3d.poly.merge per contour.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> validMerges;
};

// Checks with CGAL::Exact_predicates_exact_constructions_kernel: every
// polygon has 3 ... maxVertsPerPoly distinct vertices; every corner turns
// left (in the frame (x, -z): the spec's cross) or goes straight in the
// float32 positions, and the polygon's float32
// area is positive (counter-clockwise); per contour, the polygons' doubled
// areas in cells sum to the contour's own doubled area (b3d.contour.winding)
// or less (clips dropped by b3d.poly.ears' float32 test), never more.
// And no valid Hertel-Mehlhorn merge is left (b3d.poly.promise's last
// bullet): per contour, the polygons in input order are 0 ... t - 1 of
// b3d.poly.merge; every candidate (two polygons of the contour holding an
// edge a -> b and b -> a by vertex index, |A| + |B| - 2 <= maxVertsPerPoly)
// is built into its ring (b3d.poly.merge-ring) and tested as
// b3d.poly.merge-valid says: turns and straight-on in exact integer cells,
// orient32 as CGAL's exact orientation of the float32 positions in the
// frame (x, -z) (b3d.poly.orient). A valid one is a violation.
CgalPolyReport CgalCheckPolygons(const CgalPolyInput& input);

}  // namespace onepath::oracle
