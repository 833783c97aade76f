#include "conformance/runner/reducer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <tuple>
#include <vector>

#include "conformance/runner/operations.hpp"
#include "onepath/core/canonical.hpp"

namespace onepath::conformance {

using nlohmann::json;

namespace {

// What a coordinate costs: its magnitude, plus one when it is not an integer.
double Cost(double v) {
  if (!std::isfinite(v)) return 1e300;
  return std::fabs(v) + (v == std::floor(v) ? 0 : 1);
}

std::vector<std::uint8_t> CellValues(const json& cells) {
  std::vector<std::uint8_t> out;
  if (cells.is_string()) {
    for (char c : cells.get_ref<const std::string&>()) out.push_back(c == '1' ? 1 : 0);
  } else {
    for (const json& c : cells) out.push_back(static_cast<std::uint8_t>(c.get<int>()));
  }
  return out;
}

// The cells in the form of `like` (a string of 0 and 1, or a list).
json CellsLike(const json& like, const std::vector<std::uint8_t>& values) {
  if (!like.is_string()) return values;
  std::string s;
  for (std::uint8_t v : values) s.push_back(v ? '1' : '0');
  return s;
}

void MeasureOutlines(const json& operand, InputSize& size, std::size_t& rings,
                     std::size_t& outlines) {
  for (const json& outline : operand.at("outlines")) {
    ++outlines;
    for (const json& ring : outline) {
      ++rings;
      for (const json& p : ring) {
        ++size.elements;
        size.complexity += Cost(DoubleFromJson(p.at(0))) + Cost(DoubleFromJson(p.at(1)));
      }
    }
  }
  size.secondary = rings + outlines;
  size.complexity += operand.at("options").at("SnapBits").get<double>();
}

// --- candidate moves ---------------------------------------------------------------

// Chunks to drop from a list of n items, as in delta debugging: halves,
// quarters, … single items; each a [begin, end) range.
std::vector<std::pair<std::size_t, std::size_t>> Chunks(std::size_t n) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t size = n / 2 ? n / 2 : 1; n > 0; size /= 2) {
    for (std::size_t begin = 0; begin < n; begin += size)
      out.emplace_back(begin, std::min(n, begin + size));
    if (size == 1) break;
  }
  return out;
}

template <typename T>
std::vector<T> Without(const std::vector<T>& items, std::pair<std::size_t, std::size_t> chunk) {
  std::vector<T> out(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(chunk.first));
  out.insert(out.end(), items.begin() + static_cast<std::ptrdiff_t>(chunk.second), items.end());
  return out;
}

// Applies `fn` to every coordinate (x: axis 0, y: axis 1) of a Region.FromOutlines operand.
template <typename Fn>
json MapOutlineCoordinates(json operand, Fn fn) {
  for (json& outline : operand.at("outlines"))
    for (json& ring : outline)
      for (json& p : ring)
        for (int axis = 0; axis < 2; ++axis)
          p[axis] = DoubleToJson(fn(DoubleFromJson(p[axis]), axis));
  return operand;
}

// The moves that bring coordinates toward a common value, as functions of
// (value, axis, minimum of that axis).
using CoordinateMove = std::function<double(double, int, const double*)>;
std::vector<CoordinateMove> CoordinateMoves() {
  return {
      [](double v, int, const double*) { return std::nearbyint(v); },
      [](double, int, const double*) { return 0.0; },
      [](double v, int, const double*) { return v / 2; },
      [](double v, int axis, const double* lo) { return lo[axis] + (v - lo[axis]) / 2; },
      [](double v, int axis, const double* lo) { return v - lo[axis]; },
  };
}

