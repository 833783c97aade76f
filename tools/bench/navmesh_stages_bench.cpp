// Where the time of the full 3D build goes, stage by stage, next to a
// Recast + Detour tiled build of the same soup; and how both builds grow
// from 10^4 to 10^6 triangles (issue 30, "Targets": per-stage ratios
// beside the whole build's; time and memory growth, exponent).
//
// --stages [--reps=N] [--max_input=N]
//   For every generated level kind (conformance/generators/levels.hpp,
//   AllLevelKinds order, size 256, seed 1) with the default NavSettings and
//   no volumes, on one thread: ours runs b3d.tile-flow
//   (docs/spec/build3d-tiles.md) tile by tile in build order, calling the
//   stage functions NavMesh::Build calls (src/onepath/navmesh/build.cpp,
//   build_tile.cpp: the unchecked internal:: forms, on values the build
//   made itself) with a StageClock mark after each stage (stage_clock.hpp),
//   the tiles added with NavMesh::AddTile, then nav.stitch of the whole
//   mesh (not part of NavMesh::Build: Detour links inside addTile). Before
//   timing, the mesh it makes must serialize to the bytes of
//   NavMesh::Build's (else the program stops). The peer is
//   BuildRecastTiled (recast_tiled.hpp) with the same clock. Each of the N
//   repetitions (default 5) runs, per level: ours by stages, the peer by
//   stages, NavMesh::Build and BuildRecastTiled unmarked (the whole builds);
//   the medians over the repetitions are printed as Markdown tables.
//
// --grow=<kind>:<size>:<subdivide> [--reps=N]
//   One level (seed 1; LevelOptions::subdivide K: the same surfaces, K^2
//   more triangles), both whole builds on one thread: N timed runs each
//   (default 3) and each side's peak RSS in a fresh child process
//   (bench_support.hpp, PeakMemory: the soup made, then one build). Prints
//   one JSON object; navmesh_scaling.sh collects them.
//
// --peak-memory=<side>:<kind>:<size>:<subdivide>
//   The child of --grow (side ours or recast).
#include <recastnavigation/DetourNavMesh.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "conformance/generators/levels.hpp"
#include "onepath/build3d/input.hpp"
#include "onepath/build3d/internal/contours.hpp"
#include "onepath/build3d/internal/detail_mesh.hpp"
#include "onepath/build3d/internal/polygonizer.hpp"
#include "onepath/build3d/internal/regions.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/build3d/polygonizer.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "onepath/navmesh.hpp"
#include "onepath/navmesh/internal/build_tile.hpp"
#include "onepath/navmesh/stitch.hpp"
#include "onepath/navmesh/tile_data.hpp"
#include "tools/bench/bench_support.hpp"
#include "tools/bench/recast_tiled.hpp"
#include "tools/bench/stage_clock.hpp"

