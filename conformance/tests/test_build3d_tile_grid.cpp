// b3d.tile-origin ... b3d.voxel-mapping: tiles, triangle selection and each
// tile's grid (docs/spec/build3d-tiles.md). Most cases use dyadic settings
// (cells of 1/4, tiles of 8, rows of 1/2) so that every binary64 operation
// is exact and the expected values follow by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>
#include <vector>

#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/error_fields.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/build3d/pipeline.hpp"
#include "onepath/build3d/settings.hpp"
#include "onepath/build3d/slope_math.hpp"
#include "onepath/build3d/span_pipeline.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "onepath/core/canonical.hpp"

using namespace onepath;
using namespace onepath::build3d;
using onepath::b3dtest::ExpectFields;
using onepath::checks::OutOfRangeFields;

namespace {

// Cells of 0.25 (32 per tile of 8), rows of 0.5; WalkableHeight 2 / 0.5 =
// 4, WalkableClimb 1 / 0.5 = 2, WalkableRadius 0.5 / 0.25 = 2, so B = 5,
// B * cs = 1.25 and W = 42. Tiles start at x = -3 + 8 tx, z = 5 + 8 tz.
NavSettings Dyadic() {
  NavSettings s;
  s.CellSize = 0.25;
  s.TileSize = 8.0;
  s.CellHeight = 0.5;
  s.AgentHeight = 2.0;
  s.AgentMaxClimb = 1.0;
  s.AgentRadius = 0.5;
  s.OriginX = -3.0;
  s.OriginZ = 5.0;
  return s;
}

TriangleSoup Soup(std::vector<float> vertices, std::vector<std::int32_t> indices) {
  return {std::move(vertices), std::move(indices)};
}

}  // namespace

TEST(Build3DTileGrid, TileOriginsProductThenSum) {
  CLAUSE("b3d.tile-origin");
  const NavSettings s = Dyadic();
  EXPECT_EQ(TileOriginX(s, -3), -27.0);  // -3 + (-3 * 8)
  EXPECT_EQ(TileOriginZ(s, 2), 21.0);    // 5 + 2 * 8
  EXPECT_EQ(TileOriginX(s, 0), -3.0);
  // Neighbours share their origin values: tile tx ends where tx + 1 starts.
  NavSettings d;  // TileSize 9.6
  d.OriginX = 0.1;
  for (std::int64_t tx = -5; tx < 5; ++tx) {
    EXPECT_EQ(TileOriginX(d, tx + 1), 0.1 + static_cast<double>(tx + 1) * 9.6);
  }
}

TEST(Build3DTileGrid, TheGridOriginRoundsInThePinnedOrder) {
  CLAUSE("b3d.tile-origin b3d.grid");
  // OriginX = OriginZ = 0.1 (0x1.999999999999ap-4), TileSize 4, cells of
  // 0.25 (16 per tile), AgentRadius 0.25: WalkableRadius 1, B = 4, B * cs =
  // 1 exactly. gridX of tile 1: 0.1 + 1 * 4 rounds to 0x1.0666666666666p+2
  // (4.0999999999999996), minus 1 (exact) is 0x1.8ccccccccccccp+1; the
  // other association, 0.1 + (4 - 1) = 0.1 + 3, would round to
  // 0x1.8cccccccccccdp+1 (3.1000000000000001). gridZ of tile 4: 0.1 + 16
  // rounds to 0x1.019999999999ap+4, minus 1 is 0x1.e333333333334p+3, where
  // 0.1 + 15 gives 0x1.e333333333333p+3.
  NavSettings s;
  s.OriginX = s.OriginZ = 0.1;
  s.TileSize = 4.0;
  s.CellSize = 0.25;
  s.AgentRadius = 0.25;
  const DerivedSettings d = DeriveSettings(s);
  ASSERT_EQ(d.border, 4);
  ASSERT_EQ(d.tileCells, 16);
  EXPECT_EQ(TileOriginX(s, 1), 0x1.0666666666666p+2);
  const TileGrid g = MakeTileGrid(s, d, 1, 4, 0.0, 10);
  EXPECT_EQ(g.originX, 0x1.8ccccccccccccp+1);
  EXPECT_NE(g.originX, 0.1 + 3.0);
  EXPECT_EQ(g.originZ, 0x1.e333333333334p+3);
  EXPECT_NE(g.originZ, 0.1 + 15.0);
  EXPECT_EQ(g.bmin.x, static_cast<float>(0x1.8ccccccccccccp+1));
  // bmax.x = f32(gridX + 24 * 0.25) = f32(gridX + 6): the double sum, then
  // one rounding.
  EXPECT_EQ(g.bmax.x, static_cast<float>(0x1.8ccccccccccccp+1 + 6.0));
}

