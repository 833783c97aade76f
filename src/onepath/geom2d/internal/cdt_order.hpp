// cdt.order (docs/spec/cdt.md): the insertion order and its pieces, exposed
// for tests.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/geom2d/grid_point.hpp"

namespace onepath::geom2d {

// cdt.order: h(i), SplitMix64's output function applied to
// i + 0x9E3779B97F4A7C15.
std::uint64_t InsertionHash(std::uint64_t i);

// cdt.order: the round of point i among n points, min(top, tz(h(i))) with
// top = max(0, floor(log2 n) - 3). Precondition: n >= 1.
int InsertionRound(std::uint64_t i, std::uint64_t n);

// cdt.order: the index of cell (cx, cy) on the Hilbert curve of order 12
// (side 4096). Precondition: cx, cy < 4096.
std::uint32_t HilbertIndex(std::uint32_t cx, std::uint32_t cy);

// cdt.order: the point indices in insertion order.
std::vector<std::uint32_t> InsertionOrder(std::span<const GridPoint> points);

}  // namespace onepath::geom2d
