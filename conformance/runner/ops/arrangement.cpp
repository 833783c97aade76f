// Family arrangement/: Arrangement.Build (docs/spec/arrangement.md).
#include <stdexcept>

#include "conformance/runner/operations.hpp"
// src/ headers.
#include "onepath/core/canonical.hpp"
#include "onepath/geom2d/arrangement.hpp"

namespace onepath::conformance::ops {

namespace {

using nlohmann::json;

// Arrangement.Build input: {"edges": [[px, py, qx, qy, operand], ...]}.
std::vector<geom2d::TaggedEdge> EdgesFromJson(const json& in) {
  std::vector<geom2d::TaggedEdge> edges;
  for (const json& e : in.at("edges")) {
    if (!e.is_array() || e.size() != 5)
      throw std::invalid_argument("an edge is [px, py, qx, qy, operand]");
    edges.push_back({{IntFromJson<std::int64_t>(e[0]), IntFromJson<std::int64_t>(e[1])},
                     {IntFromJson<std::int64_t>(e[2]), IntFromJson<std::int64_t>(e[3])},
                     IntFromJson<int>(e[4])});
  }
  return edges;
}

// The edges as a list of (i64 px, py, qx, qy, i32 operand).
void WriteEdgesKey(CanonicalWriter& w, const json& in) {
  const json& edges = in.at("edges");
  w.Count(edges.size());
  for (const json& e : edges) {
    for (int k = 0; k < 4; ++k) w.I64(IntFromJson<std::int64_t>(e.at(k)));
    w.I32(IntFromJson<std::int32_t>(e.at(4)));
  }
}

// arr.output: the vertices (i64 x, y), then the segments (u32 a, b, i32
// net counts of operands 0 and 1).
json DecodeArrangement(const Bytes& bytes) {
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

const OutputForm kArrangementOutput{DecodeArrangement, ArrangementDivergence, nullptr};

const OperationFamily kArrangement({
    {.name = "Arrangement.Build",
     .family = "arrangement",
     .clause = "arr.output",
     .input = InputForm::kEdges,
     .relations = {.translate = true, .permute = true},
     .run =
         [](const json& in) {
           return geom2d::CanonicalBytes(geom2d::BuildArrangement(EdgesFromJson(in)));
         },
     .key = WriteEdgesKey,
     .output = &kArrangementOutput},
});

}  // namespace

}  // namespace onepath::conformance::ops
