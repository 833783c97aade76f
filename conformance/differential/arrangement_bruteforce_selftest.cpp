// Self-test of the brute-force arrangement oracle
// (oracles/boost_mp/arrangement_bruteforce.*) on hand-computed cases only:
// every expected result below is derived by hand, in the comment above it,
// from docs/spec/arrangement.md, never by running code.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <vector>

#include "conformance/tests/clause.hpp"
#include "oracles/boost_mp/arrangement_bruteforce.hpp"

namespace {

using onepath::oracle::BfArrangement;
using onepath::oracle::BfCrossProperly;
using onepath::oracle::BfEdge;
using onepath::oracle::BfPoint;
using onepath::oracle::BfRepairOnly;
using onepath::oracle::BfRoundedCrossing;
using onepath::oracle::BfSegment;
using onepath::oracle::BfSegmentMeetsPixel;
using onepath::oracle::BfStats;
using onepath::oracle::BruteForceArrangement;
using onepath::oracle::BruteForceCanonicalBytes;

BfEdge E(std::int64_t px, std::int64_t py, std::int64_t qx, std::int64_t qy, int operand) {
  return BfEdge{{px, py}, {qx, qy}, operand};
}

void ExpectArrangement(const BfArrangement& got, const std::vector<BfPoint>& vertices,
                       const std::vector<BfSegment>& segments) {
  ASSERT_EQ(got.vertices.size(), vertices.size());
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    EXPECT_EQ(got.vertices[i].x, vertices[i].x) << "vertex " << i;
    EXPECT_EQ(got.vertices[i].y, vertices[i].y) << "vertex " << i;
  }
  ASSERT_EQ(got.segments.size(), segments.size());
  for (std::size_t i = 0; i < segments.size(); ++i) {
    EXPECT_EQ(got.segments[i].a, segments[i].a) << "segment " << i;
    EXPECT_EQ(got.segments[i].b, segments[i].b) << "segment " << i;
    EXPECT_EQ(got.segments[i].n0, segments[i].n0) << "segment " << i;
    EXPECT_EQ(got.segments[i].n1, segments[i].n1) << "segment " << i;
  }
}

// Fragments as a sorted multiset of (p.x, p.y, q.x, q.y, operand).
using FragmentKey = std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t, int>;
std::vector<FragmentKey> Sorted(const std::vector<BfEdge>& fragments) {
  std::vector<FragmentKey> keys;
  for (const BfEdge& f : fragments) keys.emplace_back(f.p.x, f.p.y, f.q.x, f.q.y, f.operand);
  std::sort(keys.begin(), keys.end());
  return keys;
}

// A run that settles in round 1 and meets the postconditions of arr.repair.
void ExpectQuietRepair(const BfStats& st) {
  EXPECT_EQ(st.rounds, 1);
  EXPECT_EQ(st.repair_crossings, 0u);
  EXPECT_EQ(st.repair_splits, 0u);
  EXPECT_EQ(st.final_proper_crossings, 0u);
  EXPECT_EQ(st.final_centres_inside, 0u);
}

