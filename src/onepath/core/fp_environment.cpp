#include "onepath/core/fp_environment.hpp"

#include <fmt/format.h>

#include <cfenv>
#include <cfloat>
#include <cmath>

namespace onepath {

namespace {

// Inputs go through volatile so the compiler cannot fold the expressions at
// compile time: we want to see what the generated code does at run time.
volatile double g_one = 1.0;
volatile double g_tiny = 0x1p-30;
volatile double g_half_ulp = 0x1p-53;
volatile double g_min_normal = DBL_MIN;
volatile float g_min_normal_f = FLT_MIN;
volatile double g_above_half_ulp = 0x1.8p-53;

// num.no-contraction. a = 1 + 2^-30, b = 1 - 2^-30: a*b = 1 - 2^-60 exactly,
// which rounds to 1, so a*b - 1 is 0 in IEEE double. A fused multiply-add
// keeps the product unrounded and gives -2^-60.
double ContractionProbe() {
  double a = g_one + g_tiny;
  double b = g_one - g_tiny;
  double c = g_one;
  return a * b - c;
}

// num.eval-method. (1 + 2^-53) - 1: the sum is a tie that rounds to 1 in
// double, giving 0. x87 registers keep 64-bit significands and give 2^-53.
double ExcessPrecisionProbe() {
  double x = g_one + g_half_ulp;
  return x - g_one;
}

}  // namespace

bool FpPreflight::ok() const {
  for (const FpCheck& c : checks)
    if (!c.passed) return false;
  return true;
}

std::string FpPreflight::Summary() const {
  std::string out;
  for (const FpCheck& c : checks) {
    out += fmt::format("  [{}] {:<22} {:<32} {}\n", c.passed ? "ok" : "FAIL", c.clause, c.name,
                       c.detail);
  }
  return out;
}

FpPreflight RunFpPreflight() {
  FpPreflight p;

  double contraction = ContractionProbe();
  p.checks.push_back({"num.no-contraction", "no FMA contraction", contraction == 0.0,
                      fmt::format("(1+2^-30)(1-2^-30)-1 = {:a}", contraction)});

  double excess = ExcessPrecisionProbe();
  bool method_ok = FLT_EVAL_METHOD == 0;
  p.checks.push_back(
      {"num.eval-method", "no excess precision", excess == 0.0 && method_ok,
       fmt::format("FLT_EVAL_METHOD={}, (1+2^-53)-1 = {:a}", FLT_EVAL_METHOD, excess)});

  // num.subnormals. Flush-to-zero turns results below DBL_MIN into 0;
  // denormals-are-zero reads subnormal inputs as 0. Check both, in double
  // and float.
  double sub = g_min_normal / 4.0;
  volatile double sub_v = sub;
  double back = sub_v * 4.0;
  float sub_f = g_min_normal_f / 4.0f;
  volatile float sub_fv = sub_f;
  float back_f = sub_fv * 4.0f;
  bool subnormals_ok = sub != 0.0 && back == DBL_MIN && sub_f != 0.0f && back_f == FLT_MIN;
  p.checks.push_back({"num.subnormals", "subnormals kept (no FTZ/DAZ)", subnormals_ok,
                      fmt::format("DBL_MIN/4 = {:a}, *4 = {:a}; FLT_MIN/4*4 = {:a}", sub, back,
                                  static_cast<double>(back_f))});

  // num.rounding. The mode register, and its effect: 1 + 1.5*2^-53 lies
  // above the midpoint between 1 and 1 + 2^-52 and must round up; 1 + 2^-53
  // is a tie and must round to the even neighbour 1.
  int mode = std::fegetround();
  double up = g_one + g_above_half_ulp;
  double tie = g_one + g_half_ulp;
  bool rounding_ok = mode == FE_TONEAREST && up == 1.0 + 0x1p-52 && tie == 1.0;
  p.checks.push_back({"num.rounding", "round to nearest, ties to even", rounding_ok,
                      fmt::format("fegetround()={}, 1+1.5*2^-53 = {:a}, 1+2^-53 = {:a}",
                                  mode == FE_TONEAREST ? "FE_TONEAREST" : "other", up, tie)});
  return p;
}

}  // namespace onepath
