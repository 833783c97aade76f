#include "tools/onepath/generate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "conformance/generators/levels.hpp"
#include "conformance/generators/noisy_tilemap.hpp"
#include "conformance/generators/pillar_rooms.hpp"
#include "conformance/runner/operations.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/geom2d/region.hpp"
#include "tools/obj/obj_writer.hpp"
#include "tools/onepath/cli_checks.hpp"
#include "tools/onepath/png.hpp"

namespace onepath::tools {

namespace {

using nlohmann::json;
using Rings = std::vector<std::vector<Vector2D>>;

json TileMapLine(const gen::TileMap& map, const GenerateOptions& o) {
  std::string cells;
  cells.reserve(map.cells.size());
  for (std::uint8_t c : map.cells) cells.push_back(c ? '1' : '0');
  json input = {{"cells", cells},
                {"width", map.width},
                {"height", map.height},
                {"cellSize", conformance::DoubleToJson(map.cellSize)},
                {"origin", conformance::PointToJson({map.originX, map.originY})},
                {"options", {{"SnapBits", o.snapBits}}}};
  return {
      {"name", fmt::format("noisy_tilemap/seed{}_{}x{}", o.seed, o.width, o.height)},
      {"op", "Region.FromTileMap"},
      {"input", std::move(input)},
      {"provenance", fmt::format("conformance/generators/noisy_tilemap seed={} width={} height={} "
                                 "cellSize={}",
                                 o.seed, o.width, o.height, o.cellSize)}};
}

json RoomLine(const gen::PillarRoom& room, const GenerateOptions& o) {
  json radii = json::array();
  for (double r : room.radii) radii.push_back(conformance::DoubleToJson(r));
  return {{"name", "pillar_rooms/" + room.name},
          {"op", "Region.FromOutlines"},
          {"input",
           {{"outlines", conformance::OutlinesToJson(room.outlines)},
            {"options", {{"SnapBits", o.snapBits}}}}},
          {"radii", std::move(radii)},
          {"exercises", room.exercises},
          {"provenance", fmt::format("conformance/generators/pillar_rooms seed={}", o.seed)}};
}

// An SVG picture: each shape's rings as one even-odd path (solid grey,
// boundary black), shapes stacked top to bottom with their names, y up.
struct Picture {
  struct Shape {
    std::string name;
    Rings rings;
  };
  std::vector<Shape> shapes;
  double pixelsPerUnit = 20;

  std::string Svg() const {
    const double margin = 10, label = 18, gap = 16;
    struct Box {
      double x0, y0, x1, y1;
    };
    std::vector<Box> boxes;
    double width = 0, height = margin;
    for (const Shape& s : shapes) {
      Box b{std::numeric_limits<double>::max(), std::numeric_limits<double>::max(),
            std::numeric_limits<double>::lowest(), std::numeric_limits<double>::lowest()};
      for (const auto& ring : s.rings)
        for (Vector2D p : ring)
          b = {std::min(b.x0, p.x), std::min(b.y0, p.y), std::max(b.x1, p.x), std::max(b.y1, p.y)};
      if (b.x0 > b.x1) b = {0, 0, 0, 0};
      boxes.push_back(b);
      width = std::max(width, (b.x1 - b.x0) * pixelsPerUnit);
      height += label + (b.y1 - b.y0) * pixelsPerUnit + gap;
    }
    std::string svg = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\">\n"
        "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
        width + 2 * margin, height + margin);
    double top = margin;
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      const Box& b = boxes[i];
      svg += fmt::format(
          "<text x=\"{:.1f}\" y=\"{:.1f}\" font-family=\"sans-serif\" font-size=\"14\">{}</text>\n",
          margin, top + 14, shapes[i].name);
      top += label;
      std::string d;
      for (const auto& ring : shapes[i].rings) {
        for (std::size_t k = 0; k < ring.size(); ++k)
          d += fmt::format("{}{:.2f} {:.2f} ", k == 0 ? "M" : "L",
                           margin + (ring[k].x - b.x0) * pixelsPerUnit,
                           top + (b.y1 - ring[k].y) * pixelsPerUnit);
        d += "Z ";
      }
      svg += fmt::format(
          "<path d=\"{}\" fill=\"#c8c8c8\" fill-rule=\"evenodd\" stroke=\"black\" "
          "stroke-width=\"{:.2f}\"/>\n",
          d, std::min(1.0, pixelsPerUnit / 20));
      top += (b.y1 - b.y0) * pixelsPerUnit + gap;
    }
    return svg + "</svg>\n";
  }
};

void WriteText(const std::string& path, const std::string& text) {
  if (path.empty() || path == "-") {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return;
  }
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path);
}

