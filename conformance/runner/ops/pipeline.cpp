// Family build2d/: Mesh2DPipeline.BuildFromOutlines and BuildFromTileMap
// (docs/spec/pipeline.md), the operations with stages (pipeline.stages).
#include "conformance/runner/ops/shared.hpp"
// src/ headers.
#include "onepath/geom2d/pipeline.hpp"

namespace onepath::conformance::ops {

namespace {

using nlohmann::json;

// Mesh2DPipeline.Build*: "settings": {"SnapBits": n, "CellSize": c,
// "AgentRadius": r, "MaxVerticesPerPolygon": m} (pipeline.settings).
geom2d::Mesh2DSettings SettingsFromJson(const json& s) {
  return {.SnapBits = IntFromJson<int>(s.at("SnapBits")),
          .CellSize = DoubleFromJson(s.at("CellSize")),
          .AgentRadius = DoubleFromJson(s.at("AgentRadius")),
          .MaxVerticesPerPolygon = IntFromJson<int>(s.at("MaxVerticesPerPolygon"))};
}

// Mesh2DPipeline.BuildFromOutlines: {"outlines": [...], "settings": {...}}.
geom2d::Mesh2DBuild BuildFromOutlines(const json& in) {
  geom2d::Mesh2DSettings settings = SettingsFromJson(in.at("settings"));
  std::vector<geom2d::Outline> outlines = OutlinesFromJson(in.at("outlines"));
  return geom2d::Mesh2DPipeline::BuildFromOutlines(outlines, settings);
}

// Mesh2DPipeline.BuildFromTileMap: {"cells", "width", "height", "origin",
// "settings"}, the tile map as for Region.FromTileMap, its cell size the
// setting CellSize.
geom2d::Mesh2DBuild BuildFromTileMap(const json& in) {
  geom2d::Mesh2DSettings settings = SettingsFromJson(in.at("settings"));
  std::vector<std::uint8_t> cells = CellsFromJson(in.at("cells"));
  return geom2d::Mesh2DPipeline::BuildFromTileMap(cells, IntFromJson<std::int64_t>(in.at("width")),
                                                  IntFromJson<std::int64_t>(in.at("height")),
                                                  PointFromJson(in.at("origin")), settings);
}

// pipeline.stages: region, shrunk, triangles, polygons; the result is the
// last stage.
std::vector<Bytes> StageBytes(const geom2d::Mesh2DBuild& b) {
  return {geom2d::CanonicalBytes(b.region), geom2d::CanonicalBytes(b.shrunk),
          geom2d::CanonicalBytes(b.triangles), geom2d::CanonicalBytes(b.polygons)};
}

// The stages of a build whose region comes from `region_clause`.
std::vector<Stage> Stages(std::string region_clause) {
  return {{"region", std::move(region_clause)},
          {"shrunk", "shrink.edges"},
          {"triangles", "triangulate.faces"},
          {"polygons", "partition.merge"}};
}

// The settings (i32 SnapBits, f64 CellSize, f64 AgentRadius, i32
// MaxVerticesPerPolygon), then the outlines or the tile map with the
// settings' SnapBits (and CellSize) (tools/golden/gen_triangulate.cpp).
void WriteBuildKey(CanonicalWriter& w, const json& in) {
  const json& s = in.at("settings");
  w.I32(IntFromJson<std::int32_t>(s.at("SnapBits")));
  w.F64(DoubleFromJson(s.at("CellSize")));
  w.F64(DoubleFromJson(s.at("AgentRadius")));
  w.I32(IntFromJson<std::int32_t>(s.at("MaxVerticesPerPolygon")));
  json operand = in;
  operand["options"] = {{"SnapBits", s.at("SnapBits")}};
  if (in.contains("cells")) {
    operand["cellSize"] = s.at("CellSize");
    WriteTileMapKey(w, operand);
  } else {
    WriteOutlinesKey(w, operand);
  }
}

const OperationFamily kPipeline({
    {.name = "Mesh2DPipeline.BuildFromOutlines",
     .family = "build2d",
     .clause = "pipeline.stages",
     .input = InputForm::kBuild,
     .relations = {.permute = true},
     .run = [](const json& in) { return geom2d::CanonicalBytes(BuildFromOutlines(in).polygons); },
     .key = WriteBuildKey,
     .output = &kPartitionOutput,
     .stages = Stages("region.from-outlines"),
     .runStages = [](const json& in) { return StageBytes(BuildFromOutlines(in)); }},
    {.name = "Mesh2DPipeline.BuildFromTileMap",
     .family = "build2d",
     .clause = "pipeline.stages",
     .input = InputForm::kBuild,
     .run = [](const json& in) { return geom2d::CanonicalBytes(BuildFromTileMap(in).polygons); },
     .key = WriteBuildKey,
     .output = &kPartitionOutput,
     .stages = Stages("region.from-tilemap"),
     .runStages = [](const json& in) { return StageBytes(BuildFromTileMap(in)); }},
});

}  // namespace

}  // namespace onepath::conformance::ops
