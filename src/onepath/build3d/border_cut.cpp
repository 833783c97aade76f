// The border cut (docs/spec/build3d-regions.md, b3d.region.border-cut;
// 000 §2.3), the partition of the settings (b3d.region.stages) and the
// checks of a TileRegions value (b3d.region.stage-input).
#include "onepath/build3d/internal/regions.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d {

namespace internal {

BorderCut CutBorder(const CompactHeightfield& h, const TileRegions& regions, std::int64_t border,
                    std::int64_t tileCells) {
  const RegionField f(h);
  BorderCut cut;
  cut.regions = regions.regions;
  cut.borderId = static_cast<std::uint16_t>(regions.regionCount + 1);
  cut.empty = true;
  const auto inCore = [&](std::int64_t c) { return c >= border && c < border + tileCells; };
  for (std::int64_t z = 0; z < f.d; ++z) {
    for (std::int64_t x = 0; x < f.w; ++x) {
      const bool core = inCore(x) && inCore(z);
      for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i) {
        if (cut.regions[i] == 0) continue;
        if (core) {
          cut.empty = false;
        } else {
          cut.regions[i] = cut.borderId;
        }
      }
    }
  }
  return cut;
}

void CheckTileGrid(const CompactHeightfield& h, const DerivedSettings& d) {
  const std::int64_t w = std::int64_t{d.tileCells} + 2 * std::int64_t{d.border};
  if (h.width() != w) {
    throw ArgumentException("the field is not the tile's grid (b3d.region.stage-input)",
                            {.argument = "width", .value = static_cast<double>(h.width())});
  }
  if (h.depth() != w) {
    throw ArgumentException("the field is not the tile's grid (b3d.region.stage-input)",
                            {.argument = "depth", .value = static_cast<double>(h.depth())});
  }
}

void CheckTileRegions(const CompactHeightfield& h, const TileRegions& regions) {
  if (regions.regions.size() != h.spans().size()) {
    throw ArgumentException(
        "the regions do not have one id per span (b3d.region.stage-input)",
        {.argument = "regions", .count = static_cast<std::int64_t>(regions.regions.size())});
  }
  if (regions.regionCount > kMaxRegions) {
    throw ArgumentOutOfRangeException(
        "regionCount above 65534 (b3d.region.stage-input)",
        {.argument = "regionCount", .value = static_cast<double>(regions.regionCount)});
  }
  const auto starts = HeightfieldAccess::ColumnStarts(h);
  for (std::size_t c = 0; c < h.columnCount(); ++c) {
    for (std::uint32_t i = starts[c]; i < starts[c + 1]; ++i) {
      if (regions.regions[i] <= regions.regionCount) continue;
      throw ArgumentOutOfRangeException("a region id above regionCount (b3d.region.stage-input)",
                                        {.argument = "regions",
                                         .column = static_cast<std::int64_t>(c),
                                         .span = static_cast<std::int64_t>(i - starts[c]),
                                         .value = static_cast<double>(regions.regions[i])});
    }
  }
}

TileRegions Partition(const CompactHeightfield& compact, const DerivedSettings& d) {
  switch (d.partition) {
    case build3d::Partition::Monotone:
      return Monotone(compact, d.minRegionArea, d.mergeRegionArea);
    case build3d::Partition::Layers:
      return Layers(compact, d.minRegionArea);
    case build3d::Partition::Watershed:
      break;
  }
  return Watershed(compact, BuildDistanceField(compact), d.minRegionArea, d.mergeRegionArea);
}

}  // namespace internal

std::vector<std::uint8_t> CanonicalBytes(const BorderCut& cut) {
  CanonicalWriter w;
  w.U16(cut.borderId);
  w.U8(cut.empty ? 1 : 0);
  w.Count(cut.regions.size());
  for (const std::uint16_t v : cut.regions) w.U16(v);
  return w.Take();
}

TileRegions RegionPipeline::Partition(const CompactHeightfield& compact,
                                      const NavSettings& settings) {
  const DerivedSettings d = DeriveSettings(settings);
  internal::CheckCompactHeightfield(compact);
  return internal::Partition(compact, d);
}

BorderCut RegionPipeline::CutBorder(const CompactHeightfield& compact, const TileRegions& regions,
                                    const NavSettings& settings) {
  const DerivedSettings d = DeriveSettings(settings);
  internal::CheckCompactHeightfield(compact);
  internal::CheckTileGrid(compact, d);
  internal::CheckTileRegions(compact, regions);
  return internal::CutBorder(compact, regions, d.border, d.tileCells);
}

}  // namespace onepath::build3d
