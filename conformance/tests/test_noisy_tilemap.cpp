// The noisy tile map generator (conformance/generators/noisy_tilemap.hpp,
// docs/generators.md): pinned bytes, the crop property, boundary edges that
// follow grid.tilemap-lines, and the statistics the recipe was tuned for.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <utility>

#include "conformance/generators/noisy_tilemap.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/core/int128.hpp"
#include "onepath/geom2d/arrangement.hpp"

using namespace onepath;

namespace {

// SHA-256 of the cells (row-major bytes, 1 = solid) of MakeNoisyTileMap(seed)
// at 1024 x 1024; docs/generators.md lists them for ports.
const std::pair<std::uint64_t, const char*> kPinned[] = {
    {1, "6fa4d5bb4833abae86c8d58003ea774e24ff3cc35739763638df324f98eb4bf1"},
    {2, "bbdb568c28adab808cc706aa8b7e6ad93f002fd1debcd85d697e6d9d72a4dfe5"},
};

}  // namespace

TEST(NoisyTileMap, BytesArePinned) {
  for (const auto& [seed, sha] : kPinned) {
    const gen::TileMap map = gen::MakeNoisyTileMap(seed);
    ASSERT_EQ(map.cells.size(), 1024u * 1024u);
    EXPECT_EQ(Sha256Hex(map.cells), sha) << "seed " << seed;
  }
}

TEST(NoisyTileMap, SmallerMapIsTheCorner) {
  const gen::TileMap big = gen::MakeNoisyTileMap(7, 300, 200);
  const gen::TileMap small = gen::MakeNoisyTileMap(7, 123, 77);
  EXPECT_EQ(gen::CropTileMap(big, 123, 77).cells, small.cells);
}

TEST(NoisyTileMap, GridLinesRoundHalfToEven) {
  CLAUSE("grid.tilemap-lines grid.snap");
  EXPECT_EQ(gen::TileMapGridLine(0.0, 3, 0.25, 16), 3 * 16384);
  EXPECT_EQ(gen::TileMapGridLine(-1.5, 2, 0.25, 16), -65536);
  // One grid unit per cell with the origin on a half unit: lines i + 1/2
  // round to the even neighbour, so lines 0 and 1 (0.5 and 1.5 units)
  // give 0 and 2, lines 1 and 2 (1.5 and 2.5) both give 2.
  const double unit = 0x1p-16;
  EXPECT_EQ(gen::TileMapGridLine(unit / 2, 0, unit, 16), 0);
  EXPECT_EQ(gen::TileMapGridLine(unit / 2, 1, unit, 16), 2);
  EXPECT_EQ(gen::TileMapGridLine(unit / 2, 2, unit, 16), 2);
  EXPECT_EQ(gen::TileMapGridLine(unit / 2, 3, unit, 16), 4);
}

TEST(NoisyTileMap, BoundaryEdgesAreClosedUnitSidesAroundTheSolidArea) {
  CLAUSE("grid.tilemap-lines");
  const gen::TileMap map = gen::MakeNoisyTileMap(3, 200, 150);
  const std::vector<geom2d::TaggedEdge> edges = gen::TileMapBoundaryEdges(map);
  const gen::TileMapStatistics st = gen::MeasureTileMap(map);
  ASSERT_EQ(edges.size(), st.boundarySides);
  std::map<std::pair<std::int64_t, std::int64_t>, int> balance;  // out - in per vertex
  Int128 twice_area = 0;
  for (const geom2d::TaggedEdge& e : edges) {
    const std::int64_t dx = e.q.x - e.p.x, dy = e.q.y - e.p.y;
    EXPECT_TRUE((dx == 0) != (dy == 0) &&
                (dx == 16384 || dx == -16384 || dy == 16384 || dy == -16384));
    EXPECT_EQ(e.operand, 0);
    ++balance[{e.p.x, e.p.y}];
    --balance[{e.q.x, e.q.y}];
    twice_area += static_cast<Int128>(e.p.x) * e.q.y - static_cast<Int128>(e.q.x) * e.p.y;
  }
  for (const auto& [v, b] : balance) EXPECT_EQ(b, 0);
  // Interior on the left: counter-clockwise overall, the area of the solid
  // cells (16384^2 grid units each).
  EXPECT_TRUE(twice_area ==
              static_cast<Int128>(2) * 16384 * 16384 * static_cast<Int128>(st.solidCells));
}

TEST(NoisyTileMap, ArrangementOfTheBoundaryKeepsEveryUnitSide) {
  CLAUSE("arr.output arr.merge");
  // No two cell sides cross or overlap, so noding changes nothing: one
  // output segment per edge, net count +-1.
  const gen::TileMap map = gen::MakeNoisyTileMap(1, 96, 96);
  const std::vector<geom2d::TaggedEdge> edges = gen::TileMapBoundaryEdges(map);
  const geom2d::Arrangement arr = geom2d::BuildArrangement(edges);
  ASSERT_EQ(arr.segments.size(), edges.size());
  for (const geom2d::NetSegment& s : arr.segments) {
    EXPECT_TRUE(s.n0 == 1 || s.n0 == -1);
    EXPECT_EQ(s.n1, 0);
  }
}

TEST(NoisyTileMap, StructureSurvivesAnErosionByFourCells) {
  // The recipe's purpose (docs/generators.md): about half solid, features
  // wide enough that thousands of rooms keep a core at radius 1.0 (4 cells).
  for (std::uint64_t seed = 1; seed <= 2; ++seed) {
    const gen::TileMap map = gen::MakeNoisyTileMap(seed);
    const gen::TileMapStatistics st = gen::MeasureTileMap(map, 4);
    const double solid = static_cast<double>(st.solidCells) / static_cast<double>(st.cells);
    std::printf(
        "seed %llu: solid %.4f, boundary edges %zu, components %zu, surviving %zu, "
        "eroded components %zu, eroded cells %.4f\n",
        static_cast<unsigned long long>(seed), solid, st.boundarySides, st.components,
        st.survivingComponents, st.erodedComponents,
        static_cast<double>(st.erodedCells) / static_cast<double>(st.cells));
    EXPECT_GE(solid, 0.4);
    EXPECT_LE(solid, 0.6);
    EXPECT_GE(st.survivingComponents, 2000u);
    EXPECT_GE(st.erodedComponents, 2000u);
  }
}

TEST(NoisyTileMap, ErosionMatchesTheDefinition) {
  // MeasureTileMap's separable erosion against the square test itself.
  const gen::TileMap map = gen::MakeNoisyTileMap(5, 180, 140);
  for (int r : {1, 4}) {
    std::size_t eroded = 0;
    for (int y = 0; y < map.height; ++y)
      for (int x = 0; x < map.width; ++x) {
        bool all = true;
        for (int dy = -r; dy <= r && all; ++dy)
          for (int dx = -r; dx <= r && all; ++dx) {
            const int u = x + dx, v = y + dy;
            all = u >= 0 && v >= 0 && u < map.width && v < map.height &&
                  map.cells[static_cast<std::size_t>(v) * map.width + u] != 0;
          }
        eroded += all;
      }
    EXPECT_EQ(gen::MeasureTileMap(map, r).erodedCells, eroded) << "r = " << r;
  }
}
