// The span stages without checks, on values the caller has checked
// (docs/spec/build3d-spans.md). The public operations (Voxelizer,
// SpanPipeline, Mesh3DPipeline) check their arguments and call these; a
// build that runs the stages one after the other calls them directly, with
// the filters, erosion and volumes changing the value in place.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/input.hpp"
#include "onepath/build3d/settings.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "onepath/build3d/voxelizer.hpp"

namespace onepath::build3d::internal {

// A tile of a checked input: the derived settings, the tile's grid and,
// for a soup, the tile's triangles (b3d.triangle-selection).
struct PreparedTile {
  DerivedSettings derived;
  std::vector<std::uint32_t> triangles;
  TileGrid grid;
};

// b3d.span.stages, b3d.span.stage-input: checks the settings, the input,
// the volumes, the input's tile range and the tile (and a soup tile's
// rows), in that order, and returns the tile. Pass no volumes for an
// operation that takes none.
PreparedTile PrepareTile(const TriangleSoup& soup, std::span<const ConvexVolume> volumes,
                         const NavSettings& settings, std::int64_t tx, std::int64_t tz);
PreparedTile PrepareTile(const HeightfieldInput& input, std::span<const ConvexVolume> volumes,
                         const NavSettings& settings, std::int64_t tx, std::int64_t tz);
PreparedTile PrepareTile(const VoxelChunk& chunk, std::span<const ConvexVolume> volumes,
                         const NavSettings& settings, std::int64_t tx, std::int64_t tz);

// b3d.span.stage-input: throws ArgumentOutOfRangeException ("tile", tileX,
// tileZ) unless the range contains the tile.
void CheckTile(const TileRange& range, std::int64_t tx, std::int64_t tz);

// b3d.span.classify for the listed triangles.
TileTriangles ClassifyTriangles(const TriangleSoup& soup, std::span<const std::uint32_t> triangles,
                                float slopeCosine);

// b3d.span.rasterize with threshold WalkableClimb.
Heightfield Rasterize(const TriangleSoup& soup, const TileTriangles& triangles,
                      const TileGrid& grid, std::int32_t threshold);

// b3d.span.from-heightfield, b3d.span.from-chunk.
Heightfield FromHeightfield(const HeightfieldInput& input, const TileGrid& grid);
Heightfield FromChunk(const VoxelChunk& chunk, const TileGrid& grid);

// b3d.span.low-hanging, b3d.span.ledges, b3d.span.low-height, in place.
void FilterLowHangingObstacles(Heightfield& heightfield, std::int32_t walkableClimb);
void FilterLedgeSpans(Heightfield& heightfield, std::int32_t walkableHeight,
                      std::int32_t walkableClimb);
void FilterLowHeightSpans(Heightfield& heightfield, std::int32_t walkableHeight);

// b3d.span.compact with b3d.span.connect.
CompactHeightfield Compact(const Heightfield& heightfield, std::int32_t walkableHeight,
                           std::int32_t walkableClimb);

// b3d.span.erode, b3d.span.volumes, in place.
void Erode(CompactHeightfield& compact, std::int32_t walkableRadius);
void MarkVolumes(CompactHeightfield& compact, std::span<const ConvexVolume> volumes,
                 const TileGrid& grid);

// b3d.span.stage-input: the checks of a value taken from a previous stage.
void CheckAreas(std::span<const std::int64_t> areas, std::size_t tileTriangles);
void CheckHeightfield(const Heightfield& heightfield);
void CheckCompactHeightfield(const CompactHeightfield& compact);

}  // namespace onepath::build3d::internal
