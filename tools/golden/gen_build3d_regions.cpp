// Writes the golden families `build3d/regions` and `build3d/contours`
// (docs/spec/build3d-regions.md, b3d.region.*, b3d.contour.*): one
// operation per stage, each on the reference's value of the previous
// stage (b3d.region.stage-input, b3d.contour.stage-input; the JSON forms
// are in docs/golden-format.md).
//
// Expected hashes come from the reference (src/onepath/build3d). Where
// Recast computes the same thing, Recast (oracles/recast: Debian's
// librecast-dev, whose RecastRegion.cpp and RecastContour.cpp are 1.6.0's)
// runs the stage on the same input, compared exactly as the differentials
// conformance/differential/build3d_{regions,contours}_recast_differential.cpp
// compare it, and its value must be the reference's, or the writer stops;
// the vector's provenance then says "equal to Recast's". Recast is
// comparable when:
//  - distances: always (rcBuildDistanceField);
//  - Watershed, on the reference's distances loaded into chf.dist, and
//    Partition with Watershed, on Recast's own distances: the field has at
//    most 32766 spans of non-null area (b3d.region.recast);
//  - Monotone, Layers: also fewer sweep runs in a row than Recast's sweep
//    array holds;
//  - Trace: rcBuildContours with RC_CONTOUR_TESS_WALL_EDGES on the cut's
//    ids, the border as four strips (b3d.contour.recast), unless the oracle
//    refuses the field (ids reaching 0x8000, grids wider than 231 cells,
//    maxEdgeLen above 46340);
//  - never: CutBorder (Recast's partitions paint their border before they
//    partition; the stages run Recast with borderSize 0 and cut afterwards,
//    b3d.region.border-size).
// Before a vector is written the runner must give the same bytes from its
// JSON text.
//
// Inputs: compact heightfields, the stage `volumes` of Mesh3DPipeline.TileSpans:
//  level_<kind>  every level kind (conformance/generators/levels, size 16,
//                seeds 1 and 2), the tile of the level with the most
//                compact spans, tiles of 8 cells with B = 4 (a 16 x 16
//                grid); seed 1 with random area volumes;
//  random        RandomHeightfield (conformance/generators/build3d_fields)
//                drawn with std::mt19937_64(27), cells of 1, tiles of 5 to 8
//                cells, the tile with the most walkable spans (a field with
//                fewer than 20 is drawn again), 10 fields; the 4th and 9th
//                `walls` (connections removed both ways), the 5th and 10th
//                `one_way` (removed one way);
//  hand          hand-made heightfield inputs: a floor around a hole, a
//                floor of two areas, two floors over each other, a field
//                whose core is empty, a field with no span.
//  spiral        (regions only) two hand-made square spiral ramps
//                (gen::SpiralRamp) climbing 1.6 and 2.2 turns, on which
//                Watershed makes a region with two spans in one column
//                (b3d.region.overlap; checked here).
//  edge          (regions only, appended last, flag `hand`)
//                SpanPipeline.Compact of two hand-made heightfields of
//                14 x 14 columns, no filter run, so that the grid's edge
//                rows and columns hold spans (TileSpans never gives one:
//                b3d.span.ledges; issue 25).
//  serpentine    (regions only, appended after those, flag `hand`, one
//                Monotone vector) a one-span region of area 5 that the
//                boundary walk of a serpentine region of 10,029 spans first
//                meets at step 39,999, the bound of b3d.region.walk: the
//                bound decides whether it is removed (AddWalkBound).
//  cones         (regions only, appended last, flag `hand`, one Watershed
//                vector) a distance field of three cones over a flat 16 x 16
//                field, MergeRegionArea 400: a merge lists a region twice in
//                a row (b3d.region.merge's RemoveAdjacent; AddConeDistances).
// Settings variations: the regions of each tile with the tile's
// MinRegionArea / MergeRegionArea and one other pair in turn; the contours
// of each partition with the tile's ContourMaxError / MaxEdgeLength, and
// one other pair in turn.
// contours.jsonl ends (issue 25) with Trace of a flat field whose core is
// one region with 8 hole cells touching at corners (AddConeTrace: the cone
// test of b3d.contour.merge).
// contours/limits.jsonl: Trace on each hand-made tile's Watershed cut with
// MaxEdgeLength 46341 cells, kept when the square wrapped to 32 bits would
// split (b3d.contour.limits, AddLimits).
// errors.jsonl: hand-made negative vectors, one per error these operations
// can raise (b3d.settings-checks of the region settings, b3d.span.stage-input
// of the compact heightfield, b3d.region.stage-input, b3d.contour.stage-input),
// each expected error written here from the clause and checked against the
// reference.
//
//   gen_golden_build3d_regions OUT_DIR regions|contours
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "conformance/generators/build3d_fields.hpp"
#include "conformance/generators/levels.hpp"
#include "conformance/runner/operations.hpp"
#include "oracles/recast/contours_recast.hpp"
#include "oracles/recast/recast_oracle.hpp"
#include "tools/golden/build3d_json.hpp"
#include "tools/golden/jsonl_writer.hpp"
#include "tools/golden/region_vectors.hpp"
// src/ headers.
#include "onepath/build3d/contours.hpp"
#include "onepath/build3d/internal/contours.hpp"
#include "onepath/build3d/internal/regions.hpp"
#include "onepath/build3d/pipeline.hpp"
#include "onepath/build3d/regions.hpp"
#include "onepath/build3d/span_pipeline.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "onepath/core/canonical.hpp"

namespace {

using nlohmann::json;
using onepath::Sha256Hex;
using onepath::golden::Fail;
using onepath::golden::Reparsed;
using namespace onepath::build3d;
namespace conf = onepath::conformance;
namespace ro = recast_oracle;
namespace bi = onepath::build3d::internal;
using Bytes = std::vector<std::uint8_t>;
using onepath::golden::CompactJson;
using onepath::golden::FlatColumns;
using onepath::golden::OneSpanColumns;
using onepath::golden::OracleCompact;
using onepath::golden::SettingsJson;

json DistancesJson(const DistanceField& d) {
  return {{"maxDistance", d.maxDistance}, {"distances", d.distances}};
}
json RegionsJson(const TileRegions& r) {
  return {{"regionCount", r.regionCount}, {"regions", r.regions}};
}
json CutJson(const BorderCut& c) {
  return {{"borderId", c.borderId}, {"empty", c.empty}, {"regions", c.regions}};
}

// ---- what Recast says: equal, or why it was not compared ----

// Recast's verdict on one vector: compared (equal, or the writer stopped)
// or not compared and why.
struct Verdict {
  bool compared = false;
  std::string why;
};

Verdict NotCompared(std::string why) { return {false, std::move(why)}; }

template <typename T, typename Equal>
Verdict Compare(const ro::Outcome<T>& theirs, Equal equal, const std::string& what,
                const json& input) {
  if (!theirs.Ok()) return NotCompared("the oracle refuses the field: " + theirs.error);
  if (!equal(theirs.value)) Fail(what + ": Recast's value differs from the reference's", input);
  return {true, ""};
}

auto SameRegions(const TileRegions& ours) {
  return [&ours](const ro::Regions& r) {
    return r.regions == ours.regions && r.regionCount == ours.regionCount;
  };
}

// b3d.contour.recast: every contour (order, region, area) and vertex.
bool SameContours(const ContourSet& ours, const std::vector<ro::Contour>& theirs) {
  if (ours.contours.size() != theirs.size()) return false;
  for (std::size_t c = 0; c < theirs.size(); ++c) {
    const Contour& a = ours.contours[c];
    const ro::Contour& b = theirs[c];
    if (a.region != b.region || a.area != b.area || a.vertices.size() != b.vertices.size())
      return false;
    for (std::size_t v = 0; v < b.vertices.size(); ++v) {
      const ContourVertex& p = a.vertices[v];
      const ro::ContourVertex& q = b.vertices[v];
      if (p.x != q.x || p.y != q.y || p.z != q.z || p.neighbour != q.neighbour ||
          p.areaBorder != q.areaBorder)
        return false;
    }
  }
  return true;
}

// ---- vectors ----

std::string Key(const std::string& op, const json& input) {
  onepath::CanonicalWriter w;
  conf::FindOperation(op)->key(w, input);
  return Sha256Hex(w.bytes()).substr(0, 12);
}

const std::map<std::string, std::string> kShort = {
    {"RegionPipeline.BuildDistanceField", "b3d_distances"},
    {"RegionPipeline.Watershed", "b3d_watershed"},
    {"RegionPipeline.Monotone", "b3d_monotone"},
    {"RegionPipeline.Layers", "b3d_layers"},
    {"RegionPipeline.Partition", "b3d_partition"},
    {"RegionPipeline.CutBorder", "b3d_cut_border"},
    {"RegionPipeline.Trace", "b3d_trace"}};

constexpr const char* kRegionRecast =
    "equal to Recast's (oracles/recast, e75adf8 whose RecastRegion.cpp is 1.6.0's, borderSize 0, "
    "b3d.region.recast)";
constexpr const char* kContourRecast =
    "equal to Recast's (oracles/recast, rcBuildContours of e75adf8 = 1.6.0 with wall-edge "
    "tessellation on the cut's ids, the border as four strips, b3d.contour.recast)";

// The ids of vectors whose hash Recast confirmed.
std::set<std::string> g_recast;

json Positive(const std::string& op, const std::string& kind, const json& clauses,
              const json& input, const Bytes& bytes, const Verdict& recast, const char* agreed,
              const std::string& source) {
  if (conf::RunOperation(op, Reparsed(input)) != bytes)
    Fail(op + ": the runner's bytes from the JSON input are not the reference's", input);
  std::string provenance = source + "; expected from the reference (src/onepath/build3d)";
  const std::string id = fmt::format("{}/{}/{}", kShort.at(op), kind, Key(op, input));
  if (recast.compared) {
    provenance += std::string(", ") + agreed;
    g_recast.insert(id);
  } else {
    provenance += "; Recast not compared: " + recast.why;
  }
  return {{"id", id},
          {"op", op},
          {"clauses", clauses},
          {"input", input},
          {"expect", {{"sha256", Sha256Hex(bytes)}}},
          {"flags", json::array({kind})},
          {"provenance", provenance}};
}

// One tile's field with its settings, where it comes from and its kind.
struct Tile {
  CompactHeightfield compact;
  NavSettings settings;
  std::string kind;
  std::string source;
};

struct AreaPair {
  std::int64_t minArea, mergeArea;
};
constexpr AreaPair kAreaPairs[] = {{0, 0}, {64, 400}, {1, 0}, {300, 2000}};
struct ContourPair {
  double maxError, maxEdgeLength;  // world units
};
constexpr ContourPair kContourPairs[] = {{0, 0}, {0.4, 1.0}, {3.0, 2.5}, {1e6, 0}};

constexpr Partition kKinds[3] = {Partition::Watershed, Partition::Monotone, Partition::Layers};
const char* const kPartitionOps[3] = {"RegionPipeline.Watershed", "RegionPipeline.Monotone",
                                      "RegionPipeline.Layers"};
const char* const kPartitionClauses[3] = {"b3d.region.watershed", "b3d.region.monotone",
                                          "b3d.region.layers"};

// The three partitions of a field with the settings' area pair, each with
// Recast's verdict.
struct Partitions {
  DistanceField distances;
  TileRegions regions[3];
  Verdict recast[3];
};

Partitions Partitioned(const CompactHeightfield& h, const NavSettings& s, const json& input) {
  Partitions p;
  p.distances = RegionPipeline::BuildDistanceField(h, s);
  p.regions[0] = RegionPipeline::Watershed(h, p.distances, s);
  p.regions[1] = RegionPipeline::Monotone(h, s);
  p.regions[2] = RegionPipeline::Layers(h, s);
  const ro::CompactHeightfield field = OracleCompact(h);
  const int minArea = static_cast<int>(s.MinRegionArea);
  const int mergeArea = static_cast<int>(s.MergeRegionArea);
  const ro::DistanceField loaded{p.distances.distances, p.distances.maxDistance};
  p.recast[0] = Compare(ro::Watershed(field, loaded, minArea, mergeArea), SameRegions(p.regions[0]),
                        kPartitionOps[0], input);
  p.recast[1] = Compare(ro::Monotone(field, minArea, mergeArea), SameRegions(p.regions[1]),
                        kPartitionOps[1], input);
  p.recast[2] =
      Compare(ro::Layers(field, minArea), SameRegions(p.regions[2]), kPartitionOps[2], input);
  return p;
}

// ---- clause tags (docs/golden-format.md, "Clause tags") ----

// What a field holds: spans of non-null area, spans of null area, spans of
// non-null area outside the core (the border the partition sees).
struct FieldFacts {
  bool nonNull = false, null = false, nonNullOutsideCore = false;
};

FieldFacts Facts(const CompactHeightfield& h, const DerivedSettings& d) {
  const bi::RegionField f(h);
  const auto inCore = [&](std::int64_t c) { return c >= d.border && c < d.border + d.tileCells; };
  FieldFacts facts;
  for (std::int64_t z = 0; z < f.d; ++z)
    for (std::int64_t x = 0; x < f.w; ++x)
      for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i) {
        const bool nonNull = f.spans[i].area != 0;
        facts.nonNull |= nonNull;
        facts.null |= !nonNull;
        facts.nonNullOutsideCore |= nonNull && !(inCore(x) && inCore(z));
      }
  return facts;
}

