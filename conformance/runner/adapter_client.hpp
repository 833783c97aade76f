// The runner's side of the adapter protocol (docs/adapter-protocol.md):
// drives an external implementation, one request per golden vector, and
// judges its answers like the built-in reference's (Judge).
#pragma once

#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "conformance/runner/adapter_protocol.hpp"
#include "conformance/runner/child_process.hpp"
#include "conformance/runner/golden.hpp"
#include "conformance/runner/runner.hpp"

namespace onepath::conformance {

struct AdapterOptions {
  std::string command;          // run as /bin/sh -c COMMAND
  std::string suite_version;    // sent in the hello
  double timeout_seconds = 60;  // per vector
  // For the handshake, at every start: an adapter may start slower than it
  // answers (a virtual machine, imports), and a short --timeout for the
  // vectors must not make its start fail.
  double handshake_timeout_seconds = 60;
  // The options that set them, for messages.
  std::string timeout_option = "--timeout", handshake_timeout_option = "--handshake-timeout";
  std::filesystem::path log;    // the adapter's standard error, for this run ("" = nowhere)
  std::filesystem::path trace;  // every protocol line, "> " sent, "< " received ("" = none)
  // The operation names the suite knows: the handshake may announce no
  // other (a typo would skip every vector of the operation). Empty: not checked.
  std::vector<std::string> known_operations;
  // Stop after this many vectors in a row without a usable answer (a crash,
  // a timeout, a malformed line): the adapter is broken, not the port's
  // results. 0: never stop.
  int max_consecutive_failures = 5;
};

// The operation names an adapter may announce (AdapterOptions::
// known_operations): those the reference implements and those of the
// suite's vectors.
std::vector<std::string> KnownOperations(const Suite& suite);

// The adapter could not be started or did not complete the handshake.
class AdapterError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class AdapterSession {
 public:
  // Starts the adapter and completes the handshake; throws AdapterError.
  explicit AdapterSession(AdapterOptions options);
  ~AdapterSession();

  const Handshake& handshake() const { return handshake_; }
  bool Supports(const std::string& op) const { return operations_.count(op) != 0; }
  int restarts() const { return restarts_; }
  // Why the run stopped sending requests (the adapter failed
  // max_consecutive_failures times in a row, or could not be restarted), with
  // the likely cause; empty while it runs.
  const std::string& stopped() const { return stopped_; }

  // Sends the vector, judges the answer. An operation the adapter did not
  // announce is skipped. A crash, a timeout or a malformed answer fails the
  // vector (with the adapter's last words on standard error) and restarts
  // the adapter for the next one; once stopped() is set, every later vector
  // is skipped ("not run: ...") without a request.
  Outcome Run(const GoldenVector& v);

  // Sends one request and returns the answer; an operation the adapter did
  // not announce is a skip, a crash, a timeout or a malformed answer a
  // failure without an answer (the adapter is restarted, as for Run).
  Reply Ask(const std::string& id, const std::string& op, const nlohmann::json& input);

  // Sends the shutdown and waits for the adapter to exit; returns how it
  // ended ("exit status 0"). Called by the destructor if not before.
  std::string Close();

 private:
  void Start();
  // Ends the current process (killed: `kill`; else waits briefly for it to
  // exit) and returns how it ended; its standard error's tail stays in tail_.
  std::string Stop(bool kill);
  void Restart();
  // Counts a vector without a usable answer; sets stopped_ at the limit.
  void CountFailure(const std::string& kind);
  // Throws AdapterError for an announced name not in known_operations.
  void CheckOperations(const std::vector<std::string>& announced);
  // The adapter's next non-blank line.
  ChildProcess::Io ReadLine(std::string& line, ChildProcess::Clock::time_point deadline);
  std::string StderrTail() const;
  void Trace(char direction, const std::string& line);
  void Log(const std::string& line);
  ChildProcess::Clock::time_point Deadline(double seconds) const;

  AdapterOptions options_;
  std::unique_ptr<ChildProcess> child_;
  Handshake handshake_;
  std::set<std::string> operations_;
  std::ofstream log_, trace_;
  std::string tail_;     // the end of the current process's standard error
  std::string stopped_;  // non-empty: no more requests, and why
  int restarts_ = 0;
  // The vectors in a row without a usable answer, and how each went
  // ("crash", "timeout", "malformed"), with the last crash's exit.
  std::vector<std::string> failures_in_a_row_;
  std::string last_exit_;
};

}  // namespace onepath::conformance
