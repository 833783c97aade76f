// Orientation of tile-local positions and the convexity test of a tile's
// polygons (docs/spec/navmesh-format.md, nav.orient, nav.convex).
#include <cstddef>

#include "onepath/core/errors.hpp"
#include "onepath/core/vector2d.hpp"
#include "onepath/exact/predicates.hpp"
#include "onepath/navmesh/internal/tile_checks.hpp"

namespace onepath::navmesh::internal {

int TileOrient(const TileVertex& a, const TileVertex& b, const TileVertex& c) {
  // nav.orient: (z, x), each binary32 widened exactly (pred.float32).
  return exact::Orient2D({double{a.z}, double{a.x}}, {double{b.z}, double{b.x}},
                         {double{c.z}, double{c.x}});
}

void CheckConvex(std::span<const TileVertex> p, std::int64_t polygon, std::int32_t tileX,
                 std::int32_t tileZ) {
  const std::size_t n = p.size();
  const auto fail = [&](const char* message, ErrorFields f) {
    f.argument = "convex";
    f.polygon = polygon;
    f.tileX = tileX;
    f.tileZ = tileZ;
    throw ArgumentException(message, f);
  };
  // nav.convex 1: distinct positions, pairs (i, k) in order of k, then i.
  for (std::size_t k = 1; k < n; ++k) {
    for (std::size_t i = 0; i < k; ++i) {
      if (p[i].x == p[k].x && p[i].z == p[k].z) {
        fail("two corners of a polygon at one position", {.vertex = static_cast<std::int64_t>(k)});
      }
    }
  }
  // nav.convex 2: every other corner on the closed left side of each edge.
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t next = (k + 1) % n;
    for (std::size_t j = 0; j < n; ++j) {
      if (j == k || j == next) continue;
      if (TileOrient(p[k], p[next], p[j]) < 0) {
        fail("a polygon corner lies right of an edge",
             {.vertex = static_cast<std::int64_t>(j), .edge = static_cast<std::int64_t>(k)});
      }
    }
  }
  // nav.convex 3: some corner turns strictly left.
  for (std::size_t k = 0; k < n; ++k) {
    if (TileOrient(p[(k + n - 1) % n], p[k], p[(k + 1) % n]) > 0) return;
  }
  fail("a polygon's corners lie on one line", {});
}

}  // namespace onepath::navmesh::internal
