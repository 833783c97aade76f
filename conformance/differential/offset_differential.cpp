// Differential test of the square join (offset.square, offset.pieces,
// offset.radius): Region::Offset(+-d, Square) of the reference
// (src/onepath/geom2d/offset.*) against CGAL's exact Minkowski sum of the
// region with the square [-k, k]^2 (oracles/cgal/minkowski_cgal.*,
// minkowski_sum_2 over Epeck, in its forked worker), k = max(1,
// roundToEven(|d| 2^SnapBits)) computed here from offset.square. A grow is
// region (+) square, a shrink the complement of the grown complement within a
// padded box. Every result also goes through the independent validity
// checker (conformance/generators/region_validity.*).
//
// Inputs (fixed seeds). The region is made by the library from outlines or a
// tile map (FromOutlines / FromTileMap, checked by the validity checker too)
// and offset by +d and by -d:
//  - shapes:<kind>: the region differential's ring families
//    (conformance/generators/region_shapes.hpp: boxes, octilinear, general
//    lattice shapes; 1-3 outlines of 1-4 rings, related rings that touch,
//    nest and overlap), on a lattice of 2^s grid units (s in 0..6);
//  - random: single outlines of 5-24 random points (self-crossing rings, read
//    even-odd) on [0, 16..2000]^2, and random rectilinear walks (axis-parallel
//    self-crossing rings);
//  - tiles: crops (8-28 cells a side) of the noisy tile map (cell 0.25,
//    conformance/generators/noisy_tilemap.hpp) and random tile maps of
//    whole-unit cells.
// SnapBits are drawn from 0, 1, 2, 4, 8, 12 and 16. Distances run from below
// one grid unit (k = 1) through a few units, the features' size, several
// times it, to 2^20 public units, with fractional values and ties at times
// (k by roundToEven, as offset.square says).
//
// Needed rounding. The edges the library nodes (offset.pieces) are the
// region's ring edges and, for every ring edge a -> b, the edges of its
// piece, the convex hull of the squares of half-side k at a and b, which is
// the segment's Minkowski sum with the square: a rectangle when ab is
// axis-parallel and otherwise a hexagon, written down here from that
// description (SquareSweep), not taken from src/. A case needs no rounding
// when noding these edges only splits them: every proper crossing is a grid
// point and no edge meets the pixel of a hot point off it
// (gen::RoundingFree, exact, independent of src/), or, without calling it,
// when every edge is axis-parallel (crossings of axis-parallel segments
// between grid points are grid points, and a grid point off such a segment
// is at least one unit from it, where its half-open pixel cannot reach).
//
// What is checked, and why it is sound:
//  (a) every region the library returns, and each input region, satisfies
//      region.invariants (CheckRegionValidity);
//  (b) exact cases: the symmetric difference of the library's result and
//      CGAL's sum has zero area (CGAL's exact boolean operations: as both
//      are regularised sets, equal point sets), CGAL's boundary has only
//      grid vertices, and the memberships (inside / outside / boundary from
//      gen::WindingAt) agree at probe points (vertices of the region and the
//      result, each also nudged by 1/64 in eight directions);
//  (c) rounded cases: arr.distortion moves each fed edge by at most one grid
//      unit, staying within its convex 1-unit neighbourhood (the polyline
//      through hot pixels starts and ends at the edge's ends). A point whose
//      winding numbers differ between the exact and the rounded arrangement
//      was swept over by a moving edge, so it lies within one unit of that
//      edge. Hence the symmetric difference D lies in the union T of
//      e (+) [-1, 1]^2 over the fed edges e (which contains e's disc
//      neighbourhood). Checked exactly: area(D \ T) = 0 (CGAL). This implies
//      the area bound |area(result) - area(sum)| <= area(D) <= area(T) <=
//      sum over e of (4 + 2 (|dx| + |dy|)), whose largest ratio is reported.
//  (d) CGAL 5.5.1 crashes in minkowski_sum_2's hole filter when two or more
//      holes of a polygon are narrower than the square (CGAL issue 7304, fixed
//      in 5.6). The oracle drops every hole of x or y extent at most 2k before
//      calling; such a hole is filled by the grow anyway (and, for a shrink,
//      such a piece of the region vanishes anyway): the argument is at the
//      top of oracles/cgal/minkowski_cgal.cpp. The cases where it dropped
//      holes are counted ("holes dropped"). CGAL 5.5.1's default algorithm,
//      the reduced convolution, also loses holes of the sum in some cases
//      (CGAL issue 5830, fixed in 5.6; here a shrink came out empty), so the
//      oracle sums by vertical decomposition and runs the reduced
//      convolution only as a cross-check; the summands where the two differ
//      are counted ("reduced convolution differs").
//  (e) CGAL rejections and worker crashes are counted and printed; they
//      never count as agreement. A library exception is a failure.
// A negative control compares the library's Offset with k against CGAL's
// sum with k + 1: every exact case with a non-empty result must be caught.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "conformance/generators/noisy_tilemap.hpp"
#include "conformance/generators/predicate_cases.hpp"
#include "conformance/generators/region_shapes.hpp"
#include "conformance/generators/region_validity.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/geom2d/arrangement.hpp"
#include "onepath/geom2d/region.hpp"
#include "oracles/cgal/minkowski_cgal.hpp"

