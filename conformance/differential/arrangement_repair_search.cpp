// A search for arrangement inputs that make arr.repair (docs/spec/
// arrangement.md, step 4) do work: it runs the brute-force oracle
// (oracles/boost_mp/arrangement_bruteforce.*, written from the spec text,
// no code shared with src/) on generated edge sets and counts the repair
// rounds each one needs (BfStats::rounds - 1: the last round is the one that
// finds no work). Every input that needs a round is printed as a C++
// initializer, so that it can become a golden vector and a differential case.
//
// arrangement.md's arr.repair proves that no input needs a round; this
// program is the search that preceded the proof and still backs it: its
// `--quick` run is a test (arrangement-repair-search), the full run is
// for hand use (the figures are in the issue 25 report).
//
// Strategies (each case's edges are integers, operands 0):
//  exhaustive K B   every set of K distinct undirected edges between lattice
//                   points of [0, B]^2 (direction and operand change no
//                   fragment's segment, so undirected edges cover all).
//  dense            3..40 random edges in [0, B]^2, B = 3..32: many crossings
//                   and hot pixels close together.
//  centre           the classic case of iterated snap rounding: a fragment a
//                   -> b of an edge e with a hot lattice point h strictly
//                   between a and b on it (b - a = k (u, v), k >= 2), e
//                   drawn through the pixels of a and b, h made hot by a
//                   short edge; does e miss h's pixel?
//  bundle           long nearly parallel edges a unit or less apart, some
//                   crossing at small angles, with hot pixels (short edges)
//                   scattered beside them: rerouting moves neighbouring
//                   fragments towards different centres (the crossings
//                   rerouting could create).
//  star             many edges through one point or pixel corner, scaled by
//                   up to 2^30 and moved by -1..1 per coordinate: clusters
//                   of crossing pixels.
//  generator        the kinds of conformance/generators/arrangement_cases
//                   with fresh seeds and up to 40 edges.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "conformance/generators/arrangement_cases.hpp"
#include "conformance/generators/arrangement_validity.hpp"
#include "conformance/generators/predicate_cases.hpp"
#include "oracles/boost_mp/arrangement_bruteforce.hpp"

namespace {

using onepath::gen::SplitMix64;
using onepath::oracle::BfEdge;
using onepath::oracle::BfPoint;
using onepath::oracle::BfStats;
using Edges = std::vector<BfEdge>;

constexpr int kMaxHistogram = 8;

struct Tally {
  std::string name;
  long long cases = 0, edges = 0, crossings = 0, hotPixels = 0, errors = 0;
  long long rounds[kMaxHistogram + 1] = {};  // cases by repair rounds that did work
  long long settingMet = 0;                  // strategy-specific count (see its comment)
};

std::string Initializer(const Edges& edges) {
  std::string s = "{";
  for (const BfEdge& e : edges) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "{{%lld, %lld}, {%lld, %lld}, %d}, ",
                  static_cast<long long>(e.p.x), static_cast<long long>(e.p.y),
                  static_cast<long long>(e.q.x), static_cast<long long>(e.q.y), e.operand);
    s += buf;
  }
  return s + "}";
}

// Runs the oracle on one case and counts its repair rounds.
void Run(const Edges& edges, Tally& t) {
  BfStats st;
  ++t.cases;
  t.edges += static_cast<long long>(edges.size());
  try {
    onepath::oracle::BruteForceArrangement(edges, &st);
  } catch (const std::exception& e) {
    ++t.errors;
    std::printf("%s: oracle threw %s on %s\n", t.name.c_str(), e.what(),
                Initializer(edges).c_str());
    return;
  }
  t.crossings += static_cast<long long>(st.initial_crossings);
  t.hotPixels += static_cast<long long>(st.hot_pixels);
  const int worked = st.rounds - 1;
  ++t.rounds[std::min(worked, kMaxHistogram)];
  if (worked > 0 || st.final_proper_crossings != 0 || st.final_centres_inside != 0) {
    std::printf("%s: %d repair round(s) did work (crossings %zu, splits %zu): %s\n", t.name.c_str(),
                worked, st.repair_crossings, st.repair_splits, Initializer(edges).c_str());
  }
}

