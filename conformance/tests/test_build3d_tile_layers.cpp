// A tile's layers and its tile data on hand-made inputs
// (docs/spec/build3d-tiles.md, b3d.tile-layers, b3d.tile-data): the region
// layers of stacked floors and a ramp, the other partitions, the layer
// limit, and the NavTiles written per layer (vertices renumbered, area 63
// mapped, detail rebased, OriginY) with their errors. Every expected value
// is derived by hand in the comments.
#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/build3d.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/navmesh.hpp"

using namespace onepath;
using namespace onepath::build3d;
using onepath::b3dtest::ExpectFields;
using onepath::b3dtest::UnitSettings;

namespace {

// A span given to Field: its floor row and its id in the cut.
struct TestSpan {
  std::uint16_t y = 0;
  std::uint16_t id = 0;
};

// A W x W compact heightfield and its cut from spans per cell; each span
// connects in each direction to the first span (bottom up) of the
// neighbour column whose floor is within 2 rows (the test's own rule: only
// the connections matter to b3d.tile-layers).
struct TestTile {
  CompactHeightfield compact;
  BorderCut cut;
};

TestTile Field(std::int64_t w, const std::vector<std::vector<TestSpan>>& cells,
               std::uint16_t borderId) {
  static constexpr int kDx[4] = {-1, 0, 1, 0}, kDz[4] = {0, 1, 0, -1};
  std::vector<std::vector<CompactSpan>> columns(cells.size());
  TestTile t;
  for (std::int64_t z = 0; z < w; ++z) {
    for (std::int64_t x = 0; x < w; ++x) {
      const auto& cell = cells[x + w * z];
      for (const TestSpan& s : cell) {
        CompactSpan c;
        c.y = s.y;
        c.h = 1;
        c.area = 63;
        for (int d = 0; d < 4; ++d) {
          const std::int64_t nx = x + kDx[d], nz = z + kDz[d];
          if (nx < 0 || nz < 0 || nx >= w || nz >= w) continue;
          const auto& n = cells[nx + w * nz];
          for (std::size_t k = 0; k < n.size(); ++k) {
            if (std::abs(int{n[k].y} - int{s.y}) <= 2) {
              c.con[d] = static_cast<std::uint8_t>(k);
              break;
            }
          }
        }
        columns[x + w * z].push_back(c);
        t.cut.regions.push_back(s.id);
      }
    }
  }
  t.compact = CompactHeightfield(w, w, columns);
  t.cut.borderId = borderId;
  t.cut.empty = false;
  return t;
}

// Unit cells and rows, radius 0: B = 3, TileCells = `cells`, W = cells + 6.
NavSettings LayerSettings(int cells) {
  NavSettings s = UnitSettings(2, 1, 0, cells);
  s.Partition = Partition::Layers;
  return s;
}

}  // namespace

// Two floors over the whole 2 x 2 core (W = 8, core cells 3, 4): region 1
// at row 0 and region 2 at row 10 in every core cell; 10 rows apart, so no
// connection joins them. Region 1: no neighbour of smaller id, layer 0 is
// free: 0. Region 2: shares every column with region 1 (layer 0), so 0 is
// not free; no neighbour: the lowest free layer, 1. borderId 3: entry 0.
TEST(Build3DTileLayers, TwoStackedFloors) {
  CLAUSE("b3d.tile-layers");
  std::vector<std::vector<TestSpan>> cells(64);
  for (int z = 3; z < 5; ++z)
    for (int x = 3; x < 5; ++x) cells[x + 8 * z] = {{0, 1}, {10, 2}};
  const TestTile t = Field(8, cells, 3);
  EXPECT_EQ(RegionLayers(t.compact, t.cut, LayerSettings(2), 0, 0),
            (std::vector<std::uint16_t>{0, 0, 1, 0}));
  // Other partitions: every entry 0.
  NavSettings s = LayerSettings(2);
  s.Partition = Partition::Watershed;
  EXPECT_EQ(RegionLayers(t.compact, t.cut, s, 0, 0), (std::vector<std::uint16_t>(4, 0)));
  s.Partition = Partition::Monotone;
  EXPECT_EQ(RegionLayers(t.compact, t.cut, s, 0, 0), (std::vector<std::uint16_t>(4, 0)));
}

