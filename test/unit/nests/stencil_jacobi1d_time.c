// PolyBench jacobi-1d with the time loop inside the nest: t carries the
// values from sweep to sweep (B written at t, read at every later t).
// EXPECT: t sequential flow >= 1
// EXPECT: i parallel
// EXPECT: i@2 parallel
void jacobi1d_t(int tsteps, int n, float A[n], float B[n]) {
#pragma c2cuda kernel
  for (int t = 0; t < tsteps; t++) {
    for (int i = 1; i < n - 1; i++)
      B[i] = 0.33333f * (A[i - 1] + A[i] + A[i + 1]);
    for (int i = 1; i < n - 1; i++)
      A[i] = 0.33333f * (B[i - 1] + B[i] + B[i + 1]);
  }
}
