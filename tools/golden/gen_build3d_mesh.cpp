// Writes the golden families `build3d/mesh-levels` and
// `build3d/mesh-layers-chunk` (docs/spec/build3d-tiles.md, b3d.build):
// NavMesh.Build end to end with its stages `polygons`, `detail` (per tile,
// b3d.poly.values, b3d.detail.values), `tiles`, `mesh` and `links`
// (conformance/runner/ops/navmesh_build.cpp; nav.serialize,
// nav.mesh-bytes, nav.links-bytes).
//
// Provenance. The expected hashes are the reference's (src/onepath at the
// commit that wrote them): there is no independent whole-mesh oracle. What
// stands behind them is the stage families (build3d/spans, regions,
// contours, polys: Recast and brute-force oracles), the Detour
// differential of the stitching, and the checks made here before a vector
// is written: the build with 8 threads gives the same three stages as with
// 1 (b3d.build.parallel), and every tile reads back from its bytes
// (nav.deserialize) and the mesh from the mesh's bytes (nav.mesh-bytes),
// byte for byte. A port that diverges learns the first diverging stage.
//
// Inputs:
//  mesh-levels/levels.jsonl
//           every level kind of conformance/generators/levels.hpp at size
//           kLevelSize, seed 2900 + the kind's number, with each of the three
//           presets of b3d.presets (MeshPresets, build3d_fields.hpp), given
//           by recipe ({"level": {"kind", "size", "seed"}}).
//  mesh-levels/errors.jsonl
//           the errors of 000 §6 the build raises, each with its fields as
//           the clause gives them: Threads 0 and 65 (b3d.build), the
//           vertical reach (b3d.poly.rows: the hand soup of
//           conformance/tests/test_navmesh_build.cpp's
//           FirstFailingTileInBuildOrderDecides, reach 104 computed there),
//           the layer limit (b3d.tile-layers: a chunk of 1025 stacked
//           floors), the vertices per layer (b3d.tile-data: the level
//           recipe pits at size 444, WriteVertexLimit) and a polygon's
//           detail triangles (b3d.detail.limit: a heightfield whose
//           square is refined over a paraboloid, WriteDetailLimit), and the
//           region ids (b3d.region.ids: the pits at size 888,
//           WriteRegionLimit), each type and field derived by hand there.
//  mesh-layers-chunk/chunks.jsonl
//           voxel chunks of stacked floors (StackedChunk below: a ground,
//           two floors above it over seeded rectangles with seeded holes,
//           a stair from the ground up to the first floor), Partition =
//           Layers: the preset large-agent-layers, and recast-demo and fine
//           with Partition = Layers.
//           Then BridgeChunk below (recast-demo, Partition = Layers): a
//           stair from a ground up to a platform over that ground, two
//           adjacent regions sharing columns (b3d.tile-layers).
//
//   gen_golden_build3d_mesh OUT_DIR mesh-levels|mesh-layers-chunk
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "conformance/generators/build3d_fields.hpp"
#include "conformance/generators/levels.hpp"
#include "conformance/runner/adapter_protocol.hpp"
#include "conformance/runner/operations.hpp"
#include "tools/golden/build3d_json.hpp"
#include "tools/golden/jsonl_writer.hpp"
#include "tools/golden/region_vectors.hpp"
// src/ headers: the settings, and the bytes read back.
#include "onepath/build3d/settings.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/navmesh.hpp"

