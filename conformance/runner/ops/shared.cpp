#include "conformance/runner/ops/shared.hpp"

#include <stdexcept>
#include <string>

namespace onepath::conformance::ops {

using nlohmann::json;

namespace {

// Region.* options: {"SnapBits": n} (grid.snapbits).
geom2d::Geometry2DOptions OptionsFromJson(const json& in) {
  return {.SnapBits = IntFromJson<int>(in.at("options").at("SnapBits"))};
}

json Vertices(CanonicalReader& r) {
  json vertices = json::array();
  for (std::uint32_t n = r.U32(), i = 0; i < n; ++i) {
    std::int64_t x = r.I64();
    vertices.push_back({x, r.I64()});
  }
  return vertices;
}

// The neighbour entries, one per side of each face, grouped per face.
json Neighbours(CanonicalReader& r, const json& faces) {
  json neighbours = json::array();
  for (const json& face : faces) {
    json across = json::array();
    for (std::size_t k = 0; k < face.size(); ++k) across.push_back(r.I32());
    neighbours.push_back(across);
  }
  return neighbours;
}

// region.canonical: u8 SnapBits, then rings of (i64 x, i64 y) vertices.
json DecodeRegion(const Bytes& bytes) {
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

// triangulate.canonical: u8 SnapBits, the vertices, the triangles (three
// u32 each), then the neighbours.
json DecodeTriangulation(const Bytes& bytes) {
  CanonicalReader r(bytes);
  int snap_bits = r.U8();
  json vertices = Vertices(r), triangles = json::array();
  for (std::uint32_t n = r.U32(), i = 0; i < n; ++i) {
    std::uint32_t a = r.U32(), b = r.U32();
    triangles.push_back({a, b, r.U32()});
  }
  json neighbours = Neighbours(r, triangles);
  return json{{"SnapBits", snap_bits},
              {"vertices", vertices},
              {"triangles", triangles},
              {"neighbours", neighbours}};
}

// partition.canonical: as triangulate.canonical, each polygon a list of u32.
json DecodePartition(const Bytes& bytes) {
  CanonicalReader r(bytes);
  int snap_bits = r.U8();
  json vertices = Vertices(r), polygons = json::array();
  for (std::uint32_t n = r.U32(), i = 0; i < n; ++i) {
    json polygon = json::array();
    for (std::uint32_t m = r.U32(), k = 0; k < m; ++k) polygon.push_back(r.U32());
    polygons.push_back(polygon);
  }
  json neighbours = Neighbours(r, polygons);
  return json{{"SnapBits", snap_bits},
              {"vertices", vertices},
              {"polygons", polygons},
              {"neighbours", neighbours}};
}

}  // namespace

geom2d::Region RegionFromJson(const json& in) {
  return geom2d::Region::FromOutlines(OutlinesFromJson(in.at("outlines")), OptionsFromJson(in));
}

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
    int v = IntFromJson<int>(c);
    if (v < 0 || v > 255) throw std::invalid_argument("cells: integers 0..255");
    cells.push_back(static_cast<std::uint8_t>(v));
  }
  return cells;
}

geom2d::Region TileMapFromJson(const json& in) {
  return geom2d::Region::FromTileMap(
      CellsFromJson(in.at("cells")), IntFromJson<std::int64_t>(in.at("width")),
      IntFromJson<std::int64_t>(in.at("height")), DoubleFromJson(in.at("cellSize")),
      PointFromJson(in.at("origin")), OptionsFromJson(in));
}

geom2d::Region OperandFromJson(const json& in) {
  if (in.contains("cells")) return TileMapFromJson(in);
  return IsDerived(in) ? DerivedFromJson(in) : RegionFromJson(in);
}

bool IsDerived(const json& operand) { return operand.is_object() && operand.contains("op"); }

geom2d::Region DerivedFromJson(const json& operand) {
  const std::string& op = operand.at("op").get_ref<const std::string&>();
  const json& in = operand.at("input");
  if (op == "Region.FromOutlines") return RegionFromJson(in);
  if (op == "Region.FromTileMap") return TileMapFromJson(in);
  if (op == "Region.Offset") return OffsetFromJson(in);
  if (op == "Mesh2DPipeline.Shrink") return ShrinkFromJson(in);
  if (op == "Region.Union" || op == "Region.Intersection" || op == "Region.Difference" ||
      op == "Region.SymmetricDifference")
    return BooleanFromJson(op, in);
  throw std::invalid_argument("a derived region names an operation whose output is a region, not " +
                              op);
}

