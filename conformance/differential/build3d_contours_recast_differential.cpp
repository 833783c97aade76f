// The contour stage of the 3D build (docs/spec/build3d-regions.md,
// b3d.contour.*) against Recast's rcBuildContours (Debian's librecast-dev,
// whose RecastContour.cpp is 1.6.0's, b3d.contour.recast), run with
// RC_CONTOUR_TESS_WALL_EDGES and borderSize 0 on the same compact
// heightfield and the same cut region ids, the four border strips given
// their own ids (oracles/recast/contours_recast.cpp). Per tile: the stage
// `volumes` of every tile of the generated levels and of random
// heightfield inputs (some with connections removed, both ways or one
// way), a partition (the three kinds in turn), the border cut, then Trace
// with the tile's contour settings and with one other pair of MaxError /
// MaxEdgeLength. Every contour (order, region, area) and every vertex (x,
// y, z, neighbour, area border) must be equal; a difference is reported
// with the contour and the vertex.
//
// Recast without the strips (one borderId, a literal reading of 000 §2.3)
// is also run on the first settings pair of every tile: the tiles where it
// differs are counted, to show what the strips change (b3d.contour.strips).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "conformance/differential/build3d_recast_common.hpp"
#include "conformance/generators/levels.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/build3d/contours.hpp"
#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/pipeline.hpp"
#include "onepath/build3d/regions.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "oracles/recast/contours_recast.hpp"

namespace {

namespace ro = recast_oracle;
using onepath::build3d::BorderCut;
using onepath::build3d::CompactHeightfield;
using onepath::build3d::CompactSpan;
using onepath::build3d::ContourSet;
using onepath::build3d::ContourVertex;
using onepath::build3d::Mesh3DPipeline;
using onepath::build3d::NavSettings;
using onepath::build3d::Partition;
using onepath::build3d::RegionPipeline;

using b3d_recast::ToOracle;

const char* PartitionName(Partition p) {
  return p == Partition::Watershed ? "watershed" : p == Partition::Monotone ? "monotone" : "layers";
}

std::string Show(int x, int y, int z, int neighbour, bool areaBorder) {
  return "(" + std::to_string(x) + ", " + std::to_string(y) + ", " + std::to_string(z) +
         ", neighbour " + std::to_string(neighbour) + (areaBorder ? ", area border)" : ")");
}

bool Same(const ContourVertex& a, const ro::ContourVertex& b) {
  return a.x == b.x && a.y == b.y && a.z == b.z && a.neighbour == b.neighbour &&
         a.areaBorder == b.areaBorder;
}

// Nothing when equal; else the first difference: a contour's region, area
// or vertex count, a vertex, or the number of contours.
std::optional<std::string> FirstDifference(const ContourSet& ours,
                                           const std::vector<ro::Contour>& theirs) {
  const std::size_t n = std::min(ours.contours.size(), theirs.size());
  for (std::size_t c = 0; c < n; ++c) {
    const auto& a = ours.contours[c];
    const auto& b = theirs[c];
    const std::string at = "contour " + std::to_string(c);
    if (a.region != b.region || a.area != b.area)
      return at + ": ours region " + std::to_string(a.region) + " area " + std::to_string(a.area) +
             ", Recast region " + std::to_string(b.region) + " area " + std::to_string(b.area);
    for (std::size_t v = 0; v < std::min(a.vertices.size(), b.vertices.size()); ++v) {
      const ContourVertex& p = a.vertices[v];
      const ro::ContourVertex& q = b.vertices[v];
      if (!Same(p, q))
        return at + " (region " + std::to_string(a.region) + ") vertex " + std::to_string(v) +
               ": ours " + Show(p.x, p.y, p.z, p.neighbour, p.areaBorder) + ", Recast " +
               Show(q.x, q.y, q.z, q.neighbour, q.areaBorder);
    }
    if (a.vertices.size() != b.vertices.size())
      return at + " (region " + std::to_string(a.region) + "): ours " +
             std::to_string(a.vertices.size()) + " vertices, Recast " +
             std::to_string(b.vertices.size());
  }
  if (ours.contours.size() != theirs.size())
    return "contours: ours " + std::to_string(ours.contours.size()) + ", Recast " +
           std::to_string(theirs.size());
  return std::nullopt;
}

struct Tally : b3d_recast::MismatchLog {
  std::int64_t tiles = 0;
  std::int64_t refused = 0;       // tiles the oracle could not take (not compared)
  std::int64_t traces = 0;        // Trace runs compared
  std::int64_t contours = 0;      // contours compared
  std::int64_t vertices = 0;      // vertices compared
  std::int64_t borderEdges = 0;   // vertices whose edge leads to borderId
  std::int64_t areaEdges = 0;     // vertices whose edge is an area border
  std::int64_t bridged = 0;       // contours with a place visited twice (bridges, pinches)
  std::int64_t holes = 0;         // unmerged holes (clockwise contours)
  std::int64_t mergedHoles = 0;   // holes merged into outlines (Recast's count)
  std::int64_t stripsMatter = 0;  // tiles where Recast with one borderId differs
  std::int64_t asymmetric = 0;    // tiles with connections removed one way
  std::int64_t walls = 0;         // tiles with connections removed both ways

