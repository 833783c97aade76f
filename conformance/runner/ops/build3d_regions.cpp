// Families build3d/regions and build3d/contours: the region and contour
// stages of one 3D tile, one operation per stage, each taking the value of
// the previous stage as it is (docs/spec/build3d-regions.md,
// b3d.region.stages, b3d.region.stage-input, b3d.contour.stages,
// b3d.contour.stage-input; the JSON forms are in docs/golden-format.md).
#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "conformance/runner/ops/shared.hpp"
// src/ headers.
#include "onepath/build3d/contours.hpp"
#include "onepath/build3d/regions.hpp"

namespace onepath::conformance::ops {

// ops/build3d.cpp: b3d.settings and b3d.span.compact-heightfield as JSON.
build3d::NavSettings Build3DSettingsFromJson(const nlohmann::json& s);
build3d::CompactHeightfield Build3DCompactFromJson(const nlohmann::json& j);

namespace {

using nlohmann::json;
using namespace onepath::build3d;

// ---- inputs: the JSON forms are the decoded outputs below ----

std::vector<std::uint16_t> IdsFromJson(const json& j) {
  std::vector<std::uint16_t> ids;
  for (const json& v : j) ids.push_back(IntFromJson<std::uint16_t>(v));
  return ids;
}

// b3d.region.values: {"maxDistance", "distances"}.
DistanceField DistancesFromJson(const json& j) {
  return {.distances = IdsFromJson(j.at("distances")),
          .maxDistance = IntFromJson<std::uint16_t>(j.at("maxDistance"))};
}

// b3d.region.values: {"regionCount", "regions"}.
TileRegions RegionsFromJson(const json& j) {
  return {.regions = IdsFromJson(j.at("regions")),
          .regionCount = IntFromJson<std::uint16_t>(j.at("regionCount"))};
}

// b3d.region.values: {"borderId", "empty", "regions"}.
BorderCut CutFromJson(const json& j) {
  return {.regions = IdsFromJson(j.at("regions")),
          .borderId = IntFromJson<std::uint16_t>(j.at("borderId")),
          .empty = j.at("empty").get<bool>()};
}

CompactHeightfield Compact(const json& in) { return Build3DCompactFromJson(in.at("compact")); }
NavSettings Settings(const json& in) { return Build3DSettingsFromJson(in.at("settings")); }

// The key bytes: the input as one canon.string, its JSON text with sorted
// keys and no spaces (as build3d/spans).
void WriteJsonKey(CanonicalWriter& w, const json& in) { w.String(in.dump()); }

// ---- outputs ----

json ListFrom(CanonicalReader& r) {
  json list = json::array();
  for (std::uint32_t n = r.U32(), k = 0; k < n; ++k) list.push_back(r.U16());
  return list;
}

// A u16 `head`, then the list `list` of u16 values (b3d.region.values).
json DecodeHeadAndList(const Bytes& bytes, const char* head, const char* list) {
  CanonicalReader r(bytes);
  json j;
  j[head] = r.U16();
  j[list] = ListFrom(r);
  if (!r.AtEnd()) throw std::invalid_argument("trailing bytes");
  return j;
}

json DecodeDistances(const Bytes& bytes) {
  return DecodeHeadAndList(bytes, "maxDistance", "distances");
}
json DecodeRegions(const Bytes& bytes) {
  return DecodeHeadAndList(bytes, "regionCount", "regions");
}

json DecodeCut(const Bytes& bytes) {
  CanonicalReader r(bytes);
  json j;
  j["borderId"] = r.U16();
  std::uint8_t empty = r.U8();
  if (empty > 1) throw std::invalid_argument("empty is not 0 or 1");
  j["empty"] = empty == 1;
  j["regions"] = ListFrom(r);
  if (!r.AtEnd()) throw std::invalid_argument("trailing bytes");
  return j;
}

// b3d.contour.values: {"contours": [{"region", "area", "vertices": [[x, y,
// z, neighbour, areaBorder], ...]}, ...]}, areaBorder 0 or 1.
json DecodeContours(const Bytes& bytes) {
  CanonicalReader r(bytes);
  json list = json::array();
  for (std::uint32_t n = r.U32(), c = 0; c < n; ++c) {
    json contour;
    contour["region"] = r.U16();
    contour["area"] = r.U8();
    json vertices = json::array();
    for (std::uint32_t m = r.U32(), k = 0; k < m; ++k) {
      json v = json::array();
      for (int i = 0; i < 4; ++i) v.push_back(r.U16());
      v.push_back(r.U8());
      vertices.push_back(v);
    }
    contour["vertices"] = vertices;
    list.push_back(contour);
  }
  if (!r.AtEnd()) throw std::invalid_argument("trailing bytes");
  return {{"contours", list}};
}

// The first differing element of a per-span list (distances, region ids):
// "span 17: region 3, expected 4" (span order: columns in order x + W·z,
// each bottom up), or the scalar that differs.
std::string SpanListWhere(const Difference& d, const json& expected, const json& actual,
                          const char* list, const char* what) {
  const std::vector<std::string>& p = d.path;
  if (p.empty()) return "";
  if (p[0] != list) return fmt::format("{}: {}", p[0], d.what);
  if (p.size() == 1) return fmt::format("{}: {}", list, d.what);
  std::size_t span = std::stoul(p[1]);
  return fmt::format("span {}: {} {}, expected {}", span, what, actual.at(list).at(span).dump(),
                     expected.at(list).at(span).dump());
}

std::string DistancesWhere(const Difference& d, const json& e, const json& a) {
  return SpanListWhere(d, e, a, "distances", "distance");
}
std::string RegionsWhere(const Difference& d, const json& e, const json& a) {
  return SpanListWhere(d, e, a, "regions", "region");
}

// "contour 2 (region 5), vertex 7: [x,y,z,neighbour,areaBorder], expected
// [...]", or the contour's region, area or vertex count.
std::string ContoursWhere(const Difference& d, const json& expected, const json& actual) {
  const std::vector<std::string>& p = d.path;
  if (p.size() < 2) return fmt::format("contours: {}", d.what);
  std::size_t c = std::stoul(p[1]);
  const json& ec = expected.at("contours").at(c);
  std::string at = fmt::format("contour {} (region {})", c, ec.at("region").dump());
  if (p.size() < 3) return fmt::format("{}: {}", at, d.what);
  if (p[2] != "vertices" || p.size() < 4) return fmt::format("{}, {}: {}", at, p[2], d.what);
  std::size_t v = std::stoul(p[3]);
  return fmt::format("{}, vertex {}: {}, expected {}", at, v,
                     actual.at("contours").at(c).at("vertices").at(v).dump(),
                     ec.at("vertices").at(v).dump());
}

// The stage each output is (b3d.region.stages, b3d.contour.stages), with
// the kind of difference.
Divergence DistancesDiverge(const Operation& op, const json& expected, const json& actual) {
  return {"distances", op.clause,
          expected.at("maxDistance") != actual.at("maxDistance") ? "another maxDistance"
                                                                 : "other distances",
          ""};
}
Divergence RegionsDiverge(const Operation& op, const json& expected, const json& actual) {
  return {
      "regions", op.clause,
      expected.at("regions") != actual.at("regions") ? "other region ids" : "another regionCount",
      ""};
}
Divergence CutDiverge(const Operation& op, const json& expected, const json& actual) {
  return {"cut", op.clause,
          expected.at("regions") != actual.at("regions")     ? "other region ids"
          : expected.at("borderId") != actual.at("borderId") ? "another borderId"
                                                             : "another empty flag",
          ""};
}
Divergence ContoursDiverge(const Operation& op, const json& expected, const json& actual) {
  const json& e = expected.at("contours");
  const json& a = actual.at("contours");
  std::string kind = e.size() != a.size() ? "another number of contours" : "other vertices";
  for (std::size_t c = 0; c < std::min(e.size(), a.size()); ++c) {
    if (e[c] == a[c]) continue;
    if (e[c].at("region") != a[c].at("region") || e[c].at("area") != a[c].at("area"))
      kind = "a contour of another region or area";
    else if (e[c].at("vertices").size() != a[c].at("vertices").size())
      kind = "a contour with another number of vertices";
    else
      kind = "other vertices";
    break;
  }
  return {"contours", op.clause, kind, ""};
}

const OutputForm kDistancesOutput{DecodeDistances, DistancesDiverge, DistancesWhere};
const OutputForm kRegionsOutput{DecodeRegions, RegionsDiverge, RegionsWhere};
const OutputForm kCutOutput{DecodeCut, CutDiverge, RegionsWhere};
const OutputForm kContoursOutput{DecodeContours, ContoursDiverge, ContoursWhere};

Operation Row(std::string name, std::string family, std::string clause, const OutputForm* output,
              std::function<Bytes(const json&)> run) {
  return {.name = std::move(name),
          .family = std::move(family),
          .clause = std::move(clause),
          .run = std::move(run),
          .key = WriteJsonKey,
          .output = output};
}

// A partition that takes the field and the settings: {"compact", "settings"}.
template <TileRegions (*partition)(const CompactHeightfield&, const NavSettings&)>
Bytes RunPartition(const json& in) {
  return CanonicalBytes(partition(Compact(in), Settings(in)));
}

const OperationFamily kBuild3DRegions({
    // b3d.region.distance, b3d.region.blur: {"compact", "settings"}.
    Row("RegionPipeline.BuildDistanceField", "build3d/regions", "b3d.region.blur",
        &kDistancesOutput,
        [](const json& in) {
          return CanonicalBytes(RegionPipeline::BuildDistanceField(Compact(in), Settings(in)));
        }),
    // b3d.region.watershed: {"compact", "distances", "settings"}.
    Row("RegionPipeline.Watershed", "build3d/regions", "b3d.region.watershed", &kRegionsOutput,
        [](const json& in) {
          return CanonicalBytes(RegionPipeline::Watershed(
              Compact(in), DistancesFromJson(in.at("distances")), Settings(in)));
        }),
    Row("RegionPipeline.Monotone", "build3d/regions", "b3d.region.monotone", &kRegionsOutput,
        RunPartition<RegionPipeline::Monotone>),
    Row("RegionPipeline.Layers", "build3d/regions", "b3d.region.layers", &kRegionsOutput,
        RunPartition<RegionPipeline::Layers>),
    Row("RegionPipeline.Partition", "build3d/regions", "b3d.region.stages", &kRegionsOutput,
        RunPartition<RegionPipeline::Partition>),
    // b3d.region.border-cut: {"compact", "regions", "settings"}.
    Row("RegionPipeline.CutBorder", "build3d/regions", "b3d.region.border-cut", &kCutOutput,
        [](const json& in) {
          return CanonicalBytes(RegionPipeline::CutBorder(
              Compact(in), RegionsFromJson(in.at("regions")), Settings(in)));
        }),
    // b3d.contour.stages: {"compact", "cut", "settings"}.
    Row("RegionPipeline.Trace", "build3d/contours", "b3d.contour.stages", &kContoursOutput,
        [](const json& in) {
          return CanonicalBytes(
              RegionPipeline::Trace(Compact(in), CutFromJson(in.at("cut")), Settings(in)));
        }),
});

}  // namespace

// b3d.region.values: a cut's JSON form, for ops/build3d_polygons.cpp.
build3d::BorderCut Build3DCutFromJson(const nlohmann::json& j) { return CutFromJson(j); }

}  // namespace onepath::conformance::ops