namespace {

using nlohmann::json;
using onepath::Sha256Hex;
using onepath::build3d::NavSettings;
using onepath::build3d::Partition;
using onepath::golden::Fail;
using onepath::golden::Mix;
using onepath::golden::Reparsed;
using onepath::golden::SettingsJson;
namespace conf = onepath::conformance;
namespace gen = onepath::gen;
using Bytes = std::vector<std::uint8_t>;

const std::string kOp = "NavMesh.Build";
const std::string kShortOp = "b3d_mesh";
constexpr int kLevelSize = 48;

std::string Key(const json& input) {
  onepath::CanonicalWriter w;
  conf::FindOperation(kOp)->key(w, input);
  return Sha256Hex(w.bytes()).substr(0, 12);
}

const json kClauses = {"b3d.build",   "b3d.tile-flow",    "b3d.tile-order", "b3d.tile-data",
                       "b3d.presets", "nav.serialize",    "nav.mesh",       "nav.mesh-bytes",
                       "nav.stitch",  "nav.stitch.order", "nav.links-bytes"};

// The reference's three stages, checked as the header says.
json Positive(const std::string& kind, const json& input, json clauses, const json& flags,
              const std::string& source) {
  const json in = Reparsed(input);
  const json stages = conf::RunStages(kOp, in);
  json eight = in;
  eight["threads"] = 8;
  if (conf::RunStages(kOp, eight) != stages)
    Fail(kOp + ": 8 threads give other stages than 1", input);
  const Bytes mesh = conf::FromHex(stages.at("mesh").get<std::string>());
  if (onepath::navmesh::Serialize(onepath::navmesh::NavMesh::Deserialize(mesh)) != mesh)
    Fail(kOp + ": the mesh does not read back byte for byte", input);
  // A flag for a mesh with tiles on layers above 0 (b3d.tile-layers).
  json allFlags = flags;
  int layers = 0;
  const onepath::navmesh::NavMesh back = onepath::navmesh::NavMesh::Deserialize(mesh);
  for (const onepath::navmesh::NavTile* tile : back.Tiles())
    layers = std::max(layers, tile->layer() + 1);
  if (layers > 1) allFlags.push_back(fmt::format("layers_{}", layers));
  const Bytes links = conf::FromHex(stages.at("links").get<std::string>());
  if (conf::RunOperation(kOp, in) != links)
    Fail(kOp + ": the output is not the stage links", input);
  return {{"id", fmt::format("{}/{}/{}", kShortOp, kind, Key(input))},
          {"op", kOp},
          {"clauses", clauses},
          {"input", input},
          {"expect",
           {{"sha256", Sha256Hex(links)},
            {"stages",
             {{"polygons", Sha256Hex(conf::FromHex(stages.at("polygons").get<std::string>()))},
              {"detail", Sha256Hex(conf::FromHex(stages.at("detail").get<std::string>()))},
              {"tiles", Sha256Hex(conf::FromHex(stages.at("tiles").get<std::string>()))},
              {"mesh", Sha256Hex(mesh)},
              {"links", Sha256Hex(links)}}}}},
          {"flags", allFlags},
          {"provenance",
           source + "; expected from the reference (src/onepath) at the commit that wrote this "
                    "file: there is no independent whole-mesh oracle (the stages are checked by "
                    "the build3d/* families and the Detour stitching differential); 8 threads "
                    "give the same stages as 1 and the mesh's bytes read back byte for byte"}};
}

// ---- mesh-levels ----

void WriteLevels(onepath::golden::JsonlWriter& w) {
  int number = 0;
  for (const gen::LevelKind kind : gen::AllLevelKinds()) {
    const std::uint64_t seed = 2900 + number++;
    for (const gen::MeshPreset& preset : gen::MeshPresets()) {
      const json input = {
          {"level", {{"kind", gen::LevelKindName(kind)}, {"size", kLevelSize}, {"seed", seed}}},
          {"settings", SettingsJson(preset.settings)},
          {"threads", 1}};
      json clauses = kClauses;
      clauses.push_back("b3d.soup");
      clauses.push_back("b3d.soup-tiles");
      if (preset.settings.Partition == Partition::Layers) clauses.push_back("b3d.tile-layers");
      w.Add(Positive("level", input, clauses, {gen::LevelKindName(kind), preset.name},
                     fmt::format("generated in tools/golden/gen_build3d_mesh.cpp: the level "
                                 "recipe of conformance/generators/levels.hpp ({}, size {}, "
                                 "seed {}), preset {} (b3d.presets)",
                                 gen::LevelKindName(kind), kLevelSize, seed, preset.name)));
    }
  }
}

// b3d.soup: a floor quad [x0, x1] x [z0, z1] at height y, facing up (as
// test_navmesh_build.cpp's AddFloor).
void AddFloor(json& soup, double x0, double z0, double x1, double z1, double y) {
  const auto base = static_cast<std::int64_t>(soup["vertices"].size() / 3);
  for (const double v : {x0, y, z0, x0, y, z1, x1, y, z1, x1, y, z0}) soup["vertices"].push_back(v);
  for (const std::int64_t i : {0, 1, 2, 0, 2, 3}) soup["indices"].push_back(base + i);
}

NavSettings UnitFloorSettings() {
  NavSettings s;
  s.CellSize = 1.0;
  s.CellHeight = 1.0;
  s.TileSize = 4;
  s.AgentHeight = 2;
  s.AgentMaxClimb = 1;
  s.AgentRadius = 0;
  s.MinRegionArea = 0;
  s.MergeRegionArea = 0;
  return s;
}

// A chunk as the runner reads it: voxels a string of 0 and 1.
json ChunkJson(std::int64_t sx, std::int64_t sy, std::int64_t sz, const std::vector<bool>& solid) {
  std::string voxels;
  voxels.reserve(solid.size());
  for (const bool b : solid) voxels.push_back(b ? '1' : '0');
  return {{"sizeX", sx}, {"sizeY", sy}, {"sizeZ", sz}, {"voxels", voxels}};
}

// The recipe pits at `size` in one tile of `tileSize` (cells and rows of
// 1, AgentMaxClimb 1, Monotone, ContourMaxError 0.5, no detail): the input
// of WriteVertexLimit and WriteRegionLimit.
json PitsInput(int size, double tileSize) {
  NavSettings s = UnitFloorSettings();
  s.TileSize = tileSize;
  s.AgentMaxClimb = 1;
  s.Partition = Partition::Monotone;
  s.ContourMaxError = 0.5;
  s.DetailSampleDistance = 0;
  return {{"level", {{"kind", "pits"}, {"size", size}, {"seed", 1}}},
          {"settings", SettingsJson(s)},
          {"threads", 1}};
}

// b3d.tile-data (limit 4): more than 65,536 vertices in a tile layer, from
// the level recipe "pits" (levels.hpp) at size 444: 111 x 148 = 16,428
// pits (cells [4a + 1, 4a + 3] x [3b + 1, 3b + 2], a = 0 .. 110, b = 0 ..
// 147, the heightmap's only flat cells, at height 0, two cells by one).
// Settings: cells and rows of 1, TileSize 450 (TileCells 450, B = 3: the
// level [0, 444] lies in tile (0, 0) alone, b3d.soup-tiles), AgentHeight 2
// (WalkableHeight 2), AgentMaxClimb 1 (WalkableClimb 1), AgentRadius 0 (no
// erosion), slope 45 degrees, Partition = Monotone, MinRegionArea and
// MergeRegionArea 0, ContourMaxError 0.5, MaxEdgeLength 12 (12 cells),
// detail off (DetailSampleDistance 0). Derivation, stage by stage:
//  - b3d.span.classify: a pit's four triangles are flat (walkable, 63);
//    every other triangle rises 4 over one unit or more (steeper than
//    45 degrees, area 0).
//  - b3d.span.rasterize: a pit column holds one span one row high at the
//    floor, area 63; the wall triangles that touch it along its sides do
//    so at height 0 (their pit-side vertices) and merge into that span
//    keeping 63 (b3d.span.add: equal tops, the larger area). Every other
//    column has a corner at height 0 and one at 4 or 8 in its cell, so one
//    span from the floor's row up by 4 rows or more, area 0.
//  - b3d.span.ledges: a pit's neighbours are its other cell (the same
//    span) and wall columns whose span starts at the pit's row (no space
//    under it) and tops >= 3 rows above the pit's top: > WalkableClimb 1,
//    not a drop and not reachable, so the pit stays walkable.
//  - compaction and regions: the two spans of a pit are connected to each
//    other and to nothing else, so Monotone gives each pit one region
//    (16,428 <= 65,534, b3d.region.ids), none removed or merged (areas 0),
//    all inside the tile's core.
//  - contours (b3d.contour.initial, .distance, .refine): the walk around
//    a pit's two cells has six raw corners; none has a region beyond, so
//    the initial points are its lower-left (x0, z0) and upper-right
//    (x0 + 2, z0 + 1) corners; of the other corners (x0 + 2, z0) and
//    (x0, z0 + 1) lie 0.8 (squared) from that diagonal, (x0 + 1, z0) and
//    (x0 + 1, z0 + 1) 0.2, so with limit 0.5^2 = 0.25 the two far corners
//    are kept and the middle ones then lie on the new segments: four
//    vertices; no edge is longer than 12 cells (no split).
//  - polygons: each contour is one quad; no two pits share a corner (two
//    cells apart), so the mesh has 4 x 16,428 = 65,712 vertices, every one
//    used by a polygon.
//  - layers: Partition = Monotone gives one layer (b3d.tile-layers), so
//    layer 0 holds all 65,712 vertices > 65,536: InvalidOperationException,
//    argument "vertices", tileX 0, tileZ 0, layer 0, count 65,712
//    (b3d.tile-data limit 4; the rows, the reach and the detail pass).
void WriteVertexLimit(onepath::golden::JsonlWriter& w) {
  const json input = PitsInput(444, 450);
  w.Add(onepath::golden::Negative(
      kOp, kShortOp, "vertices", Key(input),
      {"b3d.build", "b3d.tile-flow", "b3d.tile-data", "b3d.soup", "b3d.errors"}, input,
      "InvalidOperationException",
      {{"argument", "vertices"}, {"tileX", 0}, {"tileZ", 0}, {"layer", 0}, {"count", 65712}},
      "hand-made in tools/golden/gen_build3d_mesh.cpp (WriteVertexLimit: the derivation): the "
      "level recipe pits of conformance/generators/levels.hpp at size 444, cells of 1, one "
      "tile: 111 x 148 = 16,428 pits of two cells, each a region and a quad of its own, no "
      "corner shared, so 4 x 16,428 = 65,712 vertices in layer 0 of tile (0, 0) > 65,536; "
      "type and fields from b3d.tile-data (limit 4)"));
}

// b3d.region.ids inside a build (b3d.tile-flow): the pits of
// WriteVertexLimit at size 888 (a multiple of 12, the least with enough
// pits): pits a = 0 .. 221 (4a + 3 <= 888), b = 0 .. 295 (3b + 2 <= 888),
// 222 x 296 = 65,712 pits, each one Monotone region of its own (the
// derivation of WriteVertexLimit, stage by stage, up to the regions, does
// not depend on the size), none removed or merged (areas 0). The final
// count (b3d.region.renumber) is one more than the surviving regions,
// record N's id owning no span: RegionCount = 65,713 > 65,534, so the
// partition throws InvalidOperationException, argument "regions", count
// 65,713 (b3d.region.ids), and the build adds the tile's tileX 0, tileZ 0
// (b3d.tile-flow, 000 §6's table: limits found while building). TileSize
// 900 (TileCells 900, B = 3) holds the level [0, 888] in tile (0, 0)
// alone. The regions come before the vertices, so b3d.tile-data's limit 4
// (4 x 65,712 vertices) is not reached.
void WriteRegionLimit(onepath::golden::JsonlWriter& w) {
  const json input = PitsInput(888, 900);
  w.Add(onepath::golden::Negative(
      kOp, kShortOp, "regions", Key(input),
      {"b3d.build", "b3d.tile-flow", "b3d.region.ids", "b3d.region.renumber", "b3d.soup",
       "b3d.errors"},
      input, "InvalidOperationException",
      {{"argument", "regions"}, {"tileX", 0}, {"tileZ", 0}, {"count", 65713}},
      "hand-made in tools/golden/gen_build3d_mesh.cpp (WriteRegionLimit: the derivation): the "
      "level recipe pits at size 888, cells of 1, one tile: 222 x 296 = 65,712 pits of two "
      "cells, each a Monotone region of its own; RegionCount is one more (b3d.region.renumber: "
      "the last final id owns no span) = 65,713 > 65,534: type and fields from b3d.region.ids, "
      "the tile's key added by the build (b3d.tile-flow)"));
}

// b3d.detail.limit inside a build: the paraboloid of
// test_build3d_detail.cpp (MoreThan255TrianglesThrows, 504 triangles derived
// there) made by the build itself from a heightfield input of 36 x 36
// columns, one span [0, r) each (b3d.heightfield-input); with B = 3, input
// cell i is grid cell g = i + 3. Columns: the ring i or k in {0, 35} (grid
// 3, 38) r = 73, area 0 (a wall, so that the rim is no ledge,
// b3d.span.ledges); the rim i or k in {1, 34} (grid 4, 37) r = 73, area
// 63; the inside (grid 5 .. 36) area 63 and r = 1 + (u^2 - 1)/8 + (v^2 -
// 1)/8 with u = S(gx) - 21, v = S(gz) - 21, S(g) = g for even g, g + 1 for
// odd g (so u, v odd in -15 .. 15, r in 1 .. 57). Settings: cells and
// rows of 1, TileSize 40 (one tile, TileCells 40), AgentHeight 2,
// AgentMaxClimb 80 (WalkableClimb 80, R = 81), AgentRadius 0, Monotone,
// region areas 0, MaxEdgeLength 0 (no split), DetailSampleDistance 2 (sd
// = 2), DetailMaxError 0. Derivation:
//  - no walkable span is a ledge (neighbours differ by at most 73 - 29 =
//    44 <= 80 rows; the ring is there), all are connected: one region
//    (Monotone: one run per row), the square of grid cells 4 .. 37;
//  - its contour is the square's four corners (4, 4), (38, 4), (38, 38),
//    (4, 38) at row 73 (b3d.contour.corner: the rim and ring are 73): one
//    quad, polygon 0; minRow = maxRow = 73, reach 162 <= MaxLocalExtent;
//  - detail: every edge point reads the rim or ring at 73 (NearestRow over
//    grid cells 3, 4 or 37, 38 across the edge), deviation 0, so none is
//    kept (L = 0); the samples are at grid 6, 8, .., 36 in x and z (minX +
//    2i < 38, each 2 > sd/2 from every edge): 256, each reading the two
//    columns S maps to it, at the row above. With stored y = row - 73
//    every corner and sample lies on y = ((x - 18)^2 + (z - 18)^2)/8 -
//    72.25 (local x = g - 3), so a live sample, strictly inside its
//    triangle's circumcircle, lies strictly below its plane: error > 0 =
//    DetailMaxError. No sample is on the hull or a vertex, so V grows from
//    4 to 255 by 251 insertions of two triangles each after the hull's
//    two: 504 triangles > 255: InvalidOperationException, tileX 0, tileZ 0,
//    polygon 0, count 504 (b3d.detail.limit).
void WriteDetailLimit(onepath::golden::JsonlWriter& w) {
  const int n = 36;
  const auto sampleOf = [](int g) { return g % 2 == 0 ? g : g + 1; };
  json columns = json::array();
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < n; ++i) {
      const bool ring = i == 0 || k == 0 || i == n - 1 || k == n - 1;
      const bool rim = !ring && (i == 1 || k == 1 || i == n - 2 || k == n - 2);
      int r = 73;
      if (!ring && !rim) {
        const int u = sampleOf(i + 3) - 21, v = sampleOf(k + 3) - 21;
        r = 1 + (u * u - 1) / 8 + (v * v - 1) / 8;
      }
      columns.push_back(json::array({json::array({0, r, ring ? 0 : 63})}));
    }
  NavSettings s = UnitFloorSettings();
  s.TileSize = 40;
  s.AgentMaxClimb = 80;
  s.Partition = Partition::Monotone;
  s.MaxEdgeLength = 0;
  s.DetailSampleDistance = 2;
  s.DetailMaxError = 0;
  const json input = {
      {"heightfieldInput",
       {{"width", n}, {"depth", n}, {"rows", 80}, {"originY", 0.0}, {"columns", columns}}},
      {"settings", SettingsJson(s)},
      {"threads", 1}};
  w.Add(onepath::golden::Negative(
      kOp, kShortOp, "detail_triangles", Key(input),
      {"b3d.build", "b3d.tile-flow", "b3d.detail.limit", "b3d.detail.refine",
       "b3d.heightfield-input", "b3d.errors"},
      input, "InvalidOperationException",
      {{"tileX", 0}, {"tileZ", 0}, {"count", 504}, {"polygon", 0}},
      "hand-made in tools/golden/gen_build3d_mesh.cpp (WriteDetailLimit: the derivation): a "
      "heightfield of 36 x 36 columns whose one region is a square polygon over a paraboloid "
      "of samples (test_build3d_detail.cpp, MoreThan255TrianglesThrows, made by the build), "
      "DetailMaxError 0: every sample has an error > 0, V reaches 255, 2 + 2 x 251 = 504 "
      "triangles in polygon 0 of tile (0, 0) > 255; type and fields from b3d.detail.limit"));
}

