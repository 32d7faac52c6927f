#include <math.h>

/* Triangular solves and factorizations without pivoting. Each kernel that
 * divides by a pivot first adds n to the diagonal, so the matrix is
 * diagonally dominant (and, for cholesky, positive definite) for any inputs
 * in [0, 1]. */

/* Forward substitution L x = b, L lower triangular with a dominant
 * diagonal. */
void trisolv(int n, double L[n][n], double x[n], double b[n]) {
#pragma scop
  for (int i = 0; i < n; i++) {
    x[i] = b[i];
    for (int j = 0; j < i; j++)
      x[i] -= L[i][j] * x[j];
    x[i] = x[i] / (L[i][i] + n);
  }
#pragma endscop
}

/* In-place LU (Doolittle, right-looking k-i-j form): L below the diagonal
 * with a unit diagonal, U on and above it. */
void lu(int n, double A[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    A[i][i] += n;
  for (int k = 0; k < n; k++) {
    for (int i = k + 1; i < n; i++)
      A[i][k] = A[i][k] / A[k][k];
    for (int i = k + 1; i < n; i++)
      for (int j = k + 1; j < n; j++)
        A[i][j] -= A[i][k] * A[k][j];
  }
#pragma endscop
}

/* In-place Cholesky of the lower triangle, column by column. */
void cholesky(int n, double A[n][n]) {
#pragma scop
  for (int i = 0; i < n; i++)
    A[i][i] += 2 * n;
  for (int j = 0; j < n; j++) {
    double d = A[j][j];
    for (int k = 0; k < j; k++)
      d -= A[j][k] * A[j][k];
    A[j][j] = sqrt(d);
    for (int i = j + 1; i < n; i++) {
      double t = A[i][j];
      for (int k = 0; k < j; k++)
        t -= A[i][k] * A[j][k];
      A[i][j] = t / A[j][j];
    }
  }
#pragma endscop
}

/* Solve A x = b: row-wise LU, then L y = b and U x = y; the running value
 * in a scalar declared before the region. */
void ludcmp(int n, double A[n][n], double b[n], double x[n], double y[n]) {
  int i, j, k;
  double w;
#pragma scop
  for (i = 0; i < n; i++)
    A[i][i] += n;
  for (i = 0; i < n; i++) {
    for (j = 0; j < i; j++) {
      w = A[i][j];
      for (k = 0; k < j; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w / A[j][j];
    }
    for (j = i; j < n; j++) {
      w = A[i][j];
      for (k = 0; k < i; k++)
        w -= A[i][k] * A[k][j];
      A[i][j] = w;
    }
  }
  for (i = 0; i < n; i++) {
    w = b[i];
    for (j = 0; j < i; j++)
      w -= A[i][j] * y[j];
    y[i] = w;
  }
  for (i = n - 1; i >= 0; i--) {
    w = y[i];
    for (j = i + 1; j < n; j++)
      w -= A[i][j] * x[j];
    x[i] = w / A[i][i];
  }
#pragma endscop
}

/* Back substitution U x = b for an upper-triangular U, float, the rows from
 * the bottom. */
void backsub(int n, float U[n][n], float b[n], float x[n]) {
#pragma scop
  for (int i = n - 1; i >= 0; i--) {
    float s = b[i];
    for (int j = i + 1; j < n; j++)
      s -= U[i][j] * x[j];
    x[i] = s / (fabsf(U[i][i]) + 1.0f);
  }
#pragma endscop
}
