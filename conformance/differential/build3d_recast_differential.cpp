// The span stages of the 3D build (docs/spec/build3d-spans.md, b3d.span.*)
// against Recast (oracles/recast/: Debian's librecast-dev, driven so that
// its results equal Recast 1.6.0's, b3d.span.recast), stage by stage on the
// same binary32 inputs, tile by tile: the generated levels of every kind
// (several seeds, sizes and settings, tiled) and random triangle soups with
// random settings and volumes; also random heightfield and voxel-chunk
// inputs, whose stage `spans` is compared with rcAddSpan (threshold 0) of
// the mapped source columns. Mesh3DPipeline::TileSpans gives every stage's
// value; each stage is compared with Recast run on the reference's value of
// the previous stage, by canonical bytes, and a difference is reported with
// the stage, the column (x, z) and the span index.
//
// The two differences of e75adf8 from 1.6.0 (b3d.span.recast), handled
// exactly:
// 1. Low-height filter (<= instead of <): the oracle's FilterLowHeightSpans
//    calls e75adf8 with WalkableHeight - 1, which is 1.6.0's "<" for integer
//    clearances. Compensated on every tile; the tiles where e75adf8's own
//    "<=" (FilterLowHeightSpansUnadjusted) gives another result are counted,
//    so the count shows the compensation mattered.
// 2. Grid-edge clipping (#476). High x edge: compensated on every tile by
//    the oracle's W + 1 wide heightfield; the tiles where a plain W wide
//    Recast heightfield gives another result are counted. Low x and z
//    edges: no compensation exists, so the difference is avoided. A tile
//    whose every triangle TriangleAvoidsLowEdgeDifference has its whole
//    stage `spans` compared; on any other tile the avoiding triangles alone
//    are rasterized by both (internal::Rasterize on the tile's grid, in the
//    same order, with the areas of the stage `triangles`) and compared, and
//    the tiles where Recast on all triangles would differ are counted. The
//    later stages take the reference's value of the previous stage, so they
//    are compared on every tile in full.
// Recast's 13-bit span tops: a tile with more than 8190 rows is not
// compared (counted; the inputs are chosen so none occurs).
#include <gtest/gtest.h>
#include <recastnavigation/Recast.h>

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
#include "conformance/generators/build3d_fields.hpp"
#include "conformance/generators/levels.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/build3d/pipeline.hpp"
#include "onepath/build3d/tile_grid.hpp"
#include "oracles/recast/recast_oracle.hpp"

namespace {

namespace ro = recast_oracle;
using onepath::build3d::CompactHeightfield;
using onepath::build3d::CompactSpan;
using onepath::build3d::ConvexVolume;
using onepath::build3d::DerivedSettings;
using onepath::build3d::Heightfield;
using onepath::build3d::Mesh3DPipeline;
using onepath::build3d::Mesh3DTileSpans;
using onepath::build3d::NavSettings;
using onepath::build3d::Span;
using onepath::build3d::TileGrid;
using onepath::build3d::TileTriangles;
using onepath::build3d::TriangleSoup;

// ---- the reference's values as the oracle's ----

ro::Heightfield ToOracle(const Heightfield& h) {
  ro::Heightfield out{static_cast<int>(h.width()), static_cast<int>(h.depth()), {}};
  out.columns.resize(h.columnCount());
  for (std::size_t c = 0; c < h.columnCount(); ++c)
    for (const Span& s : h.Column(c)) out.columns[c].push_back({s.smin, s.smax, s.area});
  return out;
}

using b3d_recast::ToOracle;

ro::Grid ToOracle(const TileGrid& g) {
  ro::Grid out;
  out.W = g.width;
  out.rows = g.rows;
  out.bmin = {g.bmin.x, g.bmin.y, g.bmin.z};
  out.bmax = {g.bmax.x, g.bmax.y, g.bmax.z};
  out.csF = g.csF;
  out.chF = g.chF;
  return out;
}

std::vector<ro::Volume> ToOracle(std::span<const ConvexVolume> volumes) {
  std::vector<ro::Volume> out;
  for (const ConvexVolume& v : volumes) {
    ro::Volume o;
    for (const auto& p : v.points) o.points.push_back({p.x, p.z});
    o.minY = v.minY;
    o.maxY = v.maxY;
    o.area = static_cast<std::uint8_t>(v.area);
    out.push_back(o);
  }
  return out;
}

// ---- the comparison: canonical bytes, then the first differing element ----

bool Same(const Span& a, const ro::Span& b) {
  return a.smin == b.smin && a.smax == b.smax && a.area == b.area;
}
bool Same(const CompactSpan& a, const ro::CompactSpan& b) {
  return a.y == b.y && a.h == b.h && a.con == b.con && a.area == b.area;
}
std::string Show(std::uint16_t smin, std::uint16_t smax, std::uint8_t area) {
  return "(smin " + std::to_string(smin) + ", smax " + std::to_string(smax) + ", area " +
         std::to_string(area) + ")";
}
std::string Show(const Span& s) { return Show(s.smin, s.smax, s.area); }
std::string Show(const ro::Span& s) { return Show(s.smin, s.smax, s.area); }
std::string Show(std::uint16_t y, std::uint8_t h, const std::array<std::uint8_t, 4>& con,
                 std::uint8_t area) {
  return "(y " + std::to_string(y) + ", h " + std::to_string(h) + ", con " +
         std::to_string(con[0]) + " " + std::to_string(con[1]) + " " + std::to_string(con[2]) +
         " " + std::to_string(con[3]) + ", area " + std::to_string(area) + ")";
}
std::string Show(const CompactSpan& s) { return Show(s.y, s.h, s.con, s.area); }
std::string Show(const ro::CompactSpan& s) { return Show(s.y, s.h, s.con, s.area); }

std::vector<std::uint8_t> OracleBytes(const ro::Heightfield& h) { return ro::HeightfieldBytes(h); }
std::vector<std::uint8_t> OracleBytes(const ro::CompactHeightfield& h) {
  return ro::CompactHeightfieldBytes(h);
}

// Nothing when the canonical bytes are equal; else where the values first
// differ: the column (x, z) and the span index, with both spans.
template <typename Ours, typename Theirs>
std::optional<std::string> FirstDifference(const Ours& ours, const Theirs& theirs) {
  if (onepath::build3d::CanonicalBytes(ours) == OracleBytes(theirs)) return std::nullopt;
  if (ours.width() != theirs.width || ours.depth() != theirs.depth ||
      ours.columnCount() != theirs.columns.size()) {
    return "size: ours " + std::to_string(ours.width()) + " x " + std::to_string(ours.depth()) +
           ", Recast " + std::to_string(theirs.width) + " x " + std::to_string(theirs.depth);
  }
  for (std::size_t c = 0; c < ours.columnCount(); ++c) {
    const auto a = ours.Column(c);
    const auto& b = theirs.columns[c];
    for (std::size_t k = 0; k < std::max(a.size(), b.size()); ++k) {
      if (k < a.size() && k < b.size() && Same(a[k], b[k])) continue;
      return b3d_recast::ColumnSpan(c, k, ours.width()) + ": ours " +
             (k < a.size() ? Show(a[k]) : "none") + ", Recast " +
             (k < b.size() ? Show(b[k]) : "none");
    }
  }
  return "canonical bytes differ, elements equal";
}

// ---- one tile, stage by stage ----

// The oracle's stages the comparison calls; a negative control replaces one.
struct OracleStages {
  ro::Outcome<ro::Heightfield> (*lowHeight)(const ro::Heightfield&,
                                            int) = &ro::FilterLowHeightSpans;
};

struct Mismatch {
  std::string stage;
  std::string where;
};

// What the comparisons saw, per source.
struct Tally : b3d_recast::MismatchLog {
  std::int64_t tiles = 0;            // tiles compared
  std::int64_t spansWhole = 0;       // every triangle avoids the low-edge difference
  std::int64_t spansRestricted = 0;  // some do not: the avoiding ones compared
  std::int64_t trianglesExcluded = 0;
  std::int64_t lowEdgeShown = 0;    // restricted tiles where Recast on all triangles differs
  std::int64_t highEdgeShown = 0;   // tiles where a W wide Recast heightfield differs
  std::int64_t lowHeightShown = 0;  // tiles where e75adf8's own "<=" differs
  std::int64_t inexactSlope = 0;    // tiles classified with two bracketing thresholds
  std::int64_t undecided = 0;       // triangles the two thresholds disagree on (not compared)
  std::int64_t skippedRows = 0;     // tiles beyond 8190 rows (not compared)
  std::int64_t triangles = 0;       // tile triangles classified
  std::int64_t walkableTriangles = 0;
  std::int64_t spans = 0;         // spans of the stage `spans`
  std::int64_t compactSpans = 0;  // compact spans
  std::int64_t erodedNull = 0;    // compact spans erosion nulled
  std::int64_t volumeMarked = 0;  // compact spans whose area volumes changed

