// CGAL's exact kernel on a polygonizer result (polygons_cgal.hpp).
#include "oracles/cgal/polygons_cgal.hpp"

#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Polygon_2.h>

#include <algorithm>
#include <string>
#include <vector>

namespace onepath::oracle {

namespace {

// The spec's plane is (x, z) seen from above with y up: a corner "turns
// left" (b3d.poly.cross, b3d.poly.orient) when it turns left in the frame
// (x, -z), which is where CGAL's orientation and areas are taken here.
using K = CGAL::Exact_predicates_exact_constructions_kernel;
using Point = K::Point_2;
using Polygon = CGAL::Polygon_2<K>;

// Doubled area of a ring of cell corners, as an exact CGAL number.
K::FT DoubledArea(const std::vector<Point>& ring) {
  if (ring.size() < 3) return 0;
  const Polygon p(ring.begin(), ring.end());
  return 2 * p.area();
}

}  // namespace

CgalPolyReport CgalCheckPolygons(const CgalPolyInput& in) {
  CgalPolyReport r;
  auto fail = [&](const std::string& what) {
    if (r.firstViolation.empty()) r.firstViolation = what;
  };
  std::vector<K::FT> covered(in.contours.size(), K::FT(0));
  for (std::size_t i = 0; i < in.polygons.size(); ++i) {
    const std::vector<std::uint32_t>& poly = in.polygons[i];
    const std::string at = "polygon " + std::to_string(i) + ": ";
    ++r.polygons;
    const std::size_t n = poly.size();
    if (n < 3 || n > static_cast<std::size_t>(in.maxVertsPerPoly))
      fail(at + std::to_string(n) + " corners");
    std::vector<Point> pos, cells;
    for (std::uint32_t v : poly) {
      if (v >= in.vertices.size()) {
        fail(at + "a vertex index out of range");
        return r;
      }
      pos.emplace_back(in.vertices[v].x, -in.vertices[v].z);
      cells.emplace_back(static_cast<double>(in.vertices[v].cx),
                         -static_cast<double>(in.vertices[v].cz));
    }
    std::vector<std::uint32_t> sorted = poly;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
      fail(at + "a vertex twice");
    for (std::size_t c = 0; c < n; ++c) {
      const auto o = CGAL::orientation(pos[(c + n - 1) % n], pos[c], pos[(c + 1) % n]);
      if (o == CGAL::RIGHT_TURN) fail(at + "corner " + std::to_string(c) + " turns right");
      if (o == CGAL::COLLINEAR) ++r.collinearCorners;
    }
    if (n >= 3 && !(Polygon(pos.begin(), pos.end()).area() > 0))
      fail(at + "not counter-clockwise in float32");
    const std::uint32_t contour = in.polygonContour[i];
    if (contour >= in.contours.size()) {
      fail(at + "a contour index out of range");
      continue;
    }
    covered[contour] += DoubledArea(cells);
  }
  for (std::size_t c = 0; c < in.contours.size(); ++c) {
    if (in.contours[c].size() < 3) continue;
    std::vector<Point> ring;
    for (const auto& [x, z] : in.contours[c])
      ring.emplace_back(static_cast<double>(x), -static_cast<double>(z));
    const K::FT own = DoubledArea(ring);
    if (covered[c] == own)
      ++r.contoursArea;
    else if (covered[c] < own)
      ++r.contoursShort;
    else
      fail("contour " + std::to_string(c) + ": its polygons cover more than its area");
  }
  return r;
}

}  // namespace onepath::oracle
