// Writes the golden families `cdt/` (Cdt.ConstrainedDelaunay, cdt.*),
// `triangulate/` (Region.Triangulate, triangulate.*), `partition/`
// (Region.PartitionConvex, partition.*) and `build2d/`
// (Mesh2DPipeline.BuildFromOutlines / BuildFromTileMap, pipeline.*)
// (docs/golden-format.md).
//
// Expected hashes come from the reference. Where the result is unique an
// independent source must agree, or the writer stops: a CDT vector whose
// triangulation (of the points and the bounding corners, cdt.bounding-
// triangle) has no cocircular quadruple across an unconstrained edge
// (gen::UniqueConstrainedDelaunay on CGAL's result) has exactly CGAL's
// constrained Delaunay triangulation (oracles/cgal/cdt_cgal, given the
// points and the three corners): its cdt.canonical bytes, written here from
// CGAL's triangles, hash to the expected value. The same for a triangulate
// vector whose kept triangles (those whose centroid has a positive winding
// number in the region's rings, gen::WindingAt) have no cocircular quadruple
// across an interior edge: triangulate.canonical bytes written from CGAL's
// kept triangles. Such vectors say so in their provenance. PartitionConvex
// and the build are a greedy choice among many valid partitions: their
// hashes come from the reference alone. Before a positive vector is
// written its output passes the independent checkers: CheckCdtValidity
// (conformance/generators/cdt_validity) for cdt/; CheckTriangulationValidity
// and CheckPartitionValidity (conformance/generators/triangulation_validity)
// against the region's rings for triangulate/ and partition/; for build2d/
// every stage: CheckRegionValidity of the region and the shrunk region, then
// both checkers on the shrunk region's rings. Then the runner must give the
// same bytes from the written JSON (region_vectors.hpp, CheckedVector); a
// build's vector also carries every stage's hash (expect.stages), the
// runner's stages from the JSON being the same bytes.
//
// Recipe (the code is the normative order of draws). SplitMix64, Int, Q,
// SnapBitsDraw, RandomRing, RandomOutlinesOperand, RandomTileMap and
// NoisyCrop as in gen_offset.cpp (tools/golden/region_vectors.hpp). Kind k
// of a family draws from SplitMix64(seed + k), the seeds below.
//
// cdt.jsonl:
//  random       n = Int(3, 40) points, each coordinate Int(-R, R), R by
//               Below(3): 16, 2^20, 2^39; sorted, duplicates dropped; no
//               constraints.
//  many         as random with n = Int(64, 120), R = 2^10 (cdt.order's
//               rounds and Hilbert order).
//  lattice      an a x b lattice, a, b = Int(2, 7), spacing Int(1, 4):
//               cocircular quadruples everywhere; constraints, when
//               Below(2) == 0, the bottom row's unit steps.
//  region_rings the triangulate.input of RandomOutlinesOperand: the region's
//               distinct ring vertices sorted, its ring edges as
//               constraints (in ring order).
// plus hand-made: one, two and three points, collinear points, the
// clause's (-2^39, 0), (0, 1), (2^39, 0), coordinates at +-2^39, integer
// points of the circles of radius 5, 25 and 65, a constraint given
// reversed, twice, or already a Delaunay edge.
//
// triangulate.jsonl and partition.jsonl: hand shapes (square, L, ring with
// a hole, comb, pinch, star, two outlines), each at SnapBits 16 and 0; the
// pillar rooms (gen::MakePillarRooms(1)); tile_squares (gen::
// SolidCellSquares of a RandomTileMap draw, one outline) and the kinds
// random_outlines, tilemap (RandomTileMap) and noisy (NoisyCrop). For the
// partition the hand shapes and the pillar rooms take every limit 3 .. 16;
// drawn ones a limit Int(3, 16) drawn after the region.
//
// build2d.jsonl: rooms (the comb, the L, the ring and the pillar rooms) from
// outlines with AgentRadius 0, 0.25, 0.5 and 2 (which empties them) at
// SnapBits 16 and 0, the pillar rooms with AgentRadius 0, their suggested
// radii and 64 (empty); drawn: tile squares (outlines, CellSize 0.25),
// random maps and noisy crops, each with SnapBits 16 or 0 (Below(2)),
// CellSize (tile maps) Q(Int(2, 8)) at SnapBits 16, Int(1, 2) at SnapBits 0,
// AgentRadius Q(Int(0, 2)), MaxVerticesPerPolygon Int(3, 16).
//
// errors.jsonl in each family: hand-made negative vectors, one per error
// clause and check order (cdt.input; the region's errors and
// partition.limit; pipeline.settings).
//
//   gen_golden_triangulate OUT_DIR cdt|triangulate|partition|build2d [cases-per-kind (12)]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "conformance/generators/cdt_validity.hpp"
#include "conformance/generators/pillar_rooms.hpp"
#include "conformance/generators/region_validity.hpp"
#include "conformance/generators/tile_squares.hpp"
#include "conformance/generators/triangulation_validity.hpp"
#include "onepath/geom2d/cdt.hpp"
#include "onepath/geom2d/internal/cdt_mesh.hpp"   // CdtOptions: another insertion order
#include "onepath/geom2d/internal/cdt_order.hpp"  // cdt.order's pieces
#include "onepath/geom2d/pipeline.hpp"
#include "onepath/geom2d/triangulation.hpp"
#include "oracles/cgal/cdt_cgal.hpp"
#include "tools/golden/jsonl_writer.hpp"
#include "tools/golden/region_vectors.hpp"

using namespace onepath::golden;
namespace gen = onepath::gen;
namespace conformance = onepath::conformance;
using onepath::geom2d::CdtConstraint;
using onepath::geom2d::ConstrainedDelaunay;
using onepath::geom2d::ConvexPartition;
using onepath::geom2d::GridPoint;
using onepath::geom2d::Mesh2DBuild;
using onepath::geom2d::Mesh2DPipeline;
using onepath::geom2d::Mesh2DSettings;
using onepath::geom2d::RegionTriangulation;

