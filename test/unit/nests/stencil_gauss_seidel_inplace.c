// Gauss-Seidel in place without colouring: the left and upper neighbours are
// this sweep's new values.
// EXPECT: i sequential flow 1
// EXPECT: j sequential flow 1
void gauss_seidel(int n, float A[n][n]) {
#pragma c2cuda kernel
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      A[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] +
                         A[i][j + 1]);
}