  void Add(const Tally& t) { b3d_recast::AddTally(*this, t); }
  void Print(const char* source) const { b3d_recast::PrintTally(source, *this); }
  // The counters in the order of kFormat.
  template <typename Self>
  static auto Counters(Self& t) {
    return std::tie(t.tiles, t.skippedRows, t.spansWhole, t.spansRestricted, t.trianglesExcluded,
                    t.lowEdgeShown, t.highEdgeShown, t.lowHeightShown, t.inexactSlope, t.undecided,
                    t.triangles, t.walkableTriangles, t.spans, t.compactSpans, t.erodedNull,
                    t.volumeMarked);
  }
  static constexpr const char* kFormat =
      "%s: %lld tiles (%lld skipped beyond 8190 rows); spans whole %lld, restricted %lld "
      "(%lld triangles left out; low-edge difference visible on %lld tiles); high-x-edge "
      "widening changed %lld tiles; low-height adjustment changed %lld tiles; inexact slope "
      "on %lld tiles (%lld undecided triangles); %lld triangles (%lld walkable), %lld spans, "
      "%lld compact spans, %lld eroded, %lld marked by volumes; %lld mismatches\n";
};

// rcRasterizeTriangles into a plain W x W heightfield (no widening): only
// to count the tiles where the oracle's W + 1 remedy changes a result.
ro::Heightfield RasterizeUnwidened(const ro::Grid& g, std::span<const float> verts,
                                   std::span<const std::int32_t> tris,
                                   std::span<const std::uint8_t> areas, int threshold) {
  rcContext ctx(false);
  rcHeightfield hf;
  ro::Heightfield out{g.W, g.W, std::vector<ro::SpanColumn>(static_cast<std::size_t>(g.W) * g.W)};
  if (!rcCreateHeightfield(&ctx, hf, g.W, g.W, g.bmin.data(), g.bmax.data(), g.csF, g.chF) ||
      !rcRasterizeTriangles(&ctx, verts.data(), static_cast<int>(verts.size() / 3), tris.data(),
                            areas.data(), static_cast<int>(areas.size()), hf, threshold))
    return out;
  for (int c = 0; c < g.W * g.W; ++c)
    for (const rcSpan* s = hf.spans[c]; s != nullptr; s = s->next)
      out.columns[c].push_back({static_cast<std::uint16_t>(s->smin),
                                static_cast<std::uint16_t>(s->smax),
                                static_cast<std::uint8_t>(s->area)});
  return out;
}

template <typename T>
std::optional<Mismatch> Refused(const char* stage, const ro::Outcome<T>& outcome) {
  if (outcome.Ok()) return std::nullopt;
  return Mismatch{stage, "the oracle refused: " + outcome.error};
}

template <typename Ours, typename T>
std::optional<Mismatch> Compare(const char* stage, const Ours& ours, const ro::Outcome<T>& oracle) {
  if (auto refused = Refused(stage, oracle)) return refused;
  if (auto where = FirstDifference(ours, oracle.value)) return Mismatch{stage, *where};
  return std::nullopt;
}

// The stages after `spans`, each on the reference's value of the previous
// stage: the three filters, the compact heightfield, erosion, volumes.
std::optional<Mismatch> CompareSpanStages(std::span<const ConvexVolume> volumes,
                                          const DerivedSettings& d, const Mesh3DTileSpans& ours,
                                          const OracleStages& oracle, Tally& tally) {
  const ro::Grid grid = ToOracle(ours.grid);
  const int wh = d.walkableHeight;
  const int wc = d.walkableClimb;
  tally.spans += static_cast<std::int64_t>(ours.spans.spans().size());
  if (auto m = Compare("low-hanging", ours.lowHanging,
                       ro::FilterLowHangingObstacles(ToOracle(ours.spans), wc)))
    return m;
  const ro::Heightfield ledgesIn = ToOracle(ours.lowHanging);
  if (auto m = Compare("ledges", ours.ledges, ro::FilterLedgeSpans(ledgesIn, wh, wc))) return m;
  const ro::Heightfield lowHeightIn = ToOracle(ours.ledges);
  const auto lowHeight = oracle.lowHeight(lowHeightIn, wh);
  if (auto m = Compare("low-height", ours.lowHeight, lowHeight)) return m;
  const auto unadjusted = ro::FilterLowHeightSpansUnadjusted(lowHeightIn, wh);
  if (unadjusted.Ok() && unadjusted.value != lowHeight.value) ++tally.lowHeightShown;

  // The compact heightfield and its areas.
  if (auto m = Compare("compact", ours.compact, ro::Compact(ToOracle(ours.lowHeight), wh, wc)))
    return m;
  if (auto m = Compare("eroded", ours.eroded, ro::Erode(ToOracle(ours.compact), d.walkableRadius)))
    return m;
  if (auto m = Compare("volumes", ours.volumes,
                       ro::MarkVolumes(ToOracle(ours.eroded), grid, ToOracle(volumes))))
    return m;
  tally.compactSpans += static_cast<std::int64_t>(ours.compact.spans().size());
  for (std::size_t i = 0; i < ours.compact.spans().size(); ++i) {
    tally.erodedNull += ours.compact.spans()[i].area != ours.eroded.spans()[i].area;
    tally.volumeMarked += ours.eroded.spans()[i].area != ours.volumes.spans()[i].area;
  }
  return std::nullopt;
}

// Every stage of one soup tile against the oracle; the first mismatch.
std::optional<Mismatch> CompareTile(const TriangleSoup& soup, std::span<const ConvexVolume> volumes,
                                    const NavSettings& settings, const DerivedSettings& d,
                                    const Mesh3DTileSpans& ours, const OracleStages& oracle,
                                    Tally& tally) {
  const ro::Grid grid = ToOracle(ours.grid);
  const int wc = d.walkableClimb;

  // triangles (b3d.span.classify): the tile's triangles as Recast takes them.
  const TileTriangles& triangles = *ours.triangles;
  std::vector<std::int32_t> tris;
  std::vector<std::uint32_t> indices;
  std::vector<std::uint8_t> areas;
  for (const auto& t : triangles.triangles) {
    tris.insert(tris.end(), soup.indices.begin() + 3 * t.index,
                soup.indices.begin() + 3 * t.index + 3);
    indices.push_back(t.index);
    areas.push_back(t.area);
    tally.walkableTriangles += t.area != 0;
  }
  tally.triangles += static_cast<std::int64_t>(indices.size());
  const auto classified =
      ro::ClassifyTriangles(soup.vertices, tris, d.slopeCosine, settings.AgentMaxSlopeDegrees);
  if (auto refused = Refused("triangles", classified)) return refused;
  if (classified.value.exact) {
    if (onepath::build3d::CanonicalBytes(triangles) !=
        ro::TrianglesBytes(indices, classified.value.areasStrict)) {
      for (std::size_t k = 0; k < indices.size(); ++k)
        if (areas[k] != classified.value.areasStrict[k])
          return Mismatch{"triangles", "tile triangle " + std::to_string(k) + " (soup triangle " +
                                           std::to_string(indices[k]) + "): ours area " +
                                           std::to_string(areas[k]) + ", Recast " +
                                           std::to_string(classified.value.areasStrict[k])};
      return Mismatch{"triangles", "canonical bytes differ, areas equal"};
    }
  } else {
    // No binary32 angle gives Recast slopeCosine itself: compare where the
    // thresholds just below and just above agree (b3d.span.recast).
    ++tally.inexactSlope;
    for (std::size_t k = 0; k < indices.size(); ++k) {
      if (!classified.value.Decided(k)) {
        ++tally.undecided;
        continue;
      }
      if (areas[k] != classified.value.areasStrict[k])
        return Mismatch{"triangles", "tile triangle " + std::to_string(k) + " (soup triangle " +
                                         std::to_string(indices[k]) + "): ours area " +
                                         std::to_string(areas[k]) + ", Recast " +
                                         std::to_string(classified.value.areasStrict[k])};
    }
  }

  // spans (b3d.span.rasterize), with the areas of the stage `triangles`.
  TileTriangles kept;
  std::vector<std::int32_t> keptTris;
  std::vector<std::uint8_t> keptAreas;
  for (std::size_t k = 0; k < indices.size(); ++k) {
    if (!ro::TriangleAvoidsLowEdgeDifference(grid, soup.vertices, tris, k)) continue;
    kept.triangles.push_back(triangles.triangles[k]);
    keptTris.insert(keptTris.end(), tris.begin() + 3 * k, tris.begin() + 3 * k + 3);
    keptAreas.push_back(areas[k]);
  }
  const auto rasterized = ro::Rasterize(grid, soup.vertices, keptTris, keptAreas, wc);
  if (auto refused = Refused("spans", rasterized)) return refused;
  if (kept.triangles.size() == indices.size()) {
    ++tally.spansWhole;
    if (auto m = Compare("spans", ours.spans, rasterized)) return m;
  } else {
    ++tally.spansRestricted;
    tally.trianglesExcluded += static_cast<std::int64_t>(indices.size() - kept.triangles.size());
    const Heightfield subset = onepath::build3d::internal::Rasterize(soup, kept, ours.grid, wc);
    if (auto m = Compare("spans (the triangles that avoid the low edges)", subset, rasterized))
      return m;
    const auto all = ro::Rasterize(grid, soup.vertices, tris, areas, wc);
    if (all.Ok() && FirstDifference(ours.spans, all.value)) ++tally.lowEdgeShown;
  }
  if (rasterized.value != RasterizeUnwidened(grid, soup.vertices, keptTris, keptAreas, wc))
    ++tally.highEdgeShown;
  return CompareSpanStages(volumes, d, ours, oracle, tally);
}

std::string Describe(const NavSettings& s) {
  char text[400];
  std::snprintf(text, sizeof text,
                "CellSize %a CellHeight %a TileSize %a Origin %a %a Agent H %a R %a C %a "
                "slope %a",
                s.CellSize, s.CellHeight, s.TileSize, s.OriginX, s.OriginZ, s.AgentHeight,
                s.AgentRadius, s.AgentMaxClimb, s.AgentMaxSlopeDegrees);
  return text;
}

// Counts a tile's mismatch and keeps the first ten, with `label`.
void Record(const std::optional<Mismatch>& m, const std::string& label,
            const onepath::build3d::TileIndex& tile, const NavSettings& settings, Tally& tally) {
  if (!m) return;
  tally.Keep(label + ", tile (" + std::to_string(tile.x) + ", " + std::to_string(tile.z) + "), " +
             Describe(settings) + ": stage " + m->stage + ", " + m->where);
}

// Every tile of the soup, compared; mismatches go to the tally with `label`.
void CompareSoup(const std::string& label, const TriangleSoup& soup,
                 std::span<const ConvexVolume> volumes, const NavSettings& settings,
                 const OracleStages& oracle, Tally& tally) {
  const DerivedSettings d = Mesh3DPipeline::DeriveSettings(settings);
  const auto range = onepath::build3d::SoupTiles(soup, settings);
  for (const auto& tile : onepath::build3d::BuildOrder(range)) {
    const Mesh3DTileSpans ours = Mesh3DPipeline::TileSpans(soup, volumes, settings, tile.x, tile.z);
    if (ours.grid.rows > ro::kMaxGridRows) {
      ++tally.skippedRows;
      continue;
    }
    ++tally.tiles;
    Record(CompareTile(soup, volumes, settings, d, ours, oracle, tally), label, tile, settings,
           tally);
  }
}

// ---- heightfield and chunk input ----

// The tile's W x W heightfield as the oracle is given it (b3d.voxel-mapping,
// computed here): grid column (c, r) holds source column (tx * TileCells -
// B + c, tz * TileCells - B + r), or nothing outside the source.
template <typename SpansOf>
ro::Heightfield MappedColumns(const TileGrid& g, std::int64_t width, std::int64_t depth,
                              SpansOf spansOf) {
  const int w = g.width;
  ro::Heightfield out{w, w, std::vector<ro::SpanColumn>(static_cast<std::size_t>(w) * w)};
  for (int r = 0; r < w; ++r) {
    const std::int64_t k = g.tileZ * g.tileCells - g.border + r;
    for (int c = 0; c < w; ++c) {
      const std::int64_t i = g.tileX * g.tileCells - g.border + c;
      if (i >= 0 && i < width && k >= 0 && k < depth) out.columns[c + w * r] = spansOf(i, k);
    }
  }
  return out;
}

// b3d.span.from-heightfield: the source column's spans in list order.
ro::Heightfield OracleInput(const onepath::build3d::HeightfieldInput& input, const TileGrid& g) {
  return MappedColumns(g, input.width, input.depth, [&](std::int64_t i, std::int64_t k) {
    ro::SpanColumn column;
    for (const Span& s : input.columns[static_cast<std::size_t>(i + input.width * k)])
      column.push_back({s.smin, s.smax, s.area});
    return column;
  });
}

// b3d.span.from-chunk: each maximal solid run j0 .. j1 as (j0, j1 + 1, 63).
ro::Heightfield OracleInput(const onepath::build3d::VoxelChunk& chunk, const TileGrid& g) {
  return MappedColumns(g, chunk.sizeX, chunk.sizeZ, [&](std::int64_t i, std::int64_t k) {
    ro::SpanColumn column;
    for (std::int64_t j = 0; j < chunk.sizeY; ++j) {
      if (chunk.voxels[static_cast<std::size_t>(i + chunk.sizeX * (j + chunk.sizeY * k))] == 0)
        continue;
      if (!column.empty() && column.back().smax == j)
        ++column.back().smax;
      else
        column.push_back(
            {static_cast<std::uint16_t>(j), static_cast<std::uint16_t>(j + 1), ro::kWalkableArea});
    }
    return column;
  });
}

std::int64_t SourceWidth(const onepath::build3d::HeightfieldInput& input) { return input.width; }
std::int64_t SourceDepth(const onepath::build3d::HeightfieldInput& input) { return input.depth; }
std::int64_t SourceWidth(const onepath::build3d::VoxelChunk& chunk) { return chunk.sizeX; }
std::int64_t SourceDepth(const onepath::build3d::VoxelChunk& chunk) { return chunk.sizeZ; }

// Every tile of a heightfield or chunk input: the stage `spans` against
// rcAddSpan of the mapped columns (threshold 0), then the later stages.
template <typename Input>
void CompareVoxelInput(const std::string& label, const Input& input,
                       std::span<const ConvexVolume> volumes, const NavSettings& settings,
                       Tally& tally) {
  const DerivedSettings d = Mesh3DPipeline::DeriveSettings(settings);
  const auto range = onepath::build3d::VoxelTiles(SourceWidth(input), SourceDepth(input), d);
  for (const auto& tile : onepath::build3d::BuildOrder(range)) {
    const Mesh3DTileSpans ours =
        Mesh3DPipeline::TileSpans(input, volumes, settings, tile.x, tile.z);
    if (ours.grid.rows > ro::kMaxGridRows) {
      ++tally.skippedRows;
      continue;
    }
    ++tally.tiles;
    ++tally.spansWhole;
    auto m = Compare("spans", ours.spans, ro::LoadHeightfield(OracleInput(input, ours.grid)));
    if (!m) m = CompareSpanStages(volumes, d, ours, OracleStages{}, tally);
    Record(m, label, tile, settings, tally);
  }
}

// ---- the inputs ----

using onepath::gen::ToSoup;

// The level presets: the defaults (Recast's demo), a finer and a coarser
// grid with tile edges off the level's 1/4 lattice, and other agents.
std::vector<NavSettings> LevelSettings() {
  // The grids, radii and region areas (which the span stages do not read)
  // of the region presets.
  std::vector<NavSettings> presets = onepath::gen::RegionLevelSettings();
  presets[1].AgentMaxSlopeDegrees = 30;
  presets[2].AgentHeight = 1.8;
  presets[2].AgentMaxClimb = 0.5;
  presets[3].AgentMaxClimb = 1.0;
  presets[3].AgentMaxSlopeDegrees = 54;  // no exact Recast angle: bracketed
  return presets;
}

// `count` random polygons (some not convex) with centres in [lo, hi]^2,
// heights and areas at random (minY > maxY now and then).
std::vector<ConvexVolume> RandomVolumes(std::mt19937_64& random, double lo, double hi, double ylo,
                                        double yhi, int count) {
  std::uniform_real_distribution<double> x(lo, hi), y(ylo, yhi), radius(0.05, 0.25);
  std::uniform_int_distribution<int> corners(3, 7), area(0, 63), shape(0, 3);
  std::vector<ConvexVolume> volumes;
  for (int v = 0; v < count; ++v) {
    ConvexVolume volume;
    const double cx = x(random), cz = x(random), r = radius(random) * (hi - lo);
    const int n = corners(random);
    const bool star = shape(random) == 0;  // not convex: the even-odd rule
    for (int i = 0; i < n; ++i) {
      const double angle = 2 * std::numbers::pi * i / n;
      const double ri = star && i % 2 == 1 ? r / 3 : r;
      volume.points.push_back({static_cast<float>(cx + ri * std::cos(angle)),
                               static_cast<float>(cz + ri * std::sin(angle))});
    }
    volume.minY = static_cast<float>(y(random));
    volume.maxY = static_cast<float>(y(random));
    if (shape(random) != 0 && volume.minY > volume.maxY) std::swap(volume.minY, volume.maxY);
    volume.area = area(random);
    volumes.push_back(volume);
  }
  return volumes;
}

// Random settings in the valid ranges (b3d.settings), at a random scale of
// 2^-5 .. 2^5, kept to small tiles and to rows Recast can hold.
NavSettings RandomSettings(std::mt19937_64& random) {
  std::uniform_real_distribution<double> unit(0, 1);
  const double scale = std::ldexp(1.0, std::uniform_int_distribution<int>(-5, 5)(random));
  NavSettings s;
  s.CellSize = scale * (0.5 + unit(random));
  s.CellHeight = s.CellSize * (0.25 + 1.25 * unit(random));
  // TileCells = ceil(TileSize / CellSize - 1e-4): 1 .. 24 cells, whole
  // multiples (cs = CellSize) half of the time.
  const int cells = std::uniform_int_distribution<int>(1, 24)(random);
  s.TileSize = s.CellSize * (unit(random) < 0.5 ? cells : cells * (0.5 + unit(random)));
  if (s.TileSize < 0x1p-8) s.TileSize = 0x1p-8;
  s.OriginX = scale * 64 * (unit(random) - 0.5);
  s.OriginZ = scale * 64 * (unit(random) - 0.5);
  s.AgentHeight = s.CellHeight * 24 * unit(random);
  s.AgentMaxClimb = s.CellHeight * 10 * unit(random);
  s.AgentRadius = s.CellSize * 4 * unit(random);
  s.AgentMaxSlopeDegrees =
      unit(random) < 0.5 ? std::uniform_int_distribution<int>(0, 90)(random) : 90 * unit(random);
  return s;
}

// A random soup over a few tiles of `s`: random, small, flat, near the
// slope limit, vertical, degenerate and sliver triangles, some corners on
// a lattice of quarter cells (so they fall on cell lines).
TriangleSoup RandomSoup(std::mt19937_64& random, const NavSettings& s) {
  std::uniform_real_distribution<double> unit(0, 1);
  const int tilesX = std::uniform_int_distribution<int>(1, 3)(random);
  const int tilesZ = std::uniform_int_distribution<int>(1, 3)(random);
  const double x0 = s.OriginX + s.TileSize * std::uniform_int_distribution<int>(-2, 2)(random);
  const double z0 = s.OriginZ + s.TileSize * std::uniform_int_distribution<int>(-2, 2)(random);
  const double spanX = tilesX * s.TileSize, spanZ = tilesZ * s.TileSize;
  const double height = s.CellHeight * 40 * unit(random);
  const double y0 = s.CellHeight * 100 * (unit(random) - 0.5);
  const bool lattice = unit(random) < 0.4;
  const auto snap = [&](double v, double origin) {
    if (!lattice) return v;
    const double q = s.CellSize / 4;
    return origin + q * std::round((v - origin) / q);
  };
  TriangleSoup soup;
  const auto corner = [&](double x, double y, double z) {
    soup.vertices.push_back(static_cast<float>(snap(x, s.OriginX)));
    soup.vertices.push_back(static_cast<float>(y));
    soup.vertices.push_back(static_cast<float>(snap(z, s.OriginZ)));
    return static_cast<std::int32_t>(soup.vertices.size() / 3 - 1);
  };
  const int count = std::uniform_int_distribution<int>(1, 60)(random);
  const double slope = std::tan(s.AgentMaxSlopeDegrees * std::numbers::pi / 180);
  for (int t = 0; t < count; ++t) {
    const double px = x0 + spanX * (1.2 * unit(random) - 0.1);
    const double pz = z0 + spanZ * (1.2 * unit(random) - 0.1);
    const double py = y0 + height * unit(random);
    const double size = s.CellSize * (unit(random) < 0.3 ? 2 * unit(random) : 12 * unit(random));
    std::int32_t a = 0, b = 0, c = 0;
    switch (std::uniform_int_distribution<int>(0, 6)(random)) {
      case 0:  // anywhere in the box
        a = corner(px, py, pz);
        b = corner(x0 + spanX * unit(random), y0 + height * unit(random),
                   z0 + spanZ * unit(random));
        c = corner(x0 + spanX * unit(random), y0 + height * unit(random),
                   z0 + spanZ * unit(random));
        break;
      case 1:  // flat, facing up
        a = corner(px, py, pz);
        b = corner(px, py, pz + size);
        c = corner(px + size, py, pz);
        break;
      case 2: {  // sloped near the limit, rising along a random direction
        const double angle = 2 * std::numbers::pi * unit(random);
        const double k = slope * (0.97 + 0.06 * unit(random));
        const double dx = std::cos(angle) * size, dz = std::sin(angle) * size;
        a = corner(px, py, pz);
        b = corner(px - dz, py, pz + dx);
        c = corner(px + dx, py + k * size, pz + dz);
        if (unit(random) < 0.5) std::swap(b, c);  // facing down
        break;
      }
      case 3:  // vertical
        a = corner(px, py, pz);
        b = corner(px, py + size, pz);
        c = corner(px + size, py, pz + size * unit(random));
        break;
      case 4:  // degenerate: a repeated corner or collinear corners
        a = corner(px, py, pz);
        b = unit(random) < 0.5 ? a : corner(px + size, py + size, pz + size);
        c = corner(px + 2 * size, py + 2 * size, pz + 2 * size);
        break;
      case 5:  // a sliver
        a = corner(px, py, pz);
        b = corner(px + size, py + size * unit(random), pz + size * 1e-3 * unit(random));
        c = corner(px + 2 * size, py, pz + size * 2e-3);
        break;
      default:  // a large one reaching past the low edges
        a = corner(px - spanX, py, pz - spanZ);
        b = corner(px, py + height * unit(random), pz + spanZ);
        c = corner(px + spanX, py, pz);
        break;
    }
    soup.indices.insert(soup.indices.end(), {a, b, c});
  }
  return soup;
}

// A random heightfield input over 1 .. 3 tiles of `d`: a wavy ground of
// walkable spans, some null or with other areas, and extra spans in any
// order that overlap or touch others (they merge, b3d.span.add).
onepath::build3d::HeightfieldInput RandomHeightfield(std::mt19937_64& random,
                                                     const DerivedSettings& d) {
  std::uniform_real_distribution<double> unit(0, 1);
  const auto below = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(random); };
  onepath::build3d::HeightfieldInput in;
  in.width = 1 + below(3 * d.tileCells);
  in.depth = 1 + below(3 * d.tileCells);
  in.rows = 1 + below(300);
  in.originY = 200 * (unit(random) - 0.5);
  const double phase = 6 * unit(random), wave = 0.1 + unit(random);
  for (std::int64_t k = 0; k < in.depth; ++k) {
    for (std::int64_t i = 0; i < in.width; ++i) {
      std::vector<Span> column;
      const double h = in.rows * (0.4 + 0.3 * std::sin(i * wave + phase) * std::cos(k * wave));
      const int top = std::clamp(static_cast<int>(h) + below(3), 1, static_cast<int>(in.rows));
      const int kind = below(10);
      const std::uint8_t area = kind == 0   ? 0
                                : kind == 1 ? static_cast<std::uint8_t>(below(64))
                                            : 63;
      column.push_back(
          {static_cast<std::uint16_t>(below(top)), static_cast<std::uint16_t>(top), area});
      for (int extra = below(4); extra > 0; --extra) {
        const int smin = below(static_cast<int>(in.rows));
        const int smax = std::min(static_cast<int>(in.rows), smin + 1 + below(8));
        const std::uint8_t a = below(3) == 0 ? static_cast<std::uint8_t>(below(64)) : 63;
        column.insert(column.begin() + below(static_cast<int>(column.size()) + 1),
                      Span{static_cast<std::uint16_t>(smin), static_cast<std::uint16_t>(smax), a});
      }
      in.columns.push_back(column);
    }
  }
  return in;
}

