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

#include "fuzz/region_input.hpp"
#include "onepath/geom2d/region.hpp"

using namespace onepath;
using geom2d::Region;

namespace {

const char* kName = "fuzz_region_boolean";

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
  if (!fuzz::DecodeOutlinesRegion(kName, in, 3, a) || !fuzz::DecodeOutlinesRegion(kName, in, 3, b))
    return 0;
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
  fuzz::CheckValidRegion(kName, result, "the result");
  if (op != 2 && CanonicalBytes(Apply(op, b, a)) != CanonicalBytes(result))
    fuzz::Fail(kName, "operand order changed a symmetric operation");
  if (!a.Difference(a).IsEmpty()) fuzz::Fail(kName, "A \\ A is not empty");
  return 0;
}
