// y = A^T x walking A by rows: the outer loop is the reduction (y[j] does
// not move with i) and the inner loop is parallel.
// EXPECT: j parallel
// EXPECT: i reduction + y[j]
// EXPECT: j@2 parallel
void matvec_t(int M, int N, float A[M][N], const float *x, float *y) {
#pragma scop
  for (int j = 0; j < N; j++)
    y[j] = 0.0f;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++)
      y[j] += A[i][j] * x[i];
#pragma endscop
}