// A 3 x 3 core (W = 9, core cells 3 .. 5), the same in every core row z:
//   x = 3: region 1 at row 0, region 2 at row 8;
//   x = 4: region 1 at row 0, region 3 (a ramp) at row 6;
//   x = 5: region 4 at row 4;
//   x = 2 (outside the core): the border region 6 at row 8.
// borderId 6; id 5 is carried by no span. Connections (floors within 2):
// 2 (row 8) -> x = 4: row 0 no, row 6 yes: 2 and 3 adjacent; 3 (row 6) ->
// x = 5 row 4: 3 and 4 adjacent; 1 (row 0) -> x = 5 row 4: no; 2 -> x = 2:
// the border region (not a region here).
//   region 1: no smaller neighbour; layer 0.
//   region 2: column x = 3 shared with 1 (layer 0); no smaller neighbour
//             (3 is larger): lowest free layer, 1.
//   region 3: column x = 4 shared with 1 (layer 0); neighbour 2 (layer 1)
//             and 1 is free: 1.
//   region 4: no column shared; neighbour 3 (layer 1), free: 1, although
//             layer 0 is free too (a neighbour's layer is preferred).
//   region 5: no span: layer 0. Entries 0 and 6: 0 (a border region taking
//             part would have taken layer 1 from its neighbour 2).
TEST(Build3DTileLayers, RampJoinsTheUpperFloor) {
  CLAUSE("b3d.tile-layers");
  std::vector<std::vector<TestSpan>> cells(81);
  for (int z = 3; z < 6; ++z) {
    cells[2 + 9 * z] = {{8, 6}};
    cells[3 + 9 * z] = {{0, 1}, {8, 2}};
    cells[4 + 9 * z] = {{0, 1}, {6, 3}};
    cells[5 + 9 * z] = {{4, 4}};
  }
  const TestTile t = Field(9, cells, 6);
  EXPECT_EQ(RegionLayers(t.compact, t.cut, LayerSettings(3), 0, 0),
            (std::vector<std::uint16_t>{0, 0, 1, 1, 1, 0, 0}));
}

// Adjacency counts a connection either way: region 4's own connection to
// the ramp removed by hand (the ramp still connects to it). Region 4 is
// still adjacent to the ramp (layer 1) and takes 1; were the connection of
// the smaller id ignored, it would take the lowest free layer, 0.
TEST(Build3DTileLayers, OneWayConnectionIsAdjacency) {
  CLAUSE("b3d.tile-layers");
  std::vector<std::vector<TestSpan>> cells(81);
  for (int z = 3; z < 6; ++z) {
    cells[3 + 9 * z] = {{0, 1}, {8, 2}};
    cells[4 + 9 * z] = {{0, 1}, {6, 3}};
    cells[5 + 9 * z] = {{4, 4}};
  }
  TestTile t = Field(9, cells, 5);
  auto lists = ColumnLists(t.compact);
  for (int z = 3; z < 6; ++z) lists[5 + 9 * z][0].con[0] = 63;  // region 4 -> x = 4
  t.compact = CompactHeightfield(9, 9, lists);
  EXPECT_EQ(RegionLayers(t.compact, t.cut, LayerSettings(3), 0, 0),
            (std::vector<std::uint16_t>{0, 0, 1, 1, 1, 0}));
}

