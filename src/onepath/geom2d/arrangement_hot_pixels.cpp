// The arrangement's hot pixels (docs/spec/arrangement.md): step 1
// (arr.drop-degenerate) and step 2 (arr.hot-pixels), the endpoints and the
// rounded proper crossings; also adding the hot pixels a repair round finds.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "onepath/core/radix_sort.hpp"
#include "onepath/geom2d/internal/arrangement_exact.hpp"
#include "onepath/geom2d/internal/candidates.hpp"
#include "onepath/geom2d/internal/snap_rounding.hpp"

namespace onepath::geom2d {

namespace {

// Sorts points (or items with a point `p`) by (x, y).
template <typename T>
void SortPoints(std::vector<T>& items) {
  if (items.empty()) return;
  auto point = [](const T& t) -> GridPoint {
    if constexpr (std::is_same_v<T, GridPoint>)
      return t;
    else
      return t.p;
  };
  const GridBox box = BoundsOf(items, point);
  std::vector<T> scratch;
  SortByPair(
      items, scratch, [&](const T& t) { return static_cast<std::uint64_t>(point(t).x - box.minX); },
      [&](const T& t) { return static_cast<std::uint64_t>(point(t).y - box.minY); },
      static_cast<std::uint64_t>(box.maxX - box.minX),
      static_cast<std::uint64_t>(box.maxY - box.minY));
}

// Sorts points by (x, y) and drops repeats.
void SortDistinct(std::vector<GridPoint>& points) {
  SortPoints(points);
  points.erase(std::unique(points.begin(), points.end()), points.end());
}

// The rounded crossings as they are found. Many crossings can round to one
// pixel (the many nearly concentric circles of a large round offset cross
// at nearly the same places, and a pair sharing several cells is found
// once per cell). Repeats tend to come close together (the pairs of a cell
// are looked at together), so a table of the last point seen in each of
// 4096 slots, chosen by a hash of the point, drops most of them as they
// come; and the list is sorted and made distinct whenever it has grown by
// more than it held: it stays within about twice the distinct points.
class CrossingPoints {
 public:
  void Add(GridPoint p) {
    if (recent_.empty())  // at first no grid point
      recent_.assign(4096, {std::numeric_limits<std::int64_t>::min(),
                            std::numeric_limits<std::int64_t>::min()});
    const std::uint64_t hash = static_cast<std::uint64_t>(p.x) * 0x9E3779B97F4A7C15u ^
                               static_cast<std::uint64_t>(p.y) * 0xC2B2AE3D27D4EB4Fu;
    GridPoint& seen = recent_[hash >> 52];
    if (seen == p) return;
    seen = p;
    points_.push_back(p);
    if (points_.size() < 2 * distinct_ + 65536) return;
    SortDistinct(points_);
    distinct_ = points_.size();
  }

  std::vector<GridPoint>& points() { return points_; }

 private:
  std::vector<GridPoint> recent_;  // the last point seen per slot
  std::vector<GridPoint> points_;
  std::size_t distinct_ = 0;  // distinct points when points_ was last sorted
};

// The visitor of step 2's crossing search: a candidate pair's rounded
// proper crossing joins the crossings. Out of line, as before the
// arrangement was split into files: as a lambda it was inlined into the
// search's cell loop, with CrossingPoints::Add (issue 24: more
// instructions in AddCrossingPixels).
struct AddIfCrossing {
  const std::vector<Segment>& segs;
  CrossingPoints& crossings;
  [[gnu::noinline]] void operator()(std::uint32_t i, std::uint32_t j) const {
    const Segment &p = segs[i], &q = segs[j];
    if (ProperlyCross(p.a, p.b, q.a, q.b)) crossings.Add(RoundedCrossing(p.a, p.b, q.a, q.b));
  }
};

}  // namespace

std::vector<Slot> DropDegenerate(std::span<const TaggedEdge> input, SnapRounding& s) {
  CheckEndpointCount(input.size());  // the slots below are 32-bit
  std::vector<Slot> slots;
  slots.reserve(2 * input.size());
  s.fragments.reserve(input.size());
  for (const TaggedEdge& e : input) {
    if (e.p == e.q) continue;
    const auto slot = static_cast<std::uint32_t>(2 * s.fragments.size());
    slots.push_back({e.p, slot});
    slots.push_back({e.q, slot + 1});
    s.fragments.push_back({0, 0, static_cast<std::uint8_t>(e.operand), false});
  }
  return slots;
}

void IndexEndpoints(std::vector<Slot> slots, SnapRounding& s) {
  SortPoints(slots);
  s.hot.reserve(slots.size() / 2 + 16);
  for (const Slot& slot : slots) {
    if (s.hot.empty() || !(s.hot.back() == slot.p)) s.hot.push_back(slot.p);
    const auto index = static_cast<std::uint32_t>(s.hot.size() - 1);
    Fragment& f = s.fragments[slot.slot / 2];
    (slot.slot % 2 == 0 ? f.u : f.v) = index;
  }
}

void AddCrossingPixels(SnapRounding& s) {
  s.Group();
  CrossingPoints crossings;
  CrossingCandidates(s.segs, nullptr, s.search, AddIfCrossing{s.segs, crossings});
  AddHotPixels(crossings.points(), s);
}

void AddHotPixels(std::vector<GridPoint>& points, SnapRounding& s) {
  if (points.empty()) return;
  SortDistinct(points);
  CheckHotPixelCount(s.hot.size() + points.size());  // at least the merged count
  std::vector<GridPoint> merged;
  merged.reserve(s.hot.size() + points.size());
  std::vector<std::uint32_t> renumber(s.hot.size());
  std::size_t j = 0;
  for (std::size_t i = 0; i < s.hot.size(); ++i) {
    while (j < points.size() && points[j] < s.hot[i]) merged.push_back(points[j++]);
    if (j < points.size() && points[j] == s.hot[i]) ++j;  // already hot
    renumber[i] = static_cast<std::uint32_t>(merged.size());
    merged.push_back(s.hot[i]);
  }
  merged.insert(merged.end(), points.begin() + static_cast<std::ptrdiff_t>(j), points.end());
  s.hot.swap(merged);
  for (Fragment& f : s.fragments) f.u = renumber[f.u], f.v = renumber[f.v];
}

}  // namespace onepath::geom2d
