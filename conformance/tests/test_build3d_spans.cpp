// b3d.span.low-hanging, b3d.span.ledges, b3d.span.low-height,
// b3d.span.compact, b3d.span.connect, b3d.span.heightfield,
// b3d.span.compact-heightfield, b3d.span.stage-input: the filters and
// compaction on small hand-made heightfields (docs/spec/build3d-spans.md).
// Settings have cells and rows of 1, so WalkableHeight, WalkableClimb and
// WalkableRadius are the agent's numbers (b3dtest::UnitSettings).
#include <gtest/gtest.h>

#include <vector>

#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/error_fields.hpp"
#include "onepath/build3d/heightfield.hpp"
#include "onepath/build3d/span_pipeline.hpp"
#include "onepath/core/canonical.hpp"

using namespace onepath;
using namespace onepath::build3d;
using onepath::b3dtest::ExpectFields;
using onepath::b3dtest::UnitSettings;
using onepath::checks::ArgumentFields;
using onepath::checks::OutOfRangeFields;

namespace {

using Column = std::vector<Span>;
using Columns = std::vector<Column>;

// The areas of every span, column after column.
std::vector<int> Areas(const Heightfield& h) {
  std::vector<int> out;
  for (const Span& s : h.spans()) out.push_back(s.area);
  return out;
}

// A 3 x 3 heightfield whose centre column holds `centre` and whose other
// columns hold one span (0, 5, 63), except the neighbours in `changed`.
Heightfield ThreeByThree(const Column& centre, std::vector<std::pair<int, Column>> changed = {}) {
  Columns c(9, Column{{0, 5, 63}});
  c[4] = centre;
  for (auto& [i, column] : changed) c[i] = column;
  return Heightfield(3, 3, c);
}

// The area of the centre column's lowest span after the ledge filter with
// WalkableHeight 2, WalkableClimb 1.
int CentreAfterLedges(const Heightfield& h) {
  return SpanPipeline::FilterLedgeSpans(h, UnitSettings(2, 1, 0)).Column(4)[0].area;
}

}  // namespace

TEST(Build3DFilters, LowHangingClimbsOverOneObstacle) {
  CLAUSE("b3d.span.low-hanging");
  // WalkableClimb 2. Column 0: (3, 4, 0) is 2 above a walkable top: takes
  // 63; (5, 6, 0) above it does not (its lower neighbour was not walkable
  // before the filter). Column 1: 3 above: stays 0. Column 2: a walkable
  // span keeps its 7. Column 3: the copied area is the span's below, 5.
  const Heightfield h(4, 1,
                      {{{0, 2, 63}, {3, 4, 0}, {5, 6, 0}},
                       {{0, 2, 63}, {3, 5, 0}},
                       {{0, 2, 0}, {3, 4, 7}},
                       {{0, 2, 5}, {3, 3 + 1, 0}}});
  const Heightfield f = SpanPipeline::FilterLowHangingObstacles(h, UnitSettings(2, 2, 0));
  EXPECT_EQ(Areas(f), (std::vector<int>{63, 63, 0, 63, 0, 0, 7, 5, 5}));
  // Only areas change.
  for (std::size_t i = 0; i < h.spans().size(); ++i) {
    EXPECT_EQ(f.spans()[i].smin, h.spans()[i].smin);
    EXPECT_EQ(f.spans()[i].smax, h.spans()[i].smax);
  }
}

TEST(Build3DFilters, LedgesOnAFlatThreeByThree) {
  CLAUSE("b3d.span.ledges");
  // All nine columns (0, 5): the centre's four neighbours are level (drop
  // 0, reachable at 5), so it stays; every other column has a side outside
  // the grid, where minDrop = -1 - 5 < -1: a ledge.
  const Heightfield f =
      SpanPipeline::FilterLedgeSpans(ThreeByThree({{0, 5, 63}}), UnitSettings(2, 1, 0));
  EXPECT_EQ(Areas(f), (std::vector<int>{0, 0, 0, 0, 63, 0, 0, 0, 0}));
}

