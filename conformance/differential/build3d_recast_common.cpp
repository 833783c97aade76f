// What the three Recast differentials of the 3D build share
// (build3d_recast_common.hpp).
#include "conformance/differential/build3d_recast_common.hpp"

#include "conformance/generators/build3d_fields.hpp"
#include "onepath/build3d/pipeline.hpp"
#include "onepath/build3d/tile_grid.hpp"

namespace b3d_recast {

namespace ro = recast_oracle;
using onepath::build3d::CompactHeightfield;
using onepath::build3d::CompactSpan;
using onepath::build3d::Mesh3DPipeline;
using onepath::build3d::NavSettings;

ro::CompactHeightfield ToOracle(const CompactHeightfield& h) {
  ro::CompactHeightfield out{static_cast<int>(h.width()), static_cast<int>(h.depth()), {}};
  out.columns.resize(h.columnCount());
  for (std::size_t c = 0; c < h.columnCount(); ++c)
    for (const CompactSpan& s : h.Column(c)) out.columns[c].push_back({s.y, s.h, s.con, s.area});
  return out;
}

std::string ColumnSpan(std::size_t column, std::size_t span, std::int64_t width) {
  const auto w = static_cast<std::size_t>(width);
  return "column (" + std::to_string(column % w) + ", " + std::to_string(column / w) + ") span " +
         std::to_string(span);
}

onepath::build3d::TriangleSoup LevelSoup(onepath::gen::LevelKind kind, int size) {
  onepath::gen::LevelOptions options;
  options.kind = kind;
  options.size = size;
  return onepath::gen::ToSoup(onepath::gen::MakeLevel(options).soup);
}

void ForEachLevel(std::uint64_t seeds, const LevelFunction& f) {
  std::size_t index = 0;
  for (const onepath::gen::LevelKind kind : onepath::gen::AllLevelKinds()) {
    for (const int size : {16, 32, 48, 64}) {
      for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
        onepath::gen::LevelOptions options;
        options.kind = kind;
        options.size = size;
        options.seed = seed;
        f(std::string(onepath::gen::LevelKindName(kind)) + " size " + std::to_string(size) +
              " seed " + std::to_string(seed),
          options, index++);
      }
    }
  }
}

void ForEachLevelTile(std::mt19937_64& random, const TileFunction& f) {
  const std::vector<NavSettings> presets = onepath::gen::RegionLevelSettings();
  ForEachLevel(3, [&](const std::string& label, const onepath::gen::LevelOptions& options,
                      std::size_t index) {
    const auto soup = onepath::gen::ToSoup(onepath::gen::MakeLevel(options).soup);
    const NavSettings& settings = presets[index % presets.size()];
    const auto volumes = onepath::gen::RandomVolumes(random, 0, options.size, -0.5, 6, 3);
    const auto range = onepath::build3d::SoupTiles(soup, settings);
    for (const auto& tile : onepath::build3d::BuildOrder(range)) {
      const auto spans = Mesh3DPipeline::TileSpans(soup, volumes, settings, tile.x, tile.z);
      f(label + ", tile (" + std::to_string(tile.x) + ", " + std::to_string(tile.z) + ")",
        spans.volumes, settings);
    }
  });
}

NavSettings RandomFieldSettings(std::mt19937_64& random) {
  NavSettings settings;
  settings.CellSize = 1;
  settings.CellHeight = 1;
  settings.TileSize = std::uniform_int_distribution<int>(4, 40)(random);
  settings.AgentHeight = std::uniform_int_distribution<int>(2, 30)(random);
  settings.AgentMaxClimb = std::uniform_int_distribution<int>(0, 6)(random);
  settings.AgentRadius = std::uniform_int_distribution<int>(0, 3)(random);
  settings.MinRegionArea = std::uniform_int_distribution<int>(0, 100)(random);
  settings.MergeRegionArea = std::uniform_int_distribution<int>(0, 500)(random);
  return settings;
}

void ForEachFieldTile(std::mt19937_64& random, const NavSettings& settings, int index,
                      std::size_t oneWayMaxSpans, double oneWayDivisor, const FieldFunction& f) {
  std::uniform_real_distribution<double> unit(0, 1);
  const auto d = Mesh3DPipeline::DeriveSettings(settings);
  const auto input = onepath::gen::RandomHeightfield(random, d.tileCells);
  const auto volumes = onepath::gen::RandomVolumes(
      random, 0, 3.0 * d.tileCells, 0, 200, std::uniform_int_distribution<int>(0, 6)(random));
  const double drop = index % 4 == 3 ? 0.01 + 0.05 * unit(random) : 0;
  const auto range = onepath::build3d::VoxelTiles(input.width, input.depth, d);
  for (const auto& tile : onepath::build3d::BuildOrder(range)) {
    const auto spans = Mesh3DPipeline::TileSpans(input, volumes, settings, tile.x, tile.z);
    const std::string label = "random field " + std::to_string(index) + ", tile (" +
                              std::to_string(tile.x) + ", " + std::to_string(tile.z) + ")";
    if (drop == 0) {
      f(label, spans.volumes, Connections::kAll);
    } else if (spans.volumes.spans().size() <= oneWayMaxSpans && index % 8 == 7) {
      f(label + " (one-way connections removed)",
        onepath::gen::WithoutSomeConnections(spans.volumes, random, drop / oneWayDivisor, true),
        Connections::kOneWayRemoved);
    } else {
      f(label + " (connections removed)",
        onepath::gen::WithoutSomeConnections(spans.volumes, random, drop, false),
        Connections::kRemoved);
    }
  }
}

void MismatchLog::Keep(const std::string& mismatch) {
  ++mismatches;
  if (firstMismatches.size() < 10) firstMismatches.push_back(mismatch);
}

void MismatchLog::AddLog(const MismatchLog& t) {
  mismatches += t.mismatches;
  for (const std::string& m : t.firstMismatches)
    if (firstMismatches.size() < 10) firstMismatches.push_back(m);
}

void MismatchLog::PrintLog() const {
  for (const std::string& m : firstMismatches) std::printf("  %s\n", m.c_str());
}

int& SourcesRun() {
  static int count = 0;
  return count;
}

}  // namespace b3d_recast
