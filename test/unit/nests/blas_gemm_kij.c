// Matrix product in kij order with linearized pointers: the outermost loop is
// the reduction.
// EXPECT: k reduction + C[i * N + j]
// EXPECT: i parallel
// EXPECT: j parallel
void gemm_kij(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel
  for (int k = 0; k < K; k++)
    for (int i = 0; i < M; i++)
      for (int j = 0; j < N; j++)
        C[i * N + j] += A[i * K + k] * B[k * N + j];
}
