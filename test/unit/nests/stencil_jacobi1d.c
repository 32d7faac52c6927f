// Jacobi 1-D sweep and copy back, without the time loop: both parallel.
// EXPECT: i parallel
// EXPECT: i@2 parallel
void jacobi1d(int n, float *A, float *B) {
#pragma scop
  for (int i = 1; i < n - 1; i++)
    B[i] = 0.33333f * (A[i - 1] + A[i] + A[i + 1]);
  for (int i = 1; i < n - 1; i++)
    A[i] = B[i];
#pragma endscop
}
