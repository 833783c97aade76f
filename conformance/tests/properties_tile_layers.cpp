// RapidCheck properties of a tile's layers and its tile data
// (docs/spec/build3d-tiles.md, b3d.tile-layers, b3d.tile-data;
// navmesh-format.md, nav.assemble) on tiles built through the stages
// (spans, Partition = Layers, CutBorder, Trace, Polygonizer, detail) from
// random multi-floor heightfields, stacked floors and balconies with
// ramps, and from the generated levels; and RegionLayers against its
// brute-force oracle (oracles/boost_mp/tile_layers_bruteforce.hpp) with
// negative controls. The generated tiles' cuts come from any of the three
// partitions (RegionLayers is given Partition = Layers): on the Layers
// partition's own regions a neighbour's layer is almost never preferred
// over the lowest free one (that partition merges such neighbours), so
// the other cuts exercise the preference. Why each holds, from the text:
//  - b3d.tile-layers: a layer is free only if no region of it shares a
//    column, so no two regions of one layer share a cell of the cut;
//    layers are numbered without gaps from 0 (a new one is one above the
//    greatest); ids 0 and borderId get 0.
//  - b3d.tile-data: every polygon is in the tile of its region's layer, in
//    mesh order; a layer's vertices are the used ones in ascending mesh
//    index at (Local, LocalY, Local); tiles in ascending layer, none empty;
//    every tile is made by NavTile::Create (nav.assemble), so it is valid
//    and its bytes round-trip (nav.deserialize).
#include <rapidcheck.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "conformance/generators/build3d_fields.hpp"
#include "conformance/generators/levels.hpp"
#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/check_property.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/build3d.hpp"
#include "onepath/navmesh.hpp"
#include "oracles/boost_mp/tile_layers_bruteforce.hpp"

