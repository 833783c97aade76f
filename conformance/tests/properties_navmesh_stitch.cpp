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
//    tiles were added in;
//  - nav.stitch.vertical: on two tiles with random heights, origins (tiny,
//    subnormal, huge, 0.1-like) and climbs, often exactly at the threshold,
//    the links are those the clause's formula gives in exact rational
//    arithmetic (Boost.Multiprecision's cpp_rational, an independent
//    evaluation of the text).
#include <rapidcheck.h>

#include <algorithm>
#include <boost/multiprecision/cpp_int.hpp>
#include <cmath>
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
using boost::multiprecision::cpp_int;
using boost::multiprecision::cpp_rational;
using onepath::conformance::FanTileSpec;
using onepath::conformance::MakeFanTile;
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

// A finite double as the exact rational it denotes.
cpp_rational Exact(double d) {
  if (d == 0) return cpp_rational(0);
  int e = 0;
  const double m = std::frexp(d, &e);
  const cpp_int mantissa = static_cast<std::int64_t>(std::ldexp(m, 53));
  const int shift = e - 53;
  if (shift >= 0) return cpp_rational(cpp_int(mantissa << shift));
  return cpp_rational(mantissa, cpp_int(cpp_int(1) << -shift));
}

// An origin: 0, a small multiple of 1/4, 0.1 or 1.1, a subnormal, a huge
// value, or (for the second) the first plus a tiny amount.
double RandomOrigin() {
  switch (*rc::gen::inRange(0, 7)) {
    case 0:
      return 0.0;
    case 1:
      return 0.25 * *rc::gen::inRange(-40, 41);
    case 2:
      return *rc::gen::element(0.1, 1.1, -0.1, 2.1);
    case 3:
      return std::ldexp(static_cast<double>(*rc::gen::inRange(1, 9)), -1074);
    case 4:
      return std::ldexp(static_cast<double>(*rc::gen::inRange(-9, 10)),
                        *rc::gen::inRange(900, 1020));
    case 5:
      return std::ldexp(static_cast<double>(*rc::gen::inRange(-9, 10)),
                        *rc::gen::inRange(-600, -300));
    default:
      return 1e-3 * *rc::gen::inRange(-5000, 5000);
  }
}

float RandomHeight() {
  switch (*rc::gen::inRange(0, 3)) {
    case 0:
      return 0.25f * static_cast<float>(*rc::gen::inRange(-12, 13));
    case 1:
      return static_cast<float>(*rc::gen::inRange(-1000, 1000)) / 997.0f;
    default:
      return std::ldexp(1.0f, *rc::gen::inRange(-140, 22)) *
             (*rc::gen::arbitrary<bool>() ? 1.0f : -1.0f);
  }
}

TEST(NavStitchProperties, VerticalTestIsTheClauseInRationals) {
  CLAUSE("nav.stitch.vertical");
  CheckProperty(
      [] {
        // Tile (0,0): side 2 one edge, z 0 .. 4, heights ya0 (z = 0), ya1
        // (z = 4). Tile (1,0): side 0 split at p, heights yb0, ybp, yb4;
        // its polygons 0 ([0, p]) and 1 ([p, 4]).
        const float climb = *rc::gen::element(0.0f, 0.25f, 0.5f, 0.3f, 1e-30f);
        const double oa = RandomOrigin();
        const double ob = *rc::gen::inRange(0, 4) == 0 ? oa : RandomOrigin();
        const float p = *rc::gen::element(1.0f, 2.0f, 0.1f, 3.75f, 1e-3f);
        const float ya0 = RandomHeight(), ya1 = RandomHeight();
        float yb0 = RandomHeight(), ybp = RandomHeight(), yb4 = RandomHeight();
        // Often exactly at the threshold: yb0 = ya0 + 2 climb (rounded).
        if (*rc::gen::inRange(0, 3) == 0) yb0 = ya0 + 2 * climb;
        if (*rc::gen::inRange(0, 3) == 0) ybp = ya0 - 2 * climb;
        FanTileSpec a, b;
        a.origin = {0.0, oa, 0.0};
        b.tileX = 1;
        b.origin = {4.0, ob, 0.0};
        b.sidePoints[0] = {p};
        a.localY = [=](float x, float z) {
          return x == 4.0f ? (z == 0.0f ? ya0 : z == 4.0f ? ya1 : 0.0f) : 0.0f;
        };
        b.localY = [=](float x, float z) {
          return x == 0.0f ? (z == 0.0f ? yb0 : z == p ? ybp : z == 4.0f ? yb4 : 0.0f) : 0.0f;
        };
        NavMesh mesh;
        mesh.AddTile(MakeFanTile(a));
        mesh.AddTile(MakeFanTile(b));
        std::set<std::uint32_t> linked;
        for (const PortalLink& l : Stitch(mesh, climb)) {
          if (l.from == TileKey{0, 0, 0}) linked.insert(l.toPolygon);
        }
        // The clause: hA(t) = oa + ya0 + (ya1 - ya0) t / 4; hB on [b0, b1]
        // likewise; d = hB - hA; linked unless d > 2c at both ends of the
        // overlap or d < -2c at both.
        auto q = [](double v) { return Exact(v); };
        const cpp_rational k = 2 * q(climb);
        auto ha = [&](const cpp_rational& t) { return q(oa) + q(ya0) + (q(ya1) - q(ya0)) * t / 4; };
        auto hb = [&](const cpp_rational& t, float b0, float b1, float y0, float y1) {
          return q(ob) + q(y0) + (q(y1) - q(y0)) * (t - q(b0)) / (q(b1) - q(b0));
        };
        auto expectLink = [&](float b0, float b1, float y0, float y1) {
          const cpp_rational dlo = hb(q(b0), b0, b1, y0, y1) - ha(q(b0));
          const cpp_rational dhi = hb(q(b1), b0, b1, y0, y1) - ha(q(b1));
          return !((dlo > k && dhi > k) || (dlo < -k && dhi < -k));
        };
        std::set<std::uint32_t> expected;
        if (expectLink(0.0f, p, yb0, ybp)) expected.insert(0);
        if (expectLink(p, 4.0f, ybp, yb4)) expected.insert(1);
        RC_TAG(expected.size());
        RC_ASSERT(linked == expected);
      },
      3000);
}

}  // namespace
