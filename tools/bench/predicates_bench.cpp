// Benchmarks of the exact predicates (pred.orient2d, pred.incircle,
// pred.orient2d.int, pred.exact) against a plain double determinant.
//
// Each benchmark iteration evaluates one predicate on every case of a fixed
// array of cases (made once from a fixed seed) and sums the signs, so the
// time per iteration divided by the number of cases (the argument, /4096 or
// /65536) is the time per call. The ratio that matters
// (tools/bench/predicates_ratio.sh prints it) is
//   BM_Orient2D / BM_Orient2DPlain and BM_InCircle / BM_InCirclePlain
// on the same random, non-degenerate cases, where the filter always decides:
// the cost of the filter over a plain, possibly wrong, determinant. The
// other benchmarks are for information.
//
// Two sizes, because the branch predictor learns a short sequence that
// repeats: with 4096 cases it remembers which way each data-dependent branch
// goes, as if the same few thousand queries came again and again; with
// 65536 it cannot, as with fresh input. The second is the realistic one.

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "onepath/core/vector2d.hpp"
#include "onepath/exact/predicates.hpp"
#include "tools/bench/plain_predicates.hpp"

namespace {

using onepath::Vector2D;

constexpr int kSmall = 4096;
constexpr int kLarge = 65536;  // the most cases any benchmark uses
constexpr std::uint64_t kSeed = 20240601;

// Four points per case (Orient2D uses the first three).
struct Cases {
  std::vector<Vector2D> points;
  std::vector<std::int64_t> ints;  // grid cases only: x, y of 3 points
};

// Plain double determinants with their permanents, to choose cases the
// filter decides with a wide margin.
double OrientMargin(const Vector2D* p) {
  double left = (p[0].x - p[2].x) * (p[1].y - p[2].y);
  double right = (p[0].y - p[2].y) * (p[1].x - p[2].x);
  return std::fabs(left - right) / (std::fabs(left) + std::fabs(right));
}

double InCircleMargin(const Vector2D* p) {
  double x[3], y[3], lift[3];
  for (int i = 0; i < 3; ++i) {
    x[i] = p[i].x - p[3].x;
    y[i] = p[i].y - p[3].y;
    lift[i] = x[i] * x[i] + y[i] * y[i];
  }
  double det = 0, permanent = 0;
  for (int i = 0; i < 3; ++i) {
    int j = (i + 1) % 3, k = (i + 2) % 3;
    det += lift[i] * (x[j] * y[k] - x[k] * y[j]);
    permanent += lift[i] * (std::fabs(x[j] * y[k]) + std::fabs(x[k] * y[j]));
  }
  return std::fabs(det) / permanent;
}

// Uniform points in [-1, 1]^2, keeping only cases whose determinants are
// far from zero for both predicates (|det| >= 1e-6 * permanent).
Cases MakeRandom() {
  std::mt19937_64 rng(kSeed);
  std::uniform_real_distribution<double> coord(-1.0, 1.0);
  Cases cases;
  while (cases.points.size() < 4 * kLarge) {
    Vector2D p[4];
    for (auto& v : p) v = {coord(rng), coord(rng)};
    if (OrientMargin(p) < 1e-6 || InCircleMargin(p) < 1e-6) continue;
    cases.points.insert(cases.points.end(), p, p + 4);
  }
  return cases;
}

// Integer grid cases, |coordinate| <= 2^39, given both as integers and as
// the same values in double.
Cases MakeGrid() {
  std::mt19937_64 rng(kSeed + 1);
  const std::int64_t bound = std::int64_t{1} << 39;
  std::uniform_int_distribution<std::int64_t> coord(-bound, bound);
  Cases cases;
  for (int i = 0; i < kLarge; ++i) {
    for (int k = 0; k < 3; ++k) {
      std::int64_t x = coord(rng), y = coord(rng);
      cases.ints.push_back(x);
      cases.ints.push_back(y);
      cases.points.push_back({static_cast<double>(x), static_cast<double>(y)});
    }
    cases.points.push_back({0.0, 0.0});
  }
  return cases;
}

// Near-degenerate cases, where the filters fail and the exact paths run:
// c = a + t (b - a) rounded for Orient2D; four rounded points of the unit
// circle ((1 - s^2) / (1 + s^2), 2s / (1 + s^2)) for InCircle.
Cases MakeNearDegenerate(bool circle) {
  std::mt19937_64 rng(kSeed + 2);
  std::uniform_real_distribution<double> coord(-1.0, 1.0);
  Cases cases;
  for (int i = 0; i < kSmall; ++i) {
    Vector2D p[4];
    if (!circle) {
      p[0] = {coord(rng), coord(rng)};
      p[1] = {coord(rng), coord(rng)};
      double t = coord(rng);
      p[2] = {p[0].x + t * (p[1].x - p[0].x), p[0].y + t * (p[1].y - p[0].y)};
    } else {
      for (auto& v : p) {
        double s = 4.0 * coord(rng);
        v = {(1.0 - s * s) / (1.0 + s * s), 2.0 * s / (1.0 + s * s)};
      }
    }
    cases.points.insert(cases.points.end(), p, p + 4);
  }
  return cases;
}

const Cases& Random() {
  static const Cases cases = MakeRandom();
  return cases;
}

const Cases& Grid() {
  static const Cases cases = MakeGrid();
  return cases;
}

const Cases& NearCollinear() {
  static const Cases cases = MakeNearDegenerate(false);
  return cases;
}

const Cases& NearCocircular() {
  static const Cases cases = MakeNearDegenerate(true);
  return cases;
}

using OrientFn = int (*)(Vector2D, Vector2D, Vector2D);
using InCircleFn = int (*)(Vector2D, Vector2D, Vector2D, Vector2D);

// The number of cases is the benchmark's argument.
void Finish(benchmark::State& state) {
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.counters["cases"] = static_cast<double>(state.range(0));
}

void RunOrient(benchmark::State& state, OrientFn f, const Cases& cases) {
  const Vector2D* p = cases.points.data();
  const int n = static_cast<int>(state.range(0));
  int acc = 0;
  for (auto _ : state) {
    for (int i = 0; i < n; ++i) acc += f(p[4 * i], p[4 * i + 1], p[4 * i + 2]);
    benchmark::DoNotOptimize(acc);
  }
  Finish(state);
}

void RunInCircle(benchmark::State& state, InCircleFn f, const Cases& cases) {
  const Vector2D* p = cases.points.data();
  const int n = static_cast<int>(state.range(0));
  int acc = 0;
  for (auto _ : state) {
    for (int i = 0; i < n; ++i) {
      acc += f(p[4 * i], p[4 * i + 1], p[4 * i + 2], p[4 * i + 3]);
    }
    benchmark::DoNotOptimize(acc);
  }
  Finish(state);
}

// pred.orient2d / pred.incircle: filtered and plain on the same cases.
void BM_Orient2DPlain(benchmark::State& state) {
  RunOrient(state, onepath::bench::PlainOrient2D, Random());
}
void BM_Orient2D(benchmark::State& state) { RunOrient(state, onepath::exact::Orient2D, Random()); }
void BM_InCirclePlain(benchmark::State& state) {
  RunInCircle(state, onepath::bench::PlainInCircle, Random());
}
void BM_InCircle(benchmark::State& state) {
  RunInCircle(state, onepath::exact::InCircle, Random());
}

// pred.orient2d.int against the double Orient2D on the same grid points.
void BM_Orient2DGridDouble(benchmark::State& state) {
  RunOrient(state, onepath::exact::Orient2D, Grid());
}
void BM_Orient2DGridInt(benchmark::State& state) {
  const std::int64_t* v = Grid().ints.data();
  const int n = static_cast<int>(state.range(0));
  int acc = 0;
  for (auto _ : state) {
    for (int i = 0; i < n; ++i) {
      const std::int64_t* c = v + 6 * i;
      acc += onepath::exact::Orient2DInt(c[0], c[1], c[2], c[3], c[4], c[5]);
    }
    benchmark::DoNotOptimize(acc);
  }
  Finish(state);
}

// pred.exact, for information: the exact paths alone on the random cases,
// and the filtered functions on cases where their filters fail.
void BM_Orient2DExact(benchmark::State& state) {
  RunOrient(state, onepath::exact::Orient2DExact, Random());
}
void BM_InCircleExact(benchmark::State& state) {
  RunInCircle(state, onepath::exact::InCircleExact, Random());
}
void BM_Orient2DNearCollinear(benchmark::State& state) {
  RunOrient(state, onepath::exact::Orient2D, NearCollinear());
}
void BM_InCircleNearCocircular(benchmark::State& state) {
  RunInCircle(state, onepath::exact::InCircle, NearCocircular());
}

BENCHMARK(BM_Orient2DPlain)->Arg(kSmall)->Arg(kLarge);
BENCHMARK(BM_Orient2D)->Arg(kSmall)->Arg(kLarge);
BENCHMARK(BM_InCirclePlain)->Arg(kSmall)->Arg(kLarge);
BENCHMARK(BM_InCircle)->Arg(kSmall)->Arg(kLarge);
BENCHMARK(BM_Orient2DGridDouble)->Arg(kSmall)->Arg(kLarge);
BENCHMARK(BM_Orient2DGridInt)->Arg(kSmall)->Arg(kLarge);
// The slow ones on the small set only.
BENCHMARK(BM_Orient2DExact)->Arg(kSmall);
BENCHMARK(BM_InCircleExact)->Arg(kSmall);
BENCHMARK(BM_Orient2DNearCollinear)->Arg(kSmall);
BENCHMARK(BM_InCircleNearCocircular)->Arg(kSmall);

}  // namespace

BENCHMARK_MAIN();
