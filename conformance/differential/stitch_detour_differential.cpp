// Portal stitching (nav.stitch) against Detour (oracles/detour/
// nav_to_detour.*, Debian's librecast-dev) on random multi-tile fan meshes
// (conformance/generators/stitch_meshes.hpp): per portal edge, the same
// linked polygons of the same tiles, and the same intervals within
// Detour's quantization. Detour's differences of nav.stitch.detour are
// modelled and counted by kind, never hidden:
//  - "short overlap" (2.): a link of ours whose overlap is at most 0.02
//    may be absent from Detour (counted when absent);
//  - "one per polygon" (4.): of our links from one edge to one polygon,
//    Detour keeps one, through the polygon's first edge (in edge order)
//    it links; the others are counted;
//  - "four per edge" (4.): of the polygons of one neighbouring tile an
//    edge links to, Detour keeps the first four in polygon order; the rest
//    are counted.
// Anything else is a mismatch and fails the test. ("At most 0.02" is
// taken as at most 0.0201: Detour's test runs in binary32.) Intervals:
// Detour's bytes are trunc(255 t) (librecast-dev; Recast 1.6.0 rounds) of
// the fraction t of the edge from its first corner, computed in binary32
// on binary32 world positions. With t ours (exact, then one binary64
// division) a byte b agrees when
//   255 t - 1 - delta < b <= 255 t + delta,
//   delta = 1/16 + 255 * 2^-16 * W / L,
// W >= 1 the larger magnitude of the edge's two world along coordinates,
// L its length: the world positions are rounded to binary32 (relative error
// 2^-24 each, four of them in t's difference quotient, plus the quotient's
// and the product's own roundings, all within the 1/16). Cases where
// rounding would give another byte than truncation are counted
// ("1.6.0 rounding").
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "conformance/differential/stitch_detour_compare.hpp"
#include "conformance/generators/stitch_meshes.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/navmesh.hpp"
#include "oracles/detour/nav_to_detour.hpp"

