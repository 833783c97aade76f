// The build shrink's pieces built the plain way (shrink.rectangle,
// shrink.sector): every edge's whole rectangle and every reflex vertex's
// whole sector as a closed polygon, before shrink.edges leaves out the
// edges that cancel. Built with the reference's rounded constructions
// (offset.*), so not an oracle: the unit tests check that Shrink, which
// feeds fewer edges, gives the same bytes, and the shrink benchmark hands
// the same pieces to Clipper.
#pragma once

#include <vector>

#include "onepath/geom2d/arrangement.hpp"
#include "onepath/geom2d/internal/region_access.hpp"
#include "onepath/geom2d/pipeline.hpp"
#include "onepath/geom2d/region.hpp"

namespace onepath::gen {

// Per vertex a of every ring (edge a -> b, previous vertex p): the
// rectangle a, b, b + r n, a + r n of a -> b, then, when p -> a -> b turns
// right, the sector a, a + r n_out, the equal-area ring's vertices strictly
// inside it, a + r n_in. Each polygon is counter-clockwise (inside on the
// left, like the region's rings). Requires AgentRadius > 0.
std::vector<std::vector<geom2d::GridPoint>> ShrinkPieces(const geom2d::Region& region,
                                                         const geom2d::Mesh2DSettings& settings);

// The plain construction's arrangement input: the region's ring edges as
// operand 0 and the edges of every piece of ShrinkPieces as operand 1.
// RegionAccess::FromEdges of them with FaceRule::kDifference is the shrink.
std::vector<geom2d::TaggedEdge> ShrinkPieceEdges(const geom2d::Region& region,
                                                 const geom2d::Mesh2DSettings& settings);

}  // namespace onepath::gen
