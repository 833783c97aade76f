// Fuzz target for ConstrainedDelaunay (docs/spec/cdt.md).
// clauses: cdt.input cdt.structure cdt.bounding-triangle cdt.constraint
// clauses: cdt.canonical err.fields err.nothing-else
//
// Input (bytes past the end read as zero): a flags byte f; the point count
// (one byte % 49); the points; the constraint count (one byte % 33); the
// constraints, two point indices each.
//  - f & 1: the points are used as decoded (so they may be unsorted or
//    repeated); otherwise they are sorted by (x, y) and repeats dropped.
//  - f & 2: a small grid: each coordinate one byte c, (c % 16 - 8) 2^s;
//    otherwise an int16 u, u 2^s, where u = INT16_MIN instead reads a
//    byte choosing a value at the limits: +-2^39, +-(2^39 + 1), INT64_MAX,
//    INT64_MIN, 2^45, 3 2^45. s = (f >> 2) % 32, so |u| 2^s reaches 2^46.
//  - an index: one byte c; 255 reads one more byte b and gives n + b, 254
//    gives 2^32 - 1 (both out of range), otherwise c % n (0 when n = 0).
//
// ConstrainedDelaunay must throw exactly the error cdt.input's check order
// gives (points within 2^39, strictly increasing, then each constraint's
// indices and A != B), or, for constraints that are not noded, the
// ArgumentException naming the first constraint in insertion order
// (increasing (min, max), ties in list order) that has a point in its open
// interior or crosses an earlier one, worked out here with exact
// orientations. Otherwise the triangulation must pass the independent
// validator (conformance/generators/cdt_validity.hpp) and keep its bytes
// when the constraint list is reversed with every pair swapped.
#include "onepath/geom2d/cdt.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <optional>
#include <vector>

#include "conformance/generators/cdt_validity.hpp"
#include "fuzz/region_input.hpp"
#include "onepath/core/int128.hpp"

using namespace onepath;
using geom2d::CdtConstraint;
using geom2d::GridPoint;

