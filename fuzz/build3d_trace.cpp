// Fuzz target for the contour stage of one tile of the 3D build
// (docs/spec/build3d-regions.md, b3d.contour.*): RegionPipeline::Trace on a
// decoded compact heightfield, with the cuts of all three partitions and a
// decoded cut, and decoded contour settings.
// clauses: b3d.contour.stages b3d.contour.values b3d.contour.strips
// clauses: b3d.contour.walk b3d.contour.refine b3d.contour.split
// clauses: b3d.contour.degenerate b3d.contour.merge b3d.contour.order
// clauses: b3d.contour.stage-input b3d.contour.recast err.nothing-else
//
// Input: the field and settings of fuzz/build3d_field_input.hpp (its
// encoding is documented there), then the decoded cut: a palette byte
// (n = b % 8 ids: core spans get ids 0 .. n at random, from the field's
// seed, each span outside the core 0 or borderId) and a borderId byte
// (borderId = n + 1 + b % 2). The target's own damage (damage byte / 3,
// with m bit 3), % 4: 1 the decoded cut's ids one too many, 2 its
// borderId 0, 3 a core span's id borderId (0: none).
//
// Checks: only the spec's exception types escape (err.nothing-else), and
// exactly when the spec requires one (b3d.contour.stage-input: settings,
// the field, a grid other than W x W, the cut). Every trace against the
// Recast oracle (oracles/recast: rcBuildContours on the same field and
// cut) where it can take it (b3d.contour.recast). Then, for every contour:
// a region below borderId that some core span carries, with the area of
// one of its spans; at least three vertices; every vertex on a cell corner
// of the core ([B, B + T]^2; of the grid when the connections are not
// symmetric: a walk can then leave the core, as Recast's does), its row
// no higher than the field's highest floor, its neighbour 0 or a region
// up to borderId; no contour of borderId; and, on fields whose
// connections are symmetric, every edge that leads to borderId on one
// tile boundary line (the strips, b3d.contour.strips), bridges excepted
// (they leave a place the contour visits twice with the neighbour of its
// first edge, b3d.contour.merge).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "fuzz/build3d_field_input.hpp"
#include "onepath/core/errors.hpp"
#include "oracles/recast/contours_recast.hpp"

using namespace onepath;
using namespace onepath::build3d;

