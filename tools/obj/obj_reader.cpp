// The OBJ reader; what it accepts is documented in the header.
#include "tools/obj/obj_reader.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <limits>
#include <sstream>
#include <vector>

namespace onepath::tools {

ObjError::ObjError(std::size_t line, const std::string& message)
    : std::runtime_error("line " + std::to_string(line) + ": " + message), line_(line) {}

namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }

// The space-separated tokens of one line.
std::vector<std::string_view> Tokens(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && IsSpace(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !IsSpace(line[i])) ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

float Coordinate(std::string_view token, std::size_t line) {
  float value = 0;
  const char* end = token.data() + token.size();
  auto [ptr, ec] = std::from_chars(token.data(), end, value);
  if (ec == std::errc::result_out_of_range) {
    // Too large or too small for binary32: a value below the smallest
    // normal becomes the nearest binary32 (from the double), a large one is
    // an error.
    double wide = 0;
    auto [p2, ec2] = std::from_chars(token.data(), end, wide);
    if (ec2 == std::errc() && p2 == end && std::isfinite(wide) && std::fabs(wide) < 1)
      return static_cast<float>(wide);
    throw ObjError(line, "'" + std::string(token) + "' does not fit in binary32");
  }
  if (ec != std::errc() || ptr != end)
    throw ObjError(line, "'" + std::string(token) + "' is not a number");
  if (!std::isfinite(value)) throw ObjError(line, "'" + std::string(token) + "' is not finite");
  return value;
}

// An OBJ index (non-zero) as written; `what` names it in errors.
std::int64_t Index(std::string_view text, std::string_view token, std::size_t line) {
  std::int64_t value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || text.empty())
    throw ObjError(line, "'" + std::string(token) + "' is not a face corner (i, i/t, i/t/n, i//n)");
  if (value == 0) throw ObjError(line, "vertex index 0 in '" + std::string(token) + "'");
  return value;
}

// The vertex index (0-based) of a face corner token.
std::int32_t Corner(std::string_view token, std::size_t vertexCount, std::size_t line) {
  const std::size_t slash = token.find('/');
  const std::int64_t i = Index(token.substr(0, slash), token, line);
  if (slash != std::string_view::npos) {
    std::string_view rest = token.substr(slash + 1);
    const std::size_t second = rest.find('/');
    const std::string_view t = rest.substr(0, second);
    if (second == std::string_view::npos) {
      Index(t, token, line);  // i/t
    } else {
      const std::string_view n = rest.substr(second + 1);
      if (!t.empty()) Index(t, token, line);  // i/t/n; i//n has no t
      Index(n, token, line);
    }
  }
  const auto count = static_cast<std::int64_t>(vertexCount);
  const std::int64_t zeroBased = i > 0 ? i - 1 : count + i;
  if (zeroBased < 0 || zeroBased >= count)
    throw ObjError(line, "face corner '" + std::string(token) + "' refers to no vertex (" +
                             std::to_string(count) + " listed before it)");
  if (zeroBased > std::numeric_limits<std::int32_t>::max())
    throw ObjError(line, "vertex index beyond int32 in '" + std::string(token) + "'");
  return static_cast<std::int32_t>(zeroBased);
}

}  // namespace

gen::LevelSoup ReadObj(std::string_view text) {
  gen::LevelSoup soup;
  std::vector<std::int32_t> corners;
  std::size_t lineNumber = 0, pos = 0;
  while (pos < text.size()) {
    std::size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view line = text.substr(pos, eol - pos);
    pos = eol + 1;
    ++lineNumber;
    if (const std::size_t hash = line.find('#'); hash != std::string_view::npos)
      line = line.substr(0, hash);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const std::vector<std::string_view> tokens = Tokens(line);
    if (tokens.empty()) continue;
    if (tokens[0] == "v") {
      if (tokens.size() < 4) throw ObjError(lineNumber, "a vertex needs x, y and z");
      for (std::size_t k = 1; k < tokens.size(); ++k) {
        const float value = Coordinate(tokens[k], lineNumber);
        if (k <= 3) soup.vertices.push_back(value);
      }
    } else if (tokens[0] == "f") {
      if (tokens.size() < 4) throw ObjError(lineNumber, "a face needs at least three corners");
      corners.clear();
      for (std::size_t k = 1; k < tokens.size(); ++k)
        corners.push_back(Corner(tokens[k], soup.VertexCount(), lineNumber));
      for (std::size_t k = 1; k + 1 < corners.size(); ++k)
        soup.indices.insert(soup.indices.end(), {corners[0], corners[k], corners[k + 1]});
    }
  }
  return soup;
}

gen::LevelSoup ReadObjFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return ReadObj(text.str());
}

}  // namespace onepath::tools