// 1024 regions stacked in one core cell, rows 0, 3, 6, ... (the cell has
// no neighbour with spans, so no connection): region r shares the
// column with regions 1 .. r-1 on layers 0 .. r-2, so it takes r - 1.
// 1024 regions use layers 0 .. 1023; a 1025th would take layer 1024:
// InvalidOperationException, count 1025, with the tile's indices.
TEST(Build3DTileLayers, LayerLimit) {
  CLAUSE("b3d.tile-layers");
  for (const int n : {1024, 1025}) {
    std::vector<std::vector<TestSpan>> cells(64);
    for (int r = 1; r <= n; ++r)
      cells[3 + 8 * 3].push_back(
          {static_cast<std::uint16_t>(3 * (r - 1)), static_cast<std::uint16_t>(r)});
    const TestTile t = Field(8, cells, static_cast<std::uint16_t>(n + 1));
    if (n == 1024) {
      const auto layers = RegionLayers(t.compact, t.cut, LayerSettings(2), 7, -2);
      ASSERT_EQ(layers.size(), 1026u);
      for (int r = 1; r <= n; ++r) ASSERT_EQ(layers[r], r - 1);
      EXPECT_EQ(layers[1025], 0);
      continue;
    }
    try {
      RegionLayers(t.compact, t.cut, LayerSettings(2), 7, -2);
      ADD_FAILURE() << "no exception";
    } catch (const InvalidOperationException& e) {
      ExpectFields(e.fields(), {.argument = "layers", .tileX = 7, .tileZ = -2, .count = 1025});
    }
  }
}

// The input checks are Trace's (b3d.contour.stage-input): a cut with one id
// too few.
TEST(Build3DTileLayers, ChecksTheCut) {
  CLAUSE("b3d.tile-layers");
  std::vector<std::vector<TestSpan>> cells(64);
  cells[3 + 8 * 3] = {{0, 1}};
  TestTile t = Field(8, cells, 2);
  t.cut.regions.clear();
  try {
    RegionLayers(t.compact, t.cut, LayerSettings(2), 0, 0);
    ADD_FAILURE() << "no exception";
  } catch (const ArgumentException& e) {
    ExpectFields(e.fields(), {.argument = "regions", .count = 0});
  }
}

// ---------------------------------------------------------------------------
// b3d.tile-data

namespace {

// Unit cells and rows, TileCells 2, B = 3 (radius 0): Local(c) = c - 3,
// Local(5) = f32(TileSize) = 2; LocalY(row, 5) = row - 5. Area 7, flags
// 0x1234. The grid of tile (1, -1) with y0 = 10.5.
struct DataCase {
  NavSettings settings;
  TileGrid grid;
  PolyMesh mesh;
  DetailMesh detail;
  std::vector<std::uint16_t> layers;
};

// Mesh vertices (cell x, row, cell z), upper and lower floors interleaved:
//   0 (3,9,3) U  1 (3,5,3) L  2 (5,9,3) U  3 (5,5,3) L
//   4 (5,9,5) U  5 (5,5,5) L  6 (3,9,5) U  7 (3,5,5) L  8 (4,2,4) unused
// Polygons in mesh order:
//   P0 = [0, 6, 4, 2] region 2 area 63 (upper square)
//   P1 = [1, 7, 5]    region 1 area 63 (lower, half)
//   P2 = [1, 5, 3]    region 1 area 12 (lower, other half)
// Counter-clockwise on (z, x) (nav.orient): P1 is (0,0), (2,0), (2,2):
// 2·2 - 0·2 = 4 > 0; P2 (0,0), (2,2), (0,2): 2·2 - 2·0 = 4 > 0; P0 (0,0),
// (2,0), (2,2), (0,2) likewise.
// regionLayers {0, 0, 1, 0}: region 1 -> layer 0, region 2 -> layer 1.
// Detail (minRow 5), in mesh order:
//   P0: no extra vertex, triangles (0,1,2) flags 3, (0,2,3) flags 6
//       (the diagonal 0-2 is shared);
//   P1: one extra vertex (0.5, 0.25, 1.5), triangles (0,1,3), (1,2,3),
//       (2,0,3), flags 1 each (edge 0 on the boundary);
//   P2: no extra vertex, triangle (0,1,2) flags 7.
DataCase TwoFloors() {
  DataCase c;
  c.settings = UnitSettings(2, 1, 0, 2);
  c.settings.Area = 7;
  c.settings.Flags = 0x1234;
  c.grid = MakeTileGrid(c.settings, DeriveSettings(c.settings), 1, -1, 10.5, 20);
  c.mesh.vertices = {{3, 9, 3}, {3, 5, 3}, {5, 9, 3}, {5, 5, 3}, {5, 9, 5},
                     {5, 5, 5}, {3, 9, 5}, {3, 5, 5}, {4, 2, 4}};
  const auto poly = [](std::vector<std::uint32_t> v, std::uint16_t region, std::uint8_t area) {
    MeshPolygon p;
    p.region = region;
    p.area = area;
    for (const std::uint32_t i : v) p.corners.push_back({i, false});
    return p;
  };
  c.mesh.polygons = {poly({0, 6, 4, 2}, 2, 63), poly({1, 7, 5}, 1, 63), poly({1, 5, 3}, 1, 12)};
  c.detail.minRow = 5;
  c.detail.polygons = {{0, 0, 0, 2}, {0, 1, 2, 3}, {1, 0, 5, 1}};
  c.detail.vertices = {{0.5f, 0.25f, 1.5f}};
  c.detail.triangles = {{0, 1, 2, 3}, {0, 2, 3, 6}, {0, 1, 3, 1},
                        {1, 2, 3, 1}, {2, 0, 3, 1}, {0, 1, 2, 7}};
  c.layers = {0, 0, 1, 0};
  return c;
}

std::vector<navmesh::NavTile> Write(const DataCase& c) {
  return navmesh::WriteTileLayers(c.mesh, c.detail, c.layers, c.grid, c.settings);
}

using navmesh::EdgeLink;
using navmesh::kLinkPolygon;
using navmesh::kLinkPortal;
using navmesh::TileVertex;

}  // namespace

