// The polygonizer's results on real traced tiles checked with CGAL's exact
// kernel (oracles/cgal/polygons_cgal.*, b3d.poly.promise): every tile of
// the generated levels (b3d_recast::LevelTiles: the stage `volumes`, a
// partition of each kind in turn, the border cut, Trace), then
// Polygonizer::Build with MaxVertsPerPoly 3 ... 6 in turn. Every polygon
// has 3 ... MaxVertsPerPoly distinct corners, is counter-clockwise in its
// float32 positions with no right turn, and each contour's polygons cover
// its cell area, never more. A negative control (one polygon reversed) is
// caught.
//
// And no valid merge is left (b3d.poly.promise, b3d.poly.merge-valid):
// every merge candidate of each contour's final polygons is tested, on the
// level tiles and on the seeded contour sets of the polygonizer's
// differential. Negative controls: on each result with a polygon of four
// corners or more with two strictly left corners that are not neighbours,
// that polygon split back along their diagonal must be flagged; on the
// stage `ears` of the same build, a contour has a valid merge among its
// triangles exactly when the reference merged on it; hand-made merges left
// and refused, one per test of b3d.poly.merge-valid.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "conformance/differential/build3d_recast_common.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/poly_contours.hpp"
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
    std::vector<bool> walls;
    for (const PolyCorner& c : p.corners) {
      corners.push_back(c.vertex);
      walls.push_back(c.wall);
    }
    in.polygons.push_back(corners);
    in.polygonWalls.push_back(walls);
    in.polygonContour.push_back(p.contour);
  }
  for (const Contour& c : set.contours) {
    in.contours.emplace_back();
    for (const ContourVertex& v : c.vertices) in.contours.back().emplace_back(v.x, v.z);
  }
  return in;
}

// Cell cross of b3d.poly.cross: (xc - xa)(zb - za) - (xb - xa)(zc - za).
std::int64_t Cross(const onepath::oracle::CgalPolyVertex& a,
                   const onepath::oracle::CgalPolyVertex& b,
                   const onepath::oracle::CgalPolyVertex& c) {
  return (c.cx - a.cx) * (b.cz - a.cz) - (b.cx - a.cx) * (c.cz - a.cz);
}

// Splits the first polygon P = p0 ... p(n-1) (n >= 4) that has corners i <
// j, not neighbours, both turning strictly left in cells (cross > 0), along
// the diagonal p(i) p(j): A = p(i) ... p(j) takes P's place, B = p(j) ...
// p(i) follows it, each corner keeping its flag, the diagonal not a wall
// (in A from p(j), in B from p(i)). `first` is A's index.
//
// Why the pair is a valid merge left (b3d.poly.merge-valid), given that
// the unsplit result passed every other check: (A, k = j - i, B, l = n - j
// + i) is a candidate (same contour, A has p(j) -> p(i), B has p(i) ->
// p(j), |A| + |B| - 2 = n <= MaxVertsPerPoly); R is P's ring again
// (rotated), so each joint has P's neighbours: not straight on (cross >
// 0), so not wall-collinear, and test 1 holds by cross > 0 and P's orient32
// >= 0 (no right turn, checked on the unsplit P); R' = R = P has n >= 4
// corners and no vertex twice (checked on P); test 3 has no corner to test.
bool SplitOnePolygon(CgalPolyInput& in, std::uint32_t& first) {
  for (std::size_t q = 0; q < in.polygons.size(); ++q) {
    const std::vector<std::uint32_t> p = in.polygons[q];
    const std::vector<bool> w = in.polygonWalls[q];
    const std::size_t n = p.size();
    if (n < 4) continue;
    const auto left = [&](std::size_t i) {
      return Cross(in.vertices[p[(i + n - 1) % n]], in.vertices[p[i]],
                   in.vertices[p[(i + 1) % n]]) > 0;
    };
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 2; j < n; ++j) {
        if ((j + 1) % n == i || !left(i) || !left(j)) continue;
        std::vector<std::uint32_t> a(p.begin() + static_cast<std::ptrdiff_t>(i),
                                     p.begin() + static_cast<std::ptrdiff_t>(j) + 1);
        std::vector<bool> wa(w.begin() + static_cast<std::ptrdiff_t>(i),
                             w.begin() + static_cast<std::ptrdiff_t>(j) + 1);
        wa.back() = false;
        std::vector<std::uint32_t> b;
        std::vector<bool> wb;
        for (std::size_t c = j; c != i; c = (c + 1) % n) {
          b.push_back(p[c]);
          wb.push_back(w[c]);
        }
        b.push_back(p[i]);
        wb.push_back(false);
        in.polygons[q] = a;
        in.polygonWalls[q] = wa;
        in.polygons.insert(in.polygons.begin() + static_cast<std::ptrdiff_t>(q) + 1, b);
        in.polygonWalls.insert(in.polygonWalls.begin() + static_cast<std::ptrdiff_t>(q) + 1, wb);
        in.polygonContour.insert(in.polygonContour.begin() + static_cast<std::ptrdiff_t>(q) + 1,
                                 in.polygonContour[q]);
        first = static_cast<std::uint32_t>(q);
        return true;
      }
  }
  return false;
}

