// Self-test of the Recast oracle (oracles/recast/recast_oracle.*) on small
// hand-computed cases. Every expected span, connection and area is derived
// by hand in the comment above it from build3d-spans.md, never by running
// code. Grids use csF = chF = 1 (or chF = 0.5) and coordinates on quarter
// units, so every binary32 operation that decides a result is exact. Two
// negative controls call Recast directly to show that the oracle's two
// adjustments of b3d.span.recast (the wider heightfield, WalkableHeight -
// 1) change a result.
#include <gtest/gtest.h>
#include <recastnavigation/Recast.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "oracles/recast/recast_oracle.hpp"

namespace {

using recast_oracle::CompactHeightfield;
using recast_oracle::CompactSpan;
using recast_oracle::Grid;
using recast_oracle::Heightfield;
using recast_oracle::Span;
using recast_oracle::SpanColumn;
using recast_oracle::Volume;

constexpr std::uint8_t kW = 63;   // walkable area
constexpr std::uint8_t kNc = 63;  // no connection

// b3d.slope-cosine, transcribed independently of src/ for the test.
float CosineOfDegrees(double d) {
  const double x = d * 0x1.1df46a2529d39p-6;
  const double x2 = x * x;
  double t[14];
  t[0] = 1;
  for (int k = 1; k <= 13; ++k)
    t[k] = -((t[k - 1] * x2) / static_cast<double>((2 * k - 1) * (2 * k)));
  double s = t[13];
  for (int k = 12; k >= 0; --k) s = s + t[k];
  return static_cast<float>(s);
}

// W x W columns of 1 x 1 cells from the origin, rows of height chF.
Grid UnitGrid(int W, int rows, float chF = 1.0f) {
  Grid grid;
  grid.W = W;
  grid.rows = rows;
  grid.bmin = {0, 0, 0};
  grid.bmax = {static_cast<float>(W), static_cast<float>(rows) * chF, static_cast<float>(W)};
  grid.csF = 1;
  grid.chF = chF;
  return grid;
}

using Columns = std::map<std::pair<int, int>, SpanColumn>;  // (x, z) -> spans

Heightfield Field(int width, int depth, const Columns& columns) {
  Heightfield field{width, depth, std::vector<SpanColumn>(static_cast<std::size_t>(width) * depth)};
  for (const auto& [xz, spans] : columns) field.columns[xz.first + width * xz.second] = spans;
  return field;
}

std::string Describe(const SpanColumn& column) {
  std::string text = "[";
  for (const Span& s : column)
    text += " (" + std::to_string(s.smin) + "," + std::to_string(s.smax) + "," +
            std::to_string(s.area) + ")";
  return text + " ]";
}

// Every column equals its entry in `expected`, or is empty.
void ExpectColumns(const Heightfield& field, int width, int depth, const Columns& expected) {
  ASSERT_EQ(field.width, width);
  ASSERT_EQ(field.depth, depth);
  const Heightfield want = Field(width, depth, expected);
  for (int z = 0; z < depth; ++z)
    for (int x = 0; x < width; ++x)
      EXPECT_EQ(field.columns[x + width * z], want.columns[x + width * z])
          << "column (" << x << ", " << z << "): got " << Describe(field.columns[x + width * z])
          << ", want " << Describe(want.columns[x + width * z]);
}

// A flat W x W compact heightfield: one span per column at y = 1, open to
// the top (h = 255), connected to span 0 of every neighbour in the grid.
CompactHeightfield FlatCompact(int W) {
  CompactHeightfield field{W, W, std::vector<recast_oracle::CompactColumn>(W * W)};
  for (int z = 0; z < W; ++z) {
    for (int x = 0; x < W; ++x) {
      CompactSpan s;
      s.y = 1;
      s.h = 255;
      s.area = kW;
      const auto to = [](bool inside) { return inside ? std::uint8_t{0} : kNc; };
      s.con = {to(x > 0), to(z < W - 1), to(x < W - 1), to(z > 0)};
      field.columns[x + W * z] = {s};
    }
  }
  return field;
}

// The areas of a one-span-per-column compact heightfield, row by row.
std::vector<std::vector<int>> Areas(const CompactHeightfield& field) {
  std::vector<std::vector<int>> rows(field.depth, std::vector<int>(field.width, -1));
  for (int z = 0; z < field.depth; ++z)
    for (int x = 0; x < field.width; ++x)
      if (field.columns[x + field.width * z].size() == 1)
        rows[z][x] = field.columns[x + field.width * z][0].area;
  return rows;
}

// ---- b3d.slope-cosine values and the slope-angle search ----

TEST(RecastOracleSlope, TranscriptionMatchesTheSpecValues) {
  // b3d.slope-cosine lists these results.
  EXPECT_EQ(CosineOfDegrees(0), 1.0f);
  EXPECT_EQ(CosineOfDegrees(30), 0x1.bb67aep-1f);
  EXPECT_EQ(CosineOfDegrees(45), 0x1.6a09e6p-1f);
  EXPECT_EQ(CosineOfDegrees(60), 0.5f);
  EXPECT_EQ(CosineOfDegrees(89), 0x1.1df0b2p-6f);
  EXPECT_EQ(CosineOfDegrees(90), 0.0f);
}

TEST(RecastOracleSlope, ExactAnglesWhereTheSpecSaysTheyExist) {
  // b3d.span.recast: with glibc an angle whose cosf threshold equals
  // slopeCosine exists for every whole degree 0 .. 53 and for 55, 59, 76,
  // 82 and 88; for 45 it is 45.0f itself.
  std::vector<int> degrees;
  for (int d = 0; d <= 53; ++d) degrees.push_back(d);
  for (int d : {55, 59, 76, 82, 88}) degrees.push_back(d);
  for (int d : degrees) {
    const float c = CosineOfDegrees(d);
    const auto found = recast_oracle::FindSlopeAngles(c, d);
    ASSERT_TRUE(found.Ok()) << found.error;
    EXPECT_TRUE(found.value.exact) << d << " degrees";
    EXPECT_EQ(found.value.thresholdLenient, c) << d;
    // The search alone (a far start angle) finds one too.
    EXPECT_TRUE(recast_oracle::FindSlopeAngles(c, 0.0).value.exact) << d;
  }
  EXPECT_EQ(recast_oracle::FindSlopeAngles(CosineOfDegrees(45), 45).value.angle, 45.0f);
}

TEST(RecastOracleSlope, BracketsWhenNoAngleIsExact) {
  // 54 is not in the list above: the two adjacent binary32 angles give
  // thresholds on either side of slopeCosine.
  const float c = CosineOfDegrees(54);
  const auto found = recast_oracle::FindSlopeAngles(c, 54);
  ASSERT_TRUE(found.Ok());
  EXPECT_FALSE(found.value.exact);
  EXPECT_LT(found.value.thresholdLenient, c);
  EXPECT_GT(found.value.thresholdStrict, c);
  EXPECT_EQ(std::bit_cast<std::uint32_t>(found.value.angleLenient),
            std::bit_cast<std::uint32_t>(found.value.angleStrict) + 1);
  // 90 degrees: slopeCosine +0, never a cosf result here.
  EXPECT_FALSE(recast_oracle::FindSlopeAngles(CosineOfDegrees(90), 90).value.exact);
  EXPECT_FALSE(recast_oracle::FindSlopeAngles(1.5f, 0).Ok());
}

// ---- b3d.span.classify ----

// Triangles over a shared vertex list: v0 = (0,0,0), then as listed.
const std::vector<float> kClassifyVerts = {
    0,       0,       0,        // 0
    0,       0,       1,        // 1
    1,       0,       0,        // 2
    0,       1,       0,        // 3
    1,       1,       0,        // 4
    1,       0.875f,  0,        // 5
    1,       1.125f,  0,        // 6
    1835008, 1048576, 1835008,  // 7
    2752512, 1572863, 2752511,  // 8
};

TEST(RecastOracleClassify, HandComputedAreasAt45Degrees) {
  const float c = CosineOfDegrees(45);  // 0x1.6a09e6p-1
  const std::vector<std::int32_t> tris = {
      // 0: e0 = (0,0,1), e1 = (1,0,0): n = (0, 1, 0), faces up: 63.
      0,
      1,
      2,
      // 1: the same reversed: n = (0, -1, 0): 0.
      0,
      2,
      1,
      // 2: vertical, e0 = (0,1,0), e1 = (1,0,0): n = (0, 0, -1), n.y = 0: 0.
      0,
      3,
      2,
      // 3: slope 1, e0 = (0,0,1), e1 = (1,1,0): n = (-1, 1, 0), q = 2,
      //    d = 1 / sqrtf(2) = 0x1.6a09e6p-1 (1/1.41421354 = 0.7071067933
      //    rounds down), n.y * d = slopeCosine, not greater: 0.
      0,
      1,
      4,
      // 4: slope 0.875: n = (-0.875, 1, 0), n.y / |n| = 1/sqrt(1.765625)
      //    = 0.7526 > 0.7071: 63.
      0,
      1,
      5,
      // 5: slope 1.125: n.y / |n| = 1/sqrt(2.265625) = 0.6644: 0.
      0,
      1,
      6,
      // 6: a repeated corner: q = 0, d = +inf, n.y * d = 0 * inf = NaN: 0.
      0,
      0,
      2,
      // 7: the sliver (see SliverFacesUpInRecastOnly): 0.
      0,
      7,
      8,
  };
  const auto result = recast_oracle::ClassifyTriangles(kClassifyVerts, tris, c, 45);
  ASSERT_TRUE(result.Ok()) << result.error;
  EXPECT_TRUE(result.value.exact);
  const std::vector<std::uint8_t> want = {kW, 0, 0, 0, kW, 0, 0, 0};
  EXPECT_EQ(result.value.areasStrict, want);
  EXPECT_EQ(result.value.areasLenient, want);
}

TEST(RecastOracleClassify, SliverFacesUpInRecastOnly) {
  // e0 = v7 = 2^18 (7, 4, 7), e1 = v8 = (21 * 2^17, 1572863, 21 * 2^17 - 1)
  // (v0 = 0, so both are exact). In binary64 (exact: 48-bit products)
  //   n = (786432, 1835008, -1835008), n.y / |n| = 0.6767 < 0.7071 - 1e-3:
  //   not MayBeWalkable.
  // In binary32 only n.y's second product rounds: 1835008 * 2752511 =
  // 5050879705088 = 9633788.5 * 2^19, a tie to even, 9633788 * 2^19; so
  //   n.y = 5050881540096 - 5050879442944 = 2097152, n = (786432, 2097152,
  //   -1835008), n.y / |n| = 0.744 > 0.7071: Recast marks it walkable.
  const float c = CosineOfDegrees(45);
  const std::vector<std::int32_t> tri = {0, 7, 8};
  EXPECT_FALSE(recast_oracle::MayBeWalkable(kClassifyVerts, tri, 0, c));
  unsigned char area = 0;
  rcContext ctx(false);
  rcMarkWalkableTriangles(&ctx, 45.0f, kClassifyVerts.data(), 9, tri.data(), 1, &area);
  EXPECT_EQ(area, kW);  // Recast alone
  const auto result = recast_oracle::ClassifyTriangles(kClassifyVerts, tri, c, 45);
  ASSERT_TRUE(result.Ok());
  EXPECT_EQ(result.value.areasStrict, std::vector<std::uint8_t>{0});  // with MayBeWalkable
}

TEST(RecastOracleClassify, UndecidedOnlyNearTheThreshold) {
  // At 54 degrees (slopeCosine 0.5878, no exact angle) slope 0.5 (26.6
  // degrees) is walkable and slope 2 (63.4 degrees) is not, with either
  // neighbouring threshold.
  const std::vector<float> verts = {0, 0, 0, 0, 0, 1, 1, 0.5f, 0, 1, 2, 0};
  const std::vector<std::int32_t> tris = {0, 1, 2, 0, 1, 3};
  const auto result = recast_oracle::ClassifyTriangles(verts, tris, CosineOfDegrees(54), 54);
  ASSERT_TRUE(result.Ok());
  EXPECT_FALSE(result.value.exact);
  ASSERT_TRUE(result.value.Decided(0));
  ASSERT_TRUE(result.value.Decided(1));
  EXPECT_EQ(result.value.areasStrict, (std::vector<std::uint8_t>{kW, 0}));
}

TEST(RecastOracleClassify, RecastThresholdIsSlopeCosine) {
  // FacesUp written here from b3d.span.classify (binary32), on random
  // well-shaped triangles sloped 40 .. 50 degrees; for these MayBeWalkable
  // follows from FacesUp, so the oracle's area must be FacesUp.
  const float c = CosineOfDegrees(45);
  std::mt19937 random(26);
  std::uniform_real_distribution<float> unit(0.25f, 1.0f), slope(0.84f, 1.19f);
  std::vector<float> verts;
  std::vector<std::int32_t> tris;
  std::vector<std::uint8_t> want;
  for (int t = 0; t < 4000; ++t) {
    const float a = unit(random), b = unit(random), s = slope(random);
    const float v[9] = {0, 0, 0, 0, 0, b, a, a * s, 0};
    const int base = static_cast<int>(verts.size() / 3);
    verts.insert(verts.end(), v, v + 9);
    tris.insert(tris.end(), {base, base + 1, base + 2});
    // e0 = (0, 0, b), e1 = (a, a*s, 0); n = (-(b * (a*s)), b * a, 0).
    const float nx = 0.0f * 0.0f - b * (a * s), ny = b * a - 0.0f * 0.0f, nz = 0.0f;
    const float d = 1.0f / std::sqrt((nx * nx + ny * ny) + nz * nz);
    want.push_back(ny * d > c ? kW : 0);
  }
  const auto result = recast_oracle::ClassifyTriangles(verts, tris, c, 45);
  ASSERT_TRUE(result.Ok());
  EXPECT_EQ(result.value.areasStrict, want);
  int walkable = 0;
  for (std::uint8_t area : want) walkable += area == kW;
  EXPECT_GT(walkable, 1000);  // both outcomes occur
  EXPECT_LT(walkable, 3000);
}

TEST(RecastOracleClassify, RefusesBadIndices) {
  const std::vector<std::int32_t> tris = {0, 1, 99};
  EXPECT_FALSE(recast_oracle::ClassifyTriangles(kClassifyVerts, tris, 0.5f, 60).Ok());
}

// ---- b3d.span.rasterize ----

TEST(RecastOracleRasterize, FlatTriangleCoversKnownCells) {
  // The triangle x >= 0.25, z >= 0.25, x + z <= 3.75 at y = 2.5 on a 4 x 4
  // grid of unit cells. Cell [i, i+1] x [k, k+1] meets it in a piece of
  // positive area iff max(i, 0.25) + max(k, 0.25) < 3.75 (no edge passes a
  // cell corner, so no cell is touched in a point or a line only):
  //   z = 0: x = 0..3;  z = 1: x = 0..2;  z = 2: x = 0..1;  z = 3: x = 0.
  // Every piece lies at y = 2.5 (interpolating equal y is exact):
  // smin = floor(2.5) = 2, smax = max(ceil(2.5), smin + 1) = 3.
  const std::vector<float> verts = {0.25f, 2.5f, 0.25f, 0.25f, 2.5f, 3.5f, 3.5f, 2.5f, 0.25f};
  const std::vector<std::int32_t> tris = {0, 1, 2};
  const std::vector<std::uint8_t> areas = {kW};
  const auto result = recast_oracle::Rasterize(UnitGrid(4, 10), verts, tris, areas, 1);
  ASSERT_TRUE(result.Ok()) << result.error;
  Columns want;
  for (int z = 0; z < 4; ++z)
    for (int x = 0; x < 4 - z; ++x) want[{x, z}] = {{2, 3, kW}};
  ExpectColumns(result.value, 4, 4, want);
}

TEST(RecastOracleRasterize, SlopedTriangleSplitAtACellLine) {
  // In the plane y = x, rows of height 0.5 (ich = 2), all in row z = 0:
  // v0 = (0.5, 0.5, 0.25), v1 = (1.5, 1.5, 0.25), v2 = (1.5, 1.5, 0.75).
  // Split at x = 1: d = (0.5, -0.5, -0.5); the crossings are at s = 0.5:
  // (1, 1, 0.5) on v2-v0 and (1, 1, 0.25) on v0-v1.
  //   column 0: v0 and the crossings, y 0.5 .. 1: smin = floor(1) = 1,
  //             smax = ceil(2) = 2;
  //   column 1: the crossings, v1, v2, y 1 .. 1.5: smin = 2, smax = 3.
  const std::vector<float> verts = {0.5f, 0.5f, 0.25f, 1.5f, 1.5f, 0.25f, 1.5f, 1.5f, 0.75f};
  const std::vector<std::int32_t> tris = {0, 1, 2};
  const std::vector<std::uint8_t> areas = {kW};
  const auto result = recast_oracle::Rasterize(UnitGrid(3, 10, 0.5f), verts, tris, areas, 1);
  ASSERT_TRUE(result.Ok()) << result.error;
  ExpectColumns(result.value, 3, 3, {{{0, 0}, {{1, 2, kW}}}, {{1, 0}, {{2, 3, kW}}}});
}

// Two triangles inside cell (0, 0): A flat at y = 2.5 (span 2 .. 3, area
// 63) and B rising from y = 2.25 to 4.75 (span floor(2.25) = 2 ..
// ceil(4.75) = 5, area 0).
const std::vector<float> kMergeVerts = {
    0.25f, 2.5f,  0.25f, 0.25f, 2.5f,  0.75f, 0.75f, 2.5f,  0.25f,  // A
    0.25f, 2.25f, 0.25f, 0.75f, 4.75f, 0.25f, 0.25f, 2.25f, 0.75f,  // B
};

TEST(RecastOracleRasterize, OverlappingTrianglesMergeWithTheFlagThreshold) {
  const Grid grid = UnitGrid(2, 10);
  const std::vector<std::int32_t> aThenB = {0, 1, 2, 3, 4, 5}, bThenA = {3, 4, 5, 0, 1, 2};
  const std::vector<std::uint8_t> areasAB = {kW, 0}, areasBA = {0, kW};
  // A, then B: new (2, 5, 0) merges with s = (2, 3, 63); |5 - 3| = 2, so
  // s's 63 is kept only with threshold >= 2.
  auto r = recast_oracle::Rasterize(grid, kMergeVerts, aThenB, areasAB, 1);
  ASSERT_TRUE(r.Ok());
  ExpectColumns(r.value, 2, 2, {{{0, 0}, {{2, 5, 0}}}});
  r = recast_oracle::Rasterize(grid, kMergeVerts, aThenB, areasAB, 2);
  ExpectColumns(r.value, 2, 2, {{{0, 0}, {{2, 5, kW}}}});
  // B, then A: new (2, 3, 63) merges with s = (2, 5, 0); the top is s's,
  // |5 - 5| = 0 <= 0: max(63, 0) = 63 even with threshold 0.
  r = recast_oracle::Rasterize(grid, kMergeVerts, bThenA, areasBA, 0);
  ExpectColumns(r.value, 2, 2, {{{0, 0}, {{2, 5, kW}}}});
}

// A flat triangle starting exactly on the grid's far x line, x = W = 4:
// (4, 2.5, 0.25), (4, 2.5, 0.75), (4.5, 2.5, 0.5). Its start column
// trunc(4 * 1) = 4 >= W, so 1.6.0 skips it (b3d.span.rasterize 3.3).
const std::vector<float> kFarEdgeVerts = {4, 2.5f, 0.25f, 4, 2.5f, 0.75f, 4.5f, 2.5f, 0.5f};

TEST(RecastOracleRasterize, HighXEdgeRemedyDropsAStripBeyondTheGrid) {
  const std::vector<std::int32_t> tris = {0, 1, 2};
  const std::vector<std::uint8_t> areas = {kW};
  const auto result = recast_oracle::Rasterize(UnitGrid(4, 10), kFarEdgeVerts, tris, areas, 1);
  ASSERT_TRUE(result.Ok());
  ExpectColumns(result.value, 4, 4, {});
}

TEST(RecastOracleRasterize, NegativeControlWithoutTheWiderGrid) {
  // e75adf8 on the W-wide grid clamps the start column to 3 and splits at
  // x = 4: d = (0, 0, -0.5); the low part is v0 (as the crossing at s = 1),
  // v1, v1 (the crossing at s = 0): three points, so column (3, 0) gets
  // (floor(2.5), ceil(2.5)) = (2, 3). The remedy is what removes it.
  const std::vector<std::int32_t> tris = {0, 1, 2};
  const unsigned char area = kW;
  const Grid grid = UnitGrid(4, 10);
  rcContext ctx(false);
  rcHeightfield hf;
  ASSERT_TRUE(rcCreateHeightfield(&ctx, hf, 4, 4, grid.bmin.data(), grid.bmax.data(), 1, 1));
  ASSERT_TRUE(rcRasterizeTriangles(&ctx, kFarEdgeVerts.data(), 3, tris.data(), &area, 1, hf, 1));
  const rcSpan* s = hf.spans[3 + 4 * 0];
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->smin, 2u);
  EXPECT_EQ(s->smax, 3u);
}

