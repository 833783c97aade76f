// Metamorphic checks derived from the golden vectors (docs/adapter-protocol.md,
// "Derived checks"): from a positive vector, an input changed in a way the
// spec says the output follows exactly, and that output, computed from the
// vector's own output. They need no stored hash: a port that passes a vector
// must also pass the checks derived from it.
//
//   translate  every coordinate moved by ±2^k (per axis), k as large as keeps
//              every coordinate an exact double within the limits and, for
//              regions, the move an even number of grid units (grid.snap
//              rounds halves to even; arr.round and the pixels of arr.pixel
//              move with any integer; ring tracing and ring order compare
//              exactly and lexicographically): the output moves by the same
//              amount. Predicates: the determinant is of differences, so the
//              sign stays (pred.orient2d, pred.incircle).
//   permute    the input in another order where the spec says the result
//              does not depend on it: outlines reversed, each outline's rings
//              reversed, each ring started at its next vertex and run the
//              other way (region.promise, region.from-outlines); the operands
//              of Union, Intersection and SymmetricDifference swapped
//              (region.face-rule is symmetric, arr.* does not look at the
//              operand); edges reversed in order (arr.promise); the points
//              a, b, c rotated (pred.orient2d; pred.incircle: two swaps).
//              The output bytes are the same.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "conformance/runner/golden.hpp"
#include "conformance/runner/runner.hpp"

namespace onepath::conformance {

inline constexpr const char* kMetamorphicFamily = "metamorphic";

struct DerivedCheck {
  std::string relation;              // "translate" or "permute"
  std::string description;           // "translated by (1048576, -8)", for the provenance
  nlohmann::json input;              // the changed input
  std::vector<std::string> clauses;  // the clauses the relation follows from
  // The expected output bytes of the changed input, from the vector's own
  // (correct) output bytes.
  std::function<std::vector<std::uint8_t>(const std::vector<std::uint8_t>&)> expected;
};

// The checks that apply to a vector: none for a negative vector, an
// operation without relations, or an input no translation keeps exact.
std::vector<DerivedCheck> DeriveChecks(const GoldenVector& v);

// The derived check with id "<vector id>~<relation>" as a vector of its
// own, its expectation made from the reference's output for the vector (for
// `onepath reduce`); nullopt when the suite has no such check.
std::optional<GoldenVector> FindDerivedVector(const Suite& suite, const std::string& id);

struct SuiteRun {
  std::vector<Outcome> outcomes;     // in suite order, each vector then its derived checks
  std::deque<GoldenVector> derived;  // the derived checks' vectors (outcomes point here)
};

// Runs the selected vectors like RunSuite and, with `metamorphic`, after
// each vector that was run its derived checks: family "metamorphic", id
// "<vector id>~translate" / "~permute", the clauses of the relation (when
// the selection names ids, only the checks of the vectors it names by
// their own id, and the checks it names by theirs: Selected). A
// derived check runs only when its vector passed (it needs the vector's
// correct output); otherwise it counts as skipped.
SuiteRun RunSuiteWithChecks(const Suite& suite, const Selection& selection, const AskFn& ask,
                            bool metamorphic, const ProgressFn& progress);

}  // namespace onepath::conformance
