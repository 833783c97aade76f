// Writes the golden family `build3d/polys` (docs/spec/build3d-polygons.md,
// b3d.poly.*): Polygonizer.Build with its stages `ears` and `polygons`
// (b3d.poly.api), its input in the form a RegionPipeline.Trace output
// decodes to (docs/golden-format.md).
//
// Expected hashes come from the brute-force oracle
// oracles/boost_mp/polygonizer_bruteforce (written from the spec text alone;
// it includes nothing from src/ and has its own structs): the oracle reads
// the vector's JSON text itself (contours and the settings CellSize,
// TileSize, AgentRadius, MaxVertsPerPoly, derived by its own
// BfPolySettingsFrom), BruteForcePolygonize computes both stages and
// BruteForcePolyMeshBytes gives their canonical bytes (b3d.poly.values):
// expect.stages holds both hashes, expect.sha256 the stage `polygons`'.
// Before a vector is written, the oracle's result must pass its
// BfCheckPolyPromise (b3d.poly.promise), and the runner (the reference,
// src/onepath/build3d) must give the same bytes for both stages from the
// vector's JSON text, or the writer stops.
//
// Inputs (contour sets, b3d.contour.values):
//  seeded, noisy, whole
//           GenerateContours (conformance/tests/gen_contours.hpp) with the
//           six settings variants the differential uses
//           (kPolySettingsVariants, conformance/tests/poly_contours.hpp),
//           seeds 500000 + 1000 k + draw, kSeededPerVariant non-empty sets
//           per variant; the kind is the generator options' (`seeded`: the
//           defaults, `noisy`: NoisyContoursOptions, `whole`: noisy with the
//           window the whole core);
//  hand     the contour sets of conformance/tests/test_build3d_polygons.cpp
//           (their expected values derived by hand there): the worked
//           example's square, the L, a straight wall vertex removed and
//           kept, a hole bridge visiting two vertices twice, a spike with
//           degenerate ears, a collinear contour, two contours sharing
//           welded vertices, a short contour skipped, no contour, a
//           collinear triangle tipped left and right by float32, and a
//           merge float32 refuses, with MaxVertsPerPoly 3 ... 6;
//  traced   the contour sets the reference's RegionPipeline.Trace gives for
//           every 4th input of golden/build3d/contours/contours.jsonl (their
//           bytes must hash to that vector's expect.sha256, equal to
//           Recast's there), with that vector's settings and
//           MaxVertsPerPoly 3, 4, 5, 6 in turn.
//  seeded (last)
//           two GenerateContours sets of the first variant whose triangles
//           give two live polygons one directed edge (AddSharedEdges).
//  hand (last, AddReach)
//           a contour whose merge b3d.poly.merge-valid's test 3 refuses.
// detail.jsonl, detail_errors.jsonl: DetailMeshBuilder.Build, written by
// build3d_detail_vectors.cpp (its inputs and oracle described there).
// errors.jsonl: Polygonizer.Build throws only settings errors
// (b3d.poly.errors): MaxVertsPerPoly 7 and 2, and CellSize 0 with
// MaxVertsPerPoly 7 (the settings in the order of b3d.settings-checks),
// each expected error written here from the clause and checked against the
// reference.
//
//   gen_golden_build3d_polys OUT_DIR CONTOURS_JSONL
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "conformance/runner/adapter_protocol.hpp"
#include "conformance/runner/operations.hpp"
#include "conformance/tests/gen_contours.hpp"
#include "conformance/tests/poly_contours.hpp"
#include "oracles/boost_mp/polygonizer_bruteforce.hpp"
#include "tools/golden/build3d_detail_vectors.hpp"
#include "tools/golden/build3d_json.hpp"
#include "tools/golden/jsonl_writer.hpp"
#include "tools/golden/region_vectors.hpp"
// src/ headers: the settings' JSON form only (build3d_json.hpp).
#include "onepath/build3d/settings.hpp"
#include "onepath/core/canonical.hpp"

