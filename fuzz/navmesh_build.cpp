// Fuzz target for the whole 3D build and what uses its result
// (docs/spec/build3d-tiles.md, docs/spec/navmesh-format.md): NavMesh::Build
// on a small triangle soup or voxel chunk with decoded settings, then
// Serialize / Deserialize of every tile, Stitch and a NavQuery over the
// mesh and its links.
// clauses: b3d.build b3d.tile-flow b3d.tile-order b3d.build.parallel
// clauses: b3d.errors b3d.settings-checks b3d.soup b3d.chunk-input
// clauses: nav.create nav.serialize nav.deserialize nav.stitch
// clauses: nav.query.values nav.query.nearest nav.query.astar
// clauses: nav.query.straight err.nothing-else
//
// Input (bytes past the end read as zero):
//   mode byte m: bit 0 the input (0 a soup, 1 a voxel chunk); bit 1 the
//     build runs on 2 threads (else 1); bit 2 the build runs again on the
//     other thread count; bit 3 one setting (or Threads) gets a bad value;
//     bit 4 one area volume; bits 5-6 the partition (3: Watershed); bit 7
//     a second build of part of the range (BuildOptions.only);
//   seven settings bytes s0 ... s6:
//     s0: CellSize {1, 0.5, 0.3, 0.25}[s0 % 4], CellHeight
//       {1, 0.5, 0.2, 0.1}[s0 / 4 % 4], s0 / 16 % 4 == 3: TileSize a hair
//       (1e-5) above the whole number of cells;
//     s1: TileCells 2 + s1 % 15 (TileSize = CellSize x TileCells), OriginX
//       kOrigins[s1 / 16 % 4], OriginZ kOrigins[s1 / 64];
//     s2: AgentHeight 1 + s2 % 4 rows, AgentMaxClimb s2 / 4 % 4 rows,
//       AgentRadius s2 / 16 % 3 cells, AgentMaxSlopeDegrees
//       kSlopes[s2 / 64];
//     s3: MinRegionArea s3 % 5, MergeRegionArea s3 / 5 % 40;
//     s4: ContourMaxError kMaxErrors[s4 % 4], MaxEdgeLength s4 / 4 % 16;
//     s5: MaxVertsPerPoly 3 + s5 % 4, DetailSampleDistance
//       kSampleCells[s5 / 4 % 4] cells, DetailMaxError
//       kDetailRows[s5 / 16 % 4] rows;
//     s6: MaxLocalExtent kExtents[s6 % 4], Area kAreas[s6 / 4 % 4], Flags
//       kFlags[s6 / 16 % 4];
//   the bad-setting byte (only with m bit 3): b % 19 the field (18:
//     Threads), b / 19 % 6 the bad value (kBadReals or kBadInts);
//   a soup: a floor byte f (f % 4 == 0: no floor, else a floor quad
//     [0, (1 + f / 4 % 16) x CellSize]^2 at y = 0, two triangles), the
//     vertex count nv = 3 + b % 10, the triangle count nt = b % 9, nv x 3
//     coordinates (a byte c < 0xF0: x, z = (c % 32 - 4) x 0.5 x CellSize,
//     y = (c % 16) x 0.5 x CellHeight: at most some 16 cells a side, so
//     at most some 64 tiles;
//     c >= 0xF0: kSpecial[c - 0xF0], 0xFF: a raw binary32 from four more
//     bytes), then nt x 3 index bytes (b % (nv + 1): nv is out of range;
//     0xFF: -1);
//   a chunk: sizeX 1 + b % 12, sizeY 1 + b % 6, sizeZ 1 + b % 12, a damage
//     byte (only with m bit 3: d % 4 == 1 sizeX -1, 2 one voxel short,
//     3 sizeY 70000), then per column (x fastest) a byte: solid from row 0
//     up to b % 8 (clamped), and with bit 7 a second run rows
//     b / 8 % 8 ... +1;
//   the volume (m bit 4): x0, z0 bytes (b % 16 - 2), a size byte
//     (1 + b % 8) and an area byte (b % 64);
//   the query bytes: the goal polygon (b % the polygon count), maxNodes
//     (1 + b x 8) and a point byte (an extra nearest-polygon query point,
//     a coordinate as above);
//   a soup whose tile range has more than kMaxSoupTiles (4096) tiles but
//     not more than 2^20 is skipped (seconds of empty tiles, see below);
//   the part byte (m bit 7): the range [x0 + b % 4, x0 + b % 4 + b / 4 % 3]
//     x [z0 + b / 16 % 4, ... + b / 64] of the whole range.
//
// Checks: only ArgumentException, its out-of-range kind and
// InvalidOperationException escape Build (b3d.errors, err.nothing-else);
// the other thread count gives the same tiles byte for byte, or the same
// error (type and fields, b3d.tile-order, b3d.build.parallel); a part of
// the range gives the whole build's tiles there (b3d.build). On a mesh:
// every tile is valid (NavTile::Create on its fields gives the same tile,
// nav.create), Deserialize(Serialize(t)) is t and serializes to the same
// bytes (nav.serialize, nav.deserialize); Stitch(mesh, climb) with the
// climb f32(AgentMaxClimb) of a built mesh throws nothing and every link's
// reverse, with the same [lo, hi], is a link (nav.stitch: its conditions
// are symmetric); NavQuery over the mesh and those links throws nothing
// (built positions lie in pred.domain, Stitch's links pass its checks);
// FindNearestPolygon at every polygon's centre (the mean of its corners)
// with half extents (TileSize, 1e6, TileSize) finds a polygon (the centre
// lies in its own polygon's bounds); FindPath from the first polygon's
// centre to the goal polygon's throws nothing, its corridor starts at the
// start polygon and, when found, ends at the goal; FindStraightPath over
// the corridor starts at the start polygon's closest point to the start
// and ends at a point equal in (x, z) to the last polygon's closest point
// to the goal (nav.query.straight).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "onepath/build3d.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/navmesh.hpp"

