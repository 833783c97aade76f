// The constrained Delaunay triangulation while it is built (docs/spec/cdt.md):
// the mesh of triangle slots all its clauses work on, and the knobs tests
// use. Flat arrays of slots, no allocation per triangle, an explicit stack
// for the legalising flips (in the clause's order), and a vertex -> slot
// map for the constraint walks. The clauses' code, one file each:
//   cdt.order                                cdt_order.cpp
//   cdt.structure, cdt.bounding-triangle,
//   cdt.locate, cdt.split, cdt.legalize      cdt_mesh.cpp (cdt.flip below)
//   cdt.constraint                           cdt_constraints.cpp
//   cdt.final-passes                         cdt_final_passes.cpp
// and cdt.cpp reads them in order. What several clauses share (the
// predicates on vertices, a flip, the links) is defined here, inline: it
// runs in every inner loop.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "onepath/core/limits.hpp"
#include "onepath/exact/predicates.hpp"
#include "onepath/geom2d/cdt.hpp"
#include "onepath/geom2d/grid_point.hpp"

namespace onepath::geom2d {

// Knobs for tests and measurements; the defaults are the spec.
struct CdtOptions {
  // cdt.final-passes: visit every slot in every pass, as the clause is
  // written, instead of only the slots a flip touched (the same result).
  bool finalPassesOverEverySlot = false;
  // Not the spec: when not empty, the points are inserted in this order
  // instead of cdt.order (a permutation of 0 .. n-1; for flip statistics).
  std::span<const std::uint32_t> insertionOrder;
};

// The construction's index widths (core/limits.hpp, not spec rules): at
// most kMaxCdtPoints points and kMaxCdtConstraints constraints, else
// InvalidOperationException (count). Exposed so that tests can reach the
// limits without gigabytes of input.
inline void CheckCdtCounts(std::size_t points, std::size_t constraints) {
  CheckCount(points, kMaxCdtPoints, "CDT points (links 4 * slot + edge are 32-bit)");
  CheckCount(constraints, kMaxCdtConstraints, "CDT constraints");
}

// ConstrainedDelaunay(points, constraints) with the knobs. Throws
// ArgumentException (argument "insertionOrder") unless a non-empty
// options.insertionOrder is a permutation of 0 .. n - 1.
Triangulation ConstrainedDelaunay(std::span<const GridPoint> points,
                                  std::span<const CdtConstraint> constraints,
                                  const CdtOptions& options);

// cdt.bounding-triangle: corner k = 0, 1, 2 (vertex n + k):
// (-2^45, -2^45), (3 * 2^45, -2^45), (-2^45, 3 * 2^45).
GridPoint BoundingCorner(int k);

class CdtMesh {
 public:
  // cdt.bounding-triangle: slot 0 over the points taken in `order`
  // (cdt.order or the options' order). Vertices are numbered internally
  // in insertion order (internal k is point order[k]), so that triangles
  // near each other in the plane use coordinates near each other in
  // memory. No rule depends on vertex numbers; Take() writes the spec's
  // numbers back.
  CdtMesh(std::span<const GridPoint> points, std::vector<std::uint32_t> order,
          const CdtOptions& options);

  // cdt.locate, cdt.split and cdt.legalize for every point, in order.
  void InsertPoints();

  // cdt.constraint, for the constraints sorted by (A, B, input index).
  void InsertConstraints(std::span<const CdtConstraint> constraints);

  // cdt.final-passes. Lawson's insertion leaves no flippable edge, and a
  // check whose slot, neighbour and their vertices did not change since it
  // last flipped nothing flips nothing again; the same edge checked from
  // the slot across gives the same answer. So only the edges of the
  // quadrilaterals that flips rewrote are due (due_, both sides of each),
  // and each pass visits the slots holding due edges in increasing order
  // (bit sets pass_ and next_): a slot made due ahead of the one being
  // checked joins this pass, one at or behind it the next, as in a pass
  // over every slot. A check clears the edge on both sides.
  void FinalPasses();

  // cdt.structure: the slots with the spec's vertex numbers and neighbours.
  Triangulation Take();

 private:
  static int Next(int i) { return i == 2 ? 0 : i + 1; }
  static int Prev(int i) { return i == 0 ? 2 : i - 1; }
  static unsigned Bit(std::uint8_t marks, int i) { return (marks >> i) & 1u; }
  static int IndexOf(const TriangleSlot& t, std::int32_t v) {
    return t.v[0] == v ? 0 : t.v[1] == v ? 1 : 2;
  }

  // While the triangulation is built, a neighbour entry is a link: the slot
  // across times 4 plus that slot's index of the same edge (or -1), so that
  // crossing an edge needs no search for the way back (cdt.structure's n_i
  // is SlotOf(link); Take() writes those back).
  static std::int32_t Link(std::int32_t slot, int edge) { return slot * 4 + edge; }
  static std::int32_t SlotOf(std::int32_t link) { return link >> 2; }  // -1 stays -1
  static int EdgeOf(std::int32_t link) { return link & 3; }

  // pred.orient2d.int on vertices.
  int Orient(std::int32_t a, std::int32_t b, std::int32_t c) const {
    const GridPoint pa = p_[a], pb = p_[b], pc = p_[c];
    return exact::Orient2DInt(pa.x, pa.y, pb.x, pb.y, pc.x, pc.y);
  }

  // pred.incircle on the vertices of slot t and vertex q.
  int InCircle(std::int32_t t, std::int32_t q) const {
    const TriangleSlot& s = s_[t];
    const GridPoint a = p_[s.v[0]], b = p_[s.v[1]], c = p_[s.v[2]], d = p_[q];
    return exact::InCircleInt(a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y);  // within 3 * 2^45
  }