int NoisyTileMap(const GenerateOptions& o) {
  const gen::TileMap map = gen::MakeNoisyTileMap(o.seed, o.width, o.height, o.cellSize);
  WriteText(o.out, TileMapLine(map, o).dump() + "\n");
  if (!o.svg.empty()) {
    // The region's rings (merged cell sides), one pixel per cell.
    geom2d::Geometry2DOptions options;
    options.SnapBits = o.snapBits;
    const geom2d::Region region = geom2d::Region::FromTileMap(
        map.cells, map.width, map.height, map.cellSize, {map.originX, map.originY}, options);
    Picture picture;
    picture.pixelsPerUnit = 1 / o.cellSize;
    picture.shapes.push_back({fmt::format("noisy tile map, seed {}, {} x {} cells of {}", o.seed,
                                          o.width, o.height, o.cellSize),
                              region.RingsAsVectors()});
    WriteText(o.svg, picture.Svg());
  }
  return 0;
}

int PillarRooms(const GenerateOptions& o) {
  const std::vector<gen::PillarRoom> all = gen::MakePillarRooms(o.seed);
  std::set<std::string> known;
  for (const gen::PillarRoom& r : all) known.insert(r.name);
  for (const std::string& n : o.names) {
    if (!known.count(n)) {
      std::fprintf(stderr, "onepath generate pillar-rooms: unknown room '%s' (--list names them)\n",
                   n.c_str());
      return 2;
    }
  }
  std::vector<const gen::PillarRoom*> chosen;
  for (const gen::PillarRoom& r : all)
    if (o.names.empty() || std::find(o.names.begin(), o.names.end(), r.name) != o.names.end())
      chosen.push_back(&r);
  if (o.list) {
    for (const gen::PillarRoom* r : chosen)
      std::printf("%-22s %s\n", r->name.c_str(), r->exercises.c_str());
    return 0;
  }
  std::string text;
  Picture picture;
  for (const gen::PillarRoom* r : chosen) {
    text += RoomLine(*r, o).dump() + "\n";
    picture.shapes.push_back({r->name, r->outlines[0].rings});
  }
  WriteText(o.out, text);
  if (!o.svg.empty()) WriteText(o.svg, picture.Svg());
  return 0;
}

