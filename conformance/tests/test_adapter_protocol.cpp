// The adapter protocol's messages (docs/adapter-protocol.md) and the
// reference adapter, in process. The runner driving real processes is
// tested by conformance/tests/test_adapter_runner.py.
#include <gtest/gtest.h>

#include <sstream>

#include "conformance/runner/adapter_protocol.hpp"
#include "conformance/runner/adapter_server.hpp"
#include "conformance/runner/golden.hpp"
#include "conformance/runner/operations.hpp"
#include "conformance/runner/runner.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/core/canonical.hpp"

using namespace onepath::conformance;
using nlohmann::json;

namespace {

// SHA-256 of the byte 0x01, the canonical output of sign +1.
const char* kSignPlus = "4bf5122f344554c53bde2ebb8cd2b7e3d1600ad631c385a5d7cce23c7785459a";

GoldenVector CounterClockwise(json expect) {
  return ParseVector({{"id", "orient2d/test/000000000000"},
                      {"op", "Predicates.Orient2D"},
                      {"clauses", {"pred.orient2d"}},
                      {"input", {{"a", {0.0, 0.0}}, {"b", {1.0, 0.0}}, {"c", {0.0, 1.0}}}},
                      {"expect", expect},
                      {"provenance", "hand-made in test_adapter_protocol.cpp"}});
}

// The lines the reference adapter writes for `requests`.
std::vector<std::string> Serve(const std::vector<std::string>& requests, int* code = nullptr) {
  std::stringstream in, out, log;
  for (const std::string& r : requests) in << r << "\n";
  int rc = ServeAdapter(in, out, log, "test");
  if (code) *code = rc;
  std::vector<std::string> lines;
  for (std::string line; std::getline(out, line);) lines.push_back(line);
  return lines;
}

}  // namespace

TEST(AdapterProtocol, HexIsLowercaseTwoDigitsAByte) {
  CLAUSE("canon.sign");
  std::vector<std::uint8_t> bytes = {0x00, 0xff, 0x01, 0xa5};
  EXPECT_EQ(ToHex(bytes), "00ff01a5");
  EXPECT_EQ(FromHex("00ff01a5"), bytes);
  EXPECT_TRUE(FromHex("").empty());
  EXPECT_THROW(FromHex("0"), ProtocolError);
  EXPECT_THROW(FromHex("FF"), ProtocolError);
  EXPECT_THROW(FromHex("0g"), ProtocolError);
}

TEST(AdapterProtocol, ResponsesCarryOutputOrErrorNeverBoth) {
  CLAUSE("err.fields");
  Response r = ParseResponse(R"({"id":"x","output":"ff","stages":{"arrangement":"00"}})");
  EXPECT_EQ(r.id, "x");
  EXPECT_EQ(*r.answer.output, std::vector<std::uint8_t>{0xff});
  r = ParseResponse(
      R"({"id":"y","error":{"type":"ArgumentOutOfRangeException","fields":{"vertex":2}}})");
  EXPECT_FALSE(r.answer.output);
  EXPECT_EQ(r.answer.error_type, "ArgumentOutOfRangeException");
  EXPECT_EQ(r.answer.error_fields, json({{"vertex", 2}}));
  // Unknown keys are ignored; the rest must be as the protocol says.
  EXPECT_NO_THROW(ParseResponse(R"({"id":"x","output":"","later":1})"));
  for (const char* bad :
       {"", "not json", "[1]", R"({"output":"00"})", R"({"id":7,"output":"00"})", R"({"id":"x"})",
        R"({"id":"x","output":"00","error":{"type":"T"}})", R"({"id":"x","output":"0"})",
        R"({"id":"x","output":1})", R"({"id":"x","error":{"fields":{}}})",
        R"({"id":"x","error":{"type":"T","fields":[]}})",
        R"({"id":"x","output":"00","stages":{"s":"0"}})"})
    EXPECT_THROW(ParseResponse(bad), ProtocolError) << bad;
}

TEST(AdapterProtocol, TheHandshakeNamesProtocolImplementationAndOperations) {
  CLAUSE("canon.hash");
  Handshake h = ParseHandshake(HandshakeLine({1, "port 2.0", {"Predicates.Orient2D"}}));
  EXPECT_EQ(h.protocol, 1);
  EXPECT_EQ(h.implementation, "port 2.0");
  EXPECT_EQ(h.operations, std::vector<std::string>{"Predicates.Orient2D"});
  EXPECT_THROW(ParseHandshake(R"({"protocol":1,"implementation":"","operations":[]})"),
               ProtocolError);
  EXPECT_THROW(ParseHandshake(R"({"protocol":1,"implementation":"p","operations":[1]})"),
               ProtocolError);
  EXPECT_THROW(ParseHandshake(R"({"protocol":"1","implementation":"p","operations":[]})"),
               ProtocolError);
}

