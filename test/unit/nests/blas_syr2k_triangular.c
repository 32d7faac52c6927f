// PolyBench 4 syr2k (ikj order, triangular j <= i).
// EXPECT: i parallel
// EXPECT: j parallel
// EXPECT: k reduction + C[i][j]
// EXPECT: j@2 parallel
void syr2k(int n, int m, float alpha, float beta, float C[n][n],
           float A[n][m], float B[n][m]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    for (int j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (int k = 0; k < m; k++)
      for (int j = 0; j <= i; j++)
        C[i][j] += A[j][k] * alpha * B[i][k] + B[j][k] * alpha * A[i][k];
  }
}
