// NavMesh::Build (docs/spec/build3d-tiles.md, b3d.build, b3d.tile-order,
// b3d.build.parallel): the checks before any tile, then every tile of the
// input's range through the tile flow (build_tile.cpp), on up to Threads
// workers, added to the mesh in build order.
#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "onepath/build3d/internal/stages.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/navmesh/internal/build_tile.hpp"
#include "onepath/navmesh/navmesh.hpp"

namespace onepath::navmesh {

namespace {

namespace b3 = build3d;

// b3d.build: Threads in 1 .. kMaxBuildThreads, checked before the settings.
void CheckOptions(const BuildOptions& options) {
  if (options.Threads < 1 || options.Threads > b3::kMaxBuildThreads) {
    throw ArgumentOutOfRangeException(
        "Threads must be 1 .. 64",
        {.argument = "threads", .value = static_cast<double>(options.Threads)});
  }
}

// b3d.build.parallel: tile i of `order` is built by buildTile(i, keep), on
// up to Threads workers (the calling thread one of them: one thread stack
// and malloc arena fewer) that take tiles in build order; each tile's
// tiles or error wait in its slot, and the slots are added in build order,
// the first error thrown (b3d.tile-order). With options.tileStages, each
// tile's polygons and detail wait in `keep` (else it is null) and are
// passed on in build order after the last tile is added.
template <typename BuildTile>
NavMesh RunTiles(const std::vector<b3::TileIndex>& order, const BuildOptions& options,
                 const BuildTile& buildTile) {
  // b3d.build: the tiles of `only`, in build order.
  std::vector<std::size_t> chosen;
  for (std::size_t i = 0; i < order.size(); ++i)
    if (!options.only || options.only->Contains(order[i].x, order[i].z)) chosen.push_back(i);
  const std::size_t n = chosen.size();
  std::vector<std::vector<NavTile>> slots(n);
  std::vector<std::exception_ptr> errors(n);
  std::vector<internal::TileStageValues> kept(options.tileStages ? n : 0);
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> firstError{n};
  std::mutex progressLock;
  std::int64_t done = 0;
  auto work = [&] {
    for (;;) {
      const std::size_t i = next.fetch_add(1);
      // Tiles after a failed one are not needed (the earlier error wins).
      if (i >= n || i > firstError.load()) return;
      try {
        slots[i] = buildTile(chosen[i], options.tileStages ? &kept[i] : nullptr);
      } catch (...) {
        errors[i] = std::current_exception();
        std::size_t seen = firstError.load();
        while (i < seen && !firstError.compare_exchange_weak(seen, i)) {
        }
      }
      if (options.progress) {
        const std::lock_guard<std::mutex> hold(progressLock);
        ++done;
        options.progress(
            {done, static_cast<std::int64_t>(n), order[i].x, order[i].z, slots[i].size()});
      }
    }
  };
  const std::size_t workers = std::min<std::size_t>(static_cast<std::size_t>(options.Threads), n);
  {
    std::vector<std::jthread> threads;
    if (workers > 1) threads.reserve(workers - 1);
    for (std::size_t w = 1; w < workers; ++w) threads.emplace_back(work);
    work();
  }
  NavMesh mesh;
  for (std::size_t i = 0; i < n; ++i) {
    if (errors[i]) std::rethrow_exception(errors[i]);
    for (NavTile& tile : slots[i]) mesh.AddTile(std::move(tile));
    slots[i] = {};
  }
  for (std::size_t i = 0; i < kept.size(); ++i) {
    if (!kept[i].reached) continue;
    options.tileStages(order[chosen[i]].x, order[chosen[i]].z, kept[i].polygons, kept[i].detail);
    kept[i] = {};
  }
  return mesh;
}

}  // namespace

NavMesh NavMesh::Build(const b3::TriangleSoup& soup, std::span<const b3::ConvexVolume> volumes,
                       const b3::NavSettings& settings, const BuildOptions& options) {
  CheckOptions(options);
  const b3::DerivedSettings d = b3::DeriveSettings(settings);
  b3::CheckSoup(soup);
  b3::CheckVolumes(volumes);
  const b3::TileRange range = b3::SoupTiles(soup, settings);
  std::vector<std::vector<std::uint32_t>> triangles =
      b3::SelectTrianglesByTile(soup, settings, d, range);
  const std::vector<b3::TileIndex> order = b3::BuildOrder(range);
  return RunTiles(
      order, options, [&](std::size_t i, internal::TileStageValues* keep) -> std::vector<NavTile> {
        // b3d.tile-flow step 1: the tile's triangles, the skip, the grid.
        // Only this call reads triangles[i]; it is freed once classified.
        std::vector<std::uint32_t> mine = std::move(triangles[i]);
        if (!b3::AnyMayBeWalkable(soup, mine, d.slopeCosine)) return {};
        const b3::TileGrid grid = b3::SoupTileGrid(soup, mine, settings, d, order[i].x, order[i].z);
        const b3::TileTriangles classified =
            b3::internal::ClassifyTriangles(soup, mine, d.slopeCosine);
        mine = {};
        return internal::TileFromSpans(
            b3::internal::Rasterize(soup, classified, grid, d.walkableClimb), grid, volumes,
            settings, d, keep);
      });
}

NavMesh NavMesh::Build(const b3::HeightfieldInput& input, std::span<const b3::ConvexVolume> volumes,
                       const b3::NavSettings& settings, const BuildOptions& options) {
  CheckOptions(options);
  const b3::DerivedSettings d = b3::DeriveSettings(settings);
  b3::CheckHeightfieldInput(input, d);
  b3::CheckVolumes(volumes);
  const std::vector<b3::TileIndex> order =
      b3::BuildOrder(b3::VoxelTiles(input.width, input.depth, d));
  return RunTiles(order, options, [&](std::size_t i, internal::TileStageValues* keep) {
    const b3::TileGrid grid = b3::HeightfieldTileGrid(input, settings, d, order[i].x, order[i].z);
    return internal::TileFromSpans(b3::internal::FromHeightfield(input, grid), grid, volumes,
                                   settings, d, keep);
  });
}

NavMesh NavMesh::Build(const b3::VoxelChunk& chunk, std::span<const b3::ConvexVolume> volumes,
                       const b3::NavSettings& settings, const BuildOptions& options) {
  CheckOptions(options);
  const b3::DerivedSettings d = b3::DeriveSettings(settings);
  b3::CheckChunk(chunk, d);
  b3::CheckVolumes(volumes);
  const std::vector<b3::TileIndex> order =
      b3::BuildOrder(b3::VoxelTiles(chunk.sizeX, chunk.sizeZ, d));
  return RunTiles(order, options, [&](std::size_t i, internal::TileStageValues* keep) {
    const b3::TileGrid grid = b3::ChunkTileGrid(chunk, settings, d, order[i].x, order[i].z);
    return internal::TileFromSpans(b3::internal::FromChunk(chunk, grid), grid, volumes, settings, d,
                                   keep);
  });
}

}  // namespace onepath::navmesh
