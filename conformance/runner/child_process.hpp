// A child process on three pipes, for the adapter protocol: started with
// posix_spawn as `/bin/sh -c <command>` in a process group of its own, so
// that a timeout can end it and whatever it started.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <string>
#include <string_view>

namespace onepath::conformance {

// How a process ended, from its wait status: "exit status 3", "killed by
// signal 11 (SIGSEGV, segmentation fault)"; an exit status 128 + N, N a
// signal (what /bin/sh reports for a command that signal ended), says so:
// "exit status 139 = 128 + 11: the shell's code for a command killed by
// signal 11 (SIGSEGV, segmentation fault)".
std::string DescribeExit(int status);

class ChildProcess {
 public:
  using Clock = std::chrono::steady_clock;
  enum class Io { kOk, kEof, kTimeout };

  // Starts the command; `on_stderr` receives its standard error as it
  // comes, in chunks. Throws std::system_error when it cannot be started.
  ChildProcess(const std::string& command, std::function<void(std::string_view)> on_stderr);
  ~ChildProcess();  // kills the process group if it still runs
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }

  // Writes all of `data` to its standard input, reading its standard output
  // and error meanwhile (so neither side can block the other). kEof when it
  // no longer reads.
  Io Write(std::string_view data, Clock::time_point deadline);
  // The next line of its standard output, without "\n" (or "\r\n"). kEof
  // when it closed standard output first (a partial last line is dropped).
  Io ReadLine(std::string& line, Clock::time_point deadline);
  void CloseStdin();

  // Waits for it to exit (reading the rest of its standard error) until
  // `deadline`, then kills its process group. Returns how it ended:
  // "exit status 3", "killed by signal 9". Idempotent.
  std::string Finish(Clock::time_point deadline);
  // Kills its process group at once and reaps it.
  std::string Kill();

 private:
  // One poll() round: reads what standard output and error hold. False
  // when the deadline has passed; `writable` tells whether stdin takes more.
  bool Step(Clock::time_point deadline, bool want_write, bool* writable);
  std::string Reap(int options);

  pid_t pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;
  std::string out_buffer_;
  std::function<void(std::string_view)> on_stderr_;
  std::string ended_;  // how it ended, once reaped
};

}  // namespace onepath::conformance
