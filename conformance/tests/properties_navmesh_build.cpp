// RapidCheck properties of NavMesh::Build end to end
// (docs/spec/build3d-tiles.md, b3d.build, b3d.build.parallel; the tiles it
// makes, docs/spec/navmesh-format.md, nav.create, nav.stitch), on small
// generated levels (conformance/generators/levels.hpp, every kind, sizes
// 16 and 32, the four RegionLevelSettings presets with their tile sizes
// halved now and then for more tiles) and on random heightfields
// (conformance/generators/build3d_fields.hpp). Why each holds, from the
// text:
//  - nav.create: NavMesh::Build adds only tiles made by NavTile::Create
//    (b3d.tile-data), so every tile passes Create again from its own
//    fields, giving an equal tile; Deserialize(Serialize(t)) = t
//    (nav.serialize, nav.deserialize).
//  - nav.stitch: every portal edge E of tile (x, z, l) on side s falls in
//    exactly one of these classes, which the test counts:
//      linked:   Stitch(mesh, climb) has a link from E;
//      outer:    no tile at all at the neighbouring position of s
//                (nav.stitch.candidates: x - 1, z - 1, x + 1, z + 1 for
//                sides 0 .. 3): E lies on the mesh's outer boundary;
//      bare:     tiles are there, but none of their portal edges on the
//                opposite side overlaps E (nav.stitch.overlap: no
//                positive-length interval in common): the neighbour has
//                nothing walkable that reaches E's stretch of the side
//                (a wall, a hole or erosion there);
//      apart:    overlapping portal edges are there, but each is beyond
//                the vertical tolerance at both ends of the overlap
//                (nav.stitch.vertical: d(lo), d(hi) both above 2 climb,
//                or both below -2 climb), evaluated here in binary64,
//                with a margin of 1e-9 x (1 + the largest magnitude):
//                an edge within the margin fails the property rather than
//                being trusted to rounding.
//    A portal edge in none of these (overlapping neighbours within the
//    tolerance, and no link) is a missing partner: a defect of Stitch or
//    of the tile data. climb = f32(AgentMaxClimb), the world climb a
//    built mesh is stitched with (nav.stitch).
//  - b3d.build (BuildOptions.only): each tile depends on the input and
//    the settings only, so a build of part of the range gives, for every
//    position in the part, the whole build's tiles there byte for byte,
//    and nothing else.
//  - b3d.build.parallel: 1, 2 and 8 threads give identical bytes.
#include <rapidcheck.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "conformance/generators/build3d_fields.hpp"
#include "conformance/generators/levels.hpp"
#include "conformance/tests/check_property.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/build3d.hpp"
#include "onepath/navmesh.hpp"

