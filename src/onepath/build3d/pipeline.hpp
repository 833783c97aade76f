// Mesh3DPipeline: the span stages of one tile, every stage's value kept
// (docs/spec/build3d-spans.md, b3d.span.stages; build3d-tiles.md,
// b3d.derived).
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/input.hpp"
#include "onepath/build3d/settings.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "onepath/build3d/voxelizer.hpp"

namespace onepath::build3d {

// b3d.span.stages: every stage's value, named as the runner names them;
// the last (volumes) is what the region stages take.
struct Mesh3DTileSpans {
  TileGrid grid;                           // grid
  std::optional<TileTriangles> triangles;  // triangles (soup input only)
  Heightfield spans;                       // spans
  Heightfield lowHanging;                  // low-hanging
  Heightfield ledges;                      // ledges
  Heightfield lowHeight;                   // low-height
  CompactHeightfield compact;              // compact
  CompactHeightfield eroded;               // eroded
  CompactHeightfield volumes;              // volumes
};

class Mesh3DPipeline {
 public:
  // b3d.derived: checks the settings (b3d.settings-checks) and derives.
  static DerivedSettings DeriveSettings(const NavSettings& settings);

  // b3d.span.stages: the spans of tile (tx, tz). Checks the settings, the
  // input, the volumes, the input's tiles and the tile, as a build does;
  // builds the tile even when a build would skip it (b3d.may-be-walkable).
  static Mesh3DTileSpans TileSpans(const TriangleSoup& soup, std::span<const ConvexVolume> volumes,
                                   const NavSettings& settings, std::int64_t tx, std::int64_t tz);
  static Mesh3DTileSpans TileSpans(const HeightfieldInput& input,
                                   std::span<const ConvexVolume> volumes,
                                   const NavSettings& settings, std::int64_t tx, std::int64_t tz);
  static Mesh3DTileSpans TileSpans(const VoxelChunk& chunk, std::span<const ConvexVolume> volumes,
                                   const NavSettings& settings, std::int64_t tx, std::int64_t tz);
};

}  // namespace onepath::build3d
