// The golden format and the replay (docs/golden-format.md): a replay that
// cannot fail proves nothing, so these tests make it fail on purpose.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "conformance/runner/adapter_protocol.hpp"
#include "conformance/runner/clauses.hpp"
#include "conformance/runner/divergence.hpp"
#include "conformance/runner/golden.hpp"
#include "conformance/runner/operations.hpp"
#include "conformance/runner/report.hpp"
#include "conformance/runner/runner.hpp"
#include "conformance/tests/clause.hpp"
// src/ headers.
#include "onepath/core/canonical.hpp"

using namespace onepath::conformance;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// SHA-256 of the single byte 0x01 (the canonical output of sign +1) and of
// 0xff (sign -1), from Python: hashlib.sha256(b'\x01').hexdigest().
const char* kSignPlus = "4bf5122f344554c53bde2ebb8cd2b7e3d1600ad631c385a5d7cce23c7785459a";
const char* kSignMinus = "a8100ae6aa1940d0b663bb31cd466142ebbdbd5187131b92d93818987832eb89";

json CounterClockwise() {
  // (0,0), (1,0), (0,1) turn left: orient2d = (0-0)(0-1) - (0-1)(1-0) = 1 > 0.
  return {{"a", {0.0, 0.0}}, {"b", {1.0, 0.0}}, {"c", {0.0, 1.0}}};
}

GoldenVector Vector(json expect) {
  return ParseVector({{"id", "orient2d/test/000000000000"},
                      {"op", "Predicates.Orient2D"},
                      {"clauses", {"pred.orient2d"}},
                      {"input", CounterClockwise()},
                      {"expect", expect},
                      {"provenance", "hand-made in test_golden.cpp"}});
}

}  // namespace

TEST(GoldenReplay, PassesAMatchingHash) {
  CLAUSE("canon.sign canon.hash pred.orient2d");
  EXPECT_EQ(RunVector(Vector({{"sha256", kSignPlus}})).status, Status::kPass);
}

TEST(GoldenReplay, FailsAWrongHashAndSaysWhy) {
  CLAUSE("canon.hash");
  Outcome o = RunVector(Vector({{"sha256", kSignMinus}}));
  EXPECT_EQ(o.status, Status::kFail);
  EXPECT_NE(o.detail.find("\"sign\":1"), std::string::npos) << o.detail;
}

TEST(GoldenReplay, ComparesErrorTypeAndEveryField) {
  CLAUSE("err.fields pred.domain");
  json in = CounterClockwise();
  in["c"][1] = "NaN";
  auto make = [&](json fields) {
    return ParseVector(
        {{"id", "orient2d/test/000000000001"},
         {"op", "Predicates.Orient2D"},
         {"clauses", {"pred.domain"}},
         {"input", in},
         {"expect", {{"error", {{"type", "ArgumentOutOfRangeException"}, {"fields", fields}}}}},
         {"provenance", "hand-made in test_golden.cpp"}});
  };
  json right = {{"argument", "c.y"}, {"vertex", 2}, {"value", "NaN"}};
  EXPECT_EQ(RunVector(make(right)).status, Status::kPass);
  json wrong_vertex = right;
  wrong_vertex["vertex"] = 1;
  EXPECT_EQ(RunVector(make(wrong_vertex)).status, Status::kFail);
  json missing_field = {{"argument", "c.y"}, {"vertex", 2}};
  EXPECT_EQ(RunVector(make(missing_field)).status, Status::kFail);
  json extra_field = right;
  extra_field["count"] = 1;
  EXPECT_EQ(RunVector(make(extra_field)).status, Status::kFail);
  // A positive expectation for an input that throws fails as well.
  GoldenVector v = make(right);
  v.error.reset();
  v.sha256 = kSignPlus;
  EXPECT_EQ(RunVector(v).status, Status::kFail);
}

