// The tile format on a hand-made two-polygon tile
// (docs/spec/navmesh-format.md, nav.*): its bytes written out by hand, the
// round trip, every rejection of NavTile::Create and Deserialize with its
// type and fields, and NavMesh's order and duplicate key.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/navmesh.hpp"

using namespace onepath;
using namespace onepath::navmesh;
using onepath::b3dtest::ExpectFields;

namespace {

// The arguments of NavTile::Create, so that a test can spoil one.
struct TileInput {
  std::int32_t tileX = 1;
  std::int32_t tileZ = 2;
  std::uint16_t layer = 0;
  TileOrigin origin{10.0, 0.5, 20.0};
  float tileSize = 4.0f;
  std::vector<TileVertex> vertices;
  std::vector<NavPolygon> polygons;
  std::vector<DetailPolygon> detailPolygons;
  std::vector<TileVertex> detailVertices;
  std::vector<DetailTriangle> detailTriangles;

  NavTile Create() const {
    return NavTile::Create(tileX, tileZ, layer, origin, tileSize, vertices, polygons,
                           detailPolygons, detailVertices, detailTriangles);
  }
};

// The tile: the square 0 .. 4 in x and z, cut along the diagonal v0-v2.
//   v0 (x 0, z 0), v1 (0, 4), v2 (4, 4), v3 (4, 0); y 0, 0.5, 1, 0.25.
// nav.orient on (z, x): P0 = v0, v1, v2 is (0,0), (4,0), (4,4):
//   (4 - 0)(4 - 0) - (0 - 0)(4 - 0) = 16 > 0, counter-clockwise;
// P1 = v0, v2, v3 is (0,0), (4,4), (0,4): 4·4 - 4·0 = 16 > 0.
// Links: P0 edge 0 v0->v1 has x = 0 at both ends (portal, side 0), edge 1
// v1->v2 has z = 4 (side 3), edge 2 v2->v0 is P1's edge 0 v0->v2 reversed
// (polygon 1). P1: edge 0 polygon 0, edge 1 v2->v3 x = 4 (side 2), edge 2
// v3->v0 a wall (z = 0: a wall may lie on a side).
// Detail: P0 one triangle (0, 1, 2), no extra vertex, all three edges on
// the boundary (flags 7). P1 one extra vertex (3, 0.5, 1) = number 3;
// triangles (0,1,3), (1,2,3), (2,0,3): in each, edge 0 is a polygon edge
// (no reversed twin: flags bit 0) and edges 1, 2 are shared with the
// other two triangles (e.g. (0,1,3)'s 1->3 is (1,2,3)'s 3->1): flags 1.
TileInput TwoTriangles() {
  TileInput in;
  in.vertices = {{0, 0, 0}, {0, 0.5f, 4}, {4, 1, 4}, {4, 0.25f, 0}};
  NavPolygon p0;
  p0.vertices = {0, 1, 2};
  p0.links = {{kLinkPortal, kSideX0}, {kLinkPortal, kSideZMax}, {kLinkPolygon, 1}};
  p0.area = 63;
  p0.flags = 1;
  NavPolygon p1;
  p1.vertices = {0, 2, 3};
  p1.links = {{kLinkPolygon, 0}, {kLinkPortal, kSideXMax}, {kLinkWall, 0}};
  p1.area = 5;
  p1.flags = 0x0102;
  in.polygons = {p0, p1};
  in.detailPolygons = {{0, 0, 0, 1}, {0, 1, 1, 3}};
  in.detailVertices = {{3, 0.5f, 1}};
  in.detailTriangles = {{0, 1, 2, 7}, {0, 1, 3, 1}, {1, 2, 3, 1}, {2, 0, 3, 1}};
  return in;
}

// nav.serialize, written out field by field (little-endian; binary64
// 10 = 0x4024000000000000, 0.5 = 0x3FE0..., 20 = 0x4034...; binary32
// 4 = 0x40800000, 0.5 = 0x3F000000, 1 = 0x3F800000, 0.25 = 0x3E800000,
// 3 = 0x40400000).
const char* const kTwoTrianglesHex =
    "4f504e54"  // magic OPNT
    "0100"      // version 1
    "01000000"
    "02000000"          // tileX 1, tileZ 2
    "0000"              // layer 0
    "0000000000002440"  // originX 10
    "000000000000e03f"  // originY 0.5
    "0000000000003440"  // originZ 20
    "00008040"          // tileSize 4
    "04000000"          // 4 vertices
    "00000000"
    "00000000"
    "00000000"  // v0 0, 0, 0
    "00000000"
    "0000003f"
    "00008040"  // v1 0, 0.5, 4
    "00008040"
    "0000803f"
    "00008040"  // v2 4, 1, 4
    "00008040"
    "0000803e"
    "00000000"  // v3 4, 0.25, 0
    "02000000"  // 2 polygons
    "03"
    "0000"
    "0100"
    "0200"  // P0: 3 corners 0, 1, 2
    "0200000000"
    "0203000000"
    "0101000000"  // portal 0, portal 3, polygon 1
    "3f"
    "0100"  // area 63, flags 1
    "03"
    "0000"
    "0200"
    "0300"  // P1: 3 corners 0, 2, 3
    "0100000000"
    "0202000000"
    "0000000000"  // polygon 0, portal 2, wall
    "05"
    "0201"      // area 5, flags 0x0102
    "02000000"  // 2 detail entries
    "00000000"
    "00000000"
    "00000000"
    "01000000"  // P0: 0, 0, 0, 1
    "00000000"
    "01000000"
    "01000000"
    "03000000"  // P1: 0, 1, 1, 3
    "01000000"  // 1 detail vertex
    "00004040"
    "0000003f"
    "0000803f"  // 3, 0.5, 1
    "04000000"  // 4 triangles
    "00010207"
    "00010301"
    "01020301"
    "02000301";

// The spec's type name and the fields of what call() throws.
struct Thrown {
  std::string type;
  ErrorFields fields;
};
Thrown Catch(const std::function<void()>& call) {
  try {
    call();
  } catch (const OnePathException& e) {
    return {e.typeName(), e.fields()};
  }
  ADD_FAILURE() << "nothing thrown";
  return {};
}

void ExpectError(const std::function<void()>& call, const std::string& type, ErrorFields fields) {
  const Thrown t = Catch(call);
  EXPECT_EQ(t.type, type);
  ExpectFields(t.fields, fields);
}

const std::string AE = "ArgumentException";
const std::string AOORE = "ArgumentOutOfRangeException";

// nav.create: every error names the tile (1, 2).
ErrorFields At(ErrorFields f) {
  f.tileX = 1;
  f.tileZ = 2;
  return f;
}

void ExpectCreateError(const std::function<void(TileInput&)>& spoil, const std::string& type,
                       const ErrorFields& fields) {
  TileInput in = TwoTriangles();
  spoil(in);
  ExpectError([&] { in.Create(); }, type, At(fields));
}

}  // namespace

