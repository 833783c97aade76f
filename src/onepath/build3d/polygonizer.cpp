// Polygonizer::Build (docs/spec/build3d-polygons.md, b3d.poly.api): each
// contour of at least three vertices in turn, through its wall edges and
// straight wall removal, welding, ear clipping and merging; the output
// order (b3d.poly.order) and the canonical bytes (b3d.poly.values).
#include "onepath/build3d/polygonizer.hpp"

#include <algorithm>

#include "onepath/build3d/internal/polygonizer.hpp"
#include "onepath/core/canonical.hpp"

namespace onepath::build3d {

namespace internal {

namespace {

// b3d.poly.values: a contour's polygon as the mesh keeps it.
MeshPolygon ToMeshPolygon(const SmallPolygon& p, std::uint32_t contour, const Contour& c) {
  MeshPolygon out;
  out.contour = contour;
  out.region = c.region;
  out.area = c.area;
  out.corners.assign(p.corners, p.corners + p.size);
  return out;
}

}  // namespace

PolyMesh Polygonize(const ContourSet& contours, const TileCoordinates& coordinates,
                    std::int64_t maxVertsPerPoly, PolyMesh* ears) {
  // Welding takes at most one place per contour vertex.
  std::size_t places = 0, longest = 0;
  for (const Contour& contour : contours.contours) {
    places += contour.vertices.size();
    longest = std::max(longest, contour.vertices.size());
  }
  VertexWelder welded(coordinates, places);
  PolyMesh mesh;
  // Reused by every contour (cleared, not freed), each reserved once for
  // the longest contour: n nodes (straight wall removal only drops some),
  // at most n - 2 triangles, so polygons, their versions and flags below
  // n; 3 (n - 2) queued candidates and merged rings to start with (one per
  // shared edge and side; merges add a few more, then the vector grows).
  PolygonizerScratch scratch;
  scratch.nodes.reserve(longest);
  scratch.version.reserve(longest);
  scratch.alive.reserve(longest);
  scratch.queue.reserve(3 * longest);
  scratch.rings.reserve(3 * longest);
  std::vector<std::uint64_t> edges;
  std::vector<WallVertex> ring;
  std::vector<std::uint32_t> vertexOf;
  std::vector<SmallPolygon> polygons;
  edges.reserve(longest);
  ring.reserve(longest);
  vertexOf.reserve(longest);
  polygons.reserve(longest);
  for (std::size_t c = 0; c < contours.contours.size(); ++c) {
    const Contour& contour = contours.contours[c];
    if (contour.vertices.size() < 3) continue;  // skipped, not welded (b3d.poly.api)
    WallVertices(contour.vertices, ring, edges);
    RemoveStraightWalls(ring);
    vertexOf.clear();
    for (const WallVertex& v : ring) vertexOf.push_back(welded.Weld(v.x, v.y, v.z));
    polygons.clear();
    ClipEars(ring, vertexOf, welded, polygons, mesh.degenerateEars, scratch);
    const auto id = static_cast<std::uint32_t>(c);
    if (ears != nullptr)
      for (const SmallPolygon& p : polygons)
        ears->polygons.push_back(ToMeshPolygon(p, id, contour));
    MergePolygons(polygons, welded, maxVertsPerPoly, scratch);
    for (const SmallPolygon& p : polygons) mesh.polygons.push_back(ToMeshPolygon(p, id, contour));
  }
  if (ears != nullptr) {
    ears->vertices = welded.vertices();
    ears->degenerateEars = mesh.degenerateEars;
  }
  mesh.vertices = welded.TakeVertices();
  return mesh;
}

}  // namespace internal

std::optional<PolyRows> PolygonRows(const PolyMesh& mesh) {
  std::optional<PolyRows> rows;
  for (const MeshPolygon& p : mesh.polygons) {
    for (const PolyCorner& c : p.corners) {
      const std::int64_t y = mesh.vertices[c.vertex].y;
      if (!rows) rows = PolyRows{y, y};
      rows->minRow = std::min(rows->minRow, y);
      rows->maxRow = std::max(rows->maxRow, y);
    }
  }
  return rows;
}

PolyMesh Polygonizer::Build(const ContourSet& contours, const NavSettings& settings) {
  const DerivedSettings derived = DeriveSettings(settings);
  const TileCoordinates coordinates(settings, derived);
  return internal::Polygonize(contours, coordinates, settings.MaxVertsPerPoly, nullptr);
}

PolygonizerStages Polygonizer::BuildStages(const ContourSet& contours,
                                           const NavSettings& settings) {
  const DerivedSettings derived = DeriveSettings(settings);
  const TileCoordinates coordinates(settings, derived);
  PolygonizerStages stages;
  stages.polygons =
      internal::Polygonize(contours, coordinates, settings.MaxVertsPerPoly, &stages.ears);
  return stages;
}

std::vector<std::uint8_t> CanonicalBytes(const PolyMesh& mesh) {
  CanonicalWriter w;
  w.Count(mesh.vertices.size());
  for (const PolyVertex& v : mesh.vertices) {
    w.U16(v.x);
    w.U16(v.y);
    w.U16(v.z);
  }
  w.Count(mesh.polygons.size());
  for (const MeshPolygon& p : mesh.polygons) {
    w.U32(p.contour);
    w.U16(p.region);
    w.U8(p.area);
    w.Count(p.corners.size());
    for (const PolyCorner& c : p.corners) {
      w.U32(c.vertex);
      w.U8(c.wall ? 1 : 0);
    }
  }
  w.U32(mesh.degenerateEars);
  return w.Take();
}

}  // namespace onepath::build3d
