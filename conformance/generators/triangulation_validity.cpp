// See triangulation_validity.hpp for what is checked and why.
#include "conformance/generators/triangulation_validity.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <utility>

namespace onepath::gen {

namespace {

using geom2d::GridPoint;
using onepath::Int128;
using Edge = std::pair<std::uint32_t, std::uint32_t>;

Int128 Cross(GridPoint o, GridPoint a, GridPoint b) {
  return Int128(a.x - o.x) * (b.y - o.y) - Int128(a.y - o.y) * (b.x - o.x);
}

// The rings' doubled area: the sum of the edges' cross products.
Int128 RingsDoubledArea(const std::vector<geom2d::Ring>& rings) {
  Int128 area = 0;
  for (const auto& ring : rings)
    for (std::size_t k = 0; k < ring.size(); ++k) {
      const GridPoint a = ring[k], b = ring[(k + 1) % ring.size()];
      area += Int128(a.x) * b.y - Int128(a.y) * b.x;
    }
  return area;
}

struct Checker {
  TriangulationValidity result;
  void Fail(const std::string& message) {
    if (result.messages.size() < 12) result.messages.push_back(message);
    ++result.violations;
  }
};

// Vertices sorted and distinct; returns false (after reporting) if not.
bool CheckVertices(Checker& c, const std::vector<GridPoint>& p) {
  for (std::size_t k = 1; k < p.size(); ++k)
    if (!(p[k - 1] < p[k])) {
      c.Fail("vertices not sorted and distinct at " + std::to_string(k));
      return false;
    }
  return true;
}

// The index of a ring vertex among the sorted vertices, or -1.
std::int64_t IndexOf(const std::vector<GridPoint>& p, GridPoint q) {
  auto it = std::lower_bound(p.begin(), p.end(), q);
  return it != p.end() && *it == q ? it - p.begin() : -1;
}

// Every ring edge as a pair of vertex indices; reports ring vertices that
// are not vertices.
std::set<Edge> RingEdges(Checker& c, const std::vector<geom2d::Ring>& rings,
                         const std::vector<GridPoint>& p) {
  std::set<Edge> edges;
  for (std::size_t r = 0; r < rings.size(); ++r)
    for (std::size_t k = 0; k < rings[r].size(); ++k) {
      const std::int64_t a = IndexOf(p, rings[r][k]);
      const std::int64_t b = IndexOf(p, rings[r][(k + 1) % rings[r].size()]);
      if (a < 0 || b < 0) {
        c.Fail("ring " + std::to_string(r) + " vertex " + std::to_string(k) +
               " is not an output vertex");
        continue;
      }
      edges.insert({static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b)});
    }
  return edges;
}

}  // namespace

std::string TriangulationValidity::Summary() const {
  if (ok()) return "ok";
  std::ostringstream s;
  s << violations << " violations:";
  for (const std::string& m : messages) s << "\n  " << m;
  return s.str();
}

TriangulationValidity CheckTriangulationValidity(const std::vector<geom2d::Ring>& rings,
                                                 const geom2d::RegionTriangulation& t) {
  Checker c;
  const auto& p = t.vertices;
  if (!CheckVertices(c, p)) return c.result;
  if (t.neighbours.size() != 3 * t.triangles.size()) {
    c.Fail("neighbours are not 3 per triangle");
    return c.result;
  }
  Int128 area = 0;
  std::map<Edge, std::size_t> owner;
  for (std::size_t k = 0; k < t.triangles.size(); ++k) {
    const auto& v = t.triangles[k];
    const std::string name = "triangle " + std::to_string(k);
    if (v[0] >= p.size() || v[1] >= p.size() || v[2] >= p.size()) {
      c.Fail(name + ": vertex index out of range");
      return c.result;
    }
    if (!(v[0] < v[1] && v[0] < v[2])) c.Fail(name + " does not start at its smallest index");
    const Int128 twice = Cross(p[v[0]], p[v[1]], p[v[2]]);
    if (twice <= 0) c.Fail(name + " is not strictly counter-clockwise");
    area += twice;
    for (int i = 0; i < 3; ++i)
      if (!owner.emplace(Edge{v[i], v[(i + 1) % 3]}, k).second)
        c.Fail(name + ": directed edge held twice");
    if (k > 0 && !(t.triangles[k - 1] < v)) c.Fail(name + ": triangles not sorted");
  }
  if (area != RingsDoubledArea(rings)) c.Fail("triangle areas do not add up to the region's");
  const std::set<Edge> ringEdges = RingEdges(c, rings, p);
  for (const Edge& e : ringEdges)
    if (!owner.count(e)) c.Fail("a ring edge is not a triangle edge");
  for (std::size_t k = 0; k < t.triangles.size(); ++k)
    for (int i = 0; i < 3; ++i) {
      const auto& v = t.triangles[k];
      auto across = owner.find({v[(i + 1) % 3], v[i]});
      const std::int32_t expected =
          across == owner.end() ? -1 : static_cast<std::int32_t>(across->second);
      if (t.neighbours[3 * k + i] != expected)
        c.Fail("triangle " + std::to_string(k) + " neighbour " + std::to_string(i) + " is wrong");
      if ((expected < 0) != (ringEdges.count({v[i], v[(i + 1) % 3]}) == 1))
        c.Fail("triangle " + std::to_string(k) + " edge " + std::to_string(i) +
               ": boundary edges and ring edges differ");
    }
  return c.result;
}

