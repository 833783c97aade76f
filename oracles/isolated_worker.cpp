#include "oracles/isolated_worker.hpp"

#include <signal.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <exception>
#include <stdexcept>

namespace onepath::oracle {

namespace {

bool WriteAll(int fd, const std::vector<std::uint8_t>& bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    // MSG_NOSIGNAL: a dead peer is an error return here, not SIGPIPE.
    ssize_t n = send(fd, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

bool ReadAll(int fd, void* p, std::size_t size) {
  auto* b = static_cast<std::uint8_t*>(p);
  std::size_t done = 0;
  while (done < size) {
    ssize_t n = read(fd, b + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// A frame: u32 length, then the bytes.
bool SendFrame(int fd, const std::vector<std::uint8_t>& body) {
  ByteWriter w;
  w.U32(static_cast<std::uint32_t>(body.size()));
  w.Raw(body.data(), body.size());
  return WriteAll(fd, w.bytes());
}

bool ReceiveFrame(int fd, std::vector<std::uint8_t>& body) {
  std::uint32_t n = 0;
  if (!ReadAll(fd, &n, 4)) return false;
  body.resize(n);
  return n == 0 || ReadAll(fd, body.data(), n);
}

// The child: a request frame is a u32 timeout in seconds followed by the
// handler's request. Answers until the parent closes its end; leaves
// without running the parent's atexit handlers or flushing its buffers.
[[noreturn]] void WorkerLoop(int fd, IsolatedWorker::Handler handler) {
  std::vector<std::uint8_t> frame;
  while (ReceiveFrame(fd, frame)) {
    std::uint32_t timeout = 0;
    if (frame.size() < 4) _exit(4);
    std::memcpy(&timeout, frame.data(), 4);
    std::vector<std::uint8_t> request(frame.begin() + 4, frame.end());
    alarm(timeout);
    std::vector<std::uint8_t> reply;
    try {
      reply = handler(request);
    } catch (...) {
      _exit(5);
    }
    alarm(0);
    if (!SendFrame(fd, reply)) _exit(3);
  }
  _exit(0);
}

}  // namespace

bool IsolatedWorker::Call(const std::vector<std::uint8_t>& request, unsigned timeout_seconds,
                          std::vector<std::uint8_t>& reply, std::string& failure) {
  if (pid_ <= 0) Start();
  ByteWriter frame;
  frame.U32(timeout_seconds);
  frame.Raw(request.data(), request.size());
  if (SendFrame(fd_, frame.bytes()) && ReceiveFrame(fd_, reply)) return true;
  // The worker died: say how.
  int status = Stop();
  reply.clear();
  if (status >= 0 && WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    failure = sig == SIGALRM ? std::string("timed out")
                             : std::string("killed by signal ") + strsignal(sig);
  } else {
    failure = "worker process exited abnormally";
  }
  return false;
}

void IsolatedWorker::Start() {
  int fds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0)
    throw std::runtime_error("IsolatedWorker: socketpair failed");
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    throw std::runtime_error("IsolatedWorker: fork failed");
  }
  if (pid == 0) {
    close(fds[0]);
    WorkerLoop(fds[1], handler_);
  }
  close(fds[1]);
  pid_ = pid;
  fd_ = fds[0];
}

int IsolatedWorker::Stop() {
  if (pid_ <= 0) return -1;
  close(fd_);
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  fd_ = -1;
  return status;
}

}  // namespace onepath::oracle
