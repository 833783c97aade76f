// The height detail (b3d.detail.*, DetailMeshBuilder::Build) against the
// brute-force oracle written from the spec text alone
// (oracles/boost_mp/detail_bruteforce.*: NearestRow by scanning its columns,
// every ear rescanned, every triangle scanned for an edge, every sample
// scanned each round, exact cpp_int predicates). Byte for byte on the
// canonical bytes (b3d.detail.values), and the same error (type and fields)
// when one is thrown.
//
// Inputs: (a) real tiles: the reference pipeline's stage `volumes` of
// generated levels and random heightfields, a partition, the cut, the
// contours and Polygonizer::Build's mesh, minRow the least row of the
// vertices some polygon uses (b3d.poly.rows), with the tile's detail
// settings and with one other sample distance / error / climb; (b)
// synthetic: small random fields with random convex (and a few arbitrary)
// polygons, corners also outside the grid, regions no span carries, minRow
// above vertex rows, and the hard cases: more than 255 detail vertices
// (b3d.detail.edge-limit), edges of more than 4096 steps, the 255-triangle
// limit (b3d.detail.limit), the mesh checks and minRow out of range
// (b3d.detail.stage-input). A negative control plants a difference.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "conformance/generators/build3d_fields.hpp"
#include "conformance/generators/levels.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/build3d.hpp"
#include "onepath/core/errors.hpp"
#include "oracles/boost_mp/detail_bruteforce.hpp"

namespace {

namespace b3d = onepath::build3d;
namespace bf = onepath::oracle;
using onepath::ErrorFields;

struct Tally {
  std::int64_t fields = 0, builds = 0, polygons = 0, triangles = 0, samples = 0, inserted = 0,
               insertedOnEdge = 0, dropped = 0, dead = 0, edgePoints = 0, edgeLimit = 0,
               longEdges = 0, vertexLimit = 0, flips = 0, relaxedEars = 0, forcedEars = 0,
               detailOn = 0, tipped = 0, limitErrors = 0, otherErrors = 0, mismatches = 0;
  std::string first;

