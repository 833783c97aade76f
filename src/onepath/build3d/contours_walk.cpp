// The contour walk (docs/spec/build3d-regions.md): the border strips
// (b3d.contour.strips), the boundary flags (b3d.contour.boundary), the
// walk (b3d.contour.walk) and its raw points with their corner heights
// (b3d.contour.raw, b3d.contour.corner).
#include <algorithm>

#include "onepath/build3d/internal/contours.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d::internal {

namespace {

constexpr std::uint8_t kAllFlags = 0xf;

// b3d.contour.corner: the highest floor among the spans around the corner.
std::int32_t CornerHeight(const RegionField& f, std::int64_t x, std::int64_t z,
                          const CompactSpan& s, int dir) {
  const int next = (dir + 1) & 3;
  std::int32_t h = s.y;
  if (s.con[dir] != kNotConnected) {
    const CompactSpan& a = f.spans[f.Neighbour(x, z, s, dir)];
    h = std::max<std::int32_t>(h, a.y);
    if (a.con[next] != kNotConnected)
      h = std::max<std::int32_t>(h,
                                 f.spans[f.Neighbour(x + kDirX[dir], z + kDirZ[dir], a, next)].y);
  }
  if (s.con[next] != kNotConnected) {
    const CompactSpan& b = f.spans[f.Neighbour(x, z, s, next)];
    h = std::max<std::int32_t>(h, b.y);
    if (b.con[dir] != kNotConnected)
      h = std::max<std::int32_t>(h,
                                 f.spans[f.Neighbour(x + kDirX[next], z + kDirZ[next], b, dir)].y);
  }
  return h;
}

// b3d.contour.raw: the corner ending edge dir of column (x, z).
constexpr std::int32_t kCornerDx[4] = {0, 1, 1, 0};
constexpr std::int32_t kCornerDz[4] = {1, 1, 0, 0};

}  // namespace

std::vector<std::uint32_t> TraceIds(const RegionField& f, const TraceLabels& labels) {
  std::vector<std::uint32_t> ids(f.spans.size());
  for (std::int64_t z = 0; z < f.d; ++z)
    for (std::int64_t x = 0; x < f.w; ++x)
      for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i)
        ids[i] = labels(x, z, i);
  return ids;
}

std::vector<std::uint8_t> BoundaryFlags(const RegionField& f, const TraceLabels& labels) {
  std::vector<std::uint8_t> flags(f.spans.size(), 0);
  for (std::int64_t z = 0; z < f.d; ++z) {
    for (std::int64_t x = 0; x < f.w; ++x) {
      for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i) {
        const std::uint32_t id = labels(x, z, i);
        if (id == 0) continue;
        const CompactSpan& s = f.spans[i];
        std::uint8_t set = 0;
        for (int dir = 0; dir < 4; ++dir) {
          if (s.con[dir] == kNotConnected ||
              labels(x + kDirX[dir], z + kDirZ[dir], f.Neighbour(x, z, s, dir)) != id)
            set = static_cast<std::uint8_t>(set | (1u << dir));
        }
        flags[i] = set;
      }
    }
  }
  return flags;
}

void Walk(const RegionField& f, const TraceLabels& labels, std::span<std::uint8_t> flags,
          std::int64_t x, std::int64_t z, std::uint32_t i, std::vector<RawPoint>& points) {
  points.clear();
  int dir = 0;
  while ((flags[i] & (1u << dir)) == 0) ++dir;
  const int startDir = dir;
  const std::uint32_t start = i;
  const std::uint8_t area = f.spans[i].area;
  for (int step = 1; step <= kMaxContourWalkSteps; ++step) {
    const CompactSpan& s = f.spans[i];
    if ((flags[i] & (1u << dir)) != 0) {
      RawPoint p;
      p.x = static_cast<std::int32_t>(x) + kCornerDx[dir];
      p.z = static_cast<std::int32_t>(z) + kCornerDz[dir];
      p.y = CornerHeight(f, x, z, s, dir);
      if (s.con[dir] != kNotConnected) {
        const std::uint32_t a = f.Neighbour(x, z, s, dir);
        p.neighbour = labels(x + kDirX[dir], z + kDirZ[dir], a);
        p.areaBorder = f.spans[a].area != area ? 1 : 0;
      }
      points.push_back(p);
      flags[i] = static_cast<std::uint8_t>(flags[i] & ~(1u << dir));
      dir = (dir + 1) & 3;
    } else {
      if (s.con[dir] == kNotConnected) return;  // a failed step
      i = f.Neighbour(x, z, s, dir);
      x += kDirX[dir];
      z += kDirZ[dir];
      dir = (dir + 3) & 3;
    }
    if (i == start && dir == startDir) return;
  }
}

bool StartsWalk(std::uint8_t& flags) {
  if (flags == 0 || flags == kAllFlags) {
    flags = 0;
    return false;
  }
  return true;
}

}  // namespace onepath::build3d::internal
