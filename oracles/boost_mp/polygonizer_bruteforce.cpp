// Brute-force oracle of the 3D polygonizer (b3d.poly.*), from the spec text
// alone; see polygonizer_bruteforce.hpp for the method. Each function names
// the clause it transcribes. SPEC-AMBIGUITY marks a reading of unclear text.
#include "oracles/boost_mp/polygonizer_bruteforce.hpp"

#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <optional>
#include <stdexcept>

namespace onepath::oracle {
namespace {

using boost::multiprecision::cpp_int;
using boost::multiprecision::cpp_rational;

// A cell corner (x, z); rows play no part in any planar test (b3d.poly.cross).
struct Pos {
  std::int64_t x = 0, z = 0;
};

bool SamePos(Pos a, Pos b) { return a.x == b.x && a.z == b.z; }

// b3d.poly.cross: cross(a, b, c) = (xc − xa)·(zb − za) − (xb − xa)·(zc − za).
cpp_int Cross(Pos a, Pos b, Pos c) {
  return (cpp_int(c.x) - a.x) * (cpp_int(b.z) - a.z) - (cpp_int(b.x) - a.x) * (cpp_int(c.z) - a.z);
}

// b3d.poly.cross: dot(a, b, c) = (xb − xa)·(xc − xb) + (zb − za)·(zc − zb).
cpp_int Dot(Pos a, Pos b, Pos c) {
  return (cpp_int(b.x) - a.x) * (cpp_int(c.x) - b.x) + (cpp_int(b.z) - a.z) * (cpp_int(c.z) - b.z);
}

int CrossSign(Pos a, Pos b, Pos c) { return Cross(a, b, c).sign(); }

// b3d.poly.cross: a → b → c goes straight on: cross 0 and dot > 0.
bool StraightOn(Pos a, Pos b, Pos c) { return CrossSign(a, b, c) == 0 && Dot(a, b, c).sign() > 0; }

// b3d.poly.cross: c lies on the segment ab (cross 0, inside both ranges).
bool LiesOn(Pos a, Pos b, Pos c) {
  return CrossSign(a, b, c) == 0 && std::min(a.x, b.x) <= c.x && c.x <= std::max(a.x, b.x) &&
         std::min(a.z, b.z) <= c.z && c.z <= std::max(a.z, b.z);
}

// b3d.poly.cross: segments ab and cd touch (proper crossing, or an endpoint of
// either on the other).
bool Touch(Pos a, Pos b, Pos c, Pos d) {
  const int s1 = CrossSign(a, b, c), s2 = CrossSign(a, b, d);
  const int s3 = CrossSign(c, d, a), s4 = CrossSign(c, d, b);
  if (s1 != 0 && s2 != 0 && s3 != 0 && s4 != 0 && s1 == -s2 && s3 == -s4) return true;
  return LiesOn(a, b, c) || LiesOn(a, b, d) || LiesOn(c, d, a) || LiesOn(c, d, b);
}

// cpp_int squared length in cells.
cpp_int Length2(Pos a, Pos b) {
  const cpp_int dx = cpp_int(b.x) - a.x, dz = cpp_int(b.z) - a.z;
  return dx * dx + dz * dz;
}

// A finite double as the exact rational it denotes (pred.float32: the
// binary32 value is widened to binary64 exactly; here the binary64 value is
// taken exactly): d = M · 2^(e − 53) with |M| < 2^53.
cpp_rational ExactRational(double d) {
  if (!std::isfinite(d)) throw std::invalid_argument("non-finite position");
  if (d == 0) return cpp_rational(0);
  int e = 0;
  const double m = std::frexp(d, &e);  // d = m · 2^e, 0.5 ≤ |m| < 1
  const auto mantissa = static_cast<std::int64_t>(std::ldexp(m, 53));  // exact
  const int shift = e - 53;
  const cpp_int num = mantissa;
  if (shift >= 0) return cpp_rational(cpp_int(num << shift));
  return cpp_rational(num, cpp_int(cpp_int(1) << -shift));
}

// pred.orient2d on exact rationals: sign of (a.x − c.x)(b.y − c.y) − (a.y − c.y)(b.x − c.x).
int Orient2DExact(const cpp_rational& ax, const cpp_rational& ay, const cpp_rational& bx,
                  const cpp_rational& by, const cpp_rational& cx, const cpp_rational& cy) {
  const cpp_rational det = (ax - cx) * (by - cy) - (ay - cy) * (bx - cx);
  return det.sign();
}

// b3d.poly.orient: orient32(a, b, c) = Orient2D(P(c), P(b), P(a)).
int Orient32(Pos a, Pos b, Pos c, const BfPolySettings& s) {
  auto coord = [&](std::int64_t v) {
    return ExactRational(static_cast<double>(BfLocal(v, s)));  // widened (pred.float32)
  };
  return Orient2DExact(coord(c.x), coord(c.z), coord(b.x), coord(b.z), coord(a.x), coord(a.z));
}

// b3d.contour.winding: S = Σ x(i)·z(i−1) − x(i−1)·z(i), exact.
template <class PosOf>
std::int64_t DoubledArea(std::size_t m, PosOf pos) {
  cpp_int sum = 0;
  for (std::size_t i = 0; i < m; ++i) {
    const Pos cur = pos(i), prev = pos((i + m - 1) % m);
    sum += cpp_int(cur.x) * prev.z - cpp_int(prev.x) * cur.z;
  }
  return static_cast<std::int64_t>(sum);
}

void CheckSettings(const BfPolySettings& s) {
  if (s.maxVertsPerPoly < 3 || s.maxVertsPerPoly > 6)
    throw std::invalid_argument("maxVertsPerPoly outside 3 ... 6");
  if (s.tileCells < 1) throw std::invalid_argument("tileCells < 1");
  if (s.border < 0) throw std::invalid_argument("border < 0");
  if (!(s.cs > 0) || !std::isfinite(s.cs)) throw std::invalid_argument("cs");
  if (!(s.tileSize > 0) || !std::isfinite(s.tileSize)) throw std::invalid_argument("tileSize");
}

// One ring node (b3d.poly.straight-walls: the vertices left after removal).
struct Node {
  Pos pos;
  std::int64_t row = 0;
  bool wall = false;  // the wall flag of the edge leaving it
};

// b3d.poly.walls: edge k (v(k) → v(k+1)) is a wall when neighbour(v(k)) = 0
// and the contour has no edge j from the position of v(k+1) to the position
// of v(k).
// SPEC-AMBIGUITY (b3d.poly.walls): "no edge j" is read as any j, k itself
// included, so an edge of zero length (v(k) and v(k+1) at one position, which
// b3d.contour.degenerate can leave) is its own reverse and never a wall.
std::vector<bool> WallFlags(const BfContour& c) {
  const std::size_t m = c.vertices.size();
  auto pos = [&](std::size_t i) { return Pos{c.vertices[i].x, c.vertices[i].z}; };
  std::vector<bool> wall(m, false);
  for (std::size_t k = 0; k < m; ++k) {
    if (c.vertices[k].neighbour != 0) continue;
    const Pos from = pos(k), to = pos((k + 1) % m);
    bool reversed = false;
    for (std::size_t j = 0; j < m && !reversed; ++j)
      reversed = SamePos(pos(j), to) && SamePos(pos((j + 1) % m), from);
    wall[k] = !reversed;
  }
  return wall;
}

// b3d.poly.straight-walls: repeatedly remove the first removable vertex
// (lowest position of the current list), restarting from the first position,
// while the list has more than three vertices.
std::vector<Node> RemoveStraightWalls(const BfContour& c, const std::vector<bool>& wall) {
  std::vector<Node> list;
  for (std::size_t k = 0; k < c.vertices.size(); ++k)
    list.push_back(Node{Pos{c.vertices[k].x, c.vertices[k].z}, c.vertices[k].y, wall[k]});
  for (;;) {
    if (list.size() <= 3) break;
    const std::size_t n = list.size();
    std::optional<std::size_t> found;
    for (std::size_t k = 0; k < n && !found; ++k) {
      const Node& p = list[(k + n - 1) % n];
      const Node& v = list[k];
      const Node& q = list[(k + 1) % n];
      if (!p.wall || !v.wall) continue;  // edges p → v and v → n both walls
      if (!StraightOn(p.pos, v.pos, q.pos)) continue;
      const cpp_int dx = cpp_int(q.pos.x) - p.pos.x, dz = cpp_int(q.pos.z) - p.pos.z;
      const cpp_int D = dx * dx + dz * dz;
      const cpp_int T = dx * (cpp_int(v.pos.x) - p.pos.x) + dz * (cpp_int(v.pos.z) - p.pos.z);
      const cpp_int lhs = (cpp_int(v.row) - p.row) * D - (cpp_int(q.row) - p.row) * T;
      if (abs(lhs) <= D) found = k;
    }
    if (!found) break;
    const std::size_t k = *found;
    list[(k + n - 1) % n].wall = true;  // the edge p → n is a wall
    list.erase(list.begin() + static_cast<std::ptrdiff_t>(k));
  }
  return list;
}

// b3d.poly.weld: the first vertex of the list (list order) at the same (x, z)
// with |y − y'| ≤ 1, else a new vertex.
std::uint32_t Weld(std::vector<BfPolyVertex>& vertices, const Node& node) {
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    const BfPolyVertex& v = vertices[i];
    if (v.x == node.pos.x && v.z == node.pos.z &&
        std::llabs(static_cast<long long>(node.row) - v.y) <= 1)
      return static_cast<std::uint32_t>(i);
  }
  vertices.push_back(BfPolyVertex{static_cast<std::int32_t>(node.pos.x),
                                  static_cast<std::int32_t>(node.row),
                                  static_cast<std::int32_t>(node.pos.z)});
  return static_cast<std::uint32_t>(vertices.size() - 1);
}

struct Triangle {
  std::vector<BfPolyCorner> corners;
  bool degenerate = false;  // made by a fallback clip
  bool flat = false;        // cross ≤ 0 in cells (emitted because orient32 > 0)
};

// Ear clipping of one contour's ring (b3d.poly.ring ... b3d.poly.degenerate-ears).
class EarClipper {
 public:
  EarClipper(const std::vector<Node>& nodes, const std::vector<std::uint32_t>& w,
             const BfPolySettings& s)
      : nodes_(nodes), w_(w), s_(s) {
    const std::size_t n = nodes.size();
    next_.resize(n);
    prev_.resize(n);
    alive_.assign(n, true);
    wall_.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
      next_[k] = (k + 1) % n;
      prev_[k] = (k + n - 1) % n;
      wall_[k] = nodes[k].wall;
    }
    remaining_ = n;
  }

