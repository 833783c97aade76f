// The contour stage on hand-computed fields (docs/spec/build3d-regions.md,
// b3d.contour.*) and the checks of b3d.contour.stage-input.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <utility>
#include <vector>

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

// Tiles of 4 cells, B = 3: a 10 x 10 grid with the core [3, 7)^2.
NavSettings Settings(double maxError) {
  NavSettings s = b3dtest::UnitSettings(2, 1, 0, 4);
  s.ContourMaxError = maxError;
  return s;
}

// A 10 x 10 field, one walkable span at row 1 in every column except the
// `missing` ones, every two present neighbours connected.
CompactHeightfield Field(const std::set<std::pair<int, int>>& missing, bool only = false) {
  const auto present = [&](int x, int z) {
    if (x < 0 || z < 0 || x >= 10 || z >= 10) return false;
    return only == (missing.count({x, z}) == 1);
  };
  std::vector<std::vector<CompactSpan>> columns;
  for (int z = 0; z < 10; ++z) {
    for (int x = 0; x < 10; ++x) {
      if (!present(x, z)) {
        columns.push_back({});
        continue;
      }
      CompactSpan s;
      s.y = 1;
      s.h = 20;
      s.area = 63;
      const int dx[4] = {-1, 0, 1, 0}, dz[4] = {0, 1, 0, -1};
      for (int d = 0; d < 4; ++d) s.con[d] = present(x + dx[d], z + dz[d]) ? 0 : 63;
      columns.push_back({s});
    }
  }
  return CompactHeightfield(10, 10, columns);
}

// The cut of 000 §2.3 by hand: the core's spans get regionOf(x, z) (all
// below borderId), the others borderId.
template <typename RegionOf>
BorderCut CutWith(const CompactHeightfield& h, std::uint16_t borderId, RegionOf regionOf) {
  BorderCut cut;
  cut.borderId = borderId;
  cut.empty = true;
  for (std::size_t c = 0; c < h.columnCount(); ++c) {
    const std::int64_t x = static_cast<std::int64_t>(c) % 10, z = static_cast<std::int64_t>(c) / 10;
    const bool core = x >= 3 && x < 7 && z >= 3 && z < 7;
    for (std::size_t k = 0; k < h.Column(c).size(); ++k)
      cut.regions.push_back(core ? regionOf(x, z) : borderId);
    cut.empty = cut.empty && !(core && !h.Column(c).empty());
  }
  return cut;
}

// Every core span region 1, borderId 2.
BorderCut CutOf(const CompactHeightfield& h) {
  return CutWith(h, 2, [](std::int64_t, std::int64_t) { return std::uint16_t{1}; });
}

ContourVertex V(std::uint16_t x, std::uint16_t z, std::uint16_t neighbour) {
  return {x, 1, z, neighbour, false};
}

// The core split in two regions by a staircase: region 1 the cells with
// z - 3 > x - 3 (local i < j), region 2 the others; borderId 3 outside.
BorderCut StaircaseCut(const CompactHeightfield& h) {
  return CutWith(h, 3, [](std::int64_t x, std::int64_t z) { return std::uint16_t(x < z ? 1 : 2); });
}

}  // namespace

TEST(Build3DContours, OpenPlainIsTheCoreSquare) {
  CLAUSE("b3d.contour.strips b3d.contour.walk b3d.contour.raw b3d.contour.initial");
  CLAUSE("b3d.contour.refine b3d.contour.vertex-flags b3d.contour.order b3d.contour.stages");
  // The core's walk starts at (3, 3), direction 0 (towards the left strip),
  // and goes up the left side, along the top, down the right side and back
  // along the bottom; the key (strip) changes after the raw points at the
  // corners (3, 7), (7, 7), (7, 3) and (3, 3), all edges lead to a strip
  // (borderId 2) and are never refined. Row 1 everywhere.
  const CompactHeightfield h = Field({});
  const ContourSet set = RegionPipeline::Trace(h, CutOf(h), Settings(1.3));
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(set.contours[0].region, 1);
  EXPECT_EQ(set.contours[0].area, 63);
  EXPECT_EQ(set.contours[0].vertices,
            (std::vector<ContourVertex>{V(3, 7, 2), V(7, 7, 2), V(7, 3, 2), V(3, 3, 2)}));
}

