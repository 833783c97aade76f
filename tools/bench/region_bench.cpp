// Benchmarks of regions (region.*): Region::FromTileMap and the boolean
// operations on the noisy tile map, with Clipper 6.4.2 (Debian
// libpolyclipping) and CGAL 5.5.1's Polygon_set_2 doing the same jobs in the
// same run.
//
// Input, per map side s (the argument: 128, 256, 512, 1024): the noisy tile
// map of s x s cells (conformance/generators/noisy_tilemap.hpp, seed 1,
// cell 0.25; a map of side s is the corner of the 1024^2 map), SnapBits 16.
// A = FromTileMap(map at origin (0, 0)), B = FromTileMap(the same map at
// origin (0.3, 0.2)): a shift that is not a multiple of the cell, so A's and
// B's edges cross. All made once per side, outside the timed loop.
//
// Cases, in pairs doing the same job:
//  region_tilemap      Region::FromTileMap(cells) (that is, A);
//  clipper_cells       Clipper's union (ctUnion, pftNonZero) of the solid
//                      cells as squares (the same input: the cells);
//  clipper_rings       Clipper's union of A's rings (Clipper's cheapest form
//                      of the same job: the boundary already traced);
//  region_union        A.Union(B);
//  clipper_union       Clipper's ctUnion of A's rings (subject) and B's
//                      rings (clip), pftNonZero;
//  region_difference   A.Difference(B);
//  clipper_difference  Clipper's ctDifference of the same;
//  cgal_cells          CGAL's Polygon_set_2 (Epeck): the one-pass join of
//                      the solid cells as squares (the input of
//                      clipper_cells);
//  cgal_union          CGAL: A's and B's polygon sets, each built from its
//                      rings (the one-pass symmetric difference of the rings
//                      as counter-clockwise polygons: their even-odd region),
//                      then A.join(B);
//  cgal_difference     the same with A.difference(B).
// Clipper's input paths and CGAL's input polygons are made outside the
// timed loop; the timed call is Clipper's AddPaths and Execute, and CGAL's
// building of its polygon sets and the operation. Each timed call includes
// freeing its result (for CGAL: the sets).
//
// CGAL runs only at sides up to --cgal_max_side, with its assertions on
// (cgal_polygon_set_peer.cpp), each run in a forked child and timed there
// (CPU time, reported as manual time; the operation alone as the counter
// op_s); a run that crashes or throws is reported as a failed benchmark.
//
// Every edge is axis-parallel and crossings fall on grid points, so no
// operation rounds anything: each peer's result has exactly the doubled
// area of ours (Region::DoubledArea against the shoelace sum of Clipper's
// integer paths, or CGAL's exact area). --check verifies that once per side.
//
// Times: Google Benchmark's CPU time. Memory: after the timed runs of each
// benchmark, a fresh child process (this program with
// --peak-memory=<case>/<side>, bench_support.hpp) makes the input and runs
// the call once: peak RSS (input included) and the call's own increase.
//
// Extra flags (taken out of argv before Google Benchmark reads the rest):
//  --max_side=N       skip map sides above N (default 1024)
//  --cgal_max_side=N  run CGAL at sides up to N only (default 256; 0: never)
//  --check            print, per side, the input's size and every pair's
//                     doubled areas and vertex counts as JSON; exit 1 when an
//                     area differs or a CGAL run fails
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <memory>
#include <polyclipping/clipper.hpp>
#include <span>
#include <string>
#include <vector>

#include "conformance/generators/noisy_tilemap.hpp"
#include "onepath/geom2d/region.hpp"
#include "tools/bench/bench_support.hpp"
#include "tools/bench/cgal_polygon_set_peer.hpp"

