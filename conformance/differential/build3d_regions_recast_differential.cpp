// The region stages of the 3D build (docs/spec/build3d-regions.md,
// b3d.region.*) against Recast (oracles/recast/regions_recast.cpp:
// Debian's librecast-dev, whose RecastRegion.cpp is 1.6.0's,
// b3d.region.recast), on the same compact heightfields, tile by tile:
// the stage `volumes` of every tile of the generated levels (every kind,
// several sizes, seeds and settings) and of random heightfield inputs
// with random areas and volumes, some with connections removed at random
// (asymmetric connections). Per tile:
// - the distance field (rcBuildDistanceField) on the compact heightfield;
// - Watershed (rcBuildRegions on the reference's distance field, loaded
//   into chf.dist), Monotone (rcBuildRegionsMonotone) and Layers
//   (rcBuildLayerRegions), all with borderSize 0 (b3d.region.border-size);
// each with several MinRegionArea / MergeRegionArea pairs. Equality of
// every region id and of the region count is required; a difference is
// reported with the stage, the column (x, z) and the span.
//
// Span heights do not limit the comparison (rcCompactSpan keeps a 16-bit
// floor and the region stages read no floor), so no tile is skipped for its
// rows. The oracle refuses fields with more than 32766 non-null spans or
// with max(width, depth) sweep runs in a row (b3d.region.recast); those are
// counted, and the inputs are chosen so that none occurs.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numbers>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "conformance/differential/build3d_recast_common.hpp"
#include "conformance/generators/levels.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/pipeline.hpp"
#include "onepath/build3d/regions.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "oracles/recast/recast_oracle.hpp"

namespace {

namespace ro = recast_oracle;
using onepath::build3d::CompactHeightfield;
using onepath::build3d::CompactSpan;
using onepath::build3d::ConvexVolume;
using onepath::build3d::DistanceField;
using onepath::build3d::Mesh3DPipeline;
using onepath::build3d::NavSettings;
using onepath::build3d::Partition;
using onepath::build3d::RegionPipeline;
using onepath::build3d::TileRegions;

using b3d_recast::ToOracle;

// "column (x, z) span k" of span index i (span order).
std::string Where(const CompactHeightfield& h, std::size_t i) {
  for (std::size_t c = 0; c < h.columnCount(); ++c) {
    const std::size_t first = static_cast<std::size_t>(h.Column(c).data() - h.spans().data());
    if (i < first + h.Column(c).size()) return b3d_recast::ColumnSpan(c, i - first, h.width());
  }
  return "span " + std::to_string(i);
}

struct Mismatch {
  std::string stage;
  std::string where;
};

// Nothing when equal; else the first differing span, or the count.
std::optional<std::string> FirstDifference(const CompactHeightfield& h,
                                           const std::vector<std::uint16_t>& ours,
                                           const std::vector<std::uint16_t>& theirs, int ourCount,
                                           int theirCount, const char* countName) {
  for (std::size_t i = 0; i < std::max(ours.size(), theirs.size()); ++i) {
    if (i < ours.size() && i < theirs.size() && ours[i] == theirs[i]) continue;
    return Where(h, i) + ": ours " + (i < ours.size() ? std::to_string(ours[i]) : "none") +
           ", Recast " + (i < theirs.size() ? std::to_string(theirs[i]) : "none");
  }
  if (ourCount != theirCount)
    return std::string(countName) + ": ours " + std::to_string(ourCount) + ", Recast " +
           std::to_string(theirCount);
  return std::nullopt;
}

struct Tally : b3d_recast::MismatchLog {
  std::int64_t tiles = 0;
  std::int64_t refused = 0;             // tiles the oracle could not take (not compared)
  std::int64_t sweepRefused = 0;        // Monotone or Layers runs beyond Recast's sweep array
  std::int64_t spans = 0;               // compact spans compared
  std::int64_t partitions = 0;          // partition runs compared (three kinds, several settings)
  std::int64_t regions[3] = {0, 0, 0};  // final regions per kind
  std::int64_t filtered = 0;            // non-null spans left without a region (area filter)
  std::int64_t overlapping = 0;         // Watershed runs with a region twice in a column
  std::int64_t multiArea = 0;           // tiles with two or more non-null areas
  std::int64_t asymmetric = 0;          // tiles with connections removed at random
  std::int64_t walls = 0;               // tiles with connections removed both ways

