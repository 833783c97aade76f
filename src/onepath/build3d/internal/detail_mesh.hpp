// Internals of the height detail (docs/spec/build3d-detail.md): one
// polygon's points, its triangulation and the steps that build it, each
// in the file of its clause group (detail_mesh_*.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "onepath/build3d/detail_mesh.hpp"
#include "onepath/build3d/tile_grid.hpp"

namespace onepath::build3d::internal {

// b3d.detail.coordinates: a point's cell position, row and stored position.
struct DetailPoint {
  double cx = 0.0;
  double cz = 0.0;
  std::int64_t row = 0;
  float x = 0.0f;
  float y = 0.0f;
  float z = 0.0f;
};

// What every polygon of one Build shares: the grid it samples, the tile's
// coordinates and the settings' values in the units the chapter uses.
struct DetailContext {
  const CompactHeightfield* compact = nullptr;
  const BorderCut* cut = nullptr;
  const TileCoordinates* coordinates = nullptr;  // Local on corners, LocalY
  std::int64_t border = 0;                       // B
  std::int64_t tileCells = 0;                    // TileCells
  double cs = 0.0;                               // the tile's binary64 cell size
  float tileSize = 0.0f;                         // f32(TileSize)
  std::int64_t minRow = 0;
  std::int64_t reachRows = 0;  // R = max(WalkableClimb, 1) + 1 (b3d.detail.nearest-row)
  double sd = 0.0;             // b3d.detail.sample-distance
  bool detailOn = false;       // sd > 0.9
  double maxErrorRows = 0.0;   // L = DetailMaxError / CellHeight (b3d.detail.douglas-peucker)
  double maxError = 0.0;       // DetailMaxError (b3d.detail.refine)
};

// b3d.detail.coordinates: Local extended to binary64 cell positions
// (TileCoordinates::Local on integer corners).
float DetailLocal(const DetailContext& ctx, double c);
// A point with its stored position from its cell position and row (an
// edge point or a sample), and a polygon corner.
DetailPoint MakeDetailPoint(const DetailContext& ctx, double cx, double cz, std::int64_t row);
DetailPoint MakeCornerPoint(const DetailContext& ctx, std::int64_t x, std::int64_t z,
                            std::int64_t row);

// b3d.detail.orientation: orient and incircle on stored positions, z first.
int DetailOrient(const DetailPoint& a, const DetailPoint& b, const DetailPoint& c);
int DetailInCircle(const DetailPoint& a, const DetailPoint& b, const DetailPoint& c,
                   const DetailPoint& d);

// b3d.detail.nearest-row: a row, or false for none. region -1: any.
bool NearestRow(const DetailContext& ctx, double x, double z, std::int64_t expected,
                std::int64_t region, std::int64_t& row);

// b3d.detail.edge-points, b3d.detail.douglas-peucker, b3d.detail.edge-limit:
// the polygon's ring (corners and edge points, in ring order) as vertex
// numbers into points, whose first n entries are the corners; the edge
// points are appended to points in emission order.
std::vector<std::uint32_t> EdgeRing(const DetailContext& ctx, std::vector<DetailPoint>& points,
                                    std::size_t n);

// b3d.detail.triangles: triangles by id, and the owner of every directed edge.
class DetailTriangulation {
 public:
  using Triangle = std::array<std::uint32_t, 3>;

  const std::vector<Triangle>& triangles() const { return triangles_; }
  std::uint32_t Add(const Triangle& t);  // the next id
  // Replaces triangle id (its old edges leave the edge table). Erase all the
  // triangles a step rewrites before Put-ting their new versions.
  void Erase(std::uint32_t id);
  void Put(std::uint32_t id, const Triangle& t);
  // The triangle with the directed edge a -> b and the edge's index k in it.
  bool Find(std::uint32_t a, std::uint32_t b, std::uint32_t& id, int& k) const;
  bool HasNeighbour(std::uint32_t id, int k) const;

 private:
  static std::uint64_t Key(std::uint32_t a, std::uint32_t b) {
    return (static_cast<std::uint64_t>(a) << 32) | b;
  }
  std::vector<Triangle> triangles_;
  std::unordered_map<std::uint64_t, std::uint32_t> owner_;  // edge -> id * 3 + k
};

// b3d.detail.hull: ear clipping of the ring (vertex numbers into points).
void ClipHullEars(const std::vector<DetailPoint>& points, const std::vector<std::uint32_t>& ring,
                  DetailTriangulation& tri);

// b3d.detail.lawson: runs the stack of directed edges; every id a flip
// writes is appended to changed (when not null).
void RunFlipStack(const std::vector<DetailPoint>& points, DetailTriangulation& tri,
                  std::vector<std::array<std::uint32_t, 2>>& stack,
                  std::vector<std::uint32_t>* changed);
// b3d.detail.lawson: every edge of every triangle, then the run.
void LawsonFlipAll(const std::vector<DetailPoint>& points, DetailTriangulation& tri);

// b3d.detail.samples, b3d.detail.refine: the interior samples of the
// polygon (corners points[0 .. n-1], region) and their insertion; appends
// the inserted samples to points.
void RefineWithSamples(const DetailContext& ctx, std::vector<DetailPoint>& points, std::size_t n,
                       std::int64_t region, DetailTriangulation& tri);

// b3d.detail.build on checked values (b3d.detail.stage-input passed, or
// values the build made itself): every polygon in mesh order, the triangle
// limit. DetailMeshBuilder::Build is the checks, then this.
DetailMesh BuildDetail(const PolyMesh& mesh, const CompactHeightfield& compact,
                       const BorderCut& cut, std::int64_t minRow, const NavSettings& settings,
                       const DerivedSettings& d, std::int64_t tileX, std::int64_t tileZ);

}  // namespace onepath::build3d::internal