TEST(RecastOracleRasterize, LowEdgePredicate) {
  // bmin = 0, csF = 1: a corner may lie at most 0.5 before x = 0 and z = 0.
  const Grid grid = UnitGrid(4, 10);
  const std::vector<float> verts = {-0.4f, 0, 1, 2, 0, 2, 1, 0, -0.5f, -0.6f, 0, 1, 1, 0, -0.625f};
  const std::vector<std::int32_t> tris = {0, 1, 2, 3, 1, 2, 0, 1, 4};
  EXPECT_TRUE(recast_oracle::TriangleAvoidsLowEdgeDifference(grid, verts, tris, 0));
  EXPECT_FALSE(recast_oracle::TriangleAvoidsLowEdgeDifference(grid, verts, tris, 1));  // x -0.6
  EXPECT_FALSE(recast_oracle::TriangleAvoidsLowEdgeDifference(grid, verts, tris, 2));  // z -0.625
}

TEST(RecastOracleRasterize, RefusesRowsBeyondThirteenBits) {
  const std::vector<float> verts = {0.25f, 0.5f, 0.25f, 0.25f, 0.5f, 0.75f, 0.75f, 0.5f, 0.25f};
  const std::vector<std::int32_t> tris = {0, 1, 2};
  const std::vector<std::uint8_t> areas = {kW};
  EXPECT_TRUE(recast_oracle::Rasterize(UnitGrid(2, 8190), verts, tris, areas, 1).Ok());
  EXPECT_FALSE(recast_oracle::Rasterize(UnitGrid(2, 8191), verts, tris, areas, 1).Ok());
}

