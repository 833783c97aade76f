// A forked worker process for oracles whose library can crash on some
// inputs (CGAL 5.5.1's sweeps): the oracle's work runs in the child and the
// answer comes back as bytes through a socket, so a crash is reported to
// the caller instead of ending it. Plain POSIX; no CGAL here.
#pragma once

#include <cstdint>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "onepath/geom2d/arrangement.hpp"

namespace onepath::oracle {

// Little-endian-as-the-host byte messages between the parent and its worker
// (both are the same binary, so host order is fine).
class ByteWriter {
 public:
  void U8(std::uint8_t v) { bytes_.push_back(v); }
  void U32(std::uint32_t v) { Raw(&v, sizeof v); }
  void I64(std::int64_t v) { Raw(&v, sizeof v); }
  void Str(const std::string& s) {
    U32(static_cast<std::uint32_t>(s.size()));
    Raw(s.data(), s.size());
  }
  // u32 count, then (x, y) as int64 each.
  void Points(const std::vector<geom2d::GridPoint>& points) {
    U32(static_cast<std::uint32_t>(points.size()));
    for (geom2d::GridPoint p : points) {
      I64(p.x);
      I64(p.y);
    }
  }
  // u32 count, then each list as Points.
  void PointLists(const std::vector<std::vector<geom2d::GridPoint>>& lists) {
    U32(static_cast<std::uint32_t>(lists.size()));
    for (const auto& points : lists) Points(points);
  }
  void Raw(const void* p, std::size_t n) {
    const auto* b = static_cast<const std::uint8_t*>(p);
    bytes_.insert(bytes_.end(), b, b + n);
  }
  const std::vector<std::uint8_t>& bytes() const { return bytes_; }

 private:
  std::vector<std::uint8_t> bytes_;
};

class ByteReader {
 public:
  explicit ByteReader(const std::vector<std::uint8_t>& b) : bytes_(b) {}
  bool Raw(void* p, std::size_t n) {
    if (bytes_.size() - pos_ < n) return false;
    if (n > 0) std::memcpy(p, bytes_.data() + pos_, n);
    pos_ += n;
    return true;
  }
  bool U8(std::uint8_t& v) { return Raw(&v, 1); }
  bool U32(std::uint32_t& v) { return Raw(&v, 4); }
  bool I64(std::int64_t& v) { return Raw(&v, 8); }
  bool Str(std::string& s) {
    std::uint32_t n = 0;
    if (!U32(n) || bytes_.size() - pos_ < n) return false;
    s.assign(reinterpret_cast<const char*>(bytes_.data() + pos_), n);
    pos_ += n;
    return true;
  }
  bool Points(std::vector<geom2d::GridPoint>& points) {
    std::uint32_t n = 0;
    if (!Count(n, 16)) return false;
    points.resize(n);
    for (geom2d::GridPoint& p : points)
      if (!I64(p.x) || !I64(p.y)) return false;
    return true;
  }
  bool PointLists(std::vector<std::vector<geom2d::GridPoint>>& lists) {
    std::uint32_t n = 0;
    if (!Count(n, 4)) return false;
    lists.assign(n, {});
    for (auto& points : lists)
      if (!Points(points)) return false;
    return true;
  }
  // A count of items of at least `itemBytes` bytes each, checked against
  // the bytes left (so a corrupt count cannot ask for a huge allocation).
  bool Count(std::uint32_t& n, std::size_t itemBytes) {
    return U32(n) && static_cast<std::size_t>(n) * itemBytes <= bytes_.size() - pos_;
  }
  bool done() const { return pos_ == bytes_.size(); }

 private:
  const std::vector<std::uint8_t>& bytes_;
  std::size_t pos_ = 0;
};

// One forked worker process, reused across calls (forking per call costs
// more than the oracle itself on small inputs). The child runs `handler` on
// each request under alarm(timeout_seconds) and sends back what it returns;
// the handler must catch its own exceptions (one that escapes ends the
// worker, reported as an abnormal exit).
class IsolatedWorker {
 public:
  using Handler = std::vector<std::uint8_t> (*)(const std::vector<std::uint8_t>& request);

  explicit IsolatedWorker(Handler handler) : handler_(handler) {}
  ~IsolatedWorker() { Stop(); }
  IsolatedWorker(const IsolatedWorker&) = delete;
  IsolatedWorker& operator=(const IsolatedWorker&) = delete;

  // True with the handler's answer in `reply`; false when the worker died
  // (signal, timeout, abnormal exit), with `failure` saying how ("timed
  // out", "killed by signal ...", "worker process exited abnormally"); the
  // next call then starts a fresh worker. Throws std::runtime_error when no
  // worker can be started.
  bool Call(const std::vector<std::uint8_t>& request, unsigned timeout_seconds,
            std::vector<std::uint8_t>& reply, std::string& failure);

  // Ends the worker; the next call starts a fresh one. Callers restart after
  // the handler reported a failure from inside the library, whose state may
  // then be left half-updated.
  void Restart() { Stop(); }

 private:
  void Start();
  int Stop();  // the worker's wait status, or -1 when there was none

  Handler handler_;
  int pid_ = -1;
  int fd_ = -1;
};

// The two halves that every isolated oracle shares, for a Result with a
// `status` (an enum with kOk, kRejected and kCrashed) and a `message`.
using WorkerBytes = std::vector<std::uint8_t>;

// In the worker: parses the request (parse(bytes, Request&) -> bool), runs
// the oracle (run(request) -> Result) and serialises its result
// (serialise(result) -> bytes). A request that does not parse, or an
// exception that the oracle lets through, becomes a kRejected result.
template <class Request, class Parse, class Run, class Serialise>
WorkerBytes AnswerInWorker(const WorkerBytes& bytes, Parse parse, Run run, Serialise serialise) {
  Request request;
  decltype(run(request)) res;
  if (!parse(bytes, request)) {
    res.status = decltype(res)::Status::kRejected;
    res.message = "malformed request";
    return serialise(res);
  }
  try {
    res = run(request);
  } catch (const std::exception& ex) {
    res = {};
    res.status = decltype(res)::Status::kRejected;
    res.message = std::string("exception: ") + ex.what();
  }
  return serialise(res);
}

// In the caller: sends the request and parses the answer. A dead worker or
// an answer that does not parse is kCrashed. After anything but kOk the
// worker is replaced (a library that threw or crashed may have left its
// state half-updated), so every call runs where the library has only ever
// succeeded.
template <class Result>
Result AskWorker(IsolatedWorker& worker, const WorkerBytes& request, unsigned timeout_seconds,
                 bool (*parse)(const WorkerBytes&, Result&)) {
  Result res;
  WorkerBytes reply;
  std::string failure;
  if (!worker.Call(request, timeout_seconds, reply, failure)) {
    res.status = Result::Status::kCrashed;
    res.message = failure;
    return res;
  }
  if (!parse(reply, res)) {
    worker.Restart();
    res = {};
    res.status = Result::Status::kCrashed;
    res.message = "worker process answered nonsense";
    return res;
  }
  if (res.status != Result::Status::kOk) worker.Restart();
  return res;
}

}  // namespace onepath::oracle