TEST(GoldenReplay, ErrorValuesCompareBitForBit) {
  CLAUSE("err.fields grid.tilemap-lines");
  // A cell size of -0.0 is reported with value -0.0; 0.0 is another double.
  json in = {{"cells", "1"},     {"width", 1},           {"height", 1},
             {"cellSize", -0.0}, {"origin", {0.0, 0.0}}, {"options", {{"SnapBits", 16}}}};
  auto make = [&](json value) {
    return ParseVector({{"id", "region_from_tilemap/test/000000000000"},
                        {"op", "Region.FromTileMap"},
                        {"clauses", {"grid.tilemap-lines"}},
                        {"input", in},
                        {"expect",
                         {{"error",
                           {{"type", "ArgumentOutOfRangeException"},
                            {"fields", {{"argument", "cellSize"}, {"value", value}}}}}}},
                        {"provenance", "hand-made in test_golden.cpp"}});
  };
  EXPECT_EQ(RunVector(make(json::parse("-0.0"))).status, Status::kPass);
  EXPECT_EQ(RunVector(make(json::parse("0.0"))).status, Status::kFail);
  EXPECT_EQ(RunVector(make(json::parse("0"))).status, Status::kFail);
}

TEST(GoldenReplay, UnknownOperationsAreSkippedNotFailed) {
  CLAUSE("canon.hash");
  GoldenVector v = Vector({{"sha256", kSignPlus}});
  v.op = "Mesh.NotAnOperation";
  EXPECT_EQ(RunVector(v).status, Status::kSkip);
}

namespace {

// A unit square at SnapBits 0: one ring (0,0) (1,0) (1,1) (0,1).
GoldenVector SquareVector(const json& value) {
  json in = {{"outlines", {{{{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}}}}},
             {"options", {{"SnapBits", 0}}}};
  return ParseVector({{"id", "region_from_outlines/test/000000000000"},
                      {"op", "Region.FromOutlines"},
                      {"clauses", {"region.canonical"}},
                      {"input", in},
                      {"expect", {{"sha256", std::string(64, '0')}, {"value", value}}},
                      {"provenance", "hand-made in test_golden.cpp"}});
}

}  // namespace

TEST(GoldenReplay, NamesTheFirstDifferingRingAndVertexOfARegion) {
  CLAUSE("region.canonical");
  json square = {{"SnapBits", 0}, {"rings", {{{0, 0}, {1, 0}, {1, 1}, {0, 1}}}}};
  EXPECT_EQ(DecodeOutput("Region.FromOutlines",
                         RunOperation("Region.FromOutlines", SquareVector(square).input)),
            square);
  json moved = square;
  moved["rings"][0][2] = {1, 2};
  Outcome o = RunVector(SquareVector(moved));
  EXPECT_EQ(o.status, Status::kFail);
  EXPECT_NE(o.detail.find("first difference: ring 0, vertex 2: [1,1], expected [1,2]"),
            std::string::npos)
      << o.detail;
  json more = square;
  more["rings"].push_back({{5, 5}, {6, 5}, {6, 6}});
  o = RunVector(SquareVector(more));
  EXPECT_NE(o.detail.find("first difference: rings: 1 items, expected 2"), std::string::npos)
      << o.detail;
}

TEST(GoldenReplay, TileMapCellsAsAStringOrAListOfBytes) {
  CLAUSE("region.from-tilemap");
  json in = {{"cells", "0110"}, {"width", 2},       {"height", 2},
             {"cellSize", 1.0}, {"origin", {0, 0}}, {"options", {{"SnapBits", 0}}}};
  auto bytes = RunOperation("Region.FromTileMap", in);
  in["cells"] = {0, 2, 255, 0};
  EXPECT_EQ(RunOperation("Region.FromTileMap", in), bytes);
  in["cells"] = "01x0";
  EXPECT_THROW(RunOperation("Region.FromTileMap", in), std::invalid_argument);
  in["cells"] = {0, 1, 256, 0};
  EXPECT_THROW(RunOperation("Region.FromTileMap", in), std::invalid_argument);
}

TEST(GoldenFormat, RejectsAVectorWithBothOrNeitherExpectation) {
  CLAUSE("canon.hash");
  EXPECT_THROW(Vector({{"sha256", kSignPlus}, {"error", {{"type", "ArgumentException"}}}}),
               std::runtime_error);
  EXPECT_THROW(Vector(json::object()), std::runtime_error);
}