TEST(ArrangementBruteForce, PixelTestHalfOpen) {
  CLAUSE("arr.pixel");
  // (0,1)->(1,0) is (s, 1-s). It passes (1/2, 1/2) at s = 1/2: the
  // bottom-left corner of pixel (1,1) = [1/2,3/2)^2 (included: x >= 1/2 and
  // y >= 1/2 hold at s = 1/2), the top-right corner of pixel (0,0) (x < 1/2
  // needs s < 1/2, y < 1/2 needs s > 1/2: never).
  EXPECT_TRUE(BfSegmentMeetsPixel({0, 1}, {1, 0}, {1, 1}));
  EXPECT_FALSE(BfSegmentMeetsPixel({0, 1}, {1, 0}, {0, 0}));
  EXPECT_TRUE(BfSegmentMeetsPixel({0, 1}, {1, 0}, {0, 1}));  // its own endpoints
  EXPECT_TRUE(BfSegmentMeetsPixel({0, 1}, {1, 0}, {1, 0}));
  // (0,0)->(1,1) is (t, t): (1/2, 1/2) is the top-left corner of pixel (1,0)
  // (needs t >= 1/2 and t < 1/2) and the bottom-right corner of pixel (0,1)
  // (needs t < 1/2 and t >= 1/2): neither is met.
  EXPECT_FALSE(BfSegmentMeetsPixel({0, 0}, {1, 1}, {1, 0}));
  EXPECT_FALSE(BfSegmentMeetsPixel({0, 0}, {1, 1}, {0, 1}));
  EXPECT_TRUE(BfSegmentMeetsPixel({0, 0}, {1, 1}, {1, 1}));
  // (0,0)->(4,1) is (4t, t): at t = 1/2 it is (2, 1/2), on the bottom side
  // of pixel (2,1) (included); it stays in it for t in [1/2, 5/8). Just
  // before, at t in [3/8, 1/2), it is in pixel (2,0).
  EXPECT_TRUE(BfSegmentMeetsPixel({0, 0}, {4, 1}, {2, 1}));
  EXPECT_TRUE(BfSegmentMeetsPixel({0, 0}, {4, 1}, {2, 0}));
  // (2,1)->(3,0) is (2+s, 1-s): at s = 1/2 it is (5/2, 1/2), the top-right
  // corner of pixel (2,0) (x < 5/2 needs s < 1/2, y < 1/2 needs s > 1/2:
  // not met) and the bottom-left corner of pixel (3,1) (met).
  EXPECT_FALSE(BfSegmentMeetsPixel({2, 1}, {3, 0}, {2, 0}));
  EXPECT_TRUE(BfSegmentMeetsPixel({2, 1}, {3, 0}, {3, 1}));
  // Horizontal y = 0, x in [0, 4]: pixels (k, 0) for k = 0..4 only.
  EXPECT_TRUE(BfSegmentMeetsPixel({0, 0}, {4, 0}, {2, 0}));
  EXPECT_FALSE(BfSegmentMeetsPixel({0, 0}, {4, 0}, {2, 1}));
  EXPECT_FALSE(BfSegmentMeetsPixel({0, 0}, {4, 0}, {2, -1}));
  EXPECT_FALSE(BfSegmentMeetsPixel({0, 0}, {4, 0}, {5, 0}));
  EXPECT_FALSE(BfSegmentMeetsPixel({0, 0}, {4, 0}, {-1, 0}));
  // Direction does not matter: (0,4)->(0,0) meets (0,2).
  EXPECT_TRUE(BfSegmentMeetsPixel({0, 4}, {0, 0}, {0, 2}));
}

TEST(ArrangementBruteForce, ProperCrossingAndRounding) {
  CLAUSE("arr.proper-crossing arr.round");
  // The diagonals of [0,4]^2 cross at (2,2), inside both.
  EXPECT_TRUE(BfCrossProperly({0, 0}, {4, 4}, {0, 4}, {4, 0}));
  EXPECT_EQ(BfRoundedCrossing({0, 0}, {4, 4}, {0, 4}, {4, 0}).x, 2);
  EXPECT_EQ(BfRoundedCrossing({0, 0}, {4, 4}, {0, 4}, {4, 0}).y, 2);
  // Touching at an endpoint, a T (one's endpoint inside the other),
  // collinear overlap: none cross properly.
  EXPECT_FALSE(BfCrossProperly({0, 0}, {2, 2}, {2, 2}, {4, 0}));
  EXPECT_FALSE(BfCrossProperly({0, 0}, {4, 0}, {2, 0}, {2, 3}));
  EXPECT_FALSE(BfCrossProperly({0, 0}, {4, 0}, {2, 0}, {6, 0}));
  // y = x and y = 1 - x cross at (1/2, 1/2): floor(1/2 + 1/2) = 1 in both
  // coordinates (ties-to-even would give 0).
  EXPECT_TRUE(BfCrossProperly({0, 0}, {2, 2}, {0, 1}, {1, 0}));
  EXPECT_EQ(BfRoundedCrossing({0, 0}, {2, 2}, {0, 1}, {1, 0}).x, 1);
  EXPECT_EQ(BfRoundedCrossing({0, 0}, {2, 2}, {0, 1}, {1, 0}).y, 1);
  // y = x and y = -1 - x cross at (-1/2, -1/2): floor(0) = 0 (rounding
  // half away from zero would give -1).
  EXPECT_EQ(BfRoundedCrossing({-2, -2}, {1, 1}, {-1, 0}, {0, -1}).x, 0);
  EXPECT_EQ(BfRoundedCrossing({-2, -2}, {1, 1}, {-1, 0}, {0, -1}).y, 0);
  // y = x/3 and y = 1 - x/3 cross at (3/2, 1/2): rounds to (2, 1).
  EXPECT_EQ(BfRoundedCrossing({0, 0}, {3, 1}, {0, 1}, {3, 0}).x, 2);
  EXPECT_EQ(BfRoundedCrossing({0, 0}, {3, 1}, {0, 1}, {3, 0}).y, 1);
}