  void Add(const bf::BfDetailStats& s) {
    polygons += s.polygons;
    triangles += s.triangles;
    samples += s.samples;
    inserted += s.inserted;
    insertedOnEdge += s.insertedOnEdge;
    dropped += s.dropped;
    dead += s.dead;
    edgePoints += s.edgePoints;
    edgeLimit += s.edgeLimit;
    longEdges += s.longEdges;
    vertexLimit += s.vertexLimit;
    flips += s.flips;
    relaxedEars += s.relaxedEars;
    forcedEars += s.forcedEars;
    detailOn += s.detailOn;
    tipped += s.tippedEdgePoints;
  }
  void Add(const Tally& t) {
    fields += t.fields;
    builds += t.builds;
    limitErrors += t.limitErrors;
    otherErrors += t.otherErrors;
    if (mismatches == 0 && t.mismatches > 0) first = t.first;
    mismatches += t.mismatches;
    bf::BfDetailStats s;
    s.polygons = t.polygons;
    s.triangles = t.triangles;
    s.samples = t.samples;
    s.inserted = t.inserted;
    s.insertedOnEdge = t.insertedOnEdge;
    s.dropped = t.dropped;
    s.dead = t.dead;
    s.edgePoints = t.edgePoints;
    s.edgeLimit = t.edgeLimit;
    s.longEdges = t.longEdges;
    s.vertexLimit = t.vertexLimit;
    s.flips = t.flips;
    s.relaxedEars = t.relaxedEars;
    s.forcedEars = t.forcedEars;
    s.detailOn = t.detailOn;
    s.tippedEdgePoints = t.tipped;
    Add(s);
  }
  void Print(const char* source, double seconds) const {
    std::printf(
        "detail differential, %s: %lld fields, %lld builds, %lld polygons (%lld with detail on), "
        "%lld triangles, %lld edge points (%lld off their edge in binary32), %lld polygons over "
        "the vertex limit, %lld edges over "
        "4096 steps, %lld samples, %lld inserted (%lld on an edge), %lld dropped, %lld dead, "
        "%lld polygons at V = 255, %lld flips, %lld relaxed and %lld forced ears, %lld limit "
        "errors, %lld other errors, %lld mismatches; %.1f s\n",
        source, static_cast<long long>(fields), static_cast<long long>(builds),
        static_cast<long long>(polygons), static_cast<long long>(detailOn),
        static_cast<long long>(triangles), static_cast<long long>(edgePoints),
        static_cast<long long>(tipped), static_cast<long long>(edgeLimit),
        static_cast<long long>(longEdges), static_cast<long long>(samples),
        static_cast<long long>(inserted), static_cast<long long>(insertedOnEdge),
        static_cast<long long>(dropped), static_cast<long long>(dead),
        static_cast<long long>(vertexLimit), static_cast<long long>(flips),
        static_cast<long long>(relaxedEars), static_cast<long long>(forcedEars),
        static_cast<long long>(limitErrors), static_cast<long long>(otherErrors),
        static_cast<long long>(mismatches), seconds);
    if (mismatches > 0) std::printf("  first mismatch: %s\n", first.c_str());
  }
};

Tally& Total() {
  static Tally total;
  return total;
}
int& SourcesRun() {
  static int count = 0;
  return count;
}

// --- conversions to the oracle's types (values only) -------------------------

bf::BfDetailSettings OracleSettings(const b3d::NavSettings& s) {
  return bf::BfDetailSettingsFrom(s.CellSize, s.CellHeight, s.TileSize, s.AgentRadius,
                                  s.AgentMaxClimb, s.DetailSampleDistance, s.DetailMaxError);
}

bf::BfDetailField OracleField(const b3d::CompactHeightfield& h, const b3d::BorderCut& cut) {
  bf::BfDetailField f;
  f.width = h.width();
  f.depth = h.depth();
  f.columns.resize(h.columnCount());
  std::size_t index = 0;
  for (std::size_t c = 0; c < h.columnCount(); ++c)
    for (const b3d::CompactSpan& s : h.Column(c))
      f.columns[c].push_back({static_cast<std::int64_t>(s.y), cut.regions.at(index++)});
  return f;
}

bf::BfDetailInputMesh OracleMesh(const b3d::PolyMesh& mesh) {
  bf::BfDetailInputMesh m;
  for (const b3d::PolyVertex& v : mesh.vertices) m.vertices.push_back({v.x, v.y, v.z});
  for (const b3d::MeshPolygon& p : mesh.polygons) {
    bf::BfDetailMeshPolygon q;
    q.region = p.region;
    for (const b3d::PolyCorner& c : p.corners) q.corners.push_back(c.vertex);
    m.polygons.push_back(q);
  }
  return m;
}

// The reference's error as the oracle's.
struct Thrown {
  bf::BfDetailError::Kind kind;
  ErrorFields fields;
};

std::string Describe(const bf::BfDetailError& e) {
  std::string s = e.kind == bf::BfDetailError::Kind::kArgument             ? "ArgumentException"
                  : e.kind == bf::BfDetailError::Kind::kArgumentOutOfRange ? "OutOfRange"
                                                                           : "InvalidOperation";
  if (e.argument) s += " argument " + *e.argument;
  if (e.polygon) s += " polygon " + std::to_string(*e.polygon);
  if (e.vertex) s += " vertex " + std::to_string(*e.vertex);
  if (e.count) s += " count " + std::to_string(*e.count);
  if (e.tileX) s += " tileX " + std::to_string(*e.tileX);
  if (e.tileZ) s += " tileZ " + std::to_string(*e.tileZ);
  if (e.value) s += " value " + std::to_string(*e.value);
  return s;
}

bf::BfDetailError FromReference(const Thrown& t) {
  bf::BfDetailError e;
  e.kind = t.kind;
  e.argument = t.fields.argument;
  e.polygon = t.fields.polygon;
  e.vertex = t.fields.vertex;
  e.count = t.fields.count;
  e.tileX = t.fields.tileX;
  e.tileZ = t.fields.tileZ;
  e.value = t.fields.value;
  return e;
}

// Fields the oracle never sets must be absent on the reference's side.
bool OnlyDetailFields(const ErrorFields& f) {
  return !f.outline && !f.ring && !f.edge && !f.triangle && !f.volume && !f.column && !f.span &&
         !f.setting;
}

enum class Plant { kNone, kFlags, kVertexX, kErrorCount };

// Builds with both and compares; returns the first difference.
std::optional<std::string> Compare(const b3d::PolyMesh& mesh, const b3d::CompactHeightfield& h,
                                   const b3d::BorderCut& cut, std::int64_t minRow,
                                   const b3d::NavSettings& settings, std::int64_t tileX,
                                   std::int64_t tileZ, Tally& tally, Plant plant = Plant::kNone) {
  std::optional<b3d::DetailMesh> got;
  std::optional<Thrown> thrown;
  try {
    got = b3d::DetailMeshBuilder::Build(mesh, h, cut, minRow, settings, tileX, tileZ);
  } catch (const onepath::ArgumentOutOfRangeException& e) {
    thrown = Thrown{bf::BfDetailError::Kind::kArgumentOutOfRange, e.fields()};
  } catch (const onepath::ArgumentException& e) {
    thrown = Thrown{bf::BfDetailError::Kind::kArgument, e.fields()};
  } catch (const onepath::InvalidOperationException& e) {
    thrown = Thrown{bf::BfDetailError::Kind::kInvalidOperation, e.fields()};
  }
  bf::BfDetailResult want = bf::BruteForceDetail(OracleMesh(mesh), OracleField(h, cut), minRow,
                                                 OracleSettings(settings), tileX, tileZ);
  ++tally.builds;
  tally.Add(want.stats);
  if (plant == Plant::kFlags && !want.mesh.triangles.empty()) want.mesh.triangles[0].flags ^= 1;
  if (plant == Plant::kVertexX && !want.mesh.vertices.empty())
    want.mesh.vertices.back().x = std::nextafter(want.mesh.vertices.back().x, 1e9f);
  if (plant == Plant::kErrorCount && want.error && want.error->count) ++*want.error->count;
  if (want.error) {
    if (want.error->kind == bf::BfDetailError::Kind::kInvalidOperation)
      ++tally.limitErrors;
    else
      ++tally.otherErrors;
  }
  if (thrown || want.error) {
    if (!thrown) return "the oracle throws " + Describe(*want.error) + ", the reference does not";
    const bf::BfDetailError ref = FromReference(*thrown);
    if (!want.error) return "the reference throws " + Describe(ref) + ", the oracle does not";
    const bf::BfDetailError& o = *want.error;
    const bool same = ref.kind == o.kind && ref.argument == o.argument &&
                      ref.polygon == o.polygon && ref.vertex == o.vertex && ref.count == o.count &&
                      ref.tileX == o.tileX && ref.tileZ == o.tileZ && ref.value == o.value &&
                      OnlyDetailFields(thrown->fields);
    if (!same) return "reference " + Describe(ref) + ", oracle " + Describe(o);
    return std::nullopt;
  }
  const std::vector<std::uint8_t> a = b3d::CanonicalBytes(*got);
  const std::vector<std::uint8_t> b = bf::BruteForceDetailBytes(want.mesh);
  if (a == b) return std::nullopt;
  // Name the first differing element.
  const auto& g = *got;
  const auto& w = want.mesh;
  for (std::size_t p = 0; p < std::min(g.polygons.size(), w.polygons.size()); ++p) {
    const auto& gp = g.polygons[p];
    const auto& wp = w.polygons[p];
    if (gp.vertexCount != wp.vertexCount || gp.triangleCount != wp.triangleCount ||
        gp.vertexBase != wp.vertexBase || gp.triangleBase != wp.triangleBase)
      return "polygon " + std::to_string(p) + ": reference " + std::to_string(gp.vertexCount) +
             " vertices " + std::to_string(gp.triangleCount) + " triangles, oracle " +
             std::to_string(wp.vertexCount) + " vertices " + std::to_string(wp.triangleCount) +
             " triangles";
    for (std::uint32_t k = 0; k < gp.vertexCount; ++k) {
      const auto& gv = g.vertices[gp.vertexBase + k];
      const auto& wv = w.vertices[wp.vertexBase + k];
      const b3d::DetailVertex wref{wv.x, wv.y, wv.z};
      if (std::memcmp(&gv, &wref, sizeof gv) != 0)
        return "polygon " + std::to_string(p) + " extra vertex " + std::to_string(k);
    }
    for (std::uint32_t k = 0; k < gp.triangleCount; ++k) {
      const auto& gt = g.triangles[gp.triangleBase + k];
      const auto& wt = w.triangles[wp.triangleBase + k];
      if (gt.a != wt.a || gt.b != wt.b || gt.c != wt.c || gt.flags != wt.flags)
        return "polygon " + std::to_string(p) + " triangle " + std::to_string(k) + ": reference (" +
               std::to_string(gt.a) + ", " + std::to_string(gt.b) + ", " + std::to_string(gt.c) +
               ") flags " + std::to_string(gt.flags) + ", oracle (" + std::to_string(wt.a) + ", " +
               std::to_string(wt.b) + ", " + std::to_string(wt.c) + ") flags " +
               std::to_string(wt.flags);
    }
  }
  return "the canonical bytes differ (" + std::to_string(a.size()) + " and " +
         std::to_string(b.size()) + " bytes)";
}

void Keep(Tally& t, const std::string& label, const std::optional<std::string>& m) {
  if (!m) return;
  if (t.mismatches++ == 0) t.first = label + ": " + *m;
}

// minRow of b3d.poly.rows: the least y over the vertices some polygon uses.
std::int64_t MinRow(const b3d::PolyMesh& mesh) {
  std::int64_t least = 65535;
  for (const b3d::MeshPolygon& p : mesh.polygons)
    for (const b3d::PolyCorner& c : p.corners)
      least = std::min<std::int64_t>(least, mesh.vertices[c.vertex].y);
  return least;
}

// The other detail settings a real tile is also built with: detail off,
// sampling just above the off switch, every cell, two cells, with errors
// of 0, half a row and two rows, and other climbs (R of NearestRow).
struct DetailVariant {
  double sampleCells;  // DetailSampleDistance / cs (about)
  double errorRows;    // DetailMaxError / CellHeight
  double climbRows;    // AgentMaxClimb / CellHeight
};
constexpr DetailVariant kVariants[] = {{0.5, 1, 4}, {0.95, 0, 1},  {1.0, 0.5, 0}, {2.0, 0, 8},
                                       {1.5, 2, 2}, {3.0, 0.2, 4}, {0.0, 0, 0},   {1.2, 0, 3},
                                       {6.0, 1, 4}, {1.0, 0, 12}};

// One tile of the pipeline: partition, cut, contours, polygons, then the
// detail with the tile's settings and one variant.
void RealTile(const std::string& label, const b3d::CompactHeightfield& h, b3d::NavSettings settings,
              std::int64_t tx, std::int64_t tz, Tally& tally) {
  static constexpr b3d::Partition kKinds[3] = {b3d::Partition::Watershed, b3d::Partition::Monotone,
                                               b3d::Partition::Layers};
  settings.Partition = kKinds[static_cast<std::size_t>(tally.fields) % 3];
  const auto regions = b3d::RegionPipeline::Partition(h, settings);
  const b3d::BorderCut cut = b3d::RegionPipeline::CutBorder(h, regions, settings);
  if (cut.empty) return;
  const b3d::ContourSet contours = b3d::RegionPipeline::Trace(h, cut, settings);
  const b3d::PolyMesh mesh = b3d::Polygonizer::Build(contours, settings);
  if (mesh.polygons.empty()) return;
  ++tally.fields;
  const std::int64_t minRow = MinRow(mesh);
  Keep(tally, label + ", own settings", Compare(mesh, h, cut, minRow, settings, tx, tz, tally));
  const DetailVariant& v = kVariants[static_cast<std::size_t>(tally.fields) % std::size(kVariants)];
  const auto d = b3d::Mesh3DPipeline::DeriveSettings(settings);
  b3d::NavSettings other = settings;
  other.DetailSampleDistance = v.sampleCells * d.cs;
  other.DetailMaxError = v.errorRows * settings.CellHeight;
  other.AgentMaxClimb = v.climbRows * settings.CellHeight;
  Keep(tally, label + ", variant", Compare(mesh, h, cut, minRow, other, tx, tz, tally));
}

Tally LevelTiles(std::uint64_t seed, int levels) {
  Tally tally;
  std::mt19937_64 random(seed);
  const std::vector<b3d::NavSettings> presets = onepath::gen::RegionLevelSettings();
  int index = 0;
  for (;;) {
    for (const auto kind : onepath::gen::AllLevelKinds()) {
      for (const int size : {16, 24, 32, 48}) {
        if (index >= levels) return tally;
        onepath::gen::LevelOptions options;
        options.kind = kind;
        options.size = size;
        options.seed = seed + static_cast<std::uint64_t>(index);
        const auto soup = onepath::gen::ToSoup(onepath::gen::MakeLevel(options).soup);
        const b3d::NavSettings& settings =
            presets[static_cast<std::size_t>(index) % presets.size()];
        const auto volumes = onepath::gen::RandomVolumes(random, 0, options.size, -0.5, 6, 3);
        const auto range = b3d::SoupTiles(soup, settings);
        for (const auto& tile : b3d::BuildOrder(range)) {
          const auto spans =
              b3d::Mesh3DPipeline::TileSpans(soup, volumes, settings, tile.x, tile.z);
          RealTile(std::string(onepath::gen::LevelKindName(kind)) + " size " +
                       std::to_string(size) + " tile (" + std::to_string(tile.x) + ", " +
                       std::to_string(tile.z) + ")",
                   spans.volumes, settings, tile.x, tile.z, tally);
        }
        ++index;
      }
    }
  }
}

Tally FieldTiles(std::uint64_t seed, int fields) {
  Tally tally;
  std::mt19937_64 random(seed);
  for (int index = 0; index < fields; ++index) {
    b3d::NavSettings settings;
    settings.CellSize = 1;
    settings.CellHeight = index % 3 == 0 ? 0.5 : 1;
    settings.TileSize = std::uniform_int_distribution<int>(4, 24)(random);
    settings.AgentHeight = std::uniform_int_distribution<int>(2, 10)(random);
    settings.AgentMaxClimb = std::uniform_int_distribution<int>(0, 6)(random);
    settings.AgentRadius = std::uniform_int_distribution<int>(0, 2)(random);
    settings.MinRegionArea = std::uniform_int_distribution<int>(0, 20)(random);
    settings.MergeRegionArea = std::uniform_int_distribution<int>(0, 100)(random);
    settings.DetailSampleDistance = std::uniform_real_distribution<double>(0.5, 4)(random);
    settings.DetailMaxError = std::uniform_real_distribution<double>(0, 2)(random);
    const auto d = b3d::Mesh3DPipeline::DeriveSettings(settings);
    const auto input = onepath::gen::RandomHeightfield(random, d.tileCells);
    const auto volumes = onepath::gen::RandomVolumes(random, 0, 3.0 * d.tileCells, 0, 200, 2);
    const auto range = b3d::VoxelTiles(input.width, input.depth, d);
    for (const auto& tile : b3d::BuildOrder(range)) {
      const auto spans = b3d::Mesh3DPipeline::TileSpans(input, volumes, settings, tile.x, tile.z);
      RealTile("random field " + std::to_string(index) + " tile (" + std::to_string(tile.x) + ", " +
                   std::to_string(tile.z) + ")",
               spans.volumes, settings, tile.x, tile.z, tally);
    }
  }
  return tally;
}

// --- synthetic fields and polygons -------------------------------------------

struct Synthetic {
  b3d::NavSettings settings;
  b3d::CompactHeightfield h;
  b3d::BorderCut cut;
  std::int64_t width = 0;
};

// A W × W field of the settings' tile, 0 .. 3 spans per column over a wavy
// ground with noise; core spans get regions 1 .. 3, the others borderId 4
// or 0.
Synthetic MakeField(std::mt19937_64& random, const b3d::NavSettings& settings, int noise,
                    bool flat = false) {
  Synthetic f;
  f.settings = settings;
  const auto d = b3d::Mesh3DPipeline::DeriveSettings(settings);
  const std::int64_t w = d.tileCells + 2 * d.border;
  f.width = w;
  std::uniform_int_distribution<int> coin(0, 99);
  std::uniform_int_distribution<int> jitter(-noise, noise);
  const double fx = flat ? 0 : std::uniform_real_distribution<double>(-0.6, 0.6)(random);
  const double fz = flat ? 0 : std::uniform_real_distribution<double>(-0.6, 0.6)(random);
  const int base = flat ? 40 : std::uniform_int_distribution<int>(10, 60)(random);
  std::vector<std::vector<b3d::CompactSpan>> columns;
  f.cut.borderId = 4;
  f.cut.empty = true;
  for (std::int64_t z = 0; z < w; ++z) {
    for (std::int64_t x = 0; x < w; ++x) {
      std::vector<b3d::CompactSpan> col;
      const int spans = coin(random) < 8 ? 0 : coin(random) < 70 ? 1 : coin(random) < 60 ? 2 : 3;
      int row = base + static_cast<int>(fx * static_cast<double>(x) + fz * static_cast<double>(z)) +
                jitter(random);
      for (int k = 0; k < spans; ++k) {
        b3d::CompactSpan s;
        s.y = static_cast<std::uint16_t>(std::max(0, row));
        s.h = 10;
        s.area = 63;
        col.push_back(s);
        const bool core = x >= d.border && x < d.border + d.tileCells && z >= d.border &&
                          z < d.border + d.tileCells;
        const std::uint16_t region =
            core ? static_cast<std::uint16_t>(coin(random) < 10 ? 0 : 1 + coin(random) % 3)
                 : static_cast<std::uint16_t>(coin(random) < 20 ? 0 : 4);
        f.cut.regions.push_back(region);
        if (core && region > 0) f.cut.empty = false;
        row += 3 + coin(random) % 12;
      }
      columns.push_back(col);
    }
  }
  f.h = b3d::CompactHeightfield(w, w, columns);
  return f;
}

// The convex hull of the points, counter-clockwise in the detail's sense
// (b3d.detail.orientation: (b.z − a.z)(c.x − a.x) − (b.x − a.x)(c.z − a.z)
// > 0), collinear points left out; monotone chain.
std::vector<std::pair<int, int>> Hull(std::vector<std::pair<int, int>> p) {
  std::sort(p.begin(), p.end());
  p.erase(std::unique(p.begin(), p.end()), p.end());
  if (p.size() < 3) return p;
  // cross in the usual (x, z) sense; the detail's orient is its negation.
  const auto cross = [](std::pair<int, int> o, std::pair<int, int> a, std::pair<int, int> b) {
    return static_cast<std::int64_t>(a.first - o.first) * (b.second - o.second) -
           static_cast<std::int64_t>(a.second - o.second) * (b.first - o.first);
  };
  std::vector<std::pair<int, int>> h(2 * p.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && cross(h[k - 2], h[k - 1], p[i]) >= 0) --k;  // clockwise in (x, z)
    h[k++] = p[i];
  }
  for (std::size_t i = p.size() - 1, t = k + 1; i > 0; --i) {
    while (k >= t && cross(h[k - 2], h[k - 1], p[i - 1]) >= 0) --k;
    h[k++] = p[i - 1];
  }
  h.resize(k - 1);
  return h;
}

