// Family canonical/: Canonical.Encode, the canonical encoder itself
// (docs/spec/canonical.md, canon.*), so that a port's byte-level mistakes
// are named before any geometry vector fails.
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "conformance/runner/operations.hpp"
#include "conformance/runner/ops/shared.hpp"
// src/ headers.
#include "onepath/core/canonical.hpp"

namespace onepath::conformance::ops {

namespace {

using nlohmann::json;

// An integer of the tag's width, or a malformed input.
template <typename T>
T IntOf(const json& v) {
  if (!v.is_number_integer()) throw std::invalid_argument("an integer value is a JSON integer");
  if constexpr (std::is_signed_v<T>) {
    if (v.is_number_unsigned() && v.get<std::uint64_t>() > std::uint64_t{INT64_MAX})
      throw std::invalid_argument("integer out of range for its tag");
    const std::int64_t x = v.get<std::int64_t>();
    if (x < std::numeric_limits<T>::min() || x > std::numeric_limits<T>::max())
      throw std::invalid_argument("integer out of range for its tag");
    return static_cast<T>(x);
  } else {
    if (!v.is_number_unsigned() && v.get<std::int64_t>() < 0)
      throw std::invalid_argument("integer out of range for its tag");
    const std::uint64_t x = v.get<std::uint64_t>();
    if (x > std::numeric_limits<T>::max())
      throw std::invalid_argument("integer out of range for its tag");
    return static_cast<T>(x);
  }
}

// One typed value [tag, value]: canon.int, canon.float, canon.string,
// canon.list, canon.sign. With `key`, the tag is written first as a
// canon.string (the vector's key bytes, docs/golden-format.md).
void Write(CanonicalWriter& w, const json& item, bool key) {
  if (!item.is_array() || item.size() != 2) throw std::invalid_argument("a value is [tag, value]");
  const std::string tag = item[0].get<std::string>();
  const json& v = item[1];
  if (key) w.String(tag);
  if (tag == "u8") {
    w.U8(IntOf<std::uint8_t>(v));
  } else if (tag == "i8") {
    w.I8(IntOf<std::int8_t>(v));
  } else if (tag == "u16") {
    w.U16(IntOf<std::uint16_t>(v));
  } else if (tag == "i16") {
    // The writer has no I16: two's complement is the u16 of the same bits.
    w.U16(static_cast<std::uint16_t>(IntOf<std::int16_t>(v)));
  } else if (tag == "u32") {
    w.U32(IntOf<std::uint32_t>(v));
  } else if (tag == "i32") {
    w.I32(IntOf<std::int32_t>(v));
  } else if (tag == "u64") {
    w.U64(IntOf<std::uint64_t>(v));
  } else if (tag == "i64") {
    w.I64(IntOf<std::int64_t>(v));
  } else if (tag == "f32") {
    const double d = DoubleFromJson(v);
    const auto f = static_cast<float>(d);
    if (static_cast<double>(f) != d && d == d)
      throw std::invalid_argument("an f32 value is a binary32 value");
    w.F32(f);
  } else if (tag == "f64") {
    w.F64(DoubleFromJson(v));
  } else if (tag == "string") {
    w.String(v.get<std::string>());
  } else if (tag == "sign") {
    const int s = IntOf<std::int8_t>(v);
    if (s < -1 || s > 1) throw std::invalid_argument("a sign is -1, 0 or 1");
    w.I8(static_cast<std::int8_t>(s));
  } else if (tag == "list") {
    if (!v.is_array()) throw std::invalid_argument("a list value is a JSON array");
    w.Count(v.size());
    for (const json& e : v) Write(w, e, key);
  } else {
    throw std::invalid_argument("unknown tag \"" + tag + "\"");
  }
}

// Canonical.Encode: {"values": [[tag, value], ...]}, the values' bytes one
// after the other.
Bytes EncodeBytes(const json& in) {
  CanonicalWriter w;
  for (const json& item : in.at("values")) Write(w, item, false);
  return w.Take();
}

// Each value as its tag (canon.string), then its bytes.
void WriteEncodeKey(CanonicalWriter& w, const json& in) {
  for (const json& item : in.at("values")) Write(w, item, true);
}

const OperationFamily kCanonical({
    {.name = "Canonical.Encode",
     .family = "canonical",
     .clause = "canon.hash",
     .run = EncodeBytes,
     .key = WriteEncodeKey,
     .output = &kBytesOutput},
});

}  // namespace

}  // namespace onepath::conformance::ops
