// offset.* and shrink.*: exact constants, vertex counts, hand-computed
// offsets and the shrink's edge economy (docs/spec/offset.md, shrink.md).
//
// Expected values come from:
//  - conformance/tests/data/offset_constants.txt, written by
//    offset_constants.py, a Python transcription of the spec's formulas
//    (binary64 floats, correctly rounded sqrt), checked against the file by
//    the meson test offset-constants-python;
//  - Boost.Multiprecision at 50 digits for how close those constants are to
//    the real cos, sin, tan and the exact equal-area factor;
//  - hand computations in the comments.
#include <gtest/gtest.h>

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "conformance/generators/shrink_pieces.hpp"
#include "conformance/tests/clause.hpp"
#include "onepath/core/errors.hpp"
#include "onepath/geom2d/internal/offset.hpp"
#include "onepath/geom2d/internal/region_access.hpp"
#include "onepath/geom2d/internal/shrink.hpp"
#include "onepath/geom2d/pipeline.hpp"
#include "onepath/geom2d/region.hpp"

using namespace onepath;
using namespace onepath::geom2d;
using Big = boost::multiprecision::cpp_bin_float_50;

namespace {

// The table: "C k v", "S k v", "U m i x y", "L m v", "E m i x y" (hex floats).
struct Constants {
  std::map<int, double> c, s, lambda;
  std::map<int, std::vector<Vector2D>> u, e;
};

Constants ReadConstants() {
  const char* root = std::getenv("ONEPATH_SOURCE_DIR");
  std::ifstream in(std::string(root ? root : ".") + "/conformance/tests/data/offset_constants.txt");
  Constants t;
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream is(line);
    std::string kind, a, b;
    int k = 0, i = 0;
    is >> kind >> k;
    if (kind == "C" || kind == "S" || kind == "L") {
      is >> a;
      double v = std::strtod(a.c_str(), nullptr);
      (kind == "C" ? t.c : kind == "S" ? t.s : t.lambda)[k] = v;
    } else {
      is >> i >> a >> b;
      auto& ring = (kind == "U" ? t.u : t.e)[k];
      ring.push_back({std::strtod(a.c_str(), nullptr), std::strtod(b.c_str(), nullptr)});
    }
  }
  return t;
}

const Constants& Table() {
  static const Constants t = ReadConstants();
  return t;
}

// A region from outlines at SnapBits 0 (coordinates are grid units).
Region FromRing(std::vector<Vector2D> ring) {
  return Region::FromOutlines(std::vector<Outline>{Outline{{std::move(ring)}}}, {.SnapBits = 0});
}

}  // namespace

TEST(Offset, HalfAngleTablesAreTheSpecsBits) {
  CLAUSE("offset.half-angles");
  ASSERT_EQ(Table().c.size(), 8u);
  for (auto [k, v] : Table().c) {
    EXPECT_EQ(HalfAngleCos(k), v) << "C[" << k << "]";
    EXPECT_EQ(HalfAngleSin(k), Table().s.at(k)) << "S[" << k << "]";
    // And they are cos and sin of 2 pi / k to within a few ulps.
    Big angle = 2 * boost::multiprecision::atan(Big(1)) * 4 / k;
    EXPECT_NEAR(v, static_cast<double>(cos(angle)), 4e-16) << k;
    EXPECT_NEAR(Table().s.at(k), static_cast<double>(sin(angle)), 4e-16) << k;
  }
}

TEST(Offset, UnitRingVerticesAreTheSpecsBits) {
  CLAUSE("offset.unit-ring offset.half-angles");
  for (int m = 8; m <= 256; m *= 2) {
    std::vector<Vector2D> ring = UnitCircumscribedRing(m);
    const auto& expected = Table().u.at(m);
    ASSERT_EQ(ring.size(), expected.size());
    for (std::size_t i = 0; i < ring.size(); ++i) {
      EXPECT_EQ(ring[i].x, expected[i].x) << "m=" << m << " vertex " << i;
      EXPECT_EQ(ring[i].y, expected[i].y) << "m=" << m << " vertex " << i;
      // Vertex i lies at angle (2i + 1) pi / m on radius 1 / cos(pi / m);
      // repeated rotation drifts by a few ulps per step at most.
      Big pi = 4 * boost::multiprecision::atan(Big(1));
      Big radius = 1 / cos(pi / m), angle = pi * (2 * static_cast<int>(i) + 1) / m;
      EXPECT_NEAR(ring[i].x, static_cast<double>(radius * cos(angle)), 1e-14);
      EXPECT_NEAR(ring[i].y, static_cast<double>(radius * sin(angle)), 1e-14);
    }
  }
}

