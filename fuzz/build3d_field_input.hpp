// The input of the region and contour fuzz targets (build3d_partition,
// build3d_trace): a tile's W x W compact heightfield and the region and
// contour settings, decoded from bytes (bytes past the end read as zero),
// and the checks both targets share. Nothing here uses src/'s region or
// contour code: the connections of a decoded field are computed here
// (b3d.span.connect), and only DeriveSettings, TileSpans and the level and
// field generators (conformance/generators) are called to make fields.
//
// Encoding (shared prefix):
//   mode byte m: m % 4 the field (0, 3: a pattern field decoded here;
//     1: a random heightfield input of conformance/generators/build3d_fields
//     through the span stages; 2: a generated level of size 16 through the
//     span stages); bit 2: one setting gets a bad value (the bad-setting
//     byte picks which); bit 3: the input is damaged (the damage byte
//     picks how); bits 4-5: connections removed (1: both ways, 2: one way,
//     0 and 3: none), each with chance (drop byte % 16) / 64; one way
//     only on fields of at most kOneWayMaxSpans spans (else both ways);
//   settings, one byte each: MinRegionArea kMinAreas[b % 8],
//     MergeRegionArea kMergeAreas[b % 8], ContourMaxError kErrors[b % 8],
//     MaxEdgeLength b % 32 cells; for pattern fields also TileSize 1 + b % 24
//     cells (cell 1 x 1), AgentRadius b % 4, AgentHeight 1 + b % 8,
//     AgentMaxClimb b % 6 (the walkable height and climb of the
//     connections); for the generators the preset b % 4 of
//     RegionLevelSettings();
//   the bad-setting byte (read only with m bit 2): b % 6 picks
//     MinRegionArea, MergeRegionArea, ContourMaxError, MaxEdgeLength,
//     Partition or AgentRadius; (b >> 3) % 4 the bad value;
//   the damage byte (read only with m bit 3): b % 3 the field's damage (an
//     area of 64, a connection past the neighbour column's spans, one
//     column too many in x); b / 3 is the target's own (see each target);
//   the drop byte and a seed byte (the connections removed);
//   the field:
//     pattern: px = 1 + b % 8, pz = 1 + b % 8, a shear b % 8, then px * pz
//       columns, each a span count b % 4 and per span a gap (b % 32: the
//       first span's y, else rows above the previous span's top), a
//       clearance (b % 40, 32 and above: 255, open) and an area
//       ({63, 63, 0, 5}[b % 4]); column (x, z) of the W x W field is
//       pattern column ((x + shear * z) % px) + px * (z % pz);
//     random heightfield: two seed bytes, a volume count b % 4 and the
//       tile (b % the tile count, build order);
//     level: the kind (b % 7, AllLevelKinds order), the seed 1 + b % 4 and
//       the tile (b % the tile count).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "conformance/generators/build3d_fields.hpp"
#include "conformance/generators/levels.hpp"
#include "fuzz/build3d_compact.hpp"
#include "fuzz/region_input.hpp"
#include "onepath/build3d.hpp"
#include "onepath/build3d/contours.hpp"
#include "onepath/build3d/regions.hpp"

