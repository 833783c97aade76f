// An SVG picture of one failing input (onepath reduce): the input, the
// reference's output and the port's output side by side, on one scale, with
// the first differing vertex marked and a legend. Self-contained: inline
// style, no script, no external resource.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "conformance/runner/runner.hpp"

namespace onepath::conformance {

struct FailurePicture {
  std::string op;
  nlohmann::json input;
  Answer expected;      // the reference's answer
  Answer actual;        // the port's answer
  std::string title;    // e.g. the vector id
  std::string caption;  // the divergence in words; lines end with '\n'

  std::string port;  // the port's name, for the third panel
};

std::string FailureSvg(const FailurePicture& p);

// Text made safe for XML element content and attribute values.
std::string SvgEscape(const std::string& text);

}  // namespace onepath::conformance