// ---- b3d.span.from-heightfield (rcAddSpan, threshold 0) ----

TEST(RecastOracleLoad, AddSpanMergesInInsertionOrder) {
  // (0,0): (4,6,0); (0,2,63) lies below it: (0,2,63), (4,6,0); (1,5,63)
  //   merges with (0,2): top 5 vs 2, |3| > 0, keeps 63; then with (4,6,0):
  //   top 6 vs 6, 0 <= 0, max(63, 0) = 63: (0, 6, 63).
  // (1,0): (0,6,63), then the touching (6,7,0): merged (0,7), top 7 vs 6,
  //   |1| > 0: the new span's 0 stays: (0, 7, 0).
  // (0,1): (5,6,1), (0,2,2): separated, sorted: (0,2,2), (5,6,1).
  const Heightfield input = Field(2, 2,
                                  {{{0, 0}, {{4, 6, 0}, {0, 2, kW}, {1, 5, kW}}},
                                   {{1, 0}, {{0, 6, kW}, {6, 7, 0}}},
                                   {{0, 1}, {{5, 6, 1}, {0, 2, 2}}}});
  const auto result = recast_oracle::LoadHeightfield(input);
  ASSERT_TRUE(result.Ok()) << result.error;
  ExpectColumns(result.value, 2, 2,
                {{{0, 0}, {{0, 6, kW}}}, {{1, 0}, {{0, 7, 0}}}, {{0, 1}, {{0, 2, 2}, {5, 6, 1}}}});
}

