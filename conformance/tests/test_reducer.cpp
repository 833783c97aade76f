// Stage-wise divergence, metamorphic derived checks and the reducer
// (conformance/runner/divergence, metamorphic, reducer, svg): each made to
// fail on purpose with a fake port built from the reference.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "conformance/runner/divergence.hpp"
#include "conformance/runner/golden.hpp"
#include "conformance/runner/metamorphic.hpp"
#include "conformance/runner/operations.hpp"
#include "conformance/runner/reducer.hpp"
#include "conformance/runner/runner.hpp"
#include "conformance/runner/svg.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/core/canonical.hpp"

using namespace onepath::conformance;
using nlohmann::json;
using onepath::Vector2D;
namespace fs = std::filesystem;

namespace {

const Suite& GoldenSuite() {
  static const Suite suite = LoadSuite(fs::path(ONEPATH_SOURCE_DIR) / "golden");
  return suite;
}

const GoldenVector& Find(const std::string& id) {
  for (const GoldenVector& v : GoldenSuite().vectors)
    if (v.id == id) return v;
  throw std::runtime_error("no vector " + id);
}

json Region(json rings) { return {{"SnapBits", 0}, {"rings", std::move(rings)}}; }

// The unit square and a square beside it, as region.ring-order writes them.
json TwoSquares() {
  return Region({{{0, 0}, {1, 0}, {1, 1}, {0, 1}}, {{2, 0}, {3, 0}, {3, 1}, {2, 1}}});
}

std::string StageOf(const json& expected, const json& actual) {
  std::optional<Divergence> d = DivergeOutputs("Region.FromTileMap", expected, actual);
  return d ? d->stage : "";
}

// The reference, except that region outputs of two rings or more come with
// rings 0 and 1 swapped: a ring-order defect.
Reply SwappingPort(const std::string& id, const std::string& op, const json& input) {
  Reply r = AskReference(id, op, input);
  if (!r.answer || !r.answer->output || op.rfind("Region.", 0) != 0) return r;
  json region = DecodeOutput(op, *r.answer->output);
  json& rings = region.at("rings");
  if (rings.size() < 2) return r;
  std::swap(rings[0], rings[1]);
  onepath::CanonicalWriter w;
  w.U8(region.at("SnapBits").get<std::uint8_t>());
  w.Count(rings.size());
  for (const json& ring : rings) {
    w.Count(ring.size());
    for (const json& p : ring) {
      w.I64(p.at(0).get<std::int64_t>());
      w.I64(p.at(1).get<std::int64_t>());
    }
  }
  r.answer->output = w.Take();
  return r;
}

// The reference, except that a predicate whose sign is `lost` is answered
// 0: a port that drops one side of its determinant's sign.
AskFn SignLosingPort(int lost) {
  return [lost](const std::string& id, const std::string& op, const json& input) {
    Reply r = AskReference(id, op, input);
    if (op.rfind("Predicates.", 0) != 0 || !r.answer || !r.answer->output) return r;
    if (DecodeOutput(op, *r.answer->output).at("sign") == lost)
      r.answer->output = RunOperation("Predicates.Orient2D",
                                      {{"a", {0, 0}}, {"b", {1, 1}}, {"c", {2, 2}}});  // sign 0
    return r;
  };
}

// Every coordinate of a predicate input, and the largest magnitude.
std::vector<double> Coordinates(const json& input) {
  std::vector<double> out;
  for (const auto& [name, p] : input.items()) {
    Vector2D v = PointFromJson(p);
    out.push_back(v.x);
    out.push_back(v.y);
  }
  return out;
}

}  // namespace

