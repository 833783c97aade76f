// The straight path through a corridor by the funnel
// (docs/spec/navmesh-format.md, nav.query.straight).
#include <cstdint>
#include <utility>
#include <vector>

#include "onepath/core/errors.hpp"
#include "onepath/navmesh/internal/query.hpp"
#include "onepath/navmesh/query.hpp"

namespace onepath::navmesh {

std::vector<WorldPoint> NavQuery::FindStraightPath(WorldPoint startPos, WorldPoint goalPos,
                                                   std::span<const PolygonRef> corridor) const {
  using namespace internal;
  const QueryData& data = *data_;
  CheckPoint(startPos, "startPos");
  CheckPoint(goalPos, "goalPos");
  if (corridor.empty()) {
    throw ArgumentException("the corridor is empty", {.argument = "corridor", .count = 0});
  }
  std::vector<std::uint32_t> g;
  for (std::size_t i = 0; i < corridor.size(); ++i) {
    g.push_back(data.Global(corridor[i], "corridor", static_cast<std::int64_t>(i)));
  }
  // The portals: the first step from entry i to entry i + 1, then (e, e).
  const std::size_t n = g.size();
  std::vector<std::pair<WorldPoint, WorldPoint>> portals;  // (left, right)
  for (std::size_t i = 1; i < n; ++i) {
    const QueryStep* found = nullptr;
    for (std::uint32_t j = data.firstStep[g[i - 1]]; j < data.firstStep[g[i - 1] + 1]; ++j) {
      if (data.steps[j].to == g[i]) {
        found = &data.steps[j];
        break;
      }
    }
    if (found == nullptr) {
      const PolygonRef& r = corridor[i];
      throw ArgumentException("two corridor entries are not neighbours",
                              {.argument = "corridor.step",
                               .vertex = static_cast<std::int64_t>(i),
                               .tileX = r.tile.tileX,
                               .tileZ = r.tile.tileZ,
                               .polygon = r.polygon,
                               .layer = r.tile.layer});
    }
    portals.emplace_back(found->left, found->right);
  }
  // nav.query.straight 1: the clamped ends.
  const WorldPoint s = ClosestOnPolygon(data, g.front(), startPos);
  const WorldPoint e = ClosestOnPolygon(data, g.back(), goalPos);
  portals.emplace_back(e, e);

  std::vector<WorldPoint> out{s};
  const auto add = [&](const WorldPoint& p) {
    if (!EqualXZ(out.back(), p)) out.push_back(p);
  };
  // nav.query.straight 3: the funnel.
  WorldPoint apex = s, left = s, right = s;
  std::size_t apexIndex = 0, leftIndex = 0, rightIndex = 0;
  for (std::size_t i = 0; i < n;) {
    const WorldPoint& l = portals[i].first;
    const WorldPoint& r = portals[i].second;
    if (OrientW(apex, right, r) >= 0) {
      if (NearXZ(apex, right) || OrientW(apex, left, r) < 0) {
        right = r;
        rightIndex = i;
      } else {
        add(left);
        apex = left;
        right = left;
        apexIndex = leftIndex;
        rightIndex = leftIndex;
        i = apexIndex + 1;
        continue;
      }
    }
    if (OrientW(apex, left, l) <= 0) {
      if (NearXZ(apex, left) || OrientW(apex, right, l) > 0) {
        left = l;
        leftIndex = i;
      } else {
        add(right);
        apex = right;
        left = right;
        apexIndex = rightIndex;
        leftIndex = rightIndex;
        i = apexIndex + 1;
        continue;
      }
    }
    ++i;
  }
  // nav.query.straight 4.
  add(e);
  return out;
}

}  // namespace onepath::navmesh