TEST(ArrangementBruteForce, TwoCrossingEdges) {
  CLAUSE("arr.hot-pixels arr.reroute arr.merge arr.output");
  // (0,0)->(4,4) and (0,4)->(4,0), operand 0, cross at (2,2) exactly.
  // Hot pixels: the four endpoints and (2,2). The first edge (t,t) meets
  // only pixels (k,k): of the hot ones, (2,2) besides its own endpoints;
  // likewise the second edge (t, 4-t) meets only (k, 4-k): (2,2).
  // Fragments: (0,0)->(2,2), (2,2)->(4,4), (0,4)->(2,2), (2,2)->(4,0); they
  // meet only at (2,2), and no hot centre lies inside one: round 1 is quiet.
  // Vertices by (x,y): 0 (0,0), 1 (0,4), 2 (2,2), 3 (4,0), 4 (4,4).
  // (0,0)->(2,2): {0,2} +1. (2,2)->(4,4): {2,4} +1. (0,4)->(2,2): (0,4) <
  // (2,2) so {1,2} +1. (2,2)->(4,0): (2,2) < (4,0) so {2,3} +1.
  BfStats st;
  BfArrangement got = BruteForceArrangement({E(0, 0, 4, 4, 0), E(0, 4, 4, 0, 0)}, &st);
  ExpectArrangement(got, {{0, 0}, {0, 4}, {2, 2}, {4, 0}, {4, 4}},
                    {{0, 2, 1, 0}, {1, 2, 1, 0}, {2, 3, 1, 0}, {2, 4, 1, 0}});
  EXPECT_EQ(st.initial_crossings, 1u);
  EXPECT_EQ(st.hot_pixels, 5u);
  EXPECT_EQ(st.fragments, 4u);
  ExpectQuietRepair(st);
}

TEST(ArrangementBruteForce, CrossingAtHalfRoundsUp) {
  CLAUSE("arr.round arr.hot-pixels arr.reroute arr.pixel");
  // (0,0)->(2,2) op 0 and (0,1)->(1,0) op 0 cross at (1/2, 1/2), which
  // rounds to (1,1). Hot: (0,0), (2,2), (0,1), (1,0), (1,1).
  // First edge (t,t): meets (1,1) (its centre is on it); not (0,1) nor
  // (1,0) (see PixelTestHalfOpen). Polyline (0,0), (1,1), (2,2).
  // Second edge (s, 1-s): meets (1,1) at its bottom-left corner; not (0,0)
  // (top-right corner) nor (2,2). Polyline (0,1), (1,1), (1,0).
  // Fragments (0,0)->(1,1), (1,1)->(2,2), (0,1)->(1,1), (1,1)->(1,0) meet
  // only at (1,1). Vertices: 0 (0,0), 1 (0,1), 2 (1,0), 3 (1,1), 4 (2,2).
  // {0,3} +1, {3,4} +1, (0,1) < (1,1): {1,3} +1, (1,1) > (1,0): {2,3} -1.
  BfStats st;
  BfArrangement got = BruteForceArrangement({E(0, 0, 2, 2, 0), E(0, 1, 1, 0, 0)}, &st);
  ExpectArrangement(got, {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 2}},
                    {{0, 3, 1, 0}, {1, 3, 1, 0}, {2, 3, -1, 0}, {3, 4, 1, 0}});
  ExpectQuietRepair(st);
}

