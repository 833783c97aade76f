// Benchmark of the build's shrink (shrink.*) and of Region::Offset
// (offset.*) on the noisy tile map, with Clipper 6.4.2's ClipperOffset
// (Debian libpolyclipping) doing the same job in the same run.
//
// Input, per map side s (the argument: 256, 512, 1024): the noisy tile map
// of s x s cells (conformance/generators/noisy_tilemap.hpp, seed 1, cell
// 0.25; a map of side s is the corner of the 1024^2 map), SnapBits 16, and
// A = Region::FromTileMap(map, origin (0, 0)), made once per side outside
// the timed loop. Clipper's input is A's rings as paths (grid units: the
// scale 2^16 of SnapBits 16), also made outside the timed loop.
//
// Cases (radius 1.0 public unit = 2^16 grid units):
//  shrink             Mesh2DPipeline::Shrink(A, CellSize 0.25, AgentRadius
//                     1.0): arc tolerance 0.0825 (shrink.arc-tolerance),
//                     so m = 8 vertices per circle (offset.vertex-count);
//  clipper_round_m8   ClipperOffset: AddPaths(A's rings, jtRound,
//                     etClosedPolygon), Execute(solution, -2^16), its own
//                     union included; ArcTolerance 2^16 (1 - cos(pi / 8)),
//                     so that Clipper takes 8 steps per circle;
//  clipper_round_tol  the same with the shrink's tolerance literally,
//                     ArcTolerance 0.0825 x 2^16 (Clipper's vertices lie on
//                     the circle and its tolerance bounds the chords' depth,
//                     so this gives it about 7.7 steps per circle);
//  offset_round       A.Offset(-1.0, Round, 0.0825) (m = 8), for information;
//  offset_square      A.Offset(-1.0, Square, 0.0825), for information;
//  shrink_pieces      the shrink's construction handed over whole:
//                     RegionAccess::FromEdges(A's edges as operand 0 and the
//                     edges of the closed pieces of gen::ShrinkPieces as
//                     operand 1, Difference), the same bytes as shrink
//                     (shrink.edges); the edges are made outside the timed
//                     loop;
//  clipper_pieces     Clipper doing that same job: Clipper::Execute
//                     (ctDifference, A's rings as subject, the same pieces
//                     as clip, pftNonZero for both); the paths are made
//                     outside the timed loop. With shrink_pieces it says
//                     how the two engines compare on one set of pieces,
//                     apart from how many pieces each construction makes.
// Every timed call includes freeing its result.
//
// Times: Google Benchmark's CPU time. Memory: after the timed runs of each
// benchmark, a fresh child process (this program with
// --peak-memory=<case>/<side>, bench_support.hpp) makes the input, frees
// what its case does not read, and runs the call once: peak RSS (input
// included) and the call's own increase.
//
// Extra flags (taken out of argv before Google Benchmark reads the rest):
//  --max_side=N         skip map sides above N (default 1024)
//  --offset_max_side=N  run offset_round and offset_square at sides up to N
//                       only (default 1024)
//  --check              print, per side, the input's size and every case's
//                       rings, vertices, doubled area and vertices per
//                       circle as JSON
//  --hashes             print the SHA-256 of the canonical bytes of Shrink,
//                       Offset, Union and Difference results on crops of the
//                       map (one line each, "<name> <hash>"): the outputs
//                       that performance work must leave bit for bit as
//                       they were (compare two builds' lists with diff)
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>
#include <numbers>
#include <polyclipping/clipper.hpp>
#include <string>
#include <vector>

#include "conformance/generators/noisy_tilemap.hpp"
#include "conformance/generators/shrink_pieces.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/geom2d/internal/offset.hpp"
#include "onepath/geom2d/internal/region_access.hpp"
#include "onepath/geom2d/internal/shrink.hpp"
#include "onepath/geom2d/pipeline.hpp"
#include "onepath/geom2d/region.hpp"
#include "tools/bench/bench_support.hpp"

