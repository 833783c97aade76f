// NavMesh::Build (docs/spec/build3d-tiles.md, b3d.build, b3d.tile-flow,
// b3d.tile-order, b3d.build.parallel): the options check, a hand-made
// floor's tile, the first failing tile in build order deciding the error
// for every thread count, and 1, 2 and 8 threads giving the same bytes on
// generated levels and random heightfields.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "conformance/generators/build3d_fields.hpp"
#include "conformance/generators/levels.hpp"
#include "conformance/runner/adapter_protocol.hpp"
#include "conformance/runner/operations.hpp"
#include "conformance/runner/runner.hpp"
#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/build3d.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/navmesh.hpp"
#include "tools/golden/build3d_json.hpp"

using namespace onepath;
using namespace onepath::navmesh;
using onepath::b3dtest::ExpectFields;
using onepath::b3dtest::UnitSettings;
using onepath::golden::SettingsJson;
namespace b3 = onepath::build3d;

namespace {

// Every tile's bytes, in the mesh's order.
std::vector<std::vector<std::uint8_t>> MeshBytes(const NavMesh& mesh) {
  std::vector<std::vector<std::uint8_t>> out;
  for (const NavTile* tile : mesh.Tiles()) out.push_back(Serialize(*tile));
  return out;
}

// A floor quad [x0, x1] x [z0, z1] at height y, facing up (b3d.soup:
// (0,0,0), (0,0,1), (1,0,0) faces up).
void AddFloor(b3::TriangleSoup& soup, float x0, float z0, float x1, float z1, float y) {
  const auto base = static_cast<std::int32_t>(soup.vertices.size() / 3);
  for (const float v : {x0, y, z0, x0, y, z1, x1, y, z1, x1, y, z0}) soup.vertices.push_back(v);
  for (const std::int32_t i : {0, 1, 2, 0, 2, 3}) soup.indices.push_back(base + i);
}

// UnitSettings with no region removed for its size (MinRegionArea 0) and
// no merging, so every floor keeps its region.
b3::NavSettings FloorSettings() {
  b3::NavSettings s = UnitSettings(2, 1, 0);
  s.MinRegionArea = 0;
  s.MergeRegionArea = 0;
  return s;
}

}  // namespace

// b3d.build: Threads out of 1 .. 64 is refused before the settings.
TEST(NavMeshBuild, ThreadsOutOfRange) {
  CLAUSE("b3d.build");
  b3::NavSettings bad = UnitSettings(2, 1, 0);
  bad.CellSize = -1.0;  // would be the settings' error
  for (const std::int64_t threads : {std::int64_t{0}, std::int64_t{65}, std::int64_t{-3}}) {
    try {
      NavMesh::Build(b3::TriangleSoup{}, {}, bad, {.Threads = threads});
      ADD_FAILURE() << "no error for " << threads;
    } catch (const ArgumentOutOfRangeException& e) {
      ExpectFields(e.fields(), {.argument = "threads", .value = static_cast<double>(threads)});
    }
  }
}

// b3d.soup-tiles: a soup without vertices has no tiles: an empty mesh.
TEST(NavMeshBuild, EmptySoupEmptyMesh) {
  CLAUSE("b3d.build");
  EXPECT_EQ(NavMesh::Build(b3::TriangleSoup{}, {}, UnitSettings(2, 1, 0)).size(), 0u);
}

