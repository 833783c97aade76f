// The navigation mesh's public API (docs/spec/navmesh-format.md, nav.*):
// NavTile with its checks and bytes, NavMesh, NavQuery. Internals are under
// onepath/navmesh/internal/.
#pragma once

#include "onepath/core/limits.hpp"      // the limits with their clauses
#include "onepath/navmesh/navmesh.hpp"  // NavMesh
#include "onepath/navmesh/stitch.hpp"   // Stitch, PortalLink
#include "onepath/navmesh/query.hpp"    // NavQuery: nearest polygon, A*, straight path
#include "onepath/navmesh/tile.hpp"     // NavTile, Serialize, Deserialize
