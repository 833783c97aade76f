// The tile assembler (docs/spec/navmesh-format.md, nav.assemble): a tile
// from positions and polygons without links. NavTileAssembler derives the
// in-tile adjacency and the portals on the tile's sides, then calls
// NavTile::Create, whose checks are the only errors.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/navmesh/tile.hpp"

namespace onepath::navmesh {

// nav.assemble: a polygon as the assembler takes it: its corners (vertex
// indices, counter-clockwise), area and flags; the links are derived.
struct AssemblerPolygon {
  std::vector<std::uint16_t> vertices;
  std::uint8_t area = 0;
  std::uint16_t flags = 0;
  friend bool operator==(const AssemblerPolygon&, const AssemblerPolygon&) = default;
};

// nav.assemble: a world position (binary64), for FromPolygons.
struct WorldVertex {
  double x = 0.0;
  double y = 0.0;
  double z = 0.0;
  friend bool operator==(const WorldVertex&, const WorldVertex&) = default;
};

class NavTileAssembler {
 public:
  // nav.assemble: the links of every edge (in-tile adjacency, then
  // portals, else walls), then NavTile::Create on the local positions.
  static NavTile FromLocalPolygons(std::int32_t tileX, std::int32_t tileZ, std::uint16_t layer,
                                   TileOrigin origin, float tileSize,
                                   std::vector<TileVertex> vertices,
                                   std::span<const AssemblerPolygon> polygons,
                                   std::vector<DetailPolygon> detailPolygons,
                                   std::vector<TileVertex> detailVertices,
                                   std::vector<DetailTriangle> detailTriangles);

  // nav.assemble: world positions made local, f32(w - o) + 0 per
  // coordinate, then FromLocalPolygons.
  static NavTile FromPolygons(std::int32_t tileX, std::int32_t tileZ, std::uint16_t layer,
                              TileOrigin origin, float tileSize,
                              std::span<const WorldVertex> vertices,
                              std::span<const AssemblerPolygon> polygons,
                              std::vector<DetailPolygon> detailPolygons,
                              std::span<const WorldVertex> detailVertices,
                              std::vector<DetailTriangle> detailTriangles);

  // nav.assemble, the links alone: one list per polygon, one link per
  // edge (edge k from corner k to corner k + 1).
  static std::vector<std::vector<EdgeLink>> DeriveLinks(std::span<const TileVertex> vertices,
                                                        float tileSize,
                                                        std::span<const AssemblerPolygon> polygons);
};

}  // namespace onepath::navmesh
