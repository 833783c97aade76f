// An independent validity checker for Region.Triangulate and
// Region.PartitionConvex results (docs/spec/triangulate.md), shared by the
// properties, the golden writers and the fuzz targets. It reads only the
// interface types and the region's rings; areas and turns are its own
// 128-bit integer arithmetic, written from the promises:
//  - triangles: vertices sorted and distinct, every index in range, each
//    triangle strictly counter-clockwise and starting at its smallest index,
//    the list sorted; the doubled areas add up to the rings' doubled area
//    exactly; every ring edge is an edge of exactly one triangle, in the
//    ring's direction; neighbours[3 t + i] names the triangle holding the
//    reversed edge, -1 exactly on ring edges (triangulate.output);
//  - polygons: 3 .. limit vertices, weakly convex and counter-clockwise
//    (every turn >= 0, positive area), starting at the smallest index, the
//    list sorted; areas add up exactly; no directed edge twice; neighbours
//    symmetric, -1 exactly where no polygon holds the reversed edge
//    (partition.output, partition.promise).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "onepath/geom2d/region.hpp"
#include "onepath/geom2d/triangulation.hpp"

namespace onepath::gen {

struct TriangulationValidity {
  std::int64_t violations = 0;
  std::vector<std::string> messages;  // the first few violations
  bool ok() const { return violations == 0; }
  std::string Summary() const;  // "ok" or the count and the messages
};

// `rings` are the triangulated region's rings (region.invariants form).
TriangulationValidity CheckTriangulationValidity(const std::vector<geom2d::Ring>& rings,
                                                 const geom2d::RegionTriangulation& t);

TriangulationValidity CheckPartitionValidity(const std::vector<geom2d::Ring>& rings,
                                             const geom2d::ConvexPartition& c,
                                             int maxVerticesPerPolygon);

}  // namespace onepath::gen
