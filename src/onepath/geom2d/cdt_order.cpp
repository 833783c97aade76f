// cdt.order (docs/spec/cdt.md): the biased randomised insertion order, rounds
// from a hash of the point index, then the Hilbert curve within a round.
#include "onepath/geom2d/internal/cdt_order.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "onepath/core/radix_sort.hpp"
#include "onepath/geom2d/internal/cdt_mesh.hpp"

namespace onepath::geom2d {

namespace {

// cdt.order: SplitMix64's output function (Steele, Lea & Flood 2014).
std::uint64_t Mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// cdt.order's Hilbert loop, four levels at a time. The loop only ever
// complements both coordinates (N - 1 - c) and swaps them; both act on
// every bit alike and commute, so after any number of levels the current
// (cx, cy) is the original one under a state of two flags (bit 0: swapped,
// bit 1: complemented). A level's digit (3 rx) ^ ry and the next state
// depend only on that state and the original bits at the level.
// kHilbertSteps[state][x4 << 4 | y4], for the original bits x4, y4 of four
// levels (highest first), holds the four digits (highest first) and the
// state after them, computed here from the loop's own rule.
struct HilbertStep {
  std::uint8_t digits = 0;
  std::uint8_t state = 0;
};

constexpr std::array<std::array<HilbertStep, 256>, 4> MakeHilbertSteps() {
  std::array<std::array<HilbertStep, 256>, 4> steps{};
  for (unsigned first = 0; first < 4; ++first) {
    for (unsigned bits = 0; bits < 256; ++bits) {
      unsigned state = first, digits = 0;
      for (int level = 3; level >= 0; --level) {
        unsigned x = (bits >> (4 + level)) & 1, y = (bits >> level) & 1;
        if (state & 1) std::swap(x, y);
        if (state & 2) x ^= 1, y ^= 1;
        const unsigned rx = x, ry = y;
        digits = digits << 2 | ((3 * rx) ^ ry);
        if (ry == 0) state ^= (rx == 1 ? 2 : 0) | 1;
      }
      steps[first][bits] = {static_cast<std::uint8_t>(digits), static_cast<std::uint8_t>(state)};
    }
  }
  return steps;
}

constexpr std::array<std::array<HilbertStep, 256>, 4> kHilbertSteps = MakeHilbertSteps();

}  // namespace

std::uint64_t InsertionHash(std::uint64_t i) { return Mix(i + 0x9E3779B97F4A7C15ull); }

int InsertionRound(std::uint64_t i, std::uint64_t n) {
  const int top = std::max(0, static_cast<int>(std::bit_width(n)) - 1 - 3);
  return std::min(top, std::countr_zero(InsertionHash(i)));
}

std::uint32_t HilbertIndex(std::uint32_t cx, std::uint32_t cy) {
  std::uint32_t d = 0, state = 0;
  for (int shift = 8; shift >= 0; shift -= 4) {
    const HilbertStep step = kHilbertSteps[state][((cx >> shift) & 15) << 4 | ((cy >> shift) & 15)];
    d = d << 8 | step.digits;
    state = step.state;
  }
  return d;
}

std::vector<std::uint32_t> InsertionOrder(std::span<const GridPoint> points) {
  const std::size_t n = points.size();
  CheckCdtCounts(n, 0);  // the indices below are 32-bit
  std::vector<std::uint32_t> order(n);
  if (n < 64) {
    for (std::size_t i = 0; i < n; ++i) order[i] = static_cast<std::uint32_t>(i);
    return order;
  }
  const GridBox box = BoundsOf(points);
  int shift = 0;
  while (((box.maxX - box.minX) >> shift) >= 4096 || ((box.maxY - box.minY) >> shift) >= 4096)
    ++shift;
  const int top = std::max(0, static_cast<int>(std::bit_width(n)) - 1 - 3);
  // Key: rounds from top down, then the Hilbert index; ties by index (the
  // sort is stable and the items start in index order).
  std::vector<std::uint64_t> items;
  items.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const int round = std::min(top, std::countr_zero(InsertionHash(i)));
    const std::uint32_t h =
        HilbertIndex(static_cast<std::uint32_t>((points[i].x - box.minX) >> shift),
                     static_cast<std::uint32_t>((points[i].y - box.minY) >> shift));
    const std::uint64_t key = (std::uint64_t(top - round) << 24) | h;
    items.push_back((key << 32) | i);
  }
  // Ten bits a pass: fewer buckets to scatter into than the arrangement's
  // thirteen, as the keys here have about 30 bits (three passes either way).
  std::vector<std::uint64_t> scratch;
  RadixSortByKey<10>(
      items, scratch, [](std::uint64_t x) { return x >> 32; },
      (std::uint64_t{static_cast<unsigned>(top)} << 24) | 0xFFFFFF);
  for (std::size_t k = 0; k < n; ++k) order[k] = static_cast<std::uint32_t>(items[k]);
  return order;
}

}  // namespace onepath::geom2d
