// Writes the golden family `arrangement/` (docs/golden-format.md).
//
// Inputs come from the documented generators in
// conformance/generators/arrangement_cases, one hand-made input whose
// pixels the tree of boxes finds, one whose crossing candidates it finds
// and one whose edges rise by one against its boxes (main); expected
// hashes come from the brute-force oracle (oracles/boost_mp/
// arrangement_bruteforce: rational arithmetic, every pair and every
// pixel, written from the spec text), so no expected value is taken from
// the reference. Negative vectors name the
// culprit the writer itself injected (arr.input).
//
//   gen_golden_arrangement OUT_DIR [cases-per-kind (default 40)] [max-edges (default 24)]
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "conformance/generators/arrangement_cases.hpp"
#include "onepath/core/canonical.hpp"
#include "oracles/boost_mp/arrangement_bruteforce.hpp"
#include "tools/golden/jsonl_writer.hpp"

using nlohmann::json;
using onepath::CanonicalWriter;
using onepath::Sha256Hex;
using onepath::geom2d::TaggedEdge;
namespace gen = onepath::gen;
namespace oracle = onepath::oracle;

namespace {

constexpr std::uint64_t kSeed = 0x6172723230323621;  // "arr2026!"

std::string InputKey(const std::vector<TaggedEdge>& edges) {
  CanonicalWriter w;
  w.Count(edges.size());
  for (const TaggedEdge& e : edges) {
    w.I64(e.p.x);
    w.I64(e.p.y);
    w.I64(e.q.x);
    w.I64(e.q.y);
    w.I32(e.operand);
  }
  return Sha256Hex(w.bytes()).substr(0, 12);
}

json Input(const std::vector<TaggedEdge>& edges) {
  json list = json::array();
  for (const TaggedEdge& e : edges) list.push_back({e.p.x, e.p.y, e.q.x, e.q.y, e.operand});
  return json{{"edges", list}};
}

json Decoded(const oracle::BfArrangement& a) {
  json vertices = json::array(), segments = json::array();
  for (const oracle::BfPoint& p : a.vertices) vertices.push_back({p.x, p.y});
  for (const oracle::BfSegment& s : a.segments) segments.push_back({s.a, s.b, s.n0, s.n1});
  return json{{"vertices", vertices}, {"segments", segments}};
}

using Writer = onepath::golden::JsonlWriter;

// --- The clauses a vector exercises, from its input --------------------------
//
// Computed here, exactly, from the edges alone (and the oracle's own
// helpers, which share no code with src/), not from an instrumented run:
// a vector names a clause when the clause decides something for it.

__extension__ typedef __int128 I128;
using oracle::BfPoint;

int Sign(I128 v) { return (v > 0) - (v < 0); }

// pred.orient2d on grid points (|coordinate| <= 2^40: the products fit).
int Orient(BfPoint a, BfPoint b, BfPoint c) {
  return Sign(I128{b.x - a.x} * (c.y - a.y) - I128{b.y - a.y} * (c.x - a.x));
}

// c lies on the closed segment ab (collinear with it and in its box).
bool OnSegment(BfPoint a, BfPoint b, BfPoint c) {
  return Orient(a, b, c) == 0 && std::min(a.x, b.x) <= c.x && c.x <= std::max(a.x, b.x) &&
         std::min(a.y, b.y) <= c.y && c.y <= std::max(a.y, b.y);
}

// The closed segments ab and cd have a point in common.
bool SegmentsMeet(BfPoint a, BfPoint b, BfPoint c, BfPoint d) {
  const int o1 = Orient(a, b, c), o2 = Orient(a, b, d), o3 = Orient(c, d, a), o4 = Orient(c, d, b);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;
  return OnSegment(a, b, c) || OnSegment(a, b, d) || OnSegment(c, d, a) || OnSegment(c, d, b);
}

// The closed segment pq meets the closed square of side 1 around c (the
// pixel with its right and top sides): in doubled coordinates the square
// is [2c - 1, 2c + 1]; the boxes meet and the square's corners are not all
// strictly on one side of the line.
bool MeetsClosedSquare(BfPoint p, BfPoint q, BfPoint c) {
  const BfPoint P{2 * p.x, 2 * p.y}, Q{2 * q.x, 2 * q.y};
  if (std::max(P.x, Q.x) < 2 * c.x - 1 || std::min(P.x, Q.x) > 2 * c.x + 1 ||
      std::max(P.y, Q.y) < 2 * c.y - 1 || std::min(P.y, Q.y) > 2 * c.y + 1)
    return false;
  int pos = 0, neg = 0;
  for (std::int64_t dx : {-1, 1})
    for (std::int64_t dy : {-1, 1}) {
      const int o = Orient(P, Q, {2 * c.x + dx, 2 * c.y + dy});
      pos += o > 0;
      neg += o < 0;
    }
  return pos < 4 && neg < 4;
}

struct Exercised {
  bool dropDegenerate = false;  // an edge with p = q (arr.drop-degenerate)
  bool meet = false;            // two remaining edges meet (arr.proper-crossing decides)
  bool properCrossing = false;  // two remaining edges cross properly
  bool roundMoves = false;      // a crossing is not a grid point (arr.round moves it)
  bool halfRoundsUp = false;    // a crossing coordinate is a half (floor(X + 1/2) vs even)
  bool reroute = false;         // an edge meets another hot pixel (arr.reroute visits it)
  bool pixelBoundary = false;   // an edge touches another hot pixel's right or top side only
  bool repeated = false;        // an edge given twice, in either direction (arr.promise)
};

Exercised ExercisedBy(const std::vector<TaggedEdge>& edges) {
  Exercised e;
  std::vector<std::pair<BfPoint, BfPoint>> kept;
  for (const TaggedEdge& t : edges) {
    if (t.p == t.q) {
      e.dropDegenerate = true;
      continue;
    }
    kept.push_back({{t.p.x, t.p.y}, {t.q.x, t.q.y}});
  }
  std::set<BfPoint> hot;  // arr.hot-pixels
  for (const auto& [p, q] : kept) hot.insert({p, q});
  std::set<std::pair<BfPoint, BfPoint>> undirected;
  for (std::size_t i = 0; i < kept.size(); ++i) {
    auto [a, b] = kept[i];
    auto key = a < b ? std::pair{a, b} : std::pair{b, a};
    if (!undirected.insert(key).second) e.repeated = true;
    for (std::size_t j = i + 1; j < kept.size(); ++j) {
      auto [c, d] = kept[j];
      if (!SegmentsMeet(a, b, c, d)) continue;
      e.meet = true;
      if (!oracle::BfCrossProperly(a, b, c, d)) continue;
      e.properCrossing = true;
      const BfPoint r = oracle::BfRoundedCrossing(a, b, c, d);
      hot.insert(r);
      if (Orient(a, b, r) != 0 || Orient(c, d, r) != 0) e.roundMoves = true;
      // A half: the crossing is (r.x - 1/2, ·) or (·, r.y - 1/2) on both lines.
      const BfPoint A{2 * a.x, 2 * a.y}, B{2 * b.x, 2 * b.y}, C{2 * c.x, 2 * c.y},
          D{2 * d.x, 2 * d.y};
      for (std::int64_t hx : {0, 1})
        for (std::int64_t hy : {0, 1}) {
          const BfPoint x{2 * r.x - hx, 2 * r.y - hy};
          if ((hx || hy) && Orient(A, B, x) == 0 && Orient(C, D, x) == 0) e.halfRoundsUp = true;
        }
    }
  }
  for (const auto& [p, q] : kept) {
    for (const BfPoint& c : hot) {
      if (c == p || c == q) continue;
      if (oracle::BfSegmentMeetsPixel(p, q, c))
        e.reroute = true;
      else if (MeetsClosedSquare(p, q, c))
        e.pixelBoundary = true;
    }
  }
  return e;
}

json ClausesOf(const Exercised& e, const oracle::BfStats& stats, bool anyEdge) {
  json c = json::array({"arr.output"});
  if (e.dropDegenerate) c.push_back("arr.drop-degenerate");
  if (e.reroute || e.pixelBoundary) c.push_back("arr.pixel");
  if (e.meet) c.push_back("arr.proper-crossing");
  if (e.roundMoves) c.push_back("arr.round");
  if (anyEdge) c.push_back("arr.hot-pixels");
  if (e.reroute) c.push_back("arr.reroute");
  if (stats.rounds > 1) c.push_back("arr.repair");  // the oracle's first round found work
  if (anyEdge) c.push_back("arr.merge");
  if (e.repeated) c.push_back("arr.promise");
  return c;
}

// One positive vector: the expected arrangement from the brute-force oracle.
json Vector(const std::string& kname, const std::vector<TaggedEdge>& edges,
            const std::string& provenance) {
  std::vector<oracle::BfEdge> bf;
  for (const TaggedEdge& e : edges) bf.push_back({{e.p.x, e.p.y}, {e.q.x, e.q.y}, e.operand});
  oracle::BfStats stats;
  oracle::BfArrangement expected = oracle::BruteForceArrangement(bf, &stats);
  std::string hash = Sha256Hex(oracle::BruteForceCanonicalBytes(expected));
  const Exercised exercised = ExercisedBy(edges);
  json flags = json::array({kname});
  if (expected.segments.empty()) flags.push_back("empty");
  if (exercised.halfRoundsUp) flags.push_back("half_rounds_up");
  if (exercised.pixelBoundary) flags.push_back("pixel_boundary");
  return {{"id", fmt::format("arrangement/{}/{}", kname, InputKey(edges))},
          {"op", "Arrangement.Build"},
          {"clauses", ClausesOf(exercised, stats, stats.edges > 0)},
          {"input", Input(edges)},
          {"expect", {{"sha256", hash}, {"value", Decoded(expected)}}},
          {"flags", flags},
          {"provenance", provenance}};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s OUT_DIR [cases-per-kind (40)] [max-edges (24)]\n", argv[0]);
    return 2;
  }
  std::filesystem::path dir = argv[1];
  int per_kind = argc > 2 ? std::atoi(argv[2]) : 40;
  int max_edges = argc > 3 ? std::atoi(argv[3]) : 24;
  std::filesystem::create_directories(dir);

