// The arrangement's step 3 (docs/spec/arrangement.md, arr.reroute): every
// fragment through the hot pixels its segment meets; with it, the test
// arr.repair's first round needs (TestFirstRound).
#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "onepath/core/int128.hpp"
#include "onepath/geom2d/internal/arrangement_exact.hpp"
#include "onepath/geom2d/internal/candidates.hpp"
#include "onepath/geom2d/internal/snap_rounding.hpp"

namespace onepath::geom2d {

namespace {

// The buffers one rerouting reuses from group to group.
struct RerouteScratch {
  std::vector<std::uint32_t> candidates, met, through;
  std::vector<std::pair<Int128, std::uint32_t>> along;
  std::vector<Int128> innerT;
};

// arr.repair's first round tests the tested fragments (Repair) for hot
// centres in their open interior. Such a centre h lies in the edge's box
// (the fragments' ends do) and within half a unit of the edge (every
// point of a fragment does: its ends are centres of pixels the edge
// meets), so in a cell beside one the edge passes through (cells are at
// least two units wide): h is among the edge's pixel candidates.
// The fragments out[first ..] are one polyline v_0 .. v_m from the edge's
// p to its q. With t(x) = (x - p) . (q - p), a point strictly inside
// v_j v_j+1 has t between t(v_j) and t(v_j+1); the vertices v_1 ..
// v_m-1 are in ascending t (arr.reroute's order), so a binary search
// finds the few inner fragments that can hold h; the first and the last
// fragment (p and q stay at the ends whatever their t) are tested
// directly. Each candidate costs a search, not a test per fragment, and
// the candidates the edge meets (met, in the order of the candidates) need
// no search: such a vertex v_i strictly inside an inner fragment v_j v_j+1
// would have t(v_i) strictly between theirs, or equal to both with its
// (x, y) order between theirs (on one line, (x, y) order is order along
// it), and arr.reroute would have put it between them.
// Out of line: it runs for few groups (none that are axis-parallel), and
// inlined into RerouteGroups it made that loop longer for all (callgrind,
// issue 24: +43k instructions on tilemap/128 x5).
[[gnu::noinline]] bool TestFirstRound(const SnapRounding& s, const std::vector<Fragment>& out,
                                      std::size_t first, RerouteScratch& scratch) {
  const std::vector<GridPoint>& hot = s.hot;
  const std::size_t m = out.size() - first;
  const GridPoint p = hot[out[first].u], q = hot[out.back().v];
  const Int128 dx = Int128(q.x) - p.x, dy = Int128(q.y) - p.y;
  auto t = [&](GridPoint x) { return (Int128(x.x) - p.x) * dx + (Int128(x.y) - p.y) * dy; };
  // innerT[i] = t(v_i+1), i = 0 .. m - 2.
  std::vector<Int128>& innerT = scratch.innerT;
  innerT.clear();
  for (std::size_t i = first; i + 1 < out.size(); ++i) innerT.push_back(t(hot[out[i].v]));
  auto inside = [&](std::size_t j, GridPoint h) {  // h strictly inside v_j v_j+1
    const Fragment& f = out[first + j];
    return InOpenInterior(hot[f.u], hot[f.v], h);
  };
  std::size_t nextMet = 0;
  for (std::uint32_t k : scratch.candidates) {
    const GridPoint h = hot[k];
    if (inside(0, h) || inside(m - 1, h)) return true;
    if (nextMet < scratch.met.size() && scratch.met[nextMet] == k) {
      ++nextMet;
      continue;
    }
    // Inner fragment j (1 <= j <= m - 2) joins innerT[j - 1] and
    // innerT[j]; it can hold h when innerT[j - 1] <= t(h) <= innerT[j].
    const auto [low, high] = std::equal_range(innerT.begin(), innerT.end(), t(h));
    const auto lo = static_cast<std::size_t>(low - innerT.begin());
    const auto hi = static_cast<std::size_t>(high - innerT.begin());
    for (std::size_t j = std::max<std::size_t>(lo, 1); j <= hi && j + 1 < m; ++j)
      if (inside(j, h)) return true;
  }
  return false;
}

// arr.reroute of the fragments of every group (crossed null: step 3, which
// also makes arr.repair's first round's test for hot centres inside the
// new fragments, s.interiorFound) or of the groups marked in `crossed` (a
// repair round; the other groups' fragments are copied), against all hot
// pixels: each through every other hot pixel its closed segment meets.
void RerouteGroups(SnapRounding& s, const std::vector<std::uint8_t>* crossed,
                   std::vector<Fragment>& out) {
  const bool testFirstRound = crossed == nullptr;
  RerouteScratch scratch;
  PixelCandidates candidates(s.segs, s.hot, s.search);
  for (std::size_t g = 0; g < s.GroupCount(); ++g) {
    if (crossed && !(*crossed)[g]) {
      for (std::uint32_t i : s.Members(g)) out.push_back(s.fragments[i]);
      continue;
    }
    const Segment& seg = s.segs[g];
    const auto [a, b] = s.Ends(g);
    candidates.Of(seg, a, b, scratch.candidates);
    scratch.met.clear();
    for (std::uint32_t k : scratch.candidates) {
      const GridPoint h = s.hot[k];
      if (!(h == seg.a) && !(h == seg.b) && MeetsPixel(seg.a, seg.b, h)) scratch.met.push_back(k);
    }
    const bool axisParallel = seg.a.x == seg.b.x || seg.a.y == seg.b.y;
    const bool tested = testFirstRound && !scratch.met.empty() && !axisParallel;
    // The members that run a -> b all get the same polyline, and so do
    // those that run b -> a (not always the same one reversed: ties in
    // projection are ordered by (x, y) either way): one test of each.
    bool forwardTested = false, backwardTested = false;
    for (std::uint32_t i : s.Members(g)) {
      const Fragment& f = s.fragments[i];
      scratch.through = scratch.met;
      const std::size_t first = out.size();
      AppendThrough(s, f.u, f.v, scratch.through, f.operand, tested, scratch.along, out);
      bool& done = f.u < f.v ? forwardTested : backwardTested;
      if (tested && !done && !s.interiorFound)
        s.interiorFound = TestFirstRound(s, out, first, scratch);
      done = true;
    }
  }
}

}  // namespace

void Reroute(SnapRounding& s) {
  // Room for the fragments of typical input (a vector that grows copies
  // itself to new pages, which are dear on some virtual machines).
  std::vector<Fragment> next;
  next.reserve(3 * s.fragments.size() + 16);
  RerouteGroups(s, nullptr, next);
  s.fragments.swap(next);
  std::vector<Fragment>().swap(next);  // step 1's fragments: freed for Repair
}

void RerouteCrossed(SnapRounding& s, const std::vector<std::uint8_t>& crossed,
                    std::vector<Fragment>& out) {
  RerouteGroups(s, &crossed, out);
}

}  // namespace onepath::geom2d
