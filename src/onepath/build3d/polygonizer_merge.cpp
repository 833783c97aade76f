// Hertel-Mehlhorn merging of one contour's polygons (docs/spec/
// build3d-polygons.md): the candidates and their order (b3d.poly.merge),
// the merged ring (b3d.poly.merge-ring) and its validity with the
// wall-collinear joints (b3d.poly.merge-valid).
//
// A candidate's validity depends on its two polygons alone, so the valid
// candidates wait in a priority queue (greatest length, then A, A's edge,
// B) and a merge invalidates only those of its two polygons: the queue's
// top is what a full enumeration of every candidate would merge. Polygons
// keep their emission numbers as ids, which order them as the list does.
//
// The polygons with an edge from b to a are found at b: every welded
// vertex lists the polygons of the contour with a corner there (entries
// are added, never removed; a dead polygon or one that lost the corner to
// a wall-collinear joint is skipped when read).
#include <algorithm>

#include "onepath/build3d/internal/polygonizer.hpp"

namespace onepath::build3d::internal {

namespace {

constexpr std::uint32_t kNone = 0xFFFFFFFFu;

// Whether x comes after y (the queue's top comes first).
struct ComesAfter {
  bool operator()(const MergeCandidate& x, const MergeCandidate& y) const {
    if (x.length != y.length) return x.length < y.length;
    if (x.a != y.a) return x.a > y.a;
    if (x.k != y.k) return x.k > y.k;
    return x.b > y.b;
  }
};

// b3d.poly.merge-ring, b3d.poly.merge-valid: the merged polygon of A's
// edge k (a -> b) and B's edge l (b -> a) into `out`, or false when the
// merge is not valid.
bool MergedRing(const SmallPolygon& A, std::size_t k, const SmallPolygon& B, std::size_t l,
                const VertexWelder& w, SmallPolygon& out) {
  const std::size_t na = A.size, nb = B.size, m = na + nb - 2;
  // R = A[k+1] ... A[k+|A|] (= a), B[l+2] ... B[l+|B|-1]; a takes B's flag.
  // m <= MaxVertsPerPoly <= kMaxVertsPerPoly (b3d.settings; the caller tests
  // |A| + |B| - 2 first).
  PolyCorner r[kMaxVertsPerPoly];
  std::size_t size = 0;
  for (std::size_t s = 1; s <= na; ++s) r[size++] = A.corners[(k + s) % na];
  for (std::size_t s = 2; s < nb; ++s) r[size++] = B.corners[(l + s) % nb];
  r[na - 1].wall = B.corners[(l + 1) % nb].wall;
  // The joints b (index 0) and a (index |A| - 1), never neighbours in R.
  bool removed[kMaxVertsPerPoly] = {};
  bool besideRemoved[kMaxVertsPerPoly] = {};
  for (const std::size_t j : {std::size_t{0}, na - 1}) {
    const std::size_t before = (j + m - 1) % m, after = (j + 1) % m;
    const CellCorner u = w.Corner(r[before].vertex), c = w.Corner(r[j].vertex),
                     v = w.Corner(r[after].vertex);
    const bool straight = StraightOn(u, c, v);
    if (straight && r[before].wall && r[j].wall) {  // wall-collinear: removed
      removed[j] = true;
      besideRemoved[before] = besideRemoved[after] = true;
      continue;
    }
    // Test 1: turns left or goes straight on in cells, and orient32 >= 0.
    if (!(straight || Cross(u, c, v) > 0)) return false;
    if (Orient32(w.Position(r[before].vertex), w.Position(r[j].vertex),
                 w.Position(r[after].vertex)) < 0)
      return false;
  }
  // R': R without its removed joints; the corner before one gets the wall.
  PolyCorner q[kMaxVertsPerPoly];
  bool beside[kMaxVertsPerPoly] = {};
  std::size_t n = 0;
  for (std::size_t j = 0; j < m; ++j)
    if (removed[j]) r[(j + m - 1) % m].wall = true;
  for (std::size_t j = 0; j < m; ++j) {
    if (removed[j]) continue;
    beside[n] = besideRemoved[j];
    q[n++] = r[j];
  }
  // Test 2: at least three corners, no vertex twice.
  if (n < 3) return false;
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (q[i].vertex == q[j].vertex) return false;
  // Test 3: the neighbours of a removed joint, in float32, within R'.
  for (std::size_t i = 0; i < n; ++i) {
    if (!beside[i]) continue;
    if (Orient32(w.Position(q[(i + n - 1) % n].vertex), w.Position(q[i].vertex),
                 w.Position(q[(i + 1) % n].vertex)) < 0)
      return false;
  }
  // R' starts at b, or at y (the corner after b) when b was removed.
  out.size = static_cast<std::uint32_t>(n);
  std::copy(q, q + n, out.corners);
  return true;
}

class Merger {
 public:
  Merger(std::vector<SmallPolygon>& polygons, const VertexWelder& welded,
         std::int64_t maxVertsPerPoly, PolygonizerScratch& scratch)
      : polygons_(polygons),
        welded_(welded),
        maxVerts_(maxVertsPerPoly),
        version_(scratch.version),
        alive_(scratch.alive),
        firstAt_(scratch.firstAt),
        touched_(scratch.touched),
        entries_(scratch.entries),
        queue_(scratch.queue) {
    version_.assign(polygons_.size(), 0);
    alive_.assign(polygons_.size(), 1);
    entries_.clear();
    queue_.clear();
    if (firstAt_.size() < welded_.vertices().size())
      firstAt_.resize(welded_.vertices().size(), kNone);
    for (std::uint32_t x = 0; x < polygons_.size(); ++x) AddEntries(x);
    for (std::uint32_t x = 0; x < polygons_.size(); ++x) Offer(x, true);
  }

