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

namespace onepath::geom2d {

namespace {

__extension__ typedef __int128 Int128;

constexpr int kMaxRepairRounds = 256;

struct Fragment {
  GridPoint u;
  GridPoint v;
  int operand = 0;
};

int Orient(GridPoint a, GridPoint b, GridPoint c) {
  return exact::Orient2DInt(a.x, a.y, b.x, b.y, c.x, c.y);
}

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
};

Segment Normalised(GridPoint u, GridPoint v) { return v < u ? Segment{v, u} : Segment{u, v}; }

// A uniform grid of cells of side 2^shift over the bounding box.
class CellGrid {
 public:
  CellGrid(const std::vector<Segment>& segs, const std::vector<GridPoint>& pixels) {
    std::int64_t min_x = INT64_MAX, min_y = INT64_MAX, max_x = INT64_MIN, max_y = INT64_MIN;
    Int128 extent = 0;
    auto grow = [&](GridPoint p) {
      min_x = std::min(min_x, p.x), max_x = std::max(max_x, p.x);
      min_y = std::min(min_y, p.y), max_y = std::max(max_y, p.y);
    };
    for (const Segment& s : segs) {
      grow(s.a);
      grow(s.b);
      extent += std::max(s.b.x - s.a.x, std::max(s.b.y - s.a.y, s.a.y - s.b.y));
    }
    for (GridPoint p : pixels) grow(p);
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
  std::int64_t Index(std::int64_t cx, std::int64_t cy) const { return cy * cols_ + cx; }
  std::int64_t Count() const { return cols_ * rows_; }
  std::int64_t cols() const { return cols_; }
  std::int64_t rows() const { return rows_; }

  // Calls visit(cell index) for every cell the segment passes through: per
  // column, the rows between the floors of y at the column's two x ends.
  template <typename Visit>
  void ForEachCell(const Segment& s, Visit visit) const {
    std::int64_t c0 = CellX(s.a.x), c1 = CellX(s.b.x);
    Int128 dx = Int128(s.b.x) - s.a.x, dy = Int128(s.b.y) - s.a.y;
    for (std::int64_t cx = c0; cx <= c1; ++cx) {
      std::int64_t r0, r1;
      if (dx == 0) {
        r0 = CellY(std::min(s.a.y, s.b.y));
        r1 = CellY(std::max(s.a.y, s.b.y));
      } else {
        Int128 col_lo = Int128(cx + min_cx_) << shift_;
        Int128 xa = std::max<Int128>(s.a.x, col_lo);
        Int128 xb = std::min<Int128>(s.b.x, col_lo + (Int128(1) << shift_));
        // floor(y(x) / 2^shift) with y(x) = a.y + (x - a.x) dy / dx, dx > 0.
        auto row = [&](Int128 x) {
          Int128 num = Int128(s.a.y) * dx + (x - s.a.x) * dy;
          return static_cast<std::int64_t>(FloorDiv(num, dx << shift_)) - min_cy_;
        };
        std::int64_t ra = row(xa), rb = row(xb);
        r0 = std::max<std::int64_t>(0, std::min(ra, rb));
        r1 = std::min<std::int64_t>(rows_ - 1, std::max(ra, rb));
      }
      for (std::int64_t cy = r0; cy <= r1; ++cy) visit(Index(cx, cy));
    }
  }

 private:
  int shift_ = 1;
  std::int64_t min_cx_ = 0, min_cy_ = 0, cols_ = 1, rows_ = 1;
};

// Compressed lists: items of cell k are ids[start[k] .. start[k + 1]).
struct CellLists {
  std::vector<std::uint32_t> start;
  std::vector<std::uint32_t> ids;
};

template <typename Fill>
CellLists BuildLists(std::int64_t cells, Fill fill) {
  CellLists out;
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
bool Clustered(const CellLists& lists, std::size_t items) {
  Int128 sum = 0;
  for (std::size_t k = 0; k + 1 < lists.start.size(); ++k) {
    Int128 c = lists.start[k + 1] - lists.start[k];
    sum += c * c;
  }
  return sum > Int128(32) * static_cast<Int128>(std::max<std::size_t>(items, 1));
}

void SortUnique(std::vector<std::pair<std::uint32_t, std::uint32_t>>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// Pairs i < j of segments that may cross.
std::vector<std::pair<std::uint32_t, std::uint32_t>> CrossingCandidates(
    const std::vector<Segment>& segs, CandidateSearch search) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  if (segs.size() < 2) return pairs;
  bool sweep = search == CandidateSearch::kSweep;
  if (!sweep) {
    CellGrid grid(segs, {});
    CellLists lists = BuildLists(grid.Count(), [&](auto add) {
      for (std::uint32_t i = 0; i < segs.size(); ++i)
        grid.ForEachCell(segs[i], [&](std::int64_t cell) { add(cell, i); });
    });
    if (search == CandidateSearch::kAuto && Clustered(lists, segs.size())) {
      sweep = true;
    } else {
      for (std::size_t k = 0; k + 1 < lists.start.size(); ++k)
        for (std::uint32_t x = lists.start[k]; x < lists.start[k + 1]; ++x)
          for (std::uint32_t y = x + 1; y < lists.start[k + 1]; ++y) {
            std::uint32_t i = lists.ids[x], j = lists.ids[y];
            pairs.push_back(i < j ? std::make_pair(i, j) : std::make_pair(j, i));
          }
    }
  }
  if (sweep) {
    // Increasing minimum x, with the list of segments still reaching it.
    std::vector<std::uint32_t> order(segs.size());
    for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
      return segs[a].a.x < segs[b].a.x || (segs[a].a.x == segs[b].a.x && a < b);
    });
    std::vector<std::uint32_t> active;
    for (std::uint32_t i : order) {
      std::int64_t x = segs[i].a.x;
      std::erase_if(active, [&](std::uint32_t j) { return segs[j].b.x < x; });
      std::int64_t ylo = std::min(segs[i].a.y, segs[i].b.y);
      std::int64_t yhi = std::max(segs[i].a.y, segs[i].b.y);
      for (std::uint32_t j : active) {
        std::int64_t jlo = std::min(segs[j].a.y, segs[j].b.y);
        std::int64_t jhi = std::max(segs[j].a.y, segs[j].b.y);
        if (jhi < ylo || jlo > yhi) continue;
        pairs.push_back(i < j ? std::make_pair(i, j) : std::make_pair(j, i));
      }
      active.push_back(i);
    }
  }
  SortUnique(pairs);
  return pairs;
}

// For every segment, the pixels (indices into `pixels`) it may meet.
std::vector<std::vector<std::uint32_t>> PixelCandidates(const std::vector<Segment>& segs,
                                                        const std::vector<GridPoint>& pixels,
                                                        CandidateSearch search) {
  std::vector<std::vector<std::uint32_t>> out(segs.size());
  if (segs.empty() || pixels.empty()) return out;
  bool sweep = search == CandidateSearch::kSweep;
  if (!sweep) {
    CellGrid grid(segs, pixels);
    CellLists lists = BuildLists(grid.Count(), [&](auto add) {
      for (std::uint32_t k = 0; k < pixels.size(); ++k)
        add(grid.Index(grid.CellX(pixels[k].x), grid.CellY(pixels[k].y)), k);
    });
    if (search == CandidateSearch::kAuto && Clustered(lists, pixels.size())) {
      sweep = true;
    } else {
      for (std::size_t i = 0; i < segs.size(); ++i) {
        std::vector<std::int64_t> cells;
        grid.ForEachCell(segs[i], [&](std::int64_t cell) { cells.push_back(cell); });
        std::vector<std::uint32_t>& mine = out[i];
        for (std::int64_t cell : cells) {
          std::int64_t cx = cell % grid.cols(), cy = cell / grid.cols();
          for (std::int64_t ny = std::max<std::int64_t>(0, cy - 1);
               ny <= std::min(grid.rows() - 1, cy + 1); ++ny)
            for (std::int64_t nx = std::max<std::int64_t>(0, cx - 1);
                 nx <= std::min(grid.cols() - 1, cx + 1); ++nx) {
              std::int64_t k = grid.Index(nx, ny);
              for (std::uint32_t x = lists.start[k]; x < lists.start[k + 1]; ++x)
                mine.push_back(lists.ids[x]);
            }
        }
        std::sort(mine.begin(), mine.end());
        mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
      }
    }
  }
  if (sweep) {
    // `pixels` is sorted by (x, y): binary search of the x range.
    for (std::size_t i = 0; i < segs.size(); ++i) {
      std::int64_t ylo = std::min(segs[i].a.y, segs[i].b.y) - 1;
      std::int64_t yhi = std::max(segs[i].a.y, segs[i].b.y) + 1;
      auto first =
          std::lower_bound(pixels.begin(), pixels.end(), GridPoint{segs[i].a.x - 1, INT64_MIN});
      for (auto it = first; it != pixels.end() && it->x <= segs[i].b.x + 1; ++it)
        if (it->y >= ylo && it->y <= yhi)
          out[i].push_back(static_cast<std::uint32_t>(it - pixels.begin()));
    }
  }
  return out;
}

std::vector<Segment> Segments(const std::vector<Fragment>& frags) {
  std::vector<Segment> segs;
  segs.reserve(frags.size());
  for (const Fragment& f : frags) segs.push_back(Normalised(f.u, f.v));
  return segs;
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
void Reroute(const Fragment& f, const std::vector<std::uint32_t>& candidates,
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
void Split(const Fragment& f, const std::vector<std::uint32_t>& candidates,
           const std::vector<GridPoint>& hot, std::vector<Fragment>& out) {
  std::vector<GridPoint> inside;
  for (std::uint32_t k : candidates)
    if (InOpenInterior(f.u, f.v, hot[k])) inside.push_back(hot[k]);
  AppendThrough(f, inside, out);
}

bool AnyInteriorCentre(const std::vector<Fragment>& frags, const std::vector<GridPoint>& hot,
                       const std::vector<std::vector<std::uint32_t>>& candidates) {
  for (std::size_t i = 0; i < frags.size(); ++i)
    for (std::uint32_t k : candidates[i])
      if (InOpenInterior(frags[i].u, frags[i].v, hot[k])) return true;
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
  for (const TaggedEdge& e : input)
    if (!(e.p == e.q)) edges.push_back({e.p, e.q, e.operand});

  // Step 2 (arr.hot-pixels): endpoints and rounded proper crossings.
  std::vector<GridPoint> hot;
  for (const Fragment& e : edges) {
    hot.push_back(e.u);
    hot.push_back(e.v);
  }
  std::vector<Segment> segs = Segments(edges);
  for (auto [i, j] : CrossingCandidates(segs, search))
    if (ProperlyCross(edges[i].u, edges[i].v, edges[j].u, edges[j].v))
      hot.push_back(RoundedCrossing(edges[i].u, edges[i].v, edges[j].u, edges[j].v));
  SortUnique(hot);

  // Step 3 (arr.reroute).
  std::vector<Fragment> frags;
  {
    auto candidates = PixelCandidates(segs, hot, search);
    for (std::size_t i = 0; i < edges.size(); ++i) Reroute(edges[i], candidates[i], hot, frags);
  }

  // Step 4 (arr.repair).
  for (int round = 0;; ++round) {
    segs = Segments(frags);
    std::vector<std::uint8_t> crossed(frags.size(), 0);
    std::vector<GridPoint> rounded;
    for (auto [i, j] : CrossingCandidates(segs, search)) {
      if (ProperlyCross(frags[i].u, frags[i].v, frags[j].u, frags[j].v)) {
        crossed[i] = crossed[j] = 1;
        rounded.push_back(RoundedCrossing(frags[i].u, frags[i].v, frags[j].u, frags[j].v));
      }
    }
    bool work = !rounded.empty();
    if (!work) work = AnyInteriorCentre(frags, hot, PixelCandidates(segs, hot, search));
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
      auto candidates = PixelCandidates(segs, hot, search);
      for (std::size_t i = 0; i < frags.size(); ++i) {
        if (crossed[i])
          Reroute(frags[i], candidates[i], hot, next);
        else
          next.push_back(frags[i]);
      }
    }
    // 3. Split at hot pixel centres inside fragments.
    frags.clear();
    {
      std::vector<Segment> nsegs = Segments(next);
      auto candidates = PixelCandidates(nsegs, hot, search);
      for (std::size_t i = 0; i < next.size(); ++i) Split(next[i], candidates[i], hot, frags);
    }
  }

  // Step 5 (arr.merge): net counts per undirected segment.
  struct Entry {
    GridPoint a, b;
    std::int32_t n0, n1;
  };
  std::vector<Entry> entries;
  entries.reserve(frags.size());
  for (const Fragment& f : frags) {
    bool forward = f.u < f.v;
    std::int32_t s = forward ? 1 : -1;
    Entry e{forward ? f.u : f.v, forward ? f.v : f.u, 0, 0};
    if (f.operand == 0 || f.operand == 2) e.n0 = s;
    if (f.operand == 1 || f.operand == 2) e.n1 = s;
    entries.push_back(e);
  }
  std::sort(entries.begin(), entries.end(),
            [](const Entry& x, const Entry& y) { return x.a < y.a || (x.a == y.a && x.b < y.b); });
  std::vector<Entry> kept;
  for (std::size_t i = 0; i < entries.size();) {
    Entry sum = entries[i];
    std::size_t j = i + 1;
    for (; j < entries.size() && entries[j].a == sum.a && entries[j].b == sum.b; ++j) {
      sum.n0 += entries[j].n0;
      sum.n1 += entries[j].n1;
    }
    if (sum.n0 != 0 || sum.n1 != 0) kept.push_back(sum);
    i = j;
  }
  Arrangement out;
  for (const Entry& e : kept) {
    out.vertices.push_back(e.a);
    out.vertices.push_back(e.b);
  }
  SortUnique(out.vertices);
  auto index = [&](GridPoint p) {
    return static_cast<std::uint32_t>(
        std::lower_bound(out.vertices.begin(), out.vertices.end(), p) - out.vertices.begin());
  };
  for (const Entry& e : kept) out.segments.push_back({index(e.a), index(e.b), e.n0, e.n1});
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