TEST(ArrangementBruteForce, FragmentMeetingAMissedHotPixelIsNotWork) {
  CLAUSE("arr.repair arr.reroute arr.pixel");
  // arr.repair's example. (0,0)->(10,3) op 0 (y = 3x/10), (4,2)->(4,3) and
  // (5,2)->(5,3) op 1; no crossings (at x = 4 and 5 the first is at y = 6/5
  // and 3/2). Hot: the six endpoints. The first edge meets (5,2)'s pixel
  // (y = 3/2 is in [3/2, 5/2)) but not (4,2)'s (y < 27/20 for x < 9/2), nor
  // (4,3), (5,3): polyline (0,0), (5,2), (10,3). Its fragment (0,0)->(5,2)
  // (y = 2x/5) meets (4,2)'s pixel (y = 8/5 at x = 4) but (4,2) is not on
  // it (8/5 != 2): no work, one quiet round. Vertices 0 (0,0), 1 (4,2),
  // 2 (4,3), 3 (5,2), 4 (5,3), 5 (10,3); {0,3} +1 op 0, {3,5} +1 op 0,
  // {1,2} +1 op 1, {3,4} +1 op 1.
  BfStats st;
  BfArrangement got =
      BruteForceArrangement({E(0, 0, 10, 3, 0), E(4, 2, 4, 3, 1), E(5, 2, 5, 3, 1)}, &st);
  ExpectArrangement(got, {{0, 0}, {4, 2}, {4, 3}, {5, 2}, {5, 3}, {10, 3}},
                    {{0, 3, 1, 0}, {1, 2, 0, 1}, {3, 4, 0, 1}, {3, 5, 1, 0}});
  EXPECT_EQ(st.initial_crossings, 0u);
  EXPECT_EQ(st.fragments, 4u);
  EXPECT_FALSE(BfSegmentMeetsPixel({0, 0}, {10, 3}, {4, 2}));
  EXPECT_TRUE(BfSegmentMeetsPixel({0, 0}, {5, 2}, {4, 2}));
  ExpectQuietRepair(st);
}

TEST(ArrangementBruteForce, CrossingAtNegativeHalfRoundsUp) {
  CLAUSE("arr.round arr.hot-pixels arr.reroute arr.pixel");
  // (-2,-2)->(1,1) op 0 and (-1,0)->(0,-1) op 0 cross at (-1/2, -1/2),
  // which rounds to floor(0) = (0,0). Hot: (-2,-2), (1,1), (-1,0), (0,-1),
  // (0,0). First edge (t,t) meets (0,0) (centre on it), not (-1,0) (needs
  // t < -1/2 and t >= -1/2) nor (0,-1) (t >= -1/2 and t < -1/2).
  // Second edge (-1+s, -s) meets (0,0) at s = 1/2, its bottom-left corner
  // (-1/2,-1/2); not (-2,-2) nor (1,1).
  // Fragments (-2,-2)->(0,0), (0,0)->(1,1), (-1,0)->(0,0), (0,0)->(0,-1).
  // Vertices: 0 (-2,-2), 1 (-1,0), 2 (0,-1), 3 (0,0), 4 (1,1).
  // {0,3} +1, {3,4} +1, (-1,0) < (0,0): {1,3} +1, (0,0) > (0,-1): {2,3} -1.
  BfStats st;
  BfArrangement got = BruteForceArrangement({E(-2, -2, 1, 1, 0), E(-1, 0, 0, -1, 0)}, &st);
  ExpectArrangement(got, {{-2, -2}, {-1, 0}, {0, -1}, {0, 0}, {1, 1}},
                    {{0, 3, 1, 0}, {1, 3, 1, 0}, {2, 3, -1, 0}, {3, 4, 1, 0}});
  ExpectQuietRepair(st);
}

TEST(ArrangementBruteForce, CrossingAtThreeHalvesAndCornerInclusion) {
  CLAUSE("arr.round arr.reroute arr.pixel");
  // (0,0)->(3,1) = (3t, t) and (0,1)->(3,0) = (3s, 1-s), op 0, cross at
  // (3/2, 1/2) -> (2,1). Hot: (0,0), (3,1), (0,1), (3,0), (2,1).
  // First edge: pixel (2,1) needs 3t in [3/2, 5/2) and t in [1/2, 3/2):
  // t in [1/2, 5/6), met. (0,1): 3t < 1/2 and t >= 1/2, no. (3,0): 3t >= 5/2
  // and t < 1/2, no. Polyline (0,0), (2,1), (3,1).
  // Second edge: pixel (2,1) needs s in [1/2, 5/6) and 1-s >= 1/2, so
  // s = 1/2: the point (3/2, 1/2), the bottom-left corner, met. (0,0):
  // s < 1/6 and s > 1/2, no. (3,1): s >= 5/6 and s <= 1/2, no.
  // Polyline (0,1), (2,1), (3,0). Fragments meet only at (2,1); the only
  // lattice point inside a fragment is (1,1) on (0,1)->(2,1), not hot.
  // Vertices: 0 (0,0), 1 (0,1), 2 (2,1), 3 (3,0), 4 (3,1).
  // {0,2} +1, {2,4} +1, (0,1) < (2,1): {1,2} +1, (2,1) < (3,0): {2,3} +1.
  BfStats st;
  BfArrangement got = BruteForceArrangement({E(0, 0, 3, 1, 0), E(0, 1, 3, 0, 0)}, &st);
  ExpectArrangement(got, {{0, 0}, {0, 1}, {2, 1}, {3, 0}, {3, 1}},
                    {{0, 2, 1, 0}, {1, 2, 1, 0}, {2, 3, 1, 0}, {2, 4, 1, 0}});
  ExpectQuietRepair(st);
}