// A mesh of 1 .. 4 random polygons over the field: convex hulls of random
// points (corners from −2 to W + 2, some outside the grid), every tenth an
// arbitrary ring; rows near the ground or anywhere within the span rows.
b3d::PolyMesh RandomMesh(std::mt19937_64& random, const Synthetic& f, int maxExtent) {
  b3d::PolyMesh mesh;
  std::uniform_int_distribution<int> coin(0, 99);
  const int polys = 1 + coin(random) % 4;
  for (int p = 0; p < polys; ++p) {
    const int extent = 2 + coin(random) % std::max(1, maxExtent);
    const int cx = std::uniform_int_distribution<int>(-2, static_cast<int>(f.width) + 2)(random);
    const int cz = std::uniform_int_distribution<int>(-2, static_cast<int>(f.width) + 2)(random);
    std::vector<std::pair<int, int>> pts;
    const int count = 3 + coin(random) % 8;
    for (int k = 0; k < count; ++k)
      pts.push_back(
          {std::max(0, cx + std::uniform_int_distribution<int>(-extent, extent)(random)),
           std::max(0, cz + std::uniform_int_distribution<int>(-extent, extent)(random))});
    std::vector<std::pair<int, int>> ring = coin(random) < 10 ? pts : Hull(pts);
    if (ring.size() < 3) continue;
    b3d::MeshPolygon poly;
    poly.region = static_cast<std::uint16_t>(coin(random) < 10 ? 9 : 1 + coin(random) % 3);
    poly.area = 63;
    for (const auto& [x, z] : ring) {
      // Reuse an equal vertex sometimes (welded corners), else add one.
      std::uint16_t row = 0;
      const std::int64_t colX = std::clamp<std::int64_t>(x, 0, f.width - 1);
      const std::int64_t colZ = std::clamp<std::int64_t>(z, 0, f.width - 1);
      const auto col = f.h.Column(static_cast<std::size_t>(colX + f.width * colZ));
      row = col.empty() ? static_cast<std::uint16_t>(30 + coin(random) % 20)
                        : static_cast<std::uint16_t>(col[0].y + coin(random) % 3);
      std::uint32_t index = static_cast<std::uint32_t>(mesh.vertices.size());
      for (std::uint32_t v = 0; v < mesh.vertices.size(); ++v)
        if (mesh.vertices[v].x == x && mesh.vertices[v].z == z) index = v;
      if (index == mesh.vertices.size())
        mesh.vertices.push_back(
            {static_cast<std::uint16_t>(x), row, static_cast<std::uint16_t>(z)});
      poly.corners.push_back({index, false});
    }
    mesh.polygons.push_back(poly);
  }
  return mesh;
}

