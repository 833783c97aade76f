// Shared by the offset fuzz targets (fuzz/offset.cpp, fuzz/shrink.cpp): the
// region operand, the distance encoding, and checks derived from the spec
// (offset.*, shrink.*, arr.distortion) that use nothing of the
// implementation beyond Region's public interface and the independent
// validator's exact geometry (conformance/generators/region_validity.hpp).
//
// Region operand (bytes past the end read as zero): one mode byte; odd:
// a tile map (always valid, every edge axis-parallel): SnapBits = byte % 17,
// width and height = byte % 9 each, cell size 2^(byte % 5) grid units,
// origin two int16 in grid units, then the cells one bit each (LSB first);
// even: SnapBits and up to 3 outlines as in fuzz/region_input.hpp
// (FromOutlines may throw for bad ones, as the spec says).
//
// A scalar (a distance, an arc tolerance, a setting; public units): a
// selector byte s and an int16 u; s % 16 =
//   0: 0; 1: -0; 2: NaN; 3: +infinity; 4: -infinity;
//   5: +-2^20 (the largest distance, signed like u); 6: +-the next double
//   beyond 2^20; 7: any double: its 8 bytes follow (little-endian);
//   8..15: u * 2^(s % 8 - 3 + 4 (s / 16)) grid units (2^-SnapBits public
//   units): u / 8 to 16 u for s < 16 (fractions of a unit, ties, whole
//   units), 2^4 times more for each further step of s / 16.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "conformance/generators/region_validity.hpp"
#include "fuzz/region_input.hpp"
#include "onepath/geom2d/internal/region_access.hpp"
#include "onepath/geom2d/pipeline.hpp"
#include "onepath/geom2d/region.hpp"