TEST(ArrangementBruteForce, CollinearOppositeEdgesCancel) {
  CLAUSE("arr.merge arr.output arr.proper-crossing");
  // (0,0)->(4,0) and (6,0)->(2,0), op 0: collinear, no proper crossing.
  // Hot: (0,0), (4,0), (6,0), (2,0). First edge meets (2,0) (and not (6,0)):
  // (0,0), (2,0), (4,0). Second meets (4,0) (not (0,0)): (6,0), (4,0), (2,0).
  // {(0,0),(2,0)}: +1. {(2,0),(4,0)}: +1 - 1 = 0, dropped.
  // {(4,0),(6,0)}: (6,0)->(4,0) is -1. Vertices 0 (0,0), 1 (2,0), 2 (4,0),
  // 3 (6,0), all still touched by a non-zero segment.
  BfArrangement got = BruteForceArrangement({E(0, 0, 4, 0, 0), E(6, 0, 2, 0, 0)});
  ExpectArrangement(got, {{0, 0}, {2, 0}, {4, 0}, {6, 0}}, {{0, 1, 1, 0}, {2, 3, -1, 0}});

  // (0,0)->(2,0) and (2,0)->(0,0), op 0: +1 - 1 = 0, nothing left at all.
  got = BruteForceArrangement({E(0, 0, 2, 0, 0), E(2, 0, 0, 0, 0)});
  EXPECT_TRUE(got.vertices.empty());
  EXPECT_TRUE(got.segments.empty());

  // (0,0)->(4,0) and (4,0)->(2,0), op 0: the first splits at (2,0);
  // {(0,0),(2,0)} +1, {(2,0),(4,0)} +1 - 1 = 0. (4,0) is touched only by the
  // dropped segment, so it goes too: vertices (0,0), (2,0).
  got = BruteForceArrangement({E(0, 0, 4, 0, 0), E(4, 0, 2, 0, 0)});
  ExpectArrangement(got, {{0, 0}, {2, 0}}, {{0, 1, 1, 0}});

  // Cancellation is per operand: (0,0)->(2,0) op 0 and (2,0)->(0,0) op 1
  // give n0 = +1, n1 = -1, kept.
  got = BruteForceArrangement({E(0, 0, 2, 0, 0), E(2, 0, 0, 0, 1)});
  ExpectArrangement(got, {{0, 0}, {2, 0}}, {{0, 1, 1, -1}});
}

TEST(ArrangementBruteForce, EdgeThroughEndpointPixelIsRerouted) {
  CLAUSE("arr.reroute arr.pixel arr.hot-pixels");
  // A = (0,0)->(4,1) op 0, B = (2,1)->(2,4) op 0. No crossing: at x = 2, A
  // is at y = 1/2, below B's y range [1,4]. Hot: (0,0), (4,1), (2,1), (2,4).
  // A = (4t, t) meets pixel (2,1) for t in [1/2, 5/8) (from the point
  // (2, 1/2) on its bottom side); not (2,4). A becomes (0,0), (2,1), (4,1).
  // B (x = 2, y in [1,4]) meets (2,2), (2,3), not hot; stays.
  // Vertices: 0 (0,0), 1 (2,1), 2 (2,4), 3 (4,1).
  // (0,0)->(2,1): {0,1} +1. (2,1)->(4,1): {1,3} +1. (2,1)->(2,4): {1,2} +1.
  BfStats st;
  BfArrangement got = BruteForceArrangement({E(0, 0, 4, 1, 0), E(2, 1, 2, 4, 0)}, &st);
  ExpectArrangement(got, {{0, 0}, {2, 1}, {2, 4}, {4, 1}},
                    {{0, 1, 1, 0}, {1, 2, 1, 0}, {1, 3, 1, 0}});
  EXPECT_EQ(st.initial_crossings, 0u);
  ExpectQuietRepair(st);
}

