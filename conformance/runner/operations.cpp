#include "conformance/runner/operations.hpp"

#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <stdexcept>

#include "onepath/core/canonical.hpp"
#include "onepath/exact/predicates.hpp"
#include "onepath/geom2d/arrangement.hpp"

namespace onepath::conformance {

using nlohmann::json;

double DoubleFromJson(const json& j) {
  if (j.is_string()) {
    const std::string& s = j.get_ref<const std::string&>();
    if (s == "NaN") return std::numeric_limits<double>::quiet_NaN();
    if (s == "Infinity") return std::numeric_limits<double>::infinity();
    if (s == "-Infinity") return -std::numeric_limits<double>::infinity();
    throw std::invalid_argument("not a number: \"" + s + "\"");
  }
  return j.get<double>();
}

json DoubleToJson(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  return v;
}

Vector2D PointFromJson(const json& j) {
  if (!j.is_array() || j.size() != 2) throw std::invalid_argument("a point is [x, y]");
  return {DoubleFromJson(j[0]), DoubleFromJson(j[1])};
}

json PointToJson(Vector2D p) { return json::array({DoubleToJson(p.x), DoubleToJson(p.y)}); }

json ErrorFieldsToJson(const ErrorFields& f) {
  json j = json::object();
  if (f.argument) j["argument"] = *f.argument;
  if (f.outline) j["outline"] = *f.outline;
  if (f.ring) j["ring"] = *f.ring;
  if (f.vertex) j["vertex"] = *f.vertex;
  if (f.edge) j["edge"] = *f.edge;
  if (f.value) j["value"] = DoubleToJson(*f.value);
  if (f.setting) j["setting"] = *f.setting;
  if (f.tileX) j["tileX"] = *f.tileX;
  if (f.tileZ) j["tileZ"] = *f.tileZ;
  if (f.count) j["count"] = *f.count;
  return j;
}

namespace {

using Operation = std::function<std::vector<std::uint8_t>(const json&)>;

// canon.sign: a predicate's output is its sign as one signed byte.
std::vector<std::uint8_t> SignBytes(int sign) {
  CanonicalWriter w;
  w.I8(static_cast<std::int8_t>(sign));
  return w.Take();
}

// Arrangement.Build input: {"edges": [[px, py, qx, qy, operand], ...]}.
std::vector<geom2d::TaggedEdge> EdgesFromJson(const json& in) {
  std::vector<geom2d::TaggedEdge> edges;
  for (const json& e : in.at("edges")) {
    if (!e.is_array() || e.size() != 5)
      throw std::invalid_argument("an edge is [px, py, qx, qy, operand]");
    edges.push_back({{e[0].get<std::int64_t>(), e[1].get<std::int64_t>()},
                     {e[2].get<std::int64_t>(), e[3].get<std::int64_t>()},
                     e[4].get<int>()});
  }
  return edges;
}

const std::map<std::string, Operation>& Operations() {
  static const std::map<std::string, Operation> ops = {
      {"Arrangement.Build",
       [](const json& in) {
         return geom2d::CanonicalBytes(geom2d::BuildArrangement(EdgesFromJson(in)));
       }},
      {"Predicates.Orient2D",
       [](const json& in) {
         return SignBytes(exact::CheckedOrient2D(
             PointFromJson(in.at("a")), PointFromJson(in.at("b")), PointFromJson(in.at("c"))));
       }},
      {"Predicates.InCircle",
       [](const json& in) {
         return SignBytes(
             exact::CheckedInCircle(PointFromJson(in.at("a")), PointFromJson(in.at("b")),
                                    PointFromJson(in.at("c")), PointFromJson(in.at("d"))));
       }},
  };
  return ops;
}

}  // namespace

std::vector<std::uint8_t> RunOperation(const std::string& op, const json& input) {
  return Operations().at(op)(input);
}

bool IsKnownOperation(const std::string& op) { return Operations().count(op) != 0; }

std::vector<std::string> OperationNames() {
  std::vector<std::string> names;
  for (const auto& [name, fn] : Operations()) names.push_back(name);
  return names;
}

json DecodeOutput(const std::string& op, const std::vector<std::uint8_t>& bytes) {
  if ((op == "Predicates.Orient2D" || op == "Predicates.InCircle") && bytes.size() == 1) {
    CanonicalReader r(bytes);
    return json{{"sign", r.I8()}};
  }
  if (op == "Arrangement.Build") {
    CanonicalReader r(bytes);
    json vertices = json::array(), segments = json::array();
    for (std::uint32_t n = r.U32(), i = 0; i < n; ++i) {
      std::int64_t x = r.I64();
      vertices.push_back({x, r.I64()});
    }
    for (std::uint32_t n = r.U32(), i = 0; i < n; ++i) {
      std::uint32_t a = r.U32(), b = r.U32();
      std::int32_t n0 = r.I32();
      segments.push_back({a, b, n0, r.I32()});
    }
    return json{{"vertices", vertices}, {"segments", segments}};
  }
  static const char* hex = "0123456789abcdef";
  std::string s;
  for (std::uint8_t b : bytes) {
    s.push_back(hex[b >> 4]);
    s.push_back(hex[b & 15]);
  }
  return json{{"hex", s}};
}

}  // namespace onepath::conformance