TEST(RecastOracleLoad, RefusesTopsBeyondThirteenBits) {
  EXPECT_TRUE(recast_oracle::LoadHeightfield(Field(1, 1, {{{0, 0}, {{0, 8191, kW}}}})).Ok());
  EXPECT_FALSE(recast_oracle::LoadHeightfield(Field(1, 1, {{{0, 0}, {{0, 8192, kW}}}})).Ok());
  EXPECT_FALSE(recast_oracle::LoadHeightfield(Field(1, 1, {{{0, 0}, {{3, 3, kW}}}})).Ok());
}

// ---- the filters ----

TEST(RecastOracleFilters, LowHangingObstacles) {
  // WalkableClimb = 2; a span of area 0 over a non-null span p takes p's
  // area when |s.smax - p.smax| <= 2, judged on the areas before the filter.
  const Heightfield input = Field(3, 3,
                                  {{{0, 0}, {{0, 2, kW}, {3, 4, 0}}},             // 2: takes 63
                                   {{1, 0}, {{0, 2, kW}, {3, 5, 0}}},             // 3: stays 0
                                   {{2, 0}, {{0, 2, kW}, {3, 4, 0}, {5, 6, 0}}},  // one step only
                                   {{0, 1}, {{0, 2, 0}, {3, 4, 0}}},              // p null
                                   {{1, 1}, {{0, 2, kW}, {3, 4, 17}}},            // s not null
                                   {{2, 1}, {{0, 2, 5}, {3, 4, 0}}},              // takes 5
                                   {{0, 2}, {{1, 2, 0}}},                         // alone
                                   {{2, 2}, {{0, 5, kW}, {6, 7, 0}}}});           // 2: takes 63
  const auto result = recast_oracle::FilterLowHangingObstacles(input, 2);
  ASSERT_TRUE(result.Ok()) << result.error;
  ExpectColumns(result.value, 3, 3,
                {{{0, 0}, {{0, 2, kW}, {3, 4, kW}}},
                 {{1, 0}, {{0, 2, kW}, {3, 5, 0}}},
                 // (5,6): the span below had area 0 before the filter.
                 {{2, 0}, {{0, 2, kW}, {3, 4, kW}, {5, 6, 0}}},
                 {{0, 1}, {{0, 2, 0}, {3, 4, 0}}},
                 {{1, 1}, {{0, 2, kW}, {3, 4, 17}}},
                 {{2, 1}, {{0, 2, 5}, {3, 4, 5}}},
                 {{0, 2}, {{1, 2, 0}}},
                 {{2, 2}, {{0, 5, kW}, {6, 7, kW}}}});
}

