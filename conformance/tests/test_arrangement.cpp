// arr.*: hand-computed arrangements (docs/spec/arrangement.md).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "conformance/tests/clause.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/geom2d/arrangement.hpp"
#include "onepath/geom2d/internal/snap_rounding.hpp"

using namespace onepath;
using namespace onepath::geom2d;

namespace {

struct Expected {
  std::vector<GridPoint> vertices;
  std::vector<NetSegment> segments;
};

void ExpectArrangement(const std::vector<TaggedEdge>& edges, const Expected& want) {
  for (CandidateSearch search : {CandidateSearch::kAuto, CandidateSearch::kGrid,
                                 CandidateSearch::kSweep, CandidateSearch::kTree}) {
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
          << "segment " << i << ": got [" << g.a << "," << g.b << "," << g.n0 << "," << g.n1 << "]";
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
  ExpectArrangement(
      {{{0, 0}, {1, 1}, 0}, {{0, 1}, {1, 0}, 1}},
      {{{0, 0}, {0, 1}, {1, 0}, {1, 1}}, {{0, 3, 1, 0}, {1, 3, 0, 1}, {2, 3, 0, -1}}});
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

TEST(Arrangement, TreeCandidatesAgreeWithTheSweepOnClusteredInput) {
  CLAUSE("arr.candidates");
  // Nearly concentric 16-gons of radius 10^5 (what a large round offset
  // feeds the arrangement): their sides cross one another many times in a
  // thin annulus, so the hot pixels are clustered there and the long
  // near-parallel sides have many overlapping boxes; the default search
  // then weighs the sweep against the tree (arr.candidates). Every path must
  // give the sweep's bytes.
  std::vector<TaggedEdge> edges;
  std::uint32_t seed = 7;
  auto jitter = [&seed] {
    seed = seed * 1103515245u + 12345u;
    return static_cast<std::int64_t>((seed >> 16) % 601) - 300;
  };
  const double pi = std::acos(-1.0);
  for (int polygon = 0; polygon < 24; ++polygon) {
    const std::int64_t cx = jitter(), cy = jitter();
    std::vector<GridPoint> ring;
    for (int k = 0; k < 16; ++k) {
      const double a = 2 * pi * (k + 0.5) / 16;
      ring.push_back({cx + std::llround(1e5 * std::cos(a)), cy + std::llround(1e5 * std::sin(a))});
    }
    for (std::size_t k = 0; k < ring.size(); ++k)
      edges.push_back({ring[k], ring[(k + 1) % ring.size()], polygon % 3});
  }
  const std::vector<std::uint8_t> sweep =
      CanonicalBytes(BuildArrangement(edges, CandidateSearch::kSweep));
  const Arrangement tree = BuildArrangement(edges, CandidateSearch::kTree);
  // The crossings are many (more vertices than twice the input's 384): this
  // input does test the crossing candidates.
  EXPECT_GT(tree.vertices.size(), 2 * edges.size());
  EXPECT_EQ(CanonicalBytes(tree), sweep);
  EXPECT_EQ(CanonicalBytes(BuildArrangement(edges, CandidateSearch::kAuto)), sweep);
  EXPECT_EQ(CanonicalBytes(BuildArrangement(edges, CandidateSearch::kGrid)), sweep);
}

TEST(Arrangement, AutoCandidatesAgreeWithTheSweepOnHugeSegmentsOverACluster) {
  CLAUSE("arr.candidates");
  // 1000 short segments in a square of side 505 and 64 segments 2^31 units
  // long across it: the hot pixels are clustered (the pixel grid spans the
  // long segments), so the default search scans the x ranges of the sorted
  // pixels. The long segments' ranges hold all the 4000-odd pixels, more
  // than a query of the tree is estimated to cost; their scans reach the
  // cost of building the tree after some 50 of them, and the rest ask the
  // tree (this input was checked to build it). The crossing search keeps
  // the sweep. The mixed path must give the sweep's bytes.
  std::vector<TaggedEdge> edges;
  std::uint32_t seed = 11;
  auto next = [&seed](std::uint32_t m) {
    seed = seed * 1103515245u + 12345u;
    return static_cast<std::int64_t>((seed >> 8) % m);
  };
  for (int i = 0; i < 1000; ++i) {
    const GridPoint p{next(505), next(505)};
    edges.push_back({p, {p.x + next(33) - 16, p.y + next(33) - 16}, i % 3});
  }
  const std::int64_t reach = std::int64_t{1} << 30;
  for (int i = 0; i < 64; ++i) edges.push_back({{-reach, next(505)}, {reach, next(505)}, i % 3});
  const Arrangement sweep = BuildArrangement(edges, CandidateSearch::kSweep);
  // The long segments cross the short ones and one another many times.
  EXPECT_GT(sweep.vertices.size(), 3 * edges.size());
  const std::vector<std::uint8_t> bytes = CanonicalBytes(sweep);
  EXPECT_EQ(CanonicalBytes(BuildArrangement(edges, CandidateSearch::kAuto)), bytes);
  EXPECT_EQ(CanonicalBytes(BuildArrangement(edges, CandidateSearch::kTree)), bytes);
  EXPECT_EQ(CanonicalBytes(BuildArrangement(edges, CandidateSearch::kGrid)), bytes);
}
