// Building a tile's solid heightfield (docs/spec/build3d-spans.md,
// "Building the solid heightfield": b3d.span.classify, b3d.span.rasterize,
// b3d.span.from-heightfield, b3d.span.from-chunk).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/input.hpp"
#include "onepath/build3d/settings.hpp"

namespace onepath::build3d {

// b3d.span.classify: one of a tile's triangles with its area.
struct TileTriangle {
  std::uint32_t index = 0;  // in the soup
  std::uint8_t area = 0;
  friend bool operator==(const TileTriangle&, const TileTriangle&) = default;
};

// The stage `triangles`: a tile's triangles in input order.
struct TileTriangles {
  std::vector<TileTriangle> triangles;
  friend bool operator==(const TileTriangles&, const TileTriangles&) = default;
};

// b3d.span.classify: the list of triangles, each u32 index, u8 area.
std::vector<std::uint8_t> CanonicalBytes(const TileTriangles& triangles);

// The stage operations (b3d.span.stage-input). Each checks the settings,
// the input, the tile (ArgumentOutOfRangeException "tile", tileX, tileZ
// outside the input's tiles) and, for a soup, the tile's rows
// (b3d.grid-vertical), then its own argument, and throws the first
// violation; the grid is derived from input, settings and tile.
class Voxelizer {
 public:
  // b3d.span.classify: area 63 for triangles that MayBeWalkable and face up
  // (Recast's binary32 test), else 0.
  static TileTriangles ClassifyTriangles(const TriangleSoup& soup, const NavSettings& settings,
                                         std::int64_t tx, std::int64_t tz);

  // b3d.span.rasterize: the tile's triangles with `areas` (one per tile
  // triangle, 0..63) into the tile's W x W heightfield.
  static Heightfield Rasterize(const TriangleSoup& soup, const NavSettings& settings,
                               std::int64_t tx, std::int64_t tz,
                               std::span<const std::int64_t> areas);

  // b3d.span.from-heightfield: the source columns the tile's grid shows.
  static Heightfield FromHeightfield(const HeightfieldInput& input, const NavSettings& settings,
                                     std::int64_t tx, std::int64_t tz);

  // b3d.span.from-chunk: solid runs as spans of area 63.
  static Heightfield FromChunk(const VoxelChunk& chunk, const NavSettings& settings,
                               std::int64_t tx, std::int64_t tz);
};

}  // namespace onepath::build3d
