// PolyBench syrk: lower triangle of C = alpha*A*A^T + beta*C.
// EXPECT: i parallel
// EXPECT: j parallel
// EXPECT: k reduction + c2c_acc_C
void syrk(int n, int m, float alpha, float beta, float C[n][n],
          float A[n][m]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++) {
      C[i][j] *= beta;
      for (int k = 0; k < m; k++)
        C[i][j] += alpha * A[i][k] * A[j][k];
    }
}
