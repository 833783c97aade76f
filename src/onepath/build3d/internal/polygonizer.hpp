// The polygon stage without checks (docs/spec/build3d-polygons.md,
// b3d.poly.*), one function per clause group; Polygonizer::Build checks
// the settings and calls Polygonize. The exact tests every step shares
// (b3d.poly.cross, b3d.poly.orient) are inline here.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "onepath/build3d/contours.hpp"
#include "onepath/build3d/polygonizer.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/core/vector2d.hpp"
#include "onepath/exact/predicates.hpp"

namespace onepath::build3d::internal {

// A cell corner (x, z) of the tile's grid; corners are 16-bit, so every
// product below fits 64 bits (b3d.poly.cross, "Notation").
struct CellCorner {
  std::int64_t x = 0;
  std::int64_t z = 0;
  friend bool operator==(const CellCorner&, const CellCorner&) = default;
};

// i mod n for 0 <= i < 2n, without a division (ring and polygon indices
// step by at most one turn).
inline std::size_t Wrap(std::size_t i, std::size_t n) { return i >= n ? i - n : i; }

// b3d.poly.cross: cross(a, b, c) = (xc - xa)(zb - za) - (xb - xa)(zc - za),
// positive at an outline's convex corners ("turns left").
inline std::int64_t Cross(CellCorner a, CellCorner b, CellCorner c) {
  return (c.x - a.x) * (b.z - a.z) - (b.x - a.x) * (c.z - a.z);
}

// b3d.poly.cross: dot(a, b, c) = (xb - xa)(xc - xb) + (zb - za)(zc - zb).
inline std::int64_t Dot(CellCorner a, CellCorner b, CellCorner c) {
  return (b.x - a.x) * (c.x - b.x) + (b.z - a.z) * (c.z - b.z);
}

// b3d.poly.cross: a -> b -> c goes straight on (collinear, same direction).
inline bool StraightOn(CellCorner a, CellCorner b, CellCorner c) {
  return Cross(a, b, c) == 0 && Dot(a, b, c) > 0;
}

// b3d.poly.cross: c lies on the segment ab (collinear, within both ranges).
inline bool LiesOn(CellCorner a, CellCorner b, CellCorner c) {
  return Cross(a, b, c) == 0 && std::min(a.x, b.x) <= c.x && c.x <= std::max(a.x, b.x) &&
         std::min(a.z, b.z) <= c.z && c.z <= std::max(a.z, b.z);
}

// b3d.poly.cross: ab and cd touch (a proper crossing, or an endpoint of
// either segment on the other).
inline bool Touch(CellCorner a, CellCorner b, CellCorner c, CellCorner d) {
  const std::int64_t c1 = Cross(a, b, c), c2 = Cross(a, b, d);
  const std::int64_t c3 = Cross(c, d, a), c4 = Cross(c, d, b);
  if (c1 != 0 && c2 != 0 && c3 != 0 && c4 != 0 && (c1 > 0) != (c2 > 0) && (c3 > 0) != (c4 > 0))
    return true;
  return LiesOn(a, b, c) || LiesOn(a, b, d) || LiesOn(c, d, a) || LiesOn(c, d, b);
}

// b3d.poly.orient: orient32(a, b, c) = Orient2D(P(c), P(b), P(a)), the
// exact sign on the widened float32 positions P = (Local(x), Local(z)),
// positive when a -> b -> c turns left (as cross).
inline int Orient32(Vector2D a, Vector2D b, Vector2D c) { return exact::Orient2D(c, b, a); }

// A contour vertex or ring node with the wall flag of the edge that leaves
// it (b3d.poly.walls).
struct WallVertex {
  std::uint16_t x = 0;
  std::uint16_t y = 0;
  std::uint16_t z = 0;
  bool wall = false;
  friend bool operator==(const WallVertex&, const WallVertex&) = default;
};

// b3d.poly.walls: the contour's vertices, each with the flag of its
// leaving edge (neighbour 0 and no edge of the contour the other way),
// into `out`; `edges` is scratch (the contour's directed edges, sorted).
void WallVertices(std::span<const ContourVertex> vertices, std::vector<WallVertex>& out,
                  std::vector<std::uint64_t>& edges);
std::vector<WallVertex> WallVertices(std::span<const ContourVertex> vertices);

// b3d.poly.straight-walls: removes straight wall vertices in place, the
// lowest-numbered removable one first, while more than three remain.
void RemoveStraightWalls(std::vector<WallVertex>& ring);

// b3d.poly.weld: the tile's vertex list, in creation order, with the
// float32 position P of each vertex (b3d.poly.orient).
class VertexWelder {
 public:
  // `expectedPlaces`: a hint, the number of (x, z) places the tile may
  // weld at (at most its contours' vertex count); the table grows past it.
  explicit VertexWelder(const TileCoordinates& coordinates, std::size_t expectedPlaces = 0);

  // The first vertex at (x, z) whose row is within one of y, else a new one.
  std::uint32_t Weld(std::uint16_t x, std::uint16_t y, std::uint16_t z);

