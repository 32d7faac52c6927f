// y = A x with a linearized A: each row reduces into y[i].
// EXPECT: i parallel
// EXPECT: j reduction + c2c_acc_y
void matvec(int M, int N, const float *A, const float *x, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < M; i++) {
    y[i] = 0.0f;
    for (int j = 0; j < N; j++)
      y[i] += A[i * N + j] * x[j];
  }
}
