// Offsetting (docs/spec/offset.md, offset.*): Region::Offset's pieces and the
// rounded constructions, unit vectors and vertex counts that the build's
// shrink (shrink.*) shares.
#pragma once

#include <cstdint>
#include <vector>

#include "onepath/core/limits.hpp"
#include "onepath/core/vector2d.hpp"
#include "onepath/geom2d/grid_point.hpp"

namespace onepath::geom2d {

// offset.normal: the unit normal (-dy / len, dx / len) of edge a -> b,
// pointing to its left. Precondition: a != b.
Vector2D LeftUnitNormal(GridPoint a, GridPoint b);

// offset.rounded-point: p + r * u and p - r * u, each coordinate rounded
// once to the nearest grid integer (ties to even). The result is a double
// holding an integer; OffsetLimit checks it before it becomes a GridPoint.
struct RoundedPoint {
  double x = 0.0;
  double y = 0.0;
};
RoundedPoint PlusScaled(GridPoint p, double r, Vector2D u);
RoundedPoint MinusScaled(GridPoint p, double r, Vector2D u);

// offset.half-angles: C[k] = cos(2 pi / k) and S[k] = sin(2 pi / k) for
// k = 4, 8, ..., 512.
double HalfAngleCos(int k);
double HalfAngleSin(int k);

// offset.vertex-count: the number of vertices per circle of radius r (grid
// units) for the arc tolerance (public units).
int ArcVertexCount(double r, double arcTolerance, int snapBits);

// offset.unit-ring: the circumscribed unit m-gon U_m (m = 8, 16, ..., 256).
std::vector<Vector2D> UnitCircumscribedRing(int m);

// offset.limits: |coordinate| <= kMaxOffsetCoordinate * 2^snapBits grid
// units. A point beyond it throws ArgumentOutOfRangeException naming the
// argument or the setting the geometry comes from, and the coordinate in
// public units.
class OffsetLimit {
 public:
  // Region.Offset: names the argument, "distance".
  static OffsetLimit ForArgument(int snapBits, const char* argument);
  // The shrink: names the setting, "AgentRadius".
  static OffsetLimit ForSetting(int snapBits, const char* setting);

  GridPoint Check(RoundedPoint p) const;

 private:
  OffsetLimit(int snapBits, const char* argument, const char* setting);

  double limit_;
  int snapBits_;
  const char* argument_;  // one of the two is null
  const char* setting_;
};

}  // namespace onepath::geom2d