TEST(NavTileFormat, TwoTrianglesSerializeToHandComputedBytes) {
  CLAUSE("nav.tile nav.link nav.detail nav.serialize nav.create nav.convex nav.orient");
  const NavTile tile = TwoTriangles().Create();
  const std::vector<std::uint8_t> bytes = Serialize(tile);
  // nav.serialize's length: 64 + 12V + 20P + 7N + 12D + 4T with V 4, P 2,
  // N 6, D 1, T 4: 64 + 48 + 40 + 42 + 12 + 16 = 222.
  EXPECT_EQ(bytes.size(), 222u);
  EXPECT_EQ(ToHex(bytes), kTwoTrianglesHex);
  EXPECT_EQ(CanonicalBytes(tile), bytes);
}

TEST(NavTileFormat, RoundTripIsByteForByte) {
  CLAUSE("nav.serialize nav.deserialize");
  const NavTile tile = TwoTriangles().Create();
  const std::vector<std::uint8_t> bytes = Serialize(tile);
  const NavTile back = Deserialize(bytes);
  EXPECT_TRUE(back == tile);
  EXPECT_EQ(Serialize(back), bytes);
}

TEST(NavTileFormat, DeserializeRejectsMagicVersionAndLength) {
  CLAUSE("nav.deserialize");
  const std::vector<std::uint8_t> good = Serialize(TwoTriangles().Create());
  const std::int64_t size = static_cast<std::int64_t>(good.size());
  auto with = [&](const std::function<void(std::vector<std::uint8_t>&)>& change) {
    std::vector<std::uint8_t> b = good;
    change(b);
    return b;
  };
  // 1: the magic (a wrong byte; fewer than four bytes).
  ExpectError([&] { Deserialize(with([](auto& b) { b[3] = 'X'; })); }, AE, {.argument = "magic"});
  ExpectError(
      [&] {
        Deserialize(std::vector<std::uint8_t>{0x4f, 0x50, 0x4e});
      },
      AE, {.argument = "magic"});
  // 2: version 2 (bytes 4, 5).
  ExpectError([&] { Deserialize(with([](auto& b) { b[4] = 2; })); }, AOORE,
              {.argument = "version", .value = 2.0});
  // 3: the bytes end inside a field: the last byte missing (the last
  // triangle's flags), the version cut (5 bytes).
  ExpectError([&] { Deserialize(with([](auto& b) { b.pop_back(); })); }, AE,
              {.argument = "bytes", .count = size - 1});
  ExpectError([&] { Deserialize(std::vector<std::uint8_t>(good.begin(), good.begin() + 5)); }, AE,
              {.argument = "bytes", .count = 5});
  // 3: a vertex count of 2^32 - 1 (bytes 44 .. 47) needs 12 bytes each,
  // far more than remain: rejected when the count is read.
  ExpectError(
      [&] {
        Deserialize(with([](auto& b) {
          for (int i = 44; i < 48; ++i) b[i] = 0xff;
        }));
      },
      AE, {.argument = "bytes", .count = size});
  // 4: one byte after the last triangle.
  ExpectError([&] { Deserialize(with([](auto& b) { b.push_back(0); })); }, AE,
              {.argument = "bytes", .count = size + 1});
}

