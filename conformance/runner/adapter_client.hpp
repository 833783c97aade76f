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

#include "conformance/runner/adapter_protocol.hpp"
#include "conformance/runner/child_process.hpp"
#include "conformance/runner/golden.hpp"
#include "conformance/runner/runner.hpp"

namespace onepath::conformance {

struct AdapterOptions {
  std::string command;          // run as /bin/sh -c COMMAND
  std::string suite_version;    // sent in the hello
  double timeout_seconds = 60;  // per vector, and for the handshake
  std::filesystem::path log;    // the adapter's standard error, for this run ("" = nowhere)
  std::filesystem::path trace;  // every protocol line, "> " sent, "< " received ("" = none)
};

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

  // Sends the vector, judges the answer. An operation the adapter did not
  // announce is skipped. A crash, a timeout or a malformed answer fails the
  // vector (with the adapter's last words on standard error) and restarts
  // the adapter for the next one.
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
  // The adapter's next non-blank line.
  ChildProcess::Io ReadLine(std::string& line, ChildProcess::Clock::time_point deadline);
  std::string StderrTail() const;
  void Trace(char direction, const std::string& line);
  void Log(const std::string& line);
  ChildProcess::Clock::time_point Deadline() const;

  AdapterOptions options_;
  std::unique_ptr<ChildProcess> child_;
  Handshake handshake_;
  std::set<std::string> operations_;
  std::ofstream log_, trace_;
  std::string tail_;    // the end of the current process's standard error
  std::string broken_;  // non-empty: could not be restarted, and why
  int restarts_ = 0;
};

}  // namespace onepath::conformance
