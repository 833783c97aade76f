// num.*: the FP-environment preflight passes here and can fail.
#include <gtest/gtest.h>

#include <cfenv>
#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

#include "conformance/tests/clause.hpp"
#include "onepath/core/fp_environment.hpp"

using onepath::FpPreflight;
using onepath::RunFpPreflight;

namespace {

bool CheckPassed(const FpPreflight& p, const std::string& clause) {
  for (const auto& c : p.checks)
    if (c.clause == clause) return c.passed;
  ADD_FAILURE() << "no check for " << clause;
  return false;
}

}  // namespace

TEST(FpPreflight, PassesInThisBuild) {
  CLAUSE("num.preflight num.no-contraction num.eval-method num.subnormals num.rounding");
  FpPreflight p = RunFpPreflight();
  EXPECT_TRUE(p.ok()) << p.Summary();
  EXPECT_EQ(p.checks.size(), 4u);
}

TEST(FpPreflight, DetectsANonDefaultRoundingMode) {
  CLAUSE("num.preflight num.rounding");
  // Negative control: round toward +infinity makes 1 + 2^-53 round up.
  ASSERT_EQ(std::fesetround(FE_UPWARD), 0);
  FpPreflight p = RunFpPreflight();
  std::fesetround(FE_TONEAREST);
  EXPECT_FALSE(CheckPassed(p, "num.rounding"));
  EXPECT_FALSE(p.ok());
}

#if defined(__SSE2__)
TEST(FpPreflight, DetectsFlushToZero) {
  CLAUSE("num.preflight num.subnormals");
  // Negative control: set the SSE flush-to-zero (bit 15) and
  // denormals-are-zero (bit 6) flags, as -ffast-math start-up code does.
  unsigned int saved = _mm_getcsr();
  _mm_setcsr(saved | 0x8040);
  FpPreflight p = RunFpPreflight();
  _mm_setcsr(saved);
  EXPECT_FALSE(CheckPassed(p, "num.subnormals"));
}
#endif
