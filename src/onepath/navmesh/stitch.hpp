// Portal stitching between tiles (docs/spec/navmesh-format.md, nav.stitch):
// which polygons of neighbouring tiles a portal edge connects to, and over
// which part of the shared side. A plain function from a NavMesh to a
// sorted list of links; the mesh itself is not changed.
#pragma once

#include <compare>
#include <cstdint>
#include <vector>

#include "onepath/navmesh/navmesh.hpp"

namespace onepath::navmesh {

// nav.mesh: a tile's key, ordered as the mesh lists its tiles
// (tileZ, tileX, layer).
struct TileKey {
  std::int32_t tileX = 0;
  std::int32_t tileZ = 0;
  std::uint16_t layer = 0;
  friend bool operator==(const TileKey&, const TileKey&) = default;
  friend std::strong_ordering operator<=>(const TileKey& a, const TileKey& b) {
    if (auto c = a.tileZ <=> b.tileZ; c != 0) return c;
    if (auto c = a.tileX <=> b.tileX; c != 0) return c;
    return a.layer <=> b.layer;
  }
};

inline TileKey KeyOf(const NavTile& tile) { return {tile.tileX(), tile.tileZ(), tile.layer()}; }

// nav.stitch: a link from portal edge `edge` of polygon `polygon` of tile
// `from` to polygon `toPolygon` (its portal edge `toEdge`) of tile `to`.
// [lo, hi] (lo < hi) is the part of the shared side both edges cover, in
// the local coordinate along that side (z for sides 0 and 2, x for sides
// 1 and 3), which the two tiles share exactly.
struct PortalLink {
  TileKey from;
  std::uint32_t polygon = 0;
  std::uint8_t edge = 0;
  TileKey to;
  std::uint32_t toPolygon = 0;
  std::uint8_t toEdge = 0;
  float lo = 0.0f;
  float hi = 0.0f;
  friend bool operator==(const PortalLink&, const PortalLink&) = default;
};

// nav.stitch: every link of the mesh, both directions, sorted by (from,
// polygon, edge, to, toPolygon, toEdge) (nav.stitch.order). climb is the
// agent's climb (world units; for a built mesh f32(NavSettings.
// AgentMaxClimb), Detour's walkableClimb): the vertical tolerance is 2 * climb, as
// Detour's (nav.stitch.vertical). A non-finite climb throws
// ArgumentException, a negative one ArgumentOutOfRangeException.
std::vector<PortalLink> Stitch(const NavMesh& mesh, float climb);

// nav.links-bytes: u32 count, then per link from (i32 tileX, i32 tileZ,
// u16 layer), u32 polygon, u8 edge, to, u32 toPolygon, u8 toEdge, f32 lo,
// f32 hi.
std::vector<std::uint8_t> CanonicalBytes(const std::vector<PortalLink>& links);

}  // namespace onepath::navmesh
