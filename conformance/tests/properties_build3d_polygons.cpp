// RapidCheck properties of the polygon stage (docs/spec/build3d-polygons.md,
// b3d.poly.promise and the stages of b3d.poly.api), on the contours that
// RegionPipeline::Trace makes of random multi-floor and flat heightfields,
// and on arbitrary contour sets (random corners, rows and neighbours:
// self-overlapping, repeated and collinear points), polygonized with
// cells of 1 (Local linear) or of 0.3 (float32 positions that tip
// collinear corners). Why each holds, from the text:
//  - b3d.poly.api: both stages have the same vertex list and counter.
//  - b3d.poly.ears: an emitted triangle has orient32 > 0 (hence three
//    vertices); b3d.poly.merge-valid keeps every corner at orient32 >= 0,
//    no vertex twice, 3 .. MaxVertsPerPoly corners (b3d.poly.promise).
//  - merging joins two polygons along a shared edge and removes only
//    joints lying on the segment between their neighbours, so a contour's
//    polygons cover the doubled cell area of its emitted triangles exactly.
//  - with cells of 1, orient32 is the sign of cross, so every emitted
//    triangle turns left in cells and every corner of a polygon turns left
//    or goes straight on (the joints by b3d.poly.merge-valid, the other
//    corners keep their triangle's turn). (b3d.poly.promise says this of
//    every polygon without a degenerate clip; with float32 positions the
//    last triangle, which is no such clip, can be emitted with cross 0,
//    as in test_build3d_polygons.cpp's Float32TipsACollinearTriangle.)
//  - b3d.poly.weld: two vertices at one place differ by more than a row;
//    every vertex is a contour vertex (corner and row).
//  - b3d.poly.order, b3d.poly.values: polygons in contour order, with their
//    contour's region and area.
#include <rapidcheck.h>

#include <cstdint>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "conformance/generators/build3d_fields.hpp"
#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/check_property.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/build3d.hpp"
#include "onepath/exact/predicates.hpp"

