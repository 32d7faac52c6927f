// MapToGrid maps the parallel band (i, j) to the grid: j, contiguous in C
// and A, on x; i on y.
// RUN: %c2cuda-opt %s -passes=HoistHostLoops | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=HoistHostLoops,MapToGrid 2>&1 | FileCheck %s

void add2d(int n, int m, const float *A, const float *B, float *C) {
#pragma c2cuda kernel
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      C[i * m + j] = A[i * m + j] + B[i * m + j];
}

// BEFORE:      {{^}}  kernel 0 add2d_kernel0 (nest 0) block(1,1,1) {{{$}}
// BEFORE-NEXT: {{^}}    single thread{{$}}
// BEFORE-NEXT: {{^}}    for (int i = 0; i < n; ++i) {{{$}}

// CHECK:      {{^}}  kernel 0 add2d_kernel0 (nest 0) block(32,8,1) {{{$}}
// CHECK-NEXT: {{^}}    grid.x: j = 0 + t * 1, t < (long long)m > 0LL ? (long long)m : 0LL{{$}}
// CHECK-NEXT: {{^}}    grid.y: i = 0 + t * 1, t < (long long)n > 0LL ? (long long)n : 0LL{{$}}
// CHECK-NEXT: {{^}}    C[i * m + j] = A[i * m + j] + B[i * m + j];{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK: remark: mapped j -> x, i -> y (2-D grid, block 32x8)
// CHECK: remark: j is contiguous in C, A, B; on x
