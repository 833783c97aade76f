// The arrangement: noding by snap rounding (docs/spec/arrangement.md).
//
// Everything is exact integer arithmetic on grid coordinates of magnitude
// at most 2^39: differences fit in 41 bits, their products in 82, and the
// crossing numerators below in 123, so 128-bit integers never overflow.
//
// How the work is organised (none of it changes a result, arr.candidates):
// the hot pixels are kept sorted by (x, y), and a fragment is a pair of
// indices into them. Sorting fragments by segment is then a radix sort of
// small integers, and the merge (arr.merge) numbers the vertices without
// comparing points. The records are small on purpose: on the virtual
// machines this runs on, the first touch of a page of memory costs more
// than most of the arithmetic done on it.
#include "onepath/geom2d/arrangement.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/core/int128.hpp"
#include "onepath/core/radix_sort.hpp"
#include "onepath/exact/predicates.hpp"
#include "onepath/geom2d/grid.hpp"

namespace onepath::geom2d {

namespace {

constexpr int kMaxRepairRounds = 256;

// floor(n / d) for d > 0, in 64 bits.
std::int64_t FloorDiv64(std::int64_t n, std::int64_t d) {
  std::int64_t q = n / d;
  if (n % d != 0 && n < 0) q -= 1;
  return q;
}

// floor(n / d) for d > 0 (in 64 bits when both fit: a 128-bit division is
// a slow library call).
Int128 FloorDiv(Int128 n, Int128 d) {
  if (n == static_cast<std::int64_t>(n) && d == static_cast<std::int64_t>(d))
    return FloorDiv64(static_cast<std::int64_t>(n), static_cast<std::int64_t>(d));
  Int128 q = n / d;
  if (n % d != 0 && n < 0) q -= 1;
  return q;
}

// arr.proper-crossing: each segment's endpoints strictly on opposite sides
// of the other's line.
bool ProperlyCross(GridPoint p1, GridPoint q1, GridPoint p2, GridPoint q2) {
  // Axis-parallel segments: parallel ones never cross properly; a
  // horizontal and a vertical one do when each passes strictly between the
  // other's ends.
  const bool h1 = p1.y == q1.y, v1 = p1.x == q1.x, h2 = p2.y == q2.y, v2 = p2.x == q2.x;
  if ((h1 || v1) && (h2 || v2)) {
    if (h1 && v2)
      return std::min(p1.x, q1.x) < p2.x && p2.x < std::max(p1.x, q1.x) &&
             std::min(p2.y, q2.y) < p1.y && p1.y < std::max(p2.y, q2.y);
    if (v1 && h2)
      return std::min(p2.x, q2.x) < p1.x && p1.x < std::max(p2.x, q2.x) &&
             std::min(p1.y, q1.y) < p2.y && p2.y < std::max(p1.y, q1.y);
    return false;
  }
  // Segments with a common end do not cross properly (the end lies on both
  // lines): the many candidate pairs of edges meeting at a vertex need no
  // orientation test.
  if (p1 == p2 || p1 == q2 || q1 == p2 || q1 == q2) return false;
  int a = Orient(p1, q1, p2);
  int b = Orient(p1, q1, q2);
  if (a == 0 || b == 0 || a == b) return false;
  int c = Orient(p2, q2, p1);
  int d = Orient(p2, q2, q1);
  return c != 0 && d != 0 && c != d;
}

// arr.round: X = p1 + t (q1 - p1) with t = tnum / den, tnum = (p2 - p1) x d2
// and den = d1 x d2, then per coordinate floor(X + 1/2) = p1 +
// floor((2 tnum d1 + den) / (2 den)) (p1 is an integer; the numbers stay
// small when the segments are short).
GridPoint RoundedCrossing(GridPoint p1, GridPoint q1, GridPoint p2, GridPoint q2) {
  Int128 d1x = q1.x - p1.x, d1y = q1.y - p1.y;
  Int128 d2x = q2.x - p2.x, d2y = q2.y - p2.y;
  Int128 den = d1x * d2y - d1y * d2x;
  Int128 tnum = Int128(p2.x - p1.x) * d2y - Int128(p2.y - p1.y) * d2x;
  if (den < 0) {
    den = -den;
    tnum = -tnum;
  }
  return {p1.x + static_cast<std::int64_t>(FloorDiv(2 * tnum * d1x + den, 2 * den)),
          p1.y + static_cast<std::int64_t>(FloorDiv(2 * tnum * d1y + den, 2 * den))};
}

// A bound on the segment parameter t: t >= num/den (lower) or t <= num/den
// (upper), strict when `open`; den > 0.
struct Bound {
  Int128 num;
  Int128 den;
  bool open;
};

// -1, 0, +1 comparing a.num/a.den with b.num/b.den.
int Compare(const Bound& a, const Bound& b) {
  Int128 l = a.num * b.den, r = b.num * a.den;
  return (l > r) - (l < r);
}

// arr.pixel: does the closed segment pq meet the half-open pixel
// [c - 1/2, c + 1/2)^2? In doubled coordinates the pixel's sides are odd
// integers, and the segment is clipped by parameter t in [0, 1] against
// x >= 2cx - 1 (closed), x < 2cx + 1 (open), and the same in y. The open
// sides give strict bounds on t; the interval of t that survives must be
// non-empty (a single point only when both its ends are closed).
bool MeetsPixel(GridPoint p, GridPoint q, GridPoint c) {
  // An axis-parallel segment at integer y meets the pixels of its own row
  // only (y in [c.y - 1/2, c.y + 1/2) means c.y = y), and among them those
  // with c.x - 1/2 <= max x and c.x + 1/2 > min x: min x <= c.x <= max x.
  // The same with x and y swapped.
  if (p.y == q.y) return c.y == p.y && std::min(p.x, q.x) <= c.x && c.x <= std::max(p.x, q.x);
  if (p.x == q.x) return c.x == p.x && std::min(p.y, q.y) <= c.y && c.y <= std::max(p.y, q.y);
  // The line through p and q meets the closed square of side 1 about c
  // only if |(q - p) x (c - p)| <= (|dx| + |dy|) / 2 (the square's extent
  // across the line): a cheap test that rejects most pixels.
  const std::int64_t ex = q.x - p.x, ey = q.y - p.y;
  const Int128 cross = Int128(ex) * (c.y - p.y) - Int128(ey) * (c.x - p.x);
  if (2 * (cross < 0 ? -cross : cross) > Int128(std::abs(ex)) + std::abs(ey)) return false;
  Int128 ax = 2 * Int128(p.x), ay = 2 * Int128(p.y);
  Int128 dx = 2 * (Int128(q.x) - p.x), dy = 2 * (Int128(q.y) - p.y);
  Bound lo{0, 1, false}, hi{1, 1, false};
  bool feasible = true;
  auto tighten_lo = [&](Bound b) {
    int cmp = Compare(b, lo);
    if (cmp > 0 || (cmp == 0 && b.open)) lo = b;
  };
  auto tighten_hi = [&](Bound b) {
    int cmp = Compare(b, hi);
    if (cmp < 0 || (cmp == 0 && b.open)) hi = b;
  };
  // a + t d >= limit (closed side).
  auto at_least = [&](Int128 a, Int128 d, Int128 limit) {
    if (d == 0) {
      feasible = feasible && a >= limit;
    } else if (d > 0) {
      tighten_lo({limit - a, d, false});
    } else {
      tighten_hi({a - limit, -d, false});
    }
  };
  // a + t d < limit (open side).
  auto below = [&](Int128 a, Int128 d, Int128 limit) {
    if (d == 0) {
      feasible = feasible && a < limit;
    } else if (d > 0) {
      tighten_hi({limit - a, d, true});
    } else {
      tighten_lo({a - limit, -d, true});
    }
  };
  at_least(ax, dx, 2 * Int128(c.x) - 1);
  below(ax, dx, 2 * Int128(c.x) + 1);
  at_least(ay, dy, 2 * Int128(c.y) - 1);
  below(ay, dy, 2 * Int128(c.y) + 1);
  if (!feasible) return false;
  int cmp = Compare(lo, hi);
  return cmp < 0 || (cmp == 0 && !lo.open && !hi.open);
}

// c strictly inside the segment uv (u != v): on its line and strictly
// between.
bool InOpenInterior(GridPoint u, GridPoint v, GridPoint c) {
  if (u.y == v.y) return c.y == u.y && std::min(u.x, v.x) < c.x && c.x < std::max(u.x, v.x);
  if (u.x == v.x) return c.x == u.x && std::min(u.y, v.y) < c.y && c.y < std::max(u.y, v.y);
  // A point strictly inside a segment that is neither horizontal nor
  // vertical lies strictly inside its box: a cheap test before the exact
  // one, as most points asked about are not near.
  if (c.x <= std::min(u.x, v.x) || c.x >= std::max(u.x, v.x) || c.y <= std::min(u.y, v.y) ||
      c.y >= std::max(u.y, v.y))
    return false;
  if (Orient(u, v, c) != 0) return false;
  Int128 dx = Int128(v.x) - u.x, dy = Int128(v.y) - u.y;
  Int128 t = (Int128(c.x) - u.x) * dx + (Int128(c.y) - u.y) * dy;
  return t > 0 && t < dx * dx + dy * dy;
}

// ---------------------------------------------------------------------------
// arr.candidates. Candidates only: every pair that could cross properly and
// every pixel a segment could meet. The exact tests above decide; how the
// candidates are found never changes the output.

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
bool PixelInBox(const Segment& s, GridPoint c) {
  return c.x >= s.a.x && c.x <= s.b.x && c.y >= s.YLow() && c.y <= s.YHigh();
}

// floor(y(x)) on the segment's line at integer x, y(x) = a.y + (x - a.x) dy / dx
// with dx > 0. As a.y is an integer, floor(y(x)) = a.y + floor((x - a.x) dy / dx);
// the product takes 64 bits when it fits (always on maps of moderate size)
// and 128 bits otherwise.
std::int64_t FloorY(const Segment& s, std::int64_t x) {
  std::int64_t dx = s.b.x - s.a.x, dy = s.b.y - s.a.y, num;
  if (dy == 0) return s.a.y;
  if (!__builtin_mul_overflow(x - s.a.x, dy, &num)) return s.a.y + FloorDiv64(num, dx);
  return s.a.y + static_cast<std::int64_t>(FloorDiv(Int128(x - s.a.x) * dy, dx));
}

GridBox BoxOf(const Segment& s) { return {s.a.x, s.YLow(), s.b.x, s.YHigh()}; }

// Two segments can only cross properly if their bounding boxes meet.
bool BoxesMeet(const GridBox& p, const GridBox& q) {
  return p.minX <= q.maxX && q.minX <= p.maxX && p.minY <= q.maxY && q.minY <= p.maxY;
}

// Does some point c of the box lie within the band 2 |f(c)| <= width about
// the segment's line, f(c) = (b - a) x (c - a)? f is linear, so over the
// box it ranges between its values at two opposite corners. Width 0 asks
// whether the line meets the box; width |dx| + |dy| whether a pixel centred
// in the box can pass MeetsPixel's first test (the pixel's extent across
// the line).
bool BandMeetsBox(const Segment& s, Int128 width, const GridBox& box) {
  const Int128 ex = s.b.x - s.a.x, ey = s.b.y - s.a.y;  // ex >= 0
  const Int128 low_x = ey > 0 ? box.maxX : box.minX, high_x = ey > 0 ? box.minX : box.maxX;
  const Int128 f_min = ex * (box.minY - s.a.y) - ey * (low_x - s.a.x);
  const Int128 f_max = ex * (box.maxY - s.a.y) - ey * (high_x - s.a.x);
  return 2 * f_min <= width && 2 * f_max >= -width;
}

// A tree of boxes (arr.candidates): the items sorted so that every node is
// a range of them, split in two halves at the median of their centres along
// the longer side of the node's box, down to leaves of a few items; each
// node keeps the box of its items. A query descends into the nodes whose
// boxes a test accepts and reports the accepted items, so its cost follows
// what lies near the query, however the items are clustered.
class BoxTree {
 public:
  // Items 0 .. count - 1, item k with the box box_of(k).
  template <typename BoxOfItem>
  BoxTree(std::size_t count, BoxOfItem box_of) {
    items_.resize(count);
    for (std::uint32_t k = 0; k < count; ++k) items_[k] = {box_of(k), k};
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
    std::vector<std::uint8_t> any_marked(nodes_.size(), 0);
    MarkNodes(0, 0, items_.size(), marked, any_marked);
    std::vector<std::pair<Range, Range>> stack;
    stack.push_back({{0, 0, items_.size()}, {0, 0, items_.size()}});
    while (!stack.empty()) {
      const auto [p, q] = stack.back();
      stack.pop_back();
      if (!any_marked[p.node] && !any_marked[q.node]) continue;
      const bool p_leaf = p.end - p.begin <= kLeaf, q_leaf = q.end - q.begin <= kLeaf;
      if (p.node == q.node) {
        if (p_leaf) {
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
      if (p_leaf && q_leaf) {
        for (std::size_t a = p.begin; a < p.end; ++a)
          for (std::size_t b = q.begin; b < q.end; ++b) Visit2(a, b, visit);
        continue;
      }
      const bool split_p = !p_leaf && (q_leaf || p.end - p.begin >= q.end - q.begin);
      const auto [low, high] = Children(split_p ? p : q);
      stack.push_back(split_p ? std::pair{low, q} : std::pair{p, low});
      stack.push_back(split_p ? std::pair{high, q} : std::pair{p, high});
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

  // any_marked[node]: does the node hold an item that `marked` takes?
  template <typename Marked>
  bool MarkNodes(std::size_t node, std::size_t begin, std::size_t end, Marked marked,
                 std::vector<std::uint8_t>& any_marked) const {
    bool any = false;
    if (end - begin <= kLeaf) {
      for (std::size_t k = begin; k < end; ++k) any = marked(items_[k].id) || any;
    } else {
      const std::size_t mid = begin + (end - begin) / 2;
      any = MarkNodes(2 * node + 1, begin, mid, marked, any_marked);
      any = MarkNodes(2 * node + 2, mid, end, marked, any_marked) || any;
    }
    any_marked[node] = any;
    return any;
  }

  void Build(std::size_t node, std::size_t begin, std::size_t end) {
    GridBox box = items_[begin].box;
    for (std::size_t k = begin + 1; k < end; ++k) {
      const GridBox& b = items_[k].box;
      box = {std::min(box.minX, b.minX), std::min(box.minY, b.minY), std::max(box.maxX, b.maxX),
             std::max(box.maxY, b.maxY)};
    }
    if (nodes_.size() <= node) nodes_.resize(2 * node + 1);
    nodes_[node] = box;
    if (end - begin <= kLeaf) return;
    // Centres doubled: minX + maxX, minY + maxY.
    const bool by_x = box.maxX - box.minX >= box.maxY - box.minY;
    auto centre = [by_x](const Item& t) {
      return by_x ? t.box.minX + t.box.maxX : t.box.minY + t.box.maxY;
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
    for (const Segment& s : segs) {
      box.Add(s.a), box.Add(s.b);
      extent += std::max(s.b.x - s.a.x, s.YHigh() - s.YLow());
    }
    const std::size_t n = std::max<std::size_t>(segs.size(), 1);
    const Int128 mean = (extent + static_cast<Int128>(n) - 1) / static_cast<Int128>(n);
    int shift = 1;
    while ((Int128(1) << shift) < mean) ++shift;
    return CellGrid(box, shift, n);
  }

  // For looking up pixels: over the box of the segments and the pixels,
  // cells as small as about 2 cells per pixel allow.
  static CellGrid ForPixels(const std::vector<Segment>& segs,
                            const std::vector<GridPoint>& pixels) {
    GridBox box = BoundsOf(pixels);
    for (const Segment& s : segs) box.Add(s.a), box.Add(s.b);
    return CellGrid(box, 1, std::max<std::size_t>(pixels.size(), 1));
  }

  std::int64_t CellX(std::int64_t x) const { return (x >> shift_) - min_cx_; }
  std::int64_t CellY(std::int64_t y) const { return (y >> shift_) - min_cy_; }
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
          cx == c1 ? CellY(s.b.y) : CellY(FloorY(s, (cx + 1 + min_cx_) << shift_));
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
    Columns(s, rows_buffer_);
    std::int64_t c0 = CellX(s.a.x);
    for (std::size_t k = 0; k < rows_buffer_.size(); ++k)
      for (std::int64_t cy = rows_buffer_[k].first; cy <= rows_buffer_[k].second; ++cy)
        visit(Index(c0 + static_cast<std::int64_t>(k), cy));
  }

  // Calls visit(cell index) once for every cell the segment passes through
  // and every neighbour of one (eight per cell): per column, the union of
  // the row ranges of the column and the two beside it, widened by a row.
  // The ranges of neighbouring columns meet (they share the row at the
  // common x), so the union is one range.
  template <typename Visit>
  void ForEachNearCell(const Segment& s, Visit visit) {
    Columns(s, rows_buffer_);
    auto span = static_cast<std::int64_t>(rows_buffer_.size());
    std::int64_t c0 = CellX(s.a.x);
    for (std::int64_t k = -1; k <= span; ++k) {
      std::int64_t cx = c0 + k;
      if (cx < 0 || cx >= cols_) continue;
      std::int64_t lo = INT64_MAX, hi = INT64_MIN;
      for (std::int64_t j = std::max<std::int64_t>(0, k - 1); j <= std::min(span - 1, k + 1); ++j) {
        lo = std::min(lo, rows_buffer_[static_cast<std::size_t>(j)].first);
        hi = std::max(hi, rows_buffer_[static_cast<std::size_t>(j)].second);
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
      min_cx_ = box.minX >> shift_, min_cy_ = box.minY >> shift_;
      cols_ = (box.maxX >> shift_) - min_cx_ + 1;
      rows_ = (box.maxY >> shift_) - min_cy_ + 1;
      if (Int128(cols_) * rows_ <= Int128(2 * n + 2)) break;
    }
  }

  int shift_ = 1;
  std::int64_t min_cx_ = 0, min_cy_ = 0, cols_ = 1, rows_ = 1;
  std::vector<std::pair<std::int64_t, std::int64_t>> rows_buffer_;
};

// Lists in one flat array: the items of list k are ids[start[k] .. start[k + 1]).
struct FlatLists {
  std::vector<std::uint32_t> start;
  std::vector<std::uint32_t> ids;
  std::span<const std::uint32_t> operator[](std::size_t k) const {
    return {ids.data() + start[k], ids.data() + start[k + 1]};
  }
};

template <typename Fill>
FlatLists BuildLists(std::int64_t cells, Fill fill) {
  FlatLists out;
  out.start.assign(static_cast<std::size_t>(cells) + 1, 0);
  fill([&](std::int64_t cell, std::uint32_t) { ++out.start[static_cast<std::size_t>(cell) + 1]; });
  for (std::size_t k = 1; k < out.start.size(); ++k) out.start[k] += out.start[k - 1];
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
bool Clustered(const FlatLists& lists, std::size_t items) {
  Int128 sum = 0;
  for (std::size_t k = 0; k + 1 < lists.start.size(); ++k) {
    Int128 c = lists.start[k + 1] - lists.start[k];
    sum += c * c;
  }
  return sum > Int128(32) * static_cast<Int128>(std::max<std::size_t>(items, 1));
}

// floor(log2(n)) + 1 for n >= 1: about the depth of a tree of n items.
std::int64_t TreeLevels(std::size_t n) { return std::bit_width(std::max<std::size_t>(n, 1)); }

// The costs the automatic choices of arr.candidates weigh, in units of one
// pair looked at by the sweep (or one pixel by the x-range scan): building
// a tree costs about this much per item and level, and a query about this
// much per level (measured on the benchmarks' clustered inputs and large
// round offsets; they only choose a method, never change a result).
constexpr std::size_t kTreeBuildCost = 4;
constexpr std::size_t kTreeQueryCost = 24;

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
CandidateSearch ClusteredCrossingSearch(const FlatLists& lists, const std::vector<Segment>& segs,
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
      std::size_t wanted_count = n;
      if (wanted)
        wanted_count = n - static_cast<std::size_t>(std::count(wanted->begin(), wanted->end(), 0));
      clustered = ClusteredCrossingSearch(lists, segs, wanted_count);
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
  if (sweep) {
    // Increasing minimum x, with the list of segments still reaching it.
    // The list keeps their boxes and kinds, so that the one pass over it
    // per segment (dropping the ended ones, testing the others) reads
    // memory in order.
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
    for (std::uint32_t i : order) {
      const Active s{BoxOf(segs[i]), i, kind[i], want(i)};
      std::size_t kept = 0;
      for (const Active& t : active) {
        if (t.box.maxX < s.box.minX) continue;
        active[kept++] = t;
        if ((s.wanted || t.wanted) && (s.kind == 2 || s.kind != t.kind) && BoxesMeet(s.box, t.box))
          visit(std::min(i, t.id), std::max(i, t.id));
      }
      active.resize(kept);
      active.push_back(s);
    }
  }
}

// For a segment, the pixels (indices into `pixels`, which is sorted by
// (x, y)) it may meet: each listed once, each inside the segment's box.
// `segs` only sizes the grid; any segment between two of the pixels may be
// asked about.
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
      if (by_row_.empty()) IndexRows();
      for (std::uint32_t r = rank_[a] + 1; r < rank_[b]; ++r) out.push_back(by_row_[r]);
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
    grid_ = CellGrid::ForPixels(segs_, pixels_);
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
  // x = last_x ask the tree rather than scan its x range (arr.candidates)?
  // A scan of at most a query's cost (kTreeQueryCost per level) scans. A
  // wider one asks the tree once it is built; the tree is built once the
  // scans wider than that have visited more pixels in all than building it
  // costs (rent or buy: at most about twice the cheaper of the two). A few
  // huge segments over a cluster of pixels so keep their scans, and the
  // nearly concentric circles of a large round offset soon build the tree.
  bool TreeIsCheaper(std::size_t first, std::int64_t last_x) {
    const std::size_t n = pixels_.size();
    const auto levels = static_cast<std::size_t>(TreeLevels(n));
    const std::size_t budget = kTreeQueryCost * levels;
    if (first + budget >= n || pixels_[first + budget].x > last_x) return false;
    if (tree_) return true;
    auto end = std::upper_bound(pixels_.begin() + static_cast<std::ptrdiff_t>(first + budget),
                                pixels_.end(), last_x,
                                [](std::int64_t x, GridPoint p) { return x < p.x; });
    wide_scans_ += static_cast<std::size_t>(end - pixels_.begin()) - first;
    if (wide_scans_ <= kTreeBuildCost * n * levels) return false;
    BuildTree();
    return true;
  }

  // The pixels in (y, x) order, and each pixel's rank in it: a stable sort
  // by y of the pixels in (x, y) order.
  void IndexRows() {
    // Indices sorted by (y, index), reading y from the pixels: smaller
    // records than (y, index) pairs, and by_row_ is the sorted vector.
    const GridBox box = BoundsOf(pixels_);
    std::vector<std::uint32_t> scratch;
    by_row_.resize(pixels_.size());
    for (std::uint32_t k = 0; k < pixels_.size(); ++k) by_row_[k] = k;
    SortByPair(
        by_row_, scratch,
        [&](std::uint32_t k) { return static_cast<std::uint64_t>(pixels_[k].y - box.minY); },
        [](std::uint32_t k) { return std::uint64_t{k}; },
        static_cast<std::uint64_t>(box.maxY - box.minY), pixels_.size());
    std::vector<std::uint32_t>().swap(scratch);
    rank_.resize(pixels_.size());
    for (std::uint32_t r = 0; r < by_row_.size(); ++r) rank_[by_row_[r]] = r;
  }

  const std::vector<Segment>& segs_;
  const std::vector<GridPoint>& pixels_;
  CandidateSearch search_;
  bool searched_ = false;
  std::optional<CellGrid> grid_;
  FlatLists lists_;
  std::optional<BoxTree> tree_;
  std::size_t wide_scans_ = 0;  // pixels visited by scans wider than a query
  std::vector<std::uint32_t> by_row_, rank_;
};

// ---------------------------------------------------------------------------
// Snap rounding, steps 1 to 5.

// A fragment hot[u] -> hot[v] (u != v) of an operand; `tested` marks one
// that arr.repair's first round must test (Repair).
struct Fragment {
  std::uint32_t u = 0;
  std::uint32_t v = 0;
  std::uint8_t operand = 0;
  bool tested = false;
};

// A point and where it came from (the sort of step 1).
struct Slot {
  GridPoint p;
  std::uint32_t slot;
};

// A fragment's undirected segment lo < hi (the sort of Group).
struct Keyed {
  std::uint32_t lo, hi, fragment;
};

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

class SnapRounder {
 public:
  explicit SnapRounder(CandidateSearch search) : search_(search) {}

  Arrangement Run(std::span<const TaggedEdge> input) {
    IndexEndpoints(ReadEdges(input));
    return RunIndexed();
  }

  // Steps 2 to 5, after ReadEdges and IndexEndpoints.
  Arrangement RunIndexed() {
    // Step 2 (arr.hot-pixels): the endpoints (hot_ already) and the rounded
    // proper crossings.
    Group(frags_);
    std::vector<GridPoint> crossings;
    std::size_t distinct = 0;
    CrossingCandidates(segs_, nullptr, search_, [&](std::uint32_t i, std::uint32_t j) {
      const Segment &s = segs_[i], &t = segs_[j];
      if (ProperlyCross(s.a, s.b, t.a, t.b))
        AddPoint(RoundedCrossing(s.a, s.b, t.a, t.b), crossings, distinct);
    });
    AddHotPixels(crossings);
    std::vector<GridPoint>().swap(crossings);
    // Step 3 (arr.reroute), which also tests its new fragments for the first
    // repair round.
    // Room for the fragments of typical input (a vector that grows copies
    // itself to new pages, which are dear on some virtual machines).
    std::vector<Fragment> next;
    next.reserve(3 * frags_.size() + 16);
    RerouteGroups(nullptr, true, next);
    frags_.swap(next);
    std::vector<Fragment>().swap(next);  // step 1's fragments: freed for Repair
    Repair();
    return Merge();
  }

  // Step 1 (arr.drop-degenerate): the non-degenerate edges as fragments;
  // their endpoints as slots for IndexEndpoints.
  std::vector<Slot> ReadEdges(std::span<const TaggedEdge> input) {
    std::vector<Slot> slots;
    slots.reserve(2 * input.size());
    frags_.reserve(input.size());
    for (const TaggedEdge& e : input) {
      if (e.p == e.q) continue;
      const auto slot = static_cast<std::uint32_t>(2 * frags_.size());
      slots.push_back({e.p, slot});
      slots.push_back({e.q, slot + 1});
      frags_.push_back({0, 0, static_cast<std::uint8_t>(e.operand), false});
    }
    return slots;
  }

  // hot_: the endpoints, sorted and distinct; each fragment's ends become
  // indices into it. The slots are freed on return, before steps 2 to 5.
  void IndexEndpoints(std::vector<Slot> slots) {
    SortPoints(slots);
    hot_.reserve(slots.size() / 2 + 16);
    for (const Slot& s : slots) {
      if (hot_.empty() || !(hot_.back() == s.p)) hot_.push_back(s.p);
      auto index = static_cast<std::uint32_t>(hot_.size() - 1);
      Fragment& f = frags_[s.slot / 2];
      (s.slot % 2 == 0 ? f.u : f.v) = index;
    }
  }

 private:
  // Sorts points (or items with a point `p`) by (x, y).
  template <typename T>
  static void SortPoints(std::vector<T>& items) {
    if (items.empty()) return;
    auto point = [](const T& t) -> GridPoint {
      if constexpr (std::is_same_v<T, GridPoint>)
        return t;
      else
        return t.p;
    };
    const GridBox box = BoundsOf(items, point);
    std::vector<T> scratch;
    SortByPair(
        items, scratch,
        [&](const T& t) { return static_cast<std::uint64_t>(point(t).x - box.minX); },
        [&](const T& t) { return static_cast<std::uint64_t>(point(t).y - box.minY); },
        static_cast<std::uint64_t>(box.maxX - box.minX),
        static_cast<std::uint64_t>(box.maxY - box.minY));
  }

  // Appends p to `points`, which held `distinct` distinct points when it was
  // last sorted. Many crossings can round to one pixel (the many nearly
  // concentric circles of a large round offset cross at nearly the same
  // places, and a pair sharing several cells is found once per cell).
  // Repeats tend to come close together (the pairs of a cell are looked at
  // together), so a table of the last point seen in each of 4096 slots,
  // chosen by a hash of the point, drops most of them as they come; and
  // the list is sorted and made distinct whenever it has grown by more
  // than it held: it stays within about twice the distinct points.
  void AddPoint(GridPoint p, std::vector<GridPoint>& points, std::size_t& distinct) {
    if (recent_.empty()) recent_.assign(4096, {INT64_MIN, INT64_MIN});  // no grid point
    const std::uint64_t hash = static_cast<std::uint64_t>(p.x) * 0x9E3779B97F4A7C15u ^
                               static_cast<std::uint64_t>(p.y) * 0xC2B2AE3D27D4EB4Fu;
    GridPoint& seen = recent_[hash >> 52];
    if (seen == p) return;
    seen = p;
    points.push_back(p);
    if (points.size() < 2 * distinct + 65536) return;
    SortDistinct(points);
    distinct = points.size();
  }

  // Sorts points by (x, y) and drops repeats.
  static void SortDistinct(std::vector<GridPoint>& points) {
    SortPoints(points);
    points.erase(std::unique(points.begin(), points.end()), points.end());
  }

  // Adds points to the hot pixels and renumbers the fragments.
  void AddHotPixels(std::vector<GridPoint>& points) {
    if (points.empty()) return;
    SortDistinct(points);
    std::vector<GridPoint> merged;
    merged.reserve(hot_.size() + points.size());
    std::vector<std::uint32_t> renumber(hot_.size());
    std::size_t j = 0;
    for (std::size_t i = 0; i < hot_.size(); ++i) {
      while (j < points.size() && points[j] < hot_[i]) merged.push_back(points[j++]);
      if (j < points.size() && points[j] == hot_[i]) ++j;  // already hot
      renumber[i] = static_cast<std::uint32_t>(merged.size());
      merged.push_back(hot_[i]);
    }
    merged.insert(merged.end(), points.begin() + static_cast<std::ptrdiff_t>(j), points.end());
    hot_.swap(merged);
    for (Fragment& f : frags_) f.u = renumber[f.u], f.v = renumber[f.v];
  }

  // Groups `frags` by their undirected segment: group g is
  // order_[start_[g] .. start_[g + 1]), its segment segs_[g], in (a, b)
  // order. The hot pixels are sorted, so index order is (x, y) order.
  void Group(const std::vector<Fragment>& frags) {
    // The old grouping is freed first, and the sort's second buffer once
    // the sort is done: the sort records are as many as the fragments.
    std::vector<std::uint32_t>().swap(order_);
    std::vector<std::uint32_t>().swap(start_);
    std::vector<Segment>().swap(segs_);
    std::vector<Keyed> keyed(frags.size()), keyed_scratch;
    for (std::uint32_t i = 0; i < frags.size(); ++i)
      keyed[i] = {std::min(frags[i].u, frags[i].v), std::max(frags[i].u, frags[i].v), i};
    const std::uint64_t max_index = hot_.empty() ? 0 : hot_.size() - 1;
    SortByPair(
        keyed, keyed_scratch, [](const Keyed& k) { return std::uint64_t{k.lo}; },
        [](const Keyed& k) { return std::uint64_t{k.hi}; }, max_index, max_index);
    std::vector<Keyed>().swap(keyed_scratch);
    auto starts_group = [&](std::size_t k) {
      return k == 0 || keyed[k].lo != keyed[k - 1].lo || keyed[k].hi != keyed[k - 1].hi;
    };
    std::size_t groups = 0;
    for (std::size_t k = 0; k < keyed.size(); ++k) groups += starts_group(k);
    start_.reserve(groups + 1);
    segs_.reserve(groups);
    order_.resize(keyed.size());
    for (std::size_t k = 0; k < keyed.size(); ++k) {
      if (starts_group(k)) {
        start_.push_back(static_cast<std::uint32_t>(k));
        segs_.push_back({hot_[keyed[k].lo], hot_[keyed[k].hi]});
      }
      order_[k] = keyed[k].fragment;
    }
    start_.push_back(static_cast<std::uint32_t>(keyed.size()));
  }

  std::span<const std::uint32_t> Members(std::size_t g) const {
    return {order_.data() + start_[g], order_.data() + start_[g + 1]};
  }

  // Appends the fragments hot_[from] -> hot_[to] through `through` (indices),
  // ordered as arr.reroute orders them along from -> to: by projection,
  // ties by (x, y), that is, by index.
  void AppendThrough(std::uint32_t from, std::uint32_t to, std::vector<std::uint32_t>& through,
                     std::uint8_t operand, bool tested, std::vector<Fragment>& out) {
    if (through.size() > 1) {
      GridPoint p = hot_[from], q = hot_[to];
      Int128 dx = Int128(q.x) - p.x, dy = Int128(q.y) - p.y;
      along_.clear();
      for (std::uint32_t k : through)
        along_.push_back({(Int128(hot_[k].x) - p.x) * dx + (Int128(hot_[k].y) - p.y) * dy, k});
      std::sort(along_.begin(), along_.end());
      for (std::size_t i = 0; i < along_.size(); ++i) through[i] = along_[i].second;
    }
    for (std::uint32_t h : through) {
      out.push_back({from, h, operand, tested});
      from = h;
    }
    out.push_back({from, to, operand, tested});
  }

  // arr.reroute of the fragments of group g (every one, or those of the
  // groups marked in `crossed`) against all hot pixels: through every other
  // hot pixel its closed segment meets. With `test_first_round`, also
  // arr.repair's first round's test for hot centres inside the new
  // fragments (interior_found_).
  void RerouteGroups(const std::vector<std::uint8_t>* crossed, bool test_first_round,
                     std::vector<Fragment>& out) {
    PixelCandidates candidates(segs_, hot_, search_);
    for (std::size_t g = 0; g + 1 < start_.size(); ++g) {
      if (crossed && !(*crossed)[g]) {
        for (std::uint32_t i : Members(g)) out.push_back(frags_[i]);
        continue;
      }
      const Segment& s = segs_[g];
      const auto [a, b] = Ends(g);
      candidates.Of(s, a, b, cands_);
      met_.clear();
      for (std::uint32_t k : cands_) {
        GridPoint h = hot_[k];
        if (!(h == s.a) && !(h == s.b) && MeetsPixel(s.a, s.b, h)) met_.push_back(k);
      }
      const bool axis_parallel = s.a.x == s.b.x || s.a.y == s.b.y;
      const bool tested = test_first_round && !met_.empty() && !axis_parallel;
      // The members that run a -> b all get the same polyline, and so do
      // those that run b -> a (not always the same one reversed: ties in
      // projection are ordered by (x, y) either way): one test of each.
      bool forward_tested = false, backward_tested = false;
      for (std::uint32_t i : Members(g)) {
        const Fragment& f = frags_[i];
        through_ = met_;
        const std::size_t first = out.size();
        AppendThrough(f.u, f.v, through_, f.operand, tested, out);
        bool& done = f.u < f.v ? forward_tested : backward_tested;
        if (tested && !done && !interior_found_) TestFirstRound(out, first);
        done = true;
      }
    }
  }

  // arr.repair's first round tests the tested fragments (Repair) for hot
  // centres in their open interior. Such a centre h lies in the edge's box
  // (the fragments' ends do) and within half a unit of the edge (every
  // point of a fragment does: its ends are centres of pixels the edge
  // meets), so in a cell beside one the edge passes through (cells are at
  // least two units wide): h is among the edge's pixel candidates, cands_.
  // The fragments out[first ..] are one polyline v_0 .. v_m from the edge's
  // p to its q. With t(x) = (x - p) . (q - p), a point strictly inside
  // v_j v_j+1 has t between t(v_j) and t(v_j+1); the vertices v_1 ..
  // v_m-1 are in ascending t (arr.reroute's order), so a binary search
  // finds the few inner fragments that can hold h; the first and the last
  // fragment (p and q stay at the ends whatever their t) are tested
  // directly. Each candidate costs a search, not a test per fragment, and
  // the candidates the edge meets (met_, in the order of cands_) need no
  // search: such a vertex v_i strictly inside an inner fragment v_j v_j+1
  // would have t(v_i) strictly between theirs, or equal to both with its
  // (x, y) order between theirs (on one line, (x, y) order is order along
  // it), and arr.reroute would have put it between them.
  void TestFirstRound(const std::vector<Fragment>& out, std::size_t first) {
    const std::size_t m = out.size() - first;
    const GridPoint p = hot_[out[first].u], q = hot_[out.back().v];
    const Int128 dx = Int128(q.x) - p.x, dy = Int128(q.y) - p.y;
    auto t = [&](GridPoint x) { return (Int128(x.x) - p.x) * dx + (Int128(x.y) - p.y) * dy; };
    // inner_t[i] = t(v_i+1), i = 0 .. m - 2.
    inner_t_.clear();
    for (std::size_t i = first; i + 1 < out.size(); ++i) inner_t_.push_back(t(hot_[out[i].v]));
    auto inside = [&](std::size_t j, GridPoint h) {  // h strictly inside v_j v_j+1
      const Fragment& f = out[first + j];
      return InOpenInterior(hot_[f.u], hot_[f.v], h);
    };
    std::size_t next_met = 0;
    for (std::uint32_t k : cands_) {
      const GridPoint h = hot_[k];
      if (inside(0, h) || inside(m - 1, h)) {
        interior_found_ = true;
        return;
      }
      if (next_met < met_.size() && met_[next_met] == k) {
        ++next_met;
        continue;
      }
      // Inner fragment j (1 <= j <= m - 2) joins inner_t[j - 1] and
      // inner_t[j]; it can hold h when inner_t[j - 1] <= t(h) <= inner_t[j].
      const auto [low, high] = std::equal_range(inner_t_.begin(), inner_t_.end(), t(h));
      const auto lo = static_cast<std::size_t>(low - inner_t_.begin());
      const auto hi = static_cast<std::size_t>(high - inner_t_.begin());
      for (std::size_t j = std::max<std::size_t>(lo, 1); j <= hi && j + 1 < m; ++j) {
        if (inside(j, h)) {
          interior_found_ = true;
          return;
        }
      }
    }
  }

  // The hot pixels a < b at the ends of group g's segment.
  std::pair<std::uint32_t, std::uint32_t> Ends(std::size_t g) const {
    const Fragment& f = frags_[order_[start_[g]]];
    return {std::min(f.u, f.v), std::max(f.u, f.v)};
  }

  // Does a hot pixel centre lie in the open interior of a group's segment?
  bool AnyInteriorCentre() {
    PixelCandidates candidates(segs_, hot_, search_);
    for (std::size_t g = 0; g < segs_.size(); ++g) {
      const auto [a, b] = Ends(g);
      candidates.Of(segs_[g], a, b, cands_);
      for (std::uint32_t k : cands_)
        if (InOpenInterior(segs_[g].a, segs_[g].b, hot_[k])) return true;
    }
    return false;
  }

  // Step 4 (arr.repair). Leaves frags_ grouped (Group) for the merge.
  void Repair() {
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
    // So a first round where nothing is tested finds no work.
    const bool any_tested =
        std::any_of(frags_.begin(), frags_.end(), [](const Fragment& f) { return f.tested; });
    for (int round = 0;; ++round) {
      Group(frags_);
      if (round == 0 && !any_tested) return;
      std::vector<std::uint8_t> dirty(segs_.size(), round > 0);
      if (round == 0)
        for (std::size_t g = 0; g < segs_.size(); ++g)
          for (std::uint32_t i : Members(g)) dirty[g] = dirty[g] || frags_[i].tested;
      std::vector<std::uint8_t> crossed(segs_.size(), 0);
      std::vector<GridPoint> rounded;
      CrossingCandidates(segs_, &dirty, search_, [&](std::uint32_t i, std::uint32_t j) {
        const Segment &s = segs_[i], &t = segs_[j];
        if (ProperlyCross(s.a, s.b, t.a, t.b)) {
          crossed[i] = crossed[j] = 1;
          rounded.push_back(RoundedCrossing(s.a, s.b, t.a, t.b));
        }
      });
      bool work = !rounded.empty();
      if (!work && round == 0) work = interior_found_;
      if (!work && round > 0) work = AnyInteriorCentre();
      if (!work) return;
      if (round == kMaxRepairRounds) {
        throw GeometryException("arrangement repair did not settle (arr.repair)",
                                {.count = kMaxRepairRounds});
      }
      // 1. New hot pixels.
      AddHotPixels(rounded);
      // 2. Reroute the fragments that crossed.
      std::vector<Fragment> next;
      next.reserve(frags_.size());
      RerouteGroups(&crossed, false, next);
      // 3. Split at hot pixel centres inside fragments.
      frags_.swap(next);
      Group(frags_);
      next.clear();
      PixelCandidates candidates(segs_, hot_, search_);
      for (std::size_t g = 0; g + 1 < start_.size(); ++g) {
        const Segment& s = segs_[g];
        const auto [a, b] = Ends(g);
        candidates.Of(s, a, b, cands_);
        met_.clear();
        for (std::uint32_t k : cands_)
          if (InOpenInterior(s.a, s.b, hot_[k])) met_.push_back(k);
        for (std::uint32_t i : Members(g)) {
          const Fragment& f = frags_[i];
          through_ = met_;
          AppendThrough(f.u, f.v, through_, f.operand, false, next);
        }
      }
      frags_.swap(next);
    }
  }

  // Step 5 (arr.merge): net counts per group, then arr.output. Groups are in
  // (a, b) order and indices in (x, y) order, so the vertices are the hot
  // pixels that kept segments use, numbered in index order.
  Arrangement Merge() {
    // The groups' segments are not read here (arr.merge): freed for the
    // output.
    std::vector<Segment>().swap(segs_);
    const std::size_t groups = start_.size() - 1;
    std::vector<std::int32_t> n0(groups, 0), n1(groups, 0);
    std::vector<std::uint32_t> vertex(hot_.size(), 0);  // 1 + vertex number when used
    std::size_t kept = 0;
    for (std::size_t g = 0; g < groups; ++g) {
      for (std::uint32_t i : Members(g)) {
        const Fragment& f = frags_[i];
        std::int32_t sign = f.u < f.v ? 1 : -1;
        if (f.operand == 0 || f.operand == 2) n0[g] += sign;
        if (f.operand == 1 || f.operand == 2) n1[g] += sign;
      }
      if (n0[g] != 0 || n1[g] != 0) {
        const Fragment& f = frags_[order_[start_[g]]];
        vertex[f.u] = vertex[f.v] = 1;
        ++kept;
      }
    }
    Arrangement out;
    out.vertices.reserve(static_cast<std::size_t>(std::count(vertex.begin(), vertex.end(), 1u)));
    out.segments.reserve(kept);
    for (std::size_t k = 0; k < hot_.size(); ++k) {
      if (vertex[k] == 0) continue;
      out.vertices.push_back(hot_[k]);
      vertex[k] = static_cast<std::uint32_t>(out.vertices.size());
    }
    for (std::size_t g = 0; g < groups; ++g) {
      if (n0[g] == 0 && n1[g] == 0) continue;
      const Fragment& f = frags_[order_[start_[g]]];
      out.segments.push_back(
          {vertex[std::min(f.u, f.v)] - 1, vertex[std::max(f.u, f.v)] - 1, n0[g], n1[g]});
    }
    return out;
  }

  CandidateSearch search_;
  std::vector<GridPoint> hot_;  // sorted by (x, y), distinct
  std::vector<Fragment> frags_;
  // Group(): frags_ by segment.
  std::vector<std::uint32_t> order_, start_;
  std::vector<Segment> segs_;
  // The first repair round's test, made while rerouting.
  bool interior_found_ = false;
  std::vector<Int128> inner_t_;
  // AddPoint's last point per slot.
  std::vector<GridPoint> recent_;
  // Scratch.
  std::vector<std::uint32_t> cands_, met_, through_;
  std::vector<std::pair<Int128, std::uint32_t>> along_;
};

}  // namespace

Arrangement BuildArrangement(std::span<const TaggedEdge> edges) {
  return BuildArrangement(edges, CandidateSearch::kAuto);
}

Arrangement BuildArrangement(std::span<const TaggedEdge> input, CandidateSearch search) {
  CheckInput(input);
  return SnapRounder(search).Run(input);
}

Arrangement BuildArrangement(std::vector<TaggedEdge>&& input) {
  CheckInput(input);
  SnapRounder rounder(CandidateSearch::kAuto);
  std::vector<Slot> slots = rounder.ReadEdges(input);
  std::vector<TaggedEdge>().swap(input);  // read: freed before the sort
  rounder.IndexEndpoints(std::move(slots));
  return rounder.RunIndexed();
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
