#include "conformance/generators/pillar_rooms.hpp"

#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <utility>

#include "conformance/generators/predicate_cases.hpp"

namespace onepath::gen {

namespace {

using Ring = std::vector<Vector2D>;

// round-half-even(v * 256) / 256: nearbyint rounds to nearest even in the
// default rounding mode; both scalings are exact.
double Round8(double v) { return std::nearbyint(v * 256.0) / 256.0; }

Ring Rect(double x0, double y0, double x1, double y1) {
  return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
}

Ring SquarePillar(Vector2D c, double h) {
  const double x0 = c.x - h, x1 = c.x + h, y0 = c.y - h, y1 = c.y + h;
  return {{x0, y0}, {x0, y1}, {x1, y1}, {x1, y0}};
}

// c + v, c + perp(v), c - v, c - perp(v), listed in reverse (clockwise).
Ring TurnedSquarePillar(Vector2D c, Vector2D v) {
  const Vector2D p{-v.y, v.x};
  return {{c.x - p.x, c.y - p.y},
          {c.x - v.x, c.y - v.y},
          {c.x + p.x, c.y + p.y},
          {c.x + v.x, c.y + v.y}};
}

Ring RoundPillar(Vector2D c, double radius) {
  Ring ring;
  for (int k = 63; k >= 0; --k) ring.push_back(PillarCirclePoint(c, radius, k));
  return ring;
}

Ring QuarterDisc(Vector2D c, double radius, int quadrant) {
  Ring ring = {c};
  for (int k = 16 * quadrant + 16; k >= 16 * quadrant; --k)
    ring.push_back(PillarCirclePoint(c, radius, k));
  return ring;
}

PillarRoom Room(std::string name, std::string exercises, std::vector<Ring> rings) {
  geom2d::Outline outline;
  outline.rings = std::move(rings);
  return {std::move(name), std::move(exercises), {std::move(outline)}, {0.5, 1.0}};
}

PillarRoom SquarePillars() {
  std::vector<Ring> rings = {Rect(0, 0, 24, 16)};
  const Vector2D centres[] = {{2.75, 8}, {7, 8},       {10.9375, 8}, {15, 8},
                              {18.5, 8}, {11, 12.875}, {18, 2.875}};
  for (Vector2D c : centres) rings.push_back(SquarePillar(c, 1));
  return Room("square_pillars",
              "axis-aligned square pillars; gaps 1.5, 1.75, 1.875, 1.9375 close and 2.0625, "
              "2.125, 2.25 stay at r = 1",
              std::move(rings));
}

PillarRoom RotatedPillars() {
  std::vector<Ring> rings = {Rect(0, 0, 28, 14)};
  const Vector2D diamonds[] = {{3, 7}, {8.125, 7}, {10.875, 9.75}, {11.125, 4}};
  for (Vector2D c : diamonds) rings.push_back(TurnedSquarePillar(c, {1.5, 0}));
  const Vector2D turned[] = {{16, 7}, {20.59375, 6.34375}, {25.296875, 5.671875}};
  for (Vector2D c : turned) rings.push_back(TurnedSquarePillar(c, {1.5, 1.125}));
  return Room("rotated_pillars",
              "diamonds and squares turned by atan(3/4): vertex-to-wall, vertex-to-vertex and "
              "parallel edge gaps just below and above 2",
              std::move(rings));
}

struct Disc {
  Vector2D c;
  double radius;
};

PillarRoom RoundPillars() {
  std::vector<Ring> rings = {Rect(0, 0, 30, 16)};
  const Disc pillars[] = {{{3.375, 8}, 1.5},         {{8.5, 8}, 1.5},        {{12.75, 8}, 1},
                          {{17.8125, 8}, 2},         {{22.75, 8}, 1},        {{8.5, 12.875}, 1},
                          {{17.8125, 2.6875}, 0.75}, {{25.375, 11.5}, 1.25}, {{25, 5}, 1}};
  for (const Disc& d : pillars) rings.push_back(RoundPillar(d.c, d.radius));
  return Room("round_pillars",
              "round pillars (64-gons) of radius 0.75 to 2; gaps to walls and between pillars, "
              "straight and diagonal, 1.75 to 2.125",
              std::move(rings));
}

PillarRoom Colonnade() {
  std::vector<Ring> rings = {Rect(0, 0, 36, 20)};
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 7; ++i)
      rings.push_back(RoundPillar({6 + 3.75 * i, 6.625 + 3.375 * j}, 0.75));
  return Room("colonnade",
              "7 x 3 round pillars: row gaps 2.25 stay, column gaps 1.875 close, leaving thin "
              "curved corridors",
              std::move(rings));
}

PillarRoom QuarterDiscCorners() {
  std::vector<Ring> rings = {Rect(0, 0, 24, 16), QuarterDisc({8, 8}, 8, 2),
                             QuarterDisc({6, 10}, 6, 1), QuarterDisc({20, 12}, 4, 0)};
  return Room("quarter_disc_corners",
              "cusps between a quarter disc and two walls: radius 8 keeps a core at r = 1, "
              "6 a sliver, 4 none; reflex corners at the bulges' centres",
              std::move(rings));
}

PillarRoom CornerPillarCusps() {
  std::vector<Ring> rings = {Rect(0, 0, 24, 16), RoundPillar({6.0625, 6.0625}, 6),
                             RoundPillar({20.9375, 12.9375}, 3), RoundPillar({15, 2.0625}, 2)};
  return Room("corner_pillar_cusps",
              "round pillars 1/16 from the walls: corner pockets that keep a core or vanish, "
              "cusp-like leftovers along a wall",
              std::move(rings));
}

PillarRoom LRoom() {
  std::vector<Ring> rings = {{{0, 0},
                              {24, 0},
                              {24, 4},
                              {30, 4},
                              {30, 5.875},
                              {24, 5.875},
                              {24, 10},
                              {12, 10},
                              {12, 20},
                              {6.125, 20},
                              {6.125, 26},
                              {4, 26},
                              {4, 20},
                              {0, 20}},
                             RoundPillar({9.75, 7}, 1.6875)};
  return Room("l_room",
              "L-shaped room: five reflex corners, dead-end stubs 1.875 (closes) and 2.125 "
              "(stays) wide, a round pillar 2.0625 from the reflex corner",
              std::move(rings));
}

PillarRoom URoom() {
  std::vector<Ring> rings = {
      {{0, 0}, {30, 0}, {30, 20}, {23.875, 20}, {23.875, 6}, {5.875, 6}, {5.875, 20}, {0, 20}},
      SquarePillar({2.9375, 13}, 1),
      RoundPillar({26.9375, 13}, 1)};
  return Room("u_room",
              "U-shaped room: two reflex corners, an arm cut by a square pillar (gaps 1.9375), "
              "an arm with two channels beside a round pillar (gaps 2.0625)",
              std::move(rings));
}

// Local (s, w) in units of 5/16 to (9, 0) + s (0.8, 0.6) + w (-0.6, 0.8):
// x = 9 + (4 S - 3 W) / 16, y = (3 S + 4 W) / 16 for s = 5 S / 16, w = 5 W / 16.
Vector2D TurnedRoomPoint(std::int64_t s, std::int64_t w) {
  return {9 + static_cast<double>(4 * s - 3 * w) / 16, static_cast<double>(3 * s + 4 * w) / 16};
}

PillarRoom RotatedRoom() {
  // Local lengths in units of 5/16: 25 = 80, 15 = 48, 1.875 = 6, ...
  std::vector<Ring> rings = {{TurnedRoomPoint(0, 0), TurnedRoomPoint(80, 0),
                              TurnedRoomPoint(80, 48), TurnedRoomPoint(0, 48)}};
  struct LocalRect {
    std::int64_t s0, w0, s1, w1;
  };
  const LocalRect pillars[] = {
      {6, 20, 14, 28}, {21, 20, 29, 28}, {35, 20, 43, 28}, {10, 7, 16, 13}};
  for (const LocalRect& p : pillars)
    rings.push_back({TurnedRoomPoint(p.s0, p.w0), TurnedRoomPoint(p.s0, p.w1),
                     TurnedRoomPoint(p.s1, p.w1), TurnedRoomPoint(p.s1, p.w0)});
  rings.push_back(RoundPillar(TurnedRoomPoint(66, 34), 2.5));
  return Room("rotated_room",
              "a room turned by atan(3/4): walls off the axes, square pillars with gaps 1.875 "
              "and 2.1875, a round pillar cutting off a corner pocket",
              std::move(rings));
}

PillarRoom ScatteredPillars(std::uint64_t seed) {
  struct Kept {
    double x, y, bound;
  };
  std::vector<Ring> rings = {Rect(0, 0, 40, 30)};
  std::vector<Kept> kept;
  SplitMix64 rng(seed);
  for (int draw = 0; draw < 200 && kept.size() < 32; ++draw) {
    const std::uint64_t kind = rng.Below(3);
    const double s = static_cast<double>(rng.Below(8));
    const double x = static_cast<double>(rng.Below(641)) / 16;
    const double y = static_cast<double>(rng.Below(481)) / 16;
    double bound = 0;
    Ring pillar;
    if (kind == 0) {
      const double radius = 0.5 + 0.25 * s;
      bound = radius + 1.0 / 64;
      pillar = RoundPillar({x, y}, radius);
    } else if (kind == 1) {
      const double h = 0.5 + 0.125 * s;
      bound = 1.5 * h;
      pillar = SquarePillar({x, y}, h);
    } else {
      const double a = 0.75 + 0.25 * s;
      bound = a;
      pillar = TurnedSquarePillar({x, y}, {a, 0});
    }
    const double margin = bound + 0.25;
    if (x < margin || x > 40 - margin || y < margin || y > 30 - margin) continue;
    bool clear = true;
    for (const Kept& k : kept) {
      const double dx = x - k.x, dy = y - k.y, need = bound + k.bound + 0.25;
      if (dx * dx + dy * dy < need * need) {
        clear = false;
        break;
      }
    }
    if (!clear) continue;
    kept.push_back({x, y, bound});
    rings.push_back(std::move(pillar));
  }
  return Room("scattered_pillars",
              "up to 32 seeded round, square and diamond pillars in a 40 x 30 hall, gaps of every "
              "size from 0.25",
              std::move(rings));
}

}  // namespace

