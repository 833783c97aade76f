#include "conformance/runner/child_process.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstring>
#include <system_error>
#include <thread>

extern char** environ;

namespace onepath::conformance {

namespace {

[[noreturn]] void Fail(const char* what, int err = errno) {
  throw std::system_error(err, std::generic_category(), what);
}

void Close(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// A close-on-exec pipe whose ends are both above 2, so that dup2 onto the
// child's 0, 1 and 2 always makes a fresh descriptor (even when this process
// runs with a standard stream closed).
void Pipe(int fds[2]) {
  if (::pipe2(fds, O_CLOEXEC) != 0) Fail("pipe2");
  for (int i = 0; i < 2; ++i) {
    if (fds[i] > 2) continue;
    int moved = ::fcntl(fds[i], F_DUPFD_CLOEXEC, 3);
    if (moved < 0) Fail("fcntl");
    ::close(fds[i]);
    fds[i] = moved;
  }
}

void NonBlocking(int fd) {
  int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) != 0) Fail("fcntl");
}

// "SIGSEGV, segmentation fault"; empty for a number that is no signal.
std::string SignalName(int sig) {
  const char* name = ::sigabbrev_np(sig);
  if (!name) return "";
  std::string out = std::string("SIG") + name;
  if (const char* words = ::sigdescr_np(sig)) {
    std::string w = words;
    if (!w.empty()) w[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(w[0])));
    out += ", " + w;
  }
  return out;
}

}  // namespace

std::string DescribeExit(int status) {
  if (WIFEXITED(status)) {
    int code = WEXITSTATUS(status);
    std::string out = "exit status " + std::to_string(code);
    // /bin/sh reports a command that a signal ended as 128 + the signal.
    if (code > 128) {
      std::string name = SignalName(code - 128);
      if (!name.empty())
        out += fmt::format(" = 128 + {}: the shell's code for a command killed by signal {} ({})",
                           code - 128, code - 128, name);
    }
    return out;
  }
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    std::string name = SignalName(sig);
    return "killed by signal " + std::to_string(sig) + (name.empty() ? "" : " (" + name + ")");
  }
  return "status " + std::to_string(status);
}

ChildProcess::ChildProcess(const std::string& command,
                           std::function<void(std::string_view)> on_stderr)
    : on_stderr_(std::move(on_stderr)) {
  // A dead adapter must show up as EPIPE on write, not kill the runner.
  ::signal(SIGPIPE, SIG_IGN);
  int in[2], out[2], err[2];
  Pipe(in);
  Pipe(out);
  Pipe(err);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // Its own process group (so a kill reaches what it starts); default
  // dispositions for SIGPIPE (ignored here, which exec would keep) and the
  // terminal's signals; nothing blocked.
  sigset_t defaults, none;
  sigemptyset(&defaults);
  for (int sig : {SIGPIPE, SIGINT, SIGQUIT, SIGTERM}) sigaddset(&defaults, sig);
  sigemptyset(&none);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setflags(&attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  std::string sh = "sh", dash_c = "-c", cmd = command;
  char* argv[] = {sh.data(), dash_c.data(), cmd.data(), nullptr};
  int rc = ::posix_spawn(&pid_, "/bin/sh", &actions, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  in_ = in[1];
  out_ = out[0];
  err_ = err[0];
  if (rc != 0) {
    pid_ = -1;
    Close(in_);
    Close(out_);
    Close(err_);
    Fail("posix_spawn /bin/sh", rc);
  }
  NonBlocking(in_);
  NonBlocking(out_);
  NonBlocking(err_);
}

ChildProcess::~ChildProcess() {
  Kill();
  Close(in_);
  Close(out_);
  Close(err_);
}

bool ChildProcess::Step(Clock::time_point deadline, bool want_write, bool* writable) {
  pollfd fds[3];
  int n = 0, i_in = -1, i_out = -1, i_err = -1;
  if (want_write && in_ >= 0) fds[i_in = n++] = {in_, POLLOUT, 0};
  if (out_ >= 0) fds[i_out = n++] = {out_, POLLIN, 0};
  if (err_ >= 0) fds[i_err = n++] = {err_, POLLIN, 0};
  auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
  if (left <= 0) return false;
  if (n == 0) {  // nothing left to watch: only time passes
    std::this_thread::sleep_for(std::chrono::milliseconds(std::min<long long>(left, 10)));
    return true;
  }
  int ready = ::poll(fds, n, static_cast<int>(std::min<long long>(left, INT_MAX)));
  if (ready < 0) {
    if (errno == EINTR) return true;
    Fail("poll");
  }
  char buffer[65536];
  auto drain = [&](int& fd, auto&& sink) {
    for (;;) {
      ssize_t got = ::read(fd, buffer, sizeof buffer);
      if (got > 0) {
        sink(std::string_view(buffer, static_cast<std::size_t>(got)));
        continue;
      }
      if (got < 0 && errno == EINTR) continue;
      if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
      Close(fd);  // end of file, or an error: either way nothing more comes
      return;
    }
  };
  constexpr short kReadable = POLLIN | POLLHUP | POLLERR;
  if (i_out >= 0 && (fds[i_out].revents & kReadable))
    drain(out_, [&](std::string_view s) { out_buffer_.append(s); });
  if (i_err >= 0 && (fds[i_err].revents & kReadable))
    drain(err_, [&](std::string_view s) {
      if (on_stderr_) on_stderr_(s);
    });
  if (writable) *writable = i_in >= 0 && (fds[i_in].revents & (POLLOUT | POLLERR | POLLHUP));
  return true;
}

ChildProcess::Io ChildProcess::Write(std::string_view data, Clock::time_point deadline) {
  while (!data.empty()) {
    if (in_ < 0) return Io::kEof;
    ssize_t put = ::write(in_, data.data(), data.size());
    if (put > 0) {
      data.remove_prefix(static_cast<std::size_t>(put));
      continue;
    }
    if (put < 0 && errno == EPIPE) return Io::kEof;
    if (put < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) Fail("write");
    bool writable = false;
    while (!writable)
      if (!Step(deadline, true, &writable)) return Io::kTimeout;
  }
  return Io::kOk;
}

ChildProcess::Io ChildProcess::ReadLine(std::string& line, Clock::time_point deadline) {
  for (;;) {
    std::size_t nl = out_buffer_.find('\n');
    if (nl != std::string::npos) {
      line.assign(out_buffer_, 0, nl);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      out_buffer_.erase(0, nl + 1);
      return Io::kOk;
    }
    if (out_ < 0) return Io::kEof;
    if (!Step(deadline, false, nullptr)) return Io::kTimeout;
  }
}

void ChildProcess::CloseStdin() { Close(in_); }

std::string ChildProcess::Reap(int options) {
  if (!ended_.empty() || pid_ < 0) return ended_;
  int status = 0;
  pid_t r;
  do {
    r = ::waitpid(pid_, &status, options);
  } while (r < 0 && errno == EINTR);
  if (r == pid_) ended_ = DescribeExit(status);
  if (r < 0) ended_ = "lost (waitpid failed)";
  return ended_;
}

std::string ChildProcess::Finish(Clock::time_point deadline) {
  CloseStdin();
  // Its last words on standard error come before the end of file there.
  while (err_ >= 0 && Step(deadline, false, nullptr)) {
  }
  while (Reap(WNOHANG).empty() && Clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return Kill();
}

std::string ChildProcess::Kill() {
  if (pid_ < 0 || !ended_.empty()) return ended_;
  ::kill(-pid_, SIGKILL);
  return Reap(0);
}

}  // namespace onepath::conformance