// A random voxel chunk over 1 .. 3 tiles of `d`: a wavy ground, slabs
// floating above it and scattered voxels.
onepath::build3d::VoxelChunk RandomChunk(std::mt19937_64& random, const DerivedSettings& d) {
  std::uniform_real_distribution<double> unit(0, 1);
  const auto below = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(random); };
  onepath::build3d::VoxelChunk chunk;
  chunk.sizeX = 1 + below(3 * d.tileCells);
  chunk.sizeZ = 1 + below(3 * d.tileCells);
  chunk.sizeY = 1 + below(120);
  chunk.voxels.assign(static_cast<std::size_t>(chunk.sizeX * chunk.sizeY * chunk.sizeZ), 0);
  const auto at = [&](std::int64_t i, std::int64_t j, std::int64_t k) -> std::uint8_t& {
    return chunk.voxels[static_cast<std::size_t>(i + chunk.sizeX * (j + chunk.sizeY * k))];
  };
  const double phase = 6 * unit(random), wave = 0.1 + unit(random);
  for (std::int64_t k = 0; k < chunk.sizeZ; ++k)
    for (std::int64_t i = 0; i < chunk.sizeX; ++i) {
      const double h = chunk.sizeY * (0.3 + 0.2 * std::sin(i * wave + phase) * std::cos(k * wave));
      for (std::int64_t j = 0; j < std::min<std::int64_t>(chunk.sizeY, static_cast<int>(h)); ++j)
        at(i, j, k) = 1;
    }
  for (int slab = below(4); slab > 0; --slab) {
    const int i0 = below(static_cast<int>(chunk.sizeX)), k0 = below(static_cast<int>(chunk.sizeZ));
    const int j0 = below(static_cast<int>(chunk.sizeY)), thick = 1 + below(3);
    const int n = 1 + below(12);
    for (std::int64_t k = k0; k < std::min<std::int64_t>(chunk.sizeZ, k0 + n); ++k)
      for (std::int64_t i = i0; i < std::min<std::int64_t>(chunk.sizeX, i0 + n); ++i)
        for (std::int64_t j = j0; j < std::min<std::int64_t>(chunk.sizeY, j0 + thick); ++j)
          at(i, j, k) = static_cast<std::uint8_t>(1 + below(255));
  }
  for (std::uint8_t& v : chunk.voxels)
    if (below(50) == 0) v = static_cast<std::uint8_t>(v == 0 ? 1 : 0);
  return chunk;
}