// The second negative control, on the stage `ears` of the same build:
// b3d.poly.merge merges only a valid candidate and stops only when none is
// left, so a contour has a valid merge among its emitted triangles exactly
// when the reference merged on it (fewer polygons than triangles). Counts
// the contours that merged into `merged`, those where the check found a
// valid merge into `found`, and returns the contours where the two
// disagree (the first in `first`).
std::int64_t EarsControl(const ContourSet& set, const PolygonizerStages& stages,
                         const NavSettings& settings, std::int64_t& merged, std::int64_t& found,
                         std::string& first) {
  const auto r = CgalCheckPolygons(ToCgal(set, stages.ears, settings));
  std::vector<std::int64_t> ears(set.contours.size()), polys(set.contours.size());
  std::vector<bool> valid(set.contours.size(), false);
  for (const MeshPolygon& p : stages.ears.polygons) ++ears[p.contour];
  for (const MeshPolygon& p : stages.polygons.polygons) ++polys[p.contour];
  for (const auto& [a, b] : r.validMerges) valid[stages.ears.polygons[a].contour] = true;
  std::int64_t disagree = 0;
  for (std::size_t c = 0; c < set.contours.size(); ++c) {
    merged += polys[c] < ears[c];
    found += valid[c];
    if ((polys[c] < ears[c]) != valid[c] && disagree++ == 0)
      first = "contour " + std::to_string(c) + ": " + std::to_string(ears[c]) + " triangles, " +
              std::to_string(polys[c]) + " polygons, valid merge among the triangles " +
              (valid[c] ? "found" : "not found");
  }
  return disagree;
}

