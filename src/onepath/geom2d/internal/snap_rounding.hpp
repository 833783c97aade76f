// The arrangement's snap rounding (docs/spec/arrangement.md, steps 1 to 5):
// the value the steps share and the steps themselves, one file each
// (arrangement.cpp reads them in order).
//
// How the work is organised (none of it changes a result, arr.candidates):
// the hot pixels are kept sorted by (x, y), and a fragment is a pair of
// indices into them. Sorting fragments by segment is then a radix sort of
// small integers, and the merge (arr.merge) numbers the vertices without
// comparing points. The records are small on purpose: on the virtual
// machines this runs on, the first touch of a page of memory costs more
// than most of the arithmetic done on it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "onepath/core/int128.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/geom2d/arrangement.hpp"
#include "onepath/geom2d/grid_point.hpp"
#include "onepath/geom2d/internal/candidates.hpp"

namespace onepath::geom2d {

// BuildArrangement(edges) with the candidate search forced (for tests and
// measurements; every search gives the same result).
Arrangement BuildArrangement(std::span<const TaggedEdge> edges, CandidateSearch search);

// The snap rounding numbers edge endpoints (two per edge), hot pixels and
// fragments in 32 bits: each count is checked before it is narrowed, and
// beyond kMaxArrangementIndexCount throws InvalidOperationException (count).
// Exposed so that tests can reach the limits without gigabytes of input.
inline void CheckEndpointCount(std::size_t edges) {
  CheckCount(2 * std::uint64_t{edges}, kMaxArrangementIndexCount, "arrangement edge endpoints");
}
inline void CheckHotPixelCount(std::size_t pixels) {
  CheckCount(pixels, kMaxArrangementIndexCount, "arrangement hot pixels");
}
inline void CheckFragmentCount(std::size_t fragments) {
  CheckCount(fragments, kMaxArrangementIndexCount, "arrangement fragments");
}

// A fragment hot[u] -> hot[v] (u != v) of an operand; `tested` marks one
// that arr.repair's first round must test (Repair).
struct Fragment {
  std::uint32_t u = 0;
  std::uint32_t v = 0;
  std::uint8_t operand = 0;
  bool tested = false;
};

// An edge's endpoint and where it goes: end slot % 2 of fragment slot / 2
// (the sort of step 1).
struct Slot {
  GridPoint p;
  std::uint32_t slot;
};

// What the steps share: the hot pixels, the fragments between them, and
// the fragments grouped by their undirected segment.
struct SnapRounding {
  explicit SnapRounding(CandidateSearch search) : search(search) {}

  CandidateSearch search;
  std::vector<GridPoint> hot;       // arr.hot-pixels: sorted by (x, y), distinct
  std::vector<Fragment> fragments;  // the current fragments (step 1, arr.reroute, arr.repair)
  // Group(): group g is fragments order[start[g] .. start[g + 1]), its
  // segment segs[g]; groups in (a, b) order.
  std::vector<std::uint32_t> order, start;
  std::vector<Segment> segs;
  // arr.repair's first round's test, made while rerouting (step 3): a hot
  // centre lies inside a new fragment.
  bool interiorFound = false;
  // arr.repair's rounds that did work (for tests; arr.repair proves it 0
  // after steps 1 to 3).
  int repairRounds = 0;

  // Groups the fragments by their undirected segment. The hot pixels are
  // sorted, so index order is (x, y) order.
  void Group();
  std::size_t GroupCount() const { return segs.size(); }
  std::span<const std::uint32_t> Members(std::size_t g) const {
    return {order.data() + start[g], order.data() + start[g + 1]};
  }
  // The hot pixels a < b at the ends of group g's segment.
  std::pair<std::uint32_t, std::uint32_t> Ends(std::size_t g) const {
    const Fragment& f = fragments[order[start[g]]];
    return {std::min(f.u, f.v), std::max(f.u, f.v)};
  }
};

// Step 1 (arr.drop-degenerate): the non-degenerate edges as fragments,
// their endpoints as slots for IndexEndpoints.
std::vector<Slot> DropDegenerate(std::span<const TaggedEdge> input, SnapRounding& s);

// Step 2's first half (arr.hot-pixels): the endpoints become the hot pixels,
// and each fragment's ends indices into them. The slots are freed on
// return.
void IndexEndpoints(std::vector<Slot> slots, SnapRounding& s);

// Step 2 (arr.hot-pixels): the rounded proper crossings join the hot pixels.
void AddCrossingPixels(SnapRounding& s);

// Adds points to the hot pixels and renumbers the fragments (steps 2 and 4).
void AddHotPixels(std::vector<GridPoint>& points, SnapRounding& s);

// Step 3 (arr.reroute) of every fragment, with arr.repair's first round's
// test of the new fragments (s.interiorFound).
void Reroute(SnapRounding& s);

// arr.reroute of the fragments of the groups marked in `crossed` (a repair
// round, arr.repair 2); the other fragments are copied. Appends to `out`.
void RerouteCrossed(SnapRounding& s, const std::vector<std::uint8_t>& crossed,
                    std::vector<Fragment>& out);

// Appends the fragments hot[from] -> hot[to] through the hot pixels
// `through` (indices), ordered as arr.reroute orders them along from -> to:
// by projection, ties by (x, y), that is, by index. `along` is scratch.
// Inline: it runs once per fragment in arr.reroute's and arr.repair's inner
// loops, and out of line (its own call, out's end reloaded from memory at
// every push) it made RerouteGroups measurably slower than before the
// snap rounding was split into files.
inline void AppendThrough(const SnapRounding& s, std::uint32_t from, std::uint32_t to,
                          std::vector<std::uint32_t>& through, std::uint8_t operand, bool tested,
                          std::vector<std::pair<Int128, std::uint32_t>>& along,
                          std::vector<Fragment>& out) {
  if (through.size() > 1) {
    const GridPoint p = s.hot[from], q = s.hot[to];
    const Int128 dx = Int128(q.x) - p.x, dy = Int128(q.y) - p.y;
    along.clear();
    for (std::uint32_t k : through)
      along.push_back({(Int128(s.hot[k].x) - p.x) * dx + (Int128(s.hot[k].y) - p.y) * dy, k});
    std::sort(along.begin(), along.end());
    for (std::size_t i = 0; i < along.size(); ++i) through[i] = along[i].second;
  }
  for (std::uint32_t h : through) {
    out.push_back({from, h, operand, tested});
    from = h;
  }
  out.push_back({from, to, operand, tested});
}

// Step 4 (arr.repair). Leaves the fragments grouped for the merge.
void Repair(SnapRounding& s);

// arr.repair alone, on fragments that steps 1 to 3 cannot produce (they
// leave no work, arr.repair): for tests of the rounds. The hot pixels are
// `hot` and every fragment's ends; fragments are non-degenerate. Returns
// the final fragments, in no particular order, and the rounds that did work.
struct RepairedFragments {
  std::vector<TaggedEdge> fragments;
  int rounds = 0;
};
RepairedFragments RepairFragments(std::span<const TaggedEdge> fragments,
                                  std::span<const GridPoint> hot, CandidateSearch search);

// Step 5 (arr.merge), then arr.output.
Arrangement Merge(SnapRounding& s);

}  // namespace onepath::geom2d
