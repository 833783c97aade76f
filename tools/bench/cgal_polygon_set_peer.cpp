// The region benchmark's only CGAL translation unit (Boolean_set_operations_2:
// Polygon_set_2 over Epeck). Built without NDEBUG (tools/bench/meson.build:
// -UNDEBUG), like the arrangement benchmark's snap-rounding peer and the
// Polygon_set_2 oracle (oracles/cgal/polygon_set_cgal.cpp): CGAL's
// preconditions (every polygon handed to a symmetric difference is checked
// to be simple and counter-clockwise) and assertions (the arrangement is
// validated after each binary operation) run, and fail as
// CGAL::Failure_exception (THROW_EXCEPTION), which the benchmark reports as
// a failure. Their cost is part of the times measured: the ratio is against
// CGAL as built here.
//
// Exactness: grid coordinates are integers below 2^53, exact in a double,
// so Epeck sees the input exactly and computes every crossing as an exact
// rational; the area is summed over exact coordinates.
#include "tools/bench/cgal_polygon_set_peer.hpp"

#include <CGAL/Boolean_set_operations_2.h>
#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Polygon_2.h>
#include <CGAL/Polygon_set_2.h>
#include <CGAL/Polygon_with_holes_2.h>
#include <CGAL/assertions_behaviour.h>

#include <iterator>
#include <list>
#include <map>
#include <sstream>
#include <type_traits>
#include <vector>

namespace onepath::bench {

namespace {

using Kernel = CGAL::Exact_predicates_exact_constructions_kernel;
using Point = Kernel::Point_2;
using Polygon = CGAL::Polygon_2<Kernel>;
using PolygonWithHoles = CGAL::Polygon_with_holes_2<Kernel>;
using PolygonSet = CGAL::Polygon_set_2<Kernel>;
using Exact = std::remove_cv_t<std::remove_reference_t<decltype(CGAL::exact(Kernel::FT()))>>;

// The ring cut at every vertex it passes twice (where a region pinches) into
// loops that pass no vertex twice: CGAL's polygons must be simple. A
// region's rings do not cross, so the loops are simple, and their even-odd
// region is the ring's (the same edges).
void AppendSimpleLoops(const geom2d::Ring& ring, std::vector<geom2d::Ring>& loops) {
  geom2d::Ring path;
  std::map<geom2d::GridPoint, std::size_t> at;  // vertex -> its index in path
  for (geom2d::GridPoint p : ring) {
    const auto [it, fresh] = at.try_emplace(p, path.size());
    if (fresh) {
      path.push_back(p);
      continue;
    }
    const auto from = path.begin() + static_cast<std::ptrdiff_t>(it->second) + 1;
    geom2d::Ring loop(from - 1, path.end());
    for (auto q = from; q != path.end(); ++q) at.erase(*q);
    path.erase(from, path.end());
    loops.push_back(std::move(loop));
  }
  loops.push_back(std::move(path));
}

// Twice the signed area of the ring (shoelace): positive counter-clockwise.
onepath::Int128 DoubledArea(const geom2d::Ring& ring) {
  onepath::Int128 sum = 0;
  for (std::size_t k = 0; k < ring.size(); ++k) {
    const geom2d::GridPoint p = ring[k], q = ring[(k + 1) % ring.size()];
    sum += onepath::Int128(p.x) * q.y - onepath::Int128(p.y) * q.x;
  }
  return sum;
}

// The rings as simple counter-clockwise polygons (holes reversed).
std::vector<Polygon> CounterClockwise(std::span<const geom2d::Ring> rings) {
  std::vector<geom2d::Ring> loops;
  loops.reserve(rings.size());
  for (const geom2d::Ring& ring : rings) AppendSimpleLoops(ring, loops);
  std::vector<Polygon> polygons;
  polygons.reserve(loops.size());
  for (const geom2d::Ring& loop : loops) {
    if (loop.size() < 3) continue;  // no area
    Polygon polygon;
    for (geom2d::GridPoint p : loop)
      polygon.push_back(Point(static_cast<double>(p.x), static_cast<double>(p.y)));
    if (DoubledArea(loop) < 0) polygon.reverse_orientation();
    polygons.push_back(std::move(polygon));
  }
  return polygons;
}

// Twice the signed area of the polygon (shoelace), exact.
Exact ExactDoubledArea(const Polygon& polygon, std::size_t& vertices) {
  Exact sum = 0;
  const std::size_t n = polygon.size();
  for (std::size_t k = 0; k < n; ++k) {
    const Point &p = polygon.vertex(k), &q = polygon.vertex((k + 1) % n);
    sum += CGAL::exact(p.x()) * CGAL::exact(q.y()) - CGAL::exact(p.y()) * CGAL::exact(q.x());
  }
  vertices += n;
  return sum;
}

}  // namespace

struct CgalPolygonSetPeer::Impl {
  std::vector<Polygon> first, second;
  std::unique_ptr<PolygonSet> a, b;  // after Operate, the result is in a
};

CgalPolygonSetPeer::CgalPolygonSetPeer(std::span<const geom2d::Ring> first,
                                       std::span<const geom2d::Ring> second)
    : impl_(std::make_unique<Impl>()) {
  CGAL::set_error_behaviour(CGAL::THROW_EXCEPTION);
  impl_->first = CounterClockwise(first);
  impl_->second = CounterClockwise(second);
}

CgalPolygonSetPeer::~CgalPolygonSetPeer() = default;

void CgalPolygonSetPeer::BuildOperands(CgalSetOp op) {
  impl_->a = std::make_unique<PolygonSet>();
  if (op == CgalSetOp::kJoinAll) return;
  impl_->b = std::make_unique<PolygonSet>();
  impl_->a->symmetric_difference(impl_->first.begin(), impl_->first.end());
  impl_->b->symmetric_difference(impl_->second.begin(), impl_->second.end());
}

void CgalPolygonSetPeer::Operate(CgalSetOp op) {
  switch (op) {
    case CgalSetOp::kJoinAll:
      impl_->a->join(impl_->first.begin(), impl_->first.end());
      return;
    case CgalSetOp::kUnion:
      impl_->a->join(*impl_->b);
      return;
    case CgalSetOp::kDifference:
      impl_->a->difference(*impl_->b);
      return;
  }
}

CgalSetSummary CgalPolygonSetPeer::Summarize() const {
  CgalSetSummary s;
  if (!impl_->a) return s;
  std::list<PolygonWithHoles> pieces;
  impl_->a->polygons_with_holes(std::back_inserter(pieces));
  Exact area = 0;
  for (const PolygonWithHoles& piece : pieces) {
    area += ExactDoubledArea(piece.outer_boundary(), s.vertices);
    for (auto h = piece.holes_begin(); h != piece.holes_end(); ++h)
      area += ExactDoubledArea(*h, s.vertices);  // clockwise: negative
    s.rings += 1 + static_cast<std::size_t>(std::distance(piece.holes_begin(), piece.holes_end()));
  }
  std::ostringstream text;
  text << area;
  s.doubled_area = text.str();
  if (s.doubled_area.size() > 2 && s.doubled_area.ends_with("/1"))
    s.doubled_area.resize(s.doubled_area.size() - 2);
  return s;
}

std::size_t CgalPolygonSetPeer::InputPolygons() const {
  return impl_->first.size() + impl_->second.size();
}

void CgalPolygonSetPeer::Free() {
  impl_->a.reset();
  impl_->b.reset();
}

}  // namespace onepath::bench
