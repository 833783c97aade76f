// Differential tests: the reference predicates against two independent
// oracles (Boost.Multiprecision integers, CGAL Epick) on >= 10^6 generated
// cases per predicate (pred.orient2d, pred.incircle, pred.exact,
// pred.float32). The generators are in conformance/generators.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "conformance/generators/predicate_cases.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/exact/predicates.hpp"
#include "oracles/boost_mp/predicates_mp.hpp"
#include "oracles/cgal/predicates_cgal.hpp"

namespace {

using onepath::Vector2D;
using onepath::gen::PredicateCaseKind;
using onepath::gen::SplitMix64;

// 9 kinds x 111112 = 1000008 cases per predicate.
constexpr int kCasesPerKind = 111112;
// The *Exact functions are checked on every kExactEvery-th case.
constexpr int kExactEvery = 4;
constexpr std::uint64_t kOrientSeed = 0x4f5249454e543244ULL;    // "ORIENT2D"
constexpr std::uint64_t kInCircleSeed = 0x494e434952434c45ULL;  // "INCIRCLE"

int Sign(double v) { return (v > 0) - (v < 0); }

// The plain double evaluation of each determinant: what a naive
// implementation returns. Used only for statistics.
int NaiveOrient(Vector2D a, Vector2D b, Vector2D c) {
  return Sign((a.x - c.x) * (b.y - c.y) - (a.y - c.y) * (b.x - c.x));
}

// Estimate of "the fast filter cannot decide": the published a-priori bound
// (Shewchuk 1997, bound A) on the same double evaluation. Statistics only;
// it does not check the reference.
bool OrientFilterUndecided(Vector2D a, Vector2D b, Vector2D c) {
  double l = (a.x - c.x) * (b.y - c.y);
  double r = (a.y - c.y) * (b.x - c.x);
  if (!((l > 0 && r > 0) || (l < 0 && r < 0))) return false;
  double bound = (3.0 + 16.0 * 0x1p-53) * 0x1p-53 * (std::fabs(l) + std::fabs(r));
  return std::fabs(l - r) < bound;
}

struct InCircleNaive {
  double det = 0.0;
  double permanent = 0.0;
};

InCircleNaive NaiveInCircleTerms(Vector2D a, Vector2D b, Vector2D c, Vector2D d) {
  double ax = a.x - d.x, ay = a.y - d.y;
  double bx = b.x - d.x, by = b.y - d.y;
  double cx = c.x - d.x, cy = c.y - d.y;
  double la = ax * ax + ay * ay, lb = bx * bx + by * by, lc = cx * cx + cy * cy;
  InCircleNaive n;
  n.det = la * (bx * cy - cx * by) + lb * (cx * ay - ax * cy) + lc * (ax * by - bx * ay);
  n.permanent = (std::fabs(bx * cy) + std::fabs(cx * by)) * la +
                (std::fabs(cx * ay) + std::fabs(ax * cy)) * lb +
                (std::fabs(ax * by) + std::fabs(bx * ay)) * lc;
  return n;
}

struct KindStats {
  std::int64_t cases = 0;
  std::int64_t zeros = 0;         // oracle sign 0
  std::int64_t naiveWrong = 0;    // naive double sign differs from the oracle
  std::int64_t undecided = 0;     // filter bound A cannot decide (estimate)
  std::int64_t exactChecked = 0;  // *Exact compared with the oracle
};

struct Mismatches {
  std::int64_t refVsBoost = 0;
  std::int64_t refVsCgal = 0;
  std::int64_t boostVsCgal = 0;
  std::int64_t exactVsBoost = 0;
};

void PrintPoint(const char* name, Vector2D p) { std::printf("  %s = (%a, %a)\n", name, p.x, p.y); }

// Prints only the first mismatch of each comparison, with hex floats.
void ReportMismatch(std::int64_t& count, const char* what, const char* kind, std::int64_t index,
                    const std::vector<std::pair<const char*, Vector2D>>& points, int got,
                    int expected) {
  if (count++ > 0) return;
  std::printf("MISMATCH %s (kind %s, case %lld): got %d, expected %d\n", what, kind,
              static_cast<long long>(index), got, expected);
  for (const auto& [name, p] : points) PrintPoint(name, p);
}

void PrintTable(const char* predicate, const std::vector<std::string>& names,
                const std::vector<KindStats>& stats) {
  KindStats total;
  std::printf("%s differential: cases per kind\n", predicate);
  std::printf("  %-17s %9s %9s %7s %11s %7s %11s %7s %9s\n", "kind", "cases", "zeros", "%",
              "naive_wrong", "%", "undecided", "%", "exact_chk");
  auto row = [](const std::string& name, const KindStats& s) {
    double n = s.cases > 0 ? static_cast<double>(s.cases) : 1.0;
    std::printf("  %-17s %9lld %9lld %7.2f %11lld %7.2f %11lld %7.2f %9lld\n", name.c_str(),
                static_cast<long long>(s.cases), static_cast<long long>(s.zeros),
                100.0 * static_cast<double>(s.zeros) / n, static_cast<long long>(s.naiveWrong),
                100.0 * static_cast<double>(s.naiveWrong) / n, static_cast<long long>(s.undecided),
                100.0 * static_cast<double>(s.undecided) / n,
                static_cast<long long>(s.exactChecked));
  };
  for (std::size_t k = 0; k < stats.size(); ++k) {
    row(names[k], stats[k]);
    total.cases += stats[k].cases;
    total.zeros += stats[k].zeros;
    total.naiveWrong += stats[k].naiveWrong;
    total.undecided += stats[k].undecided;
    total.exactChecked += stats[k].exactChecked;
  }
  row("total", total);
  std::fflush(stdout);
  ::testing::Test::RecordProperty("cases", std::to_string(total.cases));
  ::testing::Test::RecordProperty("zeros", std::to_string(total.zeros));
  ::testing::Test::RecordProperty("naive_wrong", std::to_string(total.naiveWrong));
  ::testing::Test::RecordProperty("filter_undecided", std::to_string(total.undecided));
  ::testing::Test::RecordProperty("exact_checked", std::to_string(total.exactChecked));
}

// --- oracle sanity: hand-computed signs -------------------------------------

TEST(PredicateOracles, HandComputedSigns) {
  CLAUSE("pred.orient2d pred.incircle");
  namespace o = onepath::oracle;
  // (0,0), (1,0), (0,1): det = (0-0)(1-1) ... with c = (0,1):
  // (ax-cx)(by-cy) - (ay-cy)(bx-cx) = (0)(-1) - (-1)(1) = 1 > 0: CCW.
  EXPECT_EQ(o::Orient2DBoostMp({0, 0}, {1, 0}, {0, 1}), 1);
  EXPECT_EQ(o::Orient2DCgal({0, 0}, {1, 0}, {0, 1}), 1);
  // Swapping a and b gives (1)(-1) - (-1)(0) = -1 < 0: CW.
  EXPECT_EQ(o::Orient2DBoostMp({1, 0}, {0, 0}, {0, 1}), -1);
  EXPECT_EQ(o::Orient2DCgal({1, 0}, {0, 0}, {0, 1}), -1);
  // (0,0), (1,1), (2,2) on y = x: 0.
  EXPECT_EQ(o::Orient2DBoostMp({0, 0}, {1, 1}, {2, 2}), 0);
  EXPECT_EQ(o::Orient2DCgal({0, 0}, {1, 1}, {2, 2}), 0);
  // Zero and a tiny coordinate in one call (exponents -1074.. are not
  // needed; 2^-200 is the domain's bottom): (0,0), (2^-200, 0), (0, 2^200)
  // is CCW: (0)(-2^200) - (-2^200)(2^-200) = 1 > 0.
  EXPECT_EQ(o::Orient2DBoostMp({0, 0}, {0x1p-200, 0}, {0, 0x1p200}), 1);
  EXPECT_EQ(o::Orient2DCgal({0, 0}, {0x1p-200, 0}, {0, 0x1p200}), 1);

  // Unit circle through CCW (1,0), (0,1), (-1,0). d = (0,0) inside: rows
  // (1,0,1), (0,1,1), (-1,0,1): det = 1(1-0) - 0 + 1(0+1) = 2 > 0.
  EXPECT_EQ(o::InCircleBoostMp({1, 0}, {0, 1}, {-1, 0}, {0, 0}), 1);
  EXPECT_EQ(o::InCircleCgal({1, 0}, {0, 1}, {-1, 0}, {0, 0}), 1);
  // d = (0,-1) on the circle: rows (1,1,2), (0,2,4), (-1,1,2):
  // det = 1(4-4) - 1(0+4) + 2(0+2) = 0.
  EXPECT_EQ(o::InCircleBoostMp({1, 0}, {0, 1}, {-1, 0}, {0, -1}), 0);
  EXPECT_EQ(o::InCircleCgal({1, 0}, {0, 1}, {-1, 0}, {0, -1}), 0);
  // d = (2,0) outside: rows (-1,0,1), (-2,1,5), (-3,0,9):
  // det = -1(9-0) - 0 + 1(0+3) = -6 < 0.
  EXPECT_EQ(o::InCircleBoostMp({1, 0}, {0, 1}, {-1, 0}, {2, 0}), -1);
  EXPECT_EQ(o::InCircleCgal({1, 0}, {0, 1}, {-1, 0}, {2, 0}), -1);
  // Clockwise a, b, c flips the sign: d = (0,0) gives -2.
  EXPECT_EQ(o::InCircleBoostMp({0, 1}, {1, 0}, {-1, 0}, {0, 0}), -1);
  EXPECT_EQ(o::InCircleCgal({0, 1}, {1, 0}, {-1, 0}, {0, 0}), -1);
}

// --- the differential loop, shared by both predicates ----------------------

using Points = std::vector<Vector2D>;

struct PredicateUnderTest {
  const char* name;  // "Orient2D"
  std::uint64_t seed;
  std::function<Points(PredicateCaseKind, SplitMix64&)> make;
  std::function<int(const Points&)> reference, exact, boost, cgal, naive;
  std::function<bool(const Points&)> undecided;  // statistics only
};

// Every kind, kCasesPerKind cases each: reference, CGAL and the exact path
// against the Boost oracle (and the two oracles against each other).
void RunDifferential(const PredicateUnderTest& p) {
  static const char* kNames[4] = {"a", "b", "c", "d"};
  std::vector<std::string> names;
  std::vector<KindStats> stats;
  Mismatches bad;
  std::int64_t index = 0;
  std::string exact_name = std::string(p.name) + "Exact vs Boost";
  std::string ref_boost = std::string(p.name) + " vs Boost";
  std::string ref_cgal = std::string(p.name) + " vs CGAL";
  for (PredicateCaseKind kind : onepath::gen::AllPredicateCaseKinds()) {
    const char* name = onepath::gen::KindName(kind);
    names.push_back(name);
    KindStats s;
    SplitMix64 rng(p.seed + static_cast<std::uint64_t>(kind));
    for (int i = 0; i < kCasesPerKind; ++i, ++index) {
      Points pts = p.make(kind, rng);
      std::vector<std::pair<const char*, Vector2D>> named;
      for (std::size_t k = 0; k < pts.size(); ++k) named.push_back({kNames[k], pts[k]});
      int ref = p.reference(pts);
      int mp = p.boost(pts);
      int cg = p.cgal(pts);
      if (ref != mp) ReportMismatch(bad.refVsBoost, ref_boost.c_str(), name, index, named, ref, mp);
      if (ref != cg) ReportMismatch(bad.refVsCgal, ref_cgal.c_str(), name, index, named, ref, cg);
      if (mp != cg)
        ReportMismatch(bad.boostVsCgal, "Boost vs CGAL oracles", name, index, named, mp, cg);
      if (i % kExactEvery == 0) {
        int ex = p.exact(pts);
        if (ex != mp)
          ReportMismatch(bad.exactVsBoost, exact_name.c_str(), name, index, named, ex, mp);
        ++s.exactChecked;
      }
      ++s.cases;
      if (mp == 0) ++s.zeros;
      if (p.naive(pts) != mp) ++s.naiveWrong;
      if (p.undecided(pts)) ++s.undecided;
    }
    stats.push_back(s);
  }
  PrintTable(p.name, names, stats);
  EXPECT_GE(index, 1000000);
  EXPECT_EQ(bad.refVsBoost, 0);
  EXPECT_EQ(bad.refVsCgal, 0);
  EXPECT_EQ(bad.boostVsCgal, 0);
  EXPECT_EQ(bad.exactVsBoost, 0);
}

// --- pred.orient2d ----------------------------------------------------------

TEST(PredicatesDifferential, Orient2DMatchesBoostAndCgal) {
  CLAUSE("pred.orient2d pred.exact pred.domain pred.float32");
  namespace o = onepath::oracle;
  RunDifferential({
      "Orient2D",
      kOrientSeed,
      [](PredicateCaseKind kind, SplitMix64& rng) {
        auto [a, b, c] = onepath::gen::MakeOrient2DCase(kind, rng);
        return Points{a, b, c};
      },
      [](const Points& q) { return onepath::exact::Orient2D(q[0], q[1], q[2]); },
      [](const Points& q) { return onepath::exact::Orient2DExact(q[0], q[1], q[2]); },
      [](const Points& q) { return o::Orient2DBoostMp(q[0], q[1], q[2]); },
      [](const Points& q) { return o::Orient2DCgal(q[0], q[1], q[2]); },
      [](const Points& q) { return NaiveOrient(q[0], q[1], q[2]); },
      [](const Points& q) { return OrientFilterUndecided(q[0], q[1], q[2]); },
  });
}

// --- pred.incircle ----------------------------------------------------------

TEST(PredicatesDifferential, InCircleMatchesBoostAndCgal) {
  CLAUSE("pred.incircle pred.exact pred.domain pred.float32");
  namespace o = onepath::oracle;
  RunDifferential({
      "InCircle",
      kInCircleSeed,
      [](PredicateCaseKind kind, SplitMix64& rng) {
        auto [a, b, c, d] = onepath::gen::MakeInCircleCase(kind, rng);
        return Points{a, b, c, d};
      },
      [](const Points& q) { return onepath::exact::InCircle(q[0], q[1], q[2], q[3]); },
      [](const Points& q) { return onepath::exact::InCircleExact(q[0], q[1], q[2], q[3]); },
      [](const Points& q) { return o::InCircleBoostMp(q[0], q[1], q[2], q[3]); },
      [](const Points& q) { return o::InCircleCgal(q[0], q[1], q[2], q[3]); },
      [](const Points& q) { return Sign(NaiveInCircleTerms(q[0], q[1], q[2], q[3]).det); },
      [](const Points& q) {
        InCircleNaive n = NaiveInCircleTerms(q[0], q[1], q[2], q[3]);
        double bound = (10.0 + 96.0 * 0x1p-53) * 0x1p-53 * n.permanent;
        return !(n.det > bound || -n.det > bound);
      },
  });
}

// --- the whole domain: 2^-200 and 2^200 in one case -------------------------

// The kinds above stay within about [2^-190, 2^39] per case (rarely 2^199).
// This local generator spans all of pred.domain in single cases: boundary
// values, random exponents in [-200, 199], and exactly degenerate
// configurations at extreme scales (y = m x lines, symmetric images).
constexpr int kExtremeCases = 100000;

double ExtremeCoordinate(SplitMix64& rng) {
  const double sign = rng.Below(2) == 0 ? 1.0 : -1.0;
  switch (rng.Below(8)) {
    case 0:
      return 0.0;
    case 1:
      return sign * 0x1p-200;
    case 2:
      return sign * std::nextafter(0x1p-200, 1.0);
    case 3:
      return sign * 0x1p200;
    case 4:
      return sign * std::nextafter(0x1p200, 0.0);
    default: {
      const int e = static_cast<int>(rng.Below(400)) - 200;  // [2^e, 2^(e+1))
      return sign * (1.0 + static_cast<double>(rng.Next() >> 12) * 0x1p-52) * std::ldexp(1.0, e);
    }
  }
}

// x with 48 significant bits at exponent e in [-195, 190]; m = +-odd * 2^j,
// odd <= 15, j in [-3, 3]: m x is exact and within the domain.
Vector2D OnExtremeLine(SplitMix64& rng, double m) {
  const int e = static_cast<int>(rng.Below(386)) - 195;
  const double x = (rng.Below(2) == 0 ? 1.0 : -1.0) *
                   (1.0 + static_cast<double>(rng.Next() >> 17) * 0x1p-47) * std::ldexp(1.0, e);
  return {x, m * x};
}

double ExtremeSlope(SplitMix64& rng) {
  return (rng.Below(2) == 0 ? 1.0 : -1.0) * static_cast<double>(2 * rng.Below(8) + 1) *
         std::ldexp(1.0, static_cast<int>(rng.Below(7)) - 3);
}

TEST(PredicatesDifferential, WholeDomainExtremes) {
  CLAUSE("pred.orient2d pred.incircle pred.exact pred.domain");
  SplitMix64 rng(0x45585452454d4553ULL);  // "EXTREMES"
  Mismatches bad;
  std::int64_t orientZeros = 0, inCircleZeros = 0;
  for (int i = 0; i < kExtremeCases; ++i) {
    Vector2D p[4];
    const std::uint64_t mode = rng.Below(4);
    if (mode == 0) {
      const double m = ExtremeSlope(rng);
      for (Vector2D& q : p) q = OnExtremeLine(rng, m);  // collinear
    } else if (mode == 1) {
      // Images (+-x, +-y), (+-y, +-x): cocircular about 0.
      const double x = ExtremeCoordinate(rng), y = ExtremeCoordinate(rng);
      for (Vector2D& q : p) {
        const std::uint64_t k = rng.Below(8);
        const double u = (k & 1) != 0 ? -x : x, w = (k & 2) != 0 ? -y : y;
        q = (k & 4) != 0 ? Vector2D{w, u} : Vector2D{u, w};
      }
    } else {
      for (Vector2D& q : p) q = {ExtremeCoordinate(rng), ExtremeCoordinate(rng)};
    }
    std::vector<std::pair<const char*, Vector2D>> pts = {
        {"a", p[0]}, {"b", p[1]}, {"c", p[2]}, {"d", p[3]}};
    const int oRef = onepath::exact::CheckedOrient2D(p[0], p[1], p[2]);
    const int oMp = onepath::oracle::Orient2DBoostMp(p[0], p[1], p[2]);
    const int oCg = onepath::oracle::Orient2DCgal(p[0], p[1], p[2]);
    if (oRef != oMp)
      ReportMismatch(bad.refVsBoost, "Orient2D vs Boost", "extremes", i, pts, oRef, oMp);
    if (oRef != oCg)
      ReportMismatch(bad.refVsCgal, "Orient2D vs CGAL", "extremes", i, pts, oRef, oCg);
    const int cRef = onepath::exact::CheckedInCircle(p[0], p[1], p[2], p[3]);
    const int cMp = onepath::oracle::InCircleBoostMp(p[0], p[1], p[2], p[3]);
    const int cCg = onepath::oracle::InCircleCgal(p[0], p[1], p[2], p[3]);
    if (cRef != cMp)
      ReportMismatch(bad.refVsBoost, "InCircle vs Boost", "extremes", i, pts, cRef, cMp);
    if (cRef != cCg)
      ReportMismatch(bad.refVsCgal, "InCircle vs CGAL", "extremes", i, pts, cRef, cCg);
    if (oMp != oCg)
      ReportMismatch(bad.boostVsCgal, "Boost vs CGAL orient", "extremes", i, pts, oMp, oCg);
    if (cMp != cCg)
      ReportMismatch(bad.boostVsCgal, "Boost vs CGAL incircle", "extremes", i, pts, cMp, cCg);
    const int oEx = onepath::exact::Orient2DExact(p[0], p[1], p[2]);
    const int cEx = onepath::exact::InCircleExact(p[0], p[1], p[2], p[3]);
    if (oEx != oMp)
      ReportMismatch(bad.exactVsBoost, "Orient2DExact vs Boost", "extremes", i, pts, oEx, oMp);
    if (cEx != cMp)
      ReportMismatch(bad.exactVsBoost, "InCircleExact vs Boost", "extremes", i, pts, cEx, cMp);
    orientZeros += oMp == 0;
    inCircleZeros += cMp == 0;
  }
  std::printf("Whole-domain extremes: %d cases, orient2d zeros %lld, incircle zeros %lld\n",
              kExtremeCases, static_cast<long long>(orientZeros),
              static_cast<long long>(inCircleZeros));
  RecordProperty("cases", std::to_string(kExtremeCases));
  EXPECT_EQ(bad.refVsBoost, 0);
  EXPECT_EQ(bad.refVsCgal, 0);
  EXPECT_EQ(bad.boostVsCgal, 0);
  EXPECT_EQ(bad.exactVsBoost, 0);
}

}  // namespace