void WriteErrors(onepath::golden::JsonlWriter& w) {
  const json level = {{"kind", "rooms"}, {"size", kLevelSize}, {"seed", 2900}};
  // b3d.build: Threads out of 1 .. 64, checked before the settings.
  for (const int threads : {0, 65}) {
    const json input = {
        {"level", level}, {"settings", SettingsJson(NavSettings{})}, {"threads", threads}};
    w.Add(onepath::golden::Negative(
        kOp, kShortOp, "bad_threads", Key(input), {"b3d.build", "b3d.errors"}, input,
        "ArgumentOutOfRangeException",
        {{"argument", "threads"}, {"value", conf::DoubleToJson(threads)}},
        fmt::format("hand-made in tools/golden/gen_build3d_mesh.cpp: Threads {} (1 ... 64); "
                    "type and fields from b3d.build",
                    threads)));
  }
  // b3d.poly.rows: the reach 104 > MaxLocalExtent 100 of tile (1, 0)
  // (test_navmesh_build.cpp, FirstFailingTileInBuildOrderDecides: rows 2
  // and 102, (102 - 2 + 2 (1 + 1)) x 1 = 104; tile (1, 0) is the first
  // failing tile in build order).
  {
    json soup = {{"vertices", json::array()}, {"indices", json::array()}};
    AddFloor(soup, 0, 0, 8, 8, 0);
    AddFloor(soup, 4, 0, 8, 4, 100);
    AddFloor(soup, 0, 4, 4, 8, 100);
    NavSettings s = UnitFloorSettings();
    s.MaxLocalExtent = 100;
    for (const int threads : {1, 8}) {
      const json input = {{"soup", soup}, {"settings", SettingsJson(s)}, {"threads", threads}};
      w.Add(onepath::golden::Negative(
          kOp, kShortOp, "reach", Key(input),
          {"b3d.build", "b3d.tile-flow", "b3d.tile-order", "b3d.poly.rows", "b3d.errors"}, input,
          "InvalidOperationException",
          {{"argument", "reach"}, {"value", 104.0}, {"tileX", 1}, {"tileZ", 0}},
          fmt::format("hand-made in tools/golden/gen_build3d_mesh.cpp: two floors 100 apart "
                      "over tiles (1, 0) and (0, 1), reach (102 - 2 + 2 (1 + 1)) x 1 = 104 > "
                      "MaxLocalExtent 100 (b3d.poly.rows), tile (1, 0) first in build order "
                      "(b3d.tile-order), {} thread(s)",
                      threads)));
    }
  }
  // b3d.tile-layers: 1025 floors stacked 3 rows apart over a chunk of 3 x 3
  // columns (one voxel each at rows 3k; two empty rows above each, the
  // agent 2 rows high, climb 0, radius 0; the ledge filter leaves the
  // centre span of each floor walkable), Partition = Layers: every floor
  // is a region of its own over the same column, so each takes a new
  // layer and the 1025th exceeds the limit of 1024 in tile (0, 0).
  {
    const std::int64_t n = 1025, sx = 3, sz = 3, sy = 3 * n;
    std::vector<bool> solid(static_cast<std::size_t>(sx * sy * sz), false);
    for (std::int64_t k = 0; k < sz; ++k)
      for (std::int64_t f = 0; f < n; ++f)
        for (std::int64_t i = 0; i < sx; ++i) solid[i + sx * (3 * f + sy * k)] = true;
    NavSettings s = UnitFloorSettings();
    s.TileSize = 8;
    s.AgentMaxClimb = 0;
    s.Partition = Partition::Layers;
    const json input = {
        {"chunk", ChunkJson(sx, sy, sz, solid)}, {"settings", SettingsJson(s)}, {"threads", 1}};
    w.Add(onepath::golden::Negative(
        kOp, kShortOp, "layers", Key(input),
        {"b3d.build", "b3d.tile-flow", "b3d.tile-layers", "b3d.chunk-input", "b3d.errors"}, input,
        "InvalidOperationException",
        {{"argument", "layers"}, {"tileX", 0}, {"tileZ", 0}, {"count", n}},
        "hand-made in tools/golden/gen_build3d_mesh.cpp: 1025 floors stacked over 3 x 3 "
        "columns, Partition = Layers, one region and one layer each; type and fields from "
        "b3d.tile-layers (count = 1025 > 1024)"));
  }
  WriteVertexLimit(w);
  WriteDetailLimit(w);
  WriteRegionLimit(w);
}

