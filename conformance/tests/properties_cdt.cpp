// RapidCheck properties of the constrained Delaunay triangulation (cdt.*;
// docs/spec/cdt.md). Each runs inside a GoogleTest test with a fixed
// RapidCheck seed.
//
// Why each holds, from the text:
//  - cdt.structure, cdt.constraint, cdt.final-passes: the result is a
//    triangulation of the bounding triangle with the points as vertices,
//    every constraint an edge (marked), and no strict in-circle violation
//    across an unmarked edge (the final passes stop only when a pass flips
//    nothing, and an edge with its opposite vertex strictly inside the
//    circle always has a strictly convex quadrilateral). Checked by the
//    independent checker conformance/generators/cdt_validity.hpp.
//  - cdt.promise, cdt.constraint: constraints are used as (min, max) and
//    inserted in increasing (A, B); a duplicate finds its edge already
//    there. So order, direction and repetition change nothing.
//  - cdt.final-passes: visiting only the slots a flip touched skips only
//    checks that cannot flip, so the slots are identical to passes over
//    every slot.
//  - cdt.input: a constraint with a point in its open interior, or one
//    properly crossing another, throws ArgumentException ("constraints")
//    naming the constraint being inserted: the bad one or one it crosses.
#include <rapidcheck.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "conformance/generators/cdt_validity.hpp"
#include "conformance/generators/exact_plane.hpp"
#include "conformance/tests/check_property.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/geom2d/cdt.hpp"
#include "onepath/geom2d/internal/cdt_mesh.hpp"

namespace {

using onepath::geom2d::CanonicalBytes;
using onepath::geom2d::CdtConstraint;
using onepath::geom2d::CdtOptions;
using onepath::geom2d::ConstrainedDelaunay;
using onepath::geom2d::GridPoint;
using onepath::geom2d::Triangulation;
using onepath::proptest::CheckProperty;

struct CdtInput {
  std::vector<GridPoint> points;
  std::vector<CdtConstraint> constraints;
};

// Whether segment (a, b) of `points` may join the noded `kept`: no point in
// its open interior, no proper crossing with a kept segment.
bool Noded(const std::vector<GridPoint>& points, const std::vector<CdtConstraint>& kept,
           std::uint32_t a, std::uint32_t b) {
  const GridPoint pa = points[a], pb = points[b];
  for (GridPoint q : points)
    if (onepath::gen::InOpenInterior(pa, pb, q)) return false;
  for (const CdtConstraint& c : kept)
    if (onepath::gen::CrossProperly(pa, pb, points[c.a], points[c.b])) return false;
  return true;
}

// 0 to 90 points: on a tiny lattice (most points cocircular or collinear
// with others), in [-1000, 1000]^2, or over the whole range +-2^39; then
// up to 2n attempts at random noded constraints.
CdtInput GenInput() {
  CdtInput in;
  const int kind = *rc::gen::inRange(0, 3);
  const std::int64_t range = kind == 0   ? *rc::gen::inRange<std::int64_t>(1, 9)
                             : kind == 1 ? 1000
                                         : onepath::kMaxCdtCoordinate;
  const std::size_t n = *rc::gen::inRange<std::size_t>(0, 91);
  for (std::size_t k = 0; k < n; ++k)
    in.points.push_back({*rc::gen::inRange<std::int64_t>(-range, range + 1),
                         *rc::gen::inRange<std::int64_t>(-range, range + 1)});
  std::sort(in.points.begin(), in.points.end());
  in.points.erase(std::unique(in.points.begin(), in.points.end()), in.points.end());
  const std::uint32_t m = static_cast<std::uint32_t>(in.points.size());
  if (m < 2) return in;
  const int attempts = *rc::gen::inRange(0, static_cast<int>(2 * m) + 1);
  for (int k = 0; k < attempts; ++k) {
    const std::uint32_t a = *rc::gen::inRange<std::uint32_t>(0, m);
    const std::uint32_t b = *rc::gen::inRange<std::uint32_t>(0, m);
    if (a != b && Noded(in.points, in.constraints, a, b)) in.constraints.push_back({a, b});
  }
  return in;
}

bool SameSlots(const Triangulation& x, const Triangulation& y) {
  if (x.slots.size() != y.slots.size() || x.constrained != y.constrained) return false;
  for (std::size_t s = 0; s < x.slots.size(); ++s)
    for (int i = 0; i < 3; ++i)
      if (x.slots[s].v[i] != y.slots[s].v[i] || x.slots[s].n[i] != y.slots[s].n[i]) return false;
  return true;
}

}  // namespace

