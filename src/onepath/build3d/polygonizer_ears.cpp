// Ear clipping of one contour's ring nodes (docs/spec/build3d-polygons.md):
// the ring and its head (b3d.poly.ring), diagonals (b3d.poly.diagonal),
// the ear a full rescan chooses and the clip (b3d.poly.ears), and the
// fallback without a valid ear (b3d.poly.degenerate-ears).
//
// The choice is the full rescan's, but what the rescan reads is kept up to
// date instead of redone. Each node holds its turn, its two cone tests and
// its squared length, which read the node and two neighbours either side:
// a clip changes the turns at p and q, and the rest for prev(p), p, q and
// next(q) alone (recomputed; the cone tests read the held turns).
// The number of ring edges that block the segment prev(i) -> next(i)
// (b3d.poly.diagonal's rule) is counted when the rescan first needs it (a
// node that turns left, or goes straight on for the fallback, passes both
// cone tests and could win) and then kept: a clip of i removes the edges
// p -> i and i -> q and adds p -> q, so every other node's count changes
// by those three edges alone, and p's and q's segments change (their
// counts are dropped until needed again). The rescan is a walk over held
// values, O(n) per clip plus the counts it asks for.
//
// Touching needs a common point, which lies in both segments' bounding
// boxes; so a box that misses another skips the exact test, whose answer
// would be "no" (the exact test still decides every other case).
#include "onepath/build3d/internal/polygonizer.hpp"

