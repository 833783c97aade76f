// RapidCheck properties of the arrangement (arr.*). Each property runs inside
// a plain GoogleTest test with a fixed RapidCheck seed, so runs repeat
// exactly. Inputs: shrinkable edge lists on the small lattice [-3, 3]^2 (many
// degeneracies) and cases of conformance/generators/arrangement_cases.hpp
// (drawn from a seed; those print as a C++ initializer via RC_LOG instead of
// shrinking). Every output is also run through the independent validity
// checker (conformance/generators/arrangement_validity.hpp).
//
// Why each property holds, from the text:
//  - order (arr.promise): the steps are defined on sets of edges, fragments
//    and hot pixels; candidates never change a decision (arr.candidates).
//  - direction (arr.promise): hot pixels, crossings and the met pixels of an
//    edge do not depend on its direction, and reroute orders the centres by
//    projection, which reverses with the edge (ties cannot occur for a
//    straight segment between grid points), so a reversed edge has the same
//    fragments reversed and contributes the negated counts (arr.merge).
//    Adding a copy e' of an edge e (or its reverse) adds no hot pixel and
//    only repeats e's fragments, so with c_e e's contribution:
//    B(E + e) = B(E) + c_e and B(E + reversed e) = B(E) - c_e.
//  - operands: operand 2 is one edge of operand 0 plus one of operand 1
//    (arr.input); swapping operands 0 and 1 swaps n0 and n1.
//  - translation by an integer vector commutes with every step: pixels,
//    floor(X + 1/2) and the projection order are translation invariant.
//  - transposition (x, y) -> (y, x) maps pixels to pixels (both axes are
//    half-open the same way) and rounds each coordinate alike; only the
//    (x, y) order of vertices changes, so a segment whose endpoints swap
//    order has its counts negated.
//  - fixpoint: noding the output again (each segment as edges reproducing its
//    counts) gives hot pixels = the vertices and no proper crossing; a
//    segment is rerouted exactly when it meets the pixel of a vertex other
//    than its endpoints. So the output is reproduced exactly when no segment
//    does (CountPixelNearMisses == 0).
#include <rapidcheck.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "conformance/generators/arrangement_cases.hpp"
#include "conformance/generators/arrangement_validity.hpp"
#include "conformance/generators/predicate_cases.hpp"
#include "conformance/tests/check_property.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/geom2d/arrangement.hpp"
#include "onepath/geom2d/internal/snap_rounding.hpp"

