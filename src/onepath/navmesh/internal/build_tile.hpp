// The stages of one tile of NavMesh::Build (docs/spec/build3d-tiles.md,
// b3d.tile-flow) on checked settings and input.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/build3d/detail_mesh.hpp"
#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/input.hpp"
#include "onepath/build3d/polygonizer.hpp"
#include "onepath/build3d/settings.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "onepath/navmesh/tile.hpp"

namespace onepath::navmesh::internal {

// The values of steps 5 and 6 of one tile, kept for BuildOptions::tileStages.
struct TileStageValues {
  bool reached = false;  // the tile has polygons (step 6 ran)
  build3d::PolyMesh polygons;
  build3d::DetailMesh detail;
};

// b3d.tile-flow steps 2 (after the solid spans) to 7: filters, compaction,
// erosion, volumes, regions, the cut, contours, polygons, the vertical
// reach, the detail, the layers and their tiles (none for a skipped or
// omitted tile). With `keep`, the polygons and the detail are copied
// there once the detail is built.
std::vector<NavTile> TileFromSpans(build3d::Heightfield spans, const build3d::TileGrid& grid,
                                   std::span<const build3d::ConvexVolume> volumes,
                                   const build3d::NavSettings& settings,
                                   const build3d::DerivedSettings& derived,
                                   TileStageValues* keep = nullptr);

// b3d.tile-data on the build's own settings: WriteTileLayers with the
// settings already derived (and so checked) once for the whole build.
std::vector<NavTile> WriteTileLayers(const build3d::PolyMesh& polygons,
                                     const build3d::DetailMesh& detail,
                                     std::span<const std::uint16_t> regionLayers,
                                     const build3d::TileGrid& grid,
                                     const build3d::NavSettings& settings,
                                     const build3d::DerivedSettings& derived);

}  // namespace onepath::navmesh::internal