void OutlineCandidates(const json& operand, const std::function<void(json)>& emit) {
  const json& outlines = operand.at("outlines");
  std::vector<json> list(outlines.begin(), outlines.end());
  for (auto chunk : Chunks(list.size())) {
    json c = operand;
    c["outlines"] = Without(list, chunk);
    emit(c);
  }
  // Rings and vertices, addressed as (outline, ring[, vertex]).
  std::vector<std::pair<std::size_t, std::size_t>> rings;
  for (std::size_t o = 0; o < list.size(); ++o)
    for (std::size_t r = 0; r < list[o].size(); ++r) rings.emplace_back(o, r);
  for (auto chunk : Chunks(rings.size())) {
    json c = operand;
    for (std::size_t i = chunk.second; i-- > chunk.first;)
      c["outlines"][rings[i].first].erase(rings[i].second);
    emit(c);
  }
  std::vector<std::tuple<std::size_t, std::size_t, std::size_t>> vertices;
  for (auto [o, r] : rings)
    for (std::size_t k = 0; k < list[o][r].size(); ++k) vertices.emplace_back(o, r, k);
  for (auto chunk : Chunks(vertices.size())) {
    json c = operand;
    for (std::size_t i = chunk.second; i-- > chunk.first;) {
      auto [o, r, k] = vertices[i];
      c["outlines"][o][r].erase(k);
    }
    bool valid = true;  // every ring keeps 3 vertices (region.outline)
    for (const json& outline : c["outlines"])
      for (const json& ring : outline) valid = valid && ring.size() >= 3;
    if (valid) emit(c);
  }
  double lo[2] = {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  MapOutlineCoordinates(operand, [&](double v, int axis) {
    if (std::isfinite(v)) lo[axis] = std::min(lo[axis], v);
    return v;
  });
  if (std::isfinite(lo[0]) && std::isfinite(lo[1]))
    for (const CoordinateMove& move : CoordinateMoves())
      emit(MapOutlineCoordinates(operand, [&](double v, int axis) { return move(v, axis, lo); }));
  for (int bits : {0, operand.at("options").at("SnapBits").get<int>() / 2}) {
    json c = operand;
    c["options"]["SnapBits"] = bits;
    emit(c);
  }
}

void TileMapCandidates(const json& in, const std::function<void(json)>& emit) {
  std::int64_t w = in.at("width").get<std::int64_t>(), h = in.at("height").get<std::int64_t>();
  std::vector<std::uint8_t> cells = CellValues(in.at("cells"));
  double cell = DoubleFromJson(in.at("cellSize"));
  Vector2D origin = PointFromJson(in.at("origin"));
  if (w <= 0 || h <= 0 || static_cast<std::size_t>(w * h) != cells.size()) return;
  // The map with only columns [x0, x1) and rows [y0, y1) of `keep` (sorted
  // lists of kept indices); the origin moves past dropped leading ones.
  auto sub = [&](const std::vector<std::int64_t>& xs, const std::vector<std::int64_t>& ys) {
    json c = in;
    std::vector<std::uint8_t> kept;
    for (std::int64_t y : ys)
      for (std::int64_t x : xs) kept.push_back(cells[static_cast<std::size_t>(y * w + x)]);
    c["width"] = xs.size();
    c["height"] = ys.size();
    c["cells"] = CellsLike(in.at("cells"), kept);
    double ox = xs.empty() ? origin.x : origin.x + static_cast<double>(xs.front()) * cell;
    double oy = ys.empty() ? origin.y : origin.y + static_cast<double>(ys.front()) * cell;
    c["origin"] = PointToJson({ox, oy});
    return c;
  };
  std::vector<std::int64_t> all_x(static_cast<std::size_t>(w)), all_y(static_cast<std::size_t>(h));
  for (std::int64_t i = 0; i < w; ++i) all_x[static_cast<std::size_t>(i)] = i;
  for (std::int64_t i = 0; i < h; ++i) all_y[static_cast<std::size_t>(i)] = i;
  // Crop to the solid cells' bounding box.
  std::int64_t x0 = w, x1 = -1, y0 = h, y1 = -1;
  for (std::int64_t y = 0; y < h; ++y)
    for (std::int64_t x = 0; x < w; ++x)
      if (cells[static_cast<std::size_t>(y * w + x)]) {
        x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
      }
  if (x1 >= 0) {
    std::vector<std::int64_t> xs, ys;
    for (std::int64_t x = x0; x <= x1; ++x) xs.push_back(x);
    for (std::int64_t y = y0; y <= y1; ++y) ys.push_back(y);
    emit(sub(xs, ys));
  }
  for (auto chunk : Chunks(all_x.size())) emit(sub(Without(all_x, chunk), all_y));
  for (auto chunk : Chunks(all_y.size())) emit(sub(all_x, Without(all_y, chunk)));
  std::vector<std::size_t> solid;
  for (std::size_t i = 0; i < cells.size(); ++i)
    if (cells[i]) solid.push_back(i);
  for (auto chunk : Chunks(solid.size())) {
    std::vector<std::uint8_t> cleared = cells;
    for (std::size_t i = chunk.first; i < chunk.second; ++i) cleared[solid[i]] = 0;
    json c = in;
    c["cells"] = CellsLike(in.at("cells"), cleared);
    emit(c);
  }
  double lo[2] = {0, 0};
  for (const CoordinateMove& move : CoordinateMoves()) {
    json c = in;
    c["origin"] = PointToJson({move(origin.x, 0, lo), move(origin.y, 1, lo)});
    emit(c);
  }
  for (double size : {1.0, std::nearbyint(cell), std::exp2(std::floor(std::log2(cell)))}) {
    json c = in;
    c["cellSize"] = DoubleToJson(size);
    emit(c);
  }
  for (int bits : {0, in.at("options").at("SnapBits").get<int>() / 2}) {
    json c = in;
    c["options"]["SnapBits"] = bits;
    emit(c);
  }
}

void PredicateCandidates(const std::vector<std::string>& names, const json& in,
                         const std::function<void(json)>& emit) {
  double lo[2] = {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()};
  for (const std::string& n : names) {
    Vector2D p = PointFromJson(in.at(n));
    if (std::isfinite(p.x)) lo[0] = std::min(lo[0], p.x);
    if (std::isfinite(p.y)) lo[1] = std::min(lo[1], p.y);
  }
  auto mapped = [&](const std::function<double(double, int)>& fn) {
    json c = in;
    for (const std::string& n : names) {
      Vector2D p = PointFromJson(in.at(n));
      c[n] = PointToJson({fn(p.x, 0), fn(p.y, 1)});
    }
    return c;
  };
  if (std::isfinite(lo[0]) && std::isfinite(lo[1]))
    for (const CoordinateMove& move : CoordinateMoves())
      emit(mapped([&](double v, int axis) { return std::isfinite(v) ? move(v, axis, lo) : v; }));
  for (const std::string& n : names)  // one coordinate at a time to 0, then halved
    for (int axis = 0; axis < 2; ++axis)
      for (int how = 0; how < 2; ++how) {
        json c = in;
        double v = DoubleFromJson(in.at(n).at(axis));
        c[n][axis] = DoubleToJson(how == 0 ? 0.0 : v / 2);
        emit(c);
      }
}

void ArrangementCandidates(const json& in, const std::function<void(json)>& emit) {
  const json& edges = in.at("edges");
  std::vector<json> list(edges.begin(), edges.end());
  for (auto chunk : Chunks(list.size())) emit(json{{"edges", Without(list, chunk)}});
  std::int64_t lo[2] = {std::numeric_limits<std::int64_t>::max(),
                        std::numeric_limits<std::int64_t>::max()};
  for (const json& e : list)
    for (int k = 0; k < 4; ++k) lo[k % 2] = std::min(lo[k % 2], e.at(k).get<std::int64_t>());
  std::vector<std::function<std::int64_t(std::int64_t, int)>> moves = {
      [](std::int64_t v, int) { return v / 2; },
      [&](std::int64_t v, int axis) { return v - lo[axis]; },
      [&](std::int64_t v, int axis) { return lo[axis] + (v - lo[axis]) / 2; },
  };
  for (const auto& move : moves) {
    json c = in;
    for (json& e : c.at("edges"))
      for (int k = 0; k < 4; ++k) e[k] = move(e[k].get<std::int64_t>(), k % 2);
    emit(c);
  }
}

// Every candidate input one move away from `in`, most promising first.
std::vector<json> Candidates(const std::string& op, const json& in) {
  std::vector<json> out;
  auto emit = [&](json c) {
    if (c != in) out.push_back(std::move(c));
  };
  const Operation* row = FindOperation(op);
  try {
    switch (row ? row->input : InputForm::kNone) {
      case InputForm::kTileMap:
        TileMapCandidates(in, emit);
        break;
      case InputForm::kOutlines:
        OutlineCandidates(in, emit);
        break;
      case InputForm::kOperandPair:
        for (const char* name : {"a", "b"}) {
          json empty = in;
          empty[name]["outlines"] = json::array();
          emit(empty);
        }
        for (const char* name : {"a", "b"})
          OutlineCandidates(in.at(name), [&](json operand) {
            json c = in;
            c[name] = std::move(operand);
            emit(std::move(c));
          });
        break;
      case InputForm::kRegionOperand: {
        auto operand = [&](json region) {
          json c = in;
          c["region"] = std::move(region);
          emit(std::move(c));
        };
        if (in.at("region").contains("cells"))
          TileMapCandidates(in.at("region"), operand);
        else if (in.at("region").contains("outlines"))  // not a derived region
          OutlineCandidates(in.at("region"), operand);
        if (!row->distance.empty()) {  // the distance (or the agent radius) halved
          json c = in;
          json& d = c[json::json_pointer(row->distance)];
          d = DoubleToJson(DoubleFromJson(d) / 2);
          emit(c);
        }
        break;
      }
      case InputForm::kPoints:
        PredicateCandidates(row->points, in, emit);
        break;
      case InputForm::kEdges:
        ArrangementCandidates(in, emit);
        break;
      case InputForm::kBuild:
      case InputForm::kNone:
        break;
    }
  } catch (const std::exception&) {
    // An input of a shape the moves do not know: no candidates.
  }
  return out;
}

// The vector the reference makes of `input`: its output's hash (and
// decoded value), or its spec exception. nullopt when the reference throws
// anything else (a candidate the input format cannot carry).
std::optional<GoldenVector> ReferenceVector(const GoldenVector& like, const json& input,
                                            Answer& answer) {
  answer = RunReference(like.op, input);
  GoldenVector g;
  g.id = like.id;
  g.family = like.family;
  g.op = like.op;
  g.clauses = like.clauses;
  g.input = input;
  if (answer.output) {
    g.sha256 = Sha256Hex(*answer.output);
    g.value = DecodeOutput(like.op, *answer.output);
  } else if (IsSpecExceptionType(answer.error_type)) {
    g.error = ExpectedError{answer.error_type, answer.error_fields};
  } else {
    return std::nullopt;
  }
  return g;
}

// "crash", "timeout", "malformed answer", "not run" from a failure's detail.
std::string FailureKind(const std::string& detail) {
  if (detail.rfind("no answer within", 0) == 0) return "no answer in time";
  if (detail.rfind("the adapter ended", 0) == 0) return "the adapter ended";
  if (detail.rfind("malformed answer", 0) == 0) return "malformed answer";
  return "not run";
}

struct Attempt {
  std::optional<Divergence> divergence;  // nullopt: the port agrees, or the candidate is invalid
  Answer expected, actual;
};

Attempt Evaluate(const GoldenVector& v, const json& input, const AskFn& port, int n) {
  Attempt a;
  std::optional<GoldenVector> g = ReferenceVector(v, input, a.expected);
  if (!g) return a;
  Reply reply = port(fmt::format("{}~reduce{}", v.id, n), v.op, input);
  if (!reply.answer) {
    if (reply.status == Status::kFail)
      a.divergence = Divergence{"adapter", "", FailureKind(reply.detail), reply.detail};
    return a;
  }
  a.actual = *reply.answer;
  a.divergence = JudgeInDetail(*g, a.actual).divergence;
  return a;
}

}  // namespace

