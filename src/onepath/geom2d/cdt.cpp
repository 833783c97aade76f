// The constrained Delaunay triangulation (docs/spec/cdt.md). Flat arrays of
// triangle slots, no allocation per triangle, an explicit stack for the
// legalising flips (in the clause's order), and a vertex -> slot map for the
// constraint walks.
#include "onepath/geom2d/cdt.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <string>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/core/int128.hpp"
#include "onepath/core/radix_sort.hpp"
#include "onepath/core/vector2d.hpp"
#include "onepath/exact/predicates.hpp"

namespace onepath::geom2d {

namespace {

constexpr std::int64_t kCorner = std::int64_t{1} << 45;

// cdt.order: SplitMix64's output function (Steele, Lea & Flood 2014).
std::uint64_t Mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

int Next(int i) { return i == 2 ? 0 : i + 1; }
int Prev(int i) { return i == 0 ? 2 : i - 1; }

unsigned Bit(std::uint8_t marks, int i) { return (marks >> i) & 1u; }

int IndexOf(const TriangleSlot& t, std::int32_t v) { return t.v[0] == v ? 0 : t.v[1] == v ? 1 : 2; }

// While the triangulation is built, a neighbour entry is a link: the slot
// across times 4 plus that slot's index of the same edge (or -1), so that
// crossing an edge needs no search for the way back (cdt.structure's n_i
// is SlotOf(link); Take() writes those back).
std::int32_t Link(std::int32_t slot, int edge) { return slot * 4 + edge; }
std::int32_t SlotOf(std::int32_t link) { return link >> 2; }  // -1 stays -1
int EdgeOf(std::int32_t link) { return link & 3; }

// cdt.order's Hilbert loop, four levels at a time. The loop only ever
// complements both coordinates (N - 1 - c) and swaps them; both act on
// every bit alike and commute, so after any number of levels the current
// (cx, cy) is the original one under a state of two flags (bit 0: swapped,
// bit 1: complemented). A level's digit (3 rx) ^ ry and the next state
// depend only on that state and the original bits at the level.
// kHilbertSteps[state][x4 << 4 | y4], for the original bits x4, y4 of four
// levels (highest first), holds the four digits (highest first) and the
// state after them, computed here from the loop's own rule.
struct HilbertStep {
  std::uint8_t digits = 0;
  std::uint8_t state = 0;
};

constexpr std::array<std::array<HilbertStep, 256>, 4> MakeHilbertSteps() {
  std::array<std::array<HilbertStep, 256>, 4> steps{};
  for (unsigned first = 0; first < 4; ++first) {
    for (unsigned bits = 0; bits < 256; ++bits) {
      unsigned state = first, digits = 0;
      for (int level = 3; level >= 0; --level) {
        unsigned x = (bits >> (4 + level)) & 1, y = (bits >> level) & 1;
        if (state & 1) std::swap(x, y);
        if (state & 2) x ^= 1, y ^= 1;
        const unsigned rx = x, ry = y;
        digits = digits << 2 | ((3 * rx) ^ ry);
        if (ry == 0) state ^= (rx == 1 ? 2 : 0) | 1;
      }
      steps[first][bits] = {static_cast<std::uint8_t>(digits), static_cast<std::uint8_t>(state)};
    }
  }
  return steps;
}

constexpr std::array<std::array<HilbertStep, 256>, 4> kHilbertSteps = MakeHilbertSteps();

Vector2D AsDouble(GridPoint p) { return {static_cast<double>(p.x), static_cast<double>(p.y)}; }

// Asks Linux for transparent huge pages (2 MiB) over `bytes` at `data`,
// an array not yet written: the walks and flips touch the slot and point
// arrays all over, and with 4 KiB pages many of those touches also miss
// the TLB. A hint only (no effect on the result, none elsewhere).
void AdviseHugePages(const void* data, std::size_t bytes) {
#if defined(__linux__)
  constexpr std::uintptr_t kHuge = std::uintptr_t{1} << 21;
  const auto begin = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t first = (begin + kHuge - 1) & ~(kHuge - 1);
  const std::uintptr_t last = (begin + bytes) & ~(kHuge - 1);
  if (first < last) madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#else
  (void)data, (void)bytes;
#endif
}

}  // namespace

int InCircleGrid(GridPoint a, GridPoint b, GridPoint c, GridPoint d) {
  // With every difference below 2^30 in magnitude the lifts and the 2 x 2
  // minors stay below 2^61 (int64) and the three products below 2^122:
  // the determinant of pred.incircle, exactly, in 128 bits.
  constexpr std::int64_t kSmall = std::int64_t{1} << 30;
  const std::int64_t adx = a.x - d.x, ady = a.y - d.y, bdx = b.x - d.x, bdy = b.y - d.y;
  const std::int64_t cdx = c.x - d.x, cdy = c.y - d.y;
  auto small = [](std::int64_t v) { return v > -kSmall && v < kSmall; };
  if (small(adx) && small(ady) && small(bdx) && small(bdy) && small(cdx) && small(cdy)) {
    const std::int64_t alift = adx * adx + ady * ady;
    const std::int64_t blift = bdx * bdx + bdy * bdy;
    const std::int64_t clift = cdx * cdx + cdy * cdy;
    const Int128 det = static_cast<Int128>(alift) * (bdx * cdy - cdx * bdy) +
                       static_cast<Int128>(blift) * (cdx * ady - adx * cdy) +
                       static_cast<Int128>(clift) * (adx * bdy - bdx * ady);
    return (det > 0) - (det < 0);
  }
  return exact::InCircle(AsDouble(a), AsDouble(b), AsDouble(c), AsDouble(d));
}

namespace {

class Builder {
 public:
  // Vertices are numbered internally in insertion order (internal k is
  // point order_[k]), so that triangles near each other in the plane use
  // coordinates near each other in memory. No rule depends on vertex
  // numbers; Take() writes the spec's numbers back.
  Builder(std::span<const GridPoint> points, const CdtOptions& options)
      : n_(static_cast<std::int32_t>(points.size())), options_(options) {
    order_ = options.insertionOrder.empty()
                 ? InsertionOrder(points)
                 : std::vector<std::uint32_t>(options.insertionOrder.begin(),
                                              options.insertionOrder.end());
    p_.reserve(points.size() + 3);
    AdviseHugePages(p_.data(), p_.capacity() * sizeof(GridPoint));
    for (std::uint32_t q : order_) p_.push_back(points[q]);
    for (int k = 0; k < 3; ++k) p_.push_back(BoundingCorner(k));
    // cdt.bounding-triangle: slot 0.
    // Every point adds two slots (cdt.split): 2n + 1 in all, appended in
    // slot order (no pass that only zeroes them first).
    s_.reserve(1 + 2 * points.size());
    AdviseHugePages(s_.data(), s_.capacity() * sizeof(TriangleSlot));
    s_.push_back(TriangleSlot{{n_, n_ + 1, n_ + 2}, {-1, -1, -1}});
  }

