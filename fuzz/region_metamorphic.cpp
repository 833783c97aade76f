// Metamorphic fuzz target: the region operations against themselves under
// the transforms the spec promises to commute with (docs/spec/region.md,
// region.promise; arr.* is exact on integers).
// clauses: region.promise region.from-outlines region.boolean grid.snap arr.round
//
// Input: one byte choosing the operation (% 5: FromOutlines, then Union,
// Intersection, Difference, SymmetricDifference of two operands), a SnapBits
// byte (% 17, always valid), a translation (two int16 t and a shift byte e:
// T = 2 t 2^(e % 8) grid units per axis), then operand A (and B) as up to 3
// outlines encoded as in fuzz/region_input.hpp.
//
// Checked:
//  - translation: snapping rounds ties to even, so a shift by an even number
//    of grid units moves every snapped vertex by exactly that much; the
//    arrangement's crossings round by floor(x + 1/2), exact for integer
//    shifts; labelling and tracing compare and order points. So the result of
//    the translated input is the result translated (when both inputs lie in
//    grid.coordinates; a case outside them is skipped).
//  - permutation: reversing the outline list, each outline's rings, every
//    ring's direction, and rotating every ring's start gives the same bytes.
// Invalid inputs (bad coordinates, short rings) are skipped: the other
// region targets check their errors.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "fuzz/region_input.hpp"
#include "onepath/geom2d/internal/region_access.hpp"
#include "onepath/geom2d/region.hpp"

using namespace onepath;
using geom2d::Region;
using geom2d::RegionAccess;

namespace {

const char* kName = "fuzz_region_metamorphic";

std::vector<geom2d::Outline> Translated(std::vector<geom2d::Outline> outlines, double dx,
                                        double dy) {
  for (geom2d::Outline& o : outlines)
    for (auto& ring : o.rings)
      for (Vector2D& v : ring) v = {v.x + dx, v.y + dy};
  return outlines;
}

bool Valid(const std::vector<geom2d::Outline>& outlines, int bits) {
  return !fuzz::OutlinesError(outlines, bits).has_value();
}

Region Apply(int op, const std::vector<geom2d::Outline>& a, const std::vector<geom2d::Outline>& b,
             int bits) {
  Region ra = Region::FromOutlines(a, {.SnapBits = bits});
  if (op == 0) return ra;
  Region rb = Region::FromOutlines(b, {.SnapBits = bits});
  switch (op) {
    case 1:
      return ra.Union(rb);
    case 2:
      return ra.Intersection(rb);
    case 3:
      return ra.Difference(rb);
    default:
      return ra.SymmetricDifference(rb);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::ByteReader in(data, size);
  const int op = in.U8() % 5;
  const int bits = in.U8() % 17;
  const double tx = 2.0 * in.I16(), ty = 2.0 * in.I16();
  const int e = in.U8() % 8;
  std::vector<geom2d::Outline> a = fuzz::DecodeOutlines(in, 3);
  std::vector<geom2d::Outline> b =
      op == 0 ? std::vector<geom2d::Outline>{} : fuzz::DecodeOutlines(in, 3);
  if (!Valid(a, bits) || !Valid(b, bits)) return 0;
  const Region result = Apply(op, a, b, bits);

  if (CanonicalBytes(Apply(op, fuzz::Permuted(a), fuzz::Permuted(b), bits)) !=
      CanonicalBytes(result))
    fuzz::Fail(kName, "outline order, ring order, start or direction changed the bytes");

  // T in grid units, then in public units (exact: a power-of-two scaling).
  const std::int64_t gx = static_cast<std::int64_t>(tx) << e, gy = static_cast<std::int64_t>(ty)
                                                                   << e;
  const double dx = std::ldexp(static_cast<double>(gx), -bits);
  const double dy = std::ldexp(static_cast<double>(gy), -bits);
  std::vector<geom2d::Outline> ta = Translated(a, dx, dy), tb = Translated(b, dx, dy);
  if (!Valid(ta, bits) || !Valid(tb, bits)) return 0;
  std::vector<geom2d::Ring> moved = result.Rings();
  for (auto& ring : moved)
    for (geom2d::GridPoint& p : ring) p = {p.x + gx, p.y + gy};
  if (CanonicalBytes(Apply(op, ta, tb, bits)) !=
      CanonicalBytes(RegionAccess::FromRings(std::move(moved), bits)))
    fuzz::Fail(kName, "an even grid translation did not translate the result");
  return 0;
}
