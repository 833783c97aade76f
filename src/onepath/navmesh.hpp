// The navigation mesh's public API (docs/spec/navmesh-format.md, nav.*):
// NavTile with its checks and bytes, NavMesh, the tile assembler and a
// built tile's layers as NavTiles. Internals are under
// onepath/navmesh/internal/.
#pragma once

#include "onepath/core/limits.hpp"        // the limits with their clauses
#include "onepath/navmesh/assembler.hpp"  // NavTileAssembler, AssemblerPolygon, WorldVertex
#include "onepath/navmesh/navmesh.hpp"    // NavMesh
#include "onepath/navmesh/tile.hpp"       // NavTile, Serialize, Deserialize
#include "onepath/navmesh/tile_data.hpp"  // WriteTileLayers