namespace {

using namespace onepath::navmesh;
using onepath::conformance::RandomStitchMesh;
using onepath::conformance::StitchMesh;
using onepath::conformance::ToDetour;
using Counts = onepath::conformance::StitchCounts;

void Compare(const NavMesh& mesh, const std::vector<PortalLink>& ours,
             const std::vector<detour_oracle::Link>& theirs, std::uint64_t seed, Counts& c,
             bool quiet = false) {
  onepath::conformance::CompareStitch(mesh, ours, theirs, seed, c, quiet);
}

constexpr int kMeshes = 20000;

detour_oracle::Outcome RunDetour(const StitchMesh& generated, std::uint64_t seed) {
  std::vector<detour_oracle::Tile> tiles;
  for (const NavTile& t : generated.tiles) tiles.push_back(ToDetour(t));
  std::mt19937_64 rng(seed);
  std::shuffle(tiles.begin(), tiles.end(), rng);  // Detour's result must not depend on it
  const NavTile& first = generated.tiles.front();
  const double gridX = first.origin().x - first.tileX() * double{first.tileSize()};
  const double gridZ = first.origin().z - first.tileZ() * double{first.tileSize()};
  return detour_oracle::StitchWithDetour(tiles, generated.climb, gridX, gridZ);
}

NavMesh MeshOf(const StitchMesh& generated) {
  NavMesh mesh;
  for (const NavTile& t : generated.tiles) mesh.AddTile(t);
  return mesh;
}

TEST(StitchDetourDifferential, RandomMeshes) {
  CLAUSE("nav.stitch nav.stitch.candidates nav.stitch.overlap nav.stitch.vertical");
  Counts c;
  for (std::uint64_t seed = 0; seed < kMeshes; ++seed) {
    const StitchMesh generated = RandomStitchMesh(seed);
    if (generated.tiles.empty()) continue;
    const NavMesh mesh = MeshOf(generated);
    const std::vector<PortalLink> ours = Stitch(mesh, generated.climb);
    const detour_oracle::Outcome detour = RunDetour(generated, seed);
    ASSERT_TRUE(detour.error.empty()) << "seed " << seed << ": " << detour.error;
    ++c.meshes;
    c.ourLinks += static_cast<long>(ours.size());
    c.detourLinks += static_cast<long>(detour.links.size());
    Compare(mesh, ours, detour.links, seed, c);
  }
  std::printf(
      "stitch vs Detour: %ld meshes, %ld links of ours, %ld of Detour, %ld links compared, "
      "%ld mismatches; links of ours Detour does not make: %ld short overlaps (<= 0.02) of "
      "polygons it does not link, %ld short overlaps before the edge it links the polygon "
      "through, %ld further edges of one polygon (one link per polygon), %ld to polygons "
      "beyond four per edge; %ld interval ends where 1.6.0's rounding gives another byte than "
      "librecast-dev's truncation\n",
      c.meshes, c.ourLinks, c.detourLinks, c.compared, c.mismatches, c.shortOverlap, c.shortBefore,
      c.onePerPolygon, c.fourPerEdge, c.rounding);
  // Every link is accounted for: compared, or one of the kinds.
  EXPECT_EQ(c.ourLinks,
            c.compared + c.shortOverlap + c.shortBefore + c.onePerPolygon + c.fourPerEdge);
  EXPECT_EQ(c.detourLinks, c.compared);
  EXPECT_EQ(c.mismatches, 0);
  EXPECT_GT(c.compared, 10000);
}

TEST(StitchDetourDifferential, NegativeControls) {
  // A link removed (with its reverse), an interval shifted by half its
  // length on an edge where that is more than a few bytes, a link added:
  // each must be caught.
  int attempts = 0, removed = 0, shifted = 0, shiftAttempts = 0, added = 0;
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    const StitchMesh generated = RandomStitchMesh(seed);
    if (generated.tiles.empty()) continue;
    const NavMesh mesh = MeshOf(generated);
    const std::vector<PortalLink> ours = Stitch(mesh, generated.climb);
    if (ours.empty()) continue;
    const detour_oracle::Outcome detour = RunDetour(generated, seed);
    ASSERT_TRUE(detour.error.empty());
    ++attempts;
    {
      std::vector<PortalLink> planted;
      const PortalLink& gone = ours[ours.size() / 2];
      for (const PortalLink& l : ours) {
        if (!(l == gone) &&
            !(l.from == gone.to && l.polygon == gone.toPolygon && l.edge == gone.toEdge &&
              l.to == gone.from && l.toPolygon == gone.polygon))
          planted.push_back(l);
      }
      Counts c;
      Compare(mesh, planted, detour.links, seed, c, true);
      removed += c.mismatches > 0;
    }
    for (std::size_t i = 0; i < ours.size(); ++i) {
      if (ours[i].hi - ours[i].lo < 0.5f) continue;
      std::vector<PortalLink> planted = ours;
      planted[i].hi = planted[i].lo + (planted[i].hi - planted[i].lo) / 2;
      ++shiftAttempts;
      Counts c;
      Compare(mesh, planted, detour.links, seed, c, true);
      shifted += c.mismatches > 0;
      break;
    }
    {
      std::vector<PortalLink> planted = ours;
      PortalLink extra = ours.front();
      extra.toPolygon += 1000;
      planted.push_back(extra);
      Counts c;
      Compare(mesh, planted, detour.links, seed, c, true);
      added += c.mismatches > 0;
    }
  }
  // Every removal and addition is caught; a shift is missed only where the
  // link is not one Detour keeps (an extra edge of one polygon).
  EXPECT_GE(attempts, 20);
  EXPECT_EQ(removed, attempts);
  EXPECT_EQ(added, attempts);
  EXPECT_GE(shifted, shiftAttempts * 3 / 4);
  std::printf("negative controls caught: %d of %d removed, %d of %d shifted, %d of %d added\n",
              removed, attempts, shifted, shiftAttempts, added, attempts);
}

}  // namespace