// Whether some region has two spans in one column.
bool TwoSpansInAColumn(const CompactHeightfield& h, const TileRegions& r) {
  const bi::RegionField f(h);
  for (std::int64_t z = 0; z < f.d; ++z)
    for (std::int64_t x = 0; x < f.w; ++x)
      for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i)
        for (std::uint32_t j = i + 1; j < f.ColumnEnd(x, z); ++j)
          if (r.regions[i] != 0 && r.regions[i] == r.regions[j]) return true;
  return false;
}

// The clauses a partition (k: 0 Watershed, 1 Monotone, 2 Layers) of h with
// s decides something by, besides the operation's own: derived from the
// field and from the partition run again with a setting that turns a step
// off (MinRegionArea 0 removes nothing, MergeRegionArea 0 merges no region
// that touches "no region"), or, for Monotone, from the sweep's provisional
// ids. `out` must be the reference's result.
std::vector<std::string> RegionTags(const CompactHeightfield& h, const NavSettings& s, int k,
                                    const TileRegions& out, const json& input) {
  const DerivedSettings d = Mesh3DPipeline::DeriveSettings(s);
  const FieldFacts facts = Facts(h, d);
  std::vector<std::string> tags;
  if (!facts.nonNull) return tags;
  tags.push_back("b3d.region.terms");
  if (facts.nonNullOutsideCore) tags.push_back("b3d.region.border-size");
  if (out.regionCount >= 2) tags.push_back("b3d.region.ids");
  if (facts.null || s.MinRegionArea <= 1) tags.push_back("b3d.region.coverage");
  const std::int32_t minArea = d.minRegionArea;
  const std::int32_t mergeArea = d.mergeRegionArea;
  DistanceField distances;
  std::function<TileRegions(std::int32_t, std::int32_t)> run;
  if (k == 0) {
    distances = bi::BuildDistanceField(h);
    run = [&](std::int32_t a, std::int32_t m) { return bi::Watershed(h, distances, a, m); };
  } else if (k == 1) {
    run = [&](std::int32_t a, std::int32_t m) { return bi::Monotone(h, a, m); };
  } else {
    run = [&](std::int32_t a, std::int32_t) { return bi::Layers(h, a); };
  }
  if (run(minArea, mergeArea) != out) Fail("RegionTags: the internal partition differs", input);
  if (k == 0 && distances.maxDistance > 0) {
    tags.push_back("b3d.region.level-stacks");
    tags.push_back("b3d.region.expand");
    tags.push_back("b3d.region.flood");
  }
  if (k != 0) tags.push_back("b3d.region.sweep");
  const bool removed = minArea > 0 && run(0, mergeArea) != out;
  if (removed) tags.push_back("b3d.region.remove-small");
  bool merged = false;
  if (k == 0) merged = mergeArea > 0 && run(minArea, 0) != out;
  if (k == 1) {
    // A final region holding spans of two provisional regions was merged.
    const bi::RegionField f(h);
    std::uint32_t next = 0;
    const std::vector<std::uint32_t> sweep = bi::MonotoneSweep(f, next);
    if (bi::Filter(f, sweep, next, minArea, mergeArea) != out)
      Fail("RegionTags: the sweep and filter differ from Monotone", input);
    std::map<std::uint16_t, std::uint32_t> first;
    for (std::size_t i = 0; i < sweep.size(); ++i) {
      if (out.regions[i] == 0) continue;
      auto [it, fresh] = first.emplace(out.regions[i], sweep[i]);
      merged |= !fresh && it->second != sweep[i];
    }
  }
  if (merged) tags.push_back("b3d.region.merge");
  // b3d.region.overlap: a Watershed region with two spans in one column.
  // Monotone and Layers cannot make one (the clause): their output is
  // checked, and on a field where Watershed with the same settings makes
  // one, they show that they do not.
  const bool overlap = k == 0 && TwoSpansInAColumn(h, out);
  if (k != 0 && TwoSpansInAColumn(h, out))
    Fail("RegionTags: a Monotone or Layers region has two spans in one column", input);
  if (overlap || (k != 0 && TwoSpansInAColumn(h, bi::Watershed(h, bi::BuildDistanceField(h),
                                                               minArea, mergeArea))))
    tags.push_back("b3d.region.overlap");
  if (k != 2 && (removed || merged || overlap)) {
    tags.push_back("b3d.region.records");
    tags.push_back("b3d.region.walk");
  }
  return tags;
}

// b3d.contour.refine's limit: f32(MaxError) squared in binary32.
float ErrorLimit(double maxError) {
  const float e = maxError > static_cast<double>(std::numeric_limits<float>::max())
                      ? std::numeric_limits<float>::infinity()
                      : static_cast<float>(maxError);
  return e * e;
}

// b3d.contour.split transcribed from the clause, with the square of
// MaxEdgeCells exact (`wrap` false; must agree with the reference's
// SplitLongEdges) or wrapped to a 32-bit int as Recast computes it
// (b3d.contour.limits: `wrap` true).
void SplitAsWritten(std::span<const bi::RawPoint> points, std::vector<std::uint32_t>& kept,
                    std::int64_t maxEdgeCells, bool wrap) {
  if (maxEdgeCells <= 0) return;
  const std::int64_t n = static_cast<std::int64_t>(points.size());
  std::int64_t square = maxEdgeCells * maxEdgeCells;
  if (wrap) square = static_cast<std::int32_t>(static_cast<std::uint32_t>(square));
  std::size_t i = 0;
  while (i < kept.size()) {
    const std::int64_t a = kept[i], b = kept[(i + 1) % kept.size()];
    const bi::RawPoint& A = points[static_cast<std::size_t>(a)];
    const bi::RawPoint& B = points[static_cast<std::size_t>(b)];
    std::optional<std::int64_t> m;
    if (points[static_cast<std::size_t>((a + 1) % n)].neighbour == 0) {
      const std::int64_t dx = B.x - A.x, dz = B.z - A.z;
      if (dx * dx + dz * dz > square) {
        const std::int64_t k = ((b - a) % n + n) % n;
        if (k > 1) {
          const bool up = B.x > A.x || (B.x == A.x && B.z > A.z);
          m = (a + (up ? k / 2 : (k + 1) / 2)) % n;
        }
      }
    }
    if (m)
      kept.insert(kept.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                  static_cast<std::uint32_t>(*m));
    else
      ++i;
  }
}

