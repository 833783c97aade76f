// `onepath-adapter`: the reference implementation behind the adapter
// protocol (docs/adapter-protocol.md), JSON Lines on standard input and
// output. The runner drives it like any port:
//
//   onepath conformance --impl 'onepath-adapter'
//
// It serves every operation the built-in runner knows, through the same
// code (conformance/runner/operations), so the two runs must agree exactly.
#include <CLI/CLI.hpp>
#include <iostream>

#include "conformance/runner/adapter_server.hpp"
#include "conformance/runner/runner.hpp"

int main(int argc, char** argv) {
  CLI::App app{
      "onepath-adapter: the OnePath Mesh reference as an adapter (protocol 1, "
      "docs/adapter-protocol.md): JSON Lines on stdin/stdout, started by "
      "`onepath conformance --impl onepath-adapter`"};
  app.set_version_flag("--version", std::string(ONEPATH_VERSION));
  CLI11_PARSE(app, argc, argv);
  std::ios::sync_with_stdio(false);
  return onepath::conformance::ServeAdapter(
      std::cin, std::cout, std::cerr,
      onepath::conformance::ReferenceIdentity(ONEPATH_VERSION, "onepath-adapter"));
}