struct Tally {
  std::int64_t tiles = 0, contours = 0, polygons = 0, collinear = 0, covered = 0, dropped = 0,
               violations = 0;
  // b3d.poly.merge candidates among the final polygons, their rejections
  // by b3d.poly.merge-valid's tests, joints removed as wall-collinear.
  std::int64_t candidates = 0, turn = 0, orient = 0, ring = 0, neighbour = 0, wallCollinear = 0;
  // Negative control: tiles where a polygon was split, and where the check
  // flagged the split pair.
  std::int64_t splits = 0, splitsCaught = 0;
  // Second negative control (EarsControl): contours merged by the
  // reference, contours with a valid merge among their triangles.
  std::int64_t earsMerged = 0, earsFound = 0;
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
  const PolygonizerStages stages = Polygonizer::BuildStages(set, settings);
  const CgalPolyInput in = ToCgal(set, stages.polygons, settings);
  const auto r = CgalCheckPolygons(in);
  std::string why;
  if (EarsControl(set, stages, settings, tally.earsMerged, tally.earsFound, why) > 0)
    tally.Keep(label + ": stage ears, " + why);
  tally.contours += static_cast<std::int64_t>(set.contours.size());
  tally.polygons += r.polygons;
  tally.collinear += r.collinearCorners;
  tally.covered += r.contoursArea;
  tally.dropped += r.contoursShort;
  tally.candidates += r.mergeCandidates;
  tally.turn += r.rejectedTurn;
  tally.orient += r.rejectedOrient;
  tally.ring += r.rejectedRing;
  tally.neighbour += r.rejectedNeighbour;
  tally.wallCollinear += r.wallCollinearJoints;
  if (!r.firstViolation.empty()) {
    tally.Keep(label + ": " + r.firstViolation);
    return;
  }
  // Negative control on the same result: the first polygon P with a
  // splittable diagonal is split back into two (SplitOnePolygon); the
  // check must name that pair as a valid merge left.
  CgalPolyInput split = in;
  std::uint32_t first = 0;
  if (!SplitOnePolygon(split, first)) return;
  ++tally.splits;
  const auto s = CgalCheckPolygons(split);
  for (const auto& [a, b] : s.validMerges)
    if (a == first && b == first + 1) {
      ++tally.splitsCaught;
      return;
    }
  tally.Keep(label + ": split of polygon " + std::to_string(first) + " not flagged");
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
  std::printf(
      "no merge left: %lld candidate pairs examined, refused by test 1 in cells %lld, by test "
      "1 in float32 %lld, by test 2 %lld, by test 3 %lld, wall-collinear joints %lld; "
      "split controls %lld, caught %lld; stage ears: contours merged %lld, with a valid merge "
      "%lld\n",
      static_cast<long long>(tally.candidates), static_cast<long long>(tally.turn),
      static_cast<long long>(tally.orient), static_cast<long long>(tally.ring),
      static_cast<long long>(tally.neighbour), static_cast<long long>(tally.wallCollinear),
      static_cast<long long>(tally.splits), static_cast<long long>(tally.splitsCaught),
      static_cast<long long>(tally.earsMerged), static_cast<long long>(tally.earsFound));
  EXPECT_EQ(tally.violations, 0) << "first: " << tally.first;
  EXPECT_GT(tally.polygons, 10000);
  EXPECT_GT(tally.candidates, 1000);
  EXPECT_GT(tally.splits, 500);
  EXPECT_EQ(tally.splitsCaught, tally.splits);
  EXPECT_EQ(tally.earsFound, tally.earsMerged);  // disagreements are violations above
  EXPECT_GT(tally.earsMerged, 1000);
  RecordProperty("tiles", std::to_string(tally.tiles));
  RecordProperty("candidates", std::to_string(tally.candidates));
  RecordProperty("polygons", std::to_string(tally.polygons));
}

