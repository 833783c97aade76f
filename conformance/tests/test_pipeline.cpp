// pipeline.*: Mesh2DPipeline on hand-derived inputs (docs/spec/pipeline.md),
// and the runner's operations that wrap it, Region.Triangulate,
// Region.PartitionConvex and Cdt.ConstrainedDelaunay
// (conformance/runner/operations.cpp, docs/golden-format.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "conformance/generators/triangulation_validity.hpp"
#include "conformance/runner/adapter_protocol.hpp"
#include "conformance/runner/golden.hpp"
#include "conformance/runner/operations.hpp"
#include "conformance/runner/runner.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/error_fields.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/geom2d/cdt.hpp"
#include "onepath/geom2d/pipeline.hpp"
#include "onepath/geom2d/triangulation.hpp"

using namespace onepath;
using namespace onepath::geom2d;
using nlohmann::json;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

// A 4 x 4 map, every cell solid: with CellSize 1 and origin (0, 0) the
// square [0, 4]^2, in grid units (SnapBits 16) [0, 262144]^2.
const std::vector<std::uint8_t> kSolid4x4(16, 1);

Mesh2DBuild Square4(const Mesh2DSettings& s) {
  return Mesh2DPipeline::BuildFromTileMap(kSolid4x4, 4, 4, {0, 0}, s);
}

std::vector<GridPoint> SortedVertices(const Region& r) {
  std::vector<GridPoint> v;
  for (const Ring& ring : r.Rings())
    for (GridPoint p : ring) v.push_back(p);
  std::sort(v.begin(), v.end(),
            [](GridPoint a, GridPoint b) { return a.x != b.x ? a.x < b.x : a.y < b.y; });
  return v;
}

// The square above as a runner input (BuildFromTileMap).
const json kSquareBuild = {
    {"cells", "1111111111111111"},
    {"width", 4},
    {"height", 4},
    {"origin", {0.0, 0.0}},
    {"settings",
     {{"SnapBits", 16}, {"CellSize", 1.0}, {"AgentRadius", 0.5}, {"MaxVerticesPerPolygon", 6}}}};

// The judgement of a vector whose answer is wrong from the shrunk stage on:
// a failure that names that stage and its clause.
conformance::Judgement ExpectFailureAtShrunk(const conformance::GoldenVector& v,
                                             const conformance::Answer& a) {
  conformance::Judgement j = conformance::JudgeInDetail(v, a);
  EXPECT_EQ(j.outcome.status, conformance::Status::kFail);
  EXPECT_TRUE(j.divergence);
  if (j.divergence) {
    EXPECT_EQ(j.divergence->stage, "shrunk");
    EXPECT_EQ(j.divergence->clause, "shrink.edges");
  }
  return j;
}

}  // namespace

TEST(Pipeline, SquareShrinksToTheInnerSquareAndMergesIntoOnePolygon) {
  CLAUSE("pipeline.stages shrink.edges triangulate.output partition.merge partition.output");
  Mesh2DBuild b = Square4({.SnapBits = 16, .CellSize = 1.0, .AgentRadius = 0.5});
  // region: one ring, the corners 0 and 4 * 2^16 = 262144.
  EXPECT_EQ(SortedVertices(b.region),
            (std::vector<GridPoint>{{0, 0}, {0, 262144}, {262144, 0}, {262144, 262144}}));
  // shrunk: a square has no reflex corner, so no arc is added: the inner
  // square [0.5, 3.5]^2, 0.5 * 2^16 = 32768, 3.5 * 2^16 = 229376.
  const std::vector<GridPoint> inner = {
      {32768, 32768}, {32768, 229376}, {229376, 32768}, {229376, 229376}};
  EXPECT_EQ(SortedVertices(b.shrunk), inner);
  ASSERT_EQ(b.shrunk.Rings().size(), 1u);
  // triangles: its four corners in (x, y) order, two triangles.
  EXPECT_EQ(b.triangles.snapBits, 16);
  EXPECT_EQ(b.triangles.vertices, inner);
  EXPECT_EQ(b.triangles.triangles.size(), 2u);
  // polygons: the diagonal joins them (4 <= 6, both ends convex) into
  // 0 (32768, 32768) -> 2 (229376, 32768) -> 3 -> 1, no neighbour.
  EXPECT_EQ(b.polygons.vertices, inner);
  EXPECT_EQ(b.polygons.polygons, (std::vector<std::vector<std::uint32_t>>{{0, 2, 3, 1}}));
  EXPECT_EQ(b.polygons.neighbours, (std::vector<std::vector<std::int32_t>>{{-1, -1, -1, -1}}));
}

