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

// --- 3D (source document 000) ---------------------------------------------

// 000 §1, §6: at most 65,535 rows in a tile (ArgumentOutOfRangeException).
inline constexpr std::int64_t kMaxTileRows = 65535;
// 000 §1, §6: a soup's tile range of at most 2^20 tiles
// (ArgumentOutOfRangeException naming the count).
inline constexpr std::int64_t kMaxTiles = std::int64_t{1} << 20;
// 000 §5, §6: at most 65,536 vertices per tile layer (InvalidOperationException).
inline constexpr std::int64_t kMaxVerticesPerLayer = 65536;
// 000 §5, §6: at most 1,024 layers per tile (InvalidOperationException).
inline constexpr std::int64_t kMaxLayers = 1024;
// 000 §4: at most 255 vertices in a polygon's height detail.
inline constexpr int kMaxDetailVertices = 255;
// 000 §4: a polygon edge that needs more than 4,096 steps gets no edge points.
inline constexpr int kMaxDetailEdgeSteps = 4096;

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
