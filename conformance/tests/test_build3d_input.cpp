// b3d.soup, b3d.heightfield-input, b3d.chunk-input, b3d.volume-input,
// b3d.coordinate-errors, b3d.errors: every input error of the 3D build with
// its exact fields, in the order of the checks (docs/spec/build3d-tiles.md).
// The order across settings, input, volumes and tiles is in
// test_build3d_errors.cpp.
#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/error_fields.hpp"
#include "onepath/build3d/input.hpp"
#include "onepath/build3d/settings.hpp"

using namespace onepath;
using namespace onepath::build3d;
using onepath::b3dtest::ExpectFields;
using onepath::checks::ArgumentFields;
using onepath::checks::OutOfRangeFields;

namespace {

constexpr float kNaNf = std::numeric_limits<float>::quiet_NaN();
constexpr float kInff = std::numeric_limits<float>::infinity();

ConvexVolume Square(std::int64_t area) {
  return {{{0, 0}, {1, 0}, {1, 1}, {0, 1}}, -1.0f, 1.0f, area};
}

// A heightfield input of width x depth empty columns and `rows` rows.
HeightfieldInput EmptyHeightfield(std::int64_t width, std::int64_t depth, std::int64_t rows) {
  HeightfieldInput in;
  in.width = width;
  in.depth = depth;
  in.rows = rows;
  in.columns.resize(static_cast<std::size_t>(width * depth));
  return in;
}

}  // namespace

TEST(Build3DSoup, LengthsMustBeMultiplesOfThreeVerticesFirst) {
  CLAUSE("b3d.soup b3d.errors");
  TriangleSoup soup{{0, 0, 0, kNaNf}, {0, 1}};
  ExpectFields(ArgumentFields([&] { CheckSoup(soup); }), {.argument = "vertices", .count = 4});
  soup.vertices = {0, 0, 0, kNaNf, 0, 0};
  ExpectFields(ArgumentFields([&] { CheckSoup(soup); }), {.argument = "indices", .count = 2});
}

TEST(Build3DSoup, CoordinatesInListOrderNonFiniteVersusOutOfRange) {
  CLAUSE("b3d.soup b3d.coordinate-errors b3d.errors");
  // 2^21 itself is allowed; 2^21 + 1 (exact in binary32) is not.
  TriangleSoup soup{{0, 0x1p21f, -0x1p21f, 1, kNaNf, 2, 0x1p21f + 1, 0, 0}, {}};
  ExpectFields(
      ArgumentFields([&] { CheckSoup(soup); }),
      {.argument = "vertices.y", .vertex = 1, .value = std::numeric_limits<double>::quiet_NaN()});
  soup.vertices[4] = 0;
  ExpectFields(OutOfRangeFields([&] { CheckSoup(soup); }),
               {.argument = "vertices.x", .vertex = 2, .value = 2097153.0});
  soup.vertices[6] = 0;
  soup.vertices[8] = -kInff;
  ExpectFields(
      ArgumentFields([&] { CheckSoup(soup); }),
      {.argument = "vertices.z", .vertex = 2, .value = -std::numeric_limits<double>::infinity()});
  // Unused vertices are checked too (no triangle here uses any vertex).
  soup.vertices[8] = -3e6f;
  ExpectFields(OutOfRangeFields([&] { CheckSoup(soup); }),
               {.argument = "vertices.z", .vertex = 2, .value = double{-3e6f}});
}

TEST(Build3DSoup, IndicesInListOrder) {
  CLAUSE("b3d.soup b3d.errors");
  TriangleSoup soup{{0, 0, 0, 0, 0, 1, 1, 0, 0}, {0, 1, 2, 2, 1, 3, 0, -1, 0}};
  ExpectFields(OutOfRangeFields([&] { CheckSoup(soup); }),
               {.argument = "indices", .triangle = 1, .value = 3.0});
  soup.indices[5] = 0;
  ExpectFields(OutOfRangeFields([&] { CheckSoup(soup); }),
               {.argument = "indices", .triangle = 2, .value = -1.0});
  soup.indices[7] = 1;
  EXPECT_NO_THROW(CheckSoup(soup));
}

TEST(Build3DVolumes, EachFieldInOrder) {
  CLAUSE("b3d.volume-input b3d.coordinate-errors b3d.errors");
  std::vector<ConvexVolume> v = {Square(5), Square(6)};
  EXPECT_NO_THROW(CheckVolumes(v));
  v[1].points.pop_back();
  v[1].points.pop_back();
  v[1].points[0].x = kNaNf;  // the point count comes first
  ExpectFields(OutOfRangeFields([&] { CheckVolumes(v); }),
               {.argument = "volumes.points", .volume = 1, .count = 2});
  v[1] = Square(6);
  v[1].points[2].z = kNaNf;
  v[1].points[3].x = 3e6f;
  ExpectFields(ArgumentFields([&] { CheckVolumes(v); }),
               {.argument = "volumes.z",
                .vertex = 2,
                .volume = 1,
                .value = std::numeric_limits<double>::quiet_NaN()});
  v[1].points[2].z = 0;
  ExpectFields(OutOfRangeFields([&] { CheckVolumes(v); }),
               {.argument = "volumes.x", .vertex = 3, .volume = 1, .value = double{3e6f}});
  v[1] = Square(64);
  v[1].minY = kInff;
  v[1].maxY = kNaNf;
  ExpectFields(
      ArgumentFields([&] { CheckVolumes(v); }),
      {.argument = "volumes.minY", .volume = 1, .value = std::numeric_limits<double>::infinity()});
  v[1].minY = 0;
  ExpectFields(
      ArgumentFields([&] { CheckVolumes(v); }),
      {.argument = "volumes.maxY", .volume = 1, .value = std::numeric_limits<double>::quiet_NaN()});
  v[1].maxY = -3e6f;
  ExpectFields(OutOfRangeFields([&] { CheckVolumes(v); }),
               {.argument = "volumes.maxY", .volume = 1, .value = double{-3e6f}});
  v[1].maxY = -5;  // minY > maxY is allowed
  ExpectFields(OutOfRangeFields([&] { CheckVolumes(v); }),
               {.argument = "volumes.area", .volume = 1, .value = 64.0});
  v[1].area = -1;
  ExpectFields(OutOfRangeFields([&] { CheckVolumes(v); }),
               {.argument = "volumes.area", .volume = 1, .value = -1.0});
  v[1].area = 0;
  EXPECT_NO_THROW(CheckVolumes(v));
}