namespace {

using onepath::Int128;
using onepath::bench::CgalPolygonSetPeer;
using onepath::bench::CgalSetOp;
using onepath::bench::ChildReport;
using onepath::bench::ClipperExecute;
using onepath::bench::DecimalString;
using onepath::bench::DoubledArea;
using onepath::bench::RingCount;
using onepath::bench::TileMapRegion;
using onepath::bench::VertexCount;
using onepath::geom2d::Region;
using onepath::geom2d::Ring;

constexpr std::uint64_t kMapSeed = 1;
constexpr double kCellSize = 0.25;
constexpr int kSnapBits = 16;
constexpr onepath::Vector2D kOriginA{0.0, 0.0};
constexpr onepath::Vector2D kOriginB{0.3, 0.2};
const std::vector<int> kMapSides = {128, 256, 512, 1024};

enum class Case {
  kTileMap,
  kClipperCells,
  kClipperRings,
  kUnion,
  kClipperUnion,
  kDifference,
  kClipperDifference,
  kCgalCells,
  kCgalUnion,
  kCgalDifference
};

// In the order of Case.
const char* const kCaseNames[] = {
    "region_tilemap",    "clipper_cells",      "clipper_rings", "region_union", "clipper_union",
    "region_difference", "clipper_difference", "cgal_cells",    "cgal_union",   "cgal_difference"};
static_assert(std::size(kCaseNames) == static_cast<std::size_t>(Case::kCgalDifference) + 1);

const char* CaseName(Case c) { return onepath::bench::NameOf(kCaseNames, c); }

bool IsCgal(Case c) {
  return c == Case::kCgalCells || c == Case::kCgalUnion || c == Case::kCgalDifference;
}

CgalSetOp CgalOp(Case c) {
  return c == Case::kCgalCells   ? CgalSetOp::kJoinAll
         : c == Case::kCgalUnion ? CgalSetOp::kUnion
                                 : CgalSetOp::kDifference;
}

// --- inputs ------------------------------------------------------------------

// One side's inputs, each made when a case first needs it.
struct Inputs {
  explicit Inputs(int side)
      : map(onepath::gen::MakeNoisyTileMap(kMapSeed, side, side, kCellSize)) {}

  onepath::gen::TileMap map;
  std::unique_ptr<Region> a, b;
  std::unique_ptr<ClipperLib::Paths> squares, a_paths, b_paths;
  // CGAL's input polygons: the squares (cgal_cells), A's and B's rings.
  std::unique_ptr<CgalPolygonSetPeer> cgal_cells, cgal_ab;

  const Region& A() {
    if (!a) a = std::make_unique<Region>(TileMapRegion(map, kOriginA, kSnapBits));
    return *a;
  }
  const Region& B() {
    if (!b) b = std::make_unique<Region>(TileMapRegion(map, kOriginB, kSnapBits));
    return *b;
  }
  const ClipperLib::Paths& Squares() {
    if (!squares) squares = std::make_unique<ClipperLib::Paths>(onepath::bench::CellSquares(map));
    return *squares;
  }
  const ClipperLib::Paths& APaths() {
    if (!a_paths)
      a_paths = std::make_unique<ClipperLib::Paths>(onepath::bench::ToPaths(A().Rings()));
    return *a_paths;
  }
  const ClipperLib::Paths& BPaths() {
    if (!b_paths)
      b_paths = std::make_unique<ClipperLib::Paths>(onepath::bench::ToPaths(B().Rings()));
    return *b_paths;
  }
  // The peer of a CGAL case.
  CgalPolygonSetPeer& Peer(Case c) {
    if (c == Case::kCgalCells) {
      if (!cgal_cells) {
        std::vector<Ring> rings;
        rings.reserve(Squares().size());
        for (const ClipperLib::Path& square : Squares()) {
          Ring& ring = rings.emplace_back();
          for (const ClipperLib::IntPoint& p : square) ring.push_back({p.X, p.Y});
        }
        cgal_cells = std::make_unique<CgalPolygonSetPeer>(rings, std::span<const Ring>{});
      }
      return *cgal_cells;
    }
    if (!cgal_ab) cgal_ab = std::make_unique<CgalPolygonSetPeer>(A().Rings(), B().Rings());
    return *cgal_ab;
  }

