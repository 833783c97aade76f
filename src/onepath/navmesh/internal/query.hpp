// The shared pieces of the path query (docs/spec/navmesh-format.md,
// nav.query.*): the indexed mesh, its steps and the geometry in binary64.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "onepath/navmesh/query.hpp"

namespace onepath::navmesh::internal {

// nav.query.values: a tile with the world positions of its vertices and
// detail vertices; its polygons are numbered from firstPolygon on.
struct QueryTile {
  const NavTile* tile = nullptr;
  TileKey key;
  std::uint32_t firstPolygon = 0;
  std::vector<WorldPoint> vertices;
  std::vector<WorldPoint> detailVertices;
};

// nav.query.portal: a step to polygon `to` (a global number) through the
// portal (left, right), and its midpoint.
struct QueryStep {
  std::uint32_t to = 0;
  WorldPoint left;
  WorldPoint right;
  WorldPoint mid;
};

// The mesh indexed: tiles in mesh order, polygons numbered globally in
// reference order, the steps of polygon g in [firstStep[g], firstStep[g + 1]).
struct QueryData {
  std::vector<QueryTile> tiles;
  std::vector<std::uint32_t> polygonTile;
  std::vector<std::uint32_t> firstStep;
  std::vector<QueryStep> steps;

  const QueryTile& TileOf(std::uint32_t g) const { return tiles[polygonTile[g]]; }
  const NavPolygon& Polygon(std::uint32_t g) const {
    const QueryTile& t = TileOf(g);
    return t.tile->polygons()[g - t.firstPolygon];
  }
  PolygonRef Ref(std::uint32_t g) const {
    const QueryTile& t = TileOf(g);
    return {t.key, g - t.firstPolygon};
  }
  // The world position of corner k of polygon g.
  const WorldPoint& Corner(std::uint32_t g, std::size_t k) const {
    return TileOf(g).vertices[Polygon(g).vertices[k]];
  }
  // The global number of a reference; throws ArgumentException naming
  // `argument` (and `vertex` = index when index >= 0) when it names no polygon.
  std::uint32_t Global(const PolygonRef& ref, const char* argument, std::int64_t index = -1) const;
};

// nav.query.values: the orientation of world points on (z, x), exact.
int OrientW(const WorldPoint& a, const WorldPoint& b, const WorldPoint& c);
// nav.query.values: sqrt((dx*dx + dy*dy) + dz*dz).
double Dist(const WorldPoint& a, const WorldPoint& b);
// nav.query.values: x and z equal as numbers.
inline bool EqualXZ(const WorldPoint& a, const WorldPoint& b) { return a.x == b.x && a.z == b.z; }

// nav.query.straight: the funnel's apex test, a and b within 2^-14 in
// (x, z): (dx dx + dz dz) <= 2^-28, binary64 in that order.
inline constexpr double kFunnelApexSquared = 0x1p-28;
inline bool NearXZ(const WorldPoint& a, const WorldPoint& b) {
  const double dx = b.x - a.x;
  const double dz = b.z - a.z;
  return dx * dx + dz * dz <= kFunnelApexSquared;
}
// nav.query.values: a caller's point, x, y, z: not finite ArgumentException,
// outside pred.domain ArgumentOutOfRangeException, argument name + ".x".
void CheckPoint(const WorldPoint& p, const std::string& name);

// nav.query.closest: SegmentPoint of p on a -> b in (x, z).
struct SegmentPointResult {
  double t = 0.0;
  double x = 0.0;
  double z = 0.0;
  double d2 = 0.0;
};
SegmentPointResult SegmentPoint(const WorldPoint& p, const WorldPoint& a, const WorldPoint& b);

// nav.query.height: polygon g's height at p's (x, z).
double PolygonHeight(const QueryData& data, std::uint32_t g, const WorldPoint& p);
// nav.query.closest: polygon g's closest point to p.
WorldPoint ClosestOnPolygon(const QueryData& data, std::uint32_t g, const WorldPoint& p);

}  // namespace onepath::navmesh::internal