TEST(Build3DTileGrid, ASoupTilesGridByHand) {
  CLAUSE("b3d.grid b3d.tile-origin b3d.grid-vertical b3d.border");
  // One triangle with x, z in 6..7 (tile (1, 0): x in 5..13, z in 5..13)
  // and y in 3..4: y0 = 3 - 0.5 = 2.5, rows = ceil(1.5 / 0.5) + 4 + 2 = 9;
  // gridX = (-3 + 8) - 1.25 = 3.75, gridZ = (5 + 0) - 1.25 = 3.75;
  // bmax = (3.75 + 42 * 0.25, 2.5 + 9 * 0.5, 3.75 + 10.5).
  const NavSettings s = Dyadic();
  const TriangleSoup soup = Soup({6, 3, 6, 6, 4, 7, 7, 3, 6}, {0, 1, 2});
  const DerivedSettings d = DeriveSettings(s);
  const auto triangles = SelectTileTriangles(soup, s, d, SoupTiles(soup, s), 1, 0);
  EXPECT_EQ(triangles, std::vector<std::uint32_t>{0});
  const TileGrid g = SoupTileGrid(soup, triangles, s, d, 1, 0);
  EXPECT_EQ(g.tileX, 1);
  EXPECT_EQ(g.tileZ, 0);
  EXPECT_EQ(g.tileCells, 32);
  EXPECT_EQ(g.border, 5);
  EXPECT_EQ(g.width, 42);
  EXPECT_EQ(g.rows, 9);
  EXPECT_EQ(g.originX, 3.75);
  EXPECT_EQ(g.originY, 2.5);
  EXPECT_EQ(g.originZ, 3.75);
  EXPECT_EQ(g.cs, 0.25);
  EXPECT_EQ(g.bmin, (Vector3f{3.75f, 2.5f, 3.75f}));
  EXPECT_EQ(g.bmax, (Vector3f{14.25f, 7.0f, 14.25f}));
  EXPECT_EQ(g.csF, 0.25f);
  EXPECT_EQ(g.chF, 0.5f);
  // b3d.grid's bytes, field by field.
  CanonicalWriter w;
  w.I32(1);
  w.I32(0);
  w.U32(32);
  w.U32(5);
  w.U32(42);
  w.U32(9);
  for (double v : {3.75, 2.5, 3.75, 0.25}) w.F64(v);
  for (float v : {3.75f, 2.5f, 3.75f, 14.25f, 7.0f, 14.25f, 0.25f, 0.5f}) w.F32(v);
  EXPECT_EQ(CanonicalBytes(g), w.bytes());
  EXPECT_EQ(CanonicalBytes(g).size(), 4u * 6 + 8 * 4 + 4 * 8);
}

