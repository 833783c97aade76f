// RapidCheck properties of the tile format (docs/spec/navmesh-format.md),
// on tiles made from what the 3D build makes: the polygon mesh and the
// detail of a random heightfield tile (as properties_build3d_polygons.cpp
// makes them), with cells of 1 (Local linear) or of 0.3 (binary32
// positions that tip collinear corners), put into a NavTile by a small
// assembler of this test (not the spec's FromLocalPolygons, which is still
// to be written). Why each holds, from the text:
//  - nav.create, nav.convex: the polygonizer's polygons have 3 ..
//    MaxVertsPerPoly distinct corners, every corner with orient32 >= 0
//    (b3d.poly.promise) and a positive area, and nav.orient is orient32;
//    the detail's ranges are contiguous, its vertex numbers below 255 and
//    its flag bit k set exactly when edge k has no twin
//    (b3d.detail.values, b3d.detail.output); the local positions lie in
//    [+0, f32(TileSize)] (b3d.tile-coordinates: Local is increasing, +0 at
//    B, and every contour of the cut tile lies in the core). So Create
//    accepts the tile: a rejection is a defect of the build or of the pin.
//  - nav.serialize, nav.deserialize: Deserialize(Serialize(t)) = t, and a
//    byte string with one byte changed, or cut short, either throws the
//    spec's ArgumentException (or its out-of-range kind) or is the
//    serialization of the tile it decodes to, and decodes to a tile equal
//    to the original only if it is the original (the bytes are canonical:
//    nav.create admits no -0, which == would not tell from +0).
#include <rapidcheck.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include "conformance/generators/build3d_fields.hpp"
#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/check_property.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/build3d.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/navmesh.hpp"

