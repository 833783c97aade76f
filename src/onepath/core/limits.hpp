// Every numeric limit, named once, with the clause that sets it
// (docs/spec/*.md; the 3D ones from the source document 000, cited by
// section until the 3D chapters give them clause ids), and the limits of
// index width this implementation keeps (no spec rule; a port may keep
// wider indices). The oracles restate their limits from the spec text
// instead of including this file, so that a wrong limit here is not shared
// by the check meant to catch it.
#pragma once

#include <cstdint>

namespace onepath {

// --- 2D (docs/spec/) -------------------------------------------------------

// grid.coordinates: a public coordinate is finite with magnitude <= 2^21.
inline constexpr double kMaxPublicCoordinate = 0x1p21;
// grid.snapbits: SnapBits in 0 .. 16; 16 by default.
inline constexpr int kMinSnapBits = 0;
inline constexpr int kMaxSnapBits = 16;
inline constexpr int kDefaultSnapBits = 16;
// arr.input (and grid.construct: every grid coordinate stays within it):
// |coordinate| <= 2^39 grid units.
inline constexpr std::int64_t kMaxArrangementCoordinate = std::int64_t{1} << 39;
// arr.repair: at most 256 rounds do work.
inline constexpr int kMaxRepairRounds = 256;
// cdt.input: |coordinate| <= 2^39 grid units.
inline constexpr std::int64_t kMaxCdtCoordinate = std::int64_t{1} << 39;
// offset.arguments: |distance| <= 2^20 public units.
inline constexpr double kMaxOffsetDistance = 0x1p20;
// offset.limits: offset and shrink geometry within 2^21 + 2^20 public units.
inline constexpr double kMaxOffsetCoordinate = 0x1p21 + 0x1p20;
// offset.vertex-count: 8 .. 256 vertices per circle.
inline constexpr int kMinArcVertices = 8;
inline constexpr int kMaxArcVertices = 256;
// shrink.settings (pipeline.settings 2, 3): 0 < CellSize <= 2^20,
// 0 <= AgentRadius <= 2^20.
inline constexpr double kMaxCellSize = 0x1p20;
inline constexpr double kMaxAgentRadius = 0x1p20;
// partition.limit (pipeline.settings 4): 3 .. 16 vertices per polygon.
inline constexpr int kMinPolygonVertices = 3;
inline constexpr int kMaxPolygonVertices = 16;
// pred.domain: every coordinate 0 or of magnitude in [2^-200, 2^200].
inline constexpr double kPredicateDomainMin = 0x1p-200;
inline constexpr double kPredicateDomainMax = 0x1p+200;
// pred.orient2d.int: |coordinate| <= 2^61.
inline constexpr std::int64_t kMaxOrient2DIntCoordinate = std::int64_t{1} << 61;
// canon.list: at most 2^32 - 1 elements.
inline constexpr std::uint64_t kMaxCanonicalCount = 0xFFFFFFFFu;

// --- 3D (docs/spec/build3d-tiles.md, build3d-spans.md; the later stages'
// limits from the source document 000, by section, until their chapters
// give them clause ids) ------------------------------------------------------

namespace build3d {

// b3d.settings (and nav.limits: corners, area, local extent): the ranges.
inline constexpr double kMinCellSize = 0x1p-16;
inline constexpr double kMaxCellSize = 0x1p16;
inline constexpr double kMinCellHeight = 0x1p-16;
inline constexpr double kMaxCellHeight = 0x1p16;
inline constexpr double kMinTileSize = 0x1p-8;
inline constexpr double kMaxTileSize = 0x1p22;
inline constexpr double kMaxOrigin = 0x1p21;
inline constexpr double kMaxSlopeDegrees = 90.0;
inline constexpr std::int64_t kMaxRegionArea = 2147483647;  // 2^31 - 1
inline constexpr std::int64_t kMinVertsPerPoly = 3;
inline constexpr std::int64_t kMaxVertsPerPoly = 6;
inline constexpr double kMaxLocalExtent = 0x1p22;
inline constexpr std::int64_t kMaxPolygonArea = 63;
inline constexpr std::int64_t kMaxPolygonFlags = 65535;

// b3d.settings: the derived counts' upper bounds.
inline constexpr double kMaxTileCells = 4096;     // TileCells (b3d.tile-cells)
inline constexpr float kMaxWalkableHeight = 255;  // rows: a compact span's clearance is a byte
inline constexpr float kMaxWalkableClimb = 255;   // rows
inline constexpr float kMaxWalkableRadius = 127;  // cells: erosion compares 2 * radius as a byte
inline constexpr double kMaxEdgeCellsLimit = 0x1p31;  // MaxEdgeCells < 2^31 (b3d.region-settings)

// b3d.coordinate-errors: the largest magnitude of an input coordinate.
inline constexpr double kMaxCoordinate = 0x1p21;

// b3d.grid-vertical: a soup tile's y0 is at least -2^21 + 1; a grid has at
// most 65535 rows (also b3d.span.rows: span rows are 16-bit).
inline constexpr double kMinSoupY0 = -0x1p21 + 1;
inline constexpr std::int64_t kMaxRows = 65535;

// b3d.soup-tiles, b3d.voxel-mapping: at most 2^20 tiles.
inline constexpr std::int64_t kMaxTiles = std::int64_t{1} << 20;

// b3d.border: B = WalkableRadius + kBorderExtra.
inline constexpr std::int32_t kBorderExtra = 3;

// b3d.span.heightfield, b3d.span.classify: area ids.
inline constexpr std::uint8_t kNullArea = 0;
inline constexpr std::uint8_t kWalkableArea = 63;
inline constexpr std::int64_t kMaxArea = 63;

// b3d.span.rows: the open space above a column's top span reaches this row.
inline constexpr std::int32_t kOpenTop = 65535;

// b3d.span.compact-heightfield: clearances are bytes; connections are 6-bit
// indices with 63 for none, so 62 is the highest connected index.
inline constexpr std::int32_t kMaxClearance = 255;
inline constexpr std::uint8_t kNotConnected = 63;
inline constexpr std::int32_t kMaxConnectionIndex = 62;

// b3d.span.erode: distances are bytes.
inline constexpr std::int32_t kMaxDistance = 255;

// b3d.region.distance: distances start at 65535 (a distance never exceeds it).
inline constexpr std::int32_t kRegionDistanceStart = 65535;
// b3d.region.blur: distances at most this (twice the threshold 1) are kept.
inline constexpr std::int32_t kBlurKeep = 2;
// b3d.region.watershed: the expansion limit per level, and the number of
// level stacks.
inline constexpr int kExpandIterations = 8;
inline constexpr int kLevelStacks = 8;
// b3d.region.expand: the distance a span takes when no neighbour is closer.
inline constexpr std::int32_t kExpandDistanceStart = 65535;
// b3d.region.walk: a boundary walk takes at most 39,999 steps (Recast's).
inline constexpr int kMaxBoundaryWalkSteps = 39999;
// b3d.contour.walk: a contour walk takes at most 39,999 steps (Recast's).
inline constexpr int kMaxContourWalkSteps = 39999;
// b3d.region.merge: the initial "smallest neighbour" count (Recast's 0xfffffff).
inline constexpr std::int64_t kMergeSmallestStart = 0xfffffff;
// b3d.region.ids: at most 65,534 final regions, so borderId fits 16 bits.
inline constexpr std::uint32_t kMaxRegions = 65534;

// 000 §5, §6, nav.limits, b3d.tile-data: at most 65,536 vertices per tile
// layer (nav.create).
inline constexpr std::int64_t kMaxVerticesPerLayer = 65536;
// 000 §5, §6, nav.limits, b3d.tile-layers: at most 1,024 layers per tile
// (layer 0 .. 1023).
inline constexpr std::int64_t kMaxLayers = 1024;
// 000 §4, nav.limits: at most 255 vertices in a polygon's height detail.
inline constexpr int kMaxDetailVertices = 255;
// 000 §4: a polygon edge that needs more than 4,096 steps gets no edge points.
inline constexpr int kMaxDetailEdgeSteps = 4096;
// 000 §6, b3d.detail.limit, nav.limits: at most 255 detail triangles a polygon
// (InvalidOperationException).
inline constexpr int kMaxDetailTriangles = 255;
// b3d.build: BuildOptions.Threads is 1 .. 64.
inline constexpr std::int64_t kMaxBuildThreads = 64;

}  // namespace build3d

// --- Index widths of this implementation (no spec rule) -------------------

// The arrangement numbers edge endpoints (two per edge), fragments and hot
// pixels in 32 bits.
inline constexpr std::uint64_t kMaxArrangementIndexCount = 0xFFFFFFFFu;
// The CDT keeps links 4 * slot + edge in int32 while it builds; n points
// make 2n + 1 slots, so 4 * 2n + 2 <= 2^31 - 1: n <= 2^28 - 1.
inline constexpr std::uint64_t kMaxCdtPoints = (std::uint64_t{1} << 28) - 1;
// The CDT counts constraints per point in 32 bits.
inline constexpr std::uint64_t kMaxCdtConstraints = 0xFFFFFFFFu;
// Ring tracing numbers the boundary edges in 32 bits.
inline constexpr std::uint64_t kMaxBoundaryEdges = 0xFFFFFFFFu;

// The one check before a count (or a value made from one) is narrowed to
// the width kept for it: throws InvalidOperationException ("<what> ...",
// .count = count) when count > limit.
void CheckCount(std::uint64_t count, std::uint64_t limit, const char* what);

}  // namespace onepath