// A level seen from above (x to the right, z down, so a floor's corners run
// counter-clockwise as in b3d.soup): the highest surface at each pixel, its
// height as grey (dark low, light high), reddish where that surface is
// steeper than 45 degrees, light blue where there is nothing; 512 x 512
// pixels as an embedded PNG, so the file stays small.
std::string LevelSvg(const gen::Level& level, int size, const std::string& title) {
  constexpr int kPixels = 512;
  const double perPixel = static_cast<double>(size) / kPixels;
  const gen::LevelSoup& soup = level.soup;
  std::vector<float> top(static_cast<std::size_t>(kPixels) * kPixels,
                         -std::numeric_limits<float>::infinity());
  std::vector<std::uint8_t> steep(top.size(), 0);
  float yMin = std::numeric_limits<float>::infinity(), yMax = -yMin;
  for (std::size_t t = 0; t < soup.TriangleCount(); ++t) {
    double p[3][3];
    for (int k = 0; k < 3; ++k)
      for (int c = 0; c < 3; ++c)
        p[k][c] = soup.vertices[3 * static_cast<std::size_t>(soup.indices[3 * t + k]) + c];
    const double e0[3] = {p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]};
    const double e1[3] = {p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]};
    const double n[3] = {e0[1] * e1[2] - e0[2] * e1[1], e0[2] * e1[0] - e0[0] * e1[2],
                         e0[0] * e1[1] - e0[1] * e1[0]};
    if (n[1] == 0) continue;  // vertical: nothing to see from above
    const bool isSteep = n[1] * n[1] < n[0] * n[0] + n[2] * n[2];
    // Pixel (i, j) has its centre at x = (i + 0.5) perPixel, z likewise.
    const double xs[3] = {p[0][0], p[1][0], p[2][0]}, zs[3] = {p[0][2], p[1][2], p[2][2]};
    const int i0 =
        std::max(0, static_cast<int>(std::floor(*std::min_element(xs, xs + 3) / perPixel)));
    const int i1 =
        std::min(kPixels - 1, static_cast<int>(*std::max_element(xs, xs + 3) / perPixel));
    const int j0 =
        std::max(0, static_cast<int>(std::floor(*std::min_element(zs, zs + 3) / perPixel)));
    const int j1 =
        std::min(kPixels - 1, static_cast<int>(*std::max_element(zs, zs + 3) / perPixel));
    // Barycentric coordinates in xz; the plane gives y.
    const double det = e0[0] * e1[2] - e0[2] * e1[0];
    for (int j = j0; j <= j1; ++j) {
      for (int i = i0; i <= i1; ++i) {
        const double x = (i + 0.5) * perPixel - p[0][0], z = (j + 0.5) * perPixel - p[0][2];
        const double a = (x * e1[2] - z * e1[0]) / det, b = (e0[0] * z - e0[2] * x) / det;
        if (a < 0 || b < 0 || a + b > 1) continue;
        const auto y = static_cast<float>(p[0][1] + a * e0[1] + b * e1[1]);
        const std::size_t at = static_cast<std::size_t>(j) * kPixels + i;
        if (y > top[at]) top[at] = y, steep[at] = isSteep;
      }
    }
  }
  for (float y : top)
    if (std::isfinite(y)) yMin = std::min(yMin, y), yMax = std::max(yMax, y);
  const double range = yMax > yMin ? yMax - yMin : 1;
  // 0xRRGGBB of a pixel.
  auto colour = [&](std::size_t at) -> std::uint32_t {
    if (!std::isfinite(top[at])) return 0xd8ecff;
    const auto g = static_cast<std::uint32_t>(40 + std::lround(200 * (top[at] - yMin) / range));
    if (steep[at]) return (std::min(255u, g + 15) << 16) | (g * 3 / 5) << 8 | (g * 3 / 5);
    return g << 16 | g << 8 | g;
  };
  std::vector<std::uint8_t> rgb;
  rgb.reserve(top.size() * 3);
  for (std::size_t at = 0; at < top.size(); ++at) {
    const std::uint32_t c = colour(at);
    rgb.insert(rgb.end(), {static_cast<std::uint8_t>(c >> 16), static_cast<std::uint8_t>(c >> 8),
                           static_cast<std::uint8_t>(c)});
  }
  const int margin = 10, caption = 52;
  fmt::memory_buffer svg;
  auto it = std::back_inserter(svg);
  fmt::format_to(it,
                 "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\">\n"
                 "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
                 kPixels + 2 * margin, kPixels + 2 * margin + caption);
  fmt::format_to(
      it,
      "<g font-family=\"sans-serif\" font-size=\"11\"><text x=\"{0}\" y=\"{1}\" "
      "font-size=\"13\">{2}</text>\n<text x=\"{0}\" y=\"{3}\">seen from above (x "
      "right, z down); grey: the highest surface, {4:.4g} dark to {5:.4g} light;</text>\n"
      "<text x=\"{0}\" y=\"{6}\">red: steeper than 45 degrees; blue: "
      "nothing</text></g>\n",
      margin, margin + 13, title, margin + 29, yMin, yMax, margin + 43);
  fmt::format_to(it,
                 "<image x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" "
                 "style=\"image-rendering:pixelated\" href=\"{}\"/>\n",
                 margin, margin + caption, kPixels, kPixels, PngDataUri(kPixels, kPixels, rgb));
  fmt::format_to(it, "</svg>\n");
  return fmt::to_string(svg);
}

int Level(const GenerateOptions& o) {
  if (o.list) {
    for (gen::LevelKind k : gen::AllLevelKinds())
      std::printf("%-11s %s\n", gen::LevelKindName(k), gen::LevelKindDescription(k));
    for (gen::LevelKind k : gen::LimitLevelKinds())
      std::printf("%-11s %s\n", gen::LevelKindName(k), gen::LevelKindDescription(k));
    return 0;
  }
  std::string names;
  for (gen::LevelKind k : gen::AllLevelKinds()) names += std::string(" ") + gen::LevelKindName(k);
  for (gen::LevelKind k : gen::LimitLevelKinds()) names += std::string(" ") + gen::LevelKindName(k);
  if (o.kind.empty()) {
    std::fprintf(stderr, "onepath generate level: --kind is required (one of:%s)\n", names.c_str());
    return 2;
  }
  const std::optional<gen::LevelKind> kind = gen::LevelKindFromName(o.kind);
  if (!kind) {
    std::fprintf(stderr, "onepath generate level: unknown kind '%s' (one of:%s; --list)\n",
                 o.kind.c_str(), names.c_str());
    return 2;
  }
  gen::Level level;
  try {
    level = gen::MakeLevel({*kind, o.size, o.seed, o.subdivide});
  } catch (const ArgumentException& e) {
    std::fprintf(stderr, "onepath generate level: %s\n", DescribeError(e).c_str());
    return 2;
  }
  const std::string command =
      fmt::format("onepath generate level --kind {} --size {} --seed {} --subdivide {}", o.kind,
                  o.size, o.seed, o.subdivide);
  const std::vector<std::string> comments = {
      command, "recipe: conformance/generators/levels.hpp (docs/generators.md)",
      fmt::format("{} vertices, {} triangles, soup SHA-256 {}", level.soup.VertexCount(),
                  level.soup.TriangleCount(), gen::LevelSoupSha256(level.soup))};
  std::vector<ObjGroup> groups;
  for (const gen::LevelPart& p : level.parts) {
    if (p.triangleCount == 0) continue;
    if (groups.empty() || groups.back().name != gen::PartKindName(p.kind))
      groups.push_back({p.firstTriangle, gen::PartKindName(p.kind)});
  }
  WriteText(o.out, WriteObj(level.soup, comments, groups));
  if (!o.svg.empty())
    WriteText(o.svg, LevelSvg(level, o.size,
                              fmt::format("{} level, size {}, seed {}: {} triangles", o.kind,
                                          o.size, o.seed, level.soup.TriangleCount())));
  return 0;
}

