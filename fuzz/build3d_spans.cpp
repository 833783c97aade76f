// Fuzz target for the span stages of one tile of the 3D build
// (docs/spec/build3d-spans.md, build3d-tiles.md): Mesh3DPipeline::TileSpans
// on a triangle soup, a voxel chunk or heightfield input, with volumes.
// clauses: b3d.span.stages b3d.span.heightfield b3d.span.compact-heightfield
// clauses: b3d.span.classify b3d.span.rasterize b3d.span.from-heightfield
// clauses: b3d.span.from-chunk b3d.span.low-hanging b3d.span.ledges
// clauses: b3d.span.low-height b3d.span.compact b3d.span.connect
// clauses: b3d.span.erode b3d.span.volumes b3d.span.recast b3d.border
// clauses: err.nothing-else
//
// Input (bytes past the end read as zero, so every input is a case):
//   mode byte m: m % 4 picks the input (0, 1: a soup, 2: a voxel chunk,
//     3: heightfield input); bit 2: one setting gets a bad value (the byte
//     after the settings picks which); bit 3: the input is damaged (a soup
//     index out of range, a chunk one voxel short, a span area of 64).
//   settings, one byte each (tables below): CellSize, CellHeight, TileSize
//     as 1 .. 16 cells, OriginX and OriginZ (int8 quarters), AgentHeight,
//     AgentRadius, AgentMaxClimb, AgentMaxSlopeDegrees (halves of a degree);
//   the bad-setting byte (read only with m bit 2);
//   the tile: two bytes, tx = b % 4 - 1, tz likewise;
//   a scale byte q (kScale[q % 8], world units per coordinate step);
//   the input:
//     soup: vertex count b % 13, then x, y, z per vertex (int8 steps);
//       triangle count b % 9, then three index bytes each (b % vertices);
//     chunk: sizeX, sizeY, sizeZ (b % 9 each), then the voxels, one bit each,
//       LSB first;
//     heightfield input: width and depth (b % 6 each), rows (b % 64), originY
//       (an int8 step), then per column a span count (b % 4) and per span
//       smin (a byte), a length (b % 16, 0 is an error) and area (b % 64);
//   volumes: count b % 3, per volume a point count b % 6, the points (x, z
//     steps), minY and maxY (steps) and area (b % 64).
//
// Checks: only the spec's exception types escape (err.nothing-else); every
// stage's value is valid (b3d.span.heightfield, b3d.span.compact-heightfield:
// W x W columns, sorted and separated spans, areas <= 63); the filters
// change areas only as their clauses allow (low-hanging and low-height
// recomputed here); the compact heightfield is recomputed from the low-height
// stage (y, h, areas, connections by b3d.span.connect); erosion and volumes
// change areas only; a chunk's spans are its voxel runs. Where Recast can
// represent the values (b3d.span.recast: tops below 8192, at most 255
// compact spans a column, every triangle clear of the low-edge difference)
// each stage is compared with the Recast oracle (oracles/recast) run on the
// previous stage's value, the classification only where Recast's slope
// thresholds on both sides of slopeCosine agree.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "fuzz/build3d_compact.hpp"
#include "fuzz/region_input.hpp"
#include "onepath/build3d.hpp"
#include "onepath/core/errors.hpp"
#include "oracles/recast/recast_oracle.hpp"

using namespace onepath;
using namespace onepath::build3d;

