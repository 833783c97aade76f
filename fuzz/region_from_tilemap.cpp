// Fuzz target for Region.FromTileMap (docs/spec/region.md,
// region.from-tilemap).
// clauses: region.from-tilemap grid.tilemap-lines grid.coordinates grid.snapbits
// clauses: region.invariants err.fields err.nothing-else
//
// Input (bytes past the end read as zero): SnapBits (one byte, as in
// fuzz/region_input.hpp); a flags byte: bit 0 width = -1, bit 1 height =
// -1, bit 2 one cell too few, bits 3 to 5 all set: the costly reference
// below (bits 6 and 7 are not read); width and height (one byte each, % 25); the
// cell size (one byte: % 8 picks 1, 1/4, 1/3, 3/2, 2^-20 (below a unit
// unless SnapBits >= 20, so always), NaN, infinity, or 2^18 (lines beyond
// 2^21 for maps wider than 8); times 2^-SnapBits for the first four, so they
// are small in grid units); the origin (two coordinates as in
// region_input.hpp, scale 0); then the cells, one bit each (LSB first).
//
// FromTileMap must throw exactly the error the spec's check order gives, or
// return a region the independent validator accepts and that equals
// Region.FromOutlines of the solid cells' squares (region.from-tilemap's
// last sentence) byte for byte. With flag bits 3, 4 and 5 all set and at
// most 64 solid cells the reference is that sentence as written: one
// outline per solid square (gen::SolidCellSquares), so an arrangement per
// square and one for their union; on larger maps that was most of the
// target's time (and the fuzzer keeps many such inputs, as every square
// adds coverage counts). Otherwise it is the same point set for a fraction
// of the cost: the solid cells merged into rectangles (each row's maximal
// runs, a run continued down the rows while the next row has the same run),
// all of them rings of one outline. Snapped grid lines never decrease, so
// the squares tile each rectangle and the rectangles' interiors are
// disjoint: the outline's even-odd region is their union, the squares'
// union. Every edge is axis-parallel on integer lines, so the arrangement
// rounds nothing and both give the same bytes.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "conformance/generators/region_validity.hpp"
#include "conformance/generators/tile_squares.hpp"
#include "fuzz/region_input.hpp"
#include "onepath/geom2d/region.hpp"

using namespace onepath;
using geom2d::Region;

