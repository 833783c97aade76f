// Lawson flips of a polygon's detail (docs/spec/build3d-detail.md): the
// flip of an edge (b3d.detail.flip) and the LIFO stack
// (b3d.detail.lawson).
#include "onepath/build3d/internal/detail_mesh.hpp"

namespace onepath::build3d::internal {

void RunFlipStack(const std::vector<DetailPoint>& points, DetailTriangulation& tri,
                  std::vector<std::array<std::uint32_t, 2>>& stack,
                  std::vector<std::uint32_t>* changed) {
  while (!stack.empty()) {
    const std::uint32_t a = stack.back()[0], b = stack.back()[1];
    stack.pop_back();
    std::uint32_t t = 0, u = 0;
    int i = 0, j = 0;
    if (!tri.Find(a, b, t, i) || !tri.Find(b, a, u, j)) continue;  // stale or on the ring
    const DetailTriangulation::Triangle tv = tri.triangles()[t];
    const std::uint32_t c = tv[(i + 2) % 3];
    const std::uint32_t d = tri.triangles()[u][(j + 2) % 3];
    const DetailPoint &pa = points[a], &pb = points[b], &pc = points[c], &pd = points[d];
    // b3d.detail.flip: only a strictly convex quadrilateral a, d, b, c.
    const bool allowed = DetailOrient(pa, pb, pc) > 0 && DetailOrient(pb, pa, pd) > 0 &&
                         DetailOrient(pc, pa, pd) > 0 && DetailOrient(pd, pb, pc) > 0;
    if (!allowed) continue;
    if (!(DetailInCircle(points[tv[0]], points[tv[1]], points[tv[2]], pd) > 0)) continue;
    tri.Erase(t);
    tri.Erase(u);
    tri.Put(t, {c, a, d});
    tri.Put(u, {d, b, c});
    if (changed != nullptr) {
      changed->push_back(t);
      changed->push_back(u);
    }
    stack.push_back({c, a});
    stack.push_back({a, d});
    stack.push_back({d, b});
    stack.push_back({b, c});
  }
}

void LawsonFlipAll(const std::vector<DetailPoint>& points, DetailTriangulation& tri) {
  std::vector<std::array<std::uint32_t, 2>> stack;
  for (const DetailTriangulation::Triangle& t : tri.triangles())
    for (int k = 0; k < 3; ++k) stack.push_back({t[k], t[(k + 1) % 3]});
  RunFlipStack(points, tri, stack, nullptr);
}

}  // namespace onepath::build3d::internal
