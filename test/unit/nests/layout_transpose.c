// Out-of-place transpose.
// EXPECT: i parallel
// EXPECT: j parallel
void transpose(int N, const float *A, float *B) {
#pragma c2cuda kernel
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      B[j * N + i] = A[i * N + j];
}