namespace {

using onepath::Int128;
using onepath::Vector2D;
using onepath::gen::CheckRegionValidity;
using onepath::gen::DecimalText;
using onepath::gen::FormatRings;
using onepath::gen::LatticeRing;
using onepath::gen::RationalPoint;
using onepath::gen::RegionValidity;
using onepath::gen::ShapeKind;
using onepath::gen::SplitMix64;
using onepath::gen::UniformInt;
using onepath::geom2d::Geometry2DOptions;
using onepath::geom2d::GridPoint;
using onepath::geom2d::OffsetJoin;
using onepath::geom2d::Outline;
using onepath::geom2d::Region;
using onepath::geom2d::Ring;
using onepath::geom2d::TaggedEdge;
using onepath::oracle::CompareExactRationals;
using onepath::oracle::Membership;
using onepath::oracle::MinkowskiCgalResult;
using onepath::oracle::MinkowskiOp;
using onepath::oracle::MinkowskiRequest;
using onepath::oracle::RationalProbe;

using Status = MinkowskiCgalResult::Status;
using Clock = std::chrono::steady_clock;
using Segment = std::pair<GridPoint, GridPoint>;

double Seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

// --- statistics -------------------------------------------------------------

struct Stats {
  std::int64_t offsets = 0, grows = 0, shrinks = 0;
  std::int64_t emptyInputs = 0, emptyResults = 0, resultEdges = 0;
  std::int64_t rejected = 0, crashed = 0;  // CGAL's
  std::int64_t exactCases = 0, exactEqual = 0;
  std::int64_t roundedCases = 0, withinBound = 0, equalAnyway = 0;
  long double maxRatio = 0;  // area(D) / area bound of T, rounded cases
  std::int64_t droppedHoleCases = 0, droppedHoles = 0;
  std::int64_t convolutionMismatches = 0;  // CGAL's reduced convolution vs decomposition
  std::int64_t probes = 0;
  std::int64_t invalid = 0, failing = 0;
  std::int64_t maxK = 0;
  double librarySeconds = 0, cgalSeconds = 0;
  std::vector<std::string> cgalMessages;

