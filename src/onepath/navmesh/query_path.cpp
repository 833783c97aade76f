// The corridor by A* over the query's states
// (docs/spec/navmesh-format.md, nav.query.astar).
#include <algorithm>
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include "onepath/core/errors.hpp"
#include "onepath/navmesh/internal/query.hpp"
#include "onepath/navmesh/query.hpp"

namespace onepath::navmesh {

namespace {

// nav.query.astar: Detour's H_SCALE, the binary64 value nearest 0.999.
constexpr double kHeuristicScale = 0.999;
constexpr std::uint32_t kNone = UINT32_MAX;

// A created state: its g, h, parent (a state number) and whether it is open.
struct State {
  double g = 0.0;
  double h = 0.0;
  std::uint32_t parent = kNone;
  bool open = false;
};

}  // namespace

PathResult NavQuery::FindPath(PolygonRef start, PolygonRef goal, WorldPoint startPos,
                              WorldPoint goalPos, std::int64_t maxNodes) const {
  using namespace internal;
  const QueryData& data = *data_;
  const std::uint32_t s0 = data.Global(start, "start");
  const std::uint32_t goalG = data.Global(goal, "goal");
  CheckPoint(startPos, "startPos");
  CheckPoint(goalPos, "goalPos");
  if (maxNodes < 1) {
    throw ArgumentOutOfRangeException("maxNodes is below 1",
                                      {.argument = "maxNodes", .value = double(maxNodes)});
  }
  // State 0 is the start; state j + 1 enters steps[j].to at steps[j].mid.
  const auto polygonOf = [&](std::uint32_t s) { return s == 0 ? s0 : data.steps[s - 1].to; };
  const auto positionOf = [&](std::uint32_t s) -> const WorldPoint& {
    return s == 0 ? startPos : data.steps[s - 1].mid;
  };
  std::vector<State> states(data.steps.size() + 1);
  std::vector<bool> created(states.size(), false);
  std::int64_t createdCount = 0;
  bool outOfNodes = false;
  // The open list ordered by (f, state number).
  std::set<std::pair<double, std::uint32_t>> open;
  const auto push = [&](std::uint32_t s) {
    states[s].open = true;
    open.emplace(states[s].g + states[s].h, s);
  };
  // nav.query.astar 1: the start state.
  states[0].g = s0 == goalG ? Dist(startPos, goalPos) : 0.0;
  states[0].h = s0 == goalG ? 0.0 : Dist(startPos, goalPos) * kHeuristicScale;
  created[0] = true;
  createdCount = 1;
  push(0);
  std::uint32_t final = kNone;
  PathStatus status = PathStatus::kFound;
  // nav.query.astar 2: smallest f, then smallest state number.
  while (!open.empty()) {
    const std::uint32_t s = open.begin()->second;
    open.erase(open.begin());
    states[s].open = false;
    const std::uint32_t p = polygonOf(s);
    if (p == goalG) {
      final = s;
      break;
    }
    const WorldPoint& pos = positionOf(s);
    for (std::uint32_t j = data.firstStep[p]; j < data.firstStep[p + 1]; ++j) {
      const QueryStep& step = data.steps[j];
      const std::uint32_t n = j + 1;
      double cost = states[s].g + Dist(pos, step.mid);
      if (step.to == goalG) cost = cost + Dist(step.mid, goalPos);
      if (!created[n]) {
        if (createdCount == maxNodes) {
          outOfNodes = true;
          continue;
        }
        created[n] = true;
        ++createdCount;
        states[n].g = cost;
        states[n].h = step.to == goalG ? 0.0 : Dist(step.mid, goalPos) * kHeuristicScale;
        states[n].parent = s;
        push(n);
      } else if (cost < states[n].g) {
        if (states[n].open) open.erase({states[n].g + states[n].h, n});
        states[n].g = cost;
        states[n].parent = s;
        push(n);
      }
    }
  }
  // nav.query.astar 3: the best state, smallest (h, g, number).
  if (final == kNone) {
    status = outOfNodes ? PathStatus::kPartial : PathStatus::kUnreachable;
    for (std::uint32_t s = 0; s < states.size(); ++s) {
      if (!created[s]) continue;
      if (final == kNone ||
          std::tie(states[s].h, states[s].g) < std::tie(states[final].h, states[final].g)) {
        final = s;
      }
    }
  }
  PathResult result;
  result.status = status;
  result.cost = states[final].g;
  for (std::uint32_t s = final; s != kNone; s = states[s].parent) {
    result.corridor.push_back(data.Ref(polygonOf(s)));
  }
  std::reverse(result.corridor.begin(), result.corridor.end());
  return result;
}

}  // namespace onepath::navmesh
