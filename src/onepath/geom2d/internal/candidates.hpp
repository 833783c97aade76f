// arr.candidates (docs/spec/arrangement.md): how the snap rounding finds
// the pairs of segments that could cross properly and the pixels a segment
// could meet. Candidates only: the exact tests (arrangement_exact.hpp)
// decide, and how the candidates are found never changes a result; tests
// force each path (CandidateSearch) to show that.
//
// Three searches: a uniform grid of cells (CellGrid, FlatLists), a sweep
// over x, and a tree of boxes (BoxTree); the cost model
// (ClusteredCrossingSearch, PixelCandidates::TreeIsCheaper) picks one.
// Templates and inline functions: the visitors run in the steps' inner
// loops.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "onepath/core/int128.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/core/radix_sort.hpp"
#include "onepath/geom2d/grid_point.hpp"
#include "onepath/geom2d/internal/arrangement_exact.hpp"

namespace onepath::geom2d {

// arr.candidates: how candidate pairs and pixels are found. The result never
// depends on it; tests force each path to show that.
enum class CandidateSearch { kAuto, kGrid, kSweep, kTree };

// A segment between two hot pixels, a < b in (x, y) order.
struct Segment {
  GridPoint a;  // a < b in (x, y) order, so a.x <= b.x
  GridPoint b;
  std::int64_t YLow() const { return std::min(a.y, b.y); }
  std::int64_t YHigh() const { return std::max(a.y, b.y); }
};

// The cheap test every candidate passes before an exact one. The pixel
// [c - 1/2, c + 1/2)^2 can only meet the closed segment if its x range
// reaches the segment's: c.x - 1/2 <= b.x and c.x + 1/2 > a.x, which for
// integers is a.x <= c.x <= b.x; the same in y.
inline bool PixelInBox(const Segment& s, GridPoint c) {
  return c.x >= s.a.x && c.x <= s.b.x && c.y >= s.YLow() && c.y <= s.YHigh();
}

// floor(y(x)) on the segment's line at integer x, y(x) = a.y + (x - a.x) dy / dx
// with dx > 0. As a.y is an integer, floor(y(x)) = a.y + floor((x - a.x) dy / dx);
// the product takes 64 bits when it fits (always on maps of moderate size)
// and 128 bits otherwise.
inline std::int64_t FloorY(const Segment& s, std::int64_t x) {
  std::int64_t dx = s.b.x - s.a.x, dy = s.b.y - s.a.y, num;
  if (dy == 0) return s.a.y;
  if (!__builtin_mul_overflow(x - s.a.x, dy, &num)) return s.a.y + FloorDiv64(num, dx);
  return s.a.y + static_cast<std::int64_t>(FloorDiv(Int128(x - s.a.x) * dy, dx));
}

inline GridBox BoxOf(const Segment& s) { return {s.a.x, s.YLow(), s.b.x, s.YHigh()}; }

// Two segments can only cross properly if their bounding boxes meet.
inline bool BoxesMeet(const GridBox& p, const GridBox& q) {
  return p.minX <= q.maxX && q.minX <= p.maxX && p.minY <= q.maxY && q.minY <= p.maxY;
}

// Does some point c of the box lie within the band 2 |f(c)| <= width about
// the segment's line, f(c) = (b - a) x (c - a)? f is linear, so over the
// box it ranges between its values at two opposite corners. Width 0 asks
// whether the line meets the box; width |dx| + |dy| whether a pixel centred
// in the box can pass MeetsPixel's first test (the pixel's extent across
// the line).
inline bool BandMeetsBox(const Segment& s, Int128 width, const GridBox& box) {
  const Int128 ex = s.b.x - s.a.x, ey = s.b.y - s.a.y;  // ex >= 0
  const Int128 lowX = ey > 0 ? box.maxX : box.minX, highX = ey > 0 ? box.minX : box.maxX;
  const Int128 fMin = ex * (box.minY - s.a.y) - ey * (lowX - s.a.x);
  const Int128 fMax = ex * (box.maxY - s.a.y) - ey * (highX - s.a.x);
  return 2 * fMin <= width && 2 * fMax >= -width;
}

// A tree of boxes (arr.candidates): the items sorted so that every node is
// a range of them, split in two halves at the median of their centres along
// the longer side of the node's box, down to leaves of a few items; each
// node keeps the box of its items. A query descends into the nodes whose
// boxes a test accepts and reports the accepted items, so its cost follows
// what lies near the query, however the items are clustered.
class BoxTree {
 public:
  // Items 0 .. count - 1, item k with the box boxOf(k).
  template <typename BoxOfItem>
  BoxTree(std::size_t count, BoxOfItem boxOf) {
    items_.resize(count);
    for (std::uint32_t k = 0; k < count; ++k) items_[k] = {boxOf(k), k};
    if (!items_.empty()) Build(0, 0, items_.size());
  }