// One floor [-4, 8]^2 at y = 0, tiles of 4 cells of 1 (radius 0, so no
// erosion; B = 3). Tile (0, 0)'s whole grid, [-3, 7]^2, lies on the floor
// at least one cell from its edge, so no span there is a ledge
// (b3d.span.ledges) and the partition makes one region of the grid; the
// cut keeps the core's 16 cells, the contour is the core square, corners
// (B, B) .. (B + 4, B + 4), and the polygonizer makes one quad.
// Local(B) = 0 and Local(B + 4) = f32(TileSize) = 4
// (b3d.tile-coordinates). The soup's y0 = minY - CellHeight = -1
// (b3d.grid-vertical); the floor's span is smin = floor((0 - -1) / 1) = 1,
// smax = clamp(ceil(1), smin + 1, 65535) = 2 (b3d.span.rasterize), so every
// vertex row is 2, minRow = 2, OriginY = y0 + 2 x 1 = 1 and every local y
// is LocalY(2) = 0. Origin x, z = OriginX + 0 x 4, OriginZ + 0 x 4 = 0.
TEST(NavMeshBuild, OneFloorOneQuad) {
  CLAUSE("b3d.tile-flow");
  b3::TriangleSoup soup;
  AddFloor(soup, -4, -4, 8, 8, 0);
  const NavMesh mesh = NavMesh::Build(soup, {}, FloorSettings());
  const NavTile* found = mesh.Find(0, 0, 0);
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(mesh.Find(0, 0, 1), nullptr);
  const NavTile& tile = *found;
  EXPECT_EQ(tile.origin(), (TileOrigin{0.0, 1.0, 0.0}));
  ASSERT_EQ(tile.polygons().size(), 1u);
  EXPECT_EQ(tile.polygons()[0].vertices.size(), 4u);
  std::vector<std::pair<float, float>> corners;
  for (const TileVertex& v : tile.vertices()) {
    EXPECT_EQ(v.y, 0.0f);
    corners.emplace_back(v.x, v.z);
  }
  std::sort(corners.begin(), corners.end());
  EXPECT_EQ(corners, (std::vector<std::pair<float, float>>{{0, 0}, {0, 4}, {4, 0}, {4, 4}}));
  // Every edge lies on a tile side, its corners bitwise on 0 or 4: all
  // four are portals (nav.assemble), one per side.
  std::vector<std::uint32_t> sides;
  for (const EdgeLink& link : tile.polygons()[0].links) {
    EXPECT_EQ(link.kind, kLinkPortal);
    sides.push_back(link.value);
  }
  std::sort(sides.begin(), sides.end());
  EXPECT_EQ(sides, (std::vector<std::uint32_t>{0, 1, 2, 3}));
  // Area 63 becomes NavSettings.Area (63 by default: unchanged), flags 1.
  EXPECT_EQ(tile.polygons()[0].area, 63);
  EXPECT_EQ(tile.polygons()[0].flags, 1);
}

// b3d.poly.rows, b3d.tile-order: tiles of 4 cells of 1 over [0, 8]^2, a
// floor at y = 0 everywhere and a second floor at y = 100 over tiles
// (1, 0) and (0, 1) only. In those two tiles the polygons' rows are 2 and
// 102 (y0 = -1; a floor at y has span top y - y0 + 1, see OneFloorOneQuad), so the reach is (102 -
// 2 + 2 (1 + 1)) x 1 = 104 with a climb of 1 row; MaxLocalExtent 100 refuses it. Tile (0, 0) has
// one floor (reach 4) and passes. In build order (tz, then tx) tile (1, 0) comes before (0, 1): its
// error is the build's, whatever the threads.
TEST(NavMeshBuild, FirstFailingTileInBuildOrderDecides) {
  CLAUSE("b3d.tile-order b3d.poly.rows");
  b3::TriangleSoup soup;
  AddFloor(soup, 0, 0, 8, 8, 0);
  AddFloor(soup, 4, 0, 8, 4, 100);
  AddFloor(soup, 0, 4, 4, 8, 100);
  b3::NavSettings settings = FloorSettings();
  settings.MaxLocalExtent = 100;
  for (const std::int64_t threads : {1, 2, 8}) {
    try {
      NavMesh::Build(soup, {}, settings, {.Threads = threads});
      ADD_FAILURE() << "no error with " << threads << " threads";
    } catch (const InvalidOperationException& e) {
      ExpectFields(e.fields(), {.argument = "reach", .value = 104.0, .tileX = 1, .tileZ = 0});
    }
  }
  // With room for the reach every tile builds: (0, 0) one layer... all four.
  settings.MaxLocalExtent = 104;
  EXPECT_EQ(NavMesh::Build(soup, {}, settings).size(), 4u);
}