  void Run(BfContourStats& stats) {
    while (remaining_ > 3) {
      std::optional<std::size_t> ear = BestValidEar();
      bool degenerate = false;
      if (!ear) {
        ear = Fallback();
        degenerate = true;
        ++stats.degenerateEars;
      }
      Clip(*ear, degenerate, stats);
    }
    // The last triangle: (h, next(h), next(next(h))), each corner with its
    // node's leaving edge flag.
    const std::size_t h = head_, a = next_[h], b = next_[a];
    Emit(h, a, b, wall_[h], wall_[a], wall_[b], false, stats);
  }

  std::vector<Triangle> triangles;

 private:
  Pos P(std::size_t k) const { return nodes_[k].pos; }

  // b3d.poly.diagonal: b lies in the cone at a (a0 = prev(a), a1 = next(a)).
  bool InCone(std::size_t a, std::size_t b) const {
    const std::size_t a0 = prev_[a], a1 = next_[a];
    if (CrossSign(P(a0), P(a), P(a1)) >= 0)
      return CrossSign(P(a), P(b), P(a0)) > 0 && CrossSign(P(b), P(a), P(a1)) > 0;
    return !(CrossSign(P(a), P(b), P(a1)) >= 0 && CrossSign(P(b), P(a), P(a0)) >= 0);
  }