TEST(Build3DFilters, LedgesByDropAndByReachableSpread) {
  CLAUSE("b3d.span.ledges");
  // Centre top 5, WC 1. A neighbour one lower (top 4): drop -1 >= -1 and
  // the reachable tops 4, 5 differ by 1: kept. Two lower: drop -2: ledge.
  EXPECT_EQ(CentreAfterLedges(ThreeByThree({{0, 5, 63}}, {{3, {{0, 4, 63}}}})), 63);
  EXPECT_EQ(CentreAfterLedges(ThreeByThree({{0, 5, 63}}, {{3, {{0, 3, 63}}}})), 0);
  // West 4 and east 6: no drop below -1, but reachable tops 4 .. 6 differ
  // by 2 > 1: a ledge.
  EXPECT_EQ(CentreAfterLedges(ThreeByThree({{0, 5, 63}}, {{3, {{0, 4, 0}}}, {5, {{0, 6, 0}}}})), 0);
  // A neighbour column without spans: its space from -WC up counts as a
  // floor at -1: drop -1 - 5 = -6: a ledge.
  EXPECT_EQ(CentreAfterLedges(ThreeByThree({{0, 5, 63}}, {{1, {}}})), 0);
  // The centre's own null spans are left alone.
  EXPECT_EQ(CentreAfterLedges(ThreeByThree({{0, 5, 0}})), 0);
}

TEST(Build3DFilters, TheLedgeGapTestIsStrict) {
  CLAUSE("b3d.span.ledges");
  // Neighbour (0, 3), (m, 9) next to the centre's top 5 (nothing above it,
  // WH 2): the space above (0, 3) is min(65535, m) - max(5, 3) = m - 5 rows.
  // m = 7: 2 > 2 fails, the drop of 2 does not count: kept. m = 8: 3 > 2,
  // the drop -2 counts: a ledge. (The span (m, 9) is 4 above: counted, not
  // reachable, and no drop.)
  EXPECT_EQ(CentreAfterLedges(ThreeByThree({{0, 5, 63}}, {{1, {{0, 3, 0}, {7, 9, 0}}}})), 63);
  EXPECT_EQ(CentreAfterLedges(ThreeByThree({{0, 5, 63}}, {{1, {{0, 3, 0}, {8, 9, 0}}}})), 0);
  // The centre's clearance counts too: with a span (7, 8) above the
  // centre, top = 7, and the neighbour's open space 5 .. 65535 has 7 - 5 =
  // 2 rows in common: not > 2, so even the level neighbours do not count
  // and nothing is reachable or dropped: kept.
  EXPECT_EQ(CentreAfterLedges(ThreeByThree({{0, 5, 63}, {7, 8, 0}})), 63);
}

TEST(Build3DFilters, LowHeightUsesLessThan) {
  CLAUSE("b3d.span.low-height");
  // WH 3: clearance 4 - 2 = 2 < 3: null; 9 - 6 = 3: kept (1.6.0's <); the
  // top span: 65535 - 10: kept; a span ending at 65535 has 0 rows: null.
  const Heightfield h(2, 1, {{{0, 2, 63}, {4, 6, 63}, {9, 10, 63}}, {{0, 65535, 63}}});
  const Heightfield f = SpanPipeline::FilterLowHeightSpans(h, UnitSettings(3, 1, 0));
  EXPECT_EQ(Areas(f), (std::vector<int>{0, 63, 63, 0}));
}

