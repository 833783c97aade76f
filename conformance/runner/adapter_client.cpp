#include "conformance/runner/adapter_client.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "conformance/runner/operations.hpp"

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

std::vector<std::string> KnownOperations(const Suite& suite) {
  std::vector<std::string> known = OperationNames();
  for (const GoldenVector& v : suite.vectors)
    if (std::find(known.begin(), known.end(), v.op) == known.end()) known.push_back(v.op);
  return known;
}

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

ChildProcess::Clock::time_point AdapterSession::Deadline(double seconds) const {
  // At most a year, so that the clock cannot overflow.
  seconds = std::min(seconds, 3.2e7);
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
  auto deadline = Deadline(options_.handshake_timeout_seconds);
  ChildProcess::Io io = child_->Write(hello + "\n", deadline);
  // An adapter may write its handshake and end before reading the hello
  // (the write then meets a closed pipe, kEof): what it wrote is still read
  // and judged, so such an adapter is named by its handshake, not by a race.
  if (io != ChildProcess::Io::kTimeout) io = ReadLine(line, deadline);
  if (io == ChildProcess::Io::kTimeout) {
    Stop(true);
    throw AdapterError(fmt::format(
        "no handshake within {} s ({}). Does the adapter flush its standard output after "
        "every line? On a pipe it is block-buffered, so an unflushed line never arrives (Python: "
        "print(..., flush=True); C: fflush(stdout); C++: std::endl or std::flush; Java: "
        "System.out.flush()). Its stderr ends: {}",
        options_.handshake_timeout_seconds, options_.handshake_timeout_option, StderrTail()));
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
  if (handshake_.implementation.empty()) {  // a restart keeps the first one
    CheckOperations(h.operations);
    handshake_ = h;
  }
}

void AdapterSession::CheckOperations(const std::vector<std::string>& announced) {
  const std::vector<std::string>& known = options_.known_operations;
  if (known.empty()) return;
  std::vector<std::string> wrong;
  for (const std::string& op : announced) {
    if (std::find(known.begin(), known.end(), op) != known.end()) continue;
    std::vector<std::string> close = ClosestNames(op, known, 1);
    wrong.push_back(fmt::format(
        "'{}' ({})", op,
        close.empty() ? "no known name is close" : "did you mean '" + close.front() + "'?"));
  }
  if (wrong.empty()) return;
  Stop(true);
  std::string list;
  for (const std::string& w : wrong) list += (list.empty() ? "" : ", ") + w;
  throw AdapterError(fmt::format(
      "its handshake announces {} this suite does not know: {}. Operations are named exactly as "
      "the spec names them (docs/adapter-protocol.md, \"The handshake\"); the suite knows {}",
      wrong.size() == 1 ? "an operation" : fmt::format("{} operations", wrong.size()), list,
      QuotedList(known, "and")));
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
    stopped_ = std::string("the adapter could not be restarted: ") + e.what();
  }
}

void AdapterSession::CountFailure(const std::string& kind) {
  failures_in_a_row_.push_back(kind);
  int limit = options_.max_consecutive_failures;
  if (limit <= 0 || failures_in_a_row_.size() < static_cast<std::size_t>(limit)) return;
  auto all = [&](const char* k) {
    return std::all_of(failures_in_a_row_.begin(), failures_in_a_row_.end(),
                       [&](const std::string& f) { return f == k; });
  };
  std::string cause;
  if (all("timeout"))
    cause = fmt::format(
        "it never answered within {} s: it is stuck, or it does not flush its standard output "
        "after every line (on a pipe it is block-buffered: Python print(..., flush=True), C "
        "fflush(stdout)), or --timeout is too short for these vectors",
        options_.timeout_seconds);
  else if (all("crash"))
    cause = fmt::format(
        "it ends on every request ({}): an error at its first request, such as an input it "
        "cannot decode, a missing module or an unhandled exception; see its stderr ({})",
        last_exit_, options_.log.empty() ? "not logged" : options_.log.string());
  else if (all("malformed"))
    cause =
        "its answers are not protocol lines: is it printing logs or debugging output to standard "
        "output? Everything but protocol lines belongs on standard error";
  else
    cause = "crashes, timeouts and malformed answers; see its stderr";
  stopped_ = fmt::format(
      "the run was stopped after {} vectors in a row without a usable answer "
      "(--max-adapter-failures {}); likely cause: {}",
      failures_in_a_row_.size(), limit, cause);
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
  if (!stopped_.empty()) return {std::nullopt, Status::kSkip, "not run: " + stopped_};
  std::string request = RequestLine(id, op, input), line;
  Trace('>', request);
  auto deadline = Deadline(options_.timeout_seconds);
  ChildProcess::Io io = child_->Write(request + "\n", deadline);
  if (io == ChildProcess::Io::kOk) io = ReadLine(line, deadline);
  std::string failure, kind;
  if (io == ChildProcess::Io::kTimeout) {
    Stop(true);
    kind = "timeout";
    failure = fmt::format("no answer within {} s ({}): adapter killed", options_.timeout_seconds,
                          options_.timeout_option);
  } else if (io == ChildProcess::Io::kEof) {
    kind = "crash";
    last_exit_ = Stop(false);
    failure = fmt::format("the adapter ended while running this vector ({})", last_exit_);
  } else {
    Trace('<', line);
    try {
      Response r = ParseResponse(line);
      if (r.id != id)
        throw ProtocolError(fmt::format("answer for id \"{}\", expected \"{}\"", r.id, id));
      failures_in_a_row_.clear();
      return {std::move(r.answer), Status::kPass, ""};
    } catch (const ProtocolError& e) {
      Stop(true);
      kind = "malformed";
      failure = fmt::format("malformed answer ({}): {}; adapter killed", e.what(), Quote(line));
    }
  }
  failure += "; its stderr ends: " + StderrTail();
  CountFailure(kind);
  if (stopped_.empty()) {
    Restart();
    failure += stopped_.empty() ? "; restarted" : "; " + stopped_;
  } else {
    failure += "; not restarted: " + stopped_;
  }
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
