void strip(int n, float A[n][n], float B[n][n], float C[n][n]) {
  // tile(k: 8) would strip-mine k after t's declaration.
#pragma c2cuda kernel tile(i: 32, j: 32, k: 8) block(32, 8)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      float t[2];
      t[0] = 0.0f;
      t[1] = 0.0f;
      for (int k = 0; k < n; k++)
        t[k % 2] += A[i][k] * B[k][j];
      C[i][j] = t[0] + t[1];
    }
}
