// b3d.settings ... b3d.derived: the settings of the 3D build, their checks
// in order and the derived values (docs/spec/build3d-tiles.md).
//
// Expected values come from the chapter's own examples, hand computations
// in the comments, and conformance/tests/data/slope_cosine.txt, written by
// slope_cosine.py (a Python transcription of b3d.slope-cosine, checked
// against the file by the meson test slope-cosine-python).
#include <gtest/gtest.h>

#include <bit>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "conformance/tests/build3d_util.hpp"
#include "conformance/tests/clause.hpp"
#include "conformance/tests/error_fields.hpp"
#include "onepath/build3d/settings.hpp"
#include "onepath/build3d/slope_math.hpp"

using namespace onepath;
using namespace onepath::build3d;
using onepath::b3dtest::ExpectFields;
using onepath::checks::OutOfRangeFields;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// The setting an ArgumentOutOfRangeException from CheckSettings names.
std::string FailingSetting(const NavSettings& s) {
  return OutOfRangeFields([&] { CheckSettings(s); }).setting.value_or("(none)");
}

void ExpectSettingError(const NavSettings& s, const char* setting, double value) {
  ExpectFields(OutOfRangeFields([&] { DeriveSettings(s); }), {.value = value, .setting = setting});
}

}  // namespace

TEST(Build3DSettings, DefaultsAreTheTables) {
  CLAUSE("b3d.settings");
  const NavSettings s;
  EXPECT_EQ(s.CellSize, 0.3);
  EXPECT_EQ(s.CellHeight, 0.2);
  EXPECT_EQ(s.TileSize, 9.6);
  EXPECT_EQ(s.OriginX, 0.0);
  EXPECT_EQ(s.OriginZ, 0.0);
  EXPECT_EQ(s.AgentHeight, 2.0);
  EXPECT_EQ(s.AgentRadius, 0.6);
  EXPECT_EQ(s.AgentMaxClimb, 0.9);
  EXPECT_EQ(s.AgentMaxSlopeDegrees, 45.0);
  EXPECT_EQ(s.Partition, Partition::Watershed);
  EXPECT_EQ(static_cast<int>(Partition::Watershed), 0);
  EXPECT_EQ(static_cast<int>(Partition::Monotone), 1);
  EXPECT_EQ(static_cast<int>(Partition::Layers), 2);
  EXPECT_EQ(s.MinRegionArea, 64);
  EXPECT_EQ(s.MergeRegionArea, 400);
  EXPECT_EQ(s.ContourMaxError, 1.3);
  EXPECT_EQ(s.MaxEdgeLength, 12.0);
  EXPECT_EQ(s.MaxVertsPerPoly, 6);
  EXPECT_EQ(s.DetailSampleDistance, 1.8);
  EXPECT_EQ(s.DetailMaxError, 0.2);
  EXPECT_EQ(s.MaxLocalExtent, 4194304.0);
  EXPECT_EQ(s.Area, 63);
  EXPECT_EQ(s.Flags, 1);
  EXPECT_NO_THROW(CheckSettings(s));
}

TEST(Build3DSettings, DefaultsDeriveTheChaptersValues) {
  CLAUSE("b3d.derived b3d.tile-cells b3d.walkable-settings b3d.region-settings b3d.border");
  const DerivedSettings d = DeriveSettings(NavSettings{});
  // b3d.tile-cells: 9.6 / 0.3 = 32 exactly in binary64; 9.6 / 32 = 0.3.
  EXPECT_EQ(d.tileCells, 32);
  EXPECT_EQ(d.cs, 0.3);
  EXPECT_EQ(d.cellSize, 0.3f);
  EXPECT_EQ(d.ch, 0.2f);
  // 2.0f / 0.2f rounds to 10.0f (the quotient 9.99999985 is within half an
  // ulp of 10); 0.9f / 0.2f = 4.5f; 0.6f / 0.3f = 2 exactly.
  EXPECT_EQ(d.walkableHeight, 10);
  EXPECT_EQ(d.walkableClimb, 4);
  EXPECT_EQ(d.walkableRadius, 2);
  EXPECT_EQ(std::bit_cast<std::uint32_t>(d.slopeCosine), 0x3f3504f3u);  // 0x1.6a09e6p-1
  EXPECT_EQ(d.border, 5);
  EXPECT_EQ(d.partition, Partition::Watershed);
  EXPECT_EQ(d.minRegionArea, 64);
  EXPECT_EQ(d.mergeRegionArea, 400);
  EXPECT_EQ(d.maxError, 1.3);
  EXPECT_EQ(d.maxEdgeCells, 40);  // trunc(12 / 0.3 + 0.5) = trunc(40.5)
}

