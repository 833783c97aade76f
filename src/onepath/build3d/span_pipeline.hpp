// The stages after the solid heightfield (docs/spec/build3d-spans.md,
// "Filters", "The compact heightfield", "Areas on the compact
// heightfield"): three filters, compaction with connections, erosion and
// area volumes.
#pragma once

#include <cstdint>
#include <span>

#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/input.hpp"
#include "onepath/build3d/settings.hpp"

namespace onepath::build3d {

// Each operation checks the settings (b3d.settings-checks), then the value
// it takes (b3d.span.stage-input), and throws the first violation. A value
// passed as an rvalue is changed in place and returned.
class SpanPipeline {
 public:
  // b3d.span.low-hanging: a null span within WalkableClimb of a walkable
  // span directly below takes its area.
  static Heightfield FilterLowHangingObstacles(Heightfield heightfield,
                                               const NavSettings& settings);

  // b3d.span.ledges: null area for spans next to a drop deeper than
  // WalkableClimb, or whose reachable neighbours differ by more.
  static Heightfield FilterLedgeSpans(Heightfield heightfield, const NavSettings& settings);

  // b3d.span.low-height: null area for spans with less than WalkableHeight
  // rows of clearance.
  static Heightfield FilterLowHeightSpans(Heightfield heightfield, const NavSettings& settings);

  // b3d.span.compact, b3d.span.connect.
  static CompactHeightfield Compact(const Heightfield& heightfield, const NavSettings& settings);

  // b3d.span.erode: null area within WalkableRadius of a boundary.
  static CompactHeightfield Erode(CompactHeightfield compact, const NavSettings& settings);

  // b3d.span.volumes: the volumes' areas, in input order, on tile (tx, tz)'s
  // grid of the input. Checks the settings, the input, the volumes and the
  // tile (b3d.span.stages) before the compact heightfield.
  static CompactHeightfield MarkVolumes(CompactHeightfield compact, const TriangleSoup& soup,
                                        std::span<const ConvexVolume> volumes,
                                        const NavSettings& settings, std::int64_t tx,
                                        std::int64_t tz);
  static CompactHeightfield MarkVolumes(CompactHeightfield compact, const HeightfieldInput& input,
                                        std::span<const ConvexVolume> volumes,
                                        const NavSettings& settings, std::int64_t tx,
                                        std::int64_t tz);
  static CompactHeightfield MarkVolumes(CompactHeightfield compact, const VoxelChunk& chunk,
                                        std::span<const ConvexVolume> volumes,
                                        const NavSettings& settings, std::int64_t tx,
                                        std::int64_t tz);
};

}  // namespace onepath::build3d