TEST(GoldenFormat, StageHashesComeOnlyWithAnOutputHash) {
  CLAUSE("pipeline.stages");
  json stages = {{"region", kSignPlus}};
  EXPECT_EQ(Vector({{"sha256", kSignPlus}, {"stages", stages}}).stages, stages);
  EXPECT_TRUE(Vector({{"sha256", kSignPlus}}).stages.empty());
  json error = {{"type", "ArgumentException"}, {"fields", json::object()}};
  EXPECT_THROW(Vector({{"error", error}, {"stages", stages}}), std::runtime_error);
  EXPECT_THROW(Vector({{"sha256", kSignPlus}, {"stages", {{"region", 1}}}}), std::runtime_error);
  EXPECT_THROW(Vector({{"sha256", kSignPlus}, {"stages", json::array()}}), std::runtime_error);
}

// The operations table (conformance/runner/ops/): every row is complete,
// every operation a vector names has a row whose family is the vector's
// folder, and a vector's expect.stages are the row's stages, the last one
// being the output (pipeline.stages).
TEST(OperationTable, EveryVectorsOperationHasACompleteRow) {
  CLAUSE("canon.hash pipeline.stages");
  for (const std::string& name : OperationNames()) {
    const Operation* row = FindOperation(name);
    ASSERT_NE(row, nullptr) << name;
    EXPECT_EQ(row->name, name);
    EXPECT_FALSE(row->family.empty()) << name;
    EXPECT_FALSE(row->clause.empty()) << name;
    EXPECT_TRUE(row->run) << name;
    EXPECT_NE(row->key, nullptr) << name;
    EXPECT_NE(row->output, nullptr) << name;
    EXPECT_EQ(row->stages.empty(), !row->runStages) << name;
    EXPECT_EQ(row->input == InputForm::kPoints, !row->points.empty()) << name;
  }
  Suite suite = LoadSuite(fs::path(ONEPATH_SOURCE_DIR) / "golden");
  std::set<std::string> used;
  int with_stages = 0;
  for (const GoldenVector& v : suite.vectors) {
    const Operation* row = FindOperation(v.op);
    ASSERT_NE(row, nullptr) << v.id << ": " << v.op;
    EXPECT_TRUE(row->family == v.family ||
                std::find(row->otherFamilies.begin(), row->otherFamilies.end(), v.family) !=
                    row->otherFamilies.end())
        << v.id;
    used.insert(v.op);
    if (v.stages.empty()) continue;
    ++with_stages;
    ASSERT_EQ(v.stages.size(), row->stages.size()) << v.id;
    for (const Stage& stage : row->stages) EXPECT_TRUE(v.stages.contains(stage.name)) << v.id;
    EXPECT_EQ(v.stages.at(row->stages.back().name), *v.sha256) << v.id;
  }
  EXPECT_EQ(used.size(), OperationNames().size());  // no row without vectors
  // Every positive build2d vector carries them (tools/golden/gen_triangulate.cpp),
  // every Mesh3DPipeline.TileSpans vector of build3d/spans, 33 with issue 25's
  // sliver outside the grid and its soup of one vertex (tools/golden/gen_build3d.cpp),
  // every positive build3d/polys vector, 169 since suite 0.15.0's hole-bridge
  // contours, 172 with issue 25's two of shared directed edges and one of
  // merge test 3, 173 with the traced contours of issue 25's hole cone
  // (tools/golden/gen_build3d_polys.cpp)
  // and every positive NavMesh.Build vector, 21 levels and 13 chunks (the
  // 13th issue 25's layer bridge) (tools/golden/gen_build3d_mesh.cpp).
  EXPECT_EQ(with_stages, 102 + 33 + 173 + 21 + 13);
}

TEST(GoldenFormat, EveryClauseIdNamedByVectorsAndTestsIsInTheSpec) {
  CLAUSE("canon.hash");
  fs::path root = ONEPATH_SOURCE_DIR;
  std::set<std::string> spec;
  for (const Clause& c : LoadClauses(root / "docs" / "spec")) {
    EXPECT_TRUE(spec.insert(c.id).second) << "clause id defined twice: " << c.id;
  }
  ASSERT_GT(spec.size(), 10u);
  Suite suite = LoadSuite(root / "golden");
  ASSERT_GT(suite.vectors.size(), 1000u);
  for (const GoldenVector& v : suite.vectors)
    for (const std::string& c : v.clauses) EXPECT_TRUE(spec.count(c)) << v.id << " names " << c;
  for (const auto& [id, files] : ScanClauseNames({root / "conformance", root / "fuzz"}, root))
    EXPECT_TRUE(spec.count(id)) << files.front() << " names unknown clause " << id;
}

