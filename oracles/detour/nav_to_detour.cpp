// The Detour oracle for portal stitching (nav_to_detour.hpp).
#include "oracles/detour/nav_to_detour.hpp"

#include <DetourAlloc.h>
#include <DetourNavMesh.h>
#include <DetourNavMeshQuery.h>
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
  const bool fan = tile.detailPolygons.empty();
  int internalEdges = 0, portalEdges = 0, triangles = 0;
  for (std::size_t p = 0; p < tile.polygons.size(); ++p) {
    for (std::int32_t link : tile.links[p]) {
      if (link >= 0) ++internalEdges;
      if (link <= -2) ++portalEdges;
    }
    triangles += static_cast<int>(tile.polygons[p].size()) - 2;
  }
  if (!fan) triangles = static_cast<int>(tile.detailTriangles.size() / 4);
  const int detailVertCount = fan ? 0 : static_cast<int>(tile.detailVertices.size() / 3);
  // Detour links an edge to at most 4 polygons of each neighbouring tile;
  // a position has at most 1024 layers, but the meshes compared have few:
  // 16 per portal edge (4 layers) is checked below by the caller's counts.
  const int maxLinks = internalEdges + 16 * portalEdges + 1;
  const int headerSize = Align4(sizeof(dtMeshHeader));
  const int vertsSize = Align4(static_cast<int>(sizeof(float)) * 3 * vertCount);
  const int polysSize = Align4(static_cast<int>(sizeof(dtPoly)) * polyCount);
  const int linksSize = Align4(static_cast<int>(sizeof(dtLink)) * maxLinks);
  const int detailSize = Align4(static_cast<int>(sizeof(dtPolyDetail)) * polyCount);
  const int detailVertsSize = Align4(static_cast<int>(sizeof(float)) * 3 * detailVertCount);
  const int trisSize = Align4(4 * triangles);
  size = headerSize + vertsSize + polysSize + linksSize + detailSize + detailVertsSize + trisSize;
  auto* data = static_cast<unsigned char*>(dtAlloc(size, DT_ALLOC_PERM));
  std::memset(data, 0, size);

  auto* header = reinterpret_cast<dtMeshHeader*>(data);
  auto* verts = reinterpret_cast<float*>(data + headerSize);
  auto* polys = reinterpret_cast<dtPoly*>(data + headerSize + vertsSize);
  unsigned char* after = data + headerSize + vertsSize + polysSize + linksSize;
  auto* details = reinterpret_cast<dtPolyDetail*>(after);
  auto* detailVerts = reinterpret_cast<float*>(after + detailSize);
  unsigned char* tris = after + detailSize + detailVertsSize;

  header->magic = DT_NAVMESH_MAGIC;
  header->version = DT_NAVMESH_VERSION;
  header->x = tile.tileX;
  header->y = tile.tileZ;
  header->layer = tile.layer;
  header->polyCount = polyCount;
  header->vertCount = vertCount;
  header->maxLinkCount = maxLinks;
  header->detailMeshCount = polyCount;
  header->detailVertCount = detailVertCount;
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
  // World position: one binary64 addition, rounded to binary32.
  auto world = [&origin](int a, float local) {
    return static_cast<float>(origin[a] + static_cast<double>(local));
  };
  for (int v = 0; v < vertCount; ++v) {
    for (int a = 0; a < 3; ++a) {
      const float w = world(a, tile.vertices[v * 3 + a]);
      verts[v * 3 + a] = w;
      header->bmin[a] = std::min(header->bmin[a], w);
      header->bmax[a] = std::max(header->bmax[a], w);
    }
  }
  for (int v = 0; v < detailVertCount; ++v) {
    for (int a = 0; a < 3; ++a) detailVerts[v * 3 + a] = world(a, tile.detailVertices[v * 3 + a]);
  }
  for (int t = 0; !fan && t < 4 * triangles; ++t) tris[t] = tile.detailTriangles[t];
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
    if (!fan) {
      const Tile::DetailRange& r = tile.detailPolygons[p];
      details[p].vertBase = r.vertexBase;
      details[p].vertCount = static_cast<unsigned char>(r.vertexCount);
      details[p].triBase = r.triangleBase;
      details[p].triCount = static_cast<unsigned char>(r.triangleCount);
      continue;
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
struct QueryDeleter {
  void operator()(dtNavMeshQuery* query) const { dtFreeNavMeshQuery(query); }
};

constexpr int kMaxNodes = 65535;

}  // namespace

struct Mesh::State {
  std::unique_ptr<dtNavMesh, MeshDeleter> mesh{dtAllocNavMesh()};
  std::unique_ptr<dtNavMeshQuery, QueryDeleter> query{dtAllocNavMeshQuery()};
  dtQueryFilter filter;  // include every flag, exclude none, every area 1
  std::string error;

  dtPolyRef Ref(const PolygonKey& k) const {
    const dtMeshTile* tile = mesh->getTileAt(k.tileX, k.tileZ, k.layer);
    if (tile == nullptr) return 0;
    return mesh->getPolyRefBase(tile) | static_cast<dtPolyRef>(k.polygon);
  }
  PolygonKey Key(dtPolyRef ref) const {
    const dtMeshTile* tile = nullptr;
    const dtPoly* poly = nullptr;
    mesh->getTileAndPolyByRefUnsafe(ref, &tile, &poly);
    return {tile->header->x, tile->header->y, static_cast<std::uint16_t>(tile->header->layer),
            mesh->decodePolyIdPoly(ref)};
  }
};

