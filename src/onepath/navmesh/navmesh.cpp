// NavMesh's tiles (docs/spec/navmesh-format.md, nav.mesh).
#include "onepath/navmesh/navmesh.hpp"

#include <utility>

#include "onepath/core/errors.hpp"

namespace onepath::navmesh {

void NavMesh::AddTile(NavTile tile) {
  const auto key = std::make_tuple(tile.tileZ(), tile.tileX(), tile.layer());
  if (tiles_.count(key) != 0) {
    throw ArgumentException(
        "the mesh has a tile with this key already",
        {.argument = "tile", .tileX = tile.tileX(), .tileZ = tile.tileZ(), .layer = tile.layer()});
  }
  tiles_.emplace(key, std::move(tile));
}

const NavTile* NavMesh::Find(std::int32_t tileX, std::int32_t tileZ, std::uint16_t layer) const {
  const auto it = tiles_.find(std::make_tuple(tileZ, tileX, layer));
  return it == tiles_.end() ? nullptr : &it->second;
}

std::vector<const NavTile*> NavMesh::Tiles() const {
  std::vector<const NavTile*> out;
  out.reserve(tiles_.size());
  for (const auto& [key, tile] : tiles_) out.push_back(&tile);
  return out;
}

}  // namespace onepath::navmesh
