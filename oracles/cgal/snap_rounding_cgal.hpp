// Oracle for the arrangement's first pass (arr.drop-degenerate,
// arr.hot-pixels, arr.round, arr.pixel, arr.reroute): CGAL's classic snap
// rounding (package Snap_rounding_2, CGAL::snap_rounding_2 with
// Snap_rounding_traits_2 over an exact-constructions kernel; pixel size 1;
// iterated snap rounding off). It knows nothing of arr.repair or arr.merge.
// This header must not include CGAL: only snap_rounding_cgal.cpp does, which
// explains how CGAL's pixels are made to coincide with arr.pixel.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "onepath/geom2d/arrangement.hpp"

namespace onepath::oracle {

struct SnapRoundingCgalResult {
  enum class Status {
    kOk,        // routes are set
    kRejected,  // CGAL threw (a failed assertion / precondition): message
    kCrashed,   // the isolated child died (signal, e.g. SIGSEGV) or timed out
  };
  Status status = Status::kOk;
  std::string message;
  // Per input edge, in input order: the polyline of hot pixel centres CGAL
  // routes it through, from the pixel of p to the pixel of q (so p first and
  // q last). Empty for an edge with p == q (arr.drop-degenerate: CGAL is not
  // given those).
  std::vector<std::vector<geom2d::GridPoint>> routes;
};

// Coordinates must be within kMaxArrangementCoordinate (throws
// std::invalid_argument otherwise); operands are ignored. Runs CGAL in this
// process: a CGAL defect that crashes crashes the caller.
SnapRoundingCgalResult SnapRoundCgal(std::span<const geom2d::TaggedEdge> edges);

// The same, run in a forked worker process that answers through a socket,
// so a crash in CGAL (CGAL 5.5.1's sweep can segfault on some degenerate
// inputs) is reported as kCrashed instead of ending the caller. The worker
// is reused across calls and replaced after any rejection or crash; a call
// that takes longer than timeout_seconds kills it (reported as kCrashed).
SnapRoundingCgalResult SnapRoundCgalIsolated(std::span<const geom2d::TaggedEdge> edges,
                                             unsigned timeout_seconds = 120);

}  // namespace onepath::oracle
