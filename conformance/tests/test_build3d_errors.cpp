// b3d.errors, b3d.span.stages: the order of the 3D build's checks across
// settings, input, volumes, the tile count, the tile and a soup tile's rows,
// through the operations that take them all (docs/spec/build3d-tiles.md,
// build3d-spans.md). Each input's own checks are in test_build3d_input.cpp.
#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/error_fields.hpp"
#include "onepath/build3d.hpp"

using namespace onepath;
using namespace onepath::build3d;
using onepath::b3dtest::ExpectFields;
using onepath::checks::OutOfRangeFields;

namespace {

// One upward triangle near the origin.
TriangleSoup OneTriangle() { return {{0, 0, 0, 0, 0, 1, 1, 0, 0}, {0, 1, 2}}; }

ConvexVolume Square(std::int64_t area) {
  return {{{0, 0}, {1, 0}, {1, 1}, {0, 1}}, -1.0f, 1.0f, area};
}

}  // namespace

TEST(Build3DErrors, SettingsThenInputThenVolumesThenTilesThenTile) {
  CLAUSE("b3d.soup b3d.span.stages b3d.errors b3d.settings-checks");
  const NavSettings good = b3dtest::UnitSettings(2, 1, 1);
  NavSettings bad = good;
  bad.Flags = 70000;
  TriangleSoup badSoup = OneTriangle();
  badSoup.indices[0] = 7;
  const std::vector<ConvexVolume> badVolumes = {Square(99)};
  // 1. settings
  ExpectFields(OutOfRangeFields([&] { Mesh3DPipeline::TileSpans(badSoup, badVolumes, bad, 5, 5); }),
               {.value = 70000.0, .setting = "Flags"});
  // 2. the input
  ExpectFields(
      OutOfRangeFields([&] { Mesh3DPipeline::TileSpans(badSoup, badVolumes, good, 5, 5); }),
      {.argument = "indices", .triangle = 0, .value = 7.0});
  // 3. the volumes
  ExpectFields(
      OutOfRangeFields([&] { Mesh3DPipeline::TileSpans(OneTriangle(), badVolumes, good, 5, 5); }),
      {.argument = "volumes.area", .volume = 0, .value = 99.0});
  // 4. the tile count: x from 0 to 2^20 and z from 0 to 1 with tiles of 1
  // is (2^20 + 1) * 2 tiles.
  TriangleSoup wide = OneTriangle();
  wide.vertices.insert(wide.vertices.end(), {0x1p20f, 0, 0});
  NavSettings unitTiles = b3dtest::UnitSettings(2, 1, 1, 1);
  ExpectFields(OutOfRangeFields([&] { Mesh3DPipeline::TileSpans(wide, {}, unitTiles, -5, 0); }),
               {.argument = "tiles", .count = 2097154});
  // 5. the tile: OneTriangle covers x, z in 0..1, tiles of 4: tile (0, 0) only.
  ExpectFields(OutOfRangeFields([&] { Mesh3DPipeline::TileSpans(OneTriangle(), {}, good, 1, 0); }),
               {.argument = "tile", .tileX = 1, .tileZ = 0});
  EXPECT_NO_THROW(Mesh3DPipeline::TileSpans(OneTriangle(), {}, good, 0, 0));
}

TEST(Build3DErrors, ASoupWithoutVerticesHasNoTiles) {
  CLAUSE("b3d.soup-tiles b3d.span.stages");
  ExpectFields(
      OutOfRangeFields([] { Mesh3DPipeline::TileSpans(TriangleSoup{}, {}, NavSettings{}, 0, 0); }),
      {.argument = "tile", .tileX = 0, .tileZ = 0});
}

TEST(Build3DErrors, HeightfieldAndChunkOrder) {
  CLAUSE("b3d.heightfield-input b3d.chunk-input b3d.voxel-mapping b3d.span.stages b3d.errors");
  const NavSettings s = b3dtest::UnitSettings(2, 1, 1);                   // TileCells 4
  HeightfieldInput in{5, 4, 3, 0.0, std::vector<std::vector<Span>>(20)};  // tiles 0..1 x 0
  const std::vector<ConvexVolume> badVolumes = {Square(-1)};
  ExpectFields(OutOfRangeFields([&] { Mesh3DPipeline::TileSpans(in, badVolumes, s, 9, 9); }),
               {.argument = "volumes.area", .volume = 0, .value = -1.0});
  ExpectFields(OutOfRangeFields([&] { Mesh3DPipeline::TileSpans(in, {}, s, 2, 0); }),
               {.argument = "tile", .tileX = 2, .tileZ = 0});
  ExpectFields(OutOfRangeFields([&] { Mesh3DPipeline::TileSpans(in, {}, s, 0, -1); }),
               {.argument = "tile", .tileX = 0, .tileZ = -1});
  EXPECT_NO_THROW(Mesh3DPipeline::TileSpans(in, {}, s, 1, 0));
  // Tiles of one cell: 2^20 + 1 columns in x and one in z, no rows.
  const NavSettings one = b3dtest::UnitSettings(2, 1, 1, 1);
  VoxelChunk c{(std::int64_t{1} << 20) + 1, 0, 1, {}};
  ExpectFields(OutOfRangeFields([&] { Voxelizer::FromChunk(c, one, 0, 0); }),
               {.argument = "tiles", .count = 1048577});
  c.sizeX = std::int64_t{1} << 20;
  EXPECT_EQ(VoxelTiles(c.sizeX, c.sizeZ, DeriveSettings(one)).Count(), 1 << 20);
  // Beyond int64 the count is reported as the largest int64.
  c.sizeX = c.sizeZ = std::int64_t{1} << 40;
  ExpectFields(OutOfRangeFields([&] { Voxelizer::FromChunk(c, one, 0, 0); }),
               {.argument = "tiles", .count = std::numeric_limits<std::int64_t>::max()});
}

TEST(Build3DErrors, ASoupTileWithTooManyRows) {
  CLAUSE("b3d.grid-vertical b3d.errors");
  // CellHeight 1, WalkableHeight 2: y from 0 to Y gives y0 = -1 and rows =
  // ceil(Y + 1) + 4, so Y = 65530 gives 65535 (allowed) and 65531 gives 65536.
  const NavSettings s = b3dtest::UnitSettings(2, 1, 1);
  TriangleSoup soup{{0, 0, 0, 0, 65530, 1, 1, 0, 0}, {0, 1, 2}};
  EXPECT_EQ(Mesh3DPipeline::TileSpans(soup, {}, s, 0, 0).grid.rows, 65535);
  soup.vertices[4] = 65531;
  ExpectFields(OutOfRangeFields([&] { Mesh3DPipeline::TileSpans(soup, {}, s, 0, 0); }),
               {.argument = "rows", .tileX = 0, .tileZ = 0, .count = 65536});
  ExpectFields(OutOfRangeFields([&] { Voxelizer::ClassifyTriangles(soup, s, 0, 0); }),
               {.argument = "rows", .tileX = 0, .tileZ = 0, .count = 65536});
}
