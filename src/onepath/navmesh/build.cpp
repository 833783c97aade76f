// NavMesh::Build (docs/spec/build3d-tiles.md, b3d.build, b3d.tile-order,
// b3d.build.parallel): the checks before any tile, then every tile of the
// input's range through the tile flow (build_tile.cpp), on up to Threads
// workers, added to the mesh in build order.
#include <algorithm>
#include <atomic>
#include <exception>
#include <map>
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
// and malloc arena fewer) that take tiles in build order. A tile's tiles are
// added to the mesh in build order as soon as every tile before it is (on
// one thread: right after it is built); one finished before that waits in
// `pending` with its tiles or error. The first error in build order stops
// the adding and is thrown (b3d.tile-order). So the mesh's peak memory is
// its tiles' and a few tiles' waiting, with no list per tile of the range
// (the tiles waiting in one each until the end left a hole each where the
// mesh's nodes could not go). With options.tileStages, each tile's polygons
// and detail wait in `keep` (else it is null) and are passed on in build
// order after the last tile is added.
template <typename BuildTile>
NavMesh RunTiles(const std::vector<b3::TileIndex>& order, const BuildOptions& options,
                 const BuildTile& buildTile) {
  // b3d.build: the tiles of `only`, in build order (all of them without).
  std::vector<std::size_t> chosen;
  if (options.only) {
    for (std::size_t i = 0; i < order.size(); ++i)
      if (options.only->Contains(order[i].x, order[i].z)) chosen.push_back(i);
  }
  const std::size_t n = options.only ? chosen.size() : order.size();
  const auto tileOf = [&](std::size_t i) { return options.only ? chosen[i] : i; };
  std::vector<internal::TileStageValues> kept(options.tileStages ? n : 0);
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> firstError{n};
  std::mutex progressLock;
  std::int64_t done = 0;
  // What a tile gave: its tiles, or its error.
  struct Outcome {
    std::vector<NavTile> tiles;
    std::exception_ptr error;
  };
  // Under addLock: the mesh holds the tiles of 0 .. added - 1; `failure` is
  // the first error in build order (the tile's, or AddTile's on its tiles),
  // after which nothing is added.
  NavMesh mesh;
  std::mutex addLock;
  std::map<std::size_t, Outcome> pending;
  std::size_t added = 0;
  std::exception_ptr failure;
  const auto add = [&](Outcome& outcome) {
    if (outcome.error) {
      failure = outcome.error;
      return;
    }
    try {
      for (NavTile& tile : outcome.tiles) mesh.AddTile(std::move(tile));
    } catch (...) {
      failure = std::current_exception();
      return;
    }
    ++added;
  };
  auto work = [&] {
    for (;;) {
      const std::size_t i = next.fetch_add(1);
      // Tiles after a failed one are not needed (the earlier error wins).
      if (i >= n || i > firstError.load()) return;
      Outcome outcome;
      try {
        outcome.tiles = buildTile(tileOf(i), options.tileStages ? &kept[i] : nullptr);
      } catch (...) {
        outcome.error = std::current_exception();
        std::size_t seen = firstError.load();
        while (i < seen && !firstError.compare_exchange_weak(seen, i)) {
        }
      }
      const std::size_t layers = outcome.tiles.size();
      {
        const std::lock_guard<std::mutex> hold(addLock);
        if (!failure) {
          if (i == added) {
            add(outcome);
            for (auto it = pending.begin(); !failure && it != pending.end() && it->first == added;
                 it = pending.erase(it)) {
              add(it->second);
            }
          } else {
            pending.emplace(i, std::move(outcome));
          }
        }
      }
      if (options.progress) {
        const std::lock_guard<std::mutex> hold(progressLock);
        ++done;
        options.progress(
            {done, static_cast<std::int64_t>(n), order[tileOf(i)].x, order[tileOf(i)].z, layers});
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
  // Every tile before the first error was built and added (a worker skips
  // only tiles after an error), so `failure` is the error the tiles added
  // in build order after the build would meet first.
  if (failure) std::rethrow_exception(failure);
  for (std::size_t i = 0; i < kept.size(); ++i) {
    if (!kept[i].reached) continue;
    options.tileStages(order[tileOf(i)].x, order[tileOf(i)].z, kept[i].polygons, kept[i].detail);
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
        // (`mine = {}` would assign an empty list and keep the block.)
        std::vector<std::uint32_t>().swap(mine);
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
