// The values of the span stages: the solid heightfield and the compact
// heightfield (docs/spec/build3d-spans.md, "Values": b3d.span.heightfield,
// b3d.span.compact-heightfield), each with its canonical bytes.
//
// Both store their columns' spans in one flat array, column after column in
// column order (x + width * z), with each column's start in a second array;
// a value built from lists keeps exactly the lists it was given, so a stage
// that takes it can check it (b3d.span.stage-input).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace onepath::build3d {

namespace internal {

struct HeightfieldAccess;

// Width, depth and the spans of each column, bottom up, stored flat; the
// storage of both values below.
template <typename S>
class FlatColumns {
 public:
  using SpanType = S;
  FlatColumns() = default;
  // The columns as given, in column order; nothing is checked here.
  FlatColumns(std::int64_t width, std::int64_t depth, const std::vector<std::vector<S>>& columns);

  std::int64_t width() const { return width_; }
  std::int64_t depth() const { return depth_; }
  // The number of column lists (width * depth in every stage's output).
  std::size_t columnCount() const { return columnStart_.size() - 1; }
  // Index of the column's first span in spans().
  std::size_t ColumnStart(std::size_t column) const { return columnStart_[column]; }
  std::span<const S> Column(std::size_t column) const {
    return {spans_.data() + columnStart_[column], spans_.data() + columnStart_[column + 1]};
  }
  // Every span, column after column.
  std::span<const S> spans() const { return spans_; }

  friend bool operator==(const FlatColumns&, const FlatColumns&) = default;

 private:
  friend struct HeightfieldAccess;
  std::int64_t width_ = 0;
  std::int64_t depth_ = 0;
  std::vector<std::uint32_t> columnStart_{0};  // columnCount() + 1 entries
  std::vector<S> spans_;
};

}  // namespace internal

// b3d.span.heightfield: a solid span, rows smin up to smax (exclusive).
struct Span {
  std::uint16_t smin = 0;
  std::uint16_t smax = 0;
  std::uint8_t area = 0;
  friend bool operator==(const Span&, const Span&) = default;
};

// b3d.span.heightfield: width x depth columns of solid spans, bottom up.
class Heightfield : public internal::FlatColumns<Span> {
 public:
  using FlatColumns::FlatColumns;
  friend bool operator==(const Heightfield&, const Heightfield&) = default;
};

// b3d.span.compact-heightfield: the open space above a solid span.
struct CompactSpan {
  std::uint16_t y = 0;                              // floor row: the solid span's smax
  std::uint8_t h = 0;                               // clearance in rows
  std::array<std::uint8_t, 4> con{63, 63, 63, 63};  // per direction; 63: none
  std::uint8_t area = 0;
  friend bool operator==(const CompactSpan&, const CompactSpan&) = default;
};

// b3d.span.compact-heightfield: width x depth columns of compact spans.
class CompactHeightfield : public internal::FlatColumns<CompactSpan> {
 public:
  using FlatColumns::FlatColumns;
  friend bool operator==(const CompactHeightfield&, const CompactHeightfield&) = default;
};

// b3d.span.heightfield: u32 width, u32 depth, then per column the list of
// its spans, each u16 smin, u16 smax, u8 area.
std::vector<std::uint8_t> CanonicalBytes(const Heightfield& heightfield);

// b3d.span.compact-heightfield: u32 width, u32 depth, then per column the
// list of its compact spans, each u16 y, u8 h, u8 con[0..3], u8 area.
std::vector<std::uint8_t> CanonicalBytes(const CompactHeightfield& compact);

// The spans of a heightfield as lists, one per column (for tests and for
// building a value to give a stage).
std::vector<std::vector<Span>> ColumnLists(const Heightfield& heightfield);
std::vector<std::vector<CompactSpan>> ColumnLists(const CompactHeightfield& compact);

}  // namespace onepath::build3d