namespace {

const char* kName = "fuzz_cdt";
const std::int64_t kLimit = onepath::kMaxCdtCoordinate;

std::int64_t Coordinate(fuzz::ByteReader& in, bool small, int shift) {
  if (small) return static_cast<std::int64_t>(in.U8() % 16 - 8) * (std::int64_t{1} << shift);
  const std::int16_t u = in.I16();
  if (u != std::numeric_limits<std::int16_t>::min())
    return static_cast<std::int64_t>(u) * (std::int64_t{1} << shift);
  const std::int64_t special[8] = {kLimit,
                                   -kLimit,
                                   kLimit + 1,
                                   -kLimit - 1,
                                   std::numeric_limits<std::int64_t>::max(),
                                   std::numeric_limits<std::int64_t>::min(),
                                   std::int64_t{1} << 45,
                                   std::int64_t{3} << 45};
  return special[in.U8() % 8];
}

std::uint32_t Index(fuzz::ByteReader& in, std::size_t n) {
  const std::uint8_t c = in.U8();
  if (c == 255) return static_cast<std::uint32_t>(n + in.U8());
  if (c == 254) return 0xFFFFFFFFu;
  return n == 0 ? 0 : static_cast<std::uint32_t>(c % n);
}

int Orient(GridPoint a, GridPoint b, GridPoint c) {
  const Int128 d = Int128(b.x - a.x) * (c.y - a.y) - Int128(b.y - a.y) * (c.x - a.x);
  return d > 0 ? 1 : (d < 0 ? -1 : 0);
}

bool PointInside(GridPoint a, GridPoint b, GridPoint p) {
  if (b < a) std::swap(a, b);
  return Orient(a, b, p) == 0 && a < p && p < b;
}

bool Cross(GridPoint a, GridPoint b, GridPoint c, GridPoint d) {
  const int o1 = Orient(a, b, c), o2 = Orient(a, b, d), o3 = Orient(c, d, a), o4 = Orient(c, d, b);
  return o1 * o2 < 0 && o3 * o4 < 0;
}

fuzz::ExpectedError Bad(const char* type, ErrorFields fields) { return {type, std::move(fields)}; }

// cdt.input's checks and cdt.constraint's noding error, from the spec.
std::optional<fuzz::ExpectedError> InputError(const std::vector<GridPoint>& p,
                                              const std::vector<CdtConstraint>& c) {
  const char* range = "ArgumentOutOfRangeException";
  const std::int64_t n = static_cast<std::int64_t>(p.size());
  for (std::int64_t i = 0; i < n; ++i)
    for (std::int64_t v : {p[i].x, p[i].y})
      if (v < -kLimit || v > kLimit)
        return Bad(range, {.argument = "points", .vertex = i, .value = double(v)});
  for (std::int64_t i = 1; i < n; ++i)
    if (!(p[i - 1] < p[i])) return Bad("ArgumentException", {.argument = "points", .vertex = i});
  for (std::int64_t k = 0; k < std::int64_t(c.size()); ++k) {
    for (std::uint32_t v : {c[k].a, c[k].b})
      if (v >= p.size())
        return Bad(range, {.argument = "constraints", .edge = k, .value = double(v)});
    if (c[k].a == c[k].b) return Bad("ArgumentException", {.argument = "constraints", .edge = k});
  }
  std::vector<std::size_t> order(c.size());
  std::iota(order.begin(), order.end(), 0);
  auto key = [&](std::size_t k) {
    return std::pair(std::min(c[k].a, c[k].b), std::max(c[k].a, c[k].b));
  };
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t i, std::size_t j) { return key(i) < key(j); });
  for (std::size_t at = 0; at < order.size(); ++at) {
    const auto [a, b] = key(order[at]);
    bool bad = false;
    for (const GridPoint& q : p) bad = bad || PointInside(p[a], p[b], q);
    for (std::size_t e = 0; e < at && !bad; ++e) {
      const auto [c0, c1] = key(order[e]);
      bad = Cross(p[a], p[b], p[c0], p[c1]);
    }
    if (bad)
      return Bad("ArgumentException",
                 {.argument = "constraints", .edge = static_cast<std::int64_t>(order[at])});
  }
  return std::nullopt;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::ByteReader in(data, size);
  const std::uint8_t f = in.U8();
  const bool small = f & 2;
  const int shift = (f >> 2) % 32;
  std::vector<GridPoint> points(in.U8() % 49);
  for (GridPoint& p : points) {
    p.x = Coordinate(in, small, shift);
    p.y = Coordinate(in, small, shift);
  }
  if (!(f & 1)) {
    std::sort(points.begin(), points.end());
    points.erase(std::unique(points.begin(), points.end()), points.end());
  }
  std::vector<CdtConstraint> constraints(in.U8() % 33);
  for (CdtConstraint& c : constraints) {
    c.a = Index(in, points.size());
    c.b = Index(in, points.size());
  }

  const std::optional<fuzz::ExpectedError> expected = InputError(points, constraints);
  geom2d::Triangulation t;
  try {
    t = geom2d::ConstrainedDelaunay(points, constraints);
  } catch (const ArgumentException& e) {
    fuzz::CheckError(kName, e, expected);
    return 0;
  }
  if (expected) fuzz::Fail(kName, "no " + expected->type + " for a bad input");
  const gen::CdtValidity validity = gen::CheckCdtValidity(points, constraints, t);
  if (!validity.ok()) fuzz::Fail(kName, "invalid triangulation: " + validity.Summary());
  std::vector<CdtConstraint> swapped(constraints.rbegin(), constraints.rend());
  for (CdtConstraint& c : swapped) std::swap(c.a, c.b);
  if (geom2d::CanonicalBytes(geom2d::ConstrainedDelaunay(points, swapped)) !=
      geom2d::CanonicalBytes(t))
    fuzz::Fail(kName, "reversing and swapping the constraints changed the bytes");
  return 0;
}
