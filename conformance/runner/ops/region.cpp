// Family region/: Region.FromOutlines, Region.FromTileMap and the boolean
// operations (docs/spec/region.md).
#include <stdexcept>
#include <string>

#include "conformance/runner/ops/shared.hpp"

// src/ headers.
#include "onepath/core/int128.hpp"

namespace onepath::conformance::ops {

namespace {

using nlohmann::json;

using BooleanMember = geom2d::Region (geom2d::Region::*)(const geom2d::Region&) const;

// Region.Union etc.: {"a": operand, "b": operand}, each operand built by
// Region.FromOutlines (or derived, BooleanOperandFromJson), A before B;
// then A.<op>(B).
geom2d::Region BooleanRegion(BooleanMember op, const json& in) {
  geom2d::Region a = BooleanOperandFromJson(in.at("a"));
  geom2d::Region b = BooleanOperandFromJson(in.at("b"));
  return (a.*op)(b);
}

std::function<Bytes(const json&)> Boolean(BooleanMember op) {
  return [op](const json& in) { return geom2d::CanonicalBytes(BooleanRegion(op, in)); };
}

// A's key bytes, then B's.
void WriteOperandPairKey(CanonicalWriter& w, const json& in) {
  WriteBooleanOperandKey(w, in.at("a"));
  WriteBooleanOperandKey(w, in.at("b"));
}

// A boolean operation's row (region.boolean). Union, Intersection and
// SymmetricDifference may swap A and B: their face rules are symmetric
// (region.face-rule).
Operation BooleanRow(std::string name, BooleanMember op, Relations relations) {
  return {.name = std::move(name),
          .family = "region",
          .clause = "region.boolean",
          .input = InputForm::kOperandPair,
          .relations = relations,
          .run = Boolean(op),
          .key = WriteOperandPairKey,
          .output = &kRegionOutput};
}

constexpr Relations kSymmetric{.translate = true, .permute = true, .swapOperands = true};

// Region.DoubledArea: region.area, twice the area in grid units^2, as a
// 128-bit two's complement integer, little-endian (16 bytes).
Bytes DoubledAreaBytes(const json& in) {
  Int128 area = OperandFromJson(in.at("region")).DoubledArea();
  CanonicalWriter w;
  w.U64(static_cast<std::uint64_t>(static_cast<UInt128>(area)));
  w.I64(static_cast<std::int64_t>(area >> 64));
  return w.Take();
}

// {"doubledArea": "<decimal>"}: the integer can exceed a JSON number's 2^53.
json DecodeDoubledArea(const Bytes& bytes) {
  CanonicalReader r(bytes);
  std::uint64_t low = r.U64();
  std::int64_t high = r.I64();
  if (!r.AtEnd()) throw std::invalid_argument("16 bytes expected");
  Int128 v =
      static_cast<Int128>((static_cast<UInt128>(static_cast<std::uint64_t>(high)) << 64) | low);
  UInt128 magnitude = v < 0 ? -static_cast<UInt128>(v) : static_cast<UInt128>(v);
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(magnitude % 10)));
    magnitude /= 10;
  } while (magnitude != 0);
  return json{{"doubledArea", (v < 0 ? "-" : "") + digits}};
}

// Region.RingsAsVectors: grid.value, the rings as exact doubles: u8
// SnapBits, then the rings in region.ring-order, each a list of vertices,
// each f64 x then f64 y (i × 2^-SnapBits).
Bytes RingsAsVectorsBytes(const json& in) {
  geom2d::Region region = OperandFromJson(in.at("region"));
  CanonicalWriter w;
  w.U8(static_cast<std::uint8_t>(region.SnapBits()));
  const auto rings = region.RingsAsVectors();
  w.Count(rings.size());
  for (const auto& ring : rings) {
    w.Count(ring.size());
    for (Vector2D p : ring) {
      w.F64(p.x);
      w.F64(p.y);
    }
  }
  return w.Take();
}

json DecodeRingsAsVectors(const Bytes& bytes) {
  CanonicalReader r(bytes);
  int snap_bits = r.U8();
  json rings = json::array();
  for (std::uint32_t n = r.U32(), i = 0; i < n; ++i) {
    json ring = json::array();
    for (std::uint32_t m = r.U32(), k = 0; k < m; ++k) {
      double x = r.F64();
      ring.push_back(PointToJson({x, r.F64()}));
    }
    rings.push_back(ring);
  }
  return json{{"SnapBits", snap_bits}, {"rings", rings}};
}

// {"region": operand}: the operand's key bytes.
void WriteRegionOperandKey(CanonicalWriter& w, const json& in) {
  WriteOperandKey(w, in.at("region"));
}

const OutputForm kDoubledAreaOutput{DecodeDoubledArea, nullptr, nullptr};
const OutputForm kRingsAsVectorsOutput{DecodeRingsAsVectors, nullptr, nullptr};

const OperationFamily kRegion({
    {.name = "Region.FromOutlines",
     .family = "region",
     .clause = "region.from-outlines",
     .input = InputForm::kOutlines,
     .relations = {.translate = true, .permute = true},
     .run = [](const json& in) { return geom2d::CanonicalBytes(RegionFromJson(in)); },
     .key = WriteOutlinesKey,
     .output = &kRegionOutput},
    {.name = "Region.FromTileMap",
     .family = "region",
     .clause = "region.from-tilemap",
     .input = InputForm::kTileMap,
     .relations = {.translate = true},
     .run = [](const json& in) { return geom2d::CanonicalBytes(TileMapFromJson(in)); },
     .key = WriteTileMapKey,
     .output = &kRegionOutput},
    BooleanRow("Region.Union", &geom2d::Region::Union, kSymmetric),
    BooleanRow("Region.Intersection", &geom2d::Region::Intersection, kSymmetric),
    BooleanRow("Region.Difference", &geom2d::Region::Difference,
               {.translate = true, .permute = true}),
    BooleanRow("Region.SymmetricDifference", &geom2d::Region::SymmetricDifference, kSymmetric),
    {.name = "Region.DoubledArea",
     .family = "region",
     .clause = "region.area",
     .input = InputForm::kRegionOperand,
     .relations = {.permute = true},
     .run = DoubledAreaBytes,
     .key = WriteRegionOperandKey,
     .output = &kDoubledAreaOutput},
    {.name = "Region.RingsAsVectors",
     .family = "region",
     .clause = "grid.value",
     .input = InputForm::kRegionOperand,
     .relations = {.permute = true},
     .run = RingsAsVectorsBytes,
     .key = WriteRegionOperandKey,
     .output = &kRingsAsVectorsOutput},
});

}  // namespace

geom2d::Region BooleanFromJson(const std::string& op, const json& in) {
  if (op == "Region.Union") return BooleanRegion(&geom2d::Region::Union, in);
  if (op == "Region.Intersection") return BooleanRegion(&geom2d::Region::Intersection, in);
  if (op == "Region.Difference") return BooleanRegion(&geom2d::Region::Difference, in);
  return BooleanRegion(&geom2d::Region::SymmetricDifference, in);
}

namespace {}  // namespace

}  // namespace onepath::conformance::ops
