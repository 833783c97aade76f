// The build's agent-radius shrink (docs/spec/shrink.md, shrink.*).
#pragma once

#include <vector>

#include "onepath/core/vector2d.hpp"
#include "onepath/geom2d/region.hpp"

namespace onepath::geom2d {

// shrink.settings: the pipeline's settings that the shrink reads (public
// units). The pipeline (issue 6) adds the rest.
struct Mesh2DSettings {
  double CellSize = 0.25;
  double AgentRadius = 0.5;
};

class Mesh2DPipeline {
 public:
  // shrink.*: the region minus every point within AgentRadius of its
  // boundary, swept with equal-area arcs. Throws ArgumentOutOfRangeException
  // (shrink.settings, offset.limits).
  static Region Shrink(const Region& region, const Mesh2DSettings& settings);

  // shrink.arc-tolerance, in public units.
  static double ShrinkArcTolerance(const Mesh2DSettings& settings);
};

// shrink.lambda: the equal-area factor for m = 8, 16, ..., 256.
double EqualAreaLambda(int m);

// shrink.lambda's A(lambda): the doubled area of the first quadrant's
// polygon, exposed for tests.
double EqualAreaQuadrantDoubledArea(int m, double lambda);

// shrink.equal-area-ring: the unit ring E_m.
std::vector<Vector2D> UnitEqualAreaRing(int m);

}  // namespace onepath::geom2d
