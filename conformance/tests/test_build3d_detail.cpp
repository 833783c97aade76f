// The height detail on hand-computed polygons and fields
// (docs/spec/build3d-detail.md, b3d.detail.*): a flat square, a square on a
// ramp (one insertion) and the 255-triangle limit.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <vector>

#include "conformance/runner/divergence.hpp"
#include "conformance/runner/operations.hpp"
#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/error_fields.hpp"
#include "onepath/build3d.hpp"
#include "onepath/core/canonical.hpp"

using namespace onepath;
using namespace onepath::build3d;
using onepath::b3dtest::ExpectFields;
using onepath::checks::ArgumentFields;
using onepath::checks::OutOfRangeFields;

namespace {

// A width x width field, at most one span per column (row rowOf(x, z), or
// no span when rowOf gives a negative row), no connections (the detail
// reads only rows and cut ids).
CompactHeightfield Field(int width, const std::function<int(int, int)>& rowOf) {
  std::vector<std::vector<CompactSpan>> columns;
  for (int z = 0; z < width; ++z) {
    for (int x = 0; x < width; ++x) {
      const int row = rowOf(x, z);
      if (row < 0) {
        columns.push_back({});
        continue;
      }
      CompactSpan s;
      s.y = static_cast<std::uint16_t>(row);
      s.h = 20;
      s.area = 63;
      columns.push_back({s});
    }
  }
  return CompactHeightfield(width, width, columns);
}

// Core spans (B = 3, TileCells = tileCells) region 1, the others borderId 2.
BorderCut Cut(const CompactHeightfield& h, int tileCells) {
  BorderCut cut;
  cut.borderId = 2;
  cut.empty = true;
  const std::int64_t w = h.width();
  for (std::size_t c = 0; c < h.columnCount(); ++c) {
    const std::int64_t x = static_cast<std::int64_t>(c) % w, z = static_cast<std::int64_t>(c) / w;
    const bool core = x >= 3 && x < 3 + tileCells && z >= 3 && z < 3 + tileCells;
    for (std::size_t k = 0; k < h.Column(c).size(); ++k) cut.regions.push_back(core ? 1 : 2);
    cut.empty = cut.empty && !(core && !h.Column(c).empty());
  }
  return cut;
}

// One polygon of region 1: the square with corners (lo, lo), (lo, hi),
// (hi, hi), (hi, lo) (cell corners x, z), which is counter-clockwise
// (b3d.detail.orientation: orient((lo,lo), (lo,hi), (hi,hi)) has the sign
// of (hi-lo)(hi-lo) - 0 > 0), corner rows as given.
PolyMesh Square(std::uint16_t lo, std::uint16_t hi, std::uint16_t r0, std::uint16_t r1,
                std::uint16_t r2, std::uint16_t r3) {
  PolyMesh mesh;
  mesh.vertices = {{lo, r0, lo}, {lo, r1, hi}, {hi, r2, hi}, {hi, r3, lo}};
  MeshPolygon p;
  p.region = 1;
  p.area = 63;
  p.corners = {{0, false}, {1, false}, {2, false}, {3, false}};
  mesh.polygons.push_back(p);
  return mesh;
}

// Tiles of 4 cells, B = 3, cells and rows of 1, WalkableClimb 1 (R = 2).
NavSettings Settings(double sampleDistance, double maxError) {
  NavSettings s = b3dtest::UnitSettings(2, 1, 0, 4);
  s.DetailSampleDistance = sampleDistance;
  s.DetailMaxError = maxError;
  return s;
}

std::vector<DetailTriangle> HullOfSquare() {
  // Derived for the square P0 (0,0), P1 (0,4), P2 (4,4), P3 (4,0) (stored
  // x, z; Local(c) = c - 3): b3d.detail.hull, head P0: P0's ear (P3, P0,
  // P1) has orient = 0*(-4) - (-4)*4 = 16 > 0 and P2 is outside it
  // (orient(P1, P3, P2) = (0-4)(4-0) - (4-0)(4-4) = -16), so triangle 0 is
  // (3, 0, 1), head becomes P1 and triangle 1 is (prev P3, P1, next P2).
  // b3d.detail.lawson: the diagonal 1-3 is the only interior edge; its
  // quadrilateral is a square, cocircular, so it never flips. Flags
  // (b3d.detail.output): (3,0,1) has edges 3->0 and 0->1 on the ring (bits
  // 0, 1), (3,1,2) has 1->2 and 2->3 (bits 1, 2).
  return {{3, 0, 1, 3}, {3, 1, 2, 6}};
}

}  // namespace