  // b3d.poly.diagonal: q in the cone at p, p in the cone at q, and no edge of
  // the current ring with neither endpoint at the position of p or q touches pq.
  bool IsDiagonal(std::size_t p, std::size_t q) const {
    if (!InCone(p, q) || !InCone(q, p)) return false;
    for (std::size_t c = 0; c < nodes_.size(); ++c) {
      if (!alive_[c]) continue;
      const std::size_t d = next_[c];
      if (SamePos(P(c), P(p)) || SamePos(P(c), P(q)) || SamePos(P(d), P(p)) || SamePos(P(d), P(q)))
        continue;
      if (Touch(P(p), P(q), P(c), P(d))) return false;
    }
    return true;
  }

  // b3d.poly.ears: a full rescan; the valid ear with the least squared
  // (xq − xp)² + (zq − zp)², the lowest node number on ties.
  std::optional<std::size_t> BestValidEar() const {
    std::optional<std::size_t> best;
    cpp_int bestLen;
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      if (!alive_[i]) continue;
      const std::size_t p = prev_[i], q = next_[i];
      if (CrossSign(P(p), P(i), P(q)) <= 0) continue;
      if (!IsDiagonal(p, q)) continue;
      const cpp_int len = Length2(P(p), P(q));
      if (!best || len < bestLen) {
        best = i;
        bestLen = len;
      }
    }
    return best;
  }

  // b3d.poly.degenerate-ears: visit h, next(h), ... once each; the first v
  // with cross(prev v, v, next v) ≥ 0 whose prev–next segment is a diagonal;
  // else the head.
  // SPEC-FINDING: the first rule never finds a node. Without a valid ear, a
  // node passing it has cross = 0 exactly, and then a cone test of
  // b3d.poly.diagonal always fails: with v strictly between p and q, or q on
  // the ray p → v, InCone(p, q) fails in both branches (cross(q, p, v) = 0 in
  // the convex one; cross(q, p, prev p) = −t·cross(prev p, p, v) > 0 in the
  // reflex one); with q behind p, InCone(q, p) fails likewise; with two of
  // them at one position a cross is 0. So the fallback always clips the
  // head. It is transcribed as written all the same.
  std::size_t Fallback() const {
    std::size_t v = head_;
    for (std::size_t visited = 0; visited < remaining_; ++visited) {
      const std::size_t p = prev_[v], q = next_[v];
      if (CrossSign(P(p), P(v), P(q)) >= 0 && IsDiagonal(p, q)) return v;
      v = next_[v];
    }
    return head_;
  }

  // b3d.poly.ears: the emission test (orient32 > 0 and three different
  // vertices) and the corners of the emitted triangle.
  void Emit(std::size_t p, std::size_t i, std::size_t q, bool wp, bool wi, bool wq, bool degenerate,
            BfContourStats& stats) {
    const auto cross = static_cast<std::int64_t>(Cross(P(p), P(i), P(q)));
    stats.clipCrossSum += cross;
    const bool distinct = w_[p] != w_[i] && w_[i] != w_[q] && w_[p] != w_[q];
    if (Orient32(P(p), P(i), P(q), s_) > 0 && distinct) {
      triangles.push_back(
          Triangle{{{w_[p], wp}, {w_[i], wi}, {w_[q], wq}}, degenerate, cross <= 0});
      ++stats.emitted;
    } else {
      stats.droppedCrossSum += cross;
    }
  }

  // b3d.poly.ears: clip i. p's leaving edge becomes the diagonal pq (not a
  // wall); if i was the head, q becomes the head.
  // SPEC-AMBIGUITY (b3d.poly.ears): the diagonal is "not a wall" even when a
  // fallback clip of a straight node makes it run along two wall edges; read
  // literally (never a wall).
  void Clip(std::size_t i, bool degenerate, BfContourStats& stats) {
    const std::size_t p = prev_[i], q = next_[i];
    Emit(p, i, q, wall_[p], wall_[i], false, degenerate, stats);
    alive_[i] = false;
    next_[p] = q;
    prev_[q] = p;
    wall_[p] = false;
    if (i == head_) head_ = q;
    --remaining_;
  }

  const std::vector<Node>& nodes_;
  const std::vector<std::uint32_t>& w_;
  const BfPolySettings& s_;
  std::vector<std::size_t> next_, prev_;
  std::vector<bool> alive_;
  std::vector<bool> wall_;
  std::size_t remaining_ = 0;
  std::size_t head_ = 0;  // b3d.poly.ring: node 0 at the start
};

