// Writes `checks.jsonl` of a golden family (docs/golden-format.md): the
// hand-derived vectors that pin what the drawn vectors leave open.
//
// - Order of checks: for every error clause that names the first culprit
//   (coordinates, vertices, outlines, edges, constraints, settings, 3D
//   input), negative vectors with several culprits, placed so that the
//   plausible wrong orders (every x before any y, last first, vertex-major
//   instead of outline-major, another order of the settings, a later
//   stage's check first) name another culprit. Where a clause fixes a total
//   order of n checks, the vectors pin it whole: either one vector per pair
//   of positions (the earlier one is expected) or one per suffix of the
//   order (every check from k on failing, check k expected).
// - Limits: a value just inside a limit is accepted, one just beyond it
//   refused (err.nothing-else: the spec's type, never anything else).
// - offset.limits through a derived operand {"op", "input"} (a region grown
//   beyond 2^21 by an earlier Region.Offset), for Round, Square and the
//   build's shrink.
// - Clauses no drawn vector observed: region.area (Region.DoubledArea),
//   grid.value (Region.RingsAsVectors), pred.orient2d.int, grid.construct
//   and arr.distortion.
//
// Where expected values come from: every negative vector's type and fields
// are derived by hand from the spec text (the clause named in its
// provenance), and the writer stops unless the reference throws exactly
// that. Positive vectors: Region.DoubledArea and Region.RingsAsVectors
// from hand-computed areas and rings (the writer encodes the expected
// bytes itself), a grow at the limit from its hand-computed ring, the
// predicate signs by 128-bit integer arithmetic in this file (the
// definition of pred.orient2d.int), the arrangements by the brute-force
// oracle (oracles/boost_mp/arrangement_bruteforce); the writer stops when
// the reference's bytes differ. No expected value is taken from the
// reference.
//
//   gen_golden_checks OUT_DIR FAMILY   (FAMILY: predicates, region,
//   arrangement, cdt, offset, shrink, build3d/spans)
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "conformance/generators/predicate_cases.hpp"
#include "conformance/runner/operations.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/core/int128.hpp"
#include "onepath/geom2d/pipeline.hpp"
#include "oracles/boost_mp/arrangement_bruteforce.hpp"
#include "tools/golden/jsonl_writer.hpp"
#include "tools/golden/region_vectors.hpp"

