// b3d.span.erode, b3d.span.volumes: areas on the compact heightfield, on
// hand-made fields (docs/spec/build3d-spans.md).
#include <gtest/gtest.h>

#include <vector>

#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/error_fields.hpp"
#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/span_pipeline.hpp"
#include "onepath/build3d/voxelizer.hpp"

using namespace onepath;
using namespace onepath::build3d;
using onepath::b3dtest::ExpectFields;
using onepath::b3dtest::UnitSettings;
using onepath::checks::ArgumentFields;
using onepath::checks::OutOfRangeFields;

namespace {

// A 7 x 7 field of spans (0, 1) with the given areas (row-major, z outer),
// compacted with WalkableHeight 1, WalkableClimb 0: every span is
// connected to each neighbour inside the grid.
CompactHeightfield Field7(const std::vector<int>& areas) {
  std::vector<std::vector<Span>> columns(49);
  for (int i = 0; i < 49; ++i) columns[i] = {{0, 1, static_cast<std::uint8_t>(areas[i])}};
  return SpanPipeline::Compact(Heightfield(7, 7, columns), UnitSettings(1, 0, 0));
}

// The area of each column's span (-1 where the column has none).
std::vector<int> AreasByColumn(const CompactHeightfield& c) {
  std::vector<int> out;
  for (std::size_t i = 0; i < c.columnCount(); ++i) {
    out.push_back(c.Column(i).empty() ? -1 : c.Column(i)[0].area);
  }
  return out;
}

// Ring of (x, z) in a 7 x 7 grid: its distance in cells from the edge.
int Ring(int x, int z) { return std::min({x, z, 6 - x, 6 - z}); }

// Expected areas: 63 where keep(x, z), else 0.
template <typename Keep>
std::vector<int> Expected7(Keep keep) {
  std::vector<int> out;
  for (int z = 0; z < 7; ++z) {
    for (int x = 0; x < 7; ++x) out.push_back(keep(x, z) ? 63 : 0);
  }
  return out;
}

// Cells and rows of 1, tiles of 4, WalkableRadius 0: B = 3, W = 10, the
// grid of tile (0, 0) starts at (-3, 0, -3). A 4 x 1 x 4 solid chunk fills
// grid columns 3..6 by 3..6 with one span (0, 1): compact y = 1.
const NavSettings kSettings = UnitSettings(2, 1, 0);
const VoxelChunk kChunk{4, 1, 4, std::vector<std::uint8_t>(16, 1)};

CompactHeightfield ChunkCompact() {
  return SpanPipeline::Compact(Voxelizer::FromChunk(kChunk, kSettings, 0, 0), kSettings);
}

// Areas of the 4 x 4 source cells (z outer) after marking `volumes`.
std::vector<int> Marked(const std::vector<ConvexVolume>& volumes) {
  const CompactHeightfield c =
      SpanPipeline::MarkVolumes(ChunkCompact(), kChunk, volumes, kSettings, 0, 0);
  std::vector<int> out;
  for (int k = 0; k < 4; ++k) {
    for (int i = 0; i < 4; ++i)
      out.push_back(c.Column(static_cast<std::size_t>(3 + i + 10 * (3 + k)))[0].area);
  }
  return out;
}

ConvexVolume Rectangle(float x0, float z0, float x1, float z1, float minY, float maxY, int area) {
  return {{{x0, z0}, {x1, z0}, {x1, z1}, {x0, z1}}, minY, maxY, area};
}

}  // namespace

TEST(Build3DErode, DistancesGrowByTwoPerCellFromTheEdge) {
  CLAUSE("b3d.span.erode");
  // Every edge span misses a neighbour: distance 0. The two passes give
  // ring k the distance 2k (a step of 2 from the ring outside; the
  // diagonal step 3 never does better on a square). A span keeps its area
  // when 2k >= 2 WalkableRadius, i.e. k >= WalkableRadius.
  const CompactHeightfield c = Field7(std::vector<int>(49, 63));
  for (int radius = 0; radius <= 4; ++radius) {
    SCOPED_TRACE(radius);
    const CompactHeightfield e = SpanPipeline::Erode(c, UnitSettings(1, 0, radius));
    EXPECT_EQ(AreasByColumn(e), Expected7([&](int x, int z) { return Ring(x, z) >= radius; }));
  }
  // Radius 0 changes nothing at all.
  EXPECT_EQ(SpanPipeline::Erode(c, UnitSettings(1, 0, 0)), c);
}

