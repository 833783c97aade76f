// A NavTile as the Detour oracle's tile (detour_tile.hpp).
#include "conformance/differential/detour_tile.hpp"

#include <cstdint>
#include <utility>
#include <vector>

namespace onepath::conformance {

using namespace onepath::navmesh;

detour_oracle::Tile ToDetour(const NavTile& t, bool detail) {
  detour_oracle::Tile d;
  d.tileX = t.tileX();
  d.tileZ = t.tileZ();
  d.layer = t.layer();
  d.originX = t.origin().x;
  d.originY = t.origin().y;
  d.originZ = t.origin().z;
  d.tileSize = t.tileSize();
  for (const TileVertex& v : t.vertices()) d.vertices.insert(d.vertices.end(), {v.x, v.y, v.z});
  for (const NavPolygon& p : t.polygons()) {
    d.polygons.emplace_back(p.vertices.begin(), p.vertices.end());
    std::vector<std::int32_t> links;
    for (const EdgeLink& l : p.links) {
      links.push_back(l.kind == kLinkWall      ? -1
                      : l.kind == kLinkPolygon ? static_cast<std::int32_t>(l.value)
                                               : -2 - static_cast<std::int32_t>(l.value));
    }
    d.links.push_back(std::move(links));
  }
  if (!detail) return d;
  for (const DetailPolygon& r : t.detailPolygons())
    d.detailPolygons.push_back({r.vertexBase, r.vertexCount, r.triangleBase, r.triangleCount});
  for (const TileVertex& v : t.detailVertices())
    d.detailVertices.insert(d.detailVertices.end(), {v.x, v.y, v.z});
  // nav.tile: bit k of a triangle's flags marks its edge k as on the
  // polygon's boundary; Detour keeps two bits per edge (edge k at bits 2k,
  // 2k + 1; DT_DETAIL_EDGE_BOUNDARY = 1), so bit k moves to bit 2k.
  for (const DetailTriangle& tr : t.detailTriangles()) {
    const auto flags =
        static_cast<std::uint8_t>((tr.flags & 1) | ((tr.flags & 2) << 1) | ((tr.flags & 4) << 2));
    d.detailTriangles.insert(d.detailTriangles.end(), {tr.a, tr.b, tr.c, flags});
  }
  return d;
}

}  // namespace onepath::conformance