namespace {

const char* kName = "fuzz_build3d_spans";

// Larger grids than this are checked but not given to the oracle (the
// oracle's cost under the sanitizers, not a Recast limit).
constexpr std::int64_t kOracleMaxWidth = 64;

const double kCellSizes[8] = {0.25, 0.3, 0.5, 1.0, 0.1, 2.0, 0.125, 1.0 / 3.0};
const double kCellHeights[8] = {0.1, 0.2, 0.25, 0.5, 1.0, 0.05, 0.3, 2.0};
const double kScale[8] = {0.125, 0.25, 0.5, 1.0, 0.1, 0.3, 0.0625, 2.0};
const double kBadValues[4] = {std::numeric_limits<double>::quiet_NaN(), -1.0, 0x1p30,
                              std::numeric_limits<double>::infinity()};

[[noreturn]] void Fail(const std::string& what) { fuzz::Fail(kName, what); }

NavSettings DecodeSettings(fuzz::ByteReader& in, bool bad) {
  NavSettings s;
  s.CellSize = kCellSizes[in.U8() % 8];
  s.CellHeight = kCellHeights[in.U8() % 8];
  s.TileSize = s.CellSize * (1 + in.U8() % 16);
  s.OriginX = static_cast<std::int8_t>(in.U8()) * 0.25;
  s.OriginZ = static_cast<std::int8_t>(in.U8()) * 0.25;
  s.AgentHeight = (in.U8() % 32) * 0.1;
  s.AgentRadius = (in.U8() % 8) * 0.25;
  s.AgentMaxClimb = (in.U8() % 16) * 0.1;
  s.AgentMaxSlopeDegrees = (in.U8() % 182) * 0.5;
  if (bad) {
    int b = in.U8();
    double v = kBadValues[(b >> 4) % 4];
    switch (b % 8) {
      case 0:
        s.CellSize = v;
        break;
      case 1:
        s.CellHeight = v;
        break;
      case 2:
        s.TileSize = v;
        break;
      case 3:
        s.OriginX = v;
        break;
      case 4:
        s.AgentHeight = v;
        break;
      case 5:
        s.AgentRadius = v;
        break;
      case 6:
        s.AgentMaxClimb = v;
        break;
      default:
        s.AgentMaxSlopeDegrees = v;
        break;
    }
  }
  return s;
}

float Step(fuzz::ByteReader& in, double scale) {
  return static_cast<float>(static_cast<std::int8_t>(in.U8()) * scale);
}

TriangleSoup DecodeSoup(fuzz::ByteReader& in, double scale, bool damaged) {
  TriangleSoup soup;
  int vertices = in.U8() % 13;
  for (int i = 0; i < 3 * vertices; ++i) soup.vertices.push_back(Step(in, scale));
  int triangles = vertices == 0 ? 0 : in.U8() % 9;
  for (int i = 0; i < 3 * triangles; ++i) soup.indices.push_back(in.U8() % vertices);
  if (damaged && !soup.indices.empty()) soup.indices.back() = vertices;
  return soup;
}

VoxelChunk DecodeChunk(fuzz::ByteReader& in, bool damaged) {
  VoxelChunk chunk;
  chunk.sizeX = in.U8() % 9;
  chunk.sizeY = in.U8() % 9;
  chunk.sizeZ = in.U8() % 9;
  std::int64_t count = chunk.sizeX * chunk.sizeY * chunk.sizeZ;
  int byte = 0;
  for (std::int64_t v = 0; v < count; ++v) {
    if (v % 8 == 0) byte = in.U8();
    chunk.voxels.push_back((byte >> (v % 8)) & 1);
  }
  if (damaged && !chunk.voxels.empty()) chunk.voxels.pop_back();
  return chunk;
}

HeightfieldInput DecodeHeightfieldInput(fuzz::ByteReader& in, double scale, bool damaged) {
  HeightfieldInput input;
  input.width = in.U8() % 6;
  input.depth = in.U8() % 6;
  input.rows = in.U8() % 64;
  input.originY = Step(in, scale);
  for (std::int64_t c = 0; c < input.width * input.depth; ++c) {
    std::vector<Span> column;
    int spans = in.U8() % 4;
    for (int i = 0; i < spans; ++i) {
      Span s;
      s.smin = in.U8();
      s.smax = static_cast<std::uint16_t>(s.smin + in.U8() % 16);
      s.area = in.U8() % 64;
      column.push_back(s);
    }
    input.columns.push_back(column);
  }
  for (auto& column : input.columns) {
    if (damaged && !column.empty()) {
      column.back().area = 64;
      break;
    }
  }
  return input;
}

std::vector<ConvexVolume> DecodeVolumes(fuzz::ByteReader& in, double scale) {
  std::vector<ConvexVolume> volumes(in.U8() % 3);
  for (auto& v : volumes) {
    int points = in.U8() % 6;
    for (int i = 0; i < points; ++i) {
      float x = Step(in, scale);
      v.points.push_back({x, Step(in, scale)});
    }
    v.minY = Step(in, scale);
    v.maxY = Step(in, scale);
    v.area = in.U8() % 64;
  }
  return volumes;
}

// ---- validity (b3d.span.heightfield, b3d.span.compact-heightfield) ----

void CheckHeightfield(const Heightfield& h, const TileGrid& grid, const char* stage) {
  std::string where = std::string("stage ") + stage + ": ";
  if (h.width() != grid.width || h.depth() != grid.width ||
      h.columnCount() != static_cast<std::size_t>(grid.width) * grid.width)
    Fail(where + "not W x W columns");
  for (std::size_t c = 0; c < h.columnCount(); ++c) {
    auto column = h.Column(c);
    for (std::size_t i = 0; i < column.size(); ++i) {
      if (column[i].smin >= column[i].smax) Fail(where + "a span with smin >= smax");
      if (column[i].area > 63) Fail(where + "an area above 63");
      if (i > 0 && column[i - 1].smax >= column[i].smin)
        Fail(where + "spans not sorted and separated");
    }
  }
}

// Same extents as `before`; areas may differ.
void CheckSameExtents(const Heightfield& before, const Heightfield& after, const char* stage) {
  auto a = before.spans(), b = after.spans();
  if (a.size() != b.size()) Fail(std::string("stage ") + stage + " changed the span count");
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].smin != b[i].smin || a[i].smax != b[i].smax)
      Fail(std::string("stage ") + stage + " changed a span's extent");
  for (std::size_t c = 0; c < before.columnCount(); ++c)
    if (before.ColumnStart(c) != after.ColumnStart(c))
      Fail(std::string("stage ") + stage + " moved a column");
}

