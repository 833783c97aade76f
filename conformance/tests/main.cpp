// Test main: the FP-environment preflight runs before any test (num.*).
// A build or machine that contracts to FMA, keeps excess precision, flushes
// subnormals or rounds otherwise than to nearest-even would make every
// golden comparison meaningless, so it stops here, loudly.
#include <gtest/gtest.h>

#include <cstdio>

#include "onepath/core/fp_environment.hpp"

int main(int argc, char** argv) {
  onepath::FpPreflight preflight = onepath::RunFpPreflight();
  if (!preflight.ok()) {
    std::fprintf(stderr, "FP-environment preflight FAILED:\n%s", preflight.Summary().c_str());
    return 3;
  }
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
