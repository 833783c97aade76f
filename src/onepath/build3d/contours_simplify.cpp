// Contour simplification (docs/spec/build3d-regions.md): the initial
// points (b3d.contour.initial), the deviation of a raw point
// (b3d.contour.distance) and the refinement of wall and area edges
// (b3d.contour.refine).
#include "onepath/build3d/internal/contours.hpp"

namespace onepath::build3d::internal {

namespace {

bool SameKey(const RawPoint& a, const RawPoint& b) {
  return a.neighbour == b.neighbour && a.areaBorder == b.areaBorder;
}

// (b.x, b.z) > (a.x, a.z), x first.
bool LexGreater(const RawPoint& b, const RawPoint& a) {
  return b.x > a.x || (b.x == a.x && b.z > a.z);
}

}  // namespace

void InitialPoints(std::span<const RawPoint> p, std::vector<std::uint32_t>& kept) {
  kept.clear();
  const std::size_t n = p.size();
  bool anyNeighbour = false;
  for (const RawPoint& q : p) anyNeighbour = anyNeighbour || q.neighbour != 0;
  if (anyNeighbour) {
    for (std::size_t i = 0; i < n; ++i)
      if (!SameKey(p[i], p[(i + 1) % n])) kept.push_back(static_cast<std::uint32_t>(i));
  }
  if (!kept.empty()) return;
  // Lower-left and upper-right, the first index on ties.
  std::uint32_t ll = 0, ur = 0;
  for (std::uint32_t i = 1; i < n; ++i) {
    if (p[i].x < p[ll].x || (p[i].x == p[ll].x && p[i].z < p[ll].z)) ll = i;
    if (p[i].x > p[ur].x || (p[i].x == p[ur].x && p[i].z > p[ur].z)) ur = i;
  }
  kept.push_back(ll);
  kept.push_back(ur);
}

float Deviation(std::int32_t x, std::int32_t z, std::int32_t px, std::int32_t pz, std::int32_t qx,
                std::int32_t qz) {
  const float ux = static_cast<float>(qx - px);
  const float uz = static_cast<float>(qz - pz);
  const float vx = static_cast<float>(x - px);
  const float vz = static_cast<float>(z - pz);
  const float dd = ux * ux + uz * uz;
  float t = ux * vx + uz * vz;
  if (dd > 0) t /= dd;
  if (t < 0) {
    t = 0;
  } else if (t > 1) {
    t = 1;
  }
  const float ex = (static_cast<float>(px) + t * ux) - static_cast<float>(x);
  const float ez = (static_cast<float>(pz) + t * uz) - static_cast<float>(z);
  return ex * ex + ez * ez;
}

void Refine(std::span<const RawPoint> p, std::vector<std::uint32_t>& kept, float limit) {
  const std::uint32_t n = static_cast<std::uint32_t>(p.size());
  for (std::size_t i = 0; i < kept.size();) {
    const std::uint32_t a = kept[i];
    const std::uint32_t b = kept[(i + 1) % kept.size()];
    // From the lexicographically smaller end (the segment P -> Q).
    const bool forward = LexGreater(p[b], p[a]);
    const RawPoint& from = forward ? p[a] : p[b];
    const RawPoint& to = forward ? p[b] : p[a];
    const std::uint32_t step = forward ? 1 : n - 1;
    std::uint32_t c = forward ? (a + 1) % n : (b + n - 1) % n;
    const std::uint32_t end = forward ? b : a;
    float maxd = 0;
    std::int64_t maxi = -1;
    if (p[c].neighbour == 0 || p[c].areaBorder) {
      for (; c != end; c = (c + step) % n) {
        const float d = Deviation(p[c].x, p[c].z, from.x, from.z, to.x, to.z);
        if (d > maxd) {
          maxd = d;
          maxi = c;
        }
      }
    }
    if (maxi != -1 && maxd > limit) {
      kept.insert(kept.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                  static_cast<std::uint32_t>(maxi));
    } else {
      ++i;
    }
  }
}

}  // namespace onepath::build3d::internal