using namespace onepath;
using namespace onepath::navmesh;
namespace b3 = onepath::build3d;

namespace {

[[noreturn]] void Fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_navmesh_build: %s\n", what.c_str());
  std::abort();
}

class Reader {
 public:
  Reader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t U8() { return at_ < size_ ? data_[at_++] : 0; }
  float F32() {
    std::uint32_t bits = 0;
    for (int k = 0; k < 4; ++k) bits |= static_cast<std::uint32_t>(U8()) << (8 * k);
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

// The largest soup range the target builds (see LLVMFuzzerTestOneInput).
constexpr std::int64_t kMaxSoupTiles = 4096;

constexpr double kCellSizes[4] = {1.0, 0.5, 0.3, 0.25};
constexpr double kCellHeights[4] = {1.0, 0.5, 0.2, 0.1};
constexpr double kOrigins[4] = {0.0, 0.5, -3.25, 0.1};
constexpr double kSlopes[4] = {45.0, 60.0, 89.9, 0.0};
constexpr double kMaxErrors[4] = {0.0, 0.5, 1.3, 3.0};
constexpr double kSampleCells[4] = {0.0, 1.0, 2.0, 6.0};
constexpr double kDetailRows[4] = {0.0, 0.2, 1.0, 0.5};
constexpr double kExtents[4] = {0x1p22, 4.0, 16.0, 64.0};
constexpr std::int64_t kAreas[4] = {63, 1, 0, 62};
constexpr std::int64_t kFlags[4] = {1, 0, 0xFFFF, 7};
const double kBadReals[6] = {std::numeric_limits<double>::quiet_NaN(), -1.0, 1e300, 0.0,
                             std::numeric_limits<double>::infinity(),  1e9};
constexpr std::int64_t kBadInts[6] = {-1, 0, std::int64_t{1} << 40, 64, 65536, 7};
// Soup coordinates at and beyond the edges of b3d.coordinate-errors.
const float kSpecial[15] = {std::numeric_limits<float>::quiet_NaN(),
                            std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(),
                            -0.0f,
                            0x1p21f,
                            -0x1p21f,
                            0x1.000002p21f,
                            1e30f,
                            1e-40f,
                            0x1p-149f,
                            1000.0f,
                            -64.0f,
                            0.1f,
                            3.999999f,
                            1e-7f};

// A soup coordinate: lattice points half a cell (x, z) or row (y) apart,
// or a special value.
float Coordinate(Reader& in, std::uint8_t c, bool horizontal, const b3::NavSettings& s) {
  if (c == 0xFF) return in.F32();
  if (c >= 0xF0) return kSpecial[c - 0xF0];
  return horizontal ? static_cast<float>((c % 32 - 4) * 0.5 * s.CellSize)
                    : static_cast<float>((c % 16) * 0.5 * s.CellHeight);
}

b3::NavSettings DecodeSettings(Reader& in, std::uint8_t m) {
  const int s0 = in.U8(), s1 = in.U8(), s2 = in.U8(), s3 = in.U8(), s4 = in.U8(), s5 = in.U8(),
            s6 = in.U8();
  b3::NavSettings s;
  s.CellSize = kCellSizes[s0 % 4];
  s.CellHeight = kCellHeights[s0 / 4 % 4];
  const int cells = 2 + s1 % 15;
  s.TileSize = s.CellSize * cells + (s0 / 16 % 4 == 3 ? 1e-5 : 0.0);
  s.OriginX = kOrigins[s1 / 16 % 4];
  s.OriginZ = kOrigins[s1 / 64];
  s.AgentHeight = (1 + s2 % 4) * s.CellHeight;
  s.AgentMaxClimb = (s2 / 4 % 4) * s.CellHeight;
  s.AgentRadius = (s2 / 16 % 3) * s.CellSize;
  s.AgentMaxSlopeDegrees = kSlopes[s2 / 64];
  const int partition = m >> 5 & 3;
  s.Partition = static_cast<b3::Partition>(partition == 3 ? 0 : partition);
  s.MinRegionArea = s3 % 5;
  s.MergeRegionArea = s3 / 5 % 40;
  s.ContourMaxError = kMaxErrors[s4 % 4];
  s.MaxEdgeLength = s4 / 4 % 16;
  s.MaxVertsPerPoly = 3 + s5 % 4;
  s.DetailSampleDistance = kSampleCells[s5 / 4 % 4] * s.CellSize;
  s.DetailMaxError = kDetailRows[s5 / 16 % 4] * s.CellHeight;
  s.MaxLocalExtent = kExtents[s6 % 4];
  s.Area = kAreas[s6 / 4 % 4];
  s.Flags = kFlags[s6 / 16 % 4];
  return s;
}

// One bad value (m bit 3): a setting or Threads.
void Damage(Reader& in, b3::NavSettings& s, BuildOptions& options) {
  const int b = in.U8();
  const double r = kBadReals[b / 19 % 6];
  const std::int64_t i = kBadInts[b / 19 % 6];
  switch (b % 19) {
    case 0:
      s.CellSize = r;
      break;
    case 1:
      s.CellHeight = r;
      break;
    case 2:
      s.TileSize = r;
      break;
    case 3:
      s.OriginX = r;
      break;
    case 4:
      s.AgentHeight = r;
      break;
    case 5:
      s.AgentRadius = r;
      break;
    case 6:
      s.AgentMaxClimb = r;
      break;
    case 7:
      s.AgentMaxSlopeDegrees = r;
      break;
    case 8:
      s.Partition = static_cast<b3::Partition>(3 + b / 19 % 6);
      break;
    case 9:
      s.MinRegionArea = i;
      break;
    case 10:
      s.MergeRegionArea = i;
      break;
    case 11:
      s.ContourMaxError = r;
      break;
    case 12:
      s.MaxEdgeLength = r;
      break;
    case 13:
      s.MaxVertsPerPoly = i;
      break;
    case 14:
      s.DetailMaxError = r;
      break;
    case 15:
      s.MaxLocalExtent = r;
      break;
    case 16:
      s.Area = i;
      break;
    case 17:
      s.Flags = i;
      break;
    default:
      options.Threads = (b / 19 % 2 == 0) ? 0 : 65;
      break;
  }
}

b3::TriangleSoup DecodeSoup(Reader& in, const b3::NavSettings& s) {
  b3::TriangleSoup soup;
  const int f = in.U8();
  if (f % 4 != 0) {
    const auto side = static_cast<float>((1 + f / 4 % 16) * s.CellSize);
    for (const float v : {0.0f, 0.0f, 0.0f, 0.0f, 0.0f, side, side, 0.0f, side, side, 0.0f, 0.0f})
      soup.vertices.push_back(v);
    for (const std::int32_t i : {0, 1, 2, 0, 2, 3}) soup.indices.push_back(i);
  }
  const auto base = static_cast<std::int32_t>(soup.vertices.size() / 3);
  const int nv = 3 + in.U8() % 10, nt = in.U8() % 9;
  for (int v = 0; v < nv; ++v)
    for (int k = 0; k < 3; ++k) soup.vertices.push_back(Coordinate(in, in.U8(), k != 1, s));
  for (int t = 0; t < 3 * nt; ++t) {
    const int b = in.U8();
    soup.indices.push_back(b == 0xFF ? -1 : base + b % (nv + 1));
  }
  return soup;
}

b3::VoxelChunk DecodeChunk(Reader& in, bool bad) {
  b3::VoxelChunk c;
  c.sizeX = 1 + in.U8() % 12;
  c.sizeY = 1 + in.U8() % 6;
  c.sizeZ = 1 + in.U8() % 12;
  const int damage = bad ? in.U8() % 4 : 0;
  c.voxels.assign(static_cast<std::size_t>(c.sizeX * c.sizeY * c.sizeZ), 0);
  for (std::int64_t k = 0; k < c.sizeZ; ++k)
    for (std::int64_t i = 0; i < c.sizeX; ++i) {
      const int b = in.U8();
      auto solid = [&](std::int64_t j) { c.voxels[i + c.sizeX * (j + c.sizeY * k)] = 1; };
      for (std::int64_t j = 0; j < std::min<std::int64_t>(b % 8, c.sizeY); ++j) solid(j);
      if (b & 0x80)
        for (std::int64_t j = b / 8 % 8; j < std::min<std::int64_t>(b / 8 % 8 + 2, c.sizeY); ++j)
          solid(j);
    }
  if (damage == 1) c.sizeX = -1;
  if (damage == 2) c.voxels.pop_back();
  if (damage == 3) c.sizeY = 70000;
  return c;
}

struct Outcome {
  std::optional<NavMesh> mesh;
  std::string error;  // type and fields when Build threw
};

template <typename Input>
Outcome RunBuild(const Input& input, std::span<const b3::ConvexVolume> volumes,
                 const b3::NavSettings& s, const BuildOptions& options) {
  Outcome out;
  try {
    out.mesh = NavMesh::Build(input, volumes, s, options);
  } catch (const ArgumentException& e) {  // and ArgumentOutOfRangeException
    out.error = DescribeError(e);
  } catch (const InvalidOperationException& e) {
    out.error = DescribeError(e);
  } catch (const OnePathException& e) {
    Fail(std::string("Build threw an exception b3d.errors does not name: ") + e.typeName() + ": " +
         DescribeError(e));
  } catch (const std::exception& e) {
    Fail(std::string("Build threw an exception the spec does not allow: ") + e.what());
  } catch (...) {
    Fail("Build threw an exception the spec does not allow (not a std::exception)");
  }
  return out;
}

std::vector<std::vector<std::uint8_t>> MeshBytes(const NavMesh& mesh) {
  std::vector<std::vector<std::uint8_t>> out;
  for (const NavTile* t : mesh.Tiles()) out.push_back(Serialize(*t));
  return out;
}

// Anything the query throws on valid arguments is a defect.
template <typename F>
void NoThrow(const char* what, const F& f) {
  try {
    f();
  } catch (const OnePathException& e) {
    Fail(std::string(what) + " threw on valid arguments: " + e.typeName() + ": " +
         DescribeError(e));
  } catch (const std::exception& e) {
    Fail(std::string(what) + " threw an exception the spec does not allow: " + e.what());
  } catch (...) {
    Fail(std::string(what) + " threw an exception the spec does not allow");
  }
}

WorldPoint Centre(const NavTile& tile, const NavPolygon& p) {
  WorldPoint c;
  for (const std::uint16_t v : p.vertices) {
    const TileVertex& t = tile.vertices()[v];
    c.x += tile.origin().x + t.x;
    c.y += tile.origin().y + t.y;
    c.z += tile.origin().z + t.z;
  }
  const auto n = static_cast<double>(p.vertices.size());
  return {c.x / n, c.y / n, c.z / n};
}

void CheckMesh(const NavMesh& mesh, const b3::NavSettings& s, Reader& in) {
  std::vector<PolygonRef> polygons;
  std::vector<WorldPoint> centres;
  for (const NavTile* tile : mesh.Tiles()) {
    const std::vector<std::uint8_t> bytes = Serialize(*tile);
    NavTile again = *tile;
    NoThrow("Deserialize of a built tile", [&] { again = Deserialize(bytes); });
    if (!(again == *tile) || Serialize(again) != bytes)
      Fail("a built tile does not round-trip through its bytes");
    NoThrow("NavTile::Create on a built tile's fields", [&] {
      again =
          NavTile::Create(tile->tileX(), tile->tileZ(), tile->layer(), tile->origin(),
                          tile->tileSize(), tile->vertices(), tile->polygons(),
                          tile->detailPolygons(), tile->detailVertices(), tile->detailTriangles());
    });
    if (!(again == *tile)) Fail("Create on a built tile's fields gives another tile");
    for (std::uint32_t p = 0; p < tile->polygons().size(); ++p) {
      polygons.push_back({KeyOf(*tile), p});
      centres.push_back(Centre(*tile, tile->polygons()[p]));
    }
  }
  // nav.stitch with a built mesh's climb, f32(AgentMaxClimb).
  const float climb = static_cast<float>(s.AgentMaxClimb);
  std::vector<PortalLink> links;
  NoThrow("Stitch", [&] { links = Stitch(mesh, climb); });
  std::set<std::tuple<TileKey, std::uint32_t, int, TileKey, std::uint32_t, int, float, float>> all;
  for (const PortalLink& l : links)
    all.insert({l.from, l.polygon, l.edge, l.to, l.toPolygon, l.toEdge, l.lo, l.hi});
  for (const PortalLink& l : links)
    if (!all.count({l.to, l.toPolygon, l.toEdge, l.from, l.polygon, l.edge, l.lo, l.hi}))
      Fail("a link without its reverse (nav.stitch)");

  std::optional<NavQuery> query;
  NoThrow("NavQuery", [&] { query.emplace(mesh, links); });
  const int goalByte = in.U8(), nodesByte = in.U8(), pointByte = in.U8();
  if (polygons.empty()) return;
  const double ts = s.TileSize;
  const WorldPoint half{ts, 1e6, ts};
  // A few polygons' centres (every one on small meshes), and one decoded point.
  const std::size_t step = polygons.size() / 16 + 1;
  for (std::size_t i = 0; i < polygons.size(); i += step) {
    std::optional<NearestPolygon> found;
    NoThrow("FindNearestPolygon", [&] { found = query->FindNearestPolygon(centres[i], half); });
    if (!found) Fail("no nearest polygon at a polygon's centre");
  }
  {
    const float c = Coordinate(in, static_cast<std::uint8_t>(pointByte), true, s);
    const WorldPoint p{c, c * 0.5, -c};
    try {
      (void)query->FindNearestPolygon(p, half);
    } catch (const ArgumentException&) {
      // nav.query.values: a point not finite or outside pred.domain.
    } catch (const std::exception& e) {
      Fail(std::string("FindNearestPolygon threw what nav.query.values does not name: ") +
           e.what());
    }
  }
  const PolygonRef start = polygons.front(), goal = polygons[goalByte % polygons.size()];
  const WorldPoint from = centres.front(), to = centres[goalByte % polygons.size()];
  PathResult path;
  NoThrow("FindPath", [&] { path = query->FindPath(start, goal, from, to, 1 + nodesByte * 8); });
  if (std::getenv("NAVMESH_BUILD_VERBOSE"))
    std::fprintf(stderr, "navmesh_build: %zu polygons, %zu links, path %d of %zu polygons\n",
                 polygons.size(), links.size(), static_cast<int>(path.status),
                 path.corridor.size());
  if (path.corridor.empty() || path.corridor.front() != start)
    Fail("the corridor does not start at the start polygon");
  if (path.status == PathStatus::kFound && path.corridor.back() != goal)
    Fail("a found corridor does not end at the goal");
  std::vector<WorldPoint> straight;
  WorldPoint s0, e0;
  NoThrow("FindStraightPath", [&] {
    straight = query->FindStraightPath(from, to, path.corridor);
    s0 = query->ClosestPoint(path.corridor.front(), from);
    e0 = query->ClosestPoint(path.corridor.back(), to);
  });
  if (straight.empty() || !(straight.front() == s0))
    Fail("the straight path does not start at the start's closest point");
  if (straight.back().x != e0.x || straight.back().z != e0.z)
    Fail("the straight path does not end at the goal's closest point (in x, z)");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Reader in(data, size);
  const std::uint8_t m = in.U8();
  const bool chunkInput = (m & 1) != 0, bad = (m & 8) != 0;
  b3::NavSettings s = DecodeSettings(in, m);
  BuildOptions options;
  options.Threads = (m & 2) ? 2 : 1;
  if (bad) Damage(in, s, options);
  b3::TriangleSoup soup;
  b3::VoxelChunk chunk;
  if (chunkInput)
    chunk = DecodeChunk(in, bad);
  else
    soup = DecodeSoup(in, s);
  // A soup whose range holds more than kMaxSoupTiles tiles (a coordinate
  // near 2^21 with small tiles: up to 2^20 tiles, legal, b3d.soup-tiles) is
  // skipped: every tile of the range is visited, some 10 us each without
  // sanitizers, so such inputs take seconds (the first finding,
  // regressions/navmesh_build/23e31346deac866d3b95b58aa8d9e8514310095a: 786,432 tiles, 11 s).
  if (!chunkInput) {
    std::int64_t count = 0;
    try {
      b3::DeriveSettings(s);
      b3::CheckSoup(soup);
      count = b3::SoupTiles(soup, s).Count();
    } catch (const OnePathException&) {
      // Build throws this before any tile.
    }
    if (count > kMaxSoupTiles && count <= (std::int64_t{1} << 20)) return 0;
  }
  std::vector<b3::ConvexVolume> volumes;
  if (m & 0x10) {
    const float x0 = static_cast<float>(in.U8() % 16) - 2.0f,
                z0 = static_cast<float>(in.U8() % 16) - 2.0f;
    const float side = static_cast<float>(1 + in.U8() % 8);
    volumes.push_back({{{x0, z0}, {x0, z0 + side}, {x0 + side, z0 + side}, {x0 + side, z0}},
                       -1.0f,
                       4.0f,
                       static_cast<std::int64_t>(in.U8() % 64)});
  }
  auto build = [&](const BuildOptions& o) {
    return chunkInput ? RunBuild(chunk, volumes, s, o) : RunBuild(soup, volumes, s, o);
  };
  const Outcome first = build(options);
  // With NAVMESH_BUILD_VERBOSE set (a replay), each input's outcome on stderr.
  if (std::getenv("NAVMESH_BUILD_VERBOSE"))
    std::fprintf(
        stderr, "navmesh_build: %s\n",
        first.mesh ? ("tiles " + std::to_string(first.mesh->size())).c_str() : first.error.c_str());
  if (m & 4) {
    BuildOptions other = options;
    if (other.Threads == 1 || other.Threads == 2) other.Threads = 3 - other.Threads;
    const Outcome second = build(other);
    if (first.error != second.error)
      Fail("1 and 2 threads throw differently: [" + first.error + "] vs [" + second.error + "]");
    if (first.mesh && MeshBytes(*first.mesh) != MeshBytes(*second.mesh))
      Fail("1 and 2 threads give different bytes");
  }
  if (!first.mesh) {
    in.U8(), in.U8(), in.U8();
  } else {
    CheckMesh(*first.mesh, s, in);
  }
  if ((m & 0x80) && first.mesh) {
    const b3::TileRange whole =
        chunkInput ? b3::VoxelTiles(chunk.sizeX, chunk.sizeZ, b3::DeriveSettings(s))
                   : b3::SoupTiles(soup, s);
    const int b = in.U8();
    b3::TileRange part{whole.x0 + b % 4, whole.x0 + b % 4 + b / 4 % 3, whole.z0 + b / 16 % 4,
                       whole.z0 + b / 16 % 4 + b / 64};
    BuildOptions o = options;
    o.only = part;
    const Outcome some = build(o);
    if (!some.mesh) Fail("a part of the range throws where the whole build did not: " + some.error);
    std::size_t expected = 0;
    for (const NavTile* t : first.mesh->Tiles()) {
      if (!part.Contains(t->tileX(), t->tileZ())) continue;
      ++expected;
      const NavTile* same = some.mesh->Find(t->tileX(), t->tileZ(), t->layer());
      if (same == nullptr || Serialize(*same) != Serialize(*t))
        Fail("a part of the range gives other bytes than the whole build (b3d.build)");
    }
    if (some.mesh->size() != expected)
      Fail("a part of the range gives tiles the whole build has not");
  }
  return 0;
}
