// b3d.span.add on pooled linked columns (span_columns.hpp).
#include "onepath/build3d/internal/span_columns.hpp"

#include <algorithm>

#include "onepath/build3d/internal/heightfield_access.hpp"
#include "onepath/build3d/internal/narrow.hpp"

namespace onepath::build3d::internal {

SpanColumns::SpanColumns(std::int64_t width, std::int64_t depth)
    : width_(width), depth_(depth), head_(static_cast<std::size_t>(width * depth), kNone) {}

void SpanColumns::Reset(std::int64_t width, std::int64_t depth) {
  width_ = width;
  depth_ = depth;
  head_.assign(static_cast<std::size_t>(width * depth), kNone);
  used_ = 0;
  free_ = kNone;
  live_ = 0;
}

std::uint32_t SpanColumns::Grow() {
  if (used_ >= kNone) CheckedU32(used_ + 1);  // throws
  nodes_.resize(std::max<std::size_t>(2 * nodes_.size(), 1024));
  return static_cast<std::uint32_t>(used_++);
}

std::vector<Span> SpanColumns::Column(std::size_t column) const {
  std::vector<Span> spans;
  for (std::uint32_t i = head_[column]; i != kNone; i = nodes_[i].next) {
    spans.push_back({nodes_[i].smin, nodes_[i].smax, nodes_[i].area});
  }
  return spans;
}

Heightfield SpanColumns::Take() {
  std::vector<std::uint32_t> start;
  start.reserve(head_.size() + 1);
  std::vector<Span> spans;
  spans.reserve(live_);
  start.push_back(0);
  for (std::uint32_t& head : head_) {
    for (std::uint32_t i = head; i != kNone; i = nodes_[i].next) {
      spans.push_back({nodes_[i].smin, nodes_[i].smax, nodes_[i].area});
    }
    start.push_back(static_cast<std::uint32_t>(spans.size()));
    head = kNone;
  }
  // The pool's storage stays for the next tile unless it is large (a
  // reused SpanColumns, the rasterizer's, lives as long as its thread).
  constexpr std::size_t kKeptNodes = std::size_t{1} << 18;
  if (nodes_.size() > kKeptNodes) nodes_ = {};
  used_ = 0;
  free_ = kNone;
  live_ = 0;
  return HeightfieldAccess::Make<Heightfield>(width_, depth_, std::move(start), std::move(spans));
}

}  // namespace onepath::build3d::internal