// ---- mesh-layers-chunk ----

// 48 x 56 x 48 voxels: a ground (rows 0, 1) with seeded holes; floors at
// rows 24-25 and 48-49 (22 empty rows between, room for every preset's
// agent) over seeded rectangles with a seeded 3 x 3 hole each, the first
// starting at x >= 24; a stair of 23 steps (one row each, 4 cells wide)
// from the ground up to the first floor's west side.
json StackedChunk(std::uint64_t seed) {
  const std::int64_t sx = 48, sy = 56, sz = 48;
  std::vector<bool> v(static_cast<std::size_t>(sx * sy * sz), false);
  const auto put = [&](std::int64_t i, std::int64_t j, std::int64_t k, bool solid) {
    if (i >= 0 && i < sx && j >= 0 && j < sy && k >= 0 && k < sz) v[i + sx * (j + sy * k)] = solid;
  };
  Mix r{seed};
  for (std::int64_t k = 0; k < sz; ++k)
    for (std::int64_t i = 0; i < sx; ++i)
      for (std::int64_t j = 0; j < 2; ++j) put(i, j, k, true);
  for (int h = 0; h < 3; ++h) {  // holes in the ground, 3 .. 8 cells
    const std::int64_t x = r.Below(40), z = r.Below(40), w = 3 + r.Below(6), d = 3 + r.Below(6);
    for (std::int64_t k = z; k < z + d; ++k)
      for (std::int64_t i = x; i < x + w; ++i)
        for (std::int64_t j = 0; j < 2; ++j) put(i, j, k, false);
  }
  std::int64_t firstX0 = 0, firstZ0 = 0;
  for (int f = 1; f <= 2; ++f) {
    const std::int64_t x0 = f == 1 ? 24 + r.Below(8) : 4 + r.Below(20);
    const std::int64_t z0 = 4 + r.Below(20);
    const std::int64_t x1 = std::min<std::int64_t>(sx, x0 + 12 + r.Below(14));
    const std::int64_t z1 = z0 + 12 + r.Below(14);
    const std::int64_t y = 24 * f;
    for (std::int64_t k = z0; k < z1; ++k)
      for (std::int64_t i = x0; i < x1; ++i) {
        put(i, y, k, true);
        put(i, y + 1, k, true);
      }
    const std::int64_t hx = x0 + 3 + r.Below(6), hz = z0 + 3 + r.Below(6);
    for (std::int64_t k = hz; k < hz + 3; ++k)
      for (std::int64_t i = hx; i < hx + 3; ++i) {
        put(i, y, k, false);
        put(i, y + 1, k, false);
      }
    if (f == 1) firstX0 = x0, firstZ0 = z0;
  }
  // Step s (0 .. 22) at column firstX0 - 23 + s is solid from row 0 to
  // row 2 + s, the last one row below the floor's top row 25.
  for (std::int64_t s = 0; s < 23; ++s)
    for (std::int64_t k = firstZ0; k < firstZ0 + 4; ++k)
      for (std::int64_t j = 0; j <= 2 + s; ++j) put(firstX0 - 23 + s, j, k, true);
  return ChunkJson(sx, sy, sz, v);
}

