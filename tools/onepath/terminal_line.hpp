// A status line on a terminal (standard error): rewritten in place with
// "\r", at most ten times a second, ended with a newline when done; nothing
// at all when disabled (standard error is not a terminal, or --quiet).
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

namespace onepath::tools {

class TerminalLine {
 public:
  explicit TerminalLine(bool enabled) : enabled_(enabled) {}
  ~TerminalLine() {
    if (printed_) std::fprintf(stderr, "\n");
  }
  TerminalLine(const TerminalLine&) = delete;
  TerminalLine& operator=(const TerminalLine&) = delete;

  // Shows `text` (a line of its own, the rest of the old one erased) unless
  // the last one is less than 100 ms old; `last` shows it anyway.
  void Show(const std::string& text, bool last = false) {
    if (!enabled_) return;
    auto now = std::chrono::steady_clock::now();
    if (!last && now - shown_ < std::chrono::milliseconds(100)) return;
    shown_ = now;
    std::fprintf(stderr, "\r%s\033[K", text.c_str());
    printed_ = true;
  }

 private:
  bool enabled_;
  bool printed_ = false;
  std::chrono::steady_clock::time_point shown_{};
};

}  // namespace onepath::tools
