// Reading Wavefront OBJ levels into a triangle soup (level_soup.hpp), for
// the 3D tests and benchmarks on real levels (issue 26: "an OBJ reader for
// real levels lives in tools/"). Not part of the reference: src/ never
// reads files.
//
// What is read, line by line (a line ends at '\n'; a '\r' before it and
// anything from '#' on are dropped; tokens are separated by spaces or tabs):
//   v x y z [w ...]   a vertex; x, y, z are decimal numbers rounded once to
//                     the nearest binary32 (std::from_chars), further numbers
//                     (w, or vertex colours) are checked and ignored;
//   f a b c ...       a face of three or more corners, each `i`, `i/t`,
//                     `i/t/n` or `i//n` (t and n are checked and ignored);
//                     i = 1..count is a vertex listed before the face, i < 0
//                     counts back from the last one (-1 is the last); a
//                     polygon becomes the fan (c0, ck, ck+1), k = 1..n-2.
// Every other line (vt, vn, g, o, s, usemtl, mtllib, l, p, ...) is ignored.
// Errors throw ObjError naming the line: a number that does not parse, is
// not finite or overflows binary32 (a value too small for binary32 becomes
// the nearest binary32, possibly 0), a vertex with fewer than three
// coordinates, a face with fewer than three corners, an index 0, out of
// range or beyond int32.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include "conformance/generators/level_soup.hpp"

namespace onepath::tools {

class ObjError : public std::runtime_error {
 public:
  ObjError(std::size_t line, const std::string& message);
  std::size_t line() const { return line_; }  // 1-based

 private:
  std::size_t line_;
};

gen::LevelSoup ReadObj(std::string_view text);

// The file's text through ReadObj; std::runtime_error when it cannot be read.
gen::LevelSoup ReadObjFile(const std::string& path);

}  // namespace onepath::tools
