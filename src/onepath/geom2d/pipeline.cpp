// The Build2D pipeline (docs/spec/pipeline.md): the stages in order, each
// stage's result kept so a runner can name the first one that diverges.
#include "onepath/geom2d/pipeline.hpp"

#include "onepath/core/errors.hpp"
#include "onepath/geom2d/internal/grid.hpp"
#include "onepath/geom2d/internal/shrink.hpp"

namespace onepath::geom2d {

// pipeline.settings, in the clause's order.
void CheckMesh2DSettings(const Mesh2DSettings& s) {
  CheckSnapBits(s.SnapBits);
  CheckShrinkSettings(s.CellSize, s.AgentRadius);
  if (s.MaxVerticesPerPolygon < kMinPolygonVertices ||
      s.MaxVerticesPerPolygon > kMaxPolygonVertices) {
    throw ArgumentOutOfRangeException(
        "MaxVerticesPerPolygon must be from 3 to 16 (pipeline.settings)",
        {.value = static_cast<double>(s.MaxVerticesPerPolygon),
         .setting = "MaxVerticesPerPolygon"});
  }
}

namespace {

// pipeline.stages after the region.
Mesh2DBuild BuildFromRegion(Region region, const Mesh2DSettings& settings) {
  Mesh2DBuild build;
  build.region = std::move(region);
  build.shrunk = Mesh2DPipeline::Shrink(build.region, settings);
  build.triangles = build.shrunk.Triangulate();
  build.polygons = PartitionConvex(build.triangles, settings.MaxVerticesPerPolygon);
  return build;
}

}  // namespace

Mesh2DBuild Mesh2DPipeline::BuildFromOutlines(std::span<const Outline> outlines,
                                              const Mesh2DSettings& settings) {
  CheckMesh2DSettings(settings);
  return BuildFromRegion(Region::FromOutlines(outlines, {.SnapBits = settings.SnapBits}), settings);
}

Mesh2DBuild Mesh2DPipeline::BuildFromTileMap(std::span<const std::uint8_t> cells,
                                             std::int64_t width, std::int64_t height,
                                             Vector2D origin, const Mesh2DSettings& settings) {
  CheckMesh2DSettings(settings);
  return BuildFromRegion(Region::FromTileMap(cells, width, height, settings.CellSize, origin,
                                             {.SnapBits = settings.SnapBits}),
                         settings);
}

}  // namespace onepath::geom2d