// Layer 0 (region 1: P1, P2): vertices 1, 3, 5, 7 ascending -> 0 .. 3 at
// (Local 0, LocalY(5) 0, 0), (2, 0, 0), (2, 0, 2), (0, 0, 2). P1 = [1, 7, 5]
// -> [0, 3, 2], area 63 -> 7; P2 = [1, 5, 3] -> [0, 2, 1], area 12 kept.
// Links: P1 edge 0 (0,0)-(0,2) x = 0: side 0; edge 1 (0,2)-(2,2) z = 2:
// side 3; edge 2 2->0 is P2's edge 0 0->2 reversed: polygon 1. P2: edge 0
// polygon 0; edge 1 (2,2)-(2,0) x = 2: side 2; edge 2 (2,0)-(0,0) z = 0:
// side 1. Detail: P1's entry (vertexBase 0, 1, triangleBase 2 -> 0, 3),
// P2's (1 -> 1, 0, 5 -> 3, 1), vertex and triangles copied.
// Layer 1 (P0): vertices 0, 2, 4, 6 -> 0 .. 3 at (0, 4, 0), (2, 4, 0),
// (2, 4, 2), (0, 4, 2) (LocalY(9, 5) = 4); [0, 6, 4, 2] -> [0, 3, 2, 1],
// edges on sides 0, 3, 2, 1; area 7. Detail (0, 0, 0, 2), triangles copied.
// Origin: x = 0 + 1·2 = 2, z = 0 + (-1)·2 = -2, y = 10.5 + 5·1 = 15.5.
TEST(Build3DTileData, TwoFloorsTwoTiles) {
  CLAUSE("b3d.tile-data nav.assemble");
  const DataCase c = TwoFloors();
  const auto tiles = Write(c);
  ASSERT_EQ(tiles.size(), 2u);
  for (const auto& t : tiles) {
    EXPECT_EQ(t.tileX(), 1);
    EXPECT_EQ(t.tileZ(), -1);
    EXPECT_EQ(t.origin(), (navmesh::TileOrigin{2.0, 15.5, -2.0}));
    EXPECT_EQ(t.tileSize(), 2.0f);
  }
  const navmesh::NavTile& a = tiles[0];
  EXPECT_EQ(a.layer(), 0);
  EXPECT_EQ(a.vertices(), (std::vector<TileVertex>{{0, 0, 0}, {2, 0, 0}, {2, 0, 2}, {0, 0, 2}}));
  ASSERT_EQ(a.polygons().size(), 2u);
  EXPECT_EQ(a.polygons()[0].vertices, (std::vector<std::uint16_t>{0, 3, 2}));
  EXPECT_EQ(a.polygons()[0].links,
            (std::vector<EdgeLink>{{kLinkPortal, 0}, {kLinkPortal, 3}, {kLinkPolygon, 1}}));
  EXPECT_EQ(a.polygons()[0].area, 7);
  EXPECT_EQ(a.polygons()[0].flags, 0x1234);
  EXPECT_EQ(a.polygons()[1].vertices, (std::vector<std::uint16_t>{0, 2, 1}));
  EXPECT_EQ(a.polygons()[1].links,
            (std::vector<EdgeLink>{{kLinkPolygon, 0}, {kLinkPortal, 2}, {kLinkPortal, 1}}));
  EXPECT_EQ(a.polygons()[1].area, 12);
  EXPECT_EQ(a.polygons()[1].flags, 0x1234);
  EXPECT_EQ(a.detailPolygons(), (std::vector<navmesh::DetailPolygon>{{0, 1, 0, 3}, {1, 0, 3, 1}}));
  EXPECT_EQ(a.detailVertices(), (std::vector<TileVertex>{{0.5f, 0.25f, 1.5f}}));
  EXPECT_EQ(a.detailTriangles(), (std::vector<navmesh::DetailTriangle>{
                                     {0, 1, 3, 1}, {1, 2, 3, 1}, {2, 0, 3, 1}, {0, 1, 2, 7}}));

  const navmesh::NavTile& b = tiles[1];
  EXPECT_EQ(b.layer(), 1);
  EXPECT_EQ(b.vertices(), (std::vector<TileVertex>{{0, 4, 0}, {2, 4, 0}, {2, 4, 2}, {0, 4, 2}}));
  ASSERT_EQ(b.polygons().size(), 1u);
  EXPECT_EQ(b.polygons()[0].vertices, (std::vector<std::uint16_t>{0, 3, 2, 1}));
  EXPECT_EQ(b.polygons()[0].links,
            (std::vector<EdgeLink>{
                {kLinkPortal, 0}, {kLinkPortal, 3}, {kLinkPortal, 2}, {kLinkPortal, 1}}));
  EXPECT_EQ(b.polygons()[0].area, 7);
  EXPECT_EQ(b.detailPolygons(), (std::vector<navmesh::DetailPolygon>{{0, 0, 0, 2}}));
  EXPECT_TRUE(b.detailVertices().empty());
  EXPECT_EQ(b.detailTriangles(),
            (std::vector<navmesh::DetailTriangle>{{0, 1, 2, 3}, {0, 2, 3, 6}}));
}

