// RapidCheck properties of the predicates (pred.orient2d, pred.incircle,
// pred.orient2d.int, pred.exact). Each property runs inside a plain
// GoogleTest test, so CLAUSE is recorded once per test, with a fixed
// RapidCheck seed so that runs repeat exactly.
#include <rapidcheck.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>

#include "conformance/generators/predicate_cases.hpp"
#include "conformance/tests/check_property.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/exact/predicates.hpp"

namespace {

using onepath::Vector2D;
using onepath::exact::InCircle;
using onepath::exact::InCircleExact;
using onepath::exact::Orient2D;
using onepath::exact::Orient2DExact;
using onepath::exact::Orient2DInt;
using onepath::gen::InCircleCase;
using onepath::gen::Orient2DCase;
using onepath::gen::SplitMix64;

using onepath::proptest::CheckProperty;

std::string Hex(double v) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%a", v);
  return buffer;
}

void Log(const char* name, Vector2D p) {
  RC_LOG() << name << " = (" << Hex(p.x) << ", " << Hex(p.y) << ")\n";
}

// --- generators -------------------------------------------------------------

// A point of the small lattice [-lim, lim]^2: many exact degeneracies.
rc::Gen<Vector2D> SmallPoint(int lim) {
  return rc::gen::apply(
      [](int x, int y) {
        return Vector2D{double(x), double(y)};
      },
      rc::gen::inRange(-lim, lim + 1), rc::gen::inRange(-lim, lim + 1));
}

// A case of one of the predicate_cases kinds, drawn from a random seed.
// (Seeds do not shrink usefully; RC_LOG prints the case in hex instead.)
rc::Gen<Orient2DCase> GeneratedOrient2DCase() {
  return rc::gen::apply(
      [](std::size_t kind, std::uint64_t seed) {
        SplitMix64 rng(seed);
        return onepath::gen::MakeOrient2DCase(onepath::gen::AllPredicateCaseKinds()[kind], rng);
      },
      rc::gen::inRange<std::size_t>(0, onepath::gen::AllPredicateCaseKinds().size()),
      rc::gen::arbitrary<std::uint64_t>());
}

rc::Gen<InCircleCase> GeneratedInCircleCase() {
  return rc::gen::apply(
      [](std::size_t kind, std::uint64_t seed) {
        SplitMix64 rng(seed);
        return onepath::gen::MakeInCircleCase(onepath::gen::AllPredicateCaseKinds()[kind], rng);
      },
      rc::gen::inRange<std::size_t>(0, onepath::gen::AllPredicateCaseKinds().size()),
      rc::gen::arbitrary<std::uint64_t>());
}

// Half small-lattice cases (lim 3: about one in six is exactly collinear),
// half generated cases.
rc::Gen<Orient2DCase> AnyOrient2DCase() {
  return rc::gen::oneOf(rc::gen::apply(
                            [](Vector2D a, Vector2D b, Vector2D c) {
                              return Orient2DCase{a, b, c};
                            },
                            SmallPoint(3), SmallPoint(3), SmallPoint(3)),
                        GeneratedOrient2DCase());
}

rc::Gen<InCircleCase> AnyInCircleCase() {
  return rc::gen::oneOf(rc::gen::apply(
                            [](Vector2D a, Vector2D b, Vector2D c, Vector2D d) {
                              return InCircleCase{a, b, c, d};
                            },
                            SmallPoint(2), SmallPoint(2), SmallPoint(2), SmallPoint(2)),
                        GeneratedInCircleCase());
}

// --- permutations -----------------------------------------------------------

TEST(PredicateProperties, Orient2DPermutations) {
  CLAUSE("pred.orient2d pred.exact");
  // det is alternating in (a, b, c) (it is the 3x3 determinant with rows
  // (px, py, 1)): a swap of two points negates it, a cyclic shift keeps it.
  CheckProperty([] {
    const Orient2DCase k = *AnyOrient2DCase();
    Log("a", k.a), Log("b", k.b), Log("c", k.c);
    const int s = Orient2D(k.a, k.b, k.c);
    RC_ASSERT(Orient2D(k.b, k.a, k.c) == -s);
    RC_ASSERT(Orient2D(k.c, k.b, k.a) == -s);
    RC_ASSERT(Orient2D(k.a, k.c, k.b) == -s);
    RC_ASSERT(Orient2D(k.b, k.c, k.a) == s);
    RC_ASSERT(Orient2D(k.c, k.a, k.b) == s);
  });
}

