// Outlines and holes (docs/spec/build3d-regions.md): the winding test
// (b3d.contour.winding), the holes of each region (b3d.contour.holes), the
// bridge search (b3d.contour.bridge), the merge (b3d.contour.merge) and the
// list without merged holes (b3d.contour.order).
#include <algorithm>
#include <map>

#include "onepath/build3d/internal/contours.hpp"

namespace onepath::build3d::internal {

namespace {

using Vertices = std::vector<ContourVertex>;

// b3d.contour.bridge: turn(a, b, c), exact (corners below 2^13).
std::int64_t Turn(const ContourVertex& a, const ContourVertex& b, const ContourVertex& c) {
  return (std::int64_t{b.x} - a.x) * (std::int64_t{c.z} - a.z) -
         (std::int64_t{c.x} - a.x) * (std::int64_t{b.z} - a.z);
}

bool SamePlace(const ContourVertex& a, const ContourVertex& b) { return a.x == b.x && a.z == b.z; }

// c on the closed segment ab (collinear, between in x, or in z when ab is
// parallel to z).
bool Between(const ContourVertex& a, const ContourVertex& b, const ContourVertex& c) {
  if (Turn(a, b, c) != 0) return false;
  if (a.x != b.x) return (a.x <= c.x && c.x <= b.x) || (a.x >= c.x && c.x >= b.x);
  return (a.z <= c.z && c.z <= b.z) || (a.z >= c.z && c.z >= b.z);
}

bool Intersect(const ContourVertex& a, const ContourVertex& b, const ContourVertex& c,
               const ContourVertex& d) {
  const std::int64_t abc = Turn(a, b, c), abd = Turn(a, b, d);
  const std::int64_t cda = Turn(c, d, a), cdb = Turn(c, d, b);
  if (abc != 0 && abd != 0 && cda != 0 && cdb != 0 && (abc < 0) != (abd < 0) &&
      (cda < 0) != (cdb < 0))
    return true;
  return Between(a, b, c) || Between(a, b, d) || Between(c, d, a) || Between(c, d, b);
}

// Whether segment d0 d1 meets contour c with skip index `skip` (-1: none).
bool Meets(const ContourVertex& d0, const ContourVertex& d1, std::int64_t skip, const Vertices& c) {
  const std::int64_t m = static_cast<std::int64_t>(c.size());
  for (std::int64_t k = 0; k < m; ++k) {
    const std::int64_t k1 = k + 1 < m ? k + 1 : 0;
    if (skip == k || skip == k1) continue;
    const ContourVertex& p0 = c[static_cast<std::size_t>(k)];
    const ContourVertex& p1 = c[static_cast<std::size_t>(k1)];
    if (SamePlace(d0, p0) || SamePlace(d1, p0) || SamePlace(d0, p1) || SamePlace(d1, p1)) continue;
    if (Intersect(d0, d1, p0, p1)) return true;
  }
  return false;
}

bool InCone(const Vertices& outline, std::size_t j, const ContourVertex& c) {
  const std::size_t n = outline.size();
  const ContourVertex& v = outline[j];
  const ContourVertex& q = outline[j + 1 < n ? j + 1 : 0];
  const ContourVertex& p = outline[j > 0 ? j - 1 : n - 1];
  if (Turn(p, v, q) <= 0) return Turn(v, c, p) < 0 && Turn(c, v, q) < 0;
  return !(Turn(v, c, q) <= 0 && Turn(c, v, p) <= 0);
}

struct Hole {
  std::size_t contour;  // index in the list
  ContourVertex least;  // its least (x, z)
  std::size_t leftmost;
};

struct Candidate {
  std::int64_t vertex = -1;  // an outline index; -1 for an entry never written
  std::int64_t distance = 0;
};

// b3d.contour.merge: the outline from vertex j round to j again, then the
// hole from v round to v again.
void MergeInto(Vertices& outline, Vertices& hole, std::size_t j, std::size_t v) {
  Vertices merged;
  merged.reserve(outline.size() + hole.size() + 2);
  for (std::size_t k = 0; k <= outline.size(); ++k)
    merged.push_back(outline[(j + k) % outline.size()]);
  for (std::size_t k = 0; k <= hole.size(); ++k) merged.push_back(hole[(v + k) % hole.size()]);
  outline = std::move(merged);
  hole.clear();
}

// b3d.contour.bridge and b3d.contour.merge for the sorted holes of one
// region with the outline at index `outline`.
void MergeRegionHoles(std::vector<Contour>& contours, std::size_t outlineIndex,
                      const std::vector<Hole>& holes) {
  Vertices& outline = contours[outlineIndex].vertices;
  std::vector<Candidate> list;  // D, kept for the whole region
  for (std::size_t h = 0; h < holes.size(); ++h) {
    Vertices& hole = contours[holes[h].contour].vertices;
    std::size_t v = holes[h].leftmost;
    std::int64_t found = -1;
    for (std::size_t attempt = 0; attempt < hole.size() && found == -1; ++attempt) {
      const ContourVertex& corner = hole[v];
      std::size_t written = 0;
      for (std::size_t j = 0; j < outline.size(); ++j) {
        if (!InCone(outline, j, corner)) continue;
        const std::int64_t dx = std::int64_t{outline[j].x} - corner.x;
        const std::int64_t dz = std::int64_t{outline[j].z} - corner.z;
        if (list.size() <= written) list.resize(written + 1);
        list[written++] = {static_cast<std::int64_t>(j), dx * dx + dz * dz};
      }
      std::stable_sort(
          list.begin(), list.begin() + static_cast<std::ptrdiff_t>(written),
          [](const Candidate& a, const Candidate& b) { return a.distance < b.distance; });
      // Recast's skip index: the entry at the hole's position h.
      const std::int64_t skip = h < list.size() ? list[h].vertex : -1;
      for (std::size_t k = 0; k < written && found == -1; ++k) {
        const ContourVertex& from = outline[static_cast<std::size_t>(list[k].vertex)];
        bool meets = Meets(from, corner, skip, outline);
        for (std::size_t r = h; r < holes.size() && !meets; ++r)
          meets = Meets(from, corner, -1, contours[holes[r].contour].vertices);
        if (!meets) found = list[k].vertex;
      }
      if (found == -1) v = (v + 1) % hole.size();
    }
    if (found != -1) MergeInto(outline, hole, static_cast<std::size_t>(found), v);
  }
}

}  // namespace

std::int64_t DoubledArea(std::span<const ContourVertex> v) {
  std::int64_t s = 0;
  for (std::size_t i = 0, j = v.size() - 1; i < v.size(); j = i++)
    s += std::int64_t{v[i].x} * v[j].z - std::int64_t{v[j].x} * v[i].z;
  return s;
}

bool IsHole(std::span<const ContourVertex> v) { return DoubledArea(v) <= -3; }

void MergeHoles(std::vector<Contour>& contours) {
  // Per region: the last outline and the holes in list order.
  struct Group {
    std::int64_t outline = -1;
    std::vector<Hole> holes;
  };
  std::map<std::uint16_t, Group> groups;
  bool anyHole = false;
  for (std::size_t i = 0; i < contours.size(); ++i) {
    const Vertices& v = contours[i].vertices;
    Group& g = groups[contours[i].region];
    if (!IsHole(v)) {
      g.outline = static_cast<std::int64_t>(i);
      continue;
    }
    anyHole = true;
    Hole hole{i, v[0], 0};
    for (std::size_t k = 1; k < v.size(); ++k) {
      if (v[k].x < hole.least.x || (v[k].x == hole.least.x && v[k].z < hole.least.z)) {
        hole.least = v[k];
        hole.leftmost = k;
      }
    }
    g.holes.push_back(hole);
  }
  if (!anyHole) return;
  for (auto& [region, g] : groups) {
    if (g.holes.empty() || g.outline < 0) continue;  // no outline: the holes stay
    std::stable_sort(g.holes.begin(), g.holes.end(), [](const Hole& a, const Hole& b) {
      return a.least.x < b.least.x || (a.least.x == b.least.x && a.least.z < b.least.z);
    });
    MergeRegionHoles(contours, static_cast<std::size_t>(g.outline), g.holes);
  }
  // b3d.contour.order: merged holes are empty.
  std::erase_if(contours, [](const Contour& c) { return c.vertices.empty(); });
}

}  // namespace onepath::build3d::internal
