// Portal stitching between tiles (docs/spec/navmesh-format.md, nav.stitch):
// the candidates of a side (nav.stitch.candidates), the overlap of two
// portal edges (nav.stitch.overlap), the exact vertical test
// (nav.stitch.vertical) and the links' order (nav.stitch.order).
#include "onepath/navmesh/stitch.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <tuple>

#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/exact/expansion.hpp"

namespace onepath::navmesh {

namespace {

// nav.stitch.candidates: a portal edge of one side, its two corners ordered
// along the side: along coordinates lo < hi, local heights yLo and yHi.
struct SideEdge {
  std::uint32_t polygon = 0;
  std::uint8_t edge = 0;
  float lo = 0.0f;
  float hi = 0.0f;
  float yLo = 0.0f;
  float yHi = 0.0f;
};

bool AlongZ(std::uint32_t side) { return side == kSideX0 || side == kSideXMax; }

// nav.stitch.candidates: the portal edges of `side`, in polygon order, then
// edge order.
std::vector<SideEdge> PortalEdges(const NavTile& tile, std::uint32_t side) {
  std::vector<SideEdge> out;
  const auto& vertices = tile.vertices();
  for (std::uint32_t p = 0; p < tile.polygons().size(); ++p) {
    const NavPolygon& polygon = tile.polygons()[p];
    const std::size_t n = polygon.vertices.size();
    for (std::size_t k = 0; k < n; ++k) {
      const EdgeLink& link = polygon.links[k];
      if (link.kind != kLinkPortal || link.value != side) continue;
      const TileVertex& a = vertices[polygon.vertices[k]];
      const TileVertex& b = vertices[polygon.vertices[(k + 1) % n]];
      const float ta = AlongZ(side) ? a.z : a.x;
      const float tb = AlongZ(side) ? b.z : b.x;
      // nav.create: the corners are distinct and on the side, so ta != tb.
      SideEdge e{p, static_cast<std::uint8_t>(k), ta, tb, a.y, b.y};
      if (tb < ta) e = {p, static_cast<std::uint8_t>(k), tb, ta, b.y, a.y};
      out.push_back(e);
    }
  }
  return out;
}

// nav.stitch.candidates: two neighbouring tiles are stitched only when their
// tile sizes are equal and their origins along the shared side are equal,
// so that their local along coordinates are one coordinate.
bool SharesSide(const NavTile& a, const NavTile& b, std::uint32_t side) {
  if (a.tileSize() != b.tileSize()) return false;
  return AlongZ(side) ? a.origin().z == b.origin().z : a.origin().x == b.origin().x;
}

// An exact expansion of at most kCap components (exact/expansion.hpp).
constexpr int kCap = 256;
struct Expansion {
  double c[kCap];
  int n = 0;
};

Expansion Difference(double a, double b) {
  Expansion e;
  double d, err;
  exact::TwoDiff(a, b, d, err);
  if (err != 0.0) e.c[e.n++] = err;
  if (d != 0.0) e.c[e.n++] = d;
  return e;
}

Expansion Product(const Expansion& a, const Expansion& b) {
  Expansion h;
  double scratch[kCap];
  if (a.n == 0 || b.n == 0) return h;
  h.n = exact::MultiplyExpansions(a.c, a.n, b.c, b.n, h.c, scratch);
  return h;
}

Expansion Sum(const Expansion& a, const Expansion& b) {
  Expansion h;
  for (int i = 0; i < a.n; ++i) h.c[i] = a.c[i];
  h.n = exact::SumExpansions(h.c, a.n, b.c, b.n, h.c);
  return h;
}

Expansion Negated(Expansion a) {
  for (int i = 0; i < a.n; ++i) a.c[i] = -a.c[i];
  return a;
}

int Sign(const Expansion& e) { return exact::ExpansionSign(e.c, e.n); }

// nav.stitch.vertical: the exact sign of
//   (originY_b + hb(t)) - (originY_a + ha(t)) - k,
// with ha(t), hb(t) the edges' local heights interpolated linearly at the
// along coordinate t (a corner's coordinate, within both edges). With
// D = Da * Db > 0 (the edges' along lengths) and
//   N = (yb0 - ya0) * D + (yb1 - yb0)(t - b0) * Da - (ya1 - ya0)(t - a0) * Db
// the value is E + N / D, E = originY_b - originY_a - k. |N / D| <= 2^23
// (nav.create: |y| <= 2^22), so an |E| above 2^23 decides alone; otherwise
// E * 2^600 * D + N * 2^600 has the sign, and no product under- or
// overflows (every E component is at least 2^-1074 and at most 2^24).
int HeightDifferenceSign(const SideEdge& a, double originA, const SideEdge& b, double originB,
                         float t, double k) {
  // Origins at 2^1020 or more: quarter all three doubles first so that E
  // cannot overflow (the quarter of a tiny value may then round, but |E| is
  // then far above 2^23 or the origins are both huge and exact in quarters).
  const bool huge = std::fabs(originA) >= 0x1p1020 || std::fabs(originB) >= 0x1p1020;
  const int s = huge ? -2 : 0;
  Expansion e;
  e.n = 1;
  e.c[0] = std::ldexp(originB, s);
  e.n = exact::GrowExpansion(e.c, e.n, -std::ldexp(originA, s), e.c);
  e.n = exact::GrowExpansion(e.c, e.n, -std::ldexp(k, s), e.c);
  const double bound = std::ldexp(2.0 * build3d::kMaxLocalExtent, s);
  Expansion test = e;
  test.n = exact::GrowExpansion(test.c, test.n, -bound, test.c);
  if (Sign(test) > 0) return 1;
  test = e;
  test.n = exact::GrowExpansion(test.c, test.n, bound, test.c);
  if (Sign(test) < 0) return -1;
  for (int i = 0; i < e.n; ++i) e.c[i] = std::ldexp(e.c[i], 600 - s);

  const Expansion da = Difference(a.hi, a.lo);
  const Expansion db = Difference(b.hi, b.lo);
  const Expansion d = Product(da, db);
  const Expansion base = Product(Difference(b.yLo, a.yLo), d);
  const Expansion slopeB = Product(Product(Difference(b.yHi, b.yLo), Difference(t, b.lo)), da);
  const Expansion slopeA = Product(Product(Difference(a.yHi, a.yLo), Difference(t, a.lo)), db);
  Expansion n = Sum(Sum(base, slopeB), Negated(slopeA));
  for (int i = 0; i < n.n; ++i) n.c[i] = std::ldexp(n.c[i], 600);
  return Sign(Sum(Product(e, d), n));
}

// nav.stitch.vertical: the edges connect unless their height difference is
// above 2 * climb at both ends of the overlap, or below -2 * climb at both.
bool WithinClimb(const SideEdge& a, double originA, const SideEdge& b, double originB, float lo,
                 float hi, float climb) {
  const double k = 2.0 * static_cast<double>(climb);
  const bool above = HeightDifferenceSign(a, originA, b, originB, lo, k) > 0 &&
                     HeightDifferenceSign(a, originA, b, originB, hi, k) > 0;
  const bool below = HeightDifferenceSign(a, originA, b, originB, lo, -k) < 0 &&
                     HeightDifferenceSign(a, originA, b, originB, hi, -k) < 0;
  return !above && !below;
}

// nav.stitch: the links between tile a's side `side` (2 or 3) and tile b's
// opposite side, both ways, each pair of edges tested once.
void StitchPair(const NavTile& a, const std::vector<SideEdge>& edgesA, const NavTile& b,
                const std::vector<SideEdge>& edgesB, float climb, std::vector<PortalLink>& out) {
  const TileKey keyA = KeyOf(a);
  const TileKey keyB = KeyOf(b);
  for (const SideEdge& ea : edgesA) {
    for (const SideEdge& eb : edgesB) {
      // nav.stitch.overlap
      const float lo = std::max(ea.lo, eb.lo);
      const float hi = std::min(ea.hi, eb.hi);
      if (!(lo < hi)) continue;
      if (!WithinClimb(ea, a.origin().y, eb, b.origin().y, lo, hi, climb)) continue;
      out.push_back({keyA, ea.polygon, ea.edge, keyB, eb.polygon, eb.edge, lo, hi});
      out.push_back({keyB, eb.polygon, eb.edge, keyA, ea.polygon, ea.edge, lo, hi});
    }
  }
}

}  // namespace

std::vector<PortalLink> Stitch(const NavMesh& mesh, float climb) {
  // nav.stitch: climb finite and >= 0.
  if (!std::isfinite(climb)) {
    throw ArgumentException("climb is not finite", {.argument = "climb", .value = climb});
  }
  if (climb < 0.0f) {
    throw ArgumentOutOfRangeException("climb is negative", {.argument = "climb", .value = climb});
  }
  const std::vector<const NavTile*> tiles = mesh.Tiles();
  // nav.stitch.candidates: every tile's portal edges per side, computed once.
  std::vector<std::vector<SideEdge>> edges(tiles.size() * 4);
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    for (std::uint32_t side = 0; side < 4; ++side)
      edges[i * 4 + side] = PortalEdges(*tiles[i], side);
  }
  // The first tile at position (x, z) in the mesh's (tileZ, tileX, layer)
  // order, and the tiles of that position from there.
  auto firstAt = [&](std::int32_t x, std::int32_t z) {
    return std::lower_bound(tiles.begin(), tiles.end(), std::make_pair(z, x),
                            [](const NavTile* t, const std::pair<std::int32_t, std::int32_t>& p) {
                              return std::make_pair(t->tileZ(), t->tileX()) < p;
                            });
  };
  std::vector<PortalLink> links;
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const NavTile& a = *tiles[i];
    // nav.stitch.candidates: side 2 meets side 0 of (x + 1, z), side 3
    // meets side 1 of (x, z + 1); each pair of tiles is met once.
    for (const std::uint32_t side : {kSideXMax, kSideZMax}) {
      if (edges[i * 4 + side].empty()) continue;
      const bool alongZ = AlongZ(side);
      if (alongZ ? a.tileX() == INT32_MAX : a.tileZ() == INT32_MAX) continue;
      const std::int32_t x = alongZ ? a.tileX() + 1 : a.tileX();
      const std::int32_t z = alongZ ? a.tileZ() : a.tileZ() + 1;
      const std::uint32_t opposite = side - 2;
      for (auto it = firstAt(x, z); it != tiles.end() && (*it)->tileX() == x && (*it)->tileZ() == z;
           ++it) {
        const NavTile& b = **it;
        if (!SharesSide(a, b, side)) continue;
        const std::size_t j = static_cast<std::size_t>(it - tiles.begin());
        StitchPair(a, edges[i * 4 + side], b, edges[j * 4 + opposite], climb, links);
      }
    }
  }
  // nav.stitch.order
  std::sort(links.begin(), links.end(), [](const PortalLink& p, const PortalLink& q) {
    return std::tie(p.from, p.polygon, p.edge, p.to, p.toPolygon, p.toEdge) <
           std::tie(q.from, q.polygon, q.edge, q.to, q.toPolygon, q.toEdge);
  });
  return links;
}

}  // namespace onepath::navmesh