constexpr const char* kStageClauses =
    "b3d.span.classify b3d.span.rasterize b3d.span.split b3d.span.add b3d.span.low-hanging "
    "b3d.span.ledges b3d.span.low-height b3d.span.compact b3d.span.connect b3d.span.erode "
    "b3d.span.volumes b3d.span.stages b3d.span.recast";

// Prints a source's tally and time, adds it to the total and checks it: no
// mismatch, no tile skipped, and no comparison left vacuous (the
// low-height adjustment mattered somewhere, erosion and volumes changed
// areas).
void Finish(const char* source, const Tally& tally, std::chrono::steady_clock::time_point start) {
  b3d_recast::FinishSource(source, tally, start);
  EXPECT_EQ(tally.skippedRows, 0);
  EXPECT_GT(tally.lowHeightShown, 0);
  EXPECT_GT(tally.erodedNull, 0);
  EXPECT_GT(tally.volumeMarked, 0);
}

// The cases of soup input occurred too.
void ExpectSoupCases(const Tally& tally) {
  EXPECT_GT(tally.spansWhole, 0);
  EXPECT_GT(tally.spansRestricted, 0);
  EXPECT_GT(tally.lowEdgeShown, 0);
  EXPECT_GT(tally.inexactSlope, 0);
  EXPECT_GT(tally.walkableTriangles, 0);
}