TEST(Build3DContours, SmallRegions) {
  CLAUSE("b3d.contour.scan b3d.contour.initial b3d.contour.distance b3d.contour.refine");
  // One span alone: all four flags set, no walk, no contour.
  {
    const CompactHeightfield h = Field({{5, 5}}, true);
    EXPECT_TRUE(RegionPipeline::Trace(h, CutOf(h), Settings(0)).contours.empty());
  }
  // Columns (5, 5) and (6, 5): raw points (5,6) (6,6) (7,6) (7,5) (6,5)
  // (5,5), all walls; kept: lower-left (5,5) and upper-right (7,6). The
  // deviations from that diagonal are 0.8 for (5,6) and (7,5), 0.2 for
  // the others (t = 1/5, 4/5, 3/5, 2/5 along (2, 1)).
  const CompactHeightfield h = Field({{5, 5}, {6, 5}}, true);
  // MaxError 0: (5,6) and then (7,5) are inserted; nothing else deviates.
  const ContourSet exact = RegionPipeline::Trace(h, CutOf(h), Settings(0));
  ASSERT_EQ(exact.contours.size(), 1u);
  EXPECT_EQ(exact.contours[0].vertices,
            (std::vector<ContourVertex>{V(5, 5, 0), V(5, 6, 0), V(7, 6, 0), V(7, 5, 0)}));
  // MaxError 1.3 (limit 1.69): two vertices, so no contour (pinned, Recast's).
  EXPECT_TRUE(RegionPipeline::Trace(h, CutOf(h), Settings(1.3)).contours.empty());
  // MaxError 0.9 (limit f32(0.9)^2, about 0.81) keeps both deviations of
  // about 0.8 (binary32: 0.4^2 + 0.8^2) out, 0.85 (about 0.7225) lets
  // them in.
  EXPECT_TRUE(RegionPipeline::Trace(h, CutOf(h), Settings(0.9)).contours.empty());
  EXPECT_EQ(RegionPipeline::Trace(h, CutOf(h), Settings(0.85)).contours.size(), 1u);
}

TEST(Build3DContours, HoleIsBridgedToTheOutline) {
  CLAUSE("b3d.contour.winding b3d.contour.holes b3d.contour.bridge b3d.contour.merge");
  CLAUSE("b3d.contour.order");
  // Columns (4, 5) and (5, 5) missing (inside the core, so region 1
  // goes round them). The outline is the core square (S = 32), from the
  // walk at (3, 3). The hole's walk starts at (4, 4), direction 1: raw
  // (5,5) (6,5) (6,6) (5,6) (4,6) (4,5), all walls; kept the lower-left
  // (4,5) and the upper-right (6,6); with MaxError 0 the refinement adds
  // (6,5) (deviation 0.8 from (4,5)-(6,6), visited 0, 1) and (4,6) (0.8,
  // visited 4, 3): the hole (4,5) (6,5) (6,6) (4,6), S = 4 + 10 - 6 - 12 =
  // -4. Its leftmost vertex (4,5) lies in the cone of all four outline
  // vertices (turn(p, j, q) = -16 at each; squared distances 5, 13, 13,
  // 5); the nearest, (3,7) then (3,3), stably sorted: (3,7) is tried first,
  // and its segment to (4,5) meets neither the outline's edges x = 7 and
  // z = 3 (those at (3,7) are skipped) nor the hole's edges away from
  // (4,5) (at z = 6 it is at x = 3.5). The merged outline: the square from
  // (3,7) round to (3,7), then the hole from (4,5) round to (4,5).
  const CompactHeightfield h = Field({{4, 5}, {5, 5}});
  const ContourSet set = RegionPipeline::Trace(h, CutOf(h), Settings(0));
  ASSERT_EQ(set.contours.size(), 1u);
  EXPECT_EQ(
      set.contours[0].vertices,
      (std::vector<ContourVertex>{V(3, 7, 2), V(7, 7, 2), V(7, 3, 2), V(3, 3, 2), V(3, 7, 2),
                                  V(4, 5, 0), V(6, 5, 0), V(6, 6, 0), V(4, 6, 0), V(4, 5, 0)}));
  // A one-cell hole has S = -2: an outline by Recast's rounding (pinned),
  // so the region has two outlines and nothing is merged: the square, then
  // the clockwise cell (5,5) (6,5) (6,6) (5,6).
  const CompactHeightfield one = Field({{5, 5}});
  const ContourSet two = RegionPipeline::Trace(one, CutOf(one), Settings(0));
  ASSERT_EQ(two.contours.size(), 2u);
  EXPECT_EQ(two.contours[1].vertices,
            (std::vector<ContourVertex>{V(5, 5, 0), V(6, 5, 0), V(6, 6, 0), V(5, 6, 0)}));
}

