// The shared pieces of NavTile's checks (docs/spec/navmesh-format.md,
// nav.create, nav.orient, nav.convex).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/navmesh/tile.hpp"

namespace onepath::navmesh::internal {

// nav.orient: the exact sign of the turn a, b, c on (z, x), positive
// counter-clockwise seen from above.
int TileOrient(const TileVertex& a, const TileVertex& b, const TileVertex& c);

// nav.convex: checks polygon `polygon` (its corner positions in order) and
// throws ArgumentException with argument "convex" on the first failure.
void CheckConvex(std::span<const TileVertex> corners, std::int64_t polygon, std::int32_t tileX,
                 std::int32_t tileZ);

// nav.create for a tile whose polygon `before.size()` has `corners` corners,
// more than a NavPolygon holds (kMaxVertsPerPoly): the checks before that
// polygon's corner count (nav.create 1, 2, and 3 on the polygons `before`),
// then that count's error (nav.create 3.1), exactly what NavTile::Create
// throws for such a tile. Deserialize and the assembler call it instead of
// writing the corners.
[[noreturn]] void ThrowCornerCount(std::int32_t tileX, std::int32_t tileZ, std::uint16_t layer,
                                   const TileOrigin& origin, float tileSize,
                                   const std::vector<TileVertex>& vertices,
                                   std::span<const NavPolygon> before, std::int64_t corners);

}  // namespace onepath::navmesh::internal