// ---- the tests ----

TEST(Build3DRecastDifferential, GeneratedLevels) {
  CLAUSE(kStageClauses);
  const auto start = std::chrono::steady_clock::now();
  const std::vector<NavSettings> presets = LevelSettings();
  Tally tally;
  std::mt19937_64 random(2026);
  b3d_recast::ForEachLevel(
      4, [&](const std::string& label, onepath::gen::LevelOptions options, std::size_t level) {
        // Seed 4 at size 16: every triangle cut in four (smaller triangles,
        // more of them avoiding the low edges).
        options.subdivide = options.seed == 4 && options.size == 16 ? 2 : 1;
        const TriangleSoup soup = ToSoup(onepath::gen::MakeLevel(options).soup);
        const NavSettings& settings = presets[level % presets.size()];
        const auto volumes = RandomVolumes(random, 0, options.size, -0.5, 6, 4);
        CompareSoup(label, soup, volumes, settings, OracleStages{}, tally);
      });
  Finish("generated levels", tally, start);
  ExpectSoupCases(tally);
  EXPECT_GE(tally.tiles, 5000);
}

TEST(Build3DRecastDifferential, RandomSoups) {
  CLAUSE(kStageClauses);
  CLAUSE("b3d.settings b3d.tile-cells b3d.walkable-settings b3d.slope-cosine");
  const auto start = std::chrono::steady_clock::now();
  Tally tally;
  std::mt19937_64 random(26);
  for (int soupIndex = 0; tally.tiles + tally.skippedRows < 6000; ++soupIndex) {
    const NavSettings settings = RandomSettings(random);
    const TriangleSoup soup = RandomSoup(random, settings);
    // Volumes over the soup's bounds (x and z alike), reaching a little
    // beyond them.
    float lo = soup.vertices[0], hi = lo, ylo = soup.vertices[1], yhi = ylo;
    for (std::size_t i = 0; i < soup.vertices.size(); i += 3) {
      lo = std::min({lo, soup.vertices[i], soup.vertices[i + 2]});
      hi = std::max({hi, soup.vertices[i], soup.vertices[i + 2]});
      ylo = std::min(ylo, soup.vertices[i + 1]);
      yhi = std::max(yhi, soup.vertices[i + 1]);
    }
    const double pad = settings.CellHeight * 4;
    const auto volumes = RandomVolumes(random, lo, hi, ylo - pad, yhi + pad,
                                       std::uniform_int_distribution<int>(0, 3)(random));
    CompareSoup("random soup " + std::to_string(soupIndex), soup, volumes, settings, OracleStages{},
                tally);
  }
  Finish("random soups", tally, start);
  ExpectSoupCases(tally);
  EXPECT_GE(tally.tiles, 5000);
}