namespace {

using namespace onepath::build3d;
using onepath::proptest::CheckProperty;

struct BuiltTile {
  NavSettings settings;
  TileGrid grid;
  CompactHeightfield compact;
  BorderCut cut;
  PolyMesh mesh;
  DetailMesh detail;
  bool empty = true;
};

// The stages of one tile after its spans (000 §2).
// The cut comes from `cutPartition` (any partition's cut is a valid input
// of RegionLayers; Watershed and Monotone leave regions unmerged that the
// Layers partition would merge, so a neighbour's layer matters more often);
// every other stage, RegionLayers included, sees s (Partition = Layers).
template <typename Input>
BuiltTile Build(const Input& input, const NavSettings& s, std::int64_t tx, std::int64_t tz,
                Partition cutPartition = Partition::Layers) {
  BuiltTile t;
  t.settings = s;
  const Mesh3DTileSpans spans = Mesh3DPipeline::TileSpans(input, {}, s, tx, tz);
  t.grid = spans.grid;
  t.compact = spans.volumes;
  NavSettings partition = s;
  partition.Partition = cutPartition;
  t.cut = RegionPipeline::CutBorder(t.compact, RegionPipeline::Partition(t.compact, partition), s);
  if (t.cut.empty) return t;
  t.mesh = Polygonizer::Build(RegionPipeline::Trace(t.compact, t.cut, s), s);
  if (t.mesh.polygons.empty()) return t;
  // b3d.poly.rows: minRow over the vertices some polygon uses.
  std::int64_t minRow = 65535;
  for (const MeshPolygon& p : t.mesh.polygons)
    for (const PolyCorner& c : p.corners)
      minRow = std::min<std::int64_t>(minRow, t.mesh.vertices[c.vertex].y);
  t.detail = DetailMeshBuilder::Build(t.mesh, t.compact, t.cut, minRow, s, tx, tz);
  t.empty = false;
  return t;
}

// The tiles of the generated levels of size 16 (each kind, seed 1), with
// the region presets in turn, Partition = Layers.
const std::vector<BuiltTile>& LevelTiles() {
  static const auto tiles = [] {
    std::vector<BuiltTile> out;
    const std::vector<NavSettings> presets = onepath::gen::RegionLevelSettings();
    std::size_t level = 0;
    for (const onepath::gen::LevelKind kind : onepath::gen::AllLevelKinds()) {
      onepath::gen::LevelOptions options;
      options.kind = kind;
      options.size = 16;
      options.seed = 1;
      const auto soup = onepath::gen::ToSoup(onepath::gen::MakeLevel(options).soup);
      NavSettings s = presets[level++ % presets.size()];
      s.Partition = Partition::Layers;
      for (const auto& tile : BuildOrder(SoupTiles(soup, s))) {
        BuiltTile t = Build(soup, s, tile.x, tile.z);
        if (!t.empty) out.push_back(std::move(t));
      }
    }
    return out;
  }();
  return tiles;
}

BuiltTile AnyTile() {
  // The source drawn evenly (RapidCheck's small sizes favour small values).
  std::uint64_t seed = *rc::gen::arbitrary<std::uint64_t>();
  seed = (seed ^ (seed >> 30)) * 0xbf58476d1ce4e5b9u + 0x9e3779b97f4a7c15u;  // spread small values
  seed ^= seed >> 27;
  if (seed % 3 == 0) {
    const auto& tiles = LevelTiles();
    return tiles[static_cast<std::size_t>((seed / 3) % tiles.size())];
  }
  NavSettings s = onepath::b3dtest::UnitSettings(*rc::gen::inRange(2, 5), *rc::gen::inRange(1, 4),
                                                 *rc::gen::inRange(0, 2), *rc::gen::inRange(2, 17));
  s.Partition = Partition::Layers;
  s.MinRegionArea = *rc::gen::inRange(0, 4);
  s.MaxVertsPerPoly = *rc::gen::inRange(3, 7);
  s.Area = *rc::gen::inRange(0, 64);
  s.Flags = *rc::gen::inRange(0, 65536);
  s.DetailSampleDistance = *rc::gen::element(0.0, 2.0, 6.0);
  const DerivedSettings d = DeriveSettings(s);
  std::mt19937_64 random(seed);
  HeightfieldInput in;
  if (seed % 3 == 1) {
    in = onepath::gen::RandomHeightfield(random, d.tileCells);
  } else {
    // Stacked flat floors: ground at row 5, floors at rows 15 and 25 over
    // random parts (blobs of a coarse random mask), so regions stack. Or
    // a balcony: the ground under it at row 5 and a ramp from the
    // balcony's edge (row 15) down to the ground, one row per cell, so
    // regions of different layers are joined by a ramp.
    in.width = in.depth = d.tileCells + 2 * d.border + *rc::gen::inRange(0, 5);
    in.rows = 40;
    const int blob = *rc::gen::inRange(1, 5);
    const bool balcony = *rc::gen::arbitrary<bool>();
    const std::int64_t edge = *rc::gen::inRange<std::int64_t>(0, in.width);
    std::bernoulli_distribution present(0.6), hole(0.05);
    const std::int64_t bw = in.width / blob + 1;
    std::vector<bool> mask1(bw * bw), mask2(bw * bw);
    for (std::size_t k = 0; k < mask1.size(); ++k) {
      mask1[k] = present(random);
      mask2[k] = present(random);
    }
    for (std::int64_t z = 0; z < in.depth; ++z) {
      for (std::int64_t x = 0; x < in.width; ++x) {
        const std::int64_t m = x / blob + bw * (z / blob);
        std::vector<Span> column;
        if (balcony) {
          // x < edge: ground and balcony; edge .. edge + 9: the ramp.
          const std::int64_t top = x < edge ? 5 : std::max<std::int64_t>(5, 15 - (x - edge));
          if (!hole(random)) column.push_back({0, static_cast<std::uint16_t>(top), 63});
          if (x < edge && mask1[m]) column.push_back({13, 15, 63});
        } else {
          if (!hole(random)) column.push_back({0, 5, 63});
          if (mask1[m] && !hole(random)) column.push_back({13, 15, 63});
          if (mask2[m] && !hole(random)) column.push_back({23, 25, 63});
        }
        in.columns.push_back(column);
      }
    }
  }
  const auto tiles = BuildOrder(VoxelTiles(in.width, in.depth, d));
  const TileIndex tile = *rc::gen::elementOf(tiles);
  return Build(in, s, tile.x, tile.z,
               *rc::gen::element(Partition::Layers, Partition::Watershed, Partition::Monotone));
}

}  // namespace

