// Public double coordinates (spec 002, "Coordinates and the snap grid").
#pragma once

namespace onepath {

struct Vector2D {
  double x = 0.0;
  double y = 0.0;
};

inline bool operator==(const Vector2D& a, const Vector2D& b) { return a.x == b.x && a.y == b.y; }

}  // namespace onepath
