// The OBJ reader and writer (tools/obj): hand-written snippets with the soup
// each must give (derived by hand in the comments), malformed input refused
// with its line, and generated levels through OBJ text and back with the
// same float bits.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "conformance/generators/levels.hpp"
#include "conformance/tests/clause.hpp"
#include "tools/obj/obj_reader.hpp"
#include "tools/obj/obj_writer.hpp"

using onepath::gen::LevelSoup;
using onepath::tools::ObjError;
using onepath::tools::ReadObj;
using onepath::tools::WriteObj;

namespace {

std::vector<std::uint32_t> Bits(const std::vector<float>& v) {
  std::vector<std::uint32_t> out;
  for (float f : v) out.push_back(std::bit_cast<std::uint32_t>(f));
  return out;
}

// The line ReadObj names for `text`, or 0 when it reads it.
std::size_t ErrorLine(const std::string& text) {
  try {
    ReadObj(text);
  } catch (const ObjError& e) {
    EXPECT_NE(std::string(e.what()).find("line " + std::to_string(e.line())), std::string::npos);
    return e.line();
  }
  return 0;
}

}  // namespace

TEST(ObjReader, TrianglesAndAQuadFan) {
  CLAUSE("b3d.soup");
  // Four corners of a unit floor; the quad 1 4 3 2 fans from its first
  // corner: (1, 4, 3), (1, 3, 2), 0-based (0, 3, 2), (0, 2, 1). Its normal
  // (v1 - v0) x (v2 - v0) with v0 = (0,0,0), v1 = (0,0,1), v2 = (1,0,1):
  // n.y = 1 * 1 - 0 * 1 = 1, up.
  const LevelSoup s = ReadObj(
      "# a floor\n"
      "v 0 0 0\n"
      "v 1 0 0\n"
      "v 1 0 1\n"
      "v 0 0 1\n"
      "f 1 4 3 2\n"
      "f 1 2 3\n");
  EXPECT_EQ(s.vertices, (std::vector<float>{0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1}));
  EXPECT_EQ(s.indices, (std::vector<std::int32_t>{0, 3, 2, 0, 2, 1, 0, 1, 2}));
}

TEST(ObjReader, CornerFormsNegativeIndicesAndIgnoredLines) {
  // Five vertices (the fourth value w and a colour triple ignored), texture
  // and normal lines ignored; each face names vertices 1, 2, 3 in another
  // form; -1 is the last vertex listed so far: after three vertices -3 -2 -1
  // is 1 2 3, after five -1 -2 -5 is 5 4 1.
  const LevelSoup s = ReadObj(
      "mtllib level.mtl\r\n"
      "o level\n"
      "v 1 2 3 1.0\n"
      "\tv  4 5 6   # a comment\n"
      "v 7 8 9 0.5 0.5 0.5\n"
      "vt 0 0\n"
      "vn 0 1 0\n"
      "g walls\n"
      "usemtl stone\n"
      "s off\n"
      "f 1/1 2/2 3/3\n"
      "f 1/1/1 2/2/1 3/3/1\r\n"
      "f 1//1 2//1 3//1\n"
      "f -3 -2 -1\n"
      "l 1 2\n"
      "\n"
      "v 10 11 12\n"
      "v 13 14 15\n"
      "f -1 -2 -5\n");
  EXPECT_EQ(s.vertices, (std::vector<float>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}));
  EXPECT_EQ(s.indices, (std::vector<std::int32_t>{0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 4, 3, 0}));
}

TEST(ObjReader, DecimalsRoundOnceToBinary32) {
  // The compiler rounds each float literal to the nearest binary32 once, as
  // the reader must: 16777217 is halfway between 2^24 and 2^24 + 2 and
  // rounds to even; 1e-40 is a subnormal; 1e-50 is below the least
  // subnormal and becomes +0.
  const LevelSoup s = ReadObj(
      "v 0.1 -2.5e-3 16777217\n"
      "v 1e-40 1e-50 -0\n"
      "v 3.4028234e38 .5 7E+1\n");
  EXPECT_EQ(Bits(s.vertices),
            Bits({0.1f, -2.5e-3f, 16777216.0f, 1e-40f, 0.0f, -0.0f, 3.4028234e38f, 0.5f, 70.0f}));
}

