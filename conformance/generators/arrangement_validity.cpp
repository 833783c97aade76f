// The arrangement validity checker; what it checks and why is in the header.
#include "conformance/generators/arrangement_validity.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <sstream>
#include <unordered_map>
#include <utility>

#include "conformance/generators/exact_plane.hpp"

namespace onepath::gen {

namespace {

using onepath::geom2d::Arrangement;
using onepath::geom2d::GridPoint;
using onepath::geom2d::NetSegment;
using onepath::geom2d::TaggedEdge;

bool Less(GridPoint a, GridPoint b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }
bool Same(GridPoint a, GridPoint b) { return a.x == b.x && a.y == b.y; }

// Does the closed segment ab meet the closed box [x0, x1] x [y0, y1]? Exact:
// the bounding boxes overlap and the box's corners are not all strictly on
// one side of the line (separating axes of a segment and a box).
bool SegmentMeetsClosedBox(GridPoint a, GridPoint b, std::int64_t x0, std::int64_t y0,
                           std::int64_t x1, std::int64_t y1) {
  if (std::max(a.x, b.x) < x0 || std::min(a.x, b.x) > x1) return false;
  if (std::max(a.y, b.y) < y0 || std::min(a.y, b.y) > y1) return false;
  int pos = 0, neg = 0;
  for (GridPoint c : {GridPoint{x0, y0}, GridPoint{x1, y0}, GridPoint{x0, y1}, GridPoint{x1, y1}}) {
    int o = Orient(a, b, c);
    pos += o > 0;
    neg += o < 0;
  }
  return pos < 4 && neg < 4;
}

std::int64_t FloorDiv(std::int64_t a, std::int64_t b) {  // b > 0
  std::int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

struct Box {
  std::int64_t x0, y0, x1, y1;  // closed
};

Box SegmentBox(GridPoint a, GridPoint b) {
  return {std::min(a.x, b.x), std::min(a.y, b.y), std::max(a.x, b.x), std::max(a.y, b.y)};
}

// A uniform grid of square cells for candidate pairs; items covering more
// than kMaxCells cells are kept in a separate "long" list instead.
class CellGrid {
 public:
  static constexpr std::int64_t kMaxCells = 64;

  explicit CellGrid(std::int64_t cell) : cell_(std::max<std::int64_t>(cell, 1)) {}

  // Cell side from the median extent of the boxes: a power of two >= 2.
  static std::int64_t CellFor(const std::vector<Box>& boxes) {
    if (boxes.empty()) return 2;
    std::vector<std::int64_t> ext;
    ext.reserve(boxes.size());
    for (const Box& b : boxes) ext.push_back(std::max(b.x1 - b.x0, b.y1 - b.y0));
    std::nth_element(ext.begin(), ext.begin() + static_cast<std::ptrdiff_t>(ext.size() / 2),
                     ext.end());
    std::int64_t m = ext[ext.size() / 2], c = 2;
    while (c < m && c < (std::int64_t{1} << 41)) c *= 2;
    return c;
  }

  std::int64_t Cell(std::int64_t v) const { return FloorDiv(v, cell_); }

  bool Covers(const Box& b, std::int64_t limit) const {
    Int128 w = Cell(b.x1) - Cell(b.x0) + 1, h = Cell(b.y1) - Cell(b.y0) + 1;
    return w * h <= limit;
  }

  // False (and nothing inserted) when the box covers too many cells.
  bool Insert(const Box& b, std::uint32_t id) {
    if (!Covers(b, kMaxCells)) return false;
    for (std::int64_t cx = Cell(b.x0); cx <= Cell(b.x1); ++cx) {
      for (std::int64_t cy = Cell(b.y0); cy <= Cell(b.y1); ++cy) cells_[Key(cx, cy)].push_back(id);
    }
    return true;
  }

  // Calls f(id) for every item in the cells the box covers (an item may be
  // reported more than once). The box must satisfy Covers(b, limit) for a
  // reasonable limit; callers check.
  template <typename F>
  void Query(const Box& b, F f) const {
    for (std::int64_t cx = Cell(b.x0); cx <= Cell(b.x1); ++cx) {
      for (std::int64_t cy = Cell(b.y0); cy <= Cell(b.y1); ++cy) {
        auto it = cells_.find(Key(cx, cy));
        if (it == cells_.end()) continue;
        for (std::uint32_t id : it->second) f(id);
      }
    }
  }

  template <typename F>
  void ForEachCell(F f) const {
    for (const auto& [key, ids] : cells_) f(key.first, key.second, ids);
  }

 private:
  struct KeyHash {
    std::size_t operator()(const std::pair<std::int64_t, std::int64_t>& k) const {
      std::uint64_t h = static_cast<std::uint64_t>(k.first) * 0x9e3779b97f4a7c15ULL;
      h ^= static_cast<std::uint64_t>(k.second) + 0x7f4a7c159e3779b9ULL + (h << 6) + (h >> 2);
      return static_cast<std::size_t>(h);
    }
  };
  static std::pair<std::int64_t, std::int64_t> Key(std::int64_t x, std::int64_t y) {
    return {x, y};
  }

  std::int64_t cell_;
  std::unordered_map<std::pair<std::int64_t, std::int64_t>, std::vector<std::uint32_t>, KeyHash>
      cells_;
};

std::string PointText(GridPoint p) {
  std::ostringstream s;
  s << "(" << p.x << ", " << p.y << ")";
  return s.str();
}

class Reporter {
 public:
  explicit Reporter(ArrangementValidity& v) : v_(v) {}
  void Add(const std::string& message) {
    if (v_.messages.size() < 12) v_.messages.push_back(message);
    ++v_.violations;
  }

 private:
  ArrangementValidity& v_;
};

// --- the checks -------------------------------------------------------------

bool CheckForm(const Arrangement& out, Reporter& r) {
  const auto& v = out.vertices;
  bool ok = true;
  for (std::size_t i = 1; i < v.size(); ++i) {
    if (!Less(v[i - 1], v[i])) {
      r.Add("vertices not strictly increasing at index " + std::to_string(i));
      ok = false;
    }
  }
  std::vector<bool> used(v.size(), false);
  for (std::size_t i = 0; i < out.segments.size(); ++i) {
    const NetSegment& s = out.segments[i];
    if (!(s.a < s.b && s.b < v.size())) {
      r.Add("segment " + std::to_string(i) + " has bad indices " + std::to_string(s.a) + ", " +
            std::to_string(s.b));
      ok = false;
      continue;
    }
    used[s.a] = used[s.b] = true;
    if (s.n0 == 0 && s.n1 == 0) r.Add("segment " + std::to_string(i) + " has zero net counts");
    if (i > 0) {
      const NetSegment& p = out.segments[i - 1];
      if (!(p.a < s.a || (p.a == s.a && p.b < s.b)))
        r.Add("segments not strictly increasing at index " + std::to_string(i));
    }
  }
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (!used[i])
      r.Add("vertex " + std::to_string(i) + " " + PointText(v[i]) + " is in no segment");
  }
  return ok;
}

void CheckCrossings(const Arrangement& out, Reporter& r) {
  const auto& v = out.vertices;
  const auto& segs = out.segments;
  std::vector<Box> boxes;
  boxes.reserve(segs.size());
  for (const NetSegment& s : segs) boxes.push_back(SegmentBox(v[s.a], v[s.b]));
  CellGrid grid(CellGrid::CellFor(boxes));
  std::vector<std::uint32_t> longs;
  for (std::uint32_t i = 0; i < segs.size(); ++i) {
    if (!grid.Insert(boxes[i], i)) longs.push_back(i);
  }
  auto test = [&](std::uint32_t i, std::uint32_t j) {
    const Box &a = boxes[i], &b = boxes[j];
    if (a.x1 < b.x0 || b.x1 < a.x0 || a.y1 < b.y0 || b.y1 < a.y0) return;
    const NetSegment &s = segs[i], &t = segs[j];
    if (CrossProperly(v[s.a], v[s.b], v[t.a], v[t.b])) {
      r.Add("segments " + PointText(v[s.a]) + "-" + PointText(v[s.b]) + " and " +
            PointText(v[t.a]) + "-" + PointText(v[t.b]) + " cross properly");
    }
  };
  grid.ForEachCell([&](std::int64_t cx, std::int64_t cy, const std::vector<std::uint32_t>& ids) {
    for (std::size_t x = 0; x < ids.size(); ++x) {
      for (std::size_t y = x + 1; y < ids.size(); ++y) {
        const Box &a = boxes[ids[x]], &b = boxes[ids[y]];
        // Each pair once: in the cell of the lower-left corner of the
        // intersection of their boxes.
        std::int64_t ix = std::max(a.x0, b.x0), iy = std::max(a.y0, b.y0);
        if (grid.Cell(ix) != cx || grid.Cell(iy) != cy) continue;
        test(ids[x], ids[y]);
      }
    }
  });
  std::vector<bool> isLong(segs.size(), false);
  for (std::uint32_t i : longs) isLong[i] = true;
  for (std::uint32_t i : longs) {
    for (std::uint32_t j = 0; j < segs.size(); ++j) {
      if (j == i || (isLong[j] && j < i)) continue;
      test(i, j);
    }
  }
}

// No hot point (vertex, or endpoint of a non-degenerate input edge) in the
// open interior of an output segment.
void CheckInteriors(std::span<const TaggedEdge> input, const Arrangement& out, Reporter& r) {
  std::vector<GridPoint> hot(out.vertices.begin(), out.vertices.end());
  for (const TaggedEdge& e : input) {
    if (Same(e.p, e.q)) continue;
    hot.push_back(e.p);
    hot.push_back(e.q);
  }
  std::sort(hot.begin(), hot.end(), Less);
  hot.erase(std::unique(hot.begin(), hot.end(), Same), hot.end());
  const auto& v = out.vertices;
  std::vector<Box> boxes;
  for (const NetSegment& s : out.segments) boxes.push_back(SegmentBox(v[s.a], v[s.b]));
  CellGrid grid(CellGrid::CellFor(boxes));
  for (std::uint32_t i = 0; i < hot.size(); ++i) {
    grid.Insert({hot[i].x, hot[i].y, hot[i].x, hot[i].y}, i);
  }
  for (std::size_t k = 0; k < out.segments.size(); ++k) {
    const NetSegment& s = out.segments[k];
    auto test = [&](std::uint32_t i) {
      if (InOpenInterior(v[s.a], v[s.b], hot[i])) {
        bool isVertex = std::binary_search(v.begin(), v.end(), hot[i], Less);
        r.Add(std::string(isVertex ? "vertex " : "input endpoint ") + PointText(hot[i]) +
              " lies inside segment " + PointText(v[s.a]) + "-" + PointText(v[s.b]));
      }
    };
    if (grid.Covers(boxes[k], 4096)) {
      grid.Query(boxes[k], test);  // a point is in exactly one cell
    } else {
      for (std::uint32_t i = 0; i < hot.size(); ++i) test(i);
    }
  }
}

void CheckConservation(std::span<const TaggedEdge> input, const Arrangement& out, Reporter& r) {
  std::map<std::pair<std::int64_t, std::int64_t>, std::array<std::int64_t, 2>> flow;
  auto add = [&](GridPoint p, int k, std::int64_t n) {
    flow[{p.x, p.y}][static_cast<std::size_t>(k)] += n;
  };
  for (const TaggedEdge& e : input) {
    if (Same(e.p, e.q)) continue;
    for (int k = 0; k < 2; ++k) {
      if (e.operand == k || e.operand == 2) add(e.q, k, 1), add(e.p, k, -1);
    }
  }
  for (const NetSegment& s : out.segments) {
    if (s.b >= out.vertices.size()) continue;  // reported by CheckForm
    GridPoint a = out.vertices[s.a], b = out.vertices[s.b];
    add(b, 0, -s.n0), add(a, 0, s.n0);
    add(b, 1, -s.n1), add(a, 1, s.n1);
  }
  for (const auto& [p, f] : flow) {
    if (f[0] != 0 || f[1] != 0) {
      r.Add("net flow at " + PointText({p.first, p.second}) + " differs by (" +
            std::to_string(f[0]) + ", " + std::to_string(f[1]) +
            ") between the input edges and the output segments");
    }
  }
}

void CheckBoundsAndDistortion(std::span<const TaggedEdge> input, const Arrangement& out,
                              Reporter& r, ArrangementValidity& stats) {
  std::vector<TaggedEdge> edges;
  for (const TaggedEdge& e : input) {
    if (!Same(e.p, e.q)) edges.push_back(e);
  }
  if (edges.empty()) {
    if (!out.vertices.empty() || !out.segments.empty())
      r.Add("no non-degenerate input edge, yet the output is not empty");
    return;
  }
  Box all = SegmentBox(edges[0].p, edges[0].q);
  std::vector<Box> boxes;
  for (const TaggedEdge& e : edges) {
    Box b = SegmentBox(e.p, e.q);
    boxes.push_back(b);
    all = {std::min(all.x0, b.x0), std::min(all.y0, b.y0), std::max(all.x1, b.x1),
           std::max(all.y1, b.y1)};
  }
  CellGrid grid(CellGrid::CellFor(boxes));
  std::vector<std::uint32_t> longs;
  for (std::uint32_t i = 0; i < edges.size(); ++i) {
    if (!grid.Insert(boxes[i], i)) longs.push_back(i);
  }
  for (GridPoint p : out.vertices) {
    if (p.x < all.x0 || p.x > all.x1 || p.y < all.y0 || p.y > all.y1) {
      r.Add("vertex " + PointText(p) + " outside the input's bounding box");
    }
    // Doubled coordinates: L-inf distance <= 1/2 is the box 2p +- 1, <= 1 is 2p +- 2.
    int best = 3;  // 1: within 1/2, 2: within 1, 3: farther
    auto test = [&](std::uint32_t i) {
      if (best == 1) return;
      GridPoint a = {2 * edges[i].p.x, 2 * edges[i].p.y}, b = {2 * edges[i].q.x, 2 * edges[i].q.y};
      if (SegmentMeetsClosedBox(a, b, 2 * p.x - 1, 2 * p.y - 1, 2 * p.x + 1, 2 * p.y + 1)) {
        best = 1;
      } else if (best > 2 &&
                 SegmentMeetsClosedBox(a, b, 2 * p.x - 2, 2 * p.y - 2, 2 * p.x + 2, 2 * p.y + 2)) {
        best = 2;
      }
    };
    grid.Query({p.x - 1, p.y - 1, p.x + 1, p.y + 1}, test);
    for (std::uint32_t i : longs) test(i);
    if (best == 3) {
      r.Add("vertex " + PointText(p) + " is farther than one unit from every input edge");
    } else if (best == 2) {
      ++stats.farVertices;
    }
  }
}

// --- bytes ------------------------------------------------------------------

class ByteReader {
 public:
  explicit ByteReader(std::span<const std::uint8_t> b) : b_(b) {}
  bool Read(std::uint64_t& v, int bytes) {
    if (pos_ + static_cast<std::size_t>(bytes) > b_.size()) return false;
    v = 0;
    for (int i = 0; i < bytes; ++i) v |= static_cast<std::uint64_t>(b_[pos_ + i]) << (8 * i);
    pos_ += static_cast<std::size_t>(bytes);
    return true;
  }
  bool AtEnd() const { return pos_ == b_.size(); }