// b3d.build.parallel: 1, 2 and 8 threads give the same tiles, byte for
// byte, on the generated levels of size 64 (every kind, the region
// presets in turn) and on random heightfields; progress is reported once
// per tile of the range.
TEST(NavMeshBuild, ThreadCountsGiveIdenticalBytes) {
  CLAUSE("b3d.build.parallel");
  const std::vector<b3::NavSettings> presets = gen::RegionLevelSettings();
  std::size_t level = 0;
  std::size_t tiles = 0;
  for (const gen::LevelKind kind : gen::AllLevelKinds()) {
    gen::LevelOptions options;
    options.kind = kind;
    options.size = 64;
    const b3::TriangleSoup soup = gen::ToSoup(gen::MakeLevel(options).soup);
    const b3::NavSettings& settings = presets[level++ % presets.size()];
    std::int64_t reported = 0;
    std::int64_t total = -1;
    const NavMesh one =
        NavMesh::Build(soup, {}, settings, {.Threads = 1, .progress = [&](const BuildProgress& p) {
                                              ++reported;
                                              total = p.total;
                                              EXPECT_EQ(p.done, reported);
                                            }});
    EXPECT_EQ(reported, total) << gen::LevelKindName(kind);
    EXPECT_EQ(total, b3::SoupTiles(soup, settings).Count());  // every tile of the range
    const auto bytes = MeshBytes(one);
    EXPECT_FALSE(bytes.empty()) << gen::LevelKindName(kind);
    tiles += bytes.size();
    for (const std::int64_t threads : {2, 8}) {
      EXPECT_EQ(MeshBytes(NavMesh::Build(soup, {}, settings, {.Threads = threads})), bytes)
          << gen::LevelKindName(kind) << " with " << threads << " threads";
    }
  }
  std::mt19937_64 random(29);
  for (int i = 0; i < 6; ++i) {
    const b3::HeightfieldInput input = gen::RandomHeightfield(random, 8);
    b3::NavSettings settings = presets[static_cast<std::size_t>(i) % presets.size()];
    settings.TileSize = 8 * settings.CellSize;
    const auto bytes = MeshBytes(NavMesh::Build(input, {}, settings));
    tiles += bytes.size();
    EXPECT_EQ(MeshBytes(NavMesh::Build(input, {}, settings, {.Threads = 8})), bytes);
  }
  EXPECT_GT(tiles, 20u);
}

// b3d.build: a build of part of the range (Only) gives, for each tile it
// builds, the tiles of the whole build at that position, and nothing else.
TEST(NavMeshBuild, PartOfTheRangeGivesTheSameTiles) {
  CLAUSE("b3d.build b3d.build.parallel");
  const std::vector<b3::NavSettings> presets = gen::RegionLevelSettings();
  std::size_t compared = 0;
  for (const gen::LevelKind kind : gen::AllLevelKinds()) {
    gen::LevelOptions options;
    options.kind = kind;
    options.size = 48;
    options.seed = 3;
    const b3::TriangleSoup soup = gen::ToSoup(gen::MakeLevel(options).soup);
    const b3::NavSettings& settings = presets[compared % presets.size()];
    const NavMesh whole = NavMesh::Build(soup, {}, settings);
    const b3::TileRange range = b3::SoupTiles(soup, settings);
    // The middle of the range, one tile wide in x, two deep in z.
    const b3::TileRange part{(range.x0 + range.x1) / 2, (range.x0 + range.x1) / 2,
                             (range.z0 + range.z1) / 2, (range.z0 + range.z1) / 2 + 1};
    // Progress names each tile of the part once (b3d.build: the tile built).
    std::set<std::pair<std::int64_t, std::int64_t>> reported;
    std::mutex lock;
    const NavMesh some = NavMesh::Build(
        soup, {}, settings, {.Threads = 2, .only = part, .progress = [&](const BuildProgress& p) {
                               const std::lock_guard<std::mutex> hold(lock);
                               EXPECT_TRUE(part.Contains(p.tileX, p.tileZ))
                                   << gen::LevelKindName(kind) << " " << p.tileX << "," << p.tileZ;
                               EXPECT_TRUE(reported.emplace(p.tileX, p.tileZ).second);
                             }});
    EXPECT_EQ(reported.size(), 2u) << gen::LevelKindName(kind);  // 1 x 2 tiles
    std::size_t expected = 0;
    for (const NavTile* tile : whole.Tiles()) {
      if (!part.Contains(tile->tileX(), tile->tileZ())) continue;
      ++expected;
      const NavTile* same = some.Find(tile->tileX(), tile->tileZ(), tile->layer());
      ASSERT_NE(same, nullptr) << gen::LevelKindName(kind);
      EXPECT_EQ(Serialize(*same), Serialize(*tile)) << gen::LevelKindName(kind);
    }
    EXPECT_EQ(some.size(), expected) << gen::LevelKindName(kind);
    compared += expected;
  }
  EXPECT_GT(compared, 5u);
}

