// The distance field (docs/spec/build3d-regions.md, b3d.region.distance,
// b3d.region.blur), after Recast 1.6.0's rcBuildDistanceField.
#include <algorithm>

#include "onepath/build3d/internal/regions.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d {

namespace internal {

namespace {

// One update of a pass of b3d.region.distance: the neighbour a in
// direction `first` (+2), then a's neighbour in direction `second` (+3).
void LowerFrom(const RegionField& f, std::vector<std::int32_t>& dist, std::int64_t x,
               std::int64_t z, std::uint32_t i, int first, int second) {
  const CompactSpan& s = f.spans[i];
  if (s.con[first] == kNotConnected) return;
  const std::uint32_t a = f.Neighbour(x, z, s, first);
  dist[i] = std::min(dist[i], dist[a] + 2);
  const CompactSpan& as = f.spans[a];
  if (as.con[second] == kNotConnected) return;
  const std::uint32_t b = f.Neighbour(x + kDirX[first], z + kDirZ[first], as, second);
  dist[i] = std::min(dist[i], dist[b] + 3);
}

}  // namespace

DistanceField BuildDistanceField(const CompactHeightfield& h) {
  const RegionField f(h);
  const std::size_t n = f.spans.size();
  std::vector<std::int32_t> dist(n, kRegionDistanceStart);
  // 1. Boundary: fewer than four connected neighbours of the same area.
  for (std::int64_t z = 0; z < f.d; ++z) {
    for (std::int64_t x = 0; x < f.w; ++x) {
      for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i) {
        const CompactSpan& s = f.spans[i];
        int same = 0;
        for (int dir = 0; dir < 4; ++dir) {
          if (s.con[dir] == kNotConnected) continue;
          if (f.spans[f.Neighbour(x, z, s, dir)].area == s.area) ++same;
        }
        if (same != 4) dist[i] = 0;
      }
    }
  }
  // 2. Forward pass.
  for (std::int64_t z = 0; z < f.d; ++z) {
    for (std::int64_t x = 0; x < f.w; ++x) {
      for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i) {
        LowerFrom(f, dist, x, z, i, 0, 3);
        LowerFrom(f, dist, x, z, i, 3, 2);
      }
    }
  }
  // 3. Backward pass.
  for (std::int64_t z = f.d - 1; z >= 0; --z) {
    for (std::int64_t x = f.w - 1; x >= 0; --x) {
      for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i) {
        LowerFrom(f, dist, x, z, i, 2, 1);
        LowerFrom(f, dist, x, z, i, 1, 0);
      }
    }
  }
  // 4. The greatest distance before the blur.
  DistanceField out;
  for (const std::int32_t v : dist)
    out.maxDistance = std::max(out.maxDistance, static_cast<std::uint16_t>(v));
  // b3d.region.blur, reading only the unblurred distances.
  out.distances.resize(n);
  for (std::int64_t z = 0; z < f.d; ++z) {
    for (std::int64_t x = 0; x < f.w; ++x) {
      for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i) {
        const std::int32_t cd = dist[i];
        if (cd <= kBlurKeep) {
          out.distances[i] = static_cast<std::uint16_t>(cd);
          continue;
        }
        const CompactSpan& s = f.spans[i];
        std::int32_t sum = cd;
        for (int dir = 0; dir < 4; ++dir) {
          if (s.con[dir] == kNotConnected) {
            sum += 2 * cd;
            continue;
          }
          const std::uint32_t a = f.Neighbour(x, z, s, dir);
          sum += dist[a];
          const int dir2 = (dir + 1) & 3;
          const CompactSpan& as = f.spans[a];
          if (as.con[dir2] == kNotConnected) {
            sum += cd;
          } else {
            sum += dist[f.Neighbour(x + kDirX[dir], z + kDirZ[dir], as, dir2)];
          }
        }
        out.distances[i] = static_cast<std::uint16_t>((sum + 5) / 9);
      }
    }
  }
  return out;
}

void CheckDistanceField(const CompactHeightfield& h, const DistanceField& distances) {
  if (distances.distances.size() != h.spans().size()) {
    throw ArgumentException(
        "the distance field does not have one distance per span (b3d.region.stage-input)",
        {.argument = "distances", .count = static_cast<std::int64_t>(distances.distances.size())});
  }
}

}  // namespace internal

std::vector<std::uint8_t> CanonicalBytes(const DistanceField& field) {
  CanonicalWriter w;
  w.U16(field.maxDistance);
  w.Count(field.distances.size());
  for (const std::uint16_t v : field.distances) w.U16(v);
  return w.Take();
}

DistanceField RegionPipeline::BuildDistanceField(const CompactHeightfield& compact,
                                                 const NavSettings& settings) {
  DeriveSettings(settings);
  internal::CheckCompactHeightfield(compact);
  return internal::BuildDistanceField(compact);
}

}  // namespace onepath::build3d