TEST(ObjReader, MalformedInputNamesItsLine) {
  // "0x1p3" is not a decimal number (from_chars reads the 0 and stops).
  EXPECT_EQ(ErrorLine("v 1 2 3\nv 0x1p3 0 0\n"), 2u);
  EXPECT_EQ(ErrorLine("v 1 2\n"), 1u);               // two coordinates
  EXPECT_EQ(ErrorLine("\n\nv 1 a 3\n"), 3u);         // not a number
  EXPECT_EQ(ErrorLine("v 1 2 3\nv nan 0 0\n"), 2u);  // not finite
  EXPECT_EQ(ErrorLine("v inf 0 0\n"), 1u);
  EXPECT_EQ(ErrorLine("v 1e39 0 0\n"), 1u);                             // beyond binary32
  EXPECT_EQ(ErrorLine("v 1 2 3 x\n"), 1u);                              // a bad w
  EXPECT_EQ(ErrorLine("v 0 0 0\nv 1 0 0\nf 1 2\n"), 3u);                // two corners
  EXPECT_EQ(ErrorLine("v 0 0 0\nv 1 0 0\nv 0 0 1\nf 0 1 2\n"), 4u);     // index 0
  EXPECT_EQ(ErrorLine("v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 4\n"), 4u);     // beyond the count
  EXPECT_EQ(ErrorLine("v 0 0 0\nv 1 0 0\nv 0 0 1\nf -4 -2 -1\n"), 4u);  // before the first
  EXPECT_EQ(ErrorLine("f 1 2 3\nv 0 0 0\nv 1 0 0\nv 0 0 1\n"), 1u);     // vertices after the face
  EXPECT_EQ(ErrorLine("v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1/x 2 3\n"), 4u);
  EXPECT_EQ(ErrorLine("v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1/1/1/1 2 3\n"), 4u);
  EXPECT_EQ(ErrorLine("v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 3.0\n"), 4u);
  EXPECT_EQ(ErrorLine("v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 99999999999999999999\n"), 4u);
  EXPECT_EQ(ErrorLine("v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 3\n"), 0u);  // the control
  EXPECT_EQ(ErrorLine(""), 0u);
}

TEST(ObjWriter, WritesCommentsGroupsAndOneBasedFaces) {
  LevelSoup s;
  s.vertices = {0, 0, 0, 12.5f, -0.00390625f, 1e-3f, 0, 0, 1};
  s.indices = {0, 2, 1, 1, 2, 0};
  const std::vector<std::string> comments = {"made by hand"};
  const std::vector<onepath::tools::ObjGroup> groups = {{0, "first"}, {1, "second"}};
  // 1e-3f is 0.001000000047...: its shortest round-trip decimal is 0.001.
  EXPECT_EQ(WriteObj(s, comments, groups),
            "# made by hand\n"
            "v 0 0 0\n"
            "v 12.5 -0.00390625 0.001\n"
            "v 0 0 1\n"
            "g first\n"
            "f 1 3 2\n"
            "g second\n"
            "f 2 3 1\n");
}

TEST(ObjRoundTrip, GeneratedLevelsReadBackBitForBit) {
  CLAUSE("b3d.soup");
  for (onepath::gen::LevelKind kind : onepath::gen::AllLevelKinds()) {
    for (int subdivide : {1, 4}) {
      const onepath::gen::Level level = onepath::gen::MakeLevel({kind, 48, 3, subdivide});
      const LevelSoup back = ReadObj(WriteObj(level.soup));
      EXPECT_EQ(Bits(back.vertices), Bits(level.soup.vertices));
      EXPECT_EQ(back.indices, level.soup.indices);
      EXPECT_EQ(onepath::gen::LevelSoupSha256(back), onepath::gen::LevelSoupSha256(level.soup));
    }
  }
}

TEST(ObjRoundTrip, AwkwardBinary32ValuesReadBack) {
  // Values whose shortest decimal needs 9 digits, subnormals, the largest
  // finite value and both zeros.
  LevelSoup s;
  s.vertices = {0.1f,
                1.0f / 3.0f,
                16777215.0f,
                std::numeric_limits<float>::denorm_min(),
                std::numeric_limits<float>::min(),
                std::numeric_limits<float>::max(),
                -0.0f,
                0.0f,
                -1.17549421e-38f};
  s.indices = {0, 1, 2, 2, 1, 0};
  const LevelSoup back = ReadObj(WriteObj(s));
  EXPECT_EQ(Bits(back.vertices), Bits(s.vertices));
  EXPECT_EQ(back.indices, s.indices);
}