namespace {

using onepath::gen::SplitMix64;
using onepath::geom2d::Arrangement;
using onepath::geom2d::BuildArrangement;
using onepath::geom2d::CanonicalBytes;
using onepath::geom2d::GridPoint;
using onepath::geom2d::TaggedEdge;
using Edges = std::vector<TaggedEdge>;

constexpr std::int64_t kLimit = std::int64_t{1} << 39;

using onepath::proptest::CheckProperty;

// --- generators -------------------------------------------------------------

// Up to 12 edges on [-3, 3]^2, operands 0..2: shrinks well.
rc::Gen<Edges> LatticeEdges() {
  return rc::gen::resize(
      12, rc::gen::container<Edges>(rc::gen::apply(
              [](int a, int b, int c, int d, int op) {
                return TaggedEdge{{a, b}, {c, d}, op};
              },
              rc::gen::inRange(-3, 4), rc::gen::inRange(-3, 4), rc::gen::inRange(-3, 4),
              rc::gen::inRange(-3, 4), rc::gen::inRange(0, 3))));
}

// A case of one of the arrangement_cases kinds, 1..24 edges.
rc::Gen<Edges> GeneratedEdges() {
  return rc::gen::apply(
      [](std::size_t kind, std::uint64_t seed, int maxEdges) {
        SplitMix64 rng(seed);
        return onepath::gen::MakeArrangementCase(onepath::gen::AllArrangementCaseKinds()[kind], rng,
                                                 maxEdges);
      },
      rc::gen::inRange<std::size_t>(0, onepath::gen::AllArrangementCaseKinds().size()),
      rc::gen::arbitrary<std::uint64_t>(), rc::gen::inRange(1, 25));
}

Edges AnyEdges() {
  Edges edges = *rc::gen::oneOf(LatticeEdges(), GeneratedEdges());
  RC_LOG() << onepath::gen::FormatEdges(edges);
  return edges;
}

// --- helpers ----------------------------------------------------------------

// Builds and checks validity; a throw or an invalid output fails the property.
Arrangement Build(const Edges& edges) {
  Arrangement a;
  try {
    a = BuildArrangement(edges);
  } catch (const std::exception& e) {
    RC_FAIL(std::string("BuildArrangement threw: ") + e.what());
  }
  onepath::gen::ArrangementValidity v = onepath::gen::CheckArrangementValidity(edges, a);
  if (!v.ok()) {
    std::string m = "invalid output:\n" + onepath::gen::FormatArrangement(a);
    for (const std::string& s : v.messages) m += "  " + s + "\n";
    RC_FAIL(m);
  }
  return a;
}

std::vector<std::uint8_t> Bytes(const Edges& edges) { return CanonicalBytes(Build(edges)); }

// Net counts keyed by the segment's endpoints (lower first in (x, y)).
using Key = std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t>;
using Counts = std::map<Key, std::pair<std::int64_t, std::int64_t>>;

Counts CountsOf(const Arrangement& a) {
  Counts c;
  for (const auto& s : a.segments) {
    GridPoint u = a.vertices[s.a], v = a.vertices[s.b];
    c[{u.x, u.y, v.x, v.y}] = {s.n0, s.n1};
  }
  return c;
}

// m1 * x + m2 * y, dropping zeros.
Counts Combine(std::int64_t m1, const Counts& x, std::int64_t m2, const Counts& y) {
  Counts out;
  for (const auto& [k, n] : x) {
    out[k].first += m1 * n.first;
    out[k].second += m1 * n.second;
  }
  for (const auto& [k, n] : y) {
    out[k].first += m2 * n.first;
    out[k].second += m2 * n.second;
  }
  for (auto it = out.begin(); it != out.end();) {
    it = (it->second.first == 0 && it->second.second == 0) ? out.erase(it) : std::next(it);
  }
  return out;
}

std::string Text(const Counts& c) {
  std::ostringstream s;
  for (const auto& [k, n] : c) {
    s << "(" << std::get<0>(k) << "," << std::get<1>(k) << ")-(" << std::get<2>(k) << ","
      << std::get<3>(k) << ") " << n.first << " " << n.second << "\n";
  }
  return s.str();
}

TaggedEdge Reversed(TaggedEdge e) { return {e.q, e.p, e.operand}; }

void Shuffle(Edges& edges, std::uint64_t seed) {
  SplitMix64 rng(seed);
  for (std::size_t i = edges.size(); i > 1; --i) std::swap(edges[i - 1], edges[rng.Below(i)]);
}

bool WithinLimits(const Edges& edges) {
  for (const TaggedEdge& e : edges) {
    for (std::int64_t c : {e.p.x, e.p.y, e.q.x, e.q.y}) {
      if (c < -kLimit || c > kLimit) return false;
    }
  }
  return true;
}

// The output as edges: per segment, k2 = min(|n0|, |n1|) edges of operand 2
// when n0 and n1 have the same sign, then the rest of each count as edges
// of operand 0 and 1; each edge runs a -> b for a positive count, b -> a for
// a negative one.
Edges AsEdges(const Arrangement& a) {
  Edges out;
  for (const auto& s : a.segments) {
    GridPoint u = a.vertices[s.a], v = a.vertices[s.b];
    std::int64_t n0 = s.n0, n1 = s.n1;
    auto emit = [&](std::int64_t n, int op) {
      for (std::int64_t i = 0; i < (n < 0 ? -n : n); ++i) {
        out.push_back(n > 0 ? TaggedEdge{u, v, op} : TaggedEdge{v, u, op});
      }
    };
    if ((n0 > 0 && n1 > 0) || (n0 < 0 && n1 < 0)) {
      std::int64_t k = n0 > 0 ? std::min(n0, n1) : std::max(n0, n1);
      emit(k, 2);
      n0 -= k;
      n1 -= k;
    }
    emit(n0, 0);
    emit(n1, 1);
  }
  return out;
}

// --- order and direction ------------------------------------------------------

TEST(ArrangementProperties, EdgeOrderDoesNotMatter) {
  CLAUSE("arr.promise arr.candidates arr.output");
  CheckProperty([] {
    Edges edges = AnyEdges();
    const auto bytes = Bytes(edges);
    Edges shuffled = edges;
    Shuffle(shuffled, *rc::gen::arbitrary<std::uint64_t>());
    RC_ASSERT(Bytes(shuffled) == bytes);
    Edges reversedOrder(edges.rbegin(), edges.rend());
    RC_ASSERT(Bytes(reversedOrder) == bytes);
  });
}

TEST(ArrangementProperties, GridAndSweepCandidatesAgree) {
  CLAUSE("arr.candidates");
  CheckProperty([] {
    Edges edges = AnyEdges();
    using onepath::geom2d::CandidateSearch;
    const auto grid = CanonicalBytes(BuildArrangement(edges, CandidateSearch::kGrid));
    const auto sweep = CanonicalBytes(BuildArrangement(edges, CandidateSearch::kSweep));
    RC_ASSERT(grid == sweep);
    RC_ASSERT(CanonicalBytes(BuildArrangement(edges, CandidateSearch::kTree)) == grid);
    RC_ASSERT(CanonicalBytes(BuildArrangement(edges)) == grid);
  });
}

TEST(ArrangementProperties, ReversingEveryEdgeNegatesEveryCount) {
  CLAUSE("arr.promise arr.merge arr.reroute");
  CheckProperty([] {
    Edges edges = AnyEdges();
    Arrangement a = Build(edges);
    Edges reversed;
    for (const TaggedEdge& e : edges) reversed.push_back(Reversed(e));
    Arrangement b = Build(reversed);
    RC_ASSERT(a.vertices.size() == b.vertices.size());
    RC_ASSERT(a.segments.size() == b.segments.size());
    for (std::size_t i = 0; i < a.vertices.size(); ++i) RC_ASSERT(a.vertices[i] == b.vertices[i]);
    for (std::size_t i = 0; i < a.segments.size(); ++i) {
      RC_ASSERT(a.segments[i].a == b.segments[i].a);
      RC_ASSERT(a.segments[i].b == b.segments[i].b);
      RC_ASSERT(a.segments[i].n0 == -b.segments[i].n0);
      RC_ASSERT(a.segments[i].n1 == -b.segments[i].n1);
    }
  });
}

TEST(ArrangementProperties, ReversingOneEdgeNegatesItsContribution) {
  CLAUSE("arr.promise arr.merge arr.reroute arr.repair");
  // With c_e the contribution of e: B(E) = C + c_e, B(E with e reversed) =
  // C - c_e, B(E + reversed e) = C, B(E + e) = C + 2 c_e. So
  // B(E) + B(E with e reversed) = 2 B(E + reversed e), and
  // B(E + e) + B(E + reversed e) = 2 B(E).
  CheckProperty([] {
    Edges edges = AnyEdges();
    RC_PRE(!edges.empty());
    const std::size_t i = *rc::gen::inRange<std::size_t>(0, edges.size());
    const TaggedEdge e = edges[i];
    Edges flipped = edges;
    flipped[i] = Reversed(e);
    Edges plusReverse = edges;
    plusReverse.push_back(Reversed(e));
    Edges plusCopy = edges;
    plusCopy.push_back(e);
    const Counts base = CountsOf(Build(edges));
    const Counts flip = CountsOf(Build(flipped));
    const Counts rev = CountsOf(Build(plusReverse));
    const Counts copy = CountsOf(Build(plusCopy));
    const Counts lhs1 = Combine(1, base, 1, flip), rhs1 = Combine(2, rev, 0, {});
    RC_LOG() << "B(E) + B(E flipped):\n" << Text(lhs1) << "2 B(E + reversed e):\n" << Text(rhs1);
    RC_ASSERT(lhs1 == rhs1);
    const Counts lhs2 = Combine(1, copy, 1, rev), rhs2 = Combine(2, base, 0, {});
    RC_ASSERT(lhs2 == rhs2);
  });
}

TEST(ArrangementProperties, DegenerateEdgesAreDropped) {
  CLAUSE("arr.drop-degenerate arr.hot-pixels");
  // A degenerate edge is dropped before the hot pixels are found, so even a
  // point far from every other edge or right on one adds nothing.
  CheckProperty([] {
    Edges edges = AnyEdges();
    const auto bytes = Bytes(edges);
    Edges more = edges;
    const int extra = *rc::gen::inRange(1, 4);
    for (int k = 0; k < extra; ++k) {
      GridPoint p{*rc::gen::inRange(-4, 5), *rc::gen::inRange(-4, 5)};
      if (!edges.empty() && *rc::gen::arbitrary<bool>()) {
        p = edges[*rc::gen::inRange<std::size_t>(0, edges.size())].q;
      }
      const std::size_t at = *rc::gen::inRange<std::size_t>(0, more.size() + 1);
      more.insert(more.begin() + static_cast<std::ptrdiff_t>(at),
                  TaggedEdge{p, p, *rc::gen::inRange(0, 3)});
    }
    RC_ASSERT(Bytes(more) == bytes);
  });
}

// --- operands -----------------------------------------------------------------

TEST(ArrangementProperties, OperandTwoIsOneEdgeOfEachOperand) {
  CLAUSE("arr.input arr.merge");
  CheckProperty([] {
    Edges edges = AnyEdges();
    Edges split;
    for (const TaggedEdge& e : edges) {
      if (e.operand == 2) {
        split.push_back({e.p, e.q, 0});
        split.push_back({e.p, e.q, 1});
      } else {
        split.push_back(e);
      }
    }
    RC_ASSERT(Bytes(split) == Bytes(edges));
  });
}

TEST(ArrangementProperties, SwappingOperandsSwapsCounts) {
  CLAUSE("arr.input arr.merge arr.output");
  CheckProperty([] {
    Edges edges = AnyEdges();
    Arrangement a = Build(edges);
    Edges swapped = edges;
    for (TaggedEdge& e : swapped) e.operand = e.operand == 2 ? 2 : 1 - e.operand;
    Arrangement b = Build(swapped);
    RC_ASSERT(a.vertices.size() == b.vertices.size());
    RC_ASSERT(a.segments.size() == b.segments.size());
    for (std::size_t i = 0; i < a.segments.size(); ++i) {
      RC_ASSERT(a.segments[i].a == b.segments[i].a);
      RC_ASSERT(a.segments[i].b == b.segments[i].b);
      RC_ASSERT(a.segments[i].n0 == b.segments[i].n1);
      RC_ASSERT(a.segments[i].n1 == b.segments[i].n0);
    }
  });
}

// --- symmetries -------------------------------------------------------------

TEST(ArrangementProperties, IntegerTranslationCommutes) {
  CLAUSE("arr.round arr.pixel arr.reroute arr.promise");
  // Half of the offsets are small (crossings move across 0, where floor and
  // truncation differ), half reach the 2^39 bound.
  CheckProperty([] {
    Edges edges = AnyEdges();
    RC_PRE(!edges.empty());
    std::int64_t lo[2] = {kLimit, kLimit}, hi[2] = {-kLimit, -kLimit};
    for (const TaggedEdge& e : edges) {
      for (GridPoint p : {e.p, e.q}) {
        lo[0] = std::min(lo[0], p.x), hi[0] = std::max(hi[0], p.x);
        lo[1] = std::min(lo[1], p.y), hi[1] = std::max(hi[1], p.y);
      }
    }
    std::int64_t t[2];
    const bool small = *rc::gen::arbitrary<bool>();
    for (int k = 0; k < 2; ++k) {
      const std::int64_t from = -kLimit - lo[k], to = kLimit - hi[k];
      t[k] = small ? std::clamp<std::int64_t>(*rc::gen::inRange(-3, 4), from, to)
                   : *rc::gen::inRange<std::int64_t>(from, to + 1);
    }
    RC_LOG() << "offset (" << t[0] << ", " << t[1] << ")\n";
    Edges moved = edges;
    for (TaggedEdge& e : moved) {
      e.p = {e.p.x + t[0], e.p.y + t[1]};
      e.q = {e.q.x + t[0], e.q.y + t[1]};
    }
    RC_ASSERT(WithinLimits(moved));
    Arrangement a = Build(edges);
    Arrangement b = Build(moved);
    RC_ASSERT(a.vertices.size() == b.vertices.size());
    for (std::size_t i = 0; i < a.vertices.size(); ++i) {
      RC_ASSERT(a.vertices[i].x + t[0] == b.vertices[i].x);
      RC_ASSERT(a.vertices[i].y + t[1] == b.vertices[i].y);
    }
    RC_ASSERT(a.segments.size() == b.segments.size());
    for (std::size_t i = 0; i < a.segments.size(); ++i) {
      RC_ASSERT(a.segments[i].a == b.segments[i].a && a.segments[i].b == b.segments[i].b);
      RC_ASSERT(a.segments[i].n0 == b.segments[i].n0 && a.segments[i].n1 == b.segments[i].n1);
    }
  });
}

TEST(ArrangementProperties, TranspositionCommutes) {
  CLAUSE("arr.pixel arr.round arr.reroute arr.merge");
  CheckProperty([] {
    Edges edges = AnyEdges();
    Edges transposed;
    for (const TaggedEdge& e : edges) {
      transposed.push_back({{e.p.y, e.p.x}, {e.q.y, e.q.x}, e.operand});
    }
    const Counts a = CountsOf(Build(edges));
    Counts expected;
    for (const auto& [k, n] : a) {
      auto [ux, uy, vx, vy] = k;
      // (uy, ux) and (vy, vx); the lower in (x, y) order comes first.
      if (uy < vy || (uy == vy && ux < vx)) {
        expected[{uy, ux, vy, vx}] = n;
      } else {
        expected[{vy, vx, uy, ux}] = {-n.first, -n.second};
      }
    }
    const Counts b = CountsOf(Build(transposed));
    RC_LOG() << "expected:\n" << Text(expected) << "got:\n" << Text(b);
    RC_ASSERT(b == expected);
  });
}

// --- the output as input ----------------------------------------------------

TEST(ArrangementProperties, OutputIsAFixpointUnlessASegmentMeetsAnotherVertexPixel) {
  CLAUSE("arr.reroute arr.pixel arr.hot-pixels arr.repair arr.output");
  CheckProperty([] {
    Edges edges = AnyEdges();
    Arrangement a = Build(edges);
    Edges again = AsEdges(a);
    Shuffle(again, *rc::gen::arbitrary<std::uint64_t>());
    Arrangement b = Build(again);
    const bool same = CanonicalBytes(a) == CanonicalBytes(b);
    const std::int64_t nearMisses = onepath::gen::CountPixelNearMisses(a);
    RC_LOG() << "first output:\n"
             << onepath::gen::FormatArrangement(a) << "second output:\n"
             << onepath::gen::FormatArrangement(b)
             << "segments meeting another vertex's pixel: " << nearMisses << "\n";
    RC_TAG(nearMisses == 0 ? "fixpoint expected" : "reroute expected");
    RC_ASSERT(same == (nearMisses == 0));
    // Noding the second output once more is still valid (Build checks).
    Build(AsEdges(b));
  });
}

// --- the checker itself -----------------------------------------------------

// The validity checker rejects outputs that break each of its rules (a
// negative control: the properties above rely on it).
TEST(ArrangementProperties, ValidityCheckerRejectsBrokenOutputs) {
  CLAUSE("arr.output arr.proper-crossing arr.repair arr.merge arr.distortion");
  using onepath::gen::CheckArrangementValidity;
  using onepath::geom2d::NetSegment;
  const GridPoint o{0, 0}, a{2, 2}, b{0, 2}, c{2, 0};
  // Two diagonals left unsplit: conserved, but they cross properly.
  const Edges cross = {{o, a, 0}, {b, c, 0}};
  Arrangement crossing{{o, b, c, a}, {NetSegment{0, 3, 1, 0}, NetSegment{1, 2, 1, 0}}};
  EXPECT_FALSE(CheckArrangementValidity(cross, crossing).ok());
  EXPECT_TRUE(CheckArrangementValidity(cross, BuildArrangement(cross)).ok());
  // (0,0) -> (2,0) not split at the vertex (1, 0).
  const Edges tee = {{o, c, 0}, {{1, 0}, {1, 1}, 1}};
  Arrangement inside{{o, {1, 0}, {1, 1}, c}, {NetSegment{0, 3, 1, 0}, NetSegment{1, 2, 0, 1}}};
  EXPECT_FALSE(CheckArrangementValidity(tee, inside).ok());
  // A detour through (1, 3), three units away from the only edge.
  const Edges line = {{o, {4, 0}, 0}};
  Arrangement detour{{o, {1, 3}, {4, 0}}, {NetSegment{0, 1, 1, 0}, NetSegment{1, 2, 1, 0}}};
  EXPECT_FALSE(CheckArrangementValidity(line, detour).ok());
  // Mutations of real outputs: a negated or a dropped count breaks the
  // conservation of flow; an unused vertex or a zero segment breaks the form.
  SplitMix64 rng(0x434845434b4552ULL);  // "CHECKER"
  int mutated = 0;
  for (int i = 0; i < 500; ++i) {
    auto kind = onepath::gen::AllArrangementCaseKinds()[i % 11];
    Edges edges = onepath::gen::MakeArrangementCase(kind, rng, 12);
    Arrangement good = BuildArrangement(edges);
    ASSERT_TRUE(CheckArrangementValidity(edges, good).ok()) << onepath::gen::FormatEdges(edges);
    if (good.segments.empty()) continue;
    const std::size_t k = rng.Below(good.segments.size());
    Arrangement bad = good;
    if (bad.segments[k].n0 != 0) {
      bad.segments[k].n0 = -bad.segments[k].n0;
    } else {
      bad.segments[k].n1 = -bad.segments[k].n1;
    }
    EXPECT_FALSE(CheckArrangementValidity(edges, bad).ok());
    bad = good;
    bad.segments.erase(bad.segments.begin() + static_cast<std::ptrdiff_t>(k));
    EXPECT_FALSE(CheckArrangementValidity(edges, bad).ok());
    bad = good;
    bad.segments[k].n0 = bad.segments[k].n1 = 0;
    EXPECT_FALSE(CheckArrangementValidity(edges, bad).ok());
    bad = good;
    bad.vertices.push_back({bad.vertices.back().x + 1, bad.vertices.back().y});
    EXPECT_FALSE(CheckArrangementValidity(edges, bad).ok());
    ++mutated;
  }
  EXPECT_GT(mutated, 400);
}

// --- the checker's pixel test -----------------------------------------------

TEST(ArrangementProperties, PixelTestMatchesHandCases) {
  CLAUSE("arr.pixel");
  using onepath::gen::SegmentMeetsPixel;
  // x + y = -1 passes through (-1/2, -1/2), the lower-left corner of pixel
  // (0, 0): included.
  EXPECT_TRUE(SegmentMeetsPixel({-2, 1}, {1, -2}, {0, 0}));
  // x + y = 1 passes through (1/2, 1/2), the upper-right corner of (0, 0),
  // which belongs to (1, 1): not included in (0, 0), included in (1, 1).
  EXPECT_FALSE(SegmentMeetsPixel({-1, 2}, {2, -1}, {0, 0}));
  EXPECT_TRUE(SegmentMeetsPixel({-1, 2}, {2, -1}, {1, 1}));
  // y = x passes through corners (k + 1/2, k + 1/2) only: it meets (0, 0)
  // and (1, 1) but not (1, 0) or (0, 1).
  EXPECT_TRUE(SegmentMeetsPixel({0, 0}, {3, 3}, {1, 1}));
  EXPECT_FALSE(SegmentMeetsPixel({0, 0}, {3, 3}, {1, 0}));
  EXPECT_FALSE(SegmentMeetsPixel({0, 0}, {3, 3}, {0, 1}));
  // (0, 0) -> (2, 1) crosses x = 1/2 at y = 1/4 and x = 3/2 at y = 3/4:
  // pixels (0, 0), (1, 0), (1, 1), (2, 1); not (0, 1) or (2, 0).
  EXPECT_TRUE(SegmentMeetsPixel({0, 0}, {2, 1}, {1, 0}));
  EXPECT_TRUE(SegmentMeetsPixel({0, 0}, {2, 1}, {1, 1}));
  EXPECT_FALSE(SegmentMeetsPixel({0, 0}, {2, 1}, {0, 1}));
  EXPECT_FALSE(SegmentMeetsPixel({0, 0}, {2, 1}, {2, 0}));
  // A horizontal segment at y = 0 never meets row 1 or row -1.
  EXPECT_FALSE(SegmentMeetsPixel({-5, 0}, {5, 0}, {0, 1}));
  EXPECT_FALSE(SegmentMeetsPixel({-5, 0}, {5, 0}, {0, -1}));
  // Endpoints: a segment meets the pixels of its endpoints, and ends there.
  EXPECT_TRUE(SegmentMeetsPixel({0, 0}, {4, 1}, {4, 1}));
  EXPECT_FALSE(SegmentMeetsPixel({0, 0}, {4, 1}, {5, 1}));
}

TEST(ArrangementProperties, PixelTestAgreesWithSampling) {
  CLAUSE("arr.pixel");
  // The closed segment meets the half-open pixel iff one of its points
  // is in it; with endpoints on [-3, 3]^2 every candidate point can be
  // checked on the segment's own parameter grid t = i / 4096 plus the exact
  // side crossings (where the segment enters or leaves a pixel): a point of
  // the pixel on the segment exists iff one of these does.
  CheckProperty(
      [] {
        GridPoint a{*rc::gen::inRange(-3, 4), *rc::gen::inRange(-3, 4)};
        GridPoint b{*rc::gen::inRange(-3, 4), *rc::gen::inRange(-3, 4)};
        GridPoint c{*rc::gen::inRange(-4, 5), *rc::gen::inRange(-4, 5)};
        // Candidate parameters t = num / den: endpoints, and the crossings with
        // the pixel's four side lines (2 c -+ 1 in doubled coordinates) and just
        // after them (tiny steps either way).
        const std::int64_t dx = 2 * (b.x - a.x), dy = 2 * (b.y - a.y);
        std::vector<std::pair<std::int64_t, std::int64_t>> ts = {{0, 1}, {1, 1}};
        for (std::int64_t side : {-1, 1}) {
          if (dx != 0) ts.push_back({2 * c.x + side - 2 * a.x, dx});
          if (dy != 0) ts.push_back({2 * c.y + side - 2 * a.y, dy});
        }
        bool found = false;
        for (auto [num, den] : ts) {
          if (den < 0) num = -num, den = -den;
          for (std::int64_t eps : {-1, 0, 1}) {
            // t' = (num * 1024 + eps) / (den * 1024), clipped to [0, 1].
            std::int64_t n = num * 1024 + eps, d = den * 1024;
            if (n < 0 || n > d) continue;
            // Point 2a + t' (2b - 2a) in doubled coordinates, times d.
            const std::int64_t px = 2 * a.x * d + n * dx, py = 2 * a.y * d + n * dy;
            const bool inX = (2 * c.x - 1) * d <= px && px < (2 * c.x + 1) * d;
            const bool inY = (2 * c.y - 1) * d <= py && py < (2 * c.y + 1) * d;
            found = found || (inX && inY);
          }
        }
        RC_LOG() << "a (" << a.x << "," << a.y << ") b (" << b.x << "," << b.y << ") c (" << c.x
                 << "," << c.y << ")\n";
        RC_ASSERT(onepath::gen::SegmentMeetsPixel(a, b, c) == found);
      },
      5000);
}

}  // namespace