// b3d.span.low-hanging, recomputed.
void CheckLowHanging(const Heightfield& in, const Heightfield& out, int climb) {
  CheckSameExtents(in, out, "low-hanging");
  for (std::size_t c = 0; c < in.columnCount(); ++c) {
    auto a = in.Column(c), b = out.Column(c);
    for (std::size_t i = 0; i < a.size(); ++i) {
      std::uint8_t want = a[i].area;
      if (i > 0 && a[i].area == 0 && a[i - 1].area != 0 &&
          std::abs(int{a[i].smax} - int{a[i - 1].smax}) <= climb)
        want = a[i - 1].area;
      if (b[i].area != want) Fail("stage low-hanging: wrong area");
    }
  }
}

// b3d.span.ledges: areas are kept or cleared.
void CheckOnlyCleared(const Heightfield& in, const Heightfield& out, const char* stage) {
  CheckSameExtents(in, out, stage);
  for (std::size_t i = 0; i < in.spans().size(); ++i)
    if (out.spans()[i].area != in.spans()[i].area && out.spans()[i].area != 0)
      Fail(std::string("stage ") + stage + " set an area other than 0");
}

// b3d.span.low-height, recomputed.
void CheckLowHeight(const Heightfield& in, const Heightfield& out, int walkableHeight) {
  CheckSameExtents(in, out, "low-height");
  for (std::size_t c = 0; c < in.columnCount(); ++c) {
    auto a = in.Column(c), b = out.Column(c);
    for (std::size_t i = 0; i < a.size(); ++i) {
      int top = i + 1 < a.size() ? a[i + 1].smin : 65535;
      std::uint8_t want = top - a[i].smax < walkableHeight ? 0 : a[i].area;
      if (b[i].area != want) Fail("stage low-height: wrong area");
    }
  }
}

