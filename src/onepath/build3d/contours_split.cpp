// The end of contour simplification (docs/spec/build3d-regions.md): the
// split of long wall edges (b3d.contour.split), the vertices with their
// flags (b3d.contour.vertex-flags) and the removal of degenerate segments
// (b3d.contour.degenerate).
#include "onepath/build3d/internal/contours.hpp"

namespace onepath::build3d::internal {

void SplitLongEdges(std::span<const RawPoint> p, std::vector<std::uint32_t>& kept,
                    std::int64_t maxEdgeCells) {
  if (maxEdgeCells <= 0) return;
  const std::uint32_t n = static_cast<std::uint32_t>(p.size());
  const std::int64_t limit = maxEdgeCells * maxEdgeCells;  // < 2^62 (b3d.contour.limits)
  for (std::size_t i = 0; i < kept.size();) {
    const std::uint32_t a = kept[i];
    const std::uint32_t b = kept[(i + 1) % kept.size()];
    std::int64_t m = -1;
    if (p[(a + 1) % n].neighbour == 0) {
      const std::int64_t dx = p[b].x - p[a].x;
      const std::int64_t dz = p[b].z - p[a].z;
      if (dx * dx + dz * dz > limit) {
        const std::uint32_t k = b < a ? b + n - a : b - a;
        if (k > 1) {
          const bool ascending = p[b].x > p[a].x || (p[b].x == p[a].x && p[b].z > p[a].z);
          m = (a + (ascending ? k / 2 : (k + 1) / 2)) % n;
        }
      }
    }
    if (m != -1) {
      kept.insert(kept.begin() + static_cast<std::ptrdiff_t>(i) + 1, static_cast<std::uint32_t>(m));
    } else {
      ++i;
    }
  }
}

std::vector<ContourVertex> MakeVertices(std::span<const RawPoint> p,
                                        std::span<const std::uint32_t> kept,
                                        std::uint32_t borderId) {
  const std::size_t n = p.size();
  std::vector<ContourVertex> out;
  out.reserve(kept.size());
  for (const std::uint32_t k : kept) {
    const RawPoint& corner = p[k];
    const RawPoint& edge = p[(k + 1) % n];  // the raw edge leaving the corner
    ContourVertex v;
    v.x = static_cast<std::uint16_t>(corner.x);
    v.y = static_cast<std::uint16_t>(corner.y);
    v.z = static_cast<std::uint16_t>(corner.z);
    v.neighbour = static_cast<std::uint16_t>(edge.neighbour > borderId ? borderId : edge.neighbour);
    v.areaBorder = edge.areaBorder != 0;
    out.push_back(v);
  }
  return out;
}

void RemoveDegenerateSegments(std::vector<ContourVertex>& v) {
  for (std::size_t i = 0; i < v.size(); ++i) {
    const ContourVertex& next = v[(i + 1) % v.size()];
    if (v[i].x == next.x && v[i].z == next.z) v.erase(v.begin() + static_cast<std::ptrdiff_t>(i));
  }
}

}  // namespace onepath::build3d::internal