void AddCommonOptions(CLI::App* cmd, GenerateOptions& o) {
  cmd->add_option("--snap-bits", o.snapBits, "The input's options.SnapBits")
      ->check(CLI::Range(0, 16))
      ->capture_default_str();
  cmd->add_option("--out", o.out, "Write the JSON Lines here (default: standard output)")
      ->type_name("FILE");
  cmd->add_option("--svg", o.svg, "Also draw the shapes into this SVG file")->type_name("FILE");
}

}  // namespace

CLI::App* AddGenerateCommand(CLI::App& app, GenerateOptions& o) {
  CLI::App* gen = app.add_subcommand(
      "generate",
      "Write a seeded generator's shapes as golden-vector inputs, one JSON object per line "
      "(docs/generators.md)");
  gen->require_subcommand(1);

  o.tilemap = gen->add_subcommand(
      "noisy-tilemap",
      "The noisy tile map (conformance/generators/noisy_tilemap.hpp) as a Region.FromTileMap "
      "input; the SVG shows its region, one pixel per cell");
  o.tilemap->add_option("--seed", o.seed, "Seed")->capture_default_str();
  o.tilemap->add_option("--width", o.width, "Cells across")
      ->check(PositiveCount())
      ->capture_default_str();
  o.tilemap->add_option("--height", o.height, "Cells up")
      ->check(PositiveCount())
      ->capture_default_str();
  o.tilemap->add_option("--cell-size", o.cellSize, "Cell size (public units)")
      ->check(PositiveNumber("units"))
      ->capture_default_str();
  AddCommonOptions(o.tilemap, o);

  o.rooms = gen->add_subcommand(
      "pillar-rooms",
      "The pillar rooms (conformance/generators/pillar_rooms.hpp) as Region.FromOutlines "
      "inputs, with suggested agent radii; the SVG shows the rooms, 20 pixels per unit");
  o.rooms->add_option("--name", o.names, "Only these rooms (repeatable)")->type_name("NAME");
  o.rooms->add_option("--seed", o.seed, "Seed of scattered_pillars")->capture_default_str();
  o.rooms->add_flag("--list", o.list, "Print the rooms' names and what each exercises");
  AddCommonOptions(o.rooms, o);

  o.level = gen->add_subcommand(
      "level",
      "A seeded 3D level (conformance/generators/levels.hpp, docs/generators.md) as Wavefront "
      "OBJ; the SVG shows it from above, height as grey. Exit status 2 on a usage error");
  o.level->add_option("--kind", o.kind, "The kind of level (--list names them)")->type_name("KIND");
  o.level->add_option("--size", o.size, "Extent in x and z, world units (16..65536)")
      ->capture_default_str();
  o.level->add_option("--seed", o.seed, "Seed")->capture_default_str();
  o.level
      ->add_option("--subdivide", o.subdivide,
                   "Split every triangle into K^2 (K a power of two up to 64, size * K <= "
                   "65536): more triangles, the same surfaces")
      ->capture_default_str();
  o.level->add_flag("--list", o.list, "Print the kinds with what each holds");
  o.level->add_option("--out", o.out, "Write the OBJ here (default: standard output)")
      ->type_name("FILE");
  o.level->add_option("--svg", o.svg, "Also draw the level from above into this SVG file")
      ->type_name("FILE");
  return gen;
}

int RunGenerate(const GenerateOptions& o) {
  if (o.tilemap && *o.tilemap) return NoisyTileMap(o);
  if (o.rooms && *o.rooms) return PillarRooms(o);
  if (o.level && *o.level) return Level(o);
  return 2;
}

}  // namespace onepath::tools
