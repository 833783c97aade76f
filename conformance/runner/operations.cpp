#include "conformance/runner/operations.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>

#include "onepath/core/canonical.hpp"
#include "onepath/exact/predicates.hpp"
#include "onepath/geom2d/arrangement.hpp"
#include "onepath/geom2d/cdt.hpp"
#include "onepath/geom2d/pipeline.hpp"
#include "onepath/geom2d/region.hpp"
#include "onepath/geom2d/shrink.hpp"
#include "onepath/geom2d/triangulation.hpp"

namespace onepath::conformance {

using nlohmann::json;

double DoubleFromJson(const json& j) {
  if (j.is_string()) {
    const std::string& s = j.get_ref<const std::string&>();
    if (s == "NaN") return std::numeric_limits<double>::quiet_NaN();
    if (s == "Infinity") return std::numeric_limits<double>::infinity();
    if (s == "-Infinity") return -std::numeric_limits<double>::infinity();
    throw std::invalid_argument("not a number: \"" + s + "\"");
  }
  return j.get<double>();
}

json DoubleToJson(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  return v;
}

Vector2D PointFromJson(const json& j) {
  if (!j.is_array() || j.size() != 2) throw std::invalid_argument("a point is [x, y]");
  return {DoubleFromJson(j[0]), DoubleFromJson(j[1])};
}

json PointToJson(Vector2D p) { return json::array({DoubleToJson(p.x), DoubleToJson(p.y)}); }

json ErrorFieldsToJson(const ErrorFields& f) {
  json j = json::object();
  if (f.argument) j["argument"] = *f.argument;
  if (f.outline) j["outline"] = *f.outline;
  if (f.ring) j["ring"] = *f.ring;
  if (f.vertex) j["vertex"] = *f.vertex;
  if (f.edge) j["edge"] = *f.edge;
  if (f.triangle) j["triangle"] = *f.triangle;
  if (f.volume) j["volume"] = *f.volume;
  if (f.column) j["column"] = *f.column;
  if (f.span) j["span"] = *f.span;
  if (f.value) j["value"] = DoubleToJson(*f.value);
  if (f.setting) j["setting"] = *f.setting;
  if (f.tileX) j["tileX"] = *f.tileX;
  if (f.tileZ) j["tileZ"] = *f.tileZ;
  if (f.count) j["count"] = *f.count;
  return j;
}

std::vector<geom2d::Outline> OutlinesFromJson(const json& j) {
  std::vector<geom2d::Outline> outlines;
  for (const json& outline : j) {
    geom2d::Outline o;
    for (const json& ring : outline) {
      std::vector<Vector2D>& r = o.rings.emplace_back();
      for (const json& p : ring) r.push_back(PointFromJson(p));
    }
    outlines.push_back(std::move(o));
  }
  return outlines;
}

json OutlinesToJson(const std::vector<geom2d::Outline>& outlines) {
  json list = json::array();
  for (const geom2d::Outline& o : outlines) {
    json rings = json::array();
    for (const auto& ring : o.rings) {
      json points = json::array();
      for (Vector2D p : ring) points.push_back(PointToJson(p));
      rings.push_back(points);
    }
    list.push_back(rings);
  }
  return list;
}

namespace {

using Operation = std::function<std::vector<std::uint8_t>(const json&)>;

// canon.sign: a predicate's output is its sign as one signed byte.
std::vector<std::uint8_t> SignBytes(int sign) {
  CanonicalWriter w;
  w.I8(static_cast<std::int8_t>(sign));
  return w.Take();
}

// Arrangement.Build input: {"edges": [[px, py, qx, qy, operand], ...]}.
std::vector<geom2d::TaggedEdge> EdgesFromJson(const json& in) {
  std::vector<geom2d::TaggedEdge> edges;
  for (const json& e : in.at("edges")) {
    if (!e.is_array() || e.size() != 5)
      throw std::invalid_argument("an edge is [px, py, qx, qy, operand]");
    edges.push_back({{e[0].get<std::int64_t>(), e[1].get<std::int64_t>()},
                     {e[2].get<std::int64_t>(), e[3].get<std::int64_t>()},
                     e[4].get<int>()});
  }
  return edges;
}

// The Build2D pipelines (pipeline.stages): they report every stage.
bool IsBuildOperation(const std::string& op) {
  return op == "Mesh2DPipeline.BuildFromOutlines" || op == "Mesh2DPipeline.BuildFromTileMap";
}

// Operations whose output is a triangulation (triangulate.canonical) or a
// convex partition (partition.canonical).
bool IsTriangulationOperation(const std::string& op) { return op == "Region.Triangulate"; }
bool IsPartitionOperation(const std::string& op) {
  return op == "Region.PartitionConvex" || IsBuildOperation(op);
}

// Operations whose output is a region (region.canonical).
bool IsRegionOperation(const std::string& op) {
  return op == "Region.FromOutlines" || op == "Region.FromTileMap" || IsBooleanOperation(op) ||
         op == "Region.Offset" || op == "Mesh2DPipeline.Shrink";
}

// Region.* options: {"SnapBits": n} (grid.snapbits).
geom2d::Geometry2DOptions OptionsFromJson(const json& in) {
  return {.SnapBits = in.at("options").at("SnapBits").get<int>()};
}

// Region.FromOutlines input, also each operand of a boolean operation:
// {"outlines": [...], "options": {"SnapBits": n}}.
geom2d::Region RegionFromJson(const json& in) {
  return geom2d::Region::FromOutlines(OutlinesFromJson(in.at("outlines")), OptionsFromJson(in));
}

// Region.FromTileMap cells: a string of '0' and '1', or a list of integers
// 0..255 (non-zero is solid).
std::vector<std::uint8_t> CellsFromJson(const json& j) {
  std::vector<std::uint8_t> cells;
  if (j.is_string()) {
    for (char c : j.get_ref<const std::string&>()) {
      if (c != '0' && c != '1') throw std::invalid_argument("cells: a string of '0' and '1'");
      cells.push_back(c == '1' ? 1 : 0);
    }
    return cells;
  }
  for (const json& c : j) {
    int v = c.get<int>();
    if (v < 0 || v > 255) throw std::invalid_argument("cells: integers 0..255");
    cells.push_back(static_cast<std::uint8_t>(v));
  }
  return cells;
}

geom2d::Region TileMapFromJson(const json& in) {
  return geom2d::Region::FromTileMap(
      CellsFromJson(in.at("cells")), in.at("width").get<std::int64_t>(),
      in.at("height").get<std::int64_t>(), DoubleFromJson(in.at("cellSize")),
      PointFromJson(in.at("origin")), OptionsFromJson(in));
}

// The region an offset or a shrink starts from: a tile map (Region.FromTileMap
// input) when it has "cells", else outlines (Region.FromOutlines input).
geom2d::Region OperandFromJson(const json& in) {
  return in.contains("cells") ? TileMapFromJson(in) : RegionFromJson(in);
}

// offset.arguments: the join by name; any other name is the spec's
// ArgumentException naming "join".
geom2d::OffsetJoin JoinFromJson(const json& j) {
  if (j == "Round") return geom2d::OffsetJoin::kRound;
  if (j == "Square") return geom2d::OffsetJoin::kSquare;
  throw ArgumentException("join must be Round or Square (offset.arguments)", {.argument = "join"});
}

// Region.Offset: {"region": operand, "distance": d, "join": "Round" | "Square",
// "arcTolerance": t}; the region is built first.
std::vector<std::uint8_t> OffsetBytes(const json& in) {
  geom2d::Region region = OperandFromJson(in.at("region"));
  return geom2d::CanonicalBytes(region.Offset(DoubleFromJson(in.at("distance")),
                                              JoinFromJson(in.at("join")),
                                              DoubleFromJson(in.at("arcTolerance"))));
}

// Mesh2DPipeline.Shrink: {"region": operand, "settings": {"CellSize": c,
// "AgentRadius": r}}.
std::vector<std::uint8_t> ShrinkBytes(const json& in) {
  geom2d::Region region = OperandFromJson(in.at("region"));
  const json& s = in.at("settings");
  geom2d::Mesh2DSettings settings{.CellSize = DoubleFromJson(s.at("CellSize")),
                                  .AgentRadius = DoubleFromJson(s.at("AgentRadius"))};
  return geom2d::CanonicalBytes(geom2d::Mesh2DPipeline::Shrink(region, settings));
}

// Cdt.ConstrainedDelaunay: {"points": [[x, y], ...], "constraints": [[a, b],
// ...]}, integers (grid units, point indices).
std::vector<std::uint8_t> CdtBytes(const json& in) {
  std::vector<geom2d::GridPoint> points;
  for (const json& p : in.at("points")) {
    if (!p.is_array() || p.size() != 2) throw std::invalid_argument("a point is [x, y]");
    points.push_back({p[0].get<std::int64_t>(), p[1].get<std::int64_t>()});
  }
  std::vector<geom2d::CdtConstraint> constraints;
  for (const json& c : in.at("constraints")) {
    if (!c.is_array() || c.size() != 2) throw std::invalid_argument("a constraint is [a, b]");
    constraints.push_back({c[0].get<std::uint32_t>(), c[1].get<std::uint32_t>()});
  }
  return geom2d::CanonicalBytes(geom2d::ConstrainedDelaunay(points, constraints));
}

// Region.PartitionConvex: {"region": operand, "maxVerticesPerPolygon": m};
// the region is built first.
std::vector<std::uint8_t> PartitionBytes(const json& in) {
  geom2d::Region region = OperandFromJson(in.at("region"));
  return geom2d::CanonicalBytes(region.PartitionConvex(in.at("maxVerticesPerPolygon").get<int>()));
}

// Mesh2DPipeline.Build*: "settings": {"SnapBits": n, "CellSize": c,
// "AgentRadius": r, "MaxVerticesPerPolygon": m} (pipeline.settings).
geom2d::Mesh2DSettings PipelineSettingsFromJson(const json& s) {
  return {.SnapBits = s.at("SnapBits").get<int>(),
          .CellSize = DoubleFromJson(s.at("CellSize")),
          .AgentRadius = DoubleFromJson(s.at("AgentRadius")),
          .MaxVerticesPerPolygon = s.at("MaxVerticesPerPolygon").get<int>()};
}

// Mesh2DPipeline.BuildFromOutlines: {"outlines": [...], "settings": {...}};
// BuildFromTileMap: {"cells", "width", "height", "origin", "settings"}, the
// tile map as for Region.FromTileMap, its cell size the setting CellSize.
geom2d::Mesh2DBuild BuildFromJson(const std::string& op, const json& in) {
  geom2d::Mesh2DSettings settings = PipelineSettingsFromJson(in.at("settings"));
  if (op == "Mesh2DPipeline.BuildFromOutlines") {
    std::vector<geom2d::Outline> outlines = OutlinesFromJson(in.at("outlines"));
    return geom2d::Mesh2DPipeline::BuildFromOutlines(outlines, settings);
  }
  std::vector<std::uint8_t> cells = CellsFromJson(in.at("cells"));
  return geom2d::Mesh2DPipeline::BuildFromTileMap(cells, in.at("width").get<std::int64_t>(),
                                                  in.at("height").get<std::int64_t>(),
                                                  PointFromJson(in.at("origin")), settings);
}

// The result of a build is its last stage (pipeline.stages).
Operation Build(const std::string& op) {
  return [op](const json& in) { return geom2d::CanonicalBytes(BuildFromJson(op, in).polygons); };
}

std::string Hex(const std::vector<std::uint8_t>& bytes) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  for (std::uint8_t b : bytes) {
    s.push_back(digits[b >> 4]);
    s.push_back(digits[b & 15]);
  }
  return s;
}

// Region.Union etc.: {"a": operand, "b": operand}, each operand built by
// Region.FromOutlines, A before B; then A.<op>(B).
Operation Boolean(geom2d::Region (geom2d::Region::*op)(const geom2d::Region&) const) {
  return [op](const json& in) {
    geom2d::Region a = RegionFromJson(in.at("a"));
    geom2d::Region b = RegionFromJson(in.at("b"));
    return geom2d::CanonicalBytes((a.*op)(b));
  };
}

const std::map<std::string, Operation>& Operations() {
  static const std::map<std::string, Operation> ops = {
      {"Arrangement.Build",
       [](const json& in) {
         return geom2d::CanonicalBytes(geom2d::BuildArrangement(EdgesFromJson(in)));
       }},
      {"Region.FromOutlines",
       [](const json& in) { return geom2d::CanonicalBytes(RegionFromJson(in)); }},
      {"Region.FromTileMap",
       [](const json& in) { return geom2d::CanonicalBytes(TileMapFromJson(in)); }},
      {"Region.Union", Boolean(&geom2d::Region::Union)},
      {"Region.Intersection", Boolean(&geom2d::Region::Intersection)},
      {"Region.Difference", Boolean(&geom2d::Region::Difference)},
      {"Region.SymmetricDifference", Boolean(&geom2d::Region::SymmetricDifference)},
      {"Region.Offset", OffsetBytes},
      {"Mesh2DPipeline.Shrink", ShrinkBytes},
      {"Mesh2DPipeline.BuildFromOutlines", Build("Mesh2DPipeline.BuildFromOutlines")},
      {"Mesh2DPipeline.BuildFromTileMap", Build("Mesh2DPipeline.BuildFromTileMap")},
      {"Cdt.ConstrainedDelaunay", CdtBytes},
      {"Region.Triangulate",
       [](const json& in) {
         return geom2d::CanonicalBytes(OperandFromJson(in.at("region")).Triangulate());
       }},
      {"Region.PartitionConvex", PartitionBytes},
      {"Predicates.Orient2D",
       [](const json& in) {
         return SignBytes(exact::CheckedOrient2D(
             PointFromJson(in.at("a")), PointFromJson(in.at("b")), PointFromJson(in.at("c"))));
       }},
      {"Predicates.InCircle",
       [](const json& in) {
         return SignBytes(
             exact::CheckedInCircle(PointFromJson(in.at("a")), PointFromJson(in.at("b")),
                                    PointFromJson(in.at("c")), PointFromJson(in.at("d"))));
       }},
  };
  return ops;
}

}  // namespace

