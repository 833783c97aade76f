// Benchmark of the constrained Delaunay triangulation (cdt.*) and of the
// Build2D stages (pipeline.stages) on the noisy tile map, with CGAL 5.5.1
// doing the same jobs in the same run (cgal_cdt_peer.hpp).
//
// Inputs, made once outside the timed loop:
//  random points  n grid points (default 10^6) uniform in [0, 2^24)^2,
//                 std::mt19937_64 seeded 20261203, duplicates dropped and
//                 redrawn, sorted by (x, y) (cdt.input);
//  constraints    k of them (default 10^5) between those points, each from
//                 a point to a random point of the 3 x 3 cells around it
//                 (cells of side 2^24 / floor(sqrt(n)), 16 778 at 10^6),
//                 kept when it shares no endpoint with a kept one, holds
//                 no point but its ends and crosses no kept one (exact
//                 integer tests): noded as cdt.input asks;
//  tile map       the noisy tile map (conformance/generators/noisy_tilemap.hpp)
//                 of side s (default 1024), seed 1, cell 0.25, SnapBits 16,
//                 AgentRadius 1.0, MaxVerticesPerPolygon 6.
//
// Cases (argument: n points, or the map side):
//  cdt_points / cgal_points            ConstrainedDelaunay(points, {}) /
//      CGAL::Constrained_Delaunay_triangulation_2<Epick>::insert(range)
//      (spatial sort);
//  cdt_constrained / cgal_constrained  the same with the k constraints /
//      insert_constraints(points, index pairs) (spatial sort too);
//  region_tilemap, shrink, triangulate, partition, build   ours only:
//      Region::FromTileMap, Mesh2DPipeline::Shrink, Region::Triangulate of
//      the shrunk region, PartitionConvex of its triangles, and
//      Mesh2DPipeline::BuildFromTileMap (all four);
//  cdt_shrunk / cgal_shrunk            the CDT of the shrunk region's ring
//      vertices (sorted, distinct) with its ring edges as constraints:
//      triangulate.input, without Triangulate's face labelling;
//  partition_holefree / cgal_partition_holefree   the shrunk region's outer
//      rings that hold no hole and repeat no vertex (approx_convex_partition_2
//      takes a simple polygon without holes): ours is RegionAccess::FromRings of
//      those rings, PartitionConvex(6) (its Triangulate included); CGAL's is
//      approx_convex_partition_2 of each ring (its own triangulation
//      included). CGAL has no vertex limit per piece; --check also gives
//      our count with the limit 16. On the 1024^2 map at radius 1.0 the
//      shrunk region has no hole and no ring repeats a vertex (--check:
//      shrunk_holes, repeated_vertex), so both sides partition the whole
//      shrunk region, ring by ring on CGAL's side.
// Every timed call includes freeing its result.
//
// Times: Google Benchmark's CPU time, both sides in this process. Memory:
// a fresh child process per case (bench_support.hpp): peak RSS and the
// call's own increase; cdt_ratio.sh divides the latter by n.
//
// Extra flags (taken out of argv before Google Benchmark reads the rest):
//  --points=N       random points (default 1000000)
//  --constraints=K  constraints (default 100000)
//  --side=S         map side (default 1024), 0 for no map cases
//  --check          print as JSON: the inputs' sizes, both sides' output
//                   sizes, how many constraints are Delaunay edges already
//                   and the flips they take, the flips per inserted point
//                   (cdt.legalize) with the spec's order (cdt.order) and
//                   with plain (x, y) order
//                   (CdtOptions::insertionOrder), and the Build2D polygon
//                   counts with the octagon rule (shrink.arc-tolerance:
//                   0.0825, m = 8) and the quarter-cell rule (0.0625, m = 16)
//  --hashes         print the SHA-256 of what performance work on the CDT
//                   must not change, one line each ("<name> <hash>"): the
//                   canonical bytes (cdt.canonical), the slots in slot order
//                   and the flip and walk counts, of the random points with
//                   and without the constraints, the tile map region and the
//                   shrunk region (triangulate.input), and of full lattices
//                   (every point cocircular with many others)
#include <benchmark/benchmark.h>
#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>
#include <numeric>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "conformance/generators/noisy_tilemap.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/geom2d/cdt.hpp"
#include "onepath/geom2d/internal/cdt_mesh.hpp"
#include "onepath/geom2d/internal/offset.hpp"
#include "onepath/geom2d/internal/region_access.hpp"
#include "onepath/geom2d/pipeline.hpp"
#include "onepath/geom2d/region.hpp"
#include "tools/bench/bench_support.hpp"
#include "tools/bench/cgal_cdt_peer.hpp"