geom2d::Region BooleanOperandFromJson(const json& operand) {
  return IsDerived(operand) ? DerivedFromJson(operand) : RegionFromJson(operand);
}

void WriteOutlinesKey(CanonicalWriter& w, const json& in) {
  w.I32(IntFromJson<std::int32_t>(in.at("options").at("SnapBits")));
  const json& outlines = in.at("outlines");
  w.Count(outlines.size());
  for (const json& outline : outlines) {
    w.Count(outline.size());
    for (const json& ring : outline) {
      w.Count(ring.size());
      for (const json& p : ring) {
        w.F64(DoubleFromJson(p.at(0)));
        w.F64(DoubleFromJson(p.at(1)));
      }
    }
  }
}

void WriteTileMapKey(CanonicalWriter& w, const json& in) {
  w.I32(IntFromJson<std::int32_t>(in.at("options").at("SnapBits")));
  w.I64(IntFromJson<std::int64_t>(in.at("width")));
  w.I64(IntFromJson<std::int64_t>(in.at("height")));
  w.F64(DoubleFromJson(in.at("cellSize")));
  Vector2D origin = PointFromJson(in.at("origin"));
  w.F64(origin.x);
  w.F64(origin.y);
  std::vector<std::uint8_t> cells = CellsFromJson(in.at("cells"));
  w.Count(cells.size());
  for (std::uint8_t c : cells) w.U8(c);
}

namespace {

// u8 2, the operation's name, then its key bytes.
void WriteDerivedKey(CanonicalWriter& w, const json& operand) {
  const std::string& op = operand.at("op").get_ref<const std::string&>();
  const Operation* row = FindOperation(op);
  if (!row || !row->key) throw std::invalid_argument("unknown operation " + op);
  w.U8(2);
  w.String(op);
  row->key(w, operand.at("input"));
}

}  // namespace

void WriteOperandKey(CanonicalWriter& w, const json& operand) {
  if (IsDerived(operand)) return WriteDerivedKey(w, operand);
  bool tile_map = operand.contains("cells");
  w.U8(tile_map ? 1 : 0);
  if (tile_map)
    WriteTileMapKey(w, operand);
  else
    WriteOutlinesKey(w, operand);
}

void WriteBooleanOperandKey(CanonicalWriter& w, const json& operand) {
  if (IsDerived(operand))
    WriteDerivedKey(w, operand);
  else
    WriteOutlinesKey(w, operand);
}

namespace {

// {"bytes": n, "hex": "…"}, as the vectors' expect.value.
json DecodeBytes(const Bytes& bytes) {
  return json{{"bytes", bytes.size()}, {"hex", ToHex(bytes)}};
}

// The first differing byte: "byte 3: 7f, expected ff (120 bytes, expected
// 120)".
std::string WhereByte(const Difference&, const json& expected, const json& actual) {
  const std::string e = expected.value("hex", ""), a = actual.value("hex", "");
  std::size_t i = 0;
  while (i < e.size() && i < a.size() && e[i] == a[i]) ++i;
  const std::size_t byte = i / 2;
  auto at = [byte](const std::string& hex) {
    return 2 * byte + 2 <= hex.size() ? hex.substr(2 * byte, 2) : std::string("(none)");
  };
  return "byte " + std::to_string(byte) + ": " + at(a) + ", expected " + at(e) + " (" +
         std::to_string(a.size() / 2) + " bytes, expected " + std::to_string(e.size() / 2) + ")";
}

}  // namespace

const OutputForm kBytesOutput{DecodeBytes, nullptr, WhereByte};
const OutputForm kRegionOutput{DecodeRegion, RegionDivergence, RegionWhere};
const OutputForm kTriangulationOutput{DecodeTriangulation, MeshDivergence, nullptr};
const OutputForm kPartitionOutput{DecodePartition, MeshDivergence, nullptr};

}  // namespace onepath::conformance::ops