  // Calls visit(item) for every item whose box `accept` takes, looking only
  // into nodes whose boxes it takes (it must take every box that holds a
  // box it takes).
  template <typename Accept, typename Visit>
  void Query(Accept accept, Visit visit) const {
    if (items_.empty()) return;
    std::array<Range, 64> stack;  // depth at most log2(items / kLeaf) + 1
    std::size_t top = 0;
    stack[top++] = {0, 0, items_.size()};
    while (top > 0) {
      const Range r = stack[--top];
      if (!accept(nodes_[r.node])) continue;
      if (r.end - r.begin <= kLeaf) {
        for (std::size_t k = r.begin; k < r.end; ++k)
          if (accept(items_[k].box)) visit(items_[k].id);
        continue;
      }
      const std::size_t mid = r.begin + (r.end - r.begin) / 2;
      stack[top++] = {2 * r.node + 2, mid, r.end};
      stack[top++] = {2 * r.node + 1, r.begin, mid};
    }
  }

  // Calls visit(i, j) once for every two items i != j whose boxes meet,
  // unless `marked(k)` is false for both (it is asked once per item). A
  // walk over pairs of nodes whose boxes meet, from the root paired with
  // itself: a node paired with itself splits into its two children each
  // paired with itself and the two paired with each other, two nodes into
  // the larger one's children paired with the other. Each pair of items is
  // looked at once, where one query per item would look at it from both
  // sides and descend from the root every time.
  template <typename Marked, typename Visit>
  void PairsThatMeet(Marked marked, Visit visit) const {
    if (items_.empty()) return;
    std::vector<std::uint8_t> anyMarked(nodes_.size(), 0);
    MarkNodes(0, 0, items_.size(), marked, anyMarked);
    std::vector<std::pair<Range, Range>> stack;
    stack.push_back({{0, 0, items_.size()}, {0, 0, items_.size()}});
    while (!stack.empty()) {
      const auto [p, q] = stack.back();
      stack.pop_back();
      if (!anyMarked[p.node] && !anyMarked[q.node]) continue;
      const bool pLeaf = p.end - p.begin <= kLeaf, qLeaf = q.end - q.begin <= kLeaf;
      if (p.node == q.node) {
        if (pLeaf) {
          for (std::size_t a = p.begin; a < p.end; ++a)
            for (std::size_t b = a + 1; b < p.end; ++b) Visit2(a, b, visit);
          continue;
        }
        const auto [low, high] = Children(p);
        stack.push_back({low, low});
        stack.push_back({low, high});
        stack.push_back({high, high});
        continue;
      }
      if (!BoxesMeet(nodes_[p.node], nodes_[q.node])) continue;
      if (pLeaf && qLeaf) {
        for (std::size_t a = p.begin; a < p.end; ++a)
          for (std::size_t b = q.begin; b < q.end; ++b) Visit2(a, b, visit);
        continue;
      }
      const bool splitP = !pLeaf && (qLeaf || p.end - p.begin >= q.end - q.begin);
      const auto [low, high] = Children(splitP ? p : q);
      stack.push_back(splitP ? std::pair{low, q} : std::pair{p, low});
      stack.push_back(splitP ? std::pair{high, q} : std::pair{p, high});
    }
  }

 private:
  static constexpr std::size_t kLeaf = 8;
  struct Item {
    GridBox box;
    std::uint32_t id;
  };
  // Node `node` holds items [begin, end); its children are 2 node + 1 and
  // 2 node + 2.
  struct Range {
    std::size_t node, begin, end;
  };

  std::pair<Range, Range> Children(const Range& r) const {
    const std::size_t mid = r.begin + (r.end - r.begin) / 2;
    return {{2 * r.node + 1, r.begin, mid}, {2 * r.node + 2, mid, r.end}};
  }

  // Items at positions a and b, boxes meeting.
  template <typename Visit>
  void Visit2(std::size_t a, std::size_t b, Visit visit) const {
    if (BoxesMeet(items_[a].box, items_[b].box)) visit(items_[a].id, items_[b].id);
  }