TEST(CdtProperties, ValidAndConstrainedDelaunay) {
  CLAUSE("cdt.structure");
  CLAUSE("cdt.constraint");
  CLAUSE("cdt.final-passes");
  CheckProperty(
      [] {
        CdtInput in = GenInput();
        Triangulation t = ConstrainedDelaunay(in.points, in.constraints);
        onepath::gen::CdtValidity v = onepath::gen::CheckCdtValidity(in.points, in.constraints, t);
        RC_LOG() << v.Summary() << "\n";
        RC_ASSERT(v.ok());
      },
      1000);
}

TEST(CdtProperties, ConstraintOrderDirectionAndDuplicatesDoNotMatter) {
  CLAUSE("cdt.promise");
  CLAUSE("cdt.constraint");
  CheckProperty(
      [] {
        CdtInput in = GenInput();
        Triangulation t = ConstrainedDelaunay(in.points, in.constraints);
        std::vector<CdtConstraint> changed = in.constraints;
        for (std::size_t k = 0; k < in.constraints.size(); ++k)
          if (*rc::gen::inRange(0, 4) == 0) changed.push_back(in.constraints[k]);
        for (CdtConstraint& c : changed)
          if (*rc::gen::arbitrary<bool>()) std::swap(c.a, c.b);
        const std::vector<std::size_t> keys = *rc::gen::container<std::vector<std::size_t>>(
            changed.size(), rc::gen::arbitrary<std::size_t>());
        std::vector<std::size_t> perm(changed.size());
        for (std::size_t k = 0; k < perm.size(); ++k) perm[k] = k;
        std::stable_sort(perm.begin(), perm.end(),
                         [&](std::size_t x, std::size_t y) { return keys[x] < keys[y]; });
        std::vector<CdtConstraint> shuffled;
        for (std::size_t k : perm) shuffled.push_back(changed[k]);
        Triangulation u = ConstrainedDelaunay(in.points, shuffled);
        RC_ASSERT(CanonicalBytes(u) == CanonicalBytes(t));
        RC_ASSERT(SameSlots(u, t));
      },
      300);
}

TEST(CdtProperties, TouchedFinalPassesEqualEverySlot) {
  CLAUSE("cdt.final-passes");
  CheckProperty(
      [] {
        CdtInput in = GenInput();
        CdtOptions every;
        every.finalPassesOverEverySlot = true;
        Triangulation t = ConstrainedDelaunay(in.points, in.constraints);
        Triangulation u = ConstrainedDelaunay(in.points, in.constraints, every);
        RC_TAG(t.statistics.finalPassFlips > 0 ? "final passes flipped" : "nothing to flip");
        RC_ASSERT(SameSlots(u, t));
        RC_ASSERT(u.statistics.finalPassFlips == t.statistics.finalPassFlips);
      },
      1000);
}

TEST(CdtProperties, UnnodedConstraintIsReported) {
  CLAUSE("cdt.input");
  CLAUSE("cdt.constraint");
  CheckProperty(
      [] {
        CdtInput in = GenInput();
        const std::uint32_t m = static_cast<std::uint32_t>(in.points.size());
        std::vector<CdtConstraint> bad;
        for (std::uint32_t a = 0; a < m; ++a)
          for (std::uint32_t b = a + 1; b < m; ++b)
            if (!Noded(in.points, in.constraints, a, b)) bad.push_back({a, b});
        RC_SUCCEED_IF(bad.empty());  // nothing to break (small inputs)
        CdtConstraint one = *rc::gen::elementOf(bad);
        if (*rc::gen::arbitrary<bool>()) std::swap(one.a, one.b);
        const std::uint32_t a = one.a, b = one.b;
        // The bad constraint goes in at a random place of the list.
        const std::size_t at = *rc::gen::inRange<std::size_t>(0, in.constraints.size() + 1);
        std::vector<CdtConstraint> c = in.constraints;
        c.insert(c.begin() + static_cast<std::ptrdiff_t>(at), CdtConstraint{a, b});
        std::vector<std::int64_t> allowed = {static_cast<std::int64_t>(at)};
        for (std::size_t k = 0; k < c.size(); ++k)
          if (onepath::gen::CrossProperly(in.points[a], in.points[b], in.points[c[k].a],
                                          in.points[c[k].b]))
            allowed.push_back(static_cast<std::int64_t>(k));
        try {
          ConstrainedDelaunay(in.points, c);
          RC_FAIL("no exception");
        } catch (const onepath::ArgumentOutOfRangeException&) {
          RC_FAIL("out of range");
        } catch (const onepath::ArgumentException& e) {
          RC_ASSERT(e.fields().argument == std::optional<std::string>("constraints"));
          RC_ASSERT(e.fields().edge.has_value());
          RC_ASSERT(std::count(allowed.begin(), allowed.end(), *e.fields().edge) == 1);
        }
      },
      300);
}
