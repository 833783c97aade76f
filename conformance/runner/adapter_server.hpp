// The adapter's side of the adapter protocol (docs/adapter-protocol.md),
// serving the reference: every operation of RunOperation, through the same
// code (RunReference) as the built-in runner.
#pragma once

#include <iosfwd>
#include <string>

namespace onepath::conformance {

// Answers the hello, then one response per request, until the shutdown or
// the end of `in`. Returns the exit code: 0, or 2 for a line that does not
// follow the protocol (reported on `log`).
int ServeAdapter(std::istream& in, std::ostream& out, std::ostream& log,
                 const std::string& implementation);

}  // namespace onepath::conformance
