// Region.PartitionConvex (docs/spec/triangulate.md, partition.*): the
// Hertel-Mehlhorn greedy merge of a region's triangles into convex polygons.
#include <algorithm>
#include <map>
#include <numeric>
#include <utility>

#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/geom2d/internal/grid.hpp"
#include "onepath/geom2d/region.hpp"
#include "onepath/geom2d/triangulation.hpp"

namespace onepath::geom2d {

namespace {

// A candidate diagonal u < v and the triangles on its two sides: `left`
// holds u -> v, `right` holds v -> u.
struct Diagonal {
  double length2 = 0.0;
  std::uint32_t u = 0, v = 0;
  std::uint32_t left = 0, right = 0;
};

// partition.merge's order: longest first, ties by u, then v.
bool Before(const Diagonal& a, const Diagonal& b) {
  if (a.length2 != b.length2) return a.length2 > b.length2;
  return a.u != b.u ? a.u < b.u : a.v < b.v;
}

std::size_t IndexOf(const std::vector<std::uint32_t>& polygon, std::uint32_t vertex) {
  return static_cast<std::size_t>(std::find(polygon.begin(), polygon.end(), vertex) -
                                  polygon.begin());
}

// partition.limit.
void CheckPolygonLimit(int maxVerticesPerPolygon) {
  if (maxVerticesPerPolygon < kMinPolygonVertices || maxVerticesPerPolygon > kMaxPolygonVertices) {
    throw ArgumentOutOfRangeException(
        "maxVerticesPerPolygon must be from 3 to 16 (partition.limit)",
        {.argument = "maxVerticesPerPolygon", .value = static_cast<double>(maxVerticesPerPolygon)});
  }
}

std::uint32_t Find(std::vector<std::uint32_t>& parent, std::uint32_t t) {
  while (parent[t] != t) t = parent[t] = parent[parent[t]];
  return t;
}

}  // namespace

ConvexPartition PartitionConvex(const RegionTriangulation& tri, int maxVerticesPerPolygon) {
  CheckPolygonLimit(maxVerticesPerPolygon);
  const std::size_t count = tri.triangles.size();
  const std::vector<GridPoint>& p = tri.vertices;
  // Every interior edge once, from the triangle that holds it as u -> v, u < v.
  std::vector<Diagonal> diagonals;
  for (std::uint32_t t = 0; t < count; ++t)
    for (int i = 0; i < 3; ++i) {
      std::int32_t across = tri.neighbours[3 * t + i];
      std::uint32_t u = tri.triangles[t][i], v = tri.triangles[t][(i + 1) % 3];
      if (across < 0 || u > v) continue;
      const double dx = static_cast<double>(p[v].x - p[u].x);
      const double dy = static_cast<double>(p[v].y - p[u].y);
      diagonals.push_back({dx * dx + dy * dy, u, v, t, static_cast<std::uint32_t>(across)});
    }
  std::sort(diagonals.begin(), diagonals.end(), Before);

  // Each triangle starts as its own polygon; a merged polygon lives in the
  // slot of its union-find root.
  std::vector<std::vector<std::uint32_t>> polygons(count);
  for (std::size_t t = 0; t < count; ++t)
    polygons[t] = {tri.triangles[t][0], tri.triangles[t][1], tri.triangles[t][2]};
  std::vector<std::uint32_t> parent(count);
  std::iota(parent.begin(), parent.end(), 0u);
  const auto limit = static_cast<std::size_t>(maxVerticesPerPolygon);
  for (const Diagonal& d : diagonals) {
    std::uint32_t a = Find(parent, d.left), b = Find(parent, d.right);
    if (a == b) continue;
    const std::vector<std::uint32_t>& P = polygons[a];  // holds u -> v
    const std::vector<std::uint32_t>& Q = polygons[b];  // holds v -> u
    // (a) the joined polygon's size.
    if (P.size() + Q.size() - 2 > limit) continue;
    // (b) no shared vertex but u and v.
    bool shared = false;
    for (std::uint32_t x : P)
      if (x != d.u && x != d.v && std::find(Q.begin(), Q.end(), x) != Q.end()) shared = true;
    if (shared) continue;
    // (c) left or straight turns at u (P's predecessor, Q's successor) and
    // at v (Q's predecessor, P's successor).
    const std::size_t pu = IndexOf(P, d.u), pv = IndexOf(P, d.v);
    const std::size_t qv = IndexOf(Q, d.v), qu = IndexOf(Q, d.u);
    const std::uint32_t beforeU = P[(pu + P.size() - 1) % P.size()];
    const std::uint32_t afterU = Q[(qu + 1) % Q.size()];
    const std::uint32_t beforeV = Q[(qv + Q.size() - 1) % Q.size()];
    const std::uint32_t afterV = P[(pv + 1) % P.size()];
    if (Orient(p[beforeU], p[d.u], p[afterU]) < 0 || Orient(p[beforeV], p[d.v], p[afterV]) < 0)
      continue;
    // P from v round to u, then Q strictly between u and v.
    std::vector<std::uint32_t> joined;
    for (std::size_t k = 0; k < P.size(); ++k) joined.push_back(P[(pv + k) % P.size()]);
    for (std::size_t k = 1; k + 1 < Q.size(); ++k) joined.push_back(Q[(qu + k) % Q.size()]);
    polygons[a] = std::move(joined);
    polygons[b].clear();
    parent[b] = a;
  }

  // partition.output.
  ConvexPartition out;
  out.snapBits = tri.snapBits;
  out.vertices = tri.vertices;
  for (std::uint32_t t = 0; t < count; ++t) {
    if (parent[t] != t) continue;
    std::vector<std::uint32_t>& polygon = polygons[t];
    std::rotate(polygon.begin(), std::min_element(polygon.begin(), polygon.end()), polygon.end());
    out.polygons.push_back(std::move(polygon));
  }
  std::sort(out.polygons.begin(), out.polygons.end());
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::int32_t> owner;
  for (std::size_t k = 0; k < out.polygons.size(); ++k) {
    const auto& polygon = out.polygons[k];
    for (std::size_t i = 0; i < polygon.size(); ++i)
      owner[{polygon[i], polygon[(i + 1) % polygon.size()]}] = static_cast<std::int32_t>(k);
  }
  for (const auto& polygon : out.polygons) {
    std::vector<std::int32_t>& n = out.neighbours.emplace_back();
    for (std::size_t i = 0; i < polygon.size(); ++i) {
      auto it = owner.find({polygon[(i + 1) % polygon.size()], polygon[i]});
      n.push_back(it == owner.end() ? -1 : it->second);
    }
  }
  return out;
}

ConvexPartition Region::PartitionConvex(int maxVerticesPerPolygon) const {
  CheckPolygonLimit(maxVerticesPerPolygon);  // before the triangulation is made
  return geom2d::PartitionConvex(Triangulate(), maxVerticesPerPolygon);
}

namespace {

void WriteVertices(CanonicalWriter& w, int snapBits, const std::vector<GridPoint>& vertices) {
  w.U8(static_cast<std::uint8_t>(snapBits));
  w.PointList(vertices);
}

}  // namespace

std::vector<std::uint8_t> CanonicalBytes(const RegionTriangulation& tri) {
  CanonicalWriter w;
  WriteVertices(w, tri.snapBits, tri.vertices);
  w.Count(tri.triangles.size());
  for (const auto& t : tri.triangles)
    for (std::uint32_t v : t) w.U32(v);
  for (std::int32_t n : tri.neighbours) w.I32(n);
  return w.Take();
}

std::vector<std::uint8_t> CanonicalBytes(const ConvexPartition& partition) {
  CanonicalWriter w;
  WriteVertices(w, partition.snapBits, partition.vertices);
  w.Count(partition.polygons.size());
  for (const auto& polygon : partition.polygons) {
    w.Count(polygon.size());
    for (std::uint32_t v : polygon) w.U32(v);
  }
  for (const auto& n : partition.neighbours)
    for (std::int32_t k : n) w.I32(k);
  return w.Take();
}

}  // namespace onepath::geom2d
