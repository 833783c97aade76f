// Fuzz target for the boolean operations (docs/spec/region.md,
// region.boolean).
// clauses: region.boolean region.face-rule region.invariants grid.same-snapbits
// clauses: err.fields err.nothing-else
//
// Input: one byte choosing the operation (% 4: union, intersection,
// difference, symmetric difference), then operand A (SnapBits, up to 3
// outlines) and operand B (the same), encoded as in fuzz/region_input.hpp.
// Building an operand must fail exactly as the spec says for bad outlines;
// the operation must throw ArgumentException (setting SnapBits, value = B's)
// when the SnapBits differ, and otherwise return a region the independent
// validator accepts. Union, intersection and symmetric difference must not
// depend on the operand order, and A \ A is empty.
#include <cstddef>
#include <cstdint>

#include "conformance/generators/region_validity.hpp"
#include "fuzz/region_input.hpp"
#include "onepath/geom2d/region.hpp"

using namespace onepath;
using geom2d::Region;

namespace {

const char* kName = "fuzz_region_boolean";

// Builds an operand; false when it threw (checked against the spec).
bool Operand(fuzz::ByteReader& in, Region& out) {
  int bits = fuzz::DecodeSnapBits(in);
  std::vector<geom2d::Outline> outlines = fuzz::DecodeOutlines(in, 3);
  std::optional<fuzz::ExpectedError> expected = fuzz::OutlinesError(outlines, bits);
  try {
    out = Region::FromOutlines(outlines, {.SnapBits = bits});
  } catch (const ArgumentException& e) {
    fuzz::CheckError(kName, e, expected);
    return false;
  }
  if (expected) fuzz::Fail(kName, "no " + expected->type + " for a bad operand");
  return true;
}

Region Apply(int op, const Region& a, const Region& b) {
  switch (op) {
    case 0:
      return a.Union(b);
    case 1:
      return a.Intersection(b);
    case 2:
      return a.Difference(b);
    default:
      return a.SymmetricDifference(b);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::ByteReader in(data, size);
  int op = in.U8() % 4;
  Region a, b;
  if (!Operand(in, a) || !Operand(in, b)) return 0;
  Region result;
  try {
    result = Apply(op, a, b);
  } catch (const ArgumentException& e) {
    std::optional<fuzz::ExpectedError> expected;
    if (a.SnapBits() != b.SnapBits())
      expected = fuzz::ExpectedError{"ArgumentException",
                                     {.value = double(b.SnapBits()), .setting = "SnapBits"}};
    fuzz::CheckError(kName, e, expected);
    return 0;
  }
  if (a.SnapBits() != b.SnapBits()) fuzz::Fail(kName, "different SnapBits accepted");
  gen::RegionValidity validity = gen::CheckRegionValidity(result);
  if (!validity.ok()) {
    for (const std::string& m : validity.messages) std::fprintf(stderr, "  %s\n", m.c_str());
    fuzz::Fail(kName, "invalid region");
  }
  if (op != 2 && CanonicalBytes(Apply(op, b, a)) != CanonicalBytes(result))
    fuzz::Fail(kName, "operand order changed a symmetric operation");
  if (!a.Difference(a).IsEmpty()) fuzz::Fail(kName, "A \\ A is not empty");
  return 0;
}