namespace onepath::fuzz {

namespace b3d = onepath::build3d;

inline constexpr std::int64_t kMinAreas[8] = {0, 1, 2, 4, 8, 20, 64, 300};
inline constexpr std::int64_t kMergeAreas[8] = {0, 1, 5, 12, 20, 100, 400, 2000};
inline constexpr double kErrors[8] = {0, 0.5, 1, 1.3, 2, 3.7, 0.01, 1e6};

// The largest field (spans) whose connections are removed one way.
inline constexpr std::size_t kOneWayMaxSpans = 400;

enum class Damage { kNone, kArea, kConnection, kWidth };

struct FieldCase {
  b3d::NavSettings settings;
  b3d::DerivedSettings derived;  // of the good settings
  b3d::CompactHeightfield field;
  bool badSetting = false;
  Damage damage = Damage::kNone;
  int targetDamage = 0;  // the damage byte / 3
  bool made = false;     // false: the field could not be made (nothing to check)
};

inline std::vector<std::vector<b3d::CompactSpan>> DecodePattern(ByteReader& in, std::int64_t W) {
  int px = 1 + in.U8() % 8, pz = 1 + in.U8() % 8, shear = in.U8() % 8;
  static constexpr std::uint8_t kAreas[4] = {63, 63, 0, 5};
  std::vector<std::vector<b3d::CompactSpan>> pattern(static_cast<std::size_t>(px * pz));
  for (auto& column : pattern) {
    int count = in.U8() % 4;
    int top = 0;
    for (int i = 0; i < count; ++i) {
      b3d::CompactSpan s;
      int y = (i == 0 ? 0 : top + 1) + in.U8() % 32;
      int h = in.U8() % 40;
      s.area = kAreas[in.U8() % 4];
      if (y > 65535) break;
      s.y = static_cast<std::uint16_t>(y);
      s.h = static_cast<std::uint8_t>(h >= 32 ? 255 : h);
      if (!column.empty())
        column.back().h = static_cast<std::uint8_t>(std::min(255, y - 1 - int{column.back().y}));
      column.push_back(s);
      top = y + s.h;
    }
  }
  std::vector<std::vector<b3d::CompactSpan>> columns(static_cast<std::size_t>(W * W));
  for (std::int64_t z = 0; z < W; ++z)
    for (std::int64_t x = 0; x < W; ++x)
      columns[x + W * z] = pattern[(x + shear * z) % px + px * (z % pz)];
  return columns;
}

// Decodes a case; the settings are the bad ones when badSetting.
inline FieldCase DecodeField(ByteReader& in) {
  FieldCase c;
  int mode = in.U8();
  c.badSetting = (mode & 4) != 0;
  bool damaged = (mode & 8) != 0;
  int removal = (mode >> 4) % 4;
  b3d::NavSettings& s = c.settings;
  s.MinRegionArea = kMinAreas[in.U8() % 8];
  s.MergeRegionArea = kMergeAreas[in.U8() % 8];
  s.ContourMaxError = kErrors[in.U8() % 8];
  int edgeCells = in.U8() % 32;
  int tileCells = 1 + in.U8() % 24, radius = in.U8() % 4, height = 1 + in.U8() % 8,
      climb = in.U8() % 6;
  int preset = in.U8() % 4;
  int bad = c.badSetting ? in.U8() : 0;
  if (damaged) {
    int b = in.U8();
    c.damage = static_cast<Damage>(1 + b % 3);
    c.targetDamage = b / 3;
  }
  double drop = (in.U8() % 16) / 64.0;
  std::mt19937_64 random(in.U8());
  if (mode % 4 == 0 || mode % 4 == 3) {
    s.CellSize = 1;
    s.CellHeight = 1;
    s.TileSize = tileCells;
    s.AgentRadius = radius;
    s.AgentHeight = height;
    s.AgentMaxClimb = climb;
  } else {
    b3d::NavSettings p = onepath::gen::RegionLevelSettings()[static_cast<std::size_t>(preset)];
    p.MinRegionArea = s.MinRegionArea;
    p.MergeRegionArea = s.MergeRegionArea;
    p.ContourMaxError = s.ContourMaxError;
    s = p;
  }
  s.MaxEdgeLength = edgeCells * s.CellSize;
  c.derived = b3d::Mesh3DPipeline::DeriveSettings(s);
  const b3d::DerivedSettings& d = c.derived;
  const std::int64_t W = d.tileCells + 2 * d.border;
  if (mode % 4 == 0 || mode % 4 == 3) {
    auto columns = DecodePattern(in, W);
    Connect(columns, W, W, d.walkableHeight, d.walkableClimb);
    c.field = b3d::CompactHeightfield(W, W, columns);
  } else {
    b3d::Mesh3DTileSpans t;
    if (mode % 4 == 1) {
      std::mt19937_64 gen(in.U8() | (in.U8() << 8));
      const auto input = onepath::gen::RandomHeightfield(gen, d.tileCells);
      const auto volumes =
          onepath::gen::RandomVolumes(gen, 0, 3.0 * d.tileCells, 0, 200, in.U8() % 4);
      const auto tiles = b3d::BuildOrder(b3d::VoxelTiles(input.width, input.depth, d));
      if (tiles.empty()) return c;
      const auto& tile = tiles[in.U8() % tiles.size()];
      t = b3d::Mesh3DPipeline::TileSpans(input, volumes, s, tile.x, tile.z);
    } else {
      onepath::gen::LevelOptions options;
      options.kind = onepath::gen::AllLevelKinds()[in.U8() % 7];
      options.size = 16;
      options.seed = 1 + in.U8() % 4;
      const auto soup = onepath::gen::ToSoup(onepath::gen::MakeLevel(options).soup);
      const auto tiles = b3d::BuildOrder(b3d::SoupTiles(soup, s));
      if (tiles.empty()) return c;
      const auto& tile = tiles[in.U8() % tiles.size()];
      t = b3d::Mesh3DPipeline::TileSpans(soup, {}, s, tile.x, tile.z);
    }
    c.field = t.volumes;
  }
  // One-way removals make long region connection lists, on which the merge
  // of small regions (b3d.region.merge, as Recast's) takes seconds under
  // the sanitizers on a few thousand spans
  // (fuzz/regressions/build3d_partition/slow/): above kOneWayMaxSpans
  // spans they are made both ways.
  if (removal == 2 && c.field.spans().size() > kOneWayMaxSpans) removal = 1;
  if (drop > 0 && (removal == 1 || removal == 2))
    c.field = onepath::gen::WithoutSomeConnections(c.field, random, drop, removal == 2);
  // The damage: the first span's area, or its first connection pointing
  // past the neighbour column's spans, or a W + 1 x W grid.
  auto lists = b3d::ColumnLists(c.field);
  if (c.damage == Damage::kWidth) {
    std::vector<std::vector<b3d::CompactSpan>> wider;
    for (std::int64_t z = 0; z < W; ++z) {
      for (std::int64_t x = 0; x < W; ++x) wider.push_back(lists[x + W * z]);
      wider.emplace_back();
    }
    c.field = b3d::CompactHeightfield(W + 1, W, wider);
  } else if (c.damage != Damage::kNone) {
    bool done = false;
    for (std::int64_t col = 0; col < W * W && !done; ++col) {
      if (lists[col].empty()) continue;
      if (c.damage == Damage::kArea) {
        lists[col][0].area = 64;
        done = true;
        break;
      }
      // b3d.span.directions: 0 = -x, 1 = +z, 2 = +x, 3 = -z.
      const std::int64_t x = col % W, z = col / W;
      const int dx[4] = {-1, 0, 1, 0}, dz[4] = {0, 1, 0, -1};
      for (int dir = 0; dir < 4 && !done; ++dir) {
        std::int64_t nx = x + dx[dir], nz = z + dz[dir];
        std::size_t count = 0;
        if (nx >= 0 && nz >= 0 && nx < W && nz < W) count = lists[nx + W * nz].size();
        if (count >= 63) continue;
        lists[col][0].con[dir] = static_cast<std::uint8_t>(count);
        done = true;
      }
    }
    if (!done) c.damage = Damage::kNone;  // no span to damage
    c.field = b3d::CompactHeightfield(W, W, lists);
  }
  if (c.badSetting) {
    static const double kBad[4] = {std::numeric_limits<double>::quiet_NaN(), -1.0,
                                   std::numeric_limits<double>::infinity(), 0x1p40};
    double v = kBad[(bad >> 3) % 4];
    switch (bad % 6) {
      case 0:
        s.MinRegionArea = v > 0 ? std::int64_t{1} << 31 : -1;
        break;
      case 1:
        s.MergeRegionArea = v > 0 ? std::int64_t{1} << 40 : -1;
        break;
      case 2:
        s.ContourMaxError = v == 0x1p40 ? -0.5 : v;
        break;
      case 3:
        s.MaxEdgeLength = v;
        break;
      case 4:
        s.Partition = static_cast<b3d::Partition>(3 + (bad >> 3) % 4);
        break;
      default:
        s.AgentRadius = v == 0x1p40 ? 1e9 : v;
        break;
    }
  }
  c.made = true;
  return c;
}

// True when every connection has its reverse (b3d.span.connect's fields).
inline bool Symmetric(const b3d::CompactHeightfield& h) {
  const std::int64_t W = h.width(), D = h.depth();
  const int dx[4] = {-1, 0, 1, 0}, dz[4] = {0, 1, 0, -1};
  for (std::int64_t z = 0; z < D; ++z)
    for (std::int64_t x = 0; x < W; ++x) {
      auto column = h.Column(static_cast<std::size_t>(x + W * z));
      for (std::size_t i = 0; i < column.size(); ++i)
        for (int d = 0; d < 4; ++d) {
          if (column[i].con[d] == 63) continue;
          auto n = h.Column(static_cast<std::size_t>(x + dx[d] + W * (z + dz[d])));
          if (n[column[i].con[d]].con[(d + 2) % 4] != i) return false;
        }
    }
  return true;
}

// The span's column (x, z) is in the core [B, B + T)^2.
inline bool InCore(std::int64_t x, std::int64_t z, const b3d::DerivedSettings& d) {
  return x >= d.border && z >= d.border && x < d.border + d.tileCells && z < d.border + d.tileCells;
}

}  // namespace onepath::fuzz
