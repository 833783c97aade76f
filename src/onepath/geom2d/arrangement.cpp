// The arrangement: noding by snap rounding (docs/spec/arrangement.md).
//
// Everything is exact integer arithmetic on grid coordinates of magnitude
// at most 2^39: differences fit in 41 bits, their products in 82, and the
// crossing numerators below in 123, so 128-bit integers never overflow.
#include "onepath/geom2d/arrangement.hpp"

#include <algorithm>
#include <string>

#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/exact/predicates.hpp"
#include "onepath/geom2d/grid.hpp"

namespace onepath::geom2d {

namespace {

__extension__ typedef __int128 Int128;

constexpr int kMaxRepairRounds = 256;

struct Fragment {
  GridPoint u;
  GridPoint v;
  int operand = 0;
};

// floor(n / d) for d > 0.
Int128 FloorDiv(Int128 n, Int128 d) {
  Int128 q = n / d;
  if (n % d != 0 && n < 0) q -= 1;
  return q;
}

// arr.proper-crossing: each segment's endpoints strictly on opposite sides
// of the other's line.
bool ProperlyCross(GridPoint p1, GridPoint q1, GridPoint p2, GridPoint q2) {
  int a = Orient(p1, q1, p2);
  int b = Orient(p1, q1, q2);
  if (a == 0 || b == 0 || a == b) return false;
  int c = Orient(p2, q2, p1);
  int d = Orient(p2, q2, q1);
  return c != 0 && d != 0 && c != d;
}

// arr.round: X = p1 + t (q1 - p1) with t = ((p2 - p1) x d2) / (d1 x d2),
// then floor(X + 1/2) = floor((2 num + den) / (2 den)) per coordinate.
GridPoint RoundedCrossing(GridPoint p1, GridPoint q1, GridPoint p2, GridPoint q2) {
  Int128 d1x = q1.x - p1.x, d1y = q1.y - p1.y;
  Int128 d2x = q2.x - p2.x, d2y = q2.y - p2.y;
  Int128 den = d1x * d2y - d1y * d2x;
  Int128 tnum = Int128(p2.x - p1.x) * d2y - Int128(p2.y - p1.y) * d2x;
  if (den < 0) {
    den = -den;
    tnum = -tnum;
  }
  Int128 nx = Int128(p1.x) * den + tnum * d1x;
  Int128 ny = Int128(p1.y) * den + tnum * d1y;
  return {static_cast<std::int64_t>(FloorDiv(2 * nx + den, 2 * den)),
          static_cast<std::int64_t>(FloorDiv(2 * ny + den, 2 * den))};
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

// c strictly inside the segment uv: on its line and strictly between.
bool InOpenInterior(GridPoint u, GridPoint v, GridPoint c) {
  if (Orient(u, v, c) != 0) return false;
  Int128 dx = Int128(v.x) - u.x, dy = Int128(v.y) - u.y;
  Int128 t = (Int128(c.x) - u.x) * dx + (Int128(c.y) - u.y) * dy;
  return t > 0 && t < dx * dx + dy * dy;
}

// arr.reroute's order: projection onto p -> q, ties by (x, y).
void SortAlong(GridPoint p, GridPoint q, std::vector<GridPoint>& centres) {
  Int128 dx = Int128(q.x) - p.x, dy = Int128(q.y) - p.y;
  auto proj = [&](GridPoint h) { return (Int128(h.x) - p.x) * dx + (Int128(h.y) - p.y) * dy; };
  std::sort(centres.begin(), centres.end(), [&](GridPoint a, GridPoint b) {
    Int128 pa = proj(a), pb = proj(b);
    if (pa != pb) return pa < pb;
    return a < b;
  });
}

// ---------------------------------------------------------------------------
// arr.candidates. Candidates only: every pair that could cross properly and
// every pixel a segment could meet. The exact tests above decide; how the
// candidates are found never changes the output.

struct Segment {
  GridPoint a;  // a.x <= b.x (and a.y <= b.y when vertical)
  GridPoint b;
  std::int64_t ylo;  // min(a.y, b.y)
  std::int64_t yhi;  // max(a.y, b.y)
};

Segment Normalised(GridPoint u, GridPoint v) {
  if (v < u) std::swap(u, v);
  return {u, v, std::min(u.y, v.y), std::max(u.y, v.y)};
}

// The cheap test every candidate passes before an exact one. The pixel
// [c - 1/2, c + 1/2)^2 can only meet the closed segment if its x range
// reaches the segment's: c.x - 1/2 <= b.x and c.x + 1/2 > a.x, which for
// integers is a.x <= c.x <= b.x; the same in y.
bool PixelInBox(const Segment& s, GridPoint c) {
  return c.x >= s.a.x && c.x <= s.b.x && c.y >= s.ylo && c.y <= s.yhi;
}

// Two segments can only cross properly if their bounding boxes meet.
bool BoxesMeet(const Segment& s, const Segment& t) {
  return s.a.x <= t.b.x && t.a.x <= s.b.x && s.ylo <= t.yhi && t.ylo <= s.yhi;
}

// floor(n / d) for d > 0, in 64 bits.
std::int64_t FloorDiv64(std::int64_t n, std::int64_t d) {
  std::int64_t q = n / d;
  if (n % d != 0 && n < 0) q -= 1;
  return q;
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

// A uniform grid of cells of side 2^shift over the bounding box.
class CellGrid {
 public:
  CellGrid(const std::vector<Segment>& segs, const std::vector<GridPoint>& pixels) {
    std::int64_t min_x = INT64_MAX, min_y = INT64_MAX, max_x = INT64_MIN, max_y = INT64_MIN;
    Int128 extent = 0;
    for (const Segment& s : segs) {
      min_x = std::min(min_x, s.a.x), max_x = std::max(max_x, s.b.x);
      min_y = std::min(min_y, s.ylo), max_y = std::max(max_y, s.yhi);
      extent += std::max(s.b.x - s.a.x, s.yhi - s.ylo);
    }
    for (GridPoint p : pixels) {
      min_x = std::min(min_x, p.x), max_x = std::max(max_x, p.x);
      min_y = std::min(min_y, p.y), max_y = std::max(max_y, p.y);
    }
    std::size_t n = std::max<std::size_t>({segs.size(), pixels.size(), 1});
    // The least power of two, at least 2, at least the mean extent ...
    Int128 mean = (extent + static_cast<Int128>(n) - 1) / static_cast<Int128>(n);
    shift_ = 1;
    while ((Int128(1) << shift_) < mean) ++shift_;
    // ... raised until there are at most about 2n cells.
    for (;; ++shift_) {
      min_cx_ = min_x >> shift_, min_cy_ = min_y >> shift_;
      cols_ = (max_x >> shift_) - min_cx_ + 1;
      rows_ = (max_y >> shift_) - min_cy_ + 1;
      if (Int128(cols_) * rows_ <= Int128(2 * n + 2)) break;
    }
  }

  std::int64_t CellX(std::int64_t x) const { return (x >> shift_) - min_cx_; }
  std::int64_t CellY(std::int64_t y) const { return (y >> shift_) - min_cy_; }
  // Column-major: segments sorted by x (DistinctSegments) then visit nearby
  // memory.
  std::int64_t Index(std::int64_t cx, std::int64_t cy) const { return cx * rows_ + cy; }
  std::int64_t Count() const { return cols_ * rows_; }

  // The cells the segment passes through, as one row range per column
  // CellX(a.x) .. CellX(b.x): the rows between the floors of y at the
  // column's two x ends (exact floor divisions; floor(floor(y) / 2^shift) =
  // floor(y / 2^shift)).
  void Columns(const Segment& s, std::vector<std::pair<std::int64_t, std::int64_t>>& rows) const {
    rows.clear();
    std::int64_t c0 = CellX(s.a.x), c1 = CellX(s.b.x);
    for (std::int64_t cx = c0; cx <= c1; ++cx) {
      if (s.a.x == s.b.x) {
        rows.push_back({CellY(s.ylo), CellY(s.yhi)});
        continue;
      }
      std::int64_t col_lo = (cx + min_cx_) << shift_;
      std::int64_t xa = std::max(s.a.x, col_lo);
      std::int64_t xb = std::min(s.b.x, col_lo + (std::int64_t{1} << shift_));
      std::int64_t ra = CellY(FloorY(s, xa)), rb = CellY(FloorY(s, xb));
      rows.push_back({std::max<std::int64_t>(0, std::min(ra, rb)),
                      std::min<std::int64_t>(rows_ - 1, std::max(ra, rb))});
    }
  }

  // Calls visit(cell index) for every cell the segment passes through.
  template <typename Visit>
  void ForEachCell(const Segment& s, Visit visit) {
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
  std::vector<std::uint32_t> count(static_cast<std::size_t>(cells) + 1, 0);
  fill([&](std::int64_t cell, std::uint32_t) { ++count[static_cast<std::size_t>(cell) + 1]; });
  for (std::size_t k = 1; k < count.size(); ++k) count[k] += count[k - 1];
  out.start = count;
  out.ids.resize(count.back());
  fill([&](std::int64_t cell, std::uint32_t id) {
    out.ids[count[static_cast<std::size_t>(cell)]++] = id;
  });
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

// Calls visit(i, j) once for every pair i < j of segments whose bounding
// boxes meet and that share a grid cell (or, on the sweep path, overlap in
// x and y).
template <typename Visit>
void CrossingCandidates(const std::vector<Segment>& segs, CandidateSearch search, Visit visit) {
  if (segs.size() < 2) return;
  auto n = static_cast<std::uint32_t>(segs.size());
  bool sweep = search == CandidateSearch::kSweep;
  if (!sweep) {
    CellGrid grid(segs, {});
    FlatLists lists = BuildLists(grid.Count(), [&](auto add) {
      for (std::uint32_t i = 0; i < n; ++i)
        grid.ForEachCell(segs[i], [&](std::int64_t cell) { add(cell, i); });
    });
    if (search == CandidateSearch::kAuto && Clustered(lists, segs.size())) {
      sweep = true;
    } else {
      // A pair sharing several cells is visited once: seen[j] == i marks
      // the j already met while listing i's cells.
      std::vector<std::uint32_t> seen(n, UINT32_MAX);
      for (std::uint32_t i = 0; i < n; ++i)
        grid.ForEachCell(segs[i], [&](std::int64_t cell) {
          for (std::uint32_t j : lists[static_cast<std::size_t>(cell)]) {
            if (j <= i || seen[j] == i) continue;
            seen[j] = i;
            if (BoxesMeet(segs[i], segs[j])) visit(i, j);
          }
        });
    }
  }
  if (sweep) {
    // Increasing minimum x, with the list of segments still reaching it.
    std::vector<std::uint32_t> order(n);
    for (std::uint32_t i = 0; i < n; ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
      return segs[a].a.x < segs[b].a.x || (segs[a].a.x == segs[b].a.x && a < b);
    });
    std::vector<std::uint32_t> active;
    for (std::uint32_t i : order) {
      std::int64_t x = segs[i].a.x;
      std::erase_if(active, [&](std::uint32_t j) { return segs[j].b.x < x; });
      for (std::uint32_t j : active)
        if (BoxesMeet(segs[i], segs[j])) visit(std::min(i, j), std::max(i, j));
      active.push_back(i);
    }
  }
}

// For every segment, the pixels (indices into `pixels`, which is sorted by
// (x, y)) it may meet: each listed once, each inside the segment's box.
FlatLists PixelCandidates(const std::vector<Segment>& segs, const std::vector<GridPoint>& pixels,
                          CandidateSearch search) {
  FlatLists out;
  out.start.reserve(segs.size() + 1);
  out.start.push_back(0);
  auto close_list = [&] { out.start.push_back(static_cast<std::uint32_t>(out.ids.size())); };
  if (pixels.empty()) {
    for (std::size_t i = 0; i < segs.size(); ++i) close_list();
    return out;
  }
  bool sweep = search == CandidateSearch::kSweep;
  if (!sweep && !segs.empty()) {
    CellGrid grid(segs, pixels);
    FlatLists lists = BuildLists(grid.Count(), [&](auto add) {
      for (std::uint32_t k = 0; k < pixels.size(); ++k)
        add(grid.Index(grid.CellX(pixels[k].x), grid.CellY(pixels[k].y)), k);
    });
    if (search == CandidateSearch::kAuto && Clustered(lists, pixels.size())) {
      sweep = true;
    } else {
      for (const Segment& s : segs) {
        grid.ForEachNearCell(s, [&](std::int64_t cell) {
          for (std::uint32_t k : lists[static_cast<std::size_t>(cell)])
            if (PixelInBox(s, pixels[k])) out.ids.push_back(k);
        });
        close_list();
      }
    }
  }
  if (sweep) {
    // Binary search of the segment's x range.
    for (const Segment& s : segs) {
      auto first = std::lower_bound(pixels.begin(), pixels.end(), GridPoint{s.a.x, INT64_MIN});
      for (auto it = first; it != pixels.end() && it->x <= s.b.x; ++it)
        if (PixelInBox(s, *it)) out.ids.push_back(static_cast<std::uint32_t>(it - pixels.begin()));
      close_list();
    }
  }
  return out;
}

// The distinct undirected segments of a list of fragments, sorted, and for
// each fragment the index of its segment. Only geometry enters the crossing
// and pixel tests, so duplicate fragments (overlapping collinear input gives
// many) are searched once. `order` lists the fragments grouped by segment,
// in segment order: working through them in that order keeps nearby
// geometry together in memory.
struct SegmentSet {
  std::vector<Segment> segs;
  std::vector<std::uint32_t> of;
  std::vector<std::uint32_t> order;
};

SegmentSet DistinctSegments(const std::vector<Fragment>& frags) {
  struct Keyed {
    Segment s;
    std::uint32_t fragment;
  };
  std::vector<Keyed> keyed;
  keyed.reserve(frags.size());
  for (std::uint32_t i = 0; i < frags.size(); ++i)
    keyed.push_back({Normalised(frags[i].u, frags[i].v), i});
  std::sort(keyed.begin(), keyed.end(), [](const Keyed& x, const Keyed& y) {
    return x.s.a < y.s.a || (x.s.a == y.s.a && x.s.b < y.s.b);
  });
  SegmentSet set;
  set.segs.reserve(frags.size());
  set.of.resize(frags.size());
  set.order.reserve(frags.size());
  for (std::size_t k = 0; k < keyed.size(); ++k) {
    if (k == 0 || !(keyed[k - 1].s.a == keyed[k].s.a && keyed[k - 1].s.b == keyed[k].s.b))
      set.segs.push_back(keyed[k].s);
    set.of[keyed[k].fragment] = static_cast<std::uint32_t>(set.segs.size() - 1);
    set.order.push_back(keyed[k].fragment);
  }
  return set;
}

void SortUnique(std::vector<GridPoint>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// Replaces fragment f by the fragments through `centres` (grid points on or
// near it), in arr.reroute's order along f.
void AppendThrough(const Fragment& f, std::vector<GridPoint>& centres, std::vector<Fragment>& out) {
  SortAlong(f.u, f.v, centres);
  GridPoint from = f.u;
  for (GridPoint h : centres) {
    out.push_back({from, h, f.operand});
    from = h;
  }
  out.push_back({from, f.v, f.operand});
}

// arr.reroute of one edge or fragment u -> v, given its candidate pixels:
// through every other hot pixel the closed segment meets.
void Reroute(const Fragment& f, std::span<const std::uint32_t> candidates,
             const std::vector<GridPoint>& hot, std::vector<Fragment>& out) {
  std::vector<GridPoint> between;
  for (std::uint32_t k : candidates) {
    GridPoint h = hot[k];
    if (!(h == f.u) && !(h == f.v) && MeetsPixel(f.u, f.v, h)) between.push_back(h);
  }
  AppendThrough(f, between, out);
}

// arr.repair step 3 for one fragment: through the hot pixel centres in its
// open interior.
void Split(const Fragment& f, std::span<const std::uint32_t> candidates,
           const std::vector<GridPoint>& hot, std::vector<Fragment>& out) {
  std::vector<GridPoint> inside;
  for (std::uint32_t k : candidates)
    if (InOpenInterior(f.u, f.v, hot[k])) inside.push_back(hot[k]);
  AppendThrough(f, inside, out);
}

// Does a hot pixel centre lie in the open interior of one of the segments?
bool AnyInteriorCentre(const std::vector<Segment>& segs, const std::vector<GridPoint>& hot,
                       CandidateSearch search) {
  FlatLists candidates = PixelCandidates(segs, hot, search);
  for (std::size_t i = 0; i < segs.size(); ++i)
    for (std::uint32_t k : candidates[i])
      if (InOpenInterior(segs[i].a, segs[i].b, hot[k])) return true;
  return false;
}

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

}  // namespace

Arrangement BuildArrangement(std::span<const TaggedEdge> edges) {
  return BuildArrangement(edges, CandidateSearch::kAuto);
}

Arrangement BuildArrangement(std::span<const TaggedEdge> input, CandidateSearch search) {
  CheckInput(input);

  // Step 1 (arr.drop-degenerate).
  std::vector<Fragment> edges;
  edges.reserve(input.size());
  for (const TaggedEdge& e : input)
    if (!(e.p == e.q)) edges.push_back({e.p, e.q, e.operand});

  // Step 2 (arr.hot-pixels): endpoints and rounded proper crossings.
  std::vector<GridPoint> hot;
  hot.reserve(2 * edges.size());
  for (const Fragment& e : edges) {
    hot.push_back(e.u);
    hot.push_back(e.v);
  }
  SegmentSet set = DistinctSegments(edges);
  CrossingCandidates(set.segs, search, [&](std::uint32_t i, std::uint32_t j) {
    const Segment &s = set.segs[i], &t = set.segs[j];
    if (ProperlyCross(s.a, s.b, t.a, t.b)) hot.push_back(RoundedCrossing(s.a, s.b, t.a, t.b));
  });
  SortUnique(hot);

  // Step 3 (arr.reroute). `split` marks the segments (of `set`, after the
  // repair round below has rebuilt it) whose edge went through a hot pixel.
  std::vector<Fragment> frags;
  frags.reserve(edges.size());
  bool any_split = false;
  std::vector<std::uint8_t> from_split;  // per fragment
  {
    FlatLists candidates = PixelCandidates(set.segs, hot, search);
    for (std::uint32_t i : set.order) {
      std::size_t before = frags.size();
      Reroute(edges[i], candidates[set.of[i]], hot, frags);
      from_split.resize(frags.size(), frags.size() - before > 1);
      any_split = any_split || frags.size() - before > 1;
    }
  }

  // Step 4 (arr.repair).
  for (int round = 0;; ++round) {
    // Which segments the round must test. In the first round only those
    // from an edge that rerouting split: an edge E that went through no hot
    // pixel but its endpoints is its own fragment, and
    //  - two such edges cannot cross properly: their crossing X rounds to a
    //    hot pixel c whose half-open pixel holds X, so both met pixel c, and
    //    c is not an endpoint of both (edges sharing an endpoint do not
    //    cross properly), so one of them was split;
    //  - no hot centre lies strictly inside E, since E would have met that
    //    pixel and been split.
    // So a first round where no edge was split finds no work.
    if (round == 0 && !any_split) {
      // Every fragment is its edge, in `set.order`: the same segments.
      std::vector<std::uint32_t> of(frags.size());
      for (std::uint32_t k = 0; k < frags.size(); ++k) {
        of[k] = set.of[set.order[k]];
        set.order[k] = k;
      }
      set.of = std::move(of);
      break;
    }
    set = DistinctSegments(frags);
    std::vector<std::uint8_t> dirty(set.segs.size(), round > 0);
    if (round == 0) {
      for (std::size_t i = 0; i < frags.size(); ++i)
        if (from_split[i]) dirty[set.of[i]] = 1;
    }
    std::vector<std::uint8_t> crossed(set.segs.size(), 0);
    std::vector<GridPoint> rounded;
    CrossingCandidates(set.segs, search, [&](std::uint32_t i, std::uint32_t j) {
      const Segment &s = set.segs[i], &t = set.segs[j];
      if ((dirty[i] || dirty[j]) && ProperlyCross(s.a, s.b, t.a, t.b)) {
        crossed[i] = crossed[j] = 1;
        rounded.push_back(RoundedCrossing(s.a, s.b, t.a, t.b));
      }
    });
    bool work = !rounded.empty();
    if (!work) {
      std::vector<Segment> tested;
      for (std::size_t i = 0; i < set.segs.size(); ++i)
        if (dirty[i]) tested.push_back(set.segs[i]);
      work = AnyInteriorCentre(tested, hot, search);
    }
    if (!work) break;
    if (round == kMaxRepairRounds) {
      throw GeometryException("arrangement repair did not settle (arr.repair)",
                              {.count = kMaxRepairRounds});
    }
    // 1. New hot pixels.
    hot.insert(hot.end(), rounded.begin(), rounded.end());
    SortUnique(hot);
    // 2. Reroute the fragments that crossed.
    std::vector<Fragment> next;
    {
      FlatLists candidates = PixelCandidates(set.segs, hot, search);
      for (std::uint32_t i : set.order) {
        if (crossed[set.of[i]])
          Reroute(frags[i], candidates[set.of[i]], hot, next);
        else
          next.push_back(frags[i]);
      }
    }
    // 3. Split at hot pixel centres inside fragments.
    frags.clear();
    {
      SegmentSet next_set = DistinctSegments(next);
      FlatLists candidates = PixelCandidates(next_set.segs, hot, search);
      for (std::uint32_t i : next_set.order) Split(next[i], candidates[next_set.of[i]], hot, frags);
    }
  }

  // Step 5 (arr.merge): net counts per undirected segment. `set` holds the
  // final fragments' distinct segments, sorted by (a, b).
  std::vector<std::int32_t> n0(set.segs.size(), 0), n1(set.segs.size(), 0);
  for (std::uint32_t i : set.order) {
    const Fragment& f = frags[i];
    std::int32_t sign = f.u < f.v ? 1 : -1;
    if (f.operand == 0 || f.operand == 2) n0[set.of[i]] += sign;
    if (f.operand == 1 || f.operand == 2) n1[set.of[i]] += sign;
  }
  // The vertices, and each kept segment's two vertex indices: endpoint k of
  // kept segment j goes to slot 2 j + k, sorted by point once.
  std::vector<std::uint32_t> kept;
  for (std::uint32_t g = 0; g < set.segs.size(); ++g)
    if (n0[g] != 0 || n1[g] != 0) kept.push_back(g);
  struct Slot {
    GridPoint p;
    std::uint32_t slot;
  };
  std::vector<Slot> slots;
  slots.reserve(2 * kept.size());
  for (std::uint32_t j = 0; j < kept.size(); ++j) {
    slots.push_back({set.segs[kept[j]].a, 2 * j});
    slots.push_back({set.segs[kept[j]].b, 2 * j + 1});
  }
  std::sort(slots.begin(), slots.end(), [](const Slot& x, const Slot& y) { return x.p < y.p; });
  Arrangement out;
  std::vector<std::uint32_t> vertex_of(slots.size());
  for (const Slot& s : slots) {
    if (out.vertices.empty() || !(out.vertices.back() == s.p)) out.vertices.push_back(s.p);
    vertex_of[s.slot] = static_cast<std::uint32_t>(out.vertices.size() - 1);
  }
  // Sorted by (a, b) as points, so also by their indices.
  out.segments.reserve(kept.size());
  for (std::uint32_t j = 0; j < kept.size(); ++j)
    out.segments.push_back({vertex_of[2 * j], vertex_of[2 * j + 1], n0[kept[j]], n1[kept[j]]});
  return out;
}

std::vector<std::uint8_t> CanonicalBytes(const Arrangement& arrangement) {
  CanonicalWriter w;
  w.Count(arrangement.vertices.size());
  for (GridPoint p : arrangement.vertices) {
    w.I64(p.x);
    w.I64(p.y);
  }
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