  // anyMarked[node]: does the node hold an item that `marked` takes?
  template <typename Marked>
  bool MarkNodes(std::size_t node, std::size_t begin, std::size_t end, Marked marked,
                 std::vector<std::uint8_t>& anyMarked) const {
    bool any = false;
    if (end - begin <= kLeaf) {
      for (std::size_t k = begin; k < end; ++k) any = marked(items_[k].id) || any;
    } else {
      const std::size_t mid = begin + (end - begin) / 2;
      any = MarkNodes(2 * node + 1, begin, mid, marked, anyMarked);
      any = MarkNodes(2 * node + 2, mid, end, marked, anyMarked) || any;
    }
    anyMarked[node] = any;
    return any;
  }

  void Build(std::size_t node, std::size_t begin, std::size_t end) {
    GridBox box = items_[begin].box;
    for (std::size_t k = begin + 1; k < end; ++k) box.Add(items_[k].box);
    if (nodes_.size() <= node) nodes_.resize(2 * node + 1);
    nodes_[node] = box;
    if (end - begin <= kLeaf) return;
    // Centres doubled: minX + maxX, minY + maxY.
    const bool byX = box.maxX - box.minX >= box.maxY - box.minY;
    auto centre = [byX](const Item& t) {
      return byX ? t.box.minX + t.box.maxX : t.box.minY + t.box.maxY;
    };
    const std::size_t mid = begin + (end - begin) / 2;
    std::nth_element(items_.begin() + static_cast<std::ptrdiff_t>(begin),
                     items_.begin() + static_cast<std::ptrdiff_t>(mid),
                     items_.begin() + static_cast<std::ptrdiff_t>(end),
                     [&](const Item& s, const Item& t) {
                       return centre(s) < centre(t) || (centre(s) == centre(t) && s.id < t.id);
                     });
    Build(2 * node + 1, begin, mid);
    Build(2 * node + 2, mid, end);
  }

  std::vector<Item> items_;
  std::vector<GridBox> nodes_;
};

// A uniform grid of cells of side 2^shift over the bounding box.
class CellGrid {
 public:
  // For the crossing search: over the segments' box, cells of side the
  // least power of two, at least 2, at least the segments' mean extent.
  static CellGrid ForSegments(const std::vector<Segment>& segs) {
    GridBox box;
    Int128 extent = 0;
    // The y range as one minimum and the other end (a ^ b ^ min), not
    // BoxOf(s): inlined here, its min and max of a.y and b.y compiled to a
    // branch on a.y < b.y, which random input mispredicts half the time
    // (issue 24); this compiles to a conditional move. a.x <= b.x.
    for (const Segment& s : segs) {
      const std::int64_t yLow = std::min(s.a.y, s.b.y), yHigh = s.a.y ^ s.b.y ^ yLow;
      box.minX = std::min(box.minX, s.a.x), box.maxX = std::max(box.maxX, s.b.x);
      box.minY = std::min(box.minY, yLow), box.maxY = std::max(box.maxY, yHigh);
      extent += std::max(s.b.x - s.a.x, yHigh - yLow);
    }
    const std::size_t n = std::max<std::size_t>(segs.size(), 1);
    const Int128 mean = (extent + static_cast<Int128>(n) - 1) / static_cast<Int128>(n);
    int shift = 1;
    while ((Int128(1) << shift) < mean) ++shift;
    return CellGrid(box, shift, n);
  }

  // For looking up pixels (sorted by (x, y)) from segments between two of
  // them: over the pixels' box, which holds the segments, cells as small as
  // about 2 cells per pixel allow.
  static CellGrid ForPixels(const std::vector<GridPoint>& pixels) {
    return CellGrid(BoundsOf(pixels), 1, std::max<std::size_t>(pixels.size(), 1));
  }

  std::int64_t CellX(std::int64_t x) const { return (x >> shift_) - minCx_; }
  std::int64_t CellY(std::int64_t y) const { return (y >> shift_) - minCy_; }
  // Column-major: segments sorted by x then visit nearby memory.
  std::int64_t Index(std::int64_t cx, std::int64_t cy) const { return cx * rows_ + cy; }
  std::int64_t Count() const { return cols_ * rows_; }