TEST(Build3DHeightfieldInput, EachCheckInOrder) {
  CLAUSE("b3d.heightfield-input b3d.coordinate-errors b3d.errors");
  const DerivedSettings d = DeriveSettings(b3dtest::UnitSettings(10, 1, 1));  // WH = 10
  HeightfieldInput in = EmptyHeightfield(2, 1, 8);
  EXPECT_NO_THROW(CheckHeightfieldInput(in, d));
  in.width = -1;
  in.depth = -2;
  ExpectFields(OutOfRangeFields([&] { CheckHeightfieldInput(in, d); }),
               {.argument = "width", .value = -1.0});
  in.width = 2;
  ExpectFields(OutOfRangeFields([&] { CheckHeightfieldInput(in, d); }),
               {.argument = "depth", .value = -2.0});
  in.depth = 1;
  in.rows = -3;
  ExpectFields(OutOfRangeFields([&] { CheckHeightfieldInput(in, d); }),
               {.argument = "rows", .value = -3.0});
  // rows + WalkableHeight + 2 <= 65535: 65523 passes, 65524 gives 65536.
  in.rows = 65523;
  EXPECT_NO_THROW(CheckHeightfieldInput(in, d));
  in.rows = 65524;
  in.originY = std::numeric_limits<double>::quiet_NaN();
  ExpectFields(OutOfRangeFields([&] { CheckHeightfieldInput(in, d); }),
               {.argument = "rows", .count = 65536});
  in.rows = std::numeric_limits<std::int64_t>::max();  // the sum saturates
  ExpectFields(OutOfRangeFields([&] { CheckHeightfieldInput(in, d); }),
               {.argument = "rows", .count = std::numeric_limits<std::int64_t>::max()});
  in.rows = 8;
  ExpectFields(ArgumentFields([&] { CheckHeightfieldInput(in, d); }),
               {.argument = "originY", .value = std::numeric_limits<double>::quiet_NaN()});
  in.originY = -0x1.0000000000001p21;
  ExpectFields(OutOfRangeFields([&] { CheckHeightfieldInput(in, d); }),
               {.argument = "originY", .value = -0x1.0000000000001p21});
  in.originY = -0x1p21;
  in.columns.resize(3);
  in.columns[2] = {{9, 8, 99}};  // the count is checked before any span
  ExpectFields(ArgumentFields([&] { CheckHeightfieldInput(in, d); }),
               {.argument = "columns", .count = 3});
  in.columns.resize(2);
  // Column 1, span 1: smax 9 > rows 8; then smin >= smax; then area > 63.
  in.columns[1] = {{1, 2, 63}, {9, 9, 64}};
  ExpectFields(OutOfRangeFields([&] { CheckHeightfieldInput(in, d); }),
               {.argument = "spans.max", .column = 1, .span = 1, .value = 9.0});
  in.columns[1][1].smax = 8;
  in.columns[1][1].smin = 8;
  ExpectFields(OutOfRangeFields([&] { CheckHeightfieldInput(in, d); }),
               {.argument = "spans.min", .column = 1, .span = 1, .value = 8.0});
  in.columns[1][1].smin = 0;  // overlapping spans are allowed in the input
  ExpectFields(OutOfRangeFields([&] { CheckHeightfieldInput(in, d); }),
               {.argument = "spans.area", .column = 1, .span = 1, .value = 64.0});
  in.columns[1][1].area = 63;
  EXPECT_NO_THROW(CheckHeightfieldInput(in, d));
}

TEST(Build3DChunkInput, EachCheckInOrder) {
  CLAUSE("b3d.chunk-input b3d.errors");
  const DerivedSettings d = DeriveSettings(b3dtest::UnitSettings(10, 1, 1));
  VoxelChunk c{2, 3, 4, std::vector<std::uint8_t>(24, 1)};
  EXPECT_NO_THROW(CheckChunk(c, d));
  c.sizeZ = -4;
  ExpectFields(OutOfRangeFields([&] { CheckChunk(c, d); }), {.argument = "sizeZ", .value = -4.0});
  c.sizeZ = 4;
  c.sizeY = 65524;
  ExpectFields(OutOfRangeFields([&] { CheckChunk(c, d); }), {.argument = "sizeY", .count = 65536});
  c.sizeY = 4;
  ExpectFields(ArgumentFields([&] { CheckChunk(c, d); }), {.argument = "voxels", .count = 24});
  // A product beyond int64 cannot equal any length.
  c.sizeX = c.sizeZ = std::int64_t{1} << 40;
  ExpectFields(ArgumentFields([&] { CheckChunk(c, d); }), {.argument = "voxels", .count = 24});
}
