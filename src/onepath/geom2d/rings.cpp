// Ring tracing (docs/spec/region.md, region.rings, region.simplify,
// region.ring-order), stage by stage (internal/rings.hpp).
#include "onepath/geom2d/internal/rings.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "onepath/core/errors.hpp"
#include "onepath/geom2d/internal/grid.hpp"

namespace onepath::geom2d {

namespace {

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

ChainedRings ChainRings(std::vector<DirectedEdge> boundary) {
  // Edges sorted by (from, to): the edges leaving a vertex are consecutive,
  // and the first unused edge is the smallest edge of its ring.
  CheckBoundaryEdgeCount(boundary.size());  // edge indices below are 32-bit
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
  std::vector<std::uint32_t> byTo(n);
  for (std::uint32_t i = 0; i < n; ++i) byTo[i] = i;
  std::sort(byTo.begin(), byTo.end(), [&](std::uint32_t i, std::uint32_t j) {
    return boundary[i].to < boundary[j].to || (boundary[i].to == boundary[j].to && i < j);
  });
  std::vector<std::pair<std::uint32_t, std::uint32_t>> at(n);
  ChainedRings chained;
  chained.degree.assign(n, 0);
  for (std::size_t k = 0, g = 0; k < n;) {
    GridPoint v = boundary[byTo[k]].to;
    std::size_t run = k;
    while (run < n && boundary[byTo[run]].to == v) ++run;
    while (g < n && boundary[g].from < v) ++g;
    std::size_t h = g;
    while (h < n && boundary[h].from == v) ++h;
    if (g == h) Defect("a boundary edge ends where no boundary edge starts");
    for (std::size_t r = k; r < run; ++r) at[byTo[r]] = {std::uint32_t(g), std::uint32_t(h)};
    for (std::size_t e = g; e < h; ++e) chained.degree[e] = std::uint32_t((h - g) + (run - k));
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
  chained.ringEdges.reserve(n);
  for (std::uint32_t start = 0; start < n; ++start) {
    if (used[start]) continue;
    chained.ringStart.push_back(static_cast<std::uint32_t>(chained.ringEdges.size()));
    for (std::uint32_t e = start; !used[e]; e = successor(e)) {
      used[e] = 1;
      chained.ringEdges.push_back(e);
    }
  }
  chained.ringStart.push_back(static_cast<std::uint32_t>(chained.ringEdges.size()));
  chained.edges = std::move(boundary);
  return chained;
}

std::vector<Ring> SimplifyRings(const ChainedRings& chained) {
  // Each vertex is tested against its original neighbours: if q is
  // dropped, p, q, r and q, r, s are collinear, so p, r, s are too.
  const std::vector<DirectedEdge>& edges = chained.edges;
  std::vector<Ring> rings;
  rings.reserve(chained.RingCount());
  for (std::size_t r = 0; r < chained.RingCount(); ++r) {
    const std::uint32_t* traced = chained.ringEdges.data() + chained.ringStart[r];
    const std::size_t m = chained.ringStart[r + 1] - chained.ringStart[r];
    Ring ring;
    for (std::size_t k = 0; k < m; ++k) {
      const std::uint32_t e = traced[k];
      const GridPoint prev = edges[traced[(k + m - 1) % m]].from, p = edges[e].from;
      if (chained.degree[e] == 2 && Orient(prev, p, edges[e].to) == 0) continue;
      ring.push_back(p);
    }
    if (ring.size() < 3) Defect("a traced ring has fewer than 3 corners");
    rings.push_back(std::move(ring));
  }
  return rings;
}

void StartRings(std::vector<Ring>& rings) {
  for (Ring& ring : rings) {
    std::size_t best = 0;
    for (std::size_t k = 1; k < ring.size(); ++k) {
      DirectedEdge e{ring[k], ring[(k + 1) % ring.size()]};
      DirectedEdge b{ring[best], ring[(best + 1) % ring.size()]};
      if (EdgeLess(e, b)) best = k;
    }
    std::rotate(ring.begin(), ring.begin() + static_cast<std::ptrdiff_t>(best), ring.end());
  }
}

void OrderRings(std::vector<Ring>& rings) {
  std::sort(rings.begin(), rings.end(), [](const Ring& r, const Ring& s) {
    return EdgeLess({r[0], r[1]}, {s[0], s[1]});
  });
}

std::vector<Ring> TraceRings(std::vector<DirectedEdge> boundary) {
  std::vector<Ring> rings = SimplifyRings(ChainRings(std::move(boundary)));  // rings, simplify
  StartRings(rings);                                                         // ring start
  OrderRings(rings);                                                         // ring order
  return rings;
}

}  // namespace onepath::geom2d
