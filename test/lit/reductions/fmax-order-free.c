// `m = fmax(m, e)` (fmaxf, fmin, fminf) gives the same value in any order:
// the parallel updates combine with the same call, which ignores a NaN
// operand as the C does. It runs in parallel without a clause (a Jacobi
// step's largest change, the convergence test of a solver). The `if (e >
// m) m = e;` form still needs permission: a NaN start stays NaN in C. A
// floating-point sum too (reductions/exact-integer.c).
#include <math.h>

void jacobi_step(int n, const double A[n][n], double B[n][n], double *err) {
  // gpu-check: err[1]
#pragma c2cuda kernel
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++) {
      B[i][j] = 0.25 * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] + A[i][j + 1]);
      err[0] = fmax(err[0], fabs(B[i][j] - A[i][j]));
    }
}

void range(int n, const float x[n], float *lo, float *hi) {
  // gpu-check: lo[1] hi[1]
  float a = lo[0], b = hi[0];
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    a = fminf(a, x[i]);
    b = fmaxf(b, x[i]);
  }
  lo[0] = a;
  hi[0] = b;
}

void ifmax(int n, const float x[n], float *m) {
  // gpu-check: m[1]
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    if (x[i] > m[0])
      m[0] = x[i];
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size n=300 --trials 2 --random-schedules 3 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// ORACLE-COUNT-12: {{^}}CHECK {{[a-z_]+}} PASS

// CHECK: fmax-order-free.c:12:3: remark: reduction over i, j into err[0] (max) runs with atomic updates (allowed by fmax and fmin, the same in any order)
// CHECK: fmax-order-free.c:23:3: remark: reduction over i into a (min) runs with atomic updates (allowed by fmax and fmin, the same in any order)
// CHECK: fmax-order-free.c:23:3: remark: reduction over i into b (max) runs with atomic updates (allowed by fmax and fmin, the same in any order)
// CHECK: fmax-order-free.c:34:3: remark: i is a reduction into m[0] (max); allow reassociation with 'reduction(max: m)' or --allow-reassociation to run it in parallel, or write the update with fmax or fmin (fmaxf, fminf), which needs neither; runs as a single thread
