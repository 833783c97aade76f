// The snap grid (docs/spec/grid.md).
//
// Only exact operations (num.ieee): scaling by a power of two (ldexp),
// rounding to an integer under the round-to-nearest-even mode that
// num.rounding guarantees (nearbyint), comparisons and conversions of
// representable values. The one rounded computation is the tile-map line,
// which the spec fixes as one multiplication and one addition.
#include "onepath/geom2d/internal/grid.hpp"

#include <cmath>
#include <string>

#include "onepath/core/errors.hpp"

namespace onepath::geom2d {

int CheckSnapBits(int snapBits) {
  if (snapBits < kMinSnapBits || snapBits > kMaxSnapBits) {
    throw ArgumentOutOfRangeException("SnapBits must be from 0 to 16 (grid.snapbits)",
                                      {.value = snapBits, .setting = "SnapBits"});
  }
  return snapBits;
}

bool IsPublicCoordinate(double v) {
  // A NaN fails both comparisons; an infinity fails one.
  return v >= -kMaxPublicCoordinate && v <= kMaxPublicCoordinate;
}

std::int64_t SnapCoordinate(double v, int snapBits) {
  // grid.snap: |v| <= 2^21, so the scaled value is exact and at most 2^37.
  const double scaled = std::ldexp(v, snapBits);
  return static_cast<std::int64_t>(std::nearbyint(scaled));
}

GridPoint SnapVertex(Vector2D v, int snapBits, std::int64_t outline, std::int64_t ring,
                     std::int64_t vertex) {
  // grid.coordinates: x is reported before y.
  for (double c : {v.x, v.y}) {
    if (!IsPublicCoordinate(c)) {
      throw ArgumentOutOfRangeException(
          "coordinate not finite or beyond 2^21 (grid.coordinates)",
          {.outline = outline, .ring = ring, .vertex = vertex, .value = c});
    }
  }
  return {SnapCoordinate(v.x, snapBits), SnapCoordinate(v.y, snapBits)};
}

double GridValue(std::int64_t i, int snapBits) {
  return std::ldexp(static_cast<double>(i), -snapBits);
}

void CheckSameSnapBits(int first, int second) {
  if (first != second) {
    throw ArgumentException("operands have different SnapBits (grid.same-snapbits)",
                            {.value = second, .setting = "SnapBits"});
  }
}

std::vector<std::int64_t> SnapTileMapLines(double origin, double cellSize, std::int64_t cells,
                                           int snapBits, Axis axis) {
  // grid.tilemap-lines: at least one grid unit, compared exactly (scaling by
  // 2^snapBits >= 1 cannot round). NaN and negative sizes fail the
  // comparison; an infinite size is rejected here too.
  if (!std::isfinite(cellSize) || !(std::ldexp(cellSize, snapBits) >= 1.0)) {
    throw ArgumentOutOfRangeException(
        "cell size below one grid unit or not finite (grid.tilemap-lines)",
        {.argument = "cellSize", .value = cellSize});
  }
  std::vector<std::int64_t> lines;
  lines.reserve(static_cast<std::size_t>(cells) + 1);
  for (std::int64_t i = 0; i <= cells; ++i) {
    // One multiplication, one addition, each rounded (no contraction).
    const double offset = static_cast<double>(i) * cellSize;
    const double line = origin + offset;
    if (!IsPublicCoordinate(line)) {
      throw ArgumentOutOfRangeException(
          "grid line not finite or beyond 2^21 (grid.coordinates, grid.tilemap-lines)",
          {.argument = axis == Axis::kX ? "gridLine.x" : "gridLine.y", .vertex = i, .value = line});
    }
    lines.push_back(SnapCoordinate(line, snapBits));
  }
  return lines;
}

}  // namespace onepath::geom2d