TEST(ArrangementBruteForce, CornerTouchReroutesOnlyThroughBottomLeft) {
  CLAUSE("arr.reroute arr.pixel");
  // A = (2,1)->(3,0) op 0, B = (2,0)->(2,-3) op 1, C = (3,1)->(3,4) op 1.
  // No crossings (A is at y = 1 on x = 2, at y = 0 on x = 3).
  // Hot: (2,1), (3,0), (2,0), (2,-3), (3,1), (3,4).
  // A passes (5/2, 1/2): top-right corner of (2,0), not met; bottom-left
  // corner of (3,1), met. A becomes (2,1), (3,1), (3,0). B and C meet only
  // non-hot pixels besides their endpoints.
  // Vertices: 0 (2,-3), 1 (2,0), 2 (2,1), 3 (3,0), 4 (3,1), 5 (3,4).
  // (2,1)->(3,1): {2,4} n0 +1. (3,1)->(3,0): (3,1) > (3,0), {3,4} n0 -1.
  // (2,0)->(2,-3): (2,0) > (2,-3), {0,1} n1 -1. (3,1)->(3,4): {4,5} n1 +1.
  BfStats st;
  BfArrangement got =
      BruteForceArrangement({E(2, 1, 3, 0, 0), E(2, 0, 2, -3, 1), E(3, 1, 3, 4, 1)}, &st);
  ExpectArrangement(got, {{2, -3}, {2, 0}, {2, 1}, {3, 0}, {3, 1}, {3, 4}},
                    {{0, 1, 0, -1}, {2, 4, 1, 0}, {3, 4, -1, 0}, {4, 5, 0, 1}});
  ExpectQuietRepair(st);
}

TEST(ArrangementBruteForce, RerouteOrderFollowsTheEdge) {
  CLAUSE("arr.reroute arr.merge");
  // A = (6,0)->(0,0) op 0; B = (2,0)->(2,3) op 1; C = (4,0)->(4,-3) op 1.
  // (T-junctions: no proper crossing.) Hot: (6,0), (0,0), (2,0), (2,3),
  // (4,0), (4,-3). A meets (4,0) and (2,0); projections onto q - p = (-6,0):
  // (4,0): (-2,0).(-6,0) = 12, (2,0): 24, so A becomes (6,0), (4,0), (2,0),
  // (0,0): all three fragments run from larger to smaller x, -1 each.
  // Vertices: 0 (0,0), 1 (2,0), 2 (2,3), 3 (4,-3), 4 (4,0), 5 (6,0).
  // {0,1} n0 -1, {1,4} n0 -1, {4,5} n0 -1, B: {1,2} n1 +1,
  // C: (4,0) > (4,-3): {3,4} n1 -1.
  BfArrangement got =
      BruteForceArrangement({E(6, 0, 0, 0, 0), E(2, 0, 2, 3, 1), E(4, 0, 4, -3, 1)});
  ExpectArrangement(got, {{0, 0}, {2, 0}, {2, 3}, {4, -3}, {4, 0}, {6, 0}},
                    {{0, 1, -1, 0}, {1, 2, 0, 1}, {1, 4, -1, 0}, {3, 4, 0, -1}, {4, 5, -1, 0}});
}

TEST(ArrangementBruteForce, DegenerateEdgeIsDropped) {
  CLAUSE("arr.drop-degenerate arr.hot-pixels");
  // (2,0)->(2,0) is dropped in step 1, so (2,0) is not a hot pixel and
  // (0,0)->(4,0) is not split there: one segment, two vertices. (Were it
  // kept, the edge would split into two segments.)
  BfArrangement got = BruteForceArrangement({E(0, 0, 4, 0, 0), E(2, 0, 2, 0, 1)});
  ExpectArrangement(got, {{0, 0}, {4, 0}}, {{0, 1, 1, 0}});
  // Only degenerate edges: nothing.
  got = BruteForceArrangement({E(5, 5, 5, 5, 2)});
  EXPECT_TRUE(got.vertices.empty());
  EXPECT_TRUE(got.segments.empty());
}

