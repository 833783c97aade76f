// Inputs of the 3D region and contour differentials (build3d_fields.hpp).
#include "conformance/generators/build3d_fields.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <stdexcept>
#include <string>

namespace onepath::gen {

using build3d::CompactHeightfield;
using build3d::CompactSpan;
using build3d::ConvexVolume;
using build3d::NavSettings;

build3d::TriangleSoup ToSoup(const LevelSoup& level) { return {level.vertices, level.indices}; }

NavSettings GridSettings(double cellSize, double cellHeight, double tileSize, double originX,
                         double originZ) {
  NavSettings s;
  s.CellSize = cellSize;
  s.CellHeight = cellHeight;
  s.TileSize = tileSize;
  s.OriginX = originX;
  s.OriginZ = originZ;
  return s;
}

std::vector<NavSettings> RegionLevelSettings() {
  std::vector<NavSettings> presets = {NavSettings{}, GridSettings(0.2, 0.1, 4.8, -0.37, 0.61),
                                      GridSettings(0.5, 0.25, 8.0, 1.1, -2.3),
                                      GridSettings(0.25, 0.125, 6.0, 0, 0)};
  presets[1].MinRegionArea = 16;
  presets[1].MergeRegionArea = 100;
  presets[2].AgentRadius = 0.25;
  presets[2].MinRegionArea = 8;
  presets[2].MergeRegionArea = 20;
  presets[3].AgentRadius = 0.0;
  presets[3].MinRegionArea = 1;
  presets[3].MergeRegionArea = 0;
  return presets;
}

std::vector<MeshPreset> MeshPresets() {
  // b3d.presets: the table's values, nothing else changed from NavSettings{}.
  NavSettings fine;
  fine.CellSize = 0.15;
  fine.CellHeight = 0.1;
  fine.TileSize = 4.8;
  fine.MinRegionArea = 16;
  fine.MergeRegionArea = 100;
  fine.DetailSampleDistance = 0.9;
  fine.DetailMaxError = 0.1;
  NavSettings large;
  large.CellSize = 0.4;
  large.CellHeight = 0.2;
  large.TileSize = 12.8;
  large.AgentHeight = 3.0;
  large.AgentRadius = 1.2;
  large.AgentMaxClimb = 1.2;
  large.Partition = build3d::Partition::Layers;
  large.MinRegionArea = 36;
  large.MergeRegionArea = 225;
  large.MaxEdgeLength = 16.0;
  return {{"recast-demo", NavSettings{}}, {"fine", fine}, {"large-agent-layers", large}};
}

NavSettings MeshPresetSettings(const std::string& name) {
  for (const MeshPreset& p : MeshPresets())
    if (name == p.name) return p.settings;
  throw std::invalid_argument("no settings preset named " + name);
}

std::vector<ConvexVolume> RandomVolumes(std::mt19937_64& random, double lo, double hi, double ylo,
                                        double yhi, int count) {
  std::uniform_real_distribution<double> x(lo, hi), radius(0.05, 0.3);
  std::uniform_int_distribution<int> corners(3, 7), area(1, 62);
  std::vector<ConvexVolume> volumes;
  for (int v = 0; v < count; ++v) {
    ConvexVolume volume;
    const double cx = x(random), cz = x(random), r = radius(random) * (hi - lo);
    const int n = corners(random);
    for (int i = 0; i < n; ++i) {
      const double angle = 2 * std::numbers::pi * i / n;
      volume.points.push_back({static_cast<float>(cx + r * std::cos(angle)),
                               static_cast<float>(cz + r * std::sin(angle))});
    }
    volume.minY = static_cast<float>(ylo);
    volume.maxY = static_cast<float>(yhi);
    volume.area = area(random) % 3 == 0 ? 0 : area(random);
    volumes.push_back(volume);
  }
  return volumes;
}

build3d::HeightfieldInput RandomHeightfield(std::mt19937_64& random, int tileCells) {
  std::uniform_real_distribution<double> unit(0, 1);
  const auto below = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(random); };
  build3d::HeightfieldInput in;
  in.width = 1 + below(3 * tileCells);
  in.depth = 1 + below(3 * tileCells);
  in.rows = 200;
  in.originY = 0;
  const double phase = 6 * unit(random), wave = 0.05 + 0.5 * unit(random);
  const int floors = below(4);
  // Holes in the floors: large blobs where a wave exceeds 1 - 2 * holes,
  // and single columns now and then.
  const double holes = 0.25 * unit(random), holeWave = 0.1 + 0.4 * unit(random);
  for (std::int64_t k = 0; k < in.depth; ++k) {
    for (std::int64_t i = 0; i < in.width; ++i) {
      std::vector<build3d::Span> column;
      const double h = 30 + 10 * std::sin(i * wave + phase) * std::cos(k * wave);
      const int top = std::max(1, static_cast<int>(h));
      column.push_back({0, static_cast<std::uint16_t>(top), 63});
      for (int f = 1; f <= floors; ++f) {
        if (std::sin(i * holeWave + f) * std::cos(k * holeWave - f) > 1 - 2 * holes ||
            unit(random) < 0.01)
          continue;
        const int base = top + 40 * f + static_cast<int>(3 * std::sin(k * wave));
        column.push_back({static_cast<std::uint16_t>(base), static_cast<std::uint16_t>(base + 2),
                          static_cast<std::uint8_t>(below(8) == 0 ? 1 + below(3) : 63)});
      }
      in.columns.push_back(column);
    }
  }
  return in;
}

