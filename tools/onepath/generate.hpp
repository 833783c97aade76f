// `onepath generate`: the seeded generators' output as golden-vector inputs
// (docs/generators.md, docs/golden-format.md), with an optional SVG picture.
//
//   onepath generate noisy-tilemap [--seed S] [--width W] [--height H]
//                                  [--cell-size C] [--snap-bits B]
//                                  [--out FILE] [--svg FILE]
//   onepath generate pillar-rooms  [--name N]... [--seed S] [--snap-bits B]
//                                  [--list] [--out FILE] [--svg FILE]
//   onepath generate level --kind K [--size 256] [--seed S] [--subdivide 1]
//                                  [--out FILE.obj] [--svg FILE] | --list
//
// `level` writes a 3D level (conformance/generators/levels.hpp) as OBJ text
// (tools/obj/obj_writer.hpp) and draws it from above, height as grey.
// Output: JSON Lines, one object per shape: {"name", "op", "input",
// "provenance"} and, for pillar rooms, "radii" and "exercises". "input" is
// exactly a vector's input for "op" (Region.FromTileMap or
// Region.FromOutlines), so it can be pasted into a golden file or sent to an
// adapter.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace onepath::tools {

struct GenerateOptions {
  std::string out;  // empty: standard output
  std::string svg;  // empty: no picture
  int snapBits = 16;
  // noisy-tilemap
  std::uint64_t seed = 1;
  int width = 1024;
  int height = 1024;
  double cellSize = 0.25;
  // pillar-rooms
  std::vector<std::string> names;  // empty: all rooms
  bool list = false;

  // level
  std::string kind;
  int size = 256;
  int subdivide = 1;

  CLI::App* tilemap = nullptr;
  CLI::App* rooms = nullptr;
  CLI::App* level = nullptr;
};

// Adds `generate` and its subcommands to `app`; returns `generate`.
CLI::App* AddGenerateCommand(CLI::App& app, GenerateOptions& options);

// Runs the subcommand that was parsed. Returns the exit status (0, or 2 for
// a usage error such as an unknown room name or level kind).
int RunGenerate(const GenerateOptions& options);

}  // namespace onepath::tools
