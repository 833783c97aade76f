// What the rows of several families share (conformance/runner/ops/): the
// region operands of their inputs, with their key bytes, and the output
// forms of regions, triangulations and partitions.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "conformance/runner/operations.hpp"
// src/ headers.
#include "onepath/core/canonical.hpp"
#include "onepath/geom2d/region.hpp"

namespace onepath::conformance::ops {

// Region.FromOutlines input, also each operand of a boolean operation:
// {"outlines": [...], "options": {"SnapBits": n}}; the region built.
geom2d::Region RegionFromJson(const nlohmann::json& in);

// Region.FromTileMap cells: a string of '0' and '1', or a list of integers
// 0..255 (non-zero is solid).
std::vector<std::uint8_t> CellsFromJson(const nlohmann::json& j);

// Region.FromTileMap input: {"cells", "width", "height", "cellSize",
// "origin", "options"}; the region built.
geom2d::Region TileMapFromJson(const nlohmann::json& in);

// The region an offset, a shrink, a triangulation, a partition or a
// measure starts from: a tile map (Region.FromTileMap input) when it has
// "cells", a derived region (below) when it has "op", else outlines
// (Region.FromOutlines input).
geom2d::Region OperandFromJson(const nlohmann::json& in);

// A derived region {"op": name, "input": input}: the region the operation
// `name` returns for `input` (its errors first), for the operations whose
// output is a region (region.canonical): Region.FromOutlines,
// Region.FromTileMap, the four boolean operations, Region.Offset and
// Mesh2DPipeline.Shrink. It reaches regions no outline list or tile map
// gives, such as geometry beyond 2^21 after a grow (offset.limits).
bool IsDerived(const nlohmann::json& operand);
geom2d::Region DerivedFromJson(const nlohmann::json& operand);

// An operand of a boolean operation: a derived region when it has "op",
// else a Region.FromOutlines input.
geom2d::Region BooleanOperandFromJson(const nlohmann::json& operand);

// The region-valued operations of the other ops/ files, for DerivedFromJson.
geom2d::Region BooleanFromJson(const std::string& op, const nlohmann::json& in);
geom2d::Region OffsetFromJson(const nlohmann::json& in);
geom2d::Region ShrinkFromJson(const nlohmann::json& in);

// Key bytes (docs/golden-format.md, family region/): outlines as i32
// SnapBits, then the outlines as lists of rings of (f64 x, f64 y); a tile
// map as i32 SnapBits, i64 width, i64 height, f64 cellSize, f64 origin x,
// y, then the cells as a list of u8; an operand as u8 1 and a tile map,
// u8 2 and a derived region, or u8 0 and outlines; a derived region as its
// operation's name (canon.string), then that operation's key bytes; a
// boolean operation's operand as a derived region (with its u8 2) or as
// outlines.
void WriteOutlinesKey(CanonicalWriter& w, const nlohmann::json& in);
void WriteTileMapKey(CanonicalWriter& w, const nlohmann::json& in);
void WriteOperandKey(CanonicalWriter& w, const nlohmann::json& operand);
void WriteBooleanOperandKey(CanonicalWriter& w, const nlohmann::json& operand);

// Canonical bytes as they are ({"bytes": n, "hex": "…"}, the vectors'
// expect.value; families canonical/ and navmesh/tiles), told apart by the
// first differing byte.
extern const OutputForm kBytesOutput;

// region.canonical, triangulate.canonical, partition.canonical.
extern const OutputForm kRegionOutput;
extern const OutputForm kTriangulationOutput;
extern const OutputForm kPartitionOutput;

}  // namespace onepath::conformance::ops
