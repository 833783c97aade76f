// Index-width limits (core/limits.hpp): every count the reference narrows to
// 32 bits is checked first, through CheckCount, and beyond its limit throws
// InvalidOperationException with the count (err.types: a limit found while
// building). Most of these limits take gigabytes of input to reach, so the
// tests call each stage's check (the seam its internal header exposes, and
// the stage calls before it narrows) with the count alone; the ones that
// small input reaches are tested through the stage itself.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "conformance/tests/clause.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/geom2d/internal/candidates.hpp"
#include "onepath/geom2d/internal/cdt_mesh.hpp"
#include "onepath/geom2d/internal/rings.hpp"
#include "onepath/geom2d/internal/snap_rounding.hpp"

using namespace onepath;
using namespace onepath::geom2d;

namespace {

constexpr std::uint64_t k32 = std::uint64_t{1} << 32;

// The count of the InvalidOperationException that call() throws, or -1.
template <typename Call>
std::int64_t ThrownCount(Call call) {
  try {
    call();
  } catch (const InvalidOperationException& e) {
    EXPECT_TRUE(e.fields().count.has_value());
    return e.fields().count.value_or(-2);
  }
  return -1;
}

}  // namespace

TEST(Limits, CheckCountThrowsTheCountBeyondTheLimitOnly) {
  CLAUSE("err.types err.fields");
  EXPECT_EQ(ThrownCount([] { CheckCount(10, 10, "things"); }), -1);
  EXPECT_EQ(ThrownCount([] { CheckCount(11, 10, "things"); }), 11);
  try {
    CheckCount(11, 10, "things");
  } catch (const InvalidOperationException& e) {
    EXPECT_EQ(std::string(e.what()), "things: 11 is more than 10");
    EXPECT_FALSE(e.fields().argument.has_value());
  }
}

TEST(Limits, CanonicalListCountIsAtMostTwoToThe32MinusOne) {
  CLAUSE("canon.list");
  // A list that long would be 4 GiB at least; Count only sees its length.
  CanonicalWriter w;
  EXPECT_EQ(ThrownCount([&] { w.Count(k32 - 1); }), -1);
  EXPECT_EQ(ThrownCount([&] { w.Count(k32); }), static_cast<std::int64_t>(k32));
}

TEST(Limits, ArrangementIndexWidths) {
  CLAUSE("arr.input");
  // Seams: 2^31 edges would take 80 GiB of TaggedEdge.
  EXPECT_EQ(ThrownCount([] { CheckEndpointCount(k32 / 2 - 1); }), -1);
  EXPECT_EQ(ThrownCount([] { CheckEndpointCount(k32 / 2); }), static_cast<std::int64_t>(k32));
  EXPECT_EQ(ThrownCount([] { CheckHotPixelCount(k32 - 1); }), -1);
  EXPECT_EQ(ThrownCount([] { CheckHotPixelCount(k32); }), static_cast<std::int64_t>(k32));
  EXPECT_EQ(ThrownCount([] { CheckFragmentCount(k32 - 1); }), -1);
  EXPECT_EQ(ThrownCount([] { CheckFragmentCount(k32 + 5); }), static_cast<std::int64_t>(k32 + 5));
  EXPECT_EQ(ThrownCount([] { CheckListEntryCount(k32 - 1); }), -1);
  EXPECT_EQ(ThrownCount([] { CheckListEntryCount(k32); }), static_cast<std::int64_t>(k32));
}

TEST(Limits, CdtIndexWidths) {
  CLAUSE("cdt.input cdt.structure");
  // The links 4 * slot + edge of n points' 2n + 1 slots fit in int32 for
  // n = 2^28 - 1 and not for 2^28: 4 * 2 * (2^28 - 1) + 2 = 2^31 - 6.
  EXPECT_EQ(kMaxCdtPoints, (std::uint64_t{1} << 28) - 1);
  EXPECT_LE(4 * 2 * kMaxCdtPoints + 2, std::uint64_t{std::numeric_limits<std::int32_t>::max()});
  EXPECT_GT(4 * 2 * (kMaxCdtPoints + 1) + 2,
            std::uint64_t{std::numeric_limits<std::int32_t>::max()});
  // Seams: 2^28 points would take 4 GiB of GridPoint.
  EXPECT_EQ(ThrownCount([] { CheckCdtCounts(kMaxCdtPoints, 0); }), -1);
  EXPECT_EQ(ThrownCount([] { CheckCdtCounts(kMaxCdtPoints + 1, 0); }),
            static_cast<std::int64_t>(kMaxCdtPoints + 1));
  EXPECT_EQ(ThrownCount([] { CheckCdtCounts(3, k32 - 1); }), -1);
  EXPECT_EQ(ThrownCount([] { CheckCdtCounts(3, k32); }), static_cast<std::int64_t>(k32));
}

TEST(Limits, CdtInsertionOrderMustBeAPermutation) {
  CLAUSE("cdt.input");
  const std::vector<GridPoint> points = {{0, 0}, {0, 4}, {4, 0}};  // sorted by (x, y)
  auto fields = [&](std::vector<std::uint32_t> order) {
    CdtOptions options;
    options.insertionOrder = order;
    try {
      ConstrainedDelaunay(points, {}, options);
    } catch (const ArgumentOutOfRangeException&) {
      ADD_FAILURE() << "ArgumentOutOfRangeException, not ArgumentException";
    } catch (const ArgumentException& e) {
      return e.fields();
    }
    ADD_FAILURE() << "no ArgumentException";
    return ErrorFields{};
  };
  ErrorFields f = fields({0, 1});  // too short
  EXPECT_EQ(f.argument, "insertionOrder");
  EXPECT_EQ(f.count, 2);
  f = fields({0, 3, 1});  // an index beyond the points
  EXPECT_EQ(f.argument, "insertionOrder");
  EXPECT_EQ(f.vertex, 1);
  EXPECT_EQ(f.value, 3.0);
  f = fields({2, 0, 2});  // a point twice, one never
  EXPECT_EQ(f.vertex, 2);
  EXPECT_EQ(f.value, 2.0);
  // A permutation is taken: the three points and the bounding corners make
  // 2 * 3 + 1 slots (cdt.split).
  CdtOptions options;
  const std::vector<std::uint32_t> order = {2, 0, 1};
  options.insertionOrder = order;
  const Triangulation t = ConstrainedDelaunay(points, {}, options);
  EXPECT_EQ(t.pointCount, 3u);
  EXPECT_EQ(t.slots.size(), 7u);
}

TEST(Limits, RingTracingIndexWidth) {
  CLAUSE("region.rings");
  // Seam: 2^32 boundary edges would take 128 GiB of DirectedEdge.
  EXPECT_EQ(ThrownCount([] { CheckBoundaryEdgeCount(k32 - 1); }), -1);
  EXPECT_EQ(ThrownCount([] { CheckBoundaryEdgeCount(k32); }), static_cast<std::int64_t>(k32));
}
