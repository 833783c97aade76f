// Writes the golden family navmesh/query (docs/golden-format.md): the path
// query (docs/spec/navmesh-format.md, nav.query.*) on the stitched meshes
// of the generated levels (nav.stitch), through NavQuery.FindPath.
//
//   gen_golden_navmesh_query OUT_DIR
//
// Every level kind of conformance/generators/levels.hpp at size kLevelSize,
// seed 2900 + the kind's number (the recipes of build3d/mesh-levels), with
// the preset recast-demo (b3d.presets), and kPairs seeded pairs of points:
// each point on a random polygon of the reference's mesh (a random convex
// combination of its corners' world (x, z), weights uniform in (0, 1)
// normalized, SplitMix64 written out; y the polygon's height there,
// nav.query.height), all three rounded to binary32, as the Detour
// differential samples them; one more pair whose start lies 100 above
// the level (no nearest polygon). Each level twice: maxNodes 65535 (room
// for every state on these meshes) and maxNodes 4 (the search runs out:
// partial). Expected hashes are the reference's at the commit that wrote
// the file; the points are inputs, so a port needs no sampler.
#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "conformance/generators/build3d_fields.hpp"
#include "conformance/generators/levels.hpp"
#include "conformance/runner/operations.hpp"
#include "tools/golden/build3d_json.hpp"
#include "tools/golden/jsonl_writer.hpp"
// src/ headers.
#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/navmesh.hpp"

