// FP-environment preflight (docs/spec/numerics.md, num.*).
//
// The golden hashes only mean something when float arithmetic is plain IEEE
// 754 binary32/binary64 with round-to-nearest-even. This checks, at run time
// and in code compiled with the library's own flags, the four ways a build
// or a process can silently break that.
#pragma once

#include <string>
#include <vector>

namespace onepath {

struct FpCheck {
  std::string clause;  // e.g. "num.no-contraction"
  std::string name;    // short human name
  bool passed = false;
  std::string detail;  // what was measured
};

struct FpPreflight {
  std::vector<FpCheck> checks;
  bool ok() const;
  std::string Summary() const;  // one line per check
};

FpPreflight RunFpPreflight();

}  // namespace onepath