TEST(Shrink, EqualAreaFactorsAndRingsAreTheSpecsBits) {
  CLAUSE("shrink.lambda shrink.equal-area-ring");
  for (int m = 8; m <= 256; m *= 2) {
    EXPECT_EQ(EqualAreaLambda(m), Table().lambda.at(m)) << "m=" << m;
    std::vector<Vector2D> ring = UnitEqualAreaRing(m);
    const auto& expected = Table().e.at(m);
    ASSERT_EQ(ring.size(), expected.size());
    for (std::size_t i = 0; i < ring.size(); ++i) {
      EXPECT_EQ(ring[i].x, expected[i].x) << "m=" << m << " vertex " << i;
      EXPECT_EQ(ring[i].y, expected[i].y) << "m=" << m << " vertex " << i;
    }
  }
}

TEST(Shrink, EqualAreaFactorSolvesTheQuarterDiscArea) {
  CLAUSE("shrink.lambda");
  // The quadrant polygon's doubled area at lambda, in 50 digits, from the
  // same vertices: its root (by 200 bisection steps) must agree with the
  // 60-step binary64 result to about 1e-15.
  for (int m = 8; m <= 256; m *= 2) {
    const std::vector<Vector2D> u = UnitCircumscribedRing(m);
    const int q = m / 4;
    Big pi = 4 * boost::multiprecision::atan(Big(1));
    auto area = [&](const Big& lambda) {
      std::vector<std::pair<Big, Big>> p{{0, 0}, {1, 0}, {1, lambda * u[0].y}};
      for (int k = 1; k <= q - 2; ++k) p.push_back({lambda * u[k].x, lambda * u[k].y});
      p.push_back({lambda * u[0].y, 1});
      p.push_back({0, 1});
      Big sum = 0;
      for (std::size_t i = 0; i < p.size(); ++i) {
        const auto &a = p[i], &b = p[(i + 1) % p.size()];
        sum += a.first * b.second - b.first * a.second;
      }
      return sum;
    };
    Big lo = 0, hi = 1;
    for (int i = 0; i < 200; ++i) {
      Big mid = (lo + hi) / 2;
      (area(mid) < pi / 2 ? lo : hi) = mid;
    }
    EXPECT_NEAR(EqualAreaLambda(m), static_cast<double>(hi), 2e-15) << "m=" << m;
    EXPECT_LT(EqualAreaQuadrantDoubledArea(m, 0.0), static_cast<double>(pi / 2));
    EXPECT_GT(EqualAreaQuadrantDoubledArea(m, 1.0), static_cast<double>(pi / 2));
  }
}

TEST(Shrink, ClearanceBoundsOfTheEqualAreaRing) {
  CLAUSE("shrink.bounds shrink.equal-area-ring");
  // The spec's figures: vertices at most 5.8 % (m = 8) and 1.9 % (m = 16) of
  // r outside the circle, chords at most 4.9 % and 1.2 % inside; the
  // circumscribed polygon 8.2 % and 1.96 % outside. Measured in 50 digits,
  // each figure must round to the spec's.
  struct Figures {
    int m;
    double out, in, circumscribed;
  };
  for (Figures f : {Figures{8, 5.8, 4.9, 8.2}, Figures{16, 1.9, 1.2, 1.96}}) {
    std::vector<Vector2D> e = UnitEqualAreaRing(f.m), u = UnitCircumscribedRing(f.m);
    Big out = 0, in = 0, circ = 0;
    for (std::size_t i = 0; i < e.size(); ++i) {
      Big ax = e[i].x, ay = e[i].y, bx = e[(i + 1) % e.size()].x, by = e[(i + 1) % e.size()].y;
      out = std::max(out, Big(sqrt(ax * ax + ay * ay) - 1));
      Big chord = abs(ax * by - ay * bx) / sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
      in = std::max(in, Big(1 - chord));
      circ = std::max(circ, Big(sqrt(Big(u[i].x) * u[i].x + Big(u[i].y) * u[i].y) - 1));
    }
    double digits = f.m == 16 ? 100.0 : 10.0;  // 1.96 has two decimals
    EXPECT_EQ(std::round(static_cast<double>(out) * 1000) / 10, f.out) << f.m;
    EXPECT_EQ(std::round(static_cast<double>(in) * 1000) / 10, f.in) << f.m;
    EXPECT_EQ(std::round(static_cast<double>(circ) * 100 * digits) / digits, f.circumscribed)
        << f.m;
  }
}

