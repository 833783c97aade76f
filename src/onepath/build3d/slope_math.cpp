// b3d.slope-cosine in the pinned operation order (docs/spec/build3d-tiles.md).
#include "onepath/build3d/slope_math.hpp"

namespace onepath::build3d {

float SlopeMath::CosineOfDegrees(double degrees) {
  constexpr int kTerms = 14;                                  // t0 ... t13
  constexpr double kRadiansPerDegree = 0x1.1df46a2529d39p-6;  // the double nearest pi/180
  const double x = degrees * kRadiansPerDegree;
  const double x2 = x * x;
  double terms[kTerms];
  terms[0] = 1.0;
  for (int k = 1; k < kTerms; ++k) {
    const double dk = static_cast<double>((2 * k - 1) * (2 * k));  // exact, at most 650
    terms[k] = -((terms[k - 1] * x2) / dk);
  }
  double sum = terms[kTerms - 1];
  for (int k = kTerms - 2; k >= 0; --k) sum = sum + terms[k];
  return static_cast<float>(sum);
}

}  // namespace onepath::build3d
