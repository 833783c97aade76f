// RapidCheck properties of the 3D span stages (docs/spec/build3d-tiles.md,
// build3d-spans.md), each run inside a plain GoogleTest test with a fixed
// seed. Why each holds, from the text:
//  - b3d.span.heightfield lists the invariants every stage's heightfield
//    keeps; the filters change areas only; compaction keeps one compact
//    span per non-null span with y = its smax (b3d.span.compact); every
//    connection names an existing span (b3d.span.connect), which is what
//    b3d.span.stage-input checks of a compact value.
//  - b3d.may-be-walkable: in a tile none of whose triangles MayBeWalkable
//    every span has area 0 and the compact heightfield is empty.
//  - b3d.span.from-heightfield copies spans that already satisfy the
//    invariants as they are, and the later stages read nothing but the
//    heightfield (and the grid, for volumes): a soup tile's spans given as
//    heightfield input reproduce every later stage.
//  - b3d.span.add is a short pseudo-code; AddSpanModel below transcribes
//    it on a plain vector, independently of the pooled lists.
//  - b3d.span.add merges overlapping and touching spans, so the rows a
//    column covers after any sequence of additions are the union of the
//    rows of the spans added (b3d.span.from-heightfield); a chunk column's
//    spans are its maximal solid runs (b3d.span.from-chunk), which
//    ChunkRunsModel computes straight from the voxels.
#include <rapidcheck.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/check_property.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/build3d.hpp"
#include "onepath/build3d/internal/span_columns.hpp"
#include "onepath/build3d/internal/stages.hpp"

namespace {

using namespace onepath::build3d;
using onepath::proptest::CheckProperty;

// A few settings: the defaults; cells of 1/4 with a small agent; coarse
// cells with a wide agent and a steep slope limit; rows of 1/8000 with a
// short agent, so that a soup of AnySoup (y within 0 .. 8) has up to
// 8 / 1.25e-4 + WalkableHeight + 3 = 64163 rows, far above Recast's 8191.
NavSettings AnySettings(int kind) {
  NavSettings s;
  if (kind == 3) {
    s.CellHeight = 1.25e-4;
    s.AgentHeight = 0.02;
    s.AgentMaxClimb = 0.01;
  }
  if (kind == 1) {
    s.CellSize = 0.25;
    s.CellHeight = 0.125;
    s.TileSize = 4.0;
    s.AgentHeight = 1.0;
    s.AgentRadius = 0.25;
    s.AgentMaxClimb = 0.25;
    s.AgentMaxSlopeDegrees = 30.0;
  } else if (kind == 2) {
    s.CellSize = 0.5;
    s.CellHeight = 0.3;
    s.TileSize = 7.3;
    s.AgentRadius = 1.2;
    s.AgentMaxClimb = 0.7;
    s.AgentMaxSlopeDegrees = 60.0;
    s.OriginX = 1.7;
    s.OriginZ = -2.2;
  }
  return s;
}

// A coordinate in 0 .. 12 (1/64 steps, or any binary32 there).
rc::Gen<float> Coordinate(float high) {
  return rc::gen::oneOf(rc::gen::map(rc::gen::inRange(0, static_cast<int>(high * 64) + 1),
                                     [](int k) { return k / 64.0f; }),
                        rc::gen::map(rc::gen::inRange(0, 1 << 20), [high](int k) {
                          return high * static_cast<float>(k) / static_cast<float>(1 << 20);
                        }));
}

// A soup of 1..24 triangles: floors (flat or gently sloped), walls, and
// arbitrary triangles, of any winding.
TriangleSoup AnySoup() {
  const int n = *rc::gen::inRange(1, 25);
  TriangleSoup soup;
  for (int t = 0; t < n; ++t) {
    const int kind = *rc::gen::inRange(0, 3);
    const float x = *Coordinate(12), z = *Coordinate(12), y = *Coordinate(4);
    const float dx = *Coordinate(6), dz = *Coordinate(6), dy = *Coordinate(kind == 0 ? 0.5f : 4);
    std::vector<float> v;
    if (kind == 0) {
      v = {x, y, z, x, y + dy, z + dz, x + dx, y, z};
    } else if (kind == 1) {
      v = {x, y, z, x, y + dy, z, x + dx, y, z + dz * 0.01f};
    } else {
      v = {x, y, z, x + dx, *Coordinate(4), z + dz, *Coordinate(12), y + dy, *Coordinate(12)};
    }
    if (*rc::gen::arbitrary<bool>()) {
      std::swap(v[3], v[6]);
      std::swap(v[4], v[7]);
      std::swap(v[5], v[8]);
    }
    const auto base = static_cast<std::int32_t>(soup.vertices.size() / 3);
    soup.vertices.insert(soup.vertices.end(), v.begin(), v.end());
    soup.indices.insert(soup.indices.end(), {base, base + 1, base + 2});
  }
  return soup;
}

// The heightfield invariants (b3d.span.heightfield) and tops within the
// grid's rows (a soup's span tops are at most rows + 1).
void CheckValidHeightfield(const Heightfield& h, const TileGrid& g) {
  RC_ASSERT(h.width() == g.width);
  RC_ASSERT(h.depth() == g.width);
  RC_ASSERT(h.columnCount() == static_cast<std::size_t>(g.width) * g.width);
  onepath::build3d::internal::CheckHeightfield(h);  // throws on any violation
  for (const Span& s : h.spans()) {
    RC_ASSERT(s.smin < s.smax);
    RC_ASSERT(s.smax <= g.rows + 1);
    RC_ASSERT(s.area == 0 || s.area == 63);
  }
}

// Same extents, column by column.
bool SameExtents(const Heightfield& a, const Heightfield& b) {
  if (a.columnCount() != b.columnCount()) return false;
  for (std::size_t c = 0; c < a.columnCount(); ++c) {
    const auto x = a.Column(c), y = b.Column(c);
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (x[i].smin != y[i].smin || x[i].smax != y[i].smax) return false;
    }
  }
  return true;
}

