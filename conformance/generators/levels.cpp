// Seeded 3D levels; the recipe is documented in the header.
#include "conformance/generators/levels.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "conformance/generators/noisy_tilemap.hpp"
#include "conformance/generators/predicate_cases.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"

namespace onepath::gen {

std::vector<std::uint8_t> LevelSoupBytes(const LevelSoup& soup) {
  CanonicalWriter w;
  w.U32(static_cast<std::uint32_t>(soup.VertexCount()));
  w.U32(static_cast<std::uint32_t>(soup.TriangleCount()));
  for (float v : soup.vertices) w.F32(v);
  for (std::int32_t i : soup.indices) w.I32(i);
  return w.Take();
}

std::string LevelSoupSha256(const LevelSoup& soup) { return Sha256Hex(LevelSoupBytes(soup)); }

namespace {

constexpr std::int64_t kBlock = 4096;  // 16 world
constexpr std::size_t kMaxTriangles = std::size_t{1} << 23;

constexpr std::array<std::int64_t, 8> kStepHeights = {128, 192, 200, 208, 224, 240, 256, 320};
constexpr std::array<std::int64_t, 6> kClearances = {480, 496, 512, 528, 544, 768};
constexpr std::array<std::int64_t, 12> kSlopeRises = {451,  1478, 2148, 2472, 2551, 2559,
                                                      2560, 2561, 2569, 2651, 3051, 4434};

struct P3 {
  std::int64_t x, y, z;
};

// A footprint point: (x, z) in the world, or (s, t) in a block.
struct P2 {
  std::int64_t x, z;
};

P2 operator+(P2 a, P2 b) { return {a.x + b.x, a.z + b.z}; }

// R(k, i, j) of the header.
SplitMix64 R(std::uint64_t seed, std::uint64_t k, std::int64_t i, std::int64_t j) {
  return SplitMix64(RecipeHash(seed, k, i, j));
}

std::int64_t U(SplitMix64& r, std::uint64_t n) { return static_cast<std::int64_t>(r.Below(n)); }

// Collects the soup in integer units and the parts.
class Builder {
 public:
  // At most kMaxTriangles after a subdivision into k2 = K^2.
  explicit Builder(std::size_t k2) : limit_(kMaxTriangles / k2), k2_(k2) {}

  // Starts a part; every primitive is one part.
  void Part(PartKind kind, std::int64_t rise = 0, std::int64_t run = 0) {
    parts.push_back({kind, TriangleCount(), 0, rise, run, block, false});
  }
  // The binary32 value N 2^-8 of each coordinate: exact, |N| <= 2^24.
  std::int32_t Vertex(P3 p) {
    constexpr float kU = 0x1p-8f;
    vertices.insert(vertices.end(), {static_cast<float>(p.x) * kU, static_cast<float>(p.y) * kU,
                                     static_cast<float>(p.z) * kU});
    return static_cast<std::int32_t>(vertices.size() / 3 - 1);
  }
  // `count` triangles before subdivision, K^2 times as many after.
  [[noreturn]] void TooManyTriangles(std::size_t count) const {
    throw ArgumentOutOfRangeException(
        "the level would have more than 2^23 triangles",
        {.argument = "triangles", .count = static_cast<std::int64_t>(count * k2_)});
  }
  void Triangle(std::int32_t a, std::int32_t b, std::int32_t c) {
    if (TriangleCount() >= limit_) TooManyTriangles(TriangleCount() + 1);
    indices.insert(indices.end(), {a, b, c});
    ++parts.back().triangleCount;
  }
  std::size_t TriangleCount() const { return indices.size() / 3; }

