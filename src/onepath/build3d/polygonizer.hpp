// The polygon stage of the 3D build (docs/spec/build3d-polygons.md,
// b3d.poly.*): Polygonizer::Build turns a tile's contours into convex
// polygons of at most MaxVertsPerPoly corners (000 §3), and its value's
// canonical bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "onepath/build3d/contours.hpp"
#include "onepath/build3d/settings.hpp"

namespace onepath::build3d {

// b3d.poly.values: a welded vertex, a cell corner (x, z) of the tile's
// grid and the floor row y of the first ring node welded there.
struct PolyVertex {
  std::uint16_t x = 0;
  std::uint16_t y = 0;
  std::uint16_t z = 0;
  friend bool operator==(const PolyVertex&, const PolyVertex&) = default;
};

// b3d.poly.values: a polygon corner, its vertex index and whether the edge
// leaving it (to the next corner, the last to the first) is a wall.
struct PolyCorner {
  std::uint32_t vertex = 0;
  bool wall = false;
  friend bool operator==(const PolyCorner&, const PolyCorner&) = default;
};

// b3d.poly.values: a polygon, with the index of its contour in the
// ContourSet and that contour's region and area.
struct MeshPolygon {
  std::uint32_t contour = 0;
  std::uint16_t region = 0;
  std::uint8_t area = 0;
  std::vector<PolyCorner> corners;
  friend bool operator==(const MeshPolygon&, const MeshPolygon&) = default;
};

// b3d.poly.values, b3d.poly.order: the tile's vertex list (creation
// order), its polygons (contour order, then merge order) and the number of
// clips made without a valid ear (b3d.poly.degenerate-ears).
struct PolyMesh {
  std::vector<PolyVertex> vertices;
  std::vector<MeshPolygon> polygons;
  std::uint32_t degenerateEars = 0;
  friend bool operator==(const PolyMesh&, const PolyMesh&) = default;
};

// b3d.poly.api: the runner's two stages, each a PolyMesh with the same
// vertex list: `ears`, every contour's emitted triangles in emission
// order, and `polygons`, the merged polygons (Build's result).
struct PolygonizerStages {
  PolyMesh ears;
  PolyMesh polygons;
};

class Polygonizer {
 public:
  // b3d.poly.api: checks the settings (b3d.settings-checks, the only
  // errors, b3d.poly.errors), then polygonizes every contour of at least
  // three vertices in order.
  static PolyMesh Build(const ContourSet& contours, const NavSettings& settings);

  // b3d.poly.api: Build with the stage `ears` kept.
  static PolygonizerStages BuildStages(const ContourSet& contours, const NavSettings& settings);
};

// b3d.poly.rows: minRow and maxRow, the least and the greatest y of the
// vertices some polygon uses; none for a mesh without polygons.
struct PolyRows {
  std::int64_t minRow = 0;
  std::int64_t maxRow = 0;
};
std::optional<PolyRows> PolygonRows(const PolyMesh& mesh);

// b3d.poly.values: the list of vertices (u16 x, u16 y, u16 z); the list of
// polygons (u32 contour, u16 region, u8 area, the list of corners: u32
// vertex, u8 flags, 1 for a wall); u32 degenerateEars.
std::vector<std::uint8_t> CanonicalBytes(const PolyMesh& mesh);

}  // namespace onepath::build3d