  // The cells the segment passes through, as one row range per column
  // CellX(a.x) .. CellX(b.x): the rows between the floors of y at the
  // column's two x ends (exact floor divisions; floor(floor(y) / 2^shift) =
  // floor(y / 2^shift)). Within one column that is the rows of the box.
  // The segment's ends are grid points (floor(y) is a.y at a.x and b.y at
  // b.x), and two neighbouring columns share the x where they meet, so a
  // segment over k columns takes k - 1 divisions.
  void Columns(const Segment& s, std::vector<std::pair<std::int64_t, std::int64_t>>& rows) const {
    rows.clear();
    std::int64_t c0 = CellX(s.a.x), c1 = CellX(s.b.x);
    if (c0 == c1 || s.a.x == s.b.x) {
      rows.push_back({CellY(s.YLow()), CellY(s.YHigh())});
      return;
    }
    std::int64_t ra = CellY(s.a.y);
    for (std::int64_t cx = c0; cx <= c1; ++cx) {
      const std::int64_t rb =
          cx == c1 ? CellY(s.b.y) : CellY(FloorY(s, (cx + 1 + minCx_) << shift_));
      rows.push_back({std::max<std::int64_t>(0, std::min(ra, rb)),
                      std::min<std::int64_t>(rows_ - 1, std::max(ra, rb))});
      ra = rb;
    }
  }

  // Calls visit(cell index) for every cell the segment passes through.
  template <typename Visit>
  void ForEachCell(const Segment& s, Visit visit) {
    if (CellX(s.a.x) == CellX(s.b.x)) {  // one column (Columns, without the buffer)
      for (std::int64_t cy = CellY(s.YLow()); cy <= CellY(s.YHigh()); ++cy)
        visit(Index(CellX(s.a.x), cy));
      return;
    }
    Columns(s, rowsBuffer_);
    std::int64_t c0 = CellX(s.a.x);
    for (std::size_t k = 0; k < rowsBuffer_.size(); ++k)
      for (std::int64_t cy = rowsBuffer_[k].first; cy <= rowsBuffer_[k].second; ++cy)
        visit(Index(c0 + static_cast<std::int64_t>(k), cy));
  }

  // Calls visit(cell index) once for every cell the segment passes through
  // and every neighbour of one (eight per cell): per column, the union of
  // the row ranges of the column and the two beside it, widened by a row.
  // The ranges of neighbouring columns meet (they share the row at the
  // common x), so the union is one range.
  template <typename Visit>
  void ForEachNearCell(const Segment& s, Visit visit) {
    Columns(s, rowsBuffer_);
    auto span = static_cast<std::int64_t>(rowsBuffer_.size());
    std::int64_t c0 = CellX(s.a.x);
    for (std::int64_t k = -1; k <= span; ++k) {
      std::int64_t cx = c0 + k;
      if (cx < 0 || cx >= cols_) continue;
      std::int64_t lo = INT64_MAX, hi = INT64_MIN;
      for (std::int64_t j = std::max<std::int64_t>(0, k - 1); j <= std::min(span - 1, k + 1); ++j) {
        lo = std::min(lo, rowsBuffer_[static_cast<std::size_t>(j)].first);
        hi = std::max(hi, rowsBuffer_[static_cast<std::size_t>(j)].second);
      }
      lo = std::max<std::int64_t>(0, lo - 1);
      hi = std::min(rows_ - 1, hi + 1);
      for (std::int64_t cy = lo; cy <= hi; ++cy) visit(Index(cx, cy));
    }
  }

 private:
  // Cells of side 2^shift over the box, shift raised from `shift` until
  // there are at most about 2n cells.
  CellGrid(const GridBox& box, int shift, std::size_t n) : shift_(shift) {
    for (;; ++shift_) {
      minCx_ = box.minX >> shift_, minCy_ = box.minY >> shift_;
      cols_ = (box.maxX >> shift_) - minCx_ + 1;
      rows_ = (box.maxY >> shift_) - minCy_ + 1;
      if (Int128(cols_) * rows_ <= Int128(2 * n + 2)) break;
    }
  }

