// b3d.span.directions: the four neighbour directions, as Recast's
// rcGetDirOffsetX / rcGetDirOffsetY.
#pragma once

#include <cstdint>

namespace onepath::build3d::internal {

inline constexpr std::int64_t kDirX[4] = {-1, 0, 1, 0};
inline constexpr std::int64_t kDirZ[4] = {0, 1, 0, -1};

}  // namespace onepath::build3d::internal