// b3d.span.add, transcribed on a vector.
void AddSpanModel(std::vector<Span>& column, Span add, int threshold) {
  Span n = add;
  std::size_t i = 0;
  while (i < column.size()) {
    const Span s = column[i];
    if (s.smin > n.smax) break;
    if (s.smax < n.smin) {
      ++i;
      continue;
    }
    n.smin = std::min(n.smin, s.smin);
    n.smax = std::max(n.smax, s.smax);
    if (std::abs(int{n.smax} - int{s.smax}) <= threshold) n.area = std::max(n.area, s.area);
    column.erase(column.begin() + static_cast<std::ptrdiff_t>(i));
  }
  column.insert(column.begin() + static_cast<std::ptrdiff_t>(i), n);
}

// Up to three area volumes over the soups' extent (any area, also 0).
std::vector<ConvexVolume> AnyVolumes() {
  std::vector<ConvexVolume> volumes(static_cast<std::size_t>(*rc::gen::inRange(0, 4)));
  for (ConvexVolume& v : volumes) {
    const int n = *rc::gen::inRange(3, 7);
    for (int i = 0; i < n; ++i) v.points.push_back({*Coordinate(16) - 2, *Coordinate(16) - 2});
    v.minY = *Coordinate(8) - 2;
    v.maxY = *Coordinate(8) - 2;
    v.area = *rc::gen::inRange(0, 64);
  }
  return volumes;
}

// The rows a list of spans covers, as a sorted list of row numbers.
std::vector<int> CoveredRows(std::span<const Span> spans) {
  std::vector<int> rows;
  for (const Span& sp : spans) {
    for (int r = sp.smin; r < sp.smax; ++r) rows.push_back(r);
  }
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  return rows;
}

// b3d.span.from-chunk from the voxels: the maximal solid runs of chunk
// column (i, k), bottom up, as spans of area 63.
std::vector<Span> ChunkRunsModel(const VoxelChunk& c, std::int64_t i, std::int64_t k) {
  std::vector<Span> runs;
  for (std::int64_t j = 0; j < c.sizeY; ++j) {
    if (c.voxels[static_cast<std::size_t>(i + c.sizeX * (j + c.sizeY * k))] == 0) continue;
    if (!runs.empty() && runs.back().smax == j) {
      ++runs.back().smax;
    } else {
      runs.push_back({static_cast<std::uint16_t>(j), static_cast<std::uint16_t>(j + 1), 63});
    }
  }
  return runs;
}

// Cells and rows of 1, tiles of 4, WalkableHeight 1..3, WalkableClimb
// 0..2, WalkableRadius 0 or 1 (B = 3 or 4).
NavSettings AnyUnitSettings() {
  return onepath::b3dtest::UnitSettings(*rc::gen::inRange(1, 4), *rc::gen::inRange(0, 3),
                                        *rc::gen::inRange(0, 2));
}

