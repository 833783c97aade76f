#include "oracles/recast/recast_load.hpp"

#include <recastnavigation/RecastAlloc.h>

#include <cstring>

namespace recast_oracle::detail {

namespace {

std::string At(const char* what, std::size_t column, std::size_t span) {
  return std::string(what) + " at column " + std::to_string(column) + ", span " +
         std::to_string(span);
}

std::string CheckSizes(int width, int depth, std::size_t columns) {
  std::string error = CheckRange("width", width, 0, 1 << 15);
  if (error.empty()) error = CheckRange("depth", depth, 0, 1 << 15);
  if (error.empty() && columns != static_cast<std::size_t>(width) * depth)
    error = "columns: " + std::to_string(columns) + " lists for width * depth";
  return error;
}

std::string CheckSpansOf(const Heightfield& field, bool separated) {
  std::string error = CheckSizes(field.width, field.depth, field.columns.size());
  for (std::size_t c = 0; c < field.columns.size() && error.empty(); ++c) {
    const SpanColumn& column = field.columns[c];
    for (std::size_t i = 0; i < column.size() && error.empty(); ++i) {
      const Span& s = column[i];
      // rcSpan keeps 13 bits (b3d.span.recast, "13-bit rows").
      if (s.smax > kMaxSpanTop) error = At("span top above 8191", c, i);
      if (s.smin >= s.smax) error = At("smin >= smax", c, i);
      if (s.area > kWalkableArea) error = At("area above 63", c, i);
      if (separated && i > 0 && s.smin <= column[i - 1].smax)
        error = At("span not above the previous one", c, i);
    }
  }
  return error;
}

std::string CheckConnection(const CompactHeightfield& field, int x, int z, int dir, int con) {
  if (con > kNotConnected) return "connection above 63";
  if (con == kNotConnected) return "";
  const int nx = x + rcGetDirOffsetX(dir), nz = z + rcGetDirOffsetY(dir);
  if (nx < 0 || nz < 0 || nx >= field.width || nz >= field.depth)
    return "connection out of the grid";
  if (static_cast<std::size_t>(con) >= field.columns[nx + field.width * nz].size())
    return "connection to a missing span";
  return "";
}

}  // namespace

std::string CheckRange(const char* name, std::int64_t value, std::int64_t lo, std::int64_t hi) {
  if (value >= lo && value <= hi) return "";
  return std::string(name) + " = " + std::to_string(value) + " outside " + std::to_string(lo) +
         " .. " + std::to_string(hi);
}

std::string CheckSpans(const Heightfield& field) { return CheckSpansOf(field, false); }

std::string CheckSeparatedSpans(const Heightfield& field) { return CheckSpansOf(field, true); }

std::string CheckCompact(const CompactHeightfield& field) {
  std::string error = CheckSizes(field.width, field.depth, field.columns.size());
  std::int64_t total = 0;
  for (std::size_t c = 0; c < field.columns.size() && error.empty(); ++c) {
    const CompactColumn& column = field.columns[c];
    total += static_cast<std::int64_t>(column.size());
    // rcCompactCell: 8-bit count, 24-bit first index (b3d.span.recast).
    if (column.size() > kMaxCompactColumnSpans) error = At("more than 255 compact spans", c, 0);
    if (total > kMaxCompactSpans) error = At("2^24 compact spans or more", c, 0);
    const int x = static_cast<int>(c % field.width), z = static_cast<int>(c / field.width);
    for (std::size_t i = 0; i < column.size() && error.empty(); ++i) {
      if (column[i].area > kWalkableArea) error = At("area above 63", c, i);
      for (int dir = 0; dir < 4 && error.empty(); ++dir) {
        const std::string bad = CheckConnection(field, x, z, dir, column[i].con[dir]);
        if (!bad.empty()) error = At(bad.c_str(), c, i);
      }
    }
  }
  return error;
}

bool LoadSpans(rcContext& ctx, const Heightfield& field, int threshold, rcHeightfield& hf) {
  // The filters use no geometry; compaction copies it and nothing reads it.
  const float bmin[3] = {0, 0, 0}, bmax[3] = {1, 1, 1};
  if (!rcCreateHeightfield(&ctx, hf, field.width, field.depth, bmin, bmax, 1.0f, 1.0f))
    return false;
  for (int z = 0; z < field.depth; ++z) {
    for (int x = 0; x < field.width; ++x) {
      for (const Span& s : field.columns[x + field.width * z]) {
        if (!rcAddSpan(&ctx, hf, x, z, s.smin, s.smax, s.area, threshold)) return false;
      }
    }
  }
  return true;
}

Heightfield ReadSpans(const rcHeightfield& hf, int width, int depth) {
  Heightfield field{width, depth, std::vector<SpanColumn>(static_cast<std::size_t>(width) * depth)};
  for (int z = 0; z < depth; ++z) {
    for (int x = 0; x < width; ++x) {
      SpanColumn& column = field.columns[x + width * z];
      for (const rcSpan* s = hf.spans[x + hf.width * z]; s != nullptr; s = s->next)
        column.push_back({static_cast<std::uint16_t>(s->smin), static_cast<std::uint16_t>(s->smax),
                          static_cast<std::uint8_t>(s->area)});
    }
  }
  return field;
}

bool FillCompact(const CompactHeightfield& field, rcCompactHeightfield& chf) {
  std::size_t total = 0;
  for (const CompactColumn& column : field.columns) total += column.size();
  const std::size_t cells = field.columns.size();
  chf.width = field.width;
  chf.height = field.depth;
  chf.spanCount = static_cast<int>(total);
  chf.cells = static_cast<rcCompactCell*>(rcAlloc(sizeof(rcCompactCell) * cells, RC_ALLOC_PERM));
  chf.spans = static_cast<rcCompactSpan*>(rcAlloc(sizeof(rcCompactSpan) * total, RC_ALLOC_PERM));
  chf.areas = static_cast<unsigned char*>(rcAlloc(total, RC_ALLOC_PERM));
  if (chf.cells == nullptr || chf.spans == nullptr || chf.areas == nullptr) return false;
  std::memset(chf.spans, 0, sizeof(rcCompactSpan) * total);
  unsigned int index = 0;
  for (std::size_t c = 0; c < cells; ++c) {
    chf.cells[c].index = index;
    chf.cells[c].count = static_cast<unsigned int>(field.columns[c].size());
    for (const CompactSpan& s : field.columns[c]) {
      chf.spans[index].y = s.y;
      chf.spans[index].h = s.h;
      for (int dir = 0; dir < 4; ++dir) rcSetCon(chf.spans[index], dir, s.con[dir]);
      chf.areas[index] = s.area;
      ++index;
    }
  }
  return true;
}

CompactHeightfield ReadCompact(const rcCompactHeightfield& chf) {
  CompactHeightfield field{
      chf.width, chf.height,
      std::vector<CompactColumn>(static_cast<std::size_t>(chf.width) * chf.height)};
  for (std::size_t c = 0; c < field.columns.size(); ++c) {
    const rcCompactCell& cell = chf.cells[c];
    const int first = static_cast<int>(cell.index), count = static_cast<int>(cell.count);
    for (int i = first; i < first + count; ++i) {
      const rcCompactSpan& s = chf.spans[i];
      CompactSpan span;
      span.y = s.y;
      span.h = static_cast<std::uint8_t>(s.h);
      // Recast's 6-bit code, RC_NOT_CONNECTED = 0x3f, is the spec's 63.
      for (int dir = 0; dir < 4; ++dir) span.con[dir] = static_cast<std::uint8_t>(rcGetCon(s, dir));
      span.area = chf.areas[i];
      field.columns[c].push_back(span);
    }
  }
  return field;
}

}  // namespace recast_oracle::detail
