// Region.Triangulate (docs/spec/triangulate.md, triangulate.*): the
// constrained Delaunay triangulation of the region's ring vertices with its
// ring edges as constraints, keeping the triangles of positive winding.
#include <algorithm>
#include <array>
#include <climits>
#include <utility>

#include "onepath/core/canonical.hpp"
#include "onepath/geom2d/cdt.hpp"
#include "onepath/geom2d/internal/cdt_mesh.hpp"
#include "onepath/geom2d/region.hpp"

namespace onepath::geom2d {

namespace {

std::uint32_t IndexOf(const std::vector<GridPoint>& sorted, GridPoint p) {
  return static_cast<std::uint32_t>(std::lower_bound(sorted.begin(), sorted.end(), p) -
                                    sorted.begin());
}

}  // namespace

RegionTriangulation Region::Triangulate() const {
  RegionTriangulation out;
  out.snapBits = snapBits_;
  // triangulate.input: distinct ring vertices in (x, y) order, ring edges.
  for (const Ring& ring : rings_) out.vertices.insert(out.vertices.end(), ring.begin(), ring.end());
  std::sort(out.vertices.begin(), out.vertices.end());
  out.vertices.erase(std::unique(out.vertices.begin(), out.vertices.end()), out.vertices.end());
  if (out.vertices.empty()) return out;
  CheckCdtCounts(out.vertices.size(), 0);  // IndexOf below narrows to 32 bits
  std::vector<CdtConstraint> constraints;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ringEdges;  // directed, sorted
  for (const Ring& ring : rings_)
    for (std::size_t k = 0; k < ring.size(); ++k) {
      std::uint32_t a = IndexOf(out.vertices, ring[k]);
      std::uint32_t b = IndexOf(out.vertices, ring[(k + 1) % ring.size()]);
      constraints.push_back({a, b});
      ringEdges.push_back({a, b});
    }
  std::sort(ringEdges.begin(), ringEdges.end());
  auto isRingEdge = [&](std::int32_t a, std::int32_t b) {
    return std::binary_search(ringEdges.begin(), ringEdges.end(),
                              std::pair<std::uint32_t, std::uint32_t>(a, b));
  };
  const Triangulation cdt = ConstrainedDelaunay(out.vertices, constraints);
  const auto n = static_cast<std::int32_t>(cdt.pointCount);
  const std::size_t slots = cdt.slots.size();

  // triangulate.faces: winding 0 on the triangles with a bounding corner,
  // +1 across a ring edge from its right to its left.
  std::vector<int> winding(slots, INT_MIN);
  std::vector<std::uint32_t> queue;
  for (std::uint32_t t = 0; t < slots; ++t) {
    const TriangleSlot& s = cdt.slots[t];
    if (s.v[0] >= n || s.v[1] >= n || s.v[2] >= n) {
      winding[t] = 0;
      queue.push_back(t);
    }
  }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t t = queue[head];
    const TriangleSlot& s = cdt.slots[t];
    for (int i = 0; i < 3; ++i) {
      const std::int32_t u = s.n[i];
      if (u < 0 || winding[u] != INT_MIN) continue;
      // t lies left of a -> b, u right of it.
      const std::int32_t a = s.v[i], b = s.v[(i + 1) % 3];
      int w = winding[t];
      if ((cdt.constrained[t] >> i) & 1)
        w += (isRingEdge(b, a) ? 1 : 0) - (isRingEdge(a, b) ? 1 : 0);
      winding[u] = w;
      queue.push_back(static_cast<std::uint32_t>(u));
    }
  }

  // triangulate.output: kept triangles rotated to their smallest vertex,
  // sorted; neighbours across each rotated edge.
  struct Kept {
    std::array<std::uint32_t, 3> v;
    std::uint32_t slot;
    int rotation;  // output edge i is slot edge (i + rotation) % 3
  };
  std::vector<Kept> kept;
  for (std::uint32_t t = 0; t < slots; ++t) {
    if (winding[t] <= 0) continue;
    const TriangleSlot& s = cdt.slots[t];
    int r = 0;
    for (int i = 1; i < 3; ++i)
      if (s.v[i] < s.v[r]) r = i;
    kept.push_back(
        {{static_cast<std::uint32_t>(s.v[r]), static_cast<std::uint32_t>(s.v[(r + 1) % 3]),
          static_cast<std::uint32_t>(s.v[(r + 2) % 3])},
         t,
         r});
  }
  std::sort(kept.begin(), kept.end(), [](const Kept& a, const Kept& b) { return a.v < b.v; });
  std::vector<std::int32_t> index(slots, -1);
  for (std::size_t k = 0; k < kept.size(); ++k) index[kept[k].slot] = static_cast<std::int32_t>(k);
  for (const Kept& k : kept) {
    out.triangles.push_back(k.v);
    for (int i = 0; i < 3; ++i) {
      const std::int32_t u = cdt.slots[k.slot].n[(i + k.rotation) % 3];
      out.neighbours.push_back(u < 0 ? -1 : index[u]);
    }
  }
  return out;
}

}  // namespace onepath::geom2d
