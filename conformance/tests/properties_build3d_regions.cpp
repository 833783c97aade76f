// RapidCheck properties of the region stages (docs/spec/build3d-regions.md,
// b3d.region.*), each run inside a plain GoogleTest test with a fixed seed,
// on the compact heightfields of random heightfield inputs (several floors,
// holes, a few area ids, volumes). Why each holds, from the text:
//  - b3d.region.values: one id per span; ids 1 .. regionCount - 1 each own
//    a span, regionCount owns none (b3d.region.renumber).
//  - b3d.region.coverage: null spans never get a region; in Watershed and
//    Monotone flood, expansion and the sweep cross only connections
//    between equal areas, and merging requires equal areas (CanMerge), so
//    a region's spans share one area (Layers joins regions of any area).
//  - b3d.region.coverage: with MinRegionArea <= 1 nothing is removed (b3d.region.remove-small
//    removes groups of fewer spans; every record with spans has >= 1), and
//    on a field with symmetric connections every non-null span gets a
//    region: Watershed floods at level 0 seed every component and the final
//    expansion has no limit (when maxDistance > 0: with maxDistance 0
//    Watershed gives no region at all); the sweep gives every non-null
//    span a run.
//  - b3d.region.sweep / b3d.region.monotone: before the filter each
//    provisional region's spans in a row are one run joined by direction-0
//    connections; the filter maps each provisional region to one final id.
//  - b3d.region.layers: no layer region has two spans in one column.
//  - b3d.region.blur: every blurred distance is at most maxDistance (a
//    rounded mean of nine values at most maxDistance), and a boundary span
//    (b3d.region.distance step 1) keeps distance 0.
//  - b3d.region.border-cut: every span outside the core with a region gets
//    borderId = regionCount + 1, core spans keep their ids, empty says
//    whether a core span has a region; with MinRegionArea <= 1 the core's
//    region spans are exactly its non-null spans.
#include <rapidcheck.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/check_property.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/build3d.hpp"
#include "onepath/build3d/internal/regions.hpp"

