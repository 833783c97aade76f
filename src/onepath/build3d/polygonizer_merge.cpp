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
// The polygons with an edge from b to a are found in a table of directed
// edges (open addressing, linear probing, at most half full; one slot per
// edge a polygon of the contour has had): slots are added, never removed,
// and a dead polygon or one that no longer has the edge (it merged across
// it, or lost it to a wall-collinear joint) is skipped when read.
#include <algorithm>

#include "onepath/build3d/internal/polygonizer.hpp"

namespace onepath::build3d::internal {

namespace {

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
  for (std::size_t s = 1; s <= na; ++s) r[size++] = A.corners[Wrap(k + s, na)];
  for (std::size_t s = 2; s < nb; ++s) r[size++] = B.corners[Wrap(l + s, nb)];
  r[na - 1].wall = B.corners[Wrap(l + 1, nb)].wall;
  // The joints b (index 0) and a (index |A| - 1), never neighbours in R.
  bool removed[kMaxVertsPerPoly] = {};
  bool besideRemoved[kMaxVertsPerPoly] = {};
  for (const std::size_t j : {std::size_t{0}, na - 1}) {
    const std::size_t before = Wrap(j + m - 1, m), after = Wrap(j + 1, m);
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
    if (removed[j]) r[Wrap(j + m - 1, m)].wall = true;
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
    if (Orient32(w.Position(q[Wrap(i + n - 1, n)].vertex), w.Position(q[i].vertex),
                 w.Position(q[Wrap(i + 1, n)].vertex)) < 0)
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
        edges_(scratch.edges),
        queue_(scratch.queue),
        rings_(scratch.rings) {
    version_.assign(polygons_.size(), 0);
    alive_.assign(polygons_.size(), 1);
    queue_.clear();
    rings_.clear();
    // Slots: the triangles' 3t edges, and at most kMaxVertsPerPoly more per
    // merge (fewer than t merges), twice over (at most half full). A new
    // stamp empties every slot; a larger table starts over.
    const std::size_t t = polygons_.size();
    std::size_t size = 16;
    bits_ = 4;
    while (size < 2 * (3 + kMaxVertsPerPoly) * t) {
      size *= 2;
      ++bits_;
    }
    if (edges_.size() < size) {
      edges_.assign(size, MergeEdgeSlot{});
      scratch.stamp = 0;
    }
    stamp_ = ++scratch.stamp;
    mask_ = size - 1;  // a power of two no larger than the table
    for (std::uint32_t x = 0; x < polygons_.size(); ++x) AddEdges(x);
    for (std::uint32_t x = 0; x < polygons_.size(); ++x) Offer(x, true);
  }

  void Run() {
    while (!queue_.empty()) {
      std::pop_heap(queue_.begin(), queue_.end(), ComesAfter{});
      const MergeCandidate c = queue_.back();
      queue_.pop_back();
      if (!alive_[c.a] || !alive_[c.b] || version_[c.a] != c.versionA ||
          version_[c.b] != c.versionB)
        continue;                       // one of its polygons has changed since
      polygons_[c.a] = rings_[c.ring];  // as Consider found it
      ++version_[c.a];
      alive_[c.b] = 0;
      AddEdges(c.a);
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
  static std::uint64_t EdgeKey(std::uint32_t from, std::uint32_t to) {
    return (std::uint64_t{from} << 32) | to;
  }

  // The first slot to probe for an edge (Fibonacci hashing: the top bits
  // of key * 2^64 / phi).
  std::size_t Home(std::uint64_t key) const {
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15u) >> (64 - bits_));
  }

  // Adds x's edges that the table does not hold for x yet.
  void AddEdges(std::uint32_t x) {
    const SmallPolygon& px = polygons_[x];
    for (std::uint32_t k = 0; k < px.size; ++k) {
      const std::uint64_t key =
          EdgeKey(px.corners[k].vertex, px.corners[Wrap(k + 1, px.size)].vertex);
      std::size_t s = Home(key);
      while (edges_[s].stamp == stamp_ && !(edges_[s].edge == key && edges_[s].polygon == x))
        s = (s + 1) & mask_;
      edges_[s] = {key, x, stamp_};
    }
  }

  // b3d.poly.merge: the valid candidates between polygon x and the others
  // (only those after x when `laterOnly`), each with the lower-numbered
  // polygon as A.
  void Offer(std::uint32_t x, bool laterOnly) {
    const SmallPolygon& px = polygons_[x];
    for (std::uint32_t kx = 0; kx < px.size; ++kx) {
      const std::uint32_t a = px.corners[kx].vertex, b = px.corners[Wrap(kx + 1, px.size)].vertex;
      // The live polygons y with an edge from b to a (B[l] = b, B[l+1] = a).
      const std::uint64_t key = EdgeKey(b, a);
      for (std::size_t s = Home(key); edges_[s].stamp == stamp_; s = (s + 1) & mask_) {
        if (edges_[s].edge != key) continue;
        const std::uint32_t y = edges_[s].polygon;
        if (y == x || !alive_[y] || (laterOnly && y < x)) continue;
        const SmallPolygon& py = polygons_[y];
        std::uint32_t ly = 0;
        while (ly < py.size && py.corners[ly].vertex != b) ++ly;  // no polygon repeats a vertex
        if (ly == py.size || py.corners[Wrap(ly + 1, py.size)].vertex != a) continue;
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
    const auto ring = static_cast<std::uint32_t>(rings_.size());
    if (!MergedRing(pa, k, pb, l, welded_, rings_.emplace_back())) {
      rings_.pop_back();
      return;
    }
    const CellCorner p = welded_.Corner(pa.corners[k].vertex);
    const CellCorner q = welded_.Corner(pa.corners[Wrap(k + 1, pa.size)].vertex);
    const std::int64_t length = (q.x - p.x) * (q.x - p.x) + (q.z - p.z) * (q.z - p.z);
    queue_.push_back({length, a, k, b, l, version_[a], version_[b], ring});
    std::push_heap(queue_.begin(), queue_.end(), ComesAfter{});
  }

  std::vector<SmallPolygon>& polygons_;
  const VertexWelder& welded_;
  std::int64_t maxVerts_;
  std::vector<std::uint32_t>& version_;
  std::vector<std::uint8_t>& alive_;
  std::vector<MergeEdgeSlot>& edges_;
  std::uint32_t stamp_ = 0;
  unsigned bits_ = 0;                   // the table's slots in use: 2^bits_
  std::size_t mask_ = 0;                // 2^bits_ - 1
  std::vector<MergeCandidate>& queue_;  // a heap under ComesAfter
  std::vector<SmallPolygon>& rings_;
};

}  // namespace

void MergePolygons(std::vector<SmallPolygon>& polygons, const VertexWelder& welded,
                   std::int64_t maxVertsPerPoly, PolygonizerScratch& scratch) {
  if (polygons.size() < 2) return;
  Merger merger(polygons, welded, maxVertsPerPoly, scratch);
  merger.Run();
}

}  // namespace onepath::build3d::internal