  int shift_ = 1;
  std::int64_t minCx_ = 0, minCy_ = 0, cols_ = 1, rows_ = 1;
  std::vector<std::pair<std::int64_t, std::int64_t>> rowsBuffer_;
};

// Items are listed in at most kMaxArrangementIndexCount places in all
// (FlatLists' starts are 32-bit): InvalidOperationException beyond. (A
// segment passes through about extent / side + 1 cells per axis and the
// cells are at least the mean extent wide, so the entries stay within a few
// times the segments; checked all the same.)
inline void CheckListEntryCount(std::uint64_t entries) {
  CheckCount(entries, kMaxArrangementIndexCount, "arrangement candidate list entries");
}

// Lists in one flat array: the items of list k are ids[start[k] .. start[k + 1]).
struct FlatLists {
  std::vector<std::uint32_t> start;
  std::vector<std::uint32_t> ids;
  std::span<const std::uint32_t> operator[](std::size_t k) const {
    return {ids.data() + start[k], ids.data() + start[k + 1]};
  }
};

// Always inline: since the arrangement was split into files, GCC kept it out
// of line in each step's crossing search, where it was inlined before (its
// fill callbacks walk the grid; callgrind, issue 24: +4.3M instructions in
// AddCrossingPixels on a small tile map run 30 times).
template <typename Fill>
[[gnu::always_inline]] inline FlatLists BuildLists(std::int64_t cells, Fill fill) {
  FlatLists out;
  out.start.assign(static_cast<std::size_t>(cells) + 1, 0);
  fill([&](std::int64_t cell, std::uint32_t) { ++out.start[static_cast<std::size_t>(cell) + 1]; });
  // The prefix sums in 64 bits, stored narrowed: while the total is within
  // the limit (checked once, before the lists are made) so is every one.
  std::uint64_t entries = 0;
  for (std::size_t k = 1; k < out.start.size(); ++k) {
    entries += out.start[k];
    out.start[k] = static_cast<std::uint32_t>(entries);
  }
  CheckListEntryCount(entries);
  out.ids.resize(out.start.back());
  // start[k] runs through list k as it is filled, ending where list k + 1
  // starts; then every start moves up one place.
  fill([&](std::int64_t cell, std::uint32_t id) {
    out.ids[out.start[static_cast<std::size_t>(cell)]++] = id;
  });
  for (std::size_t k = out.start.size() - 1; k > 0; --k) out.start[k] = out.start[k - 1];
  out.start[0] = 0;
  return out;
}

// The clustered-input test of arr.candidates.
inline bool Clustered(const FlatLists& lists, std::size_t items) {
  Int128 sum = 0;
  for (std::size_t k = 0; k + 1 < lists.start.size(); ++k) {
    Int128 c = lists.start[k + 1] - lists.start[k];
    sum += c * c;
  }
  return sum > Int128(32) * static_cast<Int128>(std::max<std::size_t>(items, 1));
}

// floor(log2(n)) + 1 for n >= 1: about the depth of a tree of n items.
inline std::int64_t TreeLevels(std::size_t n) {
  return std::bit_width(std::max<std::size_t>(n, 1));
}

// The costs the automatic choices of arr.candidates weigh, in units of one
// pair looked at by the sweep (or one pixel by the x-range scan): building
// a tree costs about this much per item and level, and a query about this
// much per level (measured on the benchmarks' clustered inputs and large
// round offsets; they only choose a method, never change a result).
inline constexpr std::size_t kTreeBuildCost = 4;
inline constexpr std::size_t kTreeQueryCost = 24;

// The crossing search for clustered input: the grid would look at more
// pairs (sum over cells of count^2 / 2) than the sweep (for each segment in
// increasing minimum x, the segments still active), whereas dense input
// that is spread evenly makes Clustered() true too, but there the grid
// wins. Then the sweep runs if it looks at fewer pairs than the tree of
// boxes is estimated to cost (building it over all n segments, and a query
// per wanted segment), else the tree: on such input the sweep can look at
// very many pairs, as the long near-parallel sides of nearly concentric
// circles show, while a few huge segments over a cluster of small ones keep
// the sweep cheap and make every query of the tree descend to them.
inline CandidateSearch ClusteredCrossingSearch(const FlatLists& lists,
                                               const std::vector<Segment>& segs,
                                               std::size_t wanted) {
  if (!Clustered(lists, segs.size())) return CandidateSearch::kGrid;
  Int128 grid = 0;
  for (std::size_t k = 0; k + 1 < lists.start.size(); ++k) {
    Int128 c = lists.start[k + 1] - lists.start[k];
    grid += c * (c - 1) / 2;
  }
  std::vector<std::int64_t> first(segs.size()), last(segs.size());
  for (std::size_t i = 0; i < segs.size(); ++i) first[i] = segs[i].a.x, last[i] = segs[i].b.x;
  std::sort(first.begin(), first.end());
  std::sort(last.begin(), last.end());
  Int128 sweep = 0;
  for (std::size_t i = 0, ended = 0; i < first.size(); ++i) {
    while (ended < last.size() && last[ended] < first[i]) ++ended;
    sweep += static_cast<Int128>(i - ended);
  }
  if (sweep >= grid) return CandidateSearch::kGrid;
  const Int128 tree =
      Int128(TreeLevels(segs.size())) * (kTreeBuildCost * static_cast<Int128>(segs.size()) +
                                         kTreeQueryCost * static_cast<Int128>(wanted));
  return sweep <= tree ? CandidateSearch::kSweep : CandidateSearch::kTree;
}

// arr.candidates, the tree path: the pairs of segments, one of them wanted,
// whose boxes meet (BoxTree::PairsThatMeet). ProperlyCross's first two
// orientations reject a pair as cheaply as testing each line against the
// other's box would, so there is no such prefilter. `kind` as below.
template <typename Want, typename Visit>
void CrossingCandidatesByTree(const std::vector<Segment>& segs,
                              const std::vector<std::uint8_t>& kind, Want want, Visit visit) {
  const BoxTree tree(segs.size(), [&](std::size_t i) { return BoxOf(segs[i]); });
  tree.PairsThatMeet(want, [&](std::uint32_t i, std::uint32_t j) {
    if (!want(i) && !want(j)) return;
    if (kind[i] != 2 && kind[i] == kind[j]) return;
    visit(std::min(i, j), std::max(i, j));
  });
}

// arr.candidates, the sweep path: the pairs of segments, one of them
// wanted, whose boxes meet, found in order of increasing minimum x with
// the list of segments still reaching it. The list keeps their boxes and
// kinds, so that the one pass over it per segment (dropping the ended ones,
// testing the others) reads memory in order. The pass only collects the
// pairs and the visitor runs after it: a visitor inlined into the pass
// left too few registers for it (measured: twice as slow). `kind` as
// below.
template <typename Want, typename Visit>
void CrossingCandidatesBySweep(const std::vector<Segment>& segs,
                               const std::vector<std::uint8_t>& kind, Want want, Visit visit) {
  const auto n = static_cast<std::uint32_t>(segs.size());
  std::vector<std::uint32_t> order(n);
  for (std::uint32_t i = 0; i < n; ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    return segs[a].a.x < segs[b].a.x || (segs[a].a.x == segs[b].a.x && a < b);
  });
  struct Active {
    GridBox box;
    std::uint32_t id;
    std::uint8_t kind;
    bool wanted;
  };
  std::vector<Active> active;
  std::vector<std::uint32_t> met;  // the entries whose pairs are visited
  for (std::uint32_t i : order) {
    const Active s{BoxOf(segs[i]), i, kind[i], want(i)};
    const std::size_t count = active.size();
    met.resize(count);
    std::size_t kept = 0, metCount = 0;
    Active* list = active.data();
    for (std::size_t k = 0; k < count; ++k) {
      const Active t = list[k];
      if (t.box.maxX < s.box.minX) continue;
      list[kept++] = t;
      const bool pair =
          (s.wanted || t.wanted) && (s.kind == 2 || s.kind != t.kind) && BoxesMeet(s.box, t.box);
      met[metCount] = t.id;
      metCount += pair;
    }
    active.resize(kept);
    active.push_back(s);
    for (std::size_t k = 0; k < metCount; ++k) visit(std::min(i, met[k]), std::max(i, met[k]));
  }
}

