// Replays golden vectors against the reference implementation.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "conformance/runner/golden.hpp"

namespace onepath::conformance {

enum class Status { kPass, kFail, kSkip };

struct Outcome {
  const GoldenVector* vector = nullptr;
  Status status = Status::kSkip;
  std::string detail;  // why it failed or was skipped, in words
};

struct Selection {
  std::vector<std::string> families;  // empty: all
  std::vector<std::string> clauses;   // empty: all; else vectors naming any of them
  int shard_index = 0;                // this shard, 0-based
  int shard_count = 1;                // vectors with (position % count) == index
};

bool Selected(const GoldenVector& v, std::size_t position, const Selection& s);

// Runs one vector and compares: positive vectors by SHA-256 of the
// canonical output, negative vectors by exception type and every field.
Outcome RunVector(const GoldenVector& v);

// Runs the selected vectors in suite order; `progress(done, total)` is called
// after each one (may be empty).
std::vector<Outcome> RunSuite(const Suite& suite, const Selection& selection,
                              const std::function<void(std::size_t, std::size_t)>& progress);

}  // namespace onepath::conformance