TriangulationValidity CheckPartitionValidity(const std::vector<geom2d::Ring>& rings,
                                             const geom2d::ConvexPartition& c0,
                                             int maxVerticesPerPolygon) {
  Checker c;
  const auto& p = c0.vertices;
  if (!CheckVertices(c, p)) return c.result;
  if (c0.neighbours.size() != c0.polygons.size()) {
    c.Fail("neighbours are not one list per polygon");
    return c.result;
  }
  Int128 area = 0;
  std::map<Edge, std::size_t> owner;
  for (std::size_t k = 0; k < c0.polygons.size(); ++k) {
    const auto& poly = c0.polygons[k];
    const std::string name = "polygon " + std::to_string(k);
    if (poly.size() < 3 || poly.size() > static_cast<std::size_t>(maxVerticesPerPolygon) ||
        c0.neighbours[k].size() != poly.size()) {
      c.Fail(name + ": vertex or neighbour count out of range");
      return c.result;
    }
    for (std::uint32_t v : poly)
      if (v >= p.size()) {
        c.Fail(name + ": vertex index out of range");
        return c.result;
      }
    if (*std::min_element(poly.begin(), poly.end()) != poly[0])
      c.Fail(name + " does not start at its smallest index");
    Int128 twice = 0;
    for (std::size_t i = 0; i < poly.size(); ++i) {
      const GridPoint a = p[poly[i]], b = p[poly[(i + 1) % poly.size()]],
                      n = p[poly[(i + 2) % poly.size()]];
      if (Cross(a, b, n) < 0) c.Fail(name + " is not convex and counter-clockwise");
      twice += Int128(a.x) * b.y - Int128(a.y) * b.x;
      if (!owner.emplace(Edge{poly[i], poly[(i + 1) % poly.size()]}, k).second)
        c.Fail(name + ": directed edge held twice");
    }
    if (twice <= 0) c.Fail(name + " has no positive area");
    area += twice;
    if (k > 0 && !(c0.polygons[k - 1] < poly)) c.Fail(name + ": polygons not sorted");
  }
  if (area != RingsDoubledArea(rings)) c.Fail("polygon areas do not add up to the region's");
  const std::set<Edge> ringEdges = RingEdges(c, rings, p);
  for (std::size_t k = 0; k < c0.polygons.size(); ++k) {
    const auto& poly = c0.polygons[k];
    for (std::size_t i = 0; i < poly.size(); ++i) {
      const Edge edge{poly[i], poly[(i + 1) % poly.size()]};
      auto across = owner.find({edge.second, edge.first});
      const std::int32_t expected =
          across == owner.end() ? -1 : static_cast<std::int32_t>(across->second);
      if (c0.neighbours[k][i] != expected)
        c.Fail("polygon " + std::to_string(k) + " neighbour " + std::to_string(i) + " is wrong");
      if ((expected < 0) != (ringEdges.count(edge) == 1))
        c.Fail("polygon " + std::to_string(k) + " edge " + std::to_string(i) +
               ": boundary edges and ring edges differ");
    }
  }
  return c.result;
}

}  // namespace onepath::gen
