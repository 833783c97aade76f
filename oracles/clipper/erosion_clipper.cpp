#include "oracles/clipper/erosion_clipper.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <stdexcept>

// How Clipper 6.4.2 draws a round join (clipper.cpp, ClipperOffset::DoOffset,
// OffsetPoint, DoRound), which the bracket relies on:
//  - steps = pi / acos(1 - y / |delta|) per full circle, y the ArcTolerance
//    (if it is positive and at most |delta| / 4), capped at |delta| * pi;
//    theta = 2 pi / steps.
//  - At a vertex where the offset turns by a (|a| from atan2 of the two
//    edge normals' cross and dot products), it emits n = max(round(|a| *
//    steps / 2 pi), 1) points delta * (cos, sin) of the angles 0, theta, ...,
//    (n - 1) theta from the first normal (by repeated rotation), then the
//    point on the second normal: all on the circle of radius |delta|, chords
//    of theta and a last one of |a| - (n - 1) theta <= 1.5 theta.
//  - Where the turn is so small that |sin a * delta| < 1 it emits one point
//    and merges the turn into the next vertex's (its arc then spans up to
//    1 / |delta| more); the chord bound below falls back to 1.5 theta for
//    all arcs, and the lens bound is not used, when any vertex comes near
//    that case.
//  - The offset polygons are then united by winding number (positive
//    delta: pftPositive; negative: around a bounding box, pftNegative), the
//    construction of Chen and McMains ("Polygon offsetting by computing
//    winding numbers", 2005), which gives the region minus (or plus) the
//    union of the edges' rectangles and the vertices' arc polygons.
//
// Rounding: every point Clipper emits is rounded to the integer grid (0.5 in
// each coordinate, under 0.71 units), intersections in its union are rounded
// likewise, and the merged near-collinear turns move points by under 1 unit.
// So the computed boundary lies within about 2 units of the exact-arithmetic
// one and the area differs by at most about 2 * perimeter units^2; that
// allowance widens both bounds. With k chosen as in ScaleBits it is at most
// 1/32 of the radial gap between the two offsets per unit of boundary, so
// small next to the bracket wherever the boundary has arcs; at r = 1.0 it
// is about a tenth of the bracket's width on the pillar rooms and a
// fortieth on the noisy tile map (erosion_oracle_selftest prints both).