  void Add(const Stats& s) {
    offsets += s.offsets, grows += s.grows, shrinks += s.shrinks;
    emptyInputs += s.emptyInputs, emptyResults += s.emptyResults, resultEdges += s.resultEdges;
    rejected += s.rejected, crashed += s.crashed;
    exactCases += s.exactCases, exactEqual += s.exactEqual;
    roundedCases += s.roundedCases, withinBound += s.withinBound, equalAnyway += s.equalAnyway;
    maxRatio = std::max(maxRatio, s.maxRatio);
    droppedHoleCases += s.droppedHoleCases, droppedHoles += s.droppedHoles;
    convolutionMismatches += s.convolutionMismatches;
    probes += s.probes;
    invalid += s.invalid, failing += s.failing;
    maxK = std::max(maxK, s.maxK);
    librarySeconds += s.librarySeconds, cgalSeconds += s.cgalSeconds;
    for (const std::string& m : s.cgalMessages)
      if (cgalMessages.size() < 3) cgalMessages.push_back(m);
  }
};

void PrintStats(const std::string& kind, const Stats& s) {
  std::printf(
      "[offset_differential] %-16s offsets %5lld (grow %lld, shrink %lld; empty inputs skipped "
      "%lld, empty results %lld, result edges %lld, largest k %lld): exact %lld, equal %lld; "
      "rounded %lld, within bound %lld (equal anyway %lld), max area(D)/bound %.5Lf; holes "
      "dropped in %lld offsets (%lld holes); reduced convolution differs in %lld summands; CGAL "
      "rejected %lld, crashed %lld; probes %lld; "
      "invalid %lld; failing %lld; library %.2f s, CGAL %.2f s\n",
      kind.c_str(), (long long)s.offsets, (long long)s.grows, (long long)s.shrinks,
      (long long)s.emptyInputs, (long long)s.emptyResults, (long long)s.resultEdges,
      (long long)s.maxK, (long long)s.exactCases, (long long)s.exactEqual,
      (long long)s.roundedCases, (long long)s.withinBound, (long long)s.equalAnyway, s.maxRatio,
      (long long)s.droppedHoleCases, (long long)s.droppedHoles, (long long)s.convolutionMismatches,
      (long long)s.rejected, (long long)s.crashed, (long long)s.probes, (long long)s.invalid,
      (long long)s.failing, s.librarySeconds, s.cgalSeconds);
  for (const std::string& m : s.cgalMessages)
    std::printf("[offset_differential] %-16s   CGAL: %s\n", kind.c_str(), m.c_str());
  std::fflush(stdout);
}

// --- the pieces and the bound, from the spec ----------------------------------

// offset.square's piece for the edge a -> b: the convex hull of the squares
// of half-side k at a and b, which is the segment (+) [-k, k]^2: the box of
// both squares when ab is axis-parallel, otherwise that box without the two
// corners that neither square reaches (a hexagon), counter-clockwise.
std::vector<GridPoint> SquareSweep(GridPoint a, GridPoint b, std::int64_t k) {
  const GridPoint lo{std::min(a.x, b.x), std::min(a.y, b.y)};
  const GridPoint hi{std::max(a.x, b.x), std::max(a.y, b.y)};
  if (a.x == b.x || a.y == b.y)
    return {{lo.x - k, lo.y - k}, {hi.x + k, lo.y - k}, {hi.x + k, hi.y + k}, {lo.x - k, hi.y + k}};
  if ((b.x > a.x) == (b.y > a.y))  // rising: squares at lo and hi
    return {{lo.x - k, lo.y - k}, {lo.x + k, lo.y - k}, {hi.x + k, hi.y - k},
            {hi.x + k, hi.y + k}, {hi.x - k, hi.y + k}, {lo.x - k, lo.y + k}};
  // falling: squares at (lo.x, hi.y) and (hi.x, lo.y)
  return {{hi.x - k, lo.y - k}, {hi.x + k, lo.y - k}, {hi.x + k, lo.y + k},
          {lo.x + k, hi.y + k}, {lo.x - k, hi.y + k}, {lo.x - k, hi.y - k}};
}

// The edges offset.pieces feeds: the region's ring edges (operand 0) and
// every piece's edges (operand 1).
std::vector<TaggedEdge> FedEdges(const Region& region, std::int64_t k) {
  std::vector<TaggedEdge> edges;
  for (const Ring& ring : region.Rings())
    for (std::size_t i = 0; i < ring.size(); ++i) {
      const GridPoint a = ring[i], b = ring[(i + 1) % ring.size()];
      edges.push_back({a, b, 0});
      const std::vector<GridPoint> piece = SquareSweep(a, b, k);
      for (std::size_t j = 0; j < piece.size(); ++j)
        edges.push_back({piece[j], piece[(j + 1) % piece.size()], 1});
    }
  return edges;
}

bool NeedsNoRounding(const std::vector<TaggedEdge>& edges) {
  const bool axisParallel = std::all_of(edges.begin(), edges.end(), [](const TaggedEdge& e) {
    return e.p.x == e.q.x || e.p.y == e.q.y;
  });
  return axisParallel || onepath::gen::RoundingFree(edges);
}

// Twice the area bound of T: 2 * sum over edges of (4 + 2 (|dx| + |dy|)),
// the area of e (+) [-1, 1]^2.
Int128 DoubledTubeBound(const std::vector<TaggedEdge>& edges) {
  Int128 sum = 0;
  for (const TaggedEdge& e : edges)
    sum +=
        2 * (4 + 2 * (static_cast<Int128>(std::llabs(e.q.x - e.p.x)) + std::llabs(e.q.y - e.p.y)));
  return sum;
}

// An exact rational "n" or "n/d", approximately (for the reported ratio).
long double Approx(const std::string& rational) {
  const std::size_t slash = rational.find('/');
  const long double n = std::strtold(rational.substr(0, slash).c_str(), nullptr);
  return slash == std::string::npos ? n
                                    : n / std::strtold(rational.substr(slash + 1).c_str(), nullptr);
}

// offset.square: k = max(1, roundToEven(r)), r = |d| 2^SnapBits (exact).
std::int64_t HalfSide(double distance, int bits) {
  return static_cast<std::int64_t>(
      std::max(1.0, std::nearbyint(std::ldexp(std::fabs(distance), bits))));
}

// --- probes -----------------------------------------------------------------

// Up to 12 vertices of each region (spread), each itself and nudged by 1/64
// in the eight directions.
std::vector<RationalProbe> Probes(const Region& a, const Region& b) {
  std::vector<RationalProbe> probes;
  for (const Region* r : {&a, &b}) {
    std::vector<GridPoint> vertices;
    for (const Ring& ring : r->Rings()) vertices.insert(vertices.end(), ring.begin(), ring.end());
    const std::size_t step = vertices.size() / 12 + 1;
    for (std::size_t i = 0; i < vertices.size(); i += step)
      for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy)
          probes.push_back({64 * vertices[i].x + dx, 64 * vertices[i].y + dy, 64});
  }
  return probes;
}