TEST(TileLayersProperties, NoTwoRegionsOfALayerShareAColumn) {
  CLAUSE("b3d.tile-layers");
  CheckProperty(
      [] {
        const BuiltTile t = AnyTile();
        if (t.cut.regions.empty()) return;
        const auto layers = RegionLayers(t.compact, t.cut, t.settings, t.grid.tileX, t.grid.tileZ);
        RC_ASSERT(layers.size() == std::size_t{t.cut.borderId} + 1);
        RC_ASSERT(layers[0] == 0);
        RC_ASSERT(layers[t.cut.borderId] == 0);
        // Numbered from 0 without gaps in the order first taken.
        int greatest = -1;
        for (std::size_t r = 1; r < t.cut.borderId; ++r) {
          RC_ASSERT(int{layers[r]} <= greatest + 1);
          greatest = std::max(greatest, int{layers[r]});
        }
        // Per cell, the regions of its spans: pairwise on different layers.
        for (std::size_t c = 0; c < t.compact.columnCount(); ++c) {
          std::set<std::uint16_t> ids;
          for (std::size_t s = t.compact.ColumnStart(c); s < t.compact.ColumnStart(c + 1); ++s)
            if (t.cut.regions[s] > 0 && t.cut.regions[s] < t.cut.borderId)
              ids.insert(t.cut.regions[s]);
          std::set<std::uint16_t> seen;
          for (const std::uint16_t id : ids) RC_ASSERT(seen.insert(layers[id]).second);
        }
        // Other partitions: all 0.
        NavSettings other = t.settings;
        other.Partition = *rc::gen::element(Partition::Watershed, Partition::Monotone);
        const auto zeros = RegionLayers(t.compact, t.cut, other, t.grid.tileX, t.grid.tileZ);
        RC_ASSERT(zeros == std::vector<std::uint16_t>(layers.size(), 0));
      },
      500);
}