TEST(Pipeline, StagesChain) {
  CLAUSE("pipeline.stages");
  Mesh2DSettings s{
      .SnapBits = 16, .CellSize = 1.0, .AgentRadius = 0.25, .MaxVerticesPerPolygon = 4};
  // An L of three cells (rows from y = 0): a reflex corner, so the shrunk
  // region has an arc and several triangles.
  const std::vector<std::uint8_t> cells = {1, 1, 1, 0};
  Mesh2DBuild b = Mesh2DPipeline::BuildFromTileMap(cells, 2, 2, {0, 0}, s);
  EXPECT_EQ(CanonicalBytes(b.region),
            CanonicalBytes(Region::FromTileMap(cells, 2, 2, 1.0, {0, 0}, {.SnapBits = 16})));
  EXPECT_EQ(CanonicalBytes(b.shrunk), CanonicalBytes(Mesh2DPipeline::Shrink(b.region, s)));
  EXPECT_EQ(CanonicalBytes(b.triangles), CanonicalBytes(b.shrunk.Triangulate()));
  EXPECT_EQ(CanonicalBytes(b.polygons), CanonicalBytes(b.shrunk.PartitionConvex(4)));
  EXPECT_GT(b.triangles.triangles.size(), 2u);
  EXPECT_TRUE(gen::CheckPartitionValidity(b.shrunk.Rings(), b.polygons, 4).ok());
}

TEST(Pipeline, OutlinesAndTileMapGiveTheSameBuild) {
  CLAUSE("pipeline.stages region.from-tilemap region.from-outlines");
  Mesh2DSettings s{.SnapBits = 16, .CellSize = 1.0, .AgentRadius = 0.5};
  std::vector<Outline> square = {Outline{{{{0, 0}, {4, 0}, {4, 4}, {0, 4}}}}};
  EXPECT_EQ(CanonicalBytes(Mesh2DPipeline::BuildFromOutlines(square, s).polygons),
            CanonicalBytes(Square4(s).polygons));
}

TEST(Pipeline, AgentRadiusZeroKeepsTheRegion) {
  CLAUSE("pipeline.stages shrink.settings");
  Mesh2DBuild b = Square4({.SnapBits = 16, .CellSize = 1.0, .AgentRadius = 0.0});
  EXPECT_EQ(CanonicalBytes(b.shrunk), CanonicalBytes(b.region));
  EXPECT_EQ(b.polygons.polygons, (std::vector<std::vector<std::uint32_t>>{{0, 2, 3, 1}}));
}

TEST(Pipeline, AgentRadiusHalfTheSideEmptiesEverything) {
  CLAUSE("pipeline.stages");
  // Shrinking [0, 4]^2 by 2 leaves the point (2, 2): no area.
  Mesh2DBuild b = Square4({.SnapBits = 16, .CellSize = 1.0, .AgentRadius = 2.0});
  EXPECT_TRUE(b.shrunk.IsEmpty());
  EXPECT_TRUE(b.triangles.triangles.empty());
  EXPECT_TRUE(b.polygons.polygons.empty());
}

