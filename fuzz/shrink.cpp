// Fuzz target for Mesh2DPipeline.Shrink (docs/spec/shrink.md).
// clauses: shrink.settings shrink.arc-tolerance shrink.rectangle shrink.sector
// clauses: shrink.edges shrink.bounds offset.limits region.invariants err.fields
// clauses: err.nothing-else
//
// Input (bytes past the end read as zero): the region operand, then
// CellSize and AgentRadius (two scalars), as in fuzz/offset_input.hpp. On
// a region of more than 500 vertices a finite AgentRadius beyond 64 grid
// units is clamped to 64 (sign kept): far radii make every sector cross
// every other (fuzz/offset_input.hpp, kNearRadius).
//
// Shrink must throw exactly the error shrink.settings gives (CellSize first,
// then AgentRadius), a plausible offset.limits error (setting AgentRadius, a
// coordinate beyond the limit within the pieces' reach) and none where the
// pieces surely fit. Otherwise the result must be a region the independent
// validator accepts, with the operand's SnapBits, and keep these promises
// (exact although the arrangement rounds, arr.*):
//  - AgentRadius 0 (either sign): the region itself; an empty region stays
//    empty;
//  - for r >= 1 (r = AgentRadius in grid units; below that rounding can fold
//    the rectangles flat), the result lies in the region (result \ region is
//    empty: the region's own edges are fed once for both operands, and snap
//    rounding keeps the order of non-crossing edges) and has no larger area;
//  - shrink.bounds: the removed set covers every point within
//    0.899 r - 1.5 of the boundary and reaches no farther than
//    1.058 r + 1/2 (rounded vertices move by at most sqrt(1/2)). E_m's
//    vertices lie at most 5.8 % outside the circle and its chords at most
//    4.9 % inside for m = 8, less for larger m; but a sector's arc starts
//    and ends at tips on the circle, and its first and last chords, or the
//    single chord from tip to tip of a sector that holds no arc vertex,
//    span up to the widest gap between E_m's directions (51.9 degrees for
//    m = 8) and dip up to 10.1 % inside (1.94 % for m = 16): a finding of
//    this target, fuzz/regressions/shrink/README.md. So, with one unit of
//    distortion: for r >= 4 the result's vertices lie strictly inside the
//    region and its box within the region's shrunk by 0.89 r - 3; and the
//    result lies between the square erosions (Region.Offset, Square) of
//    half-side ceil(1.0825 r) + 4 and floor((0.89 r - 3) / sqrt 2) - 4 (a
//    disc of radius rho lies between the squares of half-side rho / sqrt 2
//    and rho; the margins of more than two units keep the computed
//    boundaries from crossing).
// Any other exception (a GeometryException above all) escapes and is a
// finding.
#include "onepath/geom2d/internal/shrink.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "fuzz/offset_input.hpp"
#include "onepath/geom2d/pipeline.hpp"
#include "onepath/geom2d/region.hpp"

using namespace onepath;
using geom2d::Mesh2DPipeline;
using geom2d::Mesh2DSettings;
using geom2d::Region;

namespace {

const char* kName = "fuzz_shrink";

void CheckResult(const Region& region, const Region& result, const Mesh2DSettings& s) {
  fuzz::CheckValidRegion(kName, result, "the result");
  if (result.SnapBits() != region.SnapBits()) fuzz::Fail(kName, "SnapBits changed");
  if (s.AgentRadius == 0.0) {
    fuzz::ExpectSameRegion(kName, result, region, "Shrink with radius 0 is not the region");
    return;
  }
  if (region.IsEmpty()) {
    fuzz::ExpectEmpty(kName, result, "the shrink of the empty region");
    return;
  }
  const int bits = region.SnapBits();
  const double r = std::ldexp(s.AgentRadius, bits);
  if (r < 1) return;
  fuzz::ExpectEmpty(kName, result.Difference(region), "shrunk \\ region");
  if (fuzz::AreaOf(result) > fuzz::AreaOf(region)) fuzz::Fail(kName, "the shrink gained area");
  if (r < 4) return;
  const double inset = 0.89 * r - 3;
  if (inset > 0) {
    fuzz::ExpectVerticesInside(kName, result, region, "the shrink's vertices in the region");
    if (!fuzz::BoundsWithin(fuzz::BoundsOf(result), fuzz::BoundsOf(region), -inset))
      fuzz::Fail(kName, "the shrink's bounding box is not inset far enough");
  }
  const double outer = std::ceil(r * 1.0825) + 4, inner = std::floor(inset / 1.4143) - 4;
  if (fuzz::SurelyWithinLimits(region, outer + 2) &&
      std::ldexp(outer, -bits) <= onepath::kMaxOffsetDistance)
    fuzz::ExpectEmpty(kName, fuzz::SquareOffset(region, outer, false).Difference(result),
                      "the wider square erosion \\ shrink");
  if (inner >= 1)
    fuzz::ExpectEmpty(kName, result.Difference(fuzz::SquareOffset(region, inner, false)),
                      "shrink \\ the narrower square erosion");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::ByteReader in(data, size);
  bool rectilinear = false;
  const std::optional<Region> operand = fuzz::DecodeRegionOperand(kName, in, rectilinear);
  if (!operand) return 0;
  const Region& region = *operand;
  fuzz::CheckValidRegion(kName, region, "the operand");
  Mesh2DSettings settings;
  settings.CellSize = fuzz::DecodeScalar(in, region.SnapBits());
  settings.AgentRadius = fuzz::DecodeScalar(in, region.SnapBits());
  if (fuzz::VertexCount(region) > fuzz::kFarShrinkVertices)
    settings.AgentRadius = fuzz::ClampToNear(settings.AgentRadius, region.SnapBits());

  // The pieces reach 1.058 r + 1/2 at most (shrink.bounds).
  const double reach = std::ldexp(std::fabs(settings.AgentRadius), region.SnapBits()) * 1.06 + 1;
  const std::optional<fuzz::ExpectedError> expected = fuzz::ShrinkSettingsError(settings);
  Region result;
  try {
    result = Mesh2DPipeline::Shrink(region, settings);
  } catch (const ArgumentException& e) {
    if (!expected && !fuzz::SurelyWithinLimits(region, reach))
      fuzz::CheckRoundLimitsError(kName, e, region, reach, "AgentRadius", true);
    else
      fuzz::CheckError(kName, e, expected);
    return 0;
  }
  if (expected) fuzz::Fail(kName, "no " + expected->type + " for bad settings");
  CheckResult(region, result, settings);
  return 0;
}
