// The detail part of the golden family `build3d/polys`
// (docs/spec/build3d-detail.md, b3d.detail.*): DetailMeshBuilder.Build
// with its one stage `detail` (b3d.detail.build), its input the compact
// heightfield, the cut and the polygon mesh in the forms the earlier
// stages' outputs decode to (docs/golden-format.md).
//
// Expected hashes come from the brute-force detail oracle
// oracles/boost_mp/detail_bruteforce (written from the spec text alone; it
// includes nothing from src/ and has its own structs): the oracle reads the
// vector's JSON text itself (the compact spans' rows, the cut's ids, the
// mesh, minRow, the tile and the settings CellSize, CellHeight, TileSize,
// AgentRadius, AgentMaxClimb, DetailSampleDistance, DetailMaxError,
// derived by its own BfDetailSettingsFrom), BruteForceDetail computes the
// detail and BruteForceDetailBytes its canonical bytes (b3d.detail.values).
// Before a vector is written the runner (the reference, src/onepath/build3d)
// must give the same bytes from the vector's JSON text, or the writer
// stops. A negative vector's error is written here from its clause; the
// reference must throw it, and the oracle too where the error is this
// chapter's (b3d.detail.stage-input's mesh and minRow, b3d.detail.limit).
//
// Inputs (detail.jsonl):
//  traced   every input of golden/build3d/contours/contours.jsonl: its
//           contours traced by the reference's RegionPipeline.Trace (their
//           bytes must hash to that vector's expect.sha256, equal to
//           Recast's there), polygonized by the reference's
//           Polygonizer.Build with MaxVertsPerPoly 6 (that family's
//           vectors are the oracle's), minRow the least row of a vertex some
//           polygon uses (b3d.poly.rows), with the vector's settings and, in
//           turn, detail presets: the vector's own (DetailSampleDistance
//           1.8, DetailMaxError 0.2), off (DetailSampleDistance 0), dense
//           (1.25 cells, error 0), coarse (3 cells, half a row);
//  hand     the fields and squares of conformance/tests/test_build3d_detail.cpp
//           (expected values derived by hand there): the flat square with
//           detail off and on, the ramp with DetailMaxError 0.7 (one
//           insertion) and 1 (none).
//  hand (last, AddReach): the flat square with its corners clockwise, detail
//           off: the forced ears of b3d.detail.hull; a non-convex heptagon
//           whose Lawson flips pop an edge an earlier flip removed; a
//           star-shaped polygon of 255 corners, the most the stage takes.
// detail_errors.jsonl: minRow 65536 and -1, a polygon of two corners and a
// corner naming no vertex (b3d.detail.stage-input), DetailMaxError -1
// (b3d.settings-checks), and the paraboloid of more than 255 triangles
// (b3d.detail.limit: 504, derived in the unit test); last, a star-shaped
// polygon of 256 corners (b3d.detail.stage-input: 3 ... 255).
#include "tools/golden/build3d_detail_vectors.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "conformance/runner/operations.hpp"
#include "oracles/boost_mp/detail_bruteforce.hpp"
#include "tools/golden/build3d_json.hpp"
#include "tools/golden/jsonl_writer.hpp"
#include "tools/golden/region_vectors.hpp"
// src/ headers: the settings' JSON form only (build3d_json.hpp).
#include "onepath/build3d/settings.hpp"
#include "onepath/core/canonical.hpp"

