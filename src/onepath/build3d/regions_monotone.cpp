// The monotone sweep and the monotone partition
// (docs/spec/build3d-regions.md, b3d.region.sweep, b3d.region.monotone),
// after Recast 1.6.0's rcBuildRegionsMonotone with borderSize 0.
#include "onepath/build3d/internal/regions.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d {

namespace internal {

namespace {

// A row-local run: its region below (0 none yet, kMixed two of them), the
// number of its connections to it, and its final id.
struct Run {
  std::uint32_t nei = 0;
  std::uint32_t ns = 0;
  std::uint32_t id = 0;
};
constexpr std::uint32_t kMixed = 0xFFFFFFFFu;

}  // namespace

std::vector<std::uint32_t> MonotoneSweep(const RegionField& f, std::uint32_t& nextId) {
  std::vector<std::uint32_t> reg(f.spans.size(), 0);
  std::uint32_t next = 1;
  std::vector<std::uint32_t> prevCount;
  std::vector<Run> runs(1);  // runs[0] unused: runs are numbered from 1
  for (std::int64_t z = 0; z < f.d; ++z) {
    // 1.
    prevCount.assign(next, 0);
    runs.resize(1);
    // 2.
    for (std::int64_t x = 0; x < f.w; ++x) {
      for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i) {
        const CompactSpan& s = f.spans[i];
        if (s.area == kNullArea) continue;
        std::uint32_t p = 0;
        if (s.con[0] != kNotConnected) {
          const std::uint32_t a = f.Neighbour(x, z, s, 0);
          if (f.spans[a].area == s.area) p = reg[a];
        }
        if (p == 0) {
          p = static_cast<std::uint32_t>(runs.size());
          runs.emplace_back();
        }
        if (s.con[3] != kNotConnected) {
          const std::uint32_t b = f.Neighbour(x, z, s, 3);
          const std::uint32_t q = reg[b];
          if (q != 0 && f.spans[b].area == s.area) {
            Run& run = runs[p];
            if (run.nei == 0 || run.nei == q) {
              run.nei = q;
              ++run.ns;
              ++prevCount[q];
            } else {
              run.nei = kMixed;
            }
          }
        }
        reg[i] = p;
      }
    }
    // 3.
    for (std::size_t p = 1; p < runs.size(); ++p) {
      Run& run = runs[p];
      if (run.nei != kMixed && run.nei != 0 && prevCount[run.nei] == run.ns) {
        run.id = run.nei;
      } else {
        run.id = next++;
      }
    }
    // 4.
    const auto nruns = static_cast<std::uint32_t>(runs.size());
    for (std::int64_t x = 0; x < f.w; ++x) {
      for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i) {
        if (reg[i] > 0 && reg[i] < nruns) reg[i] = runs[reg[i]].id;
      }
    }
  }
  nextId = next;
  return reg;
}

TileRegions Monotone(const CompactHeightfield& h, std::int32_t minRegionArea,
                     std::int32_t mergeRegionArea) {
  const RegionField f(h);
  std::uint32_t next = 0;
  std::vector<std::uint32_t> reg = MonotoneSweep(f, next);
  return Filter(f, std::move(reg), next, minRegionArea, mergeRegionArea);
}

}  // namespace internal

TileRegions RegionPipeline::Monotone(const CompactHeightfield& compact,
                                     const NavSettings& settings) {
  const DerivedSettings d = DeriveSettings(settings);
  internal::CheckCompactHeightfield(compact);
  return internal::Monotone(compact, d.minRegionArea, d.mergeRegionArea);
}

}  // namespace onepath::build3d
