// A tile's data (docs/spec/build3d-tiles.md, b3d.tile-data): the polygons
// and detail of one built tile written as one NavTile per layer (000 §5),
// through NavTileAssembler::FromLocalPolygons (nav.assemble).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/build3d/detail_mesh.hpp"
#include "onepath/build3d/polygonizer.hpp"
#include "onepath/build3d/settings.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "onepath/navmesh/tile.hpp"

namespace onepath::navmesh {

// b3d.tile-data: the tile's layers as NavTiles in ascending layer, layers
// without polygons omitted (an empty vector when the tile has no polygon).
// regionLayers from build3d::RegionLayers (b3d.tile-layers). Throws
// ArgumentOutOfRangeException ("regionLayers": polygon, value),
// ArgumentException ("detail": count), ArgumentOutOfRangeException
// ("tile": tileX, tileZ) and InvalidOperationException ("vertices":
// tileX, tileZ, layer, count) beyond 65,536 vertices in a layer.
std::vector<NavTile> WriteTileLayers(const build3d::PolyMesh& polygons,
                                     const build3d::DetailMesh& detail,
                                     std::span<const std::uint16_t> regionLayers,
                                     const build3d::TileGrid& grid,
                                     const build3d::NavSettings& settings);

}  // namespace onepath::navmesh