TEST(NavTileFormat, DeserializeChecksAsCreateDoes) {
  CLAUSE("nav.deserialize nav.create");
  std::vector<std::uint8_t> b = Serialize(TwoTriangles().Create());
  // P0's area byte: header 44, vertices 4 + 48 = 52, polygon count 4, then
  // P0's n (1), corners (6), links (15): offset 44 + 52 + 4 + 22 = 122.
  ASSERT_EQ(b[122], 0x3f);
  b[122] = 64;
  ExpectError([&] { Deserialize(b); }, AOORE,
              At({.argument = "area", .value = 64.0, .polygon = 0}));
  // A corner count of 7 is read (7 corners, 7 links follow) and then
  // rejected by nav.create 3.1.
  TileInput in = TwoTriangles();
  std::vector<std::uint8_t> c = Serialize(in.Create());
  c[100] = 7;  // P0's corner count: 44 + 52 + 4 = 100
  c.insert(c.begin() + 107, {0x03, 0x00, 0x04, 0x00, 0x05, 0x00, 0x06, 0x00});
  c.insert(c.begin() + 130, 20, 0x00);  // four more walls
  ExpectError([&] { Deserialize(c); }, AE, At({.argument = "polygons", .count = 7, .polygon = 0}));
}

// A polygon of n corners (n 7 .. 255) in the bytes: its corners and links
// are read (the bytes' errors first), none kept, and nav.create's checks
// run in their order: the header, the vertices and the polygons before it
// win over its corner count. TwoTriangles' bytes: P0's corner count at
// 44 + 52 + 4 = 100, its 3 corners at 101 .. 106, 3 links at 107 .. 121,
// area 122, flags 123 .. 124; P1's corner count at 125, its corners at 126.
static std::vector<std::uint8_t> WithCorners(std::vector<std::uint8_t> b, std::size_t at, int n) {
  b[at] = static_cast<std::uint8_t>(n);
  std::vector<std::uint8_t> corners;
  for (int k = 3; k < n; ++k) {
    corners.push_back(static_cast<std::uint8_t>(k));
    corners.push_back(0);
  }
  b.insert(b.begin() + static_cast<std::ptrdiff_t>(at + 7), corners.begin(), corners.end());
  const std::size_t links = at + 7 + corners.size() + 15;  // after the 3 links there
  b.insert(b.begin() + static_cast<std::ptrdiff_t>(links), static_cast<std::size_t>(5 * (n - 3)),
           0x00);  // walls
  return b;
}

