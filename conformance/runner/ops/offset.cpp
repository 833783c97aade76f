// Family offset/: Region.Offset (docs/spec/offset.md).
#include "conformance/runner/ops/shared.hpp"

namespace onepath::conformance::ops {

namespace {

using nlohmann::json;

// offset.arguments: the join by name; any other name is the spec's
// ArgumentException naming "join".
geom2d::OffsetJoin JoinFromJson(const json& j) {
  if (j == "Round") return geom2d::OffsetJoin::kRound;
  if (j == "Square") return geom2d::OffsetJoin::kSquare;
  throw ArgumentException("join must be Round or Square (offset.arguments)", {.argument = "join"});
}

Bytes OffsetBytes(const json& in) { return geom2d::CanonicalBytes(OffsetFromJson(in)); }

// The operand, f64 distance, the join as a string, f64 arcTolerance.
void WriteOffsetKey(CanonicalWriter& w, const json& in) {
  WriteOperandKey(w, in.at("region"));
  w.F64(DoubleFromJson(in.at("distance")));
  w.String(in.at("join").get<std::string>());
  w.F64(DoubleFromJson(in.at("arcTolerance")));
}

const OperationFamily kOffset({
    {.name = "Region.Offset",
     .family = "offset",
     .clause = "offset.pieces",
     .input = InputForm::kRegionOperand,
     .distance = "/distance",
     .relations = {.permute = true},
     .run = OffsetBytes,
     .key = WriteOffsetKey,
     .output = &kRegionOutput},
});

}  // namespace

// Region.Offset: {"region": operand, "distance": d, "join": "Round" | "Square",
// "arcTolerance": t}; the region is built first.
geom2d::Region OffsetFromJson(const json& in) {
  geom2d::Region region = OperandFromJson(in.at("region"));
  return region.Offset(DoubleFromJson(in.at("distance")), JoinFromJson(in.at("join")),
                       DoubleFromJson(in.at("arcTolerance")));
}

}  // namespace onepath::conformance::ops
