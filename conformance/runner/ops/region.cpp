// Family region/: Region.FromOutlines, Region.FromTileMap and the boolean
// operations (docs/spec/region.md).
#include "conformance/runner/ops/shared.hpp"

namespace onepath::conformance::ops {

namespace {

using nlohmann::json;

// Region.Union etc.: {"a": operand, "b": operand}, each operand built by
// Region.FromOutlines, A before B; then A.<op>(B).
std::function<Bytes(const json&)> Boolean(
    geom2d::Region (geom2d::Region::*op)(const geom2d::Region&) const) {
  return [op](const json& in) {
    geom2d::Region a = RegionFromJson(in.at("a"));
    geom2d::Region b = RegionFromJson(in.at("b"));
    return geom2d::CanonicalBytes((a.*op)(b));
  };
}

// A's key bytes, then B's.
void WriteOperandPairKey(CanonicalWriter& w, const json& in) {
  WriteOutlinesKey(w, in.at("a"));
  WriteOutlinesKey(w, in.at("b"));
}

// A boolean operation's row (region.boolean). Union, Intersection and
// SymmetricDifference may swap A and B: their face rules are symmetric
// (region.face-rule).
Operation BooleanRow(std::string name,
                     geom2d::Region (geom2d::Region::*op)(const geom2d::Region&) const,
                     Relations relations) {
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
});

}  // namespace

}  // namespace onepath::conformance::ops
