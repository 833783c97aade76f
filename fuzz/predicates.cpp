// Fuzz target for the exact predicates (docs/spec/predicates.md).
// clauses: pred.orient2d pred.incircle pred.domain pred.exact pred.float32
// clauses: pred.orient2d.int err.fields err.nothing-else
//
// Every input decodes to one predicate call. The checked entry points must
// either throw ArgumentOutOfRangeException naming the first coordinate that is
// outside pred.domain, or return the sign that the Boost.Multiprecision
// oracle computes. Anything else aborts: a wrong sign, a missing or wrong
// exception, or any other exception (left to escape).
//
// Input encoding. Multi-byte values are little-endian; bytes past the end of
// the input read as zero, so every input (even an empty one) is a case.
//
//   byte 0   selector
//            bit 0     predicate: 0 = Orient2D (points a b c),
//                                 1 = InCircle (points a b c d)
//            bits 1-2  mode (below)
//            bits 3-7  mode parameter
//
//   mode 0, raw: each coordinate, in order a.x a.y b.x b.y ..., is 8 bytes,
//     the bit pattern of a double. Reaches every error path.
//
//   mode 1, float32 (pred.float32): each coordinate is 4 bytes, the bit
//     pattern of a float, widened to double.
//
//   mode 2, integer grid: byte 1 gives the snap bits k (byte % 64); bits 3-4
//     of the selector give the grid bound B = 2^39, 2^20, 2^6 or 2^2. Each
//     coordinate is 8 bytes u and becomes the integer i = u % (2B + 1) - B
//     in [-B, B], passed as the double i * 2^-k. Small grids make exactly
//     collinear and cocircular cases common. Orient2D is also checked
//     against Orient2DInt on the integers.
//
//   mode 3, near-degenerate: bytes 1-2 give a scale exponent
//     S = u16 % 371 - 200. A base coordinate is 5 bytes: an int32 m and an
//     int8 e, with value m * 2^(S + e % 32).
//     Orient2D: base points a and b (4 base coordinates), then an int16 t,
//     then c = a + (t / 2^12) * (b - a) rounded in double, so c is nearly on
//     the line ab. Selector bits 3-7 (mod 6) pick the argument order.
//     InCircle: a centre (2 base coordinates), a radius (1 base
//     coordinate), then four int16 t; point i is the centre plus the radius
//     times the rational circle point ((1 - s^2) / (1 + s^2), 2s / (1 + s^2))
//     with s = t_i / 2^8, rounded in double, so all four are nearly
//     cocircular.
//     Then, for both: one byte per coordinate (in argument order), an int8
//     n; the coordinate is moved n % 9 ulps (up when positive). This is the
//     mode that reaches the exact paths most often.
//
// err.nothing-else: an exception of any other type is not caught here; it
// ends the run like a failed check. The target is deterministic and keeps
// no state between inputs. It writes to stderr only when it is about to
// abort.

#include "onepath/exact/predicates.hpp"

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "onepath/core/errors.hpp"
#include "onepath/core/vector2d.hpp"
#include "oracles/boost_mp/predicates_mp.hpp"

namespace {

using onepath::Vector2D;

// Reads the input front to back; past the end it yields zero bytes.
class Reader {
 public:
  Reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  std::uint8_t Byte() { return pos_ < size_ ? data_[pos_++] : 0; }

  std::uint64_t Bytes(int count) {
    std::uint64_t v = 0;
    for (int i = 0; i < count; ++i) v |= static_cast<std::uint64_t>(Byte()) << (8 * i);
    return v;
  }

