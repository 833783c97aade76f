// Index-width narrowing, checked (issue 24: every narrowing through one
// helper). A count that does not fit is a limit of the implementation
// found while building: InvalidOperationException with the count. Only
// inputs far beyond memory reach it. (Moves to core with limits.hpp.)
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>

#include "onepath/core/errors.hpp"

namespace onepath::build3d::internal {

inline std::uint32_t CheckedU32(std::size_t n) {
  if (n > std::numeric_limits<std::uint32_t>::max()) {
    throw InvalidOperationException("count beyond a 32-bit index",
                                    {.count = static_cast<std::int64_t>(n)});
  }
  return static_cast<std::uint32_t>(n);
}

// a * b for non-negative a, b, or nothing when it exceeds int64.
inline bool ExactProduct(std::int64_t a, std::int64_t b, std::int64_t& product) {
  return !__builtin_mul_overflow(a, b, &product);
}

// a + b for non-negative a, b, saturated at the largest int64 (a count
// field holds at most that).
inline std::int64_t SaturatingSum(std::int64_t a, std::int64_t b) {
  std::int64_t sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) return std::numeric_limits<std::int64_t>::max();
  return sum;
}

}  // namespace onepath::build3d::internal