TEST(Build3DRecastDifferential, HeightfieldAndChunkInput) {
  CLAUSE(kStageClauses);
  CLAUSE(
      "b3d.span.from-heightfield b3d.span.from-chunk b3d.voxel-mapping b3d.heightfield-input "
      "b3d.chunk-input");
  const auto start = std::chrono::steady_clock::now();
  Tally tally;
  std::mt19937_64 random(30);
  for (int index = 0; tally.tiles + tally.skippedRows < 2000; ++index) {
    const NavSettings settings = RandomSettings(random);
    const DerivedSettings d = Mesh3DPipeline::DeriveSettings(settings);
    // Volumes over the first three tiles of the source, all rows.
    const double lo = settings.OriginX, hi = lo + 3 * d.tileCells * d.cs;
    if (index % 2 == 0) {
      const auto input = RandomHeightfield(random, d);
      const double y0 = input.originY, y1 = y0 + input.rows * settings.CellHeight;
      const auto volumes = RandomVolumes(random, lo, hi, y0, y1, 1 + index % 3);
      CompareVoxelInput("random heightfield " + std::to_string(index), input, volumes, settings,
                        tally);
    } else {
      const auto chunk = RandomChunk(random, d);
      const auto volumes =
          RandomVolumes(random, lo, hi, 0, chunk.sizeY * settings.CellHeight, 1 + index % 3);
      CompareVoxelInput("random chunk " + std::to_string(index), chunk, volumes, settings, tally);
    }
  }
  Finish("heightfield and chunk input", tally, start);
  EXPECT_GE(tally.tiles, 2000);
}

