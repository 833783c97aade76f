// What the three Recast differentials of the 3D build share
// (build3d_recast_differential.cpp: spans, build3d_regions_recast_differential.cpp
// and build3d_contours_recast_differential.cpp): the compact heightfield as
// the oracle's, the loops over the tiles of the generated levels and of
// random heightfield inputs, the mismatch log and the per-source totals.
// Test code only: it drives the reference (Mesh3DPipeline, the public API
// under test) and the oracle (oracles/recast/) and shares nothing else
// with src/.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "conformance/generators/levels.hpp"
#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/input.hpp"
#include "onepath/build3d/settings.hpp"
#include "oracles/recast/recast_oracle.hpp"

namespace b3d_recast {

// The reference's compact heightfield as the oracle's.
recast_oracle::CompactHeightfield ToOracle(const onepath::build3d::CompactHeightfield& h);

// "column (x, z) span k" of column index `column` of a grid `width` wide.
std::string ColumnSpan(std::size_t column, std::size_t span, std::int64_t width);

// A generated level of `kind` and `size` (seed 1) as the build's input.
onepath::build3d::TriangleSoup LevelSoup(onepath::gen::LevelKind kind, int size);

// Every level kind at sizes 16, 32, 48, 64 and seeds 1 .. `seeds`, in that
// nesting: f(label, options, index), index counting the levels from 0.
using LevelFunction = std::function<void(
    const std::string& label, const onepath::gen::LevelOptions& options, std::size_t index)>;
void ForEachLevel(std::uint64_t seeds, const LevelFunction& f);

// The stage `volumes` of every tile of the levels of ForEachLevel(3) with
// the presets RegionLevelSettings (in turn) and three random volumes per
// level: f(label, field, settings).
using TileFunction =
    std::function<void(const std::string& label, const onepath::build3d::CompactHeightfield& h,
                       const onepath::build3d::NavSettings& settings)>;
void ForEachLevelTile(std::mt19937_64& random, const TileFunction& f);

// Random region settings on a grid of cell 1: tile size, agent and the
// region areas.
onepath::build3d::NavSettings RandomFieldSettings(std::mt19937_64& random);

// Which connections a random field's tile lost.
enum class Connections { kAll, kOneWayRemoved, kRemoved };

// The stage `volumes` of every tile of random field `index`
// (RandomHeightfield, RandomVolumes) with `settings`. Every fourth field
// loses connections with chance `drop`: one way (chance drop /
// oneWayDivisor) on every eighth field where a tile has at most
// oneWayMaxSpans spans, both ways otherwise. f(label, field, connections).
using FieldFunction =
    std::function<void(const std::string& label, const onepath::build3d::CompactHeightfield& h,
                       Connections connections)>;
void ForEachFieldTile(std::mt19937_64& random, const onepath::build3d::NavSettings& settings,
                      int index, std::size_t oneWayMaxSpans, double oneWayDivisor,
                      const FieldFunction& f);
constexpr std::size_t kAnySize = std::numeric_limits<std::size_t>::max();

// compare(label, field, settings, tally) on every tile of ForEachLevelTile,
// random volumes drawn from `seed`.
template <typename Tally, typename Compare>
Tally LevelTiles(std::uint64_t seed, Compare compare) {
  Tally tally;
  std::mt19937_64 random(seed);
  ForEachLevelTile(
      random,
      [&](const std::string& label, const onepath::build3d::CompactHeightfield& h,
          const onepath::build3d::NavSettings& settings) { compare(label, h, settings, tally); });
  return tally;
}

// compare(label, field, settings, tally) on every tile of random fields
// (ForEachFieldTile) from `seed`, each field with settingsOf(random), until
// `tiles` tiles are compared; the tiles that lost connections are counted
// in tally.asymmetric (one way) and tally.walls (both ways).
template <typename Tally, typename SettingsOf, typename Compare>
Tally FieldTiles(std::uint64_t seed, std::int64_t tiles, std::size_t oneWayMaxSpans,
                 double oneWayDivisor, SettingsOf settingsOf, Compare compare) {
  Tally tally;
  std::mt19937_64 random(seed);
  for (int index = 0; tally.tiles < tiles; ++index) {
    const onepath::build3d::NavSettings settings = settingsOf(random);
    ForEachFieldTile(random, settings, index, oneWayMaxSpans, oneWayDivisor,
                     [&](const std::string& label, const onepath::build3d::CompactHeightfield& h,
                         Connections cut) {
                       tally.asymmetric += cut == Connections::kOneWayRemoved;
                       tally.walls += cut == Connections::kRemoved;
                       compare(label, h, settings, tally);
                     });
  }
  return tally;
}

// The mismatches of a tally: the count and the first ten.
struct MismatchLog {
  std::int64_t mismatches = 0;
  std::vector<std::string> firstMismatches;

  void Keep(const std::string& mismatch);
  void AddLog(const MismatchLog& t);
  void PrintLog() const;
};

// A tally: a MismatchLog with counters, Tally::Counters(t) the tie of them
// in the order of Tally::kFormat, whose %s is the source and whose last
// %lld the mismatches.
template <typename Tally>
void AddTally(Tally& to, const Tally& from) {
  std::apply(
      [&](auto&... a) {
        std::apply([&](const auto&... b) { ((a += b), ...); }, Tally::Counters(from));
      },
      Tally::Counters(to));
  to.AddLog(from);
}
template <typename Tally>
void PrintTally(const char* source, const Tally& t) {
  std::apply(
      [&](const auto&... c) {
        std::printf(Tally::kFormat, source, static_cast<long long>(c)...,
                    static_cast<long long>(t.mismatches));
      },
      Tally::Counters(t));
  t.PrintLog();
}

// How many sources (tests) have run, and their total.
int& SourcesRun();
template <typename Tally>
Tally& Total() {
  static Tally total;
  return total;
}

// Prints a source's tally and time, adds it to the total and expects no
// mismatch.
template <typename Tally>
void FinishSource(const char* source, const Tally& tally,
                  std::chrono::steady_clock::time_point start) {
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  tally.Print(source);
  std::printf("%s: %.1f s\n", source, seconds);
  Total<Tally>().Add(tally);
  ++SourcesRun();
  EXPECT_EQ(tally.mismatches, 0);
}

// After `sources` tests: the total has >= 10^4 tiles and no mismatch.
// Alone (a filter), there is nothing to count: skipped.
template <typename Tally>
void ExpectTotal(int sources) {
  if (SourcesRun() < sources) GTEST_SKIP() << "needs the tests above to run first";
  Total<Tally>().Print("all sources");
  EXPECT_GE(Total<Tally>().tiles, 10000);
  EXPECT_EQ(Total<Tally>().mismatches, 0);
}

}  // namespace b3d_recast
