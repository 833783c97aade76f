// Shared by the mesh fuzz targets (fuzz/triangulate.cpp,
// fuzz/partition_convex.cpp, fuzz/build2d.cpp): the polygon limit's
// encoding and the checks of triangulations and partitions with the
// independent validator (conformance/generators/triangulation_validity.hpp).
//
// Polygon limit (maxVerticesPerPolygon, MaxVerticesPerPolygon): one byte b;
// b < 224 gives 3 + b % 14 (valid, 3 .. 16); otherwise b % 8 picks an
// out-of-range value: 2, 17, 0, -1, 1, 100, INT_MIN, INT_MAX.
#pragma once

#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "conformance/generators/triangulation_validity.hpp"
#include "fuzz/region_input.hpp"
#include "onepath/geom2d/region.hpp"
#include "onepath/geom2d/triangulation.hpp"

namespace onepath::fuzz {

inline int DecodePolygonLimit(ByteReader& in) {
  const std::uint8_t b = in.U8();
  if (b < 224) return 3 + b % 14;
  const int bad[8] = {
      2, 17, 0, -1, 1, 100, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()};
  return bad[b % 8];
}

inline bool ValidPolygonLimit(int limit) { return limit >= 3 && limit <= 16; }

inline void CheckValidity(const char* target, const gen::TriangulationValidity& v,
                          const char* what) {
  if (v.ok()) return;
  std::fprintf(stderr, "  %s\n", v.Summary().c_str());
  Fail(target, std::string(what) + " is not valid");
}

// Aborts unless the triangulation of `region` is valid and has its SnapBits.
inline void CheckValidTriangulation(const char* target, const geom2d::Region& region,
                                    const geom2d::RegionTriangulation& t, const char* what) {
  if (t.snapBits != region.SnapBits()) Fail(target, std::string(what) + ": SnapBits changed");
  CheckValidity(target, gen::CheckTriangulationValidity(region.Rings(), t), what);
}

// The same for a partition, which must also use the triangulation's
// vertices (partition.output).
inline void CheckValidPartition(const char* target, const geom2d::Region& region,
                                const geom2d::RegionTriangulation& t,
                                const geom2d::ConvexPartition& c, int limit, const char* what) {
  if (c.snapBits != region.SnapBits()) Fail(target, std::string(what) + ": SnapBits changed");
  if (c.vertices != t.vertices) Fail(target, std::string(what) + ": not the triangles' vertices");
  CheckValidity(target, gen::CheckPartitionValidity(region.Rings(), c, limit), what);
}

// partition.limit's error.
inline std::optional<ExpectedError> PolygonLimitError(int limit) {
  if (ValidPolygonLimit(limit)) return std::nullopt;
  return ExpectedError{"ArgumentOutOfRangeException",
                       {.argument = "maxVerticesPerPolygon", .value = double(limit)}};
}

// The region of a decoded source (fuzz/offset_input.hpp's encoding, up to 3
// outlines); false when FromOutlines threw, as required.
inline bool DecodeSourceRegion(const char* target, ByteReader& in, RegionSource& source,
                               geom2d::Region& region) {
  source = DecodeRegionSource(in, 3);
  return SourceRegion(target, source, region);
}

// The error a call threw, as an expectation for another call.
inline ExpectedError AsExpected(const OnePathException& e) {
  return ExpectedError{e.typeName(), e.fields()};
}

}  // namespace onepath::fuzz
