// Interior samples and refinement of a polygon's detail
// (docs/spec/build3d-detail.md): the sample grid (b3d.detail.samples),
// location and error (b3d.detail.locate), the loop (b3d.detail.refine),
// insertion (b3d.detail.insert) and relocation (b3d.detail.relocate).
#include <algorithm>
#include <cmath>
#include <limits>

#include "onepath/build3d/internal/detail_mesh.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d::internal {

namespace {

constexpr std::uint32_t kNoTriangle = std::numeric_limits<std::uint32_t>::max();

struct Sample {
  DetailPoint point;
  std::uint32_t triangle = kNoTriangle;  // kNoTriangle: dead
  bool inserted = false;
  double error = 0.0;
};

// b3d.detail.samples: the kept grid points with a row, in loop order.
std::vector<Sample> GridSamples(const DetailContext& ctx, const std::vector<DetailPoint>& points,
                                std::size_t n, std::int64_t region) {
  std::vector<Sample> samples;
  double minX = points[0].cx, maxX = minX, minZ = points[0].cz, maxZ = minZ;
  std::int64_t rowSum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    minX = std::min(minX, points[i].cx);
    maxX = std::max(maxX, points[i].cx);
    minZ = std::min(minZ, points[i].cz);
    maxZ = std::max(maxZ, points[i].cz);
    rowSum += points[i].row;
  }
  const std::int64_t nn = static_cast<std::int64_t>(n);
  // The mean vertex row, halves upwards (the row sum is >= 0 for u16 rows).
  const std::int64_t expected = (2 * rowSum + nn) / (2 * nn);
  const double half = ctx.sd / 2;
  for (std::int64_t j = 1;; ++j) {
    const double cz = minZ + static_cast<double>(j) * ctx.sd;
    if (!(cz < maxZ)) break;
    for (std::int64_t i = 1;; ++i) {
      const double cx = minX + static_cast<double>(i) * ctx.sd;
      if (!(cx < maxX)) break;
      bool kept = true;
      for (std::size_t e = 0; e < n && kept; ++e) {
        const DetailPoint& a = points[e];
        const DetailPoint& b = points[(e + 1) % n];
        const double ex = b.cx - a.cx, ez = b.cz - a.cz;  // exact (integer corners)
        const double l2 = ex * ex + ez * ez;              // exact (below 2^27)
        if (!(l2 > 0)) continue;
        const double d = ez * (cx - a.cx) - ex * (cz - a.cz);
        const double dist = d / std::sqrt(l2);
        kept = dist > half;
      }
      if (!kept) continue;
      std::int64_t row = 0;
      if (!NearestRow(ctx, cx, cz, expected, region, row)) continue;
      samples.push_back({MakeDetailPoint(ctx, cx, cz, row)});
    }
  }
  return samples;
}

// b3d.detail.locate: p in the closed triangle (a, b, c).
bool InClosed(const DetailPoint& a, const DetailPoint& b, const DetailPoint& c,
              const DetailPoint& p) {
  return DetailOrient(a, b, p) >= 0 && DetailOrient(b, c, p) >= 0 && DetailOrient(c, a, p) >= 0;
}

// b3d.detail.locate: the error of P in triangle (a, b, c).
double PlaneError(const DetailPoint& a, const DetailPoint& b, const DetailPoint& c,
                  const DetailPoint& p) {
  const double ax = a.x, ay = a.y, az = a.z;
  const double e1x = double{b.x} - ax, e1z = double{b.z} - az, e1y = double{b.y} - ay;
  const double e2x = double{c.x} - ax, e2z = double{c.z} - az, e2y = double{c.y} - ay;
  const double px = double{p.x} - ax, pz = double{p.z} - az;
  const double den = e1x * e2z - e2x * e1z;
  if (den == 0) return 0.0;
  const double wb = px * e2z - e2x * pz;
  const double wc = e1x * pz - px * e1z;
  const double h = ay + (e1y * wb + e2y * wc) / den;
  return std::fabs(double{p.y} - h);
}

