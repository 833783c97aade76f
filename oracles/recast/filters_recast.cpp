// b3d.span.from-heightfield (rcAddSpan with threshold 0), the three
// filters (b3d.span.low-hanging, b3d.span.ledges, b3d.span.low-height) and
// b3d.span.compact, each on a heightfield loaded into Recast.
#include "oracles/recast/recast_load.hpp"

namespace recast_oracle {

namespace {

using detail::CheckRange;

// A valid heightfield loads unchanged: its spans are separated, so each
// rcAddSpan appends without merging.
template <typename Stage>
Outcome<Heightfield> OnLoaded(const Heightfield& field, std::string error, Stage stage) {
  if (error.empty()) error = detail::CheckSeparatedSpans(field);
  if (!error.empty()) return {{}, error};
  rcContext ctx(false);
  rcHeightfield hf;
  if (!detail::LoadSpans(ctx, field, 0, hf)) return {{}, "Recast: out of memory"};
  stage(ctx, hf);
  return {detail::ReadSpans(hf, field.width, field.depth), ""};
}

std::string CheckHeightAndClimb(int walkableHeight, int walkableClimb) {
  std::string error = CheckRange("walkableHeight", walkableHeight, 1, 255);
  if (error.empty()) error = CheckRange("walkableClimb", walkableClimb, 0, 255);
  return error;
}

// Non-null spans per column (compact spans) within Recast's 8-bit count.
std::string CheckCompactCounts(const Heightfield& field) {
  std::int64_t total = 0;
  for (const SpanColumn& column : field.columns) {
    int count = 0;
    for (const Span& s : column) count += s.area != kNullArea ? 1 : 0;
    total += count;
    if (count > kMaxCompactColumnSpans) return "a column has more than 255 compact spans";
  }
  return total > kMaxCompactSpans ? "2^24 compact spans or more" : "";
}

// rcFilterWalkableLowHeightSpans with the given argument.
Outcome<Heightfield> RecastLowHeight(const Heightfield& field, int walkableHeight, int argument) {
  return OnLoaded(field, CheckRange("walkableHeight", walkableHeight, 1, 255),
                  [&](rcContext& ctx, rcHeightfield& hf) {
                    rcFilterWalkableLowHeightSpans(&ctx, argument, hf);
                  });
}

}  // namespace

Outcome<Heightfield> LoadHeightfield(const Heightfield& input) {
  // b3d.span.from-heightfield: any order, overlaps merge, threshold 0.
  const std::string error = detail::CheckSpans(input);
  if (!error.empty()) return {{}, error};
  rcContext ctx(false);
  rcHeightfield hf;
  if (!detail::LoadSpans(ctx, input, 0, hf)) return {{}, "Recast: out of memory"};
  return {detail::ReadSpans(hf, input.width, input.depth), ""};
}

Outcome<Heightfield> FilterLowHangingObstacles(const Heightfield& field, int walkableClimb) {
  return OnLoaded(field, CheckRange("walkableClimb", walkableClimb, 0, 255),
                  [&](rcContext& ctx, rcHeightfield& hf) {
                    rcFilterLowHangingWalkableObstacles(&ctx, walkableClimb, hf);
                  });
}

Outcome<Heightfield> FilterLedgeSpans(const Heightfield& field, int walkableHeight,
                                      int walkableClimb) {
  return OnLoaded(field, CheckHeightAndClimb(walkableHeight, walkableClimb),
                  [&](rcContext& ctx, rcHeightfield& hf) {
                    rcFilterLedgeSpans(&ctx, walkableHeight, walkableClimb, hf);
                  });
}

Outcome<Heightfield> FilterLowHeightSpans(const Heightfield& field, int walkableHeight) {
  // b3d.span.recast 1: e75adf8 clears when clearance <= its argument,
  // 1.6.0 when clearance < WalkableHeight; for integers "<= WH - 1" is
  // "< WH", and WH >= 1 keeps the argument >= 0.
  return RecastLowHeight(field, walkableHeight, walkableHeight - 1);
}

Outcome<Heightfield> FilterLowHeightSpansUnadjusted(const Heightfield& field, int walkableHeight) {
  return RecastLowHeight(field, walkableHeight, walkableHeight);
}

Outcome<CompactHeightfield> Compact(const Heightfield& field, int walkableHeight,
                                    int walkableClimb) {
  std::string error = CheckHeightAndClimb(walkableHeight, walkableClimb);
  if (error.empty()) error = detail::CheckSeparatedSpans(field);
  if (error.empty()) error = CheckCompactCounts(field);
  if (!error.empty()) return {{}, error};
  rcContext ctx(false);
  rcHeightfield hf;
  rcCompactHeightfield chf;
  if (!detail::LoadSpans(ctx, field, 0, hf) ||
      !rcBuildCompactHeightfield(&ctx, walkableHeight, walkableClimb, hf, chf))
    return {{}, "Recast: out of memory"};
  return {detail::ReadCompact(chf), ""};
}

}  // namespace recast_oracle