TEST(Build3DSettings, DerivedBytesAreThePinnedLayout) {
  CLAUSE("b3d.derived canon.int canon.float");
  // The defaults, field by field: u32 32; f64 0.3 = 0x3fd3333333333333; f32
  // 0.3f = 0x3e99999a; f32 0.2f = 0x3e4ccccd; u32 10, 4, 2; f32
  // 0x3f3504f3; u32 5; u8 0; i32 64, 400; f64 1.3 = 0x3ff4cccccccccccd; i32 40.
  const std::vector<std::uint8_t> expected = {
      0x20, 0,    0,    0,                                         // TileCells
      0x33, 0x33, 0x33, 0x33, 0x33, 0x33, 0xd3, 0x3f,              // cs
      0x9a, 0x99, 0x99, 0x3e,                                      // cellSize
      0xcd, 0xcc, 0x4c, 0x3e,                                      // ch
      10,   0,    0,    0,    4,    0,    0,    0,    2, 0, 0, 0,  // WH, WC, WR
      0xf3, 0x04, 0x35, 0x3f,                                      // slopeCosine
      5,    0,    0,    0,                                         // B
      0,                                                           // Partition
      64,   0,    0,    0,    0x90, 0x01, 0,    0,                 // region areas
      0xcd, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xf4, 0x3f,              // MaxError
      40,   0,    0,    0};                                        // MaxEdgeCells
  EXPECT_EQ(CanonicalBytes(DeriveSettings(NavSettings{})), expected);
}

TEST(Build3DSettings, TileCellsAtTheToleranceEdge) {
  CLAUSE("b3d.tile-cells");
  NavSettings s;
  s.CellSize = 0.25;
  // The chapter's examples: 8 -> 32 cells of 0.25; 8.0000125 -> 31.99995
  // rounds up to 32; 8.0000375 -> 32.00005 rounds up to 33; 0.1 -> 1 cell.
  s.TileSize = 8.0;
  EXPECT_EQ(DeriveSettings(s).tileCells, 32);
  EXPECT_EQ(DeriveSettings(s).cs, 0.25);
  s.TileSize = 8.0000125;
  EXPECT_EQ(DeriveSettings(s).tileCells, 32);
  EXPECT_EQ(DeriveSettings(s).cs, 8.0000125 / 32);  // one division by the integer
  EXPECT_GT(DeriveSettings(s).cs, 0.25);
  EXPECT_LT(DeriveSettings(s).cs, 0.2500004);
  s.TileSize = 8.0000375;
  EXPECT_EQ(DeriveSettings(s).tileCells, 33);
  EXPECT_LT(DeriveSettings(s).cs, 0.25);
  s.TileSize = 0.1;
  EXPECT_EQ(DeriveSettings(s).tileCells, 1);
  EXPECT_EQ(DeriveSettings(s).cs, 0.1);
  // 4096 cells is the limit: 1024 / 0.25 = 4096 passes, 1024.25 gives 4097.
  s.TileSize = 1024.0;
  EXPECT_EQ(DeriveSettings(s).tileCells, 4096);
  s.TileSize = 1024.25;
  ExpectSettingError(s, "TileSize", 1024.25);
}

