// `onepath build`, `onepath path` and `onepath render` (mesh_commands.hpp).
#include "tools/onepath/mesh_commands.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <numeric>
#include <optional>
#include <set>
#include <thread>
#include <utility>
#include <vector>

#include "conformance/runner/runner.hpp"
#include "onepath/build3d/settings.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/navmesh.hpp"
#include "tools/obj/obj_reader.hpp"
#include "tools/onepath/mesh_file.hpp"
#include "tools/onepath/settings_file.hpp"
#include "tools/onepath/terminal_line.hpp"

namespace onepath::tools {

namespace {

using build3d::NavSettings;
using navmesh::NavMesh;
using navmesh::NavTile;
using navmesh::PolygonRef;
using navmesh::WorldPoint;

// A usage error of `onepath <command>`: exit status 2.
struct UsageError {
  std::string message;
};

int Fail(const char* command, const std::string& message, int status) {
  std::fprintf(stderr, "onepath %s: %s\n", command, message.c_str());
  return status;
}

// ---- settings ----

// ReadSettingsFile (settings_file.hpp); its errors are usage errors.
NavSettings ReadSettings(const std::string& path) {
  try {
    return ReadSettingsFile(path);
  } catch (const SettingsFileError& e) {
    throw UsageError{e.what()};
  }
}

// ---- points ----

// "x,y,z": three finite decimal numbers.
WorldPoint ParsePoint(const std::string& text, const char* option) {
  double v[3];
  std::size_t at = 0;
  for (int i = 0; i < 3; ++i) {
    std::size_t comma = i < 2 ? text.find(',', at) : text.size();
    if (comma == std::string::npos) break;
    std::string part = text.substr(at, comma - at);
    char* end = nullptr;
    errno = 0;
    v[i] = std::strtod(part.c_str(), &end);
    if (part.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(v[i])) break;
    at = comma + 1;
    if (i == 2) return {v[0], v[1], v[2]};
  }
  throw UsageError{
      fmt::format("{} takes a point x,y,z (three finite numbers), got '{}'", option, text)};
}

std::string Show(const WorldPoint& p) { return fmt::format("({}, {}, {})", p.x, p.y, p.z); }

double Distance(const WorldPoint& a, const WorldPoint& b) {
  return std::sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) +
                   (a.z - b.z) * (a.z - b.z));
}

const char* StatusName(navmesh::PathStatus s) {
  switch (s) {
    case navmesh::PathStatus::kFound:
      return "found";
    case navmesh::PathStatus::kPartial:
      return "partial";
    case navmesh::PathStatus::kUnreachable:
      return "unreachable";
  }
  return "?";
}

std::string ShowPolygon(const PolygonRef& r) {
  return fmt::format("polygon {} of tile ({}, {}) layer {}", r.polygon, r.tile.tileX, r.tile.tileZ,
                     r.tile.layer);
}

// ---- build ----

