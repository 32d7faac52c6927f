/* Red-black Gauss-Seidel sweeps for Laplace's equation on an n x n grid with
 * fixed boundary values: each time step updates the points with (i + j) even
 * ("red"), then those with (i + j) odd ("black"). A point of one colour only
 * reads points of the other colour, so each colour sweep is parallel. */
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
