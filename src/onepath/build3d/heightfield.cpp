// b3d.span.heightfield, b3d.span.compact-heightfield: building the values
// from lists and their canonical bytes.
#include "onepath/build3d/heightfield.hpp"

#include "onepath/build3d/internal/narrow.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"

namespace onepath::build3d {

namespace internal {

template <typename S>
FlatColumns<S>::FlatColumns(std::int64_t width, std::int64_t depth,
                            const std::vector<std::vector<S>>& columns)
    : width_(width), depth_(depth) {
  std::size_t total = 0;
  for (const auto& c : columns) total += c.size();
  CheckedU32(total);
  columnStart_.reserve(columns.size() + 1);
  spans_.reserve(total);
  for (const auto& c : columns) {
    spans_.insert(spans_.end(), c.begin(), c.end());
    columnStart_.push_back(static_cast<std::uint32_t>(spans_.size()));
  }
}

template class FlatColumns<Span>;
template class FlatColumns<CompactSpan>;

}  // namespace internal

namespace {

template <typename S>
std::vector<std::vector<S>> Lists(const internal::FlatColumns<S>& v) {
  std::vector<std::vector<S>> out(v.columnCount());
  for (std::size_t c = 0; c < v.columnCount(); ++c) {
    auto column = v.Column(c);
    out[c].assign(column.begin(), column.end());
  }
  return out;
}

// The width or depth as u32 (every stage returns 0 ... 4356).
std::uint32_t Side(std::int64_t n) {
  if (n < 0 || n > 0xFFFFFFFFll) {
    throw InvalidOperationException("a side outside u32 has no canonical form", {.count = n});
  }
  return static_cast<std::uint32_t>(n);
}

// u32 width, u32 depth, then each column as a list of its spans.
template <typename S, typename WriteSpan>
std::vector<std::uint8_t> Bytes(const internal::FlatColumns<S>& h, WriteSpan writeSpan) {
  CanonicalWriter w;
  w.U32(Side(h.width()));
  w.U32(Side(h.depth()));
  for (std::size_t c = 0; c < h.columnCount(); ++c) {
    const auto column = h.Column(c);
    w.Count(column.size());
    for (const S& s : column) writeSpan(w, s);
  }
  return w.Take();
}

}  // namespace

std::vector<std::vector<Span>> ColumnLists(const Heightfield& h) { return Lists(h); }

std::vector<std::vector<CompactSpan>> ColumnLists(const CompactHeightfield& h) { return Lists(h); }

std::vector<std::uint8_t> CanonicalBytes(const Heightfield& h) {
  return Bytes(h, [](CanonicalWriter& w, const Span& s) {
    w.U16(s.smin);
    w.U16(s.smax);
    w.U8(s.area);
  });
}

std::vector<std::uint8_t> CanonicalBytes(const CompactHeightfield& h) {
  return Bytes(h, [](CanonicalWriter& w, const CompactSpan& s) {
    w.U16(s.y);
    w.U8(s.h);
    for (std::uint8_t con : s.con) w.U8(con);
    w.U8(s.area);
  });
}

}  // namespace onepath::build3d