TEST(NavTileFormat, DeserializeReadsMoreThanSixCornersThenChecksInCreatesOrder) {
  CLAUSE("nav.deserialize nav.create nav.limits");
  const std::vector<std::uint8_t> good = Serialize(TwoTriangles().Create());
  // 255 corners (the largest u8) at P0, 8 at P1: P0's count.
  ExpectError([&] { Deserialize(WithCorners(WithCorners(good, 125, 8), 100, 255)); }, AE,
              At({.argument = "polygons", .count = 255, .polygon = 0}));
  // 7 corners at P1: its count, polygon 1.
  const std::vector<std::uint8_t> seven = WithCorners(good, 125, 7);
  ExpectError([&] { Deserialize(seven); }, AE,
              At({.argument = "polygons", .count = 7, .polygon = 1}));
  // ... after P0's area 64 (nav.create 3, P0 completely before P1).
  std::vector<std::uint8_t> b = seven;
  b[122] = 64;
  ExpectError([&] { Deserialize(b); }, AOORE,
              At({.argument = "area", .value = 64.0, .polygon = 0}));
  // ... after a vertex out of range (nav.create 2): v0.x (bytes 48 .. 51)
  // = -1, binary32 0xbf800000.
  b = seven;
  b[50] = 0x80;
  b[51] = 0xbf;
  ExpectError([&] { Deserialize(b); }, AOORE,
              At({.argument = "vertices.x", .vertex = 0, .value = -1.0}));
  // ... after a bad layer (nav.create 1, bytes 14 .. 15 = 1024).
  b = seven;
  b[15] = 0x04;
  ExpectError([&] { Deserialize(b); }, AOORE, At({.argument = "layer", .value = 1024.0}));
  // The bytes' errors come first (nav.deserialize 3, 4): one byte short, or
  // one over.
  b = seven;
  b.pop_back();
  ExpectError([&] { Deserialize(b); }, AE,
              {.argument = "bytes", .count = static_cast<std::int64_t>(b.size())});
  b = seven;
  b.push_back(0);
  ExpectError([&] { Deserialize(b); }, AE,
              {.argument = "bytes", .count = static_cast<std::int64_t>(b.size())});
}

TEST(NavTileCreate, HeaderErrors) {
  CLAUSE("nav.create");
  const double nan = std::numeric_limits<double>::quiet_NaN();
  ExpectCreateError([&](TileInput& in) { in.origin.y = nan; }, AE,
                    {.argument = "originY", .value = nan});
  ExpectCreateError([](TileInput& in) { in.origin.z = -0.0; }, AOORE,
                    {.argument = "originZ", .value = -0.0});
  ExpectCreateError([](TileInput& in) { in.tileSize = 0.0f; }, AOORE,
                    {.argument = "tileSize", .value = 0.0});
  ExpectCreateError([](TileInput& in) { in.layer = 1024; }, AOORE,
                    {.argument = "layer", .value = 1024.0});
}

TEST(NavTileCreate, VertexErrors) {
  CLAUSE("nav.create nav.limits");
  ExpectCreateError([](TileInput& in) { in.vertices.resize(65537); }, AOORE,
                    {.argument = "vertices", .count = 65537});
  const float inf = std::numeric_limits<float>::infinity();
  ExpectCreateError([&](TileInput& in) { in.vertices[1].y = inf; }, AE,
                    {.argument = "vertices.y", .vertex = 1, .value = double{inf}});
  // -0 is out of range (a zero coordinate is +0).
  ExpectCreateError([](TileInput& in) { in.vertices[0].x = -0.0f; }, AOORE,
                    {.argument = "vertices.x", .vertex = 0, .value = -0.0});
  // z beyond tileSize 4; y beyond 2^22.
  ExpectCreateError([](TileInput& in) { in.vertices[2].z = 4.5f; }, AOORE,
                    {.argument = "vertices.z", .vertex = 2, .value = 4.5});
  ExpectCreateError([](TileInput& in) { in.vertices[3].y = -0x1.000002p22f; }, AOORE,
                    {.argument = "vertices.y", .vertex = 3, .value = -0x1.000002p22});
}