  void Tri(P3 a, P3 b, P3 c) {
    const std::int32_t i = Vertex(a);
    Vertex(b);
    Vertex(c);
    Triangle(i, i + 1, i + 2);
  }
  void Quad(P3 a, P3 b, P3 c, P3 d) {
    const std::int32_t i = Vertex(a);
    Vertex(b);
    Vertex(c);
    Vertex(d);
    Triangle(i, i + 1, i + 2);
    Triangle(i, i + 2, i + 3);
  }
  void Floor(std::int64_t x0, std::int64_t z0, std::int64_t x1, std::int64_t z1, std::int64_t y) {
    Quad({x0, y, z0}, {x0, y, z1}, {x1, y, z1}, {x1, y, z0});
  }
  // c positive and convex.
  void Prism(std::span<const P2> c, std::int64_t y0, std::int64_t y1) {
    parts.back().closedSolid = true;
    const auto n = static_cast<std::int32_t>(c.size());
    const std::int32_t b = static_cast<std::int32_t>(vertices.size() / 3), t = b + n;
    for (P2 p : c) Vertex({p.x, y0, p.z});
    for (P2 p : c) Vertex({p.x, y1, p.z});
    for (std::int32_t k = n - 2; k >= 1; --k) Triangle(t, t + k + 1, t + k);
    for (std::int32_t k = 1; k <= n - 2; ++k) Triangle(b, b + k, b + k + 1);
    for (std::int32_t i = 0; i < n; ++i) {
      const std::int32_t j = (i + 1) % n;
      Triangle(b + i, t + i, t + j);
      Triangle(b + i, t + j, b + j);
    }
  }
  void Box(std::int64_t x0, std::int64_t y0, std::int64_t z0, std::int64_t x1, std::int64_t y1,
           std::int64_t z1) {
    const std::array<P2, 4> c = {P2{x0, z0}, P2{x1, z0}, P2{x1, z1}, P2{x0, z1}};
    Prism(c, y0, y1);
  }
  // c a positive parallelogram rising from c3 c0 to c1 c2 by h.
  void Wedge(const std::array<P2, 4>& c, std::int64_t y0, std::int64_t h) {
    parts.back().closedSolid = true;
    const std::int32_t b = static_cast<std::int32_t>(vertices.size() / 3);
    for (P2 p : c) Vertex({p.x, y0, p.z});
    Vertex({c[1].x, y0 + h, c[1].z});
    Vertex({c[2].x, y0 + h, c[2].z});
    const std::int32_t t1 = b + 4, t2 = b + 5;
    Triangle(b, b + 3, t2);
    Triangle(b, t2, t1);
    Triangle(b, b + 1, b + 2);
    Triangle(b, b + 2, b + 3);
    Triangle(b, t1, b + 1);
    Triangle(b + 1, t1, t2);
    Triangle(b + 1, t2, b + 2);
    Triangle(b + 2, t2, b + 3);
  }
  template <typename Height>
  void Grid(std::int64_t x0, std::int64_t z0, std::int64_t q, std::int64_t nx, std::int64_t nz,
            Height y) {
    const auto base = static_cast<std::int32_t>(vertices.size() / 3);
    for (std::int64_t j = 0; j <= nz; ++j)
      for (std::int64_t i = 0; i <= nx; ++i) Vertex({x0 + i * q, y(i, j), z0 + j * q});
    const auto row = static_cast<std::int32_t>(nx + 1);
    for (std::int32_t j = 0; j < nz; ++j) {
      for (std::int32_t i = 0; i < nx; ++i) {
        const std::int32_t a = base + j * row + i, b = a + row, c = b + 1, e = a + 1;
        Triangle(a, b, c);
        Triangle(a, c, e);
      }
    }
  }

  // The block being made (for the parts) and its frame.
  std::int64_t block = -1;
  std::int64_t X = 0, Z = 0;
  int d = 0;

  P2 Local(P2 p) const {
    switch (d) {
      case 0:
        return {X + p.x, Z + p.z};
      case 1:
        return {X + kBlock - p.z, Z + p.x};
      case 2:
        return {X + kBlock - p.x, Z + kBlock - p.z};
      default:
        return {X + p.z, Z + kBlock - p.x};
    }
  }
  void LocalBox(std::int64_t s0, std::int64_t t0, std::int64_t s1, std::int64_t t1, std::int64_t y0,
                std::int64_t y1) {
    const std::array<P2, 4> c = {Local({s0, t0}), Local({s1, t0}), Local({s1, t1}),
                                 Local({s0, t1})};
    Prism(c, y0, y1);
  }
  void LocalWedge(P2 p, P2 a, P2 b, std::int64_t y0, std::int64_t h) {
    Wedge({Local(p), Local(p + a), Local(p + a + b), Local(p + b)}, y0, h);
  }
  void Ground() {
    Part(PartKind::kFloor);
    Floor(X, Z, X + kBlock, Z + kBlock, 0);
  }
  void EnterBlock(std::int64_t bx, std::int64_t bz, std::int64_t nb) {
    block = bx + nb * bz;
    X = kBlock * bx;
    Z = kBlock * bz;
    d = 0;
  }

  std::vector<float> vertices;
  std::vector<std::int32_t> indices;
  std::vector<LevelPart> parts;

