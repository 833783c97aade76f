// b3d.span.classify by rcMarkWalkableTriangles, with Recast's cosf
// threshold driven to the spec's slopeCosine (b3d.span.recast, "Slope
// threshold"), and b3d.may-be-walkable written here from the spec text.
#include <bit>
#include <cmath>
#include <map>
#include <mutex>

#include "oracles/recast/recast_load.hpp"

namespace recast_oracle {

namespace {

// Recast's threshold for an angle, as rcMarkWalkableTriangles computes it
// (one binary32 division, one multiplication, the C library's cosf: the
// same library libRecast calls).
float RecastThreshold(float angle) { return std::cos((angle / 180.0f) * 3.14159265f); }

// Binary search over the bit patterns of the binary32 angles 0 .. 90 (in
// that range the patterns increase with the value) for adjacent angles
// with threshold(lo) > c >= threshold(hi). Only the invariant is relied
// on, not that cosf is monotone, so the bracket found is always valid.
SlopeAngles SearchSlopeAngles(float c) {
  std::uint32_t lo = std::bit_cast<std::uint32_t>(0.0f);   // threshold 1 > c
  std::uint32_t hi = std::bit_cast<std::uint32_t>(90.0f);  // threshold -4.4e-8 <= c
  while (hi - lo > 1) {
    const std::uint32_t mid = lo + (hi - lo) / 2;
    if (RecastThreshold(std::bit_cast<float>(mid)) > c)
      lo = mid;
    else
      hi = mid;
  }
  SlopeAngles found;
  found.angleLenient = std::bit_cast<float>(hi);
  found.angleStrict = std::bit_cast<float>(lo);
  found.thresholdLenient = RecastThreshold(found.angleLenient);
  found.thresholdStrict = RecastThreshold(found.angleStrict);
  found.exact = found.thresholdLenient == c;
  if (found.exact) {
    found.angle = found.angleLenient;
    found.angleStrict = found.angleLenient;
    found.thresholdStrict = c;
  }
  return found;
}

SlopeAngles CachedSearch(float c) {
  static std::mutex mutex;
  static std::map<std::uint32_t, SlopeAngles> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  const auto [it, inserted] = cache.try_emplace(std::bit_cast<std::uint32_t>(c));
  if (inserted) it->second = SearchSlopeAngles(c);
  return it->second;
}

std::string CheckTriangles(std::span<const float> verts, std::span<const std::int32_t> tris) {
  if (verts.size() % 3 != 0) return "verts: length not a multiple of 3";
  if (tris.size() % 3 != 0) return "tris: length not a multiple of 3";
  const std::int64_t count = static_cast<std::int64_t>(verts.size() / 3);
  for (std::size_t i = 0; i < tris.size(); ++i)
    if (tris[i] < 0 || tris[i] >= count) return "tris: index out of range";
  for (float v : verts)
    if (!std::isfinite(v)) return "verts: a coordinate is not finite";
  return "";
}

// rcMarkWalkableTriangles on a zeroed area array (it only ever sets 63),
// then area 0 wherever the triangle is not MayBeWalkable.
std::vector<std::uint8_t> MarkWalkable(std::span<const float> verts,
                                       std::span<const std::int32_t> tris, float angle,
                                       float slopeCosine) {
  const int nt = static_cast<int>(tris.size() / 3);
  std::vector<std::uint8_t> areas(static_cast<std::size_t>(nt), kNullArea);
  rcContext ctx(false);
  rcMarkWalkableTriangles(&ctx, angle, verts.data(), static_cast<int>(verts.size() / 3),
                          tris.data(), nt, areas.data());
  for (int t = 0; t < nt; ++t)
    if (!MayBeWalkable(verts, tris, static_cast<std::size_t>(t), slopeCosine)) areas[t] = kNullArea;
  return areas;
}

}  // namespace

Outcome<SlopeAngles> FindSlopeAngles(float slopeCosine, double angleDegrees) {
  if (!(slopeCosine >= 0.0f && slopeCosine <= 1.0f)) return {{}, "slopeCosine outside 0 .. 1"};
  // The setting's own angle first (b3d.span.recast: "searches binary32
  // angles next to f32(AgentMaxSlopeDegrees)"), then the full search.
  const float first = static_cast<float>(angleDegrees);
  if (first >= 0.0f && first <= 90.0f && RecastThreshold(first) == slopeCosine) {
    SlopeAngles found{true, first, first, first, slopeCosine, slopeCosine};
    return {found, ""};
  }
  return {CachedSearch(slopeCosine), ""};
}

bool MayBeWalkable(std::span<const float> verts, std::span<const std::int32_t> tris,
                   std::size_t triangle, float slopeCosine) {
  // b3d.may-be-walkable: binary64, one rounding per operation, in order.
  double v[3][3];
  for (int k = 0; k < 3; ++k)
    for (int a = 0; a < 3; ++a)
      v[k][a] = verts[3 * static_cast<std::size_t>(tris[3 * triangle + k]) + a];
  double e0[3], e1[3];
  for (int a = 0; a < 3; ++a) {
    e0[a] = v[1][a] - v[0][a];
    e1[a] = v[2][a] - v[0][a];
  }
  const double nx = e0[1] * e1[2] - e0[2] * e1[1];
  const double ny = e0[2] * e1[0] - e0[0] * e1[2];
  const double nz = e0[0] * e1[1] - e0[1] * e1[0];
  const double len = std::sqrt((nx * nx + ny * ny) + nz * nz);
  return len > 0 && ny >= (static_cast<double>(slopeCosine) - 1e-3) * len;
}

Outcome<Classification> ClassifyTriangles(std::span<const float> verts,
                                          std::span<const std::int32_t> tris, float slopeCosine,
                                          double angleDegrees) {
  const std::string error = CheckTriangles(verts, tris);
  if (!error.empty()) return {{}, error};
  const Outcome<SlopeAngles> angles = FindSlopeAngles(slopeCosine, angleDegrees);
  if (!angles.Ok()) return {{}, angles.error};
  Classification result;
  result.exact = angles.value.exact;
  result.areasLenient = MarkWalkable(verts, tris, angles.value.angleLenient, slopeCosine);
  result.areasStrict = result.exact
                           ? result.areasLenient
                           : MarkWalkable(verts, tris, angles.value.angleStrict, slopeCosine);
  return {result, ""};
}

}  // namespace recast_oracle