Membership LibraryMembership(const Region& region, const RationalProbe& p, bool& odd) {
  const std::optional<std::int64_t> w =
      onepath::gen::WindingAt(region, RationalPoint{p.x, p.y, p.den});
  if (!w) return Membership::kBoundary;
  odd = *w != 0 && *w != 1;
  return *w == 1 ? Membership::kInside : Membership::kOutside;
}

// --- one offset ---------------------------------------------------------------

struct OffsetCase {
  Region region;
  double distance = 0;  // signed, public units
  std::string source;   // how the region was made, for messages
};

struct Verdict {
  std::vector<std::string> failures;
  bool cgalAnswered = false;
  bool cgalFailed = false;  // rejected or crashed
  bool exact = false;
  bool nonEmpty = false;
};

void CheckValid(const Region& region, const char* what, Verdict& v, Stats& s) {
  const RegionValidity validity = CheckRegionValidity(region);
  if (validity.ok()) return;
  ++s.invalid;
  std::string m = std::string(what) + " is not a valid region";
  for (const std::string& line : validity.messages) m += "\n      " + line;
  v.failures.push_back(m);
}

// Runs the library and CGAL on one signed distance and compares them. With
// oracleExtra, CGAL is asked for the sum with k + oracleExtra (the negative
// control).
Verdict CheckOffset(const OffsetCase& c, Stats& s, std::int64_t oracleExtra = 0) {
  Verdict v;
  ++s.offsets;
  ++(c.distance > 0 ? s.grows : s.shrinks);
  const std::int64_t k = HalfSide(c.distance, c.region.SnapBits());
  s.maxK = std::max(s.maxK, k);
  Region result;
  Clock::time_point t0 = Clock::now();
  try {
    result = c.region.Offset(c.distance, OffsetJoin::kSquare, 0.0);
  } catch (const std::exception& e) {
    s.librarySeconds += Seconds(t0);
    v.failures.push_back(std::string("the library threw: ") + e.what());
    ++s.failing;
    return v;
  }
  s.librarySeconds += Seconds(t0);
  CheckValid(result, "the result", v, s);
  if (result.SnapBits() != c.region.SnapBits()) v.failures.push_back("SnapBits changed");
  if (result.IsEmpty()) ++s.emptyResults;
  v.nonEmpty = !result.IsEmpty();
  for (const Ring& r : result.Rings()) s.resultEdges += static_cast<std::int64_t>(r.size());

  const std::vector<TaggedEdge> fed = FedEdges(c.region, k);
  v.exact = NeedsNoRounding(fed);
  MinkowskiRequest q;
  q.region = c.region.Rings();
  q.halfSide = k + oracleExtra;
  q.op = c.distance > 0 ? MinkowskiOp::kGrow : MinkowskiOp::kShrink;
  q.compare = result.Rings();
  if (!v.exact)
    for (const TaggedEdge& e : fed) q.tubeSegments.emplace_back(e.p, e.q);
  q.probes = Probes(c.region, result);
  t0 = Clock::now();
  const MinkowskiCgalResult cg = onepath::oracle::MinkowskiCgalIsolated(q);
  s.cgalSeconds += Seconds(t0);
  if (cg.status != Status::kOk) {
    ++(cg.status == Status::kRejected ? s.rejected : s.crashed);
    v.cgalFailed = true;
    if (s.cgalMessages.size() < 3) s.cgalMessages.push_back(cg.message);
    if (!v.failures.empty()) ++s.failing;
    return v;
  }
  v.cgalAnswered = true;
  if (cg.droppedHoles > 0) ++s.droppedHoleCases, s.droppedHoles += cg.droppedHoles;
  s.convolutionMismatches += cg.convolutionMismatches;
  const std::size_t before = v.failures.size();
  const bool noDifference = cg.symmetricDifferenceDoubledArea == "0";
  if (v.exact) {
    ++s.exactCases;
    if (!noDifference)
      v.failures.push_back(
          "exact case: the symmetric difference with CGAL's sum has doubled area " +
          cg.symmetricDifferenceDoubledArea);
    if (!cg.integral) v.failures.push_back("exact case: CGAL's sum has a vertex off the grid");
    s.probes += static_cast<std::int64_t>(q.probes.size());
    for (std::size_t i = 0; i < q.probes.size() && i < cg.membership.size(); ++i) {
      bool odd = false;
      const Membership m = LibraryMembership(result, q.probes[i], odd);
      if (odd || m != cg.membership[i]) {
        v.failures.push_back("exact case: membership differs from CGAL's at (" +
                             std::to_string(q.probes[i].x) + ", " + std::to_string(q.probes[i].y) +
                             ") / 64");
        break;
      }
    }
    if (v.failures.size() == before) ++s.exactEqual;
  } else {
    ++s.roundedCases;
    if (noDifference) ++s.equalAnyway;
    const Int128 bound = DoubledTubeBound(fed);
    if (bound > 0)
      s.maxRatio = std::max(
          s.maxRatio, Approx(cg.symmetricDifferenceDoubledArea) / static_cast<long double>(bound));
    if (cg.outsideTubesDoubledArea != "0")
      v.failures.push_back(
          "rounded case: the symmetric difference with CGAL's sum reaches beyond one unit of the "
          "fed edges: doubled area " +
          cg.outsideTubesDoubledArea + " outside (of " + cg.symmetricDifferenceDoubledArea + ")");
    else if (CompareExactRationals(cg.symmetricDifferenceDoubledArea, DecimalText(bound)) > 0)
      v.failures.push_back("rounded case: the symmetric difference exceeds the area bound");
    if (v.failures.size() == before) ++s.withinBound;
  }
  if (!v.failures.empty()) ++s.failing;
  return v;
}

