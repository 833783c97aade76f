#include "tools/bench/bench_support.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <exception>
#include <fstream>
#include <map>
#include <stdexcept>

extern char** environ;

namespace onepath::bench {

namespace {

// A "Vm...:" line of /proc/self/status, in kB; -1 if absent.
long StatusKb(const char* key) {
  std::ifstream status("/proc/self/status");
  const std::size_t n = std::strlen(key);
  for (std::string line; std::getline(status, line);)
    if (line.compare(0, n, key) == 0 && line.size() > n && line[n] == ':')
      return std::strtol(line.c_str() + n + 1, nullptr, 10);
  return -1;
}

// Resets VmHWM to the current RSS (Linux >= 4.0).
bool ResetPeak() {
  std::ofstream clear("/proc/self/clear_refs");
  clear << "5";
  clear.flush();
  return static_cast<bool>(clear);
}

}  // namespace

int MeasureCallInChild(const std::function<void()>& call) {
  Memory m;
  m.before_kb = StatusKb("VmRSS");
  if (!ResetPeak()) return 3;
  call();
  m.peak_kb = StatusKb("VmHWM");
  std::printf("%ld %ld\n", m.before_kb, m.peak_kb);
  return 0;
}

Memory PeakMemory(const std::string& spec) {
  static std::map<std::string, Memory> done;
  auto it = done.find(spec);
  if (it != done.end()) return it->second;
  Memory m;
  int fds[2];
  if (pipe(fds) == 0) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    std::string arg = "--peak-memory=" + spec;
    char exe[] = "/proc/self/exe";
    char* argv[] = {exe, arg.data(), nullptr};
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, exe, &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    std::string text;
    char buf[256];
    for (ssize_t k; (k = read(fds[0], buf, sizeof buf)) > 0;) text.append(buf, k);
    close(fds[0]);
    int status = 0;
    if (rc == 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0)
      std::sscanf(text.c_str(), "%ld %ld", &m.before_kb, &m.peak_kb);
  }
  done[spec] = m;
  return m;
}

void SetMemoryCounters(benchmark::State& state, const Memory& memory) {
  if (memory.peak_kb < 0) return;
  state.counters["peak_MiB"] = static_cast<double>(memory.peak_kb) / 1024.0;
  state.counters["delta_MiB"] = static_cast<double>(memory.peak_kb - memory.before_kb) / 1024.0;
}

double CpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

bool RunForked(const std::function<void(ChildReport&)>& call, ChildReport& report,
               std::string& why) {
  int fds[2];
  if (pipe(fds) != 0) return why = "pipe failed", false;
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) return why = "fork failed", false;
  if (pid == 0) {
    close(fds[0]);
    ChildReport r;
    try {
      const double start = CpuSeconds();
      const auto wall_start = std::chrono::steady_clock::now();
      call(r);
      r.seconds = CpuSeconds() - start;
      r.wall_seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
      r.ok = 1;
    } catch (const std::exception& e) {
      std::snprintf(r.message, sizeof r.message, "threw: %s", e.what());
    } catch (...) {
      std::snprintf(r.message, sizeof r.message, "threw a non-standard exception");
    }
    const char* p = reinterpret_cast<const char*>(&r);
    for (std::size_t left = sizeof r; left > 0;) {
      const ssize_t k = write(fds[1], p, left);
      if (k <= 0) break;
      p += k, left -= static_cast<std::size_t>(k);
    }
    _exit(0);
  }
  close(fds[1]);
  std::size_t got = 0;
  char* p = reinterpret_cast<char*>(&report);
  for (ssize_t k; got < sizeof report && (k = read(fds[0], p + got, sizeof report - got)) > 0;)
    got += static_cast<std::size_t>(k);
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) {
    why = std::string("crashed: signal ") + std::to_string(WTERMSIG(status)) + " (" +
          strsignal(WTERMSIG(status)) + ")";
    return false;
  }
  if (got != sizeof report) return why = "child did not report", false;
  if (!report.ok) return why = report.message, false;
  return true;
}

