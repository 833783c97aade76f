// The region stages on hand-computed fields (docs/spec/build3d-regions.md)
// and the checks of b3d.region.stage-input.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "conformance/generators/build3d_fields.hpp"
#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/error_fields.hpp"
#include "onepath/build3d.hpp"

using namespace onepath;
using namespace onepath::build3d;
using onepath::b3dtest::ExpectFields;
using onepath::checks::ArgumentFields;
using onepath::checks::OutOfRangeFields;

namespace {

// An n x n field of one walkable span per column, every neighbour inside
// the grid connected (index 0).
CompactHeightfield Flat(std::int64_t n) {
  std::vector<std::vector<CompactSpan>> columns;
  for (std::int64_t z = 0; z < n; ++z) {
    for (std::int64_t x = 0; x < n; ++x) {
      CompactSpan s;
      s.y = 1;
      s.h = 20;
      s.area = 63;
      const std::int64_t dx[4] = {-1, 0, 1, 0}, dz[4] = {0, 1, 0, -1};
      for (int d = 0; d < 4; ++d) {
        const std::int64_t nx = x + dx[d], nz = z + dz[d];
        s.con[d] = nx < 0 || nz < 0 || nx >= n || nz >= n ? 63 : 0;
      }
      columns.push_back({s});
    }
  }
  return CompactHeightfield(n, n, columns);
}

}  // namespace

TEST(Build3DRegions, FlatFourByFour) {
  CLAUSE("b3d.region.distance b3d.region.blur b3d.region.watershed b3d.region.renumber");
  CLAUSE("b3d.region.remove-small b3d.region.monotone b3d.region.layers b3d.region.values");
  CLAUSE("b3d.region.stages b3d.region.terms");
  const CompactHeightfield h = Flat(4);
  NavSettings s = b3dtest::UnitSettings(2, 1, 0);
  // The twelve edge spans lack a connection: distance 0. The inner four
  // get 0 + 2 from their direction-0 (or direction-3) neighbour on the
  // edge in the forward pass; the backward pass finds nothing lower. The
  // blur keeps values <= 2. maxDistance 2.
  const DistanceField df = RegionPipeline::BuildDistanceField(h, s);
  const std::vector<std::uint16_t> dist = {0, 0, 0, 0, 0, 2, 2, 0, 0, 2, 2, 0, 0, 0, 0, 0};
  EXPECT_EQ(df.distances, dist);
  EXPECT_EQ(df.maxDistance, 2);
  // Watershed: level (2 + 1) & ~1 = 2, one round at level 0; every span
  // goes to stack 0, the first (column (0, 0)) floods all 16 as region 1;
  // next = 2. Filter(2): record 2 owns nothing and gets the last final id.
  s.MinRegionArea = 0;
  s.MergeRegionArea = 0;
  const TileRegions one{std::vector<std::uint16_t>(16, 1), 2};
  EXPECT_EQ(RegionPipeline::Watershed(h, df, s), one);
  // The sweep: row 0 is one run (id 1); every later row continues it.
  EXPECT_EQ(RegionPipeline::Monotone(h, s), one);
  EXPECT_EQ(RegionPipeline::Layers(h, s), one);
  // MinRegionArea 64 (the default): the 16 spans are removed; record 2
  // alone is renumbered, as 1.
  s.MinRegionArea = 64;
  const TileRegions none{std::vector<std::uint16_t>(16, 0), 1};
  EXPECT_EQ(RegionPipeline::Watershed(h, df, s), none);
  EXPECT_EQ(RegionPipeline::Monotone(h, s), none);
  EXPECT_EQ(RegionPipeline::Layers(h, s), none);
  EXPECT_EQ(RegionPipeline::Partition(h, s), none);
}

namespace {

// The spans of one column that share a non-zero id, counted over the
// field: spans are numbered column by column, bottom up (ColumnLists).
int SharedColumnPairs(const CompactHeightfield& h, const TileRegions& r) {
  int pairs = 0;
  std::size_t first = 0;
  for (const std::vector<CompactSpan>& column : ColumnLists(h)) {
    for (std::size_t i = 0; i < column.size(); ++i)
      for (std::size_t j = i + 1; j < column.size(); ++j)
        pairs += r.regions[first + i] != 0 && r.regions[first + i] == r.regions[first + j];
    first += column.size();
  }
  return pairs;
}

}  // namespace