  std::size_t SolidCells() const {
    std::size_t n = 0;
    for (std::uint8_t cell : map.cells) n += cell != 0;
    return n;
  }

  // Makes what case c reads; returns its number of input vertices (a cell
  // counts 4, a region its rings' vertices).
  std::size_t Prepare(Case c) {
    switch (c) {
      case Case::kTileMap:
        return 4 * SolidCells();
      case Case::kClipperCells:
        return VertexCount(Squares());
      case Case::kClipperRings:
        return VertexCount(APaths());
      case Case::kUnion:
      case Case::kDifference:
        return VertexCount(A().Rings()) + VertexCount(B().Rings());
      case Case::kClipperUnion:
      case Case::kClipperDifference:
        return VertexCount(APaths()) + VertexCount(BPaths());
      case Case::kCgalCells:
        Peer(c);
        return VertexCount(Squares());
      case Case::kCgalUnion:
      case Case::kCgalDifference:
        Peer(c);
        return VertexCount(A().Rings()) + VertexCount(B().Rings());
    }
    return 0;
  }

  // Frees what case c does not read (the regions Clipper's paths or CGAL's
  // polygons were made from), so that a child's peak RSS counts the call's
  // input only.
  void KeepOnly(Case c) {
    if (c != Case::kClipperCells) squares.reset();
    if (c != Case::kUnion && c != Case::kDifference) a.reset(), b.reset();
    if (c != Case::kClipperRings && c != Case::kClipperUnion && c != Case::kClipperDifference)
      a_paths.reset();
    if (c != Case::kClipperUnion && c != Case::kClipperDifference) b_paths.reset();
    if (c != Case::kCgalCells) cgal_cells.reset();
    if (c != Case::kCgalUnion && c != Case::kCgalDifference) cgal_ab.reset();
    malloc_trim(0);
  }
};

// The inputs of every side run so far (about 70 MB at side 1024, most of
// it the cells as Clipper squares).
Inputs& InputsFor(int side) { return onepath::bench::InputsFor<Inputs>(side); }

// --- the calls ---------------------------------------------------------------

// Runs case c once on prepared inputs and passes its output (a Region or
// Clipper's paths) to `use`, before it is freed.
template <typename Use>
void RunCase(Case c, Inputs& in, Use&& use) {
  switch (c) {
    case Case::kTileMap:
      return use(TileMapRegion(in.map, kOriginA, kSnapBits));
    case Case::kClipperCells:
      return use(ClipperExecute(ClipperLib::ctUnion, *in.squares));
    case Case::kClipperRings:
      return use(ClipperExecute(ClipperLib::ctUnion, *in.a_paths));
    case Case::kUnion:
      return use(in.a->Union(*in.b));
    case Case::kClipperUnion:
      return use(ClipperExecute(ClipperLib::ctUnion, *in.a_paths, *in.b_paths));
    case Case::kDifference:
      return use(in.a->Difference(*in.b));
    case Case::kClipperDifference:
      return use(ClipperExecute(ClipperLib::ctDifference, *in.a_paths, *in.b_paths));
    case Case::kCgalCells:
    case Case::kCgalUnion:
    case Case::kCgalDifference:
      break;  // RunCgal
  }
}

// Runs a CGAL case once on prepared inputs: builds the polygon sets, runs
// the operation (its CPU time in *op_seconds) and frees the sets; *summary,
// when given, gets the result's summary before it is freed.
void RunCgal(Case c, Inputs& in, double* op_seconds = nullptr,
             onepath::bench::CgalSetSummary* summary = nullptr) {
  CgalPolygonSetPeer& peer = in.Peer(c);
  const CgalSetOp op = CgalOp(c);
  peer.BuildOperands(op);
  const double start = onepath::bench::CpuSeconds();
  peer.Operate(op);
  if (op_seconds) *op_seconds = onepath::bench::CpuSeconds() - start;
  if (summary) *summary = peer.Summarize();
  peer.Free();
}

std::size_t RunOnce(Case c, Inputs& in) {
  if (IsCgal(c)) return RunCgal(c, in), 0;
  std::size_t vertices = 0;
  RunCase(c, in, [&](const auto& out) { vertices = VertexCount(out); });
  return vertices;
}

// --- memory ------------------------------------------------------------------

// Child mode: --peak-memory=<case>/<side>. Prints "before_kb peak_kb".
int PeakMemoryChild(const std::string& spec) {
  Case c;
  int side = 0;
  if (!onepath::bench::ParseMemorySpec(kCaseNames, spec, c, side)) return 2;
  Inputs in(side);
  in.Prepare(c);
  in.KeepOnly(c);
  return onepath::bench::MeasureCallInChild([&] { benchmark::DoNotOptimize(RunOnce(c, in)); });
}

// --- benchmarks --------------------------------------------------------------

// The counters every case reports: the input's size and the memory.
void SetCounters(benchmark::State& state, Case c, int side, const Inputs& in,
                 std::size_t input_vertices) {
  state.counters["cells"] = static_cast<double>(in.SolidCells());
  state.counters["input_vertices"] = static_cast<double>(input_vertices);
  onepath::bench::SetMemoryCounters(
      state, onepath::bench::PeakMemory(onepath::bench::MemorySpec(kCaseNames, c, side)));
}

void BM_Case(benchmark::State& state, Case c) {
  const int side = static_cast<int>(state.range(0));
  Inputs& in = InputsFor(side);
  const std::size_t input_vertices = in.Prepare(c);
  std::size_t output = 0;
  for (auto _ : state) {
    output = RunOnce(c, in);
    benchmark::DoNotOptimize(output);
  }
  state.counters["output"] = static_cast<double>(output);
  SetCounters(state, c, side, in, input_vertices);
}

// A CGAL case: each iteration in a forked child, timed there.
void BM_Forked(benchmark::State& state, Case c) {
  const int side = static_cast<int>(state.range(0));
  Inputs& in = InputsFor(side);
  const std::size_t input_vertices = in.Prepare(c);
  const ChildReport report =
      onepath::bench::TimeForked(state, onepath::bench::MemorySpec(kCaseNames, c, side),
                                 [&](ChildReport& r) { RunCgal(c, in, &r.part_seconds); });
  state.counters["op_s"] = report.part_seconds;
  state.counters["wall_s"] = report.wall_seconds;
  SetCounters(state, c, side, in, input_vertices);
}

// --- --check -----------------------------------------------------------------

struct Summary {
  std::string area;  // doubled, exact
  std::size_t rings = 0, vertices = 0;
  std::string error;               // a CGAL run that failed: why
  std::size_t input_polygons = 0;  // CGAL's: rings, or loops of rings cut
};

// The text as a JSON string's contents (control characters as spaces).
std::string JsonText(const std::string& text) {
  std::string out;
  for (char ch : text) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += static_cast<unsigned char>(ch) < 0x20 ? ' ' : ch;
  }
  return out;
}