TEST(ArrangementBruteForce, OperandTwoCountsForBoth) {
  CLAUSE("arr.input arr.merge");
  // (0,0)->(2,0) op 2: +1 to n0 and n1.
  BfArrangement got = BruteForceArrangement({E(0, 0, 2, 0, 2)});
  ExpectArrangement(got, {{0, 0}, {2, 0}}, {{0, 1, 1, 1}});
  // Plus (2,0)->(0,0) op 0: n0 = 1 - 1 = 0, n1 = 1.
  got = BruteForceArrangement({E(0, 0, 2, 0, 2), E(2, 0, 0, 0, 0)});
  ExpectArrangement(got, {{0, 0}, {2, 0}}, {{0, 1, 0, 1}});
  // Plus (2,0)->(0,0) op 1 instead: n0 = 1, n1 = 0.
  got = BruteForceArrangement({E(0, 0, 2, 0, 2), E(2, 0, 0, 0, 1)});
  ExpectArrangement(got, {{0, 0}, {2, 0}}, {{0, 1, 1, 0}});
  // Reversed op 2 against op 2: both zero, dropped.
  got = BruteForceArrangement({E(0, 0, 2, 0, 2), E(2, 0, 0, 0, 2)});
  EXPECT_TRUE(got.segments.empty());
  EXPECT_TRUE(got.vertices.empty());
}

TEST(ArrangementBruteForce, CanonicalBytes) {
  CLAUSE("arr.output canon.int canon.list");
  // (0,0)->(-1,0) op 0: vertices 0 (-1,0), 1 (0,0); the fragment runs from
  // the larger vertex to the smaller: segment (0, 1, n0 = -1, n1 = 0).
  // u32 2 | i64 -1, i64 0 | i64 0, i64 0 | u32 1 | u32 0, u32 1, i32 -1, i32 0
  std::vector<std::uint8_t> expected = {
      0x02, 0x00, 0x00, 0x00,                          // vertex count
      0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,  // x = -1
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // y = 0
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // x = 0
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // y = 0
      0x01, 0x00, 0x00, 0x00,                          // segment count
      0x00, 0x00, 0x00, 0x00,                          // A = 0
      0x01, 0x00, 0x00, 0x00,                          // B = 1
      0xff, 0xff, 0xff, 0xff,                          // n0 = -1
      0x00, 0x00, 0x00, 0x00,                          // n1 = 0
  };
  EXPECT_EQ(BruteForceCanonicalBytes(BruteForceArrangement({E(0, 0, -1, 0, 0)})), expected);
  // An empty arrangement is two zero counts.
  EXPECT_EQ(BruteForceCanonicalBytes(BfArrangement{}),
            (std::vector<std::uint8_t>{0, 0, 0, 0, 0, 0, 0, 0}));
  // Multi-byte values: vertex (0x0102030405, -0x10203) is
  // 05 04 03 02 01 00 00 00 | fd fd fe ff ff ff ff ff.
  BfArrangement a;
  a.vertices = {{0x0102030405, -0x10203}};
  std::vector<std::uint8_t> bytes = BruteForceCanonicalBytes(a);
  std::vector<std::uint8_t> expected2 = {1,    0,    0,    0,    0x05, 0x04, 0x03, 0x02,
                                         0x01, 0,    0,    0,    0xfd, 0xfd, 0xfe, 0xff,
                                         0xff, 0xff, 0xff, 0xff, 0,    0,    0,    0};
  EXPECT_EQ(bytes, expected2);
}

// The repair rounds, run alone on configurations that steps 1-3 never
// produce (BfRepairOnly), so that their pinned order is exercised.

