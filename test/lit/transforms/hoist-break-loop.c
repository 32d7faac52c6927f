// A convergence loop written inside one scop, its test and `break` in it:
// the loop runs on the host around the sweeps' kernels, the test (it reads
// device data) as a one-thread kernel that sets the break flag, and the
// host brings the flag back before each iteration. Before, the whole loop
// ran as one thread ("no parallel loop: c2c_break0 ... runs as a single
// thread").
// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not='single thread'
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size maxit=9,n=13 --trials 3 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
#include <math.h>

void sweep_until(int maxit, int n, float tol, float A[n][n], float B[n][n]) {
#pragma scop
  for (int it = 0; it < maxit; it++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] +
                           A[i][j + 1]);
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        A[i][j] = B[i][j];
    if (A[1][1] < tol)
      break;
  }
#pragma endscop
}

void jacobi_converge(int maxit, int n, float tol, float A[n][n], float B[n][n],
                     float res[1]) {
  float err = 0.0f;
#pragma scop
  for (int it = 0; it < maxit; it++) {
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++)
        B[i][j] = 0.25f * (A[i - 1][j] + A[i + 1][j] + A[i][j - 1] +
                           A[i][j + 1]);
    err = 0.0f;
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < n - 1; j++) {
        err = fmaxf(err, fabsf(B[i][j] - A[i][j]));
        A[i][j] = B[i][j];
      }
    if (err < tol)
      break;
  }
  res[0] = err;
#pragma endscop
}

// Only the tests and the final `res[0] = err;` are one-thread kernels.
// REMARK: {{^}}{{.*}}hoist-break-loop.c:16:5: remark: launched once per iteration of host loop 'it'
// REMARK: {{^}}{{.*}}hoist-break-loop.c:23:5: remark: no parallel loop: the statements are not in a loop; runs as a single thread{{$}}
// REMARK: {{^}}{{.*}}hoist-break-loop.c:39:5: remark: launched once per iteration of host loop 'it'
// REMARK: {{^}}{{.*}}hoist-break-loop.c:44:5: remark: no parallel loop: the statements are not in a loop; runs as a single thread{{$}}
// REMARK: {{^}}{{.*}}hoist-break-loop.c:47:3: remark: no parallel loop: the statements are not in a loop; runs as a single thread{{$}}

// CHECK-LABEL: {{^}}static void c2c_sweep_until_body(
// CHECK:       {{^}}  for (int it = 0; it < maxit; ++it) {{{$}}
// CHECK-NEXT:  {{^}}    if (c2c_dd_c2c_break0) {{{$}}
// CHECK-NEXT:  {{^}}      c2c_check(cudaMemcpy(&c2c_break0, c2c_ds_c2c_break0, sizeof(int), cudaMemcpyDeviceToHost),
// CHECK:       {{^}}    if (!c2c_break0) {{{$}}
// CHECK:       {{^}}      sweep_until_kernel2<<<1, 1>>>(

// ORACLE: {{^}}CHECK sweep_until PASS
// ORACLE: {{^}}CHECK jacobi_converge PASS