TEST(Divergence, NamesTheFirstStageThatDiffers) {
  CLAUSE("region.ring-order region.simplify region.rings region.boundary");
  json e = TwoSquares();
  EXPECT_EQ(StageOf(e, e), "");
  json order = Region({e["rings"][1], e["rings"][0]});
  EXPECT_EQ(StageOf(e, order), "ring order");
  json start = Region({{{1, 0}, {1, 1}, {0, 1}, {0, 0}}, e["rings"][1]});
  EXPECT_EQ(StageOf(e, start), "ring start");
  // A collinear vertex kept: (1,0) on the edge (0,0) -> (2,0).
  json wide = Region({{{0, 0}, {2, 0}, {2, 1}, {0, 1}}});
  json split = Region({{{0, 0}, {1, 0}, {2, 0}, {2, 1}, {0, 1}}});
  std::optional<Divergence> d = DivergeOutputs("Region.FromTileMap", wide, split);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->stage, "simplify");
  EXPECT_EQ(d->clause, "region.simplify");
  EXPECT_EQ(d->kind, "a collinear vertex is kept");
  EXPECT_EQ(d->where, "ring 0, vertex 1: [1,0], expected [2,0]");
  json moved = Region({{{0, 0}, {1, 0}, {1, 2}, {0, 2}}, e["rings"][1]});
  d = DivergeOutputs("Region.FromTileMap", e, moved);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->stage, "boundary");
  EXPECT_EQ(d->clause, "region.from-tilemap");
  EXPECT_NE(d->where.find("boundary edge [0,1]->[0,0] is missing"), std::string::npos) << d->where;
  // Two rings that touch at a corner traced as one figure eight.
  json pinch = Region({{{0, 0}, {1, 0}, {1, 1}, {0, 1}}, {{1, 1}, {2, 1}, {2, 2}, {1, 2}}});
  json eight = Region({{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}, {1, 2}, {1, 1}, {0, 1}}});
  EXPECT_EQ(StageOf(pinch, eight), "rings");
  json bits = e;
  bits["SnapBits"] = 3;
  EXPECT_EQ(StageOf(e, bits), "SnapBits");
  d = DivergeOutputs("Predicates.Orient2D", {{"sign", -1}}, {{"sign", 1}});
  ASSERT_TRUE(d);
  EXPECT_EQ(d->Summary(), "stage sign (pred.orient2d): sign 1 instead of -1");
}

TEST(Divergence, TheSameDivergenceIgnoresWhereItIs) {
  CLAUSE("region.ring-order");
  Divergence a{"ring start", "region.ring-order", "a ring starts at another vertex", "ring 0"};
  Divergence b = a;
  b.where = "ring 7, vertex 3";
  EXPECT_TRUE(a.SameAs(b));
  b.kind = "the rings are in another order";
  EXPECT_FALSE(a.SameAs(b));
}

TEST(Divergence, JudgeNamesStageAndElementOfAFailedVector) {
  CLAUSE("region.ring-order");
  const GoldenVector& v = Find("region_from_tilemap/random/78d0cf25eebf");  // four rings
  Reply r = SwappingPort(v.id, v.op, v.input);
  Judgement j = JudgeInDetail(v, *r.answer);
  EXPECT_EQ(j.outcome.status, Status::kFail);
  ASSERT_TRUE(j.divergence);
  EXPECT_EQ(j.divergence->stage, "ring order");
  EXPECT_NE(j.outcome.detail.find("first divergence: stage ring order (region.ring-order): the "
                                  "rings are in another order; first difference: ring 0, vertex "
                                  "0: [26,13], expected [18,5]"),
            std::string::npos)
      << j.outcome.detail;
}

TEST(InputKey, IsTheIdSuffixOfEveryGoldenVector) {
  CLAUSE("canon.hash");
  std::size_t checked = 0;
  for (const GoldenVector& v : GoldenSuite().vectors) {
    std::string key = InputKey(v.op, v.input);
    EXPECT_EQ(key, v.id.substr(v.id.size() - 12)) << v.id;
    ++checked;
  }
  EXPECT_GT(checked, 6000u);
}

