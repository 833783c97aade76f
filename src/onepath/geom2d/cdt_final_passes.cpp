// Restoring the Delaunay property after the constraints (docs/spec/cdt.md,
// cdt.final-passes).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "onepath/geom2d/internal/cdt_mesh.hpp"

namespace onepath::geom2d {

// cdt.final-passes. Lawson's insertion leaves no flippable edge, and a
// check whose slot, neighbour and their vertices did not change since it
// last flipped nothing flips nothing again; the same edge checked from
// the slot across gives the same answer. So only the edges of the
// quadrilaterals that flips rewrote are due (due_, both sides of each),
// and each pass visits the slots holding due edges in increasing order
// (bit sets pass_ and next_): a slot made due ahead of the one being
// checked joins this pass, one at or behind it the next, as in a pass
// over every slot. A check clears the edge on both sides.
void CdtMesh::FinalPasses() {
  if (options_.finalPassesOverEverySlot) {
    bool flipped = true;
    while (flipped) {
      flipped = false;
      for (std::size_t t = 0; t < s_.size(); ++t)
        for (int i = 0; i < 3; ++i)
          if (FinalPassFlip(static_cast<std::int32_t>(t), i)) flipped = true;
    }
    return;
  }
  bool any = !pass_.empty();
  while (any) {
    for (std::size_t w = 0; w < pass_.size(); ++w) {
      while (pass_[w] != 0) {
        const std::int32_t t = static_cast<std::int32_t>(64 * w) + std::countr_zero(pass_[w]);
        pass_[w] &= pass_[w] - 1;
        for (int i = 0; i < 3; ++i) {
          if (!Bit(due_[t], i)) continue;
          if (FinalPassFlip(t, i)) MarkQuadrilateral(t, SlotOf(s_[t].n[2]), t);
        }
      }
    }
    pass_.swap(next_);
    any = std::any_of(pass_.begin(), pass_.end(), [](std::uint64_t bits) { return bits != 0; });
  }
}

// One check of cdt.final-passes on edge i of t; true if it flipped.
bool CdtMesh::FinalPassFlip(std::int32_t t, int i) {
  const TriangleSlot& s = s_[t];
  const std::int32_t u = SlotOf(s.n[i]);
  const int j = EdgeOf(s.n[i]);
  if (!due_.empty()) due_[t] &= static_cast<std::uint8_t>(~(1u << i));
  if (u < 0 || (!c_.empty() && Bit(c_[t], i))) return false;
  if (!due_.empty()) due_[u] &= static_cast<std::uint8_t>(~(1u << j));
  const std::int32_t d = s_[u].v[Prev(j)];
  if (InCircle(t, d) <= 0) return false;
  const std::int32_t a = s.v[i], b = s.v[Next(i)], c = s.v[Prev(i)];
  if (!(Orient(c, a, d) > 0 && Orient(d, b, c) > 0)) return false;
  Flip(t, i, u, j);
  ++stats_.finalPassFlips;
  if (!vertexSlot_.empty()) vertexSlot_[a] = t, vertexSlot_[b] = u;
  return true;
}

}  // namespace onepath::geom2d
