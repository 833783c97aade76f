// Writes the golden families `offset/` (Region.Offset, offset.*) and
// `shrink/` (Mesh2DPipeline.Shrink, shrink.*) (docs/golden-format.md).
//
// Expected hashes come from the reference (src/onepath/geom2d/offset.cpp,
// shrink.cpp), every positive output checked first by the independent
// validator conformance/generators/region_validity, and every vector
// replayed through the runner's JSON decoding (tools/golden/
// region_vectors.hpp). The offset's own promises are checked by the unit
// tests, properties and differential tests (conformance/tests/
// test_offset.cpp, properties_offset.cpp, conformance/differential/).
//
// Recipe (the code is the normative order of draws). SplitMix64, Int, Q,
// SnapBitsDraw and RandomRing as in gen_region.cpp. Kind k draws from
// SplitMix64(seed + k), seed kOffsetSeed or kShrinkSeed.
//
// Region.Offset (offset.jsonl). After the region: sign (Below(2) == 0:
// negative), join (Below(2) == 0: Round), tolerance by Below(3): 0,
// Q(Int(1, 4)), 2^-Int(4, 10).
//  random_outlines  Int(1, 2) outlines of Int(1, 2) random rings,
//                   SnapBitsDraw; distance Q(Int(1, 16)).
//  thin_gaps        SnapBitsDraw; rectangles [0, 8] x [0, w] and
//                   [0, 8] x [w + g, w + g + 4], w, g = Q(Int(1, 8)), one
//                   outline each; distance Q(Int(1, 8)): thin strips vanish
//                   (w < 2d) and gaps close (g < 2d).
//  tilemap          W, H = Int(1, 6), cells solid when Below(4) < Int(1, 3),
//                   SnapBits 16, 4 or 2 (Below(3)), cellSize Q(Int(2, 8)),
//                   origin Q(Int(-16, 16)) per axis; distance Q(Int(1, 8)).
//  noisy            gen::MakeNoisyTileMap(Int(1, 1000), W, H, 0.25) with
//                   W, H = Int(16, 32), origin (0, 0), SnapBits 16; distance
//                   Q(Int(1, 4)).
// plus hand-made: distance 0 and -0.0, one grid unit, a quarter unit, 2^20
// both ways, the empty region, SnapBits 0, tolerances 10^6 and 2^-20, and
// the star grown by the first radius of k + 1/2 grid units whose result
// depends on num.ieee (DependsOnIeee).
//
// Mesh2DPipeline.Shrink (shrink.jsonl). CellSize by Below(3): 0.25, 0.5,
// 0.1; AgentRadius Q(Int(1, 8)).
//  rooms            SnapBits 16; an outer rectangle [0, W] x [0, H],
//                   W, H = Q(Int(32, 128)), with Int(0, 3) holes: squares of
//                   side Q(Int(2, 12)) at Q(Int(4, W' - side - 4)) per axis,
//                   each axis-aligned or (Below(2)) turned 45 degrees about
//                   its centre (corners c +- (s/2, 0), c +- (0, s/2)); a
//                   notch cut into the outer ring when Below(2) == 0 (its
//                   bottom side runs up over [W/4, W/2] to H/2: reflex
//                   corners).
//  round_pillars    SnapBits 16; an outer square [0, 24]^2 and Int(1, 3)
//                   holes, regular n-gons (n = 8 << Below(3)) of radius
//                   Q(Int(4, 12)) / 2 about Q(Int(16, 80)) per axis, vertex
//                   coordinates rounded to multiples of 2^-8 from
//                   std::cos/std::sin (stored exactly in the vector: the
//                   input is what is stored, not the formula).
//  random_outlines  as for Region.Offset.
//  noisy            as for Region.Offset, AgentRadius Q(Int(1, 4)),
//                   CellSize 0.25.
// plus hand-made: AgentRadius 0, the empty region, the cusp between a
// quarter disc and two walls, and an L-shaped room at AgentRadius 4 with
// CellSize 2, 1, 0.5, 0.25, 0.1, 0.05, 0.02, 0.01 (m = 8 ... 256).
//
// errors.jsonl in each family: hand-made negative vectors, one per error
// clause and check order (offset.arguments; shrink.settings).
//
//   gen_golden_offset OUT_DIR offset|shrink [cases-per-kind (default 16)]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <numbers>
#include <string>