TEST(Metamorphic, ReferencePassesEveryDerivedCheck) {
  CLAUSE("region.promise grid.snap arr.promise pred.orient2d pred.incircle");
  Selection all;
  SuiteRun run = RunSuiteWithChecks(GoldenSuite(), all, AskReference, true, {});
  std::size_t derived = 0, translate = 0, permute = 0;
  for (const Outcome& o : run.outcomes) {
    EXPECT_EQ(o.status, Status::kPass) << o.vector->id << ": " << o.detail;
    if (o.vector->family != kMetamorphicFamily) continue;
    ++derived;
    translate += o.vector->id.ends_with("~translate");
    permute += o.vector->id.ends_with("~permute");
  }
  EXPECT_EQ(derived, run.derived.size());
  EXPECT_GT(translate, 4000u);
  EXPECT_GT(permute, 4000u);
  EXPECT_EQ(run.outcomes.size(), GoldenSuite().vectors.size() + derived);
}

TEST(Metamorphic, TranslationMovesByAnEvenNumberOfGridUnitsWithinTheLimits) {
  CLAUSE("grid.snap grid.coordinates");
  const GoldenVector& v = Find("region_from_tilemap/random/78d0cf25eebf");  // SnapBits 2
  std::vector<DerivedCheck> checks = DeriveChecks(v);
  ASSERT_EQ(checks.size(), 1u);
  EXPECT_EQ(checks[0].relation, "translate");
  Vector2D o = PointFromJson(v.input.at("origin")), m = PointFromJson(checks[0].input.at("origin"));
  double dx = m.x - o.x, dy = m.y - o.y;
  EXPECT_EQ(dx, 1048576.0);  // 2^20: the largest power of two that stays within 2^21
  EXPECT_EQ(dy, 1048576.0);
  EXPECT_TRUE(DeriveChecks(Find("region_from_tilemap/bad_size/be57df2c5d23")).empty());  // negative
}

TEST(Metamorphic, CatchesAPortThatIgnoresTheTranslation) {
  CLAUSE("region.promise");
  // A port that answers every translated input with the output of the
  // vector's own input: right on every golden vector, wrong once moved.
  const Suite& suite = GoldenSuite();
  std::map<std::string, json> inputs;
  for (const GoldenVector& v : suite.vectors) inputs[v.id] = v.input;
  AskFn port = [&](const std::string& id, const std::string& op, const json& input) {
    std::size_t tilde = id.find("~translate");
    return AskReference(id, op,
                        tilde == std::string::npos ? input : inputs.at(id.substr(0, tilde)));
  };
  Selection sel;
  sel.families = {"region"};
  SuiteRun run = RunSuiteWithChecks(suite, sel, port, true, {});
  std::size_t failed = 0, base_failed = 0;
  for (const Outcome& o : run.outcomes) {
    if (o.status != Status::kFail) continue;
    if (o.vector->family != kMetamorphicFamily) {
      ++base_failed;
      continue;
    }
    ++failed;
    EXPECT_TRUE(o.vector->id.ends_with("~translate")) << o.vector->id;
    EXPECT_NE(o.detail.find("translated by"), std::string::npos) << o.detail;
  }
  EXPECT_EQ(base_failed, 0u);
  EXPECT_GT(failed, 100u);
  // Off, nothing fails.
  SuiteRun off = RunSuiteWithChecks(suite, sel, port, false, {});
  for (const Outcome& o : off.outcomes) EXPECT_NE(o.status, Status::kFail) << o.vector->id;
}

