/* Other ways the same kernels get written: linearized pointer indexing,
 * the reduction loop outside, explicit reduction clauses, integer data. */

/* C = A B with flat row-major pointers. */
void gemm_flat(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}

/* y = A^T x with the row loop outside, accumulating in y. */
void gemv_t(int m, int n, double A[m][n], double x[m], double y[n]) {
#pragma scop
  for (int j = 0; j < n; j++)
    y[j] = 0.0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      y[j] += A[i][j] * x[i];
#pragma endscop
}

/* The largest element with the reduction allowed to run in parallel. */
void max_par(int n, float a[n], float out[1]) {
#pragma c2cuda kernel reduction(max: out)
  for (int i = 0; i < n; i++)
    if (a[i] > out[0])
      out[0] = a[i];
}

/* Dot product of integer vectors, reduction allowed. */
void idot(int n, int x[n], int y[n], int r[1]) {
#pragma c2cuda kernel reduction(+: r)
  for (int i = 0; i < n; i++)
    r[0] += x[i] * y[i];
}

/* Jacobi 2-D with a copy back instead of a ping-pong. */
void jacobi_copy(int tsteps, int n, float A[n][n], float B[n][n]) {
  int t, i, j;
#pragma scop
  for (t = 0; t < tsteps; t++) {
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = B[i][j];
  }
#pragma endscop
}

/* 3-tap integer blur of an image row by row, with wrapping-free int sums. */
void blur_int(int h, int w, int img[h][w], int out[h][w]) {
#pragma scop
  for (int y = 0; y < h; y++)
    for (int x = 1; x < w - 1; x++)
      out[y][x] = (img[y][x - 1] + 2 * img[y][x] + img[y][x + 1]) / 4;
#pragma endscop
}
