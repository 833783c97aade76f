// The mesh file of `onepath build`, `path` and `render` (mesh_file.hpp):
// the mesh's bytes, nav.mesh-bytes.
#include "tools/onepath/mesh_file.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <vector>

#include "onepath/core/errors.hpp"

namespace onepath::tools {

void WriteMeshFile(const std::string& path, const navmesh::NavMesh& mesh) {
  const std::vector<std::uint8_t> bytes = navmesh::Serialize(mesh);
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path);
}

navmesh::NavMesh ReadMeshFile(const std::string& path) {
  std::vector<std::uint8_t> bytes;
  try {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw MeshFileError("cannot read " + path);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad()) throw MeshFileError("cannot read " + path);
  } catch (const MeshFileError&) {
    throw;
  } catch (const std::exception& e) {  // e.g. a directory
    throw MeshFileError(fmt::format("cannot read {}: {}", path, e.what()));
  }
  try {
    return navmesh::NavMesh::Deserialize(bytes);
  } catch (const OnePathException& e) {
    // nav.mesh-bytes: the magic, the version, the lengths, then each tile
    // (nav.deserialize, nav.create) and a repeated key (nav.mesh).
    throw MeshFileError(fmt::format(
        "{}: not a mesh's bytes (nav.mesh-bytes: \"OPNM\", u16 version 1, the tiles; {} bytes "
        "read): {}",
        path, bytes.size(), DescribeError(e)));
  }
}

}  // namespace onepath::tools
