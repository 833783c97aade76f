// The stages of one tile (docs/spec/build3d-tiles.md, b3d.tile-flow; 000
// §2) as NavMesh::Build runs them: each stage's unchecked form, the spans
// changed in place, nothing kept but the tiles.
#include "onepath/navmesh/internal/build_tile.hpp"

#include <utility>

#include "onepath/build3d/internal/contours.hpp"
#include "onepath/build3d/internal/detail_mesh.hpp"
#include "onepath/build3d/internal/polygonizer.hpp"
#include "onepath/build3d/internal/regions.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/navmesh/tile_data.hpp"

namespace onepath::navmesh::internal {

namespace {

namespace b3 = build3d;

// b3d.poly.rows: the tile's vertical reach, f64(maxRow - minRow +
// 2 (WalkableClimb + 1)) x CellHeight, must not exceed MaxLocalExtent.
void CheckVerticalReach(const b3::PolyRows& rows, const b3::NavSettings& settings,
                        const b3::DerivedSettings& d, const b3::TileGrid& grid) {
  const std::int64_t span = rows.maxRow - rows.minRow + 2 * (std::int64_t{d.walkableClimb} + 1);
  const double reach = static_cast<double>(span) * settings.CellHeight;
  if (reach > settings.MaxLocalExtent) {
    throw InvalidOperationException(
        "the tile's vertical reach exceeds MaxLocalExtent",
        {.argument = "reach", .value = reach, .tileX = grid.tileX, .tileZ = grid.tileZ});
  }
}

// b3d.tile-flow: the region limit (b3d.region.ids) of a build names the
// tile; the stage itself knows none.
b3::TileRegions PartitionTile(const b3::CompactHeightfield& compact, const b3::DerivedSettings& d,
                              const b3::TileGrid& grid) {
  try {
    return b3::internal::Partition(compact, d);
  } catch (const InvalidOperationException& e) {
    ErrorFields fields = e.fields();
    fields.tileX = grid.tileX;
    fields.tileZ = grid.tileZ;
    throw InvalidOperationException(e.what(), fields);
  }
}

}  // namespace

std::vector<NavTile> TileFromSpans(b3::Heightfield spans, const b3::TileGrid& grid,
                                   std::span<const b3::ConvexVolume> volumes,
                                   const b3::NavSettings& settings, const b3::DerivedSettings& d,
                                   TileStageValues* keep) {
  // Step 2: b3d.span.stages after the solid spans.
  b3::internal::FilterLowHangingObstacles(spans, d.walkableClimb);
  b3::internal::FilterLedgeSpans(spans, d.walkableHeight, d.walkableClimb);
  b3::internal::FilterLowHeightSpans(spans, d.walkableHeight);
  b3::CompactHeightfield compact = b3::internal::Compact(spans, d.walkableHeight, d.walkableClimb);
  spans = {};  // the solid spans are not needed any more
  b3::internal::Erode(compact, d.walkableRadius);
  b3::internal::MarkVolumes(compact, volumes, grid);
  // Step 3: regions and the cut; an empty cut skips the tile.
  b3::TileRegions regions = PartitionTile(compact, d, grid);
  b3::BorderCut cut = b3::internal::CutBorder(compact, regions, d.border, d.tileCells);
  if (cut.empty) return {};
  regions = {};  // each working value is freed after its last use
  // Step 4: contours.
  b3::ContourSet contours =
      b3::internal::Trace(compact, cut, d.border, d.tileCells, d.maxError, d.maxEdgeCells);
  // Step 5: polygons; none omits the tile; then the rows and the reach.
  const b3::PolyMesh polygons = b3::internal::Polygonize(contours, b3::TileCoordinates(settings, d),
                                                         settings.MaxVertsPerPoly, nullptr);
  contours = {};
  const std::optional<b3::PolyRows> rows = b3::PolygonRows(polygons);
  if (!rows) return {};
  CheckVerticalReach(*rows, settings, d, grid);
  // Step 6: the detail.
  const b3::DetailMesh detail = b3::internal::BuildDetail(polygons, compact, cut, rows->minRow,
                                                          settings, d, grid.tileX, grid.tileZ);
  if (keep != nullptr) *keep = {true, polygons, detail};
  // Step 7: the layers and the tile data, written once the compact
  // heightfield and the cut are freed.
  const std::vector<std::uint16_t> layers =
      b3::internal::RegionLayers(compact, cut, d.partition, grid.tileX, grid.tileZ);
  compact = {};
  cut = {};
  return internal::WriteTileLayers(polygons, detail, layers, grid, settings, d);
}

}  // namespace onepath::navmesh::internal
