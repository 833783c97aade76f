// `onepath build`, `onepath path` and `onepath render`: the 3D half for a
// user (issue 29). A level (OBJ) becomes a mesh file, the mesh's bytes of
// the spec (nav.mesh-bytes, mesh_file.hpp), a path is asked of it, and it
// is drawn from above as SVG. The file keeps no settings: path and render
// stitch with the climb of --settings or --climb (nav.stitch).
//
//   onepath build LEVEL.obj [--settings FILE.json] [--threads N] -o MESH
//   onepath path MESH --from x,y,z --to x,y,z [--extents x,y,z]
//                [--settings FILE.json | --climb X]
//   onepath render MESH -o FILE.svg [--color layer|area|island]
//                  [--path x,y,z:x,y,z] [--extents x,y,z]
//                  [--settings FILE.json | --climb X]
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace onepath::tools {

struct MeshCommandOptions {
  // build
  std::string level;
  std::string settings;  // also path and render: the climb (AgentMaxClimb)
  long threads = 0;      // 0: not given (the hardware's threads)
  std::string out;
  bool quiet = false;
  // path, render
  std::string mesh;
  std::string climb;  // empty: not given
  std::string from;
  std::string to;
  std::string extents = "2,4,2";
  long maxNodes = 1 << 20;
  // render
  std::string color = "layer";
  std::string path;

  CLI::App* build = nullptr;
  CLI::App* pathCommand = nullptr;
  CLI::App* render = nullptr;
};

// Adds `build`, `path` and `render` to `app`.
void AddMeshCommands(CLI::App& app, MeshCommandOptions& options);

// Runs the one that was parsed, if any: true and its exit status in
// `status`; false when none of them was.
bool RunMeshCommand(const MeshCommandOptions& options, int& status);

}  // namespace onepath::tools
