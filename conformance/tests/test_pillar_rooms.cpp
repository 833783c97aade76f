// The pillar-room generator (conformance/generators/pillar_rooms.hpp,
// docs/generators.md): every room is a valid Region.FromOutlines input
// whose region is the outer polygon minus its pillars, some areas by hand,
// the recipe's exactness promises, determinism and unique names.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <set>
#include <span>
#include <stdexcept>
#include <string>

#include "conformance/generators/pillar_rooms.hpp"
#include "conformance/generators/region_validity.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/geom2d/region.hpp"

using namespace onepath;
using onepath::Int128;

namespace {

// Twice the signed area of a ring in units of 2^-16 (SnapBits 16's grid),
// exact: the coordinates are multiples of 2^-8 (checked separately), so
// x 2^16 is an integer.
Int128 DoubledAreaAt16(const std::vector<Vector2D>& ring) {
  Int128 sum = 0;
  for (std::size_t i = 0; i < ring.size(); ++i) {
    const Vector2D a = ring[i], b = ring[(i + 1) % ring.size()];
    const auto ax = static_cast<std::int64_t>(a.x * 65536),
               ay = static_cast<std::int64_t>(a.y * 65536);
    const auto bx = static_cast<std::int64_t>(b.x * 65536),
               by = static_cast<std::int64_t>(b.y * 65536);
    sum += static_cast<Int128>(ax) * by - static_cast<Int128>(bx) * ay;
  }
  return sum;
}

Int128 Abs(Int128 v) { return v < 0 ? -v : v; }

const gen::PillarRoom& Find(const std::vector<gen::PillarRoom>& rooms, const std::string& name) {
  for (const gen::PillarRoom& r : rooms)
    if (r.name == name) return r;
  throw std::runtime_error("no room " + name);
}

geom2d::Region Build(const gen::PillarRoom& room) {
  return geom2d::Region::FromOutlines(std::span<const geom2d::Outline>(room.outlines));
}

// Units^2 to twice the area in grid units^2 at SnapBits 16.
Int128 Doubled(double unitsSquared) {
  // unitsSquared * 2^32 is an integer for every expected value used here
  // (multiples of 2^-10), and below 2^53.
  return static_cast<Int128>(unitsSquared * 0x1p32) * 2;
}

}  // namespace

TEST(PillarRooms, NamesAreUniqueAndEveryRoomHasRadii) {
  const std::vector<gen::PillarRoom> rooms = gen::MakePillarRooms();
  EXPECT_GE(rooms.size(), 6u);
  EXPECT_LE(rooms.size(), 10u);
  std::set<std::string> names;
  for (const gen::PillarRoom& r : rooms) {
    EXPECT_TRUE(names.insert(r.name).second) << r.name;
    EXPECT_FALSE(r.exercises.empty()) << r.name;
    EXPECT_FALSE(r.radii.empty()) << r.name;
    ASSERT_EQ(r.outlines.size(), 1u) << r.name;
    EXPECT_GE(r.outlines[0].rings.size(), 2u) << r.name;  // walls and at least one pillar
  }
}

TEST(PillarRooms, CoordinatesAreMultiplesOfTwoToTheMinusEightWithinRange) {
  for (const gen::PillarRoom& r : gen::MakePillarRooms())
    for (const auto& ring : r.outlines[0].rings) {
      EXPECT_GE(ring.size(), 3u) << r.name;
      for (const Vector2D& p : ring)
        for (double v : {p.x, p.y}) {
          EXPECT_EQ(std::nearbyint(v * 256), v * 256) << r.name << " " << v;
          EXPECT_LE(std::fabs(v), 0x1p21) << r.name;
        }
    }
}

TEST(PillarRooms, RegionIsTheOuterPolygonMinusThePillars) {
  CLAUSE("region.from-outlines region.area");
  for (const gen::PillarRoom& r : gen::MakePillarRooms()) {
    const geom2d::Region region = Build(r);
    ASSERT_FALSE(region.IsEmpty()) << r.name;
    const gen::RegionValidity v = gen::CheckRegionValidity(region);
    EXPECT_TRUE(v.ok()) << r.name << ": " << (v.messages.empty() ? "" : v.messages[0]);
    // Nothing is rounded at SnapBits 16, the pillars lie inside the outer
    // ring and are disjoint: the area is the outer ring's minus theirs.
    const auto& rings = r.outlines[0].rings;
    const Int128 outer = DoubledAreaAt16(rings[0]);
    EXPECT_GT(outer, 0) << r.name << ": outer ring counter-clockwise";
    Int128 expected = outer;
    for (std::size_t i = 1; i < rings.size(); ++i) {
      const Int128 pillar = DoubledAreaAt16(rings[i]);
      EXPECT_LT(pillar, 0) << r.name << ": pillar " << i << " clockwise";
      expected -= Abs(pillar);
    }
    EXPECT_TRUE(region.DoubledArea() == expected) << r.name;
    EXPECT_TRUE(region.DoubledArea() == gen::IndependentDoubledArea(region.Rings())) << r.name;
  }
}

