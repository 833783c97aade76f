// Ear clipping of one contour's ring nodes (docs/spec/build3d-polygons.md):
// the ring and its head (b3d.poly.ring), diagonals (b3d.poly.diagonal),
// the ear a full rescan chooses and the clip (b3d.poly.ears), and the
// fallback without a valid ear (b3d.poly.degenerate-ears).
//
// The choice is the full rescan's, but the diagonal's edge test is kept up
// to date instead of redone: each node i holds the number of ring edges
// that block the segment prev(i) -> next(i) (b3d.poly.diagonal's rule). A
// clip of i removes the edges p -> i and i -> q and adds p -> q, so every
// other node's count changes by those three edges alone, and only p's and
// q's segments change (they are recounted). The cones and the turn are
// recomputed at each scan (a few products), so the rescan costs O(n) and a
// contour O(n^2).
#include "onepath/build3d/internal/polygonizer.hpp"

namespace onepath::build3d::internal {

namespace {

struct Node {
  CellCorner at;
  std::uint32_t vertex = 0;
  std::uint32_t prev = 0;
  std::uint32_t next = 0;
  bool wall = false;           // the leaving edge (to next) is a wall
  std::uint32_t blocking = 0;  // ring edges that block prev -> next
};

class EarClipper {
 public:
  EarClipper(std::span<const WallVertex> nodes, std::span<const std::uint32_t> vertexOf,
             const VertexWelder& welded, std::vector<MeshPolygon>& out)
      : welded_(welded), out_(out) {
    const auto n = static_cast<std::uint32_t>(nodes.size());
    nodes_.resize(n);
    for (std::uint32_t k = 0; k < n; ++k) {
      Node& node = nodes_[k];
      node.at = {nodes[k].x, nodes[k].z};
      node.vertex = vertexOf[k];
      node.prev = (k + n - 1) % n;
      node.next = (k + 1) % n;
      node.wall = nodes[k].wall;
    }
    remaining_ = n;
    if (n > 3) {
      for (std::uint32_t k = 0; k < n; ++k) nodes_[k].blocking = CountBlocking(k);
    }
  }

  // b3d.poly.ears: clips while more than three nodes remain, then the last
  // triangle. Returns the clips made without a valid ear.
  std::uint32_t Run() {
    std::uint32_t degenerate = 0;
    while (remaining_ > 3) {
      std::uint32_t ear = ValidEar();
      if (ear == kNone) {
        ear = Fallback();
        ++degenerate;
      }
      Clip(ear);
    }
    const std::uint32_t h = head_, b = nodes_[h].next, c = nodes_[b].next;
    Emit(h, nodes_[h].wall, b, nodes_[b].wall, c, nodes_[c].wall);
    return degenerate;
  }

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;

  const Node& N(std::uint32_t k) const { return nodes_[k]; }

  // b3d.poly.diagonal: the ring edge from c to d blocks the segment s t
  // when neither of its ends is at the position of s or of t and it
  // touches st.
  bool Blocks(std::uint32_t c, std::uint32_t d, std::uint32_t s, std::uint32_t t) const {
    const CellCorner a = N(c).at, b = N(d).at, u = N(s).at, v = N(t).at;
    if (a == u || a == v || b == u || b == v) return false;
    return Touch(u, v, a, b);
  }

  // The ring edges that block node i's segment prev(i) -> next(i).
  std::uint32_t CountBlocking(std::uint32_t i) const {
    const std::uint32_t s = N(i).prev, t = N(i).next;
    std::uint32_t count = 0;
    std::uint32_t c = head_;
    do {
      count += Blocks(c, N(c).next, s, t) ? 1 : 0;
      c = N(c).next;
    } while (c != head_);
    return count;
  }

  // b3d.poly.diagonal: b lies in the cone at a (a's own ring neighbours).
  bool InCone(std::uint32_t a, std::uint32_t b) const {
    const CellCorner pa = N(a).at, pb = N(b).at;
    const CellCorner a0 = N(N(a).prev).at, a1 = N(N(a).next).at;
    if (Cross(a0, pa, a1) >= 0) return Cross(pa, pb, a0) > 0 && Cross(pb, pa, a1) > 0;
    return !(Cross(pa, pb, a1) >= 0 && Cross(pb, pa, a0) >= 0);
  }

