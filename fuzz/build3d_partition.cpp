// Fuzz target for the region stages of one tile of the 3D build
// (docs/spec/build3d-regions.md): RegionPipeline::BuildDistanceField,
// Watershed, Monotone, Layers, Partition (all three kinds) and CutBorder on
// a decoded compact heightfield with decoded region settings.
// clauses: b3d.region.stages b3d.region.values b3d.region.distance
// clauses: b3d.region.blur b3d.region.watershed b3d.region.monotone
// clauses: b3d.region.layers b3d.region.border-cut b3d.region.stage-input
// clauses: b3d.region.recast err.nothing-else
//
// Input: the field and settings of fuzz/build3d_field_input.hpp (its
// encoding is documented there); the target's own damage (damage byte / 3,
// with m bit 3) is, % 2: 1, the distances given to Watershed one too many.
//
// Checks: only the spec's exception types escape (err.nothing-else), and
// exactly when the spec requires one: a bad setting (b3d.settings-checks),
// an area of 64 or a connection past the neighbour's spans
// (b3d.span.stage-input), a distance field of the wrong length, and (for
// CutBorder only) a grid other than W x W (b3d.region.stage-input).
// Otherwise: one distance per span, none above maxDistance, 0 on every
// span with fewer than four connected neighbours of its area (the
// boundary, which the blur keeps, b3d.region.distance, b3d.region.blur);
// Partition equals the kind's own call (Watershed on BuildDistanceField);
// one id per span, ids below regionCount, 0 on null spans, one area per
// region in Watershed and Monotone; with MinRegionArea <= 1 and symmetric
// connections every non-null core span has a region after the cut (except
// Watershed with maxDistance 0, which gives none); the cut recomputed
// (borderId = regionCount + 1, core ids kept, outside ids borderId or 0,
// empty); and each stage against the Recast oracle (oracles/recast: the
// distances, then each partition on the same field and our distances)
// where it can take the field (b3d.region.recast).
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "fuzz/build3d_field_input.hpp"
#include "onepath/core/errors.hpp"
#include "oracles/recast/recast_oracle.hpp"

using namespace onepath;
using namespace onepath::build3d;