// The clauses the trace of a cut decides something by, besides the
// operation's own: the trace done again step by step with the reference's
// functions of each clause (it must give the reference's contours before
// and after the holes are merged), noting what each step changed.
std::vector<std::string> ContourTags(const CompactHeightfield& h, const BorderCut& cut,
                                     const DerivedSettings& rd, const ContourSet& ours,
                                     const json& input) {
  const bi::RegionField f(h);
  const bi::TraceLabels labels(cut, rd.border, rd.tileCells);
  std::vector<std::uint8_t> flags = bi::BoundaryFlags(f, labels);
  const float limit = ErrorLimit(rd.maxError);
  const std::uint32_t borderId = cut.borderId;
  bool walked = false, strip = false, simplified = false, refined = false, split = false;
  bool degenerate = false;
  std::vector<Contour> contours, wrappedContours;
  std::vector<bi::RawPoint> points;
  std::vector<std::uint32_t> kept;
  for (std::int64_t z = 0; z < f.d; ++z) {
    for (std::int64_t x = 0; x < f.w; ++x) {
      for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i) {
        if (!bi::StartsWalk(flags[i])) continue;
        bi::Walk(f, labels, flags, x, z, i, points);
        walked = true;
        const std::uint32_t id = labels(x, z, i);
        if (id > borderId) {
          strip = true;
          continue;
        }
        for (const bi::RawPoint& p : points) strip |= p.neighbour > borderId;
        simplified = true;
        bi::InitialPoints(points, kept);
        std::size_t n = kept.size();
        bi::Refine(points, kept, limit);
        refined |= kept.size() > n;
        n = kept.size();
        std::vector<std::uint32_t> written = kept, wrapped = kept;
        bi::SplitLongEdges(points, kept, rd.maxEdgeCells);
        split |= kept.size() > n;
        SplitAsWritten(points, written, rd.maxEdgeCells, false);
        if (written != kept) Fail("ContourTags: the split as written differs", input);
        SplitAsWritten(points, wrapped, rd.maxEdgeCells, true);
        {
          std::vector<ContourVertex> v = bi::MakeVertices(points, wrapped, borderId);
          bi::RemoveDegenerateSegments(v);
          if (v.size() >= 3)
            wrappedContours.push_back(
                {static_cast<std::uint16_t>(id), f.spans[i].area, std::move(v)});
        }
        std::vector<ContourVertex> vertices = bi::MakeVertices(points, kept, borderId);
        n = vertices.size();
        bi::RemoveDegenerateSegments(vertices);
        degenerate |= vertices.size() < n;
        if (vertices.size() < 3) continue;
        contours.push_back({static_cast<std::uint16_t>(id), f.spans[i].area, std::move(vertices)});
      }
    }
  }
  if (contours != bi::TraceContours(h, cut, rd.border, rd.tileCells, rd.maxError, rd.maxEdgeCells))
    Fail("ContourTags: the step-by-step trace differs from TraceContours", input);
  bool hole = false;
  for (const Contour& c : contours) hole |= bi::IsHole(c.vertices);
  const std::size_t traced = contours.size();
  bi::MergeHoles(contours);
  if (ContourSet{contours} != ours) Fail("ContourTags: MergeHoles differs from Trace", input);
  const bool merged = ours.contours.size() < traced;
  bi::MergeHoles(wrappedContours);
  const bool wraps = ContourSet{wrappedContours} != ours;
  std::vector<std::string> tags;
  if (!walked) return tags;
  for (const char* c : {"b3d.region.terms", "b3d.contour.boundary", "b3d.contour.scan",
                        "b3d.contour.walk", "b3d.contour.raw", "b3d.span.directions"})
    tags.push_back(c);
  if (strip) tags.push_back("b3d.contour.strips");
  if (simplified) tags.push_back("b3d.contour.initial");
  if (refined) {
    tags.push_back("b3d.contour.distance");
    tags.push_back("b3d.contour.refine");
    tags.push_back("b3d.span.float");
  }
  if (split) tags.push_back("b3d.contour.split");
  if (wraps) tags.push_back("b3d.contour.limits");
  if (degenerate) tags.push_back("b3d.contour.degenerate");
  if (!ours.contours.empty()) {
    tags.push_back("b3d.contour.corner");
    tags.push_back("b3d.contour.vertex-flags");
    tags.push_back("b3d.contour.winding");
  }
  if (hole) tags.push_back("b3d.contour.holes");
  if (merged) {
    tags.push_back("b3d.contour.bridge");
    tags.push_back("b3d.contour.merge");
  }
  return tags;
}

json WithTags(json clauses, const std::vector<std::string>& tags) {
  for (const std::string& t : tags) clauses.push_back(t);
  return clauses;
}

// build3d/regions: distances, the three partitions with two area pairs,
// Partition with the settings' kind, and the cut of each partition.
void AddRegions(onepath::golden::JsonlWriter& w, const Tile& t, int index) {
  const std::string& kind = t.kind;
  const std::string prev = t.source + ", the reference's previous stage";
  json compact = CompactJson(t.compact);
  auto in_of = [&](const NavSettings& s) {
    return json{{"compact", compact}, {"settings", SettingsJson(s)}};
  };
  const json base = in_of(t.settings);

  const DistanceField distances = RegionPipeline::BuildDistanceField(t.compact, t.settings);
  const ro::CompactHeightfield field = OracleCompact(t.compact);
  w.Add(Positive("RegionPipeline.BuildDistanceField", kind,
                 {"b3d.region.distance", "b3d.region.blur", "b3d.region.values"}, base,
                 CanonicalBytes(distances),
                 Compare(
                     ro::BuildDistanceField(field),
                     [&](const ro::DistanceField& d) {
                       return d.distances == distances.distances &&
                              d.maxDistance == distances.maxDistance;
                     },
                     "RegionPipeline.BuildDistanceField", base),
                 kRegionRecast, t.source));

  NavSettings other = t.settings;
  const AreaPair pair = kAreaPairs[static_cast<std::size_t>(index) % std::size(kAreaPairs)];
  other.MinRegionArea = pair.minArea;
  other.MergeRegionArea = pair.mergeArea;
  for (int run = 0; run < 2; ++run) {
    const NavSettings& s = run == 0 ? t.settings : other;
    json in = in_of(s);
    const Partitions p = Partitioned(t.compact, s, in);
    for (int k = 0; k < 3; ++k) {
      json pin = in;
      json clauses = {kPartitionClauses[k], "b3d.region.filter", "b3d.region.renumber",
                      "b3d.region.values"};
      if (k == 0) {
        pin["distances"] = DistancesJson(p.distances);
        clauses.push_back("b3d.region.stage-input");
      }
      clauses = WithTags(clauses, RegionTags(t.compact, s, k, p.regions[k], pin));
      w.Add(Positive(kPartitionOps[k], kind, clauses, pin, CanonicalBytes(p.regions[k]),
                     p.recast[k], kRegionRecast, k == 0 ? prev : t.source));
    }
    if (run == 1) continue;
    // The cut of each partition (b3d.region.border-cut): Recast has none.
    for (int k = 0; k < 3; ++k) {
      json cin = in;
      cin["regions"] = RegionsJson(p.regions[k]);
      w.Add(Positive("RegionPipeline.CutBorder", kind,
                     {"b3d.region.border-cut", "b3d.region.values", "b3d.region.stage-input"}, cin,
                     CanonicalBytes(RegionPipeline::CutBorder(t.compact, p.regions[k], s)),
                     NotCompared("Recast has no border cut: its partitions paint the border "
                                 "before partitioning, and are run with borderSize 0 "
                                 "(b3d.region.border-size)"),
                     "", prev + " (" + kPartitionOps[k] + ")"));
    }
  }
  // Partition with the settings' kind in turn; Watershed on Recast's own
  // distance field.
  NavSettings s = t.settings;
  s.Partition = kKinds[static_cast<std::size_t>(index) % 3];
  json in = in_of(s);
  TileRegions ours = RegionPipeline::Partition(t.compact, s);
  const int minArea = static_cast<int>(s.MinRegionArea);
  const int mergeArea = static_cast<int>(s.MergeRegionArea);
  Verdict v;
  if (s.Partition == Partition::Watershed) {
    const auto d = ro::BuildDistanceField(field);
    v = d.Ok() ? Compare(ro::Watershed(field, d.value, minArea, mergeArea), SameRegions(ours),
                         "RegionPipeline.Partition", in)
               : NotCompared(d.error);
  } else if (s.Partition == Partition::Monotone) {
    v = Compare(ro::Monotone(field, minArea, mergeArea), SameRegions(ours),
                "RegionPipeline.Partition", in);
  } else {
    v = Compare(ro::Layers(field, minArea), SameRegions(ours), "RegionPipeline.Partition", in);
  }
  const int pk = static_cast<int>(std::find(std::begin(kKinds), std::end(kKinds), s.Partition) -
                                  std::begin(kKinds));
  w.Add(Positive(
      "RegionPipeline.Partition", kind,
      WithTags({"b3d.region.stages", "b3d.region.values"}, RegionTags(t.compact, s, pk, ours, in)),
      in, CanonicalBytes(ours), v, kRegionRecast, t.source));
}

