#include "conformance/generators/tile_squares.hpp"

namespace onepath::gen {

std::vector<geom2d::Outline> SolidCellSquares(std::span<const std::uint8_t> cells,
                                              std::int64_t width, std::int64_t height,
                                              double cellSize, Vector2D origin, bool oneOutline) {
  std::vector<geom2d::Outline> outlines;
  geom2d::Outline all;
  for (std::int64_t y = 0; y < height; ++y)
    for (std::int64_t x = 0; x < width; ++x) {
      if (!cells[static_cast<std::size_t>(y * width + x)]) continue;
      double x0 = origin.x + static_cast<double>(x) * cellSize;
      double x1 = origin.x + static_cast<double>(x + 1) * cellSize;
      double y0 = origin.y + static_cast<double>(y) * cellSize;
      double y1 = origin.y + static_cast<double>(y + 1) * cellSize;
      std::vector<Vector2D> ring = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
      if (oneOutline)
        all.rings.push_back(std::move(ring));
      else
        outlines.push_back({{std::move(ring)}});
    }
  if (oneOutline && !all.rings.empty()) outlines.push_back(std::move(all));
  return outlines;
}

}  // namespace onepath::gen