namespace {

using onepath::Int128;
using onepath::bench::VertexCount;
using onepath::geom2d::CdtConstraint;
using onepath::geom2d::CdtOptions;
using onepath::geom2d::ConstrainedDelaunay;
using onepath::geom2d::GridPoint;
using onepath::geom2d::Mesh2DPipeline;
using onepath::geom2d::Mesh2DSettings;
using onepath::geom2d::Region;
using onepath::geom2d::RegionAccess;
using onepath::geom2d::Ring;

constexpr std::uint64_t kPointSeed = 20261203;
constexpr std::int64_t kRange = std::int64_t{1} << 24;  // coordinates in [0, kRange)
constexpr std::uint64_t kMapSeed = 1;
constexpr double kCellSize = 0.25;
constexpr int kSnapBits = 16;
const Mesh2DSettings kSettings{.CellSize = kCellSize, .AgentRadius = 1.0};
// shrink.arc-tolerance gives max(C / 4, min(0.0825 r, C / 2)) = 0.0625, a
// quarter of the map's cell, for C = 0.125; Shrink reads no other CellSize.
const Mesh2DSettings kQuarterCellShrink{.CellSize = 0.125, .AgentRadius = 1.0};

long g_points = 1000000, g_constraints = 100000, g_side = 1024;

enum class Case {
  kCdtPoints,
  kCgalPoints,
  kCdtConstrained,
  kCgalConstrained,
  kRegionTileMap,
  kShrink,
  kTriangulate,
  kPartition,
  kBuild,
  kCdtShrunk,
  kCgalShrunk,
  kPartitionHoleFree,
  kCgalPartitionHoleFree
};

// In the order of Case.
const char* const kCaseNames[] = {"cdt_points",
                                  "cgal_points",
                                  "cdt_constrained",
                                  "cgal_constrained",
                                  "region_tilemap",
                                  "shrink",
                                  "triangulate",
                                  "partition",
                                  "build",
                                  "cdt_shrunk",
                                  "cgal_shrunk",
                                  "partition_holefree",
                                  "cgal_partition_holefree"};
static_assert(std::size(kCaseNames) == static_cast<std::size_t>(Case::kCgalPartitionHoleFree) + 1);

bool IsPointCase(Case c) { return c <= Case::kCgalConstrained; }
bool IsConstrained(Case c) { return c == Case::kCdtConstrained || c == Case::kCgalConstrained; }

// --- inputs ------------------------------------------------------------------

std::int64_t Orient(GridPoint a, GridPoint b, GridPoint c) {
  const std::int64_t d = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  return (d > 0) - (d < 0);
}

std::vector<GridPoint> RandomPoints(std::size_t n) {
  std::mt19937_64 rng(kPointSeed);
  std::uniform_int_distribution<std::int64_t> coordinate(0, kRange - 1);
  std::vector<GridPoint> points;
  while (points.size() < n) {
    while (points.size() < n) points.push_back({coordinate(rng), coordinate(rng)});
    std::sort(points.begin(), points.end());
    points.erase(std::unique(points.begin(), points.end()), points.end());
  }
  return points;
}

// Up to k noded constraints between nearby points (see the header).
std::vector<CdtConstraint> NodedConstraints(const std::vector<GridPoint>& points, std::size_t k) {
  const std::size_t n = points.size();
  // About one point per cell.
  const std::int64_t grid = std::max<std::int64_t>(1, std::sqrt(static_cast<double>(n)));
  const std::int64_t cell = (kRange + grid - 1) / grid;
  const std::size_t cells = static_cast<std::size_t>(grid * grid);
  auto CellOf = [&](GridPoint p) {
    return static_cast<std::size_t>(p.y / cell * grid + p.x / cell);
  };
  std::vector<std::uint32_t> start(cells + 1, 0), items(n);
  for (const GridPoint& p : points) ++start[CellOf(p) + 1];
  std::partial_sum(start.begin(), start.end(), start.begin());
  std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
  for (std::uint32_t i = 0; i < n; ++i) items[fill[CellOf(points[i])]++] = i;

  std::vector<std::vector<std::uint32_t>> segmentsIn(cells);
  std::vector<std::uint8_t> used(n, 0);
  std::vector<CdtConstraint> out;
  std::vector<std::uint32_t> order(n), near;
  std::iota(order.begin(), order.end(), 0u);
  std::mt19937_64 rng(kPointSeed + 1);
  std::shuffle(order.begin(), order.end(), rng);
  for (const std::uint32_t i : order) {
    if (out.size() >= k) break;
    if (used[i]) continue;
    const GridPoint a = points[i];
    const std::int64_t cx = a.x / cell, cy = a.y / cell;
    near.clear();
    for (std::int64_t y = std::max<std::int64_t>(cy - 1, 0);
         y <= std::min<std::int64_t>(cy + 1, grid - 1); ++y)
      for (std::int64_t x = std::max<std::int64_t>(cx - 1, 0);
           x <= std::min<std::int64_t>(cx + 1, grid - 1); ++x)
        for (std::uint32_t s = start[y * grid + x]; s < start[y * grid + x + 1]; ++s)
          if (items[s] != i && !used[items[s]]) near.push_back(items[s]);
    if (near.empty()) continue;
    const std::uint32_t j = near[rng() % near.size()];
    const GridPoint b = points[j];
    const std::int64_t x0 = std::min(a.x, b.x) / cell, x1 = std::max(a.x, b.x) / cell;
    const std::int64_t y0 = std::min(a.y, b.y) / cell, y1 = std::max(a.y, b.y) / cell;
    bool ok = true;
    for (std::int64_t y = y0; ok && y <= y1; ++y)
      for (std::int64_t x = x0; ok && x <= x1; ++x) {
        const auto at = static_cast<std::size_t>(y * grid + x);
        for (std::uint32_t s = start[at]; ok && s < start[at + 1]; ++s) {
          const GridPoint p = points[items[s]];
          // A point on the closed segment other than its ends.
          if (items[s] != i && items[s] != j && Orient(a, b, p) == 0 && p.x >= std::min(a.x, b.x) &&
              p.x <= std::max(a.x, b.x) && p.y >= std::min(a.y, b.y) && p.y <= std::max(a.y, b.y))
            ok = false;
        }
        // Ends are never shared and no point lies on another segment, so
        // only proper crossings remain to test.
        for (const std::uint32_t e : segmentsIn[at]) {
          const GridPoint c = points[out[e].a], d = points[out[e].b];
          if (Orient(a, b, c) * Orient(a, b, d) < 0 && Orient(c, d, a) * Orient(c, d, b) < 0)
            ok = false;
        }
      }
    if (!ok) continue;
    used[i] = used[j] = 1;
    for (std::int64_t y = y0; y <= y1; ++y)
      for (std::int64_t x = x0; x <= x1; ++x)
        segmentsIn[y * grid + x].push_back(static_cast<std::uint32_t>(out.size()));
    out.push_back({std::min(i, j), std::max(i, j)});
  }
  return out;
}

// triangulate.input of a region: its distinct ring vertices in (x, y) order
// and its ring edges as constraints.
struct CdtInput {
  std::vector<GridPoint> points;
  std::vector<CdtConstraint> constraints;
};

CdtInput RegionCdtInput(const Region& region) {
  CdtInput in;
  for (const Ring& ring : region.Rings())
    in.points.insert(in.points.end(), ring.begin(), ring.end());
  std::sort(in.points.begin(), in.points.end());
  in.points.erase(std::unique(in.points.begin(), in.points.end()), in.points.end());
  auto index = [&](GridPoint p) {
    return static_cast<std::uint32_t>(std::lower_bound(in.points.begin(), in.points.end(), p) -
                                      in.points.begin());
  };
  for (const Ring& ring : region.Rings())
    for (std::size_t k = 0; k < ring.size(); ++k)
      in.constraints.push_back({index(ring[k]), index(ring[(k + 1) % ring.size()])});
  return in;
}

Int128 RingDoubledArea(const Ring& ring) {
  Int128 sum = 0;
  for (std::size_t k = 0; k < ring.size(); ++k) {
    const GridPoint p = ring[k], q = ring[(k + 1) % ring.size()];
    sum += static_cast<Int128>(p.x) * q.y - static_cast<Int128>(q.x) * p.y;
  }
  return sum;
}

// Whether the doubled point (2 px, 2 py) is inside the ring (crossing
// number; the point is never on the ring here).
bool InsideDoubled(const Ring& ring, std::int64_t px, std::int64_t py) {
  bool inside = false;
  for (std::size_t k = 0; k < ring.size(); ++k) {
    const GridPoint p = ring[k], q = ring[(k + 1) % ring.size()];
    const std::int64_t ay = 2 * p.y, by = 2 * q.y;
    if ((ay > py) == (by > py)) continue;
    const Int128 ax = 2 * p.x, bx = 2 * q.x;
    // x of the edge at py, compared with px: sign of the cross product.
    const Int128 lhs = (bx - ax) * (py - ay), rhs = (px - ax) * static_cast<Int128>(by - ay);
    if ((by > ay) ? (lhs > rhs) : (lhs < rhs)) inside = !inside;
  }
  return inside;
}

// Clockwise rings.
std::size_t Holes(const Region& region) {
  std::size_t holes = 0;
  for (const Ring& r : region.Rings()) holes += RingDoubledArea(r) < 0;
  return holes;
}

struct HoleFree {
  std::vector<Ring> rings;
  std::size_t outer = 0, withHoles = 0, repeated = 0;
};

// The outer rings that hold no hole (a hole belongs to the smallest outer
// ring around the midpoint of its first edge) and repeat no vertex.
HoleFree HoleFreeOuterRings(const Region& region) {
  const auto& rings = region.Rings();
  struct Box {
    std::int64_t x0, y0, x1, y1;
  };
  std::vector<Box> boxes;
  std::vector<Int128> areas;
  for (const Ring& r : rings) {
    Box b{r[0].x, r[0].y, r[0].x, r[0].y};
    for (const GridPoint& p : r)
      b = {std::min(b.x0, p.x), std::min(b.y0, p.y), std::max(b.x1, p.x), std::max(b.y1, p.y)};
    boxes.push_back(b);
    areas.push_back(RingDoubledArea(r));
  }
  std::vector<std::uint8_t> hasHole(rings.size(), 0);
  for (std::size_t h = 0; h < rings.size(); ++h) {
    if (areas[h] > 0) continue;
    const std::int64_t px = rings[h][0].x + rings[h][1].x, py = rings[h][0].y + rings[h][1].y;
    std::size_t best = rings.size();
    for (std::size_t o = 0; o < rings.size(); ++o) {
      if (areas[o] < 0 || boxes[o].x0 > boxes[h].x0 || boxes[o].y0 > boxes[h].y0 ||
          boxes[o].x1 < boxes[h].x1 || boxes[o].y1 < boxes[h].y1)
        continue;
      if ((best == rings.size() || areas[o] < areas[best]) && InsideDoubled(rings[o], px, py))
        best = o;
    }
    if (best < rings.size()) hasHole[best] = 1;
  }
  HoleFree out;
  for (std::size_t o = 0; o < rings.size(); ++o) {
    if (areas[o] < 0) continue;
    ++out.outer;
    if (hasHole[o]) {
      ++out.withHoles;
      continue;
    }
    Ring sorted = rings[o];
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
      ++out.repeated;
      continue;
    }
    out.rings.push_back(rings[o]);
  }
  return out;
}