TEST(Build3DSettings, TileCellsAtTheRoundedToleranceEdge) {
  CLAUSE("b3d.tile-cells num.ieee");
  // CellSize 0.25, so TileSize / CellSize = 4 * TileSize exactly. TileSize
  // 8.000025 = 0x1.0000346dc5d64p+3 gives q = 0x1.0000346dc5d64p+5. In
  // exact arithmetic q - 1e-4 (1e-4 = 0x1.a36e2eb1c432dp-14) lies 0.467 of
  // an ulp (2^-47 at 32) above 32 and its ceiling would be 33; the binary64
  // subtraction rounds it to 32 exactly, so TileCells = 32. The next double,
  // 0x1.0000346dc5d65p+3, puts q - 1e-4 1.467 ulps above 32, which rounds
  // to 32 + 2^-47: TileCells = 33. The edge is where the rounded
  // difference leaves 32, not where the real one does.
  NavSettings s;
  s.CellSize = 0.25;
  s.TileSize = 0x1.0000346dc5d64p+3;
  EXPECT_EQ(s.TileSize, 8.000025);
  EXPECT_EQ(DeriveSettings(s).tileCells, 32);
  EXPECT_EQ(DeriveSettings(s).cs, 0x1.0000346dc5d64p+3 / 32);
  s.TileSize = 0x1.0000346dc5d65p+3;
  EXPECT_EQ(DeriveSettings(s).tileCells, 33);
  EXPECT_EQ(DeriveSettings(s).cs, 0x1.0000346dc5d65p+3 / 33);
  // The max(1, ...) when the ceiling is 0: TileSize 2^-8, CellSize 2^16
  // give q = 2^-24, q - 1e-4 < 0, ceil = -0, so TileCells = 1 and cs =
  // TileSize (not CellSize).
  s.CellSize = 0x1p16;
  s.TileSize = 0x1p-8;
  s.AgentRadius = 0.0;
  EXPECT_EQ(DeriveSettings(s).tileCells, 1);
  EXPECT_EQ(DeriveSettings(s).cs, 0x1p-8);
  // q exactly 1e-4 above an integer (TileSize = (1 + 1e-4) * CellSize with
  // CellSize 1): 0x1.00068db8bac71p+0 - 1e-4 rounds to 1, TileCells 1.
  s.CellSize = 1.0;
  s.TileSize = 1.0001;
  EXPECT_EQ(1.0001 - 1e-4, 1.0);
  EXPECT_EQ(DeriveSettings(s).tileCells, 1);
}

TEST(Build3DSettings, WalkableSettingsUseTheNominalBinary32Sizes) {
  CLAUSE("b3d.walkable-settings b3d.border");
  NavSettings s;
  s.AgentHeight = 0.0;     // max(1, ceil(0)) = 1
  s.AgentRadius = 0.0;     // 0 cells, B = 3
  s.AgentMaxClimb = 0.19;  // 0.19f / 0.2f < 1 -> 0
  DerivedSettings d = DeriveSettings(s);
  EXPECT_EQ(d.walkableHeight, 1);
  EXPECT_EQ(d.walkableRadius, 0);
  EXPECT_EQ(d.border, 3);
  EXPECT_EQ(d.walkableClimb, 0);
  // The nominal cell size, not cs: CellSize 0.25, TileSize 8.0000375 (cs <
  // 0.25) and AgentRadius 0.5 give 0.5f / 0.25f = 2 cells.
  s.CellSize = 0.25;
  s.TileSize = 8.0000375;
  s.AgentRadius = 0.5;
  d = DeriveSettings(s);
  EXPECT_EQ(d.walkableRadius, 2);
  EXPECT_EQ(d.cellSize, 0.25f);
  EXPECT_EQ(d.border, 5);
}

TEST(Build3DSettings, MaxEdgeCellsTruncatesAndStopsBelow2To31) {
  CLAUSE("b3d.region-settings b3d.settings-checks");
  NavSettings s;
  s.MaxEdgeLength = 0.0;
  EXPECT_EQ(DeriveSettings(s).maxEdgeCells, 0);
  // CellSize 2^-16: (2^15 - 2^-16) / 2^-16 + 0.5 = 2^31 - 0.5, truncated
  // 2^31 - 1 (exact in binary64); 2^15 gives 2^31 + 0.5 -> 2^31, refused.
  s.CellSize = 0x1p-16;
  s.TileSize = 0x1p-8;
  s.AgentRadius = 0.0;
  s.MaxEdgeLength = 0x1p15 - 0x1p-16;
  EXPECT_EQ(DeriveSettings(s).maxEdgeCells, 2147483647);
  s.MaxEdgeLength = 0x1p15;
  ExpectSettingError(s, "MaxEdgeLength", 0x1p15);
}