  // Leaves firstAt as it found it (every entry kNone) for the next contour.
  ~Merger() {
    for (const std::uint32_t v : touched_) firstAt_[v] = kNone;
    touched_.clear();
  }

  void Run() {
    SmallPolygon merged;
    while (!queue_.empty()) {
      std::pop_heap(queue_.begin(), queue_.end(), ComesAfter{});
      const MergeCandidate c = queue_.back();
      queue_.pop_back();
      if (!alive_[c.a] || !alive_[c.b] || version_[c.a] != c.versionA ||
          version_[c.b] != c.versionB)
        continue;  // one of its polygons has changed since
      MergedRing(polygons_[c.a], c.k, polygons_[c.b], c.l, welded_, merged);
      polygons_[c.a] = merged;
      ++version_[c.a];
      alive_[c.b] = 0;
      AddEntries(c.a);
      Offer(c.a, false);
    }
    // b3d.poly.order: the merged polygon at A's place, the deleted closing up.
    std::size_t kept = 0;
    for (std::size_t x = 0; x < polygons_.size(); ++x) {
      if (!alive_[x]) continue;
      if (kept != x) polygons_[kept] = polygons_[x];
      ++kept;
    }
    polygons_.resize(kept);
  }

 private:
  // Lists x at each of its corners' vertices where it is not listed yet.
  void AddEntries(std::uint32_t x) {
    for (const PolyCorner& corner : polygons_[x].Corners()) {
      const std::uint32_t v = corner.vertex;
      std::uint32_t e = firstAt_[v];
      if (e == kNone) touched_.push_back(v);
      while (e != kNone && entries_[e].polygon != x) e = entries_[e].next;
      if (e != kNone) continue;
      entries_.push_back({x, firstAt_[v]});
      firstAt_[v] = static_cast<std::uint32_t>(entries_.size() - 1);
    }
  }

  // b3d.poly.merge: the valid candidates between polygon x and the others
  // (only those after x when `laterOnly`), each with the lower-numbered
  // polygon as A.
  void Offer(std::uint32_t x, bool laterOnly) {
    const SmallPolygon& px = polygons_[x];
    for (std::uint32_t kx = 0; kx < px.size; ++kx) {
      const std::uint32_t a = px.corners[kx].vertex, b = px.corners[(kx + 1) % px.size].vertex;
      // The live polygons y with an edge from b to a (B[l] = b, B[l+1] = a).
      for (std::uint32_t e = firstAt_[b]; e != kNone; e = entries_[e].next) {
        const std::uint32_t y = entries_[e].polygon;
        if (y == x || !alive_[y] || (laterOnly && y < x)) continue;
        const SmallPolygon& py = polygons_[y];
        std::uint32_t ly = 0;
        while (ly < py.size && py.corners[ly].vertex != b) ++ly;  // no polygon repeats a vertex
        if (ly == py.size || py.corners[(ly + 1) % py.size].vertex != a) continue;
        if (x < y) {
          Consider(x, kx, y, ly);
        } else {
          Consider(y, ly, x, kx);
        }
      }
    }
  }

  void Consider(std::uint32_t a, std::uint32_t k, std::uint32_t b, std::uint32_t l) {
    const SmallPolygon& pa = polygons_[a];
    const SmallPolygon& pb = polygons_[b];
    if (static_cast<std::int64_t>(pa.size + pb.size) - 2 > maxVerts_) return;
    if (!MergedRing(pa, k, pb, l, welded_, scratch_)) return;
    const CellCorner p = welded_.Corner(pa.corners[k].vertex);
    const CellCorner q = welded_.Corner(pa.corners[(k + 1) % pa.size].vertex);
    const std::int64_t length = (q.x - p.x) * (q.x - p.x) + (q.z - p.z) * (q.z - p.z);
    queue_.push_back({length, a, k, b, l, version_[a], version_[b]});
    std::push_heap(queue_.begin(), queue_.end(), ComesAfter{});
  }

  std::vector<SmallPolygon>& polygons_;
  const VertexWelder& welded_;
  std::int64_t maxVerts_;
  std::vector<std::uint32_t>& version_;
  std::vector<std::uint8_t>& alive_;
  std::vector<std::uint32_t>& firstAt_;
  std::vector<std::uint32_t>& touched_;
  std::vector<MergeEntry>& entries_;
  std::vector<MergeCandidate>& queue_;  // a heap under ComesAfter
  SmallPolygon scratch_;
};

}  // namespace

void MergePolygons(std::vector<SmallPolygon>& polygons, const VertexWelder& welded,
                   std::int64_t maxVertsPerPoly, PolygonizerScratch& scratch) {
  if (polygons.size() < 2) return;
  Merger merger(polygons, welded, maxVertsPerPoly, scratch);
  merger.Run();
}

}  // namespace onepath::build3d::internal
