// The tile grid (docs/spec/build3d-tiles.md, b3d.tile-origin ...
// b3d.voxel-mapping). Every expression is binary64 in the order written;
// floor and ceil results are exact integers below 2^53, so the conversions
// to int64 are exact (b3d.settings bounds them).
#include "onepath/build3d/tile_grid.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "onepath/build3d/internal/narrow.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d {

namespace {

// floor((v - origin) / tileSize) as an integer.
std::int64_t TileOf(double v, double origin, double tileSize) {
  const double difference = v - origin;
  const double quotient = difference / tileSize;
  return static_cast<std::int64_t>(std::floor(quotient));
}

[[noreturn]] void TooManyTiles(std::int64_t count) {
  throw ArgumentOutOfRangeException("the input has more than 2^20 tiles",
                                    {.argument = "tiles", .count = count});
}

// ceil(n / d) for n >= 0, d > 0, without overflow.
std::int64_t CeilDiv(std::int64_t n, std::int64_t d) { return n / d + (n % d != 0 ? 1 : 0); }

}  // namespace

double TileOriginX(const NavSettings& s, std::int64_t tx) {
  const double offset = static_cast<double>(tx) * s.TileSize;
  return s.OriginX + offset;
}

double TileOriginZ(const NavSettings& s, std::int64_t tz) {
  const double offset = static_cast<double>(tz) * s.TileSize;
  return s.OriginZ + offset;
}

std::vector<TileIndex> BuildOrder(const TileRange& range) {
  std::vector<TileIndex> order;
  order.reserve(static_cast<std::size_t>(range.Count()));
  for (std::int64_t tz = range.z0; tz <= range.z1; ++tz) {
    for (std::int64_t tx = range.x0; tx <= range.x1; ++tx) order.push_back({tx, tz});
  }
  return order;
}

TileRange SoupTiles(const TriangleSoup& soup, const NavSettings& s) {
  if (soup.vertices.size() < 3) return {};
  double minX = soup.vertices[0], maxX = minX;
  double minZ = soup.vertices[2], maxZ = minZ;
  for (std::size_t i = 3; i + 2 < soup.vertices.size(); i += 3) {
    const double x = soup.vertices[i];
    const double z = soup.vertices[i + 2];
    minX = std::min(minX, x);
    maxX = std::max(maxX, x);
    minZ = std::min(minZ, z);
    maxZ = std::max(maxZ, z);
  }
  const TileRange range{TileOf(minX, s.OriginX, s.TileSize), TileOf(maxX, s.OriginX, s.TileSize),
                        TileOf(minZ, s.OriginZ, s.TileSize), TileOf(maxZ, s.OriginZ, s.TileSize)};
  // Each side is at most 2^31 tiles (b3d.settings), so the product is exact.
  if (range.Count() > kMaxTiles) TooManyTiles(range.Count());
  return range;
}

TileRange VoxelTiles(std::int64_t sizeX, std::int64_t sizeZ, const DerivedSettings& d) {
  if (sizeX == 0 || sizeZ == 0) return {};
  const std::int64_t nx = CeilDiv(sizeX, d.tileCells);
  const std::int64_t nz = CeilDiv(sizeZ, d.tileCells);
  std::int64_t count = 0;
  // A count beyond int64 (a chunk with no rows can be that wide) is
  // reported as the largest int64.
  if (!internal::ExactProduct(nx, nz, count))
    TooManyTiles(std::numeric_limits<std::int64_t>::max());
  if (count > kMaxTiles) TooManyTiles(count);
  return {0, nx - 1, 0, nz - 1};
}

TileRange TriangleTiles(const TriangleSoup& soup, std::size_t triangle, const NavSettings& s,
                        const DerivedSettings& d, const TileRange& soupTiles) {
  const std::int32_t* t = soup.indices.data() + 3 * triangle;
  const Vector3f a = SoupVertex(soup, t[0]);
  const Vector3f b = SoupVertex(soup, t[1]);
  const Vector3f c = SoupVertex(soup, t[2]);
  const double minX = std::min({double{a.x}, double{b.x}, double{c.x}});
  const double maxX = std::max({double{a.x}, double{b.x}, double{c.x}});
  const double minZ = std::min({double{a.z}, double{b.z}, double{c.z}});
  const double maxZ = std::max({double{a.z}, double{b.z}, double{c.z}});
  const double e = static_cast<double>(d.border) * d.cs;
  const std::int64_t x0 = TileOf(minX - e, s.OriginX, s.TileSize);
  const std::int64_t x1 = TileOf(maxX + e, s.OriginX, s.TileSize);
  const std::int64_t z0 = TileOf(minZ - e, s.OriginZ, s.TileSize);
  const std::int64_t z1 = TileOf(maxZ + e, s.OriginZ, s.TileSize);
  return {std::clamp(x0, soupTiles.x0, soupTiles.x1), std::clamp(x1, soupTiles.x0, soupTiles.x1),
          std::clamp(z0, soupTiles.z0, soupTiles.z1), std::clamp(z1, soupTiles.z0, soupTiles.z1)};
}