// Random valid settings of a small tile, cells not always exact in
// binary32 (positions that tip collinear points).
b3d::NavSettings RandomSettings(std::mt19937_64& random) {
  static constexpr double kCells[] = {1.0, 0.3, 0.25, 0.37, 0.1, 0.5};
  static constexpr double kHeights[] = {1.0, 0.2, 0.1, 0.25, 0.3};
  std::uniform_int_distribution<int> coin(0, 99);
  b3d::NavSettings s;
  s.CellSize = kCells[coin(random) % std::size(kCells)];
  s.CellHeight = kHeights[coin(random) % std::size(kHeights)];
  const int tileCells = 3 + coin(random) % 14;
  s.TileSize = tileCells * s.CellSize * (coin(random) < 30 ? 1.0 + 1e-6 : 1.0);
  s.AgentHeight = 2 * s.CellHeight;
  s.AgentRadius = (coin(random) % 2) * s.CellSize;
  s.AgentMaxClimb = (coin(random) % 7) * s.CellHeight;
  const auto d = b3d::Mesh3DPipeline::DeriveSettings(s);
  const int mode = coin(random);
  s.DetailSampleDistance = mode < 12   ? 0.0
                           : mode < 20 ? 0.9 * d.cs
                           : mode < 25
                               ? 0.9000000001 * d.cs
                               : std::uniform_real_distribution<double>(0.91, 4)(random) * d.cs;
  const int err = coin(random);
  s.DetailMaxError = err < 30 ? 0.0
                     : err < 60
                         ? std::uniform_real_distribution<double>(0, 3)(random) * s.CellHeight
                         : (coin(random) % 4) * 0.5 * s.CellHeight;
  return s;
}