// Calls visit(i, j) for every pair i < j of segments, at least one of them
// marked in `wanted` (all when it is null), whose bounding boxes meet and
// that share a grid cell (or, on the sweep path, overlap in x and y; on the
// tree path, one's line meets the other's box), and that are not two
// horizontal or two vertical segments (which never cross properly). A pair
// sharing several cells is visited once per cell: the visitors only
// collect, so repeats change nothing.
template <typename Visit>
void CrossingCandidates(const std::vector<Segment>& segs, const std::vector<std::uint8_t>* wanted,
                        CandidateSearch search, Visit visit) {
  if (segs.size() < 2) return;
  auto n = static_cast<std::uint32_t>(segs.size());
  auto want = [&](std::uint32_t i) { return wanted == nullptr || (*wanted)[i] != 0; };
  // 0 horizontal, 1 vertical, 2 neither.
  std::vector<std::uint8_t> kind(n);
  for (std::uint32_t i = 0; i < n; ++i)
    kind[i] = segs[i].a.y == segs[i].b.y ? 0 : segs[i].a.x == segs[i].b.x ? 1 : 2;
  bool sweep = search == CandidateSearch::kSweep, tree = search == CandidateSearch::kTree;
  if (!sweep && !tree) {
    CellGrid grid = CellGrid::ForSegments(segs);
    // Every cell lists its horizontal segments, then its vertical ones,
    // then the others.
    FlatLists lists = BuildLists(grid.Count(), [&](auto add) {
      for (std::uint8_t k = 0; k < 3; ++k)
        for (std::uint32_t i = 0; i < n; ++i)
          if (kind[i] == k) grid.ForEachCell(segs[i], [&](std::int64_t cell) { add(cell, i); });
    });
    CandidateSearch clustered = CandidateSearch::kGrid;
    if (search == CandidateSearch::kAuto) {
      std::size_t wantedCount = n;
      if (wanted)
        wantedCount = n - static_cast<std::size_t>(std::count(wanted->begin(), wanted->end(), 0));
      clustered = ClusteredCrossingSearch(lists, segs, wantedCount);
    }
    if (clustered != CandidateSearch::kGrid) {
      sweep = clustered == CandidateSearch::kSweep;
      tree = clustered == CandidateSearch::kTree;
    } else {
      std::vector<GridBox> boxes;
      std::vector<std::uint8_t> marks;
      for (std::size_t cell = 0; cell + 1 < lists.start.size(); ++cell) {
        std::span<const std::uint32_t> list = lists[cell];
        if (wanted && std::none_of(list.begin(), list.end(), want)) continue;
        std::size_t h = 0;  // list[0, h) horizontal, [h, v) vertical, [v, end) others
        while (h < list.size() && kind[list[h]] == 0) ++h;
        std::size_t v = h;
        while (v < list.size() && kind[list[v]] == 1) ++v;
        // The cell's boxes and marks, made once per cell rather than once
        // per pair.
        boxes.clear();
        marks.clear();
        for (std::uint32_t i : list) {
          boxes.push_back(BoxOf(segs[i]));
          marks.push_back(want(i));
        }
        auto pair = [&](std::size_t p, std::size_t q) {  // positions in the list
          if ((marks[p] || marks[q]) && BoxesMeet(boxes[p], boxes[q]))
            visit(std::min(list[p], list[q]), std::max(list[p], list[q]));
        };
        for (std::size_t p = 0; p < h; ++p)
          for (std::size_t q = h; q < v; ++q) pair(p, q);
        for (std::size_t p = v; p < list.size(); ++p)
          for (std::size_t q = 0; q < p; ++q) pair(q, p);
      }
    }
  }
  if (tree) CrossingCandidatesByTree(segs, kind, want, visit);
  if (sweep) CrossingCandidatesBySweep(segs, kind, want, visit);
}

