// The mesh file of `onepath build`, `path` and `render`: exactly the mesh's
// bytes of the spec (nav.mesh-bytes, docs/spec/navmesh-format.md), so the
// library and every port read it with NavMesh.Deserialize:
//
//   4 bytes   magic "OPNM"
//   u16       version, 1
//   u32       tile count
//   per tile, in the mesh's order (nav.mesh: tileZ, tileX, layer):
//     u32     byte length L
//     L bytes the tile's Serialize bytes (nav.serialize)
//
// all little-endian, nothing after the last tile. The file keeps no
// settings: the climb `path` and `render` stitch with (nav.stitch) comes
// from their --settings or --climb (mesh_commands.cpp).
#pragma once

#include <stdexcept>
#include <string>

#include "onepath/navmesh.hpp"

namespace onepath::tools {

// A file that cannot be read or is not a mesh's bytes: the path and, for
// bytes NavMesh::Deserialize refuses, its exception (nav.mesh-bytes).
class MeshFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Writes Serialize(mesh) (nav.mesh-bytes); std::runtime_error when the file
// cannot be written.
void WriteMeshFile(const std::string& path, const navmesh::NavMesh& mesh);
// NavMesh::Deserialize of the file's bytes; MeshFileError otherwise.
navmesh::NavMesh ReadMeshFile(const std::string& path);

}  // namespace onepath::tools