bool InputSize::operator<(const InputSize& o) const {
  return std::tie(elements, secondary, complexity) <
         std::tie(o.elements, o.secondary, o.complexity);
}

namespace {

InputSize MeasureTileMap(const json& in) {
  InputSize size;
  std::vector<std::uint8_t> cells = CellValues(in.at("cells"));
  size.elements = static_cast<std::size_t>(
      std::count_if(cells.begin(), cells.end(), [](std::uint8_t c) { return c; }));
  size.secondary = cells.size();
  Vector2D origin = PointFromJson(in.at("origin"));
  double cell = DoubleFromJson(in.at("cellSize"));
  size.complexity = Cost(origin.x) + Cost(origin.y) + Cost(cell - 1) +
                    in.at("options").at("SnapBits").get<double>();
  size.text =
      fmt::format("{}x{} map: {} cell{}, {} solid", in.at("width").dump(), in.at("height").dump(),
                  size.secondary, size.secondary == 1 ? "" : "s", size.elements);
  return size;
}

// Region.FromOutlines operands, counted together.
InputSize MeasureOutlineOperands(const std::vector<const json*>& operands) {
  InputSize size;
  std::size_t rings = 0, outlines = 0;
  for (const json* operand : operands) MeasureOutlines(*operand, size, rings, outlines);
  size.text = fmt::format("{} outlines, {} rings, {} vertices", outlines, rings, size.elements);
  return size;
}

}  // namespace

