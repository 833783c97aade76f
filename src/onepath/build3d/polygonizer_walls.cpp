// One contour before ear clipping (docs/spec/build3d-polygons.md): its wall
// edges (b3d.poly.walls), the removal of straight wall vertices
// (b3d.poly.straight-walls) and the welding of its ring nodes into the
// tile's vertex list (b3d.poly.weld).
#include <algorithm>
#include <cstdlib>

#include "onepath/build3d/internal/polygonizer.hpp"

namespace onepath::build3d::internal {

namespace {

// The directed edge between the positions of a and b.
template <typename V>
std::uint64_t EdgeKey(const V& a, const V& b) {
  return (std::uint64_t{a.x} << 48) | (std::uint64_t{a.z} << 32) | (std::uint64_t{b.x} << 16) |
         std::uint64_t{b.z};
}

CellCorner At(const WallVertex& v) { return {v.x, v.z}; }

// b3d.poly.straight-walls: v (between p and n in the current list) is
// removable when both its edges are walls, p -> v -> n goes straight on
// and v's row lies within one row of the line from p to n.
bool Removable(const WallVertex& p, const WallVertex& v, const WallVertex& n) {
  if (!p.wall || !v.wall || !StraightOn(At(p), At(v), At(n))) return false;
  const std::int64_t dx = std::int64_t{n.x} - p.x, dz = std::int64_t{n.z} - p.z;
  const std::int64_t d = dx * dx + dz * dz;  // < 2^33
  const std::int64_t t = dx * (std::int64_t{v.x} - p.x) + dz * (std::int64_t{v.z} - p.z);
  // |rows| < 2^16, so each product is below 2^49.
  const std::int64_t e = (std::int64_t{v.y} - p.y) * d - (std::int64_t{n.y} - p.y) * t;
  return std::llabs(e) <= d;
}

}  // namespace

void WallVertices(std::span<const ContourVertex> v, std::vector<WallVertex>& out,
                  std::vector<std::uint64_t>& edges) {
  const std::size_t m = v.size();
  // The contour's directed edges, sorted, for a binary search (contours
  // are short; no hash set per contour).
  edges.clear();
  for (std::size_t k = 0; k < m; ++k) edges.push_back(EdgeKey(v[k], v[Wrap(k + 1, m)]));
  std::sort(edges.begin(), edges.end());
  out.clear();
  for (std::size_t k = 0; k < m; ++k) {
    // A wall: neighbour 0, and no edge of the contour runs the other way
    // (a hole bridge, or an edge walked in both directions).
    const bool wall = v[k].neighbour == 0 && !std::binary_search(edges.begin(), edges.end(),
                                                                 EdgeKey(v[Wrap(k + 1, m)], v[k]));
    out.push_back({v[k].x, v[k].y, v[k].z, wall});
  }
}

std::vector<WallVertex> WallVertices(std::span<const ContourVertex> v) {
  std::vector<WallVertex> out;
  std::vector<std::uint64_t> edges;
  WallVertices(v, out, edges);
  return out;
}

void RemoveStraightWalls(std::vector<WallVertex>& list) {
  // The first removable position is searched from k: a removal at k changes
  // only the neighbours of positions k - 1 and k (and, when k was the last
  // position, of position 0), so every earlier position stays unremovable
  // and the search resumes at k - 1, or at 0 after removing the last.
  std::size_t k = 0;
  while (list.size() > 3 && k < list.size()) {
    const std::size_t m = list.size();
    const std::size_t before = Wrap(k + m - 1, m);
    if (!Removable(list[before], list[k], list[Wrap(k + 1, m)])) {
      ++k;
      continue;
    }
    list.erase(list.begin() + static_cast<std::ptrdiff_t>(k));
    list[k == 0 ? m - 2 : k - 1].wall = true;  // the edge p -> n is a wall
    k = (k == 0 || k == m - 1) ? 0 : k - 1;
  }
}

VertexWelder::VertexWelder(const TileCoordinates& coordinates, std::size_t expectedPlaces)
    : coordinates_(coordinates) {
  // Twice the expected places, at least 16 slots: at most half full.
  std::size_t size = 16;
  shift_ = 28;
  while (size < 2 * expectedPlaces) {
    size *= 2;
    --shift_;
  }
  slots_.resize(size);
  vertices_.reserve(expectedPlaces);
  positions_.reserve(expectedPlaces);
  next_.reserve(expectedPlaces);
}

VertexWelder::Slot& VertexWelder::Find(std::uint32_t place) {
  // Fibonacci hashing: the top bits of place * 2^32 / phi pick the slot.
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t s = (place * 0x9E3779B9u) >> shift_;; s = (s + 1) & mask) {
    Slot& slot = slots_[s];
    if (slot.first == kNone || slot.place == place) return slot;
  }
}

void VertexWelder::Grow() {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(2 * old.size(), Slot{});
  --shift_;
  for (const Slot& slot : old)
    if (slot.first != kNone) Find(slot.place) = slot;
}

std::uint32_t VertexWelder::Weld(std::uint16_t x, std::uint16_t y, std::uint16_t z) {
  const auto v = static_cast<std::uint32_t>(vertices_.size());
  const std::uint32_t place = (std::uint32_t{x} << 16) | z;
  Slot* slot = &Find(place);
  if (slot->first != kNone) {
    for (std::uint32_t u = slot->first; u != kNone; u = next_[u])  // oldest first
      if (std::abs(int{vertices_[u].y} - int{y}) <= 1) return u;
    next_[slot->last] = v;
    slot->last = v;
  } else {
    if (2 * (places_ + 1) > slots_.size()) {
      Grow();
      slot = &Find(place);
    }
    *slot = {place, v, v};
    ++places_;
  }
  vertices_.push_back({x, y, z});
  next_.push_back(kNone);
  positions_.push_back(
      {static_cast<double>(coordinates_.Local(x)), static_cast<double>(coordinates_.Local(z))});
  return v;
}

}  // namespace onepath::build3d::internal
