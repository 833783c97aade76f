// b3d.span.add, b3d.span.split, b3d.span.classify, b3d.span.rasterize,
// b3d.span.from-heightfield, b3d.span.from-chunk: building a tile's solid
// heightfield (docs/spec/build3d-spans.md), on cases traced by hand.
#include <gtest/gtest.h>

#include <vector>

#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/error_fields.hpp"
#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/internal/span_columns.hpp"
#include "onepath/build3d/internal/split.hpp"
#include "onepath/build3d/slope_math.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "onepath/build3d/voxelizer.hpp"
#include "onepath/core/canonical.hpp"

using namespace onepath;
using namespace onepath::build3d;
using onepath::b3dtest::ExpectFields;
using onepath::b3dtest::UnitSettings;
using onepath::build3d::internal::Axis;
using onepath::build3d::internal::SpanColumns;
using onepath::checks::ArgumentFields;
using onepath::checks::OutOfRangeFields;

namespace {

using Column = std::vector<Span>;

// One column after adding the spans in order.
Column Added(const std::vector<Span>& spans, std::int32_t threshold) {
  SpanColumns c(1, 1);
  for (const Span& s : spans) c.AddSpan(0, s.smin, s.smax, s.area, threshold);
  return c.Column(0);
}

struct Parts {
  std::vector<Vector3f> low, high;
};

Parts SplitOf(const std::vector<Vector3f>& in, float c, Axis axis) {
  std::vector<Vector3f> low(2 * in.size()), high(2 * in.size());
  int nLow = 0, nHigh = 0;
  internal::Split(in.data(), static_cast<int>(in.size()), c, axis, low.data(), nLow, high.data(),
                  nHigh);
  low.resize(nLow);
  high.resize(nHigh);
  return {low, high};
}

// Cells and rows of 1, tiles of 4, WalkableHeight 2, WalkableClimb 1,
// WalkableRadius 0: B = 3, W = 10; tile (0, 0)'s grid starts at x = z = -3.
NavSettings Grid10() { return UnitSettings(2, 1, 0); }

// The non-empty columns of a heightfield as (column, spans).
std::vector<std::pair<std::size_t, Column>> NonEmpty(const Heightfield& h) {
  std::vector<std::pair<std::size_t, Column>> out;
  for (std::size_t c = 0; c < h.columnCount(); ++c) {
    if (!h.Column(c).empty()) out.push_back({c, Column(h.Column(c).begin(), h.Column(c).end())});
  }
  return out;
}

using Columns = std::vector<std::pair<std::size_t, Column>>;

}  // namespace

TEST(Build3DAddSpan, SeparatedSpansAreKeptInOrder) {
  CLAUSE("b3d.span.add");
  EXPECT_EQ(Added({{2, 5, 63}}, 0), (Column{{2, 5, 63}}));
  EXPECT_EQ(Added({{10, 12, 0}, {2, 5, 63}, {20, 30, 1}}, 0),
            (Column{{2, 5, 63}, {10, 12, 0}, {20, 30, 1}}));
  // 4 < 5: a gap of zero rows between (2, 4) and (5, 8) is no touch.
  EXPECT_EQ(Added({{5, 8, 1}, {2, 4, 2}}, 0), (Column{{2, 4, 2}, {5, 8, 1}}));
}

TEST(Build3DAddSpan, TouchingSpansMergeAndTheAreaRuleComparesTops) {
  CLAUSE("b3d.span.add");
  // (2, 5, 63) then (5, 8, 0): touching, merged (2, 8); |8 - 5| = 3: with
  // threshold 1 the old area is dropped (0 stays), with 3 the max wins.
  EXPECT_EQ(Added({{2, 5, 63}, {5, 8, 0}}, 1), (Column{{2, 8, 0}}));
  EXPECT_EQ(Added({{2, 5, 63}, {5, 8, 0}}, 3), (Column{{2, 8, 63}}));
  // Touching from above: (5, 8, 0) then (2, 5, 63): merged top 8 = s's top,
  // so the test passes whatever the threshold.
  EXPECT_EQ(Added({{5, 8, 0}, {2, 5, 63}}, 0), (Column{{2, 8, 63}}));
}