 private:
  std::span<const std::uint8_t> b_;
  std::size_t pos_ = 0;
};

}  // namespace

ArrangementValidity CheckArrangementValidity(std::span<const TaggedEdge> input,
                                             const Arrangement& output) {
  ArrangementValidity result;
  Reporter r(result);
  if (!CheckForm(output, r)) return result;  // indices unusable
  CheckCrossings(output, r);
  CheckInteriors(input, output, r);
  CheckConservation(input, output, r);
  CheckBoundsAndDistortion(input, output, r, result);
  return result;
}

bool SegmentMeetsPixel(GridPoint a, GridPoint b, GridPoint c) {
  // Doubled coordinates: the segment is 2a + t (2b - 2a), t in [0, 1]; the
  // pixel is [2c.x - 1, 2c.x + 1) x [2c.y - 1, 2c.y + 1). Each axis gives an
  // interval of t, closed at the pixel's low side and open at its high
  // side; the segment meets the pixel when the intersection with [0, 1] is
  // not empty. Bounds are fractions num / den with den > 0.
  struct Bound {
    Int128 num, den;
    bool open;
  };
  auto less = [](const Bound& x, const Bound& y) { return x.num * y.den < y.num * x.den; };
  auto equal = [](const Bound& x, const Bound& y) { return x.num * y.den == y.num * x.den; };
  Bound lo{0, 1, false}, hi{1, 1, false};
  auto raiseLo = [&](Bound b) {
    if (less(lo, b) || (equal(lo, b) && b.open)) lo = b;
  };
  auto lowerHi = [&](Bound b) {
    if (less(b, hi) || (equal(b, hi) && b.open)) hi = b;
  };
  const std::array<std::int64_t, 2> start = {2 * a.x, 2 * a.y};
  const std::array<std::int64_t, 2> delta = {2 * (b.x - a.x), 2 * (b.y - a.y)};
  const std::array<std::int64_t, 2> centre = {2 * c.x, 2 * c.y};
  for (int k = 0; k < 2; ++k) {
    const Int128 low = centre[k] - 1 - start[k], high = centre[k] + 1 - start[k];
    const Int128 d = delta[k];
    if (d == 0) {
      // Need low <= 0 < high (the start inside [side, side)).
      if (!(low <= 0 && 0 < high)) return false;
    } else if (d > 0) {
      raiseLo({low, d, false});  // t >= low / d
      lowerHi({high, d, true});  // t < high / d
    } else {
      lowerHi({-low, -d, false});  // t d >= low  <=>  t <= low / d
      raiseLo({-high, -d, true});  // t d < high  <=>  t > high / d
    }
  }
  if (less(lo, hi)) return true;
  return equal(lo, hi) && !lo.open && !hi.open;
}

std::int64_t CountPixelNearMisses(const Arrangement& output) {
  const auto& v = output.vertices;
  std::vector<Box> boxes;
  for (const NetSegment& s : output.segments) boxes.push_back(SegmentBox(v[s.a], v[s.b]));
  CellGrid grid(CellGrid::CellFor(boxes));
  for (std::uint32_t i = 0; i < v.size(); ++i) grid.Insert({v[i].x, v[i].y, v[i].x, v[i].y}, i);
  std::int64_t count = 0;
  for (std::size_t k = 0; k < output.segments.size(); ++k) {
    const NetSegment& s = output.segments[k];
    bool hit = false;
    auto test = [&](std::uint32_t i) {
      if (hit || i == s.a || i == s.b) return;
      if (SegmentMeetsPixel(v[s.a], v[s.b], v[i])) hit = true;
    };
    // A pixel the segment meets has its centre within 1/2 of the segment.
    Box b = {boxes[k].x0 - 1, boxes[k].y0 - 1, boxes[k].x1 + 1, boxes[k].y1 + 1};
    if (grid.Covers(b, 4096)) {
      grid.Query(b, test);
    } else {
      for (std::uint32_t i = 0; i < v.size(); ++i) test(i);
    }
    count += hit;
  }
  return count;
}

bool DecodeArrangementBytes(std::span<const std::uint8_t> bytes, Arrangement& out,
                            std::string* error) {
  auto fail = [&](const char* why) {
    if (error != nullptr) *error = why;
    return false;
  };
  ByteReader r(bytes);
  out = {};
  std::uint64_t n = 0, x = 0, y = 0;
  if (!r.Read(n, 4)) return fail("truncated vertex count");
  if (n > bytes.size() / 16) return fail("vertex count larger than the bytes");
  for (std::uint64_t i = 0; i < n; ++i) {
    if (!r.Read(x, 8) || !r.Read(y, 8)) return fail("truncated vertex");
    out.vertices.push_back({static_cast<std::int64_t>(x), static_cast<std::int64_t>(y)});
  }
  if (!r.Read(n, 4)) return fail("truncated segment count");
  if (n > bytes.size() / 16) return fail("segment count larger than the bytes");
  for (std::uint64_t i = 0; i < n; ++i) {
    std::uint64_t a = 0, b = 0, n0 = 0, n1 = 0;
    if (!r.Read(a, 4) || !r.Read(b, 4) || !r.Read(n0, 4) || !r.Read(n1, 4))
      return fail("truncated segment");
    out.segments.push_back({static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b),
                            static_cast<std::int32_t>(static_cast<std::uint32_t>(n0)),
                            static_cast<std::int32_t>(static_cast<std::uint32_t>(n1))});
  }
  if (!r.AtEnd()) return fail("trailing bytes");
  return true;
}

