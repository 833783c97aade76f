// Writes the golden family `build3d/spans` (docs/spec/build3d-spans.md,
// b3d.span.*; build3d-tiles.md, b3d.*): one operation per span stage and
// Mesh3DPipeline.TileSpans with every stage (golden/README.md gives the
// JSON forms).
//
// Expected hashes come from the reference (src/onepath/build3d). Where
// Recast computes the same thing, Recast (oracles/recast, Debian's
// librecast-dev driven as 1.6.0: b3d.span.recast) runs the stage on the
// same input and its canonical bytes must be the reference's, or the
// writer stops; the vector's provenance then says "equal to Recast's".
// Recast is comparable when:
//  - triangles: the oracle finds a binary32 angle whose threshold is the
//    slope cosine, or both thresholds next to it decide every triangle;
//  - spans (Rasterize): every tile triangle has lo.x >= bmin.x - csF/2 and
//    lo.z >= bmin.z - csF/2 (TriangleAvoidsLowEdgeDifference) and the grid
//    has at most 8190 rows (13-bit span tops);
//  - the filters, compaction, erosion, volumes: the stage's input has span
//    tops at most 8191 and at most 255 compact spans per column (the oracle
//    refuses the rest);
//  - never: the grid and the derived settings (Recast has no tile grid),
//    FromHeightfield and FromChunk (Recast has no such inputs).
// A stage vector takes the reference's value of the previous stage as its
// input (b3d.span.stage-input). Before a vector is written the runner must
// give the same bytes from its JSON text.
//
// Inputs:
//  level_<kind>  every level kind (conformance/generators/levels, size 16,
//                seed 1 .. n), cropped to the triangles of one tile: tile
//                (0, 0) for an odd seed (its grid starts before the level:
//                Recast rasterizes it), else tile (1 + (seed div 2 mod 2),
//                1 + (seed div 4 mod 2)) (its triangles cross the low grid
//                edges), the crop keeping exactly that tile's triangles, so
//                the tile is unchanged; odd seeds with an area volume.
//  hand          small hand-made soups: a floor, a steep face, two floors
//                with a low gap, a step just over the climb, triangles
//                crossing the low grid edges by less and by more than a
//                cell (no Recast: e75adf8 clips them otherwise), a soup
//                taller than 8190 rows (no Recast: 13-bit rows).
//                Last, WriteOutsideGrid: a tile-0 sliver outside its
//                binary32 grid box (OriginX = 1.25 + 2^-40); and
//                WriteNullAreaErode: Erode on a field with null-area spans;
//                WriteVolumesToTheEdge: MarkVolumes on a field with spans
//                of non-null area in its last row and column.
//  heightfield   HeightfieldInput drawn with SplitMix64(7): unsorted and
//                overlapping spans, rows up to 40.
//  chunk         VoxelChunk drawn with SplitMix64(11).
//  hand (last)   a hand-made heightfield of 5 x 4 columns with spans in its
//                edge columns, for the filters, compaction and an erosion
//                at WalkableRadius 127 (WriteEdgeColumns; issue 25), and
//                DeriveSettings at WalkableRadius 127.
// errors.jsonl: hand-made negative vectors, one per error of b3d.errors
// that these operations can raise, each expected error written here from
// the clause and checked against the reference.
//
//   gen_golden_build3d OUT_DIR [levels-per-kind (2)]
#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "conformance/generators/levels.hpp"
#include "conformance/generators/predicate_cases.hpp"
#include "conformance/runner/adapter_protocol.hpp"
#include "conformance/runner/operations.hpp"
#include "oracles/recast/recast_oracle.hpp"
#include "tools/golden/build3d_json.hpp"
#include "tools/golden/jsonl_writer.hpp"
#include "tools/golden/region_vectors.hpp"
// src/ headers.
#include "onepath/build3d/pipeline.hpp"
#include "onepath/build3d/span_pipeline.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"