TEST(Reducer, ShrinksEachOperandOfABooleanOperation) {
  CLAUSE("region.ring-order region.boolean");
  // The first union whose output has at least three rings.
  const GoldenVector* chosen = nullptr;
  for (const GoldenVector& v : GoldenSuite().vectors)
    if (v.op == "Region.Union" && v.value.is_object() && v.value.at("rings").size() >= 3 &&
        MeasureInput(v.op, v.input).elements >= 12) {
      chosen = &v;
      break;
    }
  ASSERT_NE(chosen, nullptr);
  ReduceResult r = Reduce(*chosen, SwappingPort, {});
  std::printf("reducer: %s: %s -> %s in %d attempts\n", chosen->id.c_str(), r.before.text.c_str(),
              r.after.text.c_str(), r.attempts);
  EXPECT_EQ(r.divergence.stage, "ring order");
  EXPECT_LT(r.after.elements, r.before.elements);
  EXPECT_LE(r.after.elements, 8u) << r.after.text << " from " << r.before.text;
  EXPECT_FALSE(r.capped);
  // Still the same failure, and the reproducer's expectation is the reference's.
  json vector = ReducedVector(*chosen, r, "swapping port");
  GoldenVector reduced = ParseVector(vector);
  EXPECT_EQ(Judge(reduced, *AskReference("", reduced.op, reduced.input).answer).status,
            Status::kPass);
  Judgement j = JudgeInDetail(reduced, *SwappingPort("", reduced.op, reduced.input).answer);
  ASSERT_TRUE(j.divergence);
  EXPECT_TRUE(j.divergence->SameAs(r.divergence));
  EXPECT_TRUE(reduced.id.starts_with("region_union/reduced/"));
  EXPECT_EQ(reduced.id.substr(reduced.id.size() - 12), InputKey(reduced.op, reduced.input));
  // The picture: three panels and a legend.
  std::string svg =
      FailureSvg({reduced.op, reduced.input, *AskReference("", reduced.op, reduced.input).answer,
                  *SwappingPort("", reduced.op, reduced.input).answer, reduced.id,
                  r.divergence.Summary(), "swapping port"});
  EXPECT_TRUE(svg.starts_with("<?xml")) << svg.substr(0, 40);
  EXPECT_NE(svg.find(">input<"), std::string::npos);
  EXPECT_NE(svg.find(">reference (expected)<"), std::string::npos);
  EXPECT_NE(svg.find(">port (got)<"), std::string::npos);
  EXPECT_NE(svg.find("first differing vertex"), std::string::npos);
}

TEST(Reducer, RefusesAVectorThePortPasses) {
  CLAUSE("region.ring-order");
  const GoldenVector& v = Find("region_from_tilemap/random/eb63f9272f82");  // empty output
  EXPECT_THROW(Reduce(v, SwappingPort, {}), ReduceError);
}

