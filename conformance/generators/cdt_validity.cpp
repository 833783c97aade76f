// The independent CDT checker (cdt_validity.hpp).
#include "conformance/generators/cdt_validity.hpp"

#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>
#include <map>
#include <set>
#include <sstream>

namespace onepath::gen {

namespace {

using geom2d::GridPoint;
using geom2d::Triangulation;
using Int256 = boost::multiprecision::checked_int256_t;

// Sign of (b - a) x (c - a). Differences within 2^47 (the corners are
// within 3 * 2^45), products within 2^94.
int Orient128(GridPoint a, GridPoint b, GridPoint c) {
  Int128 l = static_cast<Int128>(b.x - a.x) * (c.y - a.y);
  Int128 r = static_cast<Int128>(b.y - a.y) * (c.x - a.x);
  return (l > r) - (l < r);
}

Int128 Cross(GridPoint a, GridPoint b, GridPoint c) {
  return static_cast<Int128>(b.x - a.x) * (c.y - a.y) -
         static_cast<Int128>(b.y - a.y) * (c.x - a.x);
}

void Add(CdtValidity& v, const std::string& message) {
  if (v.messages.size() < 12) v.messages.push_back(message);
  ++v.violations;
}

std::uint64_t EdgeKey(std::int64_t a, std::int64_t b) {
  return (static_cast<std::uint64_t>(std::min(a, b)) << 32) |
         static_cast<std::uint64_t>(std::max(a, b));
}

}  // namespace

std::string CdtValidity::Summary() const {
  if (ok()) return "ok";
  std::ostringstream s;
  s << violations << " violations:";
  for (const std::string& m : messages) s << "\n  " << m;
  return s.str();
}

GridPoint CdtVertexPoint(std::span<const GridPoint> points, std::int64_t v) {
  const std::int64_t n = static_cast<std::int64_t>(points.size());
  const std::int64_t B = std::int64_t{1} << 45;
  if (v < n) return points[static_cast<std::size_t>(v)];
  if (v == n) return {-B, -B};
  if (v == n + 1) return {3 * B, -B};
  return {-B, 3 * B};
}

int IndependentInCircle(GridPoint a, GridPoint b, GridPoint c, GridPoint d) {
  // With p' = p - d: det = |a'|^2 (b' x c') + |b'|^2 (c' x a') + |c'|^2 (a' x b').
  const Int256 ax = a.x - d.x, ay = a.y - d.y, bx = b.x - d.x, by = b.y - d.y;
  const Int256 cx = c.x - d.x, cy = c.y - d.y;
  const Int256 det = (ax * ax + ay * ay) * (bx * cy - by * cx) +
                     (bx * bx + by * by) * (cx * ay - cy * ax) +
                     (cx * cx + cy * cy) * (ax * by - ay * bx);
  return det.sign();
}

bool UniqueConstrainedDelaunay(std::span<const GridPoint> points,
                               std::span<const std::array<std::uint32_t, 3>> triangles,
                               std::span<const std::array<std::uint32_t, 2>> constrained) {
  std::set<std::array<std::uint32_t, 2>> fixed(constrained.begin(), constrained.end());
  // directed edge (a, b) -> the third vertex of the triangle holding it
  std::map<std::array<std::uint32_t, 2>, std::uint32_t> third;
  for (const auto& t : triangles)
    for (int i = 0; i < 3; ++i) third[{t[i], t[(i + 1) % 3]}] = t[(i + 2) % 3];
  auto P = [&](std::uint32_t v) { return CdtVertexPoint(points, v); };
  for (const auto& t : triangles)
    for (int i = 0; i < 3; ++i) {
      const std::uint32_t a = t[i], b = t[(i + 1) % 3];
      auto across = third.find({b, a});
      if (across == third.end() || fixed.count({std::min(a, b), std::max(a, b)})) continue;
      if (IndependentInCircle(P(t[0]), P(t[1]), P(t[2]), P(across->second)) >= 0) return false;
    }
  return true;
}

Int128 HullDoubledArea(std::span<const GridPoint> input) {
  std::vector<GridPoint> p(input.begin(), input.end());
  std::sort(p.begin(), p.end());
  p.erase(std::unique(p.begin(), p.end()), p.end());
  if (p.size() < 3) return 0;
  // Lower hull left to right, then upper hull right to left; only strict
  // left turns are kept.
  std::vector<GridPoint> hull;
  for (int pass = 0; pass < 2; ++pass) {
    const std::size_t base = hull.size();
    for (std::size_t k = 0; k < p.size(); ++k) {
      const GridPoint q = pass == 0 ? p[k] : p[p.size() - 1 - k];
      while (hull.size() >= base + 2 && Orient128(hull[hull.size() - 2], hull.back(), q) <= 0)
        hull.pop_back();
      hull.push_back(q);
    }
    hull.pop_back();  // the last point starts the other chain
  }
  Int128 area = 0;
  for (std::size_t k = 1; k + 1 < hull.size(); ++k) area += Cross(hull[0], hull[k], hull[k + 1]);
  return area;
}

CdtValidity CheckCdtValidity(std::span<const GridPoint> points,
                             std::span<const geom2d::CdtConstraint> constraints,
                             const Triangulation& tri) {
  CdtValidity v;
  const std::int64_t n = static_cast<std::int64_t>(points.size());
  const std::size_t slots = tri.slots.size();
  if (tri.pointCount != points.size()) Add(v, "pointCount is not the number of points");
  if (slots != static_cast<std::size_t>(2 * n + 1)) Add(v, "not 2n + 1 slots");
  if (tri.constrained.size() != slots) Add(v, "not one constraint mark byte per slot");
  for (std::size_t t = 0; t < slots; ++t)
    for (int i = 0; i < 3; ++i) {
      if (tri.slots[t].v[i] < 0 || tri.slots[t].v[i] >= n + 3)
        Add(v, "slot " + std::to_string(t) + ": vertex out of range");
      if (tri.slots[t].n[i] < -1 || tri.slots[t].n[i] >= static_cast<std::int64_t>(slots))
        Add(v, "slot " + std::to_string(t) + ": neighbour out of range");
    }
  if (!v.ok()) return v;

  auto P = [&](std::int64_t vertex) { return CdtVertexPoint(points, vertex); };
  auto Marked = [&](std::size_t t, int i) { return ((tri.constrained[t] >> i) & 1) != 0; };
  std::vector<char> used(static_cast<std::size_t>(n + 3), 0);
  Int128 area = 0;
  // (edge key, slot, edge index) of every marked edge.
  std::vector<std::uint64_t> markedEdges;
  for (std::size_t t = 0; t < slots; ++t) {
    const geom2d::TriangleSlot& s = tri.slots[t];
    const std::string at = "slot " + std::to_string(t);
    for (int i = 0; i < 3; ++i) used[static_cast<std::size_t>(s.v[i])] = 1;
    if (Orient128(P(s.v[0]), P(s.v[1]), P(s.v[2])) <= 0) Add(v, at + " is not counter-clockwise");
    area += Cross(P(s.v[0]), P(s.v[1]), P(s.v[2]));
    if ((tri.constrained[t] >> 3) != 0) Add(v, at + ": mark bits above bit 2");
    for (int i = 0; i < 3; ++i) {
      const std::int64_t a = s.v[i], b = s.v[(i + 1) % 3];
      const std::int32_t u = s.n[i];
      const bool boundingEdge = a >= n && b >= n;
      if (u < 0) {
        if (!boundingEdge) Add(v, at + " edge " + std::to_string(i) + ": no neighbour");
        if (Marked(t, i)) Add(v, at + " edge " + std::to_string(i) + ": bounding edge marked");
        continue;
      }
      if (boundingEdge)
        Add(v, at + " edge " + std::to_string(i) + ": bounding edge has a neighbour");
      const geom2d::TriangleSlot& su = tri.slots[static_cast<std::size_t>(u)];
      int j = -1;
      for (int k = 0; k < 3; ++k)
        if (su.v[k] == b && su.v[(k + 1) % 3] == a) j = k;
      if (j < 0 || su.n[j] != static_cast<std::int32_t>(t)) {
        Add(v, at + " edge " + std::to_string(i) + ": neighbour does not hold the edge back");
        continue;
      }
      if (Marked(t, i) != Marked(static_cast<std::size_t>(u), j))
        Add(v, at + " edge " + std::to_string(i) + ": marked on one side only");
      if (Marked(t, i)) {
        if (a < b) markedEdges.push_back(EdgeKey(a, b));
        continue;
      }
      const int in = IndependentInCircle(P(s.v[0]), P(s.v[1]), P(s.v[2]), P(su.v[(j + 2) % 3]));
      if (in > 0) Add(v, at + " edge " + std::to_string(i) + ": not Delaunay");
      if (in == 0 && a < b) ++v.cocircularEdges;
    }
  }
  const std::int64_t B = std::int64_t{1} << 45;
  if (area != Cross({-B, -B}, {3 * B, -B}, {-B, 3 * B}))
    Add(v, "the slots' areas do not add up to the bounding triangle's");
  if (std::count(used.begin(), used.end(), 0) != 0) Add(v, "a vertex is in no slot");

  std::vector<std::uint64_t> wanted;
  for (const geom2d::CdtConstraint& c : constraints) wanted.push_back(EdgeKey(c.a, c.b));
  std::sort(wanted.begin(), wanted.end());
  wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
  std::sort(markedEdges.begin(), markedEdges.end());
  if (markedEdges != wanted) Add(v, "the marked edges are not the constraints");
  return v;
}

}  // namespace onepath::gen