Mesh::Mesh(const std::vector<Tile>& tiles, float climb, double gridOriginX, double gridOriginZ)
    : state_(std::make_unique<State>()) {
  dtNavMesh& mesh = *state_->mesh;
  dtNavMeshParams params{};
  params.orig[0] = static_cast<float>(gridOriginX);
  params.orig[1] = 0.0f;
  params.orig[2] = static_cast<float>(gridOriginZ);
  params.tileWidth = tiles.empty() ? 1.0f : tiles[0].tileSize;
  params.tileHeight = params.tileWidth;
  params.maxTiles = std::max<int>(1, static_cast<int>(tiles.size()));
  params.maxPolys = 1;
  for (const Tile& t : tiles) params.maxPolys = std::max<int>(params.maxPolys, t.polygons.size());
  if (dtStatus s = mesh.init(&params); dtStatusFailed(s)) {
    state_->error = StatusText("dtNavMesh::init", s);
    return;
  }
  for (const Tile& t : tiles) {
    int size = 0;
    unsigned char* data = TileData(t, climb, size);
    if (dtStatus s = mesh.addTile(data, size, DT_TILE_FREE_DATA, 0, nullptr); dtStatusFailed(s)) {
      dtFree(data);
      state_->error = StatusText("dtNavMesh::addTile", s);
      return;
    }
  }
  if (dtStatus s = state_->query->init(&mesh, kMaxNodes); dtStatusFailed(s)) {
    state_->error = StatusText("dtNavMeshQuery::init", s);
  }
}

Mesh::~Mesh() = default;

const std::string& Mesh::error() const { return state_->error; }

std::vector<Link> Mesh::Links() const {
  std::vector<Link> links;
  const dtNavMesh& m = *state_->mesh;
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
        links.push_back(out1);
      }
    }
  }
  return links;
}

Nearest Mesh::FindNearestPolygon(const Point& center, const Point& halfExtents) const {
  Nearest out;
  dtPolyRef ref = 0;
  const dtStatus s = state_->query->findNearestPoly(center.data(), halfExtents.data(),
                                                    &state_->filter, &ref, out.point.data());
  if (dtStatusFailed(s) || ref == 0) return out;
  out.found = true;
  out.polygon = state_->Key(ref);
  return out;
}

Point Mesh::ClosestPoint(const PolygonKey& polygon, const Point& p) const {
  Point q = p;
  state_->query->closestPointOnPoly(state_->Ref(polygon), p.data(), q.data(), nullptr);
  return q;
}

Path Mesh::FindPath(const PolygonKey& start, const PolygonKey& goal, const Point& startPos,
                    const Point& goalPos) const {
  Path out;
  std::vector<dtPolyRef> refs(kMaxNodes);
  int count = 0;
  const dtStatus s =
      state_->query->findPath(state_->Ref(start), state_->Ref(goal), startPos.data(),
                              goalPos.data(), &state_->filter, refs.data(), &count, kMaxNodes);
  if (dtStatusFailed(s)) {
    out.error = StatusText("dtNavMeshQuery::findPath", s);
    return out;
  }
  out.status = !dtStatusDetail(s, DT_PARTIAL_RESULT) ? Path::kFound
               : dtStatusDetail(s, DT_OUT_OF_NODES)  ? Path::kPartial
                                                     : Path::kUnreachable;
  for (int i = 0; i < count; ++i) out.corridor.push_back(state_->Key(refs[i]));
  return out;
}

std::vector<Point> Mesh::FindStraightPath(const Point& startPos, const Point& goalPos,
                                          const std::vector<PolygonKey>& corridor) const {
  std::vector<dtPolyRef> refs;
  for (const PolygonKey& k : corridor) refs.push_back(state_->Ref(k));
  const int room = static_cast<int>(2 * refs.size() + 8);
  std::vector<float> points(3 * static_cast<std::size_t>(room));
  std::vector<unsigned char> flags(room);
  std::vector<dtPolyRef> through(room);
  int count = 0;
  const dtStatus s = state_->query->findStraightPath(startPos.data(), goalPos.data(), refs.data(),
                                                     static_cast<int>(refs.size()), points.data(),
                                                     flags.data(), through.data(), &count, room, 0);
  std::vector<Point> out;
  if (dtStatusFailed(s)) return out;
  for (int i = 0; i < count; ++i)
    out.push_back({points[3 * i], points[3 * i + 1], points[3 * i + 2]});
  return out;
}

Outcome StitchWithDetour(const std::vector<Tile>& tiles, float climb, double gridOriginX,
                         double gridOriginZ) {
  const Mesh mesh(tiles, climb, gridOriginX, gridOriginZ);
  Outcome out;
  out.error = mesh.error();
  if (out.error.empty()) out.links = mesh.Links();
  return out;
}

}  // namespace detour_oracle
