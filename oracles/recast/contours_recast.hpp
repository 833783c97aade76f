// The contour stage (build3d-regions.md, b3d.contour.*) with Recast:
// rcBuildContours with RC_CONTOUR_TESS_WALL_EDGES and borderSize 0 on a
// compact heightfield whose span regions are the cut's, the four border
// strips given their own ids (b3d.contour.recast). Shares no code with
// src/.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "oracles/recast/recast_oracle.hpp"

namespace recast_oracle {

// A vertex as Recast's int[4] contour vertex: x, y, z, and from the fourth
// int the neighbour region (a strip's id read as borderId) and
// RC_AREA_BORDER.
struct ContourVertex {
  int x = 0;
  int y = 0;
  int z = 0;
  int neighbour = 0;
  bool areaBorder = false;
  bool operator==(const ContourVertex&) const = default;
};
struct Contour {
  int region = 0;
  int area = 0;
  std::vector<ContourVertex> vertices;
  bool operator==(const Contour&) const = default;
};

// The field's core is [border, border + tileCells)^2; `regions` holds the
// cut's id of every span (span order), borderId outside the core. Recast
// gets the strips as borderId + 1 (left), + 2 (right), + 3 (bottom), + 4
// (top), like its own border painting. Its contours of the strips and
// its emptied (merged) holes are dropped (counted in *mergedHoles). Refused: ids reaching 0x8000,
// maxEdgeLen above 46340, grids wider than 231 cells (32-bit sums), a
// border vertex in Recast's output. With strips = false every span outside
// the core gets borderId itself (a literal reading of 000 §2.3, for the
// control that shows the strips matter).
Outcome<std::vector<Contour>> Contours(const CompactHeightfield& field,
                                       std::span<const std::uint16_t> regions, int borderId,
                                       int border, int tileCells, float maxError, int maxEdgeLen,
                                       bool strips = true, int* mergedHoles = nullptr);

}  // namespace recast_oracle