// One layer for everything (another partition): both floors in layer 0,
// vertices 0 .. 7 in mesh order (8 unused), no shared edge between the
// floors (the squares' edges have different vertex indices).
// Layers with gaps: region 1 on layer 2, region 2 on layer 0: tiles keyed
// 0 (P0) and 2 (P1, P2), in that order.
TEST(Build3DTileData, LayerNumbersAsGiven) {
  CLAUSE("b3d.tile-data");
  DataCase c = TwoFloors();
  c.layers = {0, 0, 0, 0};
  auto tiles = Write(c);
  ASSERT_EQ(tiles.size(), 1u);
  EXPECT_EQ(tiles[0].vertices().size(), 8u);
  EXPECT_EQ(tiles[0].vertices()[1], (TileVertex{0, 0, 0}));  // mesh vertex 1 (3,5,3)
  EXPECT_EQ(tiles[0].polygons()[1].vertices, (std::vector<std::uint16_t>{1, 7, 5}));
  c.layers = {0, 2, 0, 0};
  tiles = Write(c);
  ASSERT_EQ(tiles.size(), 2u);
  EXPECT_EQ(tiles[0].layer(), 0);
  EXPECT_EQ(tiles[0].polygons().size(), 1u);
  EXPECT_EQ(tiles[1].layer(), 2);
  EXPECT_EQ(tiles[1].polygons().size(), 2u);
  // No polygon: no tile.
  c.mesh.polygons.clear();
  c.detail.polygons.clear();
  EXPECT_TRUE(Write(c).empty());
}

