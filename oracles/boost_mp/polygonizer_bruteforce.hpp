// Oracle for the 3D polygonizer (docs/spec/build3d-polygons.md, b3d.poly.*):
// a brute-force transcription written from the spec text alone (with the
// clauses it cites: b3d.contour.values, b3d.tile-coordinates, b3d.tile-cells,
// b3d.border, b3d.settings, pred.orient2d, pred.float32, canon.*). Shares no
// code and no types with src/: it includes no header from there, and has its
// own input and output structs below.
//
// Method: no bookkeeping. Every ear candidate is rescanned at every clip,
// every merge candidate is enumerated and tested from scratch at every merge,
// every diagonal is tested against every ring edge. Every turn, dot product
// and row test on cell corners is computed with Boost.Multiprecision cpp_int;
// every float32 orientation converts the widened doubles exactly to
// cpp_rational and takes the sign of the determinant. Nothing rounds except
// the binary32 positions themselves (b3d.tile-coordinates).
//
// Points where the spec text is ambiguous are marked SPEC-AMBIGUITY in the
// .cpp; the oracle implements the most literal reading of each. SPEC-FINDING
// marks text that is dead or a promise that does not hold.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace onepath::oracle {

// --- Input: a ContourSet (b3d.contour.values) ---------------------------

struct BfContourVertex {
  std::int32_t x = 0;           // cell corner
  std::int32_t y = 0;           // floor row
  std::int32_t z = 0;           // cell corner
  std::uint16_t neighbour = 0;  // region across the edge leaving the vertex; 0 = wall
  bool areaBorder = false;      // read by nobody here (b3d.poly.walls)
};

struct BfContour {
  std::uint16_t region = 0;
  std::uint8_t area = 0;
  std::vector<BfContourVertex> vertices;
};

// --- Settings: the derived values the polygonizer reads (b3d.poly.api) ---

struct BfPolySettings {
  std::int64_t tileCells = 32;  // TileCells (b3d.tile-cells)
  double cs = 0.3;              // TileSize / TileCells (b3d.tile-cells)
  std::int64_t border = 5;      // B = WalkableRadius + 3 (b3d.border)
  double tileSize = 9.6;        // TileSize, for Local(B + TileCells) = f32(TileSize)
  int maxVertsPerPoly = 6;      // MaxVertsPerPoly, 3 ... 6 (b3d.settings)
};

// The derived values from the NavSettings fields, by b3d.tile-cells,
// b3d.walkable-settings (WalkableRadius) and b3d.border. No range checks
// (b3d.settings-checks): valid settings only.
BfPolySettings BfPolySettingsFrom(double cellSize, double tileSize, double agentRadius,
                                  int maxVertsPerPoly);

// --- Output: a PolyMesh (b3d.poly.values) --------------------------------

struct BfPolyVertex {
  std::int32_t x = 0, y = 0, z = 0;  // corner x, row y, corner z
};

struct BfPolyCorner {
  std::uint32_t vertex = 0;
  bool wall = false;  // the edge leaving this corner is a wall
};

struct BfPolygon {
  std::uint32_t contour = 0;  // index in the input ContourSet
  std::uint16_t region = 0;
  std::uint8_t area = 0;
  std::vector<BfPolyCorner> corners;
};

struct BfPolyMesh {
  std::vector<BfPolyVertex> vertices;
  std::vector<BfPolygon> polygons;
  std::uint32_t degenerateEars = 0;
};

// The two stages of b3d.poly.api: `ears` (emitted triangles, before merging)
// and `polygons` (the result of Polygonizer.Build). Same vertex list, same
// degenerateEars.
struct BfPolyStages {
  BfPolyMesh ears;
  BfPolyMesh polygons;
};

// Per input contour, what happened (for the b3d.poly.promise checks).
struct BfContourStats {
  bool skipped = false;              // fewer than 3 vertices (b3d.poly.api)
  std::size_t ringNodes = 0;         // after b3d.poly.straight-walls
  std::int64_t area2 = 0;            // S of b3d.contour.winding on the contour as given
  std::int64_t clipCrossSum = 0;     // sum of cross(p, i, q) over all clips, last triangle included
  std::int64_t droppedCrossSum = 0;  // the same over the clips that were not emitted
  std::uint32_t degenerateEars = 0;  // this contour's fallback clips
  std::size_t emitted = 0;           // triangles emitted
};

struct BfPolyDiagnostics {
  std::vector<BfContourStats> contours;  // one per input contour
  // One per polygon of the stage `polygons`: true when it contains a
  // triangle of a fallback clip (b3d.poly.degenerate-ears).
  std::vector<bool> polygonHasDegenerateClip;
  // One per polygon of the stage `polygons`: true when it contains an
  // emitted triangle with cross ≤ 0 in cells (emitted on orient32 alone).
  std::vector<bool> polygonHasFlatTriangle;
};

// Polygonizer.Build (b3d.poly.api) on valid settings (maxVertsPerPoly 3 ... 6,
// tileCells >= 1, border >= 0, cs and tileSize positive); throws
// std::invalid_argument otherwise (not the spec's error: an oracle for valid
// settings only). Accepts every contour set (b3d.poly.errors).
BfPolyStages BruteForcePolygonize(const std::vector<BfContour>& contours,
                                  const BfPolySettings& settings,
                                  BfPolyDiagnostics* diagnostics = nullptr);

// The canonical bytes of b3d.poly.values (canon.int, canon.list): the list of
// vertices (u16 x, u16 y, u16 z), the list of polygons (u32 contour, u16
// region, u8 area, the list of corners: u32 vertex, u8 flags 1 = wall), u32
// degenerateEars. Throws std::invalid_argument for a coordinate or row
// outside 0 ... 65535.
std::vector<std::uint8_t> BruteForcePolyMeshBytes(const BfPolyMesh& mesh);

// --- The geometry, exposed for tests --------------------------------------

// Local(c) of b3d.tile-coordinates, as binary32.
float BfLocal(std::int64_t c, const BfPolySettings& settings);

// cross(a, b, c) of b3d.poly.cross on (x, z), its sign: -1, 0, +1.
int BfCrossSign(std::int64_t ax, std::int64_t az, std::int64_t bx, std::int64_t bz, std::int64_t cx,
                std::int64_t cz);

// orient32(a, b, c) of b3d.poly.orient on cell corners (x, z): the exact sign
// of Orient2D(P(c), P(b), P(a)) with P the widened binary32 positions.
int BfOrient32(std::int64_t ax, std::int64_t az, std::int64_t bx, std::int64_t bz, std::int64_t cx,
               std::int64_t cz, const BfPolySettings& settings);

// Checks the consequences listed in b3d.poly.promise (all but the last
// bullet, which the oracle's merge loop ends on by construction) and that the
// two stages share the vertex list and the counter. The second bullet's
// exemption is widened to polygons holding a flat triangle (see the .cpp,
// SPEC-FINDING). Returns "" when all hold,
// else a description of the first violation.
std::string BfCheckPolyPromise(const std::vector<BfContour>& contours,
                               const BfPolySettings& settings, const BfPolyStages& stages,
                               const BfPolyDiagnostics& diagnostics);

}  // namespace onepath::oracle
