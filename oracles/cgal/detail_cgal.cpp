// CGAL's exact kernel and constrained Delaunay triangulation on one
// polygon's height detail (detail_cgal.hpp). The only translation unit of
// this oracle.
#include "oracles/cgal/detail_cgal.hpp"

#include <CGAL/Constrained_Delaunay_triangulation_2.h>
#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Polygon_2.h>
#include <CGAL/Polygon_2_algorithms.h>
#include <CGAL/Triangulation_face_base_with_info_2.h>
#include <CGAL/Triangulation_vertex_base_with_info_2.h>

#include <algorithm>
#include <deque>
#include <exception>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace onepath::oracle {

namespace {

// The spec's orient takes (z, x) as the plane (b3d.detail.orientation);
// the frame (x, -z) is the same reflection of (x, z) composed with a
// rotation, so CGAL's left turn and in-circle there are the spec's signs.
using K = CGAL::Exact_predicates_exact_constructions_kernel;
using Point = K::Point_2;
using Polygon = CGAL::Polygon_2<K>;
using Vb = CGAL::Triangulation_vertex_base_with_info_2<std::uint32_t, K>;
using Fbb = CGAL::Constrained_triangulation_face_base_2<K>;
using Fb = CGAL::Triangulation_face_base_with_info_2<int, K, Fbb>;
using Tds = CGAL::Triangulation_data_structure_2<Vb, Fb>;
using Cdt =
    CGAL::Constrained_Delaunay_triangulation_2<K, Tds, CGAL::No_constraint_intersection_tag>;

using Triple = std::array<std::uint32_t, 3>;
using Edge = std::pair<std::uint32_t, std::uint32_t>;

// The triangle's vertex numbers rotated so that the least comes first (the
// cyclic order, hence the orientation, kept).
Triple Canonical(Triple t) {
  while (t[0] > t[1] || t[0] > t[2]) t = {t[1], t[2], t[0]};
  return t;
}

Edge Undirected(std::uint32_t a, std::uint32_t b) { return {std::min(a, b), std::max(a, b)}; }

// The triangles of CGAL's CDT of the points with the ring's edges as
// constraints, inside the ring (an odd number of constraints crossed from
// the infinite face), as canonical triples; whether an unconstrained edge
// between two of them has its four points on one circle; and the edges of
// the constrained Delaunay subdivision. Throws what CGAL throws.
struct CgalCdt {
  std::vector<Triple> triangles;
  bool cocircular = false;
  std::set<Edge> subdivision;
  std::size_t vertices = 0;
};

CgalCdt TriangulateWithCgal(const std::vector<Point>& pts, const std::vector<std::uint32_t>& ring) {
  std::vector<std::pair<Point, std::uint32_t>> input;
  for (std::size_t i = 0; i < pts.size(); ++i)
    input.emplace_back(pts[i], static_cast<std::uint32_t>(i));
  Cdt cdt;
  cdt.insert(input.begin(), input.end());
  CgalCdt out;
  out.vertices = cdt.number_of_vertices();
  if (out.vertices != pts.size()) return out;  // two points at one position
  std::vector<Cdt::Vertex_handle> handle(pts.size());
  for (auto v = cdt.finite_vertices_begin(); v != cdt.finite_vertices_end(); ++v)
    handle[v->info()] = v;
  for (std::size_t i = 0; i < ring.size(); ++i)
    cdt.insert_constraint(handle[ring[i]], handle[ring[(i + 1) % ring.size()]]);

  // 0-1 breadth-first search: crossing a constraint costs one.
  for (auto f = cdt.all_faces_begin(); f != cdt.all_faces_end(); ++f) f->info() = -1;
  std::deque<std::pair<Cdt::Face_handle, int>> queue{{cdt.infinite_face(), 0}};
  while (!queue.empty()) {
    const auto [f, level] = queue.front();
    queue.pop_front();
    if (f->info() != -1) continue;
    f->info() = level;
    for (int i = 0; i < 3; ++i) {
      const Cdt::Face_handle g = f->neighbor(i);
      if (g->info() != -1) continue;
      if (cdt.is_constrained({f, i}))
        queue.emplace_back(g, level + 1);
      else
        queue.emplace_front(g, level);
    }
  }
  auto inside = [&](Cdt::Face_handle f) { return !cdt.is_infinite(f) && f->info() % 2 == 1; };
  for (auto f = cdt.finite_faces_begin(); f != cdt.finite_faces_end(); ++f) {
    if (!inside(f)) continue;
    out.triangles.push_back(
        Canonical({f->vertex(0)->info(), f->vertex(1)->info(), f->vertex(2)->info()}));
    for (int i = 0; i < 3; ++i) {
      const std::uint32_t a = f->vertex(Cdt::ccw(i))->info(), b = f->vertex(Cdt::cw(i))->info();
      if (cdt.is_constrained({f, i})) {
        out.subdivision.insert(Undirected(a, b));
        continue;
      }
      const Cdt::Face_handle g = f->neighbor(i);
      if (!inside(g)) continue;  // cannot happen: only constraints bound the inside
      const Point& d = g->vertex(g->index(f))->point();
      const auto side = CGAL::side_of_oriented_circle(f->vertex(0)->point(), f->vertex(1)->point(),
                                                      f->vertex(2)->point(), d);
      if (side == CGAL::ON_ORIENTED_BOUNDARY) out.cocircular = true;
      if (side == CGAL::ON_NEGATIVE_SIDE) out.subdivision.insert(Undirected(a, b));
    }
  }
  std::sort(out.triangles.begin(), out.triangles.end());
  return out;
}

}  // namespace

