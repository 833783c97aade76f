#include "conformance/runner/runner.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "conformance/runner/operations.hpp"
#include "onepath/core/canonical.hpp"

namespace onepath::conformance {

using nlohmann::json;

namespace {

bool Contains(const std::vector<std::string>& list, const std::string& s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

// Field values compare exactly: doubles bit for bit (NaN equals NaN, since
// both are written "NaN"), integers and strings as they are.
bool SameFields(const json& expected, const json& actual) { return expected == actual; }

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
      o.detail = fmt::format("sha256 {} != expected {}; output {}", hash, *v.sha256,
                             DecodeOutput(v.op, bytes).dump());
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