void Print(const Tally& t) {
  std::printf("%-22s cases %9lld  edges %10lld  crossings %9lld  hot %10lld  threw %lld",
              t.name.c_str(), t.cases, t.edges, t.crossings, t.hotPixels, t.errors);
  if (t.settingMet > 0) std::printf("  setting met %lld", t.settingMet);
  std::printf("  rounds:");
  for (int r = 0; r <= kMaxHistogram; ++r)
    if (t.rounds[r] > 0) std::printf(" %d%s=%lld", r, r == kMaxHistogram ? "+" : "", t.rounds[r]);
  std::printf("\n");
  std::fflush(stdout);
}

std::int64_t Int(SplitMix64& rng, std::int64_t lo, std::int64_t hi) {
  return lo + static_cast<std::int64_t>(rng.Below(static_cast<std::uint64_t>(hi - lo + 1)));
}

// --- exhaustive ---------------------------------------------------------------

// Every set of k distinct undirected edges between points of [0, b]^2.
Tally Exhaustive(int k, int b) {
  Tally t;
  t.name = "exhaustive " + std::to_string(k) + " in [0," + std::to_string(b) + "]^2";
  std::vector<BfPoint> points;
  for (std::int64_t x = 0; x <= b; ++x)
    for (std::int64_t y = 0; y <= b; ++y) points.push_back({x, y});
  std::vector<BfEdge> all;
  for (std::size_t i = 0; i < points.size(); ++i)
    for (std::size_t j = i + 1; j < points.size(); ++j) all.push_back({points[i], points[j], 0});
  std::vector<std::size_t> idx(static_cast<std::size_t>(k));
  std::iota(idx.begin(), idx.end(), 0);
  const std::size_t n = all.size();
  if (n < idx.size()) return t;
  Edges edges(idx.size());
  while (true) {
    for (std::size_t i = 0; i < idx.size(); ++i) edges[i] = all[idx[i]];
    Run(edges, t);
    // Next combination in lexicographic order.
    std::size_t i = idx.size();
    while (i > 0 && idx[i - 1] == n - idx.size() + (i - 1)) --i;
    if (i == 0) break;
    ++idx[i - 1];
    for (std::size_t j = i; j < idx.size(); ++j) idx[j] = idx[j - 1] + 1;
  }
  return t;
}

// --- random strategies --------------------------------------------------------

Edges Dense(SplitMix64& rng) {
  const std::int64_t b = Int(rng, 3, 32);
  const int n = static_cast<int>(Int(rng, 3, 40));
  Edges out;
  for (int i = 0; i < n; ++i) {
    BfPoint p{Int(rng, 0, b), Int(rng, 0, b)}, q{Int(rng, 0, b), Int(rng, 0, b)};
    out.push_back({p, q, 0});
  }
  return out;
}

// The pixel test of arr.pixel, for the strategy's own count only (the oracle
// decides everything that matters).
bool Meets(BfPoint p, BfPoint q, BfPoint c) {
  return onepath::oracle::BfSegmentMeetsPixel(p, q, c);
}