TEST(Shrink, AxisPointsStayOnTheRingsEdges) {
  CLAUSE("shrink.equal-area-ring");
  // e_0 = (1, l t) and e_(m-1) = (1, -l t): the edge between them runs along
  // x = 1 through (1, 0); likewise (0, 1) on e_(q-1) -> e_q.
  for (int m = 8; m <= 256; m *= 2) {
    std::vector<Vector2D> e = UnitEqualAreaRing(m);
    const std::size_t q = static_cast<std::size_t>(m / 4);
    EXPECT_EQ(e[0].x, 1.0);
    EXPECT_EQ(e[m - 1].x, 1.0);
    EXPECT_EQ(e[m - 1].y, -e[0].y);
    EXPECT_EQ(e[q - 1].y, 1.0);
    EXPECT_EQ(e[q].y, 1.0);
    EXPECT_EQ(e[q].x, -e[q - 1].x);
  }
}

TEST(Offset, VertexCountFollowsTheToleranceRule) {
  CLAUSE("offset.vertex-count shrink.arc-tolerance");
  // 1 / cos(pi / m) - 1 = 0.08239 (m = 8), 0.01958 (16), 0.004849 (32),
  // 0.001210 (64), 0.0003022 (128), 0.0000755 (256).
  EXPECT_EQ(ArcVertexCount(100, 1, 0), 32);      // 8.24, 1.96 > 1 >= 0.485
  EXPECT_EQ(ArcVertexCount(100, 0, 0), 32);      // tol = max(1, 100 / 128) = 1
  EXPECT_EQ(ArcVertexCount(1000, 0, 0), 32);     // tol = 7.8125: 19.6 > tol >= 4.85
  EXPECT_EQ(ArcVertexCount(10, 1, 0), 8);        // 0.824 <= 1
  EXPECT_EQ(ArcVertexCount(0x1p30, 1, 0), 256);  // no m qualifies: capped
  // Tolerance 0.25 at SnapBits 4 is 4 grid units: 4.95 (m = 64) > 4 >= 1.24.
  EXPECT_EQ(ArcVertexCount(4096, 0.25, 4), 128);
  // Below one grid unit the default max(1, r / 128) applies: 2^-5 * 2^4 < 1.
  EXPECT_EQ(ArcVertexCount(4096, 0x1p-5, 4), 32);  // tol = 32: 80.2 > 32 >= 19.9
}

TEST(Shrink, ThePipelinesToleranceGivesTheOctagonAtRadiusOne) {
  CLAUSE("shrink.arc-tolerance offset.vertex-count");
  // CellSize 0.25, AgentRadius 1: max(0.0625, min(0.0825, 0.125)) = 0.0825,
  // and 1 / cos(pi / 8) - 1 = 0.08239 <= 0.0825: 8 vertices. The quarter-cell
  // rule alone (0.0625) would take 16.
  Mesh2DSettings s{.CellSize = 0.25, .AgentRadius = 1.0};
  EXPECT_EQ(Mesh2DPipeline::ShrinkArcTolerance(s), 0.0825);
  EXPECT_EQ(ArcVertexCount(0x1p16, 0.0825, 16), 8);
  EXPECT_EQ(ArcVertexCount(0x1p16, 0.0625, 16), 16);
  // Six cells (1.5) still 8; a large radius is capped at half a cell: 0.125.
  EXPECT_EQ(Mesh2DPipeline::ShrinkArcTolerance({.CellSize = 0.25, .AgentRadius = 1.5}),
            0.0825 * 1.5);
  EXPECT_EQ(Mesh2DPipeline::ShrinkArcTolerance({.CellSize = 0.25, .AgentRadius = 4}), 0.125);
  EXPECT_EQ(Mesh2DPipeline::ShrinkArcTolerance({.CellSize = 0.25, .AgentRadius = 0.1}), 0.0625);
}