// No valid merge left on the seeded contour sets of the polygonizer's
// differential (conformance/tests/gen_contours.hpp, seeds 1 ... 3000, the
// six variants of poly_contours.hpp): bridges, touching corners, collinear
// wall runs and rows that keep them, float32 tips. Only the merge part of
// the check is asserted here: the cover check assumes contours as Trace
// makes them (a degenerate clip of such a generated ring can have a
// negative cross, b3d.poly.promise), and the shape checks are the level
// tiles' and the oracle differential's. Split and ears controls as on the
// levels.
TEST(PolygonizerCgal, SeededContoursHaveNoMergeLeft) {
  CLAUSE("b3d.poly.promise");
  using onepath::conformance::kPolySettingsVariants;
  std::int64_t sets = 0, contours = 0, polygons = 0, candidates = 0, wallCollinear = 0, turn = 0,
               orient = 0, ring = 0, neighbour = 0, left = 0, other = 0, splits = 0, caught = 0,
               earsMerged = 0, earsFound = 0, disagree = 0;
  std::string first, firstDisagree;
  for (std::uint64_t seed = 1; seed <= 3000; ++seed)
    for (std::size_t k = 0; k < std::size(kPolySettingsVariants); ++k) {
      const auto& v = kPolySettingsVariants[k];
      const ContourSet set =
          onepath::conformance::ToContourSet(onepath::conformance::GenerateContours(
              seed * 7919 + k, onepath::conformance::OracleSettingsOf(v),
              onepath::conformance::OptionsOf(v)));
      const NavSettings settings = onepath::conformance::NavSettingsOf(v);
      const PolygonizerStages stages = Polygonizer::BuildStages(set, settings);
      const CgalPolyInput in = ToCgal(set, stages.polygons, settings);
      const auto r = CgalCheckPolygons(in);
      ++sets;
      std::string why;
      if (EarsControl(set, stages, settings, earsMerged, earsFound, why) > 0 && disagree++ == 0)
        firstDisagree = "seed " + std::to_string(seed) + " variant " + std::to_string(k) +
                        ": stage ears, " + why;
      contours += static_cast<std::int64_t>(set.contours.size());
      polygons += r.polygons;
      candidates += r.mergeCandidates;
      wallCollinear += r.wallCollinearJoints;
      turn += r.rejectedTurn;
      orient += r.rejectedOrient;
      ring += r.rejectedRing;
      neighbour += r.rejectedNeighbour;
      const std::string at = "seed " + std::to_string(seed) + " variant " + std::to_string(k);
      if (!r.validMerges.empty()) {
        if (left == 0) first = at + ": " + r.firstViolation;
        left += static_cast<std::int64_t>(r.validMerges.size());
        continue;
      }
      other += !r.firstViolation.empty();
      CgalPolyInput split = in;
      std::uint32_t p = 0;
      if (!SplitOnePolygon(split, p)) continue;
      ++splits;
      for (const auto& [a, b] : CgalCheckPolygons(split).validMerges)
        if (a == p && b == p + 1) {
          ++caught;
          break;
        }
    }
  std::printf(
      "seeded contours, no merge left: %lld sets, %lld contours, %lld polygons, %lld candidate "
      "pairs examined, refused by test 1 in cells %lld, by test 1 in float32 %lld, by test 2 "
      "%lld, by test 3 %lld, wall-collinear joints %lld, valid merges left %lld (other "
      "findings, not asserted: %lld sets); split controls %lld, caught %lld; stage ears: "
      "contours merged %lld, with a valid merge %lld, sets disagreeing %lld\n",
      static_cast<long long>(sets), static_cast<long long>(contours),
      static_cast<long long>(polygons), static_cast<long long>(candidates),
      static_cast<long long>(turn), static_cast<long long>(orient), static_cast<long long>(ring),
      static_cast<long long>(neighbour), static_cast<long long>(wallCollinear),
      static_cast<long long>(left), static_cast<long long>(other), static_cast<long long>(splits),
      static_cast<long long>(caught), static_cast<long long>(earsMerged),
      static_cast<long long>(earsFound), static_cast<long long>(disagree));
  EXPECT_EQ(disagree, 0) << "first: " << firstDisagree;
  EXPECT_GT(earsMerged, 10000);
  EXPECT_EQ(left, 0) << "first: " << first;
  EXPECT_GT(candidates, 10000);
  EXPECT_GT(wallCollinear, 0);
  EXPECT_EQ(caught, splits);
  EXPECT_GT(splits, 1000);
  RecordProperty("seededCandidates", std::to_string(candidates));
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
  in.polygonWalls = {{true, true, true, true}};
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
  twice.polygonWalls = {{true, true, true, true}, {true, true, true, true}};
  twice.polygonContour = {0, 0};
  EXPECT_NE(CgalCheckPolygons(twice).firstViolation, "");
  CgalPolyInput noFlags = in;
  noFlags.polygonWalls.clear();
  EXPECT_EQ(CgalCheckPolygons(noFlags).firstViolation, "wall flags missing");
}

