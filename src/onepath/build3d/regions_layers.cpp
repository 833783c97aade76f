// The layer partition (docs/spec/build3d-regions.md, b3d.region.layers),
// after Recast 1.6.0's rcBuildLayerRegions with borderSize 0: the monotone
// sweep, then mergeAndFilterLayerRegions.
#include <algorithm>
#include <deque>

#include "onepath/build3d/internal/regions.hpp"
#include "onepath/build3d/internal/stages.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d {

namespace internal {

namespace {

struct LayerRecord {
  std::uint32_t id = 0;
  std::int64_t spans = 0;
  std::vector<std::uint32_t> connections;  // ordered, without repeats
  std::vector<std::uint32_t> floors;       // a set: membership only
};

bool Contains(const std::vector<std::uint32_t>& list, std::uint32_t v) {
  return std::find(list.begin(), list.end(), v) != list.end();
}

void AddUnique(std::vector<std::uint32_t>& list, std::uint32_t v) {
  if (!Contains(list, v)) list.push_back(v);
}

}  // namespace

TileRegions Layers(const CompactHeightfield& h, std::int32_t minRegionArea) {
  const RegionField f(h);
  // Records 0 .. next, next being the first unused id (b3d.region.layers).
  std::uint32_t count = 0;
  const std::vector<std::uint32_t> reg = MonotoneSweep(f, count);
  const std::size_t n = std::size_t{count} + 1;
  std::vector<LayerRecord> records(n);

  // 1. Neighbours and floors.
  std::vector<std::uint32_t> column;
  for (std::int64_t z = 0; z < f.d; ++z) {
    for (std::int64_t x = 0; x < f.w; ++x) {
      column.clear();
      for (std::uint32_t i = f.ColumnBegin(x, z); i < f.ColumnEnd(x, z); ++i) {
        const std::uint32_t r = reg[i];
        if (r == 0 || r > count) continue;
        LayerRecord& rec = records[r];
        ++rec.spans;
        column.push_back(r);
        const CompactSpan& s = f.spans[i];
        for (int dir = 0; dir < 4; ++dir) {
          if (s.con[dir] == kNotConnected) continue;
          const std::uint32_t q = reg[f.Neighbour(x, z, s, dir)];
          if (q > 0 && q <= count && q != r) AddUnique(rec.connections, q);
        }
      }
      for (std::size_t i = 0; i + 1 < column.size(); ++i) {
        for (std::size_t j = i + 1; j < column.size(); ++j) {
          if (column[i] == column[j]) continue;
          AddUnique(records[column[i]].floors, column[j]);
          AddUnique(records[column[j]].floors, column[i]);
        }
      }
    }
  }

  // 2. Layers: breadth first from each root, never into a region that
  // shares a column with the layer so far.
  std::uint32_t layer = 1;
  std::deque<std::uint32_t> queue;
  for (std::size_t i = 1; i < n; ++i) {
    LayerRecord& root = records[i];
    if (root.id != 0) continue;
    root.id = layer;
    queue.assign(1, static_cast<std::uint32_t>(i));
    while (!queue.empty()) {
      const std::uint32_t c = queue.front();
      queue.pop_front();
      // records[c].connections does not change while it is read: only
      // root's floors, spans and ids change.
      for (const std::uint32_t j : records[c].connections) {
        LayerRecord& nb = records[j];
        if (nb.id != 0 || Contains(root.floors, j)) continue;
        queue.push_back(j);
        nb.id = layer;
        for (const std::uint32_t fl : nb.floors) AddUnique(root.floors, fl);
        root.spans += nb.spans;
        nb.spans = 0;
      }
    }
    ++layer;
  }

  // 3. Small layers.
  for (std::size_t i = 0; i < n; ++i) {
    if (records[i].spans > 0 && records[i].spans < minRegionArea) {
      const std::uint32_t id = records[i].id;
      for (LayerRecord& r : records) {
        if (r.id == id) r.id = 0;
      }
    }
  }

  // 4. Renumbering.
  std::vector<std::uint32_t> ids(n);
  for (std::size_t r = 0; r < n; ++r) ids[r] = records[r].id;
  return Renumber(std::move(ids), reg);
}

}  // namespace internal

TileRegions RegionPipeline::Layers(const CompactHeightfield& compact, const NavSettings& settings) {
  const DerivedSettings d = DeriveSettings(settings);
  internal::CheckCompactHeightfield(compact);
  return internal::Layers(compact, d.minRegionArea);
}

}  // namespace onepath::build3d