  Writer w(dir / "arrangement.jsonl");
  for (gen::ArrangementCaseKind kind : gen::AllArrangementCaseKinds()) {
    std::uint64_t seed = kSeed + static_cast<std::uint64_t>(kind);
    gen::SplitMix64 rng(seed);
    std::string kname = gen::KindName(kind);
    w.AddDrawn(per_kind, [&](int draw) {
      std::vector<TaggedEdge> edges = gen::MakeArrangementCase(kind, rng, max_edges);
      return Vector(kname, edges,
                    fmt::format("conformance/generators/arrangement_cases kind={} seed={:#x} "
                                "draw={} max_edges={}; expected from oracles/boost_mp/"
                                "arrangement_bruteforce",
                                kname, seed, draw, max_edges));
    });
  }
  // arr.reroute through pixels found by the tree of boxes (arr.candidates):
  // 99 parallel edges (0, k - 100) -> (1, k), k = 1 .. 99, and one edge far
  // away, (1000, 1000) -> (1001, 1003). The far pixels make the 198 near
  // ones clustered (the pixel search drops its grid), and every near edge's
  // x range [0, 1] holds all 198 near pixels, more than a tree query's
  // budget (24 per level of 200 pixels: 192), so the scans of the first
  // edges add up to the cost of building the tree and the later edges ask
  // it. Edge k meets the pixels (0, k - 100) .. (0, k - 50) (its x is at
  // most 1/2 up to y = k - 50) and (1, k - 50) .. (1, k), whose centres lie
  // up to about 50 units from it along y; its ends have y of both signs.
  {
    std::vector<TaggedEdge> edges;
    for (std::int64_t k = 1; k < 100; ++k) edges.push_back({{0, k - 100}, {1, k}, 0});
    edges.push_back({{1000, 1000}, {1001, 1003}, 0});
    w.Add(Vector("hand_made", edges,
                 "hand-made in tools/golden/gen_arrangement.cpp: 99 parallel edges (0, k - 100) "
                 "-> (1, k) rerouted through the pixels the tree of boxes finds, and one far "
                 "edge that clusters the pixels; expected from oracles/boost_mp/"
                 "arrangement_bruteforce"));
  }
  // arr.proper-crossing's pairs found by the tree of boxes (arr.candidates,
  // BoxTree::PairsThatMeet): 1024 parallel edges (2^15, 2k) -> (3 x 2^15,
  // 2k + 1), k = 0 .. 1023. Their mean extent is 2^16, so the grid's cells
  // have side 2^16 and every edge lies in both of the two cells x 0 ..
  // 2^16 - 1 and 2^16 .. 2^17 - 1: the grid would look at every pair twice
  // (1,047,552), the sweep once (523,776: all edges span the same x range),
  // and the tree is estimated at 11 levels x (4 + 24) x 1024 = 315,392: the
  // input is clustered and the tree runs. No two edges cross, and no edge
  // meets a pixel but its own ends' (the ends are 2 apart at both x): the
  // output is the input.
  {
    std::vector<TaggedEdge> edges;
    for (std::int64_t k = 0; k < 1024; ++k)
      edges.push_back({{1 << 15, 2 * k}, {3 << 15, 2 * k + 1}, 0});
    w.Add(Vector("hand_made", edges,
                 "hand-made in tools/golden/gen_arrangement.cpp: 1024 parallel edges (2^15, 2k) "
                 "-> (3 x 2^15, 2k + 1) whose crossing candidates come from the tree of boxes; "
                 "expected from oracles/boost_mp/arrangement_bruteforce"));
  }
  // arr.candidates' band test (BandMeetsBox) of edges that rise by exactly
  // one, in the tree of boxes: rows k = 0 .. 99 of 16 unit edges (x, 3k + 1)
  // -> (x + 1, 3k + 1) of operand 1, x = 0 .. 15, and per row an edge (0, 3k)
  // -> (16, 3k + 1) of operand 0, which is within half a unit of the row's
  // pixels from x = 8 on (at x = 8 it is at 3k + 1/2) and is rerouted
  // through them; one far edge, (100000, 100000) -> (100001, 100003),
  // clusters the 1,800 near pixels so that the pixel search drops its grid
  // and, each edge's x range holding all of them, builds the tree. A tree
  // node holding pixels of one row on both sides of x = 8 has its lowest
  // value of (b - a) x (c - a) at its lower right corner, inside the band,
  // and its lower left corner outside it: the test must take the corner
  // the edge's direction gives.
  {
    std::vector<TaggedEdge> edges;
    for (std::int64_t k = 0; k < 100; ++k) {
      edges.push_back({{0, 3 * k}, {16, 3 * k + 1}, 0});
      for (std::int64_t x = 0; x < 16; ++x)
        edges.push_back({{x, 3 * k + 1}, {x + 1, 3 * k + 1}, 1});
    }
    edges.push_back({{100000, 100000}, {100001, 100003}, 0});
    w.Add(Vector("hand_made", edges,
                 "hand-made in tools/golden/gen_arrangement.cpp: 100 rows of 16 unit edges "
                 "and an edge (0, 3k) -> (16, 3k + 1) under each, rising by one, rerouted "
                 "through the pixels the tree of boxes finds, and one far edge that clusters "
                 "the pixels; expected from oracles/boost_mp/arrangement_bruteforce"));
  }
  w.PrintCount();