// Random points (argument n), made when a case first needs them.
struct PointInputs {
  explicit PointInputs(int n) : points(RandomPoints(static_cast<std::size_t>(n))) {}
  std::vector<GridPoint> points;
  std::unique_ptr<std::vector<CdtConstraint>> constraints;
  onepath::bench::CgalCdtInputPtr cgalPoints, cgalConstrained;

  const std::vector<CdtConstraint>& Constraints() {
    if (!constraints)
      constraints = std::make_unique<std::vector<CdtConstraint>>(
          NodedConstraints(points, static_cast<std::size_t>(g_constraints)));
    return *constraints;
  }
  const onepath::bench::CgalCdtInput& Cgal(bool constrained) {
    auto& slot = constrained ? cgalConstrained : cgalPoints;
    if (!slot)
      slot = onepath::bench::MakeCgalCdtInput(
          points, constrained ? std::span<const CdtConstraint>(Constraints())
                              : std::span<const CdtConstraint>());
    return *slot;
  }
};

// The tile map (argument: side) and its stages, each made on first use.
struct MapInputs {
  explicit MapInputs(int side)
      : map(onepath::gen::MakeNoisyTileMap(kMapSeed, side, side, kCellSize)) {}
  onepath::gen::TileMap map;
  std::unique_ptr<Region> region, shrunk, holeFreeRegion;
  std::unique_ptr<onepath::geom2d::RegionTriangulation> triangles;
  std::unique_ptr<CdtInput> cdt;
  std::unique_ptr<HoleFree> holeFree;
  onepath::bench::CgalCdtInputPtr cgalCdt;
  onepath::bench::CgalPolygonsPtr cgalPolygons;

