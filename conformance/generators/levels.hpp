// Seeded 3D levels: the shared input of the 3D build's tests, golden vectors
// and benchmarks (issues 26 and 30). docs/generators.md describes them for
// readers; this comment is the normative recipe, precise enough for a port
// to regenerate every triangle bit for bit. levels.cpp implements exactly it.
//
// Exactness. Every coordinate is computed as an integer N in units of
// u = 2^-8 world units (2^-(8 + log2 K) with subdivision, below) and ends as
// the binary32 value N u, which is exact because |N| <= 2^24. Everything
// else is integer arithmetic: no floating-point operation decides anything,
// so the soup is the same on every platform. floor(a / b) is the floor of
// the exact quotient (b > 0).
//
// Randomness. S(v) and H(k, i, j) = S(S(S(seed + k) + i) + j) are those of
// noisy_tilemap.hpp (SplitMix64 of predicate_cases.hpp, modulo 2^64, signed
// values taken as their two's complement). R(k, i, j) is a fresh
// SplitMix64 seeded with H(k, i, j); "U(n)" is the next R.Below(n) (the high
// 64 bits of Next() * n), drawn in the order written. Every draw listed is
// made, also one whose value ends up unused. N(k, s, x, y) is the value noise
// of noisy_tilemap.hpp (16-bit lattice values H(k, i, j) >> 48 on a lattice
// of spacing 2^s, bilinear, scaled by 4^s).
//
// Options. Kind; size S (world units, integer, 16 <= S <= 65536): the level
// lies in [0, S] in x and z; seed; subdivide K in {1, 2, 4, ..., 64} with
// S K <= 65536. Other values throw ArgumentOutOfRangeException (argument
// "size" or "subdivide", value), as does a level of more than 2^23
// triangles after subdivision (argument "triangles", count: the count
// reached when the level is refused, or the whole count of terrain and pits).
//
// Blocks. Every kind but terrain and pits fills the square [0, 16 nb]^2 world,
// nb = floor(S / 16), with blocks of 16 x 16 world = 4096 x 4096 u: block
// (bx, bz), 0 <= bx, bz < nb, has its corner at (X, Z) = (4096 bx, 4096 bz)
// u. Blocks are made in row-major order, bz outer, bx inner, each from its
// own R(k, bx, bz), and a block's motif is m = (bx + nb bz) mod M for the
// kind's motif count M, so a level of at least M blocks has every motif.
// Kinds with a rotation d (0..3, a draw) place their block's primitives in
// local coordinates (s, t), 0 <= s, t <= 4096: the footprint point
// W(s, t) = (X, Z) + r_d(s, t), with
//   r_0 = (s, t),  r_1 = (4096 - t, s),  r_2 = (4096 - s, 4096 - t),
//   r_3 = (t, 4096 - s).
// A rotation keeps orientation, so the primitives below, given in local
// coordinates, keep their outward faces. The other kinds give world
// coordinates.
//
// Primitives. Each appends its own vertices to the soup (vertices are shared
// only inside one primitive), in the order listed, then its triangles as
// index triples into them. Points are (x, y, z) in u; a footprint corner is
// (x, z). A list c_0..c_{n-1} of footprint corners is *positive* when
// sum (c_i.x c_{i+1}.z - c_{i+1}.x c_i.z) > 0 (for example (0,0), (1,0),
// (1,1), (0,1)); seen from above (y toward the eye, x to the right, so z
// points down) such a list runs clockwise. A face with corners p0, p1, p2
// points where (p1 - p0) x (p2 - p0) points (b3d.soup: +y is up).
//   Quad(a, b, c, d): vertices a, b, c, d; triangles (0, 1, 2), (0, 2, 3).
//   Floor(x0, z0, x1, z1, y) = Quad((x0,y,z0), (x0,y,z1), (x1,y,z1),
//     (x1,y,z0)) for x0 < x1, z0 < z1: faces up.
//   Tri(a, b, c): vertices a, b, c; triangle (0, 1, 2).
//   Prism(c_0..c_{n-1}, y0, y1), c positive and convex, y0 < y1: vertices
//     B_i = (c_i, y0) for i = 0..n-1, then T_i = (c_i, y1) (indices n + i);
//     triangles: the top (T_0, T_{k+1}, T_k) for k = n-2 down to 1; the
//     bottom (B_0, B_k, B_{k+1}) for k = 1..n-2; then for i = 0..n-1, j =
//     (i + 1) mod n, the side (B_i, T_i, T_j), (B_i, T_j, B_j). A closed
//     convex solid, every face outward. Box(x0, y0, z0, x1, y1, z1) =
//     Prism((x0,z0), (x1,z0), (x1,z1), (x0,z1), y0, y1).
//   Wedge(c_0, c_1, c_2, c_3, y0, h), c a positive parallelogram (c_0 +
//     c_2 = c_1 + c_3), h > 0: a ramp rising from the edge c_3 c_0 (at y0) to
//     the edge c_1 c_2 (at y0 + h). Vertices B_0..B_3 = (c_i, y0), then
//     T_1 = (c_1, y0 + h), T_2 = (c_2, y0 + h) (indices 4, 5); triangles
//     (B_0, B_3, T_2), (B_0, T_2, T_1) (the slope), (B_0, B_1, B_2),
//     (B_0, B_2, B_3) (the bottom), (B_0, T_1, B_1), (B_1, T_1, T_2),
//     (B_1, T_2, B_2), (B_2, T_2, B_3). A closed convex solid. Its slope's
//     angle is atan(h / w), w the distance between the edges c_3 c_0 and
//     c_1 c_2.
//   Grid(x0, z0, q, nx, nz, y(i, j)): vertices (x0 + i q, y(i, j), z0 + j q)
//     for j = 0..nz (outer), i = 0..nx (inner), vertex (i, j) at index
//     j (nx + 1) + i; for each cell, j = 0..nz-1 outer, i = 0..nx-1 inner,
//     with a = (i, j), b = (i, j+1), c = (i+1, j+1), e = (i+1, j): triangles
//     (a, b, c), (a, c, e). Faces up.
//   LocalBox(s0, t0, s1, t1, y0, y1) = Prism(W(s0,t0), W(s1,t0), W(s1,t1),
//     W(s0,t1), y0, y1); LocalWedge(p, a, b, y0, h) = Wedge(W(p), W(p + a),
//     W(p + a + b), W(p + b), y0, h) (p a local point, a the rise and b the
//     width as local vectors, a.s b.t - a.t b.s > 0).
//   Ground = Floor(X, Z, X + 4096, Z + 4096, 0), the block's floor.
//
// Kinds (world sizes in brackets; k is the first argument of R or N):
//
// rooms (no motifs, no rotation). First, for every block, R(16, bx, bz): margins mw, me, ms,
//   mn = 256 (1 + U(3)) each (west, east, south, north) [1..3], wall
//   thickness t = 64 (1 + U(4)) [0.25..1], wall height hw = 256 (3 + U(2))
//   [3 or 4]; the room is x0 = X + mw, x1 = X + 4096 - me, z0 = Z + ms,
//   z1 = Z + 4096 - mn. For every block, the edge to its east neighbour from
//   R(17, bx, bz) and the edge to its north neighbour from R(18, bx, bz),
//   each: open = U(10) < 8, width w = 384 + 128 U(3) [1.5..2.5], centre
//   c = 1536 + 64 U(17), door height dh = (480, 544, 576, 0)[U(4)] [1.875,
//   2.125, 2.25, none]; the edge is a doorway when open and the neighbour is
//   inside the level; its span is [e0, e1] = [c - w/2, c + w/2] + Z (east
//   edge, in z) or + X (north edge, in x). Then per block: Floor(x0, z0, x1,
//   z1, 0) (floor); the walls: west Box(x0, 0, z0, x0 + t, hw, z1) with the
//   doorway of the west neighbour's east edge, east Box(x1 - t, 0, z0, x1,
//   hw, z1) with this block's east edge, south Box(x0 + t, 0, z0, x1 - t, hw,
//   z0 + t) with the south neighbour's north edge, north Box(x0 + t, 0,
//   z1 - t, x1 - t, hw, z1) with this block's north edge. A wall with a
//   doorway [e0, e1] is its box cut along the wall: the part before e0, the
//   part after e1, then (a lintel) the part over [e0, e1] from y = dh to hw
//   when dh > 0 (each a Box, wall). Then the corridors of this block's open
//   east and north edges: east, with x0' the east neighbour's x0:
//   Floor(x1, e0, x0', e1, 0) (corridor), Box(x1, 0, e0 - 64, x0', 768, e0),
//   Box(x1, 0, e1, x0', 768, e1 + 64) (walls); north likewise across z
//   (Floor(e0, z1, e1, z0', 0), Box(e0 - 64, 0, z1, e0, 768, z0'),
//   Box(e1, 0, z1, e1 + 64, 768, z0')).
//
// stairs (M = 10). Per block: Ground; R(32, bx, bz): d = U(4), width
//   W = 256 (2 + U(4)) [2..5]; t0 = 2048 - W/2, t1 = 2048 + W/2. Motif m < 8:
//   a flight with step height h = (128, 192, 200, 208, 224, 240, 256,
//   320)[m] [0.5, 0.75, 0.78125, 0.8125, 0.875, 0.9375, 1, 1.25], tread
//   g = 64 (2 + U(5)) [0.5..1.5], n = 3 + U(4) steps: step i = 0..n-1 is
//   LocalBox(512 + i g, t0, 512 + (i + 1) g, t1, 0, (i + 1) h), then the
//   landing LocalBox(512 + n g, t0, 1024 + n g, t1, 0, n h). Motif 8, 9: a
//   ramp with (h, w) = (256, 768), (512, 1024): LocalWedge((512, t0),
//   (w, 0), (0, W), 0, h), then the landing LocalBox(512 + w, t0, 1024 + w,
//   t1, 0, h).
//
// terrain. One Grid(0, 0, 512, n, n, y) with n = floor(S / 2) [vertices
//   every 2 world] and
//     v(i, j) = floor(A1 N(48, 5, i, j) / 2^26) + floor(A2 N(49, 3, i, j) / 2^22),
//     y(i, j) = T(v(i, j)) + floor(A3 N(50, 0, i, j) / 2^16),
//     T(v)    = P floor(v / P) + max(0, 4 (v mod P) - 3 P),
//   A1 = 8192 [32], A2 = 4096 [16], A3 = 128 [0.5], P = 768 [3]: hills 64
//   world apart and bumps 16 apart, terraced (T keeps each 3-high band flat
//   for three quarters of it and climbs the band four times as steeply in the
//   last quarter), plus a roughness per vertex. At size 256, seed 1, 26% of
//   the triangles are steeper than 45 degrees and 36% within 10 of flat.
//
// multifloor (M = 3). Clearances C = (480, 496, 512, 528, 544, 768) [1.875,
//   1.9375, 2, 2.0625, 2.125, 3]: around the default agent height 2. Per
//   block: Ground; R(64, bx, bz): d = U(4), then by motif:
//   0 (a building of stacked floors): c1 = C[U(6)], c2 = C[U(6)];
//     yA = c1 + 64, yB = yA + c2 + 64; slab A LocalBox(1280, 256, 3840,
//     3840, c1, yA); slab B LocalBox(1280, 256, 3840, 2304, yA + c2, yB);
//     pillars under A, LocalBox(s, t, s + 128, t + 128, 0, c1) for (s, t) =
//     (1280, 256), (3712, 256), (3712, 3712), (1280, 3712); pillars under B,
//     the same with y from yA to yA + c2 and (s, t) = (1280, 256), (3712,
//     256), (3712, 2176), (1280, 2176); ramp 1, ground to A:
//     LocalWedge((1280 - r1, 2688), (r1, 0), (0, 768), 0, yA), r1 = 3 yA / 2;
//     ramp 2, A to B: LocalWedge((2560, 2304 + r2), (0, -r2), (768, 0), yA,
//     c2 + 64), r2 = 3 (c2 + 64) / 2.
//   1 (a bridge over a walkway): c = C[U(6)]; deck LocalBox(1792, 1536,
//     2304, 2560, c, c + 64); r = 3 (c + 64) / 2; ramps LocalWedge((2304,
//     1536 - r), (0, r), (-512, 0), 0, c + 64) and LocalWedge((1792, 2560 + r),
//     (0, -r), (512, 0), 0, c + 64). The walkway under the deck, along s, has
//     clearance c.
//   2 (overhangs): wall LocalBox(3584, 256, 3840, 3840, 0, 1536); for
//     q = 0..3: c = C[U(6)], ledge LocalBox(2048, 256 + 896 q, 3584, 256 +
//     896 (q + 1), c, c + 128).
//
// slopes (M = 12). Rises h = (451, 1478, 2148, 2472, 2551, 2559, 2560, 2561,
//   2569, 2651, 3051, 4434)[m] over the horizontal run 2560 [10], each the
//   integer nearest to 2560 tan of its target angle (10, 30, 40, 44, 44.9,
//   45 - 1u, 45, 45 + 1u, 45.1, 46, 50, 60 degrees): the angles atan(h / 2560)
//   are 9.9914, 29.9997, 39.9988, 43.9981, 44.8991, 44.9888, 45 exactly,
//   45.0112, 45.1005, 46.0005, 50.0010, 59.9997 degrees. Per block: Ground;
//   R(80, bx, bz): d = U(4), diagonal = U(2), v = U(3); then if not diagonal:
//   W = 256 (2 + v), LocalWedge((768, 2048 - W/2), (2560, 0), (0, W), 0, h);
//   if diagonal (rising along (3, 4)/5, width along (-4, 3)/5): q = 64 (2 + v)
//   [width 5q = 2.5..5], LocalWedge((1280, 512), (1536, 2048), (-4q, 3q), 0,
//   h).
//
// clutter (M = 4, no rotation). First the huge triangles: Floor(0, 0, 256 S, 256 S, 0)
//   (the whole level's ground, two triangles) and the beam Tri((0, 2048, 0),
//   (0, 2048, 1024), (256 S, 2048, 256 S)) [8 high, along the diagonal: its
//   bounds hold every tile, it touches only those near the diagonal]. Then per
//   block, R(96, bx, bz), by motif:
//   0 (pillars): n = 4 + U(5); per pillar: turned = U(2), i = U(4),
//     px = X + 512 + U(3072), pz = Z + 512 + U(3072), ph = 256 (2 + U(3))
//     [2..4 high]; if not turned, side p = (48, 64, 128, 256)[i] [0.1875,
//     0.25, 0.5, 1]: Box(px, 0, pz, px + p, ph, pz + p); if turned,
//     f = (8, 16, 32, 32)[i] [sides 5f = 0.156, 0.3125, 0.625]:
//     Prism((px, pz), (px + 3f, pz + 4f), (px - f, pz + 7f), (px - 4f,
//     pz + 3f), 0, ph).
//   1 (thin walls and a sheet): n = 2 + U(3); per wall: o = U(3), i = U(3),
//     l = U(5), px = X + 512 + U(1024), pz = Z + 512 + U(1024),
//     wh = 256 (1 + U(3)) [1..3 high]; with L = 256 (2 + l) [2..6] and
//     T = (16, 32, 64)[i] [1/16, 1/8, 1/4: thinner than a 0.3 cell]: o = 0:
//     Box(px, 0, pz, px + L, wh, pz + T), o = 1: Box(px, 0, pz, px + T, wh,
//     pz + L); o = 2 (turned): g = (4, 8, 12)[i] [thickness 5g = 0.078,
//     0.156, 0.234], f =
//     64 (1 + l) [length 5f]: Prism((px, pz), (px + 3f, pz + 4f), (px + 3f -
//     4g, pz + 4f + 3g), (px - 4g, pz + 3g), 0, wh). Then a vertical sheet of
//     no thickness: Quad((X + 512, 0, Z + 3584), (X + 2560, 0, Z + 3584),
//     (X + 2560, 512, Z + 3584), (X + 512, 512, Z + 3584)) (faces +z).
//   2 (tiny triangles): px = X + 512 + U(2048), pz = Z + 512 + U(2048): a
//     patch Grid(px, pz, 4, 32, 32, 16) [cells of 1/64, 1/16 above the
//     ground]; then n = 16 + U(17) specks, each: sx = X + 256 + U(3584),
//     sy = 64 + U(512), sz = Z + 256 + U(3584), e = 1 + U(4): Tri((sx, sy,
//     sz), (sx, sy, sz + e), (sx + e, sy, sz)).
//   3 (slivers and degenerate triangles): px = X + 512 + U(1024), pz = Z +
//     512 + U(2048); a rug at height 32 of 256 strips 1 u wide and 2048 long:
//     for i = 0..255, Tri((px, 32, pz + i), (px, 32, pz + i + 1), (px + 2048,
//     32, pz + i + 1)), Tri((px, 32, pz + i), (px + 2048, 32, pz + i + 1),
//     (px + 2048, 32, pz + i)); then, with p = (X + 3840, 64, Z + 256),
//     q = p + (64, 0, 0), r = p + (32, 0, 0), the degenerate Tri(p, p, q),
//     Tri(p, q, q), Tri(p, r, q), Tri(p, p, p).
//
// islands (no motifs, no rotation). No ground. First, for every block, R(112, bx, bz): top
//   y = 256 + 64 U(17) [1..5 in steps of 0.25], margins mw, me, ms, mn =
//   (32, 128, 256, 512)[U(4)] each [0.125 .. 2: gaps of 0.25 .. 4 between
//   neighbours]. For every block, the plank to its east neighbour from
//   R(113, bx, bz) and to its north neighbour from R(114, bx, bz), each:
//   open = U(3) > 0, half width v = 128 (1 + U(3)), centre c = 1536 +
//   64 U(17); it exists when open and the neighbour is inside the level. Per
//   block: the island Box(X + mw, 0, Z + ms, X + 4096 - me, y, Z + 4096 -
//   mn); the east plank Box(X + 4096 - me, b - 64, Z + c - v, X + 4096 +
//   mw', b, Z + c + v), the north plank Box(X + c - v, b - 64, Z + 4096 - mn,
//   X + c + v, b, Z + 4096 + ms'), where b is the lower of the two islands'
//   tops and mw', ms' the neighbour's margins: the plank joins the lower
//   island flush and ends at the higher one's side, a step of the difference
//   of the tops (0.75 and below climbable at the default 0.9, 1 and above
//   not).
//
// pits (a kind made to reach a limit of the build, not in AllLevelKinds:
//   see LimitLevelKinds; no blocks, no motifs, the seed unused). One
//   Grid(0, 0, 256, S, S, y) [a vertex every world unit] with
//     y(i, j) = 1024 (wx(i) + wz(j)),
//     wx(i) = 1 if i mod 4 = 0, else 0;   wz(j) = 1 if j mod 3 = 0, else 0,
//   [heights 0, 4 and 8]: the cells [4a + 1, 4a + 3] x [3b + 1, 3b + 2]
//   (a, b >= 0, inside the level), two units by one, have all their
//   corners at 0 and are the only flat cells (no two consecutive i have
//   wx = 1, nor j wz = 1); every other cell has a corner at 0 and rises by
//   4 over one unit along x or z, so each of its triangles is at least
//   atan(4) (75.96 degrees) steep. With S a multiple of 12 that is (S / 4)
//   (S / 3) pits, each walled on all four sides, no two
//   sharing a corner (two units apart): at CellSize 1 each is a region of
//   two cells with a polygon of four vertices (a region of one cell would
//   give no contour, b3d.contour.scan). The vertex limit of b3d.tile-data
//   in golden/build3d/mesh-levels/errors.jsonl takes S = 444 = 12 x 37: 111 x 148 =
//   16,428 pits, 65,712 vertices in one tile layer.
//
// Subdivision (K > 1), after the whole level is made: every triangle
// (v0, v1, v2), in order, is replaced by K^2 triangles with their own
// vertices P(i, j) = K v0 + i (v1 - v0) + j (v2 - v0) (in units of u / K),
// listed for j = 0..K (outer), i = 0..K-j (inner); then for j = 0..K-1,
// i = 0..K-1-j: (P(i,j), P(i+1,j), P(i,j+1)) and, when i + j <= K - 2,
// (P(i+1,j), P(i+1,j+1), P(i,j+1)). Each is a copy of the original, scaled by
// 1/K, with its orientation.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "conformance/generators/level_soup.hpp"