namespace onepath::golden {

namespace {

using nlohmann::json;
using onepath::Sha256Hex;
using onepath::build3d::NavSettings;
namespace conf = onepath::conformance;
namespace bf = onepath::oracle;
using Bytes = std::vector<std::uint8_t>;

const std::string kOp = "DetailMeshBuilder.Build";
const std::string kShortOp = "b3d_detail";

std::string Key(const json& input) {
  onepath::CanonicalWriter w;
  conf::FindOperation(kOp)->key(w, input);
  return Sha256Hex(w.bytes()).substr(0, 12);
}

// ---- the oracle's side: the vector's JSON text, read again ----

bf::BfDetailField OracleField(const json& compact, const json& cut) {
  bf::BfDetailField f;
  f.width = compact.at("width").get<std::int64_t>();
  f.depth = compact.at("depth").get<std::int64_t>();
  const json& ids = cut.at("regions");
  std::size_t span = 0;
  for (const json& column : compact.at("columns")) {
    std::vector<bf::BfDetailSpan>& c = f.columns.emplace_back();
    for (const json& s : column)
      c.push_back({s.at(0).get<std::int64_t>(), ids.at(span++).get<std::int64_t>()});
  }
  return f;
}

bf::BfDetailInputMesh OracleMesh(const json& mesh) {
  bf::BfDetailInputMesh m;
  for (const json& v : mesh.at("vertices"))
    m.vertices.push_back(
        {v.at(0).get<std::int64_t>(), v.at(1).get<std::int64_t>(), v.at(2).get<std::int64_t>()});
  for (const json& p : mesh.at("polygons")) {
    bf::BfDetailMeshPolygon& polygon = m.polygons.emplace_back();
    polygon.region = p.at("region").get<std::int64_t>();
    for (const json& c : p.at("corners")) polygon.corners.push_back(c.at(0).get<std::uint32_t>());
  }
  return m;
}

bf::BfDetailSettings OracleSettings(const json& s) {
  return bf::BfDetailSettingsFrom(s.at("CellSize").get<double>(), s.at("CellHeight").get<double>(),
                                  s.at("TileSize").get<double>(), s.at("AgentRadius").get<double>(),
                                  s.at("AgentMaxClimb").get<double>(),
                                  s.at("DetailSampleDistance").get<double>(),
                                  s.at("DetailMaxError").get<double>());
}

bf::BfDetailResult OracleRun(const json& in) {
  return bf::BruteForceDetail(
      OracleMesh(in.at("mesh")), OracleField(in.at("compact"), in.at("cut")),
      in.at("minRow").get<std::int64_t>(), OracleSettings(in.at("settings")),
      in.at("tileX").get<std::int64_t>(), in.at("tileZ").get<std::int64_t>());
}

// The oracle's error as the runner's JSON: type and fields (sorted keys).
std::pair<std::string, json> OracleError(const bf::BfDetailError& e) {
  const char* type = e.kind == bf::BfDetailError::Kind::kArgument ? "ArgumentException"
                     : e.kind == bf::BfDetailError::Kind::kArgumentOutOfRange
                         ? "ArgumentOutOfRangeException"
                         : "InvalidOperationException";
  json fields = json::object();
  if (e.argument) fields["argument"] = *e.argument;
  if (e.polygon) fields["polygon"] = *e.polygon;
  if (e.vertex) fields["vertex"] = *e.vertex;
  if (e.count) fields["count"] = *e.count;
  if (e.tileX) fields["tileX"] = *e.tileX;
  if (e.tileZ) fields["tileZ"] = *e.tileZ;
  if (e.value) fields["value"] = conf::DoubleToJson(*e.value);
  return {type, fields};
}

// The clauses that decide something for this input, from the oracle's run
// (docs/golden-format.md, "Clause tags").
json Clauses(const bf::BfDetailResult& r) {
  const bf::BfDetailStats& st = r.stats;
  json c = {"b3d.detail.build", "b3d.detail.values", "b3d.detail.coordinates",
            "b3d.detail.min-row"};
  if (st.polygons > 0) {
    for (const char* k : {"b3d.detail.triangles", "b3d.detail.hull", "b3d.detail.orientation",
                          "b3d.detail.output", "b3d.detail.limit", "b3d.tile-coordinates"})
      c.push_back(k);
  }
  if (st.flips > 0) {
    c.push_back("b3d.detail.flip");
    c.push_back("b3d.detail.lawson");
  }
  if (st.detailOn > 0) {
    for (const char* k :
         {"b3d.detail.sample-distance", "b3d.detail.nearest-row", "b3d.detail.edge-points",
          "b3d.detail.douglas-peucker", "b3d.detail.edge-limit", "b3d.detail.samples",
          "b3d.detail.locate", "b3d.detail.refine"})
      c.push_back(k);
  } else if (st.polygons > 0) {
    c.push_back("b3d.detail.sample-distance");
  }
  if (st.inserted > 0) {
    c.push_back("b3d.detail.insert");
    c.push_back("b3d.detail.relocate");
  }
  return c;
}

int g_inserted = 0, g_off = 0, g_edgePoints = 0;

// The positive vector: the oracle's bytes, checked against the runner's.
json Positive(const std::string& kind, const json& input, const std::string& source) {
  const json in = Reparsed(input);
  const bf::BfDetailResult r = OracleRun(in);
  if (r.error) Fail(kOp + ": the oracle throws on a positive input", input);
  const Bytes bytes = bf::BruteForceDetailBytes(r.mesh);
  if (conf::RunOperation(kOp, in) != bytes)
    Fail(kOp + ": the reference's output differs from the brute-force oracle's", input);
  json flags = json::array({kind});
  if (r.stats.detailOn == 0) {
    flags.push_back("detail_off");
    ++g_off;
  }
  if (r.stats.edgePoints > 0) {
    flags.push_back("edge_points");
    ++g_edgePoints;
  }
  if (r.stats.inserted > 0) {
    flags.push_back("samples_inserted");
    ++g_inserted;
  }
  if (r.mesh.polygons.empty()) flags.push_back("empty");
  return {{"id", fmt::format("{}/{}/{}", kShortOp, kind, Key(input))},
          {"op", kOp},
          {"clauses", Clauses(r)},
          {"input", input},
          {"expect", {{"sha256", Sha256Hex(bytes)}}},
          {"flags", flags},
          {"provenance", source + "; expected from the brute-force oracle "
                                  "oracles/boost_mp/detail_bruteforce; the reference "
                                  "(src/onepath/build3d) gives the same bytes"}};
}

// ---- traced ----

// b3d.poly.rows: the least row over the vertices some polygon uses.
std::int64_t MinRow(const json& mesh) {
  std::int64_t least = std::numeric_limits<std::int64_t>::max();
  for (const json& p : mesh.at("polygons"))
    for (const json& c : p.at("corners"))
      least = std::min(
          least, mesh.at("vertices").at(c.at(0).get<std::size_t>()).at(1).get<std::int64_t>());
  return mesh.at("polygons").empty() ? 0 : least;
}

struct Preset {
  const char* name;
  double sampleCells;  // DetailSampleDistance / CellSize; < 0: the vector's
  double errorRows;    // DetailMaxError / CellHeight
};
constexpr Preset kPresets[4] = {{"its own", -1, 0},
                                {"off (DetailSampleDistance 0)", 0, 0},
                                {"dense (1.25 cells, error 0)", 1.25, 0},
                                {"coarse (3 cells, half a row)", 3, 0.5}};

void AddTraced(JsonlWriter& w, const std::filesystem::path& contours_jsonl) {
  std::ifstream in(contours_jsonl);
  if (!in) Fail("cannot read " + contours_jsonl.string(), json());
  std::string line;
  for (int used = 0; std::getline(in, line);) {
    if (line.empty()) continue;
    const json v = json::parse(line);
    const json& trace_in = v.at("input");
    const Bytes traced = conf::RunOperation("RegionPipeline.Trace", trace_in);
    if (Sha256Hex(traced) != v.at("expect").at("sha256").get<std::string>())
      Fail("the reference's contours are not those of " + v.at("id").get<std::string>(), trace_in);
    json settings = trace_in.at("settings");
    settings["MaxVertsPerPoly"] = 6;
    const json poly_in = {
        {"contours", conf::DecodeOutput("RegionPipeline.Trace", traced).at("contours")},
        {"settings", settings}};
    const json mesh =
        conf::DecodeOutput("Polygonizer.Build", conf::RunOperation("Polygonizer.Build", poly_in));
    const Preset& p = kPresets[used % 4];
    if (p.sampleCells >= 0) {
      settings["DetailSampleDistance"] = p.sampleCells * settings.at("CellSize").get<double>();
      settings["DetailMaxError"] = p.errorRows * settings.at("CellHeight").get<double>();
    }
    const json input = {{"compact", trace_in.at("compact")},
                        {"cut", trace_in.at("cut")},
                        {"mesh", mesh},
                        {"minRow", MinRow(mesh)},
                        {"settings", settings},
                        {"tileX", 0},
                        {"tileZ", 0}};
    if (w.Add(Positive(
            "traced", input,
            fmt::format("the tile of {} (golden/build3d/contours/contours.jsonl): its contours "
                        "traced by the reference's RegionPipeline.Trace (their hash that "
                        "vector's), polygonized by the reference's Polygonizer.Build "
                        "(MaxVertsPerPoly 6), minRow by b3d.poly.rows, detail settings {}",
                        v.at("id").get<std::string>(), p.name))))
      ++used;
  }
}

// ---- hand (conformance/tests/test_build3d_detail.cpp) ----

// A width x width field, at most one span per column at rowOf(x, z) (none
// when negative), clearance 20, area 63, no connections; the cut gives the
// core (B = 3, tileCells) region 1 and the rest borderId 2.
json HandCompact(int width, const std::function<int(int, int)>& rowOf) {
  json columns = json::array();
  for (int z = 0; z < width; ++z)
    for (int x = 0; x < width; ++x) {
      const int row = rowOf(x, z);
      columns.push_back(row < 0 ? json::array()
                                : json::array({json::array({row, 20, {63, 63, 63, 63}, 63})}));
    }
  return {{"width", width}, {"depth", width}, {"columns", columns}};
}

json HandCut(const json& compact, int tileCells) {
  const int w = compact.at("width").get<int>();
  json ids = json::array();
  bool empty = true;
  for (int c = 0; c < w * w; ++c) {
    const int x = c % w, z = c / w;
    const bool core = x >= 3 && x < 3 + tileCells && z >= 3 && z < 3 + tileCells;
    for (std::size_t k = 0; k < compact.at("columns").at(c).size(); ++k) {
      ids.push_back(core ? 1 : 2);
      empty = empty && !core;
    }
  }
  return {{"borderId", 2}, {"empty", empty}, {"regions", ids}};
}

// The square with corners (lo, lo), (lo, hi), (hi, hi), (hi, lo) of region
// 1 (counter-clockwise, b3d.detail.orientation), corner rows as given.
json HandSquare(int lo, int hi, int r0, int r1, int r2, int r3) {
  return {{"vertices", {{lo, r0, lo}, {lo, r1, hi}, {hi, r2, hi}, {hi, r3, lo}}},
          {"polygons",
           {{{"contour", 0},
             {"region", 1},
             {"area", 63},
             {"corners", {{0, 0}, {1, 0}, {2, 0}, {3, 0}}}}}},
          {"degenerateEars", 0}};
}

// Cells and rows of 1, tiles of tileCells, radius 0 (B = 3), AgentHeight 2.
json HandSettings(int climb, int tileCells, double sampleDistance, double maxError) {
  NavSettings s;
  s.CellSize = 1.0;
  s.CellHeight = 1.0;
  s.TileSize = tileCells;
  s.AgentHeight = 2;
  s.AgentMaxClimb = climb;
  s.AgentRadius = 0;
  s.DetailSampleDistance = sampleDistance;
  s.DetailMaxError = maxError;
  return SettingsJson(s);
}

json HandInput(const json& compact, int tileCells, const json& mesh, int minRow,
               const json& settings, int tileX = 0, int tileZ = 0) {
  return {{"compact", compact},   {"cut", HandCut(compact, tileCells)},
          {"mesh", mesh},         {"minRow", minRow},
          {"settings", settings}, {"tileX", tileX},
          {"tileZ", tileZ}};
}

const json& Flat() {
  static const json f = HandCompact(10, [](int, int) { return 1; });
  return f;
}
const json& Ramp() {
  static const json f = HandCompact(10, [](int x, int) { return x; });
  return f;
}

void AddHand(JsonlWriter& w) {
  const std::string from = "hand-made in tools/golden/build3d_detail_vectors.cpp: ";
  w.Add(Positive(
      "hand", HandInput(Flat(), 4, HandSquare(3, 7, 1, 1, 1, 1), 1, HandSettings(1, 4, 0.5, 0.2)),
      from + "the flat square, detail off (sd 0.5 cells): the hull's two triangles "
             "(test_build3d_detail.cpp, FlatSquareDetailOffIsTwoTriangles)"));
  w.Add(Positive(
      "hand", HandInput(Flat(), 4, HandSquare(3, 7, 1, 1, 1, 1), 1, HandSettings(1, 4, 1.0, 0.2)),
      from + "the flat square, detail on: nothing added (FlatSquareDetailOnAddsNothing)"));
  for (double error : {0.7, 1.0})
    w.Add(Positive(
        "hand",
        HandInput(Ramp(), 4, HandSquare(3, 7, 3, 3, 7, 7), 3, HandSettings(1, 4, 1.0, error)),
        from +
            fmt::format("the square on the ramp, DetailMaxError {}: {} "
                        "(RampInsertsOneSampleOnTheDiagonal)",
                        error,
                        error < 1 ? "one sample inserted on the diagonal" : "no sample inserted")));
}

// ---- reach (issue 25) ----

// HandSquare's mesh with its one polygon's corners the points (x, z) in
// the order given, each at row 1.
json PolygonMesh(const std::vector<std::pair<int, int>>& points) {
  json mesh = HandSquare(3, 7, 1, 1, 1, 1);
  mesh["vertices"] = json::array();
  json corners = json::array();
  for (const auto& [x, z] : points) {
    corners.push_back({mesh["vertices"].size(), 0});
    mesh["vertices"].push_back({x, 1, z});
  }
  mesh["polygons"][0]["corners"] = corners;
  return mesh;
}

// A star-shaped polygon of n corners (n <= 255 + 1) on the 46 x 46 field
// of tiles of 40 cells: lattice points (x, z) of the core, x, z in 4 ..
// 42, seen from (23.5, 23.5) (no lattice point): of the points on one ray
// the nearest, the n nearest rays' points, in counter-clockwise order of
// their direction (b3d.detail.orientation). Corners sorted by direction
// make a simple polygon.
json StarPolygon(std::size_t n) {
  // (2x - 47, 2z - 47): the direction, doubled to stay integral.
  std::vector<std::pair<int, int>> points;
  for (int z = 4; z <= 42; ++z)
    for (int x = 4; x <= 42; ++x) points.push_back({2 * x - 47, 2 * z - 47});
  std::stable_sort(points.begin(), points.end(), [](const auto& a, const auto& b) {
    return a.first * a.first + a.second * a.second < b.first * b.first + b.second * b.second;
  });
  std::set<std::pair<int, int>> rays;  // each direction reduced by its gcd
  std::vector<std::pair<int, int>> kept;
  for (const auto& [u, v] : points) {
    const int g = std::gcd(u, v);
    if (rays.insert({u / g, v / g}).second) kept.push_back({(u + 47) / 2, (v + 47) / 2});
    if (kept.size() == n) break;
  }
  if (kept.size() != n) Fail("StarPolygon: too few directions", json(n));
  // HandSquare's corners (lo, lo), (lo, hi), (hi, hi), (hi, lo) turn with
  // decreasing atan2(z, x): that order.
  const auto direction = [](const std::pair<int, int>& p) {
    return std::atan2(2.0 * p.second - 47.0, 2.0 * p.first - 47.0);
  };
  std::sort(kept.begin(), kept.end(),
            [&](const auto& a, const auto& b) { return direction(a) > direction(b); });
  return PolygonMesh(kept);
}

const json& WideFlat() {
  static const json f = HandCompact(46, [](int, int) { return 1; });
  return f;
}

// The flat square of AddHand with its corners in clockwise order (the
// stage takes any polygon of 3 ... 255 corners naming vertices,
// b3d.detail.stage-input), detail off: every turn of the ring is negative,
// so neither a strict nor a relaxed ear exists and the head is clipped,
// forced (b3d.detail.hull step 3), twice.
void AddReach(JsonlWriter& w) {
  json mesh = HandSquare(3, 7, 1, 1, 1, 1);
  mesh["polygons"][0]["corners"] = {{0, 0}, {3, 0}, {2, 0}, {1, 0}};
  w.Add(Positive("hand", HandInput(Flat(), 4, mesh, 1, HandSettings(1, 4, 0.5, 0.2)),
                 "hand-made in tools/golden/build3d_detail_vectors.cpp (AddReach): the flat "
                 "square with its corners clockwise, detail off: no strict or relaxed ear, the "
                 "head clipped (b3d.detail.hull, forced)"));

  // A non-convex heptagon on a flat field of 46 x 46 (tiles of 40 cells),
  // detail off: ear clipping, then Lawson flips over every edge
  // (b3d.detail.lawson). Both directions of an edge are on the stack; one
  // is flipped, and when the other is popped the edge no longer exists, so
  // b3d.detail.flip finds no triangle and skips it. An edge table that
  // kept the flipped edge's two entries (the triangle ids, since rewritten)
  // would flip two triangles that do not share it: here the quadrilateral
  // they give is convex and in-circle positive, so the output would differ.
  // Found by a search over star-shaped polygons (issue 25), then cut down
  // to the 7 corners that still show it.
  const json heptagon =
      PolygonMesh({{21, 20}, {17, 20}, {13, 19}, {10, 19}, {20, 22}, {22, 25}, {34, 24}});
  w.Add(Positive("hand", HandInput(WideFlat(), 40, heptagon, 1, HandSettings(1, 40, 0.0, 0.2)),
                 "hand-made in tools/golden/build3d_detail_vectors.cpp (AddReach): a "
                 "non-convex heptagon, detail off, whose Lawson flips pop an edge an earlier "
                 "flip removed (b3d.detail.triangles, b3d.detail.flip)"));

  // The most corners b3d.detail.stage-input accepts, 255 (the detail's
  // vertex numbers are 8-bit): a star-shaped polygon (StarPolygon), detail
  // off, 253 triangles (at most 255, b3d.detail.limit). 256 corners throw
  // (detail_errors.jsonl).
  w.Add(Positive("hand",
                 HandInput(WideFlat(), 40, StarPolygon(255), 1, HandSettings(1, 40, 0.0, 0.2)),
                 "hand-made in tools/golden/build3d_detail_vectors.cpp (AddReach): a "
                 "star-shaped polygon of 255 corners, the most b3d.detail.stage-input accepts, "
                 "detail off: 253 triangles"));
}

// ---- detail_errors.jsonl ----

void AddError(JsonlWriter& w, const std::string& kind, const json& input, const json& clauses,
              const std::string& type, const json& fields, const std::string& why, bool oracle) {
  if (oracle) {
    const bf::BfDetailResult r = OracleRun(Reparsed(input));
    if (!r.error) Fail(kOp + ": the oracle does not throw on " + why, input);
    const auto [otype, ofields] = OracleError(*r.error);
    if (otype != type || ofields.dump() != fields.dump())
      Fail(fmt::format("{}: expected {} {}, the oracle gives {} {}", kOp, type, fields.dump(),
                       otype, ofields.dump()),
           input);
  }
  w.Add(Negative(kOp, kShortOp, kind, Key(input), clauses, input, type, fields,
                 "hand-made in tools/golden/build3d_detail_vectors.cpp: " + why +
                     (oracle ? "; the brute-force oracle throws the same" : "")));
}

void WriteErrors(JsonlWriter& w) {
  const json input = [] {
    return HandInput(Flat(), 4, HandSquare(3, 7, 1, 1, 1, 1), 1, HandSettings(1, 4, 1.0, 0.2));
  }();
  const json stageInput = {"b3d.detail.stage-input", "b3d.detail.min-row", "b3d.errors"};
  for (int minRow : {65536, -1}) {
    json in = input;
    in["minRow"] = minRow;
    AddError(w, "bad_min_row", in, stageInput, "ArgumentOutOfRangeException",
             {{"argument", "minRow"}, {"value", conf::DoubleToJson(minRow)}},
             fmt::format("the flat square with minRow {} (0 ... 65535)", minRow), true);
  }
  {
    json in = input;
    json bad = in["mesh"]["polygons"][0];
    bad["corners"] = {{0, 0}, {1, 0}};
    in["mesh"]["polygons"].push_back(bad);
    AddError(w, "bad_mesh", in, stageInput, "ArgumentException",
             {{"argument", "mesh"}, {"count", 2}, {"polygon", 1}},
             "the flat square and a second polygon of two corners (3 ... 255)", true);
  }
  {
    json in = input;
    in["mesh"]["polygons"][0]["corners"][2][0] = 9;
    in["mesh"]["polygons"][0]["corners"][3][0] = 8;
    AddError(w, "bad_mesh", in, stageInput, "ArgumentOutOfRangeException",
             {{"argument", "mesh"}, {"polygon", 0}, {"value", 9.0}, {"vertex", 2}},
             "the flat square whose corners 2 and 3 name vertices 9 and 8 of 4: the first in "
             "corner order is named",
             true);
  }
  {
    json in = input;
    in["settings"]["DetailMaxError"] = -1.0;
    in["minRow"] = 65536;  // checked after the settings
    AddError(w, "bad_settings", in, {"b3d.settings-checks", "b3d.detail.stage-input", "b3d.errors"},
             "ArgumentOutOfRangeException", {{"setting", "DetailMaxError"}, {"value", -1.0}},
             "the flat square with DetailMaxError -1 (v >= 0) and minRow 65536: the settings "
             "are checked first",
             false);
  }
  {
    // The paraboloid of test_build3d_detail.cpp (MoreThan255TrianglesThrows):
    // 504 triangles, derived there.
    const auto sampleOf = [](int c) { return c % 2 == 1 ? c : c + 1; };
    const json field = HandCompact(46, [&](int x, int z) {
      if (x < 4 || x > 35 || z < 4 || z > 35) return -1;
      const int u = sampleOf(x) - 20, v = sampleOf(z) - 20;
      return 1 + (u * u - 1) / 8 + (v * v - 1) / 8;
    });
    const json in = HandInput(field, 40, HandSquare(3, 37, 73, 73, 73, 73), 1,
                              HandSettings(80, 40, 2.0, 0.0), 5, 6);
    AddError(w, "triangle_limit", in, {"b3d.detail.limit", "b3d.detail.refine", "b3d.errors"},
             "InvalidOperationException",
             {{"count", 504}, {"polygon", 0}, {"tileX", 5}, {"tileZ", 6}},
             "a square over a paraboloid of samples, DetailMaxError 0: every sample is inserted, "
             "504 triangles (> 255)",
             true);
  }
  {
    // One corner more than b3d.detail.stage-input accepts (the 255 of
    // AddReach's star and one direction more).
    const json in = HandInput(WideFlat(), 40, StarPolygon(256), 1, HandSettings(1, 40, 0.0, 0.2));
    AddError(w, "bad_mesh", in, stageInput, "ArgumentException",
             {{"argument", "mesh"}, {"count", 256}, {"polygon", 0}},
             "a star-shaped polygon of 256 corners (3 ... 255)", true);
  }
}

}  // namespace

void WriteDetailVectors(const std::filesystem::path& dir,
                        const std::filesystem::path& contours_jsonl) {
  {
    JsonlWriter w(dir / "detail.jsonl");
    AddHand(w);
    AddTraced(w, contours_jsonl);
    AddReach(w);
    w.PrintCount();
    std::printf("%d with detail off, %d with edge points, %d with inserted samples\n", g_off,
                g_edgePoints, g_inserted);
  }
  JsonlWriter e(dir / "detail_errors.jsonl");
  WriteErrors(e);
  e.PrintCount();
}

}  // namespace onepath::golden
