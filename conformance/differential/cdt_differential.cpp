// cdt.* against CGAL's Constrained_Delaunay_triangulation_2 with exact
// predicates (oracles/cgal/cdt_cgal.hpp), on random points and random noded
// constraints.
//
// What must agree, and why only that:
//  - CGAL triangulates the points' convex hull and closes it with a vertex
//    at infinity; cdt.bounding-triangle adds three finite corners at
//    +-2^45 around points within 2^39. A triangle of points whose
//    circumcircle holds a corner is therefore not formed by the spec (a
//    flat triangle along the hull can have a circle of radius far beyond
//    2^45; cdt.bounding-triangle's example (-2^39, 0), (0, 1), (2^39, 0)).
//  - When CGAL's triangulation is the unique CDT of the points (every
//    unconstrained interior edge strictly locally Delaunay: the in-circle
//    test across it is < 0, checked exactly; otherwise the input is
//    counted as degenerate and skipped), then
//      (1) every triangle of ours without a corner is CGAL's: it is
//          constrained-Delaunay among points and corners, hence among the
//          points alone, and the CDT is unique;
//      (2) every CGAL triangle with all three corners strictly outside its
//          circumcircle is ours: it is then strictly constrained-Delaunay
//          among points and corners too, so it is in every CDT of them.
//    A corner exactly on such a circle makes the input degenerate (skipped).
//  - The constrained edges are the constraints in both.
// Small coordinate ranges make most inputs degenerate (lattice points are
// cocircular); they are still checked by the validity checker, as are all
// inputs.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <iostream>
#include <random>
#include <vector>

#include "conformance/generators/cdt_validity.hpp"
#include "conformance/generators/exact_plane.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/geom2d/cdt.hpp"
#include "oracles/cgal/cdt_cgal.hpp"

using namespace onepath;
using namespace onepath::geom2d;

namespace {

using Tri = std::array<std::uint32_t, 3>;

struct Input {
  std::vector<GridPoint> points;
  std::vector<CdtConstraint> constraints;
};

// Random points, then `attempts` random constraints kept when noded: no
// point strictly inside (such a point lies strictly between the ends in
// (x, y) order, as every point of a segment does) and no proper crossing
// with a kept one (two segments whose index ranges do not overlap lie in
// disjoint (x, y) ranges). Mostly short: a partner among the next 8 points
// in (x, y) order; with longChance in 4, anywhere.
Input RandomInput(std::mt19937_64& rng, std::size_t n, std::int64_t range, std::size_t attempts,
                  int longChance) {
  Input in;
  auto coordinate = [&] {
    return static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(2 * range + 1)) - range;
  };
  for (std::size_t k = 0; k < n; ++k) in.points.push_back({coordinate(), coordinate()});
  std::sort(in.points.begin(), in.points.end());
  in.points.erase(std::unique(in.points.begin(), in.points.end()), in.points.end());
  const std::size_t m = in.points.size();
  if (m < 2) return in;
  std::vector<std::vector<std::uint32_t>> byLow(m);  // kept constraints by their lower index
  std::size_t widest = 0;
  for (std::size_t k = 0; k < attempts; ++k) {
    const std::uint32_t a = static_cast<std::uint32_t>(rng() % m);
    const std::uint32_t b =
        static_cast<int>(rng() % 4) < longChance
            ? static_cast<std::uint32_t>(rng() % m)
            : static_cast<std::uint32_t>(std::min<std::size_t>(m - 1, a + 1 + rng() % 8));
    if (a == b) continue;
    const std::uint32_t lo = std::min(a, b), hi = std::max(a, b);
    const GridPoint pa = in.points[a], pb = in.points[b];
    bool ok = true;
    for (std::uint32_t q = lo + 1; q < hi && ok; ++q)
      ok = !gen::InOpenInterior(pa, pb, in.points[q]);
    for (std::size_t c = lo > widest ? lo - widest : 0; c <= hi && ok; ++c)
      for (std::uint32_t e : byLow[c])
        ok = ok && !gen::CrossProperly(pa, pb, in.points[in.constraints[e].a],
                                       in.points[in.constraints[e].b]);
    if (!ok) continue;
    byLow[lo].push_back(static_cast<std::uint32_t>(in.constraints.size()));
    widest = std::max<std::size_t>(widest, hi - lo);
    in.constraints.push_back({a, b});
  }
  return in;
}

// Counts over the run, reported at the end.
struct Tally {
  std::int64_t cases = 0, compared = 0, identical = 0, degenerate = 0;
  std::int64_t cgalTrianglesCutByCorners = 0;
};