// b3d.voxel-mapping: the index i + sizeX * k of the source column that grid
// column (c, r) of `tile` shows, or -1 outside the source.
std::int64_t SourceIndex(const TileGrid& grid, const TileIndex& tile, std::int64_t c,
                         std::int64_t r, std::int64_t sizeX, std::int64_t sizeZ) {
  const std::int64_t i = SourceColumn(grid, tile.x, c);
  const std::int64_t k = SourceColumn(grid, tile.z, r);
  return 0 <= i && i < sizeX && 0 <= k && k < sizeZ ? i + sizeX * k : -1;
}

// Every heightfield stage of a tile is valid with the same extents, and
// every compact stage is valid (b3d.span.heightfield,
// b3d.span.compact-heightfield).
void CheckStagesValid(const Mesh3DTileSpans& t, int maxTop) {
  for (const Heightfield* h : {&t.spans, &t.lowHanging, &t.ledges, &t.lowHeight}) {
    RC_ASSERT(h->columnCount() == static_cast<std::size_t>(t.grid.width) * t.grid.width);
    onepath::build3d::internal::CheckHeightfield(*h);
    for (const Span& sp : h->spans()) RC_ASSERT(sp.smax <= maxTop);
    RC_ASSERT(SameExtents(*h, t.spans));
  }
  for (const CompactHeightfield* c : {&t.compact, &t.eroded, &t.volumes}) {
    onepath::build3d::internal::CheckCompactHeightfield(*c);
  }
}

rc::Gen<Span> AnySpan() {
  return rc::gen::apply(
      [](int smin, int length, int area) {
        return Span{static_cast<std::uint16_t>(smin), static_cast<std::uint16_t>(smin + length),
                    static_cast<std::uint8_t>(area)};
      },
      rc::gen::inRange(0, 60), rc::gen::inRange(1, 8), rc::gen::inRange(0, 64));
}

}  // namespace

// b3d.span.ledges transcribed line by line from the clause's pseudo-code
// (every direction, every neighbour span, no early exit): the areas after
// the filter, span after span.
std::vector<std::uint8_t> LedgeAreasModel(const Heightfield& h, int wh, int wc) {
  constexpr int kOpen = 65535;
  const int dx[4] = {-1, 0, 1, 0};
  const int dz[4] = {0, 1, 0, -1};
  std::vector<std::uint8_t> areas;
  const auto w = static_cast<int>(h.width());
  const auto d = static_cast<int>(h.depth());
  for (int z = 0; z < d; ++z) {
    for (int x = 0; x < w; ++x) {
      const auto column = h.Column(static_cast<std::size_t>(x + w * z));
      for (std::size_t i = 0; i < column.size(); ++i) {
        const Span& s = column[i];
        if (s.area == 0) {
          areas.push_back(0);
          continue;
        }
        const int bot = s.smax;
        const int top = i + 1 < column.size() ? column[i + 1].smin : kOpen;
        int minDrop = kOpen;
        int accMin = s.smax;
        int accMax = s.smax;
        for (int dir = 0; dir < 4; ++dir) {
          const int nx = x + dx[dir];
          const int nz = z + dz[dir];
          if (nx < 0 || nz < 0 || nx >= w || nz >= d) {
            minDrop = std::min(minDrop, -wc - bot);
            continue;
          }
          const auto n = h.Column(static_cast<std::size_t>(nx + w * nz));
          int nTop = n.empty() ? kOpen : n[0].smin;
          if (std::min(top, nTop) - std::max(bot, -wc) > wh) minDrop = std::min(minDrop, -wc - bot);
          for (std::size_t k = 0; k < n.size(); ++k) {
            const int nBot = n[k].smax;
            nTop = k + 1 < n.size() ? n[k + 1].smin : kOpen;
            if (std::min(top, nTop) - std::max(bot, nBot) > wh) {
              minDrop = std::min(minDrop, nBot - bot);
              if (std::abs(nBot - bot) <= wc) {
                accMin = std::min(accMin, nBot);
                accMax = std::max(accMax, nBot);
              }
            }
          }
        }
        const bool ledge = minDrop < -wc || accMax - accMin > wc;
        areas.push_back(ledge ? 0 : s.area);
      }
    }
  }
  return areas;
}

