// An extent(...) clause is an element count: computed in long long, so
// n * m does not overflow int at n = m = 46341 (an 8.6 GB float array).
// A count that is negative for the arguments given stops the wrapper with a
// message instead of launching on a null pointer (the check comes before
// any CUDA call, so it runs without a GPU).
void scale(int n, int m, float *A, float *B) {
#pragma c2cuda kernel extent(A: n * m - 8) extent(B: n * m)
  for (int i = 0; i < n * m - 8; i++)
    B[i] = 2.0f * A[i];
}
// RUN: %c2cuda -q %s -o %t.cu
// RUN: FileCheck %s < %t.cu
// CHECK: {{^}}  const long long c2c_n_A = (long long)n * (long long)m - 8LL;{{$}}
// CHECK: {{^}}  const long long c2c_n_B = (long long)n * (long long)m;{{$}}
