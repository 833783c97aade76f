// Writes the golden family `predicates/` (docs/golden-format.md).
//
// Inputs come from the documented generators in conformance/generators;
// expected signs come from the Boost.Multiprecision oracle and must agree
// with the CGAL oracle, so no expected value is taken from the reference.
// Negative vectors name the culprit the generator itself injected.
//
//   gen_golden_predicates OUT_DIR [cases-per-kind]
#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "conformance/generators/predicate_cases.hpp"
#include "onepath/core/canonical.hpp"
#include "oracles/boost_mp/predicates_mp.hpp"
#include "oracles/cgal/predicates_cgal.hpp"
#include "tools/golden/jsonl_writer.hpp"

using nlohmann::json;
using onepath::CanonicalWriter;
using onepath::Sha256Hex;
using onepath::Vector2D;
namespace gen = onepath::gen;
namespace oracle = onepath::oracle;

namespace {

constexpr std::uint64_t kOrientSeed = 0x6f7269656e743264;    // "orient2d"
constexpr std::uint64_t kInCircleSeed = 0x696e636972636c65;  // "incircle"

json Num(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  return v;
}

json Point(Vector2D p) { return json::array({Num(p.x), Num(p.y)}); }

// The id's hash: first 12 hex digits of SHA-256 over the coordinates' bits.
std::string InputKey(const std::vector<Vector2D>& pts) {
  CanonicalWriter w;
  for (const Vector2D& p : pts) {
    w.F64(p.x);
    w.F64(p.y);
  }
  return Sha256Hex(w.bytes()).substr(0, 12);
}

std::string SignHash(int sign) {
  CanonicalWriter w;
  w.I8(static_cast<std::int8_t>(sign));
  return Sha256Hex(w.bytes());
}

const char* kNames[4] = {"a", "b", "c", "d"};

json Input(const std::vector<Vector2D>& pts) {
  json in = json::object();
  for (std::size_t i = 0; i < pts.size(); ++i) in[kNames[i]] = Point(pts[i]);
  return in;
}

using Writer = onepath::golden::JsonlWriter;

int OracleSign(const std::vector<Vector2D>& p) {
  int boost = p.size() == 3 ? oracle::Orient2DBoostMp(p[0], p[1], p[2])
                            : oracle::InCircleBoostMp(p[0], p[1], p[2], p[3]);
  int cgal = p.size() == 3 ? oracle::Orient2DCgal(p[0], p[1], p[2])
                           : oracle::InCircleCgal(p[0], p[1], p[2], p[3]);
  if (boost != cgal) {
    std::fprintf(stderr, "oracles disagree (boost %d, cgal %d) on:", boost, cgal);
    for (const Vector2D& q : p) std::fprintf(stderr, " (%a, %a)", q.x, q.y);
    std::fprintf(stderr, "\n");
    std::exit(1);
  }
  return boost;
}

json Positive(const std::string& op, const std::string& short_op, const std::string& kind,
              const std::vector<Vector2D>& pts, const std::string& clauses_extra,
              const std::string& provenance) {
  int sign = OracleSign(pts);
  json clauses = json::array({op == "Predicates.Orient2D" ? "pred.orient2d" : "pred.incircle"});
  if (!clauses_extra.empty()) clauses.push_back(clauses_extra);
  json flags = json::array({kind});
  if (sign == 0) flags.push_back("degenerate");
  return json{{"id", fmt::format("{}/{}/{}", short_op, kind, InputKey(pts))},
              {"op", op},
              {"clauses", clauses},
              {"input", Input(pts)},
              {"expect", {{"sha256", SignHash(sign)}, {"value", {{"sign", sign}}}}},
              {"flags", flags},
              {"provenance", provenance}};
}

void WriteFamily(const std::filesystem::path& dir, int per_kind) {
  const std::string oracles =
      "expected sign from oracles/boost_mp (scaled-integer determinant), equal to oracles/cgal "
      "(Epick)";
  for (int which = 0; which < 2; ++which) {
    bool orient = which == 0;
    std::string op = orient ? "Predicates.Orient2D" : "Predicates.InCircle";
    std::string short_op = orient ? "orient2d" : "incircle";
    Writer w;
    w.out.open(dir / (short_op + ".jsonl"));
    for (gen::PredicateCaseKind kind : gen::AllPredicateCaseKinds()) {
      std::uint64_t seed = (orient ? kOrientSeed : kInCircleSeed) + static_cast<int>(kind);
      gen::SplitMix64 rng(seed);
      std::string kname = gen::KindName(kind);
      std::string extra = kind == gen::PredicateCaseKind::kFloat32 ? "pred.float32" : "pred.exact";
      for (int i = 0, made = 0; made < per_kind && i < 20 * per_kind; ++i) {
        std::vector<Vector2D> pts;
        if (orient) {
          gen::Orient2DCase c = gen::MakeOrient2DCase(kind, rng);
          pts = {c.a, c.b, c.c};
        } else {
          gen::InCircleCase c = gen::MakeInCircleCase(kind, rng);
          pts = {c.a, c.b, c.c, c.d};
        }
        std::string prov =
            fmt::format("conformance/generators/predicate_cases kind={} seed={:#x} draw={}; {}",
                        kname, seed, i, oracles);
        if (w.Add(Positive(op, short_op, kname, pts, extra, prov))) ++made;
      }
    }
    // pred.domain: the edges of the domain are accepted (2^-200, 2^200, -0).
    const double edges[] = {0x1p-200, -0x1p-200, 0x1p200, -0x1p200, -0.0};
    for (double e : edges) {
      for (std::size_t slot = 0; slot < (orient ? 3u : 4u); ++slot) {
        std::vector<Vector2D> pts = orient ? std::vector<Vector2D>{{0, 0}, {1, 0}, {0, 1}}
                                           : std::vector<Vector2D>{{1, 0}, {0, 1}, {-1, 0}, {0, 0}};
        pts[slot].y = e;
        w.Add(Positive(op, short_op, "domain_edge", pts, "pred.domain",
                       "hand-made: a domain edge value in one coordinate; " + oracles));
      }
    }
    std::printf("%s: %d vectors\n", (dir / (short_op + ".jsonl")).c_str(), w.written);
  }

  // Negative vectors (pred.domain): one bad coordinate per vector; the
  // expected fields are the ones the generator injected.
  Writer w;
  w.out.open(dir / "errors.jsonl");
  const double bad[] = {std::numeric_limits<double>::quiet_NaN(),
                        std::numeric_limits<double>::infinity(),
                        -std::numeric_limits<double>::infinity(),
                        0x1p201,
                        -0x1.0000000000001p200,
                        0x1p-201,
                        -0x1.fffffffffffffp-201,
                        std::numeric_limits<double>::denorm_min()};
  for (int which = 0; which < 2; ++which) {
    bool orient = which == 0;
    std::string op = orient ? "Predicates.Orient2D" : "Predicates.InCircle";
    std::string short_op = orient ? "orient2d" : "incircle";
    std::size_t n = orient ? 3 : 4;
    for (double v : bad) {
      for (std::size_t slot = 0; slot < n; ++slot) {
        for (int axis = 0; axis < 2; ++axis) {
          std::vector<Vector2D> pts(n);
          for (std::size_t k = 0; k < n; ++k)
            pts[k] = {static_cast<double>(k), static_cast<double>(k * k)};
          (axis == 0 ? pts[slot].x : pts[slot].y) = v;
          json fields = {{"argument", fmt::format("{}.{}", kNames[slot], axis == 0 ? "x" : "y")},
                         {"vertex", slot},
                         {"value", Num(v)}};
          // num.subnormals: a subnormal coordinate is out of the domain; with
          // denormals treated as zero it would compare equal to 0 and pass.
          json clauses = json::array({"pred.domain", "err.types", "err.fields"});
          if (std::fpclassify(v) == FP_SUBNORMAL) clauses.push_back("num.subnormals");
          w.Add(json{
              {"id", fmt::format("{}/out_of_domain/{}", short_op, InputKey(pts))},
              {"op", op},
              {"clauses", clauses},
              {"input", Input(pts)},
              {"expect",
               {{"error", {{"type", "ArgumentOutOfRangeException"}, {"fields", fields}}}}},
              {"flags", json::array({"negative"})},
              {"provenance", "hand-made: one coordinate outside pred.domain, the rest valid"}});
        }
      }
    }
  }
  std::printf("%s: %d vectors\n", (dir / "errors.jsonl").c_str(), w.written);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s OUT_DIR [cases-per-kind (default 300)]\n", argv[0]);
    return 2;
  }
  int per_kind = argc > 2 ? std::atoi(argv[2]) : 300;
  std::filesystem::create_directories(argv[1]);
  WriteFamily(argv[1], per_kind);
  return 0;
}