// For a segment, the pixels (indices into `pixels`, which is sorted by
// (x, y)) it may meet: each listed once, each inside the segment's box.
// Any segment between two of the pixels may be asked about; `segs` (such
// segments) only tells whether there are any (no grid is made for none).
class PixelCandidates {
 public:
  PixelCandidates(const std::vector<Segment>& segs, const std::vector<GridPoint>& pixels,
                  CandidateSearch search)
      : segs_(segs), pixels_(pixels), search_(search) {}

  // Replaces `out` by the candidates of s, whose endpoints are the pixels
  // a < b.
  void Of(const Segment& s, std::uint32_t a, std::uint32_t b, std::vector<std::uint32_t>& out) {
    out.clear();
    // An axis-parallel segment meets exactly the pixels on its own line
    // between its endpoints (MeetsPixel): those between a and b in (x, y)
    // order when it is vertical, in (y, x) order when it is horizontal.
    // These candidates are exact, and leave the endpoints out.
    if (s.a.x == s.b.x) {
      for (std::uint32_t k = a + 1; k < b; ++k) out.push_back(k);
      return;
    }
    if (s.a.y == s.b.y) {
      if (byRow_.empty()) IndexRows();
      for (std::uint32_t r = rank_[a] + 1; r < rank_[b]; ++r) out.push_back(byRow_[r]);
      return;
    }
    if (!searched_) Prepare();
    if (search_ == CandidateSearch::kTree) {
      QueryTree(s, out);
      return;
    }
    if (grid_) {
      grid_->ForEachNearCell(s, [&](std::int64_t cell) {
        for (std::uint32_t k : lists_[static_cast<std::size_t>(cell)])
          if (PixelInBox(s, pixels_[k])) out.push_back(k);
      });
      return;
    }
    // The x-range scan (the sweep path, and clustered pixels): a binary
    // search for the first pixel at x >= a.x, then every pixel up to b.x.
    auto first = std::lower_bound(pixels_.begin(), pixels_.end(), GridPoint{s.a.x, INT64_MIN});
    if (search_ == CandidateSearch::kAuto &&
        TreeIsCheaper(static_cast<std::size_t>(first - pixels_.begin()), s.b.x)) {
      QueryTree(s, out);
      return;
    }
    for (auto it = first; it != pixels_.end() && it->x <= s.b.x; ++it)
      if (PixelInBox(s, *it)) out.push_back(static_cast<std::uint32_t>(it - pixels_.begin()));
  }

