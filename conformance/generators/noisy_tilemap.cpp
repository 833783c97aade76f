// The noisy tile map; the recipe is documented in the header.
#include "conformance/generators/noisy_tilemap.hpp"

#include <array>
#include <cmath>

#include "conformance/generators/predicate_cases.hpp"

namespace onepath::gen {

namespace {

// The recipe's constants (noisy_tilemap.hpp).
constexpr std::int64_t kBlock = 19;         // room block side, cells
constexpr std::int64_t kSiteMargin = 4;     // sites keep this far from a block's sides
constexpr int kWarpShift = 5;               // warp noise spacing 2^5
constexpr std::int64_t kWarpAmplitude = 4;  // cells
constexpr std::int64_t kDoorPercent = 3;
constexpr std::int64_t kLakePercent = 66;

// floor(a / b) for b > 0.
std::int64_t FloorDiv(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b;
  if (a % b != 0 && a < 0) --q;
  return q;
}

std::uint64_t S(std::uint64_t v) { return SplitMix64(v).Next(); }

std::uint64_t H(std::uint64_t seed, std::uint64_t k, std::int64_t i, std::int64_t j) {
  return S(S(S(seed + k) + static_cast<std::uint64_t>(i)) + static_cast<std::uint64_t>(j));
}

// Bilinear interpolation of the lattice values around (x, y), spacing 2^s.
template <typename Lattice>
std::int64_t Bilinear(int s, std::int64_t x, std::int64_t y, Lattice lattice) {
  const std::int64_t side = std::int64_t{1} << s;
  const std::int64_t i = FloorDiv(x, side), j = FloorDiv(y, side);
  const std::int64_t fx = x - i * side, fy = y - j * side;
  return (side - fx) * (side - fy) * lattice(i, j) + fx * (side - fy) * lattice(i + 1, j) +
         (side - fx) * fy * lattice(i, j + 1) + fx * fy * lattice(i + 1, j + 1);
}

// N(k, s, x, y) of the header, in [0, 2^16 4^s), with the lattice values of
// the cells [0, width) x [0, height) computed once.
class NoiseLayer {
 public:
  NoiseLayer(std::uint64_t seed, std::uint64_t k, int s, int width, int height)
      : s_(s), cols_(((width - 1) >> s) + 2) {
    const std::int64_t rows = ((height - 1) >> s) + 2;
    values_.resize(static_cast<std::size_t>(cols_ * rows));
    for (std::int64_t j = 0; j < rows; ++j)
      for (std::int64_t i = 0; i < cols_; ++i)
        values_[static_cast<std::size_t>(j * cols_ + i)] =
            static_cast<std::int64_t>(H(seed, k, i, j) >> 48);
  }
  // For 0 <= x < width, 0 <= y < height.
  std::int64_t operator()(std::int64_t x, std::int64_t y) const {
    return Bilinear(s_, x, y, [&](std::int64_t i, std::int64_t j) {
      return values_[static_cast<std::size_t>(j * cols_ + i)];
    });
  }

