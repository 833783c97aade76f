#include "onepath/core/errors.hpp"

#include <fmt/format.h>

namespace onepath {

std::string DescribeError(const OnePathException& e) {
  const ErrorFields& f = e.fields();
  std::string out = fmt::format("{}: {}", e.typeName(), e.what());
  std::string sep = " (";
  auto add = [&](const char* name, const std::string& v) {
    out += sep + name + "=" + v;
    sep = ", ";
  };
  if (f.argument) add("argument", *f.argument);
  if (f.outline) add("outline", std::to_string(*f.outline));
  if (f.ring) add("ring", std::to_string(*f.ring));
  if (f.vertex) add("vertex", std::to_string(*f.vertex));
  if (f.edge) add("edge", std::to_string(*f.edge));
  if (f.triangle) add("triangle", std::to_string(*f.triangle));
  if (f.volume) add("volume", std::to_string(*f.volume));
  if (f.column) add("column", std::to_string(*f.column));
  if (f.span) add("span", std::to_string(*f.span));
  if (f.value) add("value", fmt::format("{}", *f.value));
  if (f.setting) add("setting", *f.setting);
  if (f.tileX) add("tileX", std::to_string(*f.tileX));
  if (f.tileZ) add("tileZ", std::to_string(*f.tileZ));
  if (f.count) add("count", std::to_string(*f.count));
  if (sep == ", ") out += ")";
  return out;
}

}  // namespace onepath
