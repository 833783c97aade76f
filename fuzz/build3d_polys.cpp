// Fuzz target for the polygonizer of the 3D build
// (docs/spec/build3d-polygons.md, b3d.poly.*): Polygonizer::BuildStages on
// decoded contour sets and settings.
// clauses: b3d.poly.api b3d.poly.values b3d.poly.walls b3d.poly.weld
// clauses: b3d.poly.ears b3d.poly.degenerate-ears b3d.poly.merge
// clauses: b3d.poly.errors b3d.poly.promise err.nothing-else
//
// Input: a settings byte s: s % 6 picks one of six valid presets
// (CellSize, TileSize, AgentRadius, MaxVertsPerPoly); s / 6 % 8 == 7
// damages them (MaxVertsPerPoly 2 or 7: b3d.settings-checks). A mode byte:
// even, the contours of conformance/tests/gen_contours.hpp for the seed
// in the next 4 bytes (window side from the mode byte); odd, raw
// contours: a count byte (% 6 contours), then per contour a region byte,
// an area byte and a vertex count byte (% 16), and per vertex x, z (a
// byte each, % (TileCells + 2B + 1), so on the tile's grid), y (a byte)
// and a byte whose low 2 bits are the neighbour (0 = wall) and bit 2 the
// area border flag. Raw contours are anything b3d.contour.values allows
// (self-crossing, repeated and collinear vertices): the polygonizer
// accepts every contour set (b3d.poly.errors).
//
// Checks: only the spec's exception types escape (err.nothing-else), and
// exactly when the settings are invalid (b3d.poly.errors). Both stages
// have the same vertex list, every vertex index is in range, no polygon
// visits a vertex twice, the stage `ears` holds triangles, the stage
// `polygons` 3 ... MaxVertsPerPoly corners, region and area those of the
// polygon's contour. On inputs of at most 48 contour vertices the
// brute-force oracle (oracles/boost_mp/polygonizer_bruteforce, written
// from the spec text) must give the same bytes for both stages, and its
// check of b3d.poly.promise must pass.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "conformance/tests/gen_contours.hpp"
#include "conformance/tests/poly_contours.hpp"
#include "fuzz/build3d_compact.hpp"
#include "onepath/build3d.hpp"
#include "oracles/boost_mp/polygonizer_bruteforce.hpp"

using namespace onepath;
using namespace onepath::build3d;