TEST(Offset, NormalAndRoundedPoints) {
  CLAUSE("offset.normal offset.rounded-point");
  // Edge (0,0) -> (3,4): len 5, n = (-4/5, 3/5) exactly as divided.
  Vector2D n = LeftUnitNormal({0, 0}, {3, 4});
  EXPECT_EQ(n.x, -4.0 / 5.0);
  EXPECT_EQ(n.y, 3.0 / 5.0);
  // 10 + 2.5 * (-0.8) = 8 and 0 + 2.5 * 0.6 = 1.5 -> 2 (tie to even);
  // 10 - (-2) = 12, 0 - 1.5 = -1.5 -> -2 (tie to even).
  RoundedPoint p = PlusScaled({10, 0}, 2.5, n), q = MinusScaled({10, 0}, 2.5, n);
  EXPECT_EQ(p.x, 8.0);
  EXPECT_EQ(p.y, 2.0);
  EXPECT_EQ(q.x, 12.0);
  EXPECT_EQ(q.y, -2.0);
  // 0.5 and -0.5 go to 0; 2.5 to 2.
  EXPECT_EQ(PlusScaled({0, 0}, 0.5, {1, -1}).x, 0.0);
  EXPECT_EQ(PlusScaled({0, 0}, 0.5, {1, -1}).y, 0.0);
  EXPECT_EQ(PlusScaled({2, 0}, 0.5, {1, 0}).x, 2.0);
}

TEST(Offset, SquareJoinIsTheMinkowskiSumWithTheSquare) {
  CLAUSE("offset.square offset.pieces");
  // [0, 10]^2 grown by 1: [-1, 11]^2 (area 144); shrunk: [1, 9]^2 (64).
  Region square = FromRing({{0, 0}, {10, 0}, {10, 10}, {0, 10}});
  EXPECT_EQ(square.Offset(1, OffsetJoin::kSquare, 0).Rings(),
            (std::vector<Ring>{{{-1, -1}, {11, -1}, {11, 11}, {-1, 11}}}));
  EXPECT_EQ(square.Offset(-1, OffsetJoin::kSquare, 0).Rings(),
            (std::vector<Ring>{{{1, 1}, {9, 1}, {9, 9}, {1, 9}}}));
  // A triangle (0,0), (8,0), (0,8) grown by 2: the Minkowski sum with
  // [-2, 2]^2 is the hexagon (-2,-2), (10,-2), (10,2), (2,10), (-2,10):
  // the hypotenuse's hull is the edge's two squares joined by the sides
  // (10,2) -> (2,10).
  Region triangle = FromRing({{0, 0}, {8, 0}, {0, 8}});
  EXPECT_EQ(triangle.Offset(2, OffsetJoin::kSquare, 0).Rings(),
            (std::vector<Ring>{{{-2, -2}, {10, -2}, {10, 2}, {2, 10}, {-2, 10}}}));
  // A distance below half a grid unit still sweeps the unit square.
  EXPECT_EQ(square.Offset(0.25, OffsetJoin::kSquare, 0).Rings(),
            (std::vector<Ring>{{{-1, -1}, {11, -1}, {11, 11}, {-1, 11}}}));
}

TEST(Offset, ZeroDistanceIsTheRegionItself) {
  CLAUSE("offset.radius");
  Region triangle = FromRing({{0, 0}, {8, 0}, {0, 8}});
  for (double d : {0.0, -0.0})
    for (OffsetJoin join : {OffsetJoin::kRound, OffsetJoin::kSquare})
      EXPECT_EQ(CanonicalBytes(triangle.Offset(d, join, 0)), CanonicalBytes(triangle));
}

// The L room (0,0), (100,0), (100,50), (50,50), (50,100), (0,100) at SnapBits 0.
Region LRoom() { return FromRing({{0, 0}, {100, 0}, {100, 50}, {50, 50}, {50, 100}, {0, 100}}); }

