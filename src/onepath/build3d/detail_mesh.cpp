// DetailMeshBuilder::Build (docs/spec/build3d-detail.md, b3d.detail.build):
// the conventions (b3d.detail.coordinates, b3d.detail.orientation,
// b3d.detail.sample-distance), NearestRow (b3d.detail.nearest-row), the
// checks (b3d.detail.stage-input), each polygon's steps in order, the
// output and its limit (b3d.detail.output, b3d.detail.limit) and the
// canonical bytes (b3d.detail.values).
#include "onepath/build3d/detail_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "onepath/build3d/internal/contours.hpp"
#include "onepath/build3d/internal/detail_mesh.hpp"
#include "onepath/build3d/internal/regions.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"
#include "onepath/exact/predicates.hpp"

namespace onepath::build3d {

namespace internal {

float DetailLocal(const DetailContext& ctx, double c) {
  if (c == static_cast<double>(ctx.border)) return +0.0f;
  if (c == static_cast<double>(ctx.border + ctx.tileCells)) return ctx.tileSize;
  return static_cast<float>((c - static_cast<double>(ctx.border)) * ctx.cs);
}

DetailPoint MakeDetailPoint(const DetailContext& ctx, double cx, double cz, std::int64_t row) {
  return {cx,
          cz,
          row,
          DetailLocal(ctx, cx),
          ctx.coordinates->LocalY(row, ctx.minRow),
          DetailLocal(ctx, cz)};
}

DetailPoint MakeCornerPoint(const DetailContext& ctx, std::int64_t x, std::int64_t z,
                            std::int64_t row) {
  const TileCoordinates& t = *ctx.coordinates;
  return {static_cast<double>(x),
          static_cast<double>(z),
          row,
          t.Local(x),
          t.LocalY(row, ctx.minRow),
          t.Local(z)};
}

namespace {

// b3d.detail.orientation: p^ = (p.z, p.x), z first.
Vector2D Hat(const DetailPoint& p) { return {double{p.z}, double{p.x}}; }

}  // namespace

int DetailOrient(const DetailPoint& a, const DetailPoint& b, const DetailPoint& c) {
  return exact::Orient2D(Hat(a), Hat(b), Hat(c));
}

int DetailInCircle(const DetailPoint& a, const DetailPoint& b, const DetailPoint& c,
                   const DetailPoint& d) {
  return exact::InCircle(Hat(a), Hat(b), Hat(c), Hat(d));
}

bool NearestRow(const DetailContext& ctx, double x, double z, std::int64_t expected,
                std::int64_t region, std::int64_t& row) {
  const CompactHeightfield& h = *ctx.compact;
  const double fx = std::floor(x), fz = std::floor(z);
  const std::int64_t ix = static_cast<std::int64_t>(fx), iz = static_cast<std::int64_t>(fz);
  // The cells: both neighbours of an integer coordinate, lower first.
  const std::int64_t x0 = fx == x ? ix - 1 : ix;
  const std::int64_t z0 = fz == z ? iz - 1 : iz;
  bool found = false;
  std::int64_t bestDistance = 0;
  for (std::int64_t cz = z0; cz <= iz; ++cz) {
    if (cz < 0 || cz >= h.depth()) continue;
    for (std::int64_t cx = x0; cx <= ix; ++cx) {
      if (cx < 0 || cx >= h.width()) continue;
      const std::size_t column = static_cast<std::size_t>(cx + h.width() * cz);
      const std::size_t start = h.ColumnStart(column);
      const std::span<const CompactSpan> spans = h.Column(column);
      for (std::size_t s = 0; s < spans.size(); ++s) {
        if (region >= 0 && ctx.cut->regions[start + s] != region) continue;
        const std::int64_t distance = std::llabs(static_cast<std::int64_t>(spans[s].y) - expected);
        if (distance > ctx.reachRows) continue;
        if (!found || distance < bestDistance) {  // the first visited on ties
          found = true;
          bestDistance = distance;
          row = spans[s].y;
        }
      }
    }
  }
  return found;
}

namespace {

// b3d.detail.stage-input: the mesh checks, polygon by polygon, corner by
// corner: 3 .. 255 corners (the detail's vertex numbers are 8-bit,
// b3d.detail.output), every corner naming a vertex of the mesh.
void CheckMesh(const PolyMesh& mesh) {
  for (std::size_t p = 0; p < mesh.polygons.size(); ++p) {
    const MeshPolygon& polygon = mesh.polygons[p];
    const std::size_t n = polygon.corners.size();
    if (n < 3 || n > static_cast<std::size_t>(kMaxDetailVertices)) {
      throw ArgumentException(
          "a polygon of the mesh has fewer than 3 or more than 255 corners "
          "(b3d.detail.stage-input)",
          {.argument = "mesh",
           .count = static_cast<std::int64_t>(n),
           .polygon = static_cast<std::int64_t>(p)});
    }
    for (std::size_t c = 0; c < n; ++c) {
      if (polygon.corners[c].vertex >= mesh.vertices.size()) {
        throw ArgumentOutOfRangeException(
            "a polygon corner names no vertex of the mesh (b3d.detail.stage-input)",
            {.argument = "mesh",
             .vertex = static_cast<std::int64_t>(c),
             .value = static_cast<double>(polygon.corners[c].vertex),
             .polygon = static_cast<std::int64_t>(p)});
      }
    }
  }
}

// b3d.detail.build steps 1 to 5 for polygon index p; appends to detail.
void BuildPolygon(const DetailContext& ctx, const PolyMesh& mesh, std::size_t p, std::int64_t tileX,
                  std::int64_t tileZ, DetailMesh& detail) {
  const MeshPolygon& polygon = mesh.polygons[p];
  const std::size_t n = polygon.corners.size();
  // 1. The corners with their cell positions, rows and stored positions.
  std::vector<DetailPoint> points;
  for (const PolyCorner& c : polygon.corners) {
    const PolyVertex& v = mesh.vertices[c.vertex];
    points.push_back(MakeCornerPoint(ctx, v.x, v.z, v.y));
  }
  // 2. and 3. The ring (with its edge points when detail is on), its hull
  // triangulation and Lawson's flips.
  const std::vector<std::uint32_t> ring = EdgeRing(ctx, points, n);
  DetailTriangulation tri;
  ClipHullEars(points, ring, tri);
  LawsonFlipAll(points, tri);
  // 4. The samples and the refinement.
  if (ctx.detailOn) RefineWithSamples(ctx, points, n, polygon.region, tri);
  // 5. The output and the triangle limit.
  const std::size_t count = tri.triangles().size();
  if (count > static_cast<std::size_t>(kMaxDetailTriangles)) {
    throw InvalidOperationException(
        "a polygon's detail has more than 255 triangles (b3d.detail.limit)",
        {.tileX = tileX,
         .tileZ = tileZ,
         .count = static_cast<std::int64_t>(count),
         .polygon = static_cast<std::int64_t>(p)});
  }
  DetailPolygon entry;
  entry.vertexBase = static_cast<std::uint32_t>(detail.vertices.size());
  entry.vertexCount = static_cast<std::uint32_t>(points.size() - n);
  entry.triangleBase = static_cast<std::uint32_t>(detail.triangles.size());
  entry.triangleCount = static_cast<std::uint32_t>(count);
  detail.polygons.push_back(entry);
  for (std::size_t v = n; v < points.size(); ++v)
    detail.vertices.push_back({points[v].x, points[v].y, points[v].z});
  for (std::uint32_t id = 0; id < count; ++id) {
    const DetailTriangulation::Triangle& t = tri.triangles()[id];
    DetailTriangle out{static_cast<std::uint8_t>(t[0]), static_cast<std::uint8_t>(t[1]),
                       static_cast<std::uint8_t>(t[2]), 0};
    for (int k = 0; k < 3; ++k)
      if (!tri.HasNeighbour(id, k)) out.flags |= static_cast<std::uint8_t>(1u << k);
    detail.triangles.push_back(out);
  }
}

}  // namespace

DetailMesh BuildDetail(const PolyMesh& mesh, const CompactHeightfield& compact,
                       const BorderCut& cut, std::int64_t minRow, const NavSettings& settings,
                       const DerivedSettings& d, std::int64_t tileX, std::int64_t tileZ) {
  const TileCoordinates coordinates(settings, d);
  DetailContext ctx;
  ctx.compact = &compact;
  ctx.cut = &cut;
  ctx.coordinates = &coordinates;
  ctx.border = d.border;
  ctx.tileCells = d.tileCells;
  ctx.cs = d.cs;
  ctx.tileSize = static_cast<float>(settings.TileSize);
  ctx.minRow = minRow;
  ctx.reachRows = std::max<std::int64_t>(d.walkableClimb, 1) + 1;
  ctx.sd = settings.DetailSampleDistance / d.cs;  // b3d.detail.sample-distance
  ctx.detailOn = ctx.sd > 0.9;
  ctx.maxErrorRows = settings.DetailMaxError / settings.CellHeight;
  ctx.maxError = settings.DetailMaxError;
  DetailMesh detail;
  detail.minRow = static_cast<std::uint16_t>(minRow);
  for (std::size_t p = 0; p < mesh.polygons.size(); ++p)
    BuildPolygon(ctx, mesh, p, tileX, tileZ, detail);
  return detail;
}

}  // namespace internal

DetailMesh DetailMeshBuilder::Build(const PolyMesh& mesh, const CompactHeightfield& compact,
                                    const BorderCut& cut, std::int64_t minRow,
                                    const NavSettings& settings, std::int64_t tileX,
                                    std::int64_t tileZ) {
  // minRow is chosen and the reach checked by the build (b3d.poly.rows).
  // b3d.detail.stage-input, in its order.
  const DerivedSettings d = DeriveSettings(settings);
  internal::CheckCompactHeightfield(compact);
  internal::CheckTileGrid(compact, d);
  internal::CheckCut(compact, cut, d.border, d.tileCells);
  internal::CheckMesh(mesh);
  if (minRow < 0 || minRow > 65535) {
    throw ArgumentOutOfRangeException("minRow must be in 0 .. 65535 (b3d.detail.stage-input)",
                                      {.argument = "minRow", .value = static_cast<double>(minRow)});
  }
  return internal::BuildDetail(mesh, compact, cut, minRow, settings, d, tileX, tileZ);
}

std::vector<std::uint8_t> CanonicalBytes(const DetailMesh& detail) {
  CanonicalWriter w;
  w.U16(detail.minRow);
  w.Count(detail.polygons.size());
  for (const DetailPolygon& p : detail.polygons) {
    w.U32(p.vertexBase);
    w.U32(p.vertexCount);
    w.U32(p.triangleBase);
    w.U32(p.triangleCount);
  }
  w.Count(detail.vertices.size());
  for (const DetailVertex& v : detail.vertices) {
    w.F32(v.x);
    w.F32(v.y);
    w.F32(v.z);
  }
  w.Count(detail.triangles.size());
  for (const DetailTriangle& t : detail.triangles) {
    w.U8(t.a);
    w.U8(t.b);
    w.U8(t.c);
    w.U8(t.flags);
  }
  return w.Take();
}

}  // namespace onepath::build3d