TEST(Pipeline, EachSettingIsChecked) {
  CLAUSE("pipeline.settings grid.snapbits shrink.settings partition.limit err.fields");
  struct Case {
    Mesh2DSettings s;
    const char* setting;
    double value;
  };
  const Case cases[] = {
      {{.SnapBits = -1}, "SnapBits", -1},
      {{.SnapBits = 17}, "SnapBits", 17},
      {{.CellSize = 0.0}, "CellSize", 0.0},
      {{.CellSize = -0.25}, "CellSize", -0.25},
      {{.CellSize = kNaN}, "CellSize", kNaN},
      {{.CellSize = kInf}, "CellSize", kInf},
      {{.CellSize = 0x1p20 * 2}, "CellSize", 0x1p21},
      {{.AgentRadius = -0.5}, "AgentRadius", -0.5},
      {{.AgentRadius = kNaN}, "AgentRadius", kNaN},
      {{.AgentRadius = -kInf}, "AgentRadius", -kInf},
      {{.AgentRadius = 0x1p21}, "AgentRadius", 0x1p21},
      {{.MaxVerticesPerPolygon = 2}, "MaxVerticesPerPolygon", 2},
      {{.MaxVerticesPerPolygon = 17}, "MaxVerticesPerPolygon", 17},
  };
  for (const Case& c : cases) {
    ErrorFields f = checks::OutOfRangeFields([&] { CheckMesh2DSettings(c.s); });
    EXPECT_EQ(f.setting, c.setting);
    ASSERT_TRUE(f.value.has_value()) << c.setting;
    if (std::isnan(c.value))
      EXPECT_TRUE(std::isnan(*f.value)) << c.setting;
    else
      EXPECT_EQ(*f.value, c.value) << c.setting;
  }
  // The limits themselves pass.
  CheckMesh2DSettings(
      {.SnapBits = 0, .CellSize = 0x1p20, .AgentRadius = 0x1p20, .MaxVerticesPerPolygon = 16});
  CheckMesh2DSettings(
      {.SnapBits = 16, .CellSize = 0x1p-1074, .AgentRadius = 0.0, .MaxVerticesPerPolygon = 3});
}

TEST(Pipeline, TheFirstFailingSettingIsReported) {
  CLAUSE("pipeline.settings");
  Mesh2DSettings all_bad{
      .SnapBits = 17, .CellSize = kNaN, .AgentRadius = -1, .MaxVerticesPerPolygon = 2};
  const char* order[] = {"SnapBits", "CellSize", "AgentRadius", "MaxVerticesPerPolygon"};
  for (const char* expected : order) {
    EXPECT_EQ(checks::OutOfRangeFields([&] { CheckMesh2DSettings(all_bad); }).setting, expected);
    // Mend the one reported; the next one is reported then.
    std::string name = expected;
    if (name == "SnapBits") all_bad.SnapBits = 16;
    if (name == "CellSize") all_bad.CellSize = 1.0;
    if (name == "AgentRadius") all_bad.AgentRadius = 0.5;
    if (name == "MaxVerticesPerPolygon") all_bad.MaxVerticesPerPolygon = 6;
  }
  CheckMesh2DSettings(all_bad);
}

TEST(Pipeline, SettingsAreCheckedBeforeTheInputIsRead) {
  CLAUSE("pipeline.settings region.from-tilemap region.outline");
  Mesh2DSettings bad{.AgentRadius = kNaN};
  // A negative width (region.from-tilemap) and a ring of two points
  // (region.outline) would throw too; the setting comes first.
  EXPECT_EQ(checks::OutOfRangeFields([&] {
              Mesh2DPipeline::BuildFromTileMap(kSolid4x4, -4, 4, {0, 0}, bad);
            }).setting,
            "AgentRadius");
  std::vector<Outline> two_points = {Outline{{{{0, 0}, {1, 0}}}}};
  EXPECT_EQ(
      checks::OutOfRangeFields([&] { Mesh2DPipeline::BuildFromOutlines(two_points, bad); }).setting,
      "AgentRadius");
}

