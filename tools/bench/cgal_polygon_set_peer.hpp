// CGAL's Polygon_set_2 (Boolean_set_operations_2, exact kernel Epeck) as a
// timing peer for the region benchmark (region.*). The only file that
// includes CGAL is cgal_polygon_set_peer.cpp; this header does not, so
// region_bench.cpp compiles quickly.
//
// The peer holds its input as CGAL polygons, made once (not timed). The
// timed call is BuildOperands, Operate and Free; the benchmark runs it in a
// forked child (bench_support.hpp, RunForked), since CGAL runs with its
// assertions on and a defect could crash it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "onepath/geom2d/region.hpp"

namespace onepath::bench {

enum class CgalSetOp : std::uint8_t {
  kJoinAll,     // the union of the first rings' polygons (the cells as squares)
  kUnion,       // A union B
  kDifference,  // A minus B
};

// The result's boundary and exact area.
struct CgalSetSummary {
  std::string doubled_area;  // twice the area, exact: "n" or "n/d"
  std::size_t rings = 0;     // outer boundaries and holes
  std::size_t vertices = 0;  // as CGAL reports them (collinear ones kept)
};

class CgalPolygonSetPeer {
 public:
  // Makes CGAL polygons of the rings (grid points, at most 2^53 in
  // magnitude: exact in a double): a ring that passes a vertex twice (where
  // the region pinches) is cut there into loops, since CGAL's polygons must
  // be simple (the even-odd region does not change); each polygon is
  // oriented counter-clockwise (holes, clockwise rings, reversed). `first`
  // are the squares of kJoinAll or A's rings, `second` B's rings.
  CgalPolygonSetPeer(std::span<const geom2d::Ring> first, std::span<const geom2d::Ring> second);
  ~CgalPolygonSetPeer();
  CgalPolygonSetPeer(const CgalPolygonSetPeer&) = delete;
  CgalPolygonSetPeer& operator=(const CgalPolygonSetPeer&) = delete;

  // kUnion, kDifference: builds A's and B's polygon sets, each the
  // aggregated (one-pass, divide-and-conquer) symmetric difference of its
  // rings' polygons: the even-odd region of the rings, which is the region
  // (its rings do not cross; region.outline), islands in holes included.
  // kJoinAll: nothing.
  void BuildOperands(CgalSetOp op);
  // kJoinAll: the aggregated (one-pass) join of the first polygons;
  // kUnion: A.join(B); kDifference: A.difference(B).
  void Operate(CgalSetOp op);
  // The result of Operate (not timed).
  CgalSetSummary Summarize() const;
  // The number of input polygons (rings, or loops of rings cut).
  std::size_t InputPolygons() const;
  // Frees the polygon sets (the result and the operands).
  void Free();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace onepath::bench