namespace {

using nlohmann::json;
using onepath::Sha256Hex;
using namespace onepath::build3d;
namespace conf = onepath::conformance;
namespace ro = recast_oracle;
using Bytes = std::vector<std::uint8_t>;
using onepath::golden::CompactJson;
using onepath::golden::FlatColumns;
using onepath::golden::OracleCompact;
using onepath::golden::SettingsJson;

[[noreturn]] void Fail(const std::string& what, const json& input) {
  std::fprintf(stderr, "gen_golden_build3d: %s\ninput: %s\n", what.c_str(),
               input.dump().substr(0, 2000).c_str());
  std::exit(1);
}

json SoupJson(const TriangleSoup& soup) {
  json v = json::array();
  for (float f : soup.vertices) v.push_back(conf::DoubleToJson(f));
  return {{"vertices", v}, {"indices", soup.indices}};
}

json SpansJson(const std::vector<std::vector<Span>>& columns) {
  json list = json::array();
  for (const auto& column : columns) {
    json c = json::array();
    for (const Span& s : column) c.push_back({s.smin, s.smax, s.area});
    list.push_back(c);
  }
  return list;
}

json HeightfieldJson(const Heightfield& h) {
  return {{"width", h.width()}, {"depth", h.depth()}, {"columns", SpansJson(ColumnLists(h))}};
}

json VolumesJson(const std::vector<ConvexVolume>& volumes) {
  json list = json::array();
  for (const ConvexVolume& v : volumes) {
    json points = json::array();
    for (VolumePoint p : v.points) points.push_back({p.x, p.z});
    list.push_back({{"points", points}, {"minY", v.minY}, {"maxY", v.maxY}, {"area", v.area}});
  }
  return list;
}

// ---- the oracle's values ----

ro::Heightfield OracleHeightfield(const Heightfield& h) {
  ro::Heightfield o{static_cast<int>(h.width()), static_cast<int>(h.depth()), {}};
  for (const auto& column : ColumnLists(h)) {
    ro::SpanColumn& c = o.columns.emplace_back();
    for (const Span& s : column) c.push_back({s.smin, s.smax, s.area});
  }
  return o;
}

ro::Grid OracleGrid(const TileGrid& g) {
  return {g.width, g.rows, {g.bmin.x, g.bmin.y, g.bmin.z}, {g.bmax.x, g.bmax.y, g.bmax.z},
          g.csF,   g.chF};
}

// What Recast says of each stage: its bytes, or empty when not comparable
// (the reason in `why`).
struct OracleStage {
  std::optional<Bytes> bytes;
  std::string why;
};

template <typename T, typename ToBytes>
OracleStage FromOutcome(const ro::Outcome<T>& o, ToBytes to_bytes) {
  if (!o.Ok()) return {std::nullopt, o.error};
  return {to_bytes(o.value), ""};
}

OracleStage OracleHeightfieldStage(const ro::Outcome<ro::Heightfield>& o) {
  return FromOutcome(o, [](const ro::Heightfield& h) { return ro::HeightfieldBytes(h); });
}
OracleStage OracleCompactStage(const ro::Outcome<ro::CompactHeightfield>& o) {
  return FromOutcome(
      o, [](const ro::CompactHeightfield& h) { return ro::CompactHeightfieldBytes(h); });
}

// The stages of one soup tile by Recast, each on the reference's value of
// the previous stage.
struct OracleStages {
  std::map<std::string, OracleStage> stage;
};

// The volumes as the Recast oracle takes them.
std::vector<ro::Volume> OracleVolumes(const std::vector<ConvexVolume>& volumes) {
  std::vector<ro::Volume> ov;
  for (const ConvexVolume& v : volumes) {
    ro::Volume& r = ov.emplace_back();
    for (VolumePoint p : v.points) r.points.push_back({p.x, p.z});
    r.minY = v.minY;
    r.maxY = v.maxY;
    r.area = static_cast<std::uint8_t>(v.area);
  }
  return ov;
}

OracleStages RunOracle(const json& in, const Mesh3DTileSpans& t, const NavSettings& settings,
                       const std::vector<ConvexVolume>& volumes) {
  OracleStages o;
  DerivedSettings d = DeriveSettings(settings);
  ro::Grid grid = OracleGrid(t.grid);
  o.stage["grid"] = {std::nullopt, "Recast has no tile grid"};
  if (in.contains("soup") && t.triangles) {
    TriangleSoup soup;
    for (const json& v : in.at("soup").at("vertices")) soup.vertices.push_back(v.get<float>());
    for (const json& i : in.at("soup").at("indices")) soup.indices.push_back(i.get<std::int32_t>());
    std::vector<std::int32_t> tris;
    std::vector<std::uint32_t> indices;
    std::vector<std::uint8_t> areas;
    for (const TileTriangle& tt : t.triangles->triangles) {
      indices.push_back(tt.index);
      areas.push_back(tt.area);
      for (int k = 0; k < 3; ++k) tris.push_back(soup.indices[3 * tt.index + k]);
    }
    auto c =
        ro::ClassifyTriangles(soup.vertices, tris, d.slopeCosine, settings.AgentMaxSlopeDegrees);
    if (!c.Ok()) {
      o.stage["triangles"] = {std::nullopt, c.error};
    } else {
      bool decided = true;
      for (std::size_t k = 0; k < indices.size(); ++k) decided = decided && c.value.Decided(k);
      if (decided)
        o.stage["triangles"] = {ro::TrianglesBytes(indices, c.value.areasLenient), ""};
      else
        o.stage["triangles"] = {std::nullopt, "Recast's slope threshold leaves a triangle open"};
    }
    bool avoids = true;
    for (std::size_t k = 0; k < indices.size(); ++k)
      avoids = avoids && ro::TriangleAvoidsLowEdgeDifference(grid, soup.vertices, tris, k);
    if (!avoids)
      o.stage["spans"] = {std::nullopt, "a triangle starts over a cell before a low grid edge"};
    else if (grid.rows > ro::kMaxGridRows)
      o.stage["spans"] = {std::nullopt, "more than 8190 rows"};
    else
      o.stage["spans"] =
          OracleHeightfieldStage(ro::Rasterize(grid, soup.vertices, tris, areas, d.walkableClimb));
  } else {
    o.stage["triangles"] = {std::nullopt, "not a soup"};
    o.stage["spans"] = {std::nullopt, "Recast has no heightfield or chunk input"};
  }
  o.stage["low-hanging"] = OracleHeightfieldStage(
      ro::FilterLowHangingObstacles(OracleHeightfield(t.spans), d.walkableClimb));
  o.stage["ledges"] = OracleHeightfieldStage(
      ro::FilterLedgeSpans(OracleHeightfield(t.lowHanging), d.walkableHeight, d.walkableClimb));
  o.stage["low-height"] = OracleHeightfieldStage(
      ro::FilterLowHeightSpans(OracleHeightfield(t.ledges), d.walkableHeight));
  o.stage["compact"] = OracleCompactStage(
      ro::Compact(OracleHeightfield(t.lowHeight), d.walkableHeight, d.walkableClimb));
  o.stage["eroded"] = OracleCompactStage(ro::Erode(OracleCompact(t.compact), d.walkableRadius));
  const std::vector<ro::Volume> ov = OracleVolumes(volumes);
  o.stage["volumes"] = OracleCompactStage(ro::MarkVolumes(OracleCompact(t.eroded), grid, ov));
  return o;
}

// ---- vectors ----

std::string Key(const std::string& op, const json& input) {
  onepath::CanonicalWriter w;
  conf::FindOperation(op)->key(w, input);
  return Sha256Hex(w.bytes()).substr(0, 12);
}

json Reparsed(const json& input) { return json::parse(input.dump()); }

// Short names for ids.
const std::map<std::string, std::string> kShort = {
    {"Mesh3DPipeline.DeriveSettings", "b3d_derive_settings"},
    {"Mesh3DPipeline.TileGrid", "b3d_tile_grid"},
    {"Voxelizer.ClassifyTriangles", "b3d_classify"},
    {"Voxelizer.Rasterize", "b3d_rasterize"},
    {"Voxelizer.FromHeightfield", "b3d_from_heightfield"},
    {"Voxelizer.FromChunk", "b3d_from_chunk"},
    {"SpanPipeline.FilterLowHangingObstacles", "b3d_low_hanging"},
    {"SpanPipeline.FilterLedgeSpans", "b3d_ledges"},
    {"SpanPipeline.FilterLowHeightSpans", "b3d_low_height"},
    {"SpanPipeline.Compact", "b3d_compact"},
    {"SpanPipeline.Erode", "b3d_erode"},
    {"SpanPipeline.MarkVolumes", "b3d_volumes"},
    {"Mesh3DPipeline.TileSpans", "b3d_tile_spans"}};

int g_recast_vectors = 0;

// A positive vector whose expected bytes are `bytes` (the reference's);
// `oracle`, when Recast computed the same thing, must be the same bytes.
json Positive(const std::string& op, const std::string& kind, const json& clauses,
              const json& input, const Bytes& bytes, const OracleStage& oracle,
              const std::string& source) {
  if (conf::RunOperation(op, Reparsed(input)) != bytes)
    Fail(op + ": the runner's bytes from the JSON input are not the reference's", input);
  std::string provenance = source + "; expected from the reference (src/onepath/build3d)";
  if (oracle.bytes) {
    if (*oracle.bytes != bytes) Fail(op + ": Recast's bytes differ from the reference's", input);
    provenance += ", equal to Recast's (oracles/recast, e75adf8 driven as 1.6.0, b3d.span.recast)";
    ++g_recast_vectors;
  } else {
    provenance += "; Recast not compared: " + oracle.why;
  }
  return {{"id", fmt::format("{}/{}/{}", kShort.at(op), kind, Key(op, input))},
          {"op", op},
          {"clauses", clauses},
          {"input", input},
          {"expect", {{"sha256", Sha256Hex(bytes)}}},
          {"flags", json::array({kind})},
          {"provenance", provenance}};
}

// The TileSpans vector with every stage's hash.
// ---- clause tags (docs/golden-format.md, "Clause tags") ----

// Whether some compact span is connected in some direction (then the
// numbering of b3d.span.directions decides which con[] byte holds it).
bool HasConnection(const CompactHeightfield& c) {
  for (const CompactSpan& s : c.spans())
    for (std::uint8_t k : s.con)
      if (k != 63) return true;
  return false;
}

json WithTags(json clauses, std::initializer_list<std::pair<bool, const char*>> tags) {
  for (const auto& [on, clause] : tags)
    if (on) clauses.push_back(clause);
  return clauses;
}

json TileSpansVector(const std::string& kind, const json& input, const Mesh3DTileSpans& t,
                     const OracleStages& oracle, const std::string& source) {
  const std::string op = "Mesh3DPipeline.TileSpans";
  json reported = conf::RunStages(op, Reparsed(input));
  json stages = json::object();
  std::vector<std::string> agree, not_compared;
  for (const auto& [name, hex] : reported.items()) {
    Bytes b = conf::FromHex(hex.get<std::string>());
    stages[name] = Sha256Hex(b);
    const OracleStage& o = oracle.stage.at(name);
    if (!o.bytes) {
      not_compared.push_back(name);
      continue;
    }
    if (*o.bytes != b) Fail(op + ": Recast's stage " + name + " differs", input);
    agree.push_back(name);
  }
  // A triangle reached the rasterizer (b3d.span.float, b3d.span.integers).
  const bool rasterized = t.triangles && !t.triangles->triangles.empty();
  Bytes out = conf::RunOperation(op, Reparsed(input));
  if (out != CanonicalBytes(t.volumes)) Fail(op + ": runner and reference differ", input);
  std::string provenance = source + "; expected from the reference (src/onepath/build3d)";
  if (!agree.empty()) {
    provenance +=
        "; stages equal to Recast's (oracles/recast, e75adf8 driven as 1.6.0, "
        "b3d.span.recast), each on the reference's previous stage: ";
    for (std::size_t k = 0; k < agree.size(); ++k) provenance += (k ? ", " : "") + agree[k];
    ++g_recast_vectors;
  }
  provenance += "; from the reference alone: ";
  for (std::size_t k = 0; k < not_compared.size(); ++k)
    provenance +=
        (k ? ", " : "") + not_compared[k] + " (" + oracle.stage.at(not_compared[k]).why + ")";
  return {
      {"id", fmt::format("{}/{}/{}", kShort.at(op), kind, Key(op, input))},
      {"op", op},
      {"clauses", WithTags({"b3d.span.stages", "b3d.grid", "b3d.span.rasterize", "b3d.span.compact",
                            "b3d.span.volumes", "b3d.span.compact-heightfield"},
                           {{rasterized, "b3d.span.float"},
                            {rasterized, "b3d.span.integers"},
                            {HasConnection(t.volumes), "b3d.span.directions"}})},
      {"input", input},
      {"expect", {{"sha256", Sha256Hex(out)}, {"stages", stages}}},
      {"flags", json::array({kind})},
      {"provenance", provenance}};
}

// Every vector of one tile: TileSpans, then each stage alone on the
// reference's previous stage.
void AddTile(onepath::golden::JsonlWriter& w, const std::string& kind, json input,
             const std::string& source) {
  NavSettings settings = [&] {
    // The runner's parse of the settings (ops/build3d.cpp) is the one used.
    json s = input.at("settings");
    NavSettings n;
    n.CellSize = s.at("CellSize");
    n.CellHeight = s.at("CellHeight");
    n.TileSize = s.at("TileSize");
    n.OriginX = s.at("OriginX");
    n.OriginZ = s.at("OriginZ");
    n.AgentHeight = s.at("AgentHeight");
    n.AgentRadius = s.at("AgentRadius");
    n.AgentMaxClimb = s.at("AgentMaxClimb");
    n.AgentMaxSlopeDegrees = s.at("AgentMaxSlopeDegrees");
    return n;
  }();
  std::vector<ConvexVolume> volumes;
  for (const json& v : input.value("volumes", json::array())) {
    ConvexVolume& c = volumes.emplace_back();
    for (const json& p : v.at("points")) c.points.push_back({p[0].get<float>(), p[1].get<float>()});
    c.minY = v.at("minY");
    c.maxY = v.at("maxY");
    c.area = v.at("area");
  }
  std::int64_t tx = input.at("tile")[0], tz = input.at("tile")[1];
  Mesh3DTileSpans t;
  if (input.contains("soup")) {
    TriangleSoup soup;
    for (const json& v : input.at("soup").at("vertices")) soup.vertices.push_back(v.get<float>());
    for (const json& i : input.at("soup").at("indices"))
      soup.indices.push_back(i.get<std::int32_t>());
    t = Mesh3DPipeline::TileSpans(soup, volumes, settings, tx, tz);
  } else if (input.contains("heightfieldInput")) {
    const json& h = input.at("heightfieldInput");
    HeightfieldInput hi{h.at("width").get<std::int64_t>(),
                        h.at("depth").get<std::int64_t>(),
                        h.at("rows").get<std::int64_t>(),
                        h.at("originY").get<double>(),
                        {}};
    for (const json& column : h.at("columns")) {
      auto& c = hi.columns.emplace_back();
      for (const json& s : column)
        c.push_back(
            {s[0].get<std::uint16_t>(), s[1].get<std::uint16_t>(), s[2].get<std::uint8_t>()});
    }
    t = Mesh3DPipeline::TileSpans(hi, volumes, settings, tx, tz);
  } else {
    const json& c = input.at("chunk");
    VoxelChunk chunk{c.at("sizeX").get<std::int64_t>(),
                     c.at("sizeY").get<std::int64_t>(),
                     c.at("sizeZ").get<std::int64_t>(),
                     {}};
    for (char ch : c.at("voxels").get<std::string>()) chunk.voxels.push_back(ch == '1');
    t = Mesh3DPipeline::TileSpans(chunk, volumes, settings, tx, tz);
  }
  OracleStages oracle = RunOracle(input, t, settings, volumes);
  w.Add(TileSpansVector(kind, input, t, oracle, source));

  json settings_json = input.at("settings");
  json tile = input.at("tile");
  json base = input;
  base.erase("volumes");
  w.Add(Positive("Mesh3DPipeline.TileGrid", kind,
                 {"b3d.grid", "b3d.tile-origin", "b3d.grid-vertical"}, base, CanonicalBytes(t.grid),
                 oracle.stage.at("grid"), source));
  if (input.contains("soup")) {
    w.Add(Positive("Voxelizer.ClassifyTriangles", kind,
                   WithTags({"b3d.span.classify", "b3d.triangle-selection", "b3d.may-be-walkable"},
                            {{!t.triangles->triangles.empty(), "b3d.span.float"}}),
                   base, CanonicalBytes(*t.triangles), oracle.stage.at("triangles"), source));
    json r = base;
    json areas = json::array();
    for (const TileTriangle& tt : t.triangles->triangles) areas.push_back(tt.area);
    r["areas"] = areas;
    w.Add(Positive("Voxelizer.Rasterize", kind,
                   WithTags({"b3d.span.rasterize", "b3d.span.split", "b3d.span.add",
                             "b3d.span.rows", "b3d.span.heightfield"},
                            {{!t.triangles->triangles.empty(), "b3d.span.float"},
                             {!t.triangles->triangles.empty(), "b3d.span.integers"}}),
                   r, CanonicalBytes(t.spans), oracle.stage.at("spans"), source));
  } else if (input.contains("heightfieldInput")) {
    w.Add(Positive(
        "Voxelizer.FromHeightfield", kind,
        {"b3d.span.from-heightfield", "b3d.span.add", "b3d.voxel-mapping", "b3d.span.heightfield"},
        base, CanonicalBytes(t.spans), oracle.stage.at("spans"), source));
  } else {
    w.Add(Positive("Voxelizer.FromChunk", kind,
                   {"b3d.span.from-chunk", "b3d.voxel-mapping", "b3d.span.heightfield"}, base,
                   CanonicalBytes(t.spans), oracle.stage.at("spans"), source));
  }
  auto filter = [&](const std::string& op, const std::string& clause, const Heightfield& in,
                    const Heightfield& out, const std::string& stage) {
    json j = {{"heightfield", HeightfieldJson(in)}, {"settings", settings_json}};
    w.Add(Positive(op, kind, {clause, "b3d.span.stage-input", "b3d.span.heightfield"}, j,
                   CanonicalBytes(out), oracle.stage.at(stage),
                   source + ", the reference's previous stage"));
  };
  filter("SpanPipeline.FilterLowHangingObstacles", "b3d.span.low-hanging", t.spans, t.lowHanging,
         "low-hanging");
  filter("SpanPipeline.FilterLedgeSpans", "b3d.span.ledges", t.lowHanging, t.ledges, "ledges");
  filter("SpanPipeline.FilterLowHeightSpans", "b3d.span.low-height", t.ledges, t.lowHeight,
         "low-height");
  w.Add(Positive("SpanPipeline.Compact", kind,
                 WithTags({"b3d.span.compact", "b3d.span.connect", "b3d.span.stage-input",
                           "b3d.span.heightfield", "b3d.span.compact-heightfield"},
                          {{HasConnection(t.compact), "b3d.span.directions"}}),
                 {{"heightfield", HeightfieldJson(t.lowHeight)}, {"settings", settings_json}},
                 CanonicalBytes(t.compact), oracle.stage.at("compact"),
                 source + ", the reference's previous stage"));
  w.Add(Positive("SpanPipeline.Erode", kind,
                 {"b3d.span.erode", "b3d.span.stage-input", "b3d.span.compact-heightfield"},
                 {{"compact", CompactJson(t.compact)}, {"settings", settings_json}},
                 CanonicalBytes(t.eroded), oracle.stage.at("eroded"),
                 source + ", the reference's previous stage"));
  json mv = input;
  mv["compact"] = CompactJson(t.eroded);
  w.Add(Positive(
      "SpanPipeline.MarkVolumes", kind,
      WithTags({"b3d.span.volumes", "b3d.span.stage-input", "b3d.span.compact-heightfield"},
               {{!volumes.empty(), "b3d.span.float"}, {!volumes.empty(), "b3d.span.integers"}}),
      mv, CanonicalBytes(t.volumes), oracle.stage.at("volumes"),
      source + ", the reference's previous stage"));
}

// Settings for the span vectors: cells of 0.25, rows of 0.125, tiles of 16
// cells; WalkableHeight 16, WalkableClimb 4, WalkableRadius 2, B 5.
NavSettings SpanSettings() {
  NavSettings s;
  s.CellSize = 0.25;
  s.CellHeight = 0.125;
  s.TileSize = 4.0;
  s.AgentHeight = 2.0;
  s.AgentRadius = 0.5;
  s.AgentMaxClimb = 0.5;
  return s;
}

// A volume over the tile: a quadrilateral around (cx, cz).
std::vector<ConvexVolume> SomeVolumes(float cx, float cz) {
  return {{{{cx - 1.5f, cz - 1.0f},
            {cx + 1.0f, cz - 1.5f},
            {cx + 1.5f, cz + 1.0f},
            {cx - 1.0f, cz + 1.5f}},
           -100.0f,
           100.0f,
           7}};
}

json TileInput(const char* key, const json& value, const NavSettings& s, std::int64_t tx,
               std::int64_t tz, const std::vector<ConvexVolume>& volumes) {
  json in = {{key, value}, {"settings", SettingsJson(s)}, {"tile", {tx, tz}}};
  if (!volumes.empty()) in["volumes"] = VolumesJson(volumes);
  return in;
}

void WriteLevels(onepath::golden::JsonlWriter& w, int per_kind) {
  NavSettings s = SpanSettings();
  DerivedSettings d = DeriveSettings(s);
  for (onepath::gen::LevelKind kind : onepath::gen::AllLevelKinds()) {
    for (int seed = 1; seed <= per_kind; ++seed) {
      onepath::gen::Level level = onepath::gen::MakeLevel({kind, 16, std::uint64_t(seed), 1});
      TriangleSoup full{level.soup.vertices, level.soup.indices};
      // Odd seeds: tile (0, 0), whose grid reaches before the level, so no
      // triangle crosses a low grid edge and Recast rasterizes it as 1.6.0
      // does; even seeds: an inner tile, whose triangles cross them.
      std::int64_t tx = seed % 2 ? 0 : 1 + seed / 2 % 2, tz = seed % 2 ? 0 : 1 + seed / 4 % 2;
      TileRange range = SoupTiles(full, s);
      std::vector<std::uint32_t> tris = SelectTileTriangles(full, s, d, range, tx, tz);
      // The crop: the tile's triangles and their vertices, in order.
      TriangleSoup crop;
      std::map<std::int32_t, std::int32_t> renumber;
      for (std::uint32_t t : tris)
        for (int k = 0; k < 3; ++k) {
          std::int32_t v = full.indices[3 * t + k];
          auto [it, added] = renumber.try_emplace(v, static_cast<std::int32_t>(renumber.size()));
          if (added)
            for (int c = 0; c < 3; ++c) crop.vertices.push_back(full.vertices[3 * v + c]);
          crop.indices.push_back(it->second);
        }
      TileRange crop_range = SoupTiles(crop, s);
      if (!crop_range.Contains(tx, tz)) continue;
      std::string name = std::string("level_") + onepath::gen::LevelKindName(kind);
      std::vector<ConvexVolume> volumes = seed % 2
                                              ? SomeVolumes(float(tx * 4 + 2), float(tz * 4 + 2))
                                              : std::vector<ConvexVolume>{};
      AddTile(w, name, TileInput("soup", SoupJson(crop), s, tx, tz, volumes),
              fmt::format("generated level {} (conformance/generators/levels, size 16, seed {}), "
                          "the {} triangles of tile ({}, {})",
                          onepath::gen::LevelKindName(kind), seed, tris.size(), tx, tz));
    }
  }
}

TriangleSoup Quad(float x0, float z0, float x1, float z1, float y) {
  return {{x0, y, z0, x0, y, z1, x1, y, z1, x1, y, z0}, {0, 1, 2, 0, 2, 3}};
}

TriangleSoup Join(std::vector<TriangleSoup> parts) {
  TriangleSoup out;
  for (const TriangleSoup& p : parts) {
    std::int32_t base = static_cast<std::int32_t>(out.vertices.size() / 3);
    out.vertices.insert(out.vertices.end(), p.vertices.begin(), p.vertices.end());
    for (std::int32_t i : p.indices) out.indices.push_back(base + i);
  }
  return out;
}

void WriteHand(onepath::golden::JsonlWriter& w) {
  NavSettings s = SpanSettings();
  auto add = [&](const TriangleSoup& soup, std::int64_t tx, std::int64_t tz, const char* what,
                 std::vector<ConvexVolume> volumes = {}) {
    AddTile(w, "hand", TileInput("soup", SoupJson(soup), s, tx, tz, volumes),
            std::string("hand-made in tools/golden/gen_build3d.cpp: ") + what);
  };
  add(Quad(0, 0, 4, 4, 1), 0, 0, "one floor filling tile (0, 0)");
  add(Quad(0, 0, 4, 4, 1), 0, 0, "one floor with an area volume", SomeVolumes(2, 2));
  add({{0, 0, 0, 0, 3.5f, 4, 4, 0, 0}, {0, 1, 2}}, 0, 0, "a face steeper than 45 degrees");
  add(Join({Quad(0, 0, 4, 4, 0), Quad(1, 1, 3, 3, 1.5f)}), 0, 0,
      "two floors 1.5 apart (less than AgentHeight 2): the lower one is cleared");
  add(Join({Quad(0, 0, 2, 4, 0), Quad(2, 0, 4, 4, 0.625f)}), 0, 0,
      "a step of 5 rows, one over WalkableClimb 4: ledges");
  add(Join({Quad(0, 0, 2, 4, 0), Quad(2, 0, 4, 4, 0.5f)}), 0, 0,
      "a step of 4 rows, just WalkableClimb");
  add(Join({Quad(0, 0, 4, 4, 0), Quad(0, 0, 8, 8, 0.25f)}), 1, 1,
      "a floor of tile (1, 1) and one reaching back into tile (0, 0): triangles crossing the low "
      "grid edges by more than a cell");
  add(Join({Quad(3.9f, 3.9f, 8, 8, 0), Quad(0, 0, 1, 1, 0)}), 1, 1,
      "a floor starting 0.1 before tile (1, 1): triangles crossing the low grid edges by less than "
      "a cell");
  add(Join({Quad(0, 0, 4, 4, 0), {{1, 0, 1, 1, 1100, 1, 2, 0, 1}, {0, 1, 2}}}), 0, 0,
      "a floor and a spike 1100 high: 8818 rows, beyond Recast's 13 bits");
  // A soup's range comes from every vertex, also unused ones
  // (b3d.soup-tiles): one vertex and no triangle has that vertex's tile.
  add({{1, 0, 1}, {}}, 0, 0,
      "one vertex and no triangle: the soup's range is the vertex's tile (b3d.soup-tiles)");
}

void WriteHeightfields(onepath::golden::JsonlWriter& w, int count) {
  NavSettings s = SpanSettings();
  onepath::gen::SplitMix64 rng(7);
  for (int n = 0; n < count; ++n) {
    std::int64_t width = 10 + rng.Below(20), depth = 10 + rng.Below(20), rows = 20 + rng.Below(21);
    json columns = json::array();
    for (std::int64_t c = 0; c < width * depth; ++c) {
      json column = json::array();
      for (std::uint64_t k = rng.Below(4); k > 0; --k) {
        std::uint64_t a = rng.Below(rows), b = rng.Below(rows);
        std::uint64_t lo = std::min(a, b), hi = std::max(a, b) + 1;
        column.push_back({lo, hi, rng.Below(3) == 0 ? 0 : 63});
      }
      columns.push_back(column);
    }
    json input = {{"width", width},
                  {"depth", depth},
                  {"rows", rows},
                  {"originY", -1.5 + 0.25 * n},
                  {"columns", columns}};
    std::int64_t tx = rng.Below(2), tz = rng.Below(2);
    std::vector<ConvexVolume> volumes =
        n % 2 ? SomeVolumes(float(tx * 4 + 2), float(tz * 4 + 2)) : std::vector<ConvexVolume>{};
    AddTile(w, "heightfield", TileInput("heightfieldInput", input, s, tx, tz, volumes),
            fmt::format("drawn in tools/golden/gen_build3d.cpp (SplitMix64(7), draw {}): "
                        "{} x {} columns of up to 3 unsorted, overlapping spans",
                        n, width, depth));
  }
}

void WriteChunks(onepath::golden::JsonlWriter& w, int count) {
  NavSettings s = SpanSettings();
  onepath::gen::SplitMix64 rng(11);
  for (int n = 0; n < count; ++n) {
    std::int64_t x = 8 + rng.Below(24), y = 4 + rng.Below(28), z = 8 + rng.Below(24);
    // A ground layer, a floating slab and noise.
    std::string voxels;
    std::uint64_t slab = 2 + rng.Below(y - 2);
    for (std::int64_t k = 0; k < z; ++k)
      for (std::int64_t j = 0; j < y; ++j)
        for (std::int64_t i = 0; i < x; ++i) {
          bool solid =
              j == 0 || (std::uint64_t(j) == slab && i > x / 3 && k > z / 3) || rng.Below(16) == 0;
          voxels.push_back(solid ? '1' : '0');
        }
    json input = {{"sizeX", x}, {"sizeY", y}, {"sizeZ", z}, {"voxels", voxels}};
    std::int64_t tx = rng.Below(2), tz = rng.Below(2);
    std::vector<ConvexVolume> volumes =
        n % 2 ? SomeVolumes(float(tx * 4 + 2), float(tz * 4 + 2)) : std::vector<ConvexVolume>{};
    AddTile(w, "chunk", TileInput("chunk", input, s, tx, tz, volumes),
            fmt::format("drawn in tools/golden/gen_build3d.cpp (SplitMix64(11), draw {}): "
                        "{} x {} x {} voxels, a ground layer, a slab at row {}, 1 in 16 noise",
                        n, x, y, z, slab));
  }
}

// Appended after every earlier vector (issue 25): the filters, compaction
// and erosion on a hand-made heightfield whose edge columns hold spans,
// which a tile's filtered stages never do (b3d.span.ledges takes every span
// next to the grid's edge, so the low-height filter of a tile only meets
// null spans there). 5 x 4 columns, WalkableHeight 16, WalkableClimb 4: the
// corner columns (0, 0), (4, 0) and (4, 3) hold a span whose gap below the
// next one is 4, 15 and 5 rows (below 16: b3d.span.low-height clears it),
// (0, 3) one whose gap is 16 (kept), (1, 0) one of gap 8; column (2, 1)
// a null span under a walkable one, (1, 1) a floor one row higher, (3, 2)
// a step of 6 rows (over the climb). Erosion with WalkableRadius 127
// exactly (AgentRadius 31.75 at CellSize 0.25: b3d.walkable-settings'
// limit, which must be accepted) clears every span of so small a field.
void WriteEdgeColumns(onepath::golden::JsonlWriter& w) {
  const NavSettings s = SpanSettings();
  const DerivedSettings d = DeriveSettings(s);
  const std::map<std::pair<int, int>, std::vector<Span>> special = {
      {{0, 0}, {{0, 2, 63}, {6, 12, 63}}},
      {{4, 0}, {{0, 2, 63}, {17, 20, 63}}},
      {{4, 3}, {{3, 5, 63}, {10, 11, 5}}},
      {{0, 3}, {{0, 2, 63}, {18, 20, 63}}},
      {{1, 0}, {{0, 2, 63}, {10, 30, 63}}},
      {{2, 1}, {{0, 2, 0}, {4, 6, 63}}},
      {{1, 1}, {{0, 3, 63}}},
      {{3, 2}, {{0, 8, 5}}}};
  std::vector<std::vector<Span>> columns;
  for (int z = 0; z < 4; ++z)
    for (int x = 0; x < 5; ++x) {
      const auto it = special.find({x, z});
      columns.push_back(it != special.end() ? it->second : std::vector<Span>{{0, 2, 63}});
    }
  const Heightfield field(5, 4, columns);
  const std::string source =
      "hand-made in tools/golden/gen_build3d.cpp: a heightfield of 5 x 4 columns with spans in "
      "its edge columns, low gaps of 4, 15 and 5 rows in three corner columns and of 16 in the "
      "fourth (WriteEdgeColumns)";
  const json settings = SettingsJson(s);
  auto filter = [&](const std::string& op, const std::string& clause, const Heightfield& in,
                    const Heightfield& out, const OracleStage& oracle) {
    w.Add(Positive(op, "hand", {clause, "b3d.span.stage-input", "b3d.span.heightfield"},
                   {{"heightfield", HeightfieldJson(in)}, {"settings", settings}},
                   CanonicalBytes(out), oracle, source));
  };
  const Heightfield lowHanging = SpanPipeline::FilterLowHangingObstacles(field, s);
  filter("SpanPipeline.FilterLowHangingObstacles", "b3d.span.low-hanging", field, lowHanging,
         OracleHeightfieldStage(
             ro::FilterLowHangingObstacles(OracleHeightfield(field), d.walkableClimb)));
  filter("SpanPipeline.FilterLedgeSpans", "b3d.span.ledges", field,
         SpanPipeline::FilterLedgeSpans(field, s),
         OracleHeightfieldStage(
             ro::FilterLedgeSpans(OracleHeightfield(field), d.walkableHeight, d.walkableClimb)));
  const Heightfield lowHeight = SpanPipeline::FilterLowHeightSpans(field, s);
  filter(
      "SpanPipeline.FilterLowHeightSpans", "b3d.span.low-height", field, lowHeight,
      OracleHeightfieldStage(ro::FilterLowHeightSpans(OracleHeightfield(field), d.walkableHeight)));
  // The low-height filter must have cleared the corner spans (0, 0), (4, 0)
  // and (4, 3) and kept (0, 3)'s.
  const auto lists = ColumnLists(lowHeight);
  if (lists[0][0].area != 0 || lists[4][0].area != 0 || lists[19][0].area != 0 ||
      lists[15][0].area != 63)
    Fail("WriteEdgeColumns: the low-height filter's corner spans are not as described",
         HeightfieldJson(lowHeight));
  const CompactHeightfield compact = SpanPipeline::Compact(lowHeight, s);
  w.Add(Positive("SpanPipeline.Compact", "hand",
                 WithTags({"b3d.span.compact", "b3d.span.connect", "b3d.span.stage-input",
                           "b3d.span.heightfield", "b3d.span.compact-heightfield"},
                          {{HasConnection(compact), "b3d.span.directions"}}),
                 {{"heightfield", HeightfieldJson(lowHeight)}, {"settings", settings}},
                 CanonicalBytes(compact),
                 OracleCompactStage(
                     ro::Compact(OracleHeightfield(lowHeight), d.walkableHeight, d.walkableClimb)),
                 source + ", its low-height filter (the reference's)"));
  NavSettings wide = s;
  wide.AgentRadius = 31.75;
  const DerivedSettings wd = DeriveSettings(wide);
  if (wd.walkableRadius != 127) Fail("WriteEdgeColumns: WalkableRadius is not 127", json());
  w.Add(Positive("SpanPipeline.Erode", "hand",
                 {"b3d.span.erode", "b3d.span.stage-input", "b3d.span.compact-heightfield",
                  "b3d.walkable-settings"},
                 {{"compact", CompactJson(compact)}, {"settings", SettingsJson(wide)}},
                 CanonicalBytes(SpanPipeline::Erode(compact, wide)),
                 OracleCompactStage(ro::Erode(OracleCompact(compact), wd.walkableRadius)),
                 source + ", its low-height filter and compaction (the reference's); "
                          "AgentRadius 31.75 at CellSize 0.25: WalkableRadius 127, the limit"));
  w.Add(Positive("Mesh3DPipeline.DeriveSettings", "settings",
                 {"b3d.derived", "b3d.tile-cells", "b3d.walkable-settings", "b3d.slope-cosine",
                  "b3d.border", "b3d.region-settings"},
                 {{"settings", SettingsJson(wide)}}, CanonicalBytes(wd),
                 {std::nullopt, "Recast has no such value"},
                 "hand-made: the settings of the span vectors with AgentRadius 31.75, "
                 "WalkableRadius 127 (the limit of b3d.walkable-settings)"));
}

// ---- vectors for lines no other input reaches (issue 25) ----

// A triangle of the tile that lies outside its binary32 grid box: with
// OriginX = E + 2^-40 (E = B x cs = 1.25, B = 5 for SpanSettings), tile 0's
// gridX = OriginX - E = 2^-40 exactly, so bmin.x = 2^-40. A sliver whose
// greatest x is the binary32 number below 2^-40 (2^-40 - 2^-64) belongs to
// tile 0 by b3d.triangle-selection: (maxX + E) - OriginX rounds to 0 in
// binary64 (2^-64 is below half the spacing 2^-52 at 1.25), floor 0 = 0.
// Its binary32 box ends before bmin.x, so b3d.span.rasterize step 1
// returns. A floor inside the tile keeps tile 0 in the soup's range; the
// sliver's low x (-0.1) is within csF / 2 of bmin.x, so Recast rasterizes
// the tile as 1.6.0 does and is compared.
void WriteOutsideGrid(onepath::golden::JsonlWriter& w) {
  NavSettings s = SpanSettings();
  const DerivedSettings d = DeriveSettings(s);
  const double e = d.border * d.cs;
  s.OriginX = e + 0x1p-40;
  const float maxX = std::nextafter(0x1p-40f, 0.0f);
  TriangleSoup soup =
      Join({Quad(2, 0, 5, 4, 1), {{-0.1f, 1, 1, maxX, 1, 2, maxX, 1, 1}, {0, 1, 2}}});
  const auto selected = SelectTileTriangles(soup, s, d, SoupTiles(soup, s), 0, 0);
  const TileGrid g = SoupTileGrid(soup, selected, s, d, 0, 0);
  if (s.OriginX - e != 0x1p-40 || g.bmin.x != 0x1p-40f || selected.size() != 3)
    Fail("WriteOutsideGrid: the sliver is not a tile-0 triangle outside the grid", SoupJson(soup));
  AddTile(w, "hand", TileInput("soup", SoupJson(soup), s, 0, 0, {}),
          "hand-made in tools/golden/gen_build3d.cpp (WriteOutsideGrid): a floor and a sliver "
          "of tile 0 whose binary32 bounds end before the grid's bmin.x = 2^-40 (OriginX = 1.25 + "
          "2^-40): b3d.span.rasterize step 1 skips it");
}

// SpanPipeline.Erode on a hand-made compact heightfield holding null-area
// spans, which Compact never gives (b3d.span.stage-input takes any area
// 0 ... 63): 9 x 9 columns of one span (y 10, h 20, area 63) connected to
// their neighbours inside the grid, the centre's span of area 0, and a
// second span of area 0 (y 40) over column (2, 6), its con 0 in every
// direction (to each neighbour's span 0).
// b3d.span.erode step 1 gives the null spans distance 0. Expected: Recast's
// rcErodeWalkableArea on the same field (oracles/recast) must agree.
void WriteNullAreaErode(onepath::golden::JsonlWriter& w) {
  const NavSettings s = SpanSettings();
  const int n = 9;
  std::vector<std::vector<CompactSpan>> columns = FlatColumns(n, 10, 20);
  columns[4 + n * 4][0].area = 0;
  columns[2 + n * 6].push_back({.y = 40, .h = 20, .con = {0, 0, 0, 0}, .area = 0});
  const CompactHeightfield field(n, n, columns);
  const json input = {{"compact", CompactJson(field)}, {"settings", SettingsJson(s)}};
  const std::string op = "SpanPipeline.Erode";
  w.Add(Positive(
      op, "hand", {"b3d.span.erode", "b3d.span.stage-input", "b3d.span.compact-heightfield"}, input,
      conf::RunOperation(op, Reparsed(input)),
      OracleCompactStage(ro::Erode(OracleCompact(field), DeriveSettings(s).walkableRadius)),
      "hand-made in tools/golden/gen_build3d.cpp (WriteNullAreaErode): 9 x 9 "
      "connected spans, the centre's of area 0, and an unconnected span of area 0 "
      "over column (2, 6)"));
}

// SpanPipeline.MarkVolumes on a compact heightfield whose last row (z =
// W - 1) and last column hold spans of non-null area, which a tile's eroded
// field never has (b3d.span.ledges): the flat W x W field of FlatColumns
// (W = 26 for SpanSettings, every span y 10, h 20, area 63) of tile (0, 0)
// of a floor quad, and one volume far larger than the grid (area 5): step 3
// clamps its cells to 0 ... W - 1 both ways, and every span, the last row's
// too, takes area 5. Expected: Recast's rcMarkConvexPolyArea (oracles/recast)
// must agree.
void WriteVolumesToTheEdge(onepath::golden::JsonlWriter& w) {
  const NavSettings s = SpanSettings();
  const DerivedSettings d = DeriveSettings(s);
  const TriangleSoup soup = Quad(0, 0, 4, 4, 1);
  const auto selected = SelectTileTriangles(soup, s, d, SoupTiles(soup, s), 0, 0);
  const TileGrid g = SoupTileGrid(soup, selected, s, d, 0, 0);
  const int n = static_cast<int>(d.tileCells + 2 * d.border);
  const CompactHeightfield field(n, n, FlatColumns(n, 10, 20));
  const std::vector<ConvexVolume> volumes = {
      {{{-100.0f, -100.0f}, {100.0f, -100.0f}, {100.0f, 100.0f}, {-100.0f, 100.0f}},
       -100.0f,
       100.0f,
       5}};
  json input = TileInput("soup", SoupJson(soup), s, 0, 0, volumes);
  input["compact"] = CompactJson(field);
  const std::vector<ro::Volume> ov = OracleVolumes(volumes);
  const std::string op = "SpanPipeline.MarkVolumes";
  w.Add(Positive(op, "hand",
                 {"b3d.span.volumes", "b3d.span.stage-input", "b3d.span.compact-heightfield",
                  "b3d.span.float", "b3d.span.integers"},
                 input, conf::RunOperation(op, Reparsed(input)),
                 OracleCompactStage(ro::MarkVolumes(OracleCompact(field), OracleGrid(g), ov)),
                 "hand-made in tools/golden/gen_build3d.cpp (WriteVolumesToTheEdge): a flat "
                 "connected field of the tile's W x W columns, area 63 to its last row and "
                 "column, and one volume over all of it"));
}

// ---- errors.jsonl ----

// The vector expecting `type` with exactly `fields` (region_vectors.hpp's
// Negative: the writer stops unless the reference throws just that).
json Negative(const std::string& op, const std::string& kind, const json& clauses,
              const json& input, const std::string& type, const json& fields,
              const std::string& provenance) {
  return onepath::golden::Negative(op, kShort.at(op), kind, Key(op, input), clauses, input, type,
                                   fields,
                                   "hand-made in tools/golden/gen_build3d.cpp: " + provenance);
}

void WriteErrors(onepath::golden::JsonlWriter& w) {
  const std::string kRange = "ArgumentOutOfRangeException", kArg = "ArgumentException";
  NavSettings s = SpanSettings();
  TriangleSoup floor = Quad(0, 0, 4, 4, 1);
  json soup_in = TileInput("soup", SoupJson(floor), s, 0, 0, {});
  const std::vector<std::string> ops_with_soup = {
      "Mesh3DPipeline.TileSpans", "Mesh3DPipeline.TileGrid", "Voxelizer.ClassifyTriangles"};

  // b3d.settings-checks: each setting out of range, with the op that
  // checks only settings and with TileSpans.
  struct Bad {
    const char* setting;
    double value;
    const char* why;
  };
  const std::vector<Bad> bad = {
      {"CellSize", 0.0, "CellSize not above 0"},
      {"CellSize", std::numeric_limits<double>::quiet_NaN(), "CellSize NaN"},
      {"CellHeight", -0.125, "CellHeight below 0"},
      {"TileSize", 0.0, "TileSize not above 0"},
      {"TileSize", 4096.0, "TileCells above 4096 (TileSize 4096 at CellSize 0.25)"},
      {"OriginX", std::numeric_limits<double>::infinity(), "OriginX infinite"},
      {"OriginZ", 0x1p22, "OriginZ beyond 2^21"},
      {"AgentHeight", 64.0, "WalkableHeight above 255 (AgentHeight 64 at CellHeight 0.125)"},
      {"AgentRadius", 40.0, "WalkableRadius above 127 (AgentRadius 40 at CellSize 0.25)"},
      {"AgentMaxClimb", 40.0, "WalkableClimb above 255 (AgentMaxClimb 40 at CellHeight 0.125)"},
      {"AgentMaxSlopeDegrees", 91.0, "AgentMaxSlopeDegrees above 90"},
      {"MaxVertsPerPoly", 2.0, "MaxVertsPerPoly below 3"},
      {"Area", 64.0, "Area above 63"},
  };
  for (const Bad& b : bad) {
    for (const std::string& op :
         {std::string("Mesh3DPipeline.DeriveSettings"), std::string("Mesh3DPipeline.TileSpans")}) {
      json in =
          op == "Mesh3DPipeline.DeriveSettings" ? json{{"settings", SettingsJson(s)}} : soup_in;
      json& field = in["settings"][b.setting];
      if (field.is_number_integer())
        field = static_cast<std::int64_t>(b.value);
      else
        field = conf::DoubleToJson(b.value);
      w.Add(Negative(op, "bad_settings", {"b3d.settings-checks", "b3d.errors"}, in, kRange,
                     {{"setting", b.setting}, {"value", conf::DoubleToJson(b.value)}}, b.why));
    }
  }

  // b3d.soup 1-4, for each operation taking a soup.
  auto soup_case = [&](const char* kind, const std::function<void(json&)>& edit,
                       const std::string& type, const json& fields, const char* why,
                       const json& clauses) {
    for (const std::string& op : ops_with_soup) {
      json in = soup_in;
      edit(in);
      w.Add(Negative(op, kind, clauses, in, type, fields, why));
    }
    json r = soup_in;
    edit(r);
    r["areas"] = {63, 63};
    w.Add(Negative("Voxelizer.Rasterize", kind, clauses, r, type, fields, why));
  };
  json soup_clauses = {"b3d.soup", "b3d.errors"};
  soup_case(
      "bad_soup", [](json& in) { in["soup"]["vertices"].push_back(1.0); }, kArg,
      {{"argument", "vertices"}, {"count", 13}}, "vertices length 13", soup_clauses);
  soup_case(
      "bad_soup", [](json& in) { in["soup"]["indices"].push_back(0); }, kArg,
      {{"argument", "indices"}, {"count", 7}}, "indices length 7", soup_clauses);
  soup_case("bad_soup", [](json& in) { in["soup"]["vertices"][4] = "NaN"; }, kArg,
            {{"argument", "vertices.y"}, {"vertex", 1}, {"value", "NaN"}}, "vertex 1's y is NaN",
            {"b3d.soup", "b3d.coordinate-errors"});
  soup_case("bad_soup", [](json& in) { in["soup"]["vertices"][6] = 0x1p22; }, kRange,
            {{"argument", "vertices.x"}, {"vertex", 2}, {"value", 0x1p22}},
            "vertex 2's x beyond 2^21", {"b3d.soup", "b3d.coordinate-errors"});
  soup_case(
      "bad_soup", [](json& in) { in["soup"]["indices"][4] = 4; }, kRange,
      {{"argument", "indices"}, {"triangle", 1}, {"value", 4.0}}, "index 4 of 4 vertices",
      soup_clauses);
  soup_case(
      "bad_soup", [](json& in) { in["soup"]["indices"][0] = -1; }, kRange,
      {{"argument", "indices"}, {"triangle", 0}, {"value", -1.0}}, "index -1", soup_clauses);
  // b3d.soup-tiles: 2^20 + 1 tiles would be too many; 1025 x 1024.
  soup_case(
      "too_many_tiles",
      [](json& in) {
        in["soup"]["vertices"] = {0.0, 0.0, 0.0, 4100.0, 0.0, 0.0, 0.0, 0.0, 4095.0, 0.0, 0.0, 0.0};
      },
      kRange, {{"argument", "tiles"}, {"count", 1026 * 1024}},
      "a soup over 1026 x 1024 tiles of 4 (more than 2^20)", {"b3d.soup-tiles", "b3d.errors"});
  // b3d.span.stages: the tile outside the soup's tiles.
  soup_case("bad_tile",
            [](json& in) {
              in["tile"] = {2, 0};
            },
            kRange, {{"argument", "tile"}, {"tileX", 2}, {"tileZ", 0}},
            "tile (2, 0) of a soup of tiles (0 .. 1, 0 .. 1): x from 0 to 4 in tiles of 4",
            {"b3d.span.stages", "b3d.errors"});
  soup_case("bad_tile",
            [](json& in) {
              in["tile"] = {0, -1};
            },
            kRange, {{"argument", "tile"}, {"tileX", 0}, {"tileZ", -1}}, "tile (0, -1)",
            {"b3d.span.stages", "b3d.errors"});
  // b3d.grid-vertical: 70000 units at CellHeight 0.125 is 560000 rows.
  soup_case("too_many_rows",
            [](json& in) {
              in["soup"]["vertices"][1] = 0.0;
              in["soup"]["vertices"][4] = 70000.0;
            },
            kRange, {{"argument", "rows"}, {"tileX", 0}, {"tileZ", 0}, {"count", 560019}},
            "a soup tile from y 0 to 70000: y0 = -0.125, ceil(70000.125 / 0.125) + "
            "WalkableHeight 16 + 2 = 560019 rows",
            {"b3d.grid-vertical", "b3d.errors"});

  // b3d.volume-input, with TileSpans and MarkVolumes.
  auto volume_case = [&](const std::function<void(json&)>& edit, const std::string& type,
                         const json& fields, const char* why) {
    json in = soup_in;
    in["volumes"] = VolumesJson(SomeVolumes(2, 2));
    edit(in["volumes"]);
    w.Add(Negative("Mesh3DPipeline.TileSpans", "bad_volume", {"b3d.volume-input", "b3d.errors"}, in,
                   type, fields, why));
    Mesh3DTileSpans t = Mesh3DPipeline::TileSpans(floor, {}, s, 0, 0);
    in["compact"] = CompactJson(t.eroded);
    w.Add(Negative("SpanPipeline.MarkVolumes", "bad_volume", {"b3d.volume-input", "b3d.errors"}, in,
                   type, fields, why));
  };
  volume_case(
      [](json& v) {
        v[0]["points"].erase(3);
        v[0]["points"].erase(2);
      },
      kRange, {{"argument", "volumes.points"}, {"volume", 0}, {"count", 2}}, "two points");
  volume_case([](json& v) { v[0]["points"][1][1] = "Infinity"; }, kArg,
              {{"argument", "volumes.z"}, {"volume", 0}, {"vertex", 1}, {"value", "Infinity"}},
              "a point's z infinite");
  volume_case([](json& v) { v[0]["minY"] = -0x1p22; }, kRange,
              {{"argument", "volumes.minY"}, {"volume", 0}, {"value", -0x1p22}},
              "minY beyond -2^21");
  volume_case([](json& v) { v[0]["area"] = 64; }, kRange,
              {{"argument", "volumes.area"}, {"volume", 0}, {"value", 64.0}}, "area 64");

  // b3d.heightfield-input.
  json hf = {{"width", 2},
             {"depth", 2},
             {"rows", 10},
             {"originY", 0.0},
             {"columns", {json::array(), {{0, 4, 63}}, json::array(), json::array()}}};
  auto hf_case = [&](const char* kind, const std::function<void(json&)>& edit,
                     const std::string& type, const json& fields, const char* why) {
    for (const std::string& op :
         {std::string("Voxelizer.FromHeightfield"), std::string("Mesh3DPipeline.TileSpans")}) {
      json in = TileInput("heightfieldInput", hf, s, 0, 0, {});
      edit(in["heightfieldInput"]);
      w.Add(Negative(op, kind, {"b3d.heightfield-input", "b3d.errors"}, in, type, fields, why));
    }
  };
  hf_case(
      "bad_heightfield_input", [](json& h) { h["width"] = -1; }, kRange,
      {{"argument", "width"}, {"value", -1.0}}, "width -1");
  hf_case(
      "bad_heightfield_input", [](json& h) { h["rows"] = 65530; }, kRange,
      {{"argument", "rows"}, {"count", 65530 + 16 + 2}}, "rows + WalkableHeight + 2 = 65548");
  hf_case(
      "bad_heightfield_input", [](json& h) { h["originY"] = "NaN"; }, kArg,
      {{"argument", "originY"}, {"value", "NaN"}}, "originY NaN");
  hf_case(
      "bad_heightfield_input", [](json& h) { h["columns"].erase(3); }, kArg,
      {{"argument", "columns"}, {"count", 3}}, "3 column lists for 2 x 2");
  hf_case(
      "bad_heightfield_input", [](json& h) { h["columns"][1][0][1] = 11; }, kRange,
      {{"argument", "spans.max"}, {"column", 1}, {"span", 0}, {"value", 11.0}},
      "smax 11 above rows 10");
  hf_case(
      "bad_heightfield_input", [](json& h) { h["columns"][1][0][0] = 4; }, kRange,
      {{"argument", "spans.min"}, {"column", 1}, {"span", 0}, {"value", 4.0}},
      "smin 4 not below smax 4");
  hf_case(
      "bad_heightfield_input", [](json& h) { h["columns"][1][0][2] = 64; }, kRange,
      {{"argument", "spans.area"}, {"column", 1}, {"span", 0}, {"value", 64.0}}, "area 64");

  // b3d.chunk-input.
  json chunk = {{"sizeX", 2}, {"sizeY", 2}, {"sizeZ", 2}, {"voxels", "10101010"}};
  auto chunk_case = [&](const std::function<void(json&)>& edit, const std::string& type,
                        const json& fields, const char* why) {
    for (const std::string& op :
         {std::string("Voxelizer.FromChunk"), std::string("Mesh3DPipeline.TileSpans")}) {
      json in = TileInput("chunk", chunk, s, 0, 0, {});
      edit(in["chunk"]);
      w.Add(Negative(op, "bad_chunk", {"b3d.chunk-input", "b3d.errors"}, in, type, fields, why));
    }
  };
  chunk_case([](json& c) { c["sizeZ"] = -2; }, kRange, {{"argument", "sizeZ"}, {"value", -2.0}},
             "sizeZ -2");
  chunk_case([](json& c) { c["sizeY"] = 65520; }, kRange,
             {{"argument", "sizeY"}, {"count", 65520 + 16 + 2}},
             "sizeY + WalkableHeight + 2 = 65538");
  chunk_case([](json& c) { c["sizeY"] = 65518; }, kRange,
             {{"argument", "sizeY"}, {"count", 65518 + 16 + 2}},
             "sizeY + WalkableHeight + 2 = 65536, one row over the limit 65535 (the rows "
             "before the voxel count)");
  chunk_case([](json& c) { c["voxels"] = "1010101"; }, kArg, {{"argument", "voxels"}, {"count", 7}},
             "7 voxels for 2 x 2 x 2");
  chunk_case(
      [](json& c) {
        c["sizeX"] = 16400;
        c["sizeZ"] = 16400;
        c["sizeY"] = 0;
        c["voxels"] = "";
      },
      kRange, {{"argument", "tiles"}, {"count", 1025 * 1025}},
      "16400 x 0 x 16400 voxels: 1025 x 1025 tiles of 16 cells (more than 2^20)");
  chunk_case(
      [](json& c) {
        c["sizeX"] = std::numeric_limits<std::int64_t>::max();
        c["sizeZ"] = std::numeric_limits<std::int64_t>::max();
        c["sizeY"] = 0;
        c["voxels"] = "";
      },
      kRange, {{"argument", "tiles"}, {"count", std::numeric_limits<std::int64_t>::max()}},
      "(2^63 - 1) x 0 x (2^63 - 1) voxels: 2^59 x 2^59 tiles of 16 cells, beyond int64: "
      "count 2^63 - 1 (b3d.voxel-mapping)");

  // b3d.span.stage-input: the value from the previous stage.
  json areas_in = soup_in;
  areas_in["areas"] = {63};
  w.Add(Negative("Voxelizer.Rasterize", "bad_stage_input", {"b3d.span.stage-input", "b3d.errors"},
                 areas_in, kArg, {{"argument", "areas"}, {"count", 1}}, "1 area for 2 triangles"));
  areas_in["areas"] = {63, 64};
  w.Add(Negative("Voxelizer.Rasterize", "bad_stage_input", {"b3d.span.stage-input", "b3d.errors"},
                 areas_in, kRange, {{"argument", "areas"}, {"triangle", 1}, {"value", 64.0}},
                 "area 64"));
  json hv = {{"width", 2}, {"depth", 1}, {"columns", {{{0, 4, 63}, {6, 9, 0}}, json::array()}}};
  auto heightfield_case = [&](const std::function<void(json&)>& edit, const std::string& type,
                              const json& fields, const char* why) {
    for (const std::string& op :
         {std::string("SpanPipeline.FilterLowHangingObstacles"),
          std::string("SpanPipeline.FilterLedgeSpans"),
          std::string("SpanPipeline.FilterLowHeightSpans"), std::string("SpanPipeline.Compact")}) {
      json in = {{"heightfield", hv}, {"settings", SettingsJson(s)}};
      edit(in["heightfield"]);
      w.Add(Negative(op, "bad_stage_input", {"b3d.span.stage-input", "b3d.errors"}, in, type,
                     fields, why));
    }
  };
  heightfield_case([](json& h) { h["depth"] = -1; }, kRange,
                   {{"argument", "depth"}, {"value", -1.0}}, "depth -1");
  heightfield_case([](json& h) { h["columns"].push_back(json::array()); }, kArg,
                   {{"argument", "columns"}, {"count", 3}}, "3 column lists for 2 x 1");
  heightfield_case([](json& h) { h["columns"][0][1][0] = 9; }, kRange,
                   {{"argument", "spans.min"}, {"column", 0}, {"span", 1}, {"value", 9.0}},
                   "smin 9 not below smax 9");
  heightfield_case([](json& h) { h["columns"][0][1][0] = 3; }, kRange,
                   {{"argument", "spans.min"}, {"column", 0}, {"span", 1}, {"value", 3.0}},
                   "smin 3 not above the previous span's smax 4");
  heightfield_case([](json& h) { h["columns"][0][0][2] = 70; }, kRange,
                   {{"argument", "spans.area"}, {"column", 0}, {"span", 0}, {"value", 70.0}},
                   "area 70");
  json cv = {{"width", 2},
             {"depth", 1},
             {"columns", {{{4, 255, {63, 63, 0, 63}, 63}}, {{4, 255, {0, 63, 63, 63}, 63}}}}};
  auto compact_case = [&](const std::function<void(json&)>& edit, const std::string& type,
                          const json& fields, const char* why) {
    json in = {{"compact", cv}, {"settings", SettingsJson(s)}};
    edit(in["compact"]);
    w.Add(Negative("SpanPipeline.Erode", "bad_stage_input", {"b3d.span.stage-input", "b3d.errors"},
                   in, type, fields, why));
  };
  compact_case([](json& c) { c["width"] = -3; }, kRange, {{"argument", "width"}, {"value", -3.0}},
               "width -3");
  compact_case([](json& c) { c["columns"].erase(1); }, kArg,
               {{"argument", "columns"}, {"count", 1}}, "1 column list for 2 x 1");
  compact_case([](json& c) { c["columns"][1][0][3] = 64; }, kRange,
               {{"argument", "compact.area"}, {"column", 1}, {"span", 0}, {"value", 64.0}},
               "area 64");
  compact_case([](json& c) { c["columns"][0][0][2][2] = 64; }, kRange,
               {{"argument", "compact.con"}, {"column", 0}, {"span", 0}, {"value", 64.0}},
               "connection 64");
  compact_case([](json& c) { c["columns"][0][0][2][2] = 1; }, kRange,
               {{"argument", "compact.con"}, {"column", 0}, {"span", 0}, {"value", 1.0}},
               "connection to span 1 of a neighbour column with 1 span");
  compact_case([](json& c) { c["columns"][0][0][2][0] = 0; }, kRange,
               {{"argument", "compact.con"}, {"column", 0}, {"span", 0}, {"value", 0.0}},
               "connection in direction 0 (x - 1) out of the grid");
  // A culprit after the first span of a column: every span is checked.
  compact_case(
      [](json& c) {
        c["columns"][1].push_back({300, 255, {63, 63, 63, 63}, 64});
      },
      kRange, {{"argument", "compact.area"}, {"column", 1}, {"span", 1}, {"value", 64.0}},
      "area 64 on the second span of column 1");

  // Appended (issue 25): WalkableRadius 128, just over the limit 127
  // (AgentRadius 31.875 at CellSize 0.25: ceil(127.5)).
  for (const std::string& op :
       {std::string("Mesh3DPipeline.DeriveSettings"), std::string("SpanPipeline.Erode")}) {
    json in = op == "SpanPipeline.Erode" ? json{{"compact", cv}, {"settings", SettingsJson(s)}}
                                         : json{{"settings", SettingsJson(s)}};
    in["settings"]["AgentRadius"] = 31.875;
    w.Add(Negative(op, "bad_settings", {"b3d.settings-checks", "b3d.errors"}, in, kRange,
                   {{"setting", "AgentRadius"}, {"value", 31.875}},
                   "WalkableRadius 128, one over 127 (AgentRadius 31.875 at CellSize 0.25)"));
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s OUT_DIR [levels-per-kind (2)]\n", argv[0]);
    return 2;
  }
  std::filesystem::path dir = argv[1];
  int per_kind = argc > 2 ? std::atoi(argv[2]) : 2;
  std::filesystem::create_directories(dir);
  {
    onepath::golden::JsonlWriter w(dir / "spans.jsonl");
    for (const NavSettings& s : {SpanSettings(), NavSettings{}})
      w.Add(Positive(
          "Mesh3DPipeline.DeriveSettings", "settings",
          {"b3d.derived", "b3d.tile-cells", "b3d.walkable-settings", "b3d.slope-cosine",
           "b3d.border", "b3d.region-settings"},
          {{"settings", SettingsJson(s)}}, CanonicalBytes(DeriveSettings(s)),
          {std::nullopt, "Recast has no such value"},
          "hand-made: the settings of the span vectors, and the defaults of b3d.settings"));
    WriteLevels(w, per_kind);
    WriteHand(w);
    WriteHeightfields(w, 4);
    WriteChunks(w, 4);
    WriteEdgeColumns(w);
    WriteOutsideGrid(w);
    WriteNullAreaErode(w);
    WriteVolumesToTheEdge(w);
    w.PrintCount();
    std::printf("%d vectors with Recast-derived hashes\n", g_recast_vectors);
  }
  onepath::golden::JsonlWriter e(dir / "errors.jsonl");
  WriteErrors(e);
  e.PrintCount();
  return 0;
}