TEST(Build3DDetail, FlatSquareDetailOffIsTwoTriangles) {
  CLAUSE("b3d.detail.sample-distance b3d.detail.hull b3d.detail.lawson b3d.detail.output");
  // DetailSampleDistance 0: sd = 0 <= 0.9, detail off.
  const NavSettings s = Settings(0.0, 0.2);
  const CompactHeightfield h = Field(10, [](int, int) { return 1; });
  const DetailMesh d = DetailMeshBuilder::Build(Square(3, 7, 1, 1, 1, 1), h, Cut(h, 4), 1, s, 0, 0);
  EXPECT_EQ(d.minRow, 1);
  ASSERT_EQ(d.polygons.size(), 1u);
  EXPECT_EQ(d.polygons[0], (DetailPolygon{0, 0, 0, 2}));
  EXPECT_TRUE(d.vertices.empty());
  EXPECT_EQ(d.triangles, HullOfSquare());
}

TEST(Build3DDetail, FlatSquareDetailOnAddsNothing) {
  CLAUSE("b3d.detail.edge-points b3d.detail.douglas-peucker b3d.detail.samples b3d.detail.refine");
  // sd = 1: every edge (length 4) has ns = 4 steps; their rows are all 1
  // (NearestRow on a flat field), N_k = 0, so Douglas-Peucker keeps none.
  // The 3 x 3 samples (4..6)^2 all get row 1, error 0 <= 0.2: no insertion.
  const NavSettings s = Settings(1.0, 0.2);
  const CompactHeightfield h = Field(10, [](int, int) { return 1; });
  const DetailMesh d = DetailMeshBuilder::Build(Square(3, 7, 1, 1, 1, 1), h, Cut(h, 4), 1, s, 0, 0);
  EXPECT_EQ(d.polygons[0], (DetailPolygon{0, 0, 0, 2}));
  EXPECT_TRUE(d.vertices.empty());
  EXPECT_EQ(d.triangles, HullOfSquare());
}

TEST(Build3DDetail, RampInsertsOneSampleOnTheDiagonal) {
  CLAUSE("b3d.detail.nearest-row b3d.detail.edge-points b3d.detail.samples b3d.detail.locate");
  CLAUSE("b3d.detail.refine b3d.detail.insert b3d.detail.relocate b3d.detail.coordinates");
  // The field's row is the column's x (a ramp); the square's corners lie on
  // it (rows 3, 3, 7, 7), minRow 3, so stored y = row - 3 and the corners'
  // plane is y = x (stored). sd = 1, R = 2.
  // Edges: every edge point's NearestRow finds the ramp's row exactly (for
  // (3+k, 7) the cells x in {2+k, 3+k} give rows 2+k, 3+k; E_k = 3+k),
  // the rows are linear in k, N_k = 0: no edge points.
  // Samples (z outer, x inner), cell (cx, cz) in {4,5,6}^2, E = floor((2*20
  // + 4) / 8) = 5: cx = 4 gives rows {3, 4} -> 4, cx = 5 rows {4, 5} -> 5,
  // cx = 6 rows {5, 6} -> 5 (distance 0, first visited). So samples 2, 5, 8
  // (cx = 6, stored x = 3) lie 1 below the plane (y 2 instead of 3; the
  // plane formula is exact on these small integers), the others on it.
  // DetailMaxError 0.7: sample 2, stored (x 3, z 1), y 2, is inserted; it
  // lies on the diagonal of (3, 0, 1) (orient(P1, P3, s) = (0-4)(3) -
  // (4)(1-4) = 0), edge 2: a = 1, b = 3, c = 0, neighbour (3, 1, 2), d = 2:
  // t0 <- (3, 0, 4), T = 2 <- (0, 1, 4), u = 1 <- (1, 2, 4), 3 <- (2, 3, 4);
  // the pushed edges are all on the ring, no flip.
  // Relocated errors (planes: id 0 y = x - z, 1 y = x + (z - 4)/3, 2 y =
  // 2x/3, 3 y = 2x - 4): (1,1) in 2: 1/3; (2,1) in 2: 2/3; (1,2) in 2: 1/3;
  // (2,2) in 1 (on the edge 1-4, id 1 first): 2/3; (3,2) in 1: 1/3; (1,3)
  // in 1: 1/3; (2,3) in 1: 1/3; (3,3) in 1: 2/3. All <= 0.7: stop.
  const NavSettings s = Settings(1.0, 0.7);
  const CompactHeightfield h = Field(10, [](int x, int) { return x; });
  const DetailMesh d = DetailMeshBuilder::Build(Square(3, 7, 3, 3, 7, 7), h, Cut(h, 4), 3, s, 0, 0);
  EXPECT_EQ(d.minRow, 3);
  ASSERT_EQ(d.polygons.size(), 1u);
  EXPECT_EQ(d.polygons[0], (DetailPolygon{0, 1, 0, 4}));
  EXPECT_EQ(d.vertices, (std::vector<DetailVertex>{{3.0f, 2.0f, 1.0f}}));
  // Each piece has its first edge on the ring (bit 0) and two interior edges.
  EXPECT_EQ(d.triangles,
            (std::vector<DetailTriangle>{{3, 0, 4, 1}, {1, 2, 4, 1}, {0, 1, 4, 1}, {2, 3, 4, 1}}));
  // The same with DetailMaxError 1: the largest error is 1, not above it.
  const DetailMesh flat =
      DetailMeshBuilder::Build(Square(3, 7, 3, 3, 7, 7), h, Cut(h, 4), 3, Settings(1.0, 1.0), 0, 0);
  EXPECT_TRUE(flat.vertices.empty());
  EXPECT_EQ(flat.triangles, HullOfSquare());
}

