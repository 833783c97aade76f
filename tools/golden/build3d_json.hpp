// What the writers of the 3D golden families share (gen_build3d.cpp,
// gen_build3d_regions.cpp): the JSON forms of NavSettings (b3d.settings) and
// of a compact heightfield (b3d.span.compact-heightfield), as the runner
// reads them (conformance/runner/ops/build3d.cpp), and a compact
// heightfield as the Recast oracle takes it.
#pragma once

#include <nlohmann/json.hpp>

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

inline recast_oracle::CompactHeightfield OracleCompact(const CompactHeightfield& h) {
  recast_oracle::CompactHeightfield o{static_cast<int>(h.width()), static_cast<int>(h.depth()), {}};
  for (const auto& column : ColumnLists(h)) {
    recast_oracle::CompactColumn& c = o.columns.emplace_back();
    for (const CompactSpan& s : column) c.push_back({s.y, s.h, s.con, s.area});
  }
  return o;
}

}  // namespace onepath::golden
