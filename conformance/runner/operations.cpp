#include "conformance/runner/operations.hpp"

#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <type_traits>

// src/ headers.
#include "onepath/core/canonical.hpp"

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
  ForEachErrorField([&](const char* name, auto member) {
    const auto& v = f.*member;
    if (!v) return;
    if constexpr (std::is_same_v<std::decay_t<decltype(*v)>, double>)
      j[name] = DoubleToJson(*v);
    else
      j[name] = *v;
  });
  return j;
}

std::vector<geom2d::Outline> OutlinesFromJson(const json& j) {
  std::vector<geom2d::Outline> outlines;
  for (const json& outline : j) {
    geom2d::Outline o;
    for (const json& ring : outline) {
      std::vector<Vector2D>& r = o.rings.emplace_back();
      for (const json& p : ring) r.push_back(PointFromJson(p));
    }
    outlines.push_back(std::move(o));
  }
  return outlines;
}

json OutlinesToJson(const std::vector<geom2d::Outline>& outlines) {
  json list = json::array();
  for (const geom2d::Outline& o : outlines) {
    json rings = json::array();
    for (const auto& ring : o.rings) {
      json points = json::array();
      for (Vector2D p : ring) points.push_back(PointToJson(p));
      rings.push_back(points);
    }
    list.push_back(rings);
  }
  return list;
}

namespace {


// Every registered row, by name.
std::map<std::string, Operation>& Table() {
  static std::map<std::string, Operation> table;
  return table;
}

}  // namespace

OperationFamily::OperationFamily(std::vector<Operation> rows) {
  for (Operation& row : rows) {
    std::string name = row.name;
    if (!Table().emplace(name, std::move(row)).second)
      throw std::logic_error("operation " + name + " registered twice");
  }
}

const Operation* FindOperation(const std::string& op) {
  auto it = Table().find(op);
  return it == Table().end() ? nullptr : &it->second;
}

Bytes RunOperation(const std::string& op, const json& input) { return Table().at(op).run(input); }

json RunStages(const std::string& op, const json& input) {
  const Operation* row = FindOperation(op);
  json stages = json::object();
  if (!row || row->stages.empty()) return stages;
  std::vector<Bytes> bytes = row->runStages(input);
  for (std::size_t i = 0; i < row->stages.size(); ++i)
    stages[row->stages[i].name] = ToHex(bytes.at(i));
  return stages;
}

bool IsKnownOperation(const std::string& op) { return FindOperation(op) != nullptr; }

std::vector<std::string> OperationNames() {
  std::vector<std::string> names;
  for (const auto& [name, row] : Table()) names.push_back(name);
  return names;
}

json DecodeOutput(const std::string& op, const Bytes& bytes) {
  const Operation* row = FindOperation(op);
  if (row && row->output && row->output->decode) {
    json decoded = row->output->decode(bytes);
    if (!decoded.is_null()) return decoded;
  }
  return json{{"hex", ToHex(bytes)}};
}

}  // namespace onepath::conformance
