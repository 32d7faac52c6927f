// With permission to reassociate, a reduction loop is spread over the
// threads of a block (ReduceAcrossLanes) only where that pays: not when the
// mapped loop already reads coalesced (a filter's x[i + k]: a block per
// output idled its threads, 200x slower on the H100), and not when loops
// follow it in the body (they would run in one thread of the block:
// softmax's rows 2x slower).
// RUN: %c2cuda --allow-reassociation %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not='one block of' --implicit-check-not=slices
// CHECK: remark: mapped i -> x (1-D grid, block 256)
// RUN: %c2cuda-check --allow-reassociation %s --size n=300,taps=7,m=45 --trials 2 --array-size x=306,h=7,y=300,A=13500 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// ORACLE-COUNT-2: {{^}}CHECK {{[a-z]+}} PASS

#include <math.h>

// gpu-check: x[n+taps] h[taps] y[n]
void fir(int n, int taps, const float *x, const float *h, float *y) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int k = 0; k < taps; k++)
      acc += h[k] * x[i + k];
    y[i] = acc;
  }
}

// gpu-check: A[n*m]
void rownorm(int n, int m, float *A) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float s = 0.0f;
    for (int j = 0; j < m; j++)
      s += A[i * m + j] * A[i * m + j];
    float inv = 1.0f / sqrtf(s + 1e-12f);
    for (int j = 0; j < m; j++)
      A[i * m + j] *= inv;
  }
}
