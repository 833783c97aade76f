// The contour stage of the 3D build (docs/spec/build3d-regions.md,
// b3d.contour.*): RegionPipeline::Trace's value, after Recast 1.6.0's
// rcBuildContours with wall-edge tessellation, and its canonical bytes.
#pragma once

#include <cstdint>
#include <vector>

#include "onepath/build3d/regions.hpp"

namespace onepath::build3d {

// b3d.contour.values: a cell corner (x, z), its floor row y, the region
// beyond the edge that leaves the vertex (0: wall; borderId for the
// border) and whether that edge is an area border.
struct ContourVertex {
  std::uint16_t x = 0;
  std::uint16_t y = 0;
  std::uint16_t z = 0;
  std::uint16_t neighbour = 0;
  bool areaBorder = false;
  friend bool operator==(const ContourVertex&, const ContourVertex&) = default;
};

// b3d.contour.values: a closed polygon of one region (last vertex joined
// to the first); an outline with its holes merged visits each bridge end
// twice (b3d.contour.merge).
struct Contour {
  std::uint16_t region = 0;
  std::uint8_t area = 0;
  std::vector<ContourVertex> vertices;
  friend bool operator==(const Contour&, const Contour&) = default;
};

// b3d.contour.values, b3d.contour.order: the contours in scan order,
// without the border's and without merged holes.
struct ContourSet {
  std::vector<Contour> contours;
  friend bool operator==(const ContourSet&, const ContourSet&) = default;
};

// b3d.contour.values: the list of contours, each u16 region, u8 area and
// the list of its vertices (u16 x, u16 y, u16 z, u16 neighbour, u8 flags).
std::vector<std::uint8_t> CanonicalBytes(const ContourSet& contours);

}  // namespace onepath::build3d
