// The tile grid of the 3D build (docs/spec/build3d-tiles.md, "The tile
// grid": b3d.tile-origin ... b3d.voxel-mapping): which tiles an input has,
// which triangles a tile takes, and each tile's grid.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/build3d/input.hpp"
#include "onepath/build3d/settings.hpp"

namespace onepath::build3d {

// b3d.tile-origin: OriginX + tx * TileSize in binary64, the product first.
double TileOriginX(const NavSettings& settings, std::int64_t tx);
double TileOriginZ(const NavSettings& settings, std::int64_t tz);

struct TileIndex {
  std::int64_t x = 0;
  std::int64_t z = 0;
  friend bool operator==(const TileIndex&, const TileIndex&) = default;
};

// Tiles x0..x1 by z0..z1; empty when x1 < x0 or z1 < z0.
struct TileRange {
  std::int64_t x0 = 0;
  std::int64_t x1 = -1;
  std::int64_t z0 = 0;
  std::int64_t z1 = -1;
  bool Contains(std::int64_t tx, std::int64_t tz) const {
    return x0 <= tx && tx <= x1 && z0 <= tz && tz <= z1;
  }
  // The number of tiles (at most 2^62 for any range built here).
  std::int64_t Count() const { return x1 < x0 || z1 < z0 ? 0 : (x1 - x0 + 1) * (z1 - z0 + 1); }
  friend bool operator==(const TileRange&, const TileRange&) = default;
};

// b3d.tile-order: the tiles of a range, tile row tz ascending, then tx.
std::vector<TileIndex> BuildOrder(const TileRange& range);

// b3d.soup-tiles: the tiles of a checked soup (none without vertices).
// Throws ArgumentOutOfRangeException (argument "tiles", count) beyond 2^20.
TileRange SoupTiles(const TriangleSoup& soup, const NavSettings& settings);

// b3d.voxel-mapping: tiles 0..ceil(X / TileCells) - 1 by 0..ceil(Z /
// TileCells) - 1. Throws ArgumentOutOfRangeException ("tiles", count)
// beyond 2^20. Preconditions: sizeX, sizeZ >= 0.
TileRange VoxelTiles(std::int64_t sizeX, std::int64_t sizeZ, const DerivedSettings& derived);

// b3d.triangle-selection: the tiles triangle `triangle` belongs to (its two
// intervals, clamped to the soup's tiles).
TileRange TriangleTiles(const TriangleSoup& soup, std::size_t triangle, const NavSettings& settings,
                        const DerivedSettings& derived, const TileRange& soupTiles);

// b3d.triangle-selection: the indices of tile (tx, tz)'s triangles, in
// input order.
std::vector<std::uint32_t> SelectTileTriangles(const TriangleSoup& soup,
                                               const NavSettings& settings,
                                               const DerivedSettings& derived,
                                               const TileRange& soupTiles, std::int64_t tx,
                                               std::int64_t tz);

// b3d.triangle-selection for every tile at once: the triangles of each tile
// of soupTiles, the tiles in build order (b3d.tile-order: list (tz - z0) *
// (x1 - x0 + 1) + (tx - x0)). One pass over the triangles instead of one
// per tile.
std::vector<std::vector<std::uint32_t>> SelectTrianglesByTile(const TriangleSoup& soup,
                                                              const NavSettings& settings,
                                                              const DerivedSettings& derived,
                                                              const TileRange& soupTiles);

// b3d.may-be-walkable: the binary64 slope test.
bool MayBeWalkable(Vector3f v0, Vector3f v1, Vector3f v2, float slopeCosine);

// b3d.may-be-walkable: true when some triangle of the list MayBeWalkable
// (a soup tile without one is skipped by the build).
bool AnyMayBeWalkable(const TriangleSoup& soup, std::span<const std::uint32_t> triangles,
                      float slopeCosine);

// b3d.grid: what the span stages need of a tile.
struct TileGrid {
  std::int64_t tileX = 0;
  std::int64_t tileZ = 0;
  std::int32_t tileCells = 0;
  std::int32_t border = 0;  // B
  std::int32_t width = 0;   // W = TileCells + 2B, also the depth
  std::int32_t rows = 0;
  double originX = 0.0;  // gridX
  double originY = 0.0;  // y0
  double originZ = 0.0;  // gridZ
  double cs = 0.0;
  Vector3f bmin;
  Vector3f bmax;
  float csF = 0.0f;
  float chF = 0.0f;
  friend bool operator==(const TileGrid&, const TileGrid&) = default;
};

// b3d.grid-vertical for a soup tile: y0 and the row count (not checked;
// minY = maxY = 0 for a tile without triangles).
struct GridVertical {
  double y0 = 0.0;
  std::int64_t rows = 0;
};
GridVertical SoupGridVertical(const TriangleSoup& soup, std::span<const std::uint32_t> triangles,
                              const NavSettings& settings, const DerivedSettings& derived);

// b3d.tile-origin, b3d.grid: the grid of tile (tx, tz) with y0 and rows.
// Precondition: 0 <= rows <= 65535.
TileGrid MakeTileGrid(const NavSettings& settings, const DerivedSettings& derived, std::int64_t tx,
                      std::int64_t tz, double y0, std::int64_t rows);

// b3d.grid for a soup tile with its triangles. Throws
// ArgumentOutOfRangeException (argument "rows", tileX, tileZ, count) for
// more than 65535 rows (b3d.grid-vertical).
TileGrid SoupTileGrid(const TriangleSoup& soup, std::span<const std::uint32_t> triangles,
                      const NavSettings& settings, const DerivedSettings& derived, std::int64_t tx,
                      std::int64_t tz);

// b3d.grid for heightfield and chunk input (rows checked with the input).
TileGrid HeightfieldTileGrid(const HeightfieldInput& input, const NavSettings& settings,
                             const DerivedSettings& derived, std::int64_t tx, std::int64_t tz);
TileGrid ChunkTileGrid(const VoxelChunk& chunk, const NavSettings& settings,
                       const DerivedSettings& derived, std::int64_t tx, std::int64_t tz);

// b3d.voxel-mapping: the source column shown by grid column c (x) or r (z)
// of a tile: t * TileCells - B + c.
inline std::int64_t SourceColumn(const TileGrid& grid, std::int64_t tile, std::int64_t c) {
  return tile * grid.tileCells - grid.border + c;
}

// b3d.grid: i32 tileX, i32 tileZ, u32 tileCells, u32 border, u32 width, u32
// rows, f64 originX, originY, originZ, cs, f32 bmin, f32 bmax, f32 csF, chF.
std::vector<std::uint8_t> CanonicalBytes(const TileGrid& grid);

// b3d.tile-coordinates: the tile-local binary32 coordinates of a tile's
// cell corners and rows (000 §4's TileCoordinates.Local and LocalY).
class TileCoordinates {
 public:
  // From checked settings and the values derived from them (B, TileCells, cs).
  TileCoordinates(const NavSettings& settings, const DerivedSettings& derived);

  // Local(c): +0 at c = B, f32(TileSize) at c = B + TileCells, else
  // f32((c - B) * cs) (the integer difference exact, one binary64 product,
  // one rounding). Any integer corner c with |c| < 2^53.
  float Local(std::int64_t corner) const;

  // LocalY(row) = f32((row - minRow) * CellHeight), the same way.
  float LocalY(std::int64_t row, std::int64_t minRow) const;

 private:
  std::int64_t border_;
  std::int64_t tileCells_;
  double cs_;
  float tileSize_;  // f32(TileSize)
  double cellHeight_;
};

}  // namespace onepath::build3d
