// The polygonizer's results on real traced tiles checked with CGAL's exact
// kernel (oracles/cgal/polygons_cgal.*, b3d.poly.promise): every tile of
// the generated levels (b3d_recast::LevelTiles: the stage `volumes`, a
// partition of each kind in turn, the border cut, Trace), then
// Polygonizer::Build with MaxVertsPerPoly 3 ... 6 in turn. Every polygon
// has 3 ... MaxVertsPerPoly distinct corners, is counter-clockwise in its
// float32 positions with no right turn, and each contour's polygons cover
// its cell area, never more. A negative control (one polygon reversed) is
// caught.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "conformance/differential/build3d_recast_common.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/build3d.hpp"
#include "oracles/cgal/polygons_cgal.hpp"

namespace {

using namespace onepath::build3d;
using onepath::oracle::CgalCheckPolygons;
using onepath::oracle::CgalPolyInput;

CgalPolyInput ToCgal(const ContourSet& set, const PolyMesh& mesh, const NavSettings& settings) {
  const TileCoordinates tc(settings, Mesh3DPipeline::DeriveSettings(settings));
  CgalPolyInput in;
  in.maxVertsPerPoly = static_cast<int>(settings.MaxVertsPerPoly);
  for (const PolyVertex& v : mesh.vertices)
    in.vertices.push_back({tc.Local(v.x), tc.Local(v.z), v.x, v.z});
  for (const MeshPolygon& p : mesh.polygons) {
    std::vector<std::uint32_t> corners;
    for (const PolyCorner& c : p.corners) corners.push_back(c.vertex);
    in.polygons.push_back(corners);
    in.polygonContour.push_back(p.contour);
  }
  for (const Contour& c : set.contours) {
    in.contours.emplace_back();
    for (const ContourVertex& v : c.vertices) in.contours.back().emplace_back(v.x, v.z);
  }
  return in;
}

struct Tally {
  std::int64_t tiles = 0, contours = 0, polygons = 0, collinear = 0, covered = 0, dropped = 0,
               violations = 0;
  std::string first;
  void Keep(const std::string& what) {
    if (violations++ == 0) first = what;
  }
};

void CheckTile(const std::string& label, const CompactHeightfield& h, NavSettings settings,
               Tally& tally) {
  static constexpr Partition kKinds[3] = {Partition::Watershed, Partition::Monotone,
                                          Partition::Layers};
  settings.Partition = kKinds[static_cast<std::size_t>(tally.tiles) % 3];
  settings.MaxVertsPerPoly = 3 + tally.tiles % 4;
  ++tally.tiles;
  const BorderCut cut =
      RegionPipeline::CutBorder(h, RegionPipeline::Partition(h, settings), settings);
  if (cut.empty) return;
  const ContourSet set = RegionPipeline::Trace(h, cut, settings);
  const PolyMesh mesh = Polygonizer::Build(set, settings);
  const auto r = CgalCheckPolygons(ToCgal(set, mesh, settings));
  tally.contours += static_cast<std::int64_t>(set.contours.size());
  tally.polygons += r.polygons;
  tally.collinear += r.collinearCorners;
  tally.covered += r.contoursArea;
  tally.dropped += r.contoursShort;
  if (!r.firstViolation.empty()) tally.Keep(label + ": " + r.firstViolation);
}

TEST(PolygonizerCgal, LevelTilesAreValid) {
  CLAUSE("b3d.poly.promise");
  const auto tally = b3d_recast::LevelTiles<Tally>(2828, CheckTile);
  std::printf(
      "polygonizer CGAL check: %lld tiles, %lld contours, %lld polygons, %lld collinear "
      "corners, contours covered %lld, short %lld, violations %lld\n",
      static_cast<long long>(tally.tiles), static_cast<long long>(tally.contours),
      static_cast<long long>(tally.polygons), static_cast<long long>(tally.collinear),
      static_cast<long long>(tally.covered), static_cast<long long>(tally.dropped),
      static_cast<long long>(tally.violations));
  EXPECT_EQ(tally.violations, 0) << "first: " << tally.first;
  EXPECT_GT(tally.polygons, 10000);
  RecordProperty("tiles", std::to_string(tally.tiles));
  RecordProperty("polygons", std::to_string(tally.polygons));
}

// Negative control: a square that turns left in the spec's sense
// (cross((0,0), (0,1), (1,1)) = 1·1 − 0·1 = 1 > 0, b3d.poly.cross) and the
// same reversed; a polygon with too many corners; polygons covering more
// than the contour.
TEST(PolygonizerCgal, PlantedViolationsAreCaught) {
  CgalPolyInput in;
  in.maxVertsPerPoly = 4;
  in.vertices = {{0, 0, 0, 0}, {1, 0, 1, 0}, {1, 1, 1, 1}, {0, 1, 0, 1}};
  in.contours = {{{0, 0}, {0, 1}, {1, 1}, {1, 0}}};
  in.polygons = {{0, 3, 2, 1}};
  in.polygonContour = {0};
  EXPECT_EQ(CgalCheckPolygons(in).firstViolation, "");
  EXPECT_EQ(CgalCheckPolygons(in).contoursArea, 1);
  CgalPolyInput reversed = in;
  reversed.polygons = {{0, 1, 2, 3}};
  EXPECT_NE(CgalCheckPolygons(reversed).firstViolation, "");
  CgalPolyInput three = in;
  three.maxVertsPerPoly = 3;
  EXPECT_NE(CgalCheckPolygons(three).firstViolation, "");
  CgalPolyInput twice = in;
  twice.polygons = {{0, 3, 2, 1}, {0, 3, 2, 1}};
  twice.polygonContour = {0, 0};
  EXPECT_NE(CgalCheckPolygons(twice).firstViolation, "");
}

}  // namespace
