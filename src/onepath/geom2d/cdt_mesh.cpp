// The CDT's mesh of slots (docs/spec/cdt.md): cdt.structure,
// cdt.bounding-triangle, and Lawson's insertion of the points: cdt.locate,
// cdt.split, cdt.legalize (cdt.flip is in internal/cdt_mesh.hpp).
#include <cstdint>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "onepath/geom2d/internal/cdt_mesh.hpp"

namespace onepath::geom2d {

namespace {

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

CdtMesh::CdtMesh(std::span<const GridPoint> points, std::vector<std::uint32_t> order,
                 const CdtOptions& options)
    : n_(static_cast<std::int32_t>(points.size())), options_(options), order_(std::move(order)) {
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

void CdtMesh::InsertPoints() {
  std::int32_t last = 0;
  for (std::int32_t q = 0; q < n_; ++q) last = Insert(q, last);
}

// cdt.locate then cdt.split and cdt.legalize for point q; returns the
// walk's start for the next point.
std::int32_t CdtMesh::Insert(std::int32_t q, std::int32_t t) {
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
void CdtMesh::SplitTriangle(std::int32_t t, std::int32_t T, std::int32_t q) {
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
std::int32_t CdtMesh::SplitEdge(std::int32_t t, int i, std::int32_t T, std::int32_t q) {
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

// cdt.legalize, depth first with an explicit stack of (slot, edge).
void CdtMesh::Legalize() {
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

Triangulation CdtMesh::Take() {
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

}  // namespace onepath::geom2d