TEST(Build3DTileGrid, TheDefaultGridsBinary32Images) {
  CLAUSE("b3d.grid b3d.tile-origin");
  // Defaults: B = 5, cs = 0.3; 5 * 0.3 rounds to 1.5 (the exact product
  // 1.4999999999999999445 is nearest 1.5), so gridX = -1.5; bmax.x =
  // f32(-1.5 + 42 * 0.3) = f32(0x1.6333333333333p+3) = 0x1.633334p+3.
  const DerivedSettings d = DeriveSettings(NavSettings{});
  const TileGrid g = MakeTileGrid(NavSettings{}, d, 0, 0, 0.0, 20);
  EXPECT_EQ(g.width, 42);
  EXPECT_EQ(g.originX, -1.5);
  EXPECT_EQ(g.bmin.x, -1.5f);
  EXPECT_EQ(g.bmax.x, 0x1.633334p+3f);
  EXPECT_EQ(g.bmax.z, 0x1.633334p+3f);
  EXPECT_EQ(g.csF, 0.3f);  // f32(cs), here also f32(CellSize)
  EXPECT_EQ(g.chF, 0.2f);
}

TEST(Build3DTileGrid, SoupY0IsClampedAndRowsCounted) {
  CLAUSE("b3d.grid-vertical");
  const NavSettings s = Dyadic();
  const DerivedSettings d = DeriveSettings(s);
  const std::vector<std::uint32_t> first = {0};
  // minY = -2^21: -2^21 - 0.5 < -2^21 + 1, so y0 = -2^21 + 1; maxY = -2^21
  // + 9: rows = ceil(8 / 0.5) + 4 + 2 = 22.
  TriangleSoup soup = Soup({0, -0x1p21f, 0, 0, -0x1p21f + 9, 1, 1, -0x1p21f, 0}, {0, 1, 2});
  GridVertical v = SoupGridVertical(soup, first, s, d);
  EXPECT_EQ(v.y0, -0x1p21 + 1);
  EXPECT_EQ(v.rows, 22);
  // minY = -2^21 + 2: y0 = -2^21 + 1.5, not clamped; rows = ceil(7.5 / 0.5) + 6.
  soup.vertices[1] = soup.vertices[7] = -0x1p21f + 2;
  v = SoupGridVertical(soup, first, s, d);
  EXPECT_EQ(v.y0, -0x1p21 + 1.5);
  EXPECT_EQ(v.rows, 21);
  // No triangles: minY = maxY = 0, y0 = -0.5, rows = ceil(1) + 6.
  v = SoupGridVertical(soup, {}, s, d);
  EXPECT_EQ(v.y0, -0.5);
  EXPECT_EQ(v.rows, 7);
  // Only the listed triangles count: a second, higher triangle is ignored.
  soup.vertices.insert(soup.vertices.end(), {0, 1000, 0, 0, 1001, 1, 1, 1000, 0});
  soup.indices.insert(soup.indices.end(), {3, 4, 5});
  v = SoupGridVertical(soup, first, s, d);
  EXPECT_EQ(v.rows, 21);
}