std::string Describe(const OffsetCase& c) {
  char head[200];
  std::snprintf(head, sizeof head, "  %s, SnapBits %d, Offset(%.17g, Square) (k = %lld)\n  ",
                c.source.c_str(), c.region.SnapBits(), c.distance,
                (long long)HalfSide(c.distance, c.region.SnapBits()));
  std::string s = head + FormatRings(c.region.Rings());
  try {
    s += "  result:\n  " +
         FormatRings(c.region.Offset(c.distance, OffsetJoin::kSquare, 0.0).Rings());
  } catch (const std::exception& e) {
    s += std::string("  the library threw: ") + e.what() + "\n";
  }
  return s;
}

// --- inputs -----------------------------------------------------------------

const int kBits[] = {0, 1, 2, 4, 8, 12, 16};

// A distance for features of about `size` grid units: k from 1 to several
// times the size, sometimes below one unit, fractional or a tie, and now and
// then the largest allowed (2^20 public units) when the limits allow it.
double Distance(SplitMix64& rng, std::int64_t size, int bits, std::int64_t extent) {
  double units;
  switch (rng.Below(8)) {
    case 0:
      units = static_cast<double>(UniformInt(rng, 1, 3));
      break;
    case 1:  // below one unit: k = 1
      units = std::ldexp(static_cast<double>(UniformInt(rng, 1, 7)), -3);
      break;
    case 2:  // a tie or a fraction: roundToEven decides
      units = static_cast<double>(UniformInt(rng, 1, std::max<std::int64_t>(1, size))) +
              (rng.Below(2) ? 0.5 : 0.375);
      break;
    case 3:
    case 4:
      units = static_cast<double>(UniformInt(rng, 1, std::max<std::int64_t>(1, size / 2)));
      break;
    case 5:
      units = static_cast<double>(UniformInt(rng, 1, std::max<std::int64_t>(2, 2 * size)));
      break;
    case 6:
      units = static_cast<double>(UniformInt(rng, size, 8 * size + 8));
      break;
    default: {  // the largest allowed distance, when the limits leave room
      const double limit = std::ldexp(0x1p21 + 0x1p20, bits);
      const double big = std::ldexp(0x1p20, bits);
      units = static_cast<double>(extent) + big <= limit
                  ? big
                  : static_cast<double>(UniformInt(rng, 8 * size, 64 * size + 64));
      break;
    }
  }
  return std::ldexp(units, -bits);
}