namespace {

const char* kName = "fuzz_build3d_polys";

[[noreturn]] void Fail(const std::string& what) { fuzz::Fail(kName, what); }

struct Preset {
  double cellSize, tileSize, agentRadius;
  int maxVertsPerPoly;
};

// cs 0.3 (the defaults), 0.25 (positions exact in float32), 0.7 (rounded);
// tiles of 32, 7, 32 and 7 cells.
constexpr Preset kPresets[6] = {{0.3, 9.6, 0.6, 6},  {0.3, 9.6, 0.6, 3}, {0.3, 2.1, 0.6, 4},
                                {0.25, 8.0, 0.5, 5}, {0.7, 4.9, 1.4, 6}, {0.7, 22.4, 0.7, 3}};

std::vector<oracle::BfContour> DecodeRaw(fuzz::ByteReader& in, const oracle::BfPolySettings& b) {
  const int grid = static_cast<int>(b.tileCells + 2 * b.border + 1);
  std::vector<oracle::BfContour> out(in.U8() % 6);
  for (oracle::BfContour& c : out) {
    c.region = static_cast<std::uint16_t>(1 + in.U8() % 8);
    c.area = static_cast<std::uint8_t>(in.U8() % 64);
    c.vertices.resize(in.U8() % 16);
    for (oracle::BfContourVertex& v : c.vertices) {
      v.x = in.U8() % grid;
      v.z = in.U8() % grid;
      v.y = in.U8();
      const int bits = in.U8();
      v.neighbour = static_cast<std::uint16_t>(bits % 4);
      v.areaBorder = (bits & 4) != 0;
    }
  }
  return out;
}

void CheckMesh(const PolyMesh& m, const ContourSet& set, int maxCorners, bool triangles,
               const char* stage) {
  const std::string at = std::string("stage ") + stage + ": ";
  for (const MeshPolygon& p : m.polygons) {
    const std::size_t n = p.corners.size();
    if (n < 3 || n > static_cast<std::size_t>(maxCorners) || (triangles && n != 3))
      Fail(at + "a polygon of " + std::to_string(n) + " corners");
    if (p.contour >= set.contours.size()) Fail(at + "a polygon of no contour");
    const Contour& c = set.contours[p.contour];
    if (p.region != c.region || p.area != c.area)
      Fail(at + "a polygon's region or area is not its contour's");
    for (std::size_t i = 0; i < n; ++i) {
      if (p.corners[i].vertex >= m.vertices.size()) Fail(at + "a corner's vertex out of range");
      for (std::size_t j = 0; j < i; ++j)
        if (p.corners[i].vertex == p.corners[j].vertex)
          Fail(at + "a polygon visits a vertex twice");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::ByteReader in(data, size);
  const int s = in.U8();
  const Preset& preset = kPresets[s % 6];
  const bool damaged = s / 6 % 8 == 7;
  NavSettings settings;
  settings.CellSize = preset.cellSize;
  settings.TileSize = preset.tileSize;
  settings.AgentRadius = preset.agentRadius;
  settings.MaxVertsPerPoly = damaged ? (s % 2 == 0 ? 2 : 7) : preset.maxVertsPerPoly;
  const oracle::BfPolySettings bs = oracle::BfPolySettingsFrom(
      preset.cellSize, preset.tileSize, preset.agentRadius, preset.maxVertsPerPoly);

  const int mode = in.U8();
  std::vector<oracle::BfContour> contours;
  if (mode % 2 == 0) {
    std::uint64_t seed = 0;
    for (int k = 0; k < 4; ++k) seed = seed << 8 | in.U8();
    conformance::GenContoursOptions o =
        mode % 4 == 0 ? conformance::GenContoursOptions{} : conformance::NoisyContoursOptions();
    o.cells = 2 + mode / 4 % 8;
    contours = conformance::GenerateContours(seed, bs, o);
  } else {
    contours = DecodeRaw(in, bs);
  }
  const ContourSet set = conformance::ToContourSet(contours);

  PolygonizerStages got;
  const bool threw = fuzz::Throws(kName, [&] { got = Polygonizer::BuildStages(set, settings); });
  if (threw != damaged)
    Fail(threw ? "BuildStages threw on valid settings" : "BuildStages accepted bad settings");
  if (damaged) return 0;

  if (!(got.ears.vertices == got.polygons.vertices))
    Fail("the stages ears and polygons have different vertex lists");
  CheckMesh(got.ears, set, 3, true, "ears");
  CheckMesh(got.polygons, set, preset.maxVertsPerPoly, false, "polygons");

  std::size_t vertices = 0;
  for (const auto& c : contours) vertices += c.vertices.size();
  if (vertices > 48) return 0;
  oracle::BfPolyDiagnostics diag;
  const oracle::BfPolyStages expected = oracle::BruteForcePolygonize(contours, bs, &diag);
  if (CanonicalBytes(got.ears) != oracle::BruteForcePolyMeshBytes(expected.ears))
    Fail("stage ears differs from the brute-force oracle");
  if (CanonicalBytes(got.polygons) != oracle::BruteForcePolyMeshBytes(expected.polygons))
    Fail("stage polygons differs from the brute-force oracle");
  const std::string promise = oracle::BfCheckPolyPromise(contours, bs, expected, diag);
  if (!promise.empty()) Fail("b3d.poly.promise: " + promise);
  return 0;
}