TEST(Svg, EscapesMarkup) {
  CLAUSE("canon.hash");
  EXPECT_EQ(SvgEscape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
}

TEST(Reducer, PredicateInputsThatAreIntegersStayIntegersAndGetSmall) {
  CLAUSE("pred.orient2d pred.incircle");
  for (const char* id : {"orient2d/grid_large/681aa4eb5363", "incircle/grid_large/e2ca7fa72ea2",
                         "orient2d/huge/3fb243a2ef8c"}) {
    const GoldenVector& v = Find(id);
    int sign = v.value.at("sign").get<int>();
    for (double c : Coordinates(v.input)) ASSERT_EQ(c, std::trunc(c)) << id;
    ReduceResult r = Reduce(v, SignLosingPort(sign), {});
    std::printf("reducer: %s: %s -> %s in %d attempts\n", id, v.input.dump().c_str(),
                r.input.dump().c_str(), r.attempts);
    EXPECT_EQ(r.divergence.kind, fmt::format("sign 0 instead of {}", sign)) << id;
    EXPECT_FALSE(r.capped) << id;
    for (double c : Coordinates(r.input)) {
      EXPECT_EQ(c, std::trunc(c)) << id << ": " << r.input.dump();
      EXPECT_LE(std::fabs(c), 2) << id << ": " << r.input.dump();
    }
    EXPECT_EQ(r.after.secondary, 0u);
  }
}

TEST(Reducer, PredicateInputsThatAreNotIntegersBecomeSmallIntegers) {
  CLAUSE("pred.orient2d pred.incircle");
  for (const char* id : {"orient2d/random/e7e3a4acb66f", "incircle/random/5072acdb787c",
                         "orient2d/tiny/f2fe3132f0e4"}) {
    const GoldenVector& v = Find(id);
    ReduceResult r = Reduce(v, SignLosingPort(v.value.at("sign").get<int>()), {});
    std::printf("reducer: %s: %s -> %s in %d attempts\n", id, v.input.dump().c_str(),
                r.input.dump().c_str(), r.attempts);
    EXPECT_GT(r.before.secondary, 0u) << id;
    EXPECT_EQ(r.after.secondary, 0u) << id << ": " << r.input.dump();
    for (double c : Coordinates(r.input))
      EXPECT_LE(std::fabs(c), 2) << id << ": " << r.input.dump();
  }
}

TEST(Svg, APredicateIsDrawnAsItsLineOrItsCircleNotAsATileMap) {
  CLAUSE("pred.orient2d pred.incircle");
  json orient = {{"a", {0, 0}}, {"b", {4, 0}}, {"c", {1, -2}}};  // clockwise: -1
  Answer ref = *AskReference("", "Predicates.Orient2D", orient).answer;
  Answer port = *SignLosingPort(-1)("", "Predicates.Orient2D", orient).answer;
  std::string svg = FailureSvg({"Predicates.Orient2D", orient, ref, port, "orient2d/reduced/x",
                                "stage sign (pred.orient2d): sign 0 instead of -1\n\n", "my port"});
  EXPECT_TRUE(svg.starts_with("<?xml")) << svg.substr(0, 40);
  EXPECT_NE(svg.find("class=\"line-ab\""), std::string::npos);
  EXPECT_NE(svg.find("class=\"segment-ab\""), std::string::npos);
  EXPECT_NE(svg.find(">the directed line a→b<"), std::string::npos);
  EXPECT_NE(svg.find("<circle class=\"query\""), std::string::npos);
  EXPECT_NE(svg.find(">reference: sign -1: c right of a→b (clockwise)<"), std::string::npos);
  EXPECT_NE(svg.find(">my port: sign 0: a, b, c collinear<"), std::string::npos);
  EXPECT_NE(svg.find(">c = [1,-2]<"), std::string::npos);
  EXPECT_EQ(svg.find("solid cell"), std::string::npos);  // not the tile map's legend
  EXPECT_EQ(svg.find("ring start"), std::string::npos);
  EXPECT_EQ(svg.find("class=\"circle-abc\""), std::string::npos);
  EXPECT_EQ(svg.find("<text x=\"24\" y=\"56\"></text>"), std::string::npos);  // no empty line
  // In-circle: the circle through a, b, c, with d inside it.
  json in = {{"a", {0, 0}}, {"b", {4, 0}}, {"c", {0, 4}}, {"d", {1, 1}}};
  ref = *AskReference("", "Predicates.InCircle", in).answer;
  port = *SignLosingPort(1)("", "Predicates.InCircle", in).answer;
  svg = FailureSvg({"Predicates.InCircle", in, ref, port, "incircle/reduced/x", "", "my port"});
  // Centre (2, 2), radius sqrt(8); the view spans the circle: 2 sqrt(8) wide.
  std::size_t circle = svg.find("<circle class=\"circle-abc\"");
  ASSERT_NE(circle, std::string::npos);
  EXPECT_NE(svg.find("r=\"148.00\"", circle), std::string::npos) << svg.substr(circle, 120);
  EXPECT_NE(svg.find(">reference: sign 1: d inside the circle through a, b, c<"),
            std::string::npos);
  EXPECT_NE(svg.find(">my port: sign 0: d on the circle through a, b, c<"), std::string::npos);
  EXPECT_EQ(svg.find("class=\"line-ab\""), std::string::npos);
  EXPECT_EQ(svg.find("solid cell"), std::string::npos);
}
