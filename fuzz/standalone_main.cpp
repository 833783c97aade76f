// Replays fuzz inputs without libFuzzer: every file named on the command
// line, and every regular file in every directory named (not recursive,
// sorted by name, README.md skipped), goes once through
// LLVMFuzzerTestOneInput. A failing input aborts the process (the target
// calls abort); the handler below first prints which input it was.
//
// Exit status: 0 when every input ran (also when there was none), 1 when an
// argument cannot be read, and the signal's status when an input fails.

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

// The input being replayed, for the signal handler (which may only call
// async-signal-safe functions, hence a fixed buffer and write()).
char g_current[4096] = "";

void OnFatalSignal(int sig) {
  const char prefix[] = "replay: FAILED on input ";
  ssize_t ignored = write(STDERR_FILENO, prefix, sizeof(prefix) - 1);
  ignored = write(STDERR_FILENO, g_current, std::strlen(g_current));
  ignored = write(STDERR_FILENO, "\n", 1);
  (void)ignored;
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

bool ReadFile(const std::filesystem::path& path, std::vector<std::uint8_t>& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE_OR_DIRECTORY...\n", argv[0]);
    return 1;
  }
  for (int sig : {SIGABRT, SIGSEGV, SIGILL, SIGFPE, SIGBUS}) std::signal(sig, OnFatalSignal);

  std::vector<std::filesystem::path> inputs;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path arg(argv[i]);
    std::error_code ec;
    if (std::filesystem::is_directory(arg, ec)) {
      std::vector<std::filesystem::path> found;
      for (const auto& entry : std::filesystem::directory_iterator(arg, ec)) {
        if (!entry.is_regular_file()) continue;
        if (entry.path().filename() == "README.md") continue;
        found.push_back(entry.path());
      }
      if (ec) {
        std::fprintf(stderr, "replay: cannot list directory %s: %s\n", argv[i],
                     ec.message().c_str());
        return 1;
      }
      if (found.empty()) {
        std::printf("replay: directory %s holds no inputs; nothing to replay there\n", argv[i]);
      }
      std::sort(found.begin(), found.end());
      inputs.insert(inputs.end(), found.begin(), found.end());
    } else if (std::filesystem::is_regular_file(arg, ec)) {
      inputs.push_back(arg);
    } else {
      std::fprintf(stderr, "replay: %s is neither a file nor a directory\n", argv[i]);
      return 1;
    }
  }

  std::vector<std::uint8_t> data;
  for (const auto& path : inputs) {
    if (!ReadFile(path, data)) {
      std::fprintf(stderr, "replay: cannot read %s\n", path.c_str());
      return 1;
    }
    std::snprintf(g_current, sizeof(g_current), "%s", path.c_str());
    LLVMFuzzerTestOneInput(data.data(), data.size());
  }
  std::printf("replay: %zu input(s) ran, all passed\n", inputs.size());
  return 0;
}