std::int64_t Extent(const Region& r) {
  std::int64_t m = 0;
  for (const Ring& ring : r.Rings())
    for (GridPoint p : ring) m = std::max<std::int64_t>({m, std::llabs(p.x), std::llabs(p.y)});
  return m;
}

// Outlines of the region differential's shape families: lattice points
// times 2^s grid units.
OffsetCase ShapesCase(SplitMix64& rng, ShapeKind kind, int bits, std::int64_t& size) {
  const int s = static_cast<int>(UniformInt(rng, 0, 6));
  const std::int64_t side = UniformInt(rng, 5, 14);
  size = side << s;
  std::vector<Outline> outlines;
  std::vector<LatticeRing> made;
  const int count = static_cast<int>(UniformInt(rng, 1, 3));
  for (int o = 0; o < count; ++o) {
    Outline outline;
    const int rings = rng.Below(3) ? 1 : static_cast<int>(UniformInt(rng, 2, 4));
    for (int r = 0; r < rings; ++r) {
      LatticeRing ring =
          made.empty() || rng.Below(3) == 0
              ? onepath::gen::FreshShape(rng, kind, side)
              : onepath::gen::RelatedShape(rng, kind, side, made[rng.Below(made.size())]);
      if (ring.size() < 3) continue;
      ring = onepath::gen::Shuffled(rng, ring);
      made.push_back(ring);
      std::vector<Vector2D> given;
      for (GridPoint p : ring)
        given.push_back({std::ldexp(static_cast<double>(p.x), s - bits),
                         std::ldexp(static_cast<double>(p.y), s - bits)});
      outline.rings.push_back(std::move(given));
    }
    if (!outline.rings.empty()) outlines.push_back(std::move(outline));
  }
  OffsetCase c;
  c.region = Region::FromOutlines(outlines, {.SnapBits = bits});
  c.source = "shapes, lattice unit 2^" + std::to_string(s);
  return c;
}

