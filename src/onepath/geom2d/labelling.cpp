// Labelling (docs/spec/region.md): the winding sweep and face selection.
#include "onepath/geom2d/internal/labelling.hpp"

#include <algorithm>

#include "onepath/exact/predicates.hpp"
#include "onepath/geom2d/internal/grid.hpp"

namespace onepath::geom2d {

// region.label-sweep. Vertices in (x, y) order; the status lists the
// segments cut by the sweep line, bottom to top. A segment a -> b (a < b)
// is below vertex v when v lies strictly left of it (Orient > 0): going
// from a to b, left is above. Segments of the status that meet v's sweep
// position and have v on their line end at v (no vertex lies inside a
// segment, arr.output), so Orient = 0 marks exactly the block ending at v.
std::vector<SegmentWindings> LabelWindings(const Arrangement& arrangement) {
  const std::vector<GridPoint>& points = arrangement.vertices;
  const std::vector<NetSegment>& segments = arrangement.segments;
  std::vector<SegmentWindings> windings(segments.size());
  std::vector<std::uint32_t> status;
  std::vector<std::uint32_t> starting;
  std::size_t next = 0;        // segments are sorted by (a, b): those from v are consecutive
  std::size_t knownBelow = 0;  // status[0, knownBelow) lies below v
  for (std::uint32_t v = 0; v < points.size(); ++v) {
    GridPoint p = points[v];
    auto aboveV = [&](std::uint32_t s) {
      return Orient(points[segments[s].a], points[segments[s].b], p);
    };
    if (v > 0 && points[v - 1].x != p.x) knownBelow = 0;
    // The block ending at v: [lower, upper). lower by a galloping search
    // from knownBelow (the next vertex on a vertical line is usually near
    // the last one in the status), upper by a short scan.
    auto belowV = [&](std::uint32_t s) { return aboveV(s) > 0; };
    std::size_t from = knownBelow, step = 1;
    while (from + step <= status.size() && belowV(status[from + step - 1])) {
      from += step;
      step *= 2;
    }
    auto lower = std::partition_point(
        status.begin() + static_cast<std::ptrdiff_t>(from),
        status.begin() + static_cast<std::ptrdiff_t>(std::min(from + step - 1, status.size())),
        belowV);
    auto upper = lower;
    while (upper != status.end() && aboveV(*upper) == 0) ++upper;
    std::int64_t below[2] = {0, 0};
    if (lower != status.begin()) {
      below[0] = windings[*(lower - 1)].above[0];
      below[1] = windings[*(lower - 1)].above[1];
    }

    // The segments starting at v, bottom to top: s before t when t's
    // direction is counter-clockwise from s's (all point into the half-plane
    // after v in (x, y) order, so the cross product orders them).
    starting.clear();
    for (; next < segments.size() && segments[next].a == v; ++next)
      starting.push_back(static_cast<std::uint32_t>(next));
    std::sort(starting.begin(), starting.end(), [&](std::uint32_t s, std::uint32_t t) {
      return Orient(p, points[segments[s].b], points[segments[t].b]) > 0;
    });
    for (std::uint32_t s : starting) {
      SegmentWindings& w = windings[s];
      w.below[0] = below[0];
      w.below[1] = below[1];
      w.above[0] = below[0] + segments[s].n0;
      w.above[1] = below[1] + segments[s].n1;
      below[0] = w.above[0];
      below[1] = w.above[1];
    }
    // The block ending at v gives way to the segments starting at v: as
    // many as fit are written over it, so that the rest of the status only
    // moves by the difference.
    // The next vertex, if it lies on the same vertical line, is above the
    // segments below v and above those starting at v, but for a vertical
    // one (the last of them, pointing straight up).
    knownBelow = static_cast<std::size_t>(lower - status.begin()) + starting.size();
    if (!starting.empty() && points[segments[starting.back()].b].x == p.x) --knownBelow;
    const auto common = std::min<std::ptrdiff_t>(upper - lower, std::ssize(starting));
    lower = std::copy(starting.begin(), starting.begin() + common, lower);
    lower = status.erase(lower, upper);
    status.insert(lower, starting.begin() + common, starting.end());
  }
  return windings;
}

// region.face-rule.
bool Inside(FaceRule rule, std::int64_t w0, std::int64_t w1) {
  switch (rule) {
    case FaceRule::kEvenOdd:
      return w0 % 2 != 0;
    case FaceRule::kPositive:
      return w0 > 0;
    case FaceRule::kUnion:
      return w0 > 0 || w1 > 0;
    case FaceRule::kIntersection:
      return w0 > 0 && w1 > 0;
    case FaceRule::kDifference:
      return w0 > 0 && w1 <= 0;
    case FaceRule::kSymmetricDifference:
      return (w0 > 0) != (w1 > 0);
  }
  return false;
}

}  // namespace onepath::geom2d
