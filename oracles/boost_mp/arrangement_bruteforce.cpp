// Brute-force oracle for docs/spec/arrangement.md (arr.*), from the spec text
// alone. See the header for the method. Every step below quotes the clause it
// implements; the numbering follows the spec (steps 1-5, repair steps 4.1-4.3).
//
// SPEC-AMBIGUITY notes (the literal reading is implemented in each case):
//
//  A1 (arr.repair, termination). Resolved in the spec text since: a round
//     first looks for work (a proper crossing between fragments, or a hot
//     pixel centre inside a fragment); a round that finds none ends the
//     loop. (The earlier text stopped when step 1 added no pixel and step 3
//     split nothing, which could stop right after a step-2 reroute.)
//  A2 (arr.repair step 2, "such a crossing"). Read as: every proper crossing
//     found in step 1, whether or not its rounded point was new. (The other
//     reading, "only crossings that added a hot pixel", differs exactly in
//     the situation of A1.)
//  A3 (arr.repair step 2, "rerouted as an edge by arr.reroute"). arr.reroute
//     visits "every other hot pixel": read as every hot pixel other than the
//     pixels of the fragment's own endpoints (they are always hot centres).
//  A4 (arr.repair step 1 / arr.merge, fragments as a multiset). Equal
//     fragments coming from different edges (or the same edge) are distinct
//     fragments: each is tested, rerouted and counted on its own; step 1
//     considers every pair of current fragments, including two fragments of
//     the same input edge.
//  A5 (arr.repair, round limit). Resolved in the spec text: at most 256
//     rounds do work; if the 257th still finds work, BfGeometryError(256).
//
// Observations (not ambiguities, but worth a sentence in the text):
//  - With integer endpoints no segment can run along a pixel side (sides lie
//    on half-integer lines), so the only boundary cases of arr.pixel are
//    segments that touch a pixel at a corner or cross a side: a segment
//    through a pixel's bottom-left corner meets it; one through its
//    top-right, top-left or bottom-right corner only (without entering)
//    does not.
//  - The tie rule of arr.reroute ((x, y) ascending for equal projections)
//    never fires for a straight segment: two met pixels with equal
//    projection would need offsets of exactly +1/2 and -1/2 from the
//    segment in one coordinate, and the half-open pixel excludes -1/2.
#include "oracles/boost_mp/arrangement_bruteforce.hpp"

#include <algorithm>
#include <array>
#include <boost/multiprecision/cpp_int.hpp>
#include <limits>
#include <map>
#include <set>
#include <utility>