 private:
  int s_;
  std::int64_t cols_;
  std::vector<std::int64_t> values_;
};

struct Site {
  std::int64_t bx, by;  // its block
  std::int64_t x, y;
};

Site SiteOf(std::uint64_t seed, std::int64_t bx, std::int64_t by) {
  const std::uint64_t h = H(seed, 3, bx, by);
  const std::uint64_t span = kBlock - 2 * kSiteMargin;
  return {bx, by,
          kBlock * bx + kSiteMargin + static_cast<std::int64_t>(((h & 0xffffffffULL) * span) >> 32),
          kBlock * by + kSiteMargin + static_cast<std::int64_t>(((h >> 32) * span) >> 32)};
}

// Half-thickness of the wall between the sites of two blocks; 0 for a door.
std::int64_t WallHalfThickness(std::uint64_t seed, const Site& a, const Site& b) {
  const bool aFirst = a.by < b.by || (a.by == b.by && a.bx < b.bx);
  const Site& c = aFirst ? a : b;
  const Site& d = aFirst ? b : a;
  const std::uint64_t g = H(seed, H(seed, 4, c.bx, c.by), d.bx, d.by);
  if (static_cast<std::int64_t>((g >> 32) % 100) < kDoorPercent) return 0;
  return 1 + static_cast<std::int64_t>(g % 3);
}

std::int64_t Dist2(std::int64_t px, std::int64_t py, const Site& s) {
  return (px - s.x) * (px - s.x) + (py - s.y) * (py - s.y);
}

// The pattern over the cells [0, width) x [0, height), with the lattice
// values and sites it needs computed once.
class Pattern {
 public:
  Pattern(std::uint64_t seed, int width, int height)
      : seed_(seed),
        warp_x_(seed, 1, kWarpShift, width, height),
        warp_y_(seed, 2, kWarpShift, width, height),
        lake_coarse_(seed, 5, 6, width, height),
        lake_fine_(seed, 6, 5, width, height),
        bx_min_(FloorDiv(-kWarpAmplitude, kBlock) - 2),
        by_min_(bx_min_),
        cols_(FloorDiv(width - 1 + kWarpAmplitude, kBlock) + 3 - bx_min_) {
    const std::int64_t rows = FloorDiv(height - 1 + kWarpAmplitude, kBlock) + 3 - by_min_;
    sites_.resize(static_cast<std::size_t>(cols_ * rows));
    for (std::int64_t j = 0; j < rows; ++j)
      for (std::int64_t i = 0; i < cols_; ++i)
        sites_[static_cast<std::size_t>(j * cols_ + i)] = SiteOf(seed, bx_min_ + i, by_min_ + j);
  }

  bool Solid(std::int64_t x, std::int64_t y) const {
    // 4. Lakes.
    const std::int64_t lake = 2 * lake_coarse_(x, y) + 4 * lake_fine_(x, y);
    if (100 * lake >= kLakePercent * 3 * (std::int64_t{1} << 16) * 64 * 64) return false;
    // 1. Warp.
    const std::int64_t half = std::int64_t{1} << (15 + 2 * kWarpShift);
    const std::int64_t px = x + FloorDiv(kWarpAmplitude * (warp_x_(x, y) - half), half);
    const std::int64_t py = y + FloorDiv(kWarpAmplitude * (warp_y_(x, y) - half), half);
    // 2. Rooms: the nearest of the 5 x 5 candidate sites, dy outer, dx
    // inner, the first on ties.
    const std::int64_t bx0 = FloorDiv(px, kBlock), by0 = FloorDiv(py, kBlock);
    std::array<const Site*, 25> sites;
    std::size_t nearest = 0;
    std::int64_t best = 0;
    for (std::size_t n = 0; n < sites.size(); ++n) {
      const std::int64_t i = bx0 + static_cast<std::int64_t>(n % 5) - 2 - bx_min_;
      const std::int64_t j = by0 + static_cast<std::int64_t>(n / 5) - 2 - by_min_;
      sites[n] = &sites_[static_cast<std::size_t>(j * cols_ + i)];
      const std::int64_t d = Dist2(px, py, *sites[n]);
      if (n == 0 || d < best) best = d, nearest = n;
    }
    // 3. Walls.
    const Site& a = *sites[nearest];
    for (std::size_t n = 0; n < sites.size(); ++n) {
      if (n == nearest) continue;
      const Site& b = *sites[n];
      const std::int64_t diff = Dist2(px, py, b) - best;
      const std::int64_t ab = (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y);
      if (diff * diff >= 4 * 3 * 3 * ab) continue;  // farther than the thickest wall
      const std::int64_t w = WallHalfThickness(seed_, a, b);
      if (diff * diff < 4 * w * w * ab) return false;
    }
    return true;
  }