TEST(PredicateProperties, InCirclePermutations) {
  CLAUSE("pred.incircle pred.exact");
  // The 3x3 determinant of pred.incircle (rows translated by d) equals the
  // 4x4 determinant with rows (px, py, px^2 + py^2, 1) for p = a, b, c, d
  // (subtract row d, then clear the lift column's linear part by column
  // operations). That is alternating in all four points: swapping any two,
  // d included, negates it; even permutations keep it. Swaps involving d
  // change which point the reference subtracts, so the intermediate values
  // differ and the check is not a tautology.
  CheckProperty([] {
    const InCircleCase k = *AnyInCircleCase();
    Log("a", k.a), Log("b", k.b), Log("c", k.c), Log("d", k.d);
    const int s = InCircle(k.a, k.b, k.c, k.d);
    RC_ASSERT(InCircle(k.b, k.a, k.c, k.d) == -s);
    RC_ASSERT(InCircle(k.a, k.c, k.b, k.d) == -s);
    RC_ASSERT(InCircle(k.c, k.b, k.a, k.d) == -s);
    RC_ASSERT(InCircle(k.d, k.b, k.c, k.a) == -s);
    RC_ASSERT(InCircle(k.a, k.d, k.c, k.b) == -s);
    RC_ASSERT(InCircle(k.a, k.b, k.d, k.c) == -s);
    RC_ASSERT(InCircle(k.b, k.c, k.a, k.d) == s);
    RC_ASSERT(InCircle(k.c, k.a, k.b, k.d) == s);
    RC_ASSERT(InCircle(k.b, k.a, k.d, k.c) == s);
    RC_ASSERT(InCircle(k.d, k.c, k.b, k.a) == s);
  });
}

// --- translation ------------------------------------------------------------

// Integer lattice points (|coordinate| <= 2^20, often on one line or circle
// from the small lattice), a translation by integers up to 2^32, and a
// common scale 2^g. Every translated coordinate is an integer of magnitude
// below 2^20 + 2^32 < 2^53, times 2^g: exactly representable, so the
// translated points are exactly the translates and both determinants (which
// depend on differences only) are unchanged.
struct TranslationCase {
  std::array<Vector2D, 4> points;
  std::array<Vector2D, 4> moved;
};

rc::Gen<TranslationCase> Translation() {
  return rc::gen::apply(
      [](std::array<int, 8> small, int spread, std::uint64_t seed, int g) {
        SplitMix64 rng(seed);
        // Spread the small lattice by a factor up to 2^12 (exact, integers).
        const double factor = static_cast<double>(1 + rng.Below(std::uint64_t{1} << spread));
        const double scale = std::ldexp(1.0, g);
        const double limit = 0x1p32;
        const double tx = static_cast<double>(rng.Below(std::uint64_t{1} << 33)) - limit;
        const double ty = static_cast<double>(rng.Below(std::uint64_t{1} << 33)) - limit;
        TranslationCase t;
        for (int i = 0; i < 4; ++i) {
          double x = small[2 * i] * factor, y = small[2 * i + 1] * factor;
          t.points[i] = {x * scale, y * scale};
          t.moved[i] = {(x + tx) * scale, (y + ty) * scale};
        }
        return t;
      },
      rc::gen::container<std::array<int, 8>>(rc::gen::inRange(-3, 4)), rc::gen::inRange(0, 13),
      rc::gen::arbitrary<std::uint64_t>(), rc::gen::inRange(-150, 150));
}