TEST(Build3DProperties, EveryStagesValueIsValid) {
  CLAUSE("b3d.span.heightfield b3d.span.compact-heightfield b3d.span.rasterize b3d.span.stages");
  CheckProperty(
      [] {
        const NavSettings s = AnySettings(*rc::gen::inRange(0, 4));
        const TriangleSoup soup = AnySoup();
        const TileRange range = SoupTiles(soup, s);
        for (const TileIndex& tile : BuildOrder(range)) {
          const Mesh3DTileSpans t = Mesh3DPipeline::TileSpans(soup, {}, s, tile.x, tile.z);
          for (const Heightfield* h : {&t.spans, &t.lowHanging, &t.ledges, &t.lowHeight}) {
            CheckValidHeightfield(*h, t.grid);
            RC_ASSERT(SameExtents(*h, t.spans));
          }
          // The ledge and low-height filters only null areas.
          for (std::size_t i = 0; i < t.spans.spans().size(); ++i) {
            RC_ASSERT(t.ledges.spans()[i].area == t.lowHanging.spans()[i].area ||
                      t.ledges.spans()[i].area == 0);
            RC_ASSERT(t.lowHeight.spans()[i].area == t.ledges.spans()[i].area ||
                      t.lowHeight.spans()[i].area == 0);
          }
          // One compact span per non-null span, floor at its top.
          for (const CompactHeightfield* c : {&t.compact, &t.eroded, &t.volumes}) {
            onepath::build3d::internal::CheckCompactHeightfield(*c);
            RC_ASSERT(c->columnCount() == t.lowHeight.columnCount());
          }
          for (std::size_t col = 0; col < t.lowHeight.columnCount(); ++col) {
            std::vector<std::uint16_t> tops;
            for (const Span& sp : t.lowHeight.Column(col)) {
              if (sp.area != 0) tops.push_back(sp.smax);
            }
            const auto compact = t.compact.Column(col);
            RC_ASSERT(compact.size() == tops.size());
            for (std::size_t i = 0; i < tops.size(); ++i) RC_ASSERT(compact[i].y == tops[i]);
          }
        }
      },
      150);
}

TEST(Build3DProperties, ASkippedTileBuildsNothing) {
  CLAUSE("b3d.may-be-walkable b3d.span.classify");
  int skipped = 0;
  CheckProperty(
      [&] {
        const NavSettings s = AnySettings(*rc::gen::inRange(0, 4));
        TriangleSoup soup = AnySoup();
        // Make most triangles face down, so that many tiles have none that
        // may be walkable.
        for (std::size_t t = 0; t < soup.indices.size(); t += 3) {
          if (*rc::gen::inRange(0, 5) != 0) std::swap(soup.indices[t + 1], soup.indices[t + 2]);
        }
        const DerivedSettings d = DeriveSettings(s);
        const TileRange range = SoupTiles(soup, s);
        for (const TileIndex& tile : BuildOrder(range)) {
          const auto triangles = SelectTileTriangles(soup, s, d, range, tile.x, tile.z);
          if (AnyMayBeWalkable(soup, triangles, d.slopeCosine)) continue;
          ++skipped;
          // Built anyway, with any volumes: every span of every filter
          // stage has area 0 and every compact stage is empty, so the
          // tile would give no regions and no polygons (000 §5): skipping
          // it changes nothing.
          const std::vector<ConvexVolume> volumes = AnyVolumes();
          const Mesh3DTileSpans t = Mesh3DPipeline::TileSpans(soup, volumes, s, tile.x, tile.z);
          for (const TileTriangle& tri : t.triangles->triangles) RC_ASSERT(tri.area == 0);
          for (const Heightfield* h : {&t.spans, &t.lowHanging, &t.ledges, &t.lowHeight}) {
            for (const Span& sp : h->spans()) RC_ASSERT(sp.area == 0);
          }
          RC_ASSERT(t.compact.spans().empty());
          RC_ASSERT(t.eroded.spans().empty());
          RC_ASSERT(t.volumes.spans().empty());
        }
      },
      300);
  EXPECT_GT(skipped, 100);
}

