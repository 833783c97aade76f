// FixedVector (core/fixed_vector.hpp), the inline list a NavPolygon keeps
// its corners and links in: what it shares with std::vector, and that more
// than its capacity never goes in (the program stops instead; the boundaries
// that read outside counts throw nav.create's error first, tested in
// test_navmesh_tile.cpp and test_navmesh_assembler.cpp).
#include <gtest/gtest.h>

#include <cstdint>
#include <type_traits>
#include <vector>

#include "onepath/core/fixed_vector.hpp"
#include "onepath/navmesh/tile.hpp"

using onepath::FixedVector;

namespace {

using Corners = FixedVector<std::uint16_t, 6>;

}  // namespace

TEST(FixedVector, ActsAsAVectorUpToItsCapacity) {
  Corners c;
  EXPECT_TRUE(c.empty());
  EXPECT_EQ(c.size(), 0u);
  EXPECT_EQ(Corners::capacity(), 6u);
  c.push_back(4);
  c.push_back(9);
  EXPECT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0], 4);
  EXPECT_EQ(c.back(), 9);
  EXPECT_EQ(c.end() - c.begin(), 2);
  EXPECT_EQ(c.data(), &c[0]);
  c.resize(6, 1);
  EXPECT_EQ(c, (std::vector<std::uint16_t>{4, 9, 1, 1, 1, 1}));
  c.pop_back();
  EXPECT_EQ(c, (std::vector<std::uint16_t>{4, 9, 1, 1, 1}));
  const std::vector<std::uint16_t> v = {7, 8, 9};
  const Corners fromRange(v.begin(), v.end());
  EXPECT_EQ(fromRange, (Corners{7, 8, 9}));
  EXPECT_EQ(std::vector<std::uint16_t>(fromRange.begin(), fromRange.end()), v);
  c.clear();
  EXPECT_TRUE(c.empty());
}

// Equality looks at the elements held only: a list shrunk from six to
// three equals one built with those three (the dropped elements reset), and
// lists of other lengths or elements differ.
TEST(FixedVector, EqualityIsOnTheElementsHeld) {
  Corners a = {1, 2, 3, 4, 5, 6};
  a.resize(3);
  EXPECT_EQ(a, (Corners{1, 2, 3}));
  EXPECT_FALSE(a == (Corners{1, 2}));
  EXPECT_FALSE(a == (Corners{1, 2, 4}));
  EXPECT_FALSE(a == (std::vector<std::uint16_t>{1, 2, 3, 4}));
}

// A polygon keeps its lists inline: NavPolygon is a plain value, no bigger
// than two lists of six (2 and 8 bytes an element), their sizes, area and
// flags with padding: 14 + 52 + 4 (before: two std::vector, 48 bytes on
// 64-bit, plus two heap blocks).
TEST(FixedVector, NavPolygonHoldsItsListsInline) {
  using onepath::navmesh::NavPolygon;
  EXPECT_TRUE(std::is_trivially_copyable_v<NavPolygon>);
  EXPECT_LE(sizeof(NavPolygon), 72u);
}

// Putting a seventh element in stops the program (assert, or std::abort
// under NDEBUG), never writes past the end.
static void PushSeventh() {
  Corners c = {0, 1, 2, 3, 4, 5};
  c.push_back(6);
}
static void ResizeToSeven() {
  Corners c;
  c.resize(7);
}
static void ListOfSeven() {
  const Corners c = {0, 1, 2, 3, 4, 5, 6};
  EXPECT_EQ(c.size(), 6u);  // not reached
}

TEST(FixedVectorDeathTest, MoreThanItsCapacityStopsTheProgram) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(PushSeventh(), "");
  EXPECT_DEATH(ResizeToSeven(), "");
  EXPECT_DEATH(ListOfSeven(), "");
}
