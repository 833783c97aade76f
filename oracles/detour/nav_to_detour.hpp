// The Detour oracle for portal stitching (navmesh-format.md, nav.stitch,
// nav.stitch.detour): tiles are written as Detour tile data by hand (the
// layout dtNavMesh::addTile reads: header, vertices, polygons, links,
// detail sub-meshes and triangles, no bounding-volume tree, no off-mesh
// connections), added to a tiled dtNavMesh of Debian's librecast-dev
// (1.5.1+git20210215.e75adf8), which connects each tile with the tiles
// around it; the external links (dtLink with a side) are read back.
//
// It shares no code with src/ and is never linked into it: the tile values
// below are the oracle's own (the differential test copies a NavTile's
// values into them).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace detour_oracle {

// One tile. World position of a local vertex: (float)(origin + local), each
// coordinate one binary64 addition rounded to binary32. Edge k of a polygon
// runs from corner k to corner k + 1; link[k] is -1 for a wall, the
// in-tile polygon's index for a polygon link, or -2 - side for a portal on
// side 0 (x = 0), 1 (z = 0), 2 (x = tileSize) or 3 (z = tileSize).
struct Tile {
  std::int32_t tileX = 0;
  std::int32_t tileZ = 0;
  std::uint16_t layer = 0;
  double originX = 0.0, originY = 0.0, originZ = 0.0;
  float tileSize = 0.0f;
  std::vector<float> vertices;  // local x, y, z per vertex
  std::vector<std::vector<std::uint16_t>> polygons;
  std::vector<std::vector<std::int32_t>> links;
};

// One external link as Detour stores it: from polygon `polygon` edge `edge`
// of tile (fromX, fromZ, fromLayer) to polygon `toPolygon` of tile (toX,
// toZ, toLayer) (Detour keeps no edge of the target), on Detour's side
// (0 = +x, 2 = +z, 4 = -x, 6 = -z), bmin and bmax the byte fractions of the
// edge from its first corner (0 .. 255).
struct Link {
  std::int32_t fromX = 0, fromZ = 0;
  std::uint16_t fromLayer = 0;
  std::uint32_t polygon = 0;
  std::uint8_t edge = 0;
  std::int32_t toX = 0, toZ = 0;
  std::uint16_t toLayer = 0;
  std::uint32_t toPolygon = 0;
  std::uint8_t side = 0;
  std::uint8_t bmin = 0, bmax = 0;
};

struct Outcome {
  std::vector<Link> links;  // every external link of every tile
  std::string error;        // non-empty: Detour refused (dtStatus in hex)
};

// All tiles into one dtNavMesh (tile width and height = the first tile's
// tileSize, orig = (gridOriginX, 0, gridOriginZ)), with walkableClimb =
// climb in every tile header, added in the given order.
Outcome StitchWithDetour(const std::vector<Tile>& tiles, float climb, double gridOriginX,
                         double gridOriginZ);

}  // namespace detour_oracle
