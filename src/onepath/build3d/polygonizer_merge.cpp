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
#include <queue>
#include <unordered_map>

#include "onepath/build3d/internal/polygonizer.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d::internal {

namespace {

struct Candidate {
  std::int64_t length = 0;
  std::uint32_t a = 0, k = 0, b = 0, l = 0;  // polygon A's edge k, polygon B's edge l
  std::uint32_t versionA = 0, versionB = 0;
};

// Whether x comes after y (the queue's top comes first).
struct ComesAfter {
  bool operator()(const Candidate& x, const Candidate& y) const {
    if (x.length != y.length) return x.length < y.length;
    if (x.a != y.a) return x.a > y.a;
    if (x.k != y.k) return x.k > y.k;
    return x.b > y.b;
  }
};

std::uint64_t EdgeKey(std::uint32_t a, std::uint32_t b) { return (std::uint64_t{a} << 32) | b; }

// b3d.poly.merge-ring, b3d.poly.merge-valid: the merged polygon of A's
// edge k (a -> b) and B's edge l (b -> a) into `out`, or false when the
// merge is not valid.
bool MergedRing(const std::vector<PolyCorner>& A, std::size_t k, const std::vector<PolyCorner>& B,
                std::size_t l, const VertexWelder& w, std::vector<PolyCorner>& out) {
  const std::size_t na = A.size(), nb = B.size(), m = na + nb - 2;
  // R = A[k+1] ... A[k+|A|] (= a), B[l+2] ... B[l+|B|-1]; a takes B's flag.
  // m <= MaxVertsPerPoly <= kMaxVertsPerPoly (b3d.settings; the caller tests
  // |A| + |B| - 2 first).
  PolyCorner r[kMaxVertsPerPoly];
  std::size_t size = 0;
  for (std::size_t s = 1; s <= na; ++s) r[size++] = A[(k + s) % na];
  for (std::size_t s = 2; s < nb; ++s) r[size++] = B[(l + s) % nb];
  r[na - 1].wall = B[(l + 1) % nb].wall;
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
  out.assign(q, q + n);
  return true;
}

class Merger {
 public:
  Merger(std::vector<MeshPolygon>& polygons, const VertexWelder& welded,
         std::int64_t maxVertsPerPoly)
      : polygons_(polygons),
        welded_(welded),
        maxVerts_(maxVertsPerPoly),
        version_(polygons.size(), 0),
        alive_(polygons.size(), true) {
    for (std::uint32_t x = 0; x < polygons_.size(); ++x) AddEdges(x);
    for (std::uint32_t x = 0; x < polygons_.size(); ++x) Offer(x, true);
  }

  void Run() {
    std::vector<PolyCorner> merged;
    while (!queue_.empty()) {
      const Candidate c = queue_.top();
      queue_.pop();
      if (!alive_[c.a] || !alive_[c.b] || version_[c.a] != c.versionA ||
          version_[c.b] != c.versionB)
        continue;  // one of its polygons has changed since
      MergedRing(polygons_[c.a].corners, c.k, polygons_[c.b].corners, c.l, welded_, merged);
      RemoveEdges(c.a);
      RemoveEdges(c.b);
      polygons_[c.a].corners = merged;
      ++version_[c.a];
      alive_[c.b] = false;
      AddEdges(c.a);
      Offer(c.a, false);
    }
    // b3d.poly.order: the merged polygon at A's place, the deleted closing up.
    std::size_t kept = 0;
    for (std::size_t x = 0; x < polygons_.size(); ++x) {
      if (!alive_[x]) continue;
      if (kept != x) polygons_[kept] = std::move(polygons_[x]);
      ++kept;
    }
    polygons_.resize(kept);
  }

 private:
  void AddEdges(std::uint32_t x) {
    const std::vector<PolyCorner>& c = polygons_[x].corners;
    for (std::size_t k = 0; k < c.size(); ++k)
      owners_[EdgeKey(c[k].vertex, c[(k + 1) % c.size()].vertex)].push_back(x);
  }

  void RemoveEdges(std::uint32_t x) {
    const std::vector<PolyCorner>& c = polygons_[x].corners;
    for (std::size_t k = 0; k < c.size(); ++k) {
      std::vector<std::uint32_t>& list =
          owners_[EdgeKey(c[k].vertex, c[(k + 1) % c.size()].vertex)];
      std::erase(list, x);
    }
  }

  // b3d.poly.merge: the valid candidates between polygon x and the others
  // (only those after x when `laterOnly`), each with the lower-numbered
  // polygon as A.
  void Offer(std::uint32_t x, bool laterOnly) {
    const std::vector<PolyCorner>& cx = polygons_[x].corners;
    for (std::uint32_t kx = 0; kx < cx.size(); ++kx) {
      const std::uint32_t a = cx[kx].vertex, b = cx[(kx + 1) % cx.size()].vertex;
      const auto it = owners_.find(EdgeKey(b, a));
      if (it == owners_.end()) continue;
      for (const std::uint32_t y : it->second) {
        if (y == x || !alive_[y] || (laterOnly && y < x)) continue;
        const std::vector<PolyCorner>& cy = polygons_[y].corners;
        std::uint32_t ly = 0;
        while (cy[ly].vertex != b) ++ly;  // no polygon repeats a vertex
        if (x < y) {
          Consider(x, kx, y, ly);
        } else {
          Consider(y, ly, x, kx);
        }
      }
    }
  }

  void Consider(std::uint32_t a, std::uint32_t k, std::uint32_t b, std::uint32_t l) {
    const std::vector<PolyCorner>& ca = polygons_[a].corners;
    const std::vector<PolyCorner>& cb = polygons_[b].corners;
    if (static_cast<std::int64_t>(ca.size() + cb.size()) - 2 > maxVerts_) return;
    if (!MergedRing(ca, k, cb, l, welded_, scratch_)) return;
    const CellCorner p = welded_.Corner(ca[k].vertex);
    const CellCorner q = welded_.Corner(ca[(k + 1) % ca.size()].vertex);
    const std::int64_t length = (q.x - p.x) * (q.x - p.x) + (q.z - p.z) * (q.z - p.z);
    queue_.push({length, a, k, b, l, version_[a], version_[b]});
  }

  std::vector<MeshPolygon>& polygons_;
  const VertexWelder& welded_;
  std::int64_t maxVerts_;
  std::vector<std::uint32_t> version_;
  std::vector<bool> alive_;
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> owners_;  // directed edge
  std::priority_queue<Candidate, std::vector<Candidate>, ComesAfter> queue_;
  std::vector<PolyCorner> scratch_;
};

}  // namespace

void MergePolygons(std::vector<MeshPolygon>& polygons, const VertexWelder& welded,
                   std::int64_t maxVertsPerPoly) {
  if (polygons.size() < 2) return;
  Merger merger(polygons, welded, maxVertsPerPoly);
  merger.Run();
}

}  // namespace onepath::build3d::internal
