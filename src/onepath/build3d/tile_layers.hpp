// A tile's layers (docs/spec/build3d-tiles.md, b3d.tile-layers): which
// layer each region of a tile takes (000 §5), so that the tile stage
// (b3d.tile-data, onepath/navmesh/tile_data.hpp) writes one NavTile per
// layer.
#pragma once

#include <cstdint>
#include <vector>

#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/regions.hpp"
#include "onepath/build3d/settings.hpp"

namespace onepath::build3d {

// b3d.tile-layers: the layer of each region id 0 .. cut.borderId (index =
// id; the entries of 0 and borderId are 0). Partition != Layers: all 0.
// Checks its inputs as RegionPipeline::Trace does (b3d.contour.stage-input).
// Throws InvalidOperationException (tileX, tileZ, argument "layers", count)
// beyond 1024 layers.
std::vector<std::uint16_t> RegionLayers(const CompactHeightfield& compact, const BorderCut& cut,
                                        const NavSettings& settings, std::int64_t tileX,
                                        std::int64_t tileZ);

}  // namespace onepath::build3d