// build3d/contours: Trace on the cut of each partition with the settings'
// contour pair, and on one partition with another pair.
void AddContours(onepath::golden::JsonlWriter& w, const Tile& t, int index) {
  const DerivedSettings d = Mesh3DPipeline::DeriveSettings(t.settings);
  const ro::CompactHeightfield field = OracleCompact(t.compact);
  for (int k = 0; k < 3; ++k) {
    NavSettings s = t.settings;
    s.Partition = kKinds[k];
    const TileRegions regions = RegionPipeline::Partition(t.compact, s);
    const BorderCut cut = RegionPipeline::CutBorder(t.compact, regions, s);
    std::vector<NavSettings> runs = {s};
    if (k == index % 3) {
      const ContourPair p =
          kContourPairs[static_cast<std::size_t>(index) % std::size(kContourPairs)];
      runs.push_back(s);
      runs.back().ContourMaxError = p.maxError;
      runs.back().MaxEdgeLength = p.maxEdgeLength;
    }
    for (const NavSettings& r : runs) {
      const DerivedSettings rd = Mesh3DPipeline::DeriveSettings(r);
      json in = {{"compact", CompactJson(t.compact)},
                 {"cut", CutJson(cut)},
                 {"settings", SettingsJson(r)}};
      const ContourSet ours = RegionPipeline::Trace(t.compact, cut, r);
      Verdict v = Compare(
          ro::Contours(field, cut.regions, cut.borderId, d.border, d.tileCells,
                       static_cast<float>(rd.maxError), rd.maxEdgeCells),
          [&](const std::vector<ro::Contour>& theirs) { return SameContours(ours, theirs); },
          "RegionPipeline.Trace", in);
      w.Add(Positive("RegionPipeline.Trace", t.kind,
                     WithTags({"b3d.contour.stages", "b3d.contour.values", "b3d.contour.order",
                               "b3d.contour.stage-input"},
                              ContourTags(t.compact, cut, rd, ours, in)),
                     in, CanonicalBytes(ours), v, kContourRecast,
                     t.source + ", the reference's cut of " + kPartitionOps[k]));
    }
  }
}

// build3d/contours/limits.jsonl (b3d.contour.limits): Trace on the
// Watershed cut of each hand-made tile with MaxEdgeLength 46341 cells,
// whose square wraps in Recast's 32-bit int; written when the trace with
// the wrapped square gives other contours (ContourTags).
void AddLimits(onepath::golden::JsonlWriter& w, const std::vector<Tile>& tiles) {
  for (const Tile& t : tiles) {
    NavSettings s = t.settings;
    s.Partition = Partition::Watershed;
    s.MaxEdgeLength = 46341 * s.CellSize;
    const DerivedSettings rd = Mesh3DPipeline::DeriveSettings(s);
    if (rd.maxEdgeCells != 46341) Fail("AddLimits: MaxEdgeCells is not 46341", json());
    const BorderCut cut =
        RegionPipeline::CutBorder(t.compact, RegionPipeline::Partition(t.compact, s), s);
    json in = {
        {"compact", CompactJson(t.compact)}, {"cut", CutJson(cut)}, {"settings", SettingsJson(s)}};
    const ContourSet ours = RegionPipeline::Trace(t.compact, cut, s);
    const std::vector<std::string> tags = ContourTags(t.compact, cut, rd, ours, in);
    if (std::find(tags.begin(), tags.end(), "b3d.contour.limits") == tags.end()) continue;
    w.Add(Positive("RegionPipeline.Trace", t.kind,
                   WithTags({"b3d.contour.stages", "b3d.contour.values", "b3d.contour.order",
                             "b3d.contour.stage-input"},
                            tags),
                   in, CanonicalBytes(ours),
                   NotCompared("MaxEdgeCells 46341 is above 46340, whose square Recast's 32-bit "
                               "int holds (b3d.contour.recast)"),
                   kContourRecast,
                   t.source + ", the reference's cut of RegionPipeline.Watershed, MaxEdgeLength "
                              "46341 cells"));
  }
}

// ---- the tiles ----

// Tiles of 8 cells of 0.25, rows of 0.125; WalkableRadius 1, B 4, W 16.
NavSettings LevelSettings() {
  NavSettings s;
  s.CellSize = 0.25;
  s.CellHeight = 0.125;
  s.TileSize = 2.0;
  s.AgentHeight = 2.0;
  s.AgentRadius = 0.25;
  s.AgentMaxClimb = 0.5;
  s.MinRegionArea = 4;
  s.MergeRegionArea = 20;
  s.ContourMaxError = 0.3;
  s.MaxEdgeLength = 1.0;
  return s;
}

std::vector<Tile> LevelTiles() {
  std::vector<Tile> tiles;
  const NavSettings s = LevelSettings();
  std::mt19937_64 random(2728);
  for (onepath::gen::LevelKind kind : onepath::gen::AllLevelKinds()) {
    for (std::uint64_t seed : {1u, 2u}) {
      onepath::gen::LevelOptions options;
      options.kind = kind;
      options.size = 16;
      options.seed = seed;
      const TriangleSoup soup = onepath::gen::ToSoup(onepath::gen::MakeLevel(options).soup);
      std::vector<ConvexVolume> volumes;
      if (seed == 1) volumes = onepath::gen::RandomVolumes(random, 0, 16, -0.5, 6, 4);
      std::optional<Tile> best;
      for (const auto& tile : BuildOrder(SoupTiles(soup, s))) {
        CompactHeightfield c = Mesh3DPipeline::TileSpans(soup, volumes, s, tile.x, tile.z).volumes;
        if (best && c.spans().size() <= best->compact.spans().size()) continue;
        best =
            Tile{std::move(c), s, std::string("level_") + onepath::gen::LevelKindName(kind),
                 fmt::format("level {} size 16 seed {}{}, tile ({}, {}) (the most compact "
                             "spans): the stage volumes of Mesh3DPipeline.TileSpans",
                             onepath::gen::LevelKindName(kind), seed,
                             volumes.empty() ? "" : " with 4 random area volumes", tile.x, tile.z)};
      }
      tiles.push_back(std::move(*best));
    }
  }
  return tiles;
}

std::vector<Tile> RandomTiles() {
  std::vector<Tile> tiles;
  std::mt19937_64 random(27);
  for (int index = 0; tiles.size() < 10; ++index) {
    NavSettings s;
    s.CellSize = 1;
    s.CellHeight = 1;
    s.TileSize = std::uniform_int_distribution<int>(5, 8)(random);
    s.AgentHeight = std::uniform_int_distribution<int>(1, 4)(random);
    s.AgentMaxClimb = std::uniform_int_distribution<int>(3, 8)(random);
    s.AgentRadius = std::uniform_int_distribution<int>(0, 1)(random);
    s.MinRegionArea = std::uniform_int_distribution<int>(0, 12)(random);
    s.MergeRegionArea = std::uniform_int_distribution<int>(0, 40)(random);
    s.ContourMaxError = std::uniform_int_distribution<int>(0, 8)(random) / 4.0;
    s.MaxEdgeLength = std::uniform_int_distribution<int>(0, 6)(random);
    const DerivedSettings d = Mesh3DPipeline::DeriveSettings(s);
    const HeightfieldInput input = onepath::gen::RandomHeightfield(random, d.tileCells);
    const auto volumes =
        onepath::gen::RandomVolumes(random, 0, 3.0 * d.tileCells, 0, 200, index % 3);
    // The tile with the most spans of non-null area (the first of equals).
    std::optional<CompactHeightfield> best;
    TileIndex at{};
    std::size_t most = 0;
    for (const auto& tile : BuildOrder(VoxelTiles(input.width, input.depth, d))) {
      CompactHeightfield c = Mesh3DPipeline::TileSpans(input, volumes, s, tile.x, tile.z).volumes;
      std::size_t walkable = 0;
      for (const CompactSpan& span : c.spans()) walkable += span.area != 0;
      if (best && walkable <= most) continue;
      best = std::move(c);
      at = tile;
      most = walkable;
    }
    if (most < 20) continue;  // a field too small or too steep to walk on: drawn again
    CompactHeightfield c = std::move(*best);
    std::string source = fmt::format(
        "random field {} (RandomHeightfield, std::mt19937_64(27)), tile ({}, {}) (the most "
        "walkable spans): the stage volumes of Mesh3DPipeline.TileSpans",
        index, at.x, at.z);
    std::string kind = "random";
    if (tiles.size() % 5 == 3) {
      c = onepath::gen::WithoutSomeConnections(c, random, 0.05, false);
      kind = "walls";
      source += ", connections removed both ways with chance 0.05";
    } else if (tiles.size() % 5 == 4) {
      c = onepath::gen::WithoutSomeConnections(c, random, 0.02, true);
      kind = "one_way";
      source += ", connections removed one way with chance 0.02";
    }
    tiles.push_back({std::move(c), s, kind, source});
  }
  return tiles;
}

// A heightfield input of w x d cells, filled by span(x, z) (no span when it
// gives smax 0).
HeightfieldInput Field(std::int64_t w, std::int64_t d, std::int64_t rows,
                       const std::function<std::vector<Span>(int, int)>& spans) {
  HeightfieldInput in{w, d, rows, 0.0, {}};
  for (int z = 0; z < d; ++z)
    for (int x = 0; x < w; ++x) in.columns.push_back(spans(x, z));
  return in;
}

