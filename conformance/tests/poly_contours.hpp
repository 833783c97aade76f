// The brute-force polygonizer oracle's contours (oracles/boost_mp/
// polygonizer_bruteforce.hpp, made by gen_contours.hpp) as the reference's
// ContourSet (b3d.contour.values), for the differential test and the fuzz
// target.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "onepath/build3d.hpp"
#include "oracles/boost_mp/polygonizer_bruteforce.hpp"

namespace onepath::conformance {

inline build3d::ContourSet ToContourSet(const std::vector<oracle::BfContour>& in) {
  build3d::ContourSet out;
  for (const oracle::BfContour& c : in) {
    build3d::Contour contour;
    contour.region = c.region;
    contour.area = c.area;
    for (const auto& v : c.vertices)
      contour.vertices.push_back({static_cast<std::uint16_t>(v.x), static_cast<std::uint16_t>(v.y),
                                  static_cast<std::uint16_t>(v.z), v.neighbour, v.areaBorder});
    out.contours.push_back(std::move(contour));
  }
  return out;
}

}  // namespace onepath::conformance