TEST(Build3DDetail, MoreThan255TrianglesThrows) {
  CLAUSE("b3d.detail.limit b3d.detail.refine");
  // Tiles of 40 cells (B = 3, W = 46), WalkableClimb 80 (R = 81), sd = 2,
  // DetailMaxError 0. The square (3..37)^2, corners at row 73. Samples at
  // odd X, Z in 5..35 (16 x 16, each at distance >= 2 > 1 from the edges);
  // the columns X-1, X (and Z-1, Z) are the sample's alone and hold the row
  // 1 + ((X-20)^2 - 1)/8 + ((Z-20)^2 - 1)/8 (an integer, X-20 odd), in
  // 1 .. 57, within R of E = 73. The corners (u = +-17) give
  // 1 + 36 + 36 = 73: every point lies on one paraboloid (stored
  // coordinates are exact here: cs = 1, ch = 1). Columns outside 4..35 are
  // empty, so the edge points fall back to E_k = 73 and none is kept.
  // A sample strictly inside a triangle of paraboloid points, or on an
  // interior edge, lies strictly inside its circumcircle, hence strictly
  // below its plane: every live sample has an error > 0. Every triangle
  // stays positive and no sample is on the ring or on a vertex, so no
  // sample is dropped or dead, and V goes from 4 to 255: 251 insertions of
  // 2 triangles each after the hull's 2, 504 triangles.
  NavSettings s = b3dtest::UnitSettings(2, 80, 0, 40);
  s.DetailSampleDistance = 2.0;
  s.DetailMaxError = 0.0;
  const auto sampleOf = [](int c) { return c % 2 == 1 ? c : c + 1; };
  const CompactHeightfield h = Field(46, [&](int x, int z) {
    if (x < 4 || x > 35 || z < 4 || z > 35) return -1;
    const int u = sampleOf(x) - 20, v = sampleOf(z) - 20;
    return 1 + (u * u - 1) / 8 + (v * v - 1) / 8;
  });
  try {
    DetailMeshBuilder::Build(Square(3, 37, 73, 73, 73, 73), h, Cut(h, 40), 1, s, 5, 6);
    ADD_FAILURE() << "no InvalidOperationException";
  } catch (const InvalidOperationException& e) {
    ExpectFields(e.fields(), {.tileX = 5, .tileZ = 6, .count = 504, .polygon = 0});
  }
}

TEST(Build3DDetail, MinRowOutOfRange) {
  CLAUSE("b3d.detail.stage-input");
  const NavSettings s = Settings(1.0, 0.2);
  const CompactHeightfield h = Field(10, [](int, int) { return 1; });
  ExpectFields(OutOfRangeFields([&] {
                 DetailMeshBuilder::Build(Square(3, 7, 1, 1, 1, 1), h, Cut(h, 4), 65536, s, 0, 0);
               }),
               {.argument = "minRow", .value = 65536.0});
}