// The hand-made tiles' settings: cells of 1, tiles of 8 cells, B 3 (W 14).
NavSettings HandSettings() {
  NavSettings s;
  s.CellSize = 1;
  s.CellHeight = 1;
  s.TileSize = 8;
  s.AgentHeight = 3;
  s.AgentMaxClimb = 1;
  s.AgentRadius = 0;  // B 3, W 14
  s.MinRegionArea = 2;
  s.MergeRegionArea = 10;
  s.ContourMaxError = 0.5;
  s.MaxEdgeLength = 3;
  return s;
}

std::vector<Tile> HandTiles() {
  const NavSettings s = HandSettings();
  struct Hand {
    const char* what;
    HeightfieldInput input;
    std::int64_t tx;
  };
  const std::vector<Hand> hands = {
      {"a floor of 8 x 8 cells around a hole of 2 x 2",
       Field(8, 8, 10,
             [](int x, int z) {
               bool hole = x >= 3 && x < 5 && z >= 3 && z < 5;
               return hole ? std::vector<Span>{} : std::vector<Span>{{0, 2, 63}};
             }),
       0},
      {"a floor of 8 x 8 cells, area 63 for x < 4 and area 5 beyond",
       Field(8, 8, 10,
             [](int x, int) {
               return std::vector<Span>{{0, 2, static_cast<std::uint8_t>(x < 4 ? 63 : 5)}};
             }),
       0},
      {"a floor of 8 x 8 cells and a platform 6 rows above it over 4 x 4",
       Field(8, 8, 20,
             [](int x, int z) {
               std::vector<Span> c = {{0, 2, 63}};
               if (x >= 2 && x < 6 && z >= 2 && z < 6) c.push_back({6, 8, 63});
               return c;
             }),
       0},
      {"tile (1, 0) of a 16 x 8 field with a floor at x < 8 only: the core is empty",
       Field(16, 8, 10,
             [](int x, int) {
               return x < 8 ? std::vector<Span>{{0, 2, 63}} : std::vector<Span>{};
             }),
       1},
      {"a field of 8 x 8 cells with no span",
       Field(8, 8, 10, [](int, int) { return std::vector<Span>{}; }), 0},
  };
  std::vector<Tile> tiles;
  for (const Hand& h : hands)
    tiles.push_back(
        {Mesh3DPipeline::TileSpans(h.input, {}, s, h.tx, 0).volumes, s, "hand",
         std::string("hand-made: ") + h.what + ", the stage volumes of Mesh3DPipeline.TileSpans"});
  return tiles;
}

// A floor of 16 x 16 cells at rows 0 .. 2 with the area area(x, z), tiles
// of 16 cells (B 3, W 22), MaxEdgeLength 0 so that no wall edge is split;
// the ledge filter takes the outer ring, so a region covering the rest has
// the outline of corners 1 and 15.
Tile FloorTile(const std::function<std::uint8_t(int, int)>& area, const std::string& what) {
  NavSettings s = HandSettings();
  s.TileSize = 16;
  s.MaxEdgeLength = 0;
  const HeightfieldInput input = Field(16, 16, 10, [&](int x, int z) {
    return std::vector<Span>{{0, 2, area(x, z)}};
  });
  return {Mesh3DPipeline::TileSpans(input, {}, s, 0, 0).volumes, s, "hand",
          "hand-made: a floor of 16 x 16 cells " + what +
              ", the stage volumes of Mesh3DPipeline.TileSpans"};
}

// A floor whose region has two holes, where the bridge of the first hole
// (least (x, z) first, b3d.contour.bridge) to its nearest outline corner
// crosses the second hole, so that the corner must be refused by the
// second hole's edges (b3d.contour.merge: the holes not yet merged are
// tested too). 16 x 16 cells of area 63 and two rectangles of area 0
// (no compact span): A at x 9, z 5 .. 7 and B at x 11 .. 13, z 2 .. 3; the
// outline is the square of corners 1 and 15 (FloorTile). A's least
// corner (9, 5) is nearest (15, 1) (36 + 16 = 52, then (1, 1) at 64 + 16 =
// 80); the segment between them enters B through its edge x = 11 at z 3.67
// and leaves through z = 2 at x 13.5. Written at the end of contours.jsonl
// (appended, nothing before it moves).
Tile HoleBridgeTile() {
  return FloorTile(
      [](int x, int z) -> std::uint8_t {
        const bool a = x == 9 && z >= 5 && z < 8;
        const bool b = x >= 11 && x < 14 && z >= 2 && z < 4;
        return a || b ? 0 : 63;
      },
      "with two holes of area 0 (x 9, z 5 .. 7 and x 11 .. 13, z 2 .. 3), MaxEdgeLength 0: the "
      "bridge from the "
      "first hole's least corner (9, 5) to the nearest outline corner (15, 1) crosses the second "
      "hole (b3d.contour.merge tests the holes not yet merged)");
}

// An island inside the floor's region: x 6, z 5 .. 8 of area 0 and x 7 .. 9,
// z 5 .. 8 of area 5 (a region of its own). The hole of the area-63 region
// borders two neighbours, so its simplified vertices start at a change of
// neighbour (b3d.contour.initial), (7, 5) or (7, 9), and not at its least
// corner (6, 5), where b3d.contour.bridge starts.
Tile IslandTile() {
  return FloorTile(
      [](int x, int z) -> std::uint8_t {
        if (z < 5 || z >= 9 || x < 6 || x >= 10) return 63;
        return x == 6 ? 0 : 5;
      },
      "around an island of x 6, z 5 .. 8 of area 0 and x 7 .. 9, z 5 .. 8 of area 5, MaxEdgeLength "
      "0: the hole's "
      "first vertex is a change of neighbour, not its least corner (6, 5)");
}

// Square spiral ramps (gen::SpiralRamp: one row up per step round a ring,
// AgentMaxClimb 2 rows, so the ledge filter keeps the slope) climbing more
// than one turn, so that a column holds the ramp once per turn: Watershed
// floods one region up the ramp and over itself (b3d.region.overlap). Each
// tile's Watershed partition with its own settings must have a region with
// two spans in one column, or the writer stops. Only in build3d/regions.
std::vector<Tile> SpiralTiles() {
  struct Ramp {
    int side, width, positions;
  };
  constexpr Ramp kRamps[] = {{16, 6, 32}, {12, 4, 44}};
  std::vector<Tile> tiles;
  for (const Ramp& r : kRamps) {
    NavSettings s;
    s.CellSize = 1;
    s.CellHeight = 1;
    s.TileSize = r.side;
    s.AgentHeight = 3;
    s.AgentMaxClimb = 2;
    s.AgentRadius = 0;  // B 3
    s.MinRegionArea = 2;
    s.MergeRegionArea = 10;
    s.ContourMaxError = 0.5;
    s.MaxEdgeLength = 3;
    const HeightfieldInput input = onepath::gen::SpiralRamp(r.side, r.width, r.positions, 3, 2, 63);
    const int period = 4 * (r.side - 2 * r.width + 1);
    Tile t{Mesh3DPipeline::TileSpans(input, {}, s, 0, 0).volumes, s, "spiral",
           fmt::format("hand-made: a square spiral ramp (gen::SpiralRamp) on a ring of {} x {} "
                       "cells, {} wide, {} positions of one row each ({} per turn), floors 2 rows "
                       "thick, AgentMaxClimb 2: the stage volumes of Mesh3DPipeline.TileSpans",
                       r.side, r.side, r.width, r.positions, period)};
    const TileRegions w =
        RegionPipeline::Watershed(t.compact, RegionPipeline::BuildDistanceField(t.compact, s), s);
    if (!TwoSpansInAColumn(t.compact, w))
      Fail("SpiralTiles: no Watershed region has two spans in one column",
           {{"side", r.side}, {"width", r.width}, {"positions", r.positions}});
    tiles.push_back(std::move(t));
  }
  return tiles;
}

// Tiles whose grid holds spans in its edge rows and columns (issue 25:
// TileSpans never gives one, b3d.span.ledges taking every span next to the
// grid's edge, so the fields above leave the first and last rows and
// columns empty). SpanPipeline.Compact of a hand-made heightfield of the
// hand-made settings' W x W = 14 x 14 columns, span(x, z) in each column,
// no filter run: every edge row and column of the grid holds a span, or
// the writer stops. Appended after every earlier tile (nothing before
// them moves).
std::vector<Tile> EdgeTiles() {
  const NavSettings s = HandSettings();
  constexpr int kW = 14;  // TileCells 8 + 2 B 3
  struct Hand {
    const char* what;
    std::function<std::vector<Span>(int, int)> span;
  };
  const std::vector<Hand> hands = {
      {"a floor in every column",
       [](int, int) {
         return std::vector<Span>{{0, 2, 63}};
       }},
      {"a floor of area 5 over x 0 .. 3, z 0 .. 4 and 63 elsewhere, no span at (6 .. 7, 0), "
       "(13, 5 .. 6), (4, 13), (0, 9), one row higher over x 8 .. 13, z 9 .. 13",
       [](int x, int z) {
         const bool hole = (z == 0 && (x == 6 || x == 7)) || (x == 13 && (z == 5 || z == 6)) ||
                           (x == 4 && z == 13) || (x == 0 && z == 9);
         if (hole) return std::vector<Span>{};
         const bool low = x < 4 && z < 5;
         const bool step = x >= 8 && z >= 9;
         return std::vector<Span>{{0, static_cast<std::uint16_t>(step ? 3 : 2),
                                   static_cast<std::uint8_t>(low ? 5 : 63)}};
       }},
  };
  std::vector<Tile> tiles;
  for (const Hand& h : hands) {
    std::vector<std::vector<Span>> columns;
    for (int z = 0; z < kW; ++z)
      for (int x = 0; x < kW; ++x) columns.push_back(h.span(x, z));
    Tile t{SpanPipeline::Compact(Heightfield(kW, kW, columns), s), s, "hand",
           std::string("hand-made: SpanPipeline.Compact of a heightfield of 14 x 14 columns (W "
                       "of tiles of 8 cells, B 3), ") +
               h.what + ", no filter run (spans in the grid's edge rows and columns)"};
    const bi::RegionField f(t.compact);
    // Each edge row and column of the grid holds a span.
    bool edges[4] = {false, false, false, false};
    for (std::int64_t k = 0; k < f.w; ++k) {
      edges[0] |= f.ColumnBegin(k, 0) != f.ColumnEnd(k, 0);
      edges[1] |= f.ColumnBegin(0, k) != f.ColumnEnd(0, k);
      edges[2] |= f.ColumnBegin(k, f.d - 1) != f.ColumnEnd(k, f.d - 1);
      edges[3] |= f.ColumnBegin(f.w - 1, k) != f.ColumnEnd(f.w - 1, k);
    }
    if (!(edges[0] && edges[1] && edges[2] && edges[3]))
      Fail("EdgeTiles: an edge row or column of the grid holds no span", json(h.what));
    tiles.push_back(std::move(t));
  }
  return tiles;
}

