#include "onepath/exact/predicates.hpp"

#include <cmath>
#include <string>

#include "onepath/core/errors.hpp"
#include "onepath/exact/expansion.hpp"

namespace onepath::exact {

namespace {

// Unit roundoff of binary64: half the distance from 1 to the next double.
constexpr double kEps = 0x1p-53;

// Filter bounds (Shewchuk 1997, section 4.3, "error bound A"). If the
// determinant is evaluated in double exactly as written below, its absolute
// error is at most bound * permanent, where the permanent is the same
// expression with every term made non-negative. Whenever |det| exceeds that,
// the computed sign is the true sign. The constants are the paper's; they
// cover the rounding of the differences, the products, the sums, and of the
// bound's own evaluation.
constexpr double kOrientBound = (3.0 + 16.0 * kEps) * kEps;
constexpr double kInCircleBound = (10.0 + 96.0 * kEps) * kEps;

// A cheaper in-circle permanent. With A, B, C the squared lengths
// |a - d|^2, |b - d|^2, |c - d|^2, each product pair of the permanent obeys
// |bdx cdy| + |cdx bdy| <= (B + C) / 2 (AM-GM on each product), so
//   permanent <= A (B + C) / 2 + B (C + A) / 2 + C (A + B) / 2 = AB + BC + CA.
// In floating point the computed permanent is at most (1 + eps)^7 times its
// exact value and the computed AB + BC + CA at least (1 - eps)^7 times its
// exact value; with the final products' rounding, any constant above
// kInCircleBound * (1 + eps)^8 / (1 - eps)^8 = (10 + 256 eps + O(eps^2)) eps
// is safe. We take 11 eps: a tenth looser than needed, never too tight. It
// saves most of the permanent's work on ordinary input.
constexpr double kInCircleBoundLifts = 11.0 * kEps;

int Sign(double v) { return (v > 0) - (v < 0); }

// A coordinate difference as an exact expansion of at most two components.
// (TwoDiff gives d + e == a - b exactly; zero components are left out so
// the products below stay short.)
int ExactDifference(double a, double b, double* out) {
  double d, e;
  TwoDiff(a, b, d, e);
  int n = 0;
  if (e != 0.0) out[n++] = e;
  if (d != 0.0 || n == 0) out[n++] = d;
  return n;
}

// Expansions with their lengths, so the exact paths read like the formulas.
// Each has room for N components: the bound on its length that the
// lengths in expansion.hpp give, checked at compile time where the
// expansion is made. The bounds, once:
//  - a coordinate difference: 2 (ExactDifference);
//  - a product of lengths A and B: 2 A B + 1 (MultiplyExpansions), so a
//    product of two differences 9;
//  - a sum of lengths A and B: A + B, so a 2 x 2 determinant or a lift
//    |p'|^2 of two such products 18;
//  - InCircleExact's term, a lift times a cross product: 2 * 18 * 18 + 1 =
//    649; its accumulator, 0 plus three terms: 1 + 3 * 649 = 1948;
//  - the product's scratch: 2 A + 1 for the first factor's length A, at
//    most 18 here: 37.
// In all about 22 KiB per thread (thread_local: no allocation, no stack of
// that size in a caller's frame).
template <int N>
struct Exp {
  double c[N];
  int n = 0;
};

constexpr int kMaxProductFactor = 18;
thread_local double productScratch[2 * kMaxProductFactor + 1];

template <int A, int B, int Out>
void Product(const Exp<A>& a, const Exp<B>& b, Exp<Out>& out) {
  static_assert(Out >= 2 * A * B + 1 && A <= kMaxProductFactor, "MultiplyExpansions' bounds");
  out.n = MultiplyExpansions(a.c, a.n, b.c, b.n, out.c, productScratch);
}

template <int A, int B, int Out>
void Sum(const Exp<A>& a, const Exp<B>& b, Exp<Out>& out) {
  static_assert(Out >= A + B, "SumExpansions' bound");
  out.n = SumExpansions(a.c, a.n, b.c, b.n, out.c);
}

template <int N>
void Negate(Exp<N>& a) {
  for (int i = 0; i < a.n; ++i) a.c[i] = -a.c[i];
}

}  // namespace

bool InPredicateDomain(double v) {
  double m = std::fabs(v);
  return v == 0.0 || (m >= kPredicateDomainMin && m <= kPredicateDomainMax);
}

int Orient2DExact(Vector2D a, Vector2D b, Vector2D c) {
  // det = (ax - cx)(by - cy) - (ay - cy)(bx - cx), every step exact.
  static thread_local Exp<2> acx, acy, bcx, bcy;
  static thread_local Exp<9> left, right;
  static thread_local Exp<18> det;
  acx.n = ExactDifference(a.x, c.x, acx.c);
  acy.n = ExactDifference(a.y, c.y, acy.c);
  bcx.n = ExactDifference(b.x, c.x, bcx.c);
  bcy.n = ExactDifference(b.y, c.y, bcy.c);
  Product(acx, bcy, left);
  Product(acy, bcx, right);
  Negate(right);
  Sum(left, right, det);
  return ExpansionSign(det.c, det.n);
}

int Orient2D(Vector2D a, Vector2D b, Vector2D c) {
  double left = (a.x - c.x) * (b.y - c.y);
  double right = (a.y - c.y) * (b.x - c.x);
  double det = left - right;
  // One test, no branches on the operands' signs: they would depend on the
  // data and mispredict on fresh input. (When both products are 0, so is
  // the bound, and det = 0 is exact: a difference rounds to 0 only when it
  // is 0.)
  double bound = kOrientBound * (std::fabs(left) + std::fabs(right));
  if (std::fabs(det) >= bound) return Sign(det);
  return Orient2DExact(a, b, c);
}

int InCircleExact(Vector2D a, Vector2D b, Vector2D c, Vector2D d) {
  // With p' = p - d: det = |a'|^2 (b' x c') + |b'|^2 (c' x a') + |c'|^2 (a' x b'),
  // where u x v = ux vy - uy vx. Every step exact.
  static thread_local Exp<2> adx, ady, bdx, bdy, cdx, cdy;
  static thread_local Exp<9> t1, t2;
  static thread_local Exp<18> lift, cross;
  static thread_local Exp<649> term;
  static thread_local Exp<1 + 3 * 649> acc;  // three terms summed into it
  adx.n = ExactDifference(a.x, d.x, adx.c);
  ady.n = ExactDifference(a.y, d.y, ady.c);
  bdx.n = ExactDifference(b.x, d.x, bdx.c);
  bdy.n = ExactDifference(b.y, d.y, bdy.c);
  cdx.n = ExactDifference(c.x, d.x, cdx.c);
  cdy.n = ExactDifference(c.y, d.y, cdy.c);

  const Exp<2>* xs[3] = {&adx, &bdx, &cdx};
  const Exp<2>* ys[3] = {&ady, &bdy, &cdy};
  acc.n = 1;
  acc.c[0] = 0.0;
  for (int i = 0; i < 3; ++i) {
    const Exp<2>& px = *xs[i];
    const Exp<2>& py = *ys[i];
    const Exp<2>& qx = *xs[(i + 1) % 3];
    const Exp<2>& qy = *ys[(i + 1) % 3];
    const Exp<2>& rx = *xs[(i + 2) % 3];
    const Exp<2>& ry = *ys[(i + 2) % 3];
    Product(px, px, t1);
    Product(py, py, t2);
    Sum(t1, t2, lift);  // |p'|^2
    Product(qx, ry, t1);
    Product(qy, rx, t2);
    Negate(t2);
    Sum(t1, t2, cross);  // q' x r'
    Product(lift, cross, term);
    acc.n = SumExpansions(acc.c, acc.n, term.c, term.n, acc.c);
  }
  return ExpansionSign(acc.c, acc.n);
}

namespace {

// The second filter stage: the paper's permanent, tighter than the lifts'
// bound when one point is much closer to d than the others. Kept out of
// line so the common path does not compute it.
[[gnu::noinline]] int InCircleSecondStage(Vector2D a, Vector2D b, Vector2D c, Vector2D d) {
  double adx = a.x - d.x, ady = a.y - d.y;
  double bdx = b.x - d.x, bdy = b.y - d.y;
  double cdx = c.x - d.x, cdy = c.y - d.y;
  double bdxcdy = bdx * cdy, cdxbdy = cdx * bdy;
  double cdxady = cdx * ady, adxcdy = adx * cdy;
  double adxbdy = adx * bdy, bdxady = bdx * ady;
  double alift = adx * adx + ady * ady;
  double blift = bdx * bdx + bdy * bdy;
  double clift = cdx * cdx + cdy * cdy;
  double det = alift * (bdxcdy - cdxbdy) + blift * (cdxady - adxcdy) + clift * (adxbdy - bdxady);
  double permanent = (std::fabs(bdxcdy) + std::fabs(cdxbdy)) * alift +
                     (std::fabs(cdxady) + std::fabs(adxcdy)) * blift +
                     (std::fabs(adxbdy) + std::fabs(bdxady)) * clift;
  if (std::fabs(det) > kInCircleBound * permanent) return Sign(det);
  return InCircleExact(a, b, c, d);
}

}  // namespace

int InCircle(Vector2D a, Vector2D b, Vector2D c, Vector2D d) {
  double adx = a.x - d.x, ady = a.y - d.y;
  double bdx = b.x - d.x, bdy = b.y - d.y;
  double cdx = c.x - d.x, cdy = c.y - d.y;
  double alift = adx * adx + ady * ady;
  double blift = bdx * bdx + bdy * bdy;
  double clift = cdx * cdx + cdy * cdy;
  // The same expression, in the same order, as the second stage: the
  // bounds are proven for exactly this evaluation.
  double det = alift * (bdx * cdy - cdx * bdy) + blift * (cdx * ady - adx * cdy) +
               clift * (adx * bdy - bdx * ady);
  double lifts = alift * blift + blift * clift + clift * alift;
  if (std::fabs(det) > kInCircleBoundLifts * lifts) return Sign(det);
  return InCircleSecondStage(a, b, c, d);
}

namespace {

void CheckArgument(const char* name, int index, Vector2D p) {
  const double coords[2] = {p.x, p.y};
  for (int k = 0; k < 2; ++k) {
    if (!InPredicateDomain(coords[k])) {
      std::string arg = std::string(name) + (k == 0 ? ".x" : ".y");
      throw ArgumentOutOfRangeException(
          "predicate coordinate outside pred.domain (0 or magnitude in [2^-200, 2^200])",
          {.argument = arg, .vertex = index, .value = coords[k]});
    }
  }
}

}  // namespace

int CheckedOrient2D(Vector2D a, Vector2D b, Vector2D c) {
  CheckArgument("a", 0, a);
  CheckArgument("b", 1, b);
  CheckArgument("c", 2, c);
  return Orient2D(a, b, c);
}

int CheckedInCircle(Vector2D a, Vector2D b, Vector2D c, Vector2D d) {
  CheckArgument("a", 0, a);
  CheckArgument("b", 1, b);
  CheckArgument("c", 2, c);
  CheckArgument("d", 3, d);
  return InCircle(a, b, c, d);
}

}  // namespace onepath::exact
