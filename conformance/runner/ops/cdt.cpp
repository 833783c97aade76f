// Family cdt/: Cdt.ConstrainedDelaunay (docs/spec/cdt.md).
#include <stdexcept>
#include <string>

#include "conformance/runner/operations.hpp"
// src/ headers.
#include "onepath/core/canonical.hpp"
#include "onepath/geom2d/cdt.hpp"

namespace onepath::conformance::ops {

namespace {

using nlohmann::json;

// [[x, y], ...], integers (grid units).
std::vector<geom2d::GridPoint> GridPointsFromJson(const json& list) {
  std::vector<geom2d::GridPoint> points;
  for (const json& p : list) {
    if (!p.is_array() || p.size() != 2) throw std::invalid_argument("a point is [x, y]");
    points.push_back({IntFromJson<std::int64_t>(p[0]), IntFromJson<std::int64_t>(p[1])});
  }
  return points;
}

// Cdt.ConstrainedDelaunay: {"points": [[x, y], ...], "constraints": [[a, b],
// ...]}, integers (grid units, point indices).
Bytes CdtBytes(const json& in) {
  std::vector<geom2d::GridPoint> points = GridPointsFromJson(in.at("points"));
  std::vector<geom2d::CdtConstraint> constraints;
  for (const json& c : in.at("constraints")) {
    if (!c.is_array() || c.size() != 2) throw std::invalid_argument("a constraint is [a, b]");
    constraints.push_back({IntFromJson<std::uint32_t>(c[0]), IntFromJson<std::uint32_t>(c[1])});
  }
  return geom2d::CanonicalBytes(geom2d::ConstrainedDelaunay(points, constraints));
}

// The points as (i64 x, i64 y) (Cdt.InsertPoints), then the constraints as
// (u32 a, u32 b) (Cdt.ConstrainedDelaunay).
void WritePointsKey(CanonicalWriter& w, const json& in) {
  w.Count(in.at("points").size());
  for (const json& p : in.at("points")) {
    w.I64(IntFromJson<std::int64_t>(p.at(0)));
    w.I64(IntFromJson<std::int64_t>(p.at(1)));
  }
}

void WriteCdtKey(CanonicalWriter& w, const json& in) {
  WritePointsKey(w, in);
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

// Cdt.InsertPoints: {"points": [[x, y], ...]}, the triangulation after
// Lawson's insertion of the points (cdt.order, cdt.locate, cdt.split,
// cdt.flip, cdt.legalize), no constraints (so the final passes flip
// nothing), as its slots: u32 n, then the list of slots in slot order,
// each u32 v0, v1, v2 as the slot holds them, then i32 n0, n1, n2
// (cdt.structure; docs/golden-format.md).
Bytes SlotBytes(const json& in) {
  const geom2d::Triangulation t =
      geom2d::ConstrainedDelaunay(GridPointsFromJson(in.at("points")), {});
  CanonicalWriter w;
  w.U32(t.pointCount);
  w.Count(t.slots.size());
  for (const geom2d::TriangleSlot& s : t.slots) {
    for (std::int32_t v : s.v) w.U32(static_cast<std::uint32_t>(v));
    for (std::int32_t n : s.n) w.I32(n);
  }
  return w.Take();
}

// {"points": n, "slots": [[v0, v1, v2, n0, n1, n2], ...]}.
json DecodeSlots(const Bytes& bytes) {
  CanonicalReader r(bytes);
  std::uint32_t points = r.U32();
  json slots = json::array();
  for (std::uint32_t n = r.U32(), i = 0; i < n; ++i) {
    std::uint32_t a = r.U32(), b = r.U32(), c = r.U32();
    std::int32_t na = r.I32(), nb = r.I32(), nc = r.I32();
    slots.push_back({a, b, c, na, nb, nc});
  }
  return json{{"points", points}, {"slots", slots}};
}

// "slot 4: [1,5,3,-1,2,0], expected [5,3,1,2,0,-1]".
std::string WhereSlot(const Difference& d, const json& expected, const json& actual) {
  if (d.path.size() < 2 || d.path[0] != "slots") return "";
  const std::size_t k = std::stoul(d.path[1]);
  auto at = [k](const json& j) {
    const json& s = j.at("slots");
    return k < s.size() ? s[k].dump() : std::string("(none)");
  };
  return "slot " + std::to_string(k) + ": " + at(actual) + ", expected " + at(expected);
}

const OutputForm kSlotsOutput{DecodeSlots, nullptr, WhereSlot};

const OperationFamily kCdt({
    {.name = "Cdt.ConstrainedDelaunay",
     .family = "cdt",
     .clause = "cdt.canonical",
     .run = CdtBytes,
     .key = WriteCdtKey,
     .output = &kCdtOutput},
    {.name = "Cdt.InsertPoints",
     .family = "cdt",
     .clause = "cdt.split",
     .run = SlotBytes,
     .key = WritePointsKey,
     .output = &kSlotsOutput},
});

}  // namespace

}  // namespace onepath::conformance::ops
