// The only translation unit that includes CGAL's Snap_rounding_2 package.
// Built without NDEBUG (oracles/meson.build: -UNDEBUG) so that CGAL's own
// assertions run: CGAL 5.5.1's intersection sweep, which snap_rounding_2
// calls, can reach an inconsistent state on some degenerate inputs (several
// segments through one point); with assertions on it throws there instead
// of dereferencing a bad iterator under NDEBUG. Such inputs are reported as
// kRejected, never hidden; anything that still crashes kills only the
// forked worker process of SnapRoundCgalIsolated and is reported as
// kCrashed.
//
// How CGAL's pixels are made to be the pixels of arr.pixel
// ---------------------------------------------------------
// Read from CGAL 5.5.1's headers (Snap_rounding_traits_2.h, Snap_2 and
// Integer_grid_point_2; Snap_rounding_2.h, Hot_pixel):
//
// * Snap_2 maps a point P to the centre (floor(P / s) + 1/2) s per
//   coordinate: with pixel size s = 1, CGAL's pixels are the unit squares
//   [k, k + 1) x [m, m + 1) with centre (k + 1/2, m + 1/2), and a point on
//   the left or bottom side snaps into the square, a point on the right or
//   top side into the next one. With int_output, Integer_grid_point_2 names
//   that pixel by (centre - s/2) / s = (k, m).
// * arr.pixel: the pixel of grid point c is [c - 1/2, c + 1/2)^2, the points
//   P with floor(P + 1/2) = c (arr.round).
//
// So we give CGAL every point shifted by (+1/2, +1/2): P' = P + 1/2 lies in
// CGAL's square [c, c + 1)^2 exactly when P lies in our pixel of c, because
// floor(P') = floor(P + 1/2) = c. Snap_2's snapped centre of P' is
// c + 1/2, and int_output returns c itself: CGAL's output polylines are
// directly in our grid coordinates, no shift back needed. Grid coordinates
// are integers of magnitude at most 2^39, so x + 1/2 is exact in a double
// and the kernel (Epeck: exact predicates and exact constructions) sees the
// shifted input exactly; crossings are constructed exactly (lazy exact
// rationals) and snapped by an exact floor (Snap_2 corrects its double
// estimate with exact comparisons), which is arr.round's floor(X + 1/2) with
// halves rounding up.
//
// Hot pixels (arr.hot-pixels). snap_rounding_2 makes a hot pixel of every
// point CGAL::compute_intersection_points reports with report_endpoints =
// true: every segment endpoint and every intersection point. With integer
// endpoints, an intersection that is not a proper crossing (arr.proper-
// crossing) is an endpoint (touching at an endpoint, a segment through
// another's endpoint) or bounds a collinear overlap, whose ends are
// endpoints too. So CGAL's hot pixels are exactly the pixels of endpoints
// and rounded proper crossings, as in arr.hot-pixels.
//
// Which segments meet a hot pixel (arr.pixel, "meets"). CGAL decides it in
// Hot_pixel::intersect from the segment's intersections with the closed
// sides of the square, with these rules (square [k, k+1) x [m, m+1), in the
// shifted frame):
//  - left side x = k and bottom side y = m, except the corners (k, m + 1)
//    and (k + 1, m): any contact counts, including a collinear overlap;
//  - the corner (k, m) counts;
//  - an open side x = k + 1 or y = m + 1 (corners excluded): a crossing
//    point counts only when the segment does not start (for a segment that
//    leaves through that side) or end (entering through it) on it, that is
//    exactly when the segment has points in the open square next to the
//    contact; a collinear overlap with the right or top side does not count;
//  - the three excluded corners (k + 1, m), (k, m + 1), (k + 1, m + 1):
//    only when the segment runs diagonally through the corner into the
//    square's interior (direction up-left / down-right for the first two,
//    up-right / down-left for the last) and does not end (resp. start) at
//    the corner.
// Each rule says "the closed segment has a point in the half-open square
// [k, k+1) x [m, m+1)": a segment touching the closed square only on its
// right or top side (corners (k+1, m), (k, m+1) included) meets no point of
// the half-open square and does not count; a segment with a point on the
// left or bottom side (not at those two corners) or in the interior does.
// A segment lying strictly inside one square touches no side; CGAL
// special-cases it (the polyline is just that pixel), which cannot happen
// here: every segment runs between two distinct pixel centres and leaves
// its first pixel. So for our inputs CGAL's "meets" is arr.pixel's, with no
// case where the two rules differ; the differential test also counts the
// (segment, hot pixel) pairs decided by the boundary alone (the segment
// touches the closed pixel but not its interior) to show that the rule is
// exercised, and compares them like every other pair.
//
// Order along an edge (arr.reroute). CGAL sorts the hot pixels a segment
// meets lexicographically by (x, y), each coordinate ascending or
// descending with the segment's direction (Hot_pixel_dir_cmp). The pixels
// a segment meets, in the order it meets them, have coordinates that never
// decrease in the segment's direction of travel (x and y separately); so
// two distinct met pixels h1 before h2 have (h2 - h1) . (q - p) > 0 and
// CGAL's order, arr.reroute's projection order and the order of travel all
// agree, with no ties. The pixel of p comes first and that of q last in
// both, since p and q are pixel centres and the travel starts and ends
// there.
//
// Iterated snap rounding (do_isr) is off: classic snap rounding, one pass,
// which is what arr.reroute specifies before arr.repair.
#include "oracles/cgal/snap_rounding_cgal.hpp"

