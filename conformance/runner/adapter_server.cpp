#include "conformance/runner/adapter_server.hpp"

#include <istream>
#include <ostream>

#include "conformance/runner/adapter_protocol.hpp"
#include "conformance/runner/operations.hpp"
#include "conformance/runner/runner.hpp"

namespace onepath::conformance {

int ServeAdapter(std::istream& in, std::ostream& out, std::ostream& log,
                 const std::string& implementation) {
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line == "\r") continue;
    Message m;
    try {
      m = ParseMessage(line);
    } catch (const ProtocolError& e) {
      log << "onepath-adapter: not a protocol " << kAdapterProtocol << " message (" << e.what()
          << "): " << line.substr(0, 300) << "\n";
      return 2;
    }
    switch (m.kind) {
      case Message::Kind::kShutdown:
        return 0;
      case Message::Kind::kHello:
        if (m.protocol != kAdapterProtocol)
          log << "onepath-adapter: the runner speaks protocol " << m.protocol << ", this adapter "
              << kAdapterProtocol << "\n";
        out << HandshakeLine({kAdapterProtocol, implementation, OperationNames()}) << "\n";
        break;
      case Message::Kind::kRequest: {
        Answer a;
        if (IsKnownOperation(m.op)) {
          a = RunReference(m.op, m.input);  // with the stages of an operation that has them
        } else {
          a.error_type = "std::exception";
          a.error_message = "operation " + m.op + " not supported";
        }
        out << ResponseLine(m.id, a) << "\n";
        break;
      }
    }
    out.flush();
  }
  return 0;
}

}  // namespace onepath::conformance