std::array<Vector2D, 64> PillarCircleDirections() {
  const double c2 = std::sqrt(0.5);
  const double c3 = std::sqrt((1 + c2) / 2);
  const double c4 = std::sqrt((1 + c3) / 2);
  const double c = std::sqrt((1 + c4) / 2);
  const double s = std::sqrt((1 - c4) / 2);
  std::array<Vector2D, 64> u{};
  u[0] = {1, 0};
  for (int k = 0; k < 7; ++k) {
    const double x = u[k].x, y = u[k].y;
    const double xc = x * c, ys = y * s, xs = x * s, yc = y * c;
    u[k + 1] = {xc - ys, xs + yc};
  }
  u[8] = {c2, c2};
  for (int k = 9; k <= 16; ++k) u[k] = {u[16 - k].y, u[16 - k].x};
  for (int k = 0; k < 48; ++k) u[k + 16] = {-u[k].y, u[k].x};
  return u;
}

Vector2D PillarCirclePoint(Vector2D c, double radius, int k) {
  static const std::array<Vector2D, 64> u = PillarCircleDirections();
  if (k < 0 || k >= 64) throw std::out_of_range("PillarCirclePoint: k outside 0..63");
  return {c.x + Round8(radius * u[k].x), c.y + Round8(radius * u[k].y)};
}

std::vector<PillarRoom> MakePillarRooms(std::uint64_t seed) {
  return {SquarePillars(),      RotatedPillars(),      RoundPillars(), Colonnade(),
          QuarterDiscCorners(), CornerPillarCusps(),   LRoom(),        URoom(),
          RotatedRoom(),        ScatteredPillars(seed)};
}

}  // namespace onepath::gen
