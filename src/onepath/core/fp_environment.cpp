#include "onepath/core/fp_environment.hpp"

#include <fmt/format.h>

#include <cfenv>
#include <cfloat>
#include <cmath>

namespace onepath {

namespace {

// Inputs go through volatile so the compiler cannot fold the expressions at
// compile time: we want to see what the generated code does at run time.
volatile double probeOne = 1.0;
volatile double probeTiny = 0x1p-30;
volatile double probeHalfUlp = 0x1p-53;
volatile double probeMinNormal = DBL_MIN;
volatile float probeMinNormalF = FLT_MIN;
volatile double probeAboveHalfUlp = 0x1.8p-53;

// num.no-contraction. a = 1 + 2^-30, b = 1 - 2^-30: a*b = 1 - 2^-60 exactly,
// which rounds to 1, so a*b - 1 is 0 in IEEE double. A fused multiply-add
// keeps the product unrounded and gives -2^-60.
double ContractionProbe() {
  double a = probeOne + probeTiny;
  double b = probeOne - probeTiny;
  double c = probeOne;
  return a * b - c;
}

// num.eval-method. (1 + 2^-53) - 1: the sum is a tie that rounds to 1 in
// double, giving 0. x87 registers keep 64-bit significands and give 2^-53.
double ExcessPrecisionProbe() {
  double x = probeOne + probeHalfUlp;
  return x - probeOne;
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
  bool methodOk = FLT_EVAL_METHOD == 0;
  p.checks.push_back(
      {"num.eval-method", "no excess precision", excess == 0.0 && methodOk,
       fmt::format("FLT_EVAL_METHOD={}, (1+2^-53)-1 = {:a}", FLT_EVAL_METHOD, excess)});

  // num.subnormals. Flush-to-zero turns results below DBL_MIN into 0;
  // denormals-are-zero reads subnormal inputs as 0. Check both, in double
  // and float.
  double sub = probeMinNormal / 4.0;
  volatile double subV = sub;
  double back = subV * 4.0;
  float subF = probeMinNormalF / 4.0f;
  volatile float subFv = subF;
  float backF = subFv * 4.0f;
  bool subnormalsOk = sub != 0.0 && back == DBL_MIN && subF != 0.0f && backF == FLT_MIN;
  p.checks.push_back({"num.subnormals", "subnormals kept (no FTZ/DAZ)", subnormalsOk,
                      fmt::format("DBL_MIN/4 = {:a}, *4 = {:a}; FLT_MIN/4*4 = {:a}", sub, back,
                                  static_cast<double>(backF))});

  // num.rounding. The mode register, and its effect: 1 + 1.5*2^-53 lies
  // above the midpoint between 1 and 1 + 2^-52 and must round up; 1 + 2^-53
  // is a tie and must round to the even neighbour 1.
  int mode = std::fegetround();
  double up = probeOne + probeAboveHalfUlp;
  double tie = probeOne + probeHalfUlp;
  bool roundingOk = mode == FE_TONEAREST && up == 1.0 + 0x1p-52 && tie == 1.0;
  p.checks.push_back({"num.rounding", "round to nearest, ties to even", roundingOk,
                      fmt::format("fegetround()={}, 1+1.5*2^-53 = {:a}, 1+2^-53 = {:a}",
                                  mode == FE_TONEAREST ? "FE_TONEAREST" : "other", up, tie)});
  return p;
}

}  // namespace onepath
