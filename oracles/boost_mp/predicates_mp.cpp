#include "oracles/boost_mp/predicates_mp.hpp"

#include <array>
#include <bit>
#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
#include <cstdint>
#include <cstdlib>

namespace onepath::oracle {

namespace {

using boost::multiprecision::cpp_int;

// A finite double as sign * significand * 2^exponent with an odd
// significand (or significand 0 for zero, whose exponent is ignored).
struct Decomposed {
  std::int64_t significand = 0;  // signed, |significand| < 2^53
  int exponent = 0;
};

Decomposed Decompose(double v) {
  Decomposed d;
  if (v == 0.0) return d;
  if (!std::isfinite(v)) std::abort();  // outside every domain the oracle serves
  int e = 0;
  double m = std::frexp(v, &e);  // v = m * 2^e, 0.5 <= |m| < 1
  // |m| * 2^53 is an integer below 2^53: m has at most 53 significant bits
  // (fewer for subnormal v), all at or above 2^-53.
  auto s = static_cast<std::int64_t>(std::ldexp(m, 53));
  int exponent = e - 53;
  // Drop trailing zero bits so that integer inputs stay small integers.
  int tz = std::countr_zero(static_cast<std::uint64_t>(s < 0 ? -s : s));
  d.significand = s / (std::int64_t{1} << tz);  // exact: divisible
  d.exponent = exponent + tz;
  return d;
}

// Converts n doubles to integers sharing one scale 2^E, E the smallest
// exponent of the non-zero inputs: out[i] = v[i] * 2^-E exactly.
template <std::size_t N>
std::array<cpp_int, N> ToCommonScale(const std::array<double, N>& v) {
  std::array<Decomposed, N> parts;
  bool any = false;
  int minExponent = 0;
  for (std::size_t i = 0; i < N; ++i) {
    parts[i] = Decompose(v[i]);
    if (parts[i].significand == 0) continue;
    if (!any || parts[i].exponent < minExponent) minExponent = parts[i].exponent;
    any = true;
  }
  std::array<cpp_int, N> out;
  for (std::size_t i = 0; i < N; ++i) {
    out[i] = parts[i].significand;
    if (parts[i].significand != 0) {
      out[i] <<= static_cast<unsigned>(parts[i].exponent - minExponent);
    }
  }
  return out;
}

int SignOf(const cpp_int& v) { return v.sign(); }

}  // namespace

int Orient2DBoostMp(Vector2D a, Vector2D b, Vector2D c) {
  auto n = ToCommonScale<6>({a.x, a.y, b.x, b.y, c.x, c.y});
  const cpp_int &ax = n[0], &ay = n[1], &bx = n[2], &by = n[3], &cx = n[4], &cy = n[5];
  cpp_int acx = ax - cx;
  cpp_int bcy = by - cy;
  cpp_int acy = ay - cy;
  cpp_int bcx = bx - cx;
  cpp_int det = acx * bcy;
  det -= acy * bcx;
  return SignOf(det);
}

int InCircleBoostMp(Vector2D a, Vector2D b, Vector2D c, Vector2D d) {
  auto n = ToCommonScale<8>({a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y});
  // Rows (px - dx, py - dy, lift) for p = a, b, c; expand along the lift
  // column: det = la (bx cy - by cx) - lb (ax cy - ay cx) + lc (ax by - ay bx)
  // with every coordinate taken relative to d.
  cpp_int ax = n[0] - n[6], ay = n[1] - n[7];
  cpp_int bx = n[2] - n[6], by = n[3] - n[7];
  cpp_int cx = n[4] - n[6], cy = n[5] - n[7];
  cpp_int la = ax * ax + ay * ay;
  cpp_int lb = bx * bx + by * by;
  cpp_int lc = cx * cx + cy * cy;
  cpp_int mbc = bx * cy - by * cx;
  cpp_int mac = ax * cy - ay * cx;
  cpp_int mab = ax * by - ay * bx;
  cpp_int det = la * mbc;
  det -= lb * mac;
  det += lc * mab;
  return SignOf(det);
}

}  // namespace onepath::oracle
