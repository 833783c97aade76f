// The arrangement's step 4 (docs/spec/arrangement.md, arr.repair): rounds of
// new hot pixels, rerouting and splitting until no fragments cross properly
// and no hot centre lies inside a fragment.
#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "onepath/core/errors.hpp"
#include "onepath/core/int128.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/geom2d/internal/arrangement_exact.hpp"
#include "onepath/geom2d/internal/candidates.hpp"
#include "onepath/geom2d/internal/snap_rounding.hpp"

namespace onepath::geom2d {

namespace {

// Does a hot pixel centre lie in the open interior of a group's segment?
bool AnyInteriorCentre(const SnapRounding& s) {
  PixelCandidates candidates(s.segs, s.hot, s.search);
  std::vector<std::uint32_t> found;
  for (std::size_t g = 0; g < s.GroupCount(); ++g) {
    const auto [a, b] = s.Ends(g);
    candidates.Of(s.segs[g], a, b, found);
    for (std::uint32_t k : found)
      if (InOpenInterior(s.segs[g].a, s.segs[g].b, s.hot[k])) return true;
  }
  return false;
}

// arr.repair 3: each fragment split at the hot centres strictly inside it,
// in arr.reroute's order. Groups the fragments first; appends to `out`.
void SplitAtCentres(SnapRounding& s, std::vector<Fragment>& out) {
  s.Group();
  PixelCandidates candidates(s.segs, s.hot, s.search);
  std::vector<std::uint32_t> found, inside, through;
  std::vector<std::pair<Int128, std::uint32_t>> along;
  for (std::size_t g = 0; g < s.GroupCount(); ++g) {
    const Segment& seg = s.segs[g];
    const auto [a, b] = s.Ends(g);
    candidates.Of(seg, a, b, found);
    inside.clear();
    for (std::uint32_t k : found)
      if (InOpenInterior(seg.a, seg.b, s.hot[k])) inside.push_back(k);
    for (std::uint32_t i : s.Members(g)) {
      const Fragment& f = s.fragments[i];
      through = inside;
      AppendThrough(s, f.u, f.v, through, f.operand, false, along, out);
    }
  }
}

}  // namespace

void Repair(SnapRounding& s) {
  // The first round tests only the fragments of edges that rerouting
  // split and that are not axis-parallel: its crossing search looks at
  // pairs with at least one of them, its search for centres at them
  // alone. Every other fragment f lies on its edge E and ends at
  // consecutive vertices of E's polyline along E: E is its only fragment
  // (no hot pixel met but its endpoints), or E is axis-parallel (the hot
  // pixels it meets lie on its line). Then
  //  - no hot centre h lies strictly inside f: E would meet h's pixel, and
  //    h would be a vertex of E's polyline between f's ends;
  //  - no two such fragments f on E and g on F cross properly. If they
  //    crossed at X, so would E and F, and the hot pixel c that X rounds
  //    to would be an end of f: E meets c's pixel (it holds X), so c is
  //    a vertex of E's polyline; if E is its only fragment, c is an end
  //    of E = f; if E is axis-parallel, c lies on its line within half a
  //    unit of X, so at an end of f (no vertex lies strictly inside f).
  //    Likewise c is an end of g, and two segments with a common end do
  //    not cross properly.
  // So a first round where nothing is tested finds no work. (arr.repair
  // proves more: after step 3 the first round never finds work; the rounds
  // run only in tests, on made-up fragments, RepairFragments.)
  const bool anyTested = std::any_of(s.fragments.begin(), s.fragments.end(),
                                     [](const Fragment& f) { return f.tested; });
  for (int round = 0;; ++round) {
    s.Group();
    if (round == 0 && !anyTested) return;
    std::vector<std::uint8_t> dirty(s.GroupCount(), round > 0);
    if (round == 0)
      for (std::size_t g = 0; g < s.GroupCount(); ++g)
        for (std::uint32_t i : s.Members(g)) dirty[g] = dirty[g] || s.fragments[i].tested;
    std::vector<std::uint8_t> crossed(s.GroupCount(), 0);
    std::vector<GridPoint> rounded;
    CrossingCandidates(s.segs, &dirty, s.search, [&](std::uint32_t i, std::uint32_t j) {
      const Segment &p = s.segs[i], &q = s.segs[j];
      if (ProperlyCross(p.a, p.b, q.a, q.b)) {
        crossed[i] = crossed[j] = 1;
        rounded.push_back(RoundedCrossing(p.a, p.b, q.a, q.b));
      }
    });
    bool work = !rounded.empty();
    if (!work && round == 0) work = s.interiorFound;
    if (!work && round > 0) work = AnyInteriorCentre(s);
    if (!work) return;
    if (round == kMaxRepairRounds) {
      throw GeometryException("arrangement repair did not settle (arr.repair)",
                              {.count = kMaxRepairRounds});
    }
    ++s.repairRounds;
    // 1. New hot pixels.
    AddHotPixels(rounded, s);
    // 2. Reroute the fragments that crossed.
    std::vector<Fragment> next;
    next.reserve(s.fragments.size());
    RerouteCrossed(s, crossed, next);
    // 3. Split at hot pixel centres inside fragments.
    s.fragments.swap(next);
    next.clear();
    SplitAtCentres(s, next);
    s.fragments.swap(next);
  }
}

RepairedFragments RepairFragments(std::span<const TaggedEdge> fragments,
                                  std::span<const GridPoint> hot, CandidateSearch search) {
  SnapRounding s(search);
  s.hot.assign(hot.begin(), hot.end());
  for (const TaggedEdge& e : fragments) s.hot.insert(s.hot.end(), {e.p, e.q});
  std::sort(s.hot.begin(), s.hot.end());
  s.hot.erase(std::unique(s.hot.begin(), s.hot.end()), s.hot.end());
  auto index = [&](GridPoint p) {
    return static_cast<std::uint32_t>(std::lower_bound(s.hot.begin(), s.hot.end(), p) -
                                      s.hot.begin());
  };
  for (const TaggedEdge& e : fragments)
    s.fragments.push_back({index(e.p), index(e.q), static_cast<std::uint8_t>(e.operand), true});
  // Every fragment is tested in the first round, which step 3 would have
  // prepared by its test for centres inside the new fragments.
  s.Group();
  s.interiorFound = AnyInteriorCentre(s);
  Repair(s);
  RepairedFragments out;
  for (const Fragment& f : s.fragments)
    out.fragments.push_back({s.hot[f.u], s.hot[f.v], f.operand});
  out.rounds = s.repairRounds;
  return out;
}

}  // namespace onepath::geom2d