ChildReport TimeForked(benchmark::State& state, const std::string& name,
                       const std::function<void(ChildReport&)>& call) {
  ChildReport report;
  for (auto _ : state) {
    std::string why;
    if (!RunForked(call, report, why)) {
      std::fprintf(stderr, "%s failed: %s\n", name.c_str(), why.c_str());
      state.SkipWithError(("failed: " + why).c_str());
      break;
    }
    state.SetIterationTime(report.seconds);
  }
  return report;
}

bool TakeFlag(int& argc, char** argv, const char* name, std::string& value) {
  const std::string prefix = std::string("--") + name + "=";
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], prefix.c_str(), prefix.size()) == 0) {
      value = argv[i] + prefix.size();
      for (int j = i; j + 1 < argc; ++j) argv[j] = argv[j + 1];
      --argc;
      return true;
    }
  }
  return false;
}

ClipperLib::Paths CellSquares(const gen::TileMap& map, int snapBits) {
  auto line = [&](double origin, int i) {
    return static_cast<ClipperLib::cInt>(gen::TileMapGridLine(origin, i, map.cellSize, snapBits));
  };
  ClipperLib::Paths paths;
  for (int y = 0; y < map.height; ++y)
    for (int x = 0; x < map.width; ++x)
      if (map.cells[static_cast<std::size_t>(y) * map.width + x]) {
        const ClipperLib::cInt x0 = line(map.originX, x), x1 = line(map.originX, x + 1);
        const ClipperLib::cInt y0 = line(map.originY, y), y1 = line(map.originY, y + 1);
        paths.push_back({{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}});
      }
  return paths;
}

ClipperLib::Paths ToPaths(const std::vector<geom2d::Ring>& rings) {
  ClipperLib::Paths paths;
  paths.reserve(rings.size());
  for (const geom2d::Ring& ring : rings) {
    ClipperLib::Path path;
    path.reserve(ring.size());
    for (geom2d::GridPoint p : ring) path.push_back({p.x, p.y});
    paths.push_back(std::move(path));
  }
  return paths;
}

onepath::Int128 DoubledArea(const ClipperLib::Paths& paths) {
  onepath::Int128 sum = 0;
  for (const ClipperLib::Path& path : paths)
    for (std::size_t k = 0; k < path.size(); ++k) {
      const ClipperLib::IntPoint& p = path[k];
      const ClipperLib::IntPoint& q = path[(k + 1) % path.size()];
      sum += onepath::Int128(p.X) * q.Y - onepath::Int128(p.Y) * q.X;
    }
  return sum;
}

std::string DecimalString(onepath::Int128 v) {
  if (v == 0) return "0";
  const bool negative = v < 0;
  std::string digits;
  for (; v != 0; v /= 10)
    digits.insert(digits.begin(), char('0' + (negative ? -(v % 10) : v % 10)));
  return negative ? "-" + digits : digits;
}

geom2d::Region TileMapRegion(const gen::TileMap& map, Vector2D origin, int snapBits) {
  return geom2d::Region::FromTileMap(map.cells, map.width, map.height, map.cellSize, origin,
                                     {.SnapBits = snapBits});
}

ClipperLib::Paths ClipperExecute(ClipperLib::ClipType type, const ClipperLib::Paths& subject,
                                 const ClipperLib::Paths& clip) {
  ClipperLib::Clipper clipper;
  clipper.AddPaths(subject, ClipperLib::ptSubject, true);
  if (!clip.empty()) clipper.AddPaths(clip, ClipperLib::ptClip, true);
  ClipperLib::Paths solution;
  if (!clipper.Execute(type, solution, ClipperLib::pftNonZero, ClipperLib::pftNonZero))
    throw std::runtime_error("Clipper's Execute failed");
  return solution;
}

}  // namespace onepath::bench
