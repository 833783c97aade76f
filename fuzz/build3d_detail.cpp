// Fuzz target for the height detail of the 3D build
// (docs/spec/build3d-detail.md, b3d.detail.*): DetailMeshBuilder::Build on
// the polygons of a decoded tile (its field through the reference's
// partition, cut, trace and polygonizer), with decoded detail settings.
// clauses: b3d.detail.build b3d.detail.values b3d.detail.nearest-row
// clauses: b3d.detail.edge-points b3d.detail.edge-limit b3d.detail.hull
// clauses: b3d.detail.lawson b3d.detail.samples b3d.detail.refine
// clauses: b3d.detail.output b3d.detail.limit b3d.detail.stage-input
// clauses: b3d.detail.promise err.nothing-else
//
// Input: the field and settings of fuzz/build3d_field_input.hpp (its
// encoding is documented there; inputs whose field or settings it damages
// are the region targets' and are not run here), then the detail byte b:
// b % 3 the partition, 3 + b / 3 % 4 MaxVertsPerPoly, b / 12 % 7 the
// detail preset (kSampleCells: DetailSampleDistance in cells, 0 and 0.5
// keep the detail off; kMaxErrorRows: DetailMaxError in rows), and the
// damage byte g: g % 8 == 1 minRow 65536, 2 minRow -1, 3 a polygon's
// corner names the vertex count, 4 a polygon loses all but two corners, 5
// DetailMaxError -1 (b3d.settings-checks), otherwise none.
//
// Checks: only the spec's exception types escape (err.nothing-else); Build
// throws exactly on a damaged input (b3d.detail.stage-input) or on a
// polygon of more than 255 triangles (b3d.detail.limit, with that count
// and polygon); the result has one entry per polygon with bases the sums
// of the counts before it, minRow the one given, vertex numbers below the
// polygon's corners plus its extras and below 255, three distinct numbers
// a triangle, no directed edge twice in a polygon, flag bit k set exactly
// when edge k has no reversed twin (b3d.detail.output), flag bits 3 ... 7
// clear, every extra vertex used, and the boundary edges (flagged) one
// cycle through the corners 0 ... n-1 in order (b3d.detail.promise). On
// meshes of at most kOracleMaxCorners corners in all, the brute-force
// oracle (oracles/boost_mp/detail_bruteforce, written from the spec text)
// must give the same bytes, or the same error type and fields.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fuzz/build3d_field_input.hpp"
#include "onepath/build3d.hpp"
#include "onepath/core/errors.hpp"
#include "oracles/boost_mp/detail_bruteforce.hpp"

using namespace onepath;
using namespace onepath::build3d;

