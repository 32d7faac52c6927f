// PolyBench cholesky: row i needs the finished rows j < i; within a row,
// column j needs the earlier columns; the inner loops reduce.
// EXPECT: i sequential flow >= 1
// EXPECT: j sequential flow >= 1
// EXPECT: k reduction + A[i][j]
// EXPECT: k@2 reduction + A[i][i]
#include <math.h>

void cholesky(int n, double A[n][n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        A[i][j] -= A[i][k] * A[j][k];
      A[i][j] /= A[j][j];
    }
    for (int k = 0; k < i; k++)
      A[i][i] -= A[i][k] * A[i][k];
    A[i][i] = sqrt(A[i][i]);
  }
}
