/* y = A x with A an M x N row-major matrix. */
void matvec(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < M; i++) {
    float acc = 0.0f;
    for (int j = 0; j < N; j++)
      acc += A[i * N + j] * x[j];
    y[i] = acc;
  }
}
