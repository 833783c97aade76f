#include "onepath/exact/expansion.hpp"

#include <vector>

namespace onepath::exact {

int GrowExpansion(const double* e, int n, double b, double* h) {
  int m = 0;
  double q = b;
  for (int i = 0; i < n; ++i) {
    double sum, err;
    TwoSum(q, e[i], sum, err);
    if (err != 0.0) h[m++] = err;
    q = sum;
  }
  if (q != 0.0 || m == 0) h[m++] = q;
  return m;
}

int SumExpansions(const double* e, int ne, const double* f, int nf, double* h) {
  // Grow a copy of e by each component of f; two buffers alternate so that
  // GrowExpansion never reads what it writes.
  std::vector<double> a(e, e + ne), b(ne + nf + 1);
  int n = ne;
  for (int j = 0; j < nf; ++j) {
    n = GrowExpansion(a.data(), n, f[j], b.data());
    a.swap(b);
    b.resize(a.size());
  }
  for (int i = 0; i < n; ++i) h[i] = a[i];
  return n;
}

int ScaleExpansion(const double* e, int n, double b, double* h) {
  std::vector<double> acc(1, 0.0), next(2 * n + 2);
  int m = 1;
  for (int i = 0; i < n; ++i) {
    double p, err;
    TwoProduct(e[i], b, p, err);
    m = GrowExpansion(acc.data(), m, err, next.data());
    acc.assign(next.begin(), next.begin() + m);
    acc.resize(2 * n + 2);
    m = GrowExpansion(acc.data(), m, p, next.data());
    acc.assign(next.begin(), next.begin() + m);
    acc.resize(2 * n + 2);
  }
  for (int i = 0; i < m; ++i) h[i] = acc[i];
  return m;
}

int MultiplyExpansions(const double* e, int ne, const double* f, int nf, double* h,
                       double* scratch) {
  int m = 1;
  h[0] = 0.0;
  std::vector<double> part(2 * ne + 2);
  for (int j = 0; j < nf; ++j) {
    int np = ScaleExpansion(e, ne, f[j], part.data());
    m = SumExpansions(h, m, part.data(), np, scratch);
    for (int i = 0; i < m; ++i) h[i] = scratch[i];
  }
  return m;
}

}  // namespace onepath::exact
