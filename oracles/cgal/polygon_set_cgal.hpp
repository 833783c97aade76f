// Oracle for regions (region.outline, region.from-outlines, region.boolean,
// region.area): CGAL's regularised boolean set operations (package
// Boolean_set_operations_2, CGAL::Polygon_set_2 over the exact-constructions
// kernel Epeck) on polygons given as integer grid rings. It computes in
// exact arithmetic without any snapping, so it agrees with the reference
// exactly only where the reference rounds nothing (no crossing off the grid,
// no edge rerouted through a nearby vertex, arr.reroute); elsewhere areas and
// memberships agree up to the distortion bound. This header must not include
// CGAL: only polygon_set_cgal.cpp does.
//
// A set is given as outlines, each a list of rings; each ring must be simple
// (after dropping consecutive repeated vertices) and may run either way. An
// outline's set is the even-odd region of its rings, computed as the
// symmetric difference of the rings' interiors (each ring oriented
// counter-clockwise before it is inserted); the set of several outlines is
// the union of theirs (region.from-outlines). A ring that is not simple is
// rejected, never repaired: split self-intersecting rings into simple ones
// first (the even-odd region does not change when a ring is cut at a
// self-crossing point into two rings).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "onepath/geom2d/region.hpp"

namespace onepath::oracle {

// A ring: grid points, the last joined to the first. Coordinates within
// 2^39 (kMaxArrangementCoordinate).
using CgalRing = std::vector<geom2d::GridPoint>;
// An outline: its set is the even-odd region of its rings.
using CgalOutline = std::vector<CgalRing>;

enum class PolygonSetOp : std::uint8_t {
  kNone,  // the first operand alone
  kUnion,
  kIntersection,
  kDifference,  // first minus second
  kSymmetricDifference,
};

// The exact point (x / den, y / den), den > 0.
struct RationalProbe {
  std::int64_t x = 0;
  std::int64_t y = 0;
  std::int64_t den = 1;
};

enum class Membership : std::uint8_t { kOutside, kInside, kBoundary };

struct PolygonSetRequest {
  std::vector<CgalOutline> first;   // union of the outlines' even-odd regions
  std::vector<CgalOutline> second;  // the same; ignored by kNone
  PolygonSetOp op = PolygonSetOp::kNone;
  std::vector<RationalProbe> probes;
};

// A boundary cycle's directed edge (interior on the left).
struct BoundaryEdge {
  geom2d::GridPoint from;
  geom2d::GridPoint to;
};

// One connected piece: outer boundary counter-clockwise, holes clockwise.
struct CgalPolygonWithHoles {
  std::vector<geom2d::GridPoint> outer;
  std::vector<std::vector<geom2d::GridPoint>> holes;
};

struct PolygonSetCgalResult {
  enum class Status {
    kOk,
    kRejected,  // bad input (a ring not simple) or CGAL threw: message
    kCrashed,   // the isolated worker died (signal) or timed out: message
  };
  Status status = Status::kOk;
  std::string message;
  // Twice the area of the result, exact, in lowest terms: "n" or "n/d".
  std::string doubledArea;
  // Per probe, in order.
  std::vector<Membership> membership;
  // The boundary, when every vertex CGAL reports is a grid point (integral):
  // `integral` false leaves `polygons` and `edges` empty (the result has a
  // crossing off the grid, where the reference rounds). Normalised for exact
  // comparison: a vertex where exactly one edge arrives and one leaves (over
  // the whole boundary) and the two run straight on is removed (the
  // reference drops collinear degree-2 vertices too); each cycle starts at
  // its smallest directed edge in (from.x, from.y, to.x, to.y) order (for a
  // cycle that does not pass a point twice: at its smallest vertex); holes
  // are sorted by their first edge, polygons by their outer boundary's.
  bool integral = true;
  std::vector<CgalPolygonWithHoles> polygons;
  // All directed edges of `polygons`, sorted in the same order. The ring
  // list of a region depends only on its set of boundary edges
  // (region.ring-order), so this is what to compare a region's ring edges
  // with; CGAL's split into cycles at pinch points differs from
  // region.rings' turn rule.
  std::vector<BoundaryEdge> edges;
};

// Runs CGAL in this process: a CGAL defect that crashes crashes the caller.
// Coordinates beyond 2^39 or a probe with den <= 0 throw
// std::invalid_argument.
PolygonSetCgalResult PolygonSetCgal(const PolygonSetRequest& request);

// The same in a forked worker process (oracles/isolated_worker.hpp), so a
// crash is reported as kCrashed; the worker is reused across calls and
// replaced after a rejection, a crash, or a call longer than timeout_seconds.
PolygonSetCgalResult PolygonSetCgalIsolated(const PolygonSetRequest& request,
                                            unsigned timeout_seconds = 120);

// Sign of (result's doubled area - doubled), compared exactly
// (CGAL::compare on exact rationals). Throws std::invalid_argument unless
// result.status is kOk.
int CompareDoubledArea(const PolygonSetCgalResult& result, onepath::Int128 doubled);

}  // namespace onepath::oracle
