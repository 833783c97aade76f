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

#include "conformance/generators/stitch_meshes.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/navmesh.hpp"
#include "oracles/detour/nav_to_detour.hpp"

namespace {

using namespace onepath::navmesh;
using onepath::conformance::RandomStitchMesh;
using onepath::conformance::StitchMesh;

constexpr int kMeshes = 20000;
constexpr double kShortOverlap = 0.0201;

detour_oracle::Tile ToDetour(const NavTile& t) {
  detour_oracle::Tile d;
  d.tileX = t.tileX();
  d.tileZ = t.tileZ();
  d.layer = t.layer();
  d.originX = t.origin().x;
  d.originY = t.origin().y;
  d.originZ = t.origin().z;
  d.tileSize = t.tileSize();
  for (const TileVertex& v : t.vertices()) d.vertices.insert(d.vertices.end(), {v.x, v.y, v.z});
  for (const NavPolygon& p : t.polygons()) {
    d.polygons.push_back(p.vertices);
    std::vector<std::int32_t> links;
    for (const EdgeLink& l : p.links) {
      links.push_back(l.kind == kLinkWall      ? -1
                      : l.kind == kLinkPolygon ? static_cast<std::int32_t>(l.value)
                                               : -2 - static_cast<std::int32_t>(l.value));
    }
    d.links.push_back(std::move(links));
  }
  return d;
}

struct Counts {
  long meshes = 0, ourLinks = 0, detourLinks = 0, compared = 0, mismatches = 0;
  long shortOverlap = 0, shortBefore = 0, onePerPolygon = 0, fourPerEdge = 0, rounding = 0;
};

using EdgeKey = std::tuple<TileKey, std::uint32_t, std::uint8_t>;  // from, polygon, edge

// Detour's expected links, modelled from ours (see the header), compared
// with Detour's own; a mismatch is reported with the seed.
void Compare(const NavMesh& mesh, const std::vector<PortalLink>& ours,
             const std::vector<detour_oracle::Link>& theirs, std::uint64_t seed, Counts& c,
             bool quiet = false) {
  // Detour's links by (from edge, to tile) -> (toPolygon -> bmin, bmax).
  std::map<std::pair<EdgeKey, TileKey>, std::map<std::uint32_t, std::pair<int, int>>> detour;
  for (const auto& l : theirs) {
    const TileKey from{l.fromX, l.fromZ, l.fromLayer}, to{l.toX, l.toZ, l.toLayer};
    auto& m = detour[{EdgeKey{from, l.polygon, l.edge}, to}];
    if (!m.emplace(l.toPolygon, std::make_pair(int{l.bmin}, int{l.bmax})).second) {
      if (!quiet) ADD_FAILURE() << "seed " << seed << ": Detour links one polygon twice";
      ++c.mismatches;
    }
  }
  // Ours grouped the same way, with every toEdge of a polygon in order.
  std::map<std::pair<EdgeKey, TileKey>, std::map<std::uint32_t, std::vector<const PortalLink*>>>
      own;
  for (const PortalLink& l : ours)
    own[{EdgeKey{l.from, l.polygon, l.edge}, l.to}][l.toPolygon].push_back(&l);

  auto mismatch = [&](const std::pair<EdgeKey, TileKey>& key, const char* what) {
    ++c.mismatches;
    if (quiet) return;
    const auto& [from, polygon, edge] = key.first;
    ADD_FAILURE() << "seed " << seed << ": " << what << " from (" << from.tileX << ", "
                  << from.tileZ << ", " << from.layer << ") polygon " << polygon << " edge "
                  << int{edge} << " to (" << key.second.tileX << ", " << key.second.tileZ << ", "
                  << key.second.layer << ")";
  };
  std::set<std::pair<EdgeKey, TileKey>> keys;
  for (const auto& [k, v] : detour) keys.insert(k);
  for (const auto& [k, v] : own) keys.insert(k);
  for (const auto& key : keys) {
    const auto& [from, polygon, edge] = key.first;
    const NavTile* tile = mesh.Find(from.tileX, from.tileZ, from.layer);
    const NavPolygon& poly = tile->polygons()[polygon];
    const std::uint32_t side = poly.links[edge].value;
    const bool alongZ = side == kSideX0 || side == kSideXMax;
    const TileVertex& va = tile->vertices()[poly.vertices[edge]];
    const TileVertex& vb = tile->vertices()[poly.vertices[(edge + 1) % poly.vertices.size()]];
    const double a0 = alongZ ? va.z : va.x, a1 = alongZ ? vb.z : vb.x;
    // The model: per polygon, Detour links through the first toEdge that
    // passes its overlap test: the first with an overlap above 0.0201, or
    // an earlier short one (which Detour may pass or not). A polygon with
    // short overlaps only may be absent.
    struct Expected {
      std::uint32_t toPolygon;
      std::vector<const PortalLink*> candidates;
    };
    const auto& got = detour[key];
    std::vector<Expected> expected;
    for (const auto& [toPolygon, links] : own[key]) {
      Expected e{toPolygon, {}};
      bool certain = false;
      for (const PortalLink* l : links) {
        if (certain) {
          ++c.onePerPolygon;
          continue;
        }
        e.candidates.push_back(l);
        certain = double{l->hi} - l->lo > kShortOverlap;
      }
      if (!certain && got.count(toPolygon) == 0) {
        c.shortOverlap += static_cast<long>(links.size());
        continue;
      }
      expected.push_back(std::move(e));
    }
    for (std::size_t i = 4; i < expected.size(); ++i) {
      c.fourPerEdge += static_cast<long>(expected[i].candidates.size());
    }
    if (expected.size() > 4) expected.resize(4);
    const double along = alongZ ? tile->origin().z : tile->origin().x;
    const double w = std::max({1.0, std::fabs(double{static_cast<float>(along + a0)}),
                               std::fabs(double{static_cast<float>(along + a1)})});
    const double delta = 1.0 / 16 + 255 * 0x1p-16 * w / std::fabs(a1 - a0);
    auto agrees = [delta](int byte, double t) {
      return byte <= 255 * t + delta && byte > 255 * t - 1 - delta;
    };
    for (const Expected& e : expected) {
      const auto it = got.find(e.toPolygon);
      if (it == got.end()) {
        mismatch(key, "a link of ours missing in Detour");
        continue;
      }
      ++c.compared;
      const PortalLink* match = nullptr;
      double t0 = 0.0, t1 = 0.0;
      for (const PortalLink* l : e.candidates) {
        t0 = (l->lo - a0) / (a1 - a0);
        t1 = (l->hi - a0) / (a1 - a0);
        if (t0 > t1) std::swap(t0, t1);
        if (agrees(it->second.first, t0) && agrees(it->second.second, t1)) {
          match = l;
          break;
        }
      }
      if (match == nullptr) {
        mismatch(key, "interval differs beyond Detour's quantization");
        if (!quiet) {
          ADD_FAILURE() << "last candidate of ours: 255 t = " << 255 * t0 << ", " << 255 * t1
                        << " on edge [" << a0 << ", " << a1 << "]; Detour bytes "
                        << it->second.first << ", " << it->second.second << "; delta " << delta;
        }
        continue;
      }
      c.shortBefore += static_cast<long>(e.candidates.size()) - 1;
      for (double t : {t0, t1}) {
        if (std::floor(255 * t) != std::round(255 * t)) ++c.rounding;
      }
    }
    // Detour's links to polygons that are not expected.
    for (const auto& [toPolygon, bytes] : got) {
      bool isExpected = false;
      for (const auto& e : expected) isExpected = isExpected || e.toPolygon == toPolygon;
      if (!isExpected) mismatch(key, "a link of Detour missing in ours");
    }
  }
}

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
