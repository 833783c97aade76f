#include "onepath/core/limits.hpp"

#include <fmt/format.h>

#include "onepath/core/errors.hpp"

namespace onepath {

void CheckCount(std::uint64_t count, std::uint64_t limit, const char* what) {
  if (count <= limit) return;
  throw InvalidOperationException(fmt::format("{}: {} is more than {}", what, count, limit),
                                  {.count = static_cast<std::int64_t>(count)});
}

}  // namespace onepath
