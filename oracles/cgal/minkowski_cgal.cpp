// The only translation unit that includes CGAL's Minkowski_sum_2 package
// (with Boolean_set_operations_2, which it builds on). Built without NDEBUG
// (oracles/meson.build: -UNDEBUG) so that CGAL's preconditions run and, with
// CGAL::THROW_EXCEPTION, fail as an exception (kRejected); anything that
// still crashes kills only the forked worker of MinkowskiCgalIsolated
// (kCrashed).
//
// The sets. A request's rings (region.invariants: interior on the left,
// winding number 0 or 1 everywhere) are split at repeated vertices into
// simple loops with the same edges; the set is the points of odd winding
// parity of the loops, which for windings 0 and 1 is the points of winding
// 1: the symmetric difference of the loops' interiors (one aggregated
// Polygon_set_2 operation). All of it is exact: grid coordinates within
// 2^39 + 2^39 are exact doubles, the kernel (Epeck) has exact predicates and
// constructions, and areas and memberships are read back as exact rationals.
//
// The sum. Polygon_set_2 splits a set into connected polygons with holes;
// each is summed with the square by CGAL::minkowski_sum_2 with a
// decomposition strategy (Polygon_vertical_decomposition_2: the polygon is
// cut into convex pieces, each summed with the square, and the sums joined),
// and the sums are joined. The Minkowski sum distributes over union, so this
// is the sum of the set. CGAL's default, the reduced convolution
// (minkowski_sum_2 without a strategy), loses holes of the sum in some cases
// in 5.5.1 (CGAL issue 5830, fixed in 5.6: a tile-map-like shrink here came
// out empty): it is computed as well, as a cross-check, and the pieces where
// it differs are counted (MinkowskiCgalResult::convolutionMismatches). A shrink is computed through
// the complement: with B the region's bounding box padded by k + 2 on every side and C = B
// \ region,
//   region (-) Q = B \ (C (+) Q)       (Q = [-k, k]^2, symmetric),
// because for x in B, x is outside C (+) Q exactly when the square x + Q
// misses C, and a square around a point of B that misses C cannot reach
// outside B: it would cross B's sides, which lie in C (the padding keeps
// them off the region). So x + Q misses C exactly when it lies in the
// region, which is the erosion (all of it regularised, as the sets are).
//
// Dropping narrow holes (CGAL issue 7304). CGAL 5.5.1's Hole_filter_2 drops
// every hole whose bounding box is narrower (x or y extent strictly less)
// than the square's, and crashes when there are two or more. The oracle
// drops every hole whose x or y extent is at most 2k (that includes all the
// filter would drop, so the filter finds none) before calling. This does not
// change the sum. Let P be a polygon with holes, H one of its holes (an
// open bounded set whose boundary belongs to P) with x extent at most 2k
// (y is alike), and P' = P with H filled in. P (+) Q is contained in P' (+) Q.
// Conversely, let y = h + q with h in closure(H) and q in Q; the closed
// square y + Q (Q is symmetric) contains h. If h lies on H's boundary it is a
// point of P, so y is in P (+) Q. Otherwise h is inside H; y + Q is
// connected, so if it missed P it would lie inside H, which is impossible: it
// is closed and 2k wide, and an open set of x extent at most 2k holds no
// such square. So y + Q meets P, and y is in P (+) Q. Hence
// P' (+) Q = P (+) Q: a hole narrower than the square vanishes from the sum
// anyway. For a shrink the holes of the pieces of B \ region are pieces of
// the region: the same statement for the complement says that a piece of the
// region narrower than the square vanishes from the erosion anyway.
#include "oracles/cgal/minkowski_cgal.hpp"

#include <CGAL/Polygon_vertical_decomposition_2.h>
#include <CGAL/assertions_behaviour.h>
#include <CGAL/convex_hull_2.h>
#include <CGAL/minkowski_sum_2.h>

#include <algorithm>
#include <exception>
#include <iterator>
#include <map>
#include <sstream>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "oracles/cgal/epeck_polygon_sets.hpp"
#include "oracles/isolated_worker.hpp"

