// The region stages without checks, on values the caller has checked
// (docs/spec/build3d-regions.md). RegionPipeline checks and calls these.
// Provisional region ids are 32-bit (b3d.region.ids); only the final ids
// are narrowed to 16 bits.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/internal/directions.hpp"
#include "onepath/build3d/internal/heightfield_access.hpp"
#include "onepath/build3d/regions.hpp"
#include "onepath/build3d/settings.hpp"

namespace onepath::build3d::internal {

// b3d.region.terms: a compact heightfield's spans with their neighbours.
struct RegionField {
  explicit RegionField(const CompactHeightfield& h)
      : start(HeightfieldAccess::ColumnStarts(h)), spans(h.spans()), w(h.width()), d(h.depth()) {}

  // The span index of the neighbour of span s (in column (x, z)) in
  // direction dir. Precondition: s.con[dir] != 63.
  std::uint32_t Neighbour(std::int64_t x, std::int64_t z, const CompactSpan& s, int dir) const {
    return start[static_cast<std::size_t>((x + kDirX[dir]) + w * (z + kDirZ[dir]))] + s.con[dir];
  }
  std::uint32_t ColumnBegin(std::int64_t x, std::int64_t z) const {
    return start[static_cast<std::size_t>(x + w * z)];
  }
  std::uint32_t ColumnEnd(std::int64_t x, std::int64_t z) const {
    return start[static_cast<std::size_t>(x + w * z) + 1];
  }

  std::span<const std::uint32_t> start;
  std::span<const CompactSpan> spans;
  std::int64_t w;
  std::int64_t d;
};

// b3d.region.distance, b3d.region.blur.
DistanceField BuildDistanceField(const CompactHeightfield& compact);

// b3d.region.watershed: provisional ids per span, then Filter.
TileRegions Watershed(const CompactHeightfield& compact, const DistanceField& distances,
                      std::int32_t minRegionArea, std::int32_t mergeRegionArea);

// b3d.region.sweep: provisional ids per span; `nextId` gets the first
// unused provisional id (next).
std::vector<std::uint32_t> MonotoneSweep(const RegionField& field, std::uint32_t& nextId);

// b3d.region.monotone, b3d.region.layers.
TileRegions Monotone(const CompactHeightfield& compact, std::int32_t minRegionArea,
                     std::int32_t mergeRegionArea);
TileRegions Layers(const CompactHeightfield& compact, std::int32_t minRegionArea);

// b3d.region.stages: the settings' partition on a checked field.
TileRegions Partition(const CompactHeightfield& compact, const DerivedSettings& derived);

// b3d.tile-layers on checked values (the build's own): RegionLayers
// without the stage-input checks.
std::vector<std::uint16_t> RegionLayers(const CompactHeightfield& compact, const BorderCut& cut,
                                        build3d::Partition partition, std::int64_t tileX,
                                        std::int64_t tileZ);

// b3d.region.filter: records 0 .. count (count = the first unused
// provisional id, whose record owns no span); the ids in reg become final
// ids.
TileRegions Filter(const RegionField& field, std::vector<std::uint32_t> reg, std::uint32_t count,
                   std::int32_t minRegionArea, std::int32_t mergeRegionArea);

// b3d.region.renumber: record r's id is ids[r] (ids[0] = 0); numbers the
// surviving ids in record order and maps every span's provisional id.
// Throws InvalidOperationException (b3d.region.ids) beyond 65534 regions.
TileRegions Renumber(std::vector<std::uint32_t> ids, std::span<const std::uint32_t> reg);

// b3d.region.border-cut on a field whose core is [border, border + tileCells)^2.
BorderCut CutBorder(const CompactHeightfield& compact, const TileRegions& regions,
                    std::int64_t border, std::int64_t tileCells);

// b3d.region.stage-input.
// The field is the tile's W x W grid, W = TileCells + 2B (also
// b3d.contour.stage-input).
void CheckTileGrid(const CompactHeightfield& compact, const DerivedSettings& derived);
void CheckDistanceField(const CompactHeightfield& compact, const DistanceField& distances);
void CheckTileRegions(const CompactHeightfield& compact, const TileRegions& regions);

}  // namespace onepath::build3d::internal
