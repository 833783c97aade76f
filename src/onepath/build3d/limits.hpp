// Every numeric limit of the 3D span build, each named once with the clause
// that sets it (docs/spec/build3d-tiles.md, build3d-spans.md).
//
// For now: issue 24 gathers every limit of both halves in
// src/onepath/core/limits.hpp; when that file exists, these constants move
// there unchanged and this header goes.
#pragma once

#include <cstdint>

namespace onepath::build3d {

// b3d.settings: the valid ranges of the settings (bounds inclusive).
constexpr double kMinCellSize = 0x1p-16;
constexpr double kMaxCellSize = 0x1p16;
constexpr double kMinCellHeight = 0x1p-16;
constexpr double kMaxCellHeight = 0x1p16;
constexpr double kMinTileSize = 0x1p-8;
constexpr double kMaxTileSize = 0x1p22;
constexpr double kMaxOrigin = 0x1p21;
constexpr double kMaxSlopeDegrees = 90.0;
constexpr std::int64_t kMaxRegionArea = 2147483647;  // 2^31 - 1
constexpr std::int64_t kMinVertsPerPoly = 3;
constexpr std::int64_t kMaxVertsPerPoly = 6;
constexpr double kMaxLocalExtent = 0x1p22;
constexpr std::int64_t kMaxPolygonArea = 63;
constexpr std::int64_t kMaxPolygonFlags = 65535;

// b3d.settings: the derived counts' upper bounds.
constexpr double kMaxTileCells = 4096;         // TileCells (b3d.tile-cells)
constexpr float kMaxWalkableHeight = 255;      // rows: a compact span's clearance is a byte
constexpr float kMaxWalkableClimb = 255;       // rows
constexpr float kMaxWalkableRadius = 127;      // cells: erosion compares 2 * radius as a byte
constexpr double kMaxEdgeCellsLimit = 0x1p31;  // MaxEdgeCells < 2^31 (b3d.region-settings)

// b3d.coordinate-errors: the largest magnitude of an input coordinate.
constexpr double kMaxCoordinate = 0x1p21;

// b3d.grid-vertical: a soup tile's y0 is at least -2^21 + 1; a grid has at
// most 65535 rows (also b3d.span.rows: span rows are 16-bit).
constexpr double kMinSoupY0 = -0x1p21 + 1;
constexpr std::int64_t kMaxRows = 65535;

// b3d.soup-tiles, b3d.voxel-mapping: at most 2^20 tiles.
constexpr std::int64_t kMaxTiles = std::int64_t{1} << 20;

// b3d.border: B = WalkableRadius + kBorderExtra.
constexpr std::int32_t kBorderExtra = 3;

// b3d.span.heightfield, b3d.span.classify: area ids.
constexpr std::uint8_t kNullArea = 0;
constexpr std::uint8_t kWalkableArea = 63;
constexpr std::int64_t kMaxArea = 63;

// b3d.span.rows: the open space above a column's top span reaches this row.
constexpr std::int32_t kOpenTop = 65535;

// b3d.span.compact-heightfield: clearances are bytes; connections are 6-bit
// indices with 63 for none, so 62 is the highest connected index.
constexpr std::int32_t kMaxClearance = 255;
constexpr std::uint8_t kNotConnected = 63;
constexpr std::int32_t kMaxConnectionIndex = 62;

// b3d.span.erode: distances are bytes.
constexpr std::int32_t kMaxDistance = 255;

}  // namespace onepath::build3d