TEST(Build3DRecastDifferential, AtLeastTenThousandTiles) {
  // Runs after the three above (GoogleTest keeps the order of definition).
  b3d_recast::ExpectTotal<Tally>(3);
}

// ---- negative controls: the same comparison must catch a planted difference ----

TEST(Build3DRecastDifferentialNegative, FlippedLowHeightComparisonIsCaught) {
  // e75adf8's own "<=" in place of 1.6.0's "<": the multifloor levels have
  // clearances of exactly WalkableHeight (2.0 world = 10 rows by default).
  const TriangleSoup soup = b3d_recast::LevelSoup(onepath::gen::LevelKind::kMultifloor, 32);
  OracleStages flipped;
  flipped.lowHeight = &ro::FilterLowHeightSpansUnadjusted;
  Tally tally;
  CompareSoup("multifloor, flipped low-height", soup, {}, NavSettings{}, flipped, tally);
  tally.Print("negative control, flipped low-height comparison");
  EXPECT_GT(tally.mismatches, 0);
  ASSERT_FALSE(tally.firstMismatches.empty());
  EXPECT_NE(tally.firstMismatches[0].find("stage low-height, column ("), std::string::npos)
      << tally.firstMismatches[0];
  // The same tiles with the adjusted oracle: no mismatch.
  Tally adjusted;
  CompareSoup("multifloor", soup, {}, NavSettings{}, OracleStages{}, adjusted);
  EXPECT_EQ(adjusted.mismatches, 0);
  EXPECT_GT(adjusted.lowHeightShown, 0);
}

