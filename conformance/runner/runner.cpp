#include "conformance/runner/runner.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "conformance/runner/adapter_protocol.hpp"
#include "conformance/runner/operations.hpp"
// src/ headers.
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

// An output decoded for people; bytes that do not decode (a port's broken
// output) are shown as hex with the reason.
json DecodeForPeople(const std::string& op, const std::vector<std::uint8_t>& bytes) {
  try {
    return DecodeOutput(op, bytes);
  } catch (const std::exception& e) {
    json hex = DecodeOutput("", bytes);
    hex["undecodable"] = e.what();
    return hex;
  }
}

// The expected output decoded: the vector's expect.value, else the
// reference's output when it is the expected one (null when neither).
json ExpectedValue(const GoldenVector& v) {
  if (!v.value.is_null()) return v.value;
  if (!v.sha256 || !IsKnownOperation(v.op)) return nullptr;
  Answer ref = RunReference(v.op, v.input);
  if (!ref.output || Sha256Hex(*ref.output) != *v.sha256) return nullptr;
  return DecodeForPeople(v.op, *ref.output);
}

// "ArgumentException {"vertex":2}: message", fields and message when there are any.
std::string DescribeError(const Answer& a) {
  std::string s = a.error_type;
  if (!a.error_fields.empty()) s += " " + a.error_fields.dump();
  if (!a.error_message.empty()) s += ": " + a.error_message;
  return s;
}

}  // namespace

bool Selected(const GoldenVector& v, std::size_t position, const Selection& s) {
  if (!s.families.empty() && !Contains(s.families, v.family)) return false;
  if (!s.ids.empty() && !Contains(s.ids, v.id)) return false;
  if (!s.clauses.empty()) {
    bool any = false;
    for (const std::string& c : v.clauses) any = any || Contains(s.clauses, c);
    if (!any) return false;
  }
  return static_cast<int>(position % static_cast<std::size_t>(s.shard_count)) == s.shard_index;
}

bool IsSpecExceptionType(std::string_view type) {
  return type == "ArgumentException" || type == "ArgumentOutOfRangeException" ||
         type == "InvalidOperationException" || type == "GeometryException";
}

Answer RunReference(const std::string& op, const json& input) {
  Answer a;
  try {
    const Operation* row = FindOperation(op);
    if (!row || row->stages.empty()) {
      a.output = RunOperation(op, input);
    } else {
      std::vector<Bytes> stages = row->runStages(input);
      for (std::size_t i = 0; i < row->stages.size(); ++i)
        a.stages[row->stages[i].name] = ToHex(stages.at(i));
      a.output = stages.back();
    }
  } catch (const OnePathException& e) {
    a.error_type = e.typeName();
    a.error_fields = ErrorFieldsToJson(e.fields());
    a.error_message = e.what();
  } catch (const std::exception& e) {
    // Not one of the spec's types: a defect in the implementation or a
    // malformed vector; either way the vector fails, loudly.
    a.error_type = "std::exception";
    a.error_message = e.what();
  }
  return a;
}