TEST(Offset, RoundShrinkOfAnLRoom) {
  CLAUSE("offset.round-rectangle offset.round-vertex offset.unit-ring offset.pieces");
  // Offset(-10, Round, 1): 8 vertices (0.824 <= 1). The walls move 10
  // inwards; at the reflex corner (50, 50) the octagon's third-quadrant
  // vertices 50 + 10 (-1, -t) and 50 + 10 (-t, -1), t = tan(pi/8) = 0.41421,
  // round to (40, 46) and (46, 40). Convex corners add nothing inside.
  EXPECT_EQ(
      LRoom().Offset(-10, OffsetJoin::kRound, 1).Rings(),
      (std::vector<Ring>{{{10, 10}, {90, 10}, {90, 40}, {46, 40}, {40, 46}, {40, 90}, {10, 90}}}));
}

TEST(Shrink, EqualAreaArcAtAReflexCorner) {
  CLAUSE("shrink.sector shrink.rectangle shrink.edges shrink.equal-area-ring");
  // CellSize 10, AgentRadius 10: tolerance max(2.5, min(0.825, 5)) = 2.5, so
  // m = 8 and the ring is e_0 = (1, l t), e_1 = (l t, 1), l = 0.83257,
  // l t = 0.34487. At (50, 50) the sector runs from n_out = (-1, 0) to
  // n_in = (0, -1): the vertices strictly inside are rho^2(e_0) =
  // (-1, -0.34487) and rho^2(e_1), at (40, 46.55) -> (40, 47) and (47, 40).
  EXPECT_EQ(
      Mesh2DPipeline::Shrink(LRoom(), {.CellSize = 10, .AgentRadius = 10}).Rings(),
      (std::vector<Ring>{{{10, 10}, {90, 10}, {90, 40}, {47, 40}, {40, 47}, {40, 90}, {10, 90}}}));
  // AgentRadius 0 is the region itself.
  EXPECT_EQ(CanonicalBytes(Mesh2DPipeline::Shrink(LRoom(), {.CellSize = 10, .AgentRadius = 0})),
            CanonicalBytes(LRoom()));
}

// shrink.* built the plain way (gen::ShrinkPieceEdges): every rectangle and
// every sector as a closed polygon of operand 1, the region's edges as
// operand 0. The spec says the edges it leaves out cancel; the result must
// be byte for byte the same.
Region NaiveShrink(const Region& region, const Mesh2DSettings& s) {
  return RegionAccess::FromEdges(onepath::gen::ShrinkPieceEdges(region, s), FaceRule::kDifference,
                                 region.SnapBits());
}

TEST(Shrink, LeftOutEdgesCancel) {
  CLAUSE("shrink.edges shrink.sector shrink.rectangle");
  std::vector<Region> regions{
      LRoom(),
      FromRing({{0, 0}, {40, 0}, {40, 10}, {30, 3}, {20, 12}, {10, 2}, {0, 30}}),
      Region::FromOutlines(std::vector<Outline>{Outline{{{{0, 0}, {30, 0}, {30, 30}, {0, 30}},
                                                         {{10, 10}, {14, 13}, {11, 18}, {7, 12}}}}},
                           {.SnapBits = 4}),
  };
  for (const Region& region : regions)
    for (Mesh2DSettings s : {Mesh2DSettings{.CellSize = 1, .AgentRadius = 3},
                             Mesh2DSettings{.CellSize = 0.05, .AgentRadius = 2.5},
                             Mesh2DSettings{.CellSize = 0.01, .AgentRadius = 4}})
      EXPECT_EQ(CanonicalBytes(Mesh2DPipeline::Shrink(region, s)),
                CanonicalBytes(NaiveShrink(region, s)))
          << "CellSize " << s.CellSize << " AgentRadius " << s.AgentRadius;
}

