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

// b3d.contour.strips: 0 left, 1 right, 2 bottom, 3 top (corners: bottom, top).
std::uint32_t Strip(std::int64_t x, std::int64_t z, std::int64_t border, std::int64_t tileCells) {
  if (z < border) return 2;
  if (z >= border + tileCells) return 3;
  return x < border ? 0 : 1;
}

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

std::vector<std::uint32_t> TraceIds(const RegionField& f, const BorderCut& cut, std::int64_t border,
                                    std::int64_t tileCells) {
  std::vector<std::uint32_t> ids(cut.regions.begin(), cut.regions.end());
  const auto inCore = [&](std::int64_t c) { return c >= border && c < border + tileCells; };
  for (std::int64_t z = 0; z < f.d; ++z) {
    for (std::int64_t x = 0; x < f.w; ++x) {
      if (inCore(x) && inCore(z)) continue;
      const std::uint32_t label = std::uint32_t{cut.borderId} + 1 + Strip(x, z, border, tileCells);
      for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i)
        if (ids[i] != 0) ids[i] = label;
    }
  }
  return ids;
}

std::vector<std::uint8_t> BoundaryFlags(const RegionField& f, std::span<const std::uint32_t> ids) {
  std::vector<std::uint8_t> flags(ids.size(), 0);
  for (std::int64_t z = 0; z < f.d; ++z) {
    for (std::int64_t x = 0; x < f.w; ++x) {
      for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i) {
        if (ids[i] == 0) continue;
        const CompactSpan& s = f.spans[i];
        std::uint8_t set = 0;
        for (int dir = 0; dir < 4; ++dir) {
          if (s.con[dir] == kNotConnected || ids[f.Neighbour(x, z, s, dir)] != ids[i])
            set = static_cast<std::uint8_t>(set | (1u << dir));
        }
        flags[i] = set;
      }
    }
  }
  return flags;
}

void Walk(const RegionField& f, std::span<const std::uint32_t> ids, std::span<std::uint8_t> flags,
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
        p.neighbour = ids[a];
        p.areaBorder = f.spans[a].area != area;
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