int Build(const MeshCommandOptions& o) {
  NavSettings settings = ReadSettings(o.settings);
  std::int64_t threads = o.threads;
  if (threads == 0)
    threads =
        std::clamp<std::int64_t>(std::thread::hardware_concurrency(), 1, build3d::kMaxBuildThreads);
  gen::LevelSoup level;
  try {
    level = ReadObjFile(o.level);
  } catch (const std::exception& e) {
    throw UsageError{fmt::format("{}: {}", o.level, e.what())};
  }
  build3d::TriangleSoup soup{std::move(level.vertices), std::move(level.indices)};

  auto start = std::chrono::steady_clock::now();
  NavMesh mesh;
  {
    TerminalLine line(!o.quiet && isatty(fileno(stderr)));
    navmesh::BuildOptions options;
    options.Threads = threads;
    options.progress = [&](const navmesh::BuildProgress& p) {
      line.Show(fmt::format("tile {}/{} ({}, {}): {} layer{}", p.done, p.total, p.tileX, p.tileZ,
                            p.layers, p.layers == 1 ? "" : "s"),
                p.done == p.total);
    };
    try {
      mesh = NavMesh::Build(soup, {}, settings, options);
    } catch (const OnePathException& e) {
      return Fail("build", DescribeError(e), 1);
    }
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  try {
    WriteMeshFile(o.out, mesh);  // nav.mesh-bytes
  } catch (const std::exception& e) {
    return Fail("build", e.what(), 1);
  }
  std::set<std::pair<std::int32_t, std::int32_t>> positions;
  std::size_t polygons = 0, vertices = 0;
  for (const NavTile* t : mesh.Tiles()) {
    positions.insert({t->tileX(), t->tileZ()});
    polygons += t->polygons().size();
    vertices += t->vertices().size();
  }
  std::printf(
      "built %zu tiles (%zu tile positions), %zu polygons, %zu vertices in %.2f s on %lld "
      "thread%s: %s\n",
      mesh.size(), positions.size(), polygons, vertices, seconds, static_cast<long long>(threads),
      threads == 1 ? "" : "s", o.out.c_str());
  return 0;
}

// ---- the climb of path and render ----

// nav.stitch: a built mesh is stitched with f32(AgentMaxClimb). The mesh's
// bytes keep no settings, so it is --settings' AgentMaxClimb, --climb, or
// the default settings' AgentMaxClimb; both options is a usage error. The
// range is the library's to check (Stitch: finite, at least 0; exit 1).
float StitchClimb(const MeshCommandOptions& o) {
  if (!o.settings.empty() && !o.climb.empty())
    throw UsageError{
        "--settings and --climb both give the climb; give one of them (--settings FILE: its "
        "AgentMaxClimb; --climb X: X)"};
  if (!o.climb.empty()) {
    char* end = nullptr;
    errno = 0;
    double v = std::strtod(o.climb.c_str(), &end);
    if (std::isspace(static_cast<unsigned char>(o.climb.front())) || *end != '\0' ||
        errno == ERANGE || !std::isfinite(v))
      throw UsageError{"--climb takes a number (world units, say 0.9), got '" + o.climb + "'"};
    return static_cast<float>(v);  // as f32(AgentMaxClimb) of a settings file
  }
  return static_cast<float>(ReadSettings(o.settings).AgentMaxClimb);
}

// ---- path ----

struct PathAnswer {
  navmesh::NearestPolygon start, goal;
  navmesh::PathResult result;
  std::vector<WorldPoint> straight;
};

// The nearest polygons of from and to, A* and the straight path; nullopt
// (after saying which point) when a point has no polygon near it.
std::optional<PathAnswer> AskPath(const navmesh::NavQuery& query, const char* command,
                                  WorldPoint from, WorldPoint to, const MeshCommandOptions& o) {
  WorldPoint extents = ParsePoint(o.extents, "--extents");
  if (!(extents.x >= 0 && extents.y >= 0 && extents.z >= 0))
    throw UsageError{"--extents takes three half-extents of at least 0, got '" + o.extents + "'"};
  auto start = query.FindNearestPolygon(from, extents);
  auto goal = query.FindNearestPolygon(to, extents);
  for (auto [found, name, p] :
       {std::tuple{start.has_value(), "start", from}, std::tuple{goal.has_value(), "goal", to}})
    if (!found) {
      Fail(command,
           fmt::format("no polygon near the {} {}: none meets the box of half-extents {} around "
                       "it (--extents)",
                       name, Show(p), o.extents),
           3);
      return std::nullopt;
    }
  PathAnswer a{*start, *goal, {}, {}};
  a.result = query.FindPath(start->polygon, goal->polygon, start->point, goal->point, o.maxNodes);
  a.straight = query.FindStraightPath(start->point, goal->point, a.result.corridor);
  return a;
}

int Path(const MeshCommandOptions& o) {
  WorldPoint from = ParsePoint(o.from, "--from"), to = ParsePoint(o.to, "--to");
  float climb = StitchClimb(o);
  NavMesh mesh = ReadMeshFile(o.mesh);
  std::vector<navmesh::PortalLink> links = navmesh::Stitch(mesh, climb);
  navmesh::NavQuery query(mesh, links);
  std::optional<PathAnswer> a = AskPath(query, "path", from, to, o);
  if (!a) return 3;
  double length = 0;
  for (std::size_t i = 1; i < a->straight.size(); ++i)
    length += Distance(a->straight[i - 1], a->straight[i]);
  std::printf("start: %s, nearest %s at %s\n", Show(from).c_str(),
              ShowPolygon(a->start.polygon).c_str(), Show(a->start.point).c_str());
  std::printf("goal: %s, nearest %s at %s\n", Show(to).c_str(),
              ShowPolygon(a->goal.polygon).c_str(), Show(a->goal.point).c_str());
  std::printf("status: %s\n", StatusName(a->result.status));
  std::printf("corridor: %zu polygons, cost %s\n", a->result.corridor.size(),
              fmt::format("{}", a->result.cost).c_str());
  std::printf("straight path: %zu points, length %s\n", a->straight.size(),
              fmt::format("{}", length).c_str());
  for (const WorldPoint& p : a->straight) std::printf("  %s\n", Show(p).c_str());
  return a->result.status == navmesh::PathStatus::kFound ? 0 : 1;
}

// ---- render ----

// A coordinate rounded to 3 decimals, without trailing zeros.
std::string N(double v) {
  std::string s = fmt::format("{:.3f}", v);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

// A fixed palette: value k gets colour k mod 12.
const char* Colour(std::size_t k) {
  static const char* palette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
                                  "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac", "#86bc86", "#d4a6c8"};
  return palette[k % 12];
}

int Render(const MeshCommandOptions& o) {
  if (o.color != "layer" && o.color != "area" && o.color != "island")
    throw UsageError{"--color takes layer, area or island, got '" + o.color + "'"};
  std::optional<std::pair<WorldPoint, WorldPoint>> ends;
  if (!o.path.empty()) {
    std::size_t colon = o.path.find(':');
    if (colon == std::string::npos)
      throw UsageError{"--path takes x,y,z:x,y,z (start:goal), got '" + o.path + "'"};
    ends = {ParsePoint(o.path.substr(0, colon), "--path"),
            ParsePoint(o.path.substr(colon + 1), "--path")};
  }
  float climb = StitchClimb(o);
  const NavMesh mesh = ReadMeshFile(o.mesh);
  std::vector<navmesh::PortalLink> links = navmesh::Stitch(mesh, climb);
  std::optional<PathAnswer> path;
  if (ends) {
    navmesh::NavQuery query(mesh, links);
    path = AskPath(query, "render", ends->first, ends->second, o);
    if (!path) return 3;
  }

  std::vector<const NavTile*> tiles = mesh.Tiles();
  std::map<navmesh::TileKey, std::size_t> first;  // a tile's first polygon, numbered in mesh order
  std::size_t polygonCount = 0;
  for (const NavTile* t : tiles) {
    first[navmesh::KeyOf(*t)] = polygonCount;
    polygonCount += t->polygons().size();
  }
  // island: the connected parts over in-tile and portal links, numbered in
  // the order of their first polygon.
  std::vector<std::size_t> parent(polygonCount);
  std::iota(parent.begin(), parent.end(), std::size_t{0});
  auto root = [&](std::size_t a) {
    while (parent[a] != a) a = parent[a] = parent[parent[a]];
    return a;
  };
  auto join = [&](std::size_t a, std::size_t b) {
    a = root(a), b = root(b);
    if (a != b) parent[std::max(a, b)] = std::min(a, b);
  };
  for (const NavTile* t : tiles)
    for (std::size_t p = 0; p < t->polygons().size(); ++p)
      for (const navmesh::EdgeLink& l : t->polygons()[p].links)
        if (l.kind == navmesh::kLinkPolygon)
          join(first[navmesh::KeyOf(*t)] + p, first[navmesh::KeyOf(*t)] + l.value);
  std::set<std::tuple<navmesh::TileKey, std::uint32_t, std::uint8_t>> linked;
  for (const navmesh::PortalLink& l : links) {
    join(first[l.from] + l.polygon, first[l.to] + l.toPolygon);
    linked.insert({l.from, l.polygon, l.edge});
  }
  std::map<std::size_t, std::size_t> islandNumber;
  for (std::size_t i = 0; i < polygonCount; ++i)
    islandNumber.try_emplace(root(i), islandNumber.size());

  // The picture's frame: world x right, world z down.
  double minX = 0, maxX = 1, minZ = 0, maxZ = 1;
  bool any = false;
  auto world = [](const NavTile& t, const navmesh::TileVertex& v) {
    return std::pair{t.origin().x + static_cast<double>(v.x),
                     t.origin().z + static_cast<double>(v.z)};
  };
  for (const NavTile* t : tiles)
    for (const navmesh::TileVertex& v : t->vertices()) {
      auto [x, z] = world(*t, v);
      if (!any) minX = maxX = x, minZ = maxZ = z, any = true;
      minX = std::min(minX, x), maxX = std::max(maxX, x);
      minZ = std::min(minZ, z), maxZ = std::max(maxZ, z);
    }
  double extent = std::max({maxX - minX, maxZ - minZ, 1e-3});
  double margin = 0.03 * extent, font = (maxX - minX + 2 * margin) / 80;
  double viewX = minX - margin, viewZ = minZ - margin;
  double viewW = maxX - minX + 2 * margin, viewH = maxZ - minZ + 2 * margin + 4.5 * font;
  double widthPx = 1024, px = viewW / widthPx;  // world units per pixel
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"{} {} {} "
      "{}\">\n",
      N(widthPx), N(viewH / px), N(viewX), N(viewZ), N(viewW), N(viewH));
  svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n",
                     N(viewX), N(viewZ), N(viewW), N(viewH));
  // Polygons, one <polygon> each, in mesh order.
  svg += fmt::format("<g fill-opacity=\"0.75\" stroke=\"#ffffff\" stroke-width=\"{}\">\n",
                     N(0.5 * px));
  std::size_t index = 0;
  std::set<std::size_t> values;
  for (const NavTile* t : tiles)
    for (const navmesh::NavPolygon& p : t->polygons()) {
      std::size_t value = o.color == "layer"  ? t->layer()
                          : o.color == "area" ? p.area
                                              : islandNumber[root(index)];
      values.insert(value);
      std::string points;
      for (std::uint16_t v : p.vertices) {
        auto [x, z] = world(*t, t->vertices()[v]);
        points += (points.empty() ? "" : " ") + N(x) + "," + N(z);
      }
      svg += fmt::format("<polygon points=\"{}\" fill=\"{}\"/>\n", points, Colour(value));
      ++index;
    }
  svg += "</g>\n";
  // Tile borders, thin.
  std::set<std::pair<std::int32_t, std::int32_t>> positions;
  svg += fmt::format("<g fill=\"none\" stroke=\"#9a9a9a\" stroke-width=\"{}\">\n", N(0.6 * px));
  for (const NavTile* t : tiles)
    if (positions.insert({t->tileX(), t->tileZ()}).second)
      svg += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>\n", N(t->origin().x),
                         N(t->origin().z), N(t->tileSize()), N(t->tileSize()));
  svg += "</g>\n";
  // Walls (and portal edges that no other tile links to), dark; linked
  // portal edges highlighted over the part of the side the link covers.
  std::string walls, portals;
  for (const NavTile* t : tiles)
    for (std::size_t p = 0; p < t->polygons().size(); ++p) {
      const navmesh::NavPolygon& poly = t->polygons()[p];
      for (std::size_t e = 0; e < poly.vertices.size(); ++e) {
        const navmesh::EdgeLink& l = poly.links[e];
        if (l.kind == navmesh::kLinkPolygon) continue;
        if (l.kind == navmesh::kLinkPortal &&
            linked.count(
                {navmesh::KeyOf(*t), static_cast<std::uint32_t>(p), static_cast<std::uint8_t>(e)}))
          continue;
        auto [x0, z0] = world(*t, t->vertices()[poly.vertices[e]]);
        auto [x1, z1] = world(*t, t->vertices()[poly.vertices[(e + 1) % poly.vertices.size()]]);
        walls += fmt::format("M{} {}L{} {}", N(x0), N(z0), N(x1), N(z1));
      }
    }
  for (const navmesh::PortalLink& l : links) {
    if (!(l.from < l.to)) continue;  // each link once of its two directions
    const NavTile& t = *mesh.Find(l.from.tileX, l.from.tileZ, l.from.layer);
    std::uint32_t side = t.polygons()[l.polygon].links[l.edge].value;
    double fixed = side == navmesh::kSideXMax || side == navmesh::kSideZMax ? t.tileSize() : 0.0;
    bool alongZ = side == navmesh::kSideX0 || side == navmesh::kSideXMax;
    double x0 = t.origin().x + (alongZ ? fixed : l.lo), x1 = t.origin().x + (alongZ ? fixed : l.hi);
    double z0 = t.origin().z + (alongZ ? l.lo : fixed), z1 = t.origin().z + (alongZ ? l.hi : fixed);
    portals += fmt::format("M{} {}L{} {}", N(x0), N(z0), N(x1), N(z1));
  }
  if (!walls.empty())
    svg += fmt::format(
        "<path d=\"{}\" fill=\"none\" stroke=\"#1d1d1d\" stroke-width=\"{}\" "
        "stroke-linecap=\"round\"/>\n",
        walls, N(1.5 * px));
  if (!portals.empty())
    svg += fmt::format(
        "<path d=\"{}\" fill=\"none\" stroke=\"#e6007e\" stroke-width=\"{}\" "
        "stroke-linecap=\"round\"/>\n",
        portals, N(3 * px));
  std::string pathNote;
  if (path) {
    std::string points;
    for (const WorldPoint& p : path->straight)
      points += (points.empty() ? "" : " ") + N(p.x) + "," + N(p.z);
    svg += fmt::format(
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#0050ff\" stroke-width=\"{}\" "
        "stroke-linejoin=\"round\"/>\n",
        points, N(2.5 * px));
    if (!path->straight.empty())
      for (const WorldPoint& p : {path->straight.front(), path->straight.back()})
        svg += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#0050ff\"/>\n", N(p.x),
                           N(p.z), N(5 * px));
    pathNote = fmt::format("; blue: the straight path ({}, {} points)",
                           StatusName(path->result.status), path->straight.size());
  }
  // The legend, below the picture.
  double y = maxZ + margin + 1.3 * font;
  std::string colours;
  for (std::size_t v : values) {
    if (colours.size() > 100) {
      colours += " ...";
      break;
    }
    colours += fmt::format("{}{} {}", colours.empty() ? "" : ", ", o.color, v);
  }
  svg += fmt::format(
      "<g font-family=\"sans-serif\" font-size=\"{}\" fill=\"#1d1d1d\">\n"
      "<text x=\"{}\" y=\"{}\">onepath render {}: {} tiles, {} polygons, {} portal links; "
      "from above: x to the right, z down</text>\n"
      "<text x=\"{}\" y=\"{}\">fill by {} (12 colours, value mod 12): {}</text>\n"
      "<text x=\"{}\" y=\"{}\">dark: walls; magenta: stitched portals; grey: tile "
      "borders{}</text>\n"
      "</g>\n",
      N(font), N(minX), N(y), o.mesh, tiles.size(), polygonCount, links.size() / 2, N(minX),
      N(y + 1.3 * font), o.color, colours, N(minX), N(y + 2.6 * font), pathNote);
  svg += "</svg>\n";
  std::ofstream out(o.out, std::ios::binary);
  out << svg;
  out.close();
  if (!out) return Fail("render", "cannot write " + o.out, 1);
  std::printf("drew %zu polygons of %zu tiles, %zu portal links%s: %s\n", polygonCount,
              tiles.size(), links.size() / 2,
              path ? fmt::format(", a {} path", StatusName(path->result.status)).c_str() : "",
              o.out.c_str());
  return 0;
}

