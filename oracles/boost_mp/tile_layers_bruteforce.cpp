// Brute-force b3d.tile-layers, from the clause's text (see the header).
#include "oracles/boost_mp/tile_layers_bruteforce.hpp"

namespace onepath::oracle {

namespace {

constexpr std::int64_t kLayerLimit = 1024;  // "up to 1024 layers" (000 §5)
constexpr std::int64_t kDx[4] = {-1, 0, 1, 0};
constexpr std::int64_t kDz[4] = {0, 1, 0, -1};

struct Regions {
  const BfLayerInput& in;

  // "the regions are the ids 1 .. borderId - 1".
  bool IsRegion(std::int64_t id) const { return id >= 1 && id <= in.borderId - 1; }

  bool HasColumn(std::int64_t r, std::int64_t cell) const {
    for (const BfLayerSpan& s : in.columns[cell])
      if (s.region == r) return true;
    return false;
  }

  // "share a column": some cell is a column of both.
  bool ShareColumn(std::int64_t r, std::int64_t q) const {
    for (std::int64_t cell = 0; cell < in.width * in.depth; ++cell)
      if (HasColumn(r, cell) && HasColumn(q, cell)) return true;
    return false;
  }

  // "adjacent": a connection from a span of one to a span of the other,
  // either way, both regions, different.
  bool Adjacent(std::int64_t r, std::int64_t q) const {
    if (r == q || !IsRegion(r) || !IsRegion(q)) return false;
    for (std::int64_t z = 0; z < in.depth; ++z) {
      for (std::int64_t x = 0; x < in.width; ++x) {
        for (const BfLayerSpan& s : in.columns[x + in.width * z]) {
          if (s.region != r && s.region != q) continue;
          const std::int64_t other = s.region == r ? q : r;
          for (int d = 0; d < 4; ++d) {
            if (s.con[d] < 0) continue;
            const std::int64_t nx = x + kDx[d], nz = z + kDz[d];
            if (nx < 0 || nz < 0 || nx >= in.width || nz >= in.depth) continue;
            const auto& n = in.columns[nx + in.width * nz];
            if (s.con[d] < static_cast<std::int64_t>(n.size()) && n[s.con[d]].region == other)
              return true;
          }
        }
      }
    }
    return false;
  }
};

}  // namespace

BfLayerResult BfRegionLayers(const BfLayerInput& input, BfLayerRule rule) {
  BfLayerResult out;
  out.layers.assign(static_cast<std::size_t>(input.borderId) + 1, 0);
  if (!input.layersPartition) return out;  // "every entry is 0"
  const Regions g{input};
  for (std::int64_t r = 1; r <= input.borderId - 1; ++r) {
    // "a layer L is free for region r when no region of smaller id whose
    // layer is L shares a column with r".
    const auto isFree = [&](std::int64_t layer) {
      for (std::int64_t q = 1; q < r; ++q)
        if (out.layers[q] == layer && g.ShareColumn(r, q)) return false;
      return true;
    };
    std::optional<std::int64_t> chosen;
    if (rule == BfLayerRule::kSpec) {
      // "the least layer among the layers of its adjacent regions of
      // smaller id that is free for r".
      for (std::int64_t q = 1; q < r; ++q)
        if (g.Adjacent(r, q) && isFree(out.layers[q]) && (!chosen || out.layers[q] < *chosen))
          chosen = out.layers[q];
    }
    if (!chosen) {
      // "the least layer L >= 0 that is free for r".
      std::int64_t layer = 0;
      while (!isFree(layer)) ++layer;
      chosen = layer;
    }
    if (*chosen >= kLayerLimit) {
      out.error = *chosen + 1;
      return out;
    }
    out.layers[r] = *chosen;
  }
  return out;
}

}  // namespace onepath::oracle