// b3d.span.compact and b3d.span.connect, recomputed from the low-height stage.
std::vector<std::vector<CompactSpan>> ExpectedCompact(const Heightfield& h, int walkableHeight,
                                                      int climb) {
  std::int64_t W = h.width();
  std::vector<std::vector<CompactSpan>> columns(h.columnCount());
  for (std::size_t c = 0; c < h.columnCount(); ++c) {
    auto col = h.Column(c);
    for (std::size_t i = 0; i < col.size(); ++i) {
      if (col[i].area == 0) continue;
      int top = i + 1 < col.size() ? col[i + 1].smin : 65535;
      CompactSpan s;
      s.y = col[i].smax;
      s.h = static_cast<std::uint8_t>(std::min(top - int{col[i].smax}, 255));
      s.area = col[i].area;
      columns[c].push_back(s);
    }
  }
  fuzz::Connect(columns, W, h.depth(), walkableHeight, climb);
  return columns;
}

// Erosion and volumes keep y, h and the connections.
void CheckSameCompactShape(const CompactHeightfield& before, const CompactHeightfield& after,
                           const char* stage) {
  auto a = before.spans(), b = after.spans();
  if (before.width() != after.width() || before.depth() != after.depth() || a.size() != b.size())
    Fail(std::string("stage ") + stage + " changed the compact heightfield's shape");
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].y != b[i].y || a[i].h != b[i].h || a[i].con != b[i].con)
      Fail(std::string("stage ") + stage + " changed y, h or a connection");
  for (std::size_t c = 0; c < before.columnCount(); ++c)
    if (before.ColumnStart(c) != after.ColumnStart(c))
      Fail(std::string("stage ") + stage + " moved a column");
}

// b3d.span.from-chunk: each source column's solid runs, area 63.
void CheckChunkSpans(const VoxelChunk& chunk, const TileGrid& grid, const Heightfield& spans) {
  for (std::int64_t r = 0; r < grid.width; ++r) {
    for (std::int64_t c = 0; c < grid.width; ++c) {
      std::vector<Span> want;
      std::int64_t i = SourceColumn(grid, grid.tileX, c), k = SourceColumn(grid, grid.tileZ, r);
      if (i >= 0 && k >= 0 && i < chunk.sizeX && k < chunk.sizeZ) {
        for (std::int64_t j = 0; j < chunk.sizeY; ++j) {
          bool solid = chunk.voxels[i + chunk.sizeX * (j + chunk.sizeY * k)] != 0;
          if (!solid) continue;
          if (!want.empty() && want.back().smax == j)
            ++want.back().smax;
          else
            want.push_back({static_cast<std::uint16_t>(j), static_cast<std::uint16_t>(j + 1), 63});
        }
      }
      auto got = spans.Column(c + grid.width * r);
      if (!std::equal(got.begin(), got.end(), want.begin(), want.end()))
        Fail("stage spans differs from the chunk's voxel runs");
    }
  }
}

// ---- the Recast oracle (b3d.span.recast) ----

recast_oracle::Heightfield ToOracle(const Heightfield& h) {
  recast_oracle::Heightfield out{static_cast<int>(h.width()), static_cast<int>(h.depth()), {}};
  for (const auto& column : ColumnLists(h)) {
    out.columns.emplace_back();
    for (const auto& s : column) out.columns.back().push_back({s.smin, s.smax, s.area});
  }
  return out;
}

using fuzz::ToOracle;

template <typename Ours, typename Theirs>
void CompareWithOracle(const Ours& ours, const recast_oracle::Outcome<Theirs>& theirs,
                       const char* stage) {
  if (!theirs.Ok()) return;  // outside what Recast can represent
  if (ToOracle(ours) != theirs.value) Fail(std::string("stage ") + stage + " differs from Recast");
}

recast_oracle::Grid OracleGrid(const TileGrid& g) {
  return {g.width, g.rows, {g.bmin.x, g.bmin.y, g.bmin.z}, {g.bmax.x, g.bmax.y, g.bmax.z},
          g.csF,   g.chF};
}