void CgalDetailReport::Add(const CgalDetailReport& r) {
  if (firstViolation.empty()) firstViolation = r.firstViolation;
  violations += r.violations;
  polygons += r.polygons;
  triangles += r.triangles;
  degenerate += r.degenerate;
  edgePoints += r.edgePoints;
  samples += r.samples;
  offEdge += r.offEdge;
  ringAreaDiffers += r.ringAreaDiffers;
  delaunayEdges += r.delaunayEdges;
  edgesSkipped += r.edgesSkipped;
  cdtEqual += r.cdtEqual;
  cdtCocircular += r.cdtCocircular;
  cdtDegenerate += r.cdtDegenerate;
  subdivisionEqual += r.subdivisionEqual;
}

CgalDetailReport CgalCheckDetail(const CgalDetailPolygon& in, const std::string& label,
                                 std::vector<std::uint32_t>* ringOut) {
  CgalDetailReport r;
  r.polygons = 1;
  auto fail = [&](const std::string& what) {
    if (r.violations++ == 0) r.firstViolation = label + ": " + what;
  };
  const std::size_t n = in.corners.size();
  const std::size_t vCount = n + in.extras.size();
  const std::size_t tCount = in.triangles.size();
  r.triangles = static_cast<std::int64_t>(tCount);
  if (n < 3 || vCount > 255) {
    fail(std::to_string(n) + " corners, " + std::to_string(vCount) + " vertices");
    return r;
  }
  if (in.flags.size() != tCount) {
    fail("flags and triangles differ in number");
    return r;
  }
  std::vector<Point> pts;
  for (const CgalDetailPoint& p : in.corners) pts.emplace_back(p.x, -p.z);
  for (const CgalDetailPoint& p : in.extras) pts.emplace_back(p.x, -p.z);

  // (a) Vertex numbers, orientation, directed edges and flags.
  std::vector<int> edgeOf(vCount * vCount, -1);  // directed edge a -> b: 3 t + k
  std::vector<CGAL::Orientation> orientation(tCount);
  std::vector<bool> used(vCount, false);
  for (std::size_t t = 0; t < tCount; ++t) {
    const Triple& tri = in.triangles[t];
    const std::string at = "triangle " + std::to_string(t) + ": ";
    if (tri[0] >= vCount || tri[1] >= vCount || tri[2] >= vCount) {
      fail(at + "a vertex number out of range");
      return r;
    }
    if (tri[0] == tri[1] || tri[1] == tri[2] || tri[2] == tri[0]) {
      fail(at + "a vertex twice");
      return r;
    }
    orientation[t] = CGAL::orientation(pts[tri[0]], pts[tri[1]], pts[tri[2]]);
    if (orientation[t] == CGAL::RIGHT_TURN) fail(at + "negative (clockwise)");
    if (orientation[t] == CGAL::COLLINEAR) {
      ++r.degenerate;
      fail(at + "degenerate (orientation 0)");
    }
    for (int k = 0; k < 3; ++k) {
      used[tri[k]] = true;
      int& e = edgeOf[tri[k] * vCount + tri[(k + 1) % 3]];
      if (e != -1) {
        fail(at + "edge " + std::to_string(k) + " also in triangle " + std::to_string(e / 3));
        return r;
      }
      e = static_cast<int>(3 * t) + k;
    }
  }
  std::vector<std::int64_t> next(vCount, -1);  // the ring's edge leaving a vertex
  std::size_t boundaryEdges = 0;
  for (std::size_t t = 0; t < tCount; ++t) {
    const Triple& tri = in.triangles[t];
    for (int k = 0; k < 3; ++k) {
      const std::uint32_t a = tri[k], b = tri[(k + 1) % 3];
      const bool boundary = edgeOf[b * vCount + a] == -1;
      if (boundary != (((in.flags[t] >> k) & 1) != 0))
        fail("triangle " + std::to_string(t) + ": flag bit " + std::to_string(k) + " wrong");
      if (!boundary) continue;
      ++boundaryEdges;
      if (next[a] != -1) {
        fail("two ring edges leave vertex " + std::to_string(a));
        return r;
      }
      next[a] = b;
    }
    if ((in.flags[t] >> 3) != 0) fail("triangle " + std::to_string(t) + ": flag bits 3..7 set");
  }
  for (std::size_t v = 0; v < vCount; ++v)
    if (!used[v]) fail("vertex " + std::to_string(v) + " in no triangle");

  // The ring: from corner 0 along the boundary edges.
  std::vector<std::uint32_t> ring;
  bool closed = false;
  for (std::int64_t v = 0; !closed && ring.size() <= vCount;) {
    ring.push_back(static_cast<std::uint32_t>(v));
    if (next[v] == -1) {
      fail("the ring stops at vertex " + std::to_string(v));
      return r;
    }
    v = next[v];
    closed = v == 0;
  }
  if (!closed || ring.size() != boundaryEdges) {
    fail("the boundary is not one cycle through corner 0");
    return r;
  }
  std::vector<std::uint32_t> cornerAt;  // positions of the corners in the ring
  for (std::size_t i = 0; i < ring.size(); ++i)
    if (ring[i] < n) cornerAt.push_back(static_cast<std::uint32_t>(i));
  for (std::size_t c = 0; c < cornerAt.size(); ++c)
    if (ring[cornerAt[c]] != c) {
      fail("the ring visits the corners out of order");
      return r;
    }
  if (cornerAt.size() != n) {
    fail("the ring misses a corner");
    return r;
  }
  if (ringOut != nullptr) *ringOut = ring;
  for (std::size_t c = 0; c < n; ++c) {
    const Point& p = pts[c];
    const Point& q = pts[(c + 1) % n];
    const std::size_t end = c + 1 < n ? cornerAt[c + 1] : ring.size();
    K::FT last = 0;
    for (std::size_t i = cornerAt[c] + 1; i < end; ++i) {
      ++r.edgePoints;
      const Point& e = pts[ring[i]];
      const bool inBox = (p.x() <= e.x() || q.x() <= e.x()) && (e.x() <= p.x() || e.x() <= q.x()) &&
                         (p.y() <= e.y() || q.y() <= e.y()) && (e.y() <= p.y() || e.y() <= q.y());
      if (!inBox) fail("edge point " + std::to_string(ring[i]) + " outside its edge's box");
      const K::FT along = (e - p) * (q - p);
      if (!(along > last) || !(along < (q - p) * (q - p)))
        fail("edge point " + std::to_string(ring[i]) + " out of order along its edge");
      last = along;
      if (CGAL::orientation(p, e, q) != CGAL::COLLINEAR) ++r.offEdge;
    }
  }
  std::vector<Point> ringPts;
  for (std::uint32_t v : ring) ringPts.push_back(pts[v]);
  const Polygon ringPolygon(ringPts.begin(), ringPts.end());
  if (!ringPolygon.is_simple()) {
    fail("the ring is not simple");
    return r;
  }
  const K::FT ringArea = 2 * ringPolygon.area();
  if (!(ringArea > 0)) fail("the ring is not counter-clockwise");
  const Polygon cornerPolygon(pts.begin(), pts.begin() + static_cast<std::ptrdiff_t>(n));
  if (2 * cornerPolygon.area() != ringArea) ++r.ringAreaDiffers;
  std::vector<bool> onRing(vCount, false);
  for (std::uint32_t v : ring) onRing[v] = true;
  for (std::size_t v = n; v < vCount; ++v) {
    if (onRing[v]) continue;
    ++r.samples;
    if (ringPolygon.bounded_side(pts[v]) != CGAL::ON_BOUNDED_SIDE)
      fail("sample vertex " + std::to_string(v) + " not strictly inside the ring");
  }
  K::FT sum = 0;
  for (const Triple& tri : in.triangles)
    sum += 2 * CGAL::area(pts[tri[0]], pts[tri[1]], pts[tri[2]]);
  if (sum != ringArea) fail("the triangles' areas do not sum to the ring's");

  // (b) Every interior edge of two positive triangles is locally Delaunay.
  bool allPositive = true;
  for (std::size_t t = 0; t < tCount; ++t) allPositive &= orientation[t] == CGAL::LEFT_TURN;
  std::set<Edge> ourSubdivision;
  for (std::size_t t = 0; t < tCount; ++t) {
    const Triple& tri = in.triangles[t];
    for (int k = 0; k < 3; ++k) {
      const std::uint32_t a = tri[k], b = tri[(k + 1) % 3], c = tri[(k + 2) % 3];
      const int back = edgeOf[b * vCount + a];
      if (back == -1) {
        ourSubdivision.insert(Undirected(a, b));
        continue;
      }
      if (a > b) continue;  // each interior edge once
      const std::size_t u = static_cast<std::size_t>(back / 3);
      const std::uint32_t d = in.triangles[u][(back % 3 + 2) % 3];
      if (orientation[t] != CGAL::LEFT_TURN || orientation[u] != CGAL::LEFT_TURN) {
        ++r.edgesSkipped;
        continue;
      }
      ++r.delaunayEdges;
      const auto side = CGAL::side_of_oriented_circle(pts[a], pts[b], pts[c], pts[d]);
      if (side == CGAL::ON_POSITIVE_SIDE)
        fail("edge " + std::to_string(a) + "-" + std::to_string(b) + " of triangles " +
             std::to_string(t) + " and " + std::to_string(u) + " not Delaunay: vertex " +
             std::to_string(d) + " inside the circle of " + std::to_string(a) + ", " +
             std::to_string(b) + ", " + std::to_string(c));
      if (side == CGAL::ON_NEGATIVE_SIDE) ourSubdivision.insert(Undirected(a, b));
    }
  }

  // (c) CGAL's constrained Delaunay triangulation of the same points.
  if (!allPositive) {
    ++r.cdtDegenerate;
    return r;
  }
  CgalCdt cgal;
  try {
    cgal = TriangulateWithCgal(pts, ring);
  } catch (const std::exception& e) {
    fail(std::string("CGAL's CDT threw: ") + e.what());
    return r;
  }
  if (cgal.vertices != vCount) {
    fail("two vertices at one position");
    return r;
  }
  if (cgal.subdivision == ourSubdivision)
    ++r.subdivisionEqual;
  else
    fail("the Delaunay subdivision differs from CGAL's");
  if (cgal.cocircular) {
    ++r.cdtCocircular;
    return r;
  }
  std::vector<Triple> ours;
  for (const Triple& tri : in.triangles) ours.push_back(Canonical(tri));
  std::sort(ours.begin(), ours.end());
  if (ours == cgal.triangles)
    ++r.cdtEqual;
  else
    fail("the triangles differ from CGAL's CDT (" + std::to_string(cgal.triangles.size()) +
         " triangles)");
  return r;
}

}  // namespace onepath::oracle
