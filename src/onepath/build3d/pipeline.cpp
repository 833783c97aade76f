// b3d.span.stages: the stages of one tile in order, each value kept, so a
// runner can name the first stage that diverges.
#include "onepath/build3d/pipeline.hpp"

#include "onepath/build3d/internal/stages.hpp"

namespace onepath::build3d {

namespace {

// The stages after `spans`; the filters, erosion and volumes work on a
// copy of the previous stage's value.
void RunSpanStages(Mesh3DTileSpans& out, std::span<const ConvexVolume> volumes,
                   const internal::PreparedTile& tile) {
  const DerivedSettings& d = tile.derived;
  out.lowHanging = out.spans;
  internal::FilterLowHangingObstacles(out.lowHanging, d.walkableClimb);
  out.ledges = out.lowHanging;
  internal::FilterLedgeSpans(out.ledges, d.walkableHeight, d.walkableClimb);
  out.lowHeight = out.ledges;
  internal::FilterLowHeightSpans(out.lowHeight, d.walkableHeight);
  out.compact = internal::Compact(out.lowHeight, d.walkableHeight, d.walkableClimb);
  out.eroded = out.compact;
  internal::Erode(out.eroded, d.walkableRadius);
  out.volumes = out.eroded;
  internal::MarkVolumes(out.volumes, volumes, tile.grid);
}

// b3d.span.from-heightfield, b3d.span.from-chunk.
Heightfield SolidSpans(const HeightfieldInput& input, const TileGrid& grid) {
  return internal::FromHeightfield(input, grid);
}
Heightfield SolidSpans(const VoxelChunk& chunk, const TileGrid& grid) {
  return internal::FromChunk(chunk, grid);
}

// b3d.span.stages for heightfield and chunk input (no `triangles` stage).
template <typename Input>
Mesh3DTileSpans VoxelTileSpans(const Input& input, std::span<const ConvexVolume> volumes,
                               const NavSettings& settings, std::int64_t tx, std::int64_t tz) {
  const internal::PreparedTile tile = internal::PrepareTile(input, volumes, settings, tx, tz);
  Mesh3DTileSpans out;
  out.grid = tile.grid;
  out.spans = SolidSpans(input, tile.grid);
  RunSpanStages(out, volumes, tile);
  return out;
}

}  // namespace

DerivedSettings Mesh3DPipeline::DeriveSettings(const NavSettings& settings) {
  return build3d::DeriveSettings(settings);
}

Mesh3DTileSpans Mesh3DPipeline::TileSpans(const TriangleSoup& soup,
                                          std::span<const ConvexVolume> volumes,
                                          const NavSettings& settings, std::int64_t tx,
                                          std::int64_t tz) {
  const internal::PreparedTile tile = internal::PrepareTile(soup, volumes, settings, tx, tz);
  Mesh3DTileSpans out;
  out.grid = tile.grid;
  out.triangles = internal::ClassifyTriangles(soup, tile.triangles, tile.derived.slopeCosine);
  out.spans = internal::Rasterize(soup, *out.triangles, tile.grid, tile.derived.walkableClimb);
  RunSpanStages(out, volumes, tile);
  return out;
}

Mesh3DTileSpans Mesh3DPipeline::TileSpans(const HeightfieldInput& input,
                                          std::span<const ConvexVolume> volumes,
                                          const NavSettings& settings, std::int64_t tx,
                                          std::int64_t tz) {
  return VoxelTileSpans(input, volumes, settings, tx, tz);
}

Mesh3DTileSpans Mesh3DPipeline::TileSpans(const VoxelChunk& chunk,
                                          std::span<const ConvexVolume> volumes,
                                          const NavSettings& settings, std::int64_t tx,
                                          std::int64_t tz) {
  return VoxelTileSpans(chunk, volumes, settings, tx, tz);
}

}  // namespace onepath::build3d
