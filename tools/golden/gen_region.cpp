// Writes the golden family `region/` (docs/golden-format.md): Region.FromOutlines,
// Region.FromTileMap and the four boolean operations (region.*, grid.*).
//
// Expected hashes come from the reference implementation (src/onepath/geom2d/
// region.hpp, the spec's executable form). Where nothing is rounded the
// region is unique and an independent source must agree, or the writer
// stops: when the snapped input edges (grid.snap, here with nearbyint) of
// FromOutlines or of both operands of a boolean operation are rounding-free
// (gen::RoundingFree: every crossing a grid point, no edge through another
// point's pixel), and for every tile map (its solid cells' squares on the
// snapped lines of gen::TileMapGridLine), the region's directed boundary
// edges and doubled area equal those of CGAL's exact polygon set
// (oracles/cgal/polygon_set_cgal, Polygon_set_2 over Epeck, in its worker
// process). The ring list follows from the boundary edges
// (region.ring-order), so the canonical bytes are the only ones possible.
// Those vectors say so in their provenance; CGAL rejects rings that are not
// simple, and such inputs (and rounded ones) keep the reference alone.
// Every positive output is checked before it is written by the
// independent validator conformance/generators/region_validity
// (CheckRegionValidity: noding, orientation and windings, simplification,
// ring order, the reported area), and tile maps also by their exact area
// (sum over solid cells of the snapped cell sizes, lines from
// gen::TileMapGridLine). Every vector is replayed through the runner's JSON
// decoding (conformance/runner/operations.cpp) and must give the same bytes
// or the same error, so the JSON form round-trips. Negative vectors state
// the type and fields the spec text prescribes for the culprit the writer
// injected; the writer stops if the reference disagrees.
//
// Recipe (the code below is the normative statement of the exact order of
// draws; this is its summary). Random source gen::SplitMix64
// (predicate_cases.hpp); Int(lo, hi) = lo + Below(hi - lo + 1);
// q(k) = k / 4 (quarter units, exact). Each kind draws from its own
// generator seeded kOutlinesSeed / kTileMapSeed + kind index, and, for the
// boolean operations, kBooleanSeed + 16 * operation index + kind index
// (operations in the order Union, Intersection, Difference,
// SymmetricDifference). A kind makes `cases-per-kind` vectors (half that
// for each boolean operation and kind), drawing again when an input repeats
// (at most 20 times as many draws). A "SnapBits draw" is, by Below(4):
// 0: 16; 1: 2; 2: Int(0, 4); 3: Int(0, 16). A "random ring" has Int(3, 6)
// vertices (q(Int(-48, 48)), q(Int(-48, 48))).
//
// Region.FromOutlines (from_outlines.jsonl):
//  bowtie      Int(1, 3) bow-ties (x0, lo0), (x1, hi1), (x1, lo1), (x0, hi0),
//              x0 = Int(-48, 40), x1 = x0 + Int(1, 48), then four draws
//              Int(-48, 48): lo0 and hi0 the smaller and larger of the first
//              two, lo1 and hi1 of the last two (all times 1/4): the two
//              diagonals cross unless an end is shared; all in one outline
//              when Below(3) == 0, else one outline each; SnapBits draw.
//  star        n = Int(5, 9), k = Int(2, (n - 1) / 2): n points c + d_i,
//              c = q(Int(-16, 16)) per axis, d_i = q(Int(-R, R)) per axis,
//              R = Int(8, 48), d_i != 0, stably sorted by exact angle
//              (half-plane y < 0 or y = 0, x < 0 last, then cross product);
//              gcd(n, k) rings i, i + k, i + 2k, ... (mod n) in one outline.
//              Below(4) == 0 adds a second star (same recipe) as another
//              outline. SnapBits draw.
//  touching    integers in [-16, 16] times s = 1 or 1/4 (Below(2)): by
//              Below(5), two rectangles sharing a corner, two sharing part
//              of a side, a triangle whose apex touches a rectangle's side
//              from outside, a figure eight (a ring through one point twice),
//              a triangle inside a rectangle touching its side; the two rings
//              in one outline when Below(2) == 0, else one outline each.
//              SnapBits draw.
//  duplicate_rings  a random ring and Int(1, 3) copies, each by Below(4): the
//              same, reversed, started at vertex Int(1, n - 1), or with a
//              vertex repeated; all in one outline (even-odd: pairs cancel)
//              when Below(2) == 0, else one outline per ring; a random ring
//              more as another outline when Below(3) == 0. SnapBits draw.
//  holes       an outer rectangle [0, 4n] x [0, 4m], n, m = Int(1, 4); per
//              grid cell (i, j) by Below(4): nothing, a square hole
//              [4i + 1, 4i + 3] x [4j + 1, 4j + 3], that hole with an island
//              [4i + 1.5, 4i + 2.5]^2, or (i = 0 only, else nothing) a
//              triangle (0, 4j + 2), (2, 4j + 1), (2, 4j + 3) pinching the
//              outer side; each ring reversed when Below(2) == 0; in one
//              outline; Below(4) == 0 adds an outline filling the first
//              hole. Then scaled by 2^-Int(0, 2) and moved by Int(-8, 8) per
//              axis. SnapBits draw.
//  overlapping Int(2, 5) outlines, each by Below(3) a rectangle, a triangle or
//              a random ring, corners q(Int(-40, 40)). SnapBits draw.
//  rounding    Int(1, 3) outlines of Int(1, 3) random rings, SnapBits
//              Int(0, 4): crossings (and, below SnapBits 2, vertices) round.
//  random      Int(1, 3) outlines of Int(1, 3) rings of Int(3, 8) vertices,
//              coordinates +-(Next() >> 11) 2^(Int(0, 8) - 53) (arbitrary
//              doubles below 256), SnapBits Int(5, 16).
//  snap_ties   SnapBits Int(0, 16); Int(1, 2) outlines of one ring of
//              Int(3, 6) vertices whose coordinates are (2 Int(-20, 20) + 1)
//              half grid units: every coordinate a tie, snapped to even.
// plus hand-made vectors: no outlines, an outline without rings, degenerate
// rings, a triangle that snaps to a point, coordinates at +-2^21 and -0.0.
//
// Region.FromTileMap (from_tilemap.jsonl), cells as a string of 0 and 1:
//  random        W, H = Int(1, 8), each cell solid when Below(4) < p, p =
//                Int(1, 3); SnapBits draw; cellSize = q(Int(c, 12)), c = 4,
//                2 or 1 for SnapBits 0, 1 or more; origin q(Int(-32, 32)).
//  checkerboard  W, H = Int(1, 6), cell (x, y) solid when (x + y + Below(2))
//                is odd (parity drawn once); cell size and origin as random.
//  collapsed     SnapBits Int(0, 16), cellSize one grid unit, origin
//                (2a + hx, 2b + hy) half units, a, b = Int(-8, 8), (hx, hy) =
//                (1, 0), (0, 1) or (1, 1) by Below(3): lines pair up on even
//                integers, every second row or column has no area. W, H =
//                Int(2, 8), cells as random with p = 2.
//  unit_cell     SnapBits Int(0, 16), cellSize one grid unit, origin Int(-16,
//                16) grid units per axis; W, H, cells as random.
//  noisy         gen::MakeNoisyTileMap(Int(1, 1000), W, H, 0.25), W, H =
//                Int(12, 32), origin q(Int(-64, 64)), SnapBits 16, 2 or 3.
//  list_cells    as random, cells as a list of bytes: each solid cell 1, 2
//                or 255 (Below(3)), each other 0.
// plus hand-made maps: empty (0 x 0, 0 x 5, 5 x 0 with a cell size whose
// lines would be out of range), all cells empty, all solid, a ring of cells,
// and two maps at SnapBits 0 whose lines 0.2 + i * 1.1 snap differently
// when the product and the sum are fused into one rounding
// (num.no-contraction).
//
// Boolean operations (boolean.jsonl), both operands as Region.FromOutlines
// input with one SnapBits:
//  random_outlines  each operand as the rounding kind (own draws, A first),
//                   SnapBits Int(0, 4) or 16 (Below(2)).
//  squares          two random maps (W, H = Int(1, 6), p = Int(1, 3)) of cell
//                   size Int(1, 3) at integer origins in [-8, 8]^2, the
//                   second moved by Int(-2, 2) cells per axis; every solid
//                   cell one square outline, reversed when Below(2) == 0;
//                   SnapBits Int(0, 16).
//  nested_touching  A a rectangle [0, w] x [0, h], w, h = Int(2, 12); B by
//                   Below(6): inside A, sharing part of a side from outside,
//                   from inside, disjoint, equal to A, or (by Below(2))
//                   containing A or a random ring. Integers and halves;
//                   SnapBits Int(0, 16).
//  empty_operand    by Below(3): A empty, B empty, or both; the other as
//                   random_outlines.
// plus a hand-made Union: two rings with the same first vertex whose order
// region.simplify decides.
//
// errors.jsonl: hand-made negative vectors, one per error clause and check
// order (grid.snapbits, region.outline, grid.coordinates,
// region.from-tilemap, grid.tilemap-lines, grid.same-snapbits).
//
//   gen_golden_region OUT_DIR [cases-per-kind (default 16)]
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <numeric>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "conformance/generators/noisy_tilemap.hpp"
#include "conformance/generators/predicate_cases.hpp"
#include "conformance/generators/region_validity.hpp"
#include "conformance/runner/operations.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/geom2d/region.hpp"
#include "oracles/cgal/polygon_set_cgal.hpp"
#include "tools/golden/jsonl_writer.hpp"
#include "tools/golden/region_vectors.hpp"

