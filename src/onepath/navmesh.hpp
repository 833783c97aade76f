// The navigation mesh's public API (docs/spec/navmesh-format.md, nav.*):
// NavTile with its checks and bytes, NavMesh and NavMesh::Build, the tile
// assembler, a built tile's layers as NavTiles, portal stitching and
// NavQuery. Internals are under onepath/navmesh/internal/.
#pragma once

#include "onepath/core/limits.hpp"        // the limits with their clauses
#include "onepath/navmesh/assembler.hpp"  // NavTileAssembler, AssemblerPolygon, WorldVertex
#include "onepath/navmesh/navmesh.hpp"    // NavMesh, NavMesh::Build
#include "onepath/navmesh/query.hpp"      // NavQuery: nearest polygon, A*, straight path
#include "onepath/navmesh/stitch.hpp"     // Stitch, PortalLink
#include "onepath/navmesh/tile.hpp"       // NavTile, Serialize, Deserialize
#include "onepath/navmesh/tile_data.hpp"  // WriteTileLayers
