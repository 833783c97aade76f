// The arrangement: noding by snap rounding (docs/spec/arrangement.md).
//
// BuildArrangement reads as the clause does: the input check (arr.input),
// then steps 1 to 5 on one shared value, SnapRounding
// (internal/snap_rounding.hpp), each step in a file of its own:
//   1. arr.drop-degenerate  arrangement_hot_pixels.cpp (DropDegenerate)
//   2. arr.hot-pixels       arrangement_hot_pixels.cpp (IndexEndpoints,
//                           AddCrossingPixels)
//   3. arr.reroute          arrangement_reroute.cpp
//   4. arr.repair           arrangement_repair.cpp
//   5. arr.merge            arrangement_merge.cpp
// The exact tests (arr.pixel, arr.proper-crossing, arr.round) are in
// internal/arrangement_exact.hpp, the candidate search (arr.candidates,
// which never changes a result) in internal/candidates.hpp.
#include "onepath/geom2d/arrangement.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/core/radix_sort.hpp"
#include "onepath/geom2d/internal/snap_rounding.hpp"

namespace onepath::geom2d {

namespace {

// arr.input: coordinates within 2^39, operands 0, 1, 2.
void CheckInput(std::span<const TaggedEdge> edges) {
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const TaggedEdge& e = edges[i];
    const std::int64_t coords[4] = {e.p.x, e.p.y, e.q.x, e.q.y};
    for (int k = 0; k < 4; ++k) {
      if (coords[k] > kMaxArrangementCoordinate || coords[k] < -kMaxArrangementCoordinate) {
        throw ArgumentOutOfRangeException(
            "arrangement coordinate beyond 2^39 grid units (arr.input)",
            {.argument = "edges",
             .vertex = k / 2,
             .edge = static_cast<std::int64_t>(i),
             .value = static_cast<double>(coords[k])});
      }
    }
    if (e.operand < 0 || e.operand > 2) {
      throw ArgumentOutOfRangeException(
          "arrangement operand must be 0, 1 or 2 (arr.input)",
          {.argument = "edges", .edge = static_cast<std::int64_t>(i), .value = e.operand});
    }
  }
}

// Steps 2 to 5, after step 1.
Arrangement SnapRound(SnapRounding& s) {
  AddCrossingPixels(s);  // 2. arr.hot-pixels (the endpoints are hot already)
  Reroute(s);            // 3. arr.reroute
  Repair(s);             // 4. arr.repair
  return Merge(s);       // 5. arr.merge, arr.output
}

// A fragment's undirected segment lo < hi (the sort of Group).
struct Keyed {
  std::uint32_t lo, hi, fragment;
};

}  // namespace

Arrangement BuildArrangement(std::span<const TaggedEdge> edges) {
  return BuildArrangement(edges, CandidateSearch::kAuto);
}

Arrangement BuildArrangement(std::span<const TaggedEdge> input, CandidateSearch search) {
  CheckInput(input);
  SnapRounding s(search);
  IndexEndpoints(DropDegenerate(input, s), s);  // 1. arr.drop-degenerate
  return SnapRound(s);
}

Arrangement BuildArrangement(std::vector<TaggedEdge>&& input) {
  CheckInput(input);
  SnapRounding s(CandidateSearch::kAuto);
  std::vector<Slot> slots = DropDegenerate(input, s);  // 1. arr.drop-degenerate
  std::vector<TaggedEdge>().swap(input);               // read: freed before the sort
  IndexEndpoints(std::move(slots), s);
  return SnapRound(s);
}

void SnapRounding::Group() {
  // The old grouping is freed first, and the sort's second buffer once
  // the sort is done: the sort records are as many as the fragments.
  std::vector<std::uint32_t>().swap(order);
  std::vector<std::uint32_t>().swap(start);
  std::vector<Segment>().swap(segs);
  CheckFragmentCount(fragments.size());  // keyed, order and start are 32-bit
  std::vector<Keyed> keyed(fragments.size()), keyedScratch;
  for (std::uint32_t i = 0; i < fragments.size(); ++i)
    keyed[i] = {std::min(fragments[i].u, fragments[i].v), std::max(fragments[i].u, fragments[i].v),
                i};
  const std::uint64_t maxIndex = hot.empty() ? 0 : hot.size() - 1;
  SortByPair(
      keyed, keyedScratch, [](const Keyed& k) { return std::uint64_t{k.lo}; },
      [](const Keyed& k) { return std::uint64_t{k.hi}; }, maxIndex, maxIndex);
  std::vector<Keyed>().swap(keyedScratch);
  auto startsGroup = [&](std::size_t k) {
    return k == 0 || keyed[k].lo != keyed[k - 1].lo || keyed[k].hi != keyed[k - 1].hi;
  };
  std::size_t groups = 0;
  for (std::size_t k = 0; k < keyed.size(); ++k) groups += startsGroup(k);
  start.reserve(groups + 1);
  segs.reserve(groups);
  order.resize(keyed.size());
  for (std::size_t k = 0; k < keyed.size(); ++k) {
    if (startsGroup(k)) {
      start.push_back(static_cast<std::uint32_t>(k));
      segs.push_back({hot[keyed[k].lo], hot[keyed[k].hi]});
    }
    order[k] = keyed[k].fragment;
  }
  start.push_back(static_cast<std::uint32_t>(keyed.size()));
}

std::vector<std::uint8_t> CanonicalBytes(const Arrangement& arrangement) {
  CanonicalWriter w;
  w.PointList(arrangement.vertices);
  w.Count(arrangement.segments.size());
  for (const NetSegment& s : arrangement.segments) {
    w.U32(s.a);
    w.U32(s.b);
    w.I32(s.n0);
    w.I32(s.n1);
  }
  return w.Take();
}

}  // namespace onepath::geom2d