  const Region& TileRegion() {
    if (!region)
      region = std::make_unique<Region>(onepath::bench::TileMapRegion(map, {0.0, 0.0}, kSnapBits));
    return *region;
  }
  const Region& Shrunk() {
    if (!shrunk) shrunk = std::make_unique<Region>(Mesh2DPipeline::Shrink(TileRegion(), kSettings));
    return *shrunk;
  }
  const onepath::geom2d::RegionTriangulation& Triangles() {
    if (!triangles)
      triangles = std::make_unique<onepath::geom2d::RegionTriangulation>(Shrunk().Triangulate());
    return *triangles;
  }
  const CdtInput& Cdt() {
    if (!cdt) cdt = std::make_unique<CdtInput>(RegionCdtInput(Shrunk()));
    return *cdt;
  }
  const onepath::bench::CgalCdtInput& CgalCdt() {
    if (!cgalCdt) cgalCdt = onepath::bench::MakeCgalCdtInput(Cdt().points, Cdt().constraints);
    return *cgalCdt;
  }
  const HoleFree& HoleFreeRings() {
    if (!holeFree) holeFree = std::make_unique<HoleFree>(HoleFreeOuterRings(Shrunk()));
    return *holeFree;
  }
  const Region& HoleFreeRegion() {
    if (!holeFreeRegion)
      holeFreeRegion =
          std::make_unique<Region>(RegionAccess::FromRings(HoleFreeRings().rings, kSnapBits));
    return *holeFreeRegion;
  }
  const onepath::bench::CgalPolygons& CgalPolygons() {
    if (!cgalPolygons) cgalPolygons = onepath::bench::MakeCgalPolygons(HoleFreeRings().rings);
    return *cgalPolygons;
  }