  const std::vector<PolyVertex>& vertices() const { return vertices_; }
  std::vector<PolyVertex> TakeVertices() { return std::move(vertices_); }
  CellCorner Corner(std::uint32_t v) const { return {vertices_[v].x, vertices_[v].z}; }
  Vector2D Position(std::uint32_t v) const { return positions_[v]; }

 private:
  // The vertices at one (x, z), oldest first, as a chain: a slot of the
  // table holds the first and last vertex at a position, next_[v] the one
  // after v (or kNone), so a position costs no list of its own.
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  struct Slot {
    std::uint32_t place = 0;                    // (x << 16) | z
    std::uint32_t first = kNone, last = kNone;  // first == kNone: an empty slot
  };
  Slot& Find(std::uint32_t place);  // the place's slot, or the empty slot it would take
  void Grow();

  const TileCoordinates& coordinates_;
  std::vector<PolyVertex> vertices_;
  std::vector<Vector2D> positions_;
  std::vector<std::uint32_t> next_;
  // (x, z) -> its chain: open addressing with linear probing in a power of
  // two slots, at most half of them used (short probes, no division).
  std::vector<Slot> slots_;
  std::uint32_t shift_ = 0;  // 32 - log2(slots_.size())
  std::uint32_t places_ = 0;
};

// A polygon of one contour while it is made and merged: its corners in
// place (b3d.poly.merge never lets a polygon exceed MaxVertsPerPoly <=
// kMaxVertsPerPoly corners), so the contour's polygons are one flat array.
struct SmallPolygon {
  std::uint32_t size = 0;
  PolyCorner corners[kMaxVertsPerPoly];
  std::span<const PolyCorner> Corners() const { return {corners, size}; }
};

// A ring node while clipping (b3d.poly.ring), with what a full rescan of
// b3d.poly.ears reads kept up to date (polygonizer_ears.cpp).
struct EarNode {
  CellCorner at;
  std::uint32_t vertex = 0;
  std::uint32_t prev = 0;
  std::uint32_t next = 0;
  bool wall = false;           // the leaving edge (to next) is a wall
  bool cones = false;          // next in the cone at prev and prev in the cone at next
  std::int64_t cross = 0;      // cross(prev, this, next)
  std::int64_t length = 0;     // the squared length of prev -> next
  bool counted = false;        // `blocking` is held
  std::uint32_t blocking = 0;  // ring edges that block prev -> next, when counted
  // The bounding box of the segment prev -> next.
  std::int64_t minX = 0, maxX = 0, minZ = 0, maxZ = 0;
};

// A valid merge candidate (b3d.poly.merge): polygon A's edge k, polygon
// B's edge l, the versions of A and B it was found on, and its merged
// polygon's place among the contour's merged rings.
struct MergeCandidate {
  std::int64_t length = 0;
  std::uint32_t a = 0, k = 0, b = 0, l = 0;
  std::uint32_t versionA = 0, versionB = 0;
  std::uint32_t ring = 0;
};

// A slot of the merge's edge table: polygon `polygon` has (or had) the
// directed edge `edge` (from vertex edge >> 32 to vertex edge & 0xFFFFFFFF);
// the slot is empty unless `stamp` is the current contour's.
struct MergeEdgeSlot {
  std::uint64_t edge = 0;
  std::uint32_t polygon = 0;
  std::uint32_t stamp = 0;
};

// The per-contour working storage of ear clipping and merging, owned by one
// Polygonize call and reused by its contours (cleared, never freed), so a
// contour allocates nothing once a larger one has been seen.
struct PolygonizerScratch {
  std::vector<EarNode> nodes;
  std::vector<std::uint32_t> version;
  std::vector<std::uint8_t> alive;
  std::vector<MergeEdgeSlot> edges;   // an open-addressed table (polygonizer_merge.cpp)
  std::uint32_t stamp = 0;            // the current contour's slots
  std::vector<MergeCandidate> queue;  // a heap
  std::vector<SmallPolygon> rings;    // the queued candidates' merged polygons
};

// b3d.poly.ring ... b3d.poly.degenerate-ears: clips the ring nodes (at least
// three; node k welded to vertexOf[k]) and appends the emitted triangles
// to `triangles` in emission order; adds the clips made without a valid
// ear to `degenerateEars`.
void ClipEars(std::span<const WallVertex> nodes, std::span<const std::uint32_t> vertexOf,
              const VertexWelder& welded, std::vector<SmallPolygon>& triangles,
              std::uint32_t& degenerateEars, PolygonizerScratch& scratch);

// b3d.poly.merge ... b3d.poly.merge-valid: merges one contour's polygons
// (in their order) in place; maxVertsPerPoly <= kMaxVertsPerPoly.
void MergePolygons(std::vector<SmallPolygon>& polygons, const VertexWelder& welded,
                   std::int64_t maxVertsPerPoly, PolygonizerScratch& scratch);

// b3d.poly.api on checked settings: every contour in order; the stage
// `ears` goes to `ears` unless it is null.
PolyMesh Polygonize(const ContourSet& contours, const TileCoordinates& coordinates,
                    std::int64_t maxVertsPerPoly, PolyMesh* ears);

}  // namespace onepath::build3d::internal
