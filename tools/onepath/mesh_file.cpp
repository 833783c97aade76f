// The mesh file of `onepath build`, `path` and `render` (mesh_file.hpp).
#include "tools/onepath/mesh_file.hpp"

#include <fmt/format.h>

#include <bit>
#include <cstring>
#include <fstream>
#include <iterator>

#include "onepath/core/errors.hpp"

namespace onepath::tools {

namespace {

void PutU32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

class Reader {
 public:
  explicit Reader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
  std::uint32_t U32(const char* what) {
    Need(4, what);
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(bytes_[at_ + i]) << (8 * i);
    at_ += 4;
    return v;
  }
  std::span<const std::uint8_t> Bytes(std::size_t n, const char* what) {
    Need(n, what);
    auto s = bytes_.subspan(at_, n);
    at_ += n;
    return s;
  }
  std::size_t at() const { return at_; }
  std::size_t left() const { return bytes_.size() - at_; }

 private:
  void Need(std::size_t n, const char* what) {
    if (left() < n)
      throw MeshFileError(
          fmt::format("the file ends at byte {} inside {} ({} bytes needed, {} left)",
                      bytes_.size(), what, n, left()));
  }
  std::span<const std::uint8_t> bytes_;
  std::size_t at_ = 0;
};

}  // namespace

std::vector<std::uint8_t> MeshFileBytes(const navmesh::NavMesh& mesh, float climb) {
  std::vector<std::uint8_t> out(std::begin(kMeshFileMagic), std::end(kMeshFileMagic));
  PutU32(out, kMeshFileVersion);
  PutU32(out, std::bit_cast<std::uint32_t>(climb));
  PutU32(out, static_cast<std::uint32_t>(mesh.size()));
  for (const navmesh::NavTile* tile : mesh.Tiles()) {
    std::vector<std::uint8_t> bytes = navmesh::Serialize(*tile);
    PutU32(out, static_cast<std::uint32_t>(bytes.size()));
    out.insert(out.end(), bytes.begin(), bytes.end());
  }
  return out;
}

MeshFile ReadMeshFileBytes(std::span<const std::uint8_t> bytes) {
  Reader r(bytes);
  auto magic = r.Bytes(4, "the magic");
  if (!std::equal(magic.begin(), magic.end(), std::begin(kMeshFileMagic)))
    throw MeshFileError("not a onepath mesh file (it does not begin with \"OPNF\")");
  if (std::uint32_t version = r.U32("the version"); version != kMeshFileVersion)
    throw MeshFileError(fmt::format("mesh file version {}; this onepath reads version {}", version,
                                    kMeshFileVersion));
  MeshFile file;
  file.climb = std::bit_cast<float>(r.U32("the climb"));
  std::uint32_t count = r.U32("the tile count");
  for (std::uint32_t i = 0; i < count; ++i) {
    std::uint32_t n = r.U32("a tile's length");
    std::size_t at = r.at();
    auto tile = r.Bytes(n, "a tile");
    try {
      file.mesh.AddTile(navmesh::Deserialize(tile));
    } catch (const OnePathException& e) {
      throw MeshFileError(
          fmt::format("tile {} of {} (bytes {}..{}): {}", i, count, at, at + n, DescribeError(e)));
    }
  }
  if (r.left() != 0)
    throw MeshFileError(
        fmt::format("{} bytes follow the last tile (at byte {})", r.left(), r.at()));
  return file;
}

void WriteMeshFile(const std::string& path, const navmesh::NavMesh& mesh, float climb) {
  std::vector<std::uint8_t> bytes = MeshFileBytes(mesh, climb);
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path);
}

MeshFile ReadMeshFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw MeshFileError("cannot read " + path);
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                  std::istreambuf_iterator<char>());
  try {
    return ReadMeshFileBytes(bytes);
  } catch (const MeshFileError& e) {
    throw MeshFileError(path + ": " + e.what());
  }
}

}  // namespace onepath::tools
