// The comparison of our portal links with Detour's (nav.stitch.detour),
// shared by the stitching differentials on random meshes
// (stitch_detour_differential.cpp) and on built meshes
// (navmesh_detour_differential.cpp); the model of Detour's known
// differences is described in stitch_detour_differential.cpp's header.
#pragma once

#include <cstdint>
#include <vector>

#include "conformance/differential/detour_tile.hpp"
#include "onepath/navmesh.hpp"
#include "oracles/detour/nav_to_detour.hpp"

namespace onepath::conformance {

struct StitchCounts {
  long meshes = 0, ourLinks = 0, detourLinks = 0, compared = 0, mismatches = 0;
  long shortOverlap = 0, shortBefore = 0, onePerPolygon = 0, fourPerEdge = 0, rounding = 0;
};

// Detour's expected links, modelled from ours, compared with Detour's own;
// each mismatch is counted (and reported with the seed unless quiet).
void CompareStitch(const navmesh::NavMesh& mesh, const std::vector<navmesh::PortalLink>& ours,
                   const std::vector<detour_oracle::Link>& theirs, std::uint64_t seed,
                   StitchCounts& c, bool quiet = false);

}  // namespace onepath::conformance
