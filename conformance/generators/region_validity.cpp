// The region validity checker; what it checks and why is in the header.
#include "conformance/generators/region_validity.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "conformance/generators/arrangement_validity.hpp"
#include "conformance/generators/exact_plane.hpp"

namespace onepath::gen {

namespace {

using geom2d::GridPoint;
using geom2d::Ring;

constexpr std::int64_t kMaxCoordinate = std::int64_t{1} << 39;

// One directed ring edge: ring[index] -> ring[index + 1 (mod size)].
struct Edge {
  GridPoint from;
  GridPoint to;
  std::uint32_t ring = 0;
  std::uint32_t index = 0;
};

template <typename T>
int Sign(T v) {
  return (v > 0) - (v < 0);
}

// region.ring-order's edge order: (from.x, from.y, to.x, to.y).
bool EdgeBefore(GridPoint f0, GridPoint t0, GridPoint f1, GridPoint t1) {
  if (f0.x != f1.x) return f0.x < f1.x;
  if (f0.y != f1.y) return f0.y < f1.y;
  if (t0.x != t1.x) return t0.x < t1.x;
  return t0.y < t1.y;
}

std::string Text(GridPoint p) {
  std::ostringstream s;
  s << "(" << p.x << ", " << p.y << ")";
  return s.str();
}

std::string Text(const Edge& e) {
  return "ring " + std::to_string(e.ring) + " edge " + std::to_string(e.index) + " " +
         Text(e.from) + "->" + Text(e.to);
}

void Violation(RegionValidity& v, const std::string& message) {
  if (v.messages.size() < 12) v.messages.push_back(message);
  ++v.violations;
}

bool InRange(std::int64_t c) { return c >= -kMaxCoordinate && c <= kMaxCoordinate; }

// --- form and order ---------------------------------------------------------

bool CheckForm(std::span<const Ring> rings, RegionValidity& v) {
  bool ok = true;
  for (std::size_t r = 0; r < rings.size(); ++r) {
    const Ring& ring = rings[r];
    if (ring.size() < 3) {
      Violation(v, "ring " + std::to_string(r) + " has " + std::to_string(ring.size()) +
                       " vertices (at least 3 needed)");
      ok = false;
      continue;
    }
    for (std::size_t k = 0; k < ring.size(); ++k) {
      GridPoint p = ring[k], q = ring[(k + 1) % ring.size()];
      if (!InRange(p.x) || !InRange(p.y)) {
        Violation(v, "ring " + std::to_string(r) + " vertex " + std::to_string(k) + " " + Text(p) +
                         " is beyond 2^39");
        ok = false;
      }
      if (p == q) {
        Violation(v, "ring " + std::to_string(r) + " repeats vertex " + std::to_string(k) + " " +
                         Text(p) + " (a zero-length edge)");
        ok = false;
      }
    }
  }
  return ok;
}

// region.ring-order.
void CheckOrder(std::span<const Ring> rings, RegionValidity& v) {
  for (std::size_t r = 0; r < rings.size(); ++r) {
    const Ring& ring = rings[r];
    std::size_t best = 0, n = ring.size();
    for (std::size_t k = 1; k < n; ++k) {
      if (EdgeBefore(ring[k], ring[(k + 1) % n], ring[best], ring[(best + 1) % n])) best = k;
    }
    if (best != 0) {
      Violation(v, "ring " + std::to_string(r) + " starts at " + Text(ring[0]) + "->" +
                       Text(ring[1]) + ", not at its smallest directed edge " + Text(ring[best]) +
                       "->" + Text(ring[(best + 1) % n]) + " (edge " + std::to_string(best) + ")");
    }
    if (r > 0 && !EdgeBefore(rings[r - 1][0], rings[r - 1][1], ring[0], ring[1])) {
      Violation(v, "rings " + std::to_string(r - 1) + " and " + std::to_string(r) +
                       " are out of order (first edges " + Text(rings[r - 1][0]) + "->" +
                       Text(rings[r - 1][1]) + " and " + Text(ring[0]) + "->" + Text(ring[1]) +
                       ")");
    }
  }
}

// --- noding -----------------------------------------------------------------

// Each undirected segment at most once.
bool CheckReuse(const std::vector<Edge>& edges, RegionValidity& v) {
  auto key = [&](std::uint32_t i) {
    GridPoint a = edges[i].from, b = edges[i].to;
    if (b < a) std::swap(a, b);
    return std::make_pair(std::make_pair(a.x, a.y), std::make_pair(b.x, b.y));
  };
  std::vector<std::uint32_t> order(edges.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](auto i, auto j) { return key(i) < key(j); });
  bool ok = true;
  for (std::size_t k = 1; k < order.size(); ++k) {
    if (key(order[k - 1]) != key(order[k])) continue;
    const Edge &a = edges[order[k - 1]], &b = edges[order[k]];
    Violation(v, Text(a) + " and " + Text(b) +
                     (a.from == b.from ? " are the same edge" : " run one segment both ways"));
    ok = false;
  }
  return ok;
}

// No proper crossing; no vertex in the open interior of an edge. Pairs come
// from a sweep over x (edges by their least x; a pair is tested when the x
// ranges overlap and then the y ranges do).
bool CheckNoding(const std::vector<Edge>& edges, RegionValidity& v) {
  struct Box {
    std::int64_t x0, y0, x1, y1;
  };
  std::vector<Box> boxes;
  boxes.reserve(edges.size());
  for (const Edge& e : edges) {
    boxes.push_back({std::min(e.from.x, e.to.x), std::min(e.from.y, e.to.y),
                     std::max(e.from.x, e.to.x), std::max(e.from.y, e.to.y)});
  }
  std::vector<std::uint32_t> order(edges.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](std::uint32_t i, std::uint32_t j) { return boxes[i].x0 < boxes[j].x0; });
  bool ok = true;
  for (std::size_t a = 0; a < order.size(); ++a) {
    const Box& p = boxes[order[a]];
    for (std::size_t b = a + 1; b < order.size() && boxes[order[b]].x0 <= p.x1; ++b) {
      const Box& q = boxes[order[b]];
      if (q.y1 < p.y0 || p.y1 < q.y0) continue;
      // The pair in edge order, so that the message does not depend on the sort.
      const Edge& e = edges[std::min(order[a], order[b])];
      const Edge& f = edges[std::max(order[a], order[b])];
      if (CrossProperly(e.from, e.to, f.from, f.to)) {
        Violation(v, Text(e) + " and " + Text(f) + " cross");
        ok = false;
      }
    }
  }
  std::vector<GridPoint> points;
  points.reserve(edges.size());
  for (const Edge& e : edges) points.push_back(e.from);
  std::sort(points.begin(), points.end());
  points.erase(std::unique(points.begin(), points.end()), points.end());
  constexpr std::int64_t kLow = std::numeric_limits<std::int64_t>::min();
  constexpr std::int64_t kHigh = std::numeric_limits<std::int64_t>::max();
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const Box& b = boxes[i];
    auto first = std::lower_bound(points.begin(), points.end(), GridPoint{b.x0, kLow});
    auto last = std::upper_bound(points.begin(), points.end(), GridPoint{b.x1, kHigh});
    for (auto it = first; it != last; ++it) {
      if (it->y < b.y0 || it->y > b.y1) continue;
      if (InOpenInterior(edges[i].from, edges[i].to, *it)) {
        Violation(v, "vertex " + Text(*it) + " lies inside " + Text(edges[i]));
        ok = false;
      }
    }
  }
  return ok;
}

