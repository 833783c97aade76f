// b3d.span.rasterize by rcRasterizeTriangles (e75adf8), with the
// high-x-edge remedy of b3d.span.recast 2: the heightfield is one column
// wider than the grid, with the same bmin, bmax, csF and chF, and the extra
// column is dropped. The low edges have no remedy; the caller keeps to
// triangles that TriangleAvoidsLowEdgeDifference.
#include <cmath>

#include "oracles/recast/recast_load.hpp"

namespace recast_oracle {

namespace {

const float* Corner(std::span<const float> verts, std::span<const std::int32_t> tris,
                    std::size_t triangle, int k) {
  return &verts[3 * static_cast<std::size_t>(tris[3 * triangle + k])];
}

// Recast casts (v - bmin) * ics to int, undefined beyond the int range
// (b3d.span.recast, "Large quotients"); 2^30 leaves room for rounding.
bool CellIndexFits(float v, float bmin, float csF) {
  return std::abs((static_cast<double>(v) - bmin) / csF) < 1073741824.0;
}

std::string CheckGrid(const Grid& grid) {
  std::string error = detail::CheckRange("W", grid.W, 0, 1 << 14);
  // 13-bit span tops: a grid's tops reach rows + 1 (b3d.span.recast).
  if (error.empty()) error = detail::CheckRange("rows", grid.rows, 0, kMaxGridRows);
  if (error.empty() &&
      !(grid.csF > 0 && std::isfinite(grid.csF) && grid.chF > 0 && std::isfinite(grid.chF)))
    error = "csF and chF must be positive and finite";
  return error;
}

std::string CheckInput(const Grid& grid, std::span<const float> verts,
                       std::span<const std::int32_t> tris, std::span<const std::uint8_t> areas) {
  if (verts.size() % 3 != 0 || tris.size() % 3 != 0) return "verts or tris: not whole triples";
  if (areas.size() != tris.size() / 3) return "areas: not one per triangle";
  for (std::uint8_t area : areas)
    if (area > kWalkableArea) return "areas: above 63";
  for (std::int32_t index : tris)
    if (index < 0 || static_cast<std::size_t>(index) >= verts.size() / 3)
      return "tris: index out of range";
  // Only the triangles' corners reach Recast's casts.
  for (std::int32_t index : tris) {
    const float* v = &verts[3 * static_cast<std::size_t>(index)];
    if (!std::isfinite(v[0]) || !std::isfinite(v[1]) || !std::isfinite(v[2]))
      return "verts: a coordinate is not finite";
    if (!CellIndexFits(v[0], grid.bmin[0], grid.csF) ||
        !CellIndexFits(v[2], grid.bmin[2], grid.csF))
      return "verts: a cell index beyond the int range";
  }
  return "";
}

}  // namespace

bool TriangleAvoidsLowEdgeDifference(const Grid& grid, std::span<const float> verts,
                                     std::span<const std::int32_t> tris, std::size_t triangle) {
  for (int axis : {0, 2}) {
    const double edge = static_cast<double>(grid.bmin[axis]) - static_cast<double>(grid.csF) / 2;
    for (int k = 0; k < 3; ++k)
      if (static_cast<double>(Corner(verts, tris, triangle, k)[axis]) < edge) return false;
  }
  return true;
}

Outcome<Heightfield> Rasterize(const Grid& grid, std::span<const float> verts,
                               std::span<const std::int32_t> tris,
                               std::span<const std::uint8_t> areas, int flagMergeThreshold) {
  std::string error = CheckGrid(grid);
  if (error.empty()) error = CheckInput(grid, verts, tris, areas);
  if (error.empty()) error = detail::CheckRange("flagMergeThreshold", flagMergeThreshold, 0, 65535);
  if (!error.empty()) return {{}, error};
  rcContext ctx(false);
  rcHeightfield hf;
  // W + 1 columns in x (the remedy), W rows in z; the cell lines do not
  // depend on the width.
  if (!rcCreateHeightfield(&ctx, hf, grid.W + 1, grid.W, grid.bmin.data(), grid.bmax.data(),
                           grid.csF, grid.chF))
    return {{}, "Recast: out of memory"};
  if (!rcRasterizeTriangles(&ctx, verts.data(), static_cast<int>(verts.size() / 3), tris.data(),
                            areas.data(), static_cast<int>(areas.size()), hf, flagMergeThreshold))
    return {{}, "Recast: out of memory"};
  return {detail::ReadSpans(hf, grid.W, grid.W), ""};
}

}  // namespace recast_oracle
