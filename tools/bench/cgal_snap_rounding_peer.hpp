// CGAL's Snap_rounding_2 as a timing peer for the arrangement benchmark
// (arr.*). The only file that includes CGAL is cgal_snap_rounding_peer.cpp;
// this header does not, so arrangement_bench.cpp compiles quickly.
#pragma once

#include <cstddef>
#include <span>

#include "onepath/geom2d/arrangement.hpp"

namespace onepath::bench {

// Snap-rounds the edges with CGAL::snap_rounding_2 (exact kernel, unit
// pixels placed as arr.pixel's, classic snap rounding: the same job as
// arr.hot-pixels + arr.reroute) and returns the number of output polyline
// vertices. CGAL runs with its assertions on (the file is built without
// NDEBUG) and throws CGAL::Failure_exception where one fails.
std::size_t CgalSnapRound(std::span<const geom2d::TaggedEdge> edges);

}  // namespace onepath::bench
