// Multi-tile navigation meshes for portal stitching (docs/spec/
// navmesh-format.md, nav.stitch): each tile a fan of convex polygons around
// its centre over a ring of boundary points, the boundary points of each
// side chosen independently per tile (so neighbours' boundary vertices
// differ: T-junctions), made with NavTile::Create with correct in-tile
// links and portal links. Used by the unit tests, the properties and the
// Detour differential.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "onepath/navmesh/tile.hpp"

namespace onepath::conformance {

// One fan tile. The ring runs counter-clockwise (nav.orient) from local
// (0, 0): side 0 (x = 0) with z rising, side 3 (z = S) with x rising, side
// 2 (x = S) with z falling, side 1 (z = 0) with x falling. sidePoints[s]
// are the interior along coordinates of side s (z for 0 and 2, x for 1 and
// 3), strictly inside (0, S), ascending. Vertex 0 is the centre (S/2, S/2),
// the ring points follow in ring order from (0, 0). Ring edges are numbered
// in ring order (side 0's first); runs[s] groups side s's ring edges, in
// ring order, into polygons (lengths 1 .. 4, summing to the side's edge
// count; empty = one edge each; a polygon has at most 6 corners): polygon i (in ring order) has
// corners (centre, ring points of its run), edge 0 linked to the polygon before, its last edge to
// the polygon after, its ring edges portals of their side unless wall(ring edge) says a wall.
struct FanTileSpec {
  std::int32_t tileX = 0;
  std::int32_t tileZ = 0;
  std::uint16_t layer = 0;
  navmesh::TileOrigin origin;
  float tileSize = 4.0f;
  std::array<std::vector<float>, 4> sidePoints;
  std::array<std::vector<int>, 4> runs;
  std::function<float(float x, float z)> localY = [](float, float) { return 0.0f; };
  std::function<bool(int ringEdge)> wall = [](int) { return false; };
};

navmesh::NavTile MakeFanTile(const FanTileSpec& spec);

// A random mesh: a grid of 1 .. 3 by 1 .. 3 positions at a random tile
// offset, each empty (about 1 in 7) or with 1 or 2 layers at distinct
// levels (world heights 0 and 5), tile size 4 or 8, one grid's origins
// (TileOriginX/Z = frame + t * S), tile originY per tile; 0 .. 3 (1 in 8:
// 4 .. 6) interior boundary points per side, on a grid of S/16 or (1 in 5) arbitrary binary32
// values; local heights from one world plane per level, plus a per-tile offset of 0, +-1.5 climb or
// +-2.5 climb and a per-vertex noise of at most 0.2 climb (so every vertical case is clear of the
// threshold 2 climb by 0.1 climb); runs of 1
// .. 3 edges; about 1 ring edge in 10 a wall.
struct StitchMesh {
  std::vector<navmesh::NavTile> tiles;
  float climb = 0.5f;
};
StitchMesh RandomStitchMesh(std::uint64_t seed);

}  // namespace onepath::conformance