#include "conformance/generators/noisy_tilemap.hpp"
#include "onepath/core/int128.hpp"
#include "onepath/geom2d/internal/offset.hpp"
#include "onepath/geom2d/internal/region_access.hpp"
#include "onepath/geom2d/internal/shrink.hpp"
#include "onepath/geom2d/pipeline.hpp"
#include "tools/golden/jsonl_writer.hpp"
#include "tools/golden/region_vectors.hpp"

using namespace onepath::golden;
namespace gen = onepath::gen;
namespace conformance = onepath::conformance;
using onepath::geom2d::Mesh2DPipeline;
using onepath::geom2d::Mesh2DSettings;
using onepath::geom2d::OffsetJoin;

namespace {

constexpr std::uint64_t kOffsetSeed = 0x6f66667365747321;  // "offsets!"
constexpr std::uint64_t kShrinkSeed = 0x736872696e6b7321;  // "shrinks!"

const char* kReference =
    "expected from the reference (src/onepath/geom2d/offset, shrink), output checked by "
    "conformance/generators/region_validity CheckRegionValidity";

using Writer = onepath::golden::JsonlWriter;
using Rings = std::vector<std::vector<Vector2D>>;

struct OffsetArgs {
  double distance = 0.0;
  std::string join = "Round";
  double arcTolerance = 0.0;
};

// The clauses a vector exercises, from its input: with distance 0 (or
// AgentRadius 0) or an empty region nothing is swept and the result is the
// region itself (offset.radius, shrink.settings); otherwise the Round
// join's pieces or the Square join's; the shrink's sectors, and with them
// E_m and its m, only where a ring vertex is reflex (shrink.sector).
json OffsetClauses(const Region& region, const OffsetArgs& a) {
  json c = json::array({"offset.arguments", "offset.radius"});
  if (a.distance != 0 && !region.IsEmpty()) {
    c.push_back("offset.pieces");
    if (a.join == "Round") {
      for (const char* k :
           {"offset.normal", "offset.rounded-point", "offset.round-rectangle", "offset.half-angles",
            "offset.vertex-count", "offset.unit-ring", "offset.round-vertex"})
        c.push_back(k);
    } else {
      c.push_back("offset.square");
    }
    c.push_back("region.face-rule");
  }
  c.push_back("region.canonical");
  return c;
}

// num.ieee, derived: the Round join rebuilt from its pieces as
// offset.pieces lists them (the region's rings, then per ring edge its
// rectangle, offset.round-rectangle, then per distinct ring vertex the
// m-gon, offset.round-vertex) with the unit ring `unit` in place of U_m.
Region RoundFromPieces(const Region& region, double distance, const std::vector<Vector2D>& unit) {
  namespace g = onepath::geom2d;
  const int bits = region.SnapBits();
  const double r = std::ldexp(std::fabs(distance), bits);
  const g::OffsetLimit limit = g::OffsetLimit::ForArgument(bits, "distance");
  std::vector<g::TaggedEdge> edges;
  for (const auto& ring : region.Rings()) g::AppendRingEdges(ring, 0, edges);
  std::vector<g::GridPoint> vertices;
  for (const auto& ring : region.Rings()) {
    for (std::size_t k = 0; k < ring.size(); ++k) {
      const g::GridPoint a = ring[k], b = ring[(k + 1) % ring.size()];
      const Vector2D n = g::LeftUnitNormal(a, b);
      const std::array<g::GridPoint, 4> rectangle = {
          limit.Check(g::MinusScaled(a, r, n)), limit.Check(g::MinusScaled(b, r, n)),
          limit.Check(g::PlusScaled(b, r, n)), limit.Check(g::PlusScaled(a, r, n))};
      g::AppendRingEdges(rectangle, 1, edges);
      vertices.push_back(a);
    }
  }
  std::sort(vertices.begin(), vertices.end());
  vertices.erase(std::unique(vertices.begin(), vertices.end()), vertices.end());
  std::vector<g::GridPoint> polygon(unit.size());
  for (const g::GridPoint p : vertices) {
    for (std::size_t k = 0; k < unit.size(); ++k)
      polygon[k] = limit.Check(g::PlusScaled(p, r, unit[k]));
    g::AppendRingEdges(polygon, 1, edges);
  }
  return g::RegionAccess::FromEdges(
      edges, distance > 0 ? g::FaceRule::kUnion : g::FaceRule::kDifference, bits);
}

// The circumscribed m-gon as a port that ignores num.ieee would build it,
// from the C library's cos and sin: `rotated` false, vertex k at angle
// (2k + 1) pi / m and radius 1 / cos(pi / m) (offset.unit-ring's
// real-number definition); `rotated` true, offset.unit-ring's rotations and
// quarter turns with the steps' cosine and sine, and t_m, from the library
// instead of offset.half-angles' tables.
std::vector<Vector2D> LibraryRing(int m, bool rotated) {
  const double pi = std::numbers::pi;
  std::vector<Vector2D> ring(static_cast<std::size_t>(m));
  if (!rotated) {
    const double c = std::cos(pi / m);
    for (int k = 0; k < m; ++k) {
      const double a = (2 * k + 1) * pi / m;
      ring[static_cast<std::size_t>(k)] = {std::cos(a) / c, std::sin(a) / c};
    }
    return ring;
  }
  const int q = m / 4;
  const double c = std::cos(2 * pi / m), s = std::sin(2 * pi / m);
  ring[0] = {1.0, std::tan(pi / m)};
  for (int k = 1; k < q; ++k) {
    const Vector2D u = ring[static_cast<std::size_t>(k - 1)];
    ring[static_cast<std::size_t>(k)] = {u.x * c - u.y * s, u.x * s + u.y * c};
  }
  for (int k = q; k < m; ++k)
    ring[static_cast<std::size_t>(k)] = {-ring[static_cast<std::size_t>(k - q)].y,
                                         ring[static_cast<std::size_t>(k - q)].x};
  return ring;
}

// Whether a Round offset's result depends on num.ieee: rebuilt with the
// spec's U_m it must be the reference's `result` (else the writer stops);
// rebuilt with either LibraryRing it is another region, or fails
// offset.limits.
bool DependsOnIeee(const Region& region, const OffsetArgs& a, const Region& result) {
  if (a.join != "Round" || a.distance == 0 || region.IsEmpty()) return false;
  const int m = onepath::geom2d::ArcVertexCount(
      std::ldexp(std::fabs(a.distance), region.SnapBits()), a.arcTolerance, region.SnapBits());
  const auto bytes = CanonicalBytes(result);
  if (CanonicalBytes(
          RoundFromPieces(region, a.distance, onepath::geom2d::UnitCircumscribedRing(m))) != bytes)
    Fail("DependsOnIeee: the Round join rebuilt from its pieces is not Region.Offset's",
         json{{"distance", a.distance}, {"arcTolerance", a.arcTolerance}});
  for (bool rotated : {false, true}) {
    try {
      if (CanonicalBytes(RoundFromPieces(region, a.distance, LibraryRing(m, rotated))) != bytes)
        return true;
    } catch (const onepath::ArgumentOutOfRangeException&) {
      return true;  // the library's ring fails offset.limits where U_m does not
    }
  }
  return false;
}

// A ring vertex with a right turn (shrink.sector: Orient(p, a, b) < 0).
bool HasReflexVertex(const Region& region) {
  for (const auto& ring : region.Rings()) {
    const std::size_t n = ring.size();
    for (std::size_t k = 0; k < n; ++k) {
      const auto p = ring[(k + n - 1) % n], a = ring[k], b = ring[(k + 1) % n];
      const onepath::Int128 o = static_cast<onepath::Int128>(a.x - p.x) * (b.y - p.y) -
                                static_cast<onepath::Int128>(a.y - p.y) * (b.x - p.x);
      if (o < 0) return true;
    }
  }
  return false;
}

json ShrinkClauses(const Region& region, const Mesh2DSettings& s) {
  json c = json::array({"shrink.settings"});
  if (s.AgentRadius != 0 && !region.IsEmpty()) {
    const bool reflex = HasReflexVertex(region);
    if (reflex) {
      for (const char* k : {"shrink.arc-tolerance", "shrink.lambda", "shrink.equal-area-ring"})
        c.push_back(k);
    }
    c.push_back("shrink.rectangle");
    if (reflex) c.push_back("shrink.sector");
    c.push_back("shrink.edges");
    c.push_back("offset.normal");
    c.push_back("offset.rounded-point");
    if (reflex) c.push_back("offset.vertex-count");
    c.push_back("region.face-rule");
  }
  c.push_back("region.canonical");
  return c;
}

std::string OffsetKey(const Operand& o, const OffsetArgs& a) {
  CanonicalWriter w;
  WriteKey(w, o);
  w.F64(a.distance);
  w.Count(a.join.size());
  for (char c : a.join) w.U8(static_cast<std::uint8_t>(c));
  w.F64(a.arcTolerance);
  return Sha256Hex(w.bytes()).substr(0, 12);
}

json OffsetInput(const Operand& o, const OffsetArgs& a) {
  return {{"region", OperandJson(o)},
          {"distance", conformance::DoubleToJson(a.distance)},
          {"join", a.join},
          {"arcTolerance", conformance::DoubleToJson(a.arcTolerance)}};
}

std::string ShrinkKey(const Operand& o, const Mesh2DSettings& s) {
  CanonicalWriter w;
  WriteKey(w, o);
  w.F64(s.CellSize);
  w.F64(s.AgentRadius);
  return Sha256Hex(w.bytes()).substr(0, 12);
}

json ShrinkInput(const Operand& o, const Mesh2DSettings& s) {
  return {{"region", OperandJson(o)},
          {"settings",
           {{"CellSize", conformance::DoubleToJson(s.CellSize)},
            {"AgentRadius", conformance::DoubleToJson(s.AgentRadius)}}}};
}

json OffsetVector(const std::string& kind, const Operand& o, const OffsetArgs& a,
                  const std::string& provenance) {
  Region region = Build(o);
  Region result = region.Offset(
      a.distance, a.join == "Round" ? OffsetJoin::kRound : OffsetJoin::kSquare, a.arcTolerance);
  json clauses = OffsetClauses(region, a);
  if (DependsOnIeee(region, a, result)) clauses.push_back("num.ieee");
  return Positive("Region.Offset", "region_offset", kind, OffsetKey(o, a), clauses,
                  OffsetInput(o, a), result, o.SnapBits(), provenance);
}

json ShrinkVector(const std::string& kind, const Operand& o, const Mesh2DSettings& s,
                  const std::string& provenance) {
  Region region = Build(o);
  Region result = Mesh2DPipeline::Shrink(region, s);
  return Positive("Mesh2DPipeline.Shrink", "mesh2d_shrink", kind, ShrinkKey(o, s),
                  ShrinkClauses(region, s), ShrinkInput(o, s), result, o.SnapBits(), provenance);
}

// --- draws ------------------------------------------------------------------

Operand ThinGaps(gen::SplitMix64& rng) {
  int bits = SnapBitsDraw(rng);
  double w = Q(Int(rng, 1, 8)), g = Q(Int(rng, 1, 8));
  return FromOutlines(
      {Outline{{Rectangle(0, 0, 8, w)}}, Outline{{Rectangle(0, w + g, 8, w + g + 4)}}}, bits);
}

OffsetArgs DrawOffsetArgs(gen::SplitMix64& rng, double magnitude) {
  OffsetArgs a;
  a.distance = rng.Below(2) == 0 ? -magnitude : magnitude;
  a.join = rng.Below(2) == 0 ? "Round" : "Square";
  switch (rng.Below(3)) {
    case 0:
      a.arcTolerance = 0.0;
      break;
    case 1:
      a.arcTolerance = Q(Int(rng, 1, 4));
      break;
    default:
      a.arcTolerance = std::ldexp(1.0, -static_cast<int>(Int(rng, 4, 10)));
  }
  return a;
}

// A multiple of 2^-8 nearest to v (exact in the vector).
double Grid8(double v) { return std::nearbyint(std::ldexp(v, 8)) / 256.0; }

std::vector<Vector2D> RegularPolygon(double cx, double cy, double radius, int n) {
  std::vector<Vector2D> ring;
  for (int i = 0; i < n; ++i) {
    double a = 2.0 * M_PI * i / n;
    ring.push_back({Grid8(cx + radius * std::cos(a)), Grid8(cy + radius * std::sin(a))});
  }
  return ring;
}

Operand Room(gen::SplitMix64& rng) {
  std::int64_t w4 = Int(rng, 32, 128), h4 = Int(rng, 32, 128);
  double w = Q(w4), h = Q(h4);
  Rings rings;
  if (rng.Below(2) == 0) {
    // A notch from the bottom side up to h / 2 over [w / 4, w / 2].
    rings.push_back(
        {{0, 0}, {w / 4, 0}, {w / 4, h / 2}, {w / 2, h / 2}, {w / 2, 0}, {w, 0}, {w, h}, {0, h}});
  } else {
    rings.push_back(Rectangle(0, 0, w, h));
  }
  std::int64_t holes = Int(rng, 0, 3);
  for (std::int64_t k = 0; k < holes; ++k) {
    std::int64_t s4 = Int(rng, 2, 12);
    double s = Q(s4);
    double x = Q(Int(rng, 4, std::max<std::int64_t>(4, w4 - s4 - 4)));
    double y = Q(Int(rng, 4, std::max<std::int64_t>(4, h4 - s4 - 4)));
    if (rng.Below(2) == 0) {
      rings.push_back(Rectangle(x, y, x + s, y + s));
    } else {
      double cx = x + s / 2, cy = y + s / 2;
      rings.push_back({{cx + s / 2, cy}, {cx, cy + s / 2}, {cx - s / 2, cy}, {cx, cy - s / 2}});
    }
  }
  return FromOutlines({Outline{rings}}, 16);
}

Operand RoundPillars(gen::SplitMix64& rng) {
  Rings rings{Rectangle(0, 0, 24, 24)};
  std::int64_t count = Int(rng, 1, 3);
  for (std::int64_t k = 0; k < count; ++k) {
    int n = 8 << rng.Below(3);
    double radius = Q(Int(rng, 4, 12)) / 2;
    double cx = Q(Int(rng, 16, 80)), cy = Q(Int(rng, 16, 80));
    rings.push_back(RegularPolygon(cx, cy, radius, n));
  }
  return FromOutlines({Outline{rings}}, 16);
}

Mesh2DSettings DrawSettings(gen::SplitMix64& rng) {
  const double cells[] = {0.25, 0.5, 0.1};
  Mesh2DSettings s;
  s.CellSize = cells[rng.Below(3)];
  s.AgentRadius = Q(Int(rng, 1, 8));
  return s;
}

// --- the files --------------------------------------------------------------

std::string Drawn(const char* kind, std::uint64_t seed, int draw) {
  return fmt::format("tools/golden/gen_offset.cpp kind={} seed={:#x} draw={}; {}", kind, seed, draw,
                     kReference);
}

std::string HandMade(const std::string& what) {
  return fmt::format("hand-made in tools/golden/gen_offset.cpp ({}); {}", what, kReference);
}

Operand UnitSquare(int snapBits) {
  return FromOutlines({Outline{{Rectangle(0, 0, 1, 1)}}}, snapBits);
}

Operand LRoom() {
  return FromOutlines({Outline{{{{0, 0}, {16, 0}, {16, 8}, {8, 8}, {8, 16}, {0, 16}}}}}, 16);
}

void WriteOffsets(const std::filesystem::path& dir, int per_kind) {
  Writer w(dir / "offset.jsonl");
  const char* names[] = {"random_outlines", "thin_gaps", "tilemap", "noisy"};
  for (std::size_t k = 0; k < 4; ++k) {
    gen::SplitMix64 rng(kOffsetSeed + k);
    w.AddDrawn(per_kind, [&](int draw) {
      Operand o;
      OffsetArgs a;
      switch (k) {
        case 0:
          o = RandomOutlinesOperand(rng);
          a = DrawOffsetArgs(rng, Q(Int(rng, 1, 16)));
          break;
        case 1:
          o = ThinGaps(rng);
          a = DrawOffsetArgs(rng, Q(Int(rng, 1, 8)));
          break;
        case 2:
          o = RandomTileMap(rng);
          a = DrawOffsetArgs(rng, Q(Int(rng, 1, 8)));
          break;
        default:
          o = NoisyCrop(rng);
          a = DrawOffsetArgs(rng, Q(Int(rng, 1, 4)));
      }
      return OffsetVector(names[k], o, a, Drawn(names[k], kOffsetSeed + k, draw));
    });
  }
  Operand star = FromOutlines(
      {Outline{{{{0, 0}, {6, 1}, {3, 3}, {5, 7}, {1, 4}, {-2, 6}, {-1, 2}, {-4, 0}}}}}, 16);
  const struct {
    const char* what;
    Operand o;
    OffsetArgs a;
  } hand[] = {
      {"distance 0: the region itself", star, {0.0, "Round", 0.0}},
      {"distance -0.0: the region itself", star, {-0.0, "Square", 0.0}},
      {"one grid unit", star, {0x1p-16, "Round", 0.0}},
      {"one grid unit, square", star, {-0x1p-16, "Square", 0.0}},
      {"a quarter grid unit: square half-side max(1, 0)", star, {0x1p-18, "Square", 0.0}},
      {"a quarter grid unit, round", star, {-0x1p-18, "Round", 0.0}},
      {"distance 2^20, round", UnitSquare(0), {0x1p20, "Round", 0.0}},
      {"distance 2^20, square", UnitSquare(0), {0x1p20, "Square", 0.0}},
      {"distance -2^20 removes everything", UnitSquare(0), {-0x1p20, "Round", 0.0}},
      {"the empty region", FromOutlines({}, 16), {3.0, "Round", 0.0}},
      {"SnapBits 0, half a unit",
       FromOutlines({Outline{{Rectangle(0, 0, 7, 3)}}}, 0),
       {0.5, "Round", 0.0}},
      {"tolerance 10^6: 8 vertices", star, {2.0, "Round", 1e6}},
      {"tolerance 2^-20: 256 vertices", star, {2.0, "Round", 0x1p-20}},
      {"an L-shaped room shrunk with the round join", LRoom(), {-2.0, "Round", 0.0825}},
      // offset.vertex-count: tol = 2^-16 x 2^16 = 1 grid unit, r = 2^17;
      // r / cos(pi / 512) - r = 2.47 > 1, so no m up to 256 is enough: 256.
      {"tolerance one grid unit at radius 2^17: capped at 256 vertices",
       star,
       {2.0, "Round", 0x1p-16}},
  };
  for (const auto& h : hand) w.Add(OffsetVector("hand_made", h.o, h.a, HandMade(h.what)));
  // num.ieee: the star grown by 1.5 grid units (tolerance 0, so 8 vertices
  // per circle), the first radius of k + 1/2 grid units (k = 0, 1, ...)
  // whose result m-gons from the C library's cos and sin change
  // (DependsOnIeee; 0.5 does not), checked here: U_m's quarter turns keep
  // coordinates of exactly +-1, so p + r x 1 is a tie that rounds to even,
  // where the library's ring has coordinates an ulp or two off +-1 (glibc:
  // vertices 4 to 7 of the 8-gon, e.g. cos(9 pi / 8) / cos(pi / 8) = -1 -
  // 2^-52). With another C library the check may fail: the writer stops.
  {
    const Region region = Build(star);
    const OffsetArgs a{3 * 0x1p-17, "Round", 0.0};
    const auto depends = [&](const OffsetArgs& x) {
      return DependsOnIeee(region, x, region.Offset(x.distance, OffsetJoin::kRound, 0.0));
    };
    if (depends({0x1p-17, "Round", 0.0}) || !depends(a))
      Fail("the star grown by 1.5 grid units is not the first k + 1/2 that depends on num.ieee",
           json());
    w.Add(OffsetVector("hand_made", star, a,
                       HandMade(fmt::format("distance {} = 1.5 grid units: the first k + 1/2 "
                                            "whose result m-gons from the C library's cos and "
                                            "sin change (num.ieee)",
                                            a.distance))));
  }
  w.PrintCount();

  Writer neg(dir / "errors.jsonl");
  const json clauses = {"offset.arguments", "err.types", "err.fields"};
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double over = std::nextafter(0x1p20, inf);
  auto add = [&](const OffsetArgs& a, const char* type, const json& fields, const char* what) {
    Operand o = UnitSquare(16);
    neg.Add(Negative("Region.Offset", "region_offset", "bad_arguments", OffsetKey(o, a), clauses,
                     OffsetInput(o, a), type, fields, fmt::format("hand-made: {}", what)));
  };
  add({1.0, "Miter", 0.0}, "ArgumentException", {{"argument", "join"}}, "an unknown join");
  add({nan, "Miter", -1.0}, "ArgumentException", {{"argument", "join"}},
      "an unknown join is read before the distance");
  for (double d : {nan, inf, -inf, over, -over})
    add({d, "Round", 0.0}, "ArgumentOutOfRangeException",
        {{"argument", "distance"}, {"value", conformance::DoubleToJson(d)}},
        "distance not finite or beyond 2^20");
  add({nan, "Square", -1.0}, "ArgumentOutOfRangeException",
      {{"argument", "distance"}, {"value", "NaN"}}, "the distance is checked before the tolerance");
  for (double t : {-1.0, -0x1p-1074, nan, inf})
    for (const char* join : {"Round", "Square"})
      add({1.0, join, t}, "ArgumentOutOfRangeException",
          {{"argument", "arcTolerance"}, {"value", conformance::DoubleToJson(t)}},
          "arc tolerance negative or not finite (checked for both joins)");
  // Region errors come first: the operand is built before the offset.
  Operand bad = FromOutlines({Outline{{Rectangle(0, 0, 1, 1)}}}, 17);
  OffsetArgs a{nan, "Miter", 0.0};
  neg.Add(Negative("Region.Offset", "region_offset", "bad_region", OffsetKey(bad, a),
                   {"offset.arguments", "grid.snapbits", "err.fields"}, OffsetInput(bad, a),
                   "ArgumentOutOfRangeException", {{"setting", "SnapBits"}, {"value", 17.0}},
                   "hand-made: the region is built before the arguments are read"));
  neg.PrintCount();
}

void WriteShrinks(const std::filesystem::path& dir, int per_kind) {
  Writer w(dir / "shrink.jsonl");
  const char* names[] = {"rooms", "round_pillars", "random_outlines", "noisy"};
  for (std::size_t k = 0; k < 4; ++k) {
    gen::SplitMix64 rng(kShrinkSeed + k);
    w.AddDrawn(per_kind, [&](int draw) {
      Operand o;
      Mesh2DSettings s;
      switch (k) {
        case 0:
          o = Room(rng);
          s = DrawSettings(rng);
          break;
        case 1:
          o = RoundPillars(rng);
          s = DrawSettings(rng);
          break;
        case 2:
          o = RandomOutlinesOperand(rng);
          s = DrawSettings(rng);
          break;
        default:
          o = NoisyCrop(rng);
          s = {.CellSize = 0.25, .AgentRadius = Q(Int(rng, 1, 4))};
      }
      return ShrinkVector(names[k], o, s, Drawn(names[k], kShrinkSeed + k, draw));
    });
  }
  // The cusp: a room corner filled by a quarter disc of radius 4 (a 64-gon's
  // quarter, vertices on multiples of 2^-8), leaving two narrow cusps.
  Rings cusp{Rectangle(0, 0, 12, 12)};
  std::vector<Vector2D> disc = {{0, 0}};
  for (int i = 0; i <= 16; ++i) {
    double a = M_PI / 2 * i / 16;
    disc.push_back({Grid8(4 * std::cos(a)), Grid8(4 * std::sin(a))});
  }
  Operand cuspRoom = FromOutlines({Outline{{cusp[0]}}, Outline{{disc}}}, 16);
  Operand cuspDifference;  // the room minus the quarter disc, as one outline (even-odd)
  cuspDifference = FromOutlines({Outline{{cusp[0], disc}}}, 16);
  w.Add(ShrinkVector("hand_made", LRoom(), {.CellSize = 0.25, .AgentRadius = 0.0},
                     HandMade("AgentRadius 0: the region")));
  w.Add(ShrinkVector("hand_made", FromOutlines({}, 16), {.CellSize = 0.25, .AgentRadius = 1.0},
                     HandMade("the empty region")));
  w.Add(ShrinkVector("hand_made", cuspDifference, {.CellSize = 0.25, .AgentRadius = 1.0},
                     HandMade("cusps between a quarter disc and two walls")));
  w.Add(ShrinkVector("hand_made", cuspRoom, {.CellSize = 0.25, .AgentRadius = 0.5},
                     HandMade("a room and a quarter disc as two outlines (union)")));
  for (double cell : {2.0, 1.0, 0.5, 0.25, 0.1, 0.05, 0.02, 0.01})
    w.Add(ShrinkVector("vertex_counts", LRoom(), {.CellSize = cell, .AgentRadius = 4.0},
                       HandMade(fmt::format("L room, AgentRadius 4, CellSize {}", cell))));
  w.PrintCount();

  Writer neg(dir / "errors.jsonl");
  const json clauses = {"shrink.settings", "err.types", "err.fields"};
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto add = [&](const Mesh2DSettings& s, const char* setting, double value, const char* what) {
    Operand o = UnitSquare(16);
    neg.Add(Negative("Mesh2DPipeline.Shrink", "mesh2d_shrink", "bad_settings", ShrinkKey(o, s),
                     clauses, ShrinkInput(o, s), "ArgumentOutOfRangeException",
                     {{"setting", setting}, {"value", conformance::DoubleToJson(value)}},
                     fmt::format("hand-made: {}", what)));
  };
  for (double c : {0.0, -0.0, -1.0, nan, inf, 0x1p21})
    add({.CellSize = c, .AgentRadius = 0.5}, "CellSize", c, "CellSize not in (0, 2^20]");
  for (double r : {-0.5, -0x1p-1074, nan, inf, 0x1p21})
    add({.CellSize = 0.25, .AgentRadius = r}, "AgentRadius", r, "AgentRadius not in [0, 2^20]");
  add({.CellSize = nan, .AgentRadius = nan}, "CellSize", nan,
      "CellSize is checked before AgentRadius");
  neg.PrintCount();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s OUT_DIR offset|shrink [cases-per-kind (16)]\n", argv[0]);
    return 2;
  }
  std::filesystem::path dir = argv[1];
  std::string family = argv[2];
  int per_kind = argc > 3 ? std::atoi(argv[3]) : 16;
  std::filesystem::create_directories(dir);
  if (family == "offset")
    WriteOffsets(dir, per_kind);
  else if (family == "shrink")
    WriteShrinks(dir, per_kind);
  else
    return 2;
  return 0;
}