// b3d.detail.locate among the ids given (ascending); false: dead.
bool Locate(const std::vector<DetailPoint>& points, const DetailTriangulation& tri,
            const std::vector<std::uint32_t>& ids, Sample& s) {
  for (std::uint32_t id : ids) {
    const DetailTriangulation::Triangle& t = tri.triangles()[id];
    const DetailPoint &a = points[t[0]], &b = points[t[1]], &c = points[t[2]];
    if (DetailOrient(a, b, c) <= 0) continue;  // only positive triangles contain points
    if (!InClosed(a, b, c, s.point)) continue;
    s.triangle = id;
    s.error = PlaneError(a, b, c, s.point);
    return true;
  }
  s.triangle = kNoTriangle;
  return false;
}

// b3d.detail.insert: splits s's triangle at the new vertex p (already at the
// end of points); false when s is dropped. The ids written go to changed.
bool Insert(const std::vector<DetailPoint>& points, DetailTriangulation& tri, const Sample& s,
            std::uint32_t p, std::vector<std::uint32_t>& changed) {
  const std::uint32_t t = s.triangle;
  const DetailTriangulation::Triangle tv = tri.triangles()[t];
  int o[3];
  int zeros = 0, zeroAt = 0;
  for (int k = 0; k < 3; ++k) {
    o[k] = DetailOrient(points[tv[k]], points[tv[(k + 1) % 3]], s.point);
    if (o[k] == 0) {
      ++zeros;
      zeroAt = k;
    }
  }
  std::vector<std::array<std::uint32_t, 2>> stack;
  if (zeros >= 2) return false;  // on a vertex
  if (zeros == 0) {
    const std::uint32_t a = tv[0], b = tv[1], c = tv[2];
    tri.Erase(t);
    tri.Put(t, {a, b, p});
    const std::uint32_t T = tri.Add({b, c, p});
    tri.Add({c, a, p});
    changed.insert(changed.end(), {t, T, T + 1});
    stack = {{a, b}, {b, c}, {c, a}};
  } else {
    const std::uint32_t a = tv[zeroAt], b = tv[(zeroAt + 1) % 3], c = tv[(zeroAt + 2) % 3];
    std::uint32_t u = 0;
    int j = 0;
    if (!tri.Find(b, a, u, j)) return false;  // a hull edge
    const std::uint32_t d = tri.triangles()[u][(j + 2) % 3];
    tri.Erase(t);
    tri.Erase(u);
    tri.Put(t, {b, c, p});
    const std::uint32_t T = tri.Add({c, a, p});
    tri.Put(u, {a, d, p});
    tri.Add({d, b, p});
    changed.insert(changed.end(), {t, T, u, T + 1});
    stack = {{b, c}, {c, a}, {a, d}, {d, b}};
  }
  RunFlipStack(points, tri, stack, &changed);
  return true;
}

}  // namespace

void RefineWithSamples(const DetailContext& ctx, std::vector<DetailPoint>& points, std::size_t n,
                       std::int64_t region, DetailTriangulation& tri) {
  std::vector<Sample> samples = GridSamples(ctx, points, n, region);
  if (samples.empty()) return;
  std::vector<std::uint32_t> all(tri.triangles().size());
  for (std::uint32_t id = 0; id < all.size(); ++id) all[id] = id;
  for (Sample& s : samples) Locate(points, tri, all, s);
  std::vector<std::uint32_t> changed;
  while (points.size() < static_cast<std::size_t>(kMaxDetailVertices)) {
    Sample* best = nullptr;
    for (Sample& s : samples) {
      if (s.inserted || s.triangle == kNoTriangle) continue;
      if (best == nullptr || s.error > best->error) best = &s;  // the lowest index on ties
    }
    if (best == nullptr || !(best->error > ctx.maxError)) break;
    const std::uint32_t p = static_cast<std::uint32_t>(points.size());
    points.push_back(best->point);
    changed.clear();
    if (!Insert(points, tri, *best, p, changed)) {
      points.pop_back();
      best->triangle = kNoTriangle;  // dropped: dead, V unchanged
      continue;
    }
    best->inserted = true;
    // b3d.detail.relocate: the changed ids, ascending and once each.
    std::sort(changed.begin(), changed.end());
    changed.erase(std::unique(changed.begin(), changed.end()), changed.end());
    for (Sample& s : samples) {
      if (s.inserted || s.triangle == kNoTriangle) continue;
      if (std::binary_search(changed.begin(), changed.end(), s.triangle))
        Locate(points, tri, changed, s);
    }
  }
}

}  // namespace onepath::build3d::internal
