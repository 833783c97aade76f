// The one radix sort: least significant digit first, by unsigned integer
// keys. No spec rule depends on it: the stages that use it (arr.*, cdt.order)
// need either a total order or ties in their original order, and this sort
// is stable.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

namespace onepath {

// Stable sort of `items` by key(item) <= maxKey, kDigitBits bits a pass
// (13 suits most callers; fewer give fewer buckets to scatter into). A pass
// whose digit is the same for every item is skipped. `scratch` is a buffer
// the sort may resize. Precondition: items.size() < 2^32.
template <int kDigitBits, typename T, typename Key>
void RadixSortByKey(std::vector<T>& items, std::vector<T>& scratch, Key key, std::uint64_t maxKey) {
  constexpr std::uint64_t kMask = (std::uint64_t{1} << kDigitBits) - 1;
  const int digits = (std::bit_width(maxKey) + kDigitBits - 1) / kDigitBits;
  if (digits == 0) return;
  if (scratch.size() != items.size()) {
    scratch.clear();  // so that resizing copies nothing
    scratch.resize(items.size());
  }
  std::array<std::uint32_t, kMask + 1> count;
  for (int d = 0; d < digits; ++d) {
    const int shift = kDigitBits * d;
    count.fill(0);
    for (const T& t : items) ++count[(key(t) >> shift) & kMask];
    if (std::find(count.begin(), count.end(), items.size()) != count.end()) continue;
    std::uint32_t sum = 0;
    for (std::uint32_t& c : count) sum += std::exchange(c, sum);
    for (const T& t : items) scratch[count[(key(t) >> shift) & kMask]++] = t;
    items.swap(scratch);
  }
}

// Sorts by (major(item), minor(item)), both at most the given maxima; the
// order of items with equal pairs is unspecified (small inputs go to
// std::sort). Precondition: items.size() < 2^32.
template <typename T, typename Major, typename Minor>
void SortByPair(std::vector<T>& items, std::vector<T>& scratch, Major major, Minor minor,
                std::uint64_t maxMajor, std::uint64_t maxMinor) {
  if (items.size() < 256) {
    std::sort(items.begin(), items.end(), [&](const T& s, const T& t) {
      return major(s) < major(t) || (major(s) == major(t) && minor(s) < minor(t));
    });
    return;
  }
  RadixSortByKey<13>(items, scratch, minor, maxMinor);
  RadixSortByKey<13>(items, scratch, major, maxMajor);
}

}  // namespace onepath