 private:
  std::size_t limit_, k2_;
};

// rooms ----------------------------------------------------------------------

struct Room {
  std::int64_t x0, x1, z0, z1, t, hw;
};

struct Doorway {
  bool open;
  std::int64_t e0, e1, dh;
};

// A wall box along x (alongX) or z, cut by a doorway's span.
void RoomWall(Builder& b, std::int64_t x0, std::int64_t z0, std::int64_t x1, std::int64_t z1,
              std::int64_t hw, const Doorway& door, bool alongX) {
  if (!door.open) {
    b.Part(PartKind::kWall, hw, alongX ? z1 - z0 : x1 - x0);
    b.Box(x0, 0, z0, x1, hw, z1);
    return;
  }
  if (alongX) {
    b.Part(PartKind::kWall, hw, z1 - z0);
    b.Box(x0, 0, z0, door.e0, hw, z1);
    b.Part(PartKind::kWall, hw, z1 - z0);
    b.Box(door.e1, 0, z0, x1, hw, z1);
    if (door.dh > 0) {
      b.Part(PartKind::kLintel, door.dh, z1 - z0);
      b.Box(door.e0, door.dh, z0, door.e1, hw, z1);
    }
  } else {
    b.Part(PartKind::kWall, hw, x1 - x0);
    b.Box(x0, 0, z0, x1, hw, door.e0);
    b.Part(PartKind::kWall, hw, x1 - x0);
    b.Box(x0, 0, door.e1, x1, hw, z1);
    if (door.dh > 0) {
      b.Part(PartKind::kLintel, door.dh, x1 - x0);
      b.Box(x0, door.dh, door.e0, x1, hw, door.e1);
    }
  }
}

void MakeRooms(Builder& b, std::uint64_t seed, std::int64_t nb) {
  const auto at = [nb](std::int64_t bx, std::int64_t bz) {
    return static_cast<std::size_t>(bx + nb * bz);
  };
  std::vector<Room> rooms(static_cast<std::size_t>(nb * nb));
  std::vector<Doorway> east(rooms.size()), north(rooms.size());
  for (std::int64_t bz = 0; bz < nb; ++bz) {
    for (std::int64_t bx = 0; bx < nb; ++bx) {
      SplitMix64 r = R(seed, 16, bx, bz);
      const std::int64_t X = kBlock * bx, Z = kBlock * bz;
      const std::int64_t mw = 256 * (1 + U(r, 3)), me = 256 * (1 + U(r, 3));
      const std::int64_t ms = 256 * (1 + U(r, 3)), mn = 256 * (1 + U(r, 3));
      const std::int64_t t = 64 * (1 + U(r, 4)), hw = 256 * (3 + U(r, 2));
      rooms[at(bx, bz)] = {X + mw, X + kBlock - me, Z + ms, Z + kBlock - mn, t, hw};
    }
  }
  for (std::int64_t bz = 0; bz < nb; ++bz) {
    for (std::int64_t bx = 0; bx < nb; ++bx) {
      for (int side = 0; side < 2; ++side) {
        SplitMix64 r = R(seed, 17 + side, bx, bz);
        const bool open = U(r, 10) < 8;
        const std::int64_t w = 384 + 128 * U(r, 3), c = 1536 + 64 * U(r, 17);
        constexpr std::array<std::int64_t, 4> kDoorHeights = {480, 544, 576, 0};
        const std::int64_t dh = kDoorHeights[static_cast<std::size_t>(U(r, 4))];
        const std::int64_t origin = side == 0 ? kBlock * bz : kBlock * bx;
        const bool inside = side == 0 ? bx + 1 < nb : bz + 1 < nb;
        (side == 0 ? east : north)[at(bx, bz)] = {open && inside, origin + c - w / 2,
                                                  origin + c + w / 2, dh};
      }
    }
  }
  const Doorway none{false, 0, 0, 0};
  for (std::int64_t bz = 0; bz < nb; ++bz) {
    for (std::int64_t bx = 0; bx < nb; ++bx) {
      b.EnterBlock(bx, bz, nb);
      const Room& m = rooms[at(bx, bz)];
      b.Part(PartKind::kFloor);
      b.Floor(m.x0, m.z0, m.x1, m.z1, 0);
      RoomWall(b, m.x0, m.z0, m.x0 + m.t, m.z1, m.hw, bx > 0 ? east[at(bx - 1, bz)] : none, false);
      RoomWall(b, m.x1 - m.t, m.z0, m.x1, m.z1, m.hw, east[at(bx, bz)], false);
      RoomWall(b, m.x0 + m.t, m.z0, m.x1 - m.t, m.z0 + m.t, m.hw,
               bz > 0 ? north[at(bx, bz - 1)] : none, true);
      RoomWall(b, m.x0 + m.t, m.z1 - m.t, m.x1 - m.t, m.z1, m.hw, north[at(bx, bz)], true);
      if (const Doorway& e = east[at(bx, bz)]; e.open) {
        const std::int64_t x0n = rooms[at(bx + 1, bz)].x0;
        b.Part(PartKind::kFloor);
        b.Floor(m.x1, e.e0, x0n, e.e1, 0);
        b.Part(PartKind::kWall, 768, 64);
        b.Box(m.x1, 0, e.e0 - 64, x0n, 768, e.e0);
        b.Part(PartKind::kWall, 768, 64);
        b.Box(m.x1, 0, e.e1, x0n, 768, e.e1 + 64);
      }
      if (const Doorway& n = north[at(bx, bz)]; n.open) {
        const std::int64_t z0n = rooms[at(bx, bz + 1)].z0;
        b.Part(PartKind::kFloor);
        b.Floor(n.e0, m.z1, n.e1, z0n, 0);
        b.Part(PartKind::kWall, 768, 64);
        b.Box(n.e0 - 64, 0, m.z1, n.e0, 768, z0n);
        b.Part(PartKind::kWall, 768, 64);
        b.Box(n.e1, 0, m.z1, n.e1 + 64, 768, z0n);
      }
    }
  }
}

// The kinds with a ground, motifs and a rotation (stairs, multifloor,
// slopes): per block, in row-major order, Ground, then R(k, bx, bz), its
// first draw d = U(4), then make(m, r) with the motif m.
template <typename Make>
void RotatedBlocks(Builder& b, std::uint64_t seed, std::int64_t nb, std::uint64_t k,
                   std::int64_t motifs, Make make) {
  for (std::int64_t bz = 0; bz < nb; ++bz) {
    for (std::int64_t bx = 0; bx < nb; ++bx) {
      b.EnterBlock(bx, bz, nb);
      b.Ground();
      SplitMix64 r = R(seed, k, bx, bz);
      b.d = static_cast<int>(U(r, 4));
      make((bx + nb * bz) % motifs, r);
    }
  }
}

// stairs ---------------------------------------------------------------------

void MakeStairs(Builder& b, std::uint64_t seed, std::int64_t nb) {
  RotatedBlocks(b, seed, nb, 32, 10, [&b](std::int64_t m, SplitMix64& r) {
    const std::int64_t W = 256 * (2 + U(r, 4));
    const std::int64_t t0 = 2048 - W / 2, t1 = 2048 + W / 2;
    if (m < 8) {
      const std::int64_t h = kStepHeights[static_cast<std::size_t>(m)];
      const std::int64_t g = 64 * (2 + U(r, 5)), n = 3 + U(r, 4);
      for (std::int64_t i = 0; i < n; ++i) {
        b.Part(PartKind::kStep, h, g);
        b.LocalBox(512 + i * g, t0, 512 + (i + 1) * g, t1, 0, (i + 1) * h);
      }
      b.Part(PartKind::kLanding, n * h);
      b.LocalBox(512 + n * g, t0, 1024 + n * g, t1, 0, n * h);
    } else {
      const std::int64_t h = m == 8 ? 256 : 512, w = m == 8 ? 768 : 1024;
      b.Part(PartKind::kRamp, h, w);
      b.LocalWedge({512, t0}, {w, 0}, {0, W}, 0, h);
      b.Part(PartKind::kLanding, h);
      b.LocalBox(512 + w, t0, 1024 + w, t1, 0, h);
    }
  });
}

// terrain --------------------------------------------------------------------

void MakeTerrain(Builder& b, std::uint64_t seed, std::int64_t size, std::size_t limit) {
  const std::int64_t n = size / 2;
  // Refused before its vertices are made (the builder would refuse it later).
  if (static_cast<std::size_t>(2 * n * n) > limit)
    b.TooManyTriangles(static_cast<std::size_t>(2 * n * n));
  constexpr std::int64_t kA1 = 8192, kA2 = 4096, kA3 = 128, kP = 768;
  b.Part(PartKind::kTerrain);
  b.Grid(0, 0, 512, n, n, [seed](std::int64_t i, std::int64_t j) {
    // Each noise value is non-negative, so >> and % are the floor and the
    // remainder of the quotient.
    const std::int64_t base = ((kA1 * ValueNoise(seed, 48, 5, i, j)) >> 26) +
                              ((kA2 * ValueNoise(seed, 49, 3, i, j)) >> 22);
    const std::int64_t terraced =
        base / kP * kP + std::max<std::int64_t>(0, 4 * (base % kP) - 3 * kP);
    return terraced + ((kA3 * ValueNoise(seed, 50, 0, i, j)) >> 16);
  });
}

// pits -----------------------------------------------------------------------

void MakePits(Builder& b, std::int64_t size, std::size_t limit) {
  const std::int64_t n = size;
  if (static_cast<std::size_t>(2 * n * n) > limit)
    b.TooManyTriangles(static_cast<std::size_t>(2 * n * n));
  b.Part(PartKind::kPits);
  b.Grid(0, 0, 256, n, n, [](std::int64_t i, std::int64_t j) -> std::int64_t {
    return 1024 * ((i % 4 == 0 ? 1 : 0) + (j % 3 == 0 ? 1 : 0));
  });
}

// multifloor -----------------------------------------------------------------

void MakeMultifloor(Builder& b, std::uint64_t seed, std::int64_t nb) {
  auto clearance = [](SplitMix64& r) { return kClearances[static_cast<std::size_t>(U(r, 6))]; };
  RotatedBlocks(b, seed, nb, 64, 3, [&](std::int64_t m, SplitMix64& r) {
    if (m == 0) {
      const std::int64_t c1 = clearance(r), c2 = clearance(r);
      const std::int64_t yA = c1 + 64, yB = yA + c2 + 64;
      b.Part(PartKind::kSlab, c1);
      b.LocalBox(1280, 256, 3840, 3840, c1, yA);
      b.Part(PartKind::kSlab, c2);
      b.LocalBox(1280, 256, 3840, 2304, yA + c2, yB);
      for (P2 p : {P2{1280, 256}, P2{3712, 256}, P2{3712, 3712}, P2{1280, 3712}}) {
        b.Part(PartKind::kPillar, c1, 128);
        b.LocalBox(p.x, p.z, p.x + 128, p.z + 128, 0, c1);
      }
      for (P2 p : {P2{1280, 256}, P2{3712, 256}, P2{3712, 2176}, P2{1280, 2176}}) {
        b.Part(PartKind::kPillar, c2, 128);
        b.LocalBox(p.x, p.z, p.x + 128, p.z + 128, yA, yA + c2);
      }
      const std::int64_t r1 = 3 * yA / 2, r2 = 3 * (c2 + 64) / 2;
      b.Part(PartKind::kRamp, yA, r1);
      b.LocalWedge({1280 - r1, 2688}, {r1, 0}, {0, 768}, 0, yA);
      b.Part(PartKind::kRamp, c2 + 64, r2);
      b.LocalWedge({2560, 2304 + r2}, {0, -r2}, {768, 0}, yA, c2 + 64);
    } else if (m == 1) {
      const std::int64_t c = clearance(r), r1 = 3 * (c + 64) / 2;
      b.Part(PartKind::kSlab, c);
      b.LocalBox(1792, 1536, 2304, 2560, c, c + 64);
      b.Part(PartKind::kRamp, c + 64, r1);
      b.LocalWedge({2304, 1536 - r1}, {0, r1}, {-512, 0}, 0, c + 64);
      b.Part(PartKind::kRamp, c + 64, r1);
      b.LocalWedge({1792, 2560 + r1}, {0, -r1}, {512, 0}, 0, c + 64);
    } else {
      b.Part(PartKind::kWall, 1536, 256);
      b.LocalBox(3584, 256, 3840, 3840, 0, 1536);
      for (std::int64_t q = 0; q < 4; ++q) {
        const std::int64_t c = clearance(r);
        b.Part(PartKind::kSlab, c);
        b.LocalBox(2048, 256 + 896 * q, 3584, 256 + 896 * (q + 1), c, c + 128);
      }
    }
  });
}

// slopes ---------------------------------------------------------------------

void MakeSlopes(Builder& b, std::uint64_t seed, std::int64_t nb) {
  RotatedBlocks(b, seed, nb, 80, 12, [&b](std::int64_t m, SplitMix64& r) {
    const std::int64_t h = kSlopeRises[static_cast<std::size_t>(m)];
    const bool diagonal = U(r, 2) != 0;
    const std::int64_t v = U(r, 3);
    b.Part(PartKind::kRamp, h, kLevelSlopeRun);
    if (!diagonal) {
      const std::int64_t W = 256 * (2 + v);
      b.LocalWedge({768, 2048 - W / 2}, {kLevelSlopeRun, 0}, {0, W}, 0, h);
    } else {
      const std::int64_t q = 64 * (2 + v);
      b.LocalWedge({1280, 512}, {1536, 2048}, {-4 * q, 3 * q}, 0, h);
    }
  });
}

// clutter --------------------------------------------------------------------

void MakeClutter(Builder& b, std::uint64_t seed, std::int64_t nb, std::int64_t size) {
  const std::int64_t e = 256 * size;
  b.Part(PartKind::kHuge);
  b.Floor(0, 0, e, e, 0);
  b.Part(PartKind::kHuge);
  b.Tri({0, 2048, 0}, {0, 2048, 1024}, {e, 2048, e});
  for (std::int64_t bz = 0; bz < nb; ++bz) {
    for (std::int64_t bx = 0; bx < nb; ++bx) {
      b.EnterBlock(bx, bz, nb);
      const std::int64_t X = b.X, Z = b.Z;
      const std::int64_t m = (bx + nb * bz) % 4;
      SplitMix64 r = R(seed, 96, bx, bz);
      if (m == 0) {
        const std::int64_t n = 4 + U(r, 5);
        for (std::int64_t k = 0; k < n; ++k) {
          const bool turned = U(r, 2) != 0;
          const auto si = static_cast<std::size_t>(U(r, 4));
          const std::int64_t x = X + 512 + U(r, 3072), z = Z + 512 + U(r, 3072);
          const std::int64_t ph = 256 * (2 + U(r, 3));
          if (!turned) {
            const std::int64_t p = std::array<std::int64_t, 4>{48, 64, 128, 256}[si];
            b.Part(PartKind::kPillar, ph, p);
            b.Box(x, 0, z, x + p, ph, z + p);
          } else {
            const std::int64_t f = std::array<std::int64_t, 4>{8, 16, 32, 32}[si];
            b.Part(PartKind::kPillar, ph, 5 * f);
            const std::array<P2, 4> c = {P2{x, z}, P2{x + 3 * f, z + 4 * f}, P2{x - f, z + 7 * f},
                                         P2{x - 4 * f, z + 3 * f}};
            b.Prism(c, 0, ph);
          }
        }
      } else if (m == 1) {
        const std::int64_t n = 2 + U(r, 3);
        for (std::int64_t k = 0; k < n; ++k) {
          const std::int64_t o = U(r, 3);
          const auto ti = static_cast<std::size_t>(U(r, 3));
          const std::int64_t l = U(r, 5);
          const std::int64_t x = X + 512 + U(r, 1024), z = Z + 512 + U(r, 1024);
          const std::int64_t wh = 256 * (1 + U(r, 3));
          const std::int64_t L = 256 * (2 + l), T = std::array<std::int64_t, 3>{16, 32, 64}[ti];
          if (o == 0) {
            b.Part(PartKind::kThinWall, wh, T);
            b.Box(x, 0, z, x + L, wh, z + T);
          } else if (o == 1) {
            b.Part(PartKind::kThinWall, wh, T);
            b.Box(x, 0, z, x + T, wh, z + L);
          } else {
            const std::int64_t g = std::array<std::int64_t, 3>{4, 8, 12}[ti], f = 64 * (1 + l);
            b.Part(PartKind::kThinWall, wh, 5 * g);
            const std::array<P2, 4> c = {P2{x, z}, P2{x + 3 * f, z + 4 * f},
                                         P2{x + 3 * f - 4 * g, z + 4 * f + 3 * g},
                                         P2{x - 4 * g, z + 3 * g}};
            b.Prism(c, 0, wh);
          }
        }
        b.Part(PartKind::kSheet);
        b.Quad({X + 512, 0, Z + 3584}, {X + 2560, 0, Z + 3584}, {X + 2560, 512, Z + 3584},
               {X + 512, 512, Z + 3584});
      } else if (m == 2) {
        const std::int64_t x = X + 512 + U(r, 2048), z = Z + 512 + U(r, 2048);
        b.Part(PartKind::kTinyPatch);
        b.Grid(x, z, 4, 32, 32, [](std::int64_t, std::int64_t) { return std::int64_t{16}; });
        const std::int64_t n = 16 + U(r, 17);
        for (std::int64_t k = 0; k < n; ++k) {
          const std::int64_t px = X + 256 + U(r, 3584), py = 64 + U(r, 512);
          const std::int64_t pz = Z + 256 + U(r, 3584), s = 1 + U(r, 4);
          b.Part(PartKind::kSpeck);
          b.Tri({px, py, pz}, {px, py, pz + s}, {px + s, py, pz});
        }
      } else {
        const std::int64_t x = X + 512 + U(r, 1024), z = Z + 512 + U(r, 2048);
        for (std::int64_t i = 0; i < 256; ++i) {
          b.Part(PartKind::kSliver);
          b.Tri({x, 32, z + i}, {x, 32, z + i + 1}, {x + 2048, 32, z + i + 1});
          b.Part(PartKind::kSliver);
          b.Tri({x, 32, z + i}, {x + 2048, 32, z + i + 1}, {x + 2048, 32, z + i});
        }
        const P3 p{X + 3840, 64, Z + 256}, q{X + 3904, 64, Z + 256}, mid{X + 3872, 64, Z + 256};
        for (const std::array<P3, 3>& t :
             {std::array<P3, 3>{p, p, q}, std::array<P3, 3>{p, q, q}, std::array<P3, 3>{p, mid, q},
              std::array<P3, 3>{p, p, p}}) {
          b.Part(PartKind::kDegenerate);
          b.Tri(t[0], t[1], t[2]);
        }
      }
    }
  }
}

// islands --------------------------------------------------------------------

struct Island {
  std::int64_t top, mw, me, ms, mn;
};

struct Plank {
  bool open;
  std::int64_t v, c;
};

void MakeIslands(Builder& b, std::uint64_t seed, std::int64_t nb) {
  const auto at = [nb](std::int64_t bx, std::int64_t bz) {
    return static_cast<std::size_t>(bx + nb * bz);
  };
  constexpr std::array<std::int64_t, 4> kGaps = {32, 128, 256, 512};
  std::vector<Island> islands(static_cast<std::size_t>(nb * nb));
  std::vector<Plank> east(islands.size()), north(islands.size());
  for (std::int64_t bz = 0; bz < nb; ++bz) {
    for (std::int64_t bx = 0; bx < nb; ++bx) {
      SplitMix64 r = R(seed, 112, bx, bz);
      Island& is = islands[at(bx, bz)];
      is.top = 256 + 64 * U(r, 17);
      is.mw = kGaps[static_cast<std::size_t>(U(r, 4))];
      is.me = kGaps[static_cast<std::size_t>(U(r, 4))];
      is.ms = kGaps[static_cast<std::size_t>(U(r, 4))];
      is.mn = kGaps[static_cast<std::size_t>(U(r, 4))];
    }
  }
  for (std::int64_t bz = 0; bz < nb; ++bz) {
    for (std::int64_t bx = 0; bx < nb; ++bx) {
      for (int side = 0; side < 2; ++side) {
        SplitMix64 r = R(seed, 113 + side, bx, bz);
        const bool open = U(r, 3) > 0;
        const std::int64_t v = 128 * (1 + U(r, 3)), c = 1536 + 64 * U(r, 17);
        const bool inside = side == 0 ? bx + 1 < nb : bz + 1 < nb;
        (side == 0 ? east : north)[at(bx, bz)] = {open && inside, v, c};
      }
    }
  }
  for (std::int64_t bz = 0; bz < nb; ++bz) {
    for (std::int64_t bx = 0; bx < nb; ++bx) {
      b.EnterBlock(bx, bz, nb);
      const std::int64_t X = b.X, Z = b.Z;
      const Island& is = islands[at(bx, bz)];
      b.Part(PartKind::kIsland, is.top);
      b.Box(X + is.mw, 0, Z + is.ms, X + kBlock - is.me, is.top, Z + kBlock - is.mn);
      if (const Plank& p = east[at(bx, bz)]; p.open) {
        const Island& o = islands[at(bx + 1, bz)];
        const std::int64_t top = std::min(is.top, o.top);
        b.Part(PartKind::kPlank, std::max(is.top, o.top) - top);
        b.Box(X + kBlock - is.me, top - 64, Z + p.c - p.v, X + kBlock + o.mw, top, Z + p.c + p.v);
      }
      if (const Plank& p = north[at(bx, bz)]; p.open) {
        const Island& o = islands[at(bx, bz + 1)];
        const std::int64_t top = std::min(is.top, o.top);
        b.Part(PartKind::kPlank, std::max(is.top, o.top) - top);
        b.Box(X + p.c - p.v, top - 64, Z + kBlock - is.mn, X + p.c + p.v, top, Z + kBlock + o.ms);
      }
    }
  }
}

// Subdivision and conversion -----------------------------------------------

// Every triangle of `in` (coordinates multiples of 2^-8) as K^2 pieces with
// their own vertices, coordinates N 2^-bits with 2^bits = 256 K.
void Subdivide(const LevelSoup& in, std::int64_t K, int bits, LevelSoup& out) {
  const std::size_t triangles = in.TriangleCount();
  out.vertices.clear();
  out.indices.clear();
  out.vertices.reserve(triangles * static_cast<std::size_t>((K + 1) * (K + 2) / 2) * 3);
  out.indices.reserve(triangles * static_cast<std::size_t>(K * K) * 3);
  const float scale = std::ldexp(1.0f, -bits);
  std::vector<std::int32_t> rowStart(static_cast<std::size_t>(K + 1));
  for (std::size_t t = 0; t < triangles; ++t) {
    std::array<P3, 3> v;
    for (int k = 0; k < 3; ++k) {
      const auto i = static_cast<std::size_t>(in.indices[3 * t + k]) * 3;
      // Exact: each value is an integer times 2^-8 below 2^16.
      v[k] = {static_cast<std::int64_t>(in.vertices[i] * 256.0f),
              static_cast<std::int64_t>(in.vertices[i + 1] * 256.0f),
              static_cast<std::int64_t>(in.vertices[i + 2] * 256.0f)};
    }
    const P3 e1{v[1].x - v[0].x, v[1].y - v[0].y, v[1].z - v[0].z};
    const P3 e2{v[2].x - v[0].x, v[2].y - v[0].y, v[2].z - v[0].z};
    auto next = static_cast<std::int32_t>(out.vertices.size() / 3);
    for (std::int64_t j = 0; j <= K; ++j) {
      rowStart[static_cast<std::size_t>(j)] = next;
      for (std::int64_t i = 0; i <= K - j; ++i, ++next)
        out.vertices.insert(out.vertices.end(),
                            {static_cast<float>(K * v[0].x + i * e1.x + j * e2.x) * scale,
                             static_cast<float>(K * v[0].y + i * e1.y + j * e2.y) * scale,
                             static_cast<float>(K * v[0].z + i * e1.z + j * e2.z) * scale});
    }
    auto P = [&](std::int64_t i, std::int64_t j) {
      return rowStart[static_cast<std::size_t>(j)] + static_cast<std::int32_t>(i);
    };
    for (std::int64_t j = 0; j < K; ++j) {
      for (std::int64_t i = 0; i <= K - 1 - j; ++i) {
        out.indices.insert(out.indices.end(), {P(i, j), P(i + 1, j), P(i, j + 1)});
        if (i + j <= K - 2)
          out.indices.insert(out.indices.end(), {P(i + 1, j), P(i + 1, j + 1), P(i, j + 1)});
      }
    }
  }
}

}  // namespace

Level MakeLevel(const LevelOptions& o) {
  if (o.size < 16 || o.size > 65536)
    throw ArgumentOutOfRangeException("the level size must be in 16..65536",
                                      {.argument = "size", .value = double(o.size)});
  const int K = o.subdivide;
  if (K < 1 || K > 64 || (K & (K - 1)) != 0 || std::int64_t{o.size} * K > 65536)
    throw ArgumentOutOfRangeException(
        "subdivide must be a power of two in 1..64 with size * subdivide <= 65536",
        {.argument = "subdivide", .value = double(K)});
  Builder b(static_cast<std::size_t>(K * K));
  const std::int64_t nb = o.size / 16;
  switch (o.kind) {
    case LevelKind::kRooms:
      MakeRooms(b, o.seed, nb);
      break;
    case LevelKind::kStairs:
      MakeStairs(b, o.seed, nb);
      break;
    case LevelKind::kTerrain:
      MakeTerrain(b, o.seed, o.size, kMaxTriangles / static_cast<std::size_t>(K * K));
      break;
    case LevelKind::kMultifloor:
      MakeMultifloor(b, o.seed, nb);
      break;
    case LevelKind::kSlopes:
      MakeSlopes(b, o.seed, nb);
      break;
    case LevelKind::kClutter:
      MakeClutter(b, o.seed, nb, o.size);
      break;
    case LevelKind::kIslands:
      MakeIslands(b, o.seed, nb);
      break;
    case LevelKind::kPits:
      MakePits(b, o.size, kMaxTriangles / static_cast<std::size_t>(K * K));
      break;
  }
  Level level;
  level.blocksPerSide =
      o.kind == LevelKind::kTerrain || o.kind == LevelKind::kPits ? 0 : static_cast<int>(nb);
  level.parts = std::move(b.parts);
  if (K == 1) {
    level.soup.vertices = std::move(b.vertices);
    level.soup.indices = std::move(b.indices);
  } else {
    int bits = kLevelUnitBits;
    while ((1 << (bits - kLevelUnitBits)) < K) ++bits;
    LevelSoup base;
    base.vertices = std::move(b.vertices);
    base.indices = std::move(b.indices);
    Subdivide(base, K, bits, level.soup);
    const auto k2 = static_cast<std::size_t>(K * K);
    for (LevelPart& p : level.parts) {
      p.firstTriangle *= k2;
      p.triangleCount *= k2;
    }
  }
  return level;
}

namespace {

struct KindInfo {
  LevelKind kind;
  const char* name;
  const char* description;
};

constexpr std::array<KindInfo, 8> kKinds = {{
    {LevelKind::kRooms, "rooms",
     "rooms and corridors: walls 0.25..1 thick, 3..4 high, doorways 1.5..2.5 wide with lintels"},
    {LevelKind::kStairs, "stairs",
     "flights with steps of 0.5..1.25 (around the climb 0.9), and ramps, on a flat ground"},
    {LevelKind::kTerrain, "terrain",
     "a heightmap with hills, valleys and rough spots, slopes on both sides of 45 degrees"},
    {LevelKind::kMultifloor, "multifloor",
     "stacked floors with ramps, bridges over walkways, overhangs 1.875..3 above the ground"},
    {LevelKind::kSlopes, "slopes",
     "ramps at 10, 30, 40, 44, 44.9, 45 - 1u, 45, 45 + 1u, 45.1, 46, 50, 60 degrees"},
    {LevelKind::kClutter, "clutter",
     "pillars and walls thinner than a cell, tiny triangles, slivers, degenerate and huge "
     "triangles"},
    {LevelKind::kIslands, "islands",
     "platforms apart by gaps of 0.25..4, planks to some, steps of 0..4 between tops"},
    {LevelKind::kPits, "pits",
     "(a limit case) pits of 2 x 1, 2 apart, walled by slopes of 76 degrees and more"},
}};

constexpr std::array<LevelKind, 7> kAllKinds = {
    LevelKind::kRooms,  LevelKind::kStairs,  LevelKind::kTerrain, LevelKind::kMultifloor,
    LevelKind::kSlopes, LevelKind::kClutter, LevelKind::kIslands};

}  // namespace

const char* LevelKindName(LevelKind kind) { return kKinds[static_cast<std::size_t>(kind)].name; }

const char* LevelKindDescription(LevelKind kind) {
  return kKinds[static_cast<std::size_t>(kind)].description;
}

constexpr std::array<LevelKind, 1> kLimitKinds = {LevelKind::kPits};

std::span<const LevelKind> AllLevelKinds() { return kAllKinds; }

std::span<const LevelKind> LimitLevelKinds() { return kLimitKinds; }

std::optional<LevelKind> LevelKindFromName(const std::string& name) {
  for (const KindInfo& k : kKinds)
    if (name == k.name) return k.kind;
  return std::nullopt;
}

const char* PartKindName(PartKind kind) {
  static constexpr std::array<const char*, 19> kNames = {
      "floor",      "wall",   "lintel",    "step",  "landing",    "ramp",  "terrain",
      "slab",       "pillar", "thin_wall", "sheet", "tiny_patch", "speck", "sliver",
      "degenerate", "huge",   "island",    "plank", "pits"};
  return kNames[static_cast<std::size_t>(kind)];
}

std::span<const std::int64_t> LevelStepHeights() { return kStepHeights; }
std::span<const std::int64_t> LevelClearances() { return kClearances; }
std::span<const std::int64_t> LevelSlopeRises() { return kSlopeRises; }

}  // namespace onepath::gen
