// The Recast oracle for the span stages (build3d-spans.md, b3d.span.*)
// and the region stages (build3d-regions.md, b3d.region.*):
// each function runs one stage with Debian's librecast-dev (Recast
// 1.5.1+git20210215.e75adf8), driven so that its result equals Recast
// 1.6.0's, which the chapter follows (b3d.span.recast). It shares no code
// with src/ and is never linked into it: the value types, the checks and the
// canonical bytes below are the oracle's own.
//
// Every function takes and returns plain values shaped as the spec's
// (Heightfield, CompactHeightfield), so that a stage can be run on the
// reference's output of the previous stage. Recast's limits that the spec
// does not have (13-bit span tops, 8-bit column counts, C casts to int) are
// checked first: a call outside the comparable domain returns an Outcome
// with an error message and never reaches Recast.
//
// Thread safety: each call makes its own rcContext (logging and timers off)
// and its own Recast heightfields; the slope-angle cache is locked. Calls
// may run in parallel.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace recast_oracle {

// The largest span top Recast can store (RC_SPAN_MAX_HEIGHT, 13 bits).
constexpr int kMaxSpanTop = 8191;
// The most rows a rasterized grid may have: tops reach rows + 1.
constexpr int kMaxGridRows = 8190;
// The most compact spans in one column (rcCompactCell::count, 8 bits).
constexpr int kMaxCompactColumnSpans = 255;
// Compact spans in a whole field must stay below 2^24 (rcCompactCell::index).
constexpr std::int64_t kMaxCompactSpans = (std::int64_t{1} << 24) - 1;
// The null and the walkable area ids, and "no connection" (Recast's 0x3f,
// which is also the spec's 63: b3d.span.compact-heightfield).
constexpr std::uint8_t kNullArea = 0;
constexpr std::uint8_t kWalkableArea = 63;
constexpr std::uint8_t kNotConnected = 63;

// A result, or the reason the call is outside what Recast can compare.
template <typename T>
struct Outcome {
  T value{};
  std::string error;  // empty on success
  bool Ok() const { return error.empty(); }
};

// b3d.span.heightfield: rows smin .. smax - 1 are solid.
struct Span {
  std::uint16_t smin = 0;
  std::uint16_t smax = 0;
  std::uint8_t area = 0;
  bool operator==(const Span&) const = default;
};
using SpanColumn = std::vector<Span>;

// Columns in column order: column (x, z) at x + width * z, spans bottom up.
struct Heightfield {
  int width = 0;
  int depth = 0;
  std::vector<SpanColumn> columns;
  bool operator==(const Heightfield&) const = default;
};

// b3d.span.compact-heightfield: the open space above a solid span.
struct CompactSpan {
  std::uint16_t y = 0;
  std::uint8_t h = 0;
  std::array<std::uint8_t, 4> con{kNotConnected, kNotConnected, kNotConnected, kNotConnected};
  std::uint8_t area = 0;
  bool operator==(const CompactSpan&) const = default;
};
using CompactColumn = std::vector<CompactSpan>;

struct CompactHeightfield {
  int width = 0;
  int depth = 0;
  std::vector<CompactColumn> columns;
  bool operator==(const CompactHeightfield&) const = default;
};

// What the span stages use of a tile's grid (b3d.grid): W x W columns and
// the binary32 images. Recast is given exactly these numbers.
struct Grid {
  int W = 0;
  int rows = 0;
  std::array<float, 3> bmin{};
  std::array<float, 3> bmax{};
  float csF = 1;
  float chF = 1;
};

// b3d.volume-input: a polygon in x, z extruded from minY to maxY.
struct PointXZ {
  float x = 0;
  float z = 0;
};
struct Volume {
  std::vector<PointXZ> points;
  float minY = 0;
  float maxY = 0;
  std::uint8_t area = 0;
};

// ---- b3d.span.classify ----

// Recast computes its slope threshold as cosf((angle / 180) * 3.14159265f);
// the spec uses slopeCosine. FindSlopeAngles finds binary32 angles whose
// threshold equals slopeCosine (exact), or else the two neighbouring angles
// whose thresholds lie just below and just above it (b3d.span.recast,
// "Slope threshold").
struct SlopeAngles {
  bool exact = false;
  float angle = 0;         // exact: Recast's threshold equals slopeCosine
  float angleLenient = 0;  // threshold <= slopeCosine (more triangles walkable)
  float angleStrict = 0;   // threshold >= slopeCosine (fewer triangles walkable)
  float thresholdLenient = 0;
  float thresholdStrict = 0;
};
// slopeCosine in 0 .. 1. angleDegrees (the setting) is tried first; a
// search over all binary32 angles in 0 .. 90 follows, cached per slopeCosine.
Outcome<SlopeAngles> FindSlopeAngles(float slopeCosine, double angleDegrees);

// The triangles' areas with Recast's threshold just below (lenient) and
// just above (strict) slopeCosine, each then cleared where the triangle is
// not MayBeWalkable. When exact, both are the spec's areas. Otherwise a
// triangle's area is decided only where the two agree.
struct Classification {
  bool exact = false;
  std::vector<std::uint8_t> areasLenient;
  std::vector<std::uint8_t> areasStrict;
  bool Decided(std::size_t triangle) const {
    return areasLenient[triangle] == areasStrict[triangle];
  }
};
// verts: x, y, z per vertex; tris: three vertex indices per triangle (the
// tile's triangles, as Recast takes them).
Outcome<Classification> ClassifyTriangles(std::span<const float> verts,
                                          std::span<const std::int32_t> tris, float slopeCosine,
                                          double angleDegrees);

