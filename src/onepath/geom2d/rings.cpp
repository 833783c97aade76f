// Ring tracing (docs/spec/region.md, region.rings, region.ring-order).
#include "onepath/geom2d/rings.hpp"

#include <algorithm>
#include <string>

#include "onepath/core/errors.hpp"
#include "onepath/exact/predicates.hpp"
#include "onepath/geom2d/grid.hpp"

namespace onepath::geom2d {

namespace {

bool EdgeLess(const DirectedEdge& e, const DirectedEdge& f) {
  return e.from < f.from || (e.from == f.from && e.to < f.to);
}

// Counter-clockwise angle order of directions from one vertex, starting at
// +x: first the upper half-plane (y > 0, or y = 0 and x > 0), then the rest;
// within a half, by the cross product.
int HalfPlane(std::int64_t dx, std::int64_t dy) { return (dy > 0 || (dy == 0 && dx > 0)) ? 0 : 1; }

bool AngleLess(GridPoint v, GridPoint p, GridPoint q) {
  int hp = HalfPlane(p.x - v.x, p.y - v.y), hq = HalfPlane(q.x - v.x, q.y - v.y);
  if (hp != hq) return hp < hq;
  return Orient(v, p, q) > 0;
}

// Boundaries come from labelled arrangements, which never give these: a
// defect, reported as err.types says, never a crash.
[[noreturn]] void Defect(const char* what) {
  throw GeometryException(std::string(what) + " (region.rings)", {});
}

}  // namespace

std::vector<Ring> TraceRings(std::vector<DirectedEdge> boundary) {
  // Edges sorted by (from, to): the edges leaving a vertex are consecutive,
  // and the first unused edge is the smallest edge of its ring.
  std::sort(boundary.begin(), boundary.end(), EdgeLess);
  const std::size_t n = boundary.size();

  // Per vertex, its outgoing edges in counter-clockwise order.
  std::vector<std::uint32_t> out(n);  // edge indices, grouped by vertex
  for (std::uint32_t i = 0; i < n; ++i) out[i] = i;
  for (std::size_t g = 0; g < n;) {
    std::size_t h = g;
    while (h < n && boundary[h].from == boundary[g].from) ++h;
    GridPoint v = boundary[g].from;
    std::sort(out.begin() + static_cast<std::ptrdiff_t>(g),
              out.begin() + static_cast<std::ptrdiff_t>(h), [&](std::uint32_t a, std::uint32_t b) {
                return AngleLess(v, boundary[a].to, boundary[b].to);
              });
    g = h;
  }

  // For every edge e, the group [at[e].first, at[e].second) of `out` holding
  // the edges that leave e.to, and the degree (edges in + out) of e.from:
  // one walk over the edges sorted by their end, beside the groups.
  std::vector<std::uint32_t> by_to(n);
  for (std::uint32_t i = 0; i < n; ++i) by_to[i] = i;
  std::sort(by_to.begin(), by_to.end(), [&](std::uint32_t i, std::uint32_t j) {
    return boundary[i].to < boundary[j].to || (boundary[i].to == boundary[j].to && i < j);
  });
  std::vector<std::pair<std::uint32_t, std::uint32_t>> at(n);
  std::vector<std::uint32_t> degree(n, 0);  // of boundary[e].from
  for (std::size_t k = 0, g = 0; k < n;) {
    GridPoint v = boundary[by_to[k]].to;
    std::size_t run = k;
    while (run < n && boundary[by_to[run]].to == v) ++run;
    while (g < n && boundary[g].from < v) ++g;
    std::size_t h = g;
    while (h < n && boundary[h].from == v) ++h;
    if (g == h) Defect("a boundary edge ends where no boundary edge starts");
    for (std::size_t r = k; r < run; ++r) at[by_to[r]] = {std::uint32_t(g), std::uint32_t(h)};
    for (std::size_t e = g; e < h; ++e) degree[e] = std::uint32_t((h - g) + (run - k));
    k = run;
  }

  // region.rings: after an edge u -> v, the ring continues along the
  // outgoing edge at v met first turning clockwise from v -> u: in the
  // counter-clockwise order of v's outgoing edges, the last one before the
  // direction of u (wrapping around). No outgoing edge points at u (u -> v
  // and v -> u are never both boundary edges).
  auto successor = [&](std::uint32_t e) {
    GridPoint u = boundary[e].from, v = boundary[e].to;
    auto begin = out.begin() + at[e].first;
    auto end = out.begin() + at[e].second;
    if (end - begin == 1) return *begin;
    auto after = std::partition_point(
        begin, end, [&](std::uint32_t f) { return AngleLess(v, boundary[f].to, u); });
    return after == begin ? *(end - 1) : *(after - 1);
  };

  std::vector<std::uint8_t> used(n, 0);
  std::vector<Ring> rings;
  std::vector<std::uint32_t> traced_edges;
  for (std::uint32_t start = 0; start < n; ++start) {
    if (used[start]) continue;
    traced_edges.clear();
    for (std::uint32_t e = start; !used[e]; e = successor(e)) {
      used[e] = 1;
      traced_edges.push_back(e);
    }
    // region.simplify: drop collinear vertices used by this ring only
    // (degree 2). Each is tested against its original neighbours: if q is
    // dropped, p, q, r and q, r, s are collinear, so p, r, s are too.
    Ring ring;
    const std::size_t m = traced_edges.size();
    for (std::size_t k = 0; k < m; ++k) {
      std::uint32_t e = traced_edges[k];
      GridPoint prev = boundary[traced_edges[(k + m - 1) % m]].from, p = boundary[e].from;
      if (degree[e] == 2 && Orient(prev, p, boundary[e].to) == 0) continue;
      ring.push_back(p);
    }
    // region.ring-order: start at the smallest directed edge.
    std::size_t best = 0;
    for (std::size_t k = 1; k < ring.size(); ++k) {
      DirectedEdge e{ring[k], ring[(k + 1) % ring.size()]};
      DirectedEdge b{ring[best], ring[(best + 1) % ring.size()]};
      if (EdgeLess(e, b)) best = k;
    }
    if (ring.size() < 3) Defect("a traced ring has fewer than 3 corners");
    std::rotate(ring.begin(), ring.begin() + static_cast<std::ptrdiff_t>(best), ring.end());
    rings.push_back(std::move(ring));
  }
  std::sort(rings.begin(), rings.end(), [](const Ring& r, const Ring& s) {
    return EdgeLess({r[0], r[1]}, {s[0], s[1]});
  });
  return rings;
}

}  // namespace onepath::geom2d
