// The filters (docs/spec/build3d-spans.md, b3d.span.low-hanging,
// b3d.span.ledges, b3d.span.low-height), after Recast 1.6.0's
// rcFilterLowHangingWalkableObstacles, rcFilterLedgeSpans and
// rcFilterWalkableLowHeightSpans. They change areas only.
#include <algorithm>
#include <cstdlib>

#include "onepath/build3d/internal/directions.hpp"
#include "onepath/build3d/internal/heightfield_access.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/build3d/span_pipeline.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d {

namespace internal {

void FilterLowHangingObstacles(Heightfield& h, std::int32_t walkableClimb) {
  const auto start = HeightfieldAccess::ColumnStarts(h);
  const auto spans = HeightfieldAccess::MutableSpans(h);
  for (std::size_t c = 0; c + 1 < start.size(); ++c) {
    bool belowWalkable = false;  // the span below, before this filter
    std::uint8_t belowArea = kNullArea;
    std::int32_t belowTop = 0;
    for (std::uint32_t i = start[c]; i < start[c + 1]; ++i) {
      Span& s = spans[i];
      const bool walkable = s.area != kNullArea;
      if (!walkable && belowWalkable && std::abs(s.smax - belowTop) <= walkableClimb) {
        s.area = belowArea;
      }
      belowWalkable = walkable;
      belowArea = s.area;
      belowTop = s.smax;
    }
  }
}

void FilterLedgeSpans(Heightfield& h, std::int32_t walkableHeight, std::int32_t walkableClimb) {
  const auto start = HeightfieldAccess::ColumnStarts(h);
  const auto spans = HeightfieldAccess::MutableSpans(h);
  const std::int64_t w = h.width();
  const std::int64_t d = h.depth();
  const std::int32_t wh = walkableHeight;
  const std::int32_t wc = walkableClimb;
  for (std::int64_t z = 0; z < d; ++z) {
    for (std::int64_t x = 0; x < w; ++x) {
      const auto c = static_cast<std::size_t>(x + w * z);
      for (std::uint32_t i = start[c]; i < start[c + 1]; ++i) {
        Span& s = spans[i];
        if (s.area == kNullArea) continue;
        const std::int32_t bot = s.smax;
        const std::int32_t top = i + 1 < start[c + 1] ? spans[i + 1].smin : kOpenTop;
        std::int32_t minDrop = kOpenTop;
        std::int32_t accMin = s.smax;
        std::int32_t accMax = s.smax;
        // Once minDrop < -WC the span is a ledge whatever follows, so the
        // loop may stop there.
        for (int dir = 0; dir < 4 && minDrop >= -wc; ++dir) {
          const std::int64_t nx = x + kDirX[dir];
          const std::int64_t nz = z + kDirZ[dir];
          if (nx < 0 || nz < 0 || nx >= w || nz >= d) {
            minDrop = std::min(minDrop, -wc - bot);
            continue;
          }
          const auto n = static_cast<std::size_t>(nx + w * nz);
          const std::uint32_t first = start[n];
          const std::uint32_t end = start[n + 1];
          if (end - first == 1) {
            // The common column of one span: the general steps below with
            // m = 1 (nTop 65535 above it, so min(top, nTop) = top).
            const std::int32_t nMin = spans[first].smin;
            const std::int32_t nBot = spans[first].smax;
            if (std::min(top, nMin) - std::max(bot, -wc) > wh) {
              minDrop = std::min(minDrop, -wc - bot);
            }
            if (top - std::max(bot, nBot) > wh) {
              minDrop = std::min(minDrop, nBot - bot);
              if (std::abs(nBot - bot) <= wc) {
                accMin = std::min(accMin, nBot);
                accMax = std::max(accMax, nBot);
              }
            }
            continue;
          }
          // The space below the first span, with floor -WC.
          std::int32_t nTop = first < end ? spans[first].smin : kOpenTop;
          if (std::min(top, nTop) - std::max(bot, -wc) > wh) minDrop = std::min(minDrop, -wc - bot);
          for (std::uint32_t k = first; k < end; ++k) {
            const std::int32_t nBot = spans[k].smax;
            // The gap's height is at most top - nBot, and nBot only grows
            // up the column: no gap from here on is higher than WH.
            if (nBot >= top - wh) break;
            nTop = k + 1 < end ? spans[k + 1].smin : kOpenTop;
            if (std::min(top, nTop) - std::max(bot, nBot) > wh) {
              minDrop = std::min(minDrop, nBot - bot);
              if (std::abs(nBot - bot) <= wc) {
                accMin = std::min(accMin, nBot);
                accMax = std::max(accMax, nBot);
              }
            }
          }
        }
        if (minDrop < -wc) {
          s.area = kNullArea;  // a drop deeper than the climb
        } else if (accMax - accMin > wc) {
          s.area = kNullArea;  // reachable neighbours too far apart
        }
      }
    }
  }
}

void FilterLowHeightSpans(Heightfield& h, std::int32_t walkableHeight) {
  const auto start = HeightfieldAccess::ColumnStarts(h);
  const auto spans = HeightfieldAccess::MutableSpans(h);
  for (std::size_t c = 0; c + 1 < start.size(); ++c) {
    for (std::uint32_t i = start[c]; i < start[c + 1]; ++i) {
      const std::int32_t top = i + 1 < start[c + 1] ? spans[i + 1].smin : kOpenTop;
      if (top - spans[i].smax < walkableHeight) spans[i].area = kNullArea;
    }
  }
}

}  // namespace internal

Heightfield SpanPipeline::FilterLowHangingObstacles(Heightfield h, const NavSettings& settings) {
  const DerivedSettings d = DeriveSettings(settings);
  internal::CheckHeightfield(h);
  internal::FilterLowHangingObstacles(h, d.walkableClimb);
  return h;
}

Heightfield SpanPipeline::FilterLedgeSpans(Heightfield h, const NavSettings& settings) {
  const DerivedSettings d = DeriveSettings(settings);
  internal::CheckHeightfield(h);
  internal::FilterLedgeSpans(h, d.walkableHeight, d.walkableClimb);
  return h;
}

Heightfield SpanPipeline::FilterLowHeightSpans(Heightfield h, const NavSettings& settings) {
  const DerivedSettings d = DeriveSettings(settings);
  internal::CheckHeightfield(h);
  internal::FilterLowHeightSpans(h, d.walkableHeight);
  return h;
}

}  // namespace onepath::build3d
