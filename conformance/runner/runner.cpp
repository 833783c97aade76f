#include "conformance/runner/runner.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "conformance/runner/operations.hpp"
#include "onepath/core/canonical.hpp"

namespace onepath::conformance {

using nlohmann::json;

namespace {

bool Contains(const std::vector<std::string>& list, const std::string& s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

// Field values compare exactly: doubles bit for bit (NaN equals NaN, since
// both are written "NaN"; -0.0 differs from 0.0, which json's == would
// take as equal), integers and strings as they are.
bool SameFields(const json& expected, const json& actual) {
  if (expected.is_number_float() || actual.is_number_float()) {
    if (!expected.is_number() || !actual.is_number()) return false;
    double e = expected.get<double>(), a = actual.get<double>();
    return e == a && std::signbit(e) == std::signbit(a);
  }
  if (expected.is_object() && actual.is_object()) {
    if (expected.size() != actual.size()) return false;
    for (const auto& [key, value] : expected.items())
      if (!actual.contains(key) || !SameFields(value, actual.at(key))) return false;
    return true;
  }
  return expected == actual;
}

}  // namespace

bool Selected(const GoldenVector& v, std::size_t position, const Selection& s) {
  if (!s.families.empty() && !Contains(s.families, v.family)) return false;
  if (!s.clauses.empty()) {
    bool any = false;
    for (const std::string& c : v.clauses) any = any || Contains(s.clauses, c);
    if (!any) return false;
  }
  return static_cast<int>(position % static_cast<std::size_t>(s.shard_count)) == s.shard_index;
}

Outcome RunVector(const GoldenVector& v) {
  Outcome o{&v, Status::kFail, ""};
  if (!IsKnownOperation(v.op)) {
    o.status = Status::kSkip;
    o.detail = "operation " + v.op + " not implemented";
    return o;
  }
  try {
    std::vector<std::uint8_t> bytes = RunOperation(v.op, v.input);
    if (v.error) {
      o.detail = fmt::format("expected {} {}, got output {}", v.error->type, v.error->fields.dump(),
                             DecodeOutput(v.op, bytes).dump());
      return o;
    }
    std::string hash = Sha256Hex(bytes);
    if (hash == *v.sha256) {
      o.status = Status::kPass;
    } else {
      json output = DecodeOutput(v.op, bytes);
      o.detail = fmt::format("sha256 {} != expected {}", hash, *v.sha256);
      // Name the first difference before the (possibly long) outputs.
      if (!v.value.is_null()) {
        std::string where = DescribeDifference(v.op, v.value, output);
        if (!where.empty()) o.detail += "; first difference: " + where;
      }
      o.detail += "; output " + output.dump();
      if (!v.value.is_null()) o.detail += "; expected " + v.value.dump();
    }
  } catch (const OnePathException& e) {
    json fields = ErrorFieldsToJson(e.fields());
    if (v.error && v.error->type == e.typeName() && SameFields(v.error->fields, fields)) {
      o.status = Status::kPass;
    } else if (v.error) {
      o.detail = fmt::format("expected {} {}, got {} {}", v.error->type, v.error->fields.dump(),
                             e.typeName(), fields.dump());
    } else {
      o.detail = fmt::format("unexpected {} {}: {}", e.typeName(), fields.dump(), e.what());
    }
  } catch (const std::exception& e) {
    // Not one of the spec's types: a defect in the implementation or a
    // malformed vector; either way the vector fails, loudly.
    o.detail = fmt::format("non-spec exception: {}", e.what());
  }
  return o;
}

std::vector<Outcome> RunSuite(const Suite& suite, const Selection& selection,
                              const std::function<void(std::size_t, std::size_t)>& progress) {
  std::vector<const GoldenVector*> chosen;
  for (std::size_t i = 0; i < suite.vectors.size(); ++i)
    if (Selected(suite.vectors[i], i, selection)) chosen.push_back(&suite.vectors[i]);
  std::vector<Outcome> out;
  out.reserve(chosen.size());
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    out.push_back(RunVector(*chosen[i]));
    if (progress) progress(i + 1, chosen.size());
  }
  return out;
}

}  // namespace onepath::conformance
