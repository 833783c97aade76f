// CGAL's exact kernel on a polygonizer result (polygons_cgal.hpp).
#include "oracles/cgal/polygons_cgal.hpp"

#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Polygon_2.h>

#include <algorithm>
#include <cstddef>
#include <map>
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

// b3d.poly.cross on cell corners, exact: cross(a, b, c) = (xc - xa)(zb - za)
// - (xb - xa)(zc - za) and dot(a, b, c) = (xb - xa)(xc - xb) + (zb - za)(zc
// - zb), in 128-bit integers (corners are 16-bit, so 64 bits would do).
using Wide = __int128;

int CrossSign(const CgalPolyVertex& a, const CgalPolyVertex& b, const CgalPolyVertex& c) {
  const Wide v =
      (Wide(c.cx) - a.cx) * (Wide(b.cz) - a.cz) - (Wide(b.cx) - a.cx) * (Wide(c.cz) - a.cz);
  return (v > 0) - (v < 0);
}

// "goes straight on": cross 0 and dot > 0 (a reversal or a repeated point is not).
bool StraightOn(const CgalPolyVertex& a, const CgalPolyVertex& b, const CgalPolyVertex& c) {
  const Wide dot =
      (Wide(b.cx) - a.cx) * (Wide(c.cx) - b.cx) + (Wide(b.cz) - a.cz) * (Wide(c.cz) - b.cz);
  return CrossSign(a, b, c) == 0 && dot > 0;
}

// orient32(a, b, c) = Orient2D(P(c), P(b), P(a)) on (x, z) (b3d.poly.orient):
// the sign of (xc - xa)(zb - za) - (xb - xa)(zc - za) on the float32
// positions, which is CGAL's orientation of a, b, c in the frame (x, -z).
// The doubles are the float32 positions widened, so the points are exact.
int Orient32(const CgalPolyVertex& a, const CgalPolyVertex& b, const CgalPolyVertex& c) {
  const auto o = CGAL::orientation(Point(a.x, -a.z), Point(b.x, -b.z), Point(c.x, -c.z));
  return o == CGAL::LEFT_TURN ? 1 : o == CGAL::RIGHT_TURN ? -1 : 0;
}

// A corner of a merged ring: its vertex and the wall flag of its leaving edge.
struct RingCorner {
  std::uint32_t vertex = 0;
  bool wall = false;
};

enum class Verdict { kValid, kTurn, kOrient, kRing, kNeighbour };