Tally SyntheticCases(std::uint64_t seed, int fields, int meshesPerField) {
  Tally tally;
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<int> coin(0, 99);
  for (int index = 0; index < fields; ++index) {
    const b3d::NavSettings settings = RandomSettings(random);
    const Synthetic f = MakeField(random, settings, coin(random) % 4, coin(random) < 50);
    ++tally.fields;
    for (int m = 0; m < meshesPerField; ++m) {
      const b3d::PolyMesh mesh = RandomMesh(random, f, 3 + coin(random) % 8);
      if (mesh.polygons.empty()) continue;
      std::int64_t minRow = MinRow(mesh);
      if (coin(random) < 10) minRow += 1 + coin(random) % 5;  // above a vertex row
      Keep(tally, "synthetic field " + std::to_string(index) + " mesh " + std::to_string(m),
           Compare(mesh, f.h, f.cut, minRow, settings, index, m, tally));
    }
  }
  return tally;
}

// A square of side `side` (cells) at (lo, lo), region `region`, corner rows
// as given.
b3d::PolyMesh Square(std::uint16_t lo, std::uint16_t side, std::uint16_t region,
                     std::uint16_t row) {
  b3d::PolyMesh mesh;
  const std::uint16_t hi = static_cast<std::uint16_t>(lo + side);
  mesh.vertices = {{lo, row, lo}, {lo, row, hi}, {hi, row, hi}, {hi, row, lo}};
  b3d::MeshPolygon p;
  p.region = region;
  p.area = 63;
  p.corners = {{0, false}, {1, false}, {2, false}, {3, false}};
  mesh.polygons.push_back(p);
  return mesh;
}