namespace onepath::oracle {

bool operator==(BfPoint l, BfPoint r) { return l.x == r.x && l.y == r.y; }
bool operator<(BfPoint l, BfPoint r) { return l.x != r.x ? l.x < r.x : l.y < r.y; }
bool operator==(const BfSegment& l, const BfSegment& r) {
  return l.a == r.a && l.b == r.b && l.n0 == r.n0 && l.n1 == r.n1;
}
bool operator==(const BfArrangement& l, const BfArrangement& r) {
  return l.vertices == r.vertices && l.segments == r.segments;
}

namespace {

// Checked fixed-width integers: an overflow throws instead of wrapping. Grid
// coordinates are within 2^39 (hot pixel centres too: a crossing lies inside
// both segments' boxes and floor(X + 1/2) of |X| <= 2^39 stays within 2^39),
// so differences are within 2^40 and every product below within 2^84.
using Wide = boost::multiprecision::checked_int128_t;
using boost::multiprecision::cpp_int;
using boost::multiprecision::cpp_rational;

constexpr std::int64_t kMaxCoordinate = std::int64_t{1} << 39;
constexpr int kMaxRounds = 256;

struct Fragment {
  BfPoint a, b;  // directed a -> b, a != b
  int operand;
};

// pred.orient2d, the expression exactly as written there:
// sign of (a.x - c.x)(b.y - c.y) - (a.y - c.y)(b.x - c.x).
int Orient(BfPoint a, BfPoint b, BfPoint c) {
  const std::int64_t ax = a.x - c.x, ay = a.y - c.y, bx = b.x - c.x, by = b.y - c.y;
  // Exact shortcut: with every difference below 2^31 in magnitude both
  // products are below 2^62 and their difference below 2^63.
  constexpr std::int64_t kSmall = std::int64_t{1} << 31;
  if (ax > -kSmall && ax < kSmall && ay > -kSmall && ay < kSmall && bx > -kSmall && bx < kSmall &&
      by > -kSmall && by < kSmall) {
    const std::int64_t d = ax * by - ay * bx;
    return d > 0 ? 1 : (d < 0 ? -1 : 0);
  }
  Wide l = Wide(ax) * Wide(by);
  Wide r = Wide(ay) * Wide(bx);
  return l > r ? 1 : (l < r ? -1 : 0);
}

// (u - o) . (v - o)
Wide Dot(BfPoint o, BfPoint u, BfPoint v) {
  return Wide(u.x - o.x) * Wide(v.x - o.x) + Wide(u.y - o.y) * Wide(v.y - o.y);
}

// ---------------------------------------------------------------------------
// arr.pixel: the closed segment p + t (q - p), t in [0, 1], meets the
// half-open square [c.x - 1/2, c.x + 1/2) x [c.y - 1/2, c.y + 1/2).
//
// Decided by clipping the parameter interval exactly: each side of the
// square is one linear constraint k t REL m on t (doubled coordinates, so
// all numbers are integers), closed (>=, <=) on the left and bottom sides and
// on t in [0, 1], strict (<) on the right and top sides. The set of t is an
// interval whose ends are rationals m / k, each open or closed; the segment
// meets the pixel iff that interval is non-empty.

enum class Rel { kGe, kGt, kLe, kLt };

class ParamInterval {
 public:
  // t in [0, 1].
  ParamInterval() : lo_{0, 1, false}, hi_{1, 1, false} {}

  // Adds the constraint k * t REL m.
  void Add(Wide k, Wide m, Rel rel) {
    if (empty_) return;
    if (k == 0) {  // 0 REL m
      bool ok = false;
      switch (rel) {
        case Rel::kGe:
          ok = 0 >= m;
          break;
        case Rel::kGt:
          ok = 0 > m;
          break;
        case Rel::kLe:
          ok = 0 <= m;
          break;
        case Rel::kLt:
          ok = 0 < m;
          break;
      }
      if (!ok) empty_ = true;
      return;
    }
    if (k < 0) {  // multiply by -1: the relation turns around
      k = -k;
      m = -m;
      switch (rel) {
        case Rel::kGe:
          rel = Rel::kLe;
          break;
        case Rel::kGt:
          rel = Rel::kLt;
          break;
        case Rel::kLe:
          rel = Rel::kGe;
          break;
        case Rel::kLt:
          rel = Rel::kGt;
          break;
      }
    }
    // Now t REL m / k with k > 0.
    Bound b{m, k, rel == Rel::kGt || rel == Rel::kLt};
    if (rel == Rel::kGe || rel == Rel::kGt) {
      int c = Compare(b, lo_);
      if (c > 0 || (c == 0 && b.strict)) lo_ = b;
    } else {
      int c = Compare(b, hi_);
      if (c < 0 || (c == 0 && b.strict)) hi_ = b;
    }
  }

  bool Empty() const {
    if (empty_) return true;
    int c = Compare(lo_, hi_);
    if (c < 0) return false;
    if (c > 0) return true;
    return lo_.strict || hi_.strict;  // a single point, present iff both ends closed
  }

 private:
  struct Bound {
    Wide num, den;  // value num / den, den > 0
    bool strict;
  };
  static int Compare(const Bound& l, const Bound& r) {
    Wide a = l.num * r.den;
    Wide b = r.num * l.den;
    return a < b ? -1 : (a > b ? 1 : 0);
  }