TEST(Build3DProperties, HeightfieldInputOfASoupTileReproducesItsStages) {
  CLAUSE("b3d.span.from-heightfield b3d.voxel-mapping b3d.heightfield-input");
  CheckProperty(
      [] {
        const NavSettings s = AnySettings(*rc::gen::inRange(0, 4));
        const TriangleSoup soup = AnySoup();
        const TileRange range = SoupTiles(soup, s);
        const TileIndex tile = *rc::gen::elementOf(BuildOrder(range));
        const Mesh3DTileSpans t = Mesh3DPipeline::TileSpans(soup, {}, s, tile.x, tile.z);
        // Tile (1, 1) of a heightfield shows source column (tileCells - B + c,
        // tileCells - B + r) in grid column (c, r); every preset has
        // tileCells >= B.
        const std::int64_t shift = t.grid.tileCells - t.grid.border;
        RC_ASSERT(shift >= 0);
        const std::int64_t w = t.grid.width;
        HeightfieldInput in;
        in.width = in.depth = shift + w;
        in.rows = t.grid.rows + 1;
        in.originY = t.grid.originY;
        in.columns.resize(static_cast<std::size_t>(in.width * in.depth));
        for (std::int64_t r = 0; r < w; ++r) {
          for (std::int64_t c = 0; c < w; ++c) {
            // The column's spans in any order (they are strictly separated,
            // so AddSpan with threshold 0 puts them back as they were).
            const auto column = t.spans.Column(static_cast<std::size_t>(c + w * r));
            std::vector<Span>& source =
                in.columns[static_cast<std::size_t>(shift + c + in.width * (shift + r))];
            source.assign(column.begin(), column.end());
            for (std::size_t i = source.size(); i > 1; --i) {
              std::swap(source[i - 1], source[*rc::gen::inRange<std::size_t>(0, i)]);
            }
          }
        }
        const Mesh3DTileSpans h = Mesh3DPipeline::TileSpans(in, {}, s, 1, 1);
        RC_ASSERT(h.spans == t.spans);
        RC_ASSERT(h.lowHanging == t.lowHanging);
        RC_ASSERT(h.ledges == t.ledges);
        RC_ASSERT(h.lowHeight == t.lowHeight);
        RC_ASSERT(h.compact == t.compact);
        RC_ASSERT(h.eroded == t.eroded);
        RC_ASSERT(h.volumes == t.volumes);
      },
      200);
}

TEST(Build3DProperties, AddSpanEqualsThePseudoCode) {
  CLAUSE("b3d.span.add");
  CheckProperty([] {
    const auto spans = *rc::gen::container<std::vector<Span>>(AnySpan());
    const int threshold = *rc::gen::inRange(0, 6);
    std::vector<Span> model;
    onepath::build3d::internal::SpanColumns columns(1, 1);
    for (const Span& sp : spans) {
      AddSpanModel(model, sp, threshold);
      columns.AddSpan(0, sp.smin, sp.smax, sp.area, threshold);
    }
    RC_ASSERT(columns.Column(0) == model);
    // Valid: strictly separated, in order.
    for (std::size_t i = 1; i < model.size(); ++i) RC_ASSERT(model[i - 1].smax < model[i].smin);
  });
}

TEST(Build3DProperties, ReusedSpanColumnsEqualFreshOnes) {
  CLAUSE("b3d.span.add");
  // The rasterizer keeps one SpanColumns per thread from tile to tile
  // (Reset, Take): whatever an earlier tile left in the pool, the columns
  // must come out as from a fresh SpanColumns (itself checked against the
  // pseudo-code above).
  CheckProperty([] {
    using onepath::build3d::internal::SpanColumns;
    const auto earlier = *rc::gen::container<std::vector<Span>>(AnySpan());
    const auto spans = *rc::gen::container<std::vector<Span>>(AnySpan());
    const int threshold = *rc::gen::inRange(0, 6);
    const bool takeFirst = *rc::gen::arbitrary<bool>();
    SpanColumns reused(3, 2);
    for (std::size_t k = 0; k < earlier.size(); ++k) {
      reused.AddSpan(k % 6, earlier[k].smin, earlier[k].smax, earlier[k].area, threshold);
    }
    if (takeFirst) reused.Take();
    reused.Reset(2, 2);
    SpanColumns fresh(2, 2);
    for (std::size_t k = 0; k < spans.size(); ++k) {
      reused.AddSpan(k % 4, spans[k].smin, spans[k].smax, spans[k].area, threshold);
      fresh.AddSpan(k % 4, spans[k].smin, spans[k].smax, spans[k].area, threshold);
    }
    RC_ASSERT(CanonicalBytes(reused.Take()) == CanonicalBytes(fresh.Take()));
  });
}

