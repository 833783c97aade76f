// b3d.span.add: the columns of a heightfield while spans are added (the
// rasterizer and the two voxel inputs). Each column is a linked list in one
// pool of spans, as in Recast, so adding a span never moves the others;
// Take() lays the columns out flat as a Heightfield. The pool keeps its
// storage across Reset and Take, so one SpanColumns reused tile after tile
// allocates (and first touches) its pages once.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "onepath/build3d/heightfield.hpp"

namespace onepath::build3d::internal {

class SpanColumns {
 public:
  // width x depth empty columns. Preconditions: width, depth >= 0.
  SpanColumns(std::int64_t width, std::int64_t depth);

  // Empties the columns and makes them width x depth, keeping the pool's
  // storage. Preconditions: width, depth >= 0.
  void Reset(std::int64_t width, std::int64_t depth);

  // b3d.span.add: inserts (smin, smax, area) into column `column`, merging
  // it with every span it overlaps or touches. Preconditions: column <
  // width * depth, smin < smax. Inline: the rasterizer calls it per cell.
  void AddSpan(std::size_t column, std::uint16_t smin, std::uint16_t smax, std::uint8_t area,
               std::int32_t threshold) {
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

  // The spans of column `column`, bottom up.
  std::vector<Span> Column(std::size_t column) const;

  // The heightfield; the columns are left empty.
  Heightfield Take();

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  struct Node {
    std::uint16_t smin;
    std::uint16_t smax;
    std::uint8_t area;
    std::uint32_t next;
  };
  std::uint32_t Allocate() {
    if (free_ != kNone) {
      const std::uint32_t id = free_;
      free_ = nodes_[id].next;
      return id;
    }
    if (used_ < nodes_.size()) return static_cast<std::uint32_t>(used_++);
    return Grow();
  }
  // A node at the end of the pool, the pool enlarged (kNone marks the end
  // of a list, so the pool holds at most 2^32 - 1 spans).
  std::uint32_t Grow();

  std::int64_t width_;
  std::int64_t depth_;
  std::vector<std::uint32_t> head_;
  std::vector<Node> nodes_;  // nodes_[0, used_) are in use or free
  std::size_t used_ = 0;
  std::uint32_t free_ = kNone;
  std::size_t live_ = 0;
};

}  // namespace onepath::build3d::internal