TEST(Build3DCompact, SpansClearancesAndConnections) {
  CLAUSE("b3d.span.compact b3d.span.connect b3d.span.directions");
  // WH 2, WC 1. Column 0: (0, 2, 63) -> y 2, h = 4 - 2 = 2 (the null span
  // (4, 6) above bounds it and is left out); (9, 10, 7) -> y 10, h = 255.
  // Column 1: (0, 2, 63) -> y 2, h 255.
  // Connections (only direction 2 from column 0, direction 0 from column
  // 1 are inside the grid): column 0's y 2 and column 1's y 2 share
  // min(4, 257) - 2 = 2 >= 2 rows, climb 0: connected both ways; column
  // 0's y 10 differs by 8 > 1: none.
  const Heightfield h(2, 1, {{{0, 2, 63}, {4, 6, 0}, {9, 10, 7}}, {{0, 2, 63}}});
  const CompactHeightfield c = SpanPipeline::Compact(h, UnitSettings(2, 1, 0));
  using C = CompactSpan;
  const std::vector<std::vector<C>> expected = {
      {C{2, 2, {63, 63, 0, 63}, 63}, C{10, 255, {63, 63, 63, 63}, 7}},
      {C{2, 255, {0, 63, 63, 63}, 63}}};
  EXPECT_EQ(ColumnLists(c), expected);
  EXPECT_EQ(c.width(), 2);
  EXPECT_EQ(c.depth(), 1);
  EXPECT_EQ(c.ColumnStart(1), 2u);
  // WH 3: the shared 2 rows are too few.
  const CompactHeightfield c3 = SpanPipeline::Compact(h, UnitSettings(3, 1, 0));
  EXPECT_EQ(c3.Column(0)[0].con[2], 63);
  // A span whose top is 65535 has no clearance.
  const CompactHeightfield top =
      SpanPipeline::Compact(Heightfield(1, 1, {{{0, 65535, 63}}}), UnitSettings(2, 1, 0));
  EXPECT_EQ(top.Column(0)[0], (C{65535, 0, {63, 63, 63, 63}, 63}));
}

TEST(Build3DCompact, ConnectionsInEveryDirection) {
  CLAUSE("b3d.span.connect b3d.span.directions");
  // 3 x 3, all (0, 1): the centre (column 4) connects to (0, 1, 2, 3) =
  // west 3, north 7, east 5, south 1, each to span 0; the corner (0, 0)
  // only east and north.
  const Heightfield h(3, 3, Columns(9, Column{{0, 1, 63}}));
  const CompactHeightfield c = SpanPipeline::Compact(h, UnitSettings(1, 0, 0));
  EXPECT_EQ(c.Column(4)[0].con, (std::array<std::uint8_t, 4>{0, 0, 0, 0}));
  EXPECT_EQ(c.Column(0)[0].con, (std::array<std::uint8_t, 4>{63, 0, 0, 63}));
  EXPECT_EQ(c.Column(8)[0].con, (std::array<std::uint8_t, 4>{0, 63, 63, 0}));
}

TEST(Build3DCompact, OnlyTheFirst63SpansOfANeighbourConnect) {
  CLAUSE("b3d.span.connect b3d.span.compact-heightfield");
  // WH 1, WC 0. Column 1: 64 spans (2k, 2k + 1), compact y = 2k + 1, h = 1
  // (the last 255). Column 0: one span with top T: it meets only column
  // 1's span with y = T. T = 125: k = 62, connected as 62. T = 127: k =
  // 63, beyond the 6-bit index: no connection.
  Column many;
  for (int k = 0; k < 64; ++k) {
    many.push_back({static_cast<std::uint16_t>(2 * k), static_cast<std::uint16_t>(2 * k + 1), 63});
  }
  const NavSettings s = UnitSettings(1, 0, 0);
  CompactHeightfield c = SpanPipeline::Compact(Heightfield(2, 1, {{{0, 125, 63}}, many}), s);
  EXPECT_EQ(c.Column(0)[0].con[2], 62);
  EXPECT_EQ(c.Column(1)[62].con[0], 0);
  c = SpanPipeline::Compact(Heightfield(2, 1, {{{0, 127, 63}}, many}), s);
  EXPECT_EQ(c.Column(0)[0].con[2], 63);
  EXPECT_EQ(c.Column(1)[63].con[0], 0);  // the other way the index is 0
}