InputSize MeasureInput(const std::string& op, const json& in) {
  InputSize size;
  const Operation* row = FindOperation(op);
  try {
    switch (row ? row->input : InputForm::kNone) {
      case InputForm::kRegionOperand: {
        const json& region = in.at("region");
        size =
            region.contains("cells") ? MeasureTileMap(region) : MeasureOutlineOperands({&region});
        if (!row->distance.empty()) {
          json::json_pointer pointer(row->distance);
          const json& d = in.at(pointer);
          size.complexity += Cost(DoubleFromJson(d));
          size.text += fmt::format(", {} {}", pointer.back(), d.dump());
        }
        break;
      }
      case InputForm::kTileMap:
        size = MeasureTileMap(in);
        break;
      case InputForm::kOutlines:
        size = MeasureOutlineOperands({&in});
        break;
      case InputForm::kOperandPair:
        size = MeasureOutlineOperands({&in.at("a"), &in.at("b")});
        break;
      case InputForm::kPoints:
        for (const auto& [name, p] : in.items()) {
          Vector2D v = PointFromJson(p);
          ++size.elements;
          size.complexity += Cost(v.x) + Cost(v.y);
        }
        size.text = fmt::format("{} points", size.elements);
        break;
      case InputForm::kEdges:
        for (const json& e : in.at("edges")) {
          ++size.elements;
          for (int k = 0; k < 4; ++k) size.complexity += Cost(e.at(k).get<double>());
        }
        size.text = fmt::format("{} edges", size.elements);
        break;
      case InputForm::kBuild:
      case InputForm::kNone:
        break;
    }
  } catch (const std::exception& e) {
    size.text = std::string("(not measured: ") + e.what() + ")";
  }
  return size;
}