namespace {

const char* kName = "fuzz_region_from_tilemap";

double CellSize(std::uint8_t b, int bits) {
  double unit = std::ldexp(1.0, -(bits < 0 ? 0 : bits));
  switch (b % 8) {
    case 0:
      return unit;
    case 1:
      return unit * 0.25 * 16;  // 4 units
    case 2:
      return unit / 3 * 7;  // 7/3 units: lines round
    case 3:
      return unit * 1.5;  // ties at odd lines
    case 4:
      return 0x1p-20;
    case 5:
      return std::numeric_limits<double>::quiet_NaN();
    case 6:
      return std::numeric_limits<double>::infinity();
    default:
      return 0x1p18;
  }
}

// grid.tilemap-lines' check, from the spec text: line i = origin + i * size
// (one multiplication, one addition), first bad one reported.
std::optional<fuzz::ExpectedError> LinesError(double origin, double size, std::int64_t n,
                                              const char* name) {
  for (std::int64_t i = 0; i <= n; ++i) {
    double offset = double(i) * size;
    double line = origin + offset;
    if (!fuzz::PublicCoordinate(line))
      return fuzz::ExpectedError{"ArgumentOutOfRangeException",
                                 {.argument = name, .vertex = i, .value = line}};
  }
  return std::nullopt;
}

// The solid cells as rectangles (see the top): rings of one outline,
// corners computed as grid.tilemap-lines computes the lines.
std::vector<geom2d::Outline> SolidCellRectangles(const std::vector<std::uint8_t>& cells,
                                                 std::int64_t width, std::int64_t height,
                                                 double cell, Vector2D origin) {
  struct Open {
    std::int64_t x0, x1, y0;
  };
  geom2d::Outline all;
  auto close = [&](const Open& o, std::int64_t y1) {
    const double x0 = origin.x + double(o.x0) * cell, x1 = origin.x + double(o.x1) * cell;
    const double y0 = origin.y + double(o.y0) * cell, y1d = origin.y + double(y1) * cell;
    all.rings.push_back({{x0, y0}, {x1, y0}, {x1, y1d}, {x0, y1d}});
  };
  std::vector<Open> open, next;
  for (std::int64_t y = 0; y <= height; ++y) {
    next.clear();
    for (std::int64_t x = 0; y < height && x < width;) {
      if (!cells[static_cast<std::size_t>(y * width + x)]) {
        ++x;
        continue;
      }
      std::int64_t end = x;
      while (end < width && cells[static_cast<std::size_t>(y * width + end)]) ++end;
      next.push_back({x, end, y});
      x = end;
    }
    // Runs are in x order in both rows: a run continues an open rectangle
    // with the same ends; open rectangles not continued end at line y.
    std::size_t k = 0;
    for (Open& run : next) {
      while (k < open.size() && open[k].x0 < run.x0) close(open[k++], y);
      if (k < open.size() && open[k].x0 == run.x0 && open[k].x1 == run.x1) run.y0 = open[k++].y0;
    }
    while (k < open.size()) close(open[k++], y);
    open.swap(next);
  }
  std::vector<geom2d::Outline> outlines;
  if (!all.rings.empty()) outlines.push_back(std::move(all));
  return outlines;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::ByteReader in(data, size);
  int bits = fuzz::DecodeSnapBits(in);
  std::uint8_t flags = in.U8();
  std::int64_t width = in.U8() % 25, height = in.U8() % 25;
  double cell = CellSize(in.U8(), bits);
  Vector2D origin{fuzz::DecodeCoordinate(in, 0), fuzz::DecodeCoordinate(in, 0)};
  std::vector<std::uint8_t> cells(static_cast<std::size_t>(width * height));
  for (std::size_t k = 0; k < cells.size(); k += 8) {
    std::uint8_t b = in.U8();
    for (std::size_t j = 0; j < 8 && k + j < cells.size(); ++j) cells[k + j] = (b >> j) & 1;
  }
  if (flags & 1) width = -1;
  if (flags & 2) height = -1;
  if ((flags & 4) && !cells.empty()) cells.pop_back();

  // The spec's check order (region.from-tilemap).
  std::optional<fuzz::ExpectedError> expected;
  bool empty = cells.empty();
  if (bits < 0 || bits > 16) {
    expected = fuzz::ExpectedError{"ArgumentOutOfRangeException",
                                   {.value = double(bits), .setting = "SnapBits"}};
  } else if (width < 0) {
    expected =
        fuzz::ExpectedError{"ArgumentOutOfRangeException", {.argument = "width", .value = -1.0}};
  } else if (height < 0) {
    expected =
        fuzz::ExpectedError{"ArgumentOutOfRangeException", {.argument = "height", .value = -1.0}};
  } else if (std::int64_t(cells.size()) != width * height) {
    expected = fuzz::ExpectedError{"ArgumentException",
                                   {.argument = "cells", .count = std::int64_t(cells.size())}};
  } else if (!std::isfinite(cell) || !(std::ldexp(cell, bits) >= 1.0)) {
    expected =
        fuzz::ExpectedError{"ArgumentOutOfRangeException", {.argument = "cellSize", .value = cell}};
  } else {
    expected = LinesError(origin.x, cell, empty ? 0 : width, "gridLine.x");
    if (!expected) expected = LinesError(origin.y, cell, empty ? 0 : height, "gridLine.y");
  }

  Region region;
  try {
    region = Region::FromTileMap(cells, width, height, cell, origin, {.SnapBits = bits});
  } catch (const ArgumentException& e) {
    fuzz::CheckError(kName, e, expected);
    return 0;
  }
  if (expected) fuzz::Fail(kName, "no " + expected->type + " for a bad tile map");
  gen::RegionValidity validity = gen::CheckRegionValidity(region);
  if (!validity.ok()) {
    for (const std::string& m : validity.messages) std::fprintf(stderr, "  %s\n", m.c_str());
    fuzz::Fail(kName, "invalid region");
  }
  std::size_t solidCells = 0;
  for (std::uint8_t c : cells) solidCells += c != 0;
  const bool literal = (flags & 0x38) == 0x38 && solidCells <= 64;
  const std::vector<geom2d::Outline> reference =
      literal ? gen::SolidCellSquares(cells, width, height, cell, origin)
              : SolidCellRectangles(cells, width, height, cell, origin);
  if (CanonicalBytes(Region::FromOutlines(reference, {.SnapBits = bits})) != CanonicalBytes(region))
    fuzz::Fail(kName, literal ? "differs from FromOutlines of the solid cells' squares"
                              : "differs from FromOutlines of the solid cells' rectangles");
  return 0;
}
