// b3d.span.erode (rcErodeWalkableArea) and b3d.span.volumes
// (rcMarkConvexPolyArea per volume, in order), each on a compact
// heightfield copied into Recast's arrays as given.
#include <cmath>

#include "oracles/recast/recast_load.hpp"

namespace recast_oracle {

namespace {

// Recast casts each bound's quotient to int, undefined beyond the int
// range (b3d.span.recast, "Large quotients").
bool QuotientFits(float v, float origin, float size) {
  return std::isfinite(v) && std::abs((static_cast<double>(v) - origin) / size) < 1073741824.0;
}

std::string CheckVolume(const Grid& grid, const Volume& volume) {
  if (volume.points.size() < 3) return "a volume has fewer than 3 points";
  if (volume.area > kWalkableArea) return "a volume's area is above 63";
  for (const PointXZ& p : volume.points)
    if (!QuotientFits(p.x, grid.bmin[0], grid.csF) || !QuotientFits(p.z, grid.bmin[2], grid.csF))
      return "a volume point is not finite or too far from the grid";
  if (!QuotientFits(volume.minY, grid.bmin[1], grid.chF) ||
      !QuotientFits(volume.maxY, grid.bmin[1], grid.chF))
    return "a volume height is not finite or too far from the grid";
  return "";
}

std::string CheckVolumes(const CompactHeightfield& field, const Grid& grid,
                         std::span<const Volume> volumes) {
  if (grid.W != field.width || grid.W != field.depth) return "grid and field sizes differ";
  if (!(grid.csF > 0 && std::isfinite(grid.csF) && grid.chF > 0 && std::isfinite(grid.chF)))
    return "csF and chF must be positive and finite";
  for (const Volume& volume : volumes) {
    const std::string error = CheckVolume(grid, volume);
    if (!error.empty()) return error;
  }
  return "";
}

void MarkVolume(rcContext& ctx, const Volume& volume, rcCompactHeightfield& chf) {
  // Recast takes x, y, z points; y is not read (hmin and hmax replace it).
  std::vector<float> verts;
  for (const PointXZ& p : volume.points) verts.insert(verts.end(), {p.x, 0.0f, p.z});
  rcMarkConvexPolyArea(&ctx, verts.data(), static_cast<int>(volume.points.size()), volume.minY,
                       volume.maxY, volume.area, chf);
}

}  // namespace

Outcome<CompactHeightfield> Erode(const CompactHeightfield& field, int walkableRadius) {
  // Recast's threshold is the byte (unsigned char)(radius * 2): exact for
  // radius <= 127 (b3d.span.recast, "Erosion radius").
  std::string error = detail::CheckRange("walkableRadius", walkableRadius, 0, 127);
  if (error.empty()) error = detail::CheckCompact(field);
  if (!error.empty()) return {{}, error};
  rcContext ctx(false);
  rcCompactHeightfield chf;
  if (!detail::FillCompact(field, chf) || !rcErodeWalkableArea(&ctx, walkableRadius, chf))
    return {{}, "Recast: out of memory"};
  return {detail::ReadCompact(chf), ""};
}

Outcome<CompactHeightfield> MarkVolumes(const CompactHeightfield& field, const Grid& grid,
                                        std::span<const Volume> volumes) {
  std::string error = detail::CheckCompact(field);
  if (error.empty()) error = CheckVolumes(field, grid, volumes);
  if (!error.empty()) return {{}, error};
  rcContext ctx(false);
  rcCompactHeightfield chf;
  if (!detail::FillCompact(field, chf)) return {{}, "Recast: out of memory"};
  // rcMarkConvexPolyArea reads only bmin, cs and ch of the grid.
  for (int a = 0; a < 3; ++a) {
    chf.bmin[a] = grid.bmin[a];
    chf.bmax[a] = grid.bmax[a];
  }
  chf.cs = grid.csF;
  chf.ch = grid.chF;
  for (const Volume& volume : volumes) MarkVolume(ctx, volume, chf);
  return {detail::ReadCompact(chf), ""};
}

}  // namespace recast_oracle
