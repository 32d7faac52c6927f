/* PolyBench syrk (4.x loop order): the lower triangle of
 * C = alpha * A * A^T + beta * C, C n x n, A n x m. The j loops are
 * triangular (j <= i) and sit on both sides of the k loop. */
void syrk(int n, int m, float alpha, float beta, float C[n][n],
          float A[n][m]) {
  int i, j, k;
#pragma scop
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
#pragma endscop
}
