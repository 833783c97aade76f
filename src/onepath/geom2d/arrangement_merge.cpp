// The arrangement's step 5 (docs/spec/arrangement.md, arr.merge, then
// arr.output): net counts per undirected segment, zero-net segments
// dropped, the vertices the kept segments use.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "onepath/geom2d/internal/snap_rounding.hpp"

namespace onepath::geom2d {

// Groups are in (a, b) order and hot pixel indices in (x, y) order, so the
// vertices are the hot pixels that kept segments use, numbered in index
// order. Expects the fragments grouped (Repair leaves them so).
Arrangement Merge(SnapRounding& s) {
  // The groups' segments are not read here (arr.merge): freed for the
  // output.
  std::vector<Segment>().swap(s.segs);
  const std::size_t groups = s.start.size() - 1;
  std::vector<std::int32_t> n0(groups, 0), n1(groups, 0);
  std::vector<std::uint32_t> vertex(s.hot.size(), 0);  // 1 + vertex number when used
  std::size_t kept = 0;
  for (std::size_t g = 0; g < groups; ++g) {
    for (std::uint32_t i : s.Members(g)) {
      const Fragment& f = s.fragments[i];
      const std::int32_t sign = f.u < f.v ? 1 : -1;
      if (f.operand == 0 || f.operand == 2) n0[g] += sign;
      if (f.operand == 1 || f.operand == 2) n1[g] += sign;
    }
    if (n0[g] != 0 || n1[g] != 0) {
      const Fragment& f = s.fragments[s.Members(g).front()];  // its ends, in either order
      vertex[f.u] = vertex[f.v] = 1;
      ++kept;
    }
  }
  Arrangement out;
  out.vertices.reserve(static_cast<std::size_t>(std::count(vertex.begin(), vertex.end(), 1u)));
  out.segments.reserve(kept);
  for (std::size_t k = 0; k < s.hot.size(); ++k) {
    if (vertex[k] == 0) continue;
    out.vertices.push_back(s.hot[k]);
    vertex[k] = static_cast<std::uint32_t>(out.vertices.size());
  }
  for (std::size_t g = 0; g < groups; ++g) {
    if (n0[g] == 0 && n1[g] == 0) continue;
    const auto [a, b] = s.Ends(g);
    out.segments.push_back({vertex[a] - 1, vertex[b] - 1, n0[g], n1[g]});
  }
  return out;
}

}  // namespace onepath::geom2d