TEST(Build3DContours, SharedEdgeIsKeptStraight) {
  CLAUSE("b3d.contour.strips b3d.contour.walk b3d.contour.raw b3d.contour.initial");
  CLAUSE("b3d.contour.refine b3d.contour.vertex-flags b3d.contour.order");
  // Every column present; region 1 = (3,4) (3,5) (3,6) (4,5) (4,6) (5,6),
  // region 2 the other ten core cells, the strips L(eft), R(ight),
  // B(ottom), T(op) outside. The scan meets region 2 first, at (3,3),
  // direction 0 (L). Its walk's raw points (corner, neighbour):
  //   0 (3,4) L   1 (4,4) 1   2 (4,5) 1   3 (5,5) 1   4 (5,6) 1   5 (6,6) 1
  //   6 (6,7) 1   7 (7,7) T   8 (7,6) R   9 (7,5) R  10 (7,4) R  11 (7,3) R
  //  12 (6,3) B  13 (5,3) B  14 (4,3) B  15 (3,3) B
  // The key changes after 0, 6, 7, 11 and 15: kept (3,4) (6,7) (7,7) (7,3)
  // (3,3). Every segment's first visited point has a neighbour, so nothing
  // is refined: the staircase 1 .. 5 towards region 1 becomes the one edge
  // (3,4) -> (6,7). Vertex neighbours from the raw point after each: 1, T,
  // R, B, L, all strips reported as borderId 3.
  // Region 1's walk from (3,4), direction 0 (L):
  //   0 (3,5) L   1 (3,6) L   2 (3,7) L   3 (4,7) T   4 (5,7) T   5 (6,7) T
  //   6 (6,6) 2   7 (5,6) 2   8 (5,5) 2   9 (4,5) 2  10 (4,4) 2  11 (3,4) 2
  // kept after 2, 5 and 11: the triangle (3,7) (6,7) (3,4), its edge
  // (6,7) -> (3,4) the same diagonal, reversed. MaxError 0 changes nothing.
  const CompactHeightfield h = Field({});
  for (const double maxError : {0.0, 1.3}) {
    const ContourSet set = RegionPipeline::Trace(h, StaircaseCut(h), Settings(maxError));
    ASSERT_EQ(set.contours.size(), 2u);
    EXPECT_EQ(set.contours[0].region, 2);
    EXPECT_EQ(
        set.contours[0].vertices,
        (std::vector<ContourVertex>{V(3, 4, 1), V(6, 7, 3), V(7, 7, 3), V(7, 3, 3), V(3, 3, 3)}));
    EXPECT_EQ(set.contours[1].region, 1);
    EXPECT_EQ(set.contours[1].vertices,
              (std::vector<ContourVertex>{V(3, 7, 3), V(6, 7, 2), V(3, 4, 3)}));
  }
}

TEST(Build3DContours, LongWallEdgesAreSplit) {
  CLAUSE("b3d.contour.initial b3d.contour.refine b3d.contour.split b3d.contour.order");
  // Only the core present: all walls. The walk from (3,3), direction 0:
  //   0 (3,4)  1 (3,5)  2 (3,6)  3 (3,7)  4 (4,7)  5 (5,7)  6 (6,7)  7 (7,7)
  //   8 (7,6)  9 (7,5) 10 (7,4) 11 (7,3) 12 (6,3) 13 (5,3) 14 (4,3) 15 (3,3)
  // No neighbour: kept the lower-left 15 and the upper-right 7. Against the
  // diagonal (3,3)-(7,7), (3,7) (index 3, visited 0 .. 6) and (7,3) (index
  // 11, visited 14 .. 8) deviate most, squared 8 > 1.69: the square
  // (3,3) (3,7) (7,7) (7,3).
  // MaxEdgeCells 3: every side has 4 raw edges, 16 > 9, k = 4; increasing
  // sides split at a + 2 (indices 1 and 5: (3,5), (5,7)), decreasing ones
  // at a + floor(5 / 2) = a + 2 (indices 9 and 13: (7,5), (5,3)); the
  // halves, 4 <= 9, stay.
  const CompactHeightfield h = Field({{3, 3},
                                      {4, 3},
                                      {5, 3},
                                      {6, 3},
                                      {3, 4},
                                      {4, 4},
                                      {5, 4},
                                      {6, 4},
                                      {3, 5},
                                      {4, 5},
                                      {5, 5},
                                      {6, 5},
                                      {3, 6},
                                      {4, 6},
                                      {5, 6},
                                      {6, 6}},
                                     true);
  NavSettings s = Settings(1.3);
  s.MaxEdgeLength = 0;
  const ContourSet whole = RegionPipeline::Trace(h, CutOf(h), s);
  ASSERT_EQ(whole.contours.size(), 1u);
  EXPECT_EQ(whole.contours[0].vertices,
            (std::vector<ContourVertex>{V(3, 3, 0), V(3, 7, 0), V(7, 7, 0), V(7, 3, 0)}));
  s.MaxEdgeLength = 3;
  const ContourSet split = RegionPipeline::Trace(h, CutOf(h), s);
  ASSERT_EQ(split.contours.size(), 1u);
  EXPECT_EQ(split.contours[0].vertices,
            (std::vector<ContourVertex>{V(3, 3, 0), V(3, 5, 0), V(3, 7, 0), V(5, 7, 0), V(7, 7, 0),
                                        V(7, 5, 0), V(7, 3, 0), V(5, 3, 0)}));
  // MaxEdgeLength 4: 16 > 16 is false, nothing is split.
  s.MaxEdgeLength = 4;
  EXPECT_EQ(RegionPipeline::Trace(h, CutOf(h), s), whole);
}