  // Makes what case c reads; KeepOnly also frees the rest, so that a child's peak RSS
  // counts the call's own input only.
  void Make(Case c) {
    switch (c) {
      case Case::kShrink:
        TileRegion();
        break;
      case Case::kTriangulate:
        Shrunk();
        break;
      case Case::kPartition:
        Triangles();
        break;
      case Case::kCdtShrunk:
        Cdt();
        break;
      case Case::kCgalShrunk:
        CgalCdt();
        break;
      case Case::kPartitionHoleFree:
        HoleFreeRegion();
        break;
      case Case::kCgalPartitionHoleFree:
        CgalPolygons();
        break;
      default:
        break;
    }
  }

  void KeepOnly(Case c) {
    Make(c);
    if (c != Case::kRegionTileMap && c != Case::kBuild) map.cells = {};
    if (c != Case::kShrink) region.reset();
    if (c != Case::kTriangulate) shrunk.reset();
    if (c != Case::kCdtShrunk) cdt.reset();
    holeFree.reset();
    malloc_trim(0);
  }
};

// --- the calls ---------------------------------------------------------------

// Runs case c once; returns an output size (triangles, faces, vertices or
// polygons).
std::size_t RunOnce(Case c, int arg) {
  if (IsPointCase(c)) {
    PointInputs& in = onepath::bench::InputsFor<PointInputs>(arg);
    switch (c) {
      case Case::kCdtPoints:
        return ConstrainedDelaunay(in.points, {}).slots.size();
      case Case::kCdtConstrained:
        return ConstrainedDelaunay(in.points, in.Constraints()).slots.size();
      default:
        return onepath::bench::CgalCdtFaces(in.Cgal(IsConstrained(c)));
    }
  }
  MapInputs& in = onepath::bench::InputsFor<MapInputs>(arg);
  switch (c) {
    case Case::kRegionTileMap:
      return VertexCount(onepath::bench::TileMapRegion(in.map, {0.0, 0.0}, kSnapBits));
    case Case::kShrink:
      return VertexCount(Mesh2DPipeline::Shrink(in.TileRegion(), kSettings));
    case Case::kTriangulate:
      return in.Shrunk().Triangulate().triangles.size();
    case Case::kPartition:
      return onepath::geom2d::PartitionConvex(in.Triangles(), kSettings.MaxVerticesPerPolygon)
          .polygons.size();
    case Case::kBuild:
      return Mesh2DPipeline::BuildFromTileMap(in.map.cells, in.map.width, in.map.height, {0.0, 0.0},
                                              kSettings)
          .polygons.polygons.size();
    case Case::kCdtShrunk:
      return ConstrainedDelaunay(in.Cdt().points, in.Cdt().constraints).slots.size();
    case Case::kCgalShrunk:
      return onepath::bench::CgalCdtFaces(in.CgalCdt());
    case Case::kPartitionHoleFree:
      return in.HoleFreeRegion().PartitionConvex(kSettings.MaxVerticesPerPolygon).polygons.size();
    case Case::kCgalPartitionHoleFree:
      return onepath::bench::CgalApproxConvexPartition(in.CgalPolygons());
    default:
      return 0;
  }
}