TEST(Build3DErode, NullAndMissingNeighboursAreBoundaries) {
  CLAUSE("b3d.span.erode");
  // The centre (3, 3) is null: compaction leaves its column empty, so its
  // four neighbours have no connection there and start at 0. Radius 1:
  // ring 0 and those four become null; the diagonal (2, 2) is 2 from (2, 3).
  std::vector<int> areas(49, 63);
  areas[3 + 7 * 3] = 0;
  const CompactHeightfield c = Field7(areas);
  std::vector<int> expected = Expected7([](int x, int z) {
    const bool besideCentre = std::abs(x - 3) + std::abs(z - 3) == 1;
    return Ring(x, z) >= 1 && !besideCentre;
  });
  expected[3 + 7 * 3] = -1;
  EXPECT_EQ(AreasByColumn(SpanPipeline::Erode(c, UnitSettings(1, 0, 1))), expected);
  // Radius 2: every remaining span is within 2 of a boundary span.
  for (int& a : expected) a = a == -1 ? -1 : 0;
  EXPECT_EQ(AreasByColumn(SpanPipeline::Erode(c, UnitSettings(1, 0, 2))), expected);
}

TEST(Build3DErode, ANonNullSpanWithANullConnectedNeighbourStartsAtZero) {
  CLAUSE("b3d.span.erode");
  // A compact field given directly: 3 x 3, every span connected to every
  // neighbour inside the grid. The centre's east neighbour is null but
  // connected: the centre starts at 0 and radius 1 nulls it.
  using C = CompactSpan;
  std::vector<std::vector<C>> columns(9);
  for (int z = 0; z < 3; ++z) {
    for (int x = 0; x < 3; ++x) {
      C s{1, 255, {63, 63, 63, 63}, 63};
      if (x > 0) s.con[0] = 0;
      if (z < 2) s.con[1] = 0;
      if (x < 2) s.con[2] = 0;
      if (z > 0) s.con[3] = 0;
      columns[x + 3 * z] = {s};
    }
  }
  columns[5][0].area = 0;
  const CompactHeightfield e =
      SpanPipeline::Erode(CompactHeightfield(3, 3, columns), UnitSettings(1, 0, 1));
  EXPECT_EQ(e.Column(4)[0].area, 0);
  // With the east neighbour walkable the centre is 2 from the edge: kept.
  columns[5][0].area = 63;
  EXPECT_EQ(SpanPipeline::Erode(CompactHeightfield(3, 3, columns), UnitSettings(1, 0, 1))
                .Column(4)[0]
                .area,
            63);
}

TEST(Build3DVolumes, ACellCentreOnTheLeftEdgeIsInsideOnTheRightOutside) {
  CLAUSE("b3d.span.volumes");
  // Source cell i's centre is at x = i + 0.5 (bmin.x = -3, grid column i +
  // 3). The square 0.5 .. 2.5 has centres 0.5 (left edge: inside, the
  // crossing test px < x is true once) and 2.5 (right edge: px < 2.5 is
  // false: outside); in z a centre on the low edge counts (z_i > pz is
  // false there, true at 2.5), one on the high edge does not.
  EXPECT_EQ(Marked({Rectangle(0.5f, 0.5f, 2.5f, 2.5f, 0, 2, 5)}),
            (std::vector<int>{5, 5, 63, 63, 5, 5, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63}));
}

TEST(Build3DVolumes, HeightsTruncateTowardZero) {
  CLAUSE("b3d.span.volumes b3d.span.integers");
  // Spans have y = 1 (bmin.y = 0, chF = 1). maxY 0.5: maxy = trunc(0.5) =
  // 0 < 1: nothing. minY 1.5: miny = trunc(1.5) = 1 <= 1: marked. minY 2:
  // nothing. minY > maxY: nothing.
  const std::vector<int> none(16, 63), all(16, 7);
  EXPECT_EQ(Marked({Rectangle(-1, -1, 5, 5, 0, 0.5f, 7)}), none);
  EXPECT_EQ(Marked({Rectangle(-1, -1, 5, 5, 1.5f, 1.5f, 7)}), all);
  EXPECT_EQ(Marked({Rectangle(-1, -1, 5, 5, 2, 3, 7)}), none);
  EXPECT_EQ(Marked({Rectangle(-1, -1, 5, 5, 3, 0, 7)}), none);
}

