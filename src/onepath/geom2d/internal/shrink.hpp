// The build's agent-radius shrink (docs/spec/shrink.md, shrink.*):
// Mesh2DPipeline::Shrink is declared in pipeline.hpp; its settings' check
// and the equal-area arcs here.
#pragma once

#include <vector>

#include "onepath/core/vector2d.hpp"

namespace onepath::geom2d {

// shrink.settings: throws ArgumentOutOfRangeException naming CellSize, then
// AgentRadius, when out of range (also pipeline.settings' checks 2 and 3).
void CheckShrinkSettings(double cellSize, double agentRadius);

// shrink.lambda: the equal-area factor for m = 8, 16, ..., 256.
double EqualAreaLambda(int m);

// shrink.lambda's A(lambda): the doubled area of the first quadrant's
// polygon, exposed for tests.
double EqualAreaQuadrantDoubledArea(int m, double lambda);

// shrink.equal-area-ring: the unit ring E_m.
std::vector<Vector2D> UnitEqualAreaRing(int m);

}  // namespace onepath::geom2d