// The case's input size: points, or the input vertices of the stage.
std::size_t InputSize(Case c, int arg) {
  if (IsPointCase(c)) return onepath::bench::InputsFor<PointInputs>(arg).points.size();
  MapInputs& in = onepath::bench::InputsFor<MapInputs>(arg);
  switch (c) {
    case Case::kRegionTileMap:
    case Case::kBuild:
      return in.map.cells.size();
    case Case::kShrink:
      return VertexCount(in.TileRegion());
    case Case::kPartition:
      return in.Triangles().vertices.size();
    case Case::kPartitionHoleFree:
    case Case::kCgalPartitionHoleFree:
      return VertexCount(in.HoleFreeRings().rings);
    default:
      return in.Cdt().points.size();
  }
}

// Makes case c's inputs (outside the timed loop).
void Prepare(Case c, int arg) {
  if (IsPointCase(c)) {
    PointInputs& in = onepath::bench::InputsFor<PointInputs>(arg);
    if (IsConstrained(c)) in.Constraints();
    if (c == Case::kCgalPoints || c == Case::kCgalConstrained) in.Cgal(IsConstrained(c));
    return;
  }
  onepath::bench::InputsFor<MapInputs>(arg).Make(c);
}

// --- memory ------------------------------------------------------------------

// Child mode: --peak-memory=<case>/<arg>. Prints "before_kb peak_kb".
int PeakMemoryChild(const std::string& spec) {
  Case c;
  int arg = 0;
  if (!onepath::bench::ParseMemorySpec(kCaseNames, spec, c, arg)) return 2;
  if (IsPointCase(c)) {
    PointInputs& in = onepath::bench::InputsFor<PointInputs>(arg);
    if (IsConstrained(c)) in.Constraints();
    if (c == Case::kCgalPoints || c == Case::kCgalConstrained) {
      in.Cgal(IsConstrained(c));
      in.points = {};
      in.constraints.reset();
    }
    malloc_trim(0);
  } else {
    onepath::bench::InputsFor<MapInputs>(arg).KeepOnly(c);
  }
  return onepath::bench::MeasureCallInChild([&] { benchmark::DoNotOptimize(RunOnce(c, arg)); });
}

// --- benchmarks --------------------------------------------------------------

void BM_Case(benchmark::State& state, Case c) {
  const int arg = static_cast<int>(state.range(0));
  const std::size_t n = InputSize(c, arg);
  Prepare(c, arg);
  std::size_t out = 0;
  for (auto _ : state) {
    out = RunOnce(c, arg);
    benchmark::DoNotOptimize(out);
  }
  state.counters["n"] = static_cast<double>(n);
  state.counters["output"] = static_cast<double>(out);
  if (IsConstrained(c))
    state.counters["constraints"] =
        static_cast<double>(onepath::bench::InputsFor<PointInputs>(arg).Constraints().size());
  onepath::bench::SetMemoryCounters(
      state, onepath::bench::PeakMemory(onepath::bench::MemorySpec(kCaseNames, c, arg)));
}

// --- --check and --hashes ----------------------------------------------------

// Triangles of points only (no bounding corner).
std::size_t PointTriangles(const onepath::geom2d::Triangulation& t) {
  const auto n = static_cast<std::int32_t>(t.pointCount);
  std::size_t count = 0;
  for (const auto& s : t.slots) count += s.v[0] < n && s.v[1] < n && s.v[2] < n;
  return count;
}

// How many constraints are already edges of the triangulation t.
std::size_t DelaunayEdges(const onepath::geom2d::Triangulation& t,
                          const std::vector<CdtConstraint>& constraints) {
  std::vector<std::pair<std::int32_t, std::int32_t>> edges;
  for (const auto& s : t.slots)
    for (int i = 0; i < 3; ++i)
      edges.emplace_back(std::min(s.v[i], s.v[(i + 1) % 3]), std::max(s.v[i], s.v[(i + 1) % 3]));
  std::sort(edges.begin(), edges.end());
  std::size_t count = 0;
  for (const CdtConstraint& c : constraints)
    count += std::binary_search(edges.begin(), edges.end(),
                                std::pair<std::int32_t, std::int32_t>(c.a, c.b));
  return count;
}