// One outline: random points (a self-crossing ring) or a random rectilinear
// walk closed back to its start.
OffsetCase RandomCase(SplitMix64& rng, int bits, std::int64_t& size) {
  const std::int64_t side = UniformInt(rng, 16, 2000);
  size = side / 4 + 1;
  const int n = static_cast<int>(UniformInt(rng, 5, 24));
  std::vector<Vector2D> ring;
  auto add = [&](std::int64_t x, std::int64_t y) {
    ring.push_back(
        {std::ldexp(static_cast<double>(x), -bits), std::ldexp(static_cast<double>(y), -bits)});
  };
  const bool rectilinear = rng.Below(3) == 0;
  if (!rectilinear) {
    for (int i = 0; i < n; ++i) add(UniformInt(rng, 0, side), UniformInt(rng, 0, side));
  } else {
    std::int64_t x = UniformInt(rng, 0, side), y = UniformInt(rng, 0, side);
    const std::int64_t x0 = x, y0 = y;
    for (int i = 0; i < n; ++i) {
      add(x, y);
      if (i % 2 == 0)
        x = UniformInt(rng, 0, side);
      else
        y = UniformInt(rng, 0, side);
    }
    add(x, y);
    add(x0, y);  // back along y, then x
    if (y != y0) add(x0, y0);
  }
  OffsetCase c;
  std::vector<Outline> outlines(1);
  outlines[0].rings.push_back(std::move(ring));
  c.region = Region::FromOutlines(outlines, {.SnapBits = bits});
  c.source = rectilinear ? "random rectilinear walk" : "random points";
  return c;
}

// A crop of the noisy tile map (cell 0.25) or a random map of whole-unit
// cells.
OffsetCase TileCase(SplitMix64& rng, int bits, std::int64_t& size) {
  OffsetCase c;
  const int w = static_cast<int>(UniformInt(rng, 8, 28)),
            h = static_cast<int>(UniformInt(rng, 8, 28));
  if (rng.Below(3)) {
    bits = std::max(bits, 2);  // quarter cells need SnapBits >= 2 (grid.tilemap-lines)
    const onepath::gen::TileMap m = onepath::gen::MakeNoisyTileMap(rng.Next(), w, h);
    c.region = Region::FromTileMap(m.cells, m.width, m.height, m.cellSize, {m.originX, m.originY},
                                   {.SnapBits = bits});
    size = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ldexp(m.cellSize, bits)) * 4);
    c.source = "noisy tile map " + std::to_string(w) + " x " + std::to_string(h);
  } else {
    std::vector<std::uint8_t> cells(static_cast<std::size_t>(w * h));
    const std::uint64_t density = static_cast<std::uint64_t>(UniformInt(rng, 20, 80));
    for (std::uint8_t& cell : cells) cell = rng.Below(100) < density;
    const double cellSize = static_cast<double>(UniformInt(rng, 1, 3));
    c.region = Region::FromTileMap(cells, w, h, cellSize, {-3.0, 5.0}, {.SnapBits = bits});
    size = static_cast<std::int64_t>(std::ldexp(cellSize, bits));
    c.source = "random tile map " + std::to_string(w) + " x " + std::to_string(h);
  }
  return c;
}

enum class Source { kShapesBoxes, kShapesOctilinear, kShapesGeneral, kRandom, kTiles };

struct Plan {
  const char* kind;
  Source source;
  int count;  // regions; each is offset by +d and -d
  std::uint64_t seed;
};

OffsetCase MakeCase(SplitMix64& rng, Source source, std::int64_t& size) {
  const int bits = kBits[rng.Below(7)];
  switch (source) {
    case Source::kShapesBoxes:
      return ShapesCase(rng, ShapeKind::kBoxes, bits, size);
    case Source::kShapesOctilinear:
      return ShapesCase(rng, ShapeKind::kOctilinear, bits, size);
    case Source::kShapesGeneral:
      return ShapesCase(rng, ShapeKind::kGeneral, bits, size);
    case Source::kRandom:
      return RandomCase(rng, bits, size);
    case Source::kTiles:
      return TileCase(rng, bits, size);
  }
  return {};
}

