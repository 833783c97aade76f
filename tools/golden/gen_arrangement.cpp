// Writes the golden family `arrangement/` (docs/golden-format.md).
//
// Inputs come from the documented generators in
// conformance/generators/arrangement_cases; expected hashes come from the
// brute-force oracle (oracles/boost_mp/arrangement_bruteforce: rational
// arithmetic, every pair and every pixel, written from the spec text), so
// no expected value is taken from the reference. Negative vectors name the
// culprit the writer itself injected (arr.input).
//
//   gen_golden_arrangement OUT_DIR [cases-per-kind (default 40)] [max-edges (default 24)]
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

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
      std::vector<oracle::BfEdge> bf;
      for (const TaggedEdge& e : edges) bf.push_back({{e.p.x, e.p.y}, {e.q.x, e.q.y}, e.operand});
      oracle::BfArrangement expected = oracle::BruteForceArrangement(bf);
      std::string hash = Sha256Hex(oracle::BruteForceCanonicalBytes(expected));
      json flags = json::array({kname});
      if (expected.segments.empty()) flags.push_back("empty");
      json v = {
          {"id", fmt::format("arrangement/{}/{}", kname, InputKey(edges))},
          {"op", "Arrangement.Build"},
          {"clauses",
           {"arr.output", "arr.hot-pixels", "arr.reroute", "arr.repair", "arr.merge",
            "arr.promise"}},
          {"input", Input(edges)},
          {"expect", {{"sha256", hash}, {"value", Decoded(expected)}}},
          {"flags", flags},
          {"provenance", fmt::format("conformance/generators/arrangement_cases kind={} seed={:#x} "
                                     "draw={} max_edges={}; expected from oracles/boost_mp/"
                                     "arrangement_bruteforce",
                                     kname, seed, draw, max_edges)}};
      return v;
    });
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
