// What the CGAL polygon-set oracles share (polygon_set_cgal.cpp,
// minkowski_cgal.cpp): the exact kernel's types, exact numbers read back as
// text, areas and memberships of a Polygon_set_2, the mapping of CGAL's
// failures to kRejected, and the worker messages for probes and
// memberships. Includes CGAL: for those translation units only (each CGAL
// package's oracle is its own translation unit, oracles/meson.build).
#pragma once

#include <CGAL/Boolean_set_operations_2.h>
#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Polygon_2.h>
#include <CGAL/Polygon_set_2.h>
#include <CGAL/Polygon_with_holes_2.h>
#include <CGAL/exceptions.h>

#include <cstdint>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "oracles/cgal/polygon_set_cgal.hpp"
#include "oracles/isolated_worker.hpp"

namespace onepath::oracle::epeck {

using Kernel = CGAL::Exact_predicates_exact_constructions_kernel;
using FT = Kernel::FT;
using Point = Kernel::Point_2;
using Polygon = CGAL::Polygon_2<Kernel>;
using PolygonWithHoles = CGAL::Polygon_with_holes_2<Kernel>;
using PolygonSet = CGAL::Polygon_set_2<Kernel>;
using Exact = std::remove_cv_t<std::remove_reference_t<decltype(CGAL::exact(FT()))>>;

// Bad input found by an oracle (not by CGAL): reported as kRejected.
struct Rejection : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// v exactly, from two doubles of at most 32 bits each.
inline FT ExactInt(std::int64_t v) {
  const std::int64_t hi = v >> 32;  // arithmetic shift: v = hi * 2^32 + lo
  const std::int64_t lo = v - hi * (std::int64_t{1} << 32);
  return FT(static_cast<double>(hi)) * FT(4294967296.0) + FT(static_cast<double>(lo));
}

// The exact value as "n" or "n/d" in lowest terms.
inline std::string ExactText(const FT& v) {
  std::ostringstream s;
  s << CGAL::exact(v);
  std::string t = s.str();
  if (t.size() > 2 && t.compare(t.size() - 2, 2, "/1") == 0) t.resize(t.size() - 2);
  return t;
}

// Twice the area of the pieces (outer boundaries counter-clockwise, holes
// clockwise); an unbounded piece is a Rejection.
template <class Pieces>
FT DoubledArea(const Pieces& pieces) {
  FT area = 0;
  for (const PolygonWithHoles& piece : pieces) {
    if (piece.is_unbounded()) throw Rejection("the result is unbounded");
    area += piece.outer_boundary().area();
    for (auto h = piece.holes_begin(); h != piece.holes_end(); ++h) area += h->area();
  }
  return area * 2;
}

inline FT DoubledArea(const PolygonSet& set) {
  std::vector<PolygonWithHoles> pieces;
  set.polygons_with_holes(std::back_inserter(pieces));
  return DoubledArea(pieces);
}

inline Membership MembershipAt(const PolygonSet& set, const RationalProbe& q) {
  const FT den = ExactInt(q.den);
  const CGAL::Oriented_side side =
      set.oriented_side(Point(ExactInt(q.x) / den, ExactInt(q.y) / den));
  return side == CGAL::ON_POSITIVE_SIDE   ? Membership::kInside
         : side == CGAL::ON_NEGATIVE_SIDE ? Membership::kOutside
                                          : Membership::kBoundary;
}

// Runs body(); when CGAL fails (CGAL::THROW_EXCEPTION) or body throws a
// Rejection, `out` becomes a kRejected result with the message and false is
// returned.
template <class Result, class Body>
bool RejectingFailures(Result& out, Body body) {
  CGAL::set_error_behaviour(CGAL::THROW_EXCEPTION);
  try {
    body();
    return true;
  } catch (const CGAL::Failure_exception& ex) {
    out = {};
    out.status = Result::Status::kRejected;
    out.message = std::string("CGAL: ") + ex.what();
  } catch (const Rejection& ex) {
    out = {};
    out.status = Result::Status::kRejected;
    out.message = ex.what();
  }
  return false;
}

// --- worker messages -------------------------------------------------------

// u32 count, then x, y, den as int64 each.
inline void WriteProbes(ByteWriter& w, const std::vector<RationalProbe>& probes) {
  w.U32(static_cast<std::uint32_t>(probes.size()));
  for (const RationalProbe& p : probes) {
    w.I64(p.x);
    w.I64(p.y);
    w.I64(p.den);
  }
}

inline bool ReadProbes(ByteReader& r, std::vector<RationalProbe>& probes) {
  std::uint32_t n = 0;
  if (!r.Count(n, 24)) return false;
  probes.assign(n, {});
  for (RationalProbe& p : probes)
    if (!r.I64(p.x) || !r.I64(p.y) || !r.I64(p.den)) return false;
  return true;
}

// u32 count, then a u8 each.
inline void WriteMemberships(ByteWriter& w, const std::vector<Membership>& memberships) {
  w.U32(static_cast<std::uint32_t>(memberships.size()));
  for (Membership m : memberships) w.U8(static_cast<std::uint8_t>(m));
}

inline bool ReadMemberships(ByteReader& r, std::vector<Membership>& memberships) {
  std::uint32_t n = 0;
  if (!r.Count(n, 1)) return false;
  memberships.assign(n, Membership::kOutside);
  for (Membership& m : memberships) {
    std::uint8_t v = 0;
    if (!r.U8(v) || v > 2) return false;
    m = static_cast<Membership>(v);
  }
  return true;
}

}  // namespace onepath::oracle::epeck
