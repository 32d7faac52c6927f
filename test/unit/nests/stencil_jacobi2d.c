// One Jacobi 2-D step (examples/jacobi2d.c without the time loop).
// EXPECT: i parallel
// EXPECT: j parallel
// EXPECT: i@2 parallel
// EXPECT: j@2 parallel
void jacobi2d_step(int n, float A[n][n], float B[n][n]) {
#pragma scop
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      B[i][j] = 0.2f * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] +
                        A[i - 1][j]);
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      A[i][j] = B[i][j];
#pragma endscop
}
