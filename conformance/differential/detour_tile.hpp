// A NavTile as the Detour oracle's tile (oracles/detour/nav_to_detour.hpp):
// the stitching differentials (stitch_detour_compare.hpp) and the quality
// comparison (tools/bench/quality3d.cpp) hand our tiles to Detour with it.
#pragma once

#include "onepath/navmesh.hpp"
#include "oracles/detour/nav_to_detour.hpp"

namespace onepath::conformance {

// A NavTile's values as the oracle's tile, with its detail mesh when
// `detail` (Detour's heights), else a fan of each polygon's corners.
detour_oracle::Tile ToDetour(const navmesh::NavTile& t, bool detail = false);

}  // namespace onepath::conformance
