// Where an implementation's answer first departs from the expected one:
// the stage of the computation that diverges, the kind of difference and
// the first differing element, in words. The runner prints it for every
// failed vector; the reducer keeps shrinking an input only while the same
// divergence persists (Divergence::SameAs).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace onepath::conformance {

struct Operation;  // operations.hpp

struct Divergence {
  // The first stage of the operation whose result differs, named as the
  // spec's steps are: for regions "SnapBits", "boundary", "rings",
  // "simplify", "ring start", "ring order"; "sign" for predicates;
  // "vertices", "segments" for arrangements; "error" when an exception was
  // expected or thrown instead; "adapter" when the port gave no usable
  // answer; "output" when nothing finer is known.
  std::string stage;
  std::string clause;  // the clause that stage implements, e.g. "region.ring-order"
  // What differs there, as a short phrase that does not name indices or
  // coordinates ("a ring starts at another vertex", "sign 1 instead of -1").
  std::string kind;
  // The first differing element, e.g. "ring 1, vertex 0: [68,-88], expected [62,-76]".
  std::string where;
  // What the implementation answered, for reports (AnswerFacts): {"sha256":
  // hex} for an output, {"error": {"type", "fields"}} for an exception; null
  // when not known. Not compared by SameAs.
  nlohmann::json got;

  // The same divergence for the reducer: same stage and same kind. The
  // element is not compared: its indices move as the input shrinks.
  bool SameAs(const Divergence& o) const { return stage == o.stage && kind == o.kind; }
  // "stage ring start (region.ring-order): a ring starts at another vertex".
  std::string Summary() const;
};

struct Answer;  // runner.hpp

// An answer as report.json gives it: {"sha256": hex of the output} or
// {"error": {"type": ..., "fields": {...}}}.
nlohmann::json AnswerFacts(const Answer& a);

// A failure without an answer (the adapter crashed, timed out, answered
// something malformed, or could not be restarted), from the runner's
// detail: "crash", "timeout", "malformed answer", "not run", or "error"
// for anything else (adapter_client.cpp words them).
std::string AdapterFailureKind(const std::string& detail);

// Compares two decoded outputs of `op` (DecodeOutput): nullopt when equal.
// The operation's output form names the first diverging stage
// (OutputForm::diverge, below) and the first differing element
// (DescribeDifference).
std::optional<Divergence> DivergeOutputs(const std::string& op, const nlohmann::json& expected,
                                         const nlohmann::json& actual);

// pipeline.stages, from the reference: the first stage of `op` in spec
// order (Operation::stages) whose bytes in `stages` (an implementation's
// report, name -> hex) differ from the reference's for `input`; stages not
// reported are passed over. nullopt when none differs or `op` has no
// stages.
std::optional<Divergence> DivergeStages(const std::string& op, const nlohmann::json& input,
                                        const nlohmann::json& stages);

// pipeline.stages, from the vector alone: the first stage of `op` in spec
// order whose bytes in `stages` (name -> hex) do not hash to the vector's
// expect.stages (`hashes`: name -> SHA-256 hex); stages the vector or the
// report leaves out are passed over. Given the vector's `input`, the
// reference is run to name the first differing element of a stage with a
// form (Stage::form) when its bytes hash to the vector's.
std::optional<Divergence> DivergeStageHashes(const std::string& op, const nlohmann::json& hashes,
                                             const nlohmann::json& stages,
                                             const nlohmann::json* input = nullptr);

// Where two decoded outputs first differ: the path to it (array indices
// and object keys) and what differs there; nullopt when they are equal.
struct Difference {
  std::vector<std::string> path;
  std::string what;
};
std::optional<Difference> FirstDifference(const nlohmann::json& expected,
                                          const nlohmann::json& actual);

// The first differing element in words: "ring 3, vertex 5: [4,2], expected
// [4,3]" for regions (OutputForm::where), a JSON pointer for other outputs.
// Empty when they are equal.
std::string DescribeDifference(const std::string& op, const nlohmann::json& expected,
                               const nlohmann::json& actual);

// The output forms' comparisons (OutputForm::diverge, ::where), in the
// order the spec computes each output:
//
// region.canonical: the boundary edges once collinear vertices are merged
// (region.boundary and the operation's own clause, Operation::clause), the
// rings as cycles after simplification (region.rings), the vertices kept
// (region.simplify), each ring's start and the rings' order
// (region.ring-order).
Divergence RegionDivergence(const Operation& op, const nlohmann::json& expected,
                            const nlohmann::json& actual);
std::string RegionWhere(const Difference& d, const nlohmann::json& expected,
                        const nlohmann::json& actual);
// triangulate.canonical and partition.canonical: SnapBits, the vertices
// (triangulate.input), the triangles or polygons, the neighbours.
Divergence MeshDivergence(const Operation& op, const nlohmann::json& expected,
                          const nlohmann::json& actual);
// arr.output: the vertices, then the segments (net counts: arr.merge).
Divergence ArrangementDivergence(const Operation& op, const nlohmann::json& expected,
                                 const nlohmann::json& actual);
// canon.sign: the sign (Operation::clause).
Divergence SignDivergence(const Operation& op, const nlohmann::json& expected,
                          const nlohmann::json& actual);
// cdt.canonical: the number of points, then the triangles and their marks.
Divergence CdtDivergence(const Operation& op, const nlohmann::json& expected,
                         const nlohmann::json& actual);

}  // namespace onepath::conformance
