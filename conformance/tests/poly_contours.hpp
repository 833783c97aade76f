// What the polygonizer's checks against its brute-force oracle share
// (polygonizer_differential.cpp, fuzz/build3d_polys.cpp,
// tools/golden/gen_build3d_polys.cpp): the oracle's contours (made by
// gen_contours.hpp) as the reference's ContourSet (b3d.contour.values), and
// the six settings variants of the seeded contour sets.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "conformance/tests/gen_contours.hpp"
#include "onepath/build3d.hpp"
#include "oracles/boost_mp/polygonizer_bruteforce.hpp"

namespace onepath::conformance {

inline build3d::ContourSet ToContourSet(const std::vector<oracle::BfContour>& in) {
  build3d::ContourSet out;
  for (const oracle::BfContour& c : in) {
    build3d::Contour contour;
    contour.region = c.region;
    contour.area = c.area;
    for (const auto& v : c.vertices)
      contour.vertices.push_back({static_cast<std::uint16_t>(v.x), static_cast<std::uint16_t>(v.y),
                                  static_cast<std::uint16_t>(v.z), v.neighbour, v.areaBorder});
    out.contours.push_back(std::move(contour));
  }
  return out;
}

// A settings variant of the seeded contour sets: the settings the
// polygonizer reads and the generator options (`kind`: "seeded" the
// defaults, "noisy" NoisyContoursOptions, "whole" noisy over the whole core).
struct PolySettingsVariant {
  double cellSize, tileSize, agentRadius;
  int maxVertsPerPoly;
  const char* kind;
  const char* what;
};

inline constexpr PolySettingsVariant kPolySettingsVariants[] = {
    {0.3, 9.6, 0.6, 6, "seeded", "the default settings (32 cells, B 5)"},
    {0.3, 9.6, 0.6, 3, "noisy", "the default settings with MaxVertsPerPoly 3"},
    {0.3, 9.6, 0.6, 4, "noisy", "the default settings with MaxVertsPerPoly 4"},
    {0.3, 2.1, 0.6, 5, "whole", "a 7-cell tile (B 5), MaxVertsPerPoly 5"},
    {0.25, 8.0, 0.5, 6, "noisy", "cs 0.25 (32 cells, B 5): float32 positions exact"},
    {0.7, 4.9, 1.4, 6, "whole", "cs 0.7 (7 cells, B 5): float32 positions rounded"},
};

inline GenContoursOptions OptionsOf(const PolySettingsVariant& v) {
  const std::string_view kind = v.kind;
  if (kind == "seeded") return {};
  GenContoursOptions o = NoisyContoursOptions();
  if (kind == "whole") o.cells = 1 << 20;  // clamped to TileCells: the whole core
  return o;
}

// The default NavSettings with the variant's CellSize, TileSize,
// AgentRadius and MaxVertsPerPoly.
inline build3d::NavSettings NavSettingsOf(const PolySettingsVariant& v) {
  build3d::NavSettings s;
  s.CellSize = v.cellSize;
  s.TileSize = v.tileSize;
  s.AgentRadius = v.agentRadius;
  s.MaxVertsPerPoly = v.maxVertsPerPoly;
  return s;
}

inline oracle::BfPolySettings OracleSettingsOf(const PolySettingsVariant& v) {
  return oracle::BfPolySettingsFrom(v.cellSize, v.tileSize, v.agentRadius, v.maxVertsPerPoly);
}

}  // namespace onepath::conformance