TEST(Build3DSettings, DerivedCountsAreReportedUnderTheirSetting) {
  CLAUSE("b3d.settings-checks b3d.walkable-settings");
  // Rows and cells of 1: WalkableHeight = ceil(AgentHeight) etc.
  NavSettings s = b3dtest::UnitSettings(2, 1, 1);
  s.AgentHeight = 255.0;
  EXPECT_EQ(DeriveSettings(s).walkableHeight, 255);
  s.AgentHeight = 255.5;
  ExpectSettingError(s, "AgentHeight", 255.5);
  s.AgentHeight = 1e300;  // f32 gives +inf, refused before any conversion
  ExpectSettingError(s, "AgentHeight", 1e300);
  s.AgentHeight = 2.0;
  s.AgentRadius = 127.0;
  EXPECT_EQ(DeriveSettings(s).walkableRadius, 127);
  EXPECT_EQ(DeriveSettings(s).border, 130);
  s.AgentRadius = 130.0;  // the chapter's example: WalkableRadius 130
  ExpectSettingError(s, "AgentRadius", 130.0);
  s.AgentRadius = 1.0;
  s.AgentMaxClimb = 255.75;  // floor -> 255
  EXPECT_EQ(DeriveSettings(s).walkableClimb, 255);
  s.AgentMaxClimb = 256.0;
  ExpectSettingError(s, "AgentMaxClimb", 256.0);
}

TEST(Build3DSettings, EachSettingsRange) {
  CLAUSE("b3d.settings b3d.settings-checks b3d.coordinate-errors");
  struct Case {
    const char* setting;
    void (*set)(NavSettings&, double);
    double good, bad;
  };
  const Case cases[] = {
      {"CellSize", [](NavSettings& s, double v) { s.CellSize = v; }, 0x1p16, 0x1p-17},
      {"CellSize", [](NavSettings& s, double v) { s.CellSize = v; }, 0.3, kNaN},
      {"CellHeight", [](NavSettings& s, double v) { s.CellHeight = v; }, 0x1p16,
       0x1.0000000000001p16},
      {"TileSize", [](NavSettings& s, double v) { s.TileSize = v; }, 9.6, kInf},
      {"OriginX", [](NavSettings& s, double v) { s.OriginX = v; }, -0x1p21, -0x1.0000000000001p21},
      {"OriginZ", [](NavSettings& s, double v) { s.OriginZ = v; }, 0x1p21, kNaN},
      {"AgentHeight", [](NavSettings& s, double v) { s.AgentHeight = v; }, 0.0, -0x1p-1074},
      {"AgentRadius", [](NavSettings& s, double v) { s.AgentRadius = v; }, 0.0, kInf},
      {"AgentMaxClimb", [](NavSettings& s, double v) { s.AgentMaxClimb = v; }, 0.0, -1.0},
      {"AgentMaxSlopeDegrees", [](NavSettings& s, double v) { s.AgentMaxSlopeDegrees = v; }, 90.0,
       90.00000000000001},
      {"MinRegionArea", [](NavSettings& s, double v) { s.MinRegionArea = std::int64_t(v); },
       2147483647.0, 2147483648.0},
      {"MergeRegionArea", [](NavSettings& s, double v) { s.MergeRegionArea = std::int64_t(v); },
       0.0, -1.0},
      {"ContourMaxError", [](NavSettings& s, double v) { s.ContourMaxError = v; }, 0.0, kNaN},
      {"MaxEdgeLength", [](NavSettings& s, double v) { s.MaxEdgeLength = v; }, 0.0, -kInf},
      {"MaxVertsPerPoly", [](NavSettings& s, double v) { s.MaxVertsPerPoly = std::int64_t(v); },
       3.0, 2.0},
      {"MaxVertsPerPoly", [](NavSettings& s, double v) { s.MaxVertsPerPoly = std::int64_t(v); },
       6.0, 7.0},
      {"DetailSampleDistance", [](NavSettings& s, double v) { s.DetailSampleDistance = v; }, 0.0,
       -0.5},
      {"DetailMaxError", [](NavSettings& s, double v) { s.DetailMaxError = v; }, 1e300, kInf},
      {"MaxLocalExtent", [](NavSettings& s, double v) { s.MaxLocalExtent = v; }, 0x1p-1074, 0.0},
      {"MaxLocalExtent", [](NavSettings& s, double v) { s.MaxLocalExtent = v; }, 0x1p22,
       0x1.0000000000001p22},
      {"Area", [](NavSettings& s, double v) { s.Area = std::int64_t(v); }, 0.0, 64.0},
      {"Flags", [](NavSettings& s, double v) { s.Flags = std::int64_t(v); }, 65535.0, 65536.0},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.setting);
    NavSettings s;
    c.set(s, c.good);
    EXPECT_NO_THROW(CheckSettings(s));
    c.set(s, c.bad);
    ExpectFields(OutOfRangeFields([&] { CheckSettings(s); }),
                 {.value = c.bad, .setting = c.setting});
  }
  NavSettings s;
  s.Partition = static_cast<Partition>(3);  // reported as its number
  ExpectFields(OutOfRangeFields([&] { CheckSettings(s); }), {.value = 3.0, .setting = "Partition"});
}