// A 3 x 3 field of (0, 5, 63) with some columns replaced.
Heightfield LedgeField(const Columns& replaced) {
  Columns columns;
  for (int z = 0; z < 3; ++z)
    for (int x = 0; x < 3; ++x) columns[{x, z}] = {{0, 5, kW}};
  for (const auto& [xz, spans] : replaced) columns[xz] = spans;
  return Field(3, 3, columns);
}

std::uint8_t CentreAreaAfterLedges(const Columns& replaced) {
  const auto result = recast_oracle::FilterLedgeSpans(LedgeField(replaced), 2, 1);
  EXPECT_TRUE(result.Ok()) << result.error;
  return result.Ok() ? result.value.columns[1 + 3 * 1][0].area : 255;
}

TEST(RecastOracleFilters, LedgesOnAFlatField) {
  // WH = 2, WC = 1. Every border column has a neighbour outside the grid:
  // minDrop = -1 - 5 = -6 < -1, area 0. The centre: below each neighbour's
  // first span min(65535, 0) - max(5, -1) < 0, nothing; the span itself
  // min(65535, 65535) - max(5, 5) > 2, drop 0, reachable at 5: minDrop 0,
  // accMax - accMin = 0: stays 63. (2,2) has area 0 and is skipped.
  const auto result = recast_oracle::FilterLedgeSpans(LedgeField({{{2, 2}, {{0, 5, 0}}}}), 2, 1);
  ASSERT_TRUE(result.Ok());
  Columns want;
  for (int z = 0; z < 3; ++z)
    for (int x = 0; x < 3; ++x) want[{x, z}] = {{0, 5, 0}};
  want[{1, 1}] = {{0, 5, kW}};
  ExpectColumns(result.value, 3, 3, want);
}

