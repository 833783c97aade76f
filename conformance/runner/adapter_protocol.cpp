#include "conformance/runner/adapter_protocol.hpp"

#include <fmt/format.h>

namespace onepath::conformance {

using nlohmann::json;

namespace {

json Parse(std::string_view line) {
  json j = json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) throw ProtocolError("not a JSON document");
  if (!j.is_object()) throw ProtocolError("not a JSON object");
  return j;
}

const json& Member(const json& j, const char* key, json::value_t type, const char* what) {
  auto it = j.find(key);
  if (it == j.end()) throw ProtocolError(fmt::format("no \"{}\"", key));
  bool ok =
      it->type() == type || (type == json::value_t::number_integer && it->is_number_unsigned());
  if (!ok) throw ProtocolError(fmt::format("\"{}\" is not {}", key, what));
  return *it;
}

const std::string& String(const json& j, const char* key) {
  return Member(j, key, json::value_t::string, "a string").get_ref<const std::string&>();
}

int Integer(const json& j, const char* key) {
  return Member(j, key, json::value_t::number_integer, "an integer").get<int>();
}

}  // namespace

std::vector<std::uint8_t> FromHex(std::string_view hex) {
  if (hex.size() % 2 != 0) throw ProtocolError("odd number of hex digits");
  auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    throw ProtocolError(fmt::format("'{}' is not a lowercase hex digit", c));
  };
  std::vector<std::uint8_t> bytes(hex.size() / 2);
  for (std::size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = static_cast<std::uint8_t>(digit(hex[2 * i]) << 4 | digit(hex[2 * i + 1]));
  return bytes;
}

std::string HelloLine(const std::string& suite_version) {
  return fmt::format(R"({{"protocol":{},"suite":{}}})", kAdapterProtocol,
                     json(suite_version).dump());
}

std::string RequestLine(const std::string& id, const std::string& op, const json& input) {
  // Written by hand to keep the order id, op, input (json objects sort keys).
  return fmt::format(R"({{"id":{},"op":{},"input":{}}})", json(id).dump(), json(op).dump(),
                     input.dump());
}

std::string ShutdownLine() { return R"({"shutdown":true})"; }

std::string HandshakeLine(const Handshake& h) {
  return fmt::format(R"({{"protocol":{},"implementation":{},"operations":{}}})", h.protocol,
                     json(h.implementation).dump(), json(h.operations).dump());
}

std::string ResponseLine(const std::string& id, const Answer& a) {
  if (a.output && !a.stages.empty())
    return fmt::format(R"({{"id":{},"output":"{}","stages":{}}})", json(id).dump(),
                       ToHex(*a.output), a.stages.dump());
  if (a.output)
    return fmt::format(R"({{"id":{},"output":"{}"}})", json(id).dump(), ToHex(*a.output));
  json error = {{"type", a.error_type}, {"fields", a.error_fields}};
  if (!a.error_message.empty()) error["message"] = a.error_message;
  return fmt::format(R"({{"id":{},"error":{}}})", json(id).dump(), error.dump());
}

Handshake ParseHandshake(std::string_view line) {
  json j = Parse(line);
  Handshake h;
  h.protocol = Integer(j, "protocol");
  h.implementation = String(j, "implementation");
  if (h.implementation.empty()) throw ProtocolError("\"implementation\" is empty");
  for (const json& op : Member(j, "operations", json::value_t::array, "a list")) {
    if (!op.is_string()) throw ProtocolError("\"operations\" holds a non-string");
    h.operations.push_back(op.get<std::string>());
  }
  return h;
}

Response ParseResponse(std::string_view line) {
  json j = Parse(line);
  Response r;
  r.id = String(j, "id");
  bool has_output = j.contains("output"), has_error = j.contains("error");
  if (has_output == has_error) throw ProtocolError("needs exactly one of \"output\" and \"error\"");
  if (has_output) {
    r.answer.output = FromHex(String(j, "output"));
  } else {
    const json& e = Member(j, "error", json::value_t::object, "an object");
    r.answer.error_type = String(e, "type");
    if (r.answer.error_type.empty()) throw ProtocolError("error \"type\" is empty");
    if (e.contains("fields"))
      r.answer.error_fields = Member(e, "fields", json::value_t::object, "an object");
    if (e.contains("message")) r.answer.error_message = String(e, "message");
  }
  if (j.contains("stages")) {
    const json& stages = Member(j, "stages", json::value_t::object, "an object");
    for (const auto& [name, hex] : stages.items()) {
      if (!hex.is_string()) throw ProtocolError("stage \"" + name + "\" is not a hex string");
      FromHex(hex.get_ref<const std::string&>());
    }
    r.stages = stages;
    r.answer.stages = stages;
  }
  return r;
}

Message ParseMessage(std::string_view line) {
  json j = Parse(line);
  Message m;
  if (j.contains("shutdown")) {
    m.kind = Message::Kind::kShutdown;
  } else if (j.contains("protocol")) {
    m.kind = Message::Kind::kHello;
    m.protocol = Integer(j, "protocol");
    m.suite = String(j, "suite");
  } else {
    m.id = String(j, "id");
    m.op = String(j, "op");
    if (!j.contains("input")) throw ProtocolError("no \"input\"");
    m.input = j.at("input");
  }
  return m;
}

}  // namespace onepath::conformance
