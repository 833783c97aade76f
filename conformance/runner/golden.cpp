#include "conformance/runner/golden.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <stdexcept>

namespace onepath::conformance {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::vector<std::string> Strings(const json& j, const char* key) {
  std::vector<std::string> out;
  if (j.contains(key))
    for (const json& s : j.at(key)) out.push_back(s.get<std::string>());
  return out;
}

}  // namespace

GoldenVector ParseVector(const json& j) {
  GoldenVector v;
  v.id = j.at("id").get<std::string>();
  v.op = j.at("op").get<std::string>();
  v.clauses = Strings(j, "clauses");
  v.flags = Strings(j, "flags");
  v.input = j.at("input");
  const json& expect = j.at("expect");
  if (expect.contains("sha256")) v.sha256 = expect.at("sha256").get<std::string>();
  if (expect.contains("error")) {
    const json& e = expect.at("error");
    v.error = ExpectedError{e.at("type").get<std::string>(), e.value("fields", json::object())};
  }
  if (v.sha256.has_value() == v.error.has_value())
    throw std::runtime_error("expect needs exactly one of sha256 and error");
  if (expect.contains("value")) v.value = expect.at("value");
  if (expect.contains("stages")) {
    if (!v.sha256) throw std::runtime_error("expect.stages needs sha256");
    const json& stages = expect.at("stages");
    if (!stages.is_object()) throw std::runtime_error("expect.stages is not an object");
    for (const auto& [name, hash] : stages.items())
      if (!hash.is_string()) throw std::runtime_error("expect.stages." + name + " is not a hash");
    v.stages = stages;
  }
  v.provenance = j.value("provenance", "");
  return v;
}

Suite LoadSuite(const fs::path& golden_dir) {
  Suite suite;
  std::ifstream manifest_in(golden_dir / "suite.json");
  if (!manifest_in) throw std::runtime_error("cannot read " + (golden_dir / "suite.json").string());
  json manifest = json::parse(manifest_in);
  suite.name = manifest.at("suite").get<std::string>();
  suite.version = manifest.at("version").get<std::string>();
  suite.format = manifest.at("format").get<int>();
  if (suite.format != 1)
    throw std::runtime_error(fmt::format("golden format {} is not supported (1 is)", suite.format));
  suite.families = Strings(manifest, "families");

  std::set<std::string> ids;
  for (const std::string& family : suite.families) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(golden_dir / family))
      if (entry.path().extension() == ".jsonl") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
      std::ifstream in(file);
      std::string text;
      int line = 0;
      std::string rel = fs::relative(file, golden_dir).generic_string();
      while (std::getline(in, text)) {
        ++line;
        if (text.empty()) continue;
        try {
          GoldenVector v = ParseVector(json::parse(text));
          v.family = family;
          v.file = rel;
          v.line = line;
          if (!ids.insert(v.id).second) throw std::runtime_error("duplicate id " + v.id);
          suite.vectors.push_back(std::move(v));
        } catch (const std::exception& e) {
          throw std::runtime_error(fmt::format("{}:{}: {}", rel, line, e.what()));
        }
      }
    }
  }
  return suite;
}

}  // namespace onepath::conformance
