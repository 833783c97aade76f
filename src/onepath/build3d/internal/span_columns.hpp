// b3d.span.add: the columns of a heightfield while spans are added (the
// rasterizer and the two voxel inputs). Each column is a linked list in one
// pool of spans, as in Recast, so adding a span never moves the others;
// Take() lays the columns out flat as a Heightfield.
#pragma once

#include <cstdint>
#include <vector>

#include "onepath/build3d/heightfield.hpp"

namespace onepath::build3d::internal {

class SpanColumns {
 public:
  // width x depth empty columns. Preconditions: width, depth >= 0.
  SpanColumns(std::int64_t width, std::int64_t depth);

  // b3d.span.add: inserts (smin, smax, area) into column `column`, merging
  // it with every span it overlaps or touches. Preconditions: column <
  // width * depth, smin < smax.
  void AddSpan(std::size_t column, std::uint16_t smin, std::uint16_t smax, std::uint8_t area,
               std::int32_t threshold);

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
  std::uint32_t Allocate();

  std::int64_t width_;
  std::int64_t depth_;
  std::vector<std::uint32_t> head_;
  std::vector<Node> nodes_;
  std::uint32_t free_ = kNone;
  std::size_t live_ = 0;
};

}  // namespace onepath::build3d::internal
