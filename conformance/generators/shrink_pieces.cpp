#include "conformance/generators/shrink_pieces.hpp"

#include <cmath>
#include <cstdint>

#include "onepath/exact/predicates.hpp"
#include "onepath/geom2d/internal/grid.hpp"
#include "onepath/geom2d/internal/offset.hpp"
#include "onepath/geom2d/internal/shrink.hpp"
#include "onepath/geom2d/pipeline.hpp"

namespace onepath::gen {

using geom2d::GridPoint;

std::vector<std::vector<GridPoint>> ShrinkPieces(const geom2d::Region& region,
                                                 const geom2d::Mesh2DSettings& settings) {
  const double r = std::ldexp(settings.AgentRadius, region.SnapBits());
  const int m = geom2d::ArcVertexCount(r, geom2d::Mesh2DPipeline::ShrinkArcTolerance(settings),
                                       region.SnapBits());
  const std::vector<Vector2D> arc = geom2d::UnitEqualAreaRing(m);
  auto plus = [&](GridPoint a, Vector2D u) {
    const geom2d::RoundedPoint p = geom2d::PlusScaled(a, r, u);
    return GridPoint{static_cast<std::int64_t>(p.x), static_cast<std::int64_t>(p.y)};
  };
  std::vector<std::vector<GridPoint>> pieces;
  for (const geom2d::Ring& ring : region.Rings()) {
    for (std::size_t k = 0; k < ring.size(); ++k) {
      const GridPoint p = ring[(k + ring.size() - 1) % ring.size()], a = ring[k],
                      b = ring[(k + 1) % ring.size()];
      const Vector2D n = geom2d::LeftUnitNormal(a, b);
      pieces.push_back({a, b, plus(b, n), plus(a, n)});
      if (geom2d::Orient(p, a, b) >= 0) continue;
      // Directions strictly between the two edge normals, by angle: the
      // sector is less than a half turn, so "after n_out and before n_in,
      // counter-clockwise" is two exact orientation signs.
      const Vector2D out{double(a.y - b.y), double(b.x - a.x)},
          in{double(p.y - a.y), double(a.x - p.x)};
      auto inside = [&](std::size_t i) {
        return exact::Orient2D({0, 0}, out, arc[i]) > 0 && exact::Orient2D({0, 0}, arc[i], in) > 0;
      };
      std::vector<GridPoint> sector{a, plus(a, n)};
      // Walk the ring from the vertex after one that is not inside: the
      // vertices inside are one run, met in counter-clockwise order.
      std::size_t start = 0;
      while (inside(start)) ++start;  // some vertex is outside (less than a half turn)
      for (std::size_t j = 1; j <= arc.size(); ++j) {
        const std::size_t i = (start + j) % arc.size();
        if (inside(i)) sector.push_back(plus(a, arc[i]));
      }
      sector.push_back(plus(a, geom2d::LeftUnitNormal(p, a)));
      pieces.push_back(std::move(sector));
    }
  }
  return pieces;
}

std::vector<geom2d::TaggedEdge> ShrinkPieceEdges(const geom2d::Region& region,
                                                 const geom2d::Mesh2DSettings& settings) {
  std::vector<geom2d::TaggedEdge> edges;
  auto polygon = [&](const std::vector<GridPoint>& p, int operand) {
    for (std::size_t i = 0; i < p.size(); ++i)
      edges.push_back({p[i], p[(i + 1) % p.size()], operand});
  };
  for (const geom2d::Ring& ring : region.Rings()) polygon(ring, 0);
  for (const std::vector<GridPoint>& piece : ShrinkPieces(region, settings)) polygon(piece, 1);
  return edges;
}

}  // namespace onepath::gen