// ---- the boundary walk's bound (b3d.region.walk) ----

// A serpentine of kRuns rows of kRunLength spans (rows z = 0, 2, .., 338,
// x 0 .. 57), each row joined to the next by one span in the row between
// them, at x 57 after an even row and at x 0 after an odd one: 10,029
// spans of area 63, one column each (y 2, h 255, connected to every
// neighbouring span), in a grid of 59 x 339 columns. Every row's sweep run
// meets the run before it in one span, so Monotone makes it one
// provisional region R (id 1). R's boundary walk (from (0, 0), direction
// 0) takes 4 steps per span and would close at step 40,116: it runs along
// row 0's +z side, down the serpentine and back up its other side, and
// meets the +x side of the first joining span (57, 1) at step 39,999, the
// bound's last step. One span X of area 5 at (58, 1), connected to (57, 1)
// only, is met there and nowhere before, so connections(R) = (0, X) with
// the bound of 39,999 steps and (0) with one step fewer. X (1 span, below
// MinRegionArea 2, a provisional id above R's) is grouped with R through
// R's connections and kept (b3d.region.remove-small); with one step fewer
// it would be a group of its own and removed. Recast's walkContour has the
// same bound. Appended last (nothing before it moves).
constexpr int kRuns = 170, kRunLength = 58;
constexpr int kWalkBound = 39999;  // b3d.region.walk

CompactHeightfield SerpentineField() {
  const int w = kRunLength + 1, d = 2 * kRuns - 1;
  std::vector<std::uint8_t> area(static_cast<std::size_t>(w * d), 0);  // 0: no span
  const auto at = [w](int x, int z) { return static_cast<std::size_t>(x + w * z); };
  for (int k = 0; k < kRuns; ++k) {
    for (int x = 0; x < kRunLength; ++x) area[at(x, 2 * k)] = 63;
    if (k + 1 < kRuns) area[at(k % 2 == 0 ? kRunLength - 1 : 0, 2 * k + 1)] = 63;
  }
  area[at(kRunLength, 1)] = 5;  // X
  return CompactHeightfield(
      w, d, OneSpanColumns(w, d, 2, 255, [&](int x, int z) { return area[at(x, z)]; }));
}

// b3d.region.walk transcribed from the clause, without its bound: from
// span i of (x, z) and direction dir on the ids reg, the step at which the
// walk stops (back at its start) and the step at which each id is first
// appended to the list (0 for the first element).
struct WalkTrace {
  std::int64_t closedAt = 0;
  std::map<std::uint32_t, std::int64_t> firstMet;
};

WalkTrace WalkAsWritten(const bi::RegionField& f, const std::vector<std::uint32_t>& reg,
                        std::int64_t x, std::int64_t z, std::uint32_t i, int dir) {
  constexpr std::int64_t kDx[4] = {-1, 0, 1, 0}, kDz[4] = {0, 1, 0, -1};
  const auto neighbour = [&](std::int64_t nx, std::int64_t nz, std::uint32_t s,
                             int d) -> std::uint32_t {
    return f.spans[s].con[d] == 63 ? 0 : reg[f.Neighbour(nx, nz, f.spans[s], d)];
  };
  const std::uint32_t startI = i;
  const int startDir = dir;
  WalkTrace t;
  std::uint32_t cur = neighbour(x, z, i, dir);
  t.firstMet.emplace(cur, 0);
  for (std::int64_t step = 1;; ++step) {
    const std::uint32_t n = neighbour(x, z, i, dir);
    if (f.spans[i].con[dir] == 63 || n != reg[i]) {
      if (n != cur) {
        cur = n;
        t.firstMet.emplace(n, step);
      }
      dir = (dir + 1) & 3;
    } else {
      i = f.Neighbour(x, z, f.spans[i], dir);
      x += kDx[dir];
      z += kDz[dir];
      dir = (dir + 3) & 3;
    }
    if (i == startI && dir == startDir) {
      t.closedAt = step;
      return t;
    }
  }
}

// build3d/regions: Monotone on the serpentine with the hand-made settings
// (MinRegionArea 2, MergeRegionArea 10). The writer stops unless the walk
// of R, transcribed from the clause on the sweep's ids, first meets X at
// step 39,999 and would close later, X is kept, and Recast agrees.
void AddWalkBound(onepath::golden::JsonlWriter& w) {
  const NavSettings s = HandSettings();
  const CompactHeightfield h = SerpentineField();
  const json in = {{"compact", CompactJson(h)}, {"settings", SettingsJson(s)}};
  const bi::RegionField f(h);
  std::uint32_t next = 0;
  const std::vector<std::uint32_t> sweep = bi::MonotoneSweep(f, next);
  const std::uint32_t r = sweep[f.ColumnBegin(0, 0)];
  const std::uint32_t x = sweep[f.ColumnBegin(kRunLength, 1)];
  const WalkTrace t = WalkAsWritten(f, sweep, 0, 0, f.ColumnBegin(0, 0), 0);
  const auto met = t.firstMet.find(x);
  if (r != 1 || x <= r || t.closedAt <= kWalkBound || met == t.firstMet.end() ||
      met->second != kWalkBound)
    Fail("AddWalkBound: the serpentine's walk does not first meet X at step 39999",
         {{"R", r},
          {"X", x},
          {"closedAt", t.closedAt},
          {"metAt", met == t.firstMet.end() ? -1 : met->second}});
  for (std::size_t i = 0; i < sweep.size(); ++i)
    if (sweep[i] != (i == f.ColumnBegin(kRunLength, 1) ? x : r))
      Fail("AddWalkBound: the serpentine is not one provisional region", json(i));
  const TileRegions out = RegionPipeline::Monotone(h, s);
  if (out.regions[f.ColumnBegin(kRunLength, 1)] == 0)
    Fail("AddWalkBound: X was removed", json(out.regionCount));
  const Verdict v = Compare(ro::Monotone(OracleCompact(h), static_cast<int>(s.MinRegionArea),
                                         static_cast<int>(s.MergeRegionArea)),
                            SameRegions(out), kPartitionOps[1], in);
  if (!v.compared) Fail("AddWalkBound: Recast not compared: " + v.why, json());
  json clauses = WithTags(
      {kPartitionClauses[1], "b3d.region.filter", "b3d.region.renumber", "b3d.region.values"},
      RegionTags(h, s, 1, out, in));
  // The walk's bound decides X's group (RegionTags names the walk only
  // with a removal or a merge).
  for (const char* c : {"b3d.region.records", "b3d.region.walk", "b3d.region.remove-small"})
    if (std::find(clauses.begin(), clauses.end(), c) == clauses.end()) clauses.push_back(c);
  w.Add(Positive(kPartitionOps[1], "hand", clauses, in, CanonicalBytes(out), v, kRegionRecast,
                 fmt::format("hand-made: a serpentine of {} rows of {} spans joined at "
                             "alternate ends, one Monotone region whose boundary walk first "
                             "meets a span of area 5 at (58, 1) at step 39999, the bound's last "
                             "(b3d.region.walk), which keeps that span (1 span, MinRegionArea 2) "
                             "in the region's group",
                             kRuns, kRunLength)));
}

// ---- the hole bridge's cone (b3d.contour.merge) ----

