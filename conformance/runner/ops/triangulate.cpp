// Families triangulate/ and partition/: Region.Triangulate and
// Region.PartitionConvex (docs/spec/triangulate.md).
#include "conformance/runner/ops/shared.hpp"

namespace onepath::conformance::ops {

namespace {

using nlohmann::json;

// Region.Triangulate: {"region": operand}; the region is built first.
Bytes TriangulateBytes(const json& in) {
  return geom2d::CanonicalBytes(OperandFromJson(in.at("region")).Triangulate());
}

// Region.PartitionConvex: {"region": operand, "maxVerticesPerPolygon": m};
// the region is built first.
Bytes PartitionBytes(const json& in) {
  geom2d::Region region = OperandFromJson(in.at("region"));
  return geom2d::CanonicalBytes(
      region.PartitionConvex(IntFromJson<int>(in.at("maxVerticesPerPolygon"))));
}

void WriteTriangulateKey(CanonicalWriter& w, const json& in) {
  WriteOperandKey(w, in.at("region"));
}

// The operand, then i32 limit.
void WritePartitionKey(CanonicalWriter& w, const json& in) {
  WriteOperandKey(w, in.at("region"));
  w.I32(IntFromJson<std::int32_t>(in.at("maxVerticesPerPolygon")));
}

const OperationFamily kTriangulate({
    {.name = "Region.Triangulate",
     .family = "triangulate",
     .clause = "triangulate.faces",
     .input = InputForm::kRegionOperand,
     .relations = {.permute = true},
     .run = TriangulateBytes,
     .key = WriteTriangulateKey,
     .output = &kTriangulationOutput},
    {.name = "Region.PartitionConvex",
     .family = "partition",
     .clause = "partition.merge",
     .input = InputForm::kRegionOperand,
     .relations = {.permute = true},
     .run = PartitionBytes,
     .key = WritePartitionKey,
     .output = &kPartitionOutput},
});

}  // namespace

}  // namespace onepath::conformance::ops
