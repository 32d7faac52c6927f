// A nest-local scalar with the name of a scalar parameter (`float acc` in the
// product, the parameter `acc` read by the next nest) is the kernel's own:
// it was passed as the parameter and, being written by every thread, made
// c2cuda stop with an internal error ("scalar 'acc' is written by a kernel
// with several threads") wherever no register tile privatized it.
// RUN: %c2cuda %s --no-default-tiling -q -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %c2cuda-check %s --no-default-tiling --size n=37,m=9,acc=0.5 --trials 1 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL
// RUN: %c2cuda-check %s --size n=37,m=9,acc=0.5 --trials 1 --random-schedules 4 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL

void scaled_rows(int n, int m, float acc, const float *A, const float *x,
                 float *y, float *z) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++) {
    float acc = 0.0f;
    for (int j = 0; j < m; j++)
      acc += A[i * m + j] * x[j];
    y[i] = acc;
  }
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    z[i] = y[i] * acc;
}

// CHECK: {{^}}__global__ void __launch_bounds__(256) scaled_rows_kernel0(const float *__restrict__ A, const float *__restrict__ x, float *__restrict__ y, int m, int n, long long c2c_trip_x) {
// CHECK: {{^}}__global__ void __launch_bounds__(256) scaled_rows_kernel1(const float *__restrict__ y, float *__restrict__ z, float acc, int n, long long c2c_trip_x) {
// ORACLE: CHECK scaled_rows PASS
