// Family predicates/: Predicates.Orient2D and Predicates.InCircle
// (docs/spec/predicates.md).
#include <string>

#include "conformance/runner/operations.hpp"
// src/ headers.
#include "onepath/core/canonical.hpp"
#include "onepath/exact/predicates.hpp"

namespace onepath::conformance::ops {

namespace {

using nlohmann::json;

// canon.sign: a predicate's output is its sign as one signed byte.
Bytes SignBytes(int sign) {
  CanonicalWriter w;
  w.I8(static_cast<std::int8_t>(sign));
  return w.Take();
}

// {"sign": s}; null for bytes that are not one byte (shown as hex).
json DecodeSign(const Bytes& bytes) {
  if (bytes.size() != 1) return nullptr;
  CanonicalReader r(bytes);
  return json{{"sign", r.I8()}};
}

const OutputForm kSignOutput{DecodeSign, SignDivergence, nullptr};

// The points as (f64 x, f64 y), in argument order.
void WritePointsKey(CanonicalWriter& w, const json& in) {
  for (const char* name : {"a", "b", "c", "d"}) {
    if (!in.contains(name)) continue;
    Vector2D p = PointFromJson(in.at(name));
    w.F64(p.x);
    w.F64(p.y);
  }
}

Vector2D Arg(const json& in, const char* name) { return PointFromJson(in.at(name)); }

const OperationFamily kPredicates({
    {.name = "Predicates.Orient2D",
     .family = "predicates",
     .clause = "pred.orient2d",
     .input = InputForm::kPoints,
     .points = {"a", "b", "c"},
     .relations = {.translate = true, .permute = true},
     .run =
         [](const json& in) {
           return SignBytes(exact::CheckedOrient2D(Arg(in, "a"), Arg(in, "b"), Arg(in, "c")));
         },
     .key = WritePointsKey,
     .output = &kSignOutput},
    {.name = "Predicates.InCircle",
     .family = "predicates",
     .clause = "pred.incircle",
     .input = InputForm::kPoints,
     .points = {"a", "b", "c", "d"},
     .relations = {.translate = true, .permute = true},
     .run =
         [](const json& in) {
           return SignBytes(
               exact::CheckedInCircle(Arg(in, "a"), Arg(in, "b"), Arg(in, "c"), Arg(in, "d")));
         },
     .key = WritePointsKey,
     .output = &kSignOutput},
});

}  // namespace

}  // namespace onepath::conformance::ops