TEST(NavTileCreate, PolygonErrors) {
  CLAUSE("nav.create nav.limits");
  ExpectCreateError(
      [](TileInput& in) {
        in.polygons[1].vertices.pop_back();
        in.polygons[1].links.pop_back();
      },
      AE, {.argument = "polygons", .count = 2, .polygon = 1});
  ExpectCreateError([](TileInput& in) { in.polygons[0].links.pop_back(); }, AE,
                    {.argument = "links", .count = 2, .polygon = 0});
  ExpectCreateError([](TileInput& in) { in.polygons[1].vertices[2] = 4; }, AOORE,
                    {.argument = "polygons", .vertex = 2, .value = 4.0, .polygon = 1});
  ExpectCreateError([](TileInput& in) { in.polygons[1].vertices[2] = 0; }, AE,
                    {.argument = "polygons", .vertex = 2, .polygon = 1});
  ExpectCreateError([](TileInput& in) { in.polygons[0].area = 64; }, AOORE,
                    {.argument = "area", .value = 64.0, .polygon = 0});
}

TEST(NavTileCreate, ConvexErrors) {
  CLAUSE("nav.create nav.convex nav.orient");
  // 1: vertex 4 at v0's (x, z), another y: P1 = v0, v2, v4 has corners 0
  // and 2 at one position; the first pair in order of k is (0, 2).
  ExpectCreateError(
      [](TileInput& in) {
        in.vertices.push_back({0, 3, 0});
        in.polygons[1].vertices = {0, 2, 4};
      },
      AE, {.argument = "convex", .vertex = 2, .polygon = 1});
  // 2: P0 reversed, v0, v2, v1 = (z, x) (0,0), (4,4), (4,0): edge 0
  // v0->v2 with corner 2: 4·0 - 4·4 = -16 < 0. (Links reversed too would
  // not matter: convexity comes before links.)
  ExpectCreateError(
      [](TileInput& in) {
        in.polygons[0].vertices = {0, 2, 1};
      },
      AE, {.argument = "convex", .vertex = 2, .edge = 0, .polygon = 0});
  // 3: v4 = (x 0, z 2) between v0 and v1 on x = 0: P0 = v0, v1, v4 has
  // distinct positions, every turn 0, none strictly left.
  ExpectCreateError(
      [](TileInput& in) {
        in.vertices.push_back({0, 0, 2});
        in.polygons[0].vertices = {0, 1, 4};
      },
      AE, {.argument = "convex", .polygon = 0});
}

TEST(NavTileCreate, ConvexAllowsCollinearCorners) {
  CLAUSE("nav.convex");
  // P1 = v0, v2, v3 with v4 = (x 2, z 0) inserted on edge v3->v0 (z = 0):
  // orient(v3, v4, v0) = 0, every other turn positive; a quad. Its detail
  // triangles: (0,1,2), (0,2,3)... corners 0 v0, 1 v2, 2 v3, 3 v4 as the
  // fan (0,1,2), (0,2,3): 0->2 shared, flags 0b011 and 0b110.
  TileInput in = TwoTriangles();
  in.vertices.push_back({2, 0, 0});
  in.polygons[1].vertices = {0, 2, 3, 4};
  in.polygons[1].links = {
      {kLinkPolygon, 0}, {kLinkPortal, kSideXMax}, {kLinkWall, 0}, {kLinkPortal, kSideZ0}};
  in.detailPolygons[1] = {0, 0, 1, 2};
  in.detailVertices.clear();
  in.detailTriangles = {{0, 1, 2, 7}, {0, 1, 2, 3}, {0, 2, 3, 6}};
  EXPECT_NO_THROW(in.Create());
}

