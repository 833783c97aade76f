// check_build_bytes LEVEL.obj MESH [SETTINGS.json]: the file `onepath build
// LEVEL.obj [--settings SETTINGS.json] -o MESH` wrote is, byte for byte,
// the library's Serialize(NavMesh::Build(level, settings)) (nav.mesh-bytes,
// b3d.build), and NavMesh::Deserialize reads it back to the same bytes.
// The settings are read here by the runner's JSON reader (every field
// named, conformance/runner/ops/build3d.cpp), not by the command line's;
// without a file they are NavSettings' defaults. Exit status 0 when equal,
// 1 when not (the first differing byte is printed), 2 on a usage error.
// Used by check_mesh_commands.py.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "onepath/build3d/settings.hpp"
#include "onepath/navmesh.hpp"
#include "tools/obj/obj_reader.hpp"

namespace onepath::conformance::ops {
build3d::NavSettings Build3DSettingsFromJson(const nlohmann::json& s);
}

namespace {

std::vector<std::uint8_t> ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// 0 when equal, else 1 after naming the first difference.
int Compare(const char* what, const std::vector<std::uint8_t>& file,
            const std::vector<std::uint8_t>& want) {
  std::size_t i = 0;
  while (i < file.size() && i < want.size() && file[i] == want[i]) ++i;
  if (i == file.size() && i == want.size()) return 0;
  std::fprintf(stderr, "%s: the file (%zu bytes) and the library (%zu bytes) differ at byte %zu\n",
               what, file.size(), want.size(), i);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace onepath;
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: check_build_bytes LEVEL.obj MESH [SETTINGS.json]\n");
    return 2;
  }
  build3d::NavSettings settings;
  if (argc == 4) {
    std::ifstream in(argv[3]);
    settings = conformance::ops::Build3DSettingsFromJson(nlohmann::json::parse(in));
  }
  gen::LevelSoup level = tools::ReadObjFile(argv[1]);
  const build3d::TriangleSoup soup{std::move(level.vertices), std::move(level.indices)};
  const navmesh::NavMesh mesh = navmesh::NavMesh::Build(soup, {}, settings);
  const std::vector<std::uint8_t> want = navmesh::Serialize(mesh);
  const std::vector<std::uint8_t> file = ReadBytes(argv[2]);
  if (int status = Compare("Serialize(NavMesh::Build)", file, want)) return status;
  const navmesh::NavMesh read = navmesh::NavMesh::Deserialize(file);
  if (int status = Compare("Serialize(NavMesh::Deserialize(file))", file, navmesh::Serialize(read)))
    return status;
  std::printf("%s: %zu bytes, %zu tiles, = Serialize(NavMesh::Build)\n", argv[2], file.size(),
              mesh.size());
  return 0;
}