namespace {

using nlohmann::json;
using onepath::CanonicalWriter;
using onepath::Int128;
using onepath::Sha256Hex;
using onepath::UInt128;
using onepath::Vector2D;
using onepath::geom2d::Outline;
namespace conf = onepath::conformance;
namespace golden = onepath::golden;
namespace oracle = onepath::oracle;
namespace gen = onepath::gen;
using Writer = golden::JsonlWriter;
using Bytes = std::vector<std::uint8_t>;
using Ring = std::vector<Vector2D>;

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();
const std::string kRange = "ArgumentOutOfRangeException", kArg = "ArgumentException";

json Num(double v) { return conf::DoubleToJson(v); }

// The id's hash: the operation's key bytes (docs/golden-format.md).
std::string Key(const std::string& op, const json& input) {
  CanonicalWriter w;
  conf::FindOperation(op)->key(w, input);
  return Sha256Hex(w.bytes()).substr(0, 12);
}

const std::map<std::string, std::string> kShort = {
    {"Predicates.Orient2D", "orient2d"},
    {"Predicates.InCircle", "incircle"},
    {"Region.FromOutlines", "region_from_outlines"},
    {"Region.FromTileMap", "region_from_tilemap"},
    {"Region.Union", "region_union"},
    {"Region.Difference", "region_difference"},
    {"Region.DoubledArea", "region_doubled_area"},
    {"Region.RingsAsVectors", "region_rings_as_vectors"},
    {"Arrangement.Build", "arrangement"},
    {"Cdt.ConstrainedDelaunay", "cdt"},
    {"Region.Offset", "region_offset"},
    {"Mesh2DPipeline.Shrink", "mesh2d_shrink"},
    {"Mesh3DPipeline.DeriveSettings", "b3d_derive_settings"},
    {"Mesh3DPipeline.TileSpans", "b3d_tile_spans"},
    {"Voxelizer.Rasterize", "b3d_rasterize"},
    {"Voxelizer.FromHeightfield", "b3d_from_heightfield"},
    {"Voxelizer.FromChunk", "b3d_from_chunk"},
    {"SpanPipeline.FilterLowHeightSpans", "b3d_low_height"},
    {"SpanPipeline.Erode", "b3d_erode"},
};

// A negative vector: the type and fields derived from `clause`'s text; the
// writer stops unless the reference throws exactly that.
json Neg(const std::string& op, const std::string& kind, json clauses, const json& input,
         const std::string& type, const json& fields, const std::string& why) {
  clauses.push_back("err.nothing-else");
  try {
    conf::RunOperation(op, golden::Reparsed(input));
  } catch (const onepath::OnePathException&) {
  } catch (const std::exception& e) {
    golden::Fail(fmt::format("{}: not a well-formed input ({})", op, e.what()), input);
  }
  return golden::Negative(op, kShort.at(op), kind, Key(op, input), clauses, input, type, fields,
                          "hand-made in tools/golden/gen_checks.cpp: " + why +
                              "; type and fields derived by hand from the spec text, the "
                              "reference agrees");
}

// A positive vector whose expected bytes the writer computed itself; it
// stops unless the reference gives the same bytes from the JSON input.
json Pos(const std::string& op, const std::string& kind, const json& clauses, const json& input,
         const Bytes& expected, const std::string& provenance) {
  Bytes got = conf::RunOperation(op, golden::Reparsed(input));
  if (got != expected)
    golden::Fail(
        fmt::format("{}: the reference gives {}, the hand-derived value is {}", op,
                    conf::DecodeOutput(op, got).dump(), conf::DecodeOutput(op, expected).dump()),
        input);
  return json{
      {"id", fmt::format("{}/{}/{}", kShort.at(op), kind, Key(op, input))},
      {"op", op},
      {"clauses", clauses},
      {"input", input},
      {"expect", {{"sha256", Sha256Hex(expected)}, {"value", conf::DecodeOutput(op, expected)}}},
      {"flags", json::array({kind})},
      {"provenance", "hand-made in tools/golden/gen_checks.cpp: " + provenance}};
}

json Outlines(const std::vector<std::vector<Ring>>& outlines, int snapBits) {
  golden::OutlinesInput in;
  in.snapBits = snapBits;
  for (const auto& rings : outlines) in.outlines.push_back(Outline{rings});
  return golden::InputJson(in);
}

json TileMap(const std::string& cells, std::int64_t width, std::int64_t height, double cellSize,
             Vector2D origin, int snapBits) {
  return {{"cells", cells},
          {"width", width},
          {"height", height},
          {"cellSize", Num(cellSize)},
          {"origin", conf::PointToJson(origin)},
          {"options", {{"SnapBits", snapBits}}}};
}

json Derived(const std::string& op, const json& input) { return {{"op", op}, {"input", input}}; }

json OffsetInput(const json& region, double distance, const std::string& join, double tol) {
  return {
      {"region", region}, {"distance", Num(distance)}, {"join", join}, {"arcTolerance", Num(tol)}};
}

json CoordinateFields(int outline, int ring, int vertex, double value) {
  return {{"outline", outline}, {"ring", ring}, {"vertex", vertex}, {"value", Num(value)}};
}

// --- predicates -------------------------------------------------------------

// pred.orient2d.int: the sign of the orientation determinant in 128-bit
// integers (|coordinates| <= 2^53, so differences fit 55 bits and products
// 110).
int Orient2DInt(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by, std::int64_t cx,
                std::int64_t cy) {
  Int128 det = static_cast<Int128>(ax - cx) * (by - cy) - static_cast<Int128>(ay - cy) * (bx - cx);
  return (det > 0) - (det < 0);
}

Bytes SignBytes(int sign) {
  CanonicalWriter w;
  w.I8(static_cast<std::int8_t>(sign));
  return w.Take();
}

void WritePredicates(Writer& w) {
  const char* names[] = {"a", "b", "c", "d"};
  // Values outside pred.domain, each a different one so that the field
  // `value` tells which culprit was named.
  const double bad[] = {kNaN,     kInf,      -kInf,
                        0x1p201,  -0x1p-201, std::numeric_limits<double>::denorm_min(),
                        -0x1p300, 0x1.8p-250};
  for (int which = 0; which < 2; ++which) {
    const std::string op = which == 0 ? "Predicates.Orient2D" : "Predicates.InCircle";
    const int n = which == 0 ? 3 : 4;
    auto input = [&](const std::vector<double>& coords) {
      json in = json::object();
      for (int k = 0; k < n; ++k)
        in[names[k]] = json::array({Num(coords[2 * k]), Num(coords[2 * k + 1])});
      return in;
    };
    auto base = [&] {
      std::vector<double> c;
      for (int k = 0; k < n; ++k) {
        c.push_back(k);
        c.push_back(k * k);
      }
      return c;
    };
    auto fields = [&](int pos, double value) {
      return json{{"argument", fmt::format("{}.{}", names[pos / 2], pos % 2 == 0 ? "x" : "y")},
                  {"vertex", pos / 2},
                  {"value", Num(value)}};
    };
    // Every pair of coordinate positions i < j, both outside the domain:
    // position i is named (pred.domain: "the first coordinate outside it,
    // in argument order a.x, a.y, b.x, …"). The pairs together pin the
    // whole order: any other order names j for some pair.
    for (int i = 0; i < 2 * n; ++i) {
      for (int j = i + 1; j < 2 * n; ++j) {
        std::vector<double> c = base();
        double vi = bad[(i + j) % 8], vj = bad[(i + j + 1) % 8];
        c[i] = vi;
        c[j] = vj;
        w.Add(Neg(op, "two_culprits", {"pred.domain", "err.types", "err.fields"}, input(c), kRange,
                  fields(i, vi),
                  fmt::format("pred.domain: {} and {} outside the domain, {} is named",
                              fields(i, vi)["argument"].get<std::string>(),
                              fields(j, vj)["argument"].get<std::string>(),
                              fields(i, vi)["argument"].get<std::string>())));
      }
    }
    // Every coordinate outside: a.x.
    std::vector<double> all;
    for (int k = 0; k < 2 * n; ++k) all.push_back(bad[(k + 3) % 8]);
    w.Add(Neg(op, "all_culprits", {"pred.domain", "err.types", "err.fields"}, input(all), kRange,
              fields(0, all[0]), "pred.domain: every coordinate outside the domain, a.x is named"));
  }

  // pred.orient2d.int: integer points of magnitude up to 2^53 (exact
  // doubles), where the double evaluation of the determinant is not exact.
  // The sign is the 128-bit integer one, computed here.
  struct Triple {
    std::int64_t v[6];
    const char* what;
  };
  const std::int64_t e = std::int64_t{1} << 53;
  std::vector<Triple> triples = {
      {{e, e - 1, e - 1, e - 2, -e, -e - 1 + 2},
       "the line y = x - 1 near 2^53 and a point below it"},
      {{e, e - 1, e - 1, e - 2, 0, -1}, "three points of y = x - 1 (collinear)"},
      {{e, e - 1, e - 1, e - 2, 1, 1}, "a point one unit above y = x - 1"},
      {{-e, e, e, -e + 1, 0, 0}, "a nearly diagonal segment across the whole range and the origin"},
      {{-e, e, e, -e, 0, 0}, "the exact diagonal through the origin"},
      {{e, e, e - 3, e - 2, e - 6, e - 4}, "three collinear points of slope 2/3 near (2^53, 2^53)"},
      {{e, e, e - 3, e - 2, e - 6, e - 5}, "a slope 2/3 segment and a point one unit off it"},
      {{-e, -e, e - 1, e, 1, 1}, "a long segment and a point near its middle"},
  };
  gen::SplitMix64 rng(0x6f7269656e74696eULL);  // "orientin"
  for (int draw = 0; draw < 16; ++draw) {
    // Nearly collinear: a, b far apart; c = a + k (b - a) / d rounded, then
    // moved by at most one unit.
    auto coord = [&] { return static_cast<std::int64_t>(rng.Below(2 * e + 1)) - e; };
    std::int64_t ax = coord(), ay = coord();
    std::int64_t dx = static_cast<std::int64_t>(rng.Below(1 << 20)) + 1;
    std::int64_t dy = static_cast<std::int64_t>(rng.Below(1 << 20)) + 1;
    std::int64_t steps = static_cast<std::int64_t>(rng.Below(1000)) + 1;
    if (std::llabs(ax) > e / 2) ax /= 2;
    if (std::llabs(ay) > e / 2) ay /= 2;
    std::int64_t bx = ax + dx * steps, by = ay + dy * steps;
    std::int64_t cx = ax - dx * 3 + static_cast<std::int64_t>(rng.Below(3)) - 1;
    std::int64_t cy = ay - dy * 3 + static_cast<std::int64_t>(rng.Below(3)) - 1;
    triples.push_back({{ax, ay, bx, by, cx, cy}, nullptr});
  }
  int draw = 0;
  for (const Triple& t : triples) {
    for (std::int64_t v : t.v)
      if (std::llabs(v) > e) golden::Fail("a coordinate beyond 2^53", json(t.v));
    auto point = [&](int k) {
      return json::array({static_cast<double>(t.v[2 * k]), static_cast<double>(t.v[2 * k + 1])});
    };
    json in = {{"a", point(0)}, {"b", point(1)}, {"c", point(2)}};
    int sign = Orient2DInt(t.v[0], t.v[1], t.v[2], t.v[3], t.v[4], t.v[5]);
    std::string what = t.what ? std::string(t.what)
                              : fmt::format(
                                    "drawn: SplitMix64(0x6f7269656e74696e) draw {}, a "
                                    "nearly collinear integer triple",
                                    draw++);
    w.Add(Pos("Predicates.Orient2D", "integer",
              {"pred.orient2d", "pred.orient2d.int", "pred.exact"}, in, SignBytes(sign),
              what + "; sign by 128-bit integer arithmetic (pred.orient2d.int) in the writer"));
  }
}

// --- region -----------------------------------------------------------------

// region.canonical-like bytes of hand-derived rings as doubles (grid.value):
// u8 SnapBits, then the rings, each vertex f64 x, f64 y.
Bytes RingsAsVectorsBytes(int snapBits, const std::vector<Ring>& rings) {
  CanonicalWriter w;
  w.U8(static_cast<std::uint8_t>(snapBits));
  w.Count(rings.size());
  for (const Ring& r : rings) {
    w.Count(r.size());
    for (Vector2D p : r) {
      w.F64(p.x);
      w.F64(p.y);
    }
  }
  return w.Take();
}

Bytes AreaBytes(Int128 doubled) {
  CanonicalWriter w;
  w.U64(static_cast<std::uint64_t>(static_cast<UInt128>(doubled)));
  w.I64(static_cast<std::int64_t>(doubled >> 64));
  return w.Take();
}

Ring Rect(double x0, double y0, double x1, double y1) {
  return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
}

void WriteRegion(Writer& w) {
  const json outlineClauses = {"grid.coordinates", "region.outline", "err.types", "err.fields"};
  auto from = [&](const char* kind, const json& in, const json& fields, const std::string& why) {
    const bool count = fields.contains("count");
    w.Add(Neg("Region.FromOutlines", kind, outlineClauses, in, count ? kArg : kRange, fields, why));
  };
  // grid.coordinates: "outline, then ring, then vertex, x before y".
  from("two_culprits", Outlines({{{{0, kNaN}, {kInf, 0}, {1, 1}}}}, 16),
       CoordinateFields(0, 0, 0, kNaN),
       "grid.coordinates: vertex 0's y and vertex 1's x bad; vertex 0 comes first (a port checking "
       "every x before any y names vertex 1)");
  from("two_culprits", Outlines({{{{0, 0}, {5e6, 0}, {1, 1}, {-6e6, 2}}}}, 16),
       CoordinateFields(0, 0, 1, 5e6),
       "grid.coordinates: vertices 1 and 3 bad; the first is named");
  from("two_culprits",
       Outlines({{{{0, 0}, {1, 0}, {1, 1}, {0, 3e6}}}, {{{-4e6, 0}, {1, 0}, {0, 1}}}}, 16),
       CoordinateFields(0, 0, 3, 3e6),
       "grid.coordinates: outline 0's vertex 3 and outline 1's vertex 0 bad; outline 0 first "
       "(vertex-major order would name outline 1)");
  from("two_culprits",
       Outlines({{{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {kInf, 0}}, {{kNaN, 0}, {1, 0}, {0, 1}}}}, 16),
       CoordinateFields(0, 0, 4, kInf),
       "grid.coordinates: ring 0's vertex 4 and ring 1's vertex 0 bad; ring 0 first (vertex-major "
       "order would name ring 1)");
  from("two_culprits",
       Outlines({{{{0, 0}, {1, 0}, {0, 1}}, {{0, 0}, {2, 0}, {2, 2}, {0, 2}, {1, -7e6}}},
                 {{{-8e6, 0}, {1, 0}, {0, 1}}}},
                16),
       CoordinateFields(0, 1, 4, -7e6),
       "grid.coordinates: outline 0 ring 1 vertex 4's y and outline 1 vertex 0's x bad: outline 0 "
       "first");
  from("two_culprits", Outlines({{{{0, 0}, {-kInf, 9e6}, {0, 1}}}}, 16),
       CoordinateFields(0, 0, 1, -kInf),
       "grid.coordinates: both coordinates of vertex 1 bad, x first");
  // The limit itself: 2^21 is inside, the next double beyond it is not.
  const double over = std::nextafter(0x1p21, kInf);
  from("limit", Outlines({{{{0x1p21, -0x1p21}, {over, 0}, {0, 1}}}}, 16),
       CoordinateFields(0, 0, 1, over),
       "grid.coordinates: vertex 0 at (2^21, -2^21) is inside, vertex 1's x just beyond");
  // region.outline: a ring's size before its vertices, ring by ring,
  // outline by outline.
  from("two_culprits", Outlines({{{{0, 0}, {1, 0}, {0, 1}}, {{kNaN, 0}, {1, 0}}}, {{{0, 0}}}}, 16),
       {{"argument", "outlines"}, {"outline", 0}, {"ring", 1}, {"count", 2}},
       "region.outline: outline 0's ring 1 has 2 vertices (one of them NaN) and outline 1's ring 0 "
       "one: the size of outline 0's ring 1 is named, before its vertices");

  // region.from-tilemap and grid.tilemap-lines.
  const json tileClauses = {"region.from-tilemap", "grid.tilemap-lines", "grid.coordinates",
                            "err.types", "err.fields"};
  auto tile = [&](const char* kind, const json& in, const std::string& type, const json& fields,
                  const std::string& why) {
    w.Add(Neg("Region.FromTileMap", kind, tileClauses, in, type, fields, why));
  };
  auto line = [](const char* axis, int i, double v) {
    return json{{"argument", fmt::format("gridLine.{}", axis)}, {"vertex", i}, {"value", Num(v)}};
  };
  tile("two_culprits", TileMap("111", 3, 1, 1.0, {2097151, 0}, 16), kRange, line("x", 2, 2097153),
       "grid.tilemap-lines: x lines 2 and 3 beyond 2^21, the first (i = 2) is named");
  tile("two_culprits", TileMap("111", 3, 1, 1.0, {-2097154, 0}, 16), kRange, line("x", 0, -2097154),
       "grid.tilemap-lines: x lines 0 and 1 below -2^21, line 0 is named");
  tile("two_culprits", TileMap("111", 3, 1, 1.0, {2097150, kNaN}, 16), kRange,
       line("x", 3, 2097153),
       "grid.tilemap-lines: every y line NaN and x line 3 beyond 2^21: the x lines come first (a "
       "port checking line i in x and y together names y line 0)");
  tile("two_culprits", TileMap("11", 1, 2, 1.0, {kInf, 2097152}, 16), kRange, line("x", 0, kInf),
       "grid.tilemap-lines: x line 0 infinite and y line 1 beyond: x line 0");
  tile("two_culprits", TileMap("11111", 3, 2, 0.0, {kNaN, kNaN}, 16), kArg,
       {{"argument", "cells"}, {"count", 5}},
       "region.from-tilemap: 5 cells for 3 x 2, a zero cell size and a NaN origin: the cell count "
       "comes before the lines");
  tile("two_culprits", TileMap("", 2, -1, kNaN, {kNaN, 0}, 16), kRange,
       {{"argument", "height"}, {"value", -1.0}},
       "region.from-tilemap: height -1, no cells, a NaN cell size: the height is named");
  tile("limit", TileMap("111", 3, 1, 0x1p-16, {0x1p21 - 0x1p-15, 0}, 16), kRange,
       line("x", 3, 0x1p21 + 0x1p-16),
       "grid.tilemap-lines: a cell size of exactly one grid unit is accepted, x line 2 = 2^21 too; "
       "x line 3 is one unit beyond 2^21");

  // Boolean operations: A is built before B, B before grid.same-snapbits.
  for (const std::string op : {"Region.Union", "Region.Difference"}) {
    const json clauses = {"region.boolean", "grid.same-snapbits", "region.outline",
                          "grid.coordinates", "err.fields"};
    w.Add(Neg(op, "two_culprits", clauses,
              {{"a", Outlines({{{{0, 0}, {kNaN, 0}, {0, 4}}}}, 16)},
               {"b", Outlines({{{{0, 0}, {4, 0}, {0, 4}}}}, 17)}},
              kRange, CoordinateFields(0, 0, 1, kNaN),
              "region.boolean: A has a NaN vertex, B SnapBits 17: A is built first"));
    w.Add(Neg(op, "two_culprits", clauses,
              {{"a", Outlines({{{{0, 0}, {4, 0}, {0, 4}}}}, 2)},
               {"b", Outlines({{{{0, 0}, {4, 0}}}}, 4)}},
              kArg, {{"argument", "outlines"}, {"outline", 0}, {"ring", 0}, {"count", 2}},
              "region.boolean: SnapBits 2 and 4 and B has a ring of 2 vertices: B is built (its "
              "error) before grid.same-snapbits"));
    w.Add(Neg(op, "two_culprits", clauses,
              {{"a", Outlines({{{{0, 0}, {4, 0}, {0, 4}}}}, -1)},
               {"b", Outlines({{{{0, 0}, {4, 0}, {0, 4}}}}, 17)}},
              kRange, {{"setting", "SnapBits"}, {"value", -1.0}},
              "region.boolean: both SnapBits bad, A's (-1) is named"));
  }

  // region.area: Region.DoubledArea, twice the area in grid units^2.
  const json areaClauses = {"region.area"};
  auto area = [&](const char* kind, const json& region, Int128 doubled, const std::string& why) {
    w.Add(Pos("Region.DoubledArea", kind, areaClauses, {{"region", region}}, AreaBytes(doubled),
              why + " (doubled area computed by hand)"));
  };
  area("hand_made", Outlines({}, 16), 0, "no outlines: the empty region, area 0");
  area("hand_made", Outlines({{Rect(0, 0, 1, 1)}}, 16), Int128{2} << 32,
       "the unit square at SnapBits 16: 2^16 x 2^16 grid units, doubled 2^33");
  area(
      "hand_made", Outlines({{Rect(-0x1p21, -0x1p21, 0x1p21, 0x1p21)}}, 16), Int128{1} << 77,
      "the square of side 2^22 at SnapBits 16: (2^38)^2 grid units, doubled 2^77 (beyond 64 bits)");
  area("hand_made", Outlines({{Rect(0, 0, 8, 8), Rect(2, 2, 4, 4)}}, 0), 120,
       "an 8 x 8 square with a 2 x 2 hole (even-odd) at SnapBits 0: 2 x (64 - 4) = 120");
  area("hand_made", Outlines({{{{0, 0}, {4, 4}, {4, 0}, {0, 4}}}}, 0), 16,
       "a bow-tie of two triangles of area 4 at SnapBits 0: 16");
  area("hand_made", Outlines({{Rect(0, 0, 4, 4)}, {Rect(2, 2, 6, 6)}}, 0), 56,
       "two overlapping 4 x 4 squares (union) at SnapBits 0: 2 x (16 + 16 - 4) = 56");
  area("hand_made", TileMap("101111", 3, 2, 1.0, {0.5, 0}, 0), 16,
       "a 3 x 2 tile map with cell size 1 and origin x 0.5 at SnapBits 0: x lines 0.5, 1.5, 2.5, "
       "3.5 snap to 0, 2, 2, 4 (ties to even), so column 1 has no area; the solid cells give 2 + 2 "
       "+ 2 + 0 + 2 = 8, doubled 16");
  area("hand_made",
       Derived("Region.Offset",
               OffsetInput(Outlines({{Rect(0, 0, 0x1p21, 0x1p21)}}, 0), 0x1p20, "Square", 0)),
       Int128{1} << 45,
       "a derived region: the square [0, 2^21]^2 grown by 2^20 with the square join is [-2^20, "
       "3 x 2^20]^2 (offset.square: the Minkowski sum with the square of half-side 2^20), side "
       "2^22, doubled 2^45");

  // grid.value: Region.RingsAsVectors, grid coordinate i reported as the
  // double i x 2^-SnapBits.
  const json valueClauses = {"grid.value", "grid.snap", "region.ring-order"};
  auto rings = [&](const char* kind, const json& region, int snapBits,
                   const std::vector<Ring>& expected, const std::string& why) {
    w.Add(Pos("Region.RingsAsVectors", kind, valueClauses, {{"region", region}},
              RingsAsVectorsBytes(snapBits, expected), why + " (rings derived by hand)"));
  };
  rings("hand_made", Outlines({}, 16), 16, {}, "the empty region");
  rings("hand_made", Outlines({{{{-0.0, -0.0}, {1, -0.0}, {1, 1}, {-0.0, 1}}}}, 16), 16,
        {{{0.0, 0.0}, {1, 0.0}, {1, 1}, {0.0, 1}}},
        "a unit square given with -0.0 coordinates: grid 0 is reported as +0.0");
  rings("hand_made", Outlines({{Rect(-0x1p21, -0x1p21, 0x1p21, 0x1p21)}}, 16), 16,
        {Rect(-0x1p21, -0x1p21, 0x1p21, 0x1p21)}, "the square at +-2^21, SnapBits 16");
  rings("hand_made", Outlines({{{{0.1, 0.2}, {1.03, 0.2}, {0.1, 0.9}}}}, 4), 4,
        {{{0.125, 0.1875}, {1.0, 0.1875}, {0.125, 0.875}}},
        "a triangle at SnapBits 4: 0.1, 1.03, 0.2, 0.9 times 16 round to 2, 16, 3, 14 grid units, "
        "reported as 0.125, 1, 0.1875, 0.875; counter-clockwise from its smallest edge");
  rings("hand_made", Outlines({{{{0, 0}, {0x1p-16, 0}, {0x1p-16, 3 * 0x1p-16}}}}, 16), 16,
        {{{0, 0}, {0x1p-16, 0}, {0x1p-16, 3 * 0x1p-16}}},
        "a triangle of one and three grid units at SnapBits 16: 2^-16 and 3 x 2^-16");
  rings("hand_made", Outlines({{Rect(0, 0, 2097151, 1)}}, 0), 0, {Rect(0, 0, 2097151, 1)},
        "SnapBits 0: grid units are public units");
}

// --- arrangement ------------------------------------------------------------

json Edges(const std::vector<std::vector<std::int64_t>>& edges) { return {{"edges", edges}}; }

void WriteArrangement(Writer& w) {
  const std::int64_t L = std::int64_t{1} << 39;
  const json clauses = {"arr.input", "err.fields"};
  // Positions p.x, p.y, q.x, q.y, operand; each with a different bad value.
  const std::int64_t bad[] = {L + 1, -L - 2, L + 3, -L - 4, 3};
  const char* pos_names[] = {"p.x", "p.y", "q.x", "q.y", "operand"};
  auto fields = [&](int edge, int pos, std::int64_t value) {
    json f = {{"argument", "edges"}, {"edge", edge}, {"value", static_cast<double>(value)}};
    if (pos < 4) f["vertex"] = pos / 2;
    return f;
  };
  // Every pair of positions in one edge: the earlier is named.
  for (int i = 0; i < 5; ++i) {
    for (int j = i + 1; j < 5; ++j) {
      std::vector<std::int64_t> e = {1, 0, 0, 1, 1};
      e[i] = bad[i];
      e[j] = j == 4 ? -1 : bad[j];
      w.Add(Neg("Arrangement.Build", "two_culprits", clauses, Edges({{0, 0, 5, 5, 0}, e}), kRange,
                fields(1, i, bad[i]),
                fmt::format("arr.input: edge 1's {} and {} out of range; {} is named (p.x, p.y, "
                            "q.x, q.y, then the operand)",
                            pos_names[i], pos_names[j], pos_names[i])));
    }
  }
  w.Add(Neg("Arrangement.Build", "two_culprits", clauses,
            Edges({{0, 0, 5, 5, 7}, {L + 1, 0, 0, 1, 0}}), kRange, fields(0, 4, 7),
            "arr.input: edge 0's operand 7 and edge 1's p.x: edge by edge, edge 0 is named (a port "
            "checking every coordinate first names edge 1)"));
  w.Add(Neg("Arrangement.Build", "two_culprits", clauses,
            Edges({{0, 0, 5, 5, 0}, {1, 0, 0, -L - 9, 1}, {L + 5, 0, 0, 1, 1}}), kRange,
            fields(1, 3, -L - 9), "arr.input: edge 1's q.y and edge 2's p.x: edge 1 is named"));
  w.Add(Neg("Arrangement.Build", "limit", clauses, Edges({{-L, L, L, -L, 0}, {0, 0, L + 1, 0, 1}}),
            kRange, fields(1, 2, L + 1),
            "arr.input: coordinates of +-2^39 are accepted, 2^39 + 1 is not"));

  // grid.construct and arr.distortion: expected from the brute-force oracle.
  auto positive = [&](const char* kind, const json& clauses,
                      const std::vector<std::vector<std::int64_t>>& edges, const std::string& why,
                      bool distortion) {
    std::vector<oracle::BfEdge> bf;
    for (const auto& e : edges) bf.push_back({{e[0], e[1]}, {e[2], e[3]}, static_cast<int>(e[4])});
    oracle::BfArrangement a = oracle::BruteForceArrangement(bf);
    if (distortion) {
      // arr.distortion: every output vertex lies within one grid unit of an
      // input edge (checked in long double, far from the bound).
      for (const oracle::BfPoint& v : a.vertices) {
        long double best = 1e30L;
        for (const auto& e : edges) {
          long double px = e[0], py = e[1], dx = e[2] - e[0], dy = e[3] - e[1];
          long double t = ((v.x - px) * dx + (v.y - py) * dy) / (dx * dx + dy * dy);
          t = std::min(1.0L, std::max(0.0L, t));
          long double ex = px + t * dx - v.x, ey = py + t * dy - v.y;
          best = std::min(best, std::sqrt(ex * ex + ey * ey));
        }
        if (best > 1.0L)
          golden::Fail("arr.distortion: an output vertex moved more than one unit", Edges(edges));
      }
    }
    w.Add(Pos("Arrangement.Build", kind, clauses, Edges(edges), oracle::BruteForceCanonicalBytes(a),
              why + "; expected from oracles/boost_mp/arrangement_bruteforce"));
  };
  const json construct = {"grid.construct", "arr.hot-pixels", "arr.round", "arr.output",
                          "err.geometry"};
  positive("construct", construct, {{-L, -L + 1, L, L - 1, 0}, {-L, L - 3, L, -L + 5, 1}},
           "grid.construct: two edges across the whole range crossing near the origin; the "
           "crossing's products need 128 bits",
           false);
  positive("construct", construct,
           {{L - 10, -7, L, 3, 0}, {L - 10, 5, L, -4, 0}, {L - 1, -L, L - 1, L, 1}},
           "grid.construct: edges crossing one grid unit from x = 2^39, and an edge through the "
           "hot pixel",
           false);
  positive("construct", construct, {{-L, -L, L, L - 1, 0}, {-L, -L + 1, L, L, 0}},
           "grid.construct: two nearly parallel edges across the range, 1 unit apart: no crossing",
           false);
  const json distortion = {"arr.distortion", "arr.hot-pixels", "arr.reroute", "arr.output",
                           "err.geometry"};
  positive("distortion", distortion, {{0, 0, 10, 3, 0}, {0, 3, 10, 0, 0}, {-6, 1, 14, 3, 1}},
           "arr.distortion: two edges cross at (5, 1.5), whose hot pixel (5, 2) captures a third "
           "edge passing 0.1 unit from its centre",
           true);
  positive("distortion", distortion, {{0, 0, 1000, 1, 0}, {500, -3, 501, 4, 0}, {0, 1, 1000, 0, 1}},
           "arr.distortion: long shallow edges bent at the hot pixels of their crossings by less "
           "than one unit",
           true);
}

// --- cdt --------------------------------------------------------------------

json Cdt(const std::vector<std::vector<std::int64_t>>& points,
         const std::vector<std::vector<std::int64_t>>& constraints) {
  return {{"points", points}, {"constraints", constraints}};
}

void WriteCdt(Writer& w) {
  const std::int64_t L = std::int64_t{1} << 39;
  const json clauses = {"cdt.input", "err.types", "err.fields"};
  auto neg = [&](const json& in, const std::string& type, const json& fields,
                 const std::string& why) {
    w.Add(Neg("Cdt.ConstrainedDelaunay", "two_culprits", clauses, in, type, fields, why));
  };
  auto point = [](int i, std::int64_t v) {
    return json{{"argument", "points"}, {"vertex", i}, {"value", static_cast<double>(v)}};
  };
  auto constraint = [](int i, std::int64_t v) {
    return json{{"argument", "constraints"}, {"edge", i}, {"value", static_cast<double>(v)}};
  };
  const std::vector<std::vector<std::int64_t>> square = {{0, 0}, {0, 4}, {4, 0}, {4, 4}};
  neg(Cdt({{0, L + 5}, {L + 1, 0}}, {}), kRange, point(0, L + 5),
      "cdt.input: point 0's y and point 1's x beyond 2^39: point 0 (a port checking every x "
      "first names point 1)");
  neg(Cdt({{0, 0}, {1, -L - 3}, {L + 2, 0}}, {}), kRange, point(1, -L - 3),
      "cdt.input: points 1 and 2 out of range: point 1");
  neg(Cdt({{0, 0}, {0, 0}, {1, 1}, {0, 5}}, {}), kArg, {{"argument", "points"}, {"vertex", 1}},
      "cdt.input: points not increasing at 1 and at 3: the first index, 1");
  neg(Cdt(square, {{0, 9}, {8, 1}}), kRange, constraint(0, 9),
      "cdt.input: constraint 0's B and constraint 1's A out of range: constraint by constraint, "
      "constraint 0's B (a port checking every A first names constraint 1)");
  neg(Cdt(square, {{2, 2}, {7, 1}}), kArg, {{"argument", "constraints"}, {"edge", 0}},
      "cdt.input: constraint 0 has A = B, constraint 1 an index out of range: A != B is checked "
      "with its constraint, so constraint 0");
  neg(Cdt(square, {{0, 3}, {1, 2}, {0, 9}}), kRange, constraint(2, 9),
      "cdt.input: constraints 0 and 1 cross, constraint 2 has an index out of range: the indices "
      "are checked before any constraint is inserted");
  neg(Cdt(square, {{2, 1}, {0, 3}, {1, 2}}), kArg, {{"argument", "constraints"}, {"edge", 0}},
      "cdt.constraint: (0, 3) is inserted first (increasing (A, B)), then (1, 2) crosses it; of "
      "the "
      "duplicates (2, 1) and (1, 2) the first in the list, constraint 0, is named");
  neg(Cdt({{-L, -L}, {L, L + 1}}, {}), kRange, point(1, L + 1),
      "cdt.input: -2^39 is accepted, 2^39 + 1 is not");
}

// --- offset and shrink: offset.limits through derived operands ---------------

// S = 0: a public unit is a grid unit; the limit is L = 3 x 2^20.
json Grown(double x0, double y0, double x1, double y1, int snapBits) {
  return Derived("Region.Offset",
                 OffsetInput(Outlines({{Rect(x0, y0, x1, y1)}}, snapBits), 0x1p20, "Square", 0));
}

void WriteOffset(Writer& w) {
  const double L = 3 * 0x1p20;
  const json clauses = {"offset.limits", "offset.square", "offset.round-rectangle",
                        "offset.round-vertex", "err.fields"};
  auto neg = [&](const char* kind, const json& in, double value, const std::string& why) {
    w.Add(Neg("Region.Offset", kind, clauses, in, kRange,
              {{"argument", "distance"}, {"value", Num(value)}}, why));
  };
  // D1 = [0, 2^21]^2 grown by 2^20 (square join): [-2^20, L]^2, one ring
  // from (-2^20, -2^20) counter-clockwise (region.ring-order).
  const json d1 = Grown(0, 0, 0x1p21, 0x1p21, 0);
  neg("derived_operand", OffsetInput(d1, 1, "Square", 0), L + 1,
      "offset.limits, square join: D = [-2^20, 3 x 2^20]^2 grown by 1; edge 0 (-2^20, -2^20) -> "
      "(3 x 2^20, -2^20): a's four corners lie inside, b's second corner (x + k, y - k) has x = "
      "3 x 2^20 + 1");
  neg("derived_operand", OffsetInput(d1, -1, "Square", 0), L + 1,
      "offset.limits, square join, negative distance: the same pieces as for +1");
  // D2 = [-2^21, 2^21] x [-2^21 + 2, 2^21] grown: [-L, L] x [-L + 2, L].
  const json d2 = Grown(-0x1p21, -0x1p21 + 2, 0x1p21, 0x1p21, 0);
  neg("derived_operand", OffsetInput(d2, 4, "Square", 0), -L - 4,
      "offset.limits, square join: D = [-L, L] x [-L + 2, L] (L = 3 x 2^20) grown by 4; edge 0's "
      "a = (-L, -L + 2), its first corner (x - 4, y - 4) = (-L - 4, -L - 2) has both coordinates "
      "beyond, x is named (checking y first would name -L - 2)");
  neg("derived_operand", OffsetInput(d2, 8, "Round", 0), -L - 6,
      "offset.limits, round join: the same D grown by 8; rectangles before m-gons: edge 0 "
      "(-L, -L + 2) -> (L, -L + 2) has n = (0, 1), its first corner a - r n = (-L, -L - 6): x = -L "
      "is inside, y = -L - 6 is named (the m-gon of (-L, -L + 2) would name an x near -L - 3)");
  neg("derived_operand", OffsetInput(d2, -8, "Round", 0), -L - 6,
      "offset.limits, round join, negative distance: the same pieces as for +8");
  // At the limit: the grow itself, whose corners lie exactly on L.
  CanonicalWriter bytes;
  bytes.U8(0);
  bytes.Count(1);
  bytes.PointList(std::vector<onepath::geom2d::GridPoint>{
      {-(1 << 20), -(1 << 20)}, {3 << 20, -(1 << 20)}, {3 << 20, 3 << 20}, {-(1 << 20), 3 << 20}});
  w.Add(Pos(
      "Region.Offset", "limit",
      {"offset.limits", "offset.square", "region.canonical", "err.geometry"},
      OffsetInput(Outlines({{Rect(0, 0, 0x1p21, 0x1p21)}}, 0), 0x1p20, "Square", 0), bytes.Take(),
      "offset.limits: [0, 2^21]^2 grown by 2^20 with the square join reaches 3 x 2^20 exactly, "
      "which is inside; the ring [-2^20, 3 x 2^20]^2 derived by hand (offset.square)"));
}

void WriteShrink(Writer& w) {
  // The L-shaped strip D = A \ B at SnapBits 2 (L = 3 x 2^22 grid units):
  // A = [0, 2^21]^2 grown by 2^20 = [-2^22, L]^2 in grid units, B = [0,
  // 2^21 - 3/4] x [0, 2^21 - 5/4] grown = [-2^22, L - 3] x [-2^22, L - 5].
  // D's ring from its smallest edge: (-2^22, L - 5) -> (L - 3, L - 5) ->
  // (L - 3, -2^22) -> (L, -2^22) -> (L, L) -> (-2^22, L).
  const json a = Grown(0, 0, 0x1p21, 0x1p21, 2);
  const json b = Grown(0, 0, 0x1p21 - 0.75, 0x1p21 - 1.25, 2);
  const json strip = Derived("Region.Difference", {{"a", a}, {"b", b}});
  const json clauses = {"offset.limits", "shrink.edges", "shrink.rectangle", "err.fields"};
  auto shrink = [](const json& region, double cell, double radius) {
    return json{{"region", region},
                {"settings", {{"CellSize", Num(cell)}, {"AgentRadius", Num(radius)}}}};
  };
  w.Add(Neg("Mesh2DPipeline.Shrink", "derived_operand", clauses, shrink(strip, 1, 2), kRange,
            {{"setting", "AgentRadius"}, {"value", Num((3 * 0x1p22 + 3) / 4)}},
            "offset.limits through shrink.edges: the strip left of 3 x 2^20 by 3/4 and below it by "
            "5/4, shrunk by 2 (8 grid units); vertex 0 = (-2^22, L - 5), edge 0 runs +x with n = "
            "(0, 1): its far corner a + r n = (-2^22, L + 3) is the first point beyond, value (L + "
            "3) / 4 = 3145728.75 (a ring walked from another vertex would name the right strip's "
            "x, 3145729.25)"));
  const json square = Outlines({{Rect(0, 0, 4, 4)}}, 16);
  const json sclauses = {"shrink.settings", "region.from-outlines", "err.fields"};
  w.Add(Neg("Mesh2DPipeline.Shrink", "two_culprits", sclauses,
            shrink(Outlines({{Rect(0, 0, 4, 4)}}, 17), kNaN, -1), kRange,
            {{"setting", "SnapBits"}, {"value", 17.0}},
            "the region is built before the settings are read: SnapBits 17 is named"));
  w.Add(Neg("Mesh2DPipeline.Shrink", "two_culprits", sclauses,
            shrink(Outlines({{{{0, 0}, {kNaN, 0}, {0, 1}}}}, 16), 0, 0.5), kRange,
            CoordinateFields(0, 0, 1, kNaN), "a NaN vertex and CellSize 0: the vertex is named"));
  // shrink.bounds: a room [0, 16]^2 with a square pillar [6, 10]^2 (four
  // reflex corners), shrunk by 2 with m = 8 (CellSize 4: arc tolerance 1,
  // shrink.arc-tolerance) and m = 16 (CellSize 0.25: 0.125). Expected bytes
  // from the reference, checked by region_validity and by the promise
  // itself: every vertex of the result lies between (1 - dip) r and (1 +
  // out) r from the input's boundary (dip 10.1 % and out 5.8 % for m = 8,
  // 1.94 % and 1.9 % for m = 16; the outer bounds taken as 6 % and 2 %, as
  // the clause's figures are rounded: a vertex of the m = 16 vector lies
  // 1.911 % out), give or take one grid unit of rounding.
  for (const auto& [cell, dip, out] :
       {std::tuple{4.0, 0.101, 0.06}, std::tuple{0.25, 0.0194, 0.02}}) {
    const std::vector<Ring> room = {Rect(0, 0, 16, 16), Rect(6, 6, 10, 6 + 4)};
    golden::OutlinesInput in{{Outline{room}}, 16};
    onepath::geom2d::Mesh2DSettings settings{.CellSize = cell, .AgentRadius = 2.0};
    onepath::geom2d::Region result =
        onepath::geom2d::Mesh2DPipeline::Shrink(golden::Build(in), settings);
    const double r = 2.0 * 65536;
    for (const auto& ring : result.Rings()) {
      for (const auto& v : ring) {
        double best = 1e300;
        for (const Ring& boundary : room) {
          for (std::size_t k = 0; k < boundary.size(); ++k) {
            Vector2D a = boundary[k], b = boundary[(k + 1) % boundary.size()];
            double ax = a.x * 65536, ay = a.y * 65536, dx = b.x * 65536 - ax, dy = b.y * 65536 - ay;
            double t =
                std::clamp(((v.x - ax) * dx + (v.y - ay) * dy) / (dx * dx + dy * dy), 0.0, 1.0);
            best = std::min(best, std::hypot(ax + t * dx - v.x, ay + t * dy - v.y));
          }
        }
        if (best < (1 - dip) * r - 1 || best > (1 + out) * r + 1)
          golden::Fail(
              fmt::format("shrink.bounds: a vertex at {} grid units from the walls, r = {}", best,
                          r),
              golden::InputJson(in));
      }
    }
    json input = shrink(golden::InputJson(in), cell, 2.0);
    w.Add(golden::Positive(
        "Mesh2DPipeline.Shrink", "mesh2d_shrink", "bounds", Key("Mesh2DPipeline.Shrink", input),
        {"shrink.bounds", "shrink.sector", "shrink.equal-area-ring", "shrink.edges"}, input, result,
        16,
        fmt::format("hand-made in tools/golden/gen_checks.cpp: a room with a square "
                    "pillar shrunk by 2 at CellSize {}; expected from the reference, "
                    "checked by conformance/generators/region_validity and by "
                    "shrink.bounds (every vertex between {} r and {} r from the walls)",
                    cell, 1 - dip, 1 + out)));
  }
  w.Add(Neg("Mesh2DPipeline.Shrink", "limit", sclauses,
            shrink(square, 0x1p20, std::nextafter(0x1p20, kInf)), kRange,
            {{"setting", "AgentRadius"}, {"value", Num(std::nextafter(0x1p20, kInf))}},
            "shrink.settings: CellSize 2^20 is inside, AgentRadius just beyond 2^20 is not"));
}

// --- build3d/spans ----------------------------------------------------------

// The settings of the span vectors (gen_build3d.cpp's SpanSettings): cells
// of 0.25, rows of 0.125, tiles of 4 (16 cells); WalkableHeight 16.
json Settings3d() {
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

// A 4 x 4 floor at y = 1 (two triangles facing up), tile (0, 0).
json Soup3d() {
  return {{"vertices", {0.0, 1.0, 0.0, 0.0, 1.0, 4.0, 4.0, 1.0, 4.0, 4.0, 1.0, 0.0}},
          {"indices", {0, 1, 2, 0, 2, 3}}};
}

json Volume3d() {
  return {{"points", {{0.5, 0.5}, {3.5, 0.5}, {3.5, 3.5}}},
          {"minY", -10.0},
          {"maxY", 10.0},
          {"area", 7}};
}

json TileInput3d(const char* key, const json& value) {
  return {{key, value}, {"settings", Settings3d()}, {"tile", {0, 0}}};
}

void WriteBuild3d(Writer& w) {
  // b3d.settings-checks: the fields in the clause's order, each with a value
  // outside its own range. Vector k has every field from k on out of range,
  // and field k is named: together they pin the whole order.
  struct Field {
    const char* name;
    json bad;
  };
  const std::vector<Field> fields = {
      {"CellSize", 0.0},
      {"CellHeight", 0x1p-17},
      {"TileSize", 0x1p23},
      {"OriginX", 0x1p21 + 1},
      {"OriginZ", "NaN"},
      {"AgentHeight", -0.5},
      {"AgentRadius", -1.0},
      {"AgentMaxClimb", "NaN"},
      {"AgentMaxSlopeDegrees", 90.5},
      {"Partition", 3},
      {"MinRegionArea", -1},
      {"MergeRegionArea", -5},
      {"ContourMaxError", -0.25},
      {"MaxEdgeLength", -1.0},
      {"MaxVertsPerPoly", 7},
      {"DetailSampleDistance", -1.0},
      {"DetailMaxError", "Infinity"},
      {"MaxLocalExtent", 0.0},
      {"Area", -1},
      {"Flags", 65536},
  };
  const json settingsClauses = {"b3d.settings-checks", "b3d.settings", "b3d.errors"};
  auto value = [](const json& v) { return v.is_string() ? v : json(v.get<double>()); };
  for (std::size_t k = 0; k < fields.size(); ++k) {
    json s = Settings3d();
    for (std::size_t j = k; j < fields.size(); ++j) s[fields[j].name] = fields[j].bad;
    w.Add(Neg("Mesh3DPipeline.DeriveSettings", "settings_order", settingsClauses, {{"settings", s}},
              kRange, {{"setting", fields[k].name}, {"value", value(fields[k].bad)}},
              fmt::format("b3d.settings-checks: every field from {} on out of its range, {} is "
                          "named",
                          fields[k].name, fields[k].name)));
  }
  // A derived value out of range comes right after its field's own range,
  // before the next field.
  struct Derived3d {
    const char* name;
    double v;
    const char* next;
    json nextBad;
    const char* why;
  };
  const std::vector<Derived3d> derived = {
      {"TileSize", 4096.0, "OriginX", "Infinity", "TileCells 16384 above 4096"},
      {"AgentHeight", 64.0, "AgentRadius", -1.0, "WalkableHeight 512 above 255"},
      {"AgentRadius", 40.0, "AgentMaxClimb", -1.0, "WalkableRadius 160 above 127"},
      {"AgentMaxClimb", 40.0, "AgentMaxSlopeDegrees", -1.0, "WalkableClimb 320 above 255"},
      {"MaxEdgeLength", 0x1p30, "MaxVertsPerPoly", 2, "MaxEdgeCells 2^32 not below 2^31"},
  };
  for (const Derived3d& d : derived) {
    json s = Settings3d();
    s[d.name] = d.v;
    s[d.next] = d.nextBad;
    w.Add(Neg("Mesh3DPipeline.DeriveSettings", "settings_order", settingsClauses, {{"settings", s}},
              kRange, {{"setting", d.name}, {"value", d.v}},
              fmt::format("b3d.settings-checks: {} ({}) and {} out of range: the derived value is "
                          "checked with its field, before the next",
                          d.name, d.why, d.next)));
  }
  // Limits just inside and just beyond (single culprits; the inside values
  // of the other fields are accepted).
  struct Limit {
    const char* name;
    json bad;
  };
  const std::vector<Limit> limits = {
      {"CellSize", std::nextafter(0x1p16, kInf)},
      {"CellHeight", std::nextafter(0x1p16, kInf)},
      {"TileSize", std::nextafter(0x1p-8, 0.0)},
      {"OriginX", -0x1p21 - 0x1p-31},
      {"MinRegionArea", -1},
      {"MergeRegionArea", -1},
      {"ContourMaxError", -0x1p-1074},
      {"DetailSampleDistance", "NaN"},
      {"DetailMaxError", -1.0},
      {"MaxLocalExtent", std::nextafter(0x1p22, kInf)},
      {"AgentMaxSlopeDegrees", -0x1p-1074},
      {"Partition", 3},
      {"MaxVertsPerPoly", 7},
      {"Flags", -1},
  };
  for (const Limit& l : limits) {
    // The other fields at the edges of their ranges, which are inside.
    json s = Settings3d();
    s["CellSize"] = 0x1p16;
    s["CellHeight"] = 0x1p16;
    s["TileSize"] = 0x1p22;  // 64 cells of 2^16
    s["OriginZ"] = -0x1p21;
    s["AgentMaxSlopeDegrees"] = 90.0;
    s["MinRegionArea"] = 0;
    s["MergeRegionArea"] = 2147483647;
    s["MaxVertsPerPoly"] = 3;
    s["MaxLocalExtent"] = 0x1p22;
    s["Area"] = 0;
    s["Flags"] = 65535;
    s[l.name] = l.bad;
    w.Add(Neg("Mesh3DPipeline.DeriveSettings", "limit", settingsClauses, {{"settings", s}}, kRange,
              {{"setting", l.name}, {"value", value(l.bad)}},
              fmt::format("b3d.settings: {} just outside its range, every other field at an edge "
                          "of its range (CellSize, CellHeight 2^16, TileSize 2^22, OriginZ -2^21, "
                          "slope 90, MinRegionArea 0, MergeRegionArea 2^31 - 1, MaxVertsPerPoly 3, "
                          "MaxLocalExtent 2^22, Area 0, Flags 65535), which is inside",
                          l.name)));
  }

  // The settings come before the input.
  {
    json in = TileInput3d("soup", Soup3d());
    in["settings"]["Area"] = 64;
    in["soup"]["vertices"].push_back(1.0);
    w.Add(Neg("Mesh3DPipeline.TileSpans", "two_culprits", settingsClauses, in, kRange,
              {{"setting", "Area"}, {"value", 64.0}},
              "b3d.settings-checks: Area 64 and a vertex list of 13 values: settings first"));
  }

  // b3d.soup: lengths, coordinates, indices, volumes, tiles, in order.
  const json soupClauses = {"b3d.soup", "b3d.coordinate-errors", "b3d.errors"};
  auto soup = [&](const std::function<void(json&)>& edit, const std::string& type, const json& f,
                  const std::string& why) {
    json in = TileInput3d("soup", Soup3d());
    edit(in);
    w.Add(Neg("Mesh3DPipeline.TileSpans", "two_culprits", soupClauses, in, type, f,
              "b3d.soup: " + why));
  };
  soup(
      [](json& in) {
        in["soup"]["vertices"].push_back(1.0);
        in["soup"]["indices"].push_back(0);
      },
      kArg, {{"argument", "vertices"}, {"count", 13}},
      "13 vertex values and 7 indices: vertices first");
  soup(
      [](json& in) {
        in["soup"]["indices"].push_back(0);
        in["soup"]["vertices"][0] = "NaN";
      },
      kArg, {{"argument", "indices"}, {"count", 7}},
      "7 indices and a NaN coordinate: the lengths first");
  soup(
      [](json& in) {
        in["soup"]["vertices"][2] = 5e6;
        in["soup"]["vertices"][3] = "NaN";
      },
      kRange, {{"argument", "vertices.z"}, {"vertex", 0}, {"value", 5e6}},
      "vertex 0's z beyond 2^21 and vertex 1's x NaN: list order (a port checking every x first "
      "names vertex 1)");
  soup(
      [](json& in) {
        in["soup"]["vertices"][6] = "Infinity";
        in["soup"]["vertices"][7] = "NaN";
      },
      kArg, {{"argument", "vertices.x"}, {"vertex", 2}, {"value", "Infinity"}},
      "vertex 2's x infinite and its y NaN: x first");
  soup(
      [](json& in) {
        in["soup"]["vertices"][10] = 3e6;
        in["soup"]["indices"][0] = 4;
      },
      kRange, {{"argument", "vertices.y"}, {"vertex", 3}, {"value", 3e6}},
      "vertex 3's y beyond 2^21 and an index out of range: coordinates first");
  soup(
      [](json& in) {
        in["soup"]["vertices"].insert(in["soup"]["vertices"].end(), {"NaN", 0.0, 0.0});
      },
      kArg, {{"argument", "vertices.x"}, {"vertex", 4}, {"value", "NaN"}},
      "vertex 4, used by no triangle, has a NaN x: every vertex is checked");
  soup(
      [](json& in) {
        in["soup"]["indices"][2] = 9;
        in["soup"]["indices"][3] = -1;
      },
      kRange, {{"argument", "indices"}, {"triangle", 0}, {"value", 9.0}},
      "triangle 0's third index 9 and triangle 1's first -1: list order");
  soup(
      [](json& in) {
        in["soup"]["indices"][5] = 4;
        in["volumes"] = json::array({Volume3d()});
        in["volumes"][0]["area"] = 64;
      },
      kRange, {{"argument", "indices"}, {"triangle", 1}, {"value", 4.0}},
      "an index out of range and a volume of area 64: indices before volumes");
  soup(
      [](json& in) {
        in["soup"]["vertices"].insert(in["soup"]["vertices"].end(), {4100.0, 1.0, 4092.0});
        in["volumes"] = json::array({Volume3d()});
        in["volumes"][0]["maxY"] = "NaN";
      },
      kArg, {{"argument", "volumes.maxY"}, {"volume", 0}, {"value", "NaN"}},
      "a vertex at (4100, 4092) makes 1026 x 1024 tiles (more than 2^20) and a volume's maxY is "
      "NaN: volumes before the tile count");

  // b3d.volume-input: volume by volume, points count, points (x then z),
  // minY, maxY, area.
  const json volumeClauses = {"b3d.volume-input", "b3d.coordinate-errors", "b3d.errors"};
  auto volumes = [&](const json& list, const std::string& type, const json& f,
                     const std::string& why) {
    json in = TileInput3d("soup", Soup3d());
    in["volumes"] = list;
    w.Add(Neg("Mesh3DPipeline.TileSpans", "two_culprits", volumeClauses, in, type, f,
              "b3d.volume-input: " + why));
  };
  json v = Volume3d();
  json twoPoints = v;
  twoPoints["points"].erase(2);
  json badArea = v;
  badArea["area"] = 64;
  volumes(json::array({badArea, twoPoints}), kRange,
          {{"argument", "volumes.area"}, {"volume", 0}, {"value", 64.0}},
          "volume 0's area 64 and volume 1's two points: volume by volume");
  json twoBad = twoPoints;
  twoBad["area"] = 70;
  volumes(json::array({twoBad}), kRange,
          {{"argument", "volumes.points"}, {"volume", 0}, {"count", 2}},
          "two points and area 70: the point count first");
  json pts = v;
  pts["points"][0][1] = "Infinity";
  pts["points"][1][0] = 5e6;
  volumes(json::array({pts}), kArg,
          {{"argument", "volumes.z"}, {"volume", 0}, {"vertex", 0}, {"value", "Infinity"}},
          "point 0's z infinite and point 1's x beyond 2^21: point by point, x then z");
  json ptY = v;
  ptY["points"][2][0] = "NaN";
  ptY["minY"] = -5e6;
  volumes(json::array({ptY}), kArg,
          {{"argument", "volumes.x"}, {"volume", 0}, {"vertex", 2}, {"value", "NaN"}},
          "point 2's x NaN and minY beyond -2^21: points before heights");
  json heights = v;
  heights["minY"] = "NaN";
  heights["maxY"] = -5e6;
  volumes(json::array({heights}), kArg,
          {{"argument", "volumes.minY"}, {"volume", 0}, {"value", "NaN"}},
          "minY NaN and maxY beyond: minY first");
  json maxArea = v;
  maxArea["maxY"] = 5e6;
  maxArea["area"] = -1;
  volumes(json::array({maxArea}), kRange,
          {{"argument", "volumes.maxY"}, {"volume", 0}, {"value", 5e6}},
          "maxY beyond 2^21 and area -1: maxY first");

  // b3d.heightfield-input.
  const json hfClauses = {"b3d.heightfield-input", "b3d.errors"};
  const json hf = json::parse(
      R"({"width": 2, "depth": 2, "rows": 10, "originY": 0.0,
          "columns": [[[0, 4, 63]], [[1, 5, 63]], [], [[2, 3, 1]]]})");
  auto heightfield = [&](const std::function<void(json&)>& edit, const std::string& type,
                         const json& f, const std::string& why) {
    json in = TileInput3d("heightfieldInput", hf);
    edit(in["heightfieldInput"]);
    w.Add(Neg("Voxelizer.FromHeightfield", "two_culprits", hfClauses, in, type, f,
              "b3d.heightfield-input: " + why));
  };
  heightfield(
      [](json& h) {
        h["width"] = -1;
        h["depth"] = -2;
      },
      kRange, {{"argument", "width"}, {"value", -1.0}}, "width -1 and depth -2: width first");
  heightfield(
      [](json& h) {
        h["depth"] = -2;
        h["rows"] = -3;
      },
      kRange, {{"argument", "depth"}, {"value", -2.0}}, "depth -2 and rows -3: depth first");
  heightfield(
      [](json& h) {
        h["rows"] = 65530;
        h["originY"] = "NaN";
      },
      kRange, {{"argument", "rows"}, {"count", 65548}},
      "rows 65530 (+ WalkableHeight 16 + 2 = 65548 rows) and originY NaN: rows first");
  heightfield(
      [](json& h) {
        h["originY"] = "NaN";
        h["columns"].erase(3);
      },
      kArg, {{"argument", "originY"}, {"value", "NaN"}},
      "originY NaN and 3 column lists: originY first");
  heightfield(
      [](json& h) {
        h["columns"].erase(3);
        h["columns"][0][0][2] = 64;
      },
      kArg, {{"argument", "columns"}, {"count", 3}},
      "3 column lists and a span of area 64: the count first");
  heightfield(
      [](json& h) {
        h["columns"][0].push_back(json::array({6, 11, 63}));
        h["columns"][1][0] = json::array({5, 5, 63});
      },
      kRange, {{"argument", "spans.max"}, {"column", 0}, {"span", 1}, {"value", 11.0}},
      "column 0's span 1 above the rows and column 1's span 0 empty: column order");
  heightfield(
      [](json& h) {
        h["columns"][3][0] = json::array({12, 11, 64});
      },
      kRange, {{"argument", "spans.max"}, {"column", 3}, {"span", 0}, {"value", 11.0}},
      "a span with smax 11 above rows 10, smin 12 not below it and area 64: smax first");
  heightfield(
      [](json& h) {
        h["columns"][3][0] = json::array({7, 7, 64});
      },
      kRange, {{"argument", "spans.min"}, {"column", 3}, {"span", 0}, {"value", 7.0}},
      "smin 7 not below smax 7 and area 64: smin first");

  // b3d.chunk-input.
  const json chunkClauses = {"b3d.chunk-input", "b3d.errors"};
  const json chunk = {{"sizeX", 2}, {"sizeY", 2}, {"sizeZ", 2}, {"voxels", "10000001"}};
  auto chunkCase = [&](const std::function<void(json&)>& edit, const std::string& type,
                       const json& f, const std::string& why) {
    json in = TileInput3d("chunk", chunk);
    edit(in);
    // Voxelizer.FromChunk takes no volumes: those cases go through TileSpans.
    const char* op = in.contains("volumes") ? "Mesh3DPipeline.TileSpans" : "Voxelizer.FromChunk";
    w.Add(Neg(op, "two_culprits", chunkClauses, in, type, f, "b3d.chunk-input: " + why));
  };
  chunkCase(
      [](json& in) {
        in["chunk"]["sizeX"] = -1;
        in["chunk"]["sizeY"] = -1;
      },
      kRange, {{"argument", "sizeX"}, {"value", -1.0}}, "sizeX and sizeY -1: sizeX first");
  chunkCase(
      [](json& in) {
        in["chunk"]["sizeY"] = -1;
        in["chunk"]["sizeZ"] = -1;
      },
      kRange, {{"argument", "sizeY"}, {"value", -1.0}}, "sizeY and sizeZ -1: sizeY first");
  chunkCase([](json& in) { in["chunk"]["sizeY"] = 65520; }, kRange,
            {{"argument", "sizeY"}, {"count", 65538}},
            "sizeY 65520 (65538 rows) and 8 voxels instead of 2 x 65520 x 2: the rows first");
  chunkCase(
      [](json& in) {
        in["chunk"]["voxels"] = "1000000";
        in["volumes"] = json::array({Volume3d()});
        in["volumes"][0]["area"] = -1;
      },
      kArg, {{"argument", "voxels"}, {"count", 7}},
      "7 voxels and a volume of area -1: voxels first");
  chunkCase(
      [](json& in) {
        in["chunk"] = {{"sizeX", 16400}, {"sizeY", 0}, {"sizeZ", 16400}, {"voxels", ""}};
        in["volumes"] = json::array({Volume3d()});
        in["volumes"][0]["area"] = -1;
      },
      kRange, {{"argument", "volumes.area"}, {"volume", 0}, {"value", -1.0}},
      "1025 x 1025 tiles (more than 2^20) and a volume of area -1: volumes before the tile count");

  // b3d.span.stage-input.
  const json stageClauses = {"b3d.span.stage-input", "b3d.errors"};
  {
    json in = TileInput3d("soup", Soup3d());
    in["areas"] = {63, 64, 70};
    w.Add(Neg(
        "Voxelizer.Rasterize", "two_culprits", stageClauses, in, kArg,
        {{"argument", "areas"}, {"count", 3}},
        "b3d.span.stage-input: 3 areas for 2 triangles, two of them above 63: the length first"));
    in["areas"] = {64, 70};
    w.Add(Neg("Voxelizer.Rasterize", "two_culprits", stageClauses, in, kRange,
              {{"argument", "areas"}, {"triangle", 0}, {"value", 64.0}},
              "b3d.span.stage-input: areas 64 and 70: the first"));
    in["tile"] = {5, 0};
    w.Add(Neg("Voxelizer.Rasterize", "two_culprits", stageClauses, in, kRange,
              {{"argument", "tile"}, {"tileX", 5}, {"tileZ", 0}},
              "b3d.span.stage-input: tile (5, 0) outside the soup's tiles and areas 64 and 70: the "
              "tile before the stage's value"));
  }
  auto lowHeight = [&](const json& heightfield, const json& f, const std::string& type,
                       const std::string& why) {
    json in = {{"heightfield", heightfield}, {"settings", Settings3d()}};
    w.Add(Neg("SpanPipeline.FilterLowHeightSpans", "two_culprits", stageClauses, in, type, f,
              "b3d.span.stage-input: " + why));
  };
  lowHeight(json::parse(R"({"width": -1, "depth": -1, "columns": []})"),
            {{"argument", "width"}, {"value", -1.0}}, kRange, "width and depth -1: width first");
  lowHeight(json::parse(R"({"width": 2, "depth": 1, "columns": [[[0, 4, 64]]]})"),
            {{"argument", "columns"}, {"count", 1}}, kArg,
            "1 column list for 2 x 1 and a bad span: the count first");
  lowHeight(
      json::parse(R"({"width": 2, "depth": 1, "columns": [[[0, 4, 1], [3, 9, 1]], [[5, 5, 1]]]})"),
      {{"argument", "spans.min"}, {"column", 0}, {"span", 1}, {"value", 3.0}}, kRange,
      "column 0's span 1 starts below span 0's top, column 1's span is empty: column 0 first");
  lowHeight(
      json::parse(R"({"width": 1, "depth": 1, "columns": [[[0, 4, 1], [2, 2, 64]]]})"),
      {{"argument", "spans.min"}, {"column", 0}, {"span", 1}, {"value", 2.0}}, kRange,
      "a span with smin = smax = 2, area 64, below the previous span's top: smin < smax first");
  lowHeight(json::parse(R"({"width": 1, "depth": 1, "columns": [[[0, 4, 1], [3, 6, 64]]]})"),
            {{"argument", "spans.area"}, {"column", 0}, {"span", 1}, {"value", 64.0}}, kRange,
            "area 64 and smin below the previous span's top: the area first");
  auto erode = [&](const json& compact, const json& f, const std::string& why) {
    json in = {{"compact", compact}, {"settings", Settings3d()}};
    w.Add(Neg("SpanPipeline.Erode", "two_culprits", stageClauses, in, kRange, f,
              "b3d.span.stage-input: " + why));
  };
  erode(json::parse(R"({"width": 1, "depth": 1, "columns": [[[0, 10, [64, 63, 70, 63], 64]]]})"),
        {{"argument", "compact.area"}, {"column", 0}, {"span", 0}, {"value", 64.0}},
        "area 64 and connections 64, 70: the area first");
  erode(json::parse(R"({"width": 1, "depth": 1, "columns": [[[0, 10, [63, 63, 70, 64], 1]]]})"),
        {{"argument", "compact.con"}, {"column", 0}, {"span", 0}, {"value", 70.0}},
        "con[2] = 70 and con[3] = 64: direction 2 first");
  erode(
      json::parse(
          R"({"width": 2, "depth": 1, "columns": [[[0, 10, [63, 63, 5, 63], 1]], [[0, 10, [64, 63, 63, 63], 1]]]})"),
      {{"argument", "compact.con"}, {"column", 0}, {"span", 0}, {"value", 5.0}},
      "column 0's con[2] = 5 (out of the grid) and column 1's con[0] = 64: column 0 first");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr,
                 "usage: %s OUT_DIR FAMILY (predicates, region, arrangement, cdt, offset, shrink, "
                 "build3d/spans)\n",
                 argv[0]);
    return 2;
  }
  std::filesystem::path dir = argv[1];
  std::string family = argv[2];
  std::filesystem::create_directories(dir);
  const std::map<std::string, std::function<void(Writer&)>> families = {
      {"predicates", WritePredicates},   {"region", WriteRegion},
      {"arrangement", WriteArrangement}, {"cdt", WriteCdt},
      {"offset", WriteOffset},           {"shrink", WriteShrink},
      {"build3d/spans", WriteBuild3d},
  };
  auto it = families.find(family);
  if (it == families.end()) {
    std::fprintf(stderr, "unknown family %s\n", family.c_str());
    return 2;
  }
  Writer w(dir / "checks.jsonl");
  it->second(w);
  w.PrintCount();
  return 0;
}
