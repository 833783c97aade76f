// b3d.tile-data: a built tile's layers as NavTiles (000 §5).
#include "onepath/navmesh/tile_data.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <map>
#include <optional>

#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/navmesh/assembler.hpp"
#include "onepath/navmesh/internal/build_tile.hpp"

namespace onepath::navmesh {

namespace {

constexpr std::uint32_t kUnused = 0xFFFFFFFFu;

bool FitsInt32(std::int64_t v) {
  return v >= std::numeric_limits<std::int32_t>::min() &&
         v <= std::numeric_limits<std::int32_t>::max();
}

}  // namespace

namespace internal {

std::vector<NavTile> WriteTileLayers(const build3d::PolyMesh& polygons,
                                     const build3d::DetailMesh& detail,
                                     std::span<const std::uint16_t> regionLayers,
                                     const build3d::TileGrid& grid,
                                     const build3d::NavSettings& settings,
                                     const build3d::DerivedSettings& derived) {
  const auto& meshPolygons = polygons.polygons;
  // Checks 1 and 2 (b3d.tile-data), before any layer.
  for (std::size_t p = 0; p < meshPolygons.size(); ++p) {
    const auto& corners = meshPolygons[p].corners;
    for (std::size_t k = 0; k < corners.size(); ++k) {
      if (corners[k].vertex >= polygons.vertices.size()) {
        throw ArgumentOutOfRangeException("a corner names no vertex (b3d.tile-data)",
                                          {.argument = "polygons",
                                           .vertex = static_cast<std::int64_t>(k),
                                           .value = static_cast<double>(corners[k].vertex),
                                           .polygon = static_cast<std::int64_t>(p)});
      }
    }
    if (meshPolygons[p].region >= regionLayers.size()) {
      throw ArgumentOutOfRangeException("a polygon's region has no layer (b3d.tile-data)",
                                        {.argument = "regionLayers",
                                         .value = static_cast<double>(meshPolygons[p].region),
                                         .polygon = static_cast<std::int64_t>(p)});
    }
  }
  const auto detailError = [&](std::optional<std::int64_t> polygon) {
    return ArgumentException("the detail does not fit the polygons (b3d.tile-data)",
                             {.argument = "detail",
                              .count = static_cast<std::int64_t>(detail.polygons.size()),
                              .polygon = polygon});
  };
  if (detail.polygons.size() != meshPolygons.size()) throw detailError(std::nullopt);
  for (std::size_t p = 0; p < detail.polygons.size(); ++p) {
    const DetailPolygon& d = detail.polygons[p];
    if (std::uint64_t{d.vertexBase} + d.vertexCount > detail.vertices.size() ||
        std::uint64_t{d.triangleBase} + d.triangleCount > detail.triangles.size()) {
      throw detailError(static_cast<std::int64_t>(p));
    }
  }
  // The layers in ascending order, each with its polygons in mesh order.
  std::map<std::uint16_t, std::vector<std::size_t>> layers;
  for (std::size_t p = 0; p < meshPolygons.size(); ++p)
    layers[regionLayers[meshPolygons[p].region]].push_back(p);
  std::vector<NavTile> tiles;
  if (layers.empty()) return tiles;
  // Check 3: the tile's key.
  if (!FitsInt32(grid.tileX) || !FitsInt32(grid.tileZ)) {
    throw ArgumentOutOfRangeException(
        "a tile index does not fit 32 bits (b3d.tile-data)",
        {.argument = "tile", .tileX = grid.tileX, .tileZ = grid.tileZ});
  }
  const build3d::TileCoordinates coordinates(settings, derived);
  const std::int64_t minRow = detail.minRow;
  const TileOrigin origin{
      build3d::TileOriginX(settings, grid.tileX),
      grid.originY + static_cast<double>(minRow) * settings.CellHeight,
      build3d::TileOriginZ(settings, grid.tileZ),
  };
  const float tileSize = static_cast<float>(settings.TileSize);
  const auto area63 = static_cast<std::uint8_t>(settings.Area);
  const auto flags = static_cast<std::uint16_t>(settings.Flags);
  std::vector<std::uint32_t> renumber(polygons.vertices.size(), kUnused);
  for (const auto& [layer, members] : layers) {
    // The vertices the layer's polygons use, in ascending mesh index.
    std::fill(renumber.begin(), renumber.end(), kUnused);
    for (const std::size_t p : members)
      for (const build3d::PolyCorner& c : meshPolygons[p].corners) renumber[c.vertex] = 0;
    // The stored arrays are sized exactly before they are filled: a tile
    // keeps them for the mesh's life, so no spare capacity.
    std::vector<TileVertex> vertices;
    vertices.reserve(static_cast<std::size_t>(std::count(renumber.begin(), renumber.end(), 0u)));
    for (std::size_t v = 0; v < renumber.size(); ++v) {
      if (renumber[v] == kUnused) continue;
      renumber[v] = static_cast<std::uint32_t>(vertices.size());
      const build3d::PolyVertex& pv = polygons.vertices[v];
      vertices.push_back(
          {coordinates.Local(pv.x), coordinates.LocalY(pv.y, minRow), coordinates.Local(pv.z)});
    }
    // Check 4: the vertex limit (000 §5, §6).
    if (static_cast<std::int64_t>(vertices.size()) > build3d::kMaxVerticesPerLayer) {
      throw InvalidOperationException("a tile layer has more than 65,536 vertices (b3d.tile-data)",
                                      {.argument = "vertices",
                                       .tileX = grid.tileX,
                                       .tileZ = grid.tileZ,
                                       .count = static_cast<std::int64_t>(vertices.size()),
                                       .layer = layer});
    }
    std::size_t detailVertexCount = 0;
    std::size_t detailTriangleCount = 0;
    for (const std::size_t p : members) {
      detailVertexCount += detail.polygons[p].vertexCount;
      detailTriangleCount += detail.polygons[p].triangleCount;
    }
    std::vector<AssemblerPolygon> layerPolygons;
    std::vector<DetailPolygon> detailPolygons;
    std::vector<TileVertex> detailVertices;
    std::vector<DetailTriangle> detailTriangles;
    layerPolygons.reserve(members.size());
    detailPolygons.reserve(members.size());
    detailVertices.reserve(detailVertexCount);
    detailTriangles.reserve(detailTriangleCount);
    for (const std::size_t p : members) {
      const build3d::MeshPolygon& mp = meshPolygons[p];
      AssemblerPolygon ap;
      ap.vertices.reserve(mp.corners.size());
      for (const build3d::PolyCorner& c : mp.corners)
        ap.vertices.push_back(static_cast<std::uint16_t>(renumber[c.vertex]));
      ap.area = mp.area == build3d::kWalkableArea ? area63 : mp.area;
      ap.flags = flags;
      layerPolygons.push_back(std::move(ap));
      // The detail entry, rebased; its vertices and triangles copied.
      const DetailPolygon& d = detail.polygons[p];
      detailPolygons.push_back({static_cast<std::uint32_t>(detailVertices.size()), d.vertexCount,
                                static_cast<std::uint32_t>(detailTriangles.size()),
                                d.triangleCount});
      for (std::uint32_t k = 0; k < d.vertexCount; ++k) {
        const build3d::DetailVertex& dv = detail.vertices[d.vertexBase + k];
        detailVertices.push_back({dv.x, dv.y, dv.z});
      }
      for (std::uint32_t k = 0; k < d.triangleCount; ++k)
        detailTriangles.push_back(detail.triangles[d.triangleBase + k]);
    }
    tiles.push_back(NavTileAssembler::FromLocalPolygons(
        static_cast<std::int32_t>(grid.tileX), static_cast<std::int32_t>(grid.tileZ), layer, origin,
        tileSize, std::move(vertices), layerPolygons, std::move(detailPolygons),
        std::move(detailVertices), std::move(detailTriangles)));
  }
  return tiles;
}

}  // namespace internal

std::vector<NavTile> WriteTileLayers(const build3d::PolyMesh& polygons,
                                     const build3d::DetailMesh& detail,
                                     std::span<const std::uint16_t> regionLayers,
                                     const build3d::TileGrid& grid,
                                     const build3d::NavSettings& settings) {
  return internal::WriteTileLayers(polygons, detail, regionLayers, grid, settings,
                                   build3d::DeriveSettings(settings));
}

}  // namespace onepath::navmesh
