// The settings of the 3D build (docs/spec/build3d-tiles.md, b3d.settings
// ... b3d.derived): their checks in the clause's order and the derived
// values, each formula in the type and order the text gives.
#include "onepath/build3d/settings.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "onepath/build3d/slope_math.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d {

namespace {

// b3d.tile-cells, as the double before any conversion:
// max(1, ceil(TileSize / CellSize - 1e-4)).
double TileCellsValue(const NavSettings& s) {
  const double quotient = s.TileSize / s.CellSize;
  const double cells = std::ceil(quotient - 1e-4);
  return cells < 1.0 ? 1.0 : cells;
}

// b3d.walkable-settings, each as the binary32 value before conversion.
float WalkableHeightValue(const NavSettings& s) {
  const float ch = static_cast<float>(s.CellHeight);
  const float quotient = static_cast<float>(s.AgentHeight) / ch;
  const float rows = std::ceil(quotient);
  return rows < 1.0f ? 1.0f : rows;
}

float WalkableClimbValue(const NavSettings& s) {
  const float ch = static_cast<float>(s.CellHeight);
  const float quotient = static_cast<float>(s.AgentMaxClimb) / ch;
  return std::floor(quotient);
}

float WalkableRadiusValue(const NavSettings& s) {
  const float cellSize = static_cast<float>(s.CellSize);
  const float quotient = static_cast<float>(s.AgentRadius) / cellSize;
  return std::ceil(quotient);
}

// b3d.region-settings: trunc(MaxEdgeLength / CellSize + 0.5) in binary64.
double MaxEdgeCellsValue(const NavSettings& s) {
  const double quotient = s.MaxEdgeLength / s.CellSize;
  const double sum = quotient + 0.5;
  return std::trunc(sum);
}

// v in lo..hi; false for NaN, and infinities fail every finite range.
bool InRange(double v, double lo, double hi) { return v >= lo && v <= hi; }
bool NonNegativeFinite(double v) { return InRange(v, 0.0, DBL_MAX); }

[[noreturn]] void OutOfRange(const char* setting, double value, const char* message) {
  throw ArgumentOutOfRangeException(message, {.value = value, .setting = setting});
}

void CheckRange(const char* setting, double v, double lo, double hi, const char* message) {
  if (!InRange(v, lo, hi)) OutOfRange(setting, v, message);
}

void CheckNonNegative(const char* setting, double v) {
  if (!NonNegativeFinite(v)) OutOfRange(setting, v, "the setting must be finite and >= 0");
}

void CheckInteger(const char* setting, std::int64_t v, std::int64_t lo, std::int64_t hi,
                  const char* message) {
  if (v < lo || v > hi) OutOfRange(setting, static_cast<double>(v), message);
}

}  // namespace

