#include "oracles/clipper/tilemap_clipper.hpp"

#include <polyclipping/clipper.hpp>
#include <stdexcept>

namespace onepath::oracle {

namespace {

// arr.input (docs/spec/arrangement.md): "integer coordinates of magnitude
// at most 2^39", restated here from the spec, not taken from src/.
constexpr std::int64_t kMaxCoordinate = std::int64_t{1} << 39;

void CheckLines(std::span<const std::int64_t> lines, std::int64_t cells) {
  if (cells < 0 || lines.size() != static_cast<std::size_t>(cells) + 1)
    throw std::invalid_argument("ClipperTileMapUnion: wrong number of grid lines");
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i] > kMaxCoordinate || lines[i] < -kMaxCoordinate)
      throw std::invalid_argument("ClipperTileMapUnion: grid line beyond 2^39");
    if (i > 0 && lines[i] < lines[i - 1])
      throw std::invalid_argument("ClipperTileMapUnion: grid lines must not decrease");
  }
}

}  // namespace

ClipperTileMapResult ClipperTileMapUnion(std::span<const std::uint8_t> cells, std::int64_t width,
                                         std::int64_t height, std::span<const std::int64_t> xLines,
                                         std::span<const std::int64_t> yLines) {
  CheckLines(xLines, width);
  CheckLines(yLines, height);
  if (cells.size() != static_cast<std::size_t>(width * height))
    throw std::invalid_argument("ClipperTileMapUnion: cells.size() != width * height");
  ClipperLib::Clipper clipper;
  bool any = false;
  for (std::int64_t y = 0; y < height; ++y) {
    for (std::int64_t x = 0; x < width; ++x) {
      if (cells[static_cast<std::size_t>(y * width + x)] == 0) continue;
      const ClipperLib::cInt x0 = xLines[x], x1 = xLines[x + 1];
      const ClipperLib::cInt y0 = yLines[y], y1 = yLines[y + 1];
      if (x0 == x1 || y0 == y1) continue;                                  // collapsed: no area
      ClipperLib::Path square = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};  // counter-clockwise
      clipper.AddPath(square, ClipperLib::ptSubject, true);
      any = true;
    }
  }
  // Clipper 6.4.2's Execute fails (returns false) when it has no path at
  // all: no solid cell with an area is the empty union.
  if (!any) return {};
  ClipperLib::Paths solution;
  if (!clipper.Execute(ClipperLib::ctUnion, solution, ClipperLib::pftNonZero,
                       ClipperLib::pftNonZero))
    throw std::runtime_error("ClipperTileMapUnion: Clipper failed");
  ClipperTileMapResult result;
  for (const ClipperLib::Path& path : solution) {
    std::vector<geom2d::GridPoint> ring;
    for (const ClipperLib::IntPoint& p : path) ring.push_back({p.X, p.Y});
    for (std::size_t k = 0; k < ring.size(); ++k) {
      const geom2d::GridPoint a = ring[k], b = ring[(k + 1) % ring.size()];
      result.doubledArea +=
          static_cast<onepath::Int128>(a.x) * b.y - static_cast<onepath::Int128>(b.x) * a.y;
    }
    result.paths.push_back(std::move(ring));
  }
  return result;
}

}  // namespace onepath::oracle
