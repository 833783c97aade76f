// The constrained Delaunay triangulation (docs/spec/cdt.md), read in the
// clauses' order: the input check (cdt.input), the insertion order
// (cdt.order, cdt_order.cpp), the mesh with its bounding triangle and
// Lawson's insertion of the points (cdt.bounding-triangle, cdt.locate,
// cdt.split, cdt.legalize: cdt_mesh.cpp), the constraints
// (cdt.constraint: cdt_constraints.cpp), the final passes
// (cdt.final-passes: cdt_final_passes.cpp), and the canonical bytes.
#include "onepath/geom2d/cdt.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/geom2d/internal/cdt_mesh.hpp"
#include "onepath/geom2d/internal/cdt_order.hpp"

namespace onepath::geom2d {

namespace {

constexpr std::int64_t kCorner = std::int64_t{1} << 45;

// cdt.input.
void CheckInput(std::span<const GridPoint> points, std::span<const CdtConstraint> constraints) {
  for (std::size_t i = 0; i < points.size(); ++i) {
    const std::int64_t c[2] = {points[i].x, points[i].y};
    for (std::int64_t v : c) {
      if (v < -kMaxCdtCoordinate || v > kMaxCdtCoordinate) {
        throw ArgumentOutOfRangeException("point coordinate outside +-2^39 (cdt.input)",
                                          {.argument = "points",
                                           .vertex = static_cast<std::int64_t>(i),
                                           .value = static_cast<double>(v)});
      }
    }
  }
  for (std::size_t i = 1; i < points.size(); ++i) {
    if (!(points[i - 1] < points[i])) {
      throw ArgumentException("points must be distinct and sorted by (x, y) (cdt.input)",
                              {.argument = "points", .vertex = static_cast<std::int64_t>(i)});
    }
  }
  const std::uint64_t n = points.size();
  for (std::size_t e = 0; e < constraints.size(); ++e) {
    for (std::uint32_t v : {constraints[e].a, constraints[e].b}) {
      if (v >= n) {
        throw ArgumentOutOfRangeException("constraint index outside the points (cdt.input)",
                                          {.argument = "constraints",
                                           .edge = static_cast<std::int64_t>(e),
                                           .value = static_cast<double>(v)});
      }
    }
    if (constraints[e].a == constraints[e].b) {
      throw ArgumentException("constraint joins a point to itself (cdt.input)",
                              {.argument = "constraints", .edge = static_cast<std::int64_t>(e)});
    }
  }
}

// CdtOptions::insertionOrder, checked: a permutation of 0 .. n - 1.
std::vector<std::uint32_t> CheckedOrder(std::span<const std::uint32_t> order, std::size_t n) {
  if (order.size() != n) {
    throw ArgumentException(
        "insertionOrder must list every point once",
        {.argument = "insertionOrder", .count = static_cast<std::int64_t>(order.size())});
  }
  std::vector<std::uint8_t> seen(n, 0);
  for (std::size_t k = 0; k < n; ++k) {
    if (order[k] >= n || seen[order[k]]) {
      throw ArgumentException("insertionOrder must be a permutation of the point indices",
                              {.argument = "insertionOrder",
                               .vertex = static_cast<std::int64_t>(k),
                               .value = static_cast<double>(order[k])});
    }
    seen[order[k]] = 1;
  }
  return {order.begin(), order.end()};
}

}  // namespace

GridPoint BoundingCorner(int k) {
  if (k == 0) return {-kCorner, -kCorner};
  if (k == 1) return {3 * kCorner, -kCorner};
  return {-kCorner, 3 * kCorner};
}

Triangulation ConstrainedDelaunay(std::span<const GridPoint> points,
                                  std::span<const CdtConstraint> constraints) {
  return ConstrainedDelaunay(points, constraints, CdtOptions{});
}

Triangulation ConstrainedDelaunay(std::span<const GridPoint> points,
                                  std::span<const CdtConstraint> constraints,
                                  const CdtOptions& options) {
  CheckCdtCounts(points.size(), constraints.size());
  CheckInput(points, constraints);
  std::vector<std::uint32_t> order = options.insertionOrder.empty()
                                         ? InsertionOrder(points)  // cdt.order
                                         : CheckedOrder(options.insertionOrder, points.size());
  CdtMesh mesh(points, std::move(order), options);  // cdt.bounding-triangle
  mesh.InsertPoints();                              // cdt.locate, cdt.split, cdt.legalize
  mesh.InsertConstraints(constraints);              // cdt.constraint
  mesh.FinalPasses();                               // cdt.final-passes
  return mesh.Take();
}

std::vector<std::uint8_t> CanonicalBytes(const Triangulation& triangulation) {
  // cdt.canonical: each triangle rotated to start at its smallest vertex,
  // with a bit per constrained edge; sorted by (v0, v1, v2).
  struct Item {
    std::uint32_t v[3];
    std::uint8_t constrained;
  };
  std::vector<Item> items;
  items.reserve(triangulation.slots.size());
  for (std::size_t t = 0; t < triangulation.slots.size(); ++t) {
    const TriangleSlot& s = triangulation.slots[t];
    int k = 0;
    if (s.v[1] < s.v[k]) k = 1;
    if (s.v[2] < s.v[k]) k = 2;
    Item item{};
    for (int m = 0; m < 3; ++m) {
      const int from = (k + m) % 3;
      item.v[m] = static_cast<std::uint32_t>(s.v[from]);
      if ((triangulation.constrained[t] >> from) & 1u)
        item.constrained |= static_cast<std::uint8_t>(1u << m);
    }
    items.push_back(item);
  }
  std::sort(items.begin(), items.end(), [](const Item& x, const Item& y) {
    return std::lexicographical_compare(x.v, x.v + 3, y.v, y.v + 3);
  });
  CanonicalWriter w;
  w.U32(triangulation.pointCount);
  w.Count(items.size());
  for (const Item& item : items) {
    for (std::uint32_t v : item.v) w.U32(v);
    w.U8(item.constrained);
  }
  return w.Take();
}

}  // namespace onepath::geom2d