TEST(NavTileCreate, LinkErrors) {
  CLAUSE("nav.create nav.link");
  ExpectCreateError([](TileInput& in) { in.polygons[1].links[2].kind = 3; }, AOORE,
                    {.argument = "links.kind", .edge = 2, .value = 3.0, .polygon = 1});
  ExpectCreateError([](TileInput& in) { in.polygons[1].links[2].value = 1; }, AOORE,
                    {.argument = "links.value", .edge = 2, .value = 1.0, .polygon = 1});
  // A link of P0 to itself (polygon 0), and to polygon 2 of 2.
  ExpectCreateError([](TileInput& in) { in.polygons[0].links[2].value = 0; }, AOORE,
                    {.argument = "links.value", .edge = 2, .value = 0.0, .polygon = 0});
  ExpectCreateError([](TileInput& in) { in.polygons[0].links[2].value = 2; }, AOORE,
                    {.argument = "links.value", .edge = 2, .value = 2.0, .polygon = 0});
  ExpectCreateError([](TileInput& in) { in.polygons[0].links[0].value = 4; }, AOORE,
                    {.argument = "links.value", .edge = 0, .value = 4.0, .polygon = 0});
  // P1's edge 0 made a wall: P0's edge 2 names P1, which does not return it.
  ExpectCreateError(
      [](TileInput& in) {
        in.polygons[1].links[0] = {kLinkWall, 0};
      },
      AE, {.argument = "links.polygon", .edge = 2, .polygon = 0});
  // P1's wall on z = 0 called a portal on side 0 (x = 0): v3 has x = 4.
  ExpectCreateError(
      [](TileInput& in) {
        in.polygons[1].links[2] = {kLinkPortal, kSideX0};
      },
      AE, {.argument = "links.portal", .edge = 2, .polygon = 1});
  // The same wall as a portal on side 1 (z = 0) is valid.
  TileInput in = TwoTriangles();
  in.polygons[1].links[2] = {kLinkPortal, kSideZ0};
  EXPECT_NO_THROW(in.Create());
}

TEST(NavTileCreate, DetailErrors) {
  CLAUSE("nav.create nav.detail nav.limits");
  ExpectCreateError([](TileInput& in) { in.detailPolygons.pop_back(); }, AE,
                    {.argument = "detailPolygons", .count = 1});
  ExpectCreateError([](TileInput& in) { in.detailPolygons[1].vertexBase = 1; }, AE,
                    {.argument = "detailPolygons.vertexBase", .value = 1.0, .polygon = 1});
  ExpectCreateError([](TileInput& in) { in.detailPolygons[1].triangleBase = 0; }, AE,
                    {.argument = "detailPolygons.triangleBase", .value = 0.0, .polygon = 1});
  // 3 corners + 253 extra = 256 > 255.
  ExpectCreateError([](TileInput& in) { in.detailPolygons[1].vertexCount = 253; }, AOORE,
                    {.argument = "detailPolygons.vertexCount", .count = 253, .polygon = 1});
  ExpectCreateError([](TileInput& in) { in.detailPolygons[0].triangleCount = 0; }, AOORE,
                    {.argument = "detailPolygons.triangleCount", .count = 0, .polygon = 0});
  ExpectCreateError([](TileInput& in) { in.detailPolygons[1].triangleCount = 256; }, AOORE,
                    {.argument = "detailPolygons.triangleCount", .count = 256, .polygon = 1});
  ExpectCreateError(
      [](TileInput& in) {
        in.detailVertices.push_back({1, 1, 1});
      },
      AE, {.argument = "detailVertices", .count = 2});
  ExpectCreateError([](TileInput& in) { in.detailTriangles.pop_back(); }, AE,
                    {.argument = "detailTriangles", .count = 3});
  ExpectCreateError([](TileInput& in) { in.detailVertices[0].x = 5.0f; }, AOORE,
                    {.argument = "detailVertices.x", .vertex = 0, .value = 5.0});
  // P0 has 3 corners, no extra: number 3 names nothing.
  ExpectCreateError([](TileInput& in) { in.detailTriangles[0].c = 3; }, AOORE,
                    {.argument = "detailTriangles", .triangle = 0, .value = 3.0, .polygon = 0});
  ExpectCreateError([](TileInput& in) { in.detailTriangles[2].b = 1; }, AE,
                    {.argument = "detailTriangles", .triangle = 2, .polygon = 1});
  // Edge 1 of (0,1,3) has a twin, so bit 1 may not be set; bit 3 never.
  ExpectCreateError(
      [](TileInput& in) { in.detailTriangles[1].flags = 3; }, AE,
      {.argument = "detailTriangles.flags", .triangle = 1, .value = 3.0, .polygon = 1});
  ExpectCreateError(
      [](TileInput& in) { in.detailTriangles[0].flags = 15; }, AE,
      {.argument = "detailTriangles.flags", .triangle = 0, .value = 15.0, .polygon = 0});
}

