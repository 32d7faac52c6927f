// RestructureNests moves the parallel loop i outside the reduction loop k,
// so that MapToGrid has a parallel outermost loop to map.
// RUN: %c2cuda-opt %s -passes= | FileCheck %s --check-prefix=BEFORE
// RUN: %c2cuda-opt %s -passes=RestructureNests 2>&1 | FileCheck %s

void atx(int n, int m, const float *A, const float *x, float *y) {
#pragma c2cuda kernel
  for (int k = 0; k < m; k++)
    for (int i = 0; i < n; i++)
      y[i] += A[k * n + i] * x[k];
}

// BEFORE:      {{^}}    for (int k = 0; k < m; ++k) {{{$}}
// BEFORE-NEXT: {{^}}      for (int i = 0; i < n; ++i) {{{$}}

// CHECK:      {{^}}    for (int i = 0; i < n; ++i) {{{$}}
// CHECK-NEXT: {{^}}      for (int k = 0; k < m; ++k) {{{$}}
// CHECK-NEXT: {{^}}        y[i] += A[k * n + i] * x[k];{{$}}
// CHECK: remark: restructured the loops: moved loop 'i' (line 9) outside loop 'k' (line 8); loop 'i' now runs in parallel