// The hard cases, each a few times with different seeds.
Tally HardCases(std::uint64_t seed) {
  Tally tally;
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<int> coin(0, 99);
  for (int rep = 0; rep < 10; ++rep) {
    // (1) More than 255 detail vertices: a 140-cell tile of flat noisy
    // ground (rows 40 +- 2, R = 3), sampling every cell, error 0: every
    // edge of a square of side 106 .. 130 keeps most of its 105 .. 129
    // points (side 70 first: about 200 edge points, a long ring below the
    // limit).
    // Region 9 is carried by no span, so there are no samples.
    {
      b3d::NavSettings s;
      s.CellSize = rep % 2 == 0 ? 1.0 : 0.3;
      s.CellHeight = 1.0;
      s.TileSize = 140 * s.CellSize;
      s.AgentRadius = 0;
      s.AgentMaxClimb = 2;
      const auto d = b3d::Mesh3DPipeline::DeriveSettings(s);
      s.DetailSampleDistance = 1.0 * d.cs;
      s.DetailMaxError = 0;
      const Synthetic f = MakeField(random, s, 2, true);
      ++tally.fields;
      const auto side = static_cast<std::uint16_t>(rep == 0 ? 70 : 100 + 6 * rep);
      Keep(tally, "vertex limit " + std::to_string(rep),
           Compare(Square(4, side, 9, 40), f.h, f.cut, 30, s, 0, rep, tally));
      // The same with region 1: samples too, many insertions and, with
      // error 0, the triangle limit or V = 255.
      Keep(tally, "vertex limit, samples " + std::to_string(rep),
           Compare(Square(6, static_cast<std::uint16_t>(20 + rep), 1, 40), f.h, f.cut, 30, s, 0,
                   rep, tally));
    }
    // (2) Edges of more than 4096 steps: corners far outside a small grid
    // (no spans there), sd just above 1 cell or 1 cell exactly, so an edge
    // of length 4096 has 4096 steps and one of 4097 .. 5000 more.
    {
      b3d::NavSettings s;
      s.CellSize = rep % 2 == 0 ? 1.0 : 0.3;
      s.CellHeight = 0.2;
      s.TileSize = 8 * s.CellSize;
      s.AgentRadius = 0;
      const auto d = b3d::Mesh3DPipeline::DeriveSettings(s);
      s.DetailSampleDistance = d.cs;
      s.DetailMaxError = rep < 3 ? 0.0 : 0.05;
      const Synthetic f = MakeField(random, s, 1);
      ++tally.fields;
      b3d::PolyMesh mesh;
      // far = 4097: the two long edges have lengths just above 4095, 4096
      // steps (the last count with points); 4098: just above 4096, 4097
      // steps (none).
      const auto far = static_cast<std::uint16_t>(rep == 0   ? 4097
                                                  : rep == 1 ? 4098
                                                             : 4094 + rep * 200);
      mesh.vertices = {{2, 20, 2}, {2, 20, 5}, {far, 180, 3}};
      b3d::MeshPolygon p;
      p.region = 1;
      p.area = 63;
      p.corners = {{0, false}, {1, false}, {2, false}};
      mesh.polygons.push_back(p);
      Keep(tally, "long edge " + std::to_string(rep),
           Compare(mesh, f.h, f.cut, 20, s, 1, rep, tally));
    }
    // (3) The mesh checks and minRow (b3d.detail.stage-input).
    {
      const b3d::NavSettings s = RandomSettings(random);
      const Synthetic f = MakeField(random, s, 1);
      ++tally.fields;
      b3d::PolyMesh mesh = Square(3, 4, 1, 40);
      b3d::PolyMesh bad = mesh;
      bad.polygons.push_back(bad.polygons[0]);
      bad.polygons[1].corners.resize(rep % 3 == 0 ? 2 : 256, {0, false});
      Keep(tally, "corner count", Compare(bad, f.h, f.cut, 40, s, 0, 0, tally));
      bad = mesh;
      bad.polygons[0].corners[1 + rep % 3].vertex = 4 + static_cast<std::uint32_t>(rep);
      Keep(tally, "corner vertex", Compare(bad, f.h, f.cut, 40, s, 0, 0, tally));
      // Both faults in one polygon: two corners, one naming no vertex
      // (the corner count is the polygon's first check).
      bad = mesh;
      bad.polygons[0].corners = {{0, false}, {9, false}};
      Keep(tally, "corner count and vertex", Compare(bad, f.h, f.cut, 40, s, 0, 0, tally));
      Keep(tally, "minRow", Compare(mesh, f.h, f.cut, rep % 2 == 0 ? -1 : 65536, s, 0, 0, tally));
      // sd = +inf (b3d.detail.sample-distance: a huge setting over cs < 1
      // overflows): detail on, no edge points, no samples.
      b3d::NavSettings huge = s;
      huge.DetailSampleDistance = 1.7e308;
      Keep(tally, "sd infinite", Compare(mesh, f.h, f.cut, 40, huge, 0, 0, tally));
    }
  }
  return tally;
}

