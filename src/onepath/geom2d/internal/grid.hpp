// The snap grid (docs/spec/grid.md, grid.*): public double coordinates in,
// integer grid coordinates out, and exact doubles back.
#pragma once

#include <cstdint>
#include <vector>

#include "onepath/core/limits.hpp"
#include "onepath/core/vector2d.hpp"
#include "onepath/exact/predicates.hpp"
#include "onepath/geom2d/grid_point.hpp"

namespace onepath::geom2d {

// grid.snapbits: returns snapBits if it is in 0..16, else throws
// ArgumentOutOfRangeException (setting "SnapBits", value).
int CheckSnapBits(int snapBits);

// grid.coordinates: finite and of magnitude at most 2^21 (false for NaN).
bool IsPublicCoordinate(double v);

// grid.snap: the integer nearest to v * 2^snapBits, ties to even.
// Preconditions: IsPublicCoordinate(v), snapBits in 0..16.
std::int64_t SnapCoordinate(double v, int snapBits);

// grid.coordinates then grid.snap for vertex `vertex` of ring `ring` of
// outline `outline`. Throws ArgumentOutOfRangeException (outline, ring,
// vertex, value) for the first bad coordinate, x before y.
// Precondition: snapBits in 0..16.
GridPoint SnapVertex(Vector2D v, int snapBits, std::int64_t outline, std::int64_t ring,
                     std::int64_t vertex);

// grid.construct: the sign of the orientation of three grid points, from
// the exact predicate on integers (+1 when c lies left of a -> b).
inline int Orient(GridPoint a, GridPoint b, GridPoint c) {
  return exact::Orient2DInt(a.x, a.y, b.x, b.y, c.x, c.y);
}

// grid.value: grid coordinate i as the double i * 2^-snapBits (exact for
// |i| <= 2^53). Precondition: snapBits in 0..16.
double GridValue(std::int64_t i, int snapBits);

// grid.same-snapbits: throws ArgumentException (setting "SnapBits", value =
// second) unless the two operands' SnapBits agree.
void CheckSameSnapBits(int first, int second);

// The axes of a tile map's grid lines.
enum class Axis { kX, kY };

// grid.tilemap-lines: the cells + 1 snapped grid lines origin + i * cellSize,
// i = 0..cells, of one axis. Throws
// ArgumentOutOfRangeException (argument "cellSize", value) for a cell size
// below one grid unit or not finite, then (argument "gridLine.<axis>",
// vertex = i, value = the line) for the first line outside grid.coordinates.
// A tile map calls it for x, then for y.
// Preconditions: cells >= 0, snapBits in 0..16.
std::vector<std::int64_t> SnapTileMapLines(double origin, double cellSize, std::int64_t cells,
                                           int snapBits, Axis axis);

}  // namespace onepath::geom2d
