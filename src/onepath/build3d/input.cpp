// The checks of the 3D build's inputs, each in the order its clause lists
// (docs/spec/build3d-tiles.md, b3d.soup ... b3d.coordinate-errors).
#include "onepath/build3d/input.hpp"

#include <cmath>
#include <string>

#include "onepath/build3d/internal/narrow.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d {

namespace {

// b3d.coordinate-errors: non-finite is malformed (ArgumentException),
// finite beyond +-2^21 is out of range. `fields` names the culprit; the
// value is added here.
void CheckCoordinate(double v, ErrorFields fields) {
  fields.value = v;
  if (!std::isfinite(v)) {
    throw ArgumentException("a coordinate is not finite (b3d.coordinate-errors)",
                            std::move(fields));
  }
  if (v < -kMaxCoordinate || v > kMaxCoordinate) {
    throw ArgumentOutOfRangeException("a coordinate is beyond +-2^21 (b3d.coordinate-errors)",
                                      std::move(fields));
  }
}

void CheckSize(const char* argument, std::int64_t v) {
  if (v < 0) {
    throw ArgumentOutOfRangeException("a size must be >= 0",
                                      {.argument = argument, .value = static_cast<double>(v)});
  }
}

// b3d.heightfield-input 2, b3d.chunk-input 2: the grid's rows, rows +
// WalkableHeight + 2, at most 65535.
void CheckGridRows(const char* argument, std::int64_t sourceRows, const DerivedSettings& d) {
  const std::int64_t rows = internal::SaturatingSum(sourceRows, d.walkableHeight + 2);
  if (rows > kMaxRows) {
    throw ArgumentOutOfRangeException("the grid would have more than 65535 rows",
                                      {.argument = argument, .count = rows});
  }
}

void CheckSpan(const char* argument, bool ok, std::size_t column, std::size_t span, double value) {
  if (ok) return;
  throw ArgumentOutOfRangeException("a heightfield span is out of range (b3d.heightfield-input)",
                                    {.argument = argument,
                                     .column = static_cast<std::int64_t>(column),
                                     .span = static_cast<std::int64_t>(span),
                                     .value = value});
}

}  // namespace

void CheckSoup(const TriangleSoup& soup) {
  if (soup.vertices.size() % 3 != 0) {
    throw ArgumentException(
        "vertices is not a multiple of 3 long (b3d.soup)",
        {.argument = "vertices", .count = static_cast<std::int64_t>(soup.vertices.size())});
  }
  if (soup.indices.size() % 3 != 0) {
    throw ArgumentException(
        "indices is not a multiple of 3 long (b3d.soup)",
        {.argument = "indices", .count = static_cast<std::int64_t>(soup.indices.size())});
  }
  static const char* const kAxis[3] = {"vertices.x", "vertices.y", "vertices.z"};
  for (std::size_t i = 0; i < soup.vertices.size(); ++i) {
    CheckCoordinate(soup.vertices[i],
                    {.argument = kAxis[i % 3], .vertex = static_cast<std::int64_t>(i / 3)});
  }
  const auto vertexCount = static_cast<std::int64_t>(soup.vertices.size() / 3);
  for (std::size_t i = 0; i < soup.indices.size(); ++i) {
    const std::int32_t index = soup.indices[i];
    if (index < 0 || index >= vertexCount) {
      throw ArgumentOutOfRangeException("a vertex index is out of range (b3d.soup)",
                                        {.argument = "indices",
                                         .triangle = static_cast<std::int64_t>(i / 3),
                                         .value = static_cast<double>(index)});
    }
  }
}

void CheckHeightfieldInput(const HeightfieldInput& in, const DerivedSettings& d) {
  CheckSize("width", in.width);
  CheckSize("depth", in.depth);
  CheckSize("rows", in.rows);
  CheckGridRows("rows", in.rows, d);
  CheckCoordinate(in.originY, {.argument = "originY"});
  std::int64_t columns = 0;
  if (!internal::ExactProduct(in.width, in.depth, columns) ||
      static_cast<std::uint64_t>(columns) != in.columns.size()) {
    throw ArgumentException(
        "columns is not width * depth long (b3d.heightfield-input)",
        {.argument = "columns", .count = static_cast<std::int64_t>(in.columns.size())});
  }
  for (std::size_t c = 0; c < in.columns.size(); ++c) {
    const auto& column = in.columns[c];
    for (std::size_t k = 0; k < column.size(); ++k) {
      const Span& s = column[k];
      CheckSpan("spans.max", s.smax <= in.rows, c, k, s.smax);
      CheckSpan("spans.min", s.smin < s.smax, c, k, s.smin);
      CheckSpan("spans.area", s.area <= kMaxArea, c, k, s.area);
    }
  }
}

void CheckChunk(const VoxelChunk& chunk, const DerivedSettings& d) {
  CheckSize("sizeX", chunk.sizeX);
  CheckSize("sizeY", chunk.sizeY);
  CheckSize("sizeZ", chunk.sizeZ);
  CheckGridRows("sizeY", chunk.sizeY, d);
  std::int64_t layer = 0;
  std::int64_t voxels = 0;
  if (!internal::ExactProduct(chunk.sizeX, chunk.sizeY, layer) ||
      !internal::ExactProduct(layer, chunk.sizeZ, voxels) ||
      static_cast<std::uint64_t>(voxels) != chunk.voxels.size()) {
    throw ArgumentException(
        "voxels is not sizeX * sizeY * sizeZ long (b3d.chunk-input)",
        {.argument = "voxels", .count = static_cast<std::int64_t>(chunk.voxels.size())});
  }
}

void CheckVolumes(std::span<const ConvexVolume> volumes) {
  for (std::size_t v = 0; v < volumes.size(); ++v) {
    const ConvexVolume& volume = volumes[v];
    const auto index = static_cast<std::int64_t>(v);
    if (volume.points.size() < 3) {
      throw ArgumentOutOfRangeException("a volume has fewer than 3 points (b3d.volume-input)",
                                        {.argument = "volumes.points",
                                         .volume = index,
                                         .count = static_cast<std::int64_t>(volume.points.size())});
    }
    for (std::size_t p = 0; p < volume.points.size(); ++p) {
      const auto vertex = static_cast<std::int64_t>(p);
      CheckCoordinate(volume.points[p].x,
                      {.argument = "volumes.x", .vertex = vertex, .volume = index});
      CheckCoordinate(volume.points[p].z,
                      {.argument = "volumes.z", .vertex = vertex, .volume = index});
    }
    CheckCoordinate(volume.minY, {.argument = "volumes.minY", .volume = index});
    CheckCoordinate(volume.maxY, {.argument = "volumes.maxY", .volume = index});
    if (volume.area < 0 || volume.area > kMaxArea) {
      throw ArgumentOutOfRangeException(
          "a volume's area is not in 0..63 (b3d.volume-input)",
          {.argument = "volumes.area", .volume = index, .value = static_cast<double>(volume.area)});
    }
  }
}

}  // namespace onepath::build3d
