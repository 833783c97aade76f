// A list of at most N elements stored inline: the part of std::vector's
// interface its users need, with no allocation. No spec rule depends on it;
// it keeps small fixed-bound lists (a polygon's corners and links, at most
// kMaxVertsPerPoly, nav.tile) inside their owner, where a std::vector each
// cost one heap block and its malloc bookkeeping per list.
//
// Putting more than N elements in is a precondition violation: it stops the
// program (assert, and std::abort where NDEBUG removes asserts), it never
// writes past the end. Whoever fills one from outside data checks the count
// first and throws the spec's error (nav.create's corner count) instead.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <iterator>
#include <type_traits>
#include <vector>

namespace onepath {

template <typename T, std::size_t N>
class FixedVector {
  static_assert(N > 0 && N <= 255, "the size is kept in one byte");
  static_assert(std::is_trivially_copyable_v<T> && std::is_default_constructible_v<T>,
                "elements are plain values");

 public:
  using value_type = T;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using reference = T&;
  using const_reference = const T&;
  using pointer = T*;
  using const_pointer = const T*;
  using iterator = T*;
  using const_iterator = const T*;

  FixedVector() = default;
  FixedVector(std::initializer_list<T> values) { assign(values.begin(), values.end()); }
  template <std::input_iterator It>
  FixedVector(It first, It last) {
    assign(first, last);
  }
  // n copies of value (as std::vector's (count, value)).
  explicit FixedVector(size_type n, const T& value = T{}) { resize(n, value); }

  template <std::input_iterator It>
  void assign(It first, It last) {
    clear();
    for (; first != last; ++first) push_back(*first);
  }

  static constexpr size_type capacity() { return N; }
  static constexpr size_type max_size() { return N; }
  size_type size() const { return size_; }
  bool empty() const { return size_ == 0; }

  T& operator[](size_type i) {
    assert(i < size_);
    return items_[i];
  }
  const T& operator[](size_type i) const {
    assert(i < size_);
    return items_[i];
  }
  T& front() { return (*this)[0]; }
  const T& front() const { return (*this)[0]; }
  T& back() { return (*this)[size_ - 1]; }
  const T& back() const { return (*this)[size_ - 1]; }

  T* data() { return items_; }
  const T* data() const { return items_; }
  iterator begin() { return items_; }
  iterator end() { return items_ + size_; }
  const_iterator begin() const { return items_; }
  const_iterator end() const { return items_ + size_; }
  const_iterator cbegin() const { return items_; }
  const_iterator cend() const { return items_ + size_; }

  // Precondition: size() < N.
  void push_back(const T& value) {
    Require(size_ < N);
    items_[size_++] = value;
  }
  void pop_back() {
    assert(size_ > 0);
    items_[--size_] = T{};
  }
  // Precondition: n <= N. Elements dropped are reset, so that two lists
  // with equal elements are equal objects too.
  void resize(size_type n, const T& value = T{}) {
    Require(n <= N);
    for (size_type i = size_; i < n; ++i) items_[i] = value;
    for (size_type i = n; i < size_; ++i) items_[i] = T{};
    size_ = static_cast<std::uint8_t>(n);
  }
  void clear() { resize(0); }

  friend bool operator==(const FixedVector& a, const FixedVector& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }
  // Equal to a std::vector of the same elements (what the lists were before).
  friend bool operator==(const FixedVector& a, const std::vector<T>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  static void Require(bool capacityHolds) {
    assert(capacityHolds);
    if (!capacityHolds) std::abort();
  }

  T items_[N] = {};
  std::uint8_t size_ = 0;
};

}  // namespace onepath
