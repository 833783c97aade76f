// Regions (docs/spec/region.md, region.*): sets of non-crossing rings on the
// snap grid, made from outlines or tile maps, combined by boolean
// operations.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/core/int128.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/core/vector2d.hpp"
#include "onepath/geom2d/grid_point.hpp"
#include "onepath/geom2d/outline.hpp"
#include "onepath/geom2d/triangulation.hpp"

namespace onepath::geom2d {

// A closed ring of grid points, the last joined to the first.
using Ring = std::vector<GridPoint>;

// offset.arguments: the two joins.
enum class OffsetJoin { kRound, kSquare };

struct RegionAccess;  // onepath/geom2d/internal/region_access.hpp

// region.invariants: rings never cross or overlap and touch only at shared
// vertices; interior on the left (outer rings counter-clockwise, holes
// clockwise); no collinear degree-2 vertex; each ring starts at its
// smallest directed edge and rings are sorted by it (region.ring-order).
class Region {
 public:
  // The empty region on the default grid.
  Region() = default;

  // region.from-outlines: each outline alone (even-odd), then the union.
  static Region FromOutlines(std::span<const Outline> outlines,
                             const Geometry2DOptions& options = {});

  // region.from-tilemap: cells row-major (width x height, non-zero =
  // solid), cell (x, y) between grid lines x, x + 1 and y, y + 1.
  static Region FromTileMap(std::span<const std::uint8_t> cells, std::int64_t width,
                            std::int64_t height, double cellSize, Vector2D origin,
                            const Geometry2DOptions& options = {});

  // region.boolean (both operands must have the same SnapBits,
  // grid.same-snapbits).
  Region Union(const Region& other) const;
  Region Intersection(const Region& other) const;
  Region Difference(const Region& other) const;
  Region SymmetricDifference(const Region& other) const;

  // offset.*: grows (distance > 0) or shrinks (distance < 0) by |distance|
  // public units. Throws ArgumentOutOfRangeException (offset.arguments,
  // offset.limits).
  Region Offset(double distance, OffsetJoin join, double arcTolerance) const;

  // triangulate.*: the constrained Delaunay triangles covering the region.
  RegionTriangulation Triangulate() const;

  // partition.*: Triangulate, then the greedy convex merge. Throws
  // ArgumentOutOfRangeException (argument "maxVerticesPerPolygon").
  ConvexPartition PartitionConvex(int maxVerticesPerPolygon = 6) const;

  int SnapBits() const { return snapBits_; }
  const std::vector<Ring>& Rings() const { return rings_; }
  bool IsEmpty() const { return rings_.empty(); }

  // region.area: twice the area in grid units^2 (an integer: the sum of the
  // rings' cross products), exact.
  Int128 DoubledArea() const;

  // grid.value: the rings as exact doubles.
  std::vector<std::vector<Vector2D>> RingsAsVectors() const;

 private:
  // Every Region satisfies region.invariants: the public factories and
  // operations make only such rings. Rings from elsewhere (the stages'
  // labelled boundaries, tests) become a Region only through RegionAccess,
  // declared in an internal header: a friend rather than a public factory,
  // so that no library user can forge a Region without including one.
  friend struct RegionAccess;

  std::vector<Ring> rings_;
  int snapBits_ = kDefaultSnapBits;
};

// region.canonical: the region's canonical bytes.
std::vector<std::uint8_t> CanonicalBytes(const Region& region);

}  // namespace onepath::geom2d
