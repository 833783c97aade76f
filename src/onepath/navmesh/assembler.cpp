// nav.assemble: NavTileAssembler (000 §5, §7).
#include "onepath/navmesh/assembler.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <tuple>
#include <utility>

#include "onepath/navmesh/internal/tile_checks.hpp"

namespace onepath::navmesh {

namespace {

// nav.assemble rule 2: bitwise equality of binary32 values (+0 is not -0).
bool Bitwise(float a, float b) {
  return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}

// nav.assemble rule 2: the side both corners lie on, in side order, or -1.
std::int64_t PortalSide(std::span<const TileVertex> vertices, float tileSize, std::uint16_t a,
                        std::uint16_t b) {
  if (a >= vertices.size() || b >= vertices.size()) return -1;
  const TileVertex& p = vertices[a];
  const TileVertex& q = vertices[b];
  if (Bitwise(p.x, 0.0f) && Bitwise(q.x, 0.0f)) return kSideX0;
  if (Bitwise(p.z, 0.0f) && Bitwise(q.z, 0.0f)) return kSideZ0;
  if (Bitwise(p.x, tileSize) && Bitwise(q.x, tileSize)) return kSideXMax;
  if (Bitwise(p.z, tileSize) && Bitwise(q.z, tileSize)) return kSideZMax;
  return -1;
}

// nav.assemble: f32(w - o) + 0.
float ToLocal(double w, double o) {
  const float d = static_cast<float>(w - o);
  return d + 0.0f;
}

std::vector<TileVertex> ToLocal(std::span<const WorldVertex> world, const TileOrigin& origin) {
  std::vector<TileVertex> local;
  local.reserve(world.size());
  for (const WorldVertex& w : world)
    local.push_back({ToLocal(w.x, origin.x), ToLocal(w.y, origin.y), ToLocal(w.z, origin.z)});
  return local;
}

}  // namespace

std::vector<std::vector<EdgeLink>> NavTileAssembler::DeriveLinks(
    std::span<const TileVertex> vertices, float tileSize,
    std::span<const AssemblerPolygon> polygons) {
  // Every edge keyed by its unordered pair {min, max}, with its polygon,
  // edge and direction; sorted so that the edges of one pair are adjacent.
  struct Edge {
    std::uint16_t lo, hi;
    std::uint32_t polygon;
    std::uint32_t edge;
  };
  std::size_t edgeCount = 0;
  for (const AssemblerPolygon& polygon : polygons) edgeCount += polygon.vertices.size();
  std::vector<Edge> edges;
  edges.reserve(edgeCount);
  std::vector<std::vector<EdgeLink>> links(polygons.size());
  for (std::size_t p = 0; p < polygons.size(); ++p) {
    const auto& v = polygons[p].vertices;
    links[p].resize(v.size());
    for (std::size_t k = 0; k < v.size(); ++k) {
      const std::uint16_t a = v[k];
      const std::uint16_t b = v[(k + 1) % v.size()];
      edges.push_back({std::min(a, b), std::max(a, b), static_cast<std::uint32_t>(p),
                       static_cast<std::uint32_t>(k)});
    }
  }
  std::sort(edges.begin(), edges.end(), [](const Edge& x, const Edge& y) {
    return std::tie(x.lo, x.hi, x.polygon, x.edge) < std::tie(y.lo, y.hi, y.polygon, y.edge);
  });
  const auto from = [&](const Edge& e) { return polygons[e.polygon].vertices[e.edge]; };
  for (std::size_t i = 0; i < edges.size();) {
    std::size_t j = i;
    while (j < edges.size() && edges[j].lo == edges[i].lo && edges[j].hi == edges[i].hi) ++j;
    // Rule 1: exactly two edges of the pair, in opposite directions, of two
    // different polygons.
    if (j - i == 2 && edges[i].polygon != edges[i + 1].polygon &&
        from(edges[i]) != from(edges[i + 1])) {
      const Edge& e = edges[i];
      const Edge& f = edges[i + 1];
      links[e.polygon][e.edge] = {kLinkPolygon, f.polygon};
      links[f.polygon][f.edge] = {kLinkPolygon, e.polygon};
    } else {
      // Rules 2 and 3.
      for (std::size_t m = i; m < j; ++m) {
        const Edge& e = edges[m];
        const auto& v = polygons[e.polygon].vertices;
        const std::int64_t side =
            PortalSide(vertices, tileSize, v[e.edge], v[(e.edge + 1) % v.size()]);
        if (side >= 0) links[e.polygon][e.edge] = {kLinkPortal, static_cast<std::uint32_t>(side)};
      }
    }
    i = j;
  }
  return links;
}

NavTile NavTileAssembler::FromLocalPolygons(std::int32_t tileX, std::int32_t tileZ,
                                            std::uint16_t layer, TileOrigin origin, float tileSize,
                                            std::vector<TileVertex> vertices,
                                            std::span<const AssemblerPolygon> polygons,
                                            std::vector<DetailPolygon> detailPolygons,
                                            std::vector<TileVertex> detailVertices,
                                            std::vector<DetailTriangle> detailTriangles) {
  std::vector<std::vector<EdgeLink>> links = DeriveLinks(vertices, tileSize, polygons);
  std::vector<NavPolygon> navPolygons;
  navPolygons.reserve(polygons.size());
  for (std::size_t p = 0; p < polygons.size(); ++p) {
    const std::vector<std::uint16_t>& corners = polygons[p].vertices;
    // More corners than a NavPolygon holds: nav.create's error for this
    // polygon, or an earlier one's (the assembler adds no check of its own).
    if (corners.size() > PolygonVertices::capacity()) {
      internal::ThrowCornerCount(tileX, tileZ, layer, origin, tileSize, vertices, navPolygons,
                                 static_cast<std::int64_t>(corners.size()));
    }
    navPolygons.push_back({PolygonVertices(corners.begin(), corners.end()),
                           PolygonLinks(links[p].begin(), links[p].end()), polygons[p].area,
                           polygons[p].flags});
  }
  return NavTile::Create(tileX, tileZ, layer, origin, tileSize, std::move(vertices),
                         std::move(navPolygons), std::move(detailPolygons),
                         std::move(detailVertices), std::move(detailTriangles));
}

NavTile NavTileAssembler::FromPolygons(std::int32_t tileX, std::int32_t tileZ, std::uint16_t layer,
                                       TileOrigin origin, float tileSize,
                                       std::span<const WorldVertex> vertices,
                                       std::span<const AssemblerPolygon> polygons,
                                       std::vector<DetailPolygon> detailPolygons,
                                       std::span<const WorldVertex> detailVertices,
                                       std::vector<DetailTriangle> detailTriangles) {
  return FromLocalPolygons(tileX, tileZ, layer, origin, tileSize, ToLocal(vertices, origin),
                           polygons, std::move(detailPolygons), ToLocal(detailVertices, origin),
                           std::move(detailTriangles));
}

}  // namespace onepath::navmesh