// The runner's operations (docs/golden-format.md) give the stage's bytes.
TEST(PipelineOperations, BuildFromTileMapIsThePolygonStage) {
  CLAUSE("pipeline.stages partition.canonical");
  json in = kSquareBuild;
  Mesh2DSettings s{.SnapBits = 16, .CellSize = 1.0, .AgentRadius = 0.5};
  EXPECT_EQ(conformance::RunOperation("Mesh2DPipeline.BuildFromTileMap", in),
            CanonicalBytes(Square4(s).polygons));
  json decoded = conformance::DecodeOutput("Mesh2DPipeline.BuildFromTileMap",
                                           CanonicalBytes(Square4(s).polygons));
  EXPECT_EQ(decoded.at("polygons"), json::parse("[[0, 2, 3, 1]]"));
  EXPECT_EQ(decoded.at("neighbours"), json::parse("[[-1, -1, -1, -1]]"));
  in["settings"]["CellSize"] = "NaN";
  try {
    conformance::RunOperation("Mesh2DPipeline.BuildFromTileMap", in);
    ADD_FAILURE() << "no exception";
  } catch (const ArgumentOutOfRangeException& e) {
    EXPECT_EQ(conformance::ErrorFieldsToJson(e.fields()).dump(),
              R"({"setting":"CellSize","value":"NaN"})");
  }
}

TEST(PipelineOperations, TriangulateAndPartitionOfARegionOperand) {
  CLAUSE("triangulate.canonical partition.canonical partition.limit");
  json square = {{"outlines", json::parse("[[[[0, 0], [1, 0], [1, 1], [0, 1]]]]")},
                 {"options", {{"SnapBits", 0}}}};
  std::vector<Outline> outlines = {Outline{{{{0, 0}, {1, 0}, {1, 1}, {0, 1}}}}};
  Region r = Region::FromOutlines(outlines, {.SnapBits = 0});
  EXPECT_EQ(conformance::RunOperation("Region.Triangulate", {{"region", square}}),
            CanonicalBytes(r.Triangulate()));
  json decoded = conformance::DecodeOutput("Region.Triangulate", CanonicalBytes(r.Triangulate()));
  EXPECT_EQ(decoded.at("vertices"), json::parse("[[0, 0], [0, 1], [1, 0], [1, 1]]"));
  EXPECT_EQ(decoded.at("triangles").size(), 2u);
  json in = {{"region", square}, {"maxVerticesPerPolygon", 3}};
  EXPECT_EQ(conformance::RunOperation("Region.PartitionConvex", in),
            CanonicalBytes(r.PartitionConvex(3)));
  in["maxVerticesPerPolygon"] = 17;
  EXPECT_EQ(checks::OutOfRangeFields([&] {
              conformance::RunOperation("Region.PartitionConvex", in);
            }).argument,
            "maxVerticesPerPolygon");
}

TEST(PipelineOperations, ConstrainedDelaunayAndItsInputErrors) {
  CLAUSE("cdt.input cdt.canonical");
  json in = {{"points", json::parse("[[0, 0], [0, 4], [4, 0], [4, 4]]")},
             {"constraints", json::parse("[[0, 3]]")}};
  std::vector<GridPoint> points = {{0, 0}, {0, 4}, {4, 0}, {4, 4}};
  std::vector<CdtConstraint> constraints = {{0, 3}};
  EXPECT_EQ(conformance::RunOperation("Cdt.ConstrainedDelaunay", in),
            CanonicalBytes(ConstrainedDelaunay(points, constraints)));
  // 4 points: 2 * 4 + 1 triangles, the constraint 0-3 marked in two.
  json decoded = conformance::DecodeOutput(
      "Cdt.ConstrainedDelaunay", conformance::RunOperation("Cdt.ConstrainedDelaunay", in));
  EXPECT_EQ(decoded.at("points"), 4);
  EXPECT_EQ(decoded.at("triangles").size(), 9u);
  in["constraints"] = json::parse("[[0, 3], [1, 4]]");
  ErrorFields f =
      checks::OutOfRangeFields([&] { conformance::RunOperation("Cdt.ConstrainedDelaunay", in); });
  EXPECT_EQ(f.argument, "constraints");
  EXPECT_EQ(f.edge, 1);
  EXPECT_EQ(f.value, 4.0);
  // Crossing constraints (the two diagonals): the later one inserted is named.
  in["constraints"] = json::parse("[[1, 2], [0, 3]]");
  f = checks::ArgumentFields([&] { conformance::RunOperation("Cdt.ConstrainedDelaunay", in); });
  EXPECT_EQ(f.argument, "constraints");
  EXPECT_EQ(f.edge, 0);  // (0, 3) is inserted first, then (1, 2) crosses it
}

