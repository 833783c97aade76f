// rcBuildContours as the oracle of the contour stage (b3d.contour.recast).
// Two reads of Recast are made deterministic through its allocator hook:
// blocks are filled with 0xff, so a never-written entry of the bridge
// search's candidate array reads as index -1 (skips no edge), and blocks
// have slack, so that array's overrun after several merges stays inside
// the block.
#include "oracles/recast/contours_recast.hpp"

#include <recastnavigation/RecastAlloc.h>

#include <cstdlib>
#include <cstring>
#include <mutex>

#include "oracles/recast/recast_load.hpp"

namespace recast_oracle {

namespace {

void* FilledAlloc(size_t size, rcAllocHint) {
  const size_t total = 2 * size + 1024;
  void* p = std::malloc(total);
  if (p != nullptr) std::memset(p, 0xff, total);
  return p;
}
void PlainFree(void* p) { std::free(p); }

constexpr int kBorderFlag = 0x8000;          // RC_BORDER_REG
constexpr int kBorderVertex = 0x10000;       // RC_BORDER_VERTEX
constexpr int kAreaBorder = 0x20000;         // RC_AREA_BORDER
constexpr int kRegionMask = 0xffff;          // RC_CONTOUR_REG_MASK
constexpr int kMaxSquarableEdge = 46340;     // 46340^2 < 2^31
constexpr int kMaxWidthForInt32Areas = 231;  // 39999 * 231^2 < 2^31

}  // namespace

Outcome<std::vector<Contour>> Contours(const CompactHeightfield& field,
                                       std::span<const std::uint16_t> regions, int borderId,
                                       int border, int tileCells, float maxError, int maxEdgeLen,
                                       bool strips, int* mergedHoles) {
  static std::once_flag hook;
  std::call_once(hook, [] { rcAllocSetCustom(FilledAlloc, PlainFree); });
  std::string error = detail::CheckCompact(field);
  std::size_t spans = 0;
  for (const CompactColumn& column : field.columns) spans += column.size();
  if (error.empty() && regions.size() != spans) error = "one region id per span";
  if (error.empty() && borderId + 4 >= kBorderFlag) error = "region ids reach 0x8000";
  if (error.empty() && maxEdgeLen > kMaxSquarableEdge) error = "maxEdgeLen above 46340";
  if (error.empty() &&
      (field.width > kMaxWidthForInt32Areas || field.depth > kMaxWidthForInt32Areas))
    error = "a grid wider than 231 cells (32-bit area sums)";
  if (!error.empty()) return {{}, error};

  rcContext ctx(false);
  rcCompactHeightfield chf;
  if (!detail::FillCompact(field, chf)) return {{}, "out of memory"};
  chf.maxRegions = static_cast<unsigned short>(borderId + 4);
  chf.borderSize = 0;
  const auto core = [&](int c) { return c >= border && c < border + tileCells; };
  std::size_t i = 0;
  for (int z = 0; z < field.depth; ++z) {
    for (int x = 0; x < field.width; ++x) {
      // Recast's paint order: left, right, then bottom and top over the corners.
      int strip = x < border ? 1 : 2;
      if (z < border) strip = 3;
      if (z >= border + tileCells) strip = 4;
      for (std::size_t k = 0; k < field.columns[x + field.width * z].size(); ++k, ++i) {
        const int id = regions[i];
        chf.spans[i].reg = static_cast<unsigned short>(id == 0 || (core(x) && core(z)) ? id
                                                       : strips ? borderId + strip
                                                                : borderId);
      }
    }
  }
  rcContourSet cset;
  if (!rcBuildContours(&ctx, chf, maxError, maxEdgeLen, cset, RC_CONTOUR_TESS_WALL_EDGES))
    return {{}, "rcBuildContours failed"};
  std::vector<Contour> out;
  for (int c = 0; c < cset.nconts; ++c) {
    const rcContour& rc = cset.conts[c];
    if (rc.nverts == 0 && mergedHoles != nullptr) ++*mergedHoles;
    if (rc.reg >= borderId || rc.nverts == 0) continue;
    Contour contour{rc.reg, rc.area, {}};
    for (int v = 0; v < rc.nverts; ++v) {
      const int* p = &rc.verts[v * 4];
      if ((p[3] & kBorderVertex) != 0) return {{}, "Recast marked a border vertex"};
      const int neighbour = p[3] & kRegionMask;
      contour.vertices.push_back({p[0], p[1], p[2], neighbour > borderId ? borderId : neighbour,
                                  (p[3] & kAreaBorder) != 0});
    }
    out.push_back(std::move(contour));
  }
  return {out, ""};
}

}  // namespace recast_oracle