// A clause the spec marks "not observable by a port" (docs/spec/README.md,
// "Clause ids") is read with its reason and shown as such in the report,
// not as uncovered; the mark counts only inside a clause's own text.
TEST(SpecClauses, NotObservableMarkIsReadAndShownInsteadOfUncovered) {
  CLAUSE("num.preflight arr.candidates");
  const fs::path dir =
      fs::temp_directory_path() / ("onepath-clauses-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  {
    std::ofstream md(dir / "zz.md");
    md << "# ZZ\n\n**Not observable by a port:** an intro line, not a clause's.\n\n"
          "### `zz.hidden` — Hidden\n\nA rule.\n\n"
          "**Not observable by a port:** the runner's own\n  check, on two lines.\n\n"
          "More text.\n\n"
          "### `zz.plain` — Plain\n\nSays **Not observable by a port:** mid-line.\n\n"
          "## Notes\n\n**Not observable by a port:** after a plain heading.\n";
  }
  const std::vector<Clause> clauses = LoadClauses(dir);
  fs::remove_all(dir);
  ASSERT_EQ(clauses.size(), 2u);
  EXPECT_EQ(clauses[0].id, "zz.hidden");
  EXPECT_EQ(clauses[0].not_observable, "the runner's own check, on two lines.");
  EXPECT_EQ(clauses[1].id, "zz.plain");
  EXPECT_EQ(clauses[1].not_observable, "");

  Suite suite;
  suite.version = "0.0.0";
  Report r =
      BuildReport(suite, {}, clauses, TestResults{.known = true}, onepath::FpPreflight{}, "x");
  ASSERT_EQ(r.rows.size(), 2u);
  EXPECT_FALSE(r.rows[0].Uncovered());
  EXPECT_TRUE(r.rows[0].NotObservable());
  EXPECT_TRUE(r.rows[1].Uncovered());
  const json j = ReportJson(r);
  EXPECT_EQ(j["clauses"][0]["uncovered"], false);
  EXPECT_EQ(j["clauses"][0]["not_observable"], true);
  EXPECT_EQ(j["clauses"][1]["not_observable"], false);
  EXPECT_NE(ReportMarkdown(r).find("| `zz.hidden` | Hidden | 0 | 0 | 0 | not observable by a port: "
                                   "the runner's own check, on two lines. |"),
            std::string::npos);
  EXPECT_NE(ReportSummary(r).find("(not observable by a port)"), std::string::npos);
  EXPECT_NE(ReportHtml(r).find("not observable by a port: the runner&#39;s own check"),
            std::string::npos);

  // The spec's own marks.
  std::set<std::string> marked;
  for (const Clause& c : LoadClauses(fs::path(ONEPATH_SOURCE_DIR) / "docs" / "spec"))
    if (!c.not_observable.empty()) marked.insert(c.id);
  EXPECT_TRUE(marked.count("num.preflight"));
  EXPECT_TRUE(marked.count("arr.candidates"));
}

namespace {

// NavSettings (b3d.settings) as a vector holds them: cells of 0.25, rows
// of 0.125, tiles of 16 cells, the other fields Recast's demo values.
json Settings3D() {
  return {{"CellSize", 0.25},
          {"CellHeight", 0.125},
          {"TileSize", 4.0},
          {"OriginX", 0.0},
          {"OriginZ", 0.0},
          {"AgentHeight", 2.0},
          {"AgentRadius", 0.5},
          {"AgentMaxClimb", 0.5},
          {"AgentMaxSlopeDegrees", 45.0},
          {"Partition", 0},
          {"MinRegionArea", 64},
          {"MergeRegionArea", 400},
          {"ContourMaxError", 1.3},
          {"MaxEdgeLength", 12.0},
          {"MaxVertsPerPoly", 6},
          {"DetailSampleDistance", 1.8},
          {"DetailMaxError", 0.2},
          {"MaxLocalExtent", 4194304.0},
          {"Area", 63},
          {"Flags", 1}};
}

}  // namespace

