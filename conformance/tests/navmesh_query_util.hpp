// Hand-made tiles for the path query's tests (docs/spec/navmesh-format.md,
// nav.query.*): a tile from its vertices and polygons, with a fan of
// detail triangles per polygon and no extra detail vertex.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "onepath/navmesh.hpp"

namespace onepath::querytest {

using namespace onepath::navmesh;

struct PolySpec {
  std::vector<std::uint16_t> corners;
  std::vector<EdgeLink> links;
};

inline EdgeLink Wall() { return {kLinkWall, 0}; }
inline EdgeLink Poly(std::uint32_t q) { return {kLinkPolygon, q}; }
inline EdgeLink Portal(std::uint32_t side) { return {kLinkPortal, side}; }

// The fan (0, k, k + 1) of a convex polygon of n corners: edge 0 (0 -> k)
// is a polygon edge only for k = 1, edge 1 (k -> k + 1) always, edge 2
// (k + 1 -> 0) only for k + 1 = n - 1; the others are shared with the
// neighbouring fan triangle (nav.detail's flags).
inline std::vector<DetailTriangle> Fan(std::size_t n) {
  std::vector<DetailTriangle> out;
  for (std::size_t k = 1; k + 1 < n; ++k) {
    std::uint8_t flags = 2;
    if (k == 1) flags |= 1;
    if (k + 1 == n - 1) flags |= 4;
    out.push_back({0, static_cast<std::uint8_t>(k), static_cast<std::uint8_t>(k + 1), flags});
  }
  return out;
}

inline NavTile MakeTile(std::int32_t tileX, std::int32_t tileZ, TileOrigin origin, float size,
                        std::vector<TileVertex> vertices, const std::vector<PolySpec>& specs) {
  std::vector<NavPolygon> polygons;
  std::vector<DetailPolygon> detail;
  std::vector<DetailTriangle> triangles;
  for (const PolySpec& s : specs) {
    polygons.push_back({PolygonVertices(s.corners.begin(), s.corners.end()),
                        PolygonLinks(s.links.begin(), s.links.end()), 0, 1});
    const std::vector<DetailTriangle> fan = Fan(s.corners.size());
    detail.push_back({0, 0, static_cast<std::uint32_t>(triangles.size()),
                      static_cast<std::uint32_t>(fan.size())});
    triangles.insert(triangles.end(), fan.begin(), fan.end());
  }
  return NavTile::Create(tileX, tileZ, 0, origin, size, std::move(vertices), std::move(polygons),
                         std::move(detail), {}, std::move(triangles));
}

}  // namespace onepath::querytest
