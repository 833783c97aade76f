// Fuzz target for Region.Triangulate (docs/spec/triangulate.md).
// clauses: triangulate.input triangulate.faces triangulate.output
// clauses: triangulate.canonical region.promise err.nothing-else
//
// Input (bytes past the end read as zero): a region source as in
// fuzz/offset_input.hpp (a mode byte; a tile map of at most 8 x 8 cells, or
// SnapBits and up to 3 outlines as in fuzz/region_input.hpp). Outlines that
// FromOutlines must reject end the case after their error is checked.
//
// Triangulate throws nothing for a valid region; its result must pass the
// independent validator (triangulate.output, triangulate.faces) with the
// region's SnapBits, and for outlines its bytes must not change when the
// outlines come in reverse order with their rings reversed, every ring
// reversed and its start rotated (region.promise: the same region, so the
// same triangles).
#include <cstddef>
#include <cstdint>

#include "fuzz/mesh_input.hpp"
#include "fuzz/region_input.hpp"
#include "onepath/geom2d/region.hpp"

using namespace onepath;
using geom2d::Region;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const char* kName = "fuzz_triangulate";
  fuzz::ByteReader in(data, size);
  fuzz::RegionSource source;
  Region region;
  if (!fuzz::DecodeSourceRegion(kName, in, source, region)) return 0;
  fuzz::CheckValidRegion(kName, region, "the region");
  const geom2d::RegionTriangulation t = region.Triangulate();
  fuzz::CheckValidTriangulation(kName, region, t, "the triangulation");
  if (source.tileMap) return 0;
  const Region permuted =
      Region::FromOutlines(fuzz::Permuted(source.outlines), {.SnapBits = source.snapBits});
  if (CanonicalBytes(permuted.Triangulate()) != CanonicalBytes(t))
    fuzz::Fail(kName, "outline order, ring order, start or direction changed the triangles");
  return 0;
}
