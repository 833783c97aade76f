// A triangle soup in the layout of docs/spec/build3d-tiles.md (b3d.soup):
// flat binary32 x, y, z per vertex and three signed 32-bit vertex indices
// per triangle; a triangle's upward normal is (v1 - v0) x (v2 - v0), so
// (0,0,0), (0,0,1), (1,0,0) faces up (+y). The level generator (levels.hpp)
// makes these and the OBJ reader (tools/obj) reads them; neither depends on
// src/onepath/build3d.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace onepath::gen {

struct LevelSoup {
  std::vector<float> vertices;        // x, y, z of vertex 0, then vertex 1, ...
  std::vector<std::int32_t> indices;  // three per triangle

  std::size_t VertexCount() const { return vertices.size() / 3; }
  std::size_t TriangleCount() const { return indices.size() / 3; }
};

// The bytes that identify a soup (little-endian): u32 vertex count, u32
// triangle count, every vertex coordinate as its binary32 bits, every index
// as int32.
std::vector<std::uint8_t> LevelSoupBytes(const LevelSoup& soup);

// SHA-256 of LevelSoupBytes, 64 lowercase hex digits.
std::string LevelSoupSha256(const LevelSoup& soup);

}  // namespace onepath::gen
