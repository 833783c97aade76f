// The navigation mesh (docs/spec/navmesh-format.md, nav.mesh): tiles keyed
// by (tileX, tileZ, layer), listed in (tileZ, tileX, layer) order, and
// NavMesh::Build (docs/spec/build3d-tiles.md, b3d.build).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <tuple>
#include <vector>

#include "onepath/build3d/detail_mesh.hpp"
#include "onepath/build3d/input.hpp"
#include "onepath/build3d/polygonizer.hpp"
#include "onepath/build3d/settings.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "onepath/navmesh/tile.hpp"

namespace onepath::navmesh {

// b3d.build: a tile finished (built, skipped or failed), for progress
// reports; called under a lock, in completion order (which depends on
// the threads; the mesh does not).
struct BuildProgress {
  std::int64_t done = 0;   // tiles finished so far
  std::int64_t total = 0;  // tiles to build (the range, or its part in `only`)
  std::int64_t tileX = 0;
  std::int64_t tileZ = 0;
  std::size_t layers = 0;  // tiles (layers) this tile position gave
};

// b3d.build: how the build runs; no byte of the result depends on it.
struct BuildOptions {
  std::int64_t Threads = 1;  // 1 .. kMaxBuildThreads
  // b3d.build: when set, only the tiles of the input's range that lie in
  // this range are built (the checks are the same); each gives the bytes
  // it gives in a whole build.
  std::optional<build3d::TileRange> only;
  std::function<void(const BuildProgress&)> progress;
  // b3d.tile-flow: when set, called after a build that succeeds, once per
  // tile position that reached step 6 (it has polygons), in build order,
  // with the tile's polygon mesh (step 5, b3d.poly.values) and its detail
  // mesh (step 6, b3d.detail.values): the runner's stages `polygons` and
  // `detail` of NavMesh.Build. The values are kept until the build ends.
  std::function<void(std::int64_t tileX, std::int64_t tileZ, const build3d::PolyMesh& polygons,
                     const build3d::DetailMesh& detail)>
      tileStages;
};

class NavMesh {
 public:
  // b3d.build: checks the options, the settings, the input, the volumes and
  // the input's tile range, then builds every tile in build order
  // (b3d.tile-flow) and adds the tiles it gives; throws the first error of
  // the first tile that fails (b3d.tile-order).
  static NavMesh Build(const build3d::TriangleSoup& soup,
                       std::span<const build3d::ConvexVolume> volumes,
                       const build3d::NavSettings& settings, const BuildOptions& options = {});
  static NavMesh Build(const build3d::HeightfieldInput& input,
                       std::span<const build3d::ConvexVolume> volumes,
                       const build3d::NavSettings& settings, const BuildOptions& options = {});
  static NavMesh Build(const build3d::VoxelChunk& chunk,
                       std::span<const build3d::ConvexVolume> volumes,
                       const build3d::NavSettings& settings, const BuildOptions& options = {});

  // nav.mesh: adds a tile; a key already present throws ArgumentException
  // (argument "tile", tileX, tileZ, layer).
  void AddTile(NavTile tile);
  // The tile with this key, or nullptr.
  const NavTile* Find(std::int32_t tileX, std::int32_t tileZ, std::uint16_t layer) const;
  // nav.mesh: every tile in ascending (tileZ, tileX, layer) order.
  std::vector<const NavTile*> Tiles() const;
  std::size_t size() const { return tiles_.size(); }

  // nav.mesh-bytes: reads a mesh's bytes; each tile as nav.deserialize
  // reads it, added by AddTile (a key met twice throws its error).
  static NavMesh Deserialize(std::span<const std::uint8_t> bytes);

 private:
  // Keyed (tileZ, tileX, layer): the map's order is the clause's.
  std::map<std::tuple<std::int32_t, std::int32_t, std::uint16_t>, NavTile> tiles_;
};

// nav.mesh-bytes: magic OPNM, u16 version 1, u32 tile count, then per tile
// in the mesh's order u32 length + the tile's bytes (nav.serialize).
inline constexpr std::uint8_t kMeshMagic[4] = {0x4f, 0x50, 0x4e, 0x4d};
inline constexpr std::uint16_t kMeshFormatVersion = 1;
std::vector<std::uint8_t> Serialize(const NavMesh& mesh);
// The canonical bytes of a mesh (canon.hash hashes them) = Serialize.
std::vector<std::uint8_t> CanonicalBytes(const NavMesh& mesh);

}  // namespace onepath::navmesh