namespace onepath::oracle {

namespace {

constexpr double kPi = std::numbers::pi;

onepath::Int128 PathDoubledArea(const ClipperLib::Path& path) {
  onepath::Int128 sum = 0;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const ClipperLib::IntPoint& a = path[i];
    const ClipperLib::IntPoint& b = path[(i + 1) % path.size()];
    sum += static_cast<onepath::Int128>(a.X) * b.Y - static_cast<onepath::Int128>(b.X) * a.Y;
  }
  return sum;
}

// Clipper's steps per full circle for this delta and arc tolerance
// (DoOffset's expression).
double ClipperSteps(double delta, double arcTolerance) {
  const double d = std::fabs(delta);
  double y = arcTolerance;
  if (arcTolerance <= 0.0) y = 0.25;
  if (arcTolerance > d * 0.25) y = d * 0.25;
  double steps = kPi / std::acos(1 - y / d);
  if (steps > d * kPi) steps = d * kPi;
  return steps;
}

// An arc tolerance that makes Clipper use a little more than m steps per
// circle at this delta: y = |delta| (1 - cos(pi / m)) (1 - 10^-6) gives
// steps of about m (1 + 5 10^-7).
double ArcToleranceFor(double delta, int m) {
  return std::fabs(delta) * (1 - std::cos(kPi / m)) * (1 - 1e-6);
}

// What Clipper's arcs on these (scaled) paths look like for a circle of
// `steps` steps and offset delta (see the comment at the top): the widest
// angle a chord spans, and the summed area between the circle of radius
// |delta| and the chords over the arcs drawn (at right turns for a
// negative delta, left turns for a positive one; "lenses").
struct ArcSurvey {
  double maxChordAngle = 0;
  long double lensArea = 0;  // scaled units^2
  bool merged = false;       // a turn Clipper may merge into the next: no lens sum
};

ArcSurvey SurveyArcs(const ClipperLib::Paths& paths, double steps, double delta) {
  const double theta = 2 * kPi / steps;
  const double stepsPerRad = steps / (2 * kPi);
  ArcSurvey s;
  s.maxChordAngle = theta;
  const long double halfR2 = static_cast<long double>(delta) * delta / 2;
  for (const ClipperLib::Path& path : paths) {
    const std::size_t n = path.size();
    std::vector<double> nx(n), ny(n);  // Clipper's unit normal of edge j -> j + 1
    for (std::size_t j = 0; j < n; ++j) {
      const double dx = static_cast<double>(path[(j + 1) % n].X - path[j].X);
      const double dy = static_cast<double>(path[(j + 1) % n].Y - path[j].Y);
      const double f = 1 / std::sqrt(dx * dx + dy * dy);
      nx[j] = dy * f;
      ny[j] = -dx * f;
    }
    for (std::size_t j = 0; j < n; ++j) {
      const std::size_t k = (j + n - 1) % n;
      const double sinA = nx[k] * ny[j] - nx[j] * ny[k];
      const double cosA = nx[k] * nx[j] + ny[k] * ny[j];
      if (std::fabs(sinA * delta) < 2) s.merged = true;
      const double a = std::fabs(std::atan2(sinA, cosA));
      // Clipper emits round(a steps / 2 pi) points (at least 1); our atan2
      // and its may differ in the last bits, so both neighbours of a
      // half-integer count: the fewest gives the longest last chord, and
      // the lens is taken as the larger of the two.
      const double x = stepsPerRad * a;
      const double fewest = std::max(std::floor(x - 1e-6 + 0.5), 1.0);
      const double most = std::max(std::floor(x + 1e-6 + 0.5), 1.0);
      s.maxChordAngle = std::max(s.maxChordAngle, a - (fewest - 1) * theta);
      if ((sinA * delta) < 0) continue;  // Clipper goes through the vertex: no arc
      long double lens = 0;
      for (double count : {fewest, most}) {
        const double last = a - (count - 1) * theta;
        lens = std::max(lens, halfR2 * (a - (count - 1) * std::sin(theta) - std::sin(last)));
      }
      s.lensArea += lens;
    }
  }
  s.maxChordAngle = std::min(s.merged ? 1.5 * theta : s.maxChordAngle, 1.5 * theta) * (1 + 1e-9);
  return s;
}

int ScaleBits(const ClipperLib::Paths& unscaled, double radius, int m, int requested) {
  double largest = 0;
  for (const ClipperLib::Path& path : unscaled)
    for (const ClipperLib::IntPoint& p : path)
      largest = std::max(
          {largest, std::fabs(static_cast<double>(p.X)), std::fabs(static_cast<double>(p.Y))});
  // Room for the offset (at most 1.01 r beyond the rings) and Clipper's
  // bounding box margin, below its 2^62 range with a factor 4 to spare.
  const double extent = largest + 1.01 * radius + 16;
  int most = 0;
  while (most < 40 && std::ldexp(extent, most + 1) <= 0x1p60) ++most;
  if (std::ldexp(extent, 0) > 0x1p60)
    throw std::range_error("ClipperErosionBracket: coordinates too large to scale");
  if (requested >= 0) {
    if (requested > most)
      throw std::range_error("ClipperErosionBracket: scaleBits too large for the coordinates");
    return requested;
  }
  const double gap = radius * (1 / std::cos(kPi / m) - 1);  // the narrowest radial gap
  int k = 4;
  while (k < most && (std::ldexp(2.0, -k) > gap / 32 || std::ldexp(radius, k) < 0x1p12)) ++k;
  return std::min(k, most);
}

ClipperLib::Paths Scaled(std::span<const geom2d::Ring> rings, int k) {
  ClipperLib::Paths paths;
  paths.reserve(rings.size());
  for (const geom2d::Ring& ring : rings) {
    if (ring.size() < 3)
      throw std::invalid_argument("ClipperErosionBracket: a ring has fewer than 3 vertices");
    ClipperLib::Path path;
    path.reserve(ring.size());
    for (const geom2d::GridPoint& p : ring)
      path.push_back({p.x * (std::int64_t{1} << k), p.y * (std::int64_t{1} << k)});
    paths.push_back(std::move(path));
  }
  // Outer rings first: Clipper takes the orientation of the path with the
  // topmost vertex (the first such path on a tie) as the outer one and
  // reverses all paths when it is clockwise; a hole can share the topmost
  // vertex with its outer ring (a pinch point), never have it alone.
  std::stable_partition(paths.begin(), paths.end(),
                        [](const ClipperLib::Path& p) { return PathDoubledArea(p) > 0; });
  return paths;
}

struct OffsetResult {
  onepath::Int128 doubledArea = 0;
  long double perimeter = 0;
  std::size_t vertices = 0;
};

OffsetResult Offset(const ClipperLib::Paths& paths, double delta, int m) {
  ClipperLib::ClipperOffset offset(2.0, ArcToleranceFor(delta, m));
  offset.AddPaths(paths, ClipperLib::jtRound, ClipperLib::etClosedPolygon);
  ClipperLib::Paths solution;
  offset.Execute(solution, delta);
  OffsetResult r;
  r.doubledArea = ClipperDoubledArea(solution);
  r.perimeter = ClipperPerimeter(solution);
  for (const ClipperLib::Path& p : solution) r.vertices += p.size();
  return r;
}

DiscOffsetBracket Bracket(std::span<const geom2d::Ring> rings, double radius,
                          const DiscOffsetOptions& options, bool erode) {
  if (!(radius > 0) || !std::isfinite(radius))
    throw std::invalid_argument("ClipperErosionBracket: the radius must be positive and finite");
  if (options.minVerticesPerCircle < 8)
    throw std::invalid_argument("ClipperErosionBracket: minVerticesPerCircle below 8");
  DiscOffsetBracket b;
  if (rings.empty()) return b;
  const int m = options.minVerticesPerCircle;
  b.scaleBits = ScaleBits(Scaled(rings, 0), radius, m, options.scaleBits);
  const ClipperLib::Paths paths = Scaled(rings, b.scaleBits);
  const double scale = std::ldexp(1.0, b.scaleBits);
  const double r = radius * scale;  // exact: a power of two

  b.stepsPerCircle = ClipperSteps(r, ArcToleranceFor(r, m));
  const ArcSurvey arcs = SurveyArcs(paths, b.stepsPerCircle, erode ? -r : r);
  b.maxChordAngle = arcs.maxChordAngle;
  const double enlarged = r / std::cos(b.maxChordAngle / 2) * (1 + 1e-12);
  b.enlargedRadius = enlarged / scale;
  // The enlarged run must draw its arcs with the same steps (the tolerance
  // scales with delta), so that the chord bound holds for it too.
  const double stepsEnlarged = ClipperSteps(enlarged, ArcToleranceFor(enlarged, m));
  if (std::fabs(stepsEnlarged - b.stepsPerCircle) > 1e-6 * b.stepsPerCircle || b.stepsPerCircle < m)
    throw std::logic_error("ClipperErosionBracket: Clipper's steps per circle are not as planned");

  const OffsetResult atR = Offset(paths, erode ? -r : r, m);
  const OffsetResult atEnlarged = Offset(paths, erode ? -enlarged : enlarged, m);
  const long double unit2 = std::ldexp(1.0L, 2 * b.scaleBits);  // scaled units^2 per grid unit^2
  const long double areaR = static_cast<long double>(atR.doubledArea) / 2 / unit2;
  const long double areaEnlarged = static_cast<long double>(atEnlarged.doubledArea) / 2 / unit2;
  b.roundingAllowance = 2 * std::max(atR.perimeter, atEnlarged.perimeter) / unit2;
  b.innerArea = erode ? areaEnlarged : areaR;
  b.outerArea = erode ? areaR : areaEnlarged;
  b.lower = b.innerArea - b.roundingAllowance;
  b.upper = b.outerArea + b.roundingAllowance;
  // The second bound: the exact set differs from the one at r by at most
  // the lenses between Clipper's chords and the circle (erosion: the exact
  // set is the result at r minus parts of the lenses; dilation: plus).
  if (!arcs.merged) {
    b.lensArea = arcs.lensArea / unit2;
    if (erode)
      b.lower = std::max(b.lower, areaR - b.lensArea - b.roundingAllowance);
    else
      b.upper = std::min(b.upper, areaR + b.lensArea + b.roundingAllowance);
  }
  b.outputVertices = atR.vertices + atEnlarged.vertices;
  return b;
}

}  // namespace

onepath::Int128 ClipperDoubledArea(const ClipperLib::Paths& paths) {
  onepath::Int128 sum = 0;
  for (const ClipperLib::Path& path : paths) sum += PathDoubledArea(path);
  return sum;
}

long double ClipperPerimeter(const ClipperLib::Paths& paths) {
  long double sum = 0;
  for (const ClipperLib::Path& path : paths)
    for (std::size_t i = 0; i < path.size(); ++i) {
      const ClipperLib::IntPoint& a = path[i];
      const ClipperLib::IntPoint& b = path[(i + 1) % path.size()];
      sum += std::hypot(static_cast<long double>(b.X - a.X), static_cast<long double>(b.Y - a.Y));
    }
  return sum;
}

DiscOffsetBracket ClipperErosionBracket(std::span<const geom2d::Ring> rings, double radius,
                                        const DiscOffsetOptions& options) {
  return Bracket(rings, radius, options, true);
}

DiscOffsetBracket ClipperDilationBracket(std::span<const geom2d::Ring> rings, double radius,
                                         const DiscOffsetOptions& options) {
  return Bracket(rings, radius, options, false);
}

}  // namespace onepath::oracle
