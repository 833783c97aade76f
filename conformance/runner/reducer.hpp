// The reducer (`onepath reduce`, docs/adapter-protocol.md "Reducing a
// failure"): shrinks a failing vector's input while the port keeps
// diverging from the reference in the same way, and writes the smallest
// input found as a vector file with an SVG picture.
//
// "The same way" is Divergence::SameAs: the same first diverging stage and
// the same kind of difference (divergence.hpp) — "stage ring start
// (region.ring-order): a ring starts at another vertex" stays that, whatever
// ring and vertex it names. Each candidate input is run on the reference (the
// expected answer) and on the port through its adapter.
//
// The moves, tried in this order, greedily (the first candidate that keeps
// the divergence and is smaller becomes the input, and the moves start over),
// until none helps or the attempts run out: drop operands' outlines, then
// outlines, rings, vertices (chunks of half, a quarter, … down to one, as in
// delta debugging); for tile maps crop to the solid cells, drop chunks of
// columns and rows, clear chunks of solid cells; for arrangements drop
// edges; then move coordinates toward a common value (round to integers,
// move to 0, halve toward 0, halve toward the minimum), the cell size toward
// 1 and SnapBits toward 0. For predicates (the points of Orient2D and
// InCircle) every move keeps integer coordinates integers: all of them or
// one at a time rounded, moved to 0, halved toward 0 (truncated when an
// integer), stepped by 1 toward 0, or all moved toward their minimum; all
// scaled by a power of two (the sign does not change) to about 2^k and
// rounded, so that tiny and huge inputs become small integers.
// Smaller means fewer elements (solid cells, vertices, edges), then fewer
// cells or rings (for predicates: fewer coordinates that are not integers),
// then a smaller sum of coordinate magnitudes (plus one per coordinate that
// is not an integer).
#pragma once

#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "conformance/runner/divergence.hpp"
#include "conformance/runner/golden.hpp"
#include "conformance/runner/runner.hpp"

namespace onepath::conformance {

// How big an input is (what the reducer shrinks), by operation.
struct InputSize {
  std::size_t elements = 0;   // solid cells, vertices, edges or points
  std::size_t secondary = 0;  // cells of the map, rings and outlines; coordinates not integers
  double complexity = 0;      // coordinates: sum of magnitudes + 1 per non-integer
  std::string text;           // "3x2 map: 6 cells, 4 solid"
  bool operator<(const InputSize& o) const;
};
InputSize MeasureInput(const std::string& op, const nlohmann::json& input);

struct ReduceOptions {
  int max_attempts = 2000;  // candidate inputs run at most
  // Called after every attempt: attempts so far, accepted so far, the current size.
  std::function<void(int, int, const InputSize&)> progress;
};

struct ReduceResult {
  nlohmann::json input;   // the smallest input found
  Divergence divergence;  // its divergence (the same kind as the vector's)
  Answer expected;        // the reference's answer for it
  Answer actual;          // the port's answer for it
  InputSize before, after;
  int attempts = 0, accepted = 0;
  bool capped = false;  // stopped by max_attempts, not because no move helped
};

// The vector does not fail with this port (nothing to reduce), or cannot be reduced.
class ReduceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Shrinks v.input while `port` answers it with the same divergence from the
// reference as v's own; throws ReduceError when v does not diverge.
ReduceResult Reduce(const GoldenVector& v, const AskFn& port, const ReduceOptions& options);

// The reduced input as a vector (docs/golden-format.md): id
// "<op short name>/reduced/<12 hex digits of the input key>", the vector's
// clauses, the reference's expectation, flags ["reduced"], and a provenance
// that says where it came from and what the port answered.
nlohmann::json ReducedVector(const GoldenVector& original, const ReduceResult& r,
                             const std::string& implementation);

// The key of an input, as the golden writers hash it (docs/golden-format.md):
// the canonical bytes of the input per operation, SHA-256, 12 hex digits.
std::string InputKey(const std::string& op, const nlohmann::json& input);

}  // namespace onepath::conformance