TEST(ArrangementBruteForce, RepairAddsCrossingPixelAndReroutes) {
  CLAUSE("arr.repair arr.reroute arr.round");
  // Fragments (0,0)->(4,4), (0,4)->(4,0), op 0; hot: the four endpoints
  // and (3,3). Round 1: 4.1 finds their crossing (2,2), new: added. 4.2
  // reroutes both against all hot pixels: (t,t) meets (2,2) and (3,3)
  // (projections 16 and 24 onto (4,4)), so (0,0), (2,2), (3,3), (4,4); the
  // other meets (2,2) only ((3,3) needs 4-t >= 5/2 and t >= 5/2):
  // (0,4), (2,2), (4,0). 4.3: no hot centre inside any of the five
  // fragments ((1,1), (3,1), (1,3) are not hot), so nothing to split, since
  // (3,3) was already used by 4.2. Round 1 changed (a pixel was added).
  // Round 2: no crossing, no split: stop after 2 rounds.
  BfStats st;
  std::vector<BfEdge> got = BfRepairOnly({E(0, 0, 4, 4, 0), E(0, 4, 4, 0, 0)},
                                         {{0, 0}, {4, 4}, {0, 4}, {4, 0}, {3, 3}}, &st);
  EXPECT_EQ(Sorted(got), Sorted({E(0, 0, 2, 2, 0), E(2, 2, 3, 3, 0), E(3, 3, 4, 4, 0),
                                 E(0, 4, 2, 2, 0), E(2, 2, 4, 0, 0)}));
  EXPECT_EQ(st.rounds, 2);
  EXPECT_EQ(st.repair_crossings, 1u);
  EXPECT_EQ(st.repair_new_pixels, 1u);
  EXPECT_EQ(st.repair_reroutes, 2u);
  EXPECT_EQ(st.repair_splits, 0u);
  EXPECT_EQ(st.hot_pixels, 6u);
  EXPECT_FALSE(st.stopped_after_reroute);
  EXPECT_EQ(st.final_proper_crossings, 0u);
  EXPECT_EQ(st.final_centres_inside, 0u);
}

TEST(ArrangementBruteForce, RepairSplitsAtInteriorCentres) {
  CLAUSE("arr.repair arr.reroute");
  // (4,0)->(0,0) op 1 with hot (0,0), (4,0), (2,0), (3,0), (2,1). Round 1:
  // no crossing; 4.3: (3,0) and (2,0) are on it, strictly inside ((2,1) is
  // not: orientation non-zero), ordered by projection onto (-4,0): (3,0) 4,
  // (2,0) 8. Fragments (4,0)->(3,0), (3,0)->(2,0), (2,0)->(0,0). Round 1
  // split something; round 2 is quiet: 2 rounds.
  BfStats st;
  std::vector<BfEdge> got =
      BfRepairOnly({E(4, 0, 0, 0, 1)}, {{0, 0}, {4, 0}, {2, 0}, {3, 0}, {2, 1}}, &st);
  EXPECT_EQ(Sorted(got), Sorted({E(4, 0, 3, 0, 1), E(3, 0, 2, 0, 1), E(2, 0, 0, 0, 1)}));
  EXPECT_EQ(st.rounds, 2);
  EXPECT_EQ(st.repair_crossings, 0u);
  EXPECT_EQ(st.repair_splits, 1u);
}

TEST(ArrangementBruteForce, RepairReroutesACrossingThatRoundsToAHotPixel) {
  CLAUSE("arr.repair");
  // Fragments (0,0)->(4,4) and (0,4)->(4,0), op 0, with (2,2) already hot.
  // Round 1 finds the crossing (work), whose pixel (2,2) is already hot:
  // nothing added, but both fragments are rerouted through (2,2) (four
  // fragments); nothing to split. Round 2 finds neither a crossing nor a
  // centre inside a fragment: the loop ends after 2 rounds.
  BfStats st;
  std::vector<BfEdge> got = BfRepairOnly({E(0, 0, 4, 4, 0), E(0, 4, 4, 0, 0)},
                                         {{0, 0}, {4, 4}, {0, 4}, {4, 0}, {2, 2}}, &st);
  EXPECT_EQ(Sorted(got),
            Sorted({E(0, 0, 2, 2, 0), E(2, 2, 4, 4, 0), E(0, 4, 2, 2, 0), E(2, 2, 4, 0, 0)}));
  EXPECT_EQ(st.rounds, 2);
  EXPECT_EQ(st.repair_crossings, 1u);
  EXPECT_EQ(st.repair_new_pixels, 0u);
  EXPECT_EQ(st.repair_reroutes, 2u);
  EXPECT_FALSE(st.stopped_after_reroute);
  EXPECT_EQ(st.final_proper_crossings, 0u);
}

}  // namespace
