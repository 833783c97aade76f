// Exact floating-point expansions (docs/spec/predicates.md, pred.exact).
//
// An expansion is a sum of doubles, kept as an array ordered by increasing
// magnitude, whose components do not overlap (the lowest set bit of each is
// above the highest set bit of the one before). Its value is the exact sum;
// its sign is the sign of its last (largest) non-zero component. The three
// error-free transformations below are the only tricks, and each is exact
// as long as no result overflows or underflows; the predicates' input domain
// (pred.domain) guarantees that.
//
// Reference for the method: J. R. Shewchuk, "Adaptive Precision
// Floating-Point Arithmetic and Fast Robust Geometric Predicates" (1997),
// sections 2.2-2.6. The code here is written for plainness, not for the
// paper's last factor of speed: it is only reached when the fast filter in
// predicates.cpp cannot decide a sign.
#pragma once

namespace onepath::exact {

// TwoSum: s = fl(a + b) and the rounding error e, so that a + b = s + e
// exactly. Knuth's six-operation form needs no ordering of |a| and |b|:
// bv is the part of s that came from b, av the part from a, and the two
// round-off terms recover what fl() dropped from each.
inline void TwoSum(double a, double b, double& s, double& e) {
  s = a + b;
  double bv = s - a;
  double av = s - bv;
  e = (a - av) + (b - bv);
}

inline void TwoDiff(double a, double b, double& d, double& e) { TwoSum(a, -b, d, e); }

// Split (Veltkamp): a = hi + lo where hi and lo each fit in 26 significant
// bits, so a product of two halves fits in 52 bits and is exact. Multiplying
// by 2^27 + 1 and subtracting a pushes the low 27 bits out of c - (c - a).
inline void Split(double a, double& hi, double& lo) {
  const double splitter = 134217729.0;  // 2^27 + 1
  double c = splitter * a;
  double big = c - a;
  hi = c - big;
  lo = a - hi;
}

// TwoProduct (Dekker): p = fl(a * b) and the error e with a * b = p + e
// exactly. The four half-products are exact; subtracting them from p in
// order of decreasing size leaves exactly the part p rounded away. (We do
// not use std::fma: it is slow in software where the CPU lacks it, and the
// build forbids contraction anyway, num.no-contraction.)
inline void TwoProduct(double a, double b, double& p, double& e) {
  p = a * b;
  double ahi, alo, bhi, blo;
  Split(a, ahi, alo);
  Split(b, bhi, blo);
  double err1 = p - ahi * bhi;
  double err2 = err1 - alo * bhi;
  double err3 = err2 - ahi * blo;
  e = alo * blo - err3;
}

// h = e + b. Adds b into every component in turn, carrying the rounded sum
// upward and keeping each error term as a component; zero components are
// dropped. Returns the length of h (at most n + 1). h may be e itself.
int GrowExpansion(const double* e, int n, double b, double* h);

// h = e + f, by growing e with each component of f. Length at most ne + nf.
// h may be e itself (then it needs room for ne + nf components); not f.
int SumExpansions(const double* e, int ne, const double* f, int nf, double* h);

// h = e * b. Each component times b is an exact two-term product; all of
// them are summed exactly. Length at most 2n + 1. h may not be e.
int ScaleExpansion(const double* e, int n, double b, double* h);

// h = e * f. Length at most 2 * ne * nf + 1; `scratch` needs 2 * ne + 1.
// Neither may be e or f. Nothing here allocates.
int MultiplyExpansions(const double* e, int ne, const double* f, int nf, double* h,
                       double* scratch);

// -1, 0 or +1: the sign of the exact value.
inline int ExpansionSign(const double* e, int n) {
  for (int i = n - 1; i >= 0; --i) {
    if (e[i] > 0) return 1;
    if (e[i] < 0) return -1;
  }
  return 0;
}

}  // namespace onepath::exact
