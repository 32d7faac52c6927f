#include <math.h>
#include <stddef.h>

/* The same kinds of kernels with other parameter and iterator types: const
 * and restrict, fixed sizes from a macro, size_t, long and unsigned sizes,
 * A[][16], a decrementing strided loop, float math functions. */

#define N 24

/* y = A x with const-qualified inputs and a restrict output. */
void gemv_const(int n, int m, const double A[n][m], const double x[m],
                double *restrict y) {
#pragma scop
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < m; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
#pragma endscop
}

/* C = A B on fixed-size arrays. */
void mm_fixed(float A[N][N], float B[N][N], float C[N][N]) {
#pragma scop
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = 0;
      for (int k = 0; k < N; k++)
        C[i][j] += A[i][k] * B[k][j];
    }
#pragma endscop
}

/* y += a x with a size_t size and iterator. */
void axpy_sz(size_t n, float a, const float *x, float *y) {
#pragma c2cuda kernel
  for (size_t i = 0; i < n; i++)
    y[i] += a * x[i];
}

/* Row sums of the lower triangle, long size, <= bounds. */
void tri_sum(long n, double A[n][n], double r[n]) {
#pragma scop
  for (long i = 0; i <= n - 1; i++) {
    r[i] = 0;
    for (long j = 0; j <= i; j++)
      r[i] += A[i][j];
  }
#pragma endscop
}

/* A /= s with unsigned sizes. */
void scale_u(unsigned n, unsigned m, float A[n][m], float s) {
#pragma c2cuda kernel
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < m; j++)
      A[i][j] = A[i][j] / s;
}

/* Row sums of an n x 16 matrix declared A[][16]. */
void rowsum_fixedcol(int n, double A[][16], double r[]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < 16; j++)
      s += A[i][j];
    r[i] = s;
  }
}

/* Every other element from the end: a decrementing loop of step 2. */
void evens(int n, float *a, float *b) {
#pragma c2cuda kernel
  for (int i = n - 1; i >= 0; i -= 2)
    b[i] = a[i] * 2.0f;
}

/* Clamp to [lo, hi] with fminf/fmaxf. */
void clampv(int n, float lo, float hi, float x[n], float y[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    y[i] = fminf(fmaxf(x[i], lo), hi);
}

/* A Gaussian (RBF) kernel matrix plus the distance, expf and sqrtf. */
void rbf(int n, int d, float X[n][d], float K[n][n], float g) {
#pragma scop
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float s = 0.0f;
      for (int k = 0; k < d; k++) {
        float t = X[i][k] - X[j][k];
        s += t * t;
      }
      K[i][j] = expf(-g * s) + sqrtf(s);
    }
#pragma endscop
}