// Hand-made merges left and refused (b3d.poly.merge, b3d.poly.merge-ring,
// b3d.poly.merge-valid), positions equal to the cells unless said.
TEST(PolygonizerCgal, HandMadeMerges) {
  CLAUSE("b3d.poly.merge-valid");
  using onepath::oracle::CgalPolyReport;
  // 1. The spec's worked example (build3d-polygons.md, B = 5): vertices 0
  // (5, 5), 1 (5, 7), 2 (7, 7), 3 (7, 5); the triangles (3, 0, 1) and (1,
  // 2, 3), flags (wall, wall, not) each. A = 0 has 1 -> 3 (k = 2), B = 1
  // has 3 -> 1 (l = 2), |A| + |B| - 2 = 4: R = (3, 0, 1, 2); joint 1
  // (neighbours 0, 2): cross((5,5), (5,7), (7,7)) = 2·2 - 0·2 = 4 > 0;
  // joint 3 (neighbours 2, 0): cross((7,7), (7,5), (5,5)) = (-2)(-2) -
  // 0·(-2) = 4 > 0; R' = R, four distinct corners; valid, so left unmerged
  // it is a violation.
  CgalPolyInput square;
  square.maxVertsPerPoly = 4;
  square.vertices = {{5, 5, 5, 5}, {5, 7, 5, 7}, {7, 7, 7, 7}, {7, 5, 7, 5}};
  square.contours = {{{5, 5}, {5, 7}, {7, 7}, {7, 5}}};
  square.polygons = {{3, 0, 1}, {1, 2, 3}};
  square.polygonWalls = {{true, true, false}, {true, true, false}};
  square.polygonContour = {0, 0};
  CgalPolyReport r = CgalCheckPolygons(square);
  EXPECT_EQ(r.mergeCandidates, 1);
  EXPECT_EQ(r.validMerges.size(), 1u);
  EXPECT_EQ(r.contoursArea, 1);
  EXPECT_EQ(r.firstViolation, "contour 0: polygons 0 and 1 could still merge");
  // 2. The same with MaxVertsPerPoly 3: 3 + 3 - 2 = 4 > 3, no candidate.
  CgalPolyInput three = square;
  three.maxVertsPerPoly = 3;
  r = CgalCheckPolygons(three);
  EXPECT_EQ(r.mergeCandidates, 0);
  EXPECT_EQ(r.firstViolation, "");
  // 3. The same triangles given to two contours (the square twice): never
  // across contours, no candidate; each contour is short by one triangle.
  CgalPolyInput apart = square;
  apart.contours.push_back(apart.contours[0]);
  apart.polygonContour = {0, 1};
  r = CgalCheckPolygons(apart);
  EXPECT_EQ(r.mergeCandidates, 0);
  EXPECT_EQ(r.contoursShort, 2);
  EXPECT_EQ(r.firstViolation, "");
  // 4. A reflex joint: vertices 0 (0, 4), 1 (4, 4), 2 (2, 3), 3 (0, 0);
  // triangles (0, 1, 2) (cross = 2·0 - 4·(-1) = 4 > 0) and (0, 2, 3)
  // (cross = 0·(-1) - 2·(-4) = 8 > 0), doubled areas 4 + 8 = 12 = the
  // quad's. A has 2 -> 0, B has 0 -> 2: R = (0, 1, 2, 3); joint 2
  // (neighbours 1, 3): cross((4,4), (2,3), (0,0)) = (-4)(-1) - (-2)(-4) =
  // -4 < 0, turns right: refused by test 1 in cells, nothing left.
  CgalPolyInput dart;
  dart.maxVertsPerPoly = 6;
  dart.vertices = {{0, 4, 0, 4}, {4, 4, 4, 4}, {2, 3, 2, 3}, {0, 0, 0, 0}};
  dart.contours = {{{0, 4}, {4, 4}, {2, 3}, {0, 0}}};
  dart.polygons = {{0, 1, 2}, {0, 2, 3}};
  dart.polygonWalls = {{true, true, false}, {false, true, true}};
  dart.polygonContour = {0, 0};
  r = CgalCheckPolygons(dart);
  EXPECT_EQ(r.mergeCandidates, 1);
  EXPECT_EQ(r.rejectedTurn, 1);
  EXPECT_EQ(r.firstViolation, "");
  // 5. A wall-collinear joint whose float32 position turns right: O (1,
  // 0), P (0, 2), J (1, 2), Q (2, 2) in cells, J's position (1, 2 - 2^-20)
  // (binary32: 2 - 2^-20 is a multiple of 2^-23), e = 2^-20. Triangles
  // (O, P, J) (cells (1-1)(2-0) - (0-1)(2-0) = 2, positions (1-1)(2-0) -
  // (0-1)(2-e) = 2 - e > 0) and (O, J, Q) (cells (2-1)(2-0) - (1-1)(2-0) =
  // 2, positions (2-1)(2-e) - 0 = 2 - e > 0). A = (O, P, J) has
  // J -> O (k = 2), B = (O, J, Q) has O -> J (l = 0): R = (O, P, J, Q),
  // joints J (neighbours P, Q) and O (neighbours Q, P). P -> J -> Q goes
  // straight on in cells (cross (2)(0) - (1)(0) = 0, dot 1·1 + 0 = 1 > 0);
  // orient32(P, J, Q) = sign((2-0)(2-e-2) - (1-0)(2-2)) = -1.
  // 5a. P -> J and J -> Q walls: J is wall-collinear and removed (not
  // tested): R' = (O, P, Q); joint O: cross((2,2), (1,0), (0,2)) = (0-2)(0-2)
  // - (1-2)(2-2) = 4 > 0, orient32 the same sign (positions of O, P, Q are
  // the cells); test 3 at P (O, P, Q): (2-1)(2-0) - (0-1)(2-0) = 4 > 0 and
  // at Q (P, Q, O): (1-0)(2-2) - (2-0)(0-2) = 4 > 0. Valid: a violation.
  CgalPolyInput wall;
  wall.maxVertsPerPoly = 4;
  const double e = 1.0 / (1 << 20);
  wall.vertices = {{1, 0, 1, 0}, {0, 2, 0, 2}, {1, 2 - e, 1, 2}, {2, 2, 2, 2}};
  wall.contours = {{{1, 0}, {0, 2}, {1, 2}, {2, 2}}};
  wall.polygons = {{0, 1, 2}, {0, 2, 3}};
  wall.polygonWalls = {{true, true, false}, {false, true, true}};
  wall.polygonContour = {0, 0};
  r = CgalCheckPolygons(wall);
  EXPECT_EQ(r.mergeCandidates, 1);
  EXPECT_EQ(r.wallCollinearJoints, 1);
  EXPECT_EQ(r.validMerges.size(), 1u);
  EXPECT_NE(r.firstViolation, "");
  // 5b. J -> Q not a wall: J is tested, straight on in cells but orient32
  // -1: refused by test 1's float32 test, nothing left.
  CgalPolyInput notWall = wall;
  notWall.polygonWalls[1][1] = false;
  r = CgalCheckPolygons(notWall);
  EXPECT_EQ(r.mergeCandidates, 1);
  EXPECT_EQ(r.wallCollinearJoints, 0);
  EXPECT_EQ(r.rejectedOrient, 1);
  EXPECT_EQ(r.firstViolation, "");
  // 5c. J at its exact position (1, 2), J -> Q not a wall: orient32(P, J,
  // Q) = 0 >= 0, R' = R = (O, P, J, Q): valid, a violation.
  CgalPolyInput straight = notWall;
  straight.vertices[2].z = 2;
  r = CgalCheckPolygons(straight);
  EXPECT_EQ(r.validMerges.size(), 1u);
  EXPECT_NE(r.firstViolation, "");
  // 6. Test 3: a wall run W0 (0, 2), W1 (1, 2), W2 (2, 2), W3 (3, 2) above
  // O (2, 0); W3's position (3, 2 + g), g = 2^-20, the others at their
  // cells. A = (O, W0, W1, W2) (flags wall, wall, wall, not; corners in
  // cells: O 4, W0 2, W1 0 straight on, W2 2; orient32 at W1 (2-0)(2-2) -
  // (1-0)(2-2) = 0), B = (O, W2, W3) (flags not, wall, wall; cells 2,
  // positions orient32(O, W2, W3) = (3-2)(2-0) - (2-2)(2+g-0) = 2 > 0);
  // cell areas 4 + 2 = 6, the contour (O, W0, W1, W2, W3)'s fan from O 2 +
  // 2 + 2 = 6. A has W2 -> O (k = 3), B has O -> W2 (l = 0): R = (O, W0,
  // W1, W2, W3). Joint W2: W1 -> W2 -> W3 straight on (cross 0, dot 1),
  // W1 -> W2 and W2 -> W3 walls: removed. Joint O: cross((3,2), (2,0),
  // (0,2)) = (0-3)(0-2) - (2-3)(2-2) = 6 > 0, orient32 (0-3)(0-2-g) -
  // (2-3)(2-2-g) = 6 + 2g > 0. R' = (O, W0, W1, W3), four corners. Test 3
  // at W1: orient32(W0, W1, W3) = (3-0)(2-2) - (1-0)(2+g-2) = -g < 0:
  // refused.
  CgalPolyInput run;
  run.maxVertsPerPoly = 5;
  const double g = 1.0 / (1 << 20);
  run.vertices = {{2, 0, 2, 0}, {0, 2, 0, 2}, {1, 2, 1, 2}, {2, 2, 2, 2}, {3, 2 + g, 3, 2}};
  run.contours = {{{2, 0}, {0, 2}, {1, 2}, {2, 2}, {3, 2}}};
  run.polygons = {{0, 1, 2, 3}, {0, 3, 4}};
  run.polygonWalls = {{true, true, true, false}, {false, true, true}};
  run.polygonContour = {0, 0};
  r = CgalCheckPolygons(run);
  EXPECT_EQ(r.mergeCandidates, 1);
  EXPECT_EQ(r.wallCollinearJoints, 1);
  EXPECT_EQ(r.rejectedNeighbour, 1);
  EXPECT_EQ(r.firstViolation, "");
  // 6b. W3 at its cell (g = 0): orient32(W0, W1, W3) = 0 >= 0, W3 in R'
  // (W1, W3, O): (2-1)(2-2) - (3-1)(0-2) = 4 > 0: valid, a violation.
  CgalPolyInput runStraight = run;
  runStraight.vertices[4].z = 2;
  r = CgalCheckPolygons(runStraight);
  EXPECT_EQ(r.validMerges.size(), 1u);
  EXPECT_NE(r.firstViolation, "");
  // 7. Test 2: x (0, 0), a (1, 0), b (2, 0), w (3, 0) on one line in cells,
  // a's position (1, e): A = (b, x, a) with orient32 2·za - zx - zb = 2e >
  // 0, B = (a, w, b) with zw + za - 2·zb = e > 0 (orient32 of (p, q, r) is
  // (xr - xp)(zq - zp) - (xq - xp)(zr - zp)); cell areas 0 and the
  // contour's 0. A has a -> b (k = 2), B has b -> a (l = 2): R = (b, x, a,
  // w). Joint a: x -> a -> w straight on (dot 1·2 = 2 > 0), flags of x (x
  // -> a) and a (B's a -> w) walls; joint b: w -> b -> x straight on (dot
  // (-1)(-2) = 2 > 0), flags of w (w -> b) and b (A's b -> x) walls. Both
  // removed: R' = (x, w), two corners: refused.
  CgalPolyInput line;
  line.maxVertsPerPoly = 4;
  line.vertices = {{0, 0, 0, 0}, {1, e, 1, 0}, {2, 0, 2, 0}, {3, 0, 3, 0}};
  line.contours = {{{0, 0}, {1, 0}, {3, 0}, {2, 0}}};
  line.polygons = {{2, 0, 1}, {1, 3, 2}};
  line.polygonWalls = {{true, true, false}, {true, true, false}};
  line.polygonContour = {0, 0};
  r = CgalCheckPolygons(line);
  EXPECT_EQ(r.mergeCandidates, 1);
  EXPECT_EQ(r.wallCollinearJoints, 2);
  EXPECT_EQ(r.rejectedRing, 1);
  EXPECT_EQ(r.firstViolation, "");
}

}  // namespace