  double Double() { return std::bit_cast<double>(Bytes(8)); }
  float Float() { return std::bit_cast<float>(static_cast<std::uint32_t>(Bytes(4))); }
  std::int32_t Int32() { return static_cast<std::int32_t>(static_cast<std::uint32_t>(Bytes(4))); }
  std::int16_t Int16() { return static_cast<std::int16_t>(static_cast<std::uint16_t>(Bytes(2))); }
  std::int8_t Int8() { return static_cast<std::int8_t>(Byte()); }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

struct Case {
  bool incircle = false;
  int mode = 0;
  int count = 3;  // number of points: 3 for Orient2D, 4 for InCircle
  Vector2D p[4];
  bool has_int = false;  // mode 2: the integer coordinates below are set
  std::int64_t ix[4] = {0, 0, 0, 0};
  std::int64_t iy[4] = {0, 0, 0, 0};
};

const char* const kNames[4] = {"a", "b", "c", "d"};

double& Coord(Case& c, int k) { return k % 2 == 0 ? c.p[k / 2].x : c.p[k / 2].y; }
double Coord(const Case& c, int k) { return k % 2 == 0 ? c.p[k / 2].x : c.p[k / 2].y; }

[[noreturn]] void Fail(const Case& c, const char* what) {
  std::fprintf(stderr, "fuzz predicates: %s\n  %s mode %d:", what,
               c.incircle ? "InCircle" : "Orient2D", c.mode);
  for (int i = 0; i < c.count; ++i) {
    std::fprintf(stderr, " %s=(%a, %a)", kNames[i], c.p[i].x, c.p[i].y);
  }
  std::fprintf(stderr, "\n");
  std::abort();
}

// pred.domain, decided from the bit pattern (independent of the library's
// InPredicateDomain): zero, or an unbiased exponent in [-200, 199], or
// exactly 2^200. NaN, infinities and subnormals have exponents outside.
bool InDomain(double v) {
  const std::uint64_t bits = std::bit_cast<std::uint64_t>(v);
  const std::uint64_t magnitude = bits & 0x7fffffffffffffffULL;
  if (magnitude == 0) return true;
  const int exponent = static_cast<int>(magnitude >> 52) - 1023;
  const std::uint64_t fraction = magnitude & 0x000fffffffffffffULL;
  if (exponent >= -200 && exponent <= 199) return true;
  return exponent == 200 && fraction == 0;
}

// Moves v by n ulps (towards +infinity when n > 0).
double MoveUlps(double v, int n) {
  for (; n > 0; --n) v = std::nextafter(v, INFINITY);
  for (; n < 0; ++n) v = std::nextafter(v, -INFINITY);
  return v;
}

double BaseCoordinate(Reader& in, int scale) {
  const std::int32_t m = in.Int32();
  const int e = in.Int8() % 32;
  return std::ldexp(static_cast<double>(m), scale + e);
}

void DecodeRaw(Reader& in, Case& c) {
  for (int k = 0; k < 2 * c.count; ++k) Coord(c, k) = in.Double();
}

void DecodeFloat32(Reader& in, Case& c) {
  for (int k = 0; k < 2 * c.count; ++k) Coord(c, k) = static_cast<double>(in.Float());
}

void DecodeGrid(Reader& in, Case& c, int parameter) {
  const int snap_bits = in.Byte() % 64;
  const int bound_bits[4] = {39, 20, 6, 2};
  const std::int64_t bound = std::int64_t{1} << bound_bits[parameter % 4];
  const std::uint64_t width = static_cast<std::uint64_t>(2 * bound + 1);
  c.has_int = true;
  for (int i = 0; i < c.count; ++i) {
    c.ix[i] = static_cast<std::int64_t>(in.Bytes(8) % width) - bound;
    c.iy[i] = static_cast<std::int64_t>(in.Bytes(8) % width) - bound;
    // |i| <= 2^39 is exact in a double, and scaling by 2^-k is exact.
    c.p[i].x = std::ldexp(static_cast<double>(c.ix[i]), -snap_bits);
    c.p[i].y = std::ldexp(static_cast<double>(c.iy[i]), -snap_bits);
  }
}

void DecodeNear(Reader& in, Case& c, int parameter) {
  const int scale = static_cast<int>(in.Bytes(2) % 371) - 200;
  if (!c.incircle) {
    Vector2D a, b;
    a.x = BaseCoordinate(in, scale);
    a.y = BaseCoordinate(in, scale);
    b.x = BaseCoordinate(in, scale);
    b.y = BaseCoordinate(in, scale);
    const double t = std::ldexp(static_cast<double>(in.Int16()), -12);
    const Vector2D on_line{a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};
    const Vector2D base[3] = {a, b, on_line};
    const int orders[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {1, 0, 2}, {0, 2, 1}, {2, 1, 0}};
    for (int i = 0; i < 3; ++i) c.p[i] = base[orders[parameter % 6][i]];
  } else {
    const double cx = BaseCoordinate(in, scale);
    const double cy = BaseCoordinate(in, scale);
    const double r = BaseCoordinate(in, scale);
    for (int i = 0; i < 4; ++i) {
      const double s = std::ldexp(static_cast<double>(in.Int16()), -8);
      const double q = 1.0 + s * s;
      c.p[i].x = cx + r * ((1.0 - s * s) / q);
      c.p[i].y = cy + r * ((2.0 * s) / q);
    }
  }
  for (int k = 0; k < 2 * c.count; ++k) Coord(c, k) = MoveUlps(Coord(c, k), in.Int8() % 9);
}

Case Decode(const std::uint8_t* data, std::size_t size) {
  Reader in(data, size);
  const std::uint8_t selector = in.Byte();
  Case c;
  c.incircle = (selector & 1) != 0;
  c.count = c.incircle ? 4 : 3;
  c.mode = (selector >> 1) & 3;
  const int parameter = selector >> 3;
  switch (c.mode) {
    case 0:
      DecodeRaw(in, c);
      break;
    case 1:
      DecodeFloat32(in, c);
      break;
    case 2:
      DecodeGrid(in, c, parameter);
      break;
    default:
      DecodeNear(in, c, parameter);
      break;
  }
  return c;
}

bool SameValue(double x, double y) {
  if (std::isnan(x) && std::isnan(y)) return true;
  return std::bit_cast<std::uint64_t>(x) == std::bit_cast<std::uint64_t>(y);
}

// pred.domain: the exception names the first coordinate outside the domain,
// in argument order a.x, a.y, b.x, ...: its argument name, its argument
// index as the vertex, and its value. err.fields: and no other field.
void CheckException(const Case& c, int bad, const onepath::ArgumentOutOfRangeException& e) {
  if (bad < 0) Fail(c, "threw ArgumentOutOfRangeException for arguments inside pred.domain");
  if (std::string(e.typeName()) != "ArgumentOutOfRangeException") {
    Fail(c, "exception has the wrong type name");
  }
  const onepath::ErrorFields& f = e.fields();
  onepath::ForEachErrorField([&](std::string_view name, auto member) {
    if ((f.*member).has_value() && name != "argument" && name != "vertex" && name != "value")
      Fail(c, "exception sets a field that pred.domain does not list");
  });
  const std::string argument = std::string(kNames[bad / 2]) + (bad % 2 == 0 ? ".x" : ".y");
  if (!f.argument || *f.argument != argument) Fail(c, "exception names the wrong argument");
  if (!f.vertex || *f.vertex != bad / 2) Fail(c, "exception names the wrong vertex");
  if (!f.value || !SameValue(*f.value, Coord(c, bad))) {
    Fail(c, "exception carries the wrong value");
  }
}

void Check(const Case& c) {
  int bad = -1;
  for (int k = 0; k < 2 * c.count && bad < 0; ++k) {
    if (!InDomain(Coord(c, k))) bad = k;
  }
  const Vector2D* p = c.p;

  int sign = 0;
  try {
    sign = c.incircle ? onepath::exact::CheckedInCircle(p[0], p[1], p[2], p[3])
                      : onepath::exact::CheckedOrient2D(p[0], p[1], p[2]);
  } catch (const onepath::ArgumentOutOfRangeException& e) {
    CheckException(c, bad, e);
    return;
  }
  if (bad >= 0) Fail(c, "returned for a coordinate outside pred.domain");
  if (sign < -1 || sign > 1) Fail(c, "sign is not -1, 0 or +1");

  // pred.orient2d / pred.incircle: the exact sign, per the oracle.
  const int expected = c.incircle ? onepath::oracle::InCircleBoostMp(p[0], p[1], p[2], p[3])
                                  : onepath::oracle::Orient2DBoostMp(p[0], p[1], p[2]);
  if (sign != expected) Fail(c, "sign differs from the Boost.Multiprecision oracle");

  // pred.exact: the exact path alone agrees with the filtered function.
  const int exact = c.incircle ? onepath::exact::InCircleExact(p[0], p[1], p[2], p[3])
                               : onepath::exact::Orient2DExact(p[0], p[1], p[2]);
  if (exact != expected) Fail(c, "exact path differs from the oracle");

  // pred.orient2d.int: the integer predicate agrees on grid input.
  if (c.has_int && !c.incircle) {
    const int by_int =
        onepath::exact::Orient2DInt(c.ix[0], c.iy[0], c.ix[1], c.iy[1], c.ix[2], c.iy[2]);
    if (by_int != sign) Fail(c, "Orient2DInt differs from Orient2D on grid input");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Check(Decode(data, size));
  return 0;
}
