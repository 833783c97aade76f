// Family shrink/: Mesh2DPipeline.Shrink (docs/spec/shrink.md).
#include "conformance/runner/ops/shared.hpp"
// src/ headers.
#include "onepath/geom2d/pipeline.hpp"

namespace onepath::conformance::ops {

namespace {

using nlohmann::json;

Bytes ShrinkBytes(const json& in) { return geom2d::CanonicalBytes(ShrinkFromJson(in)); }

// The operand, f64 CellSize, f64 AgentRadius.
void WriteShrinkKey(CanonicalWriter& w, const json& in) {
  WriteOperandKey(w, in.at("region"));
  w.F64(DoubleFromJson(in.at("settings").at("CellSize")));
  w.F64(DoubleFromJson(in.at("settings").at("AgentRadius")));
}

const OperationFamily kShrink({
    {.name = "Mesh2DPipeline.Shrink",
     .family = "shrink",
     .clause = "shrink.edges",
     .input = InputForm::kRegionOperand,
     .distance = "/settings/AgentRadius",
     .relations = {.permute = true},
     .run = ShrinkBytes,
     .key = WriteShrinkKey,
     .output = &kRegionOutput},
});

}  // namespace

// Mesh2DPipeline.Shrink: {"region": operand, "settings": {"CellSize": c,
// "AgentRadius": r}}; the region is built first.
geom2d::Region ShrinkFromJson(const json& in) {
  geom2d::Region region = OperandFromJson(in.at("region"));
  const json& s = in.at("settings");
  geom2d::Mesh2DSettings settings{.CellSize = DoubleFromJson(s.at("CellSize")),
                                  .AgentRadius = DoubleFromJson(s.at("AgentRadius"))};
  return geom2d::Mesh2DPipeline::Shrink(region, settings);
}

}  // namespace onepath::conformance::ops
