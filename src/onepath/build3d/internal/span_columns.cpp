// b3d.span.add on pooled linked columns (span_columns.hpp).
#include "onepath/build3d/internal/span_columns.hpp"

#include <algorithm>
#include <cstdlib>

#include "onepath/build3d/internal/heightfield_access.hpp"
#include "onepath/build3d/internal/narrow.hpp"

namespace onepath::build3d::internal {

SpanColumns::SpanColumns(std::int64_t width, std::int64_t depth)
    : width_(width), depth_(depth), head_(static_cast<std::size_t>(width * depth), kNone) {}

std::uint32_t SpanColumns::Allocate() {
  if (free_ != kNone) {
    const std::uint32_t id = free_;
    free_ = nodes_[id].next;
    return id;
  }
  // kNone marks the end of a list, so the pool holds at most 2^32 - 1 spans.
  if (nodes_.size() >= kNone) CheckedU32(nodes_.size() + 1);  // throws
  nodes_.push_back({});
  return static_cast<std::uint32_t>(nodes_.size() - 1);
}

void SpanColumns::AddSpan(std::size_t column, std::uint16_t smin, std::uint16_t smax,
                          std::uint8_t area, std::int32_t threshold) {
  // Allocated first, so that no node moves while `link` points into the pool.
  const std::uint32_t id = Allocate();
  ++live_;
  std::uint16_t newMin = smin;
  std::uint16_t newMax = smax;
  std::uint8_t newArea = area;
  std::uint32_t* link = &head_[column];
  std::uint32_t i = *link;
  while (i != kNone) {
    Node& s = nodes_[i];
    if (s.smin > newMax) break;  // wholly above
    if (s.smax < newMin) {       // wholly below
      link = &s.next;
      i = s.next;
      continue;
    }
    newMin = std::min(newMin, s.smin);
    newMax = std::max(newMax, s.smax);
    if (std::abs(static_cast<std::int32_t>(newMax) - static_cast<std::int32_t>(s.smax)) <=
        threshold) {
      newArea = std::max(newArea, s.area);
    }
    // Remove span i; the next span takes its place.
    const std::uint32_t next = s.next;
    s.next = free_;
    free_ = i;
    --live_;
    *link = next;
    i = next;
  }
  nodes_[id] = {newMin, newMax, newArea, i};
  *link = id;
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
  nodes_.clear();
  free_ = kNone;
  live_ = 0;
  return HeightfieldAccess::Make<Heightfield>(width_, depth_, std::move(start), std::move(spans));
}

}  // namespace onepath::build3d::internal