struct Poly {
  std::vector<BfPolyCorner> corners;
  bool degenerate = false;
  bool flat = false;
};

// b3d.poly.merge-ring and b3d.poly.merge-valid for the candidate (A, k, B, l):
// the merged polygon when the candidate is valid.
std::optional<std::vector<BfPolyCorner>> TryMerge(const Poly& A, std::size_t k, const Poly& B,
                                                  std::size_t l,
                                                  const std::vector<BfPolyVertex>& vertices,
                                                  const BfPolySettings& s) {
  const std::size_t nA = A.corners.size(), nB = B.corners.size();
  auto pos = [&](const BfPolyCorner& c) { return Pos{vertices[c.vertex].x, vertices[c.vertex].z}; };
  // R = A[k+1], ..., A[k+|A|] (= a), B[l+2], ..., B[l+|B|−1].
  std::vector<BfPolyCorner> R;
  for (std::size_t t = 1; t <= nA; ++t) R.push_back(A.corners[(k + t) % nA]);
  R.back().wall = B.corners[(l + 1) % nB].wall;  // a takes B's flag of B[l + 1] = a
  for (std::size_t t = 2; t + 1 <= nB; ++t) R.push_back(B.corners[(l + t) % nB]);
  const std::size_t n = R.size();  // |A| + |B| − 2

  // The joints: b at position 0 of R, a at position |A| − 1.
  const std::size_t joints[2] = {nA - 1, 0};
  bool removed[2] = {false, false};
  for (int j = 0; j < 2; ++j) {
    const std::size_t at = joints[j];
    const BfPolyCorner& u = R[(at + n - 1) % n];
    const BfPolyCorner& J = R[at];
    const BfPolyCorner& v = R[(at + 1) % n];
    // Wall-collinear: u → J → v straight on in cells, both edges walls.
    const bool wallCollinear = StraightOn(pos(u), pos(J), pos(v)) && u.wall && J.wall;
    if (wallCollinear) {
      removed[j] = true;
      continue;
    }
    // Test 1: turns left or goes straight on in cells, and orient32 ≥ 0.
    const bool cellsOk =
        CrossSign(pos(u), pos(J), pos(v)) > 0 || StraightOn(pos(u), pos(J), pos(v));
    if (!cellsOk || Orient32(pos(u), pos(J), pos(v), s) < 0) return std::nullopt;
  }

  // Joint removal: the corner before a removed joint gets the wall flag.
  std::vector<bool> gone(n, false);
  for (int j = 0; j < 2; ++j) {
    if (!removed[j]) continue;
    gone[joints[j]] = true;
    R[(joints[j] + n - 1) % n].wall = true;
  }
  // R′ in R's order: it starts at b, or at y = R[1] when b was removed
  // (b3d.poly.merge-ring's rotation).
  std::vector<BfPolyCorner> Rp;
  std::vector<std::size_t> indexInRp(n, 0);
  for (std::size_t t = 0; t < n; ++t) {
    if (gone[t]) continue;
    indexInRp[t] = Rp.size();
    Rp.push_back(R[t]);
  }
  // Test 2: at least three corners, no vertex twice.
  if (Rp.size() < 3) return std::nullopt;
  for (std::size_t i = 0; i < Rp.size(); ++i)
    for (std::size_t j = i + 1; j < Rp.size(); ++j)
      if (Rp[i].vertex == Rp[j].vertex) return std::nullopt;
  // Test 3: each corner of R′ that was a neighbour (in R) of a removed joint
  // has orient32 ≥ 0 with its neighbours in R′.
  // SPEC-AMBIGUITY (b3d.poly.merge-valid, test 3): "a neighbour of a removed
  // joint" is read as its neighbour in R (u or v); such a corner is never a
  // joint itself, since a and b are not neighbours in R.
  const std::size_t m = Rp.size();
  for (int j = 0; j < 2; ++j) {
    if (!removed[j]) continue;
    for (std::size_t side : {(joints[j] + n - 1) % n, (joints[j] + 1) % n}) {
      const std::size_t c = indexInRp[side];
      const Pos before = pos(Rp[(c + m - 1) % m]), at = pos(Rp[c]), after = pos(Rp[(c + 1) % m]);
      if (Orient32(before, at, after, s) < 0) return std::nullopt;
    }
  }
  return Rp;
}

