// Fuzz target for Mesh2DPipeline.BuildFromOutlines and BuildFromTileMap
// (docs/spec/pipeline.md).
// clauses: pipeline.settings pipeline.stages shrink.settings partition.limit
// clauses: region.invariants triangulate.output partition.promise err.fields
// clauses: err.nothing-else
//
// Input (bytes past the end read as zero): a region source as in
// fuzz/offset_input.hpp (a mode byte; SnapBits and up to 3 outlines, or a
// tile map of at most 8 x 8 cells), then a flags byte f, then:
//  - CellSize: a scalar (fuzz/offset_input.hpp) when f & 1; otherwise the
//    tile map's cell size, or 0.25 for outlines;
//  - AgentRadius: a scalar when f & 2; otherwise 2 ((f >> 2) & 7) grid
//    units; beyond 64 grid units clamped to 64 when the outlines' region
//    has more than 500 vertices (fuzz/offset_input.hpp, kNearRadius);
//  - MaxVerticesPerPolygon: the limit byte of fuzz/mesh_input.hpp;
//  - f bit 5: the costly check below (bits 6 and 7 are not read).
// SnapBits is the source's (outlines: -1 .. 17, tile maps: 0 .. 16).
//
// The build must throw exactly pipeline.settings' error for the first bad
// setting (SnapBits, CellSize, AgentRadius, MaxVerticesPerPolygon), before
// the input is read. When it throws for a later reason, each stage is run
// on its own through the public calls (FromOutlines or FromTileMap, Shrink,
// Triangulate, PartitionConvex), and the build must have thrown the error
// the first failing stage throws (outlines' errors checked against the
// spec too). Otherwise every stage must be valid for the independent
// validators (regions, triangles, polygons) and the stages must chain
// (pipeline.stages), byte for byte: a tile map's region stage is
// FromTileMap of the input, the triangles stage is Triangulate of the
// shrunk stage and the polygons stage PartitionConvex of the triangles
// stage; with f bit 5 also an outline set's region stage is FromOutlines of
// the input and the shrunk stage Shrink of the region stage. Those two
// calls are the costly ones (running them twice was most of the target's
// time), so only the inputs with bit 5 run them twice;
// fuzz/region_from_outlines.cpp and fuzz/shrink.cpp check the calls
// themselves on every input.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "fuzz/mesh_input.hpp"
#include "fuzz/offset_input.hpp"
#include "fuzz/region_input.hpp"
#include "onepath/geom2d/pipeline.hpp"
#include "onepath/geom2d/region.hpp"

using namespace onepath;
using geom2d::Mesh2DBuild;
using geom2d::Mesh2DPipeline;
using geom2d::Mesh2DSettings;
using geom2d::Region;