#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Snap_rounding_2.h>
#include <CGAL/Snap_rounding_traits_2.h>
#include <CGAL/assertions_behaviour.h>
#include <CGAL/exceptions.h>

#include <cmath>
#include <exception>
#include <list>
#include <stdexcept>

#include "oracles/isolated_worker.hpp"

namespace onepath::oracle {

namespace {

using Kernel = CGAL::Exact_predicates_exact_constructions_kernel;
using Traits = CGAL::Snap_rounding_traits_2<Kernel>;
using Point = Traits::Point_2;
using Segment = Traits::Segment_2;
using Polyline = std::list<Point>;
using PolylineList = std::list<Polyline>;

using geom2d::GridPoint;
using geom2d::TaggedEdge;

// arr.input (docs/spec/arrangement.md): "integer coordinates of magnitude
// at most 2^39", restated here from the spec, not taken from src/.
constexpr std::int64_t kMaxCoordinate = std::int64_t{1} << 39;

// An exact FT that must be an integer of at most 2^40 in magnitude.
std::int64_t ToInt(const Kernel::FT& v) {
  double d = CGAL::to_double(v);
  if (!(std::fabs(d) <= 0x1p40) || d != std::floor(d) || Kernel::FT(d) != v)
    throw std::runtime_error("CGAL snap rounding returned a non-grid point");
  return static_cast<std::int64_t>(d);
}

// Grid coordinate x -> CGAL coordinate x + 1/2 (exact in a double).
double Shifted(std::int64_t x) { return static_cast<double>(x) + 0.5; }

SnapRoundingCgalResult Run(std::span<const TaggedEdge> edges) {
  for (const TaggedEdge& e : edges)
    for (std::int64_t v : {e.p.x, e.p.y, e.q.x, e.q.y})
      if (v > kMaxCoordinate || v < -kMaxCoordinate)
        throw std::invalid_argument("SnapRoundCgal: coordinate beyond 2^39");

  SnapRoundingCgalResult out;
  out.routes.resize(edges.size());
  std::list<Segment> segments;
  std::vector<std::size_t> index;  // segments[k] is edges[index[k]]
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const TaggedEdge& e = edges[i];
    if (e.p == e.q) continue;  // arr.drop-degenerate
    segments.emplace_back(Point(Shifted(e.p.x), Shifted(e.p.y)),
                          Point(Shifted(e.q.x), Shifted(e.q.y)));
    index.push_back(i);
  }
  if (segments.empty()) return out;

