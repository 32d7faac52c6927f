/* Iterative and single-sweep stencils on 1-D and 2-D grids. */

/* Jacobi 1-D: tsteps double sweeps between A and B. */
void jacobi_1d(int tsteps, int n, double A[n], double B[n]) {
#pragma scop
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.33333 * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < n - 1; i++)
      A[i] = 0.33333 * (B[i - 1] + B[i] + B[i + 1]);
  }
#pragma endscop
}

/* Jacobi 2-D, 5-point average, ping-pong between A and B. */
void jacobi_2d(int tsteps, int n, float A[n][n], float B[n][n]) {
#pragma scop
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.2f * (A[i][j] + A[i][j - 1] + A[i][j + 1] + A[i + 1][j] +
                          A[i - 1][j]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = 0.2f * (B[i][j] + B[i][j - 1] + B[i][j + 1] + B[i + 1][j] +
                          B[i - 1][j]);
  }
#pragma endscop
}

/* Gauss-Seidel 2-D, 9-point, in place: every point reads its updated
 * neighbours above and to the left. */
void seidel_2d(int tsteps, int n, double A[n][n]) {
#pragma scop
  for (int t = 0; t < tsteps; t++)
    for (int i = 1; i <= n - 2; i++)
      for (int j = 1; j <= n - 2; j++)
        A[i][j] = (A[i - 1][j - 1] + A[i - 1][j] + A[i - 1][j + 1] +
                   A[i][j - 1] + A[i][j] + A[i][j + 1] + A[i + 1][j - 1] +
                   A[i + 1][j] + A[i + 1][j + 1]) /
                  9.0;
#pragma endscop
}

/* One 5-point Laplacian sweep with weights passed in. */
void stencil5(int ny, int nx, float c0, float c1, float in[ny][nx],
              float out[ny][nx]) {
#pragma c2cuda kernel
  for (int y = 1; y < ny - 1; y++)
    for (int x = 1; x < nx - 1; x++)
      out[y][x] = c0 * in[y][x] +
                  c1 * (in[y - 1][x] + in[y + 1][x] + in[y][x - 1] +
                        in[y][x + 1]);
}

/* One 9-point box sweep, the neighbourhood summed by two short loops. */
void stencil9(int ny, int nx, double in[ny][nx], double out[ny][nx]) {
#pragma scop
  for (int y = 1; y < ny - 1; y++)
    for (int x = 1; x < nx - 1; x++) {
      double s = 0.0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          s += in[y + dy][x + dx];
      out[y][x] = s / 9.0;
    }
#pragma endscop
}