TEST(PipelineOperations, StagesAreEveryStagesBytes) {
  CLAUSE("pipeline.stages");
  json stages = conformance::RunStages("Mesh2DPipeline.BuildFromTileMap", kSquareBuild);
  Mesh2DBuild b = Square4({.SnapBits = 16, .CellSize = 1.0, .AgentRadius = 0.5});
  EXPECT_EQ(stages, (json{{"region", ToHex(CanonicalBytes(b.region))},
                          {"shrunk", ToHex(CanonicalBytes(b.shrunk))},
                          {"triangles", ToHex(CanonicalBytes(b.triangles))},
                          {"polygons", ToHex(CanonicalBytes(b.polygons))}}));
  EXPECT_TRUE(conformance::RunStages("Region.Triangulate", json::object()).empty());
  // The reference adapter's answer carries them, and the runner reads them.
  conformance::Answer a =
      conformance::RunReference("Mesh2DPipeline.BuildFromTileMap", kSquareBuild);
  a.stages = stages;
  conformance::Response r = conformance::ParseResponse(conformance::ResponseLine("v", a));
  EXPECT_EQ(r.answer.stages, stages);
  EXPECT_EQ(r.answer.output, a.output);
}

TEST(PipelineOperations, AWrongStageIsNamedFirst) {
  CLAUSE("pipeline.stages");
  conformance::GoldenVector v =
      conformance::ParseVector({{"id", "mesh2d_build_from_tilemap/test/000000000000"},
                                {"op", "Mesh2DPipeline.BuildFromTileMap"},
                                {"clauses", {"pipeline.stages"}},
                                {"input", kSquareBuild},
                                {"expect", {{"sha256", std::string(64, '0')}}},
                                {"provenance", "hand-made in test_pipeline.cpp"}});
  conformance::Answer a = conformance::RunReference(v.op, v.input);
  a.stages = conformance::RunStages(v.op, v.input);
  // The region is right, the shrunk region (and so every later stage) not.
  a.stages["shrunk"] = "00";
  a.stages["triangles"] = "00";
  conformance::Judgement j = ExpectFailureAtShrunk(v, a);
  ASSERT_TRUE(j.divergence);
  // Without stages the runner names what it can from the output alone.
  a.stages = json::object();
  j = conformance::JudgeInDetail(v, a);
  ASSERT_TRUE(j.divergence);
  EXPECT_EQ(j.divergence->stage, "output");
}

TEST(PipelineOperations, TheReferenceAnswersWithItsStagesTheLastBeingTheOutput) {
  CLAUSE("pipeline.stages");
  conformance::Answer a =
      conformance::RunReference("Mesh2DPipeline.BuildFromTileMap", kSquareBuild);
  Mesh2DBuild b = Square4({.SnapBits = 16, .CellSize = 1.0, .AgentRadius = 0.5});
  ASSERT_TRUE(a.output);
  EXPECT_EQ(*a.output, CanonicalBytes(b.polygons));
  EXPECT_EQ(a.stages, conformance::RunStages("Mesh2DPipeline.BuildFromTileMap", kSquareBuild));
  EXPECT_EQ(a.stages.at("shrunk"), ToHex(CanonicalBytes(b.shrunk)));
  // An operation without stages answers without them; an error, too.
  json empty_region = {{"outlines", json::array()}, {"options", {{"SnapBits", 16}}}};
  a = conformance::RunReference("Region.Triangulate", {{"region", empty_region}});
  EXPECT_TRUE(a.output);
  EXPECT_TRUE(a.stages.empty());
  json bad = kSquareBuild;
  bad["settings"]["CellSize"] = "NaN";
  a = conformance::RunReference("Mesh2DPipeline.BuildFromTileMap", bad);
  EXPECT_FALSE(a.output);
  EXPECT_TRUE(a.stages.empty());
}