TEST(Build3DAddSpan, OneNewSpanSwallowsSeveral) {
  CLAUSE("b3d.span.add");
  // (3, 7, 5) into (2, 4, 10), (6, 8, 20), (12, 14, 30), threshold 0:
  // span (2, 4): new = (2, 7), |7 - 4| = 3 > 0, area stays 5, removed;
  // span (6, 8): new = (2, 8), |8 - 8| = 0, area max(5, 20) = 20, removed;
  // span (12, 14): 12 > 8, stop; insert before it.
  EXPECT_EQ(Added({{2, 4, 10}, {6, 8, 20}, {12, 14, 30}, {3, 7, 5}}, 0),
            (Column{{2, 8, 20}, {12, 14, 30}}));
  // A walkable span inside a solid one with the same top takes it over.
  EXPECT_EQ(Added({{0, 10, 0}, {3, 10, 63}}, 0), (Column{{0, 10, 63}}));
  // ... but not with a lower top: |10 - 10| = 0 passes only if the merged
  // top is s's top, which it is; the new span's own lower top does not matter.
  EXPECT_EQ(Added({{0, 10, 0}, {3, 5, 63}}, 0), (Column{{0, 10, 63}}));
  // The new span reaching higher than s: |12 - 10| = 2 > 1, s's 63 is lost.
  EXPECT_EQ(Added({{0, 10, 63}, {3, 12, 0}}, 1), (Column{{0, 12, 0}}));
}

