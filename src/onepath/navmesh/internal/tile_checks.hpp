// The shared pieces of NavTile's checks (docs/spec/navmesh-format.md,
// nav.create, nav.orient, nav.convex).
#pragma once

#include <cstdint>
#include <vector>

#include "onepath/navmesh/tile.hpp"

namespace onepath::navmesh::internal {

// nav.orient: the exact sign of the turn a, b, c on (z, x), positive
// counter-clockwise seen from above.
int TileOrient(const TileVertex& a, const TileVertex& b, const TileVertex& c);

// nav.convex: checks polygon `polygon` (its corner positions in order) and
// throws ArgumentException with argument "convex" on the first failure.
void CheckConvex(const std::vector<TileVertex>& corners, std::int64_t polygon, std::int32_t tileX,
                 std::int32_t tileZ);

}  // namespace onepath::navmesh::internal