namespace {

const char* kName = "fuzz_build3d_partition";

[[noreturn]] void Fail(const std::string& what) { fuzz::Fail(kName, what); }

bool Throws(const std::function<void()>& f) { return fuzz::Throws(kName, f); }

void Expect(bool threw, bool want, const char* what) {
  if (threw && !want) Fail(std::string(what) + " threw on a valid input");
  if (!threw && want) Fail(std::string(what) + " did not throw on an invalid input");
}

using fuzz::ToOracle;

// b3d.region.distance, b3d.region.blur: what holds whatever the algorithm.
void CheckDistances(const CompactHeightfield& h, const DistanceField& f) {
  if (f.distances.size() != h.spans().size()) Fail("distances: not one per span");
  const std::int64_t W = h.width();
  const int dx[4] = {-1, 0, 1, 0}, dz[4] = {0, 1, 0, -1};
  for (std::int64_t z = 0; z < h.depth(); ++z)
    for (std::int64_t x = 0; x < W; ++x) {
      const std::size_t c = static_cast<std::size_t>(x + W * z);
      auto column = h.Column(c);
      for (std::size_t i = 0; i < column.size(); ++i) {
        const std::uint16_t dist = f.distances[h.ColumnStart(c) + i];
        if (dist > f.maxDistance) Fail("distances: a distance above maxDistance");
        int same = 0;
        for (int d = 0; d < 4; ++d) {
          if (column[i].con[d] == 63) continue;
          auto n = h.Column(static_cast<std::size_t>(x + dx[d] + W * (z + dz[d])));
          same += n[column[i].con[d]].area == column[i].area;
        }
        if (same < 4 && dist != 0) Fail("distances: a boundary span with a distance above 0");
      }
    }
}

void CheckRegions(const CompactHeightfield& h, const TileRegions& r, Partition kind,
                  const char* name) {
  const std::string at = std::string("regions (") + name + "): ";
  if (r.regions.size() != h.spans().size()) Fail(at + "not one id per span");
  std::vector<int> areaOf(r.regionCount + std::size_t{1}, -1);
  for (std::size_t i = 0; i < r.regions.size(); ++i) {
    const std::uint16_t id = r.regions[i];
    if (id != 0 && id >= r.regionCount) Fail(at + "an id not below regionCount");
    if (h.spans()[i].area == 0 && id != 0) Fail(at + "a null span with a region");
    if (id == 0 || kind == Partition::Layers) continue;
    if (areaOf[id] == -1) areaOf[id] = h.spans()[i].area;
    if (areaOf[id] != h.spans()[i].area) Fail(at + "a region with two areas");
  }
}

// b3d.region.border-cut, recomputed; and the coverage promise after it.
void CheckCut(const CompactHeightfield& h, const TileRegions& r, const BorderCut& cut,
              const fuzz::FieldCase& c, bool covers, const char* name) {
  const std::string at = std::string("cut (") + name + "): ";
  if (cut.borderId != r.regionCount + 1) Fail(at + "borderId is not regionCount + 1");
  if (cut.regions.size() != r.regions.size()) Fail(at + "not one id per span");
  const std::int64_t W = h.width();
  bool empty = true;
  for (std::size_t col = 0; col < h.columnCount(); ++col) {
    const bool core = fuzz::InCore(static_cast<std::int64_t>(col) % W,
                                   static_cast<std::int64_t>(col) / W, c.derived);
    for (std::size_t i = h.ColumnStart(col); i < h.ColumnStart(col + 1); ++i) {
      const std::uint16_t want = core || r.regions[i] == 0 ? r.regions[i] : cut.borderId;
      if (cut.regions[i] != want) Fail(at + "an id other than the cut's");
      if (core && r.regions[i] != 0) empty = false;
      if (covers && core && h.spans()[i].area != 0 && r.regions[i] == 0)
        Fail(at + "a core span of non-null area without a region (MinRegionArea <= 1)");
    }
  }
  if (cut.empty != empty) Fail(at + "empty is wrong");
}

template <typename T>
void SameAsRecast(const recast_oracle::Outcome<T>& theirs, const std::vector<std::uint16_t>& ours,
                  int ourCount, int theirCount, const char* what) {
  if (!theirs.Ok()) return;  // outside what Recast can take (b3d.region.recast)
  if (ours != theirs.value.regions || ourCount != theirCount)
    Fail(std::string(what) + " differs from Recast");
}

void Run(const fuzz::FieldCase& c, bool longDistances) {
  const CompactHeightfield& h = c.field;
  const NavSettings& s = c.settings;
  const bool badField = c.damage == fuzz::Damage::kArea || c.damage == fuzz::Damage::kConnection;
  const bool invalid = c.badSetting || badField;

  DistanceField dist;
  Expect(Throws([&] { dist = RegionPipeline::BuildDistanceField(h, s); }), invalid,
         "BuildDistanceField");
  if (invalid) {
    // Every operation must refuse the input.
    static constexpr Partition kKinds[3] = {Partition::Watershed, Partition::Monotone,
                                            Partition::Layers};
    for (Partition k : kKinds) {
      NavSettings t = s;
      if (!c.badSetting) t.Partition = k;
      Expect(Throws([&] { (void)RegionPipeline::Partition(h, t); }), true, "Partition");
    }
    Expect(Throws([&] { (void)RegionPipeline::Monotone(h, s); }), true, "Monotone");
    Expect(Throws([&] { (void)RegionPipeline::Layers(h, s); }), true, "Layers");
    Expect(Throws([&] { (void)RegionPipeline::CutBorder(h, TileRegions{}, s); }), true,
           "CutBorder");
    return;
  }
  CheckDistances(h, dist);
  if (longDistances) {
    DistanceField longer = dist;
    longer.distances.push_back(0);
    Expect(Throws([&] { (void)RegionPipeline::Watershed(h, longer, s); }), true,
           "Watershed (distances one too many)");
  }

  TileRegions regions[3];
  static const char* const kNames[3] = {"watershed", "monotone", "layers"};
  const bool tile = c.damage != fuzz::Damage::kWidth;
  const bool covers = s.MinRegionArea <= 1 && fuzz::Symmetric(h);
  for (int k = 0; k < 3; ++k) {
    NavSettings t = s;
    t.Partition = static_cast<Partition>(k);
    Expect(Throws([&] { regions[k] = RegionPipeline::Partition(h, t); }), false, "Partition");
    TileRegions direct;
    Expect(Throws([&] {
             direct = k == 0   ? RegionPipeline::Watershed(h, dist, t)
                      : k == 1 ? RegionPipeline::Monotone(h, t)
                               : RegionPipeline::Layers(h, t);
           }),
           false, kNames[k]);
    if (!(direct == regions[k])) Fail(std::string("Partition differs from ") + kNames[k]);
    CheckRegions(h, regions[k], t.Partition, kNames[k]);
    BorderCut cut;
    Expect(Throws([&] { cut = RegionPipeline::CutBorder(h, regions[k], t); }), !tile, "CutBorder");
    if (tile)
      CheckCut(h, regions[k], cut, c, covers && (k != 0 || dist.maxDistance > 0), kNames[k]);
  }

  // The oracle, stage by stage, on the same field (b3d.region.recast).
  const recast_oracle::CompactHeightfield field = ToOracle(h);
  const auto theirDist = recast_oracle::BuildDistanceField(field);
  if (theirDist.Ok() && (theirDist.value.distances != dist.distances ||
                         theirDist.value.maxDistance != dist.maxDistance))
    Fail("distances differ from Recast");
  const int minArea = static_cast<int>(s.MinRegionArea);
  const int mergeArea = static_cast<int>(s.MergeRegionArea);
  const recast_oracle::DistanceField loaded{dist.distances, dist.maxDistance};
  const auto w = recast_oracle::Watershed(field, loaded, minArea, mergeArea);
  SameAsRecast(w, regions[0].regions, regions[0].regionCount, w.value.regionCount,
               "regions (watershed)");
  const auto m = recast_oracle::Monotone(field, minArea, mergeArea);
  SameAsRecast(m, regions[1].regions, regions[1].regionCount, m.value.regionCount,
               "regions (monotone)");
  const auto l = recast_oracle::Layers(field, minArea);
  SameAsRecast(l, regions[2].regions, regions[2].regionCount, l.value.regionCount,
               "regions (layers)");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::ByteReader in(data, size);
  fuzz::FieldCase c;
  if (Throws([&] { c = fuzz::DecodeField(in); }))
    Fail("making the field threw (the generators and span stages on good settings)");
  if (!c.made) return 0;
  Run(c, c.targetDamage % 2 == 1);
  return 0;
}
