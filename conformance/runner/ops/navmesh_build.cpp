// Families build3d/mesh-levels and build3d/mesh-layers-chunk: NavMesh.Build
// end to end (docs/spec/build3d-tiles.md, b3d.build) with five stages, so
// that a port sees the first diverging one: `polygons` and `detail` (per
// tile position with polygons, its key and the hash of its polygon mesh,
// b3d.poly.values, and of its detail mesh, b3d.detail.values: the bytes
// the build3d/polys family's stages hash), `tiles` (each tile's bytes by
// its key, nav.serialize), `mesh` (the mesh's bytes, nav.mesh-bytes) and
// `links` (Stitch with the settings' climb, nav.links-bytes). The input is
// a generated level by its recipe (conformance/generators/levels.hpp) or
// one of the build's three inputs as JSON (ops/build3d.cpp).
#include <fmt/format.h>

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "conformance/generators/build3d_fields.hpp"
#include "conformance/generators/levels.hpp"
#include "conformance/runner/adapter_protocol.hpp"
#include "conformance/runner/ops/shared.hpp"
// src/ headers.
#include "onepath/core/canonical.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/navmesh.hpp"

namespace onepath::conformance::ops {

// ops/build3d.cpp: b3d.settings and the three inputs as JSON.
build3d::NavSettings Build3DSettingsFromJson(const nlohmann::json& s);
build3d::TriangleSoup Build3DSoupFromJson(const nlohmann::json& j);
build3d::HeightfieldInput Build3DHeightfieldInputFromJson(const nlohmann::json& j);
build3d::VoxelChunk Build3DChunkFromJson(const nlohmann::json& j);
std::vector<build3d::ConvexVolume> Build3DVolumesFromJson(const nlohmann::json& j);

// {"kind": "rooms", "size": 48, "seed": 1, "subdivide": 1 (optional)}: the
// recipe of levels.hpp; a kind it does not name is a malformed vector.
build3d::TriangleSoup NavMeshLevelFromJson(const nlohmann::json& j) {
  gen::LevelOptions o;
  const std::optional<gen::LevelKind> kind =
      gen::LevelKindFromName(j.at("kind").get<std::string>());
  if (!kind) throw std::invalid_argument("no level kind " + j.at("kind").dump());
  o.kind = *kind;
  o.size = IntFromJson<int>(j.at("size"));
  o.seed = IntFromJson<std::uint64_t>(j.at("seed"));
  if (j.contains("subdivide")) o.subdivide = IntFromJson<int>(j.at("subdivide"));
  return gen::ToSoup(gen::MakeLevel(o).soup);
}

namespace {

using nlohmann::json;
using namespace onepath::navmesh;

void WriteJsonKey(CanonicalWriter& w, const json& in) { w.String(in.dump()); }

// b3d.build: {"level" | "soup" | "heightfieldInput" | "chunk", "volumes"
// (optional), "settings", "threads" (optional, 1)}; exactly one input.
// `tileStages` (optional) is BuildOptions::tileStages.
NavMesh BuildFromJson(const json& in,
                      const decltype(BuildOptions::tileStages)& tileStages = nullptr) {
  const build3d::NavSettings settings = Build3DSettingsFromJson(in.at("settings"));
  const std::vector<build3d::ConvexVolume> volumes = in.contains("volumes")
                                                         ? Build3DVolumesFromJson(in.at("volumes"))
                                                         : std::vector<build3d::ConvexVolume>{};
  BuildOptions options;
  options.tileStages = tileStages;
  if (in.contains("threads")) options.Threads = IntFromJson<std::int64_t>(in.at("threads"));
  // tools/matrix.sh replays the families with other thread counts: the
  // environment's ONEPATH_BUILD_THREADS (1 .. 64) replaces a vector's
  // thread count when that is in range too (b3d.build: no byte depends on
  // it); a vector about an out-of-range count keeps its own.
  if (const char* env = std::getenv("ONEPATH_BUILD_THREADS");
      env != nullptr && options.Threads >= 1 && options.Threads <= build3d::kMaxBuildThreads) {
    const long long t = std::atoll(env);
    if (t >= 1 && t <= build3d::kMaxBuildThreads) options.Threads = t;
  }
  const int kinds = in.contains("level") + in.contains("soup") + in.contains("heightfieldInput") +
                    in.contains("chunk");
  if (kinds != 1) throw std::invalid_argument("give one of level, soup, heightfieldInput, chunk");
  if (in.contains("level"))
    return NavMesh::Build(NavMeshLevelFromJson(in.at("level")), volumes, settings, options);
  if (in.contains("soup"))
    return NavMesh::Build(Build3DSoupFromJson(in.at("soup")), volumes, settings, options);
  if (in.contains("heightfieldInput"))
    return NavMesh::Build(Build3DHeightfieldInputFromJson(in.at("heightfieldInput")), volumes,
                          settings, options);
  return NavMesh::Build(Build3DChunkFromJson(in.at("chunk")), volumes, settings, options);
}

// The 32 bytes of SHA-256 of `bytes` (canon.hash's digits as bytes).
void WriteSha256(CanonicalWriter& w, const Bytes& bytes) {
  for (const std::uint8_t b : FromHex(Sha256Hex(bytes))) w.U8(b);
}

// The stage `tiles` (b3d.build, informative form of the runner): u32
// count, then per tile in the mesh's order i32 tileX, i32 tileZ, u16
// layer, u32 length and the 32 bytes of SHA-256 of its bytes
// (nav.serialize).
Bytes TilesBytes(const NavMesh& mesh) {
  CanonicalWriter w;
  const std::vector<const NavTile*> tiles = mesh.Tiles();
  w.Count(tiles.size());
  for (const NavTile* tile : tiles) {
    const Bytes bytes = Serialize(*tile);
    w.I32(tile->tileX());
    w.I32(tile->tileZ());
    w.U16(tile->layer());
    w.Count(bytes.size());
    WriteSha256(w, bytes);
  }
  return w.Take();
}

// The stages `polygons` and `detail` (b3d.tile-flow steps 5 and 6,
// informative form of the runner): u32 count, then per tile position that
// has polygons, in build order, i32 tileX, i32 tileZ, u32 length and the
// 32 bytes of SHA-256 of the polygon mesh's canonical bytes
// (b3d.poly.values, as Polygonizer.Build's stage `polygons`), resp. of the
// detail mesh's (b3d.detail.values, as DetailMeshBuilder.Build's output).
struct PerTile {
  CanonicalWriter w;
  std::uint32_t count = 0;
  void Add(std::int64_t tileX, std::int64_t tileZ, const Bytes& bytes) {
    w.I32(static_cast<std::int32_t>(tileX));
    w.I32(static_cast<std::int32_t>(tileZ));
    w.Count(bytes.size());
    WriteSha256(w, bytes);
    ++count;
  }
  Bytes Take() {
    CanonicalWriter out;
    out.Count(count);
    Bytes bytes = out.Take();
    const Bytes body = w.Take();
    bytes.insert(bytes.end(), body.begin(), body.end());
    return bytes;
  }
};

std::vector<Bytes> Stages(const json& in) {
  PerTile polygons, detail;
  const NavMesh mesh =
      BuildFromJson(in, [&](std::int64_t tileX, std::int64_t tileZ, const build3d::PolyMesh& p,
                            const build3d::DetailMesh& dm) {
        polygons.Add(tileX, tileZ, build3d::CanonicalBytes(p));
        detail.Add(tileX, tileZ, build3d::CanonicalBytes(dm));
      });
  const float climb = static_cast<float>(Build3DSettingsFromJson(in.at("settings")).AgentMaxClimb);
  return {polygons.Take(), detail.Take(), TilesBytes(mesh), CanonicalBytes(mesh),
          CanonicalBytes(Stitch(mesh, climb))};
}

// {"tiles": [{"tile": [tileX, tileZ] or [tileX, tileZ, layer], "length": n,
// "sha256": hex}]}: a u32 count, then per tile i32 tileX, i32 tileZ, u16
// layer when `layers`, u32 length and 32 bytes of SHA-256.
json DecodeTileHashes(const Bytes& bytes, bool layers) {
  CanonicalReader r(bytes);
  json tiles = json::array();
  for (std::uint32_t n = r.U32(), k = 0; k < n; ++k) {
    json t;
    const std::int32_t x = r.I32(), z = r.I32();
    t["tile"] = layers ? json{x, z, r.U16()} : json{x, z};
    t["length"] = r.U32();
    Bytes hash(32);
    for (std::uint8_t& b : hash) b = r.U8();
    t["sha256"] = ToHex(hash);
    tiles.push_back(t);
  }
  if (!r.AtEnd()) throw std::invalid_argument("trailing bytes");
  return {{"tiles", tiles}};
}

// The stages `polygons` and `detail`: tiles as [tileX, tileZ].
json DecodePerTile(const Bytes& bytes) { return DecodeTileHashes(bytes, false); }

// The stage `tiles`: tiles as [tileX, tileZ, layer].
json DecodeTiles(const Bytes& bytes) { return DecodeTileHashes(bytes, true); }

// "tile [1,0,0]: sha256 …, expected …", or another number of tiles.
std::string TilesWhere(const Difference&, const json& expected, const json& actual) {
  const json& e = expected.at("tiles");
  const json& a = actual.at("tiles");
  for (std::size_t i = 0; i < e.size() && i < a.size(); ++i) {
    if (e[i] == a[i]) continue;
    if (e[i].at("tile") != a[i].at("tile"))
      return fmt::format("tile {} where {} was expected", a[i].at("tile").dump(),
                         e[i].at("tile").dump());
    return fmt::format("tile {}: {} bytes, sha256 {}, expected {} bytes, {}",
                       a[i].at("tile").dump(), a[i].at("length").dump(),
                       a[i].at("sha256").get<std::string>(), e[i].at("length").dump(),
                       e[i].at("sha256").get<std::string>());
  }
  return fmt::format("{} tiles, expected {}", a.size(), e.size());
}

const OutputForm kTilesOutput{DecodeTiles, nullptr, TilesWhere};
// TilesWhere reads the keys of DecodePerTile's [tileX, tileZ] the same way.
const OutputForm kPerTileOutput{DecodePerTile, nullptr, TilesWhere};

// nav.links-bytes: {"links": [{"from": [tileX, tileZ, layer], "polygon",
// "edge", "to": [...], "toPolygon", "toEdge", "lo", "hi"}, ...]}.
json DecodeLinks(const Bytes& bytes) {
  CanonicalReader r(bytes);
  const auto key = [&r] {
    const std::int32_t x = r.I32(), z = r.I32();
    return json::array({x, z, r.U16()});
  };
  json links = json::array();
  for (std::uint32_t n = r.U32(), k = 0; k < n; ++k) {
    json l;
    l["from"] = key();
    l["polygon"] = r.U32();
    l["edge"] = r.U8();
    l["to"] = key();
    l["toPolygon"] = r.U32();
    l["toEdge"] = r.U8();
    l["lo"] = r.F32();
    l["hi"] = r.F32();
    links.push_back(l);
  }
  if (!r.AtEnd()) throw std::invalid_argument("trailing bytes");
  return {{"links", links}};
}

// "link 3: {...}, expected {...}", or another number of links.
std::string LinksWhere(const Difference&, const json& expected, const json& actual) {
  const json& e = expected.at("links");
  const json& a = actual.at("links");
  for (std::size_t i = 0; i < e.size() && i < a.size(); ++i)
    if (e[i] != a[i]) return fmt::format("link {}: {}, expected {}", i, a[i].dump(), e[i].dump());
  return fmt::format("{} links, expected {}", a.size(), e.size());
}

const OutputForm kLinksOutput{DecodeLinks, nullptr, LinksWhere};

const OperationFamily kNavMeshBuild({
    // b3d.build: stages polygons, detail, tiles, mesh, links; the output
    // is the last.
    {.name = "NavMesh.Build",
     .family = "build3d/mesh-levels",
     .otherFamilies = {"build3d/mesh-layers-chunk"},
     .clause = "b3d.build",
     .run = [](const json& in) { return Stages(in).back(); },
     .key = WriteJsonKey,
     .output = &kLinksOutput,
     .stages = {{"polygons", "b3d.poly.values", &kPerTileOutput},
                {"detail", "b3d.detail.values", &kPerTileOutput},
                {"tiles", "b3d.tile-flow", &kTilesOutput},
                {"mesh", "nav.mesh-bytes", nullptr},
                {"links", "nav.links-bytes", &kLinksOutput}},
     .runStages = Stages},
});

}  // namespace

}  // namespace onepath::conformance::ops
