// The translation unit of CGAL's Boolean_set_operations_2 package (the
// Minkowski oracle, minkowski_cgal.cpp, includes it too: its package builds
// on it; the types and helpers both use are in epeck_polygon_sets.hpp).
// Built without NDEBUG (oracles/meson.build: -UNDEBUG) so that
// CGAL's preconditions run (a polygon handed to a Polygon_set_2 must be
// simple and counter-clockwise; the sweeps check their own state) and,
// with CGAL::THROW_EXCEPTION, fail as an exception (kRejected) instead of
// undefined behaviour. Anything that still crashes kills only the forked
// worker of PolygonSetCgalIsolated (kCrashed).
//
// Exactness. Grid coordinates are integers of magnitude at most 2^39, exact
// in a double, so the kernel (Epeck: exact predicates, lazily exact
// constructions) sees the input exactly; the set operations build their
// arrangement with exact rational intersection points; areas, memberships
// and boundary vertices are read back as exact rationals. Probe
// coordinates are int64 fractions, built from two exact doubles each (a
// double holds at most 53 bits).
//
// Regularisation. Polygon_set_2's operations are regularised (the closure
// of the interior of the result), which is what a region is: faces inside
// by the face rule, with the boundary edges between inside and outside
// (region.boundary). The symmetric difference of the rings' interiors is the
// even-odd region (region.outline): a point off the rings is in the
// symmetric difference of k interiors exactly when k is odd.
#include "oracles/cgal/polygon_set_cgal.hpp"

#include <CGAL/assertions_behaviour.h>

#include <algorithm>
#include <exception>
#include <iterator>
#include <list>
#include <sstream>
#include <stdexcept>
#include <tuple>
#include <type_traits>
#include <utility>

#include "oracles/cgal/epeck_polygon_sets.hpp"
#include "oracles/isolated_worker.hpp"