TEST(Build3DVolumes, InInputOrderAndNullStaysNull) {
  CLAUSE("b3d.span.volumes b3d.volume-input");
  // The first volume nulls cells 0..1 x 0..1; the second, over everything,
  // skips them (area 0) and sets 9 elsewhere.
  EXPECT_EQ(Marked({Rectangle(0.5f, 0.5f, 2.5f, 2.5f, 0, 2, 0), Rectangle(-9, -9, 9, 9, 0, 2, 9)}),
            (std::vector<int>{0, 0, 9, 9, 0, 0, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9}));
  // The other order: all 9, then the square reaches its four cells (9 is
  // not the null area) and sets 0 there: the same result.
  EXPECT_EQ(Marked({Rectangle(-9, -9, 9, 9, 0, 2, 9), Rectangle(0.5f, 0.5f, 2.5f, 2.5f, 0, 2, 0)}),
            (std::vector<int>{0, 0, 9, 9, 0, 0, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9}));
  // Outside the grid (x beyond bmax): nothing.
  EXPECT_EQ(Marked({Rectangle(100, 0, 101, 4, 0, 2, 9)}), std::vector<int>(16, 63));
}

TEST(Build3DVolumes, TheEvenOddRuleNeedsNoConvexity) {
  CLAUSE("b3d.span.volumes");
  // An L: the square 0..4 without 1.9..4 x 1.9..4. At pz = 2.5 the
  // crossings are x = 1.9 and x = 0: px = 0.5 and 1.5 cross once (inside),
  // 2.5 and 3.5 none. At pz = 0.5 they are x = 4 and x = 0: all inside.
  const ConvexVolume l{{{0, 0}, {4, 0}, {4, 1.9f}, {1.9f, 1.9f}, {1.9f, 4}, {0, 4}}, 0, 2, 3};
  EXPECT_EQ(Marked({l}), (std::vector<int>{3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 63, 63, 3, 3, 63, 63}));
}

TEST(Build3DVolumes, ChecksBeforeTheCompactValue) {
  CLAUSE("b3d.span.stage-input b3d.volume-input b3d.span.stages");
  const CompactHeightfield bad(-1, 0, {});
  ExpectFields(OutOfRangeFields([&] {
                 SpanPipeline::MarkVolumes(
                     bad, kChunk, std::vector<ConvexVolume>{Rectangle(0, 0, 1, 1, 0, 1, 64)},
                     kSettings, 0, 0);
               }),
               {.argument = "volumes.area", .volume = 0, .value = 64.0});
  ExpectFields(
      OutOfRangeFields([&] { SpanPipeline::MarkVolumes(bad, kChunk, {}, kSettings, 1, 0); }),
      {.argument = "tile", .tileX = 1, .tileZ = 0});
  ExpectFields(
      OutOfRangeFields([&] { SpanPipeline::MarkVolumes(bad, kChunk, {}, kSettings, 0, 0); }),
      {.argument = "width", .value = -1.0});
}

TEST(Build3DStageInput, CompactChecksInOrder) {
  CLAUSE("b3d.span.stage-input b3d.errors");
  const NavSettings s = UnitSettings(2, 1, 1);
  using C = CompactSpan;
  auto fields = [&](std::vector<std::vector<C>> columns) {
    return OutOfRangeFields([&] { SpanPipeline::Erode(CompactHeightfield(2, 1, columns), s); });
  };
  ExpectFields(fields({{C{1, 1, {63, 63, 63, 63}, 64}}, {}}),
               {.argument = "compact.area", .column = 0, .span = 0, .value = 64.0});
  // con 64 is not an index.
  ExpectFields(fields({{}, {C{1, 1, {63, 64, 63, 63}, 1}}}),
               {.argument = "compact.con", .column = 1, .span = 0, .value = 64.0});
  // con[0] of column 0 leads outside the grid.
  ExpectFields(fields({{C{1, 1, {0, 63, 63, 63}, 1}}, {}}),
               {.argument = "compact.con", .column = 0, .span = 0, .value = 0.0});
  // con[2] = 1, but column 1 has one span.
  ExpectFields(fields({{C{1, 1, {63, 63, 1, 63}, 1}}, {C{1, 1, {0, 63, 63, 63}, 1}}}),
               {.argument = "compact.con", .column = 0, .span = 0, .value = 1.0});
  ExpectFields(ArgumentFields([&] { SpanPipeline::Erode(CompactHeightfield(2, 2, {{}}), s); }),
               {.argument = "columns", .count = 1});
  EXPECT_NO_THROW(SpanPipeline::Erode(
      CompactHeightfield(2, 1, {{C{1, 1, {63, 63, 0, 63}, 1}}, {C{1, 1, {0, 63, 63, 63}, 1}}}), s));
}