// b3d.poly.merge-valid on the ring R of b3d.poly.merge-ring, whose joints
// are b (position 0) and a (position |A| - 1); the first failing test.
Verdict MergeValid(const std::vector<RingCorner>& ring, std::size_t jointA, const CgalPolyInput& in,
                   std::int64_t& wallCollinear) {
  const std::size_t n = ring.size();
  const auto at = [&](std::size_t i) -> const CgalPolyVertex& {
    return in.vertices[ring[i % n].vertex];
  };
  std::vector<bool> removed(n, false);
  for (const std::size_t j : {jointA, std::size_t{0}}) {
    const std::size_t u = (j + n - 1) % n, v = (j + 1) % n;
    // Wall-collinear: u -> J -> v straight on in cells, both u -> J (u's
    // flag in R) and J -> v (J's flag in R) walls. Always removed.
    if (StraightOn(at(u), at(j), at(v)) && ring[u].wall && ring[j].wall) {
      removed[j] = true;
      ++wallCollinear;
      continue;
    }
    // Test 1: turns left or goes straight on in cells, orient32 >= 0.
    if (!(CrossSign(at(u), at(j), at(v)) > 0 || StraightOn(at(u), at(j), at(v))))
      return Verdict::kTurn;
    if (Orient32(at(u), at(j), at(v)) < 0) return Verdict::kOrient;
  }
  // R' (the corner before a removed joint would take the wall flag; no
  // test below reads flags), each corner marked when it was a neighbour in
  // R of a removed joint.
  std::vector<std::uint32_t> kept;
  std::vector<bool> beside;
  for (std::size_t i = 0; i < n; ++i) {
    if (removed[i]) continue;
    kept.push_back(ring[i].vertex);
    beside.push_back(removed[(i + 1) % n] || removed[(i + n - 1) % n]);
  }
  // Test 2: at least three corners, no vertex twice.
  std::vector<std::uint32_t> sorted = kept;
  std::sort(sorted.begin(), sorted.end());
  if (kept.size() < 3 || std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    return Verdict::kRing;
  // Test 3: the removed joints' neighbours, orient32 >= 0 in R'.
  const std::size_t m = kept.size();
  for (std::size_t i = 0; i < m; ++i) {
    if (!beside[i]) continue;
    if (Orient32(in.vertices[kept[(i + m - 1) % m]], in.vertices[kept[i]],
                 in.vertices[kept[(i + 1) % m]]) < 0)
      return Verdict::kNeighbour;
  }
  return Verdict::kValid;
}

// Every candidate of b3d.poly.merge among the polygons `poly` (indices of
// in.polygons, one contour's, numbered 0 ... t - 1 in this order): A = 0 ...
// t - 1, each edge k of A (a = A[k] -> b = A[k + 1]), B = A + 1 ... t - 1
// holding b -> a at l, |A| + |B| - 2 <= maxVertsPerPoly.
void CheckNoMergeLeft(const CgalPolyInput& in, const std::vector<std::uint32_t>& poly,
                      CgalPolyReport& r) {
  const std::size_t t = poly.size();
  for (std::size_t ia = 0; ia < t; ++ia) {
    const std::vector<std::uint32_t>& A = in.polygons[poly[ia]];
    const std::vector<bool>& wallA = in.polygonWalls[poly[ia]];
    const std::size_t na = A.size();
    for (std::size_t k = 0; k < na; ++k) {
      const std::uint32_t a = A[k], b = A[(k + 1) % na];
      for (std::size_t ib = ia + 1; ib < t; ++ib) {
        const std::vector<std::uint32_t>& B = in.polygons[poly[ib]];
        const std::vector<bool>& wallB = in.polygonWalls[poly[ib]];
        const std::size_t nb = B.size();
        if (na + nb - 2 > static_cast<std::size_t>(in.maxVertsPerPoly)) continue;
        for (std::size_t l = 0; l < nb; ++l) {
          if (B[l] != b || B[(l + 1) % nb] != a) continue;
          ++r.mergeCandidates;
          // R = A[k+1], ..., A[k+|A|] (= a), B[l+2], ..., B[l+|B|-1]; a
          // takes B's flag of B[l+1] = a (its leaving edge is B's a -> ...).
          std::vector<RingCorner> ring;
          for (std::size_t i = 1; i <= na; ++i)
            ring.push_back({A[(k + i) % na], wallA[(k + i) % na]});
          ring.back().wall = wallB[(l + 1) % nb];
          for (std::size_t i = 2; i + 1 <= nb; ++i)
            ring.push_back({B[(l + i) % nb], wallB[(l + i) % nb]});
          switch (MergeValid(ring, na - 1, in, r.wallCollinearJoints)) {
            case Verdict::kTurn:
              ++r.rejectedTurn;
              break;
            case Verdict::kOrient:
              ++r.rejectedOrient;
              break;
            case Verdict::kRing:
              ++r.rejectedRing;
              break;
            case Verdict::kNeighbour:
              ++r.rejectedNeighbour;
              break;
            case Verdict::kValid:
              r.validMerges.emplace_back(poly[ia], poly[ib]);
              break;
          }
        }
      }
    }
  }
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
  // No valid merge left (b3d.poly.promise), per contour in input order.
  bool flags = in.polygonWalls.size() == in.polygons.size();
  for (std::size_t i = 0; flags && i < in.polygons.size(); ++i)
    flags = in.polygonWalls[i].size() == in.polygons[i].size();
  if (!flags) {
    fail("wall flags missing");
    return r;
  }
  std::map<std::uint32_t, std::vector<std::uint32_t>> byContour;
  for (std::size_t i = 0; i < in.polygons.size(); ++i)
    byContour[in.polygonContour[i]].push_back(static_cast<std::uint32_t>(i));
  for (const auto& [contour, poly] : byContour) CheckNoMergeLeft(in, poly, r);
  if (!r.validMerges.empty())
    fail("contour " + std::to_string(in.polygonContour[r.validMerges[0].first]) + ": polygons " +
         std::to_string(r.validMerges[0].first) + " and " +
         std::to_string(r.validMerges[0].second) + " could still merge");
  return r;
}

}  // namespace onepath::oracle
