// A second, simpler oracle for tile maps (region.from-tilemap): Clipper
// 6.4.2 (Debian libpolyclipping-dev) unions the solid cells as squares
// (non-zero fill). Cells only share whole sides or corners, so Clipper
// constructs no point: every output vertex is a cell corner and the area is
// exact. Independent of CGAL and of the reference.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/geom2d/region.hpp"

namespace onepath::oracle {

struct ClipperTileMapResult {
  onepath::Int128 doubledArea = 0;  // from the output paths, exact
  // Clipper's output paths (outer boundaries counter-clockwise, holes
  // clockwise; collinear vertices removed; how cycles are split at points
  // where they touch is Clipper's choice).
  std::vector<std::vector<geom2d::GridPoint>> paths;
};

// cells: row-major, width x height, non-zero = solid; cell (x, y) spans
// xLines[x]..xLines[x + 1] by yLines[y]..yLines[y + 1] (grid units, as
// SnapTileMapLines gives them). Two neighbouring lines may be equal (they
// snapped to the same integer, region.from-tilemap): such cells have no
// area and are left out. Throws std::invalid_argument when the sizes do
// not match, a line is below the one before it, or a coordinate is beyond
// 2^39.
ClipperTileMapResult ClipperTileMapUnion(std::span<const std::uint8_t> cells, std::int64_t width,
                                         std::int64_t height, std::span<const std::int64_t> xLines,
                                         std::span<const std::int64_t> yLines);

}  // namespace onepath::oracle