TEST(Build3DProperties, LedgeFilterEqualsThePseudoCode) {
  CLAUSE("b3d.span.ledges");
  // Small grids whose columns hold zero to three spans (the filter has a
  // path of its own for a neighbour column of one span), rows near 0 so
  // that the floor -WC, the grid's edge and the open top all matter.
  CheckProperty([] {
    const int w = *rc::gen::inRange(1, 5);
    const int d = *rc::gen::inRange(1, 5);
    const int wh = *rc::gen::inRange(0, 6);
    const int wc = *rc::gen::inRange(0, 4);
    std::vector<std::vector<Span>> columns(static_cast<std::size_t>(w * d));
    for (auto& column : columns) {
      const int n = *rc::gen::inRange(0, 4);
      int row = *rc::gen::inRange(0, 4);
      for (int i = 0; i < n; ++i) {
        const int length = *rc::gen::inRange(1, 5);
        const int area = *rc::gen::element(0, 63, 7);
        column.push_back({static_cast<std::uint16_t>(row), static_cast<std::uint16_t>(row + length),
                          static_cast<std::uint8_t>(area)});
        row += length + *rc::gen::inRange(1, 9);
      }
    }
    Heightfield h(w, d, columns);
    const std::vector<std::uint8_t> expected = LedgeAreasModel(h, wh, wc);
    onepath::build3d::internal::FilterLedgeSpans(h, wh, wc);
    std::vector<std::uint8_t> areas;
    for (const Span& sp : h.spans()) areas.push_back(sp.area);
    RC_ASSERT(areas == expected);
  });
}

TEST(Build3DProperties, SeparatedSpansInAnyOrderAreCopiedAsTheyAre) {
  CLAUSE("b3d.span.from-heightfield b3d.span.add");
  CheckProperty([] {
    // A valid column: gaps of at least one row between spans.
    std::vector<Span> column;
    int row = *rc::gen::inRange(0, 5);
    const int n = *rc::gen::inRange(0, 12);
    for (int i = 0; i < n; ++i) {
      const int length = *rc::gen::inRange(1, 6);
      column.push_back({static_cast<std::uint16_t>(row), static_cast<std::uint16_t>(row + length),
                        static_cast<std::uint8_t>(*rc::gen::inRange(0, 64))});
      row += length + *rc::gen::inRange(1, 4);
    }
    std::vector<Span> shuffled = column;  // a Fisher-Yates shuffle
    for (std::size_t i = shuffled.size(); i > 1; --i) {
      std::swap(shuffled[i - 1], shuffled[*rc::gen::inRange<std::size_t>(0, i)]);
    }
    onepath::build3d::internal::SpanColumns columns(1, 1);
    for (const Span& sp : shuffled) columns.AddSpan(0, sp.smin, sp.smax, sp.area, 0);
    RC_ASSERT(columns.Column(0) == column);
  });
}

TEST(Build3DProperties, ValuesRoundTripThroughListsAndRunsRepeat) {
  CLAUSE("b3d.span.heightfield b3d.span.compact-heightfield b3d.span.stages");
  CheckProperty(
      [] {
        const NavSettings s = AnySettings(*rc::gen::inRange(0, 4));
        const TriangleSoup soup = AnySoup();
        const TileIndex tile = *rc::gen::elementOf(BuildOrder(SoupTiles(soup, s)));
        const Mesh3DTileSpans a = Mesh3DPipeline::TileSpans(soup, {}, s, tile.x, tile.z);
        const Mesh3DTileSpans b = Mesh3DPipeline::TileSpans(soup, {}, s, tile.x, tile.z);
        RC_ASSERT(CanonicalBytes(a.spans) == CanonicalBytes(b.spans));
        RC_ASSERT(CanonicalBytes(a.volumes) == CanonicalBytes(b.volumes));
        RC_ASSERT(CanonicalBytes(*a.triangles) == CanonicalBytes(*b.triangles));
        const Heightfield h(a.spans.width(), a.spans.depth(), ColumnLists(a.spans));
        RC_ASSERT(h == a.spans);
        RC_ASSERT(CanonicalBytes(h) == CanonicalBytes(a.spans));
        const CompactHeightfield c(a.volumes.width(), a.volumes.depth(), ColumnLists(a.volumes));
        RC_ASSERT(CanonicalBytes(c) == CanonicalBytes(a.volumes));
      },
      100);
}

