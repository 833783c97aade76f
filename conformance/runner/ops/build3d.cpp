// Family build3d/spans: the span stages of one 3D tile, one operation per
// stage and Mesh3DPipeline.TileSpans with every stage (docs/spec/
// build3d-spans.md, b3d.span.stages, b3d.span.stage-input; the JSON forms
// are in golden/README.md, "build3d/spans").
#include <fmt/format.h>

#include <stdexcept>

#include "conformance/runner/ops/shared.hpp"
// src/ headers.
#include "onepath/build3d/pipeline.hpp"
#include "onepath/build3d/span_pipeline.hpp"
#include "onepath/build3d/voxelizer.hpp"

namespace onepath::conformance::ops {

namespace {

using nlohmann::json;
using namespace onepath::build3d;

// ---- inputs ----

// b3d.settings: every field of NavSettings, by its name; Partition as its
// number (Watershed 0, Monotone 1, Layers 2).
NavSettings SettingsFromJson(const json& s) {
  NavSettings n;
  n.CellSize = DoubleFromJson(s.at("CellSize"));
  n.CellHeight = DoubleFromJson(s.at("CellHeight"));
  n.TileSize = DoubleFromJson(s.at("TileSize"));
  n.OriginX = DoubleFromJson(s.at("OriginX"));
  n.OriginZ = DoubleFromJson(s.at("OriginZ"));
  n.AgentHeight = DoubleFromJson(s.at("AgentHeight"));
  n.AgentRadius = DoubleFromJson(s.at("AgentRadius"));
  n.AgentMaxClimb = DoubleFromJson(s.at("AgentMaxClimb"));
  n.AgentMaxSlopeDegrees = DoubleFromJson(s.at("AgentMaxSlopeDegrees"));
  n.Partition = static_cast<build3d::Partition>(IntFromJson<std::uint8_t>(s.at("Partition")));
  n.MinRegionArea = IntFromJson<std::int64_t>(s.at("MinRegionArea"));
  n.MergeRegionArea = IntFromJson<std::int64_t>(s.at("MergeRegionArea"));
  n.ContourMaxError = DoubleFromJson(s.at("ContourMaxError"));
  n.MaxEdgeLength = DoubleFromJson(s.at("MaxEdgeLength"));
  n.MaxVertsPerPoly = IntFromJson<std::int64_t>(s.at("MaxVertsPerPoly"));
  n.DetailSampleDistance = DoubleFromJson(s.at("DetailSampleDistance"));
  n.DetailMaxError = DoubleFromJson(s.at("DetailMaxError"));
  n.MaxLocalExtent = DoubleFromJson(s.at("MaxLocalExtent"));
  n.Area = IntFromJson<std::int64_t>(s.at("Area"));
  n.Flags = IntFromJson<std::int64_t>(s.at("Flags"));
  return n;
}

// A binary32 value; JSON numbers that are not binary32 values are refused.
float FloatFromJson(const json& j) {
  double d = DoubleFromJson(j);
  float f = static_cast<float>(d);
  if (!(static_cast<double>(f) == d) && !(d != d)) throw std::invalid_argument("not a binary32");
  return f;
}

// b3d.soup: {"vertices": [x0, y0, z0, x1, ...], "indices": [i, j, k, ...]}.
TriangleSoup SoupFromJson(const json& j) {
  TriangleSoup soup;
  for (const json& v : j.at("vertices")) soup.vertices.push_back(FloatFromJson(v));
  for (const json& i : j.at("indices")) soup.indices.push_back(IntFromJson<std::int32_t>(i));
  return soup;
}

// A heightfield's columns: per column a list of [smin, smax, area].
std::vector<std::vector<Span>> SpanColumnsFromJson(const json& j) {
  std::vector<std::vector<Span>> columns;
  for (const json& column : j) {
    std::vector<Span>& c = columns.emplace_back();
    for (const json& s : column) {
      if (s.size() != 3) throw std::invalid_argument("a span is [smin, smax, area]");
      c.push_back({IntFromJson<std::uint16_t>(s[0]), IntFromJson<std::uint16_t>(s[1]),
                   IntFromJson<std::uint8_t>(s[2])});
    }
  }
  return columns;
}

// b3d.span.heightfield: {"width", "depth", "columns"}.
Heightfield HeightfieldFromJson(const json& j) {
  return Heightfield(IntFromJson<std::int64_t>(j.at("width")),
                     IntFromJson<std::int64_t>(j.at("depth")),
                     SpanColumnsFromJson(j.at("columns")));
}

// b3d.span.compact-heightfield: {"width", "depth", "columns"}, per column a
// list of [y, h, [con0, con1, con2, con3], area].
CompactHeightfield CompactFromJson(const json& j) {
  std::vector<std::vector<CompactSpan>> columns;
  for (const json& column : j.at("columns")) {
    std::vector<CompactSpan>& c = columns.emplace_back();
    for (const json& s : column) {
      if (s.size() != 4 || s[2].size() != 4)
        throw std::invalid_argument("a compact span is [y, h, [c0, c1, c2, c3], area]");
      CompactSpan span{.y = IntFromJson<std::uint16_t>(s[0]), .h = IntFromJson<std::uint8_t>(s[1])};
      for (int d = 0; d < 4; ++d) span.con[d] = IntFromJson<std::uint8_t>(s[2][d]);
      span.area = IntFromJson<std::uint8_t>(s[3]);
      c.push_back(span);
    }
  }
  return CompactHeightfield(IntFromJson<std::int64_t>(j.at("width")),
                            IntFromJson<std::int64_t>(j.at("depth")), columns);
}

// b3d.heightfield-input: {"width", "depth", "rows", "originY", "columns"}.
HeightfieldInput HeightfieldInputFromJson(const json& j) {
  return {.width = IntFromJson<std::int64_t>(j.at("width")),
          .depth = IntFromJson<std::int64_t>(j.at("depth")),
          .rows = IntFromJson<std::int64_t>(j.at("rows")),
          .originY = DoubleFromJson(j.at("originY")),
          .columns = SpanColumnsFromJson(j.at("columns"))};
}

// b3d.chunk-input: {"sizeX", "sizeY", "sizeZ", "voxels"}, the voxels as
// Region.FromTileMap's cells (a string of 0 and 1, or a list of bytes).
VoxelChunk ChunkFromJson(const json& j) {
  return {.sizeX = IntFromJson<std::int64_t>(j.at("sizeX")),
          .sizeY = IntFromJson<std::int64_t>(j.at("sizeY")),
          .sizeZ = IntFromJson<std::int64_t>(j.at("sizeZ")),
          .voxels = CellsFromJson(j.at("voxels"))};
}

// b3d.volume-input: a list of {"points": [[x, z], ...], "minY", "maxY", "area"}.
std::vector<ConvexVolume> VolumesFromJson(const json& j) {
  std::vector<ConvexVolume> volumes;
  for (const json& v : j) {
    ConvexVolume& c = volumes.emplace_back();
    for (const json& p : v.at("points")) {
      if (p.size() != 2) throw std::invalid_argument("a volume point is [x, z]");
      c.points.push_back({FloatFromJson(p[0]), FloatFromJson(p[1])});
    }
    c.minY = FloatFromJson(v.at("minY"));
    c.maxY = FloatFromJson(v.at("maxY"));
    c.area = IntFromJson<std::int64_t>(v.at("area"));
  }
  return volumes;
}

std::int64_t TileX(const json& in) { return IntFromJson<std::int64_t>(in.at("tile").at(0)); }
std::int64_t TileZ(const json& in) { return IntFromJson<std::int64_t>(in.at("tile").at(1)); }

// Calls f with the input the vector names: "soup", "heightfield" (input)
// or "chunk", exactly one of them.
template <typename F>
auto WithInput(const json& in, F f) {
  int kinds = in.contains("soup") + in.contains("heightfieldInput") + in.contains("chunk");
  if (kinds != 1) throw std::invalid_argument("give one of soup, heightfieldInput, chunk");
  if (in.contains("soup")) return f(SoupFromJson(in.at("soup")));
  if (in.contains("heightfieldInput"))
    return f(HeightfieldInputFromJson(in.at("heightfieldInput")));
  return f(ChunkFromJson(in.at("chunk")));
}

std::vector<ConvexVolume> Volumes(const json& in) {
  return in.contains("volumes") ? VolumesFromJson(in.at("volumes")) : std::vector<ConvexVolume>{};
}

Mesh3DTileSpans TileSpansFromJson(const json& in) {
  NavSettings settings = SettingsFromJson(in.at("settings"));
  std::vector<ConvexVolume> volumes = Volumes(in);
  return WithInput(in, [&](const auto& input) {
    return Mesh3DPipeline::TileSpans(input, volumes, settings, TileX(in), TileZ(in));
  });
}

// b3d.span.stages, in order; "triangles" is the empty list for heightfield
// and chunk input.
std::vector<Bytes> StageBytes(const Mesh3DTileSpans& t) {
  return {CanonicalBytes(t.grid),    CanonicalBytes(t.triangles.value_or(TileTriangles{})),
          CanonicalBytes(t.spans),   CanonicalBytes(t.lowHanging),
          CanonicalBytes(t.ledges),  CanonicalBytes(t.lowHeight),
          CanonicalBytes(t.compact), CanonicalBytes(t.eroded),
          CanonicalBytes(t.volumes)};
}

// The key bytes: the input as one canon.string, its JSON text with sorted
// keys and no spaces (golden/README.md).
void WriteJsonKey(CanonicalWriter& w, const json& in) { w.String(in.dump()); }

// ---- outputs ----

json DecodeDerived(const Bytes& bytes) {
  CanonicalReader r(bytes);
  json j;
  j["TileCells"] = r.U32();
  j["cs"] = DoubleToJson(r.F64());
  j["cellSize"] = DoubleToJson(r.F32());
  j["ch"] = DoubleToJson(r.F32());
  j["WalkableHeight"] = r.U32();
  j["WalkableClimb"] = r.U32();
  j["WalkableRadius"] = r.U32();
  j["slopeCosine"] = DoubleToJson(r.F32());
  j["B"] = r.U32();
  j["Partition"] = r.U8();
  j["MinRegionArea"] = r.I32();
  j["MergeRegionArea"] = r.I32();
  j["MaxError"] = DoubleToJson(r.F64());
  j["MaxEdgeCells"] = r.I32();
  if (!r.AtEnd()) throw std::invalid_argument("trailing bytes");
  return j;
}

json DecodeGrid(const Bytes& bytes) {
  CanonicalReader r(bytes);
  json j;
  j["tileX"] = r.I32();
  j["tileZ"] = r.I32();
  j["tileCells"] = r.U32();
  j["border"] = r.U32();
  j["width"] = r.U32();
  j["rows"] = r.U32();
  for (const char* name : {"originX", "originY", "originZ", "cs"}) j[name] = DoubleToJson(r.F64());
  for (const char* name : {"bmin", "bmax"}) {
    json p = json::array();
    for (int k = 0; k < 3; ++k) p.push_back(DoubleToJson(r.F32()));
    j[name] = p;
  }
  j["csF"] = DoubleToJson(r.F32());
  j["chF"] = DoubleToJson(r.F32());
  if (!r.AtEnd()) throw std::invalid_argument("trailing bytes");
  return j;
}

json DecodeTriangles(const Bytes& bytes) {
  CanonicalReader r(bytes);
  json list = json::array();
  for (std::uint32_t n = r.U32(), k = 0; k < n; ++k) {
    std::uint32_t index = r.U32();
    list.push_back({index, r.U8()});
  }
  if (!r.AtEnd()) throw std::invalid_argument("trailing bytes");
  return {{"triangles", list}};
}

// Both heightfields: u32 width, u32 depth, then width * depth lists.
template <typename ReadSpan>
json DecodeColumns(const Bytes& bytes, ReadSpan read_span) {
  CanonicalReader r(bytes);
  json j;
  std::uint32_t width = r.U32(), depth = r.U32();
  j["width"] = width;
  j["depth"] = depth;
  json columns = json::array();
  for (std::uint64_t c = 0; c < std::uint64_t{width} * depth; ++c) {
    json column = json::array();
    for (std::uint32_t n = r.U32(), k = 0; k < n; ++k) column.push_back(read_span(r));
    columns.push_back(column);
  }
  if (!r.AtEnd()) throw std::invalid_argument("trailing bytes");
  j["columns"] = columns;
  return j;
}

json DecodeHeightfield(const Bytes& bytes) {
  return DecodeColumns(bytes, [](CanonicalReader& r) {
    std::uint16_t smin = r.U16(), smax = r.U16();
    return json::array({smin, smax, r.U8()});
  });
}

json DecodeCompact(const Bytes& bytes) {
  return DecodeColumns(bytes, [](CanonicalReader& r) {
    std::uint16_t y = r.U16();
    std::uint8_t h = r.U8();
    json con = json::array();
    for (int d = 0; d < 4; ++d) con.push_back(r.U8());
    return json::array({y, h, con, r.U8()});
  });
}

// The first differing element of a heightfield: "column (x, z), span k".
std::string ColumnsWhere(const Difference& d, const json& expected, const json& actual) {
  const std::vector<std::string>& p = d.path;
  if (p.empty()) return "";
  if (p[0] != "columns") return fmt::format("{}: {}", p[0], d.what);
  if (p.size() == 1) return fmt::format("columns: {}", d.what);
  std::uint64_t width = IntFromJson<std::uint64_t>(expected.at("width"));
  std::uint64_t column = std::stoull(p[1]);
  std::string place = width == 0
                          ? fmt::format("column {}", column)
                          : fmt::format("column (x {}, z {})", column % width, column / width);
  if (p.size() == 2) return fmt::format("{}: {}", place, d.what);
  std::size_t span = std::stoul(p[2]);
  return fmt::format("{}, span {}: {}, expected {}", place, span,
                     actual.at("columns").at(column).at(span).dump(),
                     expected.at("columns").at(column).at(span).dump());
}

// The first differing element of the triangles stage: its position in the
// tile's list.
std::string TrianglesWhere(const Difference& d, const json&, const json&) {
  if (d.path.size() < 2) return fmt::format("triangles: {}", d.what);
  return fmt::format("tile triangle {}: {}", d.path[1], d.what);
}

const OutputForm kDerivedOutput{DecodeDerived, nullptr, nullptr};
const OutputForm kGridOutput{DecodeGrid, nullptr, nullptr};
const OutputForm kTrianglesOutput{DecodeTriangles, nullptr, TrianglesWhere};
const OutputForm kHeightfieldOutput{DecodeHeightfield, nullptr, ColumnsWhere};
const OutputForm kCompactOutput{DecodeCompact, nullptr, ColumnsWhere};

// b3d.span.stages with each stage's clause and form.
std::vector<Stage> TileStages() {
  return {{"grid", "b3d.grid", &kGridOutput},
          {"triangles", "b3d.span.classify", &kTrianglesOutput},
          {"spans", "b3d.span.rasterize", &kHeightfieldOutput},
          {"low-hanging", "b3d.span.low-hanging", &kHeightfieldOutput},
          {"ledges", "b3d.span.ledges", &kHeightfieldOutput},
          {"low-height", "b3d.span.low-height", &kHeightfieldOutput},
          {"compact", "b3d.span.connect", &kCompactOutput},
          {"eroded", "b3d.span.erode", &kCompactOutput},
          {"volumes", "b3d.span.volumes", &kCompactOutput}};
}

// One stage operation: `run` gives its value's canonical bytes.
Operation StageRow(std::string name, std::string clause, const OutputForm* output,
                   std::function<Bytes(const json&)> run) {
  return {.name = std::move(name),
          .family = "build3d/spans",
          .clause = std::move(clause),
          .run = std::move(run),
          .key = WriteJsonKey,
          .output = output};
}

// A filter: {"heightfield", "settings"}.
template <Heightfield (*filter)(Heightfield, const NavSettings&)>
Bytes RunFilter(const json& in) {
  return CanonicalBytes(
      filter(HeightfieldFromJson(in.at("heightfield")), SettingsFromJson(in.at("settings"))));
}

const OperationFamily kBuild3D({
    // b3d.derived: {"settings"}.
    StageRow("Mesh3DPipeline.DeriveSettings", "b3d.derived", &kDerivedOutput,
             [](const json& in) {
               return CanonicalBytes(
                   Mesh3DPipeline::DeriveSettings(SettingsFromJson(in.at("settings"))));
             }),
    // b3d.grid, the stage grid: {input, "settings", "tile"}.
    StageRow("Mesh3DPipeline.TileGrid", "b3d.grid", &kGridOutput,
             [](const json& in) { return CanonicalBytes(TileSpansFromJson(in).grid); }),
    // b3d.span.classify: {"soup", "settings", "tile"}.
    StageRow("Voxelizer.ClassifyTriangles", "b3d.span.classify", &kTrianglesOutput,
             [](const json& in) {
               return CanonicalBytes(Voxelizer::ClassifyTriangles(
                   SoupFromJson(in.at("soup")), SettingsFromJson(in.at("settings")), TileX(in),
                   TileZ(in)));
             }),
    // b3d.span.rasterize: {"soup", "settings", "tile", "areas"}.
    StageRow("Voxelizer.Rasterize", "b3d.span.rasterize", &kHeightfieldOutput,
             [](const json& in) {
               std::vector<std::int64_t> areas = in.at("areas").get<std::vector<std::int64_t>>();
               return CanonicalBytes(Voxelizer::Rasterize(SoupFromJson(in.at("soup")),
                                                          SettingsFromJson(in.at("settings")),
                                                          TileX(in), TileZ(in), areas));
             }),
    // b3d.span.from-heightfield: {"heightfieldInput", "settings", "tile"}.
    StageRow("Voxelizer.FromHeightfield", "b3d.span.from-heightfield", &kHeightfieldOutput,
             [](const json& in) {
               return CanonicalBytes(Voxelizer::FromHeightfield(
                   HeightfieldInputFromJson(in.at("heightfieldInput")),
                   SettingsFromJson(in.at("settings")), TileX(in), TileZ(in)));
             }),
    // b3d.span.from-chunk: {"chunk", "settings", "tile"}.
    StageRow("Voxelizer.FromChunk", "b3d.span.from-chunk", &kHeightfieldOutput,
             [](const json& in) {
               return CanonicalBytes(Voxelizer::FromChunk(ChunkFromJson(in.at("chunk")),
                                                          SettingsFromJson(in.at("settings")),
                                                          TileX(in), TileZ(in)));
             }),
    StageRow("SpanPipeline.FilterLowHangingObstacles", "b3d.span.low-hanging", &kHeightfieldOutput,
             RunFilter<SpanPipeline::FilterLowHangingObstacles>),
    StageRow("SpanPipeline.FilterLedgeSpans", "b3d.span.ledges", &kHeightfieldOutput,
             RunFilter<SpanPipeline::FilterLedgeSpans>),
    StageRow("SpanPipeline.FilterLowHeightSpans", "b3d.span.low-height", &kHeightfieldOutput,
             RunFilter<SpanPipeline::FilterLowHeightSpans>),
    // b3d.span.compact, b3d.span.connect: {"heightfield", "settings"}.
    StageRow("SpanPipeline.Compact", "b3d.span.connect", &kCompactOutput,
             [](const json& in) {
               return CanonicalBytes(SpanPipeline::Compact(
                   HeightfieldFromJson(in.at("heightfield")), SettingsFromJson(in.at("settings"))));
             }),
    // b3d.span.erode: {"compact", "settings"}.
    StageRow("SpanPipeline.Erode", "b3d.span.erode", &kCompactOutput,
             [](const json& in) {
               return CanonicalBytes(SpanPipeline::Erode(CompactFromJson(in.at("compact")),
                                                         SettingsFromJson(in.at("settings"))));
             }),
    // b3d.span.volumes: {"compact", input, "volumes", "settings", "tile"}.
    StageRow("SpanPipeline.MarkVolumes", "b3d.span.volumes", &kCompactOutput,
             [](const json& in) {
               CompactHeightfield compact = CompactFromJson(in.at("compact"));
               NavSettings settings = SettingsFromJson(in.at("settings"));
               std::vector<ConvexVolume> volumes = Volumes(in);
               return WithInput(in, [&](const auto& input) {
                 return CanonicalBytes(SpanPipeline::MarkVolumes(std::move(compact), input, volumes,
                                                                 settings, TileX(in), TileZ(in)));
               });
             }),
    // b3d.span.stages: {input, "volumes", "settings", "tile"}; the output
    // is the last stage.
    {.name = "Mesh3DPipeline.TileSpans",
     .family = "build3d/spans",
     .clause = "b3d.span.stages",
     .run = [](const json& in) { return CanonicalBytes(TileSpansFromJson(in).volumes); },
     .key = WriteJsonKey,
     .output = &kCompactOutput,
     .stages = TileStages(),
     .runStages = [](const json& in) { return StageBytes(TileSpansFromJson(in)); }},
});

}  // namespace

// The JSON forms the region and contour stages share (ops/build3d_regions.cpp).
build3d::NavSettings Build3DSettingsFromJson(const nlohmann::json& s) {
  return SettingsFromJson(s);
}
build3d::CompactHeightfield Build3DCompactFromJson(const nlohmann::json& j) {
  return CompactFromJson(j);
}
// The build's inputs (ops/navmesh_build.cpp).
build3d::TriangleSoup Build3DSoupFromJson(const nlohmann::json& j) { return SoupFromJson(j); }
build3d::HeightfieldInput Build3DHeightfieldInputFromJson(const nlohmann::json& j) {
  return HeightfieldInputFromJson(j);
}
build3d::VoxelChunk Build3DChunkFromJson(const nlohmann::json& j) { return ChunkFromJson(j); }
std::vector<build3d::ConvexVolume> Build3DVolumesFromJson(const nlohmann::json& j) {
  return VolumesFromJson(j);
}

}  // namespace onepath::conformance::ops