std::vector<std::uint8_t> RunOperation(const std::string& op, const json& input) {
  return Operations().at(op)(input);
}

json RunStages(const std::string& op, const json& input) {
  if (!IsBuildOperation(op)) return json::object();
  geom2d::Mesh2DBuild b = BuildFromJson(op, input);
  return {{"region", Hex(geom2d::CanonicalBytes(b.region))},
          {"shrunk", Hex(geom2d::CanonicalBytes(b.shrunk))},
          {"triangles", Hex(geom2d::CanonicalBytes(b.triangles))},
          {"polygons", Hex(geom2d::CanonicalBytes(b.polygons))}};
}

bool IsBooleanOperation(const std::string& op) {
  return op == "Region.Union" || op == "Region.Intersection" || op == "Region.Difference" ||
         op == "Region.SymmetricDifference";
}

bool IsKnownOperation(const std::string& op) { return Operations().count(op) != 0; }

std::vector<std::string> OperationNames() {
  std::vector<std::string> names;
  for (const auto& [name, fn] : Operations()) names.push_back(name);
  return names;
}

json DecodeOutput(const std::string& op, const std::vector<std::uint8_t>& bytes) {
  if ((op == "Predicates.Orient2D" || op == "Predicates.InCircle") && bytes.size() == 1) {
    CanonicalReader r(bytes);
    return json{{"sign", r.I8()}};
  }
  if (op == "Arrangement.Build") {
    CanonicalReader r(bytes);
    json vertices = json::array(), segments = json::array();
    for (std::uint32_t n = r.U32(), i = 0; i < n; ++i) {
      std::int64_t x = r.I64();
      vertices.push_back({x, r.I64()});
    }
    for (std::uint32_t n = r.U32(), i = 0; i < n; ++i) {
      std::uint32_t a = r.U32(), b = r.U32();
      std::int32_t n0 = r.I32();
      segments.push_back({a, b, n0, r.I32()});
    }
    return json{{"vertices", vertices}, {"segments", segments}};
  }
  if (IsRegionOperation(op)) {
    // region.canonical: u8 SnapBits, then rings of (i64 x, i64 y) vertices.
    CanonicalReader r(bytes);
    int snap_bits = r.U8();
    json rings = json::array();
    for (std::uint32_t n = r.U32(), i = 0; i < n; ++i) {
      json ring = json::array();
      for (std::uint32_t m = r.U32(), k = 0; k < m; ++k) {
        std::int64_t x = r.I64();
        ring.push_back({x, r.I64()});
      }
      rings.push_back(ring);
    }
    return json{{"SnapBits", snap_bits}, {"rings", rings}};
  }
  if (op == "Cdt.ConstrainedDelaunay") {
    // cdt.canonical: u32 n, then triangles (u32 v0, v1, v2, u8 marks).
    CanonicalReader r(bytes);
    std::uint32_t points = r.U32();
    json triangles = json::array();
    for (std::uint32_t n = r.U32(), i = 0; i < n; ++i) {
      std::uint32_t a = r.U32(), b = r.U32(), c = r.U32();
      triangles.push_back({a, b, c, r.U8()});
    }
    return json{{"points", points}, {"triangles", triangles}};
  }
  if (IsTriangulationOperation(op) || IsPartitionOperation(op)) {
    // triangulate.canonical / partition.canonical: u8 SnapBits, vertices,
    // then triangles or polygons, then the neighbours.
    CanonicalReader r(bytes);
    int snap_bits = r.U8();
    json vertices = json::array(), faces = json::array(), neighbours = json::array();
    for (std::uint32_t n = r.U32(), i = 0; i < n; ++i) {
      std::int64_t x = r.I64();
      vertices.push_back({x, r.I64()});
    }
    std::uint32_t count = r.U32();
    for (std::uint32_t i = 0; i < count; ++i) {
      std::uint32_t size = IsPartitionOperation(op) ? r.U32() : 3;
      json face = json::array();
      for (std::uint32_t k = 0; k < size; ++k) face.push_back(r.U32());
      faces.push_back(face);
    }
    for (const json& face : faces) {
      json across = json::array();
      for (std::size_t k = 0; k < face.size(); ++k) across.push_back(r.I32());
      neighbours.push_back(across);
    }
    return json{{"SnapBits", snap_bits},
                {"vertices", vertices},
                {IsPartitionOperation(op) ? "polygons" : "triangles", faces},
                {"neighbours", neighbours}};
  }
  return json{{"hex", Hex(bytes)}};
}

