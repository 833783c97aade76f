// The three inputs of the 3D build and its area volumes, with their checks
// (docs/spec/build3d-tiles.md, "Inputs": b3d.soup, b3d.heightfield-input,
// b3d.chunk-input, b3d.volume-input, b3d.coordinate-errors).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/settings.hpp"

namespace onepath::build3d {

// A binary32 point (x, z horizontal, y up).
struct Vector3f {
  float x = 0.0f;
  float y = 0.0f;
  float z = 0.0f;
  friend bool operator==(const Vector3f&, const Vector3f&) = default;
};

// b3d.soup: Recast's layout. vertices: x, y, z of vertex 0, then vertex 1,
// ...; indices: three vertex indices per triangle.
struct TriangleSoup {
  std::vector<float> vertices;
  std::vector<std::int32_t> indices;
};

// Vertex `index` of a soup. Precondition: CheckSoup passed and index is one
// of its indices.
inline Vector3f SoupVertex(const TriangleSoup& soup, std::int32_t index) {
  const float* v = soup.vertices.data() + 3 * static_cast<std::size_t>(index);
  return {v[0], v[1], v[2]};
}

// b3d.heightfield-input: width x depth columns of spans, column (i, k) at
// i + width * k; rows and originY describe the source frame.
struct HeightfieldInput {
  std::int64_t width = 0;
  std::int64_t depth = 0;
  std::int64_t rows = 0;
  double originY = 0.0;
  std::vector<std::vector<Span>> columns;
};

// b3d.chunk-input: voxel (i, j, k) at i + sizeX * (j + sizeY * k); solid
// when not 0.
struct VoxelChunk {
  std::int64_t sizeX = 0;
  std::int64_t sizeY = 0;
  std::int64_t sizeZ = 0;
  std::vector<std::uint8_t> voxels;
};

// b3d.volume-input: a polygon in the xz plane between two heights.
struct VolumePoint {
  float x = 0.0f;
  float z = 0.0f;
};

struct ConvexVolume {
  std::vector<VolumePoint> points;
  float minY = 0.0f;
  float maxY = 0.0f;
  std::int64_t area = 0;
};

// b3d.soup checks 1-4: lengths, coordinates (b3d.coordinate-errors),
// indices. Throws ArgumentException or ArgumentOutOfRangeException.
void CheckSoup(const TriangleSoup& soup);

// b3d.heightfield-input checks 1-5: sizes, rows (with WalkableHeight),
// originY, the column count, the spans.
void CheckHeightfieldInput(const HeightfieldInput& input, const DerivedSettings& derived);

// b3d.chunk-input checks 1-3: sizes, rows, the voxel count.
void CheckChunk(const VoxelChunk& chunk, const DerivedSettings& derived);

// b3d.volume-input: volume by volume, field by field.
void CheckVolumes(std::span<const ConvexVolume> volumes);

}  // namespace onepath::build3d
