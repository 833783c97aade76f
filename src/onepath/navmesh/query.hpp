// The path query (docs/spec/navmesh-format.md, nav.query.*): the nearest
// polygon of a point, the corridor of polygons by A* through in-tile links
// and portal links, and the straight path through a corridor.
#pragma once

#include <compare>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "onepath/navmesh/navmesh.hpp"
#include "onepath/navmesh/stitch.hpp"

namespace onepath::navmesh {

namespace internal {
struct QueryData;
}

// nav.query.values: a point in world coordinates (binary64).
struct WorldPoint {
  double x = 0.0;
  double y = 0.0;
  double z = 0.0;
  friend bool operator==(const WorldPoint&, const WorldPoint&) = default;
};

// nav.query.values: a polygon of the mesh, ordered by tile key, then index.
struct PolygonRef {
  TileKey tile;
  std::uint32_t polygon = 0;
  friend bool operator==(const PolygonRef&, const PolygonRef&) = default;
  friend std::strong_ordering operator<=>(const PolygonRef& a, const PolygonRef& b) {
    if (auto c = a.tile <=> b.tile; c != 0) return c;
    return a.polygon <=> b.polygon;
  }
};

// nav.query.nearest: the nearest polygon and its closest point.
struct NearestPolygon {
  PolygonRef polygon;
  WorldPoint point;
  friend bool operator==(const NearestPolygon&, const NearestPolygon&) = default;
};

// nav.query.astar: how the search ended.
enum class PathStatus : std::uint8_t { kFound, kPartial, kUnreachable };

// nav.query.astar: the corridor from the start polygon to the goal (found)
// or to the best state (partial, unreachable), and its cost.
struct PathResult {
  PathStatus status = PathStatus::kUnreachable;
  std::vector<PolygonRef> corridor;
  double cost = 0.0;
};

// nav.query.values: a query over a mesh and its portal links. The mesh must
// outlive the query; the links are copied.
class NavQuery {
 public:
  // nav.query.values: checks the mesh's world positions and the links.
  NavQuery(const NavMesh& mesh, std::span<const PortalLink> links);

  // nav.query.nearest: the polygon nearest center among those whose bounds
  // meet the box center +- halfExtents; nullopt when none does.
  std::optional<NearestPolygon> FindNearestPolygon(WorldPoint center, WorldPoint halfExtents) const;

  // nav.query.astar: A* over the states (one per way of entering a polygon)
  // creating at most maxNodes states.
  PathResult FindPath(PolygonRef start, PolygonRef goal, WorldPoint startPos, WorldPoint goalPos,
                      std::int64_t maxNodes) const;

  // nav.query.straight: the funnel through the corridor's portals, from
  // startPos and to goalPos clamped onto the first and last polygons.
  std::vector<WorldPoint> FindStraightPath(WorldPoint startPos, WorldPoint goalPos,
                                           std::span<const PolygonRef> corridor) const;

  // nav.query.closest: the closest point of a polygon to p (checks both).
  WorldPoint ClosestPoint(PolygonRef polygon, WorldPoint p) const;

 private:
  std::shared_ptr<const internal::QueryData> data_;
};

}  // namespace onepath::navmesh