namespace {

namespace b3d = onepath::build3d;
namespace nav = onepath::navmesh;
namespace gen = onepath::gen;
using onepath::bench::Stage;
using onepath::bench::StageClock;

const b3d::NavSettings kSettings{};

b3d::TriangleSoup MakeSoup(const gen::LevelOptions& options) {
  gen::Level level = gen::MakeLevel(options);
  b3d::TriangleSoup soup;
  soup.vertices = std::move(level.soup.vertices);
  soup.indices = std::move(level.soup.indices);
  return soup;
}

// --- ours, stage by stage ----------------------------------------------------

// b3d.tile-flow steps 2 to 7 of one tile, as build_tile.cpp's TileFromSpans
// runs them, a mark after each stage; none for a skipped or omitted tile.
std::vector<nav::NavTile> TileByStages(const b3d::TriangleSoup& soup,
                                       const std::vector<std::uint32_t>& mine,
                                       const b3d::DerivedSettings& d, const b3d::TileIndex& index,
                                       StageClock& clock) {
  namespace in = b3d::internal;
  // Step 1 and 2: select and skip, the grid, the solid spans, the filters.
  if (!b3d::AnyMayBeWalkable(soup, mine, d.slopeCosine)) return {};
  const b3d::TileGrid grid = b3d::SoupTileGrid(soup, mine, kSettings, d, index.x, index.z);
  b3d::Heightfield spans =
      in::Rasterize(soup, in::ClassifyTriangles(soup, mine, d.slopeCosine), grid, d.walkableClimb);
  in::FilterLowHangingObstacles(spans, d.walkableClimb);
  in::FilterLedgeSpans(spans, d.walkableHeight, d.walkableClimb);
  in::FilterLowHeightSpans(spans, d.walkableHeight);
  clock.Lap(Stage::kSpans);
  b3d::CompactHeightfield compact = in::Compact(spans, d.walkableHeight, d.walkableClimb);
  spans = {};
  in::Erode(compact, d.walkableRadius);
  in::MarkVolumes(compact, {}, grid);
  clock.Lap(Stage::kCompact);
  // Step 3: the partition and the cut.
  const b3d::TileRegions regions = in::Partition(compact, d);
  const b3d::BorderCut cut = in::CutBorder(compact, regions, d.border, d.tileCells);
  clock.Lap(Stage::kRegions);
  if (cut.empty) return {};
  // Step 4: contours.
  const b3d::ContourSet contours =
      in::Trace(compact, cut, d.border, d.tileCells, d.maxError, d.maxEdgeCells);
  clock.Lap(Stage::kContours);
  // Step 5: polygons, the rows and the reach (b3d.poly.rows).
  const b3d::PolyMesh polygons = in::Polygonize(contours, b3d::TileCoordinates(kSettings, d),
                                                kSettings.MaxVertsPerPoly, nullptr);
  const std::optional<b3d::PolyRows> rows = b3d::PolygonRows(polygons);
  if (!rows) return {};
  const std::int64_t reach = rows->maxRow - rows->minRow + 2 * (std::int64_t{d.walkableClimb} + 1);
  if (static_cast<double>(reach) * kSettings.CellHeight > kSettings.MaxLocalExtent) std::abort();
  clock.Lap(Stage::kPolygons);
  // Step 6: the detail.
  const b3d::DetailMesh detail =
      in::BuildDetail(polygons, compact, cut, rows->minRow, kSettings, d, grid.tileX, grid.tileZ);
  clock.Lap(Stage::kDetail);
  // Step 7: the layers and the tile data.
  const std::vector<std::uint16_t> layers =
      in::RegionLayers(compact, cut, d.partition, grid.tileX, grid.tileZ);
  return nav::internal::WriteTileLayers(polygons, detail, layers, grid, kSettings, d);
}

// NavMesh::Build(soup, {}, kSettings, {Threads = 1}) with a mark after each
// stage; then nav.stitch (stage stitch), whose link count goes to `links`.
nav::NavMesh OursByStages(const b3d::TriangleSoup& soup, StageClock& clock, std::size_t& links) {
  clock.Start();
  const b3d::DerivedSettings d = b3d::DeriveSettings(kSettings);
  b3d::CheckSoup(soup);
  const b3d::TileRange range = b3d::SoupTiles(soup, kSettings);
  const std::vector<std::vector<std::uint32_t>> triangles =
      b3d::SelectTrianglesByTile(soup, kSettings, d, range);
  const std::vector<b3d::TileIndex> order = b3d::BuildOrder(range);
  clock.Lap(Stage::kSetup);
  nav::NavMesh mesh;
  for (std::size_t i = 0; i < order.size(); ++i) {
    std::vector<nav::NavTile> tiles = TileByStages(soup, triangles[i], d, order[i], clock);
    clock.Lap(Stage::kTileData);  // with the tile's values freed
    for (nav::NavTile& tile : tiles) mesh.AddTile(std::move(tile));
    clock.Lap(Stage::kAssembly);
  }
  links = nav::Stitch(mesh, static_cast<float>(kSettings.AgentMaxClimb)).size();
  clock.Lap(Stage::kStitch);
  return mesh;
}

// --- whole builds --------------------------------------------------------------

struct Counts {
  std::size_t tiles = 0, polygons = 0;
};

Counts OursWhole(const b3d::TriangleSoup& soup) {
  const nav::NavMesh mesh = nav::NavMesh::Build(soup, {}, kSettings, nav::BuildOptions{});
  Counts c;
  for (const nav::NavTile* t : mesh.Tiles()) {
    ++c.tiles;
    c.polygons += t->polygons().size();
  }
  return c;
}

Counts RecastWhole(const b3d::TriangleSoup& soup, StageClock* clock = nullptr) {
  const onepath::bench::RecastTiledBuild built =
      onepath::bench::BuildRecastTiled(soup, kSettings, 1, clock);
  return {built.tiles, built.polygons};
}

// The CPU and elapsed seconds of one call.
std::pair<double, double> TimeCall(const std::function<void()>& call) {
  StageClock clock;
  clock.Start();
  call();
  clock.Lap(Stage::kSetup);
  return {clock.Cpu(Stage::kSetup), clock.Wall(Stage::kSetup)};
}

double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// --- --stages ------------------------------------------------------------------

// One side's figures on one level over the repetitions: per stage, then
// the stages' sum (the build's: ours without stitch) and the whole build.
struct SideTimes {
  std::vector<double> cpu[onepath::bench::kStageCount], wall[onepath::bench::kStageCount];
  std::vector<double> sumCpu, sumWall, wholeCpu, wholeWall;
  void Add(const StageClock& clock, std::pair<double, double> whole) {
    double c = 0, w = 0;
    for (std::size_t s = 0; s < onepath::bench::kStageCount; ++s) {
      cpu[s].push_back(clock.Cpu(static_cast<Stage>(s)));
      wall[s].push_back(clock.Wall(static_cast<Stage>(s)));
      if (static_cast<Stage>(s) == Stage::kStitch) continue;
      c += cpu[s].back();
      w += wall[s].back();
    }
    sumCpu.push_back(c);
    sumWall.push_back(w);
    wholeCpu.push_back(whole.first);
    wholeWall.push_back(whole.second);
  }
};

struct LevelTimes {
  std::string name;
  std::size_t triangles = 0, serializedBytes = 0, links = 0;
  Counts ours, recast;
  SideTimes side[2];  // ours, Recast + Detour
};

std::string Ms(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", s * 1e3);
  return buf;
}

std::string Ratio(double a, double b) {
  if (b <= 0) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", a / b);
  return buf;
}

// The columns of the tables: the stages compared (ours' assembly with
// stitch against Detour's addTile, which links), the sum and the whole
// build.
struct Column {
  const char* name;
  std::function<double(const SideTimes&, bool cpu)> value;
};

std::vector<Column> Columns() {
  std::vector<Column> cols;
  for (std::size_t s = 0; s < onepath::bench::kStageCount; ++s) {
    const auto stage = static_cast<Stage>(s);
    if (stage == Stage::kStitch) continue;
    if (stage == Stage::kAssembly) {
      cols.push_back({"assembly + stitching", [](const SideTimes& t, bool cpu) {
                        const auto a = static_cast<std::size_t>(Stage::kAssembly);
                        const auto b = static_cast<std::size_t>(Stage::kStitch);
                        return cpu ? Median(t.cpu[a]) + Median(t.cpu[b])
                                   : Median(t.wall[a]) + Median(t.wall[b]);
                      }});
      continue;
    }
    cols.push_back({onepath::bench::kStageNames[s], [s](const SideTimes& t, bool cpu) {
                      return Median(cpu ? t.cpu[s] : t.wall[s]);
                    }});
  }
  cols.push_back({"sum of the build's stages",
                  [](const SideTimes& t, bool cpu) { return Median(cpu ? t.sumCpu : t.sumWall); }});
  cols.push_back({"whole build, unmarked", [](const SideTimes& t, bool cpu) {
                    return Median(cpu ? t.wholeCpu : t.wholeWall);
                  }});
  return cols;
}

void PrintTable(const std::vector<LevelTimes>& levels, bool cpu, bool ratios) {
  const std::vector<Column> cols = Columns();
  std::printf("| level |");
  for (const Column& c : cols) std::printf(" %s |", c.name);
  std::printf("\n| --- |");
  for (std::size_t k = 0; k < cols.size(); ++k) std::printf(" --- |");
  std::printf("\n");
  for (const LevelTimes& l : levels) {
    std::printf("| %s |", l.name.c_str());
    for (const Column& c : cols) {
      const double a = c.value(l.side[0], cpu), b = c.value(l.side[1], cpu);
      if (ratios)
        std::printf(" %s |", Ratio(a, b).c_str());
      else
        std::printf(" %s / %s |", Ms(a).c_str(), Ms(b).c_str());
    }
    std::printf("\n");
  }
  std::printf("\n");
}

int Stages(int reps, int maxInput) {
  std::vector<LevelTimes> levels;
  const std::span<const gen::LevelKind> kinds = gen::AllLevelKinds();
  for (int input = 0; input < static_cast<int>(kinds.size()) && input <= maxInput; ++input) {
    const gen::LevelOptions options{.kind = kinds[static_cast<std::size_t>(input)], .size = 256};
    const b3d::TriangleSoup soup = MakeSoup(options);
    LevelTimes l;
    l.name = gen::LevelKindName(options.kind);
    l.triangles = soup.indices.size() / 3;
    {  // The stages replicate the build: the same bytes.
      StageClock clock;
      const std::vector<std::uint8_t> staged = nav::Serialize(OursByStages(soup, clock, l.links));
      const std::vector<std::uint8_t> whole =
          nav::Serialize(nav::NavMesh::Build(soup, {}, kSettings, nav::BuildOptions{}));
      if (staged != whole) {
        std::fprintf(stderr, "%s: the stages' mesh differs from NavMesh::Build's\n",
                     l.name.c_str());
        return 1;
      }
      l.serializedBytes = whole.size();
    }
    for (int r = 0; r < reps; ++r) {
      StageClock ours, peer;
      std::size_t links = 0;
      OursByStages(soup, ours, links);
      RecastWhole(soup, &peer);
      l.side[0].Add(ours, TimeCall([&] { l.ours = OursWhole(soup); }));
      l.side[1].Add(peer, TimeCall([&] { l.recast = RecastWhole(soup); }));
    }
    std::fprintf(stderr, "%s done\n", l.name.c_str());
    levels.push_back(std::move(l));
  }
  std::printf(
      "Size 256, seed 1, default NavSettings, one thread, %d repetitions (medians). Ours: the "
      "stage functions of NavMesh::Build in b3d.tile-flow order, a mark after each; its mesh "
      "serializes to NavMesh::Build's bytes on every level (checked before timing). Recast + "
      "Detour: BuildRecastTiled with the same marks.\n\n",
      reps);
  std::printf(
      "| level | triangles | tiles ours / R+D | polygons ours / R+D | mesh bytes | "
      "links (nav.stitch) |\n| --- | --- | --- | --- | --- | --- |\n");
  for (const LevelTimes& l : levels)
    std::printf("| %s | %zu | %zu / %zu | %zu / %zu | %zu | %zu |\n", l.name.c_str(), l.triangles,
                l.ours.tiles, l.recast.tiles, l.ours.polygons, l.recast.polygons, l.serializedBytes,
                l.links);
  std::printf("\n#### Ratios ours / Recast+Detour, CPU time\n\n");
  PrintTable(levels, true, true);
  std::printf("#### CPU time, ms (ours / Recast+Detour)\n\n");
  PrintTable(levels, true, false);
  std::printf("#### Ratios ours / Recast+Detour, elapsed time\n\n");
  PrintTable(levels, false, true);
  std::printf("#### Elapsed time, ms (ours / Recast+Detour)\n\n");
  PrintTable(levels, false, false);
  std::printf("Ours' stitch alone (CPU, ms; not part of NavMesh::Build):");
  for (const LevelTimes& l : levels)
    std::printf(" %s %s;", l.name.c_str(),
                Ms(Median(l.side[0].cpu[static_cast<std::size_t>(Stage::kStitch)])).c_str());
  std::printf("\n");
  return 0;
}

// --- --grow and its memory child -------------------------------------------------

// "<kind>:<size>:<subdivide>" as LevelOptions; false when malformed.
bool ParseLevel(const std::string& text, gen::LevelOptions& options) {
  std::stringstream in(text);
  std::string kind, size, subdivide;
  if (!std::getline(in, kind, ':') || !std::getline(in, size, ':') || !std::getline(in, subdivide))
    return false;
  for (const gen::LevelKind k : gen::AllLevelKinds())
    if (kind == gen::LevelKindName(k)) {
      options = {
          .kind = k, .size = std::atoi(size.c_str()), .subdivide = std::atoi(subdivide.c_str())};
      return true;
    }
  return false;
}

// --peak-memory=<side>:<level>
int PeakMemoryChild(const std::string& spec) {
  const std::size_t colon = spec.find(':');
  gen::LevelOptions options;
  if (colon == std::string::npos || !ParseLevel(spec.substr(colon + 1), options)) return 2;
  const bool ours = spec.compare(0, colon, "ours") == 0;
  const b3d::TriangleSoup soup = MakeSoup(options);
  return onepath::bench::MeasureCallInChild([&] {
    const Counts c = ours ? OursWhole(soup) : RecastWhole(soup);
    if (c.tiles == 0) std::abort();
  });
}

void PrintList(const char* name, const std::vector<double>& v) {
  std::printf(", \"%s\": [", name);
  for (std::size_t i = 0; i < v.size(); ++i) std::printf("%s%.6g", i ? ", " : "", v[i]);
  std::printf("]");
}

int Grow(const std::string& level, int reps) {
  gen::LevelOptions options;
  if (!ParseLevel(level, options)) return 2;
  const onepath::bench::Memory mem[2] = {onepath::bench::PeakMemory("ours:" + level),
                                         onepath::bench::PeakMemory("recast:" + level)};
  const b3d::TriangleSoup soup = MakeSoup(options);
  Counts counts[2];
  std::vector<double> cpu[2], wall[2];
  for (int r = 0; r < reps; ++r)
    for (int side = 0; side < 2; ++side) {
      const auto [c, w] =
          TimeCall([&] { counts[side] = side == 0 ? OursWhole(soup) : RecastWhole(soup); });
      cpu[side].push_back(c);
      wall[side].push_back(w);
    }
  std::printf("{\"kind\": \"%s\", \"size\": %d, \"subdivide\": %d, \"triangles\": %zu",
              gen::LevelKindName(options.kind), options.size, options.subdivide,
              soup.indices.size() / 3);
  const char* const names[2] = {"ours", "recast"};
  for (int side = 0; side < 2; ++side) {
    std::printf(
        ", \"%s_tiles\": %zu, \"%s_polygons\": %zu, \"%s_before_kb\": %ld, "
        "\"%s_peak_kb\": %ld",
        names[side], counts[side].tiles, names[side], counts[side].polygons, names[side],
        mem[side].before_kb, names[side], mem[side].peak_kb);
    PrintList((std::string(names[side]) + "_cpu").c_str(), cpu[side]);
    PrintList((std::string(names[side]) + "_wall").c_str(), wall[side]);
  }
  std::printf("}\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string value;
  if (onepath::bench::TakeFlag(argc, argv, "peak-memory", value)) return PeakMemoryChild(value);
  int reps = 0, maxInput = 1 << 20;
  if (onepath::bench::TakeFlag(argc, argv, "reps", value)) reps = std::atoi(value.c_str());
  if (onepath::bench::TakeFlag(argc, argv, "max_input", value)) maxInput = std::atoi(value.c_str());
  if (onepath::bench::TakeFlag(argc, argv, "grow", value)) return Grow(value, reps > 0 ? reps : 3);
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--stages") == 0) return Stages(reps > 0 ? reps : 5, maxInput);
  std::fprintf(stderr,
               "usage: %s --stages [--reps=N] [--max_input=N]\n"
               "       %s --grow=<kind>:<size>:<subdivide> [--reps=N]\n",
               argv[0], argv[0]);
  return 2;
}