build3d::HeightfieldInput SpiralRamp(int side, int width, int positions, int base, int thickness,
                                     std::uint8_t area) {
  const int inner = side - 2 * width;  // the length of a side between two corner blocks
  const int period = 4 * (inner + 1);
  if (inner < 1 || thickness < 1 || base < thickness || positions < 1 ||
      base + positions + 2 > 65535)
    throw std::invalid_argument("SpiralRamp: bad dimensions");
  // The ring position of cell (x, z), or -1 off the ring: corner blocks 0,
  // inner + 1, 2 (inner + 1), 3 (inner + 1) counter-clockwise from (0, 0),
  // each side's cells in walking order between them.
  const auto position = [&](int x, int z) {
    const bool lowX = x < width, highX = x >= side - width;
    const bool lowZ = z < width, highZ = z >= side - width;
    if (lowX && lowZ) return 0;
    if (lowZ && !highX) return x - width + 1;  // along +x
    if (highX && lowZ) return inner + 1;
    if (highX && !highZ) return inner + 1 + (z - width + 1);  // along +z
    if (highX && highZ) return 2 * (inner + 1);
    if (highZ && !lowX) return 2 * (inner + 1) + (side - width - x);  // along -x
    if (lowX && highZ) return 3 * (inner + 1);
    if (lowX) return 3 * (inner + 1) + (side - width - z);  // along -z
    return -1;
  };
  build3d::HeightfieldInput in{side, side, base + positions + 2, 0.0, {}};
  for (int z = 0; z < side; ++z) {
    for (int x = 0; x < side; ++x) {
      std::vector<build3d::Span> column;
      const int s = position(x, z);
      for (int q = s; s >= 0 && q < positions; q += period)
        column.push_back({static_cast<std::uint16_t>(base + q - thickness),
                          static_cast<std::uint16_t>(base + q), area});
      in.columns.push_back(std::move(column));
    }
  }
  return in;
}

CompactHeightfield WithoutSomeConnections(const CompactHeightfield& h, std::mt19937_64& random,
                                          double p, bool oneWay) {
  std::uniform_real_distribution<double> unit(0, 1);
  auto lists = build3d::ColumnLists(h);
  const std::int64_t w = h.width();
  static constexpr int kDx[4] = {-1, 0, 1, 0}, kDz[4] = {0, 1, 0, -1};
  for (std::size_t c = 0; c < lists.size(); ++c) {
    for (std::size_t k = 0; k < lists[c].size(); ++k) {
      for (int dir = 0; dir < 4; ++dir) {
        const std::uint8_t con = lists[c][k].con[dir];
        if (con == 63 || unit(random) >= p) continue;
        lists[c][k].con[dir] = 63;
        if (oneWay) continue;
        const auto x = static_cast<std::int64_t>(c) % w + kDx[dir];
        const auto z = static_cast<std::int64_t>(c) / w + kDz[dir];
        CompactSpan& back = lists[static_cast<std::size_t>(x + w * z)][con];
        if (back.con[(dir + 2) % 4] == k) back.con[(dir + 2) % 4] = 63;
      }
    }
  }
  return CompactHeightfield(h.width(), h.depth(), lists);
}

}  // namespace onepath::gen
