// Replays golden vectors: judges what an implementation answered (the
// built-in reference, or a port through the adapter protocol) against each
// vector's expectation.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/runner/divergence.hpp"
#include "conformance/runner/golden.hpp"

namespace onepath::conformance {

enum class Status { kPass, kFail, kSkip };

struct Outcome {
  const GoldenVector* vector = nullptr;
  Status status = Status::kSkip;
  std::string detail;  // why it failed or was skipped, in words
};

struct Selection {
  std::vector<std::string> families;  // empty: all
  std::vector<std::string> clauses;   // empty: all; else vectors naming any of them
  // Empty: all; else only these vector ids. A derived check's id
  // ("<vector id>~translate", metamorphic.hpp) selects its vector too (the
  // check needs the vector's output).
  std::vector<std::string> ids;
  int shard_index = 0;  // this shard, 0-based
  int shard_count = 1;  // vectors with (position % count) == index
};

// `position` is the vector's index in the whole suite (suite order), so a
// shard holds the same vectors whatever the other filters are.
bool Selected(const GoldenVector& v, std::size_t position, const Selection& s);

// What an implementation answered for one vector: its canonical output
// bytes, or the exception it threw.
struct Answer {
  std::optional<std::vector<std::uint8_t>> output;
  std::string error_type;  // a spec type (err.types) or any other name: a non-spec failure
  nlohmann::json error_fields = nlohmann::json::object();
  std::string error_message;  // for people; never compared
  // pipeline.stages: stage name -> canonical bytes as hex, when the
  // implementation reports them (adapter protocol `stages`; the reference
  // always does). Judged against the vector's expect.stages when it has
  // them; otherwise only used to name the first diverging stage.
  nlohmann::json stages = nlohmann::json::object();
};

// The four exception types of docs/spec/errors.md (err.types).
bool IsSpecExceptionType(std::string_view type);

// Runs `op` on `input` in the reference (RunOperation; for an operation
// with stages, its stages, the output being the last), catching what it
// throws: the spec's exceptions with their fields, anything else as a
// non-spec failure of type "std::exception".
Answer RunReference(const std::string& op, const nlohmann::json& input);

// Compares an answer with the vector's expectation: positive vectors by
// SHA-256 of the canonical output and, when the vector has expect.stages,
// of every stage the answer reports; negative vectors by exception type and
// every field. On a mismatch the detail names the first diverging stage: a
// reported stage whose hash is not the vector's (from the vector alone),
// else one whose bytes are not the reference's (vectors without
// expect.stages), else from both outputs decoded, with the first differing
// element (DescribeDifference); the expected output is the vector's
// expect.value or, without one, the reference's output when it hashes to
// the expected value.
Outcome Judge(const GoldenVector& v, const Answer& a);

// Judge, with the first divergence of a failed answer (docs: stage, kind,
// element; divergence.hpp): what the reducer compares.
struct Judgement {
  Outcome outcome;
  std::optional<Divergence> divergence;  // set when the answer fails
};
Judgement JudgeInDetail(const GoldenVector& v, const Answer& a);

// An implementation's reply to one request: its answer, or a skip (the
// operation is not supported) or a failure without an answer (an adapter
// that crashed, timed out or answered something malformed), with why.
struct Reply {
  std::optional<Answer> answer;
  Status status = Status::kPass;  // kSkip or kFail when there is no answer
  std::string detail;
};
// Asks an implementation (the built-in reference, or a port through its
// adapter) for one operation on one input; `id` names the request.
using AskFn =
    std::function<Reply(const std::string& id, const std::string& op, const nlohmann::json& input)>;

// The built-in reference as an AskFn: operations it does not know are skipped.
Reply AskReference(const std::string& id, const std::string& op, const nlohmann::json& input);

// Runs one vector on the reference and judges it; operations the reference
// does not know are skipped.
Outcome RunVector(const GoldenVector& v);

// Runs the selected vectors in suite order with `run` (RunVector for the
// built-in reference); `progress(done, total, last)` is called after each
// one (may be empty).
using ProgressFn = std::function<void(std::size_t, std::size_t, const Outcome&)>;
std::vector<Outcome> RunSuite(const Suite& suite, const Selection& selection,
                              const std::function<Outcome(const GoldenVector&)>& run,
                              const ProgressFn& progress);
std::vector<Outcome> RunSuite(const Suite& suite, const Selection& selection,
                              const ProgressFn& progress);

// What a run shows, beyond its counts (docs/adapter-protocol.md, "Exit
// status and verdict"): a run is green only when nothing failed, something
// ran, every family the implementation claims (announces an operation of)
// ran at least one vector, and every required family ran every selected
// vector.
struct RunVerdict {
  enum Kind { kPassed = 0, kFailed = 1, kIncomplete = 4, kStopped = 5 };
  Kind kind = kPassed;  // also the exit status
  std::string word;     // "PASSED", "FAILED", "INCOMPLETE", "STOPPED"
  // "ran 5547 of 8088 golden vectors (68.6 % of the suite), skipped 2541;
  // 9824 derived checks ran"
  std::string share;
  std::vector<std::string> reasons;  // why it is not green, a sentence each
  std::string Line() const { return word + ": " + share; }
};
// `outcomes` of a run of `suite` (derived checks are family "metamorphic");
// `announced`: the operations the adapter announced (nullptr for the
// built-in reference); `required`: --require-family; `stopped`: why the run
// stopped early (AdapterSession::stopped), empty when it did not.
RunVerdict JudgeRun(const Suite& suite, const std::vector<Outcome>& outcomes,
                    const std::vector<std::string>* announced,
                    const std::vector<std::string>& required, const std::string& stopped);

// The names of `known` closest to `name`, for "did you mean": those that
// start with it (a prefix such as "pred."), in the order of `known`; else
// those at the smallest edit distance ignoring case (or one more), nearest
// first, case counting as a tie-break. At most `max`; empty when nothing is
// reasonably close (more edits than half the name's length).
std::vector<std::string> ClosestNames(std::string_view name, const std::vector<std::string>& known,
                                      std::size_t max = 3);

// "'a', 'b' or 'c'".
std::string QuotedList(const std::vector<std::string>& names, std::string_view last = "or");

// "OnePath Mesh reference 0.1.0 (built-in; gcc 12.2.0)": what the reference
// is, for reports and for the reference adapter's handshake (`how`: built-in,
// onepath-adapter).
std::string ReferenceIdentity(std::string_view version, std::string_view how);

}  // namespace onepath::conformance