TEST(Shrink, SectorSidesCoincideWithTheRectanglesEndSides) {
  CLAUSE("shrink.sector shrink.rectangle");
  // The tip a + r n_out is the start corner of a -> b's rectangle and the tip
  // a + r n_in the end corner of p -> a's: the same expression on the same
  // operands, hence the same grid point, for every radius and direction.
  const GridPoint a{1000, -700};
  for (GridPoint d : {GridPoint{3, 4}, GridPoint{-7, 1}, GridPoint{1, 0}, GridPoint{-5, -12}})
    for (double r : {0.3, 1.0, 17.25, 12345.678}) {
      GridPoint b{a.x + d.x, a.y + d.y}, p{a.x - d.y, a.y + d.x};
      RoundedPoint tipOut = PlusScaled(a, r, LeftUnitNormal(a, b));
      RoundedPoint startCorner = PlusScaled(a, r, LeftUnitNormal(a, b));
      RoundedPoint tipIn = PlusScaled(a, r, LeftUnitNormal(p, a));
      RoundedPoint endCorner = PlusScaled(a, r, LeftUnitNormal(p, a));
      EXPECT_EQ(tipOut.x, startCorner.x);
      EXPECT_EQ(tipOut.y, startCorner.y);
      EXPECT_EQ(tipIn.x, endCorner.x);
      EXPECT_EQ(tipIn.y, endCorner.y);
    }
}

TEST(Offset, ArgumentsAreChecked) {
  CLAUSE("offset.arguments err.fields");
  Region square = FromRing({{0, 0}, {10, 0}, {10, 10}, {0, 10}});
  auto fields = [&](double d, double t) {
    try {
      square.Offset(d, OffsetJoin::kRound, t);
    } catch (const ArgumentOutOfRangeException& e) {
      return e.fields();
    }
    ADD_FAILURE() << "no exception for distance " << d << ", tolerance " << t;
    return ErrorFields{};
  };
  EXPECT_EQ(fields(std::nan(""), 0).argument, "distance");
  EXPECT_EQ(fields(std::nextafter(0x1p20, 1e300), 0).value, std::nextafter(0x1p20, 1e300));
  EXPECT_EQ(fields(-INFINITY, -1).argument, "distance");  // distance first
  EXPECT_EQ(fields(1, -1).argument, "arcTolerance");
  EXPECT_EQ(fields(1, INFINITY).value, INFINITY);
  EXPECT_NO_THROW(square.Offset(0x1p20, OffsetJoin::kSquare, 0));
}

TEST(Shrink, SettingsAreChecked) {
  CLAUSE("shrink.settings err.fields");
  auto fields = [&](Mesh2DSettings s) {
    try {
      Mesh2DPipeline::Shrink(LRoom(), s);
    } catch (const ArgumentOutOfRangeException& e) {
      return e.fields();
    }
    ADD_FAILURE() << "no exception";
    return ErrorFields{};
  };
  EXPECT_EQ(fields({.CellSize = 0, .AgentRadius = 1}).setting, "CellSize");
  EXPECT_EQ(fields({.CellSize = 0x1p21, .AgentRadius = 1}).value, 0x1p21);
  EXPECT_EQ(fields({.CellSize = NAN, .AgentRadius = -1}).setting, "CellSize");
  EXPECT_EQ(fields({.CellSize = 1, .AgentRadius = -1}).setting, "AgentRadius");
  EXPECT_EQ(fields({.CellSize = 1, .AgentRadius = 0x1p21}).value, 0x1p21);
}

TEST(Offset, LimitGuardNamesTheCoordinate) {
  CLAUSE("offset.limits");
  // Within grid.coordinates and |distance| <= 2^20 no piece reaches
  // 2^21 + 2^20 (the pieces' extreme coordinates are p +- r); the guard is
  // exercised directly: at SnapBits 4 the limit is 3 * 2^20 * 16 units.
  const OffsetLimit limit = OffsetLimit::ForArgument(4, "distance");
  EXPECT_NO_THROW(limit.Check({0x3p24, -0x3p24}));
  try {
    limit.Check({0.0, 0x3p24 + 1});
    ADD_FAILURE() << "no exception";
  } catch (const ArgumentOutOfRangeException& e) {
    EXPECT_EQ(e.fields().argument, "distance");
    EXPECT_EQ(e.fields().value, (0x3p24 + 1) / 16);
  }
  const OffsetLimit setting = OffsetLimit::ForSetting(0, "AgentRadius");
  try {
    setting.Check({-0x3p20 - 1, 0.0});
    ADD_FAILURE() << "no exception";
  } catch (const ArgumentOutOfRangeException& e) {
    EXPECT_EQ(e.fields().setting, "AgentRadius");
    EXPECT_FALSE(e.fields().argument.has_value());
  }
}