  // Negative vectors (arr.input): one bad value per vector.
  Writer neg(dir / "errors.jsonl");
  const std::int64_t limit = std::int64_t{1} << 39;
  const std::int64_t bad_coords[] = {limit + 1, -limit - 1, INT64_MAX, INT64_MIN};
  for (std::int64_t bad : bad_coords) {
    for (int slot = 0; slot < 4; ++slot) {
      std::vector<TaggedEdge> edges = {{{0, 0}, {5, 5}, 0}, {{1, 0}, {0, 1}, 1}};
      std::int64_t* coords[4] = {&edges[1].p.x, &edges[1].p.y, &edges[1].q.x, &edges[1].q.y};
      *coords[slot] = bad;
      json fields = {{"argument", "edges"},
                     {"edge", 1},
                     {"vertex", slot / 2},
                     {"value", static_cast<double>(bad)}};
      neg.Add(
          {{"id", fmt::format("arrangement/out_of_range/{}", InputKey(edges))},
           {"op", "Arrangement.Build"},
           {"clauses", {"arr.input", "err.fields"}},
           {"input", Input(edges)},
           {"expect", {{"error", {{"type", "ArgumentOutOfRangeException"}, {"fields", fields}}}}},
           {"flags", {"negative"}},
           {"provenance", "hand-made: one coordinate beyond 2^39 grid units in edge 1"}});
    }
  }
  for (int bad : {-1, 3, 255}) {
    std::vector<TaggedEdge> edges = {{{0, 0}, {5, 5}, 0}, {{1, 0}, {0, 1}, bad}};
    json fields = {{"argument", "edges"}, {"edge", 1}, {"value", static_cast<double>(bad)}};
    neg.Add({{"id", fmt::format("arrangement/bad_operand/{}", InputKey(edges))},
             {"op", "Arrangement.Build"},
             {"clauses", {"arr.input", "err.fields"}},
             {"input", Input(edges)},
             {"expect", {{"error", {{"type", "ArgumentOutOfRangeException"}, {"fields", fields}}}}},
             {"flags", {"negative"}},
             {"provenance", "hand-made: operand outside 0..2 in edge 1"}});
  }
  neg.PrintCount();
  return 0;
}