  void Add(const Tally& t) { b3d_recast::AddTally(*this, t); }
  void Print(const char* source) const { b3d_recast::PrintTally(source, *this); }
  // The counters in the order of kFormat.
  template <typename Self>
  static auto Counters(Self& t) {
    return std::tie(t.tiles, t.refused, t.traces, t.contours, t.vertices, t.borderEdges,
                    t.areaEdges, t.bridged, t.mergedHoles, t.holes, t.stripsMatter, t.asymmetric,
                    t.walls);
  }
  static constexpr const char* kFormat =
      "%s: %lld tiles (%lld refused by the oracle), %lld traces, %lld contours, %lld vertices "
      "(%lld on border edges, %lld on area edges), %lld contours visiting a place twice, %lld "
      "holes merged, %lld unmerged; %lld tiles where one borderId would differ; %lld tiles with "
      "one-way "
      "connections, %lld with removed ones; %lld mismatches\n";
};

void Count(const ContourSet& set, Tally& tally) {
  for (const auto& c : set.contours) {
    ++tally.contours;
    tally.vertices += static_cast<std::int64_t>(c.vertices.size());
    bool twice = false;
    std::int64_t area2 = 0;
    for (std::size_t i = 0; i < c.vertices.size(); ++i) {
      const ContourVertex& v = c.vertices[i];
      const ContourVertex& u = c.vertices[(i + c.vertices.size() - 1) % c.vertices.size()];
      area2 += std::int64_t{v.x} * u.z - std::int64_t{u.x} * v.z;
      tally.areaEdges += v.areaBorder;
      for (std::size_t j = i + 1; j < c.vertices.size() && !twice; ++j)
        twice = v.x == c.vertices[j].x && v.z == c.vertices[j].z;
    }
    tally.bridged += twice;
    tally.holes += area2 <= -3;
  }
}

// Contour settings compared besides the tile's own: no simplification, a
// tight and a loose error with short edges, and an error no wall reaches.
struct ContourPair {
  double maxError;
  double maxEdgeLength;  // world units
};
constexpr ContourPair kContourPairs[] = {{0, 0}, {0.4, 1.0}, {3.0, 2.5}, {1e6, 0}};

// Our trace and Recast's for one field, cut and settings.
std::optional<std::string> CompareTrace(const CompactHeightfield& h, const BorderCut& cut,
                                        const NavSettings& settings, const ContourSet& ours,
                                        bool strips = true, int* mergedHoles = nullptr) {
  const auto d = Mesh3DPipeline::DeriveSettings(settings);
  const auto theirs =
      ro::Contours(ToOracle(h), cut.regions, cut.borderId, d.border, d.tileCells,
                   static_cast<float>(d.maxError), d.maxEdgeCells, strips, mergedHoles);
  if (!theirs.Ok()) return "the oracle refused: " + theirs.error;
  return FirstDifference(ours, theirs.value);
}

void CompareTile(const std::string& label, const CompactHeightfield& h, NavSettings settings,
                 Tally& tally) {
  static constexpr Partition kKinds[3] = {Partition::Watershed, Partition::Monotone,
                                          Partition::Layers};
  settings.Partition = kKinds[static_cast<std::size_t>(tally.tiles) % 3];
  ++tally.tiles;
  const auto regions = RegionPipeline::Partition(h, settings);
  const BorderCut cut = RegionPipeline::CutBorder(h, regions, settings);
  const ContourPair pairs[] = {
      {settings.ContourMaxError, settings.MaxEdgeLength},
      kContourPairs[static_cast<std::size_t>(tally.tiles) % std::size(kContourPairs)]};
  bool first = true;
  for (const ContourPair& p : pairs) {
    settings.ContourMaxError = p.maxError;
    settings.MaxEdgeLength = p.maxEdgeLength;
    const ContourSet ours = RegionPipeline::Trace(h, cut, settings);
    int merged = 0;
    const auto m = CompareTrace(h, cut, settings, ours, true, &merged);
    tally.mergedHoles += merged;
    if (m && m->rfind("the oracle refused", 0) == 0) {
      if (tally.refused++ == 0) std::printf("first refusal: %s: %s\n", label.c_str(), m->c_str());
      return;
    }
    ++tally.traces;
    Count(ours, tally);
    for (const auto& c : ours.contours)
      for (const ContourVertex& v : c.vertices) tally.borderEdges += v.neighbour == cut.borderId;
    if (m) {
      tally.Keep(label + " (" + std::string(PartitionName(settings.Partition)) + ", error " +
                 std::to_string(p.maxError) + ", edge " + std::to_string(p.maxEdgeLength) +
                 "): " + *m);
      return;
    }
    if (first) tally.stripsMatter += CompareTrace(h, cut, settings, ours, false).has_value();
    first = false;
  }
}

constexpr const char* kClauses =
    "b3d.contour.values b3d.contour.stages b3d.contour.strips b3d.contour.boundary "
    "b3d.contour.scan b3d.contour.walk b3d.contour.raw b3d.contour.corner b3d.contour.initial "
    "b3d.contour.distance b3d.contour.refine b3d.contour.split b3d.contour.vertex-flags "
    "b3d.contour.degenerate b3d.contour.winding b3d.contour.holes b3d.contour.bridge "
    "b3d.contour.merge b3d.contour.order b3d.contour.limits b3d.contour.recast";

void Finish(const char* source, const Tally& tally, std::chrono::steady_clock::time_point start) {
  b3d_recast::FinishSource(source, tally, start);
  EXPECT_EQ(tally.refused, 0);
  EXPECT_GT(tally.borderEdges, 0);
  EXPECT_GT(tally.areaEdges, 0);
  EXPECT_GT(tally.bridged, 0);
  EXPECT_GT(tally.mergedHoles, 0);
  EXPECT_GT(tally.stripsMatter, 0);
}

// ---- the tests ----

TEST(Build3DContoursRecastDifferential, GeneratedLevels) {
  CLAUSE(kClauses);
  const auto start = std::chrono::steady_clock::now();
  const auto tally = b3d_recast::LevelTiles<Tally>(2727, CompareTile);
  Finish("generated levels", tally, start);
  EXPECT_GE(tally.tiles, 4500);
}

TEST(Build3DContoursRecastDifferential, RandomFields) {
  CLAUSE(kClauses);
  const auto start = std::chrono::steady_clock::now();
  // Every fourth field loses connections: both ways, or (every eighth)
  // one way.
  const auto tally = b3d_recast::FieldTiles<Tally>(
      2728, 5500, b3d_recast::kAnySize, 1,
      [](std::mt19937_64& random) {
        NavSettings settings = b3d_recast::RandomFieldSettings(random);
        settings.ContourMaxError = 3 * std::uniform_real_distribution<double>(0, 1)(random);
        settings.MaxEdgeLength = std::uniform_int_distribution<int>(0, 30)(random);
        return settings;
      },
      CompareTile);
  Finish("random fields", tally, start);
  EXPECT_GT(tally.asymmetric, 0);
  EXPECT_GT(tally.walls, 0);
  EXPECT_GT(tally.holes, 0);
  EXPECT_GE(tally.tiles, 5500);
}

TEST(Build3DContoursRecastDifferential, AtLeastTenThousandTiles) {
  b3d_recast::ExpectTotal<Tally>(2);
}

// ---- negative controls: the comparison must catch a planted difference ----

// The border cut of the tile's partition with `settings`.
BorderCut Cut(const CompactHeightfield& h, const NavSettings& settings) {
  return RegionPipeline::CutBorder(h, RegionPipeline::Partition(h, settings), settings);
}

TEST(Build3DContoursRecastDifferentialNegative, ChangedResultsAreCaught) {
  // A multifloor level's tile (0, 0) with the default settings.
  const auto soup = b3d_recast::LevelSoup(onepath::gen::LevelKind::kMultifloor, 16);
  const NavSettings settings;
  const auto spans = Mesh3DPipeline::TileSpans(soup, {}, settings, 0, 0);
  const CompactHeightfield& h = spans.volumes;
  const BorderCut cut = Cut(h, settings);
  const ContourSet good = RegionPipeline::Trace(h, cut, settings);
  ASSERT_GE(good.contours.size(), 2u);
  const auto clean = CompareTrace(h, cut, settings, good);
  ASSERT_FALSE(clean.has_value()) << *clean;

  const auto caught = [&](const ContourSet& bad, const std::string& expected, const char* what) {
    const auto m = CompareTrace(h, cut, settings, bad);
    ASSERT_TRUE(m.has_value()) << what << " went unnoticed";
    EXPECT_EQ(m->rfind(expected, 0), 0u) << what << ": " << *m;
  };
  {
    ContourSet bad = good;
    bad.contours[1].vertices[2].y += 1;
    caught(bad, "contour 1 (region " + std::to_string(good.contours[1].region) + ") vertex 2",
           "a changed row");
  }
  {
    ContourSet bad = good;
    bad.contours[0].vertices[0].neighbour ^= 1;
    caught(bad, "contour 0 (region " + std::to_string(good.contours[0].region) + ") vertex 0",
           "a changed neighbour");
  }
  {
    ContourSet bad = good;
    bad.contours[0].vertices[1].areaBorder = !bad.contours[0].vertices[1].areaBorder;
    caught(bad, "contour 0 (region " + std::to_string(good.contours[0].region) + ") vertex 1",
           "a flipped area border");
  }
  {
    ContourSet bad = good;
    bad.contours[1].vertices.pop_back();
    caught(bad, "contour 1", "a dropped vertex");
  }
  {
    ContourSet bad = good;
    std::swap(bad.contours[0], bad.contours[1]);
    caught(bad, "contour 0", "exchanged contours");
  }
  {
    ContourSet bad = good;
    bad.contours.pop_back();
    caught(bad, "contours: ours", "a dropped contour");
  }
}

TEST(Build3DContoursRecastDifferentialNegative, OneBorderIdIsCaught) {
  // A flat 12 x 12 plain, tile (0, 0) of 4 x 4 tiles of cell 1: one region
  // fills the core with walkable ground all round. With the four strips
  // its contour is the core's square (b3d.contour.strips); Recast given
  // one borderId finds two initial points and no contour.
  onepath::build3d::HeightfieldInput in;
  in.width = 12;
  in.depth = 12;
  in.rows = 20;
  in.columns.assign(144, {onepath::build3d::Span{0, 5, 63}});
  NavSettings settings;
  settings.CellSize = 1;
  settings.CellHeight = 1;
  settings.TileSize = 4;
  settings.AgentRadius = 0;
  settings.MinRegionArea = 0;
  const auto spans = Mesh3DPipeline::TileSpans(in, {}, settings, 1, 1);
  const CompactHeightfield& h = spans.volumes;
  const BorderCut cut = Cut(h, settings);
  const ContourSet ours = RegionPipeline::Trace(h, cut, settings);
  // B = 3, T = 4: the square (3, 3) .. (7, 7), counter-clockwise from above.
  ASSERT_EQ(ours.contours.size(), 1u);
  std::vector<std::pair<int, int>> corners;
  for (const ContourVertex& v : ours.contours[0].vertices) corners.push_back({v.x, v.z});
  EXPECT_EQ(corners, (std::vector<std::pair<int, int>>{{3, 7}, {7, 7}, {7, 3}, {3, 3}}));
  EXPECT_FALSE(CompareTrace(h, cut, settings, ours).has_value());
  const auto literal = CompareTrace(h, cut, settings, ours, false);
  ASSERT_TRUE(literal.has_value());
  EXPECT_EQ(*literal, "contours: ours 1, Recast 0");
}

}  // namespace