namespace {

using namespace onepath::build3d;
using onepath::proptest::CheckProperty;

// Unit cells and rows; a tile of 2 .. 12 cells; agents of height 2 .. 6,
// climb 0 .. 3, radius 0 .. 2; the region settings at random (often
// MinRegionArea <= 1).
NavSettings AnyRegionSettings() {
  NavSettings s = onepath::b3dtest::UnitSettings(*rc::gen::inRange(2, 7), *rc::gen::inRange(0, 4),
                                                 *rc::gen::inRange(0, 3), *rc::gen::inRange(2, 13));
  s.MinRegionArea = *rc::gen::oneOf(rc::gen::inRange(0, 2), rc::gen::inRange(0, 60));
  s.MergeRegionArea = *rc::gen::inRange(0, 200);
  return s;
}

// A heightfield input of 1 .. 2 tiles each way: a ground at random heights
// (steps of 0 .. 2 rows) and up to two floors with holes, areas 63 mostly.
HeightfieldInput AnyInput(std::int64_t tileCells) {
  HeightfieldInput in;
  in.width = *rc::gen::inRange<std::int64_t>(1, 2 * tileCells + 1);
  in.depth = *rc::gen::inRange<std::int64_t>(1, 2 * tileCells + 1);
  in.rows = 60;
  const int floors = *rc::gen::inRange(0, 3);
  const auto area = [] {
    return static_cast<std::uint8_t>(*rc::gen::weightedElement<int>({{8, 63}, {1, 5}, {1, 0}}));
  };
  int ground = 5;
  for (std::int64_t k = 0; k < in.depth; ++k) {
    for (std::int64_t i = 0; i < in.width; ++i) {
      ground = std::clamp(ground + *rc::gen::inRange(-2, 3), 1, 12);
      std::vector<Span> column{{0, static_cast<std::uint16_t>(ground), area()}};
      for (int f = 1; f <= floors; ++f) {
        if (*rc::gen::inRange(0, 5) == 0) continue;
        const auto base = static_cast<std::uint16_t>(ground + 15 * f + *rc::gen::inRange(0, 2));
        column.push_back({base, static_cast<std::uint16_t>(base + 1), area()});
      }
      in.columns.push_back(column);
    }
  }
  return in;
}

// A tile's compact heightfield (stage `volumes`) with its settings.
struct AnyTile {
  NavSettings settings;
  CompactHeightfield field;
};

AnyTile MakeTile() {
  AnyTile t;
  t.settings = AnyRegionSettings();
  const DerivedSettings d = DeriveSettings(t.settings);
  const HeightfieldInput in = AnyInput(d.tileCells);
  const TileRange range = VoxelTiles(in.width, in.depth, d);
  const auto tiles = BuildOrder(range);
  const TileIndex tile = *rc::gen::elementOf(tiles);
  t.field = Mesh3DPipeline::TileSpans(in, {}, t.settings, tile.x, tile.z).volumes;
  return t;
}

// A partition's result and whether b3d.region.coverage promises a region
// to every non-null span (MinRegionArea <= 1; for Watershed also
// maxDistance > 0).
struct Partitioned {
  TileRegions regions;
  bool covers;
  bool oneArea;  // every region's spans share one area (not Layers)
};

// The three partitions.
std::vector<Partitioned> AllPartitions(const CompactHeightfield& h, const NavSettings& s) {
  const DistanceField df = RegionPipeline::BuildDistanceField(h, s);
  const bool small = s.MinRegionArea <= 1;
  return {{RegionPipeline::Watershed(h, df, s), small && df.maxDistance > 0, true},
          {RegionPipeline::Monotone(h, s), small, true},
          {RegionPipeline::Layers(h, s), small, false}};
}

// The column of every span (span order).
std::vector<std::size_t> SpanColumns(const CompactHeightfield& h) {
  std::vector<std::size_t> column;
  for (std::size_t c = 0; c < h.columnCount(); ++c)
    column.insert(column.end(), h.Column(c).size(), c);
  return column;
}

TEST(Build3DRegionProperties, RegionIdsAreValid) {
  CLAUSE("b3d.region.values b3d.region.renumber b3d.region.watershed b3d.region.monotone");
  CLAUSE("b3d.region.layers b3d.region.remove-small b3d.region.merge b3d.region.coverage");
  CheckProperty(
      [] {
        const AnyTile t = MakeTile();
        const auto spans = t.field.spans();
        for (const auto& [r, covers, oneArea] : AllPartitions(t.field, t.settings)) {
          RC_ASSERT(r.regions.size() == spans.size());
          RC_ASSERT(r.regionCount >= 1);
          std::vector<std::int64_t> owned(r.regionCount + 1, 0);
          std::map<std::uint16_t, std::uint8_t> areaOf;
          for (std::size_t i = 0; i < spans.size(); ++i) {
            const std::uint16_t id = r.regions[i];
            RC_ASSERT(id < r.regionCount);
            ++owned[id];
            if (id == 0) {
              // Nothing removed: every non-null span has a region.
              if (covers) RC_ASSERT(spans[i].area == 0);
              continue;
            }
            RC_ASSERT(spans[i].area != 0);
            const auto [it, fresh] = areaOf.emplace(id, spans[i].area);
            if (oneArea) RC_ASSERT(it->second == spans[i].area);
          }
          for (std::uint16_t id = 1; id < r.regionCount; ++id) RC_ASSERT(owned[id] > 0);
        }
      },
      300);
}

TEST(Build3DRegionProperties, MonotoneSweepRegionsAreRunsPerRow) {
  CLAUSE("b3d.region.sweep b3d.region.monotone b3d.region.filter");
  CheckProperty(
      [] {
        const AnyTile t = MakeTile();
        const CompactHeightfield& h = t.field;
        const internal::RegionField f(h);
        std::uint32_t next = 0;
        const std::vector<std::uint32_t> reg = internal::MonotoneSweep(f, next);
        const std::vector<std::size_t> column = SpanColumns(h);
        const auto w = static_cast<std::size_t>(h.width());
        // Per (provisional id, row): the spans in scan order.
        std::map<std::pair<std::uint32_t, std::size_t>, std::vector<std::size_t>> runs;
        for (std::size_t i = 0; i < reg.size(); ++i) {
          RC_ASSERT((reg[i] == 0) == (h.spans()[i].area == 0));
          RC_ASSERT(reg[i] < next);
          if (reg[i] != 0) runs[{reg[i], column[i] / w}].push_back(i);
        }
        for (const auto& [key, run] : runs) {
          for (std::size_t k = 1; k < run.size(); ++k) {
            // One span per column, each joined to the one before by a
            // direction-0 connection.
            const std::size_t i = run[k], before = run[k - 1];
            RC_ASSERT(column[i] == column[before] + 1);
            const CompactSpan& s = h.spans()[i];
            RC_ASSERT(s.con[0] != 63);
            RC_ASSERT(h.ColumnStart(column[before]) + s.con[0] == before);
          }
        }
        // The filter maps each provisional region to one final id.
        const TileRegions final = RegionPipeline::Monotone(h, t.settings);
        std::map<std::uint32_t, std::uint16_t> to;
        for (std::size_t i = 0; i < reg.size(); ++i) {
          const auto [it, fresh] = to.emplace(reg[i], final.regions[i]);
          RC_ASSERT(it->second == final.regions[i]);
        }
      },
      300);
}

TEST(Build3DRegionProperties, LayerRegionsHaveOneSpanPerColumn) {
  CLAUSE("b3d.region.layers");
  CheckProperty(
      [] {
        const AnyTile t = MakeTile();
        const TileRegions r = RegionPipeline::Layers(t.field, t.settings);
        for (std::size_t c = 0; c < t.field.columnCount(); ++c) {
          std::set<std::uint16_t> seen;
          const std::size_t first = t.field.ColumnStart(c);
          for (std::size_t k = 0; k < t.field.Column(c).size(); ++k) {
            const std::uint16_t id = r.regions[first + k];
            if (id != 0) RC_ASSERT(seen.insert(id).second);
          }
        }
      },
      300);
}

TEST(Build3DRegionProperties, DistancesAreBoundedAndZeroOnTheBoundary) {
  CLAUSE("b3d.region.distance b3d.region.blur");
  CheckProperty(
      [] {
        const AnyTile t = MakeTile();
        const CompactHeightfield& h = t.field;
        const DistanceField df = RegionPipeline::BuildDistanceField(h, t.settings);
        RC_ASSERT(df.distances.size() == h.spans().size());
        const std::vector<std::size_t> column = SpanColumns(h);
        const auto w = static_cast<std::int64_t>(h.width());
        for (std::size_t i = 0; i < df.distances.size(); ++i) {
          RC_ASSERT(df.distances[i] <= df.maxDistance);
          const CompactSpan& s = h.spans()[i];
          int same = 0;
          for (int dir = 0; dir < 4; ++dir) {
            if (s.con[dir] == 63) continue;
            const std::int64_t x = static_cast<std::int64_t>(column[i]) % w + internal::kDirX[dir];
            const std::int64_t z = static_cast<std::int64_t>(column[i]) / w + internal::kDirZ[dir];
            const auto n = static_cast<std::size_t>(x + w * z);
            same += h.spans()[h.ColumnStart(n) + s.con[dir]].area == s.area;
          }
          if (same != 4) RC_ASSERT(df.distances[i] == 0);
        }
      },
      300);
}

TEST(Build3DRegionProperties, TheBorderCut) {
  CLAUSE("b3d.region.border-cut b3d.region.border-size");
  CheckProperty(
      [] {
        const AnyTile t = MakeTile();
        const CompactHeightfield& h = t.field;
        const DerivedSettings d = DeriveSettings(t.settings);
        const std::vector<std::size_t> column = SpanColumns(h);
        const auto w = static_cast<std::int64_t>(h.width());
        const auto inCore = [&](std::int64_t c) {
          return c >= d.border && c < d.border + d.tileCells;
        };
        for (const auto& [r, covers, oneArea] : AllPartitions(h, t.settings)) {
          const BorderCut cut = RegionPipeline::CutBorder(h, r, t.settings);
          RC_ASSERT(cut.borderId == r.regionCount + 1);
          RC_ASSERT(cut.regions.size() == r.regions.size());
          bool coreRegion = false;
          for (std::size_t i = 0; i < r.regions.size(); ++i) {
            const auto c = static_cast<std::int64_t>(column[i]);
            const bool core = inCore(c % w) && inCore(c / w);
            if (r.regions[i] == 0) {
              RC_ASSERT(cut.regions[i] == 0);
            } else if (core) {
              RC_ASSERT(cut.regions[i] == r.regions[i]);
              coreRegion = true;
            } else {
              RC_ASSERT(cut.regions[i] == cut.borderId);
            }
            // The core's region spans are its non-null spans when nothing
            // is removed.
            if (core && covers) RC_ASSERT((cut.regions[i] != 0) == (h.spans()[i].area != 0));
          }
          RC_ASSERT(cut.empty == !coreRegion);
        }
      },
      300);
}

}  // namespace
