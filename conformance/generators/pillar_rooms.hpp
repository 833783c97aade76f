// Pillar rooms: small hand-designed rooms for the round offset and the
// build's agent-radius shrink (docs/spec offsetting chapter; issue 5), where
// the exact eroded area matters: round and square pillars, gaps a little
// narrower and a little wider than 2r for the design radius r = 1.0, cusps
// between a quarter disc and two walls, reflex corners of L- and U-shaped
// rooms. docs/generators.md lists the rooms for readers; this comment is the
// normative recipe, precise enough for a port to regenerate every
// coordinate bit for bit. pillar_rooms.cpp implements exactly it.
//
// Units are public units (doubles). Every coordinate is a multiple of 2^-8
// well within +-2^21, so at every SnapBits >= 8 the snapped rings are the
// rings themselves and the region's area is exactly the rings' area.
//
// A room is one outline (region.outline, even-odd): its outer wall ring
// first, counter-clockwise, then one ring per pillar, clockwise. Pillars
// never overlap each other or the walls, so the room is the outer polygon
// minus the pillars, and its area is the outer ring's area minus the
// pillars' areas. A pillar may touch the outer ring at a vertex (the
// quarter discs below), never cross it.
//
// Shapes (c = centre; all numbers exact):
//   Rect(x0, y0, x1, y1): (x0, y0), (x1, y0), (x1, y1), (x0, y1).
//   Square pillar of half-side h at c: Rect(c - h, c + h) listed clockwise:
//     (x0, y0), (x0, y1), (x1, y1), (x1, y0).
//   Turned square at c with half-diagonal vector v = (p, q): the vertices
//     c + v, c + (-q, p), c - v, c - (-q, p) (counter-clockwise), listed in
//     reverse as a pillar. v = (a, 0) is a diamond (45 degrees); v = t (4, 3)
//     is turned by atan(3/4), side 5t sqrt(2), area 50 t^2.
//   Circle directions u_0..u_63 (the same on every platform: + - * / sqrt
//     only, each operation rounded once, to nearest even, in double):
//       c2 = sqrt(0.5); c3 = sqrt((1 + c2) / 2); c4 = sqrt((1 + c3) / 2);
//       c = sqrt((1 + c4) / 2)  (cos pi/32);  s = sqrt((1 - c4) / 2)  (sin pi/32);
//       u_0 = (1, 0); u_{k+1} = (x c - y s, x s + y c) with (x, y) = u_k for
//       k = 0..6 (x c, y s, x s, y c each rounded, then the sum or
//       difference); u_8 = (c2, c2); u_k = (u_{16-k}.y, u_{16-k}.x) for
//       k = 9..16; and
//       u_{k+16} = (-u_k.y, u_k.x) for k = 0..47. So u_16 = (0, 1),
//       u_32 = (-1, 0), u_48 = (0, -1) exactly and the 64 directions have the
//       square's symmetries.
//   Circle point k of radius R about c: c + (N(R u_k.x), N(R u_k.y)) with
//     N(v) = round-half-even(v * 256) / 256 (the product R u rounded once).
//     All points lie within 2^-9 sqrt(2) of the circle.
//   Round pillar of radius R at c: circle points k = 63, 62, ..., 0
//     (clockwise), a 64-gon inscribed in the circle up to that rounding.
//   Quarter disc of radius R at c in quadrant q (0: directions 0..90
//     degrees, 1: 90..180, 2: 180..270, 3: 270..360): c, then circle points
//     k = 16q + 16, ..., 16q (clockwise).
//
// Gaps below are between the exact shapes (for round pillars, between the
// circles; the rounded 64-gon moves them by less than 0.006). "Closes" and
// "stays" are for r = 1.0: a gap closes when it is narrower than 2r.
//
//  square_pillars     Rect(0, 0, 24, 16); square pillars of half-side 1 at
//                     (2.75, 8), (7, 8), (10.9375, 8), (15, 8), (18.5, 8),
//                     (11, 12.875), (18, 2.875): gaps wall-pillar 1.75,
//                     then 2.25, 1.9375, 2.0625, 1.5 between the row,
//                     2.125 to the top wall, 1.875 to the bottom wall.
//                     Area 24 * 16 - 7 * 4 = 356.
//  rotated_pillars    Rect(0, 0, 28, 14); diamonds v = (1.5, 0) at (3, 7)
//                     (vertex 1.5 from the wall), (8.125, 7) (vertex to
//                     vertex 2.125), (10.875, 9.75) (edge to edge sqrt(2) *
//                     1.25 = 1.77 from the last), (11.125, 4) (edge to edge
//                     sqrt(2) * 1.5 = 2.12); squares turned by atan(3/4),
//                     v = (1.5, 1.125), at (16, 7), (20.59375, 6.34375) and
//                     (25.296875, 5.671875): translated along their edge
//                     normal (7, -1) so facing edges are parallel, gaps
//                     sqrt(50) * 0.28125 = 1.989 and sqrt(50) * 0.296875 =
//                     2.099, vertex 1.203 from the right wall.
//                     Area 392 - 4 * 4.5 - 3 * 7.03125 = 352.90625.
//  round_pillars      Rect(0, 0, 30, 16); round pillars (c; R) (3.375, 8; 1.5)
//                     wall gap 1.875, (8.5, 8; 1.5) gap 2.125, (12.75, 8; 1)
//                     gap 1.75, (17.8125, 8; 2) gap 2.0625, (22.75, 8; 1)
//                     gap 1.9375, (8.5, 12.875; 1) 2.125 from the top wall,
//                     (17.8125, 2.6875; 0.75) 1.9375 from the bottom wall,
//                     and diagonal neighbours of (22.75, 8; 1) along 3-4-5
//                     directions: (25.375, 11.5; 1.25) gap 2.125 and
//                     (25, 5; 1) gap 1.75.
//  colonnade          Rect(0, 0, 36, 20); 7 x 3 round pillars of radius 0.75
//                     at (6 + 3.75 i, 6.625 + 3.375 j), i = 0..6, j = 0..2
//                     (row-major, j outer): gaps 2.25 along a row (stay),
//                     1.875 along a column (close), so the columns become
//                     walls with narrow curved corridors between them.
//  quarter_disc_corners
//                     Rect(0, 0, 24, 16) with three corners filled by
//                     quarter-disc wall bulges (holes whose arc faces the
//                     corner and touches both walls there, leaving a cusp
//                     between the arc and the two walls): radius 8 at (8, 8)
//                     quadrant 2 (its cusp keeps a core at r = 1: a radius
//                     rho leaves one when rho >= (sqrt(2) + 1)^2 r = 5.83 r),
//                     radius 6 at (6, 10) quadrant 1 (a sliver at r = 1),
//                     radius 4 at (20, 12) quadrant 0 (vanishes at r = 1,
//                     stays at r = 0.5). The bulges' centres are reflex
//                     corners of the room.
//  corner_pillar_cusps
//                     Rect(0, 0, 24, 16); round pillars nearly touching the
//                     walls (gap 1/16): (6.0625, 6.0625; 6) in a corner (its
//                     pocket keeps a core at r = 1), (20.9375, 12.9375; 3)
//                     in the opposite corner (pocket gone at r = 1, kept at
//                     0.5), (15, 2.0625; 2) against the bottom wall.
//  l_room             L-shaped, counter-clockwise (0, 0), (24, 0), (24, 4),
//                     (30, 4), (30, 5.875), (24, 5.875), (24, 10), (12, 10),
//                     (12, 20), (6.125, 20), (6.125, 26), (4, 26), (4, 20),
//                     (0, 20): a dead-end stub 1.875 wide (closes) and one
//                     2.125 wide (stays), five reflex corners; a round pillar
//                     (9.75, 7; 1.6875) 2.0625 from the reflex corner (12, 10).
//  u_room             U-shaped, counter-clockwise (0, 0), (30, 0), (30, 20),
//                     (23.875, 20), (23.875, 6), (5.875, 6), (5.875, 20),
//                     (0, 20); a square pillar of half-side 1 at (2.9375, 13)
//                     in the left arm (gaps 1.9375 both sides: the arm is
//                     cut), a round pillar (26.9375, 13; 1) in the right arm
//                     (gaps 2.0625 both sides: two thin channels).
//                     Area 600 - 252 - 4 - (the 64-gon's area).
//  rotated_room       A 25 x 15 room turned by atan(3/4): local (s, w) maps
//                     to (9, 0) + s (0.8, 0.6) + w (-0.6, 0.8), exact for s, w
//                     multiples of 5/16; corners (9, 0), (29, 15), (20, 27),
//                     (0, 12). Pillars square in local coordinates (listed
//                     clockwise, as local rectangles): [1.875, 4.375] x
//                     [6.25, 8.75] (wall gap 1.875), [6.5625, 9.0625] x
//                     [6.25, 8.75] (gap 2.1875), [10.9375, 13.4375] x
//                     [6.25, 8.75] (gap 1.875), [3.125, 5] x [2.1875, 4.0625]
//                     (2.1875 from the wall and from the first); a round
//                     pillar of radius 2.5 at local (20.625, 10.625), 1.875
//                     from two walls, cutting off the corner pocket, which
//                     keeps a core at r = 1. Area 375 - 18.75 - 3.515625 -
//                     (the 64-gon's area).
//  scattered_pillars  Rect(0, 0, 40, 30) and up to 32 seeded pillars:
//                     rng = SplitMix64(seed) (predicate_cases.hpp); for
//                     draw = 0..199 while fewer than 32 were kept: kind =
//                     Below(3), s = Below(8), x = Below(641) / 16,
//                     y = Below(481) / 16 (all four drawn every time); kind 0
//                     a round pillar of radius 0.5 + 0.25 s (bound b = R +
//                     1/64), 1 a square pillar of half-side h = 0.5 + 0.125 s
//                     (b = 1.5 h), 2 a diamond v = (a, 0), a = 0.75 + 0.25 s
//                     (b = a). Kept when b + 0.25 <= x <= 40 - b - 0.25,
//                     b + 0.25 <= y <= 30 - b - 0.25 and, for every kept
//                     pillar (x', y', b'), (x - x')^2 + (y - y')^2 >=
//                     (b + b' + 0.25)^2 (exact: multiples of 1/64). Every gap
//                     is at least 0.25, with all sizes above.
//
// Rooms come in the order above. Suggested radii: 0.5 and 1.0 for all.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "onepath/core/vector2d.hpp"
#include "onepath/geom2d/outline.hpp"

namespace onepath::gen {

struct PillarRoom {
  std::string name;                       // snake_case, unique
  std::string exercises;                  // one line: what the room tests
  std::vector<geom2d::Outline> outlines;  // one outline: outer ring, then pillars
  std::vector<double> radii;              // suggested agent radii (public units)
};

// The rooms above; `seed` only affects scattered_pillars.
std::vector<PillarRoom> MakePillarRooms(std::uint64_t seed = 1);

// The circle directions u_0..u_63 of the recipe.
std::array<Vector2D, 64> PillarCircleDirections();

// Circle point k (0..63) of radius R about c: c + N(R u_k).
Vector2D PillarCirclePoint(Vector2D c, double radius, int k);

}  // namespace onepath::gen