namespace {

constexpr std::uint64_t kCdtSeed = 0x63647473206f6b21;          // "cdts ok!"
constexpr std::uint64_t kTriangulateSeed = 0x747269616e676c65;  // "triangle"
constexpr std::uint64_t kPartitionSeed = 0x706172746974696f;    // "partitio"
constexpr std::uint64_t kBuildSeed = 0x6275696c64326421;        // "build2d!"

using Writer = onepath::golden::JsonlWriter;
using Rings = std::vector<std::vector<Vector2D>>;
using Points = std::vector<GridPoint>;
using Constraints = std::vector<CdtConstraint>;

std::string Checked(const char* checkers) {
  return fmt::format("expected from the reference (src/onepath/geom2d), output checked by {}",
                     checkers);
}

std::string Drawn(const char* file, const char* kind, std::uint64_t seed, int draw,
                  const std::string& checked) {
  return fmt::format("tools/golden/gen_triangulate.cpp {} kind={} seed={:#x} draw={}; {}", file,
                     kind, seed, draw, checked);
}

std::string HandMade(const std::string& what, const std::string& checked) {
  return fmt::format("hand-made in tools/golden/gen_triangulate.cpp ({}); {}", what, checked);
}

template <typename Validity>
void Require(const Validity& v, const std::string& what, const json& input) {
  if (!v.ok()) Fail(what + " fails its independent checker: " + v.Summary(), input);
}

// --- agreement with CGAL where the triangulation is unique ------------------

using Tri = std::array<std::uint32_t, 3>;
using Edge = std::array<std::uint32_t, 2>;

// CGAL's constrained Delaunay triangulation of the points and the three
// bounding corners (vertices n, n + 1, n + 2, cdt.bounding-triangle), and
// whether it is the only one (gen::UniqueConstrainedDelaunay).
struct CgalCdt {
  onepath::oracle::CdtCgalResult result;
  bool unique = false;
};

CgalCdt CgalWithCorners(const Points& points, const Constraints& constraints) {
  Points vertices = points;
  for (std::int64_t v = 0; v < 3; ++v)
    vertices.push_back(gen::CdtVertexPoint(points, static_cast<std::int64_t>(points.size()) + v));
  CgalCdt c;
  c.result = onepath::oracle::ConstrainedDelaunayCgal(vertices, constraints);
  c.unique = gen::UniqueConstrainedDelaunay(points, c.result.triangles, c.result.constrainedEdges);
  return c;
}

const char* kCdtAgrees =
    "; unique (no cocircular quadruple across an unconstrained edge), and equal to CGAL's "
    "Constrained_Delaunay_triangulation_2 of the points and the bounding corners "
    "(oracles/cgal/cdt_cgal), checked on the canonical bytes when written";

// cdt.canonical's bytes of CGAL's triangles (each starting at its smallest
// index, sorted) and constrained edges, written here from the clause.
std::vector<std::uint8_t> CdtBytesOf(std::size_t n, const onepath::oracle::CdtCgalResult& c) {
  std::set<Edge> fixed(c.constrainedEdges.begin(), c.constrainedEdges.end());
  CanonicalWriter w;
  w.U32(static_cast<std::uint32_t>(n));
  w.Count(c.triangles.size());
  for (const Tri& t : c.triangles) {
    std::uint8_t flags = 0;
    for (int i = 0; i < 3; ++i)
      if (fixed.count({std::min(t[i], t[(i + 1) % 3]), std::max(t[i], t[(i + 1) % 3])}))
        flags |= static_cast<std::uint8_t>(1u << i);
    for (std::uint32_t v : t) w.U32(v);
    w.U8(flags);
  }
  return w.bytes();
}

// --- cdt/ -------------------------------------------------------------------

const char* kCdtChecked = "conformance/generators/cdt_validity CheckCdtValidity";

// cdt.order with the 64-point threshold left out: the rounds and the
// Hilbert order for any n (a plausible mistake, to see whether a vector
// can tell the rule).
std::vector<std::uint32_t> BrioOrderForAnyCount(const Points& points) {
  const std::size_t n = points.size();
  std::int64_t lo[2] = {INT64_MAX, INT64_MAX}, hi[2] = {INT64_MIN, INT64_MIN};
  for (GridPoint p : points) {
    lo[0] = std::min(lo[0], p.x), hi[0] = std::max(hi[0], p.x);
    lo[1] = std::min(lo[1], p.y), hi[1] = std::max(hi[1], p.y);
  }
  int s = 0;
  while (((hi[0] - lo[0]) >> s) >= 4096 || ((hi[1] - lo[1]) >> s) >= 4096) ++s;
  std::vector<std::tuple<int, std::uint32_t, std::uint32_t>> keys;
  for (std::uint32_t i = 0; i < n; ++i) {
    const auto cx = static_cast<std::uint32_t>((points[i].x - lo[0]) >> s);
    const auto cy = static_cast<std::uint32_t>((points[i].y - lo[1]) >> s);
    keys.emplace_back(-onepath::geom2d::InsertionRound(i, n), onepath::geom2d::HilbertIndex(cx, cy),
                      i);
  }
  std::sort(keys.begin(), keys.end());
  std::vector<std::uint32_t> order;
  for (const auto& k : keys) order.push_back(std::get<2>(k));
  return order;
}

// The clauses a CDT vector exercises. cdt.canonical's bytes do not show
// slots, so cdt.structure, cdt.locate and cdt.split are left to the
// Cdt.InsertPoints vectors (tools/golden/gen_cdt.py). cdt.order: an
// insertion in sorted, reversed or always-randomised order gives other
// bytes (the vector can tell the order). cdt.flip and cdt.legalize: the
// insertion flipped an edge; cdt.constraint: there are constraints;
// cdt.final-passes: a constraint flipped edges, the only way an edge can
// be flippable when the passes start (cdt.final-passes).
json CdtClauses(const Points& points, const Constraints& constraints,
                const onepath::geom2d::Triangulation& t, const std::vector<std::uint8_t>& bytes) {
  json c = json::array({"cdt.input", "cdt.bounding-triangle"});
  std::vector<std::uint32_t> sorted(points.size()), reversed(points.size());
  for (std::uint32_t i = 0; i < points.size(); ++i) sorted[i] = reversed[points.size() - 1 - i] = i;
  bool order = false;
  for (const std::vector<std::uint32_t>& other : {sorted, reversed, BrioOrderForAnyCount(points)}) {
    onepath::geom2d::CdtOptions options;
    options.insertionOrder = other;
    order = order || CanonicalBytes(ConstrainedDelaunay(points, constraints, options)) != bytes;
  }
  if (order) c.push_back("cdt.order");
  const onepath::geom2d::CdtStatistics& st = t.statistics;
  if (st.insertionFlips + st.constraintFlips + st.finalPassFlips > 0) c.push_back("cdt.flip");
  if (st.insertionFlips > 0) c.push_back("cdt.legalize");
  if (!constraints.empty()) c.push_back("cdt.constraint");
  if (st.constraintFlips > 0) c.push_back("cdt.final-passes");
  c.push_back("cdt.canonical");
  return c;
}

std::string CdtKey(const Points& points, const Constraints& constraints) {
  CanonicalWriter w;
  w.Count(points.size());
  for (GridPoint p : points) {
    w.I64(p.x);
    w.I64(p.y);
  }
  w.Count(constraints.size());
  for (CdtConstraint c : constraints) {
    w.U32(c.a);
    w.U32(c.b);
  }
  return Sha256Hex(w.bytes()).substr(0, 12);
}

json CdtInput(const Points& points, const Constraints& constraints) {
  json p = json::array(), c = json::array();
  for (GridPoint q : points) p.push_back({q.x, q.y});
  for (CdtConstraint k : constraints) c.push_back({k.a, k.b});
  return {{"points", p}, {"constraints", c}};
}

json CdtVector(const std::string& kind, const Points& points, const Constraints& constraints,
               const std::string& provenance) {
  json input = CdtInput(points, constraints);
  onepath::geom2d::Triangulation t = ConstrainedDelaunay(points, constraints);
  Require(gen::CheckCdtValidity(points, constraints, t), "the CDT", input);
  const std::vector<std::uint8_t> bytes = CanonicalBytes(t);
  CgalCdt cgal = CgalWithCorners(points, constraints);
  if (cgal.unique && CdtBytesOf(points.size(), cgal.result) != bytes)
    Fail("the CDT is unique but differs from CGAL's", input);
  return CheckedVector("Cdt.ConstrainedDelaunay", "cdt", kind, CdtKey(points, constraints),
                       CdtClauses(points, constraints, t, bytes), input, bytes, false,
                       cgal.unique ? provenance + kCdtAgrees : provenance);
}

Points SortedDistinct(Points p) {
  auto less = [](GridPoint a, GridPoint b) { return a.x != b.x ? a.x < b.x : a.y < b.y; };
  std::sort(p.begin(), p.end(), less);
  p.erase(std::unique(p.begin(), p.end()), p.end());
  return p;
}

Points RandomPoints(gen::SplitMix64& rng, std::int64_t n, std::int64_t r) {
  Points p(static_cast<std::size_t>(n));
  for (GridPoint& q : p) {
    q.x = Int(rng, -r, r);
    q.y = Int(rng, -r, r);
  }
  return SortedDistinct(std::move(p));
}

// triangulate.input of a region: sorted distinct ring vertices, ring edges.
std::pair<Points, Constraints> RegionInput(const Region& region) {
  Points points;
  for (const auto& ring : region.Rings())
    for (GridPoint p : ring) points.push_back(p);
  points = SortedDistinct(std::move(points));
  auto index = [&](GridPoint p) {
    auto it = std::lower_bound(points.begin(), points.end(), p, [](GridPoint a, GridPoint b) {
      return a.x != b.x ? a.x < b.x : a.y < b.y;
    });
    return static_cast<std::uint32_t>(it - points.begin());
  };
  Constraints constraints;
  for (const auto& ring : region.Rings())
    for (std::size_t i = 0; i < ring.size(); ++i)
      constraints.push_back({index(ring[i]), index(ring[(i + 1) % ring.size()])});
  return {points, constraints};
}

Points CirclePoints(std::int64_t r) {
  Points p;
  for (std::int64_t x = -r; x <= r; ++x)
    for (std::int64_t y = -r; y <= r; ++y)
      if (x * x + y * y == r * r) p.push_back({x, y});
  return p;
}

void WriteCdt(const std::filesystem::path& dir, int per_kind) {
  Writer w(dir / "cdt.jsonl");
  const char* names[] = {"random", "many", "lattice", "region_rings"};
  for (std::size_t k = 0; k < 4; ++k) {
    gen::SplitMix64 rng(kCdtSeed + k);
    w.AddDrawn(per_kind, [&](int draw) {
      Points points;
      Constraints constraints;
      switch (k) {
        case 0: {
          std::int64_t n = Int(rng, 3, 40);
          const std::int64_t radii[] = {16, std::int64_t{1} << 20, std::int64_t{1} << 39};
          points = RandomPoints(rng, n, radii[rng.Below(3)]);
          break;
        }
        case 1:
          points = RandomPoints(rng, Int(rng, 64, 120), 1 << 10);
          break;
        case 2: {
          std::int64_t a = Int(rng, 2, 7), b = Int(rng, 2, 7), s = Int(rng, 1, 4);
          for (std::int64_t x = 0; x < a; ++x)
            for (std::int64_t y = 0; y < b; ++y) points.push_back({x * s, y * s});
          // Sorted by (x, y): the bottom row's points are 0, b, 2b, ...
          if (rng.Below(2) == 0)
            for (std::int64_t x = 0; x + 1 < a; ++x)
              constraints.push_back(
                  {static_cast<std::uint32_t>(x * b), static_cast<std::uint32_t>((x + 1) * b)});
          break;
        }
        default:
          std::tie(points, constraints) = RegionInput(Build(RandomOutlinesOperand(rng)));
      }
      return CdtVector(names[k], points, constraints,
                       Drawn("cdt.jsonl", names[k], kCdtSeed + k, draw, kCdtChecked));
    });
  }
  const std::int64_t big = std::int64_t{1} << 39;
  const struct {
    const char* what;
    Points points;
    Constraints constraints;
  } hand[] = {
      {"one point", {{0, 0}}, {}},
      {"two points and their constraint", {{0, 0}, {3, 1}}, {{0, 1}}},
      {"three collinear points", {{0, 0}, {1, 1}, {2, 2}}, {{0, 1}, {1, 2}}},
      {"cdt.bounding-triangle's example: no triangle of points", {{-big, 0}, {0, 1}, {big, 0}}, {}},
      {"coordinates at +-2^39", {{-big, -big}, {-big, big}, {big, -big}, {big, big}}, {{0, 3}}},
      {"integer points of the circle of radius 5", CirclePoints(5), {}},
      {"integer points of the circle of radius 25", CirclePoints(25), {}},
      {"integer points of the circle of radius 65", CirclePoints(65), {}},
      {"a constraint given reversed", {{0, 0}, {0, 4}, {4, 0}, {4, 4}}, {{3, 0}}},
      {"the same constraint twice, once reversed",
       {{0, 0}, {0, 4}, {4, 0}, {4, 4}},
       {{1, 2}, {2, 1}, {1, 2}}},
      {"a constraint that is already a Delaunay edge", {{0, 0}, {1, 5}, {6, 0}}, {{0, 2}}},
      {"a constraint forcing flips across a fan",
       {{0, 0}, {1, -3}, {1, 3}, {2, -2}, {2, 2}, {3, -3}, {3, 3}, {4, 0}},
       {{0, 7}}},
  };
  for (const auto& h : hand)
    w.Add(CdtVector("hand_made", h.points, h.constraints, HandMade(h.what, kCdtChecked)));
  w.PrintCount();

  Writer neg(dir / "errors.jsonl");
  const json clauses = {"cdt.input", "err.types", "err.fields"};
  auto add = [&](const char* kind, const Points& p, const Constraints& c, const char* type,
                 const json& fields, const char* what) {
    neg.Add(Negative("Cdt.ConstrainedDelaunay", "cdt", kind, CdtKey(p, c), clauses, CdtInput(p, c),
                     type, fields, fmt::format("hand-made: {}", what)));
  };
  const char* range = "ArgumentOutOfRangeException";
  const char* arg = "ArgumentException";
  const Points square = {{0, 0}, {0, 4}, {4, 0}, {4, 4}};
  auto point_field = [](int vertex, double value) {
    return json{{"argument", "points"}, {"vertex", vertex}, {"value", value}};
  };
  add("point_range", {{0, 0}, {big + 1, 0}}, {}, range, point_field(1, double(big + 1)),
      "x beyond 2^39");
  add("point_range", {{-big - 1, 0}, {0, 0}}, {}, range, point_field(0, double(-big - 1)),
      "x below -2^39");
  add("point_range", {{0, 0}, {1, big + 1}}, {}, range, point_field(1, double(big + 1)),
      "y beyond 2^39");
  add("point_range", {{0, -big - 1}}, {}, range, point_field(0, double(-big - 1)), "y below -2^39");
  add("point_range", {{0, 0}, {big + 2, -big - 3}}, {}, range, point_field(1, double(big + 2)),
      "x is checked before y");
  add("point_range", {{5, 5}, {0, 0}, {big * 2, 0}}, {}, range, point_field(2, double(big * 2)),
      "the range is checked before the order");
  add("point_order", {{0, 0}, {0, 0}, {1, 1}}, {}, arg, {{"argument", "points"}, {"vertex", 1}},
      "a duplicate point");
  add("point_order", {{0, 0}, {1, 1}, {1, 0}}, {}, arg, {{"argument", "points"}, {"vertex", 2}},
      "points not sorted by (x, y): same x, y decreasing");
  add("point_order", {{2, 0}, {1, 5}, {0, 9}}, {}, arg, {{"argument", "points"}, {"vertex", 1}},
      "points not sorted: x decreasing");
  add("point_order", {{1, 0}, {0, 0}}, {{0, 7}}, arg, {{"argument", "points"}, {"vertex", 1}},
      "the points are checked before the constraints");
  auto index_field = [](int edge, double value) {
    return json{{"argument", "constraints"}, {"edge", edge}, {"value", value}};
  };
  add("constraint_index", square, {{0, 3}, {4, 1}}, range, index_field(1, 4), "A beyond n - 1");
  add("constraint_index", square, {{1, 9}}, range, index_field(0, 9), "B beyond n - 1");
  add("constraint_index", square, {{7, 9}}, range, index_field(0, 7), "A is checked before B");
  add("constraint_index", square, {{2, 2}, {0, 9}}, arg, {{"argument", "constraints"}, {"edge", 0}},
      "A = B");
  add("constraint_index", square, {{0, 1}, {3, 3}}, arg, {{"argument", "constraints"}, {"edge", 1}},
      "A = B, after a good constraint");
  add("constraint_index", square, {{0, 4294967295u}}, range, index_field(0, 4294967295.0),
      "the largest u32 index");
  add("constraint_index", {}, {{0, 0}}, range, index_field(0, 0), "no points at all");
  // Unnoded constraints: found while the constraint is inserted, in
  // increasing (min, max) order; the error names that constraint.
  add("unnoded", square, {{1, 2}, {0, 3}}, arg, {{"argument", "constraints"}, {"edge", 0}},
      "crossing diagonals: (0, 3) goes first, (1, 2) crosses it");
  add("unnoded", square, {{0, 3}, {1, 2}}, arg, {{"argument", "constraints"}, {"edge", 1}},
      "crossing diagonals, listed the other way");
  add("unnoded", {{0, 0}, {1, 1}, {2, 2}, {3, 0}}, {{0, 2}}, arg,
      {{"argument", "constraints"}, {"edge", 0}}, "a point in the constraint's open interior");
  add("unnoded", {{0, 0}, {2, 1}, {4, 2}, {6, 3}, {7, 0}}, {{0, 2}, {1, 3}}, arg,
      {{"argument", "constraints"}, {"edge", 0}},
      "collinear overlapping constraints: (0, 2) holds point 1");
  add("unnoded", {{0, 0}, {0, 8}, {3, 1}, {8, 0}, {8, 8}}, {{0, 2}, {1, 3}, {0, 4}}, arg,
      {{"argument", "constraints"}, {"edge", 1}},
      "(0, 2), (0, 4), then (1, 3) is inserted and crosses (0, 4) at (4, 4)");
  neg.PrintCount();
}

// --- triangulate/ and partition/ ---------------------------------------------

const char* kTriangulationChecked =
    "conformance/generators/triangulation_validity CheckTriangulationValidity";
const char* kPartitionChecked =
    "conformance/generators/triangulation_validity CheckPartitionValidity";
// The clauses a vector exercises, from its region: the empty region has
// no constraint and no triangle to keep (triangulate.faces); a merge needs
// an interior edge (partition.merge's candidate diagonals), a shrink a
// radius and a region (shrink.settings: AgentRadius 0 returns the region).
json TriangulateClauses(const Region& region) {
  json c = json::array({"triangulate.input"});
  if (!region.IsEmpty()) c.push_back("triangulate.faces");
  c.push_back("triangulate.output");
  c.push_back("triangulate.canonical");
  if (!region.IsEmpty()) c.push_back("cdt.constraint");
  return c;
}

bool HasInteriorEdge(const RegionTriangulation& t) {
  return std::any_of(t.neighbours.begin(), t.neighbours.end(),
                     [](std::int32_t n) { return n >= 0; });
}

json PartitionClauses(const Region& region) {
  json c = json::array({"partition.limit"});
  if (HasInteriorEdge(region.Triangulate())) c.push_back("partition.merge");
  c.push_back("partition.output");
  c.push_back("partition.canonical");
  if (!region.IsEmpty()) c.push_back("partition.promise");
  return c;
}

const char* kTriangulateAgrees =
    "; unique (no cocircular quadruple across an interior edge), and equal to the triangles of "
    "CGAL's Constrained_Delaunay_triangulation_2 (oracles/cgal/cdt_cgal; the ring vertices, "
    "the bounding corners and the ring edges) whose centroid has a positive winding number, "
    "checked on the canonical bytes when written";

// triangulate.canonical's bytes of CGAL's triangulation of the region's
// triangulate.input, keeping the triangles whose centroid has a positive
// winding number (gen::WindingAt); nullopt when those are not unique.
std::optional<std::vector<std::uint8_t>> CgalTriangulateBytes(const Region& region,
                                                              const json& input) {
  auto [points, constraints] = RegionInput(region);
  CgalCdt cgal = CgalWithCorners(points, constraints);
  const std::size_t n = points.size();
  std::vector<Tri> kept;
  for (const Tri& t : cgal.result.triangles) {
    if (t[0] >= n || t[1] >= n || t[2] >= n) continue;  // a corner: outside every ring
    gen::RationalPoint centroid{0, 0, 3};
    for (std::uint32_t v : t) {
      centroid.x += points[v].x;
      centroid.y += points[v].y;
    }
    std::optional<std::int64_t> winding = gen::WindingAt(region.Rings(), centroid);
    if (!winding) Fail("a triangle's centroid lies on a ring edge", input);
    if (*winding > 0) kept.push_back(t);
  }
  if (!gen::UniqueConstrainedDelaunay(points, kept, cgal.result.constrainedEdges))
    return std::nullopt;
  std::map<Edge, std::int32_t> holder;  // directed edge -> kept triangle
  for (std::size_t k = 0; k < kept.size(); ++k)
    for (int i = 0; i < 3; ++i) holder[{kept[k][i], kept[k][(i + 1) % 3]}] = std::int32_t(k);
  CanonicalWriter w;
  w.U8(static_cast<std::uint8_t>(region.SnapBits()));
  w.Count(n);
  for (GridPoint p : points) {
    w.I64(p.x);
    w.I64(p.y);
  }
  w.Count(kept.size());
  for (const Tri& t : kept)
    for (std::uint32_t v : t) w.U32(v);
  for (const Tri& t : kept)
    for (int i = 0; i < 3; ++i) {
      auto across = holder.find({t[(i + 1) % 3], t[i]});
      w.I32(across == holder.end() ? -1 : across->second);
    }
  return w.bytes();
}

json TriangulateVector(const std::string& kind, const Operand& o, const std::string& provenance) {
  json input = {{"region", OperandJson(o)}};
  Region region = Build(o);
  RegionTriangulation t = region.Triangulate();
  Require(gen::CheckTriangulationValidity(region.Rings(), t), "Region.Triangulate", input);
  CanonicalWriter w;
  WriteKey(w, o);
  const std::vector<std::uint8_t> bytes = CanonicalBytes(t);
  std::optional<std::vector<std::uint8_t>> cgal;
  if (!region.IsEmpty()) cgal = CgalTriangulateBytes(region, input);
  if (cgal && *cgal != bytes) Fail("the triangulation is unique but differs from CGAL's", input);
  return CheckedVector("Region.Triangulate", "region_triangulate", kind,
                       Sha256Hex(w.bytes()).substr(0, 12), TriangulateClauses(region), input, bytes,
                       t.triangles.empty(), cgal ? provenance + kTriangulateAgrees : provenance);
}

std::string PartitionKey(const Operand& o, int limit) {
  CanonicalWriter w;
  WriteKey(w, o);
  w.I32(limit);
  return Sha256Hex(w.bytes()).substr(0, 12);
}

json PartitionInput(const Operand& o, int limit) {
  return {{"region", OperandJson(o)}, {"maxVerticesPerPolygon", limit}};
}

json PartitionVector(const std::string& kind, const Operand& o, int limit,
                     const std::string& provenance) {
  json input = PartitionInput(o, limit);
  Region region = Build(o);
  ConvexPartition p = region.PartitionConvex(limit);
  Require(gen::CheckPartitionValidity(region.Rings(), p, limit), "Region.PartitionConvex", input);
  return CheckedVector("Region.PartitionConvex", "region_partition_convex", kind,
                       PartitionKey(o, limit), PartitionClauses(region), input, CanonicalBytes(p),
                       p.polygons.empty(), provenance);
}

struct Shape {
  const char* name;
  Rings rings;  // one outline
};

std::vector<Shape> HandShapes() {
  return {
      {"square", {Rectangle(0, 0, 4, 4)}},
      {"L", {{{0, 0}, {4, 0}, {4, 2}, {2, 2}, {2, 4}, {0, 4}}}},
      {"ring with a hole", {Rectangle(0, 0, 6, 6), Rectangle(2, 2, 4, 4)}},
      {"comb",
       {{{0, 0},
         {7, 0},
         {7, 4},
         {6, 4},
         {6, 1},
         {5, 1},
         {5, 4},
         {4, 4},
         {4, 1},
         {3, 1},
         {3, 4},
         {2, 4},
         {2, 1},
         {1, 1},
         {1, 4},
         {0, 4}}}},
      {"pinch: two squares touching at a corner", {Rectangle(0, 0, 2, 2), Rectangle(2, 2, 4, 4)}},
      {"star", {{{0, 0}, {6, 1}, {3, 3}, {5, 7}, {1, 4}, {-2, 6}, {-1, 2}, {-4, 0}}}},
      {"quarter-unit thin sliver", {{{0, 0}, {8, 0.25}, {8, 0.5}, {0, 0.25}}}},
  };
}

// A RandomTileMap draw as one outline of its solid cells' squares.
Operand TileSquares(gen::SplitMix64& rng) {
  TileMapInput m = RandomTileMap(rng).map;
  return FromOutlines(gen::SolidCellSquares(m.cells, m.width, m.height, m.cellSize, m.origin, true),
                      m.snapBits);
}

Operand DrawRegion(std::size_t kind, gen::SplitMix64& rng) {
  switch (kind) {
    case 0:
      return RandomOutlinesOperand(rng);
    case 1:
      return RandomTileMap(rng);
    case 2:
      return TileSquares(rng);
    default:
      return NoisyCrop(rng);
  }
}

const char* kRegionKinds[] = {"random_outlines", "tilemap", "tile_squares", "noisy"};

void WriteRegionErrors(const std::filesystem::path& dir, bool partition) {
  Writer neg(dir / "errors.jsonl");
  const char* op = partition ? "Region.PartitionConvex" : "Region.Triangulate";
  const char* short_op = partition ? "region_partition_convex" : "region_triangulate";
  // Each vector names the clause of its error; the limit's vectors also
  // partition.limit, the region's errors the operation's first clause.
  const char* first = partition ? "partition.limit" : "triangulate.input";
  auto add = [&](const char* kind, const Operand& o, int limit, const char* clause,
                 const char* type, const json& fields, const std::string& what) {
    json input = partition ? PartitionInput(o, limit) : json{{"region", OperandJson(o)}};
    std::string key = partition ? PartitionKey(o, limit) : [&] {
      CanonicalWriter w;
      WriteKey(w, o);
      return Sha256Hex(w.bytes()).substr(0, 12);
    }();
    json clauses = json::array({first});
    if (clause != std::string(first)) clauses.push_back(clause);
    clauses.push_back("err.fields");
    neg.Add(Negative(op, short_op, kind, key, clauses, input, type, fields, "hand-made: " + what));
  };
  const char* range = "ArgumentOutOfRangeException";
  Operand square = FromOutlines({Outline{{Rectangle(0, 0, 4, 4)}}}, 16);
  if (partition) {
    for (int limit : {2, 17, 0, -1, 1000, std::numeric_limits<int>::min()})
      add("bad_limit", square, limit, "partition.limit", range,
          {{"argument", "maxVerticesPerPolygon"}, {"value", double(limit)}},
          fmt::format("limit {} outside 3 .. 16", limit));
    Operand empty = FromOutlines({}, 16);
    for (int limit : {2, 17})
      add("bad_limit", empty, limit, "partition.limit", range,
          {{"argument", "maxVerticesPerPolygon"}, {"value", double(limit)}},
          "the limit is checked for the empty region too");
  }
  // The region is built first: its errors come before the limit's. (The
  // tile map's errors are family region/'s.)
  const int limit = partition ? 17 : 6;
  for (int bits : {17, -1})
    add("bad_region", FromOutlines({Outline{{Rectangle(0, 0, 1, 1)}}}, bits), limit,
        "grid.snapbits", range, {{"setting", "SnapBits"}, {"value", double(bits)}},
        "SnapBits outside 0 .. 16");
  add("bad_region", FromOutlines({Outline{{{{0, 0}, {1, 0}}}}}, 16), limit, "region.outline",
      "ArgumentException", {{"argument", "outlines"}, {"outline", 0}, {"ring", 0}, {"count", 2}},
      "a ring of two points");
  neg.PrintCount();
}

void WriteTriangulate(const std::filesystem::path& dir, int per_kind) {
  Writer w(dir / "triangulate.jsonl");
  for (const Shape& s : HandShapes())
    for (int bits : {16, 0})
      w.Add(TriangulateVector(
          "hand_made", FromOutlines({Outline{s.rings}}, bits),
          HandMade(fmt::format("{}, SnapBits {}", s.name, bits), Checked(kTriangulationChecked))));
  w.Add(TriangulateVector("hand_made", FromOutlines({}, 16),
                          HandMade("the empty region", Checked(kTriangulationChecked))));
  w.Add(TriangulateVector(
      "hand_made",
      FromOutlines({Outline{{Rectangle(0, 0, 3, 3)}}, Outline{{Rectangle(1, 1, 5, 2)}}}, 16),
      HandMade("two overlapping outlines", Checked(kTriangulationChecked))));
  for (const gen::PillarRoom& room : gen::MakePillarRooms(1))
    w.Add(TriangulateVector(
        "pillar_rooms", FromOutlines(room.outlines, 16),
        HandMade("gen::MakePillarRooms(1) room " + room.name, Checked(kTriangulationChecked))));
  for (std::size_t k = 0; k < 4; ++k) {
    gen::SplitMix64 rng(kTriangulateSeed + k);
    w.AddDrawn(per_kind, [&](int draw) {
      return TriangulateVector(kRegionKinds[k], DrawRegion(k, rng),
                               Drawn("triangulate.jsonl", kRegionKinds[k], kTriangulateSeed + k,
                                     draw, Checked(kTriangulationChecked)));
    });
  }
  w.PrintCount();
  WriteRegionErrors(dir, false);
}

void WritePartition(const std::filesystem::path& dir, int per_kind) {
  Writer w(dir / "partition.jsonl");
  std::vector<Shape> shapes = HandShapes();
  for (const Shape& s : {shapes[1], shapes[2], shapes[3], shapes[5]})
    for (int limit = 3; limit <= 16; ++limit)
      w.Add(PartitionVector(
          "limits", FromOutlines({Outline{s.rings}}, 16), limit,
          HandMade(fmt::format("{}, limit {}", s.name, limit), Checked(kPartitionChecked))));
  w.Add(PartitionVector("hand_made", FromOutlines({Outline{shapes[0].rings}}, 0), 3,
                        HandMade("square, SnapBits 0, limit 3", Checked(kPartitionChecked))));
  w.Add(PartitionVector(
      "hand_made", FromOutlines({Outline{shapes[4].rings}}, 16), 6,
      HandMade("pinch, limit 6: no merge through the pinch vertex", Checked(kPartitionChecked))));
  w.Add(PartitionVector("hand_made", FromOutlines({}, 16), 6,
                        HandMade("the empty region", Checked(kPartitionChecked))));
  std::vector<gen::PillarRoom> rooms = gen::MakePillarRooms(1);
  for (std::size_t i = 0; i < rooms.size(); ++i)
    for (int limit : {3, 6, 16})
      w.Add(PartitionVector(
          "pillar_rooms", FromOutlines(rooms[i].outlines, 16), limit,
          HandMade(fmt::format("gen::MakePillarRooms(1) room {}, limit {}", rooms[i].name, limit),
                   Checked(kPartitionChecked))));
  for (std::size_t k = 0; k < 4; ++k) {
    gen::SplitMix64 rng(kPartitionSeed + k);
    w.AddDrawn(per_kind, [&](int draw) {
      Operand o = DrawRegion(k, rng);
      int limit = static_cast<int>(Int(rng, 3, 16));
      return PartitionVector(kRegionKinds[k], o, limit,
                             Drawn("partition.jsonl", kRegionKinds[k], kPartitionSeed + k, draw,
                                   Checked(kPartitionChecked)));
    });
  }
  w.PrintCount();
  WriteRegionErrors(dir, true);
}

// --- build2d/ ----------------------------------------------------------------

const char* kBuildChecked =
    "every stage checked: region and shrunk by conformance/generators/region_validity "
    "CheckRegionValidity, triangles and polygons by conformance/generators/"
    "triangulation_validity CheckTriangulationValidity, CheckPartitionValidity";
json BuildClauses(const Mesh2DBuild& build, const Mesh2DSettings& s) {
  json c = json::array({"pipeline.settings", "pipeline.stages"});
  if (s.AgentRadius != 0 && !build.region.IsEmpty()) c.push_back("shrink.edges");
  c.push_back("triangulate.output");
  if (HasInteriorEdge(build.triangles)) c.push_back("partition.merge");
  c.push_back("partition.canonical");
  return c;
}

json SettingsJson(const Mesh2DSettings& s) {
  return {{"SnapBits", s.SnapBits},
          {"CellSize", conformance::DoubleToJson(s.CellSize)},
          {"AgentRadius", conformance::DoubleToJson(s.AgentRadius)},
          {"MaxVerticesPerPolygon", s.MaxVerticesPerPolygon}};
}

void WriteSettingsKey(CanonicalWriter& w, const Mesh2DSettings& s) {
  w.I32(s.SnapBits);
  w.F64(s.CellSize);
  w.F64(s.AgentRadius);
  w.I32(s.MaxVerticesPerPolygon);
}

// A build input: outlines (their SnapBits unused) or a tile map (its
// cellSize and SnapBits unused: the settings' are).
struct BuildInput {
  Operand o;
  Mesh2DSettings s;
};

std::string BuildKey(const BuildInput& b) {
  CanonicalWriter w;
  WriteSettingsKey(w, b.s);
  // The tile map's own cellSize and SnapBits are not read: the settings'.
  if (b.o.tileMap) {
    const TileMapInput& m = b.o.map;
    WriteKey(w, TileMapInput{m.cells, m.width, m.height, b.s.CellSize, m.origin, b.s.SnapBits});
  } else {
    WriteKey(w, OutlinesInput{b.o.outlines.outlines, b.s.SnapBits});
  }
  return Sha256Hex(w.bytes()).substr(0, 12);
}

json BuildJson(const BuildInput& b) {
  if (!b.o.tileMap)
    return {{"outlines", conformance::OutlinesToJson(b.o.outlines.outlines)},
            {"settings", SettingsJson(b.s)}};
  json map = InputJson(b.o.map);
  return {{"cells", map.at("cells")},
          {"width", map.at("width")},
          {"height", map.at("height")},
          {"origin", map.at("origin")},
          {"settings", SettingsJson(b.s)}};
}

const char* BuildOp(const BuildInput& b) {
  return b.o.tileMap ? "Mesh2DPipeline.BuildFromTileMap" : "Mesh2DPipeline.BuildFromOutlines";
}

const char* BuildShortOp(const BuildInput& b) {
  return b.o.tileMap ? "mesh2d_build_from_tilemap" : "mesh2d_build_from_outlines";
}

void RequireRegion(const Region& r, const char* stage, const json& input) {
  gen::RegionValidity v = gen::CheckRegionValidity(r);
  if (!v.ok()) {
    std::string messages;
    for (const std::string& m : v.messages) messages += "\n  " + m;
    Fail(fmt::format("stage {} fails region_validity:{}", stage, messages), input);
  }
}

// expect.stages (pipeline.stages): each stage's SHA-256, from the build,
// once the runner's stages from the JSON input are the same bytes and the
// last stage is the output (so the vector's sha256 is the polygons').
json StageHashes(const std::string& op, const json& input, const Mesh2DBuild& build) {
  std::vector<std::pair<const char*, std::vector<std::uint8_t>>> stages = {
      {"region", CanonicalBytes(build.region)},
      {"shrunk", CanonicalBytes(build.shrunk)},
      {"triangles", CanonicalBytes(build.triangles)},
      {"polygons", CanonicalBytes(build.polygons)}};
  const conformance::Operation* row = conformance::FindOperation(op);
  std::vector<std::vector<std::uint8_t>> from_json = row->runStages(Reparsed(input));
  if (row->stages.size() != stages.size()) Fail(op + ": another number of stages", input);
  json hashes = json::object();
  for (std::size_t i = 0; i < stages.size(); ++i) {
    if (row->stages[i].name != stages[i].first || from_json.at(i) != stages[i].second)
      Fail(fmt::format("{}: the runner's stage {} differs", op, stages[i].first), input);
    hashes[stages[i].first] = Sha256Hex(stages[i].second);
  }
  if (conformance::RunOperation(op, Reparsed(input)) != stages.back().second)
    Fail(op + ": the output is not the last stage", input);
  return hashes;
}

json BuildVector(const std::string& kind, const BuildInput& b, const std::string& provenance) {
  json input = BuildJson(b);
  Mesh2DBuild build = b.o.tileMap
                          ? Mesh2DPipeline::BuildFromTileMap(b.o.map.cells, b.o.map.width,
                                                             b.o.map.height, b.o.map.origin, b.s)
                          : Mesh2DPipeline::BuildFromOutlines(b.o.outlines.outlines, b.s);
  RequireRegion(build.region, "region", input);
  RequireRegion(build.shrunk, "shrunk", input);
  const auto& rings = build.shrunk.Rings();
  Require(gen::CheckTriangulationValidity(rings, build.triangles), "stage triangles", input);
  Require(gen::CheckPartitionValidity(rings, build.polygons, b.s.MaxVerticesPerPolygon),
          "stage polygons", input);
  json v =
      CheckedVector(BuildOp(b), BuildShortOp(b), kind, BuildKey(b), BuildClauses(build, b.s), input,
                    CanonicalBytes(build.polygons), build.polygons.polygons.empty(), provenance);
  v["expect"]["stages"] = StageHashes(BuildOp(b), input, build);
  return v;
}

BuildInput DrawBuild(std::size_t kind, gen::SplitMix64& rng) {
  BuildInput b;
  b.o = kind == 0 ? TileSquares(rng) : kind == 1 ? RandomTileMap(rng) : NoisyCrop(rng);
  b.s.SnapBits = rng.Below(2) == 0 ? 16 : 0;
  // At SnapBits 0 a cell is at least one grid unit (grid.tilemap-lines).
  if (!b.o.tileMap)
    b.s.CellSize = 0.25;
  else
    b.s.CellSize = b.s.SnapBits == 0 ? static_cast<double>(Int(rng, 1, 2)) : Q(Int(rng, 2, 8));
  b.s.AgentRadius = Q(Int(rng, 0, 2));
  b.s.MaxVerticesPerPolygon = static_cast<int>(Int(rng, 3, 16));
  return b;
}

void WriteBuild2D(const std::filesystem::path& dir, int per_kind) {
  Writer w(dir / "build2d.jsonl");
  std::vector<Shape> shapes = HandShapes();
  const std::string checked = Checked(kBuildChecked);
  for (const Shape& s : {shapes[1], shapes[2], shapes[3]})
    for (double r : {0.0, 0.25, 0.5, 2.0})
      for (int bits : {16, 0}) {
        BuildInput b{FromOutlines({Outline{s.rings}}, bits), {bits, 0.25, r, 6}};
        w.Add(BuildVector("rooms", b,
                          HandMade(fmt::format("{}, AgentRadius {}, SnapBits {}{}", s.name, r, bits,
                                               r == 2.0 ? ": empties it" : ""),
                                   checked)));
      }
  for (const gen::PillarRoom& room : gen::MakePillarRooms(1)) {
    std::vector<double> radii = {0.0};
    radii.insert(radii.end(), room.radii.begin(), room.radii.end());
    radii.push_back(64.0);  // beyond every room's half width: empty
    for (double r : radii) {
      BuildInput b{FromOutlines(room.outlines, 16), {16, 0.25, r, 6}};
      w.Add(BuildVector(
          "pillar_rooms", b,
          HandMade(fmt::format("gen::MakePillarRooms(1) room {}, AgentRadius {}", room.name, r),
                   checked)));
    }
  }
  // The unit-test square (conformance/tests/test_pipeline.cpp) as a tile map.
  Operand solid;
  solid.tileMap = true;
  solid.map = {std::vector<std::uint8_t>(16, 1), 4, 4, 1.0, {0, 0}, 16, false};
  for (int limit : {3, 6})
    w.Add(BuildVector("hand_made", {solid, {16, 1.0, 0.5, limit}},
                      HandMade(fmt::format("4 x 4 solid cells, CellSize 1, AgentRadius 0.5, "
                                           "limit {}",
                                           limit),
                               checked)));
  const char* names[] = {"tile_squares", "tilemap", "noisy"};
  for (std::size_t k = 0; k < 3; ++k) {
    gen::SplitMix64 rng(kBuildSeed + k);
    w.AddDrawn(per_kind, [&](int draw) {
      return BuildVector(names[k], DrawBuild(k, rng),
                         Drawn("build2d.jsonl", names[k], kBuildSeed + k, draw, checked));
    });
  }
  w.PrintCount();

  Writer neg(dir / "errors.jsonl");
  const json clauses = {"pipeline.settings", "grid.snapbits", "shrink.settings", "partition.limit",
                        "err.fields"};
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Operand square = FromOutlines({Outline{{Rectangle(0, 0, 4, 4)}}}, 16);
  auto add = [&](const Operand& o, const Mesh2DSettings& s, const char* setting, double value,
                 const std::string& what) {
    BuildInput b{o, s};
    neg.Add(Negative(BuildOp(b), BuildShortOp(b), "bad_settings", BuildKey(b), clauses,
                     BuildJson(b), "ArgumentOutOfRangeException",
                     {{"setting", setting}, {"value", conformance::DoubleToJson(value)}},
                     "hand-made: " + what));
  };
  for (const Operand& o : {square, solid}) {
    for (int bits : {-1, 17})
      add(o, {bits, 0.25, 0.5, 6}, "SnapBits", bits, "SnapBits outside 0 .. 16");
    for (double c : {0.0, -0.0, -0.25, nan, inf, -inf, 0x1p21})
      add(o, {16, c, 0.5, 6}, "CellSize", c, "CellSize not in (0, 2^20]");
    for (double r : {-0.5, -0x1p-1074, nan, inf, 0x1p21})
      add(o, {16, 0.25, r, 6}, "AgentRadius", r, "AgentRadius not in [0, 2^20]");
    for (int m : {2, 17, 0})
      add(o, {16, 0.25, 0.5, m}, "MaxVerticesPerPolygon", m,
          "MaxVerticesPerPolygon outside 3 .. 16");
    // The first failing setting, in the clause's order.
    add(o, {17, nan, nan, 2}, "SnapBits", 17, "every setting bad: SnapBits first");
    add(o, {16, nan, nan, 2}, "CellSize", nan, "CellSize before AgentRadius");
    add(o, {16, 0.25, -1.0, 2}, "AgentRadius", -1.0, "AgentRadius before the limit");
  }
  // Settings are checked before any input is read.
  add(FromOutlines({Outline{{{{0, 0}, {1, 0}}}}}, 16), {16, 0.25, nan, 6}, "AgentRadius", nan,
      "a ring of two points, but the settings come first");
  Operand bad_map;
  bad_map.tileMap = true;
  bad_map.map = {{1, 1, 1}, -1, 3, 1.0, {0, 0}, 16, false};
  add(bad_map, {16, 0.25, 0.5, 17}, "MaxVerticesPerPolygon", 17,
      "a negative width, but the settings come first");
  neg.PrintCount();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: %s OUT_DIR cdt|triangulate|partition|build2d [cases-per-kind (12)]\n",
                 argv[0]);
    return 2;
  }
  std::filesystem::path dir = argv[1];
  std::string family = argv[2];
  int per_kind = argc > 3 ? std::atoi(argv[3]) : 12;
  std::filesystem::create_directories(dir);
  if (family == "cdt")
    WriteCdt(dir, per_kind);
  else if (family == "triangulate")
    WriteTriangulate(dir, per_kind);
  else if (family == "partition")
    WritePartition(dir, per_kind);
  else if (family == "build2d")
    WriteBuild2D(dir, per_kind);
  else
    return 2;
  return 0;
}
