// The noisy tile map: the shared 2D test and benchmark input (grid.tilemap-lines,
// arr.*, and every later 2D chapter). docs/generators.md describes it for
// readers; this comment is the normative recipe, precise enough for a port to
// regenerate every cell bit for bit. noisy_tilemap.cpp implements exactly it.
//
// Integer arithmetic only: no floating point touches a cell, so the map is
// the same on every platform. Arithmetic on hashes is modulo 2^64 (signed
// values are taken as their two's-complement uint64); everything else is
// exact in int64. floor(a / b) is the floor of the exact quotient (b > 0).
//
// Hash. SplitMix64 is the generator of conformance/generators/
// predicate_cases.hpp: Next() adds 0x9e3779b97f4a7c15 to the state and mixes.
//   H(k, i, j) = S(S(S(seed + k) + i) + j),  where S(v) = SplitMix64(v).Next()
// (a fresh generator seeded with v, first output).
//
// Value noise N(k, s, x, y) of layer k on a lattice of spacing 2^s: lattice
// point (i, j) holds L(i, j) = H(k, i, j) >> 48 (16 bits); with
// i = floor(x / 2^s), fx = x - i 2^s, and j, fy likewise in y (S = 2^s),
//   N = (S-fx)(S-fy) L(i,j) + fx(S-fy) L(i+1,j) + (S-fx)fy L(i,j+1) + fx fy L(i+1,j+1),
// an integer in [0, 2^16 S^2): bilinear interpolation, scaled by S^2.
//
// The map is a crop of a pattern defined on all integer cells (x, y), so a
// map of another size with the same seed has the same cells where they
// overlap. Cell (x, y) (x right, y up, row-major: cells[y * width + x]) is
// solid (1) when it is neither wall nor lake:
//
// 1. Warp (wavy walls). The cell is looked up at
//      X = x + floor(4 (N(1, 5, x, y) - 2^25) / 2^25),
//      Y = y + floor(4 (N(2, 5, x, y) - 2^25) / 2^25),
//    (2^25 = 2^15 * 32^2, half the range of N), a shift in [-4, 3].
// 2. Rooms. The plane is cut into blocks of B = 19 cells; block (bx, by)
//    holds one site: with h = H(3, bx, by) and m = 4,
//      px = 19 bx + m + (((h mod 2^32) * (B - 2m)) >> 32),
//      py = 19 by + m + (((h >> 32) * (B - 2m)) >> 32).
//    The rooms are the Voronoi cells of the sites. The candidates are the
//    sites of the 5 x 5 blocks (bx0 + dx, by0 + dy), dx, dy in [-2, 2],
//    around the block (floor(X / 19), floor(Y / 19)) of the warped point
//    P = (X, Y), listed with dy outer and dx inner, both ascending. Site a
//    is the first candidate with the least squared distance |P - a|^2.
// 3. Walls. For a pair of sites a, b, let (c, d) be their blocks in (by, bx)
//    order (the block with the smaller by, then smaller bx, first) and
//    g = H(H(4, c.bx, c.by), d.bx, d.by); the wall between them has
//    half-thickness w = 1 + (g mod 3) cells, or is absent (a door) when
//    (g >> 32) mod 100 < 3. The cell is wall when some other candidate b
//    has a wall with a and
//      (|P - b|^2 - |P - a|^2)^2 < 4 w^2 |a - b|^2,
//    that is, P lies closer than w to the bisector of a and b (exact in
//    integers: the distance to the bisector is (|P-b|^2 - |P-a|^2) / 2|a-b|).
// 4. Lakes (wide irregular open areas). With, on the unwarped cell,
//      M = 2 N(5, 6, x, y) + 4 N(6, 5, x, y)   (both in units of 2^16 * 64^2),
//    the cell is lake when 100 M >= 66 * 3 * 2^16 * 64^2.
//
// The result has features of typically 8 to 40 cells: rooms 10 to 25 cells
// across (some merged through doors), walls 2 to 7 cells thick, and lakes
// tens to a hundred cells wide, about half of the map solid, and thousands of
// rooms that keep a core after an erosion by 4 cells (the pipeline's radius
// 1.0 at cell 0.25). A map of random cells (features one to three cells wide)
// would vanish entirely at that radius. MeasureTileMap reports these numbers;
// docs/generators.md lists them for the 1024 x 1024 map.
//
// TileMapBoundaryEdges(map, snapBits): grid line i in x is
// round-to-even((originX + i cellSize) 2^snapBits), the sum and product
// evaluated once each in double (grid.tilemap-lines, grid.snap), likewise
// in y. For every solid cell, in row-major order (y outer, x inner), each
// side whose neighbour is not solid or lies outside the map gives one
// directed edge with the cell on its left (counter-clockwise around the
// cell), operand 0, in the order bottom, right, top, left:
//   (X0,Y0)->(X1,Y0), (X1,Y0)->(X1,Y1), (X1,Y1)->(X0,Y1), (X0,Y1)->(X0,Y0).
// Sides are not merged. A side whose two ends snap to the same grid point
// (two lines on one integer, grid.tilemap-lines) is left out: arr.drop-
// degenerate would drop it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "onepath/geom2d/arrangement.hpp"

namespace onepath::gen {

struct TileMap {
  int width = 0;
  int height = 0;
  double cellSize = 0.25;
  double originX = 0.0;
  double originY = 0.0;
  std::vector<std::uint8_t> cells;  // row-major, cells[y * width + x], 1 = solid
};

// H(k, i, j) and N(k, s, x, y) of the recipe above, for other recipes that
// reuse them (levels.hpp).
std::uint64_t RecipeHash(std::uint64_t seed, std::uint64_t k, std::int64_t i, std::int64_t j);
std::int64_t ValueNoise(std::uint64_t seed, std::uint64_t k, int s, std::int64_t x, std::int64_t y);

// The recipe above; origin (0, 0).
TileMap MakeNoisyTileMap(std::uint64_t seed, int width = 1024, int height = 1024,
                         double cellSize = 0.25);

// The first `width` columns and `height` rows of `map` (a sub-map).
TileMap CropTileMap(const TileMap& map, int width, int height);

// grid.tilemap-lines: grid line i of the map in x (or y), snapped.
std::int64_t TileMapGridLine(double origin, int i, double cellSize, int snapBits);

// Directed unit boundary edges between solid and non-solid cells, interior
// on the left, operand 0 (see above).
std::vector<geom2d::TaggedEdge> TileMapBoundaryEdges(const TileMap& map, int snapBits = 16);

// Statistics for tuning and reporting (docs/generators.md).
struct TileMapStatistics {
  std::size_t cells = 0;
  std::size_t solidCells = 0;
  std::size_t boundarySides = 0;        // cell sides between solid and non-solid or outside
  std::size_t components = 0;           // 4-connected solid components
  std::size_t erodedCells = 0;          // solid cells whose whole (2r+1)^2 square is solid
  std::size_t erodedComponents = 0;     // 4-connected components of the eroded cells
  std::size_t survivingComponents = 0;  // components that keep at least one eroded cell
};

// Erosion by `erosionCells` in the Chebyshev metric (a square of side
// 2 erosionCells + 1; cells outside the map count as not solid), an
// estimate of the shrink by that many cells.
TileMapStatistics MeasureTileMap(const TileMap& map, int erosionCells = 4);

}  // namespace onepath::gen
