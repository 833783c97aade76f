// Generators for arrangement inputs; the recipe is documented in the header.
#include "conformance/generators/arrangement_cases.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <utility>

namespace onepath::gen {

namespace {

using onepath::geom2d::GridPoint;
using onepath::geom2d::TaggedEdge;
using Edges = std::vector<TaggedEdge>;

constexpr std::int64_t kLimit = std::int64_t{1} << 39;

// Uniform integer in [lo, hi].
std::int64_t Int(SplitMix64& rng, std::int64_t lo, std::int64_t hi) {
  return lo + static_cast<std::int64_t>(rng.Below(static_cast<std::uint64_t>(hi - lo) + 1));
}

std::int64_t Sign(SplitMix64& rng) { return rng.Below(2) == 0 ? 1 : -1; }

std::int64_t Clamp(std::int64_t v) { return std::clamp(v, -kLimit, kLimit); }

GridPoint Point(SplitMix64& rng, std::int64_t lo, std::int64_t hi) {
  std::int64_t x = Int(rng, lo, hi);
  std::int64_t y = Int(rng, lo, hi);
  return {x, y};
}

GridPoint Add(GridPoint a, GridPoint b) { return {a.x + b.x, a.y + b.y}; }

// The eight unit steps: four axis-aligned, four diagonal.
constexpr std::array<GridPoint, 8> kSteps = {GridPoint{1, 0},   GridPoint{0, 1}, GridPoint{-1, 0},
                                             GridPoint{0, -1},  GridPoint{1, 1}, GridPoint{-1, 1},
                                             GridPoint{-1, -1}, GridPoint{1, -1}};

// Operand draws (header, step 2).
class Operands {
 public:
  explicit Operands(std::uint64_t mode) : mode_(mode) {}
  int Draw(SplitMix64& rng) const {
    if (mode_ == 0) return 0;
    if (mode_ == 1) return static_cast<int>(rng.Below(2));
    return static_cast<int>(rng.Below(3));
  }