TEST(Build3DSettings, ChecksRunInTheClausesOrder) {
  CLAUSE("b3d.settings-checks");
  // Every setting out of range; repairing them one at a time in the
  // clause's order must move the reported setting along the list.
  NavSettings s;
  s.CellSize = kNaN;
  s.CellHeight = 0.0;
  s.TileSize = -1.0;
  s.OriginX = 0x1p22;
  s.OriginZ = kInf;
  s.AgentHeight = -1.0;
  s.AgentRadius = -1.0;
  s.AgentMaxClimb = -1.0;
  s.AgentMaxSlopeDegrees = 91.0;
  s.Partition = static_cast<Partition>(7);
  s.MinRegionArea = -1;
  s.MergeRegionArea = -1;
  s.ContourMaxError = -1.0;
  s.MaxEdgeLength = -1.0;
  s.MaxVertsPerPoly = 2;
  s.DetailSampleDistance = -1.0;
  s.DetailMaxError = -1.0;
  s.MaxLocalExtent = 0.0;
  s.Area = -1;
  s.Flags = -1;
  const NavSettings good;
  const std::vector<std::pair<const char*, void (*)(NavSettings&, const NavSettings&)>> order = {
      {"CellSize", [](NavSettings& s, const NavSettings& g) { s.CellSize = g.CellSize; }},
      {"CellHeight", [](NavSettings& s, const NavSettings& g) { s.CellHeight = g.CellHeight; }},
      {"TileSize", [](NavSettings& s, const NavSettings& g) { s.TileSize = g.TileSize; }},
      {"OriginX", [](NavSettings& s, const NavSettings& g) { s.OriginX = g.OriginX; }},
      {"OriginZ", [](NavSettings& s, const NavSettings& g) { s.OriginZ = g.OriginZ; }},
      {"AgentHeight", [](NavSettings& s, const NavSettings& g) { s.AgentHeight = g.AgentHeight; }},
      {"AgentRadius", [](NavSettings& s, const NavSettings& g) { s.AgentRadius = g.AgentRadius; }},
      {"AgentMaxClimb",
       [](NavSettings& s, const NavSettings& g) { s.AgentMaxClimb = g.AgentMaxClimb; }},
      {"AgentMaxSlopeDegrees",
       [](NavSettings& s, const NavSettings& g) {
         s.AgentMaxSlopeDegrees = g.AgentMaxSlopeDegrees;
       }},
      {"Partition", [](NavSettings& s, const NavSettings& g) { s.Partition = g.Partition; }},
      {"MinRegionArea",
       [](NavSettings& s, const NavSettings& g) { s.MinRegionArea = g.MinRegionArea; }},
      {"MergeRegionArea",
       [](NavSettings& s, const NavSettings& g) { s.MergeRegionArea = g.MergeRegionArea; }},
      {"ContourMaxError",
       [](NavSettings& s, const NavSettings& g) { s.ContourMaxError = g.ContourMaxError; }},
      {"MaxEdgeLength",
       [](NavSettings& s, const NavSettings& g) { s.MaxEdgeLength = g.MaxEdgeLength; }},
      {"MaxVertsPerPoly",
       [](NavSettings& s, const NavSettings& g) { s.MaxVertsPerPoly = g.MaxVertsPerPoly; }},
      {"DetailSampleDistance",
       [](NavSettings& s, const NavSettings& g) {
         s.DetailSampleDistance = g.DetailSampleDistance;
       }},
      {"DetailMaxError",
       [](NavSettings& s, const NavSettings& g) { s.DetailMaxError = g.DetailMaxError; }},
      {"MaxLocalExtent",
       [](NavSettings& s, const NavSettings& g) { s.MaxLocalExtent = g.MaxLocalExtent; }},
      {"Area", [](NavSettings& s, const NavSettings& g) { s.Area = g.Area; }},
      {"Flags", [](NavSettings& s, const NavSettings& g) { s.Flags = g.Flags; }},
  };
  for (const auto& [name, repair] : order) {
    EXPECT_EQ(FailingSetting(s), name);
    repair(s, good);
  }
  EXPECT_NO_THROW(CheckSettings(s));
}

