// Decoding fuzz bytes into region inputs, shared by the region fuzz targets
// (fuzz/region_*.cpp), and the errors those inputs must raise, worked out
// here from the spec's rules (grid.*, region.outline, region.from-tilemap)
// rather than taken from the implementation.
//
// Encoding (bytes past the end read as zero, so every input is a case):
//   SnapBits: one byte b; b % 32 < 30 gives b % 17 (valid), 30 gives -1,
//     31 gives 17.
//   Outlines: one byte, count = byte % (max + 1); per outline one byte,
//     rings = byte % 4 + 1; per ring one byte, vertices = byte % 12 (0, 1 and
//     2 are too few: an error), then the vertices. A vertex is two int16
//     coordinates u; the value is u * 2^-8 * 2^scale with scale = the
//     outline set's scale byte % 16 - 4, so values reach beyond 2^21 only
//     through the specials. u = INT16_MIN (0x8000) instead reads one more
//     byte choosing a special value (Special below).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "conformance/generators/region_validity.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/geom2d/outline.hpp"
#include "onepath/geom2d/region.hpp"

namespace onepath::fuzz {

class ByteReader {
 public:
  ByteReader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t U8() { return at_ < size_ ? data_[at_++] : (++at_, 0); }
  std::int16_t I16() {
    int lo = U8(), hi = U8();
    return static_cast<std::int16_t>(static_cast<std::uint16_t>(lo | (hi << 8)));
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

[[noreturn]] inline void Fail(const char* target, const std::string& what) {
  std::fprintf(stderr, "%s: %s\n", target, what.c_str());
  std::abort();
}

inline int DecodeSnapBits(ByteReader& in) {
  int b = in.U8() % 32;
  return b < 30 ? b % 17 : (b == 30 ? -1 : 17);
}

// Values at and beyond the edges of grid.coordinates.
inline double Special(std::uint8_t b) {
  const double big = 0x1p21;
  switch (b % 8) {
    case 0:
      return std::numeric_limits<double>::quiet_NaN();
    case 1:
      return std::numeric_limits<double>::infinity();
    case 2:
      return -std::numeric_limits<double>::infinity();
    case 3:
      return big;  // allowed
    case 4:
      return -big;  // allowed
    case 5:
      return std::nextafter(big, 3 * big);  // just beyond
    case 6:
      return -std::nextafter(big, 3 * big);  // just beyond
    default:
      return 0.5 * std::ldexp(1.0, -(b / 8));  // a tie at some SnapBits
  }
}

inline double DecodeCoordinate(ByteReader& in, int scale) {
  std::int16_t u = in.I16();
  if (u == std::numeric_limits<std::int16_t>::min()) return Special(in.U8());
  return std::ldexp(static_cast<double>(u), scale - 8);
}

inline std::vector<geom2d::Outline> DecodeOutlines(ByteReader& in, int max_outlines) {
  int scale = in.U8() % 16 - 4;
  std::vector<geom2d::Outline> outlines(in.U8() % (max_outlines + 1));
  for (geom2d::Outline& o : outlines) {
    o.rings.resize(in.U8() % 4 + 1);
    for (auto& ring : o.rings) {
      ring.resize(in.U8() % 12);
      for (Vector2D& v : ring) {
        v.x = DecodeCoordinate(in, scale);
        v.y = DecodeCoordinate(in, scale);
      }
    }
  }
  return outlines;
}

// The error the spec requires, described as type and fields.
struct ExpectedError {
  std::string type;
  ErrorFields fields;
};

inline bool PublicCoordinate(double v) { return v >= -0x1p21 && v <= 0x1p21; }

// grid.snapbits, then region.outline and grid.coordinates in input order.
inline std::optional<ExpectedError> OutlinesError(const std::vector<geom2d::Outline>& outlines,
                                                  int snapBits) {
  if (snapBits < 0 || snapBits > 16)
    return ExpectedError{"ArgumentOutOfRangeException",
                         {.value = double(snapBits), .setting = "SnapBits"}};
  for (std::size_t o = 0; o < outlines.size(); ++o)
    for (std::size_t r = 0; r < outlines[o].rings.size(); ++r) {
      const auto& ring = outlines[o].rings[r];
      if (ring.size() < 3)
        return ExpectedError{"ArgumentException",
                             {.argument = "outlines",
                              .outline = std::int64_t(o),
                              .ring = std::int64_t(r),
                              .count = std::int64_t(ring.size())}};
      for (std::size_t v = 0; v < ring.size(); ++v)
        for (double c : {ring[v].x, ring[v].y})
          if (!PublicCoordinate(c))
            return ExpectedError{"ArgumentOutOfRangeException",
                                 {.outline = std::int64_t(o),
                                  .ring = std::int64_t(r),
                                  .vertex = std::int64_t(v),
                                  .value = c}};
    }
  return std::nullopt;
}

// Same value, NaN equal to NaN.
inline bool SameValue(std::optional<double> a, std::optional<double> b) {
  if (a.has_value() != b.has_value()) return false;
  if (!a) return true;
  return (std::isnan(*a) && std::isnan(*b)) || *a == *b;
}

inline bool SameFields(const ErrorFields& a, const ErrorFields& b) {
  bool same = true;
  ForEachErrorField([&](const char*, auto member) {
    if constexpr (std::is_same_v<decltype(a.*member), const std::optional<double>&>)
      same = same && SameValue(a.*member, b.*member);
    else
      same = same && a.*member == b.*member;
  });
  return same;
}

// Checks a thrown spec exception against the expected one; aborts on a
// mismatch. Exceptions of other types are not caught by the targets.
inline void CheckError(const char* target, const OnePathException& e,
                       const std::optional<ExpectedError>& expected) {
  if (!expected) Fail(target, std::string("unexpected ") + e.typeName() + ": " + e.what());
  if (expected->type != e.typeName())
    Fail(target,
         "threw " + std::string(e.typeName()) + ", expected " + expected->type + ": " + e.what());
  if (!SameFields(e.fields(), expected->fields))
    Fail(target, std::string("wrong error fields: ") + e.what());
}

// A region's source as the offset and mesh targets decode it (the encoding
// is in fuzz/offset_input.hpp): outlines, or a tile map (always valid).
struct RegionSource {
  bool tileMap = false;
  int snapBits = 0;
  std::vector<geom2d::Outline> outlines;
  std::vector<std::uint8_t> cells;
  std::int64_t width = 0, height = 0;
  double cellSize = 1.0;
  Vector2D origin;
};

inline RegionSource DecodeRegionSource(ByteReader& in, int max_outlines) {
  RegionSource s;
  s.tileMap = in.U8() % 2 == 1;
  if (!s.tileMap) {
    s.snapBits = DecodeSnapBits(in);
    s.outlines = DecodeOutlines(in, max_outlines);
    return s;
  }
  const int bits = s.snapBits = in.U8() % 17;
  s.width = in.U8() % 9, s.height = in.U8() % 9;
  s.cellSize = std::ldexp(1.0, in.U8() % 5 - bits);
  s.origin = {std::ldexp(static_cast<double>(in.I16()), -bits),
              std::ldexp(static_cast<double>(in.I16()), -bits)};
  s.cells.resize(static_cast<std::size_t>(s.width * s.height));
  std::uint8_t byte = 0;
  for (std::size_t k = 0; k < s.cells.size(); ++k) {
    if (k % 8 == 0) byte = in.U8();
    s.cells[k] = (byte >> (k % 8)) & 1;
  }
  return s;
}

// The source's region: true with it in `out`, or false when FromOutlines
// threw exactly the error the spec requires (anything else aborts).
inline bool SourceRegion(const char* target, const RegionSource& s, geom2d::Region& out) {
  if (s.tileMap) {
    out = geom2d::Region::FromTileMap(s.cells, s.width, s.height, s.cellSize, s.origin,
                                      {.SnapBits = s.snapBits});
    return true;
  }
  const std::optional<ExpectedError> expected = OutlinesError(s.outlines, s.snapBits);
  try {
    out = geom2d::Region::FromOutlines(s.outlines, {.SnapBits = s.snapBits});
  } catch (const ArgumentException& e) {  // and ArgumentOutOfRangeException
    CheckError(target, e, expected);
    return false;
  }
  if (expected) Fail(target, "no " + expected->type + " for bad outlines");
  return true;
}

// SnapBits and up to max_outlines outlines, then Region::FromOutlines: true
// with the region in `out`, or false when it threw, which must be exactly
// the error the spec requires (checked here; anything else aborts).
inline bool DecodeOutlinesRegion(const char* target, ByteReader& in, int max_outlines,
                                 geom2d::Region& out) {
  RegionSource source;
  source.snapBits = DecodeSnapBits(in);
  source.outlines = DecodeOutlines(in, max_outlines);
  return SourceRegion(target, source, out);
}

// The outlines in reverse order, each outline's rings reversed, every ring
// reversed and its start rotated: the same region (region.promise).
inline std::vector<geom2d::Outline> Permuted(std::vector<geom2d::Outline> outlines) {
  std::reverse(outlines.begin(), outlines.end());
  for (geom2d::Outline& o : outlines) {
    std::reverse(o.rings.begin(), o.rings.end());
    for (auto& ring : o.rings) {
      std::reverse(ring.begin(), ring.end());
      std::rotate(ring.begin(), ring.begin() + static_cast<std::ptrdiff_t>(ring.size() / 2),
                  ring.end());
    }
  }
  return outlines;
}

// Aborts unless the independent validator accepts the region.
inline void CheckValidRegion(const char* target, const geom2d::Region& region, const char* what) {
  const gen::RegionValidity validity = gen::CheckRegionValidity(region);
  if (validity.ok()) return;
  for (const std::string& m : validity.messages) std::fprintf(stderr, "  %s\n", m.c_str());
  Fail(target, std::string(what) + " is not a valid region");
}

}  // namespace onepath::fuzz
