// b3d.tile-layers: a region's layer (000 §5).
#include "onepath/build3d/tile_layers.hpp"

#include <algorithm>
#include <cstddef>

#include "onepath/build3d/internal/contours.hpp"
#include "onepath/build3d/internal/directions.hpp"
#include "onepath/build3d/internal/regions.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d {

namespace {

// b3d.tile-layers: the regions' columns (each cell once per region) and
// their adjacency, from the cut's ids.
struct RegionGraph {
  // columns[r]: the cells (x + W z) in which some span has id r, ascending.
  std::vector<std::vector<std::uint32_t>> columns;
  // lowerNeighbours[r]: the adjacent regions of id below r, ascending, once each.
  std::vector<std::vector<std::uint16_t>> lowerNeighbours;
};

RegionGraph BuildGraph(const CompactHeightfield& compact, const BorderCut& cut) {
  const std::uint16_t borderId = cut.borderId;
  RegionGraph g;
  g.columns.resize(std::size_t{borderId} + 1);
  g.lowerNeighbours.resize(std::size_t{borderId} + 1);
  const std::int64_t width = compact.width();
  const std::int64_t depth = compact.depth();
  const auto isRegion = [&](std::uint16_t id) { return id > 0 && id < borderId; };
  for (std::int64_t z = 0; z < depth; ++z) {
    for (std::int64_t x = 0; x < width; ++x) {
      const std::size_t column = static_cast<std::size_t>(x + width * z);
      const std::size_t begin = compact.ColumnStart(column);
      const std::size_t end = compact.ColumnStart(column + 1);
      for (std::size_t s = begin; s < end; ++s) {
        const std::uint16_t r = cut.regions[s];
        if (!isRegion(r)) continue;
        std::vector<std::uint32_t>& cols = g.columns[r];
        if (cols.empty() || cols.back() != column)
          cols.push_back(static_cast<std::uint32_t>(column));
        const CompactSpan& span = compact.spans()[s];
        for (int d = 0; d < 4; ++d) {
          if (span.con[d] == kNotConnected) continue;
          const std::int64_t nx = x + internal::kDirX[d];
          const std::int64_t nz = z + internal::kDirZ[d];
          if (nx < 0 || nz < 0 || nx >= width || nz >= depth) continue;
          const std::size_t ncol = static_cast<std::size_t>(nx + width * nz);
          const std::size_t ns = compact.ColumnStart(ncol) + span.con[d];
          if (ns >= compact.ColumnStart(ncol + 1)) continue;
          const std::uint16_t q = cut.regions[ns];
          if (!isRegion(q) || q == r) continue;
          // Adjacency is symmetric: record it at the larger id.
          const std::uint16_t hi = std::max(r, q);
          g.lowerNeighbours[hi].push_back(std::min(r, q));
        }
      }
    }
  }
  for (auto& n : g.lowerNeighbours) {
    std::sort(n.begin(), n.end());
    n.erase(std::unique(n.begin(), n.end()), n.end());
  }
  // Cells are visited in ascending column order, so each list is ascending
  // and a cell repeats only consecutively (removed above).
  return g;
}

}  // namespace

namespace internal {

std::vector<std::uint16_t> RegionLayers(const CompactHeightfield& compact, const BorderCut& cut,
                                        build3d::Partition partition, std::int64_t tileX,
                                        std::int64_t tileZ) {
  const std::uint16_t borderId = cut.borderId;
  std::vector<std::uint16_t> layers(std::size_t{borderId} + 1, 0);
  if (partition != Partition::Layers) return layers;

  const RegionGraph g = BuildGraph(compact, cut);
  // blockedStamp[L] == r: layer L is not free for region r.
  std::vector<std::uint32_t> blockedStamp;
  std::int64_t layerCount = 0;
  for (std::uint32_t r = 1; r < borderId; ++r) {
    // The layers of the regions of smaller id sharing a column with r.
    blockedStamp.resize(static_cast<std::size_t>(layerCount) + 1, 0);
    for (const std::uint32_t cell : g.columns[r]) {
      const std::size_t end = compact.ColumnStart(cell + 1);
      for (std::size_t s = compact.ColumnStart(cell); s < end; ++s) {
        const std::uint16_t q = cut.regions[s];
        if (q > 0 && q < r) blockedStamp[layers[q]] = r;
      }
    }
    const auto isFree = [&](std::int64_t l) {
      return blockedStamp[static_cast<std::size_t>(l)] != r;
    };
    std::int64_t chosen = -1;
    for (const std::uint16_t q : g.lowerNeighbours[r]) {
      const std::int64_t l = layers[q];
      if (isFree(l) && (chosen < 0 || l < chosen)) chosen = l;
    }
    if (chosen < 0) {
      chosen = 0;
      while (!isFree(chosen)) ++chosen;  // layerCount is always free
    }
    if (chosen >= kMaxLayers) {
      throw InvalidOperationException(
          "a tile needs more than 1024 layers (b3d.tile-layers)",
          {.argument = "layers", .tileX = tileX, .tileZ = tileZ, .count = chosen + 1});
    }
    layers[r] = static_cast<std::uint16_t>(chosen);
    layerCount = std::max(layerCount, chosen + 1);
  }
  return layers;
}

}  // namespace internal

std::vector<std::uint16_t> RegionLayers(const CompactHeightfield& compact, const BorderCut& cut,
                                        const NavSettings& settings, std::int64_t tileX,
                                        std::int64_t tileZ) {
  // The checks of b3d.contour.stage-input, in its order.
  const DerivedSettings d = DeriveSettings(settings);
  internal::CheckCompactHeightfield(compact);
  internal::CheckTileGrid(compact, d);
  internal::CheckCut(compact, cut, d.border, d.tileCells);
  return internal::RegionLayers(compact, cut, d.partition, tileX, tileZ);
}

}  // namespace onepath::build3d