// Appended last to contours.jsonl (issue 25): Trace of a flat 24 x 24
// field (LevelSettings with tiles of 16 cells, B 4; spans y 10, h 40, area
// 63, connected to every neighbouring span) whose core is region 1 and
// whose other spans are the border, with holes (no span) at (10, 14),
// (11, 14), (16, 17), (19, 17), (15, 18), (17, 18), (18, 18), (14, 19):
// the outline's holes touch one another at corners, and bridging them
// tests candidate vertices of the outline that are convex with the hole's
// vertex outside their cone on one side only (b3d.contour.merge's InCone
// takes both sides). Found by a search over random holes, comparing the
// reference with InCone's convex case taking either side, then cut down
// to these 8 cells; ContourMaxError 0.3, MaxEdgeLength 3 (12 cells).
void AddConeTrace(onepath::golden::JsonlWriter& w) {
  NavSettings s = LevelSettings();
  s.TileSize = 4.0;
  s.ContourMaxError = 0.3;
  s.MaxEdgeLength = 3.0;
  const DerivedSettings d = Mesh3DPipeline::DeriveSettings(s);
  const int n = static_cast<int>(d.tileCells + 2 * d.border);
  const std::set<std::pair<int, int>> holes = {{10, 14}, {11, 14}, {16, 17}, {19, 17},
                                               {15, 18}, {17, 18}, {18, 18}, {14, 19}};
  const auto areaAt = [&](int x, int z) -> std::uint8_t { return holes.count({x, z}) ? 0 : 63; };
  const auto inCore = [&](int c) { return c >= d.border && c < d.border + d.tileCells; };
  std::vector<std::uint16_t> ids;  // the core's spans region 1, the others the border
  for (int z = 0; z < n; ++z)
    for (int x = 0; x < n; ++x)
      if (areaAt(x, z) != 0) ids.push_back(inCore(x) && inCore(z) ? 1 : 2);
  const CompactHeightfield h(n, n, OneSpanColumns(n, n, 10, 40, areaAt));
  const BorderCut cut{.regions = ids, .borderId = 2, .empty = false};
  const json in = {
      {"compact", CompactJson(h)}, {"cut", CutJson(cut)}, {"settings", SettingsJson(s)}};
  const ContourSet ours = RegionPipeline::Trace(h, cut, s);
  const Verdict v = Compare(
      ro::Contours(OracleCompact(h), cut.regions, cut.borderId, d.border, d.tileCells,
                   static_cast<float>(d.maxError), d.maxEdgeCells),
      [&](const std::vector<ro::Contour>& theirs) { return SameContours(ours, theirs); },
      "RegionPipeline.Trace", in);
  w.Add(Positive("RegionPipeline.Trace", "hand",
                 WithTags({"b3d.contour.stages", "b3d.contour.values", "b3d.contour.order",
                           "b3d.contour.stage-input"},
                          ContourTags(h, cut, d, ours, in)),
                 in, CanonicalBytes(ours), v, kContourRecast,
                 "hand-made: a flat 24 x 24 field, its core one region, with 8 hole cells "
                 "touching at corners, whose bridges test convex outline vertices that see a "
                 "hole's vertex on one side (b3d.contour.merge, InCone; AddConeTrace)"));
}

// ---- errors.jsonl ----

json Negative(const std::string& op, const std::string& kind, const json& clauses,
              const json& input, const std::string& type, const json& fields,
              const std::string& why) {
  return onepath::golden::Negative(op, kShort.at(op), kind, Key(op, input), clauses, input, type,
                                   fields,
                                   "hand-made in tools/golden/gen_build3d_regions.cpp: " + why);
}

// A flat W x W field, one span per column (so span index = column index),
// every neighbour in the grid connected (con 0), others not (63).
CompactHeightfield FlatField(int w) { return CompactHeightfield(w, w, FlatColumns(w, 2, 255)); }

void WriteErrors(onepath::golden::JsonlWriter& w, bool contours) {
  const std::string kRange = "ArgumentOutOfRangeException", kArg = "ArgumentException";
  // Cells of 1, tiles of 2, radius 0: B 3, W 8; the flat field is one
  // region (MinRegionArea 0): regionCount 2, borderId 3.
  NavSettings s;
  s.CellSize = 1;
  s.CellHeight = 1;
  s.TileSize = 2;
  s.AgentRadius = 0;
  s.MinRegionArea = 0;
  s.MergeRegionArea = 0;
  const CompactHeightfield flat = FlatField(8);
  const DistanceField distances = RegionPipeline::BuildDistanceField(flat, s);
  const TileRegions regions = RegionPipeline::Monotone(flat, s);
  const BorderCut cut = RegionPipeline::CutBorder(flat, regions, s);
  if (regions.regionCount != 2 || cut.borderId != 3)
    Fail("the flat field is not one region",
         {{"regionCount", regions.regionCount}, {"borderId", cut.borderId}, {"empty", cut.empty}});
  // Every op with its full valid input.
  std::map<std::string, json> inputs;
  const json base = {{"compact", CompactJson(flat)}, {"settings", SettingsJson(s)}};
  std::vector<std::string> ops;
  if (contours) {
    ops = {"RegionPipeline.Trace"};
    inputs["RegionPipeline.Trace"] = base;
    inputs["RegionPipeline.Trace"]["cut"] = CutJson(cut);
  } else {
    ops = {"RegionPipeline.BuildDistanceField", "RegionPipeline.Watershed",
           "RegionPipeline.Monotone",           "RegionPipeline.Layers",
           "RegionPipeline.Partition",          "RegionPipeline.CutBorder"};
    for (const std::string& op : ops) inputs[op] = base;
    inputs["RegionPipeline.Watershed"]["distances"] = DistancesJson(distances);
    inputs["RegionPipeline.CutBorder"]["regions"] = RegionsJson(regions);
  }
  const json settings_clauses = {"b3d.settings-checks", "b3d.errors"};
  const json stage_clause = contours ? json{"b3d.contour.stage-input", "b3d.errors"}
                                     : json{"b3d.region.stage-input", "b3d.errors"};

  // b3d.settings-checks: the region and contour settings out of range, and a
  // setting checked before a bad field.
  struct Bad {
    const char* setting;
    json value;
    double reported;
    const char* why;
  };
  const std::vector<Bad> bad = {
      {"Partition", 3, 3, "Partition 3 (Watershed 0, Monotone 1, Layers 2)"},
      {"MinRegionArea", -1, -1, "MinRegionArea below 0"},
      {"MinRegionArea", std::int64_t{1} << 31, 0x1p31, "MinRegionArea 2^31"},
      {"MergeRegionArea", -1, -1, "MergeRegionArea below 0"},
      {"MergeRegionArea", std::int64_t{1} << 31, 0x1p31, "MergeRegionArea 2^31"},
      {"ContourMaxError", -0.5, -0.5, "ContourMaxError below 0"},
      {"ContourMaxError", "NaN", std::numeric_limits<double>::quiet_NaN(), "ContourMaxError NaN"},
      {"MaxEdgeLength", "Infinity", std::numeric_limits<double>::infinity(),
       "MaxEdgeLength infinite"},
      {"MaxEdgeLength", 0x1p31, 0x1p31, "MaxEdgeLength 2^31 at CellSize 1: 2^31 cells"},
  };
  for (const std::string& op : ops) {
    for (const Bad& b : bad) {
      json in = inputs[op];
      in["settings"][b.setting] = b.value;
      w.Add(Negative(op, "bad_settings", settings_clauses, in, kRange,
                     {{"setting", b.setting}, {"value", conf::DoubleToJson(b.reported)}}, b.why));
    }
    // The settings first: CellSize 0 with a field of the wrong width.
    json in = inputs[op];
    in["settings"]["CellSize"] = 0.0;
    in["compact"]["width"] = -1;
    w.Add(Negative(op, "bad_settings",
                   {"b3d.settings-checks", "b3d.region.stage-input", "b3d.errors"}, in, kRange,
                   {{"setting", "CellSize"}, {"value", 0.0}},
                   "CellSize 0 and a field of width -1: the settings are checked first"));
  }

  // b3d.span.stage-input: the compact heightfield, for every operation.
  auto compact_case = [&](const std::function<void(json&)>& edit, const std::string& type,
                          const json& fields, const char* why) {
    for (const std::string& op : ops) {
      json in = inputs[op];
      edit(in["compact"]);
      w.Add(Negative(op, "bad_stage_input", {"b3d.span.stage-input", "b3d.errors"}, in, type,
                     fields, why));
    }
  };
  compact_case([](json& c) { c["depth"] = -2; }, kRange, {{"argument", "depth"}, {"value", -2.0}},
               "depth -2");
  compact_case([](json& c) { c["columns"].erase(63); }, kArg,
               {{"argument", "columns"}, {"count", 63}}, "63 column lists for 8 x 8");
  compact_case([](json& c) { c["columns"][9][0][3] = 64; }, kRange,
               {{"argument", "compact.area"}, {"column", 9}, {"span", 0}, {"value", 64.0}},
               "area 64");
  compact_case([](json& c) { c["columns"][9][0][2][1] = 64; }, kRange,
               {{"argument", "compact.con"}, {"column", 9}, {"span", 0}, {"value", 64.0}},
               "connection 64");
  compact_case([](json& c) { c["columns"][9][0][2][2] = 1; }, kRange,
               {{"argument", "compact.con"}, {"column", 9}, {"span", 0}, {"value", 1.0}},
               "connection to span 1 of a neighbour column with 1 span");
  compact_case([](json& c) { c["columns"][8][0][2][0] = 0; }, kRange,
               {{"argument", "compact.con"}, {"column", 8}, {"span", 0}, {"value", 0.0}},
               "connection in direction 0 (x - 1) out of the grid at x 0");

  // The tile's W x W grid (CutBorder, Trace): W = TileCells 2 + 2B 6 = 8.
  std::vector<std::string> grid_ops;
  for (const std::string& op : ops)
    if (op == "RegionPipeline.CutBorder" || op == "RegionPipeline.Trace") grid_ops.push_back(op);
  for (const std::string& op : grid_ops) {
    json in = inputs[op];
    in["settings"]["TileSize"] = 3.0;
    w.Add(Negative(op, "bad_stage_input", stage_clause, in, kArg,
                   {{"argument", "width"}, {"value", 8.0}},
                   "a field 8 cells wide for tiles of 3 cells with B 3 (W 9)"));
    // 8 x 8 seen as 16 x 4: the same spans, another shape.
    in = inputs[op];
    json& c = in["compact"];
    json columns = json::array();
    for (int k = 0; k < 64; ++k) {
      int x = k % 16, z = k / 16;
      json col = c["columns"][k];
      col[0][2] = {x > 0 ? 0 : 63, z < 3 ? 0 : 63, x < 15 ? 0 : 63, z > 0 ? 0 : 63};
      columns.push_back(col);
    }
    c = {{"width", 16}, {"depth", 4}, {"columns", columns}};
    w.Add(Negative(op, "bad_stage_input", stage_clause, in, kArg,
                   {{"argument", "width"}, {"value", 16.0}}, "a field of 16 x 4 cells, W 8"));
    // Its first 4 rows alone: 8 x 4, the depth is wrong.
    in = inputs[op];
    columns = json::array();
    for (int k = 0; k < 32; ++k) {
      json col = in["compact"]["columns"][k];
      if (k >= 24) col[0][2][1] = 63;  // z = 3 has no row above
      columns.push_back(col);
    }
    in["compact"] = {{"width", 8}, {"depth", 4}, {"columns", columns}};
    w.Add(Negative(op, "bad_stage_input", stage_clause, in, kArg,
                   {{"argument", "depth"}, {"value", 4.0}}, "a field of 8 x 4 cells, W 8"));
  }

  if (!contours) {
    // b3d.region.stage-input: the distances of Watershed.
    json in = inputs["RegionPipeline.Watershed"];
    in["distances"]["distances"].erase(0);
    w.Add(Negative("RegionPipeline.Watershed", "bad_stage_input", stage_clause, in, kArg,
                   {{"argument", "distances"}, {"count", 63}}, "63 distances for 64 spans"));
    // The regions of CutBorder.
    auto regions_case = [&](const std::function<void(json&)>& edit, const std::string& type,
                            const json& fields, const char* why) {
      json r = inputs["RegionPipeline.CutBorder"];
      edit(r["regions"]);
      w.Add(Negative("RegionPipeline.CutBorder", "bad_stage_input", stage_clause, r, type, fields,
                     why));
    };
    regions_case([](json& r) { r["regions"].push_back(1); }, kArg,
                 {{"argument", "regions"}, {"count", 65}}, "65 ids for 64 spans");
    regions_case([](json& r) { r["regionCount"] = 65535; }, kRange,
                 {{"argument", "regionCount"}, {"value", 65535.0}}, "regionCount 65535");
    regions_case([](json& r) { r["regions"][10] = 3; }, kRange,
                 {{"argument", "regions"}, {"column", 10}, {"span", 0}, {"value", 3.0}},
                 "id 3 above regionCount 2");
  } else {
    auto cut_case = [&](const std::function<void(json&)>& edit, const std::string& type,
                        const json& fields, const char* why) {
      json c = inputs["RegionPipeline.Trace"];
      edit(c["cut"]);
      w.Add(
          Negative("RegionPipeline.Trace", "bad_stage_input", stage_clause, c, type, fields, why));
    };
    cut_case([](json& c) { c["regions"].erase(5); }, kArg, {{"argument", "regions"}, {"count", 63}},
             "63 ids for 64 spans");
    cut_case([](json& c) { c["borderId"] = 0; }, kRange, {{"argument", "borderId"}, {"value", 0.0}},
             "borderId 0");
    // Core columns are x, z in 3 .. 4: column 3 + 8 * 3 = 27.
    cut_case([](json& c) { c["regions"][27] = 3; }, kRange,
             {{"argument", "regions"}, {"column", 27}, {"span", 0}, {"value", 3.0}},
             "a core span with borderId 3");
    cut_case([](json& c) { c["regions"][0] = 1; }, kRange,
             {{"argument", "regions"}, {"column", 0}, {"span", 0}, {"value", 1.0}},
             "a span outside the core with id 1 (neither 0 nor borderId 3)");
  }
}

}  // namespace

