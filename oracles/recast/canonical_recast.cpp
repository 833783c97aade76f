// Canonical bytes of the oracle's values (docs/spec/canonical.md: canon.int,
// canon.list; layouts of b3d.span.heightfield, b3d.span.compact-heightfield
// and b3d.span.classify), written here with a writer of the oracle's own,
// and SHA-256 by OpenSSL (canon.hash).
#include <openssl/evp.h>

#include <stdexcept>

#include "oracles/recast/recast_oracle.hpp"

namespace recast_oracle {

namespace {

// Little-endian, fixed width, no padding (canon.int).
class LittleEndianBytes {
 public:
  void U8(std::uint8_t v) { bytes_.push_back(v); }
  void U16(std::uint16_t v) { Unsigned(v, 2); }
  void U32(std::uint32_t v) { Unsigned(v, 4); }
  // canon.list: the element count as u32 first.
  void Count(std::size_t n) {
    if (n > 0xffffffffu) throw std::length_error("canonical list longer than 2^32 - 1");
    U32(static_cast<std::uint32_t>(n));
  }
  std::vector<std::uint8_t> Take() { return std::move(bytes_); }

 private:
  void Unsigned(std::uint64_t v, int width) {
    for (int i = 0; i < width; ++i) bytes_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  std::vector<std::uint8_t> bytes_;
};

}  // namespace

std::vector<std::uint8_t> HeightfieldBytes(const Heightfield& field) {
  LittleEndianBytes out;
  out.U32(static_cast<std::uint32_t>(field.width));
  out.U32(static_cast<std::uint32_t>(field.depth));
  for (const SpanColumn& column : field.columns) {
    out.Count(column.size());
    for (const Span& s : column) {
      out.U16(s.smin);
      out.U16(s.smax);
      out.U8(s.area);
    }
  }
  return out.Take();
}

std::vector<std::uint8_t> CompactHeightfieldBytes(const CompactHeightfield& field) {
  LittleEndianBytes out;
  out.U32(static_cast<std::uint32_t>(field.width));
  out.U32(static_cast<std::uint32_t>(field.depth));
  for (const CompactColumn& column : field.columns) {
    out.Count(column.size());
    for (const CompactSpan& s : column) {
      out.U16(s.y);
      out.U8(s.h);
      for (std::uint8_t con : s.con) out.U8(con);
      out.U8(s.area);
    }
  }
  return out.Take();
}

std::vector<std::uint8_t> TrianglesBytes(std::span<const std::uint32_t> soupIndices,
                                         std::span<const std::uint8_t> areas) {
  if (soupIndices.size() != areas.size())
    throw std::invalid_argument("TrianglesBytes: one area per triangle");
  LittleEndianBytes out;
  out.Count(soupIndices.size());
  for (std::size_t i = 0; i < soupIndices.size(); ++i) {
    out.U32(soupIndices[i]);
    out.U8(areas[i]);
  }
  return out.Take();
}

std::string Sha256Hex(std::span<const std::uint8_t> bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("Sha256Hex: OpenSSL failed");
  static const char kHex[] = "0123456789abcdef";
  std::string hex;
  for (unsigned int i = 0; i < length; ++i) {
    hex.push_back(kHex[digest[i] >> 4]);
    hex.push_back(kHex[digest[i] & 15]);
  }
  return hex;
}

}  // namespace recast_oracle