 private:
  std::uint64_t seed_;
  NoiseLayer warp_x_, warp_y_, lake_coarse_, lake_fine_;
  std::int64_t bx_min_, by_min_, cols_;
  std::vector<Site> sites_;  // blocks bx_min_.., by_min_.., row-major
};

// The integer nearest to v, ties to even (grid.snap), exactly: v - floor(v)
// is exact for |v| < 2^52.
std::int64_t RoundHalfEven(double v) {
  const double f = std::floor(v);
  const double frac = v - f;
  auto r = static_cast<std::int64_t>(f);
  if (frac > 0.5 || (frac == 0.5 && (r & 1) != 0)) ++r;
  return r;
}

}  // namespace

std::uint64_t RecipeHash(std::uint64_t seed, std::uint64_t k, std::int64_t i, std::int64_t j) {
  return H(seed, k, i, j);
}

std::int64_t ValueNoise(std::uint64_t seed, std::uint64_t k, int s, std::int64_t x,
                        std::int64_t y) {
  return Bilinear(s, x, y, [&](std::int64_t i, std::int64_t j) {
    return static_cast<std::int64_t>(H(seed, k, i, j) >> 48);
  });
}

TileMap MakeNoisyTileMap(std::uint64_t seed, int width, int height, double cellSize) {
  TileMap map;
  map.width = width;
  map.height = height;
  map.cellSize = cellSize;
  map.cells.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  if (map.cells.empty()) return map;
  const Pattern pattern(seed, width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      map.cells[static_cast<std::size_t>(y) * width + x] = pattern.Solid(x, y) ? 1 : 0;
  return map;
}

TileMap CropTileMap(const TileMap& map, int width, int height) {
  TileMap out = map;
  out.width = width;
  out.height = height;
  out.cells.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), 0);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      out.cells[static_cast<std::size_t>(y) * width + x] =
          map.cells[static_cast<std::size_t>(y) * map.width + x];
  return out;
}

std::int64_t TileMapGridLine(double origin, int i, double cellSize, int snapBits) {
  // grid.tilemap-lines: one multiplication and one addition in double, then
  // grid.snap (the scaling by 2^snapBits is exact).
  const double line = origin + static_cast<double>(i) * cellSize;
  return RoundHalfEven(std::ldexp(line, snapBits));
}

std::vector<geom2d::TaggedEdge> TileMapBoundaryEdges(const TileMap& map, int snapBits) {
  std::vector<std::int64_t> gx(static_cast<std::size_t>(map.width) + 1);
  std::vector<std::int64_t> gy(static_cast<std::size_t>(map.height) + 1);
  for (int i = 0; i <= map.width; ++i)
    gx[i] = TileMapGridLine(map.originX, i, map.cellSize, snapBits);
  for (int i = 0; i <= map.height; ++i)
    gy[i] = TileMapGridLine(map.originY, i, map.cellSize, snapBits);
  auto solid = [&](int x, int y) {
    return x >= 0 && y >= 0 && x < map.width && y < map.height &&
           map.cells[static_cast<std::size_t>(y) * map.width + x] != 0;
  };
  std::vector<geom2d::TaggedEdge> edges;
  auto add = [&](geom2d::GridPoint p, geom2d::GridPoint q) {
    if (!(p == q)) edges.push_back({p, q, 0});
  };
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) {
      if (!solid(x, y)) continue;
      const geom2d::GridPoint p00{gx[x], gy[y]}, p10{gx[x + 1], gy[y]};
      const geom2d::GridPoint p11{gx[x + 1], gy[y + 1]}, p01{gx[x], gy[y + 1]};
      if (!solid(x, y - 1)) add(p00, p10);  // bottom
      if (!solid(x + 1, y)) add(p10, p11);  // right
      if (!solid(x, y + 1)) add(p11, p01);  // top
      if (!solid(x - 1, y)) add(p01, p00);  // left
    }
  }
  return edges;
}

