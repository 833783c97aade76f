// Golden vectors (docs/golden-format.md): loading and the suite manifest.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace onepath::conformance {

struct ExpectedError {
  std::string type;       // spec exception type name
  nlohmann::json fields;  // object: field name -> value
};

struct GoldenVector {
  std::string id;      // stable: survives reordering and renumbering
  std::string family;  // folder under golden/
  std::string file;    // path relative to golden/
  int line = 0;        // 1-based line in file
  std::string op;      // operation as the spec names it
  std::vector<std::string> clauses;
  std::vector<std::string> flags;
  nlohmann::json input;
  std::optional<std::string> sha256;   // positive vector: hash of canonical output
  std::optional<ExpectedError> error;  // negative vector
  nlohmann::json value;                // optional decoded output, for people
  // expect.stages, optional with sha256: stage name -> SHA-256 of that
  // stage's canonical bytes (pipeline.stages); an empty object without.
  nlohmann::json stages = nlohmann::json::object();
  std::string provenance;
};

struct Suite {
  std::string name;
  std::string version;
  int format = 0;
  std::vector<std::string> families;
  std::vector<GoldenVector> vectors;
};

// Reads golden/suite.json and every *.jsonl file of every family (files in
// name order, lines in order). Throws std::runtime_error with file:line on a
// malformed vector or a duplicate id.
Suite LoadSuite(const std::filesystem::path& golden_dir);

// Parses one JSONL line into a vector (exposed for the golden writer's tests).
GoldenVector ParseVector(const nlohmann::json& j);

}  // namespace onepath::conformance
