// b3d.span.split: cutting a polygon at a grid line, as Recast 1.6.0's
// dividePoly (docs/spec/build3d-spans.md). Internal to the rasterizer;
// tests call it directly.
#pragma once

#include "onepath/build3d/input.hpp"

namespace onepath::build3d::internal {

enum class Axis { X, Z };

inline float Coordinate(const Vector3f& p, Axis axis) { return axis == Axis::X ? p.x : p.z; }

// Splits the n points of `in` at the line coordinate(axis) = c into `low`
// (at or below c) and `high` (at or above), returning their sizes in nLow
// and nHigh. Each output needs room for 2n points. All arithmetic binary32.
inline void Split(const Vector3f* in, int n, float c, Axis axis, Vector3f* low, int& nLow,
                  Vector3f* high, int& nHigh) {
  nLow = 0;
  nHigh = 0;
  if (n == 0) return;
  // d_j for j = i - 1, starting with j = n - 1; each d is computed the same
  // way every time, so carrying it over is the spec's d_j.
  float dj = c - Coordinate(in[n - 1], axis);
  for (int i = 0, j = n - 1; i < n; j = i, ++i) {
    const float di = c - Coordinate(in[i], axis);
    const Vector3f& pi = in[i];
    const Vector3f& pj = in[j];
    if ((di >= 0.0f) != (dj >= 0.0f)) {
      const float s = dj / (dj - di);
      const float dx = pi.x - pj.x;
      const float dy = pi.y - pj.y;
      const float dz = pi.z - pj.z;
      const float sx = dx * s;
      const float sy = dy * s;
      const float sz = dz * s;
      const Vector3f q{pj.x + sx, pj.y + sy, pj.z + sz};
      low[nLow++] = q;
      high[nHigh++] = q;
      if (di > 0.0f) {
        low[nLow++] = pi;
      } else if (di < 0.0f) {
        high[nHigh++] = pi;
      }
    } else if (di > 0.0f) {
      low[nLow++] = pi;
    } else if (di == 0.0f) {
      low[nLow++] = pi;
      high[nHigh++] = pi;
    } else {
      high[nHigh++] = pi;
    }
    dj = di;
  }
}

}  // namespace onepath::build3d::internal
