// The edge points of a polygon's detail (docs/spec/build3d-detail.md):
// sampling an edge (b3d.detail.edge-points), Douglas-Peucker over the rows
// (b3d.detail.douglas-peucker) and the vertex limit and emission order
// (b3d.detail.edge-limit).
#include <cmath>
#include <cstdlib>

#include "onepath/build3d/internal/detail_mesh.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d::internal {

namespace {

// floor(a / b) for b > 0, exact.
std::int64_t FloorDiv(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b;
  if (a % b != 0 && a < 0) --q;
  return q;
}

// One edge's sampled points 0 .. ns, from p0 (the lexicographically
// smaller end) to p1.
struct EdgeSamples {
  std::vector<double> cx, cz;
  std::vector<std::int64_t> rows;
};

// b3d.detail.edge-points: false when the edge gets no points.
bool SampleEdge(const DetailContext& ctx, const DetailPoint& p0, const DetailPoint& p1,
                EdgeSamples& out) {
  const std::int64_t x0 = static_cast<std::int64_t>(p0.cx), z0 = static_cast<std::int64_t>(p0.cz);
  const std::int64_t dx = static_cast<std::int64_t>(p1.cx) - x0;
  const std::int64_t dz = static_cast<std::int64_t>(p1.cz) - z0;
  const double len = std::sqrt(static_cast<double>(dx * dx + dz * dz));
  if (!(len > ctx.sd)) return false;
  const double steps = std::ceil(len / ctx.sd);
  if (steps > kMaxDetailEdgeSteps) return false;
  const std::int64_t ns = static_cast<std::int64_t>(steps);
  const std::int64_t r0 = p0.row, r1 = p1.row;
  out.cx.assign(1, p0.cx);
  out.cz.assign(1, p0.cz);
  out.rows.assign(1, r0);
  for (std::int64_t k = 1; k < ns; ++k) {
    const double cx =
        static_cast<double>(x0) + static_cast<double>(dx * k) / static_cast<double>(ns);
    const double cz =
        static_cast<double>(z0) + static_cast<double>(dz * k) / static_cast<double>(ns);
    const std::int64_t expected = r0 + FloorDiv(2 * (r1 - r0) * k + ns, 2 * ns);
    std::int64_t row = expected;
    if (!NearestRow(ctx, cx, cz, expected, -1, row)) row = expected;
    out.cx.push_back(cx);
    out.cz.push_back(cz);
    out.rows.push_back(row);
  }
  out.cx.push_back(p1.cx);
  out.cz.push_back(p1.cz);
  out.rows.push_back(r1);
  return true;
}

// b3d.detail.douglas-peucker: marks the kept points strictly between a and b.
void KeepDeviating(const std::vector<std::int64_t>& rows, std::int64_t a, std::int64_t b,
                   double limit, std::vector<bool>& kept) {
  if (b - a < 2) return;
  std::int64_t best = -1, bestN = -1;
  for (std::int64_t k = a + 1; k < b; ++k) {
    const std::int64_t n =
        std::llabs((rows[k] - rows[a]) * (b - a) - (rows[b] - rows[a]) * (k - a));
    if (n > bestN) {  // the lowest k on ties
      bestN = n;
      best = k;
    }
  }
  const double dev = static_cast<double>(bestN) / static_cast<double>(b - a);
  if (!(dev > limit)) return;
  kept[best] = true;
  KeepDeviating(rows, a, best, limit, kept);
  KeepDeviating(rows, best, b, limit, kept);
}

// The lexicographic order of cell positions, x first (b3d.detail.edge-points).
bool CellLess(const DetailPoint& a, const DetailPoint& b) {
  return a.cx < b.cx || (a.cx == b.cx && a.cz < b.cz);
}

}  // namespace

std::vector<std::uint32_t> EdgeRing(const DetailContext& ctx, std::vector<DetailPoint>& points,
                                    std::size_t n) {
  std::vector<std::uint32_t> ring;
  if (!ctx.detailOn) {
    for (std::size_t i = 0; i < n; ++i) ring.push_back(static_cast<std::uint32_t>(i));
    return ring;
  }
  // Per edge, its kept points 0 < k < ns in the polygon's direction.
  std::vector<std::vector<DetailPoint>> edgePoints(n);
  std::size_t total = 0;
  EdgeSamples samples;
  for (std::size_t i = 0; i < n; ++i) {
    const DetailPoint& pi = points[i];
    const DetailPoint& pj = points[(i + 1) % n];
    // p0 is the lexicographically smaller end; on equal positions the edge
    // has length 0 and no points, so the choice does not matter.
    const bool forward = !CellLess(pj, pi);
    const DetailPoint& p0 = forward ? pi : pj;
    const DetailPoint& p1 = forward ? pj : pi;
    if (!SampleEdge(ctx, p0, p1, samples)) continue;
    const std::int64_t ns = static_cast<std::int64_t>(samples.rows.size()) - 1;
    std::vector<bool> kept(static_cast<std::size_t>(ns + 1), false);
    KeepDeviating(samples.rows, 0, ns, ctx.maxErrorRows, kept);
    std::vector<DetailPoint>& out = edgePoints[i];
    for (std::int64_t s = 1; s < ns; ++s) {
      const std::int64_t k = forward ? s : ns - s;
      if (kept[k])
        out.push_back(MakeDetailPoint(ctx, samples.cx[k], samples.cz[k], samples.rows[k]));
    }
    total += out.size();
  }
  // b3d.detail.edge-limit: all or none.
  const bool useEdgePoints = n + total <= static_cast<std::size_t>(kMaxDetailVertices);
  for (std::size_t i = 0; i < n; ++i) {
    ring.push_back(static_cast<std::uint32_t>(i));
    if (!useEdgePoints) continue;
    for (const DetailPoint& p : edgePoints[i]) {
      ring.push_back(static_cast<std::uint32_t>(points.size()));
      points.push_back(p);
    }
  }
  return ring;
}

}  // namespace onepath::build3d::internal