  void Add(const Tally& t) { b3d_recast::AddTally(*this, t); }
  void Print(const char* source) const { b3d_recast::PrintTally(source, *this); }
  // The counters in the order of kFormat.
  template <typename Self>
  static auto Counters(Self& t) {
    return std::tie(t.tiles, t.refused, t.spans, t.partitions, t.sweepRefused, t.regions[0],
                    t.regions[1], t.regions[2], t.filtered, t.overlapping, t.multiArea,
                    t.asymmetric, t.walls);
  }
  static constexpr const char* kFormat =
      "%s: %lld tiles (%lld refused by the oracle), %lld compact spans, %lld partitions "
      "(%lld monotone or layers runs not compared: Recast's sweep array); "
      "regions: watershed %lld, monotone %lld, layers %lld; %lld filtered spans; %lld "
      "watershed runs with overlapping regions; %lld tiles with several areas, %lld with "
      "asymmetric connections, %lld with removed ones; %lld mismatches\n";
};

// The region settings a tile is compared with: the preset's, and in turn
// pairs that switch the filter off, make it small and make it large.
struct AreaPair {
  std::int64_t minArea;
  std::int64_t mergeArea;
};
constexpr AreaPair kAreaPairs[] = {{0, 0}, {4, 12}, {300, 2000}};

// One partition's result and how it is compared; a negative control
// replaces a result.
struct Results {
  DistanceField distances;
  TileRegions partition[3];  // Watershed, Monotone, Layers
};

constexpr const char* kNames[3] = {"regions (watershed)", "regions (monotone)", "regions (layers)"};

// Ours, then Recast, for one field and one settings pair.
std::optional<Mismatch> CompareField(const CompactHeightfield& h, const NavSettings& settings,
                                     const Results& ours, Tally& tally, bool compareDistances) {
  const ro::CompactHeightfield field = ToOracle(h);
  if (compareDistances) {
    const auto theirs = ro::BuildDistanceField(field);
    if (!theirs.Ok()) return Mismatch{"distances", "the oracle refused: " + theirs.error};
    if (auto m =
            FirstDifference(h, ours.distances.distances, theirs.value.distances,
                            ours.distances.maxDistance, theirs.value.maxDistance, "maxDistance"))
      return Mismatch{"distances", *m};
  }
  const int minArea = static_cast<int>(settings.MinRegionArea);
  const int mergeArea = static_cast<int>(settings.MergeRegionArea);
  const ro::DistanceField loaded{ours.distances.distances, ours.distances.maxDistance};
  const ro::Outcome<ro::Regions> theirs[3] = {ro::Watershed(field, loaded, minArea, mergeArea),
                                              ro::Monotone(field, minArea, mergeArea),
                                              ro::Layers(field, minArea)};
  for (int k = 0; k < 3; ++k) {
    // Recast's sweep array (b3d.region.recast): those two partitions are
    // not compared on such a field (counted), the others are.
    if (k > 0 && !theirs[k].Ok() && theirs[k].error.find("sweep runs") != std::string::npos) {
      ++tally.sweepRefused;
      continue;
    }
    if (!theirs[k].Ok()) return Mismatch{kNames[k], "the oracle refused: " + theirs[k].error};
    ++tally.partitions;
    if (auto m = FirstDifference(h, ours.partition[k].regions, theirs[k].value.regions,
                                 ours.partition[k].regionCount, theirs[k].value.regionCount,
                                 "regionCount"))
      return Mismatch{kNames[k], *m};
  }
  return std::nullopt;
}

Results Ours(const CompactHeightfield& h, const NavSettings& settings) {
  Results r;
  r.distances = RegionPipeline::BuildDistanceField(h, settings);
  r.partition[0] = RegionPipeline::Watershed(h, r.distances, settings);
  r.partition[1] = RegionPipeline::Monotone(h, settings);
  r.partition[2] = RegionPipeline::Layers(h, settings);
  return r;
}

// True when some Watershed region has two spans in one column.
bool Overlaps(const CompactHeightfield& h, const TileRegions& regions) {
  const CompactSpan* base = h.spans().data();
  for (std::size_t c = 0; c < h.columnCount(); ++c) {
    const auto column = h.Column(c);
    const auto first = static_cast<std::size_t>(column.data() - base);
    for (std::size_t a = 0; a < column.size(); ++a)
      for (std::size_t b = a + 1; b < column.size(); ++b)
        if (regions.regions[first + a] != 0 &&
            regions.regions[first + a] == regions.regions[first + b])
          return true;
  }
  return false;
}

// Every settings pair on one field; mismatches go to the tally with `label`.
void CompareTile(const std::string& label, const CompactHeightfield& h, NavSettings settings,
                 Tally& tally) {
  ++tally.tiles;
  tally.spans += static_cast<std::int64_t>(h.spans().size());
  std::uint8_t firstArea = 0;
  bool several = false;
  for (const CompactSpan& s : h.spans()) {
    if (s.area == 0) continue;
    if (firstArea == 0) firstArea = s.area;
    several = several || s.area != firstArea;
  }
  tally.multiArea += several;
  // The preset's pair and one of kAreaPairs, in turn.
  const AreaPair pairs[] = {{settings.MinRegionArea, settings.MergeRegionArea},
                            kAreaPairs[static_cast<std::size_t>(tally.tiles) % 3]};
  bool first = true;
  for (const AreaPair& p : pairs) {
    settings.MinRegionArea = p.minArea;
    settings.MergeRegionArea = p.mergeArea;
    const Results ours = Ours(h, settings);
    for (int k = 0; k < 3; ++k) tally.regions[k] += ours.partition[k].regionCount;
    for (std::size_t i = 0; i < h.spans().size(); ++i)
      tally.filtered += h.spans()[i].area != 0 && ours.partition[0].regions[i] == 0;
    tally.overlapping += Overlaps(h, ours.partition[0]);
    const auto m = CompareField(h, settings, ours, tally, first);
    first = false;
    if (!m) continue;
    if (m->where.rfind("the oracle refused", 0) == 0) {
      if (tally.refused++ == 0)
        std::printf("first refusal: %s: %s\n", label.c_str(), m->where.c_str());
      return;
    }
    tally.Keep(label + ", min " + std::to_string(p.minArea) + " merge " +
               std::to_string(p.mergeArea) + ": stage " + m->stage + ", " + m->where);
    return;
  }
}

constexpr const char* kClauses =
    "b3d.region.terms b3d.region.border-size b3d.region.ids b3d.region.distance b3d.region.blur "
    "b3d.region.watershed b3d.region.level-stacks b3d.region.expand b3d.region.flood "
    "b3d.region.sweep b3d.region.monotone b3d.region.filter b3d.region.records b3d.region.walk "
    "b3d.region.remove-small b3d.region.merge b3d.region.renumber b3d.region.overlap "
    "b3d.region.layers b3d.region.recast";

void Finish(const char* source, const Tally& tally, std::chrono::steady_clock::time_point start) {
  b3d_recast::FinishSource(source, tally, start);
  EXPECT_EQ(tally.refused, 0);
  EXPECT_GT(tally.filtered, 0);
  EXPECT_GT(tally.multiArea, 0);
}

// ---- the tests ----

TEST(Build3DRegionsRecastDifferential, GeneratedLevels) {
  CLAUSE(kClauses);
  const auto start = std::chrono::steady_clock::now();
  const auto tally = b3d_recast::LevelTiles<Tally>(2027, CompareTile);
  Finish("generated levels", tally, start);
  EXPECT_GT(tally.overlapping, 0);
  EXPECT_GE(tally.tiles, 4500);
}

TEST(Build3DRegionsRecastDifferential, RandomFields) {
  CLAUSE(kClauses);
  const auto start = std::chrono::steady_clock::now();
  // Every fourth field loses connections: both ways, or (on small tiles,
  // where the long lists of a walk that misses its start stay cheap) one
  // way.
  const auto tally =
      b3d_recast::FieldTiles<Tally>(27, 5500, 400, 5, b3d_recast::RandomFieldSettings, CompareTile);
  Finish("random fields", tally, start);
  EXPECT_GT(tally.asymmetric, 0);
  EXPECT_GT(tally.walls, 0);
  EXPECT_GE(tally.tiles, 5500);
}

TEST(Build3DRegionsRecastDifferential, AtLeastTenThousandTiles) {
  b3d_recast::ExpectTotal<Tally>(2);
}

// ---- negative controls: the comparison must catch a planted difference ----

TEST(Build3DRegionsRecastDifferentialNegative, ChangedResultsAreCaught) {
  // A multifloor level's tile (0, 0) with the default settings.
  const auto soup = b3d_recast::LevelSoup(onepath::gen::LevelKind::kMultifloor, 16);
  const NavSettings settings;
  const auto spans = Mesh3DPipeline::TileSpans(soup, {}, settings, 0, 0);
  const CompactHeightfield& h = spans.volumes;
  const Results good = Ours(h, settings);
  Tally tally;
  const auto clean = CompareField(h, settings, good, tally, true);
  ASSERT_FALSE(clean.has_value()) << clean->stage << ": " << clean->where;

  // The first span with a region in every partition.
  std::size_t k = 0;
  while (k < h.spans().size() &&
         (good.partition[0].regions[k] == 0 || good.partition[1].regions[k] == 0 ||
          good.partition[2].regions[k] == 0))
    ++k;
  ASSERT_LT(k, h.spans().size());
  const std::string at = Where(h, k) + ": ours ";
  {
    Results bad = good;
    bad.distances.distances[k] ^= 1;
    const auto m = CompareField(h, settings, bad, tally, true);
    ASSERT_TRUE(m.has_value()) << "a changed distance went unnoticed";
    EXPECT_EQ(m->stage, "distances");
    EXPECT_EQ(m->where.rfind(at, 0), 0u) << m->where;
  }
  for (int p = 0; p < 3; ++p) {
    Results bad = good;
    bad.partition[p].regions[k] ^= 1;
    const auto m = CompareField(h, settings, bad, tally, true);
    ASSERT_TRUE(m.has_value()) << "a changed region id went unnoticed in " << kNames[p];
    EXPECT_EQ(m->stage, kNames[p]);
    EXPECT_EQ(m->where.rfind(at, 0), 0u) << m->where;
  }
  {
    Results bad = good;
    bad.partition[1].regionCount += 1;
    const auto m = CompareField(h, settings, bad, tally, true);
    ASSERT_TRUE(m.has_value()) << "a changed region count went unnoticed";
    EXPECT_EQ(m->where.rfind("regionCount", 0), 0u) << m->where;
  }
  {
    // The same partition with ids 1 and 2 exchanged: the order of the
    // final ids (b3d.region.renumber) is compared, not only the partition.
    ASSERT_GE(good.partition[2].regionCount, 3);
    Results bad = good;
    for (std::uint16_t& id : bad.partition[2].regions) id = id == 1 ? 2 : id == 2 ? 1 : id;
    const auto m = CompareField(h, settings, bad, tally, true);
    ASSERT_TRUE(m.has_value()) << "exchanged layer ids went unnoticed";
    EXPECT_EQ(m->stage, kNames[2]);
  }
}

}  // namespace
