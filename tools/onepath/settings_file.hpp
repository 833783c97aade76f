// NavSettings from a JSON file: `onepath build --settings` and the
// benchmarks that take a user's settings (tools/bench/quality3d.cpp).
#pragma once

#include <stdexcept>
#include <string>

#include "onepath/build3d/settings.hpp"

namespace onepath::tools {

// The file cannot be read or parsed, a key is unknown or a value has the
// wrong type; what() says which (with the closest name for a misspelt key).
class SettingsFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A JSON object of NavSettings fields by name (b3d.settings: CellSize,
// TileSize, Partition as "Watershed", "Monotone", "Layers" or 0..2, ...);
// the rest keep their defaults; "" gives NavSettings{}. Throws
// SettingsFileError; the range is the library's to check.
build3d::NavSettings ReadSettingsFile(const std::string& path);

}  // namespace onepath::tools
