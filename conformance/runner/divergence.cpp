#include "conformance/runner/divergence.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "conformance/runner/adapter_protocol.hpp"
#include "conformance/runner/operations.hpp"
#include "conformance/runner/runner.hpp"
// src/ headers.
#include "onepath/core/canonical.hpp"
#include "onepath/exact/predicates.hpp"

namespace onepath::conformance {

using nlohmann::json;

std::string Divergence::Summary() const {
  std::string s = "stage " + stage;
  if (!clause.empty()) s += " (" + clause + ")";
  if (!kind.empty()) s += ": " + kind;
  return s;
}

json AnswerFacts(const Answer& a) {
  if (a.output) return {{"sha256", Sha256Hex(*a.output)}};
  return {{"error", {{"type", a.error_type}, {"fields", a.error_fields}}}};
}

std::string AdapterFailureKind(const std::string& detail) {
  auto starts = [&](const char* prefix) { return detail.rfind(prefix, 0) == 0; };
  if (starts("no answer within")) return "timeout";
  if (starts("the adapter ended")) return "crash";
  if (starts("malformed answer")) return "malformed answer";
  if (starts("not run")) return "not run";
  return "error";
}

namespace {

using Point = std::pair<std::int64_t, std::int64_t>;
using Ring = std::vector<Point>;
using Edge = std::pair<Point, Point>;

std::vector<Ring> RingsOf(const json& region) {
  std::vector<Ring> rings;
  for (const json& ring : region.at("rings")) {
    Ring& r = rings.emplace_back();
    for (const json& p : ring)
      r.emplace_back(p.at(0).get<std::int64_t>(), p.at(1).get<std::int64_t>());
  }
  return rings;
}

// The sign of the turn a -> b -> c (pred.orient2d.int).
int Turn(Point a, Point b, Point c) {
  return exact::Orient2DInt(a.first, a.second, b.first, b.second, c.first, c.second);
}

// Each ring without the vertices that only continue a straight edge: a
// vertex met once in the whole region whose neighbours lie on a line
// through it, on both sides (region.simplify, applied to any output, even
// an invalid one: a spike is kept).
std::vector<Ring> Simplified(const std::vector<Ring>& rings) {
  std::map<Point, int> seen;
  for (const Ring& r : rings)
    for (Point p : r) ++seen[p];
  std::vector<Ring> out;
  for (const Ring& r : rings) {
    Ring& s = out.emplace_back();
    for (std::size_t k = 0; k < r.size(); ++k) {
      Point prev = r[(k + r.size() - 1) % r.size()], p = r[k], next = r[(k + 1) % r.size()];
      bool straight = r.size() > 2 && seen[p] == 1 && Turn(prev, p, next) == 0 &&
                      (p.first - prev.first) * (next.first - p.first) +
                              (p.second - prev.second) * (next.second - p.second) >
                          0;
      if (!straight) s.push_back(p);
    }
  }
  return out;
}

std::vector<Edge> SortedEdges(const std::vector<Ring>& rings) {
  std::vector<Edge> edges;
  for (const Ring& r : rings)
    for (std::size_t k = 0; k < r.size(); ++k) edges.emplace_back(r[k], r[(k + 1) % r.size()]);
  std::sort(edges.begin(), edges.end());
  return edges;
}

// A ring as a cycle: rotated to start at its smallest rotation.
Ring AsCycle(Ring r) {
  Ring best = r;
  for (std::size_t k = 1; k < r.size(); ++k) {
    std::rotate(r.begin(), r.begin() + 1, r.end());
    best = std::min(best, r);
  }
  return best;
}

std::vector<Ring> Sorted(std::vector<Ring> rings, bool as_cycles) {
  if (as_cycles)
    for (Ring& r : rings) r = AsCycle(std::move(r));
  std::sort(rings.begin(), rings.end());
  return rings;
}

std::string PointText(Point p) { return fmt::format("[{},{}]", p.first, p.second); }

// The first edge of one sorted list that the other lacks, in words.
std::string EdgeDifference(const std::vector<Edge>& expected, const std::vector<Edge>& actual) {
  std::vector<Edge> missing, extra;
  std::set_difference(expected.begin(), expected.end(), actual.begin(), actual.end(),
                      std::back_inserter(missing));
  std::set_difference(actual.begin(), actual.end(), expected.begin(), expected.end(),
                      std::back_inserter(extra));
  if (!missing.empty() && (extra.empty() || missing.front() < extra.front()))
    return fmt::format("boundary edge {}->{} is missing", PointText(missing.front().first),
                       PointText(missing.front().second));
  if (!extra.empty())
    return fmt::format("boundary edge {}->{} is not expected", PointText(extra.front().first),
                       PointText(extra.front().second));
  return "";
}

}  // namespace

Divergence RegionDivergence(const Operation& op, const json& expected, const json& actual) {
  if (expected.at("SnapBits") != actual.at("SnapBits"))
    return {"SnapBits", "region.canonical", "another SnapBits", ""};
  std::vector<Ring> e = RingsOf(expected), a = RingsOf(actual);
  std::vector<Ring> es = Simplified(e), as = Simplified(a);
  std::vector<Edge> ee = SortedEdges(es), ae = SortedEdges(as);
  if (ee != ae) return {"boundary", op.clause, "another boundary", EdgeDifference(ee, ae)};
  if (Sorted(es, true) != Sorted(as, true))
    return {"rings", "region.rings", "the edges are chained into other rings", ""};
  if (Sorted(e, true) != Sorted(a, true)) {
    std::size_t ne = 0, na = 0;
    for (const Ring& r : e) ne += r.size();
    for (const Ring& r : a) na += r.size();
    return {"simplify", "region.simplify",
            na > ne ? "a collinear vertex is kept" : "a vertex is dropped", ""};
  }
  if (Sorted(e, false) != Sorted(a, false))
    return {"ring start", "region.ring-order", "a ring starts at another vertex", ""};
  return {"ring order", "region.ring-order", "the rings are in another order", ""};
}

Divergence ArrangementDivergence(const Operation&, const json& expected, const json& actual) {
  const json &ev = expected.at("vertices"), &av = actual.at("vertices");
  if (ev != av)
    return {"vertices", "arr.output",
            ev.size() != av.size() ? "another number of vertices" : "other vertex coordinates", ""};
  const json &es = expected.at("segments"), &as = actual.at("segments");
  if (es.size() != as.size()) return {"segments", "arr.output", "another number of segments", ""};
  for (std::size_t i = 0; i < es.size(); ++i) {
    if (es[i] == as[i]) continue;
    bool same_ends = es[i][0] == as[i][0] && es[i][1] == as[i][1];
    return {"segments", same_ends ? "arr.merge" : "arr.output",
            same_ends ? "other net counts" : "other segment ends", ""};
  }
  return {"segments", "arr.output", "", ""};
}

Divergence MeshDivergence(const Operation&, const json& expected, const json& actual) {
  if (expected.at("SnapBits") != actual.at("SnapBits"))
    return {"SnapBits", "triangulate.canonical", "another SnapBits", ""};
  if (expected.at("vertices") != actual.at("vertices"))
    return {"vertices", "triangulate.input", "other vertices", ""};
  bool partition = expected.contains("polygons");
  const char* faces = partition ? "polygons" : "triangles";
  if (expected.at(faces) != actual.at(faces))
    return {faces, partition ? "partition.merge" : "triangulate.faces",
            partition ? "other polygons" : "other triangles", ""};
  return {"neighbours", partition ? "partition.output" : "triangulate.output", "other neighbours",
          ""};
}

Divergence SignDivergence(const Operation& op, const json& expected, const json& actual) {
  return {
      "sign", op.clause,
      fmt::format("sign {} instead of {}", actual.at("sign").dump(), expected.at("sign").dump()),
      ""};
}

Divergence CdtDivergence(const Operation&, const json& expected, const json& actual) {
  return {"triangles", "cdt.canonical",
          expected.at("points") != actual.at("points") ? "another number of points"
                                                       : "other triangles or constraint marks",
          ""};
}

namespace {

// The first stage of `op`, in spec order, that `stages` reports and
// `differs(name, hex)` finds wrong: "the <name> stage differs", with
// `where(stage, hex)` as the element.
template <typename Differs, typename Where>
std::optional<Divergence> FirstWrongStage(const std::string& op, const json& stages,
                                          Differs differs, Where where) {
  const Operation* row = FindOperation(op);
  if (!row || stages.empty()) return std::nullopt;
  for (const Stage& stage : row->stages) {
    if (!stages.contains(stage.name)) continue;
    const std::string& hex = stages.at(stage.name).get_ref<const std::string&>();
    if (differs(stage.name, hex))
      return Divergence{stage.name, stage.clause, "the " + stage.name + " stage differs",
                        where(stage, hex)};
  }
  return std::nullopt;
}

// The first differing element of a stage whose form decodes (Stage::form),
// the reference's bytes `expected_hex` against `hex`: "; column (x 3, z 1),
// span 0: ...". Empty when the stage has no form or the bytes do not decode.
std::string StageElement(const std::string& op, const Stage& stage, const std::string& expected_hex,
                         const std::string& hex) {
  if (!stage.form || !stage.form->decode) return "";
  try {
    json expected = stage.form->decode(FromHex(expected_hex));
    json actual = stage.form->decode(FromHex(hex));
    std::optional<Difference> d = FirstDifference(expected, actual);
    if (!d) return "";
    std::string words = stage.form->where ? stage.form->where(*d, expected, actual) : "";
    if (words.empty()) {
      for (const std::string& key : d->path) words += "/" + key;
      words += ": " + d->what;
    }
    return "; " + words;
  } catch (const std::exception& e) {
    return fmt::format("; ({} stage {} not comparable: {})", op, stage.name, e.what());
  }
}

}  // namespace

std::optional<Divergence> DivergeStages(const std::string& op, const json& input,
                                        const json& stages) {
  if (stages.empty()) return std::nullopt;
  json expected;
  try {
    expected = RunStages(op, input);
  } catch (const std::exception&) {
    return std::nullopt;  // the reference throws: the error stage says more
  }
  return FirstWrongStage(
      op, stages,
      [&](const std::string& name, const std::string& hex) {
        return expected.contains(name) && hex != expected.at(name);
      },
      [&](const Stage& stage, const std::string& hex) {
        const std::string& expected_hex = expected.at(stage.name).get_ref<const std::string&>();
        return fmt::format("{} bytes, expected {}", hex.size() / 2, expected_hex.size() / 2) +
               StageElement(op, stage, expected_hex, hex);
      });
}

std::optional<Divergence> DivergeStageHashes(const std::string& op, const json& hashes,
                                             const json& stages, const json* input) {
  if (hashes.empty()) return std::nullopt;
  // The reference's stages, run only to name the element of a stage
  // with a form (Stage::form).
  std::optional<json> reference;
  auto reference_hex = [&](const std::string& name) -> std::string {
    if (!input) return "";
    if (!reference) {
      try {
        reference = RunStages(op, *input);
      } catch (const std::exception&) {
        reference = json::object();
      }
    }
    return reference->contains(name) ? reference->at(name).get<std::string>() : "";
  };
  auto hash_of = [](const std::string& hex) { return Sha256Hex(FromHex(hex)); };
  return FirstWrongStage(
      op, stages,
      [&](const std::string& name, const std::string& hex) {
        return hashes.contains(name) && hash_of(hex) != hashes.at(name);
      },
      [&](const Stage& stage, const std::string& hex) {
        std::string element;
        if (stage.form) {
          std::string expected_hex = reference_hex(stage.name);
          if (!expected_hex.empty() && hash_of(expected_hex) == hashes.at(stage.name))
            element = StageElement(op, stage, expected_hex, hex);
        }
        return fmt::format("sha256 {}, expected {} (expect.stages)", hash_of(hex),
                           hashes.at(stage.name).get<std::string>()) +
               element;
      });
}

std::optional<Difference> FirstDifference(const json& expected, const json& actual) {
  if (expected == actual) return std::nullopt;
  if (expected.is_array() && actual.is_array()) {
    for (std::size_t i = 0; i < std::min(expected.size(), actual.size()); ++i) {
      if (auto d = FirstDifference(expected[i], actual[i])) {
        d->path.insert(d->path.begin(), std::to_string(i));
        return d;
      }
    }
    return Difference{{}, fmt::format("{} items, expected {}", actual.size(), expected.size())};
  }
  if (expected.is_object() && actual.is_object()) {
    for (const auto& [key, value] : expected.items()) {
      if (!actual.contains(key)) return Difference{{key}, "missing"};
      if (auto d = FirstDifference(value, actual.at(key))) {
        d->path.insert(d->path.begin(), key);
        return d;
      }
    }
    for (const auto& [key, value] : actual.items())
      if (!expected.contains(key)) return Difference{{key}, "unexpected"};
  }
  return Difference{{}, fmt::format("{}, expected {}", actual.dump(), expected.dump())};
}

std::string RegionWhere(const Difference& d, const json& expected, const json& actual) {
  const std::vector<std::string>& p = d.path;
  if (p.empty() || p[0] != "rings") return "";
  // rings / ring index / vertex index / coordinate index.
  if (p.size() == 1) return fmt::format("rings: {}", d.what);
  if (p.size() == 2) return fmt::format("ring {}: {}", p[1], d.what);
  return fmt::format("ring {}, vertex {}: {}, expected {}", p[1], p[2],
                     actual.at("rings").at(std::stoul(p[1])).at(std::stoul(p[2])).dump(),
                     expected.at("rings").at(std::stoul(p[1])).at(std::stoul(p[2])).dump());
}

std::string DescribeDifference(const std::string& op, const json& expected, const json& actual) {
  std::optional<Difference> d = FirstDifference(expected, actual);
  if (!d) return "";
  const Operation* row = FindOperation(op);
  if (row && row->output && row->output->where) {
    std::string words = row->output->where(*d, expected, actual);
    if (!words.empty()) return words;
  }
  std::string pointer;
  for (const std::string& key : d->path) pointer += "/" + key;
  return fmt::format("{}: {}", pointer.empty() ? "/" : pointer, d->what);
}

std::optional<Divergence> DivergeOutputs(const std::string& op, const json& expected,
                                         const json& actual) {
  if (expected == actual) return std::nullopt;
  Divergence d{"output", "", "another output", ""};
  const Operation* row = FindOperation(op);
  try {
    if (actual.contains("undecodable"))
      d = {"output", "", "output that does not decode", ""};
    else if (row && row->output && row->output->diverge)
      d = row->output->diverge(*row, expected, actual);
  } catch (const std::exception&) {
    d = {"output", "", "output of another shape", ""};
  }
  std::string element;
  try {
    element = DescribeDifference(op, expected, actual);
  } catch (const std::exception& e) {
    element = std::string("(not comparable: ") + e.what() + ")";
  }
  d.where = d.where.empty() ? element : element + "; " + d.where;
  return d;
}

}  // namespace onepath::conformance