namespace {

using onepath::bench::DecimalString;
using onepath::bench::DoubledArea;
using onepath::bench::RingCount;
using onepath::bench::TileMapRegion;
using onepath::bench::VertexCount;
using onepath::geom2d::FaceRule;
using onepath::geom2d::Mesh2DPipeline;
using onepath::geom2d::Mesh2DSettings;
using onepath::geom2d::OffsetJoin;
using onepath::geom2d::Region;
using onepath::geom2d::RegionAccess;
using onepath::geom2d::TaggedEdge;

constexpr std::uint64_t kMapSeed = 1;
constexpr double kCellSize = 0.25;
constexpr int kSnapBits = 16;
constexpr double kRadius = 1.0;
constexpr double kScale = 65536.0;  // 2^kSnapBits
const Mesh2DSettings kSettings{.CellSize = kCellSize, .AgentRadius = kRadius};
const std::vector<int> kMapSides = {256, 512, 1024};

enum class Case {
  kShrink,
  kClipperM8,
  kClipperTol,
  kOffsetRound,
  kOffsetSquare,
  kShrinkPieces,
  kClipperPieces
};

// In the order of Case.
const char* const kCaseNames[] = {"shrink",        "clipper_round_m8", "clipper_round_tol",
                                  "offset_round",  "offset_square",    "shrink_pieces",
                                  "clipper_pieces"};
static_assert(std::size(kCaseNames) == static_cast<std::size_t>(Case::kClipperPieces) + 1);

bool IsClipper(Case c) {
  return c == Case::kClipperM8 || c == Case::kClipperTol || c == Case::kClipperPieces;
}
bool IsOffset(Case c) { return c == Case::kOffsetRound || c == Case::kOffsetSquare; }

// The shrink's arc tolerance (shrink.arc-tolerance), public units.
double ShrinkTolerance() { return Mesh2DPipeline::ShrinkArcTolerance(kSettings); }

// Clipper's ArcTolerance (grid units) for a case.
double ClipperArcTolerance(Case c) {
  const double delta = kRadius * kScale;
  if (c == Case::kClipperM8) return delta * (1.0 - std::cos(std::numbers::pi / 8.0));
  return ShrinkTolerance() * kScale;
}

// Clipper 6.4.2's steps per full circle for a tolerance y (ClipperOffset::
// DoOffset: y capped at |delta| / 4, steps = pi / acos(1 - y / |delta|)).
double ClipperStepsPerCircle(double y) {
  const double delta = kRadius * kScale;
  y = std::min(y, delta * 0.25);
  return std::numbers::pi / std::acos(1.0 - y / delta);
}

ClipperLib::Paths ClipperRoundShrink(const ClipperLib::Paths& paths, double arcTolerance) {
  ClipperLib::ClipperOffset offset;
  offset.ArcTolerance = arcTolerance;
  offset.AddPaths(paths, ClipperLib::jtRound, ClipperLib::etClosedPolygon);
  ClipperLib::Paths solution;
  offset.Execute(solution, -kRadius * kScale);
  return solution;
}

ClipperLib::Paths ClipperDifference(const ClipperLib::Paths& subject,
                                    const ClipperLib::Paths& clip) {
  ClipperLib::Clipper clipper;
  clipper.AddPaths(subject, ClipperLib::ptSubject, true);
  clipper.AddPaths(clip, ClipperLib::ptClip, true);
  ClipperLib::Paths solution;
  clipper.Execute(ClipperLib::ctDifference, solution, ClipperLib::pftNonZero,
                  ClipperLib::pftNonZero);
  return solution;
}

// --- inputs ------------------------------------------------------------------

// One side's inputs, each made when a case first needs it.
struct Inputs {
  explicit Inputs(int side)
      : map(onepath::gen::MakeNoisyTileMap(kMapSeed, side, side, kCellSize)),
        a(TileMapRegion(map, {0.0, 0.0}, kSnapBits)) {}

  onepath::gen::TileMap map;
  Region a;
  std::unique_ptr<ClipperLib::Paths> paths;
  // The shrink's pieces (gen::ShrinkPieces), as Clipper's paths and, with
  // A's edges as operand 0, as our edges.
  std::unique_ptr<ClipperLib::Paths> piece_paths;
  std::unique_ptr<std::vector<TaggedEdge>> piece_edges;

  const ClipperLib::Paths& Paths() {
    if (!paths) paths = std::make_unique<ClipperLib::Paths>(onepath::bench::ToPaths(a.Rings()));
    return *paths;
  }

  const ClipperLib::Paths& PiecePaths() {
    if (!piece_paths)
      piece_paths = std::make_unique<ClipperLib::Paths>(
          onepath::bench::ToPaths(onepath::gen::ShrinkPieces(a, kSettings)));
    return *piece_paths;
  }

  const std::vector<TaggedEdge>& PieceEdges() {
    if (!piece_edges)
      piece_edges =
          std::make_unique<std::vector<TaggedEdge>>(onepath::gen::ShrinkPieceEdges(a, kSettings));
    return *piece_edges;
  }

