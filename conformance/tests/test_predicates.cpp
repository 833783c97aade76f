// Unit tests for the predicates (docs/spec/predicates.md): hand-computed
// signs, exact degeneracies that plain double arithmetic gets wrong, the
// input domain, the integer variant, and the predicate-case generators.
#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <string>

#include "conformance/generators/predicate_cases.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/exact/predicates.hpp"

namespace {

using onepath::Vector2D;
using onepath::exact::CheckedInCircle;
using onepath::exact::CheckedOrient2D;
using onepath::exact::InCircle;
using onepath::exact::InCircleExact;
using onepath::exact::Orient2D;
using onepath::exact::Orient2DExact;
using onepath::exact::Orient2DInt;

int Sign(double v) { return (v > 0) - (v < 0); }

// The plain double determinants, written out as the spec states them: what
// a naive implementation computes.
int NaiveOrient2D(Vector2D a, Vector2D b, Vector2D c) {
  return Sign((a.x - c.x) * (b.y - c.y) - (a.y - c.y) * (b.x - c.x));
}

int NaiveInCircle(Vector2D a, Vector2D b, Vector2D c, Vector2D d) {
  double ax = a.x - d.x, ay = a.y - d.y;
  double bx = b.x - d.x, by = b.y - d.y;
  double cx = c.x - d.x, cy = c.y - d.y;
  double la = ax * ax + ay * ay, lb = bx * bx + by * by, lc = cx * cx + cy * cy;
  return Sign(la * (bx * cy - cx * by) - lb * (ax * cy - cx * ay) + lc * (ax * by - bx * ay));
}

// Filtered, exact and checked variants must all give `expected`.
void ExpectOrient(Vector2D a, Vector2D b, Vector2D c, int expected) {
  EXPECT_EQ(Orient2D(a, b, c), expected);
  EXPECT_EQ(Orient2DExact(a, b, c), expected);
  EXPECT_EQ(CheckedOrient2D(a, b, c), expected);
}

void ExpectInCircle(Vector2D a, Vector2D b, Vector2D c, Vector2D d, int expected) {
  EXPECT_EQ(InCircle(a, b, c, d), expected);
  EXPECT_EQ(InCircleExact(a, b, c, d), expected);
  EXPECT_EQ(CheckedInCircle(a, b, c, d), expected);
}

// --- pred.orient2d ----------------------------------------------------------

TEST(PredicateOrient2D, HandComputedSigns) {
  CLAUSE("pred.orient2d");
  // det = (ax-cx)(by-cy) - (ay-cy)(bx-cx).
  // (0,0), (1,0), (0,1): (0-0)(0-1) - (0-1)(1-0) = 0 + 1 = 1: CCW.
  ExpectOrient({0, 0}, {1, 0}, {0, 1}, 1);
  // Swap a and b: (1-0)(0-1) - (0-1)(0-0) = -1: CW.
  ExpectOrient({1, 0}, {0, 0}, {0, 1}, -1);
  // (1,1), (4,2), (2,5): (1-2)(2-5) - (1-5)(4-2) = 3 + 8 = 11.
  ExpectOrient({1, 1}, {4, 2}, {2, 5}, 1);
  // (1,2), (3,4), (5,6) lie on y = x + 1: (1-5)(4-6) - (2-6)(3-5) = 8 - 8 = 0.
  ExpectOrient({1, 2}, {3, 4}, {5, 6}, 0);
  // A repeated point: a = b gives (ax-cx)(ay-cy) - (ay-cy)(ax-cx) = 0.
  ExpectOrient({2.5, -7}, {2.5, -7}, {1, 1}, 0);
  // Negative and fractional: (-0.5,-0.5), (0.25,-0.5), (0,0.75):
  // (-0.5-0)(-0.5-0.75) - (-0.5-0.75)(0.25-0) = 0.625 + 0.3125 > 0.
  ExpectOrient({-0.5, -0.5}, {0.25, -0.5}, {0, 0.75}, 1);
}

TEST(PredicateOrient2D, ExactCollinearityThatNaiveDoubleMisses) {
  CLAUSE("pred.orient2d pred.exact");
  // Three points on the line y = 3x through the origin. Each x has at most
  // 48 significant bits (the hex significands below have 12 hex digits
  // after the point), so 3 * x (at most 50 bits) is exact: the points are
  // exactly collinear and the true sign is 0.
  const double xa = 0x1.f40cccccccccp+9;  // about 1000.1
  const double xb = 0x1p-1;               // 0.5
  const double xc = 0x1.89374bc6a7fp-8;   // about 0.006
  Vector2D a{xa, 3 * xa}, b{xb, 3 * xb}, c{xc, 3 * xc};
  ExpectOrient(a, b, c, 0);
  // The differences a.y - c.y etc. are rounded in double, and the two
  // rounded products differ: the naive determinant is not zero.
  EXPECT_NE(NaiveOrient2D(a, b, c), 0);

  // Move c one ulp up: det changes by d(det)/d(cy) * delta = (bx - ax) * delta
  // (the cy terms of the formula are -(ax-cx) cy + (bx-cx) cy). bx < ax and
  // delta > 0, so the true sign is -1.
  Vector2D c_up{xc, std::nextafter(3 * xc, 1.0)};
  ExpectOrient(a, b, c_up, -1);
  // Naive double arithmetic gets even the sign wrong here.
  EXPECT_EQ(NaiveOrient2D(a, b, c_up), 1);
  // And one ulp down: by the same argument, +1.
  Vector2D c_down{xc, std::nextafter(3 * xc, 0.0)};
  ExpectOrient(a, b, c_down, 1);
}

TEST(PredicateOrient2D, ExtremesOfTheDomain) {
  CLAUSE("pred.orient2d pred.domain pred.exact");
  // (0,0), (2^-200, 0), (0, 2^200): (0-0)(0-2^200) - (0-2^200)(2^-200-0) = 1.
  ExpectOrient({0, 0}, {0x1p-200, 0}, {0, 0x1p200}, 1);
  // (0,0), (-2^200, 0), (0, 2^-200): 0 - (0-2^-200)(-2^200-0) = -1.
  ExpectOrient({0, 0}, {-0x1p200, 0}, {0, 0x1p-200}, -1);
  // (2^-200, 2^-200), (2^200, 2^200), (-2^200, -2^200) lie on y = x: 0.
  ExpectOrient({0x1p-200, 0x1p-200}, {0x1p200, 0x1p200}, {-0x1p200, -0x1p200}, 0);
  // Move the first point to (2^-200, 2^-199), just above y = x. With
  // a = (p, q), b = (M, M), c = (-M, -M), M = 2^200:
  // det = (p + M)(2M) - (q + M)(2M) = 2M (p - q) = 2^201 (2^-200 - 2^-199) = -2.
  // So (a, b, c) is CW, -1, and the reversed order (c, b, a) is CCW, +1.
  ExpectOrient({0x1p-200, 0x1p-199}, {0x1p200, 0x1p200}, {-0x1p200, -0x1p200}, -1);
  ExpectOrient({-0x1p200, -0x1p200}, {0x1p200, 0x1p200}, {0x1p-200, 0x1p-199}, 1);
}

// --- pred.incircle ----------------------------------------------------------

TEST(PredicateInCircle, HandComputedSigns) {
  CLAUSE("pred.incircle");
  // Rows (px-dx, py-dy, (px-dx)^2 + (py-dy)^2) for p = a, b, c.
  // Unit circle through CCW (1,0), (0,1), (-1,0); d = (0,0): rows (1,0,1),
  // (0,1,1), (-1,0,1): det = 1(1-0) - 0(0+1) + 1(0+1) = 2: inside, +1.
  ExpectInCircle({1, 0}, {0, 1}, {-1, 0}, {0, 0}, 1);
  // d = (0,-1) on the circle: rows (1,1,2), (0,2,4), (-1,1,2):
  // det = 1(4-4) - 1(0+4) + 2(0+2) = 0.
  ExpectInCircle({1, 0}, {0, 1}, {-1, 0}, {0, -1}, 0);
  // d = (2,0) outside: rows (-1,0,1), (-2,1,5), (-3,0,9):
  // det = -1(9-0) - 0(-18+15) + 1(0+3) = -6: -1.
  ExpectInCircle({1, 0}, {0, 1}, {-1, 0}, {2, 0}, -1);
  // Clockwise a, b, c: swapping two rows negates det: d = (0,0) gives -1.
  ExpectInCircle({0, 1}, {1, 0}, {-1, 0}, {0, 0}, -1);
  // Lattice points on x^2 + y^2 = 25 (9+16, 16+9, 25+0, 0+25): all on one
  // circle, so 0 whatever the order.
  ExpectInCircle({3, 4}, {-4, 3}, {-5, 0}, {0, -5}, 0);
  ExpectInCircle({-4, 3}, {3, 4}, {-5, 0}, {4, -3}, 0);
  // d = (1,1) strictly inside that circle (2 < 25), a, b, c CCW (angles
  // 53, 143, 180 degrees): +1.
  ExpectInCircle({3, 4}, {-4, 3}, {-5, 0}, {1, 1}, 1);
  // d equal to a: the row of a is all zeros, det = 0.
  ExpectInCircle({3, 4}, {-4, 3}, {-5, 0}, {3, 4}, 0);
  // Four collinear points (0,0), (1,1), (2,2), (3,3): with d = (3,3) the
  // rows (-3,-3,18), (-2,-2,8), (-1,-1,2) have equal first two columns: 0.
  ExpectInCircle({0, 0}, {1, 1}, {2, 2}, {3, 3}, 0);
}

TEST(PredicateInCircle, ExactCocircularityThatNaiveDoubleMisses) {
  CLAUSE("pred.incircle pred.exact");
  // (x, y) and its rotations by 90, 180 and 270 degrees about 0, which are
  // exact in double (negation and swap): all four are at distance
  // sqrt(x^2 + y^2) from 0, so they are cocircular and the sign is 0.
  const double x = 0x1.3333333333334p-2;  // 0.1 * 3 in double
  const double y = 0x1.1db6db6db6db7p+8;  // 1000 / 3.5 in double
  Vector2D a{x, y}, b{-y, x}, c{-x, -y}, d{y, -x};
  ExpectInCircle(a, b, c, d, 0);
  EXPECT_NE(NaiveInCircle(a, b, c, d), 0);
  // Moving d one ulp away from 0 (d.x = y > 0 grows) puts it outside the
  // circle (|d|^2 = (y + e)^2 + x^2 > x^2 + y^2); a, b, c turn CCW (each is
  // the previous one rotated by +90 degrees): outside means -1.
  Vector2D d_out{std::nextafter(y, 1e300), -x};
  ExpectInCircle(a, b, c, d_out, -1);
  // Moving it towards 0 puts it inside: +1.
  Vector2D d_in{std::nextafter(y, 0.0), -x};
  ExpectInCircle(a, b, c, d_in, 1);
  // At least one of these three is decided wrongly by naive double
  // arithmetic (the zero case above already is).
  EXPECT_TRUE(NaiveInCircle(a, b, c, d) != 0 || NaiveInCircle(a, b, c, d_out) != -1 ||
              NaiveInCircle(a, b, c, d_in) != 1);
}

TEST(PredicateInCircle, ExtremesOfTheDomain) {
  CLAUSE("pred.incircle pred.domain pred.exact");
  // The unit-circle cases scaled by 2^200 (and d by 2^-200): det is
  // homogeneous of degree 4, so signs are those of the unit cases.
  const double m = 0x1p200;
  ExpectInCircle({m, 0}, {0, m}, {-m, 0}, {0, 0}, 1);
  ExpectInCircle({m, 0}, {0, m}, {-m, 0}, {0, -m}, 0);
  // d = (2^-200, 2^-200) is near the center of the radius-2^200 circle.
  ExpectInCircle({m, 0}, {0, m}, {-m, 0}, {0x1p-200, 0x1p-200}, 1);
  // Circle of radius 2^-200 around 0: d = (2^200, 0) far outside: -1.
  const double t = 0x1p-200;
  ExpectInCircle({t, 0}, {0, t}, {-t, 0}, {m, 0}, -1);
  ExpectInCircle({t, 0}, {0, t}, {-t, 0}, {0, -t}, 0);
}

// --- pred.orient2d.int ------------------------------------------------------

TEST(PredicateOrient2DInt, Examples) {
  CLAUSE("pred.orient2d.int");
  // The same hand cases as for doubles.
  EXPECT_EQ(Orient2DInt(0, 0, 1, 0, 0, 1), 1);
  EXPECT_EQ(Orient2DInt(1, 0, 0, 0, 0, 1), -1);
  EXPECT_EQ(Orient2DInt(1, 2, 3, 4, 5, 6), 0);
  EXPECT_EQ(Orient2DInt(1, 1, 4, 2, 2, 5), 1);

  const std::int64_t k = std::int64_t{1} << 61;
  // (2^61, 2^61), (-2^61, 2^61), (-2^61, -2^61):
  // (2^61+2^61)(2^61+2^61) - (2^61+2^61)(-2^61+2^61) = 2^124 > 0.
  EXPECT_EQ(Orient2DInt(k, k, -k, k, -k, -k), 1);
  EXPECT_EQ(Orient2DInt(-k, k, k, k, -k, -k), -1);

  // i v for v = (2^31 - 1, 2^29 + 3) and i = 2^30 - 5, 3, -(2^30 - 7): all
  // on the line through 0 with direction v, coordinates below 2^61 (beyond
  // the 2^53 where doubles are exact).
  const std::int64_t vx = (std::int64_t{1} << 31) - 1, vy = (std::int64_t{1} << 29) + 3;
  const std::int64_t ia = (std::int64_t{1} << 30) - 5, ib = 3, ic = -((std::int64_t{1} << 30) - 7);
  EXPECT_EQ(Orient2DInt(ia * vx, ia * vy, ib * vx, ib * vy, ic * vx, ic * vy), 0);
  // Raising cy by 1 changes det by (bx - ax) = (ib - ia) vx < 0: -1.
  EXPECT_EQ(Orient2DInt(ia * vx, ia * vy, ib * vx, ib * vy, ic * vx, ic * vy + 1), -1);
  // Lowering it by 1: +1.
  EXPECT_EQ(Orient2DInt(ia * vx, ia * vy, ib * vx, ib * vy, ic * vx, ic * vy - 1), 1);
  // Raising ax by 1 changes det by (by - cy) = (ib - ic) vy > 0: +1.
  EXPECT_EQ(Orient2DInt(ia * vx + 1, ia * vy, ib * vx, ib * vy, ic * vx, ic * vy), 1);
}

// --- pred.domain ------------------------------------------------------------

TEST(PredicateDomain, Membership) {
  CLAUSE("pred.domain");
  using onepath::exact::InPredicateDomain;
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (double v :
       {0.0, -0.0, 1.0, -3.5, 0x1p-200, -0x1p-200, 0x1p200, -0x1p200, std::nextafter(0x1p-200, 1.0),
        std::nextafter(0x1p200, 0.0), 0x1p-149 /* smallest float32 subnormal */,
        static_cast<double>(std::numeric_limits<float>::max())}) {
    EXPECT_TRUE(InPredicateDomain(v)) << v;
  }
  for (double v : {nan, inf, -inf, 0x1p201, -0x1p201, 0x1p-201, -0x1p-201,
                   std::nextafter(0x1p200, inf), std::nextafter(0x1p-200, 0.0),
                   std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::max()}) {
    EXPECT_FALSE(InPredicateDomain(v)) << v;
  }
}

// Runs f, which must throw ArgumentOutOfRangeException naming `argument`,
// `vertex` and `value` (NaN compares as NaN).
template <typename F>
void ExpectOutOfRange(F f, const std::string& argument, std::int64_t vertex, double value) {
  try {
    f();
    ADD_FAILURE() << "no exception for " << argument;
  } catch (const onepath::ArgumentOutOfRangeException& e) {
    EXPECT_STREQ(e.typeName(), "ArgumentOutOfRangeException");
    const onepath::ErrorFields& fields = e.fields();
    ASSERT_TRUE(fields.argument.has_value());
    EXPECT_EQ(*fields.argument, argument);
    ASSERT_TRUE(fields.vertex.has_value());
    EXPECT_EQ(*fields.vertex, vertex);
    ASSERT_TRUE(fields.value.has_value());
    if (std::isnan(value)) {
      EXPECT_TRUE(std::isnan(*fields.value));
    } else {
      EXPECT_EQ(*fields.value, value);
    }
  }
}

TEST(PredicateDomain, CheckedOrient2DRejectsOutsideValues) {
  CLAUSE("pred.domain");
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const Vector2D ok{1, 2};
  ExpectOutOfRange([&] { CheckedOrient2D({nan, 0}, ok, ok); }, "a.x", 0, nan);
  ExpectOutOfRange([&] { CheckedOrient2D(ok, {0, nan}, ok); }, "b.y", 1, nan);
  ExpectOutOfRange([&] { CheckedOrient2D(ok, ok, {inf, 0}); }, "c.x", 2, inf);
  ExpectOutOfRange([&] { CheckedOrient2D(ok, ok, {0, -inf}); }, "c.y", 2, -inf);
  ExpectOutOfRange([&] { CheckedOrient2D({0x1p201, 0}, ok, ok); }, "a.x", 0, 0x1p201);
  ExpectOutOfRange([&] { CheckedOrient2D(ok, {0, -0x1p201}, ok); }, "b.y", 1, -0x1p201);
  ExpectOutOfRange([&] { CheckedOrient2D(ok, ok, {0x1p-201, 0}); }, "c.x", 2, 0x1p-201);
  ExpectOutOfRange([&] { CheckedOrient2D({0, -0x1p-201}, ok, ok); }, "a.y", 0, -0x1p-201);
  // Two bad coordinates: the first in argument order (a.x, a.y, b.x, ...) is named.
  ExpectOutOfRange([&] { CheckedOrient2D(ok, {0, nan}, {inf, 0}); }, "b.y", 1, nan);
  // It is an ArgumentException too (err.types).
  EXPECT_THROW(CheckedOrient2D({nan, 0}, ok, ok), onepath::ArgumentException);
}

TEST(PredicateDomain, CheckedInCircleRejectsOutsideValues) {
  CLAUSE("pred.domain");
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const Vector2D ok{1, 2};
  ExpectOutOfRange([&] { CheckedInCircle({0, nan}, ok, ok, ok); }, "a.y", 0, nan);
  ExpectOutOfRange([&] { CheckedInCircle(ok, {-inf, 0}, ok, ok); }, "b.x", 1, -inf);
  ExpectOutOfRange([&] { CheckedInCircle(ok, ok, {0x1p201, 0}, ok); }, "c.x", 2, 0x1p201);
  ExpectOutOfRange([&] { CheckedInCircle(ok, ok, ok, {-0x1p-201, 0}); }, "d.x", 3, -0x1p-201);
  ExpectOutOfRange([&] { CheckedInCircle(ok, ok, ok, {0, 0x1p-1074}); }, "d.y", 3, 0x1p-1074);
}

TEST(PredicateDomain, CheckedAcceptsTheBoundaries) {
  CLAUSE("pred.domain pred.orient2d pred.incircle");
  // Each boundary value is accepted; the signs are hand-computed:
  // (0,0), (2^-200, 0), (0, 2^200): 0 - (0-2^200)(2^-200-0) = 1.
  EXPECT_EQ(CheckedOrient2D({0, 0}, {0x1p-200, 0}, {0, 0x1p200}), 1);
  // (0,0), (-2^200, 0), (0, 2^-200): 0 - (0-2^-200)(-2^200-0) = -1.
  EXPECT_EQ(CheckedOrient2D({0, 0}, {-0x1p200, 0}, {0, 0x1p-200}), -1);
  // -0.0 is zero: (-0,-0), (1,0), (0,1) is the first hand case, +1.
  EXPECT_EQ(CheckedOrient2D({-0.0, -0.0}, {1, 0}, {0, 1}), 1);
  // Unit circle scaled by 2^200, d at -2^-200 offsets (inside): +1.
  EXPECT_EQ(CheckedInCircle({0x1p200, 0}, {0, 0x1p200}, {-0x1p200, 0}, {-0x1p-200, 0x1p-200}), 1);
}

// --- generators (conformance/generators/predicate_cases) --------------------

// pred.domain, written out again here rather than calling the code under test.
bool InDomain(double v) {
  double m = std::fabs(v);
  return v == 0.0 || (m >= 0x1p-200 && m <= 0x1p200);
}

bool IsFloat32(double v) { return static_cast<double>(static_cast<float>(v)) == v; }

TEST(PredicateGenerators, SplitMix64ReferenceValues) {
  CLAUSE("pred.exact");
  // First three outputs for seed 0, computed with an independent Python
  // transcription of the published SplitMix64 (the first also appears in
  // published test vectors).
  onepath::gen::SplitMix64 rng(0);
  EXPECT_EQ(rng.Next(), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(rng.Next(), 0x6e789e6aa1b965f4ULL);
  EXPECT_EQ(rng.Next(), 0x06c45d188009454fULL);
  // Seed 1234567, one output z = 0x599ed017fb08fc85 (same Python):
  // Below(10) = (z * 10) >> 64 = 3, Unit() = (z >> 11) * 2^-53 = 0.3500795420214081.
  onepath::gen::SplitMix64 r1(1234567), r2(1234567);
  EXPECT_EQ(r1.Below(10), 3u);
  EXPECT_EQ(r2.Unit(), 0.3500795420214081);
}

TEST(PredicateGenerators, EveryKindStaysInTheDomain) {
  CLAUSE("pred.domain pred.float32");
  std::set<std::string> names;
  for (onepath::gen::PredicateCaseKind kind : onepath::gen::AllPredicateCaseKinds()) {
    names.insert(onepath::gen::KindName(kind));
    onepath::gen::SplitMix64 rng(0x5eed0000u + static_cast<std::uint64_t>(kind));
    bool isFloat = kind == onepath::gen::PredicateCaseKind::kFloat32;
    for (int i = 0; i < 20000; ++i) {
      auto o = onepath::gen::MakeOrient2DCase(kind, rng);
      auto c = onepath::gen::MakeInCircleCase(kind, rng);
      for (Vector2D p : {o.a, o.b, o.c, c.a, c.b, c.c, c.d}) {
        ASSERT_TRUE(InDomain(p.x) && InDomain(p.y))
            << onepath::gen::KindName(kind) << " case " << i << ": " << p.x << ", " << p.y;
        if (isFloat) {
          ASSERT_TRUE(IsFloat32(p.x) && IsFloat32(p.y)) << i;
        }
      }
    }
  }
  EXPECT_EQ(names.size(), 9u);
  EXPECT_EQ(names.count("near_degenerate"), 1u);
  EXPECT_EQ(names.count("exact_degenerate"), 1u);
  EXPECT_EQ(names.count("grid_small"), 1u);
}

TEST(PredicateGenerators, SameSeedSameCases) {
  CLAUSE("pred.exact");
  for (onepath::gen::PredicateCaseKind kind : onepath::gen::AllPredicateCaseKinds()) {
    onepath::gen::SplitMix64 r1(42), r2(42);
    for (int i = 0; i < 1000; ++i) {
      auto p = onepath::gen::MakeInCircleCase(kind, r1);
      auto q = onepath::gen::MakeInCircleCase(kind, r2);
      ASSERT_TRUE(p.a == q.a && p.b == q.b && p.c == q.c && p.d == q.d);
    }
  }
}

TEST(PredicateGenerators, ExactDegenerateCasesAreZero) {
  CLAUSE("pred.orient2d pred.incircle pred.exact");
  // By construction (see predicate_cases.hpp) every exact_degenerate case is
  // exactly collinear / cocircular: the true sign is 0.
  onepath::gen::SplitMix64 rng(7);
  int naiveNonZero = 0;
  for (int i = 0; i < 20000; ++i) {
    auto o = onepath::gen::MakeOrient2DCase(onepath::gen::PredicateCaseKind::kExactDegenerate, rng);
    ASSERT_EQ(Orient2D(o.a, o.b, o.c), 0) << i;
    auto c = onepath::gen::MakeInCircleCase(onepath::gen::PredicateCaseKind::kExactDegenerate, rng);
    ASSERT_EQ(InCircle(c.a, c.b, c.c, c.d), 0) << i;
    naiveNonZero += NaiveOrient2D(o.a, o.b, o.c) != 0;
    naiveNonZero += NaiveInCircle(c.a, c.b, c.c, c.d) != 0;
  }
  // The kind is meant to defeat plain double arithmetic often.
  EXPECT_GT(naiveNonZero, 2000);
}

}  // namespace
