// `onepath reduce`: shrinks a failing vector against a port (reducer.hpp)
// and writes the reproducer (a one-vector suite) and its SVG picture.
#pragma once

#include <string>

namespace onepath::tools {

struct ReduceCommandOptions {
  std::string source_dir;
  std::string golden_dir;
  std::string impl;
  std::string vector;
  std::string out_dir = "conformance-report/reduce";
  int max_attempts = 2000;
  double timeout = 60;
  std::string adapter_log;
  std::string trace;
  bool quiet = false;
};

// Exit status: 0 reproducer written, 1 the vector does not fail with this
// port (nothing to reduce), 2 usage error or an adapter that cannot start.
int ReduceCommand(const ReduceCommandOptions& o);

}  // namespace onepath::tools