namespace {

using nlohmann::json;
using onepath::Sha256Hex;
using onepath::build3d::NavSettings;
using onepath::golden::Fail;
using onepath::golden::Reparsed;
using onepath::golden::SettingsJson;
namespace conf = onepath::conformance;
namespace bf = onepath::oracle;
using Bytes = std::vector<std::uint8_t>;

const std::string kOp = "Polygonizer.Build";
const std::string kShortOp = "b3d_polygons";

std::string Key(const json& input) {
  onepath::CanonicalWriter w;
  conf::FindOperation(kOp)->key(w, input);
  return Sha256Hex(w.bytes()).substr(0, 12);
}

// ---- the oracle's side: the vector's JSON text, read again ----

std::vector<bf::BfContour> OracleContours(const json& contours) {
  std::vector<bf::BfContour> out;
  for (const json& c : contours) {
    bf::BfContour contour;
    contour.region = c.at("region").get<std::uint16_t>();
    contour.area = c.at("area").get<std::uint8_t>();
    for (const json& v : c.at("vertices"))
      contour.vertices.push_back({v.at(0).get<std::int32_t>(), v.at(1).get<std::int32_t>(),
                                  v.at(2).get<std::int32_t>(), v.at(3).get<std::uint16_t>(),
                                  v.at(4).get<int>() == 1});
    out.push_back(std::move(contour));
  }
  return out;
}

bf::BfPolySettings OracleSettings(const json& s) {
  return bf::BfPolySettingsFrom(s.at("CellSize").get<double>(), s.at("TileSize").get<double>(),
                                s.at("AgentRadius").get<double>(),
                                s.at("MaxVertsPerPoly").get<int>());
}

json ContoursJson(const std::vector<bf::BfContour>& contours) {
  json list = json::array();
  for (const bf::BfContour& c : contours) {
    json vertices = json::array();
    for (const bf::BfContourVertex& v : c.vertices)
      vertices.push_back({v.x, v.y, v.z, v.neighbour, v.areaBorder ? 1 : 0});
    list.push_back({{"region", c.region}, {"area", c.area}, {"vertices", vertices}});
  }
  return list;
}

// The clauses that decide something for this input, from the oracle's run
// (docs/golden-format.md, "Clause tags").
json Clauses(const std::vector<bf::BfContour>& contours, const bf::BfPolySettings& s,
             const bf::BfPolyStages& st, const bf::BfPolyDiagnostics& d) {
  bool clipped = false, chose = false, removed = false, skipped = false, merged = false,
       candidates = false;
  std::map<std::uint32_t, std::size_t> ears, polys;
  for (const bf::BfPolygon& p : st.ears.polygons) ++ears[p.contour];
  for (const bf::BfPolygon& p : st.polygons.polygons) ++polys[p.contour];
  for (std::size_t c = 0; c < contours.size(); ++c) {
    const bf::BfContourStats& k = d.contours[c];
    if (k.skipped) {
      skipped = true;
      continue;
    }
    clipped = true;
    removed |= k.ringNodes < contours[c].vertices.size();
    chose |= k.ringNodes > 3;
    const auto key = static_cast<std::uint32_t>(c);
    candidates |= s.maxVertsPerPoly > 3 && ears[key] >= 2;
    merged |= polys[key] < ears[key];
  }
  json out = {"b3d.poly.api", "b3d.poly.values"};
  if (skipped) out.push_back("b3d.poly.errors");  // every ContourSet accepted
  if (clipped) {
    for (const char* c : {"b3d.poly.walls", "b3d.poly.weld", "b3d.poly.ring", "b3d.poly.ears",
                          "b3d.poly.orient", "b3d.poly.order"})
      out.push_back(c);
  }
  if (removed) out.push_back("b3d.poly.straight-walls");
  if (chose) {
    out.push_back("b3d.poly.cross");
    out.push_back("b3d.poly.diagonal");
  }
  if (st.polygons.degenerateEars > 0) out.push_back("b3d.poly.degenerate-ears");
  if (candidates) {
    out.push_back("b3d.poly.merge");
    out.push_back("b3d.poly.merge-valid");
  }
  if (merged) out.push_back("b3d.poly.merge-ring");
  if (!st.polygons.polygons.empty()) out.push_back("b3d.poly.promise");
  return out;
}

int g_degenerate = 0, g_flat = 0;

// The positive vector: the oracle's bytes of both stages, checked by the
// oracle's promise check and against the runner's bytes.
json Positive(const std::string& kind, const json& input, const std::string& source) {
  const json in = Reparsed(input);
  const std::vector<bf::BfContour> contours = OracleContours(in.at("contours"));
  const bf::BfPolySettings s = OracleSettings(in.at("settings"));
  bf::BfPolyDiagnostics diag;
  const bf::BfPolyStages st = bf::BruteForcePolygonize(contours, s, &diag);
  const std::string broken = bf::BfCheckPolyPromise(contours, s, st, diag);
  if (!broken.empty()) Fail("the oracle's result breaks b3d.poly.promise: " + broken, input);
  const Bytes ears = bf::BruteForcePolyMeshBytes(st.ears);
  const Bytes polygons = bf::BruteForcePolyMeshBytes(st.polygons);
  const json reported = conf::RunStages(kOp, in);
  if (reported.size() != 2 || conf::FromHex(reported.at("ears").get<std::string>()) != ears ||
      conf::FromHex(reported.at("polygons").get<std::string>()) != polygons)
    Fail(kOp + ": the reference's stages differ from the brute-force oracle's", input);
  if (conf::RunOperation(kOp, in) != polygons)
    Fail(kOp + ": the reference's output differs from the brute-force oracle's", input);

  json flags = json::array({kind});
  if (st.polygons.degenerateEars > 0) {
    flags.push_back("degenerate_ears");
    ++g_degenerate;
  }
  bool flat = false;
  for (bool f : diag.polygonHasFlatTriangle) flat |= f;
  if (flat) {
    flags.push_back("float32_tipped");
    ++g_flat;
  }
  if (st.polygons.polygons.empty()) flags.push_back("empty");
  return {{"id", fmt::format("{}/{}/{}", kShortOp, kind, Key(input))},
          {"op", kOp},
          {"clauses", Clauses(contours, s, st, diag)},
          {"input", input},
          {"expect",
           {{"sha256", Sha256Hex(polygons)},
            {"stages", {{"ears", Sha256Hex(ears)}, {"polygons", Sha256Hex(polygons)}}}}},
          {"flags", flags},
          {"provenance", source + "; expected (both stages) from the brute-force oracle "
                                  "oracles/boost_mp/polygonizer_bruteforce, its result checked by "
                                  "BfCheckPolyPromise (b3d.poly.promise); the reference "
                                  "(src/onepath/build3d) gives the same bytes"}};
}

// ---- seeded ----

constexpr int kSeededPerVariant = 20;

NavSettings SettingsOf(double cellSize, double tileSize, double agentRadius, int maxVerts) {
  NavSettings s;
  s.CellSize = cellSize;
  s.TileSize = tileSize;
  s.AgentRadius = agentRadius;
  s.MaxVertsPerPoly = maxVerts;
  return s;
}

void AddSeeded(onepath::golden::JsonlWriter& w) {
  using onepath::conformance::kPolySettingsVariants;
  for (std::size_t k = 0; k < std::size(kPolySettingsVariants); ++k) {
    const onepath::conformance::PolySettingsVariant& v = kPolySettingsVariants[k];
    const bf::BfPolySettings bs = onepath::conformance::OracleSettingsOf(v);
    const json settings = SettingsJson(onepath::conformance::NavSettingsOf(v));
    for (int draw = 0, made = 0; made < kSeededPerVariant; ++draw) {
      const std::uint64_t seed = 500000 + 1000 * k + static_cast<std::uint64_t>(draw);
      const std::vector<bf::BfContour> contours =
          onepath::conformance::GenerateContours(seed, bs, onepath::conformance::OptionsOf(v));
      if (contours.empty()) continue;
      const json input = {{"contours", ContoursJson(contours)}, {"settings", settings}};
      if (w.Add(Positive(v.kind, input,
                         fmt::format("conformance/tests/gen_contours.hpp GenerateContours seed {}, "
                                     "options {}, {}",
                                     seed, v.kind, v.what))))
        ++made;
    }
  }
}

// ---- hand ----

bf::BfContourVertex V(int x, int z, int neighbour = 0, int y = 0) {
  return {x, y, z, static_cast<std::uint16_t>(neighbour), false};
}

// Cells and rows of 1, TileCells 4, WalkableRadius 0: B 3 (the unit
// tests' settings, conformance/tests/build3d_util.hpp UnitSettings(2, 1, 0)).
NavSettings UnitSettings(int maxVerts) {
  NavSettings s = SettingsOf(1.0, 4.0, 0.0, maxVerts);
  s.CellHeight = 1.0;
  s.AgentHeight = 2.0;
  s.AgentMaxClimb = 1.0;
  return s;
}

void AddHand(onepath::golden::JsonlWriter& w) {
  struct Hand {
    const char* what;
    std::vector<bf::BfContour> contours;
    std::vector<int> maxVerts;
    bool unit;  // cells of 1, TileCells 4, B 3 (else the default settings)
  };
  const std::vector<Hand> hands = {
      {"the worked example of build3d-polygons.md: the square (5,5) (5,7) (7,7) (7,5), walls",
       {{1, 63, {V(5, 5), V(5, 7), V(7, 7), V(7, 5)}}},
       {6, 3},
       false},
      {"the L (0,0) (0,4) (2,4) (2,2) (4,2) (4,0), walls",
       {{4, 7, {V(0, 0), V(0, 4), V(2, 4), V(2, 2), V(4, 2), V(4, 0)}}},
       {6, 3},
       true},
      {"a 4 x 4 square with a straight wall vertex (0,2) one row up: removed",
       {{2, 1, {V(0, 0), V(0, 2, 0, 1), V(0, 4), V(4, 4), V(4, 0)}}},
       {6},
       true},
      {"a 4 x 4 square with a straight wall vertex (0,2) two rows up: kept, a wall-collinear "
       "joint",
       {{2, 1, {V(0, 0), V(0, 2, 0, 2), V(0, 4), V(4, 4), V(4, 0)}}},
       {6, 4},
       true},
      {"the 6 x 6 square with the hole [2,4]^2 merged by a bridge (0,0)-(2,2): both bridge ends "
       "visited twice",
       {{3,
         5,
         {V(0, 0), V(2, 2), V(4, 2), V(4, 4), V(2, 4), V(2, 2), V(0, 0), V(0, 6), V(6, 6),
          V(6, 0)}}},
       {6, 3},
       true},
      {"the square (0,0) (0,4) (4,4) (4,0) with a spike to (6,2): degenerate ears",
       {{9, 2, {V(0, 0), V(0, 4), V(4, 4), V(4, 2), V(6, 2), V(4, 2), V(4, 0)}}},
       {6, 4},
       true},
      {"the collinear contour (0,0) (0,2) (0,4) (0,2), no walls: the fallback clips the head",
       {{1, 1, {V(0, 0, 1), V(0, 2, 1), V(0, 4, 1), V(0, 2, 1)}}},
       {6},
       true},
      {"two squares sharing the edge x = 2, rows 1 and 3 on the second: one corner welds, one "
       "does not",
       {{1, 63, {V(0, 0), V(0, 2), V(2, 2, 2), V(2, 0)}},
        {2, 63, {V(2, 0, 1, 1), V(2, 2, 0, 3), V(4, 2), V(4, 0)}}},
       {6},
       true},
      {"a contour of two vertices (skipped) before the worked example's square",
       {{8, 3, {V(9, 9), V(9, 11)}}, {1, 63, {V(5, 5), V(5, 7), V(7, 7), V(7, 5)}}},
       {5},
       true},
      {"no contour", {}, {6}, true},
      {"the triangle (5,7) (6,9) (7,11), no walls, collinear in cells: float32 (cs 0.3) tips it "
       "left, emitted",
       {{1, 1, {V(5, 7, 2), V(6, 9, 2), V(7, 11, 2)}}},
       {6},
       false},
      {"the triangle (5,6) (6,8) (7,10), no walls, collinear in cells: float32 (cs 0.3) tips it "
       "right, dropped",
       {{1, 1, {V(5, 6, 2), V(6, 8, 2), V(7, 10, 2)}}},
       {6},
       false},
      {"the quad (5,6) (6,8) (7,10) (9,6), no walls: float32 refuses the merge at (6,8)",
       {{1, 1, {V(5, 6, 2, 2), V(6, 8, 2, 2), V(7, 10, 2, 2), V(9, 6, 2, 2)}}},
       {6},
       false},
      {"the quad (5,7) (6,9) (7,11) (9,7), no walls: float32 allows the merge at (6,9)",
       {{1, 1, {V(5, 7, 2, 2), V(6, 9, 2, 2), V(7, 11, 2, 2), V(9, 7, 2, 2)}}},
       {6},
       false},
  };
  for (const Hand& h : hands) {
    for (int m : h.maxVerts) {
      const NavSettings s = h.unit ? UnitSettings(m) : SettingsOf(0.3, 9.6, 0.6, m);
      const json input = {{"contours", ContoursJson(h.contours)}, {"settings", SettingsJson(s)}};
      w.Add(Positive(
          "hand", input,
          fmt::format("hand-made (conformance/tests/test_build3d_polygons.cpp): {}, {}, "
                      "MaxVertsPerPoly {}",
                      h.what, h.unit ? "cells of 1, TileCells 4, B 3" : "the default settings",
                      m)));
    }
  }
}

// ---- traced ----

void AddTraced(onepath::golden::JsonlWriter& w, const std::filesystem::path& contours_jsonl) {
  std::ifstream in(contours_jsonl);
  if (!in) Fail("cannot read " + contours_jsonl.string(), json());
  std::string line;
  for (int index = 0, used = 0; std::getline(in, line); ++index) {
    if (line.empty() || index % 4 != 0) continue;
    const json v = json::parse(line);
    const json& trace_in = v.at("input");
    const Bytes traced = conf::RunOperation("RegionPipeline.Trace", trace_in);
    if (Sha256Hex(traced) != v.at("expect").at("sha256").get<std::string>())
      Fail("the reference's contours are not those of " + v.at("id").get<std::string>(), trace_in);
    json settings = trace_in.at("settings");
    const int m = 3 + used % 4;
    settings["MaxVertsPerPoly"] = m;
    const json input = {
        {"contours", conf::DecodeOutput("RegionPipeline.Trace", traced).at("contours")},
        {"settings", settings}};
    if (w.Add(Positive("traced", input,
                       fmt::format("the contours of {} (golden/build3d/contours/contours.jsonl, "
                                   "traced by the reference's RegionPipeline.Trace, their hash "
                                   "that vector's) with its settings, MaxVertsPerPoly {}",
                                   v.at("id").get<std::string>(), m))))
      ++used;
  }
}

// Appended after every earlier vector (issue 25): two contour sets of
// GenerateContours with the first settings variant (`seeded`), seeds
// 88318 and 51905, found by a search of seeds 1 ... 100000 for sets whose
// triangles (b3d.poly.ears, with degenerate ears) give two polygons that
// are live at once the same directed edge. b3d.poly.merge offers a polygon
// every live polygon with the reversed edge, so both must be found: in
// seed 88318 region 2's contour, with its hole merged, gives the triangles
// (28,14) (28,15) (31,16) and (31,16) (29,15) (28,15), both with the edge
// (28,15) -> (31,16), and (28,15) (28,16) (31,16) with the reversed one,
// which merges with the first of the two (of equal candidates the lower
// B first); a lookup that finds only the second gives other polygons.
void AddSharedEdges(onepath::golden::JsonlWriter& w) {
  using onepath::conformance::kPolySettingsVariants;
  const onepath::conformance::PolySettingsVariant& v = kPolySettingsVariants[0];
  const bf::BfPolySettings bs = onepath::conformance::OracleSettingsOf(v);
  const json settings = SettingsJson(onepath::conformance::NavSettingsOf(v));
  for (const std::uint64_t seed : {88318u, 51905u}) {
    const std::vector<bf::BfContour> contours =
        onepath::conformance::GenerateContours(seed, bs, onepath::conformance::OptionsOf(v));
    const json input = {{"contours", ContoursJson(contours)}, {"settings", settings}};
    w.Add(Positive(v.kind, input,
                   fmt::format("conformance/tests/gen_contours.hpp GenerateContours seed {}, "
                               "options {}, {}: two live polygons with one directed edge "
                               "(AddSharedEdges)",
                               seed, v.kind, v.what)));
  }
}

// ---- reach (issue 25) ----

// A contour with two sides of four corners collinear in cells, (19,25)
// (18,28) (17,31) (16,34) and (17,35) (18,32) (19,29) (20,26), rows 0 ... 2
// so that b3d.poly.straight-walls keeps them, some edges walls, the
// default settings (cs 0.3, B 5: Local is not linear), MaxVertsPerPoly 6:
// a merge removes a wall-collinear joint and a neighbour of it turns right
// in float32 within R' (b3d.poly.merge-valid test 3 refuses the merge).
// Found by a random search over convex contours with collinear sides; the
// expected value is the brute-force oracle's, as for every vector here.
void AddReach(onepath::golden::JsonlWriter& w) {
  const std::vector<bf::BfContour> contours = {
      {1,
       63,
       {V(19, 25, 0, 2), V(18, 28, 0, 0), V(17, 31, 2, 2), V(16, 34, 0, 0), V(17, 35, 0, 1),
        V(18, 32, 0, 2), V(19, 29, 0, 1), V(20, 26, 2, 0)}}};
  const json input = {{"contours", ContoursJson(contours)},
                      {"settings", SettingsJson(SettingsOf(0.3, 9.6, 0.6, 6))}};
  w.Add(Positive("hand", input,
                 "hand-made in tools/golden/gen_build3d_polys.cpp (AddReach): two sides of four "
                 "corners collinear in cells, the default settings, MaxVertsPerPoly 6: a merge "
                 "test 3 refuses (a removed joint's neighbour turns right in float32)"));
}

// ---- errors.jsonl ----

void WriteErrors(onepath::golden::JsonlWriter& w) {
  const json square = ContoursJson({{1, 63, {V(5, 5), V(5, 7), V(7, 7), V(7, 5)}}});
  const json clauses = {"b3d.settings-checks", "b3d.poly.errors", "b3d.errors"};
  struct Bad {
    std::vector<std::pair<const char*, json>> set;
    const char* setting;
    double value;
    const char* why;
  };
  const std::vector<Bad> bad = {
      {{{"MaxVertsPerPoly", 7}}, "MaxVertsPerPoly", 7, "MaxVertsPerPoly 7 (3 ... 6)"},
      {{{"MaxVertsPerPoly", 2}}, "MaxVertsPerPoly", 2, "MaxVertsPerPoly 2 (3 ... 6)"},
      {{{"CellSize", 0.0}, {"MaxVertsPerPoly", 7}},
       "CellSize",
       0.0,
       "CellSize 0 and MaxVertsPerPoly 7: CellSize is checked first (b3d.settings-checks)"},
  };
  for (const Bad& b : bad) {
    json input = {{"contours", square}, {"settings", SettingsJson(NavSettings{})}};
    for (const auto& [name, value] : b.set) input["settings"][name] = value;
    w.Add(onepath::golden::Negative(
        kOp, kShortOp, "bad_settings", Key(input), clauses, input, "ArgumentOutOfRangeException",
        {{"setting", b.setting}, {"value", conf::DoubleToJson(b.value)}},
        std::string("hand-made in tools/golden/gen_build3d_polys.cpp: ") + b.why +
            ", the worked example's square; type and fields from b3d.settings-checks"));
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s OUT_DIR CONTOURS_JSONL\n", argv[0]);
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  {
    onepath::golden::JsonlWriter w(dir / "polys.jsonl");
    AddSeeded(w);
    AddHand(w);
    AddTraced(w, argv[2]);
    AddSharedEdges(w);
    AddReach(w);
    w.PrintCount();
    std::printf("%d with degenerate ears, %d with a triangle tipped by float32\n", g_degenerate,
                g_flat);
  }
  {
    onepath::golden::JsonlWriter e(dir / "errors.jsonl");
    WriteErrors(e);
    e.PrintCount();
  }
  onepath::golden::WriteDetailVectors(dir, argv[2]);
  return 0;
}