namespace {

const char* kName = "fuzz_build2d";

// pipeline.settings, in order.
std::optional<fuzz::ExpectedError> SettingsError(const Mesh2DSettings& s) {
  auto bad = [](const char* name, double value) {
    return fuzz::ExpectedError{"ArgumentOutOfRangeException", {.value = value, .setting = name}};
  };
  if (s.SnapBits < 0 || s.SnapBits > 16) return bad("SnapBits", s.SnapBits);
  if (auto e = fuzz::ShrinkSettingsError(s)) return e;
  if (!fuzz::ValidPolygonLimit(s.MaxVerticesPerPolygon))
    return bad("MaxVerticesPerPolygon", s.MaxVerticesPerPolygon);
  return std::nullopt;
}

Mesh2DBuild Build(const fuzz::RegionSource& source, const Mesh2DSettings& s) {
  if (source.tileMap)
    return Mesh2DPipeline::BuildFromTileMap(source.cells, source.width, source.height,
                                            source.origin, s);
  return Mesh2DPipeline::BuildFromOutlines(source.outlines, s);
}

// The stages one by one; nullopt with `error` set when one threw.
std::optional<Mesh2DBuild> Stages(const fuzz::RegionSource& source, const Mesh2DSettings& s,
                                  std::optional<fuzz::ExpectedError>& error) {
  Mesh2DBuild b;
  try {
    if (source.tileMap) {
      b.region = Region::FromTileMap(source.cells, source.width, source.height, s.CellSize,
                                     source.origin, {.SnapBits = s.SnapBits});
    } else if (!fuzz::SourceRegion(kName, source, b.region)) {
      error = fuzz::OutlinesError(source.outlines, s.SnapBits);
      return std::nullopt;
    }
    b.shrunk = Mesh2DPipeline::Shrink(b.region, s);
    b.triangles = b.shrunk.Triangulate();
    b.polygons = geom2d::PartitionConvex(b.triangles, s.MaxVerticesPerPolygon);
  } catch (const ArgumentException& e) {
    error = fuzz::AsExpected(e);
    return std::nullopt;
  }
  return b;
}

// fuzz/offset_input.hpp, kNearRadius: a finite AgentRadius beyond 64 grid
// units on an outline set whose region has more than 500 vertices is
// clamped to 64. Only such inputs pay for the extra FromOutlines (whose
// errors SourceRegion checks); bad settings are left to the build.
void ClampFarRadius(const fuzz::RegionSource& source, Mesh2DSettings& s) {
  if (source.tileMap || SettingsError(s) || !fuzz::IsFar(s.AgentRadius, s.SnapBits)) return;
  Region region;
  if (!fuzz::SourceRegion(kName, source, region)) return;
  if (fuzz::VertexCount(region) > fuzz::kFarShrinkVertices)
    s.AgentRadius = fuzz::ClampToNear(s.AgentRadius, s.SnapBits);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::ByteReader in(data, size);
  const fuzz::RegionSource source = fuzz::DecodeRegionSource(in, 3);
  const std::uint8_t f = in.U8();
  Mesh2DSettings s;
  s.SnapBits = source.snapBits;
  const int bits = s.SnapBits < 0 ? 0 : s.SnapBits;
  s.CellSize = (f & 1) ? fuzz::DecodeScalar(in, bits) : source.tileMap ? source.cellSize : 0.25;
  s.AgentRadius = (f & 2) ? fuzz::DecodeScalar(in, bits) : std::ldexp(2.0 * ((f >> 2) & 7), -bits);
  s.MaxVerticesPerPolygon = fuzz::DecodePolygonLimit(in);
  ClampFarRadius(source, s);

  std::optional<fuzz::ExpectedError> expected = SettingsError(s);
  Mesh2DBuild build;
  try {
    build = Build(source, s);
  } catch (const ArgumentException& e) {
    if (!expected && Stages(source, s, expected))
      fuzz::Fail(kName, std::string("the build threw where every stage ran: ") + e.what());
    fuzz::CheckError(kName, e, expected);
    return 0;
  }
  if (expected) fuzz::Fail(kName, "no " + expected->type + " from the build");
  fuzz::CheckValidRegion(kName, build.region, "the region stage");
  fuzz::CheckValidRegion(kName, build.shrunk, "the shrunk stage");
  fuzz::CheckValidTriangulation(kName, build.shrunk, build.triangles, "the triangles stage");
  fuzz::CheckValidPartition(kName, build.shrunk, build.triangles, build.polygons,
                            s.MaxVerticesPerPolygon, "the polygons stage");

  // pipeline.stages: each stage is the public call on the one before.
  Mesh2DBuild chain;
  try {
    if (source.tileMap)
      chain.region = Region::FromTileMap(source.cells, source.width, source.height, s.CellSize,
                                         source.origin, {.SnapBits = s.SnapBits});
    else if (!(f & 32))
      chain.region = build.region;
    else if (!fuzz::SourceRegion(kName, source, chain.region))
      fuzz::Fail(kName, "the build returned where FromOutlines threw");
    if (f & 32) chain.shrunk = Mesh2DPipeline::Shrink(build.region, s);
    chain.triangles = build.shrunk.Triangulate();
    chain.polygons = geom2d::PartitionConvex(build.triangles, s.MaxVerticesPerPolygon);
  } catch (const ArgumentException& e) {
    fuzz::Fail(kName, std::string("the build returned where a stage threw: ") + e.what());
  }
  if (CanonicalBytes(build.region) != CanonicalBytes(chain.region))
    fuzz::Fail(kName, "the region stage differs from FromOutlines / FromTileMap");
  if ((f & 32) && CanonicalBytes(build.shrunk) != CanonicalBytes(chain.shrunk))
    fuzz::Fail(kName, "the shrunk stage differs from Shrink(region)");
  if (CanonicalBytes(build.triangles) != CanonicalBytes(chain.triangles))
    fuzz::Fail(kName, "the triangles stage differs from Triangulate(shrunk)");
  if (CanonicalBytes(build.polygons) != CanonicalBytes(chain.polygons))
    fuzz::Fail(kName, "the polygons stage differs from PartitionConvex(triangles)");
  return 0;
}
