// partition.*: the greedy merge on hand-made triangulations
// (docs/spec/triangulate.md). Vertices are numbered in (x, y) order.
#include <gtest/gtest.h>

#include <vector>

#include "conformance/generators/triangulation_validity.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/geom2d/triangulation.hpp"

using namespace onepath;
using namespace onepath::geom2d;

namespace {

// The unit square (0,0)=0, (0,1)=1, (1,0)=2, (1,1)=3 as triangles (0,2,3)
// and (0,3,1) sharing the diagonal 0-3.
RegionTriangulation Square() {
  return {0, {{0, 0}, {0, 1}, {1, 0}, {1, 1}}, {{0, 2, 3}, {0, 3, 1}}, {-1, -1, 1, 0, -1, -1}};
}

}  // namespace

TEST(Partition, TwoTrianglesOfASquareMerge) {
  CLAUSE("partition.merge partition.output");
  ConvexPartition p = PartitionConvex(Square(), 6);
  // The diagonal 0-3 is held 0 -> 3 by (0,3,1) and 3 -> 0 by (0,2,3): the
  // joined polygon is 3, 1, 0 then 2, rotated to start at 0.
  EXPECT_EQ(p.polygons, (std::vector<std::vector<std::uint32_t>>{{0, 2, 3, 1}}));
  EXPECT_EQ(p.neighbours, (std::vector<std::vector<std::int32_t>>{{-1, -1, -1, -1}}));
}

TEST(Partition, LimitThreeKeepsTriangles) {
  CLAUSE("partition.merge partition.output partition.limit");
  ConvexPartition p = PartitionConvex(Square(), 3);
  // Sorted lexicographically: (0,2,3) before (0,3,1); each the other's
  // neighbour across the diagonal.
  EXPECT_EQ(p.polygons, (std::vector<std::vector<std::uint32_t>>{{0, 2, 3}, {0, 3, 1}}));
  EXPECT_EQ(p.neighbours, (std::vector<std::vector<std::int32_t>>{{-1, -1, 1}, {0, -1, -1}}));
}

TEST(Partition, ReflexCornerIsNotMerged) {
  CLAUSE("partition.merge");
  // (0,0)=0, (2,1)=1, (2,4)=2, (4,0)=3: triangles (0,3,1) and (0,1,2) share
  // 0-1. Joined they make 0,3,1,2 whose corner at 1 (3 -> 1 -> 2) turns
  // right: Orient((4,0), (2,1), (2,4)) = (-2)(3) - (1)(-2) = -4 < 0.
  RegionTriangulation t{
      0, {{0, 0}, {2, 1}, {2, 4}, {4, 0}}, {{0, 3, 1}, {0, 1, 2}}, {-1, -1, 1, 0, -1, -1}};
  ConvexPartition p = PartitionConvex(t, 6);
  EXPECT_EQ(p.polygons, (std::vector<std::vector<std::uint32_t>>{{0, 1, 2}, {0, 3, 1}}));
}

TEST(Partition, LimitIsChecked) {
  CLAUSE("partition.limit err.fields");
  for (int bad : {2, 17, -1}) {
    try {
      PartitionConvex(Square(), bad);
      ADD_FAILURE() << bad;
    } catch (const ArgumentOutOfRangeException& e) {
      EXPECT_EQ(e.fields().argument, "maxVerticesPerPolygon");
      EXPECT_EQ(e.fields().value, bad);
    }
  }
}

TEST(Partition, ValidatorRejectsBrokenResults) {
  // Negative controls for conformance/generators/triangulation_validity: the
  // square's rings are [(0,0), (1,0), (1,1), (0,1)]; the hand-made
  // triangulation passes, and each broken copy must not.
  const std::vector<Ring> rings{{{0, 0}, {1, 0}, {1, 1}, {0, 1}}};
  ASSERT_TRUE(gen::CheckTriangulationValidity(rings, Square()).ok());
  RegionTriangulation t = Square();
  t.neighbours[2] = -1;  // the diagonal loses its neighbour
  EXPECT_FALSE(gen::CheckTriangulationValidity(rings, t).ok());
  t = Square();
  t.triangles.pop_back();  // half the area is missing
  t.neighbours.resize(3);
  EXPECT_FALSE(gen::CheckTriangulationValidity(rings, t).ok());
  t = Square();
  t.triangles[0] = {0, 3, 2};  // clockwise
  EXPECT_FALSE(gen::CheckTriangulationValidity(rings, t).ok());

  const ConvexPartition good = PartitionConvex(Square(), 6);
  ASSERT_TRUE(gen::CheckPartitionValidity(rings, good, 6).ok());
  EXPECT_FALSE(gen::CheckPartitionValidity(rings, good, 3).ok());  // 4 vertices > limit 3
  ConvexPartition c = good;
  c.polygons[0] = {0, 3, 2, 1};  // not convex and counter-clockwise
  EXPECT_FALSE(gen::CheckPartitionValidity(rings, c, 6).ok());
  c = PartitionConvex(Square(), 3);
  ASSERT_TRUE(gen::CheckPartitionValidity(rings, c, 3).ok());
  std::swap(c.neighbours[0], c.neighbours[1]);  // neighbours of the wrong polygon
  EXPECT_FALSE(gen::CheckPartitionValidity(rings, c, 3).ok());
}
