// Comparisons of the iterator of the same kind joined by `&&` bound it by
// the least of their bounds (the greatest counting down): `i < a && i < b`
// is `i < (a < b ? a : b)`. Other tests in the condition, and comparisons
// of different kinds, are refused (diagnostics/for-conjunction.c).
void clip(int n, int m, const float *x, float *y) { // gpu-check: x[n] y[n]
#pragma c2cuda kernel
  for (int i = 0; i < n && i < m; i++)
    y[i] = 2.0f * x[i];
}
void shifted(int n, int k, const float *x, float *y) { // gpu-check: x[n] y[n]
#pragma c2cuda kernel
  for (int i = 0; i + 1 < n && i < k; i++)
    y[i] = x[i + 1] - x[i];
}
void down(int n, int k, const float *x, float *y) { // gpu-check: x[n] y[n]
#pragma c2cuda kernel
  for (int i = n - 1; i >= 0 && i >= k; i--)
    y[i] = x[i] + 1.0f;
}
void three(int n, int m, int k, const float *x, float *y) { // gpu-check: x[n] y[n]
#pragma c2cuda kernel
  for (int i = 0; i < n && (m > i && i < k); i++)
    y[i] = -x[i];
}
// A loop tiled by hand, its point loop bounded with `&&`: joined again
// (passes/join-strip-mined-loops.c), then mapped as one 2-D loop.
void tiled(int n, int m, const float *A, float *B) { // gpu-check: A[n*m] B[n*m]
#pragma c2cuda kernel
  for (int ii = 0; ii < n; ii += 32)
    for (int jj = 0; jj < m; jj += 32)
      for (int i = ii; i < ii + 32 && i < n; i++)
        for (int j = jj; j < jj + 32 && j < m; j++)
          B[j * n + i] = A[i * m + j];
}

// RUN: %c2cuda %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -c %t.cu -o %t.o %}
// RUN: %c2cuda-check %s --size n=37,m=29,k=20 --trials 2 --random-schedules 2 | FileCheck %s --check-prefix=ORACLE --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// RUN: %c2cuda-check %s --size n=5,m=40,k=3 --trials 1 | FileCheck %s --check-prefix=ORACLE1 --implicit-check-not=FAIL --implicit-check-not=UNSUPPORTED
// ORACLE-COUNT-15: {{^}}CHECK {{[a-z]+}} PASS
// ORACLE1-COUNT-5: {{^}}CHECK {{[a-z]+}} PASS

// CHECK-LABEL: {{^}}__global__ void {{.*}}clip_kernel0(
// CHECK:       {{^ +}}long long c2c_trip_x = (long long)(n < m ? n : m) > 0LL ? (long long)(n < m ? n : m) : 0LL;{{$}}
// CHECK-LABEL: {{^}}__global__ void {{.*}}down_kernel0(
// CHECK:       {{^ +}}long long c2c_trip_x = (long long)(n - 1) >= (long long)(0 > k ? 0 : k) ? (long long)(n - 1) - (long long)(0 > k ? 0 : k) + 1LL : 0LL;{{$}}

// REMARK: for-conjunction.c:29:3: remark: joined the loops tiled by hand back into one loop each ('ii' with 'i', 'jj' with 'j'): the GPU mapping chooses the tiles
// REMARK: for-conjunction.c:29:3: remark: mapped i -> x, j -> y (2-D grid, block 32x8)