// --- vertices ---------------------------------------------------------------

GridPoint Minus(GridPoint a, GridPoint b) { return {a.x - b.x, a.y - b.y}; }

Int128 Cross(GridPoint d, GridPoint e) {
  return static_cast<Int128>(d.x) * e.y - static_cast<Int128>(d.y) * e.x;
}

// 0 when direction d is at a counter-clockwise angle in [0, pi) from r, 1
// for [pi, 2 pi).
int HalfTurn(GridPoint r, GridPoint d) {
  Int128 c = Cross(r, d);
  if (c != 0) return c > 0 ? 0 : 1;
  return Dot({0, 0}, r, d) > 0 ? 0 : 1;
}

// Is d's counter-clockwise angle from r smaller than e's?
bool CcwBefore(GridPoint r, GridPoint d, GridPoint e) {
  int hd = HalfTurn(r, d), he = HalfTurn(r, e);
  if (hd != he) return hd < he;
  return Cross(d, e) > 0;
}

// No collinear degree-2 vertex; the turn rule where several edges meet.
// `turns` is false when the noding failed (directions can then coincide).
void CheckVertices(std::span<const Ring> rings, const std::vector<Edge>& edges,
                   const std::vector<std::uint32_t>& firstEdge, bool turns, RegionValidity& v) {
  std::vector<std::uint32_t> in(edges.size()), out(edges.size());
  for (std::uint32_t i = 0; i < edges.size(); ++i) in[i] = out[i] = i;
  std::sort(in.begin(), in.end(), [&](auto i, auto j) { return edges[i].to < edges[j].to; });
  std::sort(out.begin(), out.end(), [&](auto i, auto j) { return edges[i].from < edges[j].from; });
  auto successor = [&](const Edge& e) {
    return firstEdge[e.ring] + (e.index + 1) % static_cast<std::uint32_t>(rings[e.ring].size());
  };
  // Every ring vertex gives one edge in and one out, so the two sorted lists
  // have the same points in the same runs.
  for (std::size_t s = 0; s < in.size();) {
    GridPoint p = edges[in[s]].to;
    std::size_t t = s;
    while (t < in.size() && edges[in[t]].to == p) ++t;
    if (t - s == 1) {
      const Edge& e = edges[in[s]];
      const Edge& f = edges[successor(e)];
      if (Orient(e.from, p, f.to) == 0 && Dot({0, 0}, Minus(p, e.from), Minus(f.to, p)) > 0) {
        Violation(
            v, "collinear degree-2 vertex " + Text(p) + " between " + Text(e) + " and " + Text(f));
      }
    } else {
      ++v.pinchPoints;
      for (std::size_t k = s; turns && k < t; ++k) {
        const Edge& e = edges[in[k]];
        GridPoint back = Minus(e.from, p);
        // The outgoing edge met first turning clockwise from `back` is the
        // one with the largest counter-clockwise angle from it.
        std::uint32_t best = out[s];
        for (std::size_t m = s + 1; m < t; ++m) {
          if (CcwBefore(back, Minus(edges[best].to, p), Minus(edges[out[m]].to, p))) best = out[m];
        }
        if (best != successor(e)) {
          Violation(v, "turn rule at " + Text(p) + ": " + Text(e) + " is followed by " +
                           Text(edges[successor(e)]) + ", not by " + Text(edges[best]));
        }
      }
    }
    s = t;
  }
}