std::vector<std::uint32_t> SelectTileTriangles(const TriangleSoup& soup, const NavSettings& s,
                                               const DerivedSettings& d, const TileRange& soupTiles,
                                               std::int64_t tx, std::int64_t tz) {
  const std::uint32_t count = internal::CheckedU32(soup.indices.size() / 3);
  std::vector<std::uint32_t> triangles;
  for (std::uint32_t t = 0; t < count; ++t) {
    if (TriangleTiles(soup, t, s, d, soupTiles).Contains(tx, tz)) triangles.push_back(t);
  }
  return triangles;
}

std::vector<std::vector<std::uint32_t>> SelectTrianglesByTile(const TriangleSoup& soup,
                                                              const NavSettings& s,
                                                              const DerivedSettings& d,
                                                              const TileRange& soupTiles) {
  const std::uint32_t count = internal::CheckedU32(soup.indices.size() / 3);
  const std::int64_t columns = soupTiles.x1 - soupTiles.x0 + 1;
  std::vector<std::vector<std::uint32_t>> byTile(static_cast<std::size_t>(soupTiles.Count()));
  for (std::uint32_t t = 0; t < count; ++t) {
    const TileRange r = TriangleTiles(soup, t, s, d, soupTiles);
    for (std::int64_t tz = r.z0; tz <= r.z1; ++tz) {
      for (std::int64_t tx = r.x0; tx <= r.x1; ++tx) {
        const std::int64_t tile = (tz - soupTiles.z0) * columns + (tx - soupTiles.x0);
        byTile[static_cast<std::size_t>(tile)].push_back(t);
      }
    }
  }
  return byTile;
}

bool MayBeWalkable(Vector3f v0, Vector3f v1, Vector3f v2, float slopeCosine) {
  const double e0x = double{v1.x} - double{v0.x};
  const double e0y = double{v1.y} - double{v0.y};
  const double e0z = double{v1.z} - double{v0.z};
  const double e1x = double{v2.x} - double{v0.x};
  const double e1y = double{v2.y} - double{v0.y};
  const double e1z = double{v2.z} - double{v0.z};
  const double nx = e0y * e1z - e0z * e1y;
  const double ny = e0z * e1x - e0x * e1z;
  const double nz = e0x * e1y - e0y * e1x;
  const double len = std::sqrt((nx * nx + ny * ny) + nz * nz);
  const double limit = double{slopeCosine} - 1e-3;
  return len > 0.0 && ny >= limit * len;
}

bool AnyMayBeWalkable(const TriangleSoup& soup, std::span<const std::uint32_t> triangles,
                      float slopeCosine) {
  for (std::uint32_t t : triangles) {
    const std::int32_t* i = soup.indices.data() + 3 * std::size_t{t};
    if (MayBeWalkable(SoupVertex(soup, i[0]), SoupVertex(soup, i[1]), SoupVertex(soup, i[2]),
                      slopeCosine)) {
      return true;
    }
  }
  return false;
}

GridVertical SoupGridVertical(const TriangleSoup& soup, std::span<const std::uint32_t> triangles,
                              const NavSettings& s, const DerivedSettings& d) {
  double minY = 0.0;
  double maxY = 0.0;
  bool first = true;
  for (std::uint32_t t : triangles) {
    for (int k = 0; k < 3; ++k) {
      const double y = SoupVertex(soup, soup.indices[3 * std::size_t{t} + k]).y;
      minY = first ? y : std::min(minY, y);
      maxY = first ? y : std::max(maxY, y);
      first = false;
    }
  }
  GridVertical v;
  v.y0 = std::max(minY - s.CellHeight, kMinSoupY0);
  const double reach = maxY - v.y0;
  const double rows = std::ceil(reach / s.CellHeight);
  v.rows = static_cast<std::int64_t>(rows) + d.walkableHeight + 2;
  return v;
}