TEST(NavTileCreate, ChecksRunInTheClausesOrder) {
  CLAUSE("nav.create");
  // A bad header wins over bad vertices; bad vertices over bad polygons;
  // polygons over links; links over the detail.
  ExpectCreateError(
      [](TileInput& in) {
        in.layer = 2000;
        in.vertices[0].x = -1;
      },
      AOORE, {.argument = "layer", .value = 2000.0});
  ExpectCreateError(
      [](TileInput& in) {
        in.vertices[0].x = -1;
        in.polygons[0].area = 64;
      },
      AOORE, {.argument = "vertices.x", .vertex = 0, .value = -1.0});
  // Polygon 1's area is checked before polygon 0's link (step 3 before 4).
  ExpectCreateError(
      [](TileInput& in) {
        in.polygons[0].links[0].kind = 9;
        in.polygons[1].area = 99;
      },
      AOORE, {.argument = "area", .value = 99.0, .polygon = 1});
  ExpectCreateError(
      [](TileInput& in) {
        in.polygons[1].links[2].kind = 9;
        in.detailPolygons.clear();
      },
      AOORE, {.argument = "links.kind", .edge = 2, .value = 9.0, .polygon = 1});
}

TEST(NavMeshTiles, ListedInRowMajorOrderAndKeysAreUnique) {
  CLAUSE("nav.mesh");
  const auto tile = [](std::int32_t x, std::int32_t z, std::uint16_t layer) {
    TileInput in = TwoTriangles();
    in.tileX = x;
    in.tileZ = z;
    in.layer = layer;
    return in.Create();
  };
  NavMesh mesh;
  mesh.AddTile(tile(1, 0, 0));
  mesh.AddTile(tile(0, 1, 1));
  mesh.AddTile(tile(0, 1, 0));
  mesh.AddTile(tile(-3, 1, 0));
  mesh.AddTile(tile(5, -1, 7));
  // (tileZ, tileX, layer): (-1,5,7), (0,1,0), (1,-3,0), (1,0,0), (1,0,1).
  std::vector<std::tuple<int, int, int>> order;
  for (const NavTile* t : mesh.Tiles()) order.emplace_back(t->tileX(), t->tileZ(), t->layer());
  const std::vector<std::tuple<int, int, int>> want = {
      {5, -1, 7}, {1, 0, 0}, {-3, 1, 0}, {0, 1, 0}, {0, 1, 1}};
  EXPECT_EQ(order, want);
  ASSERT_NE(mesh.Find(0, 1, 1), nullptr);
  EXPECT_EQ(mesh.Find(0, 1, 2), nullptr);
  ExpectError([&] { mesh.AddTile(tile(0, 1, 1)); }, AE,
              {.argument = "tile", .tileX = 0, .tileZ = 1, .layer = 1});
  EXPECT_EQ(mesh.size(), 5u);
}

// nav.mesh-bytes on two tiny tiles: the two-triangle tile at (1, 2, 0) and
// the same tile at (0, 2, 0), added in that order and listed the other way
// (tileZ equal, tileX 0 < 1). Written out by hand: the header, then each
// tile's length 222 (nav.serialize's length, above) and its bytes; the
// tile at (0, 2, 0) is kTwoTrianglesHex with tileX (bytes 6 .. 9, hex
// characters 12 .. 19) 0.
TEST(NavMeshFormat, TwoTilesSerializeToHandComputedBytes) {
  CLAUSE("nav.mesh-bytes nav.mesh nav.serialize");
  TileInput second = TwoTriangles();
  second.tileX = 0;
  NavMesh mesh;
  mesh.AddTile(TwoTriangles().Create());
  mesh.AddTile(second.Create());
  const std::string tile = kTwoTrianglesHex;
  const std::string tileAt0 = tile.substr(0, 12) + "00000000" + tile.substr(20);
  const std::string want = std::string("4f504e4d")  // magic OPNM
                           + "0100"                 // version 1
                           + "02000000"             // 2 tiles
                           + "de000000" + tileAt0   // 222 bytes: (0, 2, 0)
                           + "de000000" + tile;     // 222 bytes: (1, 2, 0)
  const std::vector<std::uint8_t> bytes = Serialize(mesh);
  EXPECT_EQ(bytes.size(), 10u + 2 * (4 + 222));
  EXPECT_EQ(ToHex(bytes), want);
  EXPECT_EQ(CanonicalBytes(mesh), bytes);
  // The empty mesh: the ten bytes of the clause.
  EXPECT_EQ(ToHex(Serialize(NavMesh{})), "4f504e4d010000000000");
  // The round trip, and tiles given out of order are accepted and listed
  // in the mesh's order.
  EXPECT_EQ(Serialize(NavMesh::Deserialize(bytes)), bytes);
  std::vector<std::uint8_t> swapped(bytes.begin(), bytes.begin() + 10);
  swapped.insert(swapped.end(), bytes.begin() + 10 + 226, bytes.end());
  swapped.insert(swapped.end(), bytes.begin() + 10, bytes.begin() + 10 + 226);
  EXPECT_EQ(Serialize(NavMesh::Deserialize(swapped)), bytes);
}

