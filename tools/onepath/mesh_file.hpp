// The mesh file of `onepath build`, `path` and `render`: a tool format, not
// a spec clause (the library has a tile's bytes, nav.serialize, but no
// mesh-level serialization yet). All numbers little-endian:
//
//   4 bytes   magic "OPNF"
//   u32       version, 1
//   f32       climb: the agent's climb the mesh was built with (world units,
//             binary32 bits), the climb `path` and `render` stitch with
//             (nav.stitch)
//   u32       tile count
//   per tile, in the mesh's order (nav.mesh: tileZ, tileX, layer):
//     u32     byte length n
//     n bytes the tile's Serialize bytes (nav.serialize)
//
// Nothing follows the last tile. Reading checks the magic, the version,
// every length, and each tile through Deserialize (nav.deserialize) and
// NavMesh::AddTile (a repeated key).
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "onepath/navmesh.hpp"

namespace onepath::tools {

inline constexpr std::uint8_t kMeshFileMagic[4] = {'O', 'P', 'N', 'F'};
inline constexpr std::uint32_t kMeshFileVersion = 1;

struct MeshFile {
  navmesh::NavMesh mesh;
  float climb = 0.0f;
};

// A file that is not a mesh file: what is wrong and at which byte.
class MeshFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

std::vector<std::uint8_t> MeshFileBytes(const navmesh::NavMesh& mesh, float climb);
// Throws MeshFileError (a tile's own error from Deserialize or AddTile is
// named with the tile's number in the file).
MeshFile ReadMeshFileBytes(std::span<const std::uint8_t> bytes);

void WriteMeshFile(const std::string& path, const navmesh::NavMesh& mesh, float climb);
// MeshFileError also when the file cannot be read.
MeshFile ReadMeshFile(const std::string& path);

}  // namespace onepath::tools
