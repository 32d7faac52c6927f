#include <math.h>
/* Row softmax, with the permission its sums need. */
void softmax(int m, int n, const float x[m][n], float y[m][n]) {
#pragma c2cuda kernel reduction(max: mx) reduction(+: s)
  for (int i = 0; i < m; i++) {
    float mx = x[i][0];
    for (int j = 1; j < n; j++)
      if (x[i][j] > mx)
        mx = x[i][j];
    float s = 0.0f;
    for (int j = 0; j < n; j++) {
      y[i][j] = expf(x[i][j] - mx);
      s += y[i][j];
    }
    float inv = 1.0f / s;
    for (int j = 0; j < n; j++)
      y[i][j] *= inv;
  }
}
/* Rows scaled to unit norm, the norm written back first (lane 0). */
// gpu-check: A[m*n] nrm[m]
void rownorm(int m, int n, double *A, double *nrm) {
#pragma c2cuda kernel reduction(+: q)
  for (int i = 0; i < m; i++) {
    double q = 0;
    for (int j = 0; j < n; j++)
      q += A[i * n + j] * A[i * n + j];
    nrm[i] = sqrt(q);
    for (int j = 0; j < n; j++)
      A[i * n + j] = A[i * n + j] / nrm[i];
  }
}
/* Integer row statistics: exact in any order, no permission needed. */
// gpu-check: A[m*n] lo[m] hi[m]
void rowrange(int m, int n, const int *A, int *lo, int *hi) {
#pragma c2cuda kernel
  for (int i = 0; i < m; i++) {
    int a = A[i * n], b = A[i * n];
    for (int j = 1; j < n; j++)
      a = A[i * n + j] < a ? A[i * n + j] : a;
    for (int j = 1; j < n; j++)
      b = A[i * n + j] > b ? A[i * n + j] : b;
    lo[i] = a;
    hi[i] = b;
  }
}
/* The position of each row's maximum (the first, as the C finds it). */
// gpu-check: A[m*n] idx[m]
void rowargmax(int m, int n, const float *A, int *idx) {
#pragma c2cuda kernel
  for (int i = 0; i < m; i++) {
    int best = 0;
    float bv = A[i * n];
    for (int j = 1; j < n; j++)
      if (A[i * n + j] > bv) {
        bv = A[i * n + j];
        best = j;
      }
    idx[i] = best;
  }
}
