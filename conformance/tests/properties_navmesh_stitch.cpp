// RapidCheck properties of portal stitching (docs/spec/navmesh-format.md,
// nav.stitch) on random multi-tile fan meshes
// (conformance/generators/stitch_meshes.hpp). Why each holds, from the text:
//  - nav.stitch: the three conditions are symmetric in the two edges, so
//    every link's reverse is a link with the same [lo, hi];
//  - nav.stitch.overlap: lo < hi, and lo, hi are corners' along
//    coordinates within both edges' ranges;
//  - nav.stitch.candidates: links only between portal edges of opposite
//    sides of tiles at neighbouring positions (side 2 of x to side 0 of
//    x + 1, side 3 of z to side 1 of z + 1, and back);
//  - nav.stitch.order: sorted and without repeats, whatever the order the
//    tiles were added in.
#include <rapidcheck.h>

#include <algorithm>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "conformance/generators/stitch_meshes.hpp"
#include "conformance/tests/check_property.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/navmesh.hpp"

namespace {

using namespace onepath::navmesh;
using onepath::conformance::RandomStitchMesh;
using onepath::conformance::StitchMesh;
using onepath::proptest::CheckProperty;

NavMesh MeshOf(const std::vector<NavTile>& tiles) {
  NavMesh mesh;
  for (const NavTile& t : tiles) mesh.AddTile(t);
  return mesh;
}

auto Key(const PortalLink& l) {
  return std::tie(l.from, l.polygon, l.edge, l.to, l.toPolygon, l.toEdge);
}

// The side and along range [a0, a1] of a portal edge, read from the tile.
struct EdgeInfo {
  std::uint32_t side;
  float a0, a1;
};
EdgeInfo Edge(const NavMesh& mesh, TileKey key, std::uint32_t polygon, std::uint8_t edge) {
  const NavTile* tile = mesh.Find(key.tileX, key.tileZ, key.layer);
  RC_ASSERT(tile != nullptr);
  RC_ASSERT(polygon < tile->polygons().size());
  const NavPolygon& p = tile->polygons()[polygon];
  RC_ASSERT(edge < p.vertices.size());
  RC_ASSERT(p.links[edge].kind == kLinkPortal);
  const std::uint32_t side = p.links[edge].value;
  const TileVertex& u = tile->vertices()[p.vertices[edge]];
  const TileVertex& v = tile->vertices()[p.vertices[(edge + 1) % p.vertices.size()]];
  const bool alongZ = side == kSideX0 || side == kSideXMax;
  const float tu = alongZ ? u.z : u.x, tv = alongZ ? v.z : v.x;
  return {side, std::min(tu, tv), std::max(tu, tv)};
}

TEST(NavStitchProperties, LinksAreSymmetricSortedAndWithinBothEdges) {
  CLAUSE("nav.stitch nav.stitch.overlap nav.stitch.candidates nav.stitch.order");
  CheckProperty(
      [] {
        const StitchMesh generated = RandomStitchMesh(*rc::gen::arbitrary<std::uint64_t>());
        const NavMesh mesh = MeshOf(generated.tiles);
        const std::vector<PortalLink> links = Stitch(mesh, generated.climb);
        RC_TAG(links.empty() ? "no links" : "links");
        for (std::size_t i = 1; i < links.size(); ++i) RC_ASSERT(Key(links[i - 1]) < Key(links[i]));
        for (const PortalLink& l : links) {
          RC_ASSERT(l.lo < l.hi);
          const PortalLink reverse{l.to,      l.toPolygon, l.toEdge, l.from,
                                   l.polygon, l.edge,      l.lo,     l.hi};
          RC_ASSERT(std::binary_search(
              links.begin(), links.end(), reverse,
              [](const PortalLink& p, const PortalLink& q) { return Key(p) < Key(q); }));
          const auto it = std::lower_bound(
              links.begin(), links.end(), reverse,
              [](const PortalLink& p, const PortalLink& q) { return Key(p) < Key(q); });
          RC_ASSERT(*it == reverse);
          const EdgeInfo a = Edge(mesh, l.from, l.polygon, l.edge);
          const EdgeInfo b = Edge(mesh, l.to, l.toPolygon, l.toEdge);
          RC_ASSERT(a.a0 <= l.lo && l.hi <= a.a1);
          RC_ASSERT(b.a0 <= l.lo && l.hi <= b.a1);
          RC_ASSERT((a.side + 2) % 4 == b.side);
          const std::int64_t dx = std::int64_t{l.to.tileX} - l.from.tileX;
          const std::int64_t dz = std::int64_t{l.to.tileZ} - l.from.tileZ;
          switch (a.side) {
            case kSideX0:
              RC_ASSERT(dx == -1 && dz == 0);
              break;
            case kSideZ0:
              RC_ASSERT(dx == 0 && dz == -1);
              break;
            case kSideXMax:
              RC_ASSERT(dx == 1 && dz == 0);
              break;
            default:
              RC_ASSERT(dx == 0 && dz == 1);
              break;
          }
        }
      },
      300);
}

TEST(NavStitchProperties, TileOrderDoesNotMatter) {
  CLAUSE("nav.stitch.order");
  CheckProperty(
      [] {
        const StitchMesh generated = RandomStitchMesh(*rc::gen::arbitrary<std::uint64_t>());
        std::vector<NavTile> shuffled = generated.tiles;
        std::mt19937_64 rng(*rc::gen::arbitrary<std::uint64_t>());
        std::shuffle(shuffled.begin(), shuffled.end(), rng);
        RC_ASSERT(Stitch(MeshOf(generated.tiles), generated.climb) ==
                  Stitch(MeshOf(shuffled), generated.climb));
      },
      200);
}

TEST(NavStitchProperties, GeneratorMakesLinksAndTJunctions) {
  // The generator itself: over 200 seeds, links exist, some edge links to
  // two or more edges (differing boundary vertices), and some neighbouring
  // portal edges are not linked by the vertical test (a climb of 10^6
  // links more), so the properties above see every case.
  CLAUSE("nav.stitch");
  std::size_t links = 0, split = 0, unlinkedByHeight = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const StitchMesh generated = RandomStitchMesh(seed);
    const std::vector<PortalLink> all = Stitch(MeshOf(generated.tiles), generated.climb);
    links += all.size();
    unlinkedByHeight += Stitch(MeshOf(generated.tiles), 1e6f).size() - all.size();
    for (std::size_t i = 1; i < all.size(); ++i) {
      if (all[i].from == all[i - 1].from && all[i].polygon == all[i - 1].polygon &&
          all[i].edge == all[i - 1].edge) {
        ++split;
      }
    }
  }
  EXPECT_GT(links, 1000u);
  EXPECT_GT(split, 100u);
  EXPECT_GT(unlinkedByHeight, 100u);
}

}  // namespace
