// The region stages of the 3D build (docs/spec/build3d-regions.md,
// b3d.region.*): the distance field, the three partitions and the border
// cut, after Recast 1.6.0's rcBuildDistanceField, rcBuildRegions,
// rcBuildRegionsMonotone and rcBuildLayerRegions (borderSize 0), each with
// its canonical bytes.
#pragma once

#include <cstdint>
#include <vector>

#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/settings.hpp"

namespace onepath::build3d {

struct ContourSet;  // contours.hpp

// b3d.region.values: the blurred distance of each span (span order) and the
// greatest distance before the blur.
struct DistanceField {
  std::vector<std::uint16_t> distances;
  std::uint16_t maxDistance = 0;
  friend bool operator==(const DistanceField&, const DistanceField&) = default;
};

// b3d.region.values: a region id per span (span order; 0 = none) and
// Recast's maxRegions: the final ids given, the last of which (regionCount
// itself) no span carries.
struct TileRegions {
  std::vector<std::uint16_t> regions;
  std::uint16_t regionCount = 0;
  friend bool operator==(const TileRegions&, const TileRegions&) = default;
};

// b3d.region.values, b3d.region.border-cut: the ids after the border cut
// (every region span outside the core has borderId), borderId (the cut
// field's region count) and whether the core has no region span. This,
// with the compact heightfield, is what the contour stage takes.
struct BorderCut {
  std::vector<std::uint16_t> regions;
  std::uint16_t borderId = 1;
  bool empty = true;
  friend bool operator==(const BorderCut&, const BorderCut&) = default;
};

// b3d.region.values: u16 maxDistance, then the list of u16 distances.
std::vector<std::uint8_t> CanonicalBytes(const DistanceField& field);
// b3d.region.values: u16 regionCount, then the list of u16 ids.
std::vector<std::uint8_t> CanonicalBytes(const TileRegions& regions);
// b3d.region.values: u16 borderId, u8 empty, then the list of u16 ids.
std::vector<std::uint8_t> CanonicalBytes(const BorderCut& cut);

// Each operation checks the settings (b3d.settings-checks), then its inputs
// (b3d.region.stage-input), and throws the first violation.
class RegionPipeline {
 public:
  // b3d.region.distance, b3d.region.blur.
  static DistanceField BuildDistanceField(const CompactHeightfield& compact,
                                          const NavSettings& settings);

  // b3d.region.watershed on the given distances, with the settings'
  // MinRegionArea and MergeRegionArea.
  static TileRegions Watershed(const CompactHeightfield& compact, const DistanceField& distances,
                               const NavSettings& settings);

  // b3d.region.monotone.
  static TileRegions Monotone(const CompactHeightfield& compact, const NavSettings& settings);

  // b3d.region.layers (MinRegionArea only).
  static TileRegions Layers(const CompactHeightfield& compact, const NavSettings& settings);

  // b3d.region.stages: the settings' partition (Watershed on the distance
  // field it builds).
  static TileRegions Partition(const CompactHeightfield& compact, const NavSettings& settings);

  // b3d.region.border-cut on a tile's W x W field, W = TileCells + 2B.
  static BorderCut CutBorder(const CompactHeightfield& compact, const TileRegions& regions,
                             const NavSettings& settings);

  // b3d.contour.stages on a tile's W x W field and its cut, with the
  // settings' MaxError and MaxEdgeCells (contours.hpp).
  static ContourSet Trace(const CompactHeightfield& compact, const BorderCut& cut,
                          const NavSettings& settings);
};

}  // namespace onepath::build3d
