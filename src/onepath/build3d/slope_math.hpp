// b3d.slope-cosine: the cosine of the agent's slope limit without a
// library cosine (docs/spec/build3d-tiles.md).
#pragma once

namespace onepath::build3d {

class SlopeMath {
 public:
  // b3d.slope-cosine: 14 Taylor terms of cos(degrees * K) in binary64,
  // summed from the smallest term up, rounded once to binary32.
  // Precondition: degrees in 0..90 (b3d.settings checks it).
  static float CosineOfDegrees(double degrees);
};

}  // namespace onepath::build3d