// The runner's NavMesh.Build (b3d.build, nav.mesh-bytes, nav.links-bytes):
// on the two-floor soup of FirstFailingTileInBuildOrderDecides with room
// for the reach, its stages are the tiles' hashes by key, the mesh's bytes
// and the stitched links' bytes as the library gives them; a changed tile
// is named by its key; ONEPATH_BUILD_THREADS changes nothing, and leaves
// an out-of-range thread count alone.
TEST(NavMeshBuild, RunnerOperationStagesAreTheLibrarysBytes) {
  CLAUSE("b3d.build nav.mesh-bytes nav.links-bytes");
  namespace rc = onepath::conformance;
  using nlohmann::json;
  b3::TriangleSoup soup;
  AddFloor(soup, 0, 0, 8, 8, 0);
  AddFloor(soup, 4, 0, 8, 4, 100);
  AddFloor(soup, 0, 4, 4, 8, 100);
  b3::NavSettings s = FloorSettings();
  s.MaxLocalExtent = 104;
  json vertices = json::array(), indices = json::array();
  for (const float v : soup.vertices) vertices.push_back(static_cast<double>(v));
  for (const std::int32_t i : soup.indices) indices.push_back(i);
  const json input = {{"soup", {{"vertices", vertices}, {"indices", indices}}},
                      {"settings", SettingsJson(s)},
                      {"threads", 1}};
  const NavMesh mesh = NavMesh::Build(soup, {}, s);
  ASSERT_EQ(mesh.size(), 4u);
  const json stages = rc::RunStages("NavMesh.Build", input);
  EXPECT_EQ(stages.at("mesh"), ToHex(Serialize(mesh)));
  EXPECT_EQ(stages.at("links"), ToHex(CanonicalBytes(Stitch(mesh, 1.0f))));
  EXPECT_EQ(rc::RunOperation("NavMesh.Build", input), CanonicalBytes(Stitch(mesh, 1.0f)));
  // The tiles stage: every tile's key, length and hash in the mesh's order.
  const rc::Operation* row = rc::FindOperation("NavMesh.Build");
  ASSERT_NE(row, nullptr);
  ASSERT_EQ(row->stages.size(), 5u);
  ASSERT_EQ(row->stages[2].name, "tiles");
  const rc::OutputForm* form = row->stages[2].form;
  ASSERT_NE(form, nullptr);
  const json tiles = form->decode(rc::FromHex(stages.at("tiles").get<std::string>()));
  json want = json::array();
  for (const NavTile* t : mesh.Tiles()) {
    const std::vector<std::uint8_t> bytes = Serialize(*t);
    want.push_back({{"tile", {t->tileX(), t->tileZ(), t->layer()}},
                    {"length", bytes.size()},
                    {"sha256", Sha256Hex(bytes)}});
  }
  EXPECT_EQ(tiles, (json{{"tiles", want}}));
  json other = tiles;
  other["tiles"][1]["sha256"] = std::string(64, '0');
  const std::string where = form->where(rc::Difference{}, tiles, other);
  EXPECT_EQ(where.rfind("tile [1,0,0]: ", 0), 0u) << where;  // (tileZ, tileX): (0, 1) second
  // The matrix's thread count.
  ASSERT_EQ(setenv("ONEPATH_BUILD_THREADS", "8", 1), 0);
  EXPECT_EQ(rc::RunStages("NavMesh.Build", input), stages);
  json zero = input;
  zero["threads"] = 0;
  try {
    rc::RunOperation("NavMesh.Build", zero);
    ADD_FAILURE() << "no error for threads 0";
  } catch (const ArgumentOutOfRangeException& e) {
    ExpectFields(e.fields(), {.argument = "threads", .value = 0.0});
  }
  unsetenv("ONEPATH_BUILD_THREADS");
}