namespace {

const char* kName = "fuzz_build3d_trace";

[[noreturn]] void Fail(const std::string& what) { fuzz::Fail(kName, what); }

bool Throws(const std::function<void()>& f) { return fuzz::Throws(kName, f); }

using fuzz::ToOracle;

std::string Show(const ContourVertex& v) {
  return "(" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " + std::to_string(v.z) +
         ", neighbour " + std::to_string(v.neighbour) + ")";
}

bool OnBoundaryLine(const ContourVertex& a, const ContourVertex& b, std::int64_t lo,
                    std::int64_t hi) {
  return (a.x == b.x && (a.x == lo || a.x == hi)) || (a.z == b.z && (a.z == lo || a.z == hi));
}

void CheckContours(const CompactHeightfield& h, const BorderCut& cut, const ContourSet& set,
                   const DerivedSettings& d, bool symmetric, const char* source) {
  const std::string at = std::string("trace (") + source + "): ";
  const std::int64_t W = h.width(), lo = d.border, hi = d.border + d.tileCells;
  int maxY = 0;
  for (const auto& s : h.spans()) maxY = std::max(maxY, int{s.y});
  for (const Contour& c : set.contours) {
    if (c.region == 0 || c.region >= cut.borderId) Fail(at + "a contour's region is not a core id");
    bool carried = false, area = false;
    for (std::size_t col = 0; col < h.columnCount(); ++col) {
      if (!fuzz::InCore(static_cast<std::int64_t>(col) % W, static_cast<std::int64_t>(col) / W, d))
        continue;
      for (std::size_t i = h.ColumnStart(col); i < h.ColumnStart(col + 1); ++i)
        if (cut.regions[i] == c.region) {
          carried = true;
          area = area || h.spans()[i].area == c.area;
        }
    }
    if (!carried) Fail(at + "a contour of a region no core span carries");
    if (!area) Fail(at + "a contour with an area none of its region's spans has");
    if (c.vertices.size() < 3) Fail(at + "a contour of fewer than three vertices");
    for (std::size_t v = 0; v < c.vertices.size(); ++v) {
      const ContourVertex& p = c.vertices[v];
      const ContourVertex& q = c.vertices[(v + 1) % c.vertices.size()];
      // One-way connections can lead a walk out of the core (Recast's
      // does the same): then only the grid bounds it.
      const std::int64_t vlo = symmetric ? lo : 0, vhi = symmetric ? hi : W;
      if (p.x < vlo || p.x > vhi || p.z < vlo || p.z > vhi)
        Fail(at +
             "a vertex outside the core (the grid, asymmetric connections): contour of region " +
             std::to_string(c.region) + ", vertex " + std::to_string(v) + " " + Show(p) +
             ", core [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
      if (p.y > maxY) Fail(at + "a vertex above the highest floor");
      if (p.neighbour > cut.borderId) Fail(at + "a neighbour above borderId");
      // A bridge (b3d.contour.bridge) leaves a place the contour visits
      // twice and keeps its first edge's neighbour: not checked.
      const bool twice = std::count_if(c.vertices.begin(), c.vertices.end(),
                                       [&](const auto& u) { return u.x == p.x && u.z == p.z; }) > 1;
      if (symmetric && p.neighbour == cut.borderId && !twice && !OnBoundaryLine(p, q, lo, hi))
        Fail(at + "an edge to borderId off the tile boundary lines: contour of region " +
             std::to_string(c.region) + ", vertex " + std::to_string(v) + " " + Show(p) + " to " +
             Show(q) + ", core [" + std::to_string(lo) + ", " + std::to_string(hi) + "]");
    }
  }
}

void Compare(const CompactHeightfield& h, const BorderCut& cut, const ContourSet& ours,
             const DerivedSettings& d, const char* source) {
  const auto theirs =
      recast_oracle::Contours(ToOracle(h), cut.regions, cut.borderId, d.border, d.tileCells,
                              static_cast<float>(d.maxError), d.maxEdgeCells);
  if (!theirs.Ok()) return;  // outside what Recast can take (b3d.contour.recast)
  if (ours.contours.size() != theirs.value.size())
    Fail(std::string("trace (") + source + "): the contour count differs from Recast");
  for (std::size_t c = 0; c < ours.contours.size(); ++c) {
    const Contour& a = ours.contours[c];
    const recast_oracle::Contour& b = theirs.value[c];
    bool same = a.region == b.region && a.area == b.area && a.vertices.size() == b.vertices.size();
    for (std::size_t v = 0; same && v < a.vertices.size(); ++v) {
      const ContourVertex& p = a.vertices[v];
      const recast_oracle::ContourVertex& q = b.vertices[v];
      same = p.x == q.x && p.y == q.y && p.z == q.z && p.neighbour == q.neighbour &&
             p.areaBorder == q.areaBorder;
    }
    if (!same)
      Fail(std::string("trace (") + source + "): contour " + std::to_string(c) +
           " differs from Recast");
  }
}

// The decoded cut: core ids 0 .. n, outside 0 or borderId.
BorderCut DecodeCut(fuzz::ByteReader& in, const CompactHeightfield& h, const DerivedSettings& d) {
  const int n = in.U8() % 8;
  BorderCut cut;
  cut.borderId = static_cast<std::uint16_t>(n + 1 + in.U8() % 2);
  std::mt19937_64 random(in.U8());
  const std::int64_t W = h.width();
  for (std::size_t col = 0; col < h.columnCount(); ++col) {
    const bool core =
        fuzz::InCore(static_cast<std::int64_t>(col) % W, static_cast<std::int64_t>(col) / W, d);
    for (std::size_t i = h.ColumnStart(col); i < h.ColumnStart(col + 1); ++i) {
      const auto r = static_cast<std::uint16_t>(random() % (n + 1));
      cut.regions.push_back(core ? r : (r == 0 ? 0 : cut.borderId));
      if (core && r != 0) cut.empty = false;
    }
  }
  return cut;
}

void Run(const fuzz::FieldCase& c, fuzz::ByteReader& in) {
  const CompactHeightfield& h = c.field;
  const NavSettings& s = c.settings;
  const DerivedSettings& d = c.derived;
  const bool invalidField = c.badSetting || c.damage != fuzz::Damage::kNone;
  BorderCut decoded = DecodeCut(in, h, d);
  bool badCut = false;
  switch (c.targetDamage % 4) {
    case 1:
      decoded.regions.push_back(0);
      badCut = true;
      break;
    case 2:
      decoded.borderId = 0;
      badCut = true;
      break;
    case 3:
      if (c.damage == fuzz::Damage::kWidth) break;
      for (std::size_t col = 0; col < h.columnCount() && !badCut; ++col) {
        const std::int64_t W = h.width();
        if (!fuzz::InCore(static_cast<std::int64_t>(col) % W, static_cast<std::int64_t>(col) / W,
                          d) ||
            h.ColumnStart(col) == h.ColumnStart(col + 1))
          continue;
        decoded.regions[h.ColumnStart(col)] = decoded.borderId;
        badCut = true;
      }
      break;
    default:
      break;
  }
  const bool invalid = invalidField || badCut;
  const bool symmetric = !invalidField && fuzz::Symmetric(h);
  ContourSet set;
  const bool threw = Throws([&] { set = RegionPipeline::Trace(h, decoded, s); });
  if (threw != invalid)
    Fail(threw ? "Trace threw on a valid decoded cut" : "Trace did not throw on an invalid input");
  if (!invalid) {
    Compare(h, decoded, set, d, "decoded cut");
    CheckContours(h, decoded, set, d, symmetric, "decoded cut");
  }
  if (invalidField) return;
  // The cuts of the three partitions (the partitions themselves are the
  // build3d_partition target's).
  static const char* const kNames[3] = {"watershed", "monotone", "layers"};
  for (int k = 0; k < 3; ++k) {
    NavSettings t = s;
    t.Partition = static_cast<Partition>(k);
    BorderCut cut;
    if (Throws([&] { cut = RegionPipeline::CutBorder(h, RegionPipeline::Partition(h, t), t); }))
      Fail(std::string("the cut of ") + kNames[k] + " threw on a valid input");
    if (Throws([&] { set = RegionPipeline::Trace(h, cut, t); }))
      Fail(std::string("Trace threw on the cut of ") + kNames[k]);
    for (const Contour& contour : set.contours)
      if (contour.region == cut.borderId) Fail("a contour of borderId");
    Compare(h, cut, set, d, kNames[k]);
    CheckContours(h, cut, set, d, symmetric, kNames[k]);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::ByteReader in(data, size);
  fuzz::FieldCase c;
  if (Throws([&] { c = fuzz::DecodeField(in); }))
    Fail("making the field threw (the generators and span stages on good settings)");
  if (!c.made) return 0;
  Run(c, in);
  return 0;
}
