// b3d.span.stages: Mesh3DPipeline::TileSpans runs the stages in the
// chapter's order and keeps each value; each equals the stage operation
// called alone on the previous value (docs/spec/build3d-spans.md).
#include <gtest/gtest.h>

#include <vector>

#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/build3d.hpp"

using namespace onepath;
using namespace onepath::build3d;
using onepath::b3dtest::UnitSettings;

namespace {

// A staircase soup with steps of 0.5 (under the climb of 1) and one of 3,
// a wall, a slope and a volume, on the defaults' slope limit.
TriangleSoup Stairs() {
  TriangleSoup soup;
  auto quad = [&](float x0, float z0, float x1, float z1, float y0, float y1) {
    const auto base = static_cast<std::int32_t>(soup.vertices.size() / 3);
    soup.vertices.insert(soup.vertices.end(), {x0, y0, z0, x0, y0, z1, x1, y1, z1, x1, y1, z0});
    soup.indices.insert(soup.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
  };
  for (int step = 0; step < 6; ++step) {
    const float h = step < 5 ? 0.5f * step : 5.0f;
    quad(step * 1.25f, 0, step * 1.25f + 1.25f, 6, h, h);
  }
  quad(0, 6, 7.5f, 7, 0, 0.4f);  // a gentle slope
  // A wall standing on the first step.
  soup.vertices.insert(soup.vertices.end(), {0.2f, 0, 2, 0.2f, 3, 2, 1.0f, 0, 2});
  const auto w = static_cast<std::int32_t>(soup.vertices.size() / 3) - 3;
  soup.indices.insert(soup.indices.end(), {w, w + 1, w + 2});
  return soup;
}

NavSettings StairSettings() {
  NavSettings s = UnitSettings(2, 1, 1, 4);
  s.CellSize = 0.25;
  s.CellHeight = 0.25;
  s.TileSize = 4.0;  // 16 cells of 0.25
  s.AgentHeight = 1.0;
  s.AgentMaxClimb = 0.5;
  s.AgentRadius = 0.25;
  return s;
}

const std::vector<ConvexVolume> kVolumes = {
    {{{1, 1}, {3, 1}, {3, 3}, {1, 3}}, -1, 10, 12},
    {{{2, 2}, {6, 2}, {4, 5}}, 0, 1, 0},
};

// Every stage after `spans`, called alone, must give TileSpans' values.
template <typename Input>
void ExpectStagesChain(const Mesh3DTileSpans& t, const Input& input, const NavSettings& s,
                       std::int64_t tx, std::int64_t tz) {
  EXPECT_EQ(t.lowHanging, SpanPipeline::FilterLowHangingObstacles(t.spans, s));
  EXPECT_EQ(t.ledges, SpanPipeline::FilterLedgeSpans(t.lowHanging, s));
  EXPECT_EQ(t.lowHeight, SpanPipeline::FilterLowHeightSpans(t.ledges, s));
  EXPECT_EQ(t.compact, SpanPipeline::Compact(t.lowHeight, s));
  EXPECT_EQ(t.eroded, SpanPipeline::Erode(t.compact, s));
  EXPECT_EQ(t.volumes, SpanPipeline::MarkVolumes(t.eroded, input, kVolumes, s, tx, tz));
}

}  // namespace

TEST(Build3DPipeline, SoupStagesEqualTheStageOperations) {
  CLAUSE("b3d.span.stages b3d.span.stage-input");
  const TriangleSoup soup = Stairs();
  const NavSettings s = StairSettings();
  const TileRange range = SoupTiles(soup, s);
  ASSERT_EQ(range, (TileRange{0, 1, 0, 1}));
  int nonEmpty = 0;
  for (const TileIndex& tile : BuildOrder(range)) {
    SCOPED_TRACE(testing::Message() << "tile " << tile.x << ", " << tile.z);
    const Mesh3DTileSpans t = Mesh3DPipeline::TileSpans(soup, kVolumes, s, tile.x, tile.z);
    ASSERT_TRUE(t.triangles.has_value());
    EXPECT_EQ(*t.triangles, Voxelizer::ClassifyTriangles(soup, s, tile.x, tile.z));
    std::vector<std::int64_t> areas;
    for (const TileTriangle& tri : t.triangles->triangles) areas.push_back(tri.area);
    EXPECT_EQ(t.spans, Voxelizer::Rasterize(soup, s, tile.x, tile.z, areas));
    EXPECT_EQ(t.grid.width, 16 + 2 * 4);  // WalkableRadius 1, B 4
    EXPECT_EQ(t.spans.width(), t.grid.width);
    ExpectStagesChain(t, soup, s, tile.x, tile.z);
    nonEmpty += t.volumes.spans().empty() ? 0 : 1;
  }
  EXPECT_EQ(nonEmpty, 4);
}

TEST(Build3DPipeline, ChunkStagesByHand) {
  CLAUSE("b3d.span.stages b3d.span.from-chunk b3d.span.ledges b3d.span.compact");
  // A solid 4 x 1 x 4 chunk, cells and rows of 1, WalkableRadius 0 (B = 3,
  // W = 10): spans (0, 1) in grid columns 3..6 x 3..6. The ledge filter
  // nulls the chunk's outer ring (each has an empty neighbour column, a
  // drop to -WC); compaction keeps the four inner spans (y 1, h 255), each
  // connected to its two inner neighbours; erosion by 0 and no volumes
  // change nothing.
  const NavSettings s = UnitSettings(2, 1, 0);
  const VoxelChunk chunk{4, 1, 4, std::vector<std::uint8_t>(16, 1)};
  const Mesh3DTileSpans t = Mesh3DPipeline::TileSpans(chunk, {}, s, 0, 0);
  EXPECT_FALSE(t.triangles.has_value());
  EXPECT_EQ(t.spans.spans().size(), 16u);
  EXPECT_EQ(t.ledges.spans().size(), 16u);
  using C = CompactSpan;
  std::vector<std::vector<C>> expected(100);
  expected[44] = {C{1, 255, {63, 0, 0, 63}, 63}};
  expected[45] = {C{1, 255, {0, 0, 63, 63}, 63}};
  expected[54] = {C{1, 255, {63, 63, 0, 0}, 63}};
  expected[55] = {C{1, 255, {0, 63, 63, 0}, 63}};
  EXPECT_EQ(ColumnLists(t.compact), expected);
  EXPECT_EQ(t.eroded, t.compact);
  EXPECT_EQ(t.volumes, t.compact);
}

TEST(Build3DPipeline, HeightfieldStagesEqualTheStageOperations) {
  CLAUSE("b3d.span.stages b3d.span.from-heightfield");
  const NavSettings s = UnitSettings(2, 1, 1);  // TileCells 4, B 4
  HeightfieldInput in;
  in.width = 7;
  in.depth = 5;
  in.rows = 20;
  in.originY = -3.5;
  in.columns.resize(35);
  for (int k = 0; k < 35; ++k) {
    in.columns[k] = {{0, static_cast<std::uint16_t>(2 + k % 3), 63}};
    if (k % 4 == 0) in.columns[k].push_back({6, 9, 63});
  }
  for (const TileIndex& tile : BuildOrder(VoxelTiles(7, 5, DeriveSettings(s)))) {
    const Mesh3DTileSpans t = Mesh3DPipeline::TileSpans(in, kVolumes, s, tile.x, tile.z);
    EXPECT_FALSE(t.triangles.has_value());
    EXPECT_EQ(t.spans, Voxelizer::FromHeightfield(in, s, tile.x, tile.z));
    EXPECT_EQ(t.grid.originY, -3.5);
    ExpectStagesChain(t, in, s, tile.x, tile.z);
  }
}

TEST(Build3DPipeline, ATileWithoutWalkableTrianglesIsEmptyWhenBuilt) {
  CLAUSE("b3d.may-be-walkable b3d.span.stages");
  // Walls and downward faces only: no triangle MayBeWalkable; built anyway,
  // every span has area 0 and the compact heightfield is empty.
  TriangleSoup soup{{0, 0, 0, 0, 3, 0, 2, 0, 0,   // a wall
                     0, 1, 0, 2, 1, 0, 0, 1, 2},  // a ceiling, facing down
                    {0, 1, 2, 3, 4, 5}};
  const NavSettings s = StairSettings();
  const TileRange range = SoupTiles(soup, s);
  const DerivedSettings d = DeriveSettings(s);
  const auto triangles = SelectTileTriangles(soup, s, d, range, 0, 0);
  EXPECT_FALSE(AnyMayBeWalkable(soup, triangles, d.slopeCosine));
  const Mesh3DTileSpans t = Mesh3DPipeline::TileSpans(soup, kVolumes, s, 0, 0);
  EXPECT_FALSE(t.spans.spans().empty());
  for (const Span& span : t.lowHeight.spans()) EXPECT_EQ(span.area, 0);
  EXPECT_TRUE(t.compact.spans().empty());
  EXPECT_TRUE(t.volumes.spans().empty());
}

TEST(Build3DPipeline, DeriveSettingsIsTheClausesValue) {
  CLAUSE("b3d.derived");
  const NavSettings s = StairSettings();
  EXPECT_EQ(CanonicalBytes(Mesh3DPipeline::DeriveSettings(s)), CanonicalBytes(DeriveSettings(s)));
  EXPECT_EQ(Mesh3DPipeline::DeriveSettings(s).tileCells, 16);
  EXPECT_EQ(Mesh3DPipeline::DeriveSettings(s).border, 4);
}

TEST(Build3DPipeline, RunsAreDeterministic) {
  CLAUSE("b3d.span.stages b3d.tile-order");
  const TriangleSoup soup = Stairs();
  const NavSettings s = StairSettings();
  const Mesh3DTileSpans a = Mesh3DPipeline::TileSpans(soup, kVolumes, s, 1, 0);
  const Mesh3DTileSpans b = Mesh3DPipeline::TileSpans(soup, kVolumes, s, 1, 0);
  EXPECT_EQ(CanonicalBytes(a.grid), CanonicalBytes(b.grid));
  EXPECT_EQ(CanonicalBytes(*a.triangles), CanonicalBytes(*b.triangles));
  EXPECT_EQ(CanonicalBytes(a.spans), CanonicalBytes(b.spans));
  EXPECT_EQ(CanonicalBytes(a.volumes), CanonicalBytes(b.volumes));
}