namespace {

namespace rc = onepath::conformance;
using nlohmann::json;

// The two-floor soup of RunnerOperationStagesAreTheLibrarysBytes: a ground
// 8 x 8 at height 0 and two floors 4 x 4 at height 100 over tiles (1, 0)
// and (0, 1); TileSize 4, cell 1: tiles 0 .. 1 by 0 .. 1, each with
// polygons.
struct TwoFloors {
  b3::TriangleSoup soup;
  b3::NavSettings settings;
  json input;
};

TwoFloors MakeTwoFloors() {
  TwoFloors t;
  AddFloor(t.soup, 0, 0, 8, 8, 0);
  AddFloor(t.soup, 4, 0, 8, 4, 100);
  AddFloor(t.soup, 0, 4, 4, 8, 100);
  t.settings = FloorSettings();
  t.settings.MaxLocalExtent = 104;
  json vertices = json::array(), indices = json::array();
  for (const float v : t.soup.vertices) vertices.push_back(static_cast<double>(v));
  for (const std::int32_t i : t.soup.indices) indices.push_back(i);
  t.input = {{"soup", {{"vertices", vertices}, {"indices", indices}}},
             {"settings", SettingsJson(t.settings)},
             {"threads", 1}};
  return t;
}

// Tile (tx, tz)'s polygon mesh and detail mesh through the public stage
// operations one after the other (Mesh3DPipeline.TileSpans, the region
// stages, Polygonizer.Build, DetailMeshBuilder.Build with minRow of
// b3d.poly.rows), as the build3d/polys family runs them: independent of
// NavMesh::Build's own chaining (build_tile.cpp).
struct StageValues {
  b3::PolyMesh polygons;
  b3::DetailMesh detail;
};
StageValues TileByStages(const TwoFloors& t, std::int64_t tx, std::int64_t tz) {
  const b3::Mesh3DTileSpans spans = b3::Mesh3DPipeline::TileSpans(t.soup, {}, t.settings, tx, tz);
  const b3::CompactHeightfield& compact = spans.volumes;
  const b3::BorderCut cut = b3::RegionPipeline::CutBorder(
      compact, b3::RegionPipeline::Partition(compact, t.settings), t.settings);
  StageValues v;
  v.polygons =
      b3::Polygonizer::Build(b3::RegionPipeline::Trace(compact, cut, t.settings), t.settings);
  const std::optional<b3::PolyRows> rows = b3::PolygonRows(v.polygons);
  if (rows)
    v.detail =
        b3::DetailMeshBuilder::Build(v.polygons, compact, cut, rows->minRow, t.settings, tx, tz);
  return v;
}

// The bytes of a stage `polygons` or `detail` written by hand (u32 count,
// then i32 tileX, i32 tileZ, u32 length, 32 bytes of SHA-256 per tile).
std::vector<std::uint8_t> PerTileBytes(
    const std::vector<std::tuple<std::int32_t, std::int32_t, std::vector<std::uint8_t>>>& tiles) {
  CanonicalWriter w;
  w.Count(tiles.size());
  for (const auto& [x, z, bytes] : tiles) {
    w.I32(x);
    w.I32(z);
    w.Count(bytes.size());
    const std::string hex = Sha256Hex(bytes);
    for (std::size_t i = 0; i < hex.size(); i += 2)
      w.U8(static_cast<std::uint8_t>(std::stoi(hex.substr(i, 2), nullptr, 16)));
  }
  return w.Take();
}

}  // namespace

// The runner's NavMesh.Build stages `polygons` and `detail`
// (b3d.tile-flow steps 5 and 6): per tile position with polygons, in build
// order (tileZ, then tileX: [0,0], [1,0], [0,1], [1,1] for the 2 x 2 tiles
// of the two-floor soup, every one with polygons), the key and the hash of
// the bytes that Polygonizer.Build's stage `polygons` and
// DetailMeshBuilder.Build give for that tile; they come before `tiles`.
TEST(NavMeshBuild, RunnerStagesPolygonsAndDetailAreTheStageOperationsBytesPerTile) {
  CLAUSE("b3d.build b3d.tile-flow b3d.poly.values b3d.detail.values");
  const TwoFloors t = MakeTwoFloors();
  const json stages = rc::RunStages("NavMesh.Build", t.input);
  const rc::Operation* row = rc::FindOperation("NavMesh.Build");
  ASSERT_NE(row, nullptr);
  std::vector<std::string> names;
  for (const rc::Stage& stage : row->stages) names.push_back(stage.name);
  EXPECT_EQ(names, (std::vector<std::string>{"polygons", "detail", "tiles", "mesh", "links"}));
  std::vector<std::tuple<std::int32_t, std::int32_t, std::vector<std::uint8_t>>> polygons, detail;
  for (const auto& [x, z] : std::vector<std::pair<int, int>>{{0, 0}, {1, 0}, {0, 1}, {1, 1}}) {
    const StageValues v = TileByStages(t, x, z);
    ASSERT_FALSE(v.polygons.polygons.empty()) << x << "," << z;
    polygons.emplace_back(x, z, b3::CanonicalBytes(v.polygons));
    detail.emplace_back(x, z, b3::CanonicalBytes(v.detail));
  }
  EXPECT_EQ(stages.at("polygons"), ToHex(PerTileBytes(polygons)));
  EXPECT_EQ(stages.at("detail"), ToHex(PerTileBytes(detail)));
  // The form names the tile: [1,0] is the second.
  const rc::OutputForm* form = row->stages[0].form;
  ASSERT_NE(form, nullptr);
  const json decoded = form->decode(rc::FromHex(stages.at("polygons").get<std::string>()));
  ASSERT_EQ(decoded.at("tiles").size(), 4u);
  EXPECT_EQ(decoded.at("tiles")[1].at("tile"), json::array({1, 0}));
  EXPECT_EQ(decoded.at("tiles")[1].at("sha256"), Sha256Hex(std::get<2>(polygons[1])));
  // 8 threads: the same stages (b3d.build.parallel).
  json eight = t.input;
  eight["threads"] = 8;
  EXPECT_EQ(rc::RunStages("NavMesh.Build", eight), stages);
}

