// examples/gauss_seidel_rb.c: within one colour the points are independent;
// the colour loop carries the red values to the black sweep (c = 0 then 1).
// EXPECT: t sequential flow >= 1
// EXPECT: c sequential flow 1
// EXPECT: i parallel
// EXPECT: j parallel
void gs_redblack(int tsteps, int n, float A[n][n]) {
#pragma scop
  for (int t = 0; t < tsteps; t++)
    for (int c = 0; c < 2; c++)
      for (int i = 1; i < n - 1; i++)
        for (int j = 1; j < n - 1; j++)
          if ((i + j) % 2 == c)
            A[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] +
                               A[i][j + 1]);
#pragma endscop
}