namespace {

using namespace onepath::navmesh;
namespace b3 = onepath::build3d;
namespace gen = onepath::gen;
using onepath::proptest::CheckProperty;

// The portal-edge counts over all cases, by class (see the top).
struct PortalCounts {
  std::size_t linked = 0, outer = 0, bare = 0, apart = 0;
};

// A small build input: a soup of a generated level or a random heightfield.
struct BuildCase {
  bool level = true;
  b3::TriangleSoup soup;
  b3::HeightfieldInput field;
  b3::NavSettings settings;
  b3::TileRange range;
};

BuildCase RandomCase() {
  BuildCase c;
  const std::vector<b3::NavSettings> presets = gen::RegionLevelSettings();
  c.settings = presets[*rc::gen::inRange<std::size_t>(0, presets.size())];
  c.settings.Partition =
      *rc::gen::element(b3::Partition::Watershed, b3::Partition::Monotone, b3::Partition::Layers);
  const b3::DerivedSettings d = b3::DeriveSettings(c.settings);
  c.level = *rc::gen::arbitrary<bool>();
  if (c.level) {
    gen::LevelOptions options;
    const auto kinds = gen::AllLevelKinds();
    options.kind = kinds[*rc::gen::inRange<std::size_t>(0, kinds.size())];
    options.size = *rc::gen::element(16, 32);
    options.seed = *rc::gen::inRange<std::uint64_t>(1, 5);
    RC_TAG(gen::LevelKindName(options.kind));
    // Half the tile now and then: more tiles, more portals (still whole cells).
    if (*rc::gen::arbitrary<bool>())
      c.settings.TileSize = std::max(1, d.tileCells / 2) * c.settings.CellSize;
    c.soup = gen::ToSoup(gen::MakeLevel(options).soup);
    c.range = b3::SoupTiles(c.soup, c.settings);
  } else {
    RC_TAG("heightfield");
    std::mt19937_64 random(*rc::gen::arbitrary<std::uint64_t>());
    const int tileCells = *rc::gen::inRange(4, 13);
    c.field = gen::RandomHeightfield(random, tileCells);
    c.settings.TileSize = tileCells * c.settings.CellSize;
    c.range = b3::VoxelTiles(c.field.width, c.field.depth, b3::DeriveSettings(c.settings));
  }
  return c;
}

NavMesh Build(const BuildCase& c, const BuildOptions& options = {}) {
  return c.level ? NavMesh::Build(c.soup, {}, c.settings, options)
                 : NavMesh::Build(c.field, {}, c.settings, options);
}

std::vector<std::vector<std::uint8_t>> MeshBytes(const NavMesh& mesh) {
  std::vector<std::vector<std::uint8_t>> out;
  for (const NavTile* tile : mesh.Tiles()) out.push_back(Serialize(*tile));
  return out;
}

// A portal edge: its side, along range a0 < a1 and the world heights of
// its corners at a0 and a1 (binary64: originY + y).
struct Portal {
  std::uint32_t side;
  float a0, a1;
  double y0, y1;
};

Portal PortalOf(const NavTile& tile, const NavPolygon& p, std::size_t k) {
  const TileVertex& u = tile.vertices()[p.vertices[k]];
  const TileVertex& v = tile.vertices()[p.vertices[(k + 1) % p.vertices.size()]];
  const std::uint32_t side = p.links[k].value;
  const bool alongZ = side == kSideX0 || side == kSideXMax;
  const float tu = alongZ ? u.z : u.x, tv = alongZ ? v.z : v.x;
  const double oy = tile.origin().y;
  return tu < tv ? Portal{side, tu, tv, oy + u.y, oy + v.y}
                 : Portal{side, tv, tu, oy + v.y, oy + u.y};
}

// The height of a portal's line at along coordinate t (binary64).
double HeightAt(const Portal& e, float t) {
  return e.y0 + (e.y1 - e.y0) * ((static_cast<double>(t) - e.a0) / (e.a1 - e.a0));
}

void CheckPortals(const NavMesh& mesh, float climb, PortalCounts& counts) {
  const std::vector<PortalLink> links = Stitch(mesh, climb);
  std::set<std::tuple<TileKey, std::uint32_t, std::uint8_t>> linked;
  for (const PortalLink& l : links) linked.insert({l.from, l.polygon, l.edge});
  const std::vector<const NavTile*> tiles = mesh.Tiles();
  for (const NavTile* tile : tiles) {
    for (std::uint32_t pi = 0; pi < tile->polygons().size(); ++pi) {
      const NavPolygon& p = tile->polygons()[pi];
      for (std::size_t k = 0; k < p.vertices.size(); ++k) {
        if (p.links[k].kind != kLinkPortal) continue;
        if (linked.count({KeyOf(*tile), pi, static_cast<std::uint8_t>(k)})) {
          ++counts.linked;
          continue;
        }
        const Portal e = PortalOf(*tile, p, k);
        const std::int64_t nx = tile->tileX() + (e.side == kSideX0 ? -1 : e.side == kSideXMax),
                           nz = tile->tileZ() + (e.side == kSideZ0 ? -1 : e.side == kSideZMax);
        const std::uint32_t opposite = (e.side + 2) % 4;
        bool neighbour = false, overlap = false;
        for (const NavTile* other : tiles) {
          if (other->tileX() != nx || other->tileZ() != nz) continue;
          neighbour = true;
          for (const NavPolygon& q : other->polygons())
            for (std::size_t j = 0; j < q.vertices.size(); ++j) {
              if (q.links[j].kind != kLinkPortal || q.links[j].value != opposite) continue;
              const Portal f = PortalOf(*other, q, j);
              const float lo = std::max(e.a0, f.a0), hi = std::min(e.a1, f.a1);
              if (!(lo < hi)) continue;
              overlap = true;
              // nav.stitch.vertical, in binary64 with a margin.
              const double dLo = HeightAt(f, lo) - HeightAt(e, lo);
              const double dHi = HeightAt(f, hi) - HeightAt(e, hi);
              const double tol = 2.0 * climb;
              const double margin = 1e-9 * (1.0 + std::max({std::abs(e.y0), std::abs(e.y1),
                                                            std::abs(f.y0), std::abs(f.y1)}));
              const bool apart = (dLo > tol + margin && dHi > tol + margin) ||
                                 (dLo < -tol - margin && dHi < -tol - margin);
              RC_ASSERT(apart);  // else a missing partner (or too close to call)
            }
        }
        if (!neighbour)
          ++counts.outer;
        else if (!overlap)
          ++counts.bare;
        else
          ++counts.apart;
      }
    }
  }
}

}  // namespace