// Negative control: a port whose tile (0, 1) has other polygons (one
// vertex moved one cell) and so other tiles, mesh and links is failed at
// the stage `polygons`, naming tile [0,1]; one that leaves out `polygons`
// and `detail` (an adapter written before them) and is otherwise right
// passes, as do stages left out before (docs/adapter-protocol.md).
TEST(NavMeshBuild, RunnerNamesTheTileOfAPlantedPolygonDifference) {
  CLAUSE("b3d.build b3d.poly.values");
  const TwoFloors t = MakeTwoFloors();
  const json stages = rc::RunStages("NavMesh.Build", t.input);
  json hashes = json::object();
  for (const auto& [name, hex] : stages.items())
    hashes[name] = Sha256Hex(rc::FromHex(hex.get<std::string>()));
  rc::GoldenVector v =
      rc::ParseVector({{"id", "b3d_mesh/test/000000000000"},
                       {"op", "NavMesh.Build"},
                       {"clauses", {"b3d.build"}},
                       {"input", t.input},
                       {"expect", {{"sha256", hashes.at("links")}, {"stages", hashes}}},
                       {"provenance", "hand-made in test_navmesh_build.cpp"}});
  const rc::Answer right = rc::RunReference(v.op, v.input);
  ASSERT_TRUE(right.output);
  EXPECT_EQ(rc::Judge(v, right).status, rc::Status::kPass);
  // Without the new stages: still a pass.
  rc::Answer old = right;
  old.stages.erase("polygons");
  old.stages.erase("detail");
  EXPECT_EQ(rc::Judge(v, old).status, rc::Status::kPass);
  // The planted difference.
  std::vector<std::tuple<std::int32_t, std::int32_t, std::vector<std::uint8_t>>> polygons;
  for (const auto& [x, z] : std::vector<std::pair<int, int>>{{0, 0}, {1, 0}, {0, 1}, {1, 1}}) {
    b3::PolyMesh mesh = TileByStages(t, x, z).polygons;
    if (x == 0 && z == 1) mesh.vertices[0].x += 1;
    polygons.emplace_back(x, z, b3::CanonicalBytes(mesh));
  }
  rc::Answer wrong = right;
  wrong.stages["polygons"] = ToHex(PerTileBytes(polygons));
  wrong.stages["tiles"] = "00";
  wrong.stages["mesh"] = "00";
  wrong.stages["links"] = "00";
  wrong.output = std::vector<std::uint8_t>{0};
  const rc::Judgement j = rc::JudgeInDetail(v, wrong);
  EXPECT_EQ(j.outcome.status, rc::Status::kFail);
  ASSERT_TRUE(j.divergence);
  EXPECT_EQ(j.divergence->stage, "polygons");
  EXPECT_EQ(j.divergence->clause, "b3d.poly.values");
  EXPECT_NE(j.divergence->where.find("; tile [0,1]: "), std::string::npos) << j.divergence->where;
  // The right output with only the polygons wrong: named too.
  rc::Answer onlyPolygons = right;
  onlyPolygons.stages["polygons"] = wrong.stages["polygons"];
  const rc::Judgement k = rc::JudgeInDetail(v, onlyPolygons);
  ASSERT_TRUE(k.divergence);
  EXPECT_EQ(k.divergence->stage, "polygons");
  EXPECT_NE(k.divergence->where.find("; tile [0,1]: "), std::string::npos) << k.divergence->where;
}