namespace {

// The first place where `actual` differs from `expected`: the path to it
// (array indices and object keys) and what differs there.
struct Difference {
  std::vector<std::string> path;
  std::string what;
};

std::optional<Difference> FirstDifference(const json& expected, const json& actual) {
  if (expected == actual) return std::nullopt;
  if (expected.is_array() && actual.is_array()) {
    for (std::size_t i = 0; i < std::min(expected.size(), actual.size()); ++i) {
      if (auto d = FirstDifference(expected[i], actual[i])) {
        d->path.insert(d->path.begin(), std::to_string(i));
        return d;
      }
    }
    return Difference{{}, fmt::format("{} items, expected {}", actual.size(), expected.size())};
  }
  if (expected.is_object() && actual.is_object()) {
    for (const auto& [key, value] : expected.items()) {
      if (!actual.contains(key)) return Difference{{key}, "missing"};
      if (auto d = FirstDifference(value, actual.at(key))) {
        d->path.insert(d->path.begin(), key);
        return d;
      }
    }
    for (const auto& [key, value] : actual.items())
      if (!expected.contains(key)) return Difference{{key}, "unexpected"};
  }
  return Difference{{}, fmt::format("{}, expected {}", actual.dump(), expected.dump())};
}

}  // namespace

std::string DescribeDifference(const std::string& op, const json& expected, const json& actual) {
  std::optional<Difference> d = FirstDifference(expected, actual);
  if (!d) return "";
  const std::vector<std::string>& p = d->path;
  if (IsRegionOperation(op) && !p.empty() && p[0] == "rings") {
    // rings / ring index / vertex index / coordinate index.
    if (p.size() == 1) return fmt::format("rings: {}", d->what);
    if (p.size() == 2) return fmt::format("ring {}: {}", p[1], d->what);
    return fmt::format("ring {}, vertex {}: {}, expected {}", p[1], p[2],
                       actual.at("rings").at(std::stoul(p[1])).at(std::stoul(p[2])).dump(),
                       expected.at("rings").at(std::stoul(p[1])).at(std::stoul(p[2])).dump());
  }
  std::string pointer;
  for (const std::string& key : p) pointer += "/" + key;
  return fmt::format("{}: {}", pointer.empty() ? "/" : pointer, d->what);
}

}  // namespace onepath::conformance