namespace {

namespace conf = onepath::conformance;
namespace gen = onepath::gen;
using namespace onepath::navmesh;
using nlohmann::json;

constexpr int kLevelSize = 48;
constexpr int kPairs = 20;
const std::string kOp = "NavQuery.FindPath";

using onepath::golden::Mix;

double F32(double v) { return static_cast<double>(static_cast<float>(v)); }

// A point on a random polygon of the mesh, rounded to binary32.
WorldPoint Sample(const NavMesh& mesh, const NavQuery& query, Mix& r) {
  const std::vector<const NavTile*> tiles = mesh.Tiles();
  for (;;) {
    const NavTile& t = *tiles[r.Below(tiles.size())];
    if (t.polygons().empty()) continue;
    const auto p = static_cast<std::uint32_t>(r.Below(t.polygons().size()));
    const NavPolygon& poly = t.polygons()[p];
    std::vector<double> w;
    double sum = 0.0;
    for (std::size_t k = 0; k < poly.vertices.size(); ++k) sum += w.emplace_back(r.Open());
    double x = 0.0, z = 0.0;
    for (std::size_t k = 0; k < poly.vertices.size(); ++k) {
      const TileVertex& v = t.vertices()[poly.vertices[k]];
      x += w[k] / sum * (t.origin().x + v.x);
      z += w[k] / sum * (t.origin().z + v.z);
    }
    const PolygonRef ref{KeyOf(t), p};
    const WorldPoint on = query.ClosestPoint(ref, {x, 0.0, z});
    return {F32(on.x), F32(on.y), F32(on.z)};
  }
}

std::string Key(const json& input) {
  onepath::CanonicalWriter w;
  w.String(input.dump());
  return onepath::Sha256Hex(w.Take()).substr(0, 12);
}

[[noreturn]] void Fail(const std::string& what) {
  std::fprintf(stderr, "gen_golden_navmesh_query: %s\n", what.c_str());
  std::exit(1);
}

// One vector of errors.jsonl: the expected error written by hand.
struct Case {
  const char* kind;
  json pair;
  json half;
  std::int64_t maxNodes;
  const char* type;
  json fields;
  std::string why;
  json level;                                            // rooms unless given
  std::optional<onepath::build3d::NavSettings> changed;  // recast-demo unless given
};

// pred.domain, from its text: 0 (either sign), or a magnitude in
// [2^-200, 2^200].
bool InDomain(double v) {
  const double m = std::fabs(v);
  return m == 0.0 || (m >= std::ldexp(1.0, -200) && m <= std::ldexp(1.0, 200));
}

// nav.query.values check 1 on a built mesh: the terrain level (recast-demo,
// AgentRadius 0, so its floor reaches the level's edge x = 0 unshrunk) with
// OriginX = -1e-70, inside b3d.settings' |OriginX| <= 2^21. The tiles of
// column tileX 0 then have originX = -1e-70 + 0 x TileSize = -1e-70
// (b3d.tile-origin), and a vertex at local x = +0 there has the world x
// -1e-70 + 0 = -1e-70, nonzero and below 2^-200. The expected fields follow
// the clause's order, found here by walking the built mesh (NavMesh.Build,
// nav.mesh's order): tiles in order, vertices in order, x before z.
Case MeshDomainCase(const json& pair, const json& half) {
  onepath::build3d::NavSettings s = gen::MeshPresetSettings("recast-demo");
  s.OriginX = -1e-70;
  s.AgentRadius = 0.0;
  gen::LevelOptions o;
  o.kind = gen::LevelKind::kTerrain;
  o.size = kLevelSize;
  o.seed = 2902;
  const NavMesh mesh = NavMesh::Build(gen::ToSoup(gen::MakeLevel(o).soup), {}, s, {});
  for (const NavTile* t : mesh.Tiles()) {
    for (std::size_t i = 0; i < t->vertices().size(); ++i) {
      const TileVertex& v = t->vertices()[i];
      for (const double w : {t->origin().x + double{v.x}, t->origin().z + double{v.z}}) {
        if (InDomain(w)) continue;
        return {"mesh_domain",
                pair,
                half,
                65535,
                "ArgumentOutOfRangeException",
                {{"argument", "mesh.vertices"},
                 {"tileX", t->tileX()},
                 {"tileZ", t->tileZ()},
                 {"layer", t->layer()},
                 {"vertex", i},
                 {"value", w}},
                fmt::format("the terrain level (size {}, seed 2902), recast-demo with AgentRadius "
                            "0 and OriginX -1e-70 (b3d.settings: |OriginX| <= 2^21): tile ({}, "
                            "{}, {}) has originX -1e-70 (b3d.tile-origin), its vertex {} local x "
                            "+0, world x -1e-70 + 0 = -1e-70, nonzero below 2^-200: NavQuery's "
                            "first check (nav.query.values 1, pred.domain) throws "
                            "ArgumentOutOfRangeException mesh.vertices with the tile's key, the "
                            "vertex and the world x, before any pair is read",
                            kLevelSize, t->tileX(), t->tileZ(), t->layer(), i),
                {{"kind", "terrain"}, {"size", kLevelSize}, {"seed", 2902}},
                s};
      }
    }
  }
  Fail("mesh_domain: every world position lies in pred.domain");
}

// errors.jsonl: the query's checks of its arguments (nav.query.values,
// nav.query.nearest, nav.query.astar) on the rooms level with one pair,
// each expected error written by hand from the clause named.
void WriteErrors(const std::filesystem::path& dir, const onepath::build3d::NavSettings& settings) {
  onepath::golden::JsonlWriter w(dir / "errors.jsonl");
  const json level = {{"kind", "rooms"}, {"size", kLevelSize}, {"seed", 2900}};
  gen::LevelOptions o;
  o.size = kLevelSize;
  o.seed = 2900;
  const NavMesh mesh = NavMesh::Build(gen::ToSoup(gen::MakeLevel(o).soup), {}, settings, {});
  const NavQuery query(mesh, Stitch(mesh, static_cast<float>(settings.AgentMaxClimb)));
  Mix r{0x6e61767175657279ULL ^ 2900};
  const WorldPoint a = Sample(mesh, query, r), b = Sample(mesh, query, r);
  const json good = {a.x, a.y, a.z, b.x, b.y, b.z};
  json nanStart = good, farGoal = good, both = good;
  nanStart[0] = "NaN";
  farGoal[5] = 1e300;
  both[0] = "NaN";
  const json half = {2.0, 4.0, 2.0};
  std::vector<Case> cases = {
      {"point",
       nanStart,
       half,
       65535,
       "ArgumentException",
       {{"argument", "center.x"}, {"value", "NaN"}},
       "the start's x NaN: FindNearestPolygon checks center (nav.query.nearest 1), a "
       "non-finite coordinate is ArgumentException (nav.query.values)"},
      {"point",
       farGoal,
       half,
       65535,
       "ArgumentOutOfRangeException",
       {{"argument", "center.z"}, {"value", 1e300}},
       "the goal's z 1e300, finite and outside pred.domain: ArgumentOutOfRangeException "
       "(nav.query.values) when the goal's nearest polygon is asked, after the start's"},
      {"half_extents",
       good,
       {2.0, -1.0, 2.0},
       65535,
       "ArgumentOutOfRangeException",
       {{"argument", "halfExtents.y"}, {"value", -1.0}},
       "half extents y -1: below 0 (nav.query.nearest 1)"},
      {"half_extents",
       good,
       {"Infinity", 4.0, 2.0},
       65535,
       "ArgumentOutOfRangeException",
       {{"argument", "halfExtents.x"}, {"value", "Infinity"}},
       "half extents x +inf: not finite, ArgumentOutOfRangeException (nav.query.nearest 1)"},
      {"half_extents",
       both,
       {-1.0, 4.0, 2.0},
       65535,
       "ArgumentException",
       {{"argument", "center.x"}, {"value", "NaN"}},
       "the start's x NaN and half extents x -1: center before halfExtents "
       "(nav.query.nearest 1)"},
      {"max_nodes",
       good,
       half,
       0,
       "ArgumentOutOfRangeException",
       {{"argument", "maxNodes"}, {"value", 0.0}},
       "maxNodes 0: FindPath checks it after the references and points, below 1 "
       "(nav.query.astar)"},
  };
  cases.push_back(MeshDomainCase(good, half));
  for (const Case& c : cases) {
    const json input = {{"level", c.level.is_null() ? level : c.level},
                        {"settings", onepath::golden::SettingsJson(c.changed.value_or(settings))},
                        {"halfExtents", c.half},
                        {"maxNodes", c.maxNodes},
                        {"pairs", {c.pair}}};
    try {
      conf::RunOperation(kOp, input);
      Fail(std::string(c.kind) + ": no error");
    } catch (const onepath::OnePathException& e) {
      if (e.typeName() != std::string(c.type) || conf::ErrorFieldsToJson(e.fields()) != c.fields)
        Fail(fmt::format("{}: the reference throws {} {}, expected {} {}", c.kind, e.typeName(),
                         conf::ErrorFieldsToJson(e.fields()).dump(), c.type, c.fields.dump()));
    }
    w.Add(
        {{"id", fmt::format("navquery_findpath/{}/{}", c.kind, Key(input))},
         {"op", kOp},
         {"clauses",
          c.level.is_null()
              ? json{"nav.query.values", "nav.query.nearest", "nav.query.astar", "err.fields"}
              : json{"nav.query.values", "pred.domain", "b3d.tile-origin", "err.fields"}},
         {"input", input},
         {"expect", {{"error", {{"type", c.type}, {"fields", c.fields}}}}},
         {"flags", {c.kind, "negative"}},
         {"provenance",
          c.level.is_null()
              ? fmt::format("hand-made in tools/golden/gen_navmesh_query.cpp on the rooms level "
                            "(size {}, seed 2900, recast-demo) with its first drawn pair: {}; the "
                            "expected error written by hand from the clause text; the reference "
                            "agrees",
                            kLevelSize, c.why)
              : fmt::format("hand-made in tools/golden/gen_navmesh_query.cpp with the rooms "
                            "level's first drawn pair (never used: the query throws when it is "
                            "made): {}; the reference agrees",
                            c.why)}});
  }
  w.PrintCount();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: gen_golden_navmesh_query OUT_DIR\n");
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  onepath::golden::JsonlWriter w(dir / "paths.jsonl");
  const onepath::build3d::NavSettings settings = gen::MeshPresetSettings("recast-demo");
  int number = 0;
  for (const gen::LevelKind kind : gen::AllLevelKinds()) {
    const std::uint64_t seed = 2900 + number++;
    const json level = {{"kind", gen::LevelKindName(kind)}, {"size", kLevelSize}, {"seed", seed}};
    gen::LevelOptions o;
    o.kind = kind;
    o.size = kLevelSize;
    o.seed = seed;
    const NavMesh mesh = NavMesh::Build(gen::ToSoup(gen::MakeLevel(o).soup), {}, settings, {});
    const std::vector<PortalLink> links = Stitch(mesh, static_cast<float>(settings.AgentMaxClimb));
    const NavQuery query(mesh, links);
    Mix r{0x6e61767175657279ULL ^ seed};  // "navquery"
    json pairs = json::array();
    for (int k = 0; k < kPairs; ++k) {
      const WorldPoint a = Sample(mesh, query, r), b = Sample(mesh, query, r);
      pairs.push_back({a.x, a.y, a.z, b.x, b.y, b.z});
    }
    json lifted = pairs[0];
    lifted[1] = lifted[1].get<double>() + 100.0;
    pairs.push_back(lifted);
    for (const std::int64_t maxNodes : {std::int64_t{65535}, std::int64_t{4}}) {
      const json input = {{"level", level},
                          {"settings", onepath::golden::SettingsJson(settings)},
                          {"halfExtents", {2.0, 4.0, 2.0}},
                          {"maxNodes", maxNodes},
                          {"pairs", pairs}};
      const conf::Bytes out = conf::RunOperation(kOp, input);
      const json decoded = conf::DecodeOutput(kOp, out);
      // Checks of the writer: every sampled point has a nearest polygon, the
      // lifted one none; every straight path starts and ends at the snapped
      // points; with room for every state no search is partial.
      int found = 0, partial = 0, unreachable = 0;
      const json& ps = decoded.at("pairs");
      for (std::size_t i = 0; i < ps.size(); ++i) {
        const json& p = ps[i];
        const bool last = i + 1 == ps.size();
        if (p.at("start").is_null() != last || p.at("goal").is_null())
          Fail(fmt::format("{} pair {}: nearest polygon {}", level.dump(), i, p.dump()));
        if (last) continue;
        const std::string status = p.at("status");
        found += status == "found";
        partial += status == "partial";
        unreachable += status == "unreachable";
        if (p.at("straight").front() != p.at("start").at("point") ||
            (status == "found" && p.at("straight").back() != p.at("goal").at("point")))
          Fail(fmt::format("{} pair {}: the straight path's ends", level.dump(), i));
      }
      if (maxNodes == 65535 && partial != 0) Fail(level.dump() + ": partial with room");
      json clauses = {"nav.query.values",   "nav.query.height",    "nav.query.closest",
                      "nav.query.nearest",  "nav.query.portal",    "nav.query.astar",
                      "nav.query.straight", "nav.stitch",          "nav.stitch.candidates",
                      "nav.stitch.overlap", "nav.stitch.vertical", "b3d.build"};
      const std::string kindName = maxNodes == 65535 ? "level" : "out_of_nodes";
      w.Add({{"id", fmt::format("navquery_findpath/{}/{}", kindName, Key(input))},
             {"op", kOp},
             {"clauses", clauses},
             {"input", input},
             {"expect",
              {{"sha256", onepath::Sha256Hex(out)},
               {"value", {{"found", found}, {"partial", partial}, {"unreachable", unreachable}}}}},
             {"flags", {kindName, gen::LevelKindName(kind), "recast-demo"}},
             {"provenance",
              fmt::format("generated in tools/golden/gen_navmesh_query.cpp: the level recipe of "
                          "conformance/generators/levels.hpp ({}, size {}, seed {}), preset "
                          "recast-demo, {} seeded pairs on the mesh's polygons and one lifted "
                          "100 above, maxNodes {}; expected from the reference (src/onepath) at "
                          "the commit that wrote this file: {} found, {} partial, {} "
                          "unreachable; {}",
                          gen::LevelKindName(kind), kLevelSize, seed, kPairs, maxNodes, found,
                          partial, unreachable,
                          maxNodes == 65535
                              ? "Detour (oracles/detour, librecast-dev e75adf8) gives the same "
                                "nearest polygon for every point (none for the lifted one) and "
                                "the same reachability for every pair "
                                "(conformance/differential/navmesh_query_golden_detour.cpp)"
                              : "the same pairs as the level's vector with room, whose nearest "
                                "polygons Detour confirms; Detour's node limit is not ours, so "
                                "partial results are not compared")}});
    }
  }
  w.PrintCount();
  WriteErrors(dir, settings);
  return 0;
}
