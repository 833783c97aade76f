// Shared by the 3D fuzz targets (build3d_spans, build3d_partition,
// build3d_trace): the connections of compact spans recomputed
// (b3d.span.connect, no code of src/), a compact heightfield as the Recast
// oracle's value, and running a call that may throw only the spec's
// exception types (err.nothing-else).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <functional>
#include <string>
#include <vector>

#include "fuzz/region_input.hpp"
#include "onepath/build3d/heightfield.hpp"
#include "onepath/core/errors.hpp"
#include "oracles/recast/recast_oracle.hpp"

namespace onepath::fuzz {

// b3d.span.connect on column lists (x + W z): in each direction (0 = -x,
// 1 = +z, 2 = +x, 3 = -z, Recast's order) the first span of the neighbour
// column with a gap of at least walkableHeight in common and floors at
// most climb apart, if its index is at most 62.
inline void Connect(std::vector<std::vector<build3d::CompactSpan>>& columns, std::int64_t W,
                    std::int64_t D, int walkableHeight, int climb) {
  const int dx[4] = {-1, 0, 1, 0}, dz[4] = {0, 1, 0, -1};
  for (std::int64_t z = 0; z < D; ++z)
    for (std::int64_t x = 0; x < W; ++x)
      for (auto& s : columns[x + W * z]) {
        s.con = {63, 63, 63, 63};
        for (int d = 0; d < 4; ++d) {
          std::int64_t nx = x + dx[d], nz = z + dz[d];
          if (nx < 0 || nz < 0 || nx >= W || nz >= D) continue;
          const auto& n = columns[nx + W * nz];
          for (std::size_t k = 0; k < n.size(); ++k) {
            int lo = std::max(s.y, n[k].y);
            int hi = std::min(s.y + s.h, n[k].y + n[k].h);
            if (hi - lo >= walkableHeight && std::abs(int{n[k].y} - int{s.y}) <= climb) {
              if (k <= 62) s.con[d] = static_cast<std::uint8_t>(k);
              break;
            }
          }
        }
      }
}

inline recast_oracle::CompactHeightfield ToOracle(const build3d::CompactHeightfield& h) {
  recast_oracle::CompactHeightfield out{
      static_cast<int>(h.width()), static_cast<int>(h.depth()), {}};
  for (const auto& column : build3d::ColumnLists(h)) {
    out.columns.emplace_back();
    for (const auto& s : column) out.columns.back().push_back({s.y, s.h, s.con, s.area});
  }
  return out;
}

// Runs f: true when it threw one of the spec's exception types; any other
// exception fails the target.
inline bool Throws(const char* target, const std::function<void()>& f) {
  try {
    f();
  } catch (const OnePathException&) {
    return true;  // err.types: one of the spec's four (the base is abstract)
  } catch (const std::exception& e) {
    Fail(target, std::string("an exception the spec does not allow: ") + e.what());
  } catch (...) {
    Fail(target, "an exception the spec does not allow (not a std::exception)");
  }
  return false;
}

}  // namespace onepath::fuzz
