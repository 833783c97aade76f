// Building a tile's solid heightfield (docs/spec/build3d-spans.md,
// b3d.span.classify ... b3d.span.from-chunk), after Recast 1.6.0's
// rcMarkWalkableTriangles and rcRasterizeTriangles. Real arithmetic is
// binary32 in the order the text writes it (b3d.span.float).
#include "onepath/build3d/voxelizer.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "onepath/build3d/internal/span_columns.hpp"
#include "onepath/build3d/internal/split.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d {

namespace internal {

namespace {

// b3d.span.integers: trunc, floor and ceil of a binary32 value as exact
// integers (every value here is below 2^38 in magnitude, b3d.settings).
// The conversion to a 64-bit integer truncates exactly for any value below
// 2^63 in magnitude, so it is trunc; floor is trunc for v >= 0 (and -0);
// trunc(v) is itself a binary32 value, so comparing it with v in binary32
// is exact and ceil is one above it where v is not an integer. The same
// integers as std::trunc, std::floor and std::ceil, without their rounding
// sequences.
std::int64_t Trunc(float v) { return static_cast<std::int64_t>(v); }
std::int64_t FloorNonNegative(float v) { return static_cast<std::int64_t>(v); }
std::int64_t Ceil(float v) {
  const std::int64_t t = static_cast<std::int64_t>(v);
  return static_cast<float>(t) < v ? t + 1 : t;
}

// b3d.span.integers: rcClamp, the lower bound tested first.
std::int64_t Clamp(std::int64_t v, std::int64_t lo, std::int64_t hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

// b3d.span.classify: Recast's binary32 normal test.
bool FacesUp(Vector3f v0, Vector3f v1, Vector3f v2, float slopeCosine) {
  const float e0x = v1.x - v0.x;
  const float e0y = v1.y - v0.y;
  const float e0z = v1.z - v0.z;
  const float e1x = v2.x - v0.x;
  const float e1y = v2.y - v0.y;
  const float e1z = v2.z - v0.z;
  const float nx = (e0y * e1z) - (e0z * e1y);
  const float ny = (e0z * e1x) - (e0x * e1z);
  const float nz = (e0x * e1y) - (e0y * e1x);
  const float q = ((nx * nx) + (ny * ny)) + (nz * nz);
  const float d = 1.0f / std::sqrt(q);  // +inf for q = 0, as IEEE gives it
  return (ny * d) > slopeCosine;
}

// The rasterizer's polygon buffers, reused across triangles: each split
// output needs room for twice its input (internal/split.hpp).
struct PolygonBuffers {
  std::vector<Vector3f> rest, strip, stripRest, piece;
  void Reserve(std::size_t n) {
    if (rest.size() >= 2 * n) return;
    for (auto* b : {&rest, &strip, &stripRest, &piece}) b->resize(2 * n);
  }
};

// b3d.span.rasterize for one triangle, steps 1-3.
void RasterizeTriangle(Vector3f v0, Vector3f v1, Vector3f v2, std::uint8_t area, const TileGrid& g,
                       float ics, float ich, std::int32_t threshold, SpanColumns& columns,
                       PolygonBuffers& buffers) {
  const Vector3f lo{std::min({v0.x, v1.x, v2.x}), std::min({v0.y, v1.y, v2.y}),
                    std::min({v0.z, v1.z, v2.z})};
  const Vector3f hi{std::max({v0.x, v1.x, v2.x}), std::max({v0.y, v1.y, v2.y}),
                    std::max({v0.z, v1.z, v2.z})};
  // 1. Bounds.
  if (!(lo.x <= g.bmax.x && hi.x >= g.bmin.x && lo.y <= g.bmax.y && hi.y >= g.bmin.y &&
        lo.z <= g.bmax.z && hi.z >= g.bmin.z)) {
    return;
  }
  // 2. Rows.
  const std::int64_t w = g.width;
  const float by = g.bmax.y - g.bmin.y;
  const std::int64_t z0 = Clamp(Trunc((lo.z - g.bmin.z) * ics), -1, w - 1);
  const std::int64_t z1 = Clamp(Trunc((hi.z - g.bmin.z) * ics), 0, w - 1);
  // 3. Rows, then columns, splitting the rest at every line in turn.
  buffers.Reserve(3);
  std::vector<Vector3f>& rest = buffers.rest;
  rest[0] = v0;
  rest[1] = v1;
  rest[2] = v2;
  int nRest = 3;
  for (std::int64_t z = z0; z <= z1; ++z) {
    // 3.1
    const float line = (g.bmin.z + (static_cast<float>(z) * g.csF)) + g.csF;
    buffers.Reserve(static_cast<std::size_t>(nRest));
    int nStrip = 0;
    int nNext = 0;
    Split(buffers.rest.data(), nRest, line, Axis::Z, buffers.strip.data(), nStrip,
          buffers.stripRest.data(), nNext);
    std::swap(buffers.rest, buffers.stripRest);
    nRest = nNext;
    // 3.2
    if (nStrip < 3 || z == -1) continue;
    // 3.3
    float minX = buffers.strip[0].x;
    float maxX = minX;
    for (int i = 1; i < nStrip; ++i) {
      minX = std::min(minX, buffers.strip[i].x);
      maxX = std::max(maxX, buffers.strip[i].x);
    }
    std::int64_t x0 = Trunc((minX - g.bmin.x) * ics);
    std::int64_t x1 = Trunc((maxX - g.bmin.x) * ics);
    if (x1 < 0 || x0 >= w) continue;
    x0 = Clamp(x0, -1, w - 1);
    x1 = Clamp(x1, 0, w - 1);
    // 3.4
    for (std::int64_t x = x0; x <= x1; ++x) {
      const float columnLine = (g.bmin.x + (static_cast<float>(x) * g.csF)) + g.csF;
      buffers.Reserve(static_cast<std::size_t>(nStrip));
      int nPiece = 0;
      int nStripNext = 0;
      Split(buffers.strip.data(), nStrip, columnLine, Axis::X, buffers.piece.data(), nPiece,
            buffers.stripRest.data(), nStripNext);
      std::swap(buffers.strip, buffers.stripRest);
      nStrip = nStripNext;
      if (nPiece < 3 || x == -1) continue;
      float yLo = buffers.piece[0].y;
      float yHi = yLo;
      for (int i = 1; i < nPiece; ++i) {
        yLo = std::min(yLo, buffers.piece[i].y);
        yHi = std::max(yHi, buffers.piece[i].y);
      }
      yLo = yLo - g.bmin.y;
      yHi = yHi - g.bmin.y;
      if (yHi < 0.0f || yLo > by) continue;
      if (yLo < 0.0f) yLo = 0.0f;
      if (yHi > by) yHi = by;
      // Within a tile's grid smin <= 65533, so smin + 1 fits (b3d.span.rasterize).
      // yLo >= 0 here and ich > 0, so floor(yLo * ich) is its trunc.
      const std::int64_t smin = Clamp(FloorNonNegative(yLo * ich), 0, kOpenTop);
      const std::int64_t smax = Clamp(Ceil(yHi * ich), smin + 1, kOpenTop);
      columns.AddSpan(static_cast<std::size_t>(x + z * w), static_cast<std::uint16_t>(smin),
                      static_cast<std::uint16_t>(smax), area, threshold);
    }
  }
}

// b3d.voxel-mapping: visit(i, k, column) for each grid column `column` (c
// + W r) of the tile that shows a source column (i, k) of a sizeX x sizeZ
// source.
template <typename Visit>
void ForEachSourceColumn(const TileGrid& grid, std::int64_t sizeX, std::int64_t sizeZ,
                         Visit visit) {
  const std::int64_t w = grid.width;
  for (std::int64_t r = 0; r < w; ++r) {
    const std::int64_t k = SourceColumn(grid, grid.tileZ, r);
    if (k < 0 || k >= sizeZ) continue;
    for (std::int64_t c = 0; c < w; ++c) {
      const std::int64_t i = SourceColumn(grid, grid.tileX, c);
      if (i < 0 || i >= sizeX) continue;
      visit(i, k, static_cast<std::size_t>(c + w * r));
    }
  }
}

}  // namespace

TileTriangles ClassifyTriangles(const TriangleSoup& soup, std::span<const std::uint32_t> triangles,
                                float slopeCosine) {
  TileTriangles out;
  out.triangles.reserve(triangles.size());
  for (std::uint32_t t : triangles) {
    const std::int32_t* i = soup.indices.data() + 3 * std::size_t{t};
    const Vector3f v0 = SoupVertex(soup, i[0]);
    const Vector3f v1 = SoupVertex(soup, i[1]);
    const Vector3f v2 = SoupVertex(soup, i[2]);
    const bool walkable =
        FacesUp(v0, v1, v2, slopeCosine) && MayBeWalkable(v0, v1, v2, slopeCosine);
    out.triangles.push_back({t, walkable ? kWalkableArea : kNullArea});
  }
  return out;
}

Heightfield Rasterize(const TriangleSoup& soup, const TileTriangles& triangles,
                      const TileGrid& grid, std::int32_t threshold) {
  // Per thread and kept from tile to tile: the span pool and the polygon
  // buffers are allocated, and their pages first touched, once (Reset
  // empties the columns whatever an earlier call left).
  thread_local SpanColumns columns(0, 0);
  thread_local PolygonBuffers buffers;
  columns.Reset(grid.width, grid.width);
  const float ics = 1.0f / grid.csF;
  const float ich = 1.0f / grid.chF;
  for (const TileTriangle& t : triangles.triangles) {
    const std::int32_t* i = soup.indices.data() + 3 * std::size_t{t.index};
    RasterizeTriangle(SoupVertex(soup, i[0]), SoupVertex(soup, i[1]), SoupVertex(soup, i[2]),
                      t.area, grid, ics, ich, threshold, columns, buffers);
  }
  return columns.Take();
}

Heightfield FromHeightfield(const HeightfieldInput& input, const TileGrid& grid) {
  SpanColumns columns(grid.width, grid.width);
  ForEachSourceColumn(
      grid, input.width, input.depth, [&](std::int64_t i, std::int64_t k, std::size_t column) {
        for (const Span& s : input.columns[static_cast<std::size_t>(i + input.width * k)]) {
          columns.AddSpan(column, s.smin, s.smax, s.area, 0);
        }
      });
  return columns.Take();
}

Heightfield FromChunk(const VoxelChunk& chunk, const TileGrid& grid) {
  SpanColumns columns(grid.width, grid.width);
  ForEachSourceColumn(
      grid, chunk.sizeX, chunk.sizeZ, [&](std::int64_t i, std::int64_t k, std::size_t column) {
        // b3d.span.from-chunk: voxel (i, j, k) at i + sizeX * (j + sizeY * k).
        // Indexed rather than offset from data(): with sizeY 0 the list is
        // empty and data() may be null.
        const std::int64_t base = i + chunk.sizeX * chunk.sizeY * k;
        auto solid = [&](std::int64_t j) {
          return chunk.voxels[static_cast<std::size_t>(base + chunk.sizeX * j)] != 0;
        };
        std::int64_t j = 0;
        while (j < chunk.sizeY) {
          if (!solid(j)) {
            ++j;
            continue;
          }
          const std::int64_t j0 = j;
          while (j < chunk.sizeY && solid(j)) ++j;
          // The run j0 ... j - 1; sizeY <= 65535 (b3d.chunk-input).
          columns.AddSpan(column, static_cast<std::uint16_t>(j0), static_cast<std::uint16_t>(j),
                          kWalkableArea, 0);
        }
      });
  return columns.Take();
}

}  // namespace internal

std::vector<std::uint8_t> CanonicalBytes(const TileTriangles& t) {
  CanonicalWriter w;
  w.Count(t.triangles.size());
  for (const TileTriangle& triangle : t.triangles) {
    w.U32(triangle.index);
    w.U8(triangle.area);
  }
  return w.Take();
}

TileTriangles Voxelizer::ClassifyTriangles(const TriangleSoup& soup, const NavSettings& settings,
                                           std::int64_t tx, std::int64_t tz) {
  const internal::PreparedTile tile = internal::PrepareTile(soup, {}, settings, tx, tz);
  return internal::ClassifyTriangles(soup, tile.triangles, tile.derived.slopeCosine);
}

Heightfield Voxelizer::Rasterize(const TriangleSoup& soup, const NavSettings& settings,
                                 std::int64_t tx, std::int64_t tz,
                                 std::span<const std::int64_t> areas) {
  const internal::PreparedTile tile = internal::PrepareTile(soup, {}, settings, tx, tz);
  internal::CheckAreas(areas, tile.triangles.size());
  TileTriangles triangles;
  triangles.triangles.reserve(areas.size());
  for (std::size_t k = 0; k < areas.size(); ++k) {
    triangles.triangles.push_back({tile.triangles[k], static_cast<std::uint8_t>(areas[k])});
  }
  return internal::Rasterize(soup, triangles, tile.grid, tile.derived.walkableClimb);
}

Heightfield Voxelizer::FromHeightfield(const HeightfieldInput& input, const NavSettings& settings,
                                       std::int64_t tx, std::int64_t tz) {
  const internal::PreparedTile tile = internal::PrepareTile(input, {}, settings, tx, tz);
  return internal::FromHeightfield(input, tile.grid);
}

Heightfield Voxelizer::FromChunk(const VoxelChunk& chunk, const NavSettings& settings,
                                 std::int64_t tx, std::int64_t tz) {
  const internal::PreparedTile tile = internal::PrepareTile(chunk, {}, settings, tx, tz);
  return internal::FromChunk(chunk, tile.grid);
}

}  // namespace onepath::build3d
