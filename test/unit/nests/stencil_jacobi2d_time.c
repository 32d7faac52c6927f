// examples/jacobi2d.c: the time loop is a top-level statement of the scop.
// EXPECT: t sequential flow >= 1
// EXPECT: i parallel
// EXPECT: j parallel
// EXPECT: i@2 parallel
// EXPECT: j@2 parallel
void jacobi2d(int tsteps, int n, float A[n][n], float B[n][n]) {
  int t, i, j;
#pragma scop
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2f * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] +
                          A[i - 1][j]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.2f * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] +
                          B[i - 1][j]);
  }
#pragma endscop
}
