// The region stages (build3d-regions.md, b3d.region.*) with Recast:
// rcBuildDistanceField, rcBuildRegions (on a given distance field),
// rcBuildRegionsMonotone and rcBuildLayerRegions, all with borderSize 0
// (b3d.region.border-size), on a compact heightfield copied into Recast's
// arrays as given. RecastRegion.cpp is the same code in e75adf8 and 1.6.0
// (b3d.region.recast), so no adjustment is made; the checks keep to
// fields Recast handles as the spec does.
#include <recastnavigation/RecastAlloc.h>

#include <algorithm>
#include <cstring>

#include "oracles/recast/recast_load.hpp"

namespace recast_oracle {

namespace {

// Region ids are 16-bit with 0x8000 as Recast's border flag; every
// provisional region owns a span of non-null area, so this many spans keep
// the ids below 0x8000 (b3d.region.ids).
constexpr std::int64_t kMaxWalkableSpans = 32766;

std::string CheckRegionField(const CompactHeightfield& field) {
  std::string error = detail::CheckCompact(field);
  if (!error.empty()) return error;
  std::int64_t walkable = 0;
  for (const CompactColumn& column : field.columns)
    for (const CompactSpan& s : column) walkable += s.area != kNullArea;
  if (walkable > kMaxWalkableSpans)
    return "more than 32766 spans of non-null area (16-bit region ids)";
  return "";
}

// rcBuildRegionsMonotone and rcBuildLayerRegions keep max(width, depth)
// sweep entries and use entries 1 .. runs of each row: a row needs fewer
// than max(width, depth) runs (b3d.region.recast, "Sweep buffer"). A run
// starts at each non-null span without a direction-0 connection to a span
// of the same area.
std::string CheckSweep(const CompactHeightfield& field) {
  const int limit = std::max(field.width, field.depth);
  for (int z = 0; z < field.depth; ++z) {
    int runs = 0;
    for (int x = 0; x < field.width; ++x) {
      for (const CompactSpan& s : field.columns[x + field.width * z]) {
        if (s.area == kNullArea) continue;
        const bool joined = s.con[0] != kNotConnected &&
                            field.columns[x - 1 + field.width * z][s.con[0]].area == s.area;
        if (!joined) ++runs;
      }
    }
    if (runs >= limit) return "a row with max(width, depth) sweep runs or more";
  }
  return "";
}

Regions ReadRegions(const rcCompactHeightfield& chf) {
  Regions out;
  out.regionCount = chf.maxRegions;
  out.regions.resize(static_cast<std::size_t>(chf.spanCount));
  for (int i = 0; i < chf.spanCount; ++i) out.regions[i] = chf.spans[i].reg;
  return out;
}

}  // namespace

Outcome<DistanceField> BuildDistanceField(const CompactHeightfield& field) {
  const std::string error = detail::CheckCompact(field);
  if (!error.empty()) return {{}, error};
  rcContext ctx(false);
  rcCompactHeightfield chf;
  if (!detail::FillCompact(field, chf) || !rcBuildDistanceField(&ctx, chf))
    return {{}, "out of memory"};
  DistanceField out;
  out.maxDistance = chf.maxDistance;
  out.distances.assign(chf.dist, chf.dist + chf.spanCount);
  return {out, ""};
}

Outcome<Regions> Watershed(const CompactHeightfield& field, const DistanceField& distances,
                           int minRegionArea, int mergeRegionArea) {
  std::string error = CheckRegionField(field);
  std::size_t spans = 0;
  for (const CompactColumn& column : field.columns) spans += column.size();
  if (error.empty() && distances.distances.size() != spans) error = "one distance per span";
  if (!error.empty()) return {{}, error};
  rcContext ctx(false);
  rcCompactHeightfield chf;
  if (!detail::FillCompact(field, chf)) return {{}, "out of memory"};
  // The reference's distances in place of rcBuildDistanceField's (freed
  // by ~rcCompactHeightfield).
  chf.dist = static_cast<unsigned short*>(
      rcAlloc(sizeof(unsigned short) * (spans == 0 ? 1 : spans), RC_ALLOC_PERM));
  if (chf.dist == nullptr) return {{}, "out of memory"};
  if (spans > 0) std::memcpy(chf.dist, distances.distances.data(), sizeof(unsigned short) * spans);
  chf.maxDistance = distances.maxDistance;
  if (!rcBuildRegions(&ctx, chf, 0, minRegionArea, mergeRegionArea))
    return {{}, "rcBuildRegions failed"};
  return {ReadRegions(chf), ""};
}

Outcome<Regions> Monotone(const CompactHeightfield& field, int minRegionArea, int mergeRegionArea) {
  std::string error = CheckRegionField(field);
  if (error.empty()) error = CheckSweep(field);
  if (!error.empty()) return {{}, error};
  rcContext ctx(false);
  rcCompactHeightfield chf;
  if (!detail::FillCompact(field, chf) ||
      !rcBuildRegionsMonotone(&ctx, chf, 0, minRegionArea, mergeRegionArea))
    return {{}, "rcBuildRegionsMonotone failed"};
  return {ReadRegions(chf), ""};
}

Outcome<Regions> Layers(const CompactHeightfield& field, int minRegionArea) {
  std::string error = CheckRegionField(field);
  if (error.empty()) error = CheckSweep(field);
  if (!error.empty()) return {{}, error};
  rcContext ctx(false);
  rcCompactHeightfield chf;
  if (!detail::FillCompact(field, chf) || !rcBuildLayerRegions(&ctx, chf, 0, minRegionArea))
    return {{}, "rcBuildLayerRegions failed"};
  return {ReadRegions(chf), ""};
}

}  // namespace recast_oracle
