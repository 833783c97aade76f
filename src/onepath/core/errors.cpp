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
  // fmt writes integers as std::to_string does and doubles in their
  // shortest form.
  ForEachErrorField([&](const char* name, auto member) {
    if (const auto& v = f.*member) add(name, fmt::format("{}", *v));
  });
  if (sep == ", ") out += ")";
  return out;
}

}  // namespace onepath
