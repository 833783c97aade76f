// Region.Triangulate and Region.PartitionConvex on generated regions
// (triangulate.*, partition.*; docs/spec/triangulate.md), checked by
// validators written here from the spec's promises, not from the code:
//  - triangles are counter-clockwise, their doubled areas add up to the
//    region's exactly, every ring edge is an edge of exactly one triangle
//    (as the same directed edge), and neighbour entries are symmetric and
//    name the triangle holding the reversed edge;
//  - polygons are weakly convex and counter-clockwise (every turn >= 0,
//    positive area), have 3 .. limit vertices, add up to the region's area,
//    and their neighbours are symmetric.
#include <rapidcheck.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "conformance/tests/check_property.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/gen_outlines.hpp"
#include "onepath/geom2d/region.hpp"

namespace {

using onepath::Vector2D;
using onepath::geom2d::ConvexPartition;
using onepath::geom2d::GridPoint;
using onepath::geom2d::Int128;
using onepath::geom2d::Outline;
using onepath::geom2d::Region;
using onepath::geom2d::RegionTriangulation;
using onepath::proptest::CheckProperty;

Int128 Cross(GridPoint o, GridPoint a, GridPoint b) {
  return Int128(a.x - o.x) * (b.y - o.y) - Int128(a.y - o.y) * (b.x - o.x);
}

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

void CheckTriangulation(const Region& region, const RegionTriangulation& t) {
  const auto& p = t.vertices;
  RC_ASSERT(std::is_sorted(p.begin(), p.end()));
  RC_ASSERT(t.neighbours.size() == 3 * t.triangles.size());
  Int128 area = 0;
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::size_t> edgeOwner;
  for (std::size_t k = 0; k < t.triangles.size(); ++k) {
    const auto& v = t.triangles[k];
    RC_ASSERT(v[0] < v[1] && v[0] < v[2]);
    const Int128 twice = Cross(p[v[0]], p[v[1]], p[v[2]]);
    RC_ASSERT(twice > 0);
    area += twice;
    for (int i = 0; i < 3; ++i)
      RC_ASSERT(edgeOwner.emplace(std::pair{v[i], v[(i + 1) % 3]}, k).second);
  }
  RC_ASSERT(area == region.DoubledArea());
  if (t.triangles.size() > 1) RC_ASSERT(std::is_sorted(t.triangles.begin(), t.triangles.end()));
  std::set<std::pair<std::uint32_t, std::uint32_t>> ringEdges;
  for (const auto& ring : region.Rings())
    for (std::size_t k = 0; k < ring.size(); ++k) {
      auto a =
          static_cast<std::uint32_t>(std::lower_bound(p.begin(), p.end(), ring[k]) - p.begin());
      auto b = static_cast<std::uint32_t>(
          std::lower_bound(p.begin(), p.end(), ring[(k + 1) % ring.size()]) - p.begin());
      RC_ASSERT(edgeOwner.count({a, b}) == 1u);  // every ring edge is a triangle edge
      ringEdges.insert({a, b});
    }
  for (std::size_t k = 0; k < t.triangles.size(); ++k)
    for (int i = 0; i < 3; ++i) {
      const auto& v = t.triangles[k];
      auto across = edgeOwner.find({v[(i + 1) % 3], v[i]});
      std::int32_t expected =
          across == edgeOwner.end() ? -1 : static_cast<std::int32_t>(across->second);
      RC_ASSERT(t.neighbours[3 * k + i] == expected);
      // -1 exactly on the ring edges.
      RC_ASSERT((expected < 0) == (ringEdges.count({v[i], v[(i + 1) % 3]}) == 1));
    }
}

void CheckPartition(const Region& region, const ConvexPartition& c, std::size_t limit) {
  const auto& p = c.vertices;
  Int128 area = 0;
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::size_t> owner;
  for (std::size_t k = 0; k < c.polygons.size(); ++k) {
    const auto& poly = c.polygons[k];
    RC_ASSERT(poly.size() >= 3u && poly.size() <= limit);
    RC_ASSERT(*std::min_element(poly.begin(), poly.end()) == poly[0]);
    Int128 twice = 0;
    for (std::size_t i = 0; i < poly.size(); ++i) {
      GridPoint a = p[poly[i]], b = p[poly[(i + 1) % poly.size()]],
                n = p[poly[(i + 2) % poly.size()]];
      RC_ASSERT(Cross(a, b, n) >= 0);  // weakly convex, counter-clockwise
      twice += Int128(a.x) * b.y - Int128(a.y) * b.x;
      RC_ASSERT(owner.emplace(std::pair{poly[i], poly[(i + 1) % poly.size()]}, k).second);
    }
    RC_ASSERT(twice > 0);
    area += twice;
  }
  RC_ASSERT(area == region.DoubledArea());
  RC_ASSERT(std::is_sorted(c.polygons.begin(), c.polygons.end()));
  for (std::size_t k = 0; k < c.polygons.size(); ++k) {
    const auto& poly = c.polygons[k];
    for (std::size_t i = 0; i < poly.size(); ++i) {
      auto across = owner.find({poly[(i + 1) % poly.size()], poly[i]});
      RC_ASSERT(c.neighbours[k][i] ==
                (across == owner.end() ? -1 : static_cast<std::int32_t>(across->second)));
    }
  }
}

}  // namespace

TEST(TriangulateProperties, TrianglesCoverTheRegionExactly) {
  CLAUSE("triangulate.input triangulate.faces triangulate.output");
  CheckProperty(
      [] {
        Region region = GenRegion();
        CheckTriangulation(region, region.Triangulate());
      },
      300);
}

TEST(TriangulateProperties, PolygonsAreConvexAndCoverTheRegion) {
  CLAUSE("partition.merge partition.output partition.promise");
  CheckProperty(
      [] {
        Region region = GenRegion();
        int limit = *rc::gen::inRange(3, 17);
        CheckPartition(region, region.PartitionConvex(limit), static_cast<std::size_t>(limit));
      },
      300);
}
