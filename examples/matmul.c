/* Matrix product C = A * B with row-major pointer arguments and linearized
 * indices: A is M x K, B is K x N, C is M x N. */
void matmul(int M, int N, int K, const float *A, const float *B, float *C) {
#pragma c2cuda kernel
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0.0f;
      for (int k = 0; k < K; k++)
        acc += A[i * K + k] * B[k * N + j];
      C[i * N + j] = acc;
    }
}
