// Oracle for the height detail of the 3D build (docs/spec/build3d-detail.md,
// b3d.detail.*): a brute-force transcription written from the spec text
// alone (with the clauses it cites: b3d.tile-coordinates, b3d.tile-cells,
// b3d.walkable-settings, b3d.border, b3d.span.compact-heightfield,
// b3d.region.values, pred.orient2d, pred.incircle, pred.float32, num.ieee,
// canon.*). Shares no code and no types with src/: it includes no header
// from there, and has its own input and output structs below.
//
// Method: no bookkeeping. NearestRow scans its candidate columns at every
// call; every ear of the ring is rescanned at every clip; a triangle with a
// given directed edge, and a neighbour, is found by scanning every
// triangle; the refinement's sample is chosen by a full scan of all samples
// every round; location scans every candidate triangle. Every orientation
// and in-circle on the stored positions is exact: each widened binary32
// coordinate is an exact dyadic m·2^e, all values of one predicate are
// brought to the least exponent (an exact scaling by a positive power of
// two, which keeps the signs) and the determinant is a Boost.Multiprecision
// cpp_int. The binary64 and binary32 values the spec defines (positions,
// edge points, the sample grid, the distance test, plane heights) are
// computed as written, one rounding per operation.
//
// Points where the spec text is ambiguous are marked SPEC-AMBIGUITY in the
// .cpp; the oracle implements the most literal reading of each.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace onepath::oracle {

// --- Settings: the derived values the detail reads ------------------------

struct BfDetailSettings {
  std::int64_t tileCells = 32;        // TileCells (b3d.tile-cells)
  double cs = 0.3;                    // TileSize / TileCells (b3d.tile-cells)
  std::int64_t border = 5;            // B = WalkableRadius + 3 (b3d.border)
  double tileSize = 9.6;              // TileSize: Local(B + TileCells) = f32(TileSize)
  double cellHeight = 0.2;            // CellHeight (LocalY, the limit L)
  std::int64_t walkableClimb = 4;     // WalkableClimb in rows (b3d.walkable-settings)
  double detailSampleDistance = 1.8;  // DetailSampleDistance (world)
  double detailMaxError = 0.2;        // DetailMaxError (world)
};

// The derived values from the NavSettings fields, by b3d.tile-cells and
// b3d.walkable-settings. No range checks (b3d.settings-checks): valid
// settings only.
BfDetailSettings BfDetailSettingsFrom(double cellSize, double cellHeight, double tileSize,
                                      double agentRadius, double agentMaxClimb,
                                      double detailSampleDistance, double detailMaxError);

// --- Input ------------------------------------------------------------------

// A compact span as the detail reads it: its floor row y
// (b3d.span.compact-heightfield) and its cut region id (b3d.region.values).
struct BfDetailSpan {
  std::int64_t y = 0;
  std::int64_t region = 0;
};

// width × depth columns in column order (x + width·z), spans bottom up.
struct BfDetailField {
  std::int64_t width = 0;
  std::int64_t depth = 0;
  std::vector<std::vector<BfDetailSpan>> columns;
};

struct BfDetailMeshVertex {
  std::int64_t x = 0, y = 0, z = 0;  // corner x, floor row y, corner z
};

struct BfDetailMeshPolygon {
  std::int64_t region = 0;
  std::vector<std::uint32_t> corners;  // vertex indices, counter-clockwise
};

struct BfDetailInputMesh {
  std::vector<BfDetailMeshVertex> vertices;
  std::vector<BfDetailMeshPolygon> polygons;
};

// --- Output (b3d.detail.values) ---------------------------------------------

struct BfDetailPolygon {
  std::uint32_t vertexBase = 0, vertexCount = 0, triangleBase = 0, triangleCount = 0;
};
struct BfDetailVertex {
  float x = 0, y = 0, z = 0;
};
struct BfDetailTriangle {
  std::uint8_t a = 0, b = 0, c = 0, flags = 0;
};
struct BfDetailMesh {
  std::uint16_t minRow = 0;
  std::vector<BfDetailPolygon> polygons;
  std::vector<BfDetailVertex> vertices;
  std::vector<BfDetailTriangle> triangles;
};