// b3d.span.classify and b3d.span.rasterize against Recast.
void CompareSoupStages(const TriangleSoup& soup, const NavSettings& settings,
                       const DerivedSettings& derived, const Mesh3DTileSpans& t) {
  std::vector<std::int32_t> tris;
  std::vector<std::uint8_t> areas;
  for (const auto& tri : t.triangles->triangles) {
    for (int v = 0; v < 3; ++v) tris.push_back(soup.indices[3 * tri.index + v]);
    areas.push_back(tri.area);
  }
  auto classes = recast_oracle::ClassifyTriangles(soup.vertices, tris, derived.slopeCosine,
                                                  settings.AgentMaxSlopeDegrees);
  if (classes.Ok()) {
    for (std::size_t i = 0; i < areas.size(); ++i)
      if (classes.value.Decided(i) && classes.value.areasLenient[i] != areas[i])
        Fail("stage triangles differs from Recast's classification");
  }
  recast_oracle::Grid grid = OracleGrid(t.grid);
  if (t.grid.rows > recast_oracle::kMaxGridRows) return;
  for (std::size_t i = 0; i < areas.size(); ++i)
    if (!recast_oracle::TriangleAvoidsLowEdgeDifference(grid, soup.vertices, tris, i)) return;
  CompareWithOracle(
      t.spans, recast_oracle::Rasterize(grid, soup.vertices, tris, areas, derived.walkableClimb),
      "spans (rasterize)");
}

// b3d.span.from-heightfield against Recast: the source columns the grid
// shows, added in list order.
void CompareHeightfieldInput(const HeightfieldInput& input, const Mesh3DTileSpans& t) {
  const TileGrid& g = t.grid;
  recast_oracle::Heightfield mapped{g.width, g.width, {}};
  for (std::int64_t r = 0; r < g.width; ++r) {
    for (std::int64_t c = 0; c < g.width; ++c) {
      mapped.columns.emplace_back();
      std::int64_t i = SourceColumn(g, g.tileX, c), k = SourceColumn(g, g.tileZ, r);
      if (i < 0 || k < 0 || i >= input.width || k >= input.depth) continue;
      for (const auto& s : input.columns[i + input.width * k])
        mapped.columns.back().push_back({s.smin, s.smax, s.area});
    }
  }
  CompareWithOracle(t.spans, recast_oracle::LoadHeightfield(mapped), "spans (from-heightfield)");
}

void CompareWithRecast(const DerivedSettings& d, std::span<const ConvexVolume> volumes,
                       const Mesh3DTileSpans& t) {
  CompareWithOracle(t.lowHanging,
                    recast_oracle::FilterLowHangingObstacles(ToOracle(t.spans), d.walkableClimb),
                    "low-hanging");
  CompareWithOracle(
      t.ledges,
      recast_oracle::FilterLedgeSpans(ToOracle(t.lowHanging), d.walkableHeight, d.walkableClimb),
      "ledges");
  CompareWithOracle(t.lowHeight,
                    recast_oracle::FilterLowHeightSpans(ToOracle(t.ledges), d.walkableHeight),
                    "low-height");
  CompareWithOracle(
      t.compact, recast_oracle::Compact(ToOracle(t.lowHeight), d.walkableHeight, d.walkableClimb),
      "compact");
  CompareWithOracle(t.eroded, recast_oracle::Erode(ToOracle(t.compact), d.walkableRadius),
                    "eroded");
  std::vector<recast_oracle::Volume> theirs;
  for (const auto& v : volumes) {
    recast_oracle::Volume o{{}, v.minY, v.maxY, static_cast<std::uint8_t>(v.area)};
    for (const auto& p : v.points) o.points.push_back({p.x, p.z});
    theirs.push_back(o);
  }
  CompareWithOracle(t.volumes,
                    recast_oracle::MarkVolumes(ToOracle(t.eroded), OracleGrid(t.grid), theirs),
                    "volumes");
}

