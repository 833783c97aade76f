// Family build3d/polys: the polygon stage of one 3D tile,
// Polygonizer.Build with its two stages `ears` and `polygons`
// (docs/spec/build3d-polygons.md, b3d.poly.api, b3d.poly.values), and the
// stage `detail`, DetailMeshBuilder.Build (docs/spec/build3d-detail.md,
// b3d.detail.build, b3d.detail.values). The inputs take the contours,
// the compact heightfield, the cut and the mesh in the forms the earlier
// stages' outputs decode to (ops/build3d_regions.cpp, ops/build3d.cpp).
#include <fmt/format.h>

#include <stdexcept>

#include "conformance/runner/ops/shared.hpp"
// src/ headers.
#include "onepath/build3d/contours.hpp"
#include "onepath/build3d/detail_mesh.hpp"
#include "onepath/build3d/polygonizer.hpp"

namespace onepath::conformance::ops {

// ops/build3d.cpp: b3d.settings as JSON.
build3d::NavSettings Build3DSettingsFromJson(const nlohmann::json& s);
build3d::CompactHeightfield Build3DCompactFromJson(const nlohmann::json& j);
// ops/build3d_regions.cpp: b3d.region.values' cut as JSON.
build3d::BorderCut Build3DCutFromJson(const nlohmann::json& j);

namespace {

using nlohmann::json;
using namespace onepath::build3d;

// ---- input: {"contours": [{"region", "area", "vertices": [[x, y, z,
// neighbour, areaBorder], ...]}, ...], "settings"} ----

ContourSet ContoursFromJson(const json& j) {
  ContourSet set;
  for (const json& c : j) {
    Contour contour;
    contour.region = IntFromJson<std::uint16_t>(c.at("region"));
    contour.area = IntFromJson<std::uint8_t>(c.at("area"));
    for (const json& v : c.at("vertices")) {
      if (!v.is_array() || v.size() != 5) throw std::invalid_argument("a vertex is not 5 values");
      const int flag = IntFromJson<std::uint8_t>(v[4]);
      if (flag > 1) throw std::invalid_argument("areaBorder is not 0 or 1");
      contour.vertices.push_back(
          {IntFromJson<std::uint16_t>(v[0]), IntFromJson<std::uint16_t>(v[1]),
           IntFromJson<std::uint16_t>(v[2]), IntFromJson<std::uint16_t>(v[3]), flag == 1});
    }
    set.contours.push_back(std::move(contour));
  }
  return set;
}

PolygonizerStages StagesFromJson(const json& in) {
  return Polygonizer::BuildStages(ContoursFromJson(in.at("contours")),
                                  Build3DSettingsFromJson(in.at("settings")));
}

// The key bytes: the input as one canon.string, its JSON text with sorted
// keys and no spaces (as build3d/spans).
void WriteJsonKey(CanonicalWriter& w, const json& in) { w.String(in.dump()); }

// ---- output ----

// b3d.poly.values: {"vertices": [[x, y, z], ...], "polygons": [{"contour",
// "region", "area", "corners": [[vertex, wall], ...]}, ...],
// "degenerateEars"}, wall 0 or 1.
json DecodePolyMesh(const Bytes& bytes) {
  CanonicalReader r(bytes);
  json vertices = json::array();
  for (std::uint32_t n = r.U32(), k = 0; k < n; ++k) {
    json v = json::array();
    for (int i = 0; i < 3; ++i) v.push_back(r.U16());
    vertices.push_back(v);
  }
  json polygons = json::array();
  for (std::uint32_t n = r.U32(), k = 0; k < n; ++k) {
    json p;
    p["contour"] = r.U32();
    p["region"] = r.U16();
    p["area"] = r.U8();
    json corners = json::array();
    for (std::uint32_t m = r.U32(), c = 0; c < m; ++c) {
      const std::uint32_t vertex = r.U32();
      const std::uint8_t flags = r.U8();
      if (flags > 1) throw std::invalid_argument("corner flags are not 0 or 1");
      corners.push_back(json::array({vertex, flags}));
    }
    p["corners"] = corners;
    polygons.push_back(p);
  }
  json j;
  j["vertices"] = vertices;
  j["polygons"] = polygons;
  j["degenerateEars"] = r.U32();
  if (!r.AtEnd()) throw std::invalid_argument("trailing bytes");
  return j;
}

// "polygon 3 (contour 1), corner 2: [7,1], expected [7,0]", "vertex 4:
// [x,y,z], expected [...]", or the list or count that differs.
std::string PolyMeshWhere(const Difference& d, const json& expected, const json& actual) {
  const std::vector<std::string>& p = d.path;
  if (p.empty()) return "";
  if (p.size() < 2) return fmt::format("{}: {}", p[0], d.what);
  const std::size_t i = std::stoul(p[1]);
  if (p[0] == "vertices")
    return fmt::format("vertex {}: {}, expected {}", i, actual.at("vertices").at(i).dump(),
                       expected.at("vertices").at(i).dump());
  const json& ep = expected.at("polygons").at(i);
  const std::string at = fmt::format("polygon {} (contour {})", i, ep.at("contour").dump());
  if (p.size() < 4 || p[2] != "corners") return fmt::format("{}: {}", at, d.what);
  const std::size_t c = std::stoul(p[3]);
  return fmt::format("{}, corner {}: {}, expected {}", at, c,
                     actual.at("polygons").at(i).at("corners").at(c).dump(),
                     ep.at("corners").at(c).dump());
}

// The stage is named by the runner from the stage hashes; without them,
// "polygons" with the kind of difference.
Divergence PolyMeshDiverge(const Operation& op, const json& expected, const json& actual) {
  std::string kind = "another degenerateEars count";
  if (expected.at("vertices") != actual.at("vertices")) {
    kind = expected.at("vertices").size() != actual.at("vertices").size()
               ? "another number of vertices"
               : "other vertices";
  } else if (expected.at("polygons") != actual.at("polygons")) {
    kind = expected.at("polygons").size() != actual.at("polygons").size()
               ? "another number of polygons"
               : "other polygons";
  }
  return {"polygons", op.clause, kind, ""};
}

const OutputForm kPolyMeshOutput{DecodePolyMesh, PolyMeshDiverge, PolyMeshWhere};

// ---- DetailMeshBuilder.Build: {"compact", "cut", "mesh", "minRow",
// "settings", "tileX", "tileZ"}, the mesh in the form DecodePolyMesh gives
// (vertex numbers checked by the stage, b3d.detail.stage-input) ----

PolyMesh MeshFromJson(const json& j) {
  PolyMesh mesh;
  for (const json& v : j.at("vertices")) {
    if (!v.is_array() || v.size() != 3) throw std::invalid_argument("a vertex is not 3 values");
    mesh.vertices.push_back({IntFromJson<std::uint16_t>(v[0]), IntFromJson<std::uint16_t>(v[1]),
                             IntFromJson<std::uint16_t>(v[2])});
  }
  for (const json& p : j.at("polygons")) {
    MeshPolygon polygon;
    polygon.contour = IntFromJson<std::uint32_t>(p.at("contour"));
    polygon.region = IntFromJson<std::uint16_t>(p.at("region"));
    polygon.area = IntFromJson<std::uint8_t>(p.at("area"));
    for (const json& c : p.at("corners")) {
      if (!c.is_array() || c.size() != 2) throw std::invalid_argument("a corner is not 2 values");
      const int wall = IntFromJson<std::uint8_t>(c[1]);
      if (wall > 1) throw std::invalid_argument("wall is not 0 or 1");
      polygon.corners.push_back({IntFromJson<std::uint32_t>(c[0]), wall == 1});
    }
    mesh.polygons.push_back(std::move(polygon));
  }
  mesh.degenerateEars = IntFromJson<std::uint32_t>(j.at("degenerateEars"));
  return mesh;
}

Bytes RunDetail(const json& in) {
  return CanonicalBytes(DetailMeshBuilder::Build(
      MeshFromJson(in.at("mesh")), Build3DCompactFromJson(in.at("compact")),
      Build3DCutFromJson(in.at("cut")), IntFromJson<std::int64_t>(in.at("minRow")),
      Build3DSettingsFromJson(in.at("settings")), IntFromJson<std::int64_t>(in.at("tileX")),
      IntFromJson<std::int64_t>(in.at("tileZ"))));
}

// b3d.detail.values: {"minRow", "polygons": [[vertexBase, vertexCount,
// triangleBase, triangleCount], ...], "vertices": [[x, y, z], ...],
// "triangles": [[a, b, c, flags], ...]}, positions as binary32 values.
json DecodeDetailMesh(const Bytes& bytes) {
  CanonicalReader r(bytes);
  json j;
  j["minRow"] = r.U16();
  json polygons = json::array();
  for (std::uint32_t n = r.U32(), k = 0; k < n; ++k) {
    json p = json::array();
    for (int i = 0; i < 4; ++i) p.push_back(r.U32());
    polygons.push_back(p);
  }
  json vertices = json::array();
  for (std::uint32_t n = r.U32(), k = 0; k < n; ++k) {
    json v = json::array();
    for (int i = 0; i < 3; ++i) v.push_back(r.F32());
    vertices.push_back(v);
  }
  json triangles = json::array();
  for (std::uint32_t n = r.U32(), k = 0; k < n; ++k) {
    json t = json::array();
    for (int i = 0; i < 4; ++i) t.push_back(r.U8());
    triangles.push_back(t);
  }
  j["polygons"] = polygons;
  j["vertices"] = vertices;
  j["triangles"] = triangles;
  if (!r.AtEnd()) throw std::invalid_argument("trailing bytes");
  return j;
}

// "triangle 7: [0,4,5,1], expected [0,4,6,1]", "vertex 2: ...", "polygon
// 3: [vertexBase, vertexCount, triangleBase, triangleCount] ...".
std::string DetailMeshWhere(const Difference& d, const json& expected, const json& actual) {
  const std::vector<std::string>& p = d.path;
  if (p.empty()) return "";
  if (p.size() < 2) return fmt::format("{}: {}", p[0], d.what);
  const std::size_t i = std::stoul(p[1]);
  const char* what = p[0] == "polygons" ? "polygon" : p[0] == "vertices" ? "vertex" : "triangle";
  return fmt::format("{} {}: {}, expected {}", what, i, actual.at(p[0]).at(i).dump(),
                     expected.at(p[0]).at(i).dump());
}

Divergence DetailMeshDiverge(const Operation& op, const json& expected, const json& actual) {
  std::string kind = "another minRow";
  for (const char* list : {"polygons", "vertices", "triangles"}) {
    if (expected.at(list) == actual.at(list)) continue;
    kind = expected.at(list).size() != actual.at(list).size()
               ? fmt::format("another number of {}", list)
               : fmt::format("other {}", list);
    break;
  }
  return {"detail", op.clause, kind, ""};
}

const OutputForm kDetailMeshOutput{DecodeDetailMesh, DetailMeshDiverge, DetailMeshWhere};

const OperationFamily kBuild3DPolygons({
    // b3d.poly.api: {"contours", "settings"}; stages ears, polygons.
    {.name = "Polygonizer.Build",
     .family = "build3d/polys",
     .clause = "b3d.poly.api",
     .run = [](const json& in) { return CanonicalBytes(StagesFromJson(in).polygons); },
     .key = WriteJsonKey,
     .output = &kPolyMeshOutput,
     .stages = {{"ears", "b3d.poly.ears", &kPolyMeshOutput},
                {"polygons", "b3d.poly.merge", &kPolyMeshOutput}},
     .runStages =
         [](const json& in) {
           const PolygonizerStages st = StagesFromJson(in);
           return std::vector<Bytes>{CanonicalBytes(st.ears), CanonicalBytes(st.polygons)};
         }},
    // b3d.detail.build: {"compact", "cut", "mesh", "minRow", "settings",
    // "tileX", "tileZ"}; one stage, `detail`.
    {.name = "DetailMeshBuilder.Build",
     .family = "build3d/polys",
     .clause = "b3d.detail.build",
     .run = RunDetail,
     .key = WriteJsonKey,
     .output = &kDetailMeshOutput},
});

}  // namespace

}  // namespace onepath::conformance::ops