// expect.stages: the stages a port reports are judged against the vector's
// hashes, and the first wrong one is named from the vector alone. The
// vector's input is one the reference cannot run (CellSize NaN), so no
// reference stage or output can name anything here: with expect.stages
// ignored, the divergence would be "output".
TEST(PipelineOperations, AWrongStageIsNamedFromTheVectorsStageHashes) {
  CLAUSE("pipeline.stages");
  json in = kSquareBuild;
  in["settings"]["CellSize"] = "NaN";
  // SHA-256 of the single bytes 01, 02, 03, 04, from Python:
  // hashlib.sha256(bytes([k])).hexdigest(). The made-up stages are those
  // bytes; the output, the last stage, is 04.
  json hashes = {{"region", "4bf5122f344554c53bde2ebb8cd2b7e3d1600ad631c385a5d7cce23c7785459a"},
                 {"shrunk", "dbc1b4c900ffe48d575b5da5c638040125f65db0fe3e24494b76ea986457d986"},
                 {"triangles", "084fed08b978af4d7d196a7446a86b58009e636b611db16211b65a9aadff29c5"},
                 {"polygons", "e52d9c508c502347344d8c07ad91cbd6068afc75ff6292f062a09ca381c89e71"}};
  conformance::GoldenVector v =
      conformance::ParseVector({{"id", "mesh2d_build_from_tilemap/test/000000000001"},
                                {"op", "Mesh2DPipeline.BuildFromTileMap"},
                                {"clauses", {"pipeline.stages"}},
                                {"input", in},
                                {"expect", {{"sha256", hashes.at("polygons")}, {"stages", hashes}}},
                                {"provenance", "hand-made in test_pipeline.cpp"}});
  conformance::Answer a;
  a.output = std::vector<std::uint8_t>{4};
  a.stages = {{"region", "01"}, {"shrunk", "02"}, {"triangles", "03"}, {"polygons", "04"}};
  EXPECT_EQ(conformance::JudgeInDetail(v, a).outcome.status, conformance::Status::kPass);

  // The right output, a wrong shrunk stage: the vector fails at that stage.
  a.stages["shrunk"] = "05";
  conformance::Judgement j = ExpectFailureAtShrunk(v, a);
  ASSERT_TRUE(j.divergence);
  EXPECT_EQ(j.divergence->where,
            "sha256 e77b9a9ae9e30b0dbdb6f510a264ef9de781501d7b6b92ae89eb059c5ab743db, expected "
            "dbc1b4c900ffe48d575b5da5c638040125f65db0fe3e24494b76ea986457d986 (expect.stages)");

  // A wrong output and wrong triangles (the stages before them right): the
  // first wrong stage is named, not a later one, not "output".
  a.stages["shrunk"] = "02";
  a.stages["triangles"] = "05";
  a.stages["polygons"] = "05";
  a.output = std::vector<std::uint8_t>{5};
  j = conformance::JudgeInDetail(v, a);
  EXPECT_EQ(j.outcome.status, conformance::Status::kFail);
  ASSERT_TRUE(j.divergence);
  EXPECT_EQ(j.divergence->stage, "triangles");
  EXPECT_EQ(j.divergence->clause, "triangulate.faces");
  EXPECT_NE(j.outcome.detail.find("first divergence: stage triangles (triangulate.faces)"),
            std::string::npos)
      << j.outcome.detail;

  // Stages the port does not report are passed over: the right output passes.
  a.output = std::vector<std::uint8_t>{4};
  a.stages = {{"region", "01"}};
  EXPECT_EQ(conformance::JudgeInDetail(v, a).outcome.status, conformance::Status::kPass);
}
