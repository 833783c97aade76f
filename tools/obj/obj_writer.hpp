// Writing a triangle soup (level_soup.hpp) as Wavefront OBJ text: `v x y z`
// with each binary32 value in the shortest decimal that reads back to the
// same bits (fmt's "{}", so 12.5 stays 12.5; obj_reader.hpp rounds it to
// binary32 once and gets those bits), then `f a b c` with 1-based
// indices. Optional comment lines first and `g name` lines before the
// triangles that start a group.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "conformance/generators/level_soup.hpp"

namespace onepath::tools {

struct ObjGroup {
  std::size_t firstTriangle;
  std::string name;
};

// `comments` are written as "# " lines; `groups` in increasing firstTriangle.
std::string WriteObj(const gen::LevelSoup& soup, std::span<const std::string> comments = {},
                     std::span<const ObjGroup> groups = {});

}  // namespace onepath::tools