namespace onepath::gen {

enum class LevelKind {
  kRooms,
  kStairs,
  kTerrain,
  kMultifloor,
  kSlopes,
  kClutter,
  kIslands,
  kPits,  // LimitLevelKinds only
};

struct LevelOptions {
  LevelKind kind = LevelKind::kRooms;
  int size = 256;  // world units; the level lies in [0, size] in x and z
  std::uint64_t seed = 1;
  int subdivide = 1;  // K: each triangle becomes K^2
};

// What a primitive of the recipe is, for tests and pictures; the soup alone
// is the recipe's output.
enum class PartKind {
  kFloor,       // room floor, corridor floor, block ground
  kWall,        // room, corridor and multifloor walls
  kLintel,      // the wall over a doorway (rise: the door height)
  kStep,        // a stair step (rise: the step height, run: the tread)
  kLanding,     // the top of a flight or ramp (rise: its height)
  kRamp,        // a Wedge (rise: h, run: the horizontal run w)
  kTerrain,     // the terrain grid
  kSlab,        // a floor slab, deck or ledge above the ground (rise: the clearance below it)
  kPillar,      // (run: the side p, or 5f when turned)
  kThinWall,    // (run: the thickness T, or 5g when turned)
  kSheet,       // a vertical quad of no thickness
  kTinyPatch,   // the grid of tiny triangles
  kSpeck,       // one tiny triangle
  kSliver,      // one sliver of the rug
  kDegenerate,  // a deliberately degenerate triangle
  kHuge,        // clutter's ground and beam
  kIsland,      // (rise: its top)
  kPlank,       // (rise: the difference of the two tops it joins)
  kPits,        // the pits grid
};

struct LevelPart {
  PartKind kind;
  std::size_t firstTriangle = 0;
  std::size_t triangleCount = 0;
  std::int64_t rise = 0;  // in u = 2^-8 world units, see PartKind
  std::int64_t run = 0;
  std::int64_t block = -1;   // bx + nb bz, or -1 for a part of the whole level
  bool closedSolid = false;  // a Prism or Wedge
};

struct Level {
  LevelSoup soup;
  std::vector<LevelPart> parts;  // in soup order; triangle ranges after subdivision
  int blocksPerSide = 0;         // nb (0 for terrain and pits)
};

// The recipe above.
Level MakeLevel(const LevelOptions& options);

// u = 2^-8 world units per integer step before subdivision.
inline constexpr int kLevelUnitBits = 8;

// "rooms", "stairs", ... (the CLI's --kind), and one line of description.
const char* LevelKindName(LevelKind kind);
const char* LevelKindDescription(LevelKind kind);
// The seven kinds of game-like levels (rooms ... islands): the families,
// tests and benchmarks that take "every kind" take these.
std::span<const LevelKind> AllLevelKinds();
// The kinds made to reach a limit of the build (pits), named by
// LevelKindFromName and the CLI but in no AllLevelKinds loop.
std::span<const LevelKind> LimitLevelKinds();
// The kind named `name`, if there is one.
std::optional<LevelKind> LevelKindFromName(const std::string& name);

const char* PartKindName(PartKind kind);

// The step heights (stairs), clearances (multifloor) and slope rises
// (slopes, over the run 2560) of the recipe, in u.
std::span<const std::int64_t> LevelStepHeights();
std::span<const std::int64_t> LevelClearances();
std::span<const std::int64_t> LevelSlopeRises();
inline constexpr std::int64_t kLevelSlopeRun = 2560;

}  // namespace onepath::gen