TEST(NavMeshFormat, DeserializeErrors) {
  CLAUSE("nav.mesh-bytes nav.deserialize nav.mesh");
  NavMesh mesh;
  mesh.AddTile(TwoTriangles().Create());
  const std::vector<std::uint8_t> good = Serialize(mesh);
  const std::int64_t size = static_cast<std::int64_t>(good.size());
  auto with = [&](const std::function<void(std::vector<std::uint8_t>&)>& change) {
    std::vector<std::uint8_t> b = good;
    change(b);
    return b;
  };
  // The magic: a tile's magic is not a mesh's.
  ExpectError([&] { NavMesh::Deserialize(Serialize(TwoTriangles().Create())); }, AE,
              {.argument = "magic"});
  ExpectError(
      [&] {
        NavMesh::Deserialize(std::vector<std::uint8_t>{0x4f, 0x50});
      },
      AE, {.argument = "magic"});
  ExpectError([&] { NavMesh::Deserialize(with([](auto& b) { b[4] = 3; })); }, AOORE,
              {.argument = "version", .value = 3.0});
  // A tile count of 2 with one tile's bytes (226 remain, 8 needed: the
  // count passes, the second length is cut).
  ExpectError([&] { NavMesh::Deserialize(with([](auto& b) { b[6] = 2; })); }, AE,
              {.argument = "bytes", .count = size});
  // A tile count of 2^32 - 1: more than 4 bytes each remain.
  ExpectError(
      [&] {
        NavMesh::Deserialize(with([](auto& b) {
          for (int i = 6; i < 10; ++i) b[i] = 0xff;
        }));
      },
      AE, {.argument = "bytes", .count = size});
  // A length of 223: one byte more than remain.
  ExpectError([&] { NavMesh::Deserialize(with([](auto& b) { b[10] = 223; })); }, AE,
              {.argument = "bytes", .count = size});
  // A length of 221: the tile's own reading sees its bytes end (221 given).
  ExpectError([&] { NavMesh::Deserialize(with([](auto& b) { b[10] = 221; })); }, AE,
              {.argument = "bytes", .count = 221});
  // A byte after the last tile.
  ExpectError([&] { NavMesh::Deserialize(with([](auto& b) { b.push_back(0); })); }, AE,
              {.argument = "bytes", .count = size + 1});
  // The same tile twice: nav.mesh's duplicate key.
  std::vector<std::uint8_t> twice = with([](auto& b) { b[6] = 2; });
  twice.insert(twice.end(), good.begin() + 10, good.end());
  ExpectError([&] { NavMesh::Deserialize(twice); }, AE,
              {.argument = "tile", .tileX = 1, .tileZ = 2, .layer = 0});
}

// nav.links-bytes: one link written out by hand, 4 + 36 bytes.
TEST(NavMeshFormat, LinksBytesByHand) {
  CLAUSE("nav.links-bytes nav.stitch.order");
  PortalLink link;
  link.from = {1, -2, 3};
  link.polygon = 5;
  link.edge = 2;
  link.to = {2, -2, 0};
  link.toPolygon = 0x01020304;
  link.toEdge = 0;
  link.lo = 0.5f;
  link.hi = 4.0f;
  EXPECT_EQ(ToHex(CanonicalBytes(std::vector<PortalLink>{})), "00000000");
  EXPECT_EQ(ToHex(CanonicalBytes(std::vector<PortalLink>{link})),
            "01000000"  // 1 link
            "01000000"
            "feffffff"
            "0300"  // from (1, -2, 3)
            "05000000"
            "02"  // polygon 5, edge 2
            "02000000"
            "feffffff"
            "0000"  // to (2, -2, 0)
            "04030201"
            "00"  // toPolygon, toEdge 0
            "0000003f"
            "00008040");  // lo 0.5, hi 4
}