// b3d.settings-checks: field by field, first violation thrown.
void CheckSettings(const NavSettings& s) {
  CheckRange("CellSize", s.CellSize, kMinCellSize, kMaxCellSize,
             "CellSize must be from 2^-16 to 2^16 (b3d.settings)");
  CheckRange("CellHeight", s.CellHeight, kMinCellHeight, kMaxCellHeight,
             "CellHeight must be from 2^-16 to 2^16 (b3d.settings)");
  CheckRange("TileSize", s.TileSize, kMinTileSize, kMaxTileSize,
             "TileSize must be from 2^-8 to 2^22 (b3d.settings)");
  if (TileCellsValue(s) > kMaxTileCells) {
    OutOfRange("TileSize", s.TileSize, "TileSize gives more than 4096 cells (b3d.tile-cells)");
  }
  CheckRange("OriginX", s.OriginX, -kMaxOrigin, kMaxOrigin,
             "OriginX must be within +-2^21 (b3d.settings)");
  CheckRange("OriginZ", s.OriginZ, -kMaxOrigin, kMaxOrigin,
             "OriginZ must be within +-2^21 (b3d.settings)");
  CheckNonNegative("AgentHeight", s.AgentHeight);
  if (WalkableHeightValue(s) > kMaxWalkableHeight) {
    OutOfRange("AgentHeight", s.AgentHeight,
               "AgentHeight gives more than 255 rows (b3d.walkable-settings)");
  }
  CheckNonNegative("AgentRadius", s.AgentRadius);
  if (WalkableRadiusValue(s) > kMaxWalkableRadius) {
    OutOfRange("AgentRadius", s.AgentRadius,
               "AgentRadius gives more than 127 cells (b3d.walkable-settings)");
  }
  CheckNonNegative("AgentMaxClimb", s.AgentMaxClimb);
  if (WalkableClimbValue(s) > kMaxWalkableClimb) {
    OutOfRange("AgentMaxClimb", s.AgentMaxClimb,
               "AgentMaxClimb gives more than 255 rows (b3d.walkable-settings)");
  }
  CheckRange("AgentMaxSlopeDegrees", s.AgentMaxSlopeDegrees, 0.0, kMaxSlopeDegrees,
             "AgentMaxSlopeDegrees must be from 0 to 90 (b3d.settings)");
  CheckInteger("Partition", static_cast<std::int64_t>(s.Partition), 0,
               static_cast<std::int64_t>(Partition::Layers),
               "Partition must be Watershed, Monotone or Layers (b3d.settings)");
  CheckInteger("MinRegionArea", s.MinRegionArea, 0, kMaxRegionArea,
               "MinRegionArea must be from 0 to 2^31 - 1 (b3d.settings)");
  CheckInteger("MergeRegionArea", s.MergeRegionArea, 0, kMaxRegionArea,
               "MergeRegionArea must be from 0 to 2^31 - 1 (b3d.settings)");
  CheckNonNegative("ContourMaxError", s.ContourMaxError);
  CheckNonNegative("MaxEdgeLength", s.MaxEdgeLength);
  if (MaxEdgeCellsValue(s) >= kMaxEdgeCellsLimit) {
    OutOfRange("MaxEdgeLength", s.MaxEdgeLength,
               "MaxEdgeLength gives 2^31 cells or more (b3d.region-settings)");
  }
  CheckInteger("MaxVertsPerPoly", s.MaxVertsPerPoly, kMinVertsPerPoly, kMaxVertsPerPoly,
               "MaxVertsPerPoly must be from 3 to 6 (b3d.settings)");
  CheckNonNegative("DetailSampleDistance", s.DetailSampleDistance);
  CheckNonNegative("DetailMaxError", s.DetailMaxError);
  if (!(s.MaxLocalExtent > 0.0 && s.MaxLocalExtent <= kMaxLocalExtent)) {
    OutOfRange("MaxLocalExtent", s.MaxLocalExtent,
               "MaxLocalExtent must be above 0 and at most 2^22 (b3d.settings)");
  }
  CheckInteger("Area", s.Area, 0, kMaxPolygonArea, "Area must be from 0 to 63 (b3d.settings)");
  CheckInteger("Flags", s.Flags, 0, kMaxPolygonFlags,
               "Flags must be from 0 to 65535 (b3d.settings)");
}

// b3d.derived. Every conversion below is of a value the checks bounded.
DerivedSettings DeriveSettings(const NavSettings& s) {
  CheckSettings(s);
  DerivedSettings d;
  d.tileCells = static_cast<std::int32_t>(TileCellsValue(s));
  d.cs = s.TileSize / static_cast<double>(d.tileCells);
  d.cellSize = static_cast<float>(s.CellSize);
  d.ch = static_cast<float>(s.CellHeight);
  d.walkableHeight = static_cast<std::int32_t>(WalkableHeightValue(s));
  d.walkableClimb = static_cast<std::int32_t>(WalkableClimbValue(s));
  d.walkableRadius = static_cast<std::int32_t>(WalkableRadiusValue(s));
  d.slopeCosine = SlopeMath::CosineOfDegrees(s.AgentMaxSlopeDegrees);
  d.border = d.walkableRadius + kBorderExtra;
  d.partition = s.Partition;
  d.minRegionArea = static_cast<std::int32_t>(s.MinRegionArea);
  d.mergeRegionArea = static_cast<std::int32_t>(s.MergeRegionArea);
  d.maxError = s.ContourMaxError;
  d.maxEdgeCells = static_cast<std::int32_t>(MaxEdgeCellsValue(s));
  return d;
}

std::vector<std::uint8_t> CanonicalBytes(const DerivedSettings& d) {
  CanonicalWriter w;
  w.U32(static_cast<std::uint32_t>(d.tileCells));
  w.F64(d.cs);
  w.F32(d.cellSize);
  w.F32(d.ch);
  w.U32(static_cast<std::uint32_t>(d.walkableHeight));
  w.U32(static_cast<std::uint32_t>(d.walkableClimb));
  w.U32(static_cast<std::uint32_t>(d.walkableRadius));
  w.F32(d.slopeCosine);
  w.U32(static_cast<std::uint32_t>(d.border));
  w.U8(static_cast<std::uint8_t>(d.partition));
  w.I32(d.minRegionArea);
  w.I32(d.mergeRegionArea);
  w.F64(d.maxError);
  w.I32(d.maxEdgeCells);
  return w.Take();
}

}  // namespace onepath::build3d
