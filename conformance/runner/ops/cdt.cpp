// Family cdt/: Cdt.ConstrainedDelaunay (docs/spec/cdt.md).
#include <stdexcept>

#include "conformance/runner/operations.hpp"
// src/ headers.
#include "onepath/core/canonical.hpp"
#include "onepath/geom2d/cdt.hpp"

namespace onepath::conformance::ops {

namespace {

using nlohmann::json;

// Cdt.ConstrainedDelaunay: {"points": [[x, y], ...], "constraints": [[a, b],
// ...]}, integers (grid units, point indices).
Bytes CdtBytes(const json& in) {
  std::vector<geom2d::GridPoint> points;
  for (const json& p : in.at("points")) {
    if (!p.is_array() || p.size() != 2) throw std::invalid_argument("a point is [x, y]");
    points.push_back({IntFromJson<std::int64_t>(p[0]), IntFromJson<std::int64_t>(p[1])});
  }
  std::vector<geom2d::CdtConstraint> constraints;
  for (const json& c : in.at("constraints")) {
    if (!c.is_array() || c.size() != 2) throw std::invalid_argument("a constraint is [a, b]");
    constraints.push_back({IntFromJson<std::uint32_t>(c[0]), IntFromJson<std::uint32_t>(c[1])});
  }
  return geom2d::CanonicalBytes(geom2d::ConstrainedDelaunay(points, constraints));
}

// The points as (i64 x, i64 y), then the constraints as (u32 a, u32 b).
void WriteCdtKey(CanonicalWriter& w, const json& in) {
  w.Count(in.at("points").size());
  for (const json& p : in.at("points")) {
    w.I64(IntFromJson<std::int64_t>(p.at(0)));
    w.I64(IntFromJson<std::int64_t>(p.at(1)));
  }
  w.Count(in.at("constraints").size());
  for (const json& c : in.at("constraints")) {
    w.U32(IntFromJson<std::uint32_t>(c.at(0)));
    w.U32(IntFromJson<std::uint32_t>(c.at(1)));
  }
}

// cdt.canonical: u32 n, then triangles (u32 v0, v1, v2, u8 marks).
json DecodeCdt(const Bytes& bytes) {
  CanonicalReader r(bytes);
  std::uint32_t points = r.U32();
  json triangles = json::array();
  for (std::uint32_t n = r.U32(), i = 0; i < n; ++i) {
    std::uint32_t a = r.U32(), b = r.U32(), c = r.U32();
    triangles.push_back({a, b, c, r.U8()});
  }
  return json{{"points", points}, {"triangles", triangles}};
}

const OutputForm kCdtOutput{DecodeCdt, CdtDivergence, nullptr};

const OperationFamily kCdt({
    {.name = "Cdt.ConstrainedDelaunay",
     .family = "cdt",
     .clause = "cdt.canonical",
     .run = CdtBytes,
     .key = WriteCdtKey,
     .output = &kCdtOutput},
});

}  // namespace

}  // namespace onepath::conformance::ops
