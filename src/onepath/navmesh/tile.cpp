// NavTile::Create (docs/spec/navmesh-format.md, nav.create): the header,
// the vertices, the polygons (nav.convex), the links (nav.link) and the
// detail (nav.detail), in the clause's order, the first violation thrown.
#include "onepath/navmesh/tile.hpp"

#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <span>
#include <string>

#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/navmesh/internal/tile_checks.hpp"

namespace onepath::navmesh {

namespace {

using std::int64_t;

// Every error of nav.create names the tile.
struct Thrower {
  std::int32_t tileX;
  std::int32_t tileZ;
  [[noreturn]] void Argument(const char* message, ErrorFields f) const {
    f.tileX = tileX;
    f.tileZ = tileZ;
    throw ArgumentException(message, f);
  }
  [[noreturn]] void OutOfRange(const char* message, ErrorFields f) const {
    f.tileX = tileX;
    f.tileZ = tileZ;
    throw ArgumentOutOfRangeException(message, f);
  }
};

// nav.create 2 (and 5.4): x, y, z in order; non-finite, then the range
// (no -0, x and z in [0, tileSize], |y| <= 2^22).
void CheckPositions(const Thrower& t, const std::vector<TileVertex>& vertices, float tileSize,
                    const std::string& list) {
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    const TileVertex& v = vertices[i];
    const float coordinates[3] = {v.x, v.y, v.z};
    for (int axis = 0; axis < 3; ++axis) {
      const float c = coordinates[axis];
      const std::string argument = list + (axis == 0 ? ".x" : axis == 1 ? ".y" : ".z");
      const ErrorFields f{
          .argument = argument, .vertex = static_cast<int64_t>(i), .value = double{c}};
      if (!std::isfinite(c)) t.Argument("a tile coordinate is not finite", f);
      const bool negativeZero = c == 0.0f && std::signbit(c);
      const bool inRange =
          axis == 1 ? std::fabs(double{c}) <= build3d::kMaxLocalExtent : c >= 0.0f && c <= tileSize;
      if (negativeZero || !inRange) t.OutOfRange("a tile coordinate is out of range", f);
    }
  }
}

// nav.create 3.1: a corner count n not in 3 .. 6.
void CheckCornerCount(const Thrower& t, int64_t n, int64_t index) {
  if (n < build3d::kMinVertsPerPoly || n > build3d::kMaxVertsPerPoly) {
    t.Argument("a polygon's corner count is out of range",
               {.argument = "polygons", .count = n, .polygon = index});
  }
}

// nav.create 3: one polygon's corners, area and shape.
void CheckPolygon(const Thrower& t, const NavPolygon& poly, int64_t index,
                  const std::vector<TileVertex>& vertices) {
  const int64_t n = static_cast<int64_t>(poly.vertices.size());
  CheckCornerCount(t, n, index);
  if (static_cast<int64_t>(poly.links.size()) != n) {
    t.Argument(
        "a polygon's link count is not its corner count",
        {.argument = "links", .count = static_cast<int64_t>(poly.links.size()), .polygon = index});
  }
  for (int64_t k = 0; k < n; ++k) {
    const std::uint16_t v = poly.vertices[static_cast<std::size_t>(k)];
    if (v >= vertices.size()) {
      t.OutOfRange(
          "a polygon corner names no vertex",
          {.argument = "polygons", .vertex = k, .value = static_cast<double>(v), .polygon = index});
    }
    for (int64_t i = 0; i < k; ++i) {
      if (poly.vertices[static_cast<std::size_t>(i)] == v) {
        t.Argument("a polygon names a vertex twice",
                   {.argument = "polygons", .vertex = k, .polygon = index});
      }
    }
  }
  if (poly.area > build3d::kMaxPolygonArea) {
    t.OutOfRange("a polygon's area is out of range",
                 {.argument = "area", .value = static_cast<double>(poly.area), .polygon = index});
  }
  TileVertex corners[build3d::kMaxVertsPerPoly];
  for (int64_t k = 0; k < n; ++k) corners[k] = vertices[poly.vertices[static_cast<std::size_t>(k)]];
  internal::CheckConvex(std::span<const TileVertex>(corners, static_cast<std::size_t>(n)), index,
                        t.tileX, t.tileZ);
}

// nav.link: both corners of a portal edge on its side, bitwise (a zero is +0).
bool OnSide(const TileVertex& v, std::uint32_t side, float tileSize) {
  switch (side) {
    case kSideX0:
      return v.x == 0.0f;
    case kSideZ0:
      return v.z == 0.0f;
    case kSideXMax:
      return v.x == tileSize;
    default:
      return v.z == tileSize;
  }
}

// nav.create 4: the links of every polygon, after all polygons.
void CheckLinks(const Thrower& t, const std::vector<NavPolygon>& polygons,
                const std::vector<TileVertex>& vertices, float tileSize) {
  const std::size_t count = polygons.size();
  for (std::size_t p = 0; p < count; ++p) {
    const NavPolygon& poly = polygons[p];
    const std::size_t n = poly.vertices.size();
    for (std::size_t k = 0; k < n; ++k) {
      const EdgeLink& link = poly.links[k];
      const ErrorFields at{.edge = static_cast<int64_t>(k), .polygon = static_cast<int64_t>(p)};
      if (link.kind > kLinkPortal) {
        ErrorFields f = at;
        f.argument = "links.kind";
        f.value = link.kind;
        t.OutOfRange("a link's kind is out of range", f);
      }
      const bool badValue =
          (link.kind == kLinkWall && link.value != 0) ||
          (link.kind == kLinkPolygon && (link.value >= count || link.value == p)) ||
          (link.kind == kLinkPortal && link.value > kSideZMax);
      if (badValue) {
        ErrorFields f = at;
        f.argument = "links.value";
        f.value = static_cast<double>(link.value);
        t.OutOfRange("a link's value is out of range", f);
      }
      const std::uint16_t a = poly.vertices[k], b = poly.vertices[(k + 1) % n];
      if (link.kind == kLinkPolygon) {
        const NavPolygon& other = polygons[link.value];
        bool returned = false;
        const std::size_t m = other.vertices.size();
        for (std::size_t j = 0; j < m; ++j) {
          if (other.vertices[j] == b && other.vertices[(j + 1) % m] == a) {
            returned = other.links[j].kind == kLinkPolygon && other.links[j].value == p;
          }
        }
        if (!returned) {
          ErrorFields f = at;
          f.argument = "links.polygon";
          t.Argument("a polygon link is not returned", f);
        }
      }
      if (link.kind == kLinkPortal && !(OnSide(vertices[a], link.value, tileSize) &&
                                        OnSide(vertices[b], link.value, tileSize))) {
        ErrorFields f = at;
        f.argument = "links.portal";
        t.Argument("a portal edge does not lie on its side", f);
      }
    }
  }
}

// nav.create 5.5: one polygon's triangles (vertex numbers below limit).
void CheckTriangles(const Thrower& t, const std::vector<DetailTriangle>& triangles,
                    const DetailPolygon& d, int64_t polygon, unsigned limit) {
  const std::size_t begin = d.triangleBase, end = begin + d.triangleCount;
  for (std::size_t i = begin; i < end; ++i) {
    const DetailTriangle& tri = triangles[i];
    const unsigned v[3] = {tri.a, tri.b, tri.c};
    const int64_t index = static_cast<int64_t>(i);
    for (unsigned number : v) {
      if (number >= limit) {
        t.OutOfRange("a detail triangle names no vertex of its polygon",
                     {.argument = "detailTriangles",
                      .triangle = index,
                      .value = static_cast<double>(number),
                      .polygon = polygon});
      }
    }
    if (v[0] == v[1] || v[1] == v[2] || v[2] == v[0]) {
      t.Argument("a detail triangle names a vertex twice",
                 {.argument = "detailTriangles", .triangle = index, .polygon = polygon});
    }
    unsigned expected = 0;
    for (unsigned k = 0; k < 3; ++k) {
      const unsigned from = v[k], to = v[(k + 1) % 3];
      bool neighbour = false;
      for (std::size_t j = begin; j < end && !neighbour; ++j) {
        const DetailTriangle& o = triangles[j];
        const unsigned w[3] = {o.a, o.b, o.c};
        for (unsigned e = 0; e < 3; ++e) {
          if (w[e] == to && w[(e + 1) % 3] == from) neighbour = true;
        }
      }
      if (!neighbour) expected |= 1u << k;
    }
    if (tri.flags != expected) {
      t.Argument("a detail triangle's flags do not match its neighbours",
                 {.argument = "detailTriangles.flags",
                  .triangle = index,
                  .value = static_cast<double>(tri.flags),
                  .polygon = polygon});
    }
  }
}

// nav.create 5: the detail.
void CheckDetail(const Thrower& t, const std::vector<NavPolygon>& polygons,
                 const std::vector<DetailPolygon>& detail, const std::vector<TileVertex>& vertices,
                 const std::vector<DetailTriangle>& triangles, float tileSize) {
  if (detail.size() != polygons.size()) {
    t.Argument("the detail has not one entry per polygon",
               {.argument = "detailPolygons", .count = static_cast<int64_t>(detail.size())});
  }
  int64_t vertexSum = 0, triangleSum = 0;
  for (std::size_t p = 0; p < detail.size(); ++p) {
    const DetailPolygon& d = detail[p];
    const int64_t index = static_cast<int64_t>(p);
    const int64_t n = static_cast<int64_t>(polygons[p].vertices.size());
    if (d.vertexBase != vertexSum) {
      t.Argument("a polygon's detail vertices do not follow the previous ones",
                 {.argument = "detailPolygons.vertexBase",
                  .value = static_cast<double>(d.vertexBase),
                  .polygon = index});
    }
    if (d.triangleBase != triangleSum) {
      t.Argument("a polygon's detail triangles do not follow the previous ones",
                 {.argument = "detailPolygons.triangleBase",
                  .value = static_cast<double>(d.triangleBase),
                  .polygon = index});
    }
    if (n + d.vertexCount > build3d::kMaxDetailVertices) {
      t.OutOfRange("a polygon has too many detail vertices",
                   {.argument = "detailPolygons.vertexCount",
                    .count = static_cast<int64_t>(d.vertexCount),
                    .polygon = index});
    }
    if (d.triangleCount < 1 || d.triangleCount > build3d::kMaxDetailTriangles) {
      t.OutOfRange("a polygon's detail triangle count is out of range",
                   {.argument = "detailPolygons.triangleCount",
                    .count = static_cast<int64_t>(d.triangleCount),
                    .polygon = index});
    }
    vertexSum += d.vertexCount;
    triangleSum += d.triangleCount;
  }
  if (vertexSum != static_cast<int64_t>(vertices.size())) {
    t.Argument("the detail vertices are not those the polygons count",
               {.argument = "detailVertices", .count = static_cast<int64_t>(vertices.size())});
  }
  if (triangleSum != static_cast<int64_t>(triangles.size())) {
    t.Argument("the detail triangles are not those the polygons count",
               {.argument = "detailTriangles", .count = static_cast<int64_t>(triangles.size())});
  }
  CheckPositions(t, vertices, tileSize, "detailVertices");
  for (std::size_t p = 0; p < detail.size(); ++p) {
    CheckTriangles(t, triangles, detail[p], static_cast<int64_t>(p),
                   static_cast<unsigned>(polygons[p].vertices.size() + detail[p].vertexCount));
  }
}

// nav.create 1, 2: the header and the vertices.
void CheckHeaderAndVertices(const Thrower& t, std::uint16_t layer, const TileOrigin& origin,
                            float tileSize, const std::vector<TileVertex>& vertices) {
  // nav.create 1: the header.
  const double originValues[3] = {origin.x, origin.y, origin.z};
  const char* originNames[3] = {"originX", "originY", "originZ"};
  for (int i = 0; i < 3; ++i) {
    if (!std::isfinite(originValues[i])) {
      t.Argument("a tile origin is not finite",
                 {.argument = originNames[i], .value = originValues[i]});
    }
    if (originValues[i] == 0.0 && std::signbit(originValues[i])) {
      t.OutOfRange("a tile origin is -0", {.argument = originNames[i], .value = originValues[i]});
    }
  }
  if (!std::isfinite(tileSize) || !(tileSize > 0.0f)) {
    t.OutOfRange("the tile size is out of range", {.argument = "tileSize", .value = tileSize});
  }
  if (layer >= build3d::kMaxLayers) {
    t.OutOfRange("the layer is out of range",
                 {.argument = "layer", .value = static_cast<double>(layer)});
  }
  // nav.create 2: the vertices.
  if (static_cast<int64_t>(vertices.size()) > build3d::kMaxVerticesPerLayer) {
    t.OutOfRange("a tile has too many vertices",
                 {.argument = "vertices", .count = static_cast<int64_t>(vertices.size())});
  }
  CheckPositions(t, vertices, tileSize, "vertices");
}

// nav.create 3: each polygon, completely before the next.
void CheckPolygons(const Thrower& t, std::span<const NavPolygon> polygons,
                   const std::vector<TileVertex>& vertices) {
  for (std::size_t p = 0; p < polygons.size(); ++p) {
    CheckPolygon(t, polygons[p], static_cast<int64_t>(p), vertices);
  }
}

}  // namespace

