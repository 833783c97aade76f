// Writes golden vectors as JSON Lines, one id once (docs/golden-format.md).
#pragma once

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

namespace onepath::golden {

struct JsonlWriter {
  std::ofstream out;
  std::set<std::string> ids;
  int written = 0;
  // Writes v unless a vector with its id was written already (the same
  // input drawn twice): ids are unique across the suite.
  bool Add(const nlohmann::json& v) {
    if (!ids.insert(v.at("id").get<std::string>()).second) return false;
    out << v.dump() << "\n";
    ++written;
    return true;
  }
};

}  // namespace onepath::golden
