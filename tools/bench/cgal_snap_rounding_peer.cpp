// The benchmark's only CGAL translation unit (Snap_rounding_2). It is built
// without NDEBUG (tools/bench/meson.build: -UNDEBUG): CGAL 5.5.1's
// intersection sweep, which snap_rounding_2 runs first, can crash under
// NDEBUG on some inputs where several segments cross at one point; with its
// assertions on it throws there instead. The benchmark runs every call in a
// forked child and counts both outcomes as failures (arrangement_bench.cpp).
// The assertions cost time too, so the ratio is against CGAL as built here.
//
// Pixels: CGAL's pixel of size 1 is the square [k, k+1) x [m, m+1) (Snap_2 in
// Snap_rounding_traits_2.h); every coordinate is shifted by +1/2 (exact in
// a double for integers up to 2^39), which makes it arr.pixel's
// [c - 1/2, c + 1/2)^2.
#include "tools/bench/cgal_snap_rounding_peer.hpp"

#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Snap_rounding_2.h>
#include <CGAL/Snap_rounding_traits_2.h>
#include <CGAL/assertions_behaviour.h>

#include <list>

namespace onepath::bench {

namespace {

using Kernel = CGAL::Exact_predicates_exact_constructions_kernel;
using Traits = CGAL::Snap_rounding_traits_2<Kernel>;
using Point = Traits::Point_2;
using Segment = Traits::Segment_2;
using PolylineList = std::list<std::list<Point>>;

double Shifted(std::int64_t v) { return static_cast<double>(v) + 0.5; }

}  // namespace

std::size_t CgalSnapRound(std::span<const geom2d::TaggedEdge> edges) {
  CGAL::set_error_behaviour(CGAL::THROW_EXCEPTION);
  std::list<Segment> segments;
  for (const geom2d::TaggedEdge& e : edges) {
    if (e.p == e.q) continue;  // arr.drop-degenerate
    segments.emplace_back(Point(Shifted(e.p.x), Shifted(e.p.y)),
                          Point(Shifted(e.q.x), Shifted(e.q.y)));
  }
  PolylineList polylines;
  CGAL::snap_rounding_2<Traits, std::list<Segment>::const_iterator, PolylineList>(
      segments.begin(), segments.end(), polylines, Kernel::FT(1), /*do_isr=*/false,
      /*int_output=*/true, /*number_of_kd_trees=*/1);
  std::size_t vertices = 0;
  for (const auto& line : polylines) vertices += line.size();
  return vertices;
}

}  // namespace onepath::bench