// Returns the case; `met` is set when the edge e meets the pixels of a and b
// (the setting of the classic case; the proof says it then meets h's too).
Edges Centre(SplitMix64& rng, bool& met) {
  std::int64_t u = 0, v = 0;
  while (std::gcd(u, v) != 1) u = Int(rng, -6, 6), v = Int(rng, -6, 6);
  const std::int64_t k = Int(rng, 2, 5), j = Int(rng, 1, k - 1);
  const BfPoint a{Int(rng, -20, 20), Int(rng, -20, 20)};
  const BfPoint b{a.x + k * u, a.y + k * v}, h{a.x + j * u, a.y + j * v};
  // e from beyond a to beyond b, nearly along b - a.
  const std::int64_t m1 = Int(rng, 0, 12), m2 = Int(rng, 0, 12);
  const BfPoint p{a.x - m1 * u + Int(rng, -2, 2), a.y - m1 * v + Int(rng, -2, 2)};
  const BfPoint q{b.x + m2 * u + Int(rng, -2, 2), b.y + m2 * v + Int(rng, -2, 2)};
  Edges out;
  if (!(p == q)) out.push_back({p, q, 0});
  // a, b and h hot: short edges from them (the far ends are hot as well,
  // a unit or two away, which also tends to fill the gaps near e).
  for (BfPoint c : {a, b, h}) {
    BfPoint d{c.x + Int(rng, -2, 2), c.y + Int(rng, -2, 2)};
    if (d == c) d.x += 1;
    out.push_back({c, d, 0});
  }
  met = !(p == q) && Meets(p, q, a) && Meets(p, q, b);
  if (met && !Meets(p, q, h))
    std::printf("centre: e meets the pixels of a and b but not h's: %s\n",
                Initializer(out).c_str());
  return out;
}

Edges Bundle(SplitMix64& rng) {
  const std::int64_t len = std::int64_t{1} << Int(rng, 4, 12);
  const std::int64_t rise = Int(rng, -len, len);
  const int lines = static_cast<int>(Int(rng, 2, 6));
  Edges out;
  for (int i = 0; i < lines; ++i) {
    // Nearly the same line, ends moved by up to 2 units (some cross).
    BfPoint p{Int(rng, -2, 2), Int(rng, -2, 2)};
    BfPoint q{len + Int(rng, -2, 2), rise + Int(rng, -2, 2)};
    if (rng.Below(2) == 0) std::swap(p.x, p.y), std::swap(q.x, q.y);
    out.push_back({p, q, 0});
  }
  // Hot pixels beside the lines: short edges from points within 2 units of
  // a point of the first line.
  const int hot = static_cast<int>(Int(rng, 1, 24));
  const BfEdge e = out[0];  // a copy: out grows below
  for (int i = 0; i < hot; ++i) {
    const std::int64_t t = Int(rng, 0, 1024);
    BfPoint c{e.p.x + (e.q.x - e.p.x) * t / 1024 + Int(rng, -2, 2),
              e.p.y + (e.q.y - e.p.y) * t / 1024 + Int(rng, -2, 2)};
    BfPoint d{c.x + Int(rng, -1, 1), c.y + Int(rng, -1, 1)};
    if (d == c) d.y += 1;
    out.push_back({c, d, 0});
  }
  return out;
}

Edges Star(SplitMix64& rng) {
  // Through a lattice point, a pixel side's midpoint or a pixel corner
  // (doubled coordinates of the common point: 2c + h, h in {0, 1}^2).
  const std::int64_t hx = Int(rng, 0, 1), hy = Int(rng, 0, 1);
  const int n = static_cast<int>(Int(rng, 3, 16));
  const std::int64_t scale = std::int64_t{1} << Int(rng, 0, 30);
  Edges out;
  for (int i = 0; i < n; ++i) {
    // Odd direction components where h is 1 keep the ends integers.
    std::int64_t dx = 2 * Int(rng, -4, 4) + hx, dy = 2 * Int(rng, -4, 4) + hy;
    if (dx == 0 && dy == 0) dx = 2;
    const std::int64_t m = 2 * Int(rng, 0, 3) + 1;
    // From X - m d / 2 to X + m d / 2 with X = (2c + h) / 2, c = 0.
    BfPoint p{(hx - m * dx) / 2 * scale, (hy - m * dy) / 2 * scale};
    BfPoint q{(hx + m * dx) / 2 * scale, (hy + m * dy) / 2 * scale};
    // (hx - m dx) is even: exact halves.
    if (scale > 1) {
      p.x += Int(rng, -1, 1), p.y += Int(rng, -1, 1);
      q.x += Int(rng, -1, 1), q.y += Int(rng, -1, 1);
    }
    if (!(p == q)) out.push_back({p, q, 0});
  }
  return out;
}

