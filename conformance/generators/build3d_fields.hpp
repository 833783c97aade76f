// Inputs of the 3D region and contour differentials and properties
// (docs/spec/build3d-regions.md): settings presets for the generated
// levels, random area volumes, random multi-floor heightfield inputs, and
// compact heightfields with connections removed (walls, or one-way
// connections no span stage makes). Seeded: the same generator gives the
// same inputs.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "conformance/generators/levels.hpp"
#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/input.hpp"
#include "onepath/build3d/settings.hpp"

namespace onepath::gen {

// A level's soup as the build's input.
build3d::TriangleSoup ToSoup(const LevelSoup& level);

// The default settings with another grid.
build3d::NavSettings GridSettings(double cellSize, double cellHeight, double tileSize,
                                  double originX, double originZ);

// The defaults (Recast's demo), a finer and a coarser grid off the level's
// lattice, and an agent of radius 0 (no erosion: regions reach the walls).
std::vector<build3d::NavSettings> RegionLevelSettings();

// The three named settings presets of the whole-mesh golden families
// (build3d/mesh-levels, build3d/mesh-layers-chunk; docs/spec/build3d-tiles.md,
// b3d.presets): "recast-demo" (the defaults, Recast's demo), "fine" (cells
// of 0.15 x 0.1, tiles of 4.8) and "large-agent-layers" (an agent of radius
// 1.2, height 3, climb 1.2 on cells of 0.4 x 0.2, tiles of 12.8, Partition
// = Layers). The values are the spec's table; a preset's name is its key in
// the vectors.
struct MeshPreset {
  const char* name;
  build3d::NavSettings settings;
};
std::vector<MeshPreset> MeshPresets();
// The preset of this name; throws std::invalid_argument for another name.
build3d::NavSettings MeshPresetSettings(const std::string& name);

// `count` random polygons with centres in [lo, hi]^2 and random areas
// (a third of them null), over the heights ylo .. yhi.
std::vector<build3d::ConvexVolume> RandomVolumes(std::mt19937_64& random, double lo, double hi,
                                                 double ylo, double yhi, int count);

// A random heightfield input over 1 .. 3 tiles of tileCells: a wavy ground
// and up to three floors above it with holes, walkable or of a few other
// areas.
build3d::HeightfieldInput RandomHeightfield(std::mt19937_64& random, int tileCells);

// A square spiral ramp (a helix on a square ring) as a heightfield input:
// the ring of `side` x `side` cells minus its inner (side - 2 width)^2
// square, walked counter-clockwise as positions 0, 1, ..., P - 1 (P = 4
// (side - 2 width + 1)): the width x width corner block at x, z < width is
// position 0, the cells of the side that follows (z < width) positions 1 ..
// side - 2 width by x, then the next corner block, and so on round the
// ring. Position q = s + n P (turn n) is a floor whose top is row base +
// q, `thickness` rows thick, for q = 0 ... positions - 1: each step along
// the ring climbs one row, a corner block is level, the cells across the
// ring at one position are level, and a column holds one floor per turn
// that passes it (P rows apart). Integer arithmetic only. Preconditions:
// 2 width < side, thickness >= 1, base >= thickness, every value fits
// 16 bits.
build3d::HeightfieldInput SpiralRamp(int side, int width, int positions, int base, int thickness,
                                     std::uint8_t area);

// The field with some connections removed at random, each with chance p:
// both directions of a connection (walls where the span stages made none)
// or, when `oneWay`, only one (asymmetric connections, a field no span
// stage makes but the region and contour stages define).
build3d::CompactHeightfield WithoutSomeConnections(const build3d::CompactHeightfield& h,
                                                   std::mt19937_64& random, double p, bool oneWay);

}  // namespace onepath::gen