// The comparison above for one input.
void Compare(const Input& in, Tally& tally) {
  ++tally.cases;
  Triangulation ours = ConstrainedDelaunay(in.points, in.constraints);
  gen::CdtValidity v = gen::CheckCdtValidity(in.points, in.constraints, ours);
  ASSERT_TRUE(v.ok()) << v.Summary();
  oracle::CdtCgalResult cgal = oracle::ConstrainedDelaunayCgal(in.points, in.constraints);

  const std::uint32_t n = static_cast<std::uint32_t>(in.points.size());
  auto P = [&](std::uint32_t v) { return gen::CdtVertexPoint(in.points, v); };
  // Uniqueness of CGAL's CDT: every unconstrained edge shared by two finite
  // faces strictly locally Delaunay.
  if (!gen::UniqueConstrainedDelaunay(in.points, cgal.triangles, cgal.constrainedEdges)) {
    ++tally.degenerate;
    return;
  }
  // CGAL's triangles that must be ours: no corner inside or on the circle.
  std::vector<Tri> required;
  for (const Tri& t : cgal.triangles) {
    int worst = -1;
    for (std::uint32_t corner = n; corner < n + 3; ++corner)
      worst = std::max(worst, gen::IndependentInCircle(P(t[0]), P(t[1]), P(t[2]), P(corner)));
    if (worst == 0) {
      ++tally.degenerate;
      return;
    }
    if (worst < 0) required.push_back(t);
  }
  ++tally.compared;
  tally.cgalTrianglesCutByCorners +=
      static_cast<std::int64_t>(cgal.triangles.size() - required.size());

  std::vector<Tri> inner;
  for (const TriangleSlot& s : ours.slots) {
    if (s.v[0] >= static_cast<std::int32_t>(n) || s.v[1] >= static_cast<std::int32_t>(n) ||
        s.v[2] >= static_cast<std::int32_t>(n))
      continue;
    Tri t = {static_cast<std::uint32_t>(s.v[0]), static_cast<std::uint32_t>(s.v[1]),
             static_cast<std::uint32_t>(s.v[2])};
    std::rotate(t.begin(), std::min_element(t.begin(), t.end()), t.end());
    inner.push_back(t);
  }
  std::sort(inner.begin(), inner.end());
  // (1) ours within CGAL's, (2) the required ones within ours.
  EXPECT_TRUE(
      std::includes(cgal.triangles.begin(), cgal.triangles.end(), inner.begin(), inner.end()))
      << in.points.size() << " points, " << in.constraints.size() << " constraints";
  EXPECT_TRUE(std::includes(inner.begin(), inner.end(), required.begin(), required.end()))
      << in.points.size() << " points, " << in.constraints.size() << " constraints";
  if (inner == cgal.triangles) ++tally.identical;
  // The constrained edges.
  std::vector<std::array<std::uint32_t, 2>> wanted;
  for (const CdtConstraint& c : in.constraints)
    wanted.push_back({std::min(c.a, c.b), std::max(c.a, c.b)});
  std::sort(wanted.begin(), wanted.end());
  wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
  EXPECT_EQ(cgal.constrainedEdges, wanted);
}

void Report(const char* name, const Tally& t) {
  std::cout << name << ": " << t.cases << " inputs, " << t.compared << " compared (" << t.identical
            << " with identical triangle sets), " << t.degenerate << " degenerate, "
            << t.cgalTrianglesCutByCorners << " CGAL triangles with a corner in their circle\n";
  ::testing::Test::RecordProperty(std::string(name) + ".compared", std::to_string(t.compared));
}

}  // namespace

TEST(CdtDifferential, RandomPointsAndConstraints) {
  CLAUSE("cdt.promise");
  CLAUSE("cdt.constraint");
  CLAUSE("cdt.legalize");
  CLAUSE("cdt.final-passes");
  std::mt19937_64 rng(20250206);
  Tally tally;
  for (int k = 0; k < 20000; ++k) {
    const std::size_t n = 3 + rng() % 200;
    const std::int64_t ranges[] = {16, 1000, std::int64_t{1} << 20, kMaxCdtCoordinate};
    const std::int64_t range = ranges[rng() % 4];
    const std::size_t attempts = rng() % 2 == 0 ? 0 : rng() % (2 * n);
    Compare(RandomInput(rng, n, range, attempts, 1), tally);
    if (HasFatalFailure() || HasNonfatalFailure()) break;
  }
  Report("random", tally);
  EXPECT_GT(tally.compared, 10000);
}

TEST(CdtDifferential, LargeInputs) {
  CLAUSE("cdt.promise");
  std::mt19937_64 rng(7);
  Tally tally;
  for (std::size_t n : {10000u, 100000u}) {
    for (std::int64_t range : {std::int64_t{1} << 24, kMaxCdtCoordinate}) {
      Compare(RandomInput(rng, n, range, n / 4, 0), tally);
    }
  }
  Report("large", tally);
  EXPECT_EQ(tally.compared, 4);
}