TEST(Build3DContours, TileEdgesLieOnTheTileLines) {
  CLAUSE("b3d.contour.strips b3d.contour.initial b3d.contour.refine b3d.contour.vertex-flags");
  // The core's rows z = 5 and 6 missing, everything else present: region 1
  // is the core's lower half, walls above it. The walk from (3,3),
  // direction 0 (L):
  //   0 (3,4) L   1 (3,5) L   2 (4,5) 0   3 (5,5) 0   4 (6,5) 0   5 (7,5) 0
  //   6 (7,4) R   7 (7,3) R   8 (6,3) B   9 (5,3) B  10 (4,3) B  11 (3,3) B
  // kept after 1, 5, 7 and 11; the wall (3,5)-(7,5) has no deviation. The
  // edges towards the border run along x = 7, z = 3 and x = 3, the tile's
  // boundary lines, and the core's corners (7,3) and (3,3) are vertices.
  const CompactHeightfield h =
      Field({{3, 5}, {4, 5}, {5, 5}, {6, 5}, {3, 6}, {4, 6}, {5, 6}, {6, 6}});
  for (const double maxError : {0.0, 1.3}) {
    const ContourSet set = RegionPipeline::Trace(h, CutOf(h), Settings(maxError));
    ASSERT_EQ(set.contours.size(), 1u);
    EXPECT_EQ(set.contours[0].vertices,
              (std::vector<ContourVertex>{V(3, 5, 0), V(7, 5, 2), V(7, 3, 2), V(3, 3, 2)}));
  }
}

TEST(Build3DContours, CanonicalBytes) {
  CLAUSE("b3d.contour.values");
  ContourSet set;
  set.contours.push_back({3, 63, {{1, 2, 4, 5, true}}});
  const std::vector<std::uint8_t> bytes = {1, 0, 0, 0, 3, 0, 63, 1, 0, 0,
                                           0, 1, 0, 2, 0, 4, 0,  5, 0, 1};
  EXPECT_EQ(CanonicalBytes(set), bytes);
}

TEST(Build3DContours, StageInputChecks) {
  CLAUSE("b3d.contour.stage-input");
  const CompactHeightfield h = Field({});
  const NavSettings s = Settings(1.3);
  NavSettings bad = s;
  bad.ContourMaxError = -1;
  ExpectFields(OutOfRangeFields([&] { RegionPipeline::Trace(h, CutOf(h), bad); }),
               {.value = -1.0, .setting = "ContourMaxError"});
  NavSettings wide = s;
  wide.TileSize = 5;  // W = 11
  ExpectFields(ArgumentFields([&] { RegionPipeline::Trace(h, CutOf(h), wide); }),
               {.argument = "width", .value = 10.0});
  BorderCut cut = CutOf(h);
  cut.regions.pop_back();
  ExpectFields(ArgumentFields([&] { RegionPipeline::Trace(h, cut, s); }),
               {.argument = "regions", .count = 99});
  cut = CutOf(h);
  cut.borderId = 0;
  ExpectFields(OutOfRangeFields([&] { RegionPipeline::Trace(h, cut, s); }),
               {.argument = "borderId", .value = 0.0});
  cut = CutOf(h);
  cut.regions[33] = 2;  // column (3, 3) in the core
  ExpectFields(OutOfRangeFields([&] { RegionPipeline::Trace(h, cut, s); }),
               {.argument = "regions", .column = 33, .span = 0, .value = 2.0});
  cut = CutOf(h);
  cut.regions[2] = 1;  // column (2, 0), outside the core
  ExpectFields(OutOfRangeFields([&] { RegionPipeline::Trace(h, cut, s); }),
               {.argument = "regions", .column = 2, .span = 0, .value = 1.0});
}
