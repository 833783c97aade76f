// The Detour oracle for portal stitching (nav_to_detour.hpp).
#include "oracles/detour/nav_to_detour.hpp"

#include <DetourAlloc.h>
#include <DetourNavMesh.h>
#include <DetourStatus.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <sstream>

namespace detour_oracle {

namespace {

// Our side (0: x = 0, 1: z = 0, 2: x = tileSize, 3: z = tileSize) as
// Detour's neighbour direction (0: +x, 2: +z, 4: -x, 6: -z).
unsigned short DetourSide(int side) {
  static const unsigned short kSides[4] = {4, 6, 0, 2};
  return kSides[side];
}

int Align4(int n) { return (n + 3) & ~3; }

std::string StatusText(const char* what, dtStatus status) {
  std::ostringstream out;
  out << what << " failed, dtStatus 0x" << std::hex << status;
  return out.str();
}

// The tile's data as dtNavMesh::addTile reads it, allocated with dtAlloc
// (the mesh frees it: DT_TILE_FREE_DATA).
unsigned char* TileData(const Tile& tile, float climb, int& size) {
  const int vertCount = static_cast<int>(tile.vertices.size() / 3);
  const int polyCount = static_cast<int>(tile.polygons.size());
  int internalEdges = 0, portalEdges = 0, triangles = 0;
  for (std::size_t p = 0; p < tile.polygons.size(); ++p) {
    for (std::int32_t link : tile.links[p]) {
      if (link >= 0) ++internalEdges;
      if (link <= -2) ++portalEdges;
    }
    triangles += static_cast<int>(tile.polygons[p].size()) - 2;
  }
  // Detour links an edge to at most 4 polygons of each neighbouring tile;
  // a position has at most 1024 layers, but the meshes compared have few:
  // 16 per portal edge (4 layers) is checked below by the caller's counts.
  const int maxLinks = internalEdges + 16 * portalEdges + 1;
  const int headerSize = Align4(sizeof(dtMeshHeader));
  const int vertsSize = Align4(static_cast<int>(sizeof(float)) * 3 * vertCount);
  const int polysSize = Align4(static_cast<int>(sizeof(dtPoly)) * polyCount);
  const int linksSize = Align4(static_cast<int>(sizeof(dtLink)) * maxLinks);
  const int detailSize = Align4(static_cast<int>(sizeof(dtPolyDetail)) * polyCount);
  const int trisSize = Align4(4 * triangles);
  size = headerSize + vertsSize + polysSize + linksSize + detailSize + trisSize;
  auto* data = static_cast<unsigned char*>(dtAlloc(size, DT_ALLOC_PERM));
  std::memset(data, 0, size);

  auto* header = reinterpret_cast<dtMeshHeader*>(data);
  auto* verts = reinterpret_cast<float*>(data + headerSize);
  auto* polys = reinterpret_cast<dtPoly*>(data + headerSize + vertsSize);
  auto* details =
      reinterpret_cast<dtPolyDetail*>(data + headerSize + vertsSize + polysSize + linksSize);
  unsigned char* tris = data + headerSize + vertsSize + polysSize + linksSize + detailSize;

  header->magic = DT_NAVMESH_MAGIC;
  header->version = DT_NAVMESH_VERSION;
  header->x = tile.tileX;
  header->y = tile.tileZ;
  header->layer = tile.layer;
  header->polyCount = polyCount;
  header->vertCount = vertCount;
  header->maxLinkCount = maxLinks;
  header->detailMeshCount = polyCount;
  header->detailVertCount = 0;
  header->detailTriCount = triangles;
  header->bvNodeCount = 0;
  header->offMeshConCount = 0;
  header->offMeshBase = polyCount;
  header->walkableHeight = 2.0f;
  header->walkableRadius = 0.5f;
  header->walkableClimb = climb;
  header->bvQuantFactor = 1.0f;
  const double origin[3] = {tile.originX, tile.originY, tile.originZ};
  for (int a = 0; a < 3; ++a) {
    header->bmin[a] = 1e30f;
    header->bmax[a] = -1e30f;
  }
  for (int v = 0; v < vertCount; ++v) {
    for (int a = 0; a < 3; ++a) {
      const float w = static_cast<float>(origin[a] + static_cast<double>(tile.vertices[v * 3 + a]));
      verts[v * 3 + a] = w;
      header->bmin[a] = std::min(header->bmin[a], w);
      header->bmax[a] = std::max(header->bmax[a], w);
    }
  }
  int triBase = 0;
  for (int p = 0; p < polyCount; ++p) {
    dtPoly& poly = polys[p];
    const auto& corners = tile.polygons[p];
    const int n = static_cast<int>(corners.size());
    poly.vertCount = static_cast<unsigned char>(n);
    poly.flags = 1;
    poly.setArea(1);
    poly.setType(DT_POLYTYPE_GROUND);
    for (int k = 0; k < n; ++k) {
      poly.verts[k] = corners[k];
      const std::int32_t link = tile.links[p][k];
      poly.neis[k] = link >= 0 ? static_cast<unsigned short>(link + 1)
                     : link == -1
                         ? 0
                         : static_cast<unsigned short>(DT_EXT_LINK | DetourSide(-2 - link));
    }
    details[p].vertBase = 0;
    details[p].vertCount = 0;
    details[p].triBase = static_cast<unsigned int>(triBase);
    details[p].triCount = static_cast<unsigned char>(n - 2);
    for (int i = 1; i + 1 < n; ++i, ++triBase) {
      tris[triBase * 4 + 0] = 0;
      tris[triBase * 4 + 1] = static_cast<unsigned char>(i);
      tris[triBase * 4 + 2] = static_cast<unsigned char>(i + 1);
      tris[triBase * 4 + 3] = 0;
    }
  }
  return data;
}

struct MeshDeleter {
  void operator()(dtNavMesh* mesh) const { dtFreeNavMesh(mesh); }
};

}  // namespace

Outcome StitchWithDetour(const std::vector<Tile>& tiles, float climb, double gridOriginX,
                         double gridOriginZ) {
  Outcome out;
  std::unique_ptr<dtNavMesh, MeshDeleter> mesh(dtAllocNavMesh());
  dtNavMeshParams params{};
  params.orig[0] = static_cast<float>(gridOriginX);
  params.orig[1] = 0.0f;
  params.orig[2] = static_cast<float>(gridOriginZ);
  params.tileWidth = tiles.empty() ? 1.0f : tiles[0].tileSize;
  params.tileHeight = params.tileWidth;
  params.maxTiles = std::max<int>(1, static_cast<int>(tiles.size()));
  params.maxPolys = 1;
  for (const Tile& t : tiles) params.maxPolys = std::max<int>(params.maxPolys, t.polygons.size());
  if (dtStatus s = mesh->init(&params); dtStatusFailed(s)) {
    out.error = StatusText("dtNavMesh::init", s);
    return out;
  }
  for (const Tile& t : tiles) {
    int size = 0;
    unsigned char* data = TileData(t, climb, size);
    if (dtStatus s = mesh->addTile(data, size, DT_TILE_FREE_DATA, 0, nullptr); dtStatusFailed(s)) {
      dtFree(data);
      out.error = StatusText("dtNavMesh::addTile", s);
      return out;
    }
  }
  const dtNavMesh& m = *mesh;
  for (int i = 0; i < m.getMaxTiles(); ++i) {
    const dtMeshTile* tile = m.getTile(i);
    if (tile == nullptr || tile->header == nullptr) continue;
    for (int p = 0; p < tile->header->polyCount; ++p) {
      for (unsigned int l = tile->polys[p].firstLink; l != DT_NULL_LINK; l = tile->links[l].next) {
        const dtLink& link = tile->links[l];
        if (link.side == 0xff) continue;  // an in-tile link
        const dtMeshTile* target = nullptr;
        const dtPoly* targetPoly = nullptr;
        m.getTileAndPolyByRefUnsafe(link.ref, &target, &targetPoly);
        Link out1;
        out1.fromX = tile->header->x;
        out1.fromZ = tile->header->y;
        out1.fromLayer = static_cast<std::uint16_t>(tile->header->layer);
        out1.polygon = static_cast<std::uint32_t>(p);
        out1.edge = link.edge;
        out1.toX = target->header->x;
        out1.toZ = target->header->y;
        out1.toLayer = static_cast<std::uint16_t>(target->header->layer);
        out1.toPolygon = m.decodePolyIdPoly(link.ref);
        out1.side = link.side;
        out1.bmin = link.bmin;
        out1.bmax = link.bmax;
        out.links.push_back(out1);
      }
    }
  }
  return out;
}

}  // namespace detour_oracle
