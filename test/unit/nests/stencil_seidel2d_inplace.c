// PolyBench seidel-2d: in place, every loop carries the new values of the
// previous row / column / step.
// EXPECT: t sequential flow >= 1
// EXPECT: i sequential flow 1
// EXPECT: j sequential flow 1
void seidel2d(int tsteps, int n, double A[n][n]) {
#pragma c2cuda kernel
  for (int t = 0; t <= tsteps - 1; t++)
    for (int i = 1; i <= n - 2; i++)
      for (int j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] +
                   A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] +
                   A[i + 1][j] + A[i + 1][j + 1]) / 9.0;
}