// build3d/spans (b3d.span.stages): a port whose spans stage is wrong in
// one span is told the stage and the element, column (x, z) and span, from
// the vector's stage hashes alone and from a stages report.
TEST(OperationTable, Build3DNamesTheFirstDivergingStageAndSpan) {
  CLAUSE("b3d.span.stages b3d.span.heightfield");
  // Tile (0, 0) of a 4 x 4 floor at y = 1 (cells of 0.25, tiles of 16
  // cells, B = 5): W = 26, so column (x 7, z 6) is 7 + 26 * 6 = 163.
  json settings = Settings3D();
  json input = {
      {"soup",
       {{"vertices", {0, 1, 0, 0, 1, 4, 4, 1, 4, 4, 1, 0}}, {"indices", {0, 1, 2, 0, 2, 3}}}},
      {"settings", settings},
      {"tile", {0, 0}}};
  const std::string op = "Mesh3DPipeline.TileSpans";
  json stages = RunStages(op, input);
  json hashes = json::object();
  for (const auto& [name, hex] : stages.items())
    hashes[name] = onepath::Sha256Hex(FromHex(hex.get<std::string>()));
  ASSERT_FALSE(DivergeStageHashes(op, hashes, stages, &input));

  // The spans stage with column 163's span raised by one row: decoded,
  // changed, written back in b3d.span.heightfield's layout.
  json spans = DecodeOutput("Voxelizer.Rasterize", FromHex(stages["spans"].get<std::string>()));
  ASSERT_EQ(spans["width"], 26);
  ASSERT_EQ(spans["columns"][163].size(), 1u);
  spans["columns"][163][0][1] = spans["columns"][163][0][1].get<int>() + 1;
  onepath::CanonicalWriter w;
  w.U32(26);
  w.U32(26);
  for (const json& column : spans["columns"]) {
    w.Count(column.size());
    for (const json& s : column) {
      w.U16(s[0].get<std::uint16_t>());
      w.U16(s[1].get<std::uint16_t>());
      w.U8(s[2].get<std::uint8_t>());
    }
  }
  json wrong = stages;
  wrong["spans"] = onepath::ToHex(w.bytes());
  for (const auto& d :
       {DivergeStageHashes(op, hashes, wrong, &input), DivergeStages(op, input, wrong)}) {
    ASSERT_TRUE(d);
    EXPECT_EQ(d->stage, "spans");
    EXPECT_EQ(d->clause, "b3d.span.rasterize");
    EXPECT_NE(d->where.find("column (x 7, z 6), span 0"), std::string::npos) << d->where;
  }
}

// build3d/regions and build3d/contours (b3d.region.stages,
// b3d.contour.stages): a port whose region ids or contour vertices are
// wrong is told the stage and the element: the span and both ids, the
// contour (with its region) and the vertex.
TEST(OperationTable, RegionsAndContoursNameTheDivergingSpanAndVertex) {
  CLAUSE("b3d.region.values b3d.contour.values");
  // A flat 8 x 8 field, one span per column, every neighbour in the grid
  // connected (con 0, else 63): tiles of 2 cells of 1 with radius 0 give
  // B = 3 and W = 2 + 2 * 3 = 8, so the field is a tile's grid.
  json columns = json::array();
  for (int z = 0; z < 8; ++z)
    for (int x = 0; x < 8; ++x)
      columns.push_back(
          {{2, 255, {x > 0 ? 0 : 63, z < 7 ? 0 : 63, x < 7 ? 0 : 63, z > 0 ? 0 : 63}, 63}});
  json settings = Settings3D();
  settings["CellSize"] = 1.0;
  settings["CellHeight"] = 1.0;
  settings["TileSize"] = 2.0;
  settings["AgentRadius"] = 0.0;
  settings["Partition"] = 1;
  settings["MinRegionArea"] = 0;
  settings["MergeRegionArea"] = 0;
  json input = {{"compact", {{"width", 8}, {"depth", 8}, {"columns", columns}}},
                {"settings", settings}};

  // The monotone regions with span 10's id changed: one region, ids 1,
  // count 2 (b3d.region.values).
  json regions =
      DecodeOutput("RegionPipeline.Monotone", RunOperation("RegionPipeline.Monotone", input));
  ASSERT_EQ(regions["regionCount"], 2);
  ASSERT_EQ(regions["regions"][10], 1);
  json wrong = regions;
  wrong["regions"][10] = 2;
  auto d = DivergeOutputs("RegionPipeline.Monotone", regions, wrong);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->stage, "regions");
  EXPECT_EQ(d->clause, "b3d.region.monotone");
  EXPECT_NE(d->where.find("span 10: region 2, expected 1"), std::string::npos) << d->where;

  // The cut, then the contour with its third vertex moved.
  json cut_in = input;
  cut_in["regions"] = regions;
  json cut =
      DecodeOutput("RegionPipeline.CutBorder", RunOperation("RegionPipeline.CutBorder", cut_in));
  ASSERT_EQ(cut["borderId"], 3);  // regionCount + 1 (b3d.region.border-cut)
  json trace_in = input;
  trace_in["cut"] = cut;
  json contours =
      DecodeOutput("RegionPipeline.Trace", RunOperation("RegionPipeline.Trace", trace_in));
  ASSERT_EQ(contours["contours"].size(), 1u);
  ASSERT_GE(contours["contours"][0]["vertices"].size(), 3u);
  wrong = contours;
  wrong["contours"][0]["vertices"][2][0] = wrong["contours"][0]["vertices"][2][0].get<int>() + 1;
  d = DivergeOutputs("RegionPipeline.Trace", contours, wrong);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->stage, "contours");
  EXPECT_EQ(d->kind, "other vertices");
  EXPECT_NE(d->where.find("contour 0 (region 1), vertex 2: "), std::string::npos) << d->where;
  wrong = contours;
  wrong["contours"][0]["vertices"].erase(0);
  d = DivergeOutputs("RegionPipeline.Trace", contours, wrong);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->kind, "a contour with another number of vertices");
}

