// The Build2D pipeline (docs/spec/pipeline.md, pipeline.*): outlines or a
// tile map -> region -> shrink by the agent radius -> triangles -> convex
// polygons with adjacency.
#pragma once

#include <cstdint>
#include <span>

#include "onepath/core/limits.hpp"
#include "onepath/core/vector2d.hpp"
#include "onepath/geom2d/outline.hpp"
#include "onepath/geom2d/region.hpp"
#include "onepath/geom2d/triangulation.hpp"

namespace onepath::geom2d {

// pipeline.settings (public units). Checked before any input is read, in
// this order.
struct Mesh2DSettings {
  int SnapBits = kDefaultSnapBits;
  double CellSize = 0.25;
  double AgentRadius = 0.5;
  int MaxVerticesPerPolygon = 6;
};

// pipeline.stages: every stage's result; the last one is the build's.
struct Mesh2DBuild {
  Region region;
  Region shrunk;
  RegionTriangulation triangles;
  ConvexPartition polygons;
};

class Mesh2DPipeline {
 public:
  // pipeline.stages from outlines. Throws ArgumentOutOfRangeException
  // naming the setting (pipeline.settings), then each stage's errors.
  static Mesh2DBuild BuildFromOutlines(std::span<const Outline> outlines,
                                       const Mesh2DSettings& settings);

  // pipeline.stages from a tile map whose cell size is settings.CellSize.
  static Mesh2DBuild BuildFromTileMap(std::span<const std::uint8_t> cells, std::int64_t width,
                                      std::int64_t height, Vector2D origin,
                                      const Mesh2DSettings& settings);

  // shrink.*: the region minus every point within AgentRadius of its
  // boundary, swept with equal-area arcs. Reads CellSize and AgentRadius
  // only. Throws ArgumentOutOfRangeException (shrink.settings,
  // offset.limits).
  static Region Shrink(const Region& region, const Mesh2DSettings& settings);

  // shrink.arc-tolerance, in public units.
  static double ShrinkArcTolerance(const Mesh2DSettings& settings);
};

// pipeline.settings: throws ArgumentOutOfRangeException with the setting's
// name and value for the first setting out of range, in the clause's order.
void CheckMesh2DSettings(const Mesh2DSettings& settings);

}  // namespace onepath::geom2d