TEST(Build3DSplit, ATriangleCutThroughTwoEdges) {
  CLAUSE("b3d.span.split");
  // (0,0,0), (2,0,0), (0,0,2) at x = 1: d = (1, -1, 1).
  // i = 0 (j = 2): same side, d > 0 -> low p0.
  // i = 1 (j = 0): crossing s = 1 / 2, q = (1, 0, 0) to both; d < 0 -> high p1.
  // i = 2 (j = 1): crossing s = -1 / -2, q = p1 + (-2, 0, 2) / 2 = (1, 0, 1);
  // d > 0 -> low p2.
  const Parts p = SplitOf({{0, 0, 0}, {2, 0, 0}, {0, 0, 2}}, 1.0f, Axis::X);
  EXPECT_EQ(p.low, (std::vector<Vector3f>{{0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {0, 0, 2}}));
  EXPECT_EQ(p.high, (std::vector<Vector3f>{{1, 0, 0}, {2, 0, 0}, {1, 0, 1}}));
}

TEST(Build3DSplit, VerticesOnTheLineAndCrossingsOnAVertex) {
  CLAUSE("b3d.span.split");
  // (1,0,0), (2,0,1), (0,0,1) at x = 1: d = (0, -1, 1).
  // i = 0 (j = 2): same side (both >= 0), d = 0 -> p0 to low and high.
  // i = 1 (j = 0): crossing s = 0 / 1 = 0, q = p0 to both; d < 0 -> high p1.
  // i = 2 (j = 1): crossing s = 0.5, q = (1, 0, 1) to both; d > 0 -> low p2.
  Parts p = SplitOf({{1, 0, 0}, {2, 0, 1}, {0, 0, 1}}, 1.0f, Axis::X);
  EXPECT_EQ(p.low, (std::vector<Vector3f>{{1, 0, 0}, {1, 0, 0}, {1, 0, 1}, {0, 0, 1}}));
  EXPECT_EQ(p.high, (std::vector<Vector3f>{{1, 0, 0}, {1, 0, 0}, {2, 0, 1}, {1, 0, 1}}));
  // (2,0,1), (1,0,0), (0,0,1): d = (-1, 0, 1).
  // i = 0 (j = 2): crossing s = 1 / 2, q = (1, 0, 1); d < 0 -> high p0.
  // i = 1 (j = 0): d_i = 0 after negative d_j: crossing s = -1 / -1 = 1,
  // q = p0 + (p1 - p0) = p1 to both, and p1 is not added again.
  // i = 2 (j = 1): same side, d > 0 -> low p2.
  p = SplitOf({{2, 0, 1}, {1, 0, 0}, {0, 0, 1}}, 1.0f, Axis::X);
  EXPECT_EQ(p.low, (std::vector<Vector3f>{{1, 0, 1}, {1, 0, 0}, {0, 0, 1}}));
  EXPECT_EQ(p.high, (std::vector<Vector3f>{{1, 0, 1}, {2, 0, 1}, {1, 0, 0}}));
  // Along z the same rule reads the z coordinate; y is interpolated too:
  // (0,0,0), (0,4,2) at z = 1: d = (1, -1); s = 1 / 2 both times.
  p = SplitOf({{0, 0, 0}, {0, 4, 2}}, 1.0f, Axis::Z);
  EXPECT_EQ(p.low, (std::vector<Vector3f>{{0, 2, 1}, {0, 0, 0}, {0, 2, 1}}));
  EXPECT_EQ(p.high, (std::vector<Vector3f>{{0, 2, 1}, {0, 2, 1}, {0, 4, 2}}));
}

TEST(Build3DClassify, WalkableNeedsBothTests) {
  CLAUSE("b3d.span.classify b3d.may-be-walkable");
  NavSettings s = Grid10();
  // 0: flat, up; 1: flat, down; 2: degenerate (q = 0, n.y * inf is NaN);
  // 3: exactly 45 degrees, n = (0, 1, -1): n.y * (1 / sqrtf(2)) =
  // 0x1.6a09e6p-1, not above the 45 degree cosine 0x1.6a09e6p-1.
  const TriangleSoup soup{{0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1},
                          {0, 1, 2, 0, 2, 1, 0, 0, 0, 0, 3, 2}};
  TileTriangles t = Voxelizer::ClassifyTriangles(soup, s, 0, 0);
  EXPECT_EQ(t.triangles, (std::vector<TileTriangle>{{0, 63}, {1, 0}, {2, 0}, {3, 0}}));
  // At 46 degrees the 45 degree triangle is walkable.
  s.AgentMaxSlopeDegrees = 46.0;
  t = Voxelizer::ClassifyTriangles(soup, s, 0, 0);
  EXPECT_EQ(t.triangles[3], (TileTriangle{3, 63}));
  // b3d.span.classify's bytes: the list, each u32 index and u8 area.
  CanonicalWriter w;
  w.Count(4);
  for (auto [i, a] : std::initializer_list<std::pair<int, int>>{{0, 63}, {1, 0}, {2, 0}, {3, 63}}) {
    w.U32(i);
    w.U8(a);
  }
  EXPECT_EQ(CanonicalBytes(t), w.bytes());
}

TEST(Build3DRasterize, ATriangleInsideOneCell) {
  CLAUSE("b3d.span.rasterize b3d.span.classify");
  // (0.25,1,0.25), (0.25,1,0.75), (0.75,1,0.25): y0 = 1 - 1 = 0, rows =
  // ceil(1 / 1) + 2 + 2 = 5. z0 = z1 = trunc(3.25) = 3; the line -3 + 3 + 1 = 1
  // leaves the whole triangle in the strip; x0 = x1 = 3, the same. y - bmin.y
  // = 1: smin = floor(1) = 1, smax = max(ceil(1), 2) = 2.
  const TriangleSoup soup{{0.25f, 1, 0.25f, 0.25f, 1, 0.75f, 0.75f, 1, 0.25f}, {0, 1, 2}};
  const Heightfield h = Voxelizer::Rasterize(soup, Grid10(), 0, 0, std::vector<std::int64_t>{63});
  EXPECT_EQ(h.width(), 10);
  EXPECT_EQ(h.depth(), 10);
  EXPECT_EQ(NonEmpty(h), (Columns{{33, {{1, 2, 63}}}}));
}

TEST(Build3DRasterize, ASlopedTriangleAcrossTwoColumns) {
  CLAUSE("b3d.span.rasterize b3d.span.split");
  // v0 = (0.5,1,0.25), v1 = (0.5,1,0.75), v2 = (1.5,2,0.5); y0 = 0, rows =
  // ceil(2) + 4 = 6. Row z = 3 (line 1) holds it all; x0 = trunc(3.5) = 3,
  // x1 = trunc(4.5) = 4. Column 3 (line 1): crossings (1, 1.5, 0.375) and
  // (1, 1.5, 0.625) with v0, v1: y 1 .. 1.5, smin = floor(1) = 1, smax =
  // ceil(1.5) = 2. Column 4 (line 2): the rest, both crossings and v2, y
  // 1.5 .. 2: smin = floor(1.5) = 1, smax = ceil(2) = 2. The areas are the
  // caller's.
  const TriangleSoup soup{{0.5f, 1, 0.25f, 0.5f, 1, 0.75f, 1.5f, 2, 0.5f}, {0, 1, 2}};
  const Heightfield h = Voxelizer::Rasterize(soup, Grid10(), 0, 0, std::vector<std::int64_t>{7});
  EXPECT_EQ(NonEmpty(h), (Columns{{33, {{1, 2, 7}}}, {34, {{1, 2, 7}}}}));
}

TEST(Build3DRasterize, TallSpansAndMergingWithTheClimbThreshold) {
  CLAUSE("b3d.span.rasterize b3d.span.add");
  // A vertical triangle in cell (3, 3): (0.25,0,0.5), (0.25,6,0.5),
  // (0.75,0,0.5): y0 = -1, y - bmin.y = 1 .. 7: span
  // (1, 7). A flat walkable triangle at y = 6.5 in the same cell: 7.5 -> (7,
  // 8), touching; |8 - 7| = 1 <= WalkableClimb 1, so the larger area 63
  // wins. At y = 8.5 (span (9, 10)) the two stay apart.
  TriangleSoup soup{{0.25f, 0, 0.5f, 0.25f, 6, 0.5f, 0.75f, 0, 0.5f,  //
                     0.25f, 6.5f, 0.25f, 0.25f, 6.5f, 0.75f, 0.75f, 6.5f, 0.25f},
                    {0, 1, 2, 3, 4, 5}};
  Heightfield h = Voxelizer::Rasterize(soup, Grid10(), 0, 0, std::vector<std::int64_t>{0, 63});
  EXPECT_EQ(NonEmpty(h), (Columns{{33, {{1, 8, 63}}}}));
  for (int k = 10; k < 18; k += 3) soup.vertices[k] = 8.5f;
  h = Voxelizer::Rasterize(soup, Grid10(), 0, 0, std::vector<std::int64_t>{0, 63});
  EXPECT_EQ(NonEmpty(h), (Columns{{33, {{1, 7, 0}, {9, 10, 63}}}}));
}

TEST(Build3DRasterize, TheLowEdgeStartsAtRowMinusOne) {
  CLAUSE("b3d.span.rasterize b3d.span.integers");
  // The grid starts at z = -3. D reaches half a cell before it: z0 =
  // trunc(-0.5) = 0, so the whole triangle (z -3.5 .. -3, touching the
  // edge) is row 0's strip and adds a span to column (0, 0). C reaches 1.5
  // cells before it: z0 = trunc(-1.5) = -1; the split at row -1's line,
  // (-3 + -1) + 1 = -3, leaves only the point z = -3 for row 0: no span.
  // (Each soup has a fourth, unused vertex at (1, 0, 1), so that its tiles
  // include tile (0, 0).)
  const NavSettings s = Grid10();
  const std::vector<std::int64_t> walkable = {63};
  const TriangleSoup d{{-2.75f, 1, -3.5f, -2.75f, 1, -3, -2.25f, 1, -3.5f, 1, 0, 1}, {0, 1, 2}};
  EXPECT_EQ(NonEmpty(Voxelizer::Rasterize(d, s, 0, 0, walkable)), (Columns{{0, {{1, 2, 63}}}}));
  const TriangleSoup c{{-2.75f, 1, -4.5f, -2.75f, 1, -3, -2.25f, 1, -4.5f, 1, 0, 1}, {0, 1, 2}};
  EXPECT_TRUE(NonEmpty(Voxelizer::Rasterize(c, s, 0, 0, walkable)).empty());
  // The same in x: a strip reaching 1.5 cells before x = -3 is split at
  // column -1's line first.
  const TriangleSoup dx{{-3.5f, 1, 0.25f, -3, 1, 0.25f, -3.5f, 1, 0.75f, 1, 0, 1}, {0, 2, 1}};
  EXPECT_EQ(NonEmpty(Voxelizer::Rasterize(dx, s, 0, 0, walkable)), (Columns{{30, {{1, 2, 63}}}}));
  const TriangleSoup cx{{-4.5f, 1, 0.25f, -3, 1, 0.25f, -4.5f, 1, 0.75f, 1, 0, 1}, {0, 2, 1}};
  EXPECT_TRUE(NonEmpty(Voxelizer::Rasterize(cx, s, 0, 0, walkable)).empty());
}

TEST(Build3DRasterize, AreasAreCheckedAfterTheTile) {
  CLAUSE("b3d.span.stage-input b3d.errors");
  const TriangleSoup soup{{0, 0, 0, 0, 0, 1, 1, 0, 0, 2, 0, 2}, {0, 1, 2, 1, 3, 2}};
  const NavSettings s = Grid10();
  ExpectFields(
      ArgumentFields([&] { Voxelizer::Rasterize(soup, s, 0, 0, std::vector<std::int64_t>{63}); }),
      {.argument = "areas", .count = 1});
  ExpectFields(OutOfRangeFields([&] {
                 Voxelizer::Rasterize(soup, s, 0, 0, std::vector<std::int64_t>{63, 64});
               }),
               {.argument = "areas", .triangle = 1, .value = 64.0});
  ExpectFields(OutOfRangeFields([&] {
                 Voxelizer::Rasterize(soup, s, 0, 0, std::vector<std::int64_t>{-1, 64});
               }),
               {.argument = "areas", .triangle = 0, .value = -1.0});
  ExpectFields(
      OutOfRangeFields([&] { Voxelizer::Rasterize(soup, s, 3, 0, std::vector<std::int64_t>{-1}); }),
      {.argument = "tile", .tileX = 3, .tileZ = 0});
}

TEST(Build3DFromHeightfield, OverlapsMergeWithThresholdZero) {
  CLAUSE("b3d.span.from-heightfield b3d.voxel-mapping b3d.span.add");
  // Source 2 x 1; tile (0, 0), B = 3: grid column (c, r) shows source (c -
  // 3, r - 3), so source (0, 0) is grid column 3 + 10 * 3 = 33.
  // Column 0: (5, 8, 63) then (2, 6, 0): merged (2, 8), |8 - 8| = 0 -> 63.
  // Column 1: (1, 3, 10) then (3, 4, 20): touching, (1, 4), |4 - 3| = 1 > 0
  // -> the new span's 20.
  HeightfieldInput in;
  in.width = 2;
  in.depth = 1;
  in.rows = 8;
  in.columns = {{{5, 8, 63}, {2, 6, 0}}, {{1, 3, 10}, {3, 4, 20}}};
  const Heightfield h = Voxelizer::FromHeightfield(in, Grid10(), 0, 0);
  EXPECT_EQ(NonEmpty(h), (Columns{{33, {{2, 8, 63}}}, {34, {{1, 4, 20}}}}));
}

TEST(Build3DFromHeightfield, ALaterTileShowsLaterColumns) {
  CLAUSE("b3d.span.from-heightfield b3d.voxel-mapping");
  // Source 6 x 1, TileCells 4: tile 1's grid column c shows source 4 - 3 +
  // c, so source 5 is grid column 4 (x = 4, z = 3: 34) and source 1 is
  // grid column 0; source 0 is outside.
  HeightfieldInput in;
  in.width = 6;
  in.depth = 1;
  in.rows = 3;
  in.columns.resize(6);
  in.columns[0] = {{0, 1, 1}};
  in.columns[1] = {{0, 2, 2}};
  in.columns[5] = {{0, 3, 3}};
  const Heightfield h = Voxelizer::FromHeightfield(in, Grid10(), 1, 0);
  EXPECT_EQ(NonEmpty(h), (Columns{{30, {{0, 2, 2}}}, {34, {{0, 3, 3}}}}));
}

TEST(Build3DFromChunk, SolidRunsBecomeWalkableSpans) {
  CLAUSE("b3d.span.from-chunk b3d.chunk-input b3d.voxel-mapping");
  // sizeX 2, sizeY 5, sizeZ 1; voxel (i, j, 0) at i + 2 j.
  // Column 0: rows 1 1 0 1 0 -> (0, 2), (3, 4); column 1: 0 0 0 0 1 -> (4, 5).
  VoxelChunk c{2, 5, 1, {1, 0, 1, 0, 0, 0, 7, 0, 0, 255}};
  const Heightfield h = Voxelizer::FromChunk(c, Grid10(), 0, 0);
  EXPECT_EQ(NonEmpty(h), (Columns{{33, {{0, 2, 63}, {3, 4, 63}}}, {34, {{4, 5, 63}}}}));
}

TEST(Build3DFromChunk, NoRowsGiveNoSpans) {
  CLAUSE("b3d.span.from-chunk b3d.chunk-input");
  // sizeY 0: a valid chunk of 2 x 0 x 1 voxels, so the voxel list is empty
  // and every column has no span. fuzz_build3d_spans found FromChunk
  // offsetting the empty list's null data(); the sanitizer build's
  // unit_tests (UBSan) failed here before the fix.
  VoxelChunk c{2, 0, 1, {}};
  const Heightfield h = Voxelizer::FromChunk(c, Grid10(), 0, 0);
  EXPECT_EQ(h.spans().size(), 0u);
  EXPECT_EQ(h.columnCount(), static_cast<std::size_t>(h.width() * h.depth()));
}