TEST(OperationTable, NavTileDeserializeAndAssemblerGiveTheTilesBytes) {
  CLAUSE("nav.serialize nav.deserialize nav.assemble nav.link nav.create");
  // One triangle, tile (0, 0), layer 0, origin 0, tileSize 1, written by
  // hand from nav.serialize's table: (0, 0, 0), (0, 0, 1), (1, 0, 0) turn
  // counter-clockwise (nav.orient: (1 - 0)·(1 - 0) - (0 - 0)·(0 - 0) = 1 >
  // 0); edge 0 (x = 0 at both ends) is a portal of side 0, edge 1 a wall,
  // edge 2 (z = 0) a portal of side 1; one detail triangle on the corners,
  // every edge on the boundary (flags 7). 64 + 12·3 + 20 + 7·3 + 4 = 145 bytes.
  // clang-format off
  const std::string hex =
      "4f504e54" "0100" "00000000" "00000000" "0000"              // magic .. layer
      "0000000000000000" "0000000000000000" "0000000000000000"    // origin
      "0000803f"                                                  // tileSize 1
      "03000000" "000000000000000000000000"                       // 3 vertices
      "00000000000000000000803f" "0000803f0000000000000000"
      "01000000" "03" "000001000200"                              // 1 polygon, corners
      "0200000000" "0000000000" "0201000000" "00" "0000"          // links, area, flags
      "01000000" "00000000000000000000000001000000"               // detail entry
      "00000000"                                                  // no detail vertex
      "01000000" "00010207";                                      // one triangle
  // clang-format on
  ASSERT_EQ(hex.size(), 2u * 145u);
  const Bytes bytes = FromHex(hex);
  EXPECT_EQ(RunOperation("NavTile.Deserialize", {{"bytes", hex}}), bytes);
  const json assembler = {{"tileX", 0},
                          {"tileZ", 0},
                          {"layer", 0},
                          {"origin", {0.0, 0.0, 0.0}},
                          {"tileSize", 1.0},
                          {"vertices", {{0, 0, 0}, {0, 0, 1}, {1, 0, 0}}},
                          {"polygons", {{{"vertices", {0, 1, 2}}, {"area", 0}, {"flags", 0}}}},
                          {"detailPolygons", {{0, 0, 0, 1}}},
                          {"detailVertices", json::array()},
                          {"detailTriangles", {{0, 1, 2, 7}}}};
  EXPECT_EQ(RunOperation("NavTileAssembler.FromLocalPolygons", assembler), bytes);
  // A tile byte that differs is named by its position.
  json right = DecodeOutput("NavTile.Deserialize", bytes);
  Bytes other = bytes;
  other[44] = 0x40;  // the vertex count's first byte, after the 44 header bytes
  json wrong = DecodeOutput("NavTile.Deserialize", other);
  auto d = DivergeOutputs("NavTile.Deserialize", right, wrong);
  ASSERT_TRUE(d);
  EXPECT_NE(d->where.find("byte 44: 40, expected 03"), std::string::npos) << d->where;
  // The errors are the spec's: a version of 2, then the polygon's edge 1
  // made a portal of side 0 (its corners are at x = 0 and x = 1).
  std::string v2 = hex;
  v2.replace(8, 4, "0200");
  try {
    RunOperation("NavTile.Deserialize", {{"bytes", v2}});
    ADD_FAILURE() << "version 2 read";
  } catch (const onepath::ArgumentOutOfRangeException& e) {
    EXPECT_EQ(ErrorFieldsToJson(e.fields()), json({{"argument", "version"}, {"value", 2.0}}));
  }
  std::string portal = hex;
  const std::size_t link1 = 2 * (44 + 4 + 36 + 4 + 1 + 6 + 5);
  ASSERT_EQ(portal.substr(link1, 10), "0000000000");
  portal.replace(link1, 2, "02");
  try {
    RunOperation("NavTile.Deserialize", {{"bytes", portal}});
    ADD_FAILURE() << "a portal off its side read";
  } catch (const onepath::ArgumentException& e) {
    EXPECT_EQ(ErrorFieldsToJson(e.fields()), json({{"argument", "links.portal"},
                                                   {"polygon", 0},
                                                   {"edge", 1},
                                                   {"tileX", 0},
                                                   {"tileZ", 0}}));
  }
  // A malformed input is not a tile error.
  EXPECT_THROW(RunOperation("NavTile.Deserialize", {{"bytes", "4F"}}), std::invalid_argument);
}

