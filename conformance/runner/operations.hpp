// The operations the golden vectors name, as the spec names them, run on
// the reference implementation (docs/golden-format.md, "Operations").
//
// One table holds them: each family's file in conformance/runner/ops/
// registers its rows (OperationFamily), and everything the runner knows
// about an operation comes from its row: how to run it, its input's key
// bytes, how its output decodes and compares, its stages. A new chapter's
// operations are one new file in ops/ (and its line in meson.build).
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "conformance/runner/divergence.hpp"
// src/ headers (the JSON forms below).
#include "onepath/core/errors.hpp"
#include "onepath/core/vector2d.hpp"
#include "onepath/geom2d/outline.hpp"

namespace onepath {
class CanonicalWriter;
}

namespace onepath::conformance {

using Bytes = std::vector<std::uint8_t>;
struct Operation;

// How the runner reads one canonical output form (docs/spec/canonical.md).
struct OutputForm {
  // The bytes decoded for people and for comparison ({"sign": -1},
  // {"SnapBits": n, "rings": [...]}, …); throws on bytes that do not
  // decode, or returns null to have them shown as hex.
  nlohmann::json (*decode)(const Bytes& bytes) = nullptr;
  // The first diverging stage of two decoded outputs that differ
  // (divergence.hpp); null: "output".
  Divergence (*diverge)(const Operation& op, const nlohmann::json& expected,
                        const nlohmann::json& actual) = nullptr;
  // The first differing element in words, from where the decoded outputs
  // first differ; null: that place as a JSON pointer.
  std::string (*where)(const Difference& d, const nlohmann::json& expected,
                       const nlohmann::json& actual) = nullptr;
};

// One stage of an operation that reports its stages (pipeline.stages).
struct Stage {
  std::string name;    // as the spec names it: "shrunk"
  std::string clause;  // the clause that computes it: "shrink.edges"
  // How the stage's bytes decode, to name the first differing element of
  // a diverging stage (its `where`); null: only the stage is named.
  const OutputForm* form = nullptr;
};

// Where an operation's input keeps its geometry, for the tools that shrink,
// move or draw inputs (reducer, derived checks, failure picture). They
// leave an input of form kNone alone.
enum class InputForm {
  kNone,
  kPoints,         // named points {"a": [x, y], …} (Operation::points)
  kEdges,          // {"edges": [[px, py, qx, qy, operand], …]}
  kOutlines,       // a Region.FromOutlines input
  kTileMap,        // a Region.FromTileMap input
  kOperandPair,    // {"a": outlines, "b": outlines}
  kRegionOperand,  // {"region": outlines or tile map, …}
  kBuild,          // outlines or a tile map with "settings" (Mesh2DPipeline.Build*)
};

// The metamorphic relations the spec promises for an operation
// (metamorphic.hpp): its output follows a translation of the input, does
// not depend on the input's order, or on the order of its two operands.
struct Relations {
  bool translate = false;
  bool permute = false;
  bool swapOperands = false;
};

// One row of the table.
struct Operation {
  std::string name;    // as the spec names it: "Region.Offset"
  std::string family;  // the golden family holding its vectors: "offset"
  // Further families holding its vectors (NavMesh.Build: build3d/mesh-layers-chunk).
  std::vector<std::string> otherFamilies;
  // The clause of the step that makes the result: a region's boundary
  // ("offset.pieces"), a predicate's sign ("pred.orient2d").
  std::string clause;
  InputForm input = InputForm::kNone;
  std::vector<std::string> points;  // kPoints: the point names, in argument order
  // kRegionOperand: a JSON pointer to the distance the reducer halves
  // ("/distance"); empty when there is none.
  std::string distance;
  Relations relations;
  // Decodes the input, runs the reference, returns the canonical output.
  std::function<Bytes(const nlohmann::json& input)> run;
  // The input's key bytes, whose hash ends a vector's id (docs/golden-format.md).
  void (*key)(CanonicalWriter& w, const nlohmann::json& input) = nullptr;
  const OutputForm* output = nullptr;
  // The stages in spec order, and a function computing each stage's
  // canonical bytes in that order; the last stage is the output. Empty
  // when the operation has no stages.
  std::vector<Stage> stages;
  std::function<std::vector<Bytes>(const nlohmann::json& input)> runStages;
};

// Registers a family's rows: each file in ops/ holds one of these, at
// namespace scope. (The runner library is linked whole, so every file's
// rows are in every program.)
class OperationFamily {
 public:
  explicit OperationFamily(std::vector<Operation> rows);
};

// The row of `op`; nullptr for an operation nobody registered.
const Operation* FindOperation(const std::string& op);

// Runs `op` on `input` and returns its canonical output bytes. Throws the
// spec's exceptions for bad input, std::out_of_range for an unknown op and
// nlohmann::json errors for a malformed input document.
Bytes RunOperation(const std::string& op, const nlohmann::json& input);

// The stages of `op` (pipeline.stages of Mesh2DPipeline.BuildFromOutlines /
// BuildFromTileMap: {"region": hex, "shrunk": hex, "triangles": hex,
// "polygons": hex}), each the stage's canonical bytes; an empty object for
// operations without stages.
nlohmann::json RunStages(const std::string& op, const nlohmann::json& input);

bool IsKnownOperation(const std::string& op);
std::vector<std::string> OperationNames();  // sorted

// Turns canonical output bytes of `op` into JSON for people (and for the
// divergence report); falls back to {"hex": …} for ops without a decoder.
nlohmann::json DecodeOutput(const std::string& op, const Bytes& bytes);

// JSON forms shared by vectors and reports. A double is a JSON number, or
// one of the strings "NaN", "Infinity", "-Infinity".
double DoubleFromJson(const nlohmann::json& j);
// An integer of a vector's input as the type T that holds it; a JSON value
// that is not an integer or lies outside T's range is refused
// (std::invalid_argument), never wrapped into T.
template <typename T>
T IntFromJson(const nlohmann::json& j) {
  if (j.is_number_unsigned()) {
    const auto v = j.get<std::uint64_t>();
    if (v <= static_cast<std::uint64_t>(std::numeric_limits<T>::max())) return static_cast<T>(v);
  } else if (j.is_number_integer()) {
    const auto v = j.get<std::int64_t>();
    if (v >= static_cast<std::int64_t>(std::numeric_limits<T>::min()) &&
        (v < 0 || static_cast<std::uint64_t>(v) <=
                      static_cast<std::uint64_t>(std::numeric_limits<T>::max())))
      return static_cast<T>(v);
  } else {
    throw std::invalid_argument("not an integer: " + j.dump());
  }
  throw std::invalid_argument("integer out of range for its field: " + j.dump());
}
nlohmann::json DoubleToJson(double v);
Vector2D PointFromJson(const nlohmann::json& j);
nlohmann::json PointToJson(Vector2D p);
nlohmann::json ErrorFieldsToJson(const ErrorFields& f);

// Region.* outlines: a list of outlines, each a list of rings, each a list
// of points [x, y].
std::vector<geom2d::Outline> OutlinesFromJson(const nlohmann::json& j);
nlohmann::json OutlinesToJson(const std::vector<geom2d::Outline>& outlines);

}  // namespace onepath::conformance
