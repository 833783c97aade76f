// Where the time of a tiled 3D build goes: the stages of the tile flow
// (docs/spec/build3d-tiles.md, b3d.tile-flow) as navmesh_stages_bench
// groups them for both sides, and a clock that adds the time between two
// marks to a stage. A build calls Lap(stage) when a stage ends; the time
// since the previous mark (or Start) goes to that stage, summed over
// tiles. CPU time is the process's (CLOCK_PROCESS_CPUTIME_ID: on one
// thread, the build's own work, steady on a shared machine), elapsed time
// is CLOCK_MONOTONIC. Each mark costs two clock reads (well under a
// microsecond), the same on both sides.
#pragma once

#include <time.h>

#include <array>
#include <cstddef>

namespace onepath::bench {

enum class Stage : int {
  kSetup,     // the input's tile range and each tile's triangles; Detour's dtNavMesh
  kSpans,     // select and skip, the grid, rasterization and the three filters
  kCompact,   // compaction (with connections), erosion, volumes
  kRegions,   // the partition (distance field and watershed, or the settings'), the cut
  kContours,  // the trace
  kPolygons,  // the polygons (and b3d.poly.rows' reach)
  kDetail,    // the detail mesh
  kTileData,  // the layers and tile bytes; dtCreateNavMeshData
  kAssembly,  // NavMesh::AddTile; dtNavMesh::addTile (which links the tile to its neighbours)
  kStitch,    // nav.stitch of the whole mesh (ours only: not part of NavMesh::Build)
};
inline constexpr std::size_t kStageCount = 10;
inline constexpr const char* kStageNames[kStageCount] = {
    "setup",    "spans",  "compact + erode", "regions",  "contours",
    "polygons", "detail", "tile data",       "assembly", "stitch"};

class StageClock {
 public:
  // Starts the first stage now.
  void Start() { Read(lastCpu_, lastWall_); }
  // Adds the time since the previous mark to `stage`.
  void Lap(Stage stage) {
    double cpu = 0, wall = 0;
    Read(cpu, wall);
    const auto s = static_cast<std::size_t>(stage);
    cpu_[s] += cpu - lastCpu_;
    wall_[s] += wall - lastWall_;
    lastCpu_ = cpu;
    lastWall_ = wall;
  }
  // Seconds spent in `stage` (CPU, elapsed).
  double Cpu(Stage stage) const { return cpu_[static_cast<std::size_t>(stage)]; }
  double Wall(Stage stage) const { return wall_[static_cast<std::size_t>(stage)]; }

 private:
  static double Seconds(clockid_t id) {
    timespec t{};
    clock_gettime(id, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
  }
  static void Read(double& cpu, double& wall) {
    cpu = Seconds(CLOCK_PROCESS_CPUTIME_ID);
    wall = Seconds(CLOCK_MONOTONIC);
  }
  std::array<double, kStageCount> cpu_{}, wall_{};
  double lastCpu_ = 0, lastWall_ = 0;
};

}  // namespace onepath::bench