// b3d.poly.merge: repeat over one contour's polygons until no candidate is
// valid; each round enumerates every candidate and tests each one.
void MergeContour(std::vector<Poly>& polys, const std::vector<BfPolyVertex>& vertices,
                  const BfPolySettings& s) {
  for (;;) {
    bool found = false;
    cpp_int bestLen;
    std::size_t bestA = 0, bestB = 0;
    std::vector<BfPolyCorner> bestRing;
    const std::size_t t = polys.size();
    for (std::size_t A = 0; A < t; ++A) {
      const std::size_t nA = polys[A].corners.size();
      for (std::size_t k = 0; k < nA; ++k) {
        const std::uint32_t a = polys[A].corners[k].vertex;
        const std::uint32_t b = polys[A].corners[(k + 1) % nA].vertex;
        for (std::size_t B = A + 1; B < t; ++B) {
          const std::size_t nB = polys[B].corners.size();
          // SPEC-AMBIGUITY (b3d.poly.merge): B holds the edge b → a at most
          // once (no polygon repeats a vertex); every l is enumerated anyway,
          // in corner order.
          for (std::size_t l = 0; l < nB; ++l) {
            if (polys[B].corners[l].vertex != b || polys[B].corners[(l + 1) % nB].vertex != a)
              continue;
            if (nA + nB - 2 > static_cast<std::size_t>(s.maxVertsPerPoly)) continue;
            const Pos pa{vertices[a].x, vertices[a].z}, pb{vertices[b].x, vertices[b].z};
            const cpp_int len = Length2(pa, pb);
            std::optional<std::vector<BfPolyCorner>> ring =
                TryMerge(polys[A], k, polys[B], l, vertices, s);
            if (!ring) continue;
            if (!found || len > bestLen) {  // the first in order among equal lengths
              found = true;
              bestLen = len;
              bestA = A;
              bestB = B;
              bestRing = std::move(*ring);
            }
          }
        }
      }
    }
    if (!found) return;
    polys[bestA].corners = std::move(bestRing);
    polys[bestA].degenerate = polys[bestA].degenerate || polys[bestB].degenerate;
    polys[bestA].flat = polys[bestA].flat || polys[bestB].flat;
    polys.erase(polys.begin() + static_cast<std::ptrdiff_t>(bestB));
  }
}

