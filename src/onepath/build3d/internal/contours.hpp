// The contour stage without checks (docs/spec/build3d-regions.md,
// b3d.contour.*), one function per clause; RegionPipeline::Trace checks
// its arguments and calls Trace. Trace ids (b3d.contour.strips) are
// 32-bit: a region id, or borderId + 1 + strip for the four strips.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "onepath/build3d/contours.hpp"
#include "onepath/build3d/internal/regions.hpp"

namespace onepath::build3d::internal {

// b3d.contour.raw: one boundary edge of a walk, at the corner it ends at.
struct RawPoint {
  std::int32_t x = 0;
  std::int32_t y = 0;
  std::int32_t z = 0;
  // A trace id (below 2^17: a region id or a strip label) and the area
  // flag share one word, so a long walk's points take 16 bytes each.
  std::uint32_t neighbour : 31 = 0;
  std::uint32_t areaBorder : 1 = 0;
};
static_assert(sizeof(RawPoint) == 16);

// b3d.contour.strips: the trace id of span i of column (x, z) of a field
// whose core is [border, border + tileCells)^2, read from the cut where it
// is needed (a per-span copy would cost 4 bytes a span): the cut's id in
// the core or when 0, else the strip label cut.borderId + 1 + (0 left,
// 1 right, 2 bottom, 3 top; corners to bottom and top).
class TraceLabels {
 public:
  TraceLabels(const BorderCut& cut, std::int64_t border, std::int64_t tileCells)
      : regions_(cut.regions), borderId_(cut.borderId), lo_(border), hi_(border + tileCells) {}
  std::uint32_t operator()(std::int64_t x, std::int64_t z, std::uint32_t i) const {
    const std::uint32_t id = regions_[i];
    if (id == 0 || (x >= lo_ && x < hi_ && z >= lo_ && z < hi_)) return id;
    if (z < lo_) return borderId_ + 3;
    if (z >= hi_) return borderId_ + 4;
    return x < lo_ ? borderId_ + 1 : borderId_ + 2;
  }

 private:
  std::span<const std::uint16_t> regions_;
  std::uint32_t borderId_;
  std::int64_t lo_, hi_;
};

// The trace id of every span (span order), for tests.
std::vector<std::uint32_t> TraceIds(const RegionField& field, const TraceLabels& labels);

// b3d.contour.boundary: bit d set when direction d is a boundary.
std::vector<std::uint8_t> BoundaryFlags(const RegionField& field, const TraceLabels& labels);

// b3d.contour.scan: whether a span with these flags starts a walk; if not,
// its flags are cleared.
bool StartsWalk(std::uint8_t& flags);

// b3d.contour.walk from span i of column (x, z), clearing flags; the raw
// points go to `points` (cleared first).
void Walk(const RegionField& field, const TraceLabels& labels, std::span<std::uint8_t> flags,
          std::int64_t x, std::int64_t z, std::uint32_t i, std::vector<RawPoint>& points);

// b3d.contour.initial: the kept raw indices (points not empty).
void InitialPoints(std::span<const RawPoint> points, std::vector<std::uint32_t>& kept);

// b3d.contour.distance.
float Deviation(std::int32_t x, std::int32_t z, std::int32_t px, std::int32_t pz, std::int32_t qx,
                std::int32_t qz);

// b3d.contour.refine with limit = f32(MaxError)^2 (binary32).
void Refine(std::span<const RawPoint> points, std::vector<std::uint32_t>& kept, float limit);

// b3d.contour.split (nothing when maxEdgeCells is 0).
void SplitLongEdges(std::span<const RawPoint> points, std::vector<std::uint32_t>& kept,
                    std::int64_t maxEdgeCells);

// b3d.contour.vertex-flags: strip labels (above borderId) become borderId.
std::vector<ContourVertex> MakeVertices(std::span<const RawPoint> points,
                                        std::span<const std::uint32_t> kept,
                                        std::uint32_t borderId);

// b3d.contour.degenerate.
void RemoveDegenerateSegments(std::vector<ContourVertex>& vertices);

// b3d.contour.winding: the doubled signed area S, and the hole test S <= -3.
std::int64_t DoubledArea(std::span<const ContourVertex> vertices);
bool IsHole(std::span<const ContourVertex> vertices);

// b3d.contour.holes, b3d.contour.bridge, b3d.contour.merge, then
// b3d.contour.order: merges holes into outlines and removes merged holes.
void MergeHoles(std::vector<Contour>& contours);

// b3d.contour.stages steps 1 and 2: the contours before the holes are
// merged, in scan order.
std::vector<Contour> TraceContours(const CompactHeightfield& compact, const BorderCut& cut,
                                   std::int64_t border, std::int64_t tileCells, double maxError,
                                   std::int64_t maxEdgeCells);

// b3d.contour.stages on checked values: TraceContours, then MergeHoles.
ContourSet Trace(const CompactHeightfield& compact, const BorderCut& cut, std::int64_t border,
                 std::int64_t tileCells, double maxError, std::int64_t maxEdgeCells);

// b3d.contour.stage-input: the cut's ids (after the grid's size is checked).
void CheckCut(const CompactHeightfield& compact, const BorderCut& cut, std::int64_t border,
              std::int64_t tileCells);

}  // namespace onepath::build3d::internal