TEST(Build3DTileGrid, RowsAboveRecastsThirteenBitsUpTo65535) {
  CLAUSE("b3d.grid-vertical b3d.span.rows b3d.span.rasterize b3d.span.compact");
  // Cells and rows of 1, tiles of 4, WalkableHeight 2, WalkableRadius 1: B
  // = 4, W = 12, tile (0, 0)'s grid starts at x = z = -4. A wall from y = 0
  // to 65530 in cell (4, 4) and a floor at y = 40000.5 in cell (5, 5): y0
  // = 0 - 1 = -1, rows = ceil(65531 / 1) + 2 + 2 = 65535, the most allowed.
  // bmin.y = -1, bmax.y = f32(-1 + 65535) = 65534, by = 65535.
  // Wall (area 0: n.y = 0): y - bmin.y = 1 .. 65531, span (1, 65531).
  // Floor (area 63): 40001.5 -> smin = floor = 40001, smax = ceil = 40002.
  // Recast's 13-bit spans would clamp both tops to 8191.
  const NavSettings s = b3dtest::UnitSettings(2, 1, 1);
  const TriangleSoup soup =
      Soup({0.25f, 0, 0.5f, 0.25f, 65530, 0.5f, 0.75f, 0, 0.5f,  //
            1.25f, 40000.5f, 1.25f, 1.25f, 40000.5f, 1.75f, 1.75f, 40000.5f, 1.25f},
           {0, 1, 2, 3, 4, 5});
  const Mesh3DTileSpans t = Mesh3DPipeline::TileSpans(soup, {}, s, 0, 0);
  EXPECT_EQ(t.grid.rows, 65535);
  EXPECT_EQ(t.grid.originY, -1.0);
  EXPECT_EQ(t.grid.bmax.y, 65534.0f);
  const std::vector<Span> wall = {{1, 65531, 0}}, floor = {{40001, 40002, 63}};
  EXPECT_TRUE(std::ranges::equal(t.spans.Column(4 + 12 * 4), wall));
  EXPECT_TRUE(std::ranges::equal(t.spans.Column(5 + 12 * 5), floor));
  EXPECT_EQ(t.spans.spans().size(), 2u);
  // Compacted: the floor's open space reaches 65535, clearance min(65535 -
  // 40002, 255) = 255; the wall has area 0 and no compact span.
  const CompactHeightfield c = SpanPipeline::Compact(t.spans, s);
  ASSERT_EQ(c.Column(5 + 12 * 5).size(), 1u);
  EXPECT_EQ(c.Column(5 + 12 * 5)[0].y, 40002);
  EXPECT_EQ(c.Column(5 + 12 * 5)[0].h, 255);
  EXPECT_TRUE(c.Column(4 + 12 * 4).empty());
}

TEST(Build3DTileGrid, HeightfieldAndChunkGrids) {
  CLAUSE("b3d.grid-vertical b3d.grid b3d.voxel-mapping");
  const NavSettings s = Dyadic();
  const DerivedSettings d = DeriveSettings(s);
  HeightfieldInput in;
  in.width = 40;
  in.depth = 1;
  in.rows = 17;
  in.originY = -7.25;
  in.columns.resize(40);
  const TileGrid h = HeightfieldTileGrid(in, s, d, 1, 0);
  EXPECT_EQ(h.originY, -7.25);
  EXPECT_EQ(h.rows, 17 + 4 + 2);
  EXPECT_EQ(h.bmax.y, -7.25f + 23 * 0.5f);
  // Grid column c of tile 1 shows source column 1 * 32 - 5 + c.
  EXPECT_EQ(SourceColumn(h, 1, 0), 27);
  EXPECT_EQ(SourceColumn(h, 0, 0), -5);
  const TileGrid c = ChunkTileGrid(VoxelChunk{1, 30, 1, {}}, s, d, 0, 0);
  EXPECT_EQ(c.originY, 0.0);
  EXPECT_EQ(c.rows, 36);
  // The same tile's origins in x and z whatever the input.
  EXPECT_EQ(c.originX, -3.0 - 1.25);
  EXPECT_EQ(c.originZ, 5.0 - 1.25);
}

TEST(Build3DTileGrid, SoupTileRangeCountsEveryVertex) {
  CLAUSE("b3d.soup-tiles");
  const NavSettings s = Dyadic();
  // x in -3.5 .. 14: floor(-0.5 / 8) = -1 .. floor(17 / 8) = 2; z = 5 .. 5: 0.
  // The vertex at x = 14 is used by no triangle.
  const TriangleSoup soup = Soup({-3.5f, 0, 5, -3, 0, 5, -3.5f, 0, 5.5f, 14, 0, 5}, {0, 1, 2});
  const TileRange r = SoupTiles(soup, s);
  EXPECT_EQ(r, (TileRange{-1, 2, 0, 0}));
  EXPECT_EQ(r.Count(), 4);
  EXPECT_EQ(SoupTiles(TriangleSoup{}, s).Count(), 0);
}