TEST(TileLayersProperties, TileDataOfEveryLayer) {
  CLAUSE("b3d.tile-data nav.assemble");
  CheckProperty(
      [] {
        const BuiltTile t = AnyTile();
        if (t.empty) return;
        const auto layers = RegionLayers(t.compact, t.cut, t.settings, t.grid.tileX, t.grid.tileZ);
        const auto tiles =
            onepath::navmesh::WriteTileLayers(t.mesh, t.detail, layers, t.grid, t.settings);
        const TileCoordinates coords(t.settings, DeriveSettings(t.settings));
        // The layers the polygons take, ascending: one tile each.
        std::set<std::uint16_t> used;
        for (const MeshPolygon& p : t.mesh.polygons) used.insert(layers[p.region]);
        RC_ASSERT(tiles.size() == used.size());
        std::size_t polygons = 0;
        auto layer = used.begin();
        for (const auto& tile : tiles) {
          RC_ASSERT(tile.layer() == *layer);
          RC_ASSERT(tile.tileX() == t.grid.tileX);
          RC_ASSERT(tile.tileZ() == t.grid.tileZ);
          // Its polygons: those of the layer in mesh order; its vertices the
          // used ones in ascending mesh index.
          std::vector<std::size_t> members;
          std::set<std::uint32_t> vertices;
          for (std::size_t p = 0; p < t.mesh.polygons.size(); ++p) {
            if (layers[t.mesh.polygons[p].region] != *layer) continue;
            members.push_back(p);
            for (const PolyCorner& c : t.mesh.polygons[p].corners) vertices.insert(c.vertex);
          }
          RC_ASSERT(tile.polygons().size() == members.size());
          RC_ASSERT(tile.vertices().size() == vertices.size());
          std::vector<std::uint32_t> order(vertices.begin(), vertices.end());
          for (std::size_t k = 0; k < order.size(); ++k) {
            const PolyVertex& v = t.mesh.vertices[order[k]];
            RC_ASSERT(
                tile.vertices()[k] ==
                (onepath::navmesh::TileVertex{
                    coords.Local(v.x), coords.LocalY(v.y, t.detail.minRow), coords.Local(v.z)}));
          }
          for (std::size_t i = 0; i < members.size(); ++i) {
            const MeshPolygon& mp = t.mesh.polygons[members[i]];
            const auto& np = tile.polygons()[i];
            RC_ASSERT(np.vertices.size() == mp.corners.size());
            for (std::size_t k = 0; k < np.vertices.size(); ++k)
              RC_ASSERT(order[np.vertices[k]] == mp.corners[k].vertex);
            RC_ASSERT(np.area == (mp.area == 63 ? t.settings.Area : mp.area));
            RC_ASSERT(np.flags == t.settings.Flags);
            const DetailPolygon& d = t.detail.polygons[members[i]];
            RC_ASSERT(tile.detailPolygons()[i].vertexCount == d.vertexCount);
            RC_ASSERT(tile.detailPolygons()[i].triangleCount == d.triangleCount);
            for (std::uint32_t k = 0; k < d.triangleCount; ++k)
              RC_ASSERT(tile.detailTriangles()[tile.detailPolygons()[i].triangleBase + k] ==
                        t.detail.triangles[d.triangleBase + k]);
          }
          polygons += members.size();
          // nav.assemble: an edge links to a polygon exactly when its pair
          // of indices occurs twice in the tile, reversed, in another
          // polygon; otherwise it is a portal exactly when both corners
          // lie bitwise on a side (first side in order), else a wall.
          std::map<std::pair<int, int>, int> pairs;
          const auto& tp = tile.polygons();
          for (const auto& p : tp)
            for (std::size_t k = 0; k < p.vertices.size(); ++k) {
              const int a = p.vertices[k], b = p.vertices[(k + 1) % p.vertices.size()];
              ++pairs[{std::min(a, b), std::max(a, b)}];
            }
          const auto bits = [](float f) { return std::bit_cast<std::uint32_t>(f); };
          for (std::size_t q = 0; q < tp.size(); ++q) {
            const auto& p = tp[q];
            for (std::size_t k = 0; k < p.vertices.size(); ++k) {
              const int a = p.vertices[k], b = p.vertices[(k + 1) % p.vertices.size()];
              int reversedIn = -1;
              for (std::size_t o = 0; o < tp.size(); ++o)
                for (std::size_t j = 0; j < tp[o].vertices.size(); ++j)
                  if (o != q && tp[o].vertices[j] == b &&
                      tp[o].vertices[(j + 1) % tp[o].vertices.size()] == a)
                    reversedIn = static_cast<int>(o);
              const auto& link = p.links[k];
              if (pairs[{std::min(a, b), std::max(a, b)}] == 2 && reversedIn >= 0) {
                RC_ASSERT(link.kind == onepath::navmesh::kLinkPolygon);
                RC_ASSERT(link.value == static_cast<std::uint32_t>(reversedIn));
                continue;
              }
              const auto& va = tile.vertices()[a];
              const auto& vb = tile.vertices()[b];
              const std::uint32_t zero = bits(0.0f), size = bits(tile.tileSize());
              int side = -1;
              if (bits(va.x) == zero && bits(vb.x) == zero)
                side = 0;
              else if (bits(va.z) == zero && bits(vb.z) == zero)
                side = 1;
              else if (bits(va.x) == size && bits(vb.x) == size)
                side = 2;
              else if (bits(va.z) == size && bits(vb.z) == size)
                side = 3;
              if (side < 0) {
                RC_ASSERT(link.kind == onepath::navmesh::kLinkWall);
              } else {
                RC_ASSERT(link.kind == onepath::navmesh::kLinkPortal);
                RC_ASSERT(link.value == static_cast<std::uint32_t>(side));
              }
            }
          }
          // The bytes round-trip.
          const auto bytes = onepath::navmesh::Serialize(tile);
          RC_ASSERT(onepath::navmesh::Deserialize(bytes) == tile);
          RC_ASSERT(onepath::navmesh::Serialize(onepath::navmesh::Deserialize(bytes)) == bytes);
          ++layer;
        }
        RC_ASSERT(polygons == t.mesh.polygons.size());
      },
      500);
}

// ---------------------------------------------------------------------------
// Differential: RegionLayers against the brute-force oracle written from
// the clause's text (oracles/boost_mp/tile_layers_bruteforce.hpp).

