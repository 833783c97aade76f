// The outputs of Region.Triangulate and Region.PartitionConvex
// (docs/spec/triangulate.md, triangulate.output, partition.output).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "onepath/core/limits.hpp"
#include "onepath/geom2d/grid_point.hpp"

namespace onepath::geom2d {

// triangulate.output: vertices in (x, y) order; triangles counter-clockwise,
// each starting at its smallest vertex index, sorted; neighbours[3 t + i]
// across edge (v_i, v_(i+1)), -1 on the boundary.
struct RegionTriangulation {
  int snapBits = kDefaultSnapBits;
  std::vector<GridPoint> vertices;
  std::vector<std::array<std::uint32_t, 3>> triangles;
  std::vector<std::int32_t> neighbours;
};

// partition.output: convex counter-clockwise polygons over the same
// vertices, each starting at its smallest index, sorted; neighbours[p][i]
// across edge (v_i, v_(i+1)), -1 on the boundary.
struct ConvexPartition {
  int snapBits = kDefaultSnapBits;
  std::vector<GridPoint> vertices;
  std::vector<std::vector<std::uint32_t>> polygons;
  std::vector<std::vector<std::int32_t>> neighbours;
};

// partition.merge and partition.output, from a triangulation in
// triangulate.output form. Throws ArgumentOutOfRangeException (argument
// "maxVerticesPerPolygon") outside 3..16.
ConvexPartition PartitionConvex(const RegionTriangulation& triangulation,
                                int maxVerticesPerPolygon = 6);

// triangulate.canonical and partition.canonical.
std::vector<std::uint8_t> CanonicalBytes(const RegionTriangulation& triangulation);
std::vector<std::uint8_t> CanonicalBytes(const ConvexPartition& partition);

}  // namespace onepath::geom2d