namespace onepath::fuzz {

// The region operand; nullopt when FromOutlines threw (as required).
// `rectilinear` says whether it came from a tile map.
inline std::optional<geom2d::Region> DecodeRegionOperand(const char* target, ByteReader& in,
                                                         bool& rectilinear) {
  const RegionSource source = DecodeRegionSource(in, 3);
  rectilinear = source.tileMap;
  geom2d::Region region;
  if (!SourceRegion(target, source, region)) return std::nullopt;
  return region;
}

inline double DecodeScalar(ByteReader& in, int bits) {
  const std::uint8_t s = in.U8();
  const std::int16_t u = in.I16();
  const double sign = u < 0 ? -1.0 : 1.0;
  switch (s % 16) {
    case 0:
      return 0.0;
    case 1:
      return -0.0;
    case 2:
      return std::numeric_limits<double>::quiet_NaN();
    case 3:
      return std::numeric_limits<double>::infinity();
    case 4:
      return -std::numeric_limits<double>::infinity();
    case 5:
      return sign * 0x1p20;
    case 6:
      return sign * std::nextafter(0x1p20, 0x1p21);
    case 7: {
      std::uint8_t bytes[8];
      for (std::uint8_t& b : bytes) b = in.U8();
      double v;
      std::memcpy(&v, bytes, sizeof v);
      return v;
    }
    default:
      return std::ldexp(static_cast<double>(u), s % 8 - 3 + 4 * (s / 16) - bits);
  }
}

// Far radii. Once r dwarfs the region, every piece of an offset or a shrink
// crosses nearly every other (offset.pieces, shrink.edges; docs/spec/
// offset.md, "Cost"), and one arrangement takes them all: its work grows
// with the square of the region's vertex count, past issue 8's limits
// (10 s, 1 GiB) from a few hundred vertices on. That is the spec's
// construction, not a defect the targets could find, so a radius of more
// than kNearRadius grid units runs only on a region of at most as many
// vertices as below; otherwise it is clamped to kNearRadius (sign kept).
// The counts keep the worst shape measured (a star whose pieces all cross)
// within a few seconds: fuzz/README.md, "Far radii".
constexpr double kNearRadius = 64.0;  // grid units
constexpr std::size_t kFarRoundVertices = 200;
constexpr std::size_t kFarSquareVertices = 1000;
constexpr std::size_t kFarShrinkVertices = 500;

inline std::size_t VertexCount(const geom2d::Region& region) {
  std::size_t n = 0;
  for (const geom2d::Ring& ring : region.Rings()) n += ring.size();
  return n;
}

// Whether a value (public units) is finite and beyond kNearRadius grid
// units; ClampToNear clamps such a value to it and keeps the others (NaN,
// the infinities, nearer values).
inline bool IsFar(double value, int bits) {
  return std::isfinite(value) && std::fabs(value) > std::ldexp(kNearRadius, -bits);
}
inline double ClampToNear(double value, int bits) {
  return IsFar(value, bits) ? std::copysign(std::ldexp(kNearRadius, -bits), value) : value;
}

// offset.limits: |coordinate| <= (2^21 + 2^20) 2^SnapBits grid units.
inline double OffsetLimit(int bits) { return std::ldexp(0x1p21 + 0x1p20, bits); }

struct Bounds {
  bool empty = true;
  std::int64_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  std::int64_t Extent() const {
    return empty ? 0 : std::max({std::llabs(x0), std::llabs(y0), std::llabs(x1), std::llabs(y1)});
  }
};

inline Bounds BoundsOf(const geom2d::Region& region) {
  Bounds b;
  for (const geom2d::Ring& ring : region.Rings())
    for (geom2d::GridPoint p : ring) {
      if (b.empty) b = {false, p.x, p.y, p.x, p.y};
      b.x0 = std::min(b.x0, p.x), b.x1 = std::max(b.x1, p.x);
      b.y0 = std::min(b.y0, p.y), b.y1 = std::max(b.y1, p.y);
    }
  return b;
}

// Whether `inner` lies within `outer` grown by `margin` on every side
// (margin may be negative: shrunk).
inline bool BoundsWithin(const Bounds& inner, const Bounds& outer, double margin) {
  if (inner.empty) return true;
  if (outer.empty) return false;
  return inner.x0 >= outer.x0 - margin && inner.y0 >= outer.y0 - margin &&
         inner.x1 <= outer.x1 + margin && inner.y1 <= outer.y1 + margin;
}

inline onepath::Int128 AreaOf(const geom2d::Region& region) {
  return gen::IndependentDoubledArea(region.Rings());
}

inline void ExpectEmpty(const char* target, const geom2d::Region& region, const char* what) {
  if (region.IsEmpty()) return;
  std::fprintf(stderr, "%s", gen::FormatRings(region.Rings()).c_str());
  Fail(target, std::string(what) + " is not empty");
}

// Every vertex of `of` strictly inside `region` (winding 1 and on no edge,
// gen::WindingAt).
inline void ExpectVerticesInside(const char* target, const geom2d::Region& of,
                                 const geom2d::Region& region, const char* what) {
  for (const geom2d::Ring& ring : of.Rings())
    for (geom2d::GridPoint p : ring) {
      const std::optional<std::int64_t> w = gen::WindingAt(region, gen::RationalPoint{p.x, p.y, 1});
      if (!w || *w != 1)
        Fail(target, std::string(what) + ": vertex (" + std::to_string(p.x) + ", " +
                         std::to_string(p.y) + ") is not strictly inside");
    }
}

inline void ExpectSameRegion(const char* target, const geom2d::Region& a, const geom2d::Region& b,
                             const char* what) {
  if (CanonicalBytes(a) == CanonicalBytes(b)) return;
  std::fprintf(stderr, "expected:\n%sgot:\n%s", gen::FormatRings(b.Rings()).c_str(),
               gen::FormatRings(a.Rings()).c_str());
  Fail(target, what);
}

// The region offset.square's k in grid units for a distance (offset.radius).
inline double SquareHalfSide(double distance, int bits) {
  return std::max(1.0, std::nearbyint(std::ldexp(std::fabs(distance), bits)));
}

// A region square-offset by k grid units (a distance of k 2^-SnapBits).
inline geom2d::Region SquareOffset(const geom2d::Region& region, double k, bool grow) {
  return region.Offset(std::ldexp(grow ? k : -k, -region.SnapBits()), geom2d::OffsetJoin::kSquare,
                       0.0);
}

// Where a square offset by k must throw (offset.limits, square join): the
// first corner beyond the limit, pieces per ring and edge, the corners of a
// before those of b, each (x - k, y - k), (x + k, y - k), (x + k, y + k),
// (x - k, y + k), x before y.
inline std::optional<ExpectedError> SquareLimitsError(const geom2d::Region& region, double k,
                                                      const char* name, bool isSetting) {
  const int bits = region.SnapBits();
  const double limit = OffsetLimit(bits);
  const double signs[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  for (const geom2d::Ring& ring : region.Rings())
    for (std::size_t i = 0; i < ring.size(); ++i)
      for (geom2d::GridPoint p : {ring[i], ring[(i + 1) % ring.size()]})
        for (const auto& s : signs)
          for (double c :
               {static_cast<double>(p.x) + s[0] * k, static_cast<double>(p.y) + s[1] * k})
            if (std::fabs(c) > limit) {
              ErrorFields f{.value = std::ldexp(c, -bits)};
              (isSetting ? f.setting : f.argument) = name;
              return ExpectedError{"ArgumentOutOfRangeException", f};
            }
  return std::nullopt;
}

// For a round construction reaching at most `reach` grid units from the
// region's vertices: whether an offset.limits error is impossible (false
// when it may or may not come), and whether a thrown one is plausible: the
// right type and name, a coordinate beyond the limit and within reach.
inline bool SurelyWithinLimits(const geom2d::Region& region, double reach) {
  return static_cast<double>(BoundsOf(region).Extent()) + reach <= OffsetLimit(region.SnapBits());
}

inline void CheckRoundLimitsError(const char* target, const OnePathException& e,
                                  const geom2d::Region& region, double reach, const char* name,
                                  bool isSetting) {
  const ErrorFields& f = e.fields();
  const double limit = OffsetLimit(region.SnapBits());
  const double v = f.value ? std::fabs(std::ldexp(*f.value, region.SnapBits())) : 0.0;
  const bool named =
      isSetting ? f.setting == name && !f.argument : f.argument == name && !f.setting;
  if (std::string(e.typeName()) != "ArgumentOutOfRangeException" || !named || !f.value ||
      !(v > limit) || v > static_cast<double>(BoundsOf(region).Extent()) + reach || f.outline ||
      f.ring || f.vertex || f.edge || f.count)
    Fail(target, std::string("implausible offset.limits error: ") + DescribeError(e));
}

// shrink.settings, in order: CellSize, then AgentRadius.
inline std::optional<ExpectedError> ShrinkSettingsError(const geom2d::Mesh2DSettings& s) {
  if (!(s.CellSize > 0.0 && s.CellSize <= 0x1p20))
    return ExpectedError{"ArgumentOutOfRangeException",
                         {.value = s.CellSize, .setting = "CellSize"}};
  if (!(s.AgentRadius >= 0.0 && s.AgentRadius <= 0x1p20))
    return ExpectedError{"ArgumentOutOfRangeException",
                         {.value = s.AgentRadius, .setting = "AgentRadius"}};
  return std::nullopt;
}

// A square region (the box of `b` grown by pad), for the complement within
// a box; counter-clockwise from its smallest corner (region.ring-order).
inline geom2d::Region BoxRegion(const Bounds& b, std::int64_t pad, int bits) {
  return geom2d::RegionAccess::FromRings({{{b.x0 - pad, b.y0 - pad},
                                           {b.x1 + pad, b.y0 - pad},
                                           {b.x1 + pad, b.y1 + pad},
                                           {b.x0 - pad, b.y1 + pad}}},
                                         bits);
}

}  // namespace onepath::fuzz