// Replaces span `span` of column `column` through `change`.
template <typename Value, typename Change>
Value Changed(const Value& value, std::size_t column, std::size_t span, Change change) {
  auto lists = onepath::build3d::ColumnLists(value);
  change(lists[column][span]);
  return Value(value.width(), value.depth(), lists);
}

// The first column with a walkable span and its position.
template <typename Value>
std::size_t FirstColumnWithSpans(const Value& value) {
  for (std::size_t c = 0; c < value.columnCount(); ++c)
    if (!value.Column(c).empty() && value.Column(c)[0].area != 0) return c;
  return value.columnCount();
}

TEST(Build3DRecastDifferentialNegative, ChangedResultsAreCaught) {
  // Tile (0, 0) of a rooms level at the origin: every triangle lies at
  // x, z >= 0 > bmin, so the whole stage `spans` is compared.
  const TriangleSoup soup = b3d_recast::LevelSoup(onepath::gen::LevelKind::kRooms, 16);
  const NavSettings settings;
  const DerivedSettings d = Mesh3DPipeline::DeriveSettings(settings);
  std::mt19937_64 random(7);
  const auto volumes = RandomVolumes(random, 0, 16, -0.5, 6, 4);
  const Mesh3DTileSpans good = Mesh3DPipeline::TileSpans(soup, volumes, settings, 0, 0);
  Tally tally;
  const auto clean = CompareTile(soup, volumes, settings, d, good, OracleStages{}, tally);
  ASSERT_FALSE(clean.has_value()) << clean->stage << ": " << clean->where;
  ASSERT_EQ(tally.spansWhole, 1);

  const std::size_t c = FirstColumnWithSpans(good.lowHeight);
  const std::size_t k = FirstColumnWithSpans(good.compact);
  ASSERT_LT(c, good.lowHeight.columnCount());
  ASSERT_LT(k, good.compact.columnCount());
  const std::string at = b3d_recast::ColumnSpan(c, 0, good.grid.width);
  const std::string atCompact = b3d_recast::ColumnSpan(k, 0, good.grid.width);
  struct Planted {
    const char* what;
    Mesh3DTileSpans tile;
    const char* stage;
    std::string where;
  };
  std::vector<Planted> planted;
  {
    Mesh3DTileSpans t = good;
    t.triangles->triangles[0].area ^= 63;
    planted.push_back({"one triangle's area", t, "triangles", "tile triangle 0 "});
  }
  {
    Mesh3DTileSpans t = good;
    t.spans = Changed(good.spans, c, 0, [](Span& s) { s.smax += 1; });
    planted.push_back({"one span's top", t, "spans", at});
  }
  for (Heightfield Mesh3DTileSpans::*stage :
       {&Mesh3DTileSpans::lowHanging, &Mesh3DTileSpans::ledges, &Mesh3DTileSpans::lowHeight}) {
    Mesh3DTileSpans t = good;
    t.*stage = Changed(good.*stage, c, 0, [](Span& s) { s.area ^= 1; });
    const char* name = stage == &Mesh3DTileSpans::lowHanging ? "low-hanging"
                       : stage == &Mesh3DTileSpans::ledges   ? "ledges"
                                                             : "low-height";
    planted.push_back({"one span's area", t, name, at});
  }
  {
    Mesh3DTileSpans t = good;
    t.compact =
        Changed(good.compact, k, 0, [](CompactSpan& s) { s.con[1] = s.con[1] == 63 ? 0 : 63; });
    planted.push_back({"one connection", t, "compact", atCompact});
  }
  {
    Mesh3DTileSpans t = good;
    t.eroded = Changed(good.eroded, k, 0, [](CompactSpan& s) { s.area ^= 2; });
    planted.push_back({"one compact span's area", t, "eroded", atCompact});
  }
  {
    Mesh3DTileSpans t = good;
    t.volumes = Changed(good.volumes, k, 0, [](CompactSpan& s) { s.area ^= 4; });
    planted.push_back({"one compact span's area", t, "volumes", atCompact});
  }
  for (const Planted& p : planted) {
    const auto m = CompareTile(soup, volumes, settings, d, p.tile, OracleStages{}, tally);
    ASSERT_TRUE(m.has_value()) << p.what << " in " << p.stage << " went unnoticed";
    EXPECT_EQ(m->stage, p.stage) << p.what << ": " << m->where;
    EXPECT_EQ(m->where.rfind(p.where, 0), 0u) << p.what << " in " << p.stage << ": " << m->where;
  }
}

}  // namespace
