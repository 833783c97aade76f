// Stage access to the storage of the span values (heightfield.hpp): the
// stages build them flat and change areas in place.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/build3d/heightfield.hpp"

namespace onepath::build3d::internal {

struct HeightfieldAccess {
  // A value from its flat arrays. Preconditions: columnStart has one entry
  // per column plus one, starts at 0, never decreases and ends at
  // spans.size().
  template <typename Value>
  static Value Make(std::int64_t width, std::int64_t depth, std::vector<std::uint32_t> columnStart,
                    std::vector<typename Value::SpanType> spans) {
    Value v;
    FlatColumns<typename Value::SpanType>& storage = v;
    storage.width_ = width;
    storage.depth_ = depth;
    storage.columnStart_ = std::move(columnStart);
    storage.spans_ = std::move(spans);
    return v;
  }
  template <typename S>
  static std::span<const std::uint32_t> ColumnStarts(const FlatColumns<S>& h) {
    return h.columnStart_;
  }
  template <typename S>
  static std::span<S> MutableSpans(FlatColumns<S>& h) {
    return h.spans_;
  }
};

}  // namespace onepath::build3d::internal