namespace onepath::oracle {

namespace {

using epeck::Exact;
using epeck::ExactText;
using epeck::Point;
using epeck::Polygon;
using epeck::PolygonSet;
using epeck::PolygonWithHoles;
using epeck::Rejection;

using geom2d::GridPoint;
using Status = PolygonSetCgalResult::Status;

// arr.input (docs/spec/arrangement.md): "integer coordinates of magnitude
// at most 2^39", restated here from the spec, not taken from src/.
constexpr std::int64_t kMaxCoordinate = std::int64_t{1} << 39;

void Validate(const PolygonSetRequest& request) {
  const std::int64_t limit = kMaxCoordinate;
  for (const auto* operand : {&request.first, &request.second})
    for (const CgalOutline& outline : *operand)
      for (const CgalRing& ring : outline)
        for (GridPoint p : ring)
          if (p.x > limit || p.x < -limit || p.y > limit || p.y < -limit)
            throw std::invalid_argument("PolygonSetCgal: coordinate beyond 2^39");
  for (const RationalProbe& q : request.probes)
    if (q.den <= 0) throw std::invalid_argument("PolygonSetCgal: probe denominator <= 0");
}

// The grid point (x, y), or false when a coordinate is not an int64.
bool ToGrid(const Point& p, GridPoint& out) {
  std::int64_t c[2];
  for (int k = 0; k < 2; ++k) {
    std::string t = ExactText(k == 0 ? p.x() : p.y());
    if (t.find('/') != std::string::npos) return false;
    try {
      std::size_t used = 0;
      c[k] = std::stoll(t, &used);
      if (used != t.size()) return false;
    } catch (const std::exception&) {
      return false;
    }
  }
  out = {c[0], c[1]};
  return true;
}

std::string Where(std::size_t outline, std::size_t ring, const char* operand) {
  return "ring " + std::to_string(ring) + " of outline " + std::to_string(outline) + " of the " +
         operand + " operand";
}

// region.outline: the symmetric difference of the rings' interiors.
PolygonSet EvenOdd(const CgalOutline& outline, std::size_t index, const char* operand) {
  PolygonSet set;
  for (std::size_t r = 0; r < outline.size(); ++r) {
    std::vector<GridPoint> pts;
    for (GridPoint p : outline[r])
      if (pts.empty() || !(pts.back() == p)) pts.push_back(p);
    while (pts.size() > 1 && pts.back() == pts.front()) pts.pop_back();
    Polygon polygon;
    for (GridPoint p : pts)
      polygon.push_back(Point(static_cast<double>(p.x), static_cast<double>(p.y)));
    if (polygon.size() < 3 || !polygon.is_simple() || polygon.orientation() == CGAL::COLLINEAR) {
      throw Rejection(Where(index, r, operand) + " is not a simple polygon");
    }
    if (polygon.is_clockwise_oriented()) polygon.reverse_orientation();
    set.symmetric_difference(polygon);
  }
  return set;
}

// region.from-outlines: the union of the outlines' sets, joined in one
// aggregated (divide-and-conquer) operation rather than one at a time (a
// 64 x 64 tile map of single-cell outlines: seconds instead of minutes).
PolygonSet Combine(const std::vector<CgalOutline>& outlines, const char* operand) {
  std::vector<PolygonWithHoles> pieces;
  for (std::size_t o = 0; o < outlines.size(); ++o)
    EvenOdd(outlines[o], o, operand).polygons_with_holes(std::back_inserter(pieces));
  PolygonSet set;
  if (!pieces.empty()) set.join(pieces.begin(), pieces.end());
  return set;
}

// --- normalising the boundary (plain integers) --------------------------------

bool EdgeLess(const BoundaryEdge& a, const BoundaryEdge& b) {
  return std::tie(a.from.x, a.from.y, a.to.x, a.to.y) <
         std::tie(b.from.x, b.from.y, b.to.x, b.to.y);
}

// Rotated to start at its smallest directed edge.
void RotateToSmallestEdge(std::vector<GridPoint>& cycle) {
  const std::size_t n = cycle.size();
  std::size_t best = 0;
  for (std::size_t k = 1; k < n; ++k) {
    if (EdgeLess({cycle[k], cycle[(k + 1) % n]}, {cycle[best], cycle[(best + 1) % n]})) best = k;
  }
  std::rotate(cycle.begin(), cycle.begin() + static_cast<std::ptrdiff_t>(best), cycle.end());
}

// p -> v -> q straight on: collinear, and the turn is not a reversal.
bool StraightOn(GridPoint p, GridPoint v, GridPoint q) {
  const onepath::Int128 ux = v.x - p.x, uy = v.y - p.y, wx = q.x - v.x, wy = q.y - v.y;
  return ux * wy - uy * wx == 0 && ux * wx + uy * wy > 0;
}

std::vector<BoundaryEdge> EdgesOf(const std::vector<CgalPolygonWithHoles>& polygons) {
  std::vector<BoundaryEdge> edges;
  auto add = [&](const std::vector<GridPoint>& c) {
    for (std::size_t k = 0; k < c.size(); ++k) edges.push_back({c[k], c[(k + 1) % c.size()]});
  };
  for (const CgalPolygonWithHoles& p : polygons) {
    add(p.outer);
    for (const auto& h : p.holes) add(h);
  }
  std::sort(edges.begin(), edges.end(), EdgeLess);
  return edges;
}

// Drops vertices with one edge in and one out (over all cycles) that run
// straight on, rotates every cycle, sorts holes and polygons.
void Normalise(std::vector<CgalPolygonWithHoles>& polygons) {
  std::vector<GridPoint> all;
  for (const CgalPolygonWithHoles& p : polygons) {
    all.insert(all.end(), p.outer.begin(), p.outer.end());
    for (const auto& h : p.holes) all.insert(all.end(), h.begin(), h.end());
  }
  std::sort(all.begin(), all.end());
  auto once = [&](GridPoint v) {
    auto [lo, hi] = std::equal_range(all.begin(), all.end(), v);
    return hi - lo == 1;
  };
  auto clean = [&](std::vector<GridPoint>& c) {
    std::vector<GridPoint> kept;
    const std::size_t n = c.size();
    for (std::size_t k = 0; k < n; ++k) {
      if (once(c[k]) && StraightOn(c[(k + n - 1) % n], c[k], c[(k + 1) % n])) continue;
      kept.push_back(c[k]);
    }
    c = std::move(kept);
    RotateToSmallestEdge(c);
  };
  auto firstEdge = [](const std::vector<GridPoint>& c) { return BoundaryEdge{c[0], c[1]}; };
  auto cycleLess = [&](const std::vector<GridPoint>& a, const std::vector<GridPoint>& b) {
    return EdgeLess(firstEdge(a), firstEdge(b));
  };
  for (CgalPolygonWithHoles& p : polygons) {
    clean(p.outer);
    for (auto& h : p.holes) clean(h);
    std::sort(p.holes.begin(), p.holes.end(), cycleLess);
  }
  std::sort(polygons.begin(), polygons.end(),
            [&](const auto& a, const auto& b) { return cycleLess(a.outer, b.outer); });
}

// --- the computation ----------------------------------------------------------

PolygonSetCgalResult Run(const PolygonSetRequest& request) {
  Validate(request);
  PolygonSetCgalResult out;
  const bool ran = epeck::RejectingFailures(out, [&] {
    PolygonSet result = Combine(request.first, "first");
    if (request.op != PolygonSetOp::kNone) {
      PolygonSet second = Combine(request.second, "second");
      switch (request.op) {
        case PolygonSetOp::kUnion:
          result.join(second);
          break;
        case PolygonSetOp::kIntersection:
          result.intersection(second);
          break;
        case PolygonSetOp::kDifference:
          result.difference(second);
          break;
        case PolygonSetOp::kSymmetricDifference:
          result.symmetric_difference(second);
          break;
        case PolygonSetOp::kNone:
          break;
      }
    }
    std::list<PolygonWithHoles> pieces;
    result.polygons_with_holes(std::back_inserter(pieces));
    out.doubledArea = ExactText(epeck::DoubledArea(pieces));
    for (const PolygonWithHoles& piece : pieces) {
      CgalPolygonWithHoles converted;
      auto convert = [&](const Polygon& polygon, std::vector<GridPoint>& cycle) {
        for (auto v = polygon.vertices_begin(); v != polygon.vertices_end(); ++v) {
          GridPoint g;
          if (!ToGrid(*v, g)) {
            out.integral = false;
            return;
          }
          cycle.push_back(g);
        }
      };
      convert(piece.outer_boundary(), converted.outer);
      for (auto h = piece.holes_begin(); h != piece.holes_end(); ++h) {
        converted.holes.emplace_back();
        convert(*h, converted.holes.back());
      }
      out.polygons.push_back(std::move(converted));
    }
    for (const RationalProbe& q : request.probes)
      out.membership.push_back(epeck::MembershipAt(result, q));
  });
  if (!ran) return out;
  if (out.integral) {
    Normalise(out.polygons);
    out.edges = EdgesOf(out.polygons);
  } else {
    out.polygons.clear();
  }
  return out;
}

// --- through the worker -----------------------------------------------------

void WriteOutlines(ByteWriter& w, const std::vector<CgalOutline>& outlines) {
  w.U32(static_cast<std::uint32_t>(outlines.size()));
  for (const CgalOutline& o : outlines) w.PointLists(o);
}

bool ReadOutlines(ByteReader& r, std::vector<CgalOutline>& outlines) {
  std::uint32_t n = 0;
  if (!r.Count(n, 4)) return false;
  outlines.assign(n, {});
  for (CgalOutline& o : outlines)
    if (!r.PointLists(o)) return false;
  return true;
}

std::vector<std::uint8_t> SerialiseRequest(const PolygonSetRequest& q) {
  ByteWriter w;
  WriteOutlines(w, q.first);
  WriteOutlines(w, q.second);
  w.U8(static_cast<std::uint8_t>(q.op));
  epeck::WriteProbes(w, q.probes);
  return w.bytes();
}

bool ParseRequest(const std::vector<std::uint8_t>& bytes, PolygonSetRequest& q) {
  ByteReader r(bytes);
  std::uint8_t op = 0;
  if (!ReadOutlines(r, q.first) || !ReadOutlines(r, q.second) || !r.U8(op) || op > 4 ||
      !epeck::ReadProbes(r, q.probes))
    return false;
  q.op = static_cast<PolygonSetOp>(op);
  return r.done();
}

// u8 status, message, doubled area, u32 probe count then a u8 each, u8
// integral, u32 polygon count then per polygon its outer cycle, u32 hole
// count and the holes (edges are derived from the polygons).
std::vector<std::uint8_t> SerialiseResult(const PolygonSetCgalResult& res) {
  ByteWriter w;
  w.U8(static_cast<std::uint8_t>(res.status));
  w.Str(res.message);
  w.Str(res.doubledArea);
  epeck::WriteMemberships(w, res.membership);
  w.U8(res.integral ? 1 : 0);
  w.U32(static_cast<std::uint32_t>(res.polygons.size()));
  for (const CgalPolygonWithHoles& p : res.polygons) {
    w.Points(p.outer);
    w.U32(static_cast<std::uint32_t>(p.holes.size()));
    for (const auto& h : p.holes) w.Points(h);
  }
  return w.bytes();
}

bool ParseResult(const std::vector<std::uint8_t>& bytes, PolygonSetCgalResult& res) {
  ByteReader r(bytes);
  std::uint8_t status = 0, integral = 0;
  std::uint32_t n = 0;
  if (!r.U8(status) || status > 2 || !r.Str(res.message) || !r.Str(res.doubledArea) ||
      !epeck::ReadMemberships(r, res.membership))
    return false;
  res.status = static_cast<Status>(status);
  if (!r.U8(integral) || !r.Count(n, 8)) return false;
  res.integral = integral != 0;
  res.polygons.assign(n, {});
  for (CgalPolygonWithHoles& p : res.polygons) {
    std::uint32_t holes = 0;
    if (!r.Points(p.outer) || !r.Count(holes, 4)) return false;
    p.holes.assign(holes, {});
    for (auto& h : p.holes)
      if (!r.Points(h)) return false;
  }
  res.edges = EdgesOf(res.polygons);
  return r.done();
}

// Runs in the worker process.
WorkerBytes Handle(const WorkerBytes& bytes) {
  return AnswerInWorker<PolygonSetRequest>(bytes, ParseRequest, Run, SerialiseResult);
}

}  // namespace

PolygonSetCgalResult PolygonSetCgal(const PolygonSetRequest& request) { return Run(request); }

PolygonSetCgalResult PolygonSetCgalIsolated(const PolygonSetRequest& request,
                                            unsigned timeout_seconds) {
  Validate(request);  // the caller's errors, thrown here and not in the worker
  static IsolatedWorker worker(Handle);
  return AskWorker(worker, SerialiseRequest(request), timeout_seconds, ParseResult);
}

int CompareDoubledArea(const PolygonSetCgalResult& result, onepath::Int128 doubled) {
  if (result.status != Status::kOk || result.doubledArea.empty())
    throw std::invalid_argument("CompareDoubledArea: the oracle gave no area");
  // The Int128 in decimal: exact in any exact rational type.
  std::string digits;
  const bool negative = doubled < 0;
  do {
    const int d = static_cast<int>(doubled % 10);
    digits.push_back(static_cast<char>('0' + (d < 0 ? -d : d)));
    doubled /= 10;
  } while (doubled != 0);
  if (negative) digits.push_back('-');
  std::reverse(digits.begin(), digits.end());
  const Exact area(result.doubledArea), value(digits);
  return static_cast<int>(CGAL::compare(area, value));
}

}  // namespace onepath::oracle
