// A Recast + Detour tiled build of a triangle soup (Debian librecast-dev,
// e75adf8), in the manner of RecastDemo's tiled sample (Sample_TileMesh),
// with the settings of one NavSettings (the same tile size, border and
// derived values as ours, b3d.derived): the peer of the whole-build
// benchmarks (navmesh_build_bench, quality3d).
//
// Everything happens inside BuildRecastTiled: the soup's bounds; each
// triangle listed for every tile whose square, widened by B cells, meets
// the triangle's xz bounding box (the sample's chunky mesh query, done as
// one pass over the triangles); a dtNavMesh (dtAllocNavMesh, init with
// origin (OriginX, soup's min y, OriginZ), tile width and depth TileCells *
// cs, 2^k tiles for the tile range's count, 2^(22 - k) polygons per tile);
// then for every tile with a triangle, in row-major order: a W x W
// heightfield (W = TileCells + 2B) from bmin = tile corner - B cells to bmax
// = far corner + B cells in x and z, the soup's y bounds; csF, chF as ours;
// rcMarkWalkableTriangles (AgentMaxSlopeDegrees), rcRasterizeTriangles
// (walkableClimb), rcFilterLowHangingWalkableObstacles, rcFilterLedgeSpans,
// rcFilterWalkableLowHeightSpans (WalkableHeight - 1: b3d.span.recast 1, as
// build3d_spans_bench), rcBuildCompactHeightfield, rcErodeWalkableArea,
// the partition of the settings (Watershed: rcBuildDistanceField and
// rcBuildRegions; Monotone: rcBuildRegionsMonotone; Layers:
// rcBuildLayerRegions; borderSize B, the derived region areas),
// rcBuildContours (maxError, maxEdgeCells, RC_CONTOUR_TESS_WALL_EDGES),
// rcBuildPolyMesh (nvp), rcBuildPolyMeshDetail (DetailSampleDistance, 0
// when b3d.detail.sample-distance turns sampling off, DetailMaxError in
// world units, as build3d_polys_bench), every polygon's flags set to Flags,
// dtCreateNavMeshData (agent height, radius, climb in world units, the poly
// mesh's bmin/bmax, BV tree on) and dtNavMesh::addTile (DT_TILE_FREE_DATA);
// a tile without polygons is not added. Recast has no threads of its own:
// with threads > 1 the per-tile work runs on std::threads taking tiles from
// an atomic counter, each thread with its own rcContext and heightfields,
// and each tile's data is added to the one dtNavMesh under a mutex
// (Detour's addTile is not thread-safe); the triangle binning and the
// dtNavMesh setup stay on the calling thread. A Recast or Detour failure
// aborts.
#pragma once

#include <recastnavigation/DetourNavMesh.h>
#include <recastnavigation/Recast.h>

#include <cstddef>
#include <memory>
#include <vector>

#include "onepath/build3d/input.hpp"
#include "onepath/build3d/settings.hpp"
#include "tools/bench/stage_clock.hpp"

namespace onepath::bench {

struct DetourNavMeshDeleter {
  void operator()(dtNavMesh* m) const;  // dtFreeNavMesh
};
using DetourNavMeshPtr = std::unique_ptr<dtNavMesh, DetourNavMeshDeleter>;

struct RecastTiledBuild {
  DetourNavMeshPtr mesh;  // every tile with a polygon
  std::size_t tiles = 0, polygons = 0, vertices = 0;
};

// One tile of the peer's binning and the triangles listed for it.
struct RecastTileTriangles {
  int tx = 0, tz = 0;
  std::vector<int> tris;  // three vertex indices per triangle
};

// The peer's binning of `soup`: the soup's bounds (rcCalcBounds), the tile
// range they span (nx x nz tiles from x0, z0) and, in row-major order, the
// tiles whose square widened by B cells meets a triangle's xz bounding box,
// each with those triangles (tiles without a triangle are left out).
struct RecastTileBinning {
  float lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
  int x0 = 0, z0 = 0, nx = 0, nz = 0;
  std::vector<RecastTileTriangles> tiles;
};
RecastTileBinning BinRecastTiles(const build3d::TriangleSoup& soup,
                                 const build3d::NavSettings& settings,
                                 const build3d::DerivedSettings& d);

// A tile's W x W heightfield (W = TileCells + 2B, bmin/bmax the tile's
// square widened by B cells, y from ymin to ymax) after
// rcMarkWalkableTriangles, rcRasterizeTriangles and the three filters;
// `areas` is scratch for the triangles' areas. Aborts on a Recast failure.
rcHeightfield* BuildRecastTileSpans(rcContext& ctx, const build3d::TriangleSoup& soup,
                                    const build3d::NavSettings& settings,
                                    const build3d::DerivedSettings& d,
                                    const RecastTileTriangles& tile, float ymin, float ymax,
                                    std::vector<unsigned char>& areas);

// The partition of the settings on the compact heightfield (Watershed:
// rcBuildDistanceField and rcBuildRegions; Monotone: rcBuildRegionsMonotone;
// Layers: rcBuildLayerRegions; borderSize B, the derived region areas).
bool BuildRecastRegions(rcContext& ctx, const build3d::DerivedSettings& d,
                        rcCompactHeightfield& chf);

// The tiled build of `soup` with `settings` on `threads` threads (1: this
// thread only). With a clock (one thread only), the time of each stage
// goes to it (navmesh_stages_bench): setup (bounds, triangle lists,
// dtNavMesh), spans (heightfield, rcMarkWalkableTriangles, rasterization,
// filters), compact + erode, regions, contours, polygons, detail, tile
// data (flags, dtCreateNavMeshData, freeing the tile's Recast values) and
// assembly (addTile); the result is the same with or without.
RecastTiledBuild BuildRecastTiled(const build3d::TriangleSoup& soup,
                                  const build3d::NavSettings& settings, int threads,
                                  StageClock* clock = nullptr);

}  // namespace onepath::bench