// --- windings ---------------------------------------------------------------

// p + e * (dx, dy) for an infinitesimal e > 0, p = (x / den, y / den).
struct Probe {
  Int128 x, y;
  std::int64_t den;
  std::int64_t dx, dy;
};

// Sign of probe.x - c and probe.y - c.
int CompareX(const Probe& p, std::int64_t c) {
  Int128 d = p.x - static_cast<Int128>(c) * p.den;
  return d != 0 ? Sign(d) : Sign(p.dx);
}
int CompareY(const Probe& p, std::int64_t c) {
  Int128 d = p.y - static_cast<Int128>(c) * p.den;
  return d != 0 ? Sign(d) : Sign(p.dy);
}

// Sign of (b - a) x (probe - a). |b - a| <= 2^40 and |probe - a| * den
// <= 2^81: products within 2^121.
int OrientProbe(GridPoint a, GridPoint b, const Probe& p) {
  Int128 ex = b.x - a.x, ey = b.y - a.y;
  Int128 base =
      ex * (p.y - static_cast<Int128>(a.y) * p.den) - ey * (p.x - static_cast<Int128>(a.x) * p.den);
  if (base != 0) return Sign(base);
  return Sign(ex * p.dy - ey * p.dx);
}

// The edge's part of the winding number at the probe, by the crossings of
// the ray from the probe in +x (an upward edge counts with the lower end
// in and the upper end out, a downward one the other way round). Sets
// `onEdge` when the probe is on the closed edge.
int Crossing(GridPoint a, GridPoint b, const Probe& p, bool& onEdge) {
  int sa = CompareY(p, a.y), sb = CompareY(p, b.y);
  if ((sa > 0 && sb > 0) || (sa < 0 && sb < 0)) return 0;
  int o = OrientProbe(a, b, p);
  if (o == 0) {
    if (CompareX(p, std::min(a.x, b.x)) >= 0 && CompareX(p, std::max(a.x, b.x)) <= 0) onEdge = true;
    return 0;
  }
  if (sa >= 0 && sb < 0) return o > 0 ? 1 : 0;
  if (sb >= 0 && sa < 0) return o < 0 ? -1 : 0;
  return 0;
}