TEST(Build3DSettings, ADerivedCountIsCheckedRightAfterItsOwnRange) {
  CLAUSE("b3d.settings-checks");
  // TileCells > 4096 comes before OriginX; WalkableRadius > 127 before
  // AgentMaxClimb's own range; the edge cell count before MaxVertsPerPoly.
  NavSettings s = b3dtest::UnitSettings(2, 1, 1);
  s.TileSize = 5000.0;
  s.OriginX = kNaN;
  EXPECT_EQ(FailingSetting(s), "TileSize");
  s = b3dtest::UnitSettings(2, 1, 200);
  s.AgentMaxClimb = -1.0;
  EXPECT_EQ(FailingSetting(s), "AgentRadius");
  s = b3dtest::UnitSettings(2, 1, 1);
  s.MaxEdgeLength = 0x1p40;
  s.MaxVertsPerPoly = 9;
  EXPECT_EQ(FailingSetting(s), "MaxEdgeLength");
}

TEST(Build3DSlopeCosine, TheChaptersValues) {
  CLAUSE("b3d.slope-cosine");
  EXPECT_EQ(SlopeMath::CosineOfDegrees(0.0), 1.0f);
  EXPECT_EQ(SlopeMath::CosineOfDegrees(30.0), 0x1.bb67aep-1f);
  EXPECT_EQ(SlopeMath::CosineOfDegrees(45.0), 0x1.6a09e6p-1f);  // 0.70710677f, as 000 gives
  EXPECT_EQ(SlopeMath::CosineOfDegrees(60.0), 0.5f);
  EXPECT_EQ(SlopeMath::CosineOfDegrees(89.0), 0x1.1df0b2p-6f);
  const float ninety = SlopeMath::CosineOfDegrees(90.0);
  EXPECT_EQ(std::bit_cast<std::uint32_t>(ninety), 0u);  // +0, not -0
}

TEST(Build3DSlopeCosine, EqualsThePythonTranscriptionBitForBit) {
  CLAUSE("b3d.slope-cosine num.ieee");
  const char* root = std::getenv("ONEPATH_SOURCE_DIR");
  std::ifstream in(std::string(root ? root : ".") + "/conformance/tests/data/slope_cosine.txt");
  ASSERT_TRUE(in) << "conformance/tests/data/slope_cosine.txt not found";
  int lines = 0;
  for (std::string line; std::getline(in, line);) {
    std::istringstream is(line);
    std::string angle, cosine;
    is >> angle >> cosine;
    const double d = std::strtod(angle.c_str(), nullptr);
    const double expected = std::strtod(cosine.c_str(), nullptr);
    const float got = SlopeMath::CosineOfDegrees(d);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(got),
              std::bit_cast<std::uint32_t>(static_cast<float>(expected)))
        << "angle " << angle;
    ++lines;
  }
  EXPECT_EQ(lines, 104);
}
