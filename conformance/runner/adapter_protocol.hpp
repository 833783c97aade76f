// The adapter protocol, version 1 (docs/adapter-protocol.md): the JSON
// Lines that the runner and an implementation's adapter exchange. Both
// sides live here, so the runner (adapter_client) and the reference
// adapter (adapter_server) cannot drift apart.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/runner/runner.hpp"
#include "onepath/core/canonical.hpp"

namespace onepath::conformance {

inline constexpr int kAdapterProtocol = 1;

// A line that does not follow the protocol; what() says what is wrong.
class ProtocolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Canonical bytes on the wire: lowercase hexadecimal, two digits a byte
// (the project's one hex encoder, core/canonical.hpp).
using onepath::ToHex;
// Throws ProtocolError for an odd length or any character but 0-9 a-f.
std::vector<std::uint8_t> FromHex(std::string_view hex);

// The adapter's answer to the runner's hello.
struct Handshake {
  int protocol = 0;
  std::string implementation;           // "name version"
  std::vector<std::string> operations;  // as the spec names them
};

// One answer to one request.
struct Response {
  std::string id;
  Answer answer;
  nlohmann::json stages = nlohmann::json::object();  // stage name -> bytes as hex (also in answer)
};

// What the runner sends. Every function returns one line without its '\n'.
std::string HelloLine(const std::string& suite_version);
std::string RequestLine(const std::string& id, const std::string& op, const nlohmann::json& input);
std::string ShutdownLine();

// What the adapter sends.
std::string HandshakeLine(const Handshake& h);
std::string ResponseLine(const std::string& id, const Answer& a);

// Parsers; each throws ProtocolError for a line that does not follow the
// protocol. Keys a side does not know are ignored (later versions may add some).
Handshake ParseHandshake(std::string_view line);
Response ParseResponse(std::string_view line);

// A message to the adapter: the hello, a request or the shutdown.
struct Message {
  enum class Kind { kHello, kRequest, kShutdown } kind = Kind::kRequest;
  int protocol = 0;      // kHello
  std::string suite;     // kHello
  std::string id, op;    // kRequest
  nlohmann::json input;  // kRequest
};
Message ParseMessage(std::string_view line);

}  // namespace onepath::conformance