ReduceResult Reduce(const GoldenVector& v, const AskFn& port, const ReduceOptions& options) {
  ReduceResult r;
  Attempt first = Evaluate(v, v.input, port, 0);
  if (!first.divergence) {
    Answer ignored;
    if (!ReferenceVector(v, v.input, ignored))
      throw ReduceError(
          "the reference does not answer this vector with an output or a spec "
          "exception");
    throw ReduceError("the port agrees with the reference on this vector: nothing to reduce");
  }
  const Divergence target = *first.divergence;
  r.input = v.input;
  r.divergence = target;
  r.expected = first.expected;
  r.actual = first.actual;
  r.before = r.after = MeasureInput(v.op, v.input);
  r.attempts = 1;
  for (bool improved = true; improved;) {
    improved = false;
    for (json& candidate : Candidates(v.op, r.input)) {
      InputSize size = MeasureInput(v.op, candidate);
      if (!(size < r.after)) continue;
      if (r.attempts >= options.max_attempts) {
        r.capped = true;
        return r;
      }
      Attempt a = Evaluate(v, candidate, port, ++r.attempts);
      bool same = a.divergence && a.divergence->SameAs(target);
      if (same) {
        ++r.accepted;
        r.input = std::move(candidate);
        r.divergence = *a.divergence;
        r.expected = std::move(a.expected);
        r.actual = std::move(a.actual);
        r.after = size;
      }
      if (options.progress) options.progress(r.attempts, r.accepted, r.after);
      if (same) {
        improved = true;
        break;
      }
    }
  }
  return r;
}

std::string InputKey(const std::string& op, const json& in) {
  const Operation* row = FindOperation(op);
  if (!row || !row->key) return Sha256Hex(in.dump()).substr(0, 12);
  CanonicalWriter w;
  row->key(w, in);
  return Sha256Hex(w.bytes()).substr(0, 12);
}

json ReducedVector(const GoldenVector& original, const ReduceResult& r,
                   const std::string& implementation) {
  std::string short_op = original.id.substr(0, original.id.find('/'));
  json expect;
  if (r.expected.output) {
    expect = {{"sha256", Sha256Hex(*r.expected.output)},
              {"value", DecodeOutput(original.op, *r.expected.output)}};
  } else {
    expect = {{"error", {{"type", r.expected.error_type}, {"fields", r.expected.error_fields}}}};
  }
  std::string answered = "no answer";
  if (r.actual.output) {
    try {
      answered = "output " + DecodeOutput(original.op, *r.actual.output).dump();
    } catch (const std::exception&) {
      answered = "undecodable output";
    }
  } else if (!r.actual.error_type.empty()) {
    answered = r.actual.error_type + " " + r.actual.error_fields.dump();
  }
  return {{"id", fmt::format("{}/reduced/{}", short_op, InputKey(original.op, r.input))},
          {"op", original.op},
          {"clauses", original.clauses},
          {"input", r.input},
          {"expect", expect},
          {"flags", {"reduced"}},
          {"provenance",
           fmt::format("onepath reduce: from {} ({}) to {} in {} attempts against {}; first "
                       "divergence: {}; {}; the port answered {}; expected from the reference",
                       original.id, r.before.text, r.after.text, r.attempts, implementation,
                       r.divergence.Summary(), r.divergence.where, answered)}};
}

}  // namespace onepath::conformance