namespace {

using namespace onepath::build3d;
using onepath::proptest::CheckProperty;

// The contours of a random tile (unit cells and rows).
ContourSet TracedContours() {
  NavSettings s = onepath::b3dtest::UnitSettings(*rc::gen::inRange(2, 5), *rc::gen::inRange(1, 4),
                                                 *rc::gen::inRange(0, 2), *rc::gen::inRange(2, 17));
  s.Partition = *rc::gen::element(Partition::Watershed, Partition::Monotone, Partition::Layers);
  s.MinRegionArea = *rc::gen::inRange(0, 4);
  s.MergeRegionArea = *rc::gen::inRange(0, 50);
  s.ContourMaxError = *rc::gen::element(0.0, 0.5, 1.3, 3.0);
  s.MaxEdgeLength = *rc::gen::inRange(0, 13);
  const DerivedSettings d = DeriveSettings(s);
  std::mt19937_64 random(*rc::gen::arbitrary<std::uint64_t>());
  HeightfieldInput in;
  if (*rc::gen::arbitrary<bool>()) {
    in = onepath::gen::RandomHeightfield(random, d.tileCells);
  } else {
    in.width = in.depth = d.tileCells + 2 * d.border + 4;
    in.rows = 20;
    std::bernoulli_distribution present(*rc::gen::inRange(90, 101) / 100.0), other(0.1);
    for (std::int64_t c = 0; c < in.width * in.depth; ++c) {
      if (!present(random)) {
        in.columns.push_back({});
        continue;
      }
      in.columns.push_back({{0, 5, static_cast<std::uint8_t>(other(random) ? 7 : 63)}});
    }
  }
  const auto tiles = BuildOrder(VoxelTiles(in.width, in.depth, d));
  const TileIndex tile = *rc::gen::elementOf(tiles);
  const CompactHeightfield field = Mesh3DPipeline::TileSpans(in, {}, s, tile.x, tile.z).volumes;
  const BorderCut cut = RegionPipeline::CutBorder(field, RegionPipeline::Partition(field, s), s);
  return RegionPipeline::Trace(field, cut, s);
}

// Any contour set: 1 .. 3 contours of 0 .. 12 vertices on a small grid.
ContourSet ArbitraryContours() {
  ContourSet set;
  const int contours = *rc::gen::inRange(1, 4);
  for (int c = 0; c < contours; ++c) {
    Contour contour;
    contour.region = *rc::gen::inRange<std::uint16_t>(1, 5);
    contour.area = *rc::gen::inRange<std::uint8_t>(0, 64);
    const int n = *rc::gen::inRange(0, 13);
    for (int k = 0; k < n; ++k) {
      contour.vertices.push_back({*rc::gen::inRange<std::uint16_t>(0, 7),
                                  *rc::gen::inRange<std::uint16_t>(0, 4),
                                  *rc::gen::inRange<std::uint16_t>(0, 7),
                                  *rc::gen::element<std::uint16_t>(0, 0, 1), false});
    }
    set.contours.push_back(std::move(contour));
  }
  return set;
}

// Cells of 1 (the contours' settings) or of 0.3 (B = 5, Recast's defaults).
NavSettings PolygonSettings() {
  NavSettings s =
      *rc::gen::arbitrary<bool>() ? onepath::b3dtest::UnitSettings(2, 1, 0, 16) : NavSettings{};
  s.MaxVertsPerPoly = *rc::gen::inRange(3, 7);
  return s;
}

std::int64_t Cross(const PolyVertex& a, const PolyVertex& b, const PolyVertex& c) {
  return (std::int64_t{c.x} - a.x) * (std::int64_t{b.z} - a.z) -
         (std::int64_t{b.x} - a.x) * (std::int64_t{c.z} - a.z);
}

// The doubled cell area of a polygon.
std::int64_t DoubledArea(const std::vector<PolyVertex>& v, const MeshPolygon& p) {
  std::int64_t s = 0;
  for (std::size_t k = 1; k + 1 < p.corners.size(); ++k)
    s += Cross(v[p.corners[0].vertex], v[p.corners[k].vertex], v[p.corners[k + 1].vertex]);
  return s;
}

void CheckMesh(const ContourSet& set, const NavSettings& s) {
  const PolygonizerStages st = Polygonizer::BuildStages(set, s);
  RC_ASSERT(Polygonizer::Build(set, s) == st.polygons);
  RC_ASSERT(st.ears.vertices == st.polygons.vertices);
  RC_ASSERT(st.ears.degenerateEars == st.polygons.degenerateEars);
  const std::vector<PolyVertex>& v = st.polygons.vertices;
  const TileCoordinates t(s, DeriveSettings(s));
  // Cells of 1: Local(c) = c - B exactly, so orient32 is the sign of cross.
  const bool linear = s.CellSize == 1.0;
  const auto orient32 = [&](std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    const auto p = [&](std::uint32_t i) {
      return onepath::Vector2D{t.Local(v[i].x), t.Local(v[i].z)};
    };
    return onepath::exact::Orient2D(p(c), p(b), p(a));
  };
  // Vertices: contour vertices, two at one place more than a row apart.
  std::set<std::tuple<int, int, int>> contourVertices;
  for (const Contour& c : set.contours)
    if (c.vertices.size() >= 3)
      for (const ContourVertex& cv : c.vertices) contourVertices.insert({cv.x, cv.y, cv.z});
  std::map<std::pair<int, int>, std::vector<int>> rows;
  for (const PolyVertex& pv : v) {
    RC_ASSERT(contourVertices.count({pv.x, pv.y, pv.z}) == 1u);
    for (const int r : rows[{pv.x, pv.z}]) RC_ASSERT(std::abs(r - pv.y) > 1);
    rows[{pv.x, pv.z}].push_back(pv.y);
  }
  // Per contour: the area of its triangles and of its polygons.
  std::map<std::uint32_t, std::int64_t> earArea, polygonArea;
  std::uint32_t lastContour = 0;
  for (const MeshPolygon& p : st.ears.polygons) {
    RC_ASSERT(p.corners.size() == 3u);
    RC_ASSERT(orient32(p.corners[0].vertex, p.corners[1].vertex, p.corners[2].vertex) > 0);
    RC_ASSERT(p.contour >= lastContour);
    lastContour = p.contour;
    earArea[p.contour] += DoubledArea(v, p);
  }
  lastContour = 0;
  for (const MeshPolygon& p : st.polygons.polygons) {
    const std::size_t n = p.corners.size();
    RC_ASSERT(n >= 3u);
    RC_ASSERT(static_cast<std::int64_t>(n) <= s.MaxVertsPerPoly);
    RC_ASSERT(p.contour >= lastContour);
    RC_ASSERT(p.contour < set.contours.size());
    RC_ASSERT(p.region == set.contours[p.contour].region);
    RC_ASSERT(p.area == set.contours[p.contour].area);
    lastContour = p.contour;
    std::set<std::uint32_t> distinct;
    for (std::size_t k = 0; k < n; ++k) {
      const std::uint32_t a = p.corners[(k + n - 1) % n].vertex, b = p.corners[k].vertex,
                          c = p.corners[(k + 1) % n].vertex;
      distinct.insert(b);
      RC_ASSERT(orient32(a, b, c) >= 0);
      if (linear) {
        const std::int64_t cross = Cross(v[a], v[b], v[c]);
        const std::int64_t dot = (std::int64_t{v[b].x} - v[a].x) * (std::int64_t{v[c].x} - v[b].x) +
                                 (std::int64_t{v[b].z} - v[a].z) * (std::int64_t{v[c].z} - v[b].z);
        RC_ASSERT(cross > 0 || (cross == 0 && dot > 0));
      }
    }
    RC_ASSERT(distinct.size() == n);
    polygonArea[p.contour] += DoubledArea(v, p);
  }
  RC_ASSERT(earArea == polygonArea);
}

TEST(Build3DPolygonProperties, TracedContours) {
  CLAUSE("b3d.poly.promise b3d.poly.api b3d.poly.weld b3d.poly.order");
  CheckProperty([] { CheckMesh(TracedContours(), PolygonSettings()); }, 500);
}

TEST(Build3DPolygonProperties, ArbitraryContours) {
  CLAUSE("b3d.poly.promise b3d.poly.api b3d.poly.errors b3d.poly.degenerate-ears");
  CheckProperty([] { CheckMesh(ArbitraryContours(), PolygonSettings()); }, 3000);
}

}  // namespace
