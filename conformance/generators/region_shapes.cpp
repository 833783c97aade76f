#include "conformance/generators/region_shapes.hpp"

#include <algorithm>

#include "conformance/generators/exact_plane.hpp"

namespace onepath::gen {

using geom2d::GridPoint;

std::int64_t UniformInt(SplitMix64& rng, std::int64_t lo, std::int64_t hi) {
  return lo + static_cast<std::int64_t>(rng.Below(static_cast<std::uint64_t>(hi - lo) + 1));
}

GridPoint RandomLatticePoint(SplitMix64& rng, std::int64_t side) {
  return {UniformInt(rng, 0, side), UniformInt(rng, 0, side)};
}

// Random start vertex and direction.
LatticeRing Shuffled(SplitMix64& rng, LatticeRing ring) {
  if (rng.Below(2)) std::reverse(ring.begin(), ring.end());
  std::rotate(ring.begin(), ring.begin() + static_cast<std::ptrdiff_t>(rng.Below(ring.size())),
              ring.end());
  return ring;
}

LatticeRing Rect(std::int64_t x0, std::int64_t y0, std::int64_t x1, std::int64_t y1) {
  return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
}

// The points sorted by angle around `centre` (exactly, from +x
// counter-clockwise): a star-shaped ring, simple unless two points share a
// direction (the caller checks).
LatticeRing SortedAround(LatticeRing pts, GridPoint centre) {
  auto lower = [&](GridPoint p) { return p.y < centre.y || (p.y == centre.y && p.x < centre.x); };
  std::sort(pts.begin(), pts.end(), [&](GridPoint a, GridPoint b) {
    if (lower(a) != lower(b)) return lower(b);
    return Orient(centre, a, b) > 0;
  });
  return pts;
}

// k random points of [x0, x1] x [y0, y1] (not the centre) sorted around a
// random centre strictly inside.
LatticeRing Star(SplitMix64& rng, std::int64_t x0, std::int64_t y0, std::int64_t x1,
                 std::int64_t y1, int k) {
  GridPoint centre{UniformInt(rng, x0 + 1, x1 - 1), UniformInt(rng, y0 + 1, y1 - 1)};
  LatticeRing pts;
  for (int i = 0; i < k; ++i) {
    GridPoint p{UniformInt(rng, x0, x1), UniformInt(rng, y0, y1)};
    if (!(p == centre)) pts.push_back(p);
  }
  return SortedAround(pts, centre);
}

namespace {

LatticeRing RandomRect(SplitMix64& rng, std::int64_t x0, std::int64_t y0, std::int64_t x1,
                       std::int64_t y1) {
  std::int64_t a = UniformInt(rng, x0, x1 - 1), b = UniformInt(rng, y0, y1 - 1);
  return Rect(a, b, UniformInt(rng, a + 1, x1), UniformInt(rng, b + 1, y1));
}

LatticeRing Triangle(SplitMix64& rng, std::int64_t side) {
  return {RandomLatticePoint(rng, side), RandomLatticePoint(rng, side),
          RandomLatticePoint(rng, side)};
}

LatticeRing Diamond(std::int64_t cx, std::int64_t cy, std::int64_t r) {
  return {{cx + r, cy}, {cx, cy + r}, {cx - r, cy}, {cx, cy - r}};
}

LatticeRing Octagon(std::int64_t x0, std::int64_t y0, std::int64_t x1, std::int64_t y1,
                    std::int64_t c) {
  return {{x0 + c, y0}, {x1 - c, y0}, {x1, y0 + c}, {x1, y1 - c},
          {x1 - c, y1}, {x0 + c, y1}, {x0, y1 - c}, {x0, y0 + c}};
}

LatticeRing OctilinearShape(SplitMix64& rng, std::int64_t x0, std::int64_t y0, std::int64_t x1,
                            std::int64_t y1) {
  std::int64_t w = x1 - x0, h = y1 - y0;
  switch (rng.Below(4)) {
    case 0:
      return RandomRect(rng, x0, y0, x1, y1);
    case 1: {
      std::int64_t r = UniformInt(rng, 1, std::max<std::int64_t>(1, std::min(w, h) / 2));
      return Diamond(UniformInt(rng, x0 + r, std::max(x0 + r, x1 - r)),
                     UniformInt(rng, y0 + r, std::max(y0 + r, y1 - r)), r);
    }
    case 2: {
      std::int64_t c = UniformInt(rng, 1, std::max<std::int64_t>(1, std::min(w, h) / 2));
      return Octagon(x0, y0, x1, y1, c);
    }
    default: {
      std::int64_t r = UniformInt(rng, 1, std::max<std::int64_t>(1, std::min(w, h)));
      std::int64_t sx = rng.Below(2) ? 1 : -1, sy = rng.Below(2) ? 1 : -1;
      GridPoint c{sx > 0 ? UniformInt(rng, x0, x1 - r) : UniformInt(rng, x0 + r, x1),
                  sy > 0 ? UniformInt(rng, y0, y1 - r) : UniformInt(rng, y0 + r, y1)};
      return {c, {c.x + sx * r, c.y}, {c.x, c.y + sy * r}};
    }
  }
}

void BoundingBox(const LatticeRing& ring, std::int64_t& x0, std::int64_t& y0, std::int64_t& x1,
                 std::int64_t& y1) {
  x0 = x1 = ring[0].x, y0 = y1 = ring[0].y;
  for (GridPoint p : ring) {
    x0 = std::min(x0, p.x), x1 = std::max(x1, p.x);
    y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
  }
}

LatticeRing Translated(LatticeRing ring, std::int64_t dx, std::int64_t dy) {
  for (GridPoint& p : ring) p = {p.x + dx, p.y + dy};
  return ring;
}

}  // namespace

LatticeRing FreshShape(SplitMix64& rng, ShapeKind kind, std::int64_t side) {
  switch (kind) {
    case ShapeKind::kBoxes:
      return RandomRect(rng, 0, 0, side, side);
    case ShapeKind::kOctilinear:
      return OctilinearShape(rng, 0, 0, side, side);
    default:
      switch (rng.Below(5)) {
        case 0:
          return RandomRect(rng, 0, 0, side, side);
        case 1:
        case 2:
          return Triangle(rng, side);
        default:
          return Star(rng, 0, 0, side, side, static_cast<int>(UniformInt(rng, 4, 7)));
      }
  }
}

// A ring related to `old`: a duplicate, a translated copy that touches or
// overlaps it, something inside its box, a triangle on one of its edges or
// at one of its vertices, or a fresh shape.
LatticeRing RelatedShape(SplitMix64& rng, ShapeKind kind, std::int64_t side,
                         const LatticeRing& old) {
  std::int64_t x0, y0, x1, y1;
  BoundingBox(old, x0, y0, x1, y1);
  const bool general = kind == ShapeKind::kGeneral;
  switch (rng.Below(general ? 7 : 5)) {
    case 0:
      return old;  // a duplicate (shuffled by the caller)
    case 1: {      // translated by its width, height or both: touching
      std::int64_t w = x1 - x0, h = y1 - y0;
      switch (rng.Below(4)) {
        case 0:
          return Translated(old, w, 0);
        case 1:
          return Translated(old, 0, h);
        case 2:
          return Translated(old, w, h);
        default:
          return Translated(old, w / 2, h / 2);
      }
    }
    case 2: {  // translated by one of its edges
      std::size_t k = rng.Below(old.size());
      GridPoint a = old[k], b = old[(k + 1) % old.size()];
      return Translated(old, b.x - a.x, b.y - a.y);
    }
    case 3:  // inside its box (nested, or sharing sides)
      if (x1 - x0 >= 2 && y1 - y0 >= 2) {
        if (kind == ShapeKind::kBoxes) return RandomRect(rng, x0, y0, x1, y1);
        if (kind == ShapeKind::kOctilinear) return OctilinearShape(rng, x0, y0, x1, y1);
        return Star(rng, x0, y0, x1, y1, static_cast<int>(UniformInt(rng, 3, 6)));
      }
      return FreshShape(rng, kind, side);
    case 4:
      return FreshShape(rng, kind, side);
    case 5: {  // a triangle on an edge
      std::size_t k = rng.Below(old.size());
      return {old[k], old[(k + 1) % old.size()], RandomLatticePoint(rng, side)};
    }
    default: {  // a triangle at a vertex
      return {old[rng.Below(old.size())], RandomLatticePoint(rng, side),
              RandomLatticePoint(rng, side)};
    }
  }
}

}  // namespace onepath::gen