  // The entry that `link` names (an edge's far side) points back at `to`.
  void LinkBack(std::int32_t link, std::int32_t to) {
    if (link >= 0) s_[SlotOf(link)].n[EdgeOf(link)] = to;
  }

  // cdt.flip of edge i of t with u across it (the edge is u's edge j).
  void Flip(std::int32_t t, int i, std::int32_t u, int j) {
    const TriangleSlot ot = s_[t], ou = s_[u];
    const std::int32_t a = ot.v[i], b = ot.v[Next(i)], c = ot.v[Prev(i)];
    const std::int32_t d = ou.v[Prev(j)];
    const std::int32_t nca = ot.n[Prev(i)], nbc = ot.n[Next(i)];
    const std::int32_t nad = ou.n[Next(j)], ndb = ou.n[Prev(j)];
    s_[t] = TriangleSlot{{c, a, d}, {nca, nad, Link(u, 2)}};
    s_[u] = TriangleSlot{{d, b, c}, {ndb, nbc, Link(t, 2)}};
    if (!c_.empty()) {
      // The marks move with their edges; the new edge c-d is not one.
      const std::uint8_t ct = c_[t], cu = c_[u];
      c_[t] = static_cast<std::uint8_t>(Bit(ct, Prev(i)) | Bit(cu, Next(j)) << 1);
      c_[u] = static_cast<std::uint8_t>(Bit(cu, Prev(j)) | Bit(ct, Next(i)) << 1);
    }
    LinkBack(nca, Link(t, 0));
    LinkBack(nad, Link(t, 1));
    LinkBack(ndb, Link(u, 0));
    LinkBack(nbc, Link(u, 1));
  }

  // Edge i of slot t is still to legalise. (One int32 an entry, written
  // and read whole: a pair would be stored in two parts and read in one,
  // which the processor cannot forward from its store buffer.)
  void Push(std::int32_t t, int i) {
    if (stackSize_ == stack_.size()) stack_.resize(2 * stack_.size() + 16);
    stack_[stackSize_++] = Link(t, i);
  }

  // Edge k of slot x is due for a check (cdt.final-passes): at x's visit
  // in this pass when x lies after `current`, else in the next pass.
  void Due(std::int32_t x, int k, std::int32_t current) {
    due_[x] |= static_cast<std::uint8_t>(1u << k);
    std::vector<std::uint64_t>& bits = x > current ? pass_ : next_;
    bits[static_cast<std::size_t>(x) / 64] |= std::uint64_t{1} << (x % 64);
  }

  // After a flip made t = (c, a, d) and u = (d, b, c): the quadrilateral's
  // five edges are due, each from both sides.
  void MarkQuadrilateral(std::int32_t t, std::int32_t u, std::int32_t current) {
    for (const auto& [x, k] :
         {std::pair{t, 0}, std::pair{t, 1}, std::pair{t, 2}, std::pair{u, 0}, std::pair{u, 1}}) {
      Due(x, k, current);
      const std::int32_t link = s_[x].n[k];
      if (link >= 0) Due(SlotOf(link), EdgeOf(link), current);
    }
  }

  // cdt_mesh.cpp.
  // cdt.locate then cdt.split and cdt.legalize for point q; returns the
  // walk's start for the next point.
  std::int32_t Insert(std::int32_t q, std::int32_t t);

  // cdt.split inside t = (a, b, c).
  void SplitTriangle(std::int32_t t, std::int32_t T, std::int32_t q);

  // cdt.split on edge i of t; returns u, the slot across the edge.
  std::int32_t SplitEdge(std::int32_t t, int i, std::int32_t T, std::int32_t q);

  // cdt.legalize, depth first with an explicit stack of (slot, edge).
  void Legalize();

  // cdt_constraints.cpp.
  // The slot holding the directed edge a -> b and its edge index, by
  // rotating around a from vertexSlot_[a]: counter-clockwise, and where
  // that meets the bounding triangle's outside (a is a corner), clockwise
  // from the start. False when a -> b is no edge.
  bool LookUpEdge(std::int32_t a, std::int32_t b, std::int32_t& slot, int& edge) const;

  // LookUpEdge for an edge that always exists (a GeometryException
  // otherwise).
  void FindEdge(std::int32_t a, std::int32_t b, std::int32_t& slot, int& edge) const;

  [[noreturn]] static void ConstraintError(std::size_t index, const char* what);

  void MarkConstrained(std::int32_t t, int i);

  // cdt.constraint for A < B, `index` its place in the input list.
  void InsertConstraint(std::int32_t A, std::int32_t B, std::size_t index);

  // cdt_final_passes.cpp.
  // One check of cdt.final-passes on edge i of t; true if it flipped.
  bool FinalPassFlip(std::int32_t t, int i);

  std::int32_t n_;
  const CdtOptions& options_;
  std::vector<std::uint32_t> order_;  // cdt.order: internal vertex -> point
  std::vector<GridPoint> p_;          // by internal vertex, then the corners
  std::vector<TriangleSlot> s_;
  std::vector<std::uint8_t> c_;  // constraint marks per slot, once there are constraints
  CdtStatistics stats_;
  std::vector<std::int32_t> stack_;  // cdt.legalize: Link(t, i) in stack_[0 .. stackSize_)
  std::size_t stackSize_ = 0;
  std::vector<std::int32_t> vertexSlot_;                      // a slot holding each vertex
  std::vector<std::pair<std::int32_t, std::int32_t>> queue_;  // cdt.constraint
  // cdt.final-passes, once there are constraints: per slot the edges due
  // for a check (bit i: edge i), and the slots to visit in this pass and
  // the next (a bit per slot).
  std::vector<std::uint8_t> due_;
  std::vector<std::uint64_t> pass_, next_;
};

}  // namespace onepath::geom2d