  // b3d.poly.diagonal for the segment prev(i) -> next(i).
  bool EarDiagonal(std::uint32_t i) const {
    const std::uint32_t p = N(i).prev, q = N(i).next;
    return N(i).blocking == 0 && InCone(p, q) && InCone(q, p);
  }

  std::int64_t EarCross(std::uint32_t i) const {
    return Cross(N(N(i).prev).at, N(i).at, N(N(i).next).at);
  }

  // b3d.poly.ears: the valid ear of least squared diagonal, the lowest
  // node number on ties (the ring from the head is in node order); kNone
  // when there is none.
  std::uint32_t ValidEar() const {
    std::uint32_t best = kNone;
    std::int64_t bestLength = 0;
    std::uint32_t i = head_;
    do {
      if (EarCross(i) > 0 && EarDiagonal(i)) {
        const CellCorner p = N(N(i).prev).at, q = N(N(i).next).at;
        const std::int64_t length = (q.x - p.x) * (q.x - p.x) + (q.z - p.z) * (q.z - p.z);
        if (best == kNone || length < bestLength) {
          best = i;
          bestLength = length;
        }
      }
      i = N(i).next;
    } while (i != head_);
    return best;
  }

  // b3d.poly.degenerate-ears: the first node from the head with cross >= 0
  // and a diagonal, else the head.
  std::uint32_t Fallback() const {
    std::uint32_t v = head_;
    do {
      if (EarCross(v) >= 0 && EarDiagonal(v)) return v;
      v = N(v).next;
    } while (v != head_);
    return head_;
  }

  // b3d.poly.ears: the emission test (orient32 > 0 and three vertices).
  void Emit(std::uint32_t a, bool wallA, std::uint32_t b, bool wallB, std::uint32_t c, bool wallC) {
    const std::uint32_t va = N(a).vertex, vb = N(b).vertex, vc = N(c).vertex;
    if (va == vb || vb == vc || va == vc) return;
    if (Orient32(welded_.Position(va), welded_.Position(vb), welded_.Position(vc)) <= 0) return;
    MeshPolygon triangle;
    triangle.corners = {{va, wallA}, {vb, wallB}, {vc, wallC}};
    out_.push_back(std::move(triangle));
  }

  // b3d.poly.ears: clip i (emit or drop its triangle, unlink it).
  void Clip(std::uint32_t i) {
    const std::uint32_t p = N(i).prev, q = N(i).next;
    Emit(p, N(p).wall, i, N(i).wall, q, false);
    // The edges p -> i and i -> q leave the ring, p -> q joins it: every
    // other node's count changes by these three alone.
    std::uint32_t j = N(q).next;
    while (j != p) {
      const std::uint32_t s = N(j).prev, t = N(j).next;
      Node& node = nodes_[j];
      node.blocking -= (Blocks(p, i, s, t) ? 1 : 0) + (Blocks(i, q, s, t) ? 1 : 0);
      node.blocking += Blocks(p, q, s, t) ? 1 : 0;
      j = node.next;
    }
    nodes_[p].next = q;
    nodes_[q].prev = p;
    nodes_[p].wall = false;  // the diagonal p -> q
    if (i == head_) head_ = q;
    --remaining_;
    nodes_[p].blocking = CountBlocking(p);
    nodes_[q].blocking = CountBlocking(q);
  }

  const VertexWelder& welded_;
  std::vector<MeshPolygon>& out_;
  std::vector<Node> nodes_;
  std::uint32_t head_ = 0;
  std::uint32_t remaining_ = 0;
};

}  // namespace

void ClipEars(std::span<const WallVertex> nodes, std::span<const std::uint32_t> vertexOf,
              const VertexWelder& welded, std::vector<MeshPolygon>& triangles,
              std::uint32_t& degenerateEars) {
  EarClipper clipper(nodes, vertexOf, welded, triangles);
  degenerateEars += clipper.Run();
}

}  // namespace onepath::build3d::internal
