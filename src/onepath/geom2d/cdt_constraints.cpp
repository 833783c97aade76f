// Inserting the constraints (docs/spec/cdt.md, cdt.constraint): Sloan's
// walk from A towards B collecting the crossed edges, the flips of a FIFO
// queue until A-B is an edge, and its mark.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "onepath/core/errors.hpp"
#include "onepath/core/int128.hpp"
#include "onepath/geom2d/internal/cdt_mesh.hpp"

namespace onepath::geom2d {

// cdt.constraint, for the constraints sorted by (A, B, input index).
void CdtMesh::InsertConstraints(std::span<const CdtConstraint> constraints) {
  if (constraints.empty()) return;
  // The order (A, B, input index): a counting sort by A, stable (input
  // order within an A), then each run of one A, short, by (B, index).
  struct Sorted {
    std::uint32_t a, b;  // internal vertex numbers
    std::uint32_t spec;  // B's point index
    std::size_t index;
  };
  std::vector<std::uint32_t> start(static_cast<std::size_t>(n_) + 1, 0);
  for (const CdtConstraint& e : constraints) ++start[std::min(e.a, e.b) + 1];
  for (std::size_t v = 1; v < start.size(); ++v) start[v] += start[v - 1];
  std::vector<std::int32_t> internal(static_cast<std::size_t>(n_));
  for (std::int32_t k = 0; k < n_; ++k) internal[order_[k]] = k;
  std::vector<Sorted> sorted(constraints.size());
  for (std::size_t e = 0; e < constraints.size(); ++e) {
    const std::uint32_t a = std::min(constraints[e].a, constraints[e].b);
    const std::uint32_t b = std::max(constraints[e].a, constraints[e].b);
    sorted[start[a]++] = {static_cast<std::uint32_t>(internal[a]),
                          static_cast<std::uint32_t>(internal[b]), b, e};
  }
  for (std::size_t k = 0; k < sorted.size();) {
    std::size_t end = k + 1;
    while (end < sorted.size() && sorted[end].a == sorted[k].a) ++end;
    if (end - k > 1) {
      std::sort(sorted.begin() + static_cast<std::ptrdiff_t>(k),
                sorted.begin() + static_cast<std::ptrdiff_t>(end),
                [](const Sorted& x, const Sorted& y) {
                  return x.spec != y.spec ? x.spec < y.spec : x.index < y.index;
                });
    }
    k = end;
  }
  vertexSlot_.assign(p_.size(), -1);
  for (std::size_t t = 0; t < s_.size(); ++t)
    for (int k = 0; k < 3; ++k) vertexSlot_[s_[t].v[k]] = static_cast<std::int32_t>(t);
  due_.assign(s_.size(), 0);
  pass_.assign((s_.size() + 63) / 64, 0);
  next_.assign(pass_.size(), 0);
  c_.assign(s_.size(), 0);
  for (std::size_t k = 0; k < sorted.size(); ++k) {
    // The constraints' A are scattered over the slots and points (which
    // are in insertion order, not in A's): fetch, some constraints
    // ahead, where the walk around A starts and its points (prefetches,
    // no effect on the result).
    if (k + 4 < sorted.size()) {
      const Sorted& ahead = sorted[k + 4];
      __builtin_prefetch(&s_[vertexSlot_[ahead.a]]);
      __builtin_prefetch(&p_[ahead.a]);
      __builtin_prefetch(&p_[ahead.b]);
    }
    if (k + 8 < sorted.size()) __builtin_prefetch(&vertexSlot_[sorted[k + 8].a]);
    // A duplicate is already an edge: nothing to do.
    if (k > 0 && sorted[k].a == sorted[k - 1].a && sorted[k].b == sorted[k - 1].b) continue;
    InsertConstraint(static_cast<std::int32_t>(sorted[k].a), static_cast<std::int32_t>(sorted[k].b),
                     sorted[k].index);
  }
}

// cdt.constraint for A < B, `index` its place in the input list.
void CdtMesh::InsertConstraint(std::int32_t A, std::int32_t B, std::size_t index) {
  // A-B is an edge already (as most ring edges are): found by vertex
  // numbers alone, without the walk's points and orientations. (No point
  // lies inside an edge of the triangulation, so the walk would find the
  // same edge and raise nothing.)
  std::int32_t t = 0;
  int k = 0;
  if (LookUpEdge(A, B, t, k)) {
    MarkConstrained(t, k);
    return;
  }
  // Step 1, the walk: the triangle (A, x, y) around A whose wedge holds B.
  t = vertexSlot_[A];
  k = IndexOf(s_[t], A);
  for (;;) {
    const std::int32_t x = s_[t].v[Next(k)], y = s_[t].v[Prev(k)];
    const int ox = Orient(A, x, B);
    if (ox == 0) {
      const Int128 dot = Int128(p_[x].x - p_[A].x) * (p_[B].x - p_[A].x) +
                         Int128(p_[x].y - p_[A].y) * (p_[B].y - p_[A].y);
      if (dot > 0) ConstraintError(index, "a point lies on the constraint");
    }
    if (ox > 0 && Orient(A, y, B) < 0) break;
    const std::int32_t link = s_[t].n[Prev(k)];  // edge (y, A), (A, y) across
    t = SlotOf(link);
    k = EdgeOf(link);
  }
  queue_.clear();
  std::int32_t r = s_[t].v[Next(k)], l = s_[t].v[Prev(k)];
  int e = Next(k);  // t's edge r -> l
  for (;;) {
    if (Bit(c_[t], e)) ConstraintError(index, "constraints cross");
    queue_.push_back({r, l});
    const std::int32_t u = SlotOf(s_[t].n[e]);
    const int j = EdgeOf(s_[t].n[e]);  // u = (l, r, w) rotated, u.v_j = l
    const std::int32_t w = s_[u].v[Prev(j)];
    if (w == B) break;
    const int ow = Orient(A, B, w);
    if (ow == 0) ConstraintError(index, "a point lies on the constraint");
    t = u;
    if (ow < 0) {
      r = w, e = Prev(j);  // u's edge w -> l
    } else {
      l = w, e = Next(j);  // u's edge r -> w
    }
  }
  // Step 2, the flips (FIFO queue).
  std::size_t head = 0, sinceFlip = 0;
  while (head < queue_.size()) {
    const auto [ea, eb] = queue_[head++];
    std::int32_t s = 0, u = 0;
    int i = 0;
    FindEdge(ea, eb, s, i);
    u = SlotOf(s_[s].n[i]);
    const int j = EdgeOf(s_[s].n[i]);
    const std::int32_t c = s_[s].v[Prev(i)], d = s_[u].v[Prev(j)];
    if (!(Orient(c, ea, d) > 0 && Orient(d, eb, c) > 0)) {
      queue_.push_back({ea, eb});
      // Every queued edge seen since the last flip: no flip is possible
      // (cannot happen, cdt.constraint; err.geometry, never a hang).
      if (++sinceFlip > queue_.size() - head) {
        throw GeometryException(
            "constraint insertion found no convex quadrilateral (cdt.constraint)",
            {.edge = static_cast<std::int64_t>(index)});
      }
      continue;
    }
    sinceFlip = 0;
    Flip(s, i, u, j);
    ++stats_.constraintFlips;
    vertexSlot_[ea] = s, vertexSlot_[eb] = u;
    MarkQuadrilateral(s, u, -1);
    const int ac = Orient(A, B, c), ad = Orient(A, B, d);
    if (ac * ad < 0 && Orient(c, d, A) * Orient(c, d, B) < 0) queue_.push_back({c, d});
  }
  // Step 3.
  std::int32_t s = 0;
  int i = 0;
  FindEdge(A, B, s, i);
  MarkConstrained(s, i);
}

// The slot holding the directed edge a -> b and its edge index, by
// rotating around a from vertexSlot_[a]: counter-clockwise, and where
// that meets the bounding triangle's outside (a is a corner), clockwise
// from the start. False when a -> b is no edge.
bool CdtMesh::LookUpEdge(std::int32_t a, std::int32_t b, std::int32_t& slot, int& edge) const {
  const std::int32_t start = vertexSlot_[a];
  for (int turn = 0; turn < 2; ++turn) {
    std::int32_t t = start;
    int k = IndexOf(s_[t], a);
    do {
      if (s_[t].v[Next(k)] == b) {
        slot = t, edge = k;
        return true;
      }
      // Counter-clockwise across edge (v_(k-1), a), whose far side starts
      // at a; clockwise across edge (a, v_(k+1)), whose far side ends at a.
      const std::int32_t link = s_[t].n[turn == 0 ? Prev(k) : k];
      t = SlotOf(link);
      k = turn == 0 ? EdgeOf(link) : Next(EdgeOf(link));
    } while (t != start && t >= 0);
    if (t == start) break;
  }
  return false;
}

// LookUpEdge for an edge that always exists (a GeometryException
// otherwise).
void CdtMesh::FindEdge(std::int32_t a, std::int32_t b, std::int32_t& slot, int& edge) const {
  if (!LookUpEdge(a, b, slot, edge))
    throw GeometryException("an edge of the constraint insertion is missing (cdt.constraint)", {});
}

void CdtMesh::ConstraintError(std::size_t index, const char* what) {
  throw ArgumentException(
      std::string("constraints must be noded: ") + what + " (cdt.input, cdt.constraint)",
      {.argument = "constraints", .edge = static_cast<std::int64_t>(index)});
}

void CdtMesh::MarkConstrained(std::int32_t t, int i) {
  c_[t] |= static_cast<std::uint8_t>(1u << i);
  const std::int32_t link = s_[t].n[i];
  c_[SlotOf(link)] |= static_cast<std::uint8_t>(1u << EdgeOf(link));
}

}  // namespace onepath::geom2d
