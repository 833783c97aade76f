// Region inputs and vectors shared by the golden writers of region-valued
// operations (gen_region.cpp, gen_offset.cpp): input forms, ids, the checks
// every positive vector passes (conformance/generators/region_validity, the
// runner's JSON round trip) and the negative vectors' exact error check.
#pragma once

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "conformance/generators/noisy_tilemap.hpp"
#include "conformance/generators/predicate_cases.hpp"
#include "conformance/generators/region_validity.hpp"
#include "conformance/runner/operations.hpp"
#include "onepath/core/canonical.hpp"
#include "onepath/geom2d/region.hpp"

namespace onepath::golden {

using nlohmann::json;
using onepath::CanonicalWriter;
using onepath::Sha256Hex;
using onepath::Vector2D;
using onepath::geom2d::CanonicalBytes;
using onepath::geom2d::Outline;
using onepath::geom2d::Region;

struct OutlinesInput {
  std::vector<Outline> outlines;
  int snapBits = 16;
};

struct TileMapInput {
  std::vector<std::uint8_t> cells;
  std::int64_t width = 0;
  std::int64_t height = 0;
  double cellSize = 1.0;
  Vector2D origin;
  int snapBits = 16;
  bool listForm = false;  // cells as a list of bytes instead of a string
};

// The id's hash input (docs/golden-format.md, family region/): i32 SnapBits,
// then the outlines as lists of rings of (f64 x, f64 y).
inline void WriteKey(CanonicalWriter& w, const OutlinesInput& in) {
  w.I32(in.snapBits);
  w.Count(in.outlines.size());
  for (const Outline& o : in.outlines) {
    w.Count(o.rings.size());
    for (const auto& ring : o.rings) {
      w.Count(ring.size());
      for (Vector2D p : ring) {
        w.F64(p.x);
        w.F64(p.y);
      }
    }
  }
}

// i32 SnapBits, i64 width, i64 height, f64 cellSize, f64 origin x, y, then
// the cells as a list of u8.
inline void WriteKey(CanonicalWriter& w, const TileMapInput& m) {
  w.I32(m.snapBits);
  w.I64(m.width);
  w.I64(m.height);
  w.F64(m.cellSize);
  w.F64(m.origin.x);
  w.F64(m.origin.y);
  w.Count(m.cells.size());
  for (std::uint8_t c : m.cells) w.U8(c);
}

template <typename... Inputs>
inline std::string InputKey(const Inputs&... inputs) {
  CanonicalWriter w;
  (WriteKey(w, inputs), ...);
  return Sha256Hex(w.bytes()).substr(0, 12);
}

inline json InputJson(const OutlinesInput& in) {
  return {{"outlines", conformance::OutlinesToJson(in.outlines)},
          {"options", {{"SnapBits", in.snapBits}}}};
}

inline json InputJson(const TileMapInput& m) {
  json cells;
  if (m.listForm) {
    cells = m.cells;
  } else {
    std::string s;
    for (std::uint8_t c : m.cells) s.push_back(c ? '1' : '0');
    cells = s;
  }
  return {{"cells", cells},
          {"width", m.width},
          {"height", m.height},
          {"cellSize", conformance::DoubleToJson(m.cellSize)},
          {"origin", conformance::PointToJson(m.origin)},
          {"options", {{"SnapBits", m.snapBits}}}};
}

inline json InputJson(const OutlinesInput& a, const OutlinesInput& b) {
  return {{"a", InputJson(a)}, {"b", InputJson(b)}};
}

inline Region Build(const OutlinesInput& in) {
  return Region::FromOutlines(in.outlines, {.SnapBits = in.snapBits});
}

inline Region Build(const TileMapInput& m) {
  return Region::FromTileMap(m.cells, m.width, m.height, m.cellSize, m.origin,
                             {.SnapBits = m.snapBits});
}

[[noreturn]] inline void Fail(const std::string& what, const json& input) {
  std::fprintf(stderr, "golden writer: %s\ninput: %s\n", what.c_str(), input.dump().c_str());
  std::exit(1);
}

// The vector's input as a port reads it: the JSON text, parsed again.
inline json Reparsed(const json& input) { return json::parse(input.dump()); }

// The positive vector with the output `bytes` (already checked by the
// family's independent checker), once the runner gives the same bytes
// from the JSON input.
inline json CheckedVector(const std::string& op, const std::string& short_op,
                          const std::string& kind, const std::string& key, const json& clauses,
                          const json& input, const std::vector<std::uint8_t>& bytes, bool empty,
                          const std::string& provenance) {
  if (conformance::RunOperation(op, Reparsed(input)) != bytes)
    Fail(op + ": the runner's bytes from the JSON input differ", input);
  json flags = json::array({kind});
  if (empty) flags.push_back("empty");
  return json{
      {"id", fmt::format("{}/{}/{}", short_op, kind, key)},
      {"op", op},
      {"clauses", clauses},
      {"input", input},
      {"expect", {{"sha256", Sha256Hex(bytes)}, {"value", conformance::DecodeOutput(op, bytes)}}},
      {"flags", flags},
      {"provenance", provenance}};
}

// Checks `result` with region_validity, checks that the runner gives the
// same bytes from the JSON input, and makes the vector.
inline json Positive(const std::string& op, const std::string& short_op, const std::string& kind,
                     const std::string& key, const json& clauses, const json& input,
                     const Region& result, int snapBits, const std::string& provenance) {
  gen::RegionValidity validity = gen::CheckRegionValidity(result);
  if (!validity.ok() || result.SnapBits() != snapBits) {
    std::string messages;
    for (const std::string& m : validity.messages) messages += "\n  " + m;
    Fail(fmt::format("{} output fails region_validity (SnapBits {}, expected {}):{}\n{}", op,
                     result.SnapBits(), snapBits, messages, gen::FormatRings(result.Rings())),
         input);
  }
  return CheckedVector(op, short_op, kind, key, clauses, input, CanonicalBytes(result),
                       result.IsEmpty(), provenance);
}

// The vector expecting `type` with exactly `fields`; the writer stops
// unless the runner (hence the reference) throws just that.
inline json Negative(const std::string& op, const std::string& short_op, const std::string& kind,
                     const std::string& key, const json& clauses, const json& input,
                     const std::string& type, const json& fields, const std::string& provenance) {
  std::string got = "no exception";
  try {
    conformance::RunOperation(op, Reparsed(input));
  } catch (const onepath::OnePathException& e) {
    json actual = conformance::ErrorFieldsToJson(e.fields());
    // As text: -0.0 and 0.0 differ (json's == takes them as equal).
    if (e.typeName() == type && actual.dump() == fields.dump())
      got.clear();
    else
      got = fmt::format("{} {}", e.typeName(), actual.dump());
  }
  if (!got.empty())
    Fail(fmt::format("{}: expected {} {}, the reference gives {}", op, type, fields.dump(), got),
         input);
  return json{{"id", fmt::format("{}/{}/{}", short_op, kind, key)},
              {"op", op},
              {"clauses", clauses},
              {"input", input},
              {"expect", {{"error", {{"type", type}, {"fields", fields}}}}},
              {"flags", json::array({"negative"})},
              {"provenance", provenance}};
}

inline std::int64_t Int(gen::SplitMix64& rng, std::int64_t lo, std::int64_t hi) {
  return lo + static_cast<std::int64_t>(rng.Below(static_cast<std::uint64_t>(hi - lo) + 1));
}

inline double Q(std::int64_t k) { return static_cast<double>(k) / 4.0; }

inline int SnapBitsDraw(gen::SplitMix64& rng) {
  switch (rng.Below(4)) {
    case 0:
      return 16;
    case 1:
      return 2;
    case 2:
      return static_cast<int>(Int(rng, 0, 4));
    default:
      return static_cast<int>(Int(rng, 0, 16));
  }
}

inline Vector2D QPoint(gen::SplitMix64& rng, std::int64_t lo, std::int64_t hi) {
  double x = Q(Int(rng, lo, hi));
  double y = Q(Int(rng, lo, hi));
  return {x, y};
}

inline std::vector<Vector2D> RandomRing(gen::SplitMix64& rng) {
  std::vector<Vector2D> ring(static_cast<std::size_t>(Int(rng, 3, 6)));
  for (Vector2D& p : ring) p = QPoint(rng, -48, 48);
  return ring;
}

inline std::vector<Vector2D> Rectangle(double x0, double y0, double x1, double y1) {
  return {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
}

// --- region operands (Region.Offset, Mesh2DPipeline.Shrink, Region.Triangulate,
// Region.PartitionConvex): the draws of gen_offset.cpp's recipe -------------

// A region operand: outlines or a tile map.
struct Operand {
  bool tileMap = false;
  OutlinesInput outlines;
  TileMapInput map;
  int SnapBits() const { return tileMap ? map.snapBits : outlines.snapBits; }
};

inline void WriteKey(CanonicalWriter& w, const Operand& o) {
  w.U8(o.tileMap ? 1 : 0);
  if (o.tileMap)
    WriteKey(w, o.map);
  else
    WriteKey(w, o.outlines);
}

inline json OperandJson(const Operand& o) {
  return o.tileMap ? InputJson(o.map) : InputJson(o.outlines);
}
inline Region Build(const Operand& o) { return o.tileMap ? Build(o.map) : Build(o.outlines); }

inline Operand FromOutlines(std::vector<Outline> outlines, int snapBits) {
  Operand o;
  o.outlines = {std::move(outlines), snapBits};
  return o;
}

inline Operand RandomOutlinesOperand(gen::SplitMix64& rng) {
  std::vector<Outline> outlines(static_cast<std::size_t>(Int(rng, 1, 2)));
  for (Outline& o : outlines) {
    o.rings.resize(static_cast<std::size_t>(Int(rng, 1, 2)));
    for (auto& ring : o.rings) ring = RandomRing(rng);
  }
  return FromOutlines(std::move(outlines), SnapBitsDraw(rng));
}

inline Operand RandomTileMap(gen::SplitMix64& rng) {
  Operand o;
  o.tileMap = true;
  TileMapInput& m = o.map;
  m.width = Int(rng, 1, 6);
  m.height = Int(rng, 1, 6);
  std::int64_t p = Int(rng, 1, 3);
  m.cells.resize(static_cast<std::size_t>(m.width * m.height));
  for (auto& c : m.cells) c = rng.Below(4) < static_cast<std::uint64_t>(p) ? 1 : 0;
  const int bits[] = {16, 4, 2};
  m.snapBits = bits[rng.Below(3)];
  m.cellSize = Q(Int(rng, 2, 8));
  m.origin = QPoint(rng, -16, 16);
  return o;
}

inline Operand NoisyCrop(gen::SplitMix64& rng) {
  Operand o;
  o.tileMap = true;
  auto seed = static_cast<std::uint64_t>(Int(rng, 1, 1000));
  int w = static_cast<int>(Int(rng, 16, 32)), h = static_cast<int>(Int(rng, 16, 32));
  gen::TileMap map = gen::MakeNoisyTileMap(seed, w, h, 0.25);
  o.map.cells = map.cells;
  o.map.width = w;
  o.map.height = h;
  o.map.cellSize = 0.25;
  o.map.snapBits = 16;
  return o;
}

}  // namespace onepath::golden