Judgement JudgeInDetail(const GoldenVector& v, const Answer& a) {
  Judgement j{{&v, Status::kFail, ""}, std::nullopt};
  Outcome& o = j.outcome;
  auto fail = [&](std::string stage, std::string clause, std::string kind, std::string where,
                  std::string detail) {
    j.divergence =
        Divergence{std::move(stage), std::move(clause), std::move(kind), std::move(where)};
    j.divergence->got = AnswerFacts(a);
    o.divergence = j.divergence;
    o.detail = std::move(detail);
    return j;
  };
  if (a.output) {
    const std::vector<std::uint8_t>& bytes = *a.output;
    if (v.error) {
      return fail("error", "err.types", "an output instead of " + v.error->type, "",
                  fmt::format("expected {} {}, got output {}", v.error->type,
                              v.error->fields.dump(), DecodeForPeople(v.op, bytes).dump()));
    }
    std::string hash = Sha256Hex(bytes);
    // A reported stage that is not the vector's (expect.stages), from the vector alone.
    std::optional<Divergence> wrong_stage = DivergeStageHashes(v.op, v.stages, a.stages, &v.input);
    if (hash == *v.sha256 && !wrong_stage) {
      o.status = Status::kPass;
      return j;
    }
    if (hash == *v.sha256) {
      const Divergence& d = *wrong_stage;
      return fail(d.stage, d.clause, d.kind, d.where,
                  fmt::format("the output is right but stage {} is not; first divergence: {}; "
                              "first difference: {}",
                              d.stage, d.Summary(), d.where));
    }
    json output = DecodeForPeople(v.op, bytes);
    json expected = ExpectedValue(v);
    std::string detail = fmt::format("sha256 {} != expected {}", hash, *v.sha256);
    // Name the first divergence before the (possibly long) outputs.
    Divergence d{"output", "", "another output (the expected output is not known)", ""};
    if (!wrong_stage && v.stages.empty()) wrong_stage = DivergeStages(v.op, v.input, a.stages);
    if (wrong_stage) {
      // The implementation reported its stages: name the first that differs.
      d = *wrong_stage;
      detail += "; first divergence: " + d.Summary() + "; first difference: " + d.where;
    } else if (!expected.is_null()) {
      if (std::optional<Divergence> found = DivergeOutputs(v.op, expected, output)) d = *found;
      detail += "; first divergence: " + d.Summary();
      if (!d.where.empty()) detail += "; first difference: " + d.where;
    }
    detail += "; output " + output.dump();
    if (!expected.is_null()) detail += "; expected " + expected.dump();
    return fail(d.stage, d.clause, d.kind, d.where, detail);
  }
  if (!IsSpecExceptionType(a.error_type)) {
    return fail("error", "err.nothing-else", "non-spec exception " + a.error_type, "",
                "non-spec exception " + DescribeError(a));
  }
  if (v.error && v.error->type == a.error_type && SameFields(v.error->fields, a.error_fields)) {
    o.status = Status::kPass;
    return j;
  }
  if (v.error) {
    bool same_type = v.error->type == a.error_type;
    return fail(
        "error", same_type ? "err.fields" : "err.types",
        same_type ? a.error_type + " with other fields"
                  : a.error_type + " instead of " + v.error->type,
        fmt::format("fields {}, expected {}", a.error_fields.dump(), v.error->fields.dump()),
        fmt::format("expected {} {}, got {} {}", v.error->type, v.error->fields.dump(),
                    a.error_type, a.error_fields.dump()));
  }
  return fail("error", "err.types", a.error_type + " instead of an output", "",
              "unexpected " + DescribeError(a));
}

Outcome Judge(const GoldenVector& v, const Answer& a) { return JudgeInDetail(v, a).outcome; }

Reply AskReference(const std::string&, const std::string& op, const json& input) {
  if (!IsKnownOperation(op))
    return {std::nullopt, Status::kSkip, "operation " + op + " not implemented"};
  return {RunReference(op, input), Status::kPass, ""};
}

Outcome RunVector(const GoldenVector& v) {
  if (!IsKnownOperation(v.op)) return {&v, Status::kSkip, "operation " + v.op + " not implemented"};
  return Judge(v, RunReference(v.op, v.input));
}

std::vector<Outcome> RunSuite(const Suite& suite, const Selection& selection,
                              const std::function<Outcome(const GoldenVector&)>& run,
                              const ProgressFn& progress) {
  std::vector<const GoldenVector*> chosen;
  for (std::size_t i = 0; i < suite.vectors.size(); ++i)
    if (Selected(suite.vectors[i], i, selection)) chosen.push_back(&suite.vectors[i]);
  std::vector<Outcome> out;
  out.reserve(chosen.size());
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    out.push_back(run(*chosen[i]));
    if (progress) progress(i + 1, chosen.size(), out.back());
  }
  return out;
}

std::vector<Outcome> RunSuite(const Suite& suite, const Selection& selection,
                              const ProgressFn& progress) {
  return RunSuite(suite, selection, RunVector, progress);
}

std::string ReferenceIdentity(std::string_view version, std::string_view how) {
#if defined(__clang__)
  const char* compiler = "clang";
#elif defined(__GNUC__)
  const char* compiler = "gcc";
#else
  const char* compiler = "c++";
#endif
  return fmt::format("OnePath Mesh reference {} ({}; {} {})", version, how, compiler, __VERSION__);
}

}  // namespace onepath::conformance