// Flips per inserted point (cdt.legalize) and the other counters, with the
// spec's order or with the points' own (x, y) order.
void PrintFlips(const char* name, const CdtInput& in, bool last) {
  std::vector<std::uint32_t> sorted(in.points.size());
  std::iota(sorted.begin(), sorted.end(), 0u);
  const double n = static_cast<double>(in.points.size());
  std::printf("  \"%s\": {\"points\": %zu, \"constraints\": %zu", name, in.points.size(),
              in.constraints.size());
  for (const bool spec : {true, false}) {
    CdtOptions options;
    if (!spec) options.insertionOrder = sorted;
    const auto s = ConstrainedDelaunay(in.points, in.constraints, options).statistics;
    std::printf(
        ", \"%s\": {\"flips_per_point\": %.3f, \"constraint_flips\": %llu, "
        "\"final_pass_flips\": %llu, \"walk_steps_per_point\": %.3f}",
        spec ? "spec_order" : "sorted_order", static_cast<double>(s.insertionFlips) / n,
        static_cast<unsigned long long>(s.constraintFlips),
        static_cast<unsigned long long>(s.finalPassFlips), static_cast<double>(s.walkSteps) / n);
    std::fflush(stdout);
  }
  std::printf("}%s\n", last ? "" : ",");
}

int Check() {
  std::printf("{\n");
  if (g_points > 0) {
    PointInputs in(static_cast<int>(g_points));
    const auto& constraints = in.Constraints();
    const auto ours = ConstrainedDelaunay(in.points, {});
    const auto oursC = ConstrainedDelaunay(in.points, constraints);
    std::printf(
        "  \"random\": {\"points\": %zu, \"range\": [0, %lld], \"seed\": %llu, "
        "\"constraints\": %zu, \"ours_triangles\": %zu, \"cgal_faces\": %zu, "
        "\"ours_triangles_constrained\": %zu, \"cgal_faces_constrained\": %zu, "
        "\"constraints_delaunay\": %zu, \"constraint_flips\": %llu}%s\n",
        in.points.size(), static_cast<long long>(kRange - 1),
        static_cast<unsigned long long>(kPointSeed), constraints.size(), PointTriangles(ours),
        onepath::bench::CgalCdtFaces(in.Cgal(false)), PointTriangles(oursC),
        onepath::bench::CgalCdtFaces(in.Cgal(true)), DelaunayEdges(ours, constraints),
        static_cast<unsigned long long>(oursC.statistics.constraintFlips), g_side > 0 ? "," : "");
    std::fflush(stdout);
  }
  if (g_side > 0) {
    MapInputs in(static_cast<int>(g_side));
    const Region& shrunk = in.Shrunk();
    const auto& hf = in.HoleFreeRings();
    const auto ours = ConstrainedDelaunay(in.Cdt().points, in.Cdt().constraints);
    const std::size_t polygons =
        onepath::geom2d::PartitionConvex(in.Triangles(), kSettings.MaxVerticesPerPolygon)
            .polygons.size();
    std::printf(
        "  \"tilemap\": {\"side\": %ld, \"region_rings\": %zu, \"region_vertices\": %zu, "
        "\"region_holes\": %zu, \"shrunk_rings\": %zu, \"shrunk_holes\": %zu, "
        "\"shrunk_vertices\": %zu, \"cdt_points\": %zu, "
        "\"cdt_constraints\": %zu, \"ours_cdt_triangles\": %zu, \"cgal_faces\": %zu, "
        "\"triangles\": %zu, \"polygons\": %zu,\n",
        g_side, in.TileRegion().Rings().size(), VertexCount(in.TileRegion()),
        Holes(in.TileRegion()), shrunk.Rings().size(), Holes(shrunk), VertexCount(shrunk),
        in.Cdt().points.size(), in.Cdt().constraints.size(), PointTriangles(ours),
        onepath::bench::CgalCdtFaces(in.CgalCdt()), in.Triangles().triangles.size(), polygons);
    std::printf(
        "    \"outer_rings\": %zu, \"with_holes\": %zu, \"repeated_vertex\": %zu, "
        "\"hole_free_rings\": %zu, \"hole_free_vertices\": %zu, \"ours_polygons_6\": %zu, "
        "\"ours_polygons_16\": %zu, \"cgal_pieces\": %zu},\n",
        hf.outer, hf.withHoles, hf.repeated, hf.rings.size(), VertexCount(hf.rings),
        in.HoleFreeRegion().PartitionConvex(6).polygons.size(),
        in.HoleFreeRegion().PartitionConvex(16).polygons.size(),
        onepath::bench::CgalApproxConvexPartition(in.CgalPolygons()));
    std::fflush(stdout);

    // Build2D polygons: the octagon rule (the pipeline as specified) and
    // the quarter-cell rule (the same stages, Shrink given kQuarterCellShrink).
    const Region quarter = Mesh2DPipeline::Shrink(in.TileRegion(), kQuarterCellShrink);
    const auto quarterPolygons =
        onepath::geom2d::PartitionConvex(quarter.Triangulate(), kSettings.MaxVerticesPerPolygon);
    const double r = kSettings.AgentRadius * 65536.0;
    std::printf(
        "  \"build2d\": {\"octagon\": {\"tolerance\": %.4f, \"m\": %d, \"vertices\": %zu, "
        "\"polygons\": %zu}, \"quarter_cell\": {\"tolerance\": %.4f, \"m\": %d, "
        "\"vertices\": %zu, \"polygons\": %zu}},\n",
        Mesh2DPipeline::ShrinkArcTolerance(kSettings),
        onepath::geom2d::ArcVertexCount(r, Mesh2DPipeline::ShrinkArcTolerance(kSettings),
                                        kSnapBits),
        VertexCount(shrunk), polygons, Mesh2DPipeline::ShrinkArcTolerance(kQuarterCellShrink),
        onepath::geom2d::ArcVertexCount(r, Mesh2DPipeline::ShrinkArcTolerance(kQuarterCellShrink),
                                        kSnapBits),
        VertexCount(quarter), quarterPolygons.polygons.size());
    std::fflush(stdout);

    std::printf("  \"flips\": {\n");
    PrintFlips("tilemap_region", RegionCdtInput(in.TileRegion()), false);
    PrintFlips("shrunk_region", in.Cdt(), true);
    std::printf("  }\n");
  }
  std::printf("}\n");
  return 0;
}

