// Fuzz target for the arrangement (docs/spec/arrangement.md).
// clauses: arr.input arr.output arr.repair arr.candidates arr.promise err.nothing-else
//
// Every input decodes to an edge list. BuildArrangement must either return
// an output that the independent validity checker accepts (and that equals
// the brute-force oracle's on small inputs, and is the same on the grid and
// the sweep candidate paths), or throw ArgumentOutOfRangeException for an
// edge that really is outside arr.input. Anything else aborts: an invalid
// output, a mismatch, GeometryException (a defect), any other exception.
//
// Input encoding (bytes past the end read as zero):
//   byte 0      box: coordinates lie in [-B, B] with B = 2^(byte % 40) (so
//               B = 1 .. 2^39); values of 39 and up also allow one
//               coordinate of the last edge to be out of range (see below).
//   then, per edge, 9 bytes: four signed 16-bit coordinates u and one byte
//               o; the coordinate is u * B / 32768 rounded toward zero
//               (exact in 128-bit arithmetic), the operand o % 3. At most 64
//               edges.
//   If byte 0 % 64 >= 60, the last edge's q.x is set to 2^39 + 1 + byte 1:
//               an out-of-range input that must be reported, naming it.
#include "onepath/geom2d/arrangement.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "conformance/generators/arrangement_validity.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/core/int128.hpp"
#include "onepath/geom2d/internal/snap_rounding.hpp"
#include "oracles/boost_mp/arrangement_bruteforce.hpp"

using onepath::Int128;
using onepath::geom2d::Arrangement;
using onepath::geom2d::BuildArrangement;
using onepath::geom2d::CandidateSearch;
using onepath::geom2d::CanonicalBytes;
using onepath::geom2d::TaggedEdge;

namespace {

constexpr int kMaxEdges = 64;
constexpr std::size_t kOracleEdges = 12;

std::uint8_t ByteAt(const std::uint8_t* data, std::size_t size, std::size_t i) {
  return i < size ? data[i] : 0;
}

[[noreturn]] void Fail(const char* what) {
  std::fprintf(stderr, "fuzz_arrangement: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::uint8_t head = ByteAt(data, size, 0);
  int bits = head % 40;
  Int128 box = Int128(1) << bits;
  std::size_t count = size > 1 ? std::min<std::size_t>((size - 1) / 9, kMaxEdges) : 0;
  std::vector<TaggedEdge> edges;
  for (std::size_t e = 0; e < count; ++e) {
    std::size_t at = 1 + 9 * e;
    std::int64_t c[4];
    for (int k = 0; k < 4; ++k) {
      auto u = static_cast<std::int16_t>(ByteAt(data, size, at + 2 * k) |
                                         (ByteAt(data, size, at + 2 * k + 1) << 8));
      c[k] = static_cast<std::int64_t>(Int128(u) * box / 32768);
    }
    edges.push_back({{c[0], c[1]}, {c[2], c[3]}, ByteAt(data, size, at + 8) % 3});
  }
  bool out_of_range = !edges.empty() && head % 64 >= 60;
  if (out_of_range)
    edges.back().q.x = onepath::kMaxArrangementCoordinate + 1 + ByteAt(data, size, 1);

  // The default path (kAuto) picks among the forced paths (grid, or the
  // tree where the grid would be costly), so running them all and comparing
  // them covers it.
  Arrangement result;
  try {
    result = BuildArrangement(edges, CandidateSearch::kGrid);
  } catch (const onepath::ArgumentOutOfRangeException& e) {
    const auto& f = e.fields();
    if (!out_of_range) Fail("ArgumentOutOfRangeException for valid input");
    if (f.edge != static_cast<std::int64_t>(edges.size() - 1) || f.vertex != 1 ||
        f.value != static_cast<double>(edges.back().q.x))
      Fail("ArgumentOutOfRangeException names the wrong culprit");
    return 0;
  }
  // GeometryException and anything else escape: a defect.
  if (out_of_range) Fail("out-of-range input was accepted");

  onepath::gen::ArrangementValidity validity =
      onepath::gen::CheckArrangementValidity(edges, result);
  if (!validity.ok()) {
    for (const auto& m : validity.messages) std::fprintf(stderr, "  %s\n", m.c_str());
    Fail("invalid output");
  }
  std::vector<std::uint8_t> bytes = CanonicalBytes(result);
  if (CanonicalBytes(BuildArrangement(edges, CandidateSearch::kSweep)) != bytes ||
      CanonicalBytes(BuildArrangement(edges, CandidateSearch::kTree)) != bytes)
    Fail("candidate search paths differ (arr.candidates)");
  if (edges.size() <= kOracleEdges) {
    std::vector<onepath::oracle::BfEdge> bf;
    for (const TaggedEdge& e : edges) bf.push_back({{e.p.x, e.p.y}, {e.q.x, e.q.y}, e.operand});
    if (onepath::oracle::BruteForceCanonicalBytes(onepath::oracle::BruteForceArrangement(bf)) !=
        bytes)
      Fail("differs from the brute-force oracle");
  }
  return 0;
}
