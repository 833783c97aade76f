// Deterministic inputs for the predicate tests (pred.orient2d, pred.incircle,
// pred.exact, pred.float32, pred.domain).
//
// Reproducibility: the output depends only on the seed. The generator uses
// no <random> engines or distributions and no libm function that rounds;
// only IEEE +, -, *, / in double or float (round to nearest even, no FMA
// contraction: the project's build flags), exact std::ldexp / std::frexp,
// and std::nextafter. So every platform that meets docs/spec/numerics.md
// produces the same doubles from the same seed.
//
// Random source: SplitMix64 (Steele, Lea, Flood 2014; constants as published
// by Vigna). state += 0x9e3779b97f4a7c15, then the output is mixed with two
// xor-shift-multiply rounds. Below(n) = high 64 bits of Next() * n (a
// multiply-shift; its bias of at most n / 2^64 does not matter here).
// Unit() = (Next() >> 11) * 2^-53. Int(lo, hi) = lo + Below(hi - lo + 1).
// A "random double at exponent e" below means sign * (1 + f * 2^-52) * 2^e,
// sign from Below(2) (0: +), then f = Next() >> 12; so its magnitude is in
// [2^e, 2^(e+1)). predicate_cases.cpp is the normative statement of the
// exact order of draws; this comment is its summary.
//
// Helpers: Symmetric() = 2 Unit() - 1 (exact, in (-1, 1)); "x with 48 bits"
// has a random 47-bit fraction; an "exact slope" m = +-(odd <= 15) * 2^[-3, 3],
// so m x is exact for 48-bit x while the rounding of differences does not
// commute with multiplying by m (a power-of-two m would make the naive
// determinant exact); "ulp moves" change each coordinate (or, half of the
// time, those of one point) by k in [-3, 3] ulps with std::nextafter; zero
// coordinates are never moved.
//
// Kinds (each first draws a variant with Below):
//  random           coordinates Symmetric() * 2^s, one s in [-20, 30] per
//                   case; in 1 of 4 cases all shifted by one offset at
//                   exponent s + [1, 20] (a small box far from 0).
//  grid_large       integers up to 2^39: a base point plus offsets up to
//                   2^[0, 39], clamped to [-2^39, 2^39].
//  grid_small       integers in [-4, 4] (orient) or [-3, 3] (incircle): many
//                   exact zeros. Half of the cases are translated by an
//                   integer up to 2^24 and scaled by 2^[-10, 10] (exact).
//  near_degenerate  orient: p0 + t_i v rounded in double, or points on y = m x
//                   (exact slope); then ulp moves.
//                   incircle: center + r ((1 - t^2) / (1 + t^2),
//                   2t / (1 + t^2)) rounded in double, t in (-4, 4); ulp moves.
//  exact_degenerate exactly zero by construction:
//                   orient: 1/4 points on a line through 0 (y = m x with
//                   exact slope, or +-2^k v); 3/4 lattice points p + i v
//                   (integers, sometimes a repeated point) scaled by
//                   2^[-40, 8].
//                   incircle: 1/4 four points on a line through 0 as above;
//                   1/4 four of the eight images (+-x, +-y), (+-y, +-x) of one
//                   point (a circle about 0); 1/8 four lattice points on one
//                   line; 3/8 m q + p for lattice points q on x^2 + y^2 = R,
//                   R in {25, 325, 1105, 5525, 160225} (12..96 points), odd m
//                   up to 2^21 + 1, integer offset p up to 2^30; the integer
//                   cases scaled by 2^[-40, 8].
//  tiny             in 3 of 4 cases a random, grid_small, grid_large,
//                   near_degenerate or exact_degenerate case scaled by a power
//                   of two so its largest magnitude is below 2^-[150, 190]
//                   (never putting a non-zero below 2^-200); otherwise random
//                   doubles at exponents [-190, -150].
//  huge             the same base cases scaled so the largest magnitude is
//                   below 2^[30, 38], in 1 of 16 below 2^[40, 198]; or random
//                   doubles at exponents [20, 38].
//  float32          float values widened to double: random floats at
//                   exponents [-20, 20] (in 1 of 8 cases [-149, 126]);
//                   near-collinear / near-cocircular points computed in float
//                   arithmetic with float ulp moves; exactly collinear (y = m x,
//                   20-bit x) / cocircular (symmetric images) floats at
//                   exponents [-60, 60]; a lattice with step 2^[-20, 20] plus a
//                   float offset.
//  mixed            random doubles at exponents [-190, 38] independently per
//                   coordinate (1 in 8 zero); or orient: t_i v on a line
//                   through 0 with t_i at exponents [-190, 33]; incircle:
//                   (2r / (1 + t^2), 2rt / (1 + t^2)) on the circle of radius r
//                   about (r, 0), which passes through 0, |t| up to 2^61, so
//                   points near 0 meet points near 2r; then ulp moves.
// Every coordinate produced is 0 or has magnitude in [2^-200, 2^200]
// (pred.domain); conformance/tests/test_predicates.cpp checks it.
#pragma once

#include <cstdint>
#include <span>

#include "onepath/core/vector2d.hpp"

namespace onepath::gen {

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t Next();
  // In [0, n) for n >= 1 (multiply-shift).
  std::uint64_t Below(std::uint64_t n);
  // In [0, 1), a multiple of 2^-53.
  double Unit();

 private:
  std::uint64_t state_;
};

enum class PredicateCaseKind {
  kRandom,
  kGridLarge,        // integers up to 2^39
  kGridSmall,        // small integer lattice, many exact degeneracies
  kNearDegenerate,   // nearly collinear / nearly cocircular, moved by 0..3 ulp
  kExactDegenerate,  // exactly collinear / cocircular lattice points, scaled
  kTiny,             // magnitudes down to about 2^-190
  kHuge,             // up to 2^39 and, rarely, up to 2^199
  kFloat32,          // float32 values widened to double
  kMixed,            // magnitudes from tiny to 2^39 in one case
};

struct Orient2DCase {
  Vector2D a, b, c;
};

struct InCircleCase {
  Vector2D a, b, c, d;
};

Orient2DCase MakeOrient2DCase(PredicateCaseKind kind, SplitMix64& rng);
InCircleCase MakeInCircleCase(PredicateCaseKind kind, SplitMix64& rng);

// snake_case name, e.g. "near_degenerate".
const char* KindName(PredicateCaseKind kind);

// All kinds, in declaration order.
std::span<const PredicateCaseKind> AllPredicateCaseKinds();

}  // namespace onepath::gen
