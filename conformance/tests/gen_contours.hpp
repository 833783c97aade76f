// Seeded generator of valid-ish ContourSets (b3d.contour.values) for the
// polygonizer (b3d.poly.*), in the brute-force oracle's own structs
// (oracles/boost_mp/polygonizer_bruteforce.hpp); includes nothing from src/.
//
// What it generates, for one seed (every draw from a SplitMix64 stream, so a
// seed gives the same contours on every platform and standard library):
//
// 1. A window of `cells` × `cells` cells inside the tile's core (corners
//    B ... B + TileCells; the window is the whole core when `cells` equals
//    TileCells, so the corners B and B + TileCells occur). Each cell gets a
//    label 0 ... `labels` (0 = no region) drawn on coarse blocks of 1-3 cells
//    and then flipped at random per cell, so shapes are staircases with
//    holes, pinches and one-cell spikes.
// 2. Regions: the 4-connected components of equal non-zero labels, numbered
//    1, 2, ... in scan order; each gets an area id 0 ... 63.
// 3. The boundary of each region as unit edges with the region on the side
//    that makes outlines S > 0 (b3d.contour.winding), joined into closed
//    loops. At a corner where the region's cells touch diagonally (two edges
//    leave it) a coin decides between one loop that visits the corner twice
//    (a self-touching corner) and two loops that meet there.
// 4. Floor rows: row(x, z) = base + (ax·x + az·z) / d (integer division, a
//    gentle slope), plus, with `rowJitterPercent`, ±1 or ±2 per vertex, so
//    some straight wall vertices are removable (b3d.poly.straight-walls) and
//    some are not; neighbouring regions get the same rows at shared corners
//    except for jitter, so they usually weld (b3d.poly.weld).
// 5. Vertices: every corner where the loop turns or the neighbour changes
//    (neighbour = the region across the edge, 0 outside any region: a wall),
//    plus each straight unit point with `keepStraightPercent` (collinear
//    runs). areaBorder is drawn at random (the polygonizer ignores it).
// 6. With `cutCornerPercent`, a vertex is dropped when the closed triangle it
//    forms with its neighbours holds no other vertex of the region's loops
//    (diagonal edges, as simplification makes).
// 7. Holes (loops with S < 0) are merged into the region's outline (its one
//    loop with S > 0) in the order of their least (x, z) corner, by the
//    vertex layout of b3d.contour.merge: o(j) … o(j + a), h(v) … h(v + b).
//    The bridge is NOT b3d.contour.bridge's search: it is the first pair
//    (hole vertex from the leftmost on, outline vertex by squared distance)
//    whose open segment touches no edge of the outline or of the unmerged
//    holes and whose midpoint lies inside the region; a hole with no such
//    bridge stays a contour of its own.
// 8. Extras, each with its percent: a copy of every contour on a floor far
//    above (rows + 12 ... 16, new region ids: separate vertices), a copy of
//    one contour one row up (welds to the first), a vertex repeated at its
//    own corner (an edge of zero length, as b3d.contour.degenerate can
//    leave), a contour of two vertices (skipped by the polygonizer).
//
// So the contours are what Trace could plausibly make, not what it makes:
// self-overlaps, overlapping regions and odd bridges are possible, which
// the polygonizer accepts (b3d.poly.errors).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "oracles/boost_mp/polygonizer_bruteforce.hpp"

namespace onepath::conformance {

struct GenContoursOptions {
  int cells = 6;   // window side in cells (clamped to TileCells)
  int labels = 2;  // region labels 1 ... labels
  int fillPercent = 65;
  int flipPercent = 12;
  int rowJitterPercent = 20;
  int keepStraightPercent = 35;
  int cutCornerPercent = 10;
  int joinPinchPercent = 50;
  int farFloorPercent = 20;
  int nearFloorPercent = 20;
  int zeroEdgePercent = 10;
  int tinyContourPercent = 10;
};

// A noisier mix: 7 cells, three labels, more flips, cut corners and pinches.
inline GenContoursOptions NoisyContoursOptions() {
  GenContoursOptions o;
  o.cells = 7;
  o.labels = 3;
  o.flipPercent = 35;
  o.cutCornerPercent = 30;
  o.joinPinchPercent = 70;
  return o;
}

namespace gen_contours_detail {

class SplitMix {
 public:
  explicit SplitMix(std::uint64_t seed) : state_(seed) {}
  std::uint64_t Next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  int Below(int n) { return n <= 1 ? 0 : static_cast<int>(Next() % static_cast<std::uint64_t>(n)); }
  bool Percent(int p) { return Below(100) < p; }