// path and render: where the stitching climb comes from (StitchClimb).
void AddClimbOptions(CLI::App& command, MeshCommandOptions& o, float defaultClimb) {
  command
      .add_option("--settings", o.settings,
                  "The settings JSON the mesh was built with (as onepath build --settings); the "
                  "tiles are stitched with f32 of its AgentMaxClimb (nav.stitch). Not with --climb")
      ->type_name("FILE.json");
  command
      .add_option("--climb", o.climb,
                  fmt::format("The climb to stitch with, world units, rounded to binary32 as "
                              "f32(AgentMaxClimb) (default: the default settings' AgentMaxClimb, "
                              "{}). Not with --settings",
                              defaultClimb))
      ->type_name("X");
}

}  // namespace

void AddMeshCommands(CLI::App& app, MeshCommandOptions& o) {
  const std::string meshFile =
      "The mesh file is exactly the mesh's bytes of the spec, Serialize(mesh) (nav.mesh-bytes, "
      "docs/spec/navmesh-format.md): \"OPNM\", u16 version 1, u32 tile count, then per tile in "
      "the mesh's order a u32 length and the tile's bytes (nav.serialize), little-endian; the "
      "library and every port read it with NavMesh.Deserialize.";
  const float defaultClimb = static_cast<float>(NavSettings{}.AgentMaxClimb);
  const std::string climbHelp = fmt::format(
      "The mesh file keeps no settings: the tiles are stitched (nav.stitch) with the climb "
      "f32(AgentMaxClimb) of --settings FILE (the JSON file build takes), or with --climb X, or, "
      "with neither, the default settings' AgentMaxClimb, {}; giving both is a usage error.",
      defaultClimb);
  o.build = app.add_subcommand(
      "build",
      "Build a navigation mesh from a level (Wavefront OBJ, read as a triangle soup; "
      "NavMesh::Build, "
      "b3d.build) and write it as a mesh file. On a terminal a line shows each tile as it is done; "
      "a summary follows (tiles, polygons, vertices, time). " +
          meshFile +
          " It keeps no settings: give path and render the same --settings to stitch with its "
          "AgentMaxClimb.\n"
          "Exit status: 0 written; 1 the library refused the settings or the level (its exception "
          "is printed, e.g. ArgumentOutOfRangeException naming the setting); 2 usage error (also "
          "an "
          "unreadable OBJ or settings file, an unknown setting).");
  o.build->add_option("level", o.level, "The level, Wavefront OBJ")
      ->required()
      ->type_name("LEVEL.obj");
  o.build
      ->add_option("--settings", o.settings,
                   "A JSON object of NavSettings fields by name (CellSize, TileSize, AgentRadius, "
                   "..., Partition as \"Watershed\", \"Monotone\", \"Layers\" or 0..2); unset "
                   "fields keep their defaults")
      ->type_name("FILE.json");
  o.build
      ->add_option("--threads", o.threads,
                   "Tiles built at once, 1..64 (default: the hardware's threads); the bytes do not "
                   "depend on it")
      ->check(CLI::Range(1L, static_cast<long>(build3d::kMaxBuildThreads)))
      ->type_name("N");
  o.build->add_option("-o,--out", o.out, "Where the mesh file goes")->required()->type_name("MESH");
  o.build->add_flag("-q,--quiet", o.quiet, "No progress line");

  o.pathCommand = app.add_subcommand(
      "path",
      "Find a path in a mesh file (onepath build; read with NavMesh.Deserialize, "
      "nav.mesh-bytes): stitch the tiles (nav.stitch), the nearest polygons of --from and --to "
      "(nav.query.nearest), A* (nav.query.astar) from one nearest point to the other, the "
      "straight path (nav.query.straight). Prints the nearest polygons and points, the status "
      "(found, partial, unreachable), the corridor and the straight path's points and length. " +
          climbHelp +
          "\n"
          "Exit status: 0 found; 1 partial or unreachable, or the library refused the climb; 2 "
          "usage error (also an unreadable file or one that is not a mesh's bytes: "
          "Deserialize's exception is printed); 3 no polygon near --from or --to.");
  o.pathCommand->add_option("mesh", o.mesh, "The mesh file (onepath build)")
      ->required()
      ->type_name("MESH");
  o.pathCommand->add_option("--from", o.from, "The start, world x,y,z")
      ->required()
      ->type_name("x,y,z");
  o.pathCommand->add_option("--to", o.to, "The goal, world x,y,z")->required()->type_name("x,y,z");
  o.pathCommand
      ->add_option("--extents", o.extents,
                   "Half-extents of the box around each point in which the nearest polygon is "
                   "looked for")
      ->type_name("x,y,z")
      ->capture_default_str();
  o.pathCommand->add_option("--max-nodes", o.maxNodes, "A*'s state limit (nav.query.astar)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  AddClimbOptions(*o.pathCommand, o, defaultClimb);

  o.render = app.add_subcommand(
      "render",
      "Draw a mesh file (onepath build; read with NavMesh.Deserialize, nav.mesh-bytes) from "
      "above as one self-contained SVG (world x to the right, z down): "
      "polygons filled by --color, walls dark, stitched portals magenta, tile borders grey, with "
      "--path the straight path in blue; a legend says so. Coordinates are rounded to 3 "
      "decimals. " +
          climbHelp +
          " Tiles store no region ids (nav.serialize), so --color island, the connected polygons, "
          "stands for regions.\n"
          "Exit status: 0 written; 1 cannot write, or the library refused the climb; 2 usage error "
          "(also an unreadable file or one that is not a mesh's bytes: Deserialize's exception is "
          "printed); 3 a --path point has no polygon near it.");
  o.render->add_option("mesh", o.mesh, "The mesh file (onepath build)")
      ->required()
      ->type_name("MESH");
  o.render->add_option("-o,--out", o.out, "Where the SVG goes")->required()->type_name("FILE.svg");
  o.render
      ->add_option("--color", o.color,
                   "Fill by the tile's layer, the polygon's area, or island: the connected parts "
                   "over in-tile and portal links, which stand for regions (tiles store no region "
                   "ids)")
      ->type_name("layer|area|island")
      ->capture_default_str();
  o.render->add_option("--path", o.path, "Also draw the path from start to goal")
      ->type_name("x,y,z:x,y,z");
  o.render->add_option("--extents", o.extents, "As for onepath path")
      ->type_name("x,y,z")
      ->capture_default_str();
  o.render->add_option("--max-nodes", o.maxNodes, "As for onepath path")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  AddClimbOptions(*o.render, o, defaultClimb);
}

bool RunMeshCommand(const MeshCommandOptions& o, int& status) {
  const char* name = *o.build ? "build" : *o.pathCommand ? "path" : *o.render ? "render" : nullptr;
  if (!name) return false;
  try {
    status = *o.build ? Build(o) : *o.pathCommand ? Path(o) : Render(o);
  } catch (const UsageError& e) {
    status = Fail(name, e.message, 2);
  } catch (const MeshFileError& e) {
    status = Fail(name, e.what(), 2);
  } catch (const OnePathException& e) {
    status = Fail(name, DescribeError(e), 1);
  }
  return true;
}

}  // namespace onepath::tools