TEST(Build3DValues, CanonicalBytesByHand) {
  CLAUSE("b3d.span.heightfield b3d.span.compact-heightfield canon.list");
  // Heightfield 2 x 1: u32 2, u32 1, column 0: count 1, (1, 2, 63) as u16,
  // u16, u8; column 1: count 0.
  const Heightfield h(2, 1, {{{1, 2, 63}}, {}});
  EXPECT_EQ(CanonicalBytes(h), (std::vector<std::uint8_t>{2, 0, 0, 0, 1, 0,  0, 0, 1, 0, 0,
                                                          0, 1, 0, 2, 0, 63, 0, 0, 0, 0}));
  // Compact 1 x 1: one span y 0x0102, h 3, con 0, 63, 5, 63, area 9.
  const CompactHeightfield c(1, 1, {{CompactSpan{0x0102, 3, {0, 63, 5, 63}, 9}}});
  EXPECT_EQ(CanonicalBytes(c), (std::vector<std::uint8_t>{1, 0, 0,    0,    1, 0, 0,  0, 1,  0,
                                                          0, 0, 0x02, 0x01, 3, 0, 63, 5, 63, 9}));
  // Lists and values convert both ways.
  EXPECT_EQ(Heightfield(2, 1, ColumnLists(h)), h);
  EXPECT_EQ(CompactHeightfield(1, 1, ColumnLists(c)), c);
  EXPECT_EQ(CanonicalBytes(Heightfield{}), (std::vector<std::uint8_t>(8, 0)));
}

TEST(Build3DStageInput, HeightfieldChecksInOrder) {
  CLAUSE("b3d.span.stage-input b3d.errors");
  const NavSettings s = UnitSettings(2, 1, 0);
  NavSettings bad = s;
  bad.CellHeight = 0.0;
  const Heightfield negative(-1, -1, {});
  // Settings first.
  ExpectFields(OutOfRangeFields([&] { SpanPipeline::FilterLedgeSpans(negative, bad); }),
               {.value = 0.0, .setting = "CellHeight"});
  ExpectFields(OutOfRangeFields([&] { SpanPipeline::FilterLedgeSpans(negative, s); }),
               {.argument = "width", .value = -1.0});
  ExpectFields(OutOfRangeFields([&] { SpanPipeline::Compact(Heightfield(1, -2, {}), s); }),
               {.argument = "depth", .value = -2.0});
  ExpectFields(ArgumentFields([&] {
                 SpanPipeline::FilterLowHeightSpans(Heightfield(2, 2, {{}, {{5, 5, 99}}}), s);
               }),
               {.argument = "columns", .count = 2});
  // Column by column, span by span: smin < smax, area <= 63, above the
  // span below.
  Columns c = {{{0, 3, 63}}, {{0, 1, 0}, {4, 4, 64}}};
  ExpectFields(
      OutOfRangeFields([&] { SpanPipeline::FilterLowHangingObstacles(Heightfield(2, 1, c), s); }),
      {.argument = "spans.min", .column = 1, .span = 1, .value = 4.0});
  c[1][1].smax = 6;
  ExpectFields(OutOfRangeFields([&] { SpanPipeline::Compact(Heightfield(2, 1, c), s); }),
               {.argument = "spans.area", .column = 1, .span = 1, .value = 64.0});
  c[1][1] = {1, 6, 63};  // touches the span below: not separated
  ExpectFields(OutOfRangeFields([&] { SpanPipeline::Compact(Heightfield(2, 1, c), s); }),
               {.argument = "spans.min", .column = 1, .span = 1, .value = 1.0});
  c[1][1] = {2, 6, 63};
  EXPECT_NO_THROW(SpanPipeline::Compact(Heightfield(2, 1, c), s));
}
