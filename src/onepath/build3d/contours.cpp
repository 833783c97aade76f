// RegionPipeline::Trace (docs/spec/build3d-regions.md, b3d.contour.stages):
// the scan that starts the walks and simplifies them (b3d.contour.scan),
// then the holes; its checks (b3d.contour.stage-input) and the canonical
// bytes of a ContourSet (b3d.contour.values).
#include "onepath/build3d/internal/contours.hpp"

#include <cmath>
#include <limits>

#include "onepath/build3d/internal/stages.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"

namespace onepath::build3d {

namespace internal {

namespace {

// b3d.contour.refine: f32(MaxError) (nearest; +inf beyond the binary32
// range), squared in binary32.
float ErrorLimit(double maxError) {
  const float e = maxError > static_cast<double>(std::numeric_limits<float>::max())
                      ? std::numeric_limits<float>::infinity()
                      : static_cast<float>(maxError);
  return e * e;
}

}  // namespace

std::vector<Contour> TraceContours(const CompactHeightfield& h, const BorderCut& cut,
                                   std::int64_t border, std::int64_t tileCells, double maxError,
                                   std::int64_t maxEdgeCells) {
  const RegionField f(h);
  const TraceLabels labels(cut, border, tileCells);
  std::vector<std::uint8_t> flags = BoundaryFlags(f, labels);
  const float limit = ErrorLimit(maxError);
  const std::uint32_t borderId = cut.borderId;
  std::vector<Contour> contours;
  std::vector<RawPoint> points;
  std::vector<std::uint32_t> kept;
  for (std::int64_t z = 0; z < f.d; ++z) {
    for (std::int64_t x = 0; x < f.w; ++x) {
      for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i) {
        if (!StartsWalk(flags[i])) continue;
        Walk(f, labels, flags, x, z, i, points);
        const std::uint32_t id = labels(x, z, i);
        if (id > borderId) continue;  // a strip: walked, never listed
        InitialPoints(points, kept);
        Refine(points, kept, limit);
        SplitLongEdges(points, kept, maxEdgeCells);
        std::vector<ContourVertex> vertices = MakeVertices(points, kept, borderId);
        RemoveDegenerateSegments(vertices);
        if (vertices.size() < 3) continue;
        contours.push_back({static_cast<std::uint16_t>(id), f.spans[i].area, std::move(vertices)});
      }
    }
  }
  return contours;
}

ContourSet Trace(const CompactHeightfield& h, const BorderCut& cut, std::int64_t border,
                 std::int64_t tileCells, double maxError, std::int64_t maxEdgeCells) {
  std::vector<Contour> contours = TraceContours(h, cut, border, tileCells, maxError, maxEdgeCells);
  MergeHoles(contours);
  return ContourSet{std::move(contours)};
}

void CheckCut(const CompactHeightfield& h, const BorderCut& cut, std::int64_t border,
              std::int64_t tileCells) {
  if (cut.regions.size() != h.spans().size()) {
    throw ArgumentException(
        "the cut does not have one id per span (b3d.contour.stage-input)",
        {.argument = "regions", .count = static_cast<std::int64_t>(cut.regions.size())});
  }
  if (cut.borderId == 0) {
    throw ArgumentOutOfRangeException("borderId 0 (b3d.contour.stage-input)",
                                      {.argument = "borderId", .value = 0.0});
  }
  const RegionField f(h);
  const auto inCore = [&](std::int64_t c) { return c >= border && c < border + tileCells; };
  for (std::int64_t z = 0; z < f.d; ++z) {
    for (std::int64_t x = 0; x < f.w; ++x) {
      const bool core = inCore(x) && inCore(z);
      for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i) {
        const std::uint16_t id = cut.regions[i];
        if (core ? id < cut.borderId : (id == 0 || id == cut.borderId)) continue;
        throw ArgumentOutOfRangeException(
            core ? "a core span with an id not below borderId (b3d.contour.stage-input)"
                 : "a span outside the core with an id other than 0 and borderId "
                   "(b3d.contour.stage-input)",
            {.argument = "regions",
             .column = x + f.w * z,
             .span = static_cast<std::int64_t>(i - f.ColumnBegin(x, z)),
             .value = static_cast<double>(id)});
      }
    }
  }
}

}  // namespace internal

std::vector<std::uint8_t> CanonicalBytes(const ContourSet& set) {
  CanonicalWriter w;
  w.Count(set.contours.size());
  for (const Contour& c : set.contours) {
    w.U16(c.region);
    w.U8(c.area);
    w.Count(c.vertices.size());
    for (const ContourVertex& v : c.vertices) {
      w.U16(v.x);
      w.U16(v.y);
      w.U16(v.z);
      w.U16(v.neighbour);
      w.U8(v.areaBorder ? 1 : 0);
    }
  }
  return w.Take();
}

ContourSet RegionPipeline::Trace(const CompactHeightfield& compact, const BorderCut& cut,
                                 const NavSettings& settings) {
  const DerivedSettings d = DeriveSettings(settings);
  internal::CheckCompactHeightfield(compact);
  internal::CheckTileGrid(compact, d);
  internal::CheckCut(compact, cut, d.border, d.tileCells);
  return internal::Trace(compact, cut, d.border, d.tileCells, d.maxError, d.maxEdgeCells);
}

}  // namespace onepath::build3d
