// Fuzz target for Region.PartitionConvex (docs/spec/triangulate.md).
// clauses: partition.limit partition.merge partition.output
// clauses: partition.canonical partition.promise err.fields err.nothing-else
//
// Input (bytes past the end read as zero): a region source as in
// fuzz/offset_input.hpp (outlines FromOutlines must reject end the case
// after their error is checked), then the limit (one byte, as in
// fuzz/mesh_input.hpp: mostly 3 .. 16, some out of range).
//
// An out-of-range limit must throw exactly partition.limit's error
// (ArgumentOutOfRangeException, argument maxVerticesPerPolygon, value), from
// Region.PartitionConvex and from the free PartitionConvex alike. Otherwise
// the partition must pass the independent validator (convex, 3 .. limit
// vertices, areas adding up, symmetric neighbours) over the triangulation's
// vertices, and equal PartitionConvex(Triangulate(), limit) byte for byte
// (partition.merge starts from Triangulate's triangles).
#include <cstddef>
#include <cstdint>
#include <optional>

#include "fuzz/mesh_input.hpp"
#include "fuzz/region_input.hpp"
#include "onepath/geom2d/region.hpp"
#include "onepath/geom2d/triangulation.hpp"

using namespace onepath;
using geom2d::Region;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const char* kName = "fuzz_partition_convex";
  fuzz::ByteReader in(data, size);
  fuzz::RegionSource source;
  Region region;
  if (!fuzz::DecodeSourceRegion(kName, in, source, region)) return 0;
  const int limit = fuzz::DecodePolygonLimit(in);
  const std::optional<fuzz::ExpectedError> expected = fuzz::PolygonLimitError(limit);
  const geom2d::RegionTriangulation t = region.Triangulate();
  geom2d::ConvexPartition c;
  try {
    c = region.PartitionConvex(limit);
  } catch (const ArgumentException& e) {
    fuzz::CheckError(kName, e, expected);
    try {
      geom2d::PartitionConvex(t, limit);
    } catch (const ArgumentException& f) {
      fuzz::CheckError(kName, f, expected);
      return 0;
    }
    fuzz::Fail(kName, "the free PartitionConvex accepted a bad limit");
  }
  if (expected) fuzz::Fail(kName, "no " + expected->type + " for a bad limit");
  fuzz::CheckValidTriangulation(kName, region, t, "the triangulation");
  fuzz::CheckValidPartition(kName, region, t, c, limit, "the partition");
  if (CanonicalBytes(geom2d::PartitionConvex(t, limit)) != CanonicalBytes(c))
    fuzz::Fail(kName, "differs from PartitionConvex(Triangulate(), limit)");
  return 0;
}
