#include "onepath/exact/expansion.hpp"

namespace onepath::exact {

// In-place growth is safe: when component i is read, at most i components
// have been written, so h[m] with m <= i never overwrites an unread e[i].
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
  if (h != e)
    for (int i = 0; i < ne; ++i) h[i] = e[i];
  int m = ne;
  for (int j = 0; j < nf; ++j) m = GrowExpansion(h, m, f[j], h);
  return m;
}

int ScaleExpansion(const double* e, int n, double b, double* h) {
  int m = 1;
  h[0] = 0.0;
  for (int i = 0; i < n; ++i) {
    double p, err;
    TwoProduct(e[i], b, p, err);
    m = GrowExpansion(h, m, err, h);
    m = GrowExpansion(h, m, p, h);
  }
  return m;
}

int MultiplyExpansions(const double* e, int ne, const double* f, int nf, double* h,
                       double* scratch) {
  int m = 1;
  h[0] = 0.0;
  for (int j = 0; j < nf; ++j) {
    int np = ScaleExpansion(e, ne, f[j], scratch);
    m = SumExpansions(h, m, scratch, np, h);
  }
  return m;
}

}  // namespace onepath::exact