void PutU8(std::vector<std::uint8_t>& out, std::uint8_t v) { out.push_back(v); }
void PutU16(std::vector<std::uint8_t>& out, std::int64_t v) {
  if (v < 0 || v > 0xffff) throw std::invalid_argument("value outside u16");
  out.push_back(static_cast<std::uint8_t>(v & 0xff));
  out.push_back(static_cast<std::uint8_t>((v >> 8) & 0xff));
}
void PutU32(std::vector<std::uint8_t>& out, std::uint64_t v) {
  if (v > 0xffffffffULL) throw std::invalid_argument("value outside u32");
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>((v >> (8 * i)) & 0xff));
}

}  // namespace

BfPolySettings BfPolySettingsFrom(double cellSize, double tileSize, double agentRadius,
                                  int maxVertsPerPoly) {
  BfPolySettings s;
  // b3d.tile-cells: binary64 division, minus the double nearest 1e-4, ceil.
  double q = tileSize / cellSize;
  q = q - 1e-4;
  const double cells = std::ceil(q);
  s.tileCells = std::max<std::int64_t>(1, static_cast<std::int64_t>(cells));
  s.cs = tileSize / static_cast<double>(s.tileCells);
  // b3d.walkable-settings: WalkableRadius = ceil(f32(AgentRadius) / f32(CellSize)),
  // one binary32 division; b3d.border: B = WalkableRadius + 3.
  const float radius = static_cast<float>(agentRadius) / static_cast<float>(cellSize);
  s.border = static_cast<std::int64_t>(std::ceil(radius)) + 3;
  s.tileSize = tileSize;
  s.maxVertsPerPoly = maxVertsPerPoly;
  return s;
}

float BfLocal(std::int64_t c, const BfPolySettings& s) {
  // b3d.tile-coordinates: 0 at B, f32(TileSize) at B + TileCells, else
  // f32((c − B) × cs) with the difference converted exactly.
  if (c == s.border) return 0.0f;
  if (c == s.border + s.tileCells) return static_cast<float>(s.tileSize);
  const double product = static_cast<double>(c - s.border) * s.cs;
  return static_cast<float>(product);
}

int BfCrossSign(std::int64_t ax, std::int64_t az, std::int64_t bx, std::int64_t bz, std::int64_t cx,
                std::int64_t cz) {
  return CrossSign(Pos{ax, az}, Pos{bx, bz}, Pos{cx, cz});
}