void WriteChunks(onepath::golden::JsonlWriter& w) {
  std::vector<gen::MeshPreset> presets = gen::MeshPresets();
  for (gen::MeshPreset& p : presets) p.settings.Partition = Partition::Layers;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const json chunk = StackedChunk(29000 + seed);
    for (const gen::MeshPreset& preset : presets) {
      const json input = {
          {"chunk", chunk}, {"settings", SettingsJson(preset.settings)}, {"threads", 1}};
      json clauses = kClauses;
      clauses.push_back("b3d.chunk-input");
      clauses.push_back("b3d.voxel-mapping");
      clauses.push_back("b3d.tile-layers");
      w.Add(Positive(
          "chunk", input, clauses, {"stacked_floors", preset.name},
          fmt::format("generated in tools/golden/gen_build3d_mesh.cpp: StackedChunk({}), preset "
                      "{} with Partition = Layers (b3d.presets)",
                      29000 + seed, preset.name)));
    }
  }
}

// 32 x 32 x 32 voxels, one tile of every preset (32 cells): a ground (rows
// 0, 1) everywhere but under a stair; a stair of 12 steps (two rows each,
// cells 6 .. 25 in z) from the ground at x = 6 up to a platform at rows
// 24-25 over the ground at x = 18 .. 29 (22 empty rows between, room for
// every preset's agent).
// The ground and the platform share columns, so the layer partition keeps
// them in two layer regions (b3d.region.layers), and the stair joins them:
// two adjacent regions sharing columns (b3d.tile-layers' adjacency, the
// second region visited finds its neighbour's layer taken).
json BridgeChunk() {
  const std::int64_t sx = 32, sy = 32, sz = 32;
  std::vector<bool> v(static_cast<std::size_t>(sx * sy * sz), false);
  const auto put = [&](std::int64_t i, std::int64_t j, std::int64_t k) {
    v[static_cast<std::size_t>(i + sx * (j + sy * k))] = true;
  };
  for (std::int64_t k = 0; k < sz; ++k)
    for (std::int64_t i = 0; i < sx; ++i)
      for (std::int64_t j = 0; j < 2; ++j) put(i, j, k);
  // Step s (0 .. 11) at column 6 + s is solid from row 0 to row 3 + 2 s,
  // the last one (row 25) level with the platform's top row.
  for (std::int64_t s = 0; s < 12; ++s)
    for (std::int64_t k = 6; k < 26; ++k)
      for (std::int64_t j = 0; j <= 3 + 2 * s; ++j) put(6 + s, j, k);
  for (std::int64_t k = 6; k < 26; ++k)
    for (std::int64_t i = 18; i < 30; ++i)
      for (std::int64_t j = 24; j < 26; ++j) put(i, j, k);
  return ChunkJson(sx, sy, sz, v);
}

