// The OBJ writer; the format is documented in the header.
#include "tools/obj/obj_writer.hpp"

#include <fmt/format.h>

#include <iterator>

namespace onepath::tools {

std::string WriteObj(const gen::LevelSoup& soup, std::span<const std::string> comments,
                     std::span<const ObjGroup> groups) {
  fmt::memory_buffer out;
  auto it = std::back_inserter(out);
  for (const std::string& c : comments) fmt::format_to(it, "# {}\n", c);
  for (std::size_t i = 0; i + 2 < soup.vertices.size(); i += 3)
    fmt::format_to(it, "v {} {} {}\n", soup.vertices[i], soup.vertices[i + 1],
                   soup.vertices[i + 2]);
  std::size_t group = 0;
  for (std::size_t t = 0; t < soup.TriangleCount(); ++t) {
    while (group < groups.size() && groups[group].firstTriangle == t)
      fmt::format_to(it, "g {}\n", groups[group++].name);
    fmt::format_to(it, "f {} {} {}\n", soup.indices[3 * t] + 1, soup.indices[3 * t + 1] + 1,
                   soup.indices[3 * t + 2] + 1);
  }
  return fmt::to_string(out);
}

}  // namespace onepath::tools