  Bound lo_, hi_;
  bool empty_ = false;
};

bool MeetsPixelExact(BfPoint p, BfPoint q, BfPoint c) {
  ParamInterval t;
  // x(t) = p.x + t dx; doubled: 2 x(t) = 2 p.x + t (2 dx).
  //   x >= c.x - 1/2  <=>  2dx t >= 2c.x - 1 - 2p.x   (left side, included)
  //   x <  c.x + 1/2  <=>  2dx t <  2c.x + 1 - 2p.x   (right side, excluded)
  Wide dx2 = Wide(q.x - p.x) * 2;
  Wide dy2 = Wide(q.y - p.y) * 2;
  t.Add(dx2, Wide(c.x) * 2 - 1 - Wide(p.x) * 2, Rel::kGe);
  t.Add(dx2, Wide(c.x) * 2 + 1 - Wide(p.x) * 2, Rel::kLt);
  t.Add(dy2, Wide(c.y) * 2 - 1 - Wide(p.y) * 2, Rel::kGe);
  t.Add(dy2, Wide(c.y) * 2 + 1 - Wide(p.y) * 2, Rel::kLt);
  return !t.Empty();
}

// The same decision with two exact necessary conditions first (speed only):
//  - box: some x in [min, max] of the segment with c.x - 1/2 <= x < c.x + 1/2;
//    for integers that is min.x <= c.x <= max.x (c.x - 1/2 <= max.x <=>
//    c.x <= max.x; c.x + 1/2 > min.x <=> c.x >= min.x), likewise y;
//  - line: the closed square around c meets the line pq only if
//    |cross(q - p, c - p)| <= (|dx| + |dy|) / 2 (the cross product is linear
//    and varies by +-(|dx| + |dy|)/2 over the square).
bool MeetsPixel(BfPoint p, BfPoint q, BfPoint c) {
  if (c.x < std::min(p.x, q.x) || c.x > std::max(p.x, q.x)) return false;
  if (c.y < std::min(p.y, q.y) || c.y > std::max(p.y, q.y)) return false;
  std::int64_t dx = q.x - p.x, dy = q.y - p.y;
  Wide cross = Wide(dx) * Wide(c.y - p.y) - Wide(dy) * Wide(c.x - p.x);
  if (cross < 0) cross = -cross;
  Wide reach = Wide(dx < 0 ? -dx : dx) + Wide(dy < 0 ? -dy : dy);
  if (cross * 2 > reach) return false;
  return MeetsPixelExact(p, q, c);
}

// ---------------------------------------------------------------------------
// arr.proper-crossing: the endpoints of each lie strictly on opposite sides
// of the other's line.
bool CrossProperlyExact(BfPoint a, BfPoint b, BfPoint c, BfPoint d) {
  int o1 = Orient(a, b, c), o2 = Orient(a, b, d);
  if (o1 * o2 >= 0) return false;
  int o3 = Orient(c, d, a), o4 = Orient(c, d, b);
  return o3 * o4 < 0;
}

// arr.round: floor(v + 1/2) of an exact rational.
std::int64_t FloorHalfUp(const cpp_rational& v) {
  cpp_rational w = v + cpp_rational(1, 2);
  cpp_int n = boost::multiprecision::numerator(w);
  cpp_int d = boost::multiprecision::denominator(w);  // > 0
  cpp_int q = n / d;                                  // truncates toward zero
  if (n < 0 && q * d != n) q -= 1;                    // floor for negatives
  return static_cast<std::int64_t>(q);
}

BfPoint RoundedCrossingExact(BfPoint a, BfPoint b, BfPoint c, BfPoint d) {
  // a + t (b - a) = c + s (d - c); crossing both sides with (d - c):
  // t = cross(c - a, d - c) / cross(b - a, d - c).
  cpp_int ex = cpp_int(d.x) - c.x, ey = cpp_int(d.y) - c.y;
  cpp_int den = (cpp_int(b.x) - a.x) * ey - (cpp_int(b.y) - a.y) * ex;
  cpp_int num = (cpp_int(c.x) - a.x) * ey - (cpp_int(c.y) - a.y) * ex;
  // den != 0 for a proper crossing. Boost 1.74's cpp_rational rejects a
  // negative denominator with a negative numerator, so make it positive.
  if (den < 0) {
    den = -den;
    num = -num;
  }
  cpp_rational t(num, den);
  cpp_rational x = cpp_rational(a.x) + t * (cpp_int(b.x) - a.x);
  cpp_rational y = cpp_rational(a.y) + t * (cpp_int(b.y) - a.y);
  return BfPoint{FloorHalfUp(x), FloorHalfUp(y)};
}

// ---------------------------------------------------------------------------
// The order of arr.reroute: projection (h - p) . (q - p) ascending, ties by
// (x, y) ascending.
void SortAlong(BfPoint p, BfPoint q, std::vector<BfPoint>& centres) {
  std::vector<std::pair<Wide, BfPoint>> keyed;
  keyed.reserve(centres.size());
  for (BfPoint h : centres) keyed.emplace_back(Dot(p, h, q), h);
  std::sort(keyed.begin(), keyed.end(), [](const auto& l, const auto& r) {
    if (l.first != r.first) return l.first < r.first;
    return l.second < r.second;
  });
  for (std::size_t i = 0; i < keyed.size(); ++i) centres[i] = keyed[i].second;
}

// Appends the fragments of the polyline p, centres..., q (directed as p -> q).
void AppendPolyline(BfPoint p, BfPoint q, const std::vector<BfPoint>& centres, int operand,
                    std::vector<Fragment>& out) {
  BfPoint prev = p;
  for (BfPoint h : centres) {
    out.push_back(Fragment{prev, h, operand});
    prev = h;
  }
  out.push_back(Fragment{prev, q, operand});
}

// arr.reroute: p, then the centre of every other hot pixel the closed
// segment pq meets in the order above, then q. p and q stay first and last
// whatever the projections. Returns whether any centre was inserted.
bool AppendRerouted(const Fragment& e, const std::vector<BfPoint>& hot,
                    std::vector<Fragment>& out) {
  std::vector<BfPoint> centres;
  for (BfPoint h : hot) {
    if (h == e.a || h == e.b) continue;  // "every other hot pixel" (SPEC-AMBIGUITY A3)
    if (MeetsPixel(e.a, e.b, h)) centres.push_back(h);
  }
  SortAlong(e.a, e.b, centres);
  AppendPolyline(e.a, e.b, centres, e.operand, out);
  return !centres.empty();
}

// Hot pixel centres in the open interior of ab: orientation 0 and strictly
// between the endpoints.
std::vector<BfPoint> InteriorCentres(BfPoint a, BfPoint b, const std::vector<BfPoint>& hot) {
  std::vector<BfPoint> centres;
  std::int64_t minx = std::min(a.x, b.x), maxx = std::max(a.x, b.x);
  std::int64_t miny = std::min(a.y, b.y), maxy = std::max(a.y, b.y);
  Wide len2 = Dot(a, b, b);
  for (BfPoint h : hot) {
    // Necessary: on the closed segment implies inside its closed box.
    if (h.x < minx || h.x > maxx || h.y < miny || h.y > maxy) continue;
    if (Orient(a, b, h) != 0) continue;
    Wide s = Dot(a, h, b);  // (h - a) . (b - a)
    if (s > 0 && s < len2) centres.push_back(h);
  }
  return centres;
}

// Every proper crossing between two of the given segments (edges or
// fragments), with multiplicity. Whether two segments cross properly, and
// where, depends only on their two point sets, so the test runs once per pair
// of distinct point sets {a, b} (equal segments, in either direction, never
// cross each other) and its answer holds for every pair of their copies.
// Every such pair is tested: first (branch-free) whether the closed boxes
// overlap, which a proper crossing needs (the crossing lies in both boxes),
// then exactly.
struct Crossings {
  std::size_t pairs = 0;         // crossing pairs of segments, copies counted
  std::vector<char> tookPart;    // per segment: crosses at least one other
  std::vector<BfPoint> rounded;  // arr.round of each crossing (once per point-set pair)
};

Crossings AllProperCrossings(const std::vector<Fragment>& f) {
  Crossings out;
  out.tookPart.assign(f.size(), 0);
  // Group the segments by point set.
  auto key = [&f](std::size_t i) {
    return f[i].a < f[i].b ? std::make_pair(f[i].a, f[i].b) : std::make_pair(f[i].b, f[i].a);
  };
  std::vector<std::size_t> order(f.size());
  for (std::size_t i = 0; i < f.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&key](std::size_t l, std::size_t r) { return key(l) < key(r); });
  std::vector<std::pair<BfPoint, BfPoint>> unique;  // point sets
  std::vector<std::size_t> first;                   // start of each group in `order`
  for (std::size_t k = 0; k < order.size(); ++k) {
    auto kk = key(order[k]);
    if (unique.empty() || !(unique.back().first == kk.first && unique.back().second == kk.second)) {
      unique.push_back(kk);
      first.push_back(k);
    }
  }
  first.push_back(order.size());
  const std::size_t n = unique.size();
  std::vector<std::int64_t> minx(n), miny(n), maxx(n), maxy(n);
  for (std::size_t i = 0; i < n; ++i) {
    minx[i] = unique[i].first.x;  // (x, y) order: first.x <= second.x
    maxx[i] = unique[i].second.x;
    miny[i] = std::min(unique[i].first.y, unique[i].second.y);
    maxy[i] = std::max(unique[i].first.y, unique[i].second.y);
  }
  std::vector<unsigned char> overlap(n);
  std::vector<char> crosses(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::int64_t x0 = minx[i], y0 = miny[i], x1 = maxx[i], y1 = maxy[i];
    for (std::size_t j = i + 1; j < n; ++j) {
      const int inX = static_cast<int>(minx[j] <= x1) & static_cast<int>(x0 <= maxx[j]);
      const int inY = static_cast<int>(miny[j] <= y1) & static_cast<int>(y0 <= maxy[j]);
      overlap[j] = static_cast<unsigned char>(inX & inY);
    }
    const auto& [a, b] = unique[i];
    for (std::size_t j = i + 1; j < n; ++j) {
      if (!overlap[j]) continue;
      const auto& [c, d] = unique[j];
      if (!CrossProperlyExact(a, b, c, d)) continue;
      crosses[i] = crosses[j] = 1;
      out.pairs += (first[i + 1] - first[i]) * (first[j + 1] - first[j]);
      out.rounded.push_back(RoundedCrossingExact(a, b, c, d));
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (!crosses[i]) continue;
    for (std::size_t k = first[i]; k < first[i + 1]; ++k) out.tookPart[order[k]] = 1;
  }
  return out;
}

// Step 4, arr.repair: rounds in the pinned order until one changes nothing.
// `hotSet` and `hot` hold the same centres (a set for membership, a list for
// the brute-force scans).
void Repair(std::vector<Fragment>& fragments, std::set<BfPoint>& hotSet, std::vector<BfPoint>& hot,
            BfStats& st, bool checkPostconditions) {
  for (int round = 1;; ++round) {
    st.rounds = round;
    // A round first looks for work: proper crossings between fragments, or a
    // hot pixel centre inside a fragment. None: the loop ends (A1).
    Crossings crossings = AllProperCrossings(fragments);
    bool centreInside = false;
    for (std::size_t i = 0; crossings.pairs == 0 && !centreInside && i < fragments.size(); ++i)
      centreInside = !InteriorCentres(fragments[i].a, fragments[i].b, hot).empty();
    if (crossings.pairs == 0 && !centreInside) break;
    if (round > kMaxRounds) throw BfGeometryError(kMaxRounds);  // A5

    // 4.1: every proper crossing between two current fragments adds its
    // rounded point to the hot pixels, if it is not one already.
    std::size_t added = 0;
    const std::vector<char>& tookPart = crossings.tookPart;
    for (BfPoint h : crossings.rounded) {
      if (hotSet.insert(h).second) {
        hot.push_back(h);
        ++added;
      }
    }
    st.repair_crossings += crossings.pairs;
    st.repair_new_pixels += added;

    // 4.2: every fragment that took part in such a crossing (SPEC-AMBIGUITY
    // A2: any crossing of 4.1) is rerouted as an edge against all hot pixels
    // (those added in 4.1 included) and replaced by its polyline.
    std::vector<Fragment> rerouted;
    rerouted.reserve(fragments.size());
    for (std::size_t i = 0; i < fragments.size(); ++i) {
      if (tookPart[i]) {
        ++st.repair_reroutes;
        AppendRerouted(fragments[i], hot, rerouted);
      } else {
        rerouted.push_back(fragments[i]);
      }
    }

    // 4.3: every fragment with a hot pixel centre in its open interior is
    // split there, through those centres in the order of arr.reroute.
    std::vector<Fragment> split;
    split.reserve(rerouted.size());
    std::size_t splits = 0;
    for (const Fragment& f : rerouted) {
      std::vector<BfPoint> centres = InteriorCentres(f.a, f.b, hot);
      if (centres.empty()) {
        split.push_back(f);
        continue;
      }
      ++splits;
      SortAlong(f.a, f.b, centres);
      AppendPolyline(f.a, f.b, centres, f.operand, split);
    }
    st.repair_splits += splits;
    fragments = std::move(split);
  }
  st.hot_pixels = hot.size();
  st.fragments = fragments.size();
  // The loop ends only on a round that found no crossing and no centre
  // inside a fragment, so both postconditions hold by construction; check
  // them anyway when asked (they are the oracle's own claim).
  if (checkPostconditions) {
    st.final_proper_crossings = AllProperCrossings(fragments).pairs;
    for (const Fragment& f : fragments) {
      st.final_centres_inside += InteriorCentres(f.a, f.b, hot).size();
    }
  }
}

void Validate(const std::vector<BfEdge>& edges) {
  for (const BfEdge& e : edges) {
    for (std::int64_t v : {e.p.x, e.p.y, e.q.x, e.q.y}) {
      if (v < -kMaxCoordinate || v > kMaxCoordinate) {
        throw std::invalid_argument("BruteForceArrangement: coordinate outside 2^39");
      }
    }
    if (e.operand < 0 || e.operand > 2) {
      throw std::invalid_argument("BruteForceArrangement: operand outside 0..2");
    }
  }
}

}  // namespace

bool BfSegmentMeetsPixel(BfPoint p, BfPoint q, BfPoint c) { return MeetsPixelExact(p, q, c); }
BfPoint BfRoundedCrossing(BfPoint a, BfPoint b, BfPoint c, BfPoint d) {
  return RoundedCrossingExact(a, b, c, d);
}
bool BfCrossProperly(BfPoint a, BfPoint b, BfPoint c, BfPoint d) {
  return CrossProperlyExact(a, b, c, d);
}

std::vector<BfEdge> BfRepairOnly(const std::vector<BfEdge>& fragments,
                                 const std::vector<BfPoint>& hotPixels, BfStats* stats) {
  Validate(fragments);
  std::vector<Fragment> current;
  for (const BfEdge& e : fragments) {
    if (e.p == e.q) throw std::invalid_argument("BfRepairOnly: degenerate fragment");
    current.push_back(Fragment{e.p, e.q, e.operand});
  }
  std::set<BfPoint> hotSet(hotPixels.begin(), hotPixels.end());
  std::vector<BfPoint> hot(hotSet.begin(), hotSet.end());
  BfStats st;
  st.edges = fragments.size();
  Repair(current, hotSet, hot, st, true);
  std::vector<BfEdge> out;
  for (const Fragment& f : current) out.push_back(BfEdge{f.a, f.b, f.operand});
  if (stats != nullptr) *stats = st;
  return out;
}

BfArrangement BruteForceArrangement(const std::vector<BfEdge>& edges) {
  return BruteForceArrangement(edges, nullptr);
}

BfArrangement BruteForceArrangement(const std::vector<BfEdge>& edges, BfStats* stats) {
  Validate(edges);
  BfStats st;

  // Step 1, arr.drop-degenerate: an edge whose endpoints are equal is dropped.
  std::vector<Fragment> remaining;
  for (const BfEdge& e : edges) {
    if (!(e.p == e.q)) remaining.push_back(Fragment{e.p, e.q, e.operand});
  }
  st.edges = remaining.size();

  // Step 2, arr.hot-pixels: the pixels of every endpoint of every remaining
  // edge and of the rounded point of every proper crossing between two
  // remaining edges. A hot pixel is named by its centre.
  std::set<BfPoint> hotSet;
  for (const Fragment& e : remaining) {
    hotSet.insert(e.a);
    hotSet.insert(e.b);
  }
  Crossings initial = AllProperCrossings(remaining);
  st.initial_crossings = initial.pairs;
  hotSet.insert(initial.rounded.begin(), initial.rounded.end());
  std::vector<BfPoint> hot(hotSet.begin(), hotSet.end());  // order irrelevant

  // Step 3, arr.reroute: every remaining edge becomes its polyline.
  std::vector<Fragment> fragments;
  for (const Fragment& e : remaining) AppendRerouted(e, hot, fragments);

  // Step 4, arr.repair.
  Repair(fragments, hotSet, hot, st, stats != nullptr);

  // Step 5, arr.merge: fragment u -> v of operand k adds +1 to n_k of the
  // segment {u, v} when u < v in (x, y) order and -1 otherwise; operand 2
  // adds to both n0 and n1.
  std::map<std::pair<BfPoint, BfPoint>, std::array<std::int64_t, 2>> net;
  for (const Fragment& f : fragments) {
    bool forward = f.a < f.b;
    std::pair<BfPoint, BfPoint> key = forward ? std::make_pair(f.a, f.b) : std::make_pair(f.b, f.a);
    std::int64_t s = forward ? 1 : -1;
    auto& n = net[key];  // value-initialised to {0, 0}
    if (f.operand == 0 || f.operand == 2) n[0] += s;
    if (f.operand == 1 || f.operand == 2) n[1] += s;
  }

  // arr.output: zero-net segments are dropped, and so is every vertex that
  // only such segments touched; vertices sorted by (x, y), segments by (A, B).
  BfArrangement out;
  for (const auto& [key, n] : net) {
    if (n[0] == 0 && n[1] == 0) continue;
    out.vertices.push_back(key.first);
    out.vertices.push_back(key.second);
  }
  std::sort(out.vertices.begin(), out.vertices.end());
  out.vertices.erase(std::unique(out.vertices.begin(), out.vertices.end()), out.vertices.end());
  auto indexOf = [&out](BfPoint v) {
    return static_cast<std::uint32_t>(
        std::lower_bound(out.vertices.begin(), out.vertices.end(), v) - out.vertices.begin());
  };
  for (const auto& [key, n] : net) {
    if (n[0] == 0 && n[1] == 0) continue;
    for (std::int64_t v : n) {
      if (v < std::numeric_limits<std::int32_t>::min() ||
          v > std::numeric_limits<std::int32_t>::max()) {
        throw std::overflow_error("BruteForceArrangement: net count outside i32");
      }
    }
    out.segments.push_back(BfSegment{indexOf(key.first), indexOf(key.second),
                                     static_cast<std::int32_t>(n[0]),
                                     static_cast<std::int32_t>(n[1])});
  }
  std::sort(out.segments.begin(), out.segments.end(), [](const BfSegment& l, const BfSegment& r) {
    return l.a != r.a ? l.a < r.a : l.b < r.b;
  });
  if (stats != nullptr) *stats = st;
  return out;
}

// canon.int (little-endian, fixed width, two's complement) and canon.list
// (u32 count, then the elements): u32 vertex count, each vertex i64 x, i64 y;
// u32 segment count, each segment u32 A, u32 B, i32 n0, i32 n1.
std::vector<std::uint8_t> BruteForceCanonicalBytes(const BfArrangement& arrangement) {
  std::vector<std::uint8_t> bytes;
  auto put = [&bytes](std::uint64_t v, int width) {
    for (int i = 0; i < width; ++i) bytes.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  };
  auto count = [](std::size_t n) {
    if (n > 0xffffffffu) throw std::length_error("canon.list: more than 2^32 - 1 elements");
    return static_cast<std::uint64_t>(n);
  };
  put(count(arrangement.vertices.size()), 4);
  for (BfPoint v : arrangement.vertices) {
    put(static_cast<std::uint64_t>(v.x), 8);  // two's complement by conversion (C++20)
    put(static_cast<std::uint64_t>(v.y), 8);
  }
  put(count(arrangement.segments.size()), 4);
  for (const BfSegment& s : arrangement.segments) {
    put(s.a, 4);
    put(s.b, 4);
    put(static_cast<std::uint32_t>(s.n0), 4);
    put(static_cast<std::uint32_t>(s.n1), 4);
  }
  return bytes;
}

}  // namespace onepath::oracle
