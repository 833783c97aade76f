// The Recast + Detour tiled build (recast_tiled.hpp).
#include "tools/bench/recast_tiled.hpp"

#include <recastnavigation/DetourAlloc.h>
#include <recastnavigation/DetourNavMeshBuilder.h>
#include <recastnavigation/Recast.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

namespace onepath::bench {

namespace b3d = onepath::build3d;

void DetourNavMeshDeleter::operator()(dtNavMesh* m) const { dtFreeNavMesh(m); }

namespace {

// One tile through Recast's stages and dtCreateNavMeshData; false when the
// tile gives no polygon (data stays null). Aborts on a Recast failure.
bool BuildPeerTile(rcContext& ctx, const b3d::TriangleSoup& soup, const b3d::NavSettings& settings,
                   const b3d::DerivedSettings& d, const RecastTileTriangles& tile, float ymin,
                   float ymax, std::vector<unsigned char>& areas, unsigned char*& data, int& size,
                   StageClock* clock) {
  const auto lap = [clock](Stage stage) {
    if (clock) clock->Lap(stage);
  };
  const float cs = d.cellSize, ch = d.ch;
  rcHeightfield* hf = BuildRecastTileSpans(ctx, soup, settings, d, tile, ymin, ymax, areas);
  lap(Stage::kSpans);
  rcCompactHeightfield* chf = rcAllocCompactHeightfield();
  if (!chf || !rcBuildCompactHeightfield(&ctx, d.walkableHeight, d.walkableClimb, *hf, *chf))
    std::abort();
  rcFreeHeightField(hf);
  if (!rcErodeWalkableArea(&ctx, d.walkableRadius, *chf)) std::abort();
  lap(Stage::kCompact);
  if (!BuildRecastRegions(ctx, d, *chf)) std::abort();
  lap(Stage::kRegions);
  rcContourSet* cset = rcAllocContourSet();
  if (!cset || !rcBuildContours(&ctx, *chf, static_cast<float>(d.maxError), d.maxEdgeCells, *cset,
                                RC_CONTOUR_TESS_WALL_EDGES))
    std::abort();
  lap(Stage::kContours);
  bool built = false;
  if (cset->nconts > 0) {
    rcPolyMesh* pmesh = rcAllocPolyMesh();
    if (!pmesh || !rcBuildPolyMesh(&ctx, *cset, static_cast<int>(settings.MaxVertsPerPoly), *pmesh))
      std::abort();
    lap(Stage::kPolygons);
    rcPolyMeshDetail* dmesh = rcAllocPolyMeshDetail();
    const bool detailOn = settings.DetailSampleDistance / d.cs > 0.9;  // b3d.detail.sample-distance
    if (!dmesh ||
        !rcBuildPolyMeshDetail(&ctx, *pmesh, *chf,
                               detailOn ? static_cast<float>(settings.DetailSampleDistance) : 0.0f,
                               static_cast<float>(settings.DetailMaxError), *dmesh))
      std::abort();
    lap(Stage::kDetail);
    if (pmesh->npolys > 0) {
      for (int p = 0; p < pmesh->npolys; ++p)
        pmesh->flags[p] = static_cast<unsigned short>(settings.Flags);
      dtNavMeshCreateParams params;
      std::memset(&params, 0, sizeof params);
      params.verts = pmesh->verts;
      params.vertCount = pmesh->nverts;
      params.polys = pmesh->polys;
      params.polyAreas = pmesh->areas;
      params.polyFlags = pmesh->flags;
      params.polyCount = pmesh->npolys;
      params.nvp = pmesh->nvp;
      params.detailMeshes = dmesh->meshes;
      params.detailVerts = dmesh->verts;
      params.detailVertsCount = dmesh->nverts;
      params.detailTris = dmesh->tris;
      params.detailTriCount = dmesh->ntris;
      params.walkableHeight = static_cast<float>(settings.AgentHeight);
      params.walkableRadius = static_cast<float>(settings.AgentRadius);
      params.walkableClimb = static_cast<float>(settings.AgentMaxClimb);
      params.tileX = tile.tx;
      params.tileY = tile.tz;
      params.tileLayer = 0;
      rcVcopy(params.bmin, pmesh->bmin);
      rcVcopy(params.bmax, pmesh->bmax);
      params.cs = cs;
      params.ch = ch;
      params.buildBvTree = true;
      if (!dtCreateNavMeshData(&params, &data, &size)) std::abort();
      built = true;
    }
    rcFreePolyMeshDetail(dmesh);
    rcFreePolyMesh(pmesh);
  }
  rcFreeContourSet(cset);
  rcFreeCompactHeightfield(chf);
  lap(Stage::kTileData);
  return built;
}

}  // namespace

RecastTileBinning BinRecastTiles(const b3d::TriangleSoup& soup, const b3d::NavSettings& settings,
                                 const b3d::DerivedSettings& d) {
  RecastTileBinning out;
  const std::vector<float>& v = soup.vertices;
  const std::vector<std::int32_t>& idx = soup.indices;
  float* lo = out.lo;
  float* hi = out.hi;
  rcCalcBounds(v.data(), static_cast<int>(v.size() / 3), lo, hi);
  const double tileWorld = d.tileCells * d.cs, margin = d.border * d.cs;
  const auto tileOf = [&](double x, double origin) {
    return static_cast<int>(std::floor((x - origin) / tileWorld));
  };
  const int x0 = tileOf(lo[0], settings.OriginX), x1 = tileOf(hi[0], settings.OriginX);
  const int z0 = tileOf(lo[2], settings.OriginZ), z1 = tileOf(hi[2], settings.OriginZ);
  const int nx = x1 - x0 + 1, nz = z1 - z0 + 1;
  out.x0 = x0;
  out.z0 = z0;
  out.nx = nx;
  out.nz = nz;
  std::vector<RecastTileTriangles>& grid = out.tiles;
  grid.resize(static_cast<std::size_t>(nx) * nz);
  for (int tz = 0; tz < nz; ++tz)
    for (int tx = 0; tx < nx; ++tx) grid[tx + nx * tz] = {.tx = x0 + tx, .tz = z0 + tz, .tris = {}};
  for (std::size_t t = 0; t + 2 < idx.size(); t += 3) {
    float a[3], b[3];
    rcVcopy(a, &v[3 * static_cast<std::size_t>(idx[t])]);
    rcVcopy(b, a);
    for (int k = 1; k < 3; ++k) {
      rcVmin(a, &v[3 * static_cast<std::size_t>(idx[t + k])]);
      rcVmax(b, &v[3 * static_cast<std::size_t>(idx[t + k])]);
    }
    const int tx0 = std::max(x0, tileOf(a[0] - margin, settings.OriginX));
    const int tx1 = std::min(x1, tileOf(b[0] + margin, settings.OriginX));
    const int tz0 = std::max(z0, tileOf(a[2] - margin, settings.OriginZ));
    const int tz1 = std::min(z1, tileOf(b[2] + margin, settings.OriginZ));
    for (int tz = tz0; tz <= tz1; ++tz)
      for (int tx = tx0; tx <= tx1; ++tx) {
        std::vector<int>& list = grid[(tx - x0) + nx * (tz - z0)].tris;
        list.insert(list.end(), {idx[t], idx[t + 1], idx[t + 2]});
      }
  }
  std::erase_if(grid, [](const RecastTileTriangles& t) { return t.tris.empty(); });
  return out;
}

rcHeightfield* BuildRecastTileSpans(rcContext& ctx, const b3d::TriangleSoup& soup,
                                    const b3d::NavSettings& settings, const b3d::DerivedSettings& d,
                                    const RecastTileTriangles& tile, float ymin, float ymax,
                                    std::vector<unsigned char>& areas) {
  const double tileWorld = d.tileCells * d.cs;
  const int w = d.tileCells + 2 * d.border;
  float bmin[3], bmax[3];
  bmin[0] = static_cast<float>(settings.OriginX + tile.tx * tileWorld - d.border * d.cs);
  bmin[2] = static_cast<float>(settings.OriginZ + tile.tz * tileWorld - d.border * d.cs);
  bmax[0] = static_cast<float>(settings.OriginX + (tile.tx + 1) * tileWorld + d.border * d.cs);
  bmax[2] = static_cast<float>(settings.OriginZ + (tile.tz + 1) * tileWorld + d.border * d.cs);
  bmin[1] = ymin;
  bmax[1] = ymax;
  const float* verts = soup.vertices.data();
  const int nverts = static_cast<int>(soup.vertices.size() / 3);
  const int nt = static_cast<int>(tile.tris.size() / 3);
  rcHeightfield* hf = rcAllocHeightfield();
  if (!hf || !rcCreateHeightfield(&ctx, *hf, w, w, bmin, bmax, d.cellSize, d.ch)) std::abort();
  areas.assign(static_cast<std::size_t>(nt), 0);
  rcMarkWalkableTriangles(&ctx, static_cast<float>(settings.AgentMaxSlopeDegrees), verts, nverts,
                          tile.tris.data(), nt, areas.data());
  if (!rcRasterizeTriangles(&ctx, verts, nverts, tile.tris.data(), areas.data(), nt, *hf,
                            d.walkableClimb))
    std::abort();
  rcFilterLowHangingWalkableObstacles(&ctx, d.walkableClimb, *hf);
  rcFilterLedgeSpans(&ctx, d.walkableHeight, d.walkableClimb, *hf);
  rcFilterWalkableLowHeightSpans(&ctx, d.walkableHeight - 1, *hf);  // b3d.span.recast 1
  return hf;
}

bool BuildRecastRegions(rcContext& ctx, const b3d::DerivedSettings& d, rcCompactHeightfield& chf) {
  switch (d.partition) {
    case b3d::Partition::Monotone:
      return rcBuildRegionsMonotone(&ctx, chf, d.border, d.minRegionArea, d.mergeRegionArea);
    case b3d::Partition::Layers:
      return rcBuildLayerRegions(&ctx, chf, d.border, d.minRegionArea);
    default:
      return rcBuildDistanceField(&ctx, chf) &&
             rcBuildRegions(&ctx, chf, d.border, d.minRegionArea, d.mergeRegionArea);
  }
}

RecastTiledBuild BuildRecastTiled(const b3d::TriangleSoup& soup, const b3d::NavSettings& settings,
                                  int threads, StageClock* clock) {
  if (clock && threads > 1) std::abort();  // the clock is the process's: one thread only
  if (clock) clock->Start();
  const b3d::DerivedSettings d = b3d::DeriveSettings(settings);
  // The soup's bounds; every triangle, listed for the tiles its xz box meets
  // (widened by B).
  const RecastTileBinning bins = BinRecastTiles(soup, settings, d);
  const float* lo = bins.lo;
  const float* hi = bins.hi;
  const int nx = bins.nx, nz = bins.nz;
  const double tileWorld = d.tileCells * d.cs;
  std::vector<const RecastTileTriangles*> work;
  for (const RecastTileTriangles& t : bins.tiles) work.push_back(&t);

  // One dtNavMesh for all tiles.
  const int tileBits =
      std::max(1, static_cast<int>(std::bit_width(static_cast<unsigned>(nx * nz - 1))));
  RecastTiledBuild out;
  out.mesh.reset(dtAllocNavMesh());
  dtNavMeshParams params;
  params.orig[0] = static_cast<float>(settings.OriginX);
  params.orig[1] = lo[1];
  params.orig[2] = static_cast<float>(settings.OriginZ);
  params.tileWidth = static_cast<float>(tileWorld);
  params.tileHeight = static_cast<float>(tileWorld);
  params.maxTiles = 1 << tileBits;
  params.maxPolys = 1 << (22 - tileBits);
  if (!out.mesh || dtStatusFailed(out.mesh->init(&params))) std::abort();

  std::mutex lock;
  std::atomic<std::size_t> next{0};
  if (clock) clock->Lap(Stage::kSetup);
  const auto worker = [&] {
    rcContext ctx(false);
    std::vector<unsigned char> areas;
    for (std::size_t k = next++; k < work.size(); k = next++) {
      unsigned char* data = nullptr;
      int size = 0;
      if (!BuildPeerTile(ctx, soup, settings, d, *work[k], lo[1], hi[1], areas, data, size, clock))
        continue;
      const std::lock_guard<std::mutex> guard(lock);
      if (dtStatusFailed(out.mesh->addTile(data, size, DT_TILE_FREE_DATA, 0, nullptr)))
        std::abort();
      if (clock) clock->Lap(Stage::kAssembly);
    }
  };
  if (threads <= 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    for (int k = 0; k < threads; ++k) pool.emplace_back(worker);
    for (std::thread& t : pool) t.join();
  }

  const dtNavMesh& m = *out.mesh;
  for (int i = 0; i < m.getMaxTiles(); ++i) {
    const dtMeshTile* t = m.getTile(i);
    if (t == nullptr || t->header == nullptr) continue;
    ++out.tiles;
    out.polygons += static_cast<std::size_t>(t->header->polyCount);
    out.vertices += static_cast<std::size_t>(t->header->vertCount);
  }
  return out;
}

}  // namespace onepath::bench
