// The navigation mesh (docs/spec/navmesh-format.md, nav.mesh): tiles keyed
// by (tileX, tileZ, layer), listed in (tileZ, tileX, layer) order.
// Stitching, queries and NavMesh.Build are later clauses (not yet here).
#pragma once

#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

#include "onepath/navmesh/tile.hpp"

namespace onepath::navmesh {

class NavMesh {
 public:
  // nav.mesh: adds a tile; a key already present throws ArgumentException
  // (argument "tile", tileX, tileZ, count = the layer).
  void AddTile(NavTile tile);
  // The tile with this key, or nullptr.
  const NavTile* Find(std::int32_t tileX, std::int32_t tileZ, std::uint16_t layer) const;
  // nav.mesh: every tile in ascending (tileZ, tileX, layer) order.
  std::vector<const NavTile*> Tiles() const;
  std::size_t size() const { return tiles_.size(); }

 private:
  // Keyed (tileZ, tileX, layer): the map's order is the clause's.
  std::map<std::tuple<std::int32_t, std::int32_t, std::uint16_t>, NavTile> tiles_;
};

}  // namespace onepath::navmesh
