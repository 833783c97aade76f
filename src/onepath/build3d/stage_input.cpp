// Calling a stage alone (docs/spec/build3d-spans.md, b3d.span.stage-input,
// with b3d.span.stages for the tile): the checks before a stage runs, in
// the clause's order.
#include "onepath/build3d/internal/directions.hpp"
#include "onepath/build3d/internal/narrow.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d::internal {

namespace {

[[noreturn]] void SpanOutOfRange(const char* argument, std::size_t column, std::size_t span,
                                 double value) {
  throw ArgumentOutOfRangeException(
      "a span of the stage's input is out of range "
      "(b3d.span.stage-input)",
      {.argument = argument,
       .column = static_cast<std::int64_t>(column),
       .span = static_cast<std::int64_t>(span),
       .value = value});
}

// Width, depth and the number of column lists of either value.
template <typename Value>
void CheckShape(const Value& v) {
  if (v.width() < 0) {
    throw ArgumentOutOfRangeException(
        "width must be >= 0 (b3d.span.stage-input)",
        {.argument = "width", .value = static_cast<double>(v.width())});
  }
  if (v.depth() < 0) {
    throw ArgumentOutOfRangeException(
        "depth must be >= 0 (b3d.span.stage-input)",
        {.argument = "depth", .value = static_cast<double>(v.depth())});
  }
  std::int64_t columns = 0;
  if (!ExactProduct(v.width(), v.depth(), columns) ||
      static_cast<std::uint64_t>(columns) != v.columnCount()) {
    throw ArgumentException(
        "the value does not have width * depth columns (b3d.span.stage-input)",
        {.argument = "columns", .count = static_cast<std::int64_t>(v.columnCount())});
  }
}

}  // namespace

void CheckTile(const TileRange& range, std::int64_t tx, std::int64_t tz) {
  if (!range.Contains(tx, tz)) {
    throw ArgumentOutOfRangeException("the tile is not one of the input's tiles (b3d.span.stages)",
                                      {.argument = "tile", .tileX = tx, .tileZ = tz});
  }
}

PreparedTile PrepareTile(const TriangleSoup& soup, std::span<const ConvexVolume> volumes,
                         const NavSettings& settings, std::int64_t tx, std::int64_t tz) {
  PreparedTile tile;
  tile.derived = DeriveSettings(settings);
  CheckSoup(soup);
  CheckVolumes(volumes);
  const TileRange range = SoupTiles(soup, settings);
  CheckTile(range, tx, tz);
  tile.triangles = SelectTileTriangles(soup, settings, tile.derived, range, tx, tz);
  tile.grid = SoupTileGrid(soup, tile.triangles, settings, tile.derived, tx, tz);
  return tile;
}

PreparedTile PrepareTile(const HeightfieldInput& input, std::span<const ConvexVolume> volumes,
                         const NavSettings& settings, std::int64_t tx, std::int64_t tz) {
  PreparedTile tile;
  tile.derived = DeriveSettings(settings);
  CheckHeightfieldInput(input, tile.derived);
  CheckVolumes(volumes);
  CheckTile(VoxelTiles(input.width, input.depth, tile.derived), tx, tz);
  tile.grid = HeightfieldTileGrid(input, settings, tile.derived, tx, tz);
  return tile;
}

PreparedTile PrepareTile(const VoxelChunk& chunk, std::span<const ConvexVolume> volumes,
                         const NavSettings& settings, std::int64_t tx, std::int64_t tz) {
  PreparedTile tile;
  tile.derived = DeriveSettings(settings);
  CheckChunk(chunk, tile.derived);
  CheckVolumes(volumes);
  CheckTile(VoxelTiles(chunk.sizeX, chunk.sizeZ, tile.derived), tx, tz);
  tile.grid = ChunkTileGrid(chunk, settings, tile.derived, tx, tz);
  return tile;
}

void CheckAreas(std::span<const std::int64_t> areas, std::size_t tileTriangles) {
  if (areas.size() != tileTriangles) {
    throw ArgumentException(
        "areas must have one entry per tile triangle (b3d.span.stage-input)",
        {.argument = "areas", .count = static_cast<std::int64_t>(areas.size())});
  }
  for (std::size_t k = 0; k < areas.size(); ++k) {
    if (areas[k] < 0 || areas[k] > kMaxArea) {
      throw ArgumentOutOfRangeException("an area is not in 0..63 (b3d.span.stage-input)",
                                        {.argument = "areas",
                                         .triangle = static_cast<std::int64_t>(k),
                                         .value = static_cast<double>(areas[k])});
    }
  }
}

void CheckHeightfield(const Heightfield& h) {
  CheckShape(h);
  for (std::size_t c = 0; c < h.columnCount(); ++c) {
    const auto column = h.Column(c);
    for (std::size_t k = 0; k < column.size(); ++k) {
      const Span& s = column[k];
      // smax <= 65535 ("spans.max") holds by the type.
      if (s.smin >= s.smax) SpanOutOfRange("spans.min", c, k, s.smin);
      if (s.area > kMaxArea) SpanOutOfRange("spans.area", c, k, s.area);
      if (k > 0 && s.smin <= column[k - 1].smax) SpanOutOfRange("spans.min", c, k, s.smin);
    }
  }
}

void CheckCompactHeightfield(const CompactHeightfield& h) {
  CheckShape(h);
  const std::int64_t w = h.width();
  const std::int64_t d = h.depth();
  for (std::size_t c = 0; c < h.columnCount(); ++c) {
    const auto column = h.Column(c);
    const std::int64_t x = static_cast<std::int64_t>(c) % w;
    const std::int64_t z = static_cast<std::int64_t>(c) / w;
    for (std::size_t k = 0; k < column.size(); ++k) {
      const CompactSpan& s = column[k];
      if (s.area > kMaxArea) SpanOutOfRange("compact.area", c, k, s.area);
      for (int dir = 0; dir < 4; ++dir) {
        const std::uint8_t con = s.con[dir];
        if (con == kNotConnected) continue;
        const std::int64_t nx = x + kDirX[dir];
        const std::int64_t nz = z + kDirZ[dir];
        const bool ok = con < kNotConnected && nx >= 0 && nx < w && nz >= 0 && nz < d &&
                        h.Column(static_cast<std::size_t>(nx + w * nz)).size() > con;
        if (!ok) SpanOutOfRange("compact.con", c, k, con);
      }
    }
  }
}

}  // namespace onepath::build3d::internal