TileGrid MakeTileGrid(const NavSettings& s, const DerivedSettings& d, std::int64_t tx,
                      std::int64_t tz, double y0, std::int64_t rows) {
  TileGrid g;
  g.tileX = tx;
  g.tileZ = tz;
  g.tileCells = d.tileCells;
  g.border = d.border;
  g.width = d.tileCells + 2 * d.border;
  g.rows = static_cast<std::int32_t>(rows);
  const double borderWidth = static_cast<double>(d.border) * d.cs;
  g.originX = TileOriginX(s, tx) - borderWidth;
  g.originY = y0;
  g.originZ = TileOriginZ(s, tz) - borderWidth;
  g.cs = d.cs;
  const double gridWidth = static_cast<double>(g.width) * d.cs;
  const double height = static_cast<double>(rows) * s.CellHeight;
  g.bmin = {static_cast<float>(g.originX), static_cast<float>(y0), static_cast<float>(g.originZ)};
  g.bmax = {static_cast<float>(g.originX + gridWidth), static_cast<float>(y0 + height),
            static_cast<float>(g.originZ + gridWidth)};
  g.csF = static_cast<float>(d.cs);
  g.chF = static_cast<float>(s.CellHeight);
  return g;
}

TileGrid SoupTileGrid(const TriangleSoup& soup, std::span<const std::uint32_t> triangles,
                      const NavSettings& s, const DerivedSettings& d, std::int64_t tx,
                      std::int64_t tz) {
  const GridVertical v = SoupGridVertical(soup, triangles, s, d);
  if (v.rows > kMaxRows) {
    throw ArgumentOutOfRangeException(
        "a soup tile has more than 65535 rows (b3d.grid-vertical)",
        {.argument = "rows", .tileX = tx, .tileZ = tz, .count = v.rows});
  }
  return MakeTileGrid(s, d, tx, tz, v.y0, v.rows);
}

TileGrid HeightfieldTileGrid(const HeightfieldInput& input, const NavSettings& s,
                             const DerivedSettings& d, std::int64_t tx, std::int64_t tz) {
  return MakeTileGrid(s, d, tx, tz, input.originY, input.rows + d.walkableHeight + 2);
}

TileGrid ChunkTileGrid(const VoxelChunk& chunk, const NavSettings& s, const DerivedSettings& d,
                       std::int64_t tx, std::int64_t tz) {
  return MakeTileGrid(s, d, tx, tz, 0.0, chunk.sizeY + d.walkableHeight + 2);
}

std::vector<std::uint8_t> CanonicalBytes(const TileGrid& g) {
  CanonicalWriter w;
  w.I32(static_cast<std::int32_t>(g.tileX));
  w.I32(static_cast<std::int32_t>(g.tileZ));
  w.U32(static_cast<std::uint32_t>(g.tileCells));
  w.U32(static_cast<std::uint32_t>(g.border));
  w.U32(static_cast<std::uint32_t>(g.width));
  w.U32(static_cast<std::uint32_t>(g.rows));
  w.F64(g.originX);
  w.F64(g.originY);
  w.F64(g.originZ);
  w.F64(g.cs);
  for (const Vector3f& p : {g.bmin, g.bmax}) {
    w.F32(p.x);
    w.F32(p.y);
    w.F32(p.z);
  }
  w.F32(g.csF);
  w.F32(g.chF);
  return w.Take();
}

TileCoordinates::TileCoordinates(const NavSettings& s, const DerivedSettings& d)
    : border_(d.border),
      tileCells_(d.tileCells),
      cs_(d.cs),
      tileSize_(static_cast<float>(s.TileSize)),
      cellHeight_(s.CellHeight) {}

float TileCoordinates::Local(std::int64_t c) const {
  if (c == border_) return 0.0f;
  if (c == border_ + tileCells_) return tileSize_;
  const double product = static_cast<double>(c - border_) * cs_;
  return static_cast<float>(product);
}

float TileCoordinates::LocalY(std::int64_t row, std::int64_t minRow) const {
  const double product = static_cast<double>(row - minRow) * cellHeight_;
  return static_cast<float>(product);
}

}  // namespace onepath::build3d
