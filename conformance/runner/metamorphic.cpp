#include "conformance/runner/metamorphic.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "conformance/runner/operations.hpp"
#include "onepath/core/canonical.hpp"

namespace onepath::conformance {

using nlohmann::json;
using Bytes = std::vector<std::uint8_t>;

namespace {

constexpr double kCoordinateLimit = 2097152.0;              // grid.coordinates: 2^21
constexpr std::int64_t kGridLimit = std::int64_t{1} << 39;  // arr.input

// a + b is exact in double (Knuth's TwoSum: the rounding error is zero).
bool ExactSum(double a, double b) {
  double s = a + b;
  if (!std::isfinite(s)) return false;
  double bb = s - a;
  return (a - (s - bb)) + (b - bb) == 0;
}

// The first of ±2^max_k, …, ±2^min_k (plus before minus) that `fits`.
std::optional<double> PickShift(int max_k, int min_k, const std::function<bool(double)>& fits) {
  for (int k = max_k; k >= min_k; --k)
    for (double sign : {1.0, -1.0})
      if (double t = std::ldexp(sign, k); fits(t)) return t;
  return std::nullopt;
}

// Fits when every value moved by t is exact and `ok`.
std::function<bool(double)> AllMoved(const std::vector<double>& values,
                                     const std::function<bool(double)>& ok) {
  return [&values, ok](double t) {
    return std::all_of(values.begin(), values.end(),
                       [&](double v) { return ExactSum(v, t) && ok(v + t); });
  };
}

bool WithinCoordinates(double v) { return std::fabs(v) <= kCoordinateLimit; }

std::string ShiftText(double tx, double ty) {
  return fmt::format("translated by ({}, {})", json(tx).dump(), json(ty).dump());
}

// --- regions ----------------------------------------------------------------

// region.canonical from a decoded region, every vertex moved by (dx, dy).
Bytes MovedRegion(const std::string& op, const Bytes& bytes, std::int64_t dx, std::int64_t dy) {
  json region = DecodeOutput(op, bytes);
  CanonicalWriter w;
  w.U8(IntFromJson<std::uint8_t>(region.at("SnapBits")));
  w.Count(region.at("rings").size());
  for (const json& ring : region.at("rings")) {
    w.Count(ring.size());
    for (const json& p : ring) {
      w.I64(IntFromJson<std::int64_t>(p.at(0)) + dx);
      w.I64(IntFromJson<std::int64_t>(p.at(1)) + dy);
    }
  }
  return w.Take();
}

// Every point of a Region.FromOutlines input (one operand).
template <typename Fn>
void ForEachPoint(json& operand, Fn fn) {
  for (json& outline : operand.at("outlines"))
    for (json& ring : outline)
      for (json& p : ring) fn(p);
}

// Moves every point of the operands by (tx, ty) when each coordinate stays
// exact and within grid.coordinates and the move is an even number of grid
// units. Returns the check, or nullopt when no such move exists.
std::optional<DerivedCheck> TranslateOutlines(const std::string& op, const json& input,
                                              const std::vector<std::string>& operands) {
  json moved = input;
  std::vector<double> xs, ys;
  int snap_bits = 16;
  for (const std::string& name : operands) {
    json& operand = name.empty() ? moved : moved.at(name);
    snap_bits = IntFromJson<int>(operand.at("options").at("SnapBits"));
    ForEachPoint(operand, [&](json& p) {
      xs.push_back(DoubleFromJson(p.at(0)));
      ys.push_back(DoubleFromJson(p.at(1)));
    });
  }
  if (xs.empty()) return std::nullopt;
  // 2^k public units is 2^(k + SnapBits) grid units: even when k >= 1 - SnapBits.
  std::optional<double> tx = PickShift(20, 1 - snap_bits, AllMoved(xs, WithinCoordinates));
  std::optional<double> ty = PickShift(20, 1 - snap_bits, AllMoved(ys, WithinCoordinates));
  if (!tx && !ty) return std::nullopt;
  double dx = tx.value_or(0), dy = ty.value_or(0);
  for (const std::string& name : operands)
    ForEachPoint(name.empty() ? moved : moved.at(name), [&](json& p) {
      p = PointToJson({DoubleFromJson(p.at(0)) + dx, DoubleFromJson(p.at(1)) + dy});
    });
  auto gx = static_cast<std::int64_t>(std::ldexp(dx, snap_bits));
  auto gy = static_cast<std::int64_t>(std::ldexp(dy, snap_bits));
  return DerivedCheck{"translate",
                      ShiftText(dx, dy),
                      moved,
                      {"grid.snap", "region.promise"},
                      [op, gx, gy](const Bytes& b) { return MovedRegion(op, b, gx, gy); }};
}

// Outlines reversed, rings reversed, each ring started at its next vertex
// and run the other way.
void PermuteOutlines(json& operand) {
  json& outlines = operand.at("outlines");
  std::reverse(outlines.begin(), outlines.end());
  for (json& outline : outlines) {
    std::reverse(outline.begin(), outline.end());
    for (json& ring : outline) {
      if (ring.size() < 2) continue;
      std::rotate(ring.begin(), ring.begin() + 1, ring.end());
      std::reverse(ring.begin(), ring.end());
    }
  }
}

// The outlines of a region input in another order (region.promise): the
// input's own outlines (kOutlines, kBuild), its operand's (kRegionOperand:
// the region is the same, so the result is the same bytes; no more is
// promised: the rounded constructions do not move with a translation), or
// both operands', swapped when the operation allows (kOperandPair).
std::optional<DerivedCheck> PermuteRegionInput(const Operation& op, const json& input) {
  json permuted = input;
  std::vector<std::string> clauses = {"region.promise"};
  std::string what = "outlines, rings and ring starts reversed";
  if (op.input == InputForm::kOutlines || op.input == InputForm::kBuild) {
    if (!input.contains("outlines")) return std::nullopt;
    PermuteOutlines(permuted);
    clauses.push_back("region.from-outlines");
  } else if (op.input == InputForm::kRegionOperand) {
    if (!input.at("region").contains("outlines")) return std::nullopt;
    PermuteOutlines(permuted.at("region"));
    clauses.push_back("region.from-outlines");
    what = "the operand's " + what;
  } else {
    PermuteOutlines(permuted.at("a"));
    PermuteOutlines(permuted.at("b"));
    clauses.push_back("region.boolean");
    if (op.relations.swapOperands) {
      std::swap(permuted.at("a"), permuted.at("b"));
      clauses.push_back("region.face-rule");
      what += ", operands swapped";
    }
  }
  if (permuted == input) return std::nullopt;
  return DerivedCheck{"permute", what, permuted, clauses, [](const Bytes& b) { return b; }};
}

// Region.FromTileMap: the origin moves; grid line i = origin + i × cellSize
// moves with it when both sums are exact.
std::optional<DerivedCheck> TranslateTileMap(const std::string& op, const json& input) {
  int snap_bits = IntFromJson<int>(input.at("options").at("SnapBits"));
  std::int64_t width = IntFromJson<std::int64_t>(input.at("width"));
  std::int64_t height = IntFromJson<std::int64_t>(input.at("height"));
  double cell = DoubleFromJson(input.at("cellSize"));
  Vector2D origin = PointFromJson(input.at("origin"));
  const json& cell_list = input.at("cells");
  std::size_t cells =
      cell_list.is_string() ? cell_list.get_ref<const std::string&>().size() : cell_list.size();
  if (cells == 0) width = height = 0;  // only line 0 counts (region.from-tilemap)
  auto fits = [&](double o, std::int64_t lines) {
    return [o, lines, cell](double t) {
      if (!ExactSum(o, t)) return false;
      for (std::int64_t i = 0; i <= lines; ++i) {
        double step = static_cast<double>(i) * cell;
        if (!ExactSum(o, step) || !ExactSum(o + t, step) || !WithinCoordinates(o + t + step))
          return false;
      }
      return true;
    };
  };
  std::optional<double> tx = PickShift(20, 1 - snap_bits, fits(origin.x, width));
  std::optional<double> ty = PickShift(20, 1 - snap_bits, fits(origin.y, height));
  if (!tx && !ty) return std::nullopt;
  double dx = tx.value_or(0), dy = ty.value_or(0);
  json moved = input;
  moved["origin"] = PointToJson({origin.x + dx, origin.y + dy});
  auto gx = static_cast<std::int64_t>(std::ldexp(dx, snap_bits));
  auto gy = static_cast<std::int64_t>(std::ldexp(dy, snap_bits));
  return DerivedCheck{"translate",
                      ShiftText(dx, dy),
                      moved,
                      {"grid.tilemap-lines", "grid.snap", "region.promise"},
                      [op, gx, gy](const Bytes& b) { return MovedRegion(op, b, gx, gy); }};
}

// --- predicates ---------------------------------------------------------------

bool InPredicateDomain(double v) {  // pred.domain
  return v == 0 || (std::fabs(v) >= std::ldexp(1.0, -200) && std::fabs(v) <= std::ldexp(1.0, 200));
}

std::vector<DerivedCheck> PredicateChecks(const Operation& op, const json& input) {
  std::vector<std::string> clauses = {op.clause};
  std::vector<double> xs, ys;
  for (const std::string& n : op.points) {
    Vector2D p = PointFromJson(input.at(n));
    xs.push_back(p.x);
    ys.push_back(p.y);
  }
  auto same = [](const Bytes& b) { return b; };
  std::vector<DerivedCheck> out;
  std::optional<double> tx = PickShift(100, -100, AllMoved(xs, InPredicateDomain));
  std::optional<double> ty = PickShift(100, -100, AllMoved(ys, InPredicateDomain));
  if (tx || ty) {
    json moved = input;
    double dx = tx.value_or(0), dy = ty.value_or(0);
    for (const std::string& n : op.points) {
      Vector2D p = PointFromJson(input.at(n));
      moved[n] = PointToJson({p.x + dx, p.y + dy});
    }
    std::vector<std::string> c = clauses;
    c.push_back("pred.exact");
    out.push_back({"translate", ShiftText(dx, dy), moved, c, same});
  }
  json rotated = input;  // (a, b, c) -> (b, c, a): unchanged for both predicates
  rotated["a"] = input.at("b");
  rotated["b"] = input.at("c");
  rotated["c"] = input.at("a");
  if (rotated != input) out.push_back({"permute", "a, b, c rotated", rotated, clauses, same});
  return out;
}

// --- arrangements ---------------------------------------------------------------

Bytes MovedArrangement(const std::string& op, const Bytes& bytes, std::int64_t dx,
                       std::int64_t dy) {
  json a = DecodeOutput(op, bytes);
  CanonicalWriter w;
  w.Count(a.at("vertices").size());
  for (const json& v : a.at("vertices")) {
    w.I64(IntFromJson<std::int64_t>(v.at(0)) + dx);
    w.I64(IntFromJson<std::int64_t>(v.at(1)) + dy);
  }
  w.Count(a.at("segments").size());
  for (const json& s : a.at("segments")) {
    w.U32(IntFromJson<std::uint32_t>(s.at(0)));
    w.U32(IntFromJson<std::uint32_t>(s.at(1)));
    w.I32(IntFromJson<std::int32_t>(s.at(2)));
    w.I32(IntFromJson<std::int32_t>(s.at(3)));
  }
  return w.Take();
}

std::vector<DerivedCheck> ArrangementChecks(const std::string& op, const json& input) {
  const json& edges = input.at("edges");
  std::vector<DerivedCheck> out;
  if (edges.empty()) return out;
  std::int64_t lo[2] = {kGridLimit, kGridLimit}, hi[2] = {-kGridLimit, -kGridLimit};
  for (const json& e : edges)
    for (int k = 0; k < 4; ++k) {
      std::int64_t v = IntFromJson<std::int64_t>(e.at(k));
      lo[k % 2] = std::min(lo[k % 2], v);
      hi[k % 2] = std::max(hi[k % 2], v);
    }
  std::int64_t shift[2] = {0, 0};
  for (int axis = 0; axis < 2; ++axis) {
    for (int k = 38; k >= 0 && shift[axis] == 0; --k) {
      std::int64_t t = std::int64_t{1} << k;
      if (hi[axis] + t <= kGridLimit)
        shift[axis] = t;
      else if (lo[axis] - t >= -kGridLimit)
        shift[axis] = -t;
    }
  }
  json moved = input;
  for (json& e : moved.at("edges"))
    for (int k = 0; k < 4; ++k) e[k] = IntFromJson<std::int64_t>(e[k]) + shift[k % 2];
  std::int64_t dx = shift[0], dy = shift[1];
  out.push_back({"translate",
                 fmt::format("translated by ({}, {}) grid units", dx, dy),
                 moved,
                 {"arr.round", "arr.pixel"},
                 [op, dx, dy](const Bytes& b) { return MovedArrangement(op, b, dx, dy); }});
  if (edges.size() > 1) {
    json reversed = input;
    std::reverse(reversed.at("edges").begin(), reversed.at("edges").end());
    out.push_back(
        {"permute", "edges in reverse order", reversed, {"arr.promise"}, [](const Bytes& b) {
           return b;
         }});
  }
  return out;
}

}  // namespace

std::vector<DerivedCheck> DeriveChecks(const GoldenVector& v) {
  std::vector<DerivedCheck> out;
  const Operation* op = FindOperation(v.op);
  if (!v.sha256 || !op) return out;
  auto add = [&](std::optional<DerivedCheck> c) {
    if (c) out.push_back(std::move(*c));
  };
  try {
    switch (op->input) {
      case InputForm::kPoints:
        out = PredicateChecks(*op, v.input);
        break;
      case InputForm::kEdges:
        out = ArrangementChecks(v.op, v.input);
        break;
      case InputForm::kTileMap:
        add(TranslateTileMap(v.op, v.input));
        break;
      case InputForm::kOutlines:
        add(TranslateOutlines(v.op, v.input, {""}));
        add(PermuteRegionInput(*op, v.input));
        break;
      case InputForm::kOperandPair:
        add(TranslateOutlines(v.op, v.input, {"a", "b"}));
        add(PermuteRegionInput(*op, v.input));
        break;
      case InputForm::kRegionOperand:
      case InputForm::kBuild:
        add(PermuteRegionInput(*op, v.input));
        break;
      case InputForm::kNone:
        break;
    }
  } catch (const std::exception&) {
    out.clear();  // an input of an unexpected shape: its vector says what is wrong
  }
  // Only the relations the spec promises for this operation (Operation::relations).
  std::erase_if(out, [&](const DerivedCheck& c) {
    return c.relation == "translate" ? !op->relations.translate : !op->relations.permute;
  });
  return out;
}

namespace {

Outcome Judged(const GoldenVector& v, const Reply& r) {
  if (!r.answer) return {&v, r.status, r.detail};
  return Judge(v, *r.answer);
}

// The derived check's vector, without its expectation (sha256, value).
GoldenVector DerivedVector(const GoldenVector& v, DerivedCheck& c) {
  GoldenVector d;
  d.id = v.id + "~" + c.relation;
  d.family = kMetamorphicFamily;
  d.file = v.file;
  d.line = v.line;
  d.op = v.op;
  d.clauses = c.clauses;
  d.flags = {"metamorphic", c.relation};
  d.input = std::move(c.input);
  d.provenance = fmt::format("derived from {}: {}", v.id, c.description);
  return d;
}

// A check the selection names: all of a vector named by its own id (or
// when no id is named), else only those named by their ids.
bool CheckSelected(const GoldenVector& v, const std::string& relation, const Selection& s) {
  if (s.ids.empty() || std::find(s.ids.begin(), s.ids.end(), v.id) != s.ids.end()) return true;
  return std::find(s.ids.begin(), s.ids.end(), v.id + "~" + relation) != s.ids.end();
}

}  // namespace

std::optional<GoldenVector> FindDerivedVector(const Suite& suite, const std::string& id) {
  std::size_t tilde = id.rfind('~');
  if (tilde == std::string::npos) return std::nullopt;
  std::string base = id.substr(0, tilde), relation = id.substr(tilde + 1);
  auto it = std::find_if(suite.vectors.begin(), suite.vectors.end(),
                         [&](const GoldenVector& v) { return v.id == base; });
  if (it == suite.vectors.end()) return std::nullopt;
  for (DerivedCheck& c : DeriveChecks(*it)) {
    if (c.relation != relation) continue;
    // The vector's correct output: the reference's, when it hashes to the
    // vector's expectation.
    Answer ref = RunReference(it->op, it->input);
    if (!ref.output || Sha256Hex(*ref.output) != *it->sha256) return std::nullopt;
    Bytes expected = c.expected(*ref.output);
    GoldenVector d = DerivedVector(*it, c);
    d.sha256 = Sha256Hex(expected);
    d.value = DecodeOutput(d.op, expected);
    return d;
  }
  return std::nullopt;
}

SuiteRun RunSuiteWithChecks(const Suite& suite, const Selection& selection, const AskFn& ask,
                            bool metamorphic, const ProgressFn& progress) {
  std::vector<const GoldenVector*> chosen;
  std::vector<std::vector<DerivedCheck>> checks;
  std::size_t total = 0;
  for (std::size_t i = 0; i < suite.vectors.size(); ++i) {
    if (!Selected(suite.vectors[i], i, selection)) continue;
    chosen.push_back(&suite.vectors[i]);
    checks.push_back(metamorphic ? DeriveChecks(suite.vectors[i]) : std::vector<DerivedCheck>{});
    std::erase_if(checks.back(), [&](const DerivedCheck& c) {
      return !CheckSelected(suite.vectors[i], c.relation, selection);
    });
    total += 1 + checks.back().size();
  }
  SuiteRun run;
  run.outcomes.reserve(total);
  auto record = [&](Outcome o) {
    run.outcomes.push_back(std::move(o));
    if (progress) progress(run.outcomes.size(), total, run.outcomes.back());
  };
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    const GoldenVector& v = *chosen[i];
    Reply reply = ask(v.id, v.op, v.input);
    Outcome base = Judged(v, reply);
    record(base);
    for (DerivedCheck& c : checks[i]) {
      if (base.status == Status::kSkip) {  // the implementation does not do this operation
        --total;
        continue;
      }
      GoldenVector& d = run.derived.emplace_back(DerivedVector(v, c));
      if (base.status != Status::kPass) {
        d.sha256 = "";
        record({&d, Status::kSkip, "metamorphic check not run: its vector failed"});
        continue;
      }
      Bytes expected;
      try {
        expected = c.expected(*reply.answer->output);
      } catch (const std::exception& e) {
        d.sha256 = "";
        record({&d, Status::kFail, std::string("the derived output cannot be made: ") + e.what()});
        continue;
      }
      d.sha256 = Sha256Hex(expected);
      d.value = DecodeOutput(d.op, expected);
      Outcome o = Judged(d, ask(d.id, d.op, d.input));
      if (o.status == Status::kFail) o.detail = fmt::format("{}: {}", d.provenance, o.detail);
      record(std::move(o));
    }
  }
  return run;
}

}  // namespace onepath::conformance
