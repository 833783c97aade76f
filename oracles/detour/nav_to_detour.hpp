// The Detour oracle for portal stitching (navmesh-format.md, nav.stitch,
// nav.stitch.detour): tiles are written as Detour tile data by hand (the
// layout dtNavMesh::addTile reads: header, vertices, polygons, links,
// detail sub-meshes and triangles, no bounding-volume tree, no off-mesh
// connections), added to a tiled dtNavMesh of Debian's librecast-dev
// (1.5.1+git20210215.e75adf8), which connects each tile with the tiles
// around it; the external links (dtLink with a side) are read back. A tile
// with a detail mesh carries it (Detour takes its heights from it); one
// without gets a fan of its polygon's corners. The same mesh answers
// dtNavMeshQuery's findNearestPoly, findPath and findStraightPath (Mesh).
//
// It shares no code with src/ and is never linked into it: the tile values
// below are the oracle's own (the differential test copies a NavTile's
// values into them).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
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
  // The detail mesh, Detour's layout: per polygon its extra vertices
  // [vertexBase, vertexBase + vertexCount) of detailVertices (local x, y,
  // z each) and its triangles [triangleBase, triangleBase +
  // triangleCount) of detailTriangles (4 bytes each: three vertex numbers,
  // k < corners the corner k, corners + j the extra vertex j, then the
  // edge flags in Detour's encoding: two bits per edge k at bits 2k and
  // 2k + 1, 1 = on the polygon's boundary, as dtGetDetailTriEdgeFlags
  // reads them). Empty detailPolygons: a fan of the corners.
  struct DetailRange {
    std::uint32_t vertexBase = 0, vertexCount = 0, triangleBase = 0, triangleCount = 0;
  };
  std::vector<DetailRange> detailPolygons;
  std::vector<float> detailVertices;
  std::vector<std::uint8_t> detailTriangles;
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

// A polygon of the mesh by its tile's key and its index in the tile.
struct PolygonKey {
  std::int32_t tileX = 0, tileZ = 0;
  std::uint16_t layer = 0;
  std::uint32_t polygon = 0;
  friend bool operator==(const PolygonKey&, const PolygonKey&) = default;
};

using Point = std::array<float, 3>;  // world x, y, z (binary32, as Detour)

struct Nearest {
  bool found = false;
  PolygonKey polygon;
  Point point{};
};

// findPath's result: found (the goal reached), partial (DT_PARTIAL_RESULT
// with DT_OUT_OF_NODES) or unreachable (DT_PARTIAL_RESULT alone), the
// corridor, and error non-empty when Detour failed.
struct Path {
  enum Status { kFound, kPartial, kUnreachable } status = kUnreachable;
  std::vector<PolygonKey> corridor;
  std::string error;
};

// The tiles in one dtNavMesh (as StitchWithDetour) with a dtNavMeshQuery
// of 65535 nodes and the default filter (every polygon, every area cost 1).
class Mesh {
 public:
  Mesh(const std::vector<Tile>& tiles, float climb, double gridOriginX, double gridOriginZ);
  ~Mesh();
  Mesh(const Mesh&) = delete;
  Mesh& operator=(const Mesh&) = delete;

  const std::string& error() const;  // non-empty: Detour refused a tile
  std::vector<Link> Links() const;   // every external link of every tile
  // findNearestPoly(center, halfExtents).
  Nearest FindNearestPolygon(const Point& center, const Point& halfExtents) const;
  // closestPointOnPoly(polygon, p): the polygon's point nearest p in xz,
  // its height from the detail mesh (whose boundary edges it reads from
  // the detail triangles' edge flags).
  Point ClosestPoint(const PolygonKey& polygon, const Point& p) const;
  // findPath(start, goal, startPos, goalPos) with room for 65535 polygons.
  Path FindPath(const PolygonKey& start, const PolygonKey& goal, const Point& startPos,
                const Point& goalPos) const;
  // findStraightPath(startPos, goalPos, corridor), no options; empty on a
  // failure.
  std::vector<Point> FindStraightPath(const Point& startPos, const Point& goalPos,
                                      const std::vector<PolygonKey>& corridor) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// All tiles into one dtNavMesh (tile width and height = the first tile's
// tileSize, orig = (gridOriginX, 0, gridOriginZ)), with walkableClimb =
// climb in every tile header, added in the given order.
Outcome StitchWithDetour(const std::vector<Tile>& tiles, float climb, double gridOriginX,
                         double gridOriginZ);

}  // namespace detour_oracle
