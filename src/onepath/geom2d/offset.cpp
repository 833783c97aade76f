// Offsetting (docs/spec/offset.md): Region::Offset, its pieces, and the
// rounded constructions the shrink shares.
//
// Every rounded value is a piece vertex, made by one product, one sum and
// one rounding to the grid per coordinate (offset.rounded-point). The unit
// vectors come from square roots and the four basic operations only
// (offset.half-angles), never from sin or cos (num.ieee), so every platform
// makes the same pieces.
#include "onepath/geom2d/internal/offset.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <utility>

#include "onepath/core/errors.hpp"
#include "onepath/geom2d/internal/grid.hpp"
#include "onepath/geom2d/internal/labelling.hpp"
#include "onepath/geom2d/internal/region_access.hpp"
#include "onepath/geom2d/region.hpp"

namespace onepath::geom2d {

Vector2D LeftUnitNormal(GridPoint a, GridPoint b) {
  // offset.normal: |dx|, |dy| <= 2^40 are exact in binary64.
  const double dx = static_cast<double>(b.x - a.x);
  const double dy = static_cast<double>(b.y - a.y);
  const double len = std::sqrt(dx * dx + dy * dy);
  return {-dy / len, dx / len};
}

RoundedPoint PlusScaled(GridPoint p, double r, Vector2D u) {
  // nearbyint rounds ties to even under num.rounding.
  return {std::nearbyint(static_cast<double>(p.x) + r * u.x),
          std::nearbyint(static_cast<double>(p.y) + r * u.y)};
}

RoundedPoint MinusScaled(GridPoint p, double r, Vector2D u) {
  return {std::nearbyint(static_cast<double>(p.x) - r * u.x),
          std::nearbyint(static_cast<double>(p.y) - r * u.y)};
}

namespace {

// offset.half-angles: index i holds k = 4 * 2^i, k = 4 ... 512.
struct HalfAngleTable {
  std::array<double, 8> c{};
  std::array<double, 8> s{};
  HalfAngleTable() {
    c[0] = 0.0;
    s[0] = 1.0;
    for (std::size_t i = 1; i < c.size(); ++i) {
      c[i] = std::sqrt((1.0 + c[i - 1]) / 2.0);
      s[i] = s[i - 1] / (2.0 * c[i]);
    }
  }
};

const HalfAngleTable& Table() {
  static const HalfAngleTable table;
  return table;
}

std::size_t TableIndex(int k) {
  std::size_t i = 0;
  while ((4 << i) < k) ++i;
  return i;
}

}  // namespace

double HalfAngleCos(int k) { return Table().c[TableIndex(k)]; }
double HalfAngleSin(int k) { return Table().s[TableIndex(k)]; }

// offset.vertex-count.
int ArcVertexCount(double r, double arcTolerance, int snapBits) {
  double tol = std::ldexp(arcTolerance, snapBits);
  if (!(tol >= 1.0)) tol = std::max(1.0, r / 128.0);
  for (int m = 8; m <= 256; m *= 2)
    if (r / HalfAngleCos(2 * m) - r <= tol) return m;
  return 256;
}

// offset.unit-ring: the first quadrant by rotation, the others by exact
// quarter turns.
std::vector<Vector2D> UnitCircumscribedRing(int m) {
  const int q = m / 4;
  const double c = HalfAngleCos(m), s = HalfAngleSin(m);
  const double t = HalfAngleSin(2 * m) / HalfAngleCos(2 * m);
  std::vector<Vector2D> ring(static_cast<std::size_t>(m));
  ring[0] = {1.0, t};
  for (int k = 1; k < q; ++k) {
    Vector2D u = ring[k - 1];
    ring[k] = {u.x * c - u.y * s, u.x * s + u.y * c};
  }
  for (int k = q; k < m; ++k) ring[k] = {-ring[k - q].y, ring[k - q].x};
  return ring;
}

OffsetLimit::OffsetLimit(int snapBits, const char* argument, const char* setting)
    : limit_(std::ldexp(kMaxOffsetCoordinate, snapBits)),
      snapBits_(snapBits),
      argument_(argument),
      setting_(setting) {}

OffsetLimit OffsetLimit::ForArgument(int snapBits, const char* argument) {
  return OffsetLimit(snapBits, argument, nullptr);
}

OffsetLimit OffsetLimit::ForSetting(int snapBits, const char* setting) {
  return OffsetLimit(snapBits, nullptr, setting);
}

GridPoint OffsetLimit::Check(RoundedPoint p) const {
  for (double v : {p.x, p.y}) {
    if (!(std::fabs(v) <= limit_)) {
      ErrorFields fields{.value = std::ldexp(v, -snapBits_)};
      if (argument_) fields.argument = argument_;
      if (setting_) fields.setting = setting_;
      throw ArgumentOutOfRangeException("offset geometry beyond 2^21 + 2^20 (offset.limits)",
                                        fields);
    }
  }
  return {static_cast<std::int64_t>(p.x), static_cast<std::int64_t>(p.y)};
}

namespace {

// offset.round-rectangle and offset.round-vertex.
void AppendRoundPieces(const Region& region, double r, double arcTolerance,
                       const OffsetLimit& limit, std::vector<TaggedEdge>& edges) {
  std::vector<GridPoint> vertices;
  for (const Ring& ring : region.Rings()) {
    for (std::size_t k = 0; k < ring.size(); ++k) {
      GridPoint a = ring[k], b = ring[(k + 1) % ring.size()];
      Vector2D n = LeftUnitNormal(a, b);
      const std::array<GridPoint, 4> rectangle = {
          limit.Check(MinusScaled(a, r, n)), limit.Check(MinusScaled(b, r, n)),
          limit.Check(PlusScaled(b, r, n)), limit.Check(PlusScaled(a, r, n))};
      AppendRingEdges(rectangle, 1, edges);
      vertices.push_back(a);
    }
  }
  std::sort(vertices.begin(), vertices.end());
  vertices.erase(std::unique(vertices.begin(), vertices.end()), vertices.end());
  const std::vector<Vector2D> unit =
      UnitCircumscribedRing(ArcVertexCount(r, arcTolerance, region.SnapBits()));
  std::vector<GridPoint> polygon(unit.size());
  for (GridPoint p : vertices) {
    for (std::size_t k = 0; k < unit.size(); ++k)
      polygon[k] = limit.Check(PlusScaled(p, r, unit[k]));
    AppendRingEdges(polygon, 1, edges);
  }
}

// offset.square: the convex hull of the two squares, by Andrew's monotone
// chain on the eight integer corners with exact orientations; collinear
// points are popped, so the hull is strictly convex. The lower hull starts
// at the smallest corner, so the polygon starts there, counter-clockwise.
std::vector<GridPoint> SquareHull(std::array<GridPoint, 8> corners) {
  std::sort(corners.begin(), corners.end());
  std::vector<GridPoint> hull;
  for (int pass = 0; pass < 2; ++pass) {
    const std::size_t floor = hull.size();
    for (std::size_t i = 0; i < corners.size(); ++i) {
      GridPoint p = pass == 0 ? corners[i] : corners[corners.size() - 1 - i];
      while (hull.size() >= floor + 2 && Orient(hull[hull.size() - 2], hull.back(), p) <= 0)
        hull.pop_back();
      hull.push_back(p);
    }
    hull.pop_back();  // the chain's last point starts the other chain
  }
  return hull;
}

void AppendSquarePieces(const Region& region, double r, const OffsetLimit& limit,
                        std::vector<TaggedEdge>& edges) {
  const double k = std::max(1.0, std::nearbyint(r));
  auto corners = [&](GridPoint p, GridPoint* out) {
    const double x = static_cast<double>(p.x), y = static_cast<double>(p.y);
    out[0] = limit.Check({x - k, y - k});
    out[1] = limit.Check({x + k, y - k});
    out[2] = limit.Check({x + k, y + k});
    out[3] = limit.Check({x - k, y + k});
  };
  for (const Ring& ring : region.Rings()) {
    for (std::size_t i = 0; i < ring.size(); ++i) {
      std::array<GridPoint, 8> c;
      corners(ring[i], c.data());
      corners(ring[(i + 1) % ring.size()], c.data() + 4);
      AppendRingEdges(SquareHull(c), 1, edges);
    }
  }
}

void CheckOffsetArguments(double distance, double arcTolerance) {
  if (!(std::fabs(distance) <= kMaxOffsetDistance)) {
    throw ArgumentOutOfRangeException(
        "offset distance not finite or beyond 2^20 (offset.arguments)",
        {.argument = "distance", .value = distance});
  }
  if (!(arcTolerance >= 0.0 && std::isfinite(arcTolerance))) {
    throw ArgumentOutOfRangeException("arc tolerance not finite or negative (offset.arguments)",
                                      {.argument = "arcTolerance", .value = arcTolerance});
  }
}

}  // namespace

// offset.pieces.
Region Region::Offset(double distance, OffsetJoin join, double arcTolerance) const {
  CheckOffsetArguments(distance, arcTolerance);
  if (distance == 0.0) return *this;  // offset.radius
  const double r = std::ldexp(std::fabs(distance), snapBits_);
  const OffsetLimit limit = OffsetLimit::ForArgument(snapBits_, "distance");
  // Per ring vertex its edge, and a rectangle and an m-gon (round) or a
  // hull of at most 8 corners (square): reserved once, as a growing vector
  // copies itself.
  std::size_t vertices = 0;
  for (const Ring& ring : rings_) vertices += ring.size();
  const std::size_t perVertex =
      join == OffsetJoin::kRound
          ? 5 + static_cast<std::size_t>(ArcVertexCount(r, arcTolerance, snapBits_))
          : 9;
  std::vector<TaggedEdge> edges;
  edges.reserve(vertices * perVertex);
  for (const Ring& ring : rings_) AppendRingEdges(ring, 0, edges);
  if (join == OffsetJoin::kRound)
    AppendRoundPieces(*this, r, arcTolerance, limit, edges);
  else
    AppendSquarePieces(*this, r, limit, edges);
  return RegionAccess::FromEdges(
      std::move(edges), distance > 0 ? FaceRule::kUnion : FaceRule::kDifference, snapBits_);
}

}  // namespace onepath::geom2d
