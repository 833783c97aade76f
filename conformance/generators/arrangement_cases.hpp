// Deterministic edge sets for the arrangement tests (arr.*): the
// differential tests against the brute-force oracle, the properties and the
// validity checks.
//
// Reproducibility: the output depends only on the seed, the kind and
// max_edges. Only integer arithmetic (no floating point, no <random>);
// random source SplitMix64 from predicate_cases.hpp, with
// Int(lo, hi) = lo + Below(hi - lo + 1) and Sign() = Below(2) == 0 ? +1 : -1.
// arrangement_cases.cpp is the normative statement of the exact order of
// draws; this comment is its summary.
//
// Every case (MakeArrangementCase):
//  1. n = Int(min(2, max_edges), max_edges): the target edge count.
//  2. The operand mode, Below(4): 0 every edge has operand 0; 1 each edge
//     draws Below(2); 2, 3 each edge draws Below(3) (0, 1 or 2). "op" below
//     is one such draw (none in mode 0).
//  3. The kind's edges, coordinates small (mostly |c| <= 64, many exact
//     degeneracies); kinds may emit a few more than n.
//  4. Placement, Below(16): 0-10 as is; 11-12 translate by (tx, ty), where
//     per axis Below(2) == 0 draws Int(-T, T), else Sign() T exactly (the
//     case touches the 2^39 bound), T = 2^39 - M and M the largest
//     |coordinate|; 13 scale by an integer f = 2^(k-1) + Below(2^(k-1)) with
//     k = Int(1, K), K <= 39 the largest k with 2^k M <= 2^39 (no draws and no
//     scaling when M = 0 or K = 0); 14 the same scaling, then every
//     coordinate (p.x, p.y, q.x, q.y per edge) moves by Int(-1, 1)
//     (near-degenerate at large scale) and is clamped to [-2^39, 2^39];
//     15 scale as 13, then translate as 11.
//  5. The first max_edges edges are returned.
//
// Kinds (n the target count, all coordinates integers):
//  random            endpoints uniform in [-B, B]^2, B = 2^Int(1, 6), in 1 of
//                    8 cases 2^Int(7, 39); in 1 of 4 cases the endpoints are
//                    drawn from a pool of Int(2, n + 1) such points (shared
//                    endpoints, duplicates, closed paths).
//  many_crossings    crossings that round into one pixel. Centre c in
//                    [-16, 16]^2 and a half-unit offset h in {0, 1/2}^2
//                    (the common point c + h is a pixel centre, a point on a
//                    pixel side, or a pixel corner). 2 of 3 cases: a star,
//                    p on the boundary of the box of L-inf radius R = Int(2,
//                    48) about c, q = 2(c + h) - p, moved by Int(-1, 1) per
//                    coordinate in half of the cases (whether to jitter is
//                    drawn once per case): all edges pass through c + h, or
//                    near it. 1 of 3:
//                    a fan of nearly parallel edges (-R, a) -> (R, -a + j),
//                    a = Int(-3, 3), j = Int(-1, 1), transposed in half the
//                    cases, then shifted by c. In 1 of 4 cases two short
//                    edges p -> p + [-3, 3]^2, p in c + [-1, 1]^2, add hot
//                    pixels next to the crossings.
//  collinear_overlap Int(1, 3) lines, base b in [-16, 16]^2, primitive
//                    direction d (from a draw in [-4, 4]^2 divided by its
//                    gcd); edges b + i d -> b + j d, i, j = Int(-8, 8) (i = j
//                    gives a degenerate edge); plus Int(0, 2) random edges in
//                    [-16, 16]^2 across them.
//  pixel_corners     Int(1, 4) pixel corners (a + 1/2, b + 1/2), a, b in
//                    [-8, 8]; edges through a corner: direction v with odd
//                    components in [-3, 3], from corner - (2m + 1) v / 2 to
//                    corner + (2m' + 1) v / 2, m, m' = Int(0, 2); and short
//                    edges (length 1, one of 8 directions) from the four
//                    pixels around a corner, so that corners of hot pixels lie
//                    on edges (only a pixel's lower-left corner belongs to it,
//                    arr.pixel). Per edge, Below(2) picks which.
//  pixel_sides       Int(1, 3) long edges p -> p + k v, p in [-16, 16]^2, v in
//                    [-5, 5]^2 (not 0), k = Int(1, 4); then hot pixels (short
//                    edges of length 1 from them) at the pixels whose sides
//                    the long edges cross: where an edge crosses a line
//                    x = a + 1/2 (y = b + 1/2), the pixels (a + {0, 1},
//                    row + {-1, 0, 1}) with row = floor(y + 1/2), so edges
//                    pass through hot pixel sides, through their corners, and
//                    just miss them.
//  duplicates        Int(1, max(1, n / 2)) base edges in [-8, 8]^2 (from a
//                    pool in half of the cases), then copies of random base
//                    edges: exact duplicates, reversed, reversed with operands
//                    that cancel (operand 2 against 0 + 1), degenerate p -> p,
//                    collinear sub-edges.
//  unit_edges        edges of length one (4 axis and 4 diagonal directions)
//                    from points in [-S, S]^2, S = Int(1, 4); 1 in 4 edges
//                    instead random in [-S - 1, S + 1]^2.
//  half_unit         crossings at exactly half-unit coordinates: X = (a, b) +
//                    h/2, a, b in [-12, 12], h in {(1,0), (0,1), (1,1), (0,0)};
//                    2 or 3 edges through X with directions u = h + 2 (r, s),
//                    r, s in [-3, 3], from X - (2m + 1) u / 2 to
//                    X + (2m' + 1) u / 2, m, m' = Int(0, 2); in 1 of 4 edges one
//                    endpoint coordinate moves by +-1 (a crossing just off the
//                    half). Negative X exercise floor against truncation.
//  clustered         a few huge edges over many tiny ones: a cluster centre c
//                    in [-32, 32]^2 and radius r = Int(2, 8); Int(1, 3) huge
//                    edges p -> 2c - p + jitter, p in [-B, B]^2 with
//                    B = 2^Int(6, 39) in half of the cases, else 64 (clamped to
//                    2^39); the rest tiny edges p -> p + [-2, 2]^2,
//                    p in c + [-r, r]^2.
//  tile_map          boundaries of a random cell map: W x H cells (Int(1, 8)
//                    each, reduced until 4 W H <= max(n, 4)), each filled with
//                    probability 1/4, 1/2 or 3/4, cell size 1 (3 of 4 cases)
//                    or Int(2, 3), origin in [-16, 16]^2; every filled cell
//                    emits its four sides, counter-clockwise (or clockwise,
//                    per map), so shared sides cancel. Variants: one map; two
//                    maps with operands 0 and 1 offset by [-2, 2]^2; one map
//                    and 1 or 2 diagonal edges across it.
//  mixed             Int(2, 3) of the kinds above (Below(10) each), n / count
//                    edges each, concatenated, then shuffled (Fisher-Yates:
//                    for i from size - 1 down to 1 swap i with Below(i + 1));
//                    placement once for the whole case.
#pragma once

#include <span>
#include <vector>

#include "conformance/generators/predicate_cases.hpp"
#include "onepath/geom2d/arrangement.hpp"

namespace onepath::gen {

enum class ArrangementCaseKind {
  kRandom,
  kManyCrossingsOnePixel,
  kCollinearOverlap,
  kPixelCorners,
  kPixelSides,
  kDuplicatesAndReversed,
  kUnitEdges,
  kHalfUnitCrossings,
  kClustered,
  kTileMapLike,
  kMixed,
};

// At most max_edges (>= 1) edges; coordinates within 2^39, operands 0..2.
std::vector<onepath::geom2d::TaggedEdge> MakeArrangementCase(ArrangementCaseKind kind,
                                                             SplitMix64& rng, int max_edges);

// snake_case name, e.g. "many_crossings".
const char* KindName(ArrangementCaseKind kind);

// All kinds, in declaration order.
std::span<const ArrangementCaseKind> AllArrangementCaseKinds();

}  // namespace onepath::gen