TEST(Build3DTileGrid, TheTileLimitIsTwoToTheTwenty) {
  CLAUSE("b3d.soup-tiles b3d.errors");
  const NavSettings s = b3dtest::UnitSettings(2, 1, 1, 1);  // tiles of 1
  TriangleSoup soup = Soup({0, 0, 0, 0x1p20f - 1, 0, 0}, {});
  EXPECT_EQ(SoupTiles(soup, s).Count(), 1 << 20);
  soup.vertices[3] = 0x1p20f;
  ExpectFields(OutOfRangeFields([&] { SoupTiles(soup, s); }),
               {.argument = "tiles", .count = (1 << 20) + 1});
}

TEST(Build3DTileGrid, TriangleSelectionEqualsTouchingEveryTilesGridBox) {
  CLAUSE("b3d.triangle-selection b3d.soup-tiles b3d.tile-order");
  // Brute force: with coordinates on multiples of 1/4, every value below is
  // exact, so triangle t belongs to tile (tx, tz) exactly when its xz box
  // touches the tile grown by E = 1.25 on the low sides and overlaps it on
  // the high sides: O + tx * 8 - E <= maxX and minX < O + (tx + 1) * 8 + E,
  // the same in z (the floor of b3d.triangle-selection, solved for tx).
  const NavSettings s = Dyadic();
  const DerivedSettings d = DeriveSettings(s);
  const double e = 1.25;
  std::mt19937 rng(26);
  std::uniform_int_distribution<int> coordinate(-160, 160);  // quarters: -40 .. 40
  TriangleSoup soup;
  for (int t = 0; t < 400; ++t) {
    const float x = coordinate(rng) / 4.0f;
    const float z = coordinate(rng) / 4.0f;
    const int size = (t % 4 == 0) ? 80 : 12;
    std::uniform_int_distribution<int> offset(0, size);
    for (int k = 0; k < 3; ++k) {
      soup.vertices.insert(soup.vertices.end(),
                           {x + offset(rng) / 4.0f, 0.0f, z + offset(rng) / 4.0f});
      soup.indices.push_back(3 * t + k);
    }
  }
  const TileRange range = SoupTiles(soup, s);
  ASSERT_GT(range.Count(), 20);
  int memberships = 0;
  for (std::size_t t = 0; t < soup.indices.size() / 3; ++t) {
    double minX = 1e9, maxX = -1e9, minZ = 1e9, maxZ = -1e9;
    for (int k = 0; k < 3; ++k) {
      const Vector3f v = SoupVertex(soup, soup.indices[3 * t + k]);
      minX = std::min(minX, double{v.x});
      maxX = std::max(maxX, double{v.x});
      minZ = std::min(minZ, double{v.z});
      maxZ = std::max(maxZ, double{v.z});
    }
    const TileRange tiles = TriangleTiles(soup, t, s, d, range);
    for (std::int64_t tz = range.z0; tz <= range.z1; ++tz) {
      for (std::int64_t tx = range.x0; tx <= range.x1; ++tx) {
        const double x0 = -3.0 + 8.0 * tx, z0 = 5.0 + 8.0 * tz;
        const bool touches =
            x0 - e <= maxX && minX < x0 + 8.0 + e && z0 - e <= maxZ && minZ < z0 + 8.0 + e;
        EXPECT_EQ(tiles.Contains(tx, tz), touches)
            << "triangle " << t << " tile " << tx << ", " << tz;
        memberships += touches ? 1 : 0;
      }
    }
  }
  EXPECT_GT(memberships, 400);
  // SelectTileTriangles lists, in input order, the triangles containing the
  // tile; SelectTrianglesByTile lists the same for every tile, in build order.
  const auto byTile = SelectTrianglesByTile(soup, s, d, range);
  ASSERT_EQ(byTile.size(), static_cast<std::size_t>(range.Count()));
  std::size_t next = 0;
  for (const TileIndex& tile : BuildOrder(range)) {
    std::vector<std::uint32_t> expected;
    for (std::uint32_t t = 0; t < soup.indices.size() / 3; ++t) {
      if (TriangleTiles(soup, t, s, d, range).Contains(tile.x, tile.z)) expected.push_back(t);
    }
    EXPECT_EQ(SelectTileTriangles(soup, s, d, range, tile.x, tile.z), expected);
    EXPECT_EQ(byTile[next++], expected);
  }
}

