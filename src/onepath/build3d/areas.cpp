// Areas on the compact heightfield (docs/spec/build3d-spans.md,
// b3d.span.erode, b3d.span.volumes), after Recast 1.6.0's
// rcErodeWalkableArea and rcMarkConvexPolyArea.
#include <algorithm>
#include <cmath>
#include <vector>

#include "onepath/build3d/internal/directions.hpp"
#include "onepath/build3d/internal/heightfield_access.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/build3d/span_pipeline.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d {

namespace internal {

namespace {

// The index in the flat array of the neighbour of span s (in column (x, z))
// in direction dir. Precondition: s.con[dir] != 63.
std::size_t Neighbour(std::span<const std::uint32_t> start, std::int64_t w, std::int64_t x,
                      std::int64_t z, const CompactSpan& s, int dir) {
  const std::int64_t nx = x + kDirX[dir];
  const std::int64_t nz = z + kDirZ[dir];
  return start[static_cast<std::size_t>(nx + w * nz)] + std::size_t{s.con[dir]};
}

// dist(s) = min(dist(s), min(dist(a) + step, 255)).
void Lower(std::vector<std::uint8_t>& dist, std::size_t s, std::size_t a, int step) {
  const int candidate = std::min(dist[a] + step, kMaxDistance);
  if (candidate < dist[s]) dist[s] = static_cast<std::uint8_t>(candidate);
}

// One update of step 2 or 3 of b3d.span.erode: the neighbour a in direction
// `first` (+2), then a's neighbour in direction `second` (+3).
void LowerFrom(std::span<const std::uint32_t> start, std::span<const CompactSpan> spans,
               std::vector<std::uint8_t>& dist, std::int64_t w, std::int64_t x, std::int64_t z,
               std::size_t i, int first, int second) {
  const CompactSpan& s = spans[i];
  if (s.con[first] == kNotConnected) return;
  const std::size_t a = Neighbour(start, w, x, z, s, first);
  Lower(dist, i, a, 2);
  const CompactSpan& as = spans[a];
  if (as.con[second] == kNotConnected) return;
  const std::size_t b = Neighbour(start, w, x + kDirX[first], z + kDirZ[first], as, second);
  Lower(dist, i, b, 3);
}

// b3d.span.volumes: the even-odd test of the cell centre (px, pz).
bool Inside(const std::vector<VolumePoint>& p, float px, float pz) {
  bool inside = false;
  const std::size_t n = p.size();
  for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
    if ((p[i].z > pz) == (p[j].z > pz)) continue;
    const float dx = p[j].x - p[i].x;
    const float dz = pz - p[i].z;
    const float product = dx * dz;
    const float quotient = product / (p[j].z - p[i].z);
    const float crossing = quotient + p[i].x;
    if (px < crossing) inside = !inside;
  }
  return inside;
}

std::int64_t Trunc(float v) { return static_cast<std::int64_t>(std::trunc(v)); }

void MarkVolume(CompactHeightfield& h, const ConvexVolume& v, const TileGrid& g) {
  const auto start = HeightfieldAccess::ColumnStarts(h);
  const auto spans = HeightfieldAccess::MutableSpans(h);
  // 1.
  float vminX = v.points[0].x, vmaxX = vminX;
  float vminZ = v.points[0].z, vmaxZ = vminZ;
  for (const VolumePoint& p : v.points) {
    vminX = std::min(vminX, p.x);
    vmaxX = std::max(vmaxX, p.x);
    vminZ = std::min(vminZ, p.z);
    vmaxZ = std::max(vmaxZ, p.z);
  }
  // 2. A subtraction, then a division.
  std::int64_t minx = Trunc((vminX - g.bmin.x) / g.csF);
  std::int64_t maxx = Trunc((vmaxX - g.bmin.x) / g.csF);
  std::int64_t minz = Trunc((vminZ - g.bmin.z) / g.csF);
  std::int64_t maxz = Trunc((vmaxZ - g.bmin.z) / g.csF);
  const std::int64_t miny = Trunc((v.minY - g.bmin.y) / g.chF);
  const std::int64_t maxy = Trunc((v.maxY - g.bmin.y) / g.chF);
  // 3. The grid is the value's (W x W for every value a stage returns).
  const std::int64_t w = h.width();
  const std::int64_t d = h.depth();
  if (maxx < 0 || minx >= w || maxz < 0 || minz >= d) return;
  minx = std::max<std::int64_t>(minx, 0);
  maxx = std::min(maxx, w - 1);
  minz = std::max<std::int64_t>(minz, 0);
  maxz = std::min(maxz, d - 1);
  // 4.
  const auto area = static_cast<std::uint8_t>(v.area);
  for (std::int64_t z = minz; z <= maxz; ++z) {
    const float pz = g.bmin.z + ((static_cast<float>(z) + 0.5f) * g.csF);
    for (std::int64_t x = minx; x <= maxx; ++x) {
      const float px = g.bmin.x + ((static_cast<float>(x) + 0.5f) * g.csF);
      const auto c = static_cast<std::size_t>(x + w * z);
      int inside = -1;  // the cell centre's test, made once when first needed
      for (std::uint32_t i = start[c]; i < start[c + 1]; ++i) {
        CompactSpan& s = spans[i];
        if (s.area == kNullArea) continue;
        if (s.y < miny || s.y > maxy) continue;
        if (inside < 0) inside = Inside(v.points, px, pz) ? 1 : 0;
        if (inside == 1) s.area = area;
      }
    }
  }
}

}  // namespace

