// Regions (docs/spec/region.md): FromOutlines, FromTileMap, the boolean
// operations, area and canonical bytes.
#include "onepath/geom2d/region.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/geom2d/internal/grid.hpp"
#include "onepath/geom2d/internal/labelling.hpp"
#include "onepath/geom2d/internal/region_access.hpp"
#include "onepath/geom2d/internal/rings.hpp"

namespace onepath::geom2d {

namespace {

// region.boundary: the segments with inside on one side only, directed
// with inside on the left (left of a -> b, a < b, is `above`).
std::vector<DirectedEdge> SelectBoundary(const Arrangement& arrangement, FaceRule rule) {
  std::vector<SegmentWindings> windings = LabelWindings(arrangement);
  std::vector<DirectedEdge> boundary;
  for (std::size_t i = 0; i < arrangement.segments.size(); ++i) {
    const SegmentWindings& w = windings[i];
    bool left = Inside(rule, w.above[0], w.above[1]);
    bool right = Inside(rule, w.below[0], w.below[1]);
    GridPoint a = arrangement.vertices[arrangement.segments[i].a];
    GridPoint b = arrangement.vertices[arrangement.segments[i].b];
    if (left && !right) boundary.push_back({a, b});
    if (right && !left) boundary.push_back({b, a});
  }
  return boundary;
}

std::vector<Ring> Resolve(const Arrangement& arrangement, FaceRule rule) {
  return TraceRings(SelectBoundary(arrangement, rule));
}

std::vector<Ring> Resolve(std::span<const TaggedEdge> edges, FaceRule rule) {
  return Resolve(BuildArrangement(edges), rule);
}

}  // namespace

Region RegionAccess::FromEdges(std::span<const TaggedEdge> edges, FaceRule rule, int snapBits) {
  return RegionAccess::FromRings(Resolve(edges, rule), snapBits);
}

Region RegionAccess::FromEdges(std::vector<TaggedEdge>&& edges, FaceRule rule, int snapBits) {
  return RegionAccess::FromRings(Resolve(BuildArrangement(std::move(edges)), rule), snapBits);
}

Region RegionAccess::FromRings(std::vector<Ring> rings, int snapBits) {
  Region r;
  r.rings_ = std::move(rings);
  r.snapBits_ = snapBits;
  return r;
}

// region.from-outlines.
Region Region::FromOutlines(std::span<const Outline> outlines, const Geometry2DOptions& options) {
  int bits = CheckSnapBits(options.SnapBits);
  std::vector<TaggedEdge> resolved;  // every outline's region boundary
  for (std::size_t o = 0; o < outlines.size(); ++o) {
    std::vector<TaggedEdge> edges;
    const auto& rings = outlines[o].rings;
    for (std::size_t r = 0; r < rings.size(); ++r) {
      if (rings[r].size() < 3) {
        throw ArgumentException("a ring needs at least 3 vertices (region.outline)",
                                {.argument = "outlines",
                                 .outline = static_cast<std::int64_t>(o),
                                 .ring = static_cast<std::int64_t>(r),
                                 .count = static_cast<std::int64_t>(rings[r].size())});
      }
      Ring snapped;
      for (std::size_t v = 0; v < rings[r].size(); ++v)
        snapped.push_back(SnapVertex(rings[r][v], bits, static_cast<std::int64_t>(o),
                                     static_cast<std::int64_t>(r), static_cast<std::int64_t>(v)));
      AppendRingEdges(snapped, 0, edges);
    }
    for (const Ring& ring : Resolve(edges, FaceRule::kEvenOdd)) AppendRingEdges(ring, 0, resolved);
  }
  return RegionAccess::FromRings(Resolve(resolved, FaceRule::kPositive), bits);
}

// region.from-tilemap: the boundary between solid and empty cells, traced
// directly. Each grid line segment between two neighbouring cells (or a
// cell and the outside) is a boundary edge when exactly one side is solid,
// directed with the solid cell on its left. Collapsed lines (two grid lines
// snapped to one integer) put several such segments on the same place: they
// are summed per undirected segment, and only a non-zero sum stays (it is
// +-1: the cells' areas do not overlap).
Region Region::FromTileMap(std::span<const std::uint8_t> cells, std::int64_t width,
                           std::int64_t height, double cellSize, Vector2D origin,
                           const Geometry2DOptions& options) {
  int bits = CheckSnapBits(options.SnapBits);
  if (width < 0) {
    throw ArgumentOutOfRangeException("tile map width must not be negative (region.from-tilemap)",
                                      {.argument = "width", .value = static_cast<double>(width)});
  }
  if (height < 0) {
    throw ArgumentOutOfRangeException("tile map height must not be negative (region.from-tilemap)",
                                      {.argument = "height", .value = static_cast<double>(height)});
  }
  if (Int128(width) * height != static_cast<Int128>(cells.size())) {
    throw ArgumentException(
        "tile map needs width x height cells (region.from-tilemap)",
        {.argument = "cells", .count = static_cast<std::int64_t>(cells.size())});
  }
  // A map without cells is empty; only its origin and cell size are
  // checked (so width and height are bounded by the number of cells).
  bool empty = cells.empty();
  std::vector<std::int64_t> xs =
      SnapTileMapLines(origin.x, cellSize, empty ? 0 : width, bits, Axis::kX);
  std::vector<std::int64_t> ys =
      SnapTileMapLines(origin.y, cellSize, empty ? 0 : height, bits, Axis::kY);
  if (empty) return RegionAccess::FromRings({}, bits);
  auto solid = [&](std::int64_t x, std::int64_t y) {
    if (x < 0 || y < 0 || x >= width || y >= height) return false;
    return cells[static_cast<std::size_t>(y * width + x)] != 0;
  };
  struct Net {
    GridPoint a, b;  // a < b
    int n;
  };
  std::vector<Net> nets;
  nets.reserve(static_cast<std::size_t>(2 * (width + height + 2)));
  // Horizontal segments on line y between columns x and x + 1: solid above
  // runs west to east (+1 from a to b), solid below east to west (-1).
  for (std::int64_t y = 0; y <= height; ++y)
    for (std::int64_t x = 0; x < width; ++x) {
      int n = int(solid(x, y)) - int(solid(x, y - 1));
      if (n != 0 && xs[x] != xs[x + 1]) nets.push_back({{xs[x], ys[y]}, {xs[x + 1], ys[y]}, n});
    }
  // Vertical segments on line x between rows y and y + 1: solid on the west
  // runs upwards (+1 from a to b), solid on the east downwards (-1).
  for (std::int64_t x = 0; x <= width; ++x)
    for (std::int64_t y = 0; y < height; ++y) {
      int n = int(solid(x - 1, y)) - int(solid(x, y));
      if (n != 0 && ys[y] != ys[y + 1]) nets.push_back({{xs[x], ys[y]}, {xs[x], ys[y + 1]}, n});
    }
  std::vector<DirectedEdge> boundary;
  boundary.reserve(nets.size());
  // Without collapsed lines every piece lies on its own place: no sums.
  bool collapsed = std::adjacent_find(xs.begin(), xs.end()) != xs.end() ||
                   std::adjacent_find(ys.begin(), ys.end()) != ys.end();
  if (!collapsed) {
    for (const Net& e : nets)
      boundary.push_back(e.n > 0 ? DirectedEdge{e.a, e.b} : DirectedEdge{e.b, e.a});
    return RegionAccess::FromRings(TraceRings(std::move(boundary)), bits);
  }
  std::sort(nets.begin(), nets.end(),
            [](const Net& s, const Net& t) { return s.a < t.a || (s.a == t.a && s.b < t.b); });
  for (std::size_t i = 0; i < nets.size();) {
    std::size_t j = i;
    int sum = 0;
    for (; j < nets.size() && nets[j].a == nets[i].a && nets[j].b == nets[i].b; ++j)
      sum += nets[j].n;
    if (sum > 0) boundary.push_back({nets[i].a, nets[i].b});
    if (sum < 0) boundary.push_back({nets[i].b, nets[i].a});
    i = j;
  }
  return RegionAccess::FromRings(TraceRings(std::move(boundary)), bits);
}

namespace {

Region Combine(const Region& a, const Region& b, FaceRule rule) {
  CheckSameSnapBits(a.SnapBits(), b.SnapBits());
  std::vector<TaggedEdge> edges;
  for (const Ring& ring : a.Rings()) AppendRingEdges(ring, 0, edges);
  for (const Ring& ring : b.Rings()) AppendRingEdges(ring, 1, edges);
  return RegionAccess::FromRings(Resolve(edges, rule), a.SnapBits());
}

}  // namespace

Region Region::Union(const Region& other) const { return Combine(*this, other, FaceRule::kUnion); }
Region Region::Intersection(const Region& other) const {
  return Combine(*this, other, FaceRule::kIntersection);
}
Region Region::Difference(const Region& other) const {
  return Combine(*this, other, FaceRule::kDifference);
}
Region Region::SymmetricDifference(const Region& other) const {
  return Combine(*this, other, FaceRule::kSymmetricDifference);
}

// region.area: the shoelace sum, exact in 128 bits (each cross product of
// coordinates within 2^39 is below 2^79).
Int128 Region::DoubledArea() const {
  Int128 sum = 0;
  for (const Ring& ring : rings_)
    for (std::size_t k = 0; k < ring.size(); ++k) {
      GridPoint p = ring[k], q = ring[(k + 1) % ring.size()];
      sum += Int128(p.x) * q.y - Int128(p.y) * q.x;
    }
  return sum;
}

std::vector<std::vector<Vector2D>> Region::RingsAsVectors() const {
  std::vector<std::vector<Vector2D>> out;
  for (const Ring& ring : rings_) {
    std::vector<Vector2D> r;
    for (GridPoint p : ring) r.push_back({GridValue(p.x, snapBits_), GridValue(p.y, snapBits_)});
    out.push_back(std::move(r));
  }
  return out;
}

// region.canonical.
std::vector<std::uint8_t> CanonicalBytes(const Region& region) {
  CanonicalWriter w;
  w.U8(static_cast<std::uint8_t>(region.SnapBits()));
  w.Count(region.Rings().size());
  for (const Ring& ring : region.Rings()) w.PointList(ring);
  return w.Take();
}

}  // namespace onepath::geom2d