namespace {

// Number of 4-connected components of `on`; `label` gets each cell's
// component (or -1).
std::size_t LabelComponents(const std::vector<std::uint8_t>& on, int width, int height,
                            std::vector<std::int32_t>& label) {
  label.assign(on.size(), -1);
  std::vector<std::size_t> stack;
  std::int32_t count = 0;
  for (std::size_t start = 0; start < on.size(); ++start) {
    if (!on[start] || label[start] >= 0) continue;
    label[start] = count;
    stack.push_back(start);
    while (!stack.empty()) {
      const std::size_t c = stack.back();
      stack.pop_back();
      const int x = static_cast<int>(c % width), y = static_cast<int>(c / width);
      const std::size_t w = static_cast<std::size_t>(width);
      std::size_t next[4];
      int n = 0;
      if (x > 0) next[n++] = c - 1;
      if (x + 1 < width) next[n++] = c + 1;
      if (y > 0) next[n++] = c - w;
      if (y + 1 < height) next[n++] = c + w;
      for (int k = 0; k < n; ++k) {
        if (on[next[k]] && label[next[k]] < 0) {
          label[next[k]] = count;
          stack.push_back(next[k]);
        }
      }
    }
    ++count;
  }
  return static_cast<std::size_t>(count);
}

// 1 where all of the 2r + 1 cells centred on each cell along one line are
// on (outside counts as off): a run-length pass over `length` cells spaced
// `stride` apart from `first`.
void ErodeLine(const std::vector<std::uint8_t>& in, std::vector<std::uint8_t>& out,
               std::size_t first, std::size_t stride, int length, int r) {
  // run: the number of consecutive on cells ending at i; the cell i - r
  // survives when that run reaches back to i - 2r.
  int run = 0;
  for (int i = 0; i < length + r; ++i) {
    run = (i < length && in[first + stride * i]) ? run + 1 : 0;
    const int centre = i - r;
    if (centre >= 0) out[first + stride * centre] = run >= 2 * r + 1 ? 1 : 0;
  }
}

}  // namespace

TileMapStatistics MeasureTileMap(const TileMap& map, int erosionCells) {
  TileMapStatistics st;
  const int w = map.width, h = map.height;
  st.cells = map.cells.size();
  for (std::uint8_t c : map.cells) st.solidCells += c != 0;
  auto solid = [&](int x, int y) {
    return x >= 0 && y >= 0 && x < w && y < h && map.cells[static_cast<std::size_t>(y) * w + x];
  };
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      if (solid(x, y))
        st.boundarySides +=
            !solid(x, y - 1) + !solid(x + 1, y) + !solid(x, y + 1) + !solid(x - 1, y);
  std::vector<std::uint8_t> on(map.cells.size());
  for (std::size_t i = 0; i < on.size(); ++i) on[i] = map.cells[i] != 0;
  std::vector<std::int32_t> label;
  st.components = LabelComponents(on, w, h, label);

  // Chebyshev erosion: rows, then columns.
  std::vector<std::uint8_t> rows(on.size()), eroded(on.size());
  for (int y = 0; y < h; ++y)
    ErodeLine(on, rows, static_cast<std::size_t>(y) * w, 1, w, erosionCells);
  for (int x = 0; x < w; ++x)
    ErodeLine(rows, eroded, static_cast<std::size_t>(x), static_cast<std::size_t>(w), h,
              erosionCells);
  std::vector<std::uint8_t> survives(st.components, 0);
  for (std::size_t i = 0; i < eroded.size(); ++i) {
    if (!eroded[i]) continue;
    ++st.erodedCells;
    survives[static_cast<std::size_t>(label[i])] = 1;
  }
  for (std::uint8_t s : survives) st.survivingComponents += s;
  std::vector<std::int32_t> erodedLabel;
  st.erodedComponents = LabelComponents(eroded, w, h, erodedLabel);
  return st;
}

}  // namespace onepath::gen