Edges Generator(SplitMix64& rng) {
  auto kinds = onepath::gen::AllArrangementCaseKinds();
  auto kind = kinds[rng.Below(kinds.size())];
  Edges out;
  for (const auto& e : onepath::gen::MakeArrangementCase(kind, rng, 40))
    out.push_back({{e.p.x, e.p.y}, {e.q.x, e.q.y}, e.operand});
  return out;
}

void Usage(std::FILE* to) {
  std::fprintf(to,
               "usage: arrangement_repair_search [--quick | --full] [--seed N] [--cases N]\n"
               "Runs the brute-force arrangement oracle on generated inputs and counts the\n"
               "repair rounds (arr.repair) each needs; prints every input that needs one.\n"
               "  --quick    a few seconds: small exhaustive sets, 2000 cases per strategy\n"
               "  --full     exhaustive 2 in [0,6]^2, 3 in [0,4]^2, 4 in [0,3]^2, and\n"
               "             --cases random cases per strategy (default 200000)\n"
               "  --seed N   seed of the random strategies (default 1)\n"
               "Exit status: 0 no input needed a round, 1 some did, 2 usage error.\n");
}

}  // namespace

int main(int argc, char** argv) {
  bool full = false;
  long long cases = -1;
  std::uint64_t seed = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&](long long& out) {
      if (i + 1 >= argc) return false;
      char* end = nullptr;
      out = std::strtoll(argv[++i], &end, 10);
      return *end == '\0' && out >= 0;
    };
    long long v = 0;
    if (arg == "--help" || arg == "-h") {
      Usage(stdout);
      return 0;
    } else if (arg == "--quick") {
      full = false;
    } else if (arg == "--full") {
      full = true;
    } else if (arg == "--cases" && value(v)) {
      cases = v;
    } else if (arg == "--seed" && value(v)) {
      seed = static_cast<std::uint64_t>(v);
    } else {
      std::fprintf(stderr, "arrangement_repair_search: bad argument '%s'\n", arg.c_str());
      Usage(stderr);
      return 2;
    }
  }
  if (cases < 0) cases = full ? 200000 : 2000;

  std::vector<Tally> tallies;
  if (full) {
    tallies.push_back(Exhaustive(2, 6));
    Print(tallies.back());
    tallies.push_back(Exhaustive(3, 4));
    Print(tallies.back());
    tallies.push_back(Exhaustive(4, 3));
    Print(tallies.back());
  } else {
    tallies.push_back(Exhaustive(2, 3));
    Print(tallies.back());
    tallies.push_back(Exhaustive(3, 2));
    Print(tallies.back());
  }
  struct Strategy {
    const char* name;
    int which;
  };
  for (Strategy s : {Strategy{"dense", 0}, Strategy{"centre", 1}, Strategy{"bundle", 2},
                     Strategy{"star", 3}, Strategy{"generator", 4}}) {
    Tally t;
    t.name = s.name;
    SplitMix64 rng(seed * 0x9E3779B97F4A7C15ULL + static_cast<std::uint64_t>(s.which));
    for (long long c = 0; c < cases; ++c) {
      bool met = false;
      Edges edges;
      switch (s.which) {
        case 0:
          edges = Dense(rng);
          break;
        case 1:
          edges = Centre(rng, met);
          break;
        case 2:
          edges = Bundle(rng);
          break;
        case 3:
          edges = Star(rng);
          break;
        default:
          edges = Generator(rng);
          break;
      }
      t.settingMet += met;
      Run(edges, t);
    }
    Print(t);
    tallies.push_back(t);
  }
  long long total = 0, worked = 0;
  for (const Tally& t : tallies) {
    total += t.cases;
    for (int r = 1; r <= kMaxHistogram; ++r) worked += t.rounds[r];
  }
  std::printf("total cases %lld, cases that needed a repair round %lld\n", total, worked);
  return worked == 0 ? 0 : 1;
}
