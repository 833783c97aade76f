// Fuzz target for Region.FromOutlines (docs/spec/region.md).
// clauses: region.from-outlines region.outline region.invariants region.promise
// clauses: grid.coordinates grid.snapbits err.fields err.nothing-else
//
// Input: SnapBits (one byte), then up to 4 outlines (encoding in
// fuzz/region_input.hpp). FromOutlines must either throw exactly the error
// the spec's check order gives for the first bad ring or coordinate (type
// and fields), or return a region that the independent validator accepts
// and that does not change when the outlines come in reverse order with
// every ring reversed (region.promise). Anything else aborts.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "conformance/generators/region_validity.hpp"
#include "fuzz/region_input.hpp"
#include "onepath/geom2d/region.hpp"

using namespace onepath;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const char* kName = "fuzz_region_from_outlines";
  fuzz::ByteReader in(data, size);
  int bits = fuzz::DecodeSnapBits(in);
  std::vector<geom2d::Outline> outlines = fuzz::DecodeOutlines(in, 4);
  std::optional<fuzz::ExpectedError> expected = fuzz::OutlinesError(outlines, bits);
  geom2d::Region region;
  try {
    region = geom2d::Region::FromOutlines(outlines, {.SnapBits = bits});
  } catch (const ArgumentException& e) {  // and ArgumentOutOfRangeException
    fuzz::CheckError(kName, e, expected);
    return 0;
  }
  if (expected) fuzz::Fail(kName, "no " + expected->type + " for bad input");
  gen::RegionValidity validity = gen::CheckRegionValidity(region);
  if (!validity.ok()) {
    for (const std::string& m : validity.messages) std::fprintf(stderr, "  %s\n", m.c_str());
    fuzz::Fail(kName, "invalid region");
  }
  std::vector<geom2d::Outline> changed = outlines;
  std::reverse(changed.begin(), changed.end());
  for (geom2d::Outline& o : changed)
    for (auto& ring : o.rings) std::reverse(ring.begin(), ring.end());
  if (CanonicalBytes(geom2d::Region::FromOutlines(changed, {.SnapBits = bits})) !=
      CanonicalBytes(region))
    fuzz::Fail(kName, "result depends on outline order or ring direction (region.promise)");
  return 0;
}