  void InsertPoints() {
    std::int32_t last = 0;
    for (std::int32_t q = 0; q < n_; ++q) last = Insert(q, last);
  }

  // cdt.constraint, for the constraints sorted by (A, B, input index).
  void InsertConstraints(std::span<const CdtConstraint> constraints) {
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
      InsertConstraint(static_cast<std::int32_t>(sorted[k].a),
                       static_cast<std::int32_t>(sorted[k].b), sorted[k].index);
    }
  }

  // cdt.final-passes. Lawson's insertion leaves no flippable edge, and a
  // check whose slot, neighbour and their vertices did not change since it
  // last flipped nothing flips nothing again; the same edge checked from
  // the slot across gives the same answer. So only the edges of the
  // quadrilaterals that flips rewrote are due (due_, both sides of each),
  // and each pass visits the slots holding due edges in increasing order
  // (bit sets pass_ and next_): a slot made due ahead of the one being
  // checked joins this pass, one at or behind it the next, as in a pass
  // over every slot. A check clears the edge on both sides.
  void FinalPasses() {
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

  Triangulation Take() {
    Triangulation result;
    result.pointCount = static_cast<std::uint32_t>(n_);
    for (TriangleSlot& s : s_) {
      for (std::int32_t& v : s.v)
        if (v < n_) v = static_cast<std::int32_t>(order_[v]);
      for (std::int32_t& link : s.n) link = SlotOf(link);
    }
    result.slots = std::move(s_);
    if (c_.empty()) c_.assign(result.slots.size(), 0);
    result.constrained = std::move(c_);
    result.statistics = stats_;
    return result;
  }

 private:
  // pred.orient2d.int, written out here so that the walk inlines it (the
  // same 128-bit expression as exact::Orient2DInt).
  int Orient(std::int32_t a, std::int32_t b, std::int32_t c) const {
    const GridPoint pa = p_[a], pb = p_[b], pc = p_[c];
    const Int128 left = static_cast<Int128>(pa.x - pc.x) * (pb.y - pc.y);
    const Int128 right = static_cast<Int128>(pa.y - pc.y) * (pb.x - pc.x);
    return (left > right) - (left < right);
  }

  // pred.incircle on the vertices of slot t and vertex q.
  int InCircle(std::int32_t t, std::int32_t q) const {
    const TriangleSlot& s = s_[t];
    return InCircleGrid(p_[s.v[0]], p_[s.v[1]], p_[s.v[2]], p_[q]);
  }

  // The entry that `link` names (an edge's far side) points back at `to`.
  void LinkBack(std::int32_t link, std::int32_t to) {
    if (link >= 0) s_[SlotOf(link)].n[EdgeOf(link)] = to;
  }

  // cdt.locate then cdt.split and cdt.legalize for point q; returns the
  // walk's start for the next point.
  std::int32_t Insert(std::int32_t q, std::int32_t t) {
    // cdt.locate: edges 0, 1, 2 in turn; the edge entered through has q
    // strictly on its left, so it is not tested again.
    int entered = -1;
    int o[3];
    for (;;) {
      const TriangleSlot& s = s_[t];
      int i = 0;
      for (; i < 3; ++i) {
        if (i == entered) {
          o[i] = 1;
          continue;
        }
        o[i] = Orient(s.v[i], s.v[Next(i)], q);
        if (o[i] < 0) break;
      }
      if (i == 3) break;
      t = SlotOf(s.n[i]);
      entered = EdgeOf(s.n[i]);
      ++stats_.walkSteps;
    }
    // The split rewrites t's neighbours and the legalising checks read
    // them: start fetching all three now, in parallel (prefetches, no
    // effect on the result).
    for (std::int32_t u : s_[t].n)
      if (u >= 0) __builtin_prefetch(&s_[SlotOf(u)]);
    const auto T = static_cast<std::int32_t>(s_.size());  // the first free slot
    if (o[0] != 0 && o[1] != 0 && o[2] != 0) {
      SplitTriangle(t, T, q);
      Push(T + 1, 0);
      Push(T, 0);
      Push(t, 0);
    } else {
      const std::int32_t u = SplitEdge(t, o[0] == 0 ? 0 : o[1] == 0 ? 1 : 2, T, q);
      Push(T + 1, 0);
      Push(u, 0);
      Push(T, 0);
      Push(t, 0);
    }
    Legalize();
    return t;
  }

  // cdt.split inside t = (a, b, c).
  void SplitTriangle(std::int32_t t, std::int32_t T, std::int32_t q) {
    const TriangleSlot old = s_[t];
    const std::int32_t a = old.v[0], b = old.v[1], c = old.v[2];
    const std::int32_t nab = old.n[0], nbc = old.n[1], nca = old.n[2];
    s_[t] = TriangleSlot{{a, b, q}, {nab, Link(T, 2), Link(T + 1, 1)}};
    s_.push_back(TriangleSlot{{b, c, q}, {nbc, Link(T + 1, 2), Link(t, 1)}});  // T
    s_.push_back(TriangleSlot{{c, a, q}, {nca, Link(t, 2), Link(T, 1)}});      // T + 1
    LinkBack(nbc, Link(T, 0));
    LinkBack(nca, Link(T + 1, 0));
  }

  // cdt.split on edge i of t; returns u, the slot across the edge.
  std::int32_t SplitEdge(std::int32_t t, int i, std::int32_t T, std::int32_t q) {
    const TriangleSlot old = s_[t];
    const std::int32_t a = old.v[i], b = old.v[Next(i)], c = old.v[Prev(i)];
    const std::int32_t nbc = old.n[Next(i)], nca = old.n[Prev(i)];
    const std::int32_t u = SlotOf(old.n[i]);
    const int j = EdgeOf(old.n[i]);  // u = (b, a, d) rotated, u.v_j = b
    const TriangleSlot oldU = s_[u];
    const std::int32_t d = oldU.v[Prev(j)];
    const std::int32_t nad = oldU.n[Next(j)], ndb = oldU.n[Prev(j)];
    s_[t] = TriangleSlot{{b, c, q}, {nbc, Link(T, 2), Link(T + 1, 1)}};
    s_[u] = TriangleSlot{{a, d, q}, {nad, Link(T + 1, 2), Link(T, 1)}};
    s_.push_back(TriangleSlot{{c, a, q}, {nca, Link(u, 2), Link(t, 1)}});  // T
    s_.push_back(TriangleSlot{{d, b, q}, {ndb, Link(t, 2), Link(u, 1)}});  // T + 1
    LinkBack(nbc, Link(t, 0));
    LinkBack(nca, Link(T, 0));
    LinkBack(nad, Link(u, 0));
    LinkBack(ndb, Link(T + 1, 0));
    return u;
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

  // cdt.legalize, depth first with an explicit stack of (slot, edge).
  void Legalize() {
    while (stackSize_ > 0) {
      const std::int32_t pending = stack_[--stackSize_];
      const std::int32_t t = SlotOf(pending);
      const int i = EdgeOf(pending);
      const std::int32_t link = s_[t].n[i];
      if (link < 0) continue;
      const std::int32_t u = SlotOf(link);
      const int j = EdgeOf(link);
      if (InCircle(t, s_[u].v[Prev(j)]) <= 0) continue;
      Flip(t, i, u, j);
      ++stats_.insertionFlips;
      Push(u, 0);
      Push(t, 1);
    }
  }

  // The slot holding the directed edge a -> b and its edge index, by
  // rotating around a from vertexSlot_[a]: counter-clockwise, and where
  // that meets the bounding triangle's outside (a is a corner), clockwise
  // from the start. False when a -> b is no edge.
  bool LookUpEdge(std::int32_t a, std::int32_t b, std::int32_t& slot, int& edge) const {
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
  void FindEdge(std::int32_t a, std::int32_t b, std::int32_t& slot, int& edge) const {
    if (!LookUpEdge(a, b, slot, edge))
      throw GeometryException("an edge of the constraint insertion is missing (cdt.constraint)",
                              {});
  }

  [[noreturn]] static void ConstraintError(std::size_t index, const char* what) {
    throw ArgumentException(
        std::string("constraints must be noded: ") + what + " (cdt.input, cdt.constraint)",
        {.argument = "constraints", .edge = static_cast<std::int64_t>(index)});
  }

  void MarkConstrained(std::int32_t t, int i) {
    c_[t] |= static_cast<std::uint8_t>(1u << i);
    const std::int32_t link = s_[t].n[i];
    c_[SlotOf(link)] |= static_cast<std::uint8_t>(1u << EdgeOf(link));
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

  // cdt.constraint for A < B, `index` its place in the input list.
  void InsertConstraint(std::int32_t A, std::int32_t B, std::size_t index) {
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

  // One check of cdt.final-passes on edge i of t; true if it flipped.
  bool FinalPassFlip(std::int32_t t, int i) {
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

void CheckInput(std::span<const GridPoint> points, std::span<const CdtConstraint> constraints) {
  for (std::size_t i = 0; i < points.size(); ++i) {
    const std::int64_t c[2] = {points[i].x, points[i].y};
    for (std::int64_t v : c) {
      if (v < -kMaxCdtCoordinate || v > kMaxCdtCoordinate) {
        throw ArgumentOutOfRangeException("point coordinate outside +-2^39 (cdt.input)",
                                          {.argument = "points",
                                           .vertex = static_cast<std::int64_t>(i),
                                           .value = static_cast<double>(v)});
      }
    }
  }
  for (std::size_t i = 1; i < points.size(); ++i) {
    if (!(points[i - 1] < points[i])) {
      throw ArgumentException("points must be distinct and sorted by (x, y) (cdt.input)",
                              {.argument = "points", .vertex = static_cast<std::int64_t>(i)});
    }
  }
  const std::uint64_t n = points.size();
  for (std::size_t e = 0; e < constraints.size(); ++e) {
    for (std::uint32_t v : {constraints[e].a, constraints[e].b}) {
      if (v >= n) {
        throw ArgumentOutOfRangeException("constraint index outside the points (cdt.input)",
                                          {.argument = "constraints",
                                           .edge = static_cast<std::int64_t>(e),
                                           .value = static_cast<double>(v)});
      }
    }
    if (constraints[e].a == constraints[e].b) {
      throw ArgumentException("constraint joins a point to itself (cdt.input)",
                              {.argument = "constraints", .edge = static_cast<std::int64_t>(e)});
    }
  }
}

}  // namespace

GridPoint BoundingCorner(int k) {
  if (k == 0) return {-kCorner, -kCorner};
  if (k == 1) return {3 * kCorner, -kCorner};
  return {-kCorner, 3 * kCorner};
}

std::uint64_t InsertionHash(std::uint64_t i) { return Mix(i + 0x9E3779B97F4A7C15ull); }

int InsertionRound(std::uint64_t i, std::uint64_t n) {
  const int top = std::max(0, static_cast<int>(std::bit_width(n)) - 1 - 3);
  return std::min(top, std::countr_zero(InsertionHash(i)));
}

std::uint32_t HilbertIndex(std::uint32_t cx, std::uint32_t cy) {
  std::uint32_t d = 0, state = 0;
  for (int shift = 8; shift >= 0; shift -= 4) {
    const HilbertStep step = kHilbertSteps[state][((cx >> shift) & 15) << 4 | ((cy >> shift) & 15)];
    d = d << 8 | step.digits;
    state = step.state;
  }
  return d;
}

std::vector<std::uint32_t> InsertionOrder(std::span<const GridPoint> points) {
  const std::size_t n = points.size();
  std::vector<std::uint32_t> order(n);
  if (n < 64) {
    for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<std::uint32_t>(i);
    return order;
  }
  const GridBox box = BoundsOf(points);
  int shift = 0;
  while (((box.maxX - box.minX) >> shift) >= 4096 || ((box.maxY - box.minY) >> shift) >= 4096)
    ++shift;
  const int top = std::max(0, static_cast<int>(std::bit_width(n)) - 1 - 3);
  // Key: rounds from top down, then the Hilbert index; ties by index (the
  // sort is stable and the items start in index order).
  std::vector<std::uint64_t> items;
  items.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const int round = std::min(top, std::countr_zero(InsertionHash(i)));
    const std::uint32_t h =
        HilbertIndex(static_cast<std::uint32_t>((points[i].x - box.minX) >> shift),
                     static_cast<std::uint32_t>((points[i].y - box.minY) >> shift));
    const std::uint64_t key = (std::uint64_t(top - round) << 24) | h;
    items.push_back((key << 32) | i);
  }
  // Ten bits a pass: fewer buckets to scatter into than the arrangement's
  // thirteen, as the keys here have about 30 bits (three passes either way).
  std::vector<std::uint64_t> scratch;
  RadixSortByKey<10>(
      items, scratch, [](std::uint64_t x) { return x >> 32; },
      (std::uint64_t{static_cast<unsigned>(top)} << 24) | 0xFFFFFF);
  for (std::size_t k = 0; k < n; ++k) order[k] = static_cast<std::uint32_t>(items[k]);
  return order;
}

Triangulation ConstrainedDelaunay(std::span<const GridPoint> points,
                                  std::span<const CdtConstraint> constraints,
                                  const CdtOptions& options) {
  CheckInput(points, constraints);
  Builder builder(points, options);
  builder.InsertPoints();
  builder.InsertConstraints(constraints);
  builder.FinalPasses();
  return builder.Take();
}

std::vector<std::uint8_t> CanonicalBytes(const Triangulation& triangulation) {
  // cdt.canonical: each triangle rotated to start at its smallest vertex,
  // with a bit per constrained edge; sorted by (v0, v1, v2).
  struct Item {
    std::uint32_t v[3];
    std::uint8_t constrained;
  };
  std::vector<Item> items;
  items.reserve(triangulation.slots.size());
  for (std::size_t t = 0; t < triangulation.slots.size(); ++t) {
    const TriangleSlot& s = triangulation.slots[t];
    int k = 0;
    if (s.v[1] < s.v[k]) k = 1;
    if (s.v[2] < s.v[k]) k = 2;
    Item item{};
    for (int m = 0; m < 3; ++m) {
      const int from = (k + m) % 3;
      item.v[m] = static_cast<std::uint32_t>(s.v[from]);
      if (Bit(triangulation.constrained[t], from))
        item.constrained |= static_cast<std::uint8_t>(1u << m);
    }
    items.push_back(item);
  }
  std::sort(items.begin(), items.end(), [](const Item& x, const Item& y) {
    return std::lexicographical_compare(x.v, x.v + 3, y.v, y.v + 3);
  });
  CanonicalWriter w;
  w.U32(triangulation.pointCount);
  w.Count(items.size());
  for (const Item& item : items) {
    for (std::uint32_t v : item.v) w.U32(v);
    w.U8(item.constrained);
  }
  return w.Take();
}

}  // namespace onepath::geom2d