 private:
  std::uint64_t state_;
};

struct P {
  std::int64_t x = 0, z = 0;
  bool operator==(const P& o) const { return x == o.x && z == o.z; }
  bool operator<(const P& o) const { return x != o.x ? x < o.x : z < o.z; }
};

inline std::int64_t Turn(P a, P b, P c) {  // the chapter's cross(a, b, c); small ints
  return (c.x - a.x) * (b.z - a.z) - (b.x - a.x) * (c.z - a.z);
}

inline bool OnSegment(P a, P b, P c) {  // c on the closed segment ab
  return Turn(a, b, c) == 0 && std::min(a.x, b.x) <= c.x && c.x <= std::max(a.x, b.x) &&
         std::min(a.z, b.z) <= c.z && c.z <= std::max(a.z, b.z);
}

inline int Sgn(std::int64_t v) { return (v > 0) - (v < 0); }

// The open segment pq meets the closed edge cd anywhere but at p or q
// themselves (where they are endpoints of cd).
inline bool MeetsInside(P p, P q, P c, P d) {
  if ((c == p && d == q) || (c == q && d == p)) return true;
  const int s1 = Sgn(Turn(p, q, c)), s2 = Sgn(Turn(p, q, d));
  const int s3 = Sgn(Turn(c, d, p)), s4 = Sgn(Turn(c, d, q));
  if (s1 != 0 && s2 != 0 && s3 != 0 && s4 != 0 && s1 == -s2 && s3 == -s4) return true;
  if (OnSegment(p, q, c) && !(c == p) && !(c == q)) return true;
  if (OnSegment(p, q, d) && !(d == p) && !(d == q)) return true;
  if (OnSegment(c, d, p) && !(p == c) && !(p == d)) return true;
  if (OnSegment(c, d, q) && !(q == c) && !(q == d)) return true;
  return false;
}

using Loop = std::vector<oracle::BfContourVertex>;

inline P At(const oracle::BfContourVertex& v) { return P{v.x, v.z}; }

inline std::int64_t Area2(const Loop& l) {  // S of b3d.contour.winding
  std::int64_t s = 0;
  for (std::size_t i = 0; i < l.size(); ++i) {
    const P c = At(l[i]), p = At(l[(i + l.size() - 1) % l.size()]);
    s += c.x * p.z - p.x * c.z;
  }
  return s;
}

// Even-odd test of the doubled point m2 against a loop in doubled coordinates.
inline bool InsideDoubled(P m2, const Loop& l) {
  bool in = false;
  for (std::size_t i = 0; i < l.size(); ++i) {
    const P c{2 * l[i].x, 2 * l[i].z}, d{2 * l[(i + 1) % l.size()].x, 2 * l[(i + 1) % l.size()].z};
    if ((c.z > m2.z) == (d.z > m2.z)) continue;
    // m2.x < the crossing's x, multiplied by (d.z − c.z) with its sign.
    const std::int64_t lhs = (m2.x - c.x) * (d.z - c.z), rhs = (m2.z - c.z) * (d.x - c.x);
    if (d.z > c.z ? lhs < rhs : lhs > rhs) in = !in;
  }
  return in;
}

}  // namespace gen_contours_detail

inline std::vector<oracle::BfContour> GenerateContours(std::uint64_t seed,
                                                       const oracle::BfPolySettings& s,
                                                       const GenContoursOptions& o) {
  using namespace gen_contours_detail;
  using oracle::BfContour;
  using oracle::BfContourVertex;
  SplitMix rng(seed ^ 0x5eed0c0417041e5ULL);

  // 1. The window and its labels.
  const int W =
      static_cast<int>(std::max<std::int64_t>(1, std::min<std::int64_t>(o.cells, s.tileCells)));
  const std::int64_t ox = s.border + rng.Below(static_cast<int>(s.tileCells) - W + 1);
  const std::int64_t oz = s.border + rng.Below(static_cast<int>(s.tileCells) - W + 1);
  const int block = 1 + rng.Below(3);
  const int coarse = (W + block - 1) / block;
  std::vector<int> coarseLabel(static_cast<std::size_t>(coarse * coarse));
  for (int& l : coarseLabel) l = rng.Percent(o.fillPercent) ? 1 + rng.Below(o.labels) : 0;
  std::vector<int> label(static_cast<std::size_t>(W * W));
  for (int j = 0; j < W; ++j)
    for (int i = 0; i < W; ++i) {
      int l = coarseLabel[static_cast<std::size_t>((j / block) * coarse + i / block)];
      if (rng.Percent(o.flipPercent)) l = rng.Percent(o.fillPercent) ? 1 + rng.Below(o.labels) : 0;
      label[static_cast<std::size_t>(j * W + i)] = l;
    }

  // 2. Regions: 4-connected components of equal labels, in scan order.
  std::vector<int> region(static_cast<std::size_t>(W * W), 0);
  int regions = 0;
  for (int start = 0; start < W * W; ++start) {
    if (label[static_cast<std::size_t>(start)] == 0 || region[static_cast<std::size_t>(start)] != 0)
      continue;
    ++regions;
    std::vector<int> stack{start};
    region[static_cast<std::size_t>(start)] = regions;
    while (!stack.empty()) {
      const int c = stack.back();
      stack.pop_back();
      const int ci = c % W, cj = c / W;
      const int di[4] = {-1, 1, 0, 0}, dj[4] = {0, 0, -1, 1};
      for (int k = 0; k < 4; ++k) {
        const int ni = ci + di[k], nj = cj + dj[k];
        if (ni < 0 || nj < 0 || ni >= W || nj >= W) continue;
        const int n = nj * W + ni;
        if (label[static_cast<std::size_t>(n)] != label[static_cast<std::size_t>(c)] ||
            region[static_cast<std::size_t>(n)] != 0)
          continue;
        region[static_cast<std::size_t>(n)] = regions;
        stack.push_back(n);
      }
    }
  }
  auto regionAt = [&](int i, int j) {
    if (i < 0 || j < 0 || i >= W || j >= W) return 0;
    return region[static_cast<std::size_t>(j * W + i)];
  };

  // 4. Rows.
  const std::int64_t base = 10 + rng.Below(20);
  const std::int64_t ax = rng.Below(3), az = rng.Below(3), den = 1 + rng.Below(4);
  auto rowAt = [&](P p) {
    std::int64_t r = base + (ax * (p.x - ox) + az * (p.z - oz)) / den;
    if (rng.Percent(o.rowJitterPercent)) {
      const int j = rng.Below(4);
      r += j == 0 ? -2 : j == 1 ? -1 : j == 2 ? 1 : 2;
    }
    return std::max<std::int64_t>(0, r);
  };

  std::vector<BfContour> out;
  for (int r = 1; r <= regions; ++r) {
    // 3. Unit boundary edges with the region on the side of b3d.contour.winding.
    struct UnitEdge {
      P from, to;
      int neighbour;
    };
    std::vector<UnitEdge> edges;
    for (int j = 0; j < W; ++j)
      for (int i = 0; i < W; ++i) {
        if (regionAt(i, j) != r) continue;
        const std::int64_t X = ox + i, Z = oz + j;
        if (regionAt(i - 1, j) != r) edges.push_back({{X, Z}, {X, Z + 1}, regionAt(i - 1, j)});
        if (regionAt(i, j + 1) != r)
          edges.push_back({{X, Z + 1}, {X + 1, Z + 1}, regionAt(i, j + 1)});
        if (regionAt(i + 1, j) != r)
          edges.push_back({{X + 1, Z + 1}, {X + 1, Z}, regionAt(i + 1, j)});
        if (regionAt(i, j - 1) != r) edges.push_back({{X + 1, Z}, {X, Z}, regionAt(i, j - 1)});
      }
    std::map<P, std::vector<std::size_t>> leaving;
    for (std::size_t e = 0; e < edges.size(); ++e) leaving[edges[e].from].push_back(e);
    std::map<P, bool> join;  // per pinch corner: one loop through it, or two
    std::vector<std::size_t> link(edges.size());
    for (std::size_t e = 0; e < edges.size(); ++e) {
      const std::vector<std::size_t>& outs = leaving[edges[e].to];
      if (outs.size() == 1) {
        link[e] = outs[0];
        continue;
      }
      if (!join.count(edges[e].to)) join[edges[e].to] = rng.Percent(o.joinPinchPercent);
      const bool left = join[edges[e].to];
      link[e] = outs[0];
      const P din{edges[e].to.x - edges[e].from.x, edges[e].to.z - edges[e].from.z};
      for (std::size_t f : outs) {
        const P dout{edges[f].to.x - edges[f].from.x, edges[f].to.z - edges[f].from.z};
        const std::int64_t t = din.x * dout.z - din.z * dout.x;
        if ((t > 0) == left) link[e] = f;
      }
    }
    // Closed loops of unit edges, then their vertices (5.).
    std::vector<Loop> loops;
    std::vector<bool> used(edges.size(), false);
    for (std::size_t start = 0; start < edges.size(); ++start) {
      if (used[start]) continue;
      std::vector<std::size_t> chain;
      for (std::size_t e = start; !used[e]; e = link[e]) {
        used[e] = true;
        chain.push_back(e);
      }
      Loop loop;
      for (std::size_t k = 0; k < chain.size(); ++k) {
        const UnitEdge& in = edges[chain[(k + chain.size() - 1) % chain.size()]];
        const UnitEdge& leave = edges[chain[k]];
        const bool turns = (in.to.x - in.from.x) != (leave.to.x - leave.from.x) ||
                           (in.to.z - in.from.z) != (leave.to.z - leave.from.z);
        if (!turns && in.neighbour == leave.neighbour && !rng.Percent(o.keepStraightPercent))
          continue;
        BfContourVertex v;
        v.x = static_cast<std::int32_t>(leave.from.x);
        v.z = static_cast<std::int32_t>(leave.from.z);
        v.y = static_cast<std::int32_t>(rowAt(leave.from));
        v.neighbour = static_cast<std::uint16_t>(leave.neighbour);
        v.areaBorder = rng.Percent(10);
        loop.push_back(v);
      }
      loops.push_back(loop);
    }
    // 6. Cut corners whose triangle holds no other vertex of the region.
    for (std::size_t li = 0; li < loops.size(); ++li) {
      for (std::size_t k = 0; k < loops[li].size();) {
        Loop& l = loops[li];
        if (l.size() <= 3 || !rng.Percent(o.cutCornerPercent)) {
          ++k;
          continue;
        }
        const std::size_t n = l.size(), pk = (k + n - 1) % n, nk = (k + 1) % n;
        const P a = At(l[pk]), b = At(l[k]), c = At(l[nk]);
        bool empty = !(a == c);
        for (std::size_t lj = 0; lj < loops.size() && empty; ++lj)
          for (std::size_t m = 0; m < loops[lj].size() && empty; ++m) {
            if (lj == li && (m == pk || m == k || m == nk)) continue;
            const P q = At(loops[lj][m]);
            const int s1 = Sgn(Turn(a, b, q)), s2 = Sgn(Turn(b, c, q)), s3 = Sgn(Turn(c, a, q));
            const bool inside = (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
            if (inside) empty = false;
          }
        if (empty)
          l.erase(l.begin() + static_cast<std::ptrdiff_t>(k));
        else
          ++k;
      }
    }
    // 7. Holes into the outline.
    std::vector<std::size_t> outlines, holes;
    for (std::size_t li = 0; li < loops.size(); ++li) {
      const std::int64_t a2 = Area2(loops[li]);
      if (a2 > 0) outlines.push_back(li);
      if (a2 < 0) holes.push_back(li);
    }
    std::vector<bool> merged(loops.size(), false);
    if (outlines.size() == 1 && !holes.empty()) {
      Loop& outline = loops[outlines[0]];
      auto leftmost = [&](std::size_t li) {
        std::size_t best = 0;
        for (std::size_t k = 1; k < loops[li].size(); ++k)
          if (At(loops[li][k]) < At(loops[li][best])) best = k;
        return best;
      };
      std::stable_sort(holes.begin(), holes.end(), [&](std::size_t a, std::size_t b) {
        return At(loops[a][leftmost(a)]) < At(loops[b][leftmost(b)]);
      });
      for (std::size_t hi = 0; hi < holes.size(); ++hi) {
        const Loop& hole = loops[holes[hi]];
        const std::size_t start = leftmost(holes[hi]);
        bool bridged = false;
        for (std::size_t t = 0; t < hole.size() && !bridged; ++t) {
          const std::size_t v = (start + t) % hole.size();
          const P hp = At(hole[v]);
          std::vector<std::size_t> order(outline.size());
          for (std::size_t j = 0; j < order.size(); ++j) order[j] = j;
          auto d2 = [&](std::size_t j) {
            const P op = At(outline[j]);
            return (op.x - hp.x) * (op.x - hp.x) + (op.z - hp.z) * (op.z - hp.z);
          };
          std::stable_sort(order.begin(), order.end(),
                           [&](std::size_t a, std::size_t b) { return d2(a) < d2(b); });
          for (std::size_t j : order) {
            const P op = At(outline[j]);
            if (op == hp) continue;
            bool clear = true;
            auto against = [&](const Loop& l) {
              for (std::size_t e = 0; e < l.size() && clear; ++e)
                if (MeetsInside(op, hp, At(l[e]), At(l[(e + 1) % l.size()]))) clear = false;
            };
            against(outline);
            for (std::size_t hj = hi; hj < holes.size(); ++hj) against(loops[holes[hj]]);
            if (!clear) continue;
            const P mid{op.x + hp.x, op.z + hp.z};
            bool inside = InsideDoubled(mid, outline);
            for (std::size_t hj = hi; hj < holes.size() && inside; ++hj)
              if (InsideDoubled(mid, loops[holes[hj]])) inside = false;
            if (!inside) continue;
            // b3d.contour.merge: o(j) … o(j + a), then h(v) … h(v + b).
            Loop m;
            for (std::size_t k = 0; k <= outline.size(); ++k)
              m.push_back(outline[(j + k) % outline.size()]);
            for (std::size_t k = 0; k <= hole.size(); ++k) m.push_back(hole[(v + k) % hole.size()]);
            outline = m;
            merged[holes[hi]] = true;
            bridged = true;
            break;
          }
        }
      }
    }
    const std::uint8_t area = static_cast<std::uint8_t>(rng.Below(64));
    for (std::size_t li = 0; li < loops.size(); ++li) {
      if (merged[li] || loops[li].size() < 3) continue;
      BfContour c;
      c.region = static_cast<std::uint16_t>(r);
      c.area = area;
      c.vertices = loops[li];
      out.push_back(c);
    }
  }

  // 8. Extras.
  if (!out.empty() && rng.Percent(o.zeroEdgePercent)) {
    BfContour& c = out[static_cast<std::size_t>(rng.Below(static_cast<int>(out.size())))];
    const std::size_t k = static_cast<std::size_t>(rng.Below(static_cast<int>(c.vertices.size())));
    BfContourVertex twin = c.vertices[k];
    twin.y += rng.Below(2);
    c.vertices.insert(c.vertices.begin() + static_cast<std::ptrdiff_t>(k) + 1, twin);
  }
  if (!out.empty() && rng.Percent(o.nearFloorPercent)) {
    BfContour c = out[static_cast<std::size_t>(rng.Below(static_cast<int>(out.size())))];
    for (BfContourVertex& v : c.vertices) v.y += 1;
    c.region = static_cast<std::uint16_t>(regions + 1);
    out.push_back(c);
  }
  if (rng.Percent(o.farFloorPercent)) {
    const std::size_t n = out.size();
    const int lift = 12 + rng.Below(5);
    for (std::size_t i = 0; i < n; ++i) {
      BfContour c = out[i];
      for (BfContourVertex& v : c.vertices) v.y += lift;
      c.region = static_cast<std::uint16_t>(c.region + regions + 1);
      out.push_back(c);
    }
  }
  if (rng.Percent(o.tinyContourPercent)) {
    BfContour c;
    c.region = static_cast<std::uint16_t>(2 * regions + 3);
    c.area = 1;
    c.vertices = {
        BfContourVertex{static_cast<std::int32_t>(ox), 3, static_cast<std::int32_t>(oz), 0, false},
        BfContourVertex{static_cast<std::int32_t>(ox + 1), 3, static_cast<std::int32_t>(oz), 0,
                        false}};
    out.insert(
        out.begin() + static_cast<std::ptrdiff_t>(rng.Below(static_cast<int>(out.size()) + 1)), c);
  }
  return out;
}

}  // namespace onepath::conformance