TEST(Build3DTileGrid, AnUnselectedTriangleAddsNoSpanToTheTilesGrid) {
  CLAUSE("b3d.triangle-selection b3d.span.rasterize b3d.span.split");
  // Brute force over every tile and every triangle of two dyadic settings,
  // where every binary64 and binary32 value below is exact: a triangle that
  // b3d.triangle-selection leaves out of a tile, rasterized alone into that
  // tile's grid (b3d.span.rasterize, any rows), adds no span. The one
  // exception is the grid's far z line (b3d.triangle-selection's note):
  // with lo.z = bmax.z the row index trunc(W) is clamped to W - 1, and an
  // edge lying on the line survives the split at bmax.z as a three-point
  // strip (both ends go to the low part, the second twice), so row W - 1
  // gets a span. On the far x line the strip's start column W is skipped.
  NavSettings second;  // cells of 1/2, tiles of 4 (8 cells), B = 2 + 3
  second.CellSize = 0.5;
  second.TileSize = 4.0;
  second.CellHeight = 0.25;
  second.AgentRadius = 1.0;
  second.OriginX = 0.75;
  second.OriginZ = -1.25;
  int unselected = 0, farZ = 0;
  for (const NavSettings& s : {Dyadic(), second}) {
    const DerivedSettings d = DeriveSettings(s);
    std::mt19937 rng(2026);
    std::uniform_int_distribution<int> coordinate(-120, 120);  // quarters
    TriangleSoup soup;
    for (int t = 0; t < 600; ++t) {
      const float x = coordinate(rng) / 4.0f, z = coordinate(rng) / 4.0f;
      std::uniform_int_distribution<int> offset(0, (t % 4 == 0) ? 60 : 6);
      for (int k = 0; k < 3; ++k) {
        soup.vertices.insert(soup.vertices.end(), {x + offset(rng) / 4.0f, static_cast<float>(k),
                                                   z + offset(rng) / 4.0f});
        soup.indices.push_back(3 * t + k);
      }
    }
    const TileRange range = SoupTiles(soup, s);
    for (const TileIndex& tile : BuildOrder(range)) {
      const TileGrid g = MakeTileGrid(s, d, tile.x, tile.z, -4.0, 64);
      std::vector<bool> selected(soup.indices.size() / 3);
      for (std::uint32_t t : SelectTileTriangles(soup, s, d, range, tile.x, tile.z)) {
        selected[t] = true;
      }
      for (std::uint32_t t = 0; t < selected.size(); ++t) {
        if (selected[t]) continue;
        ++unselected;
        const Heightfield h = internal::Rasterize(soup, TileTriangles{{{t, 63}}}, g, 0);
        if (h.spans().empty()) continue;
        float minZ = SoupVertex(soup, 3 * t).z;
        for (int k = 1; k < 3; ++k) minZ = std::min(minZ, SoupVertex(soup, 3 * t + k).z);
        EXPECT_EQ(minZ, g.bmax.z) << "triangle " << t << " tile " << tile.x << ", " << tile.z;
        for (std::size_t c = 0; c < h.columnCount(); ++c) {
          if (!h.Column(c).empty()) {
            EXPECT_EQ(c / g.width, g.width - 1u) << "triangle " << t;
          }
        }
        ++farZ;
      }
    }
  }
  EXPECT_GT(unselected, 50000);
  EXPECT_GT(farZ, 0);  // the exception occurs, so the check above is live
}

