// arr.*: hand-computed arrangements (docs/spec/arrangement.md).
#include <gtest/gtest.h>

#include <vector>

#include "conformance/tests/clause.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/geom2d/arrangement.hpp"

using namespace onepath;
using namespace onepath::geom2d;

namespace {

struct Expected {
  std::vector<GridPoint> vertices;
  std::vector<NetSegment> segments;
};

void ExpectArrangement(const std::vector<TaggedEdge>& edges, const Expected& want) {
  for (CandidateSearch search :
       {CandidateSearch::kAuto, CandidateSearch::kGrid, CandidateSearch::kSweep}) {
    Arrangement got = BuildArrangement(edges, search);
    ASSERT_EQ(got.vertices.size(), want.vertices.size());
    for (std::size_t i = 0; i < want.vertices.size(); ++i) {
      EXPECT_EQ(got.vertices[i].x, want.vertices[i].x) << "vertex " << i;
      EXPECT_EQ(got.vertices[i].y, want.vertices[i].y) << "vertex " << i;
    }
    ASSERT_EQ(got.segments.size(), want.segments.size());
    for (std::size_t i = 0; i < want.segments.size(); ++i) {
      const NetSegment &g = got.segments[i], &w = want.segments[i];
      EXPECT_TRUE(g.a == w.a && g.b == w.b && g.n0 == w.n0 && g.n1 == w.n1)
          << "segment " << i << ": got [" << g.a << "," << g.b << "," << g.n0 << "," << g.n1
          << "]";
    }
  }
}

}  // namespace

TEST(Arrangement, TwoDiagonalsCrossAtTheirMidpoint) {
  CLAUSE("arr.hot-pixels arr.round arr.reroute arr.merge arr.output");
  // (0,0)->(4,4) of operand 0 and (0,4)->(4,0) of operand 1 cross at (2,2),
  // an integer point, which becomes a hot pixel; both edges reroute through
  // it. Vertices in (x, y) order: (0,0) 0, (0,4) 1, (2,2) 2, (4,0) 3,
  // (4,4) 4. (0,4)->(2,2) runs forward ((0,4) < (2,2)): n1 = +1; so does
  // (2,2)->(4,0).
  ExpectArrangement({{{0, 0}, {4, 4}, 0}, {{0, 4}, {4, 0}, 1}},
                    {{{0, 0}, {0, 4}, {2, 2}, {4, 0}, {4, 4}},
                     {{0, 2, 1, 0}, {1, 2, 0, 1}, {2, 3, 0, 1}, {2, 4, 1, 0}}});
}

TEST(Arrangement, HalfUnitCrossingRoundsUpIntoAnEndpointPixel) {
  CLAUSE("arr.round arr.pixel arr.reroute arr.merge");
  // (0,0)->(1,1) and (0,1)->(1,0) cross at (1/2, 1/2): floor(1/2 + 1/2) = 1
  // per coordinate, so the crossing rounds to (1,1), already hot. The
  // anti-diagonal meets pixel (1,1) = [1/2, 3/2)^2 at its closed corner
  // (1/2, 1/2), so it reroutes (0,1) -> (1,1) -> (1,0). The diagonal meets
  // neither (0,1)'s nor (1,0)'s pixel (y = x cannot have x < 1/2 <= y).
  // Vertices: (0,0) 0, (0,1) 1, (1,0) 2, (1,1) 3. (1,1)->(1,0) runs
  // backwards in (x, y) order: n1 = -1 on segment (2,3).
  ExpectArrangement({{{0, 0}, {1, 1}, 0}, {{0, 1}, {1, 0}, 1}},
                    {{{0, 0}, {0, 1}, {1, 0}, {1, 1}},
                     {{0, 3, 1, 0}, {1, 3, 0, 1}, {2, 3, 0, -1}}});
}

TEST(Arrangement, OppositeEdgesCancelAndDegenerateEdgesDrop) {
  CLAUSE("arr.drop-degenerate arr.merge arr.output");
  // (0,0)->(3,0) and (3,0)->(0,0), both operand 0: net 0, so the segment
  // and its two vertices vanish; (5,5)->(5,5) is dropped in step 1.
  ExpectArrangement({{{0, 0}, {3, 0}, 0}, {{3, 0}, {0, 0}, 0}, {{5, 5}, {5, 5}, 1}}, {{}, {}});
}

TEST(Arrangement, OperandTwoCountsForBoth) {
  CLAUSE("arr.input arr.merge");
  // One edge of operand 2 (the shrink's Op 2): n0 = n1 = +1.
  ExpectArrangement({{{0, 0}, {2, 0}, 2}}, {{{0, 0}, {2, 0}}, {{0, 1, 1, 1}}});
}

TEST(Arrangement, AVertexOnAnEdgeSplitsIt) {
  CLAUSE("arr.reroute arr.pixel arr.merge");
  // (0,0)->(4,0) passes through the endpoint (2,0) of (2,0)->(2,3): the
  // pixel of (2,0) is met, so the long edge becomes (0,0)->(2,0)->(4,0).
  ExpectArrangement({{{0, 0}, {4, 0}, 0}, {{2, 0}, {2, 3}, 1}},
                    {{{0, 0}, {2, 0}, {2, 3}, {4, 0}}, {{0, 1, 1, 0}, {1, 2, 0, 1}, {1, 3, 1, 0}}});
}

TEST(Arrangement, InputOutsideTheLimitsNamesTheEdge) {
  CLAUSE("arr.input err.fields");
  std::int64_t big = kMaxArrangementCoordinate + 1;
  try {
    std::vector<TaggedEdge> edges = {{{0, 0}, {1, 1}, 0}, {{0, 0}, {1, big}, 0}};
    BuildArrangement(edges);
    FAIL() << "no exception";
  } catch (const ArgumentOutOfRangeException& e) {
    EXPECT_EQ(e.fields().argument, "edges");
    EXPECT_EQ(e.fields().edge, 1);
    EXPECT_EQ(e.fields().vertex, 1);  // q
    EXPECT_EQ(e.fields().value, static_cast<double>(big));
  }
  try {
    std::vector<TaggedEdge> edges = {{{0, 0}, {1, 1}, 3}};
    BuildArrangement(edges);
    FAIL() << "no exception";
  } catch (const ArgumentOutOfRangeException& e) {
    EXPECT_EQ(e.fields().edge, 0);
    EXPECT_FALSE(e.fields().vertex.has_value());
    EXPECT_EQ(e.fields().value, 3.0);
  }
}
