#include "conformance/runner/runner.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>

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
  if (!s.ids.empty() && !Contains(s.ids, v.id) &&
      std::none_of(s.ids.begin(), s.ids.end(), [&](const std::string& id) {
        return id.size() > v.id.size() && id.starts_with(v.id) && id[v.id.size()] == '~';
      }))
    return false;
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

namespace {

// "68.6 %"; never "0.0 %" for a share above 0, nor "100.0 %" below 1.
std::string Percent(std::size_t part, std::size_t whole) {
  if (whole == 0) return "0 %";
  double p = 100.0 * static_cast<double>(part) / static_cast<double>(whole);
  if (part > 0 && p < 0.1) return "< 0.1 %";
  if (part < whole && p > 99.9) return "> 99.9 %";
  return fmt::format("{:.1f} %", p);
}

}  // namespace

RunVerdict JudgeRun(const Suite& suite, const std::vector<Outcome>& outcomes,
                    const std::vector<std::string>* announced,
                    const std::vector<std::string>& required, const std::string& stopped) {
  struct Count {
    std::size_t selected = 0, ran = 0;
    std::map<std::string, int> skipped;  // why -> how many
    std::set<std::string> claimed_ops, skipped_ops;
  };
  std::map<std::string, Count> families;
  std::size_t selected = 0, ran = 0, failed = 0, derived_ran = 0;
  for (const Outcome& o : outcomes) {
    bool run = o.status != Status::kSkip;
    failed += o.status == Status::kFail;
    if (o.vector->family == "metamorphic") {
      derived_ran += run;
      continue;
    }
    ++selected;
    ran += run;
    Count& f = families[o.vector->family];
    ++f.selected;
    f.ran += run;
    if (!run) {
      ++f.skipped[o.detail];
      f.skipped_ops.insert(o.vector->op);
    }
    if (announced && Contains(*announced, o.vector->op)) f.claimed_ops.insert(o.vector->op);
  }
  RunVerdict v;
  std::size_t total = suite.vectors.size();
  v.share = selected == total
                ? fmt::format("ran {} of {} golden vectors ({} of the suite)", ran, total,
                              Percent(ran, total))
                : fmt::format("ran {} of {} selected golden vectors ({} of the suite's {})", ran,
                              selected, Percent(ran, total), total);
  if (ran < selected) v.share += fmt::format(", skipped {}", selected - ran);
  if (derived_ran > 0) v.share += fmt::format("; {} derived checks ran", derived_ran);
  auto most_common = [](const std::map<std::string, int>& why) {
    auto it = std::max_element(why.begin(), why.end(),
                               [](const auto& a, const auto& b) { return a.second < b.second; });
    return it == why.end() ? std::string() : it->first;
  };
  auto join = [](const std::set<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
  };
  if (ran == 0) {
    std::map<std::string, int> why;
    for (const auto& [name, f] : families)
      for (const auto& [reason, n] : f.skipped) why[reason] += n;
    v.reasons.push_back(fmt::format("nothing ran: all {} selected vectors were skipped ({})",
                                    selected, most_common(why)));
  }
  for (const auto& [name, f] : families) {
    if (stopped.empty() && ran > 0 && !f.claimed_ops.empty() && f.ran == 0)
      v.reasons.push_back(fmt::format(
          "family {} was entirely skipped although the adapter announces {} ({} vectors; {})", name,
          join(f.claimed_ops), f.selected, most_common(f.skipped)));
  }
  for (const std::string& name : required) {
    auto it = families.find(name);
    if (it == families.end() || it->second.ran == it->second.selected) continue;
    const Count& f = it->second;
    std::string detail = most_common(f.skipped);
    if (announced) {
      std::set<std::string> missing;
      for (const std::string& op : f.skipped_ops)
        if (!Contains(*announced, op)) missing.insert(op);
      if (!missing.empty()) detail = "the adapter does not announce " + join(missing);
    }
    v.reasons.push_back(
        fmt::format("family {} is required (--require-family) but ran {} of {} "
                    "selected vectors: {}",
                    name, f.ran, f.selected, detail));
  }
  if (!stopped.empty()) {
    v.kind = RunVerdict::kStopped;
    v.word = "STOPPED";
    v.reasons.insert(v.reasons.begin(), stopped);
  } else if (failed > 0) {
    v.kind = RunVerdict::kFailed;
    v.word = "FAILED";
  } else if (!v.reasons.empty()) {
    v.kind = RunVerdict::kIncomplete;
    v.word = "INCOMPLETE";
  } else {
    v.word = "PASSED";
  }
  return v;
}

namespace {

// Levenshtein distance; with `fold`, letters compare ignoring case.
std::size_t EditDistance(std::string_view a, std::string_view b, bool fold) {
  auto same = [fold](char x, char y) {
    if (!fold) return x == y;
    return std::tolower(static_cast<unsigned char>(x)) ==
           std::tolower(static_cast<unsigned char>(y));
  };
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t up = row[j];
      row[j] =
          std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same(a[i - 1], b[j - 1]) ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace

std::vector<std::string> ClosestNames(std::string_view name, const std::vector<std::string>& known,
                                      std::size_t max) {
  std::vector<std::string> out;
  for (const std::string& k : known)
    if (out.size() < max && k.size() > name.size() && !name.empty() && k.starts_with(name))
      out.push_back(k);
  if (!out.empty()) return out;
  // Rank by (distance ignoring case, distance counting case).
  std::vector<std::pair<std::pair<std::size_t, std::size_t>, const std::string*>> ranked;
  for (const std::string& k : known) {
    std::size_t folded = EditDistance(name, k, true);
    if (folded * 2 > std::max(name.size(), std::size_t{2})) continue;
    ranked.push_back({{folded, EditDistance(name, k, false)}, &k});
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  for (const auto& [distance, k] : ranked) {
    if (out.size() == max || distance.first > ranked.front().first.first + 1) break;
    out.push_back(*k);
  }
  return out;
}

std::string QuotedList(const std::vector<std::string>& names, std::string_view last) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? fmt::format(" {} ", last) : ", ";
    out += "'" + names[i] + "'";
  }
  return out;
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
