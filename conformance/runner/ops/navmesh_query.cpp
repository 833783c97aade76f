// Family navmesh/query: the path query (docs/spec/navmesh-format.md,
// nav.query.*) on a built and stitched mesh. NavQuery.FindPath builds the
// mesh of a generated level by its recipe (as NavMesh.Build's level input,
// b3d.build), stitches it with f32(AgentMaxClimb) (nav.stitch), and answers
// each pair of points: both points' nearest polygons (nav.query.nearest),
// then, when both have one, the corridor between them by A*
// (nav.query.astar) from the snapped points and the straight path through
// it (nav.query.straight).
#include <fmt/format.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "conformance/generators/build3d_fields.hpp"
#include "conformance/runner/operations.hpp"
// src/ headers.
#include "onepath/core/canonical.hpp"
#include "onepath/navmesh.hpp"

namespace onepath::conformance::ops {

// ops/build3d.cpp: b3d.settings as JSON.
build3d::NavSettings Build3DSettingsFromJson(const nlohmann::json& s);
// ops/navmesh_build.cpp: a generated level by its recipe.
build3d::TriangleSoup NavMeshLevelFromJson(const nlohmann::json& j);

namespace {

using nlohmann::json;
using namespace onepath::navmesh;

WorldPoint PointFromJson3(const json& j, std::size_t at) {
  return {DoubleFromJson(j.at(at)), DoubleFromJson(j.at(at + 1)), DoubleFromJson(j.at(at + 2))};
}

void WriteRef(CanonicalWriter& w, const PolygonRef& r) {
  w.I32(r.tile.tileX);
  w.I32(r.tile.tileZ);
  w.U16(r.tile.layer);
  w.U32(r.polygon);
}

void WritePoint(CanonicalWriter& w, const WorldPoint& p) {
  w.F64(p.x);
  w.F64(p.y);
  w.F64(p.z);
}

void WriteNearest(CanonicalWriter& w, const std::optional<NearestPolygon>& n) {
  w.U8(n ? 1 : 0);
  if (!n) return;
  WriteRef(w, n->polygon);
  WritePoint(w, n->point);
}

// NavQuery.FindPath: {"level", "settings", "halfExtents": [x, y, z],
// "maxNodes", "pairs": [[sx, sy, sz, gx, gy, gz], …]}. Output (a test form
// of this suite, docs/golden-format.md): u32 pair count, then per pair the
// start's and the goal's nearest polygon (u8 1, i32 tileX, i32 tileZ, u16
// layer, u32 polygon, f64 x, y, z of the point; or u8 0: none), and when
// both have one: u8 status (0 found, 1 partial, 2 unreachable), f64 cost,
// the corridor (u32 count, each polygon as above without the point) and the
// straight path (u32 count, each f64 x, y, z).
Bytes FindPathBytes(const json& in) {
  const build3d::NavSettings settings = Build3DSettingsFromJson(in.at("settings"));
  const NavMesh mesh = NavMesh::Build(NavMeshLevelFromJson(in.at("level")), {}, settings, {});
  const std::vector<PortalLink> links = Stitch(mesh, static_cast<float>(settings.AgentMaxClimb));
  const NavQuery query(mesh, links);
  const WorldPoint half = PointFromJson3(in.at("halfExtents"), 0);
  const auto maxNodes = IntFromJson<std::int64_t>(in.at("maxNodes"));
  const json& pairs = in.at("pairs");
  CanonicalWriter w;
  w.Count(pairs.size());
  for (const json& pair : pairs) {
    if (!pair.is_array() || pair.size() != 6)
      throw std::invalid_argument("a pair is [sx, sy, sz, gx, gy, gz]");
    const WorldPoint start = PointFromJson3(pair, 0), goal = PointFromJson3(pair, 3);
    const std::optional<NearestPolygon> s = query.FindNearestPolygon(start, half);
    const std::optional<NearestPolygon> g = query.FindNearestPolygon(goal, half);
    WriteNearest(w, s);
    WriteNearest(w, g);
    if (!s || !g) continue;
    const PathResult path = query.FindPath(s->polygon, g->polygon, s->point, g->point, maxNodes);
    w.U8(static_cast<std::uint8_t>(path.status));
    w.F64(path.cost);
    w.Count(path.corridor.size());
    for (const PolygonRef& r : path.corridor) WriteRef(w, r);
    const std::vector<WorldPoint> straight =
        query.FindStraightPath(s->point, g->point, path.corridor);
    w.Count(straight.size());
    for (const WorldPoint& p : straight) WritePoint(w, p);
  }
  return w.Take();
}

// The input document (canon.string of its JSON text, as NavMesh.Build's key).
void WriteQueryKey(CanonicalWriter& w, const json& in) { w.String(in.dump()); }

json RefJson(CanonicalReader& r) {
  const std::int32_t x = r.I32(), z = r.I32();
  const std::uint16_t layer = r.U16();
  return {x, z, layer, r.U32()};
}

json PointJson(CanonicalReader& r) {
  const double x = r.F64(), y = r.F64();
  return {DoubleToJson(x), DoubleToJson(y), DoubleToJson(r.F64())};
}

json NearestJson(CanonicalReader& r) {
  if (r.U8() == 0) return nullptr;
  json n;
  n["polygon"] = RefJson(r);
  n["point"] = PointJson(r);
  return n;
}

// {"pairs": [{"start", "goal", "status", "cost", "corridor", "straight"}, …]}.
json DecodePaths(const Bytes& bytes) {
  static const char* kStatus[] = {"found", "partial", "unreachable"};
  CanonicalReader r(bytes);
  json pairs = json::array();
  for (std::uint32_t n = r.U32(), k = 0; k < n; ++k) {
    json p;
    p["start"] = NearestJson(r);
    p["goal"] = NearestJson(r);
    if (!p["start"].is_null() && !p["goal"].is_null()) {
      const std::uint8_t status = r.U8();
      if (status > 2) throw std::invalid_argument("a status is 0, 1 or 2");
      p["status"] = kStatus[status];
      p["cost"] = DoubleToJson(r.F64());
      json corridor = json::array();
      for (std::uint32_t m = r.U32(), i = 0; i < m; ++i) corridor.push_back(RefJson(r));
      p["corridor"] = corridor;
      json straight = json::array();
      for (std::uint32_t m = r.U32(), i = 0; i < m; ++i) straight.push_back(PointJson(r));
      p["straight"] = straight;
    }
    pairs.push_back(p);
  }
  if (!r.AtEnd()) throw std::invalid_argument("trailing bytes");
  return {{"pairs", pairs}};
}

// "pair 3: status unreachable, expected found", or the first differing part.
std::string PathsWhere(const Difference&, const json& expected, const json& actual) {
  const json& e = expected.at("pairs");
  const json& a = actual.at("pairs");
  for (std::size_t i = 0; i < e.size() && i < a.size(); ++i) {
    if (e[i] == a[i]) continue;
    for (const char* part : {"start", "goal", "status", "corridor", "cost", "straight"}) {
      const json ev = e[i].value(part, json()), av = a[i].value(part, json());
      if (ev != av)
        return fmt::format("pair {}: {} {}, expected {}", i, part, av.dump(), ev.dump());
    }
  }
  return fmt::format("{} pairs, expected {}", a.size(), e.size());
}

const OutputForm kPathsOutput{DecodePaths, nullptr, PathsWhere};

const OperationFamily kNavMeshQuery({
    {.name = "NavQuery.FindPath",
     .family = "navmesh/query",
     .clause = "nav.query.astar",
     .run = FindPathBytes,
     .key = WriteQueryKey,
     .output = &kPathsOutput},
});

}  // namespace

}  // namespace onepath::conformance::ops