 private:
  std::uint64_t mode_;
};

void Emit(Edges& out, GridPoint p, GridPoint q, int op) { out.push_back({p, q, op}); }

// --- random -----------------------------------------------------------------

Edges MakeRandom(SplitMix64& rng, int n, const Operands& ops) {
  std::int64_t bound =
      rng.Below(8) != 0 ? std::int64_t{1} << Int(rng, 1, 6) : std::int64_t{1} << Int(rng, 7, 39);
  Edges out;
  if (rng.Below(4) == 0) {
    std::vector<GridPoint> pool(static_cast<std::size_t>(Int(rng, 2, n + 1)));
    for (GridPoint& v : pool) v = Point(rng, -bound, bound);
    for (int i = 0; i < n; ++i) {
      GridPoint p = pool[rng.Below(pool.size())];
      GridPoint q = pool[rng.Below(pool.size())];
      Emit(out, p, q, ops.Draw(rng));
    }
    return out;
  }
  for (int i = 0; i < n; ++i) {
    GridPoint p = Point(rng, -bound, bound);
    GridPoint q = Point(rng, -bound, bound);
    Emit(out, p, q, ops.Draw(rng));
  }
  return out;
}

// --- many_crossings ---------------------------------------------------------

Edges MakeManyCrossings(SplitMix64& rng, int n, const Operands& ops) {
  GridPoint c = Point(rng, -16, 16);
  std::int64_t hx = static_cast<std::int64_t>(rng.Below(2));
  std::int64_t hy = static_cast<std::int64_t>(rng.Below(2));
  std::int64_t r = Int(rng, 2, 48);
  Edges out;
  if (rng.Below(3) != 0) {
    // Star through m = c + h / 2: q = 2m - p = 2c + h - p, the reflection of p
    // through m, an integer point.
    std::int64_t jitter = static_cast<std::int64_t>(rng.Below(2));
    for (int i = 0; i < n; ++i) {
      // A point on the boundary of the L-inf box of radius r about c.
      std::int64_t t = Int(rng, -r, r);
      GridPoint p;
      switch (rng.Below(4)) {
        case 0:
          p = {c.x + r, c.y + t};
          break;
        case 1:
          p = {c.x - r, c.y + t};
          break;
        case 2:
          p = {c.x + t, c.y + r};
          break;
        default:
          p = {c.x + t, c.y - r};
          break;
      }
      GridPoint q = {2 * c.x + hx - p.x, 2 * c.y + hy - p.y};
      if (jitter != 0) {
        q.x += Int(rng, -1, 1);
        q.y += Int(rng, -1, 1);
      }
      Emit(out, p, q, ops.Draw(rng));
    }
  } else {
    // Fan of nearly parallel edges crossing near c.
    bool transpose = rng.Below(2) == 0;
    for (int i = 0; i < n; ++i) {
      std::int64_t a = Int(rng, -3, 3);
      std::int64_t j = Int(rng, -1, 1);
      GridPoint p = {-r, a}, q = {r, -a + j};
      if (transpose) std::swap(p.x, p.y), std::swap(q.x, q.y);
      Emit(out, Add(p, c), Add(q, c), ops.Draw(rng));
    }
  }
  if (rng.Below(4) == 0) {
    for (int i = 0; i < 2; ++i) {
      GridPoint p = Add(c, Point(rng, -1, 1));
      GridPoint q = Add(p, Point(rng, -3, 3));
      Emit(out, p, q, ops.Draw(rng));
    }
  }
  return out;
}

// --- collinear_overlap ------------------------------------------------------

Edges MakeCollinear(SplitMix64& rng, int n, const Operands& ops) {
  int lines = static_cast<int>(Int(rng, 1, 3));
  Edges out;
  for (int l = 0; l < lines; ++l) {
    GridPoint b = Point(rng, -16, 16);
    GridPoint d = {0, 0};
    while (d.x == 0 && d.y == 0) d = Point(rng, -4, 4);
    std::int64_t g = std::gcd(d.x, d.y);
    d = {d.x / g, d.y / g};
    int count = std::max(1, n / lines);
    for (int i = 0; i < count; ++i) {
      std::int64_t s = Int(rng, -8, 8);
      std::int64_t t = Int(rng, -8, 8);
      Emit(out, {b.x + s * d.x, b.y + s * d.y}, {b.x + t * d.x, b.y + t * d.y}, ops.Draw(rng));
    }
  }
  std::int64_t extra = Int(rng, 0, 2);
  for (std::int64_t i = 0; i < extra; ++i) {
    GridPoint p = Point(rng, -16, 16);
    GridPoint q = Point(rng, -16, 16);
    Emit(out, p, q, ops.Draw(rng));
  }
  return out;
}

// --- pixel_corners ----------------------------------------------------------

Edges MakePixelCorners(SplitMix64& rng, int n, const Operands& ops) {
  std::vector<GridPoint> corners(static_cast<std::size_t>(Int(rng, 1, 4)));
  // Corner (a + 1/2, b + 1/2) stored as (a, b): the pixel below-left of it.
  for (GridPoint& k : corners) k = Point(rng, -8, 8);
  Edges out;
  for (int i = 0; i < n; ++i) {
    GridPoint k = corners[rng.Below(corners.size())];
    if (rng.Below(2) == 0) {
      // Doubled corner 2k + 1; v odd; endpoints (2k + 1 -+ (2m + 1) v) / 2.
      GridPoint v = {2 * Int(rng, -2, 1) + 1, 2 * Int(rng, -2, 1) + 1};
      std::int64_t m = 2 * Int(rng, 0, 2) + 1;
      std::int64_t m2 = 2 * Int(rng, 0, 2) + 1;
      GridPoint p = {(2 * k.x + 1 - m * v.x) / 2, (2 * k.y + 1 - m * v.y) / 2};
      GridPoint q = {(2 * k.x + 1 + m2 * v.x) / 2, (2 * k.y + 1 + m2 * v.y) / 2};
      Emit(out, p, q, ops.Draw(rng));
    } else {
      // A short edge from one of the four pixels around the corner.
      GridPoint h = {k.x + static_cast<std::int64_t>(rng.Below(2)),
                     k.y + static_cast<std::int64_t>(rng.Below(2))};
      GridPoint s = kSteps[rng.Below(8)];
      Emit(out, h, Add(h, s), ops.Draw(rng));
    }
  }
  return out;
}

// --- pixel_sides ------------------------------------------------------------

// floor(a / b) for b > 0.
std::int64_t FloorDiv(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

Edges MakePixelSides(SplitMix64& rng, int n, const Operands& ops) {
  int longEdges = static_cast<int>(Int(rng, 1, 3));
  Edges out;
  std::vector<GridPoint> candidates;
  for (int e = 0; e < longEdges; ++e) {
    GridPoint p = Point(rng, -16, 16);
    GridPoint v = {0, 0};
    while (v.x == 0 && v.y == 0) v = Point(rng, -5, 5);
    std::int64_t k = Int(rng, 1, 4);
    GridPoint q = {p.x + k * v.x, p.y + k * v.y};
    Emit(out, p, q, ops.Draw(rng));
    // Crossings with x = a + 1/2 (axis 0) and y = b + 1/2 (axis 1).
    for (int axis = 0; axis < 2; ++axis) {
      std::int64_t u0 = axis == 0 ? p.x : p.y, u1 = axis == 0 ? q.x : q.y;
      std::int64_t w0 = axis == 0 ? p.y : p.x, w1 = axis == 0 ? q.y : q.x;
      if (u0 == u1) continue;
      if (u0 > u1) std::swap(u0, u1), std::swap(w0, w1);
      std::int64_t du = u1 - u0, dw = w1 - w0;
      for (std::int64_t a = u0; a < u1; ++a) {
        // w at u = a + 1/2: w0 + (a + 1/2 - u0) dw / du; row = floor(w + 1/2)
        // = floor((2 w0 du + (2a + 1 - 2 u0) dw + du) / (2 du)).
        std::int64_t row = FloorDiv(2 * w0 * du + (2 * a + 1 - 2 * u0) * dw + du, 2 * du);
        for (std::int64_t da = 0; da < 2; ++da) {
          for (std::int64_t dr = -1; dr <= 1; ++dr) {
            GridPoint h = axis == 0 ? GridPoint{a + da, row + dr} : GridPoint{row + dr, a + da};
            candidates.push_back(h);
          }
        }
      }
    }
  }
  for (int i = static_cast<int>(out.size()); i < n && !candidates.empty(); ++i) {
    GridPoint h = candidates[rng.Below(candidates.size())];
    Emit(out, h, Add(h, kSteps[rng.Below(8)]), ops.Draw(rng));
  }
  return out;
}

// --- duplicates -------------------------------------------------------------

Edges MakeDuplicates(SplitMix64& rng, int n, const Operands& ops) {
  Edges out;
  int base = static_cast<int>(Int(rng, 1, std::max(1, n / 2)));
  bool fromPool = rng.Below(2) == 0;
  std::vector<GridPoint> pool;
  if (fromPool) {
    pool.resize(static_cast<std::size_t>(Int(rng, 2, base + 2)));
    for (GridPoint& v : pool) v = Point(rng, -8, 8);
  }
  for (int i = 0; i < base; ++i) {
    GridPoint p, q;
    if (fromPool) {
      p = pool[rng.Below(pool.size())];
      q = pool[rng.Below(pool.size())];
    } else {
      p = Point(rng, -8, 8);
      q = Point(rng, -8, 8);
    }
    Emit(out, p, q, ops.Draw(rng));
  }
  while (static_cast<int>(out.size()) < n) {
    TaggedEdge e = out[rng.Below(static_cast<std::uint64_t>(base))];
    switch (rng.Below(6)) {
      case 0:  // exact duplicate
        out.push_back(e);
        break;
      case 1:  // reversed, same operand: cancels e
        Emit(out, e.q, e.p, e.operand);
        break;
      case 2:  // reversed with operands that cancel e
        if (e.operand == 2) {
          Emit(out, e.q, e.p, 0);
          Emit(out, e.q, e.p, 1);
        } else {
          Emit(out, e.q, e.p, 2);
          Emit(out, e.p, e.q, 1 - e.operand);
        }
        break;
      case 3:  // degenerate
        Emit(out, e.p, e.p, ops.Draw(rng));
        break;
      case 4:  // reversed, another operand
        Emit(out, e.q, e.p, ops.Draw(rng));
        break;
      default: {  // a collinear sub-edge (or the edge itself when primitive)
        GridPoint d = {e.q.x - e.p.x, e.q.y - e.p.y};
        std::int64_t g = std::gcd(d.x, d.y);
        if (g == 0) {
          out.push_back(e);
          break;
        }
        std::int64_t s = Int(rng, 0, g), t = Int(rng, 0, g);
        GridPoint u = {d.x / g, d.y / g};
        Emit(out, {e.p.x + s * u.x, e.p.y + s * u.y}, {e.p.x + t * u.x, e.p.y + t * u.y},
             ops.Draw(rng));
        break;
      }
    }
  }
  return out;
}

// --- unit_edges -------------------------------------------------------------

Edges MakeUnitEdges(SplitMix64& rng, int n, const Operands& ops) {
  std::int64_t s = Int(rng, 1, 4);
  Edges out;
  for (int i = 0; i < n; ++i) {
    if (rng.Below(4) == 0) {
      GridPoint p = Point(rng, -s - 1, s + 1);
      GridPoint q = Point(rng, -s - 1, s + 1);
      Emit(out, p, q, ops.Draw(rng));
    } else {
      GridPoint p = Point(rng, -s, s);
      Emit(out, p, Add(p, kSteps[rng.Below(8)]), ops.Draw(rng));
    }
  }
  return out;
}

// --- half_unit --------------------------------------------------------------

Edges MakeHalfUnit(SplitMix64& rng, int n, const Operands& ops) {
  static constexpr std::array<GridPoint, 4> kHalves = {GridPoint{1, 0}, GridPoint{0, 1},
                                                       GridPoint{1, 1}, GridPoint{0, 0}};
  Edges out;
  while (static_cast<int>(out.size()) < n) {
    GridPoint a = Point(rng, -12, 12);
    GridPoint h = kHalves[rng.Below(4)];
    GridPoint x2 = {2 * a.x + h.x, 2 * a.y + h.y};  // doubled crossing point
    std::int64_t through = Int(rng, 2, 3);
    for (std::int64_t k = 0; k < through; ++k) {
      GridPoint u = {h.x + 2 * Int(rng, -3, 3), h.y + 2 * Int(rng, -3, 3)};
      if (u.x == 0 && u.y == 0) u = {2, 0};
      std::int64_t m = 2 * Int(rng, 0, 2) + 1;
      std::int64_t m2 = 2 * Int(rng, 0, 2) + 1;
      GridPoint p = {(x2.x - m * u.x) / 2, (x2.y - m * u.y) / 2};
      GridPoint q = {(x2.x + m2 * u.x) / 2, (x2.y + m2 * u.y) / 2};
      if (rng.Below(4) == 0) {
        std::int64_t d = Sign(rng);
        switch (rng.Below(4)) {
          case 0:
            p.x += d;
            break;
          case 1:
            p.y += d;
            break;
          case 2:
            q.x += d;
            break;
          default:
            q.y += d;
            break;
        }
      }
      Emit(out, p, q, ops.Draw(rng));
    }
  }
  return out;
}

// --- clustered --------------------------------------------------------------

Edges MakeClustered(SplitMix64& rng, int n, const Operands& ops) {
  GridPoint c = Point(rng, -32, 32);
  std::int64_t r = Int(rng, 2, 8);
  std::int64_t huge = Int(rng, 1, 3);
  std::int64_t bound = rng.Below(2) == 0 ? std::int64_t{1} << Int(rng, 6, 39) : 64;
  Edges out;
  for (std::int64_t i = 0; i < huge; ++i) {
    GridPoint p = Point(rng, -bound, bound);
    GridPoint j = Point(rng, -1, 1);
    GridPoint q = {Clamp(2 * c.x - p.x + j.x), Clamp(2 * c.y - p.y + j.y)};
    Emit(out, p, q, ops.Draw(rng));
  }
  for (std::int64_t i = huge; i < n; ++i) {
    GridPoint p = Add(c, Point(rng, -r, r));
    GridPoint q = Add(p, Point(rng, -2, 2));
    Emit(out, p, q, ops.Draw(rng));
  }
  return out;
}

// --- tile_map ---------------------------------------------------------------

// Emits the sides of the filled cells of one map.
void EmitTileMap(SplitMix64& rng, Edges& out, int n, GridPoint origin, std::int64_t cell, int op) {
  std::int64_t w = Int(rng, 1, 8), h = Int(rng, 1, 8);
  while (4 * w * h > std::max(n, 4)) {
    if (w >= h) {
      --w;
    } else {
      --h;
    }
  }
  std::uint64_t fill = 1 + rng.Below(3);  // out of 4
  bool clockwise = rng.Below(2) == 0;
  for (std::int64_t y = 0; y < h; ++y) {
    for (std::int64_t x = 0; x < w; ++x) {
      if (rng.Below(4) >= fill) continue;
      GridPoint a = {origin.x + x * cell, origin.y + y * cell};
      GridPoint b = {a.x + cell, a.y};
      GridPoint c = {a.x + cell, a.y + cell};
      GridPoint d = {a.x, a.y + cell};
      std::array<GridPoint, 4> ring = {a, b, c, d};
      for (int i = 0; i < 4; ++i) {
        GridPoint u = ring[i], v = ring[(i + 1) % 4];
        if (clockwise) std::swap(u, v);
        Emit(out, u, v, op);
      }
    }
  }
}

Edges MakeTileMap(SplitMix64& rng, int n, const Operands& ops) {
  std::int64_t cell = rng.Below(4) != 0 ? 1 : Int(rng, 2, 3);
  GridPoint origin = Point(rng, -16, 16);
  Edges out;
  switch (rng.Below(4)) {
    case 0:
    case 1:
      EmitTileMap(rng, out, n, origin, cell, ops.Draw(rng));
      break;
    case 2:
      EmitTileMap(rng, out, n / 2, origin, cell, 0);
      EmitTileMap(rng, out, n / 2, Add(origin, Point(rng, -2, 2)), cell, 1);
      break;
    default: {
      EmitTileMap(rng, out, n, origin, cell, ops.Draw(rng));
      std::int64_t diagonals = Int(rng, 1, 2);
      for (std::int64_t i = 0; i < diagonals; ++i) {
        GridPoint p = Add(origin, Point(rng, -2, 2));
        GridPoint q = Add(origin, Point(rng, 6, 8 * cell + 2));
        Emit(out, p, q, ops.Draw(rng));
      }
      break;
    }
  }
  return out;
}

// --- dispatch and placement -------------------------------------------------

Edges MakeUnplaced(ArrangementCaseKind kind, SplitMix64& rng, int n, const Operands& ops);

Edges MakeMixed(SplitMix64& rng, int n, const Operands& ops) {
  std::int64_t count = Int(rng, 2, 3);
  Edges out;
  for (std::int64_t i = 0; i < count; ++i) {
    auto kind = static_cast<ArrangementCaseKind>(rng.Below(10));
    Edges part = MakeUnplaced(kind, rng, std::max<int>(1, n / static_cast<int>(count)), ops);
    out.insert(out.end(), part.begin(), part.end());
  }
  for (std::size_t i = out.size(); i > 1; --i) {
    std::swap(out[i - 1], out[rng.Below(i)]);
  }
  return out;
}

Edges MakeUnplaced(ArrangementCaseKind kind, SplitMix64& rng, int n, const Operands& ops) {
  switch (kind) {
    case ArrangementCaseKind::kRandom:
      return MakeRandom(rng, n, ops);
    case ArrangementCaseKind::kManyCrossingsOnePixel:
      return MakeManyCrossings(rng, n, ops);
    case ArrangementCaseKind::kCollinearOverlap:
      return MakeCollinear(rng, n, ops);
    case ArrangementCaseKind::kPixelCorners:
      return MakePixelCorners(rng, n, ops);
    case ArrangementCaseKind::kPixelSides:
      return MakePixelSides(rng, n, ops);
    case ArrangementCaseKind::kDuplicatesAndReversed:
      return MakeDuplicates(rng, n, ops);
    case ArrangementCaseKind::kUnitEdges:
      return MakeUnitEdges(rng, n, ops);
    case ArrangementCaseKind::kHalfUnitCrossings:
      return MakeHalfUnit(rng, n, ops);
    case ArrangementCaseKind::kClustered:
      return MakeClustered(rng, n, ops);
    case ArrangementCaseKind::kTileMapLike:
      return MakeTileMap(rng, n, ops);
    case ArrangementCaseKind::kMixed:
      return MakeMixed(rng, n, ops);
  }
  return {};
}

std::int64_t MaxAbs(const Edges& edges) {
  std::int64_t m = 0;
  for (const TaggedEdge& e : edges) {
    for (std::int64_t c : {e.p.x, e.p.y, e.q.x, e.q.y}) m = std::max(m, c < 0 ? -c : c);
  }
  return m;
}

void Translate(SplitMix64& rng, Edges& edges) {
  const std::int64_t t = kLimit - MaxAbs(edges);
  std::array<std::int64_t, 2> offset{};
  for (std::int64_t& o : offset) o = rng.Below(2) == 0 ? Int(rng, -t, t) : Sign(rng) * t;
  for (TaggedEdge& e : edges) {
    e.p = {e.p.x + offset[0], e.p.y + offset[1]};
    e.q = {e.q.x + offset[0], e.q.y + offset[1]};
  }
}

void Scale(SplitMix64& rng, Edges& edges, bool jitter) {
  const std::int64_t m = MaxAbs(edges);
  if (m == 0) return;
  int kmax = 0;
  while (kmax < 39 && (m << (kmax + 1)) <= kLimit) ++kmax;
  if (kmax < 1) return;
  const int k = static_cast<int>(Int(rng, 1, kmax));
  const std::int64_t f =
      (std::int64_t{1} << (k - 1)) +
      static_cast<std::int64_t>(rng.Below(static_cast<std::uint64_t>(1) << (k - 1)));
  for (TaggedEdge& e : edges) {
    for (std::int64_t* c : {&e.p.x, &e.p.y, &e.q.x, &e.q.y}) {
      *c *= f;
      if (jitter) *c = Clamp(*c + Int(rng, -1, 1));
    }
  }
}

void Place(SplitMix64& rng, Edges& edges) {
  switch (rng.Below(16)) {
    case 11:
    case 12:
      Translate(rng, edges);
      break;
    case 13:
      Scale(rng, edges, false);
      break;
    case 14:
      Scale(rng, edges, true);
      break;
    case 15:
      Scale(rng, edges, false);
      Translate(rng, edges);
      break;
    default:
      break;
  }
}

constexpr std::array<ArrangementCaseKind, 11> kAllKinds = {
    ArrangementCaseKind::kRandom,
    ArrangementCaseKind::kManyCrossingsOnePixel,
    ArrangementCaseKind::kCollinearOverlap,
    ArrangementCaseKind::kPixelCorners,
    ArrangementCaseKind::kPixelSides,
    ArrangementCaseKind::kDuplicatesAndReversed,
    ArrangementCaseKind::kUnitEdges,
    ArrangementCaseKind::kHalfUnitCrossings,
    ArrangementCaseKind::kClustered,
    ArrangementCaseKind::kTileMapLike,
    ArrangementCaseKind::kMixed,
};

}  // namespace

std::vector<TaggedEdge> MakeArrangementCase(ArrangementCaseKind kind, SplitMix64& rng,
                                            int max_edges) {
  if (max_edges < 1) max_edges = 1;
  const int n = static_cast<int>(Int(rng, std::min(2, max_edges), max_edges));
  const Operands ops(rng.Below(4));
  Edges edges = MakeUnplaced(kind, rng, n, ops);
  Place(rng, edges);
  if (static_cast<int>(edges.size()) > max_edges) edges.resize(static_cast<std::size_t>(max_edges));
  return edges;
}

const char* KindName(ArrangementCaseKind kind) {
  switch (kind) {
    case ArrangementCaseKind::kRandom:
      return "random";
    case ArrangementCaseKind::kManyCrossingsOnePixel:
      return "many_crossings";
    case ArrangementCaseKind::kCollinearOverlap:
      return "collinear_overlap";
    case ArrangementCaseKind::kPixelCorners:
      return "pixel_corners";
    case ArrangementCaseKind::kPixelSides:
      return "pixel_sides";
    case ArrangementCaseKind::kDuplicatesAndReversed:
      return "duplicates";
    case ArrangementCaseKind::kUnitEdges:
      return "unit_edges";
    case ArrangementCaseKind::kHalfUnitCrossings:
      return "half_unit";
    case ArrangementCaseKind::kClustered:
      return "clustered";
    case ArrangementCaseKind::kTileMapLike:
      return "tile_map";
    case ArrangementCaseKind::kMixed:
      return "mixed";
  }
  return "unknown";
}

std::span<const ArrangementCaseKind> AllArrangementCaseKinds() { return kAllKinds; }

}  // namespace onepath::gen
