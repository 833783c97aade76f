// Writes golden vectors as JSON Lines, one id once (docs/golden-format.md).
#pragma once

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

namespace onepath::golden {

struct JsonlWriter {
  std::filesystem::path path;
  std::ofstream out;
  std::set<std::string> ids;
  int written = 0;

  JsonlWriter() = default;
  explicit JsonlWriter(const std::filesystem::path& file) : path(file), out(file) {}

  // Writes v unless a vector with its id was written already (the same
  // input drawn twice): ids are unique across the suite.
  bool Add(const nlohmann::json& v) {
    if (!ids.insert(v.at("id").get<std::string>()).second) return false;
    out << v.dump() << "\n";
    ++written;
    return true;
  }

  // Adds make(0), make(1), ... until `count` of them were written (a draw
  // whose id was written already does not count), at most 20 * count draws.
  void AddDrawn(int count, const std::function<nlohmann::json(int draw)>& make) {
    for (int draw = 0, made = 0; made < count && draw < 20 * count; ++draw)
      if (Add(make(draw))) ++made;
  }

  // "<path>: <n> vectors" on stdout.
  void PrintCount() const { std::printf("%s: %d vectors\n", path.c_str(), written); }
};

}  // namespace onepath::golden