TEST(Build3DDetail, MeshChecksNameThePolygonAndCorner) {
  CLAUSE("b3d.detail.stage-input");
  const NavSettings s = Settings(1.0, 0.2);
  const CompactHeightfield h = Field(10, [](int, int) { return 1; });
  // Polygon 1 has two corners (fewer than 3): ArgumentException, count 2.
  PolyMesh two = Square(3, 7, 1, 1, 1, 1);
  MeshPolygon bad;
  bad.region = 1;
  bad.area = 63;
  bad.corners = {{0, false}, {1, false}};
  two.polygons.push_back(bad);
  ExpectFields(ArgumentFields([&] { DetailMeshBuilder::Build(two, h, Cut(h, 4), 0, s, 0, 0); }),
               {.argument = "mesh", .count = 2, .polygon = 1});
  // Polygon 0's corner 2 names vertex 9 of 4: the first culprit in corner
  // order, although corner 3 (vertex 8) is out of range too.
  PolyMesh far = Square(3, 7, 1, 1, 1, 1);
  far.polygons[0].corners[2].vertex = 9;
  far.polygons[0].corners[3].vertex = 8;
  ExpectFields(OutOfRangeFields([&] { DetailMeshBuilder::Build(far, h, Cut(h, 4), 0, s, 0, 0); }),
               {.argument = "mesh", .vertex = 2, .value = 9.0, .polygon = 0});
}

TEST(Build3DDetail, RunnerOperationDecodesAndNamesTheDetailStage) {
  CLAUSE("b3d.detail.build b3d.detail.values");
  namespace rc = onepath::conformance;
  using nlohmann::json;
  // The flat square of FlatSquareDetailOffIsTwoTriangles in the runner's
  // JSON forms: a 10 x 10 field of one span at row 1 (clearance 20, area
  // 63, no connections), the core 3 .. 6 region 1, the rest borderId 2.
  json columns = json::array(), ids = json::array();
  for (int z = 0; z < 10; ++z)
    for (int x = 0; x < 10; ++x) {
      columns.push_back({{1, 20, {63, 63, 63, 63}, 63}});
      ids.push_back(x >= 3 && x < 7 && z >= 3 && z < 7 ? 1 : 2);
    }
  const NavSettings s = Settings(0.5, 0.2);
  const json input = {{"compact", {{"width", 10}, {"depth", 10}, {"columns", columns}}},
                      {"cut", {{"borderId", 2}, {"empty", false}, {"regions", ids}}},
                      {"mesh",
                       {{"vertices", {{3, 1, 3}, {3, 1, 7}, {7, 1, 7}, {7, 1, 3}}},
                        {"polygons",
                         {{{"contour", 0},
                           {"region", 1},
                           {"area", 63},
                           {"corners", {{0, 0}, {1, 0}, {2, 0}, {3, 0}}}}}},
                        {"degenerateEars", 0}}},
                      {"minRow", 1},
                      {"settings",
                       {{"CellSize", s.CellSize},
                        {"CellHeight", s.CellHeight},
                        {"TileSize", s.TileSize},
                        {"OriginX", 0.0},
                        {"OriginZ", 0.0},
                        {"AgentHeight", s.AgentHeight},
                        {"AgentRadius", s.AgentRadius},
                        {"AgentMaxClimb", s.AgentMaxClimb},
                        {"AgentMaxSlopeDegrees", s.AgentMaxSlopeDegrees},
                        {"Partition", 0},
                        {"MinRegionArea", s.MinRegionArea},
                        {"MergeRegionArea", s.MergeRegionArea},
                        {"ContourMaxError", s.ContourMaxError},
                        {"MaxEdgeLength", s.MaxEdgeLength},
                        {"MaxVertsPerPoly", s.MaxVertsPerPoly},
                        {"DetailSampleDistance", s.DetailSampleDistance},
                        {"DetailMaxError", s.DetailMaxError},
                        {"MaxLocalExtent", s.MaxLocalExtent},
                        {"Area", s.Area},
                        {"Flags", s.Flags}}},
                      {"tileX", 0},
                      {"tileZ", 0}};
  const json detail = rc::DecodeOutput("DetailMeshBuilder.Build",
                                       rc::RunOperation("DetailMeshBuilder.Build", input));
  // HullOfSquare(): triangles (3, 0, 1) flags 3 and (3, 1, 2) flags 6, no
  // extra vertex.
  EXPECT_EQ(detail, (json{{"minRow", 1},
                          {"polygons", {{0, 0, 0, 2}}},
                          {"vertices", json::array()},
                          {"triangles", {{3, 0, 1, 3}, {3, 1, 2, 6}}}}));
  json wrong = detail;
  wrong["triangles"][1][3] = 2;
  const auto d = rc::DivergeOutputs("DetailMeshBuilder.Build", detail, wrong);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->stage, "detail");
  EXPECT_EQ(d->kind, "other triangles");
  EXPECT_NE(d->where.find("triangle 1: [3,1,2,2], expected [3,1,2,6]"), std::string::npos)
      << d->where;
  json bad = input;
  bad["minRow"] = 65536;
  EXPECT_THROW(rc::RunOperation("DetailMeshBuilder.Build", bad), ArgumentOutOfRangeException);
}