TEST(Build3DRegions, SpiralRampOverlapsInWatershedOnly) {
  CLAUSE("b3d.region.overlap b3d.region.watershed b3d.region.monotone b3d.region.layers");
  // The first spiral ramp of build3d/regions: a ring of 16 x 16 cells, 6
  // wide, inner side 16 - 12 = 4, so P = 4 (4 + 1) = 20 positions a turn;
  // 32 positions (1.6 turns) of floors 2 rows thick, tops at 3 + q.
  const HeightfieldInput in = gen::SpiralRamp(16, 6, 32, 3, 2, 63);
  ASSERT_EQ(in.columns.size(), 256u);
  // Column (0, 0): corner block 0, q = 0 and 20: tops 3 and 23.
  EXPECT_EQ(in.columns[0], (std::vector<Span>{{1, 3, 63}, {21, 23, 63}}));
  // Column (6, 0): the first cell of the side along +x, q = 1 and 21.
  EXPECT_EQ(in.columns[6], (std::vector<Span>{{2, 4, 63}, {22, 24, 63}}));
  // Column (15, 15): corner block 2 at q = 10 and 30: tops 13 and 33.
  EXPECT_EQ(in.columns[15 + 16 * 15], (std::vector<Span>{{11, 13, 63}, {31, 33, 63}}));
  // Column (5, 15): corner block 3 at q = 15 (35 is past the end): top 18.
  EXPECT_EQ(in.columns[5 + 16 * 15], (std::vector<Span>{{16, 18, 63}}));
  // Column (8, 8): the hole.
  EXPECT_TRUE(in.columns[8 + 16 * 8].empty());
  // One row per step with a climb of 2 rows: the ledge filter keeps the
  // slope (neighbours 1 row below and above, a spread of 2 <= 2).
  NavSettings s = b3dtest::UnitSettings(3, 2, 0, 16);
  s.MinRegionArea = 2;
  s.MergeRegionArea = 10;
  const CompactHeightfield h = Mesh3DPipeline::TileSpans(in, {}, s, 0, 0).volumes;
  const TileRegions w = RegionPipeline::Watershed(h, RegionPipeline::BuildDistanceField(h, s), s);
  // Watershed floods one region up the ramp and over itself: the turns'
  // floors in one column (20 rows apart, never connected) share its id.
  EXPECT_GT(SharedColumnPairs(h, w), 0);
  // b3d.region.overlap: the monotone sweep and the layers cannot.
  EXPECT_EQ(SharedColumnPairs(h, RegionPipeline::Monotone(h, s)), 0);
  EXPECT_EQ(SharedColumnPairs(h, RegionPipeline::Layers(h, s)), 0);
}

TEST(Build3DRegions, BorderCutOfAFlatTile) {
  CLAUSE("b3d.region.border-cut");
  // TileCells 2, radius 0: B = 3, W = 8; the core is columns 3 .. 4.
  NavSettings s = b3dtest::UnitSettings(2, 1, 0, 2);
  s.MinRegionArea = 0;
  const CompactHeightfield h = Flat(8);
  const TileRegions r = RegionPipeline::Partition(h, s);
  ASSERT_EQ(r.regionCount, 2);
  const BorderCut cut = RegionPipeline::CutBorder(h, r, s);
  EXPECT_EQ(cut.borderId, 3);
  EXPECT_FALSE(cut.empty);
  for (std::size_t i = 0; i < 64; ++i) {
    const std::size_t x = i % 8, z = i / 8;
    const bool core = x >= 3 && x < 5 && z >= 3 && z < 5;
    EXPECT_EQ(cut.regions[i], core ? 1 : 3) << i;
  }
  // No region in the core: empty.
  TileRegions outside = r;
  for (std::size_t i = 0; i < 64; ++i)
    if (i % 8 >= 3 && i % 8 < 5 && i / 8 >= 3 && i / 8 < 5) outside.regions[i] = 0;
  EXPECT_TRUE(RegionPipeline::CutBorder(h, outside, s).empty);
}

TEST(Build3DRegions, StageInputChecks) {
  CLAUSE("b3d.region.stage-input b3d.settings-checks");
  NavSettings s = b3dtest::UnitSettings(2, 1, 0, 2);
  const CompactHeightfield h = Flat(8);
  NavSettings bad = s;
  bad.MinRegionArea = -1;
  ExpectFields(OutOfRangeFields([&] { RegionPipeline::Monotone(h, bad); }),
               {.value = -1.0, .setting = "MinRegionArea"});
  DistanceField df;
  df.distances.resize(5);
  ExpectFields(ArgumentFields([&] { RegionPipeline::Watershed(h, df, s); }),
               {.argument = "distances", .count = 5});
  TileRegions r{std::vector<std::uint16_t>(64, 0), 2};
  ExpectFields(ArgumentFields([&] { RegionPipeline::CutBorder(Flat(7), r, s); }),
               {.argument = "width", .value = 7.0});
  r.regions[9] = 3;
  ExpectFields(OutOfRangeFields([&] { RegionPipeline::CutBorder(h, r, s); }),
               {.argument = "regions", .column = 9, .span = 0, .value = 3.0});
  r.regions.resize(3);
  ExpectFields(ArgumentFields([&] { RegionPipeline::CutBorder(h, r, s); }),
               {.argument = "regions", .count = 3});
}
