// Replays fuzz inputs without libFuzzer: every file named on the command
// line, and every regular file in every directory named (not recursive,
// sorted by name, README.md skipped), goes once through
// LLVMFuzzerTestOneInput. A failing input aborts the process (the target
// calls abort); the handler below first prints which input it was.
//
// Exit status: 0 when every input ran (also when there was none), 1 when an
// argument cannot be read, and the signal's status when an input fails.
//
// With --xml=FILE --name=TARGET --clauses="id id ...", a run in which every
// input passed also writes FILE in GoogleTest's XML form: one test
// "fuzz.TARGET" with the property "clauses", which `onepath conformance
// --test-results` credits like a GoogleTest test's (fuzz/meson.build passes
// the target's `// clauses:` lines). A failing run leaves no FILE (an older
// one is removed first), so a failure is never credited.

#include <unistd.h>

#include <algorithm>
#include <cctype>
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

// Clause ids and target names need no escaping; anything else is refused.
bool PlainXmlText(const std::string& text) {
  return std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::strchr(" ._-", c) != nullptr;
  });
}

bool WriteResult(const std::filesystem::path& file, const std::string& name,
                 const std::string& clauses, std::size_t inputs) {
  std::error_code ec;
  if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), ec);
  std::ofstream out(file);
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<testsuites tests=\"1\" failures=\"0\" name=\"fuzz-regressions\">\n"
      << "  <testsuite name=\"fuzz\" tests=\"1\" failures=\"0\">\n"
      << "    <testcase name=\"" << name << "\" classname=\"fuzz\" status=\"run\" "
      << "result=\"completed\" inputs=\"" << inputs << "\">\n"
      << "      <properties>\n"
      << "        <property name=\"clauses\" value=\"" << clauses << "\"/>\n"
      << "      </properties>\n"
      << "    </testcase>\n"
      << "  </testsuite>\n"
      << "</testsuites>\n";
  out.close();
  return static_cast<bool>(out);
}

bool ReadFile(const std::filesystem::path& path, std::vector<std::uint8_t>& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

}  // namespace

int main(int argc, char** argv) {
  std::string xml, name, clauses;
  std::vector<const char*> args;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--xml=", 0) == 0)
      xml = a.substr(6);
    else if (a.rfind("--name=", 0) == 0)
      name = a.substr(7);
    else if (a.rfind("--clauses=", 0) == 0)
      clauses = a.substr(10);
    else
      args.push_back(argv[i]);
  }
  if (args.empty() || (!xml.empty() && name.empty()) || !PlainXmlText(name) ||
      !PlainXmlText(clauses)) {
    std::fprintf(stderr,
                 "usage: %s [--xml=FILE --name=TARGET --clauses=IDS] FILE_OR_DIRECTORY...\n",
                 argv[0]);
    return 1;
  }
  if (!xml.empty()) {
    std::error_code ec;
    std::filesystem::remove(xml, ec);
  }
  for (int sig : {SIGABRT, SIGSEGV, SIGILL, SIGFPE, SIGBUS}) std::signal(sig, OnFatalSignal);

  std::vector<std::filesystem::path> inputs;
  for (const char* text : args) {
    const std::filesystem::path arg(text);
    std::error_code ec;
    if (std::filesystem::is_directory(arg, ec)) {
      std::vector<std::filesystem::path> found;
      for (const auto& entry : std::filesystem::directory_iterator(arg, ec)) {
        if (!entry.is_regular_file()) continue;
        if (entry.path().filename() == "README.md") continue;
        found.push_back(entry.path());
      }
      if (ec) {
        std::fprintf(stderr, "replay: cannot list directory %s: %s\n", text, ec.message().c_str());
        return 1;
      }
      if (found.empty()) {
        std::printf("replay: directory %s holds no inputs; nothing to replay there\n", text);
      }
      std::sort(found.begin(), found.end());
      inputs.insert(inputs.end(), found.begin(), found.end());
    } else if (std::filesystem::is_regular_file(arg, ec)) {
      inputs.push_back(arg);
    } else {
      std::fprintf(stderr, "replay: %s is neither a file nor a directory\n", text);
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
  if (!xml.empty() && !WriteResult(xml, name, clauses, inputs.size())) {
    std::fprintf(stderr, "replay: cannot write %s\n", xml.c_str());
    return 1;
  }
  return 0;
}
