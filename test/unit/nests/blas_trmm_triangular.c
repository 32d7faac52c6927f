// PolyBench trmm: B = alpha * A^T B with A unit lower triangular. Row i
// reads rows k > i, which later iterations overwrite: an anti dependence.
// EXPECT: i sequential anti >= 1
// EXPECT: j parallel
// EXPECT: k reduction + B[i][j]
void trmm(int m, int n, float alpha, float A[m][m], float B[m][n]) {
#pragma c2cuda kernel
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      for (int k = i + 1; k < m; k++)
        B[i][j] += A[k][i] * B[k][j];
      B[i][j] = alpha * B[i][j];
    }
}