TEST(RecastOracleFilters, LedgesAtTheCentre) {
  // A neighbour one row lower: drop -1, not < -1; reachable 4 .. 5, spread
  // 1 <= 1: stays 63.
  EXPECT_EQ(CentreAreaAfterLedges({{{0, 1}, {{0, 4, kW}}}}), kW);
  // Two rows lower: minDrop -2 < -1: a ledge.
  EXPECT_EQ(CentreAreaAfterLedges({{{0, 1}, {{0, 3, kW}}}}), 0);
  // One lower and one higher: no drop below -1, but reachable 4 .. 6,
  // spread 2 > 1: a steep slope, 0.
  EXPECT_EQ(CentreAreaAfterLedges({{{0, 1}, {{0, 4, kW}}}, {{1, 0}, {{0, 6, kW}}}}), 0);
  // Two rows lower but capped by a span from row 6: the gap above (0,3)
  // is min(65535, 6) - max(5, 3) = 1, not > 2, so it is not counted; the
  // top span gives drop +4 (not reachable): minDrop 0, stays 63.
  EXPECT_EQ(CentreAreaAfterLedges({{{0, 1}, {{0, 3, kW}, {6, 9, kW}}}}), kW);
  // The same with the cap from row 8: gap min(65535, 8) - max(5, 3) = 3 > 2
  // counts, drop -2 < -1: a ledge.
  EXPECT_EQ(CentreAreaAfterLedges({{{0, 1}, {{0, 3, kW}, {8, 9, kW}}}}), 0);
}

TEST(RecastOracleFilters, LowHeightWithNegativeControl) {
  // WH = 3. (0,0): clearance 5 - 2 = 3, not < 3: stays 63 (1.6.0).
  // (1,0): clearance 4 - 2 = 2 < 3: 0. Top spans: clearance 65535 - 6.
  const Heightfield input =
      Field(3, 3, {{{0, 0}, {{0, 2, kW}, {5, 6, kW}}}, {{1, 0}, {{0, 2, kW}, {4, 6, kW}}}});
  const auto result = recast_oracle::FilterLowHeightSpans(input, 3);
  ASSERT_TRUE(result.Ok());
  ExpectColumns(result.value, 3, 3,
                {{{0, 0}, {{0, 2, kW}, {5, 6, kW}}}, {{1, 0}, {{0, 2, 0}, {4, 6, kW}}}});
  // Negative control: e75adf8's own "<=" with WH clears (0,0)'s lower
  // span too, so without the WH - 1 adjustment the result would differ.
  const auto unadjusted = recast_oracle::FilterLowHeightSpansUnadjusted(input, 3);
  ASSERT_TRUE(unadjusted.Ok());
  ExpectColumns(unadjusted.value, 3, 3,
                {{{0, 0}, {{0, 2, 0}, {5, 6, kW}}}, {{1, 0}, {{0, 2, 0}, {4, 6, kW}}}});
  EXPECT_NE(unadjusted.value, result.value);
}

TEST(RecastOracleFilters, RefuseUnsortedOrBadSettings) {
  const Heightfield unsorted = Field(1, 1, {{{0, 0}, {{5, 6, kW}, {0, 2, kW}}}});
  EXPECT_FALSE(recast_oracle::FilterLowHeightSpans(unsorted, 3).Ok());
  const Heightfield touching = Field(1, 1, {{{0, 0}, {{0, 2, kW}, {2, 3, kW}}}});
  EXPECT_FALSE(recast_oracle::FilterLedgeSpans(touching, 3, 1).Ok());
  EXPECT_FALSE(recast_oracle::FilterLowHeightSpans(Field(1, 1, {}), 0).Ok());
}

// ---- b3d.span.compact, b3d.span.connect ----

