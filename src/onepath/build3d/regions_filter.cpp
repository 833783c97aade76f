// The region filter shared by Watershed and Monotone, and the final
// renumbering shared by all three partitions (docs/spec/build3d-regions.md,
// b3d.region.filter, b3d.region.records, b3d.region.walk,
// b3d.region.remove-small, b3d.region.merge, b3d.region.renumber), after
// Recast 1.6.0's mergeAndFilterRegions.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "onepath/build3d/internal/regions.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/core/limits.hpp"

namespace onepath::build3d {

namespace internal {

namespace {

// b3d.region.filter: the record of one provisional id.
struct Record {
  std::uint32_t id = 0;
  std::int64_t spans = 0;
  std::uint8_t area = 0;
  bool overlap = false;
  bool visited = false;
  std::vector<std::uint32_t> connections;
  std::vector<std::uint32_t> floors;  // a set: membership only
};

bool Contains(const std::vector<std::uint32_t>& list, std::uint32_t v) {
  return std::find(list.begin(), list.end(), v) != list.end();
}

void AddUnique(std::vector<std::uint32_t>& list, std::uint32_t v) {
  if (!Contains(list, v)) list.push_back(v);
}

// The region id of s's neighbour in dir, or 0 when s is not connected.
std::uint32_t NeighbourRegion(const RegionField& f, const std::vector<std::uint32_t>& reg,
                              std::int64_t x, std::int64_t z, std::uint32_t i, int dir) {
  const CompactSpan& s = f.spans[i];
  if (s.con[dir] == kNotConnected) return 0;
  return reg[f.Neighbour(x, z, s, dir)];
}

// b3d.region.records, step 3: a solid edge.
bool SolidEdge(const RegionField& f, const std::vector<std::uint32_t>& reg, std::int64_t x,
               std::int64_t z, std::uint32_t i, int dir) {
  return NeighbourRegion(f, reg, x, z, i, dir) != reg[i];
}

// b3d.region.walk.
std::vector<std::uint32_t> Walk(const RegionField& f, const std::vector<std::uint32_t>& reg,
                                std::int64_t x, std::int64_t z, std::uint32_t i, int dir) {
  const std::uint32_t startI = i;
  const int startDir = dir;
  std::uint32_t cur = NeighbourRegion(f, reg, x, z, i, dir);
  std::vector<std::uint32_t> list{cur};
  for (int step = 1; step <= kMaxBoundaryWalkSteps; ++step) {
    if (SolidEdge(f, reg, x, z, i, dir)) {
      const std::uint32_t n = NeighbourRegion(f, reg, x, z, i, dir);
      if (n != cur) {
        cur = n;
        list.push_back(n);
      }
      dir = (dir + 1) & 3;
    } else {
      // Not solid: connected, to a span of the same region.
      i = f.Neighbour(x, z, f.spans[i], dir);
      x += kDirX[dir];
      z += kDirZ[dir];
      dir = (dir + 3) & 3;
    }
    if (i == startI && dir == startDir) break;
  }
  if (list.size() > 1 && list.back() == list.front()) list.pop_back();
  return list;
}

// b3d.region.merge: RemoveAdjacent.
void RemoveAdjacent(std::vector<std::uint32_t>& list) {
  for (std::size_t i = 0; i < list.size() && list.size() > 1;) {
    if (list[i] == list[(i + 1) % list.size()]) {
      list.erase(list.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      ++i;
    }
  }
}

// b3d.region.merge: Replace.
void Replace(Record& q, std::uint32_t oldId, std::uint32_t newId) {
  bool changed = false;
  for (std::uint32_t& c : q.connections) {
    if (c == oldId) {
      c = newId;
      changed = true;
    }
  }
  for (std::uint32_t& fl : q.floors) {
    if (fl == oldId) fl = newId;
  }
  if (changed) RemoveAdjacent(q.connections);
}

// b3d.region.merge: CanMerge(P, Q).
bool CanMerge(const Record& p, const Record& q) {
  if (p.area != q.area) return false;
  if (std::count(p.connections.begin(), p.connections.end(), q.id) > 1) return false;
  return !Contains(p.floors, q.id);
}

// b3d.region.merge: Merge(T, A).
bool Merge(Record& t, Record& a) {
  const std::vector<std::uint32_t> ca = t.connections;
  const std::vector<std::uint32_t>& cb = a.connections;
  const auto ia = std::find(ca.begin(), ca.end(), a.id);
  const auto ib = std::find(cb.begin(), cb.end(), t.id);
  if (ia == ca.end() || ib == cb.end()) return false;
  const std::size_t na = ca.size(), nb = cb.size();
  const auto pa = static_cast<std::size_t>(ia - ca.begin());
  const auto pb = static_cast<std::size_t>(ib - cb.begin());
  t.connections.clear();
  for (std::size_t k = 0; k + 1 < na; ++k) t.connections.push_back(ca[(pa + 1 + k) % na]);
  for (std::size_t k = 0; k + 1 < nb; ++k) t.connections.push_back(cb[(pb + 1 + k) % nb]);
  RemoveAdjacent(t.connections);
  for (const std::uint32_t fl : a.floors) AddUnique(t.floors, fl);
  t.spans += a.spans;
  a.spans = 0;
  a.connections.clear();
  return true;
}

}  // namespace

TileRegions Filter(const RegionField& f, std::vector<std::uint32_t> reg, std::uint32_t count,
                   std::int32_t minRegionArea, std::int32_t mergeRegionArea) {
  const std::size_t n = std::size_t{count} + 1;
  std::vector<Record> records(n);
  for (std::size_t r = 0; r < n; ++r) records[r].id = static_cast<std::uint32_t>(r);

  // b3d.region.records.
  for (std::int64_t z = 0; z < f.d; ++z) {
    for (std::int64_t x = 0; x < f.w; ++x) {
      const std::uint32_t begin = f.ColumnBegin(x, z), end = f.ColumnEnd(x, z);
      for (std::uint32_t i = begin; i < end; ++i) {
        const std::uint32_t r = reg[i];
        if (r == 0 || r > count) continue;
        Record& rec = records[r];
        ++rec.spans;
        for (std::uint32_t j = begin; j < end; ++j) {
          if (j == i) continue;
          const std::uint32_t fl = reg[j];
          if (fl == 0 || fl > count) continue;
          if (fl == r) rec.overlap = true;
          AddUnique(rec.floors, fl);
        }
        if (!rec.connections.empty()) continue;
        rec.area = f.spans[i].area;
        for (int dir = 0; dir < 4; ++dir) {
          if (SolidEdge(f, reg, x, z, i, dir)) {
            rec.connections = Walk(f, reg, x, z, i, dir);
            break;
          }
        }
      }
    }
  }

  // b3d.region.remove-small.
  std::vector<std::uint32_t> stack, trace;
  for (std::size_t i = 0; i < n; ++i) {
    Record& rec = records[i];
    if (rec.id == 0 || rec.spans == 0 || rec.visited) continue;
    std::int64_t total = 0;
    stack.clear();
    trace.clear();
    rec.visited = true;
    stack.push_back(static_cast<std::uint32_t>(i));
    while (!stack.empty()) {
      const std::uint32_t c = stack.back();
      stack.pop_back();
      total += records[c].spans;
      trace.push_back(c);
      for (const std::uint32_t j : records[c].connections) {
        Record& nb = records[j];
        if (nb.visited || nb.id == 0) continue;
        nb.visited = true;
        stack.push_back(j);
      }
    }
    if (total < minRegionArea) {
      for (const std::uint32_t c : trace) {
        records[c].spans = 0;
        records[c].id = 0;
      }
    }
  }

  // b3d.region.merge. A record listed again in a.connections is not tested
  // again: its test gave false, or true with best = its spans, and best
  // only decreases, so a second test gives false (one-way connections make
  // lists of thousands of repeats, and CanMerge scans a whole list).
  std::vector<std::uint64_t> tested(n, 0);
  std::uint64_t stamp = 0;
  for (;;) {
    int merged = 0;
    for (std::size_t i = 0; i < n; ++i) {
      Record& a = records[i];
      if (a.id == 0 || a.overlap || a.spans == 0) continue;
      if (a.spans > mergeRegionArea && Contains(a.connections, 0)) continue;
      std::int64_t best = kMergeSmallestStart;
      std::uint32_t target = a.id;
      ++stamp;
      for (const std::uint32_t j : a.connections) {
        const Record& m = records[j];
        if (m.id == 0 || m.overlap || tested[j] == stamp) continue;
        tested[j] = stamp;
        if (m.spans < best && CanMerge(a, m) && CanMerge(m, a)) {
          best = m.spans;
          target = m.id;
        }
      }
      if (target == a.id) continue;
      const std::uint32_t oldId = a.id;
      if (!Merge(records[target], a)) continue;
      for (Record& q : records) {
        if (q.id == 0) continue;
        if (q.id == oldId) q.id = target;
        Replace(q, oldId, target);
      }
      ++merged;
    }
    if (merged == 0) break;
  }

  // b3d.region.renumber.
  std::vector<std::uint32_t> ids(n);
  for (std::size_t r = 0; r < n; ++r) ids[r] = records[r].id;
  return Renumber(std::move(ids), reg);
}

TileRegions Renumber(std::vector<std::uint32_t> ids, std::span<const std::uint32_t> reg) {
  const std::size_t n = ids.size();
  std::vector<bool> marked(n);
  for (std::size_t r = 0; r < n; ++r) marked[r] = ids[r] != 0;
  std::uint32_t given = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!marked[i]) continue;
    const std::uint32_t old = ids[i];
    ++given;
    for (std::size_t j = i; j < n; ++j) {
      if (ids[j] == old) {
        ids[j] = given;
        marked[j] = false;
      }
    }
  }
  if (given > kMaxRegions) {
    throw InvalidOperationException("more than 65534 regions (b3d.region.ids)",
                                    {.argument = "regions", .count = given});
  }
  TileRegions out;
  out.regionCount = static_cast<std::uint16_t>(given);
  out.regions.resize(reg.size());
  for (std::size_t i = 0; i < reg.size(); ++i) {
    out.regions[i] = static_cast<std::uint16_t>(reg[i] < n ? ids[reg[i]] : 0);
  }
  return out;
}

}  // namespace internal

std::vector<std::uint8_t> CanonicalBytes(const TileRegions& regions) {
  CanonicalWriter w;
  w.U16(regions.regionCount);
  w.Count(regions.regions.size());
  for (const std::uint16_t v : regions.regions) w.U16(v);
  return w.Take();
}

}  // namespace onepath::build3d