int BfOrient32(std::int64_t ax, std::int64_t az, std::int64_t bx, std::int64_t bz, std::int64_t cx,
               std::int64_t cz, const BfPolySettings& settings) {
  return Orient32(Pos{ax, az}, Pos{bx, bz}, Pos{cx, cz}, settings);
}

BfPolyStages BruteForcePolygonize(const std::vector<BfContour>& contours,
                                  const BfPolySettings& settings, BfPolyDiagnostics* diagnostics) {
  CheckSettings(settings);
  BfPolyStages out;
  std::vector<BfPolyVertex> vertices;  // b3d.poly.weld: the tile's one list
  std::uint32_t degenerateEars = 0;
  BfPolyDiagnostics diag;

  for (std::size_t ci = 0; ci < contours.size(); ++ci) {
    const BfContour& contour = contours[ci];
    BfContourStats stats;
    const std::size_t m = contour.vertices.size();
    stats.area2 = DoubledArea(m, [&](std::size_t i) {
      return Pos{contour.vertices[i].x, contour.vertices[i].z};
    });
    // b3d.poly.api: a contour with fewer than three vertices is skipped.
    if (m < 3) {
      stats.skipped = true;
      diag.contours.push_back(stats);
      continue;
    }
    const std::vector<bool> wall = WallFlags(contour);                   // b3d.poly.walls
    const std::vector<Node> nodes = RemoveStraightWalls(contour, wall);  // b3d.poly.straight-walls
    stats.ringNodes = nodes.size();
    std::vector<std::uint32_t> w;  // b3d.poly.weld, in node order
    for (const Node& node : nodes) w.push_back(Weld(vertices, node));

    EarClipper clipper(nodes, w, settings);
    clipper.Run(stats);
    degenerateEars += stats.degenerateEars;

    std::vector<Poly> polys;
    for (const Triangle& tri : clipper.triangles) {
      BfPolygon p;
      p.contour = static_cast<std::uint32_t>(ci);
      p.region = contour.region;
      p.area = contour.area;
      p.corners = tri.corners;
      out.ears.polygons.push_back(p);
      polys.push_back(Poly{tri.corners, tri.degenerate, tri.flat});
    }
    MergeContour(polys, vertices, settings);  // b3d.poly.merge
    for (const Poly& poly : polys) {
      BfPolygon p;
      p.contour = static_cast<std::uint32_t>(ci);
      p.region = contour.region;
      p.area = contour.area;
      p.corners = poly.corners;
      out.polygons.polygons.push_back(p);
      diag.polygonHasDegenerateClip.push_back(poly.degenerate);
      diag.polygonHasFlatTriangle.push_back(poly.flat);
    }
    diag.contours.push_back(stats);
  }
  // SPEC-AMBIGUITY (b3d.poly.api / b3d.poly.values): the stage `ears` is read
  // as carrying the same vertex list (stated) and the same degenerateEars
  // (its clips are the same clips) as the stage `polygons`.
  out.ears.vertices = vertices;
  out.polygons.vertices = vertices;
  out.ears.degenerateEars = degenerateEars;
  out.polygons.degenerateEars = degenerateEars;
  if (diagnostics) *diagnostics = std::move(diag);
  return out;
}

std::vector<std::uint8_t> BruteForcePolyMeshBytes(const BfPolyMesh& mesh) {
  std::vector<std::uint8_t> out;
  PutU32(out, mesh.vertices.size());
  for (const BfPolyVertex& v : mesh.vertices) {
    PutU16(out, v.x);
    PutU16(out, v.y);
    PutU16(out, v.z);
  }
  PutU32(out, mesh.polygons.size());
  for (const BfPolygon& p : mesh.polygons) {
    PutU32(out, p.contour);
    PutU16(out, p.region);
    PutU8(out, p.area);
    PutU32(out, p.corners.size());
    for (const BfPolyCorner& c : p.corners) {
      PutU32(out, c.vertex);
      PutU8(out, c.wall ? 1 : 0);
    }
  }
  PutU32(out, mesh.degenerateEars);
  return out;
}

