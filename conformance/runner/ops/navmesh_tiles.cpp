// Family navmesh/tiles: one tile on its own (docs/spec/navmesh-format.md):
// NavTile.Deserialize (nav.deserialize, then nav.create's checks; the
// output is Serialize of the tile read, nav.serialize, which for a valid
// tile is the bytes given), NavTileAssembler.FromLocalPolygons
// (nav.assemble: the links derived, then nav.create; the output is the
// tile's bytes) and NavMesh.Deserialize (nav.mesh-bytes: each tile read as
// nav.deserialize reads it and added as nav.mesh adds it; the output is
// Serialize of the mesh read, its tiles in the mesh's order). The outputs
// are a tile's, resp. a mesh's, canonical bytes.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "conformance/runner/adapter_protocol.hpp"
#include "conformance/runner/operations.hpp"
#include "conformance/runner/ops/shared.hpp"
// src/ headers.
#include "onepath/core/canonical.hpp"
#include "onepath/navmesh/assembler.hpp"
#include "onepath/navmesh/navmesh.hpp"
#include "onepath/navmesh/tile.hpp"

namespace onepath::conformance::ops {

namespace {

using nlohmann::json;
using namespace onepath::navmesh;

// Lowercase hexadecimal, two digits a byte; anything else is a malformed
// vector (std::invalid_argument), never a tile error.
Bytes BytesFromHex(const std::string& hex) {
  try {
    return FromHex(hex);
  } catch (const ProtocolError& e) {
    throw std::invalid_argument(e.what());
  }
}

// NavTile.Deserialize: {"bytes": hex}; Serialize(Deserialize(bytes)).
Bytes DeserializeBytes(const json& in) {
  const Bytes bytes = BytesFromHex(in.at("bytes").get<std::string>());
  return Serialize(Deserialize(bytes));
}

// NavMesh.Deserialize: {"bytes": hex}; Serialize(NavMesh::Deserialize(bytes)),
// which lists the tiles in the mesh's order whatever their order in the
// bytes (nav.mesh-bytes).
Bytes DeserializeMeshBytes(const json& in) {
  const Bytes bytes = BytesFromHex(in.at("bytes").get<std::string>());
  return Serialize(NavMesh::Deserialize(bytes));
}

// The bytes given, as a list of u8 (canon.list); the key of both
// Deserialize operations.
void WriteDeserializeKey(CanonicalWriter& w, const json& in) {
  const Bytes bytes = BytesFromHex(in.at("bytes").get<std::string>());
  w.Count(bytes.size());
  for (std::uint8_t b : bytes) w.U8(b);
}

// A binary32 value written as a JSON number (or "NaN", "Infinity",
// "-Infinity"); a double that is not one is a malformed vector.
float FloatFromJson(const json& j) {
  const double d = DoubleFromJson(j);
  const auto f = static_cast<float>(d);
  if (static_cast<double>(f) != d && d == d)
    throw std::invalid_argument("a tile coordinate is a binary32 value: " + j.dump());
  return f;
}

std::vector<TileVertex> VerticesFromJson(const json& j) {
  std::vector<TileVertex> out;
  for (const json& v : j) {
    if (!v.is_array() || v.size() != 3) throw std::invalid_argument("a vertex is [x, y, z]");
    out.push_back({FloatFromJson(v[0]), FloatFromJson(v[1]), FloatFromJson(v[2])});
  }
  return out;
}

// NavTileAssembler.FromLocalPolygons: {"tileX", "tileZ", "layer", "origin":
// [x, y, z], "tileSize", "vertices": [[x, y, z], …], "polygons":
// [{"vertices": [i, …], "area", "flags"}, …], "detailPolygons":
// [[vertexBase, vertexCount, triangleBase, triangleCount], …],
// "detailVertices": [[x, y, z], …], "detailTriangles": [[a, b, c, flags], …]}.
NavTile AssembleFromJson(const json& in) {
  const json& o = in.at("origin");
  if (!o.is_array() || o.size() != 3) throw std::invalid_argument("origin is [x, y, z]");
  const TileOrigin origin{DoubleFromJson(o[0]), DoubleFromJson(o[1]), DoubleFromJson(o[2])};
  std::vector<AssemblerPolygon> polygons;
  for (const json& p : in.at("polygons")) {
    AssemblerPolygon& q = polygons.emplace_back();
    for (const json& v : p.at("vertices")) q.vertices.push_back(IntFromJson<std::uint16_t>(v));
    q.area = IntFromJson<std::uint8_t>(p.at("area"));
    q.flags = IntFromJson<std::uint16_t>(p.at("flags"));
  }
  std::vector<DetailPolygon> detailPolygons;
  for (const json& d : in.at("detailPolygons")) {
    if (!d.is_array() || d.size() != 4) throw std::invalid_argument("a detail entry has 4 numbers");
    detailPolygons.push_back({IntFromJson<std::uint32_t>(d[0]), IntFromJson<std::uint32_t>(d[1]),
                              IntFromJson<std::uint32_t>(d[2]), IntFromJson<std::uint32_t>(d[3])});
  }
  std::vector<DetailTriangle> triangles;
  for (const json& t : in.at("detailTriangles")) {
    if (!t.is_array() || t.size() != 4)
      throw std::invalid_argument("a triangle is [a, b, c, flags]");
    triangles.push_back({IntFromJson<std::uint8_t>(t[0]), IntFromJson<std::uint8_t>(t[1]),
                         IntFromJson<std::uint8_t>(t[2]), IntFromJson<std::uint8_t>(t[3])});
  }
  return NavTileAssembler::FromLocalPolygons(
      IntFromJson<std::int32_t>(in.at("tileX")), IntFromJson<std::int32_t>(in.at("tileZ")),
      IntFromJson<std::uint16_t>(in.at("layer")), origin, FloatFromJson(in.at("tileSize")),
      VerticesFromJson(in.at("vertices")), polygons, std::move(detailPolygons),
      VerticesFromJson(in.at("detailVertices")), std::move(triangles));
}

Bytes AssembleBytes(const json& in) { return Serialize(AssembleFromJson(in)); }

// The assembler's arguments in order, as nav.serialize writes such fields:
// i32 tileX, i32 tileZ, u16 layer, f64 origin x, y, z, f32 tileSize, the
// vertices (a list of f32 x, y, z), the polygons (a list of: the corners as
// a list of u16, u8 area, u16 flags), the detail entries (a list of four
// u32), the detail vertices (as the vertices) and the detail triangles (a
// list of four u8).
void WriteAssembleKey(CanonicalWriter& w, const json& in) {
  w.I32(IntFromJson<std::int32_t>(in.at("tileX")));
  w.I32(IntFromJson<std::int32_t>(in.at("tileZ")));
  w.U16(IntFromJson<std::uint16_t>(in.at("layer")));
  for (const json& c : in.at("origin")) w.F64(DoubleFromJson(c));
  w.F32(FloatFromJson(in.at("tileSize")));
  auto vertices = [&w](const json& list) {
    w.Count(list.size());
    for (const json& v : list)
      for (const json& c : v) w.F32(FloatFromJson(c));
  };
  vertices(in.at("vertices"));
  w.Count(in.at("polygons").size());
  for (const json& p : in.at("polygons")) {
    w.Count(p.at("vertices").size());
    for (const json& v : p.at("vertices")) w.U16(IntFromJson<std::uint16_t>(v));
    w.U8(IntFromJson<std::uint8_t>(p.at("area")));
    w.U16(IntFromJson<std::uint16_t>(p.at("flags")));
  }
  w.Count(in.at("detailPolygons").size());
  for (const json& d : in.at("detailPolygons"))
    for (const json& c : d) w.U32(IntFromJson<std::uint32_t>(c));
  vertices(in.at("detailVertices"));
  w.Count(in.at("detailTriangles").size());
  for (const json& t : in.at("detailTriangles"))
    for (const json& c : t) w.U8(IntFromJson<std::uint8_t>(c));
}

const OperationFamily kNavMeshTiles({
    {.name = "NavTile.Deserialize",
     .family = "navmesh/tiles",
     .clause = "nav.deserialize",
     .run = DeserializeBytes,
     .key = WriteDeserializeKey,
     .output = &kBytesOutput},
    {.name = "NavTileAssembler.FromLocalPolygons",
     .family = "navmesh/tiles",
     .clause = "nav.assemble",
     .run = AssembleBytes,
     .key = WriteAssembleKey,
     .output = &kBytesOutput},
    {.name = "NavMesh.Deserialize",
     .family = "navmesh/tiles",
     .clause = "nav.mesh-bytes",
     .run = DeserializeMeshBytes,
     .key = WriteDeserializeKey,
     .output = &kBytesOutput},
});

}  // namespace

}  // namespace onepath::conformance::ops