TEST(PredicateProperties, TranslationByExactOffsets) {
  CLAUSE("pred.orient2d pred.incircle pred.exact");
  CheckProperty([] {
    const TranslationCase t = *Translation();
    const auto& p = t.points;
    const auto& q = t.moved;
    for (int i = 0; i < 4; ++i) Log("p", p[i]), Log("moved", q[i]);
    RC_ASSERT(Orient2D(p[0], p[1], p[2]) == Orient2D(q[0], q[1], q[2]));
    RC_ASSERT(Orient2D(p[3], p[1], p[0]) == Orient2D(q[3], q[1], q[0]));
    RC_ASSERT(InCircle(p[0], p[1], p[2], p[3]) == InCircle(q[0], q[1], q[2], q[3]));
    // A translated case against a permuted original: d is a different point
    // on each side, so the two evaluations share no intermediate value.
    RC_ASSERT(InCircle(p[3], p[1], p[2], p[0]) == -InCircle(q[0], q[1], q[2], q[3]));
  });
}

// --- pred.orient2d.int ------------------------------------------------------

// Integer triples with |coordinate| <= limit, often collinear or one unit
// off a line: mode 0 independent; mode 1 a + i v, a + j v with a small v;
// mode 2 like mode 1 with one coordinate moved by +-1.
std::array<std::int64_t, 6> IntegerTriple(int mode, std::uint64_t seed, std::int64_t limit) {
  SplitMix64 rng(seed);
  auto draw = [&](std::int64_t lim) {
    return static_cast<std::int64_t>(rng.Below(2 * static_cast<std::uint64_t>(lim) + 1)) - lim;
  };
  std::array<std::int64_t, 6> p;
  if (mode == 0) {
    for (auto& v : p) v = draw(limit);
    return p;
  }
  const std::int64_t vlim = std::int64_t{1} << rng.Below(21);
  const std::int64_t vx = draw(vlim), vy = draw(vlim);
  const std::int64_t i = draw(1024), j = draw(1024);
  // Keep a + i v and a + j v inside [-limit, limit]: |i v| <= 2^10 2^20.
  const std::int64_t alim = limit - (std::int64_t{1} << 30) - 1;
  const std::int64_t ax = draw(alim), ay = draw(alim);
  p = {ax, ay, ax + i * vx, ay + i * vy, ax + j * vx, ay + j * vy};
  if (mode == 2) p[rng.Below(6)] += rng.Below(2) == 0 ? 1 : -1;
  return p;
}

void CheckIntAgreesWithDouble(std::int64_t limit) {
  CheckProperty([limit] {
    const int mode = *rc::gen::inRange(0, 3);
    const auto seed = *rc::gen::arbitrary<std::uint64_t>();
    auto p = IntegerTriple(mode, seed, limit);
    Vector2D a{double(p[0]), double(p[1])}, b{double(p[2]), double(p[3])},
        c{double(p[4]), double(p[5])};
    Log("a", a), Log("b", b), Log("c", c);
    // |coordinates| <= 2^53: the doubles are the integers exactly.
    RC_ASSERT(Orient2DInt(p[0], p[1], p[2], p[3], p[4], p[5]) == Orient2D(a, b, c));
  });
}

TEST(PredicateProperties, Orient2DIntAgreesWithDoubleUpTo2Pow39) {
  CLAUSE("pred.orient2d.int pred.orient2d");
  CheckIntAgreesWithDouble(std::int64_t{1} << 39);
}

TEST(PredicateProperties, Orient2DIntAgreesWithDoubleUpTo2Pow53) {
  CLAUSE("pred.orient2d.int pred.orient2d pred.exact");
  CheckIntAgreesWithDouble(std::int64_t{1} << 53);
}

// --- filtered vs exact ------------------------------------------------------

TEST(PredicateProperties, FilteredAgreesWithExact) {
  CLAUSE("pred.orient2d pred.incircle pred.exact");
  CheckProperty([] {
    const Orient2DCase o = *AnyOrient2DCase();
    const InCircleCase k = *AnyInCircleCase();
    Log("orient a", o.a), Log("orient b", o.b), Log("orient c", o.c);
    Log("incircle a", k.a), Log("incircle b", k.b), Log("incircle c", k.c), Log("incircle d", k.d);
    RC_ASSERT(Orient2D(o.a, o.b, o.c) == Orient2DExact(o.a, o.b, o.c));
    RC_ASSERT(InCircle(k.a, k.b, k.c, k.d) == InCircleExact(k.a, k.b, k.c, k.d));
  });
}

}  // namespace
