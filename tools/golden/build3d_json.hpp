// What the writers of the 3D golden families share (gen_build3d.cpp,
// gen_build3d_regions.cpp, gen_build3d_mesh.cpp, gen_navmesh_query.cpp):
// their random source, the JSON forms of NavSettings (b3d.settings) and
// of a compact heightfield (b3d.span.compact-heightfield), as the runner
// reads them (conformance/runner/ops/build3d.cpp), and a compact
// heightfield as the Recast oracle takes it.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "conformance/runner/operations.hpp"
#include "oracles/recast/recast_oracle.hpp"
// src/ headers.
#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/settings.hpp"

namespace onepath::golden {

using build3d::CompactHeightfield;
using build3d::CompactSpan;
using build3d::NavSettings;
using nlohmann::json;

// SplitMix64 (predicate_cases.hpp's Next), written out so that the points
// and chunks the writers draw (gen_build3d_mesh.cpp, gen_navmesh_query.cpp)
// do not depend on a library's distributions. Below(n) = Next() mod n (not
// gen::SplitMix64's multiply-shift), in n's type; Open() is uniform in
// (0, 1): 53 random bits, plus half a step.
struct Mix {
  std::uint64_t state;
  std::uint64_t Next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  template <typename T>
  T Below(T n) {
    return static_cast<T>(Next() % static_cast<std::uint64_t>(n));
  }
  double Open() { return (static_cast<double>(Next() >> 11) + 0.5) * 0x1p-53; }
};

inline json SettingsJson(const NavSettings& s) {
  return {{"CellSize", s.CellSize},
          {"CellHeight", s.CellHeight},
          {"TileSize", s.TileSize},
          {"OriginX", s.OriginX},
          {"OriginZ", s.OriginZ},
          {"AgentHeight", s.AgentHeight},
          {"AgentRadius", s.AgentRadius},
          {"AgentMaxClimb", s.AgentMaxClimb},
          {"AgentMaxSlopeDegrees", s.AgentMaxSlopeDegrees},
          {"Partition", static_cast<int>(s.Partition)},
          {"MinRegionArea", s.MinRegionArea},
          {"MergeRegionArea", s.MergeRegionArea},
          {"ContourMaxError", s.ContourMaxError},
          {"MaxEdgeLength", s.MaxEdgeLength},
          {"MaxVertsPerPoly", s.MaxVertsPerPoly},
          {"DetailSampleDistance", s.DetailSampleDistance},
          {"DetailMaxError", s.DetailMaxError},
          {"MaxLocalExtent", conformance::DoubleToJson(s.MaxLocalExtent)},
          {"Area", s.Area},
          {"Flags", s.Flags}};
}

inline json CompactJson(const CompactHeightfield& c) {
  json list = json::array();
  for (const auto& column : ColumnLists(c)) {
    json l = json::array();
    for (const CompactSpan& s : column)
      l.push_back({s.y, s.h, {s.con[0], s.con[1], s.con[2], s.con[3]}, s.area});
    list.push_back(l);
  }
  return {{"width", c.width()}, {"depth", c.depth()}, {"columns", list}};
}

// The columns of a w x d compact field, column x + w z, holding one span
// (y, h, areaAt(x, z)) each, or none where areaAt gives 0, each span
// connected (con 0) to the neighbouring column's span in every direction
// inside the grid (b3d.span.directions: -x, +z, +x, -z), not (63) across
// the grid's edge or towards a column without a span.
template <typename AreaAt>
std::vector<std::vector<CompactSpan>> OneSpanColumns(int w, int d, std::uint16_t y, std::uint8_t h,
                                                     AreaAt areaAt) {
  constexpr int kDx[4] = {-1, 0, 1, 0}, kDz[4] = {0, 1, 0, -1};
  std::vector<std::vector<CompactSpan>> columns;
  for (int z = 0; z < d; ++z) {
    for (int x = 0; x < w; ++x) {
      const std::uint8_t area = areaAt(x, z);
      if (area == 0) {
        columns.emplace_back();
        continue;
      }
      CompactSpan s{.y = y, .h = h, .area = area};
      for (int k = 0; k < 4; ++k) {
        const int nx = x + kDx[k], nz = z + kDz[k];
        const bool inside = nx >= 0 && nz >= 0 && nx < w && nz < d;
        s.con[k] = inside && areaAt(nx, nz) != 0 ? 0 : 63;
      }
      columns.push_back({s});
    }
  }
  return columns;
}

// The flat w x w field: a span of area 63 in every column.
inline std::vector<std::vector<CompactSpan>> FlatColumns(int w, std::uint16_t y, std::uint8_t h) {
  return OneSpanColumns(w, w, y, h, [](int, int) -> std::uint8_t { return 63; });
}

inline recast_oracle::CompactHeightfield OracleCompact(const CompactHeightfield& h) {
  recast_oracle::CompactHeightfield o{static_cast<int>(h.width()), static_cast<int>(h.depth()), {}};
  for (const auto& column : ColumnLists(h)) {
    recast_oracle::CompactColumn& c = o.columns.emplace_back();
    for (const CompactSpan& s : column) c.push_back({s.y, s.h, s.con, s.area});
  }
  return o;
}

}  // namespace onepath::golden