// Edges listed in every horizontal strip of height h that their closed y
// range meets.
class Strips {
 public:
  explicit Strips(const std::vector<Edge>& edges) {
    std::int64_t y1 = 0;
    for (std::size_t i = 0; i < edges.size(); ++i) {
      for (GridPoint p : {edges[i].from, edges[i].to}) {
        if (i == 0 || p.y < y0_) y0_ = p.y;
        if (i == 0 || p.y > y1) y1 = p.y;
      }
    }
    const auto count = 2 * static_cast<std::int64_t>(std::ceil(std::sqrt(edges.size()))) + 1;
    h_ = std::max<std::int64_t>(1, (y1 - y0_) / count + 1);
    strips_.resize(static_cast<std::size_t>((y1 - y0_) / h_ + 1));
    for (std::uint32_t i = 0; i < edges.size(); ++i) {
      std::int64_t lo = std::min(edges[i].from.y, edges[i].to.y);
      std::int64_t hi = std::max(edges[i].from.y, edges[i].to.y);
      for (std::int64_t s = (lo - y0_) / h_; s <= (hi - y0_) / h_; ++s)
        strips_[static_cast<std::size_t>(s)].push_back(i);
    }
  }

  // The strip holding y2 / 2, which must lie in the edges' y range.
  const std::vector<std::uint32_t>& AtDoubled(std::int64_t y2) const {
    return strips_[static_cast<std::size_t>((y2 - 2 * y0_) / (2 * h_))];
  }

 private:
  std::int64_t y0_ = 0, h_ = 1;
  std::vector<std::vector<std::uint32_t>> strips_;
};

// Winding 1 just left of every edge, 0 just right of it.
void CheckWindings(const std::vector<Edge>& edges, RegionValidity& v) {
  Strips strips(edges);
  for (const Edge& e : edges) {
    const std::vector<std::uint32_t>& near = strips.AtDoubled(e.from.y + e.to.y);
    for (int side : {1, -1}) {
      Probe p{e.from.x + e.to.x, e.from.y + e.to.y, 2, -(e.to.y - e.from.y) * side,
              (e.to.x - e.from.x) * side};
      bool onEdge = false;
      std::int64_t w = 0;
      for (std::uint32_t i : near) w += Crossing(edges[i].from, edges[i].to, p, onEdge);
      const std::int64_t expected = side > 0 ? 1 : 0;
      if (onEdge) {
        Violation(v, "the point just " + std::string(side > 0 ? "left" : "right") + " of " +
                         Text(e) + " lies on an edge");
      } else if (w != expected) {
        Violation(v, "winding " + std::to_string(w) + " just " +
                         std::string(side > 0 ? "left" : "right") + " of " + Text(e) +
                         " (expected " + std::to_string(expected) + ")");
      }
    }
  }
}

}  // namespace

RegionValidity CheckRingsValidity(std::span<const Ring> rings,
                                  std::optional<Int128> reportedDoubledArea) {
  RegionValidity v;
  if (!CheckForm(rings, v)) return v;
  CheckOrder(rings, v);

  std::vector<Edge> edges;
  std::vector<std::uint32_t> firstEdge;
  for (std::uint32_t r = 0; r < rings.size(); ++r) {
    firstEdge.push_back(static_cast<std::uint32_t>(edges.size()));
    const Ring& ring = rings[r];
    for (std::uint32_t k = 0; k < ring.size(); ++k)
      edges.push_back({ring[k], ring[(k + 1) % ring.size()], r, k});
    Int128 area = IndependentDoubledArea(ring);
    if (area == 0) Violation(v, "ring " + std::to_string(r) + " has zero area");
    v.outerRings += area > 0;
    v.holeRings += area < 0;
    v.doubledArea += area;
  }
  v.edges = static_cast<std::int64_t>(edges.size());

  bool noded = CheckReuse(edges, v);
  noded = CheckNoding(edges, v) && noded;
  CheckVertices(rings, edges, firstEdge, noded, v);
  if (noded && !edges.empty()) CheckWindings(edges, v);

  if (reportedDoubledArea && *reportedDoubledArea != v.doubledArea) {
    Violation(v, "DoubledArea() is " + DecimalText(*reportedDoubledArea) + ", the rings give " +
                     DecimalText(v.doubledArea));
  }
  return v;
}

RegionValidity CheckRegionValidity(const geom2d::Region& region) {
  RegionValidity v = CheckRingsValidity(region.Rings(), region.DoubledArea());
  if (region.SnapBits() < 0 || region.SnapBits() > 16)
    Violation(v, "SnapBits " + std::to_string(region.SnapBits()) + " outside 0..16");
  return v;
}