namespace {

using namespace onepath::build3d;
using namespace onepath::navmesh;
using onepath::proptest::CheckProperty;

// The settings of a random tile: unit cells, or cells of 0.3 (rows of 1).
NavSettings RandomSettings() {
  const int tileCells = *rc::gen::inRange(2, 17);
  const int radius = *rc::gen::inRange(0, 2);
  NavSettings s = onepath::b3dtest::UnitSettings(*rc::gen::inRange(2, 5), *rc::gen::inRange(1, 4),
                                                 radius, tileCells);
  if (*rc::gen::arbitrary<bool>()) {
    s.CellSize = 0.3;
    s.TileSize = 0.3 * tileCells;
    s.AgentRadius = 0.3 * radius;
  }
  s.Partition = *rc::gen::element(Partition::Watershed, Partition::Monotone, Partition::Layers);
  s.MinRegionArea = *rc::gen::inRange(0, 4);
  s.MergeRegionArea = *rc::gen::inRange(0, 50);
  s.ContourMaxError = *rc::gen::element(0.0, 0.5, 1.3);
  s.MaxEdgeLength = *rc::gen::inRange(0, 13);
  s.MaxVertsPerPoly = *rc::gen::inRange(3, 7);
  s.DetailSampleDistance = *rc::gen::element(0.0, 1.8, 3.0);
  return s;
}

// A tile of a random heightfield as a NavTile: every mesh vertex at its
// local position, in-tile links where exactly one polygon has an edge and
// exactly one its reverse, portals on wall edges whose ends lie on one
// side, walls otherwise; the detail copied. Nothing when the tile has no
// polygon or its detail hits b3d.detail.limit.
std::optional<NavTile> RandomBuiltTile() {
  const NavSettings s = RandomSettings();
  const DerivedSettings d = Mesh3DPipeline::DeriveSettings(s);
  std::mt19937_64 random(*rc::gen::arbitrary<std::uint64_t>());
  HeightfieldInput in;
  if (*rc::gen::arbitrary<bool>()) {
    in = onepath::gen::RandomHeightfield(random, d.tileCells);
  } else {
    // A ramp rising one row every `run` cells in x, most columns present
    // (a few holes and a few spans of area 7), over 1 .. 2 tiles a side.
    in.width = d.tileCells * *rc::gen::inRange(1, 3) + 2 * d.border;
    in.depth = d.tileCells * *rc::gen::inRange(1, 3) + 2 * d.border;
    in.rows = 40;
    const int run = *rc::gen::inRange(1, 5);
    std::bernoulli_distribution present(*rc::gen::inRange(85, 101) / 100.0), other(0.1);
    for (std::int64_t c = 0; c < in.width * in.depth; ++c) {
      if (!present(random)) {
        in.columns.push_back({});
        continue;
      }
      const auto top = static_cast<std::uint16_t>(5 + (c % in.width) / run);
      in.columns.push_back({{0, top, static_cast<std::uint8_t>(other(random) ? 7 : 63)}});
    }
  }
  const auto tiles = BuildOrder(VoxelTiles(in.width, in.depth, d));
  const TileIndex tile = *rc::gen::elementOf(tiles);
  const CompactHeightfield field = Mesh3DPipeline::TileSpans(in, {}, s, tile.x, tile.z).volumes;
  const BorderCut cut = RegionPipeline::CutBorder(field, RegionPipeline::Partition(field, s), s);
  const PolyMesh mesh = Polygonizer::Build(RegionPipeline::Trace(field, cut, s), s);
  if (mesh.polygons.empty()) return std::nullopt;
  const std::int64_t minRow = PolygonRows(mesh)->minRow;  // b3d.poly.rows
  DetailMesh detail;
  try {
    detail = DetailMeshBuilder::Build(mesh, field, cut, minRow, s, tile.x, tile.z);
  } catch (const onepath::InvalidOperationException&) {
    return std::nullopt;
  }
  const TileCoordinates tc(s, d);
  const float tileSize = static_cast<float>(s.TileSize);
  std::vector<TileVertex> vertices;
  for (const PolyVertex& v : mesh.vertices)
    vertices.push_back({tc.Local(v.x), tc.LocalY(v.y, minRow), tc.Local(v.z)});
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::uint32_t>> edges;
  for (std::uint32_t p = 0; p < mesh.polygons.size(); ++p) {
    const auto& c = mesh.polygons[p].corners;
    for (std::size_t k = 0; k < c.size(); ++k)
      edges[{c[k].vertex, c[(k + 1) % c.size()].vertex}].push_back(p);
  }
  const auto onSide = [&](const TileVertex& a,
                          const TileVertex& b) -> std::optional<std::uint32_t> {
    if (a.x == 0.0f && b.x == 0.0f) return kSideX0;
    if (a.z == 0.0f && b.z == 0.0f) return kSideZ0;
    if (a.x == tileSize && b.x == tileSize) return kSideXMax;
    if (a.z == tileSize && b.z == tileSize) return kSideZMax;
    return std::nullopt;
  };
  std::vector<NavPolygon> polygons;
  for (const MeshPolygon& mp : mesh.polygons) {
    NavPolygon p;
    p.area = mp.area;
    p.flags = 1;
    for (std::size_t k = 0; k < mp.corners.size(); ++k) {
      const std::uint32_t a = mp.corners[k].vertex,
                          b = mp.corners[(k + 1) % mp.corners.size()].vertex;
      p.vertices.push_back(static_cast<std::uint16_t>(a));
      const auto twin = edges.find({b, a});
      if (twin != edges.end() && twin->second.size() == 1 && edges[{a, b}].size() == 1) {
        p.links.push_back({kLinkPolygon, twin->second[0]});
      } else if (const auto side = onSide(vertices[a], vertices[b])) {
        p.links.push_back({kLinkPortal, *side});
      } else {
        p.links.push_back({kLinkWall, 0});
      }
    }
    polygons.push_back(std::move(p));
  }
  std::vector<onepath::navmesh::DetailPolygon> dp;
  for (const auto& e : detail.polygons)
    dp.push_back({e.vertexBase, e.vertexCount, e.triangleBase, e.triangleCount});
  std::vector<TileVertex> dv;
  for (const auto& v : detail.vertices) dv.push_back({v.x, v.y, v.z});
  std::vector<onepath::navmesh::DetailTriangle> dt;
  for (const auto& t : detail.triangles) dt.push_back({t.a, t.b, t.c, t.flags});
  RC_TAG(polygons.size() > 4 ? "5+ polygons" : "1-4 polygons");
  return NavTile::Create(static_cast<std::int32_t>(tile.x), static_cast<std::int32_t>(tile.z), 0,
                         {0.0, 0.0, 0.0}, tileSize, std::move(vertices), std::move(polygons),
                         std::move(dp), std::move(dv), std::move(dt));
}

}  // namespace

TEST(NavTileProperties, BuiltTilesAreValidAndRoundTrip) {
  CLAUSE("nav.create nav.convex nav.orient nav.serialize nav.deserialize");
  CheckProperty(
      [] {
        const std::optional<NavTile> tile = RandomBuiltTile();  // Create must not throw
        if (!tile) return;
        const std::vector<std::uint8_t> bytes = Serialize(*tile);
        const NavTile back = Deserialize(bytes);
        RC_ASSERT(back == *tile);
        RC_ASSERT(Serialize(back) == bytes);
      },
      500);
}

TEST(NavTileProperties, ChangedBytesAreRejectedOrCanonical) {
  CLAUSE("nav.deserialize nav.serialize");
  CheckProperty(
      [] {
        const std::optional<NavTile> tile = RandomBuiltTile();
        if (!tile) return;
        const std::vector<std::uint8_t> original = Serialize(*tile);
        std::vector<std::uint8_t> bytes = original;
        if (*rc::gen::arbitrary<bool>()) {
          const std::size_t at = *rc::gen::inRange<std::size_t>(0, bytes.size());
          bytes[at] = *rc::gen::arbitrary<std::uint8_t>();
        } else {
          bytes.resize(*rc::gen::inRange<std::size_t>(0, bytes.size()));
        }
        try {
          const NavTile decoded = Deserialize(bytes);
          RC_ASSERT(Serialize(decoded) == bytes);
          // Equal tiles (== reads +0 and -0 alike) only from equal bytes.
          RC_ASSERT((decoded == *tile) == (bytes == original));
        } catch (const onepath::ArgumentException&) {
          RC_TAG("rejected");
        }
      },
      500);
}
