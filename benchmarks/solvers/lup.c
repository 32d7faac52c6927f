/* LU factorization with partial pivoting, as a textbook writes it: the
 * pivot search (the first row with the largest |A[i][k]|), the row swap,
 * then the elimination step. */
#include <math.h>

void lup(int n, double A[n][n], int piv[n]) {
#pragma scop
  for (int k = 0; k < n; k++) {
    int p = k;
    double m = fabs(A[k][k]);
    for (int i = k + 1; i < n; i++)
      if (fabs(A[i][k]) > m) {
        m = fabs(A[i][k]);
        p = i;
      }
    piv[k] = p;
    for (int j = 0; j < n; j++) {
      double t = A[k][j];
      A[k][j] = A[p][j];
      A[p][j] = t;
    }
    for (int i = k + 1; i < n; i++) {
      A[i][k] = A[i][k] / A[k][k];
      for (int j = k + 1; j < n; j++)
        A[i][j] -= A[i][k] * A[k][j];
    }
  }
#pragma endscop
}
