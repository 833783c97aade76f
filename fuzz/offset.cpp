// Fuzz target for Region.Offset (docs/spec/offset.md).
// clauses: offset.arguments offset.radius offset.pieces offset.square offset.limits
// clauses: offset.round-rectangle offset.round-vertex region.invariants arr.distortion
// clauses: err.fields err.nothing-else
//
// Input (bytes past the end read as zero): a flags byte (bit 0: the round
// join, else the square join; bits 1, 2 and 3 switch on the more costly
// checks below: the translation, the tile-map identities, the round offset
// between square ones, and bit 4 picks which of the two square ones that
// last check computes; bits 5 and 6: far round offsets, see below); the
// region operand, the distance and the arc tolerance (two scalars), all as
// in fuzz/offset_input.hpp; then, for the extra checks: a translation (two
// int8 scaled by 2^(byte % 24) grid units each), a second distance of
// 1 + byte % 16 grid units, and a byte choosing the line at which a tile map
// is split.
//
// Far round offsets (flag bits 5 and 6): once r dwarfs the region, every
// m-gon and rectangle of a round offset crosses every other, so the
// arrangement's work grows with the square of the piece count; inputs with
// r in the thousands of grid units and more were most of a long run's time
// (fuzz/README.md, "Speed"). Unless bits 5 and 6 are both set, a finite
// round distance is clamped to +-64 grid units (the m-gons then have 8 or
// 16 vertices, and every threshold of the checks below is still reached).
// With both set (a quarter of the flag values) it is taken as decoded: the
// 256-gons, offset.limits, and beyond 2^20 offset.arguments' error; but
// only on a region of at most 200 vertices (1,000 for the square join),
// where the spec's pairwise-crossing pieces stay within the nightly's
// limits (fuzz/offset_input.hpp, kNearRadius; fuzz/README.md, "Far
// radii"): a larger region's distance is clamped too. Non-finite
// distances are never clamped.
//
// Offset must throw exactly the error offset.arguments gives (distance
// first, then arcTolerance), and for the square join exactly the first
// offset.limits error (for the round join a plausible one, and none where
// the pieces surely fit). Otherwise the result must be a region the
// independent validator accepts, with the operand's SnapBits, and keep these
// promises, which hold exactly although the arrangement rounds (arr.*):
//  - distance 0 (either sign): the region itself (offset.radius); an empty
//    region stays empty;
//  - a grow contains the region (region \ grown is empty: snap rounding
//    keeps the order of non-crossing edges, so the region's boundary cannot
//    pass the pieces' outer boundary) and has no smaller area; a shrink
//    lies in the region and has no larger area (for the round join once
//    r >= 1: below that, rounding can fold the pieces flat, and a region
//    edge rerouted through a piece's vertex then loses or gains a sliver);
//  - square grow: its bounding box is exactly the region's grown by k (the
//    extreme pieces' axis-parallel outer sides are fed at integer
//    coordinates, and no hot pixel beyond them exists); round grow: the box
//    lies between the region's grown by r - 2 and by r / cos(pi/8) + 1
//    (vertices rounded by half a unit, edges moved by at most one,
//    arr.distortion);
//  - where the pieces reach far enough past the distortion (square k >= 2,
//    round r >= 2 for a grow; k >= 3, r >= 4 for a shrink), the region's
//    vertices lie strictly inside a grow (independent winding numbers), and
//    a shrink's vertices strictly inside the region, its box within the
//    region's shrunk by k - 1 (square) or r - 3 (round);
//  - (flag bit 3) round offsets lie between two square offsets with k far
//    enough apart (a polygonal circle of radius r lies between the squares
//    of half-side r / sqrt 2 and r / cos(pi/8), with two units of margin for
//    rounding): within the wider one, or (bit 4) around the narrower one.
//    One of them per input, as each is a square offset and a difference
//    of its own;
//  - (flag bit 1) square join: translating the region by whole grid units
//    translates the result (every piece vertex is an integer, and the
//    arrangement's rounding, floor(x + 1/2), commutes with integer
//    translations);
//  - (flag bit 2) square join on a tile map (every edge axis-parallel, so
//    nothing is ever rounded and the operations are the exact set
//    operations): the grow of a union is the union of the grows, and a
//    shrink of a union contains the union of the shrinks; offsets add (k1
//    then k2 is k1 + k2); a shrink is the complement of the grown complement
//    in a padded box and a grow the complement of the shrunk complement (cut
//    to the box of the region grown by k); the opening lies in the region
//    and the closing contains it.
// Any other exception (a GeometryException above all) escapes and is a
// finding.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "fuzz/offset_input.hpp"
#include "onepath/geom2d/internal/region_access.hpp"
#include "onepath/geom2d/region.hpp"