// The SHA-256 of the CDT's canonical bytes, of its slots (vertices and
// neighbours, in slot order) with the constraint marks, and of its counters.
void PrintHashes(const std::string& name, std::span<const GridPoint> points,
                 std::span<const CdtConstraint> constraints) {
  const auto t = ConstrainedDelaunay(points, constraints);
  onepath::CanonicalWriter slots;
  for (std::size_t k = 0; k < t.slots.size(); ++k) {
    for (std::int32_t v : t.slots[k].v) slots.I32(v);
    for (std::int32_t u : t.slots[k].n) slots.I32(u);
    slots.U8(t.constrained[k]);
  }
  onepath::CanonicalWriter counts;
  const auto& s = t.statistics;
  for (std::uint64_t v : {s.insertionFlips, s.constraintFlips, s.finalPassFlips, s.walkSteps})
    counts.U64(v);
  std::printf("%s/canonical %s\n", name.c_str(),
              onepath::Sha256Hex(onepath::geom2d::CanonicalBytes(t)).c_str());
  std::printf("%s/slots %s\n", name.c_str(), onepath::Sha256Hex(slots.bytes()).c_str());
  std::printf("%s/counts %s\n", name.c_str(), onepath::Sha256Hex(counts.bytes()).c_str());
  std::fflush(stdout);
}

int Hashes() {
  if (g_points > 0) {
    PointInputs in(static_cast<int>(g_points));
    PrintHashes("random", in.points, {});
    PrintHashes("random_constrained", in.points, in.Constraints());
  }
  if (g_side > 0) {
    MapInputs in(static_cast<int>(g_side));
    const CdtInput region = RegionCdtInput(in.TileRegion());
    PrintHashes("tilemap_region", region.points, region.constraints);
    PrintHashes("shrunk_region", in.Cdt().points, in.Cdt().constraints);
  }
  // Full lattices, sorted by (x, y): 4-fold cocircular everywhere.
  for (int side : {2, 3, 8, 100, 700}) {
    std::vector<GridPoint> lattice;
    for (int x = 0; x < side; ++x)
      for (int y = 0; y < side; ++y) lattice.push_back({x, y});
    PrintHashes("lattice_" + std::to_string(side), lattice, {});
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::string value;
  if (onepath::bench::TakeFlag(argc, argv, "points", value)) g_points = std::atol(value.c_str());
  // The memory children see --constraints through the environment.
  if (onepath::bench::TakeFlag(argc, argv, "constraints", value))
    setenv("CDT_BENCH_CONSTRAINTS", value.c_str(), 1);
  if (const char* k = std::getenv("CDT_BENCH_CONSTRAINTS")) g_constraints = std::atol(k);
  if (onepath::bench::TakeFlag(argc, argv, "side", value)) g_side = std::atol(value.c_str());
  if (onepath::bench::TakeFlag(argc, argv, "peak-memory", value)) return PeakMemoryChild(value);
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--check") == 0) return Check();
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--hashes") == 0) return Hashes();

  for (std::size_t k = 0; k < std::size(kCaseNames); ++k) {
    const Case c = static_cast<Case>(k);
    const long arg = IsPointCase(c) ? g_points : g_side;
    if (arg <= 0) continue;
    const std::string bm = std::string("BM_") + kCaseNames[k];
    benchmark::RegisterBenchmark(bm.c_str(), BM_Case, c)->Arg(arg)->Unit(benchmark::kMillisecond);
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
