// The comparison of our portal links with Detour's (stitch_detour_compare.hpp).
#include "conformance/differential/stitch_detour_compare.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>
#include <vector>

namespace onepath::conformance {

using namespace onepath::navmesh;

namespace {

constexpr double kShortOverlap = 0.0201;

using EdgeKey = std::tuple<TileKey, std::uint32_t, std::uint8_t>;  // from, polygon, edge

}  // namespace

using EdgeKey = std::tuple<TileKey, std::uint32_t, std::uint8_t>;  // from, polygon, edge

// Detour's expected links, modelled from ours (see the header), compared
// with Detour's own; a mismatch is reported with the seed.
void CompareStitch(const NavMesh& mesh, const std::vector<PortalLink>& ours,
                   const std::vector<detour_oracle::Link>& theirs, std::uint64_t seed,
                   StitchCounts& c, bool quiet) {
  // Detour's links by (from edge, to tile) -> (toPolygon -> bmin, bmax).
  std::map<std::pair<EdgeKey, TileKey>, std::map<std::uint32_t, std::pair<int, int>>> detour;
  for (const auto& l : theirs) {
    const TileKey from{l.fromX, l.fromZ, l.fromLayer}, to{l.toX, l.toZ, l.toLayer};
    auto& m = detour[{EdgeKey{from, l.polygon, l.edge}, to}];
    if (!m.emplace(l.toPolygon, std::make_pair(int{l.bmin}, int{l.bmax})).second) {
      if (!quiet) ADD_FAILURE() << "seed " << seed << ": Detour links one polygon twice";
      ++c.mismatches;
    }
  }
  // Ours grouped the same way, with every toEdge of a polygon in order.
  std::map<std::pair<EdgeKey, TileKey>, std::map<std::uint32_t, std::vector<const PortalLink*>>>
      own;
  for (const PortalLink& l : ours)
    own[{EdgeKey{l.from, l.polygon, l.edge}, l.to}][l.toPolygon].push_back(&l);

  auto mismatch = [&](const std::pair<EdgeKey, TileKey>& key, const char* what) {
    ++c.mismatches;
    if (quiet) return;
    const auto& [from, polygon, edge] = key.first;
    ADD_FAILURE() << "seed " << seed << ": " << what << " from (" << from.tileX << ", "
                  << from.tileZ << ", " << from.layer << ") polygon " << polygon << " edge "
                  << int{edge} << " to (" << key.second.tileX << ", " << key.second.tileZ << ", "
                  << key.second.layer << ")";
  };
  std::set<std::pair<EdgeKey, TileKey>> keys;
  for (const auto& [k, v] : detour) keys.insert(k);
  for (const auto& [k, v] : own) keys.insert(k);
  for (const auto& key : keys) {
    const auto& [from, polygon, edge] = key.first;
    const NavTile* tile = mesh.Find(from.tileX, from.tileZ, from.layer);
    const NavPolygon& poly = tile->polygons()[polygon];
    const std::uint32_t side = poly.links[edge].value;
    const bool alongZ = side == kSideX0 || side == kSideXMax;
    const TileVertex& va = tile->vertices()[poly.vertices[edge]];
    const TileVertex& vb = tile->vertices()[poly.vertices[(edge + 1) % poly.vertices.size()]];
    const double a0 = alongZ ? va.z : va.x, a1 = alongZ ? vb.z : vb.x;
    // The model: per polygon, Detour links through the first toEdge that
    // passes its overlap test: the first with an overlap above 0.0201, or
    // an earlier short one (which Detour may pass or not). A polygon with
    // short overlaps only may be absent.
    struct Expected {
      std::uint32_t toPolygon;
      std::vector<const PortalLink*> candidates;
    };
    const auto& got = detour[key];
    std::vector<Expected> expected;
    for (const auto& [toPolygon, links] : own[key]) {
      Expected e{toPolygon, {}};
      bool certain = false;
      for (const PortalLink* l : links) {
        if (certain) {
          ++c.onePerPolygon;
          continue;
        }
        e.candidates.push_back(l);
        certain = double{l->hi} - l->lo > kShortOverlap;
      }
      if (!certain && got.count(toPolygon) == 0) {
        c.shortOverlap += static_cast<long>(links.size());
        continue;
      }
      expected.push_back(std::move(e));
    }
    for (std::size_t i = 4; i < expected.size(); ++i) {
      c.fourPerEdge += static_cast<long>(expected[i].candidates.size());
    }
    if (expected.size() > 4) expected.resize(4);
    const double along = alongZ ? tile->origin().z : tile->origin().x;
    const double w = std::max({1.0, std::fabs(double{static_cast<float>(along + a0)}),
                               std::fabs(double{static_cast<float>(along + a1)})});
    const double delta = 1.0 / 16 + 255 * 0x1p-16 * w / std::fabs(a1 - a0);
    auto agrees = [delta](int byte, double t) {
      return byte <= 255 * t + delta && byte > 255 * t - 1 - delta;
    };
    for (const Expected& e : expected) {
      const auto it = got.find(e.toPolygon);
      if (it == got.end()) {
        mismatch(key, "a link of ours missing in Detour");
        continue;
      }
      ++c.compared;
      const PortalLink* match = nullptr;
      double t0 = 0.0, t1 = 0.0;
      for (const PortalLink* l : e.candidates) {
        t0 = (l->lo - a0) / (a1 - a0);
        t1 = (l->hi - a0) / (a1 - a0);
        if (t0 > t1) std::swap(t0, t1);
        if (agrees(it->second.first, t0) && agrees(it->second.second, t1)) {
          match = l;
          break;
        }
      }
      if (match == nullptr) {
        mismatch(key, "interval differs beyond Detour's quantization");
        if (!quiet) {
          ADD_FAILURE() << "last candidate of ours: 255 t = " << 255 * t0 << ", " << 255 * t1
                        << " on edge [" << a0 << ", " << a1 << "]; Detour bytes "
                        << it->second.first << ", " << it->second.second << "; delta " << delta;
        }
        continue;
      }
      c.shortBefore += static_cast<long>(e.candidates.size()) - 1;
      for (double t : {t0, t1}) {
        if (std::floor(255 * t) != std::round(255 * t)) ++c.rounding;
      }
    }
    // Detour's links to polygons that are not expected.
    for (const auto& [toPolygon, bytes] : got) {
      bool isExpected = false;
      for (const auto& e : expected) isExpected = isExpected || e.toPolygon == toPolygon;
      if (!isExpected) mismatch(key, "a link of Detour missing in ours");
    }
  }
}

}  // namespace onepath::conformance
