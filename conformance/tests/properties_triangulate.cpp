// Region.Triangulate and Region.PartitionConvex on generated regions
// (triangulate.*, partition.*; docs/spec/triangulate.md), checked by
// the independent validator (conformance/generators/triangulation_validity):
//  - triangles are counter-clockwise, their doubled areas add up to the
//    region's exactly, every ring edge is an edge of exactly one triangle
//    (as the same directed edge), and neighbour entries are symmetric and
//    name the triangle holding the reversed edge;
//  - polygons are weakly convex and counter-clockwise (every turn >= 0,
//    positive area), have 3 .. limit vertices, add up to the region's area,
//    and their neighbours are symmetric.
#include <rapidcheck.h>

#include <cstdint>
#include <vector>

#include "conformance/generators/triangulation_validity.hpp"
#include "conformance/tests/check_property.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/gen_outlines.hpp"
#include "onepath/geom2d/region.hpp"

namespace {

using onepath::Vector2D;
using onepath::gen::CheckPartitionValidity;
using onepath::gen::CheckTriangulationValidity;
using onepath::geom2d::Outline;
using onepath::geom2d::Region;
using onepath::proptest::CheckProperty;

// A tile map (SnapBits 0) or outlines at SnapBits 2, both drawn.
Region GenRegion() {
  if (*rc::gen::arbitrary<bool>()) {
    std::int64_t w = *rc::gen::inRange<std::int64_t>(1, 9),
                 h = *rc::gen::inRange<std::int64_t>(1, 9);
    std::vector<std::uint8_t> cells;
    for (std::int64_t k = 0; k < w * h; ++k) cells.push_back(*rc::gen::inRange(0, 2));
    return Region::FromTileMap(cells, w, h, 1.0, {0, 0}, {.SnapBits = 0});
  }
  std::vector<Outline> outlines = onepath::proptest::GenQuarterOutlines(3, 3, 8, 40);
  return Region::FromOutlines(outlines, {.SnapBits = 2});
}

}  // namespace

TEST(TriangulateProperties, TrianglesCoverTheRegionExactly) {
  CLAUSE("triangulate.input triangulate.faces triangulate.output");
  CheckProperty(
      [] {
        Region region = GenRegion();
        const auto validity = CheckTriangulationValidity(region.Rings(), region.Triangulate());
        if (!validity.ok()) RC_FAIL(validity.Summary());
      },
      300);
}

TEST(TriangulateProperties, PolygonsAreConvexAndCoverTheRegion) {
  CLAUSE("partition.merge partition.output partition.promise");
  CheckProperty(
      [] {
        Region region = GenRegion();
        int limit = *rc::gen::inRange(3, 17);
        const auto validity =
            CheckPartitionValidity(region.Rings(), region.PartitionConvex(limit), limit);
        if (!validity.ok()) RC_FAIL(validity.Summary());
      },
      300);
}

TEST(TriangulateProperties, OrderStartAndDirectionDoNotMatter) {
  // triangulate.* and partition.* read only the region, and the region only
  // the point set of its outlines (region.promise): outlines and rings
  // reordered, rings restarted and reversed give the same bytes.
  CLAUSE("triangulate.output partition.output region.promise");
  CheckProperty(
      [] {
        std::vector<Outline> outlines = onepath::proptest::GenQuarterOutlines(3, 3, 8, 40);
        const Region region = Region::FromOutlines(outlines, {.SnapBits = 2});
        const Region changed =
            Region::FromOutlines(onepath::proptest::ShuffleOutlines(outlines), {.SnapBits = 2});
        RC_ASSERT(CanonicalBytes(changed.Triangulate()) == CanonicalBytes(region.Triangulate()));
        const int limit = *rc::gen::inRange(3, 17);
        RC_ASSERT(CanonicalBytes(changed.PartitionConvex(limit)) ==
                  CanonicalBytes(region.PartitionConvex(limit)));
      },
      200);
}