Int128 IndependentDoubledArea(const Ring& ring) {
  Int128 sum = 0;
  for (std::size_t k = 1; k + 1 < ring.size(); ++k) {
    GridPoint a = Minus(ring[k], ring[0]), b = Minus(ring[k + 1], ring[0]);
    sum += Cross(a, b);
  }
  return sum;
}

Int128 IndependentDoubledArea(std::span<const Ring> rings) {
  Int128 sum = 0;
  for (const Ring& ring : rings) sum += IndependentDoubledArea(ring);
  return sum;
}

std::optional<std::int64_t> WindingAt(std::span<const Ring> rings, const RationalPoint& p,
                                      GridPoint nudge) {
  constexpr Int128 kLimit = Int128{1} << 40;
  if (p.den < 1 || p.den > kLimit || p.x > kLimit * p.den || p.x < -kLimit * p.den ||
      p.y > kLimit * p.den || p.y < -kLimit * p.den || nudge.x > 2 * kLimit ||
      nudge.x < -2 * kLimit || nudge.y > 2 * kLimit || nudge.y < -2 * kLimit) {
    throw std::invalid_argument("WindingAt: point or nudge beyond the limits");
  }
  Probe probe{p.x, p.y, p.den, nudge.x, nudge.y};
  bool onEdge = false;
  std::int64_t w = 0;
  for (const Ring& ring : rings) {
    for (std::size_t k = 0; k < ring.size(); ++k)
      w += Crossing(ring[k], ring[(k + 1) % ring.size()], probe, onEdge);
  }
  if (onEdge) return std::nullopt;
  return w;
}

std::optional<std::int64_t> WindingAt(const geom2d::Region& region, const RationalPoint& p,
                                      GridPoint nudge) {
  return WindingAt(region.Rings(), p, nudge);
}

bool RoundingFree(std::span<const geom2d::TaggedEdge> edges) {
  std::vector<geom2d::TaggedEdge> live;
  std::vector<GridPoint> hot;
  for (const geom2d::TaggedEdge& e : edges) {
    if (e.p == e.q) continue;
    live.push_back(e);
    hot.push_back(e.p);
    hot.push_back(e.q);
  }
  for (std::size_t i = 0; i < live.size(); ++i) {
    for (std::size_t j = i + 1; j < live.size(); ++j) {
      GridPoint a = live[i].p, b = live[i].q, c = live[j].p, d = live[j].q;
      if (!CrossProperly(a, b, c, d)) continue;
      // a + t (b - a) with t = ((c - a) x (d - c)) / ((b - a) x (d - c)):
      // den within 2^81, numerators within 2^122.
      const GridPoint u = Minus(b, a), w = Minus(d, c);
      const Int128 den = Cross(u, w), t = Cross(Minus(c, a), w);
      const Int128 nx = static_cast<Int128>(a.x) * den + t * u.x;
      const Int128 ny = static_cast<Int128>(a.y) * den + t * u.y;
      if (nx % den != 0 || ny % den != 0) return false;
      hot.push_back({static_cast<std::int64_t>(nx / den), static_cast<std::int64_t>(ny / den)});
    }
  }
  std::sort(hot.begin(), hot.end());
  hot.erase(std::unique(hot.begin(), hot.end()), hot.end());
  for (const geom2d::TaggedEdge& e : live) {
    for (GridPoint h : hot) {
      if (h == e.p || h == e.q || InOpenInterior(e.p, e.q, h)) continue;
      if (SegmentMeetsPixel(e.p, e.q, h)) return false;
    }
  }
  return true;
}

std::string DecimalText(Int128 v) {
  if (v == 0) return "0";
  bool negative = v < 0;
  std::string digits;
  while (v != 0) {
    int d = static_cast<int>(v % 10);
    digits.push_back(static_cast<char>('0' + (d < 0 ? -d : d)));
    v /= 10;
  }
  if (negative) digits.push_back('-');
  return {digits.rbegin(), digits.rend()};
}

std::string FormatRings(std::span<const Ring> rings) {
  std::ostringstream s;
  s << "std::vector<onepath::geom2d::Ring> rings = {";
  for (std::size_t r = 0; r < rings.size(); ++r) {
    s << (r == 0 ? "\n    {" : ",\n    {");
    for (std::size_t k = 0; k < rings[r].size(); ++k)
      s << (k == 0 ? "" : ", ") << "{" << rings[r][k].x << ", " << rings[r][k].y << "}";
    s << "}";
  }
  s << "};\n";
  return s.str();
}

}  // namespace onepath::gen
