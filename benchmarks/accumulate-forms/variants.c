/* C += A B written as users write it: a flat output accumulated in place,
 * in ijk and ikj order, and the same with the arrays declared 2-D. */
void ijk_flat(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        C[i * N + j] += A[i * K + k] * B[k * N + j];
}

void ikj_flat(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++)
      for (int j = 0; j < N; j++)
        C[i * N + j] += A[i * K + k] * B[k * N + j];
}

void ikj_2d(int M, int N, int K, const float A[M][K], const float B[K][N],
            float C[M][N]) {
#pragma c2cuda kernel
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++)
      for (int j = 0; j < N; j++)
        C[i][j] += A[i][k] * B[k][j];
}