TEST(RecastOracleCompact, ConnectionsWithAClimbEdge) {
  // WH = 2, WC = 1 on 3 x 2 columns. Compact spans (y = smax, h = min(next
  // smin or 65535, minus y, 255)):
  //   (0,0) y2 h255;  (1,0) y3 h255;  (2,0) y5 h255;  (0,1) none (area 0);
  //   (1,1) y2 h2, y5 h255;  (2,1) y1 h2 (area 5), y4 h255.
  // A connection needs overlap min(tops) - max(floors) >= 2 and |dy| <= 1:
  //   (0,0)->(1,0): 257 vs 258, overlap 254, dy 1: con[2] = 0.
  //   (1,0)->(2,0): dy 2 (the climb edge): none; (1,0)->(1,1): y2 h2 overlap
  //     min(258, 4) - 3 = 1; y5 dy 2: none.
  //   (2,0)->(2,1): y1 h2 overlap < 0; y4 overlap 254, dy 1: con[1] = 1.
  //   (1,1) y2 h2: to (2,1) overlaps 1 and 0, to (1,0) 1: none anywhere.
  //   (1,1) y5: to (2,1) y4, overlap 254, dy 1: con[2] = 1; to (1,0) dy 2.
  //   (2,1) y1 h2: to (1,1) overlaps 1 and < 0, to (2,0) < 0: none.
  //   (2,1) y4: to (1,1) y2 h2 overlap 0, y5 254 dy 1: con[0] = 1; to (2,0)
  //     y5 overlap 254 dy 1: con[3] = 0.
  const Heightfield input = Field(3, 2,
                                  {{{0, 0}, {{0, 2, kW}}},
                                   {{1, 0}, {{0, 3, kW}}},
                                   {{2, 0}, {{0, 5, kW}}},
                                   {{0, 1}, {{0, 2, 0}}},
                                   {{1, 1}, {{0, 2, kW}, {4, 5, kW}}},
                                   {{2, 1}, {{0, 1, 5}, {3, 4, kW}}}});
  const auto result = recast_oracle::Compact(input, 2, 1);
  ASSERT_TRUE(result.Ok()) << result.error;
  const CompactHeightfield& got = result.value;
  ASSERT_EQ(got.width, 3);
  ASSERT_EQ(got.depth, 2);
  const std::vector<std::vector<CompactSpan>> want = {
      {{2, 255, {kNc, kNc, 0, kNc}, kW}},
      {{3, 255, {0, kNc, kNc, kNc}, kW}},
      {{5, 255, {kNc, 1, kNc, kNc}, kW}},
      {},
      {{2, 2, {kNc, kNc, kNc, kNc}, kW}, {5, 255, {kNc, kNc, 1, kNc}, kW}},
      {{1, 2, {kNc, kNc, kNc, kNc}, 5}, {4, 255, {1, kNc, kNc, 0}, kW}},
  };
  ASSERT_EQ(got.columns.size(), want.size());
  for (std::size_t c = 0; c < want.size(); ++c)
    EXPECT_EQ(got.columns[c], want[c]) << "column " << c;
}

TEST(RecastOracleCompact, RefusesMoreThan255SpansInAColumn) {
  // Spans (2i, 2i + 1): 256 non-null ones overflow Recast's 8-bit count;
  // with one of them null, 255 remain and the call is comparable.
  SpanColumn column;
  for (int i = 0; i < 256; ++i)
    column.push_back(
        {static_cast<std::uint16_t>(2 * i), static_cast<std::uint16_t>(2 * i + 1), kW});
  EXPECT_FALSE(recast_oracle::Compact(Field(1, 1, {{{0, 0}, column}}), 2, 1).Ok());
  column[0].area = 0;
  const auto result = recast_oracle::Compact(Field(1, 1, {{{0, 0}, column}}), 2, 1);
  ASSERT_TRUE(result.Ok()) << result.error;
  EXPECT_EQ(result.value.columns[0].size(), 255u);
}

// ---- b3d.span.erode ----

TEST(RecastOracleErode, RadiusOneAndTwoOnAFlatField) {
  // 5 x 5, one span a column. Border columns lack a neighbour: dist 0. The
  // inner 3 x 3 columns start at 255; chamfer distances 2 (orthogonal) and
  // 3 (diagonal) from the border give 2 to the eight next to it and
  // min(2 + 2, 2 + 3) = 4 to the centre.
  // Radius 1, threshold 2: only dist 0 (< 2) is cleared: the border.
  const auto one = recast_oracle::Erode(FlatCompact(5), 1);
  ASSERT_TRUE(one.Ok()) << one.error;
  const std::vector<std::vector<int>> wantOne = {
      {0, 0, 0, 0, 0}, {0, kW, kW, kW, 0}, {0, kW, kW, kW, 0}, {0, kW, kW, kW, 0}, {0, 0, 0, 0, 0}};
  EXPECT_EQ(Areas(one.value), wantOne);
  // Radius 2, threshold 4: only the centre (4) stays.
  const auto two = recast_oracle::Erode(FlatCompact(5), 2);
  ASSERT_TRUE(two.Ok());
  std::vector<std::vector<int>> wantTwo(5, std::vector<int>(5, 0));
  wantTwo[2][2] = kW;
  EXPECT_EQ(Areas(two.value), wantTwo);
  // Radius 0 changes nothing.
  EXPECT_EQ(recast_oracle::Erode(FlatCompact(5), 0).value, FlatCompact(5));
}

TEST(RecastOracleErode, NullCentre) {
  // The centre has area 0: dist 0, and its four neighbours have a null
  // neighbour (three non-null): dist 0, cleared. The inner corners, e.g.
  // (1,1), have four non-null neighbours (border columns count: their
  // area is 63) and get 2 from the border: not < 2, kept.
  CompactHeightfield field = FlatCompact(5);
  field.columns[2 + 5 * 2][0].area = 0;
  const auto result = recast_oracle::Erode(field, 1);
  ASSERT_TRUE(result.Ok());
  std::vector<std::vector<int>> want(5, std::vector<int>(5, 0));
  want[1][1] = want[1][3] = want[3][1] = want[3][3] = kW;
  EXPECT_EQ(Areas(result.value), want);
}

TEST(RecastOracleErode, RefusesBrokenConnections) {
  CompactHeightfield field = FlatCompact(3);
  field.columns[0][0].con[2] = 1;  // (1,0) has one span only
  EXPECT_FALSE(recast_oracle::Erode(field, 1).Ok());
  field = FlatCompact(3);
  field.columns[0][0].con[0] = 0;  // x - 1 is outside the grid
  EXPECT_FALSE(recast_oracle::Erode(field, 1).Ok());
}