void CheckStages(const Mesh3DTileSpans& t, const DerivedSettings& d,
                 std::span<const ConvexVolume> volumes) {
  const TileGrid& g = t.grid;
  // b3d.border: W = TileCells + 2B, B = WalkableRadius + 3.
  if (g.border != d.walkableRadius + 3 || g.width != g.tileCells + 2 * g.border ||
      g.tileCells != d.tileCells || g.rows < 0 || g.rows > 65535)
    Fail("stage grid: inconsistent with the settings");
  if (t.triangles) {
    const auto& list = t.triangles->triangles;
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (list[i].area != 0 && list[i].area != 63) Fail("stage triangles: an area not 0 or 63");
      if (i > 0 && list[i - 1].index >= list[i].index) Fail("stage triangles: not in input order");
    }
  }
  CheckHeightfield(t.spans, g, "spans");
  CheckHeightfield(t.lowHanging, g, "low-hanging");
  CheckHeightfield(t.ledges, g, "ledges");
  CheckHeightfield(t.lowHeight, g, "low-height");
  CheckLowHanging(t.spans, t.lowHanging, d.walkableClimb);
  CheckOnlyCleared(t.lowHanging, t.ledges, "ledges");
  CheckLowHeight(t.ledges, t.lowHeight, d.walkableHeight);
  if (t.compact.width() != g.width || t.compact.depth() != g.width ||
      ColumnLists(t.compact) != ExpectedCompact(t.lowHeight, d.walkableHeight, d.walkableClimb))
    Fail("stage compact differs from b3d.span.compact and b3d.span.connect recomputed");
  CheckSameCompactShape(t.compact, t.eroded, "eroded");
  for (std::size_t i = 0; i < t.compact.spans().size(); ++i)
    if (t.eroded.spans()[i].area != t.compact.spans()[i].area && t.eroded.spans()[i].area != 0)
      Fail("stage eroded set an area other than 0");
  CheckSameCompactShape(t.eroded, t.volumes, "volumes");
  for (std::size_t i = 0; i < t.eroded.spans().size(); ++i) {
    std::int64_t before = t.eroded.spans()[i].area, after = t.volumes.spans()[i].area;
    if (after == before) continue;
    bool fromVolume = before != 0 && std::any_of(volumes.begin(), volumes.end(),
                                                 [&](const auto& v) { return v.area == after; });
    if (!fromVolume) Fail("stage volumes set an area no volume has, or on a null span");
  }
}

template <typename Input>
void Run(const Input& input, std::span<const ConvexVolume> volumes, const NavSettings& settings,
         std::int64_t tx, std::int64_t tz) {
  Mesh3DTileSpans t;
  DerivedSettings d;
  try {
    d = Mesh3DPipeline::DeriveSettings(settings);
    t = Mesh3DPipeline::TileSpans(input, volumes, settings, tx, tz);
  } catch (const OnePathException&) {
    return;  // err.types: one of the spec's four (the base is abstract)
  } catch (const std::exception& e) {
    Fail(std::string("an exception the spec does not allow: ") + e.what());
  } catch (...) {
    Fail("an exception the spec does not allow (not a std::exception)");
  }
  CheckStages(t, d, volumes);
  bool small = t.grid.width <= kOracleMaxWidth;
  if constexpr (std::is_same_v<Input, TriangleSoup>) {
    if (!t.triangles) Fail("no stage triangles for a soup");
    if (small) CompareSoupStages(input, settings, d, t);
  } else {
    if (t.triangles) Fail("a stage triangles without a soup");
  }
  if constexpr (std::is_same_v<Input, VoxelChunk>) CheckChunkSpans(input, t.grid, t.spans);
  if constexpr (std::is_same_v<Input, HeightfieldInput>)
    if (small) CompareHeightfieldInput(input, t);
  if (small) CompareWithRecast(d, volumes, t);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::ByteReader in(data, size);
  int mode = in.U8();
  bool damaged = (mode & 8) != 0;
  NavSettings settings = DecodeSettings(in, (mode & 4) != 0);
  std::int64_t tx = in.U8() % 4 - 1, tz = in.U8() % 4 - 1;
  double scale = kScale[in.U8() % 8];
  switch (mode % 4) {
    case 2: {
      VoxelChunk chunk = DecodeChunk(in, damaged);
      Run(chunk, DecodeVolumes(in, scale), settings, tx, tz);
      break;
    }
    case 3: {
      HeightfieldInput input = DecodeHeightfieldInput(in, scale, damaged);
      Run(input, DecodeVolumes(in, scale), settings, tx, tz);
      break;
    }
    default: {
      TriangleSoup soup = DecodeSoup(in, scale, damaged);
      Run(soup, DecodeVolumes(in, scale), settings, tx, tz);
      break;
    }
  }
  return 0;
}