Stats RunPlan(const Plan& plan) {
  SplitMix64 rng(plan.seed);
  Stats stats;
  int reported = 0;
  for (int i = 0; i < plan.count; ++i) {
    std::int64_t size = 1;
    OffsetCase c = MakeCase(rng, plan.source, size);
    Verdict input;
    CheckValid(c.region, "the input region", input, stats);
    if (!input.failures.empty()) {
      ++stats.failing;
      ADD_FAILURE() << plan.kind << " case " << i << ": " << input.failures.front();
      continue;
    }
    if (c.region.IsEmpty()) {
      ++stats.emptyInputs;
      continue;
    }
    const double d = Distance(rng, size, c.region.SnapBits(), Extent(c.region));
    for (double signedDistance : {d, -d}) {
      c.distance = signedDistance;
      const Verdict v = CheckOffset(c, stats);
      if (v.cgalFailed && stats.rejected + stats.crashed == 1)  // the first of the plan
        std::printf("[offset_differential] %s case %d: CGAL failed on\n%s", plan.kind, i,
                    Describe(c).c_str());
      if (v.failures.empty()) continue;
      ADD_FAILURE() << plan.kind << " case " << i << " (seed 0x" << std::hex << plan.seed
                    << std::dec << "): " << v.failures.front();
      if (reported++ < 3)
        std::printf("[offset_differential] %s case %d:\n%s", plan.kind, i, Describe(c).c_str());
    }
  }
  return stats;
}

}  // namespace

// clang-format off
TEST(OffsetDifferential, SquareJoinAgreesWithCgalMinkowskiSum) {
  CLAUSE("offset.square offset.pieces offset.radius offset.arguments region.invariants region.face-rule arr.distortion");
  // clang-format on
  const Plan plans[] = {
      {"shapes:boxes", Source::kShapesBoxes, 200, 0x4f46464258455321ULL},
      {"shapes:octilinear", Source::kShapesOctilinear, 250, 0x4f46464f43544c21ULL},
      {"shapes:general", Source::kShapesGeneral, 250, 0x4f464647454e4c21ULL},
      {"random", Source::kRandom, 200, 0x4f464652414e4421ULL},
      {"tiles", Source::kTiles, 80, 0x4f464654494c4521ULL},
  };
  const Clock::time_point start = Clock::now();
  Stats total;
  for (const Plan& plan : plans) {
    const Stats s = RunPlan(plan);
    PrintStats(plan.kind, s);
    total.Add(s);
  }
  PrintStats("total", total);
  std::printf("[offset_differential] wall %.1f s\n", Seconds(start));
  ::testing::Test::RecordProperty("offsets", std::to_string(total.offsets));
  ::testing::Test::RecordProperty("exact_equal", std::to_string(total.exactEqual));
  ::testing::Test::RecordProperty("rounded_within_bound", std::to_string(total.withinBound));
  ::testing::Test::RecordProperty("cgal_rejected", std::to_string(total.rejected));
  ::testing::Test::RecordProperty("cgal_crashed", std::to_string(total.crashed));
  // Not hollow: CGAL answered, and both kinds of case came up.
  EXPECT_LE(total.rejected + total.crashed, total.offsets / 100);
  EXPECT_GE(total.exactCases, total.offsets / 4);
  EXPECT_GE(total.roundedCases, total.offsets / 10);
  EXPECT_GT(total.droppedHoleCases, 0);
}

// Negative control: the library's Offset with k against CGAL's sum with
// k + 1 must differ on every exact case with a non-empty result (the grow
// gains a one-unit band, the shrink loses one).
TEST(OffsetDifferential, NegativeControlWrongSquareIsCaught) {
  CLAUSE("offset.square");
  SplitMix64 rng(0x4f46464e45474154ULL);
  int exact = 0, caught = 0;
  Stats scratch;
  for (int i = 0; i < 80; ++i) {
    std::int64_t size = 1;
    OffsetCase c = MakeCase(rng, i % 2 ? Source::kShapesBoxes : Source::kTiles, size);
    if (c.region.IsEmpty()) continue;
    const double d = Distance(rng, size, c.region.SnapBits(), Extent(c.region));
    c.distance = i % 4 < 2 ? d : -d;
    const Verdict v = CheckOffset(c, scratch, /*oracleExtra=*/1);
    if (!v.cgalAnswered || !v.exact || !v.nonEmpty) continue;
    ++exact;
    caught += !v.failures.empty();
  }
  std::printf("[offset_differential] negative control: exact non-empty %d, caught %d\n", exact,
              caught);
  EXPECT_EQ(caught, exact);
  EXPECT_GE(exact, 20);
}
