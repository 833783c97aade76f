// The navigation mesh's tile (docs/spec/navmesh-format.md, nav.*): the
// value NavTile (nav.tile, nav.link, nav.detail), NavTile::Create with its
// checks (nav.create, nav.convex), and the tile's bytes (nav.serialize,
// nav.deserialize), which are its canonical bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "onepath/build3d/detail_mesh.hpp"
#include "onepath/core/fixed_vector.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::navmesh {

// nav.tile: a tile-local position (binary32), of a vertex or a detail vertex.
struct TileVertex {
  float x = 0.0f;
  float y = 0.0f;
  float z = 0.0f;
  friend bool operator==(const TileVertex&, const TileVertex&) = default;
};

// nav.tile: the world position of the tile's local (0, 0, 0).
struct TileOrigin {
  double x = 0.0;
  double y = 0.0;
  double z = 0.0;
  friend bool operator==(const TileOrigin&, const TileOrigin&) = default;
};

// nav.link: the kinds of a link and the sides of a tile.
inline constexpr std::uint8_t kLinkWall = 0;
inline constexpr std::uint8_t kLinkPolygon = 1;
inline constexpr std::uint8_t kLinkPortal = 2;
inline constexpr std::uint32_t kSideX0 = 0;    // x = 0
inline constexpr std::uint32_t kSideZ0 = 1;    // z = 0
inline constexpr std::uint32_t kSideXMax = 2;  // x = tileSize
inline constexpr std::uint32_t kSideZMax = 3;  // z = tileSize

// nav.link: what lies across an edge. value: 0 for a wall, the polygon's
// index for a polygon link, the side for a portal.
struct EdgeLink {
  std::uint8_t kind = kLinkWall;
  std::uint32_t value = 0;
  friend bool operator==(const EdgeLink&, const EdgeLink&) = default;
};

// nav.tile: a polygon's corners and links, at most kMaxVertsPerPoly of
// each (nav.limits: 3 .. 6 corners), stored in the polygon itself.
using PolygonVertices =
    FixedVector<std::uint16_t, static_cast<std::size_t>(build3d::kMaxVertsPerPoly)>;
using PolygonLinks = FixedVector<EdgeLink, static_cast<std::size_t>(build3d::kMaxVertsPerPoly)>;

// nav.tile: corners (vertex indices, counter-clockwise) and one link per
// edge (edge k from corner k to corner k + 1). A polygon of more corners
// cannot be given: Deserialize and the assembler, which read or take such
// counts, throw nav.create's corner-count error for it instead.
struct NavPolygon {
  PolygonVertices vertices;
  PolygonLinks links;
  std::uint8_t area = 0;
  std::uint16_t flags = 0;
  friend bool operator==(const NavPolygon&, const NavPolygon&) = default;
};

// nav.detail: a polygon's detail ranges and the detail triangles (three
// vertex numbers, corners 0 .. n-1 then extra vertices, and the edge-flag
// byte) are the detail stage's values (b3d.detail.values).
using build3d::DetailPolygon;
using build3d::DetailTriangle;

// nav.tile: a valid tile; only Create and Deserialize make one.
class NavTile {
 public:
  // nav.create: checks everything, in the clause's order, and throws the
  // first violation (ArgumentException or ArgumentOutOfRangeException,
  // always with tileX and tileZ).
  static NavTile Create(std::int32_t tileX, std::int32_t tileZ, std::uint16_t layer,
                        TileOrigin origin, float tileSize, std::vector<TileVertex> vertices,
                        std::vector<NavPolygon> polygons, std::vector<DetailPolygon> detailPolygons,
                        std::vector<TileVertex> detailVertices,
                        std::vector<DetailTriangle> detailTriangles);

  std::int32_t tileX() const { return tileX_; }
  std::int32_t tileZ() const { return tileZ_; }
  std::uint16_t layer() const { return layer_; }
  const TileOrigin& origin() const { return origin_; }
  float tileSize() const { return tileSize_; }
  const std::vector<TileVertex>& vertices() const { return vertices_; }
  const std::vector<NavPolygon>& polygons() const { return polygons_; }
  const std::vector<DetailPolygon>& detailPolygons() const { return detailPolygons_; }
  const std::vector<TileVertex>& detailVertices() const { return detailVertices_; }
  const std::vector<DetailTriangle>& detailTriangles() const { return detailTriangles_; }

  friend bool operator==(const NavTile&, const NavTile&) = default;

 private:
  NavTile() = default;
  std::int32_t tileX_ = 0;
  std::int32_t tileZ_ = 0;
  std::uint16_t layer_ = 0;
  TileOrigin origin_;
  float tileSize_ = 0.0f;
  std::vector<TileVertex> vertices_;
  std::vector<NavPolygon> polygons_;
  std::vector<DetailPolygon> detailPolygons_;
  std::vector<TileVertex> detailVertices_;
  std::vector<DetailTriangle> detailTriangles_;
};

// nav.serialize: magic "OPNT", version 1, then every field in order.
inline constexpr std::uint8_t kTileMagic[4] = {0x4f, 0x50, 0x4e, 0x54};
inline constexpr std::uint16_t kTileFormatVersion = 1;

// nav.serialize: the tile's bytes, which are its canonical bytes.
std::vector<std::uint8_t> Serialize(const NavTile& tile);
// nav.deserialize: reads the bytes, then checks them as Create does.
NavTile Deserialize(std::span<const std::uint8_t> bytes);
// The canonical bytes of a tile (canon.hash hashes them) = Serialize.
std::vector<std::uint8_t> CanonicalBytes(const NavTile& tile);

}  // namespace onepath::navmesh