 private:
  // The grid of arr.candidates, or the tree when it is asked for, or the
  // x-range scan when it is asked for or the pixels are clustered (the
  // scan then hands wide x ranges to the tree: TreeIsCheaper).
  void Prepare() {
    searched_ = true;
    if (search_ == CandidateSearch::kTree) {
      BuildTree();
      return;
    }
    if (search_ == CandidateSearch::kSweep || segs_.empty()) return;
    grid_ = CellGrid::ForPixels(pixels_);
    lists_ = BuildLists(grid_->Count(), [&](auto add) {
      for (std::uint32_t k = 0; k < pixels_.size(); ++k)
        add(grid_->Index(grid_->CellX(pixels_[k].x), grid_->CellY(pixels_[k].y)), k);
    });
    if (search_ == CandidateSearch::kAuto && Clustered(lists_, pixels_.size())) grid_.reset();
  }

  void BuildTree() {
    tree_.emplace(pixels_.size(), [&](std::size_t k) {
      return GridBox{pixels_[k].x, pixels_[k].y, pixels_[k].x, pixels_[k].y};
    });
  }

  // Pixels within half a unit of s across its line, in its box.
  void QueryTree(const Segment& s, std::vector<std::uint32_t>& out) const {
    const GridBox box = BoxOf(s);
    const Int128 width = Int128(s.b.x - s.a.x) + std::abs(s.b.y - s.a.y);
    tree_->Query([&](const GridBox& b) { return BoxesMeet(box, b) && BandMeetsBox(s, width, b); },
                 [&](std::uint32_t k) { out.push_back(k); });
  }

  // Should the segment whose x range starts at pixel `first` and ends at
  // x = lastX ask the tree rather than scan its x range (arr.candidates)?
  // A scan of at most a query's cost (kTreeQueryCost per level) scans. A
  // wider one asks the tree once it is built; the tree is built once the
  // scans wider than that have visited more pixels in all than building it
  // costs (rent or buy: at most about twice the cheaper of the two). A few
  // huge segments over a cluster of pixels so keep their scans, and the
  // nearly concentric circles of a large round offset soon build the tree.
  bool TreeIsCheaper(std::size_t first, std::int64_t lastX) {
    const std::size_t n = pixels_.size();
    const auto levels = static_cast<std::size_t>(TreeLevels(n));
    const std::size_t budget = kTreeQueryCost * levels;
    if (first + budget >= n || pixels_[first + budget].x > lastX) return false;
    if (tree_) return true;
    auto end =
        std::upper_bound(pixels_.begin() + static_cast<std::ptrdiff_t>(first + budget),
                         pixels_.end(), lastX, [](std::int64_t x, GridPoint p) { return x < p.x; });
    wideScans_ += static_cast<std::size_t>(end - pixels_.begin()) - first;
    if (wideScans_ <= kTreeBuildCost * n * levels) return false;
    BuildTree();
    return true;
  }

  // The pixels in (y, x) order, and each pixel's rank in it: a stable sort
  // by y of the pixels in (x, y) order.
  void IndexRows() {
    // Indices sorted by (y, index), reading y from the pixels: smaller
    // records than (y, index) pairs, and byRow_ is the sorted vector.
    const GridBox box = BoundsOf(pixels_);
    std::vector<std::uint32_t> scratch;
    byRow_.resize(pixels_.size());
    for (std::uint32_t k = 0; k < pixels_.size(); ++k) byRow_[k] = k;
    SortByPair(
        byRow_, scratch,
        [&](std::uint32_t k) { return static_cast<std::uint64_t>(pixels_[k].y - box.minY); },
        [](std::uint32_t k) { return std::uint64_t{k}; },
        static_cast<std::uint64_t>(box.maxY - box.minY), pixels_.size());
    std::vector<std::uint32_t>().swap(scratch);
    rank_.resize(pixels_.size());
    for (std::uint32_t r = 0; r < byRow_.size(); ++r) rank_[byRow_[r]] = r;
  }

  const std::vector<Segment>& segs_;
  const std::vector<GridPoint>& pixels_;
  CandidateSearch search_;
  bool searched_ = false;
  std::optional<CellGrid> grid_;
  FlatLists lists_;
  std::optional<BoxTree> tree_;
  std::size_t wideScans_ = 0;  // pixels visited by scans wider than a query
  std::vector<std::uint32_t> byRow_, rank_;
};

}  // namespace onepath::geom2d