// The errors of b3d.tile-data, in order.
TEST(Build3DTileData, Errors) {
  CLAUSE("b3d.tile-data");
  const auto expectThrow = [](const DataCase& c, const ErrorFields& want, const char* type) {
    try {
      Write(c);
      ADD_FAILURE() << "no exception";
    } catch (const OnePathException& e) {
      EXPECT_STREQ(e.typeName(), type);
      ExpectFields(e.fields(), want);
    }
  };
  {
    DataCase c = TwoFloors();
    c.mesh.polygons[0].corners[1].vertex = 9;  // a corner naming no vertex
    c.layers = {0, 0};                         // and P0's region 2 has no entry
    expectThrow(c, {.argument = "polygons", .vertex = 1, .value = 9, .polygon = 0},
                "ArgumentOutOfRangeException");
  }
  {
    DataCase c = TwoFloors();
    c.layers = {0, 0};  // P0's region 2 has no entry (P0 first)
    c.detail.polygons.pop_back();
    expectThrow(c, {.argument = "regionLayers", .value = 2, .polygon = 0},
                "ArgumentOutOfRangeException");
  }
  {
    DataCase c = TwoFloors();
    c.detail.polygons.pop_back();
    expectThrow(c, {.argument = "detail", .count = 2}, "ArgumentException");
  }
  {
    DataCase c = TwoFloors();
    c.detail.polygons[1].triangleCount = 5;  // 2 + 5 > 6 triangles
    expectThrow(c, {.argument = "detail", .count = 3, .polygon = 1}, "ArgumentException");
  }
  {
    DataCase c = TwoFloors();
    c.grid.tileX = std::int64_t{1} << 31;
    expectThrow(c, {.argument = "tile", .tileX = std::int64_t{1} << 31, .tileZ = -1},
                "ArgumentOutOfRangeException");
    c.grid.tileX = -(std::int64_t{1} << 31);  // fits: no error of its own
    EXPECT_EQ(Write(c).size(), 2u);
  }
}

// 65,537 vertices in layer 3: 21,845 triangles on vertices 3k, 3k+1, 3k+2
// (0 .. 65,534) and one on 65,534, 65,535, 65,536. Thrown before the tile
// is assembled (the positions are not a valid tile): count 65,537.
TEST(Build3DTileData, VertexLimit) {
  CLAUSE("b3d.tile-data");
  DataCase c = TwoFloors();
  c.mesh.vertices.assign(65537, PolyVertex{3, 5, 3});
  c.mesh.polygons.clear();
  const auto tri = [&](std::uint32_t a, std::uint32_t b, std::uint32_t d) {
    MeshPolygon p;
    p.region = 1;
    p.area = 63;
    p.corners = {{a, false}, {b, false}, {d, false}};
    c.mesh.polygons.push_back(p);
  };
  for (std::uint32_t k = 0; k < 21845; ++k) tri(3 * k, 3 * k + 1, 3 * k + 2);
  tri(65534, 65535, 65536);
  c.detail.polygons.assign(c.mesh.polygons.size(), {0, 0, 0, 0});
  c.layers = {0, 3, 0};
  try {
    Write(c);
    ADD_FAILURE() << "no exception";
  } catch (const InvalidOperationException& e) {
    ExpectFields(e.fields(), {.argument = "vertices", .tileX = 1, .tileZ = -1, .count = 65537});
    EXPECT_EQ(e.fields().layer, 3);
  }
}