// BridgeChunk with recast-demo and Partition = Layers. (With fine and
// large-agent-layers the partition leaves the ground under the platform a
// region no other region touches in the tile's core: no adjacency.)
void WriteBridgeChunk(onepath::golden::JsonlWriter& w) {
  NavSettings settings = gen::MeshPresetSettings("recast-demo");
  settings.Partition = Partition::Layers;
  const json input = {
      {"chunk", BridgeChunk()}, {"settings", SettingsJson(settings)}, {"threads", 1}};
  json clauses = kClauses;
  clauses.push_back("b3d.chunk-input");
  clauses.push_back("b3d.voxel-mapping");
  clauses.push_back("b3d.tile-layers");
  w.Add(Positive("chunk", input, clauses, {"bridge", "recast-demo"},
                 "generated in tools/golden/gen_build3d_mesh.cpp: BridgeChunk(), preset "
                 "recast-demo with Partition = Layers (b3d.presets)"));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s OUT_DIR mesh-levels|mesh-layers-chunk\n", argv[0]);
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  const std::string family = argv[2];
  std::filesystem::create_directories(dir);
  if (family == "mesh-levels") {
    onepath::golden::JsonlWriter w(dir / "levels.jsonl");
    WriteLevels(w);
    w.PrintCount();
    onepath::golden::JsonlWriter e(dir / "errors.jsonl");
    WriteErrors(e);
    e.PrintCount();
  } else if (family == "mesh-layers-chunk") {
    onepath::golden::JsonlWriter w(dir / "chunks.jsonl");
    WriteChunks(w);
    WriteBridgeChunk(w);
    w.PrintCount();
  } else {
    std::fprintf(stderr, "unknown family %s\n", family.c_str());
    return 2;
  }
  return 0;
}
