// The watershed partition (docs/spec/build3d-regions.md,
// b3d.region.watershed, b3d.region.level-stacks, b3d.region.expand,
// b3d.region.flood), after Recast 1.6.0's rcBuildRegions with borderSize 0.
#include <array>

#include "onepath/build3d/internal/regions.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d {

namespace internal {

namespace {

// A stack entry: a span and its column; `cleared` (Recast's index -1)
// names no span.
struct Entry {
  std::int32_t x;
  std::int32_t z;
  std::uint32_t i;
  bool cleared;
};
using Stack = std::vector<Entry>;

struct WatershedState {
  WatershedState(const CompactHeightfield& h, const DistanceField& df)
      : f(h), dist(df.distances), reg(f.spans.size(), 0), rdist(f.spans.size(), 0) {}

  const RegionField f;
  const std::vector<std::uint16_t>& dist;
  std::vector<std::uint32_t> reg;
  std::vector<std::uint16_t> rdist;
  std::array<Stack, kLevelStacks> levels;
  Stack work;

  // b3d.region.level-stacks: SortByLevel.
  void SortByLevel(std::int32_t level) {
    const std::int32_t top = level >> 1;
    for (Stack& s : levels) s.clear();
    for (std::int64_t z = 0; z < f.d; ++z) {
      for (std::int64_t x = 0; x < f.w; ++x) {
        for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i) {
          if (f.spans[i].area == kNullArea || reg[i] != 0) continue;
          std::int32_t j = top - (dist[i] >> 1);
          if (j >= kLevelStacks) continue;
          if (j < 0) j = 0;
          levels[static_cast<std::size_t>(j)].push_back(
              {static_cast<std::int32_t>(x), static_cast<std::int32_t>(z), i, false});
        }
      }
    }
  }

  // b3d.region.level-stacks: the leftovers of `from` appended to `to`.
  void AppendLeftovers(const Stack& from, Stack& to) const {
    for (const Entry& e : from) {
      if (!e.cleared && reg[e.i] == 0) to.push_back(e);
    }
  }

  // b3d.region.expand on stack s (made afresh by the caller for the final
  // call); limit 0 means none.
  void Expand(Stack& s, std::int32_t level, int limit) {
    for (Entry& e : s) {
      if (!e.cleared && reg[e.i] != 0) e.cleared = true;
    }
    struct Update {
      std::uint32_t i;
      std::uint32_t r;
      std::uint16_t d2;
    };
    std::vector<Update> updates;
    int iter = 0;
    while (!s.empty()) {
      std::size_t failed = 0;
      updates.clear();
      for (Entry& e : s) {
        if (e.cleared) {
          ++failed;
          continue;
        }
        const CompactSpan& sp = f.spans[e.i];
        std::uint32_t r = reg[e.i];
        std::int32_t d2 = kExpandDistanceStart;
        for (int dir = 0; dir < 4; ++dir) {
          if (sp.con[dir] == kNotConnected) continue;
          const std::uint32_t a = f.Neighbour(e.x, e.z, sp, dir);
          if (f.spans[a].area != sp.area) continue;
          if (reg[a] > 0 && rdist[a] + 2 < d2) {
            r = reg[a];
            d2 = rdist[a] + 2;
          }
        }
        if (r != 0) {
          e.cleared = true;
          updates.push_back({e.i, r, static_cast<std::uint16_t>(d2)});
        } else {
          ++failed;
        }
      }
      for (const Update& u : updates) {
        reg[u.i] = u.r;
        rdist[u.i] = u.d2;
      }
      if (failed == s.size()) break;
      if (level > 0) {
        ++iter;
        if (iter >= limit) break;
      }
    }
  }