Summary Summarize(Case c, Inputs& in) {
  in.Prepare(c);
  Summary s;
  if (IsCgal(c)) {
    ChildReport report;
    const bool ok = onepath::bench::RunForked(
        [&](ChildReport& r) {
          onepath::bench::CgalSetSummary t;
          RunCgal(c, in, nullptr, &t);
          std::snprintf(r.text, sizeof r.text, "%s", t.doubled_area.c_str());
          r.rings = t.rings;
          r.result = t.vertices;
        },
        report, s.error);
    if (ok) s = {report.text, report.rings, report.result, ""};
    s.input_polygons = in.Peer(c).InputPolygons();
    return s;
  }
  RunCase(c, in, [&](const auto& out) {
    s = {DecimalString(DoubledArea(out)), RingCount(out), VertexCount(out), ""};
  });
  return s;
}

std::string Json(const Summary& s) {
  const std::string polygons =
      s.input_polygons ? ", \"input_polygons\": " + std::to_string(s.input_polygons) : "";
  if (!s.error.empty()) return "{\"error\": \"" + JsonText(s.error) + "\"" + polygons + "}";
  return "{\"doubled_area\": \"" + s.area + "\", \"rings\": " + std::to_string(s.rings) +
         ", \"vertices\": " + std::to_string(s.vertices) + polygons + "}";
}

