// An independent validity checker for constrained Delaunay triangulations
// (cdt.*), shared by the unit tests, the properties and the differential
// test. It uses nothing of src/ beyond the interface types (GridPoint,
// CdtConstraint, Triangulation): its own orientation on 128-bit integers,
// its own in-circle determinant on 256-bit integers (Boost.Multiprecision),
// the bounding corners written out from cdt.bounding-triangle.
//
// What every result of ConstrainedDelaunay must satisfy, and how it is
// checked:
//  - form: pointCount = n, 2n + 1 slots (each point adds two, cdt.split),
//    one constraint mark byte per slot, every vertex index in 0 .. n + 2.
//    Nothing else is checked when the form is broken.
//  - every slot strictly counter-clockwise (cdt.structure);
//  - neighbours: n_i = -1 exactly on the bounding triangle's three edges;
//    otherwise slot n_i holds the reversed edge and points back;
//  - cover: the doubled areas of all slots add up to the bounding
//    triangle's (2^94), and every vertex 0 .. n + 2 is used. With the
//    above, the slots tile the bounding triangle with the points as
//    vertices.
//  - constraints: every constraint is an edge, marked in both slots, and
//    every marked edge is a constraint;
//  - constrained Delaunay: across every unmarked edge with a neighbour, the
//    opposite vertex is not strictly inside the slot's circumcircle.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "onepath/core/int128.hpp"
#include "onepath/geom2d/cdt.hpp"

namespace onepath::gen {

struct CdtValidity {
  std::int64_t violations = 0;
  std::vector<std::string> messages;  // the first few violations
  // Statistics, not violations: unmarked edges with a neighbour whose four
  // vertices are cocircular (in-circle exactly 0).
  std::int64_t cocircularEdges = 0;
  bool ok() const { return violations == 0; }
  std::string Summary() const;  // "ok" or the count and the messages
};

CdtValidity CheckCdtValidity(std::span<const geom2d::GridPoint> points,
                             std::span<const geom2d::CdtConstraint> constraints,
                             const geom2d::Triangulation& triangulation);

// Vertex v of a triangulation of `points`: a point, or for v = n, n + 1,
// n + 2 the corner (-2^45, -2^45), (3 * 2^45, -2^45), (-2^45, 3 * 2^45).
geom2d::GridPoint CdtVertexPoint(std::span<const geom2d::GridPoint> points, std::int64_t v);

// Sign of the in-circle determinant (pred.incircle) of grid points with
// coordinates within 2^46, exact in 256-bit integers.
int IndependentInCircle(geom2d::GridPoint a, geom2d::GridPoint b, geom2d::GridPoint c,
                        geom2d::GridPoint d);

// Whether the constrained Delaunay triangulation `triangles` (counter-
// clockwise vertex triples, vertex v at CdtVertexPoint(points, v)) with the
// constrained edges `constrained` (each (a, b), a < b) is the only one of
// its vertices and constraints: every unconstrained edge that two of the
// triangles share is strictly locally Delaunay (the opposite vertex
// strictly outside the circle, exact). Edges with a triangle on one side
// only are not checked: for a part of a triangulation bounded by
// constraints (a region's kept triangles) the answer is about that part.
// A cocircular quadruple across an unconstrained edge makes it false.
bool UniqueConstrainedDelaunay(std::span<const geom2d::GridPoint> points,
                               std::span<const std::array<std::uint32_t, 3>> triangles,
                               std::span<const std::array<std::uint32_t, 2>> constrained);

// Twice the area of the convex hull of `points` (Andrew's monotone chain,
// exact). 0 for fewer than three points or collinear points.
Int128 HullDoubledArea(std::span<const geom2d::GridPoint> points);

}  // namespace onepath::gen