std::string BfCheckPolyPromise(const std::vector<BfContour>& contours, const BfPolySettings& s,
                               const BfPolyStages& stages, const BfPolyDiagnostics& diag) {
  const std::vector<BfPolyVertex>& V = stages.polygons.vertices;
  auto pos = [&](std::uint32_t v) { return Pos{V[v].x, V[v].z}; };
  auto polyArea2 = [&](const BfPolygon& p) {
    return DoubledArea(p.corners.size(), [&](std::size_t i) { return pos(p.corners[i].vertex); });
  };
  if (stages.ears.vertices.size() != V.size()) return "stages differ in vertex count";
  for (std::size_t i = 0; i < V.size(); ++i)
    if (stages.ears.vertices[i].x != V[i].x || stages.ears.vertices[i].y != V[i].y ||
        stages.ears.vertices[i].z != V[i].z)
      return "stages differ in vertex " + std::to_string(i);
  if (stages.ears.degenerateEars != stages.polygons.degenerateEars)
    return "stages differ in degenerateEars";
  if (diag.contours.size() != contours.size()) return "diagnostics do not match the contours";
  if (diag.polygonHasDegenerateClip.size() != stages.polygons.polygons.size() ||
      diag.polygonHasFlatTriangle.size() != stages.polygons.polygons.size())
    return "diagnostics do not match the polygons";

  std::vector<std::int64_t> earArea(contours.size(), 0), polyArea(contours.size(), 0);
  for (std::size_t i = 0; i < stages.ears.polygons.size(); ++i) {
    const BfPolygon& p = stages.ears.polygons[i];
    if (p.corners.size() != 3) return "ear " + std::to_string(i) + " is not a triangle";
    if (Orient32(pos(p.corners[0].vertex), pos(p.corners[1].vertex), pos(p.corners[2].vertex), s) <=
        0)
      return "ear " + std::to_string(i) + " has orient32 <= 0";
    if (p.contour >= contours.size()) return "ear " + std::to_string(i) + " has a bad contour";
    earArea[p.contour] += polyArea2(p);
  }
  std::uint32_t lastContour = 0;
  for (std::size_t i = 0; i < stages.polygons.polygons.size(); ++i) {
    const BfPolygon& p = stages.polygons.polygons[i];
    const std::size_t n = p.corners.size();
    const std::string name = "polygon " + std::to_string(i);
    if (n < 3 || n > static_cast<std::size_t>(s.maxVertsPerPoly)) return name + " has a bad size";
    if (p.contour >= contours.size() || p.contour < lastContour) return name + " is out of order";
    lastContour = p.contour;
    if (p.region != contours[p.contour].region || p.area != contours[p.contour].area)
      return name + " has the wrong region or area";
    for (std::size_t a = 0; a < n; ++a)
      for (std::size_t b = a + 1; b < n; ++b)
        if (p.corners[a].vertex == p.corners[b].vertex) return name + " repeats a vertex";
    for (std::size_t c = 0; c < n; ++c) {
      const Pos u = pos(p.corners[(c + n - 1) % n].vertex), j = pos(p.corners[c].vertex),
                v = pos(p.corners[(c + 1) % n].vertex);
      if (Orient32(u, j, v, s) < 0) return name + " corner " + std::to_string(c) + " orient32 < 0";
      // SPEC-FINDING (b3d.poly.promise, second bullet): the last triangle of a
      // ring is emitted on orient32 > 0 alone, so a contour of three
      // collinear corners that float32 tips left gives a polygon, with no
      // degenerate clip, whose corners fold back in cells. Polygons holding
      // such a flat triangle are exempt here as degenerate clips are.
      const bool exempt = diag.polygonHasDegenerateClip[i] || diag.polygonHasFlatTriangle[i];
      if (!exempt && !(CrossSign(u, j, v) > 0 || StraightOn(u, j, v)))
        return name + " corner " + std::to_string(c) + " turns right or back in cells";
    }
    polyArea[p.contour] += polyArea2(p);
  }
  for (std::size_t ci = 0; ci < contours.size(); ++ci) {
    const BfContourStats& st = diag.contours[ci];
    if (st.skipped) continue;
    if (st.area2 != st.clipCrossSum)
      return "contour " + std::to_string(ci) + ": S != sum of clip crosses";
    if (earArea[ci] != st.area2 - st.droppedCrossSum)
      return "contour " + std::to_string(ci) + ": ear areas != S - dropped";
    if (polyArea[ci] != st.area2 - st.droppedCrossSum)
      return "contour " + std::to_string(ci) + ": polygon areas != S - dropped";
  }
  return "";
}

}  // namespace onepath::oracle