TEST(AdapterProtocol, RequestsKeepTheVectorsInputAndNameTheOperation) {
  CLAUSE("canon.hash");
  json input = json::parse(R"({"a":["NaN",-0.0],"b":[1e300,5e-324],"c":[3,4]})");
  std::string line = RequestLine("orient2d/x/1", "Predicates.Orient2D", input);
  EXPECT_EQ(line.rfind(R"({"id":"orient2d/x/1","op":"Predicates.Orient2D","input":{)", 0), 0u)
      << line;
  Message m = ParseMessage(line);
  EXPECT_EQ(m.kind, Message::Kind::kRequest);
  EXPECT_EQ(m.id, "orient2d/x/1");
  EXPECT_EQ(m.op, "Predicates.Orient2D");
  EXPECT_EQ(m.input.dump(), input.dump());  // -0.0 stays -0.0, integers stay integers
  EXPECT_EQ(ParseMessage(HelloLine("0.3.0")).kind, Message::Kind::kHello);
  EXPECT_EQ(ParseMessage(ShutdownLine()).kind, Message::Kind::kShutdown);
}

TEST(ReferenceAdapter, AnswersLikeTheBuiltInRunner) {
  CLAUSE("canon.sign canon.hash err.fields pred.domain");
  GoldenVector v = CounterClockwise({{"sha256", kSignPlus}});
  json bad = v.input;
  bad["c"][1] = "NaN";
  int code = -1;
  std::vector<std::string> out =
      Serve({HelloLine("0.3.0"), "", RequestLine(v.id, v.op, v.input), RequestLine("e", v.op, bad),
             RequestLine("u", "Mesh.NotAnOperation", v.input), ShutdownLine(),
             RequestLine("after", v.op, v.input)},
            &code);
  EXPECT_EQ(code, 0);
  ASSERT_EQ(out.size(), 4u);  // nothing after the shutdown
  Handshake h = ParseHandshake(out[0]);
  EXPECT_EQ(h.implementation, "test");
  EXPECT_EQ(h.operations, OperationNames());
  Response r = ParseResponse(out[1]);
  EXPECT_EQ(r.id, v.id);
  EXPECT_EQ(ToHex(*r.answer.output), "01");
  EXPECT_EQ(Judge(v, r.answer).status, Status::kPass);
  r = ParseResponse(out[2]);
  EXPECT_EQ(r.answer.error_type, "ArgumentOutOfRangeException");
  EXPECT_EQ(r.answer.error_fields, json({{"argument", "c.y"}, {"vertex", 2}, {"value", "NaN"}}));
  r = ParseResponse(out[3]);
  EXPECT_FALSE(IsSpecExceptionType(r.answer.error_type));
  // A line that is not the protocol ends the adapter with status 2.
  out = Serve({HelloLine("0.3.0"), "garbage"}, &code);
  EXPECT_EQ(out.size(), 1u);
  EXPECT_EQ(code, 2);
}

TEST(ReferenceAdapter, JudgingAPortsAnswerNamesTheFirstDifference) {
  CLAUSE("canon.sign canon.hash region.canonical");
  GoldenVector v = CounterClockwise({{"sha256", kSignPlus}});
  Outcome o = Judge(v, ParseResponse(R"({"id":"x","output":"ff"})").answer);
  EXPECT_EQ(o.status, Status::kFail);
  // No expect.value in this vector: the expected output is the reference's.
  EXPECT_NE(o.detail.find("first difference: /sign: -1, expected 1"), std::string::npos)
      << o.detail;
  // Bytes that do not decode are shown as hex, and still fail.
  o = Judge(v, ParseResponse(R"({"id":"x","output":"0102"})").answer);
  EXPECT_EQ(o.status, Status::kFail);
  EXPECT_NE(o.detail.find("0102"), std::string::npos) << o.detail;
  // An exception the spec does not know fails, whatever was expected.
  Answer a;
  a.error_type = "ValueError";
  a.error_message = "math domain error";
  o = Judge(v, a);
  EXPECT_EQ(o.status, Status::kFail);
  EXPECT_NE(o.detail.find("non-spec exception ValueError"), std::string::npos) << o.detail;
  // A region output truncated by a port: the runner still says where.
  json in = {{"outlines", {{{{0.0, 0.0}, {1.0, 0.0}, {1.0, 1.0}, {0.0, 1.0}}}}},
             {"options", {{"SnapBits", 0}}}};
  GoldenVector square = ParseVector(
      {{"id", "region_from_outlines/test/000000000000"},
       {"op", "Region.FromOutlines"},
       {"clauses", {"region.canonical"}},
       {"input", in},
       {"expect", {{"sha256", onepath::Sha256Hex(RunOperation("Region.FromOutlines", in))}}},
       {"provenance", "hand-made in test_adapter_protocol.cpp"}});
  std::vector<std::uint8_t> bytes = RunOperation("Region.FromOutlines", in);
  EXPECT_EQ(Judge(square, RunReference(square.op, square.input)).status, Status::kPass);
  bytes[bytes.size() - 16] ^= 1;  // the last vertex's x
  Answer moved;
  moved.output = bytes;
  o = Judge(square, moved);
  EXPECT_NE(o.detail.find("first difference: ring 0, vertex 3: [1,1], expected [0,1]"),
            std::string::npos)
      << o.detail;
}
