// LU factorisation (Doolittle, in place, no pivoting): k is sequential, the
// column scaling and the trailing update are parallel.
// EXPECT: k sequential output >= 1
// EXPECT: i parallel
// EXPECT: i@2 parallel
// EXPECT: j parallel
void lu(int n, float A[n][n]) {
#pragma c2cuda kernel
  for (int k = 0; k < n; k++) {
    for (int i = k + 1; i < n; i++)
      A[i][k] /= A[k][k];
    for (int i = k + 1; i < n; i++)
      for (int j = k + 1; j < n; j++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}