// ---- b3d.span.volumes ----

Volume Square(float lo, float hi, float minY, float maxY, std::uint8_t area) {
  return {{{lo, lo}, {hi, lo}, {hi, hi}, {lo, hi}}, minY, maxY, area};
}

TEST(RecastOracleVolumes, ASquareMarksTheCellsItsCentresLieIn) {
  // Square 1.2 .. 3.8 on unit cells from 0: columns trunc(1.2) = 1 ..
  // trunc(3.8) = 3; centres 1.5, 2.5, 3.5 lie inside (the even-odd test
  // crosses the edge x = 3.8 only). Rows trunc(0) = 0 .. trunc(2) = 2
  // contain y = 1. So the 3 x 3 block x, z = 1 .. 3 gets 7.
  const Grid grid = UnitGrid(5, 10);
  const std::vector<Volume> volumes = {Square(1.2f, 3.8f, 0, 2, 7)};
  const auto result = recast_oracle::MarkVolumes(FlatCompact(5), grid, volumes);
  ASSERT_TRUE(result.Ok()) << result.error;
  std::vector<std::vector<int>> want(5, std::vector<int>(5, kW));
  for (int z = 1; z <= 3; ++z)
    for (int x = 1; x <= 3; ++x) want[z][x] = 7;
  EXPECT_EQ(Areas(result.value), want);
  // Heights up to 0.5: maxy = trunc(0.5) = 0 < y = 1: nothing marked.
  const std::vector<Volume> low = {Square(1.2f, 3.8f, 0, 0.5f, 7)};
  EXPECT_EQ(recast_oracle::MarkVolumes(FlatCompact(5), grid, low).value, FlatCompact(5));
}

TEST(RecastOracleVolumes, InOrderAndNullIsFinal) {
  // First area 0 on 0.1 .. 1.9 (columns 0 .. 1, centres 0.5 and 1.5
  // inside), then 9 on 0.1 .. 2.9 (columns 0 .. 2): the 9 skips the four
  // spans already 0 and marks the other five.
  const std::vector<Volume> volumes = {Square(0.1f, 1.9f, 0, 2, 0), Square(0.1f, 2.9f, 0, 2, 9)};
  const auto result = recast_oracle::MarkVolumes(FlatCompact(5), UnitGrid(5, 10), volumes);
  ASSERT_TRUE(result.Ok());
  std::vector<std::vector<int>> want(5, std::vector<int>(5, kW));
  for (int z = 0; z <= 2; ++z)
    for (int x = 0; x <= 2; ++x) want[z][x] = x <= 1 && z <= 1 ? 0 : 9;
  EXPECT_EQ(Areas(result.value), want);
}

TEST(RecastOracleVolumes, TheLastVolumeWins) {
  // 5 on 0.1 .. 1.9 (columns 0 .. 1), then 9 on 0.1 .. 2.9 (columns
  // 0 .. 2): the second overwrites the first (5 is not null), so all nine
  // columns 0 .. 2 end at 9.
  const std::vector<Volume> volumes = {Square(0.1f, 1.9f, 0, 2, 5), Square(0.1f, 2.9f, 0, 2, 9)};
  const auto result = recast_oracle::MarkVolumes(FlatCompact(5), UnitGrid(5, 10), volumes);
  ASSERT_TRUE(result.Ok());
  std::vector<std::vector<int>> want(5, std::vector<int>(5, kW));
  for (int z = 0; z <= 2; ++z)
    for (int x = 0; x <= 2; ++x) want[z][x] = 9;
  EXPECT_EQ(Areas(result.value), want);
}

// ---- canonical bytes ----

TEST(RecastOracleBytes, HandWrittenLayouts) {
  // u32 width 1, u32 depth 1, u32 count 1, u16 smin 2, u16 smax 3, u8 63.
  const Heightfield field = Field(1, 1, {{{0, 0}, {{2, 3, kW}}}});
  EXPECT_EQ(recast_oracle::HeightfieldBytes(field),
            (std::vector<std::uint8_t>{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 0, 3, 0, 0x3f}));
  // ... u16 y 0x0102, u8 h 5, u8 con 63, 0, 1, 2, u8 area 7.
  CompactHeightfield compact{1, 1, {{{0x0102, 5, {kNc, 0, 1, 2}, 7}}}};
  EXPECT_EQ(
      recast_oracle::CompactHeightfieldBytes(compact),
      (std::vector<std::uint8_t>{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 2, 1, 5, 0x3f, 0, 1, 2, 7}));
  // u32 count 2, then u32 index, u8 area per triangle.
  const std::vector<std::uint32_t> indices = {5, 0x01020304};
  const std::vector<std::uint8_t> areas = {kW, 0};
  EXPECT_EQ(recast_oracle::TrianglesBytes(indices, areas),
            (std::vector<std::uint8_t>{2, 0, 0, 0, 5, 0, 0, 0, 0x3f, 4, 3, 2, 1, 0}));
}

TEST(RecastOracleBytes, Sha256) {
  // canon.hash: sign +1, the byte 01, hashes to this value.
  const std::vector<std::uint8_t> one = {1};
  EXPECT_EQ(recast_oracle::Sha256Hex(one),
            "4bf5122f344554c53bde2ebb8cd2b7e3d1600ad631c385a5d7cce23c7785459a");
  EXPECT_EQ(recast_oracle::Sha256Hex({}),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

}  // namespace