  // Makes what case c reads besides the region.
  void Prepare(Case c) {
    if (IsClipper(c)) Paths();
    if (c == Case::kClipperPieces) PiecePaths();
    if (c == Case::kShrinkPieces) PieceEdges();
  }

  // Makes what case c reads and frees the rest (the region, when the call
  // does not read it), so that a child's peak RSS counts the call's own
  // input only.
  void KeepOnly(Case c) {
    map.cells = {};
    Prepare(c);
    if (IsClipper(c) || c == Case::kShrinkPieces) a = Region();
    if (!IsClipper(c)) paths.reset();
    malloc_trim(0);
  }
};

Inputs& InputsFor(int side) { return onepath::bench::InputsFor<Inputs>(side); }

// --- the calls ---------------------------------------------------------------

// Runs case c once and passes its output (a Region or Clipper's paths) to
// `use`, before it is freed.
template <typename Use>
void RunCase(Case c, Inputs& in, Use&& use) {
  switch (c) {
    case Case::kShrink:
      return use(Mesh2DPipeline::Shrink(in.a, kSettings));
    case Case::kClipperM8:
    case Case::kClipperTol:
      return use(ClipperRoundShrink(in.Paths(), ClipperArcTolerance(c)));
    case Case::kOffsetRound:
      return use(in.a.Offset(-kRadius, OffsetJoin::kRound, ShrinkTolerance()));
    case Case::kOffsetSquare:
      return use(in.a.Offset(-kRadius, OffsetJoin::kSquare, ShrinkTolerance()));
    case Case::kShrinkPieces:
      return use(RegionAccess::FromEdges(in.PieceEdges(), FaceRule::kDifference, kSnapBits));
    case Case::kClipperPieces:
      return use(ClipperDifference(in.Paths(), in.PiecePaths()));
  }
}

// Vertices per full circle: ours from offset.vertex-count, Clipper's from
// its tolerance; 0 for the square join.
double PerCircle(Case c) {
  if (c == Case::kClipperM8 || c == Case::kClipperTol)
    return ClipperStepsPerCircle(ClipperArcTolerance(c));
  if (c == Case::kOffsetSquare) return 0.0;
  return onepath::geom2d::ArcVertexCount(kRadius * kScale, ShrinkTolerance(), kSnapBits);
}

struct Output {
  std::size_t rings = 0, vertices = 0;
};

Output RunOnce(Case c, Inputs& in) {
  Output out;
  RunCase(c, in, [&](const auto& result) { out = {RingCount(result), VertexCount(result)}; });
  return out;
}

// --- memory ------------------------------------------------------------------

// Child mode: --peak-memory=<case>/<side>. Prints "before_kb peak_kb".
int PeakMemoryChild(const std::string& spec) {
  Case c;
  int side = 0;
  if (!onepath::bench::ParseMemorySpec(kCaseNames, spec, c, side)) return 2;
  Inputs in(side);
  in.KeepOnly(c);
  return onepath::bench::MeasureCallInChild(
      [&] { benchmark::DoNotOptimize(RunOnce(c, in).vertices); });
}

// --- benchmarks --------------------------------------------------------------

void BM_Case(benchmark::State& state, Case c) {
  const int side = static_cast<int>(state.range(0));
  Inputs& in = InputsFor(side);
  in.Prepare(c);
  Output out;
  for (auto _ : state) {
    out = RunOnce(c, in);
    benchmark::DoNotOptimize(out.vertices);
  }
  state.counters["input_vertices"] = static_cast<double>(VertexCount(in.a));
  state.counters["output"] = static_cast<double>(out.vertices);
  state.counters["rings"] = static_cast<double>(out.rings);
  state.counters["per_circle"] = PerCircle(c);
  onepath::bench::SetMemoryCounters(
      state, onepath::bench::PeakMemory(onepath::bench::MemorySpec(kCaseNames, c, side)));
}

// --- --check and --hashes ----------------------------------------------------

// Prints one JSON object per side (a list).
int Check(int max_side, int offset_max_side) {
  std::printf("[");
  bool first_side = true;
  for (int side : kMapSides) {
    if (side > max_side) continue;
    Inputs in(side);
    std::printf(
        "%s\n{\"side\": %d, \"rings\": %zu, \"vertices\": %zu, \"doubled_area\": \"%s\", "
        "\"cases\": [",
        first_side ? "" : ",", side, in.a.Rings().size(), VertexCount(in.a),
        DecimalString(in.a.DoubledArea()).c_str());
    first_side = false;
    for (std::size_t k = 0; k < std::size(kCaseNames); ++k) {
      const Case c = static_cast<Case>(k);
      if (IsOffset(c) && side > offset_max_side) continue;
      RunCase(c, in, [&](const auto& out) {
        std::printf(
            "%s\n  {\"case\": \"%s\", \"rings\": %zu, \"vertices\": %zu, "
            "\"doubled_area\": \"%s\", \"per_circle\": %.3f}",
            k == 0 ? "" : ",", kCaseNames[k], RingCount(out), VertexCount(out),
            DecimalString(DoubledArea(out)).c_str(), PerCircle(c));
      });
      std::fflush(stdout);
    }
    std::printf("]}");
  }
  std::printf("\n]\n");
  return 0;
}

void PrintHash(const std::string& name, const std::vector<std::uint8_t>& bytes) {
  std::printf("%s %s\n", name.c_str(), onepath::Sha256Hex(bytes).c_str());
  std::fflush(stdout);
}

// The outputs performance work must not change: Shrink at three radii
// (m = 8 and 16), Offset grow and shrink with both joins, and Union and
// Difference of A and B = A shifted by (0.3, 0.2), on crops of the map.
int Hashes(int max_side) {
  const onepath::gen::TileMap full =
      onepath::gen::MakeNoisyTileMap(kMapSeed, 1024, 1024, kCellSize);
  const double tol = ShrinkTolerance();
  for (int side : {64, 128, 256, 512, 1024}) {
    if (side > max_side) continue;
    const onepath::gen::TileMap map = onepath::gen::CropTileMap(full, side, side);
    const Region a = TileMapRegion(map, {0.0, 0.0}, kSnapBits);
    char at_text[16];
    std::snprintf(at_text, sizeof at_text, "/%d", side);
    const std::string at = at_text;
    PrintHash("tilemap" + at, CanonicalBytes(a));
    PrintHash("shrink_r1" + at, CanonicalBytes(Mesh2DPipeline::Shrink(a, kSettings)));
    PrintHash("offset_round_-1" + at, CanonicalBytes(a.Offset(-1.0, OffsetJoin::kRound, tol)));
    PrintHash("offset_square_-1" + at, CanonicalBytes(a.Offset(-1.0, OffsetJoin::kSquare, tol)));
    if (side > 512) continue;
    PrintHash("shrink_r0.5" + at,
              CanonicalBytes(Mesh2DPipeline::Shrink(a, {.CellSize = 0.25, .AgentRadius = 0.5})));
    PrintHash("shrink_r2" + at,
              CanonicalBytes(Mesh2DPipeline::Shrink(a, {.CellSize = 0.25, .AgentRadius = 2.0})));
    PrintHash("offset_round_+0.5" + at, CanonicalBytes(a.Offset(0.5, OffsetJoin::kRound, tol)));
    PrintHash("offset_square_+0.5" + at, CanonicalBytes(a.Offset(0.5, OffsetJoin::kSquare, tol)));
    PrintHash("offset_round_-0.3_fine" + at,
              CanonicalBytes(a.Offset(-0.3, OffsetJoin::kRound, 0.001)));
    const Region b = TileMapRegion(map, {0.3, 0.2}, kSnapBits);
    PrintHash("shrink_r1_b" + at, CanonicalBytes(Mesh2DPipeline::Shrink(b, kSettings)));
    PrintHash("union" + at, CanonicalBytes(a.Union(b)));
    PrintHash("difference" + at, CanonicalBytes(a.Difference(b)));
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string value;
  if (onepath::bench::TakeFlag(argc, argv, "peak-memory", value)) return PeakMemoryChild(value);
  long max_side = 1024, offset_max_side = 1024;
  if (onepath::bench::TakeFlag(argc, argv, "max_side", value)) max_side = std::atol(value.c_str());
  if (onepath::bench::TakeFlag(argc, argv, "offset_max_side", value))
    offset_max_side = std::atol(value.c_str());
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--check") == 0)
      return Check(static_cast<int>(max_side), static_cast<int>(offset_max_side));
    if (std::strcmp(argv[i], "--hashes") == 0) return Hashes(static_cast<int>(max_side));
  }

  for (std::size_t k = 0; k < std::size(kCaseNames); ++k) {
    const Case c = static_cast<Case>(k);
    const std::string bm = std::string("BM_") + kCaseNames[k];
    for (int side : kMapSides) {
      if (side > max_side || (IsOffset(c) && side > offset_max_side)) continue;
      benchmark::RegisterBenchmark(bm.c_str(), BM_Case, c)
          ->Arg(side)
          ->Unit(benchmark::kMillisecond);
    }
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
