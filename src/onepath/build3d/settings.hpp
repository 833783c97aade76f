// The settings of the 3D build and the values derived from them
// (docs/spec/build3d-tiles.md, "Settings": b3d.settings ... b3d.derived).
#pragma once

#include <cstdint>
#include <vector>

namespace onepath::build3d {

// b3d.settings: how the region stages partition a tile.
enum class Partition : std::uint8_t { Watershed = 0, Monotone = 1, Layers = 2 };

// b3d.settings: every setting of the 3D build with its default. Doubles
// are world units unless noted; integers are wide so that the checks, not
// the type, decide what is out of range.
struct NavSettings {
  double CellSize = 0.3;
  double CellHeight = 0.2;
  double TileSize = 9.6;
  double OriginX = 0.0;
  double OriginZ = 0.0;
  double AgentHeight = 2.0;
  double AgentRadius = 0.6;
  double AgentMaxClimb = 0.9;
  double AgentMaxSlopeDegrees = 45.0;
  build3d::Partition Partition = build3d::Partition::Watershed;
  std::int64_t MinRegionArea = 64;
  std::int64_t MergeRegionArea = 400;
  double ContourMaxError = 1.3;  // cells
  double MaxEdgeLength = 12.0;
  std::int64_t MaxVertsPerPoly = 6;
  double DetailSampleDistance = 1.8;
  double DetailMaxError = 0.2;
  double MaxLocalExtent = 0x1p22;
  std::int64_t Area = 63;
  std::int64_t Flags = 1;
};

// b3d.derived: the settings in the units the stages use.
struct DerivedSettings {
  std::int32_t tileCells = 0;       // b3d.tile-cells
  double cs = 0.0;                  // TileSize / TileCells
  float cellSize = 0.0f;            // f32(CellSize), b3d.walkable-settings
  float ch = 0.0f;                  // f32(CellHeight)
  std::int32_t walkableHeight = 0;  // rows
  std::int32_t walkableClimb = 0;   // rows
  std::int32_t walkableRadius = 0;  // cells
  float slopeCosine = 0.0f;         // b3d.slope-cosine
  std::int32_t border = 0;          // B, b3d.border
  build3d::Partition partition = build3d::Partition::Watershed;  // b3d.region-settings
  std::int32_t minRegionArea = 0;
  std::int32_t mergeRegionArea = 0;
  double maxError = 0.0;          // cells
  std::int32_t maxEdgeCells = 0;  // cells
};

// b3d.settings-checks: throws ArgumentOutOfRangeException (setting, value)
// for the first setting out of range, in the clause's order; a derived
// count out of range is reported under the setting it comes from.
void CheckSettings(const NavSettings& settings);

// b3d.derived: CheckSettings, then the derived values. (Also
// Mesh3DPipeline::DeriveSettings.)
DerivedSettings DeriveSettings(const NavSettings& settings);

// b3d.derived: u32 TileCells, f64 cs, f32 cellSize, f32 ch, u32
// WalkableHeight, u32 WalkableClimb, u32 WalkableRadius, f32 slopeCosine,
// u32 B, u8 Partition, i32 MinRegionArea, i32 MergeRegionArea, f64
// MaxError, i32 MaxEdgeCells.
std::vector<std::uint8_t> CanonicalBytes(const DerivedSettings& derived);

}  // namespace onepath::build3d
