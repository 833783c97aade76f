// Canonical bytes and their hash (docs/spec/canonical.md, canon.*).
//
// Every stage's output has one canonical byte form; golden vectors store the
// SHA-256 of it. The writer is deliberately dull: little-endian, fixed
// widths, no padding, no alignment, counts before lists.
#pragma once

#include <cstdint>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace onepath {

class CanonicalWriter {
 public:
  void U8(std::uint8_t v);
  void I8(std::int8_t v);  // canon.int
  void U16(std::uint16_t v);
  void U32(std::uint32_t v);
  void I32(std::int32_t v);
  void U64(std::uint64_t v);
  void I64(std::int64_t v);
  void F32(float v);  // canon.float: the IEEE 754 bits, as they are
  void F64(double v);
  void Count(std::size_t n);        // canon.list: u32 element count
  void String(std::string_view s);  // canon.string: u32 byte length + UTF-8

  // canon.list of points with integer x and y (geom2d::GridPoint): the
  // count, then x and y of each as i64. A template, so that core needs
  // no type of the chapters above it.
  template <typename Points>
  void PointList(const Points& points) {
    Count(std::size(points));
    for (const auto& p : points) {
      I64(p.x);
      I64(p.y);
    }
  }

  const std::vector<std::uint8_t>& bytes() const { return bytes_; }
  std::vector<std::uint8_t> Take() { return std::move(bytes_); }

 private:
  void Little(std::uint64_t v, int width);
  std::vector<std::uint8_t> bytes_;
};

// A reader for the same format, used to decode outputs when two differ.
class CanonicalReader {
 public:
  explicit CanonicalReader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}
  std::uint8_t U8();
  std::int8_t I8();
  std::uint16_t U16();
  std::uint32_t U32();
  std::int32_t I32();
  std::uint64_t U64();
  std::int64_t I64();
  float F32();
  double F64();
  bool AtEnd() const { return pos_ == bytes_.size(); }
  std::size_t position() const { return pos_; }

 private:
  std::uint64_t Little(int width);
  std::span<const std::uint8_t> bytes_;
  std::size_t pos_ = 0;
};

// Bytes as lowercase hexadecimal, two digits a byte (canon.hash's digits;
// also canonical bytes on the adapter protocol's wire).
std::string ToHex(std::span<const std::uint8_t> bytes);

// canon.hash: SHA-256 of the canonical bytes, 64 lowercase hex digits.
std::string Sha256Hex(std::span<const std::uint8_t> bytes);
std::string Sha256Hex(std::string_view text);

}  // namespace onepath