TEST(Build3DProperties, AnyHeightfieldInputGivesValidStagesCoveringItsRows) {
  CLAUSE("b3d.span.from-heightfield b3d.span.heightfield b3d.span.add b3d.voxel-mapping");
  CheckProperty(
      [] {
        const NavSettings s = AnyUnitSettings();
        HeightfieldInput in;
        in.width = *rc::gen::inRange(1, 10);
        in.depth = *rc::gen::inRange(1, 10);
        in.rows = *rc::gen::inRange(1, 40);
        in.originY = *Coordinate(8) - 4;
        // Spans in any order, overlapping, touching or apart, any area.
        for (std::int64_t c = 0; c < in.width * in.depth; ++c) {
          std::vector<Span> column(static_cast<std::size_t>(*rc::gen::inRange(0, 6)));
          for (Span& sp : column) {
            const int smin = *rc::gen::inRange(0, static_cast<int>(in.rows));
            const int smax = *rc::gen::inRange(smin + 1, static_cast<int>(in.rows) + 1);
            sp = {static_cast<std::uint16_t>(smin), static_cast<std::uint16_t>(smax),
                  static_cast<std::uint8_t>(*rc::gen::inRange(0, 64))};
          }
          in.columns.push_back(column);
        }
        for (const TileIndex& tile :
             BuildOrder(VoxelTiles(in.width, in.depth, DeriveSettings(s)))) {
          const Mesh3DTileSpans t = Mesh3DPipeline::TileSpans(in, {}, s, tile.x, tile.z);
          CheckStagesValid(t, static_cast<int>(in.rows));
          for (std::int64_t r = 0; r < t.grid.width; ++r) {
            for (std::int64_t c = 0; c < t.grid.width; ++c) {
              const std::int64_t source = SourceIndex(t.grid, tile, c, r, in.width, in.depth);
              const std::vector<int> expected =
                  source < 0 ? std::vector<int>{}
                             : CoveredRows(in.columns[static_cast<std::size_t>(source)]);
              RC_ASSERT(CoveredRows(t.spans.Column(
                            static_cast<std::size_t>(c + t.grid.width * r))) == expected);
            }
          }
        }
      },
      300);
}

TEST(Build3DProperties, ChunkColumnsAreTheirSolidRuns) {
  CLAUSE("b3d.span.from-chunk b3d.chunk-input b3d.voxel-mapping b3d.span.heightfield");
  CheckProperty(
      [] {
        const NavSettings s = AnyUnitSettings();
        VoxelChunk c;
        c.sizeX = *rc::gen::inRange(1, 9);
        c.sizeY = *rc::gen::inRange(0, 16);
        c.sizeZ = *rc::gen::inRange(1, 9);
        const int density = *rc::gen::inRange(1, 4);  // a quarter to three quarters solid
        for (std::int64_t v = 0; v < c.sizeX * c.sizeY * c.sizeZ; ++v) {
          c.voxels.push_back(*rc::gen::inRange(0, 4) < density
                                 ? static_cast<std::uint8_t>(*rc::gen::inRange(1, 256))
                                 : std::uint8_t{0});
        }
        for (const TileIndex& tile : BuildOrder(VoxelTiles(c.sizeX, c.sizeZ, DeriveSettings(s)))) {
          const Mesh3DTileSpans t = Mesh3DPipeline::TileSpans(c, {}, s, tile.x, tile.z);
          CheckStagesValid(t, static_cast<int>(c.sizeY));
          for (std::int64_t r = 0; r < t.grid.width; ++r) {
            for (std::int64_t col = 0; col < t.grid.width; ++col) {
              const std::int64_t source = SourceIndex(t.grid, tile, col, r, c.sizeX, c.sizeZ);
              const std::vector<Span> expected =
                  source < 0 ? std::vector<Span>{}
                             : ChunkRunsModel(c, source % c.sizeX, source / c.sizeX);
              const auto got = t.spans.Column(static_cast<std::size_t>(col + t.grid.width * r));
              RC_ASSERT(std::vector<Span>(got.begin(), got.end()) == expected);
            }
          }
        }
      },
      300);
}
