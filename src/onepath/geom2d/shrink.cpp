// The build's agent-radius shrink (docs/spec/shrink.md): interior-side
// rectangles, reflex-vertex sectors with equal-area arcs, and only the edges
// that do not cancel.
#include "onepath/geom2d/internal/shrink.hpp"

#include <array>
#include <cmath>
#include <utility>

#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/exact/predicates.hpp"
#include "onepath/geom2d/internal/grid.hpp"
#include "onepath/geom2d/internal/offset.hpp"
#include "onepath/geom2d/internal/region_access.hpp"
#include "onepath/geom2d/pipeline.hpp"

namespace onepath::geom2d {

namespace {

// shrink.lambda: the first quadrant's vertices for a factor lambda.
std::vector<Vector2D> QuadrantVertices(int m, double lambda) {
  const int q = m / 4;
  const std::vector<Vector2D> u = UnitCircumscribedRing(m);
  const double t = u[0].y;  // offset.unit-ring: u_0 = (1, t_m)
  std::vector<Vector2D> e(static_cast<std::size_t>(q));
  e[0] = {1.0, lambda * t};
  for (int k = 1; k <= q - 2; ++k) e[k] = {lambda * u[k].x, lambda * u[k].y};
  e[q - 1] = {lambda * t, 1.0};
  return e;
}

// pi / 2 rounded to binary64 (shrink.lambda).
constexpr double kHalfPi = 0x1.921fb54442d18p+0;

}  // namespace

double EqualAreaQuadrantDoubledArea(int m, double lambda) {
  std::vector<Vector2D> polygon{{0.0, 0.0}, {1.0, 0.0}};
  for (Vector2D e : QuadrantVertices(m, lambda)) polygon.push_back(e);
  polygon.push_back({0.0, 1.0});
  double sum = 0.0;
  for (std::size_t i = 0; i < polygon.size(); ++i) {
    Vector2D p = polygon[i], q = polygon[(i + 1) % polygon.size()];
    sum = sum + (p.x * q.y - q.x * p.y);
  }
  return sum;
}

double EqualAreaLambda(int m) {
  double lo = 0.0, hi = 1.0;
  for (int step = 0; step < 60; ++step) {
    const double mid = (lo + hi) / 2.0;
    if (EqualAreaQuadrantDoubledArea(m, mid) < kHalfPi)
      lo = mid;
    else
      hi = mid;
  }
  return hi;
}

namespace {

// EqualAreaLambda for the counts offset.vertex-count gives (8, 16, ..., 256),
// worked out once: the bisection builds the unit ring 60 times per call,
// about 2% of the build2d fuzz target's time. The same bits either way.
double CachedEqualAreaLambda(int m) {
  static const std::array<double, 6> table = [] {
    std::array<double, 6> t{};
    for (std::size_t i = 0; i < t.size(); ++i) t[i] = EqualAreaLambda(8 << i);
    return t;
  }();
  for (std::size_t i = 0; i < table.size(); ++i)
    if ((8 << i) == m) return table[i];
  return EqualAreaLambda(m);
}

}  // namespace

std::vector<Vector2D> UnitEqualAreaRing(int m) {
  const int q = m / 4;
  std::vector<Vector2D> ring = QuadrantVertices(m, CachedEqualAreaLambda(m));
  ring.resize(static_cast<std::size_t>(m));
  for (int k = q; k < m; ++k) ring[k] = {-ring[k - q].y, ring[k - q].x};
  return ring;
}

double Mesh2DPipeline::ShrinkArcTolerance(const Mesh2DSettings& s) {
  return std::max(s.CellSize / 4.0, std::min(0.0825 * s.AgentRadius, s.CellSize / 2.0));
}

// shrink.settings. The comparisons are written so that NaN fails them.
void CheckShrinkSettings(double cellSize, double agentRadius) {
  if (!(cellSize > 0.0 && cellSize <= kMaxCellSize)) {
    throw ArgumentOutOfRangeException("CellSize must be in (0, 2^20] (shrink.settings)",
                                      {.value = cellSize, .setting = "CellSize"});
  }
  if (!(agentRadius >= 0.0 && agentRadius <= kMaxAgentRadius)) {
    throw ArgumentOutOfRangeException("AgentRadius must be in [0, 2^20] (shrink.settings)",
                                      {.value = agentRadius, .setting = "AgentRadius"});
  }
}

namespace {

// The integer left normal (-dy, dx) of a -> b as an exact double vector.
Vector2D IntegerNormal(GridPoint a, GridPoint b) {
  return {static_cast<double>(a.y - b.y), static_cast<double>(b.x - a.x)};
}

}  // namespace

// shrink.edges.
Region Mesh2DPipeline::Shrink(const Region& region, const Mesh2DSettings& settings) {
  CheckShrinkSettings(settings.CellSize, settings.AgentRadius);
  if (settings.AgentRadius == 0.0) return region;
  const int bits = region.SnapBits();
  const double r = std::ldexp(settings.AgentRadius, bits);
  const OffsetLimit limit = OffsetLimit::ForSetting(bits, "AgentRadius");
  const std::vector<Vector2D> arc =
      UnitEqualAreaRing(ArcVertexCount(r, ShrinkArcTolerance(settings), bits));
  const std::size_t m = arc.size();
  const Vector2D origin{0.0, 0.0};
  // Per vertex two edges, then two more or an arc through fewer than m / 2
  // vertices (a sector turns by less than a half turn): reserved once, as
  // a growing vector copies itself to new pages.
  std::size_t vertices = 0;
  for (const Ring& ring : region.Rings()) vertices += ring.size();
  std::vector<TaggedEdge> edges;
  edges.reserve(vertices * (4 + m / 2));
  std::vector<GridPoint> run;
  for (const Ring& ring : region.Rings()) {
    const std::size_t size = ring.size();
    for (std::size_t k = 0; k < size; ++k) {
      const GridPoint p = ring[(k + size - 1) % size], a = ring[k], b = ring[(k + 1) % size];
      const Vector2D nOut = LeftUnitNormal(a, b), nIn = LeftUnitNormal(p, a);
      // shrink.rectangle: the edge (both operands) and its far side.
      const GridPoint farA = limit.Check(PlusScaled(a, r, nOut));
      const GridPoint farB = limit.Check(PlusScaled(b, r, nOut));
      edges.push_back({a, b, 2});
      edges.push_back({farB, farA, 1});
      const GridPoint tipOut = farA;
      const GridPoint tipIn = limit.Check(PlusScaled(a, r, nIn));
      if (Orient(p, a, b) >= 0) {
        // No sector: the rectangles' end and start sides at a.
        edges.push_back({a, tipIn, 1});
        edges.push_back({tipOut, a, 1});
        continue;
      }
      // shrink.sector: the arc's vertices strictly inside, counter-clockwise
      // from the first of the cyclic run.
      const Vector2D out = IntegerNormal(a, b), in = IntegerNormal(p, a);
      auto inside = [&](std::size_t i) {
        return exact::Orient2D(origin, out, arc[i]) > 0 && exact::Orient2D(origin, arc[i], in) > 0;
      };
      std::size_t first = 0;
      while (first < m && !(inside(first) && !inside((first + m - 1) % m))) ++first;
      run.assign(1, tipOut);
      if (first < m)
        for (std::size_t i = first; inside(i); i = (i + 1) % m)
          run.push_back(limit.Check(PlusScaled(a, r, arc[i])));
      run.push_back(tipIn);
      for (std::size_t i = 0; i + 1 < run.size(); ++i) edges.push_back({run[i], run[i + 1], 1});
    }
  }
  return RegionAccess::FromEdges(std::move(edges), FaceRule::kDifference, bits);
}

}  // namespace onepath::geom2d
