// The operations the golden vectors name, as the spec names them, run on
// the reference implementation (docs/golden-format.md, "Operations").
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "onepath/core/errors.hpp"
#include "onepath/core/vector2d.hpp"
#include "onepath/geom2d/outline.hpp"

namespace onepath::conformance {

// Runs `op` on `input` and returns its canonical output bytes. Throws the
// spec's exceptions for bad input, std::out_of_range for an unknown op and
// nlohmann::json errors for a malformed input document.
std::vector<std::uint8_t> RunOperation(const std::string& op, const nlohmann::json& input);

// pipeline.stages of Mesh2DPipeline.BuildFromOutlines / BuildFromTileMap:
// {"region": hex, "shrunk": hex, "triangles": hex, "polygons": hex}, each
// the stage's canonical bytes; an empty object for other operations.
nlohmann::json RunStages(const std::string& op, const nlohmann::json& input);

bool IsKnownOperation(const std::string& op);
// Region.Union, Region.Intersection, Region.Difference, Region.SymmetricDifference.
bool IsBooleanOperation(const std::string& op);
std::vector<std::string> OperationNames();

// Turns canonical output bytes of `op` into JSON for people (and for the
// divergence report); falls back to hex for ops without a decoder.
nlohmann::json DecodeOutput(const std::string& op, const std::vector<std::uint8_t>& bytes);

// Where a decoded output first differs from the expected one (a vector's
// expect.value), in words: "ring 3, vertex 5: [4,2], expected [4,3]" for
// regions, a JSON pointer for other ops. Empty when they are equal.
std::string DescribeDifference(const std::string& op, const nlohmann::json& expected,
                               const nlohmann::json& actual);

// JSON forms shared by vectors and reports. A double is a JSON number, or
// one of the strings "NaN", "Infinity", "-Infinity".
double DoubleFromJson(const nlohmann::json& j);
nlohmann::json DoubleToJson(double v);
Vector2D PointFromJson(const nlohmann::json& j);
nlohmann::json PointToJson(Vector2D p);
nlohmann::json ErrorFieldsToJson(const ErrorFields& f);

// Region.* outlines: a list of outlines, each a list of rings, each a list
// of points [x, y].
std::vector<geom2d::Outline> OutlinesFromJson(const nlohmann::json& j);
nlohmann::json OutlinesToJson(const std::vector<geom2d::Outline>& outlines);

}  // namespace onepath::conformance