void Finish(const char* source, const Tally& t, std::chrono::steady_clock::time_point start) {
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  t.Print(source, seconds);
  Total().Add(t);
  ++SourcesRun();
  EXPECT_EQ(t.mismatches, 0) << t.first;
}

constexpr const char* kClauses =
    "b3d.detail.coordinates b3d.detail.orientation b3d.detail.sample-distance "
    "b3d.detail.values b3d.detail.build b3d.detail.nearest-row b3d.detail.edge-points "
    "b3d.detail.douglas-peucker b3d.detail.edge-limit b3d.detail.triangles b3d.detail.hull "
    "b3d.detail.flip b3d.detail.lawson b3d.detail.samples b3d.detail.locate b3d.detail.refine "
    "b3d.detail.insert b3d.detail.relocate b3d.detail.output b3d.detail.limit "
    "b3d.detail.stage-input";

TEST(DetailDifferential, GeneratedLevels) {
  CLAUSE(kClauses);
  const auto start = std::chrono::steady_clock::now();
  const Tally t = LevelTiles(2801, 128);
  Finish("generated levels", t, start);
  EXPECT_GT(t.polygons, 0);
}

TEST(DetailDifferential, RandomFields) {
  CLAUSE(kClauses);
  const auto start = std::chrono::steady_clock::now();
  const Tally t = FieldTiles(2802, 600);
  Finish("random fields", t, start);
  EXPECT_GT(t.polygons, 0);
}