namespace {

onepath::oracle::BfLayerInput OracleInput(const BuiltTile& t, bool layers) {
  onepath::oracle::BfLayerInput in;
  in.width = t.compact.width();
  in.depth = t.compact.depth();
  in.borderId = t.cut.borderId;
  in.layersPartition = layers;
  for (std::size_t c = 0; c < t.compact.columnCount(); ++c) {
    std::vector<onepath::oracle::BfLayerSpan> column;
    for (std::size_t s = t.compact.ColumnStart(c); s < t.compact.ColumnStart(c + 1); ++s) {
      onepath::oracle::BfLayerSpan b;
      b.region = t.cut.regions[s];
      for (int d = 0; d < 4; ++d)
        b.con[d] = t.compact.spans()[s].con[d] == 63 ? -1 : t.compact.spans()[s].con[d];
      column.push_back(b);
    }
    in.columns.push_back(std::move(column));
  }
  return in;
}

// The first id whose layers differ, or -1.
std::int64_t FirstDifference(const std::vector<std::uint16_t>& ours,
                             const std::vector<std::int64_t>& oracle) {
  if (ours.size() != oracle.size()) return 0;
  for (std::size_t r = 0; r < ours.size(); ++r)
    if (ours[r] != oracle[r]) return static_cast<std::int64_t>(r);
  return -1;
}

}  // namespace

TEST(TileLayersDifferential, AgreesWithTheBruteForceOracle) {
  CLAUSE("b3d.tile-layers");
  // Every level tile, then generated ones.
  for (const BuiltTile& t : LevelTiles()) {
    const auto ours = RegionLayers(t.compact, t.cut, t.settings, t.grid.tileX, t.grid.tileZ);
    const auto oracle = onepath::oracle::BfRegionLayers(OracleInput(t, true));
    ASSERT_FALSE(oracle.error);
    ASSERT_EQ(FirstDifference(ours, oracle.layers), -1)
        << "level tile " << t.grid.tileX << "," << t.grid.tileZ;
  }
  CheckProperty(
      [] {
        const BuiltTile t = AnyTile();
        if (t.cut.regions.empty()) return;
        const auto ours = RegionLayers(t.compact, t.cut, t.settings, t.grid.tileX, t.grid.tileZ);
        const auto oracle = onepath::oracle::BfRegionLayers(OracleInput(t, true));
        RC_ASSERT(!oracle.error);
        RC_ASSERT(FirstDifference(ours, oracle.layers) == -1);
      },
      300);
}

// Negative controls: a planted wrong layer is caught; and an oracle that
// ignores the neighbours' layers (the lowest free layer always) disagrees
// with the reference on some tile (the comparison can fail), while
// agreeing on ids 0 and borderId.
TEST(TileLayersDifferential, NegativeControls) {
  CLAUSE("b3d.tile-layers");
  std::size_t caught = 0, mutantDiffers = 0, tiles = 0;
  for (const BuiltTile& t : LevelTiles()) {
    auto ours = RegionLayers(t.compact, t.cut, t.settings, t.grid.tileX, t.grid.tileZ);
    const auto oracle = onepath::oracle::BfRegionLayers(OracleInput(t, true));
    if (ours.size() > 2) {
      ++tiles;
      const std::size_t r = ours.size() / 2;  // an id of 1 .. borderId - 1
      ours[r] = static_cast<std::uint16_t>(ours[r] + 1);
      if (FirstDifference(ours, oracle.layers) == static_cast<std::int64_t>(r)) ++caught;
      ours[r] = static_cast<std::uint16_t>(ours[r] - 1);
    }
  }
  EXPECT_GT(tiles, 0u);
  EXPECT_EQ(caught, tiles);
  // The mutant on the generated tiles (the level tiles of size 16 never
  // need a neighbour's layer over the lowest free one).
  static std::size_t differs = 0;
  CheckProperty(
      [] {
        const BuiltTile t = AnyTile();
        if (t.cut.regions.empty()) return;
        const auto ours = RegionLayers(t.compact, t.cut, t.settings, t.grid.tileX, t.grid.tileZ);
        const auto mutant = onepath::oracle::BfRegionLayers(
            OracleInput(t, true), onepath::oracle::BfLayerRule::kLowestFree);
        if (FirstDifference(ours, mutant.layers) != -1) ++differs;
      },
      300);
  mutantDiffers = differs;
  EXPECT_GT(mutantDiffers, 0u);
}
