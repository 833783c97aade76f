// NavSettings from a JSON file (settings_file.hpp).
#include "tools/onepath/settings_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "conformance/runner/runner.hpp"

namespace onepath::tools {

namespace {

using build3d::NavSettings;

// What is wrong with the file, said once (SettingsFileError carries it out).
struct Invalid {
  std::string message;
};

// Every field of NavSettings by its name (b3d.settings), with how a JSON
// value is stored in it.
using Setter = std::function<void(NavSettings&, const nlohmann::json&)>;

Setter Double(double NavSettings::*field) {
  return [field](NavSettings& s, const nlohmann::json& v) {
    if (!v.is_number()) throw Invalid{"takes a number, got " + v.dump()};
    s.*field = v.get<double>();
  };
}

Setter Integer(std::int64_t NavSettings::*field) {
  return [field](NavSettings& s, const nlohmann::json& v) {
    if (!v.is_number_integer()) throw Invalid{"takes a whole number, got " + v.dump()};
    s.*field = v.get<std::int64_t>();
  };
}

const std::vector<std::pair<std::string, Setter>>& SettingFields() {
  static const std::vector<std::pair<std::string, Setter>> fields = {
      {"CellSize", Double(&NavSettings::CellSize)},
      {"CellHeight", Double(&NavSettings::CellHeight)},
      {"TileSize", Double(&NavSettings::TileSize)},
      {"OriginX", Double(&NavSettings::OriginX)},
      {"OriginZ", Double(&NavSettings::OriginZ)},
      {"AgentHeight", Double(&NavSettings::AgentHeight)},
      {"AgentRadius", Double(&NavSettings::AgentRadius)},
      {"AgentMaxClimb", Double(&NavSettings::AgentMaxClimb)},
      {"AgentMaxSlopeDegrees", Double(&NavSettings::AgentMaxSlopeDegrees)},
      {"Partition",
       [](NavSettings& s, const nlohmann::json& v) {
         static const std::vector<std::string> names = {"Watershed", "Monotone", "Layers"};
         if (v.is_string()) {
           auto it = std::find(names.begin(), names.end(), v.get<std::string>());
           if (it == names.end())
             throw Invalid{"takes " + conformance::QuotedList(names) + " (or 0, 1, 2), got " +
                           v.dump()};
           s.Partition = static_cast<build3d::Partition>(it - names.begin());
           return;
         }
         if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || v.get<std::int64_t>() > 255)
           throw Invalid{"takes " + conformance::QuotedList(names) + " (or 0, 1, 2), got " +
                         v.dump()};
         s.Partition = static_cast<build3d::Partition>(v.get<std::int64_t>());
       }},
      {"MinRegionArea", Integer(&NavSettings::MinRegionArea)},
      {"MergeRegionArea", Integer(&NavSettings::MergeRegionArea)},
      {"ContourMaxError", Double(&NavSettings::ContourMaxError)},
      {"MaxEdgeLength", Double(&NavSettings::MaxEdgeLength)},
      {"MaxVertsPerPoly", Integer(&NavSettings::MaxVertsPerPoly)},
      {"DetailSampleDistance", Double(&NavSettings::DetailSampleDistance)},
      {"DetailMaxError", Double(&NavSettings::DetailMaxError)},
      {"MaxLocalExtent", Double(&NavSettings::MaxLocalExtent)},
      {"Area", Integer(&NavSettings::Area)},
      {"Flags", Integer(&NavSettings::Flags)},
  };
  return fields;
}

NavSettings ReadSettings(const std::string& path) {
  NavSettings s;
  if (path.empty()) return s;
  std::ifstream in(path);
  if (!in) throw Invalid{"--settings: cannot read " + path};
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::parse_error& e) {
    throw Invalid{fmt::format("--settings {}: not JSON: {}", path, e.what())};
  }
  if (!j.is_object())
    throw Invalid{fmt::format("--settings {}: a JSON object of settings by name, got {}", path,
                              j.type_name())};
  std::vector<std::string> known;
  for (const auto& [name, setter] : SettingFields()) known.push_back(name);
  for (const auto& item : j.items()) {
    // (Not a structured binding: Clang 14 cannot capture one in a lambda.)
    const std::string& key = item.key();
    const auto& value = item.value();
    auto it = std::find_if(SettingFields().begin(), SettingFields().end(),
                           [&](const auto& f) { return f.first == key; });
    if (it == SettingFields().end()) {
      std::vector<std::string> close = conformance::ClosestNames(key, known, 1);
      throw Invalid{fmt::format(
          "--settings {}: unknown setting '{}'{}; the settings are NavSettings' fields: {}", path,
          key, close.empty() ? "" : "; did you mean '" + close.front() + "'?",
          conformance::QuotedList(known, "and"))};
    }
    try {
      it->second(s, value);
    } catch (const Invalid& e) {
      throw Invalid{fmt::format("--settings {}: {} {}", path, key, e.message)};
    }
  }
  return s;
}

}  // namespace

NavSettings ReadSettingsFile(const std::string& path) {
  try {
    return ReadSettings(path);
  } catch (const Invalid& e) {
    throw SettingsFileError(e.message);
  }
}

}  // namespace onepath::tools