// The errors of this chapter (b3d.detail.stage-input, b3d.detail.limit):
// type and fields, unset fields absent.
struct BfDetailError {
  enum class Kind { kArgument, kArgumentOutOfRange, kInvalidOperation };
  Kind kind = Kind::kArgument;
  std::optional<std::string> argument;
  std::optional<std::int64_t> polygon, vertex, count, tileX, tileZ;
  std::optional<double> value;
};

// What happened, summed over the polygons built (for the differential's
// counts and its coverage expectations).
struct BfDetailStats {
  std::int64_t polygons = 0;          // polygons built
  std::int64_t triangles = 0;         // triangles output
  std::int64_t detailOn = 0;          // polygons built with detail on
  std::int64_t edgePoints = 0;        // edge points emitted
  std::int64_t edgeLimit = 0;         // polygons whose edge points were all dropped (> 255)
  std::int64_t longEdges = 0;         // edges with ns > 4096
  std::int64_t samples = 0;           // samples (grid points with a row)
  std::int64_t inserted = 0;          // samples inserted
  std::int64_t insertedOnEdge = 0;    // of them, on an interior edge
  std::int64_t dropped = 0;           // samples dropped (hull edge, vertex)
  std::int64_t dead = 0;              // samples located nowhere (at the start or again)
  std::int64_t vertexLimit = 0;       // polygons whose refinement stopped at V = 255
  std::int64_t flips = 0;             // Lawson flips
  std::int64_t relaxedEars = 0;       // ears clipped in step 2 of b3d.detail.hull
  std::int64_t forcedEars = 0;        // ears clipped in step 3
  std::int64_t noRowEdgePoints = 0;   // edge points whose NearestRow was none
  std::int64_t tippedEdgePoints = 0;  // emitted edge points off their edge's line in binary32
};

struct BfDetailResult {
  std::optional<BfDetailError> error;  // set: Build throws this, mesh is empty
  BfDetailMesh mesh;
  BfDetailStats stats;
};

// DetailMeshBuilder.Build (b3d.detail.build) for valid settings, a valid
// compact heightfield and cut (the checks of b3d.settings-checks,
// b3d.span.stage-input and b3d.contour.stage-input are not repeated here):
// the mesh checks and minRow's range (b3d.detail.stage-input), then every
// polygon in mesh order, the triangle limit (b3d.detail.limit).
BfDetailResult BruteForceDetail(const BfDetailInputMesh& mesh, const BfDetailField& field,
                                std::int64_t minRow, const BfDetailSettings& settings,
                                std::int64_t tileX, std::int64_t tileZ);

// The canonical bytes of b3d.detail.values: u16 minRow; the list of polygons
// (u32 vertexBase, vertexCount, triangleBase, triangleCount); the list of
// vertices (f32 x, y, z); the list of triangles (u8 a, b, c, flags).
std::vector<std::uint8_t> BruteForceDetailBytes(const BfDetailMesh& mesh);

// --- Pieces, exposed for the self-test ---------------------------------------

// Local(c) of b3d.detail.coordinates for a binary64 cell position c.
float BfDetailLocal(double c, const BfDetailSettings& settings);
// LocalY(row) of b3d.detail.coordinates.
float BfDetailLocalY(std::int64_t row, std::int64_t minRow, const BfDetailSettings& settings);
// NearestRow of b3d.detail.nearest-row; region −1 for any.
std::optional<std::int64_t> BfNearestRow(const BfDetailField& field, double x, double z,
                                         std::int64_t expected, std::int64_t region,
                                         const BfDetailSettings& settings);
// orient and incircle of b3d.detail.orientation on stored positions (x, z).
int BfDetailOrient(float ax, float az, float bx, float bz, float cx, float cz);
int BfDetailInCircle(float ax, float az, float bx, float bz, float cx, float cz, float dx,
                     float dz);

}  // namespace onepath::oracle
