// The height detail of the 3D build (docs/spec/build3d-detail.md,
// b3d.detail.*): DetailMeshBuilder::Build gives every polygon of a tile's
// mesh its own small triangulation with extra vertices on its edges and
// inside it (000 §4), and its value's canonical bytes.
#pragma once

#include <cstdint>
#include <vector>

#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/polygonizer.hpp"
#include "onepath/build3d/regions.hpp"
#include "onepath/build3d/settings.hpp"

namespace onepath::build3d {

// b3d.detail.values: where a polygon's extra vertices and triangles are.
struct DetailPolygon {
  std::uint32_t vertexBase = 0;
  std::uint32_t vertexCount = 0;
  std::uint32_t triangleBase = 0;
  std::uint32_t triangleCount = 0;
  friend bool operator==(const DetailPolygon&, const DetailPolygon&) = default;
};

// b3d.detail.values: an extra vertex, its stored (tile-local) position.
struct DetailVertex {
  float x = 0.0f;
  float y = 0.0f;
  float z = 0.0f;
  friend bool operator==(const DetailVertex&, const DetailVertex&) = default;
};

// b3d.detail.output: three vertex numbers of the polygon (its corners
// 0 .. n-1, then its extra vertices) and the flags, bit k set when edge k
// lies on the polygon's boundary.
struct DetailTriangle {
  std::uint8_t a = 0;
  std::uint8_t b = 0;
  std::uint8_t c = 0;
  std::uint8_t flags = 0;
  friend bool operator==(const DetailTriangle&, const DetailTriangle&) = default;
};

// b3d.detail.values: the detail of one tile, polygon after polygon.
struct DetailMesh {
  std::uint16_t minRow = 0;
  std::vector<DetailPolygon> polygons;
  std::vector<DetailVertex> vertices;
  std::vector<DetailTriangle> triangles;
  friend bool operator==(const DetailMesh&, const DetailMesh&) = default;
};

class DetailMeshBuilder {
 public:
  // b3d.detail.build, b3d.detail.stage-input: the stage `detail` of tile
  // (tileX, tileZ) from its polygon mesh, its compact heightfield (stage
  // `volumes`), its cut (stage `cut`) and minRow (b3d.detail.min-row).
  static DetailMesh Build(const PolyMesh& mesh, const CompactHeightfield& compact,
                          const BorderCut& cut, std::int64_t minRow, const NavSettings& settings,
                          std::int64_t tileX, std::int64_t tileZ);
};

// b3d.detail.values: u16 minRow; the list of polygons (u32 vertexBase,
// vertexCount, triangleBase, triangleCount); the list of vertices (f32 x,
// y, z); the list of triangles (u8 a, b, c, flags).
std::vector<std::uint8_t> CanonicalBytes(const DetailMesh& detail);

}  // namespace onepath::build3d