namespace onepath::oracle {

namespace {

using epeck::DoubledArea;
using epeck::Exact;
using epeck::ExactText;
using epeck::FT;
using epeck::Kernel;
using epeck::Point;
using epeck::Polygon;
using epeck::PolygonSet;
using epeck::PolygonWithHoles;
using epeck::Rejection;

using geom2d::GridPoint;
using geom2d::Ring;
using Status = MinkowskiCgalResult::Status;

// Room for the square and the padding: input within 2^39, k and t within
// 2^39 as well, so every coordinate made here stays within 2^41.
// arr.input (docs/spec/arrangement.md): magnitude at most 2^39, restated
// from the spec, not taken from src/.
constexpr std::int64_t kLimit = std::int64_t{1} << 39;

bool Within(std::int64_t v) { return v <= kLimit && v >= -kLimit; }

void Validate(const MinkowskiRequest& q) {
  if (q.halfSide < 1 || q.halfSide > kLimit)
    throw std::invalid_argument("MinkowskiCgal: halfSide outside 1..2^39");
  if (q.tubeHalfSide < 1 || q.tubeHalfSide > kLimit)
    throw std::invalid_argument("MinkowskiCgal: tubeHalfSide outside 1..2^39");
  for (const OracleRings* rings : {&q.region, &q.compare})
    for (const Ring& ring : *rings)
      for (GridPoint p : ring)
        if (!Within(p.x) || !Within(p.y))
          throw std::invalid_argument("MinkowskiCgal: coordinate beyond 2^39");
  for (const auto& [a, b] : q.tubeSegments)
    if (!Within(a.x) || !Within(a.y) || !Within(b.x) || !Within(b.y))
      throw std::invalid_argument("MinkowskiCgal: tube coordinate beyond 2^39");
  for (const RationalProbe& p : q.probes)
    if (p.den <= 0) throw std::invalid_argument("MinkowskiCgal: probe denominator <= 0");
}

// Exact for |v| <= 2^53 (every coordinate made here).
Point At(std::int64_t x, std::int64_t y) {
  return Point(static_cast<double>(x), static_cast<double>(y));
}

// --- sets from rings ----------------------------------------------------------

// The ring cut at repeated vertices into closed loops with the same edges:
// walking the ring, a vertex met again closes the loop since its first visit.
std::vector<std::vector<GridPoint>> Loops(const Ring& ring) {
  std::vector<std::vector<GridPoint>> loops;
  std::vector<GridPoint> open;
  std::map<GridPoint, std::size_t> at;  // vertex -> index in `open`
  for (GridPoint p : ring) {
    auto found = at.find(p);
    if (found == at.end()) {
      at.emplace(p, open.size());
      open.push_back(p);
      continue;
    }
    const std::size_t i = found->second;
    loops.emplace_back(open.begin() + static_cast<std::ptrdiff_t>(i), open.end());
    for (std::size_t j = i + 1; j < open.size(); ++j) at.erase(open[j]);
    open.resize(i + 1);
  }
  loops.push_back(std::move(open));
  return loops;
}

PolygonSet SetOf(const OracleRings& rings, const char* what) {
  std::vector<Polygon> polygons;
  for (std::size_t r = 0; r < rings.size(); ++r)
    for (const std::vector<GridPoint>& loop : Loops(rings[r])) {
      Polygon polygon;
      for (GridPoint p : loop) polygon.push_back(At(p.x, p.y));
      if (polygon.size() < 3 || !polygon.is_simple() || polygon.orientation() == CGAL::COLLINEAR)
        throw Rejection(std::string("a loop of ring ") + std::to_string(r) + " of the " + what +
                        " is not a simple polygon");
      if (polygon.is_clockwise_oriented()) polygon.reverse_orientation();
      polygons.push_back(std::move(polygon));
    }
  PolygonSet set;
  if (!polygons.empty()) set.symmetric_difference(polygons.begin(), polygons.end());
  return set;
}

// --- the sum ---------------------------------------------------------------------

Polygon Square(std::int64_t k) {
  Polygon q;
  q.push_back(At(-k, -k));
  q.push_back(At(k, -k));
  q.push_back(At(k, k));
  q.push_back(At(-k, k));
  return q;
}

// Whether the polygon's x or y extent is at most `width` (exact).
bool NarrowerThan(const Polygon& polygon, const FT& width) {
  const auto [left, right] = std::minmax_element(
      polygon.vertices_begin(), polygon.vertices_end(),
      [](const Point& a, const Point& b) { return CGAL::compare(a.x(), b.x()) == CGAL::SMALLER; });
  const auto [bottom, top] = std::minmax_element(
      polygon.vertices_begin(), polygon.vertices_end(),
      [](const Point& a, const Point& b) { return CGAL::compare(a.y(), b.y()) == CGAL::SMALLER; });
  return CGAL::compare(right->x() - left->x(), width) != CGAL::LARGER ||
         CGAL::compare(top->y() - bottom->y(), width) != CGAL::LARGER;
}

// set (+) [-k, k]^2, each polygon with holes summed on its own after its
// narrow holes are dropped (see the top of this file).
PolygonSet SumWithSquare(const PolygonSet& set, std::int64_t k, MinkowskiCgalResult& out) {
  std::vector<PolygonWithHoles> pieces;
  set.polygons_with_holes(std::back_inserter(pieces));
  const Polygon square = Square(k);
  const FT side = FT(static_cast<double>(2 * k));
  std::vector<PolygonWithHoles> sums;
  for (const PolygonWithHoles& piece : pieces) {
    if (piece.is_unbounded()) throw Rejection("an unbounded piece");
    PolygonWithHoles kept(piece.outer_boundary());
    for (auto h = piece.holes_begin(); h != piece.holes_end(); ++h) {
      if (NarrowerThan(*h, side))
        ++out.droppedHoles;
      else
        kept.add_hole(*h);
    }
    PolygonWithHoles sum =
        CGAL::minkowski_sum_2(kept, square, CGAL::Polygon_vertical_decomposition_2<Kernel>());
    PolygonSet convolution(CGAL::minkowski_sum_2(kept, square));
    convolution.symmetric_difference(sum);
    if (!convolution.is_empty()) ++out.convolutionMismatches;
    sums.push_back(std::move(sum));
    ++out.summands;
  }
  PolygonSet sum;
  if (!sums.empty()) sum.join(sums.begin(), sums.end());
  return sum;
}

PolygonSet Box(const OracleRings& rings, std::int64_t pad) {
  std::int64_t x0 = rings[0][0].x, x1 = x0, y0 = rings[0][0].y, y1 = y0;
  for (const Ring& ring : rings)
    for (GridPoint p : ring) {
      x0 = std::min(x0, p.x), x1 = std::max(x1, p.x);
      y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
    }
  Polygon box;
  box.push_back(At(x0 - pad, y0 - pad));
  box.push_back(At(x1 + pad, y0 - pad));
  box.push_back(At(x1 + pad, y1 + pad));
  box.push_back(At(x0 - pad, y1 + pad));
  return PolygonSet(box);
}

// The union of s (+) [-t, t]^2 over the segments: each the convex hull of the
// squares at the two ends.
PolygonSet Tubes(const std::vector<std::pair<GridPoint, GridPoint>>& segments, std::int64_t t) {
  std::vector<Polygon> tubes;
  for (const auto& [a, b] : segments) {
    std::vector<Point> corners, hull;
    for (GridPoint p : {a, b})
      for (std::int64_t sx : {-t, t})
        for (std::int64_t sy : {-t, t}) corners.push_back(At(p.x + sx, p.y + sy));
    CGAL::convex_hull_2(corners.begin(), corners.end(), std::back_inserter(hull));
    tubes.emplace_back(hull.begin(), hull.end());
  }
  PolygonSet set;
  if (!tubes.empty()) set.join(tubes.begin(), tubes.end());
  return set;
}

bool IntegralPoint(const Point& p) {
  for (const FT& c : {p.x(), p.y()})
    if (ExactText(c).find('/') != std::string::npos) return false;
  return true;
}

MinkowskiCgalResult Run(const MinkowskiRequest& q) {
  Validate(q);
  MinkowskiCgalResult out;
  epeck::RejectingFailures(out, [&] {
    PolygonSet sum;
    if (!q.region.empty()) {
      const PolygonSet region = SetOf(q.region, "region");
      if (q.op == MinkowskiOp::kGrow) {
        sum = SumWithSquare(region, q.halfSide, out);
      } else {
        const PolygonSet box = Box(q.region, q.halfSide + 2);
        PolygonSet complement = box;
        complement.difference(region);
        sum = box;
        sum.difference(SumWithSquare(complement, q.halfSide, out));
      }
    }
    out.doubledArea = ExactText(DoubledArea(sum));
    std::vector<PolygonWithHoles> pieces;
    sum.polygons_with_holes(std::back_inserter(pieces));
    for (const PolygonWithHoles& piece : pieces) {
      auto count = [&](const Polygon& polygon) {
        for (auto v = polygon.vertices_begin(); v != polygon.vertices_end(); ++v) {
          ++out.boundaryVertices;
          if (!IntegralPoint(*v)) out.integral = false;
        }
      };
      count(piece.outer_boundary());
      for (auto h = piece.holes_begin(); h != piece.holes_end(); ++h) count(*h);
    }
    PolygonSet difference = sum;
    difference.symmetric_difference(SetOf(q.compare, "set compared"));
    out.symmetricDifferenceDoubledArea = ExactText(DoubledArea(difference));
    if (!q.tubeSegments.empty()) {
      difference.difference(Tubes(q.tubeSegments, q.tubeHalfSide));
      out.outsideTubesDoubledArea = ExactText(DoubledArea(difference));
    }
    for (const RationalProbe& p : q.probes) out.membership.push_back(epeck::MembershipAt(sum, p));
  });
  return out;
}

// --- through the worker -------------------------------------------------------------

std::vector<std::uint8_t> SerialiseRequest(const MinkowskiRequest& q) {
  ByteWriter w;
  w.PointLists(q.region);
  w.I64(q.halfSide);
  w.U8(static_cast<std::uint8_t>(q.op));
  w.PointLists(q.compare);
  w.U32(static_cast<std::uint32_t>(q.tubeSegments.size()));
  for (const auto& [a, b] : q.tubeSegments) w.Points({a, b});
  w.I64(q.tubeHalfSide);
  epeck::WriteProbes(w, q.probes);
  return w.bytes();
}

bool ParseRequest(const std::vector<std::uint8_t>& bytes, MinkowskiRequest& q) {
  ByteReader r(bytes);
  std::uint8_t op = 0;
  std::uint32_t n = 0;
  if (!r.PointLists(q.region) || !r.I64(q.halfSide) || !r.U8(op) || op > 1 ||
      !r.PointLists(q.compare) || !r.Count(n, 36))
    return false;
  q.op = static_cast<MinkowskiOp>(op);
  q.tubeSegments.assign(n, {});
  for (auto& segment : q.tubeSegments) {
    std::vector<GridPoint> ends;
    if (!r.Points(ends) || ends.size() != 2) return false;
    segment = {ends[0], ends[1]};
  }
  return r.I64(q.tubeHalfSide) && epeck::ReadProbes(r, q.probes) && r.done();
}

std::vector<std::uint8_t> SerialiseResult(const MinkowskiCgalResult& res) {
  ByteWriter w;
  w.U8(static_cast<std::uint8_t>(res.status));
  for (const std::string* s : {&res.message, &res.doubledArea, &res.symmetricDifferenceDoubledArea,
                               &res.outsideTubesDoubledArea})
    w.Str(*s);
  epeck::WriteMemberships(w, res.membership);
  w.U8(res.integral ? 1 : 0);
  for (std::int64_t v :
       {res.boundaryVertices, res.summands, res.droppedHoles, res.convolutionMismatches})
    w.I64(v);
  return w.bytes();
}

bool ParseResult(const std::vector<std::uint8_t>& bytes, MinkowskiCgalResult& res) {
  ByteReader r(bytes);
  std::uint8_t status = 0, integral = 0;
  if (!r.U8(status) || status > 2) return false;
  res.status = static_cast<Status>(status);
  for (std::string* s : {&res.message, &res.doubledArea, &res.symmetricDifferenceDoubledArea,
                         &res.outsideTubesDoubledArea})
    if (!r.Str(*s)) return false;
  if (!epeck::ReadMemberships(r, res.membership) || !r.U8(integral)) return false;
  res.integral = integral != 0;
  for (std::int64_t* v :
       {&res.boundaryVertices, &res.summands, &res.droppedHoles, &res.convolutionMismatches})
    if (!r.I64(*v)) return false;
  return r.done();
}

// Runs in the worker process.
WorkerBytes Handle(const WorkerBytes& bytes) {
  return AnswerInWorker<MinkowskiRequest>(bytes, ParseRequest, Run, SerialiseResult);
}

// "n" or "n/d" with decimal digits, an optional leading minus on n, d > 0.
bool RationalText(const std::string& t) {
  const std::size_t slash = t.find('/');
  auto digits = [&](std::size_t from, std::size_t to) {
    if (from >= to) return false;
    for (std::size_t i = from; i < to; ++i)
      if (t[i] < '0' || t[i] > '9') return false;
    return true;
  };
  const std::size_t start = !t.empty() && t[0] == '-' ? 1 : 0;
  if (slash == std::string::npos) return digits(start, t.size());
  return digits(start, slash) && digits(slash + 1, t.size()) &&
         t.find_first_not_of('0', slash + 1) != std::string::npos;
}

}  // namespace

MinkowskiCgalResult MinkowskiCgal(const MinkowskiRequest& request) { return Run(request); }

MinkowskiCgalResult MinkowskiCgalIsolated(const MinkowskiRequest& request,
                                          unsigned timeout_seconds) {
  Validate(request);  // the caller's errors, thrown here and not in the worker
  static IsolatedWorker worker(Handle);
  return AskWorker(worker, SerialiseRequest(request), timeout_seconds, ParseResult);
}

int CompareExactRationals(const std::string& a, const std::string& b) {
  if (!RationalText(a) || !RationalText(b))
    throw std::invalid_argument("CompareExactRationals: not a rational: '" + a + "', '" + b + "'");
  return static_cast<int>(CGAL::compare(Exact(a), Exact(b)));
}

}  // namespace onepath::oracle
