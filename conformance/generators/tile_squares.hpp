// The solid cells of a tile map as square outlines (region.from-tilemap's
// last sentence: FromTileMap gives the region FromOutlines gives for them).
// Corners are computed as grid.tilemap-lines computes the grid lines: line
// i = origin + i * cellSize, one multiplication and one addition.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/core/vector2d.hpp"
#include "onepath/geom2d/outline.hpp"

namespace onepath::gen {

// One outline per solid cell (non-zero byte), row-major, counter-clockwise;
// with oneOutline, all squares as rings of a single outline (none when no
// cell is solid).
std::vector<geom2d::Outline> SolidCellSquares(std::span<const std::uint8_t> cells,
                                              std::int64_t width, std::int64_t height,
                                              double cellSize, Vector2D origin,
                                              bool oneOutline = false);

}  // namespace onepath::gen
