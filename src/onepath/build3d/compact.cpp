// The compact heightfield (docs/spec/build3d-spans.md, b3d.span.compact,
// b3d.span.connect), after Recast 1.6.0's rcBuildCompactHeightfield.
#include <algorithm>
#include <cstdlib>

#include "onepath/build3d/internal/directions.hpp"
#include "onepath/build3d/internal/heightfield_access.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/build3d/span_pipeline.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d {

namespace internal {

namespace {

// b3d.span.connect for every span of the compact heightfield.
void Connect(std::span<const std::uint32_t> start, std::span<CompactSpan> spans, std::int64_t w,
             std::int64_t d, std::int32_t walkableHeight, std::int32_t walkableClimb) {
  for (std::int64_t z = 0; z < d; ++z) {
    for (std::int64_t x = 0; x < w; ++x) {
      const auto c = static_cast<std::size_t>(x + w * z);
      for (std::uint32_t i = start[c]; i < start[c + 1]; ++i) {
        CompactSpan& s = spans[i];
        for (int dir = 0; dir < 4; ++dir) {
          s.con[dir] = kNotConnected;
          const std::int64_t nx = x + kDirX[dir];
          const std::int64_t nz = z + kDirZ[dir];
          if (nx < 0 || nz < 0 || nx >= w || nz >= d) continue;
          const auto n = static_cast<std::size_t>(nx + w * nz);
          // Only indices 0..62 can connect; a passing span beyond them
          // leaves the connection at 63, as no earlier one passed.
          const std::uint32_t first = start[n];
          const std::uint32_t end =
              std::min<std::uint32_t>(start[n + 1], first + kMaxConnectionIndex + 1);
          for (std::uint32_t k = first; k < end; ++k) {
            const CompactSpan& ns = spans[k];
            const std::int32_t bot = std::max<std::int32_t>(s.y, ns.y);
            const std::int32_t top = std::min<std::int32_t>(s.y + s.h, ns.y + ns.h);
            if (top - bot >= walkableHeight && std::abs(ns.y - s.y) <= walkableClimb) {
              s.con[dir] = static_cast<std::uint8_t>(k - first);
              break;
            }
          }
        }
      }
    }
  }
}

}  // namespace

CompactHeightfield Compact(const Heightfield& h, std::int32_t walkableHeight,
                           std::int32_t walkableClimb) {
  const auto solid = h.spans();
  const auto solidStart = HeightfieldAccess::ColumnStarts(h);
  std::size_t open = 0;
  for (const Span& s : solid) open += s.area != kNullArea ? 1 : 0;
  std::vector<std::uint32_t> start;
  start.reserve(solidStart.size());
  std::vector<CompactSpan> spans;
  spans.reserve(open);
  start.push_back(0);
  for (std::size_t c = 0; c + 1 < solidStart.size(); ++c) {
    for (std::uint32_t i = solidStart[c]; i < solidStart[c + 1]; ++i) {
      const Span& s = solid[i];
      if (s.area == kNullArea) continue;
      // The span directly above bounds the clearance whatever its area.
      const std::int32_t top = i + 1 < solidStart[c + 1] ? solid[i + 1].smin : kOpenTop;
      CompactSpan cs;
      cs.y = s.smax;
      cs.h = static_cast<std::uint8_t>(std::min(top - s.smax, kMaxClearance));
      cs.area = s.area;
      spans.push_back(cs);
    }
    start.push_back(static_cast<std::uint32_t>(spans.size()));
  }
  Connect(start, spans, h.width(), h.depth(), walkableHeight, walkableClimb);
  return HeightfieldAccess::Make<CompactHeightfield>(h.width(), h.depth(), std::move(start),
                                                     std::move(spans));
}

}  // namespace internal

CompactHeightfield SpanPipeline::Compact(const Heightfield& h, const NavSettings& settings) {
  const DerivedSettings d = DeriveSettings(settings);
  internal::CheckHeightfield(h);
  return internal::Compact(h, d.walkableHeight, d.walkableClimb);
}

}  // namespace onepath::build3d