Summary OfRegion(const Region& r) {
  return {DecimalString(r.DoubledArea()), r.Rings().size(), VertexCount(r.Rings()), ""};
}

// Prints one JSON object per side (a list); returns 1 when a peer's area
// differs from ours or a CGAL run failed. CGAL runs at sides up to
// cgal_max_side.
int Check(int max_side, int cgal_max_side) {
  const std::pair<Case, Case> kPairs[] = {
      {Case::kTileMap, Case::kClipperCells},     {Case::kTileMap, Case::kClipperRings},
      {Case::kUnion, Case::kClipperUnion},       {Case::kDifference, Case::kClipperDifference},
      {Case::kTileMap, Case::kCgalCells},        {Case::kUnion, Case::kCgalUnion},
      {Case::kDifference, Case::kCgalDifference}};
  int status = 0;
  std::printf("[");
  bool first_side = true;
  for (int side : kMapSides) {
    if (side > max_side) continue;
    Inputs in(side);
    std::printf("%s\n{\"side\": %d, \"solid_cells\": %zu, \"a\": %s, \"b\": %s, \"pairs\": [",
                first_side ? "" : ",", side, in.SolidCells(), Json(OfRegion(in.A())).c_str(),
                Json(OfRegion(in.B())).c_str());
    first_side = false;
    bool first_pair = true;
    for (const auto& [ours, peer] : kPairs) {
      if (IsCgal(peer) && side > cgal_max_side) continue;
      const Summary s = Summarize(ours, in), t = Summarize(peer, in);
      if (s.area != t.area || !t.error.empty()) status = 1;
      std::printf(
          "%s\n  {\"ours\": \"%s\", \"peer\": \"%s\", \"equal\": %s, \"ours_out\": %s, "
          "\"peer_out\": %s}",
          first_pair ? "" : ",", CaseName(ours), CaseName(peer),
          s.area == t.area ? "true" : "false", Json(s).c_str(), Json(t).c_str());
      first_pair = false;
    }
    std::printf("]}");
    std::fflush(stdout);
  }
  std::printf("\n]\n");
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  std::string value;
  if (onepath::bench::TakeFlag(argc, argv, "peak-memory", value)) return PeakMemoryChild(value);
  long max_side = 1024, cgal_max_side = 256;
  if (onepath::bench::TakeFlag(argc, argv, "max_side", value)) max_side = std::atol(value.c_str());
  if (onepath::bench::TakeFlag(argc, argv, "cgal_max_side", value))
    cgal_max_side = std::atol(value.c_str());
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--check") == 0)
      return Check(static_cast<int>(max_side), static_cast<int>(cgal_max_side));

  for (std::size_t k = 0; k < std::size(kCaseNames); ++k) {
    const Case c = static_cast<Case>(k);
    const std::string bm = std::string("BM_") + kCaseNames[k];
    for (int side : kMapSides) {
      if (side > max_side || (IsCgal(c) && side > cgal_max_side)) continue;
      auto* b = benchmark::RegisterBenchmark(bm.c_str(), IsCgal(c) ? BM_Forked : BM_Case, c);
      b->Arg(side)->Unit(benchmark::kMillisecond);
      // One call per repetition (--benchmark_repetitions applies).
      if (IsCgal(c)) b->UseManualTime()->Iterations(1);
    }
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