namespace {

const char* kName = "fuzz_build3d_detail";

[[noreturn]] void Fail(const std::string& what) { fuzz::Fail(kName, what); }

bool Throws(const std::function<void()>& f) { return fuzz::Throws(kName, f); }

// DetailSampleDistance in cells (0 and 0.5: off, b3d.detail.sample-distance)
// and DetailMaxError in rows, by preset.
constexpr double kSampleCells[7] = {0.0, 0.5, 1.0, 1.25, 2.0, 6.0, 1e9};
constexpr double kMaxErrorRows[7] = {1.0, 0.0, 0.0, 0.5, 1.0, 0.25, 0.0};

// The largest mesh (corners summed over its polygons) the oracle checks.
constexpr std::size_t kOracleMaxCorners = 40;

// The oracle's run on the same values, read into its own structs.
oracle::BfDetailResult OracleRun(const PolyMesh& mesh, const CompactHeightfield& h,
                                 const BorderCut& cut, std::int64_t minRow, const NavSettings& s) {
  oracle::BfDetailField field{h.width(), h.depth(), {}};
  std::size_t span = 0;
  for (const auto& column : ColumnLists(h)) {
    auto& c = field.columns.emplace_back();
    for (const CompactSpan& sp : column) c.push_back({sp.y, cut.regions[span++]});
  }
  oracle::BfDetailInputMesh m;
  for (const PolyVertex& v : mesh.vertices) m.vertices.push_back({v.x, v.y, v.z});
  for (const MeshPolygon& p : mesh.polygons) {
    auto& q = m.polygons.emplace_back();
    q.region = p.region;
    for (const PolyCorner& c : p.corners) q.corners.push_back(c.vertex);
  }
  return oracle::BruteForceDetail(
      m, field, minRow,
      oracle::BfDetailSettingsFrom(s.CellSize, s.CellHeight, s.TileSize, s.AgentRadius,
                                   s.AgentMaxClimb, s.DetailSampleDistance, s.DetailMaxError),
      0, 0);
}

// The oracle's error against the reference's (type and every field).
void CompareError(const oracle::BfDetailError& o, const OnePathException& e) {
  const char* type = o.kind == oracle::BfDetailError::Kind::kArgument ? "ArgumentException"
                     : o.kind == oracle::BfDetailError::Kind::kArgumentOutOfRange
                         ? "ArgumentOutOfRangeException"
                         : "InvalidOperationException";
  const ErrorFields& f = e.fields();
  if (std::string(e.typeName()) != type || f.argument != o.argument || f.polygon != o.polygon ||
      f.vertex != o.vertex || f.count != o.count || f.value != o.value)
    Fail(std::string("the error differs from the brute-force oracle's: ") + e.typeName() + " vs " +
         type);
}

// b3d.poly.rows: minRow (0 for a mesh without polygons).
std::int64_t MinRowOf(const PolyMesh& mesh) {
  const std::optional<PolyRows> rows = PolygonRows(mesh);
  return rows ? rows->minRow : 0;
}

void CheckDetail(const PolyMesh& mesh, const DetailMesh& detail, std::int64_t minRow) {
  if (detail.minRow != minRow) Fail("minRow is not the one given");
  if (detail.polygons.size() != mesh.polygons.size()) Fail("not one entry per polygon");
  std::uint64_t vertexBase = 0, triangleBase = 0;
  for (std::size_t p = 0; p < mesh.polygons.size(); ++p) {
    const std::string at = "polygon " + std::to_string(p) + ": ";
    const DetailPolygon& e = detail.polygons[p];
    if (e.vertexBase != vertexBase || e.triangleBase != triangleBase)
      Fail(at + "a base is not the sum of the counts before it");
    vertexBase += e.vertexCount;
    triangleBase += e.triangleCount;
    if (vertexBase > detail.vertices.size() || triangleBase > detail.triangles.size())
      Fail(at + "a range past the end of its list");
    const std::size_t n = mesh.polygons[p].corners.size();
    const std::size_t V = n + e.vertexCount;
    if (V > 255) Fail(at + "more than 255 vertices");
    if (e.triangleCount > 255) Fail(at + "more than 255 triangles");
    std::map<std::pair<int, int>, int> edges;  // directed edge -> count
    std::vector<bool> used(V, false);
    for (std::uint32_t t = 0; t < e.triangleCount; ++t) {
      const DetailTriangle& tri = detail.triangles[e.triangleBase + t];
      const int v[3] = {tri.a, tri.b, tri.c};
      for (int k = 0; k < 3; ++k) {
        if (static_cast<std::size_t>(v[k]) >= V) Fail(at + "a vertex number out of range");
        used[v[k]] = true;
        if (v[k] == v[(k + 1) % 3]) Fail(at + "a triangle repeats a vertex");
        if (++edges[{v[k], v[(k + 1) % 3]}] > 1) Fail(at + "a directed edge twice");
      }
    }
    std::map<int, int> boundaryNext;
    for (std::uint32_t t = 0; t < e.triangleCount; ++t) {
      const DetailTriangle& tri = detail.triangles[e.triangleBase + t];
      if ((tri.flags & 0xF8) != 0) Fail(at + "flag bits 3 ... 7 set");
      const int v[3] = {tri.a, tri.b, tri.c};
      for (int k = 0; k < 3; ++k) {
        const bool boundary = edges.count({v[(k + 1) % 3], v[k]}) == 0;
        if (boundary != ((tri.flags >> k & 1) != 0))
          Fail(at + "a flag bit is not whether its edge has a neighbour");
        if (boundary && !boundaryNext.emplace(v[k], v[(k + 1) % 3]).second)
          Fail(at + "two boundary edges leave one vertex");
      }
    }
    if (std::find(used.begin(), used.end(), false) != used.end())
      Fail(at + "a vertex no triangle uses");
    // The ring: from corner 0 through every boundary edge, meeting the
    // corners in order (b3d.detail.promise).
    int at0 = 0, corner = 0;
    std::size_t steps = 0;
    do {
      auto it = boundaryNext.find(at0);
      if (it == boundaryNext.end()) Fail(at + "the boundary is not one cycle");
      at0 = it->second;
      if (at0 < static_cast<int>(n) && at0 != (corner + 1) % static_cast<int>(n))
        Fail(at + "the ring meets the corners out of order");
      if (at0 < static_cast<int>(n)) corner = at0;
      if (++steps > boundaryNext.size()) Fail(at + "the boundary is not one cycle");
    } while (at0 != 0);
    if (steps != boundaryNext.size()) Fail(at + "boundary edges off the ring");
  }
  if (vertexBase != detail.vertices.size() || triangleBase != detail.triangles.size())
    Fail("the lists are longer than the polygons' ranges");
}

void Run(const fuzz::FieldCase& c, fuzz::ByteReader& in) {
  const int b = in.U8(), g = in.U8() % 8;
  NavSettings s = c.settings;
  s.Partition = static_cast<Partition>(b % 3);
  s.MaxVertsPerPoly = 3 + b / 3 % 4;
  const int preset = b / 12 % 7;
  s.DetailSampleDistance = kSampleCells[preset] * c.derived.cs;
  s.DetailMaxError = kMaxErrorRows[preset] * s.CellHeight;
  const CompactHeightfield& h = c.field;
  BorderCut cut;
  ContourSet contours;
  PolyMesh mesh;
  if (Throws([&] {
        cut = RegionPipeline::CutBorder(h, RegionPipeline::Partition(h, s), s);
        contours = RegionPipeline::Trace(h, cut, s);
        mesh = Polygonizer::Build(contours, s);
      }))
    Fail("the stages before the detail threw on a valid input");
  std::int64_t minRow = MinRowOf(mesh);
  bool damaged = true;
  switch (g) {
    case 1:
      minRow = 65536;
      break;
    case 2:
      minRow = -1;
      break;
    case 3:
      if (mesh.polygons.empty())
        damaged = false;
      else
        mesh.polygons.back().corners.back().vertex =
            static_cast<std::uint32_t>(mesh.vertices.size());
      break;
    case 4:
      if (mesh.polygons.empty())
        damaged = false;
      else
        mesh.polygons.front().corners.resize(2);
      break;
    case 5:
      s.DetailMaxError = -1.0;
      break;
    default:
      damaged = false;
      break;
  }
  DetailMesh detail;
  bool limit = false;
  const bool threw =
      Throws([&] { detail = DetailMeshBuilder::Build(mesh, h, cut, minRow, s, 0, 0); });
  if (threw && !damaged) {
    // Only b3d.detail.limit may throw on a valid input: run it again to
    // read the fields.
    try {
      DetailMeshBuilder::Build(mesh, h, cut, minRow, s, 0, 0);
    } catch (const InvalidOperationException& e) {
      const ErrorFields& f = e.fields();
      if (!f.count || *f.count <= 255 || !f.polygon || *f.polygon < 0 ||
          static_cast<std::size_t>(*f.polygon) >= mesh.polygons.size())
        Fail("an InvalidOperationException without the limit's fields (b3d.detail.limit)");
      limit = true;
    } catch (const OnePathException&) {
      Fail("Build threw on a valid input (not the triangle limit)");
    }
  }
  if (threw != (damaged || limit))
    Fail(threw ? "Build threw on a valid input" : "Build did not throw on a damaged input");
  if (!threw) CheckDetail(mesh, detail, minRow);

  std::size_t corners = 0;
  for (const MeshPolygon& p : mesh.polygons) corners += p.corners.size();
  if (corners > kOracleMaxCorners || g == 5) return;  // settings errors are not the oracle's
  const oracle::BfDetailResult expected = OracleRun(mesh, h, cut, minRow, s);
  if (expected.error.has_value() != threw)
    Fail(threw ? "Build threw, the brute-force oracle did not"
               : "the brute-force oracle threw, Build did not");
  if (threw) {
    try {
      DetailMeshBuilder::Build(mesh, h, cut, minRow, s, 0, 0);
    } catch (const OnePathException& e) {
      CompareError(*expected.error, e);
    }
  } else if (CanonicalBytes(detail) != oracle::BruteForceDetailBytes(expected.mesh)) {
    Fail("the detail differs from the brute-force oracle's");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::ByteReader in(data, size);
  fuzz::FieldCase c;
  if (Throws([&] { c = fuzz::DecodeField(in); }))
    Fail("making the field threw (the generators and span stages on good settings)");
  if (!c.made || c.badSetting || c.damage != fuzz::Damage::kNone) return 0;
  Run(c, in);
  return 0;
}
