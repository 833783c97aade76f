#include "conformance/runner/adapter_client.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace onepath::conformance {

namespace {

constexpr std::size_t kTailBytes = 2048;  // standard error kept for a report
constexpr std::size_t kTailLines = 8;
constexpr std::size_t kQuoteBytes = 300;  // of a malformed line

std::string Quote(const std::string& line) {
  if (line.size() <= kQuoteBytes) return "'" + line + "'";
  return "'" + line.substr(0, kQuoteBytes) + "…' (" + std::to_string(line.size()) + " bytes)";
}

}  // namespace

AdapterSession::AdapterSession(AdapterOptions options) : options_(std::move(options)) {
  if (!options_.log.empty()) {
    log_.open(options_.log, std::ios::trunc);
    if (!log_) throw AdapterError("cannot write the adapter log " + options_.log.string());
  }
  if (!options_.trace.empty()) {
    trace_.open(options_.trace, std::ios::trunc);
    if (!trace_) throw AdapterError("cannot write the trace " + options_.trace.string());
  }
  Start();
  operations_.insert(handshake_.operations.begin(), handshake_.operations.end());
}

AdapterSession::~AdapterSession() {
  try {
    Close();
  } catch (const std::exception&) {
    // The child process's destructor kills what is left.
  }
}

ChildProcess::Clock::time_point AdapterSession::Deadline() const {
  // At most a year, so that the clock cannot overflow.
  double seconds = std::min(options_.timeout_seconds, 3.2e7);
  return ChildProcess::Clock::now() + std::chrono::duration_cast<ChildProcess::Clock::duration>(
                                          std::chrono::duration<double>(seconds));
}

void AdapterSession::Trace(char direction, const std::string& line) {
  if (trace_) trace_ << direction << ' ' << line << '\n' << std::flush;
}

void AdapterSession::Log(const std::string& line) {
  if (log_) log_ << "== onepath: " << line << '\n' << std::flush;
}

std::string AdapterSession::StderrTail() const {
  // The last few lines, on one line, so a report row stays one row.
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < tail_.size()) {
    std::size_t nl = tail_.find('\n', start);
    std::string line = tail_.substr(start, nl == std::string::npos ? nl : nl - start);
    if (!line.empty()) lines.push_back(line);
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  if (lines.empty()) return "(nothing on stderr)";
  std::size_t first = lines.size() > kTailLines ? lines.size() - kTailLines : 0;
  std::string out;
  for (std::size_t i = first; i < lines.size(); ++i) out += (out.empty() ? "" : " | ") + lines[i];
  return out;
}

ChildProcess::Io AdapterSession::ReadLine(std::string& line,
                                          ChildProcess::Clock::time_point deadline) {
  ChildProcess::Io io;
  do {  // blank lines are not messages
    io = child_->ReadLine(line, deadline);
  } while (io == ChildProcess::Io::kOk && line.find_first_not_of(" \t") == std::string::npos);
  return io;
}

void AdapterSession::Start() {
  tail_.clear();
  child_ = std::make_unique<ChildProcess>(options_.command, [this](std::string_view s) {
    if (log_) log_ << s << std::flush;
    tail_.append(s);
    if (tail_.size() > kTailBytes) tail_.erase(0, tail_.size() - kTailBytes);
  });
  Log(fmt::format("started (pid {}): {}", child_->pid(), options_.command));
  std::string hello = HelloLine(options_.suite_version), line;
  Trace('>', hello);
  auto deadline = Deadline();
  ChildProcess::Io io = child_->Write(hello + "\n", deadline);
  // An adapter may write its handshake and end before reading the hello
  // (the write then meets a closed pipe, kEof): what it wrote is still read
  // and judged, so such an adapter is named by its handshake, not by a race.
  if (io != ChildProcess::Io::kTimeout) io = ReadLine(line, deadline);
  if (io == ChildProcess::Io::kTimeout) {
    Stop(true);
    throw AdapterError(fmt::format("no handshake within {} s (--timeout); its stderr ends: {}",
                                   options_.timeout_seconds, StderrTail()));
  }
  if (io == ChildProcess::Io::kEof) {
    std::string ended = Stop(false);
    throw AdapterError(fmt::format("it ended before the handshake ({}); its stderr ends: {}", ended,
                                   StderrTail()));
  }
  Trace('<', line);
  Handshake h;
  try {
    h = ParseHandshake(line);
  } catch (const ProtocolError& e) {
    Stop(true);
    throw AdapterError(fmt::format("malformed handshake ({}): {}; its stderr ends: {}", e.what(),
                                   Quote(line), StderrTail()));
  }
  if (h.protocol != kAdapterProtocol) {
    Stop(true);
    throw AdapterError(fmt::format("it speaks protocol {}, this runner protocol {}", h.protocol,
                                   kAdapterProtocol));
  }
  if (handshake_.implementation.empty()) handshake_ = h;  // a restart keeps the first one
}

std::string AdapterSession::Stop(bool kill) {
  if (!child_) return "";
  std::string ended =
      kill ? child_->Kill()
           : child_->Finish(ChildProcess::Clock::now() + std::chrono::milliseconds(2000));
  Log("ended: " + ended);
  child_.reset();
  return ended;
}

void AdapterSession::Restart() {
  ++restarts_;
  try {
    Start();
  } catch (const std::exception& e) {
    broken_ = std::string("the adapter could not be restarted: ") + e.what();
  }
}

Outcome AdapterSession::Run(const GoldenVector& v) {
  Reply r = Ask(v.id, v.op, v.input);
  if (!r.answer) return {&v, r.status, r.detail};
  return Judge(v, *r.answer);
}

Reply AdapterSession::Ask(const std::string& id, const std::string& op,
                          const nlohmann::json& input) {
  if (!Supports(op))
    return {std::nullopt, Status::kSkip,
            "operation " + op + " not supported by the implementation"};
  if (!broken_.empty()) return {std::nullopt, Status::kFail, "not run: " + broken_};
  std::string request = RequestLine(id, op, input), line;
  Trace('>', request);
  auto deadline = Deadline();
  ChildProcess::Io io = child_->Write(request + "\n", deadline);
  if (io == ChildProcess::Io::kOk) io = ReadLine(line, deadline);
  std::string failure;
  if (io == ChildProcess::Io::kTimeout) {
    Stop(true);
    failure = fmt::format("no answer within {} s (--timeout): adapter killed and restarted",
                          options_.timeout_seconds);
  } else if (io == ChildProcess::Io::kEof) {
    failure = fmt::format("the adapter ended while running this vector ({}) and was restarted",
                          Stop(false));
  } else {
    Trace('<', line);
    try {
      Response r = ParseResponse(line);
      if (r.id != id)
        throw ProtocolError(fmt::format("answer for id \"{}\", expected \"{}\"", r.id, id));
      return {std::move(r.answer), Status::kPass, ""};
    } catch (const ProtocolError& e) {
      Stop(true);
      failure = fmt::format("malformed answer ({}): {}; adapter killed and restarted", e.what(),
                            Quote(line));
    }
  }
  failure += "; its stderr ends: " + StderrTail();
  Restart();
  return {std::nullopt, Status::kFail, failure};
}

std::string AdapterSession::Close() {
  if (!child_) return "";
  std::string shutdown = ShutdownLine();
  Trace('>', shutdown);
  auto deadline = ChildProcess::Clock::now() + std::chrono::seconds(5);
  child_->Write(shutdown + "\n", deadline);
  std::string ended = child_->Finish(deadline);
  Log("ended: " + ended);
  child_.reset();
  return ended;
}

}  // namespace onepath::conformance