TEST(DetailDifferential, SyntheticFields) {
  CLAUSE(kClauses);
  const auto start = std::chrono::steady_clock::now();
  const Tally t = SyntheticCases(2803, 5000, 12);
  Finish("synthetic fields", t, start);
  EXPECT_GT(t.forcedEars, 0);
  EXPECT_GT(t.relaxedEars, 0);
  EXPECT_GT(t.insertedOnEdge, 0);
  EXPECT_GT(t.tipped, 0);  // binary32 positions that tip collinear points
  // No `dropped` expectation: a sample lies more than sd/2 > 0.45 cells
  // inside every polygon edge line (b3d.detail.samples), while rounding
  // to binary32 moves a position by less than 0.01 cells, so a sample can
  // lie neither on a ring edge nor on a vertex (the cases of
  // b3d.detail.insert that drop it).
}

TEST(DetailDifferential, HardCases) {
  CLAUSE(kClauses);
  const auto start = std::chrono::steady_clock::now();
  const Tally t = HardCases(2804);
  Finish("hard cases", t, start);
  EXPECT_GT(t.edgeLimit, 0);    // b3d.detail.edge-limit reached
  EXPECT_GT(t.longEdges, 0);    // ns > 4096
  EXPECT_GT(t.limitErrors, 0);  // b3d.detail.limit reached
  EXPECT_GT(t.otherErrors, 0);  // b3d.detail.stage-input
}

TEST(DetailDifferential, AtLeastTenToTheFivePolygons) {
  if (SourcesRun() < 4) GTEST_SKIP() << "needs the tests above to run first";
  const Tally& t = Total();
  t.Print("all sources", 0);
  EXPECT_GE(t.polygons, 100000);  // issue 28: >= 10^5 seeded polygons
  EXPECT_EQ(t.mismatches, 0);
}

// Negative control: a planted difference in the oracle's output (one flag
// bit, one vertex coordinate, one error count) is caught.
TEST(DetailDifferential, PlantedDifferenceIsCaught) {
  b3d::NavSettings s;
  s.CellSize = 1;
  s.CellHeight = 1;
  s.TileSize = 8;
  s.AgentRadius = 0;
  s.AgentMaxClimb = 2;
  s.DetailSampleDistance = 1;
  s.DetailMaxError = 0;
  std::mt19937_64 random(99);
  const Synthetic f = MakeField(random, s, 2, true);
  const b3d::PolyMesh mesh = Square(3, 8, 1, 40);
  Tally t;
  const auto clean = Compare(mesh, f.h, f.cut, 30, s, 0, 0, t);
  ASSERT_FALSE(clean.has_value()) << *clean;
  ASSERT_GT(t.edgePoints + t.inserted, 0);  // there is an extra vertex to change
  const auto flags = Compare(mesh, f.h, f.cut, 30, s, 0, 0, t, Plant::kFlags);
  ASSERT_TRUE(flags.has_value());
  EXPECT_NE(flags->find("polygon 0 triangle 0"), std::string::npos) << *flags;
  const auto vertex = Compare(mesh, f.h, f.cut, 30, s, 0, 0, t, Plant::kVertexX);
  ASSERT_TRUE(vertex.has_value());
  EXPECT_NE(vertex->find("extra vertex"), std::string::npos) << *vertex;
  // A limit error with its count changed.
  b3d::NavSettings big = s;
  big.TileSize = 40;
  const Synthetic g = MakeField(random, big, 3, true);
  const b3d::PolyMesh square = Square(3, 34, 1, 40);
  Tally u;
  const auto limit = Compare(square, g.h, g.cut, 30, big, 0, 0, u);
  ASSERT_FALSE(limit.has_value()) << *limit;
  ASSERT_EQ(u.limitErrors, 1) << "the square must reach b3d.detail.limit";
  const auto count = Compare(square, g.h, g.cut, 30, big, 0, 0, u, Plant::kErrorCount);
  ASSERT_TRUE(count.has_value());
  EXPECT_NE(count->find("InvalidOperation"), std::string::npos) << *count;
}

}  // namespace