using namespace onepath;
using geom2d::OffsetJoin;
using geom2d::Region;
using geom2d::RegionAccess;

namespace {

const char* kName = "fuzz_offset";

// offset.arguments, in order.
std::optional<fuzz::ExpectedError> ArgumentsError(double distance, double tolerance) {
  if (!(std::fabs(distance) <= 0x1p20))
    return fuzz::ExpectedError{"ArgumentOutOfRangeException",
                               {.argument = "distance", .value = distance}};
  if (!(tolerance >= 0.0 && std::isfinite(tolerance)))
    return fuzz::ExpectedError{"ArgumentOutOfRangeException",
                               {.argument = "arcTolerance", .value = tolerance}};
  return std::nullopt;
}

Region Translated(const Region& region, std::int64_t dx, std::int64_t dy) {
  std::vector<geom2d::Ring> rings = region.Rings();
  for (geom2d::Ring& ring : rings)
    for (geom2d::GridPoint& p : ring) p = {p.x + dx, p.y + dy};
  return RegionAccess::FromRings(std::move(rings), region.SnapBits());
}

struct Extra {
  std::int64_t dx = 0, dy = 0;  // translation, grid units
  double k2 = 1;                // second square offset, grid units
  int splitByte = 0;
};

Extra DecodeExtra(fuzz::ByteReader& in) {
  Extra e;
  const int tx = static_cast<std::int8_t>(in.U8()), ty = static_cast<std::int8_t>(in.U8());
  const int shift = in.U8() % 24;
  e.dx = static_cast<std::int64_t>(tx) * (std::int64_t{1} << shift);
  e.dy = static_cast<std::int64_t>(ty) * (std::int64_t{1} << shift);
  e.k2 = 1 + in.U8() % 16;
  e.splitByte = in.U8();
  return e;
}

// The checks for every successful offset: the promises listed at the top.
void CheckResult(const Region& region, const Region& result, double distance, OffsetJoin join,
                 double r) {
  fuzz::CheckValidRegion(kName, result, "the result");
  if (result.SnapBits() != region.SnapBits()) fuzz::Fail(kName, "SnapBits changed");
  if (distance == 0.0) {
    fuzz::ExpectSameRegion(kName, result, region, "Offset(0) is not the region (offset.radius)");
    return;
  }
  if (region.IsEmpty()) {
    fuzz::ExpectEmpty(kName, result, "the offset of the empty region");
    return;
  }
  const fuzz::Bounds rb = fuzz::BoundsOf(region), ob = fuzz::BoundsOf(result);
  const bool square = join == OffsetJoin::kSquare;
  const double k = fuzz::SquareHalfSide(distance, region.SnapBits());
  // The pieces hold every edge strictly inside (square: k >= 1 always;
  // round: once r >= 1, rounding the corners by sqrt(1/2) at most leaves
  // them on their sides of the edge), so no edge can pass them.
  const bool covered = square || r >= 1;
  if (distance > 0) {
    if (covered) {
      fuzz::ExpectEmpty(kName, region.Difference(result), "region \\ grown");
      if (fuzz::AreaOf(result) < fuzz::AreaOf(region)) fuzz::Fail(kName, "a grow lost area");
    }
    if (square) {
      if (ob.empty || ob.x0 != rb.x0 - k || ob.y0 != rb.y0 - k || ob.x1 != rb.x1 + k ||
          ob.y1 != rb.y1 + k)
        fuzz::Fail(kName, "the square grow's bounding box is not the region's grown by k");
    } else if (!fuzz::BoundsWithin(ob, rb, r * 1.0825 + 1) ||
               (r >= 2 && !fuzz::BoundsWithin(rb, ob, -(r - 2)))) {
      fuzz::Fail(kName, "the round grow's bounding box is out of bounds");
    }
    if (square ? k >= 2 : r >= 2)
      fuzz::ExpectVerticesInside(kName, region, result, "the region's vertices in the grow");
  } else {
    if (covered) {
      fuzz::ExpectEmpty(kName, result.Difference(region), "shrunk \\ region");
      if (fuzz::AreaOf(result) > fuzz::AreaOf(region)) fuzz::Fail(kName, "a shrink gained area");
    }
    const double inset = square ? (k >= 3 ? k - 1 : 0) : (r >= 4 ? std::floor(r - 3) : 0);
    if (inset > 0) {
      fuzz::ExpectVerticesInside(kName, result, region, "the shrink's vertices in the region");
      if (!fuzz::BoundsWithin(ob, rb, -inset))
        fuzz::Fail(kName, "the shrink's bounding box is not inset far enough");
    }
  }
}

// Round offsets between square ones. The pieces reach at most
// r / cos(pi/8) + 1/2 from the boundary (vertices rounded by half a unit at
// most) and cover every point within r - 1.5 of it (a rectangle's corners
// and an m-gon's vertices move by at most sqrt(1/2) when rounded), and a
// disc of radius rho lies between the squares of half-side rho / sqrt 2 and
// rho. Each computed result is within one unit of its exact set
// (arr.distortion); the squares below keep more than two units from those
// bounds, so the computed boundaries cannot cross and the differences are
// empty however their own arrangement rounds.
void CheckRoundBetweenSquares(const Region& region, const Region& result, double distance, double r,
                              bool narrower) {
  if (r < 16) return;
  const double outer = std::ceil(r * 1.0825) + 4, inner = std::floor((r - 2) / 1.4143) - 4;
  const bool grow = distance > 0;
  if (!fuzz::SurelyWithinLimits(region, outer + 2) ||
      std::ldexp(outer, -region.SnapBits()) > onepath::kMaxOffsetDistance)
    return;
  if (!narrower) {
    const Region big = fuzz::SquareOffset(region, grow ? outer : inner, grow);
    fuzz::ExpectEmpty(kName, result.Difference(big), "round offset \\ the wider square offset");
  } else {
    const Region small = fuzz::SquareOffset(region, grow ? inner : outer, grow);
    fuzz::ExpectEmpty(kName, small.Difference(result),
                      "the narrower square offset \\ round offset");
  }
}

// Square join, any region: translation by whole grid units.
void CheckTranslation(const Region& region, const Region& result, double distance, const Extra& e) {
  const double k = fuzz::SquareHalfSide(distance, region.SnapBits());
  const double shift = static_cast<double>(std::max(std::llabs(e.dx), std::llabs(e.dy)));
  if (static_cast<double>(fuzz::BoundsOf(region).Extent()) + shift + k >
      fuzz::OffsetLimit(region.SnapBits()))
    return;
  const Region moved = Translated(region, e.dx, e.dy);
  fuzz::ExpectSameRegion(kName, moved.Offset(distance, OffsetJoin::kSquare, 0.0),
                         Translated(result, e.dx, e.dy),
                         "square offset of the translated region is not the translated offset");
}

// Square join, tile maps (nothing rounded): exact set identities.
void CheckRectilinear(const Region& region, const Region& result, double distance, const Extra& e) {
  const int bits = region.SnapBits();
  const bool grow = distance > 0;
  const double k = fuzz::SquareHalfSide(distance, bits);
  const fuzz::Bounds rb = fuzz::BoundsOf(region);
  if (rb.empty || !fuzz::SurelyWithinLimits(region, 3 * k + e.k2 + 4) ||
      std::ldexp(k + e.k2, -bits) > onepath::kMaxOffsetDistance)
    return;
  const auto kk = static_cast<std::int64_t>(k);

  // Offsets add.
  fuzz::ExpectSameRegion(kName, fuzz::SquareOffset(result, e.k2, grow),
                         fuzz::SquareOffset(region, k + e.k2, grow), "square offsets do not add");

  // Duality through the complement in a box, padded so that a square
  // around a point of the region's box grown by k stays inside it.
  const Region box = fuzz::BoxRegion(rb, 2 * kk + 1, bits);
  const Region twice = box.Difference(fuzz::SquareOffset(box.Difference(region), k, !grow));
  fuzz::ExpectSameRegion(kName, grow ? fuzz::BoxRegion(rb, kk, bits).Intersection(twice) : twice,
                         result, "the offset is not the complement's opposite offset");

  // Opening and closing.
  const Region back = fuzz::SquareOffset(result, k, !grow);
  fuzz::ExpectEmpty(kName, grow ? region.Difference(back) : back.Difference(region),
                    grow ? "region \\ closing" : "opening \\ region");

  // A union split at a horizontal line: the region below y = split + 1 and
  // the region above y = split (overlapping by one unit).
  const std::int64_t split = rb.y0 + e.splitByte % (rb.y1 - rb.y0);
  const Region lower =
      region.Intersection(fuzz::BoxRegion({false, rb.x0, rb.y0, rb.x1, split + 1}, 0, bits));
  const Region upper =
      region.Intersection(fuzz::BoxRegion({false, rb.x0, split, rb.x1, rb.y1}, 0, bits));
  const Region parts = fuzz::SquareOffset(lower, k, grow).Union(fuzz::SquareOffset(upper, k, grow));
  if (grow)
    fuzz::ExpectSameRegion(kName, parts, result, "the grow of a union is not the union of grows");
  else
    fuzz::ExpectEmpty(kName, parts.Difference(result), "union of shrinks \\ shrink of the union");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::ByteReader in(data, size);
  const std::uint8_t flags = in.U8();
  const OffsetJoin join = flags & 1 ? OffsetJoin::kRound : OffsetJoin::kSquare;
  bool rectilinear = false;
  const std::optional<Region> operand = fuzz::DecodeRegionOperand(kName, in, rectilinear);
  if (!operand) return 0;
  const Region& region = *operand;
  fuzz::CheckValidRegion(kName, region, "the operand");
  const int bits = region.SnapBits();
  const std::size_t vertices = fuzz::VertexCount(region);
  const bool far = join == OffsetJoin::kRound
                       ? (flags & 0x60) == 0x60 && vertices <= fuzz::kFarRoundVertices
                       : vertices <= fuzz::kFarSquareVertices;
  double distance = fuzz::DecodeScalar(in, bits);
  if (!far) distance = fuzz::ClampToNear(distance, bits);
  const double tolerance = fuzz::DecodeScalar(in, bits);
  const Extra extra = DecodeExtra(in);

  const double r = std::ldexp(std::fabs(distance), bits);
  const double reach = join == OffsetJoin::kSquare ? 0.0 : r * 1.0825 + 1;
  std::optional<fuzz::ExpectedError> expected = ArgumentsError(distance, tolerance);
  if (!expected && distance != 0.0 && join == OffsetJoin::kSquare)
    expected =
        fuzz::SquareLimitsError(region, fuzz::SquareHalfSide(distance, bits), "distance", false);
  Region result;
  try {
    result = region.Offset(distance, join, tolerance);
  } catch (const ArgumentException& e) {
    if (!expected && join == OffsetJoin::kRound && !fuzz::SurelyWithinLimits(region, reach))
      fuzz::CheckRoundLimitsError(kName, e, region, reach, "distance", false);
    else
      fuzz::CheckError(kName, e, expected);
    return 0;
  }
  if (expected)
    fuzz::Fail(kName, "no " + expected->type + ": " +
                          DescribeError(ArgumentOutOfRangeException("expected", expected->fields)));
  CheckResult(region, result, distance, join, r);
  if (distance == 0.0 || region.IsEmpty()) return 0;
  if (join == OffsetJoin::kRound) {
    if (flags & 8) CheckRoundBetweenSquares(region, result, distance, r, (flags & 16) != 0);
    return 0;
  }
  if (flags & 2) CheckTranslation(region, result, distance, extra);
  if ((flags & 4) && rectilinear) CheckRectilinear(region, result, distance, extra);
  return 0;
}