std::string FormatEdges(std::span<const TaggedEdge> edges) {
  std::ostringstream s;
  s << "std::vector<onepath::geom2d::TaggedEdge> edges = {";
  for (std::size_t i = 0; i < edges.size(); ++i) {
    const TaggedEdge& e = edges[i];
    s << (i == 0 ? "\n    " : ",\n    ") << "{{" << e.p.x << ", " << e.p.y << "}, {" << e.q.x
      << ", " << e.q.y << "}, " << e.operand << "}";
  }
  s << "};\n";
  return s.str();
}

std::string FormatArrangement(const Arrangement& arrangement) {
  std::ostringstream s;
  const auto& v = arrangement.vertices;
  s << "  vertices (" << v.size() << "):";
  for (std::size_t i = 0; i < v.size(); ++i) {
    s << (i % 6 == 0 ? "\n    " : "  ") << i << ":" << PointText(v[i]);
  }
  s << "\n  segments (" << arrangement.segments.size() << "):\n";
  for (const NetSegment& seg : arrangement.segments) {
    s << "    " << seg.a << "-" << seg.b;
    if (seg.a < v.size() && seg.b < v.size()) {
      s << " " << PointText(v[seg.a]) << "-" << PointText(v[seg.b]);
    }
    s << " n0=" << seg.n0 << " n1=" << seg.n1 << "\n";
  }
  return s.str();
}

}  // namespace onepath::gen