TEST(PillarRooms, HandDerivedAreas) {
  CLAUSE("region.from-outlines region.area");
  const std::vector<gen::PillarRoom> rooms = gen::MakePillarRooms();
  // 24 x 16 room minus seven 2 x 2 pillars: 384 - 28.
  EXPECT_TRUE(Build(Find(rooms, "square_pillars")).DoubledArea() == Doubled(356));
  // 28 x 14 room minus four diamonds of half-diagonal 1.5 (area 2 * 1.5^2 =
  // 4.5 each) and three squares of half-diagonal vector (1.5, 1.125) (area
  // 2 |v|^2 = 2 * 3.515625 = 7.03125 each): 392 - 18 - 21.09375.
  EXPECT_TRUE(Build(Find(rooms, "rotated_pillars")).DoubledArea() == Doubled(352.90625));
  // The turned room's square pillars: 25 x 15 minus three 2.5 x 2.5 and one
  // 1.875 x 1.875, minus the round pillar (the test above checks that the
  // pillar's 64-gon is what is subtracted).
  const gen::PillarRoom& turned = Find(rooms, "rotated_room");
  const Int128 roundPillar = Abs(DoubledAreaAt16(turned.outlines[0].rings.back()));
  EXPECT_TRUE(Build(turned).DoubledArea() == Doubled(375 - 18.75 - 3.515625) - roundPillar);
  // The L: 24 x 20 minus 12 x 10, plus stubs 6 x 1.875 and 2.125 x 6,
  // minus the round pillar.
  const gen::PillarRoom& l = Find(rooms, "l_room");
  const Int128 lPillar = Abs(DoubledAreaAt16(l.outlines[0].rings.back()));
  EXPECT_TRUE(Build(l).DoubledArea() == Doubled(480 - 120 + 11.25 + 12.75) - lPillar);
}

TEST(PillarRooms, RoundPillarsAreNearTheirCircles) {
  const std::array<Vector2D, 64> u = gen::PillarCircleDirections();
  EXPECT_EQ(u[0], (Vector2D{1, 0}));
  EXPECT_EQ(u[16], (Vector2D{0, 1}));
  EXPECT_EQ(u[32], (Vector2D{-1, 0}));
  EXPECT_EQ(u[48], (Vector2D{0, -1}));
  for (int k = 0; k < 64; ++k) {
    const double angle = 2 * std::numbers::pi * k / 64;
    EXPECT_NEAR(u[k].x, std::cos(angle), 1e-14) << k;
    EXPECT_NEAR(u[k].y, std::sin(angle), 1e-14) << k;
    // The square's symmetries: a quarter turn and the mirror in the diagonal.
    EXPECT_EQ(u[(k + 16) % 64], (Vector2D{-u[k].y, u[k].x})) << k;
  }
  for (int k = 0; k <= 16; ++k) EXPECT_EQ(u[k], (Vector2D{u[16 - k].y, u[16 - k].x})) << k;
  const double slack = std::sqrt(2.0) * 0x1p-9 + 1e-12;
  for (double radius : {0.5, 1.6875, 8.0}) {
    for (int k = 0; k < 64; ++k) {
      const Vector2D p = gen::PillarCirclePoint({3.25, -7.5}, radius, k);
      EXPECT_NEAR(std::hypot(p.x - 3.25, p.y + 7.5), radius, slack) << radius << " " << k;
    }
  }
}

TEST(PillarRooms, Deterministic) {
  const auto a = gen::MakePillarRooms(), b = gen::MakePillarRooms();
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].name, b[i].name);
    ASSERT_EQ(a[i].outlines.size(), b[i].outlines.size());
    for (std::size_t j = 0; j < a[i].outlines.size(); ++j)
      EXPECT_EQ(a[i].outlines[j].rings, b[i].outlines[j].rings) << a[i].name;
  }
  // The seed moves only the scattered pillars, and moves them.
  const auto c = gen::MakePillarRooms(2);
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].name == "scattered_pillars")
      EXPECT_NE(a[i].outlines[0].rings, c[i].outlines[0].rings);
    else
      EXPECT_EQ(a[i].outlines[0].rings, c[i].outlines[0].rings) << a[i].name;
  }
}

TEST(PillarRooms, ScatteredPillarsFillTheHall) {
  // Rejection sampling fills all 32 places within its 200 draws for the
  // seeds 1 to 3 (the walls and 32 pillars).
  for (std::uint64_t seed : {1, 2, 3}) {
    const std::vector<gen::PillarRoom> rooms = gen::MakePillarRooms(seed);
    EXPECT_EQ(Find(rooms, "scattered_pillars").outlines[0].rings.size(), 1u + 32u) << seed;
  }
}
