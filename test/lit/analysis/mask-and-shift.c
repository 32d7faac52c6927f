// A mask with a power of two less one and an arithmetic right shift of a
// signed integer are residues and quotients of floor division (AffineExpr.h):
// `(j & 3) == 3` limits the rows' last column, so B's extent ends at the
// last element written (16 * 22 + 19 + 1 = 372 for n = 17, m = 22), not at
// n * m, and x[i >> 1] reads (n + 1) / 2 elements. Before, the mask was not
// affine: the guard was dropped from the domain and the host copied 374
// elements of a 372-element array (the random-program differential, seed
// 9902, program 128); and x's extent was an error.
// RUN: %c2cuda analyze %s | FileCheck %s
// RUN: %c2cuda-check --size n=17,m=22 --array-size B=372,x=9 --trials 2 --random-schedules 2 %s | FileCheck %s --check-prefix=ORACLE

void masked(int n, int m, const float *x, float *B) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 2; j < m; j++)
      if ((j & 3) == 3)
        B[i * m + j] = x[i >> 1] + j;
}

// The last column written is 4 * floor(m / 4) - 1 (C's division, rounded
// down), the last element of x (n + 1) / 2 - 1.
// CHECK-LABEL: {{^}}function masked (
// CHECK: {{^}}      x  float  read  extent (long long)m >= 4LL && (long long)n >= 1LL ? ((long long)n + 1LL >= 0LL ? ((long long)n + 1LL) / 2LL : -((-((long long)n + 1LL) + 2LL - 1LL) / 2LL)) : 0LL{{$}}
// CHECK: {{^}}      B  float  written  extent (long long)m >= 4LL && (long long)n >= 1LL ? 1LL + ((long long)n - 1LL) * (long long)m + (4LL * ((long long)m >= 0LL ? (long long)m / 4LL : -((-((long long)m) + 4LL - 1LL) / 4LL)) - 1LL) : 0LL{{$}}
// ORACLE-COUNT-3: {{^}}CHECK masked PASS