TEST(Build3DTileGrid, TriangleTilesAreClampedToTheSoupsTiles) {
  CLAUSE("b3d.triangle-selection");
  // One triangle in tile (0, 0): its grown box reaches tiles -1 and 1, but
  // the soup has only tile 0.
  const NavSettings s = Dyadic();
  const TriangleSoup soup = Soup({-2.5f, 0, 5.5f, 4.5f, 0, 12.5f, 4.5f, 0, 5.5f}, {0, 1, 2});
  const TileRange range = SoupTiles(soup, s);
  EXPECT_EQ(range, (TileRange{0, 0, 0, 0}));
  EXPECT_EQ(TriangleTiles(soup, 0, s, DeriveSettings(s), range), range);
}

TEST(Build3DTileGrid, MayBeWalkableByHand) {
  CLAUSE("b3d.may-be-walkable");
  const float c45 = SlopeMath::CosineOfDegrees(45.0);
  // (0,0,0), (0,0,1), (1,0,0): e0 = (0,0,1), e1 = (1,0,0), n = (0, 1, 0).
  EXPECT_TRUE(MayBeWalkable({0, 0, 0}, {0, 0, 1}, {1, 0, 0}, c45));
  // The other winding faces down: n = (0, -1, 0).
  EXPECT_FALSE(MayBeWalkable({0, 0, 0}, {1, 0, 0}, {0, 0, 1}, c45));
  // Degenerate: len = 0.
  EXPECT_FALSE(MayBeWalkable({0, 0, 0}, {1, 1, 1}, {2, 2, 2}, c45));
  // e0 = (0,1,1), e1 = (1,0,0): n = (0, 1, -1), len = sqrt 2; 1 >= (c45 -
  // 0.001) * 1.41 = 0.998: exactly 45 degrees passes with the tolerance.
  EXPECT_TRUE(MayBeWalkable({0, 0, 0}, {0, 1, 1}, {1, 0, 0}, c45));
  // e0 = (0,2,1), e1 = (1,0,0): n = (0, 1, -2), n.y / len = 0.447 < 0.706.
  EXPECT_FALSE(MayBeWalkable({0, 0, 0}, {0, 2, 1}, {1, 0, 0}, c45));
  // A flat slope limit (cos 0 = 1): only n.y >= 0.999 len passes.
  EXPECT_TRUE(MayBeWalkable({0, 0, 0}, {0, 0, 1}, {1, 0, 0}, 1.0f));
  EXPECT_FALSE(MayBeWalkable({0, 0, 0}, {0, 0.1f, 1}, {1, 0, 0}, 1.0f));
  const TriangleSoup soup = Soup({0, 0, 0, 0, 0, 1, 1, 0, 0}, {0, 1, 2, 0, 2, 1});
  EXPECT_TRUE(AnyMayBeWalkable(soup, std::vector<std::uint32_t>{1, 0}, c45));
  EXPECT_FALSE(AnyMayBeWalkable(soup, std::vector<std::uint32_t>{1}, c45));
  EXPECT_FALSE(AnyMayBeWalkable(soup, {}, c45));
}

TEST(Build3DTileGrid, VoxelTilesAndBuildOrder) {
  CLAUSE("b3d.voxel-mapping b3d.tile-order");
  const DerivedSettings d = DeriveSettings(Dyadic());  // TileCells 32
  EXPECT_EQ(VoxelTiles(65, 64, d), (TileRange{0, 2, 0, 1}));
  EXPECT_EQ(VoxelTiles(1, 1, d), (TileRange{0, 0, 0, 0}));
  EXPECT_EQ(VoxelTiles(0, 64, d).Count(), 0);
  EXPECT_EQ(VoxelTiles(64, 0, d).Count(), 0);
  const std::vector<TileIndex> order = BuildOrder({-1, 0, 2, 3});
  EXPECT_EQ(order, (std::vector<TileIndex>{{-1, 2}, {0, 2}, {-1, 3}, {0, 3}}));
  EXPECT_TRUE(BuildOrder({}).empty());
}