void Erode(CompactHeightfield& h, std::int32_t walkableRadius) {
  const auto start = HeightfieldAccess::ColumnStarts(h);
  const auto spans = HeightfieldAccess::MutableSpans(h);
  const std::int64_t w = h.width();
  const std::int64_t d = h.depth();
  std::vector<std::uint8_t> dist(spans.size(), kMaxDistance);
  // 1. Boundary.
  for (std::int64_t z = 0; z < d; ++z) {
    for (std::int64_t x = 0; x < w; ++x) {
      const auto c = static_cast<std::size_t>(x + w * z);
      for (std::uint32_t i = start[c]; i < start[c + 1]; ++i) {
        const CompactSpan& s = spans[i];
        if (s.area == kNullArea) {
          dist[i] = 0;
          continue;
        }
        int neighbours = 0;
        for (int dir = 0; dir < 4; ++dir) {
          if (s.con[dir] == kNotConnected) break;
          if (spans[Neighbour(start, w, x, z, s, dir)].area == kNullArea) break;
          ++neighbours;
        }
        if (neighbours != 4) dist[i] = 0;
      }
    }
  }
  // 2. Forward pass.
  for (std::int64_t z = 0; z < d; ++z) {
    for (std::int64_t x = 0; x < w; ++x) {
      const auto c = static_cast<std::size_t>(x + w * z);
      for (std::uint32_t i = start[c]; i < start[c + 1]; ++i) {
        LowerFrom(start, spans, dist, w, x, z, i, 0, 3);
        LowerFrom(start, spans, dist, w, x, z, i, 3, 2);
      }
    }
  }
  // 3. Backward pass.
  for (std::int64_t z = d - 1; z >= 0; --z) {
    for (std::int64_t x = w - 1; x >= 0; --x) {
      const auto c = static_cast<std::size_t>(x + w * z);
      for (std::uint32_t i = start[c]; i < start[c + 1]; ++i) {
        LowerFrom(start, spans, dist, w, x, z, i, 2, 1);
        LowerFrom(start, spans, dist, w, x, z, i, 1, 0);
      }
    }
  }
  // 4.
  const int threshold = 2 * walkableRadius;
  for (std::size_t i = 0; i < spans.size(); ++i) {
    if (dist[i] < threshold) spans[i].area = kNullArea;
  }
}

void MarkVolumes(CompactHeightfield& h, std::span<const ConvexVolume> volumes,
                 const TileGrid& grid) {
  for (const ConvexVolume& v : volumes) MarkVolume(h, v, grid);
}

}  // namespace internal

CompactHeightfield SpanPipeline::Erode(CompactHeightfield h, const NavSettings& settings) {
  const DerivedSettings d = DeriveSettings(settings);
  internal::CheckCompactHeightfield(h);
  internal::Erode(h, d.walkableRadius);
  return h;
}

namespace {

// b3d.span.stage-input: the input, volumes and tile first, then the value.
template <typename Input>
CompactHeightfield MarkVolumesOf(CompactHeightfield h, const Input& input,
                                 std::span<const ConvexVolume> volumes, const NavSettings& settings,
                                 std::int64_t tx, std::int64_t tz) {
  const internal::PreparedTile tile = internal::PrepareTile(input, volumes, settings, tx, tz);
  internal::CheckCompactHeightfield(h);
  internal::MarkVolumes(h, volumes, tile.grid);
  return h;
}

}  // namespace

CompactHeightfield SpanPipeline::MarkVolumes(CompactHeightfield h, const TriangleSoup& soup,
                                             std::span<const ConvexVolume> volumes,
                                             const NavSettings& settings, std::int64_t tx,
                                             std::int64_t tz) {
  return MarkVolumesOf(std::move(h), soup, volumes, settings, tx, tz);
}

CompactHeightfield SpanPipeline::MarkVolumes(CompactHeightfield h, const HeightfieldInput& input,
                                             std::span<const ConvexVolume> volumes,
                                             const NavSettings& settings, std::int64_t tx,
                                             std::int64_t tz) {
  return MarkVolumesOf(std::move(h), input, volumes, settings, tx, tz);
}

CompactHeightfield SpanPipeline::MarkVolumes(CompactHeightfield h, const VoxelChunk& chunk,
                                             std::span<const ConvexVolume> volumes,
                                             const NavSettings& settings, std::int64_t tx,
                                             std::int64_t tz) {
  return MarkVolumesOf(std::move(h), chunk, volumes, settings, tx, tz);
}

}  // namespace onepath::build3d