// b3d.may-be-walkable, computed by the oracle itself in binary64.
bool MayBeWalkable(std::span<const float> verts, std::span<const std::int32_t> tris,
                   std::size_t triangle, float slopeCosine);

// ---- b3d.span.rasterize ----

// True when Recast e75adf8 and 1.6.0 rasterize the triangle alike: its
// least x and z lie at most half a cell before the grid's low edges
// (lo.x >= bmin.x - csF/2 and lo.z >= bmin.z - csF/2, in binary64), so
// every start row and column is 0 or more in both (b3d.span.recast 2).
bool TriangleAvoidsLowEdgeDifference(const Grid& grid, std::span<const float> verts,
                                     std::span<const std::int32_t> tris, std::size_t triangle);

// rcRasterizeTriangles into a W + 1 by W heightfield (the high-x-edge
// remedy of b3d.span.recast 2), column W dropped. areas: one per triangle.
// Equals 1.6.0 for triangles that TriangleAvoidsLowEdgeDifference.
Outcome<Heightfield> Rasterize(const Grid& grid, std::span<const float> verts,
                               std::span<const std::int32_t> tris,
                               std::span<const std::uint8_t> areas, int flagMergeThreshold);

// ---- b3d.span.from-heightfield, the filters, compaction ----

// Adds every span of every column, in list order, with rcAddSpan and
// threshold 0: the input's spans may be unsorted and overlap (the stage
// FromHeightfield on a grid already mapped by the caller).
Outcome<Heightfield> LoadHeightfield(const Heightfield& input);

// The filters take a valid heightfield (b3d.span.heightfield, tops <= 8191).
Outcome<Heightfield> FilterLowHangingObstacles(const Heightfield& field, int walkableClimb);
Outcome<Heightfield> FilterLedgeSpans(const Heightfield& field, int walkableHeight,
                                      int walkableClimb);
// Calls e75adf8's filter with walkableHeight - 1, so its "clearance <=" is
// 1.6.0's "clearance < walkableHeight" (b3d.span.recast 1).
Outcome<Heightfield> FilterLowHeightSpans(const Heightfield& field, int walkableHeight);
// The same filter WITHOUT that adjustment (e75adf8's own "<="): only for
// the negative control that shows the adjustment matters.
Outcome<Heightfield> FilterLowHeightSpansUnadjusted(const Heightfield& field, int walkableHeight);

// rcBuildCompactHeightfield; Recast's connection code 0x3f is the spec's 63.
Outcome<CompactHeightfield> Compact(const Heightfield& field, int walkableHeight,
                                    int walkableClimb);

// ---- b3d.span.erode, b3d.span.volumes ----

// The compact heightfield is loaded into Recast's arrays as given.
Outcome<CompactHeightfield> Erode(const CompactHeightfield& field, int walkableRadius);
// rcMarkConvexPolyArea once per volume, in order, on the grid's bmin, csF
// and chF.
Outcome<CompactHeightfield> MarkVolumes(const CompactHeightfield& field, const Grid& grid,
                                        std::span<const Volume> volumes);

// ---- b3d.region.* (all with borderSize 0, b3d.region.border-size) ----

// b3d.region.values: the blurred distances (span order) and the greatest
// distance before the blur, as Recast's chf.dist and chf.maxDistance.
struct DistanceField {
  std::vector<std::uint16_t> distances;
  std::uint16_t maxDistance = 0;
  bool operator==(const DistanceField&) const = default;
};
// A region id per span (span order; Recast's chf.spans[i].reg) and the
// region count (chf.maxRegions).
struct Regions {
  std::vector<std::uint16_t> regions;
  int regionCount = 0;
  bool operator==(const Regions&) const = default;
};

// rcBuildDistanceField.
Outcome<DistanceField> BuildDistanceField(const CompactHeightfield& field);
// rcBuildRegions on the given distances (loaded into chf.dist and
// chf.maxDistance). At most 32766 spans of non-null area (16-bit ids with
// Recast's border flag, b3d.region.recast).
Outcome<Regions> Watershed(const CompactHeightfield& field, const DistanceField& distances,
                           int minRegionArea, int mergeRegionArea);
// rcBuildRegionsMonotone, rcBuildLayerRegions; also fewer sweep runs in a
// row than max(width, depth) (Recast's sweep array).
Outcome<Regions> Monotone(const CompactHeightfield& field, int minRegionArea, int mergeRegionArea);
Outcome<Regions> Layers(const CompactHeightfield& field, int minRegionArea);

// ---- canonical bytes (docs/spec/canonical.md), written by the oracle ----

std::vector<std::uint8_t> HeightfieldBytes(const Heightfield& field);
std::vector<std::uint8_t> CompactHeightfieldBytes(const CompactHeightfield& field);
// The stage `triangles` (b3d.span.classify): per tile triangle its index in
// the soup and its area. The two lists must have the same length.
std::vector<std::uint8_t> TrianglesBytes(std::span<const std::uint32_t> soupIndices,
                                         std::span<const std::uint8_t> areas);
// SHA-256 (OpenSSL), 64 lowercase hexadecimal digits.
std::string Sha256Hex(std::span<const std::uint8_t> bytes);

}  // namespace recast_oracle
