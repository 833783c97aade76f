// The path query's values, checks, steps and geometry, and the nearest
// polygon (docs/spec/navmesh-format.md, nav.query.values,
// nav.query.height, nav.query.closest, nav.query.nearest,
// nav.query.portal).
#include "onepath/navmesh/query.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>
#include <utility>

#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/exact/predicates.hpp"
#include "onepath/navmesh/internal/query.hpp"

namespace onepath::navmesh {

namespace internal {

int OrientW(const WorldPoint& a, const WorldPoint& b, const WorldPoint& c) {
  // nav.query.values: as nav.orient, on (z, x); the points lie in pred.domain.
  return exact::Orient2D({a.z, a.x}, {b.z, b.x}, {c.z, c.x});
}

double Dist(const WorldPoint& a, const WorldPoint& b) {
  const double dx = b.x - a.x;
  const double dy = b.y - a.y;
  const double dz = b.z - a.z;
  return std::sqrt((dx * dx + dy * dy) + dz * dz);
}

void CheckPoint(const WorldPoint& p, const std::string& name) {
  const double coords[3] = {p.x, p.y, p.z};
  const char* suffix[3] = {".x", ".y", ".z"};
  for (int k = 0; k < 3; ++k) {
    const std::string argument = name + suffix[k];
    if (!std::isfinite(coords[k])) {
      throw ArgumentException("a query point is not finite",
                              {.argument = argument, .value = coords[k]});
    }
    if (!exact::InPredicateDomain(coords[k])) {
      throw ArgumentOutOfRangeException("a query point lies outside the predicates' domain",
                                        {.argument = argument, .value = coords[k]});
    }
  }
}

std::uint32_t QueryData::Global(const PolygonRef& ref, const char* argument,
                                std::int64_t index) const {
  const auto it = std::lower_bound(tiles.begin(), tiles.end(), ref.tile,
                                   [](const QueryTile& t, const TileKey& k) { return t.key < k; });
  if (it == tiles.end() || it->key != ref.tile || ref.polygon >= it->tile->polygons().size()) {
    ErrorFields f{.argument = argument,
                  .tileX = ref.tile.tileX,
                  .tileZ = ref.tile.tileZ,
                  .polygon = ref.polygon,
                  .layer = ref.tile.layer};
    if (index >= 0) f.vertex = index;
    throw ArgumentException("a polygon reference names no polygon of the mesh", f);
  }
  return it->firstPolygon + ref.polygon;
}

SegmentPointResult SegmentPoint(const WorldPoint& p, const WorldPoint& a, const WorldPoint& b) {
  // nav.query.closest: t clamped to [0, 1], the point and its squared distance.
  const double ex = b.x - a.x;
  const double ez = b.z - a.z;
  const double l = ex * ex + ez * ez;
  double t = 0.0;
  if (l != 0.0) t = ((p.x - a.x) * ex + (p.z - a.z) * ez) / l;
  t = std::clamp(t, 0.0, 1.0);
  SegmentPointResult r;
  r.t = t;
  // Kept on the segment's range and out of pred.domain's gap below
  // 2^-200, so that the point is a valid argument of OrientW.
  const auto settle = [](double v, double lo, double hi) {
    v = std::clamp(v, std::min(lo, hi), std::max(lo, hi));
    return std::fabs(v) < kPredicateDomainMin ? 0.0 : v;
  };
  r.x = settle(a.x + t * ex, a.x, b.x);
  r.z = settle(a.z + t * ez, a.z, b.z);
  const double dx = p.x - r.x;
  const double dz = p.z - r.z;
  r.d2 = dx * dx + dz * dz;
  return r;
}

double PolygonHeight(const QueryData& data, std::uint32_t g, const WorldPoint& p) {
  const QueryTile& tile = data.TileOf(g);
  const std::size_t local = g - tile.firstPolygon;
  const std::size_t n = data.Polygon(g).vertices.size();
  const DetailPolygon& dp = tile.tile->detailPolygons()[local];
  const auto& triangles = tile.tile->detailTriangles();
  const auto vertex = [&](std::uint8_t k) -> const WorldPoint& {
    return k < n ? data.Corner(g, k) : tile.detailVertices[dp.vertexBase + (k - n)];
  };
  // nav.query.height 1: the first positive triangle holding p (closed).
  for (std::uint32_t i = 0; i < dp.triangleCount; ++i) {
    const DetailTriangle& tri = triangles[dp.triangleBase + i];
    const WorldPoint& a = vertex(tri.a);
    const WorldPoint& b = vertex(tri.b);
    const WorldPoint& c = vertex(tri.c);
    if (OrientW(a, b, c) <= 0) continue;
    if (OrientW(a, b, p) < 0 || OrientW(b, c, p) < 0 || OrientW(c, a, p) < 0) continue;
    const double ux = b.x - a.x, uz = b.z - a.z;
    const double vx = c.x - a.x, vz = c.z - a.z;
    const double wx = p.x - a.x, wz = p.z - a.z;
    const double den = ux * vz - uz * vx;
    if (den == 0.0) return a.y;
    const double s = (wx * vz - wz * vx) / den;
    const double t = (ux * wz - uz * wx) / den;
    return a.y + (s * (b.y - a.y) + t * (c.y - a.y));
  }
  // nav.query.height 2: the first nearest point of the triangles' edges.
  bool any = false;
  double best = 0.0;
  double height = 0.0;
  for (std::uint32_t i = 0; i < dp.triangleCount; ++i) {
    const DetailTriangle& tri = triangles[dp.triangleBase + i];
    const std::uint8_t corners[3] = {tri.a, tri.b, tri.c};
    for (int k = 0; k < 3; ++k) {
      const WorldPoint& a = vertex(corners[k]);
      const WorldPoint& b = vertex(corners[(k + 1) % 3]);
      const SegmentPointResult r = SegmentPoint(p, a, b);
      if (!any || r.d2 < best) {
        any = true;
        best = r.d2;
        height = a.y + r.t * (b.y - a.y);
      }
    }
  }
  return height;
}

WorldPoint ClosestOnPolygon(const QueryData& data, std::uint32_t g, const WorldPoint& p) {
  const std::size_t n = data.Polygon(g).vertices.size();
  bool inside = true;
  for (std::size_t k = 0; k < n && inside; ++k) {
    inside = OrientW(data.Corner(g, k), data.Corner(g, (k + 1) % n), p) >= 0;
  }
  WorldPoint q{p.x, 0.0, p.z};
  if (!inside) {
    double best = 0.0;
    for (std::size_t k = 0; k < n; ++k) {
      const SegmentPointResult r = SegmentPoint(p, data.Corner(g, k), data.Corner(g, (k + 1) % n));
      if (k == 0 || r.d2 < best) {
        best = r.d2;
        q.x = r.x;
        q.z = r.z;
      }
    }
  }
  q.y = PolygonHeight(data, g, q);
  return q;
}

namespace {

WorldPoint World(const TileOrigin& o, const TileVertex& v) {
  return {o.x + double{v.x}, o.y + double{v.y}, o.z + double{v.z}};
}

// nav.query.values check 1: world x and z of a tile's positions in pred.domain.
void CheckWorld(const QueryTile& t, const std::vector<WorldPoint>& points, const char* argument) {
  for (std::size_t i = 0; i < points.size(); ++i) {
    for (const double v : {points[i].x, points[i].z}) {
      if (!exact::InPredicateDomain(v)) {
        throw ArgumentOutOfRangeException(
            "a world position of a tile lies outside the predicates' domain",
            {.argument = argument,
             .vertex = static_cast<std::int64_t>(i),
             .value = v,
             .tileX = t.key.tileX,
             .tileZ = t.key.tileZ,
             .layer = t.key.layer});
      }
    }
  }
}

// A checked link: its from polygon and edge, its to polygon (global).
struct LinkStep {
  std::uint32_t from = 0;
  std::uint8_t edge = 0;
  std::uint32_t to = 0;
  std::uint8_t toEdge = 0;
  float lo = 0.0f;
  float hi = 0.0f;
};

// nav.query.values check 2, one end of link i: its tile, polygon and
// portal edge; returns the polygon's global number.
std::uint32_t CheckLinkEnd(const QueryData& data, std::size_t i, const TileKey& key,
                           std::uint32_t polygon, std::uint8_t edge, const char* tileArg,
                           const char* polygonArg, const char* edgeArg) {
  ErrorFields f{.argument = tileArg,
                .edge = static_cast<std::int64_t>(i),
                .tileX = key.tileX,
                .tileZ = key.tileZ,
                .layer = key.layer};
  const auto it = std::lower_bound(data.tiles.begin(), data.tiles.end(), key,
                                   [](const QueryTile& t, const TileKey& k) { return t.key < k; });
  if (it == data.tiles.end() || it->key != key) {
    throw ArgumentException("a link names a tile the mesh does not hold", f);
  }
  const auto& polygons = it->tile->polygons();
  if (polygon >= polygons.size()) {
    f.argument = polygonArg;
    f.value = polygon;
    throw ArgumentOutOfRangeException("a link names a polygon the tile does not hold", f);
  }
  const NavPolygon& p = polygons[polygon];
  if (edge >= p.vertices.size() || p.links[edge].kind != kLinkPortal) {
    f.argument = edgeArg;
    f.polygon = polygon;
    f.value = edge;
    throw ArgumentException("a link names an edge that is not a portal", f);
  }
  return it->firstPolygon + polygon;
}

// nav.query.portal: the end of a portal link's step at along coordinate c.
WorldPoint PortalEnd(const QueryTile& t, std::uint32_t side, double c, const TileVertex& ca,
                     const TileVertex& cb, const WorldPoint& a, const WorldPoint& b) {
  const double size = t.tile->tileSize();
  const bool alongZ = side == kSideX0 || side == kSideXMax;
  double lx = 0.0, lz = 0.0;
  if (side == kSideX0) lz = c;
  if (side == kSideZ0) lx = c;
  if (side == kSideXMax) lx = size, lz = c;
  if (side == kSideZMax) lx = c, lz = size;
  const double pa = alongZ ? double{ca.z} : double{ca.x};
  const double pb = alongZ ? double{cb.z} : double{cb.x};
  const double s = (c - pa) / (pb - pa);
  const TileOrigin& o = t.tile->origin();
  return {o.x + lx, a.y + s * (b.y - a.y), o.z + lz};
}

// nav.query.portal: a portal link's ends at lo and at hi, in its from tile.
std::pair<WorldPoint, WorldPoint> PortalEnds(const QueryData& data, const LinkStep& s) {
  const QueryTile& t = data.TileOf(s.from);
  const NavPolygon& poly = data.Polygon(s.from);
  const std::size_t n = poly.vertices.size();
  const std::uint32_t side = poly.links[s.edge].value;
  const TileVertex& ca = t.tile->vertices()[poly.vertices[s.edge]];
  const TileVertex& cb = t.tile->vertices()[poly.vertices[(s.edge + 1) % n]];
  const WorldPoint& a = data.Corner(s.from, s.edge);
  const WorldPoint& b = data.Corner(s.from, (s.edge + 1) % n);
  return {PortalEnd(t, side, s.lo, ca, cb, a, b), PortalEnd(t, side, s.hi, ca, cb, a, b)};
}

WorldPoint Mid(const WorldPoint& l, const WorldPoint& r) {
  return {(l.x + r.x) * 0.5, (l.y + r.y) * 0.5, (l.z + r.z) * 0.5};
}

}  // namespace
}  // namespace internal

NavQuery::NavQuery(const NavMesh& mesh, std::span<const PortalLink> links) {
  using namespace internal;
  auto data = std::make_shared<QueryData>();
  // nav.query.values check 1 and the tiles' world positions.
  std::uint32_t polygons = 0;
  for (const NavTile* tile : mesh.Tiles()) {
    QueryTile t;
    t.tile = tile;
    t.key = KeyOf(*tile);
    t.firstPolygon = polygons;
    for (const TileVertex& v : tile->vertices()) t.vertices.push_back(World(tile->origin(), v));
    for (const TileVertex& v : tile->detailVertices()) {
      t.detailVertices.push_back(World(tile->origin(), v));
    }
    CheckWorld(t, t.vertices, "mesh.vertices");
    CheckWorld(t, t.detailVertices, "mesh.detailVertices");
    for (std::size_t p = 0; p < tile->polygons().size(); ++p) {
      data->polygonTile.push_back(static_cast<std::uint32_t>(data->tiles.size()));
    }
    polygons += static_cast<std::uint32_t>(tile->polygons().size());
    data->tiles.push_back(std::move(t));
  }
  // nav.query.values check 2: each link in order.
  std::vector<LinkStep> linkSteps;
  std::map<std::tuple<TileKey, std::uint32_t, std::uint8_t, TileKey, std::uint32_t, std::uint8_t,
                      float, float>,
           std::size_t>
      seen;
  for (std::size_t i = 0; i < links.size(); ++i) {
    const PortalLink& l = links[i];
    LinkStep s;
    s.from = CheckLinkEnd(*data, i, l.from, l.polygon, l.edge, "links.from", "links.polygon",
                          "links.edge");
    s.to = CheckLinkEnd(*data, i, l.to, l.toPolygon, l.toEdge, "links.to", "links.toPolygon",
                        "links.toEdge");
    if (!std::isfinite(l.lo) || !std::isfinite(l.hi) || !(l.lo < l.hi)) {
      throw ArgumentOutOfRangeException(
          "a link's interval is not finite and increasing",
          {.argument = "links.interval",
           .edge = static_cast<std::int64_t>(i),
           .value = std::isfinite(l.lo) ? double{l.hi} : double{l.lo}});
    }
    // Equal as PortalLink's ==: +0 and -0 are one number.
    const auto key = std::make_tuple(l.from, l.polygon, l.edge, l.to, l.toPolygon, l.toEdge,
                                     l.lo + 0.0f, l.hi + 0.0f);
    if (!seen.emplace(key, i).second) {
      throw ArgumentException("a link is listed twice",
                              {.argument = "links", .edge = static_cast<std::int64_t>(i)});
    }
    s.edge = l.edge;
    s.toEdge = l.toEdge;
    s.lo = l.lo;
    s.hi = l.hi;
    linkSteps.push_back(s);
  }
  // nav.query.values check 3: each link's portal ends in pred.domain.
  for (std::size_t i = 0; i < linkSteps.size(); ++i) {
    const auto [lo, hi] = PortalEnds(*data, linkSteps[i]);
    for (const WorldPoint& end : {lo, hi}) {
      for (const double v : {end.x, end.z}) {
        if (!exact::InPredicateDomain(v)) {
          throw ArgumentOutOfRangeException(
              "a portal end lies outside the predicates' domain",
              {.argument = "links.ends", .edge = static_cast<std::int64_t>(i), .value = v});
        }
      }
    }
  }
  // nav.query.portal: a portal edge's links in order of (to, toPolygon,
  // toEdge, lo, hi); the global number orders (to, toPolygon).
  std::sort(linkSteps.begin(), linkSteps.end(), [](const LinkStep& a, const LinkStep& b) {
    return std::tie(a.from, a.edge, a.to, a.toEdge, a.lo, a.hi) <
           std::tie(b.from, b.edge, b.to, b.toEdge, b.lo, b.hi);
  });
  // nav.query.portal: every polygon's steps, in order of its edges.
  std::size_t next = 0;
  for (std::uint32_t g = 0; g < polygons; ++g) {
    data->firstStep.push_back(static_cast<std::uint32_t>(data->steps.size()));
    const QueryTile& t = data->TileOf(g);
    const NavPolygon& poly = data->Polygon(g);
    const std::size_t n = poly.vertices.size();
    for (std::size_t k = 0; k < n; ++k) {
      const EdgeLink& link = poly.links[k];
      const WorldPoint& a = data->Corner(g, k);
      const WorldPoint& b = data->Corner(g, (k + 1) % n);
      if (link.kind == kLinkPolygon) {
        data->steps.push_back({t.firstPolygon + link.value, b, a, Mid(b, a)});
      }
      while (next < linkSteps.size() && linkSteps[next].from == g && linkSteps[next].edge == k) {
        const LinkStep& s = linkSteps[next++];
        const auto [lo, hi] = PortalEnds(*data, s);
        const TileVertex& ca = t.tile->vertices()[poly.vertices[k]];
        const TileVertex& cb = t.tile->vertices()[poly.vertices[(k + 1) % n]];
        const bool alongZ = link.value == kSideX0 || link.value == kSideXMax;
        const bool hiLeft = alongZ ? cb.z > ca.z : cb.x > ca.x;
        const WorldPoint& left = hiLeft ? hi : lo;
        const WorldPoint& right = hiLeft ? lo : hi;
        data->steps.push_back({s.to, left, right, Mid(left, right)});
      }
    }
  }
  data->firstStep.push_back(static_cast<std::uint32_t>(data->steps.size()));
  data_ = std::move(data);
}

std::optional<NearestPolygon> NavQuery::FindNearestPolygon(WorldPoint center,
                                                           WorldPoint halfExtents) const {
  using namespace internal;
  const QueryData& data = *data_;
  // nav.query.nearest 1: the arguments.
  CheckPoint(center, "center");
  const double ext[3] = {halfExtents.x, halfExtents.y, halfExtents.z};
  const char* names[3] = {"halfExtents.x", "halfExtents.y", "halfExtents.z"};
  for (int k = 0; k < 3; ++k) {
    if (!std::isfinite(ext[k]) || ext[k] < 0.0) {
      throw ArgumentOutOfRangeException("a half-extent is not finite and at least 0",
                                        {.argument = names[k], .value = ext[k]});
    }
  }
  // nav.query.nearest 2: the box.
  const double lo[3] = {center.x - halfExtents.x, center.y - halfExtents.y,
                        center.z - halfExtents.z};
  const double hi[3] = {center.x + halfExtents.x, center.y + halfExtents.y,
                        center.z + halfExtents.z};
  std::optional<NearestPolygon> best;
  double bestD = 0.0;
  const std::uint32_t count = static_cast<std::uint32_t>(data.polygonTile.size());
  for (std::uint32_t g = 0; g < count; ++g) {
    const QueryTile& tile = data.TileOf(g);
    const NavPolygon& poly = data.Polygon(g);
    const DetailPolygon& dp = tile.tile->detailPolygons()[g - tile.firstPolygon];
    double bmin[3], bmax[3];
    bool first = true;
    const auto extend = [&](const WorldPoint& w) {
      const double c[3] = {w.x, w.y, w.z};
      for (int k = 0; k < 3; ++k) {
        if (first || c[k] < bmin[k]) bmin[k] = c[k];
        if (first || c[k] > bmax[k]) bmax[k] = c[k];
      }
      first = false;
    };
    for (const std::uint16_t v : poly.vertices) extend(tile.vertices[v]);
    for (std::uint32_t j = 0; j < dp.vertexCount; ++j) {
      extend(tile.detailVertices[dp.vertexBase + j]);
    }
    bool meets = true;
    for (int k = 0; k < 3; ++k) meets = meets && bmin[k] <= hi[k] && bmax[k] >= lo[k];
    if (!meets) continue;
    // nav.query.nearest 3, 4: squared 3D distance, ties to the first
    // (polygons are visited in reference order).
    const WorldPoint q = ClosestOnPolygon(data, g, center);
    const double dx = q.x - center.x;
    const double dy = q.y - center.y;
    const double dz = q.z - center.z;
    const double d = (dx * dx + dy * dy) + dz * dz;
    if (!best || d < bestD) {
      best = NearestPolygon{data.Ref(g), q};
      bestD = d;
    }
  }
  return best;
}

WorldPoint NavQuery::ClosestPoint(PolygonRef polygon, WorldPoint p) const {
  const std::uint32_t g = data_->Global(polygon, "polygon");
  internal::CheckPoint(p, "p");
  return internal::ClosestOnPolygon(*data_, g, p);
}

}  // namespace onepath::navmesh
