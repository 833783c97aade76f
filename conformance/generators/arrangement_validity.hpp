// An independent validity checker for arrangement outputs (arr.*), shared by
// the differential tests and the properties. It does not use src/ code
// beyond the interface types of onepath/geom2d/arrangement.hpp: its own
// exact orientation (128-bit integers; coordinates within 2^39), its own
// pixel test and its own canonical-bytes decoder.
//
// What every output of Build(edges) must satisfy, and why:
//  - form (arr.output): vertices strictly increasing in (x, y); segments
//    a < b < vertex count, strictly increasing in (a, b), (n0, n1) != (0, 0);
//    every vertex an endpoint of a segment (a vertex that only zero-net
//    segments touched is dropped).
//  - no two segments cross properly, and no vertex and no endpoint of a
//    non-degenerate input edge lies in the open interior of a segment
//    (arr.repair's fixpoint: output segments are final fragments, and input
//    endpoints are hot pixels, so a fragment through one was split there even
//    when every segment at it cancelled). Collinear overlaps are excluded too
//    (one would hold the other's endpoint).
//  - conservation (arr.reroute, arr.merge): per operand, the net flow at
//    every grid point (edges in minus edges out, operand 2 counting for
//    both) is the same for the non-degenerate input edges as for the output
//    segments (a < b with n adds n into b and n out of a). Each edge becomes
//    a path from p to q, so interior points of the path cancel. In
//    particular every endpoint with a non-zero net flow is a vertex.
//  - bounds: every vertex lies in the bounding box of the non-degenerate
//    input edges (hot pixels round points of that box, which has integer
//    sides); no input edge left means an empty output.
//  - distortion (arr.distortion): every vertex is within L-inf distance 1 of
//    some non-degenerate input edge (counted: those farther than 1/2).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "onepath/geom2d/arrangement.hpp"

namespace onepath::gen {

struct ArrangementValidity {
  std::int64_t violations = 0;
  std::vector<std::string> messages;  // the first few violations
  // Statistics, not violations:
  std::int64_t farVertices = 0;  // vertices farther than 1/2 from every input edge
  bool ok() const { return violations == 0; }
};

ArrangementValidity CheckArrangementValidity(std::span<const onepath::geom2d::TaggedEdge> input,
                                             const onepath::geom2d::Arrangement& output);

// arr.pixel, exactly: does the closed segment ab meet the half-open pixel of c?
bool SegmentMeetsPixel(onepath::geom2d::GridPoint a, onepath::geom2d::GridPoint b,
                       onepath::geom2d::GridPoint c);

// Segments that meet the pixel (arr.pixel) of a vertex other than their two
// endpoints. Such a segment would be rerouted if the output were noded again
// (arr.reroute), so the output is a fixpoint of Build exactly when this is 0.
std::int64_t CountPixelNearMisses(const onepath::geom2d::Arrangement& output);

// Decodes arr.output's canonical bytes; false (with a reason) if malformed.
bool DecodeArrangementBytes(std::span<const std::uint8_t> bytes, onepath::geom2d::Arrangement& out,
                            std::string* error);

// The edges as a copy-pasteable C++ initializer:
// std::vector<onepath::geom2d::TaggedEdge> edges = {{{x, y}, {x, y}, op}, ...};
std::string FormatEdges(std::span<const onepath::geom2d::TaggedEdge> edges);

// Vertices and segments, one a line.
std::string FormatArrangement(const onepath::geom2d::Arrangement& arrangement);

}  // namespace onepath::gen
