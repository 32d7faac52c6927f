// examples/matmul.c: the reduction goes into a local declared in the j
// loop, private to each (i, j).
// EXPECT: i parallel
// EXPECT: j parallel
// EXPECT: k reduction + acc
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