namespace onepath::build3d::internal {

namespace {

// Whether the box [minX, maxX] x [minZ, maxZ] misses the box of a and b.
bool Misses(const EarNode& box, CellCorner a, CellCorner b) {
  return std::max(a.x, b.x) < box.minX || std::min(a.x, b.x) > box.maxX ||
         std::max(a.z, b.z) < box.minZ || std::min(a.z, b.z) > box.maxZ;
}

class EarClipper {
 public:
  EarClipper(std::span<const WallVertex> nodes, std::span<const std::uint32_t> vertexOf,
             const VertexWelder& welded, std::vector<SmallPolygon>& out,
             std::vector<EarNode>& storage)
      : welded_(welded), out_(out), nodes_(storage) {
    const auto n = static_cast<std::uint32_t>(nodes.size());
    nodes_.resize(n);
    for (std::uint32_t k = 0; k < n; ++k) {
      EarNode& node = nodes_[k];
      node.at = {nodes[k].x, nodes[k].z};
      node.vertex = vertexOf[k];
      node.prev = Wrap(k + n - 1, n);
      node.next = Wrap(k + 1, n);
      node.wall = nodes[k].wall;
    }
    remaining_ = n;
    if (n > 3) {
      for (std::uint32_t k = 0; k < n; ++k) Turn(k);
      for (std::uint32_t k = 0; k < n; ++k) Refresh(k);  // reads the turns either side
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

  const EarNode& N(std::uint32_t k) const { return nodes_[k]; }

  // b3d.poly.diagonal: the ring edge from c to d blocks node i's segment
  // s t = prev(i) next(i) when neither of its ends is at the position of s
  // or of t and it touches st (never when the boxes miss).
  bool Blocks(std::uint32_t c, std::uint32_t d, const EarNode& i) const {
    const CellCorner a = N(c).at, b = N(d).at;
    if (Misses(i, a, b)) return false;
    const CellCorner u = N(i.prev).at, v = N(i.next).at;
    if (a == u || a == v || b == u || b == v) return false;
    return Touch(u, v, a, b);
  }

  // The ring edges that block node i's segment prev(i) -> next(i).
  std::uint32_t CountBlocking(std::uint32_t i) const {
    std::uint32_t count = 0;
    std::uint32_t c = head_;
    do {
      count += Blocks(c, N(c).next, N(i)) ? 1 : 0;
      c = N(c).next;
    } while (c != head_);
    return count;
  }

  // b3d.poly.diagonal: b lies in the cone at a (a's own ring neighbours).
  // The turn cross(a0, a, a1) is a's held one.
  bool InCone(std::uint32_t a, std::uint32_t b) const {
    const CellCorner pa = N(a).at, pb = N(b).at;
    const CellCorner a0 = N(N(a).prev).at, a1 = N(N(a).next).at;
    if (N(a).cross >= 0) return Cross(pa, pb, a0) > 0 && Cross(pb, pa, a1) > 0;
    return !(Cross(pa, pb, a1) >= 0 && Cross(pb, pa, a0) >= 0);
  }

  // Node i's turn, from its ring neighbours.
  void Turn(std::uint32_t i) {
    EarNode& node = nodes_[i];
    node.cross = Cross(N(node.prev).at, node.at, N(node.next).at);
  }

  // Node i's cone tests, squared length and segment box, from its ring
  // neighbours (two either side) and the held turns at i and beside it.
  void Refresh(std::uint32_t i) {
    EarNode& node = nodes_[i];
    const CellCorner p = N(node.prev).at, q = N(node.next).at;
    // The cones matter only where the turn is left or straight (b3d.poly.ears,
    // b3d.poly.degenerate-ears).
    node.cones = node.cross >= 0 && InCone(node.prev, node.next) && InCone(node.next, node.prev);
    node.counted = false;
    node.length = (q.x - p.x) * (q.x - p.x) + (q.z - p.z) * (q.z - p.z);
    node.minX = std::min(p.x, q.x);
    node.maxX = std::max(p.x, q.x);
    node.minZ = std::min(p.z, q.z);
    node.maxZ = std::max(p.z, q.z);
  }

  // b3d.poly.diagonal for the segment prev(i) -> next(i) (counting its
  // blocking edges when they are not held).
  bool EarDiagonal(std::uint32_t i) {
    EarNode& node = nodes_[i];
    if (!node.cones) return false;
    if (!node.counted) {
      node.blocking = CountBlocking(i);
      node.counted = true;
    }
    return node.blocking == 0;
  }

  // b3d.poly.ears: the valid ear of least squared diagonal, the lowest
  // node number on ties (the ring from the head is in node order); kNone
  // when there is none.
  std::uint32_t ValidEar() {
    std::uint32_t best = kNone;
    std::int64_t bestLength = 0;
    std::uint32_t i = head_;
    do {
      const EarNode& node = N(i);
      if (node.cross > 0 && (best == kNone || node.length < bestLength) && EarDiagonal(i)) {
        best = i;
        bestLength = node.length;
      }
      i = node.next;
    } while (i != head_);
    return best;
  }

  // b3d.poly.degenerate-ears: the first node from the head with cross >= 0
  // and a diagonal, else the head.
  std::uint32_t Fallback() {
    std::uint32_t v = head_;
    do {
      if (N(v).cross >= 0 && EarDiagonal(v)) return v;
      v = N(v).next;
    } while (v != head_);
    return head_;
  }

  // b3d.poly.ears: the emission test (orient32 > 0 and three vertices).
  void Emit(std::uint32_t a, bool wallA, std::uint32_t b, bool wallB, std::uint32_t c, bool wallC) {
    const std::uint32_t va = N(a).vertex, vb = N(b).vertex, vc = N(c).vertex;
    if (va == vb || vb == vc || va == vc) return;
    if (Orient32(welded_.Position(va), welded_.Position(vb), welded_.Position(vc)) <= 0) return;
    SmallPolygon& triangle = out_.emplace_back();
    triangle.size = 3;
    triangle.corners[0] = {va, wallA};
    triangle.corners[1] = {vb, wallB};
    triangle.corners[2] = {vc, wallC};
  }

  // b3d.poly.ears: clip i (emit or drop its triangle, unlink it).
  void Clip(std::uint32_t i) {
    const std::uint32_t p = N(i).prev, q = N(i).next;
    Emit(p, N(p).wall, i, N(i).wall, q, false);
    // The edges p -> i and i -> q leave the ring, p -> q joins it: every
    // other node's held count changes by these three alone, and not at all
    // for a node whose segment box misses the triangle's box (the three
    // edges lie in it).
    EarNode triangle;
    const CellCorner a = N(p).at, b = N(i).at, c = N(q).at;
    triangle.minX = std::min({a.x, b.x, c.x});
    triangle.maxX = std::max({a.x, b.x, c.x});
    triangle.minZ = std::min({a.z, b.z, c.z});
    triangle.maxZ = std::max({a.z, b.z, c.z});
    std::uint32_t j = N(q).next;
    while (j != p) {
      EarNode& node = nodes_[j];
      if (node.counted && !Misses(triangle, {node.minX, node.minZ}, {node.maxX, node.maxZ})) {
        node.blocking -= (Blocks(p, i, node) ? 1 : 0) + (Blocks(i, q, node) ? 1 : 0);
        node.blocking += Blocks(p, q, node) ? 1 : 0;
      }
      j = node.next;
    }
    nodes_[p].next = q;
    nodes_[q].prev = p;
    nodes_[p].wall = false;  // the diagonal p -> q
    if (i == head_) head_ = q;
    --remaining_;
    if (remaining_ <= 3) return;  // only the last triangle is left
    // The nodes whose two neighbours either side include p -> q; prev(p)'s
    // and next(q)'s segments stay, and so do their counts.
    const std::uint32_t before = N(p).prev, after = N(q).next;
    const bool counted[2] = {N(before).counted, N(after).counted};
    Turn(p);  // the turns at prev(p) and next(q) stay
    Turn(q);
    Refresh(before);
    Refresh(p);
    Refresh(q);
    Refresh(after);
    nodes_[before].counted = counted[0];
    nodes_[after].counted = counted[1];
  }

  const VertexWelder& welded_;
  std::vector<SmallPolygon>& out_;
  std::vector<EarNode>& nodes_;
  std::uint32_t head_ = 0;
  std::uint32_t remaining_ = 0;
};

}  // namespace

void ClipEars(std::span<const WallVertex> nodes, std::span<const std::uint32_t> vertexOf,
              const VertexWelder& welded, std::vector<SmallPolygon>& triangles,
              std::uint32_t& degenerateEars, PolygonizerScratch& scratch) {
  EarClipper clipper(nodes, vertexOf, welded, triangles, scratch.nodes);
  degenerateEars += clipper.Run();
}

}  // namespace onepath::build3d::internal
