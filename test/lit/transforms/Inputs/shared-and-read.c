void andread(int n, int m, float A[n][n], int B[n][m]) {
#pragma c2cuda kernel tile(i: 32, j: 32) shared(A)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      B[i][j] = (i + 1 <= n - 1) && (A[j][i + 1] > 1.0f) ? 2 : 0;
}
