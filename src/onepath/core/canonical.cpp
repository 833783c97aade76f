#include "onepath/core/canonical.hpp"

#include <openssl/evp.h>

#include <bit>
#include <stdexcept>

#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"

namespace onepath {

void CanonicalWriter::Little(std::uint64_t v, int width) {
  for (int i = 0; i < width; ++i) bytes_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

void CanonicalWriter::U8(std::uint8_t v) { Little(v, 1); }
void CanonicalWriter::I8(std::int8_t v) { Little(static_cast<std::uint8_t>(v), 1); }
void CanonicalWriter::U16(std::uint16_t v) { Little(v, 2); }
void CanonicalWriter::U32(std::uint32_t v) { Little(v, 4); }
void CanonicalWriter::I32(std::int32_t v) { Little(static_cast<std::uint32_t>(v), 4); }
void CanonicalWriter::U64(std::uint64_t v) { Little(v, 8); }
void CanonicalWriter::I64(std::int64_t v) { Little(static_cast<std::uint64_t>(v), 8); }
void CanonicalWriter::F32(float v) { Little(std::bit_cast<std::uint32_t>(v), 4); }
void CanonicalWriter::F64(double v) { Little(std::bit_cast<std::uint64_t>(v), 8); }

void CanonicalWriter::Count(std::size_t n) {
  CheckCount(n, kMaxCanonicalCount, "list too long for the canonical form (canon.list)");
  U32(static_cast<std::uint32_t>(n));
}

void CanonicalWriter::String(std::string_view s) {
  Count(s.size());
  bytes_.insert(bytes_.end(), s.begin(), s.end());
}

std::uint64_t CanonicalReader::Little(int width) {
  if (bytes_.size() - pos_ < static_cast<std::size_t>(width)) {
    throw ArgumentException("canonical bytes end early",
                            {.count = static_cast<std::int64_t>(pos_)});
  }
  std::uint64_t v = 0;
  for (int i = 0; i < width; ++i) v |= std::uint64_t{bytes_[pos_ + i]} << (8 * i);
  pos_ += width;
  return v;
}

std::uint8_t CanonicalReader::U8() { return static_cast<std::uint8_t>(Little(1)); }
std::int8_t CanonicalReader::I8() { return static_cast<std::int8_t>(Little(1)); }
std::uint16_t CanonicalReader::U16() { return static_cast<std::uint16_t>(Little(2)); }
std::uint32_t CanonicalReader::U32() { return static_cast<std::uint32_t>(Little(4)); }
std::int32_t CanonicalReader::I32() { return static_cast<std::int32_t>(Little(4)); }
std::uint64_t CanonicalReader::U64() { return Little(8); }
std::int64_t CanonicalReader::I64() { return static_cast<std::int64_t>(Little(8)); }
float CanonicalReader::F32() { return std::bit_cast<float>(static_cast<std::uint32_t>(Little(4))); }
double CanonicalReader::F64() { return std::bit_cast<double>(Little(8)); }

std::string ToHex(std::span<const std::uint8_t> bytes) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  out.reserve(2 * bytes.size());
  for (std::uint8_t b : bytes) {
    out.push_back(digits[b >> 4]);
    out.push_back(digits[b & 15]);
  }
  return out;
}

std::string Sha256Hex(std::span<const std::uint8_t> bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_sha256(), nullptr) != 1) {
    throw InvalidOperationException("OpenSSL SHA-256 failed", {});
  }
  return ToHex(std::span<const std::uint8_t>(digest, length));
}

std::string Sha256Hex(std::string_view text) {
  return Sha256Hex(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>(text.data()),
                                                 text.size()));
}

}  // namespace onepath
