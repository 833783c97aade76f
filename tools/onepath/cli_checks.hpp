// Option checks for onepath's command line whose messages give readable
// bounds: CLI11's PositiveNumber and Range print the limits of a double in
// full ("not in range 0.000000 to 179769313486231570814527...", 309 digits).
// A failed check is a usage error (exit status 2, main.cpp).
#pragma once

#include <CLI/CLI.hpp>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <string>

namespace onepath::tools {

// A finite number above 0, e.g. seconds.
inline CLI::Validator PositiveNumber(const std::string& unit) {
  return CLI::Validator(
      [unit](std::string& input) -> std::string {
        char* end = nullptr;
        errno = 0;
        double v = std::strtod(input.c_str(), &end);
        if (input.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(v) || !(v > 0))
          return "takes a positive number of " + unit + " (say 60), got '" + input + "'";
        return "";
      },
      "POSITIVE", "POSITIVE");
}

// A whole number in [min, INT_MAX].
inline CLI::Validator CountAtLeast(long min) {
  return CLI::Validator(
      [min](std::string& input) -> std::string {
        char* end = nullptr;
        errno = 0;
        long v = std::strtol(input.c_str(), &end, 10);
        if (input.empty() || *end != '\0' || errno == ERANGE || v < min || v > INT_MAX)
          return "takes a whole number from " + std::to_string(min) + " to " +
                 std::to_string(INT_MAX) + ", got '" + input + "'";
        return "";
      },
      min > 0 ? "POSITIVE" : "NONNEGATIVE", min > 0 ? "POSITIVE" : "NONNEGATIVE");
}
inline CLI::Validator PositiveCount() { return CountAtLeast(1); }
inline CLI::Validator NonNegativeCount() { return CountAtLeast(0); }

}  // namespace onepath::tools
