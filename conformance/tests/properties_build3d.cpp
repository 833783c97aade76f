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
#include <rapidcheck.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "conformance/tests/check_property.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/build3d.hpp"
#include "onepath/build3d/internal/span_columns.hpp"
#include "onepath/build3d/internal/stages.hpp"

namespace {

using namespace onepath::build3d;
using onepath::proptest::CheckProperty;

// A few settings: the defaults; cells of 1/4 with a small agent; coarse
// cells with a wide agent and a steep slope limit.
NavSettings AnySettings(int kind) {
  NavSettings s;
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

rc::Gen<Span> AnySpan() {
  return rc::gen::apply(
      [](int smin, int length, int area) {
        return Span{static_cast<std::uint16_t>(smin), static_cast<std::uint16_t>(smin + length),
                    static_cast<std::uint8_t>(area)};
      },
      rc::gen::inRange(0, 60), rc::gen::inRange(1, 8), rc::gen::inRange(0, 64));
}

}  // namespace

TEST(Build3DProperties, EveryStagesValueIsValid) {
  CLAUSE("b3d.span.heightfield b3d.span.compact-heightfield b3d.span.rasterize b3d.span.stages");
  CheckProperty(
      [] {
        const NavSettings s = AnySettings(*rc::gen::inRange(0, 3));
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
        const NavSettings s = AnySettings(*rc::gen::inRange(0, 3));
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
          const Mesh3DTileSpans t = Mesh3DPipeline::TileSpans(soup, {}, s, tile.x, tile.z);
          for (const TileTriangle& tri : t.triangles->triangles) RC_ASSERT(tri.area == 0);
          RC_ASSERT(t.compact.spans().empty());
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
        const NavSettings s = AnySettings(*rc::gen::inRange(0, 3));
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
            const auto column = t.spans.Column(static_cast<std::size_t>(c + w * r));
            in.columns[static_cast<std::size_t>(shift + c + in.width * (shift + r))].assign(
                column.begin(), column.end());
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
        const NavSettings s = AnySettings(*rc::gen::inRange(0, 3));
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
