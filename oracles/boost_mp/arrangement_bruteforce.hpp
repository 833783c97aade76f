// Oracle for the arrangement (docs/spec/arrangement.md, arr.*): a brute-force
// transcription of steps 1-5 written from the spec text alone. Shares no code
// and no types with src/onepath/geom2d.
//
// Method: no candidate search. Every pair of edges / fragments is tested for a
// proper crossing and every hot pixel is tested against every edge / fragment,
// each with exact integer arithmetic (Boost.Multiprecision checked 128-bit
// integers for orientations, dot products and the parametric pixel clip, with
// a plain int64 orientation where the differences are below 2^31;
// cpp_rational for crossing points). Exact bounding-box and line-distance
// rejections run before the full tests; they are necessary conditions of the
// tests they guard, so they never change a decision. Copies of one segment
// (same two endpoints, either direction) share one crossing test per pair.
//
// Points where the spec text is ambiguous are marked SPEC-AMBIGUITY in the
// .cpp; the oracle implements the most literal reading of each.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace onepath::oracle {

struct BfPoint {
  std::int64_t x, y;
};
struct BfEdge {
  BfPoint p, q;
  int operand;  // 0, 1 or 2 (2 counts for both)
};
struct BfSegment {
  std::uint32_t a, b;  // vertex indices, a < b
  std::int32_t n0, n1;
};
struct BfArrangement {
  std::vector<BfPoint> vertices;
  std::vector<BfSegment> segments;
};

bool operator==(BfPoint l, BfPoint r);
bool operator<(BfPoint l, BfPoint r);  // (x, y) ascending
bool operator==(const BfSegment& l, const BfSegment& r);
bool operator==(const BfArrangement& l, const BfArrangement& r);

// The repair loop did not settle within 256 rounds (arr.repair, err.geometry).
struct BfGeometryError : std::runtime_error {
  explicit BfGeometryError(int c)
      : std::runtime_error("arrangement repair did not settle"), count(c) {}
  int count;
};

// What happened inside one run (diagnostics for differential testing).
struct BfStats {
  std::size_t edges = 0;              // after arr.drop-degenerate
  std::size_t initial_crossings = 0;  // proper crossings between edges (step 2)
  std::size_t hot_pixels = 0;         // final number of hot pixels
  std::size_t fragments = 0;          // fragments entering arr.merge
  int rounds = 0;                     // repair rounds run (>= 1)
  std::size_t repair_crossings = 0;   // proper crossings found by step 4.1, all rounds
  std::size_t repair_new_pixels = 0;  // hot pixels added by step 4.1, all rounds
  std::size_t repair_reroutes = 0;    // fragments rerouted by step 4.2, all rounds
  std::size_t repair_splits = 0;      // fragments split by step 4.3, all rounds
  // Always false since the spec pinned arr.repair's stopping rule (the loop
  // ends only on a round that finds no work); kept so reports stay stable.
  bool stopped_after_reroute = false;
  // Postconditions claimed by arr.repair, checked on the final fragments.
  std::size_t final_proper_crossings = 0;
  std::size_t final_centres_inside = 0;  // hot pixel centres in a fragment's open interior
};

// Assumes valid input (|coord| <= 2^39, operand 0..2); throws
// std::invalid_argument otherwise (not the spec's error: use it as an oracle
// for valid input only), BfGeometryError when the repair does not settle.
BfArrangement BruteForceArrangement(const std::vector<BfEdge>& edges);
BfArrangement BruteForceArrangement(const std::vector<BfEdge>& edges, BfStats* stats);

// Step 4 (arr.repair) alone, for testing the repair rules on configurations
// that steps 1-3 do not produce (after them the first round finds no work,
// as arr.repair proves): runs the rounds on the given fragments (p -> q, operand;
// none degenerate) and hot pixel centres and returns the final fragments (in
// no particular order). Throws BfGeometryError after 256 changing rounds.
std::vector<BfEdge> BfRepairOnly(const std::vector<BfEdge>& fragments,
                                 const std::vector<BfPoint>& hotPixels, BfStats* stats);

// arr.output's canonical bytes (canon.int, canon.list), little-endian.
std::vector<std::uint8_t> BruteForceCanonicalBytes(const BfArrangement& arrangement);

// The closed segment pq meets the half-open pixel of c (arr.pixel). Exposed
// for tests of the oracle itself.
bool BfSegmentMeetsPixel(BfPoint p, BfPoint q, BfPoint c);
// floor(X + 1/2) of the crossing of two properly crossing segments ab, cd
// (arr.round). Precondition: they cross properly.
BfPoint BfRoundedCrossing(BfPoint a, BfPoint b, BfPoint c, BfPoint d);
// arr.proper-crossing.
bool BfCrossProperly(BfPoint a, BfPoint b, BfPoint c, BfPoint d);

}  // namespace onepath::oracle
