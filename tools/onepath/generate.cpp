#include "tools/onepath/generate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>

#include "conformance/generators/noisy_tilemap.hpp"
#include "conformance/generators/pillar_rooms.hpp"
#include "conformance/runner/operations.hpp"
#include "onepath/geom2d/region.hpp"

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
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  o.tilemap->add_option("--height", o.height, "Cells up")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  o.tilemap->add_option("--cell-size", o.cellSize, "Cell size (public units)")
      ->check(CLI::PositiveNumber)
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
  return gen;
}

int RunGenerate(const GenerateOptions& o) {
  if (o.tilemap && *o.tilemap) return NoisyTileMap(o);
  if (o.rooms && *o.rooms) return PillarRooms(o);
  return 2;
}

}  // namespace onepath::tools