// Appended last (issue 25, b3d.region.merge's RemoveAdjacent): Watershed on
// a distance field BuildDistanceField does not make (b3d.region.stage-input
// accepts any values), on a flat 16 x 16 field without holes, so that
// regions meet away from any edge: three cones (x, z, h), the distance at
// (x, z) max(0, max over the cones of h - (|x - cx| + |z - cz|) div 2).
// With MergeRegionArea 400 every region merges; a merge of two regions that
// both border a third at one corner lists the third twice in a row, and
// only RemoveAdjacent keeps a later CanMerge with it from refusing it as
// connected twice (found by a search over cone fields, comparing the
// reference with RemoveAdjacent left out of Merge).
void AddConeDistances(onepath::golden::JsonlWriter& w) {
  NavSettings s = LevelSettings();
  s.MinRegionArea = 0;
  s.MergeRegionArea = 400;
  constexpr int kW = 16;  // TileCells 8 + 2 B 4
  const CompactHeightfield h(kW, kW, FlatColumns(kW, 2, 255));
  struct Cone {
    int x, z, h;
  };
  constexpr Cone kCones[] = {{1, 1, 7}, {2, 15, 6}, {11, 3, 4}};
  DistanceField d;
  for (int z = 0; z < kW; ++z) {
    for (int x = 0; x < kW; ++x) {
      int v = 0;
      for (const Cone& c : kCones)
        v = std::max(v, c.h - (std::abs(x - c.x) + std::abs(z - c.z)) / 2);
      d.distances.push_back(static_cast<std::uint16_t>(v));
      d.maxDistance = std::max(d.maxDistance, static_cast<std::uint16_t>(v));
    }
  }
  const json in = {
      {"compact", CompactJson(h)}, {"distances", DistancesJson(d)}, {"settings", SettingsJson(s)}};
  const TileRegions ours = RegionPipeline::Watershed(h, d, s);
  const Verdict v = Compare(
      ro::Watershed(OracleCompact(h), ro::DistanceField{d.distances, d.maxDistance}, 0, 400),
      SameRegions(ours), kPartitionOps[0], in);
  // RegionTags sees merges only where MergeRegionArea 0 gives another
  // partition; here the merged regions touch no edge, so they merge with 0
  // too: the merge clauses are named here.
  std::vector<std::string> tags = RegionTags(h, s, 0, ours, in);
  for (const char* c : {"b3d.region.merge", "b3d.region.records", "b3d.region.walk"})
    if (std::find(tags.begin(), tags.end(), c) == tags.end()) tags.push_back(c);
  const json clauses = {kPartitionClauses[0], "b3d.region.filter", "b3d.region.renumber",
                        "b3d.region.values", "b3d.region.stage-input"};
  w.Add(Positive(kPartitionOps[0], "hand", WithTags(clauses, tags), in, CanonicalBytes(ours), v,
                 kRegionRecast,
                 "hand-made: a flat 16 x 16 field (W of tiles of 8 cells, B 4) and a distance "
                 "field of three cones (1, 1, 7), (2, 15, 6), (11, 3, 4), distance max(0, h - "
                 "(|x - cx| + |z - cz|) div 2), MinRegionArea 0, MergeRegionArea 400: a merge "
                 "lists a region twice in a row (b3d.region.merge, RemoveAdjacent)"));
}

int main(int argc, char** argv) {
  if (argc != 3 || (std::string(argv[2]) != "regions" && std::string(argv[2]) != "contours")) {
    std::fprintf(stderr, "usage: %s OUT_DIR regions|contours\n", argv[0]);
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  const bool contours = std::string(argv[2]) == "contours";
  std::filesystem::create_directories(dir);
  std::vector<Tile> tiles = LevelTiles();
  for (std::vector<Tile> more : {RandomTiles(), HandTiles()})
    for (Tile& t : more) tiles.push_back(std::move(t));
  if (!contours)
    for (Tile& t : SpiralTiles()) tiles.push_back(std::move(t));
  {
    onepath::golden::JsonlWriter w(dir / (contours ? "contours.jsonl" : "regions.jsonl"));
    for (std::size_t i = 0; i < tiles.size(); ++i) {
      if (contours)
        AddContours(w, tiles[i], static_cast<int>(i));
      else
        AddRegions(w, tiles[i], static_cast<int>(i));
    }
    // Appended after every earlier vector (issue 25: the bridge test of
    // b3d.contour.merge against the holes after the current one).
    if (contours) {
      AddContours(w, HoleBridgeTile(), static_cast<int>(tiles.size()));
      AddContours(w, IslandTile(), static_cast<int>(tiles.size()) + 1);
      AddConeTrace(w);  // appended after those (issue 25)
    }
    // Appended after those (issue 25: spans in the grid's edge rows and
    // columns, b3d.region.distance's first pass).
    if (!contours) {
      int index = static_cast<int>(tiles.size());
      for (const Tile& t : EdgeTiles()) AddRegions(w, t, index++);
      // Appended after those: the boundary walk's bound.
      AddWalkBound(w);
    }
    // Appended after those (issue 25: b3d.region.merge's RemoveAdjacent).
    if (!contours) AddConeDistances(w);
    w.PrintCount();
    int confirmed = 0;
    for (const std::string& id : w.ids) confirmed += g_recast.count(id) ? 1 : 0;
    std::printf("%d with Recast-confirmed hashes\n", confirmed);
  }
  if (contours) {
    onepath::golden::JsonlWriter l(dir / "limits.jsonl");
    AddLimits(l, HandTiles());
    l.PrintCount();
  }
  onepath::golden::JsonlWriter e(dir / "errors.jsonl");
  WriteErrors(e, contours);
  e.PrintCount();
  return 0;
}
