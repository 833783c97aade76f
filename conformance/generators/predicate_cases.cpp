// Generators for predicate inputs; the recipe is documented in the header.
#include "conformance/generators/predicate_cases.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

#include "onepath/core/int128.hpp"

namespace onepath::gen {

std::uint64_t SplitMix64::Next() {
  state_ += 0x9e3779b97f4a7c15ULL;
  std::uint64_t z = state_;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// GCC/Clang 128-bit integer; __extension__ keeps -Wpedantic quiet.

std::uint64_t SplitMix64::Below(std::uint64_t n) {
  UInt128 wide = static_cast<UInt128>(Next()) * n;
  return static_cast<std::uint64_t>(wide >> 64);
}

double SplitMix64::Unit() { return static_cast<double>(Next() >> 11) * 0x1p-53; }

namespace {

template <std::size_t N>
using Points = std::array<Vector2D, N>;

// Uniform integer in [lo, hi].
std::int64_t Int(SplitMix64& rng, std::int64_t lo, std::int64_t hi) {
  return lo + static_cast<std::int64_t>(rng.Below(static_cast<std::uint64_t>(hi - lo) + 1));
}

double Pow2(int e) { return std::ldexp(1.0, e); }

std::int64_t IntPow2(int e) { return std::int64_t{1} << e; }

double RandomSign(SplitMix64& rng) { return rng.Below(2) == 0 ? 1.0 : -1.0; }

// In [1, 2), a multiple of 2^-52 (exact: 52 random fraction bits).
double Significand(SplitMix64& rng) {
  return 1.0 + static_cast<double>(rng.Next() >> 12) * 0x1p-52;
}

// sign * [1, 2) * 2^e: magnitude in [2^e, 2^(e+1)).
double RandomAtExponent(SplitMix64& rng, int e) {
  return RandomSign(rng) * Significand(rng) * Pow2(e);
}

// sign * [1, 2) * 2^e with only `bits` significant bits (bits in [1, 53]).
double RandomShortAtExponent(SplitMix64& rng, int e, int bits) {
  double fraction =
      bits > 1 ? static_cast<double>(rng.Next() >> (65 - bits)) * Pow2(1 - bits) : 0.0;
  return RandomSign(rng) * (1.0 + fraction) * Pow2(e);
}

// A slope +-(odd in [1, 15]) * 2^[-3, 3]: m * x is exact for x with at most
// 48 significant bits (48 + 4 <= 53), yet m is not a power of two, so the
// rounding of differences does not commute with multiplying by m.
double ExactSlope(SplitMix64& rng) {
  return RandomSign(rng) * static_cast<double>(2 * Int(rng, 0, 7) + 1) *
         Pow2(static_cast<int>(Int(rng, -3, 3)));
}

// In (-1, 1), a multiple of 2^-52 (2u - 1 is exact for u a multiple of 2^-53).
double Symmetric(SplitMix64& rng) { return 2.0 * rng.Unit() - 1.0; }

// Moves v by |k| ulps towards +inf (k > 0) or -inf (k < 0). Zero stays zero:
// a step off zero would leave pred.domain.
double MoveUlps(double v, int k) {
  if (v == 0.0) return v;
  double target = k > 0 ? INFINITY : -INFINITY;
  for (int i = 0; i < (k > 0 ? k : -k); ++i) v = std::nextafter(v, target);
  return v;
}

float MoveUlpsF(float v, int k) {
  if (v == 0.0f) return v;
  float target = k > 0 ? INFINITY : -INFINITY;
  for (int i = 0; i < (k > 0 ? k : -k); ++i) v = std::nextafter(v, target);
  return v;
}

// Moves every coordinate by [-3, 3] ulps, or (half of the time) only the
// coordinates of one point.
template <std::size_t N>
void MoveByUlps(Points<N>& p, SplitMix64& rng) {
  bool onePoint = rng.Below(2) == 0;
  std::size_t which = rng.Below(N);
  for (std::size_t i = 0; i < N; ++i) {
    if (onePoint && i != which) continue;
    p[i].x = MoveUlps(p[i].x, static_cast<int>(Int(rng, -3, 3)));
    p[i].y = MoveUlps(p[i].y, static_cast<int>(Int(rng, -3, 3)));
  }
}

// frexp exponents of the smallest and largest non-zero magnitudes
// (|v| in [2^(e-1), 2^e)). False when every coordinate is zero.
template <std::size_t N>
bool ExponentRange(const Points<N>& p, int& emin, int& emax) {
  bool any = false;
  for (const Vector2D& v : p) {
    for (double c : {v.x, v.y}) {
      if (c == 0.0) continue;
      int e = 0;
      std::frexp(c, &e);
      if (!any || e < emin) emin = e;
      if (!any || e > emax) emax = e;
      any = true;
    }
  }
  return any;
}

template <std::size_t N>
void Scale(Points<N>& p, int s) {
  double f = Pow2(s);
  for (Vector2D& v : p) {
    v.x *= f;
    v.y *= f;
  }
}

template <std::size_t N>
Points<N> FromIntegers(const std::array<std::array<std::int64_t, 2>, N>& q) {
  Points<N> p;
  for (std::size_t i = 0; i < N; ++i) {
    p[i] = {static_cast<double>(q[i][0]), static_cast<double>(q[i][1])};
  }
  return p;
}

// --- random -----------------------------------------------------------------

template <std::size_t N>
Points<N> MakeRandom(SplitMix64& rng) {
  int s = static_cast<int>(Int(rng, -20, 30));
  Points<N> p;
  for (Vector2D& v : p) v = {Symmetric(rng) * Pow2(s), Symmetric(rng) * Pow2(s)};
  if (rng.Below(4) == 0) {
    // A small box far from the origin. |offset| >= 2^(s+1) > |coordinate|,
    // so no sum cancels to below 2^s.
    double ox = RandomAtExponent(rng, s + static_cast<int>(Int(rng, 1, 20)));
    double oy = RandomAtExponent(rng, s + static_cast<int>(Int(rng, 1, 20)));
    for (Vector2D& v : p) v = {v.x + ox, v.y + oy};
  }
  return p;
}

// --- grid_large -------------------------------------------------------------

template <std::size_t N>
Points<N> MakeGridLarge(SplitMix64& rng) {
  const std::int64_t limit = IntPow2(39);
  std::int64_t bx = Int(rng, -limit, limit), by = Int(rng, -limit, limit);
  std::int64_t spread = IntPow2(static_cast<int>(Int(rng, 0, 39)));
  std::array<std::array<std::int64_t, 2>, N> q;
  for (auto& v : q) {
    for (int k = 0; k < 2; ++k) {
      std::int64_t c = (k == 0 ? bx : by) + Int(rng, -spread, spread);
      if (c > limit) c = limit;
      if (c < -limit) c = -limit;
      v[k] = c;
    }
  }
  return FromIntegers<N>(q);
}

// --- grid_small -------------------------------------------------------------

template <std::size_t N>
Points<N> MakeGridSmall(SplitMix64& rng) {
  const std::int64_t lim = N == 3 ? 4 : 3;
  std::array<std::array<std::int64_t, 2>, N> q;
  for (auto& v : q) v = {Int(rng, -lim, lim), Int(rng, -lim, lim)};
  if (rng.Below(2) == 0) {
    // Integers below 2^25: the translation is exact, and so is the scaling.
    std::int64_t tx = Int(rng, -IntPow2(24), IntPow2(24));
    std::int64_t ty = Int(rng, -IntPow2(24), IntPow2(24));
    for (auto& v : q) v = {v[0] + tx, v[1] + ty};
    Points<N> p = FromIntegers<N>(q);
    Scale<N>(p, static_cast<int>(Int(rng, -10, 10)));
    return p;
  }
  return FromIntegers<N>(q);
}

// --- near_degenerate --------------------------------------------------------

Points<3> NearCollinear(SplitMix64& rng) {
  int e = static_cast<int>(Int(rng, -10, 30));
  Points<3> p;
  if (rng.Below(2) == 0) {
    // p0 + t v, rounded in double: collinear before rounding.
    Vector2D p0 = {RandomAtExponent(rng, e + static_cast<int>(Int(rng, 0, 12))),
                   RandomAtExponent(rng, e + static_cast<int>(Int(rng, 0, 12)))};
    Vector2D v = {Symmetric(rng) * Pow2(e), Symmetric(rng) * Pow2(e)};
    for (Vector2D& q : p) {
      double t = Symmetric(rng);
      q = {p0.x + t * v.x, p0.y + t * v.y};
    }
  } else {
    // On the line y = m x through 0 (see ExactSlope): exactly collinear.
    double m = ExactSlope(rng);
    bool swap = rng.Below(2) == 0;
    for (Vector2D& q : p) {
      double x = RandomShortAtExponent(rng, e + static_cast<int>(Int(rng, -8, 8)), 48);
      q = swap ? Vector2D{m * x, x} : Vector2D{x, m * x};
    }
  }
  MoveByUlps<3>(p, rng);
  return p;
}

Points<4> NearCocircular(SplitMix64& rng) {
  int e = static_cast<int>(Int(rng, -10, 30));
  Vector2D center = {0.0, 0.0};
  if (rng.Below(8) != 0) {
    center = {RandomAtExponent(rng, e + static_cast<int>(Int(rng, -4, 12))),
              RandomAtExponent(rng, e + static_cast<int>(Int(rng, -4, 12)))};
  }
  double r = Significand(rng) * Pow2(e);
  Points<4> p;
  for (Vector2D& q : p) {
    // The rational parametrisation of the unit circle, rounded in double.
    double t = Symmetric(rng) * Pow2(static_cast<int>(Int(rng, 0, 2)));
    double den = 1.0 + t * t;
    q = {center.x + r * ((1.0 - t * t) / den), center.y + r * ((2.0 * t) / den)};
  }
  MoveByUlps<4>(p, rng);
  return p;
}

// --- exact_degenerate -------------------------------------------------------

// N points p + i v on one lattice line, |coordinates| <= 2^30 + 2^10 2^20.
template <std::size_t N>
std::array<std::array<std::int64_t, 2>, N> LatticeCollinear(SplitMix64& rng) {
  std::int64_t pm = IntPow2(static_cast<int>(Int(rng, 0, 30)));
  std::int64_t vm = IntPow2(static_cast<int>(Int(rng, 0, 20)));
  std::int64_t im = IntPow2(static_cast<int>(Int(rng, 0, 10)));
  std::int64_t px = Int(rng, -pm, pm), py = Int(rng, -pm, pm);
  std::int64_t vx = Int(rng, -vm, vm), vy = Int(rng, -vm, vm);
  std::array<std::array<std::int64_t, 2>, N> q;
  for (auto& v : q) {
    std::int64_t i = Int(rng, -im, im);
    v = {px + i * vx, py + i * vy};
  }
  if (rng.Below(8) == 0) {  // a repeated point
    std::size_t from = rng.Below(N);
    std::size_t to = rng.Below(N);
    q[to] = q[from];
  }
  return q;
}

// Integer points on x^2 + y^2 = R, in a fixed order (x ascending, then y).
const std::vector<std::array<std::int64_t, 2>>& LatticeCircle(std::size_t which) {
  // 25 = 5^2, 325 = 5^2 13, 1105 = 5 13 17, 5525 = 5^2 13 17,
  // 160225 = 5^2 13 17 29: 12, 24, 32, 48, 96 points.
  static const std::array<std::vector<std::array<std::int64_t, 2>>, 5> circles = [] {
    const std::int64_t radii2[5] = {25, 325, 1105, 5525, 160225};
    std::array<std::vector<std::array<std::int64_t, 2>>, 5> out;
    for (int k = 0; k < 5; ++k) {
      std::int64_t r2 = radii2[k];
      for (std::int64_t x = -400; x <= 400; ++x) {
        for (std::int64_t y = -400; y <= 400; ++y) {
          if (x * x + y * y == r2) out[k].push_back({x, y});
        }
      }
    }
    return out;
  }();
  return circles[which];
}

// Points on a line through 0 with arbitrary doubles, so that coordinate
// differences are inexact in double: y = m x (see ExactSlope), or +-2^k v.
template <std::size_t N>
Points<N> OriginLine(SplitMix64& rng) {
  int e = static_cast<int>(Int(rng, -20, 20));
  Points<N> p;
  if (rng.Below(2) == 0) {
    double m = ExactSlope(rng);
    bool swap = rng.Below(2) == 0;
    for (Vector2D& q : p) {
      double x = RandomShortAtExponent(rng, e + static_cast<int>(Int(rng, -20, 20)), 48);
      q = swap ? Vector2D{m * x, x} : Vector2D{x, m * x};
    }
  } else {
    Vector2D v = {RandomAtExponent(rng, e),
                  RandomAtExponent(rng, e + static_cast<int>(Int(rng, -8, 8)))};
    for (Vector2D& q : p) {
      double k = RandomSign(rng) * Pow2(static_cast<int>(Int(rng, -20, 20)));
      q = {k * v.x, k * v.y};
    }
  }
  return p;
}

// Four of the eight images (+-x, +-y), (+-y, +-x) of one point: all on the
// circle of radius |(x, y)| centred at 0, for any doubles x and y.
Points<4> SymmetricImages(double x, double y, SplitMix64& rng) {
  Points<4> p;
  for (Vector2D& q : p) {
    std::uint64_t image = rng.Below(8);
    double u = (image & 1) != 0 ? -x : x;
    double w = (image & 2) != 0 ? -y : y;
    q = (image & 4) != 0 ? Vector2D{w, u} : Vector2D{u, w};
  }
  return p;
}

template <std::size_t N>
Points<N> ExactDegenerate(SplitMix64& rng) {
  std::uint64_t variant = rng.Below(8);
  if (variant < 2) return OriginLine<N>(rng);
  if constexpr (N == 4) {
    if (variant < 4) {
      int e = static_cast<int>(Int(rng, -20, 20));
      double x = RandomAtExponent(rng, e);
      double y = RandomAtExponent(rng, e + static_cast<int>(Int(rng, -30, 30)));
      return SymmetricImages(x, y, rng);
    }
  }
  std::array<std::array<std::int64_t, 2>, N> q;
  if (N == 3 || variant == 4) {
    // Collinear. For incircle, four collinear points give a zero
    // determinant too: their lifts lie in one vertical plane.
    q = LatticeCollinear<N>(rng);
  } else {
    const auto& circle = LatticeCircle(rng.Below(5));
    std::int64_t m = 2 * Int(rng, 0, IntPow2(static_cast<int>(Int(rng, 0, 20)))) + 1;
    std::int64_t om = IntPow2(static_cast<int>(Int(rng, 0, 30)));
    std::int64_t ox = Int(rng, -om, om), oy = Int(rng, -om, om);
    // |m q| <= 400 (2^21 + 1) and |offset| <= 2^30: far below 2^53.
    for (auto& v : q) {
      const auto& c = circle[rng.Below(circle.size())];
      v = {m * c[0] + ox, m * c[1] + oy};
    }
  }
  Points<N> p = FromIntegers<N>(q);
  Scale<N>(p, static_cast<int>(Int(rng, -40, 8)));
  return p;
}

template <std::size_t N>
Points<N> NearDegenerate(SplitMix64& rng) {
  if constexpr (N == 3) {
    return NearCollinear(rng);
  } else {
    return NearCocircular(rng);
  }
}

// --- tiny / huge ------------------------------------------------------------

template <std::size_t N>
Points<N> BaseCase(SplitMix64& rng) {
  switch (rng.Below(5)) {
    case 0:
      return MakeRandom<N>(rng);
    case 1:
      return MakeGridSmall<N>(rng);
    case 2:
      return MakeGridLarge<N>(rng);
    case 3:
      return NearDegenerate<N>(rng);
    default:
      return ExactDegenerate<N>(rng);
  }
}

// Scales p by 2^s so that its largest magnitude is below 2^target, except
// that no non-zero magnitude goes below 2^-200 (frexp exponent -199).
template <std::size_t N>
void ScaleTowards(Points<N>& p, int target) {
  int emin = 0, emax = 0;
  if (!ExponentRange<N>(p, emin, emax)) return;
  int s = target - emax;
  if (emin + s < -199) s = -199 - emin;
  Scale<N>(p, s);
}

template <std::size_t N>
Points<N> MakeTiny(SplitMix64& rng) {
  if (rng.Below(4) == 0) {
    Points<N> p;
    for (Vector2D& v : p) {
      v = {RandomAtExponent(rng, -static_cast<int>(Int(rng, 150, 190))),
           RandomAtExponent(rng, -static_cast<int>(Int(rng, 150, 190)))};
    }
    return p;
  }
  Points<N> p = BaseCase<N>(rng);
  ScaleTowards<N>(p, -static_cast<int>(Int(rng, 150, 190)));
  return p;
}

template <std::size_t N>
Points<N> MakeHuge(SplitMix64& rng) {
  if (rng.Below(4) == 0) {
    Points<N> p;
    for (Vector2D& v : p) {
      v = {RandomAtExponent(rng, static_cast<int>(Int(rng, 20, 38))),
           RandomAtExponent(rng, static_cast<int>(Int(rng, 20, 38)))};
    }
    return p;
  }
  Points<N> p = BaseCase<N>(rng);
  int target =
      rng.Below(16) == 0 ? static_cast<int>(Int(rng, 40, 198)) : static_cast<int>(Int(rng, 30, 38));
  ScaleTowards<N>(p, target);
  return p;
}

// --- float32 ----------------------------------------------------------------

float RandomFloatAtExponent(SplitMix64& rng, int e) {
  return static_cast<float>(RandomAtExponent(rng, e));  // e in [-149, 126]
}

template <std::size_t N>
Points<N> MakeFloat32(SplitMix64& rng) {
  std::array<std::array<float, 2>, N> f;
  switch (rng.Below(4)) {
    case 0: {
      // Random floats, sometimes over the whole float range (subnormals too).
      bool wide = rng.Below(8) == 0;
      int e = wide ? static_cast<int>(Int(rng, -146, 123)) : static_cast<int>(Int(rng, -20, 20));
      for (auto& v : f) {
        v = {RandomFloatAtExponent(rng, e + static_cast<int>(Int(rng, -3, 3))),
             RandomFloatAtExponent(rng, e + static_cast<int>(Int(rng, -3, 3)))};
      }
      break;
    }
    case 1: {
      // Near-degenerate, computed in float arithmetic.
      int e = static_cast<int>(Int(rng, -10, 20));
      if constexpr (N == 3) {
        float ax = RandomFloatAtExponent(rng, e), ay = RandomFloatAtExponent(rng, e);
        float bx = RandomFloatAtExponent(rng, e), by = RandomFloatAtExponent(rng, e);
        for (auto& v : f) {
          float t = static_cast<float>(Symmetric(rng) * 2.0);
          v = {ax + t * (bx - ax), ay + t * (by - ay)};
        }
      } else {
        float cx = RandomFloatAtExponent(rng, e + static_cast<int>(Int(rng, -2, 6)));
        float cy = RandomFloatAtExponent(rng, e + static_cast<int>(Int(rng, -2, 6)));
        float r = static_cast<float>(Significand(rng) * Pow2(e));
        for (auto& v : f) {
          float t = static_cast<float>(Symmetric(rng) * 2.0);
          float den = 1.0f + t * t;
          v = {cx + r * ((1.0f - t * t) / den), cy + r * ((2.0f * t) / den)};
        }
      }
      bool onePoint = rng.Below(2) == 0;
      std::size_t which = rng.Below(N);
      for (std::size_t i = 0; i < N; ++i) {
        if (onePoint && i != which) continue;
        f[i][0] = MoveUlpsF(f[i][0], static_cast<int>(Int(rng, -3, 3)));
        f[i][1] = MoveUlpsF(f[i][1], static_cast<int>(Int(rng, -3, 3)));
      }
      break;
    }
    case 2: {
      // Exactly collinear / cocircular floats at spread exponents, so that
      // their differences are inexact even in double: y = m x (ExactSlope),
      // or the symmetric images of one point (see SymmetricImages).
      if constexpr (N == 3) {
        // m * x is exact in float: 4 + 20 significant bits.
        float m = static_cast<float>(ExactSlope(rng));
        for (auto& v : f) {
          auto x = static_cast<float>(
              RandomShortAtExponent(rng, static_cast<int>(Int(rng, -60, 60)), 20));
          v = {x, m * x};
        }
      } else {
        double x = RandomFloatAtExponent(rng, static_cast<int>(Int(rng, -60, 60)));
        double y = RandomFloatAtExponent(rng, static_cast<int>(Int(rng, -60, 60)));
        Points<4> images = SymmetricImages(x, y, rng);
        for (std::size_t i = 0; i < N; ++i) {
          f[i] = {static_cast<float>(images[i].x), static_cast<float>(images[i].y)};
        }
      }
      break;
    }
    default: {
      // A small lattice with step 2^k plus a float offset (rounded in float
      // when the offset is large): many zeros, some near misses.
      float step = static_cast<float>(Pow2(static_cast<int>(Int(rng, -20, 20))));
      float ox = static_cast<float>(Int(rng, -IntPow2(20), IntPow2(20)));
      float oy = static_cast<float>(Int(rng, -IntPow2(20), IntPow2(20)));
      if (rng.Below(2) == 0) ox = oy = 0.0f;
      for (auto& v : f) {
        v = {ox + static_cast<float>(Int(rng, -8, 8)) * step,
             oy + static_cast<float>(Int(rng, -8, 8)) * step};
      }
      break;
    }
  }
  Points<N> p;
  for (std::size_t i = 0; i < N; ++i) {
    p[i] = {static_cast<double>(f[i][0]), static_cast<double>(f[i][1])};
  }
  return p;
}

// --- mixed ------------------------------------------------------------------

template <std::size_t N>
Points<N> MakeMixed(SplitMix64& rng) {
  Points<N> p;
  if (rng.Below(2) == 0) {
    for (Vector2D& v : p) {
      for (double* c : {&v.x, &v.y}) {
        *c = rng.Below(8) == 0 ? 0.0 : RandomAtExponent(rng, static_cast<int>(Int(rng, -190, 38)));
      }
    }
    return p;
  }
  if constexpr (N == 3) {
    // t_i v on a line through 0: |t_i| in [2^-190, 2^34), |v_k| in [2^-4, 2^5).
    Vector2D v = {RandomAtExponent(rng, static_cast<int>(Int(rng, -4, 4))),
                  RandomAtExponent(rng, static_cast<int>(Int(rng, -4, 4)))};
    if (rng.Below(8) == 0) (rng.Below(2) == 0 ? v.x : v.y) = 0.0;
    for (Vector2D& q : p) {
      double t = RandomAtExponent(rng, static_cast<int>(Int(rng, -190, 33)));
      q = {t * v.x, t * v.y};
    }
  } else {
    // (2r / (1 + t^2), 2rt / (1 + t^2)): the circle of radius r centred at
    // (r, 0), which passes through 0. Large |t| gives points near 0.
    double r = Significand(rng) * Pow2(static_cast<int>(Int(rng, -20, 36)));
    for (Vector2D& q : p) {
      double t = RandomAtExponent(rng, static_cast<int>(Int(rng, -10, 60)));
      double den = 1.0 + t * t;
      q = {(r + r) / den, ((r + r) * t) / den};
    }
    if (rng.Below(4) == 0) p[rng.Below(4)] = {0.0, 0.0};  // 0 is on the circle
    bool swap = rng.Below(2) == 0;
    double sx = RandomSign(rng), sy = RandomSign(rng);
    for (Vector2D& q : p) {
      q = swap ? Vector2D{sx * q.y, sy * q.x} : Vector2D{sx * q.x, sy * q.y};
    }
  }
  MoveByUlps<N>(p, rng);
  return p;
}

template <std::size_t N>
Points<N> MakePoints(PredicateCaseKind kind, SplitMix64& rng) {
  switch (kind) {
    case PredicateCaseKind::kRandom:
      return MakeRandom<N>(rng);
    case PredicateCaseKind::kGridLarge:
      return MakeGridLarge<N>(rng);
    case PredicateCaseKind::kGridSmall:
      return MakeGridSmall<N>(rng);
    case PredicateCaseKind::kNearDegenerate:
      return NearDegenerate<N>(rng);
    case PredicateCaseKind::kExactDegenerate:
      return ExactDegenerate<N>(rng);
    case PredicateCaseKind::kTiny:
      return MakeTiny<N>(rng);
    case PredicateCaseKind::kHuge:
      return MakeHuge<N>(rng);
    case PredicateCaseKind::kFloat32:
      return MakeFloat32<N>(rng);
    case PredicateCaseKind::kMixed:
      return MakeMixed<N>(rng);
  }
  return MakeRandom<N>(rng);
}

constexpr std::array<PredicateCaseKind, 9> kAllKinds = {
    PredicateCaseKind::kRandom,
    PredicateCaseKind::kGridLarge,
    PredicateCaseKind::kGridSmall,
    PredicateCaseKind::kNearDegenerate,
    PredicateCaseKind::kExactDegenerate,
    PredicateCaseKind::kTiny,
    PredicateCaseKind::kHuge,
    PredicateCaseKind::kFloat32,
    PredicateCaseKind::kMixed,
};

}  // namespace

Orient2DCase MakeOrient2DCase(PredicateCaseKind kind, SplitMix64& rng) {
  Points<3> p = MakePoints<3>(kind, rng);
  return {p[0], p[1], p[2]};
}

InCircleCase MakeInCircleCase(PredicateCaseKind kind, SplitMix64& rng) {
  Points<4> p = MakePoints<4>(kind, rng);
  return {p[0], p[1], p[2], p[3]};
}

const char* KindName(PredicateCaseKind kind) {
  switch (kind) {
    case PredicateCaseKind::kRandom:
      return "random";
    case PredicateCaseKind::kGridLarge:
      return "grid_large";
    case PredicateCaseKind::kGridSmall:
      return "grid_small";
    case PredicateCaseKind::kNearDegenerate:
      return "near_degenerate";
    case PredicateCaseKind::kExactDegenerate:
      return "exact_degenerate";
    case PredicateCaseKind::kTiny:
      return "tiny";
    case PredicateCaseKind::kHuge:
      return "huge";
    case PredicateCaseKind::kFloat32:
      return "float32";
    case PredicateCaseKind::kMixed:
      return "mixed";
  }
  return "unknown";
}

std::span<const PredicateCaseKind> AllPredicateCaseKinds() { return kAllKinds; }

}  // namespace onepath::gen