TEST(OperationTable, NavQueryFindPathDecodesEachPairAndNamesTheFirstDifference) {
  CLAUSE("nav.query.nearest nav.query.astar nav.query.straight");
  // Two pairs as NavQuery.FindPath writes them (ops/navmesh_query.cpp):
  // the first with no nearest polygon for its start (u8 0) and one for its
  // goal; the second found, a corridor of one polygon and a straight path
  // of one point.
  onepath::CanonicalWriter w;
  w.U32(2);
  w.U8(0);
  w.U8(1), w.I32(1), w.I32(-2), w.U16(0), w.U32(7), w.F64(1.5), w.F64(0.25), w.F64(-3.0);
  w.U8(1), w.I32(0), w.I32(0), w.U16(1), w.U32(3), w.F64(2.0), w.F64(0.0), w.F64(2.0);
  w.U8(1), w.I32(0), w.I32(0), w.U16(1), w.U32(3), w.F64(2.0), w.F64(0.0), w.F64(2.0);
  w.U8(0);  // found
  w.F64(0.0);
  w.U32(1), w.I32(0), w.I32(0), w.U16(1), w.U32(3);
  w.U32(1), w.F64(2.0), w.F64(0.0), w.F64(2.0);
  const Bytes bytes = w.Take();
  const json decoded = DecodeOutput("NavQuery.FindPath", bytes);
  ASSERT_EQ(decoded["pairs"].size(), 2u);
  EXPECT_TRUE(decoded["pairs"][0]["start"].is_null());
  EXPECT_EQ(decoded["pairs"][0]["goal"]["polygon"], json({1, -2, 0, 7}));
  EXPECT_FALSE(decoded["pairs"][0].contains("status"));
  EXPECT_EQ(decoded["pairs"][1]["status"], "found");
  EXPECT_EQ(decoded["pairs"][1]["corridor"], json({{0, 0, 1, 3}}));
  json wrong = decoded;
  wrong["pairs"][1]["status"] = "unreachable";
  auto d = DivergeOutputs("NavQuery.FindPath", decoded, wrong);
  ASSERT_TRUE(d);
  EXPECT_NE(d->where.find("pair 1: status \"unreachable\", expected \"found\""), std::string::npos)
      << d->where;
  Bytes cut = bytes;
  cut.pop_back();
  EXPECT_ANY_THROW(DecodeOutput("NavQuery.FindPath", cut));  // bytes that end early
}