TEST(NavMeshBuildProperties, TilesAreValidAndPortalsHavePartnersOrLieOnTheBoundary) {
  CLAUSE("b3d.build nav.create nav.serialize nav.deserialize nav.stitch");
  PortalCounts counts;
  std::size_t tiles = 0;
  CheckProperty(
      [&] {
        const BuildCase c = RandomCase();
        const NavMesh mesh = Build(c);
        for (const NavTile* tile : mesh.Tiles()) {
          ++tiles;
          const NavTile again = NavTile::Create(tile->tileX(), tile->tileZ(), tile->layer(),
                                                tile->origin(), tile->tileSize(), tile->vertices(),
                                                tile->polygons(), tile->detailPolygons(),
                                                tile->detailVertices(), tile->detailTriangles());
          RC_ASSERT(again == *tile);
          RC_ASSERT(Deserialize(Serialize(*tile)) == *tile);
        }
        CheckPortals(mesh, static_cast<float>(c.settings.AgentMaxClimb), counts);
      },
      100);
  RecordProperty("tiles", static_cast<int>(tiles));
  RecordProperty("portals_linked", static_cast<int>(counts.linked));
  RecordProperty("portals_outer", static_cast<int>(counts.outer));
  RecordProperty("portals_bare", static_cast<int>(counts.bare));
  RecordProperty("portals_apart", static_cast<int>(counts.apart));
  std::printf("tiles %zu; portal edges: %zu linked, %zu outer, %zu bare, %zu apart\n", tiles,
              counts.linked, counts.outer, counts.bare, counts.apart);
  // The generators make multi-tile meshes with links and outer edges.
  EXPECT_GT(counts.linked, 100u);
  EXPECT_GT(counts.outer, 10u);
}

TEST(NavMeshBuildProperties, PartsAndThreadCountsGiveTheSameBytes) {
  CLAUSE("b3d.build b3d.build.parallel");
  std::size_t compared = 0;
  CheckProperty(
      [&] {
        const BuildCase c = RandomCase();
        const NavMesh whole = Build(c);
        const auto bytes = MeshBytes(whole);
        RC_ASSERT(MeshBytes(Build(c, {.Threads = 2})) == bytes);
        RC_ASSERT(MeshBytes(Build(c, {.Threads = 8})) == bytes);
        // A random part of the range (possibly reaching beyond it).
        const std::int64_t x0 = *rc::gen::inRange(c.range.x0 - 1, c.range.x1 + 1);
        const std::int64_t z0 = *rc::gen::inRange(c.range.z0 - 1, c.range.z1 + 1);
        const b3::TileRange part{x0, x0 + *rc::gen::inRange(0, 3), z0,
                                 z0 + *rc::gen::inRange(0, 3)};
        const NavMesh some = Build(c, {.Threads = *rc::gen::element(1, 2), .only = part});
        std::size_t expected = 0;
        for (const NavTile* tile : whole.Tiles()) {
          if (!part.Contains(tile->tileX(), tile->tileZ())) continue;
          ++expected;
          const NavTile* same = some.Find(tile->tileX(), tile->tileZ(), tile->layer());
          RC_ASSERT(same != nullptr);
          RC_ASSERT(Serialize(*same) == Serialize(*tile));
        }
        RC_ASSERT(some.size() == expected);
        compared += expected;
      },
      60);
  RecordProperty("part_tiles_compared", static_cast<int>(compared));
  std::printf("tiles of parts compared with the whole build: %zu\n", compared);
  EXPECT_GT(compared, 20u);
}