void internal::ThrowCornerCount(std::int32_t tileX, std::int32_t tileZ, std::uint16_t layer,
                                const TileOrigin& origin, float tileSize,
                                const std::vector<TileVertex>& vertices,
                                std::span<const NavPolygon> before, std::int64_t corners) {
  const Thrower t{tileX, tileZ};
  CheckHeaderAndVertices(t, layer, origin, tileSize, vertices);
  CheckPolygons(t, before, vertices);
  CheckCornerCount(t, corners, static_cast<int64_t>(before.size()));
  // Only called with a count a NavPolygon cannot hold, which the line above
  // throws for.
  std::abort();
}

NavTile NavTile::Create(std::int32_t tileX, std::int32_t tileZ, std::uint16_t layer,
                        TileOrigin origin, float tileSize, std::vector<TileVertex> vertices,
                        std::vector<NavPolygon> polygons, std::vector<DetailPolygon> detailPolygons,
                        std::vector<TileVertex> detailVertices,
                        std::vector<DetailTriangle> detailTriangles) {
  const Thrower t{tileX, tileZ};
  CheckHeaderAndVertices(t, layer, origin, tileSize, vertices);
  CheckPolygons(t, polygons, vertices);
  // nav.create 4, 5.
  CheckLinks(t, polygons, vertices, tileSize);
  CheckDetail(t, polygons, detailPolygons, detailVertices, detailTriangles, tileSize);

  NavTile tile;
  tile.tileX_ = tileX;
  tile.tileZ_ = tileZ;
  tile.layer_ = layer;
  tile.origin_ = origin;
  tile.tileSize_ = tileSize;
  tile.vertices_ = std::move(vertices);
  tile.polygons_ = std::move(polygons);
  tile.detailPolygons_ = std::move(detailPolygons);
  tile.detailVertices_ = std::move(detailVertices);
  tile.detailTriangles_ = std::move(detailTriangles);
  return tile;
}

}  // namespace onepath::navmesh
