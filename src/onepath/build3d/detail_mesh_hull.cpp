// The hull triangulation of a polygon's detail (docs/spec/build3d-detail.md):
// the triangle table (b3d.detail.triangles) and ear clipping of the ring
// (b3d.detail.hull).
#include "onepath/build3d/internal/detail_mesh.hpp"

namespace onepath::build3d::internal {

std::uint32_t DetailTriangulation::Add(const Triangle& t) {
  const std::uint32_t id = static_cast<std::uint32_t>(triangles_.size());
  triangles_.push_back(t);
  for (int k = 0; k < 3; ++k) owner_[Key(t[k], t[(k + 1) % 3])] = id * 3 + k;
  return id;
}

void DetailTriangulation::Erase(std::uint32_t id) {
  const Triangle& t = triangles_[id];
  for (int k = 0; k < 3; ++k) {
    auto it = owner_.find(Key(t[k], t[(k + 1) % 3]));
    if (it != owner_.end() && it->second / 3 == id) owner_.erase(it);
  }
}

void DetailTriangulation::Put(std::uint32_t id, const Triangle& t) {
  triangles_[id] = t;
  for (int k = 0; k < 3; ++k) owner_[Key(t[k], t[(k + 1) % 3])] = id * 3 + k;
}

bool DetailTriangulation::Find(std::uint32_t a, std::uint32_t b, std::uint32_t& id, int& k) const {
  auto it = owner_.find(Key(a, b));
  if (it == owner_.end()) return false;
  id = it->second / 3;
  k = static_cast<int>(it->second % 3);
  return true;
}

bool DetailTriangulation::HasNeighbour(std::uint32_t id, int k) const {
  const Triangle& t = triangles_[id];
  return owner_.count(Key(t[(k + 1) % 3], t[k])) != 0;
}

namespace {

// b3d.detail.orientation: p in the closed triangle (a, b, c).
bool InClosedTriangle(const DetailPoint& a, const DetailPoint& b, const DetailPoint& c,
                      const DetailPoint& p) {
  return DetailOrient(a, b, p) >= 0 && DetailOrient(b, c, p) >= 0 && DetailOrient(c, a, p) >= 0;
}

}  // namespace

void ClipHullEars(const std::vector<DetailPoint>& points, const std::vector<std::uint32_t>& ring,
                  DetailTriangulation& tri) {
  const std::size_t r = ring.size();
  if (r < 3) return;  // no triangle (a mesh polygon has at least three corners)
  // The doubly linked cyclic list, by position in ring.
  std::vector<std::size_t> next(r), prev(r);
  for (std::size_t i = 0; i < r; ++i) {
    next[i] = (i + 1) % r;
    prev[i] = (i + r - 1) % r;
  }
  std::size_t head = 0;
  std::size_t remaining = r;
  auto isEar = [&](std::size_t i, int minOrient) {
    const std::size_t p = prev[i], q = next[i];
    const DetailPoint& pp = points[ring[p]];
    const DetailPoint& pi = points[ring[i]];
    const DetailPoint& pq = points[ring[q]];
    if (DetailOrient(pp, pi, pq) < minOrient) return false;
    for (std::size_t v = next[q]; v != p; v = next[v])
      if (InClosedTriangle(pp, pi, pq, points[ring[v]])) return false;
    return true;
  };
  auto findEar = [&](int minOrient, std::size_t& ear) {
    std::size_t i = head;
    do {
      if (isEar(i, minOrient)) {
        ear = i;
        return true;
      }
      i = next[i];
    } while (i != head);
    return false;
  };
  while (remaining > 3) {
    std::size_t ear = head;
    if (!findEar(1, ear) && !findEar(0, ear)) ear = head;  // strict, relaxed, forced
    const std::size_t p = prev[ear], q = next[ear];
    tri.Add({ring[p], ring[ear], ring[q]});  // whatever its orientation
    next[p] = q;
    prev[q] = p;
    if (ear == head) head = q;
    --remaining;
  }
  tri.Add({ring[prev[head]], ring[head], ring[next[head]]});
}

}  // namespace onepath::build3d::internal
