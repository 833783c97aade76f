// Helpers of the 3D span tests: settings with chosen row and cell counts,
// and exact comparison of an error's fields (err.fields: a missing or extra
// field is a failure).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>

#include "onepath/build3d/settings.hpp"
#include "onepath/core/errors.hpp"

namespace onepath::b3dtest {

// Cells of 1 and rows of 1 (world units), tiles of `tileCells` cells, so
// WalkableHeight = agentHeight, WalkableClimb = climb, WalkableRadius =
// radius and B = radius + 3 exactly (b3d.walkable-settings).
inline build3d::NavSettings UnitSettings(int agentHeight, int climb, int radius,
                                         int tileCells = 4) {
  build3d::NavSettings s;
  s.CellSize = 1.0;
  s.CellHeight = 1.0;
  s.TileSize = tileCells;
  s.AgentHeight = agentHeight;
  s.AgentMaxClimb = climb;
  s.AgentRadius = radius;
  return s;
}

inline std::string Show(const ErrorFields& f) {
  return DescribeError(ArgumentException("fields", f));
}

// Every field of `actual` equals `expected` (values compared bit for bit,
// so NaN equals NaN).
inline void ExpectFields(const ErrorFields& actual, const ErrorFields& expected) {
  bool same = actual.argument == expected.argument && actual.outline == expected.outline &&
              actual.ring == expected.ring && actual.vertex == expected.vertex &&
              actual.edge == expected.edge && actual.triangle == expected.triangle &&
              actual.volume == expected.volume && actual.column == expected.column &&
              actual.span == expected.span && actual.setting == expected.setting &&
              actual.tileX == expected.tileX && actual.tileZ == expected.tileZ &&
              actual.count == expected.count && actual.polygon == expected.polygon &&
              actual.value.has_value() == expected.value.has_value();
  if (same && actual.value) {
    same =
        std::isnan(*actual.value) ? std::isnan(*expected.value) : *actual.value == *expected.value;
  }
  EXPECT_TRUE(same) << "got " << Show(actual) << "\nwant " << Show(expected);
}

}  // namespace onepath::b3dtest
