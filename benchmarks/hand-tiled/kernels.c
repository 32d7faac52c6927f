/* Loops tiled by hand for a CPU's caches, each beside the same computation
 * written plainly (benchmarks/hand-tiled/run.sh times both). */
#define BS 32
#define MIN(a, b) ((a) < (b) ? (a) : (b))

void mm_tiled(int n, const float A[n][n], const float B[n][n], float C[n][n]) {
#pragma c2cuda kernel
  for (int ii = 0; ii < n; ii += BS)
    for (int jj = 0; jj < n; jj += BS)
      for (int kk = 0; kk < n; kk += BS)
        for (int i = ii; i < MIN(ii + BS, n); i++)
          for (int j = jj; j < MIN(jj + BS, n); j++)
            for (int k = kk; k < MIN(kk + BS, n); k++)
              C[i][j] += A[i][k] * B[k][j];
}
void mm_plain(int n, const float A[n][n], const float B[n][n], float C[n][n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = 0; k < n; k++)
        C[i][j] += A[i][k] * B[k][j];
}

void tr_tiled(int n, const float A[n][n], float B[n][n]) {
#pragma c2cuda kernel
  for (int ii = 0; ii < n; ii += BS)
    for (int jj = 0; jj < n; jj += BS)
      for (int i = ii; i < MIN(ii + BS, n); i++)
        for (int j = jj; j < MIN(jj + BS, n); j++)
          B[j][i] = A[i][j];
}
void tr_plain(int n, const float A[n][n], float B[n][n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      B[j][i] = A[i][j];
}

void mv_tiled(int n, const float A[n][n], const float x[n], float y[n]) {
#pragma c2cuda kernel
  for (int ii = 0; ii < n; ii += 64)
    for (int i = ii; i < MIN(ii + 64, n); i++) {
      float s = 0.0f;
      for (int j = 0; j < n; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
}
void mv_plain(int n, const float A[n][n], const float x[n], float y[n]) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < n; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}

/* One in-place 5-point Gauss-Seidel sweep, tile by tile. */
void gs_tiled(int n, float A[n][n]) {
#pragma c2cuda kernel
  for (int ii = 1; ii < n - 1; ii += BS)
    for (int jj = 1; jj < n - 1; jj += BS)
      for (int i = ii; i < MIN(ii + BS, n - 1); i++)
        for (int j = jj; j < MIN(jj + BS, n - 1); j++)
          A[i][j] = 0.2f * (A[i][j] + A[i - 1][j] + A[i + 1][j] +
                            A[i][j - 1] + A[i][j + 1]);
}
void gs_plain(int n, float A[n][n]) {
#pragma c2cuda kernel
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      A[i][j] = 0.2f * (A[i][j] + A[i - 1][j] + A[i + 1][j] + A[i][j - 1] +
                        A[i][j + 1]);
}

void blur_tiled(int n, const float in[n][n], float out[n][n]) {
#pragma c2cuda kernel
  for (int ii = 1; ii < n - 1; ii += BS)
    for (int jj = 1; jj < n - 1; jj += BS)
      for (int i = ii; i < MIN(ii + BS, n - 1); i++)
        for (int j = jj; j < MIN(jj + BS, n - 1); j++)
          out[i][j] = 0.25f * (in[i - 1][j] + in[i + 1][j] + in[i][j - 1] +
                               in[i][j + 1]);
}
void blur_plain(int n, const float in[n][n], float out[n][n]) {
#pragma c2cuda kernel
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      out[i][j] = 0.25f * (in[i - 1][j] + in[i + 1][j] + in[i][j - 1] +
                           in[i][j + 1]);
}