// The input forms, ids and vector checks (json, Region, Outline, ... too).
using namespace onepath::golden;
namespace gen = onepath::gen;
namespace conformance = onepath::conformance;

namespace {

constexpr std::uint64_t kOutlinesSeed = 0x6f75746c696e6573;  // "outlines"
constexpr std::uint64_t kTileMapSeed = 0x74696c656d617073;   // "tilemaps"
constexpr std::uint64_t kBooleanSeed = 0x626f6f6c65616e73;   // "booleans"

const char* kReference =
    "expected from the reference (src/onepath/geom2d/region), output checked by "
    "conformance/generators/region_validity CheckRegionValidity";

using Rings = std::vector<std::vector<Vector2D>>;
using Writer = onepath::golden::JsonlWriter;

// --- clauses ----------------------------------------------------------------

const json kOutlineClauses = {"region.from-outlines", "region.outline",    "region.label-sweep",
                              "region.face-rule",     "region.boundary",   "region.rings",
                              "region.simplify",      "region.ring-order", "region.invariants",
                              "region.canonical",     "grid.snap"};
const json kTileMapClauses = {"region.from-tilemap", "grid.tilemap-lines", "grid.snap",
                              "region.rings",        "region.simplify",    "region.ring-order",
                              "region.invariants",   "region.canonical"};
const json kBooleanClauses = {"region.boolean",      "region.face-rule",  "region.label-sweep",
                              "region.boundary",     "region.rings",      "region.simplify",
                              "region.ring-order",   "region.invariants", "region.canonical",
                              "region.from-outlines"};

// Some coordinate of the outlines is off the grid, so grid.snap moves it:
// x × 2^SnapBits (exact, a power-of-two scaling) is not an integer.
bool SnapMoves(const OutlinesInput& in) {
  for (const Outline& o : in.outlines)
    for (const auto& ring : o.rings)
      for (Vector2D p : ring)
        for (double v : {p.x, p.y}) {
          const double g = std::ldexp(v, in.snapBits);
          if (std::isfinite(g) && g != std::nearbyint(g)) return true;
        }
  return false;
}

// The clauses a vector exercises, from its input and result (per vector,
// docs/golden-format.md): grid.snap only when snapping moves a coordinate;
// with an empty result there is no boundary to trace (region.rings,
// region.simplify, region.ring-order).
json Exercised(const json& all, bool snapMoves, const Region& result) {
  json c = json::array();
  for (const json& k : all) {
    const std::string id = k.get<std::string>();
    if (id == "grid.snap" && !snapMoves) continue;
    if (result.IsEmpty() &&
        (id == "region.rings" || id == "region.simplify" || id == "region.ring-order"))
      continue;
    c.push_back(id);
  }
  return c;
}

// region.promise: the same edge set in another form — outlines and the
// rings of each outline in reverse order, each ring reversed and started
// one vertex later. A vector names region.promise when this form differs
// from its input and the reference gives the same bytes for it (checked
// here; the writer stops otherwise).
OutlinesInput OtherForm(OutlinesInput in) {
  std::reverse(in.outlines.begin(), in.outlines.end());
  for (Outline& o : in.outlines) {
    std::reverse(o.rings.begin(), o.rings.end());
    for (auto& ring : o.rings) {
      if (!ring.empty()) std::rotate(ring.begin(), ring.begin() + 1, ring.end());
      std::reverse(ring.begin(), ring.end());
    }
  }
  return in;
}

bool SameForm(const OutlinesInput& a, const OutlinesInput& b) {
  if (a.outlines.size() != b.outlines.size()) return false;
  for (std::size_t i = 0; i < a.outlines.size(); ++i) {
    const auto& ra = a.outlines[i].rings;
    const auto& rb = b.outlines[i].rings;
    if (ra.size() != rb.size()) return false;
    for (std::size_t j = 0; j < ra.size(); ++j) {
      if (ra[j].size() != rb[j].size()) return false;
      for (std::size_t k = 0; k < ra[j].size(); ++k)
        if (ra[j][k].x != rb[j][k].x || ra[j][k].y != rb[j][k].y) return false;
    }
  }
  return true;
}

// Whether the vector names region.promise; `result` from (a, b) as given,
// `again` computes the result from operands in another form.
bool PromiseShown(const OutlinesInput& a, const OutlinesInput* b, const Region& result,
                  const std::function<Region(const OutlinesInput&, const OutlinesInput*)>& again,
                  const json& input) {
  const OutlinesInput oa = OtherForm(a);
  std::optional<OutlinesInput> ob;
  if (b) ob = OtherForm(*b);
  if (SameForm(a, oa) && (!b || SameForm(*b, *ob))) return false;
  if (CanonicalBytes(again(oa, ob ? &*ob : nullptr)) != CanonicalBytes(result))
    Fail("region.promise: another form of the same edges gives other bytes", input);
  return true;
}

// --- agreement with CGAL where nothing is rounded ----------------------------

namespace oracle = onepath::oracle;
using onepath::geom2d::GridPoint;
using onepath::geom2d::TaggedEdge;

const char* kCgalAgrees =
    "; nothing rounded after grid.snap (gen::RoundingFree), and equal to CGAL's exact polygon "
    "set (oracles/cgal/polygon_set_cgal, Polygon_set_2 over Epeck): boundary edges and doubled "
    "area, checked when written";
const char* kCgalAgreesTiles =
    "; equal to CGAL's exact union of the solid cells' squares on the snapped lines "
    "(gen::TileMapGridLine; oracles/cgal/polygon_set_cgal, Polygon_set_2 over Epeck): boundary "
    "edges and doubled area, checked when written";

// grid.snap, independently: the nearest integer to v 2^bits, ties to even.
std::int64_t Snap(double v, int bits) {
  return static_cast<std::int64_t>(std::nearbyint(std::ldexp(v, bits)));
}

// The snapped rings for CGAL, and their edges for gen::RoundingFree.
std::vector<oracle::CgalOutline> SnappedOutlines(const OutlinesInput& in,
                                                 std::vector<TaggedEdge>& edges) {
  std::vector<oracle::CgalOutline> out;
  for (const Outline& o : in.outlines) {
    oracle::CgalOutline rings;
    for (const auto& ring : o.rings) {
      oracle::CgalRing r;
      for (Vector2D p : ring) r.push_back({Snap(p.x, in.snapBits), Snap(p.y, in.snapBits)});
      for (std::size_t k = 0; k < r.size(); ++k) edges.push_back({r[k], r[(k + 1) % r.size()], 0});
      rings.push_back(std::move(r));
    }
    out.push_back(std::move(rings));
  }
  return out;
}

using EdgeKey = std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t>;

// Whether CGAL's answer to `request` is `result`: true when it is, false
// when CGAL rejects a ring that is not simple (no claim then); the writer
// stops when they differ or CGAL's worker crashes.
bool CgalAgrees(const Region& result, const oracle::PolygonSetRequest& request, const json& input) {
  oracle::PolygonSetCgalResult cg = oracle::PolygonSetCgalIsolated(request);
  if (cg.status == oracle::PolygonSetCgalResult::Status::kRejected) return false;
  if (cg.status != oracle::PolygonSetCgalResult::Status::kOk)
    Fail("CGAL's polygon set worker failed: " + cg.message, input);
  std::vector<EdgeKey> ours, theirs;
  for (const auto& ring : result.Rings())
    for (std::size_t k = 0; k < ring.size(); ++k) {
      GridPoint a = ring[k], b = ring[(k + 1) % ring.size()];
      ours.emplace_back(a.x, a.y, b.x, b.y);
    }
  for (const oracle::BoundaryEdge& e : cg.edges)
    theirs.emplace_back(e.from.x, e.from.y, e.to.x, e.to.y);
  std::sort(ours.begin(), ours.end());
  std::sort(theirs.begin(), theirs.end());
  if (oracle::CompareDoubledArea(cg, result.DoubledArea()) != 0 || !cg.integral || ours != theirs)
    Fail(
        "nothing is rounded, but the region differs from CGAL's exact polygon set (doubled "
        "area " +
            gen::DecimalText(result.DoubledArea()) + ", CGAL's " + cg.doubledArea + ")",
        input);
  return true;
}

// FromOutlines (op kNone) or a boolean operation of a and b: the provenance
// gains kCgalAgrees when the input is rounding-free and CGAL agrees.
std::string WithCgal(const Region& result, const OutlinesInput& a, const OutlinesInput* b,
                     oracle::PolygonSetOp op, const json& input, const std::string& provenance) {
  std::vector<TaggedEdge> edges;
  oracle::PolygonSetRequest request;
  request.first = SnappedOutlines(a, edges);
  if (b) request.second = SnappedOutlines(*b, edges);
  request.op = op;
  if (!gen::RoundingFree(edges) || !CgalAgrees(result, request, input)) return provenance;
  return provenance + kCgalAgrees;
}

json OutlinesVector(const std::string& kind, const OutlinesInput& in,
                    const std::string& provenance) {
  Region result = Build(in);
  json clauses = Exercised(kOutlineClauses, SnapMoves(in), result);
  if (PromiseShown(
          in, nullptr, result,
          [](const OutlinesInput& a, const OutlinesInput*) { return Build(a); }, InputJson(in)))
    clauses.push_back("region.promise");
  return Positive(
      "Region.FromOutlines", "region_from_outlines", kind, InputKey(in), clauses, InputJson(in),
      result, in.snapBits,
      WithCgal(result, in, nullptr, oracle::PolygonSetOp::kNone, InputJson(in), provenance));
}

// num.rounding and num.eval-method on tile maps (docs/golden-format.md):
// the region of the map's solid cells as squares between grid lines given
// by `line` (snapped integers), built as the union of one outline per
// square; nullopt when a line is outside grid.coordinates.
using LineRule = std::function<std::int64_t(double origin, std::int64_t i)>;

std::optional<std::vector<std::uint8_t>> CellsRegion(const TileMapInput& m, const LineRule& line) {
  std::vector<Outline> squares;
  const double unit = std::ldexp(1.0, -m.snapBits);
  for (std::int64_t y = 0; y < m.height; ++y)
    for (std::int64_t x = 0; x < m.width; ++x) {
      if (!m.cells[static_cast<std::size_t>(y * m.width + x)]) continue;
      const std::int64_t x0 = line(m.origin.x, x), x1 = line(m.origin.x, x + 1);
      const std::int64_t y0 = line(m.origin.y, y), y1 = line(m.origin.y, y + 1);
      for (std::int64_t v : {x0, x1, y0, y1})
        if (v < -(std::int64_t{1} << 38) || v > (std::int64_t{1} << 38)) return std::nullopt;
      if (x0 >= x1 || y0 >= y1) continue;
      auto w = [&](std::int64_t v) { return static_cast<double>(v) * unit; };
      squares.push_back({{{{w(x0), w(y0)}, {w(x1), w(y0)}, {w(x1), w(y1)}, {w(x0), w(y1)}}}});
    }
  try {
    return CanonicalBytes(Region::FromOutlines(squares, {.SnapBits = m.snapBits}));
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// a + b or a × b rounded upward (dir 1), downward (-1) or toward zero (0),
// from the round-to-nearest result r and its exact error e (r + e is the
// exact value; TwoSum and the fused multiply-add give e exactly).
double Directed(double r, double e, int dir) {
  if (e == 0) return r;
  const bool up = dir > 0 || (dir == 0 && r < 0);
  if (up) return e > 0 ? std::nextafter(r, INFINITY) : r;
  return e < 0 ? std::nextafter(r, -INFINITY) : r;
}

// grid.tilemap-lines with the product and the sum rounded by `dir`, then
// snapped as grid.snap does.
std::int64_t DirectedLine(double origin, std::int64_t i, double cellSize, int snapBits, int dir) {
  const double fi = static_cast<double>(i);
  const double p0 = fi * cellSize;
  const double p = Directed(p0, std::fma(fi, cellSize, -p0), dir);
  const double s0 = origin + p;
  const double bb = s0 - origin;
  const double e = (origin - (s0 - bb)) + (p - bb);
  return Snap(Directed(s0, e, dir), snapBits);
}

// The line evaluated with excess precision (x87 extended, FLT_EVAL_METHOD
// 2): product and sum in long double, snapped from there (`store` false) or
// after a store to double (double rounding, `store` true).
std::int64_t ExtendedLine(double origin, std::int64_t i, double cellSize, int snapBits,
                          bool store) {
  const long double v = static_cast<long double>(origin) +
                        static_cast<long double>(i) * static_cast<long double>(cellSize);
  if (store) return Snap(static_cast<double>(v), snapBits);
  return static_cast<std::int64_t>(std::nearbyint(std::ldexp(v, snapBits)));
}

// The num.* clauses a tile map shows: those for which a line rule that
// breaks the clause gives a region other than the vector's (the union of
// its cells between the correct lines must be the reference's, else no
// tag is derived).
std::vector<std::string> NumericTags(const TileMapInput& m, const Region& r) {
  std::vector<std::string> tags;
  static_assert(std::numeric_limits<long double>::digits > 53, "needs an extended long double");
  const auto exact = CellsRegion(m, [&](double o, std::int64_t i) {
    return gen::TileMapGridLine(o, static_cast<int>(i), m.cellSize, m.snapBits);
  });
  if (!exact || *exact != CanonicalBytes(r)) return tags;
  auto differs = [&](const LineRule& rule) {
    const auto other = CellsRegion(m, rule);
    return !other || *other != *exact;
  };
  for (int dir : {1, -1, 0})
    if (differs([&](double o, std::int64_t i) {
          return DirectedLine(o, i, m.cellSize, m.snapBits, dir);
        })) {
      tags.push_back("num.rounding");
      break;
    }
  for (bool store : {false, true})
    if (differs([&](double o, std::int64_t i) {
          return ExtendedLine(o, i, m.cellSize, m.snapBits, store);
        })) {
      tags.push_back("num.eval-method");
      break;
    }
  return tags;
}

// tile maps: also the exact area, from the snapped lines of gen::TileMapGridLine.
json TileMapVector(const std::string& kind, const TileMapInput& m, const std::string& provenance) {
  Region r = Build(m);
  auto line = [&](double origin, std::int64_t i) {
    return gen::TileMapGridLine(origin, static_cast<int>(i), m.cellSize, m.snapBits);
  };
  onepath::Int128 area = 0;
  for (std::int64_t y = 0; y < m.height; ++y)
    for (std::int64_t x = 0; x < m.width; ++x) {
      if (!m.cells[static_cast<std::size_t>(y * m.width + x)]) continue;
      area += onepath::Int128(line(m.origin.x, x + 1) - line(m.origin.x, x)) *
              (line(m.origin.y, y + 1) - line(m.origin.y, y));
    }
  if (r.DoubledArea() != 2 * area) Fail("tile map area differs from its cells'", InputJson(m));
  // Each solid cell of positive area a square outline: their union is CGAL's.
  oracle::PolygonSetRequest request;
  for (std::int64_t y = 0; y < m.height; ++y)
    for (std::int64_t x = 0; x < m.width; ++x) {
      const std::int64_t x0 = line(m.origin.x, x), x1 = line(m.origin.x, x + 1);
      const std::int64_t y0 = line(m.origin.y, y), y1 = line(m.origin.y, y + 1);
      if (m.cells[static_cast<std::size_t>(y * m.width + x)] && x0 < x1 && y0 < y1)
        request.first.push_back({{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}});
    }
  const bool agrees = CgalAgrees(r, request, InputJson(m));
  json clauses = Exercised(kTileMapClauses, true, r);
  for (const std::string& t : NumericTags(m, r)) clauses.push_back(t);
  return Positive("Region.FromTileMap", "region_from_tilemap", kind, InputKey(m), clauses,
                  InputJson(m), r, m.snapBits, agrees ? provenance + kCgalAgreesTiles : provenance);
}

struct BooleanOp {
  const char* op;
  const char* short_op;
  Region (Region::*apply)(const Region&) const;
  oracle::PolygonSetOp cgal;
};

const BooleanOp kBooleanOps[] = {
    {"Region.Union", "region_union", &Region::Union, oracle::PolygonSetOp::kUnion},
    {"Region.Intersection", "region_intersection", &Region::Intersection,
     oracle::PolygonSetOp::kIntersection},
    {"Region.Difference", "region_difference", &Region::Difference,
     oracle::PolygonSetOp::kDifference},
    {"Region.SymmetricDifference", "region_symmetric_difference", &Region::SymmetricDifference,
     oracle::PolygonSetOp::kSymmetricDifference},
};

json BooleanVector(const BooleanOp& op, const std::string& kind, const OutlinesInput& a,
                   const OutlinesInput& b, const std::string& provenance) {
  Region result = (Build(a).*op.apply)(Build(b));
  json clauses = Exercised(kBooleanClauses, true, result);
  if (SnapMoves(a) || SnapMoves(b)) clauses.push_back("grid.snap");
  if (PromiseShown(
          a, &b, result,
          [&op](const OutlinesInput& x, const OutlinesInput* y) {
            return (Build(x).*op.apply)(Build(*y));
          },
          InputJson(a, b)))
    clauses.push_back("region.promise");
  return Positive(op.op, op.short_op, kind, InputKey(a, b), clauses, InputJson(a, b), result,
                  a.snapBits, WithCgal(result, a, &b, op.cgal, InputJson(a, b), provenance));
}

// The rings in one outline, or one outline each.
std::vector<Outline> Group(Rings rings, bool oneOutline) {
  if (oneOutline) return {Outline{std::move(rings)}};
  std::vector<Outline> out;
  for (auto& ring : rings) out.push_back(Outline{{std::move(ring)}});
  return out;
}

// Int(1, 3) outlines of Int(1, 3) random rings (the rounding kind's shape).
std::vector<Outline> RandomOutlines(gen::SplitMix64& rng) {
  std::vector<Outline> outlines(static_cast<std::size_t>(Int(rng, 1, 3)));
  for (Outline& o : outlines) {
    o.rings.resize(static_cast<std::size_t>(Int(rng, 1, 3)));
    for (auto& ring : o.rings) ring = RandomRing(rng);
  }
  return outlines;
}

// Exact angular order of directions d != 0: from +x counter-clockwise.
bool AngleLess(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by) {
  bool lowerA = ay < 0 || (ay == 0 && ax < 0), lowerB = by < 0 || (by == 0 && bx < 0);
  if (lowerA != lowerB) return lowerB;
  return ax * by - ay * bx > 0;
}

Rings Star(gen::SplitMix64& rng) {
  std::int64_t n = Int(rng, 5, 9);
  std::int64_t k = Int(rng, 2, (n - 1) / 2);
  std::int64_t cx = Int(rng, -16, 16);
  std::int64_t cy = Int(rng, -16, 16);
  std::int64_t r = Int(rng, 8, 48);
  std::vector<std::pair<std::int64_t, std::int64_t>> d;
  while (static_cast<std::int64_t>(d.size()) < n) {
    std::int64_t dx = Int(rng, -r, r);
    std::int64_t dy = Int(rng, -r, r);
    if (dx != 0 || dy != 0) d.push_back({dx, dy});
  }
  std::stable_sort(d.begin(), d.end(),
                   [](auto a, auto b) { return AngleLess(a.first, a.second, b.first, b.second); });
  Rings rings;
  for (std::int64_t start = 0; start < std::gcd(n, k); ++start) {
    std::vector<Vector2D>& ring = rings.emplace_back();
    for (std::int64_t i = start, m = 0; m < n / std::gcd(n, k); ++m, i = (i + k) % n)
      ring.push_back({Q(cx + d[static_cast<std::size_t>(i)].first),
                      Q(cy + d[static_cast<std::size_t>(i)].second)});
  }
  return rings;
}

void Reverse(std::vector<Vector2D>& ring) { std::reverse(ring.begin(), ring.end()); }

Rings Touching(gen::SplitMix64& rng) {
  double s = rng.Below(2) == 0 ? 1.0 : 0.25;
  auto v = [&](std::int64_t lo, std::int64_t hi) {
    return s * static_cast<double>(Int(rng, lo, hi));
  };
  double x0 = v(-16, -2), y0 = v(-16, -2);
  double x1 = v(0, 8), y1 = v(0, 8);
  double w = v(1, 8), h = v(1, 8);
  switch (rng.Below(5)) {
    case 0:  // corner to corner
      return {Rectangle(x0, y0, x1, y1), Rectangle(x1, y1, x1 + w, y1 + h)};
    case 1: {  // part of a side
      double lift = v(-4, 4);
      return {Rectangle(x0, y0, x1, y1), Rectangle(x1, y0 + lift, x1 + w, y0 + lift + h)};
    }
    case 2: {  // apex on a side, from outside
      double ym = (y0 + y1) / 2;
      return {Rectangle(x0, y0, x1, y1), {{x1, ym}, {x1 + w, ym - h}, {x1 + w, ym + h}}};
    }
    case 3:  // figure eight through (x1, y1)
      return {{{x0, y0},
               {x1, y0},
               {x1, y1},
               {x1 + w, y1},
               {x1 + w, y1 + h},
               {x1, y1 + h},
               {x1, y1},
               {x0, y1}}};
    default: {  // triangle inside, apex on the right side
      double ym = (y0 + y1) / 2;
      return {Rectangle(x0, y0, x1, y1),
              {{x1, ym},
               {x0 + (x1 - x0) / 4, y0 + (y1 - y0) / 4},
               {x0 + (x1 - x0) / 4, y1 - (y1 - y0) / 4}}};
    }
  }
}

std::vector<Outline> DuplicateRings(gen::SplitMix64& rng) {
  std::vector<Vector2D> base = RandomRing(rng);
  Rings rings = {base};
  for (std::int64_t copies = Int(rng, 1, 3); copies > 0; --copies) {
    std::vector<Vector2D> c = base;
    switch (rng.Below(4)) {
      case 0:
        break;
      case 1:
        Reverse(c);
        break;
      case 2: {
        std::int64_t shift = Int(rng, 1, static_cast<std::int64_t>(c.size()) - 1);
        std::rotate(c.begin(), c.begin() + shift, c.end());
        break;
      }
      default: {
        std::size_t at = rng.Below(c.size());
        Vector2D repeated = c[at];
        c.insert(c.begin() + static_cast<std::ptrdiff_t>(at), repeated);
      }
    }
    rings.push_back(c);
  }
  std::vector<Outline> outlines = Group(rings, rng.Below(2) == 0);
  if (rng.Below(3) == 0) outlines.push_back(Outline{{RandomRing(rng)}});
  return outlines;
}

std::vector<Outline> Holes(gen::SplitMix64& rng) {
  std::int64_t n = Int(rng, 1, 4), m = Int(rng, 1, 4);
  Rings rings = {Rectangle(0, 0, 4.0 * n, 4.0 * m)};
  std::vector<Vector2D> firstHole;
  for (std::int64_t i = 0; i < n; ++i)
    for (std::int64_t j = 0; j < m; ++j) {
      double x = 4.0 * i, y = 4.0 * j;
      std::uint64_t what = rng.Below(4);
      if (what == 1 || what == 2) {
        rings.push_back(Rectangle(x + 1, y + 1, x + 3, y + 3));
        if (firstHole.empty()) firstHole = rings.back();
        if (what == 2) rings.push_back(Rectangle(x + 1.5, y + 1.5, x + 2.5, y + 2.5));
      } else if (what == 3 && i == 0) {
        rings.push_back({{0, y + 2}, {2, y + 1}, {2, y + 3}});
      }
    }
  for (auto& ring : rings)
    if (rng.Below(2) == 0) Reverse(ring);
  std::vector<Outline> outlines = {Outline{rings}};
  if (rng.Below(4) == 0 && !firstHole.empty()) outlines.push_back(Outline{{firstHole}});
  double scale = std::ldexp(1.0, -static_cast<int>(Int(rng, 0, 2)));
  double dx = static_cast<double>(Int(rng, -8, 8));
  double dy = static_cast<double>(Int(rng, -8, 8));
  for (Outline& o : outlines)
    for (auto& ring : o.rings)
      for (Vector2D& p : ring) p = {p.x * scale + dx, p.y * scale + dy};
  return outlines;
}

std::vector<Outline> Overlapping(gen::SplitMix64& rng) {
  std::vector<Outline> outlines;
  for (std::int64_t count = Int(rng, 2, 5); count > 0; --count) {
    std::uint64_t shape = rng.Below(3);
    if (shape == 2) {
      outlines.push_back(Outline{{RandomRing(rng)}});
      continue;
    }
    Vector2D a = QPoint(rng, -40, 40), b = QPoint(rng, -40, 40);
    if (shape == 0) {
      outlines.push_back(Outline{{Rectangle(a.x, a.y, b.x, b.y)}});
    } else {
      Vector2D c = QPoint(rng, -40, 40);
      outlines.push_back(Outline{{{a, b, c}}});
    }
  }
  return outlines;
}

double RandomDouble(gen::SplitMix64& rng) {
  double sign = rng.Below(2) == 0 ? 1.0 : -1.0;
  double mantissa = static_cast<double>(rng.Next() >> 11);
  return sign * std::ldexp(mantissa, static_cast<int>(Int(rng, 0, 8)) - 53);
}

std::vector<Outline> RandomDoubles(gen::SplitMix64& rng) {
  std::vector<Outline> outlines(static_cast<std::size_t>(Int(rng, 1, 3)));
  for (Outline& o : outlines) {
    o.rings.resize(static_cast<std::size_t>(Int(rng, 1, 3)));
    for (auto& ring : o.rings) {
      ring.resize(static_cast<std::size_t>(Int(rng, 3, 8)));
      for (Vector2D& p : ring) {
        double x = RandomDouble(rng);
        p = {x, RandomDouble(rng)};
      }
    }
  }
  return outlines;
}

std::vector<Outline> SnapTies(gen::SplitMix64& rng, int snapBits) {
  std::vector<Outline> outlines(static_cast<std::size_t>(Int(rng, 1, 2)));
  for (Outline& o : outlines) {
    std::vector<Vector2D> ring(static_cast<std::size_t>(Int(rng, 3, 6)));
    for (Vector2D& p : ring) {
      double x = static_cast<double>(2 * Int(rng, -20, 20) + 1);
      double y = static_cast<double>(2 * Int(rng, -20, 20) + 1);
      p = {std::ldexp(x, -snapBits - 1), std::ldexp(y, -snapBits - 1)};
    }
    o.rings.push_back(ring);
  }
  return outlines;
}

enum class OutlineKind {
  kBowtie,
  kStar,
  kTouching,
  kDuplicates,
  kHoles,
  kOverlapping,
  kRounding,
  kRandom,
  kSnapTies
};
constexpr const char* kOutlineKindNames[] = {"bowtie",          "star",   "touching",
                                             "duplicate_rings", "holes",  "overlapping",
                                             "rounding",        "random", "snap_ties"};

OutlinesInput MakeOutlines(OutlineKind kind, gen::SplitMix64& rng) {
  OutlinesInput in;
  switch (kind) {
    case OutlineKind::kBowtie: {
      Rings rings;
      for (std::int64_t count = Int(rng, 1, 3); count > 0; --count) {
        std::int64_t x0 = Int(rng, -48, 40);
        std::int64_t x1 = x0 + Int(rng, 1, 48);
        double y[4];
        for (double& v : y) v = Q(Int(rng, -48, 48));
        // The diagonals cross: up from x0 to x1, and down from x1 to x0.
        double lo0 = std::min(y[0], y[1]), hi0 = std::max(y[0], y[1]);
        double lo1 = std::min(y[2], y[3]), hi1 = std::max(y[2], y[3]);
        rings.push_back({{Q(x0), lo0}, {Q(x1), hi1}, {Q(x1), lo1}, {Q(x0), hi0}});
      }
      in.outlines = Group(rings, rng.Below(3) == 0);
      break;
    }
    case OutlineKind::kStar:
      in.outlines = {Outline{Star(rng)}};
      if (rng.Below(4) == 0) in.outlines.push_back(Outline{Star(rng)});
      break;
    case OutlineKind::kTouching: {
      Rings rings = Touching(rng);
      in.outlines = Group(rings, rng.Below(2) == 0);
      break;
    }
    case OutlineKind::kDuplicates:
      in.outlines = DuplicateRings(rng);
      break;
    case OutlineKind::kHoles:
      in.outlines = Holes(rng);
      break;
    case OutlineKind::kOverlapping:
      in.outlines = Overlapping(rng);
      break;
    case OutlineKind::kRounding:
      in.outlines = RandomOutlines(rng);
      in.snapBits = static_cast<int>(Int(rng, 0, 4));
      return in;
    case OutlineKind::kRandom:
      in.outlines = RandomDoubles(rng);
      in.snapBits = static_cast<int>(Int(rng, 5, 16));
      return in;
    case OutlineKind::kSnapTies:
      in.snapBits = static_cast<int>(Int(rng, 0, 16));
      in.outlines = SnapTies(rng, in.snapBits);
      return in;
  }
  in.snapBits = SnapBitsDraw(rng);
  return in;
}

enum class TileMapKind { kRandom, kCheckerboard, kCollapsed, kUnitCell, kNoisy, kListCells };
constexpr const char* kTileMapKindNames[] = {"random",    "checkerboard", "collapsed",
                                             "unit_cell", "noisy",        "list_cells"};

// W x H cells, each solid when Below(4) < p.
void RandomCells(gen::SplitMix64& rng, TileMapInput& m, std::int64_t maxSide, std::int64_t p) {
  m.width = Int(rng, 1, maxSide);
  m.height = Int(rng, 1, maxSide);
  m.cells.resize(static_cast<std::size_t>(m.width * m.height));
  for (std::uint8_t& c : m.cells) c = static_cast<std::int64_t>(rng.Below(4)) < p ? 1 : 0;
}

// SnapBits draw, cell size q(Int(c, 12)) of at least a grid unit, origin
// q(Int(-32, 32)).
void RandomGeometry(gen::SplitMix64& rng, TileMapInput& m) {
  m.snapBits = SnapBitsDraw(rng);
  m.cellSize = Q(Int(rng, m.snapBits == 0 ? 4 : m.snapBits == 1 ? 2 : 1, 12));
  m.origin = QPoint(rng, -32, 32);
}

TileMapInput MakeTileMap(TileMapKind kind, gen::SplitMix64& rng) {
  TileMapInput m;
  switch (kind) {
    case TileMapKind::kRandom:
    case TileMapKind::kListCells: {
      std::int64_t p = Int(rng, 1, 3);
      RandomCells(rng, m, 8, p);
      RandomGeometry(rng, m);
      if (kind == TileMapKind::kListCells) {
        m.listForm = true;
        const std::uint8_t solid[] = {1, 2, 255};
        for (std::uint8_t& c : m.cells)
          if (c) c = solid[rng.Below(3)];
      }
      break;
    }
    case TileMapKind::kCheckerboard: {
      m.width = Int(rng, 1, 6);
      m.height = Int(rng, 1, 6);
      std::int64_t parity = static_cast<std::int64_t>(rng.Below(2));
      for (std::int64_t y = 0; y < m.height; ++y)
        for (std::int64_t x = 0; x < m.width; ++x) m.cells.push_back((x + y + parity) % 2);
      RandomGeometry(rng, m);
      break;
    }
    case TileMapKind::kCollapsed: {
      m.snapBits = static_cast<int>(Int(rng, 0, 16));
      m.cellSize = std::ldexp(1.0, -m.snapBits);
      std::int64_t a = Int(rng, -8, 8), b = Int(rng, -8, 8);
      const std::int64_t halves[3][2] = {{1, 0}, {0, 1}, {1, 1}};
      const std::int64_t* h = halves[rng.Below(3)];
      m.origin = {std::ldexp(static_cast<double>(2 * a + h[0]), -m.snapBits - 1),
                  std::ldexp(static_cast<double>(2 * b + h[1]), -m.snapBits - 1)};
      m.width = Int(rng, 2, 8);
      m.height = Int(rng, 2, 8);
      m.cells.resize(static_cast<std::size_t>(m.width * m.height));
      for (std::uint8_t& c : m.cells) c = rng.Below(4) < 2 ? 1 : 0;
      break;
    }
    case TileMapKind::kUnitCell: {
      m.snapBits = static_cast<int>(Int(rng, 0, 16));
      m.cellSize = std::ldexp(1.0, -m.snapBits);
      double ox = static_cast<double>(Int(rng, -16, 16));
      double oy = static_cast<double>(Int(rng, -16, 16));
      m.origin = {std::ldexp(ox, -m.snapBits), std::ldexp(oy, -m.snapBits)};
      std::int64_t p = Int(rng, 1, 3);
      RandomCells(rng, m, 8, p);
      break;
    }
    case TileMapKind::kNoisy: {
      std::uint64_t seed = static_cast<std::uint64_t>(Int(rng, 1, 1000));
      int w = static_cast<int>(Int(rng, 12, 32)), h = static_cast<int>(Int(rng, 12, 32));
      gen::TileMap noisy = gen::MakeNoisyTileMap(seed, w, h, 0.25);
      m.width = w;
      m.height = h;
      m.cells = noisy.cells;
      m.cellSize = 0.25;
      m.origin = QPoint(rng, -64, 64);
      const int bits[] = {16, 2, 3};
      m.snapBits = bits[rng.Below(3)];
      break;
    }
  }
  return m;
}

// --- boolean operands -------------------------------------------------------

enum class BooleanKind { kRandomOutlines, kSquares, kNestedTouching, kEmptyOperand };
constexpr const char* kBooleanKindNames[] = {"random_outlines", "squares", "nested_touching",
                                             "empty_operand"};

// Solid cells of a random map as square outlines.
std::vector<Outline> Squares(gen::SplitMix64& rng, std::int64_t size, std::int64_t ox,
                             std::int64_t oy) {
  TileMapInput m;
  std::int64_t p = Int(rng, 1, 3);
  RandomCells(rng, m, 6, p);
  std::vector<Outline> out;
  for (std::int64_t y = 0; y < m.height; ++y)
    for (std::int64_t x = 0; x < m.width; ++x) {
      if (!m.cells[static_cast<std::size_t>(y * m.width + x)]) continue;
      double x0 = static_cast<double>(ox + x * size), y0 = static_cast<double>(oy + y * size);
      std::vector<Vector2D> ring =
          Rectangle(x0, y0, x0 + static_cast<double>(size), y0 + static_cast<double>(size));
      if (rng.Below(2) == 0) Reverse(ring);
      out.push_back(Outline{{ring}});
    }
  return out;
}

std::pair<OutlinesInput, OutlinesInput> MakeOperands(BooleanKind kind, gen::SplitMix64& rng) {
  OutlinesInput a, b;
  switch (kind) {
    case BooleanKind::kRandomOutlines:
      a.outlines = RandomOutlines(rng);
      b.outlines = RandomOutlines(rng);
      a.snapBits = rng.Below(2) == 0 ? static_cast<int>(Int(rng, 0, 4)) : 16;
      break;
    case BooleanKind::kSquares: {
      std::int64_t size = Int(rng, 1, 3);
      std::int64_t ox = Int(rng, -8, 8), oy = Int(rng, -8, 8);
      a.outlines = Squares(rng, size, ox, oy);
      std::int64_t mx = Int(rng, -2, 2), my = Int(rng, -2, 2);
      b.outlines = Squares(rng, size, ox + mx * size, oy + my * size);
      a.snapBits = static_cast<int>(Int(rng, 0, 16));
      break;
    }
    case BooleanKind::kNestedTouching: {
      double w = static_cast<double>(Int(rng, 2, 12)), h = static_cast<double>(Int(rng, 2, 12));
      a.outlines = {Outline{{Rectangle(0, 0, w, h)}}};
      double c = static_cast<double>(Int(rng, 1, 6));
      std::vector<Vector2D> ring;
      switch (rng.Below(6)) {
        case 0:
          ring = Rectangle(1, 1, w - 1 > 1 ? w - 1 : w, h - 1 > 1 ? h - 1 : h);
          break;
        case 1:
          ring = Rectangle(w, 1, w + c, h + c);
          break;
        case 2:
          ring = Rectangle(0, 1, w / 2, h);
          break;
        case 3:
          ring = Rectangle(w + 1, h + 1, w + 1 + c, h + 1 + c);
          break;
        case 4:
          ring = Rectangle(0, 0, w, h);
          break;
        default:
          ring = rng.Below(2) == 0 ? Rectangle(-c, -c, w + c, h + c) : RandomRing(rng);
      }
      b.outlines = {Outline{{ring}}};
      a.snapBits = static_cast<int>(Int(rng, 0, 16));
      break;
    }
    case BooleanKind::kEmptyOperand: {
      std::uint64_t which = rng.Below(3);
      if (which == 1) a.outlines = RandomOutlines(rng);
      if (which == 0) b.outlines = RandomOutlines(rng);
      a.snapBits = rng.Below(2) == 0 ? static_cast<int>(Int(rng, 0, 4)) : 16;
      break;
    }
  }
  b.snapBits = a.snapBits;
  return {a, b};
}

// --- the files --------------------------------------------------------------

std::string Drawn(const char* kind, std::uint64_t seed, int draw) {
  return fmt::format("tools/golden/gen_region.cpp kind={} seed={:#x} draw={}; {}", kind, seed, draw,
                     kReference);
}

std::string HandMade(const std::string& what) {
  return fmt::format("hand-made in tools/golden/gen_region.cpp ({}); {}", what, kReference);
}

// region.ring-order sorts the simplified rings. Outline A's rings touch at
// (0, 0); outline B's triangle lies inside A's first ring, its corner
// (2, -2) on the edge (0, 0) -> (6, -6). The union pass nodes that edge at
// (2, -2) and leaves it of degree 2, collinear: dropped. Traced, A's first
// ring's smallest edge (0, 0) -> (2, -2) comes before the second ring's
// (0, 0) -> (2, 1); simplified, it is (0, 0) -> (6, -6), after it, so the
// second ring is listed first. Written as FromOutlines of both outlines
// (the last hand-made one) and as their Union (the last boolean vector).
const Outline kSimplifiedOrderA{{{{0, 0}, {6, -6}, {8, -2}}, {{0, 0}, {2, 1}, {0, 5}}}};
const Outline kSimplifiedOrderB{{{{2, -2}, {5, -3}, {5, -2}}}};
constexpr const char* kSimplifiedOrder =
    "two rings with the same first vertex, ordered after simplification";

// region.ring-order's ring start, decided only after simplification, at
// index 3 of a ring passing its least vertex twice. Outline A is a
// quadrilateral with a triangular hole touching it at (0, 0); outline B's
// triangle lies inside A, its corner (5, 1) on the hole's edge (0, 0) ->
// (15, 3), which the union pass nodes there and leaves of degree 2,
// collinear: dropped. Traced, the one ring (the hole joins the outline at
// (0, 0), region.rings) starts at its smallest edge (0, 0) -> (5, 1):
// (0, 0) (15, 3) (15, -1) (0, 0) (10, -5) (30, -5) (30, 10) (20, 10) once
// simplified, whose smallest edge is now (0, 0) -> (10, -5), the fourth:
// the ring starts there. Written as FromOutlines and as a Union.
const Outline kRingStartA{
    {{{0, 0}, {10, -5}, {30, -5}, {30, 10}, {20, 10}}, {{0, 0}, {15, 3}, {15, -1}}}};
const Outline kRingStartB{{{{5, 1}, {12, 4}, {10, 4}}}};
constexpr const char* kRingStart =
    "a ring through its least vertex twice, started after simplification";

// Kind k (names[k]) draws from SplitMix64(seed + k) until `per_kind` of its
// vectors are written: make(k, rng, provenance).
template <std::size_t N, typename Make>
void DrawKinds(Writer& w, std::uint64_t seed, const char* const (&names)[N], int per_kind,
               Make make) {
  for (std::size_t k = 0; k < N; ++k) {
    gen::SplitMix64 rng(seed + k);
    w.AddDrawn(per_kind, [&](int draw) {
      return make(static_cast<int>(k), rng, Drawn(names[k], seed + k, draw));
    });
  }
}

void WriteOutlines(const std::filesystem::path& dir, int per_kind) {
  Writer w(dir / "from_outlines.jsonl");
  DrawKinds(w, kOutlinesSeed, kOutlineKindNames, per_kind,
            [](int k, gen::SplitMix64& rng, const std::string& provenance) {
              return OutlinesVector(kOutlineKindNames[k], MakeOutlines(OutlineKind(k), rng),
                                    provenance);
            });
  const double big = 0x1p21;
  const std::vector<std::pair<std::string, OutlinesInput>> hand = {
      {"no outlines", {{}, 16}},
      {"an outline without rings", {{Outline{}}, 16}},
      {"collinear ring", {{Outline{{{{0, 0}, {1, 1}, {3, 3}, {2, 2}}}}}, 16}},
      {"one repeated point", {{Outline{{{{1.5, 2}, {1.5, 2}, {1.5, 2}}}}}, 4}},
      {"a triangle that snaps to a point", {{Outline{{{{0.1, 0.1}, {0.2, 0.1}, {0.1, 0.3}}}}}, 0}},
      {"coordinates +-2^21", {{Outline{{Rectangle(-big, -big, big, big)}}}, 16}},
      {"coordinates +-2^21, a bow-tie across the domain",
       {{Outline{{{{-big, -big}, {big, big}, {big, -big}, {-big, big}}}}}, 16}},
      {"coordinates +-2^21 at SnapBits 0",
       {{Outline{{{{-big, 0}, {big, -big}, {big, big}}, {{0, -big}, {big, 0}, {0, big}}}}}, 0}},
      {"-0.0 coordinates", {{Outline{{{{-0.0, -0.0}, {1, -0.0}, {-0.0, 1}}}}}, 16}},
      {"default grid, decimal coordinates",
       {{Outline{{{{0.1, 0.2}, {10.3, 0.7}, {5.5, 9.9}}, {{0.3, 5.1}, {9.7, 5.3}, {5.1, -1.1}}}}},
        16}},
      // region.ring-order: at SnapBits 0 the second outline's hot pixel
      // (2, -1) folds the first one's corner (2, -2) away (arr.reroute), and
      // the two rings left both start at (0, 0) (their smallest edges):
      // their second vertices decide, (1, -1) before (1, 5).
      {"two rings with the same first vertex",
       {{Outline{{{{0, 0}, {2, -2}, {2, 0}}}}, Outline{{{{1, -1}, {2, -1}, {2, 0}}}},
         Outline{{{{0, 0}, {1, 5}, {0, 6}}}}},
        0}},
      {kSimplifiedOrder, {{kSimplifiedOrderA, kSimplifiedOrderB}, 0}},  // see kSimplifiedOrderA
      {kRingStart, {{kRingStartA, kRingStartB}, 0}},                    // see kRingStartA
  };
  for (const auto& [what, in] : hand) {
    json v = OutlinesVector("hand_made", in, HandMade(what));
    if (what.find("2^21") != std::string::npos) v["clauses"].push_back("grid.coordinates");
    w.Add(v);
  }
  w.PrintCount();
}

void WriteTileMaps(const std::filesystem::path& dir, int per_kind) {
  Writer w(dir / "from_tilemap.jsonl");
  DrawKinds(w, kTileMapSeed, kTileMapKindNames, per_kind,
            [](int k, gen::SplitMix64& rng, const std::string& provenance) {
              return TileMapVector(kTileMapKindNames[k], MakeTileMap(TileMapKind(k), rng),
                                   provenance);
            });
  auto map = [](std::int64_t width, std::int64_t height, std::string cells, double cellSize,
                Vector2D origin, int snapBits) {
    TileMapInput m{{}, width, height, cellSize, origin, snapBits};
    for (char c : cells) m.cells.push_back(c == '1');
    return m;
  };
  const std::vector<std::pair<std::string, TileMapInput>> hand = {
      {"empty map 0 x 0", map(0, 0, "", 1, {0, 0}, 16)},
      {"empty map 0 x 5", map(0, 5, "", 0.5, {-3, 2}, 1)},
      {"empty map 5 x 0, lines beyond 2^21 not checked", map(5, 0, "", 0x1p20, {0x1p20, 0}, 16)},
      {"no solid cell", map(3, 2, "000000", 1, {0, 0}, 0)},
      {"all solid", map(3, 2, "111111", 0.25, {-1, -1}, 2)},
      {"a ring of cells around a hole", map(3, 3, "111101111", 1, {0.5, 0.5}, 1)},
      {"one cell at the domain's corner", map(1, 1, "1", 1, {0x1p21 - 1, -0x1p21}, 16)},
      {"touching corners and a hole's pinch", map(4, 4, "1100101101001100", 0.75, {0.25, 0}, 2)},
  };
  for (const auto& [what, m] : hand) w.Add(TileMapVector("hand_made", m, HandMade(what)));
  // grid.tilemap-lines rounds the product and the sum separately: line i of
  // 0.2 + i * 1.1 at SnapBits 0 where the twice rounded value is a tie of
  // the snap and the fused one is not (or the other way round), so a build
  // that contracts the two into an FMA gets another region. Origin (0.2,
  // 0.2): the same lines in x and y.
  const double origin = 0.2, cellSize = 1.1;
  const std::pair<TileMapInput, std::int64_t> contraction[] = {
      {map(13, 1, "0000000000001", cellSize, {origin, origin}, 0), 13},              // x line 13
      {map(1, 34, std::string(32, '0') + "10", cellSize, {origin, origin}, 0), 33},  // y line 33
  };
  for (const auto& [m, i] : contraction) {
    const double twice = origin + static_cast<double>(i) * cellSize;
    const double fused = std::fma(static_cast<double>(i), cellSize, origin);
    if (std::nearbyint(twice) == std::nearbyint(fused))
      Fail("the contraction vector does not depend on contraction", InputJson(m));
    json v = TileMapVector("hand_made", m,
                           HandMade(fmt::format("line {} of 0.2 + i * 1.1 is {} rounded twice, "
                                                "{} fused",
                                                i, twice, fused)));
    v["clauses"].push_back("num.no-contraction");
    w.Add(v);
  }
  w.PrintCount();
}

void WriteBooleans(const std::filesystem::path& dir, int per_kind) {
  Writer w(dir / "boolean.jsonl");
  for (std::size_t o = 0; o < std::size(kBooleanOps); ++o) {
    DrawKinds(w, kBooleanSeed + 16 * o, kBooleanKindNames, std::max(1, per_kind / 2),
              [&](int k, gen::SplitMix64& rng, const std::string& provenance) {
                auto [a, b] = MakeOperands(BooleanKind(k), rng);
                return BooleanVector(kBooleanOps[o], kBooleanKindNames[k], a, b, provenance);
              });
  }
  // The ring order after region.simplify (kSimplifiedOrderA) as a Union.
  w.Add(BooleanVector(kBooleanOps[0], "hand_made", {{kSimplifiedOrderA}, 0},
                      {{kSimplifiedOrderB}, 0}, HandMade(kSimplifiedOrder)));
  // The ring start after region.simplify (kRingStartA) as a Union.
  w.Add(BooleanVector(kBooleanOps[0], "hand_made", {{kRingStartA}, 0}, {{kRingStartB}, 0},
                      HandMade(kRingStart)));
  w.PrintCount();
}

// --- negative vectors -------------------------------------------------------

const json kSnapBitsClauses = {"grid.snapbits", "err.types", "err.fields"};

json SnapBitsFields(int value) {
  return {{"setting", "SnapBits"}, {"value", static_cast<double>(value)}};
}

json OutlinesError(const std::string& kind, const OutlinesInput& in, json clauses,
                   const std::string& type, const json& fields, const std::string& what) {
  clauses.push_back("region.from-outlines");
  return Negative("Region.FromOutlines", "region_from_outlines", kind, InputKey(in), clauses,
                  InputJson(in), type, fields, "hand-made: " + what);
}

json TileMapError(const std::string& kind, const TileMapInput& m, json clauses,
                  const std::string& type, const json& fields, const std::string& what) {
  clauses.push_back("region.from-tilemap");
  return Negative("Region.FromTileMap", "region_from_tilemap", kind, InputKey(m), clauses,
                  InputJson(m), type, fields, "hand-made: " + what);
}

void WriteOutlineErrors(Writer& w) {
  const std::vector<Vector2D> tri = {{0, 0}, {4, 0}, {0, 4}};
  // grid.snapbits, checked before anything else.
  for (int bits : {-1, 17, -2147483647 - 1}) {
    w.Add(OutlinesError("bad_snapbits", {{Outline{{tri}}}, bits}, kSnapBitsClauses,
                        "ArgumentOutOfRangeException", SnapBitsFields(bits),
                        "SnapBits outside 0..16"));
  }
  w.Add(OutlinesError("bad_snapbits", {{Outline{{{{0, 0}, {1, 1}}}}}, 17}, kSnapBitsClauses,
                      "ArgumentOutOfRangeException", SnapBitsFields(17),
                      "SnapBits outside 0..16 is reported before a short ring"));
  // region.outline: a ring of fewer than 3 vertices, outline 1, ring 2.
  const json ringClauses = {"region.outline", "err.types", "err.fields"};
  for (std::size_t count : {0, 1, 2}) {
    std::vector<Vector2D> shortRing(tri.begin(), tri.begin() + static_cast<std::ptrdiff_t>(count));
    OutlinesInput in{{Outline{{tri}}, Outline{{tri, tri, shortRing, tri}}}, 16};
    w.Add(OutlinesError("short_ring", in, ringClauses, "ArgumentException",
                        {{"argument", "outlines"}, {"outline", 1}, {"ring", 2}, {"count", count}},
                        fmt::format("a ring of {} vertices", count)));
  }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  w.Add(OutlinesError("short_ring", {{Outline{{tri, {{nan, 0}, {1, 1}}}}}, 16}, ringClauses,
                      "ArgumentException",
                      {{"argument", "outlines"}, {"outline", 0}, {"ring", 1}, {"count", 2}},
                      "a ring's size is checked before its vertices"));
  // grid.coordinates: outline 1, ring 1, vertex 2, x or y.
  const json coordClauses = {"grid.coordinates", "region.outline", "err.types", "err.fields"};
  const double bad[] = {
      nan, inf, -inf, std::nextafter(0x1p21, inf), -std::nextafter(0x1p21, inf), 0x1p22, 1e300};
  for (double v : bad) {
    for (int axis = 0; axis < 2; ++axis) {
      std::vector<Vector2D> ring = {{0, 0}, {4, 0}, {2, 3}, {0, 4}};
      (axis == 0 ? ring[2].x : ring[2].y) = v;
      OutlinesInput in{{Outline{{tri}}, Outline{{tri, ring}}}, 16};
      w.Add(OutlinesError(
          "bad_coordinate", in, coordClauses, "ArgumentOutOfRangeException",
          {{"outline", 1}, {"ring", 1}, {"vertex", 2}, {"value", conformance::DoubleToJson(v)}},
          "one coordinate not finite or beyond 2^21"));
    }
  }
  w.Add(OutlinesError("bad_coordinate", {{Outline{{{{0, 0}, {inf, nan}, {1, 1}}}}}, 16},
                      coordClauses, "ArgumentOutOfRangeException",
                      {{"outline", 0}, {"ring", 0}, {"vertex", 1}, {"value", "Infinity"}},
                      "x is reported before y"));
  w.Add(OutlinesError("bad_coordinate",
                      {{Outline{{{{0, 0}, {1, 0}, {1, nan}}, {{0, 0}, {1, 1}}}}}, 16}, coordClauses,
                      "ArgumentOutOfRangeException",
                      {{"outline", 0}, {"ring", 0}, {"vertex", 2}, {"value", "NaN"}},
                      "ring by ring: a bad vertex before a later short ring"));
  w.Add(OutlinesError("bad_coordinate",
                      {{Outline{{tri, {{0, 0}, {1, 0}, {-0x1p22, 1}}}}, Outline{{{{0, 0}}}}}, 0},
                      coordClauses, "ArgumentOutOfRangeException",
                      {{"outline", 0}, {"ring", 1}, {"vertex", 2}, {"value", -0x1p22}},
                      "outlines in input order: a bad vertex before a later outline's short ring"));
}

void WriteTileMapErrors(Writer& w) {
  auto map = [](std::int64_t width, std::int64_t height, std::size_t cells, double cellSize,
                Vector2D origin, int snapBits) {
    return TileMapInput{
        std::vector<std::uint8_t>(cells, 1), width, height, cellSize, origin, snapBits};
  };
  const json sizeClauses = {"err.types", "err.fields"};
  for (int bits : {-1, 17})
    w.Add(TileMapError("bad_snapbits", map(2, 2, 4, 1, {0, 0}, bits), kSnapBitsClauses,
                       "ArgumentOutOfRangeException", SnapBitsFields(bits),
                       "SnapBits outside 0..16"));
  w.Add(TileMapError("bad_snapbits", map(-1, 2, 3, 0, {0, 0}, -1), kSnapBitsClauses,
                     "ArgumentOutOfRangeException", SnapBitsFields(-1),
                     "SnapBits is checked before the width"));
  struct Size {
    std::int64_t width, height;
    std::size_t cells;
    json fields;
    const char* what;
    const char* kind;
  };
  const std::int64_t min64 = std::numeric_limits<std::int64_t>::min();
  const Size sizes[] = {
      {-1, 2, 2, {{"argument", "width"}, {"value", -1.0}}, "width -1", "bad_size"},
      {2, -1, 2, {{"argument", "height"}, {"value", -1.0}}, "height -1", "bad_size"},
      {-1, -1, 1, {{"argument", "width"}, {"value", -1.0}}, "width before height", "bad_size"},
      {min64,
       0,
       0,
       {{"argument", "width"}, {"value", static_cast<double>(min64)}},
       "the smallest width",
       "bad_size"},
      {3,
       -2,
       7,
       {{"argument", "height"}, {"value", -2.0}},
       "height before the cell count",
       "bad_size"},
      {3, 2, 5, {{"argument", "cells"}, {"count", 5}}, "5 cells for 3 x 2", "bad_cell_count"},
      {3, 2, 7, {{"argument", "cells"}, {"count", 7}}, "7 cells for 3 x 2", "bad_cell_count"},
      {0, 0, 1, {{"argument", "cells"}, {"count", 1}}, "1 cell for 0 x 0", "bad_cell_count"},
      {std::int64_t{1} << 62,
       4,
       0,
       {{"argument", "cells"}, {"count", 0}},
       "no cells for 2^62 x 4 (the product overflows 64 bits to 0)",
       "bad_cell_count"},
  };
  for (const Size& s : sizes) {
    const char* type =
        s.fields.at("argument") == "cells" ? "ArgumentException" : "ArgumentOutOfRangeException";
    w.Add(TileMapError(s.kind, map(s.width, s.height, s.cells, 1, {0, 0}, 16), sizeClauses, type,
                       s.fields, s.what));
  }
  // grid.tilemap-lines: the cell size, then x lines, then y lines.
  const json lineClauses = {"grid.tilemap-lines", "grid.coordinates", "err.types", "err.fields"};
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  struct CellSize {
    double size;
    int snapBits;
    const char* what;
  };
  const CellSize cellSizes[] = {
      {0x1p-5, 4, "half a grid unit"},
      {std::nextafter(0x1p-4, 0.0), 4, "just below one grid unit"},
      {0.75, 0, "below one grid unit at SnapBits 0"},
      {0.0, 16, "zero"},
      {-0.0, 16, "negative zero"},
      {-1.0, 16, "negative"},
      {nan, 16, "NaN"},
      {inf, 16, "infinite"},
      {-inf, 16, "minus infinity"},
  };
  for (const CellSize& c : cellSizes)
    w.Add(TileMapError("bad_cell_size", map(2, 2, 4, c.size, {nan, nan}, c.snapBits), lineClauses,
                       "ArgumentOutOfRangeException",
                       {{"argument", "cellSize"}, {"value", conformance::DoubleToJson(c.size)}},
                       fmt::format("cell size {} (checked before the lines)", c.what)));
  struct Line {
    TileMapInput m;
    json fields;
    const char* what;
  };
  auto line = [](const char* axis, std::int64_t i, double value) {
    return json{{"argument", fmt::format("gridLine.{}", axis)},
                {"vertex", i},
                {"value", conformance::DoubleToJson(value)}};
  };
  const Line lines[] = {
      {map(3, 1, 3, 1, {0x1p21 - 2, 0}, 16), line("x", 3, 0x1p21 + 1), "x line 3 beyond 2^21"},
      {map(1, 3, 3, 1, {0, 0x1p21 - 2}, 16), line("y", 3, 0x1p21 + 1), "y line 3 beyond 2^21"},
      {map(2, 2, 4, 0.25, {0x1p21 - 0.25, 0x1p21}, 2), line("x", 2, 0x1p21 + 0.25),
       "x line 2 beyond 2^21 by a quarter"},
      {map(5, 1, 5, 0x1p20, {-0x1p21, 0}, 0), line("x", 5, 0x1p21 + 0x1p20),
       "lines from -2^21 by 2^20: line 4 is 2^21, line 5 beyond"},
      {map(2, 3, 6, 0x1p20, {0, 0}, 16), line("y", 3, 3 * 0x1p20),
       "y line 3 = 3 * 2^20 beyond 2^21 (x lines within)"},
      {map(3, 3, 9, 1, {0x1p21, 0x1p21}, 16), line("x", 1, 0x1p21 + 1), "x lines before y lines"},
      {map(1, 1, 1, 1e300, {0, 0}, 16), line("x", 1, 1e300), "a huge finite cell size"},
      {map(2, 2, 4, 1, {nan, 0}, 16), line("x", 0, nan), "a NaN origin is line 0"},
      {map(2, 2, 4, 1, {0, -inf}, 16), line("y", 0, -inf), "an infinite origin y is line 0"},
      {map(0, 4, 0, 1, {-0x1p21 - 1, 0}, 16), line("x", 0, -0x1p21 - 1),
       "an empty map still checks its origin"},
  };
  for (const Line& l : lines)
    w.Add(TileMapError("bad_grid_line", l.m, lineClauses, "ArgumentOutOfRangeException", l.fields,
                       l.what));
}

void WriteBooleanErrors(Writer& w) {
  const std::vector<Vector2D> tri = {{0, 0}, {4, 0}, {0, 4}};
  const std::pair<int, int> pairs[] = {{2, 4}, {16, 0}};
  for (const BooleanOp& op : kBooleanOps)
    for (auto [first, second] : pairs) {
      OutlinesInput a{{Outline{{tri}}}, first}, b{{Outline{{tri}}}, second};
      w.Add(Negative(op.op, op.short_op, "mixed_snapbits", InputKey(a, b),
                     {"grid.same-snapbits", "region.boolean", "err.types", "err.fields"},
                     InputJson(a, b), "ArgumentException", SnapBitsFields(second),
                     fmt::format("hand-made: operands with SnapBits {} and {}", first, second)));
    }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s OUT_DIR [cases-per-kind (16)]\n", argv[0]);
    return 2;
  }
  std::filesystem::path dir = argv[1];
  int per_kind = argc > 2 ? std::atoi(argv[2]) : 16;
  std::filesystem::create_directories(dir);
  WriteOutlines(dir, per_kind);
  WriteTileMaps(dir, per_kind);
  WriteBooleans(dir, per_kind);
  Writer neg(dir / "errors.jsonl");
  WriteOutlineErrors(neg);
  WriteTileMapErrors(neg);
  WriteBooleanErrors(neg);
  neg.PrintCount();
  return 0;
}