  CGAL::set_error_behaviour(CGAL::THROW_EXCEPTION);
  PolylineList polylines;
  try {
    CGAL::snap_rounding_2<Traits, std::list<Segment>::const_iterator, PolylineList>(
        segments.begin(), segments.end(), polylines, Kernel::FT(1),
        /*do_isr=*/false, /*int_output=*/true, /*number_of_kd_trees=*/1);
  } catch (const CGAL::Failure_exception& ex) {
    out.status = SnapRoundingCgalResult::Status::kRejected;
    out.message = ex.what();
    out.routes.clear();
    return out;
  }
  if (polylines.size() != segments.size())
    throw std::runtime_error("CGAL snap rounding: one polyline per segment expected");
  std::size_t k = 0;
  for (const Polyline& line : polylines) {
    std::vector<GridPoint>& route = out.routes[index[k++]];
    for (const Point& pt : line) route.push_back({ToInt(pt.x()), ToInt(pt.y())});
  }
  return out;
}

// The worker's answer: u8 status, the message, u32 route count, per route
// u32 length then (x, y) int64s.
std::vector<std::uint8_t> Serialise(const SnapRoundingCgalResult& r) {
  ByteWriter w;
  w.U8(static_cast<std::uint8_t>(r.status));
  w.Str(r.message);
  w.U32(static_cast<std::uint32_t>(r.routes.size()));
  for (const auto& route : r.routes) w.Points(route);
  return w.bytes();
}

bool Deserialise(const std::vector<std::uint8_t>& bytes, SnapRoundingCgalResult& r) {
  ByteReader rd(bytes);
  std::uint8_t status = 0;
  std::uint32_t n = 0;
  if (!rd.U8(status) || status > 2 || !rd.Str(r.message)) return false;
  r.status = static_cast<SnapRoundingCgalResult::Status>(status);
  if (!rd.Count(n, 4)) return false;
  r.routes.assign(n, {});
  for (auto& route : r.routes)
    if (!rd.Points(route)) return false;
  return rd.done();
}

// A request: u32 edge count, then per edge p.x, p.y, q.x, q.y as int64
// (operands do not matter).
std::vector<std::uint8_t> Request(std::span<const TaggedEdge> edges) {
  ByteWriter w;
  w.U32(static_cast<std::uint32_t>(edges.size()));
  for (const TaggedEdge& e : edges) {
    w.I64(e.p.x);
    w.I64(e.p.y);
    w.I64(e.q.x);
    w.I64(e.q.y);
  }
  return w.bytes();
}

bool ParseRequest(const std::vector<std::uint8_t>& bytes, std::vector<TaggedEdge>& edges) {
  ByteReader rd(bytes);
  std::uint32_t n = 0;
  if (!rd.Count(n, 32)) return false;
  edges.assign(n, {});
  for (TaggedEdge& e : edges)
    if (!rd.I64(e.p.x) || !rd.I64(e.p.y) || !rd.I64(e.q.x) || !rd.I64(e.q.y)) return false;
  return rd.done();
}

// Runs in the worker process (oracles/isolated_worker.hpp).
WorkerBytes Handle(const WorkerBytes& bytes) {
  return AnswerInWorker<std::vector<TaggedEdge>>(bytes, ParseRequest, Run, Serialise);
}

}  // namespace

SnapRoundingCgalResult SnapRoundCgal(std::span<const TaggedEdge> edges) { return Run(edges); }

SnapRoundingCgalResult SnapRoundCgalIsolated(std::span<const TaggedEdge> edges,
                                             unsigned timeout_seconds) {
  // Input errors are the caller's, reported here and not by the worker.
  for (const TaggedEdge& e : edges)
    for (std::int64_t v : {e.p.x, e.p.y, e.q.x, e.q.y})
      if (v > kMaxCoordinate || v < -kMaxCoordinate)
        throw std::invalid_argument("SnapRoundCgal: coordinate beyond 2^39");
  // After a rejection (an exception thrown from inside CGAL's sweep, whose
  // data structures may then be left half-updated) or a crash, the next
  // call starts a fresh worker, so every call runs in a process where CGAL
  // has only ever succeeded.
  static IsolatedWorker worker(Handle);
  return AskWorker(worker, Request(edges), timeout_seconds, Deserialise);
}

}  // namespace onepath::oracle