  // b3d.region.flood: seeds region r at entry e; true when a span kept it.
  bool Flood(const Entry& e, std::int32_t level, std::uint32_t r) {
    const std::uint8_t area = f.spans[e.i].area;
    work.clear();
    work.push_back(e);
    reg[e.i] = r;
    rdist[e.i] = 0;
    const std::int32_t low = level >= 2 ? level - 2 : 0;
    std::int64_t count = 0;
    while (!work.empty()) {
      const Entry c = work.back();
      work.pop_back();
      const CompactSpan& cs = f.spans[c.i];
      std::uint32_t other = 0;
      for (int dir = 0; dir < 4 && other == 0; ++dir) {
        if (cs.con[dir] == kNotConnected) continue;
        const std::uint32_t a = f.Neighbour(c.x, c.z, cs, dir);
        if (f.spans[a].area != area) continue;
        if (reg[a] != 0 && reg[a] != r) {
          other = reg[a];
          break;
        }
        const CompactSpan& as = f.spans[a];
        const int dir2 = (dir + 1) & 3;
        if (as.con[dir2] == kNotConnected) continue;
        const std::uint32_t a2 = f.Neighbour(c.x + kDirX[dir], c.z + kDirZ[dir], as, dir2);
        if (f.spans[a2].area != area) continue;
        if (reg[a2] != 0 && reg[a2] != r) other = reg[a2];
      }
      if (other != 0) {
        reg[c.i] = 0;
        continue;
      }
      ++count;
      for (int dir = 0; dir < 4; ++dir) {
        if (cs.con[dir] == kNotConnected) continue;
        const std::uint32_t a = f.Neighbour(c.x, c.z, cs, dir);
        if (f.spans[a].area != area) continue;
        if (dist[a] >= low && reg[a] == 0) {
          reg[a] = r;
          rdist[a] = 0;
          work.push_back({static_cast<std::int32_t>(c.x + kDirX[dir]),
                          static_cast<std::int32_t>(c.z + kDirZ[dir]), a, false});
        }
      }
    }
    return count > 0;
  }

  // The final stack of b3d.region.expand: every unassigned non-null span.
  void FillFinal(Stack& s) const {
    s.clear();
    for (std::int64_t z = 0; z < f.d; ++z) {
      for (std::int64_t x = 0; x < f.w; ++x) {
        for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i) {
          if (reg[i] == 0 && f.spans[i].area != kNullArea)
            s.push_back({static_cast<std::int32_t>(x), static_cast<std::int32_t>(z), i, false});
        }
      }
    }
  }
};

}  // namespace

TileRegions Watershed(const CompactHeightfield& h, const DistanceField& df,
                      std::int32_t minRegionArea, std::int32_t mergeRegionArea) {
  WatershedState w(h, df);
  std::uint32_t next = 1;
  std::int32_t level = (static_cast<std::int32_t>(df.maxDistance) + 1) & ~1;
  int k = -1;
  while (level > 0) {
    level = level >= 2 ? level - 2 : 0;
    k = (k + 1) & (kLevelStacks - 1);
    Stack& stack = w.levels[static_cast<std::size_t>(k)];
    if (k == 0) {
      w.SortByLevel(level);
    } else {
      w.AppendLeftovers(w.levels[static_cast<std::size_t>(k - 1)], stack);
    }
    w.Expand(stack, level, kExpandIterations);
    for (const Entry& e : stack) {
      if (e.cleared || w.reg[e.i] != 0) continue;
      if (w.Flood(e, level, next)) ++next;
    }
  }
  w.FillFinal(w.work);
  Stack final = std::move(w.work);
  w.Expand(final, 0, 0);
  // The records run up to `next`, the first unused id (b3d.region.filter).
  return Filter(w.f, std::move(w.reg), next, minRegionArea, mergeRegionArea);
}

}  // namespace internal

TileRegions RegionPipeline::Watershed(const CompactHeightfield& compact,
                                      const DistanceField& distances, const NavSettings& settings) {
  const DerivedSettings d = DeriveSettings(settings);
  internal::CheckCompactHeightfield(compact);
  internal::CheckDistanceField(compact, distances);
  return internal::Watershed(compact, distances, d.minRegionArea, d.mergeRegionArea);
}

}  // namespace onepath::build3d
